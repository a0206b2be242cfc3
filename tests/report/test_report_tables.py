"""auditor.report tables, the votes table and the decision commands:
forum changes since the last run (A), times to the second (B), the Chinese votes table (C),
the review prompts (D), decided_at in forum time (E) and 是/否 in tables (F)."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from typer.testing import CliRunner

from auditor.cli import app
from auditor.models import HiddenReason
from auditor.report.records import build_records
from auditor.report.write import write_report
from auditor.store import Store
from tests.ledger_helpers import HOSTILE_SCRIPT


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
    # the queue first (issue 17), then the changes, then the activity grid
    assert html.index('id="drafts"') < head < html.index('id="activity"')
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


# --------------------------------------------------------------------------- B


def _timed_game(tmp: Path):  # type: ignore[no-untyped-def]
    from auditor.rules.engine import check
    from tests.ledger_helpers import HOSTILE_GAME
    from tests.rules.test_rule_cases import build_case

    def at(s: str) -> datetime:
        return datetime.fromisoformat(s + "+08:00")

    posts = [
        {
            "author": "饺子",
            "tid": 12,
            "at": at("2026-11-20T21:59:37"),
            "message": "投票对象：包子\n投票理由：发言太少",
        },
        {"author": "油条", "tid": 21, "at": at("2026-11-21T15:05:41"), "message": "我还在"},
    ]
    now = at("2026-11-21T23:00:00")
    built = build_case(tmp, "m107", HOSTILE_GAME, posts, now=now)
    check(built.game, built.store, now=now)
    return built


def test_report_shows_post_times_to_the_second(tmp_path: Path) -> None:
    built = _timed_game(tmp_path / "g")
    try:
        records = build_records(built.game, built.store, now=built.now)
        vote = next(v for v in records.votes if v["voter"] == "饺子")
        assert vote["time"] == "11-20 21:59:37"
        ghost = next(d for d in records.drafts if d["code"] == "GHOST-POST")
        assert ghost["time"] == "11-21 15:05:41"
        html = (write_report(records, tmp_path / "r").directory / "report.html").read_text("utf-8")
        assert "<td>11-20 21:59:37</td>" in html
        assert "· 11-21 15:05:41" in html
    finally:
        built.store.close()


def test_post_time_is_forum_local_and_honest_about_minutes(hostile) -> None:  # type: ignore[no-untyped-def]
    from auditor.report.records import post_time

    game = hostile[0]
    assert post_time("2026-11-20T13:59:37+00:00", game) == "11-20 21:59:37"
    assert post_time("2026-11-20T21:59:00+08:00", game, "minute") == "11-20 21:59（秒未知）"
    assert post_time(None, game) == ""


# --------------------------------------------------------------------------- C


def _cells(output: str, needle: str) -> list[str]:
    row = next(line for line in output.splitlines() if needle in line and line[:1] in "│┃")
    bar = row[0]
    return [c.strip() for c in row.strip().strip(bar).split(bar)]


def test_votes_table_is_chinese_and_machine_formats_are_not(tmp_path: Path) -> None:
    built = _timed_game(tmp_path / "g")
    built.store.close()
    path = str(built.game.path)
    runner = CliRunner()
    when = ["--now", "2026-11-21T23:00:00"]
    res = runner.invoke(app, ["votes", path, *when], env={"COLUMNS": "220"})
    assert res.exit_code == 0, res.output
    header = _cells(res.output, "投票人")
    assert header[:9] == ["天", "投票人", "投票对象", "类型", "有效", "问题", "票数", "pid", "时间"]
    row = _cells(res.output, "饺子")
    assert row[:5] == ["1", "饺子", "包子", "投票", "是"]
    assert row[8] == "11-20 21:59:37"

    res = runner.invoke(app, ["votes", path, "--tally", *when], env={"COLUMNS": "220"})
    assert res.exit_code == 0, res.output
    assert _cells(res.output, "对象")[:5] == ["天", "轮次", "对象", "票数", "结果"]
    assert _cells(res.output, "包子")[:5] == ["1", "", "包子", "1", "当选警长"]

    res = runner.invoke(app, ["votes", path, "--format", "csv", *when])
    rows = list(csv.DictReader(io.StringIO(res.stdout)))
    assert list(rows[0])[:9] == [
        "day",
        "voter",
        "target",
        "kind",
        "valid",
        "problem",
        "weight",
        "pid",
        "posted_at",
    ]
    assert (rows[0]["kind"], rows[0]["valid"]) == ("vote", "true")
    assert rows[0]["posted_at"] == "2026-11-20T21:59:37+08:00"
    res = runner.invoke(app, ["votes", path, "--tally", "--format", "json", *when])
    assert json.loads(res.stdout)[0]["outcome"] == "sheriff_elected"


def test_votes_table_problem_in_chinese(tmp_path: Path) -> None:
    from tests.rules.test_rule_cases import build_case

    at = datetime.fromisoformat("2026-11-20T12:00:05+08:00")
    posts = [{"author": "饺子", "tid": 12, "at": at, "message": "投票对象：张三\n投票理由：乱投"}]
    built = build_case(tmp_path / "g", "m107", "", posts)
    built.store.close()
    res = CliRunner().invoke(
        app,
        ["votes", str(built.game.path), "--now", "2026-11-21T23:00:00"],
        env={"COLUMNS": "220"},
    )
    row = _cells(res.output, "饺子")
    assert row[4] == "否" and row[5] == "投票对象不是玩家" and row[6] == "0"


# --------------------------------------------------------------------------- D


def test_review_recolour_accepts_letters_words_and_chinese(hostile) -> None:  # type: ignore[no-untyped-def]
    from auditor.ledger.ledger import load_ledger

    game, store, _ = hostile
    drafts = load_ledger(game, store).drafts
    assert len(drafts) >= 3
    res = CliRunner().invoke(
        app, ["review", str(game.path)], input="c\n蓝牌\n\nc\nyellow\n\nc\nb\n\nq\n"
    )
    assert res.exit_code == 0, res.output
    cur = store.current_decisions()
    assert [cur[d.fingerprint]["card"] for d in drafts[:3]] == ["blue", "yellow", "blue"]


def test_review_red_card_needs_confirmation(hostile) -> None:  # type: ignore[no-untyped-def]
    from auditor.ledger.ledger import load_ledger

    game, store, _ = hostile
    first = load_ledger(game, store).drafts[0]
    # 红 → not confirmed: nothing recorded, the same draft is asked again
    res = CliRunner().invoke(app, ["review", str(game.path)], input="c\n红\n\nc\nred\ny\n罚下\nq\n")
    assert res.exit_code == 0, res.output
    assert "确认判红牌" in res.output and "没有记录" in res.output
    assert res.output.count("[1/") == 2  # asked again
    dec = store.current_decisions()[first.fingerprint]
    assert (dec["card"], dec["note"]) == ("red", "罚下")
    history = store.decision_history(first.fingerprint)
    assert len(history) == 1  # the cancelled one was never recorded


def test_review_key_help_mentions_the_note_and_the_help_documents_keys(hostile) -> None:  # type: ignore[no-untyped-def]
    game = hostile[0]
    res = CliRunner().invoke(app, ["review", str(game.path)], input="q\n")
    assert res.exit_code == 0, res.output
    first_panel = res.output.index("[1/")
    keys = res.output[:first_panel]
    assert "备注" in keys and "蓝/黄/红" in keys and "a 批准" in keys
    help_text = CliRunner().invoke(app, ["review", "--help"], env={"COLUMNS": "200"}).output
    for word in ("a 批准", "r 驳回", "c 改判", "s 跳过", "q 退出", "备注", "蓝/黄/红", "确认"):
        assert word in help_text, word


# --------------------------------------------------------------------------- E


def test_decisions_export_writes_forum_time_and_import_accepts_any_offset(
    hostile,  # type: ignore[no-untyped-def]
    tmp_path: Path,
) -> None:
    from auditor.ledger.decisions import decide, export_decisions, import_decisions
    from auditor.ledger.ledger import load_ledger

    game, store, _ = hostile
    first = load_ledger(game, store).drafts[0]
    decide(game, store, first.id, "approve", note="同意")
    stored = store.current_decisions()[first.fingerprint]["decided_at"]
    path = tmp_path / "d.csv"
    export_decisions(game, store, path)
    # (the export's header is Chinese: 编号 … 决定时间, the decisions CSV's own labels)
    rows = list(csv.DictReader(io.StringIO(path.read_text("utf-8-sig"), newline="")))
    row = next(r for r in rows if r["编号"] == first.id)
    shown = datetime.fromisoformat(row["决定时间"])
    assert row["决定时间"].endswith("+08:00")  # Asia/Shanghai
    assert shown == datetime.fromisoformat(stored)  # the same moment
    # the same moment written with any offset (or as Excel retypes it) imports as unchanged
    for text in (row["决定时间"], stored, shown.astimezone().isoformat(), "2026/11/21 23:00"):
        row["决定时间"] = text
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
        path.write_text(buf.getvalue(), encoding="utf-8")
        res = import_decisions(game, store, path)
        assert (res.applied, res.unchanged) == (0, 1), text


def test_report_command_records_its_run_so_the_next_crawl_starts_a_new_list(
    hostile,  # type: ignore[no-untyped-def]
    tmp_path: Path,
) -> None:
    game, store, _ = hostile
    jiaozi = _first(store, "饺子", 11)
    _night(store, game, [(replace(jiaozi, text="饺子改过的发言"), "")])
    reports = tmp_path / "reports"

    def report() -> str:
        res = CliRunner().invoke(app, ["report", str(game.path), "--reports", str(reports)])
        assert res.exit_code == 0, res.output
        html = Path(res.stdout.strip()).read_text("utf-8")
        return html[html.index('id="changes"') : html.index('id="activity"')]

    assert "饺子改过的发言" in report()
    assert "饺子改过的发言" in report()  # no crawl in between: the same list
    assert [r["command"] for r in store.runs()][-2:] == ["report", "report"]
    _night(store, game, [])  # the next night's crawl found nothing
    section = report()
    assert "饺子改过的发言" not in section and "没有发现修改、删除或屏蔽的帖子" in section


def test_an_edit_that_only_removed_red_font_shows_the_format_change(hostile) -> None:  # type: ignore[no-untyped-def]
    game, store, now = hostile
    post = _first(store, "饺子", 11)
    red = replace(post, markup=(("color", "#FF0000"),))
    _night(store, game, [(red, "")])
    audit = store.start_run("audit")
    store.finish_run(audit, "ok", {})
    _night(store, game, [(post, "")])  # the colour removed, the words the same
    (change,) = build_records(game, store, now=now).changes
    assert change["old_text"] == change["new_text"] == post.text
    assert change["format_change"] == "格式：color=#FF0000 → 无"


def test_report_vote_problems_are_in_chinese(tmp_path: Path) -> None:
    from tests.rules.test_rule_cases import build_case

    at = datetime.fromisoformat("2026-11-20T22:00:30+08:00")
    posts = [{"author": "饺子", "tid": 12, "at": at, "message": "投票对象：包子\n投票理由：晚了"}]
    built = build_case(tmp_path / "g", "m107", "", posts)
    try:
        records = build_records(built.game, built.store, now=built.now)
    finally:
        built.store.close()
    (vote,) = [v for v in records.votes if v["voter"] == "饺子"]
    assert vote["problem"] == "after_close"  # the CSV keeps the code
    assert vote["problem_text"] == "投票截止后发帖"
    html = (write_report(records, tmp_path / "r").directory / "report.html").read_text("utf-8")
    assert "投票截止后发帖" in html and "after_close" not in html
    assert "<td>11-20 22:00:30</td>" in html


def test_review_panel_shows_the_post_time_to_the_second(tmp_path: Path) -> None:
    built = _timed_game(tmp_path / "g")
    built.store.close()
    res = CliRunner().invoke(
        app,
        ["review", str(built.game.path), "--by", "导演"],
        input="s\n" * 20 + "q\n",
        env={"COLUMNS": "200"},
    )
    assert res.exit_code == 0, res.output
    assert "11-21 15:05:41" in res.output  # 油条's ghost post


def test_a_post_first_seen_hidden_is_counted(hostile, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Issue 30: 论坛变动 said 屏蔽 0 when a post was already 屏蔽 at the first crawl: what
    the forum shows as hidden is counted whenever it is first seen; a new post shown as it
    is is no change."""
    game, store, now = hostile
    audit = store.start_run("audit")
    store.finish_run(audit, "ok", {})
    baozi = _first(store, "包子", 11)
    run = store.start_run("crawl")
    hidden = replace(baozi, pid=990001, floor=90, text="", hidden=HiddenReason.MODERATOR)
    shown = replace(baozi, pid=990002, floor=91, text="包子的新帖")
    store.upsert_posts([hidden, shown], run)
    store.finish_run(run, "ok", {"deleted": []})
    records = build_records(game, store, now=now)
    assert [(c["change"], c["pid"]) for c in records.changes] == [("hidden", 990001)]
    assert records.summary["changes"]["hidden"] == 1
    html = (write_report(records, tmp_path / "r").directory / "report.html").read_text("utf-8")
    assert "屏蔽 1。" in html


def test_posts_hidden_at_the_first_crawl_are_counted(tmp_path: Path) -> None:
    """The very first crawl (no report before it): a post stored already 屏蔽 is counted."""
    from tests.ledger_helpers import hostile_game

    game, store, now = hostile_game(tmp_path / "game")
    try:
        baozi = _first(store, "包子", 11)
        run = store.start_run("crawl")
        store.upsert_posts(
            [replace(baozi, pid=990003, floor=92, text="", hidden=HiddenReason.MODERATOR)], run
        )
        store.finish_run(run, "ok", {"deleted": []})
        records = build_records(game, store, now=now)
        assert ("hidden", 990003) in [(c["change"], c["pid"]) for c in records.changes]
        assert records.summary["changes"]["hidden"] >= 1
    finally:
        store.close()
