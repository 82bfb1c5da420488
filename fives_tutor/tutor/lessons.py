"""Lessons carried by the rule packs, in every language, with questions the engine answers.

A pack names its lessons with ``lessons: lessons/dominos-cc`` (a path prefix beside
the pack); the files are ``<prefix>.<lang>.yaml``, one per language, with the same
lessons and steps in each and only the words translated. A pack that ``extends``
another inherits its lessons and replaces or adds lessons by ``id``.

A lesson file::

    lessons:
      - id: counting
        title: Counting the open ends
        steps:
          - text: "The ends show {example}. Add them up."
            position: "5 3"          # ends or layout form, drawn for the learner
            question: total          # the engine computes the answer
            answer: 8                # written for people; the tests check it
            hint: "Add every end."

Facts from the pack are placeholders (``{hand_size_2}``, ``{target_2}``,
``{spinners}`` ...), so a house pack's lessons stay true. The learner's answer is
always checked against the engine under the pack in use; an ``answer`` written in a
lesson file documents it for the pack that owns the file, and the tests check it.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import string
from collections.abc import Sequence
from typing import Any, NamedTuple, TypeVar

from ..bounds import has_control, whole_number
from ..core.game import Scoreboard, forced_lead
from ..core.plays import _end_label, board_position, legal_plays, parse_board, parse_play
from ..core.rules import RuleSet
from ..core.scoring import collect, read_remaining
from ..core.tiles import ascii_digits, format_hand, miswritten, parse_hand, parse_tile
from ..errors import N_, FivesError, NotationError, did_you_mean
from ..packs.loader import parse_yaml, read_bounded
from ..render.describe import describe, sentences
from ..render.sentences import count_expression, points_phrase, render_count
from ..text.i18n import _, activate, answer_words, current

#: what a step may ask, and what each needs besides the answer
QUESTIONS = {
    "total": ("position",),          # the open-end total of the position
    "points": ("position",),         # the points that total scores
    "play_total": ("position", "play"),
    "play_points": ("position", "play"),
    "pips": ("hand",),               # what the tiles weigh at the end of a hand
    "collect": ("opponents",),       # what the winner collects from these opponents (and ``winner``'s own pips)
    "lead": ("hands",),              # the tile that leads the first hand, dealt these hands
    "score_after": ("score", "gain"),  # a side's score after it makes ``gain`` points at ``score``
    "boneyard": ("players",),        # tiles left in the boneyard after the deal
    "best": ("position", "hand"),    # the tile of the hand that scores most now
    "where": ("position", "hand"),   # the open ends a tile may go on (one tile in hand)
}
STEP_KEYS = {"text", "position", "hand", "hands", "play", "opponents", "winner", "players", "score", "gain",
             "question", "answer", "hint"}
TEXT_KEYS = ("text", "hint")
STRUCTURE_KEYS = ("position", "hand", "hands", "play", "opponents", "winner", "players", "score", "gain", "question",
                  "answer")


#: the form of the step keys whose values are not free text
_FORMS = {
    "hands": lambda v: (isinstance(v, list) and 2 <= len(v) <= 10
                        and all(isinstance(h, str) and 0 < len(h) <= MAX_NOTATION for h in v)),
    "score": lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 100_000,
    "gain": lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 < v <= 100_000,
    "winner": lambda v: isinstance(v, (str, int)) and not isinstance(v, bool) and len(str(v)) <= MAX_NOTATION,
}


class LessonError(FivesError):
    """A lesson file that is missing, malformed, untranslated or wrong: names the file and the step."""


class Step(NamedTuple):
    """One step of a lesson: ``text`` and ``hint`` (placeholders filled), an optional
    position and what the question is about, and the written ``answer``.

    ``hands`` are the hands dealt, one per player (a ``lead`` question); ``winner``
    the winner's own tiles or pips (a ``collect`` question); ``score`` and ``gain``
    a side's score and the points it makes (a ``score_after`` question)."""

    text: str
    hint: str
    position: str | None
    hand: str | None
    play: str | None
    opponents: tuple[str, ...] | None
    players: int | None
    question: str | None
    answer: str | int | None
    hands: tuple[str, ...] | None = None
    winner: str | None = None
    score: int | None = None
    gain: int | None = None


class Lesson(NamedTuple):
    """A lesson: ``id``, ``title``, ``steps``, the ``file`` it came from, and its
    content ``key``: the same for the same lesson in two packs (the English text, the
    pack facts it shows and the engine's answers under the pack), whatever the language."""

    id: str
    title: str
    steps: tuple[Step, ...]
    file: str
    key: str = ""


def lesson_file(prefix: str, language: str) -> str:
    """The file of the lessons at ``prefix`` in ``language``."""
    return f"{prefix}.{language}.yaml"


#: a lesson file larger than this is refused
MAX_LESSON_BYTES = 512 * 1024
#: the longest text of a title, a step's text or hint, in characters
MAX_TEXT = 4000
#: the longest notation a step may give (a position, a hand, a play, an opponent's tiles)
MAX_NOTATION = 200
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}\Z")


def raw_lessons(path: str) -> list[dict]:
    """The lessons of one file as written, every key and type checked; raises :class:`LessonError`."""
    if not os.path.isfile(path):
        raise LessonError(N_("{file}: the lessons are missing in this language"), file=path)
    try:
        text = read_bounded(path, MAX_LESSON_BYTES).decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise LessonError(N_("{file}: cannot read the lessons: {reason}"), file=path, reason=str(error)) from None
    except FivesError:
        raise LessonError(N_("{file}: the file is larger than {limit} bytes"), file=path,
                          limit=MAX_LESSON_BYTES) from None
    try:
        data = parse_yaml(text, path)
    except FivesError as error:  # the reader's own message, naming this file
        raise LessonError(error.template, **error.params) from None
    if not isinstance(data, dict) or not isinstance(data.get("lessons"), list):
        raise LessonError(N_("{file}: expected a list of lessons under 'lessons:'"), file=path)
    for index, lesson in enumerate(data["lessons"], start=1):
        where = f"lessons[{index}]"
        if (not isinstance(lesson, dict) or not isinstance(lesson.get("id"), str) or not _ID.match(lesson["id"])
                or not isinstance(lesson.get("title"), str)):
            raise LessonError(N_("{file}: {step}: a lesson needs an id (letters, digits and dashes) and a title"),
                              file=path, step=where)
        unknown = set(lesson) - {"id", "title", "steps"}
        if unknown:
            raise _unknown_key(path, lesson["id"], str(sorted(map(str, unknown))[0]), ("id", "title", "steps"))
        _check_text(lesson["title"], path, lesson["id"])
        steps = lesson.get("steps")
        if not isinstance(steps, list) or not steps:
            raise LessonError(N_("{file}: {step}: a lesson needs at least one step"), file=path, step=lesson["id"])
        for number, step in enumerate(steps, start=1):
            where = f"{lesson['id']} step {number}"
            if not isinstance(step, dict) or not isinstance(step.get("text"), str):
                raise LessonError(N_("{file}: {step}: a step needs its text"), file=path, step=where)
            unknown = set(step) - STEP_KEYS
            if unknown:
                raise _unknown_key(path, where, str(sorted(map(str, unknown))[0]), sorted(STEP_KEYS))
            _check_step(step, path, where)
    return data["lessons"]


def _unknown_key(path: str, where: str, key: str, known: Sequence[str]) -> LessonError:
    """The error of a key a lesson file may not have: the key meant when one is close
    (``titel``: did you mean title?)."""
    close = did_you_mean(key, known)
    if close is not None:
        return LessonError(N_("{file}: {step}: unknown key {key}: {hint}"), file=path, step=where, key=key, hint=close)
    return LessonError(N_("{file}: {step}: unknown key {key}"), file=path, step=where, key=key)


def _check_text(text: Any, path: str, where: str) -> None:
    """A text shown to the learner: text, bounded, no control characters but line breaks,
    and placeholders written plainly as ``{name}`` (a format such as ``{x:>1500000000}``
    would build a string of any size)."""
    if not isinstance(text, str):
        raise LessonError(N_("{file}: {step}: expected text"), file=path, step=where)
    if len(text) > MAX_TEXT:
        raise LessonError(N_("{file}: {step}: a text may have at most {limit} characters"), file=path, step=where,
                          limit=MAX_TEXT)
    if has_control(text, allow="\n"):
        raise LessonError(N_("{file}: {step}: the text has a control character"), file=path, step=where)
    try:
        parts = list(string.Formatter().parse(text))
    except ValueError:  # a lone { or }
        raise LessonError(N_("{file}: {step}: a {{ or }} must open or close a placeholder such as {{target_2}} "
                             "(write {{{{ or }}}} for the brace itself)"), file=path, step=where) from None
    for _literal, name, spec, conversion in parts:
        if name is None:
            continue
        if spec or conversion or not name.isidentifier():
            raise LessonError(N_("{file}: {step}: a placeholder is a name in braces, such as {{target_2}}, "
                                 "without a format or an index"), file=path, step=where)


def _check_step(step: dict, path: str, where: str) -> None:
    """The types of a step's keys (see :data:`STEP_KEYS`) and what its question needs."""
    for key in TEXT_KEYS:
        if key in step:
            _check_text(step[key], path, where)
    for key in ("position", "hand", "play"):
        if key in step and (not isinstance(step[key], str) or len(step[key]) > MAX_NOTATION):
            raise LessonError(N_("{file}: {step}: {key} must be notation in quotes, such as \"5 3\""), file=path,
                              step=where, key=key)
    opponents = step.get("opponents")
    if "opponents" in step and (not isinstance(opponents, list) or not 1 <= len(opponents) <= 9 or any(
            isinstance(o, bool) or not isinstance(o, (str, int)) or len(str(o)) > MAX_NOTATION for o in opponents)):
        raise LessonError(N_("{file}: {step}: opponents must be a list of tiles or pip numbers"), file=path, step=where)
    players = step.get("players")
    if "players" in step and (isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 10):
        raise LessonError(N_("{file}: {step}: players must be a number of players from 2 to 10"), file=path,
                          step=where)
    answer = step.get("answer")
    if "answer" in step and (isinstance(answer, bool) or not isinstance(answer, (str, int))
                             or len(str(answer)) > MAX_NOTATION):
        raise LessonError(N_("{file}: {step}: the answer must be a number or notation"), file=path, step=where)
    question = step.get("question")
    if question is not None:
        if question not in QUESTIONS:
            close = did_you_mean(question, QUESTIONS) if isinstance(question, str) else None
            if close is not None:  # totl: did you mean total?
                raise LessonError(N_("{file}: {step}: unknown question {key}: {hint}"), file=path, step=where,
                                  key=question, hint=close)
            raise LessonError(N_("{file}: {step}: unknown question {key} (known: {choices})"), file=path,
                              step=where, key=str(question), choices=tuple(QUESTIONS))
        for needed in QUESTIONS[question]:
            if needed not in step:
                raise LessonError(N_("{file}: {step}: a {kind} question needs {key}"), file=path, step=where,
                                  kind=question, key=needed)
    for key, fits in _FORMS.items():
        if key in step and not fits(step[key]):
            raise LessonError(N_("{file}: {step}: {key} has the wrong form"), file=path, step=where, key=key)


def placeholders(rules: RuleSet) -> dict[str, str]:
    """Every fact a lesson text may use, from the pack, in the active language."""
    t = current()
    size = (rules.max_pips + 1) * (rules.max_pips + 2) // 2
    values = {"set_size": t.number(size), "max_pips": t.number(rules.max_pips),
              "max_players": t.number(rules.players.max), "min_players": t.number(rules.players.min)}
    for players in range(2, 5):
        hand = rules.players.hand_size.get(players)
        target = rules.match.target.get(players)
        values[f"hand_size_{players}"] = t.number(hand) if hand is not None else "-"
        values[f"boneyard_{players}"] = t.number(size - players * hand) if hand is not None else "-"
        values[f"target_{players}"] = t.number(target) if target is not None else "-"
    rows = {row.key: row.value for row in describe(rules)}
    names = {
        "first_lead": "rules.lead.first_hand", "later_leads": "rules.lead.later_hands", "draw_rule": "rules.turn.draw",
        "spinners": "rules.spinner.doubles", "arms_open": "rules.spinner.arms_open", "scoring": "rules.scoring",
        "collect": "rules.hand_end.collect", "rounding": "rules.hand_end.rounding", "targets": "rules.match.target",
        "exact": "rules.match.overshoot", "reserve": "rules.turn.boneyard_reserve",
        "subtract": "rules.hand_end.subtract_winner_pips",
        "wrong_claim": "rules.muggins.wrong_claim",
    }
    for name, key in names.items():
        values[name] = rows[key]
    values.update(sentences(rules))
    return values


#: facts a lesson states as whole sentences, and the phrase each replaces: a phrase after
#: a colon ("Its ends open: {arms_open}.") reads as a template in other languages. A
#: translation may still use the phrase until it is rewritten; lessons compare the two as
#: one fact.
SENTENCES = {"first_lead_sentence": "first_lead", "later_leads_sentence": "later_leads",
             "draw_rule_sentence": "draw_rule", "spinners_sentence": "spinners", "arms_open_sentence": "arms_open",
             "collect_sentence": "collect", "rounding_sentence": "rounding", "targets_sentence": "targets",
             "exact_sentence": "exact", "wrong_claim_sentence": "wrong_claim", "subtract_sentence": "subtract"}


def fields(text: str) -> set[str]:
    """The placeholder names a text uses."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def facts(text: str) -> set[str]:
    """The pack facts a text states: its placeholders, a sentence counted as the phrase
    it replaces (``{arms_open_sentence}`` and ``{arms_open}`` are one fact)."""
    return {SENTENCES.get(name, name) for name in fields(text)}


def _fill(text: str, values: dict, where: str, path: str) -> str:
    unknown = fields(text) - set(values)
    if unknown:
        raise LessonError(N_("{file}: {step}: unknown placeholder {key}"), file=path, step=where, key=sorted(unknown)[0])
    try:
        return text.format(**values)
    except (ValueError, IndexError) as error:
        raise LessonError(N_("{file}: {step}: {reason}"), file=path, step=where, reason=str(error)) from None


def load_lessons(rules: RuleSet, language: str) -> list[Lesson]:
    """The pack's lessons in ``language``, base lessons first, overridden by id.

    Raises :class:`LessonError` when a file is missing or malformed, a text uses an
    unknown placeholder, or the pack has no lessons.
    """
    if not rules.lessons:
        raise LessonError(N_("the rule pack {pack} has no lessons"), pack=rules.id, file="")

    previous = current().code
    try:
        activate("en")
        english_values = placeholders(rules)
        activate(language)  # the pack's phrases in the placeholders come from the catalog
        values = placeholders(rules)
    finally:
        activate(previous)
    ordered: dict[str, Lesson] = {}
    for prefix in rules.lessons:
        path = lesson_file(prefix, language)
        if not os.path.isfile(path):
            raise LessonError(N_("{file}: the lessons are missing in this language"), file=path)
        for raw in raw_lessons(path):
            steps = []
            for number, step in enumerate(raw["steps"], start=1):
                where = f"{raw['id']} step {number}"
                if "players" in step and step["players"] not in rules.players.hand_size:
                    raise LessonError(N_("{file}: {step}: the rule pack {pack} has no hand size for {count} players"),
                                      file=path, step=where, pack=rules.id, count=step["players"])
                opponents = step.get("opponents")
                hands = step.get("hands")
                steps.append(Step(
                    _fill(step["text"], values, where, path), _fill(step.get("hint", ""), values, where, path),
                    step.get("position"), step.get("hand"), step.get("play"),
                    tuple(str(o) for o in opponents) if isinstance(opponents, list) else None,
                    step.get("players"), step.get("question"), step.get("answer"),
                    tuple(str(h) for h in hands) if isinstance(hands, list) else None,
                    str(step["winner"]) if "winner" in step else None, step.get("score"), step.get("gain")))
            ordered[raw["id"]] = Lesson(raw["id"], _fill(raw["title"], values, raw["id"], path), tuple(steps), path,
                                        _content_key(prefix, raw["id"], english_values, steps, rules))
    return list(ordered.values())


def _content_key(prefix: str, lesson_id: str, values: dict, steps, rules: RuleSet) -> str:
    """What makes a lesson the same lesson in two packs: its English text as written,
    the facts of the pack it shows, and the engine's answers to its questions."""
    english = lesson_file(prefix, "en")
    raw = next((lesson for lesson in raw_lessons(english) if lesson["id"] == lesson_id), {}) \
        if os.path.isfile(english) else {}
    used = set(fields(str(raw.get("title", ""))))
    for step in raw.get("steps", []):
        used |= fields(str(step.get("text", ""))) | fields(str(step.get("hint", "")))
    answers = []
    for step in steps:
        if step.question is not None:
            try:
                answers.append(repr(sorted(map(str, engine_answer(step, rules).value)))
                               if step.question in ("best", "where") else engine_answer(step, rules).value)
            except (FivesError, ValueError, KeyError, TypeError):
                answers.append(None)
    data = {"lesson": raw, "facts": {name: values.get(name) for name in sorted(used)}, "answers": answers}
    return hashlib.sha1(json.dumps(data, sort_keys=True, ensure_ascii=False, default=str).encode()).hexdigest()[:20]


# --- answers --------------------------------------------------------------------------------


# Translators: the words that stop a lesson or a quiz, separated by commas; the first
# is the one the prompts show (q, quit and ض, the q key of a Persian keyboard, always work)
QUIT_WORDS = N_("q, quit")
#: the q key of a Persian keyboard types ض: it stops a lesson in every language
KEYBOARD_QUIT = ("\u0636",)


def quit_words() -> tuple[str, ...]:
    """The words that stop a lesson or a quiz in the active language (its own, listed
    by the message :data:`QUIT_WORDS`, then ``q``, ``quit`` and the q key of a Persian
    keyboard), case-folded; the first is the one prompts show."""
    return answer_words(QUIT_WORDS, ("q", "quit") + KEYBOARD_QUIT)


class Answer(NamedTuple):
    """What the engine says a question's answer is: ``value`` (a number, or for ``best``
    the set of tiles that score most) and ``why`` (a worked count in the active language)."""

    value: Any
    why: str


_T = TypeVar("_T")


def _needs(step: Step, key: str, value: _T | None) -> _T:
    """``value``, the ``key`` the step's question needs (:data:`QUESTIONS`; a lesson
    file is checked for it when read). Raises ValueError for a step built without it."""
    if value is None:
        raise ValueError(f"a {step.question} question needs {key}")
    return value


def engine_answer(step: Step, rules: RuleSet) -> Answer:
    """The engine's answer to a question step. Raises :class:`FivesError` for a step
    whose position, play or tiles are not valid notation under the pack, ValueError
    for one without what its question needs (:data:`QUESTIONS`)."""
    t = current()
    kind = step.question
    if kind in ("total", "points"):
        position = board_position(parse_board(_needs(step, "position", step.position), rules), rules)
        total = position.total(rules)
        return Answer(total if kind == "total" else rules.scoring.points_for(total), count_expression(position, rules))
    if kind in ("play_total", "play_points"):
        board = parse_board(_needs(step, "position", step.position), rules)
        play = parse_play(_needs(step, "play", step.play), board, rules)
        return Answer(play.total if kind == "play_total" else play.points, count_expression(play.after, rules))
    if kind == "pips":
        tiles = parse_hand(_needs(step, "hand", step.hand), rules.max_pips)
        pips = rules.hand_end.hand_pips(tiles)
        parts = " + ".join(t.number(rules.hand_end.hand_pips([tile])) for tile in tiles)
        return Answer(pips, f"{parts} = {t.number(pips)}" if len(tiles) > 1 else t.number(pips))
    if kind == "collect":
        given = [read_remaining(text, rules) for text in _needs(step, "opponents", step.opponents)]
        winner = read_remaining(step.winner, rules).pips if step.winner is not None else 0
        collection = collect([hand.pips for hand in given], rules, winner_pips=winner)
        shown = [format_hand(hand.tiles) if hand.tiles is not None else None for hand in given]
        # not wrapped here: the explanation is shown in a sentence, a worksheet or JSON, each its own width
        return Answer(collection.points, render_count(collection, shown, rules, fit=False))
    if kind == "lead":
        return _lead_answer(step, rules)
    if kind == "score_after":
        return _score_answer(step, rules)
    if kind == "boneyard":
        size = (rules.max_pips + 1) * (rules.max_pips + 2) // 2
        players = _needs(step, "players", step.players)
        hand = rules.players.hand_size[players]
        left = size - players * hand
        return Answer(left, f"{t.number(size)} − {t.number(players)} × {t.number(hand)} = {t.number(left)}")
    board = parse_board(_needs(step, "position", step.position), rules)
    held = parse_hand(_needs(step, "hand", step.hand), rules.max_pips)
    plays = legal_plays(board, held, rules)
    if kind == "where":
        ends = frozenset(p.end for p in plays)
        return Answer(ends, t.semicolon.join(f"{t.notation(p.notation)}: {points_phrase(p.points)}" for p in plays)
                      or _("no end: it fits nowhere"))
    # best: the tile (or tiles) whose best play scores most now
    most = max((p.points for p in plays), default=0)
    best = {p.tile for p in plays if p.points == most}
    why = t.semicolon.join(f"{t.notation(p.notation)}: {points_phrase(p.points)}" for p in plays)
    return Answer(frozenset(best), why or _("no tile fits"))


def _lead_answer(step: Step, rules: RuleSet) -> Answer:
    """The tile that must lead the first hand with ``step.hands`` dealt
    (``rules.lead.first_hand``); raises :class:`LessonError` where a lot decides."""
    hands = [parse_hand(text, rules.max_pips) for text in _needs(step, "hands", step.hands)]
    forced = forced_lead(rules.lead.first_hand, hands)
    if forced is None:
        raise LessonError(N_("{file}: {step}: under this pack a lot decides the lead"), file=rules.path,
                          step="lead")
    _player, tile = forced
    t = current()
    shown = t.notation(str(tile))
    lowest = rules.lead.first_hand == "lowest_double"
    if tile.is_double:
        why = (_("{tile} is the lowest double dealt") if lowest else _("{tile} is the highest double dealt"))
    else:
        why = (_("no double was dealt, and {tile} is the lightest tile ({pips} pips)") if lowest
               else _("no double was dealt, and {tile} is the heaviest tile ({pips} pips)"))
    return Answer(frozenset({tile}), why.format(tile=shown, pips=t.number(tile.pips)))


def _score_answer(step: Step, rules: RuleSet) -> Answer:
    """A side's score after making ``step.gain`` points at ``step.score``
    (``rules.match.target`` and ``overshoot``), with the arithmetic."""
    t = current()
    players = step.players or min(rules.match.target)
    board = Scoreboard(rules, players, range(players))
    score, gain = _needs(step, "score", step.score), _needs(step, "gain", step.gain)
    board.scores[0] = score
    board.take(0, gain)
    after = board.scores[0]
    reached = score + gain
    why = f"{t.number(score)} + {t.number(gain)} = {t.number(reached)}"
    if reached > board.target and rules.match.overshoot == "bounce":
        why += (f"; {t.number(board.target)} − ({t.number(reached)} − {t.number(board.target)})"
                f" = {t.number(after)}")
    elif reached != after:
        why += f" > {t.number(board.target)}: {t.number(after)}"
    return Answer(after, why)


def reply_problem(step: Step, rules: RuleSet, reply: str) -> NotationError | None:
    """Why ``reply`` is not an answer at all to the step (empty, not a number, not a
    tile of the hand or of the hands dealt, not an end as the position writes it), or None when it is one,
    right or wrong. A reply with a problem is asked again: it is not a wrong answer."""
    text = ascii_digits(reply.strip())
    if not text:
        return NotationError(N_("type your answer, ? for a hint, or {quit} to stop"), text=reply,
                             quit=quit_words()[0])
    if step.question == "best":
        return _tile_problem(reply, text, rules, parse_hand(_needs(step, "hand", step.hand), rules.max_pips),
                             N_("'{answer}' is not a tile: type one tile of your hand, such as {example}"),
                             N_("{tile} is not in your hand: choose one of {tiles}"))
    if step.question == "lead":
        dealt = [tile for hand in step.hands or () for tile in parse_hand(hand, rules.max_pips)]
        return _tile_problem(reply, text, rules, dealt,
                             N_("'{answer}' is not a tile: type the tile that leads, such as {example}"),
                             N_("nobody was dealt {tile}: choose one of {tiles}"))
    if step.question == "where":
        position = board_position(parse_board(_needs(step, "position", step.position), rules), rules)
        labels = {_end_label(position, index) for index in range(len(position.ends))}
        # each part as it was typed (quoted so in an error, the learner's own digits), read in ASCII digits
        for typed in (p for p in re.split(r"[\s,،]+", reply.strip()) if p):
            part = ascii_digits(typed)
            if part in labels or part in ("-", "none"):
                continue
            bare = part.rstrip("*").split("|")[0]
            similar = sorted(label for label in labels if label.rstrip("*").split("|")[0] == bare)
            if similar:
                return NotationError(N_("{given} is not how that end is written: write it as the position shows it, "
                                        "{choices}"), text=reply, given=typed, choices=" ".join(similar))
            return NotationError(N_("{given} is not an open end of {position}: write each end as it is shown, "
                                    "separated by spaces"), text=reply, given=typed, position=str(position))
        return None
    if not text.replace("٬", "").isdecimal():
        return NotationError(N_("'{answer}' is not a number: type the answer as a number, such as {example}"),
                             text=reply, answer=reply.strip(), example="15")
    return None


def _tile_problem(reply: str, text: str, rules: RuleSet, tiles: Sequence, not_a_tile: str,
                  not_there: str) -> NotationError | None:
    """Why ``text`` (the reply in ASCII digits) is not one of ``tiles``: not a tile at all
    (``not_a_tile``), or a tile not among them (``not_there``); None when it is one."""
    try:
        tile = parse_tile(text, rules.max_pips)
    except NotationError:
        meant = miswritten(text)
        if meant is not None:  # 5/5: tiles are written 5|5
            return NotationError(N_("bad tile '{tile}': tiles are written {example}"), text=reply, tile=reply.strip(),
                                 example=meant)
        return NotationError(not_a_tile, text=reply, answer=reply.strip(), example=str(tiles[0]))
    if tile not in tiles:
        return NotationError(not_there, text=reply, tile=str(tile), tiles=" ".join(map(str, tiles)))
    return None


def check_reply(step: Step, rules: RuleSet, reply: str) -> bool:
    """Whether the learner's ``reply`` (their own digits allowed) answers the step."""
    expected = engine_answer(step, rules).value
    text = ascii_digits(reply.strip())
    if step.question in ("best", "lead"):
        try:
            return parse_tile(text, rules.max_pips) in expected
        except NotationError:
            return False
    if step.question == "where":
        return frozenset(part for part in re.split(r"[\s,،]+", text) if part and part not in ("-", "none")) == expected
    text = text.replace("٬", "")  # the Persian thousands separator; a comma may be a decimal one

    return whole_number(text) == expected  # any length of digits: never converted past the bound
