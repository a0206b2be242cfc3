"""docs/rules.md is generated from the registry and must be up to date."""

from __future__ import annotations

import importlib.util
import inspect

from auditor.rules.registry import all_rules
from tests import paths

ROOT = paths.ROOT


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


def test_rule_docs_render_as_prose_not_code_blocks() -> None:
    # A docstring's later lines keep the source's indentation unless cleaned: in Markdown
    # four leading spaces make a code block.  Every unindented line of a rule's doc (an
    # indented one is a deliberate ``::`` example) stands unindented in docs/rules.md.
    current = (ROOT / "docs" / "rules.md").read_text("utf-8").splitlines()
    lines = set(current)
    for r in all_rules():
        assert r.doc == inspect.cleandoc(r.check.__doc__ or ""), r.code
        prose = [ln for ln in r.doc.splitlines() if ln.strip() and not ln.startswith(" ")]
        assert len(prose) >= 2, r.code
        missing = [ln for ln in prose if ln not in lines]
        assert missing == [], (r.code, missing[:2])


def test_a_rule_code_leads_to_its_code_and_cases_from_docs_rules_md() -> None:
    # The README's promise: from a rule code, docs/rules.md (documentation, options,
    # defaults, every preset's value and citation) names the code file that declares it
    # and the case files that run it -- three files in all.
    import re

    current = (ROOT / "docs" / "rules.md").read_text("utf-8")
    sections = re.split(r"^## ", current, flags=re.M)
    for r in all_rules():
        section = next(s for s in sections if s.startswith(f"{r.code}\n"))
        m = re.search(r"^代码：`([^`]+)`；用例：(.+)$", section, re.M)
        assert m, r.code
        code_file = ROOT / m.group(1)
        assert f'"{r.code}"' in code_file.read_text("utf-8"), (r.code, "not declared there")
        cases = re.findall(r"`([^`]+)`", m.group(2))
        assert cases, r.code
        for c in cases:
            text = (ROOT / c).read_text("utf-8")
            assert f'code = "{r.code}"' in text or f'"{r.code}"' in text, (r.code, c)
