"""Rule packs: reading the YAML files of ``rules/`` (and a user's own) within bounds,
checking every key against one schema, resolving ``extends:``, and building the
:class:`~fives_tutor.core.rules.RuleSet` the core plays by.
"""
