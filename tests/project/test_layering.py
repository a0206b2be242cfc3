"""Data moves forward only (STYLE.md): the layers are import-linter contracts in
pyproject.toml, run by .ci/run; here they are run too, shown to fail on a back edge, and
backed by two checks import-linter cannot make (imports hidden in functions, and the
report calling the engine's judging functions)."""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests import paths

REPO = paths.ROOT
PKG = REPO / "auditor"


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    exe = Path(sys.executable).parent / "lint-imports"
    return subprocess.run(
        [str(exe), "--no-cache", "--no-logo"],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_contracts_hold() -> None:
    done = lint_imports(REPO)
    assert done.returncode == 0, done.stdout + done.stderr
    contracts = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["tool"]["importlinter"]
    assert f"Contracts: {len(contracts['contracts'])} kept, 0 broken." in done.stdout


@pytest.mark.parametrize(
    ("module", "back_edge", "broken"),
    [
        ("store/db.py", "import auditor.cli.common", "pipeline layers"),
        ("report/labels.py", "import sqlite3", "only the store speaks SQLite"),
        ("rules/matcher/core.py", "import sqlite3", "only the store speaks SQLite"),
        ("rules/base.py", "import auditor.rules.registry", "rules: engine"),
        ("ledger/policy.py", "import auditor.ledger.decisions", "ledger: decisions"),
        ("rules/votebook/judge.py", "import auditor.rules.votebook.tally", "vote book: book"),
    ],
)
def test_a_back_edge_breaks_them(tmp_path: Path, module: str, back_edge: str, broken: str) -> None:
    shutil.copytree(PKG, tmp_path / "auditor", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / "auditor" / module
    target.write_text(target.read_text("utf-8") + f"\n{back_edge}  # a back edge\n", "utf-8")
    done = lint_imports(tmp_path)
    assert done.returncode == 1, done.stdout
    report = done.stdout[done.stdout.index("Broken contracts") :]
    assert broken in report
    importer = "auditor." + module.removesuffix(".py").replace("/", ".")
    assert importer in report


def test_the_sqlite3_contract_names_every_module_but_the_store() -> None:
    """A module added to the package is held to the contract too: its list names every
    top-level module and package of auditor except auditor.store."""
    contracts = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["tool"]["importlinter"]
    (sqlite,) = [c for c in contracts["contracts"] if c.get("forbidden_modules") == ["sqlite3"]]
    top = {
        "auditor." + p.name.removesuffix(".py")
        for p in PKG.iterdir()
        if (p.suffix == ".py" and p.name != "__init__.py") or (p / "__init__.py").is_file()
    }
    assert set(sqlite["source_modules"]) == top - {"auditor.store"}
    outside = [
        str(p.relative_to(REPO))
        for p in sorted(PKG.rglob("*.py"))
        if PKG / "store" not in p.parents
        and re.search(r"^\s*(import|from) sqlite3\b", p.read_text("utf-8"), re.M)
    ]
    assert outside == []


def _type_checking(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def _function_imports(tree: ast.AST) -> list[str]:
    """auditor.* imports inside a function body (a dodge around a layer or a cycle)."""
    found: list[str] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        if isinstance(node, ast.If) and _type_checking(node):
            return
        if in_function and isinstance(node, ast.ImportFrom) and node.level == 0:
            names = [node.module or ""]
        elif in_function and isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            names = []
        found.extend(f"{node.lineno}: {n}" for n in names if n.split(".")[0] == "auditor")
        inner = in_function or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        for child in ast.iter_child_nodes(node):
            visit(child, inner)

    visit(tree, False)
    return found


# Imports deferred for cold-start cost, not to dodge a layer: each follows the layers (and
# import-linter sees it).  A saved-pages crawl must not load the HTTP stack, and a night
# with nothing new loads no rule, ledger, report view or page parser (issue 16; the test
# that they stay unloaded is in tests/pipeline/test_nightly_cost.py).
DEFERRED = {
    "auditor/forum/crawl.py": {
        "auditor.forum.fetch",
        "auditor.forum.parse",  # no page changed: nothing parsed
        "auditor.forum.parse.board",  # board lists: a game that discovers its state
        "auditor.forum.parse.detect",
        "auditor.forum.spaces",  # POST-OUTSIDE over HTTP
        "auditor.forum.avatars",  # PROFILE-AVATAR over HTTP
        "auditor.forum.parse.space",  # a saved posts list
        "auditor.forum.parse.times",  # a saved page's capture time
        "auditor.forum.parallel",  # a worker process: only for a read of many saved pages
        "auditor.game.discover",
        "auditor.models",  # the page and post values: a night with nothing new makes none
    },
    # The values it reads back, on first use (a night with nothing new reads no post).
    "auditor/store/posts.py": {"auditor.models"},
    "auditor/store/sightings.py": {"auditor.models"},
    "auditor/store/verdicts.py": {"auditor.models"},
    "auditor/cli/serve.py": {"auditor.desk.app"},  # Starlette only for `serve`
    "auditor/cli/common.py": {"auditor.rules.engine"},  # open_game's warning (not `audit`)
    # typer and the command modules: not for the nightly audit's fast path.
    "auditor/cli/__init__.py": {"auditor.cli", "auditor.cli.nightly", "auditor.cli.today"},
    # `status` from the stored day loads no record or rule; `activity` and `votes` do.
    "auditor/cli/today.py": {
        "auditor.report.records",
        "auditor.rules.engine",
        "auditor.cli.nightly",
    },
    # Each stage imports its layer when it runs (a quiet night runs none of them).
    "auditor/pipeline.py": {
        "auditor.forum.crawl",
        "auditor.game.confirm",
        "auditor.game.discover",
        "auditor.ledger.decisions",
        "auditor.ledger.held",  # the days' open questions (open_questions), when asked
        "auditor.ledger.ledger",
        "auditor.report.labels",  # ... with the forum's links
        "auditor.report.records",
        "auditor.report.write",
        "auditor.rules.engine",
        "auditor.rules.proposals",
        "auditor.rules.records",
        "auditor.game.state",  # what the state lacks: a game that discovers it only
        "auditor.rules.votebook.model",  # a vote corrected on the desk: its problem in words
    },
    # The announcement reader (fold, when, announce: hundreds of patterns compiled on
    # import) only for a game that discovers its state.
    "auditor/report/records.py": {
        "auditor.game.state",
        "auditor.game.titles",
        "auditor.report.chips",  # (the time reader and the learned reading: the same)
    },
    # The matcher's sound and look-alike tables only for a vote whose target names no player.
    "auditor/rules/votebook/parse.py": {"auditor.rules", "auditor.rules.matcher"},
    # The views (jinja2, the ledger's columns, pandas) only when a report is written.
    "auditor/report/write.py": {
        "auditor.ledger.ledger",
        "auditor.report.bbcode",
        "auditor.report.drafts",  # the drafts the report shows (made only when it is written)
        "auditor.report.html",
        "auditor.report.labels",  # the spreadsheets' Chinese headers and words
        "auditor.report.parts",
        "auditor.report.records",
        "auditor.report.xlsx",
        "auditor.rules.votebook",  # a ballot's problem in words
    },
}


def test_no_auditor_import_hides_in_a_function() -> None:
    hidden = {
        str(p.relative_to(REPO)): [
            line
            for line in _function_imports(ast.parse(p.read_text("utf-8")))
            if line.split(": ", 1)[1] not in DEFERRED.get(str(p.relative_to(REPO)), set())
        ]
        for p in sorted(PKG.rglob("*.py"))
    }
    assert {k: v for k, v in hidden.items() if v} == {}
    probe = ast.parse("def f():\n    from auditor.rules.engine import check\n")
    assert _function_imports(probe) == ["2: auditor.rules.engine"]


def test_formatters_never_call_the_judging_functions() -> None:
    for p in sorted((PKG / "report").glob("*.py")):
        for node in ast.walk(ast.parse(p.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "auditor.rules.engine":
                names = {a.name for a in node.names}
                assert not names & {"check", "run_rules"}, p
