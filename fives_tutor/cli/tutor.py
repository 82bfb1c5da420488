"""``fives learn`` and ``fives quiz``: lessons from the rule packs, and adaptive drills."""

from __future__ import annotations

import random
import sys

import click

from ..errors import N_, FivesError
from ..i18n import _, current
from .common import CliError, FivesCommand, complete_language, complete_pack, echo_json, fail, load_pack, option


# --- reading answers and writing lines: a terminal, or plain lines -----------------------------


class Console:
    """Where the tutor reads and writes: prompt_toolkit in a terminal, else plain lines.
    ``visual`` reorders right-to-left lines for terminals that do not (python-bidi)."""

    def __init__(self, visual: bool = False) -> None:
        self.interactive = sys.stdin.isatty() and sys.stdout.isatty()
        self.visual = visual
        self._session = None
        if visual:
            try:
                import arabic_reshaper  # noqa: F401
                from bidi.algorithm import get_display  # noqa: F401
            except ImportError:
                raise CliError(_("--bidi visual needs the bidi extra: pip install 'fives-tutor[bidi]'")) from None

    def show(self, text: str = "") -> None:
        for line in text.split("\n"):
            click.echo(self._visual(line) if self.visual else line)

    def _visual(self, line: str) -> str:
        import arabic_reshaper
        from bidi.algorithm import get_display

        return get_display(arabic_reshaper.reshape(line), base_dir="R")

    def ask(self, prompt: str) -> str | None:
        """A line from the learner, or None at the end of the input."""
        if self.interactive:
            if self._session is None:
                from prompt_toolkit import PromptSession

                self._session = PromptSession()
            try:
                return self._session.prompt(self._visual(prompt) if self.visual else prompt)
            except (EOFError, KeyboardInterrupt):
                return None
        click.echo(self._visual(prompt) if self.visual else prompt)
        line = sys.stdin.readline()
        return None if line == "" else line.rstrip("\n")


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
    """The position of a step: the layout drawn, or the ends as written."""
    from ..plays import is_layout_form

    t = current()
    if step.hands:
        return "\n".join(_("Player {number}: {tiles}").format(number=t.number(number), tiles=t.notation(hand))
                         for number, hand in enumerate(step.hands, start=1))
    if not step.position:
        return ""
    if is_layout_form(step.position):
        from ..board_art import draw
        from ..layout import Layout

        return draw(Layout.parse(step.position, rules), "plain")
    return _("Open ends: {ends}").format(ends=t.notation(step.position if step.position != "-" else "-"))


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


def _progress():
    from ..progress import Progress

    try:
        return Progress()
    except FivesError as error:
        raise fail(error) from None


# --- learn -----------------------------------------------------------------------------------------


@click.command(cls=FivesCommand, help=N_(
    "Lessons of the rule pack, one step at a time, with questions the engine checks. "
    "LESSON is a lesson's number or id; without it, the first lesson not yet done."))
@click.argument("lesson_name", metavar="[LESSON]", required=False)
@option("--list", "show_list", is_flag=True, help=N_("List the lessons and which are done."))
@_bidi_option
@_common
def learn(lesson_name, show_list, bidi, rules_name, lang):
    from ..lessons import LessonError, load_lessons

    rules = load_pack(rules_name)
    try:
        lessons = load_lessons(rules, current().code)
    except LessonError as error:
        raise fail(error) from None
    progress = _progress()
    console = Console(visual=bidi == "visual")
    try:
        done = progress.done_lessons(rules.id)
        if show_list:
            for number, lesson in enumerate(lessons, start=1):
                mark = "✓" if lesson.id in done else " "
                console.show(f" {mark} {current().number(number)}. {lesson.title} ({lesson.id})")
            console.show(_("{done} of {total} lessons done.").format(
                done=current().number(sum(1 for lesson in lessons if lesson.id in done)),
                total=current().number(len(lessons))))
            return
        start = _start(lessons, lesson_name, done)
        for lesson in lessons[start:]:
            if not _teach(lesson, rules, console):
                console.show(_("Stopped. Your progress is saved."))
                return
            progress.mark_done(rules.id, lesson.id)
            if lesson_name:
                break
            following = lessons.index(lesson) + 1
            if following < len(lessons):
                reply = console.ask(_("Lesson done. Enter for the next one, q to stop: "))
                if reply is None or reply.strip().lower() == "q":
                    return
        if not lesson_name:
            console.show(_("You have been through every lesson of this pack. Try fives quiz."))
    finally:
        progress.close()


def _start(lessons, name, done) -> int:
    if not name:
        for index, lesson in enumerate(lessons):
            if lesson.id not in done:
                return index
        return 0
    from ..tiles import ascii_digits

    text = ascii_digits(name)
    if text.isdecimal() and 1 <= int(text) <= len(lessons):
        return int(text) - 1
    for index, lesson in enumerate(lessons):
        if lesson.id == name:
            return index
    raise CliError(_("there is no lesson {name}: fives learn --list shows them").format(name=name))


def _teach(lesson, rules, console) -> bool:
    """Walk through one lesson; False when the learner stops."""
    from ..lessons import check_reply, engine_answer

    console.show("")
    console.show(f"== {current().prose(lesson.title)} ==")
    for step in lesson.steps:
        console.show("")
        picture = _picture(step, rules)
        if picture:
            console.show(picture)
        console.show(current().prose(step.text))
        if step.question is None:
            reply = console.ask(_("(Enter to go on, q to stop) "))
            if reply is None or reply.strip().lower() == "q":
                return False
            continue
        answer = engine_answer(step, rules)
        tries = 0
        while True:
            reply = console.ask(_("Your answer (? for a hint, q to stop): "))
            if reply is None or reply.strip().lower() == "q":
                return False
            if reply.strip() in ("?", "؟", "hint"):
                console.show(current().prose(step.hint) if step.hint else _("No hint for this one: count carefully."))
                continue
            if check_reply(step, rules, reply):
                console.show(_("Right! {why}").format(why=answer.why))
                break
            tries += 1
            if tries >= 2:
                console.show(_("The answer is {answer}: {why}").format(answer=_answer_words(answer.value), why=answer.why))
                break
            console.show(_("Not quite. Try again, or type ? for a hint."))
    return True


# --- quiz ------------------------------------------------------------------------------------------

KIND_NAMES = {
    "total": N_("open-end totals"), "play_points": N_("points of a play"), "best": N_("the best scoring tile"),
    "where": N_("where a tile may go"), "collect": N_("collecting at the end of a hand"),
    "threes": N_("fives and threes"), "spinners": N_("several spinners"),
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
    hands = "; ".join(t.notation(h) for h in step.opponents)
    return _("The hand is over. The opponents hold {hands}. How many points does the winner collect?").format(hands=hands)


@click.command(cls=FivesCommand, help=N_(
    "Drills made from positions of simulated play, with the count worked out after each answer. "
    "Kinds you get wrong come back more often (a Leitner schedule kept between sessions)."))
@option("--count", type=click.IntRange(1, 500), default=10, show_default=True, help=N_("Questions to ask."))
@option("--kind", type=click.Choice(sorted(KIND_NAMES)), help=N_("Only this kind of exercise."))
@option("--seed", help=N_("Seed of the positions (the same seed gives the same questions)."))
@option("--stats", is_flag=True, help=N_("Show your progress for each kind of exercise."))
@option("--print", "print_count", type=click.IntRange(1, 500), metavar="N",
        help=N_("Write a worksheet of N questions with an answer key (Markdown)."))
@option("--json", "as_json", is_flag=True, help=N_("Print the questions with their answers as JSON."))
@_bidi_option
@_common
def quiz(count, kind, seed, stats, print_count, as_json, bidi, rules_name, lang):
    from ..lessons import check_reply, engine_answer
    from ..progress import weights
    from ..quiz import kinds_for, pick, pool

    rules = load_pack(rules_name)
    kinds = kinds_for(rules)
    if kind and kind not in kinds:
        raise CliError(_("the rule pack {pack} has no exercises of the kind {kind}").format(pack=rules.id, kind=kind))
    console = Console(visual=bidi == "visual")
    if stats:
        progress = _progress()
        try:
            _show_stats(console, progress.stats(rules.id, kinds))
        finally:
            progress.close()
        return
    seed = seed if seed is not None else str(random.SystemRandom().randrange(10 ** 9))
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
            click.echo(_worksheet(rules, seed, exercises, answers))
        return
    progress = _progress()
    try:
        boxes = {k: progress.box(rules.id, k) for k in kinds}
        exercises = pick(found, weights(boxes), count, rng, kind)
        right = answered = 0
        for number, exercise in enumerate(exercises, start=1):
            console.show("")
            console.show(f"{current().number(number)}/{current().number(len(exercises))}. {_question(exercise)}")
            reply = console.ask(_("Your answer (q to stop): "))
            if reply is None or reply.strip().lower() == "q":
                break
            answer = engine_answer(exercise.step, rules)
            correct = check_reply(exercise.step, rules, reply)
            answered += 1
            progress.record(rules.id, exercise.kind, correct)
            if correct:
                right += 1
                console.show(_("Right! {why}").format(why=answer.why))
            else:
                console.show(_("Not quite: the answer is {answer}. {why}").format(
                    answer=_answer_words(answer.value), why=answer.why))
        console.show("")
        console.show(_("{right} right out of {count}.").format(right=current().number(right),
                                                               count=current().number(answered)))
    finally:
        progress.close()


def _show_stats(console, stats) -> None:
    from ..render_rules import table

    t = current()
    rows = []
    for item in stats:
        share = t.percent(item.right / item.answered) if item.answered else "-"
        rows.append((_(KIND_NAMES[item.kind]), t.number(item.box), t.number(item.answered), share))
    console.show(table(rows, header=(_("Kind"), _("Box (1 to 5)"), _("Answered"), _("Right"))))
    console.show(_("A kind moves up a box with each right answer and back to box 1 when wrong; "
                   "low boxes come up more often."))


def _worksheet(rules, seed, exercises, answers) -> str:
    t = current()
    title = _("Worksheet")
    key = _("Answer key")
    lines = [f"# {title}: {rules.name(t.code)}", "",
             _("Seed {seed}: the same seed gives the same worksheet.").format(seed=seed), ""]
    for number, exercise in enumerate(exercises, start=1):
        lines.append(f"{t.number(number)}. {_question(exercise)}")
        lines.append("")
    lines += [f"## {key}", ""]
    for number, answer in enumerate(answers, start=1):
        why = " ".join(part if part.endswith((".", "!", "?", ":")) else part + "." for part in answer.why.split("\n"))
        lines.append(f"{t.number(number)}. **{_answer_words(answer.value)}**: {why}")
    return "\n".join(lines)
