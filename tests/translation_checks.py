"""Checks on translated text that the catalog and lesson tests share: left-to-right runs
left unmarked in Persian, and English game terms left in a translation.

The terms and the loanwords each language keeps come from the project's glossary
(GLOSSARY.md: the English column, and the words players of each language use as they
are); docs/translating.md explains both rules to translators.
"""

from __future__ import annotations

import re

from fives_tutor.text.bidi import LRM, find_runs

#: the game's words in English (GLOSSARY.md, English column), with their plural and -ed
#: forms, and two that reviewers found left in English (worksheet, fives and threes)
GAME_TERMS = (
    "domino", "dominoes", "tile", "tiles", "pip", "pips", "double", "doubles", "spinner", "spinners", "set",
    "hand", "hands", "round", "rounds", "match", "matches", "game", "games", "boneyard", "open end", "open ends",
    "multiple of five", "point", "points", "score", "scores", "play", "plays", "draw", "draws", "pass", "passes",
    "turn", "turns", "move", "moves", "lead", "leads", "crosswise", "blocked", "opponent", "opponents",
    "partner", "partners", "team", "teams", "winner", "winners", "house rules", "lesson", "lessons", "quiz",
    "layout", "arm", "arms", "side", "sides", "knock", "knocks", "chip out", "chipping out", "face down",
    "worksheet", "fives and threes",
)
#: English words a language's players use as they are (GLOSSARY.md): Tagalog keeps
#: tile, pip, double, spinner, set, round, boneyard, multiple, turn, block, pass, domino;
#: Indonesian spinner, set, pip, pass, domino; Dutch its own words that are spelled the
#: same (hand, set, score, team, partner, quiz) and spinner, domino; Persian none
LOANWORDS = {
    "tl": {"domino", "dominoes", "tile", "tiles", "pip", "pips", "double", "doubles", "spinner", "spinners", "set",
           "round", "rounds", "boneyard", "multiple of five", "turn", "turns", "pass"},
    "id": {"domino", "spinner", "spinners", "set", "pip", "pass"},
    "nl": {"domino", "spinner", "spinners", "set", "hand", "score", "scores", "team", "teams", "partner", "partners",
           "quiz"},
    "fa": set(),
}
_TERM = re.compile(r"(?<![\w-])(" + "|".join(sorted((re.escape(t) for t in GAME_TERMS), key=len, reverse=True))
                   + r")(?![\w-])", re.IGNORECASE)
#: what is not prose: placeholders, marked spans, quoted text (a command or a value
#: typed as it is), option names, commands after "fives", pack ids, notation
_NOT_PROSE = re.compile(
    "|".join([
        r"\{[^{}]*\}",
        f"{LRM}[^{LRM}]*{LRM}",
        r"'[^'\n]*'", r'"[^"\n]*"', r"«[^»\n]*»", r"„[^“\n]*“", r"“[^”\n]*”", r"‘[^’\n]*’",
        r"--?[A-Za-z][\w-]*",
        r"\bfives(?: [a-z-]+)+", r"\bpip install\b",
        r"\b[a-z]+(?:-[a-z]+)+\b",
    ]))


def unmarked_runs(text: str, digits=None) -> list[str]:
    """Left-to-right runs of a Persian text that are not between two LRMs, as written
    in ``text``. A placeholder beside notation stands for digits (a tile made of them,
    ``{a}|{b}``, is a run); elsewhere for Persian words (``{count} مهره`` is no run: the
    program fills numbers in Persian digits and marks the notation it fills in).
    ``digits`` (lesson text) first turns ASCII digits outside commands into Persian
    ones, as the program shows them; it must keep the text's length."""
    sample = digits(text) if digits else text
    sample = _PLACEHOLDER_IN_NOTATION.sub(lambda m: "\u06f0" * len(m.group(0)), sample)
    sample = _PLACEHOLDER.sub(lambda m: "\u0633" * len(m.group(0)), sample)
    return [text[start:end] for start, end in find_runs(sample)]


_PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\(\w+\)[sd]")
_PLACEHOLDER_IN_NOTATION = re.compile(r"\{[^{}]*\}(?=[|@*:])|(?<=[|@*:])\{[^{}]*\}")


def english_terms(text: str, language: str) -> list[str]:
    """English game terms left in a translation into ``language`` (loanwords of that
    language, placeholders, quoted words, marked spans, option names and commands aside)."""
    prose = _NOT_PROSE.sub(" ", text)
    allowed = LOANWORDS[language]
    # an upper-case word is a metavar (TILE@END, HAND), notation that stays as written
    return [match.group(0) for match in _TERM.finditer(prose)
            if match.group(0).lower() not in allowed and not match.group(0).isupper()]


def ascii_tiles(text: str) -> list[str]:
    """Tiles and plays written with ASCII digits in a Persian text (``5|3`` where the
    reader's digits are ``۵|۳``); commands, which keep ASCII, are not counted."""
    prose = re.sub(r"\{[^{}]*\}", " ", text)
    return [match.group(0) for match in re.finditer(r"(?<![\w|@*])[0-9]+\|[0-9]+\*?(?:@[0-9|*]+)?", prose)
            if not re.search(r"[A-Za-z]", _surrounding_run(prose, match.start()))]


def _surrounding_run(text: str, index: int) -> str:
    for start, end in find_runs(text) + [(m.start(), m.end()) for m in re.finditer(f"{LRM}[^{LRM}]*{LRM}", text)]:
        if start <= index < end:
            return text[start:end]
    return ""
