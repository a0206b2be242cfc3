"""The announcement cut to the forum's post limit, measured by the forum's own rule.

Discuz! X3.5 checks a reply in ``checkpost()`` (source/function/function_post.php)::

    strlen($message) > maxpostsize                                  -> post_message_toolong
    strlen(preg_replace('/\\[quote\\].+?\\[\\/quote\\]/is', '', $message)) < minpostsize
    (or the same without [postbg]…[/postbg])                        -> post_message_tooshort

``strlen`` counts the **bytes of the message as it was POSTed**, on a stock UTF-8 forum
(the captures in ``shared/discuz/x35-post``, tested in tests/test_post_size.py):

- 10,000 bytes pass and 10,001 do not; 3,333 CJK characters (9,999 bytes) pass and 3,334
  (10,002) do not; 4 CJK characters (12 bytes) pass the 10-byte minimum and 9 ASCII bytes
  do not (15–21);
- a line break sent as CRLF is 2 bytes (22), and a browser sends every line break of a
  textarea as CRLF, while a tool posting the text itself sends LF (50, 51);
- U+0080–U+00FF (``×``, ``·``) is 2 bytes, emoji 4 (48); ``&`` is 1 (the raw bytes are
  counted, before any HTML escaping: 23);
- a ``[quote]`` block does not count towards the minimum (17).

The post editor's own check (``mb_strlen`` in static/js/common.js: 3 for a UTF-16 unit
above U+00FF, else 1, on the LF text) is **not** the server's: 5,001 ``×`` pass it and are
refused (48), and so was a part this module once made by it, pasted with CRLF (50).
So a part is measured as the bytes the forum receives with CRLF line breaks (pasted from a
browser, the larger of the two), and a part that fits that way fits when a tool posts it
with LF too.

**Assumption, not yet captured:** a GBK (or Big5) forum counts the bytes of the message in
its own charset, which a browser sends with every character the charset lacks (an emoji)
as an HTML character reference ``&#128512;``.  Only the UTF-8 rule is measured.

Parts are cut between lines (a line too long for a part on its own at its spaces, a line
without spaces between characters, never inside a tag); a tag still open at a cut is
closed at the end of the part and opened again at the start of the next, so every part is
balanced BBCode on its own.  Each part starts ``[b]（第1/3部分）[/b]``.
"""

from __future__ import annotations

import enum
import re
from collections import deque
from collections.abc import Callable

DEFAULT_LIMIT = 10000  # Discuz! X3.5 maxpostsize as shipped (admin: 帖子最大字数)
MIN_POST_BYTES = 10  # minpostsize on the captured forum: the least a reply may hold
PASTED = "\r\n"  # line breaks as a browser sends a pasted text
POSTED = "\n"  # line breaks as the tool sends a text itself

_TAG = re.compile(r"\[(/?)([a-z]+)(=[^\]\[]*)?\]", re.I)
_PAIRED = {"b", "i", "u", "s", "color", "size", "font", "url", "quote", "code", "align"}
_QUOTE = re.compile(rb"\[quote\].+?\[/quote\]", re.I | re.S)  # checkpost()'s patterns
_POSTBG = re.compile(rb"\[postbg\].+?\[/postbg\]", re.I | re.S)
# one cut-free piece of a line: a whole tag, a space, or one character
_TOKEN = re.compile(r"\[/?[a-z]+(?:=[^\]\[]*)?\]| |.", re.I | re.S)


class Verdict(enum.Enum):
    """What the forum answers a reply of a given size (``checkpost()``)."""

    OK = "ok"
    TOO_SHORT = "too_short"  # post_message_tooshort
    TOO_LONG = "too_long"  # post_message_toolong

    def said(self, minpostsize: int = MIN_POST_BYTES, maxpostsize: int = DEFAULT_LIMIT) -> str:
        """The forum's own words for it (X3.5 lang_message), or "" for OK."""
        if self is Verdict.TOO_SHORT:
            return f"抱歉，您的帖子小于 {minpostsize} 个字符的限制"
        if self is Verdict.TOO_LONG:
            return f"抱歉，您的帖子超过 {maxpostsize} 个字符的限制"
        return ""


def _codec(charset: str) -> str:
    name = charset.lower().replace("-", "").replace("_", "")
    if name in ("utf8", "utf8mb4"):
        return "utf-8"
    if name in ("gbk", "gb2312", "gb18030", "cp936"):
        return "gbk"  # (an assumption: see the module's docstring)
    if name in ("big5", "big5hkscs"):
        return "big5"
    raise ValueError(f"unknown forum charset: {charset!r}")


def posted_bytes(text: str, *, newline: str = PASTED, charset: str = "utf-8") -> bytes:
    """``text`` as the forum receives it: every line break as ``newline`` (CRLF pasted from
    a browser, LF posted by the tool), in the forum's charset (UTF-8 measured; GBK and Big5
    assumed, a missing character as the browser's ``&#N;``)."""
    one = text.replace("\r\n", "\n").replace("\r", "\n")
    if newline != "\n":
        one = one.replace("\n", newline)
    return one.encode(_codec(charset), errors="xmlcharrefreplace")


def post_size(text: str, *, newline: str = PASTED, charset: str = "utf-8") -> int:
    """The size the forum checks against maxpostsize: bytes as received."""
    return len(posted_bytes(text, newline=newline, charset=charset))


def server_verdict(
    message: bytes, *, maxpostsize: int = DEFAULT_LIMIT, minpostsize: int = MIN_POST_BYTES
) -> Verdict:
    """The forum's verdict on a message of these raw bytes (for a member whose group does not
    skip the check: administrators and moderators do).  A maxpostsize of 0 is no limit."""
    if maxpostsize and len(message) > maxpostsize:
        return Verdict.TOO_LONG
    if minpostsize and (
        len(_QUOTE.sub(b"", message)) < minpostsize or len(_POSTBG.sub(b"", message)) < minpostsize
    ):
        return Verdict.TOO_SHORT
    return Verdict.OK


def size_verdict(
    text: str,
    limit: int = DEFAULT_LIMIT,
    *,
    newline: str = PASTED,
    charset: str = "utf-8",
    minimum: int = MIN_POST_BYTES,
) -> Verdict:
    """:func:`server_verdict` of ``text`` as the forum would receive it."""
    return server_verdict(
        posted_bytes(text, newline=newline, charset=charset),
        maxpostsize=limit,
        minpostsize=minimum,
    )


def discuz_length(text: str, charset: str = "utf-8") -> int:
    """The post editor's count (``mb_strlen`` in static/js/common.js: 3 above U+00FF on a
    UTF-8 forum, 2 on a GBK one, else 1; line breaks 1).  **Not** the server's rule
    (:func:`post_size`): the editor lets through texts the server refuses."""
    wide = 3 if charset.lower().replace("-", "") == "utf8" else 2
    return sum(wide if ord(c) > 255 else 1 for c in text)


def _open_tags(text: str, stack: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The tag stack after ``text``: (name, opening tag) pairs still open."""
    stack = list(stack)
    for m in _TAG.finditer(text):
        name = m.group(2).lower()
        if name not in _PAIRED:
            continue
        if m.group(1):
            for i in range(len(stack) - 1, -1, -1):
                if stack[i][0] == name:
                    del stack[i:]
                    break
        else:
            stack.append((name, m.group(0)))
    return stack


def balanced(text: str) -> bool:
    """Every paired tag closed in order, none closed that was not open."""
    stack: list[str] = []
    for m in _TAG.finditer(text):
        name = m.group(2).lower()
        if name not in _PAIRED:
            continue
        if m.group(1):
            if not stack or stack[-1] != name:
                return False
            stack.pop()
        else:
            stack.append(name)
    return not stack


def _closers(stack: list[tuple[str, str]]) -> str:
    return "".join(f"[/{name}]" for name, _ in reversed(stack))


def _openers(stack: list[tuple[str, str]]) -> str:
    return "".join(tag for _, tag in stack)


def part_header(i: int, n: int) -> str:
    return f"[b]（第{i}/{n}部分）[/b]\n"


def split_announcement(
    text: str, limit: int = DEFAULT_LIMIT, charset: str = "utf-8", *, newline: str = PASTED
) -> list[str]:
    """``text`` as it is when it fits, else numbered parts each within ``limit`` bytes as the
    forum receives them (CRLF by default: a part may be pasted from a browser).  A limit of
    0 is no limit (Discuz!'s maxpostsize 0)."""
    if not limit or post_size(text, newline=newline, charset=charset) <= limit:
        return [text]
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    widest = 99
    while True:  # the headers' width is known once the parts are counted
        bodies = _cut(
            lines, limit, widest, lambda s: post_size(s, newline=newline, charset=charset)
        )
        if len(bodies) <= widest:
            break
        widest = widest * 10 + 9
    n = len(bodies)
    return [part_header(i, n) + body for i, body in enumerate(bodies, start=1)]


def _cut(lines: list[str], limit: int, widest: int, size: Callable[[str], int]) -> list[str]:
    """The parts' bodies (each ending in a line break), none above ``limit`` with the widest
    header in front."""
    room = limit - size(part_header(widest, widest)) - size("\n")
    nl = size("\n")
    parts: list[str] = []
    stack: list[tuple[str, str]] = []  # open where this part starts
    body: list[str] = []
    body_size = 0
    after: list[tuple[str, str]] = []  # open after body
    queue = deque(lines)

    def close() -> None:
        nonlocal stack, body, body_size, after
        parts.append(_openers(stack) + "\n".join(body).rstrip("\n") + _closers(after) + "\n")
        stack, body, body_size = after, [], 0

    while queue:
        line = queue.popleft()
        if not body and not line.strip():
            continue  # (no part starts with a blank line)
        grown = body_size + (nl if body else 0) + size(line)
        now = _open_tags(line, after if body else stack)
        if size(_openers(stack)) + grown + size(_closers(now)) <= room:
            body.append(line)
            body_size, after = grown, now
            continue
        opened = size(_openers(stack))
        nxt = after if body else stack  # open where the next part would start
        alone = size(_openers(nxt)) + size(line) + size(_closers(_open_tags(line, nxt)))
        if body and alone <= room:  # a line that fits a part of its own starts the next one
            close()
            queue.appendleft(line)
            continue
        # a line longer than a part: as much of it as fits here, the rest in the next part
        left = room - opened - (body_size + nl if body else 0)
        head, tail = _cut_line(line, left, nxt, size)
        if not head and body:
            close()
            queue.appendleft(line)
            continue
        if not head:  # (not even one character or tag fits an empty part: it goes alone)
            token = _TOKEN.match(line)
            assert token is not None
            head, tail = line[: token.end()], line[token.end() :]
        body.append(head)
        after = _open_tags(head, nxt)
        close()
        if tail:
            queue.appendleft(tail)
    if body:
        close()
    return parts


def _cut_line(
    line: str, room: int, stack: list[tuple[str, str]], size: Callable[[str], int]
) -> tuple[str, str]:
    """A line too long for the room left: the longest head that fits with its closing tags,
    cut at a space (the space dropped) if one fits, else between characters, never inside a
    tag ("" when nothing fits)."""
    used = 0
    now = list(stack)
    at_space = 0  # the end of the longest head that fits ending before a space
    at_token = 0  # the end of the longest head that fits
    for m in _TOKEN.finditer(line):
        token = m.group(0)
        used += size(token)
        if _TAG.fullmatch(token):
            now = _open_tags(token, now)
        if used + size(_closers(now)) > room:
            break
        at_token = m.end()
        if token == " " and m.start() > 0:
            at_space = m.start()
    if at_space:
        return line[:at_space], line[at_space + 1 :]
    return line[:at_token], line[at_token:]
