"""A ``[quote]`` the poster typed is the poster's own text (session 48: two directors'
players pasted chat logs inside a typed ``[quote]`` — 「[quote]阿琳 2026/12/4 1:23:45 …[/quote]」 —
and PASTE-CHATLOG, reading only the post's own content, said nothing).

A Discuz! quote-reply carries its header: the ``repquote=`` form writes
``[quote][size=2][url=forum.php?mod=redirect&goto=findpost&pid=…][color=#999999]AUTHOR 发表于
…[/color][/url][/size]…[/quote]`` (the captures in ``/work/shared/discuz/``: pid 25 → 18, 81 → 80),
and a quote typed by hand may still name its author the same way (「馄饨 发表于 2026-12-3
19:58」, read by :func:`auditor.forum.parse.message.parse_quote`).  A quote with neither is
nobody else's words: the sign of who wrote them is the poster's, so the content checks (贴证
M107 违规判定 7(1) “禁止…贴出、伪造或变造QQ、站内信息、树洞记录”, 030 违规判定 1(3) “贴出（或
伪造）包括QQ聊天记录、树洞记录在内的带有格式的相关记录”, and the other post rules) read it as
the post's own text.  A quote with a header stays someone else's, never charged to the quoter.

:func:`own_view` gives the post as those checks read it; a post with no such quote is
returned as it is (the same object), so nothing is parsed again for it.
"""

from __future__ import annotations

from dataclasses import replace

from lxml.etree import _Element

from auditor.forum.parse.message import extract_message, fragment, parse_quote
from auditor.models import Post


def typed_quote(post: Post) -> bool:
    """Whether a quote in the post has no quote-reply header (no findpost link, no
    「AUTHOR 发表于 …」): a ``[quote]`` the poster typed."""
    return any(q.pid is None and q.author is None for q in post.quotes)


def _is_quote(el: _Element) -> bool:
    if el.tag == "blockquote":
        return True
    cls = set((el.get("class") or "").split())
    return el.tag == "div" and bool({"quote", "reply_wrap"} & cls)


def _outer_quotes(root: _Element) -> list[_Element]:
    """The quote blocks not inside another quote block (``div.quote`` holding its
    ``blockquote`` counts once, as the div)."""
    out: list[_Element] = []

    def walk(el: _Element) -> None:
        for child in el:
            if not isinstance(child.tag, str):
                continue
            if _is_quote(child):
                out.append(child)
            else:
                walk(child)

    walk(root)
    return out


def _unquote(el: _Element) -> None:
    """Make a quote block a plain block (its lines stay lines of their own)."""
    for sub in (el, *(c for c in el if isinstance(c.tag, str) and _is_quote(c))):
        sub.tag = "div"
        sub.attrib.pop("class", None)


def own_view(post: Post) -> Post:
    """The post with every headerless quote read as its own text (see the module)."""
    if not post.quotes or not typed_quote(post) or not post.message_html.strip():
        return post
    root = fragment(post.message_html)
    changed = False
    for el in _outer_quotes(root):
        q = parse_quote(el)
        if q.pid is None and q.author is None:
            _unquote(el)
            changed = True
    if not changed:
        return post
    content = extract_message(root)
    return replace(
        post,
        message_html=content.html,
        text=content.text,
        lines=content.lines,
        quotes=content.quotes,
        images=content.images,
        links=content.links,
        smilies=content.smilies,
        markup=content.markup,
    )
