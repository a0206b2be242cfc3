"""版杀7 days read from their 环节 (issue 34, the kind discovery_fh44k's first-hour game showed):
seed 002 4.1.2 — each 环节 (试探性投票, 可疑者辩论投票, 高票对决投票) runs 0:00–24:00 in its own
vote thread; a day whose opening post states its first 环节's hours alone (D1-1 今天0点开，24点截)
runs through all of them and closes with its last.  A 环节's close moved in the director's words:
a 延时 (D1-2 延时…截到明天凌晨3点, past midnight) and a 加速 he grants to the players who asked for
it (要求加速，那就同意。D1-2 今晚19点截).  And a piping told with no end lasts the day it was
told for (the writer games' and the directors' convention), and a substitute said to start with
the next day (明天起替补) takes over at its opening.  A game written for this test with
its own cast (a bakery), with its negative twins: a request refused, a grant asked as a
question, a count of who agreed."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from auditor.game.announce import Announced
from auditor.game.discover import _granted, _piped_event, _substitute_from
from auditor.game.gamefile import DaySpec, EventType
from auditor.pipeline import open_game
from tests.game.test_discover_autonomy import audit, setup
from tests.game.test_discover_rulesets import PLAYERS, Game, at


def _bakery(change: str | None) -> Game:
    g = Game("killbar7", "版杀7", "师傅")
    process = [g.post("师傅", at(11, 19, 20), "规则照版杀7，每个环节一个投票帖。")]
    if change is not None:
        process.append(g.post("师傅", at(11, 21, 13), change))
    g.thread("[版杀7] 面包房 进程帖", "process", None, process)
    g.thread(
        "[版杀7] 面包房 第一天讨论帖",
        "discussion",
        1,
        [g.post("师傅", at(11, 20, 0), "第一天开炉，讨论贯穿各个环节。D1-1 今天0点开，24点截。")],
    )
    for i, name in enumerate(("试探性投票", "可疑者辩论投票")):
        o = at(11, 20 + i, 0, 3)
        g.thread(
            f"[版杀7] 面包房 第一天 环节{'一二'[i]} {name}",
            "vote",
            1,
            [
                g.post("师傅", o, f"D1-{i + 1} {name}。今天0点开，24点截。"),
                *g.votes(o + timedelta(hours=1), {p: "芒果" for p in PLAYERS[:3]}),
            ],
        )
    return g


def _day1(tmp_path: Path, g: Game) -> tuple[DaySpec, list[tuple[int, str, str]]]:
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    day = next(d for d in open_game(minimal).days if d.number == 1)
    return day, [(p.number, f"{p.opens:%d %H:%M}", f"{p.closes:%d %H:%M}") for p in day.phases]


def test_a_day_runs_through_its_last_phase(tmp_path: Path) -> None:
    day, phases = _day1(tmp_path, _bakery(None))
    assert phases == [(1, "20 00:00", "20 23:59"), (2, "21 00:00", "21 23:59")]
    assert (day.closes, day.delayed, day.accelerated) == (at(11, 21, 23, 59, 59), False, False)


def test_a_phase_delayed_past_midnight(tmp_path: Path) -> None:
    day, phases = _day1(tmp_path, _bakery("今晚都要加班，D1-2 延时三小时，截到明天凌晨3点。"))
    assert phases[-1] == (2, "21 00:00", "22 03:00")
    assert (day.closes, day.delayed) == (at(11, 22, 3), True)


def test_a_phase_sped_up_by_a_granted_request(tmp_path: Path) -> None:
    day, phases = _day1(tmp_path / "a", _bakery("过半的人要求加速，那就同意。D1-2 今晚19点截。"))
    assert phases[-1] == (2, "21 00:00", "21 19:00")
    assert (day.closes, day.accelerated) == (at(11, 21, 19), True)
    # negative twin: the request refused, the close said as it stands
    day, phases = _day1(tmp_path / "b", _bakery("有人要求加速，不同意。D1-2 照常24点截。"))
    assert phases[-1] == (2, "21 00:00", "21 23:59")
    assert not day.accelerated


def test_a_grant_is_the_directors_answer_to_a_request() -> None:
    assert _granted("船上一半人要求加速，同意。") == {"加速"}
    assert _granted("申请延时的够了，批准，明早8点截。") == {"延时"}
    # negative twins: a question, a count of who agreed, a refusal, a grant of nothing asked
    assert _granted("有人要求加速，同意吗？") == set()
    assert _granted("要求加速的人里，同意的只有三个。") == set()
    assert _granted("要求加速，不同意。") == set()
    assert _granted("同意，今晚照常。") == set()


def test_a_piping_with_no_end_lasts_the_day_it_was_told_for() -> None:
    d2 = DaySpec(2, at(11, 22, 10), at(11, 24, 22, 30), delayed=True)
    days = [DaySpec(1, at(11, 20, 10), at(11, 21, 22)), d2]
    ev = _piped_event(Announced(EventType.PIPED, "芒果"), days, d2.opens)
    assert (ev.at, ev.until) == (d2.opens, d2.closes)
    # a piping told in the night, no day yet to hold it: no end is made up
    ev = _piped_event(Announced(EventType.PIPED, "芒果"), days, at(11, 25, 1))
    assert ev.until is None


def test_a_substitute_from_the_next_day_takes_over_at_its_opening() -> None:
    days = [DaySpec(1, at(11, 20, 0), at(11, 21, 2)), DaySpec(2, at(11, 22, 0), at(11, 22, 20))]
    told = at(11, 21, 22)
    a = Announced(
        EventType.SUBSTITUTE, "芒果", value="杏仁", clause="芒果请假，明天起杏仁替补芒果。"
    )
    assert _substitute_from(a, told, days) == at(11, 22, 0)
    # negative twins: at once, and the next day only asked about
    a = Announced(EventType.SUBSTITUTE, "芒果", value="杏仁", clause="杏仁替补芒果，即时生效。")
    assert _substitute_from(a, told, days) == told
    a = Announced(EventType.SUBSTITUTE, "芒果", value="杏仁", clause="杏仁替补芒果，明天起吗？")
    assert _substitute_from(a, told, days) == told
