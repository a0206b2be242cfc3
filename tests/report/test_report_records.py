"""auditor.report.records as the activity view, the report, the announcement and the ledger
show it: lurk cells from the rule's own verdict (1), one card per clause (2), the vote lines
of the announcement (3), the faction that loses (4), the dead in the grid and the 电梯 (5),
and the small ones (6)."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from typer.testing import CliRunner

from auditor.cli import app
from auditor.report.records import build_records
from auditor.report.write import write_report
from auditor.rules.engine import check
from tests import paths
from tests.report_csv import report_rows
from tests.rules.test_rule_cases import build_case

# --------------------------------------------------------------------------- 1: killbar7

KILLBAR7_DAY = """
# the whole day's average (average_over = "day"): these tests are about the grid
[rules.LURK-DAY]
average_over = "day"
[players]
names = ["饺子", "包子", "馄饨", "豆浆"]
[[day]]
number = 1
opens = 2026-11-20T09:00:00+08:00
closes = 2026-11-20T22:00:00+08:00
  [[day.phase]]
  number = 1
  name = "试探性投票"
  opens = 2026-11-20T09:00:00+08:00
  closes = 2026-11-20T12:00:00+08:00
  vote_thread = 12
  [[day.phase]]
  number = 2
  name = "可疑者辩论投票"
  opens = 2026-11-20T12:00:01+08:00
  closes = 2026-11-20T17:00:00+08:00
  vote_thread = 12
  [[day.phase]]
  number = 3
  name = "高票对决投票"
  opens = 2026-11-20T17:00:01+08:00
  closes = 2026-11-20T22:00:00+08:00
  vote_thread = 12
"""
# posts per phase: the day's average is 66 / 4 = 16.5 and 20% of it 3.3, so 豆浆's 4 in
# phase 1 is under 5 but not lurking (版杀7 6.2(1) needs both), 馄饨's 2 in phase 2 is.
PHASE_POSTS = {"饺子": (6, 6, 6), "包子": (6, 6, 6), "馄饨": (6, 2, 6), "豆浆": (4, 6, 6)}
PHASE_STARTS = ("09:10", "12:10", "17:10")
KB7_NOW = datetime.fromisoformat("2026-11-21T08:00:00+08:00")


def _killbar7(tmp: Path) -> Any:
    posts = []
    for i, (name, per) in enumerate(PHASE_POSTS.items()):
        for start, n in zip(PHASE_STARTS, per, strict=True):
            hh, mm = start.split(":")
            posts.append(
                {
                    "author": name,
                    "tid": 11,
                    "at": datetime.fromisoformat(
                        f"2026-11-20T{hh}:{int(mm) + i * 10:02d}:00+08:00"
                    ),
                    "message": f"{name}的发言",
                    "repeat": n,
                }
            )
    # one of 饺子's phase-1 posts is his vote (the vote thread counts; the CLI must read the
    # vote book with the store still open)
    posts[0]["repeat"] -= 1
    posts.append(
        {
            "author": "饺子",
            "tid": 12,
            "at": datetime.fromisoformat("2026-11-20T11:50:00+08:00"),
            "message": "投票对象：豆浆\n投票理由：发言少",
        }
    )
    built = build_case(tmp, "killbar7", KILLBAR7_DAY, posts, now=KB7_NOW)
    check(built.game, built.store, now=KB7_NOW)
    return built


def test_killbar7_grid_marks_the_rules_verdict_per_phase(tmp_path: Path) -> None:
    built = _killbar7(tmp_path / "g")
    try:
        records = build_records(built.game, built.store, now=KB7_NOW)
        lurk = {(f["player"], f["phase"]) for f in records.findings if f["code"] == "LURK-DAY"}
    finally:
        built.store.close()
    assert lurk == {("馄饨", 2)}
    cells = {row["player"]: row["cells"][0] for row in records.matrix}
    assert {p for p, c in cells.items() if c["below"]} == {"馄饨"}  # not 豆浆 (4 < 5)
    assert [u["posts"] for u in cells["馄饨"]["phases"]] == [6, 2, 6]
    assert [u["below"] for u in cells["馄饨"]["phases"]] == [0, 1, 0]
    assert [u["below"] for u in cells["豆浆"]["phases"]] == [0, 0, 0]
    assert cells["豆浆"]["posts"] == 16
    html = (write_report(records, tmp_path / "r").directory / "report.html").read_text("utf-8")
    assert html.count('class="num below"') == 1
    assert '<span title="环节2 可疑者辩论投票">2*</span>' in html
    assert '<span title="环节1 试探性投票">4</span>' in html  # 豆浆: under 5, not lurking
    assert "一个环节少于 5 帖，并且少于当天平均发帖数的 20%" in html


def test_killbar7_legend_names_the_phase_average() -> None:
    """Issue 18: killbar7 compares a 环节 with that 环节's average (6.2(1), 5 时间分配)."""
    from auditor.report.activity import lurk_rule_text
    from auditor.rules.ruleset import load_ruleset

    assert "少于该环节平均发帖数的 20%" in lurk_rule_text(
        load_ruleset("killbar7").rules["LURK-DAY"]
    )
    day = {**load_ruleset("killbar7").rules["LURK-DAY"], "average_over": "day"}
    assert "少于当天平均发帖数的 20%" in lurk_rule_text(day)


def test_killbar7_report_activity_csv_has_a_row_per_phase(tmp_path: Path) -> None:
    built = _killbar7(tmp_path / "g")
    try:
        records = build_records(built.game, built.store, now=KB7_NOW)
    finally:
        built.store.close()
    written = write_report(records, tmp_path / "r")
    raw = (written.directory / "activity.csv").read_bytes().decode("utf-8-sig")
    # (Chinese headers, for Excel and WPS)
    assert raw.startswith("玩家,天,环节,发帖数,加速日,在场,")
    rows = report_rows(raw)
    assert len(rows) == 4 * 3
    got = {(r["player"], r["phase"]): (int(r["posts"]), int(r["below"])) for r in rows}
    for name, per in PHASE_POSTS.items():
        for phase, n in enumerate(per, 1):
            assert got[(name, str(phase))] == (n, int((name, phase) == ("馄饨", 2)))


def test_killbar7_cli_activity_marks_only_lurking_phases(tmp_path: Path) -> None:
    built = _killbar7(tmp_path / "g")
    built.store.close()
    args = ["activity", str(built.game.path), "--now", "2026-11-21T08:00:00"]
    res = CliRunner().invoke(app, args, env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    lines = {ln.split("│")[1].strip(): ln for ln in res.stdout.splitlines() if ln.count("│") > 2}
    assert "2*" in lines["馄饨"]
    assert "*" not in lines["豆浆"] and " 4 " in lines["豆浆"]
    assert "* = 单日潜水" in res.stdout and "- = 已出局" in res.stdout
    res = CliRunner().invoke(app, [*args, "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(res.stdout)))
    assert {(r["player"], r["phase"]) for r in rows if r["lurking"] == "1"} == {("馄饨", "2")}


# --------------------------------------------------------------------------- 2: one card per clause


def test_presets_put_the_insult_items_in_one_kind() -> None:
    from auditor.rules.ruleset import load_ruleset

    for name, kind in (("m107", "m107-违规1"), ("rabbit030", "030-违规2(2)(3)")):
        rs = load_ruleset(name)
        for code in ("PHRASE-BODY", "PHRASE-VULGAR", "PHRASE-ANIMAL", "PHRASE-KIN"):
            assert rs.rules[code]["kind"] == kind, (name, code)
            assert "违规判定" in rs.sources[code]["kind"], (name, code)


def test_same_kind_on_one_post_is_one_draft_and_one_card(tmp_path: Path) -> None:
    from auditor.ledger.decisions import decide
    from auditor.ledger.ledger import load_ledger
    from auditor.store import Store
    from tests.ledger_helpers import finding, make_game

    game = make_game(tmp_path, "rabbit030")
    body = finding("PHRASE-BODY", "包子", 1, 1001, text="吊")
    vulgar = finding("PHRASE-VULGAR", "包子", 1, 1001, text="卧槽")
    later = finding("PHRASE-ANIMAL", "包子", 2, 1101, text="猪")  # another item, later
    with Store(tmp_path / "g.sqlite") as store:
        store.save_findings([vulgar, body, later], 1)
        led = load_ledger(game, store)
        first = led.draft(body.id)
        assert first is not None and led.draft(vulgar.id) is None
        assert first.codes == ("PHRASE-BODY", "PHRASE-VULGAR")
        assert first.merged_ids == (vulgar.id,)
        assert set(first.matches) == {"吊", "卧槽"}
        assert "PHRASE-VULGAR" in first.reason
        # the kind as the director reads it (the preset's clause), not its key
        assert "030-违规2(2)(3)" not in first.reason, first.reason
        assert "首次违规（违规判定 2(2)(3)：侮辱性词汇用来称呼或表达感叹）" in first.reason
        assert led.merged == {vulgar.fingerprint: body.fingerprint}
        assert led.pending == 2

        decide(
            game, store, body.id, "approve", at=datetime.fromisoformat("2026-11-21T08:00:00+08:00")
        )
        led = load_ledger(game, store)
        s = led.standing("包子").standing  # type: ignore[union-attr]
        assert (s.raw_blue, s.raw_yellow) == (1, 0)  # one card, not 蓝 2
        assert led.draft(vulgar.id) is None
        # a second insult of another item of the clause is the same kind: yellow
        assert led.draft(later.id).suggested == "yellow"  # type: ignore[union-attr]

        records = build_records(
            game, store, now=datetime.fromisoformat("2026-11-22T23:00:00+08:00")
        )
        by = {f["id"]: f for f in records.findings}
        assert by[vulgar.id]["status"] == "approved" and body.id in by[vulgar.id]["note"]


def test_a_decision_recorded_on_a_follower_before_the_merge_still_counts(tmp_path: Path) -> None:
    from auditor.ledger.decisions import decide
    from auditor.ledger.ledger import load_ledger
    from auditor.store import Store
    from tests.ledger_helpers import finding, make_game

    game = make_game(tmp_path, "rabbit030")
    body = finding("PHRASE-BODY", "包子", 1, 1001, text="吊")
    vulgar = finding("PHRASE-VULGAR", "包子", 1, 1001, text="卧槽")
    with Store(tmp_path / "g.sqlite") as store:
        store.save_findings([body, vulgar], 1)
        decide(game, store, vulgar.id, "reject", note="方言，不算")
        led = load_ledger(game, store)
        assert led.drafts == []
        assert [(x.id, x.decision) for x in led.decided] == [(body.id, "reject")]


# --------------------------------------------------------------------------- 3 and 5: votes, the dead

VOTE_GAME = """
[[event]]
type = "sheriff"
player = "包子"
at = 2026-11-20T08:00:00+08:00
[[event]]
type = "eliminated"
player = "汤圆"
at = 2026-11-20T12:00:00+08:00
how = "sent_off"
"""
DAY1_NOW = datetime.fromisoformat("2026-11-20T23:00:00+08:00")


def _voting_day(tmp: Path, extra: tuple[tuple[str, str], ...] = ()) -> Any:
    def at(hh: int, mm: int) -> datetime:
        return datetime.fromisoformat(f"2026-11-20T{hh:02d}:{mm:02d}:00+08:00")

    posts: list[dict[str, Any]] = []
    for i, name in enumerate(["饺子", "包子", "馄饨", "豆浆", "油条", "烧卖", "春卷"]):
        posts.append(
            {"author": name, "tid": 11, "at": at(9, 10 + i), "message": "发言", "repeat": 6}
        )
    posts.append({"author": "汤圆", "tid": 11, "at": at(10, 0), "message": "出局前的发言"})
    posts.append({"author": "汤圆", "tid": 11, "at": at(15, 0), "message": "出局后还在说话"})
    ballots = [
        ("饺子", "豆浆"),
        ("包子", "豆浆"),
        ("馄饨", "饺子"),
        ("豆浆", "饺子"),
        ("油条", "弃权"),
        ("汤圆", "饺子"),  # out since noon: voter_eliminated
        *extra,
    ]
    for i, (voter, target) in enumerate(ballots):
        posts.append(
            {
                "author": voter,
                "tid": 12,
                "at": at(18, i),
                "message": f"投票对象：{target}\n投票理由：理由{i}",
            }
        )
    return build_case(tmp, "m107", VOTE_GAME, posts, now=DAY1_NOW)


def test_announcement_vote_lines_add_up(tmp_path: Path) -> None:
    from auditor.report.bbcode import render_bbcode

    built = _voting_day(tmp_path / "g")
    try:
        check(built.game, built.store, now=DAY1_NOW)
        records = build_records(built.game, built.store, now=DAY1_NOW)
    finally:
        built.store.close()
    text = render_bbcode(records)
    tally = text[text.index("[b]第1天计票[/b]") : text.index("[b]第1天电梯[/b]")]
    assert "豆浆：2.5 票（饺子、包子（警长 ×1.5））" in tally
    assert "饺子：2 票（馄饨、豆浆）" in tally
    assert "弃权：油条" in tally
    missing = tally[tally.index("未投票") :].splitlines()[0]
    assert all(n in missing for n in ("烧卖", "春卷")) and "汤圆" not in missing


def test_the_dead_neither_vote_in_the_grid_nor_play_in_the_elevator(tmp_path: Path) -> None:
    from auditor.report.bbcode import render_bbcode

    built = _voting_day(tmp_path / "g")
    try:
        check(built.game, built.store, now=DAY1_NOW)
        records = build_records(built.game, built.store, now=DAY1_NOW)
    finally:
        built.store.close()
    votes = {v["voter"]: v for v in records.votes}
    assert votes["汤圆"]["problem"] == "voter_eliminated"
    cells = {row["player"]: row["cells"][0] for row in records.matrix}
    assert cells["汤圆"]["votes"] == 0 and not cells["汤圆"]["alive"]
    assert cells["饺子"]["votes"] == 1
    html = (write_report(records, tmp_path / "r").directory / "report.html").read_text("utf-8")
    row = html[html.index("<th>汤圆</th>") :].split("</tr>")[0]
    assert "✓" not in row
    elevator = {e["player"]: e for e in records.elevator[1]}
    assert elevator["汤圆"]["out"] and len(elevator["汤圆"]["posts"]) == 1  # not the 诈尸 post
    assert not elevator["饺子"]["out"]
    text = render_bbcode(records)
    assert "汤圆（出局）（1帖）" in text


def test_a_vote_that_did_not_count_is_not_a_tick_in_the_grid(tmp_path: Path) -> None:
    # 烧卖 replied in the vote thread, but his target is nobody in the game: the tally
    # lists him among 未投票（含无效票）, so the grid must not show him as having voted
    built = _voting_day(tmp_path / "g", extra=(("烧卖", "路人乙"),))
    try:
        check(built.game, built.store, now=DAY1_NOW)
        records = build_records(built.game, built.store, now=DAY1_NOW)
    finally:
        built.store.close()
    assert "烧卖" in next(x for x in records.rounds if x["day"] == 1)["non_voters"]
    cells = {row["player"]: row["cells"][0] for row in records.matrix}
    assert cells["烧卖"]["uncounted"] and not cells["饺子"]["uncounted"]
    html = (write_report(records, tmp_path / "r").directory / "report.html").read_text("utf-8")
    row = html[html.index("<th>烧卖</th>") :].split("</tr>")[0]
    assert "✓" not in row and "⚠" in row
    assert "✓" in html[html.index("<th>饺子</th>") :].split("</tr>")[0]


# --------------------------------------------------------------------------- 4: the faction loses

FACTIONS = """
[[event]]
type = "faction"
player = "饺子"
value = "狼人阵营"
[[event]]
type = "faction"
player = "包子"
value = "狼人阵营"
"""


def test_announcement_says_the_faction_loses_only_after_approved_reds(tmp_path: Path) -> None:
    from auditor.ledger.decisions import decide
    from auditor.report.bbcode import render_bbcode
    from auditor.store import Store
    from tests.ledger_helpers import finding, make_game

    game = make_game(tmp_path, "rabbit030", FACTIONS)
    reds = [
        finding("GHOST-POST", p, 1, 1001 + i, card="red") for i, p in enumerate(["饺子", "包子"])
    ]
    now = datetime.fromisoformat("2026-11-21T23:00:00+08:00")
    with Store(tmp_path / "g.sqlite") as store:
        store.save_findings(reds, 1)
        before = render_bbcode(build_records(game, store, now=now))
        for f in reds:
            decide(game, store, f.id, "approve", card="red")
        records = build_records(game, store, now=now)
        after = render_bbcode(records)
    assert "判负" not in before
    # Factions are hidden information (issue 18: M107 阵营被判负后，不予公示; M39 出局角色
    # 不亮身份): the announcement never names them; the director's report does.
    assert "判负" not in after and "狼人阵营" not in after
    assert any("狼人阵营" in w and "判负" in w for w in records.warnings)


def test_faction_loss_is_announced_only_when_the_rule_set_says_so(tmp_path: Path) -> None:
    from auditor.ledger.decisions import decide
    from auditor.report.bbcode import render_bbcode
    from auditor.store import Store
    from tests.ledger_helpers import finding, make_game

    game = make_game(tmp_path, "rabbit030", "[rules]\nannounce_faction_loss = true\n" + FACTIONS)
    reds = [
        finding("GHOST-POST", p, 1, 1001 + i, card="red") for i, p in enumerate(["饺子", "包子"])
    ]
    now = datetime.fromisoformat("2026-11-21T23:00:00+08:00")
    with Store(tmp_path / "g.sqlite") as store:
        store.save_findings(reds, 1)
        for f in reds:
            decide(game, store, f.id, "approve", card="red")
        after = render_bbcode(build_records(game, store, now=now))
    section = after[after.index("[b]阵营判负[/b]") :]
    assert "狼人阵营：包子、饺子 累计 2 张红牌，该阵营判负" in section
    assert "同一阵营的角色累计获得两张或以上红牌时，阵营判负" in section


# --------------------------------------------------------------------------- 6: the small ones


def test_a_superseded_vote_says_it_was_changed(tmp_path: Path) -> None:
    def at(hh: int, mm: int) -> datetime:
        return datetime.fromisoformat(f"2026-11-20T{hh:02d}:{mm:02d}:00+08:00")

    posts = [
        {
            "author": "饺子",
            "tid": 12,
            "at": at(10, 0),
            "message": "投票对象：包子\n投票理由：先投",
            "pid": 5001,
        },
        {
            "author": "饺子",
            "tid": 12,
            "at": at(12, 0),
            "message": "改票对象：豆浆\n改票理由：被说服了",
            "quote": 5001,
        },
    ]
    built = build_case(tmp_path / "g", "m107", "", posts, now=DAY1_NOW)
    try:
        records = build_records(built.game, built.store, now=DAY1_NOW)
    finally:
        built.store.close()
    first, change = sorted(
        (v for v in records.votes if v["voter"] == "饺子"), key=lambda v: v["posted_at"]
    )
    assert first["valid"] and first["weight"] == 0 and "已改票" in first["note"]
    assert change["weight"] == 1 and "已改票" not in change["note"]
    res = CliRunner().invoke(
        app, ["votes", str(built.game.path), "--now", "2026-11-20T23:00:00"], env={"COLUMNS": "250"}
    )
    assert res.exit_code == 0, res.output
    assert "已改票" in res.stdout


def test_legend_names_three_day_lurking_only_when_the_rule_set_has_it(tmp_path: Path) -> None:
    built = _killbar7(tmp_path / "kb7")
    try:
        kb7 = build_records(built.game, built.store, now=KB7_NOW)
    finally:
        built.store.close()
    built = _voting_day(tmp_path / "m107")
    try:
        m107 = build_records(built.game, built.store, now=DAY1_NOW)
    finally:
        built.store.close()
    html = (write_report(kb7, tmp_path / "r1").directory / "report.html").read_text("utf-8")
    # (named in Chinese: the code is no word of the legend)
    assert "连续多日潜水的日子" not in html
    html = (write_report(m107, tmp_path / "r2").directory / "report.html").read_text("utf-8")
    assert "连续多日潜水的日子" in html


def test_last_words_findings_have_a_day(tmp_path: Path) -> None:
    game = """
[[event]]
type = "eliminated"
player = "饺子"
at = 2026-11-20T22:00:00+08:00
how = "vote"
"""
    posts = [
        {
            "author": "导演",
            "tid": 92,
            "at": datetime.fromisoformat("2026-11-21T08:00:00+08:00"),
            "message": "饺子的遗言：[b]我是预言家[/b]，包子查杀。",
        }
    ]
    now = datetime.fromisoformat("2026-11-21T23:00:00+08:00")
    built = build_case(tmp_path / "g", "m107", game, posts, now=now)
    try:
        check(built.game, built.store, now=now)
        records = build_records(built.game, built.store, now=now)
    finally:
        built.store.close()
    lw = [f for f in records.findings if f["code"] == "CODE-LASTWORDS"]
    assert [(f["player"], f["day"]) for f in lw] == [("饺子", 1)]
    assert [d["day"] for d in records.drafts if d["code"] == "CODE-LASTWORDS"] == [1]
    res = CliRunner().invoke(
        app, ["findings", str(built.game.path), "--code", "CODE-LASTWORDS", "--format", "csv"]
    )
    assert res.exit_code == 0, res.output
    assert [r["day"] for r in csv.DictReader(io.StringIO(res.stdout))] == ["1"]


def test_last_words_cards_show_the_reports_day_in_the_ledger_and_announcement(
    tmp_path: Path,
) -> None:
    from auditor.ledger.decisions import decide
    from auditor.report.bbcode import render_bbcode

    game = """
[[event]]
type = "eliminated"
player = "饺子"
at = 2026-11-20T22:00:00+08:00
how = "vote"
"""
    posts = [
        {
            "author": "导演",
            "tid": 92,
            "at": datetime.fromisoformat("2026-11-21T08:00:00+08:00"),
            "message": "饺子的遗言：[b]我是预言家[/b]，包子查杀。",
        }
    ]
    now = datetime.fromisoformat("2026-11-21T23:00:00+08:00")
    built = build_case(tmp_path / "g", "m107", game, posts, now=now)
    try:
        check(built.game, built.store, now=now)
        records = build_records(built.game, built.store, now=now)
        (draft,) = [d for d in records.drafts if d["code"] == "CODE-LASTWORDS"]
        assert draft["day"] == 1
        # `auditor ledger`'s pending table: the same day as the report
        res = CliRunner().invoke(app, ["ledger", str(built.game.path)])
        assert res.exit_code == 0, res.output
        # (the rule by its Chinese title there: the row found by the draft's id)
        (row,) = [line for line in res.output.splitlines() if draft["id"] in line]
        assert [c.strip() for c in row.split("│")][4] == "1", row
        # and `auditor review` (s: skip every draft)
        by = built.game.directors[0]
        res = CliRunner().invoke(
            app, ["review", str(built.game.path), "--by", by], input="s\n" * 40
        )
        # (the header names the rule by its Chinese title, not its code)
        from auditor.rules.registry import REGISTRY

        title = REGISTRY["CODE-LASTWORDS"].title
        (head,) = [line for line in res.output.splitlines() if f"饺子  {title}" in line]
        assert "第1天" in head, res.output
        assert "CODE-LASTWORDS" not in res.output
        decide(built.game, built.store, draft["id"], "approve", by=built.game.directors[0])
        records = build_records(built.game, built.store, now=now)
    finally:
        built.store.close()
    (card,) = [c for c in records.cards if c["code"] == "CODE-LASTWORDS"]
    assert card["day"] == 1
    assert "饺子：[color=Blue]蓝牌[/color] 第1天 " in render_bbcode(records)


def test_red_card_notices_name_the_player(tmp_path: Path) -> None:
    from auditor.ledger.decisions import decide
    from auditor.ledger.ledger import load_ledger
    from auditor.store import Store
    from tests.ledger_helpers import finding, make_game

    game = make_game(tmp_path, "rabbit030")
    f = finding("GHOST-POST", "烧卖", 1, 1001, card="red")
    with Store(tmp_path / "g.sqlite") as store:
        store.save_findings([f], 1)
        decide(game, store, f.id, "approve", card="red")
        warnings = load_ledger(game, store).warnings
    assert {w.kind for w in warnings} == {"red_not_sent_off", "faction_unknown"}
    for w in warnings:
        assert "他的" not in w.message and w.message.count("烧卖") == 2, w.message


def test_rules_table_fits_80_columns() -> None:
    for args in (["rules", "--ruleset", "m107"], ["rules"]):
        res = CliRunner().invoke(app, args, env={"COLUMNS": "80"})
        assert res.exit_code == 0, res.output
        from rich.cells import cell_len

        assert max(cell_len(line) for line in res.stdout.splitlines()) <= 80
        # one row per rule: every enabled code appears once in the code column
        codes = [ln.split("│")[1].strip() for ln in res.stdout.splitlines() if ln.startswith("│")]
        assert codes.count("LURK-DAY") == 1 and codes.count("PHRASE-BODY") == 1
    assert (
        "警长票的票数：1.5（默认 1.0）（sheriff_weight）"
        in CliRunner().invoke(app, ["rules", "--ruleset", "m107"], env={"COLUMNS": "200"}).stdout
    )


def test_rules_settings_are_in_words() -> None:
    """fh41 item 10: 「schedule = {'first_days': 1, ...}」「night_posts = next_day」 were the
    rule set's settings as Python printed them; now in words, the game file's key beside."""
    out = CliRunner().invoke(app, ["rules", "--ruleset", "killbar7"], env={"COLUMNS": "250"})
    assert out.exit_code == 0, out.output
    assert "{'" not in out.stdout and "next_day" not in out.stdout and "True" not in out.stdout
    assert "讨论日以外（夜晚）的发言计入哪一天：计入下一天（默认 无）（night_posts）" in out.stdout
    assert "关门钟点 24:00" in out.stdout


def test_a_day_whose_every_vote_came_after_its_close_is_a_notice() -> None:
    """On a board whose director's opening post said 今天 20:00 至明天 00:00 but whose vote
    thread said a day later, every day-1 ballot was judged late (and every player drafted a
    LURK-NOVOTE yellow) with 问题 0: now a notice says to check the day's close."""
    from auditor.game.gamefile import load_game
    from auditor.game.schedule import Schedule
    from auditor.report.records import late_day_notices
    from auditor.rules.engine import ruleset_for

    game = load_game(paths.ROOT / "examples" / "sample" / "game.toml")
    schedule = Schedule(game, ruleset_for(game).settings["night_posts"])
    late = [{"day": 1, "problem": "after_close", "voter": v} for v in ("饺子", "包子", "馄饨")]
    (notice,) = late_day_notices(late, schedule)
    assert "第1天的 3 张票全都在投票截止" in notice and "closes" in notice
    # one ballot in time, or too few to tell: nothing to say
    assert late_day_notices([*late, {"day": 1, "problem": "", "voter": "豆浆"}], schedule) == []
    assert late_day_notices(late[:2], schedule) == []
    assert late_day_notices([{**v, "day": 2} for v in late], schedule)[0].startswith("第2天")


def test_an_abstention_reads_abstained_in_the_grid_not_a_tick(tmp_path: Path) -> None:
    """油条 voted 弃权: the tally lists him under 弃权, and the activity grid says 弃权 — a ✓
    read as a vote for someone (session 40, item 4)."""
    built = _voting_day(tmp_path / "g")
    try:
        check(built.game, built.store, now=DAY1_NOW)
        records = build_records(built.game, built.store, now=DAY1_NOW)
    finally:
        built.store.close()
    assert "油条" in next(x for x in records.rounds if x["day"] == 1)["abstained"]
    cells = {row["player"]: row["cells"][0] for row in records.matrix}
    assert cells["油条"]["abstained"] and not cells["饺子"]["abstained"]
    html = (write_report(records, tmp_path / "r").directory / "report.html").read_text("utf-8")
    row = html[html.index("<th>油条</th>") :].split("</tr>")[0]
    assert "✓" not in row and "弃权" in row
    assert "✓" in html[html.index("<th>饺子</th>") :].split("</tr>")[0]


LAST_WORDS_GAME = """
[[thread]]
tid = 17
kind = "lastwords"
day = 1
[[event]]
type = "eliminated"
player = "春卷"
at = 2026-11-20T11:00:00+08:00
how = "night"
[[event]]
type = "eliminated"
player = "烧卖"
at = 2026-11-21T12:00:00+08:00
how = "night"
"""


def test_the_announcements_last_words_are_once_each_in_the_order_of_deaths(
    tmp_path: Path,
) -> None:
    """遗言 (M107: 公示前一天出局角色名单（按出局顺序排序）、遗言): 春卷 went out before 汤圆,
    so his line comes first though 汤圆 wrote first; 春卷's two posts are one line; 烧卖, out
    on day 2, is not in day 1's announcement (session 40, item 4)."""
    from auditor.report.bbcode import render_bbcode

    def at(hh: int) -> datetime:
        return datetime.fromisoformat(f"2026-11-20T{hh:02d}:30:00+08:00")

    posts = [
        {"author": "饺子", "tid": 11, "at": at(9), "message": "发言"},
        {"author": "汤圆", "tid": 17, "at": at(13), "message": "我的遗言"},
        {"author": "春卷", "tid": 17, "at": at(14), "message": "遗言一"},
        {"author": "春卷", "tid": 17, "at": at(15), "message": "遗言二"},
        {"author": "烧卖", "tid": 17, "at": at(16), "message": "还没出局"},
    ]
    built = build_case(tmp_path / "g", "m107", [VOTE_GAME, LAST_WORDS_GAME], posts, now=DAY1_NOW)
    try:
        check(built.game, built.store, now=DAY1_NOW)
        records = build_records(built.game, built.store, now=DAY1_NOW)
    finally:
        built.store.close()
    assert [w["player"] for w in records.last_words] == ["春卷", "汤圆"]
    text = render_bbcode(records)
    section = text.split("[b]第1天遗言[/b]（按出局顺序）\n", 1)[1].strip().splitlines()
    assert [line.split("：", 1)[0] for line in section] == ["春卷", "汤圆"]
    assert section[0].count("#") == 2 and "烧卖" not in text.split("[b]第1天遗言[/b]", 1)[1]


def test_a_substitute_on_her_own_account_keeps_her_marks() -> None:
    # 浪花 plays 老周's seat (002 6.2 2 替补玩家替换): the round names her 浪花（替 老周）, so
    # her sheriff's ×2 (keyed by the shown name), the grid's 弃权 (keyed by the seat) and
    # the reminder's 投票无效 (the ballot names the seat) all find her
    from auditor.report.bbcode import _voter
    from auditor.report.drafts import _void_ballots
    from auditor.report.records import _not_ticked, _weighted_voters

    shown = "浪花（替 老周）"
    rnd = {
        "day": 2,
        "round": 1,
        "sheriff": "老周",
        "weights": {shown: 2},
        "abstained": [],
        "non_voters": [],
        "names": {"老周": shown},
    }
    assert _voter(shown, rnd) == f"{shown}（警长 ×2）"
    row = {"day": 2, "round": 1, "voters": f"阿发、{shown}"}
    assert _weighted_voters(row, [rnd]) == f"阿发、{shown}（警长 ×2）"

    abstains = {**rnd, "abstained": [shown]}
    checked = SimpleNamespace(rounds=[abstains], tally=[])
    assert _not_ticked(checked) == (set(), {("老周", 2)})  # type: ignore[arg-type]
    void = {**rnd, "non_voters": [shown]}
    records = SimpleNamespace(
        rounds=[void],
        votes=[{"voter": "老周", "day": 2, "floor": 7, "problem_text": "投票对象不是玩家"}],
    )
    now = datetime(2026, 12, 5, 12, tzinfo=UTC)
    assert _void_ballots(records, 2, [shown], now) == {shown: ["#7 投票对象不是玩家"]}  # type: ignore[arg-type]


def test_a_substitute_sheriffs_weight_reaches_the_midday_tally() -> None:
    # the 票型 draft lists ballots by seat (老周) while the round keys her ×2 by the shown
    # name (浪花（替 老周）): the sheriff's double vote must still be marked
    from auditor.report.drafts import _ballot, seat_weights

    rnd = {"day": 2, "weights": {"浪花（替 老周）": 2}, "names": {"老周": "浪花（替 老周）"}}
    now = datetime(2026, 12, 5, 12, tzinfo=UTC)
    ballot = {
        "voter": "老周",
        "posted_at": now.isoformat(),
        "kind": "vote",
        "tid": 1,
        "pid": 2,
        "floor": 3,
    }
    assert "（警长 ×2）" in _ballot(ballot, seat_weights([rnd]), "老周", now)
    assert "×" not in _ballot(ballot, {"浪花（替 老周）": 2}, "老周", now)


def test_the_reminder_names_a_substitutes_seat_once_the_same_way() -> None:
    # fh48c: 凉糕 plays 肥肠粉's seat on her own account; the 投票提醒 listed 「凉糕（替 肥肠粉）」
    # under 还没有投票 and 「肥肠粉（0 帖）」 under the post minimum — one seat, two names
    from auditor.game.gamefile import DaySpec
    from auditor.report.drafts import reminder_draft

    shown = "凉糕（替 肥肠粉）"
    rnd = {"day": 2, "round": 1, "non_voters": [shown], "names": {"肥肠粉": shown}}
    row = {"day": 2, "alive": 1, "min_posts": 3, "phase": ""}
    records = SimpleNamespace(
        game={},  # (the draft is written in the directors' script: simplified by default)
        rounds=[rnd],
        votes=[],
        activity=[{**row, "player": "肥肠粉", "posts": 0}, {**row, "player": "兔头", "posts": 5}],
    )
    day = DaySpec(
        2, datetime(2026, 12, 3, 0, 30, tzinfo=UTC), datetime(2026, 12, 4, 15, tzinfo=UTC)
    )
    now = datetime(2026, 12, 4, 12, tzinfo=UTC)
    settings = {"reminder_hours": [6, 1], "reminder": "copy"}
    draft = reminder_draft(records, settings, {}, day, now, now)  # type: ignore[arg-type]
    assert f"还没有投票：{shown}" in draft.text
    assert f"发言还不到 3 帖：{shown}（0 帖）" in draft.text
    assert "、肥肠粉" not in draft.text and "：肥肠粉" not in draft.text
