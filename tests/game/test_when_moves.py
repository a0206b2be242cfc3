"""A close moved "from A to B" (issue 34, session 41): an arrow whose line (or the bare line's
heading above it) says a change, and the verbs of a change (改 / 改为 / 推迟到 / 延至), make
the later time the new close and the first the close that was — never a range.  A move past
midnight (24:00 → 01:30) ends the next morning.  A real range stays one."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from auditor.game.when import find_points, find_ranges

TZ = ZoneInfo("Asia/Shanghai")
POSTED = datetime(2026, 3, 10, 20, 0, tzinfo=TZ)


def _moves(text: str) -> list[tuple[str, bool, bool]]:
    """(the time as day-hh:mm, was it taken back, is it the new close) of each close said."""
    return [
        (p.at.strftime("%d-%H:%M"), p.wrong, p.delay)
        for p in find_points(text, POSTED, TZ)
        if p.role == "closes"
    ]


@pytest.mark.parametrize(
    ("text", "was", "now"),
    [
        ("第二天 21:45 → 22:30（延时四十五分钟）", "10-21:45", "10-22:30"),
        ("【关门时间调整】\n21:45 → 22:30", "10-21:45", "10-22:30"),
        ("✅ 延时通过\n⏰ 21:00 → 22:00", "10-21:00", "10-22:00"),
        ("列车晚点，终到 21:10 → 21:50。", "10-21:10", "10-21:50"),
        ("关帖时间 24:00 → 01:30", "10-23:59", "11-01:30"),
        ("本日关门：24:00→00:45", "10-23:59", "11-00:45"),
        ("截止时间：21:00 改 22:40", "10-21:00", "10-22:40"),
        ("21:30 关帖改为 23:10", "10-21:30", "10-23:10"),
        ("关帖从23:00推迟到1:00", "10-23:00", "11-01:00"),
    ],
)
def test_a_close_moved_from_a_to_b(text: str, was: str, now: str) -> None:
    assert find_ranges(text, POSTED, TZ) == []
    said = _moves(text)
    assert (was, True, False) in said
    assert (now, False, True) in said


@pytest.mark.parametrize(
    ("text", "opens", "closes"),
    [
        # twins: a day's window with an arrow or a dash stays a range
        ("▶ 09:00 → 21:00", "10-09:00", "10-21:00"),
        ("今天 10:00 → 22:00", "10-10:00", "10-22:00"),
        ("第三天 10:00–22:00", "10-10:00", "10-22:00"),
        ("【延时公告】\n第五日照常\nD6 09:00 → 21:00", "10-09:00", "10-21:00"),
    ],
)
def test_a_window_stays_a_range(text: str, opens: str, closes: str) -> None:
    ranges = find_ranges(text, POSTED, TZ)
    assert [(r.opens.strftime("%d-%H:%M"), r.closes.strftime("%d-%H:%M")) for r in ranges] == [
        (opens, closes)
    ]


def test_a_close_brought_forward_stays_that_evening() -> None:
    # 21:00 → 19:00 (加速): earlier the same evening, never the next day's 19:00
    assert ("10-19:00", False, True) in _moves("[加速] 通过\n[关门] 21:00 → 19:00")


@pytest.mark.parametrize(
    ("text", "phases"),
    [
        ("每天分两个环节：第一环节 10:00 至 17:00，第二环节 17:00 至 24:00。", [1, 2]),
        ("环节一 09:00-15:00，环节二 15:00-23:00", [1, 2]),
        # twin: a clock after 环节 is no 环节 number
        ("环节 10:00 至 17:00", [None]),
    ],
)
def test_a_phase_by_its_number_never_by_a_clock(text: str, phases: list[int | None]) -> None:
    assert [r.phase for r in find_ranges(text, POSTED, TZ)] == phases


@pytest.mark.parametrize(
    ("text", "roles"),
    [
        # a board game's day: the match begun (开局) and its play sealed (封盘), with a time
        (
            "开局：3月10日 0:00\n封盘：3月10日 24:00",
            [("10-00:00", "opens"), ("10-23:59", "closes")],
        ),
        (
            "读秒延长：封盘时间由 3月10日 24:00 延至 3月11日 09:00",
            [("10-23:59", "closes"), ("11-09:00", "closes")],
        ),
        # twins: a line with no time keeps them (a round's result, the game's start)
        ("第一回合封盘：白象 3，黑车 2。", []),
        ("开局！祝各位好运。", []),
    ],
)
def test_a_board_games_opening_and_seal(text: str, roles: list[tuple[str, str]]) -> None:
    said = [(p.at.strftime("%d-%H:%M"), p.role) for p in find_points(text, POSTED, TZ)]
    assert said == roles
