"""Studying packs and players by simulated play: whole matches on seeded deals
(simulate), engine levels against each other on paired deals (duel), the role of
skill, packs compared with paired differences, the statistics behind every interval,
and spreading jobs over processes with the same results.

Pure apart from the clock a duel reads and the processes ``parallel`` starts: no
printing and no language (the text is :mod:`fives_tutor.render.study`).
"""

# The defaults the command line shows in its options, here in the package rather than
# in compare and skill: every command's help builds those options, and the modules
# that do the studying (and the statistics they import) load only when one runs.

#: seconds one play takes at a real table, its share of shuffling, drawing and counting
#: included (``--seconds-per-play``). nathan-long.com's All Fives page (pagat's rules)
#: gives a game 30 minutes; simulated pagat-all-fives matches take about 97 plays with
#: two players and 78 with four (greedy players, 400 matches, seed 1): 1800 s / 97 is
#: about 19 s and 1800 s / 78 about 23 s, so 20 s a play.
SECONDS_PER_PLAY = 20.0

#: the stronger level of a skill study by default: the strongest whose measured cost per
#: move keeps ``fives rules compare A B --matches 2000 --workers 2`` under a minute on
#: this project's two cores (docs/benchmarks.md, issue 14: expert costs about 1.1 ms of
#: CPU a match on the fast loop and wins 67% against greedy, defensive 1.0 ms and 64%;
#: monte-carlo at even 20 deals a move costs about 270 ms a match, two hundred times
#: as much)
DEFAULT_LEVEL = "expert"
