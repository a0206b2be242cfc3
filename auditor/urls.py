"""What a Discuz! URL points at: plain (``forum.php?mod=viewthread&tid=T``) or rewritten
(``thread-T-P-1.html``, ``forum-F-P.html``).  Pure functions shared by the game file, the
fetcher and the parser."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

_REWRITTEN_THREAD = re.compile(r"(?:^|/)thread-(\d+)-\d+-\d+\.html$")
_REWRITTEN_FORUM = re.compile(r"(?:^|/)forum-(\d+)-\d+\.html$")


def thread_id(url: str) -> int | None:
    """The thread a URL is about (``tid``/``ptid``, or ``thread-T-P-1.html``)."""
    parts = urlsplit(url)
    m = _REWRITTEN_THREAD.search(parts.path)
    if m:
        return int(m.group(1))
    qs = parse_qs(parts.query)
    for key in ("tid", "ptid"):
        values = qs.get(key)
        if values and values[0].isdigit():
            return int(values[0])
    return None


def is_viewthread(url: str) -> bool:
    parts = urlsplit(url)
    if _REWRITTEN_THREAD.search(parts.path):
        return True
    qs = parse_qs(parts.query)
    return qs.get("mod") == ["viewthread"] or qs.get("module") == ["viewthread"]


def is_login(url: str) -> bool:
    parts = urlsplit(url)
    qs = parse_qs(parts.query)
    if qs.get("action") == ["login"]:
        return True
    return parts.path.endswith("member.php") and qs.get("mod", [""])[0] in ("logging", "login")


def is_forumdisplay(url: str) -> bool:
    parts = urlsplit(url)
    if _REWRITTEN_FORUM.search(parts.path):
        return True
    qs = parse_qs(parts.query)
    return qs.get("mod") == ["forumdisplay"] or qs.get("module") == ["forumdisplay"]


def forum_id(url: str) -> int | None:
    """The board a URL is about (``fid=F`` or ``forum-F-P.html``)."""
    parts = urlsplit(url)
    m = _REWRITTEN_FORUM.search(parts.path)
    if m:
        return int(m.group(1))
    values = parse_qs(parts.query).get("fid")
    if values and values[0].isdigit():
        return int(values[0])
    return None
