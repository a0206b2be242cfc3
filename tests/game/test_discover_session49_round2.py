"""版杀7 环节 read from the vote threads' titles, session 49 round 2 (issue 34; the kind the
director's 天津话 game discovery_fh49b/btship_tianjin showed, written here in other words).

Seed 002 4.1.2: 采用1-3轮投票制…分别为试探性投票、可疑者辩论投票和高票对决投票, and 5 时间分配:
each 环节 is its own vote round.  A title that joins the day and the 环节 with a dash (Day1-2)
or names the round by the seed's own name carries both; the day closes with its last 环节, never
with the first's.  A director's own delay by an amount (延时一个钟头) moves the close his post
states, however far after the words; 夜里十二点半 is the small hours after that evening.  A day made
of its 环节 is sped up when its opening post says so beside its close.  The question asked of a
day with no 环节 says what its threads are, truly.  A garage's game written for this test."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest

from auditor.game.discover import _SPED_LINE, _granted, _phase_name
from auditor.game.gamefile import DaySpec
from auditor.game.titles import classify
from auditor.models import Post
from auditor.pipeline import open_game
from tests.game.test_discover_autonomy import audit, setup
from tests.game.test_discover_rulesets import PLAYERS, Game, at


@pytest.mark.parametrize(
    ("title", "day", "phase"),
    [
        ("[版杀7] 修车铺 Day1-2 可疑者辩论投票", 1, 2),
        ("[版杀7] 修车铺 d3－1 投票楼", 3, 1),
        ("[版杀7] 修车铺 第二日·3 对决", 2, 3),
        # the seed's own names, no number
        ("[版杀7] 修车铺 第四天 试探投票", 4, 1),
        ("[版杀7] 修车铺 第四天 高票对决投票楼", 4, 3),
        # a date after the day label is no 环节
        ("[版杀7] 修车铺 D1 12-01 讨论帖", 1, None),
    ],
)
def test_a_title_names_its_day_and_round(title: str, day: int, phase: int | None) -> None:
    info = classify(title, "killbar7", "版杀7")
    assert (info.day, info.phase) == (day, phase)


def test_a_round_named_by_a_runoff_word_alone_keeps_the_days_order() -> None:
    # 对决 alone is any runoff: numbered by the day's threads' order, not the seed's third
    assert classify("[版杀7] 修车铺 第一日·晚场（对决）", "killbar7", "版杀7").phase is None


def test_the_rounds_name_is_the_titles_words() -> None:
    assert _phase_name("Day2-3 高票对决投票帖", 3) == "高票对决投票"
    assert _phase_name("Day2-1：试探性投票楼", 1) == "试探性投票"


@pytest.mark.parametrize(
    ("text", "granted"),
    [
        ("车间还没收工，我做主延时一个钟头，大家夜里十二点半前投完。", {"延时"}),
        ("第二轮延长半小时，晚上十点半截。", {"延时"}),
        ("能不能延时一个小时？", set()),
        ("如果延时一小时，就到十一点。", set()),
        ("今天不延时一个小时了，照常。", set()),
    ],
)
def test_a_directors_own_delay_by_an_amount(text: str, granted: set[str]) -> None:
    assert _granted(text) == granted


def test_sped_up_said_before_its_close() -> None:
    assert _SPED_LINE.search("Day3-1 投票楼，今天加速，下午五点截。")
    assert not _SPED_LINE.search("有人申请加速，下午五点截？")
    assert not _SPED_LINE.search("今天不加速，晚上十点截。")


def _garage(change: str | None) -> Game:
    g = Game("killbar7", "版杀7", "老板")
    process = [g.post("老板", at(11, 19, 20), "规则照版杀7，每个环节一个投票楼。")]
    if change is not None:
        process.append(g.post("老板", at(11, 22, 20), change))
    g.thread("[版杀7] 修车铺 进程帖", "process", None, process)
    g.thread(
        "[版杀7] 修车铺 第一天讨论帖",
        "discussion",
        1,
        [g.post("老板", at(11, 20, 0, 1), "第一天开工，讨论贯穿各个环节，投票去各环节的投票楼。")],
    )
    for i, name in enumerate(("试探性投票", "可疑者辩论投票", "高票对决投票")):
        o = at(11, 20 + i, 0, 3)
        g.thread(
            f"[版杀7] 修车铺 Day1-{i + 1} {name}楼",
            "vote",
            1,
            [
                g.post("老板", o, f"Day1-{i + 1}{name}楼，今天晚上十一点半截，格式照旧。"),
                *g.votes(o + timedelta(hours=1), {p: "芒果" for p in PLAYERS[:3]}),
            ],
        )
    return g


def _day1(tmp_path: Path, g: Game) -> tuple[DaySpec, list[tuple[int, str, str, str]]]:
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    day = next(d for d in open_game(minimal).days if d.number == 1)
    return day, [
        (p.number, p.name, f"{p.opens:%d %H:%M}", f"{p.closes:%d %H:%M}") for p in day.phases
    ]


def test_a_day_of_three_titled_rounds_closes_with_the_last(tmp_path: Path) -> None:
    day, phases = _day1(tmp_path, _garage(None))
    assert phases == [
        (1, "试探性投票", "20 00:00", "20 23:30"),
        (2, "可疑者辩论投票", "21 00:00", "21 23:30"),
        (3, "高票对决投票", "22 00:00", "22 23:30"),
    ]
    assert (day.closes, day.delayed) == (at(11, 22, 23, 30), False)


def test_the_last_round_delayed_past_midnight(tmp_path: Path) -> None:
    day, phases = _day1(
        tmp_path, _garage("Day1-3 延时一个钟头，有两位师傅加班回不来，夜里十二点半截。")
    )
    assert phases[-1] == (3, "高票对决投票", "22 00:00", "23 00:30")
    assert (day.closes, day.delayed) == (at(11, 23, 0, 30), True)


def test_the_question_of_a_day_with_no_round_says_its_vote_threads(tmp_path: Path) -> None:
    from auditor.game.discover import discover
    from auditor.pipeline import open_store

    g = Game("killbar7", "版杀7", "老板")
    g.thread(
        "[版杀7] 修车铺 第一天讨论帖",
        "discussion",
        1,
        [g.post("老板", at(11, 20, 0, 1), "第一天开工。")],
    )
    for i, title in enumerate(("第一天投票楼", "第一天 补投票楼")):
        g.thread(
            f"[版杀7] 修车铺 {title}",
            "vote",
            1,
            [g.post("老板", at(11, 20, 0, 2 + i), "投票楼，格式照旧。")],
        )
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    game = open_game(minimal)
    with open_store(game, existing="查看发现") as store:
        found = discover(game, store)
    asked = [a for a in found.discovery.problems_ahead if "没有找到环节" in a]
    assert asked and "投票帖有 2 个" in asked[0] and "投票帖只有一个" not in asked[0]


def _days() -> list[DaySpec]:
    return [
        DaySpec(1, at(11, 20, 9), at(11, 20, 22), False, (), False),
        DaySpec(2, at(11, 21, 9), at(11, 21, 22), False, (), False),
    ]


@pytest.mark.parametrize(
    ("text", "when", "morning"),
    [
        # the next day's date at its head, or the night just passed reported: day 2's
        ("11/21（六）各位早～\n夜里风平浪静，没人出事。", (21, 8, 50), True),
        ("昨儿晚上修车铺进了贼，芒果没了。", (21, 7, 30), True),
        ("天亮了，开工前说两句。", (21, 8, 0), True),
        ("第2天的帖子马上开。", (21, 8, 40), True),
        # the closed day's result, told after its close: day 1's
        ("今天的票数：芒果 3 票，出局。", (20, 22, 10), False),
        ("11/20 的票型补一下：芒果 3 票。", (21, 0, 30), False),
        # said within a day: that day's own
        ("天亮了？不，还早。", (21, 10, 0), False),
    ],
)
def test_a_morning_post_of_the_night_opens_the_next_day(
    text: str, when: tuple[int, int, int], morning: bool
) -> None:
    from auditor.game.state import night_report

    assert night_report(text, at(11, *when), _days()) is morning


def _post(text: str, when: datetime, edited: str | None = None) -> Post:
    return Post(3, 501, 2, "老板", None, when, "", text, edited=edited)


def _leaves(tmp_path: Path, post: Post) -> list[tuple[str, str, str]]:
    from auditor.game.discover import Discovery, _granted_leaves
    from auditor.game.gamefile import load_game

    g = Game("killbar7", "版杀7", "老板")
    g.thread("[版杀7] 修车铺 进程帖", "process", None, [g.post("老板", at(11, 19, 20), "开张。")])
    _full, minimal = g.files(tmp_path, 'pages = "pages/"')
    (minimal.parent / "pages").mkdir(exist_ok=True)
    got = _granted_leaves(load_game(minimal), _days(), [post], [], Discovery())
    return [(e.player, f"{e.at:%d %H:%M}", f"{e.until:%d %H:%M}") for e in got if e.until]


@pytest.mark.parametrize(
    ("text", "when", "edited", "want"),
    [
        # a grant added by editing the morning post: read as it stands, 今天 of the edit's date
        (
            "11/21 早～\n昨夜平安。\n（10:40补充）芒果下午请假，批准了，今天发言不算。",
            (21, 8, 50),
            "本帖最后由 老板 于 2026-11-21 10:40 编辑",
            [("芒果", "21 12:00", "21 22:00")],
        ),
        # 明天 counted from the post: the whole of the next day
        ("冬瓜明天请假，同意。", (20, 21, 0), None, [("冬瓜", "21 09:00", "21 22:00")]),
        # refused, asked, or only requested: no leave
        ("芒果下午请假，不同意。", (21, 9, 30), None, []),
        ("芒果请假批准了吗？", (21, 9, 30), None, []),
        ("芒果想下午请假。", (21, 9, 30), None, []),
    ],
)
def test_a_leave_the_director_grants(
    tmp_path: Path,
    text: str,
    when: tuple[int, int, int],
    edited: str | None,
    want: list[tuple[str, str, str]],
) -> None:
    assert _leaves(tmp_path, _post(text, at(11, *when), edited)) == want
