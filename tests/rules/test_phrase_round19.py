"""Phrase round 19 (session 41 round 3, the reviewer's items 4-6): round 17's clean-line rules
cleared real violations.  A garment is told by whole colour and cloth words (not a lone 光, 布 or
色: 曝光, 公布, 出色); "nobody does it" clears only the categories of an act done by words; a
classifier's everyday noun does not clear a past game in which the sentence gives a player a role
or an act of the game.  Each reviewer sentence is a case, with twins that stay clean."""

from __future__ import annotations

import pytest

from auditor.rules.matcher import default_matcher


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # item 4: 马甲 after 曝光/公布/出色 is the account
        ("我要曝光马甲，你就是小明", "SOCKPUPPET"),
        ("导演公布马甲", "SOCKPUPPET"),
        ("今天公布马甲：小明是小红的号", "SOCKPUPPET"),
        ("出色的马甲", "SOCKPUPPET"),
        ("你被曝光的马甲是谁", "SOCKPUPPET"),
        ("他的角色马甲早就被人认出来了", "SOCKPUPPET"),
        # item 5: nobody, with a topic, still names the topic
        ("没人在上一局跳预言家，就你跳了", "PASTGAME"),
        ("没人在上局骗过我，除了你", "PASTGAME"),
        ("没人在上一场游戏里赢过", "PASTGAME"),
        # item 6: a classifier's noun, with a player's role or act of the game
        ("上一局比赛你也是狼", "PASTGAME"),
        ("那局比赛你也悍跳", "PASTGAME"),
        ("上一期节目你也这么说", "PASTGAME"),
        ("上一盘棋3号也投了你", "PASTGAME"),
        ("上一局比赛我们输了，狼队太强", "PASTGAME"),
    ],
)
def test_reviewer_sentences_are_cards(text: str, want: str) -> None:
    assert want in _cats(text), text


@pytest.mark.parametrize(
    "text",
    [
        # a garment described by a whole colour or cloth word
        "夜里骑车要穿荧光马甲",
        "那件深色的马甲挂在门后",
        "给孩子买了件加绒马甲",
        "棉马甲比羽绒服轻便",
        # nobody does an act done by words
        "今天谁都没发誓，票型很平",
        "这局没人甩锅，大家都认了",
        # a classifier's everyday noun, nobody given a game role or act
        "上一场雨你也淋了吧",
        "上一场比赛我们队只进了两个球，明天加练",
        "那局棋他下得很慢",
    ],
)
def test_twins_stay_clean(text: str) -> None:
    assert _cats(text) == set(), text
