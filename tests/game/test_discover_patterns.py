"""Titles, schedules and announcements as directors write them — with near misses.

The cases come from the four seed rule posts (their titles and 时间 clauses), the issue's
examples and the games written for these tests in several directors' styles.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from auditor.game.announce import Patterns
from auditor.game.gamefile import EventType, ThreadKind
from auditor.game.titles import classify, match_tag
from auditor.game.when import find_ranges
from tests.announced import ID, PI, SU, E, S

TZ = ZoneInfo("Asia/Shanghai")
D, V, P, R, L = (
    ThreadKind.DISCUSSION,
    ThreadKind.VOTE,
    ThreadKind.PROCESS,
    ThreadKind.RULES,
    ThreadKind.LASTWORDS,
)

TITLES = [
    # (title, tag, ruleset, exact tag, kind, day, phase, accelerated)
    ("[M107] 第二天讨论帖", "M107", "m107", True, D, 2, None, False),
    ("[M107] 第一天投票帖（警长竞选）", "M107", "m107", True, V, 1, None, False),
    ("M107『摩天大楼』规则帖", "M107", "m107", True, R, None, None, False),
    ("[M107]『摩天大楼』——规则贴", "M107", "m107", True, R, None, None, False),
    ("[M107] 进程帖", "M107", "m107", True, P, None, None, False),
    ("[M107] 遗言帖", "M107", "m107", True, L, None, None, False),
    ("[M107] 油条的遗言", "M107", "m107", True, L, None, None, False),
    ("[版杀7] 第一天 环节二 可疑者辩论投票", "版杀7", "killbar7", True, V, 1, 2, False),
    (
        "[版杀7]『BT号船』之【游戏规则】（本贴锁贴）",
        "版杀7",
        "killbar7",
        True,
        R,
        None,
        None,
        False,
    ),
    ("[030]『阿姨的衣柜』—— 规则帖", "030", "rabbit030", True, R, None, None, False),
    ("[030] D3 讨论帖", "030", "rabbit030", True, D, 3, None, False),
    ("[M39] 第四天讨论帖（加速日）", "M39", "m39", True, D, 4, None, True),
    ("［Ｍ１０７］第十二天讨论帖", "M107", "m107", True, D, 12, None, False),
    ("M107 Day 2 投票", "M107", "m107", True, V, 2, None, False),
    # near misses: another game's tag, no tag, no kind, no day, not a game thread
    ("[M1070] 第二天讨论帖", "M107", "m107", False, D, 2, None, False),
    ("[AM107] 第二天讨论帖", "M107", "m107", False, D, 2, None, False),
    ("第四天讨论帖（加速日）", "M107", "m107", False, D, 4, None, True),
    ("[M107] 闲聊", "M107", "m107", True, None, None, None, False),
    ("[M107] 讨论帖", "M107", "m107", True, None, None, None, False),
    ("[版杀7] 灌水贴", "版杀7", "killbar7", True, None, None, None, False),
    ("[M107] 揭秘帖（第三天讨论帖的答案）", "M107", "m107", True, None, None, None, False),
]


@pytest.mark.parametrize(("title", "tag", "rs", "exact", "kind", "day", "phase", "acc"), TITLES)
def test_titles(
    title: str,
    tag: str,
    rs: str,
    exact: bool,
    kind: ThreadKind | None,
    day: int | None,
    phase: int | None,
    acc: bool,
) -> None:
    assert match_tag(title, tag).exact is exact
    info = classify(title, rs, tag)
    assert (info.kind, info.day, info.phase, info.accelerated) == (kind, day, phase, acc)


def test_a_glued_tag_is_a_near_match_not_a_miss() -> None:
    assert match_tag("[M1070] 第二天讨论帖", "M107").near
    assert not match_tag("[M108] 第二天讨论帖", "M107").near


@pytest.mark.parametrize("tag", ["[测试]", "【测试】", "［测试］", "测试", " [测试] "])
@pytest.mark.parametrize(
    "title", ["[测试] 规则帖", "【测试】规则帖", "测试 规则帖", "［测试］规则帖"]
)
def test_brackets_are_not_part_of_a_tag(tag: str, title: str) -> None:
    """Issue 30: ``tag = "[测试]"`` as the titles showed it dropped ``【测试】规则帖`` (15 posts
    lost): the brackets around a tag are not part of it."""
    assert match_tag(title, tag).exact, (title, tag)
    assert classify(title, "rabbit030", tag).kind is R


def t(month: int, day: int, h: int = 0, m: int = 0, s: int = 0, year: int = 2026) -> datetime:
    return datetime(year, month, day, h, m, s, tzinfo=TZ)


POSTED = t(11, 20, 9)
RANGES = [
    # (text, posted at, [(opens, closes, day label, phase, accelerated)])
    (
        "开放时间：11月24日 09:00 至 11月25日 22:00",
        POSTED,
        [(t(11, 24, 9), t(11, 25, 22), None, None, False)],
    ),
    (
        "投票时间：11月21日 08:00 至 21:00",
        POSTED,
        [(t(11, 21, 8), t(11, 21, 21), None, None, False)],
    ),
    ("时间：11月24日 0:00-24:00", POSTED, [(t(11, 24), t(11, 24, 23, 59, 59), None, None, False)]),
    (
        "第二天：11月26日 08:00 – 22:00（加速日）",
        POSTED,
        [(t(11, 26, 8), t(11, 26, 22), 2, None, True)],
    ),
    (
        "讨论时间：今天 09:00 至明天 22:00。",
        POSTED,
        [(t(11, 20, 9), t(11, 21, 22), None, None, False)],
    ),
    (
        "【环节一】试探性投票。时间为０：００－２４：００",
        POSTED,
        [(t(11, 20), t(11, 20, 23, 59, 59), None, 1, False)],
    ),
    ("第三天：11月24日\n08:00-22:00", POSTED, [(t(11, 24, 8), t(11, 24, 22), None, None, False)]),
    ("第3日 11/27 9:00~11/28 21:30", POSTED, [(t(11, 27, 9), t(11, 28, 21, 30), 3, None, False)]),
    ("晚上8点至10点半", POSTED, [(t(11, 20, 20), t(11, 20, 22, 30), None, None, False)]),
    # a schedule written on 12-30 for the next days crosses the year end
    (
        "第五天：1月2日 08:00-22:00",
        t(12, 30, 10),
        [(t(1, 2, 8, year=2027), t(1, 2, 22, year=2027), 5, None, False)],
    ),
    (
        "2026年12月31日 20:00 ~ 2027年1月1日 22:00",
        t(12, 30),
        [(t(12, 31, 20), t(1, 1, 22, year=2027), None, None, False)],
    ),
    # near misses: a single time, a time without a range, a relative deadline
    ("投票截止：今天 22:00:00（以发帖时间为准）", POSTED, []),
    ("这局我们晚上再聊，23:59:59算不算", POSTED, []),
    ("第二天 11 月 26 日见", POSTED, []),
    ("比分 3-2", POSTED, []),
]


@pytest.mark.parametrize(("text", "posted", "expected"), RANGES)
def test_ranges(text: str, posted: datetime, expected: list[tuple[object, ...]]) -> None:
    got = [
        (r.opens, r.closes, r.day, r.phase, r.accelerated) for r in find_ranges(text, posted, TZ)
    ]
    assert got == expected


PLAYERS = ["黄瓜", "冬瓜", "番茄", "芒果", "苦瓜", "杜鹃", "画眉", "饺子", "油条", "小黄瓜"]
ANNOUNCEMENTS = [
    ("黄瓜出局", [(E, "黄瓜", None)]),
    ("冬瓜 死亡", [(E, "冬瓜", None)]),
    ("油条 6 票，[color=Red]油条出局[/color]。", [(E, "油条", "vote")]),
    ("昨晚死亡的是冬瓜、番茄。", [(E, "冬瓜", "night"), (E, "番茄", "night")]),
    # a role revealed is no night (the real capture's pid 66, thread 3: one line each)
    (
        "第一天投票结果\n冬瓜 8 票（番茄、芒果）\n黄瓜投票超时无效\n冬瓜出局，身份：狼人",
        [(E, "冬瓜", "vote")],
    ),
    ("冬瓜出局，身份：狼人。", [(E, "冬瓜", None)]),
    ("昨晚冬瓜被狼人杀害，身份是预言家。", [(E, "冬瓜", "night")]),
    ("冬瓜被狼人刀了", [(E, "冬瓜", "night")]),
    ("第二天投票结果：平票。昨晚番茄死亡", [(E, "番茄", "night")]),
    ("冬瓜杀死了番茄", []),  # (冬瓜 killing: no elimination said of either)
    ("饺子红牌罚下", [(E, "饺子", "sent_off")]),
    ("红牌罚下：饺子", [(E, "饺子", "sent_off")]),
    ("番茄当选警长", [(S, "番茄", "elected")]),
    ("今日警长：番茄", [(S, "番茄", "elected")]),
    ("警徽移交给芒果", [(S, "芒果", "handed_over")]),
    ("芒果继任警长", [(S, "芒果", "handed_over")]),
    ("芒果发动【装傻】……芒果是白痴", [(ID, "芒果", None)]),
    ("苦瓜 被管道：第三天……只能发喵喵、汪汪或表情", [(PI, "苦瓜", None)]),
    ("杜鹃、画眉 进入【雏见泽综合症Lv.3】", [(PI, "杜鹃", None), (PI, "画眉", None)]),
    ("小明替补饺子", [(SU, "饺子", None)]),
    ("小黄瓜出局", [(E, "小黄瓜", None)]),
    # near misses: questions, suppositions, denials, votes, no event at all
    ("黄瓜出局了吗？", []),
    ("黄瓜出局了，对吧？", []),
    ("如果黄瓜出局，村民就输了", []),
    ("黄瓜出局的话怎么办", []),
    ("平票无人出局", []),
    ("黄瓜没有出局", []),
    ("我投黄瓜出局", []),
    ("平安夜。", []),
    ("警长竞选开始了", []),
    ("白痴的技能是装傻", []),
]


@pytest.mark.parametrize(("text", "expected"), ANNOUNCEMENTS)
def test_announcements(text: str, expected: list[tuple[object, ...]]) -> None:
    found = Patterns(PLAYERS).find(text)
    events = [a for a in found if isinstance(a.type, EventType) and not a.ends_piping]
    assert [(a.type, a.player, a.how) for a in events] == expected


def test_a_piping_window_and_its_end() -> None:
    p = Patterns(PLAYERS)
    (a,) = p.find("苦瓜 被管道：第三天……只能发喵喵、汪汪或表情")
    assert a.day == 3
    assert any(x.ends_piping for x in p.find("吹笛者出局，所有角色的【雏见泽综合症】自愈。"))


def test_a_correction_is_marked() -> None:
    (a,) = Patterns(PLAYERS).find("更正：出局的是画眉，不是杜鹃。")
    assert (a.type, a.player, a.correction) == (E, "画眉", True)
    assert Patterns(PLAYERS).find("小明替补饺子")[0].value == "小明"
