"""auditor.report and the report, audit and export commands: what the director reads and
exports (first found in issue 7's review)."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.errors import AuditorError
from auditor.ledger.decisions import add_card, decide
from auditor.ledger.ledger import load_ledger
from auditor.report.records import build_records
from auditor.report.write import write_report
from auditor.store import Store
from tests import paths

# --------------------------------------------------------------------------- fix 7


def test_unwritable_report_directory_is_a_clear_error(hostile, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    game, store, now = hostile
    blocker = tmp_path / "reports"
    blocker.write_text("不是目录", encoding="utf-8")  # reports/ is a file: nothing can go under it
    with pytest.raises(AuditorError) as exc:
        write_report(build_records(game, store, now=now), blocker)
    assert exc.value.exit_code == 2
    msg = str(exc.value)
    assert msg.startswith("无法写入 ") and str(blocker) in msg
    assert "Not a directory" not in msg and "File exists" not in msg


def test_report_and_export_commands_exit_2_in_chinese(hostile, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    game, store, _ = hostile
    store.close()
    blocker = tmp_path / "reports"
    blocker.write_text("x", encoding="utf-8")
    runner = CliRunner()
    res = runner.invoke(app, ["report", str(game.path), "--reports", str(blocker)])
    assert res.exit_code == 2, res.output
    assert "无法写入" in res.output and "Traceback" not in res.output
    res = runner.invoke(
        app, ["decisions", "export", str(game.path), str(tmp_path / "没有" / "d.csv")]
    )
    assert res.exit_code == 2, res.output
    assert "无法写入" in res.output and "文件或目录不存在" in res.output
    assert "No such file" not in res.output
    res = runner.invoke(app, ["decisions", "import", str(game.path), str(tmp_path / "没有.csv")])
    assert res.exit_code == 2, res.output
    assert "无法读取" in res.output and "文件或目录不存在" in res.output
    assert "No such file" not in res.output


# --------------------------------------------------------------------------- fix 8

DAY2_MORNING = datetime.fromisoformat("2026-11-21T08:00:00+08:00")


def test_announcement_has_only_real_cards_with_titles_and_no_notes(hostile, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    game, store, now = hostile
    drafts = load_ledger(game, store).drafts
    lurk = next(d for d in drafts if d.code == "LURK-DAY" and d.day == 1)
    ghosts = [d for d in drafts if d.code == "GHOST-POST"]
    novote = [d for d in drafts if d.code == "LURK-NOVOTE"]
    decide(game, store, lurk.id, "approve", note="私下：他说家里有事", at=DAY2_MORNING)
    decide(game, store, ghosts[0].id, "approve", note="私下备注：疑似狼")
    decide(game, store, ghosts[1].id, "approve", card="warning", note="只提醒")
    decide(game, store, ghosts[2].id, "reject", note="误判")
    decide(game, store, novote[0].id, "reject")
    add_card(game, store, "馄饨", "yellow", "超时未交夜间行动", day=2)
    records = build_records(game, store, now=now)
    # approved as suggested: the findings records show the card the ledger resolved
    assert next(f["card"] for f in records.findings if f["id"] == ghosts[0].id) == "blue"
    written = write_report(records, tmp_path / "reports")
    text = (written.directory / "announcement.bbcode").read_text("utf-8")
    cards = text[text.index("[b]判罚[/b]") : text.index("[b]累计[/b]")]
    # Chinese rule titles, never codes; no private notes; no non-cards; no rejected ones
    assert "GHOST-POST" not in text and "LURK-DAY" not in text and "MANUAL" not in text
    assert "诈尸（出局后发言）" in cards and "单日潜水（发言不足）" in cards
    assert "私下" not in text and "疑似狼" not in text and "只提醒" not in text
    assert "提醒导演" not in text and "不处罚" not in text and "误判" not in text
    assert cards.count("油条：") == 1
    assert "馄饨：[color=DarkOrange]黄牌[/color] 第2天 超时未交夜间行动" in cards
    # new since the previous announcement (day 1's, posted before day 2 opened) first
    new = cards[cards.index("本次新增") : cards.index("此前已公布")]
    old = cards[cards.index("此前已公布") :]
    assert "油条：[color=Blue]蓝牌[/color] 第2天 诈尸（出局后发言）" in new and "馄饨" in new
    assert "春卷：[color=DarkOrange]黄牌[/color] 第1天 单日潜水（发言不足）" in old
    assert "春卷" not in new


def test_killbar7_announcement_lists_substitutes(tmp_path: Path) -> None:
    from tests.ledger_helpers import finding, make_game

    game = make_game(tmp_path, "killbar7")
    f = finding("LURK-DAY", "春卷", 1, card="substitute")
    w = finding("GHOST-POST", "油条", 1, 1001, card="warning")
    with Store(tmp_path / "g.sqlite") as store:
        store.save_findings([f, w], 1)
        decide(game, store, f.id, "approve")
        decide(game, store, w.id, "approve")
        records = build_records(
            game, store, now=datetime.fromisoformat("2026-11-21T23:00:00+08:00")
        )
    from auditor.report.bbcode import render_bbcode

    text = render_bbcode(records)
    assert "春卷：替补" in text
    assert "油条" not in text[text.index("[b]判罚[/b]") : text.index("[b]第")]


# --------------------------------------------------------------------------- fix 12


def test_report_directory_is_named_in_the_forum_time_zone(hostile, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from zoneinfo import ZoneInfo

    game, store, _ = hostile
    store.close()
    before = datetime.now(ZoneInfo("Asia/Shanghai")).replace(tzinfo=None, microsecond=0)
    res = CliRunner().invoke(
        app,
        ["report", str(game.path), "--reports", str(tmp_path / "r")],
        env={"TZ": "America/Los_Angeles"},
    )
    assert res.exit_code == 0, res.output
    name = next(p.name for p in (tmp_path / "r" / game.slug).iterdir() if p.name[0].isdigit())
    named = datetime.strptime(name[:15], "%Y%m%d-%H%M%S")
    assert abs((named - before).total_seconds()) < 120, (name, before)


# --------------------------------------------------------------------------- fix 15 (report)


def test_non_card_drafts_are_counted_apart(hostile, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from tests.ledger_helpers import finding

    game, store, now = hostile
    cards = len(load_ledger(game, store).drafts)
    store.save_findings(
        [finding("VOTE-FORMAT", "饺子", 1, 1900, card="none", key="vf")],
        99,
        scope=lambda row: False,
    )  # add one, retire none
    led = load_ledger(game, store)
    assert led.pending == cards and led.other_pending == 1
    records = build_records(game, store, now=now)
    assert records.summary["drafts"] == cards and records.summary["other_drafts"] == 1
    html = (write_report(records, tmp_path / "r").directory / "report.html").read_text("utf-8")
    # (each figure carries data-count: the desk moves every count of a kind together)
    assert f'<b data-count="pending">{cards}</b>待处理的牌' in html
    assert '<b data-count="notices">1</b>不处罚/提醒导演' in html


def test_crawl_time_is_forum_local_and_readable(tmp_path: Path) -> None:
    import shutil

    from auditor.game.gamefile import load_game
    from auditor.report.write import latest_dir

    repo = paths.ROOT
    sample = tmp_path / "sample"
    shutil.copytree(
        repo / "examples" / "sample", sample, ignore=shutil.ignore_patterns("*.sqlite*", "*.lock")
    )
    res = CliRunner().invoke(
        app, ["audit", str(sample / "game.toml"), "--reports", str(tmp_path / "r"), "-q"]
    )
    assert res.exit_code == 0, res.output
    game = load_game(sample / "game.toml")
    with Store(game.store) as store:
        run = [r for r in store.runs() if r["command"] == "crawl"][-1]
    # saved pages: the forum's moment is the newest page's own time (fh49), not the machine's
    started = json.loads(run["summary"])["forum_time"]
    assert started != run["started_at"]
    local = datetime.fromisoformat(started).astimezone(game.timezone).strftime("%Y-%m-%d %H:%M")
    html = (latest_dir(tmp_path / "r", game.slug) / "report.html").read_text("utf-8")  # type: ignore[operator]
    ok = html[html.index('id="problems"') : html.index("</div>", html.index('id="problems"'))]
    assert f"最近一次抓取 {local}" in ok and "UTC" not in ok and started not in ok


def test_three_day_lurk_cells_are_marked(tmp_path: Path) -> None:
    from auditor.rules.engine import check
    from tests.rules.test_rule_cases import build_case

    posts = []
    for day, tid in ((1, 11), (2, 21), (3, 31)):
        for i, name in enumerate(["饺子", "包子", "馄饨", "豆浆", "油条", "烧卖", "春卷", "汤圆"]):
            posts.append(
                {
                    "author": name,
                    "tid": tid,
                    "at": datetime.fromisoformat(f"2026-11-{19 + day}T10:{i * 6:02d}:00+08:00"),
                    "message": f"{name}第{day}天的发言",
                    "repeat": 6 if name == "春卷" else 12,
                }
            )
    now = datetime.fromisoformat("2026-11-22T23:00:00+08:00")
    built = build_case(tmp_path / "g", "m107", "", posts, now=now)
    try:
        check(built.game, built.store, now=now)
        records = build_records(built.game, built.store, now=now)
    finally:
        built.store.close()
    marked = {
        (c["player"], c["day"]) for row in records.matrix for c in row["cells"] if c["lurk_days"]
    }
    assert marked == {("春卷", 1), ("春卷", 2), ("春卷", 3)}
    html = (write_report(records, tmp_path / "r").directory / "report.html").read_text("utf-8")
    assert html.count('class="num lurk3"') == 3
