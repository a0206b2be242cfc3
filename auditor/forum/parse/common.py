"""Small readers shared by the HTML views: floors, pager, post times, uids."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, tzinfo

from lxml.etree import _Element

from auditor.errors import UnrecognisedPageError

from .message import collapse, text_of
from .times import parse_absolute, resolve_relative

FLOOR_NAMES = {"楼主": 1, "沙发": 2, "板凳": 3, "地板": 4}

_UID = re.compile(r"(?:[?&;]uid=|space-uid-)(\d+)")
_FLOOR_NUM = re.compile(r"(\d+)\s*#?")
_STUCK_FROM = re.compile(r"来自\s*(\d+)\s*#")
_TOTAL = re.compile(r'title="共\s*(\d+)\s*页"')

_PAGER = re.compile(r'<div class="pg">(.*?)</div>', re.S)
_PAGER_CURRENT = re.compile(r"<strong>(\d+)</strong>")
_PAGER_NUMBER = re.compile(r">(?:\.\.\s*)?(\d+)</a>")


@dataclass(frozen=True, slots=True)
class PostTime:
    at: datetime
    approximate: bool = False
    precision: str = "second"


def uid_from_href(href: str) -> int | None:
    m = _UID.search(href)
    return int(m.group(1)) if m else None


def floor_from_text(text: str, *, stuck_marker: bool = False) -> tuple[int | None, bool]:
    """Floor number from a floor label: 楼主/沙发/板凳/地板, ``N#``, or ``顶 来自 N#``."""
    t = collapse(text)
    m = _STUCK_FROM.search(t)
    if m:
        return int(m.group(1)), True
    if t in FLOOR_NAMES:
        return FLOOR_NAMES[t], stuck_marker
    m = _FLOOR_NUM.search(t)
    if m:
        return int(m.group(1)), stuck_marker
    return None, stuck_marker


def page_numbers(text: str) -> tuple[int, int]:
    """(current page, total pages) from the first pager; (1, 1) when there is none.

    Read from the markup text: the pager is ``<div class="pg">`` with the current page
    in ``<strong>`` and ``<span title="共 N 页">`` (poster content cannot carry a class).
    """
    m = _PAGER.search(text)
    if not m:
        return 1, 1
    pager = m.group(1)
    current = _PAGER_CURRENT.search(pager)
    page = int(current.group(1)) if current else 1
    total = _TOTAL.search(pager)
    if total:
        return page, int(total.group(1))
    # a short pager has no "共 N 页": the highest page it shows
    numbers = [page, *(int(n) for n in _PAGER_NUMBER.findall(pager))]
    return page, max(numbers)


def read_time_text(
    title: str | None, text: str, tz: tzinfo, now: datetime | None, url: str
) -> PostTime:
    """A post time from a ``title`` (absolute) or the shown text (absolute or relative)."""
    for candidate in (title, text):
        if candidate:
            found = parse_absolute(candidate, tz)
            if found:
                at, has_seconds = found
                return PostTime(at, False, "second" if has_seconds else "minute")
    shown = collapse(text.replace("发表于", ""))
    if now is None:
        raise UnrecognisedPageError(url, f"相对时间“{shown}”无法换算：没有 Date 头或抓取时间")
    resolved = resolve_relative(shown, now, tz)
    if resolved is None:
        raise UnrecognisedPageError(url, f"无法识别的时间“{shown}”")
    precision = "second" if shown == "刚刚" or shown.endswith("秒前") else "minute"
    return PostTime(resolved, True, precision)


def read_time(el: _Element, tz: tzinfo, now: datetime | None, url: str) -> PostTime:
    """The time in ``em#authorpostonPID`` (only there: never inside the message)."""
    title = None
    for span in el.iter("span"):
        title = span.get("title")
        if title:
            break
    return read_time_text(title, text_of(el), tz, now, url)
