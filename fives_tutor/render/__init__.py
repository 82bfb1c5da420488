"""Results as text for people (in the active language) or as JSON-ready values:
sentences for positions, plays and counts, rule packs in words, simulated comparisons,
the board picture, and the stable shapes of ``--json``.

Nothing here computes a rule: every number comes from the core, the engine or study.
"""
