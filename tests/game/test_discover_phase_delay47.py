"""版杀7 (seed 002 5 时间分配: each 环节 its own vote thread and close), session 47 round 2
(issue 34, the directors' games): a 延时 of one 环节 while a later 环节 of the day is already
open moves that 环节's close and the next one's opening — not the day's, which still closes
with its last 环节; a post naming the day's last 环节 moves the day.  Also: a 加速 said of a
环节 of a day (第三天第二盘加速), a round's name after 第N盘 in its title, and a sentence whose
subject is the count's top (最高票出局) states a rule — it does not carry the sentence before's
player.  A game written for this test with its own cast (a tea garden), negative twins beside."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from auditor.game.announce import Notice, Patterns
from auditor.game.discover import _Day, _delayed_by_days, _phase_name
from auditor.game.gamefile import DaySpec, EventType
from auditor.pipeline import open_game
from tests.game.test_discover_autonomy import audit, setup
from tests.game.test_discover_rulesets import PLAYERS, Game, at

ROUNDS = ("试探性投票", "可疑者辩论投票", "高票对决投票")


def _garden(change: str) -> Game:
    g = Game("killbar7", "版杀7", "园丁")
    g.thread(
        "[版杀7] 茶园 进程帖",
        "process",
        None,
        [
            g.post("园丁", at(11, 19, 20), "规则照版杀7，每个环节一个投票帖。"),
            g.post("园丁", at(11, 21, 18), change),
        ],
    )
    g.thread(
        "[版杀7] 茶园 第一天讨论帖",
        "discussion",
        1,
        [g.post("园丁", at(11, 20, 0), "第一天采茶，讨论贯穿各个环节。D1-1 今天0点开，24点截。")],
    )
    opens = (at(11, 20, 0, 0, 3), at(11, 21, 0, 0, 3), at(11, 22, 4))
    for i, name in enumerate(ROUNDS):
        said = "今天0点开，24点截" if i < 2 else "今天凌晨四点开，今晚十二点截"
        g.thread(
            f"[版杀7] 茶园 第一天 第{'一二三'[i]}盘 {name}",
            "vote",
            1,
            [
                g.post("园丁", opens[i], f"第{'一二三'[i]}盘 {name}，{said}。"),
                *g.votes(opens[i] + timedelta(hours=1), {p: "芒果" for p in PLAYERS[:3]}),
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


def test_a_rounds_delay_moves_that_round_and_the_next_opening_only(tmp_path: Path) -> None:
    day, phases = _day1(
        tmp_path, _garden("第二盘延时四个钟头：收盘推到明天凌晨四点，第三盘四点接着开。")
    )
    assert phases == [
        (1, "试探性投票", "20 00:00", "20 23:59"),
        (2, "可疑者辩论投票", "21 00:00", "22 04:00"),
        (3, "高票对决投票", "22 04:00", "22 23:59"),
    ]
    # the day still closes with its last round: it is not the day that was delayed
    assert (day.closes, day.delayed) == (at(11, 22, 23, 59, 59), False)


def test_a_delay_of_the_last_round_is_the_days(tmp_path: Path) -> None:
    # negative twin: the round named is the day's last — the day's close moves with it
    day, phases = _day1(tmp_path, _garden("第三盘延时：收盘推到后天凌晨两点。"))
    assert phases[-1][3] == "23 02:00"
    assert (day.closes, day.delayed) == (at(11, 23, 2), True)
    assert phases[1][3] == "21 23:59"


def test_a_rounds_acceleration_of_a_named_day() -> None:
    said = [a.type for a in Patterns(PLAYERS).find("人都到齐了，第三天第二盘加速，今晚七点收。")]
    assert Notice.ACCELERATED in said
    # negative twin: a rule about it, not a grant
    rule = [a.type for a in Patterns(PLAYERS).find("第三天第二盘加速的申请要过半数才算。")]
    assert Notice.ACCELERATED not in rule


def test_a_rounds_name_follows_its_ordinal_in_the_title() -> None:
    assert _phase_name("[茶园] 第二天 第三盘 高票对决投票", 3) == "高票对决投票"
    assert _phase_name("[茶园] 第二天 环节二 可疑者辩论投票", 2) == "可疑者辩论投票"
    assert _phase_name("[茶园] 第二天 投票帖", 1) == "环节1"


def test_the_counts_top_as_a_subject_is_a_rule_not_the_player_before() -> None:
    a, b = PLAYERS[0], PLAYERS[1]
    rule = f"决胜一盘，{a}和{b}对打，中午十二点开。最高票出局，平了就都留下。"
    assert [x for x in Patterns(PLAYERS).find(rule) if x.type is EventType.ELIMINATED] == []
    # negative twin: the top named in the same sentence with its count is the result
    result = [(x.type, x.player) for x in Patterns(PLAYERS).find(f"{a} 六票，最高票出局。")]
    assert (EventType.ELIMINATED, a) in result


def _granted_days(text: str) -> tuple[object, bool]:
    day = _Day(at(11, 20, 12), at(11, 21, 21, 30), False, 1, "日程", {})
    _delayed_by_days(1, day, text, 7)
    return day.closes, day.delayed


def test_a_delay_granted_by_a_count_of_days_moves_the_close() -> None:
    # 030 延时 (seed 001): the director says how long — here a day, with no clock
    assert _granted_days("收到，人数够了，延时成功！第一日再延长一日。") == (
        at(11, 22, 21, 30),
        True,
    )
    # negative twins: supposed, refused, another day's
    assert _granted_days("如果延时成功，第一日就延长一日。") == (at(11, 21, 21, 30), False)
    assert _granted_days("延时成功不了，人数不够，不延长一日。") == (at(11, 21, 21, 30), False)
    assert _granted_days("延时成功！第二日延长一日。") == (at(11, 21, 21, 30), False)
