"""The touch (mobile web) template: ``&mobile=2`` with a phone User-Agent.

Each post is ``div.plc.cl#pidPID`` with ``li.mtit`` (floor in ``span.y``, author in
``span.z a``), ``li.mtime`` (time text, relative without a title for recent posts)
and ``div.message``.
"""

from __future__ import annotations

import re
from datetime import datetime, tzinfo

from lxml import etree
from lxml.etree import _Element

from auditor.errors import UnrecognisedPageError
from auditor.models import PageKind, ParsedPage, Post

from .common import floor_from_text, page_numbers, read_time_text, uid_from_href
from .detect import hidden_reason, viewer_uid
from .message import MessageContent, collapse, extract_message, text_of

_X_POSTS = etree.XPath("//div[@class='plc cl'][starts-with(@id, 'pid')]")
_X_SUBJECT = etree.XPath("//div[@class='view_tit']")
_TID = re.compile(r'<link href="[^"]*?[?&]tid=(\d+)[^"]*" rel="canonical"')
_TID_REPLY = re.compile(r"mod=post&amp;action=reply&amp;fid=(\d+)&amp;tid=(\d+)")


def parse_touch(doc: _Element, text: str, url: str, tz: tzinfo, now: datetime | None) -> ParsedPage:
    m = _TID.search(text)
    reply = _TID_REPLY.search(text)
    tid = int(m.group(1)) if m else (int(reply.group(2)) if reply else None)
    if tid is None:
        raise UnrecognisedPageError(url, "触屏版页面里找不到 tid")
    page, total = page_numbers(text)
    subject_el = _X_SUBJECT(doc)
    posts: list[Post] = []
    seen: set[int] = set()
    for div in _X_POSTS(doc):
        pid = int(div.get("id")[3:])
        if pid in seen:
            continue
        seen.add(pid)
        posts.append(_read_post(div, pid, tid, url, tz, now))
    return ParsedPage(
        kind=PageKind.TOUCH,
        tid=tid,
        page=page,
        total_pages=total,
        posts=posts,
        subject=collapse(text_of(subject_el[0])) if subject_el else None,
        fid=int(reply.group(1)) if reply else None,
        viewer_uid=viewer_uid(text),
    )


def _own_text(el: _Element, skip_class: str) -> str:
    parts = [el.text or ""]
    for child in el:
        if skip_class not in (child.get("class") or "").split():
            parts.append(text_of(child))
        parts.append(child.tail or "")
    return "".join(parts)


def _read_post(
    div: _Element, pid: int, tid: int, url: str, tz: tzinfo, now: datetime | None
) -> Post:
    floor_text = author = ""
    author_uid = None
    time_text = None
    message_el = None
    for el in div.iter("li", "div"):
        cls = el.get("class") or ""
        if el.tag == "li" and cls == "mtit":
            for span in el.iter("span"):
                scls = span.get("class")
                if scls == "y":
                    floor_text = text_of(span)
                elif scls == "z":
                    a = next(span.iter("a"), None)
                    if a is not None:
                        author = collapse(text_of(a))
                        author_uid = uid_from_href(a.get("href", ""))
        elif el.tag == "li" and cls == "mtime":
            time_text = _own_text(el, "y")
        elif el.tag == "div" and cls == "message" and message_el is None:
            message_el = el
    if time_text is None:
        raise UnrecognisedPageError(url, f"pid {pid} 没有发表时间")
    floor, stuck = floor_from_text(floor_text)
    when = read_time_text(None, time_text, tz, now, url)
    hidden = None
    content = MessageContent()
    if message_el is not None:
        plain = collapse(text_of(message_el))
        hidden = hidden_reason(plain) if plain.startswith("提示:") else None
        if hidden is None:
            content = extract_message(message_el)
    return Post(
        tid=tid,
        pid=pid,
        floor=floor,
        author=author,
        author_uid=author_uid,
        posted_at=when.at,
        **content.post_fields(),
        hidden=hidden,
        time_approximate=when.approximate,
        time_precision=when.precision,
        first=floor == 1,
        stuck=stuck,
    )
