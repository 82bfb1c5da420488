"""The rules core: tiles, rule sets, positions and their notation, the layout, plays,
counting and scoring, the game state machine, the scorekeeper of a real table and
the hand it follows, the journal's events and their undo, and the dealer of a seeded
match.

Pure: no I/O, no printing, no language. Everything else in the package is built on
it, and it imports nothing of the package but :mod:`fives_tutor.errors` and
:mod:`fives_tutor.bounds` (checked by the import contracts in ``pyproject.toml``).
"""
