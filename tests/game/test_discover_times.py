"""Times a director writes in prose (auditor.game.when): a 环节's schedule told in a story
(明早0点整，第二天的环节一开始，同样到24点结束), a day of the month alone (环节二 13 日全天),
a verb apart from its time, a delay to a new close (延至, extended to), and the windows that
are not a day's (遗言, 维护, 改票, a request's deadline).  Sentences written for these tests.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from auditor.game.when import find_points, find_ranges

TZ = ZoneInfo("Asia/Shanghai")
WED = datetime(2026, 12, 9, 19, 30, tzinfo=TZ)  # a Wednesday evening


def _points(text: str) -> list[tuple[str | None, str, int | None, int | None, bool]]:
    return [
        (p.role, p.at.strftime("%m-%d %H:%M"), p.day, p.phase, p.delay)
        for p in find_points(text, WED, TZ)
        if p.role and not p.wrong
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the verb apart from its time, the 环节 and the day after it in the sentence
        (
            "明早0点整，第三天的环节一开始，同样到24点结束。",
            [("opens", "12-10 00:00", 3, 1, False), ("closes", "12-10 23:59", 3, 1, False)],
        ),
        (
            "今天零点起进入【环节二】，到晚上十二点为止。",
            [("opens", "12-09 00:00", None, 2, False), ("closes", "12-09 23:59", None, 2, False)],
        ),
        ("第四天 环节一 明日 0:00。", [("opens", "12-10 00:00", 4, 1, False)]),
        # opened at midnight and said to last the whole day
        (
            "明日零点，第二天环节一开始，全天。",
            [("opens", "12-10 00:00", 2, 1, False), ("closes", "12-10 23:59", 2, 1, False)],
        ),
        # a delay to a day of the month, in English, or from one close to another
        ("第三天 环节一 延至 11 日 6:00。", [("closes", "12-11 06:00", 3, 1, True)]),
        # (the close before the arrow is the one moved on: wrong, left out here)
        (
            "DDL tonight 21:00 → extended to 22:30.",
            [
                ("closes", "12-09 22:30", None, None, True),
            ],
        ),
        ("关门时间从 21:30 推迟到 23:30。", [("closes", "12-09 23:30", None, None, True)]),
        # a close as usual, at noon, on the evening a bracket names
        ("申请未过半。照常 21:30。", [("closes", "12-09 21:30", None, None, False)]),
        ("第五天中午开门。", [("opens", "12-09 12:00", 5, None, False)]),
        ("明晚（周四）十点才关。", [("closes", "12-10 22:00", None, None, False)]),
        ("close at 22:00 tmr.", [("closes", "12-10 22:00", None, None, False)]),
        # the windows of something else
        ("今晚20点整开始写遗言，24点截止。", []),
        ("｜禁止改票｜20:30 起｜", []),
        ("延时申请在关门前三小时截止，也就是今天18:00。", []),
        ("六点一过，这一天就结束了。", []),
    ],
)
def test_points_in_prose(text: str, expected: list[tuple[object, ...]]) -> None:
    assert _points(text) == expected


def test_a_phase_all_day_and_a_day_of_the_month() -> None:
    (r,) = find_ranges("环节一：无人过半。环节二 10 日全天。", WED, TZ)
    assert (r.phase, r.opens.strftime("%m-%d %H:%M"), r.closes.strftime("%m-%d %H:%M")) == (
        2,
        "12-10 00:00",
        "12-10 23:59",
    )
    (r,) = find_ranges("第五天，环节一全天。", WED, TZ)
    assert (r.day, r.phase, r.opens.strftime("%m-%d")) == (5, 1, "12-09")
    (r,) = find_ranges("第一天从十日上午十点开到十一日晚上九点。", WED, TZ)
    assert (r.opens.strftime("%m-%d %H:%M"), r.closes.strftime("%m-%d %H:%M")) == (
        "12-10 10:00",
        "12-11 21:00",
    )
    assert find_ranges("第三日 环节一", WED, TZ) == []  # 第三日 is a label, not a date


def test_a_window_that_is_not_the_days_is_aside() -> None:
    (lw,) = find_ranges("船长吩咐大家八点到十二点写好遗言。", WED, TZ)
    (mt,) = find_ranges("(论坛维护 20:00-21:30)", WED, TZ)
    (day,) = find_ranges("第二天：12月10日 09:00 - 21:30", WED, TZ)
    assert (lw.aside, mt.aside, day.aside) == (True, True, False)


def test_a_time_beside_a_schedules_word_not_read_is_listed() -> None:
    from auditor.game.when import unread_times

    assert unread_times("六点一过，这一天就这样匆匆结束了。", WED, TZ) == [
        "六点一过，这一天就这样匆匆结束了。"
    ]
    # read: a close; something else's window; a moment; a close moved on
    for text in (
        "今晚21:30关门。",
        "今晚20点整开始写遗言，24点截止。",
        "画眉 00:20 的投票在延时后的截止时间之前，有效。",
        "关门时间从 21:30 推迟到 23:30。",
        "延时申请在关门前三小时截止，也就是今天18:00。",
    ):
        assert unread_times(text, WED, TZ) == [], text


def test_a_delay_by_hours_then_its_new_close() -> None:
    (p,) = find_points("环节一延长12小时，至明天中午12点结束。", WED, TZ)
    assert (p.role, p.at.strftime("%m-%d %H:%M"), p.delay, p.phase) == (
        "closes",
        "12-10 12:00",
        True,
        1,
    )


def test_the_phase_said_after_its_range() -> None:
    (r,) = find_ranges("12月10日零点到24点为环节二。", WED, TZ)
    assert (r.phase, r.opens.strftime("%m-%d %H:%M")) == (2, "12-10 00:00")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # traditional characters, numerals in words, 晚間 for the evening, 正 after the hour
        (
            "本日上午九時開帖，至明日晚間九時三十分關帖。",
            [
                ("opens", "12-09 09:00", None, None, False),
                ("closes", "12-10 21:30", None, None, False),
            ],
        ),
        ("第四日加速，於十七時正關帖。", [("closes", "12-09 17:00", 4, None, False)]),
        # a line about day 1 (第一日警长：X) heads nothing: 本日 below is the header's day 2
        (
            "第二日開帖。\n第一日警長：某人。\n本日二十一時三十分關帖。",
            [("closes", "12-09 21:30", 2, None, False)],
        ),
    ],
)
def test_traditional_and_worded_clocks(text: str, expected: list[tuple[object, ...]]) -> None:
    assert _points(text) == expected


def test_a_header_after_a_bracketed_title_labels_the_range_below() -> None:
    text = "[b]【版殺7 BT號船】第一天 環節一 試探性投票[/b]\n時間：十二月十二日 零時至二十四時。"
    (r,) = find_ranges(text, WED, TZ)
    assert (r.day, r.phase, f"{r.opens:%m-%d %H:%M}") == (1, 1, "12-12 00:00")
    # a bracket that is itself the header still labels it
    (h,) = find_ranges("【第五天 环节一】\n｜时间｜12月16日 0:00 — 24:00｜", WED, TZ)
    assert (h.day, h.phase) == (5, 1)


def test_a_close_moved_in_the_directors_words_not_by_a_shops_hours() -> None:
    from auditor.game.discover import _shifts

    # told closed on the spot at a time, right after it, in one clause about this game
    assert _shifts("票过半了——第二日 15:20 当场收摊，杜鹃 出局。")
    assert _shifts("关门时间调到 23:00")
    # negative twins: a shop's hours and packing up, a past game, a rule with its normal close,
    # a question answered with the usual close
    assert not _shifts("便利店 20:00 关门，要买宵夜的立刻收拾下楼")
    assert not _shifts("前一局 15:20 当场收摊了，本局照常")
    assert not _shifts("注意：过半立刻结束，没过半就 22:30 截止")
    assert not _shifts("过半会当场收摊吗？不会，照常 22:30 收工")
