"""Phrase round 24 (session 43 round 2, issue 35; blind21's even half and blind20 read).

Principles that carry to text not seen (M107 判罚依据 "音近 … 密码"):

* an emoji read by the sound of its name (Unicode CLDR Chinese names from the ``emoji``
  package) only in a slot where a lexicon spelling needs that sound, the characters beside it
  spelling the rest (发🪨 → 发石, then the sound-alike's own checks); an emoji alone stays as
  the normaliser reads it;
* a word typed in pinyin inside a sentence of characters read as the sentence pattern's
  keyword whose sound it fills (有changwai在帮, ＳＨＵＩ一帖), not as an input method's first
  guess (shui → 谁);
* a near sound (l/n) inside a pattern's keyword heard (懂个暖), where it stands as a word of
  its own (not 说个暖心的事, 投个暖心票);
* clean talk by kind: a verb said twice around a negation (猪理都不理 is no 助理), a verb's
  complement 得 before a degree word (调得太稀 is no 屌的).

Our own sentences."""

from __future__ import annotations

import pytest

from auditor.rules.matcher import default_matcher


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("我向老天爷发🪨，昨晚我真的只查了一个人", "OATH"),  # 🪨 岩石: the shi of 发誓
        ("你👵的，又来带票", "KIN"),  # 👵 老奶奶: the 奶奶 of 你奶奶的
        ("3号背后有changwai在帮他算票", "ASSISTANT"),  # typed 场外 inside a pattern
        ("ｓｈｕｉ一帖，还差两帖", "DROWN"),  # full-width typed 水 in 水一帖
        ("你懂个暖，票型都看不明白", "BODY"),  # 暖 nuan for 卵 luan (l/n)
        ("急个暖啊，慢慢说", "BODY"),
    ],
)
def test_cloaks_found(text: str, category: str) -> None:
    assert category in _cats(text)


@pytest.mark.parametrize(
    "text",
    [
        "我发🪨头的照片给你们看看",  # 石头, no 发誓
        "今天的🤡是我，认了",
        "给你🌹，辛苦了",
        "我先去chi饭，晚上回来盘",  # typed words no pattern needs
        "6号shi狼，我确定",
        "说个暖心的事，昨天有人帮我补了票",  # 暖心: a word of its own
        "投个暖心票给他",
        "管个暖气都管不好",
        "我们去玩个乱斗吧",
        "我喊了他三遍，猪理都不理我",  # 理都不理: no 助理 said another way
        "这锅汤调得太咸了",  # 调得 + a degree word: a verb's complement, no 屌的
        "鱼钓得很多，回来继续盘",
    ],
)
def test_clean_talk(text: str) -> None:
    assert not _cats(text), text


def test_typed_word_read_as_the_keyword() -> None:
    (m, *_) = default_matcher().find("有changwai在帮他")
    assert m.category == "ASSISTANT"
    assert "音近" in m.how and "拼音分开写" not in m.how  # one typed word, not spaced pinyin


def test_emoji_slot_marked() -> None:
    (m,) = [m for m in default_matcher().find("我对天发🪨") if m.category == "OATH"]
    assert "表情" in m.how and "🪨" in m.text
