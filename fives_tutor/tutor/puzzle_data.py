"""The puzzle set shipped with the package, and its file format (read within bounds,
every field checked, like a rule pack).

One JSON file a pack, ``puzzles/<pack>.json`` (in a wheel ``fives_tutor/puzzles``)::

    {"format": 1, "pack": "dominos-cc",
     "generator": {"seed": "1", "samples": 1000, ...},
     "puzzles": [{"id": "dominos-cc:2:17:3:41", "players": 2, "lead": "later",
                  "history": "players 2\\n1 leads 6|4\\n...", "hand": "5|5 4|1 ...",
                  "scores": [40, 65], "match": false, "answer": "4|1@4",
                  "counting": "5|5@5", "plays": [["4|1@4", 6.2, 0.9, 1.5, 0], ...],
                  "cost": 7.1, "noise": 1.2, "level": "monte-carlo", "samples": 1000,
                  "theme": "giveback", "rating": 1540, "found": {"expert": 1, ...},
                  "seed": "1:17"}]}

``history`` is the hand so far in the line format of docs/notation.md (what the player
to move saw: every play, draw and pass), ``hand`` the tiles of the player to move,
``scores`` each side's points with the player's side first; ``match`` says whether the
search weighed them (a side near the target) or valued the hand alone. ``plays`` holds
every legal play as ``[play, value, standard error, hand-end part, raced out (0/1)]``
in points, best first (the search's own figures: :class:`~fives_tutor.engine.RankedPlay`);
``cost`` and ``noise`` are the points the counting play (the most points now) gives
away against the answer on the same deals, and their standard error. ``found`` is the
share of attempts by each weaker level that found the answer, from which ``rating``
comes. The reason of the answer is not stored in words: it is worked out when shown,
in the learner's language, by the coach's own explanation (docs/puzzles.md).
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Sequence
from typing import Any, NamedTuple

from ..errors import N_, FivesError, Msg, os_reason
from ..resources import data_dir

#: the version of the file format this code reads and writes
FORMAT = 1
#: a puzzle file larger than this is refused (bytes)
MAX_FILE_BYTES = 8 * 1024 * 1024
#: the most puzzles one file may hold
MAX_PUZZLES = 5000
#: the longest history (characters) and the most plays a puzzle may have
MAX_HISTORY = 2000
MAX_PLAYS = 40
#: the most a value may be in points (a match counts 300 points more: far below this)
MAX_VALUE = 10_000.0
#: the themes of a puzzle: the idea that makes the answer better than the most points now
THEMES = ("finish", "match", "spinner", "partner", "block", "giveback", "heavy", "suits", "endgame", "lookahead")
#: how the answer was valued
LEVELS = ("monte-carlo", "exact")
#: the weaker levels that try every puzzle, from which its starting rating comes
SOLVERS = ("greedy", "defensive", "expert", "mc-8", "mc-24", "mc-64")

_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:-]{0,95}\Z")
_PLAY = re.compile(r"[0-9]{1,2}\|[0-9]{1,2}(@[0-9|*]{1,8})?\Z")
_HAND = re.compile(r"[0-9|\s]{3,200}\Z")


class PuzzleError(FivesError):
    """A puzzle file that cannot be used: names the file and what is wrong."""


class PlayValue(NamedTuple):
    """One legal play of a puzzle and what the search found: ``play`` (``TILE@END``),
    ``value`` and ``stderr`` in points, ``end_swing`` the part of the value from the
    hand-end count, ``raced_out`` whether it left the search's race clearly behind."""

    play: str
    value: float
    stderr: float
    end_swing: float = 0.0
    raced_out: bool = False


class Puzzle(NamedTuple):
    """A position where one play is clearly best (see the module docstring for the
    fields). ``pack`` is the rule pack's id."""

    id: str
    pack: str
    players: int
    lead: str
    history: str
    hand: str
    scores: tuple[int, ...]
    match: bool
    answer: str
    counting: str
    plays: tuple[PlayValue, ...]
    cost: float
    noise: float
    level: str
    samples: int
    theme: str
    rating: float
    found: dict
    seed: str

    def value_of(self, play: str) -> PlayValue | None:
        """The stored figures of ``play`` (as written in :attr:`plays`), or None."""
        return next((p for p in self.plays if p.play == play), None)

    def to_json(self) -> dict:
        """The puzzle as the file writes it."""
        data = self._asdict()
        data["scores"] = list(self.scores)
        data["plays"] = [[p.play, round(p.value, 2), round(p.stderr, 2), round(p.end_swing, 2), int(p.raced_out)]
                         for p in self.plays]
        data["cost"], data["noise"], data["rating"] = round(self.cost, 2), round(self.noise, 2), round(self.rating)
        data["found"] = {k: round(v, 3) for k, v in self.found.items()}
        del data["pack"]
        return data


def puzzle_dir() -> str:
    """The folder of the shipped puzzle files."""
    return data_dir("puzzles")


def puzzle_file(pack: str) -> str:
    """The shipped puzzle file of ``pack`` (it may not exist: a pack without puzzles)."""
    return os.path.join(puzzle_dir(), f"{pack}.json")


def shipped_packs() -> list[str]:
    """The packs that have a shipped puzzle file."""
    try:
        names = os.listdir(puzzle_dir())
    except OSError:
        return []
    return sorted(name[:-5] for name in names if name.endswith(".json"))


def _fail(path: str, where: str, what: str, **params: Any) -> PuzzleError:
    """``what`` is a message (marked with ``N_``) with its ``params``: it is translated too."""
    return PuzzleError(N_("{file}: {where}: {what}"), file=path, where=where, what=Msg(what, **params))


def read_file(path: str) -> tuple[dict, list[Puzzle]]:
    """The generator's settings and the puzzles of the file at ``path``, every field
    checked. Raises :class:`PuzzleError` for a file that cannot be read, is too large,
    is not JSON or breaks the format."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise PuzzleError(N_("cannot read the puzzles {file}: {reason}"), file=path, reason=os_reason(error)) from None
    if len(data) > MAX_FILE_BYTES:
        raise PuzzleError(N_("the puzzles {file} are larger than {size} bytes"), file=path, size=MAX_FILE_BYTES)
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise PuzzleError(N_("the puzzles {file} are not JSON"), file=path) from None
    return parse(document, path)


def parse(document: Any, path: str) -> tuple[dict, list[Puzzle]]:
    """The puzzles of a decoded file (``path`` for messages). Raises :class:`PuzzleError`."""
    if not isinstance(document, dict) or set(document) != {"format", "pack", "generator", "puzzles"}:
        raise _fail(path, "/", N_("expected the keys {keys}"), keys="format, pack, generator, puzzles")
    if document["format"] != FORMAT:
        raise _fail(path, "format", N_("this fives-tutor reads format {format}"), format=FORMAT)
    pack = document["pack"]
    if not isinstance(pack, str) or not _ID.match(pack):
        raise _fail(path, "pack", N_("expected the id of a rule pack"))
    generator = document["generator"]
    if not isinstance(generator, dict) or len(json.dumps(generator)) > 2000:
        raise _fail(path, "generator", N_("expected a small object"))
    items = document["puzzles"]
    if not isinstance(items, list) or len(items) > MAX_PUZZLES:
        raise _fail(path, "puzzles", N_("expected a list of at most {count} puzzles"), count=MAX_PUZZLES)
    puzzles = []
    seen: set[str] = set()
    for number, item in enumerate(items):
        puzzle = parse_puzzle(item, pack, path, f"puzzles[{number}]")
        if puzzle.id in seen:
            raise _fail(path, f"puzzles[{number}].id", N_("{id} is given twice"), id=puzzle.id)
        seen.add(puzzle.id)
        puzzles.append(puzzle)
    return generator, puzzles


def _number(value: Any, low: float, high: float) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
            and low <= value <= high)


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


_KEYS = {"id", "players", "lead", "history", "hand", "scores", "match", "answer", "counting", "plays", "cost", "noise",
         "level", "samples", "theme", "rating", "found", "seed"}


def parse_puzzle(item: Any, pack: str, path: str, where: str) -> Puzzle:
    """One puzzle of a file, its fields checked for type and bounds (not yet against
    the rules: :func:`fives_tutor.tutor.puzzles.check` does that). Raises :class:`PuzzleError`."""
    if not isinstance(item, dict) or set(item) != _KEYS:
        raise _fail(path, where, N_("expected the keys {keys}"), keys=", ".join(sorted(_KEYS)))
    checks = {
        "id": lambda v: isinstance(v, str) and bool(_ID.match(v)),
        "players": lambda v: _whole(v, 2, 4),
        "lead": lambda v: v in ("first", "later"),
        "history": lambda v: isinstance(v, str) and 0 < len(v) <= MAX_HISTORY,
        "hand": lambda v: isinstance(v, str) and bool(_HAND.match(v)),
        "scores": lambda v: isinstance(v, list) and 2 <= len(v) <= 4 and all(_whole(s, 0, 100_000) for s in v),
        "match": lambda v: isinstance(v, bool),
        "answer": lambda v: isinstance(v, str) and bool(_PLAY.match(v)),
        "counting": lambda v: isinstance(v, str) and bool(_PLAY.match(v)),
        "plays": lambda v: isinstance(v, list) and 2 <= len(v) <= MAX_PLAYS and all(_play_item(p) for p in v),
        "cost": lambda v: _number(v, 0, MAX_VALUE),
        "noise": lambda v: _number(v, 0, MAX_VALUE),
        "level": lambda v: v in LEVELS,
        "samples": lambda v: _whole(v, 0, 10_000_000),
        "theme": lambda v: v in THEMES,
        "rating": lambda v: _number(v, 0, 4000),
        "found": lambda v: isinstance(v, dict) and set(v) <= set(SOLVERS) and all(_number(x, 0, 1) for x in v.values()),
        "seed": lambda v: isinstance(v, str) and 0 < len(v) <= 96,
    }
    for key, check in checks.items():
        if not check(item[key]):
            raise _fail(path, f"{where}.{key}", N_("not a valid value"))
    plays = tuple(PlayValue(p[0], float(p[1]), float(p[2]), float(p[3]), bool(p[4])) for p in item["plays"])
    if plays[0].play != item["answer"]:
        raise _fail(path, f"{where}.plays", N_("the answer must come first"))
    if len({p.play for p in plays}) != len(plays) or item["counting"] not in {p.play for p in plays}:
        raise _fail(path, f"{where}.plays", N_("each play once, the counting play among them"))
    return Puzzle(item["id"], pack, item["players"], item["lead"], item["history"], item["hand"],
                  tuple(item["scores"]), item["match"], item["answer"], item["counting"], plays, float(item["cost"]),
                  float(item["noise"]), item["level"], item["samples"], item["theme"], float(item["rating"]),
                  dict(item["found"]), item["seed"])


def _play_item(value: Any) -> bool:
    return (isinstance(value, list) and len(value) == 5 and isinstance(value[0], str) and bool(_PLAY.match(value[0]))
            and all(_number(x, -MAX_VALUE, MAX_VALUE) for x in value[1:4]) and value[4] in (0, 1)
            and value[2] >= 0)


def document(pack: str, generator: dict, puzzles: Sequence[Puzzle]) -> dict:
    """The JSON document of a puzzle file."""
    return {"format": FORMAT, "pack": pack, "generator": generator, "puzzles": [p.to_json() for p in puzzles]}


def write_file(path: str, pack: str, generator: dict, puzzles: Sequence[Puzzle]) -> None:
    """Write a puzzle file atomically (a temporary file beside it, then renamed): a
    killed run leaves the previous file whole."""
    text = json.dumps(document(pack, generator, puzzles), ensure_ascii=False, separators=(",", ":"), indent=None)
    # one puzzle a line: a diff of a regenerated file reads puzzle by puzzle
    text = text.replace(',{"id"', ',\n{"id"').replace('[{"id"', '[\n{"id"')
    temporary = f"{path}.tmp{os.getpid()}"
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(text + "\n")
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)


_CACHE: dict[str, tuple[float, list[Puzzle]]] = {}


def load(pack: str, path: str | None = None) -> list[Puzzle]:
    """The puzzles of ``pack`` (the shipped file, or the file at ``path``); none when the
    pack has no shipped file. Raises :class:`PuzzleError` for a file that breaks the
    format or is for another pack."""
    path = path or puzzle_file(pack)
    if not os.path.isfile(path):
        return []
    stamp = os.path.getmtime(path)
    cached = _CACHE.get(path)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    _generator, puzzles = read_file(path)
    if puzzles and puzzles[0].pack != pack:
        raise PuzzleError(N_("the puzzles {file} are for the pack {pack}"), file=path, pack=puzzles[0].pack)
    _CACHE[path] = (stamp, puzzles)
    return puzzles


__all__ = ["FORMAT", "LEVELS", "SOLVERS", "THEMES", "PlayValue", "Puzzle", "PuzzleError", "document", "load", "parse",
           "parse_puzzle", "puzzle_dir", "puzzle_file", "read_file", "shipped_packs", "write_file"]
