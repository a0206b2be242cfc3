"""Acceptance-test fixes for the report, the votes table and the decision commands:
forum changes since the last run (A), times to the second (B), the Chinese votes table (C),
the review prompts (D), decided_at in forum time (E) and 是/否 in tables (F)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from auditor.models import HiddenReason
from auditor.report.records import build_records
from auditor.report.write import write_report
from auditor.store import Store
from tests.ledger_helpers import HOSTILE_SCRIPT, hostile_game


@pytest.fixture
def hostile(tmp_path: Path):  # type: ignore[no-untyped-def]
    game, store, now = hostile_game(tmp_path / "game")
    assert isinstance(store, Store)
    yield game, store, now
    store.close()


def _first(store: Store, author: str, tid: int):  # type: ignore[no-untyped-def]
    return next(sp.post for sp in store.posts(tid=tid) if sp.post.author == author)


# --------------------------------------------------------------------------- A


def _night(store: Store, game, changes) -> None:  # type: ignore[no-untyped-def]
    """One nightly cycle: a crawl run storing ``changes`` (post, view) and an audit run."""
    run = store.start_run("crawl")
    for post, view in changes:
        store.upsert_posts([post], run, view=view)
    store.finish_run(run, "ok", {"deleted": []})


def test_report_lists_edits_deletions_and_hidden_posts_since_the_last_run(
    hostile,  # type: ignore[no-untyped-def]
    tmp_path: Path,
) -> None:
    game, store, now = hostile
    # night 1: 春卷 edits a post; the audit that night reported it
    chunjuan = _first(store, "春卷", 11)
    _night(store, game, [(replace(chunjuan, text="春卷昨晚改的"), "")])
    audit = store.start_run("audit")
    store.finish_run(audit, "ok", {})

    # night 2: an edit, a moderator's 屏蔽, a deletion and a view-only difference
    jiaozi = _first(store, "饺子", 11)
    baozi = _first(store, "包子", 11)
    doujiang = _first(store, "豆浆", 11)
    script = next(sp.post for sp in store.posts(tid=21) if sp.post.text == HOSTILE_SCRIPT)
    run = store.start_run("crawl")
    store.upsert_posts([replace(jiaozi, text="饺子改过的发言")], run)
    store.upsert_posts([replace(baozi, text="", hidden=HiddenReason.MODERATOR)], run)
    # the API view of the same content (it renders the edit notice differently): no change
    store.upsert_posts([replace(doujiang, edited="编辑于 2026-11-20 10:30")], run, view="api")
    seen = {sp.post.pid for sp in store.posts(tid=21)} - {script.pid}
    gone = store.mark_deleted(21, [(1, float("inf"))], seen)  # type: ignore[arg-type]
    assert gone == [script.pid]
    store.finish_run(run, "ok", {"deleted": gone})
    audit2 = store.start_run("audit")  # the audit now running: not "the previous run"

    records = build_records(game, store, now=now)
    by = {(c["change"], c["author"]): c for c in records.changes}
    assert set(by) == {("edited", "饺子"), ("hidden", "包子"), ("deleted", "油条")}, by
    ed = by[("edited", "饺子")]
    assert ed["old_text"] == jiaozi.text and ed["new_text"] == "饺子改过的发言"
    assert (ed["tid"], ed["floor"], ed["pid"]) == (11, jiaozi.floor, jiaozi.pid)
    assert ed["thread"] == "第1天讨论帖（tid 11）"
    assert ed["time"] == jiaozi.posted_at.astimezone(game.timezone).strftime("%m-%d %H:%M:%S")
    assert ed["link"].endswith(f"ptid=11&pid={jiaozi.pid}")
    assert by[("hidden", "包子")]["old_text"] == baozi.text
    assert by[("deleted", "油条")]["old_text"] == HOSTILE_SCRIPT
    assert records.summary["changes"] == {"edited": 1, "deleted": 1, "hidden": 1}

    written = write_report(records, tmp_path / "reports")
    html = (written.directory / "report.html").read_text("utf-8")
    head = html.index("论坛上的变动：修改 / 删除 / 屏蔽")
    assert head < html.index('id="activity"') < html.index('id="drafts"')
    section = html[head : html.index('id="activity"')]
    assert "饺子第1天的发言" in section and "饺子改过的发言" in section
    assert "春卷" not in section  # reported by the previous run
    assert "豆浆" not in section  # a view-only difference
    assert HOSTILE_SCRIPT not in html
    assert "&lt;script&gt;alert(" in section  # the deleted post's old text, escaped
    bb = (written.directory / "announcement.bbcode").read_text("utf-8")
    assert "变动" not in bb and "饺子第1天的发言" not in bb and "饺子改过的发言" not in bb

    # `auditor report` later the same morning (no crawl in between) shows the same list
    store.finish_run(audit2, "ok", {})
    again = build_records(game, store, now=now)
    assert {(c["change"], c["author"]) for c in again.changes} == set(by)


def test_no_changes_section_says_so(hostile, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    game, store, now = hostile
    _night(store, game, [])
    records = build_records(game, store, now=now)
    assert records.changes == []
    html = (write_report(records, tmp_path / "r").directory / "report.html").read_text("utf-8")
    assert "没有发现修改、删除或屏蔽的帖子" in html


def test_undeleted_post_is_not_listed(hostile) -> None:  # type: ignore[no-untyped-def]
    game, store, now = hostile
    post = _first(store, "饺子", 11)
    run = store.start_run("crawl")
    gone = store.mark_deleted(11, [(post.floor, post.floor)], set())  # type: ignore[list-item]
    store.finish_run(run, "ok", {"deleted": gone})
    assert [c["change"] for c in build_records(game, store, now=now).changes] == ["deleted"]
    run = store.start_run("crawl")
    store.upsert_posts([post], run)  # it came back (a crawl glitch)
    store.finish_run(run, "ok", {"deleted": []})
    assert build_records(game, store, now=now).changes == []
