"""Reports of two games never mix (issue 13, item 4): two game files with one name share
``reports/<name>/``; the folder records which store owns it and refuses another's."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.errors import ReportFolderError
from auditor.pipeline import audit
from tests import paths

REPO = paths.ROOT
SAMPLE = REPO / "examples" / "sample"


def _game(tmp_path: Path, season: str) -> Path:
    folder = tmp_path / season
    shutil.copytree(SAMPLE, folder, ignore=shutil.ignore_patterns("*.sqlite*", "*.lock"))
    game = folder / "m107.toml"
    (folder / "game.toml").rename(game)
    return game


def test_a_second_store_is_refused_in_a_report_folder_it_does_not_own(tmp_path: Path) -> None:
    reports = tmp_path / "reports"
    s1, s2 = _game(tmp_path, "s1"), _game(tmp_path, "s2")
    first = audit(s1, reports=reports)
    assert first.report is not None and first.report.parent == reports / "m107"
    before = sorted(p.name for p in (reports / "m107").iterdir())
    with pytest.raises(ReportFolderError) as info:
        audit(s2, reports=reports)
    message = str(info.value)
    # (the sample names its own store: game.sqlite beside the renamed file)
    assert "report_name" in message and str(s1.parent / "game.sqlite") in message
    assert sorted(p.name for p in (reports / "m107").iterdir()) == before  # nothing mixed
    assert (reports / "m107" / "latest").resolve() == first.report.resolve()
    # the CLI: a clear message and exit code 2, no traceback
    res = CliRunner().invoke(app, ["audit", str(s2), "--reports", str(reports), "-q"])
    assert res.exit_code == 2 and "report_name" in res.output
    # named apart, the second game has its own folder; the first keeps reporting in its own
    text = s2.read_text("utf-8").replace("[game]\n", '[game]\nreport_name = "s2-m107"\n', 1)
    s2.write_text(text, "utf-8")
    second = audit(s2, reports=reports)
    assert second.report is not None and second.report.parent == reports / "s2-m107"
    again = audit(s1, reports=reports)
    assert again.report is not None and again.report.parent == reports / "m107"


def test_a_killed_runs_leftover_files_and_links_are_swept(tmp_path: Path) -> None:
    """A run killed while claiming the folder left ``.tmp-store-PID`` (a file) for good:
    the sweep used rmtree, which ignores files and links.  A leftover of a process still
    running (another writer now) is kept."""
    import os
    import subprocess
    import sys

    from auditor.report.write import sweep_leftovers

    game_dir = tmp_path / "game"
    game_dir.mkdir()
    done = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    dead = int(done.stdout)  # a process that has ended
    (game_dir / f".tmp-store-{dead}").write_text("store\n", encoding="utf-8")
    (game_dir / f".tmp-latest-{dead}").symlink_to("nowhere")
    (game_dir / f".tmp-20261204-2200-{dead}").mkdir()
    live = game_dir / f".tmp-store-{os.getppid()}"  # a running process's
    live.write_text("store\n", encoding="utf-8")
    sweep_leftovers(game_dir)
    assert sorted(p.name for p in game_dir.iterdir()) == [live.name]
