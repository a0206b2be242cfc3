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


# Issue 37 Build 3 (session 43): a change whose first vote became void afterwards — its target
# sent off at the close, which M107 settles before the vote (用语定义 出局：白天红牌罚下在被投票出局
# 之前) — is still judged as a change: one change only, a quote, not in the last hour
# (白天结束前一个小时不得改票).  The first vote counts nothing; a void change leaves no vote.
# Twin: 030 settles the red card after the vote (白天结束时红牌罚下的出局结算在投票结算之后执行):
# the vote for him counts and the same change is void the same way.


def _changed_from_baozi(hh_mm: str) -> list[dict[str, Any]]:
    t = lambda s: datetime.fromisoformat(f"2026-11-21T{s}:00+08:00")  # noqa: E731
    return [
        vote("饺子", 2, t("12:00"), "春卷", pid=2201),
        vote("馄饨", 2, t("13:10"), "包子", pid=2202),
        vote("馄饨", 2, t(hh_mm), "春卷", pid=2203, change=True, quote=2202),
    ]


def test_a_change_from_a_vote_voided_at_the_close_is_still_a_change(tmp_path: Path) -> None:
    def mine(ruleset: str, hh_mm: str, where: str) -> list[tuple[str, bool, str | None]]:
        fragment = DELAYED + _event("sent_off", "23:00:00")
        book = book_of(tmp_path / where, ruleset, fragment, _changed_from_baozi(hh_mm))
        return [(b.kind.value, b.valid, b.problem) for b in book.days[2].ballots[1:]]

    # in the last hour: a late change, void — 馄饨 has no vote that counts (before: a fresh vote)
    assert mine("m107", "22:30", "late") == [
        ("vote", False, "target_eliminated"),
        ("change", False, "late_change"),
    ]
    # earlier: a valid change
    assert mine("m107", "20:00", "early") == [
        ("vote", False, "target_eliminated"),
        ("change", True, None),
    ]
    # 030: the vote for the player sent off at the close counts; the late change is void
    assert mine("rabbit030", "22:30", "030") == [
        ("vote", True, None),
        ("change", False, "late_change"),
    ]
