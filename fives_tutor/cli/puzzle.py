"""``fives puzzle``: puzzles at the learner's level, a rating that shows progress, and
the learner's own mistakes coming back (docs/puzzles.md)."""

from __future__ import annotations

import click

from ..errors import N_, FivesError
from ..text.i18n import _, current
from ..text.output import echo
from .common import (
    CliError,
    FivesCommand,
    WholeRange,
    db_option,
    echo_json,
    fail,
    load_pack,
    option,
    progress_bar,
)
from .tutor import HINT_WORDS, Console, _bidi_option, _common, _progress, _stops

#: the themes, in the order ``--theme`` lists them
_THEMES = ("finish", "match", "spinner", "partner", "block", "giveback", "heavy", "suits", "endgame", "lookahead")


def _puzzles(rules, players, theme, own: int = 0):
    """The shipped puzzles of the pack (all, and those of ``players`` and ``theme`` when
    given), or a :class:`CliError` saying which packs have some. A pack that has none
    shipped (a house pack) but ``own`` personal puzzles kept gets none: its session
    serves the learner's own, which no theme chooses."""
    from ..tutor.puzzle_data import PuzzleError, load, shipped_packs

    try:
        found = load(rules.id)
    except PuzzleError as error:
        raise fail(error) from None
    if rules.path and not _builtin(rules):
        found = []  # a house pack: the shipped puzzles were solved under other rules
    if not found and not own:
        raise CliError(_("there are no puzzles for the rule pack {pack}: puzzles come with {packs}").format(
            pack=rules.id, packs=", ".join(shipped_packs())))
    chosen = [p for p in found if (players is None or p.players == players) and (theme is None or p.theme == theme)]
    if not chosen and not (own and theme is None):
        raise CliError(_("the rule pack {pack} has no puzzles of that kind: try without --theme or --players").format(
            pack=rules.id))
    return found, chosen


def _builtin(rules) -> bool:
    """Whether ``rules`` is a built-in pack as shipped (a house pack with the same id
    would make the puzzles' answers wrong)."""
    import os

    from ..packs.loader import builtin_dir

    return os.path.dirname(os.path.realpath(rules.path)) == os.path.realpath(builtin_dir())


def _style() -> str:
    from ..render.board_art import unicode_tiles_supported

    return "unicode" if unicode_tiles_supported() else "plain"


def _ask_play(console, situation, hint: str):
    """Ask until the reply is a play (right or wrong): ``?`` gets the hint, a reply that
    is not a legal play gets a short note and is asked again. Returns the play, or None
    to stop."""
    from ..table.puzzle_text import question_line
    from ..text.i18n import localize_error
    from ..tutor.puzzles import reply_play

    while True:
        reply = console.ask(question_line())
        if _stops(reply):
            return None
        if reply.strip().lower() in HINT_WORDS:
            console.show(hint)
            continue
        found = reply_play(situation, reply)
        if not isinstance(found, FivesError):
            return found
        console.show("  " + localize_error(found))


def _target(rules, players: int) -> int | None:
    return rules.match.target.get(players)


def _serve(console, progress, rules, puzzle, number: int, count: int, reviewing: bool) -> bool | None:
    """One shipped puzzle: shown, answered, explained, kept. Returns whether it was
    solved, or None when the learner stopped."""
    from ..store import puzzle_progress as kept
    from ..table import puzzle_text as text
    from ..tutor.puzzles import is_answer, situation_of, told

    situation = situation_of(puzzle, rules)
    console.show("")
    console.show(text.header_line(number, count, rules.id, puzzle.players, puzzle.rating))
    if reviewing:
        console.show(_("A puzzle you missed before, back on your schedule."))
    width = _width()
    for line in text.position_lines(situation, puzzle.scores, _target(rules, puzzle.players), puzzle.match,
                                    _style(), width):
        console.show(line, wrap="\n" not in line)
    chosen = _ask_play(console, situation, text.theme_hint(puzzle.theme))
    if chosen is None:
        return None
    solved = is_answer(puzzle, chosen)
    first = puzzle.id not in kept.answered(progress, rules.id)
    before, after = kept.record(progress, rules.id, puzzle.id, puzzle.theme, puzzle.rating, solved,
                                rated=first and not reviewing)
    shown = told(puzzle, situation, chosen)
    console.show(text.verdict_line(solved, puzzle.answer))
    for line in text.reason_lines(shown.reason, shown.mine):
        console.show(line)
    figures, notes = text.plays_table(shown.ranked, puzzle.answer, chosen.notation, puzzle.level, puzzle.samples,
                                      puzzle.match)
    console.show("\n".join(figures), wrap=False)  # the table fits the terminal by itself
    for note in notes:
        console.show(note)
    if first and not reviewing:
        console.show(text.rating_line(before.rating, after.rating, after.rd))
    return solved


#: a personal puzzle that cannot be rebuilt (a damaged entry, rules that no longer load)
SKIPPED = "skipped"


def _serve_personal(console, progress, identity: str, number: int, count: int) -> bool | str | None:
    """One personal puzzle (a mistake from the learner's own games): whether it was
    solved; None when the learner stopped; :data:`SKIPPED` when it cannot be rebuilt
    (it is left out and takes no place in the session)."""
    from ..store import personal as mine
    from ..store import puzzle_progress as kept
    from ..table import puzzle_text as text
    from ..table.coach_text import reason_text
    from ..tutor.coach import Judgement

    data = kept.personal(progress, identity)
    found = mine.load(identity, data) if data is not None else None
    if found is None:
        return SKIPPED
    try:
        situation = mine.situation_of(found)
    except FivesError:
        return SKIPPED
    data = found.data
    console.show("")
    console.show(text.header_line(number, count, found.rules.id, data["players"], None))
    console.show(text.personal_intro(data))
    target = _target(found.rules, data["players"])
    from ..tutor.puzzles import near_target

    weighed = near_target(data["scores"], found.rules, data["players"])
    for line in text.position_lines(situation, data["scores"], target, weighed, _style(), _width()):
        console.show(line, wrap="\n" not in line)
    original = Judgement.from_dict(data.get("judgement"))
    theme = {"points": "lookahead", "reply": "giveback", "heavy": "heavy", "block": "block", "suits": "suits",
             "match": "match"}.get(str(data.get("kind")), "lookahead")
    chosen = _ask_play(console, situation, text.theme_hint(theme))
    if chosen is None:
        return None
    try:
        judged = mine.judge_answer(found, situation, chosen)
    except FivesError as error:
        raise fail(error) from None
    solved = judged.verdict in ("best", "fine") and chosen.notation != data["played"]
    kept.record(progress, found.rules.id, identity, theme, 0.0, solved, rated=False, scope="personal")
    t = current()
    if solved:
        console.show(_("Right! The coach marks {play} {verdict}.").format(
            play=t.notation(chosen.notation), verdict=_verdict(judged.verdict)))
    else:
        console.show(_("Not this time: the coach's best play is {play}.").format(play=t.notation(judged.best)))
        if judged.speaks and chosen.notation != data["played"]:
            console.show(_("Your play: {reason}.").format(reason=reason_text(judged)))
    if original is not None and original.speaks:
        console.show(_("In the match: {reason}.").format(reason=reason_text(original)))
    return solved


def _verdict(verdict: str) -> str:
    from ..table.coach_text import verdict_word

    return verdict_word(verdict)


def _width() -> int:
    from ..text.wrap import terminal_width

    return terminal_width()


def _harvest(progress, db) -> int:
    """New personal puzzles from the saved games (a progress bar on a terminal, once a
    game is being read: full when the reading ends, cleared when it is stopped)."""
    from ..store.personal import harvest

    with progress_bar(_("Reading your games"), at_once=False) as bar:
        return harvest(progress, db, bar.reach)


@click.command(short_help=N_("Puzzles at your level, and your own mistakes coming back"), cls=FivesCommand, help=N_(
    "Positions where one play is clearly best, one at a time at your level: answer with a play as at the "
    "table (6|4@6), ? for a hint that names the idea. After each answer, the value of every play and the "
    "coach's reason. Your rating (Glicko-2) moves with your answers; puzzles you miss, and the mistakes the "
    "coach found in your own games (fives play, or fives table with your hand given), come back on a "
    "spaced-repetition schedule (FSRS)."))
@option("--count", type=WholeRange(1, 100), metavar="N", default=10, show_default=True,
        help=N_("Puzzles to serve."))
@option("--theme", type=click.Choice(_THEMES), metavar="THEME", help=N_("Only puzzles of this theme: {choices}."))
@option("--players", type=WholeRange(2, 4), metavar="N", help=N_("Only puzzles with this many players."))
@option("--stats", is_flag=True, help=N_("Show your rating, its history and the themes that cost you the most."))
@option("--print", "print_count", type=WholeRange(1, 200), metavar="N",
        help=N_("Write a worksheet of N puzzles with an answer key (Markdown)."))
@option("--json", "as_json", is_flag=True,
        help=N_("Print JSON: the puzzles chosen for you with their answers, or with --stats your progress."))
@db_option(help=N_("The saved-games file your own mistakes are read from (default: in your data folder, or "
                      "$FIVES_HOME)."))
@_bidi_option
@_common
def puzzle(count, theme, players, stats, print_count, as_json, db, bidi, rules_name, lang):
    from ..store import puzzle_progress as kept

    rules = load_pack(rules_name)
    console = Console(visual=bidi == "visual")
    progress = _progress(readonly=bool(stats or print_count or as_json))
    try:
        if stats:
            _stats(console, progress, as_json)
            return
        if print_count or as_json:
            every, chosen = _puzzles(rules, players, theme)
            rating = kept.learner(progress).rating
            picked = _choose(chosen, rating, print_count or count, set())
            if as_json:
                from ..tutor.puzzles import summary_of

                echo_json({"rules": rules.id, "rating": round(rating, 1),
                           "puzzles": [summary_of(p) for p in picked]})
            else:
                echo(_worksheet(rules, picked), markdown=True)
            return
        _session(console, progress, rules, count, db, players, theme)
    except FivesError as error:
        raise fail(error) from None
    finally:
        progress.close()


def _choose(puzzles, rating: float, count: int, avoid: set[str]) -> list:
    """``count`` puzzles of rising rating from a little below ``rating``."""
    from ..tutor.puzzles import pick, session_targets

    picked = []
    taken = set(avoid)
    for target in session_targets(rating, count):
        found = pick(puzzles, target, taken)
        if found is None:
            break
        picked.append(found)
        taken.add(found.id)
    return sorted(picked, key=lambda p: p.rating)


def _session(console, progress, rules, count, db, players, theme) -> None:
    """A session of ``rules``: the learner's own puzzles of this pack due (read first from
    the saved games, when no theme is asked), the shipped puzzles missed before, then new
    ones. A personal puzzle belongs to the pack it was played under and is served only in
    its sessions; a pack with no shipped puzzles (a house pack) serves them alone."""
    from ..store import puzzle_progress as kept
    from ..tutor.puzzles import START_BELOW, STEP, pick

    t = current()
    known: set[str] = set()
    if theme is None:
        known = set(kept.due(progress, rules.id, "personal"))
        _harvest(progress, db)
    own = kept.personal_count(progress, rules.id)
    every, chosen = _puzzles(rules, players, theme, own)
    by_id = {p.id: p for p in every}
    personal = [("personal", i) for i in kept.due(progress, rules.id, "personal")] if theme is None else []
    missed = [("puzzle", i) for i in kept.due(progress, rules.id, "puzzle") if i in by_id
              and (players is None or by_id[i].players == players)
              and (theme is None or by_id[i].theme == theme)]
    again = (personal + missed)[:max(1, count // 3) if every else count]
    # announced: the new puzzles of the learner's games that this session serves
    added = sum(scope == "personal" and identity not in known for scope, identity in again)
    if added:
        console.show(ngettext_added(added))
    answered = kept.answered(progress, rules.id)
    # the session rises from a little below the rating the learner starts it with
    start = kept.learner(progress).rating
    served = right = 0
    number = 0
    fresh = 0
    last = None
    while number < count:
        number += 1
        if again:
            scope, identity = again.pop(0)
            if scope == "personal":
                result = _serve_personal(console, progress, identity, number, count)
            else:
                result = _serve(console, progress, rules, by_id[identity], number, count, True)
        else:
            found = pick(chosen, start - START_BELOW + STEP * fresh, answered, floor=last)
            if found is None:
                console.show("")
                console.show(_("You have answered every puzzle of this kind: the ones you missed come back on "
                               "their schedule."))
                break
            fresh += 1
            last = found.rating
            answered.add(found.id)
            result = _serve(console, progress, rules, found, number, count, False)
        if result is None:
            break
        if result == SKIPPED:
            number -= 1
            continue
        served += 1
        right += bool(result)
    console.show("")
    if served:
        console.show(_("{right} right out of {count}.").format(right=t.number(right), count=t.number(served)))
        now = kept.learner(progress)
        console.show(_("Your puzzle rating: {rating} ± {rd}.").format(rating=t.number(round(now.rating)),
                                                                      rd=t.number(round(now.rd))))
    else:
        console.show(_("No puzzle was answered."))


def ngettext_added(count: int) -> str:
    from ..text.i18n import ngettext

    return ngettext("{count} new puzzle from your own games: it comes first.",
                    "{count} new puzzles from your own games: they come first.", count).format(
        count=current().number(count))


def _stats(console, progress, as_json: bool) -> None:
    from ..store import puzzle_progress as kept
    from ..table.puzzle_text import stats_lines, theme_costs

    answers = kept.answers(progress)
    rating = kept.learner(progress)
    personal = kept.personal_count(progress)
    if as_json:
        echo_json({"rating": round(rating.rating, 1), "rd": round(rating.rd, 1),
                   "volatility": round(rating.volatility, 6),
                   "answers": [{"at": a.at, "pack": a.pack, "puzzle": a.puzzle, "theme": a.theme, "solved": a.solved,
                                "rating": round(a.rating, 1), "rd": round(a.rd, 1),
                                "puzzle_rating": round(a.puzzle_rating, 1)} for a in answers],
                   "themes": [{"theme": theme, "lost": round(lost, 1), "missed": missed, "answered": total}
                              for theme, lost, missed, total in theme_costs(answers)],
                   "personal": personal})
        return
    for line, prose in stats_lines(answers, rating, personal, min(_width(), 80)):
        console.show(line, wrap=prose)


def _worksheet(rules, puzzles) -> str:
    """A worksheet of ``puzzles`` with an answer key (Markdown)."""
    from ..table import puzzle_text as text
    from ..tutor.puzzles import situation_of, told

    t = current()
    # the words outside f-strings: gettext's extraction reads no call inside one
    lines = ["# " + _("Puzzles: {pack}").format(pack=rules.name(t.code)), ""]
    keys = []
    for number, puzzle in enumerate(puzzles, start=1):
        situation = situation_of(puzzle, rules)
        lines.append(f"{number}. " + text.header_line(number, len(puzzles), rules.id, puzzle.players,
                                                      puzzle.rating))
        for line in text.position_lines(situation, puzzle.scores, _target(rules, puzzle.players), puzzle.match,
                                        "plain", 10_000):
            if "\n" in line:
                lines += ["", "   ```", *("   " + row for row in line.split("\n")), "   ```", ""]
            else:
                lines.append(f"   {line}")
        lines.append("")
        shown = told(puzzle, situation, None)
        keys.append(f"{number}. **{t.notation(puzzle.answer)}** ({text.theme_name(puzzle.theme)}). "
                    + " ".join(text.reason_lines(shown.reason, None)))
    lines += ["## " + _("Answer key"), ""] + keys
    return "\n".join(lines)
