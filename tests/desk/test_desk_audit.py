"""A decision made in the desk while `auditor audit` runs on the same game is kept: the
decision is its own short transaction (no run lock), and the audit, which holds the lock
from start to end, reads the decisions before it writes the ledger and the report."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

from auditor.game.gamefile import load_game
from auditor.report.write import latest_dir
from auditor.store import Store
from tests.desk_helpers import csrf, desk_game, desk_server, draft_ids, flashes
from tests.forum_server import ForumServer, RecordedRequest, Response

SLOW = 6.0  # seconds the forum takes to answer the first page: the audit is mid-crawl


def test_a_decision_during_an_audit_is_kept(tmp_path: Path) -> None:
    path = desk_game(tmp_path)

    def slow(_req: RecordedRequest) -> Response:
        time.sleep(SLOW)
        return Response(404, "帖子不存在".encode(), "text/plain; charset=utf-8")

    with ForumServer(None) as forum:
        for query in (
            "forum.php?mod=viewthread&tid=11&page=1",
            "api/mobile/index.php?version=4&module=viewthread&tid=11&page=1",
        ):
            forum.route(query, slow)
        text = path.read_text("utf-8")
        path.write_text(
            re.sub(r'url = "[^"]*"', f'url = "{forum.base_url}"', text, count=1), "utf-8"
        )
        with desk_server(path) as srv:
            s = requests.Session()
            page = s.get(srv.links["导演"], timeout=60).text
            ident = next(i for c, i in draft_ids(page) if c == "blue")
            audit = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "auditor",
                    "audit",
                    str(path),
                    "--reports",
                    str(srv.reports),
                    "-q",
                ],
                cwd=tmp_path,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            try:
                deadline = time.monotonic() + 60
                while forum.count() == 0 and time.monotonic() < deadline:
                    time.sleep(0.1)
                assert forum.count() > 0, "the audit never reached the forum"
                assert audit.poll() is None, "the audit is still crawling"
                r = s.post(
                    f"{srv.base}/g/{srv.slug}/decide",
                    data={
                        "csrf": csrf(page),
                        "id": ident,
                        "action": "approve",
                        "rev": "",
                        "suggested": "blue",
                    },
                    timeout=60,
                )
                message = " ".join(flashes(r.text))
                assert f"已批准 {ident}" in message and "审计正在运行" in message, message
                assert audit.poll() is None, "the decision did not wait for the audit"
                _out, err = audit.communicate(timeout=300)
            finally:
                if audit.poll() is None:
                    audit.kill()
                    audit.wait()
            assert audit.returncode in (0, 1), err  # 1: the slow thread is reported missing
    game = load_game(path)
    with Store(game.store) as store:
        rows = [r for r in store.decision_history() if r["finding_id"] == ident]
    assert len(rows) == 1 and rows[0]["decided_by"] == "导演" and rows[0]["source"] == "desk"
    # the audit's own report, written after the decision, shows it
    report = latest_dir(srv.reports, srv.slug)
    assert report is not None
    html = (report / "report.html").read_text("utf-8")
    approved = html[html.index('id="approved"') : html.index('id="rejected"')]
    assert ident in approved
    assert f'id="draft-{ident}"' not in html


def test_the_header_after_an_audit_says_its_summary() -> None:
    """fh41 item 11: the audit prints its summary and then 待确认 N 项（…） on a line of its
    own; the desk took the last line for the summary and, dropping its own 待确认 count,
    showed 「审计完成：」 with nothing after."""
    from auditor.desk.actions import state_incomplete, summary_line
    from auditor.desk.app import audit_message
    from auditor.report.words import audit_line

    out = [
        "审计完成：新帖 3，新草稿 1，待处理 4，问题 0。报告：/r/report.html",
        "待确认 2 项（在审计台「待确认」里确认）",
    ]
    shown = audit_message(audit_line(summary_line(out), desk=True))
    assert shown.startswith("审计完成：新帖 3"), shown
    state = ["游戏状态不完整（1）：第2天没有读到。" + out[0], out[1]]
    shown = audit_message(state_incomplete(audit_line(summary_line(state), desk=True)))
    assert "新帖 3" in shown and "游戏状态不完整 1 条" in shown, shown


def test_the_desks_audit_waits_behind_a_run_holding_the_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """fh46 (a slow machine): the desk's re-check after a confirmed 延时 met its own report
    rewrite still holding the run lock and failed with 「另一个 auditor 进程正在处理这个游戏」.
    The desk's audit queues behind the run holding the lock (the lock is refused at once:
    tried again until it is free), and says the game is busy only after its patience."""
    from auditor.desk import actions
    from auditor.errors import AuditorError, StoreLockedError

    game = load_game(desk_game(tmp_path))
    codes = [StoreLockedError.exit_code, StoreLockedError.exit_code, 0]
    tried: list[int] = []

    def process(*_args: object, **_kw: object) -> tuple[int, list[str], list[str]]:
        tried.append(codes[len(tried)])
        return (
            tried[-1],
            ["审计完成：帖子 3，草稿 0"],
            ["错误：另一个 auditor 进程正在处理这个游戏"],
        )

    monkeypatch.setattr(actions, "_audit_process", process)
    monkeypatch.setattr(actions, "LOCK_RETRY", 0.01)
    said = actions.run_audit(game, tmp_path / "reports", crawl=False)
    assert tried == [4, 4, 0] and "审计完成" in said, said
    # a run that keeps the lock past the patience: said, as before
    tried.clear()
    codes[:] = [StoreLockedError.exit_code] * 1000
    monkeypatch.setattr(actions, "LOCK_PATIENCE", 0.05)
    with pytest.raises(AuditorError, match="退出码 4"):
        actions.run_audit(game, tmp_path / "reports", crawl=False)
    assert len(tried) >= 2
