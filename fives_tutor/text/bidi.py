"""Right-to-left lines that read right on a terminal, and their visual order.

fives-tutor prints Persian in logical order and lets the terminal reorder it with the
Unicode Bidirectional Algorithm (UAX #9). Two things decide what a reader sees:

* the direction of each line. A terminal treats every line as its own paragraph and
  takes its direction from the first strong character (when it detects direction at
  all), so a line that starts with a tile, a name or an option would turn left to
  right. Every Persian line therefore starts with a right-to-left mark (RLM, U+200F).
* the order inside the line. A bare left-to-right run is reordered by the right-to-left
  text around it: ``5|3`` shows as ``3|5``, ``--void`` as ``void--``. Every such run
  (a tile, position, play, option, command, example, ``=10``, ``1<=x<=100000``, a
  Latin name, a path) is written ``LRM run LRM RLM``: the left-to-right marks keep the
  run's neutral characters (``|``, ``*``, ``-``) inside it, and the closing RLM keeps a
  number that follows from joining it.

:func:`mark_line` does both, and is idempotent: text already between two LRMs (marked
by :meth:`fives_tutor.text.i18n.Translator.notation`, or typed by a translator) is kept as
it is. Marks, not isolates: python-bidi's legacy API fails on isolates (U+2066..2069).

>>> shown = mark_line("گزینهٔ --void را با 1:6,2 بدهید")
>>> shown == RLM + "گزینهٔ " + LRM + "--void" + LRM + RLM + " را با " + LRM + "1:6,2" + LRM + RLM + " بدهید"
True
>>> mark_line(shown) == shown
True
>>> mark_line("Ana 5|3")  # no right-to-left text: not a Persian line
'Ana 5|3'
"""

from __future__ import annotations

import re
import unicodedata

LRM = "\u200e"
RLM = "\u200f"
ALM = "\u061c"
#: explicit embeddings (UAX #9 X2-X6): right to left, left to right, and their end
RLE = "\u202b"
LRE = "\u202a"
PDF = "\u202c"
MARKS = LRM + RLM + ALM
#: every directional formatting character the program writes (marks and embeddings),
#: and the isolates and overrides a translator might type
CONTROLS = MARKS + "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
#: blocks where right-to-left letters live (Hebrew, Arabic, Syriac, Thaana, NKo, ...,
#: Arabic presentation forms); which of their characters are letters is asked of
#: unicodedata once, on first use
_RTL_BLOCKS = ((0x0590, 0x08FF), (0xFB1D, 0xFDFF), (0xFE70, 0xFEFC))
_HINT = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200f]")
_compiled: dict[str, re.Pattern] = {}

#: characters that may open or close a run without belonging to it
_PAIRS = {"(": ")", "[": "]", "{": "}", "'": "'", '"': '"', "‘": "’", "“": "”", "„": "“", "«": "»"}
_CLOSERS = {close: open_ for open_, close in _PAIRS.items()}
_TRAILING = ".,:;!?…"
#: a number glued to notation: 5|3, 5|2@5*, 1:6,2, =10, 1<=x, 12/150, 2024-05-01
_NOTATION = re.compile(r"\d[|@*:=<>/]|[|@*:=<>/]\d|\d-\d")
_ASCII_DIGIT = re.compile(r"[0-9]")
_SPANS = re.compile(f"{LRM}[^{LRM}\n]*{LRM}")


def _rtl_letters() -> str:
    """A regex character class body of every strong right-to-left character."""
    chars: list[str] = []
    for low, high in _RTL_BLOCKS:
        chars.extend(chr(c) for c in range(low, high + 1) if unicodedata.bidirectional(chr(c)) in ("R", "AL"))
    return "".join(re.escape(c) for c in chars)


def _pattern(name: str) -> re.Pattern:
    if not _compiled:
        letters = _rtl_letters()
        _compiled["rtl"] = re.compile(f"[{letters}{RLM}]")
        # a chunk is text between spaces, right-to-left letters, Persian separators and marks
        _compiled["chunk"] = re.compile(f"[^\\s{letters}{CONTROLS}\u200c\u200d«»،؛؟]+")
    return _compiled[name]


def has_rtl(text: str) -> bool:
    """True when ``text`` holds a right-to-left letter or mark (a Persian line)."""
    return bool(_HINT.search(text)) and bool(_pattern("rtl").search(text))


def first_strong(text: str) -> str | None:
    """The bidi class (``L``, ``R`` or ``AL``) of the first strong character of ``text``."""
    for char in text:
        kind = unicodedata.bidirectional(char)
        if kind in ("L", "R", "AL"):
            return kind
    return None


_NO_CONTROLS = {ord(char): None for char in CONTROLS}
_NO_EMBEDDINGS = {ord(char): None for char in CONTROLS if char not in MARKS}


def strip_marks(text: str) -> str:
    """``text`` without directional marks (left-to-right, right-to-left, Arabic
    letter), embeddings and isolates."""
    return text.translate(_NO_CONTROLS)


def _core(chunk: str) -> str:
    """``chunk`` without the brackets, quotes and sentence punctuation around it."""
    return chunk[slice(*_edges(chunk))]


def _edges(text: str) -> tuple[int, int]:
    """Start and end of ``text`` once unbalanced or enclosing brackets and quotes, and
    trailing sentence punctuation, are left outside."""
    start, end = 0, len(text)
    changed = True
    while changed and start < end:
        changed = False
        while end > start and text[end - 1] in _TRAILING:
            end -= 1
            changed = True
        if end <= start:
            break
        first, last = text[start], text[end - 1]
        inner = text[start:end]
        if first in _PAIRS and end - start > 1 and last == _PAIRS[first] and _balanced(inner[1:-1], first):
            start, end = start + 1, end - 1
            changed = True
            continue
        if first in _PAIRS and _unbalanced(inner, first, _PAIRS[first], opening=True):
            start += 1
            changed = True
            continue
        if last in _CLOSERS and _unbalanced(inner, _CLOSERS[last], last, opening=False):
            end -= 1
            changed = True
        elif last in "([{«" and end - start > 1:  # an opener at the end opens nothing in the run
            end -= 1
            changed = True
    return start, end


def _balanced(text: str, opener: str) -> bool:
    closer = _PAIRS[opener]
    if opener == closer:
        return text.count(opener) % 2 == 0
    depth = 0
    for char in text:
        depth += (char == opener) - (char == closer)
        if depth < 0:
            return False
    return depth == 0


def _unbalanced(text: str, opener: str, closer: str, opening: bool) -> bool:
    """Whether the opener at the start (or closer at the end) of ``text`` has no partner."""
    if opener == closer:
        return text.count(opener) % 2 == 1
    opens, closes = text.count(opener), text.count(closer)
    return opens > closes if opening else closes > opens


def is_ltr_run(text: str) -> bool:
    """Whether ``text`` (one chunk) must read left to right inside right-to-left text:
    it holds a Latin letter or an ASCII digit, or digits glued to notation (``۵|۳``,
    ``۱:۶``, ``=۱۰``). A plain number in the language's digits (``۱۵``, ``۶۲٫۴``) and
    arithmetic (``۶ + ۵``) are not runs: they read as part of the sentence."""
    core = _core(text)
    if not core:
        return False
    if _ASCII_DIGIT.search(core) or _NOTATION.search(core):
        return True
    return any(unicodedata.bidirectional(char) == "L" for char in core)


def _kind(chunk: str) -> str | None:
    """What a chunk is, for joining it to its neighbours: ``words`` (Latin letters, or
    ASCII digits: commands, options, names, examples), ``notation`` (the language's
    digits glued to notation, ``۵|۳``), ``number`` (a bare number in the language's
    digits), or None (right-to-left text, punctuation, arithmetic)."""
    core = _core(chunk)
    if not core:
        return None
    if is_ltr_run(chunk):
        if _ASCII_DIGIT.search(core) or any(unicodedata.bidirectional(c) == "L" for c in core):
            return "words"
        return "notation"
    if _NUMBER.fullmatch(chunk.rstrip(_TRAILING)):  # bare: not in brackets or quotes
        return "number"
    return None


#: chunks that may share a run: words with words (``fives table --resume 3``), notation
#: and numbers with each other (a position ``۳ ۵|۵* ۵*``, ``۶ ۵``); a name beside a tile
#: or a score (``Ana ۵|۳``, ``Ana ۱۵``) stays two runs, read in the line's own order
_JOINS = {("words", "words"), ("notation", "notation"), ("notation", "number"), ("number", "notation"),
          ("number", "number")}
_NUMBER = re.compile(r"\d+(?:[\u066b\u066c.,]\d+)*")


def find_runs(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each left-to-right run of ``text`` that is not yet one marked
    span: chunks that must read left to right, joined across single spaces with their
    own kind (``fives table --resume``, ``--lang LANG``, a position ``۳ ۵|۵* ۵*`` or
    ``۶ ۵``) but not after a colon, semicolon or full stop, without the brackets and
    punctuation around them. Bare numbers are a run only two or more together (a
    position). Three Latin words or more are a clause (English left in a Persian line,
    a message not translated yet): it takes in everything up to the next right-to-left
    letter, marked spans inside it included, so that it reads as one."""
    runs: list[tuple[int, int]] = []
    group: list[tuple[int, int, str | None, bool]] = []

    def close():
        free = [item for item in group if not item[3]]
        if group and free and (len(group) > 1 or group[0][2] != "number"):
            start, end = group[0][0], group[-1][1]
            inner_start, inner_end = _edges(text[start:end])
            if inner_end > inner_start:
                runs.append((start + inner_start, start + inner_end))
        group.clear()

    for item in _items(text):
        start, end, kind, _span = item
        gap = text[group[-1][1]:start].replace(RLM, "") if group else ""
        if kind is None:
            if group and gap == " " and _clause(text, group):
                group.append(item)  # punctuation inside an English clause
                continue
            close()
            continue
        if group:
            previous = text[group[-1][1] - 1]
            clause = _clause(text, group)
            # a marked span is a unit the code made: it joins its neighbours only in a clause
            span_edge = _span or group[-1][3]
            if gap != " " or (not clause and (previous in ":;." or span_edge or (group[-1][2], kind) not in _JOINS)):
                close()
        group.append(item)
    close()
    return runs


def _items(text: str) -> list[tuple[int, int, str | None, bool]]:
    """``(start, end, kind, is_span)`` of every chunk outside marked spans and of every
    marked span, in order."""
    items = []
    for free_start, free_end in _free_parts(text):
        for match in _pattern("chunk").finditer(text, free_start, free_end):
            items.append((match.start(), match.end(), _kind(match.group(0)), False))
    for match in _SPANS.finditer(text):
        items.append((match.start(), match.end(), _kind(strip_marks(match.group(0))) or "words", True))
    return sorted(items)


def _clause(text: str, group) -> bool:
    """Three Latin words or more in ``group``: a clause of English, not an item."""
    words = sum(1 for start, end, kind, span in group
                if not span and kind == "words" and re.search("[A-Za-z]{2}", text[start:end]))
    return words >= 3


def _free_parts(text: str) -> list[tuple[int, int]]:
    """The parts of ``text`` outside ``LRM ... LRM`` spans."""
    parts, last = [], 0
    for match in _SPANS.finditer(text):
        parts.append((last, match.start()))
        last = match.end()
    parts.append((last, len(text)))
    return parts


def protect_spans(text: str) -> str:
    """``text`` with the spaces inside marked spans made no-break spaces (U+00A0), so
    that wrapping keeps a marked position such as ``۳ ۵|۵*`` on one row."""
    return _SPANS.sub(lambda m: m.group(0).replace(" ", "\u00a0"), text)


def mark_runs(text: str) -> str:
    """``text`` with every unmarked left-to-right run written ``LRM run LRM RLM``, and
    an RLM after every marked span that lacks one. Idempotent."""
    if not text:
        return text
    if not _well_paired(text):  # a stray LRM would pair with the wrong one: mark afresh
        text = text.replace(LRM, "")
    pieces, last = [], 0
    for start, end in find_runs(text):
        pieces.append(text[last:start])
        pieces.append(f"{LRM}{strip_marks(text[start:end])}{LRM}{RLM}")  # spans inside become one
        last = end
    pieces.append(text[last:])
    marked = "".join(pieces)
    # a span closed by LRM is followed by RLM, so that a number after it stays apart
    return _SPANS.sub(lambda m: m.group(0) if marked.startswith(RLM, m.end()) else m.group(0) + RLM, marked)


def _well_paired(text: str) -> bool:
    """Every LRM pairs with another around left-to-right text (no right-to-left letter
    inside a span)."""
    if text.count(LRM) % 2:
        return False
    return not any(_pattern("rtl").search(match.group(0).replace(RLM, "")) for match in _SPANS.finditer(text))


def localize_runs(text: str, digits) -> str:
    """``text`` with ``digits`` (a function: ASCII digits to the language's) applied
    everywhere except in left-to-right runs and marked spans that hold Latin letters
    (a command such as ``fives score '5 3'`` keeps its ASCII digits; a tile ``5|3``
    does not)."""
    keep: list[tuple[int, int]] = [m.span() for m in _SPANS.finditer(text)] + find_runs(text)
    keep = sorted(span for span in keep if any(c.isascii() and c.isalpha() for c in text[slice(*span)]))
    pieces, last = [], 0
    for start, end in keep:
        pieces.append(digits(text[last:start]))
        pieces.append(text[start:end])
        last = end
    pieces.append(digits(text[last:]))
    return "".join(pieces)


def ltr(text: str) -> str:
    """``text`` (notation, a name, a path) embedded in a right-to-left sentence: one
    left-to-right span, or, when it holds right-to-left letters itself, its own runs marked."""
    if has_rtl(text):
        return mark_runs(text)
    if not text:
        return text
    return f"{LRM}{strip_marks(text)}{LRM}{RLM}"


def mark_line(line: str) -> str:
    """A line of right-to-left output as it must be printed: an RLM first, then every
    left-to-right run marked. A line without right-to-left text, or one drawn left to
    right on purpose (:func:`ltr_line`), is returned as it is."""
    if not has_rtl(line) or is_ltr_line(line):
        return line
    marked = mark_runs(line)
    return marked if marked.startswith(RLM) else RLM + marked


def embed_line(line: str) -> str:
    """A marked right-to-left line (RLM first, :func:`mark_line`) that reads right
    whatever the paragraph direction: its text inside a right-to-left embedding (RLE
    ... PDF). Where the terminal takes the direction from the first strong character,
    the RLM makes the line right to left and the embedding changes nothing; where the
    paragraph is forced left to right (VTE without mode 2501: a pipe, ``less``, tmux,
    screen), the embedding still lays out the line right to left inside it, so its
    phrases keep their order (the line sits at the left margin).

    The embedding opens after the line's leading spaces (an indent stays at the margin
    either way), or else after its first letter when that is a right-to-left one:
    terminals drop a zero-width character written in a line's first column (VTE, tmux),
    so through a pipe, where no space carries the RLM, the embedding holds only when a
    character of the line comes before it. A right-to-left letter just before the
    embedding joins its run, so the line reads the same. An embedding, not an isolate:
    python-bidi's pure-Python algorithm, which ``--bidi visual`` uses, and older
    terminals' bidi know no isolates. Idempotent; any other line is returned as it is.

    >>> embed_line(RLM + "مهره " + LRM + "5|3" + LRM + RLM) == RLM + "م" + RLE + "هره " + LRM + "5|3" + LRM + RLM + PDF
    True
    >>> embed_line(RLM + "  " + LRM + "5|3" + LRM + RLM) == RLM + "  " + RLE + LRM + "5|3" + LRM + RLM + PDF
    True
    """
    if not line.startswith(RLM) or line.endswith(PDF) and RLE in line:
        return line
    body = line[1:]
    outside = len(body) - len(body.lstrip(" "))
    if not outside and body and unicodedata.bidirectional(body[0]) in ("R", "AL"):
        outside = 1
    if outside == len(body):
        return line  # nothing but spaces
    return RLM + body[:outside] + RLE + body[outside:] + PDF


def ltr_line(text: str) -> str:
    """A line drawn left to right in every language (a number line, two packs back to
    back): an LRM first, so that a terminal detecting the direction sets it left to
    right, and the whole line in a left-to-right embedding, which :func:`mark_line`
    leaves as it is and ``--bidi visual`` lays out left to right."""
    return text if is_ltr_line(text) else LRM + LRE + text + PDF


def is_ltr_line(line: str) -> bool:
    """Whether ``line`` was made left to right on purpose by :func:`ltr_line`."""
    return line.startswith(LRM + LRE)


def guard_ltr_line(line: str) -> str:
    """A line of a left-to-right language whose first strong character is right to
    left (a Persian player's name first) gets an LRM, so it stays left to right."""
    if _HINT.search(line) and first_strong(line) in ("R", "AL"):
        return LRM + line
    return line


_MARKDOWN_BLOCK = re.compile(r"^(\s*(?:#{1,6} |\d+[.)] |[-*+] |> ))")


def mark_markdown_line(line: str) -> str:
    """:func:`mark_line` for Markdown: the RLM goes after a block marker (``# ``,
    ``1. ``, ``- ``, ``> ``), which Markdown reads only at the start of a line."""
    match = _MARKDOWN_BLOCK.match(line)
    if not match or not has_rtl(line):
        return mark_line(line)
    rest = mark_line(line[match.end():])
    return match.group(1) + (rest if rest.startswith(RLM) else RLM + rest)


def embed_markdown_line(line: str) -> str:
    """:func:`embed_line` for Markdown: the embedding opens after the block marker and
    its RLM (:func:`mark_markdown_line`)."""
    match = _MARKDOWN_BLOCK.match(line)
    if not match:
        return embed_line(line)
    return match.group(1) + embed_line(line[match.end():])


def visual_rows(line: str, columns: int, align: bool = True) -> list[str]:
    """A line in visual order for a terminal that does no bidi: wrapped to ``columns``
    first (each screen row is then its own paragraph), each row reordered by python-bidi
    with Arabic letters shaped by arabic-reshaper, marks removed. A right-to-left line
    (an RLM first, or right-to-left text without a left-to-right mark first) is laid
    out right to left and right-aligned (unless not ``align``); a left-to-right line
    that holds right-to-left text (:func:`ltr_line`, or a name in an English sentence)
    left to right. A line without right-to-left text comes back as it is. Needs the
    ``bidi`` extra (ImportError otherwise)."""
    if not has_rtl(line):
        return [strip_marks(line)]
    import arabic_reshaper  # the optional bidi extra (ImportError without it)

    # python-bidi's pure-Python UAX #9 (marks and embeddings, no isolates): unlike its Rust
    # get_display (bidi.get_display in 0.6) it mirrors brackets (rule L4), so "(" still opens on screen
    from bidi.algorithm import get_display

    from .width import rjust, width, wrap  # start-up: wcwidth's tables, needed only in visual order

    rtl = not line.startswith(LRM) and (line.startswith(RLM) or first_strong(line) in ("R", "AL"))
    marked = mark_line(line) if rtl else line
    rows = []
    # a line that fits is not re-wrapped: wrapping would fold the runs of spaces that align a table
    pieces = [marked] if width(strip_marks(marked)) <= columns else wrap(protect_spans(strip_embeddings(marked)),
                                                                         columns)
    for row in pieces:
        row = row.replace("\u00a0", " ")
        if rtl and row.count(LRM) % 2:  # a span cut by a long word: mark the row again
            row = mark_line(strip_marks(row))
        shown = strip_marks(get_display(arabic_reshaper.reshape(row), base_dir="R" if rtl else "L"))
        rows.append(rjust(shown, columns) if rtl and align and width(shown) < columns else shown)
    return rows


def strip_embeddings(text: str) -> str:
    """``text`` without embeddings and isolates (its marks kept): what is wrapped, since
    an embedding cut over two rows would hold only in one."""
    return text.translate(_NO_EMBEDDINGS)
