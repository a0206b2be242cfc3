"""One rendered message (``td.t_f``, API ``message``, touch ``div.message``) → own text.

The same walk serves every view, because Discuz! renders BBCode the same way in all of
them (the API wraps quotes in ``div.reply_wrap`` instead of ``div.quote``).  What the
walk removes, and why:

* jammer fragments (``font.jammer``, ``span[style="display:none"]``): random noise;
* quotes: kept apart as :class:`~auditor.models.Quote`, never charged to the quoter;
* the edit notice ``i.pstatus``: kept in ``edited``;
* ``div.locked`` inside a message: the ``[hide]`` notice a viewer gets instead of the
  hidden text (``hidden_content``);
* ``script`` / ``style`` and attachment tooltips (they hold relative upload times).

Smilies become their codes, images and inline image attachments ``[图片]``.  A quote
or another block element ends a line, as ``<br>`` does.
"""

from __future__ import annotations

import html as htmllib
import re
from dataclasses import dataclass, field
from typing import Any

from lxml import etree
from lxml.etree import _Element

from auditor.models import Attachment, Quote
from auditor.urls import as_id

from .smilies import smiley_code

IMAGE_PLACEHOLDER = "[图片]"

_WS = re.compile(r"\s+")
_QUOTE_HEADER = re.compile(r"^(.*?)\s*发表于\s*(\d{4}-\d{1,2}-\d{1,2}\s+\d{1,2}:\d{2}(?::\d{2})?)$")
_PID = re.compile(r"[?&;]pid=(\d+)")
_PTID = re.compile(r"[?&;]ptid=(\d+)")
_DIGITS = re.compile(r"(\d+)")

_BLOCK_TAGS = frozenset(
    {
        "div", "p", "li", "ul", "ol", "table", "tr", "td", "th", "tbody", "h1", "h2", "h3",
        "h4", "h5", "h6", "blockquote", "dl", "dt", "dd", "center", "hr", "pre",
    }
)  # fmt: skip
_SKIP_TAGS = frozenset({"script", "style", "noscript", "textarea"})
_FORMAT_TAGS = {"strong": "b", "b": "b", "i": "i", "u": "u", "strike": "s", "s": "s"}


def collapse(text: str) -> str:
    """Whitespace (``&nbsp;`` included) collapsed to single spaces, ends stripped."""
    return _WS.sub(" ", text).strip()


# Plain lxml elements: lxml.html's element classes cost a Python call per node visited.
# huge_tree: libxml2 otherwise stops at 256 nested elements and silently drops the rest of
# the page (125 nested [quote]s are enough); with it the limit is 2048.
HTML_PARSER = etree.HTMLParser(huge_tree=True)

# Quotes nested deeper than this are flattened into the quote at this depth before parsing,
# so no depth of [quote]s can reach the parser's limit.  Their text stays quoted (never
# charged to the quoter); nobody reads a hundred levels down.
MAX_QUOTE_DEPTH = 100
_QUOTE_TAG = re.compile(r'(<div class="quote">)?<blockquote>|</blockquote>(</div>)?')


def flatten_deep_quotes(text: str) -> str:
    """Drop the quote tags nested deeper than :data:`MAX_QUOTE_DEPTH` (their text is kept)."""
    if text.count("<blockquote>") <= MAX_QUOTE_DEPTH:
        return text
    out: list[str] = []
    stack: list[tuple[bool, bool]] = []  # per open quote: dropped?, opened with its div?
    last = 0
    for m in _QUOTE_TAG.finditer(text):
        if m.group(0).endswith("<blockquote>"):
            drop = len(stack) >= MAX_QUOTE_DEPTH
            stack.append((drop, m.group(1) is not None))
            if drop:
                out.append(text[last : m.start()])
                last = m.end()
            continue
        if not stack:
            continue
        dropped, had_div = stack.pop()
        if dropped:
            out.append(text[last : m.start()])
            # the </div> goes only with the quote's own <div class="quote">
            last = m.end() if had_div and m.group(2) else m.start() + len("</blockquote>")
    out.append(text[last:])
    return "".join(out)


# For a page whose bytes are UTF-8 already (checked strictly by the decoding): libxml2 reads
# them as they came, without the copy of the whole page a str costs it (a twentieth of a
# desktop page's parse).
UTF8_PARSER = etree.HTMLParser(huge_tree=True, encoding="utf-8")

# The same without libxml2's index of id attributes (XPath's id()), for a caller that looks
# no id up: building the index is a sixth of a desktop post list's parse.
_UNINDEXED = {
    False: etree.HTMLParser(huge_tree=True, collect_ids=False),
    True: etree.HTMLParser(huge_tree=True, encoding="utf-8", collect_ids=False),
}
_INDEXED = {False: HTML_PARSER, True: UTF8_PARSER}


def parse_document(text: str, utf8: bytes | None = None, *, ids: bool = True) -> _Element:
    """A whole HTML document as plain lxml elements (``utf8``: the same document's bytes,
    when they are UTF-8; used when nothing in ``text`` needs rewriting first; ``ids``:
    whether XPath's ``id()`` is to find elements in it)."""
    if text.lstrip().startswith("<?xml"):  # lxml refuses a declaration in a str
        text = text[text.index("?>") + 2 :]
        utf8 = None
    flat = flatten_deep_quotes(text)
    from_bytes = utf8 is not None and flat is text
    parser = (_INDEXED if ids else _UNINDEXED)[from_bytes]
    return etree.fromstring(utf8 if from_bytes else flat, parser)


def text_of(el: _Element) -> str:
    """All text inside an element (like ``text_content()``; comments excluded)."""
    return etree.tostring(el, method="text", encoding="unicode", with_tail=False)


def drop_tree(el: _Element) -> None:
    """Remove an element and its content, keeping the text that follows it."""
    parent = el.getparent()
    if parent is None:
        return
    if el.tail:
        prev = el.getprevious()
        if prev is not None:
            prev.tail = (prev.tail or "") + el.tail
        else:
            parent.text = (parent.text or "") + el.tail
    parent.remove(el)


def _classes(el: _Element) -> list[str]:
    return (el.get("class") or "").split()


def is_jammer(el: _Element) -> bool:
    """A 防采集 fragment: ``<font class="jammer">`` or ``<span style="display:none">``."""
    tag = el.tag
    if tag == "font":
        return "jammer" in _classes(el)
    if tag == "span":
        style = el.get("style")
        return style is not None and style.replace(" ", "").lower().startswith("display:none")
    return False


def remove_jammer(root: _Element) -> None:
    """Drop every jammer element under ``root``, keeping the text that follows it."""
    doomed = [el for el in root.iter("font", "span") if el is not root and is_jammer(el)]
    for el in doomed:
        drop_tree(el)


def inner_html(el: _Element) -> str:
    """The element's inner HTML as lxml serialises it, ``\\r\\n`` normalised to ``\\n``."""
    parts = [htmllib.escape(el.text, quote=False)] if el.text else []
    parts.extend(etree.tostring(child, method="html", encoding="unicode") for child in el)
    return "".join(parts).replace("\r\n", "\n").replace("\r", "\n")


@dataclass(slots=True)
class MessageContent:
    html: str = ""
    text: str = ""
    lines: tuple[str, ...] = ()
    quotes: tuple[Quote, ...] = ()
    edited: str | None = None
    images: tuple[str, ...] = ()
    links: tuple[str, ...] = ()
    smilies: tuple[str, ...] = ()
    attachments: tuple[Attachment, ...] = ()
    hidden_content: bool = False
    markup: tuple[tuple[str, str], ...] = ()

    def post_fields(self, **overrides: Any) -> dict[str, Any]:
        """The Post fields a message gives, the same in every view (``overrides`` for a
        view that knows more, e.g. the desktop's attachment list)."""
        fields: dict[str, Any] = {
            "message_html": self.html,
            "text": self.text,
            "lines": self.lines,
            "quotes": self.quotes,
            "edited": self.edited,
            "images": self.images,
            "links": self.links,
            "smilies": self.smilies,
            "attachments": self.attachments,
            "hidden_content": self.hidden_content,
            "markup": self.markup,
        }
        fields.update(overrides)
        return fields


@dataclass(slots=True)
class _Walk:
    lines: list[str] = field(default_factory=list)
    buf: list[str] = field(default_factory=list)
    quotes: list[Quote] = field(default_factory=list)
    images: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    smilies: list[str] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    markup: list[tuple[str, str]] = field(default_factory=list)
    edited: str | None = None
    hidden_content: bool = False

    def newline(self) -> None:
        if self.buf:
            self.lines.append("".join(self.buf))
            self.buf = []

    def children(self, el: _Element) -> None:
        if el.text:
            self.buf.append(el.text)
        for child in el:
            self.node(child)
            if child.tail:
                self.buf.append(child.tail)

    def node(self, el: _Element) -> None:
        tag = el.tag
        if not isinstance(tag, str) or tag in _SKIP_TAGS:
            return
        if tag == "br":
            self.newline()
            return
        if tag == "img":
            self.image(el)
            return
        cls = _classes(el)
        if tag == "div":
            if "quote" in cls or "reply_wrap" in cls:
                self.newline()
                self.quotes.append(parse_quote(el))
                return
            if "locked" in cls:
                self.hidden_content = True
                self.newline()
                return
            if "showhide" in cls:
                # [hide] content the viewer may read: part of the text, minus its heading
                if el.text:
                    self.buf.append(el.text)
                for child in el:
                    if child.tag != "h4":
                        self.node(child)
                    if child.tail:
                        self.buf.append(child.tail)
                return
            if "tip" in cls or (el.get("id") or "").endswith("_menu"):
                return
        elif tag == "blockquote":
            self.newline()
            self.quotes.append(parse_quote(el))
            return
        elif tag == "i" and "pstatus" in cls:
            self.edited = collapse(text_of(el))
            self.newline()
            return
        elif tag == "ignore_js_op":
            self.attachment_block(el)
            return
        elif tag == "a":
            href = el.get("href")
            if href:
                self.links.append(href)
        elif tag == "font":
            for attr in ("color", "size", "face"):
                value = el.get(attr)
                if value is not None:
                    self.markup.append((attr, value))
        elif tag in _FORMAT_TAGS:
            self.markup.append((_FORMAT_TAGS[tag], ""))
        style = el.get("style")
        if style:
            self.markup.append(("style", style))
        align = el.get("align")
        if align:
            self.markup.append(("align", align))
        if tag in _BLOCK_TAGS:
            self.newline()
            self.children(el)
            self.newline()
        else:
            self.children(el)

    def image(self, el: _Element) -> None:
        src = el.get("src") or ""
        code = smiley_code(src, el.get("smilieid"))
        if code is not None:
            self.smilies.append(code)
            self.buf.append(code)
            return
        aid = el.get("aid")
        if aid is not None:  # inline image attachment outside its usual wrapper
            url = el.get("zoomfile") or el.get("file") or src
            self.attachments.append(Attachment(int(aid), el.get("alt") or None, True, True, url))
            self.images.append(url)
        else:
            self.images.append(src)
        self.buf.append(IMAGE_PLACEHOLDER)

    def attachment_block(self, el: _Element) -> None:
        """``<ignore_js_op>`` around an ``[attach]`` the viewer may see."""
        for att, image_file in attachments_in(el, inline=True):
            self.attachments.append(att)
            if image_file is not None:
                self.images.append(image_file)
                self.buf.append(IMAGE_PLACEHOLDER)


def attachments_in(el: _Element, *, inline: bool) -> list[tuple[Attachment, str | None]]:
    """Attachments shown in a block: inline ``img[aid]`` / ``span#attach_N``, or list links.

    Each comes with the image file URL for an inline image (for ``Post.images``), else None.
    """
    found: list[tuple[Attachment, str | None]] = []
    seen: set[int] = set()
    for sub in el.iter("img", "span", "a"):
        tag = sub.tag
        if tag == "img" and as_id(sub.get("aid") or "") is not None and inline:
            aid = int(sub.get("aid"))
            if aid in seen:
                continue
            seen.add(aid)
            name = None
            file_url = sub.get("zoomfile") or sub.get("file") or sub.get("src")
            url = file_url
            for menu in el.iter("div"):
                if menu.get("id") == f"aimg_{aid}_menu":
                    strong = next(menu.iter("strong"), None)
                    if strong is not None:
                        name = collapse(text_of(strong)) or None
                    for a in menu.iter("a"):
                        if "mod=attachment" in (a.get("href") or ""):
                            url = a.get("href")
                            break
                    break
            found.append((Attachment(aid, name, True, True, url), file_url))
        elif tag == "span" and (sub.get("id") or "").startswith("attach_") and inline:
            m = _DIGITS.search(sub.get("id") or "")
            link = next(sub.iter("a"), None)
            if m and link is not None:
                aid = int(m.group(1))
                if aid not in seen:
                    seen.add(aid)
                    name = collapse(text_of(link)) or None
                    found.append((Attachment(aid, name, False, True, link.get("href")), None))
        elif tag == "a" and not inline:
            sid = sub.get("id") or ""
            if sid.startswith("aid") and as_id(sid[3:]) is not None:
                aid = int(sid[3:])
                if aid in seen:
                    continue
                seen.add(aid)
                is_image = False
                for anc in sub.iterancestors("dl"):
                    is_image = "attm" in _classes(anc)
                    break
                name = collapse(text_of(sub)) or None
                found.append((Attachment(aid, name, is_image, False, sub.get("href")), None))
    return found


def parse_quote(el: _Element) -> Quote:
    """A quote block: the quote-reply header (author, time, findpost pid) and its text."""
    header = None
    for a in el.iter("a"):
        href = a.get("href") or ""
        if "findpost" in href:
            header = a
            break
    author = pid = tid = quoted_time = None
    skip = None
    if header is not None:
        m = _QUOTE_HEADER.match(collapse(text_of(header)))
        if m:
            author, quoted_time = m.group(1), collapse(m.group(2))
            href = header.get("href") or ""
            if pm := _PID.search(href):
                pid = int(pm.group(1))
            if tm := _PTID.search(href):
                tid = int(tm.group(1))
            # the header sits in <font size="2"> on the desktop, bare in the API
            skip = header
            parent = header.getparent()
            if parent is not None and parent.tag == "font" and parent is not el:
                skip = parent
    walk = _Walk()
    _quote_children(walk, el, skip)
    walk.newline()
    lines = [c for c in (collapse(line) for line in walk.lines) if c]
    if header is None and lines and (m := _QUOTE_HEADER.match(lines[0])) and m.group(1):
        # a quote typed or pasted by hand ([quote]馄饨 发表于 2026-12-3 19:58⏎…): the header
        # is plain text, with no findpost link, and names the quoted author all the same
        author, quoted_time = m.group(1), collapse(m.group(2))
        lines = lines[1:]
    return Quote(" ".join(lines), author, pid, tid, quoted_time)


def _quote_children(walk: _Walk, el: _Element, skip: _Element | None) -> None:
    if el.text:
        walk.buf.append(el.text)
    for child in el:
        if child is skip:
            pass
        elif child.tag == "blockquote" or (
            child.tag == "div" and {"quote", "reply_wrap"} & set(_classes(child))
        ):
            walk.newline()
            _quote_children(walk, child, skip)
            walk.newline()
        else:
            walk.node(child)
        if child.tail:
            walk.buf.append(child.tail)


def extract_message(el: _Element, *, with_html: bool = True) -> MessageContent:
    """Read one message element (jammer fragments are removed from it in place)."""
    remove_jammer(el)
    walk = _Walk()
    walk.children(el)
    walk.newline()
    lines = tuple(c for c in (collapse(line) for line in walk.lines) if c)
    return MessageContent(
        html=inner_html(el) if with_html else "",
        text=" ".join(lines),
        lines=lines,
        quotes=tuple(walk.quotes),
        edited=walk.edited,
        images=tuple(walk.images),
        links=tuple(walk.links),
        smilies=tuple(walk.smilies),
        attachments=tuple(walk.attachments),
        hidden_content=walk.hidden_content,
        markup=tuple(walk.markup),
    )


_STRUCK_TAGS = ("strike", "s", "del")


def struck_texts(message_html: str) -> tuple[str, ...]:
    """The struck-through parts (``[s]…[/s]``) of a message's own text, in order, each
    collapsed as :attr:`MessageContent.text` is: words the writer crossed out (投[s]包子[/s]
    土豆).  Struck words inside a quote are the quoted post's, not these."""
    if not any(f"<{t}>" in message_html for t in _STRUCK_TAGS):
        return ()
    root = fragment(message_html)
    remove_jammer(root)
    out = []
    for el in root.iter(*_STRUCK_TAGS):
        if any(a.tag == "blockquote" or "quote" in _classes(a) for a in el.iterancestors()):
            continue
        text = collapse(text_of(el))
        if text:
            out.append(text)
    return tuple(out)


def fragment(html_text: str) -> _Element:
    """Parse an HTML fragment (API message, printable chunk) into a wrapping ``div``."""
    html_text = flatten_deep_quotes(html_text)
    doc = etree.fromstring(f"<html><body><div>{html_text}</div></body></html>", HTML_PARSER)
    return doc[0][0]
