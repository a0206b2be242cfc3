"""The mobile API (``api/mobile/index.php?version=4&module=viewthread``): JSON.

Times come from ``dbdateline`` (unix seconds, exact); ``dateline`` is only a display
string.  The floor is ``number`` (renumbered 1..n past deleted posts): that is the
floor the desktop and touch templates print (the captures show pid 89 of thread 4,
position 23, as ``<em>22</em>``), so every view gives the same floor.  The DB
``position`` (with gaps after deletions) is kept in ``Post.position``.

Page number: ``page=`` of the request URL; without it, from the smallest ``number``
on the page (``(number - 1) // ppp + 1``; stuck replies on page 1 have larger numbers
and do not disturb the minimum).  Total pages: ``ceil((replies + 1) / ppp)`` — the
same count of visible posts the desktop pager uses.
"""

from __future__ import annotations

import json
import math
from datetime import UTC, datetime, tzinfo
from typing import Any

from auditor.errors import (
    ForumPasswordError,
    LoginRequiredError,
    NoPermissionError,
    ThreadMissingError,
    TruncatedPageError,
    UnrecognisedPageError,
)
from auditor.models import HiddenReason, PageKind, ParsedPage, Post

from .common import read_time_text
from .detect import hidden_reason, url_query_int
from .message import MessageContent, collapse, extract_message, fragment


def load_json(text: str, url: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        if not text.rstrip().endswith("}"):
            raise TruncatedPageError(url, f"JSON 不完整：{exc.msg}") from None
        raise UnrecognisedPageError(url, f"JSON 无法解析：{exc.msg}") from None
    if not isinstance(data, dict):
        raise UnrecognisedPageError(url, "JSON 不是对象")
    return data


def _int(value: Any, default: int | None = None) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def check_api_message(data: dict[str, Any], url: str) -> None:
    message = data.get("Message")
    if not isinstance(message, dict):
        return
    val = str(message.get("messageval") or "")
    detail = f"{val} {message.get('messagestr') or ''}".strip()
    low = val.lower()
    if "login" in low:
        raise LoginRequiredError(url, detail)
    if "nonexistence" in low or "not_exist" in low or "nonexist" in low:
        raise ThreadMissingError(url, detail)
    if "password" in low:
        raise ForumPasswordError(url, detail)
    if "nopermission" in low or "noperm" in low:
        raise NoPermissionError(url, detail)
    raise UnrecognisedPageError(url, f"API 提示：{detail}")


def parse_api(data: dict[str, Any], url: str, tz: tzinfo, now: datetime | None) -> ParsedPage:
    check_api_message(data, url)
    variables = data.get("Variables")
    forum = variables.get("forum") if isinstance(variables, dict) else None
    if isinstance(forum, dict) and str(forum.get("password")) == "1":
        raise ForumPasswordError(url, "API：forum.password = 1")
    if not isinstance(variables, dict) or not isinstance(variables.get("postlist"), list):
        raise UnrecognisedPageError(url, "不是 viewthread 的 API 回答")
    thread = variables.get("thread") or {}
    tid = _int(thread.get("tid"))
    if tid is None:
        raise UnrecognisedPageError(url, "API 回答里没有 thread.tid")
    ppp = _int(variables.get("ppp"), 10) or 10
    replies = _int(thread.get("replies"))
    postlist = variables["postlist"]
    numbers = [n for n in (_int(p.get("number")) for p in postlist) if n is not None]
    page = url_query_int(url, "page")
    if page is None:
        page = (min(numbers) - 1) // ppp + 1 if numbers else 1
    stickreply = str(thread.get("stickreply") or "0") == "1"
    posts: list[Post] = []
    seen: set[int] = set()
    for item in postlist:
        post = _read_post(item, tid, tz, now, url, page * ppp if stickreply else None)
        if post.pid in seen:
            continue
        seen.add(post.pid or 0)
        posts.append(post)
    # forum_viewthread.php: "if($maxposition) replies = maxposition - 1" before
    # totalpage = ceil((replies + 1) / ppp): pages go by position, deleted posts included.
    max_position = _int(thread.get("maxposition"))
    total = None
    if replies is not None or max_position:
        total = math.ceil(max(max_position or 0, (replies or 0) + 1) / ppp)
    return ParsedPage(
        kind=PageKind.API,
        tid=tid,
        page=page,
        total_pages=total,
        posts=posts,
        subject=thread.get("subject"),
        fid=_int(thread.get("fid")) or _int(variables.get("fid")),
        ppp=ppp,
        replies=replies,
        max_position=max_position,
        viewer_uid=_int(variables.get("member_uid")),
    )


def _read_post(
    item: dict[str, Any],
    tid: int,
    tz: tzinfo,
    now: datetime | None,
    url: str,
    last_number: int | None,
) -> Post:
    pid = _int(item.get("pid"))
    raw = str(item.get("message") or "")
    hidden: HiddenReason | None = None
    if raw.startswith("提示: <em>"):
        hidden = hidden_reason(raw)
    if hidden is not None:
        content = MessageContent()
    else:
        content = extract_message(fragment(raw)) if raw.strip() else MessageContent()
        # the viewer (a moderator) reads what others do not
        if (_int(item.get("status")) or 0) & 1:
            hidden = HiddenReason.MODERATOR
        elif str(item.get("groupid")) in ("4", "5") or str(item.get("memberstatus")) == "-1":
            hidden = HiddenReason.AUTHOR_BANNED
    dbdateline = _int(item.get("dbdateline"))
    if dbdateline is not None:
        at = datetime.fromtimestamp(dbdateline, UTC).astimezone(tz)
        approximate, precision = False, "second"
    else:
        when = read_time_text(None, str(item.get("dateline") or ""), tz, now, url)
        at, approximate, precision = when.at, when.approximate, when.precision
    position = _int(item.get("position"))
    number = _int(item.get("number"))
    floor = number
    stuck = last_number is not None and number is not None and number > last_number
    author = collapse(str(item.get("author") or ""))
    return Post(
        tid=_int(item.get("tid"), tid) or tid,
        pid=pid,
        floor=floor,
        position=position,
        author=author,
        author_uid=_int(item.get("authorid")),
        posted_at=at,
        **content.post_fields(),
        hidden=hidden,
        time_approximate=approximate,
        time_precision=precision,
        first=str(item.get("first")) == "1",
        stuck=stuck,
    )
