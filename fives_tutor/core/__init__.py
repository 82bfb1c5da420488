"""The rules core: tiles, rule sets, positions and their notation, the layout, plays,
counting and scoring, the game state machine, and the scorekeeper's state.

Pure: no I/O, no printing, no language. Everything else in the package is built on
it, and it imports nothing of the package but :mod:`fives_tutor.errors` and
:mod:`fives_tutor.bounds` (checked by the import contracts in ``pyproject.toml``).
"""
