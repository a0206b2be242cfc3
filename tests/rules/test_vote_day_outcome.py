"""A vote-out is its day's outcome (session 38, director's report): when the director
moves a day's close later (延时) after posting the result, the vote-out recorded at the
result's time falls inside the longer day.  It must not void the day's ballots cast for
or by the player voted out, and the tally must agree with it; a player sent off during
the day still voids them (M107 用语定义 出局)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from tests.rules.test_votes import book_of, outcome, vote

DELAYED = """
[[day]]
number = 2
opens = 2026-11-21T09:00:00+08:00
closes = 2026-11-21T23:00:00+08:00
delayed = true
"""


def _event(how: str, at: str) -> str:
    return f"""
[[event]]
type = "eliminated"
player = "包子"
at = 2026-11-21T{at}+08:00
how = "{how}"
"""


def _posts() -> list[dict[str, Any]]:
    return [
        vote("饺子", 2, datetime.fromisoformat("2026-11-21T12:00:00+08:00"), "春卷"),
        vote("馄饨", 2, datetime.fromisoformat("2026-11-21T13:10:00+08:00"), "包子"),
        vote("春卷", 2, datetime.fromisoformat("2026-11-21T14:00:00+08:00"), "包子"),
        vote("包子", 2, datetime.fromisoformat("2026-11-21T16:00:00+08:00"), "馄饨"),
    ]


def test_vote_out_inside_a_delayed_day_keeps_the_days_ballots(tmp_path: Path) -> None:
    book = book_of(tmp_path, "m107", DELAYED + _event("vote", "22:05:00"), _posts())
    day = book.days[2]
    assert [(b.voter, b.valid, b.problem) for b in day.ballots] == [
        ("饺子", True, None),
        ("馄饨", True, None),
        ("春卷", True, None),
        ("包子", True, None),
    ]
    assert outcome(book, 2) == {"包子": "eliminated"}
    assert not book.conflicts
    assert "包子" in day.eligible


def test_sent_off_inside_the_day_still_voids_them(tmp_path: Path) -> None:
    book = book_of(tmp_path, "m107", DELAYED + _event("sent_off", "22:05:00"), _posts())
    problems = {b.voter: b.problem for b in book.days[2].ballots}
    assert problems["馄饨"] == "target_eliminated"
    assert problems["包子"] == "voter_eliminated"


def test_yesterdays_vote_out_still_voids_todays_votes_for_him(tmp_path: Path) -> None:
    fragment = """
[[event]]
type = "eliminated"
player = "包子"
at = 2026-11-20T22:00:00+08:00
how = "vote"
"""
    book = book_of(tmp_path, "m107", DELAYED + fragment, _posts())
    problems = {b.voter: b.problem for b in book.days[2].ballots}
    assert problems["馄饨"] == "target_eliminated"
    assert problems["包子"] == "voter_eliminated"
