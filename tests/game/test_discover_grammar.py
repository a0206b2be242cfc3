"""The announcement grammar (auditor.game.announce) and the single times (auditor.game.when)
on sentences written for these tests from the seeds' procedures and the kinds issue 34
lists — each kind's event words, the player slots, and the words that undo a clause.

Each case: (text, [(kind, player, how, value)]) where how is the cause the grammar reads
(vote, night, sent_off, suicide, hunter; elected, handed_over) and value a substitute's new
account or a game's winner.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from auditor.game.announce import Announced, Notice, Patterns
from auditor.game.discover import Sourced, _corrected
from auditor.game.gamefile import DaySpec, Event, EventType
from auditor.game.when import find_points, find_ranges

TZ = ZoneInfo("Asia/Shanghai")
PLAYERS = ["黄瓜", "冬瓜", "番茄", "芒果", "苦瓜", "杜鹃", "画眉", "饺子", "油条", "小黄瓜"]
E, S, ID, PI, SU = (
    EventType.ELIMINATED,
    EventType.SHERIFF,
    EventType.IDIOT_REVEALED,
    EventType.PIPED,
    EventType.SUBSTITUTE,
)
QUIET, FAST, OVER = Notice.NO_DEATH, Notice.ACCELERATED, Notice.GAME_OVER


def _shown(a: Announced) -> tuple[object, ...]:
    how = a.cause if a.type is EventType.ELIMINATED else a.how
    return (a.type, a.player, how, a.value)


CASES: list[tuple[str, list[tuple[object, ...]]]] = [
    # eliminated: each how, names before, after, in a list, in the next clause
    ("芒果没能挺过昨夜。", [(E, "芒果", "night", None)]),
    ("昨夜，杜鹃与画眉倒在了血泊之中。", [(E, "杜鹃", "night", None), (E, "画眉", "night", None)]),
    ("大家送别冬瓜。", [(E, "冬瓜", None, None)]),
    ("冬瓜被放逐。", [(E, "冬瓜", "vote", None)]),
    ("出局的是 黄瓜（7票）。", [(E, "黄瓜", "vote", None)]),
    ("番茄吃到第三张黄牌，升级红牌，罚下。", [(E, "番茄", "sent_off", None)]),
    ("芒果殉情。", [(E, "芒果", "suicide", None)]),
    ("油条是猎人，开枪带走了苦瓜。", [(E, "苦瓜", "hunter", None)]),
    (
        "昨日投票出局：黄瓜\n昨夜出局：冬瓜、番茄",
        [(E, "黄瓜", "vote", None), (E, "冬瓜", "night", None), (E, "番茄", "night", None)],
    ),
    (
        "已出局：冬瓜（投票）、芒果（最后一枪）",
        [(E, "冬瓜", "vote", None), (E, "芒果", "hunter", None)],
    ),
    ("黄瓜 6 票，出局。", [(E, "黄瓜", "vote", None)]),
    ("【公告】\n📢 “苦瓜” 被投出！", [(E, "苦瓜", "vote", None)]),
    # what undoes a clause
    ("如果明天黄瓜被投出，好人就输了。", []),
    ("冬瓜出局了吗", []),
    ("我猜昨晚被刀的是番茄。", []),
    ("番茄没有出局，他是白痴。", [(ID, "番茄", None, None)]),  # 出局 denied; the reveal stands
    ("不是芒果出局，是冬瓜出局。", [(E, "冬瓜", None, None)]),
    ("[quote]黄瓜：冬瓜昨晚被刀了[/quote]\n收到。", []),
    ("番茄说：“黄瓜出局了”，请勿外传。", []),
    ("芒果已出局，不能再投票。", []),
    ("冬瓜被罚下前投的票作废。", []),
    ("冬瓜杀死了番茄", []),
    ("黄瓜：\n昨晚被刀的是我，大家加油。", []),  # a player's last words, relayed
    # sheriff
    ("苦瓜拿到警徽！", [(S, "苦瓜", "elected", None)]),
    ("警徽给了 杜鹃。", [(S, "杜鹃", "handed_over", None)]),
    ("番茄出局，警徽移交画眉。", [(E, "番茄", None, None), (S, "画眉", "handed_over", None)]),
    ("今日警长：油条", [(S, "油条", "elected", None)]),
    ("警长竞选开始了。", []),
    ("警徽移交给芒果？不对，番茄选择的是苦瓜。", [(S, "苦瓜", "handed_over", None)]),
    # idiot, piped, substitute
    ("饺子发动装傻，留在场上。", [(ID, "饺子", None, None)]),
    ("昨夜被吹笛：冬瓜、芒果", [(PI, "冬瓜", None, None), (PI, "芒果", None, None)]),
    ("雏见泽综合症Lv.3：番茄", [(PI, "番茄", None, None)]),
    ("被吹笛的有两位，杜鹃和画眉。", [(PI, "杜鹃", None, None), (PI, "画眉", None, None)]),
    ("苦瓜未被吹笛。", []),
    ("被吹笛：无", []),
    ("油条转为Lv.1，恢复正常发言。", []),
    ("阿紫来顶黄瓜的位置。", [(SU, "黄瓜", None, "阿紫")]),
    ("黄瓜请假，由替补阿紫接替。", [(SU, "黄瓜", None, "阿紫")]),
    # corrections in one sentence, more word orders, separators, headers
    ("更正：昨晚出局的不是杜鹃而是画眉。", [(E, "画眉", "night", None)]),
    ("杜鹃出局有误，应为画眉出局。", [(E, "画眉", None, None)]),
    (
        "💀 出局：冬瓜（投票）｜番茄（夜晚）",
        [(E, "冬瓜", "vote", None), (E, "番茄", "night", None)],
    ),
    ("黄瓜与芒果是情侣，芒果随之殉情。", [(E, "芒果", "suicide", None)]),
    ("芒果：“我觉得冬瓜出局了”——这是他的猜测。", []),
    ("警长由杜鹃担任。", [(S, "杜鹃", "elected", None)]),
    ("新任警长：番茄（由黄瓜移交）", [(S, "番茄", "handed_over", None)]),
    ("黄瓜当选为警长，恭喜！", [(S, "黄瓜", "elected", None)]),
    ("番茄翻牌：白痴，继续留在场上。", [(ID, "番茄", None, None)]),
    ("小黄瓜替换冬瓜上场。", [(SU, "冬瓜", None, "小黄瓜")]),
    ("冬瓜退出游戏，替补阿紫入场。", [(SU, "冬瓜", None, "阿紫")]),
    ("全票通过加速，今天提前到18点关门。", [(FAST, "", None, None)]),
    ("昨晚小黄瓜被狼咬了😭", [(E, "小黄瓜", "night", None)]),
    ("公告：第2天放逐结果——冬瓜（5票）。", [(E, "冬瓜", "vote", None)]),
    ("昨晚倒下的是冬瓜。", [(E, "冬瓜", "night", None)]),
    ("杜鹃（白痴）被投出后翻牌，装傻成功，继续游戏。", [(ID, "杜鹃", None, None)]),
    ("杜鹃被警告一次（黄牌），再犯将红牌。", []),
    ("若苦瓜被吹笛，他将只能发喵喵。", []),
    ("警长番茄的票计1.5票。", []),
    ("今天警长依旧是番茄哦", [(S, "番茄", "elected", None)]),  # a state line (status)
    # notices
    ("昨夜平安夜。", [(QUIET, "", None, None)]),
    ("夜晚结束，无人死亡。", [(QUIET, "", None, None)]),
    ("平票，无人出局。", []),
    ("今晚会是平安夜吗？", []),
    ("加速成功，今晚18:00关门。", [(FAST, "", None, None)]),
    ("申请加速的人数不足，不加速。", []),
    ("游戏结束，好人阵营胜利！", [(OVER, "", None, "好人阵营")]),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_grammar(text: str, expected: list[tuple[object, ...]]) -> None:
    found = [a for a in Patterns(PLAYERS).find(text) if not a.ends_piping]
    assert [_shown(a) for a in found] == expected


def test_days_a_clause_names() -> None:
    p = Patterns(PLAYERS)
    (a,) = p.find("第一夜：画眉被杀。")
    assert (a.day, a.cause) == (2, "night")  # the night after day 1 is day 2's
    (b,) = p.find("昨日：冬瓜被投出。")
    assert (b.offset, b.cause) == (-1, "vote")
    (c,) = p.find("第三天：芒果被投死。")
    assert c.day == 3


def t(month: int, day: int, h: int = 0, m: int = 0) -> datetime:
    return datetime(2026, month, day, h, m, tzinfo=TZ)


THU = t(12, 3, 10)  # a Thursday morning
POINTS = [
    # (text, [(at, role, delay)])
    ("第三日开始，今晚22点关帖", [(t(12, 3, 22), "closes", False)]),
    ("截止改为 23:30", [(t(12, 3, 23, 30), "closes", True)]),
    ("延时申请通过，今日关门时间延后至23:30。", [(t(12, 3, 23, 30), "closes", True)]),
    (
        "开帖：12月3日 9:00\n关帖：12月4日 21:30",
        [(t(12, 3, 9), "opens", False), (t(12, 4, 21, 30), "closes", False)],
    ),
    (
        "本日 09:00 起，至 21:30 止",
        [(t(12, 3, 9), "opens", False), (t(12, 3, 21, 30), "closes", False)],
    ),
    ("今天关门时间延长至23点。", [(t(12, 3, 23), "closes", True)]),
    ("延时申请截止18:00", [(t(12, 3, 18), "closes", False)]),
    (
        "今天开门推迟至10:00，关门21:00",
        [(t(12, 3, 10), "opens", False), (t(12, 3, 21), "closes", False)],
    ),
    ("明晚十点关门", [(t(12, 4, 22), "closes", False)]),
    ("晚上九点半关门", [(t(12, 3, 21, 30), "closes", False)]),
    ("周日晚10点关门", [(t(12, 6, 22), "closes", False)]),
    ("明早八点开门", [(t(12, 4, 8), "opens", False)]),
    ("下午三点一刻关门", [(t(12, 3, 15, 15), "closes", False)]),
    (
        "第二天 12月4日 9:00 开门，当日 21:30 关门",
        [(t(12, 4, 9), "opens", False), (t(12, 4, 21, 30), "closes", False)],
    ),
    ("讨论：12/3-12/4，22:00关门", [(t(12, 4, 22), "closes", False)]),
    ("如果加速成功，今晚20:00关门", []),
]


@pytest.mark.parametrize(("text", "expected"), POINTS)
def test_single_times(text: str, expected: list[tuple[object, ...]]) -> None:
    got = [
        (p.at.replace(second=0), p.role, p.delay)
        for p in find_points(text, THU, TZ)
        if p.role is not None
    ]
    assert got == expected


def test_a_schedule_table_row_is_a_range() -> None:
    (r,) = find_ranges("| 第一天 | 12/3 09:00 | 12/4 21:30 |", THU, TZ)
    assert (r.opens, r.closes, r.day) == (t(12, 3, 9), t(12, 4, 21, 30), 1)


def test_a_correction_replaces_the_item_it_names() -> None:
    days = [DaySpec(1, t(12, 1, 9), t(12, 1, 22)), DaySpec(2, t(12, 2, 9), t(12, 2, 22))]
    earlier = [
        Sourced(Event(E, "杜鹃", t(12, 2, 22), "vote"), "pid 1", 1),
        Sourced(Event(E, "黄瓜", t(12, 2, 9), "night"), "pid 2", 2),
    ]
    (a,) = Patterns(PLAYERS).find("杜鹃出局有误，应为画眉出局。")
    assert (a.player, a.correction, a.replaces) == ("画眉", True, ("杜鹃",))
    ev = Event(E, "画眉", t(12, 2, 22), "vote")
    # 杜鹃 goes; 黄瓜, the same day's night death the correction does not name, stays
    assert [s.item.player for s in earlier if not _corrected(s, ev, a, days)] == ["黄瓜"]  # type: ignore[union-attr]
    (b,) = Patterns(PLAYERS).find("更正：第二天出局的是画眉。")
    assert b.replaces == ()  # no wrong player named: every elimination of that day goes
    assert [s for s in earlier if not _corrected(s, ev, b, days)] == []


def test_the_time_a_clause_gives_an_event() -> None:
    p = Patterns(PLAYERS)
    shot = p.find("补充：苦瓜出局后开枪，黄瓜于21:48倒在了枪口下。")
    assert [(a.player, a.cause, a.clock) for a in shot][-1] == ("黄瓜", "hunter", "21:48")
    (b,) = p.find("冬瓜在 14:05 被红牌罚下。")
    assert (b.cause, b.clock) == ("sent_off", "14:05")
    (c,) = p.find("冬瓜被罚下，21:30 关门。")
    assert c.clock is None  # a time after the word is the day's, not the event's
