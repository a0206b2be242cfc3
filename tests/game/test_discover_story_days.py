"""Days told as a story (issue 34, the kinds discovery_blind2 showed): threads titled by
chapter (第一章 讨论帖), the standing hours said in prose in the process thread before the
game starts, a close said as a deadline (在那之前), and a later close set against the old
one (不在九点半，而是十点半) — with their twins that move nothing.  A game written for this
test with its own cast, through the page writer and discovery."""

from __future__ import annotations

from pathlib import Path

from auditor.game.gamefile import DaySpec
from auditor.pipeline import open_game
from tests.game.test_discover_autonomy import audit, setup
from tests.game.test_discover_rulesets import EVERYONE, Game, at


def _story(*, contrast: str, late_hours: bool = False) -> Game:
    g = Game("m107", "M107", "说书人")
    g.thread(
        "[M107] 灯塔纪事 · 序章与规则",
        "rules",
        None,
        [g.post("说书人", at(11, 19, 20), "规则同 M107。")],
    )
    hours = "此后每一章：早上八点开门，晚上十点灯塔熄灯收场。"
    process = [
        g.post("说书人", at(11, 19, 21), "第一章：明天上午九点开始，直到11月21日晚上十点为止。")
    ]
    if not late_hours:
        process[0]["message"] = str(process[0]["message"]) + "\n" + hours
    else:  # the same words after the game started: a day's talk, no standing hours
        process.append(g.post("说书人", at(11, 20, 12), hours))
    process.append(g.post("说书人", at(11, 22, 18), contrast))
    g.thread("[M107] 灯塔纪事 · 进程帖（航海日志）", "process", None, process)
    chapters = {
        1: (at(11, 20, 9), "【第一章】浓雾散去。今天的话，说到明天晚上十点为止。"),
        2: (at(11, 22, 8), "【第二章】又是一天。今晚十点，灯塔会熄灯，在那之前，选出要离开的人。"),
        3: (at(11, 23, 8), "【第三章】海面平静。灯塔照旧。"),
    }
    for n, (opens, text) in chapters.items():
        word = "一二三"[n - 1]
        g.thread(
            f"[M107] 灯塔纪事 · 第{word}章 讨论帖",
            "discussion",
            n,
            [g.post("说书人", opens, text), *g.chatter(opens, opens.replace(hour=20), EVERYONE)],
        )
    return g


def _days(tmp_path: Path, g: Game) -> dict[int, DaySpec]:
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    return {d.number: d for d in open_game(minimal).days}


def test_chapters_prose_hours_and_a_close_set_against_the_old(tmp_path: Path) -> None:
    days = _days(
        tmp_path,
        _story(contrast="风暴来了。今晚的灯，不在十点熄，而是十一点才熄，都到十一点才结束。"),
    )
    assert (days[1].opens, days[1].closes) == (at(11, 20, 9), at(11, 21, 22))
    assert (days[2].closes, days[2].delayed) == (at(11, 22, 23), True)
    # day 3 says no hour: the standing hours the process thread stated before the game
    assert days[3].closes == at(11, 23, 22)


def test_a_close_restated_or_hours_said_once_the_game_runs_move_nothing(tmp_path: Path) -> None:
    days = _days(tmp_path, _story(contrast="提醒一下，今晚十点灯塔熄灯。", late_hours=True))
    assert (days[2].closes, days[2].delayed) == (at(11, 22, 22), False)
    assert 3 not in days  # no standing hours before the game: day 3 waits for its close


def _halves(gap_minutes: int) -> Game:
    g = Game("m107", "M107", "说书人")
    g.thread("[M107] 规则帖", "rules", None, [g.post("说书人", at(11, 19, 20), "规则同 M107。")])
    opens, closes = at(11, 20, 9), at(11, 21, 22)
    g.thread(
        "[M107] D1讨论",
        "discussion",
        1,
        [g.post("说书人", opens, "D1开 明晚22点关"), *g.chatter(opens, at(11, 21, 20), EVERYONE)],
    )
    second = closes.replace(minute=5 + gap_minutes)
    g.thread(
        "[M107] D1投票(警长)",
        "vote",
        1,
        [
            g.post("说书人", opens, "警长票 明晚10点截"),
            *g.votes(at(11, 21, 9), {"冬瓜": "黄瓜", "番茄": "黄瓜", "芒果": "黄瓜"}),
            g.post("说书人", closes.replace(minute=4), "D1结束 警长是"),
            g.post("说书人", second, "黄瓜 3票"),
        ],
    )
    return g


def test_a_post_cut_at_its_copula_is_read_with_the_next(tmp_path: Path) -> None:
    """A phone's two halves (警长是 / 黄瓜 3票) a minute apart are one announcement; an hour
    apart they are two posts, neither read (each listed, never silent)."""
    minimal = setup(tmp_path / "a", _halves(1))
    audit(minimal, tmp_path / "a" / "r")
    g = open_game(minimal)
    assert [(e.player, e.how) for e in g.events] == [("黄瓜", "elected")]
    assert not [u for u in g.discovery.unread if "黄瓜" in u.text]  # type: ignore[union-attr]
    minimal = setup(tmp_path / "b", _halves(50))
    audit(minimal, tmp_path / "b" / "r")
    g = open_game(minimal)
    assert g.events == ()
    assert [u for u in g.discovery.unread if "黄瓜" in u.text]  # type: ignore[union-attr]
