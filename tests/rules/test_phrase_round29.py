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
from typing import Any

import pytest

from auditor.rules.matcher import default_matcher

_CASES: list[dict[str, Any]] = tomllib.loads(
    (Path(__file__).with_name("phrase_round29.toml")).read_text(encoding="utf-8")
)["case"]


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize("case", _CASES, ids=lambda c: c["text"])
def test_categories(case: dict[str, Any]) -> None:
    assert _cats(case["text"]) == set(case["cats"])
