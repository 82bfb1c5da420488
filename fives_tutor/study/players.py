"""Who is who across saved matches: a player is known by name (pure, no I/O).

A name is compared as people type it (:func:`player_key`, the table's
:func:`fives_tutor.core.names.name_key` and more): Unicode compatibility forms, case,
runs of spaces, bidi marks and every other character that shows nothing do not matter,
nor the Arabic and Persian forms of the letters yeh and kaf that Persian keyboards mix
up, nor a zero-width non-joiner.
Two spellings that still differ ("Ana M" and "Ana") become one player by a *merge*, an
entry of the names journal kept in the saved-games file
(:mod:`fives_tutor.store.club`): ``{"type": "merge", "name": "Ana M", "into": "Ana"}``,
``{"type": "undo"}`` and ``{"type": "redo"}``, taken back and put back with the
scorekeeper's own undo algebra (:func:`fives_tutor.core.keeper.effective_actions`).

The computer's players in a practice match (``fives play``) are players of their own,
one per name and level (``Ben (expert)``), and can never be merged with a person. The
learner of a practice match who gave no name is one player in every language
(:data:`YOU_KEY`), shown as the word for "you" of the language read in; that word in
any language, as typed or as a merge saved it, names them (unless a player of the
matches is called so).

>>> player_key("  ana   MARIA ") == player_key("Ana Maria")
True
>>> roster = Roster([(player_key(n), n) for n in ("Ana", "ana", "Ana M", "Ben")], [("Ana M", "Ana")])
>>> roster.player("Ana M") == roster.player("ANA"), roster.display(roster.player("ana m"))
(True, 'Ana')
>>> roster.spellings(roster.player("Ana"))
['Ana', 'Ana M', 'ana']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from ..core.names import SAVED_YOU, YOU, name_key
from ..core.undo import effective_actions

#: Arabic letters that Persian keyboards type for the Persian ones (yeh, kaf, alef maksura)
_PERSIAN_FORMS = str.maketrans({"\u064a": "\u06cc", "\u0643": "\u06a9", "\u0649": "\u06cc"})
#: the start of the key of a computer player in a practice match (no typed name has it)
COMPUTER = "\x00computer:"


def player_key(name: str) -> str:
    """The key two spellings of one name share: the table's key of a name
    (:func:`fives_tutor.core.names.name_key`: NFKC, case folded, every character that
    shows nothing removed, marks and joiners too, spaces collapsed), with the Persian
    letter forms unified (``"  Ana  M "`` → ``"ana m"``)."""
    return name_key(name).translate(_PERSIAN_FORMS)


#: the key of a practice match's learner who gave no name, in every language: the key of
#: the name saved for them (:data:`~fives_tutor.core.names.YOU`), as it always was in English
YOU_KEY = player_key(YOU)
#: the keys of the words for "you" that name that learner (see :meth:`Roster.player`)
_YOU_KEYS = frozenset(player_key(word) for word in SAVED_YOU)


def computer_key(name: str, level: str) -> str:
    """The key of the computer's player ``name`` at engine ``level`` in a practice match."""
    return f"{COMPUTER}{player_key(name)}:{level}"


def computer_name(name: str, level: str) -> str:
    """How a computer player of a practice match is shown: ``Ben (expert)``."""
    return f"{name} ({level})"


def name_actions(entries: Sequence[dict]) -> list[dict]:
    """The entries of the names journal that act: merges (both names given as text),
    undos and redos. Entries of another type are ignored (a newer fives-tutor may add some)."""
    return [entry for entry in entries if entry.get("type") in ("undo", "redo") or (
        entry.get("type") == "merge" and isinstance(entry.get("name"), str) and isinstance(entry.get("into"), str))]


def merges_of(entries: Sequence[dict]) -> list[tuple[str, str]]:
    """The merges that stand after undo and redo, in order: ``(name, into)`` pairs as typed."""
    actions = name_actions(entries)
    if not actions:
        return []
    return [(entry["name"], entry["into"]) for entry in effective_actions(actions)]


class Roster:
    """The players behind ``seats``: ``(key, name)`` pairs, once per seat of a match
    (a person's key is :func:`player_key` of the name as saved, a computer player's
    :func:`computer_key`), so that the spelling used most is the one shown; after
    ``merges`` (``(name, into)`` pairs as typed, applied in order; a merge of a name
    into the player it already is changes nothing). A player is identified by the key
    of the name it was merged into last (its *root*)."""

    def __init__(self, seats: Iterable[tuple[str, str]], merges: Sequence[tuple[str, str]] = ()) -> None:
        self._parent: dict[str, str] = {}
        self._spellings: dict[str, Counter[str]] = {}
        for key, name in seats:
            self._spellings.setdefault(key, Counter())[name] += 1
        # the word for "you" as shown (the language read in) names the learner who gave no name
        self._you_keys = _YOU_KEYS | {player_key(name) for name in self._spellings.get(YOU_KEY, ())}
        for name, into in merges:
            a, b = self.root(self._key(name)), self.root(self._key(into))
            if a != b:
                self._parent[a] = b

    def _key(self, name: str) -> str:
        """The key of a person's name as saved or typed: its own, or for the word for
        "you" of any language that no seat has as its own key, :data:`YOU_KEY`."""
        key = player_key(name)
        if key not in self._spellings and key in self._you_keys:
            return YOU_KEY
        return key

    def root(self, key: str) -> str:
        """The player (root key) that ``key`` is."""
        seen = set()
        while key in self._parent and key not in seen:
            seen.add(key)
            key = self._parent[key]
        return key

    def player(self, name: str) -> str:
        """The player (root key) of a person's name as saved or typed."""
        return self.root(self._key(name))

    def known(self, name: str) -> bool:
        """Whether ``name`` (as typed) is a person of the matches, or merged into one."""
        root = self.player(name)
        return any(self.root(key) == root for key in self._spellings)

    def keys(self, root: str) -> list[str]:
        """Every key that is the player ``root`` (its own first)."""
        return sorted((key for key in self._spellings if self.root(key) == root), key=lambda k: (k != root, k))

    def spellings(self, root: str) -> list[str]:
        """Every spelling of the player ``root`` in the matches, the one shown first."""
        shown = self.display(root)
        found = {name for key in self.keys(root) for name in self._spellings[key]}
        return sorted(found, key=lambda name: (name != shown, name))

    def display(self, root: str) -> str:
        """How the player ``root`` is shown: the spelling used most often for the key
        it was merged into (ties: the first in sorted order)."""
        counts = self._spellings.get(root)
        if not counts:  # merged into a name no match holds any more: its merged spellings
            merged = [name for key in self.keys(root) for name in self._spellings[key]]
            return sorted(merged)[0] if merged else root
        best = max(counts.values())
        return sorted(name for name, count in counts.items() if count == best)[0]

    def players(self) -> list[str]:
        """Every player (root key), in the order of their shown names."""
        roots = {self.root(key) for key in self._spellings}
        return sorted(roots, key=lambda root: (player_key(self.display(root)), root))


__all__ = ["COMPUTER", "YOU_KEY", "Roster", "computer_key", "computer_name", "merges_of", "name_actions", "player_key"]
