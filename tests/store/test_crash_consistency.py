"""Crash consistency (issue 13, "Done when"): an audit killed with SIGKILL at random moments
(crawl, check, ledger or report, wherever the moment falls), then run again, ends with the
same report tables as an audit never interrupted, and the store passes SQLite's
``integrity_check`` after every kill.  The moments come from a seeded generator, so a
failure can be replayed; they spread over the whole length of an uninterrupted run."""

from __future__ import annotations

import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from auditor.game.gamefile import load_game
from tests import paths

REPO = paths.ROOT
TABLES = ("activity.csv", "votes.csv", "tally.csv", "findings.csv", "ledger.csv")
KILLS = 4


def _sample(folder: Path) -> Path:
    shutil.copytree(
        REPO / "examples" / "sample", folder, ignore=shutil.ignore_patterns("*.sqlite*", "*.lock")
    )
    return folder / "game.toml"


def _audit(game_path: Path, reports: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.Popen(
        [sys.executable, "-m", "auditor", "audit", str(game_path), "--reports", str(reports), "-q"],
        cwd=game_path.parent,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def _tables(reports: Path, slug: str) -> dict[str, bytes]:
    latest = reports / slug / "latest"
    return {name: (latest / name).read_bytes() for name in TABLES}


def test_killed_audits_then_a_rerun_match_an_uninterrupted_audit(tmp_path: Path) -> None:
    whole_game = _sample(tmp_path / "whole")
    started = time.monotonic()
    whole = _audit(whole_game, tmp_path / "whole-reports")
    _, err = whole.communicate(timeout=300)
    length = time.monotonic() - started
    assert whole.returncode == 0, err
    expected = _tables(tmp_path / "whole-reports", load_game(whole_game).slug)

    game_path = _sample(tmp_path / "killed")
    game = load_game(game_path)
    reports = tmp_path / "reports"
    rng = random.Random(13)
    moments = sorted(rng.uniform(0.2, length) for _ in range(KILLS))
    for moment in moments:
        proc = _audit(game_path, reports)
        time.sleep(moment)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        if game.store.exists():
            with sqlite3.connect(game.store) as db:
                assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok", moment
            db.close()
    rerun = _audit(game_path, reports)
    _, err = rerun.communicate(timeout=300)
    assert rerun.returncode == 0, err
    got = _tables(reports, game.slug)
    for name in TABLES:
        assert got[name] == expected[name], (name, moments)
    leftovers = [p.name for p in (reports / game.slug).iterdir() if p.name.startswith(".tmp-")]
    assert leftovers == []
