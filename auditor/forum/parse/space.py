"""A member's own posts list: ``home.php?mod=space&uid=U&do=thread&view=me&type=reply|thread``.

**From the documented template, not a capture.**  The real captures in
``shared/discuz/`` hold no such page, so this parser keeps to what the stock Discuz! X3.5
template ``template/default/home/space_thread.htm`` prints (and nothing else):

* the list is ``<form … id="delform">`` holding one ``<table>``; its first row is the
  header ``<tr class="th">``;
* each thread is a row whose ``<th>`` links the subject: ``forum.php?mod=redirect&
  goto=findpost&ptid=T&pid=P`` in the replies view (``type=reply``),
  ``forum.php?mod=viewthread&tid=T`` in the threads view; the next cell links the board,
  ``<a href="forum.php?mod=forumdisplay&fid=F" class="xg1">NAME</a>``;
* in the replies view every reply of that thread follows as its own row,
  ``<td colspan="5" class="xg1">… <a href="forum.php?mod=redirect&goto=findpost&ptid=T&
  pid=P">EXCERPT</a> …</td>`` (the excerpt is ``......`` when empty);
* no posts: ``<p class="emp">`` (暂无相关帖子).

The list shows no time for a reply or a thread: a rule places them by their pid and tid
against the game's own posts (ids only grow).  Links may be rewritten
(``thread-T-1-1.html``, ``forum-F-1.html``).  Error and login pages raise the same
:class:`~auditor.errors.PageError` subclasses as thread pages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from urllib.parse import parse_qs, urlsplit

from lxml import etree
from lxml import html as lxml_html

from auditor.errors import UnrecognisedPageError
from auditor.models import FetchedPage, SpaceItem
from auditor.urls import forum_id, thread_id

from .charset import decode_body
from .common import page_numbers
from .detect import check_html_errors
from .message import collapse, text_of
from .times import served_at

_TYPE = re.compile(r"[?&]type=(reply|thread)\b")
_UID = re.compile(r"[?&]uid=(\d+)")
_X_BOARD = etree.XPath(".//a[contains(@href, 'forumdisplay') or starts-with(@href, 'forum-')]")


@dataclass(slots=True)
class SpacePage:
    uid: int | None
    view: str  # reply | thread
    page: int
    total_pages: int
    items: list[SpaceItem] = field(default_factory=list)
    served_at: datetime | None = None  # the footer's time (see .times.served_at)


def is_space_html(text: str) -> bool:
    return 'id="delform"' in text and "mod=space" in text


def _query_int(href: str, key: str) -> int | None:
    values = parse_qs(urlsplit(href).query).get(key)
    try:
        return int(values[0]) if values else None
    except ValueError:
        return None


def parse_space(page: FetchedPage) -> SpacePage:
    """Parse a member's replies or threads list (see the module docstring)."""
    text, _codec = decode_body(page.body, page.content_type, page.url)
    check_html_errors(text, page.url, page.status)
    if not is_space_html(text):
        raise UnrecognisedPageError(page.url, "不是个人空间的主题/回复列表")
    doc = lxml_html.fromstring(text)
    # A saved file's URL says nothing: the current tab (``<p class="tbmu">``, the active
    # one ``class="a"``) links this list with its uid and type.
    tab = next(iter(doc.xpath("//p[@class='tbmu']/a[@class='a'][contains(@href, 'type=')]")), None)
    where = page.url if _TYPE.search(page.url) else (tab.get("href", "") if tab is not None else "")
    m = _TYPE.search(where)
    view = m.group(1) if m else "thread"
    um = _UID.search(where) or _UID.search(page.url)
    uid = int(um.group(1)) if um else None
    forms = doc.xpath("//form[@id='delform']")
    items: list[SpaceItem] = []
    current: tuple[int, str, int | None, str] | None = None
    for tr in forms[0].iter("tr") if forms else ():
        if tr.get("class") == "th":
            continue
        th = next(iter(tr.xpath("./th")), None)
        if th is not None:
            link = next((a for a in th.iter("a") if a.get("href")), None)
            if link is None:
                current = None
                continue
            href = link.get("href", "")
            tid = _query_int(href, "ptid") or thread_id(href)
            board_a = next(iter(_X_BOARD(tr)), None)
            fid = forum_id(board_a.get("href", "")) if board_a is not None else None
            board = collapse(text_of(board_a)) if board_a is not None else ""
            if tid is None:
                current = None
                continue
            current = (tid, collapse(text_of(link)), fid, board)
            if view == "thread":
                items.append(SpaceItem(uid, view, tid, None, current[1], fid, board))
            continue
        cell = next(iter(tr.xpath("./td[@colspan and contains(@class, 'xg1')]")), None)
        if cell is None or current is None or view != "reply":
            continue
        for a in cell.iter("a"):
            pid = _query_int(a.get("href", ""), "pid")
            if pid is not None:
                excerpt = collapse(text_of(a))
                tid, subject, fid, board = current
                shown = "" if excerpt == "......" else excerpt
                items.append(SpaceItem(uid, view, tid, pid, subject, fid, board, shown))
    page_no, total = page_numbers(text)
    return SpacePage(uid, view, page_no, total, items, served_at(text))
