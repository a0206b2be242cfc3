"""The 每日发言图 on a 390 px phone (issue 30: "the chart is unreadable on a phone"): in
Debian's headless chromium, a game of 20 players with long names over 8 days — the chart
fits the page, no label overlaps another, every label is at least 12 px as shown."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from auditor.report.activity import chart
from auditor.report.bbcode import render_bbcode
from auditor.report.drafts import posts_of
from auditor.report.html import render_html
from auditor.report.records import build_records
from auditor.store import Store
from tests.ledger_helpers import hostile_game
from tests.report.test_report_browser import _driver, _open, _severe

pytestmark = pytest.mark.browser

DAYS, PLAYERS = 8, 20


def _big_chart() -> dict[str, Any]:
    days = [{"number": n} for n in range(1, DAYS + 1)]
    names = [f"玩家{i:02d}号长名字的人" if i % 3 == 0 else f"P{i}" for i in range(PLAYERS)]
    matrix = [
        {
            "player": name,
            "cells": [
                {"day": d["number"], "posts": (i * 7 + d["number"] * 5) % 61, "below": i % 4 == 0}
                for d in days
            ],
        }
        for i, name in enumerate(names)
    ]
    return chart(matrix, days, 5)


# every <text> of the chart: its box in the page and its font size as shown (CSS px of the
# svg's user units times the svg's scale)
_LABELS = """
const svg = document.querySelector('#chart svg');
const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
return Array.from(svg.querySelectorAll('text'), t => {
  const r = t.getBoundingClientRect();
  return {text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
          px: parseFloat(getComputedStyle(t).fontSize) * scale};
});
"""


def test_the_chart_is_readable_on_a_phone(tmp_path: Path) -> None:
    game, store, now = hostile_game(tmp_path / "game")
    assert isinstance(store, Store)
    try:
        records = build_records(game, store, now=now)
    finally:
        store.close()
    records = replace(records, chart=_big_chart())
    page = tmp_path / "report.html"
    page.write_text(render_html(records, posts_of(records, render_bbcode(records))), "utf-8")
    driver = _driver(tmp_path, 500, 844)
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True},
    )
    try:
        _open(driver, page)
        inner = driver.execute_script("return window.innerWidth")
        assert inner == 390
        svg = driver.execute_script(
            "const r = document.querySelector('#chart svg').getBoundingClientRect();"
            "return {left: r.left, right: r.right};"
        )
        assert svg["left"] >= 0 and svg["right"] <= inner, svg  # fits: no sideways scrolling
        labels = driver.execute_script(_LABELS)
        assert len(labels) == PLAYERS + PLAYERS * DAYS + DAYS  # names, counts, legend
        for t in labels:
            assert t["px"] >= 12, t  # legible
            assert t["left"] >= 0 and t["right"] <= inner, t  # inside the screen
        boxes = sorted(labels, key=lambda t: t["top"])
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                if b["top"] >= a["bottom"] - 0.5:
                    break
                overlap = min(a["right"], b["right"]) - max(a["left"], b["left"])
                assert overlap <= 0.5, (a, b)
        names = [t for t in labels if t["text"].startswith(("玩家", "P"))]
        assert [t["text"] for t in names][:2] == ["玩家00号长名字的人", "P1"]  # players as rows
        assert all(b["top"] > a["top"] for a, b in pairwise(names))
        assert _severe(driver) == []
        driver.execute_script("document.getElementById('chart').scrollIntoView()")
        assert driver.save_screenshot(str(tmp_path / "chart-phone.png"))
    finally:
        driver.quit()
