"""Everyday words that sound like a sworn 我起誓 (M107 违规判定 3(1) 发誓): 我其实, 我骑士
(a role claim), 我歧视, 我起始, 我启示, 我奇事 are no oath — found by the lead at the one
score of tests/games/discovery_blind4, where a player's 我其实不太想当警长 drew a blue
PHRASE-OATH draft through the sound of 我起誓.  The written oath and its cloaks still are."""

from __future__ import annotations

import pytest

from auditor.rules.matcher import default_matcher


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize(
    "text",
    [
        "我其实不太想当警长，大家别投我了",
        "我骑士，昨晚查了3号，他是好人",
        "我歧视这种一句话就投票的玩法",
        "我起始就觉得他说话怪",
        "我启示大家一下：看票型",
        "我奇事见多了，这个不算什么",
    ],
)
def test_an_everyday_word_sounding_like_an_oath_is_clean(text: str) -> None:
    assert "OATH" not in _cats(text)


@pytest.mark.parametrize("text", ["我起誓我是好人", "我起誓，我是预言家", "我企誓我是好人"])
def test_the_oath_itself_and_its_cloak_still_count(text: str) -> None:
    assert "OATH" in _cats(text)
