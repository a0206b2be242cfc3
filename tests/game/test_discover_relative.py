"""Days, times and titles in a director's own words (issue 34, session 38): a day thread
titled by a season or a motto whose opening post names the day, a 版杀7 night thread and
duty log, times said from the post (后天这个点, 两小时后关帖), an amount a close moves by
(推迟两点) that is no clock, a close moved twice, an emoji as a chat writer's comma.  Each
with the words that undo it."""

from __future__ import annotations

from datetime import datetime
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest

from auditor.game.discover import _close_changes, _Day, _day_name, _named_days
from auditor.game.fold import shorthand
from auditor.game.gamefile import ThreadKind, ThreadSpec
from auditor.game.titles import classify, opening_day
from auditor.game.when import find_points
from auditor.models import Post

TZ = ZoneInfo("Asia/Shanghai")
POSTED = datetime(2026, 12, 16, 8, 0, tzinfo=TZ)


def t(month: int, day: int, h: int = 0, m: int = 0) -> datetime:
    return datetime(2026, month, day, h, m, tzinfo=TZ)


def roles(text: str) -> list[tuple[str, str | None, bool]]:
    return [
        (f"{p.at:%m-%d %H:%M}", p.role, p.delay)
        for p in find_points(text, POSTED, TZ)
        if not p.wrong
    ]


# --------------------------------------------------------------------------- titles


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("冬之卷启第四日，诸君请入座。\n投票在隔壁。", 4),
        ("Day 2 starts now. Vote below.", 2),
        ("霜降篇·第三天投票，警长一票半。", 3),
        # a recap of another day, two days, a day named only later: none
        ("昨天第一日的票型如下：A 5，B 3。", None),
        ("第一日与第二日合并讨论。", None),
        ("大家好。今天是第三日。", None),
        ("投票格式见规则帖。", None),
    ],
)
def test_the_day_an_opening_post_names(text: str, day: int | None) -> None:
    assert opening_day(text) == day


def test_a_title_with_a_kind_but_no_day_keeps_its_kind_for_the_opening_post() -> None:
    info = classify("[M107] 冬之卷 · 投票（警长）", "m107", "M107")
    assert (info.kind, info.day, info.undated) == (None, None, ThreadKind.VOTE)
    assert classify("[M107] 冬之卷 · 规则", "m107", "M107").undated is None
    assert _day_name("[M107] 冬之卷 · 投票（警长）", "M107") == "冬之卷"
    assert _day_name("[M107] 冬之卷 第一部 · 讨论", "M107") is None  # two words left


def test_a_day_said_by_its_titles_name() -> None:
    assert (
        _named_days("注：冬之卷加速，今晚九点关。", {"冬之卷": 4}) == "注：第4天加速，今晚九点关。"
    )
    assert _named_days("注：冬之卷加速。", {"冬之卷": 0}) == "注：冬之卷加速。"  # two days: none


@pytest.mark.parametrize(
    ("title", "ruleset", "kind", "day"),
    [
        # killbar7 (seed 002, 6): a night's posts count towards the next day's first 环节
        ("[版杀7] 第2夜 夜谈", "killbar7", ThreadKind.DISCUSSION, 3),
        ("[版杀7] 第三夜 讨论", "killbar7", ThreadKind.DISCUSSION, 4),
        ("[版杀7] 潜艇号 值班日志", "killbar7", ThreadKind.PROCESS, None),
        ("[M107] 游戏日志", "default", ThreadKind.PROCESS, None),
        # another rule set's night thread names no day; a day's title keeps its day
        ("[M107] 第2夜 夜谈", "default", None, None),
        ("[版杀7] 第2日 环节一", "killbar7", ThreadKind.VOTE, 2),
    ],
)
def test_night_threads_and_logs(
    title: str, ruleset: str, kind: ThreadKind | None, day: int | None
) -> None:
    tag = "版杀7" if "版杀7" in title else "M107"
    info = classify(title, ruleset, tag)
    assert (info.kind, info.day) == (kind, day)


# --------------------------------------------------------------------------- times


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # said from the post (posted 12-16 08:00)
        ("关帖时间：后天这个点", [("12-18 08:00", "closes", False)]),
        ("投票帖明天这个时候关", [("12-17 08:00", "closes", False)]),
        ("两小时后关帖，抓紧", [("12-16 10:00", "closes", False)]),
        ("半小时后开门", [("12-16 08:30", "opens", False)]),
        # another thing's wait, a gloss, a bare 这个点, a supposition: no time
        ("关帖两小时后公布身份", []),
        ("游戏结束。复盘帖十分钟后开放。", []),
        ("（也就是两个小时后）", []),
        ("这个点还没人发言？", []),
        ("如果三小时后关帖，来得及吗", []),
        # a wait glossed by its clock: that clock on the date the wait reaches (posted 08:00)
        ("一小时后（九点整）第二天开门", [("12-16 09:00", "opens", False)]),
        ("半小时后，也就是八点半，投票截止", [("12-16 08:30", "closes", False)]),
        # a gloss that does not fit the wait is no gloss; a countdown is no close
        ("一小时后（三点整）第二天开门", [("12-16 03:00", None, False)]),
        ("还有两小时关门，抓紧", []),
        # the evening's midnight is the end of that day
        ("明晚零点关帖", [("12-17 23:59", "closes", False)]),
        # an amount the close moves by is no clock
        ("关帖推迟两点，23:00 关", [("12-16 23:00", "closes", True)]),
        ("大家提前一点儿投票", []),
        # a terse clock after a label's colon
        ("推迟一小时：2330 关", [("12-16 23:30", "closes", True)]),
    ],
)
def test_times_said_from_the_post(text: str, want: list[tuple[str, str | None, bool]]) -> None:
    assert roles(text) == want


def test_a_close_with_its_own_verb_is_the_days_whatever_the_next_clause_rules() -> None:
    (pt,) = find_points("今晚 21:00 关帖，关帖后不得改票。", POSTED, TZ)
    assert (pt.role, pt.aside) == ("closes", False)
    (pt,) = find_points("改票截止 21:00。", POSTED, TZ)
    assert pt.aside


# --------------------------------------------------------------------------- a close moved


def _post(pid: int, at: datetime, text: str) -> Post:
    return Post(10, pid, 2, "导演", 1, at, "", text, tuple(text.splitlines()))


@pytest.mark.parametrize(
    ("posts", "closes", "delayed"),
    [
        # delayed to tomorrow noon, then brought back to tomorrow morning: still later
        (["延时通过，改到明天 12:00 关。", "明早有事，关帖提前到明天 10:00。"], t(12, 4, 10), True),
        # brought forward with no 加速: moved, neither delayed nor accelerated
        (["今晚有事，关帖提前到 21:00。"], t(12, 3, 21), False),
        # a request's wording moves nothing
        (["有人问能不能提前关？不行，照常 22:00。"], t(12, 3, 22), False),
    ],
)
def test_a_close_moved_in_the_directors_own_words(
    posts: list[str], closes: datetime, delayed: bool
) -> None:
    found = {3: _Day(t(12, 3, 9), t(12, 3, 22), False, 1, "开帖", {})}
    thread = ThreadSpec(10, ThreadKind.PROCESS, None)
    by_tid = {10: [_post(100 + i, t(12, 3, 12, i), p) for i, p in enumerate(posts)]}
    game = SimpleNamespace(directors=("导演",))
    _close_changes(game, found, [thread], by_tid, TZ)  # type: ignore[arg-type]
    d = found[3]
    assert (d.closes, d.delayed, d.accelerated) == (closes, delayed, False)


# --------------------------------------------------------------------------- emoji


def test_a_chat_writers_emoji_is_a_comma() -> None:
    assert "出局，今晚" in shorthand("阿福 出局👋 今晚进入第二夜")
    assert "加速成功" in shorthand("加速🚀 成功啦")
    assert "延时成功" in shorthand("延时✅ 成功")
    assert "，" not in shorthand("禁言：阿福🐱 阿贵🐶")  # names that each wear one
    assert "，" not in shorthand("替补 阿福 来啦📌 顶替 阿贵")  # no other time after it


# --------------------------------------------------------------------------- another world


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # the market, the exam, school: the day's opening and close on a line that says when
        ("今日 21:00 收盘。", [("12-16 21:00", "closes", False)]),
        ("交卷时间：今晚 22:00", [("12-16 22:00", "closes", False)]),
        (
            "早上九点开课，晚上十点下课",
            [("12-16 09:00", "opens", False), ("12-16 22:00", "closes", False)],
        ),
        # no time on the line: a result in the market's words, no close
        ("今日收盘：阿福 5 票。", []),
    ],
)
def test_a_day_told_in_another_worlds_words(
    text: str, want: list[tuple[str, str | None, bool]]
) -> None:
    assert roles(text) == want


def test_the_markets_night_and_deaths() -> None:
    from auditor.game.announce import Patterns

    p = Patterns(["阿福", "阿贵"])
    said = [(a.type.value, a.player) for a in p.find("【第三日开盘】\n隔夜：阿福 停牌退市。")]
    assert said == [("eliminated", "阿福")]
    # 退市 with no market around it is left to the grammar as written
    assert "退市" in shorthand("阿福说他想退市")
    # 昨晚 in a label does not make 昨日 after the colon the night's
    (a,) = p.find("昨晚公告：昨日被投出的阿福翻牌白痴。")
    assert a.offset == -1


def test_english_requests_granted_and_the_close_they_set() -> None:
    assert "加速成功" in shorthand("Acceleration request approved, vote ends 20:00.")
    assert "延长至" in shorthand("Day 3 extended to 23:30.")
    assert "，不是 22:00" in shorthand("closes at 21:00 instead of 22:00")
    # asked, not granted; extended said of something else is still a time's verb only
    assert "加速成功" not in shorthand("Acceleration request pending (3/9).")
    assert roles("Today closes at 20:00 instead of 22:00.") == [("12-16 20:00", "closes", False)]
