"""Days, times and threads, session 49 (issue 34; the classes discovery_blind14 showed, each
with cases of its own cast and words):

- a game that counts its days by 场 and dates 第一场 on a label line with its hours on the
  lines under it (a schedule written as a block of labels) makes 场 the day unit;
- a put-back said as 顺延 … 新的<the game's word>时间：<time> is the day's new close (the
  game's own word for the close, whatever it is), never an opening's new time;
- the badge that goes with the top of a count (警徽跟着 X 走) is no leaving (M39: 第一天讨论日
  结束时，警长竞选帖最先高票者当选警长 — the first day's count elects, it removes no one).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from auditor.game.announce import Patterns
from auditor.game.discover import _start_said
from auditor.game.gamefile import EventType, ThreadKind
from auditor.game.when import find_points, find_ranges
from auditor.pipeline import open_game
from tests.game.test_discover_autonomy import audit, setup
from tests.game.test_discover_rulesets import EVERYONE, Game, at, m39

TZ = ZoneInfo("Asia/Shanghai")


def _tour(schedule: str) -> Game:
    g = Game("m39", "M39", "领队阿凯")
    g.thread(
        "[M39] 🚌 行程单（进程帖）",
        "process",
        None,
        [g.post("领队阿凯", at(11, 19, 20), f"🚌【行程】按 M39 规则出团。\n\n{schedule}")],
    )
    for n, (word, d) in enumerate((("第一场", 20), ("第二场", 21)), 1):
        g.thread(
            f"【M39】🚌 {word} · 讨论",
            "discussion",
            n,
            [
                g.post("领队阿凯", at(11, d, 10), "🚌 出发！大家早上好。"),
                *g.chatter(at(11, d, 10), at(11, d, 21), EVERYONE),
            ],
        )
        g.thread(
            f"【M39】🚌 {word} · 警长竞选" if n == 1 else f"【M39】🚌 {word} · 投票",
            "vote",
            n,
            [g.post("领队阿凯", at(11, d, 10, 1), "投票处，格式：投 某某。")],
        )
    return g


def _threads(tmp_path: Path, g: Game) -> dict[int, tuple[ThreadKind, int | None]]:
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    return {t.tid: (t.kind, t.day) for t in open_game(minimal).threads}


def test_a_dated_label_block_makes_the_titles_counter_the_day_unit(tmp_path: Path) -> None:
    block = "第一场：11月20日\n集合：上午十点\n截止：晚上十点\n\n以后每天一样的钟点。"
    threads = _threads(tmp_path / "a", _tour(block))
    assert sorted(v for v in threads.values() if v[1]) == [
        (ThreadKind.DISCUSSION, 1),
        (ThreadKind.DISCUSSION, 2),
        (ThreadKind.VOTE, 1),
        (ThreadKind.VOTE, 2),
    ]
    # a dated label with no close under it is no day's schedule
    alone = "第一场：11月20日\n集合：上午十点，大家别迟到。"
    threads = _threads(tmp_path / "b", _tour(alone))
    assert not [v for v in threads.values() if v[1]]


def test_a_new_time_after_a_put_back_is_the_new_close_in_the_games_word() -> None:
    posted = datetime(2026, 11, 22, 18, 5, tzinfo=TZ)
    (p,) = find_points("申请的人过半了。\n今晚往后顺延，新的散场时间：23:30。", posted, TZ)
    assert (p.role, p.delay, p.at.hour, p.at.minute) == ("closes", True, 23, 30)
    # an opening's new time is no delay of the close
    (p,) = find_points("明早开门顺延，新的开门时间：十一点。", posted, TZ)
    assert (p.role, p.delay) != ("closes", True)
    # a new time said with no put-back, or only supposed, moves nothing
    for text in ("新的散场时间：23:30。", "要是顺延的话，新的散场时间：23:30？"):
        assert not any(p.delay for p in find_points(text, posted, TZ)), text


def test_the_badge_going_with_the_top_of_the_count_is_no_leaving() -> None:
    cast = ["米糕", "豆沙", "芋圆", "椰果"]
    read = Patterns(cast).find(
        "📋 统计：米糕 5（米糕、豆沙、芋圆、椰果、阿七），豆沙 2。\n今晚起，警徽跟着 米糕 走。"
    )
    assert not [a for a in read if a.type is EventType.ELIMINATED]
    # a top of the count that does leave is read as before
    read = Patterns(cast).find("📋 统计：米糕 5，豆沙 2。\n米糕 出局。")
    assert [(a.type, a.player) for a in read] == [(EventType.ELIMINATED, "米糕")]


def test_a_process_post_edited_on_a_later_day_tells_as_of_its_edit(tmp_path: Path) -> None:
    """A running roster in the process thread, posted before the game and struck through on a
    later morning: its death is dated from the edit (the morning it was told), not from the
    post's first posting (which put it before the game's first day)."""
    g = m39()
    roster = g.post(
        "导演",
        at(11, 19, 21),
        "📒 名册（每早更新）\n1. 黄瓜\n2. 冬瓜\n3. [s]茄子[/s] 夜里没了\n4. 画眉",
    )
    roster["edited_at"] = at(11, 21, 8, 5)
    g.thread("[M39] 名册（进程帖）", "process", None, [roster])
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    events = open_game(minimal).events
    assert [(e.at, e.how) for e in events if e.player == "茄子"] == [(at(11, 21, 8, 5), "night")]


def test_the_hour_a_substitute_post_gives_the_change_is_its_start() -> None:
    cast = ["米糕", "豆沙", "芋圆", "椰果"]
    text = "📋 换人：椰果 家里有事退出，由替补 阿七 接手。\n晚上七点起阿七用椰果的号上场。"
    (a,) = Patterns(cast).find(text)
    posted = datetime(2026, 11, 22, 18, 20, tzinfo=TZ)
    assert _start_said(a, posted, text) == datetime(2026, 11, 22, 19, 0, tzinfo=TZ)
    # no hour of its own (or one only asked about): none said
    assert _start_said(a, posted, "椰果 退出，由替补 阿七 接手。") is None
    assert _start_said(a, posted, "椰果 退出，由替补 阿七 接手。阿七 晚上七点起能上吗？") is None


def test_labelled_arrows_and_a_glossed_evening_clock() -> None:
    posted = datetime(2026, 11, 23, 10, 0, tzinfo=TZ)  # a Monday
    # an arrow between two clocks each with its own word: a range, its date on the end's side
    (r,) = find_ranges("第2轮 开球 10:00 → 终场 11月24日 22:00", posted, TZ)
    assert (r.opens.hour, r.closes.day, r.closes.hour) == (10, 24, 22)
    # the same word on both sides moves the one time: no range
    assert not find_ranges("开球 10:00 → 开球 11:00", posted, TZ)
    # 今晚十一点（23:00）: the evening word stays with the clock; 改做 moves the close
    (p,) = find_points("系统卡咗，今日延时，DDL 改做今晚十一点（23:00）", posted, TZ)
    assert (p.role, p.delay, p.at.day, p.at.hour) == ("closes", True, 23, 23)
