"""Discuz! pages → posts: pure functions over fetched bytes (no I/O).

Public API:

* :func:`decode_body` — bytes to text, strictly (GBK read as GB18030).
* :func:`parse_page` — one :class:`~auditor.models.FetchedPage` to a
  :class:`~auditor.models.ParsedPage`, whatever the view (desktop, rewritten desktop,
  mobile API JSON, printable, touch).  Pages that hold no posts raise a distinct
  :class:`~auditor.errors.PageError` subclass naming the URL.
* :func:`classify_redirect` — the error a 3xx answer stands for (board password,
  login), or None for an ordinary redirect.
* :func:`relative_time_bounds` — the interval a relative time text allows.
* :func:`dedupe_posts` — posts of several pages, each pid once (stuck replies repeat).

The view is detected from the content, never from the URL (saved pages have
arbitrary names); the URL only says whether JSON was expected.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime, tzinfo

from auditor.errors import (
    AntiBotError,
    MissingPostsError,
    ServerError,
    TruncatedPageError,
    UnrecognisedPageError,
)
from auditor.models import FetchedPage, PageKind, ParsedPage, Post
from auditor.urls import MAX_ID

from .api import load_json, parse_api
from .charset import decode_body
from .desktop import parse_desktop
from .detect import (
    ANTI_BOT_STATUS,
    check_html_errors,
    classify_redirect,
    detect_html_kind,
    is_api_url,
    not_a_thread,
)
from .message import parse_document
from .printable import parse_printable
from .times import capture_time, relative_time_bounds, resolve_relative, served_at
from .touch import parse_touch

__all__ = [
    "classify_redirect",
    "decode_body",
    "dedupe_posts",
    "parse_page",
    "relative_time_bounds",
    "resolve_relative",
]


def parse_page(page: FetchedPage, tz: tzinfo, *, now: datetime | None = None) -> ParsedPage:
    """Parse one fetched page.

    ``tz`` is the forum's time zone; every ``posted_at`` is aware in it.  Relative
    times without an absolute title are resolved against ``now`` (default: the
    response's Date header, else the capture time: the footer's ``GMT+8, …`` time or the
    fetch time within its minute, see :func:`~.times.capture_time`) and marked approximate.
    The footer's time is the page's ``served_at``.
    """
    url = page.url
    if page.status == ANTI_BOT_STATUS:
        raise AntiBotError(url, f"HTTP {page.status}")
    if 300 <= page.status < 400:
        error = classify_redirect(url, page.status, page.location)
        if error is not None:
            raise error
        raise UnrecognisedPageError(url, f"HTTP {page.status} 跳转到 {page.location or '?'}")
    if page.status >= 500:
        raise ServerError(url, f"HTTP {page.status}")
    text, charset = decode_body(page.body, page.content_type, url)
    # (the first character that is not white space, without a copy of the whole page)
    lead = _LEAD.match(text)
    if lead is None:
        raise TruncatedPageError(url, f"HTTP {page.status}，内容为空")
    json_body = lead.group(1) in "{["
    served = None if json_body else served_at(text)
    if now is None:
        now = page.date_header or capture_time(served, page.fetched_at)
    if json_body:
        try:
            parsed = parse_api(load_json(text, url), url, tz, now)
        except RecursionError:
            raise MissingPostsError(url, "帖子内容的元素嵌套太深（几百层），读不出") from None
    elif is_api_url(url):
        if "<html" in text[lead.start(1) : lead.start(1) + 200].lower() and (
            "System Error" in text[:3000]
        ):
            raise ServerError(url, "API 返回了 Discuz! System Error 页面而不是 JSON")
        raise ServerError(url, "API 返回的不是 JSON")
    else:
        check_html_errors(text, url, page.status)
        kind = detect_html_kind(text)
        if kind is None:
            raise not_a_thread(text, url)
        try:
            if kind is PageKind.PRINTABLE:
                parsed = parse_printable(text, url, tz, now)
            else:
                utf8 = page.body if charset == "utf-8" else None
                if kind is PageKind.DESKTOP:
                    parsed = parse_desktop(text, url, tz, now, utf8)
                else:
                    parsed = parse_touch(parse_document(text, utf8), text, url, tz, now)
        except RecursionError:
            # Hundreds of nested elements (not quotes: those are flattened) — a hostile page.
            raise MissingPostsError(url, "页面的元素嵌套太深（几百层），帖子读不出") from None
    _check_numbers(parsed, url)
    parsed.charset = charset
    parsed.served_at = served
    return parsed


# The first character of a page that is not white space (str.strip's white space).
_LEAD = re.compile(r"\s*(\S)")


def _check_numbers(parsed: ParsedPage, url: str) -> None:
    """Every number the store keeps fits its 64-bit integers: a page that says otherwise
    (no Discuz! writes one) is refused as a page, not a crash in the store.  (Every value
    at once first: the named list below is built only for a page that has one.)"""
    values = [
        v
        for post in parsed.posts
        for v in (post.tid, post.pid, post.floor, post.author_uid, post.position)
        if v is not None
    ]
    values += [a.aid for post in parsed.posts for a in post.attachments if a.aid is not None]
    values += [v for p in parsed.profiles for v in (p.uid, p.threads) if v is not None]
    values += [
        v
        for v in (parsed.tid, parsed.fid, parsed.page, parsed.total_pages, parsed.replies)
        if v is not None
    ]
    values += [v for v in (parsed.max_position, parsed.viewer_uid) if v is not None]
    if not values or (min(values) >= -MAX_ID and max(values) <= MAX_ID):
        return
    _name_the_number(parsed, url)


def _name_the_number(parsed: ParsedPage, url: str) -> None:
    """:func:`_check_numbers`' refusal, naming the number out of range."""
    numbers: list[tuple[str, int | None]] = [
        ("tid", parsed.tid),
        ("fid", parsed.fid),
        ("page", parsed.page),
        ("total_pages", parsed.total_pages),
        ("replies", parsed.replies),
        ("max_position", parsed.max_position),
        ("uid", parsed.viewer_uid),
    ]
    for post in parsed.posts:
        numbers += [
            ("tid", post.tid),
            ("pid", post.pid),
            ("floor", post.floor),
            ("uid", post.author_uid),
            ("position", post.position),
            *(("aid", a.aid) for a in post.attachments),
        ]
    numbers += [("uid", p.uid) for p in parsed.profiles]
    numbers += [("threads", p.threads) for p in parsed.profiles]
    for what, value in numbers:
        if value is not None and not -MAX_ID <= value <= MAX_ID:
            digits = str(value)
            shown = digits if len(digits) <= 24 else f"{digits[:24]}…"
            raise UnrecognisedPageError(url, f"页面中的编号 {what} 超出范围（{shown}）")


def dedupe_posts(pages: Iterable[ParsedPage]) -> list[Post]:
    """Posts of several pages, each pid once, in floor order.

    A stuck reply (置顶回复) is shown on page 1 *and* on its own page; the copy on its
    own page wins (it is not marked ``stuck``).  Posts without a pid (printable view)
    are kept as they are.
    """
    by_pid: dict[int, Post] = {}
    loose: list[Post] = []
    for parsed in pages:
        for post in parsed.posts:
            if post.pid is None:
                loose.append(post)
            elif post.pid not in by_pid or (by_pid[post.pid].stuck and not post.stuck):
                by_pid[post.pid] = post
    ordered = sorted(by_pid.values(), key=lambda p: (p.floor is None, p.floor or 0, p.pid or 0))
    return ordered + loose
