"""The run lock (issue 13, item 6): one lock from the start of `audit` to its end, a second
run refused at once, and decisions that never wait for it and are never lost."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from auditor.errors import StoreLockedError
from auditor.game.gamefile import load_game
from auditor.ledger.decisions import decide
from auditor.ledger.ledger import load_ledger
from auditor.pipeline import audit
from auditor.store import Store
from tests import paths
from tests.report_csv import report_rows

REPO = paths.ROOT


def _sample(tmp_path: Path) -> Path:
    sample = tmp_path / "sample"
    shutil.copytree(
        REPO / "examples" / "sample", sample, ignore=shutil.ignore_patterns("*.sqlite*", "*.lock")
    )
    return sample / "game.toml"


def test_no_other_run_gets_the_lock_between_crawl_and_check(tmp_path: Path) -> None:
    game_path = _sample(tmp_path)
    game = load_game(game_path)
    tried: list[str] = []

    def crawl_then_try_the_lock(report: Any) -> None:
        # The crawl is over; the audit's check has not started. Another program tries now.
        other = Store(game.store)
        try:
            other.lock()
            tried.append("got the lock")
        except StoreLockedError:
            tried.append("refused")
        finally:
            other.close()

    result = audit(game_path, reports=tmp_path / "reports", on_crawled=crawl_then_try_the_lock)
    assert tried == ["refused"]
    assert result.report is not None and (result.report / "report.html").is_file()


def test_a_second_run_is_refused_at_once_while_the_first_writes(tmp_path: Path) -> None:
    game_path = _sample(tmp_path)
    game = load_game(game_path)
    first = Store(game.store, lock=True)
    first.db.execute("BEGIN IMMEDIATE")  # the first run is in the middle of a write
    try:
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        res = subprocess.run(
            [sys.executable, "-m", "auditor", "check", str(game_path)],
            capture_output=True,
            text=True,
            timeout=120,
            env=env,
        )
    finally:
        first.db.execute("ROLLBACK")
        first.close()
    # The write transaction is held for as long as the second run lives: had the second
    # run waited for SQLite's write lock, it would have sat out the 30 s busy timeout and
    # failed as a store fault (exit 6).  Exit 4 shows it was refused before waiting on
    # anything (the run lock comes first; opening an up-to-date store takes no write
    # lock), whatever the machine's load: a wall-clock bound here failed at 17.6 s on a
    # loaded machine.
    assert res.returncode == 4, res.stderr
    assert "另一个 auditor 进程" in res.stderr
    assert "Traceback" not in res.stderr


def test_a_decision_made_during_the_audit_is_in_its_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_path = _sample(tmp_path)
    reports = tmp_path / "reports"
    audit(game_path, reports=reports)
    game = load_game(game_path)
    with Store(game.store) as store:
        draft = load_ledger(game, store).drafts[0]

    import auditor.rules.engine as engine

    real_check = engine.check

    def decide_during_check(*args: Any, **kwargs: Any) -> Any:
        # The director decides from another program while the audit runs (no run lock).
        with Store(game.store) as other:
            decide(game, other, draft.id, "reject", note="请过假")
        return real_check(*args, **kwargs)

    monkeypatch.setattr(engine, "check", decide_during_check)
    # --full: a night that runs the check (one with nothing new runs no rule at all).
    result = audit(game_path, reports=reports, crawl=False, full=True)
    assert result.report is not None
    rows = {r["id"]: r for r in report_rows(result.report / "findings.csv")}
    assert rows[draft.id]["status"] == "已驳回"
