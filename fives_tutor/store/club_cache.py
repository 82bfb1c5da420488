"""A cache of the club's match records, so that the figures of a long history answer at once.

Replaying a saved match through the scorekeeper is what the club's commands spend their
time on (about 10 ms a match), and a club adds matches every week. Each match's record
(:class:`~fives_tutor.study.club.MatchRecord`) is kept in a JSON file of the user's cache
folder (``$FIVES_HOME/cache/club-records.json``, else platformdirs' user cache folder),
under the saved-games file's path and the match's number, with a digest of everything the
record is made from: the match's row (players, teams, pack data, setup, creation time) and
every one of its events. A record is used only when that digest, and this version of
fives-tutor, are the same; anything else (a match changed, damaged, imported again, a
cache file that is damaged or from another version) is replayed again.

The saved-games file itself is never written. The cache is read as every file of the
user's folders is (a regular file only, bounded: :func:`fives_tutor.store.files.read_json`)
and written atomically (a temporary file, then a rename:
:func:`fives_tutor.store.files.write_json`); a cache folder that cannot be written is simply no cache.
Deleting the file is always safe.
"""

from __future__ import annotations

import hashlib
import json
import os

from .. import __version__
from ..study.club import HandRecord, MatchRecord, Seat
from .files import read_json, write_json
from .journal import MatchInfo

#: the layout of a cached record; a change of MatchRecord, or of a player's key, changes it
#: (and the records are replayed): 2 since keys drop every character that shows nothing, 3
#: since a practice match's learner who gave no name is one player in every language
FORMAT = 3
#: the largest cache file read, in bytes (a club's whole history is far smaller)
MAX_BYTES = 64 * 1024 * 1024


def cache_path() -> str:
    """Where the cache lives."""
    override = os.environ.get("FIVES_HOME")
    if override:
        return os.path.join(override, "cache", "club-records.json")
    from platformdirs import user_cache_dir  # imported only when the cache is used

    return os.path.join(user_cache_dir("fives-tutor", appauthor=False), "club-records.json")


def digest(info: MatchInfo, events: list[dict]) -> str:
    """The digest of everything a match's record is made from."""
    made_of = [info.id, info.created, info.names, info.teams, info.rules_id, info.rules_data, info.practice,
               info.unnamed, events]
    return hashlib.sha256(json.dumps(made_of, sort_keys=True, ensure_ascii=True).encode()).hexdigest()


class RecordCache:
    """The cached records of the saved-games file at ``db_path`` (read from ``path``,
    default :func:`cache_path`)."""

    def __init__(self, db_path: str, path: str | None = None) -> None:
        self.path = path or cache_path()
        self.key = os.path.realpath(db_path)
        self.files: dict = {}
        self.changed = False
        # a regular file only, bounded (a link, a named pipe, a damaged file: no cache, every record replayed)
        data = read_json(self.path, MAX_BYTES)
        if (isinstance(data, dict) and data.get("format") == FORMAT and data.get("version") == __version__
                and isinstance(data.get("files"), dict)):
            self.files = data["files"]
        entries = self.files.get(self.key)
        self.entries: dict = entries if isinstance(entries, dict) else {}
        self.seen: set[str] = set()

    def get(self, match_id: int, made_of: str) -> MatchRecord | None:
        """The cached record of match ``match_id`` made of ``made_of`` (a :func:`digest`), or None."""
        key = str(match_id)
        self.seen.add(key)
        entry = self.entries.get(key)
        if not isinstance(entry, dict) or entry.get("digest") != made_of:
            return None
        try:
            record = _record(entry["record"])
        except (KeyError, TypeError, ValueError):
            return None
        return record if record.id == match_id else None

    def put(self, match_id: int, made_of: str, record: MatchRecord) -> None:
        """Keep ``record`` for match ``match_id``, made of ``made_of``."""
        key = str(match_id)
        self.seen.add(key)
        self.entries[key] = {"digest": made_of, "record": _plain(record)}
        self.changed = True

    def save(self) -> None:
        """Write the cache when it changed (the records of matches no longer in the file
        are dropped); a folder that cannot be written leaves it as it was."""
        stale = set(self.entries) - self.seen
        if not self.changed and not stale:
            return
        for key in stale:
            del self.entries[key]
        self.files[self.key] = self.entries
        # a read-only or full cache folder, or a link in the cache's place: the records are replayed next time
        write_json(self.path, {"format": FORMAT, "version": __version__, "files": self.files},
                   ensure_ascii=False, separators=(",", ":"))


def _plain(record: MatchRecord) -> list:
    """``record`` as JSON values (its fields in order)."""
    plain = {name: list(value) if isinstance(value, tuple) else value for name, value in record._asdict().items()}
    plain["seats"] = [list(seat) for seat in record.seats]
    plain["hands"] = [list(hand) for hand in record.hands]
    return [plain[name] for name in MatchRecord._fields]


def _ints(value: object, count: int | None = None) -> tuple[int, ...]:
    if not isinstance(value, list) or (count is not None and len(value) != count) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise ValueError("not whole numbers")
    return tuple(value)


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError("not text")
    return value


def _record(data: object) -> MatchRecord:
    """A cached record read back, every field checked (a damaged cache is no cache):
    raises ValueError, TypeError or KeyError."""
    if not isinstance(data, list) or len(data) != len(MatchRecord._fields):
        raise ValueError("not a record")
    fields = dict(zip(MatchRecord._fields, data))
    scores = _ints(fields["scores"])
    sides = len(scores)
    seats = tuple(Seat(_text(s[0]), _text(s[1]), _ints(s[2:3], 1)[0]) for s in fields["seats"])
    if not 2 <= len(seats) <= 10 or not all(0 <= seat.side < sides for seat in seats):
        raise ValueError("bad seats")
    hands = []
    for h in fields["hands"]:
        number, from_play, at_end, totals, end, winners, domino_player = h
        if end not in (None, "domino", "blocked") or not (domino_player is None or 0 <= domino_player < len(seats)):
            raise ValueError("bad hand")
        hands.append(HandRecord(_ints([number], 1)[0], _ints(from_play, sides), _ints(at_end, sides),
                                _ints(totals, sides), end, _ints(winners), domino_player))
    side_names = tuple(_text(name) for name in fields["side_names"])
    if len(side_names) != sides:
        raise ValueError("bad sides")
    winner = fields["winner"]
    if not (winner is None or (isinstance(winner, int) and 0 <= winner < sides)):
        raise ValueError("bad winner")
    flags = [fields[name] for name in ("practice", "finished", "muggins")]
    if not all(isinstance(flag, bool) for flag in flags):
        raise ValueError("bad flags")
    per_seat = {name: _ints(fields[name], len(seats))
                for name in ("play_points", "called", "called_points", "missed", "missed_points")}
    return MatchRecord(
        id=_ints([fields["id"]], 1)[0], created=_text(fields["created"]), rules_id=_text(fields["rules_id"]),
        practice=flags[0], seats=seats, side_names=side_names,
        target=_ints([fields["target"]], 1)[0], finished=flags[1], winner=winner, scores=scores, hands=tuple(hands),
        muggins=flags[2], **per_seat)


__all__ = ["RecordCache", "cache_path", "digest"]
