"""Session 49, round 2 (issue 34, the directors' games fh49 / fh49b): a 更正 replaces the
earlier item of ITS kind — a state corrected stays a state, a death corrected a death, the
denied name only; seed 004's level said to rise (Lv 上升) is the piping; a red card taken
then the leaving (吃红牌走人) is sent off; a bare 被带走 is the slot's to tell (a count beside it:
the ballot); a night's header over a bulleted list gives the list's deaths the night.

Every sentence is written for these tests in other words than the games' posts, each beside
twins that must stay as they are."""

from __future__ import annotations

import pytest

from auditor.game.announce import Patterns
from tests.announced import FAST, PI, E, shown

PLAYERS = ["青椒", "茄子", "莲藕", "山药", "芋头", "冬笋"]
P = Patterns(PLAYERS)


def _read(text: str) -> list[tuple[object, ...]]:
    return sorted((shown(a) for a in P.find(text)), key=str)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a state corrected is no death, whatever the words of the level
        ("更正：昨夜症状加重的是茄子、莲藕，不是青椒。", []),
        ("订正一下，昨晚病情恶化的是山药，不是芋头", []),
        ("更正：昨夜Lv上升的是茄子、莲藕，不是青椒", [(PI, "茄子", None), (PI, "莲藕", None)]),
        # the denied name loses the state the post gave it before, the others keep it
        (
            "昨夜Lv.3：青椒、莲藕\n更正：昨夜Lv.3的是茄子、莲藕，不是青椒",
            [(PI, "茄子", None), (PI, "莲藕", None)],
        ),
        # a death corrected, its verb after the time the sentence says
        ("更正更正……昨儿夜里嗝屁的是茄子，不是青椒", [(E, "茄子", "night")]),
        ("更正：昨儿晚上扑街的是山药，不是冬笋。", [(E, "山药", "night")]),
        ("昨晚出局：青椒\n更正：昨天夜里扑街的是茄子，不是青椒。", [(E, "茄子", "night")]),
        # seed 004's level said to rise: the piping
        ("昨夜Lv上升：茄子、莲藕", [(PI, "茄子", None), (PI, "莲藕", None)]),
        ("山药 Lv升级了。", [(PI, "山药", None)]),
        ("Lv没有上升的：茄子", []),
        ("芋头 Lv.1 升级到 Lv.2 了", []),
        # a red card taken, then the leaving
        ("茄子 吃红牌走人。", [(E, "茄子", "sent_off")]),
        ("冬笋领了张红牌，直接下场", [(E, "冬笋", "sent_off")]),
        ("要是再刷屏，茄子就得吃红牌走人", []),
        # a bare 被带走: the slot tells it — a count beside it the ballot's, the night said
        # the night's, alone unsaid
        ("计票完毕，山药 6 票，山药被带走。", [(E, "山药", "vote")]),
        ("昨夜里芋头被带走了", [(E, "芋头", "night")]),
        ("青椒被带走了。", [(E, "青椒", None)]),
        # a night's header on its own line over a bulleted list: the list's deaths the night's
        ("昨晚的結果：\n・茄子 陣亡\n・莲藕 平安", [(E, "茄子", "night")]),
        ("昨夜情況：\n• 冬笋 倒下了\n• 山药 没事", [(E, "冬笋", "night")]),
        ("昨夜情况：\n茄子 被投票出局", [(E, "茄子", "vote")]),
        # the director's bare 加速 beside the new close in one sentence
        ("剩的人不多，这回加速，今天下午五点截止。", [(FAST, "", None)]),
        ("要是申请加速的过半，今天下午五点截止。", []),
        ("不加速，今天晚上十点截止。", []),
        ("今天加速吗？下午五点截止？", []),
    ],
)
def test_corrections_and_words(text: str, expected: list[tuple[object, ...]]) -> None:
    assert _read(text) == sorted(expected, key=str)
