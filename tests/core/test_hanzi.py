"""Traditional → simplified, one character for one (auditor.hanzi)."""

from __future__ import annotations

from pathlib import Path

import opencc

from auditor.hanzi import t2s_table, to_simplified


def test_the_table_is_opencc_t2s_per_character() -> None:
    cc = opencc.OpenCC("t2s")
    # a Japanese form (OpenCC's JPVariants, traditional → Japanese): its traditional one first
    jp_path = Path(opencc.__file__).parent / "dictionary" / "JPVariants.txt"
    trad_of = {
        form: line.split("\t")[0]
        for line in jp_path.read_text("utf-8").splitlines()
        for form in line.split("\t")[1].split()
    }
    table = t2s_table()
    assert len(table) > 3000
    sample = sorted(table)[::40]  # every 40th traditional character
    for cp in sample:
        c = chr(cp)
        want = cc.convert(c) if cc.convert(c) != c else cc.convert(trad_of[c])
        assert want == table[cp], c


def test_text_keeps_its_length_and_simplified_text_is_unchanged() -> None:
    trad = "投票對象：湯圓\n投票理由：發言前後矛盾，這票投給餛飩"
    simp = to_simplified(trad)
    assert simp == "投票对象：汤圆\n投票理由：发言前后矛盾，这票投给馄饨"
    assert len(simp) == len(trad)
    assert to_simplified(simp) == simp
    assert to_simplified("投票对象：包子 ABC ：") == "投票对象：包子 ABC ："


def test_variant_characters_opencc_keeps_are_folded_too():
    # 琺瑯 is how a traditional input method writes 珐琅; 衹 and 祇 are written for 只
    assert to_simplified("昨夜出局：琺瑯。衹有一人") == "昨夜出局：珐琅。只有一人"


def test_japanese_forms_read_as_the_same_character_and_chinese_text_stays():
    # a Japanese input method types 対 for 對 and 発 for 發: the same label, the same words
    assert to_simplified("投票対象：冬瓜の発言は変") == "投票对象：冬瓜の发言は变"
    # forms that are also simplified Chinese characters are left as they are
    assert to_simplified("予欠糸弁芸台") == "予欠糸弁芸台"
