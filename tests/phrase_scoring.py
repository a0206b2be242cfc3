"""Line-level scoring of the phrase matcher on labelled lines, shared by the validation
tests (the same rule as scripts/devset_eval.py: a line is a true positive for category C
when C is in its label and the matcher reports C)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from auditor.rules.matcher import default_matcher

Wrong = list[tuple[str, str, set[str]]]


def score(
    lines: Iterable[tuple[str, str]],
) -> tuple[Counter[str], Counter[str], Counter[str], Wrong]:
    """(true positives, false positives, false negatives) per category, and the lines
    scored wrong as (label, text, categories found)."""
    m = default_matcher()
    tp: Counter[str] = Counter()
    fp: Counter[str] = Counter()
    fn: Counter[str] = Counter()
    wrong: Wrong = []
    for label, text in lines:
        want = set() if label == "NONE" else set(label.split("|"))
        got = {x.category for x in m.find(text)}
        for c in want:
            (tp if c in got else fn)[c] += 1
        for c in got - want:
            fp[c] += 1
        if got != want:
            wrong.append((label, text, got))
    return tp, fp, fn, wrong


def ratio(a: int, b: int) -> float:
    return a / (a + b) if a + b else 1.0
