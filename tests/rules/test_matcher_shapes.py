"""形近 one character at a time (M107 判罚依据 "形近"; lexicons/_shape.txt, written by
scripts/shape_table.py from the char-similar package's data): a word with one character
swapped for one that looks like it is the word, unless the written characters are ordinary
text."""

from __future__ import annotations

import pytest

from auditor.rules.lexicon import load, parse_shapes
from auditor.rules.matcher import default_matcher


def _cats(text: str) -> dict[str, tuple[str, ...]]:
    return {m.category: m.how for m in default_matcher().find(text)}


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("他的马田我一看就知道", "SOCKPUPPET"),  # 甲 -> 田
        ("看完复盘我彻底崩渍了", "EMOTION"),  # 溃 -> 渍
        ("我的场外助埋说先别急着跳", "ASSISTANT"),  # 理 -> 埋
    ],
)
def test_a_look_alike_swapped_in_is_the_word(text: str, category: str) -> None:
    got = _cats(text)
    assert category in got and got[category][0] == "形近"


@pytest.mark.parametrize(
    "text",
    [
        "今天最好的消息是平安夜",  # 好的: two characters with an everyday one swapped in
        "信不信由你，我反正投3号",  # 由你 is no 操你
        "中午日头太毒了，晒得人发晕",  # 太毒: 毒 (the witch's) carries no 歹毒
        "警徽流里渣一个都不留",  # 淹一个: 一个 carries nothing
        "田里的马吃草",  # 马 and 田 apart, no word
    ],
)
def test_ordinary_text_is_no_look_alike(text: str) -> None:
    assert not any(h[0] == "形近" for h in _cats(text).values())


def test_the_table_is_read_and_checked() -> None:
    lex = parse_shapes("# 注释\n甲 田 由\n坏行\n", "x")
    assert lex.shapes == {"甲": ("田", "由")}
    assert [p.line for p in lex.problems] == [3]
    assert load().shapes.get("甲")  # the bundled table
