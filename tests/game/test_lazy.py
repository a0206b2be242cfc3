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
