"""PHRASE-MASKED's first look over a check's posts (``masked._prepare``): the texts it
hands the rule are the ones ``_MAYBE.finditer`` through the joined texts finds, each
alternative searched apart without IGNORECASE (a short batch) or by array passes (a
check's posts)."""

from __future__ import annotations

import random
import re
from bisect import bisect_right
from itertools import accumulate

from auditor.rules import masked


def _by_finditer(joined: str, starts: list[int]) -> set[int]:
    """The texts one ``_MAYBE.finditer`` through the batch finds (the plain loop)."""
    found: set[int] = set()
    for m in masked._MAYBE.finditer(joined):
        p = m.start()
        if m.end() == p + 1 and not (p and masked._is_cjk(joined[p - 1])):
            continue
        found.add(bisect_right(starts, p) - 1)
    return found


def test_the_cased_classes_hold_what_ignorecase_matches() -> None:
    every = "".join(map(chr, range(0x110000)))
    for folded, cased in (
        (re.compile("[a-z]", re.I), re.compile(f"[{masked._LETTER}]")),
        (re.compile(masked._MASK, re.I), masked._ANY_MASK),
    ):
        assert [m.start() for m in folded.finditer(every)] == [
            m.start() for m in cased.finditer(every)
        ]


def test_the_texts_found_are_those_the_alternation_finds() -> None:
    rng = random.Random(19)
    alphabet = [*"傻*×xXyYſK\u212a卧槽SBsb你他〇＊_#草ab \t\u3000\n", "S B", "x y", "a  b"]
    batches = [["x y", "好x y", "a b c", "ſ t", "K\u3000k", "傻*", "*a", "xx y", "我 x b"]]
    for _ in range(300):
        batches.append(
            ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12))) for _ in range(20)]
        )
    hits = 0
    for texts in batches:
        starts = list(accumulate((len(t) + 1 for t in texts), initial=0))
        joined = "\x00".join(texts)
        want = _by_finditer(joined, starts)
        assert masked._maybe_texts(texts) == want, texts
        assert masked._maybe_texts_array(joined, texts) == want, texts
        hits += len(want)
    assert 0 < hits < sum(map(len, batches))  # (some texts found, not all)


def test_a_long_batch_is_looked_through_as_an_array() -> None:
    texts = ["你就是个傻*", "x y", "S B吧你", "我 x b", "好x"] * 5000
    starts = list(accumulate((len(t) + 1 for t in texts), initial=0))
    joined = "\x00".join(texts)
    assert len(joined) >= masked.NUMPY_BATCH
    want = _by_finditer(joined, starts)
    assert masked._maybe_texts(texts) == want
    assert {i % 5 for i in want} == {0, 2, 4}  # (我 x b: a mask after a space)
