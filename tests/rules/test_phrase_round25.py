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
* a phrase quoted and then said to be punished (“我能说脏话吗”这句就会被判) is the rule's
  example, in any category;
* a masked insult reported or quoted (有人骂了一句“傻X”，已经被举报了) is read like the word it
  spells: another's words, not the poster's (PHRASE-MASKED).

Cloaks (M107 判罚依据 "音近、形近"):

* a sound-alike found is read as the spelling it was heard as, so the sentence pattern it
  completes reads it (我要是狼我就天打雷霹 is an oath, as its plain spelling is);
* a face whose CLDR name says 脸 (😳 脸红) fills a slot that needs 脸 (贴😳); 🌞 is 日, 🔟 十.

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
        "“我能说脏话吗”这句本身就会被判，新人记住",  # a quoted example said to be punished
        "“卧槽”这两个字也算违规，大家注意",
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


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("我要是狼我就天打累劈", "OATH"),  # heard 天打雷劈 completes the oath pattern
        ("我按贴😳投，谁最贴😳我保谁", "FACE"),
        ("我🌞，又是平安夜", "VULGAR"),
        ("我发🔟，我是好人", "OATH"),
        ("你懂个蛋，票型都不看", "BODY"),
        ("你就是全场最大的小丑，别演了", "CHARACTER"),
        ("导演这个规则解释说不通，我不认", "DIRECTOR"),
        ("你个板马，又来带节奏", "KIN"),
        ("火大！这票投得莫名其妙", "EMOTION"),  # a post opening on 火大 (030 2(1))
        ("🔥大，票都乱投", "EMOTION"),
        ("冒个泡，什么也不说，凑个数", "DROWN"),  # saying nothing, only for the count (030 6(5))
        ("锤子哟，你是预言家我是村长", "BODY"),  # 锤子 said alone at the start (Sichuan)
    ],
)
def test_cloaks_read(text: str, category: str) -> None:
    assert category in _cats(text)


def test_heard_oath_is_not_also_a_curse() -> None:
    assert _cats("我要是狼我就天打累劈") == {"OATH"}


@pytest.mark.parametrize(
    "text",
    [
        "他被我说得脸红😳",  # a face alone is no word
        "不要😭，还能翻盘",
        "早安🌞，今天也要加油",
        "他会个蛋糕都不会做",
        "他是这局的小丑",  # some boards have the role
        "火大了菜会糊，先关小一点",  # cooking
        "他路过说了句他是来凑数的",  # another, and no 啥也不说 of his own
        "锤子放哪了，我找不到",
    ],
)
def test_cloak_readings_stay_clean(text: str) -> None:
    assert _cats(text) == set()


def test_find_all_reads_heard_words_as_find() -> None:
    texts = ["我要是狼我就天打累劈", "你好", "卧草，这也行"]
    m = default_matcher()
    assert m.find_all(texts) == [m.find(t) for t in texts]
