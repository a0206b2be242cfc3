"""A vote cast at a role, not a name (我投杀手): an attempt whose target the post does not
name — the director is asked (target "?"), never a player guessed and never passed over.
Its twins (a question, a supposition, a warning, a plan for everyone, a report of someone
else's words) are no attempt."""

from __future__ import annotations

import pytest

from auditor.rules.freevote import parse_free_vote

PLAYERS = ["饺子", "包子", "番茄", "冬瓜"]


@pytest.mark.parametrize("text", ["我投杀手！", "那就投狼。", "今天投坏人", "就投警察"])
def test_a_vote_at_a_role_is_an_attempt_with_its_target_asked(text: str) -> None:
    vote = parse_free_vote(text, PLAYERS, pronouns=True)
    assert vote is not None and vote.target == "?"


@pytest.mark.parametrize(
    "text",
    ["投杀手？", "如果大家都投杀手，好人就赢了", "别投警察", "大家都投杀手就行", "他说投狼"],
)
def test_its_twins_are_no_attempt(text: str) -> None:
    assert parse_free_vote(text, PLAYERS, pronouns=True) is None


def test_a_name_is_still_read_as_the_name() -> None:
    vote = parse_free_vote("我投包子", PLAYERS, pronouns=True)
    assert vote is not None and vote.target == "包子"
