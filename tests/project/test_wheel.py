"""The installed copy carries its lexicons (issue 35, session 40): the built-in lexicons and
the matcher's tables are package data under ``auditor/lexicons`` (the repository's top-level
``lexicons/`` links there).  An installed copy without them stopped at import with a
LexiconError.  The wheel is built from the package alone (pyproject.toml, README.md and
``auditor/``, copied aside: no build folder left in the repository), its files listed, then
installed outside the repository and asked for its lexicons."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests import paths

ROOT = paths.ROOT
LEXICONS = ROOT / "auditor" / "lexicons"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("src")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(ROOT / "auditor", src / "auditor", ignore=shutil.ignore_patterns("__pycache__"))
    out = tmp_path_factory.mktemp("dist")
    got = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "-q", "-w", str(out)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert got.returncode == 0, got.stderr
    (whl,) = out.glob("auditor-*.whl")
    return whl


def test_the_top_level_lexicons_folder_is_the_package_data() -> None:
    assert (ROOT / "lexicons").resolve() == LEXICONS.resolve()
    from auditor.rules.lexfiles import CONTEXT_DIR, DEFAULT_DIR

    assert LEXICONS.resolve() == DEFAULT_DIR and CONTEXT_DIR == DEFAULT_DIR / "context"


def test_the_wheel_holds_every_lexicon_file(wheel: Path) -> None:
    want = {
        p.relative_to(ROOT).as_posix()
        for p in LEXICONS.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert len(want) > 25 and "auditor/lexicons/context/senses.txt" in want
    names = set(zipfile.ZipFile(wheel).namelist())
    assert want <= names, sorted(want - names)


def test_an_installed_copy_finds_its_lexicons(wheel: Path, tmp_path: Path) -> None:
    """Installed (not editable) outside the repository, the copy loads its phrase rules and
    matches a phrase from the lexicons it carries."""
    site = tmp_path / "site"
    got = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "-q",
            "--target",
            str(site),
            str(wheel),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert got.returncode == 0, got.stderr
    code = (
        "import auditor, auditor.rules.phrases as p\n"
        "from auditor.rules.lexfiles import DEFAULT_DIR\n"
        "from auditor.rules.matcher import default_matcher\n"
        "print(auditor.__file__)\n"
        "print(DEFAULT_DIR)\n"
        "print(len(p.LEXICONS), sorted({m.category for m in default_matcher().find('你个傻逼')}))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(site), "AUDITOR_CACHE_DIR": str(tmp_path / "cache")}
    run = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    module, folder, found = run.stdout.splitlines()
    assert Path(module).is_relative_to(site) and Path(folder).is_relative_to(site)
    count, cats = found.split(" ", 1)
    assert int(count) >= 19 and "IQ" in cats
