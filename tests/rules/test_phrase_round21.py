"""Phrase round 21 (session 42 round 2, issue 35).

An oath is the poster swearing (M107 违规判定 3(1) “明显的发誓句式”): 我发誓, or 发誓 with no
subject before it.  A post that comments on, reports or quotes someone else's oath is not the
poster's oath (fh42 item 8: a player's 「发誓都来了……」 about another's oath drew a blue draft):
its subject is the one he talks to, someone else who has sworn, or the oath is the subject of
his comment.  Written in our own words, not from a set."""

from __future__ import annotations

import pytest

from auditor.rules.matcher import default_matcher


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize(
    "text",
    [
        "发誓都来了……",  # the oath the subject of a comment
        "连发誓都搬出来了，至于吗",
        "啧，毒誓都用上了",
        "你发誓也没用，票型摆在那",  # the one he talks to
        "你敢发誓吗",
        "你们发誓有什么用",
        "他都发誓了",  # someone else, already
        "北风都发誓了，我姑且信他一回",
        "老王也发过誓，后来还不是翻了狼牌",
        "人格担保都搬出来了，这么急？",  # the same for a guarantee
    ],
)
def test_another_players_oath_talked_of_is_not_the_posters(text: str) -> None:
    assert "OATH" not in _cats(text) and "GUARANTEE" not in _cats(text), text


@pytest.mark.parametrize(
    "text",
    [
        "我发誓我是好人",
        "对天发誓，我真是预言家",
        "发誓，我昨晚验的就是他",  # no subject: the poster
        "我跟你发誓，我是民",  # sworn to the one he talks to: his own
        "我向你们发誓，8号是狼",
        "我都发誓了你们还不信",  # his own oath, said again
        "发了个毒誓：我是预言家",
    ],
)
def test_the_posters_own_oath_stays(text: str) -> None:
    assert "OATH" in _cats(text), text


# Spaced pinyin of a sentence (ｂｕ　ｃｈｅｎｇ　ｒｅｎ, wo mei fa shi): read back into characters as an
# input method reads it (the words of jieba's dictionary that spell it, the most frequent winning),
# then found by the whole pipeline, the said/ filters included (M107 判罚依据 “音近 … 密码”).
@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("zhe ge pan fa wo bu cheng ren", "DIRECTOR"),
        ("ｚｈｅ　ｇｅ　ｐａｎ　ｆａ　ｗｏ　ｂｕ　ｃｈｅｎｇ　ｒｅｎ", "DIRECTOR"),  # full-width
        ("导演，zhe ge jie guo wo bu jie shou", "DIRECTOR"),
        ("wo fa shi wo shi hao ren", "OATH"),
        ("wo fa shi, 8号是狼", "OATH"),
        ("WO FA SHI WO SHI HAO REN", "OATH"),  # capitals, every letter: no name
    ],
)
def test_a_sentence_in_spaced_pinyin_is_read(text: str, want: str) -> None:
    found = [m for m in default_matcher().find(text) if m.category == want]
    assert found, text
    assert all(text[m.start : m.end] == m.text for m in found)


@pytest.mark.parametrize(
    "text",
    [
        "wo mei fa shi",  # 我没发誓: a denial
        "gui ze shuo bu neng fa shi",  # 规则说不能发誓: a rule named
        "ta dou fa shi le",  # 他都发誓了: another's oath
        "ni fa shi ye mei yong",  # 你发誓也没用: the oath of the one he talks to
        "bu cheng ren",  # 不承认, no judgement of the director named
        "ni hao, jin tian tian qi bu cuo",  # 你好，今天天气不错
        "we can ban him tomorrow",  # English: not pinyin
    ],
)
def test_spaced_pinyin_read_keeps_the_filters(text: str) -> None:
    assert {m.category for m in default_matcher().find(text)} <= {"MASKED"}, text


def test_find_all_reads_spaced_pinyin_as_find_does() -> None:
    texts = [
        "zhe ge pan fa wo bu cheng ren",
        "wo mei fa shi",
        "普通的一句话",
        "wo fa shi wo shi hao ren",
    ]
    m = default_matcher()
    assert m.find_all(texts) == [m.find(t) for t in texts]


def test_reading_syllables() -> None:
    from auditor.rules.matcher.words import read_syllables, spaced_runs

    assert read_syllables(["bu", "cheng", "ren"]) == "不承认"
    assert read_syllables(["gui", "ze"]) == "规则"
    assert spaced_runs("we can ban him") == []  # can, him: no pinyin
    assert [p for *_, p in spaced_runs("wo chengren")[0]] == ["wo", "cheng", "ren"]
    assert spaced_runs("Na Yang Li 说的") == []  # a romanised name
