"""Times as directors write them in each register (auditor/game/when.py): what opens, what
closes, what is delayed, what a correction takes back; with the neighbours that state no
such time (a request's deadline, a supposition, an old hour with no gloss)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from auditor.game.when import find_points, find_ranges

TZ = ZoneInfo("Asia/Shanghai")
POSTED = datetime(2026, 12, 16, 8, 0, tzinfo=TZ)  # a Wednesday


def roles(text: str, posted: datetime = POSTED) -> list[tuple[str, str | None, bool]]:
    """Each time read outside a range: when, its role, delayed; none that a correction took back."""
    return [
        (f"{p.at:%m-%d %H:%M}", p.role, p.delay)
        for p in find_points(text, posted, TZ)
        if not p.wrong
    ]


def ranges(text: str, posted: datetime = POSTED) -> list[tuple[str, str, int | None]]:
    return [
        (f"{r.opens:%m-%d %H:%M}", f"{r.closes:%m-%d %H:%M}", r.day)
        for r in find_ranges(text, posted, TZ)
    ]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a terse line: the bare verb before each time is its own
        ("D3 开 0900 关 2130", [("12-16 09:00", "opens", False), ("12-16 21:30", "closes", False)]),
        (
            "D6 开 1000 关 12/29 2200",
            [("12-16 10:00", "opens", False), ("12-29 22:00", "closes", False)],
        ),
        (
            "开 12.14 0900\n关 12.15 2130",
            [("12-14 09:00", "opens", False), ("12-15 21:30", "closes", False)],
        ),
        (
            "提醒：D2 0900 开，2130 关",
            [("12-16 09:00", "opens", False), ("12-16 21:30", "closes", False)],
        ),
        ("D3 加速 OK 结算改 1900", [("12-16 19:00", "closes", False)]),
        ("D3 加速 7/13 过半 ✔ 截票 1800", [("12-16 18:00", "closes", False)]),
        ("D5 延时 批准 关 12.19 2330", [("12-19 23:30", "closes", True)]),
    ],
)
def test_terse_times(text: str, want: list[tuple[str, str | None, bool]]) -> None:
    assert roles(text) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        (
            "今日 10:00 開，聽日（17號）夜晚 10點 (22:00) 截票。",
            [("12-16 10:00", "opens", False), ("12-17 22:00", "closes", False)],
        ),
        ("第三日開帖，聽日夜晚十點截票。", [("12-17 22:00", "closes", False)]),
        ("第六日聽日 10:00 開。", [("12-17 10:00", "opens", False)]),
        (
            "第五日今日 14:00 先開，禮拜日（27號）夜晚 22:00 截票。",
            [("12-16 14:00", "opens", False), ("12-27 22:00", "closes", False)],
        ),
        # a correction inside the post: what comes after the 唔係 stands
        (
            "第四日延時，改為 12月24號 夜晚 23:59 截票……唔係，索性延到聽日 12:00。",
            [("12-17 12:00", "closes", True)],
        ),
        ("更正：延到 23:00，唔係 22:30，sorry。", [("12-16 23:00", "closes", True)]),
    ],
)
def test_cantonese_times(text: str, want: list[tuple[str, str | None, bool]]) -> None:
    assert roles(text) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        (
            "今日巳时（09:00）开帖，明日亥时半（21:30）闭帖。",
            [("12-16 09:00", "opens", False), ("12-17 21:30", "closes", False)],
        ),
        ("第五日开帖，亥时半闭（21:30）。", [("12-16 21:30", "closes", False)]),
        (
            "第肆日将启。是日九时开帖，晚九时半闭帖。",
            [("12-16 09:00", "opens", False), ("12-16 21:30", "closes", False)],
        ),
        (
            "第六日，卯时……不对，辰时（09:00）开帖，戌时（21:00）闭帖。",
            [("12-16 09:00", "opens", False), ("12-16 21:00", "closes", False)],
        ),
        # an old hour with no gloss states no clock (judgement call 1)
        ("第二日，辰时开帖。", []),
    ],
)
def test_classical_times(text: str, want: list[tuple[str, str | None, bool]]) -> None:
    assert roles(text) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        (
            "第一天 10:00 开播，明晚 22:00 下播（截票）📴",
            [("12-16 10:00", "opens", False), ("12-17 22:00", "closes", False)],
        ),
        ("⚠️ 延时 ⚠️ 服务器卡卡的 今天延到 22:00 关门～", [("12-16 22:00", "closes", True)]),
        ("加速🚀🚀 成功啦 8/11！今晚 19:00 结算⏰", [("12-16 19:00", "closes", False)]),
    ],
)
def test_livestream_times(text: str, want: list[tuple[str, str | None, bool]]) -> None:
    assert roles(text) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        (
            "Opens: Dec 16, 10:00. Closes: Dec 17, 22:00 (forum time).",
            [("12-16 10:00", "opens", False), ("12-17 22:00", "closes", False)],
        ),
        ("Extension granted: Day 3 now closes Dec 23 at 02:00.", [("12-23 02:00", "closes", True)]),
        ("Phase 3 (runoff) is open now until midnight.", [("12-16 23:59", "closes", False)]),
        ("DDL EOD", [("12-16 23:59", "closes", False)]),
    ],
)
def test_english_times(text: str, want: list[tuple[str, str | None, bool]]) -> None:
    assert roles(text) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("D5 12/19 0900-2130", [("12-19 09:00", "12-19 21:30", 5)]),
        ("D2 12.18 1000 → 12.20 2200", [("12-18 10:00", "12-20 22:00", 2)]),
        ("D3 12/21 1000 – 12/22 2200", [("12-21 10:00", "12-22 22:00", 3)]),
        ("Day Five, Phase One: midnight to midnight, Dec 26.", [("12-26 00:00", "12-26 23:59", 5)]),
        ("Day 4, Phase 1, Dec 23 all day.", [("12-23 00:00", "12-23 23:59", 4)]),
        ("环节一从今天零点到二十四点", [("12-16 00:00", "12-16 23:59", None)]),
        # said twice on a line (全天 and its clocks): one day
        ("第三天环节一今天全天开放（0:00—24:00）。", [("12-16 00:00", "12-16 23:59", 3)]),
        ("| 第三天 | 12/21 10:00 | 12/22 22:00 |", [("12-21 10:00", "12-22 22:00", 3)]),
    ],
)
def test_ranges_in_each_register(text: str, want: list[tuple[str, str, int | None]]) -> None:
    assert ranges(text) == want


@pytest.mark.parametrize(
    ("said", "date"),
    [
        ("后天 21:30 关门", "12-18"),
        ("大后天 21:30 关门", "12-19"),
        ("本周五 21:30 关门", "12-18"),
        ("周五 21:30 关门", "12-18"),
        ("下周一 21:30 关门", "12-21"),
        ("下周三 21:30 关门", "12-23"),
        ("周三 21:30 关门", "12-16"),
    ],
)
def test_relative_days_and_weekdays(said: str, date: str) -> None:
    assert roles(said) == [(f"{date} 21:30", "closes", False)]


@pytest.mark.parametrize(
    "text",
    [
        # a request's deadline, not the day's close
        "加速申请 18:00 截止",
        # a supposition, unless a but says what holds
        "如果今天加速，18:00 关帖",
        # a time a correction calls a slip
        '第五日公告里"关帖 21:00"为笔误',
    ],
)
def test_times_that_are_no_day_close(text: str) -> None:
    assert ("12-16 18:00", "closes", False) not in roles(text)
    assert ("12-16 21:00", "closes", False) not in roles(text)


def test_a_but_after_a_supposition_states_the_close() -> None:
    text = "有玩家问如果周末论坛出故障会不会延时，但目前一切正常，第二天还是周日晚上22:00关帖"
    assert roles(text) == [("12-20 22:00", "closes", False)]


def test_a_request_granted_sets_the_close() -> None:
    text = "对不起打扰：加速申请已过半（6/9），今天加速，19:30 结算，请大家尽快投票。"
    assert roles(text) == [("12-16 19:30", "closes", False)]
    assert all(role != "closes" for _, role, _ in roles("加速申请 3/9，19:30 截止"))


def test_the_day_a_time_starts() -> None:
    text = "第二天白天结束，今天是夜晚，明天零点开始第三天。"
    (p,) = find_points(text, POSTED, TZ)
    assert (p.role, p.day) == ("opens", 3)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("今晚 21:00 关帖，哦不，21:30 关帖", [("12-16 21:30", "closes", False)]),
        ("关帖时间改为 21:30（原 21:00）", [("12-16 21:30", "closes", True)]),
        ("- [x] D3 关帖 ~~21:00~~ 21:30", [("12-16 21:30", "closes", False)]),
        ("今儿个晚上十点关门", [("12-16 22:00", "closes", False)]),
        ("后天晚上十点关门", [("12-18 22:00", "closes", False)]),
        ("DDL：周五 22:00（UTC+8）", [("12-18 22:00", "closes", False)]),
        ("Closes 9 p.m. tomorrow", [("12-17 21:00", "closes", False)]),
    ],
)
def test_neighbouring_registers(text: str, want: list[tuple[str, str | None, bool]]) -> None:
    assert roles(text) == want


def test_a_headed_table_gives_each_row_its_day() -> None:
    table = "| 天数 | 开帖 | 关帖 |\n|---|---|---|\n| 第三天 | 12/21 10:00 | 12/22 22:00 |"
    points = [(f"{p.at:%m-%d %H:%M}", p.role, p.day) for p in find_points(table, POSTED, TZ)]
    assert points == [("12-21 10:00", "opens", 3), ("12-22 22:00", "closes", 3)]


def test_an_iso_range() -> None:
    text = "【系统公告】第3天开放时间：2026-12-17T09:00:00 ~ 2026-12-17T21:30:00"
    assert ranges(text) == [("12-17 09:00", "12-17 21:30", 3)]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a festival as the date of a time
        ("第七日开帖，平安夜晚上十点关。", [("12-24 22:00", "closes", False)]),
        ("Close: Christmas Eve 22:00", [("12-24 22:00", "closes", False)]),
        ("Day 2 ends 周日晚 10 点 (12/20 22:00)", [("12-20 22:00", "closes", False)]),
        ("十二月十七日，晨九时整开门", [("12-17 09:00", "opens", False)]),
    ],
)
def test_dates_said_by_name(text: str, want: list[tuple[str, str | None, bool]]) -> None:
    assert roles(text) == want


def test_the_game_s_peaceful_night_is_no_date() -> None:
    assert roles("昨晚平安夜。今晚 21:30 关门") == [("12-16 21:30", "closes", False)]
    assert roles("Merry Christmas! closes 21:30") == [("12-16 21:30", "closes", False)]


def test_a_calendar_day_inside_a_game_day() -> None:
    (p,) = find_points("今天是第四日的第二天，晚上十点关帖。", POSTED, TZ)
    assert (p.role, p.day) == ("closes", 4)


def test_a_supposed_schedule_is_aside() -> None:
    text = "如果没有人过半就进入环节二可疑者辩论投票，环节二的时间是12月16日全天"
    assert all(r.aside for r in find_ranges(text, POSTED, TZ))
    assert not any(r.aside for r in find_ranges("环节二的时间是12月16日全天", POSTED, TZ))


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("晚上九点三十关帖", [("12-16 21:30", "closes", False)]),
        ("晚上九点零五关帖", [("12-16 21:05", "closes", False)]),
        ("九点钟开门", [("12-16 09:00", "opens", False)]),
        ("第三天討論串開啟，今天晚上九點半截止投票。", [("12-16 21:30", "closes", False)]),
        (
            "老铁们，今儿个早上九点开，晚上九点半关，别磨叽。",
            [("12-16 09:00", "opens", False), ("12-16 21:30", "closes", False)],
        ),
        # a changelog's fix: the old value is taken back
        ("修正：D3 关帖 21:00 → 21:30", [("12-16 21:30", "closes", True)]),
        # minutes in words need an hour before them (三十个人 is a count)
        ("第三天九点三十个人投票", [("12-16 09:00", None, False)]),
    ],
)
def test_times_in_words(text: str, want: list[tuple[str, str | None, bool]]) -> None:
    assert roles(text) == want


def test_a_story_s_range_that_lasts() -> None:
    assert ranges("今天的讨论从早上九点持续到晚上九点半。") == [
        ("12-16 09:00", "12-16 21:30", None)
    ]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("今晚22:00封帖", [("12-16 22:00", "closes", False)]),
        ("本帖今晚九点半锁帖", [("12-16 21:30", "closes", False)]),
        ("Fri 12/18 10pm close", [("12-18 22:00", "closes", False)]),
        ("关帖：21:30 (CST)", [("12-16 21:30", "closes", False)]),
    ],
)
def test_more_verbs_and_zones(text: str, want: list[tuple[str, str | None, bool]]) -> None:
    assert roles(text) == want


def test_a_day_started_by_name() -> None:
    (p,) = find_points("明早九点启动第四天", POSTED, TZ)
    assert (f"{p.at:%m-%d %H:%M}", p.role, p.day) == ("12-17 09:00", "opens", 4)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("今晚 21:00 关帖，不对，21:30 关帖", [("12-16 21:30", "closes", False)]),
        ("关帖 21:00，更正为 21:30", [("12-16 21:30", "closes", False)]),
        ("DDL EOD tomorrow", [("12-17 23:59", "closes", False)]),
        ("后晚十点关门", [("12-18 22:00", "closes", False)]),
        (
            "[table][tr][td]开帖[/td][td]12/17 09:00[/td][/tr][tr][td]关帖[/td][td]12/17 21:30[/td][/tr][/table]",
            [("12-17 09:00", "opens", False), ("12-17 21:30", "closes", False)],
        ),
        # a 不对 that corrects nothing before it leaves the time as said
        ("这样不对，今晚 21:30 关帖", [("12-16 21:30", "closes", False)]),
    ],
)
def test_corrections_and_tables(text: str, want: list[tuple[str, str | None, bool]]) -> None:
    assert roles(text) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("亥时（晚九点半）闭帖", [("12-16 21:30", "closes", False)]),
        ("巳时（九时）开帖", [("12-16 09:00", "opens", False)]),
        ("亥时（二十一时三十分）闭帖", [("12-16 21:30", "closes", False)]),
    ],
)
def test_old_hours_glossed_in_words(text: str, want: list[tuple[str, str | None, bool]]) -> None:
    assert roles(text) == want


def test_the_count_is_the_close() -> None:
    # 開票 (Taiwan: the votes are counted) closes the voting; it opens nothing
    assert roles("今晚 22:00 開票") == [("12-16 22:00", "closes", False)]
    assert roles("今晚 22:00 唱票") == [("12-16 22:00", "closes", False)]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("今晚 21.30 关门", [("12-16 21:30", "closes", False)]),
        ("今晚 10.30 关门", [("12-16 22:30", "closes", False)]),
        ("10.30 关帖", [("12-16 10:30", "closes", False)]),
        # a dotted date stays a date
        ("关 12.27 2200", [("12-27 22:00", "closes", False)]),
    ],
)
def test_dotted_clocks_and_dates(text: str, want: list[tuple[str, str | None, bool]]) -> None:
    assert roles(text) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a dashed date, a form's labels, another zone's clock: each the day's time
        ("环节二：12-17 全天", []),
        (
            "第二日讨论帖已开启（开启时间 09:00，关闭时间 21:30）",
            [("12-16 09:00", "opens", False), ("12-16 21:30", "closes", False)],
        ),
        ("第二日讨论帖已开启，关闭时间：12-18 22:00。", [("12-18 22:00", "closes", False)]),
        ("FYI D3 DDL = 13:30 UTC，也就是北京时间 21:30", [("12-16 21:30", "closes", False)] * 2),
        (
            "D3 open @ 09:00 GMT+8, DDL EOD 21:30.",
            [("12-16 09:00", "opens", False), ("12-16 21:30", "closes", False)],
        ),
        # the day opened is the one said after the verb (明早九点开第四日)
        (
            "第三日。今晚二十一点半关帖，明早九点开第四日。",
            [("12-16 21:30", "closes", False), ("12-17 09:00", "opens", False)],
        ),
        # a new close after a delay granted is the delay; after an acceleration, only the close
        ("Extension requested by 5/7 → passed, new DDL 23:59.", [("12-16 23:59", "closes", True)]),
        (
            "Speed up request: 6/10 ✔ passed! Day 4 accelerated，new close: tonight 19:00",
            [("12-16 19:00", "closes", False)],
        ),
        ("加速成功，新关帖时间：19:00", [("12-16 19:00", "closes", False)]),
        # twins: a request only asked (no delay), a closed thread with no time
        ("Extension requested by 3/7 → failed. DDL 21:30", [("12-16 21:30", "closes", False)]),
        ("讨论帖已关闭。", []),
    ],
)
def test_labels_zones_and_new_closes(text: str, want: list[tuple[str, str | None, bool]]) -> None:
    assert roles(text) == want


def test_a_dashed_date_gives_its_whole_day() -> None:
    assert ranges("+ 环节二：12-17 全天") == [("12-17 00:00", "12-17 23:59", None)]
    assert ranges("+ 第一天 环节一：12-16 00:00 → 12-17 00:00") == [
        ("12-16 00:00", "12-17 00:00", 1)
    ]


def test_a_day_and_phase_in_short() -> None:
    (p,) = find_points("D2 P1 open, DDL EOD (24:00 GMT+8)", POSTED, TZ)
    assert (p.day, p.phase, p.role, f"{p.at:%m-%d %H:%M}") == (2, 1, "closes", "12-16 23:59")
    assert [p.phase for p in find_points("规则见P2，今晚 22:00 关帖", POSTED, TZ)] == [None]


def test_a_titled_table_gives_its_day_its_times() -> None:
    text = "| 第三日 | 09:00 – 21:00 |\n|---|---|\n| 昨日票出 | 唢呐 |\n| 昨夜出局 | — |"
    assert ranges(text) == [("12-16 09:00", "12-16 21:00", 3)]
    bb = "[table]\n[tr][td]第三日[/td][td]12-16 10:00 ~ 12-17 22:00[/td][/tr]\n[/table]"
    assert ranges(bb) == [("12-16 10:00", "12-17 22:00", 3)]
    assert roles("开/关：09:00 / 21:30") == [
        ("12-16 09:00", "opens", False),
        ("12-16 21:30", "closes", False),
    ]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a close with a bracket that says it is a delay's
        ("今晚二十二点半关（昨天已宣布延时）", [("12-16 22:30", "closes", True)]),
        ("今晚 23:00 关帖（延时成功）", [("12-16 23:00", "closes", True)]),
        ("关门：23:30（延长一小时）", [("12-16 23:30", "closes", True)]),
        # twins: a request, a refusal, a supposition, the schedule's weekend
        ("今晚 21:30 关（不延时）", [("12-16 21:30", "closes", False)]),
        ("今晚 21:30 关（如需延时请申请）", [("12-16 21:30", "closes", False)]),
        ("关帖：12月18日 22:00（周末延长一日）", [("12-18 22:00", "closes", False)]),
        ("关门：12月18日（周五）22:00（逢周末延长一天）", [("12-18 22:00", "closes", False)]),
    ],
)
def test_a_delay_said_in_a_bracket_beside_the_close(
    text: str, want: list[tuple[str, str | None, bool]]
) -> None:
    assert roles(text) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a past day another sentence told of does not date today's close
        (
            "提醒：今天是加速日（昨天傍晚已经过半了）。投票截止一样 21:30。",
            [("12-16 21:30", "closes", False)],
        ),
        ("昨天 唢呐 被投出。今晚 21:30 关帖", [("12-16 21:30", "closes", False)]),
        # twins: a date of its own sentence, or a later one the line said before, stands
        ("12/17-12/18，22:00关门", [("12-18 22:00", "closes", False)]),
        (
            "第三天 12月17日 02:00 关。第四天 12:00 开",
            [("12-17 02:00", "closes", False), ("12-17 12:00", "opens", False)],
        ),
    ],
)
def test_an_undated_time_takes_no_past_day_from_another_sentence(
    text: str, want: list[tuple[str, str | None, bool]]
) -> None:
    assert roles(text) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # the parts of the night: late evening is the day's, the small hours the next date's
        ("明天夜里十一点关帖", [("12-17 23:00", "closes", False)]),
        ("夜里11点半关", [("12-16 23:30", "closes", False)]),
        ("深夜十一点关帖", [("12-16 23:00", "closes", False)]),
        ("今晚12点关帖", [("12-16 23:59", "closes", False)]),
        ("半夜十二点关帖", [("12-16 23:59", "closes", False)]),
        ("今晚凌晨两点关帖", [("12-17 02:00", "closes", False)]),
        # 四川话 晚黑 is the evening (老贺, 版杀7 5 时间分配 每个环节 0:00–24:00): never noon
        ("今晚黑十二点收盘", [("12-16 23:59", "closes", False)]),
        ("今晚黑八点就收盘", [("12-16 20:00", "closes", False)]),
        # the north's 后儿个 / 大后儿个
        ("后儿个晚上十点关", [("12-18 22:00", "closes", False)]),
        ("大后儿个晚上十点关", [("12-19 22:00", "closes", False)]),
        # twins: the small hours said so stay small; an evening's hour is the evening's —
        # the coming night's (posted 08:00, that night's 02:00 is the next date's)
        ("夜里两点关帖", [("12-17 02:00", "closes", False)]),
        ("今晚十点关帖", [("12-16 22:00", "closes", False)]),
        ("凌晨一点关帖", [("12-16 01:00", "closes", False)]),
    ],
)
def test_the_parts_of_the_night(text: str, want: list[tuple[str, str | None, bool]]) -> None:
    assert roles(text) == want


@pytest.mark.parametrize(
    ("text", "posted", "want"),
    [
        # 夜里十二点半 is the small hours after that evening, never 12:30 noon (btship 天津话)
        ("后半场拖一个钟，今天深夜十二点半收", "12-16 21:00", "12-17 00:30"),
        ("今晚12:30封盘", "12-16 19:00", "12-17 00:30"),
        ("晚上十二点一刻关帖哈", "12-16 10:00", "12-17 00:15"),
        ("明天夜里十二点四十截止", "12-16 10:00", "12-18 00:40"),
        ("礼拜四半夜十二点半结束", "12-16 10:00", "12-18 00:30"),
        # an evening's small hours: that day's night
        ("今天晚上一点截止", "12-16 10:00", "12-17 01:00"),
        # said bare after midnight: this night's, not the next one's
        ("深夜两点截", "12-17 00:10", "12-17 02:00"),
        # noon and the small hours said so are left as they are
        ("今天中午十二点半关", "12-16 08:00", "12-16 12:30"),
        ("凌晨零点半关帖", "12-16 20:00", "12-16 00:30"),
    ],
)
def test_half_past_twelve_at_night_is_the_next_date(text: str, posted: str, want: str) -> None:
    at = datetime.strptime(f"2026-{posted}", "%Y-%m-%d %H:%M").replace(tzinfo=TZ)
    assert [w for w, role, _ in roles(text, at) if role == "closes"] == [want]


def test_a_phase_ordinal_is_no_part_of_the_hour_after_it() -> None:
    # 4日 in digits is the 4th of the month; 环节三零点 is 环节三 at 0:00, never 环节 at 30:00 / 20:00
    at = datetime(2026, 12, 2, 21, 0, tzinfo=TZ)
    got = [(f"{p.at:%m-%d %H:%M}", p.role, p.phase) for p in find_points("4日环节三零点开", at, TZ)]
    assert got == [("12-04 00:00", "opens", 3)]
    got = [(f"{p.at:%m-%d %H:%M}", p.role, p.phase) for p in find_points("环节二九点关", at, TZ)]
    assert got == [("12-02 21:00", "closes", 2)]


def test_a_range_to_midnight_said_in_words() -> None:
    assert ranges("今儿个全天，零点到半夜十二点") == [("12-16 00:00", "12-16 23:59", None)]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a standing schedule, as a footer repeats it under every post: no day's own times
        ("日程：每日 09:00 开 / 21:30 关", []),
        ("【本局日程】首日 12/15 09:00 – 12/16 21:30；此后每日 09:00 – 21:30", []),
        ("【本局日程】一般两天一关，逢周末加一天，每日 22:00 关帖", []),
        ("赛程：每天 10:00 开帖，22:00 关帖", []),
        ("作息：平时 21:00 截止，周末 22:00", []),
        # twins: a schedule line of one day, or of a change, is read
        (
            "【日程】第5日　开帖：09:00　关帖：21:30",
            [("12-16 09:00", "opens", False), ("12-16 21:30", "closes", False)],
        ),
        (
            "日程：今日 21:30 关，明日 09:00 开",
            [("12-16 21:30", "closes", False), ("12-17 09:00", "opens", False)],
        ),
        ("日程调整：此后每日 22:00 关帖", [("12-16 22:00", "closes", False)]),
    ],
)
def test_a_standing_schedule_gives_no_day(
    text: str, want: list[tuple[str, str | None, bool]]
) -> None:
    assert roles(text) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a close said by the hour alone, in words, is the evening's
        ("今儿个还是九点半关。", [("12-16 21:30", "closes", False)]),
        ("延时没过，还是九点关。", [("12-16 21:00", "closes", False)]),
        ("照常十点截止。", [("12-16 22:00", "closes", False)]),
        # the evening in dialect before its hour
        ("今儿个黑了九点半关门", [("12-16 21:30", "closes", False)]),
        ("不加速噢，夜到九点钟照常关。", [("12-16 21:00", "closes", False)]),
        # twins: a morning said so, a clock in figures, an opening, a delay overnight stay
        ("明早九点关门。", [("12-17 09:00", "closes", False)]),
        ("上午十点截止。", [("12-16 10:00", "closes", False)]),
        ("本帖 10:00 关帖。", [("12-16 10:00", "closes", False)]),
        ("九点开门。", [("12-16 09:00", "opens", False)]),
        ("夜儿个黑了死了俩。", []),
    ],
)
def test_a_close_by_the_hour_alone_is_the_evenings(
    text: str, want: list[tuple[str, str | None, bool]]
) -> None:
    assert roles(text) == want


def test_the_day_named_right_after_an_opening() -> None:
    days = [
        (p.role, p.day) for p in find_points("【第一日投票结果】\n明早9点第二日开帖。", POSTED, TZ)
    ]
    assert days == [("opens", 2)]
    days = [
        (p.role, p.day)
        for p in find_points("【第三日】\n明天 10:00 开门，第四日最后一天", POSTED, TZ)
    ]
    assert days == [("opens", 3)]  # twin: a day said in another clause


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("第二日夜间，芒果 出局。\n明早 09:00 开帖，21:30 关帖。", None),  # a sentence about day 2
        ("第一日，黄瓜 当选警长。\n周日 22 点关。", None),
        ("Day 4, 番茄 被投出。\n21:00 关门。", None),
        ("第二日\n明早 09:00 开帖，21:30 关帖。", 2),  # a header over the lines below
        ("【第三天】\n21:00 关门。", 3),
        ("第四天日程\n21:00 关门。", 4),
    ],
)
def test_a_day_label_that_a_sentence_follows_heads_no_line_below(
    text: str, day: int | None
) -> None:
    points = [p for p in find_points(text, POSTED, TZ) if p.role]
    assert points and all(p.day == day for p in points), points


def labelled(text: str, posted: datetime = POSTED) -> list[tuple[str, str | None, int | None]]:
    """Each time read outside a range, with its role and the 第N天 it was given."""
    return [(f"{p.at:%H:%M}", p.role, p.day) for p in find_points(text, posted, TZ) if not p.wrong]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a line that tells a past day's events or night is no header over the times below
        # (the header above it keeps its day)
        ("第三天的事：\n第二天夜里，阿猫 被杀了。\n今晚 21:00 关门。", [("21:00", "closes", 3)]),
        ("第四日晚上平安无事。\n明早九点开门。", [("09:00", "opens", None)]),
        ("第2天 投票结果：阿狗 出局\n关帖 22:00", [("22:00", "closes", None)]),
        ("第一天，小鱼 当选为警长！\n今天 20:30 截止", [("20:30", "closes", None)]),
        ("第五夜 阿猫 被毒，阿狗 殉情。\n本日开帖 10:00", [("10:00", "opens", None)]),
        ("Day 3 猎人开枪带走了 小鱼\n23:00 关", [("23:00", "closes", None)]),
        # twins: a header that opens the day, or states its schedule, still labels the times
        ("第三天开门啦\n今晚 21:00 关门。", [("21:00", "closes", 3)]),
        ("第四日日程\n明早九点开门。", [("09:00", "opens", 4)]),
        ("【第二天】\n关帖 22:00", [("22:00", "closes", 2)]),
        ("第一天 环节一\n今天 20:30 截止", [("20:30", "closes", 1)]),
        ("第五天的投票时间\n本日开帖 10:00", [("10:00", "opens", 5)]),
    ],
)
def test_a_line_telling_a_days_events_heads_no_times(
    text: str, want: list[tuple[str, str | None, int | None]]
) -> None:
    assert labelled(text) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a day put back to a time and then opened: an opening, not a close
        ("第六天推到明早 10:00 开门", [("12-17 10:00", "opens", False)]),
        ("开门挪到 11:00 开帖", [("12-16 11:00", "opens", False)]),
        ("第三日移到12月18日 09:00 开放", [("12-18 09:00", "opens", False)]),
        # twins: put back to a time that closes
        ("第六天推到明晚 23:00 关门", [("12-17 23:00", "closes", True)]),
        ("今天挪到 22:30 关帖", [("12-16 22:30", "closes", False)]),
        # a delay granted moves one day's close; a later day's close in the post is its own
        (
            "延时通过（7/9）。\n第二日延到 23:30 关帖。\n第三日 12月17日 09:00 开帖，22:00 关帖。",
            [
                ("12-16 23:30", "closes", True),
                ("12-17 09:00", "opens", False),
                ("12-17 22:00", "closes", False),
            ],
        ),
        (
            "同意延时！D4 延至 12月17日 12:00 关；D5 12月18日 22:00 关",
            [("12-17 12:00", "closes", True), ("12-18 22:00", "closes", False)],
        ),
        # twin: the same day's close after the delay granted is the new one
        ("延时成功。\n第二日 23:30 关帖。", [("12-16 23:30", "closes", True)]),
        # a request said in an earlier clause leaves the delay the director states
        ("延时申请收到了，第二日延到明天中午十二点", [("12-17 12:00", "closes", True)]),
        ("大家的申请我看了，今天延长至 23:00", [("12-16 23:00", "closes", True)]),
        # twin: the request's own deadline
        ("延时申请截止 18:00", [("12-16 18:00", None, False)]),
        # a change in a post that speeds the day up is an earlier close, no delay
        ("加速通过。第四日加速，改为 17:00 关帖。", [("12-16 17:00", "closes", False)]),
        ("今日加速！关门改到 19:00", [("12-16 19:00", "closes", False)]),
        # twin: a change with no acceleration is a new deadline
        ("第四日改为 23:00 关帖。", [("12-16 23:00", "closes", True)]),
    ],
)
def test_a_moved_day_opens_and_closes_its_own(
    text: str, want: list[tuple[str, str | None, bool]]
) -> None:
    assert roles(text) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a delay to a day said by its name with its date in brackets: the delay's new close
        ("第二天延到下礼拜一（21号）晚上十点关", [("12-21 22:00", "closes", True)]),
        ("今天延到初二（17号）晚上九点关门", [("12-17 21:00", "closes", True)]),
        ("D2 推迟到周五（12/18）22:00 关帖", [("12-18 22:00", "closes", True)]),
        ("关门延至下周一（21日）中午12点", [("12-21 12:00", "closes", True)]),
        ("延长到这个礼拜四（17号）晚上十一点关", [("12-17 23:00", "closes", True)]),
        # twins: the same day named without a delay's word closes as stated
        ("第二天下礼拜一（21号）晚上十点关", [("12-21 22:00", "closes", False)]),
        ("周五（12/18）22:00 开帖", [("12-18 22:00", "opens", False)]),
        # a close kept as it was (照样, 照关), after a request the director turns down
        (
            "延时的申请我看到了，但是规则没有延时，今天照样九点半关",
            [("12-16 21:30", "closes", False)],
        ),
        ("加速申请 4 人，不够！今天 21:00 照关！", [("12-16 21:00", "closes", False)]),
        ("大家要延时，可是人数不够，22:00 照常关门", [("12-16 22:00", "closes", False)]),
        ("今天照样 22:00 关帖", [("12-16 22:00", "closes", False)]),
        # twins: the request's own deadline, and one still open
        ("延时申请照样 18:00 截止", [("12-16 18:00", None, False)]),
        ("有人申请延时，申请 18:00 截止", [("12-16 18:00", None, False)]),
    ],
)
def test_a_named_day_and_a_close_kept(text: str, want: list[tuple[str, str | None, bool]]) -> None:
    assert roles(text) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a 环节's whole day, its name or verb between, in other words, or on the next line
        ("进入环节二 可疑者辩论投票，全天。", [("12-16 00:00", "12-16 23:59", None)]),
        ("第二天环节一开始咯，今天一整天哈。", [("12-16 00:00", "12-16 23:59", 2)]),
        ("第六日。环节一。\n全天。", [("12-16 00:00", "12-16 23:59", 6)]),
        ("环节三 高票对决，全天！", [("12-16 00:00", "12-16 23:59", None)]),
        ("今天是环节二，整整一天。", [("12-16 00:00", "12-16 23:59", None)]),
        ("D3 环节一 投票 整天", [("12-16 00:00", "12-16 23:59", 3)]),
        # twins: a whole day denied, halved, or said of something else
        ("环节二不是全天", []),
        ("环节一只有半天，不是全天", []),
        ("环节二没全天", []),
        ("今天一整天都在开会", []),
        ("环节一整天都不开", []),
    ],
)
def test_a_phases_whole_day_in_other_words(
    text: str, want: list[tuple[str, str, int | None]]
) -> None:
    assert ranges(text) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a day's part named as a topic (今天的话) supposes nothing; 的话 after a condition does
        ("今天的话，讨论到晚上十点为止。", [("12-16 22:00", "closes", False)]),
        ("延时成功的话，讨论到晚上十一点为止。", []),
        # a time taken as a deadline: 之前 right after it, or 在那之前 in its sentence
        ("晚上十点之前把票投完。", [("12-16 22:00", "closes", False)]),
        ("今晚十点，钟声会再次响起，在那之前把票投好。", [("12-16 22:00", "closes", False)]),
        # … not the night's actions, nor a moment's votes, nor a bell that only rings
        ("晚上八点之前把行动发给法官。", [("12-16 20:00", None, False)]),
        ("22:00 之前的票都算数。", [("12-16 22:00", None, False)]),
        ("明早8点之前公示结果。", [("12-17 08:00", None, False)]),
        ("今晚十点，钟声会再次响起。", [("12-16 22:00", None, False)]),
        # each clause its own verb: the second time closes, though 开门 comes before it
        (
            "此后每天：早上八点开门，晚上十点钟响收场。",
            [("12-16 08:00", "opens", False), ("12-16 22:00", "closes", False)],
        ),
        # the old close set against the new one (不在…而是): the new one stands
        ("今晚不在九点半，而是十点半关门。", [("12-16 22:30", "closes", False)]),
    ],
)
def test_a_story_s_deadlines(text: str, want: list[tuple[str, str | None, bool]]) -> None:
    assert roles(text) == want


def test_a_start_then_until_when_is_a_range() -> None:
    assert ranges("第二幕：今天上午九点开始，直到明天晚上十点为止。") == [
        ("12-16 09:00", "12-17 22:00", None)
    ]
    # 起，至 … 止 stays two times (each read alone)
    assert ranges("本日 09:00 起，至 21:30 止") == []


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a standing hour after 每天 takes no date said before it: today's
        (
            "明天周四、后天周五照常，每天早九点开晚九点半关。",
            [("12-16 09:00", "opens", False), ("12-16 21:30", "closes", False)],
        ),
        # … a date said for the day itself still counts
        ("后天晚上九点半关门。", [("12-18 21:30", "closes", False)]),
        # 落锁 closes, in its own clause after an opening's
        ("第二日大厅开放，今晚九点半落锁。", [("12-16 21:30", "closes", False)]),
        # what was written wrong, then its fix: no delay (a delay said so is one)
        ("关帖时间写成了20:30，改为21:30。", [("12-16 21:30", "closes", False)]),
        ("关帖时间改为21:30。", [("12-16 21:30", "closes", True)]),
        # a terse writer's 明 before a clock is 明天
        ("D6 开。明 2200 关。", [("12-17 22:00", "closes", False)]),
        ("说明 2200 关", [("12-16 22:00", "closes", False)]),
    ],
)
def test_standing_hours_locks_fixes_and_terse_days(
    text: str, want: list[tuple[str, str | None, bool]]
) -> None:
    assert roles(text) == want


def test_midnight_tonight_is_no_noon() -> None:
    midnight = datetime(2026, 12, 16, 0, 0, tzinfo=TZ)
    assert ranges("第一天环节一，从今晚零点到夜里十二点。", midnight) == [
        ("12-16 00:00", "12-16 23:59", 1)
    ]
    assert ranges("今晚八点到十点", midnight) == [("12-16 20:00", "12-16 22:00", None)]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # the hour of the day's decision, said right after it, is the close
        ("今晚九点半，是最后的审判。", [("12-16 21:30", "closes", False)]),
        ("今晚九点，又要做出选择。", [("12-16 21:00", "closes", False)]),
        # … not someone else's choice, nor a decision supposed
        ("今晚九点，狼人将做出选择。", [("12-16 21:00", None, False)]),
        ("如果今晚九点，又要做出选择呢", []),
    ],
)
def test_the_hour_of_the_days_decision(text: str, want: list[tuple[str, str | None, bool]]) -> None:
    assert roles(text) == want


def test_the_phase_said_after_a_range_and_its_comma() -> None:
    (r,) = find_ranges("今日（16号）零点至二十四点，为试探性投票时间。", POSTED, TZ)
    assert (r.phase, f"{r.opens:%m-%d %H:%M}") == (1, "12-16 00:00")
    # a phase told of in the next sentence is not the range's
    (r,) = find_ranges("今日零点至二十四点。环节二另行通知。", POSTED, TZ)
    assert r.phase is None


def test_a_close_said_of_yesterday_is_a_recap() -> None:
    # the day before's close, recalled as a cause: neither this day's close nor a new delay
    recalled = find_points("由于前晚拖到十一点半才关，今天十点开，晚上九点半截票。", POSTED, TZ)
    assert [(f"{p.at:%H:%M}", p.role, p.delay) for p in recalled] == [
        ("23:30", None, False),
        ("10:00", "opens", False),
        ("21:30", "closes", False),
    ]
    # twins: yesterday's announcement of tonight's close, and the day's own clause after a comma
    (told,) = find_points("昨天已经宣布：今晚十一点关帖。", POSTED, TZ)
    assert told.role == "closes"
    (own,) = find_points("由于昨天延时，第四日改为晚上十点关。", POSTED, TZ)
    assert (own.role, own.day) == ("closes", 4)
    # a recap that names its day keeps it (昨天（第三日）延时到 22:30: day 3's delay)
    (named,) = find_points("昨天（第三日）延时到二十二点半。", POSTED, TZ)
    assert (named.role, named.delay, named.day) == ("closes", True, 3)


def test_a_summary_s_weekday_is_of_the_week_behind_it() -> None:
    # posted on Wednesday 12-16: a summary's 周一 is the Monday before, not the next one
    summary = "【三日回顾】\n第二日：周一 加速，周一晚八点关，投出 纸鸢。"
    assert [(f"{p.at:%m-%d %H:%M}", p.role) for p in find_points(summary, POSTED, TZ)] == [
        ("12-14 20:00", "closes")
    ]
    # twins: a summary's named week (下周一) ahead, and a plain post's bare weekday ahead
    ahead = "【三日回顾】\n第五日下周一晚八点关。"
    assert [f"{p.at:%m-%d}" for p in find_points(ahead, POSTED, TZ)] == ["12-21"]
    plain = "第五日周一晚八点关。"
    assert [f"{p.at:%m-%d}" for p in find_points(plain, POSTED, TZ)] == ["12-21"]


SPRING = datetime(2027, 3, 10, 15, 0, tzinfo=TZ)  # so many of so many reads as a date nearby


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a count written as a fraction, after its count's words or before its unit: no date
        ("延时申请其实没过（4/9），不延时，21:30 照常关门。", [("03-10 21:30", "closes", False)]),
        ("支持加速的目前 5/11，22:00 照常关。", [("03-10 22:00", "closes", False)]),
        ("4/12 票，没过半，20:00 关门。", [("03-10 20:00", "closes", False)]),
        # the twins: a date in brackets after a weekday, a date a clock follows
        ("周五（3/12）21:30 关门。", [("03-12 21:30", "closes", False)]),
        ("延时 3/12 02:00 关门。", [("03-12 02:00", "closes", True)]),
    ],
)
def test_a_fraction_that_counts_is_no_date(
    text: str, expected: list[tuple[str, str, bool]]
) -> None:
    assert roles(text, SPRING) == expected


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a 点 of amount (还差一点, 有一点, 快一点, 晚一点, 一点点) is no clock
        ("加速票还差一点，今天照常 21:30 关门。", [("12-16 21:30", "closes", False)]),
        ("大家发言快一点，今晚十点关。", [("12-16 22:00", "closes", False)]),
        ("能不能晚一点关门？", []),
        ("有一点急，一点也不乱，22:00 截止。", [("12-16 22:00", "closes", False)]),
        # the twins: the hour one o'clock, alone or with its part of the night
        ("一点关门。", [("12-16 01:00", "closes", False)]),
        # (晚上一点 posted at 08:00 is the coming night's, as 今晚一点 is)
        ("晚上一点关帖。", [("12-17 01:00", "closes", False)]),
        ("今晚一点关帖。", [("12-17 01:00", "closes", False)]),
        (
            "下午一点开门，十一点关。",
            [("12-16 13:00", "opens", False), ("12-16 23:00", "closes", False)],
        ),
    ],
)
def test_a_point_of_amount_is_no_clock(text: str, want: list[tuple[str, str | None, bool]]) -> None:
    assert roles(text) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # the 环节 said after its range, after a colon or in brackets
        (
            "今日（12月16日）0:00 至 24:00：环节一，先摸底投票。",
            [("12-16 00:00", "12-16 23:59", 1)],
        ),
        ("本日营业：12月16日 0:00 — 24:00（环节二）。", [("12-16 00:00", "12-16 23:59", 2)]),
        # the twins: a 环节 the words after it place elsewhen, a result of it
        ("12月16日 0:00 至 24:00，环节一结束后公布票型。", [("12-16 00:00", "12-16 23:59", None)]),
        ("20:00 至 24:00：环节一的结果公示。", [("12-16 20:00", "12-16 23:59", None)]),
    ],
)
def test_the_phase_said_after_a_range_s_colon_or_bracket(
    text: str, want: list[tuple[str, str, int | None]]
) -> None:
    assert [
        (f"{r.opens:%m-%d %H:%M}", f"{r.closes:%m-%d %H:%M}", r.phase)
        for r in find_ranges(text, POSTED, TZ)
    ] == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a director breaks off after a time and says another: the first is taken back
        (
            "加速成功，今天提前：下午四点……不，六点（18:00）结算。",
            [("12-16 18:00", "closes", False)],
        ),
        ("今晚九点——不对，今晚九点半关门。", [("12-16 21:30", "closes", False)]),
        # the twins: a 不 that goes on into its own words
        ("今晚 21:30 关门，不延时。", [("12-16 21:30", "closes", False)]),
        ("今晚九点关，不对外公布票型。", [("12-16 21:00", "closes", False)]),
    ],
)
def test_a_time_corrected_inside_its_line(
    text: str, want: list[tuple[str, str | None, bool]]
) -> None:
    assert roles(text) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a log of one word a line: the day's verb, or a date, is said with the time under it
        (
            "四\n开\n10:00\n关\n周五\n22:00\n夜\n甲",
            [("12-16 10:00", "opens", False), ("12-18 22:00", "closes", False)],
        ),
        ("三\n夜\n平安\n关\n晚九点半", [("12-16 21:30", "closes", False)]),
        # the twins: a verb whose next line is a name, a time with no verb above it
        ("开\n甲\n关\n乙", []),
        ("五\n加速\n18:00", [("12-16 18:00", None, False)]),
    ],
)
def test_a_log_of_one_word_a_line(text: str, want: list[tuple[str, str | None, bool]]) -> None:
    assert roles(text) == want


def test_a_break_after_other_words_takes_back_no_time() -> None:
    # the date after the opening is corrected, not the opening
    assert roles("第一日上午九点开门，大后天……不，后天晚上十点关门。") == [
        ("12-16 09:00", "opens", False),
        ("12-18 22:00", "closes", False),
    ]


_POSTED = datetime(2026, 11, 21, 18, 0, tzinfo=TZ)


def _closes(text: str) -> list[tuple[str, bool]]:
    return [
        (p.at.strftime("%d %H:%M"), p.delay)
        for p in find_points(text, _POSTED, TZ)
        if p.role == "closes"
    ]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a show's own verbs for the close, an arrow moving it
        ("收台　11/21 22:00 → 23:00", [("21 22:00", False), ("21 23:00", True)]),
        ("明天（11/22）22:00　收台", [("22 22:00", False)]),
        ("今晚 21:30 下播，大家晚安", [("21 21:30", False)]),
        # a close stated, not a result told of it
        ("今晚 22:00 结算，得票最高者出局", [("21 22:00", False)]),
        ("今晚 22:00 结算，出局结果明早公布", [("21 22:00", False)]),
        ("今晚22:00关帖，昨晚没有人出局", [("21 22:00", False)]),
        # a question reported earlier in the sentence, then answered: the answer stands
        ("有人问是不是会延时，目前不变，还是今晚 22:00 关帖", [("21 22:00", False)]),
    ],
)
def test_a_close_in_a_directors_own_words(text: str, want: list[tuple[str, bool]]) -> None:
    assert _closes(text) == want


@pytest.mark.parametrize(
    "text",
    [
        # a result told with the close it came at: a report, no schedule and no delay
        "昨天 21:30 结算：香菇 6 票出局。",
        "延时至 23:00 结算，木耳 出局。",
        "第三日 20:00 结算，出局 竹笋。",
        # a time asked about, not stated
        "收台是不是 22:00 → 23:00？",
        "是不是延长到23:00？",
        "今晚 23 点关帖吗",
    ],
)
def test_a_close_told_or_asked_is_no_close(text: str) -> None:
    assert _closes(text) == []


MONDAY = datetime(2026, 12, 14, 10, 0, tzinfo=TZ)


@pytest.mark.parametrize(
    ("text", "posted", "want"),
    [
        # a postponement said "from … to …" with 由 as with 从, past midnight: the new close only
        ("环节二 截止由 24:00 推迟到明天 02:00。", POSTED, [("12-17 02:00", "closes", True)]),
        ("如果截止由 24:00 推迟到明天 02:00，我再通知。", POSTED, []),
        # the close planned at first (本来, 原先), moved later in its line: the new one only
        ("本来 21:30 关帖，延时通过了，改 23:00。", POSTED, [("12-16 23:00", "closes", True)]),
        ("按本来的 21:30 关帖，不延时。", POSTED, [("12-16 21:30", "closes", False)]),
        # a request decided in the clause after its count: the time after it is the day's
        ("延时申请 6/10，延时通过，今晚十一点关帖。", POSTED, [("12-16 23:00", "closes", True)]),
        ("加速申请 5/8，加速成功，今晚七点结算。", POSTED, [("12-16 19:00", "closes", False)]),
        ("加速申请 3/8，加速失败，今晚十点照常结算。", POSTED, [("12-16 22:00", "closes", False)]),
        # … not a request still open: its deadline is no close
        ("加速申请 3/8，申请今晚 18:00 截止。", POSTED, [("12-16 18:00", None, False)]),
        # a delay of a day the sentence names, told with its outcome: that day's, before the post
        ("第五日 延时至周日 23:30 结算，阿福 出局。", MONDAY, [("12-13 23:30", "closes", True)]),
        (
            "昨天第五日原定 21:00 截止，延长到 22:30 结算，小红 出局。",
            POSTED,
            [("12-15 22:30", "closes", True)],
        ),
        # … with no day named it is a result's report, no close
        ("延时至 23:30 结算，阿福 出局。", MONDAY, [("12-14 23:30", None, False)]),
    ],
)
def test_a_close_moved_planned_decided_or_told(
    text: str, posted: datetime, want: list[tuple[str, str | None, bool]]
) -> None:
    assert roles(text, posted) == want


def test_a_ranges_label_is_its_own_sentence() -> None:
    """The words before a range in the sentences before it (昨夜 X 出局。) are no label of it."""
    (r,) = find_ranges("昨夜 阿福 出局。今天 09:00–21:00。", POSTED, TZ)
    assert (f"{r.opens:%H:%M}", f"{r.closes:%H:%M}", r.label) == ("09:00", "21:00", "")
    (n,) = find_ranges("第二夜：20:00–24:00 写遗言。", POSTED, TZ)
    assert n.label == "第二夜"


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # how long someone kept silent is no 环节's hours
        ("环节一 结束：阿福 在环节一 整天 没发言，按潜水处理。", []),
        ("环节二 整天都不在的人，记潜水一次。", []),
        ("环节一开始咯，今天一整天。", [("12-16 00:00", "12-16 23:59")]),
    ],
)
def test_a_whole_day_said_of_someone_silent_is_no_phase(
    text: str, want: list[tuple[str, str]]
) -> None:
    assert [
        (f"{r.opens:%m-%d %H:%M}", f"{r.closes:%m-%d %H:%M}") for r in find_ranges(text, POSTED, TZ)
    ] == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # the round before, in a game's own counter word, told after it: a recap, no close
        ("上一回合加速，20:30 结算，阿福 出局。", [("12-16 20:30", None, False)]),
        (
            "上一轮 21:00 关帖。今天 22:00 关帖。",
            [("12-16 21:00", None, False), ("12-16 22:00", "closes", False)],
        ),
        # … the next one is this post's schedule
        ("下一轮 22:00 关帖。", [("12-16 22:00", "closes", False)]),
    ],
)
def test_the_round_before_is_yesterday(text: str, want: list[tuple[str, str | None, bool]]) -> None:
    assert roles(text) == want


# --- session 40: an opening moved beside a close kept, a recap of yesterday under today's
# label, a range by weekday and arrow


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # the opening put back, the close said unchanged: no delay, whatever the theme's words
        (
            "第三天，签到时间推迟到上午十点，收摊时间晚上九点不变。",
            [("12-16 10:00", "opens", False), ("12-16 21:00", "closes", False)],
        ),
        (
            "第三天，开门改到 10:30，关门照旧 22:00。",
            [("12-16 10:30", "opens", False), ("12-16 22:00", "closes", False)],
        ),
        # the same time asked about before it: read where the moved time itself stands
        (
            "有人问能不能上午十点？可以，签到时间推迟到上午十点，收摊时间晚上九点不变。",
            [("12-16 10:00", "opens", False), ("12-16 21:00", "closes", False)],
        ),
        # the close itself moved, and a moment after it: still a delay
        ("关帖推迟到 22:00，23:00 后照常禁言。", [("12-16 22:00", "closes", True)]),
        # supposed: nothing stated
        ("如果开门推迟到 10:00，关门 21:30 不变吗", []),
    ],
)
def test_an_opening_moved_beside_a_close_kept(
    text: str, want: list[tuple[str, str | None, bool]]
) -> None:
    assert [r for r in roles(text) if r[1] is not None] == want


def test_a_recap_of_yesterday_under_todays_label_is_the_day_before() -> None:
    points = find_points("第五天！昨天加速，晚上七点就结束了。\n今晚九点关门。", POSTED, TZ)
    assert [(p.day, p.at.strftime("%m-%d %H:%M")) for p in points] == [
        (4, "12-15 19:00"),
        (None, "12-16 21:00"),
    ]
    # a sentence that names its own day keeps it
    points = find_points("第五天：昨天说好的，第五天 21:00 关门。", POSTED, TZ)
    assert [p.day for p in points] == [5]


def test_a_range_by_weekdays_and_an_arrow() -> None:
    assert ranges("D6 周五 10:00 → 周日 22:00") == [("12-18 10:00", "12-20 22:00", 6)]
    # an arrow that moves a close is no range
    assert ranges("关门 周五 21:30 → 周五 23:00") == []


def test_a_range_after_a_date_on_its_line_is_that_date_s() -> None:
    """(s41-disc-ev, the seed's schedule form) 12月1日，时间为0:00-24:00: the date written before
    the range on its line dates it, not the post's own date; a range alone keeps the post's."""
    from zoneinfo import ZoneInfo

    from auditor.game.when import find_ranges

    tz = ZoneInfo("Asia/Shanghai")
    posted = datetime(2026, 11, 30, 20, 0, tzinfo=tz)
    (r,) = find_ranges("【环节一】试探性投票，12月1日，时间为0：00-24：00", posted, tz)
    assert (r.opens.date().isoformat(), r.phase) == ("2026-12-01", 1)
    (own,) = find_ranges("【环节一】时间为0：00-24：00", posted, tz)
    assert own.opens.date().isoformat() == "2026-11-30"


def test_a_close_told_by_its_venue_then_the_verb() -> None:
    # the thing that closes between the time and its verb (a gate, a door, a counter):
    # the time still closes the day, in its own clause after an opening's
    got = roles("12月3日 9:00 开放，12月4日（周五）21:30 检票口关闭。")
    assert [r for _t, r, _d in got] == ["opens", "closes"]
    assert roles("明晚 21:30 大门关闭")[-1][1] == "closes"
    # negative twins: a moment after which something else shuts, another thing's window
    assert roles("9:00 开放，21:30 后关闭改票")[-1][1] is None
    assert roles("9:00 开放，20:00 遗言帖关闭")[-1][1] is None


def test_a_close_made_on_the_spot_is_told_with_its_outcome() -> None:
    # closed before its time, on the spot (a majority reached): the day's close, though the
    # sentence tells the outcome with it
    assert roles("过半——第2天 15:20 当场收摊，杜鹃 出局。")[-1][1] == "closes"
    # negative twins: the schedule's close reported with its outcome; the rule in general
    assert roles("21:30 收摊，杜鹃 出局。")[-1][1] is None
    assert roles("过半就当场收摊。") == []
    # a past game's, told with 了: no close of this day
    assert roles("上回那场 15:20 当场收摊了，这次照规则来。")[-1][1] is None


def test_an_errand_after_a_venue_is_no_close() -> None:
    # after a venue only a whole close word (关闭/关门) closes; a bare 关 there is an errand,
    # (a bare 收 for 收拾: see test_discover_times, the close is not moved)
    assert roles("我 20:30 回房间关空调")[-1][1] is None
    assert roles("明早 7 点在楼门口关照一下新人")[-1][1] is None
    # twins: the venue's whole close word, a bare close verb
    assert roles("明晚 21:30 侧门关门")[-1][1] == "closes"
    assert roles("今晚 21:30 收")[-1][1] == "closes"


def test_a_date_then_its_whole_day_in_other_words() -> None:
    # the whole day said after a comma, under a line that ends on the 环节 it heads
    posted = datetime(2036, 8, 16, 0, 2, tzinfo=TZ)
    (r,) = find_ranges("环节一未决，\n船继续划向环节二：\n8月16日，一整天。", posted, TZ)
    assert (r.opens.day, r.opens.hour, r.closes.day, r.phase) == (16, 0, 16, 2)
    assert find_ranges("8月16日，一整天都没上线", posted, TZ) == []


def test_a_line_ending_on_a_phase_and_a_colon_heads_the_lines_below() -> None:
    posted = datetime(2036, 8, 16, 0, 2, tzinfo=TZ)
    (r,) = find_ranges("接下来进入第三环节：\n8月17日 0:00-24:00", posted, TZ)
    assert r.phase == 3
    # a day named on the line keeps the line's own reading (第二日 环节三：)
    (r,) = find_ranges("第二日的安排，环节三：\n8月17日 0:00-24:00", posted, TZ)
    assert r.phase == 3


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # one time said to open, the other in the theme's own word: the day's other bound
        ("第2日 09:00 起飞、21:30 落地。", [("opens", "09:00"), ("closes", "21:30")]),
        ("今天零点开灶，晚上十二点熄火。", [("opens", "00:00"), ("closes", "23:59")]),
        ("环节一：0:00 起飞，24:00 落地。", [("opens", "00:00"), ("closes", "23:59")]),
        # a moment, another window, or a time before the opening: no bound
        ("09:00 开门，21:00 前投完票。", [("opens", "09:00"), (None, "21:00")]),
        # an earlier time beside a close is not taken for the opening (the hour it is now)
        ("18:00 了，21:30 关帖。", [(None, "18:00"), ("closes", "21:30")]),
        ("09:00 开门，08:00 发夜间结果。", [("opens", "09:00"), (None, "08:00")]),
        ("09:00 开门，20:00 开始写遗言。", [("opens", "09:00"), (None, "20:00")]),
        # an event inside the day is no ending (review 43 item 1): the close needs its verb
        ("第3天 9:00 开门，12:00 午休", [("opens", "09:00"), (None, "12:00")]),
        ("今天 09:00 开帖，15:00 导演发线索", [("opens", "09:00"), (None, "15:00")]),
        ("第3天 9:00 开门，18:00 有个小活动", [("opens", "09:00"), (None, "18:00")]),
        ("08:00 开张，14:00 换班，大家别慌", [("opens", "08:00"), (None, "14:00")]),
        ("10:00 开业，19:00 抽奖", [("opens", "10:00"), (None, "19:00")]),
        ("今天 08:30 开门，22:00 打烊", [("opens", "08:30"), ("closes", "22:00")]),
        ("环节二 今天 0 点入场，24 点清场。", [("opens", "00:00"), ("closes", "23:59")]),
        ("7:00 开门，20:00 天黑。", [("opens", "07:00"), ("closes", "20:00")]),
    ],
)
def test_a_lines_other_time_is_the_days_other_bound(
    text: str, want: list[tuple[str | None, str]]
) -> None:
    posted = datetime(2035, 3, 7, 8, 0, tzinfo=TZ)
    got = [(p.role, f"{p.at:%H:%M}") for p in find_points(text, posted, TZ)]
    assert got == want


def test_packing_up_is_no_close() -> None:
    # 拾 is ten only inside a number: 收拾 is a word (not 收十, not a close at 20:30)
    posted = datetime(2036, 8, 7, 9, 0, tzinfo=TZ)
    assert [p.role for p in find_points("20:30 马上收拾行李", posted, TZ)] == [None]
    assert [(p.role, p.at.hour) for p in find_points("贰拾叁点关帖", posted, TZ)] == [
        ("closes", 23)
    ]


@pytest.mark.parametrize(
    "text",
    [
        # review 43 item 11: 拾 is ten only in a number, never 收拾 before a plain digit
        "帖子我收拾一点，今晚关帖",
        "大家收拾一点东西，准备关门了",
        "收拾九点前的残局，关门",
        "先收拾三天的烂摊子，再说关门的事",
        "收拾点东西准备关门",
        "我去捡拾一点柴火，关门吧",
    ],
)
def test_packing_up_before_a_digit_is_no_time(text: str) -> None:
    posted = datetime(2036, 8, 7, 9, 0, tzinfo=TZ)
    assert all(
        p.role is None and p.at.hour not in (10, 11, 13, 19, 23)
        for p in find_points(text, posted, TZ)
    ), find_points(text, posted, TZ)


def test_a_number_in_financial_digits_still_folds() -> None:
    posted = datetime(2036, 8, 7, 9, 0, tzinfo=TZ)
    for text, hour in (("拾点关门", 22), ("第拾日 贰拾壹点关帖", 21), ("今晚拾壹点关帖", 23)):
        assert [(p.role, p.at.hour) for p in find_points(text, posted, TZ)] == [("closes", hour)]


def test_a_dated_evening_in_dialect_is_a_days_close() -> None:
    """The rules thread's schedule in 四川话 (fh48c: 12月2日黑了十点) reads as the day thread's
    same words do (明天黑了十点): 黑了 after a date is the evening of that date."""
    (r,) = find_ranges("第二天：12月17号早上九点 到 12月18日黑了九点半", POSTED, TZ)
    assert (r.opens.strftime("%m-%d %H:%M"), r.closes.strftime("%m-%d %H:%M")) == (
        "12-17 09:00",
        "12-18 21:30",
    )
    # twin: the night a date names, no hour after it, is no time
    assert find_points("12月17日黑了就闭眼。", POSTED, TZ) == []
