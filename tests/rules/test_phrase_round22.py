"""Phrase round 22 (session 42 round 3, review42 items 6 and 7, issue 35).

Item 6: an award dated by the calendar (年底评奖) is a year's award of real life, but one handed
to someone in the sentence (MVP给你, 必须给预言家) or said of a game (一局, 这轮) is this
game's award (030 违规判定 1(2)).  Item 7: ordinary words typed in spaced pinyin that happen to
sound like a name (zhe ge zhi zhang = 这个纸张) are no name; a name inside a longer run counts
when the run addresses someone before it (ni shi, ni ge, ta shi, 3 hao shi).  Our own words."""

from __future__ import annotations

import pytest

from auditor.rules.matcher import default_matcher


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize(
    "text",
    [
        "今年MVP必须给他",  # the reviewer's sentences: a recipient named
        "本月最佳必须给预言家",
        "这季的MVP必须给女巫",
        "年底了，奖杯必须是他的",
        "今年的奖杯一定给你",
        "本月最后一局，MVP给你",  # 一局: a game
        "明年你还来吗？今年MVP给你",
        "今年这轮的MVP我拿定了",  # 这轮
        "这个月的最佳归5号",  # a seat
    ],
)
def test_an_award_handed_to_someone_is_this_games(text: str) -> None:
    assert "AWARD" in _cats(text), text


@pytest.mark.parametrize(
    "text",
    [
        "年底评奖那天我请假了",  # bare award words of the calendar stay clean
        "去年的最佳新人奖是部门的小李",
        "这季度的最佳销售又是老陈",
        "公司每年评一次优",
    ],
)
def test_a_bare_calendar_award_stays_clean(text: str) -> None:
    assert "AWARD" not in _cats(text), text


@pytest.mark.parametrize(
    "text",
    [
        "ni ma ma shen ti hao ma",  # the reviewer's sentences: ordinary words
        "ta ma ma de hua",
        "wo ma de yi sheng",
        "zhe ge zhi zhang bu gou yong",
        "wo qu wang ba shang wang",
        "fei wu li yong",
        "ｆｅｉ　ｗｕ　ｌｉ　ｙｏｎｇ",  # full-width
        "jin tian qu kan wang ba dan dan",  # no one addressed
    ],
)
def test_ordinary_spaced_pinyin_is_no_name(text: str) -> None:
    assert not _cats(text) - {"OATH", "DENY"}, (text, _cats(text))


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("ni shi sha bi", "IQ"),  # addressed: ni shi
        ("ni ge wang ba", "ANIMAL"),
        ("ni shi fei wu", "CHARACTER"),
        ("3 hao shi zhi zhang", "IQ"),
        ("ta shi ge sha bi", "IQ"),
        ("ni zhen shi ge fei wu", "CHARACTER"),
        ("ｎｉ　ｓｈｉ　ｓｈａ　ｂｉ", "IQ"),
        ("sha bi", "IQ"),  # the name alone, a whole run
        ("ta ma de", "KIN"),
        ("ni ta ma de", "KIN"),
    ],
)
def test_a_name_addressed_in_spaced_pinyin_is_said(text: str, category: str) -> None:
    assert category in _cats(text), (text, _cats(text))
