"""The phrase matcher's last step, one principle a module (auditor/rules/said): each read
straight from a match built by hand, no lexicon, no matcher."""

from __future__ import annotations

import pytest

from auditor.rules.phrasematch import PhraseMatch
from auditor.rules.said import inside_game_word, mentioned


def _match(text: str, word: str, category: str, how: tuple[str, ...] = ("原文",)) -> PhraseMatch:
    start = text.index(word)
    return PhraseMatch(category, word, word, start, start + len(word), word, how)


@pytest.mark.parametrize(
    ("text", "word", "category"),
    [
        ("规则说不能发誓，大家注意。", "发誓", "OATH"),  # a rule named (said.rule)
        ("禁止说“我发誓”。", "我发誓", "OATH"),  # a rule quoted (said.quoted)
        ("他刚才发誓了，大家自己判断。", "发誓", "OATH"),  # another's act told (said.reported)
        ("什么叫贴脸？没听懂。", "贴脸", "FACE"),  # the word asked about (said.disclaimed)
        ("我孙子今年上初中了。", "孙子", "KIN"),  # a word in its own sense (said.senses)
    ],
)
def test_mentioned_not_said(text: str, word: str, category: str) -> None:
    assert mentioned(text, _match(text, word, category))


@pytest.mark.parametrize(
    ("text", "word", "category"),
    [
        ("我发誓我是好人，信我。", "发誓", "OATH"),
        ("我就说一句「你是傻逼」。", "傻逼", "VULGAR"),  # the poster's own words in quotes
        ("你个孙子，有本事别跑。", "孙子", "KIN"),
    ],
)
def test_said(text: str, word: str, category: str) -> None:
    assert not mentioned(text, _match(text, word, category))


def test_inside_a_game_word() -> None:
    text = "今天是加速日，大家快投。"
    m = _match(text, "日", "VULGAR")
    assert inside_game_word(text, m, ("加速日", "讨论日"))
    assert not inside_game_word(
        "日，又被刀了。", _match("日，又被刀了。", "日", "VULGAR"), ("加速日",)
    )
