"""A closed day's result (auditor/game/state.py ``result_problems``): an event at its close,
a tally proposal, or a director's 无人出局 — and a vote-out recorded inside the day (its
result post before a close the director later moved) is the day's result too."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from auditor.game.gamefile import DaySpec, Event, EventType, load_game
from auditor.game.state import result_problems
from tests import paths


def _game(event: Event | None):  # type: ignore[no-untyped-def]
    g = load_game(paths.ROOT / "examples" / "sample" / "game.toml")
    d1 = g.days[0]
    # day 1 moved from its close to one hour later (a 延时 confirmed after the result post)
    day = DaySpec(1, d1.opens, d1.closes + timedelta(hours=1), delayed=True)
    return replace(g, days=(day,), events=(event,) if event else ()), day


def test_a_vote_out_posted_inside_a_day_whose_close_moved_is_its_result() -> None:
    g, day = _game(None)
    inside = Event(EventType.ELIMINATED, "油条", day.closes - timedelta(minutes=55), how="vote")
    g = replace(g, events=(inside,))
    assert result_problems(g, day.closes + timedelta(days=1), [], []) == []


def test_a_night_death_or_red_card_inside_the_day_is_no_result() -> None:
    g, day = _game(None)
    later = day.closes + timedelta(days=1)
    for how in ("night", "sent_off"):
        e = Event(EventType.ELIMINATED, "油条", day.closes - timedelta(hours=3), how=how)
        (problem,) = result_problems(replace(g, events=(e,)), later, [], [])
        assert "第1天已关门" in problem and "没有读到结果" in problem


def test_a_vote_out_before_the_day_opened_is_no_result_of_it() -> None:
    g, day = _game(None)
    e = Event(EventType.ELIMINATED, "油条", day.opens - timedelta(hours=2), how="vote")
    (problem,) = result_problems(replace(g, events=(e,)), day.closes + timedelta(days=1), [], [])
    assert "没有读到结果" in problem


def test_the_unread_summary_names_the_floor_or_a_link() -> None:
    """Session 42 item 2(c): the audit line's 未读懂的公告 says where a director finds each
    post — its 楼 in its thread, else its link (whole: a space after it), the pid only when
    neither is known."""
    from datetime import UTC, datetime
    from types import SimpleNamespace

    from auditor.game.state import Unread, state_problems

    t = datetime(2026, 11, 22, 9, tzinfo=UTC)
    unread = [
        Unread(101, 7, 12, t, "黄瓜 没熬过去", "提到玩家 黄瓜", "d1"),
        Unread(102, 7, None, t, "昨夜一切如常", "写了「昨夜」", "d2"),
    ]
    disc = SimpleNamespace(problems=[], unread=unread, no_result=[])
    url = SimpleNamespace(url="https://bbs.example/")
    line = state_problems(SimpleNamespace(discovery=disc, forum=url, days=[]), t, [])[-1]  # type: ignore[arg-type]
    assert "（帖子 7 的 12 楼、https://bbs.example/" in line
    assert "pid=102 ）" in line and "pid 101" not in line and "pid 102" not in line
    bare = SimpleNamespace(discovery=disc, forum=SimpleNamespace(url=None), days=[])
    line = state_problems(bare, t, [])[-1]  # type: ignore[arg-type]
    assert "（帖子 7 的 12 楼、pid 102）" in line
