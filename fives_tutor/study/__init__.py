"""Studying packs and players by simulated play: whole matches on seeded deals
(simulate), engine levels against each other on paired deals (duel), the role of
skill, packs compared with paired differences, the statistics behind every interval,
and spreading jobs over processes with the same results.

Pure apart from the clock a duel reads and the processes ``parallel`` starts: no
printing and no language (the text is :mod:`fives_tutor.render.study`).
"""
