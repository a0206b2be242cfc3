"""A Discuz! 词语过滤 export gets every evasion step the bundled lexicons get.

The cases are built from the phonology and the normalisation steps (issue 19), not from
any benchmark: same toneless pinyin, one near-homophone step from lexicons/_confusion.txt
(l/n, z/zh, s/sh, an/ang, h/f, ü/u), emoji read by their CLDR names or lexicons/_emoji.txt,
traditional characters and full width.  The near misses are common words that sound like
a listed word; they must stay clean.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.rules.lexicon import load
from auditor.rules.matcher import Matcher

CENSOR = """\
垃圾={BANNED}
婊子={BANNED}
畜生={BANNED}
乐色={BANNED}
反同={BANNED}
傻逼={BANNED}
狗东西={BANNED}
猪头={BANNED}
原批={BANNED}
吃屎={BANNED}
媚黑={BANNED}
女拳={BANNED}
sb={BANNED}
草泥马={MOD}
"""


def censor_matcher(tmp_path: Path, text: str = CENSOR) -> Matcher:
    path = tmp_path / "censor.txt"
    path.write_text(text, "utf-8")
    return Matcher(load([path], default=False))


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Matcher:
    return censor_matcher(tmp_path_factory.mktemp("censor"))


FOUND = [
    # same toneless pinyin (音近)
    ("你这个拉圾", "拉圾", "垃圾", "音近"),
    ("一群表子", "表子", "婊子", "音近"),
    ("你个畜牲", "畜牲", "畜生", "音近"),
    ("草尼玛", "草尼玛", "草泥马", "音近"),
    # one near step (近音)
    ("真是个呢色", "呢色", "乐色", "近音"),  # l/n
    ("房通言论滚出去", "房通", "反同", "近音"),  # an/ang
    ("你去吃四吧", "吃四", "吃屎", "近音"),  # sh/s
    ("媚飞的那些人", "媚飞", "媚黑", "近音"),  # h/f
    ("率拳又来了", "率拳", "女拳", "近音"),  # n/l (nü/lü)
    # emoji: CLDR names (🐶 狗脸 → 狗, 🐷 猪头 → 猪) and the pun table (⭕ 圆 → 原, 🍚 饭 → 反)
    ("你个🐶东西", "🐶东西", "狗东西", "表情"),
    ("你就是个🐷头", "🐷头", "猪头", "表情"),
    ("⭕批又来了", "⭕批", "原批", "表情"),
    ("🍚同的人", "🍚同", "反同", "表情"),
    ("去吃💩吧", "吃💩", "吃屎", "表情"),
    ("又是女🥊", "女🥊", "女拳", "表情"),
    # traditional characters, full width, noise
    ("狗東西", "狗東西", "狗东西", "繁简"),
    ("你个豬頭", "豬頭", "猪头", "繁简"),
    ("你是ＳＢ吧", "ＳＢ", "sb", "全半角/大小写"),
    ("傻~逼", "傻~逼", "傻逼", "去噪"),
]


@pytest.mark.parametrize(("text", "span", "entry", "how"), FOUND)
def test_censor_terms_found_through_evasions(
    matcher: Matcher, text: str, span: str, entry: str, how: str
) -> None:
    got = [(m.text, m.entry, m.category) for m in matcher.find(text)]
    assert (span, entry, "CENSOR") in got
    assert any(how in m.how for m in matcher.find(text))


NEAR_MISSES = [
    "他出生在北京",  # chusheng = 畜生, but 出生 is a common word
    "她长得很标致",  # biaozhi: one z/zh step from 婊子, a common word
    "我一顿能吃四个包子",  # 吃四 is not on word boundaries here
    "原配来了",  # yuanpei is not yuanpi
    "拉近距离",
    "快乐色彩",
    "猪肉涨价了",
    "房东来收租",
    "反对同意的人",
]


@pytest.mark.parametrize("text", NEAR_MISSES)
def test_censor_near_misses_stay_clean(matcher: Matcher, text: str) -> None:
    assert matcher.find(text) == []


def test_censor_precision_on_the_cases(matcher: Matcher) -> None:
    """Per line: every case above, scored the way scripts/devset_eval.py scores."""
    tp = sum(bool(matcher.find(t)) for t, *_ in FOUND)
    fp = sum(bool(matcher.find(t)) for t in NEAR_MISSES)
    assert tp / (tp + fp) >= 0.85
    assert tp == len(FOUND)


def test_directives_switch_steps_off_in_an_export(tmp_path: Path) -> None:
    m = censor_matcher(tmp_path, "@near off\n" + CENSOR)
    assert m.find("真是个呢色") == []  # near step off
    assert [x.entry for x in m.find("你这个拉圾")] == ["垃圾"]  # pinyin still on
    m = censor_matcher(tmp_path, "@pinyin off\n" + CENSOR)
    assert m.find("你这个拉圾") == []
    assert [x.entry for x in m.find("你这个垃圾")] == ["垃圾"]


def test_bundled_tables_reach_an_import_without_the_bundled_lexicons(tmp_path: Path) -> None:
    m = censor_matcher(tmp_path)
    assert ("l", "n") in m.built.confusion
    assert m.built.norm.normalise("🐶") == "狗"
    assert set(m.lexicon.categories) == {"CENSOR"}
