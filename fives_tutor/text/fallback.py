"""Writing to a terminal whose encoding cannot show every character.

:func:`register` adds a codec error handler, :data:`HANDLER`, that writes what an
ASCII or Latin-1 terminal can show instead of failing: the arrows, dots, dashes
and signs fives-tutor prints become their ASCII look-alikes, the marks that keep
notation left to right disappear, Persian digits become ASCII digits, and anything else (Persian text, tile pictures)
becomes ``?``.

>>> register()
>>> "3 + 12 = 15 → 15 points · Ana".encode("ascii", HANDLER)
b'3 + 12 = 15 -> 15 points . Ana'
"""

from __future__ import annotations

import codecs

HANDLER = "fives-fallback"

_PLAIN = {
    "→": "->", "←": "<-", "·": ".", "•": "*", "…": "...", "–": "-", "—": "-", "−": "-", "×": "x",
    "‘": "'", "’": "'", "“": '"', "”": '"', "█": "#", "░": ".", "±": "+/-", "\u00a0": " ", "\u202f": " ",
    "\u200e": "", "\u200f": "", "\u061c": "", "\u2066": "", "\u2067": "", "\u2068": "", "\u2069": "",
    "\u202a": "", "\u202b": "", "\u202c": "", "\u202d": "", "\u202e": "",  # the embeddings of a line
}
_PLAIN.update({chr(0x06F0 + digit): str(digit) for digit in range(10)})  # Persian digits
_PLAIN.update({chr(0x0660 + digit): str(digit) for digit in range(10)})  # Arabic-Indic digits
_PLAIN.update({"٬": ",", "٫": ".", "،": ",", "؛": ";", "؟": "?"})


def _replace(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start:error.end]
    out = []
    for char in text:
        plain = _PLAIN.get(char)
        if plain is None:
            try:
                char.encode(error.encoding)
                plain = char  # this one the encoding can write
            except (UnicodeEncodeError, LookupError):
                plain = "?"
        out.append(plain)
    return "".join(out), error.end


def register() -> None:
    """Make :data:`HANDLER` known to the codecs (idempotent)."""
    try:
        codecs.lookup_error(HANDLER)
    except LookupError:
        codecs.register_error(HANDLER, _replace)
