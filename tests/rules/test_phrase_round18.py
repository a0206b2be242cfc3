"""Phrases round 18 (issue 35): pinyin typed with spaces reads as joined pinyin.

The kind: a banned word spelled out in pinyin with its syllables or words apart (the
seed's 音近, M107 判罚依据), half- or full-width.  The twin: English words with spaces
between them — a run holding any word that is no pinyin syllable is English and stays
as written; a single pinyin-looking word is no run."""

from __future__ import annotations

import pytest

from auditor.rules.matcher import default_matcher
from auditor.rules.matcher.normalise import _SYLLABLES, SPACED_PINYIN, pinyin_word


def cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("你俩别再 tie lian 了，没用", "FACE"),
        ("他就是在ｔｉｅ　ｌｉａｎ，我不吃这套", "FACE"),
        ("wo cao，这都能平票", "VULGAR"),
        ("ta ma de 又是我挡刀", "KIN"),
        ("你是不是 sha  bi 啊", "IQ"),
        ("wo  cao", "VULGAR"),
    ],
)
def test_spaced_pinyin_reads_joined(text: str, category: str) -> None:
    assert category in cats(text), text


@pytest.mark.parametrize(
    "text",
    [
        "let me tie lian up",  # an English run: let, up are no syllables
        "I tie a knot, then go home",
        "she can ban him, man",
        "tie 一下 lian 一下",  # words apart with Chinese between: no run
        "这是 tie 的意思",
        "open the tie lian box",
    ],
)
def test_english_and_lone_words_stay_clean(text: str) -> None:
    assert cats(text) == set(), text


def test_the_pass_and_its_offsets() -> None:
    assert SPACED_PINYIN.sub("", "a tie lian, b") == "atielian, b"  # a: a syllable too
    assert SPACED_PINYIN.sub("", "let me tie lian up") == "let me tie lian up"
    assert SPACED_PINYIN.sub("", "tie lian\x00wo cao") == "tielian\x00wocao"
    (m,) = default_matcher().find("他一直 tie lian 啊")
    assert m.text == "tie lian" and "拼音分开写" in m.how


def test_pinyin_words_and_the_syllable_list() -> None:
    from auditor.rules.matcher.pinyin import _pinyin_table

    table = {v for v in _pinyin_table().values() if v.isascii() and v.isalpha()}
    assert table - {"m", "n", "hm"} == set(_SYLLABLES)
    assert all(map(pinyin_word, ("tie", "lian", "chengren", "xian", "zhuang")))
    assert not any(map(pinyin_word, ("let", "up", "the", "knot", "m", "hm")))


@pytest.mark.parametrize(
    "text",
    [
        # (review41b item 9) every word capitalised: a romanised name in English, not joined
        "Na Yang, my friend",
        "Kim, Ta Ma, Lee",
        "Ji Ba, Mali",
        "Sha Bi (a place)",
        "我朋友 Ｔａ Ｍａ 来了",
    ],
)
def test_a_run_of_capitalised_words_is_a_name(text: str) -> None:
    assert not default_matcher().find(text)


@pytest.mark.parametrize(
    ("text", "category"),
    [
        # twins: the same syllables not all capitalised are still read joined
        ("ta ma de", "KIN"),
        ("Ta ma de", "KIN"),
        ("sha bi", "IQ"),
    ],
)
def test_a_run_not_all_capitalised_is_still_joined(text: str, category: str) -> None:
    assert category in {m.category for m in default_matcher().find(text)}


def test_a_capitalised_name_in_a_long_batch_too() -> None:
    # the numpy path (a batch of NUMPY_BATCH characters or more) reads names the same way
    filler = ["今天天气不错，我们继续讨论。" * 40] * 200
    texts = [*filler, "Na Yang, my friend", "Kim, Ta Ma, Lee", "ta ma de"]
    found = default_matcher().find_all(texts)
    assert not found[-3] and not found[-2]
    assert "KIN" in {m.category for m in found[-1]}
