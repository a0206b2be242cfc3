"""Phrase round 11 (issue 35, the cloaks still under 0.90 of plain on blind9 and blind10):
strokes and bars typed inside a word (丨 丿 丶 │ ¦), one more split character (耳止 → 耻), and
the look-alikes of a word's character that are common characters themselves (扑 验 险 誉 牛):
not in ``_lookalike.txt`` (不要验 is no 不要脸), matched only as the whole word.  Each with
the twins that stay clean.  The lines are written for these tests, not the sets'."""

from __future__ import annotations

import pytest

from auditor.rules.matcher import default_matcher


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a stroke or a bar inside the word
        ("8号那个马丨甲我早看出来了", {"SOCKPUPPET"}),
        ("别用马丿甲来骗票", {"SOCKPUPPET"}),
        ("你这个马丶甲换得太勤", {"SOCKPUPPET"}),
        ("2号就是个马│甲", {"SOCKPUPPET"}),
        ("替¦补上来的人别乱踩", {"SUBSTITUTE"}),
        # a split character
        ("拿了队友的验人结果当自己的，真无耳止", {"CHARACTER"}),
        # a common look-alike, only as the whole word
        ("7号昨天还好好的，今天换了替扑吧", {"SUBSTITUTE"}),
        ("就凭他发言贴验，我站他好人", {"FACE"}),
        ("5号这发言贴险得很，我信了", {"FACE"}),
        ("我发誉我今晚没开枪", {"OATH"}),
        ("那个畜牛昨晚刀了我", {"ANIMAL"}),
    ],
)
def test_caught(text: str, want: set[str]) -> None:
    assert _cats(text) == want


@pytest.mark.parametrize(
    "text",
    [
        # a bar between two clauses or a title's parts, not inside a word
        "公告丨本局规则和时间安排",
        "第二天丨投票结果：3号出局",
        # the look-alike characters in their own words
        "今晚我不要验他，先验6号",
        "把查验结果贴验证帖里了",
        "昨晚打了会扑克，今天状态不好",
        "他替扑克社拉了几个新人",
        "我买了份保险，贴险单上去了吗",
        "这是我们班的荣誉，名誉也要",
        "村里的牲畜牛羊都被狼叼走了",
        "刺耳止不住地响",
    ],
)
def test_clean(text: str) -> None:
    assert _cats(text) == set()
