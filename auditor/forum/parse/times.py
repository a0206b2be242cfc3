"""Discuz! post times: absolute ``Y-n-j H:i[:s]`` text and the relative forms.

Discuz! (``dgmdate`` with ``dateconvert=1``) prints a post of the last seven days
relatively, counting "today" from local midnight:

==================  =================================================  ==========
text                meaning (t = post time, now = render time)          resolution
==================  =================================================  ==========
``刚刚``             now - t == 0                                        exact
``N 秒前``           N = now - t, 0 < N <= 60                            exact
``N 分钟前``         N = (now - t) // 60, 60 < now - t <= 1800           ±1 min
``半小时前``          1800 < now - t <= 3600                              30 min
``N 小时前``         N = (now - t) // 3600, t today, now - t > 3600      1 h
``昨天 HH:MM``       t yesterday at HH:MM                                1 min
``前天 HH:MM``       t the day before yesterday at HH:MM                 1 min
``N 天前``           N = (midnight - t) // 86400 + 1, N in 3..7          1 day
==================  =================================================  ==========

A relative text is resolved to the middle of the interval it allows (see
:func:`relative_time_bounds`), and the post is marked ``time_approximate``.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone, tzinfo

_ABSOLUTE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?")
_NBSP = "\xa0"
_REL_SECONDS = re.compile(r"^(\d+)\s*秒前$")
_REL_MINUTES = re.compile(r"^(\d+)\s*分钟前$")
_REL_HOURS = re.compile(r"^(\d+)\s*小时前$")
_REL_DAYS = re.compile(r"^(\d+)\s*天前$")
_REL_CLOCK = re.compile(r"^(昨天|前天)\s*(\d{1,2}):(\d{2})$")


def parse_absolute(text: str, tz: tzinfo) -> tuple[datetime, bool] | None:
    """Find ``Y-n-j H:i[:s]`` in text; return (aware datetime, has_seconds) or None."""
    m = _ABSOLUTE.search(text)
    if not m:
        return None
    y, mo, d, h, mi = (int(m.group(i)) for i in range(1, 6))
    s = m.group(6)
    return datetime(y, mo, d, h, mi, int(s) if s else 0, tzinfo=tz), s is not None


def _clean(text: str) -> str:
    return text.replace(_NBSP, " ").replace("&nbsp;", " ").strip()


def relative_time_bounds(text: str, now: datetime) -> tuple[datetime, datetime] | None:
    """The earliest and latest post time a relative text allows, in ``now``'s zone.

    Returns None if ``text`` is not one of Discuz!'s relative forms.
    """
    t = _clean(text)
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    sec = timedelta(seconds=1)
    if t == "刚刚":
        return now, now
    if m := _REL_SECONDS.match(t):
        n = int(m.group(1))
        return now - timedelta(seconds=n), now - timedelta(seconds=n)
    if m := _REL_MINUTES.match(t):
        n = int(m.group(1))
        lo = now - timedelta(seconds=n * 60 + 59)
        return max(lo, midnight), now - timedelta(seconds=max(n * 60, 61))
    if t == "半小时前":
        return max(now - timedelta(seconds=3600), midnight), now - timedelta(seconds=1801)
    if m := _REL_HOURS.match(t):
        n = int(m.group(1))
        lo = now - timedelta(seconds=n * 3600 + 3599)
        return max(lo, midnight), now - timedelta(seconds=max(n * 3600, 3601))
    if m := _REL_CLOCK.match(t):
        back = 1 if m.group(1) == "昨天" else 2
        day = midnight - timedelta(days=back)
        lo = day.replace(hour=int(m.group(2)), minute=int(m.group(3)))
        hi = lo + timedelta(seconds=59)
        # (midnight - t) // 86400 truncates: yesterday 00:00:00 exactly reads "前天 00:00"
        # (Discuz! quirk, not modelled), so "昨天 00:00" starts one second later.
        if back == 1 and lo == day:
            lo += sec
        return lo, hi
    if m := _REL_DAYS.match(t):
        n = int(m.group(1))
        # Discuz!: N = intval((midnight - t) / 86400) + 1
        return midnight - timedelta(days=n) + sec, midnight - timedelta(days=n - 1)
    return None


def resolve_relative(text: str, now: datetime, tz: tzinfo) -> datetime | None:
    """A relative text as one instant (the middle of its interval, whole seconds)."""
    bounds = relative_time_bounds(text, now.astimezone(tz))
    if bounds is None:
        return None
    lo, hi = bounds
    mid = lo + (hi - lo) / 2
    return mid.replace(microsecond=0)


# The desktop footer (template/default/common/footer.htm): ``<p class="xs0">`` then
# ``$_G[timenow][offset], $_G[timenow][time]``, e.g. ``GMT+8, 2026-11-30 06:18``: when the
# page was served, to the minute, in the viewer's zone (which it names).  Poster content
# cannot carry a class, so the marker is the template's own.
_SERVED = re.compile(
    r'<p class="xs0">\s*GMT([+-]\d{1,2}(?:\.\d+)?)?\s*,\s*'
    r"(\d{4})-(\d{1,2})-(\d{1,2})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?"
)


def served_at(text: str) -> datetime | None:
    """When the forum served this desktop page, from its footer (to the minute); None
    when the page has none (the API, touch pages, a page cut short)."""
    start = text.rfind('<div id="ft"')
    m = _SERVED.search(text, start if start >= 0 else max(0, len(text) - 20000))
    if m is None:
        return None
    hours = float(m.group(1) or 0)
    tz = timezone(timedelta(minutes=round(hours * 60)))
    y, mo, d, h, mi = (int(m.group(i)) for i in range(2, 7))
    try:
        return datetime(y, mo, d, h, mi, int(m.group(7) or 0), tzinfo=tz)
    except ValueError:
        return None


def capture_time(served: datetime | None, file_time: datetime | None) -> datetime | None:
    """When a saved page was captured: the file's time when it falls in the minute the
    footer names (a browser's own save: exact to the second), else the footer's (a copied
    folder, whose file times are the copy's), else the file's."""
    if served is None:
        return file_time
    if file_time is not None and served <= file_time < served + timedelta(minutes=1):
        return file_time
    return served
