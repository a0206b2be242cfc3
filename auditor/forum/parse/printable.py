"""The printable view (``forum.php?mod=viewthread&action=printable``): the whole thread.

Posts are separated by ``<hr … color="#808080">``; each starts with
``<b>作者: </b>NAME&nbsp; &nbsp; <b>时间: </b>TIME<br />``.  There is no pid, uid or
floor, and times have minutes only (recent ones as ``<span title="Y-m-d H:i">``).
The tid is only in ``REPORTURL`` (the base64 of the page's own URL).
"""

from __future__ import annotations

import base64
import binascii
import html as htmllib
import re
from datetime import datetime, tzinfo

from auditor.errors import TruncatedPageError, UnrecognisedPageError
from auditor.models import PageKind, ParsedPage, Post

from .common import read_time_text
from .detect import hidden_reason, url_query_int
from .message import MessageContent, collapse, extract_message, fragment

_SEPARATOR = '<hr noshade size="2" width="100%" color="#808080">'
_FOOTER = '<hr noshade size="2" width="100%" color="#CDCDCD">'
_HEAD = re.compile(
    r"^\s*<b>作者: </b>(?P<author>.*?)&nbsp; &nbsp; <b>时间: </b>(?P<time>.*?)<br />", re.S
)
_SUBJECT = re.compile(r"^\s*<b>标题: </b>(?P<subject>.*?)<br />", re.S)
_TITLE_ATTR = re.compile(r'title="([^"]*)"')
_TAGS = re.compile(r"<[^>]+>")
_REPORTURL = re.compile(r"REPORTURL = '([A-Za-z0-9+/=]+)'")
_TRAILING_BR = re.compile(r"(?:\s*<br />)+\s*$")
_RAW_ATTACH = re.compile(r"\[attach\]\d+\[/attach\]")
_FIRST_TITLE = re.compile(r"<b>标题: </b>(.*?) <b><a")


def _thread_id(text: str, url: str) -> int | None:
    m = _REPORTURL.search(text)
    if m:
        try:
            own_url = base64.b64decode(m.group(1)).decode("utf-8", "replace")
        except (binascii.Error, ValueError):
            own_url = ""
        tid = url_query_int(own_url, "tid")
        if tid is not None:
            return tid
    return url_query_int(url, "tid")


def parse_printable(text: str, url: str, tz: tzinfo, now: datetime | None) -> ParsedPage:
    tid = _thread_id(text, url)
    if tid is None:
        raise UnrecognisedPageError(url, "打印页里找不到 tid")
    footer_at = text.rfind(_FOOTER)
    if footer_at < 0:
        raise TruncatedPageError(url, "打印页缺少结尾")
    chunks = text[:footer_at].split(_SEPARATOR)[1:]
    m = _FIRST_TITLE.search(text)
    subject = htmllib.unescape(m.group(1)).strip() if m else None
    posts: list[Post] = []
    for index, chunk in enumerate(chunks):
        head = _HEAD.match(chunk)
        if not head:
            raise UnrecognisedPageError(url, f"打印页第 {index + 1} 帖无法识别")
        body = chunk[head.end() :]
        sub = _SUBJECT.match(body)
        if sub:
            body = body[sub.end() :]
        if index == len(chunks) - 1:
            body = _TRAILING_BR.sub("", body)
        time_html = head.group("time")
        title = _TITLE_ATTR.search(time_html)
        shown = htmllib.unescape(_TAGS.sub("", time_html))
        when = read_time_text(title.group(1) if title else None, shown, tz, now, url)
        hidden = None
        plain = body.strip()
        if plain.startswith("提示: <em>"):
            hidden = hidden_reason(plain)
        # the printable view leaves [attach] tags it did not render as raw text
        body = _RAW_ATTACH.sub("", body)
        content = MessageContent() if hidden else extract_message(fragment(body))
        posts.append(
            Post(
                tid=tid,
                pid=None,
                floor=None,
                author=collapse(htmllib.unescape(head.group("author"))),
                author_uid=None,
                posted_at=when.at,
                **content.post_fields(),
                hidden=hidden,
                time_approximate=when.approximate,
                time_precision="minute",
                first=index == 0,
            )
        )
    return ParsedPage(
        kind=PageKind.PRINTABLE, tid=tid, page=None, total_pages=None, posts=posts, subject=subject
    )
