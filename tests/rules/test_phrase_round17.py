"""Phrase round 17 (session 41; blind19's even half read and tuned on, issue 35): the clean
lines it flagged, by what in the sentence makes the word literal — nobody doing the act, a
classifier counting an everyday event, a garment described by its look or cloth, a
sound-alike landing on the game's own act — each with the twins that stay a card.  The lines
are written for these tests, in other wordings than the set's."""

from __future__ import annotations

import pytest

from auditor.rules.matcher import default_matcher


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize(
    "text",
    [
        # nobody does the act: its absence stated
        "这两天没有人说脏话，气氛不错",
        "谁也没发誓，大家都在摆票型",
        # a classifier counting a noun of everyday life
        "上一场球我坐替补席，今天换我上",
        "那局棋我下输了，晚上接着看帖",
        "上届运动会的奖牌还挂在墙上",
        # a garment described by its colour, light or cloth
        "骑车记得穿反光的马甲，晚上路黑",
        "他那件橙色马甲挂在门后",
        "买了件牛仔马甲，周末到货",
        # the game's own act in place of a cloaked character
        "6号把自己验了一遍，说自己是好人",
    ],
)
def test_clean(text: str) -> None:
    assert _cats(text) == set(), text


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # the act done, or someone doing it
        ("我要说脏话了，这票型太离谱", {"EMOTION"}),
        ("我发誓我是预言家", {"OATH"}),
        # a taunt after nobody stays a taunt
        ("没人比你蠢", {"IQ"}),
        # the past game named by itself, by the game's words, a role or a seed's title
        ("上一场你也是这么悍跳的", {"PASTGAME"}),
        ("上一场游戏里你就是狼", {"PASTGAME"}),
        ("那局摩天大楼你骗了我", {"PASTGAME"}),
        # the account, nothing described
        ("这个马甲是谁的小号，一看就知道", {"SOCKPUPPET"}),
        # drowning oneself, written as it is
        ("要出我的话，我就把自己淹了", {"DROWN"}),
    ],
)
def test_still_a_card(text: str, want: set[str]) -> None:
    assert want <= _cats(text), text
