"""What a Discuz! URL points at: plain (``forum.php?mod=viewthread&tid=T``) or rewritten
(``thread-T-P-1.html``, ``forum-F-P.html``).  Pure functions shared by the game file, the
fetcher and the parser."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

_REWRITTEN_THREAD = re.compile(r"(?:^|/)thread-(\d+)-\d+-\d+\.html$")
_REWRITTEN_FORUM = re.compile(r"(?:^|/)forum-(\d+)-\d+\.html$")
_DIGITS = re.compile(r"[0-9]+")

#: The largest id (tid, pid, fid) the store keeps: SQLite's INTEGER is a signed 64-bit number.
MAX_ID = 2**63 - 1


def as_id(text: str) -> int | None:
    """``text`` as an id: ASCII digits only (``"²".isdigit()`` holds, ``int("²")`` fails),
    at most :data:`MAX_ID`; else None."""
    if _DIGITS.fullmatch(text) is None:
        return None
    value = int(text)
    return value if value <= MAX_ID else None


def thread_id(url: str) -> int | None:
    """The thread a URL is about (``tid``/``ptid``, or ``thread-T-P-1.html``)."""
    parts = urlsplit(url)
    m = _REWRITTEN_THREAD.search(parts.path)
    if m:
        return as_id(m.group(1))
    qs = parse_qs(parts.query)
    for key in ("tid", "ptid"):
        values = qs.get(key)
        if values and (tid := as_id(values[0])) is not None:
            return tid
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
        return as_id(m.group(1))
    values = parse_qs(parts.query).get("fid")
    return as_id(values[0]) if values else None


def findpost_link(base: str | None, tid: int | None, pid: int | None) -> str | None:
    """A link to a post on the forum (Discuz!'s findpost redirect): http(s) bases only, else
    None.  The one place such a link is built (the report, the game state, the vote book)."""
    if not base or urlsplit(base).scheme not in ("http", "https") or pid is None:
        return None
    ptid = f"&ptid={tid}" if tid is not None else ""
    return f"{base}forum.php?mod=redirect&goto=findpost{ptid}&pid={pid}"
