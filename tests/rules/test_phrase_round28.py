"""Phrase round 28 (session 45): what the new directors met in their own games (fh45 大刘,
M107; fh45b Yuki, M39), by kind.

The cases are the table ``phrase_round28.toml`` beside this file (STYLE.md 9): each text with
the categories the matcher finds (``cats``).  See the table's comments for the seed clause of
each kind."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from auditor.rules.lexicon import parse_lexicon, passive_forms, passive_regex
from auditor.rules.matcher import default_matcher

_CASES: list[dict[str, Any]] = tomllib.loads(
    (Path(__file__).with_name("phrase_round28.toml")).read_text(encoding="utf-8")
)["case"]


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize("case", _CASES, ids=lambda c: c["text"])
def test_categories(case: dict[str, Any]) -> None:
    assert _cats(case["text"]) == set(case["cats"])


def test_question_explained() -> None:
    """``lexicon test --explain`` says why 你吗 of a question is no hit."""
    out = default_matcher().explain("导演 夜里行动是私信你吗")
    assert [why for _, why in out if "问句" in why], out


@pytest.mark.parametrize(
    ("pattern", "read"),
    [
        ("出门被车撞死|出门被(?![雷天])", "出门(?:被|让|叫|给)车撞死|出门被(?![雷天])"),
        ("(等着)(被|遭)(雷劈)", "(等着)(被|让|叫|给|遭)(雷劈)"),
        ("被[^。]{0,3}(吃|踢)", "(?:被|让|叫|给)[^。]{0,3}(吃|踢)"),
        ("出门被)", "出门被)"),
        ("a[被]b", "a[被]b"),
    ],
)
def test_passive_regex(pattern: str, read: str) -> None:
    """被 before an agent or a verb is the class; 被 ending a branch or in a class is not."""
    assert passive_regex(pattern) == read


def test_passive_forms_and_switch() -> None:
    assert passive_forms(("出门被车撞", "被坑")) == (
        "出门被车撞",
        "被坑",
        "出门让车撞",
        "出门叫车撞",
        "出门给车撞",
    )
    on = parse_lexicon("@category CURSE\n@passive on\n出门被车撞 | 被雷劈\n")
    off = parse_lexicon("@category CURSE\n出门被车撞 | 被雷劈\n")
    assert "出门让车撞" in on.categories["CURSE"].entries[0].variants
    assert "让雷劈" in on.categories["CURSE"].entries[0].variants
    assert off.categories["CURSE"].entries[0].variants == ("被雷劈",)
