"""A delay told of another day, denied, or a close later than the plan said of a day ahead
(review 44 A1, A4; seed 000 M107 3, the director's 延时 is that day's): the case table
``cases/when_recaps.toml``, each with its positive twin."""

from __future__ import annotations

import tomllib
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from auditor.game.when import find_points

TZ = ZoneInfo("Asia/Shanghai")
EVENING = datetime(2037, 3, 16, 18, 30, tzinfo=TZ)
CASES = tomllib.loads((Path(__file__).parent / "cases" / "when_recaps.toml").read_text("utf-8"))


@pytest.mark.parametrize("case", CASES["case"], ids=lambda c: c["text"][:12])
def test_the_close_and_its_delay(case: dict[str, object]) -> None:
    points = [p for p in find_points(str(case["text"]), EVENING, TZ) if p.role == "closes"]
    point = points[0] if case.get("first") else points[-1]
    assert (point.at.strftime("%H:%M"), point.delay) == (case["close"], case["delay"])
    if case.get("day") == "none":
        assert point.day is None
