"""Session 45 (issue 34), discovery's events and times: a sheriff timed by his post unless
it is a vote's result; a 版杀7 night's deaths at the night's end (5 时间分配: 【环节四】夜晚
0:00--20:00); a delay told as had (已经延过); 才…关的 that reassures; a venue's hours; the
death words with an adverb before them, said as done, or in a theme's motion away.
Sentences written for these tests (none from a test set)."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from auditor.game.announce import Patterns
from auditor.game.discover import _night_end
from auditor.game.gamefile import DaySpec, EventType, PhaseSpec
from auditor.game.when import find_points

TZ = ZoneInfo("Asia/Shanghai")
PLAYERS = ["黄瓜", "冬瓜", "番茄", "芒果", "苦瓜", "杜鹃"]


def _t(d: int, h: int, m: int = 0) -> datetime:
    return datetime(2026, 12, d, h, m, tzinfo=TZ)


def _killbar_day(n: int, opens: datetime, closes: datetime) -> DaySpec:
    return DaySpec(n, opens, closes, phases=(PhaseSpec(1, "试探性投票", opens, closes, 700 + n),))


def test_a_killbar_night_ends_at_20_00_after_the_day_s_last_close() -> None:
    """A day delayed to 02:00 has its night to 20:00 that day; one sped up to 20:00, the
    next day's 20:00; a day to 23:59:59, the next day's; a post before 20:00 keeps its time."""
    delayed = [_killbar_day(1, _t(2, 0), _t(4, 2))]
    assert _night_end(delayed, _t(4, 20, 5)) == _t(4, 20)
    sped = [_killbar_day(2, _t(5, 0), _t(5, 20))]
    assert _night_end(sped, _t(6, 20, 7)) == _t(6, 20)
    assert _night_end(sped, _t(5, 20, 30)) is None  # the night of 12-06 has not ended
    whole = [_killbar_day(1, _t(2, 0), _t(2, 23, 59) + timedelta(seconds=59))]
    assert _night_end(whole, _t(3, 21)) == _t(3, 20)
    # a game with no 环节 has its deaths at its day's opening, not here
    assert _night_end([DaySpec(1, _t(2, 9), _t(2, 21))], _t(3, 20, 5)) is None


def _delays(text: str, posted: datetime) -> list[tuple[str, str | None, bool]]:
    return [
        (p.at.strftime("%H:%M"), p.role, p.delay)
        for p in find_points(text, posted, TZ)
        if not p.wrong
    ]


def test_a_delay_told_as_had_makes_its_close_the_delayed_one() -> None:
    got = _delays("今天已经延过一次了，不会再延时了，22:00准时关门。", _t(3, 21, 10))
    assert got == [("22:00", "closes", True)]


def test_cai_that_reassures_tells_the_close_as_planned() -> None:
    got = _delays("今天晚上九点才关的门，大家别急。", _t(3, 20, 5))
    assert got == [("21:00", "closes", False)]
    # (told as done with no reassurance, it stays a delay)
    assert _delays("今天晚上十点半才关的门，延了一个半小时。", _t(3, 22, 40))[0][2]


@pytest.mark.parametrize(
    "text", ["活动室 20:00 散场，大家注意。", "今天图书馆十点闭馆，自己安排。", "宿舍 23:00 熄灯"]
)
def test_a_venue_s_hours_are_no_close_of_the_game(text: str) -> None:
    assert all(role is None for _, role, _ in _delays(text, _t(3, 12)))


def test_the_game_s_close_beside_a_venue_s_is_read() -> None:
    got = _delays("活动室 20:00 散场，讨论帖照常 21:30 关。", _t(3, 12))
    assert ("21:30", "closes", False) in got and ("20:00", None, False) in got


def _read(text: str) -> list[tuple[str, str]]:
    return [(str(a.type), a.player) for a in Patterns(PLAYERS, piped_words=("喵",)).find(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an adverb of togetherness between the names and the death word
        ("狼人双刀！黄瓜、冬瓜 同时倒地！", [("eliminated", "黄瓜"), ("eliminated", "冬瓜")]),
        ("黄瓜和冬瓜相继倒下了。", [("eliminated", "黄瓜"), ("eliminated", "冬瓜")]),
        # 噶了 (a variant of 嘎了) of its subject; the name after the emoji opens the next clause
        ("昨晚黄瓜噶了😭 冬瓜被吹笛了", [("eliminated", "黄瓜"), ("piped", "冬瓜")]),
        ("昨晚黄瓜死了 冬瓜被吹笛了", [("eliminated", "黄瓜"), ("piped", "冬瓜")]),
        # (and a death with no subject still takes the name after it)
        ("昨晚死了 黄瓜", [("eliminated", "黄瓜")]),
        # a theme's motion away under the night's header
        ("昨夜驶离：芒果。", [("eliminated", "芒果")]),
        ("警长苦瓜夜里遭害。", [("eliminated", "苦瓜")]),
    ],
)
def test_death_words(text: str, expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected


def test_a_clause_that_told_of_its_player_is_the_next_clause_s_subject() -> None:
    """X 为猎人，开枪，Y 中枪，同样不治身亡: the second death is Y's, not X's."""
    got = Patterns(PLAYERS).find("昨夜黄瓜遇害。黄瓜 为猎人，临走前开枪，冬瓜 中枪，同样不治身亡。")
    assert [(a.player, a.cause) for a in got if a.type is EventType.ELIMINATED] == [
        ("黄瓜", "night"),
        ("冬瓜", "hunter"),
    ]


def _with_words(text: str) -> list[tuple[str, str, str | None]]:
    return [
        (str(a.type), a.player, a.value)
        for a in Patterns([*PLAYERS, "杏仁"], piped_words=("喵",)).find(text)
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the verb's first character is no newcomer: the structure names the roster player
        (
            "【人事变动】黄瓜 因工作原因退出，杏仁 顶班，接替 黄瓜。",
            [("substitute", "黄瓜", "杏仁")],
        ),
        # the names that open the clause, a few words before 只能 + the piped's word
        ("冬瓜 今天起上车只能喵喵叫。", [("piped", "冬瓜", None)]),
        ("冬瓜、番茄 明天开始只能喵喵。", [("piped", "冬瓜", None), ("piped", "番茄", None)]),
        ("冬瓜 如果明天只能喵喵怎么办", []),
        # the badge handed with 交与 (文言 / 繁體 交與)
        (
            "警長芒果夜裡遭害，臨終將警徽交與苦瓜。",
            [("eliminated", "芒果", None), ("sheriff", "苦瓜", None)],
        ),
    ],
)
def test_substitute_piped_and_badge_slots(
    text: str, expected: list[tuple[str, str, str | None]]
) -> None:
    assert _with_words(text) == expected
