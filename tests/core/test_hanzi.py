"""Traditional → simplified, one character for one (auditor.hanzi)."""

from __future__ import annotations

import opencc

from auditor.hanzi import t2s_table, to_simplified


def test_the_table_is_opencc_t2s_per_character() -> None:
    cc = opencc.OpenCC("t2s")
    table = t2s_table()
    assert len(table) > 3000
    sample = sorted(table)[::40]  # every 40th traditional character
    for cp in sample:
        assert cc.convert(chr(cp)) == table[cp], chr(cp)


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
