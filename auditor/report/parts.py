"""The announcement cut to the forum's post limit.

Discuz! refuses a post longer than its ``maxpostsize`` (10000 by default in X3.5).  Its
post editor measures a message with ``mb_strlen`` (static/js/common.js): a character above
U+00FF counts 3 on a UTF-8 forum and 2 on a GBK one, everything else 1 — stricter than the
server's own count, so a part that passes it passes both.  Parts are cut between lines (a
line too long on its own between its space-separated pieces); a tag still open at a cut is
closed at the end of the part and opened again at the start of the next, so every part is
balanced BBCode on its own.
"""

from __future__ import annotations

import re

DEFAULT_LIMIT = 10000  # Discuz! X3.5 maxpostsize as shipped
_TAG = re.compile(r"\[(/?)([a-z]+)(=[^\]\[]*)?\]", re.I)
_PAIRED = {"b", "i", "u", "s", "color", "size", "font", "url", "quote", "code", "align"}


def discuz_length(text: str, charset: str = "utf-8") -> int:
    """The length Discuz!'s editor checks against maxpostsize (``mb_strlen``)."""
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


def _pieces(line: str, room: int, charset: str) -> list[str]:
    """A line too long for one part, cut at spaces outside tags (the 电梯's links)."""
    out: list[str] = []
    current = ""
    for word in re.split(r"(?<=\S) (?=\S)", line):
        candidate = f"{current} {word}" if current else word
        if current and discuz_length(candidate, charset) > room:
            out.append(current)
            current = word
        else:
            current = candidate
    if current:
        out.append(current)
    return out


def split_announcement(text: str, limit: int = DEFAULT_LIMIT, charset: str = "utf-8") -> list[str]:
    """``text`` as it is when it fits, else numbered parts each within ``limit``."""
    if discuz_length(text, charset) <= limit:
        return [text]
    header_room = discuz_length("[b]（第99/99部分）[/b]\n", charset)
    room = limit - header_room - 200  # the reopened and closing tags of a cut
    lines: list[str] = []
    for line in text.split("\n"):
        if discuz_length(line, charset) > room:
            lines.extend(_pieces(line, room, charset))
        else:
            lines.append(line)
    parts: list[str] = []
    stack: list[tuple[str, str]] = []
    body: list[str] = []
    opened = ""
    for line in lines:
        candidate = "\n".join([*body, line])
        if (
            body
            and discuz_length(opened + candidate + _closers(_open_tags(candidate, stack)), charset)
            > room
        ):
            done = "\n".join(body)
            after = _open_tags(done, stack)
            parts.append(opened + done + _closers(after))
            stack = after
            opened = "".join(tag for _, tag in stack)
            body = [line]
        else:
            body.append(line)
    if body:
        done = "\n".join(body)
        parts.append(opened + done + _closers(_open_tags(done, stack)))
    n = len(parts)
    return [f"[b]（第{i}/{n}部分）[/b]\n{p.strip(chr(10))}\n" for i, p in enumerate(parts, start=1)]
