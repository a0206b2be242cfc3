"""docs/rules.md is generated from the registry and must be up to date."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from auditor.rules.registry import all_rules

ROOT = Path(__file__).resolve().parent.parent


def _gen() -> object:
    spec = importlib.util.spec_from_file_location(
        "gen_rule_docs", ROOT / "scripts" / "gen_rule_docs.py"
    )
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_rule_reference_is_up_to_date() -> None:
    text = _gen().render()  # type: ignore[attr-defined]
    for r in all_rules():
        assert f"## {r.code}" in text
    current = (ROOT / "docs" / "rules.md").read_text("utf-8")
    assert current == text, "docs/rules.md is out of date: run python scripts/gen_rule_docs.py"
