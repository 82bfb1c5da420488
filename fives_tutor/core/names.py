"""What a player's name may be at the table.

A name is typed before a tile or a command (``Ana 6|4``, ``Ben draw``), so it can be
none of the shell's command words and holds none of the characters of a play
(``|``, ``@``, ``=``, a space inside a play). The table's grammar
(:mod:`fives_tutor.table.grammar`) and the check of an imported match
(:mod:`fives_tutor.store.match_file`) read them here.
"""

from __future__ import annotations

#: the command words of the table's shell (English in every language), which no
#: player's name may be
WORDS = ("draw", "pass", "muggins", "undo", "redo", "hand", "hint", "board", "sheet", "history", "rules", "help",
         "quit")

__all__ = ["WORDS"]
