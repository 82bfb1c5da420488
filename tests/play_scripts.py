"""Helpers for the practice-match tests: a practice match in a fresh journal, and the
lines a simple player types for a whole match (computed by playing the match in
process, so that the same lines can be piped into ``fives play`` with the same seed)."""

from __future__ import annotations

import os

from fives_tutor.packs.loader import load_pack_data, rules_from_data
from fives_tutor.store.journal import Journal, shown_names
from fives_tutor.table.practice import Practice, setup

NAMES = ["You", "Ana", "Ben", "Cy"]


def new_practice(db: str, pack: str = "dominos-cc", players: int = 2, seed: str = "5", level: str = "greedy",
                 coach: str = "on", names: list[str] | None = None,
                 levels: list[str] | None = None) -> tuple[Journal, Practice]:
    """A practice match like ``fives play --seed SEED --players N --rules PACK`` makes one
    (the learner gives no name: ``You``, as the match saves it), or with ``names`` as the
    match saves them (an older fives-tutor saved the learner as the word for "you" of the
    language of the day, ``Jij``), and ``levels`` one for each computer player."""
    journal = Journal(db)
    data, path = load_pack_data(pack)
    rules = rules_from_data(data, path)
    saved = list(names or NAMES[:players])
    chosen = setup(seed, 0, [None] + (levels or [level] * (players - 1)), coach)

    def create() -> int:
        return journal.create_match(saved, None, rules.id, path, data, "en", chosen)

    return journal, Practice(journal, None, rules, shown_names(saved, chosen), None, chosen, create=create)


def first_line(db: str, seed: str, players: int = 2, levels: list[str] | None = None) -> str:
    """The learner's first line in ``fives play --seed SEED --players N`` (its computer
    players at ``levels``, default the default level), after what the computer plays first."""
    journal, practice = new_practice(db, players=players, seed=seed, levels=levels)
    try:
        while practice.step() is not None:
            pass
        return simple_line(practice)
    finally:
        journal.close()


def simple_line(practice: Practice) -> str:
    """What a beginner types: the play that scores least (the last of the legal plays,
    which come most points first; announced under muggins), else draw, else pass."""
    legal = practice.legal()
    if legal:
        play = legal[-1]
        if practice.rules.muggins.announce and play.points:
            return f"{play.notation} ={play.points}"
        return play.notation
    return "draw" if practice.dealer.hand.can_draw() else "pass"


def play_moves(db: str, moves: int, seed: str = "5", pack: str = "dominos-cc", players: int = 2) -> None:
    """A practice match (:func:`new_practice`) in which the learner makes ``moves`` moves
    with :func:`simple_line` (the computer's between them); it stays saved in ``db``."""
    journal, practice = new_practice(db, pack, players, seed)
    try:
        for _ in range(moves):
            while practice.step() is not None:
                pass
            practice.handle(simple_line(practice))
    finally:
        journal.close()


def first_mistake(db: str, seed: str = "5", names: list[str] | None = None, pack: str = "dominos-cc"):
    """Play a practice match (:func:`new_practice`) with :func:`simple_line` until the coach
    judges a play of the learner's an inaccuracy or a mistake; that judgement (the match
    stays saved in ``db``, unfinished)."""
    journal, practice = new_practice(db, pack=pack, seed=seed, names=names)
    mistake = None
    try:
        while mistake is None:
            while practice.step() is not None:
                pass
            practice.handle(simple_line(practice))
            mistake = next((j for j in practice.judgements() if j.speaks), None)
    finally:
        journal.close()
    return mistake, practice


def whole_match(tmp_path, pack: str, players: int, seed: str, coach: str = "on") -> tuple[list[str], list[dict]]:
    """The lines of a whole match played by :func:`simple_line`, and the journal's events."""
    db = os.path.join(str(tmp_path), f"script-{pack}-{players}-{seed}.sqlite3")
    journal, practice = new_practice(db, pack, players, seed, coach=coach)
    lines = []
    try:
        while True:
            while practice.step() is not None:
                pass
            if practice.state.over:
                break
            line = simple_line(practice)
            assert practice.handle(line).kind == "done", line
            lines.append(line)
        return lines, journal.events(practice.match_id)
    finally:
        journal.close()
