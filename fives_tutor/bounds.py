"""Untrusted text: what may be echoed back of it, and numbers of any length.

Everything a user, a file or a saved game gives is echoed back only through
:func:`shown`: at most a few dozen characters, with control characters (a terminal
escape sequence could set the window title or clear the screen), undecodable bytes
of a command-line argument (Python keeps them as lone surrogates) and line breaks
written as visible escapes. Whole numbers are read with :func:`whole_number`, which
never converts more digits than a bound needs (Python refuses to convert more than
4,300 digits, and a long number costs time).

>>> shown("5 3\\x1b]0;title\\x07")
'5 3\\\\x1b]0;title\\\\x07'
>>> shown("x" * 100, 10)
'xxxxxxxxx…'
>>> whole_number("0042"), whole_number("9" * 5000) == TOO_LARGE, whole_number("4a")
(42, True, None)
>>> whole_number("0" * 5000 + "7"), whole_number("۰" * 5000 + "۱۲")
(7, 12)
"""

from __future__ import annotations

import re
import reprlib

#: characters of a value shown in a message (a path or a list of choices may use more)
ECHO = 60
#: whole numbers with more digits than this are "too large" for every bound fives-tutor has
#: (SQLite stores ids up to 2**63 - 1, 19 digits)
MAX_DIGITS = 19
#: what :func:`whole_number` returns for a number with more than MAX_DIGITS digits
TOO_LARGE = 10 ** MAX_DIGITS

# C0 and C1 controls, DEL, line and paragraph separators, the bidi embeddings,
# overrides and isolates (they reorder the rest of a line), and lone surrogates
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match) -> str:
    char = match.group(0)
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def safe(text: str) -> str:
    """``text`` with every control character, line break and undecodable byte written
    as a visible escape (``\\x1b``, ``\\n``, ``\\xff``); nothing cut."""
    return _UNSAFE.sub(_escape, text) if _UNSAFE.search(text) else text


def shown(value, limit: int = ECHO) -> str:
    """``value`` as it may be echoed in a message: text of at most ``limit`` characters
    (``…`` marks a cut), escapes for control characters (see :func:`safe`). A number
    too long to print is shown by its size; an empty or blank text is quoted (``""``)."""
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() > 3000:  # over ~900 digits: str() would cost (and past 4,300, fail)
            return ("-" if value < 0 else "") + f"~10^{int(value.bit_length() * 0.30103)}"
        text = str(value)
    elif isinstance(value, str):
        text = value
    else:
        text = bounded_repr(value, limit)
    if not text.strip():  # an empty or blank value would read as nothing after "not"
        return '"' + safe(text[:limit]) + '"'
    cut = len(text) > limit
    text = safe(text[:limit])
    if cut or len(text) > limit:
        text = text[:max(1, limit - 1)] + "…"
    return text


def bounded_repr(value, limit: int = ECHO) -> str:
    """``repr(value)`` with the work bounded: long strings, deep nesting and long lists
    are cut (``reprlib``) before the text is built."""
    short = reprlib.Repr()
    short.maxstring = short.maxother = short.maxlong = limit
    short.maxlevel, short.maxlist, short.maxtuple, short.maxdict, short.maxset = 2, 4, 4, 4, 4
    return short.repr(value)


def has_control(text: str, allow: str = "") -> bool:
    """Whether ``text`` holds a control character, line break or undecodable byte
    other than those in ``allow`` (such as ``"\\n"`` for a paragraph)."""
    return any(char not in allow for char in _UNSAFE.findall(text))


def is_text(text: str) -> bool:
    """Whether ``text`` holds only decodable characters (no undecodable bytes kept as
    lone surrogates by Python's ``surrogateescape``)."""
    return text.isascii() or not _SURROGATE.search(text)


def whole_number(text: str) -> int | None:
    """The value of ``text`` when it is all decimal digits (any script), else None.
    More than :data:`MAX_DIGITS` significant digits give :data:`TOO_LARGE`, so that a
    bound check refuses it without converting thousands of digits."""
    if not text or not text.isdecimal():
        return None
    significant = text.lstrip("0")
    if len(significant) > MAX_DIGITS:  # zeros of other scripts (Persian ۰, Arabic-Indic ٠, full-width ０...)
        # int() reads one digit of any script (no unicodedata to load on every start)
        first = next((index for index, char in enumerate(significant) if int(char)), len(significant))
        significant = significant[first:]
        if len(significant) > MAX_DIGITS:
            return TOO_LARGE
    return int(significant) if significant else 0


def one_line(text: str, limit: int = 600, word: int = 240) -> str:
    """A message made safe to print as one line: escapes (see :func:`safe`), every
    word longer than ``word`` characters cut, the whole at most ``limit`` characters.
    For messages built by libraries (Click) around a value they echo whole."""
    text = text.strip()
    if len(text) > 4 * limit:
        text = text[:4 * limit]
    text = safe(text)
    text = re.sub(rf"\S{{{word + 1},}}", lambda m: m.group(0)[:word - 1] + "…", text)
    if len(text) > limit:
        text = text[:limit - 1] + "…"
    return text
