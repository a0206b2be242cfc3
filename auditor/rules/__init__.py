"""Rules: the engine, the rule registry and one module per rule family.

The registry (code -> rule) is :mod:`auditor.rules.registry`; the engine that places posts
and runs the rules is :mod:`auditor.rules.engine`; text helpers (lexicon, matcher, colours)
and the vote book (:mod:`auditor.rules.votebook`) sit beside the rule modules that use them.
"""
