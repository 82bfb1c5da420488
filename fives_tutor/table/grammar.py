"""What a line typed at the scorekeeper may be: one grammar for parsing, completion and
checking as you type (pure: no terminal, no prompt_toolkit).

The grammar is data: a regular expression in verbose form whose named groups are the
pieces of a line (``player``, ``play``, ``announced``, ``command``, ``argument``, and
``hand`` in an answer to the pips question). The session reads a line with the
standard library's :mod:`re` compiled from it; the terminal shell compiles the very
same text with prompt_toolkit's ``contrib.regular_languages`` for completion and for
checking a line that is still being typed. Each piece is then recognised by the
functions below, the same ones everywhere: :func:`find_player`, :func:`read_tile`,
:func:`command_word`, and the candidates that complete a piece
(:func:`candidates`), so the parser, the completer and the validator cannot disagree.

A line is ``[PLAYER] PLAY [=POINTS]`` or ``[PLAYER] COMMAND [ARGUMENT]`` (``draw 2`` or
the tiles drawn, ``draw 5|2``; ``hand 6|6 5|3 ...``: your own tiles, for ``hint``):

>>> parse_command("Ana Maria 4|1=5", ["Ana Maria", "Ben"])
Command(word='play', player=0, text='4|1', count=None, announced=5)
>>> parse_command('muggins "Ben"', ["Ana Maria", "Ben"])
Command(word='muggins', player=1, text='', count=None, announced=None)

A player's name may have spaces; it may be quoted (``"Ana Maria" 5|3``). A name
cannot start with a digit, ``[`` or a quote, cannot hold ``| @ =``, and none of its
words may be a command word.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple, NoReturn

from ..bounds import TOO_LARGE, whole_number
from ..core.names import MAX_NAME, WORDS, invisible_character
from ..core.plays import Play
from ..core.tiles import ascii_digits, parse_hand, parse_tile
from ..errors import N_, NotationError, did_you_mean

_DIGITS = "0-9\u06f0-\u06f9\u0660-\u0669"  # ASCII, Persian and Arabic-Indic digits
#: what ``hint`` takes to give the whole breakdown (``hint more``, ``hint ?``)
HINT_MORE = ("more", "?", "؟")


def _any_case(word: str) -> str:
    return "".join(f"[{c}{c.upper()}]" for c in word)


_NAME_WORD = r"(?!({words})\b)[^\s\"'|@=\[{digits}][^\s|@=]*".format(
    words="|".join(_any_case(w) for w in WORDS), digits=_DIGITS)
_PLAYER = rf"""(?P<player> "[^"]*"? | '[^']*'? | {_NAME_WORD}(\ +{_NAME_WORD})* )"""
_COMMAND = rf"""
    (?P<command>[^\s\[{_DIGITS}="'][^\s]*)
    (\s+(?P<argument>[^\s]([^\n]*[^\s])?))?
"""

#: a line at the table: [PLAYER] PLAY [=POINTS], or [PLAYER] COMMAND [ARGUMENT]
LINE = rf"""
\s*
({_PLAYER}\s+)?
(
    (?P<play>[\[{_DIGITS}][^\s=]*)
    (\s*=\s*(?P<announced>[^\s=]*))?
  |
    {_COMMAND}
)
\s*
"""

#: an answer to "the remaining tiles or pips of X": tiles or a number, or a command
ANSWER = rf"""
\s*
(
    (?P<hand>[\[{_DIGITS}]([^\n]*[^\s])?)
  |
    {_COMMAND}
)
\s*
"""


def grammar(asking: bool = False) -> str:
    """The grammar's text: :data:`ANSWER` while the pips are asked, else :data:`LINE`."""
    return ANSWER if asking else LINE


@lru_cache(maxsize=2)
def _compiled(asking: bool) -> re.Pattern:
    return re.compile(r"^(?:" + grammar(asking) + r")$", re.VERBOSE | re.DOTALL)


@lru_cache(maxsize=2)
def _head(asking: bool) -> re.Pattern:
    """The grammar followed by anything: where a line stops fitting it."""
    return re.compile(r"^(?:" + grammar(asking) + r")(?P<rest>.*)$", re.VERBOSE | re.DOTALL)


class Piece(NamedTuple):
    """A piece of a line: its ``text`` and where it starts (0-based)."""

    text: str
    start: int


def pieces(line: str, asking: bool = False) -> dict[str, Piece] | None:
    """The named pieces of ``line``, or None when the line does not fit the grammar."""
    found = _compiled(asking).match(line)
    if found is None:
        return None
    return {name: Piece(found.group(name), found.start(name)) for name in found.re.groupindex
            if found.group(name) is not None}


class Command(NamedTuple):
    """A parsed line: its ``word`` (``play`` for a tile, ``pips`` for an answer to the
    pips question), the ``player`` named (or None), the play's or answer's ``text``,
    a ``count`` (tiles to draw, points claimed) and the ``announced`` points of a play (``=10``)."""

    word: str
    player: int | None = None
    text: str = ""
    # the field's name hides tuple.count, which no one calls on a command
    count: int | None = None  # type: ignore[assignment]
    announced: int | None = None


# --- recognising the pieces ------------------------------------------------------------------


def _plain_name(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        text = text[1:-1]
    return " ".join(text.split()).casefold()


def find_player(text: str, names: Sequence[str]) -> int | None:
    """The index of the player called ``text`` (any case, quoted or not), or None."""
    wanted = _plain_name(text)
    for index, name in enumerate(names):
        if " ".join(name.split()).casefold() == wanted:
            return index
    return None


def command_word(text: str) -> str | None:
    """The command ``text`` names (any case), or None."""
    word = text.lower()
    return word if word in WORDS else None


def read_tile(text: str, line: str, start: int):
    """The tile of a play written ``text`` (before any ``@END``); raises
    :class:`NotationError` whose column points into ``line``."""
    tile_text = text.partition("@")[0]
    # the grammar knows no pack: the highest set's numbers, or for two bare digits (53) the
    # compact form every set up to double-nine takes (the session reads it with the pack)
    compact = re.fullmatch(rf"\[?[{_DIGITS}]{{2}}\]?", tile_text.strip()) is not None
    return parse_tile(tile_text, 9 if compact else 12, column=start + 1, whole=line)


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name in this grammar, or None when it can."""
    if not name.strip():
        return N_("a player's name cannot be empty")
    if len(name) > MAX_NAME:  # a saved match keeps no longer name: refused here, not found damaged later
        return N_("a player's name can have at most {limit} characters")
    if invisible_character(name) is not None:  # it would look like the same name without it
        return N_("'{name}' cannot be a player's name: it holds a character that shows nothing, such as a "
                  "zero-width space or a direction mark")
    probe = " ".join(name.split())
    if re.fullmatch(_NAME_WORD + r"(?:\ +" + _NAME_WORD + ")*", probe, re.VERBOSE) is None:
        return N_("'{name}' cannot be a player's name: it looks like a command or a tile")
    return None


# --- parsing a whole line ---------------------------------------------------------------------


def parse_command(line: str, names: Sequence[str], asking: bool = False, words: Sequence[str] = WORDS) -> Command:
    """Read one line at the table (``asking``: an answer to the pips question; ``words``:
    the commands of this shell, which a mistyped word is offered from: a practice match
    has no ``hand`` or ``redo``, and such a word comes back without its argument read,
    for the shell to say why it is not one of its own).

    Raises :class:`NotationError` for a line that is not a command; its ``column``
    (1-based) points at the fault.
    """
    if not line.strip():
        raise NotationError(N_("type a tile such as 5|3, or a command (help lists them)"), text=line)
    alone = find_player(line, names)
    if alone is not None and not asking:
        raise NotationError(N_("after {name} type the tile they play, or a command such as draw"), text=line,
                            column=len(line.rstrip()) + 1, name=names[alone])
    found = pieces(line, asking)
    if found is None:
        _no_fit(line, asking, names, words)
    player = None
    if "player" in found:
        piece = found["player"]
        player = find_player(piece.text, names)
        if player is None:
            _not_a_player(piece, line, names, words)
    if "hand" in found:
        return Command("pips", player, text=found["hand"].text)
    if "play" in found:
        piece = found["play"]
        read_tile(piece.text, line, piece.start)
        announced = None
        if "announced" in found:
            mark = found["announced"]
            clean = ascii_digits(mark.text)
            if not clean.isdecimal():
                raise NotationError(N_("after a play only the announced points may follow, such as =10"),
                                    text=line, column=mark.start + 1)
            announced = whole_number(clean)  # any length: never converted past the bound
        return Command("play", player, text=ascii_digits(piece.text), announced=announced)
    piece = found["command"]
    word = command_word(piece.text)
    if word is None:
        _neither(piece.text, line, piece.start, names, words)
    if word not in words:
        return Command(word, player)
    count = None
    if "argument" in found:
        argument = found["argument"]
        if word == "draw":
            clean = ascii_digits(argument.text)
            if not clean.isdecimal():
                if clean[:1].isdecimal() or clean[:1] == "[":  # the tiles drawn: draw 5|2 6|1
                    tiles = _tiles(argument, line)
                    return Command(word, player, text=" ".join(map(str, tiles)), count=len(tiles))
                raise NotationError(N_("'{word}' takes a number, such as {example}"), text=line,
                                    column=argument.start + 1, word=word, example="draw 2")
            count = whole_number(clean)
        elif word == "hand":
            tiles = _tiles(argument, line)
            return Command(word, player, text=" ".join(map(str, tiles)))
        elif word == "muggins":
            player, count = _muggins_argument(argument, line, names)
        elif word == "hint":
            if argument.text.casefold() not in HINT_MORE:
                raise NotationError(N_("'{word}' takes nothing, or {more} for the whole breakdown"), text=line,
                                    column=argument.start + 1, word=word, more="more")
            return Command(word, player, text="more")
        else:
            raise NotationError(N_("'{word}' takes nothing after it"), text=line, column=argument.start + 1, word=word)
    elif word == "hand":
        raise NotationError(N_("'{word}' takes your tiles, such as {example}"), text=line,
                            column=len(line.rstrip()) + 1, word=word, example="hand 6|6 5|3 4|1")
    return Command(word, player, count=count)


def _tiles(argument: Piece, line: str) -> tuple:
    """The tiles written in ``argument`` (``5|2 6|1``); raises :class:`NotationError`
    pointing into ``line``."""
    try:
        return parse_hand(argument.text, 12)
    except NotationError as error:
        params = {key: value for key, value in error.params.items() if key != "column"}
        raise NotationError(error.template, text=line, column=argument.start + (error.column or 1), **params) from None


def _muggins_argument(argument: Piece, line: str, names: Sequence[str]) -> tuple[int | None, int | None]:
    """``muggins [NAME] [POINTS]``: the caller named and the points claimed."""
    text = argument.text
    count = None
    last = text.split()[-1]
    if ascii_digits(last).isdecimal():
        count = whole_number(ascii_digits(last))
        if count >= TOO_LARGE:  # no claim can be that many points; never converted whole
            raise NotationError(N_("'{word}' takes a number, such as {example}"), text=line,
                                column=argument.start + 1, word="muggins", example="muggins 10")
        text = text[:len(text) - len(last)].rstrip()
    if not text:
        return None, count
    player = find_player(text, names)
    if player is None:
        if did_you_mean(_plain_name(text), names) is not None:  # muggins Bne: did you mean Ben?
            _not_a_player(Piece(text, argument.start), line, names)
        raise NotationError(N_("'{word}' takes a number, such as {example}"), text=line, column=argument.start + 1,
                            word="muggins", example="muggins 10")
    return player, count


def _not_a_player(piece: Piece, line: str, names: Sequence[str], words: Sequence[str] = WORDS) -> NoReturn:
    """Raise the error of a name that is no player's: the player meant when one is
    close (``Bne``: did you mean Ben?), else every player."""
    close = did_you_mean(_plain_name(piece.text), names)
    if close is not None:
        raise NotationError(N_("'{name}' is not a player of this match: {hint}"), text=line, column=piece.start + 1,
                            name=piece.text, hint=close)
    if did_you_mean(piece.text, words) is not None:  # drwa 2: a command mistyped, not a name
        _neither(piece.text, line, piece.start, names, words)
    raise NotationError(N_("'{name}' is not a player of this match ({names})"), text=line,
                        column=piece.start + 1, name=piece.text, names=tuple(names))


def _neither(word: str, line: str, start: int, names: Sequence[str], words: Sequence[str] = WORDS) -> NoReturn:
    """Raise the error of a word that is neither a tile nor a command: the command or
    player meant when one is close (``drwa``: did you mean draw?)."""
    close = did_you_mean(word, (*words, *names))
    if close is not None:
        raise NotationError(N_("'{word}' is neither a tile such as 5|3 nor a command: {hint}"), text=line,
                            column=start + 1, word=word, hint=close)
    raise NotationError(N_("'{word}' is neither a tile such as 5|3 nor a command (help lists them)"), text=line,
                        column=start + 1, word=word)


def _no_fit(line: str, asking: bool, names: Sequence[str] = (), words: Sequence[str] = WORDS) -> NoReturn:
    """Raise the error of a line that stops fitting the grammar, at the place it stops."""
    head = _head(asking).match(line)
    rest = head.start("rest") if head is not None else 0
    word = line[rest:].split()[0] if line[rest:].split() else line.strip()
    found = pieces(line[:rest], asking) if head is not None else None
    if found and "play" in found:
        raise NotationError(N_("after a play only the announced points may follow, such as =10"), text=line,
                            column=rest + 1)
    _neither(word, line, rest, names, words)


# --- what may complete a piece -------------------------------------------------------------------


class Candidate(NamedTuple):
    """A way to complete a piece: its ``text``, its ``kind`` (``play``, ``player``,
    ``command``, ``count``) and, for a play, the ``play`` itself (total and points)."""

    text: str
    kind: str
    play: Play | None = None


def _normal_tile_text(text: str) -> str:
    return ascii_digits(text).replace("-", "|").replace("[", "").replace("]", "")


def play_writings(play: Play) -> list[str]:
    """The ways to write a play that the keeper accepts: the tile in either order, then ``@END``."""
    if play.index < 0:
        first, second = play.lead_order or (play.tile.high, play.tile.low)
        orders = [(first, second), (second, first)]
        return list(dict.fromkeys(f"{a}|{b}" for a, b in orders))
    matched = play.before.ends[play.index].pips
    other = play.tile.other(matched)
    return list(dict.fromkeys(f"{a}|{b}@{play.end}" for a, b in ((matched, other), (other, matched))))


def candidates(variable: str, typed: str, state, names: Sequence[str], command: str | None = None,
               plays: Sequence[Play] | None = None, words: Sequence[str] = WORDS) -> list[Candidate]:
    """What may complete the piece ``variable`` whose text so far is ``typed``, best
    first: plays that score first (most points first), in the order the tile was typed.
    ``plays`` are the plays the shell takes now (default: every play the table would
    take, ``state.legal_tiles()``), ``words`` the commands it takes."""
    if variable == "player":
        wanted = _plain_name(typed.lstrip("\"'")) if typed.strip("\"'") else ""
        return [Candidate(name, "player") for name in names
                if " ".join(name.split()).casefold().startswith(wanted)]
    if variable == "command":
        return [Candidate(word, "command") for word in words if word.startswith(typed.lower())]
    if variable == "play":
        wanted = _normal_tile_text(typed)
        fitting: list[tuple[Play, str]] = []
        for play in (state.legal_tiles() if plays is None else plays):
            writing = next((w for w in play_writings(play) if w.startswith(wanted)), None)
            if writing is not None:
                fitting.append((play, writing))
        fitting.sort(key=lambda found: (-found[0].points, found[0].points == 0 and found[1]))
        return [Candidate(writing, "play", play) for play, writing in fitting]
    if variable == "argument" and command == "draw":
        return [Candidate(str(n), "count") for n in range(1, state.drawable + 1) if str(n).startswith(ascii_digits(typed))]
    if variable == "argument" and command == "muggins":
        return [Candidate(name, "player") for name in names if name.casefold().startswith(typed.casefold())]
    return []


__all__ = ["ANSWER", "LINE", "WORDS", "Candidate", "Command", "Piece", "candidates", "command_word", "find_player",
           "grammar", "name_problem", "parse_command", "pieces", "play_writings", "read_tile"]
