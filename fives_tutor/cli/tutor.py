"""``fives learn`` and ``fives quiz``: lessons from the rule packs, and adaptive drills."""

from __future__ import annotations

import json
import random
import sys
from typing import TYPE_CHECKING

import click

from ..bounds import whole_number
from ..errors import N_, FivesError
from ..text.i18n import _, current, localize_error, ngettext, pgettext, unknown_name
from ..text.output import echo, prompt_rows, prompt_text
from .common import (
    CliError,
    FivesCommand,
    WholeRange,
    argument,
    complete_language,
    complete_pack,
    echo_json,
    fail,
    load_pack,
    option,
    set_bidi,
)

if TYPE_CHECKING:  # start-up: prompt_toolkit is loaded only in a terminal
    from prompt_toolkit import PromptSession

# --- reading answers and writing lines: a terminal, or plain lines -----------------------------


class Console:
    """Where the tutor reads and writes: prompt_toolkit in a terminal, else plain lines.
    ``visual`` writes right-to-left lines in visual order (``--bidi visual``)."""

    def __init__(self, visual: bool = False) -> None:
        self.interactive = sys.stdin.isatty() and sys.stdout.isatty()
        self._session: PromptSession[str] | None = None
        if visual:
            set_bidi("visual")

    def show(self, text: str = "", wrap: bool = True) -> None:
        """Print ``text``; prose is wrapped to the terminal's width at word boundaries
        (before any visual reordering, so each screen row is reordered by itself)."""
        from ..text.wrap import wrap_lines  # start-up: loaded when the command runs

        # each line of the text is its own paragraph (an explanation's lines stay lines)
        lines = [piece for line in text.split("\n") for piece in (wrap_lines(line) if wrap and line.strip() else [line])]
        echo("\n".join(lines))

    def ask(self, prompt: str) -> str | None:
        """A line from the learner, or None at the end of the input."""
        if self.interactive:
            if self._session is None:
                from prompt_toolkit import PromptSession  # start-up: loaded when the command runs

                from ..table.keys import stray_escape_bindings

                self._session = PromptSession(key_bindings=stray_escape_bindings())
            session = self._session
            try:
                return session.prompt(prompt_text(prompt_rows(prompt)))
            except (EOFError, KeyboardInterrupt):
                return None
        echo(prompt)
        from ..text.lines import LineTooLong, read_line

        line = read_line(sys.stdin)  # bounded: an over-long answer is simply not right
        return "" if isinstance(line, LineTooLong) else line


def _answer_words(value) -> str:
    t = current()
    if isinstance(value, frozenset):
        if not value:
            return _("none")
        items = sorted(str(v) for v in value)
        return _(" or ").join(t.notation(v) for v in items) if items and "|" in items[0] and "@" not in items[0] \
            else " ".join(t.notation(v) for v in items)
    return t.number(value)


def _picture(step, rules) -> str:
    """The position of a step: the layout drawn to the terminal's width, or the ends as written."""
    from ..core.plays import is_layout_form  # start-up: loaded when the command runs

    t = current()
    if step.hands:
        return "\n".join(_("Player {number}: {tiles}").format(number=t.number(number), tiles=t.notation(hand))
                         for number, hand in enumerate(step.hands, start=1))
    if not step.position:
        return ""
    if is_layout_form(step.position):
        from ..core.layout import Layout
        from ..render.board_art import draw
        from ..text.wrap import terminal_width

        return draw(Layout.parse(step.position, rules), "plain", terminal_width())
    return _("Open ends: {ends}").format(ends=t.notation(step.position if step.position != "-" else "-"))


HINT_WORDS = ("?", "؟", "hint")


def _stops(reply: str | None) -> bool:
    """Whether ``reply`` ends the lesson or quiz: the end of the input, or a word of
    :func:`fives_tutor.tutor.lessons.quit_words` (``q``; a Persian keyboard's ``ض``; the language's own)."""
    from ..tutor.lessons import quit_words  # start-up: loaded when the command runs

    return reply is None or reply.strip().casefold() in quit_words()


def _quit_word() -> str:
    """The word the prompts show for stopping, in the active language."""
    from ..tutor.lessons import quit_words  # start-up: loaded when the command runs

    return quit_words()[0]


def _ask_answer(console, prompt: str, step, rules, hint: str) -> str | None:
    """Ask until the reply is an answer (right or wrong): an empty reply, or one that is
    not a number (a tile, an end, where those are asked), gets a short note and is
    asked again, as ``?`` gets the hint. Returns the answer, or None to stop."""
    from ..tutor.lessons import reply_problem  # start-up: loaded when the command runs

    while True:
        reply = console.ask(prompt)
        if _stops(reply):
            return None
        if reply.strip().lower() in HINT_WORDS:
            console.show(current().prose(hint) if hint else _("No hint for this one: count carefully."))
            continue
        problem = reply_problem(step, rules, reply)
        if problem is None:
            return reply
        console.show("  " + localize_error(problem))


def _bidi_option(function):
    return option("--bidi", type=click.Choice(["logical", "visual"]), default="logical", show_default=True,
                  help=N_("Right-to-left text: logical (terminals that do bidi) or visual (those that do not; "
                          "needs the bidi extra)."))(function)


def _common(function):
    function = option("--lang", "lang", metavar="LANG", shell_complete=complete_language,
                      help=N_("Language: en, tl, id, nl or fa (default: FIVES_LANG, then the system's)."))(function)
    return option("--rules", "rules_name", metavar="PACK", default="dominos-cc", show_default=True,
                  shell_complete=complete_pack,
                  help=N_("Rule pack: a built-in id such as dominos-cc or pagat-all-fives, or the path of a YAML file."))(function)


def _progress(readonly: bool = False):
    """The learner's progress, or a :class:`CliError`: ``readonly`` for a command that only
    reads it (it makes no file, and shows a missing one as an empty progress)."""
    from ..store.progress import Progress  # start-up: loaded when the command runs

    try:
        return Progress(readonly=readonly)
    except FivesError as error:
        raise fail(error) from None


# --- learn -----------------------------------------------------------------------------------------


def _complete_lesson(ctx, param, incomplete):
    """Shell completion of a lesson: the ids of the pack's lessons."""
    from click.shell_completion import CompletionItem  # start-up: loaded when the command runs

    from ..packs.loader import load_rules
    from ..tutor.lessons import load_lessons

    try:
        rules = load_rules(ctx.params.get("rules_name") or "dominos-cc")
        return [CompletionItem(lesson.id, help=lesson.title) for lesson in load_lessons(rules, current().code)
                if lesson.id.startswith(incomplete)]
    except (FivesError, OSError):
        return []


@click.command(short_help=N_("Lessons of the rules, step by step"), cls=FivesCommand, help=N_(
    "Lessons of the rule pack, one step at a time, with questions the engine checks. "
    "LESSON is a lesson's number or id; without it, the first lesson not yet done."))
@argument("lesson_name", metavar="[LESSON]", required=False, shell_complete=_complete_lesson)
@option("--list", "show_list", is_flag=True, help=N_("List the lessons and which are done."))
@option("--json", "as_json", is_flag=True, help=N_("Print JSON (stable keys, ASCII digits) instead of text."))
@_bidi_option
@_common
def learn(lesson_name, show_list, as_json, bidi, rules_name, lang):
    from ..tutor.lessons import LessonError, load_lessons  # start-up: loaded when the command runs

    rules = load_pack(rules_name)
    try:
        lessons = load_lessons(rules, current().code)
    except LessonError as error:
        raise fail(error) from None
    if lesson_name is not None and not lesson_name.strip():
        # an empty LESSON would quietly mean the next lesson not yet done
        raise CliError(_("give a lesson's number or id: fives learn --list shows them"))
    progress = _progress(readonly=show_list or as_json)
    console = Console(visual=bidi == "visual")
    t = current()
    try:
        learned = progress.learned()
        by_pack = progress.done_lessons(rules.id)
        done = {lesson.id for lesson in lessons if lesson.key in learned or lesson.id in by_pack}
        if show_list or as_json:
            if as_json:
                echo_json({"rules": rules.id, "lessons": [
                    {"number": number, "id": lesson.id, "title": lesson.title, "done": lesson.id in done,
                     "steps": len(lesson.steps)} for number, lesson in enumerate(lessons, start=1)]})
                return
            from ..text.table import table

            # a table measured by display width: row 10 lines up with row 9 in every language,
            # and a long title wraps in its own column
            console.show(table([("✓" if lesson.id in done else "", f"{t.number(number)}.", t.prose(lesson.title),
                                 f"({lesson.id})") for number, lesson in enumerate(lessons, start=1)]), wrap=False)
            console.show(_("{done} of {total} lessons done.").format(
                done=t.number(len(done & {lesson.id for lesson in lessons})), total=t.number(len(lessons))))
            return
        start = _start(lessons, lesson_name, done)
        for index in range(start, len(lessons)):
            lesson = lessons[index]
            if not _teach(lesson, rules, console):
                console.show(_("Stopped. Your progress is saved."))
                return
            progress.mark_done(rules.id, lesson.id, lesson.key)
            done.add(lesson.id)
            following = next((later for later in lessons[index + 1:] if later.id not in done), None) \
                if lesson_name else (lessons[index + 1] if index + 1 < len(lessons) else None)
            if lesson_name:
                console.show("")
                if following is not None:
                    console.show(_("Lesson done. Next: {title}, with fives learn {lesson}.").format(
                        title=following.title, lesson=following.id))
                else:
                    console.show(_("Lesson done. Every lesson of this pack is done: try fives quiz."))
                return
            if following is not None:
                reply = console.ask(_("Lesson done. Enter for the next one, {title}; {quit} to stop: ").format(
                    title=following.title, quit=_quit_word()))
                if _stops(reply):
                    return
        console.show("")
        console.show(_("You have been through every lesson of this pack. Try fives quiz."))
    finally:
        progress.close()


def _start(lessons, name, done) -> int:
    if not name:
        for index, lesson in enumerate(lessons):
            if lesson.id not in done:
                return index
        return 0
    from ..core.tiles import ascii_digits  # start-up: loaded when the command runs

    number = whole_number(ascii_digits(name))
    if number is not None and 1 <= number <= len(lessons):
        return number - 1
    for index, lesson in enumerate(lessons):
        if lesson.id == name:
            return index
    guess = unknown_name(N_("there is no lesson {name}: {hint}"), name, [lesson.id for lesson in lessons], name=name)
    raise CliError(guess or _("there is no lesson {name}: fives learn --list shows them").format(name=name))


def _teach(lesson, rules, console) -> bool:
    """Walk through one lesson; False when the learner stops."""
    from ..tutor.lessons import check_reply, engine_answer  # start-up: loaded when the command runs

    t = current()
    console.show("")
    console.show(f"== {t.prose(lesson.title)} ==")
    total = len(lesson.steps)
    for number, step in enumerate(lesson.steps, start=1):
        console.show("")
        console.show(ngettext("Step {number} of {count}", "Step {number} of {count}", total).format(
            number=t.number(number), count=t.number(total)))
        picture = _picture(step, rules)
        if picture:
            console.show(picture, wrap=False)
        console.show(t.prose(step.text))
        if step.question is None:
            reply = console.ask(_("(Enter to go on, {quit} to stop) ").format(quit=_quit_word()))
            if _stops(reply):
                return False
            continue
        answer = engine_answer(step, rules)
        tries = 0
        while True:
            reply = _ask_answer(console, _("Your answer (? for a hint, {quit} to stop): ").format(quit=_quit_word()),
                                step, rules, step.hint)
            if reply is None:
                return False
            if check_reply(step, rules, reply):
                console.show(_("Right! {why}").format(why=answer.why))
                break
            tries += 1
            if tries >= 2:
                console.show(_("The answer is {answer}: {why}").format(answer=_answer_words(answer.value),
                                                                      why=answer.why))
                break
            console.show(_("Not quite. Try again, or type ? for a hint."))
    return True


# --- quiz ------------------------------------------------------------------------------------------

KIND_NAMES = {
    "total": N_("open-end totals"), "play_points": N_("points of a play"), "best": N_("the best scoring tile"),
    "where": N_("where a tile may go"), "collect": N_("collecting at the end of a hand"),
    "threes": N_("fives and threes"), "spinners": N_("several spinners"),
}


KIND_HINTS = {
    "total": N_("Add the pips of every open end: a double standing at an end counts both halves, a spinner whose "
                "side is still empty counts both halves, an empty arm (N*) counts nothing."),
    "spinners": N_("Add the pips of every open end: a spinner whose side is still empty counts both halves, an empty "
                   "arm (N*) counts nothing."),
    "threes": N_("Add the open ends; a multiple of five and a multiple of three each score, as the pack says."),
    "play_points": N_("Put the tile on that end: its matching half is covered and its other half is open. Then add "
                      "the open ends again; a multiple of five scores."),
    "best": N_("Try each tile of your hand on each end it fits, and add the open ends after it."),
    "where": N_("A tile goes on an open end that shows one of its numbers. Write each end as the position shows "
                "it (6* is not 6), separated by spaces."),
    "collect": N_("Add each opponent's pips, round them as the pack says, then add what you collect."),
}


def _question(exercise) -> str:
    t = current()
    step = exercise.step
    kind = exercise.kind
    ends = t.notation(step.position) if step.position else ""
    if kind in ("total", "spinners"):
        return _("The open ends are {ends}. What is their total?").format(ends=ends)
    if kind == "threes":
        return _("The open ends are {ends}. How many points does their total score?").format(ends=ends)
    if kind == "play_points":
        return _("The open ends are {ends}, and {play} is played. How many points does it score?").format(
            ends=ends, play=t.notation(step.play))
    if kind == "best":
        return _("The open ends are {ends} and you hold {hand}. Which tile scores most now?").format(
            ends=ends, hand=t.notation(step.hand))
    if kind == "where":
        return _("The open ends are {ends}. On which ends may {tile} go? Write each end as shown, "
                 "separated by spaces.").format(ends=ends, tile=t.notation(step.hand))
    hands = t.semicolon.join(t.notation(h) for h in step.opponents)
    # one opponent or several: different sentences, not a count (ngettext would give
    # Tagalog's one form for 1, 2 and 3 opponents alike)
    if len(step.opponents) == 1:
        return _("The hand is over. Your opponent holds {hands}. How many points does the winner collect?").format(
            hands=hands)
    return _("The hand is over. The opponents hold {hands}. How many points does the winner collect?").format(
        hands=hands)


def item_id(exercise) -> str:
    """An exercise's identity, to bring it back when it was missed."""
    step = exercise.step
    return "|".join([exercise.kind, step.position or "", step.play or "", step.hand or "",
                     ";".join(step.opponents or ())])


def _step_json(exercise) -> str:
    step = exercise.step
    return json.dumps({"question": step.question, "position": step.position, "hand": step.hand, "play": step.play,
                       "opponents": list(step.opponents) if step.opponents else None})


def _missed_exercises(progress, rules, kinds, only):
    """The exercises missed before and not yet answered right (most missed first)."""
    from ..tutor.lessons import QUESTIONS, Step, engine_answer  # start-up: loaded when the command runs
    from ..tutor.quiz import Exercise

    found = []
    for kind, _item, text, _misses in progress.missed(rules.id, [k for k in kinds if only is None or k == only]):
        try:
            data = json.loads(text) if isinstance(text, str) and len(text) < 4096 else None
            # a progress file is read like any input: a damaged exercise is skipped
            if not isinstance(data, dict) or not all(isinstance(data.get(key), (str, type(None)))
                                                     for key in ("position", "hand", "play", "question")):
                continue
            if data["question"] not in QUESTIONS:
                continue
            opponents = tuple(str(o) for o in data["opponents"]) if isinstance(data.get("opponents"), list) else None
            exercise = Exercise(kind, Step("", "", data.get("position"), data.get("hand"), data.get("play"),
                                           opponents, None, data["question"], None))
            engine_answer(exercise.step, rules)  # what it needs is there, and is notation under this pack
        except (FivesError, ValueError, KeyError, TypeError, RecursionError):
            continue
        found.append(exercise)
    return found


@click.command(short_help=N_("Drills on positions from simulated play"), cls=FivesCommand, help=N_(
    "Drills made from positions of simulated play, with the count worked out after each answer. "
    "Kinds you get wrong come back more often, and so does each exercise you missed (a spaced-repetition "
    "schedule, FSRS, kept between sessions)."))
@option("--count", type=WholeRange(1, 500), metavar="N", default=10, show_default=True, help=N_("Questions to ask."))
@option("--kind", type=click.Choice(sorted(KIND_NAMES)), metavar="KIND",
        help=N_("Only this kind of exercise: {choices}."))
@option("--seed", metavar="SEED", help=N_("Seed of the positions (the same seed gives the same questions; default: a new one each time)."))
@option("--stats", is_flag=True, help=N_("Show your progress for each kind of exercise."))
@option("--print", "print_count", type=WholeRange(1, 500), metavar="N",
        help=N_("Write a worksheet of N questions with an answer key (Markdown)."))
@option("--json", "as_json", is_flag=True,
        help=N_("Print JSON: the questions with their answers, or with --stats the progress."))
@_bidi_option
@_common
def quiz(count, kind, seed, stats, print_count, as_json, bidi, rules_name, lang):
    from ..store.progress import weights  # start-up: loaded when the command runs
    from ..tutor.lessons import check_reply, engine_answer
    from ..tutor.quiz import kinds_for, pick, pool

    rules = load_pack(rules_name)
    kinds = kinds_for(rules)
    if kind and kind not in kinds:
        raise CliError(_("the rule pack {pack} has no exercises of the kind {kind}").format(pack=rules.id, kind=kind))
    console = Console(visual=bidi == "visual")
    if stats:
        progress = _progress(readonly=True)
        try:
            found_stats = progress.stats(rules.id, kinds)
            missed = progress.missed(rules.id, kinds)
            kept = progress.missed(rules.id, kinds, due_only=False)
            moment = progress.clock()
        finally:
            progress.close()
        if as_json:
            echo_json({"rules": rules.id, "kinds": [
                {"kind": item.kind, "due": item.due.isoformat(timespec="seconds") if item.due else None,
                 "stability": round(item.stability, 2) if item.stability is not None else None,
                 "answered": item.answered, "right": item.right,
                 "missed": sum(1 for m in kept if m[0] == item.kind),
                 "missed_waiting": sum(1 for m in missed if m[0] == item.kind)} for item in found_stats]})
        else:
            _show_stats(console, found_stats, missed, kept, moment)
        return
    from ..core.tiles import ascii_digits

    # a seed shown in Persian digits and typed back is the same seed
    seed = ascii_digits(seed) if seed is not None else str(random.SystemRandom().randrange(10 ** 9))
    rng = random.Random(f"{seed}:pick")
    found = pool(rules, seed)
    if print_count or as_json:
        exercises = pick(found, {}, print_count or count, rng, kind)
        answers = [engine_answer(e.step, rules) for e in exercises]
        if as_json:
            echo_json({"rules": rules.id, "seed": seed, "questions": [
                {"kind": e.kind, "question": _question(e), "position": e.step.position, "play": e.step.play,
                 "hand": e.step.hand, "opponents": list(e.step.opponents) if e.step.opponents else None,
                 "answer": sorted(map(str, a.value)) if isinstance(a.value, frozenset) else a.value,
                 "explanation": a.why} for e, a in zip(exercises, answers)]})
        else:
            echo(_worksheet(rules, seed, exercises, answers), markdown=True)
        return
    progress = _progress()
    t = current()
    try:
        exercises = pick(found, weights(progress.kind_cards(rules.id, kinds), progress.clock()), count, rng, kind)
        # exercises missed before come back first (up to a third of the session)
        again = _missed_exercises(progress, rules, kinds, kind)[:max(1, count // 3)]
        asked = {item_id(e) for e in again}
        exercises = (again + [e for e in exercises if item_id(e) not in asked])[:count]
        right = answered = 0
        for number, exercise in enumerate(exercises, start=1):
            console.show("")
            console.show(ngettext("Question {number} of {count}", "Question {number} of {count}",
                                  len(exercises)).format(number=t.number(number), count=t.number(len(exercises))))
            console.show(_question(exercise))
            reply = _ask_answer(console, _("Your answer (? for a hint, {quit} to stop): ").format(quit=_quit_word()),
                                exercise.step, rules,
                                _(KIND_HINTS[exercise.kind]))
            if reply is None:
                break
            answer = engine_answer(exercise.step, rules)
            correct = check_reply(exercise.step, rules, reply)
            answered += 1
            progress.record(rules.id, exercise.kind, correct, item_id(exercise), _step_json(exercise))
            if correct:
                right += 1
                console.show(_("Right! {why}").format(why=answer.why))
            else:
                console.show(_("Not quite: the answer is {answer}. {why}").format(
                    answer=_answer_words(answer.value), why=answer.why))
        console.show("")
        if answered:
            console.show(_("{right} right out of {count}.").format(right=t.number(right), count=t.number(answered)))
        else:  # "0 right out of 0" reads badly
            console.show(_("No question was answered."))
    finally:
        progress.close()


def _show_stats(console, stats, missed=(), kept=(), moment=None) -> None:
    """Each kind's schedule and answers, with the exercises of it missed (``kept``) and
    how many of those are due to come back now (``missed``)."""
    from ..text.table import table  # start-up: loaded when the command runs

    t = current()
    rows = []
    import datetime

    moment = moment or datetime.datetime.now(datetime.timezone.utc)
    for item in stats:
        share = t.percent(item.right / item.answered) if item.answered else "-"
        waiting = sum(1 for m in missed if m[0] == item.kind)
        wrong = sum(1 for m in kept if m[0] == item.kind)
        when = "-" if item.due is None else (_("now") if item.due <= moment else t.moment(item.due.isoformat()))
        rows.append((_(KIND_NAMES[item.kind]), when, t.number(item.answered), share, t.number(wrong),
                     t.number(waiting)))
    # a miss is due again only after FSRS's first learning step: "due now" is 0 just after a session
    console.show(table(rows, header=(_("Kind"), _("Next review"), _("Answered"), _("Right"),
                                     pgettext("quiz exercises answered wrong", "Missed"), _("Due now"))),
                 wrap=False)
    console.show(_("Each kind and each exercise you missed comes back on a spaced-repetition schedule (FSRS): "
                   "soon after a wrong answer, then after longer and longer intervals as you get it right. Kinds "
                   "you are least likely to remember come up most often."))
    console.show(_("Missed: the exercises you got wrong. Due now: those of them your next quiz asks again first; "
                   "a missed exercise is due a minute after the miss at the earliest."))


def _sentences(text: str) -> str:
    """An explanation of one line a sentence (never wrapped: engine_answer leaves that to
    where it is shown) as one paragraph: each line ended with a full stop where it has
    no closing punctuation of its own (Persian ؟ too)."""
    parts = [part.strip() for part in text.split("\n") if part.strip()]
    return " ".join(part if part.endswith((".", "!", "?", ":", "\u061f")) else part + "." for part in parts)


def _worksheet(rules, seed, exercises, answers) -> str:
    t = current()
    title = _("Worksheet")
    key = _("Answer key")
    lines = [f"# {title}: {rules.name(t.code)}", "",
             _("Seed {seed}: the same seed gives the same worksheet.").format(seed=t.typed(seed)), ""]
    for number, exercise in enumerate(exercises, start=1):
        lines.append(f"{number}. {_question(exercise)}")  # Markdown reads a list item only after ASCII digits
        lines.append("")
    lines += [f"## {key}", ""]
    for number, answer in enumerate(answers, start=1):
        why = _sentences(answer.why)
        lines.append(f"{number}. **{_answer_words(answer.value)}**: {why}")
    return "\n".join(lines)
