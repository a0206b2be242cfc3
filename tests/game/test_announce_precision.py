"""The reviewer's precision findings of session 43 (round 3), as kinds: only a theme's word
of command hands the office on (never 决定权, 选择权, 话语权); a proxy's single act (代投,
代发) is no substitute, nor a death told in its bracket a seat given back; hearsay the
director then says himself (a colon, a dash, 经确认, 是真的) is his word; the first day's
choice by the office's own name; no one leaving in the theme's words is never silent.
Sentences written for these tests, each kind with the reviewer's own input too."""

from __future__ import annotations

import pytest

from auditor.game.announce import Patterns, quiet_said
from auditor.game.gamefile import EventType

PLAYERS = ["饺子", "包子", "馄饨", "芝麻", "花生", "山楂", "陈皮", "桂圆"]


def _read(text: str) -> list[tuple[str, str, str | None]]:
    return [
        (str(a.type), a.player, a.cause if a.type is EventType.ELIMINATED else a.how)
        for a in Patterns(PLAYERS).find(text)
        if not a.ends_piping
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a right of a moment or of every player, handed to someone: no badge
        ("平票，决定权交给警长饺子，请在一小时内给出选择。", []),
        ("今天由饺子先发言，选择权交给饺子。", []),
        ("话语权交给包子，大家安静听他说完。", []),
        ("道具使用权交给馄饨，今晚可以用一次。", []),
        ("山楂 和 陈皮 同票，裁定权交给警长 桂圆。", []),
        ("本轮解释权交给 陈皮，请他说明一下规则。", []),
        # the theme's words of command still hand the office on
        (
            "昨夜船长 山楂 落水，指挥权移交 陈皮。",
            [("eliminated", "山楂", "night"), ("sheriff", "陈皮", "handed_over")],
        ),
        ("带队权交给 桂圆，大家听她安排。", [("sheriff", "桂圆", "handed_over")]),
    ],
)
def test_only_a_word_of_command_hands_the_office_on(
    text: str, expected: list[tuple[str, str, str | None]]
) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # one act done for a player who keeps the seat: no substitute
        ("包子请假，今天的票由导演代投弃权。", []),
        ("陈皮 出差，今天由 山楂 代发一帖说明情况。", []),
        ("今天的计票由花生代劳。", []),
        # the seat taken up in the theme's activity still is
        ("饺子请假，由芝麻代发言两天。", [("substitute", "饺子", None)]),
        ("桂圆 请假，由 花生 代班。", [("substitute", "桂圆", None)]),
        # a death told in the bracket is no seat given back
        ("饺子归队，包子出局（昨夜被刀）。", [("eliminated", "包子", "night")]),
        ("山楂 归队，陈皮 出局（昨晚遇害）。", [("eliminated", "陈皮", "night")]),
        ("山楂 归队，陈皮 出局。", [("substitute", "陈皮", None)]),
    ],
)
def test_a_proxy_act_is_no_substitute(
    text: str, expected: list[tuple[str, str, str | None]]
) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # hearsay, then the director's own word after a colon, a dash or a check
        ("听说大家都很关心昨晚的结果：昨夜死者是饺子。", [("eliminated", "饺子", "night")]),
        ("传闻中的“饺子被刀”是真的：昨夜饺子遇害。", [("eliminated", "饺子", "night")]),
        (
            "据传言昨夜有两人遇害——经确认，昨夜遇害的只有饺子。",
            [("eliminated", "饺子", "night")],
        ),
        ("网上传言满天飞——经核实，昨夜 陈皮 出局。", [("eliminated", "陈皮", "night")]),
        # hearsay alone still undoes its sentence, a colon that opens what was heard too
        ("听说 山楂 昨夜死了。", []),
        ("听说：山楂 昨夜死了。", []),
        ("据传言：桂圆 昨晚出局了。", []),
        ("听说 山楂 昨夜死了——大家节哀。", []),
    ],
)
def test_hearsay_ends_where_the_director_says_it(
    text: str, expected: list[tuple[str, str, str | None]]
) -> None:
    assert _read(text) == expected


def test_the_first_days_choice_under_the_offices_own_name() -> None:
    for text in ("警长：饺子（首期选出）", "警长：桂圆（第一轮选出）"):
        found = Patterns(PLAYERS).find(text)
        assert [(str(a.type), a.how, a.day) for a in found] == [("sheriff", "elected", 1)]


def test_no_one_leaving_in_the_themes_words_is_never_silent() -> None:
    # (when — the night's or the vote's — is not said: asked, never passed)
    assert quiet_said("本站无人下车。") is not None
    assert quiet_said("这一站没有人下船。") is not None
    assert quiet_said("如果今天平票，就无人下车，直接进入夜晚。") is None
    found, unplaced = Patterns(PLAYERS).read("本站无人下车。")
    assert found == []
    assert unplaced
