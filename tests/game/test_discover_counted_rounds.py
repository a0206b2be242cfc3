"""Days counted by 轮 / 场 when the whole game counts by it, and the kinds discovery_blind5
showed (issue 34): a range whose opening carries its verb before the dash (开球 —— 终场哨), a
match's own verbs, every post that moved a close read, a 更正 that denies the elimination it
corrects, and a substitute's account told by 接手 X 的账号 / 用本人账号.  Games and
sentences written for this test with their own cast."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest

from auditor.game.announce import Patterns
from auditor.game.discover import Sourced, _day_unit_patterns, _taken_back, as_days
from auditor.game.gamefile import DaySpec, Event, EventType
from auditor.game.gamefile import Game as GameFile
from auditor.game.titles import title_count
from auditor.game.when import find_points, find_ranges
from auditor.pipeline import open_game
from tests.game.test_discover_autonomy import audit, game_json, setup
from tests.game.test_discover_rulesets import EVERYONE, PLAYERS, Game, at

TZ = timezone(timedelta(hours=8))


@pytest.mark.parametrize(
    ("title", "count"),
    [
        ("[M107] 球场·第2轮 讨论帖", ("轮", 2)),
        ("[M107] 赛区 第三场 投票帖", ("场", 3)),
        ("[M107] 第二轮投票（PK）", None),  # a runoff: a vote inside a day
        ("[M107] 第2天 第3轮 投票", None),  # the day is named: 轮 is its round
        ("[M107] 第1轮 第2轮 合并讨论", None),  # two counts: no one day
    ],
)
def test_a_titles_count_by_round_or_sitting(title: str, count: tuple[str, int] | None) -> None:
    assert title_count(title, "M107") == count


def _league(process: str, numbers: tuple[int, ...] = (1, 2), word: str = "轮") -> Game:
    g = Game("m107", "M107", "解说")
    g.thread(
        "[M107] 联赛·赛程（进程帖）", "process", None, [g.post("解说", at(11, 19, 20), process)]
    )
    for n in numbers:
        d = 19 + 2 * n - 1 if n == 1 else 20 + n
        opening = g.post("解说", at(11, d, 10), f"第{n}{word} 开赛！")
        g.thread(
            f"[M107] 联赛·第{n}{word} 讨论帖",
            "discussion",
            n,
            [opening, *g.chatter(at(11, d, 10, 5), at(11, d, 20), EVERYONE)],
        )
        g.thread(
            f"[M107] 联赛·第{n}{word} 投票帖",
            "vote",
            n,
            [g.post("解说", at(11, d, 10, 1), "投票开始。")],
        )
    return g


def _days(tmp_path: Path, g: Game) -> dict[int, DaySpec]:
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    return {d.number: d for d in open_game(minimal).days}


def _thread_days(tmp_path: Path, g: Game) -> list[int | None]:
    """The days discovery gave the game's threads (the rounds' threads, the process's None)."""
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    return sorted(
        (it["value"]["day"] for it in game_json(minimal)["items"] if it["kind"] == "thread"),
        key=lambda d: d or 0,
    )


_SCHEDULE = "第1轮：11月20日 10:00 开赛 —— 11月21日 22:00 完场\n第2轮起每天 10:00 开赛，22:00 完场，一天一轮。"


def test_a_game_that_counts_every_thread_by_rounds_counts_its_days_by_them(
    tmp_path: Path,
) -> None:
    days = _days(tmp_path, _league(_SCHEDULE))
    assert sorted(days) == [1, 2]
    assert (days[1].opens, days[1].closes) == (at(11, 20, 10), at(11, 21, 22))
    assert (days[2].opens, days[2].closes) == (at(11, 22, 10), at(11, 22, 22))


@pytest.mark.parametrize(
    "process",
    [
        "规则同 M107，欢迎观赛。",  # nothing makes 轮 the day
        "一天一轮吗？还没定。",  # asked
        "如果人少，就一天一轮。",  # supposed
    ],
)
def test_rounds_the_game_does_not_make_its_days_are_asked(tmp_path: Path, process: str) -> None:
    assert _days(tmp_path, _league(process)) == {}


@pytest.mark.parametrize(
    "process",
    [
        "本届联赛一天一轮，欢迎观赛。",
        "赛制：每天一轮，输的队伍回家。",
        "说明：每轮为一天，按帖子开关为准。",
        "一轮就是一天，别的照 M107。",
    ],
)
def test_the_sentence_alone_makes_rounds_the_days(tmp_path: Path, process: str) -> None:
    # no schedule line names a round's opening and close: the sentence says it, either way round
    assert _thread_days(tmp_path, _league(process)) == [None, 1, 1, 2, 2]


def test_a_sentence_makes_sittings_the_days(tmp_path: Path) -> None:
    assert _thread_days(tmp_path, _league("每天一场，场场精彩。", word="场")) == [None, 1, 1, 2, 2]


@pytest.mark.parametrize(
    "process",
    [
        "第一轮天亮了，第二轮见。",  # an ordinal's 一, no day unit
        "每天两轮投票，轮次不限。",  # two rounds a day
    ],
)
def test_words_near_the_sentence_make_no_day_unit(tmp_path: Path, process: str) -> None:
    assert _thread_days(tmp_path, _league(process)) == [None]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("第3轮 22:00 关门。", "第3天 22:00 关门。"),
        # a runoff's clause keeps its round: a vote inside the day, as a title's count
        ("第二轮投票（PK）开始，第3轮 22:00 关门。", "第二轮投票（PK）开始，第3天 22:00 关门。"),
        ("平票，进入第二轮加赛。", "平票，进入第二轮加赛。"),
    ],
)
def test_the_counter_word_said_as_days_but_a_runoffs(text: str, said: str) -> None:
    assert as_days(text, "轮") == said


def test_events_read_the_rounds_as_the_days_read_them(tmp_path: Path) -> None:
    # a result posted on round 2 names round 1: it is round 1's, at its close
    g = _league(_SCHEDULE)
    process = g.threads[0]["post"]
    assert isinstance(process, list)
    process.append({**g.post("解说", at(11, 22, 11), "第1轮投票结果：番茄 出局。"), "pid": 30001})
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    (out,) = [e for e in open_game(minimal).events if e.type is EventType.ELIMINATED]
    assert (out.player, out.at) == ("番茄", at(11, 21, 22))


def test_a_words_patterns_are_made_once() -> None:
    assert _day_unit_patterns("轮") is _day_unit_patterns("轮")
    assert _day_unit_patterns("场") is not _day_unit_patterns("轮")


def test_rounds_that_do_not_run_one_by_one_are_no_days(tmp_path: Path) -> None:
    assert _days(tmp_path, _league(_SCHEDULE, numbers=(1, 3))) == {}


def test_a_range_with_each_ends_verb_and_a_matchs_verbs() -> None:
    posted = datetime(2026, 11, 19, 20, 0, tzinfo=TZ)
    (r,) = find_ranges("第4天：11月26日 09:30 开台 —— 11月27日 21:00 收台", posted, TZ)
    assert (r.day, r.opens, r.closes) == (4, at(11, 26, 9, 30), at(11, 27, 21))
    points = find_points("开球 09:30，终场哨 21:00。", posted, TZ)
    assert [(p.role, p.at.hour) for p in points] == [("opens", 9), ("closes", 21)]
    # a verb in the middle of something else's window is no range of the day
    assert find_ranges("19:00 开始写遗言，等到 21:00 再说", posted, TZ) == []


def _cup(moves: list[str]) -> Game:
    g = Game("m107", "M107", "解说")
    posts = [g.post("解说", at(11, 19, 20), "规则同 M107。")]
    posts += [g.post("解说", at(11, 20, 17 + i), m) for i, m in enumerate(moves)]
    g.thread("[M107] 进程帖", "process", None, posts)
    opening = g.post("解说", at(11, 20, 9), "第一天开始，今晚 21:00 关帖。")
    g.thread(
        "[M107] 第一天讨论帖",
        "discussion",
        1,
        [opening, *g.chatter(at(11, 20, 9, 5), at(11, 20, 16), EVERYONE)],
    )
    return g


def test_every_post_that_moved_a_close_is_read(tmp_path: Path) -> None:
    g = _cup(["第一天延时：关帖从 21:00 推迟到 22:00。", "再延时！第一天关帖推迟到 22:30。"])
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    data = game_json(minimal)
    days = {it["value"]["number"]: it for it in data["items"] if it["kind"] == "day"}
    assert days[1]["value"]["closes"] == "2026-11-20T22:30:00+08:00"
    unread = [u["text"] for u in data["unread"]]
    assert not any("推迟" in u for u in unread), unread


def _said(text: str) -> list[tuple[EventType, str, str | None]]:
    found, _unplaced = Patterns([*PLAYERS, "小葱"]).read(text)
    return [(a.type, a.player, a.account) for a in found]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("替补 小葱 接手 冬瓜 的账号，从今天起由 小葱 来打。", None),  # on 冬瓜's account
        ("候补 小葱 即日起用本人账号接替 冬瓜。", "小葱"),  # on the newcomer's own
    ],
)
def test_a_substitutes_account_by_its_verb(text: str, value: str | None) -> None:
    assert _said(text) == [(EventType.SUBSTITUTE, "冬瓜", value)]


def _match(fix: str) -> Game:
    g = Game("m107", "M107", "裁判")
    g.thread(
        "[M107] 进程帖",
        "process",
        None,
        [
            g.post("裁判", at(11, 19, 20), "规则同 M107。"),
            g.post("裁判", at(11, 21, 22, 5), "第二天结果：番茄 5 票，番茄 出局。"),
            g.post("裁判", at(11, 21, 22, 20), fix),
        ],
    )
    for n, d in ((1, 20), (2, 21)):
        opening = g.post("裁判", at(11, d, 9), f"第{'一二'[n - 1]}天开始，今晚 21:00 关帖。")
        g.thread(
            f"[M107] 第{'一二'[n - 1]}天讨论帖",
            "discussion",
            n,
            [opening, *g.chatter(at(11, d, 9, 5), at(11, d, 20), EVERYONE)],
        )
    return g


@pytest.mark.parametrize(
    ("fix", "out"),
    [
        ("【更正】漏算一票：番茄 4 票，芒果 4 票，平票，番茄 没有出局。", False),
        ("番茄 没有出局吗？有人问，更正稍后。", True),  # a question takes nothing back
        ("番茄 没有出局前投的票都有效。", True),  # no correction: a rule in general
        # the manner denied, not the death
        ("【更正】番茄 没有被投出（而是被处决）。", True),
        ("【更正】番茄 没有死，而是被放逐。", True),
        ("【更正】经核实番茄没有出局，而是进入 PK。", False),
    ],
)
def test_a_correction_that_denies_an_elimination_takes_it_back(
    tmp_path: Path, fix: str, out: bool
) -> None:
    minimal = setup(tmp_path, _match(fix))
    audit(minimal, tmp_path / "r")
    game = open_game(minimal)
    gone = [e.player for e in game.events if e.type is EventType.ELIMINATED]
    assert ("番茄" in gone) is out, gone


def _denied(players: list[str], text: str) -> list[str]:
    """The players whose elimination ``text`` takes back, every player out before it."""
    found = [
        Sourced(Event(EventType.ELIMINATED, p, at(11, 21, 22), "vote"), "pid 1", 1) for p in players
    ]
    game = cast("GameFile", SimpleNamespace(players=players))
    return [s.item.player for s in _taken_back(game, text, found) if isinstance(s.item, Event)]


@pytest.mark.parametrize(
    ("players", "text", "denied"),
    [
        (["明", "小明"], "更正：小明没有出局。", ["小明"]),  # the longest name, not 明 in it
        (["明"], "更正：小明没有出局。", []),  # 小明 is no player: nothing of 明's
        (["明"], "更正：玩家明没有出局。", ["明"]),  # a word that leads a name
        (["明", "亮"], "更正：明没有出局，亮也没有出局。", ["明", "亮"]),
    ],
)
def test_a_denial_names_a_player_on_its_own(
    players: list[str], text: str, denied: list[str]
) -> None:
    assert _denied(players, text) == denied
