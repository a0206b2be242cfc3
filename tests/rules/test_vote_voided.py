"""Kinds of wording the vote reader missed on blind19's even half (session 40, round 2), each a
principle with its own illustrations and the words that undo it.

- A player's name, then a round or day named by its number or kind (一审 / 第一轮 / 第二天),
  then a vote: that player's vote in that round, reported — not the writer's (a killbar7
  writer game's 竹笋一审投松烟 was read as the writer's change, and the day's tally lost a
  vote; the tally-against-result notice found it).
- A vote its own words declare void or not in effect, in its line (投X作废, vote(X) ← 注释掉了，
  不生效): no vote.  The writer's earlier vote declared void before a new one (刚才投X作废⏎投Y,
  我上面答错了…作废): the new one replaces a vote cast before — a change.  Not a question, a
  condition, a negation or another's vote (投X作废吗, 要是…作废的话, 不撤回, 他的票作废了).
"""

from __future__ import annotations

import pytest

from tests.rules.test_vote_sets import read_post


@pytest.mark.parametrize(
    "text",
    [
        "馄饨一审投油条，我觉得他在搅局",
        "豆浆第一轮也投了春卷，这轮我看看",
        "汤圆第二天投番茄，今天呢？",
    ],
)
def test_anothers_vote_in_a_round_named_is_reported(text: str) -> None:
    assert not read_post("killbar7", "包子", text).attempt, text


@pytest.mark.parametrize(
    ("text", "target"),
    [("二审我投油条", "油条"), ("这轮投油条，理由见上", "油条"), ("第二轮：春卷", "春卷")],
)
def test_the_writers_own_vote_in_a_round_named_stands(text: str, target: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert got.attempt and got.target == target, text


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("刚才投油条作废\n投春卷", "春卷"),
        ("上面投馄饨的那帖作废。投豆浆，他昨天的发言站不住", "豆浆"),
        ("刚才投油条不算\n投春卷", "春卷"),
        ("刚才那个 vote(油条) 取消\nvote(汤圆)", "汤圆"),
    ],
)
def test_the_own_vote_voided_then_a_new_one_is_a_change(text: str, target: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert (got.attempt, got.target, got.change) == (True, target, True), text


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("他的票作废了，我投春卷", ("春卷", False)),  # another's vote voided
        ("投春卷，之前投油条的不撤回", ("春卷", False)),  # negated
        ("vote(汤圆)  # 理由：他在划水", ("汤圆", False)),  # code with a reason
        ("投汤圆，绝不撤回", ("汤圆", False)),
    ],
)
def test_twins_stay_as_they_were(text: str, want: tuple[str, bool]) -> None:
    got = read_post("killbar7", "包子", text)
    assert got.attempt and (got.target, got.change) == want, text


@pytest.mark.parametrize(
    "text",
    [
        "# vote(汤圆)  ← 先注释掉，不生效\n# 看他晚上怎么说",
        "投油条作废吗？",
        "要是投油条会作废的话，那我先不投",
    ],
)
def test_a_vote_said_not_in_effect_or_asked_is_none(text: str) -> None:
    assert not read_post("killbar7", "包子", text).attempt, text
