"""A report's layout proposes a death; only a word for leaving makes it one (issue 34,
session 41, round 3 of the review).

The layouts: the night's label over a bare list of roster names, and the day's count with one
player at its top followed by a clause or a label naming that player alone.  The principle:
the layout alone never makes a death — 昨夜到场：X、Y is a roll call, 投票结果… X 明天再战 a
cheer.  The predicate must hold a word for leaving: the game file's ``leaving``, one the post
glosses (熄灯（出局）), or the grammar's own exit words.  Otherwise the post is listed
(未读懂的公告) with the reading the layout suggests shown.  What undoes a count (a supposition,
a rules example, a quote) is looked for from the count through the decision.

Every case is written for these tests (no set's sentence), each beside its negative twins.
"""

from __future__ import annotations

import pytest

from auditor.game.announce import Patterns
from tests.announced import E, shown

PLAYERS = ["铁锅", "砂锅", "蒸笼", "竹筷", "瓷碗", "木勺"]
P = Patterns(PLAYERS)
# the kitchen theme's words for leaving, as its game file declares them
LEAVING = ["熄灯", "出站", "打烊", "下班", "打包回家", "归档", "请下餐桌", "毕业", "退货"]
K = Patterns(PLAYERS, leaving_words=LEAVING)


def _deaths(text: str, p: Patterns = K) -> list[tuple[object, ...]]:
    return sorted((shown(a) for a in p.find(text) if a.type is E), key=str)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the night's label, any verb, then roster names and nothing else on the line
        ("昨夜熄灯：铁锅、砂锅。", [(E, "砂锅", "night"), (E, "铁锅", "night")]),
        # the names one a line under the label
        ("昨晚出站旅客：\n——铁锅\n——蒸笼（狼）", [(E, "蒸笼", "night"), (E, "铁锅", "night")]),
        # the night's word in a bracket after the label
        ("打烊（昨夜）：\n竹筷。", [(E, "竹筷", "night")]),
        # the label's verb after the colon, the list after a dash
        ("昨夜（第3夜）：两位下班——瓷碗，木勺。", [(E, "木勺", "night"), (E, "瓷碗", "night")]),
    ],
)
def test_a_night_label_over_bare_names_is_the_night_s_deaths(
    text: str, expected: list[tuple[object, ...]]
) -> None:
    assert _deaths(text) == sorted(expected, key=str)
    # the same layout with no word for leaving declared: the slot's open class (session 48,
    # the lead's call on issue 34 — a label's key that is none of the closed class of states
    # is the night's death in the theme's words)
    assert _deaths(text, P) == sorted(expected, key=str)


@pytest.mark.parametrize(
    "text",
    [
        "昨夜熄灯：铁锅，被女巫救回。",  # something else on the line
        "昨夜熄灯：铁锅（未遂）",  # a bracket that keeps the player
        "昨夜上线：铁锅、砂锅",  # what the players did
        "昨夜保护：铁锅",  # a role's act
        "昨夜熄灯：铁锅吗？",  # a question
        "昨夜差点熄灯：铁锅",  # a near miss
        "昨夜熄灯：铁锅说他很困。",  # a sentence, not a list
    ],
)
def test_a_night_label_with_more_than_names_is_no_death(text: str) -> None:
    assert _deaths(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the count, then a line whose only name is the top of it
        ("投票结果：铁锅 6 票，砂锅 3 票。\n铁锅 打包回家。", [(E, "铁锅", "vote")]),
        # a bare number on a line about the vote; the decision as a label
        ("表决：铁锅 7，砂锅 2。\n归档：铁锅。", [(E, "铁锅", "vote")]),
        # the top said in words, the decision in the next clause
        ("铁锅 得票最多，被请下餐桌。", [(E, "铁锅", "vote")]),
        ("票最多的是 铁锅（5 票），收拾碗筷打包回家。", [(E, "铁锅", "vote")]),
        # a tie decided by a vote for one of them
        (
            "票数：铁锅 4，砂锅 4，平票。\n店长 蒸笼 投给了 砂锅。\n砂锅 打包回家。",
            [(E, "砂锅", "vote")],
        ),
        # the count, the majority, then the decision
        ("铁锅 同学 8 票，过半，毕业。", [(E, "铁锅", "vote")]),
        # the count in the label's bracket
        ("退货：铁锅（6 票）。", [(E, "铁锅", "vote")]),
    ],
)
def test_the_top_of_the_count_then_its_decision_is_the_vote_s_death(
    text: str, expected: list[tuple[object, ...]]
) -> None:
    assert _deaths(text) == expected
    # (undeclared, the decision's word is the slot's open class: read too — session 48)
    assert _deaths(text, P) == expected


def test_a_word_the_post_glosses_is_a_word_for_leaving() -> None:
    assert _deaths("熄灯（出局）的意思你们懂。\n昨夜熄灯：铁锅、砂锅。", P) == [
        (E, "砂锅", "night"),
        (E, "铁锅", "night"),
    ]
    assert _deaths("打包回家（出局）。投票结果：铁锅 6 票，砂锅 3 票。\n铁锅 打包回家。", P) == [
        (E, "铁锅", "vote")
    ]


@pytest.mark.parametrize(
    "text",
    [
        # a night label over names whose verb is no leaving: a roll call, an honour, a role
        "昨夜到场：铁锅、砂锅",
        "昨夜值班：铁锅、砂锅",
        "昨夜获胜：铁锅",
        "昨夜MVP：铁锅",
        "昨夜安全：铁锅、砂锅",
        "昨夜回来：铁锅",
        "昨夜晋级：铁锅",
        "昨夜复牌：铁锅",
        "昨夜狼人：铁锅、砂锅",
        "昨晚嫌疑人：铁锅、砂锅",
        "昨夜被狼人盯上：铁锅",
        "昨夜值班表：\n铁锅\n砂锅",
        "昨夜（第2夜）：两位获奖——铁锅，砂锅。",
        "中奖（昨夜）：\n铁锅。",
        "昨夜熄灯：铁锅（守护成功）",
        "昨夜熄灯：铁锅（待定）",
        "昨夜熄灯：铁锅（误报）",
        "昨夜熄灯（以下名单有误）：铁锅、砂锅",
        # the count's top, then a line with no word for leaving
        "投票结果：铁锅 6 票，砂锅 3 票。\n铁锅 明天再战。",
        "投票结果：铁锅 6 票，砂锅 3 票。\n铁锅 生气了。",
        "投票结果：铁锅 6 票，砂锅 3 票。\n铁锅 获得豁免。",
        "投票结果：铁锅 6 票，砂锅 3 票。\n铁锅 得到了市长的赦免。",
        "投票结果：铁锅 6 票，砂锅 3 票。\n铁锅 被市长否决。",
        "投票结果：铁锅 6 票，砂锅 3 票。\n铁锅 需要决斗。",
        "投票结果：铁锅 6 票，砂锅 3 票。\n铁锅 暂停一天。",
        "投票结果：铁锅 6 票，砂锅 3 票。\n铁锅 被罚款。",
        "投票结果：铁锅 6 票，砂锅 3 票。\n处罚：铁锅",
        "投票结果：铁锅 6 票，砂锅 3 票。\n黄牌：铁锅",
        "投票结果：铁锅 6 票，砂锅 3 票。\n幸运儿：铁锅",
        "投票结果：铁锅 6 票，砂锅 3 票。\n首位：铁锅",
        "投票结果：铁锅 6 票，砂锅 3 票。\n本轮赢家：铁锅",
        "铁锅 得票最多，真是人气王。",
        "铁锅 得票最多，明天再议。",
        "铁锅 6 票，砂锅 3 票，铁锅 获胜。",
        "我统计了一下：铁锅 6 票，砂锅 3 票。\n铁锅 稳了。",
    ],
)
def test_the_layout_alone_makes_no_death(text: str) -> None:
    """The reviewer's sentences (round 3): even with the theme's words declared, a verb that
    is not one of them proposes nothing certain."""
    assert _deaths(text) == []
    assert _deaths(text, P) == []


@pytest.mark.parametrize(
    "text",
    [
        # undone from the count through the decision, the word for leaving there or not
        "假如：铁锅 6 票，砂锅 3 票。\n铁锅 打包回家。",
        "投票规则：得票最多的出局。例如：铁锅 6 票，砂锅 3 票。\n铁锅 打包回家。",
        "「投票结果：铁锅 6 票，砂锅 3 票。\n铁锅 打包回家。」",
        "“投票结果：铁锅 6 票，砂锅 3 票。铁锅 打包回家。”",
    ],
)
def test_a_count_undone_makes_no_death(text: str) -> None:
    assert _deaths(text) == []
    assert _deaths(text, P) == []


@pytest.mark.parametrize(
    "text",
    [
        "投票结果：铁锅 6 票，砂锅 3 票。",  # a count with no decision
        "目前：铁锅 6 票，砂锅 3 票。\n铁锅 打包回家。",  # the vote still running
        "投票结果：铁锅 6 票，砂锅 3 票。\n砂锅 打包回家。",  # not the top of the count
        "投票结果：铁锅 6 票，砂锅 3 票。\n铁锅 发言很精彩。",  # praise
        "投票结果：铁锅 6 票，砂锅 3 票。\n铁锅 是狼吗？",  # a question
        "投票结果：铁锅 6 票，砂锅 3 票。\n铁锅 差点打包回家。",  # a near miss
        "票数：铁锅 4，砂锅 4，平票。\n铁锅 打包回家。",  # a tie nobody decided
        "铁锅 得票最多，说自己是预言家。",  # speech
        "铁锅 6 票，砂锅 3 票。如果 铁锅 打包回家，狼就少一个。",  # a supposition
        "[quote]铁锅 6 票，砂锅 3 票。铁锅 打包回家。[/quote]",  # a quote
        "铁锅 5 票，进入决赛。",  # on to another round
        "竞选：铁锅 5 票，砂锅 2 票。\n铁锅 上任。",  # the badge's count
    ],
)
def test_a_count_without_its_decision_is_no_death(text: str) -> None:
    assert _deaths(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "投票结果：铁锅 6 票，砂锅 3 票。\n砂锅 打包回家。",
        "昨夜熄灯：铁锅，被女巫救回。",
        "今天的投票，铁锅 同学毕业。",  # the day's vote, a verb no structure makes certain
    ],
)
def test_what_the_structure_leaves_unread_is_listed(text: str) -> None:
    assert P.read(text)[1]


def test_a_count_the_post_corrects_is_no_certain_top() -> None:
    text = "铁锅 6 票，砂锅 5 票。铁锅 打包回家。\n——不对，我漏算了，砂锅 是 7 票！砂锅 打包回家，铁锅 留下。"
    found, listed = P.read(text)
    assert ("铁锅", "vote") not in {(a.player, a.cause) for a in found if a.type is E}
    assert listed


# Session 42: a removal compound (除籍, 走人, 请出) is a word for leaving by its own make — the
# layout with one reads without a declaration; the twins stay listed (a verb of staying, of
# another kind, a question).
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("表决：铁锅 7，砂锅 2。\n除籍：铁锅。", [(E, "铁锅", "vote")]),
        ("票最多的是 铁锅（5 票），收拾碗筷走人。", [(E, "铁锅", "vote")]),
        ("铁锅 得票最多，被请出厨房。", [(E, "铁锅", "vote")]),
        ("表决：铁锅 7，砂锅 2。\n留用：铁锅。", []),
        ("票最多的是 铁锅（5 票），明天再战。", []),
        ("票最多的是 铁锅（5 票），收拾碗筷走人？", []),
    ],
)
def test_a_removal_compound_needs_no_declaration(
    text: str, expected: list[tuple[object, ...]]
) -> None:
    assert _deaths(text, P) == expected
