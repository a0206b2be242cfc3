"""The desktop thread view (``forum.php?mod=viewthread`` and rewritten ``thread-T-P-1.html``)."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime, tzinfo

from lxml import etree
from lxml.etree import _Element

from auditor.errors import MissingPostsError, TruncatedPageError, UnrecognisedPageError
from auditor.models import PageKind, ParsedPage, Post, Profile

from .common import PostTime, floor_from_text, page_numbers, read_time, uid_from_href
from .detect import hidden_reason, viewer_uid
from .message import (
    MessageContent,
    attachments_in,
    collapse,
    extract_message,
    parse_document,
    text_of,
)

_TID_JS = re.compile(r"tid = parseInt\('(\d+)'\)")
_FID_JS = re.compile(r"fid = parseInt\('(\d+)'\)")
_TID_CANONICAL = re.compile(
    r'<link href="[^"]*?(?:[?&]tid=(\d+)|thread-(\d+)-)[^"]*" rel="canonical"'
)
_AUTHOR_ONLY = 'rel="nofollow">显示全部楼层</a>'
_POST_ID = re.compile(r"post_(\d+)$")
# Every post on a desktop page opens with this; post text cannot produce it (Discuz! escapes
# what members type), so it counts the posts the page promises whatever the parser saw.
_POST_OPEN = re.compile(r'<div id="post_(\d+)"')

# id() uses libxml2's id index: no scan of the whole document
_X_LIST = etree.XPath("id('postlist')")
_X_SUBJECT = etree.XPath("id('thread_subject')")

# The post list is all of a desktop page the parser reads as a tree (the rest it reads as
# text), about two thirds of the page: libxml2 builds only that part when it can.  The
# template's own markers (post text cannot produce them: Discuz! escapes what members type).
_LIST_OPEN = '<div id="postlist"'
_LIST_END = '<div id="postlistreply"'
_LIST_CLOSED = _LIST_END + "></div>"
_SUBJECT_ID = "thread_subject"


def parse_desktop(
    text: str, url: str, tz: tzinfo, now: datetime | None, utf8: bytes | None = None
) -> ParsedPage:
    """A desktop page (``utf8``: its bytes when they are UTF-8, as for
    :func:`~.message.parse_document`)."""
    tid = _thread_id(text)
    if tid is None:
        raise UnrecognisedPageError(url, "帖子页里找不到 tid")
    m = _FID_JS.search(text)
    fid = int(m.group(1)) if m else None
    if "postlistreply" not in text:
        raise TruncatedPageError(url, "帖子列表不完整")
    page, total = page_numbers(text)
    post_list, subject_el = post_list_elements(text, utf8)
    subject = collapse(text_of(subject_el)) if subject_el is not None else None

    # 只看该作者 (``&authorid=``) numbers the author's posts 1..n: those floors are not
    # the thread's, so they are dropped.
    author_only = _AUTHOR_ONLY in text
    posts: list[Post] = []
    seen: set[int] = set()
    profiles: dict[int, Profile] = {}
    for div in post_list.iterchildren("div") if post_list is not None else ():
        m = _POST_ID.match(div.get("id", ""))
        if not m:
            continue
        pid = int(m.group(1))
        if pid in seen:
            continue
        seen.add(pid)
        post, sign, panel = _read_post(div, pid, tid, url, tz, now)
        posts.append(replace(post, floor=None) if author_only else post)
        if post.author_uid is not None and post.hidden is None:
            _note_profile(profiles, post, sign, panel)
    # Every post the markup opens was read
    promised = set(_POST_OPEN.findall(text))
    if len(promised) > len(seen):
        missing = sorted(int(p) for p in promised if int(p) not in seen)
        raise MissingPostsError(
            url,
            f"页面上有 {len(promised)} 个帖子，只读出 {len(seen)} 个；"
            f"读不出的 pid：{'、'.join(map(str, missing[:10]))}{'…' if len(missing) > 10 else ''}",
        )
    return ParsedPage(
        kind=PageKind.DESKTOP,
        tid=tid,
        page=None if author_only else page,
        total_pages=None if author_only else total,
        posts=posts,
        subject=subject,
        fid=fid,
        author_only=author_only,
        viewer_uid=viewer_uid(text),
        profiles=list(profiles.values()),
    )


def post_list_elements(text: str, utf8: bytes | None) -> tuple[_Element | None, _Element | None]:
    """The page's ``div#postlist`` and its subject's element (``id="thread_subject"``),
    each None when the page has none: from the list parsed alone when that gives what the
    whole page's tree holds (:func:`_post_list_alone`), else from the whole page."""
    start = text.find(_LIST_OPEN)
    end = text.find(_LIST_END, start) if start >= 0 else -1
    named = text.find(_SUBJECT_ID)
    # (a subject's element before the list would be the whole page's)
    if end >= 0 and not 0 <= named < start:
        alone = _post_list_alone(text, utf8, start, end, named >= 0)
        if alone is not None:
            return alone
    doc = parse_document(text, utf8)
    lists, subjects = _X_LIST(doc), _X_SUBJECT(doc)
    return (lists[0] if lists else None), (subjects[0] if subjects else None)


def _post_list_alone(
    text: str, utf8: bytes | None, start: int, end: int, named: bool
) -> tuple[_Element, _Element | None] | None:
    """The list parsed from its opening tag up to the template's reply box after the last
    post (a closed reply box put in its place), or None when that is not the whole page's
    tree: the reply box must land in the list (so every element the posts opened was
    closed before it, and what follows the list cannot reach into a post), and the
    subject's element be inside the part when the page names one (``named``).  What comes
    before the list is the template's head and navigation."""
    part = None
    if utf8 is not None:
        b_start = utf8.find(_LIST_OPEN.encode())
        part = utf8[b_start : utf8.find(_LIST_END.encode(), b_start)] + _LIST_CLOSED.encode()
    doc = parse_document(text[start:end] + _LIST_CLOSED, part, ids=False)
    post_list = next(doc.iter("div"))  # the part's first element
    last = post_list[-1] if len(post_list) else None
    if post_list.get("id") != "postlist" or last is None or last.get("id") != "postlistreply":
        return None
    if not named:
        return post_list, None
    subject = next((el for el in post_list.iter() if el.get("id") == _SUBJECT_ID), None)
    return (post_list, subject) if subject is not None else None


def _note_profile(
    profiles: dict[int, Profile],
    post: Post,
    sign: _Element | None,
    panel: tuple[str | None, int | None],
) -> None:
    """One profile per author per page: a signature any of their posts shows wins."""
    assert post.author_uid is not None
    avatar, threads = panel
    old = profiles.get(post.author_uid)
    if old is not None and (sign is None or old.signature_html is not None):
        return  # (before the signature is written out: most posts stop here)
    html = _inner_html(sign).strip() if sign is not None else None
    text = collapse(text_of(sign)) if sign is not None else ""
    if old is not None and html is None:
        return
    if old is not None:
        avatar = avatar or old.avatar_url
        threads = threads if threads is not None else old.threads
    profiles[post.author_uid] = Profile(
        post.author_uid, post.author, html or None, text, avatar, threads
    )


def _inner_html(el: _Element) -> str:
    inner = (el.text or "") + "".join(
        etree.tostring(child, encoding="unicode", method="html") for child in el
    )
    return inner


def _thread_id(text: str) -> int | None:
    m = _TID_JS.search(text)
    if m:
        return int(m.group(1))
    m = _TID_CANONICAL.search(text)
    if m:
        return int(m.group(1) or m.group(2))
    return None


def _read_post(
    div: _Element, pid: int, tid: int, url: str, tz: tzinfo, now: datetime | None
) -> tuple[Post, _Element | None, tuple[str | None, int | None]]:
    """The post, its author's signature element (``div.sign``), and the avatar URL and
    主题 count the author panel shows."""
    author = ""
    author_uid = None
    floor_link = time_el = message_el = locked = attach_list = sign = None
    avatar: str | None = None
    threads: int | None = None
    # One pass over the post's elements beats a dozen XPath queries.
    message_id, floor_id, time_id = f"postmessage_{pid}", f"postnum{pid}", f"authorposton{pid}"
    for el in div.iter("div", "a", "em", "td"):
        tag = el.tag
        if tag == "td":
            if el.get("id") == message_id:
                message_el = el
        elif tag == "a":
            cls = el.get("class")
            if el.get("id") == floor_id:
                floor_link = el
            elif cls == "xw1" and not author:
                parent = el.getparent()
                if parent is not None and parent.get("class") == "authi":
                    author = collapse(text_of(el))
                    author_uid = uid_from_href(el.get("href", ""))
            elif cls == "xi2" and threads is None:
                href = el.get("href", "")
                if "do=thread" in href and "type=thread" in href:
                    count = collapse(text_of(el))
                    threads = int(count) if count.isdecimal() else None
        elif tag == "em":
            if el.get("id") == time_id:
                time_el = el
        else:  # div
            cls = el.get("class")
            if cls == "locked" and message_el is None and locked is None:
                locked = el
            elif cls == "pattl":
                attach_list = el
            elif cls == "sign" and sign is None:
                sign = el
            elif cls == "avatar" and avatar is None:
                img = next(el.iter("img"), None)
                avatar = img.get("src") if img is not None else None
    if time_el is None:
        raise UnrecognisedPageError(url, f"pid {pid} 没有发表时间")
    floor, stuck = (None, False)
    if floor_link is not None:
        floor, stuck = floor_from_text(text_of(floor_link), stuck_marker=_has_stick(floor_link))
    when: PostTime = read_time(time_el, tz, now, url)
    hidden = hidden_reason(text_of(locked)) if locked is not None else None
    content = extract_message(message_el) if message_el is not None else MessageContent()
    attachments = content.attachments
    if attach_list is not None:
        attachments += tuple(a for a, _ in attachments_in(attach_list, inline=False))
    post = Post(
        tid=tid,
        pid=pid,
        floor=floor,
        author=author,
        author_uid=author_uid,
        posted_at=when.at,
        **content.post_fields(attachments=attachments),
        hidden=hidden,
        time_approximate=when.approximate,
        time_precision=when.precision,
        # the first post's floor link is the thread URL, the others a findpost link
        first=floor_link is not None and "findpost" not in floor_link.get("href", ""),
        stuck=stuck,
    )
    return post, sign, (avatar, threads)


def _has_stick(link: _Element) -> bool:
    return any("replystick" in (em.get("class") or "") for em in link.iter("em"))
