"""Phrase round 31 (session 48; issue 35 "context before a card"): the reasons ordinary talk
drew a card, by kind — the topic named as a kind of talk before the rule that bars it, another's
insult reported with its target, a quoted word defined, a contest of real life (辩论赛), 上场 as a
verb, 马甲 beside 马甲线 — and a homophone the segmenter reads as a cloak (贴连打法).

The cases are the table ``phrase_round31.toml`` beside this file (STYLE.md 9): each text with
the categories the matcher finds (``cats``).  See the table's comments for the seed clause of
each kind."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from auditor.rules.matcher import default_matcher

_CASES: list[dict[str, Any]] = tomllib.loads(
    (Path(__file__).with_name("phrase_round31.toml")).read_text(encoding="utf-8")
)["case"]


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize("case", _CASES, ids=lambda c: c["text"])
def test_categories(case: dict[str, Any]) -> None:
    assert _cats(case["text"]) == set(case["cats"])
