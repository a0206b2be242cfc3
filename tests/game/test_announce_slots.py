"""The clause grammar's slots, session 43 (issue 34): what may stand beside a name in its
slot (the office before it after a label, a form of address), the lover's following, a
request to leave after the day's count, the words that undo (hearsay, a light verb after a
negation, a reading checked and denied, a quoted notice said wrong), the office handed on
by the theme's word for its power, the first day's choice in the theme's unit.  Sentences
written for these tests (none from a test set)."""

from __future__ import annotations

import pytest

from auditor.game.announce import Patterns
from auditor.game.gamefile import EventType

PLAYERS = ["黄瓜", "冬瓜", "番茄", "芒果", "苦瓜", "杜鹃", "画眉", "饺子", "油条"]
WORDS = ("喵", "汪")


def _read(text: str) -> list[tuple[str, str, str | None]]:
    return [
        (str(a.type), a.player, a.cause if a.type is EventType.ELIMINATED else a.how)
        for a in Patterns(PLAYERS, piped_words=WORDS).find(text)
        if not a.ends_piping
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the office after a label's colon is the title of the dead, no state of the badge
        ("昨晚死亡名单：警长 芒果。", [("eliminated", "芒果", "night")]),
        # the lover with no word of how follows the death (殉情)
        (
            "昨夜 黄瓜 被刀，他的情侣 番茄 也一起出局了。",
            [("eliminated", "黄瓜", "night"), ("eliminated", "番茄", "suicide")],
        ),
        # the director asks the top of the count to leave: the vote's result
        ("今日计票：杜鹃 8 票，画眉 2 票，请 杜鹃 离场。", [("eliminated", "杜鹃", "vote")]),
        ("投票：油条 7 票，请 油条 在终点站下车。", [("eliminated", "油条", "vote")]),
        # ... never a request to speak, nor a question
        ("投票：油条 7 票，请 油条 发言。", []),
        ("油条 7 票，饺子 7 票，请 油条 下车？", []),
        # hearsay undoes the rest of its sentence
        ("昨夜 冬瓜 出局。听说 苦瓜 也死了，不可信。", [("eliminated", "冬瓜", "night")]),
        # a negation with a light verb between
        ("平票，今日不予放逐。", []),
        # a reading checked and denied
        ("昨夜 黄瓜 遭到袭击。经核实 黄瓜 并未被袭击。", []),
        # a quoted notice said to be wrong
        ("更正：早上公告“Lv.3：番茄、芒果”有误，芒果 是 Lv.1。", []),
        # the office handed on by the theme's word for its power; never a player's right
        (
            "昨夜队长 苦瓜 阵亡，领队权交给 杜鹃。",
            [("eliminated", "苦瓜", "night"), ("sheriff", "杜鹃", "handed_over")],
        ),
        ("苦瓜 的发言权交给 杜鹃。", []),
        # the first day's choice in the theme's unit, a label of up to five characters
        ("业主委员会：画眉（首期选出）。", [("sheriff", "画眉", "elected")]),
        # a chooser's 选出 is no terse 出
        ("守卫：首日选出 画眉", []),
        # the sheriff who acts is no state line
        ("平票，警长 芒果 选择 油条，油条 出局。", [("eliminated", "油条", "vote")]),
        # a piped word still spoken
        ("冬瓜 还在喵喵。", [("piped", "冬瓜", None)]),
        # a night with no one getting off, and RIP said of no one
        ("昨晚船开得很稳，没有人下船。", [("no_death", "", None)]),
        ("Day 4. RIP nobody.", []),
    ],
)
def test_slots_and_undoing(text: str, expected: list[tuple[str, str, str | None]]) -> None:
    assert _read(text) == expected


def test_a_newcomer_off_the_roster_takes_the_piping_of_their_own_clause() -> None:
    found = Patterns(PLAYERS, piped_words=WORDS).find(
        "替补：山药 接替 苦瓜，山药 同样处于被吹笛状态。"
    )
    assert {(str(a.type), a.player) for a in found} == {("substitute", "苦瓜"), ("piped", "山药")}


def test_the_one_back_from_leave_takes_the_seat_again() -> None:
    found = Patterns(PLAYERS).find("番茄 is back, 山药 out.")
    assert [(str(a.type), a.player, a.value) for a in found] == [("substitute", "山药", "番茄")]
