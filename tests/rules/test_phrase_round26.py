"""Phrase round 26 (session 44 round 2, issue 35; the fh44 and fh44k directors' games).

* a sound-alike that is a verb of jieba's dictionary is that verb, not a spelling that is no
  verb (细路明成日唔出声: 出声 is to speak, not 畜生), however rarely jieba counted it;
* an oath talked about is not an oath (M107 违规判定 3(1) “明显的发誓句式”, 030 2(5)): the oath
  judged right after it (发誓好怪, 那句发誓太刻意了), pointed at as words said (那句发誓), or
  another's on a day gone (叉烧饭琴日发誓; 我琴日发誓 stays his own);
* 替补 asked of the director (想请假，唔该安排替补: 030 替补 “可以向导演申请更换替补”) and a
  substitute introducing himself (大家好，我系替补，睇紧前文) are not 讨论替补 (030 违规判定 4(4),
  talk of who is or will be one: 他这么换替补我怎么认他狼 stays);
* one post, one clause, one card: 030 2(5) “发誓或诅咒” is one kind, so 我发誓…出门俾车撞 is one
  draft; a finding's note quotes what was written (俾車撞), not the lexicon entry (冚家铲).

Our own sentences, after the directors' reports (the kinds, not their sentences alone)."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.ledger.ledger import load_ledger
from auditor.rules.matcher import default_matcher
from auditor.store import Store
from tests.ledger_helpers import finding, make_game


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize(
    "text",
    [
        "細路明成日唔出聲，你點睇？",
        "阿强一直冇出声，好可疑",
        "看到那条发言我笑出声了",
        "我覺得叉燒飯琴日發誓好怪",
        "雾笛昨天那句发誓太刻意了",
        "说实话老周发誓这件事有点假",
        "呢种发誓我唔信",
        "阿明昨天发誓，今天又改口，我投他",
        "導演，我聽日開始要返大陸出差，想請假，唔該安排替補",
        "家里有事，申请更换替补",
        "大家好，我係替補，睇緊前文",
        "各位好，我是新来的替补，先爬楼",
    ],
)
def test_clean_talk(text: str) -> None:
    assert _cats(text) == set()


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("你这个触生", "ANIMAL"),  # a sound-alike that is no word of its own
        ("我发誓我是好人", "OATH"),
        ("我琴日发誓我系好人，今日都系", "OATH"),  # his own, of a day gone
        ("我发誓真的是好人", "OATH"),
        ("他这么换替补我怎么认他狼", "SUBSTITUTE"),
        ("麻烦大家帮我找个替补", "SUBSTITUTE"),  # 030 4(6): not asked of the director
        ("我是替补，前面的发言不算我的", "SUBSTITUTE"),  # talk of the substitution
    ],
)
def test_still_said(text: str, category: str) -> None:
    assert category in _cats(text)


def test_an_oath_and_its_curse_in_one_post_are_one_draft_under_030(tmp_path: Path) -> None:
    game = make_game(tmp_path, "rabbit030")
    oath = finding("PHRASE-OATH", "叉烧饭", 1, 1001, text="我發誓")
    curse = finding("PHRASE-CURSE", "叉烧饭", 1, 1001, text="俾車撞")
    with Store(tmp_path / "g.sqlite") as store:
        store.save_findings([oath, curse], 1)
        led = load_ledger(game, store)
    assert len(led.drafts) == 1
    assert led.drafts[0].merged_codes in (("PHRASE-OATH",), ("PHRASE-CURSE",))
