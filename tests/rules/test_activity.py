"""Activity counts: the sample game's table equals the hand counts in its script header,
and the CLI prints the documented CSV columns."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from typer.testing import CliRunner

from auditor.cli import app
from auditor.cli.rules_cmds import activity_caption
from auditor.game.gamefile import load_game
from auditor.rules.activity import ACTIVITY_COLUMNS, activity_rows, post_counts
from auditor.rules.engine import build_context
from auditor.rules.ruleset import load_ruleset
from auditor.store import Store
from tests import paths
from tests.rules.test_rule_cases import build_case, run_case_rules

SAMPLE = paths.ROOT / "examples" / "sample"
TZ = ZoneInfo("Asia/Shanghai")


def hand_counts() -> dict[tuple[str, int], int]:
    """The "Hand counts" table in examples/sample/script.toml's header."""
    text = (SAMPLE / "script.toml").read_text("utf-8")
    block = text.split("# Hand counts", 1)[1]
    counts: dict[tuple[str, int], int] = {}
    for line in block.splitlines()[1:]:
        if not line.startswith("#"):
            break
        m = re.match(r"#\s+(\S+)\s+(\d+)\s+(\d+)\s+(\d+)", line)
        if m:
            for day in (1, 2, 3):
                counts[(m.group(1), day)] = int(m.group(day + 1))
    return counts


def test_sample_activity_equals_hand_counts(sample_game: Path) -> None:
    expected = hand_counts()
    assert len(expected) == 24, "the script header's hand-count table was not found"
    game = load_game(sample_game)
    with Store(game.store) as store:
        ctx = build_context(game, store, now=datetime(2026, 11, 28, 10, tzinfo=TZ))
    rows = activity_rows(ctx)
    got = {(r.player, r.day): r.posts for r in rows}
    assert got == expected
    alive = {(r.player, r.day): r.alive for r in rows}
    # 油条 is voted out at day 2's close: measured on day 2, not on day 3.
    assert alive[("油条", 2)] and not alive[("油条", 3)]
    assert all(r.closed and not r.accelerated for r in rows)


def test_sample_activity_csv_columns(sample_game: Path) -> None:
    res = CliRunner().invoke(app, ["activity", str(sample_game), "--format", "csv"])
    assert res.exit_code == 0, res.output
    reader = csv.DictReader(io.StringIO(res.stdout))
    assert tuple(reader.fieldnames or ())[: len(ACTIVITY_COLUMNS)] == ACTIVITY_COLUMNS
    rows = list(reader)
    assert len(rows) == 24
    by = {(r["player"], int(r["day"])): r for r in rows}
    assert by[("春卷", 2)]["posts"] == "3" and by[("春卷", 2)]["phase"] == ""
    assert by[("油条", 3)]["alive"] == "0" and by[("油条", 2)]["alive"] == "1"
    # POST-FILLER is on in m107: an effective-posts column beside the raw one (issue 18);
    # the sample's only filler posts are 包子's six on day 3 (of 12)
    assert (by[("包子", 3)]["posts"], by[("包子", 3)]["effective"]) == ("12", "6")
    assert all(r["effective"] == r["posts"] for k, r in by.items() if k != ("包子", 3))


def test_sample_findings_and_rules_commands(sample_game: Path) -> None:
    # Only this rules: the other rules have their own sample tests.
    mine = {"LURK-DAY", "LURK-3DAYS", "GHOST-POST"}
    others = [c for c in load_ruleset("m107").rules if c not in mine]
    with sample_game.open("a", encoding="utf-8") as fh:
        fh.write("".join(f"\n[rules.{c}]\nenabled = false\n" for c in others))
    runner = CliRunner()
    assert runner.invoke(app, ["check", str(sample_game)]).exit_code == 0
    res = runner.invoke(app, ["findings", str(sample_game), "--format", "csv"])
    assert res.exit_code == 0, res.output
    reader = csv.DictReader(io.StringIO(res.stdout))
    cols = [
        "id",
        "code",
        "player",
        "day",
        "tid",
        "pid",
        "floor",
        "card",
        "status",
        "match",
        "excerpt",
    ]
    assert list(reader.fieldnames or [])[: len(cols)] == cols
    rows = list(reader)
    found = {(r["code"], r["player"], r["day"]) for r in rows}
    assert {
        ("LURK-DAY", "春卷", "2"),
        ("LURK-3DAYS", "烧卖", "1"),
        ("GHOST-POST", "油条", "3"),
    } <= found
    assert all(r["id"][0].isalpha() and r["status"] == "draft" for r in rows)
    # the table is for people: card and status by their Chinese names (CSV keeps the values)
    res = runner.invoke(app, ["findings", str(sample_game)], env={"COLUMNS": "300"})
    assert res.exit_code == 0, res.output
    cells = {c.strip() for ln in res.stdout.splitlines() for c in ln.split("│")}
    assert {"草稿", "黄牌"} <= cells and not {"draft", "yellow", "blue"} & cells
    res = runner.invoke(app, ["rules", "--ruleset", "killbar7", "--format", "csv"])
    assert res.exit_code == 0 and "average_ratio" in res.stdout and "6.2(1)" in res.stdout


def test_status_reminder_counts_only_what_was_posted_by_now(sample_game: Path) -> None:
    res = CliRunner().invoke(
        app, ["status", str(sample_game), "--now", "2026-11-23T20:00:00", "--format", "bbcode"]
    )
    assert res.exit_code == 0, res.output
    assert "第2天" in res.stdout and "春卷（3帖）" in res.stdout and "尚未投票：汤圆" in res.stdout
    res = CliRunner().invoke(
        app, ["status", str(sample_game), "--now", "2026-11-23T20:00:00"], env={"COLUMNS": "200"}
    )
    rows = {
        cells[0]: cells[1:]
        for ln in res.stdout.splitlines()
        if ln.count("│") > 2
        for cells in [[c.strip() for c in ln.split("│")[1:-1]]]
    }
    # 发言不足 reads 不足 or nothing (a ✓ under it read as "enough"), 已投票 ✓ or nothing,
    # not 1/0
    assert rows["春卷"][-1] == "✓" and rows["汤圆"][-1] == ""
    assert all(r[-2] in ("不足", "") and r[-1] in ("✓", "") for r in rows.values()), rows
    assert rows["春卷"][-2] == "不足" and "发言不足" in res.stdout
    res = CliRunner().invoke(
        app, ["status", str(sample_game), "--now", "2026-11-23T20:00:00", "-f", "csv"]
    )
    assert "\n汤圆," in res.stdout and res.stdout.startswith(
        "player,posts,min_posts,below,voted,void,problem\n"
    )
    res = CliRunner().invoke(app, ["status", str(sample_game), "--now", "2026-11-22T08:00:00"])
    # no day open at night: said, and not an error (exit 1 means "crawl incomplete")
    assert res.exit_code == 0 and "没有正在进行的讨论日" in res.output


def test_killbar7_activity_per_phase_with_night_credit(tmp_path: Path) -> None:
    fragment = """
[players]
names = ["饺子", "包子"]
[[day]]
number = 2
opens = 2026-11-21T09:00:00+08:00
closes = 2026-11-21T22:00:00+08:00
  [[day.phase]]
  number = 1
  opens = 2026-11-21T09:00:00+08:00
  closes = 2026-11-21T15:00:00+08:00
  [[day.phase]]
  number = 2
  opens = 2026-11-21T15:00:01+08:00
  closes = 2026-11-21T22:00:00+08:00
"""
    at = datetime(2026, 11, 20, 23, tzinfo=TZ)
    posts = [
        {"author": "饺子", "tid": 11, "at": at, "message": "夜里", "repeat": 2},
        {"author": "饺子", "tid": 21, "at": at.replace(day=21, hour=10), "message": "环节一"},
        {
            "author": "饺子",
            "tid": 22,
            "at": at.replace(day=21, hour=16),
            "message": "环节二",
            "repeat": 3,
        },
        {
            "author": "包子",
            "tid": 21,
            "at": at.replace(day=21, hour=16),
            "message": "隐藏",
            "hidden": "moderator",
        },
        {
            "author": "包子",
            "tid": 21,
            "at": at.replace(day=21, hour=17),
            "message": "删除",
            "deleted": True,
        },
    ]
    built = build_case(tmp_path, "killbar7", fragment, posts)
    try:
        ctx = build_context(built.game, built.store, now=built.now)
    finally:
        built.store.close()
    counts = post_counts(ctx)
    assert counts[("饺子", 2, 1)] == 3  # 2 night posts credited to day 2's first phase + 1
    assert counts[("饺子", 2, 2)] == 3
    assert counts[("包子", 2, 2)] == 1  # hidden counts, deleted does not
    rows = {(r.player, r.day, r.phase): r for r in activity_rows(ctx)}
    assert rows[("饺子", 2, 1)].posts == 3 and rows[("饺子", 1, None)].posts == 0


def test_m107_night_posts_count_for_no_day(tmp_path: Path) -> None:
    at = datetime(2026, 11, 20, 23, tzinfo=TZ)
    built = build_case(
        tmp_path,
        "m107",
        "",
        [{"author": "饺子", "tid": 11, "at": at, "message": "夜里", "repeat": 3}],
    )
    try:
        ctx = build_context(built.game, built.store, now=built.now)
    finally:
        built.store.close()
    assert sum(post_counts(ctx).values()) == 0
    assert {gp.day for gp in ctx.posts if gp.player == "饺子"} == {None}


def test_killbar7_status_agrees_with_lurk_day(tmp_path: Path) -> None:
    # 版杀7 6.2(1): fewer than 5 posts in a phase AND under 20% of the day's average.  At
    # 11:30 (phase 1 open) the average is (3 + 4 + 30 + 30) / 4 = 16.75, 20% = 3.35:
    # 饺子 (3) is lurking, 包子 (4 < 5 but ≥ 3.35) is not.  The status reminder says what
    # LURK-DAY says about that phase once the day has closed.
    fragment = """
[players]
names = ["饺子", "包子", "馄饨", "豆浆"]
[[day]]
number = 1
opens = 2026-11-20T09:00:00+08:00
closes = 2026-11-20T22:00:00+08:00
  [[day.phase]]
  number = 1
  opens = 2026-11-20T09:00:00+08:00
  closes = 2026-11-20T12:00:00+08:00
  [[day.phase]]
  number = 2
  opens = 2026-11-20T12:00:01+08:00
  closes = 2026-11-20T22:00:00+08:00
"""
    at = datetime(2026, 11, 20, 9, 10, tzinfo=TZ)
    posts = [
        {"author": who, "tid": 11, "at": at, "message": "讨论", "repeat": n}
        for who, n in (("饺子", 3), ("包子", 4), ("馄饨", 30), ("豆浆", 30))
    ]
    built = build_case(
        tmp_path, "killbar7", fragment, posts, now=datetime(2026, 11, 21, 9, tzinfo=TZ)
    )
    try:
        findings = run_case_rules(built, ["LURK-DAY"])
    finally:
        built.store.close()
    judged = {f.player for f in findings if f.code == "LURK-DAY" and f.phase == 1}
    assert judged == {"饺子"}
    res = CliRunner().invoke(
        app,
        ["status", str(built.game.path), "--now", "2026-11-20T11:30:00", "--format", "json"],
    )
    assert res.exit_code == 0, res.output
    rows = {r["player"]: r for r in json.loads(res.stdout)}
    assert {p for p, r in rows.items() if r["below"]} == judged
    assert rows["包子"]["posts"] == 4 and rows["包子"]["below"] == 0


def _accelerated_day(ruleset: str, tmp_path: Path) -> set[str]:
    """Who LURK-DAY judges on an accelerated day (closed at its accelerated 22:00): 饺子 3
    posts against 30 and 30 (below 5 and below 20% of the average)."""
    fragment = """
[players]
names = ["饺子", "馄饨", "豆浆"]
[[day]]
number = 1
opens = 2026-11-20T09:00:00+08:00
closes = 2026-11-20T22:00:00+08:00
accelerated = true
"""
    at = datetime(2026, 11, 20, 9, 10, tzinfo=TZ)
    posts = [
        {"author": who, "tid": 11, "at": at, "message": "讨论", "repeat": n}
        for who, n in (("饺子", 3), ("馄饨", 30), ("豆浆", 30))
    ]
    built = build_case(tmp_path, ruleset, fragment, posts, now=datetime(2026, 11, 21, 9, tzinfo=TZ))
    try:
        findings = run_case_rules(built, ["LURK-DAY"])
    finally:
        built.store.close()
    return {f.player for f in findings if f.code == "LURK-DAY"}


def test_an_accelerated_day_is_judged_where_the_seed_exempts_none(tmp_path: Path) -> None:
    # 版杀7 6.2 has no word of 加速 (fh46b, 老贺: 「只判已关门、未加速的日子」 is not his seed):
    # the day is judged once its accelerated close has passed; M107 5(1) 未加快进程的单个讨论日
    # and 030 5(1) 未执行加速的讨论日 exempt it.
    assert _accelerated_day("killbar7", tmp_path / "k") == {"饺子"}
    assert _accelerated_day("m107", tmp_path / "m") == set()
    assert _accelerated_day("rabbit030", tmp_path / "r") == set()


def test_the_activity_caption_cites_the_seed_that_exempts_an_accelerated_day() -> None:
    m107, killbar7 = load_ruleset("m107"), load_ruleset("killbar7")
    exempt = activity_caption(m107.rules["LURK-DAY"], True, m107.sources.get("LURK-DAY"))
    assert "未加速的日子" in exempt and "未加快进程" in exempt
    judged = activity_caption(killbar7.rules["LURK-DAY"], True, killbar7.sources.get("LURK-DAY"))
    assert "未加速" not in judged and "加速后的关门时间" in judged
