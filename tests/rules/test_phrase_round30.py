"""Phrase round 30 (session 47; issue 35 "context before a card"): the reasons ordinary talk
drew a card, by kind — a near sound that keeps nothing of the word, the director's public word
relayed, a character named as writing, a substitute or helper denied by the poster, 贴脸 weighed
as a method.

The cases are the table ``phrase_round30.toml`` beside this file (STYLE.md 9): each text with
the categories the matcher finds (``cats``).  See the table's comments for the seed clause of
each kind."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from auditor.rules.matcher import default_matcher

_CASES: list[dict[str, Any]] = tomllib.loads(
    (Path(__file__).with_name("phrase_round30.toml")).read_text(encoding="utf-8")
)["case"]


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize("case", _CASES, ids=lambda c: c["text"])
def test_categories(case: dict[str, Any]) -> None:
    assert _cats(case["text"]) == set(case["cats"])
