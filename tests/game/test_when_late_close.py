"""Closes said in a few more of the directors' ways (issue 34, session 44): a day's hours in
12-hour clocks (九点到九点), a close after a request refused, a delay said as done (延时了) and
a close later than planned (十点才关的门) — each with its negative twins."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from auditor.game.when import find_points, find_ranges

TZ = ZoneInfo("Asia/Shanghai")
MORNING = datetime(2037, 3, 16, 8, 0, tzinfo=TZ)
EVENING = datetime(2037, 3, 16, 18, 30, tzinfo=TZ)


def _range(text: str) -> tuple[str, str]:
    (r,) = find_ranges(text, MORNING, TZ)
    return r.opens.strftime("%d %H:%M"), r.closes.strftime("%d %H:%M")


def test_a_days_hours_in_twelve_hour_clocks() -> None:
    assert _range("第四天，九点到九点。") == ("16 09:00", "16 21:00")
    assert _range("10点至8点") == ("16 10:00", "16 20:00")
    # a night's hours, a 24-hour clock, a part of the day said: as written
    assert _range("20点到8点") == ("16 20:00", "17 08:00")
    assert _range("09:00-09:00") == ("16 09:00", "17 09:00")
    assert _range("晚上8点至10点半") == ("16 20:00", "16 22:30")


def _points(text: str, at: datetime = EVENING) -> list[tuple[str, str | None, bool, bool]]:
    return [(p.at.strftime("%H:%M"), p.role, p.delay, p.aside) for p in find_points(text, at, TZ)]


def test_a_close_after_a_request_refused_is_the_days() -> None:
    text = "截至13:00，申请加速人数为4人，存活9人，未超过二分之一，本日不加速，仍于21:30关帖。"
    assert _points(text)[-1] == ("21:30", "closes", False, False)
    # a request still open: its deadline is no close of the day
    assert _points("加速申请还差两人，请在18:00前申请")[0][3]


def test_a_delay_said_as_done() -> None:
    assert _points("延时了！延时了！今晚十点半才关门！")[0] == ("22:30", "closes", True, False)
    assert not _points("明晚（周四）十点才关。")[0][2]  # only then, as planned
    assert _points("喂！因为网站坏了半个钟头，今天十点才关的门！")[0][:3] == (
        "22:00",
        "closes",
        True,
    )
    # asked, denied, or what a day runs until by its schedule: no delay
    assert not _points("是不是延时了？今晚十点半关门")[0][2]
    assert not _points("没延时了，今晚九点半关门")[0][2]
    assert not _points("周末多一天，所以第二日到周日晚十点才关。")[0][2]
    assert not _points("九点才开门，晚上九点半关门")[1][2]


def test_an_opening_verb_of_the_theme_before_an_arrow() -> None:
    """开 and its object (开练, 开课) is the opening's verb, an arrow after it the range's dash;
    two times each with its own verb and no dash stay two points."""
    monday = datetime(2037, 3, 9, 10, 0, tzinfo=TZ)
    (r,) = find_ranges("⏰ 10:00 开练 → 周二 22:00 收工", monday, TZ)
    assert (r.opens.strftime("%d %H:%M"), r.closes.strftime("%d %H:%M")) == ("09 10:00", "10 22:00")
    assert not find_ranges("10:00 开门 22:00 关门", monday, TZ)
    # a close moved by an arrow is no range
    assert not find_ranges("关帖：21:30 → 23:00", monday, TZ)
