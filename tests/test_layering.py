"""Data moves forward only (STYLE.md): the import graph enforces the stage layering.

- nothing below the CLI imports the CLI;
- the crawl side (models, forum, store, game) imports no rule,
  ledger or report code;
- rules never read the ledger, decisions or reports;
- formatters (auditor.report) never run rules: they do not import the engine's checks or
  any rule module.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[1] / "auditor"


def imports(path: Path) -> set[str]:
    """Every auditor.* module a file imports (at any depth, lazy imports included)."""
    tree = ast.parse(path.read_text("utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("auditor"))
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.startswith("auditor"):
                found.add(node.module)
                found.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level:
            base = ".".join(path.relative_to(PKG.parent).with_suffix("").parts[: -node.level])
            found.add(f"{base}.{node.module}" if node.module else base)
    return found


def modules(*patterns: str) -> list[Path]:
    return sorted({p for pat in patterns for p in PKG.glob(pat)})


LAYERS = [
    (
        "nothing below the CLI imports it",
        [
            p
            for p in PKG.rglob("*.py")
            if "cli" not in p.relative_to(PKG).parts and p.name != "__main__.py"
        ],
        ("auditor.cli",),
    ),
    (
        "the crawl side imports no rules, ledger or reports",
        modules(
            "models.py",
            "forum/**/*.py",
            "store.py",
            "game/*.py",
            "errors.py",
        ),
        (
            "auditor.rules.registry",
            "auditor.rules.base",
            "auditor.rules.lurk",
            "auditor.rules.votes",
            "auditor.rules.phrases",
            "auditor.rules.markup",
            "auditor.rules.paste",
            "auditor.rules.piped",
            "auditor.rules.ghost",
            "auditor.ledger.ledger",
            "auditor.ledger.policy",
            "auditor.ledger.decisions",
            "auditor.report",
        ),
    ),
    (
        "rules never read the ledger or reports",
        modules("rules/*.py"),
        (
            "auditor.ledger.ledger",
            "auditor.ledger.policy",
            "auditor.ledger.decisions",
            "auditor.report",
        ),
    ),
    (
        "formatters never run rules",
        modules("report/*.py"),
        (
            "auditor.rules.engine.check",
            "auditor.rules.engine.run_rules",
            "auditor.rules.lurk",
            "auditor.rules.votes",
            "auditor.rules.phrases",
            "auditor.rules.markup",
            "auditor.rules.paste",
            "auditor.rules.piped",
            "auditor.rules.ghost",
        ),
    ),
]


@pytest.mark.parametrize(("what", "files", "forbidden"), LAYERS, ids=[w for w, _, _ in LAYERS])
def test_layering(what: str, files: list[Path], forbidden: tuple[str, ...]) -> None:
    assert files, what
    bad = {
        str(f.relative_to(PKG.parent)): sorted(
            m for m in imports(f) if any(m == x or m.startswith(x + ".") for x in forbidden)
        )
        for f in files
    }
    assert {k: v for k, v in bad.items() if v} == {}, what
