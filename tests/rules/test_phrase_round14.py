"""Phrase round 14 (session 39; blind15's even half read and tuned on, issue 35): the clean
lines it flagged, by kind — a word's grammar heard as a near sound, another's words reported,
an act the poster declines — each with the twins that stay a card.  Only the kinds that also
lifted blind15's odd half or blind14 are kept.  The lines are written for these tests, in
other wordings than the set's."""

from __future__ import annotations

import pytest

from auditor.rules.matcher import default_matcher


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize(
    "text",
    [
        # a suffix bound to the word before it is grammar, not a near-sound cloak
        "老板在群里骂了半天，今天不想多说，投7号",
        "狗一直追着我跑，吓死了，先不说这个，我跟票5号",
        # another's words reported: who said them, where, and of whom
        "6号骂我“白痴”，我不在意，先看票",
        "有人在12楼喊“垃圾”，导演看一下吧",
        # the game's own drowning, done by the director or the rule; its thread spelt 贴
        "昨晚4号被导演淹死了，挺可惜的，他的票型其实很好",
        "规则写着两天不发言按淹死处理，大家记得冒个泡",
        "淹死贴里写了是谁，我就不重复了",
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
        # a near sound at the head of a clause still cloaks
        ("里妈的，又刀我", {"KIN"}),
        # the poster's own words, quoted by himself or in scare quotes
        ("我骂他“智障”怎么了", {"IQ"}),
        ("我就说一句“你是白痴”", {"IQ"}),
        # reported, then said again as his own
        ("他骂我“傻逼”，我看他自己才是傻逼", {"IQ"}),
        # the act done, not declined
        ("他都贴脸了，我还能不信", {"FACE"}),
        # drowning oneself on purpose, not the director's doing
        ("大不了我被淹死，反正也活不过今晚", {"DROWN"}),
    ],
)
def test_caught(text: str, want: set[str]) -> None:
    assert want <= _cats(text), text
