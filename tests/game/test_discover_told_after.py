"""A 公示 at another time than the game file's is a warning — unless it tells the file's
vote-out (session 41, second review item 6).

A vote-out happens at a day's or 环节's close and is published after it: a post up to 12
hours later telling the same vote-out is that event, not another (no warning).  Nothing else
is published later than it happens at: a red card, a night death, a faction, a piping told
hours away from the file's time is a mismatch the director sees (以游戏文件为准).  The same
moment (23:59:59 and the next 00:00) is one, whatever the kind.

Every case is written for these tests.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from auditor.game.discover import Discovery, _against_the_file, _closes
from auditor.game.gamefile import DaySpec, Event, EventType, PhaseSpec
from tests.game.test_discover_rulesets import at

E, P, F, S = EventType.ELIMINATED, EventType.PIPED, EventType.FACTION, EventType.SUBSTITUTE

# day 1: 11-22 10:00 → 23:59:59, two 环节 (10:00-17:00, 17:00-23:59:59)
DAY = DaySpec(
    1,
    at(11, 22, 10),
    at(11, 22, 23, 59, 59),
    phases=(
        PhaseSpec(1, "环节一", at(11, 22, 10), at(11, 22, 17)),
        PhaseSpec(2, "环节二", at(11, 22, 17), at(11, 22, 23, 59, 59)),
    ),
)
CLOSES = _closes([DAY])


def _warned(f: Event, ev: Event, closes: frozenset[datetime] = CLOSES) -> list[str]:
    disc = Discovery()
    _against_the_file([f], f, ev, "pid 9300", disc, closes)
    return disc.warnings


def test_the_closes_are_every_day_s_and_every_phase_s() -> None:
    assert _closes([DAY]) == {at(11, 22, 17), at(11, 22, 23, 59, 59)}


@pytest.mark.parametrize(
    ("f", "told"),
    [
        # the day's vote-out, published just after the close, or the next morning
        (
            Event(E, "芒果", at(11, 22, 23, 59, 59), "vote"),
            Event(E, "芒果", at(11, 23, 0, 5), "vote"),
        ),
        (Event(E, "芒果", at(11, 22, 23, 59, 59), "vote"), Event(E, "芒果", at(11, 23, 9, 30))),
        # the first 环节's vote-out, told at 17:20 under the 环节 just closed
        (Event(E, "芒果", at(11, 22, 17), "vote"), Event(E, "芒果", at(11, 22, 17, 20), "vote")),
        # the same moment, any kind: 23:59:59 and 00:00 are one close
        (
            Event(E, "芒果", at(11, 22, 23, 59, 59), "night"),
            Event(E, "芒果", at(11, 23, 0), "night"),
        ),
        (Event(P, "芒果", at(11, 22, 23, 59, 59)), Event(P, "芒果", at(11, 23, 0))),
    ],
)
def test_a_vote_out_told_after_its_close_is_the_file_s(f: Event, told: Event) -> None:
    assert _warned(f, told) == []


@pytest.mark.parametrize(
    ("f", "told"),
    [
        # a red card at 10:00 posted as 21:30: another moment, not a late 公示
        (
            Event(E, "芒果", at(11, 22, 10), "sent_off"),
            Event(E, "芒果", at(11, 22, 21, 30), "sent_off"),
        ),
        # a night death at 00:00 told as 11:00
        (Event(E, "芒果", at(11, 22, 0), "night"), Event(E, "芒果", at(11, 22, 11), "night")),
        (Event(E, "芒果", at(11, 22, 0), "night"), Event(E, "芒果", at(11, 22, 11))),
        # a faction, a piping, a substitute ten hours apart
        (
            Event(F, "芒果", at(11, 22, 10), value="狼"),
            Event(F, "芒果", at(11, 22, 20), value="好人"),
        ),
        (Event(P, "芒果", at(11, 22, 10)), Event(P, "芒果", at(11, 22, 20))),
        (
            Event(S, "芒果", at(11, 22, 10), value="甲"),
            Event(S, "芒果", at(11, 22, 20), value="甲"),
        ),
        # a vote-out the file puts at no close (15:00): a 公示 at 21:30 is another moment
        (Event(E, "芒果", at(11, 22, 15), "vote"), Event(E, "芒果", at(11, 22, 21, 30), "vote")),
        # the day's vote-out told more than 12 hours on, or before the close
        (
            Event(E, "芒果", at(11, 22, 23, 59, 59), "vote"),
            Event(E, "芒果", at(11, 23, 12, 30), "vote"),
        ),
        (
            Event(E, "芒果", at(11, 22, 23, 59, 59), "vote"),
            Event(E, "芒果", at(11, 22, 22), "vote"),
        ),
        # another how said
        (
            Event(E, "芒果", at(11, 22, 23, 59, 59), "vote"),
            Event(E, "芒果", at(11, 23, 0, 5), "night"),
        ),
    ],
)
def test_anything_else_at_another_time_is_a_warning_in_chinese(f: Event, told: Event) -> None:
    (said,) = _warned(f, told)
    assert "芒果 的" in said and "帖子 pid 9300" in said and "以游戏文件为准" in said, said
    for english in ("eliminated", "sent_off", "night", "vote", "None"):
        assert english not in said, said


def test_a_close_the_days_do_not_have_is_no_close() -> None:
    # the same vote-out with no day read: its time is no close, the 公示 is a mismatch
    f = Event(E, "芒果", at(11, 22, 23, 59, 59), "vote")
    assert _warned(f, Event(E, "芒果", at(11, 23, 0, 5), "vote"), frozenset()) != []


def test_the_value_is_compared_too() -> None:
    """Session 42 item 2(d): a 公示 whose value differs from the file's (a substitute's
    account, a sheriff's weight) is a warning, whatever the kind; the same value is none."""
    f = Event(S, "番茄", at(11, 22, 12), value="番茄二号")
    assert _warned(f, Event(S, "番茄", at(11, 22, 12), value="番茄二号")) == []
    warned = _warned(f, Event(S, "番茄", at(11, 22, 12), value="小白"))
    assert len(warned) == 1 and "小白" in warned[0] and "番茄二号" in warned[0]
    sheriff = Event(EventType.SHERIFF, "番茄", at(11, 22, 23, 59, 59), "elected", value="1.5")
    told = Event(EventType.SHERIFF, "番茄", at(11, 22, 23, 59, 59), "elected", value="2")
    assert len(_warned(sheriff, told)) == 1
    assert (
        _warned(sheriff, Event(EventType.SHERIFF, "番茄", at(11, 22, 23, 59, 59), "elected")) == []
    )
