"""Every import is a declared dependency, and every module and command loads.

Run in CI inside a virtual environment made from nothing and filled from pyproject.toml
alone, so a module that imports an undeclared package fails here, not on a director's
fresh machine.  The static check below also catches an undeclared import on a machine
where the package happens to be installed by hand.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest
from typer.testing import CliRunner

import auditor
from tests import paths

ROOT = paths.ROOT
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
# Our own top-level packages and script folders that import each other by name.
OWN = {"auditor", "tests", "benchmarks", "scripts", "tools", "examples"}
# Files that import sibling scripts by bare name (benchmarks run as scripts).
SIBLINGS = {p.stem for d in ("benchmarks", "scripts") for p in (ROOT / d).glob("*.py")}


def _names(requirements: list[str]) -> set[str]:
    return {
        re.split(r"[\s<>=!~;\[]", r, maxsplit=1)[0].lower().replace("_", "-") for r in requirements
    }


DECLARED = _names(PYPROJECT["project"]["dependencies"])
DECLARED_TEST = DECLARED | _names(PYPROJECT["project"]["optional-dependencies"]["test"])


def _top_level_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def _undeclared(files: list[Path], declared: set[str]) -> dict[str, list[str]]:
    dists = packages_distributions()
    missing: dict[str, list[str]] = {}
    for path in files:
        for name in _top_level_imports(path):
            if name in sys.stdlib_module_names or name in OWN or name in SIBLINGS:
                continue
            providers = {d.lower().replace("_", "-") for d in dists.get(name, [])}
            if not providers or not providers & declared:
                missing.setdefault(name, []).append(path.name)
    return missing


def test_package_imports_are_declared_dependencies() -> None:
    files = sorted((ROOT / "auditor").rglob("*.py"))
    assert files
    assert _undeclared(files, DECLARED) == {}


# Declared for the package but imported by a dependency, not by auditor itself.
RUNTIME_ONLY = {
    "itsdangerous": "starlette's SessionMiddleware (the desk's sign-in cookie)",
    "python-multipart": "starlette's Request.form() (the desk's forms)",
}


def test_every_package_dependency_is_imported_by_the_package() -> None:
    # A dependency nothing in auditor/ imports belongs in the test extra (or nowhere):
    # beautifulsoup4 moved there, the benchmarks' baseline being its only user.
    dists = packages_distributions()
    files = sorted((ROOT / "auditor").rglob("*.py"))
    used = {
        d.lower().replace("_", "-")
        for path in files
        for name in _top_level_imports(path)
        for d in dists.get(name, [])
    }
    assert DECLARED - used - set(RUNTIME_ONLY) == set()
    assert set(RUNTIME_ONLY) <= DECLARED


def test_test_and_benchmark_imports_are_declared_in_the_test_extra() -> None:
    files = [
        p
        for d in ("tests", "benchmarks", "scripts", "tools", "examples")
        for p in sorted((ROOT / d).rglob("*.py"))
        if "devset" not in p.parts[-2]
    ]
    assert files
    assert _undeclared(files, DECLARED_TEST) == {}


def test_the_check_sees_an_undeclared_import(tmp_path: Path) -> None:
    # The check itself can fail: an import of a package that is installed (pytest)
    # but not declared as a package dependency is reported.
    module = tmp_path / "m.py"
    module.write_text("import pytest\nimport json\nfrom auditor import cli\n", encoding="utf-8")
    assert _top_level_imports(module) == {"pytest", "json", "auditor"}
    assert _undeclared([module], DECLARED) == {"pytest": ["m.py"]}
    assert _undeclared([module], DECLARED_TEST) == {}


def _all_modules() -> list[str]:
    names = ["auditor"]
    for info in pkgutil.walk_packages(auditor.__path__, prefix="auditor."):
        if not info.name.endswith(".__main__"):  # runs the CLI: tested below as a process
            names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", _all_modules())
def test_every_module_imports(name: str) -> None:
    importlib.import_module(name)


def _commands() -> list[list[str]]:
    import typer.main

    from auditor.cli import app

    group = typer.main.get_command(app)
    paths: list[list[str]] = []

    def walk(cmd: object, path: list[str]) -> None:
        sub = getattr(cmd, "commands", None)
        paths.append(path)
        if sub:
            for name, child in sorted(sub.items()):
                walk(child, [*path, name])

    walk(group, [])
    return paths


@pytest.mark.parametrize("path", _commands(), ids=lambda p: " ".join(p) or "auditor")
def test_every_command_loads_and_prints_help(path: list[str]) -> None:
    from auditor.cli import app

    result = CliRunner().invoke(app, [*path, "--help"])
    assert result.exit_code == 0, result.output
    assert "Usage" in result.output or "用法" in result.output


def test_python_dash_m_runs_the_cli() -> None:
    import subprocess

    res = subprocess.run(
        [sys.executable, "-m", "auditor", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == f"auditor {auditor.__version__}"


def test_version_option() -> None:
    from auditor.cli import app

    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"auditor {auditor.__version__}"
