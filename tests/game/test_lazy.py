"""auditor/game/lazy.py: a pattern compiled on first use behaves as the compiled one."""

from __future__ import annotations

import re

from auditor.game.lazy import lazy


def test_a_lazy_pattern_is_the_compiled_one() -> None:
    p = lazy(r"(\d+)\s*点", re.I)
    assert p.search("今晚 22 点关") is not None
    assert p.sub(r"\1:00", "22 点") == "22:00"
    assert p.pattern == r"(\d+)\s*点"
    assert [m.group(1) for m in p.finditer("9点 到 21点")] == ["9", "21"]
    assert lazy("x").fullmatch("y") is None


def test_copied_and_pickled_it_is_the_same_pattern() -> None:
    import copy
    import pickle

    p = lazy(r"第(\d)天", re.I)
    for q in (copy.copy(p), copy.deepcopy(p), pickle.loads(pickle.dumps(p))):
        m = q.search("第2天讨论")
        assert m is not None and m.group(1) == "2"
    used = lazy(r"关门")
    assert used.search("关门了")
    assert pickle.loads(pickle.dumps(used)).search("关门了")


def test_a_private_name_is_not_the_patterns() -> None:
    import pytest

    with pytest.raises(AttributeError):
        _ = lazy("x")._compiled  # type: ignore[attr-defined]


def test_a_used_method_is_kept_on_the_object() -> None:
    p = lazy(r"\d+")
    assert p.search("a1")
    assert "search" in vars(p)  # later calls do not go through __getattr__
    real = p.compiled()  # type: ignore[attr-defined]
    assert isinstance(real, re.Pattern) and re.search(real, "b22")
