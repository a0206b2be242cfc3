"""Session 48 (issue 34): where a day's dates come from when its post gives none, and the
classes the regression games of discovery_blind12 / 13 showed — a counter's 号 (请到 3 号柜台)
read as the 3rd of the month, a close said in a clinic's or a line's own verb (停诊 / 停运), a
delay said as the head of the new close (今日延时——⏎新的…时间：…), a game that counts its days
by 场 through a dated list, a 环节's name after a separator in its title.  Sentences and games
written for this test with their own cast, not the sets' text."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path
from types import SimpleNamespace

import pytest

from auditor.game.discover import _nights_before_their_day, _phase_name
from auditor.game.gamefile import ThreadKind, ThreadSpec
from auditor.game.when import find_points, find_ranges
from tests.game.test_discover_counted_rounds import _league, _thread_days

TZ = timezone(timedelta(hours=8))


def _t(month: int, day: int, h: int = 0, m: int = 0, s: int = 0, year: int = 2027) -> datetime:
    return datetime(year, month, day, h, m, s, tzinfo=TZ)


# ----------------------------------------------------------------- 1. 号 of a numbered thing


@pytest.mark.parametrize(
    "text",
    [
        "请各位到 3 号柜台排队：【第二天 · 环节一】\n开放：凌晨零点 — 夜里十二点",
        "【第二天】5号玩家先发言。\n今天 0:00-24:00 投票",
        "2号桌、4号桌的客人请注意\n开放 0点到24点",
    ],
)
def test_a_counters_number_is_no_day_of_the_month(text: str) -> None:
    # seed 002 4.1.2 每个环节 0:00–24:00: with no date said, the 环节 is the post's own day
    # (posted 03-29), never the 3rd / 5th / 2nd of a month near it
    (r,) = find_ranges(text, _t(3, 29, 0, 1), TZ)
    assert (r.opens, r.closes) == (_t(3, 29), _t(3, 29, 23, 59, 59))


def test_a_day_of_the_month_said_with_hao_is_still_a_date() -> None:
    (r,) = find_ranges("4号晚上七点到十一点讨论", _t(3, 29, 12), TZ)
    assert (r.opens, r.closes) == (_t(4, 4, 19), _t(4, 4, 23))
    (p,) = find_points("4号 21:00 关门", _t(3, 29, 12), TZ)
    assert (p.at, p.role) == (_t(4, 4, 21), "closes")


def test_a_players_number_before_a_close_leaves_the_close_on_the_posts_day() -> None:
    (p,) = find_points("7号选手请补发言，今晚九点关帖", _t(3, 29, 12), TZ)
    assert (p.at, p.role) == (_t(3, 29, 21), "closes")


# ----------------------------------------------------------------- 2. a business's own verbs


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("诊室今晚九点半停诊", "closes"),
        ("本线 22:00 停运，末班车别错过", "closes"),
        ("明早八点开诊", "opens"),
    ],
)
def test_a_clinics_or_a_lines_own_verb_opens_or_closes_the_day(text: str, role: str) -> None:
    points = find_points(text, _t(5, 6, 9), TZ)
    assert [p.role for p in points] == [role]


# ----------------------------------------------------------------- 3. a delay as a heading


@pytest.mark.parametrize(
    "text",
    [
        "人数够了。\n本日延时！\n新的停运时间：今晚十一点",
        "今天延时：\n新时间 今晚23:00 关门",
    ],
)
def test_todays_delay_said_as_a_heading_makes_the_next_close_the_new_one(text: str) -> None:
    # seed 000 (M107) 3 延时: the director's grant; the close under it is the delayed one
    (p,) = find_points(text, _t(5, 6, 19, 30), TZ)
    assert (p.at, p.role, p.delay) == (_t(5, 6, 23), "closes", True)


@pytest.mark.parametrize(
    "text",
    [
        "今天延时？\n新的停运时间：今晚十一点",  # asked
        "如果今天延时：\n新的停运时间：今晚十一点",  # supposed
    ],
)
def test_a_delay_heading_asked_or_supposed_moves_nothing(text: str) -> None:
    points = find_points(text, _t(5, 6, 19, 30), TZ)
    assert not any(p.delay for p in points)


# ----------------------------------------------------------------- 4. 场 counted by a dated list


def test_a_list_that_dates_each_sitting_makes_sittings_the_days(tmp_path: Path) -> None:
    process = "【赛程】\n第1场 11月20日\n第2场 11月22日\n每场十点开赛，晚上十点完场。"
    assert _thread_days(tmp_path, _league(process, word="场")) == [None, 1, 1, 2, 2]


def test_one_dated_sitting_alone_makes_no_day_unit(tmp_path: Path) -> None:
    # one date is a fixture, not a list that gives each sitting a day of its own
    process = "第1场 11月20日 揭幕，欢迎观赛。"
    assert _thread_days(tmp_path, _league(process, word="场")) == [None]


# ----------------------------------------------------------------- 5. a 环节's name


@pytest.mark.parametrize(
    ("subject", "name"),
    [
        ("【版杀7】🍜 第二日 · 环节一｜试探性投票", "试探性投票"),
        ("[版杀7] D2 环节二 / 可疑者辩论投票", "可疑者辩论投票"),
        ("[版杀7] D2 环节二", "环节2"),
    ],
)
def test_a_phases_name_after_a_separator_in_its_title(subject: str, name: str) -> None:
    assert _phase_name(subject, 2 if "环节二" in subject else 1) == name


# ----------------------------------------------------------------- 6. 四日环节二


@pytest.mark.parametrize(
    ("text", "day", "phase"),
    [
        ("五日环节二延时到明天凌晨两点", 5, 2),
        ("二日·环节一 截止改为 23:30", 2, 1),
    ],
)
def test_a_days_ordinal_without_its_di_before_a_phase_is_that_day(
    text: str, day: int, phase: int
) -> None:
    # 版杀7 5 时间分配: each day's 环节; the count before 环节 is the day's, not a date's
    (p,) = find_points(text, _t(2, 10, 12), TZ)
    assert (p.day, p.phase, p.role, p.delay) == (day, phase, "closes", True)


def test_a_dates_day_before_a_phase_stays_a_date() -> None:
    (p,) = find_points("二月十二日环节二 23:00 截止", _t(2, 10, 12), TZ)
    assert (p.at, p.day, p.phase) == (_t(2, 12, 23), None, 2)


# ----------------------------------------------------------------- 7. 明早 openings


def test_a_morning_said_without_its_clock_dates_the_close_after_it() -> None:
    # posted at night: 第四天明早开，晚上九点半关 — the close is tomorrow evening's
    (p,) = find_points("第四天明早开，晚上九点半关", _t(8, 3, 22, 40), TZ)
    assert (p.at, p.role, p.day) == (_t(8, 4, 21, 30), "closes", 4)


def test_that_evening_after_a_morning_is_the_same_days() -> None:
    opens, closes = find_points("明早 8:30 开帖，当晚 22:00 关帖", _t(8, 3, 22, 40), TZ)
    assert (opens.at, opens.role) == (_t(8, 4, 8, 30), "opens")
    assert (closes.at, closes.role) == (_t(8, 4, 22), "closes")


def test_a_morning_clock_then_the_days_label_then_its_verb_opens_it() -> None:
    (p,) = find_points("明早十点第五天开门", _t(8, 3, 22, 40), TZ)
    assert (p.at, p.role, p.day) == (_t(8, 4, 10), "opens", 5)


def test_see_you_tomorrow_morning_dates_nothing_before_it() -> None:
    (p,) = find_points("今晚十点关帖，明早见", _t(8, 3, 12), TZ)
    assert (p.at, p.role) == (_t(8, 3, 22), "closes")


# ----------------------------------------------------------------- 8. a notice that moves a close


def test_a_change_said_on_its_own_line_under_the_old_close_is_the_delay() -> None:
    text = "关于第二日环节一关门时间的说明\n原定：今晚24点截止\n改为：明天凌晨两点\n请互相转告"
    old, new = find_points(text, _t(6, 1, 18), TZ)
    assert (old.at, old.role, old.delay) == (_t(6, 1, 23, 59, 59), "closes", False)
    assert (new.at, new.role, new.delay) == (_t(6, 2, 2), "closes", True)
    assert (new.day, new.phase) == (2, 1)


def test_a_change_alone_under_an_opening_is_no_close() -> None:
    points = find_points("原定明早八点开门\n调整为：九点", _t(6, 1, 18), TZ)
    assert not any(p.role == "closes" for p in points)


def test_a_change_in_a_post_that_speeds_the_day_up_is_no_delay() -> None:
    (p,) = find_points("本日加速成功，关门时间调整为 18:30。", _t(6, 1, 15), TZ)
    assert (p.at, p.role, p.delay) == (_t(6, 1, 18, 30), "closes", False)


# ----------------------------------------------------------------- 9. a night thread's role


@pytest.mark.parametrize(
    ("ruleset", "votes", "waiting"),
    [
        ("killbar7", (), {901}),  # the night thread alone: its day is not open yet
        ("killbar7", (902,), set()),  # its first 环节's vote thread is up: the day is open
        ("m107", (), set()),  # no 环节 in the rules: a day thread is the day's
    ],
)
def test_a_killbar_night_thread_before_its_days_votes_is_a_day_not_open_yet(
    ruleset: str, votes: tuple[int, ...], waiting: set[int]
) -> None:
    # seed 002 5 时间分配: each 环节 0:00–24:00 is its vote thread's; night posts count for the
    # next day's first 环节 — no 「没有已知的关门时间」 for a day that has not opened
    game = SimpleNamespace(ruleset=ruleset, rules={})
    threads = [ThreadSpec(901, ThreadKind.DISCUSSION, 2)]
    threads += [ThreadSpec(t, ThreadKind.VOTE, 2) for t in votes]
    subjects = {901: "【版杀7】🍵 第一夜 · 茶歇（杀人贴 & 遗言）", 902: "【版杀7】第二日 环节一"}
    assert _nights_before_their_day(game, threads, subjects) == waiting  # type: ignore[arg-type]


# ----------------------------------------------------------------- 10. 由 A 改为 B


@pytest.mark.parametrize(
    ("text", "new"),
    [
        ("延时通过。第三日关门时间由二十一时改为二十二时三十分。", _t(7, 2, 22, 30)),
        ("同意延时，截止由晚上九点推迟到十一点。", _t(7, 2, 23)),
    ],
)
def test_a_close_moved_from_one_time_to_another_is_the_second(text: str, new: datetime) -> None:
    # seed 000 3 延时: the time after 由 is the close that was, the other the delayed one
    old, moved = find_points(text, _t(7, 2, 16), TZ)
    assert (old.role, old.delay) == ("closes", False)
    assert (moved.at, moved.role, moved.delay) == (new, "closes", True)
