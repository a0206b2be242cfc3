"""版杀7 环节 named in the director's own words (issue 34, the kind discovery_blind7's market
game showed): a day's threads titled by the day and a name of their own (第一日·晨练,
第一日·午休, 第一日·晚训) are its 环节 (5 时间分配: each a vote round, one thread each), in the
order the threads were opened; a day closed on the spot (过半——15:20 当场散场，X 出局) closes
then.  A game written for this test with its own cast (a gym coach), with its negative twins:
a title naming its day alone, a rule stated in general, a close told with its outcome."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from auditor.game.titles import classify
from auditor.pipeline import open_game
from tests.game.test_discover_autonomy import audit, setup
from tests.game.test_discover_rulesets import PLAYERS, Game, at


def test_a_killbar_title_naming_its_day_and_a_name_is_a_vote_round() -> None:
    info = classify("[版杀7] 健身房 第二日·午休", "killbar7", "版杀7")
    assert (info.kind.value if info.kind else None, info.day, info.phase) == ("vote", 2, None)
    # negative twins: its day alone, a bracket alone, another rule set's title
    assert classify("[版杀7] 第二日", "killbar7", "版杀7").kind.value == "discussion"  # type: ignore[union-attr]
    assert classify("[版杀7] 第二日（加速）", "killbar7", "版杀7").kind.value == "discussion"  # type: ignore[union-attr]
    assert classify("[M107] 第二日·午休", "m107", "M107").kind.value == "discussion"  # type: ignore[union-attr]


def _gym(close: str) -> Game:
    g = Game("killbar7", "版杀7", "教练")
    g.thread(
        "[版杀7] 健身房·前台（进程）",
        "process",
        None,
        [
            g.post("教练", at(11, 19, 20), "规则照版杀7，过半就当场散场。"),
            g.post("教练", at(11, 21, 15, 30), close),
        ],
    )
    for i, name in enumerate(("晨练", "午休")):
        o = at(11, 20 + i, 0)
        g.thread(
            f"[版杀7] 健身房 第一日·{name}",
            "vote",
            1,
            [
                g.post(
                    "教练",
                    o,
                    f"第一日{name}开始。\n开始：11月{20 + i}日 0:00\n结束：11月{20 + i}日 24:00",
                ),
                *g.votes(o + timedelta(hours=1), {p: "芒果" for p in PLAYERS[:3]}),
            ],
        )
    return g


def _days(tmp_path: Path, g: Game) -> dict[int, list[tuple[int, str, str]]]:
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    return {
        d.number: [(ph.number, f"{ph.opens:%d %H:%M}", f"{ph.closes:%d %H:%M}") for ph in d.phases]
        for d in open_game(minimal).days
    }


def test_named_rounds_in_their_order_and_a_close_on_the_spot(tmp_path: Path) -> None:
    days = _days(tmp_path / "a", _gym("过半——第一日午休 15:20 当场散场，芒果 出局。"))
    assert days[1] == [(1, "20 00:00", "20 23:59"), (2, "21 00:00", "21 15:20")]
    # negative twin: a close told with its outcome at the planned hour moves nothing
    days = _days(tmp_path / "b", _gym("第一日午休 15:20 已有人过半。"))
    assert days[1][-1] == (2, "21 00:00", "21 23:59")
