"""Phrase round 33 (session 49; issue 35, blind27's even half read, clean lines first): talk
about a thing that a category's word names — another's words handed on (7号跟我说“…”，我举报了),
a word called a bad word, an account's talk refused by the poster naming no one, a vest worn,
an English word learned as vocabulary, a sound heard across two clauses — is no card; the act
itself still is.

The cases are the table ``phrase_round33.toml`` beside this file (STYLE.md 9): each text with
the categories the matcher finds (``cats``).  See the table's comments for the seed clause of
each."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from auditor.rules.matcher import default_matcher

_CASES: list[dict[str, Any]] = tomllib.loads(
    (Path(__file__).with_name("phrase_round33.toml")).read_text(encoding="utf-8")
)["case"]


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize("case", _CASES, ids=lambda c: c["text"])
def test_categories(case: dict[str, Any]) -> None:
    assert _cats(case["text"]) == set(case["cats"])
