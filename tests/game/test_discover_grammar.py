"""The announcement grammar (auditor.game.announce) and the single times (auditor.game.when)
on sentences written for these tests from the seeds' procedures and the kinds issue 34
lists — each kind's event words, the player slots, and the words that undo a clause.

Each case: (text, [(kind, player, how, value)]) where how is the cause the grammar reads
(vote, night, sent_off, suicide, hunter; elected, handed_over) and value a substitute's new
account or a game's winner.
"""

from __future__ import annotations

from datetime import datetime
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest

from auditor.game.announce import Announced, Patterns
from auditor.game.discover import (
    Sourced,
    _close_changes,
    _corrected,
    _Day,
    _guess_how,
    _recapped_close,
    tells_phase,
)
from auditor.game.gamefile import DaySpec, Event, EventType, PhaseSpec, ThreadKind, ThreadSpec
from auditor.game.when import find_points, find_ranges
from auditor.models import Post
from tests.announced import FAST, ID, OVER, PI, QUIET, SU, E, S

TZ = ZoneInfo("Asia/Shanghai")
PLAYERS = ["黄瓜", "冬瓜", "番茄", "芒果", "苦瓜", "杜鹃", "画眉", "饺子", "油条", "小黄瓜"]


def _shown(a: Announced) -> tuple[object, ...]:
    how = a.cause if a.type is EventType.ELIMINATED else a.how
    return (a.type, a.player, how, a.value)


CASES: list[tuple[str, list[tuple[object, ...]]]] = [
    # eliminated: each how, names before, after, in a list, in the next clause
    ("芒果没能挺过昨夜。", [(E, "芒果", "night", None)]),
    ("昨夜，杜鹃与画眉倒在了血泊之中。", [(E, "杜鹃", "night", None), (E, "画眉", "night", None)]),
    ("大家送别冬瓜。", [(E, "冬瓜", None, None)]),
    # 四川话 (老贺, s46): X 遭了 is X done for; 遭 the passive with the killer's blow (打翻)
    ("昨晚黑芒果遭了，杀手下的手。", [(E, "芒果", "night", None)]),
    ("冬瓜遭秘警一枪打翻了。", [(E, "冬瓜", "night", None)]),
    # twins: 遭了 alone is an 糟了 (oops), a question asks
    ("遭了，我忘了发票", []),
    ("芒果说冬瓜遭了吗？", []),
    ("冬瓜被放逐。", [(E, "冬瓜", "vote", None)]),
    ("出局的是 黄瓜（7票）。", [(E, "黄瓜", "vote", None)]),
    ("番茄吃到第三张黄牌，升级红牌，罚下。", [(E, "番茄", "sent_off", None)]),
    # a card the sentence before gives as the reason of one that follows from it (所以…)
    (
        "这是番茄的第三张黄牌，合成红牌。所以番茄就此离场，不能再投票。",
        [(E, "番茄", "sent_off", None)],
    ),
    ("芒果是猎人，开了一枪。因此苦瓜也离场了。", [(E, "苦瓜", "hunter", None)]),
    # twins: no 所以, the reason is another sentence's; a night's word is no card; the lost
    # right to vote is no ballot (the time decides, a proposal)
    ("番茄拿到红牌。冬瓜离场，不能再投票。", [(E, "冬瓜", None, None)]),
    ("这是冬瓜的第二张黄牌。所以冬瓜离场了。", [(E, "冬瓜", None, None)]),
    ("冬瓜离场，失去投票权。", [(E, "冬瓜", None, None)]),
    ("冬瓜 5 票离场。", [(E, "冬瓜", "vote", None)]),
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
    # round 3 (issue 34): terse results, badge arrows, a 杀人贴's night, substitutes' verbs
    ("D4。昨夜 苦瓜 死。", [(E, "苦瓜", "night", None)]),
    ("我可不想死。", []),
    ("画眉 6，杜鹃 2。\n画眉 警长。", [(S, "画眉", "elected", None)]),
    ("警徽 番茄→芒果。", [(S, "芒果", "handed_over", None)]),
    ("【杀人贴】\n月光下，油条再也没有醒来。\n油条 死亡。", [(E, "油条", "night", None)]),
    ("冬瓜 死亡（被狙击）。", [(E, "冬瓜", "night", None)]),
    ("替补 阿紫 从明天起接替 杜鹃 的位置。", [(SU, "杜鹃", None, "阿紫")]),
    ("即日起由阿紫替补黄瓜，沿用原账号。", [(SU, "黄瓜", None, "阿紫")]),
    ("阿紫替补上场接替油条。", [(SU, "油条", None, "阿紫")]),
    # a time the clause starts from, then the newcomer right before 替补 (老贺, s46)
    ("第二天开始阿紫替补黄瓜的位置。", [(SU, "黄瓜", None, "阿紫")]),
    ("从第三天起阿紫替补黄瓜。", [(SU, "黄瓜", None, "阿紫")]),
    ("请保守秘密直到游戏结束。", []),
    # active night verbs, the hedges and examples that undo, a relayed last word
    ("夜晚：杀手杀死了冬瓜；医生扎针一针空针（不致死）。", [(E, "冬瓜", "night", None)]),
    ("黄瓜被秘警狙击。", [(E, "黄瓜", "night", None)]),
    ("本夜：杀手杀死了芒果。出局顺序：芒果。", [(E, "芒果", "night", None)]),
    ("夜死：画眉", [(E, "画眉", "night", None)]),
    ("昨晚番茄走了，一路走好", [(E, "番茄", "night", None)]),
    ("画眉 4.5 票 被放逐", [(E, "画眉", "vote", None)]),
    ("前一日出局：冬瓜（投票）", [(E, "冬瓜", "vote", None)]),
    ("例如番茄被投出且为猎人，他可以带走冬瓜。", []),
    ("当前芒果得票最多，但不代表他出局。", []),
    ("回复杜鹃：出局的角色都能留遗言，红牌罚下除外。", []),
    ("冬瓜的遗言：\n我是猎人，我开枪带走了番茄。", []),
    ("杜鹃方便的话，明天也许要你顶冬瓜的位置。", []),
    ("警长为画眉而非杜鹃。", [(S, "画眉", "elected", None)]),
    ("画眉 6 票 当选警长", [(S, "画眉", "elected", None)]),
    # 平安 and 无人出局 said of the night, 加速 said of a day
    ("昨夜平安。", [(QUIET, "", None, None)]),
    ("没有人在昨晚出局。", [(QUIET, "", None, None)]),
    ("昨夜没有角色出局。", [(QUIET, "", None, None)]),
    ("第六天加速，加速后不允许改票。", [(FAST, "", None, None)]),
    ("今天不加速。", []),
    ("今日加速申请 3 人。", []),
    ("明天加速。", []),  # a plan for another day, not this one's notice
    # a bracket's commas stay inside it; a skull marks a death
    (
        "昨夜出局：冬瓜、番茄（冬瓜与番茄为情侣，冬瓜被刀，番茄殉情）",
        [(E, "冬瓜", "night", None), (E, "番茄", "suicide", None)],
    ),
    ("💀 杜鹃（夜）", [(E, "杜鹃", "night", None)]),
    ("今天加速吗？", []),
    # a bracket that stands alone is read; a group's topic; 投出去; the badge to 结果：X; Q&A
    (
        "清晨，蝉鸣依旧。\n（昨夜出局：冬瓜、番茄）",
        [(E, "冬瓜", "night", None), (E, "番茄", "night", None)],
    ),
    ("第二天结束（芒果票数过半死亡）。", [(E, "芒果", "vote", None)]),
    (
        "冬瓜、番茄两人累计三张黄牌，各红牌罚下。",
        [(E, "冬瓜", "sent_off", None), (E, "番茄", "sent_off", None)],
    ),
    ("昨天被投出去的是杜鹃。", [(E, "杜鹃", "vote", None)]),
    ("杜鹃被罚下时持有警徽，警徽随机移交，结果：画眉。", [(S, "画眉", "handed_over", None)]),
    ("Q：苦瓜被红牌罚下怎么办？\nA：苦瓜的情侣须殉情出局。", []),
    # a hunter's shot or a 殉情 goes with the death before it
    (
        "昨日投票出局：冬瓜\n因最后一枪出局：番茄",
        [(E, "冬瓜", "vote", None), (E, "番茄", "hunter", None)],
    ),
    ("游戏结束后开放揭秘帖。", []),
    # a fallen sheriff's bracket hands the badge on; its twins with a refusal or a shot do not
    (
        "昨夜出局：冬瓜（警长，殉职移交 番茄）",
        [(E, "冬瓜", "night", None), (S, "番茄", "handed_over", None)],
    ),
    (
        "昨夜出局：冬瓜（警长，移交 番茄）、芒果",
        [(E, "冬瓜", "night", None), (E, "芒果", "night", None), (S, "番茄", "handed_over", None)],
    ),
    ("昨夜出局：冬瓜（警长，不移交 番茄）", [(E, "冬瓜", "night", None)]),
    ("昨夜出局：冬瓜（警长，没有移交给 番茄）", [(E, "冬瓜", "night", None)]),
    ("昨夜出局：冬瓜（警长，已移交 番茄）", [(E, "冬瓜", "night", None)]),
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
    ("延时申请截止18:00", []),  # a request's deadline is not the day's close
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
    # a delay granted, then the close it sets; a count's moment; the wrong time of a correction
    ("今天延时 2 小时，24:00 关。", [(t(12, 3, 23, 59), "closes", True)]),
    ("延时申请 2 人，延时失败，21:00 关门。", [(t(12, 3, 21), "closes", False)]),
    ("截至本日15时，申请加速 4 人。", [(t(12, 3, 15), "closes", False)]),
    ("投票截止时间提前至本日20时整。", [(t(12, 3, 20), "closes", False)]),
    ("延时成功，今天改到晚上12点关门。", [(t(12, 3, 23, 59), "closes", True)]),
    ("开门时间推迟到 10:00，关门不变。", [(t(12, 3, 10), "opens", False)]),
    ("D4\n关：21:30", [(t(12, 3, 21, 30), "closes", False)]),
    ("21:30 前一小时内不允许改票。", [(t(12, 3, 21, 30), "closes", False)]),
    ("关门前一小时（22:30 后）不得改票。", []),
    ("加速申请：4/10，不足半数。按原定 22:00 关门。", [(t(12, 3, 22), "closes", False)]),
    ("加速成功，改为今晚 22:00 关门不变。", [(t(12, 3, 22), "closes", False)]),
    ("第一天 12/4(五) 10:00 开门", [(t(12, 4, 10), "opens", False)]),
    ("延时成功，关门延至次日（12月4日）01:00。", [(t(12, 4, 1), "closes", True)]),
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


def test_what_a_time_is_said_to_be() -> None:
    """A correction's wrong time (不是 22:00) and a count's moment (截至 15 时，…) are no close."""
    fixed = find_points("更正：关门是 21:00，不是 22:00。", THU, TZ)
    assert [(p.at.hour, p.wrong) for p in fixed] == [(21, False), (22, True)]
    (count,) = find_points("截至本日15时，申请加速 4 人。", THU, TZ)
    assert count.asof
    (deadline,) = find_points("投票截至今晚22:00。", THU, TZ)
    assert not deadline.asof


def test_a_correction_that_says_how_leaves_the_other_deaths() -> None:
    """更正 of a vote count replaces that day's vote-out, never its night's deaths."""
    days = [DaySpec(2, t(12, 2, 9), t(12, 2, 22))]
    earlier = [
        Sourced(Event(E, "杜鹃", t(12, 2, 22), "vote"), "pid 1", 1),
        Sourced(Event(E, "黄瓜", t(12, 2, 9), "night"), "pid 2", 2),
    ]
    (a,) = Patterns(PLAYERS).find("更正：重新计票后画眉 5 票，画眉出局。")
    ev = Event(E, "画眉", t(12, 2, 22), "vote")
    assert [s.item.player for s in earlier if not _corrected(s, ev, a, days)] == ["黄瓜"]  # type: ignore[union-attr]


def test_the_time_before_the_word_when_the_player_follows() -> None:
    (a,) = Patterns(PLAYERS).find("更正：14:05 红牌罚下的是 冬瓜。")
    assert (a.player, a.cause, a.clock) == ("冬瓜", "sent_off", "14:05")


def _director_post(tid: int, pid: int, at: datetime, text: str) -> Post:
    return Post(tid, pid, 2, "导演", 1, at, "", text, tuple(text.splitlines()))


def _day_found(closes: datetime) -> dict[int, _Day]:
    return {3: _Day(t(12, 3, 9), closes, False, 1, "开帖", {})}


@pytest.mark.parametrize(
    ("posts", "closes", "accelerated", "delayed"),
    [
        # an acceleration granted moves the close earlier (a count's moment is no close)
        (
            [
                "截至本日12时，申请加速 5 人，超过半数。第三天执行加速，投票截止时间提前至本日20时整。"
            ],
            (20, 0),
            True,
            False,
        ),
        # a delay granted, then the close it sets
        (["第三天延时成功，关门改到 23:30。"], (23, 30), False, True),
        (["延时 1 小时，23:00 关。"], (23, 0), False, True),
        # a correction moves it either way; its wrong time is not taken
        (["更正：今天 21:00 关门，不是 22:00。"], (21, 0), False, False),
        # a later correction wins over the acceleration before it
        (
            ["加速成功，21:00 关门。", "更正：加速后是 20:00 关门，不是 21:00。"],
            (20, 0),
            True,
            False,
        ),
        # a request's deadline, a failed delay, a supposed acceleration: nothing moves
        (["延时申请 18:00 截止。"], (22, 0), False, False),
        (["延时申请 2 人，延时失败，照常 22:00 关门。"], (22, 0), False, False),
        (["如果加速成功，今晚 20:00 关门。"], (22, 0), False, False),
    ],
)
def test_a_post_during_the_day_changes_its_close(
    posts: list[str], closes: tuple[int, int], accelerated: bool, delayed: bool
) -> None:
    found = _day_found(t(12, 3, 22))
    thread = ThreadSpec(10, ThreadKind.PROCESS, None)
    by_tid = {10: [_director_post(10, 100 + i, t(12, 3, 12, i), p) for i, p in enumerate(posts)]}
    game = SimpleNamespace(directors=("导演",))
    _close_changes(game, found, [thread], by_tid, TZ)  # type: ignore[arg-type]
    d = found[3]
    assert (d.closes, d.accelerated, d.delayed) == (t(12, 3, *closes), accelerated, delayed)


def test_a_death_said_with_no_cause() -> None:
    """Soon after a close it is the vote-out; the next morning or the night's end, the night's."""
    close = t(12, 2, 22)
    assert _guess_how(False, close, t(12, 2, 22, 10)) == "vote"
    assert _guess_how(False, close, t(12, 3, 8)) == "night"
    assert _guess_how(True, close, t(12, 2, 22, 10)) == "night"  # a day's opening post
    assert _guess_how(False, None, t(12, 3, 8)) == "night"


def test_a_vote_out_a_discussion_post_recaps_is_the_day_befores() -> None:
    days = [DaySpec(3, t(12, 2, 9), t(12, 2, 22)), DaySpec(4, t(12, 3, 9), t(12, 3, 22))]
    (a,) = Patterns(PLAYERS).find("被投出：杜鹃")
    talk = ThreadSpec(7, ThreadKind.DISCUSSION, 4)
    assert _recapped_close(a, days[1], talk, days) == t(12, 2, 22)
    assert _recapped_close(a, days[1], ThreadSpec(8, ThreadKind.VOTE, 4), days) is None
    (b,) = Patterns(PLAYERS).find("第四天：杜鹃被投出")  # a day named: that day's own
    assert _recapped_close(b, days[1], talk, days) is None


def test_a_vote_out_told_under_the_phase_just_closed_is_that_days() -> None:
    """版杀7: a result posted just after a 环节's 24:00 in the day's own thread, told under
    that 环节 (环节一收官：X 出局), is the 环节's close, never the day before's; a post that
    names a day places its 环节 by that day (recap twins)."""
    ph1 = PhaseSpec(1, "环节1", t(12, 3, 0), t(12, 3, 23, 59), 9)
    ph2 = PhaseSpec(2, "环节2", t(12, 4, 0), t(12, 4, 23, 59), 10)
    days = [
        DaySpec(1, t(12, 1, 0), t(12, 1, 23, 59)),
        DaySpec(2, t(12, 3, 0), t(12, 5, 23, 59), phases=(ph1, ph2)),
    ]
    talk = ThreadSpec(7, ThreadKind.DISCUSSION, 2)
    text = "环节一收官：杜鹃 票数过半，离开。今晚入夜。"
    (a,) = Patterns(PLAYERS).find("杜鹃 票数过半，被投出。")
    after = t(12, 4, 0, 5)
    assert tells_phase(text) and tells_phase("第二环节结算：杜鹃出局")
    assert _recapped_close(a, days[1], talk, days, (text, after)) == ph1.closes
    # a 环节 not closed yet: the post's own time stands (no day before's close)
    assert _recapped_close(a, days[1], talk, days, ("环节二：杜鹃被投出", after)) is None
    # twins: a recap naming the day, a post with no 环节: the day before's
    recap = "第一日的环节三，杜鹃被投出。"
    assert not tells_phase(recap)
    assert _recapped_close(a, days[1], talk, days, (recap, after)) == days[0].closes
    assert _recapped_close(a, days[1], talk, days, ("被投出：杜鹃", after)) == days[0].closes


def test_a_header_line_labels_the_times_under_it() -> None:
    """第五天日程 / 第二天【环节三】 on a line of its own: the times below are that day's."""
    rows = find_ranges(
        "第五天日程\n环节一：12月4日 0:00-24:00\n环节二：12月5日 0:00-24:00", THU, TZ
    )
    assert [(r.day, r.phase) for r in rows] == [(5, 1), (5, 2)]
    points = find_points(
        "第二天【环节三】高票对决\n开始：12月4日 0:00\n结束：12月4日 24:00", THU, TZ
    )
    assert [(p.role, p.day, p.phase) for p in points] == [("opens", 2, 3), ("closes", 2, 3)]
    (own,) = find_ranges("第一天\n第二天 12/4 09:00-22:00", THU, TZ)
    assert own.day == 2  # a line's own label wins


@pytest.mark.parametrize(
    ("text", "listed"),
    [
        # a line about a player that became no item: listed (never silent)
        # (a story's words the lexicon lacks; 倒在甲板上 / 停止了呼吸 / 被海浪卷走 /
        # 被推进了海里 are read now: test_discover_story.py; 再也没有回头: test_fold.py)
        ("第三天公告。\n芒果被海鸥叼上了天，只留下一根羽毛。", True),
        ("第三天公告。\n番茄被人从背后蒙住了眼睛。", True),
        ("冬瓜、番茄两人均已累计三张黄牌，各升级为红牌。", False),  # both read (the group)
        # read, or the name is the actor, the wrong one, or a count: nothing missing
        ("番茄被投出。番茄为猎人，开枪带走了冬瓜。", False),
        ("更正：昨夜出局的是冬瓜，不是番茄。", False),
        ("第二天结果：冬瓜 5 票，番茄 2 票。\n冬瓜出局。", False),
        ("请大家准时投票。", False),
        ("申请加速的有：冬瓜、番茄、芒果，达到半数，加速成功。", False),  # the applicants
        ("场上存活：冬瓜、番茄。狼人阵营胜利。", False),  # the living
        ("如果明天冬瓜被投出，警长须立即移交警徽。", False),  # a supposition
        ("第二天：番茄、冬瓜各3票，平票，警长投番茄，番茄出局。", False),  # counts
        ("第四日：油条 4票 出局（油条为芒果的替补）。", False),  # a bracket beside the item
        ("经统计：冬瓜得票4.5票，番茄得票2票。冬瓜出局。", False),
        ("画眉 00:20 的投票在延时后的截止时间之前，有效。", False),  # no event of a player
        # what the reading is unsure of: a 殉情 with no death before it, a sentence
        # corrected mid-way, 没有人出局 said of no night
        ("杜鹃殉情。", True),
        ("番茄为猎人，开枪带走了冬瓜。", True),
        ("芒果昨夜……不，今天夜里被杀手杀死。", True),
        ("第五天：没有人出局。", True),
        ("昨夜出局：画眉。杜鹃殉情。", False),
    ],
)
def test_a_line_about_a_player_read_as_nothing_is_listed(text: str, listed: bool) -> None:
    _found, unplaced = Patterns(PLAYERS).read(text)
    assert bool(unplaced) is listed


def test_a_shot_or_a_lovers_death_goes_with_the_death_before_it() -> None:
    (voted, shot) = Patterns(PLAYERS).find("昨日投票出局：冬瓜\n因最后一枪出局：番茄")
    assert (shot.how, shot.offset) == ("vote", voted.offset) == ("vote", -1)
    (_night, lover) = Patterns(PLAYERS).find("昨夜出局：画眉。杜鹃殉情。")
    assert (lover.cause, lover.how) == ("suicide", "night")
    (alone,) = Patterns(PLAYERS).find("杜鹃殉情。")
    assert alone.how is None  # nothing before it: when it happened says how


def test_a_whole_day_and_the_nearest_label() -> None:
    (r,) = find_ranges("进入【环节二】（12月4日全天）", THU, TZ)
    assert (r.opens, r.closes, r.phase) == (t(12, 4), t(12, 4, 23, 59).replace(second=59), 2)
    assert find_ranges("芒果12月4日全天出差。", THU, TZ) == []  # a player's day
    (late,) = find_ranges("环节一无人过半，环节二推迟：12月4日8:00-12月5日8:00", THU, TZ)
    assert late.phase == 2
    (row,) = find_ranges("【第二天】\n死亡名单：冬瓜（第一天投死）\n今日 0:00-24:00", THU, TZ)
    assert row.day == 2  # a line naming 第一天 inside is no header


def test_a_time_of_day_between_the_name_and_its_word() -> None:
    """The day-3 opening post restates the day's vote-out: 油条白天出局 is 油条's elimination
    (a time of day may stand between a name and its word, as 昨天 may); undone as ever."""
    p = Patterns(["饺子", "包子", "油条"])
    assert [(a.player, a.how) for a in p.find("油条白天被投出局。")] == [("油条", "vote")]
    assert [a.player for a in p.find("油条白天出局，遗言见遗言帖。")] == ["油条"]
    assert p.find("油条白天不会出局吧？") == []
    assert p.find("如果油条白天出局，就加速。") == []


# the hunter's shot as the verb of one shot (一枪打了 X, 开枪崩了 X): the one hit leaves by the
# hunter's gun, whatever the verb after the shot; undone by a supposition, a question, a
# negation, and not the sniper's (狙击手开枪打死了 X is the night's)
_SHOT = Patterns(["黄瓜", "冬瓜", "番茄", "芒果", "苦瓜"])


@pytest.mark.parametrize(
    "text",
    [
        "冬瓜 遭投出去了。冬瓜是猎人，一枪打了 番茄，番茄也走了。",
        "冬瓜 被投出。冬瓜 是猎人，开枪打了 番茄——番茄 也走了。",
        "昨夜 冬瓜 被刀，冬瓜 是猎人，一枪崩了芒果。",
        "投票：冬瓜 出局；猎人 冬瓜 开枪毙了 苦瓜。",
        "冬瓜 票出，亮猎人牌，一枪轰倒了 黄瓜。",
    ],
)
def test_the_hunters_one_shot_takes_the_one_it_hits(text: str) -> None:
    found = _SHOT.find(text)
    assert [a.cause for a in found] == [
        "vote" if "投" in text or "票" in text else "night",
        "hunter",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "冬瓜 被投出。如果 冬瓜 是猎人，一枪打了 番茄 就好了。",  # supposed
        "冬瓜 被投出。有人问冬瓜会不会一枪打了番茄？",  # asked
        "冬瓜 被投出，冬瓜 是猎人，没开枪。",  # no shot
        "冬瓜 被投出。番茄 说：“我要是猎人就一枪打了 芒果”。",  # a quote
    ],
)
def test_a_shot_supposed_asked_or_not_fired_takes_no_one(text: str) -> None:
    assert [a.player for a in _SHOT.find(text)] == ["冬瓜"]


def test_the_snipers_shot_is_the_nights() -> None:
    (a,) = _SHOT.find("昨晚狙击手开枪打死了番茄。")
    assert (a.player, a.cause) == ("番茄", "night")


# the piped as names then the state they are in (A、B 是 Lv.3), and a heading a clause of
# "still" then the list follows (被吹笛的，还是 A 和 B); undone by a negation, a question, a
# supposition, another level, no one in the list
@pytest.mark.parametrize(
    ("text", "piped"),
    [
        ("冬瓜、番茄 是Lv.3。", ["冬瓜", "番茄"]),
        ("今天冬瓜和番茄是Lv.3。", ["冬瓜", "番茄"]),
        ("今天「冬瓜」「番茄」是Lv.3（吹笛前两晚每晚两人嘛）。", ["冬瓜", "番茄"]),
        ("冬瓜 番茄 进入Lv.3。", ["冬瓜", "番茄"]),
        ("被吹笛的，还是冬瓜和番茄。", ["冬瓜", "番茄"]),
        ("Lv.3 的，依然是 芒果。", ["芒果"]),
    ],
)
def test_names_then_their_state_or_a_heading_then_still_are_the_piped(
    text: str, piped: list[str]
) -> None:
    found = _SHOT.find(text)
    assert [(a.type, a.player) for a in found] == [(EventType.PIPED, p) for p in piped]


@pytest.mark.parametrize(
    "text",
    [
        "冬瓜 是 Lv.3 吗？",
        "如果 冬瓜 是 Lv.3，就只能咪啪。",
        "冬瓜 是 Lv.1。",
        "冬瓜 不是 Lv.3。",
        "被吹笛的，还是没有人。",
    ],
)
def test_a_state_asked_supposed_denied_or_of_no_one_pipes_no_one(text: str) -> None:
    assert _SHOT.find(text) == []
