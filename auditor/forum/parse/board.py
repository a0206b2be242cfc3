"""The board list: ``forum.php?mod=forumdisplay&fid=F`` (desktop, plain or rewritten
``forum-F-P.html``) and the mobile API's ``module=forumdisplay`` (JSON).

Markup (real X3.5 captures, see ``shared/discuz/README.md``): each thread is a
``<tbody id="normalthread_TID">`` (``stickthread_TID`` when pinned) whose title is
``<a … class="s xst">``, the starter is the first ``td.by cite a`` (``uid=`` in its href)
the replies are the ``td.num a`` number and the last post time is the last ``td.by em a``
(``<span title="Y-n-j H:i">…天前</span>`` while relative, else the plain ``Y-n-j H:i``: minutes,
in the forum's time zone).  The board's fid is in
``<table summary="forum_F" … id="threadlisttableid">``; the pager is the thread view's
``div.pg``.  The API lists ``Variables.forum_threadlist[]`` (``tid, subject, author,
authorid, dbdateline, replies, dblastpost``) with ``Variables.forum.threads`` and ``tpp``.

Pure functions over text: no I/O.  A board the viewer may not read raises the same
:class:`~auditor.errors.PageError` subclasses as a thread (login, password).
"""

from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, tzinfo
from typing import Any

from auditor.errors import ForumPasswordError, UnrecognisedPageError
from auditor.models import FetchedPage

from .api import check_api_message, load_json
from .charset import decode_body
from .common import page_numbers, uid_from_href
from .detect import check_html_errors
from .times import parse_absolute

_TABLE = re.compile(r'<table summary="forum_(\d+)"[^>]*id="threadlisttableid"')
_TBODY = re.compile(r'<tbody id="(?:normal|stick)thread_(\d+)"[^>]*>(.*?)</tbody>', re.S)
_TITLE = re.compile(r'<a href="[^"]*"[^>]*class="s xst"[^>]*>(.*?)</a>', re.S)
_STARTER = re.compile(
    r'<td class="by">\s*<cite>\s*<a href="([^"]*)"[^>]*>(.*?)</a>\s*</cite>', re.S
)
_REPLIES = re.compile(r'<td class="num"><a [^>]*>(\d+)</a>')
_LAST_POST = re.compile(r'goto=lastpost#lastpost">\s*(?:<span title="([^"]+)">|([^<]+))')
_TAGS = re.compile(r"<[^>]+>")


@dataclass(frozen=True, slots=True)
class BoardThread:
    tid: int
    subject: str
    author: str | None = None
    author_uid: int | None = None
    replies: int | None = None
    posted_at: datetime | None = None  # the API's dbdateline only (desktop shows a date)
    # The thread's last post, to the minute (the desktop prints no seconds; the API's
    # dblastpost is cut to the minute too, so both views give the same value).
    last_post: datetime | None = None


@dataclass(slots=True)
class BoardPage:
    fid: int | None
    page: int
    total_pages: int
    threads: list[BoardThread] = field(default_factory=list)
    view: str = "desktop"  # desktop | api


def _text(fragment: str) -> str:
    return " ".join(html.unescape(_TAGS.sub("", fragment)).split())


def is_board_html(text: str) -> bool:
    """A desktop board list (the real template's thread table)."""
    return 'id="threadlisttableid"' in text


def is_board_json(data: dict[str, Any]) -> bool:
    variables = data.get("Variables")
    return isinstance(variables, dict) and "forum_threadlist" in variables


def _minute(t: datetime) -> datetime:
    return t.astimezone(UTC).replace(second=0, microsecond=0)


def _last_post(body: str, tz: tzinfo | None) -> datetime | None:
    m = _LAST_POST.search(body)
    if m is None or tz is None:
        return None
    found = parse_absolute(html.unescape(m.group(1) or m.group(2)), tz)
    return _minute(found[0]) if found else None


def parse_board_html(text: str, url: str, tz: tzinfo | None = None) -> BoardPage:
    m = _TABLE.search(text)
    fid = int(m.group(1)) if m else None
    page, total = page_numbers(text)
    threads: list[BoardThread] = []
    for tm in _TBODY.finditer(text):
        body = tm.group(2)
        title = _TITLE.search(body)
        if title is None:
            continue
        starter = _STARTER.search(body)
        replies = _REPLIES.search(body)
        threads.append(
            BoardThread(
                tid=int(tm.group(1)),
                subject=_text(title.group(1)),
                author=_text(starter.group(2)) if starter else None,
                author_uid=uid_from_href(html.unescape(starter.group(1))) if starter else None,
                replies=int(replies.group(1)) if replies else None,
                last_post=_last_post(body, tz),
            )
        )
    if fid is None and not threads:
        raise UnrecognisedPageError(url, "版块列表里找不到主题表")
    return BoardPage(fid, page, total, threads, "desktop")


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def parse_board_json(data: dict[str, Any], url: str) -> BoardPage:
    check_api_message(data, url)
    v = data.get("Variables")
    if not isinstance(v, dict):
        raise UnrecognisedPageError(url, "接口返回里没有 Variables")
    forum = v.get("forum") if isinstance(v.get("forum"), dict) else {}
    assert isinstance(forum, dict)
    if str(forum.get("password") or "0") == "1" and not v.get("forum_threadlist"):
        raise ForumPasswordError(url, "本版块需要密码（接口没有给出主题列表）")
    threads: list[BoardThread] = []
    for item in v.get("forum_threadlist") or []:
        if not isinstance(item, dict) or _int(item.get("tid")) is None:
            continue
        stamp = _int(item.get("dbdateline"))
        last = _int(item.get("dblastpost"))
        threads.append(
            BoardThread(
                tid=int(item["tid"]),
                # stored escaped (Discuz! applies dhtmlspecialchars to subjects)
                subject=" ".join(html.unescape(str(item.get("subject") or "")).split()),
                author=str(item.get("author") or "") or None,
                author_uid=_int(item.get("authorid")),
                replies=_int(item.get("replies")),
                posted_at=datetime.fromtimestamp(stamp, UTC) if stamp else None,
                last_post=_minute(datetime.fromtimestamp(last, UTC)) if last else None,
            )
        )
    tpp = _int(v.get("tpp")) or 20
    count = _int(forum.get("threads")) or len(threads)
    page = _int(v.get("page")) or 1
    return BoardPage(_int(forum.get("fid")), page, max(1, math.ceil(count / tpp)), threads, "api")


def parse_board(page: FetchedPage, tz: tzinfo | None = None) -> BoardPage:
    """One fetched board-list page (desktop or API JSON); ``tz`` is the forum's time zone,
    which the desktop's last-post times need (without it they are None)."""
    text, _ = decode_body(page.body, page.content_type, page.url)
    stripped = text.lstrip()
    if stripped.startswith("{"):
        data = load_json(text, page.url)
        if not is_board_json(data):
            check_api_message(data, page.url)
            raise UnrecognisedPageError(page.url, "不是版块列表")
        return parse_board_json(data, page.url)
    check_html_errors(text, page.url, page.status)
    if not is_board_html(text):
        raise UnrecognisedPageError(page.url, "不是版块列表")
    return parse_board_html(text, page.url, tz)
