"""Phrase round 35 (session 51; issue 35, blind29's even half read, errors classed first): the
classes behind the misses rather than their phrasings — a cloak one pattern writes heard for
all, spaced pinyin as one word, a sworn guarantee an oath, curses, manner reads and relayed
helpers by their structure, and a near sound that makes a word of its own.

The cases are the table ``phrase_round35.toml`` beside this file (STYLE.md 9): each text with
the categories the matcher finds (``cats``).  See the table's comments for the seed clause of
each."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from auditor.rules.matcher import default_matcher

_CASES: list[dict[str, Any]] = tomllib.loads(
    (Path(__file__).with_name("phrase_round35.toml")).read_text(encoding="utf-8")
)["case"]


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize("case", _CASES, ids=lambda c: c["text"])
def test_categories(case: dict[str, Any]) -> None:
    assert _cats(case["text"]) == set(case["cats"])


def test_batch_reads_as_one() -> None:
    """``find_all`` (the batch path) reads each text of the table as ``find`` does: the lone
    clause (糙，…) is looked for in the batch too."""
    texts = [c["text"] for c in _CASES]
    m = default_matcher()
    assert [{x.category for x in r} for r in m.find_all(texts)] == [_cats(t) for t in texts]
