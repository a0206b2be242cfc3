"""Days and closes by their structure (issue 34 Build 1, session 51): the causes the whole games
of discovery_blind15/16 and the directors' games of session 49 showed, each as a game written for
this test with its own cast (a tea house) beside its negative twin.

- 版杀7: a 环节 never closes before its own vote thread's first post (seed 002 5 时间分配: each
  环节 runs 0:00–24:00 of its date) — an opening post stating yesterday's date (时间：4月7日
  0:00 — 24:00, posted 4月8日 0:00) is a miswritten date, and the post's own date stands;
- 版杀7: a 环节 told in its title's aside (第二日 · 头一折（环节一 试探性投票）) is 环节N, as
  环节一（试探投票） is — the aside names no 环节;
- 版杀7: a night named in English ([night1] 杀人贴 & 遗言), as a day is ([day1]), is the night's
  thread, the next day's first 环节 (seed 002 4.2, 6.2 (6)) — not a 遗言 thread;
- a game that counts its days by another word (💌【M39 第一场】讨论帖) with no post saying so:
  its threads are the days when each number opens on a date of its own, later for a later one
  (rounds inside a day share one);
- the moment the players' requests came by (今天下午六点前，A、B…五位申请) is no close;
- M107 / 030 / M39: the first day's vote elects the sheriff and puts nobody out — a vote-out
  read at its close in a clause naming the badge is the sheriff elected;
- no vote puts anyone out before it is counted at its close (a 过半 too dies at its 环节's
  close, seed 002 4.1.2 说明 1): a vote-out dated at its post inside a day, before the close,
  is no result — its post is listed;
- 版杀7: a day's close moved to where its next 环节 opens is that 环节's close, the day closing
  with its last 环节;
- a close the director moves later than planned in his own words (今儿散场挪到晚上十一点) is a
  延时 — the only thing that puts a day's close back (seed 000 3, 001 / 004 延时申请).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

from auditor.game.announce import Announced
from auditor.game.discover import (
    Sourced,
    _Day,
    _first_day_badge,
    _move_close,
    _phase_name,
    _shifted_later,
    _vote_before_close,
)
from auditor.game.gamefile import DaySpec, Event, EventType, ThreadKind
from auditor.game.structure import sheriff_day
from auditor.game.titles import classify
from auditor.game.when import find_points
from auditor.models import Post
from auditor.pipeline import open_game
from tests.game.test_discover_autonomy import audit, setup
from tests.game.test_discover_rulesets import PLAYERS, TZ, Game, at


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


def _counted(second_opens: datetime) -> Game:
    """A game whose day threads count by 场 (💌【M39 第一场】讨论帖), no post saying 一天一场."""
    g = Game("m39", "M39", "红娘")
    g.thread(
        "[M39] 红娘 · 进程帖",
        "process",
        None,
        [g.post("红娘", at(11, 19, 20), "每天上午十点开场，晚上十点散场。")],
    )
    for n, opens in ((1, at(11, 20, 10)), (2, second_opens)):
        g.thread(
            f"💌【M39 第{'一二'[n - 1]}场】讨论帖",
            "discussion",
            n,
            [
                g.post("红娘", opens, f"💌【第{'一二'[n - 1]}场】\n散场时间：晚上十点"),
                *g.chatter(opens + timedelta(minutes=5), opens + timedelta(hours=2), {"黄瓜": 2}),
            ],
        )
    return g


def _days(tmp_path: Path, g: Game) -> list[tuple[int, str, str]]:
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    return [
        (d.number, f"{d.opens:%d %H:%M}", f"{d.closes:%d %H:%M}") for d in open_game(minimal).days
    ]


def test_threads_counted_on_dates_of_their_own_are_the_days(tmp_path: Path) -> None:
    assert _days(tmp_path, _counted(at(11, 21, 10))) == [
        (1, "20 10:00", "20 22:00"),
        (2, "21 10:00", "21 22:00"),
    ]


def test_threads_counted_on_one_date_are_no_days(tmp_path: Path) -> None:
    # negative twin: 第一场 and 第二场 the same day are its sittings, not two days
    assert _days(tmp_path, _counted(at(11, 20, 15))) == []


def test_the_moment_the_requests_came_is_no_close() -> None:
    text = "【延时】今天下午六点前，莲藕、海棠、芒种 三位申请，够一半啦。\n投票帖到晚上十一点。"
    got = [(p.at.hour, p.role) for p in find_points(text, at(11, 21, 18, 1), TZ)]
    assert got == [(18, None), (23, "closes")]
    # negative twin: the day's close said beside the requests' deadline
    text = "今晚 21:30 关帖。延时的话，今天下午六点前申请。"
    got = [(p.at.hour, p.role) for p in find_points(text, at(11, 21, 9), TZ)]
    assert got == [(21, "closes")]


def test_the_first_days_vote_with_the_badge_is_the_sheriff() -> None:
    assert sheriff_day("m39") and sheriff_day("m107") and sheriff_day("rabbit030")
    assert not sheriff_day("killbar7")
    days = [DaySpec(1, at(11, 20, 10), at(11, 20, 22)), DaySpec(2, at(11, 21, 10), at(11, 21, 22))]
    clause = "警徽这朵大红花，给 海棠 戴上啦"
    a = Announced(EventType.ELIMINATED, "海棠", how="vote", clause=clause)
    out = Event(EventType.ELIMINATED, "海棠", at(11, 20, 22), "vote")
    m39 = SimpleNamespace(ruleset="m39")
    assert _first_day_badge(m39, out, a, days, []) == Event(  # type: ignore[arg-type]
        EventType.SHERIFF, "海棠", at(11, 20, 22), "elected"
    )
    theme = Announced(EventType.ELIMINATED, "罗盘", how="vote", clause="大副的徽章，别在 罗盘 胸前")
    got = _first_day_badge(m39, replace(out, player="罗盘"), theme, days, [])  # type: ignore[arg-type]
    assert (got.type, got.how) == (EventType.SHERIFF, "elected")
    # negative twins: another day's vote, a clause with no badge, 版杀7, a sheriff already
    later = Event(EventType.ELIMINATED, "海棠", at(11, 21, 22), "vote")
    assert _first_day_badge(m39, later, a, days, []) == later  # type: ignore[arg-type]
    plain = Announced(EventType.ELIMINATED, "海棠", how="vote", clause="海棠 5 票，出局")
    assert _first_day_badge(m39, out, plain, days, []) == out  # type: ignore[arg-type]
    kb = SimpleNamespace(ruleset="killbar7")
    assert _first_day_badge(kb, out, a, days, []) == out  # type: ignore[arg-type]
    badge = Event(EventType.SHERIFF, "芒种", at(11, 20, 22), "elected")
    had = [Sourced(badge, "pid 1")]
    assert _first_day_badge(m39, out, a, days, had) == out  # type: ignore[arg-type]


def _switchboard(delay: str) -> Game:
    """Day 1 of two 环节; ``delay`` told in 环节一's thread the evening before 环节二 opens."""
    g = Game("killbar7", "版杀7", "调度")
    g.thread(
        "[版杀7] 电网 进程帖",
        "process",
        None,
        [g.post("调度", at(11, 19, 20), "规则照版杀7，每个环节一个投票帖，0:00 至 24:00。")],
    )
    o = at(11, 20, 0)
    g.thread(
        "[版杀7] 电网 第一日 环节一（试探性投票）",
        "vote",
        1,
        [
            g.post("调度", o, "环节一 开始。时间：0:00 至 24:00"),
            *g.votes(o + timedelta(hours=1), {p: "芒果" for p in PLAYERS[:3]}),
            g.post("调度", at(11, 20, 21, 30), delay),
        ],
    )
    o2 = at(11, 21, 12)
    g.thread(
        "[版杀7] 电网 第一日 环节二（可疑者辩论投票）",
        "vote",
        1,
        [
            g.post("调度", o2, "环节二\n时间：中午十二点 至 夜里十二点"),
            *g.votes(o2 + timedelta(hours=1), {p: "芒果" for p in PLAYERS[:3]}),
        ],
    )
    return g


def test_a_phase_delayed_to_where_the_next_opens_closes_there(tmp_path: Path) -> None:
    day = _day1(
        tmp_path,
        _switchboard(
            "本环节延时。\n本环节拉闸时间改为：11月21日 中午十二点\n"
            "环节二随之推迟：中午十二点合闸，夜里十二点拉闸不变。"
        ),
    )
    got = [(p.number, f"{p.opens:%d %H:%M}", f"{p.closes:%d %H:%M}") for p in day.phases]
    assert got == [(1, "20 00:00", "21 12:00"), (2, "21 12:00", "21 23:59")]
    assert (day.closes, day.delayed) == (at(11, 21, 23, 59, 59), False)


def _post(t: datetime, text: str = "") -> Post:
    return Post(1, 7, 2, "导演", 1, t, "", text, first=False)


def test_a_vote_out_is_never_before_its_votes_close() -> None:
    days = [
        DaySpec(1, at(11, 20, 0), at(11, 21, 0, 30)),
        DaySpec(2, at(11, 22, 0), at(11, 22, 18)),
    ]
    # a roster at the day's opening (场上就剩七位了：…过半的直接领盒饭) read as a vote-out
    early = Event(EventType.ELIMINATED, "大麻花", at(11, 22, 0), "vote")
    assert _vote_before_close(early, _post(at(11, 22, 0)), days)
    # negative twins: the result after its close, one at the close, a night death, a vote-out
    # told after the previous close (within its hours), a post outside every day
    after = Event(EventType.ELIMINATED, "耳朵眼", at(11, 22, 18), "vote")
    assert not _vote_before_close(after, _post(at(11, 22, 18, 30)), days)
    close = Event(EventType.ELIMINATED, "耳朵眼", at(11, 22, 18), "vote")
    assert not _vote_before_close(close, _post(at(11, 22, 18)), days)
    night = Event(EventType.ELIMINATED, "大麻花", at(11, 22, 0), "night")
    assert not _vote_before_close(night, _post(at(11, 22, 0)), days)
    told = Event(EventType.ELIMINATED, "狗不理", at(11, 21, 2), "vote")
    opened = [days[0], replace(days[1], opens=at(11, 21, 1))]
    assert not _vote_before_close(told, _post(at(11, 21, 2)), opened)
    out = Event(EventType.ELIMINATED, "狗不理", at(11, 23, 9), "vote")
    assert not _vote_before_close(out, _post(at(11, 23, 9)), days)


def _a_day() -> _Day:
    return _Day(at(11, 20, 10), at(11, 20, 22), False, 5, "开帖", {})


def test_a_close_moved_later_in_the_directors_words_is_a_delay() -> None:
    # 今儿散场挪到晚上十一点 (players asked 延时): moved past the planned close, a 延时
    day = _a_day()
    _move_close(day, at(11, 20, 23), at(11, 20, 22), 9, "（调整）")
    _shifted_later(day, at(11, 20, 23), at(11, 20, 22), 9, False)
    assert (day.closes, day.delayed) == (at(11, 20, 23), True)
    # negative twins: a correction, a 加速, a close moved earlier
    for when, fixed_or_fast in ((at(11, 20, 23), True), (at(11, 20, 21), False)):
        day = _a_day()
        _move_close(day, when, at(11, 20, 22), 9, "（更正）")
        _shifted_later(day, when, at(11, 20, 22), 9, fixed_or_fast)
        assert not day.delayed
