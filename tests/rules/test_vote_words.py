"""The vote reader's word lists as data (issue 37, session 39 round 3 review).

- ``votebook/words.toml``: the tables whose words replace, in place, the text they match
  (tp → 投票, qiquan → 弃权, abstain → 弃权) must keep every later offset valid: a
  replacement longer than what it replaces is refused when the file is loaded, naming the
  entry, and the replacing itself never writes a longer word.
- ``freevote.toml``: the words of a heading before a colon that make the name after it no
  vote (弃：X / 预言家：X / 结论：X) are whole words — a single character counts only alone,
  so a heading that merely contains it (不死心：X) puts the name up as the vote.
"""

from __future__ import annotations

import tomllib

import pytest

from auditor.rules import freevote
from auditor.rules.votebook import parse
from tests.rules.test_vote_sets import read_post


def test_a_longer_replacement_is_refused_naming_its_entry() -> None:
    with pytest.raises(ValueError, match=r"\[initial_words\] 'tp' = '投票了'"):
        parse.checked_in_place("initial_words", {"tp": "投票了"})
    with pytest.raises(ValueError, match="'wo' = '我自己'"):
        parse.checked_in_place("pinyin_words", {"tou": "投", "wo": "我自己"})
    # spaces inside a key do not count: 'no lynch' is replaced where it reads nolynch
    assert parse.checked_in_place("english_words", {"myself": "我自己"}) == {"myself": "我自己"}


def test_every_in_place_table_of_words_toml_fits() -> None:
    table = tomllib.loads(parse.WORDS_FILE.read_text(encoding="utf-8"))
    for name in ("pinyin_words", "english_words", "initial_words"):
        assert parse.checked_in_place(name, table[name]) == table[name]


@pytest.mark.parametrize("word", ["投", "投票了", "投票"])
def test_replacing_keeps_offsets(monkeypatch: pytest.MonkeyPatch, word: str) -> None:
    monkeypatch.setattr(parse, "_INITIAL_WORDS", {"tp": word})
    text = "tp 南瓜，理由见讨论帖"
    got = parse.vernacular(parse.fold(text), text, ["南瓜", "油条"])
    assert len(got) == len(text)
    assert got.index("南瓜") == text.index("南瓜")


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("还是不死心：番茄", "番茄"),  # 死 inside a word: no death reported
        ("神清气爽：春卷", "春卷"),  # 神 inside a word: no role named
    ],
)
def test_a_heading_that_only_contains_a_short_word_puts_up_the_vote(text: str, want: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert got.attempt and got.format_valid, text
    assert got.target == want, text


@pytest.mark.parametrize(
    "text",
    [
        "弃：番茄",  # a tally's line
        "死：番茄",  # a night's report
        "狼：番茄",  # a role said of him
        "昨晚被刀的：番茄",
        "死者：番茄",
        "我的结论：番茄",
    ],
)
def test_a_heading_of_a_whole_word_is_no_vote(text: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert not (got.attempt and got.format_valid), text


def test_the_heading_words_are_the_toml_lists() -> None:
    words = tomllib.loads(freevote.WORDS_FILE.read_text(encoding="utf-8"))
    for word in [*words["not_a_name"], *words["not_vote_label"]]:
        assert freevote._NOT_VOTE_LABEL.search(word), word
        if word == "出局":
            continue  # 出局：番茄 is a vote's own heading (the wish said of him), read first
        assert read_post("killbar7", "包子", f"{word}：番茄").target != "番茄", word


def test_the_heading_is_found_by_one_compiled_pattern() -> None:
    assert isinstance(freevote._LABEL_BEFORE, type(freevote._NOT_VOTE_LABEL))
    found = freevote._LABEL_BEFORE.search("盘了一圈，我的结论：")
    assert found is not None and found.group(1) == "我的结论"
