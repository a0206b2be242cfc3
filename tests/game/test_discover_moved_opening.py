"""A day's times moved by the director after a schedule stated them (issue 34; fh43 item 1,
the first-hour director's own M39 game): a 延时 past the schedule's next opening read as the
new close when the post moves that opening too (第三天顺延到28号早上十点开门); a process post
at dawn that speeds the day up (今天执行加速：今晚九点半关门) is the day's; and the night's
results a dawn post or a correction in the day's first hour announces take the day's opening,
as the opening post's do.  Each with the words that undo it.  Sentences written for these
tests (a cast of spices)."""

from __future__ import annotations

from datetime import datetime
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest

from auditor.game.announce import Announced
from auditor.game.discover import Sourced, _close_changes, _Day, _event_from, _opening_of
from auditor.game.gamefile import DaySpec, Event, EventType, ThreadKind, ThreadSpec
from auditor.models import Post

TZ = ZoneInfo("Asia/Shanghai")
PROCESS = ThreadSpec(10, ThreadKind.PROCESS, None)
GAME = SimpleNamespace(directors=("导演",))


def t(day: int, h: int, m: int = 0) -> datetime:
    return datetime(2026, 3, day, h, m, tzinfo=TZ)


def _post(pid: int, at: datetime, text: str) -> Post:
    return Post(10, pid, 2, "导演", 1, at, "", text, tuple(text.splitlines()))


def _schedule() -> dict[int, _Day]:
    """Day 2 and day 3 as a schedule posted before the game stated them (两天一关门)."""
    return {
        2: _Day(t(5, 10), t(6, 21, 30), False, 1, "日程", {}),
        3: _Day(t(7, 10), t(8, 21, 30), False, 1, "日程", {}),
    }


def _changed(found: dict[int, _Day], *posts: tuple[datetime, str]) -> dict[int, _Day]:
    by_tid = {10: [_post(100 + i, at, text) for i, (at, text) in enumerate(posts)]}
    _close_changes(GAME, found, [PROCESS], by_tid, TZ)  # type: ignore[arg-type]
    return found


def test_a_delay_that_moves_the_next_opening_is_the_new_close() -> None:
    found = _changed(
        _schedule(),
        (
            t(6, 18, 40),
            "延时申请4人，够一半，延时成功。\n第二天今晚不关门了，推到明晚九点半（3月7日 21:30）关门。"
            "\n第三天顺延到8号早上十点开门。",
        ),
    )
    assert (found[2].closes, found[2].delayed) == (t(7, 21, 30), True)
    assert found[3].opens == t(8, 10)
    assert 100 in found[2].moved_by and 100 in found[3].moved_by


@pytest.mark.parametrize(
    "ruling",
    [
        # a question: nothing moves
        "延时只有3人申请。第三天要不要顺延到8号早上十点开门？大家说说。",
        # a supposition
        "如果延时成功，第三天顺延到8号早上十点开门。",
    ],
)
def test_no_opening_moved_twins(ruling: str) -> None:
    found = _changed(_schedule(), (t(6, 18, 40), ruling))
    assert (found[2].closes, found[2].delayed, found[3].opens) == (t(6, 21, 30), False, t(7, 10))


def test_a_day_its_own_opening_post_states_is_not_moved_by_the_process_thread() -> None:
    found = _schedule()
    found[3] = _Day(t(7, 10), t(8, 21, 30), False, 7, "开帖", {})
    _changed(found, (t(6, 18, 40), "第三天顺延到8号早上十点开门。"))
    assert found[3].opens == t(7, 10)


def test_a_dawn_post_that_speeds_the_day_up_is_the_day_s() -> None:
    found = {1: _Day(t(3, 10), t(4, 21, 30), False, 1, "日程", {}), **_schedule()}
    _changed(found, (t(5, 9, 58), "进程帖：第二天。\n存活5人，今天执行加速：今晚九点半关门。"))
    assert (found[2].closes, found[2].accelerated) == (t(5, 21, 30), True)


def test_a_dawn_post_s_time_of_the_night_is_not_the_day_s() -> None:
    # posted before the day opens, its 今晚十点半前 (the skills' deadline the night before)
    # is no time within the day: the close stays
    found = {1: _Day(t(3, 10), t(4, 21, 30), False, 1, "日程", {}), **_schedule()}
    _changed(found, (t(5, 9, 0), "今天加速，关门提前到今早九点半。"))
    assert found[2].closes == t(6, 21, 30)


# --------------------------------------------------------------------------- the night's results


DAYS = [DaySpec(1, t(3, 10), t(4, 21, 30)), DaySpec(2, t(5, 10), t(6, 21, 30))]


def _at(
    kind: EventType, posted: datetime, how: str | None = "night", correction: bool = False
) -> datetime | None:
    """The event's moment as discovery places it: the day whose opening the post belongs to
    (:func:`_opening_of` — the night before the day, or a correction in the day of what its
    opening post told, here 花椒's piping told at 10:00 by pid 100)."""
    a = Announced(kind, "花椒", how=how, correction=correction)
    post = _post(200, posted, "天亮了。")
    told = [Sourced(Event(EventType.PIPED, "八角", DAYS[1].opens), "pid 100", pid=100)]
    opening_of = _opening_of(post, PROCESS, DAYS, [a], told)
    ev = _event_from(a, post, PROCESS, DAYS, opening_of)
    assert ev is not None
    return ev.at


@pytest.mark.parametrize(
    ("kind", "posted", "at", "correction"),
    [
        # 天亮了 five minutes before the day opens: the day's opening
        (EventType.ELIMINATED, t(5, 9, 55), t(5, 10), False),
        (EventType.PIPED, t(5, 9, 55), t(5, 10), False),
        # a correction in the day of what its opening told: the day's from the opening
        (EventType.PIPED, t(5, 10, 5), t(5, 10), True),
        # the night before the day (after the day before closed): the night's, told at the
        # day's opening (session 43's merge: the events engineer's reading)
        (EventType.ELIMINATED, t(4, 23, 0), t(5, 10), False),
        # a piping told in the afternoon, no correction: as posted
        (EventType.PIPED, t(5, 15, 0), t(5, 15, 0), False),
    ],
)
def test_the_night_s_results_at_dawn_take_the_day_s_opening(
    kind: EventType, posted: datetime, at: datetime, correction: bool
) -> None:
    assert _at(kind, posted, correction=correction) == at


def test_a_vote_result_at_dawn_keeps_its_close() -> None:
    assert _at(EventType.ELIMINATED, t(5, 9, 55), how="vote") == t(4, 21, 30)
