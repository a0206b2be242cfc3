"""Bytes → text, strictly.

Discuz! boards are UTF-8 or GBK.  The charset comes from the Content-Type header, else
from the page's own ``<meta charset>`` / ``http-equiv`` / XML declaration, else UTF-8.
GBK and GB2312 are decoded as GB18030 (a superset, so nothing a GBK board sends is
lost).  Nothing is guessed: bytes that do not decode raise
:class:`~auditor.errors.UndecodablePageError` naming the URL (bytes that stop inside a
character are a cut-off transfer: :class:`~auditor.errors.TruncatedPageError`).
"""

from __future__ import annotations

import codecs
import re

from auditor.errors import TruncatedPageError, UndecodablePageError

_HEADER_CHARSET = re.compile(r"charset\s*=\s*[\"']?([A-Za-z0-9_.:-]+)", re.I)
_META_CHARSET = re.compile(rb"<meta[^>]+charset\s*=\s*[\"']?\s*([A-Za-z0-9_.:-]+)", re.I)
_XML_DECL = re.compile(rb"^\s*<\?xml[^>]+encoding\s*=\s*[\"']([A-Za-z0-9_.:-]+)", re.I)

# Names a Discuz! board (or a browser saving its page) may use, mapped to Python codecs.
_ALIASES = {
    "gbk": "gb18030",
    "gb2312": "gb18030",
    "gb_2312": "gb18030",
    "gb-2312": "gb18030",
    "x-gbk": "gb18030",
    "cp936": "gb18030",
    "gb18030": "gb18030",
    "utf8": "utf-8",
    "utf-8": "utf-8",
    "big5": "big5hkscs",
}


def normalise_charset(name: str) -> str:
    """Map a declared charset to the codec used to decode it (``gbk`` → ``gb18030``)."""
    key = name.strip().lower()
    if key in _ALIASES:
        return _ALIASES[key]
    try:
        return codecs.lookup(key).name
    except LookupError:
        return key


def declared_charset(body: bytes, content_type: str | None) -> str | None:
    """The charset the response declares: header first, then the document head."""
    if content_type:
        found = _HEADER_CHARSET.search(content_type)
        if found:
            return found.group(1)
    head = body[:4096]
    m = _XML_DECL.match(head) or _META_CHARSET.search(head)
    if m:
        return m.group(1).decode("ascii")
    return None


def decode_body(body: bytes, content_type: str | None, url: str) -> tuple[str, str]:
    """Decode a response strictly; return ``(text, codec)`` (``codec`` is e.g. ``gb18030``).

    >>> decode_body("你好".encode("gbk"), "text/html; charset=GBK", "u")
    ('你好', 'gb18030')
    """
    declared = declared_charset(body, content_type)
    charset = normalise_charset(declared) if declared else "utf-8"
    if charset == "utf-8" and body.startswith(codecs.BOM_UTF8):
        body = body[len(codecs.BOM_UTF8) :]
    try:
        return body.decode(charset, errors="strict"), charset
    except LookupError:
        raise UndecodablePageError(url, f"未知字符集 {declared}") from None
    except UnicodeDecodeError as exc:
        if exc.end >= len(body):  # cut inside a multibyte character: a truncated transfer
            raise TruncatedPageError(url, "内容在一个多字节字符中间结束") from None
        raise UndecodablePageError(
            url, f"按 {declared or 'utf-8'} 解码失败，位置 {exc.start}"
        ) from None
