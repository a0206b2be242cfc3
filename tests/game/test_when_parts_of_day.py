"""Times in a director's own words (issue 34, session 47: 老周 东北话, Lina's English): a day
word × a part of the day × an hour, each class read with every other — the north's day
words (今儿, 明儿个, 昨儿, 前儿, 后儿) and parts of the day (晌午, 下晚儿, 傍黑, 擦黑, 后半夜,
头午, 过晌), English twelve-hour clocks (10pm, tmr 9am, tonight) and one clock said twice in
two zones of the forum's hour (北京时间晚上十点 / 10pm SGT).  A part of the day with no hour
is asked (listed as unread), never guessed."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from auditor.game.when import find_points, paired_times, unread_times

TZ = ZoneInfo("Asia/Shanghai")
POSTED = datetime(2026, 3, 10, 8, 30, tzinfo=TZ)


def _points(text: str) -> list[tuple[str, str | None]]:
    return [(p.at.strftime("%d-%H:%M"), p.role) for p in find_points(text, POSTED, TZ)]


@pytest.mark.parametrize(
    "day", [("今儿", "10"), ("明儿个", "11"), ("昨儿", "09"), ("前儿个", "08")]
)
@pytest.mark.parametrize(
    ("part", "hour", "clock"),
    [
        ("早上", "九点", "09:00"),
        ("头午", "十点", "10:00"),
        ("晌午", "十二点", "12:00"),
        ("过晌", "三点", "15:00"),
        ("傍黑", "六点", "18:00"),
        ("擦黑儿", "七点", "19:00"),
        ("下晚儿", "九点", "21:00"),
        ("下晚", "十一点", "23:00"),
    ],
)
def test_a_day_word_a_part_of_the_day_and_an_hour(
    day: tuple[str, str], part: str, hour: str, clock: str
) -> None:
    word, date = day
    assert _points(f"{word}{part}{hour}关门") == [(f"{date}-{clock}", "closes")]


@pytest.mark.parametrize(
    ("text", "at"),
    [
        ("今儿后半夜两点关门", "11-02:00"),  # tonight's small hours: the next date
        ("昨儿后半夜三点关的门", "10-03:00"),
        ("明儿个下半夜一点关门", "12-01:00"),
        ("后半夜两点关门", "11-02:00"),  # said bare: tonight's
    ],
)
def test_the_small_hours_after_the_day_said(text: str, at: str) -> None:
    assert _points(text) == [(at, "closes")]


def test_an_opening_and_a_close_in_the_north_s_words() -> None:
    said = "今儿早上九点开门，下晚儿九点关门。老铁们唠起来"
    opens, closes = paired_times(said, POSTED, TZ, 1) or (None, None)
    assert (opens, closes) == (
        datetime(2026, 3, 10, 9, 0, tzinfo=TZ),
        datetime(2026, 3, 10, 21, 0, tzinfo=TZ),
    )


@pytest.mark.parametrize(
    "text",
    [
        "八个活人，四个申请延时，够一半了，延时成了。\n今儿关门挪到下晚儿十一点。",
        "关门往后挪到晚上十一点",
    ],
)
def test_a_close_moved_is_the_new_close(text: str) -> None:
    (close,) = [p for p in find_points(text, POSTED, TZ) if p.role == "closes"]
    assert (close.at.strftime("%d-%H:%M"), close.delay) == ("10-23:00", True)


@pytest.mark.parametrize(
    ("text", "at"),
    [
        ("Day 2 open！deadline 明晚10点", "11-22:00"),
        ("tmr 9am open", "11-09:00"),
        ("close tonight 10pm", "10-22:00"),
        ("deadline 北京时间晚上十点 / 10pm SGT", "10-22:00"),  # one clock, two zones of +8
        ("deadline 明晚10点（10pm SGT）", "11-22:00"),
        ("今晚10点关门 / 10pm SGT", "10-22:00"),
    ],
)
def test_english_clocks_and_one_clock_said_twice(text: str, at: str) -> None:
    assert [p.at.strftime("%d-%H:%M") for p in find_points(text, POSTED, TZ)] == [at]


@pytest.mark.parametrize(
    "text", ["明儿擦黑关门。", "今儿后半夜关门。", "明天下午开门。", "傍黑儿截止。"]
)
def test_a_part_of_the_day_with_no_hour_is_asked(text: str) -> None:
    assert find_points(text, POSTED, TZ) == []
    assert unread_times(text, POSTED, TZ) == [text]


@pytest.mark.parametrize("text", ["晚上关门前投完。", "下晚儿关门以后再唠。"])
def test_a_moment_by_a_part_of_the_day_is_no_time(text: str) -> None:
    assert unread_times(text, POSTED, TZ) == []
