"""The JSON export of a saved match (``fives games export``), and checking one read back.

An export is ``{"format": "fives-tutor-match", "version": 1, "match": {...},
"events": [...], "sheet": [...]}``. An import trusts nothing in it: the file's size,
the nesting and type of every field, the size of every text and number, the names,
the teams, the rule pack (validated like a pack file) and every event (its fields,
then the rules, by replaying the match) are checked before anything is saved. A
refusal is a :class:`MatchFileError` that names the file and the first problem.
"""

from __future__ import annotations

import datetime
import json
import os
from typing import Any, NamedTuple

from ..bounds import has_control
from ..core.keeper import replay_saved
from ..core.names import MAX_NAME, WORDS, all_different, invisible_character
from ..errors import N_, FivesError, Msg
from ..packs.loader import rules_from_data
from ..text.i18n import LANGUAGES
from ..tutor.coach import Judgement
from .journal import MAX_CHARS, MAX_EVENTS, MAX_SCORE, check_practice
from .sqlite import reason

EXPORT_FORMAT = "fives-tutor-match"
EXPORT_VERSION = 1
#: the largest export read, in bytes
MAX_BYTES = 16 * 1024 * 1024
#: the largest number any event field may hold (points, pips, tiles drawn)
MAX_NUMBER = 1_000_000
_MATCH_KEYS = {"id", "names", "teams", "rules_id", "rules_path", "rules_data", "lang", "created", "updated", "scores",
               "finished", "practice"}
#: each event type: its fields, and which of them it must have
EVENT_FIELDS = {
    "play": ({"player", "tile", "end", "announced", "corrected", "coach"}, {"player", "tile"}),
    "draw": ({"player", "count", "corrected", "tiles"}, {"player"}),
    "hand": ({"player", "tiles"}, {"player", "tiles"}),
    "pass": ({"player", "corrected"}, {"player"}),
    "claim": ({"player", "amount"}, {"player"}),
    "pips": ({"player", "pips", "tiles"}, {"player", "pips"}),
    "hand_end": ({"pips"}, {"pips"}),
    "undo": (set(), set()),
    "redo": (set(), set()),
}


class MatchFileError(FivesError):
    """A file that is not a usable export of a match: ``{file}`` and the ``{reason}``."""


class Checked(NamedTuple):
    """An export that passed every check: the ``match`` fields, the ``events`` and the
    ``state`` they rebuild (a :class:`~fives_tutor.core.keeper.TableState`)."""

    match: dict
    events: list
    state: Any


def export(info, events: list, state) -> dict:
    """The export of a saved match (a :class:`~fives_tutor.store.journal.MatchInfo`), its
    events and its state: the names as the match saves them, in no language."""
    names = info.saved_names
    return {
        "format": EXPORT_FORMAT, "version": EXPORT_VERSION,
        "match": {"id": info.id, "names": names, "teams": info.teams, "rules_id": info.rules_id,
                  "rules_path": info.rules_path, "rules_data": info.rules_data, "lang": info.lang,
                  "created": info.created, "updated": info.updated, "scores": state.scores, "finished": state.over,
                  "practice": info.practice},
        "events": events,
        "sheet": [{"hand": row.number, "leader": names[row.leader], "from_play": list(row.from_play),
                   "at_end": list(row.at_end), "totals": list(row.totals),
                   "end": row.result.kind if row.result else None} for row in state.sheet],
    }


def read(file: str, stream=None) -> Any:
    """The JSON data of ``file`` (or of the binary ``stream`` when given), at most
    :data:`MAX_BYTES`. Raises :class:`MatchFileError`, with one message for each kind
    of problem: no such file, not a file, not readable, not JSON (with the line and
    column where it goes wrong), not an export."""
    try:
        if stream is None:
            if not os.path.exists(file):
                raise MatchFileError(N_("there is no file {file}"), file=file)
            if not os.path.isfile(file):
                raise MatchFileError(N_("{file} is not a regular file"), file=file)
            with open(file, "rb") as handle:
                raw = handle.read(MAX_BYTES + 1)
        else:
            raw = stream.read(MAX_BYTES + 1)
    except OSError as error:
        raise MatchFileError(N_("cannot read {file}: {reason}"), file=file, reason=reason(error)) from None
    if len(raw) > MAX_BYTES:
        raise _bad(file, N_("the file is larger than {limit} bytes"), limit=MAX_BYTES)
    try:
        return json.loads(raw.decode("utf-8-sig"))  # (a byte order mark, as some editors write first, is not text)
    except UnicodeDecodeError:
        raise _bad(file, N_("it is not UTF-8 text")) from None
    except RecursionError:
        raise _bad(file, N_("it nests deeper than any export")) from None
    except json.JSONDecodeError as error:  # where it goes wrong, not Python's English detail
        raise MatchFileError(N_("{file} is not valid JSON (line {line}, column {column})"), file=file,
                             line=error.lineno, column=error.colno) from None
    except ValueError:  # a number longer than Python reads (sys.get_int_max_str_digits)
        raise _bad(file, N_("it holds a number too long to read")) from None


def check(data: Any, file: str) -> Checked:
    """Every field of an export checked, then its events replayed under its rules.
    Raises :class:`MatchFileError` with the first problem."""
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise _bad(file, N_("it has no \"format\": \"{format}\""), format=EXPORT_FORMAT)
    if data.get("version") != EXPORT_VERSION:
        raise _bad(file, N_("version {version} is not one this fives-tutor reads"), version=str(data.get("version")))
    unknown = set(data) - {"format", "version", "match", "events", "sheet"}
    if unknown:
        raise _bad(file, N_("\"{key}\" is not a field of an export"), key=sorted(map(str, unknown))[0])
    match, events = data.get("match"), data.get("events")
    if not isinstance(match, dict) or not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
        raise _bad(file, N_("\"match\" must be an object and \"events\" a list of objects"))
    unknown = set(match) - _MATCH_KEYS
    if unknown:
        raise _bad(file, N_("\"{key}\" is not a field of an export"), key=sorted(map(str, unknown))[0])
    names = _names(match.get("names"), file)
    teams = _teams(match.get("teams"), len(names), file)
    for key in ("rules_id", "rules_data"):
        if key not in match:
            raise _bad(file, N_("\"match\" has no \"{key}\""), key=key)
    for key, limit in (("rules_id", 64), ("rules_path", MAX_CHARS["rules_path"]), ("lang", 16), ("created", 40), ("updated", 40)):
        if key in match and match[key] is not None and not _short_text(match[key], limit):
            raise _bad(file, N_("\"{key}\" must be text of at most {limit} characters"), key=key, limit=limit)
    for key in ("created", "updated"):
        if match.get(key) is not None and not _moment(match[key]):
            raise _bad(file, N_("\"{key}\" must be a date and time such as {example}"), key=key,
                       example="2026-05-01T14:30:00+00:00")
    if match.get("lang") is not None:
        if match["lang"] not in LANGUAGES:
            raise _bad(file, N_("\"{key}\" must be one of {choices}"), key="lang", choices=LANGUAGES)
    if not isinstance(match["rules_data"], dict) or not isinstance(match["rules_data"].get("rules"), dict):
        raise _bad(file, N_("\"rules_data\" is not a rule pack"))
    if len(json.dumps(match["rules_data"])) > MAX_CHARS["rules_data"]:
        raise _bad(file, N_("\"rules_data\" is larger than any rule pack"))
    if len(events) > MAX_EVENTS:
        raise _bad(file, N_("it has more than {limit} events"), limit=MAX_EVENTS)
    for seq, event in enumerate(events, start=1):
        _event(event, seq, file)
    if "scores" in match and (not isinstance(match["scores"], list) or len(match["scores"]) > 10 or not all(
            _number(v, -MAX_SCORE, MAX_SCORE) for v in match["scores"])):
        raise _bad(file, N_("\"{key}\" must be a list of whole numbers"), key="scores")
    if "finished" in match and not isinstance(match["finished"], bool):
        raise _bad(file, N_("\"{key}\" must be true or false"), key="finished")
    if match.get("practice") is not None:
        if len(json.dumps(match["practice"])) > MAX_CHARS["practice"] or not check_practice(match["practice"], len(names)):
            raise _bad(file, N_("\"{key}\" is not the setup of a match against the computer"), key="practice")
    try:
        rules = rules_from_data(match["rules_data"], str(match.get("rules_path") or "(imported)"))
        state = replay_saved(rules, names, teams, events)
    except FivesError as error:
        raise _bad(file, error.template, **error.params) from None
    if "scores" in match and list(match["scores"]) != list(state.scores):
        raise _bad(file, N_("its scores {given} are not what its events give ({computed})"),
                   given=str(match["scores"]), computed=str(state.scores))
    checked = dict(match, names=names, teams=teams)
    return Checked(checked, events, state)


def _bad(file: str, template: str, **params) -> MatchFileError:
    return MatchFileError(N_("{file} is not a JSON export of a match: {reason}"), file=file,
                          reason=Msg(template, **params))


def _short_text(value: Any, limit: int) -> bool:
    return isinstance(value, str) and len(value) <= limit and not has_control(value)


def _moment(value: str) -> bool:
    """Whether ``value`` is a time as the journal writes one (ISO 8601), of a year that
    every time zone can show (a year 1 or 9999 shifted by a zone is out of range)."""
    try:
        when = datetime.datetime.fromisoformat(value)
    except ValueError:
        return False
    return 1970 <= when.year <= 9000


def _number(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _names(names: Any, file: str) -> list:
    if (not isinstance(names, list) or not 2 <= len(names) <= 10
            or not all(_short_text(name, MAX_NAME) and name.strip() == name and name and invisible_character(name) is None
                       for name in names)
            or not all_different(names)
            or any(name.lower() in WORDS or any(c in name for c in "|@= ") for name in names)):
        raise _bad(file, N_("\"names\" must be a list of 2 to 10 different player names"))
    return list(names)


def _teams(teams: Any, players: int, file: str):
    """None, or partnerships that put every player on exactly one side."""
    if teams is None:
        return None
    if (not isinstance(teams, list) or not 2 <= len(teams) <= players
            or not all(isinstance(team, list) and team and all(_number(p, 0, players - 1) for p in team)
                       for team in teams)
            or sorted(p for team in teams for p in team) != list(range(players))):
        raise _bad(file, N_("\"teams\" must put each player in exactly one team"))
    return [list(team) for team in teams]


def _event(event: dict, seq: int, file: str) -> None:
    kind = event.get("type")
    fields = EVENT_FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise _bad(file, N_("event {seq} has no known type"), seq=str(seq))
    allowed, required = fields
    keys = set(event) - {"type"}
    earlier = False
    if not required <= keys or not keys <= allowed:
        raise _bad(file, N_("event {seq} ({kind}) has the wrong fields"), seq=str(seq), kind=kind)
    for key, value in event.items():
        if key == "type":
            continue
        if key in ("tile", "end"):
            ok = _short_text(value, 16)
        elif key == "tiles":
            ok = _short_text(value, 200)
        elif key == "corrected":
            ok = isinstance(value, bool)
        elif key == "player":
            ok = _number(value, 0, 9)
        elif key == "pips" and kind == "hand_end":
            ok = isinstance(value, list) and len(value) <= 10 and all(_number(v, 0, MAX_NUMBER) for v in value)
        elif key == "announced" and value is None:
            ok = True
        elif key == "coach":  # the coach's judgement of this very play, every field as the coach writes it
            judged = Judgement.from_dict(value)
            if judged is None and Judgement.is_earlier(value) and isinstance(value, dict):
                judged = Judgement(**{name: value[name] for name in Judgement._fields if name in value})
                earlier = True  # an earlier version's judgement, checked alike: the review judges it again
            ok = judged is not None and judged.judges(event)
        else:
            ok = _number(value, 0, MAX_NUMBER)
        if not ok:
            raise _bad(file, N_("event {seq} ({kind}): \"{key}\" has a wrong value"), seq=str(seq), kind=kind, key=key)
    if earlier:
        del event["coach"]
