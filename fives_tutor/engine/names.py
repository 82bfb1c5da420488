"""The engine's level names and default budget, in one place (no imports, so that the
command line can offer them without loading the engine).

``best``, ``duel`` and ``simulate`` offer :data:`LEVEL_NAMES`; ``duel`` and ``simulate``
also the ``random`` player (:data:`PLAYING_LEVELS`).
"""

#: the engine levels, as ``fives best``, ``fives duel`` and ``fives simulate`` offer them
LEVEL_NAMES = ("auto", "expert", "monte-carlo", "exact", "defensive", "greedy")

#: the level used when none is named
DEFAULT_LEVEL = "auto"

#: levels a whole match can be played with (``duel``, ``simulate``): the levels and a random player
PLAYING_LEVELS = LEVEL_NAMES + ("random",)

#: Monte Carlo deals a candidate by default (``fives best``, ``fives duel``, ``hint`` and the
#: coach: one budget, so that they give one answer): 200 won 6.7 points more of the matches
#: against ``expert`` than 100 on the same 300 deals (+2.8 to +10.5), at twice the CPU;
#: ``fives best`` shares it among the cores, and no answer takes a second on one core
#: (docs/benchmarks.md, issue 20)
DEFAULT_SAMPLES = 200

#: seconds a player of one's own (``fives duel bot.py:Bot``) may take to answer a move by
#: default (``fives duel --move-time``; :mod:`fives_tutor.study.outside`); the levels here
#: take a few milliseconds (the fast ones) to half a second (the search's budget)
MOVE_TIME = 2.0

#: points a match win is worth to the search, beyond the points themselves
WIN_VALUE = 300

__all__ = ["DEFAULT_LEVEL", "DEFAULT_SAMPLES", "LEVEL_NAMES", "MOVE_TIME", "PLAYING_LEVELS", "WIN_VALUE"]
