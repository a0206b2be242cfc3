"""Sentence patterns heard, not read (issue 35, step 1): a ``re:`` entry is also tried on the
loose sound copy of a text (auditor.rules.sounds), so a homophone or a near sound
(lexicons/_confusion.txt) inside a pattern is caught as it is inside a word.

The cases are written from the seed (M107 违规判定 3(3)–(4): 以生命安全、人格作为担保) and the
confusion pairs, not from a test set.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.rules.lexicon import load
from auditor.rules.matcher import NUMPY_BATCH, Matcher, default_matcher
from auditor.rules.matcher.pinyin import _pinyin_table
from auditor.rules.sounds import (
    glides_of,
    loose,
    medial,
    sound_pattern,
    sound_table,
    trigger_spellings,
    unglide,
)

PAIRS = (("l", "n"), ("z", "zh"), ("s", "sh"), ("an", "ang"), ("h", "f"), ("v", "u"), ("r", "l"))

LEXICON = """\
# 担保
@category GUARANTEE
@title 以生命、人格担保
@seed M107 违规判定 3(3)–(4)
re:(拿|用|以)(我的)?(命|人格)[^。！？!?]{0,4}(担保|保证) | 担保 保证 | | 以生命或人格担保
re:(我|我的)(场助|军师) | 场助 军师 | | 场外助理
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Matcher:
    path = tmp_path_factory.mktemp("sounds") / "guarantee.txt"
    path.write_text(LEXICON, "utf-8")
    return Matcher(load([path], default=False))


def test_loose_merges_each_confusion_pair() -> None:
    initials = {"zh": "z", "ch": "ch", "sh": "s", "n": "l", "r": "l", "f": "f", "h": "f"}
    finals = [("ang", "an"), ("v", "u")]
    assert loose("shang", initials, finals) == "san"
    assert loose("nv", initials, finals) == "lu"
    assert loose("reng", initials, finals) == "leng"  # (en/eng not among these pairs)
    assert loose("hui", initials, finals) == "fui"


def test_sound_table_keeps_length_and_digits() -> None:
    table, members = sound_table(_pinyin_table(), PAIRS)
    text = "拿命当保3次"
    copy = text.translate(table)
    assert len(copy) == len(text)
    assert copy[4:] == "3次".translate(table) and copy[4] == "3"
    assert copy[2] == "担".translate(table)  # dang ~ dan
    assert copy[1] != "明".translate(table) or "ming" in members[copy[1]]
    assert {"dan", "dang"} <= members[copy[2]]


def test_sound_pattern_translates_only_cjk() -> None:
    table, _ = sound_table(_pinyin_table(), PAIRS)
    got = sound_pattern("(拿|用)[^。！？]{0,4}担保\\d", table)
    assert got is not None
    assert got.startswith("(" + "拿".translate(table) + "|")
    assert "{0,4}" in got and "\\d" in got and "[^。！？]" in got
    assert sound_pattern("[一-龥]+担保", table) is None  # a CJK class range
    assert sound_pattern("abc", table) is None


def test_trigger_spellings() -> None:
    table, members = sound_table(_pinyin_table(), PAIRS)
    spellings = trigger_spellings("担保", table, members)
    assert ("dang", "bao") in spellings and ("dan", "bao") in spellings
    assert trigger_spellings("保", table, members) == []  # one character: too common
    assert trigger_spellings("id号", table, members) == []


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("我拿命当保他是好人", "拿命当保"),  # an/ang
        ("以我的人格当保，他是金水", "以我的人格当保"),  # the whole clause, to the cloak
        ("我军四说他是狼", "我军四"),  # sh/s
        ("我场组比较信三号", "我场组"),  # zh/z
        ("我拿命担保他是好人", "拿命担保"),  # the plain pattern, once
    ],
)
def test_a_pattern_hears_its_sound_alikes(matcher: Matcher, text: str, span: str) -> None:
    found = matcher.find(text)
    assert [m.text for m in found] == [span]
    assert ("音近" in found[0].how) == (span not in ("拿命担保",))


@pytest.mark.parametrize(
    "text",
    [
        "我拿命打包票",  # no word of the pattern heard
        "我军事很强",  # 军事 is a word: no sound-alike of 军师 (and a two-character match)
        "拿命当饭吃，担子很重",  # the sound-alike too far
        "我的唱歌水平一般",
    ],
)
def test_no_sound_match_without_a_cloak(matcher: Matcher, text: str) -> None:
    assert matcher.find(text) == []


def test_a_sound_alike_that_is_a_word_is_no_cloak(matcher: Matcher) -> None:
    # 军士 (a soldier) is a word of the dictionary: its 士 is no sound-alike of 师
    assert matcher.find("我的军士们都到了") == []
    assert [m.text for m in matcher.find("我的军四们都到了")] == ["我的军四"]
    # two sound-alikes in five characters (保 → 报, 证 → 政): more than one in three
    assert matcher.find("用人格报政") == []


def test_find_all_hears_what_find_hears(matcher: Matcher) -> None:
    texts = ["我拿命当保他是好人", "今天加速日", "我军四说他是狼", "我的唱歌水平一般"]
    want = [matcher.find(t) for t in texts]
    assert matcher.find_all(texts) == want
    many = texts * (NUMPY_BATCH // sum(map(len, texts)) + 1)  # (the numpy batch path)
    assert matcher.find_all(many) == want * (len(many) // len(texts))


def test_an_imported_lexicon_without_pinyin_hears_nothing(tmp_path: Path) -> None:
    path = tmp_path / "guarantee.txt"
    path.write_text(LEXICON.replace("@seed", "@pinyin off\n@seed"), "utf-8")
    m = Matcher(load([path], default=False))
    assert m.find("我拿命当保他是好人") == []
    assert [x.text for x in m.find("我拿命担保他是好人")] == ["拿命担保"]


def test_the_runtime_copy_is_the_build_table(matcher: Matcher) -> None:
    """A cached matcher makes its copy from the pickled syllable rendering (no pypinyin):
    the same table the patterns were translated with."""
    table, _ = sound_table(_pinyin_table(), matcher.built.confusion)
    bmp = "".join(chr(c) for c in range(0x10000) if not 0xD800 <= c < 0xE000)
    assert bmp.translate(matcher.sentences.sound_copy_table()) == bmp.translate(table)


# A sound-alike that is no word is often glued to its neighbours by jieba's guesses (若智到
# is cut as one word): the boundary is read with the word it sounds like in its place, but
# only where no dictionary word crosses its ends and no sound-alike is a word of its own.
@pytest.mark.parametrize(
    ("text", "category", "span"),
    [
        ("你的站边若智到家了", "IQ", "若智"),  # 弱智 (M107 2(1))
        ("上次版撒我就见过你", "PASTGAME", "上次版撒"),  # 版杀 (M107 4(2))
    ],
)
def test_a_sound_alike_bounded_as_the_word_it_stands_for(
    text: str, category: str, span: str
) -> None:
    found = default_matcher().find(text)
    assert [(m.category, m.text) for m in found] == [(category, span)]


@pytest.mark.parametrize("text", ["这瓶毒是昨晚开的", "他的票理是乱投的", "你的站边弱智到家了"])
def test_no_sound_alike_of_a_stop_word(text: str) -> None:
    """毒是 / 理是 sound like 赌誓 / 立誓, but 是 is a word of its own (the third text: the
    word as written, found once, as text)."""
    found = default_matcher().find(text)
    assert all(m.category != "OATH" for m in found)
    assert all("音近" not in m.how for m in found)


def test_everyday_and_game_words_are_no_sound_alikes() -> None:
    m = default_matcher()
    # 来 sounds like 赖 (都怪, 就赖): an everyday word, never a cloak
    assert m.find("规则都没看就来玩") == []
    # 蓝 sounds like 烂 (人品烂): inside 蓝牌, a game word
    assert "CHARACTER" not in {x.category for x in m.find("他说的人格担保那种话要被判蓝牌")}
    # a real cloak across the pattern's wildcard: 摔四 for 摔死 (M107 3(2))
    found = m.find("你们几个今晚走路摔四")
    assert [(x.category, "音近" in x.how) for x in found] == [("CURSE", True)]


# ---- the medial pair (``f hu`` of lexicons/_confusion.txt): 闽湘口音 f heard as h with u


def test_a_medial_pair_is_read_apart_from_the_others() -> None:
    assert medial("f", "hu") == ("h", "f") and medial("hu", "f") == ("h", "f")
    assert medial("h", "f") is None and medial("an", "ang") is None
    glides = glides_of([("h", "f"), ("f", "hu"), ("an", "ang")])
    assert glides == {"h": "f"}
    assert unglide("hua", glides) == "fa"  # 花 = 发
    assert unglide("hui", glides) == "fei"  # 灰 = 飞
    assert unglide("hun", glides) == "fen"  # 昏 = 分
    assert unglide("huang", glides) == "fang"
    assert unglide("hu", glides) == "hu"  # (h/f already: 湖 = 福)
    assert unglide("gua", glides) == "gua"  # no other initial


def test_the_sound_copy_hears_the_medial_pair() -> None:
    table, members = sound_table(_pinyin_table(), (*PAIRS, ("f", "hu")))
    assert "罚".translate(table) == "花".translate(table)
    assert "飞".translate(table) == "灰".translate(table)
    assert {"fa", "hua"} <= members["罚".translate(table)]
    plain, _ = sound_table(_pinyin_table(), PAIRS)  # without the pair: apart
    assert "罚".translate(plain) != "花".translate(plain)


CHARACTER = """\
# 近音：介音（lexicons/_confusion.txt 的 f hu）
@category CHARACTER
@title 人身攻击
@seed M107 违规判定 2(2)
@near on
废物 | | | 骂人废物
"""

DIRECTOR = """\
# 反对判罚
@category DIRECTOR
@title 反对导演判罚
@seed 030 3(2)
re:(这个)?(判罚|处罚)[^。！？!?]{0,2}我?(不接受|不服) | 不接受 不服 判罚 处罚 | | 反对判罚
"""


@pytest.fixture(scope="module")
def glide_matcher(tmp_path_factory: pytest.TempPathFactory) -> Matcher:
    folder = tmp_path_factory.mktemp("glide")
    (folder / "character.txt").write_text(CHARACTER, "utf-8")
    (folder / "director.txt").write_text(DIRECTOR, "utf-8")
    return Matcher(load([folder], default=False))


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("你真是个灰物，连票都不会投", "灰物"),  # 废 fei → 灰 hui
        ("这个处花我不服", "这个处花我不服"),  # 罚 fa → 花 hua, in a pattern
    ],
)
def test_the_medial_pair_finds_its_cloak(glide_matcher: Matcher, text: str, span: str) -> None:
    found = glide_matcher.find(text)
    assert [m.text for m in found] == [span]
    assert "近音" in found[0].how or "音近" in found[0].how


@pytest.mark.parametrize(
    "text",
    [
        "你真是个废物吗？我不信",  # (the plain word: found as written, not by sound)
        "他说完就回屋了",  # 回 is a common character as written, no 废
        "我们灰色地带的物资先别动",  # 灰色 is a word: no 灰物 across it
        "这个处方我不接受",  # 处方 (a prescription) is no 处罚
    ],
)
def test_the_medial_pair_leaves_ordinary_words(glide_matcher: Matcher, text: str) -> None:
    found = [m for m in glide_matcher.find(text) if "近音" in m.how or "音近" in m.how]
    assert found == []
