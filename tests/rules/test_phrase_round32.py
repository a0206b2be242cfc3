"""Phrase round 32 (session 48; issue 35, the directors' reports fh48b and fh48c): the insults
of the regions as entries of the categories they belong to (M107 判罚范围 "方言"; 违规判定 2(1)
智商, 3(2) 诅咒), each with a near miss of ordinary talk — and the regions' everyday words
(四川话 冒个泡, 巴适, 要得, 莫得) that no card may draw.

The cases are the table ``phrase_round32.toml`` beside this file (STYLE.md 9): each text with
the categories the matcher finds (``cats``).  See the table's comments for the seed clause and
the source of each word."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from auditor.rules.matcher import default_matcher

_CASES: list[dict[str, Any]] = tomllib.loads(
    (Path(__file__).with_name("phrase_round32.toml")).read_text(encoding="utf-8")
)["case"]


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize("case", _CASES, ids=lambda c: c["text"])
def test_categories(case: dict[str, Any]) -> None:
    assert _cats(case["text"]) == set(case["cats"])
