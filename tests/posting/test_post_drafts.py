"""`auditor post GAME KIND --dry-run` (issue 31, item 2): the director's drafts as text — the
announcement in parts, the 票型 of the open day, the reminder before the close — each per
rule set, cited, and nothing posted."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.errors import GameFileError
from auditor.game.gamefile import load_game
from auditor.report.drafts import NoDraftError, counted, require_midday_tally, tally_draft
from auditor.report.parts import post_size
from auditor.report.records import Records, build_records
from auditor.rules.engine import build_context, ruleset_for
from auditor.rules.ruleset import load_ruleset
from auditor.store import Store

runner = CliRunner()
DAY2 = "2026-11-23"  # the sample's day 2: 11-22 09:00 to 11-23 22:00, 油条 sheriff


def _post(game: Path, *args: str) -> tuple[int, str]:
    res = runner.invoke(app, ["post", str(game), *args])
    return res.exit_code, res.output


def _with(game: Path, rules: str) -> Path:
    """The sample game with ``rules`` (settings) in its [rules] table."""
    game.write_text(game.read_text("utf-8") + f"\n[rules]\n{rules}\n", "utf-8")
    return game


def test_nothing_is_posted_without_a_forum_to_post_to(sample_game: Path) -> None:
    """The sample reads saved pages: no url, no post_cookies, so no post (posting itself is
    tests/posting/test_post_send.py)."""
    code, out = _post(sample_game, "tally", "--now", f"{DAY2} 20:30")
    assert code == 2
    assert "游戏文件里还没写论坛地址（[forum] url = …）" in out and "不能发帖" in out
    assert "[forum] 没有 url" not in out
    assert "[b]" not in out  # no draft shown, nothing done


@pytest.mark.parametrize("at", ["13:00", "17:30", "20:30", "21:59"])
def test_the_tally_is_the_tallys_ballots_at_the_same_time(sample_game: Path, at: str) -> None:
    """Every target's votes in the 票型 equal the tally's at that moment; no verdict."""
    code, out = _post(sample_game, "tally", "--dry-run", "--now", f"{DAY2} {at}")
    assert code == 0, out
    assert f"截至 {at}，尚未关门，不是结果" in out
    assert "发到：进程帖" in out and "依据：用语定义 公示" in out
    assert "--dry-run：只显示草稿，没有发出任何东西" in out
    for word in ("出局", "当选", "平票", "→"):
        assert word not in out.split("----- 草稿 -----")[1]
    game = load_game(sample_game)
    rs = ruleset_for(game)
    when = datetime.fromisoformat(f"{DAY2}T{at}:00+08:00")
    with Store(game.store) as store:
        records = build_records(
            game,
            store,
            ruleset=rs,
            ctx=build_context(game, store, now=when, ruleset=rs, so_far=True),
        )
    shown = {
        m.group(1): float(m.group(2))
        for m in re.finditer(r"^(\S+)：([\d.]+) 票（", out, re.M)
        if m.group(1) != "弃权"
    }
    tally = {t["target"]: float(t["votes"]) for t in records.tally if t["day"] == 2}
    assert shown == {k: v for k, v in tally.items() if v}
    # each counted ballot is named once, with its floor and time
    ballots = [b for b in records.votes if b["day"] == 2 and counted(b)]
    for b in ballots:
        assert f"#{b['floor']} " in out
    assert sum(out.count(f"#{b['floor']} ") for b in ballots) >= len(ballots)


def test_the_sheriffs_weight_and_a_change_are_shown(sample_game: Path) -> None:
    code, out = _post(sample_game, "tally", "--dry-run", "--now", f"{DAY2} 20:30")
    assert code == 0, out
    assert "油条（警长 ×1.5） #6 16:00" in out
    assert "饺子 #7 17:20 改票" in out
    assert "烧卖 #2" not in out  # 饺子's first vote, replaced by his change, is not counted


def test_a_rule_set_without_a_midday_tally_has_none(sample_game: Path) -> None:
    """版杀7 4.1.2 说明1: 讨论和投票过程中不计票 — the preset says so, cited."""
    rs = load_ruleset("killbar7")
    assert rs.settings["midday_tally"] is False
    assert "讨论和投票过程中不计票" in rs.sources["ruleset"]["midday_tally"]
    with pytest.raises(NoDraftError, match="讨论和投票过程中不计票"):
        require_midday_tally(rs.settings, rs.sources, 2)
    code, out = _post(
        _with(sample_game, "midday_tally = false"), "tally", "--dry-run", "--now", f"{DAY2} 20:30"
    )
    assert code == 2
    assert "不公布票型" in out and "auditor votes" in out


def test_the_tally_and_reminder_are_for_an_open_day_only(sample_game: Path) -> None:
    code, out = _post(sample_game, "tally", "--dry-run", "--now", "2026-11-24 05:00")
    assert code == 2 and "没有进行中的讨论日" in out
    code, out = _post(sample_game, "tally", "--dry-run", "--day", "1", "--now", f"{DAY2} 20:30")
    assert code == 2 and "第1天已经关门" in out and "--format bbcode" in out


def test_the_m107_reminder_is_a_text_to_copy(sample_game: Path) -> None:
    """M107 玩家须知 11: the director reminds through the 联谊群 (QQ), 1.5–2 h before."""
    code, out = _post(sample_game, "reminder", "--dry-run", "--now", f"{DAY2} 20:15")
    assert code == 0, out
    assert "不发帖：导演自己发（QQ 群等），复制这段文字" in out
    assert "依据：玩家须知 11 联谊群说明" in out
    assert "提醒时间：关门前 2 小时到 1.5 小时之间（20:00–20:30）" in out
    assert "不在这段时间里" not in out
    text = out.split("----- 草稿 -----")[1]
    assert "还有 1 小时 45 分钟" in text
    assert "还没有投票：汤圆" in text
    assert "发言还不到 5 帖：" in text
    assert "潜水" not in text  # nobody named as lurking before the close
    code, out = _post(sample_game, "reminder", "--dry-run", "--now", f"{DAY2} 18:00")
    assert "现在 18:00 不在这段时间里" in out


def test_the_director_may_say_the_forum_is_the_place(sample_game: Path) -> None:
    code, out = _post(
        _with(sample_game, 'reminder = "forum"\nreminder_hours = [3, 1]'),
        "reminder",
        "--dry-run",
        "--now",
        f"{DAY2} 20:15",
    )
    assert code == 0, out
    assert "发到：进程帖" in out
    assert "关门前 3 小时到 1 小时之间（19:00–21:00）" in out


@pytest.mark.parametrize("bad", ["[1, 2]", "[2]", '["2", 1]', "[100, 1]"])
def test_a_reminder_window_must_be_two_hours_earliest_first(sample_game: Path, bad: str) -> None:
    with pytest.raises(GameFileError, match="最早, 最晚"):
        ruleset_for(load_game(_with(sample_game, f"reminder_hours = {bad}")))


def test_the_announcement_comes_in_parts_within_maxpostsize(sample_game: Path) -> None:
    text = sample_game.read_text("utf-8").replace("[forum]", "[forum]\nmaxpostsize = 600", 1)
    sample_game.write_text(text, "utf-8")
    code, out = _post(sample_game, "announcement", "--dry-run", "--now", f"{DAY2} 09:30")
    assert code == 0, out
    m = re.search(r"分成 (\d+) 部分", out)
    assert m, out
    n = int(m.group(1))
    parts = re.split(r"\n----- 第\d+/\d+部分 -----\n", out)[1:]
    assert len(parts) == n
    for i, part in enumerate(parts, start=1):
        assert part.startswith(f"[b]（第{i}/{n}部分）[/b]")
        assert post_size(part) <= 600
    assert f"第{n}/{n}部分：" in out and "上限 600 字节，论坛会接受" in out


def _records(votes: list[dict[str, object]], rounds: list[dict[str, object]]) -> Records:
    return Records(
        game={"maxpostsize": 10000},
        summary={},
        problems=[],
        days=[],
        players=[],
        activity=[],
        matrix=[],
        votes=votes,
        tally=[],
        rounds=rounds,
        changes=[],
        changes_since="",
        findings=[],
        drafts=[],
        cards=[],
        standings=[],
        warnings=[],
        faction_losses=[],
        elevator={},
        chart={},
        announce_day=None,
    )


def _ballot(voter: str, target: str, floor: int, at: str, **kw: object) -> dict[str, object]:
    link = f"http://bbs.example.com/forum.php?mod=redirect&goto=findpost&ptid=3&pid={50 + floor}"
    return {
        "day": 1,
        "voter": voter,
        "target": target,
        "kind": "vote",
        "valid": True,
        "problem": "",
        "problem_text": "",
        "weight": 1,
        "round": "",
        "floor": floor,
        "pid": 50 + floor,
        "link": link,
        "proxy": "",
        "note": "",
        "posted_at": f"2026-11-20T{at}:00+08:00",
        **kw,
    }


def test_a_tally_draft_links_each_floor_keeps_rounds_and_lists_void_posts() -> None:
    settings = {"midday_tally": True}
    day = SimpleNamespace(number=1)
    votes = [
        _ballot("饺子", "包[子]", 2, "10:00", round=1),
        _ballot("馄饨", "包[子]", 3, "11:00", round=1, proxy="导演"),
        _ballot("油条", "饺子", 4, "12:00", round=1, kind="abstain", weight=0),
        _ballot(
            "豆浆",
            "月饼",
            5,
            "12:30",
            round=1,
            valid=False,
            problem="not_a_player",
            problem_text="投票对象不是存活玩家",
            weight=0,
        ),
    ]
    as_of = datetime.fromisoformat("2026-11-20T13:05:00+08:00")
    draft = tally_draft(_records(votes, []), settings, {}, day, as_of)
    lines = draft.text.splitlines()
    assert lines[0] == "[b]第1天票型（截至 13:05，尚未关门，不是结果）[/b]"
    assert lines[1] == (
        "第1轮 包［子］：2 票（饺子 "
        "[url=http://bbs.example.com/forum.php?mod=redirect&goto=findpost&ptid=3&pid=52]#2[/url]"
        " 10:00、馄饨 "
        "[url=http://bbs.example.com/forum.php?mod=redirect&goto=findpost&ptid=3&pid=53]#3[/url]"
        " 11:00 导演代投）"
    )
    assert lines[2].startswith("第1轮 弃权：油条 [url=")
    assert lines[-1].endswith("豆浆：投票对象不是存活玩家")
    assert draft.postable and draft.parts == (draft.text,)


@pytest.mark.parametrize("status", ["sending", "unknown"])
def test_no_new_announcement_while_the_last_ones_outcome_is_not_known(
    tmp_path: Path, status: str
) -> None:
    """A posted announcement whose latest attempt is unknown (timed out) or still sending may
    be on the forum: the next draft is refused, not the whole announcement once more."""
    from typing import cast

    from auditor.game.gamefile import Game
    from auditor.posting import NotPostableError, addendum
    from auditor.report.drafts import Draft

    with Store(tmp_path / "g.sqlite") as store:
        _claimed, row = store.claim_part(
            draft="d1",
            part=1,
            parts=1,
            kind="announcement",
            title="第3天公告",
            text="[b]第3天公告[/b]\n甲 黄牌\n",
            tid=13,
            account="公告导演",
            account_uid=1,
        )
        if status == "unknown":
            store.finish_part(row.id, "unknown", said="超时")
        later = Draft("announcement", "第3天公告", "x\n甲 黄牌\n乙 红牌\n", ("x",), True, "进程帖")
        with pytest.raises(NotPostableError, match=r"结果不明.*先到论坛核对"):
            addendum(cast(Game, SimpleNamespace()), store, later)


def test_the_addendum_keeps_the_posting_accounts_name_out_of_the_forums_text(
    tmp_path: Path,
) -> None:
    """An account's name is no BBCode: the 补充 names the post it follows by time, thread and
    floor, not by the account (a name like [url=…] would become markup on the forum)."""
    from typing import cast
    from zoneinfo import ZoneInfo

    from auditor.game.gamefile import Game
    from auditor.posting import addendum
    from auditor.report.drafts import Draft

    game = SimpleNamespace(
        timezone=ZoneInfo("Asia/Shanghai"),
        forum=SimpleNamespace(url="http://bbs.example.com/", maxpostsize=10000),
    )
    with Store(tmp_path / "g.sqlite") as store:
        _claimed, row = store.claim_part(
            draft="d1",
            part=1,
            parts=1,
            kind="announcement",
            title="第3天公告",
            text="[b]第3天公告[/b]\n[b]判罚[/b]\n甲 黄牌\n",
            tid=13,
            account="[url=http://x/]导演[/url]",
            account_uid=1,
        )
        store.finish_part(row.id, "posted", pid=249)
        later = Draft(
            "announcement",
            "第3天公告",
            "[b]第3天公告[/b]\n[b]判罚[/b]\n甲 黄牌\n乙 红牌\n",
            ("x",),
            True,
            "进程帖",
        )
        got = addendum(cast(Game, game), store, later)
    assert "乙 红牌" in got.text and "pid 249" in got.text and "甲 黄牌" not in got.text
    assert "[url=http://x/]" not in got.text


def test_status_and_the_reminder_read_a_void_ballot_alike(sample_game: Path) -> None:
    """Day 1 at 20:00: 油条's only ballot (#4, 馄钝) is void.  `status` showed him 已投票 ✓
    while the reminder listed him under 还没有投票: both say 投票无效 now, and the reminder
    never ends with an empty 发言还不到 5 帖：."""
    now = "2026-11-21T20:00"
    code, out = _post(sample_game, "reminder", "--dry-run", "--now", now)
    assert code == 0, out
    text = out.split("----- 草稿 -----")[1]
    assert "还没有投票：包子、豆浆、汤圆\n" in text, text
    assert "投票无效：油条（#4 投票对象不是玩家）" in text, text
    assert not re.search(r"发言还不到 \d+ 帖：\s*$", text, re.M), text
    res = runner.invoke(app, ["status", str(sample_game), "--now", now, "-f", "csv"])
    assert res.exit_code == 0, res.output
    rows = {r.split(",")[0]: r.split(",") for r in res.output.splitlines()[1:]}
    assert rows["油条"][-3:] == ["0", "1", "投票对象不是玩家"], rows  # voted 0, void 1
    assert rows["饺子"][-3:] == ["1", "0", ""], rows
    res = runner.invoke(app, ["status", str(sample_game), "--now", now, "-f", "bbcode"])
    assert "尚未投票：包子、豆浆、汤圆" in res.output and "投票无效：油条" in res.output
    res = runner.invoke(app, ["status", str(sample_game), "--now", now], env={"COLUMNS": "100"})
    assert "投票无效" in res.output, res.output


def test_the_announcement_names_threads_without_their_tid(sample_game: Path) -> None:
    """The 电梯 named 第3天讨论帖（tid 105）: a tid is the report's, not the players'."""
    code, out = _post(sample_game, "announcement", "--dry-run")
    assert code == 0, out
    text = out.split("----- 草稿 -----")[1]
    assert "第3天讨论帖 #" in text or "第3天讨论帖 [url" in text, text
    assert "（tid" not in text, text
