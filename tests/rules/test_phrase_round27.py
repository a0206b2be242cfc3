"""Phrase round 27 (session 44, round 3): the reviewer's precision findings read by kind.

The cases are the table ``phrase_round27.toml`` beside this file (STYLE.md 9): each text with
the categories the matcher finds (``cats``) or PHRASE-MASKED finds (``masked``).  Each finding
has the reviewer's sentence and a near miss of our own; see the table's comments for the seed
clause of each kind."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from auditor.rules.masked import masked_words, matcher_pattern
from auditor.rules.matcher import default_matcher

_CASES: list[dict[str, Any]] = tomllib.loads(
    (Path(__file__).with_name("phrase_round27.toml")).read_text(encoding="utf-8")
)["case"]


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


def _masked(text: str) -> set[str]:
    terms, pattern = matcher_pattern(default_matcher())
    return {cat for cat, *_ in masked_words(text, terms, pattern)}


@pytest.mark.parametrize("case", [c for c in _CASES if "cats" in c], ids=lambda c: c["text"])
def test_categories(case: dict[str, Any]) -> None:
    assert _cats(case["text"]) == set(case["cats"])


@pytest.mark.parametrize("case", [c for c in _CASES if "masked" in c], ids=lambda c: c["text"])
def test_masked(case: dict[str, Any]) -> None:
    assert _masked(case["text"]) == set(case["masked"])


def test_table_has_both_sides() -> None:
    """Every kind has a clean case and a hit (the near miss and the finding)."""
    assert any(not c.get("cats", c.get("masked")) for c in _CASES)
    assert any(c.get("cats", c.get("masked")) for c in _CASES)
