"""Phrase round 25 (session 44, issue 35; blind22's even half and blind21 read).

Clean talk by kind, not by sentence (issue 35, Build 1):

* a clause end inside a match whose two sides are each a clause with words of their own
  (有点怪，我没看懂) is two clauses, not a cloak (卧，槽 and 你就是个傻，逼 stay: one side is
  nothing but the match);
* a match that begins on the last character of a word of the game's own (下个讨论日他上) is
  that word's character, not the phrase;
* a word told as a name (我的ID叫“菜鸡小王”, 名字里就带“马甲”), 淹死 of real water (游泳课,
  水库), 替补 of a machine (搬了台旧的替补上), 出声 (no 畜生): another sense
  (``lexicons/context/senses.txt``, ``animal.txt``);
* a masked insult reported or quoted (有人骂了一句“傻X”，已经被举报了) is read like the word it
  spells: another's words, not the poster's (PHRASE-MASKED).

Our own sentences."""

from __future__ import annotations

import pytest

from auditor.rules.masked import masked_words, matcher_pattern
from auditor.rules.matcher import default_matcher


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


def _masked(text: str) -> set[str]:
    m = default_matcher()
    terms, pattern = matcher_pattern(m)
    return {cat for cat, *_ in masked_words(text, terms, pattern)}


@pytest.mark.parametrize(
    "text",
    [
        "这票型有点怪，我再看看",  # 怪 ends one clause, 我 opens the next: no 怪我
        "他说得挺怪，我不太信",
        "替我的那位下个讨论日他再来",  # 日他: 讨论日's 日
        "第二日他就出局了",
        "我玩游戏的昵称叫“猪猪侠”，别多想",  # a name, told as one
        "我的网名是“傻狗不吃饭”，朋友起的",
        "我表妹名字里就带“马甲”两个字",
        "暑假去游泳，在深水区差点淹死，救生员把我拉上来了",
        "那条河每年都淹死人，大家别去野泳",
        "网吧老板搬了台旧的替补上去",  # a machine
        "他一直没出声，我还以为他掉线了",
        "看到那条发言我笑出声了",
    ],
)
def test_clean_talk(text: str) -> None:
    assert _cats(text) == set()


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("卧，槽，这也能救", "VULGAR"),  # a cloak: one side is only the match
        ("你就是个傻，逼", "IQ"),
        ("都怪我，昨晚毒错了", "BLAME"),
        ("你就是个菜鸡", "ANIMAL"),  # not a name: called
        ("5号就是个畜生", "ANIMAL"),
        ("你们要出我不如我淹死好了", "DROWN"),
        ("3号是马甲", "SOCKPUPPET"),
        ("明天我有事，找了个替补", "SUBSTITUTE"),
        ("今天讨论日，你妈的别潜水", "KIN"),  # the game word ends before the match
    ],
)
def test_still_found(text: str, category: str) -> None:
    assert category in _cats(text)


def test_masked_insult_reported_is_not_his() -> None:
    assert _masked("刚才有人在帖里骂了一句“傻X”，已经被别人举报了") == set()
    assert _masked("傻×一个，票都不会投") == {"IQ"}
    assert _masked("S B吧你") == {"IQ"}
