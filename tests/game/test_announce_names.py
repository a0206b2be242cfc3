"""A name is the forum's account name, exactly (issue 34, session 44 round 2): a newcomer
read from the folded text is given in the post's own characters (繁體 stays 繁體), and a
name slot holds a name, not the clause's time words and verb.  Sentences written for these
tests (none from a test set)."""

from __future__ import annotations

import pytest

from auditor.game.announce import Patterns
from auditor.game.gamefile import EventType

PLAYERS = ["菠蘿油", "冬瓜", "番茄", "芒果", "檸檬茶"]


def _subs(text: str) -> list[tuple[str, str | None]]:
    return [
        (a.player, a.value) for a in Patterns(PLAYERS).find(text) if a.type is EventType.SUBSTITUTE
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the newcomer in 繁體, as the account is spelled (never folded to 简体)
        ("番茄 有事，由 雞尾酒 頂替，即時生效。", [("番茄", "雞尾酒")]),
        ("菠蘿油 唔得閒，換 麵包樹 接替 菠蘿油。", [("菠蘿油", "麵包樹")]),
        # a 简体 post keeps its own spelling
        ("冬瓜 请假，由 鸡尾酒 替补。", [("冬瓜", "鸡尾酒")]),
        # the clause's time words and verb are no part of the newcomer's name
        ("芒果出差，后天起替补小海豹替补芒果。", [("芒果", "小海豹")]),
        ("冬瓜家里有事，明日起接替白玉兰接替冬瓜，身份不变。", [("冬瓜", "白玉兰")]),
    ],
)
def test_newcomer_name_as_written(text: str, expected: list[tuple[str, str]]) -> None:
    assert _subs(text) == expected


# --------------------------------------------------------------------------- 未读懂 says what

STATE_PLAYERS = ("冬瓜", "番茄", "芒果")


@pytest.mark.parametrize(
    ("text", "why"),
    [
        # the clause the reader could not place, in the post's own words (繁體 stays)
        ("第二日開始，今晚22點關帖。\n冬瓜被狼叼進了樹林。", "没读懂：「冬瓜被狼叼進了樹林。」"),
        # nothing placed and nothing flagged: the sentence that holds the reason
        (
            "各位好。\n[b]番茄 明天的发言请芒果代为转达。[/b]",
            "提到玩家 番茄、芒果：「番茄 明天的发言请芒果代为转达。」",
        ),
        # a post of one sentence is shown beside its reason as it is
        ("番茄 请按格式发言！", "提到玩家 番茄"),
    ],
)
def test_unread_says_what_was_not_read(text: str, why: str) -> None:
    from auditor.game.state import what_was_not_read, why_listed

    reason = why_listed(STATE_PLAYERS, text)
    assert reason is not None
    assert what_was_not_read(STATE_PLAYERS, text, reason) == why


@pytest.mark.parametrize(
    ("text", "unplaced"),
    [
        # a fact said of whoever fits is the rule's case, no event of anyone
        ("开门：11月30日 10点\n第一日投票即是警长竞选，最先拿最多票那位当选警长。", False),
        # ... not a fact of no one told outright
        ("昨夜有一位当选警长的玩家出局了。", True),
    ],
)
def test_rule_case_is_no_event(text: str, unplaced: bool) -> None:
    assert bool(Patterns(list(PLAYERS)).read(text)[1]) is unplaced


def test_more_than_one_sentence_not_read_is_said_in_words() -> None:
    """fh46c item 3: 「等 2 处」 did not say what the other 处 were: the post has N sentences
    not read, the first is quoted, the rest are in the post's text."""
    from auditor.game.state import what_was_not_read

    said = what_was_not_read(STATE_PLAYERS, "冬瓜，怪怪的。番茄，咋回事。", "x")
    assert said == "没读懂：「冬瓜，怪怪的。」（这帖共有 2 句没读懂，这是第一句；其余见原文）"
    assert "等 2 处" not in said
