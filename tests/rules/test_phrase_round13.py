"""Phrase round 13 (session 39; blind15's even half read and tuned on, issue 35): the clean
lines it flagged, by kind — a word in its food or sport sense, a number or a word's grammar
heard as a near sound, another's words reported, an act the poster declines or a ruling he
does not oppose — each with the twins that stay a card.  The lines are written for these
tests, in other wordings than the set's."""

from __future__ import annotations

import pytest

from auditor.rules.matcher import default_matcher


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize(
    "text",
    [
        # a number is a number (六百 is no 牛掰 heard near), a bound suffix is grammar
        "这周我一个人搬了六百斤米，胳膊都抬不起来",
        "老板在群里骂了半天，今天不想多说，投7号",
        "狗一直追着我跑，吓死了，先不说这个，我跟票5号",
        # 锅 as a measure of food, a card of a real match
        "那锅排骨我炖了三个小时，晚上再来看票型",
        "昨晚篮球赛那个红牌罚得莫名其妙，跟朋友吵到半夜",
        # a ruling not opposed
        "我对这次判罚没有意见，只想问问附件能不能发",
        # another's words reported: who said them, to whom, where, or attributed after
        "6号骂我“白痴”，我不在意，先看票",
        "有人在12楼喊“垃圾”，导演看一下吧",
        "“你脑子有坑吧”——这是隔壁组长今天的原话，我忍了",
        "有人说我是马甲，规则不让聊这个，我就不回了",
        # an act the poster declines
        "我不贴脸，只讲逻辑：3号的票一直在跟狼走",
        "我从来不用“贴脸”这种说法来站边",
    ],
)
def test_clean(text: str) -> None:
    assert _cats(text) == set(), text


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a near sound at the head of a clause, a numeral that is no number: still cloaks
        ("里妈的，又刀我", {"KIN"}),
        ("5号都贴两了，站他", {"FACE"}),
        # 锅 of the game's blame, an objection to this game's ruling
        ("这锅我不背，肉是你吃的", {"BLAME"}),
        ("导演这个判罚我有意见", {"DIRECTOR"}),
        # the poster's own words, quoted by himself or in scare quotes
        ("我骂他“智障”怎么了", {"IQ"}),
        ("我就说一句“你是白痴”", {"IQ"}),
        # reported, then said again as his own
        ("他骂我“傻逼”，我看他自己才是傻逼", {"IQ"}),
        # the accusation owned, with no rule named
        ("有人说我是马甲，没错我就是", {"SOCKPUPPET"}),
        # the act done, not declined
        ("他都贴脸了，我还能不信", {"FACE"}),
    ],
)
def test_caught(text: str, want: set[str]) -> None:
    assert want <= _cats(text), text
