"""Days and closes by their structure (issue 34 Build 1, session 51): the causes the whole games
of discovery_blind15/16 and the directors' games of session 49 showed, each as a game written for
this test with its own cast (a tea house) beside its negative twin.

- 版杀7: a 环节 never closes before its own vote thread's first post (seed 002 5 时间分配: each
  环节 runs 0:00–24:00 of its date) — an opening post stating yesterday's date (时间：4月7日
  0:00 — 24:00, posted 4月8日 0:00) is a miswritten date, and the post's own date stands;
- 版杀7: a 环节 told in its title's aside (第二日 · 头一折（环节一 试探性投票）) is 环节N, as
  环节一（试探投票） is — the aside names no 环节;
- 版杀7: a night named in English ([night1] 杀人贴 & 遗言), as a day is ([day1]), is the night's
  thread, the next day's first 环节 (seed 002 4.2, 6.2 (6)) — not a 遗言 thread.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from auditor.game.discover import _phase_name
from auditor.game.gamefile import DaySpec, ThreadKind
from auditor.game.titles import classify
from auditor.pipeline import open_game
from tests.game.test_discover_autonomy import audit, setup
from tests.game.test_discover_rulesets import PLAYERS, Game, at


def _teahouse(stated: str) -> Game:
    """Day 1's only 环节 opens at 11-20 0:00 with ``stated`` as its hours, its ballots after."""
    g = Game("killbar7", "版杀7", "掌柜")
    g.thread(
        "[版杀7] 茶馆 进程帖",
        "process",
        None,
        [g.post("掌柜", at(11, 19, 20), "规则照版杀7，每个环节一个投票帖。")],
    )
    o = at(11, 20, 0)
    g.thread(
        "[版杀7] 茶馆 第一日 · 头一折（环节一 试探性投票）",
        "vote",
        1,
        [
            g.post("掌柜", o, f"【第一日 · 头一折】\n{stated}\n过两成的进第二折。"),
            *g.votes(o + timedelta(hours=1), {p: "芒果" for p in PLAYERS[:3]}),
        ],
    )
    return g


def _day1(tmp_path: Path, g: Game) -> DaySpec:
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    return next(d for d in open_game(minimal).days if d.number == 1)


def test_a_phase_never_closes_before_its_own_opening_post(tmp_path: Path) -> None:
    day = _day1(tmp_path, _teahouse("时间：11月19日 0:00 — 24:00"))
    (phase,) = day.phases
    assert (phase.opens, phase.closes) == (at(11, 20, 0), at(11, 20, 23, 59, 59))
    assert (day.opens, day.closes) == (at(11, 20, 0), at(11, 20, 23, 59, 59))


def test_a_phase_stated_ahead_of_its_date_stands(tmp_path: Path) -> None:
    # negative twin: the hours of the post's own date (and a later close) are the 环节's
    day = _day1(tmp_path / "a", _teahouse("时间：11月20日 0:00 — 24:00"))
    assert (day.phases[0].opens, day.phases[0].closes) == (at(11, 20, 0), at(11, 20, 23, 59, 59))
    day = _day1(tmp_path / "b", _teahouse("时间：11月20日 0:00 — 11月21日 12:00"))
    assert day.phases[0].closes == at(11, 21, 12)


def test_a_phase_told_in_the_titles_aside_is_its_number() -> None:
    assert _phase_name("【版杀7】第一日 · 头一折（环节一 试探性投票）", 1) == "环节1"
    assert _phase_name("[版杀7] 第1日 环节二（可疑者辩论投票）", 2) == "环节2"
    # negative twins: the name the title gives the 环节 itself
    assert _phase_name("[版杀7] 第一天 环节一 试探性投票", 1) == "试探性投票"
    assert _phase_name("[版杀7][day1] 环节二 · 可疑者辩论投票", 2) == "可疑者辩论投票"


def test_a_night_in_english_is_the_next_days_thread() -> None:
    info = classify("[版杀7][night1] 杀人贴 & 遗言", "killbar7", "版杀7")
    assert (info.kind, info.day) == (ThreadKind.DISCUSSION, 2)
    info = classify("[版杀7] Night 2 · 夜谈", "killbar7", "版杀7")
    assert (info.kind, info.day) == (ThreadKind.DISCUSSION, 3)
    # negative twins: a 遗言帖 of its own, a word that holds night, another rule set's night
    assert classify("[版杀7][night1] 遗言帖", "killbar7", "版杀7").kind is ThreadKind.LASTWORDS
    assert classify("[版杀7] knight2 讨论", "killbar7", "版杀7").day is None
    assert classify("[M107][night1] 遗言", "m107", "M107").kind is ThreadKind.LASTWORDS
