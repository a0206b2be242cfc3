"""Discuz! relative times (``dgmdate`` with ``dateconvert=1``) and absolute forms."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from auditor.forum.parse import relative_time_bounds, resolve_relative
from auditor.forum.parse.times import parse_absolute

CST = timezone(timedelta(hours=8))
NOW = datetime(2026, 11, 30, 7, 8, 30, tzinfo=CST)


def dt(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=CST)


@pytest.mark.parametrize(
    ("text", "lo", "hi"),
    [
        ("刚刚", "2026-11-30 07:08:30", "2026-11-30 07:08:30"),
        ("17\xa0秒前", "2026-11-30 07:08:13", "2026-11-30 07:08:13"),
        ("17 秒前", "2026-11-30 07:08:13", "2026-11-30 07:08:13"),
        ("1 分钟前", "2026-11-30 07:06:31", "2026-11-30 07:07:29"),
        ("25&nbsp;分钟前", "2026-11-30 06:42:31", "2026-11-30 06:43:30"),
        ("半小时前", "2026-11-30 06:08:30", "2026-11-30 06:38:29"),
        ("2 小时前", "2026-11-30 04:08:31", "2026-11-30 05:08:30"),
        ("昨天 23:59", "2026-11-29 23:59:00", "2026-11-29 23:59:59"),
        ("昨天\xa000:00", "2026-11-29 00:00:01", "2026-11-29 00:00:59"),
        ("前天 20:10", "2026-11-28 20:10:00", "2026-11-28 20:10:59"),
        # N 天前 = (midnight - t) // 86400 + 1: 2026-11-27 23:59:59 is already 3 天前
        ("3 天前", "2026-11-27 00:00:01", "2026-11-28 00:00:00"),
        ("7 天前", "2026-11-23 00:00:01", "2026-11-24 00:00:00"),
    ],
)
def test_relative_bounds(text: str, lo: str, hi: str) -> None:
    assert relative_time_bounds(text, NOW) == (dt(lo), dt(hi))


def test_hours_and_minutes_never_reach_before_midnight() -> None:
    early = datetime(2026, 11, 30, 0, 40, 0, tzinfo=CST)
    lo, _ = relative_time_bounds("半小时前", early)
    assert lo == dt("2026-11-30 00:00:00")


@pytest.mark.parametrize("text", ["", "2026-11-22 09:00:00", "上周", "3 周前", "abc 秒前"])
def test_not_relative(text: str) -> None:
    assert relative_time_bounds(text, NOW) is None
    assert resolve_relative(text, NOW, CST) is None


def test_resolve_is_the_middle_in_the_forum_zone() -> None:
    utc_now = NOW.astimezone(UTC)
    assert resolve_relative("刚刚", utc_now, CST) == NOW
    got = resolve_relative("3 天前", utc_now, CST)
    assert got == dt("2026-11-27 12:00:00") and got.utcoffset() == timedelta(hours=8)


def test_parse_absolute_forms() -> None:
    assert parse_absolute("发表于 2026-11-2 9:05:07", CST) == (dt("2026-11-02 09:05:07"), True)
    assert parse_absolute("2026-11-22 20:00", CST) == (dt("2026-11-22 20:00:00"), False)
    assert parse_absolute("7 天前", CST) is None


@pytest.mark.discuz
@pytest.mark.parametrize("edition", ["x35-utf8", "x35-gbk"])
def test_the_footer_says_when_each_real_desktop_page_was_served(edition: str) -> None:
    """Every real desktop page (thread, board list, index, login page) ends with the
    footer's ``GMT+8, Y-n-j H:i``: the capture's minute (captures.json's captured_at)."""
    from auditor.forum.parse import parse_page
    from auditor.forum.parse.charset import decode_body
    from auditor.forum.parse.times import served_at
    from tests.discuz_data import load_captures

    seen = 0
    for cap in load_captures(edition):
        if cap.is_api or cap.status != 200 or "printable" in cap.file or "archiver" in cap.file:
            continue
        if "touch" in cap.file:
            continue
        text, _ = decode_body(cap.body(), cap.content_type, cap.url)
        got = served_at(text)
        assert got is not None, cap.file
        assert got <= cap.captured_at < got + timedelta(minutes=1), cap.file
        seen += 1
        if "thread-" in cap.file and "error" not in cap.file and "thread-6" not in cap.file:
            assert parse_page(cap.fetched(), CST).served_at == got, cap.file  # 6: login page
    assert seen >= 30


def test_a_saved_page_is_dated_by_its_footer_unless_its_file_time_is_in_that_minute() -> None:
    from auditor.forum.parse.times import capture_time

    served = dt("2026-11-20 14:00:00")
    browser = dt("2026-11-20 14:00:37")  # a browser's own save, in the footer's minute
    copied = datetime(2026, 12, 1, 3, 0, tzinfo=UTC)  # a checkout or copy of the folder
    assert capture_time(served, browser) == browser
    assert capture_time(served, copied) == served
    assert capture_time(served, dt("2026-11-20 13:59:59")) == served
    assert capture_time(None, copied) == copied  # no footer (API, touch): the file's time
