"""Phrase round 29 (session 46; issue 35 "context before a card"): the reasons ordinary talk
drew a card, by kind — a person called by surname and word of address, a near sound that is a
word of the dictionary, 上铺 the bunk, the condition word first in an oath, a kind of talk
disowned, drowning denied, a request made to the director.

The cases are the table ``phrase_round29.toml`` beside this file (STYLE.md 9): each text with
the categories the matcher finds (``cats``).  See the table's comments for the seed clause of
each kind."""

from __future__ import annotations

import tomllib
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from auditor.rules import phrases
from auditor.rules.matcher import default_matcher

_CASES: list[dict[str, Any]] = tomllib.loads(
    (Path(__file__).with_name("phrase_round29.toml")).read_text(encoding="utf-8")
)["case"]


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize("case", _CASES, ids=lambda c: c["text"])
def test_categories(case: dict[str, Any]) -> None:
    assert _cats(case["text"]) == set(case["cats"])


# Round 2 (fh46, fh46c): a player of the game named as the one who swears, or as the speaker of
# the words told, makes them his, not the poster's (M107 违规判定 3(1) / 1(4), 030 2(5) / 2(4));
# the poster's own name is not another's, and a name after 跟/向/替 is the one sworn to.
_PLAYERS = ("肠粉", "菠萝油", "芋圆", "布丁")


@pytest.mark.parametrize(
    ("text", "author", "cats"),
    [
        ("肠粉发誓都冇用㗎", "菠萝油", set()),
        ("肠粉发誓说自己是好人", "菠萝油", set()),
        ("肠粉刚才发誓了", "菠萝油", set()),
        ("改票理由：芋圆说别人智商有问题 急了", "布丁", set()),
        ("芋圆说布丁智商有问题", "肠粉", set()),
        ("芋圆智商有问题", "布丁", {"IQ"}),  # the poster's own taunt of 芋圆
        ("肠粉发誓我是好人", "肠粉", {"OATH"}),  # his own name: his oath
        ("我跟肠粉发誓我是好人", "布丁", {"OATH"}),  # sworn to 肠粉
        ("我发誓肠粉是好人", "布丁", {"OATH"}),
    ],
)
def test_a_named_player_swears_or_speaks(text: str, author: str, cats: set[str]) -> None:
    ctx = SimpleNamespace(game=SimpleNamespace(players=_PLAYERS))
    kept = phrases._kept(text, default_matcher().find(text), ctx, author)  # type: ignore[arg-type]
    assert {m.category for m in kept} == cats
