"""The club's matches read from the saved games, and the names journal written to it.

:func:`read_club` reads every saved match of one kind (kept at a real table, or
practice matches against the computer: the two are never mixed) and replays each
through the scorekeeper into a :class:`~fives_tutor.study.club.MatchRecord`. A match
that cannot be read or replayed is reported (the same words as ``fives games show``)
and left out; it never hides the others. Reading opens the file read-only: nothing
of it changes, a read-only file works, and a missing file is read as empty, never
created.

Merges of two spellings into one player (``fives games players --merge``) are entries
of the names journal in the same file (:meth:`Journal.name_entries`), undone and
redone as entries too; :func:`merge`, :func:`undo` and :func:`redo` check and append them.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, NamedTuple

from ..core.undo import can_redo, can_undo, effective_actions
from ..errors import N_, FivesError, Msg
from ..study.club import MatchRecord, record_of, roster_of
from ..study.players import Roster, merges_of, name_actions, player_key
from .club_cache import RecordCache, digest
from .journal import Journal, JournalError, MatchInfo

if TYPE_CHECKING:  # types only: rules load when a record is not cached
    from ..core.rules import RuleSet


class ClubError(FivesError):
    """A merge that cannot be made or taken back (exit code 2)."""


class Club(NamedTuple):
    """The matches of one kind as records (``records``, in the journal's order), the
    ``damaged`` ones (each a :class:`JournalError` naming the match and the reason),
    the names journal's ``entries`` and the merges that stand (``merges``)."""

    records: list[MatchRecord]
    damaged: list[JournalError]
    entries: list[dict]
    merges: list[tuple[str, str]]

    def roster(self) -> Roster:
        """The players of the records after the merges."""
        return roster_of(self.records, self.merges)


def read_club(journal: Journal, practice: bool | None = False, cached: bool = True) -> Club:
    """Every saved match kept at a table (``practice`` False), played against the
    computer (True) or both (None), replayed into records (or taken from the records
    cache, :mod:`fives_tutor.store.club_cache`, unless not ``cached``). Raises
    :class:`JournalError` only for a file that cannot be read at all."""
    damaged: list[JournalError] = []
    infos = journal.matches(damaged)
    rules_cache: dict[str, RuleSet] = {}
    records_cache = RecordCache(journal.path) if cached else None
    records = []
    for info in infos:
        if practice is not None and (info.practice is not None) != practice:
            continue
        try:
            records.append(_record(journal, info, rules_cache, records_cache))
        except JournalError as error:
            damaged.append(error)
    if records_cache is not None:
        records_cache.seen.update(str(info.id) for info in infos)  # the other kind's records stay cached
        records_cache.save()
    entries = journal.name_entries(damaged)
    return Club(records, damaged, entries, merges_of(entries))


def _record(journal: Journal, info: MatchInfo, rules_cache: dict[str, RuleSet],
            records_cache: RecordCache | None) -> MatchRecord:
    """One match replayed into its record (or its cached record, made of the same row and
    events); a damaged one raises :class:`JournalError` with the words ``fives games show`` uses."""
    try:
        events = journal.events(info.id)
        made_of = digest(info, events)
        if records_cache is not None:
            found = records_cache.get(info.id, made_of)
            if found is not None:
                return found
        key = json.dumps(info.rules_data, sort_keys=True)
        rules = rules_cache.get(key)
        if rules is None:
            # the pack loader (and YAML with it) loads only when a record is not cached (start-up)
            from ..packs.loader import rules_from_data

            rules = rules_cache[key] = rules_from_data(info.rules_data, info.rules_path)
        record = record_of(info.id, info.created, rules, info.names, info.teams, events, info.practice,
                           info.unnamed)
        if records_cache is not None:
            records_cache.put(info.id, made_of, record)
        return record
    except JournalError:
        raise
    except FivesError as error:
        raise JournalError(N_("saved match {id} is damaged and cannot be read: {reason}"), id=info.id,
                           reason=Msg.of(error)) from None


def merge(journal: Journal, name: str, into: str) -> None:
    """Make the player ``name`` one with the player ``into`` (both as typed; every
    spelling of ``name`` is then shown as ``into``), as an entry of the names journal.
    Raises :class:`ClubError` for a name no saved match has, two names that are one
    player already, or two players who sat at one match (two people), and
    :class:`JournalError` when the file cannot be written."""
    club = read_club(journal, practice=None)
    roster = club.roster()
    for typed in (name, into):
        if not player_key(typed) or not roster.known(typed):
            raise ClubError(N_("no saved match has a player named {name}"), name=typed)
    if roster.player(name) == roster.player(into):
        raise ClubError(N_("{name} and {other} are already one player"), name=name, other=into)
    together = sorted(record.id for record in club.records
                      if {roster.player(name), roster.player(into)} <= {roster.root(seat.key) for seat in record.seats})
    if together:
        raise ClubError(N_("{name} and {other} played in match {id} together: they are two people"), name=name,
                         other=into, id=together[0])
    journal.append_name_entry({"type": "merge", "name": name, "into": into})


def undo(journal: Journal) -> tuple[str, str]:
    """Take back the last merge that stands; returns it ``(name, into)``. Raises
    :class:`ClubError` when there is none."""
    entries = _merge_entries(journal)
    if not can_undo(entries):
        raise ClubError(N_("there is no merge of players' names to undo"))
    last = effective_actions(entries)[-1]
    journal.append_name_entry({"type": "undo"})
    return last["name"], last["into"]


def redo(journal: Journal) -> tuple[str, str]:
    """Put back the merge undone last; returns it ``(name, into)``. Raises
    :class:`ClubError` when nothing was undone (or a merge was made since)."""
    entries = _merge_entries(journal)
    if not can_redo(entries):
        raise ClubError(N_("there is no undone merge of players' names to redo"))
    journal.append_name_entry({"type": "redo"})
    merges = merges_of([*entries, {"type": "redo"}])
    return merges[-1]


def _merge_entries(journal: Journal) -> list[dict]:
    """The names journal's merges, undos and redos."""
    return name_actions(journal.name_entries())


__all__ = ["Club", "ClubError", "merge", "read_club", "redo", "undo"]
