"""The desk's re-check after an answer, queued behind another run of the game (session 47
desk brief, item 3): its status line says 「正在重新检查」 and that it waits, never
「正在启动」 for minutes."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from auditor.desk import actions
from auditor.desk.app import AuditJob
from auditor.errors import StoreLockedError


def test_a_waiting_recheck_says_so(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    runs = iter([(StoreLockedError.exit_code, [], []), (0, ["审计完成：新帖 0"], [])])
    monkeypatch.setattr(actions, "_audit_process", lambda *a, **k: next(runs))
    monkeypatch.setattr(actions, "LOCK_RETRY", 0.0)
    job = AuditJob(state="running", recheck=True)
    game: Any = SimpleNamespace(threads=(), path=tmp_path / "g.toml")
    assert job.progress(game)["line"] == "正在重新检查（不抓取）"
    lines: list[str] = []

    def heard(data: dict[str, Any]) -> None:
        job.heard(data)
        lines.append(job.progress(game)["line"])

    actions.run_audit(game, tmp_path, heard, crawl=False)
    assert lines == ["正在重新检查（不抓取）：等另一个运行结束"], lines
    plain = AuditJob(state="running")
    plain.heard({"stage": "wait"})
    assert plain.progress(game)["line"] == "等另一个运行结束"
