"""Another player's words, reported, are not the reporter's phrase (DESIGN §8: quoted text is
never charged to the quoter); the poster's own words in quotes stay his (issue 35, round 4).
Written from DESIGN §8 and the seeds (M107 3(1) 发誓, 030 违规判定 2(3) 称呼), not from a set."""

from __future__ import annotations

import pytest

from auditor.rules.matcher import default_matcher


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize(
    "text",
    [
        "3楼有人写了“我拿人格担保”，麻烦请导演处理一下",  # author and report around the quote
        "楼上那句『你妈死了』我截图了，等导演定夺",  # 那句 + 截图
        "“你这个傻逼”这句是老李说的，不是我",  # author named after the quote
        "他原话是「我发誓我是预言家」，大家自己判断",  # 原话是
        "小明昨晚那句发誓已经领了黄牌，翻篇吧",  # the act pointed at, already penalised
        "老张用人格担保的那条导演会处理的，咱们继续",  # 担保 pointed at, handed to the director
    ],
)
def test_reported_words_are_not_the_reporters(text: str) -> None:
    assert _cats(text) == set()


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("我就说一句「你是傻逼」，爱咋咋地", "IQ"),  # his own, introduced as his
        ("我送你一句“你个傻逼”", "IQ"),
        ("有本事举报我啊，「你个傻逼」", "IQ"),  # a report word, but no one else's words
        ("老王说了“你个傻逼”，我也要说：你个傻逼", "IQ"),  # the unquoted copy is his
        ("我那句发誓是认真的，导演处理我也认", "OATH"),  # his own act, pointed at
        ("你个傻逼，我已经私信导演了", "IQ"),  # no quotation at all
    ],
)
def test_the_posters_own_words_stay(text: str, category: str) -> None:
    assert category in _cats(text)
