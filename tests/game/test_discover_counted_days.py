"""Days counted in a director's own words (issue 34, the kinds discovery_blind4 showed):
threads titled by the date only, the date mapped to a day by the process thread
(明天12月3日就是第一天) or by the threads' date order; a show's own verbs for the close
(收台, with an arrow to the new time); a 更正 that names the right player keeps the time of
the item it replaces.  A game written for this test with its own cast."""

from __future__ import annotations

from pathlib import Path

from auditor.game.gamefile import DaySpec, EventType
from auditor.pipeline import open_game
from tests.game.test_discover_autonomy import audit, setup
from tests.game.test_discover_rulesets import EVERYONE, Game, at


def _dated(anchor: str) -> Game:
    g = Game("m107", "M107", "掌柜")
    g.thread(
        "[M107] 茶馆·进程帖",
        "process",
        None,
        [g.post("掌柜", at(11, 19, 20), f"规则同 M107，每天早上九点开张，晚上十点打烊。{anchor}")],
    )
    for n, d in ((1, 20), (2, 22)):
        g.thread(
            f"[M107] 11月{d}日",
            "discussion",
            n,
            [
                g.post("掌柜", at(11, d, 9), "开张啦。"),
                *g.chatter(at(11, d, 9), at(11, d, 20), EVERYONE),
            ],
        )
    return g


def _days(tmp_path: Path, g: Game) -> dict[int, DaySpec]:
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    return {d.number: d for d in open_game(minimal).days}


def test_dates_are_days_in_their_order(tmp_path: Path) -> None:
    days = _days(tmp_path / "a", _dated("明天11月20日就是第一天。"))
    assert sorted(days) == [1, 2]
    assert days[2].opens.date() == at(11, 22, 9).date()
    # no anchor: the first date is day 1 all the same (the threads' order)
    days = _days(tmp_path / "b", _dated(""))
    assert sorted(days) == [1, 2]
    # the process thread says the first date is the second day (a day 1 with no thread)
    days = _days(tmp_path / "c", _dated("11月20日是第二天。"))
    assert sorted(days) == [2, 3]


def test_a_supposed_anchor_moves_nothing(tmp_path: Path) -> None:
    days = _days(tmp_path, _dated("如果人齐，11月20日就是第二天？"))
    assert sorted(days) == [1, 2]


def _radio(delay: str, fix: str) -> Game:
    g = Game("m107", "M107", "主播")
    g.thread("[M107] 电台·规则帖", "rules", None, [g.post("主播", at(11, 19, 20), "规则同 M107。")])
    g.thread(
        "[M107] 电台·节目单（进程帖）",
        "process",
        None,
        [
            g.post("主播", at(11, 19, 21), "第1期　11/20 10:00 开台 —— 11/21 22:00 收台"),
            g.post("主播", at(11, 21, 18), delay),
        ],
    )
    opening = g.post("主播", at(11, 20, 10), "第1期开台。\n10:00　开台\n明天 22:00　收台")
    g.thread(
        "[M107] 电台·第1期 讨论帖",
        "discussion",
        1,
        [opening, *g.chatter(at(11, 20, 10), at(11, 21, 17), EVERYONE)],
    )
    g.thread(
        "[M107] 电台·第2期 讨论帖",
        "discussion",
        2,
        [
            g.post("主播", at(11, 22, 10), "第2期开台。昨夜出局的是 黄瓜。"),
            g.post("主播", at(11, 22, 10, 20), fix),
            *g.chatter(at(11, 22, 10, 30), at(11, 22, 20), EVERYONE),
        ],
    )
    return g


def test_a_shows_close_moved_by_an_arrow_and_a_correction_keeps_the_time(
    tmp_path: Path,
) -> None:
    g = _radio("延时批准。\n收台　11/21 22:00 → 23:00", "更正：昨夜出局的是 番茄，不是 黄瓜。")
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    game = open_game(minimal)
    days = {d.number: d for d in game.days}
    assert (days[1].closes, days[1].delayed) == (at(11, 21, 23), True)
    out = [(e.player, e.at) for e in game.events if e.type is EventType.ELIMINATED]
    assert out == [("番茄", at(11, 22, 10))]  # the opening's time, not the 更正's


def test_a_question_about_the_close_moves_nothing(tmp_path: Path) -> None:
    g = _radio("收台是不是 22:00 → 23:00？", "昨夜出局的是 黄瓜，大家节哀。")
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    game = open_game(minimal)
    days = {d.number: d for d in game.days}
    assert (days[1].closes, days[1].delayed) == (at(11, 21, 22), False)
