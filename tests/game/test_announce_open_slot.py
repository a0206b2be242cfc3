"""The report slot's open class (issue 34, session 48): a roster name in a night's or a
ballot's report slot whose predicate is none of the closed class of states (the rule sets'
badge, piping, infection, idiot, leave and substitutes, a quiet or saved night; and what is no
leaving by its sense — arriving, winning, a feeling, a lesser penalty, a listing's noun, a
time of day) is a death, whatever the writer's metaphor.  Who did it, in the sentence (X 让
狙击手给 V 了; X 被大伙儿 V 出 …); the vote's result slot (第N日结果：X …, 票唱完了：X …).

Every sentence is written for these tests in other words than any set's, each beside the
twins that must stay no death (asked, or read as their own kind)."""

from __future__ import annotations

import pytest

from auditor.game.announce import Patterns
from tests.announced import E, shown

PLAYERS = ["石榴", "山竹", "荔枝", "杨梅", "枇杷", "龙眼"]
P = Patterns(PLAYERS)


def _deaths(text: str) -> list[tuple[object, ...]]:
    return sorted((shown(a) for a in P.find(text) if a.type is E), key=str)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the night's label, the theme's own key (a ferry, a bakery, a radio, an office)
        ("昨夜沉底：石榴。", [(E, "石榴", "night")]),
        ("昨夜烤焦了一位：山竹。今晚十点收摊。", [(E, "山竹", "night")]),
        ("昨晚有位乘客坐过了站：荔枝。", [(E, "荔枝", "night")]),
        # the night's header, the name, a predicate told done (V 了, a failure to go on)
        ("昨晚杨梅熬不住，散架了。", [(E, "杨梅", "night")]),
        ("昨夜 枇杷 没能撑到天亮。", [(E, "枇杷", "night")]),
        ("昨夜 龙眼 未能靠岸。", [(E, "龙眼", "night")]),
        ("昨天夜里，石榴叫人给收拾了！", [(E, "石榴", "night")]),
        ("昨晚炉子那边出了状况：山竹烤糊了。", [(E, "山竹", "night")]),
        ("昨晚石榴和山竹都翻船了🥲 荔枝照常。", [(E, "山竹", "night"), (E, "石榴", "night")]),
        ("昨晚 杨梅同志 没挺住。", [(E, "杨梅", "night")]),
        # who did it, in the sentence: the night's killer, or the crowd's removal
        ("龙眼让杀手给办了；枇杷让狼给叼了。", [(E, "枇杷", "night"), (E, "龙眼", "night")]),
        ("石榴让大家伙儿给撵出门了。", [(E, "石榴", "vote")]),
        # the ballot's result slot: the decision in the director's words after the count
        ("第3日结果：荔枝 6/9 过半，注销。", [(E, "荔枝", "vote")]),
        ("票数完了：山竹，过半，送客！", [(E, "山竹", "vote")]),
        ("投票结果：铃声响起——不对，投票结果：杨梅，下架。", [(E, "杨梅", "vote")]),
        # the header after a question the director asks himself, after an emoji's pause
        ("猜猜怎么着？昨天夜里，荔枝叫人给收拾了！", [(E, "荔枝", "night")]),
        ("大家早🌞昨夜沉底：龙眼。", [(E, "龙眼", "night")]),
        # the top of the count, a bare decision
        ("枇杷 7 票，过半，除籍。", [(E, "枇杷", "vote")]),
    ],
)
def test_the_open_class_in_a_report_slot_is_a_death(
    text: str, expected: list[tuple[object, ...]]
) -> None:
    assert _deaths(text) == sorted(expected, key=str)


@pytest.mark.parametrize(
    "text",
    [
        # the closed class: the rule sets' other states
        "昨夜吹笛：石榴。",
        "昨晚山竹被感染了。",
        "昨夜 荔枝 请假了，龙眼 顶上。",
        "昨晚杨梅被守住了。",
        "昨夜 枇杷 没事。",
        "昨晚石榴被大家选为警长了。",
        # no leaving by its sense: arriving, winning, a feeling, a penalty, a claim, a role
        "昨夜报到：石榴、山竹。",
        "昨晚荔枝乐坏了。",
        "昨晚杨梅睡得很沉。",
        "昨晚杨梅睡着了。",
        "昨夜 枇杷 犯规了。",
        "昨晚龙眼潜水了。",
        "昨晚石榴跳了女巫。",
        "昨夜狼人：山竹。",
        # a listing's noun, a time of day
        "昨日投票统计：石榴、山竹。",
        "昨日投票明细：荔枝。",
        "第2天凌晨：杨梅。",
        # a negated death, a supposition, a question
        "昨晚 枇杷 没死。",
        "如果昨晚 龙眼 散架了，狼就赢了。",
        "昨晚石榴散架了吗？",
        # the agent's twins: a state, a supposition, a verb of no removal by the crowd
        "山竹让狼人给盯上了。",
        "要是荔枝让杀手给办了，明天就难了。",
        "杨梅被大家夸了。",
        # the result slot's twins: the badge, a deferral, a second name
        "投票结果：枇杷，当选。",
        "票数完了：龙眼，明天再议。",
        "第2日结果：石榴 4 票，山竹 4 票，平票。",
    ],
)
def test_the_closed_class_and_the_undone_are_no_death(text: str) -> None:
    assert _deaths(text) == []


@pytest.mark.parametrize("word", ["如果", "假如", "假设", "倘若", "若是", "要是", "万一", "的话"])
def test_one_home_for_the_supposition_words(word: str) -> None:
    """announce.SUPPOSING is the one list (session 48): the grammar's and discovery's
    undoing lists each hold every word of it."""
    from auditor.game import discover
    from auditor.game.announce import _SUPPOSE

    said = f"{word}石榴散架了"
    assert _SUPPOSE.search(said)
    assert discover._UNDONE.search(said)
    assert discover._SUPPOSED.search(said)
