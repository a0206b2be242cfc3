"""The events a director reports, read by their shape (issue 34, session 49): the director's
own gloss in a bracket after the theme's words (X 没来上班（昨晚出局了）), a label in the
theme's words over names whose brackets each say how (注销：X（夜），Y（票）), the idiot by the
card turned to show him (翻牌——白痴), and the day's close brought forward by what it does to
the day (a count of requests to close early reached, 提前 beside the new close, a day's
header that says it).

Every sentence is written for these tests in other words than any set's, each beside the
twins that must stay as they are (no item, or asked)."""

from __future__ import annotations

import pytest

from auditor.game.announce import Patterns
from tests.announced import FAST, ID, PI, SU, E, S, shown

PLAYERS = ["青椒", "茄子", "莲藕", "山药", "芋头", "冬笋"]
P = Patterns(PLAYERS)


def _read(text: str) -> list[tuple[object, ...]]:
    return sorted((shown(a) for a in P.find(text)), key=str)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the gloss: the theme's words, then the director's plain word in a bracket
        ("早上好～青椒今天没来打卡（昨晚出局了）。", [(E, "青椒", "night")]),
        ("茄子 被保安请出了大楼（投票出局）", [(E, "茄子", "vote")]),
        ("莲藕 的工位空了（昨夜出局）。", [(E, "莲藕", "night")]),
        ("山药 戴上了耳塞，什么都听不见（被吹笛）", [(PI, "山药", None)]),
        # … never a near miss, nor a gloss about someone else
        ("芋头 差点没来打卡（昨晚出局）", []),
        # a label in the theme's words over names each with a how
        ("离职：青椒（昨夜）。", [(E, "青椒", "night")]),
        ("调岗：茄子（夜），莲藕（票）。", [(E, "茄子", "night"), (E, "莲藕", "vote")]),
        ("离职：山药（芋头猎人枪）。", [(E, "山药", "hunter")]),
        ("已离职：冬笋（第2日投票）、青椒（夜间）", [(E, "冬笋", "vote"), (E, "青椒", "night")]),
        # … a role in a bracket is who the player is; another kind's label is its own
        ("离职：芋头（猎人）。", []),
        ("被吹笛：茄子（昨夜）", [(PI, "茄子", None)]),
        ("守护名单：莲藕（夜）", []),
        # the idiot by the card turned, whatever stands between; he stays
        (
            "票唱完：茄子 六票最多。\n茄子掀开底牌——白痴！留在场上，以后不能投票。",
            [(ID, "茄子", None)],
        ),
        ("莲藕 票最多 → 亮出身份：白痴，不出局。", [(ID, "莲藕", None)]),
        ("山药得票最多，翻牌是白痴，不出局。", [(ID, "山药", None)]),
        # … not a supposition, a recap, nor a card that is not the idiot's
        ("要是青椒翻牌是白痴，就不用出局了", []),
        ("冬笋 已翻牌白痴，今天再被投出，出局。", [(E, "冬笋", "vote")]),
    ],
)
def test_event_by_its_shape(text: str, expected: list[tuple[object, ...]]) -> None:
    assert [x for x in _read(text) if x[0] is not FAST] == sorted(expected, key=str)


@pytest.mark.parametrize(
    "text",
    [
        # requests to close early counted at half or more, granted (seed 001 申请加速或延时的
        # 人数大于等于存活人数的一半，即判定加速或延时成功)
        "早退申请 4/7 ✅ 通过！今天 19:00 打烊。",
        "提前下班请求已满 5/9，今日下班时间改为 17:30。",
        # more than half beside the close the post states (seed 000 超过二分之一)
        "加速这边 5/8 了，今天下午四点截止。",
        # the day's header or bracket that says it
        "【提前打烊】今日结算如下",
        "第3日（提前散场）\n离职：青椒（票）。",
        # the accelerated day or hour by its name
        "加速的这一天到点了，收工！",
    ],
)
def test_close_brought_forward(text: str) -> None:
    assert [a for a in P.find(text) if a.type is FAST]


@pytest.mark.parametrize(
    "text",
    [
        "早退申请 3/7，还差一个。",
        "提前下班请求 4/8，差一票过半。",
        "加速申请 4/8，今晚 22:00 照常截止。",  # a count at half beside the close unchanged
        "要是加速申请过 5/8，今天提前到 18:00 截止",
        "【提前通知】明天中午我不在，晚上再开",
        "明天提前到 8 点开门。",  # the opening moved, not the close
        "今晚我有事，截止提前到 20:00。",  # the director's own move, no requests counted
        "今天提前收工吧？",
        "【打工须知】提前下班（加速）需过半数同意。",
        "可以申请提前下班（加速），人数须过半。",
        "环节一提前结束，有人过半。",  # 版杀7: a 环节 ends on a majority, no 加速
    ],
)
def test_no_acceleration(text: str) -> None:
    assert not [a for a in P.find(text) if a.type is FAST]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the badge passed, by the handover's shape, the office in the theme's words
        ("茄子 昨夜出局，警徽 → 莲藕。", [(E, "茄子", "night"), (S, "莲藕", "handed_over")]),
        ("组长交接：山药。", [(S, "山药", "handed_over")]),
        ("值班主任：由 芋头 接任。", [(S, "芋头", "handed_over")]),
        ("小组长 换成 冬笋。", [(S, "冬笋", "handed_over")]),
        ("警长：青椒（接任）", [(S, "青椒", "handed_over")]),
        # … never a seat, a substitutes' label, nor a time lengthened
        ("替班交接：山药", []),
        ("延长改为 莲藕", []),
        # a substitute by his shape: a name taking another's seat, glossed as the one before,
        # or the one away coming back as his stand-in steps down
        ("顶班：冬笋 坐 青椒 的工位。", [(SU, "青椒", "冬笋")]),
        ("代班：冬笋 接 茄子。", [(SU, "茄子", "冬笋")]),
        ("冬笋 上岗替 山药。", [(SU, "山药", "冬笋")]),
        ("由 冬笋 接任 芋头 的位置。", [(SU, "芋头", "冬笋")]),
        ("芋头 休假归来，冬笋 交卡下场。", [(SU, "冬笋", "芋头")]),
        # … not a supposition, nor a refusal
        ("如果 冬笋 坐 青椒 的位置就好了", []),
    ],
)
def test_office_and_seat_by_shape(text: str, expected: list[tuple[object, ...]]) -> None:
    got = sorted(
        ((a.type, a.player, a.value) if a.type is SU else shown(a) for a in P.find(text)), key=str
    )
    assert got == sorted(expected, key=str)
