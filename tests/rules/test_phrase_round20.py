"""Phrase round 20 (session 42, issue 35): clean lines by a principle about the sentence.

An award dated by the calendar (年底评奖, 去年的最佳新人奖, 这季度的最佳销售) is a year's, a
season's or a month's award of some body of real life: this game's awards are given when it ends
(030 违规判定 1(2)).  A sentence that names this game or a player keeps the card."""

from __future__ import annotations

import pytest

from auditor.rules.matcher import default_matcher


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize(
    "text",
    [
        "年底评奖那天我正好请假，奖状是同事代领的",
        "去年的最佳新人奖给了隔壁宿舍的小王",
        "这季度的最佳销售又是她",
        "每年都评一次最佳摊位，今年轮到我们了",
        "上个月评奖，我的盆景拿了个三等奖",
        "明年的MVP我猜还是那个老队长",
    ],
)
def test_an_award_dated_by_the_calendar_is_no_card(text: str) -> None:
    assert "AWARD" not in _cats(text), text


@pytest.mark.parametrize(
    "text",
    [
        # no date: this game's award
        "这局的MVP必须给3号",
        "结束后评奖我投3号最佳演绎",
        # a date, but this game or a player named in the sentence
        "今年第一局，MVP必须给3号",
        "今年的最佳演绎必须是3号的",
        # 月 of the moon or a mooncake is no month
        "这月亮真圆，MVP必须给3号",
        "这个月饼好吃，这局最佳演绎收好",
    ],
)
def test_this_games_award_stays_a_card(text: str) -> None:
    assert "AWARD" in _cats(text), text


# Spaced pinyin of a whole sentence (ni shi sha bi): the normaliser joins the run, and a name a
# player is called by that is whole words of it is said, as in characters (M107 判罚依据 “音近”).
@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("ni shi sha bi", "IQ"),
        ("3号 ta jiu shi sha bi", "IQ"),
        ("ni ma de, you bei dao le", "KIN"),
        ("ｎｉ　ｓｈｉ　ｓｈａ　ｂｉ", "IQ"),  # full-width letters and spaces
    ],
)
def test_a_name_in_a_spaced_pinyin_sentence_is_said(text: str, want: str) -> None:
    assert want in _cats(text), text


@pytest.mark.parametrize(
    "text",
    [
        # no word of a lexicon in the sentence
        "da jia hao wo shi xin shou",
        "wo men jin tian tou san hao",
        # one ASCII word: pinyin must be whole words of what was typed
        "nishishabi",
        # an act's word needs the words around it (我没发誓): whole runs only, as before
        "wo mei fa shi",
    ],
)
def test_a_spaced_pinyin_sentence_without_a_name_is_no_card(text: str) -> None:
    assert not _cats(text), text
