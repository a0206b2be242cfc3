"""desk49 items 1b, 1c, 3 and 4 without a browser (the browser's: test_desk_fh49_browser.py),
on 大刘's game (tests/games/discovery_fh49b/btship_tianjin, 版杀7): the eliminations one post
gave several of are answered one by one; a substitute told at night starts with the next day;
the 「没有找到环节」 problem says the day's vote threads and the desk's day form; one day form
gives a day all its 环节 (confirm.PHASE_COUNT), each with its own vote thread."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from auditor.desk.actions import _several_out, _start_day
from auditor.desk.app import desk_problem, short_links
from auditor.game import confirm
from auditor.game.confirm import Proposal
from auditor.game.gamefile import Event, EventType, load_game
from tests import paths

BTSHIP = paths.TESTS / "games" / "discovery_fh49b" / "btship_tianjin" / "game.toml"


def _at(text: str) -> datetime:
    return datetime.fromisoformat(text + "+08:00")


def _out(player: str, pid: int, how: str = "vote") -> Proposal:
    e = Event(EventType.ELIMINATED, player, _at("2026-12-05T00:00"), how=how)
    return Proposal("event", e, f"pid {pid}", pid=pid)


def test_the_eliminations_of_a_list_of_the_living_are_one_by_one() -> None:
    listed = [_out(p, 5105) for p in ("煎饼果子", "耳朵眼", "锅巴菜")]
    alone = _out("崩豆张", 5103, "night")
    several = _several_out([*listed, alone])
    assert several == {p.id for p in listed}


def test_a_substitute_told_at_night_starts_with_the_next_day() -> None:
    game = load_game(BTSHIP)
    sub = Event(EventType.SUBSTITUTE, "果仁张", _at("2026-12-04T21:30"), value="熟梨糕")
    assert _start_day(Proposal("event", sub, "pid 5104", pid=5104), game.days) == 2
    by_day = replace(sub, at=_at("2026-12-05T10:00"))
    assert _start_day(Proposal("event", by_day, "pid 1", pid=1), game.days) == 2


def test_a_phaseless_day_says_its_vote_threads_and_the_days_form() -> None:
    said = (
        "第1天没有找到环节（版杀7 每天分环节投票）：投票帖只有一个，开帖和规则帖也没有写各环节的时间，"
        "现在按整天计算。请在游戏文件这一天下写 [[day.phase]]（number、opens、closes），"
        "或确认这一天只有一个环节"
    )
    desk = {"day_times": [{"number": 1, "votes": 3, "phases": 0}]}
    now = desk_problem(said, desk)
    assert "有 3 个投票帖" in now and "投票帖只有一个" not in now, now
    assert "游戏文件" not in now and "更正第1天" in now, now


def test_a_raw_link_is_shortened() -> None:
    text = "论坛公示（http://bbs.example/forum.php?mod=redirect&goto=findpost&pid=39064&ptid=3903）"
    assert short_links(text) == "论坛公示（（pid 39064））"


def test_one_day_form_gives_all_its_phases() -> None:
    game = load_game(BTSHIP)
    d1 = game.days[0]
    bare = replace(d1, phases=(), closes=_at("2026-12-01T23:30"))
    game = replace(game, days=(bare, *game.days[1:]))
    values = {"day": 1, "opens": d1.opens, "closes": d1.closes, "delayed": True}
    p = confirm.added("day", game, {**values, confirm.PHASE_COUNT: "3"})
    phases = p.item.phases  # type: ignore[union-attr]
    assert [(ph.number, ph.vote_thread) for ph in phases] == [(1, 711), (2, 712), (3, 713)]
    assert [ph.opens.day for ph in phases] == [1, 2, 3]
    assert phases[-1].closes == d1.closes
