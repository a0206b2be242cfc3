"""The rule registry: every rule of the rule modules, keyed by code.

Each module declares its rules with :func:`auditor.rules.base.rule`; this module imports
every rule module (adding a rule family is adding a module and its import here), and
:data:`REGISTRY` is the explicit code -> rule dict built from those declarations.
:func:`get` raises on an unknown code, naming it.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from auditor.errors import AuditorError

# The rule families, one module each under auditor/rules/; importing them declares their rules.
from auditor.rules import (
    elsewhere,
    filler,
    ghost,
    lastwords,
    lurk,
    markup,
    masked,
    outsider,
    paste,
    phrases,
    piped,
    profile,
    votes,
)
from auditor.rules.base import _PENDING, Finding, Rule

__all__ = ["REGISTRY", "Finding", "Rule", "UnknownRuleError", "all_rules", "get"]


RULE_MODULES = (
    elsewhere,
    filler,
    ghost,
    lastwords,
    lurk,
    markup,
    masked,
    outsider,
    paste,
    phrases,
    piped,
    profile,
    votes,
)


class UnknownRuleError(AuditorError):
    def __init__(self, code: str, known: Iterable[str] = ()) -> None:
        self.code = code
        near = difflib.get_close_matches(code.upper(), list(known), n=3, cutoff=0.75)
        guess = f"你是不是想用 {'、'.join(near)}？" if near else ""
        super().__init__(f"未知的规则代码：{code}（{guess}运行 auditor rules 查看全部规则）")


def _load() -> dict[str, Rule]:
    registry: dict[str, Rule] = {}
    for r in _PENDING:
        if r.code in registry:
            raise RuntimeError(f"rule code {r.code} declared twice")
        registry[r.code] = r
    for r in list(registry.values()):
        for alias in r.aliases:
            registry.setdefault(alias, r)
    return registry


REGISTRY: dict[str, Rule] = _load()


def get(code: str) -> Rule:
    try:
        return REGISTRY[code]
    except KeyError:
        raise UnknownRuleError(code, REGISTRY) from None


def all_rules() -> list[Rule]:
    """Every rule once (aliases folded), in code order."""
    seen: dict[str, Rule] = {}
    for r in REGISTRY.values():
        seen.setdefault(r.code, r)
    return [seen[c] for c in sorted(seen)]
