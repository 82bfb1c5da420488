"""What a player's name may be at the table.

A name is typed before a tile or a command (``Ana 6|4``, ``Ben draw``), so it can be
none of the shell's command words and holds none of the characters of a play
(``|``, ``@``, ``=``, a space inside a play). Nor may it hold a character that shows
nothing (a zero-width space, a soft hyphen, a direction mark, a variation selector):
``Ana`` with one inside looks like ``Ana`` and would be a second player of the same
name. Only the zero-width non-joiner and joiner between two letters are kept, as
Persian (``می‌خواهم``) and the Indic scripts write words with them; two names are
the same name when they differ by those, by case, or by the form of an accented
letter (:func:`name_key`). The table's grammar (:mod:`fives_tutor.table.grammar`),
the setup of a match and the check of an imported match
(:mod:`fives_tutor.store.match_file`) read them here.

A learner who gives no name in a practice match (``fives play``) is saved as
:data:`YOU`, a word in no language (the message of the word for "you"), and shown
in the reader's language; older versions saved the word of the language of the day
(:data:`SAVED_YOU`), which is read the same way
(:func:`fives_tutor.store.journal.shown_names`).

>>> invisible_character("A\\u200bna"), invisible_character("Ana"), invisible_character("علی\\u200cرضا")
('\\u200b', None, None)
>>> name_key("Ana") == name_key("ANA") == name_key("A\\u200dna") == name_key("Ana\\ufe0f")
True
>>> name_key("Jose\\u0301") == name_key("Jos\\u00e9")
True
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from ..errors import N_

#: the longest a player's name may be, in characters: what a saved match keeps (the
#: journal and its exports refuse a longer one) and the score sheet's columns can show
MAX_NAME = 40

#: the learner's name in a practice match when they give none, as the match saves it:
#: the message of the word for "you", shown in the reader's language
YOU = N_("You")
#: the words a practice match saved for that name before it saved :data:`YOU`: the word
#: for "you" in the language of the day (the catalogs' translations of it then), read as
#: :data:`YOU` (a name the learner typed is marked as typed when it is one of them)
SAVED_YOU = ("You", "Ikaw", "Anda", "Jij", "شما")

#: the command words of the table's shell (English in every language), which no
#: player's name may be
WORDS = ("draw", "pass", "muggins", "undo", "redo", "hand", "hint", "board", "sheet", "history", "rules", "help",
         "quit")

#: characters that are not format characters (Unicode category Cf) and still show
#: nothing: the combining grapheme joiner, the Hangul fillers, the Khmer inherent
#: vowels, the Mongolian free variation selectors and the variation selectors
#: (Unicode's Default_Ignorable_Code_Point property, less what Cf already holds)
_IGNORABLE = re.compile("[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\uffa0\ufe00-\ufe0f"
                        "\U000e0100-\U000e01ef]")
#: the joiners a word may hold between two letters
_JOINERS = "\u200c\u200d"


def _hidden(char: str) -> bool:
    return unicodedata.category(char) == "Cf" or _IGNORABLE.match(char) is not None


def invisible_character(name: str) -> str | None:
    """The first character of ``name`` that shows nothing (see the module docstring),
    or None. A zero-width non-joiner or joiner between two letters is not one."""
    for index, char in enumerate(name):
        if not _hidden(char):
            continue
        if (char in _JOINERS and 0 < index < len(name) - 1 and name[index - 1].isalpha()
                and name[index + 1].isalpha()):
            continue
        return char
    return None


def name_key(name: str) -> str:
    """What makes two names the same player's: ``name`` in Unicode's compatibility form
    (NFKC: an accented letter however it was typed, full-width letters), without the
    characters that show nothing, in no case (casefold), its spaces collapsed."""
    plain = "".join(char for char in unicodedata.normalize("NFKC", name) if not _hidden(char))
    return " ".join(plain.casefold().split())


def all_different(names: Sequence[str]) -> bool:
    """Whether no two of ``names`` are one player's (:func:`name_key`: ``Ana`` and ``ANA``,
    or one with a zero-width space, are one)."""
    return len({name_key(name) for name in names}) == len(names)


__all__ = ["SAVED_YOU", "WORDS", "YOU", "all_different", "invisible_character", "name_key"]
