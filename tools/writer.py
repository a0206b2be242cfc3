"""Render a game script into Discuz! X3.5 pages (the project's own page writer).

The writer is how tests, the sample game and the benchmark get realistic forum pages
without a forum: it reproduces the markup a parser depends on (see
``shared/discuz/README.md``, "Markup facts"), not Discuz!'s chrome.  Output is
deterministic: the same script gives byte-identical pages (the random ``aimg_`` ids of
``[img]`` come from an RNG seeded by the script's ``seed`` and the post id).

Game script (TOML)
==================

.. code-block:: toml

    [forum]
    base_url = "http://bbs.example.com/"     # siteurl; must end with "/"
    charset = "utf-8"                        # or "gbk"
    timezone = "Asia/Shanghai"               # forum local time (Discuz! timeoffset)
    rendered_at = 2026-11-26T10:00:00+08:00  # "now" for 刚刚 / N 分钟前 / 昨天 … / N 天前
    ppp = 10                                 # posts per page (desktop and API)
    api_ppp = 50                             # optional: API pages use &ppp=N
    seed = 107                               # optional: RNG seed for [img] ids
    first_pid = 1                            # optional: first auto-assigned pid
    bbname = "版杀测试论坛"                    # optional
    boards = { 2 = "版杀区" }                 # optional: fid → board name

    [members]                 # forum name → uid, or a table with a signature (BBCode)
    "导演" = 1                # a name that is not ASCII is a quoted key (TOML bare keys are ASCII)
    "饺子" = 2
    "九妹" = { uid = 5, signature = "[color=Red]九妹[/color]：[b]好人卡收集中[/b]" }
    "包子" = { uid = 3, avatar = "https://img.example.com/a.png" }   # optional: the avatar URL

    [[thread]]
    tid = 101
    fid = 2
    subject = "[M107] 第一天讨论帖"
    views = 0                                # optional

    [[thread.post]]
    author = "导演"
    at = 2026-11-20T09:00:00+08:00           # aware datetime (dateline)
    message = "BBCode as typed"
    quote = 12              # optional: a quote-reply of pid 12 (Discuz!'s repquote= form)
    edited_at = 2026-11-20T09:30:00+08:00    # optional: adds the 本帖最后由 … 编辑 notice
    edited_by = "导演"                        # optional, defaults to the author
    [[thread.post.edit]]    # optional: a later version of the post, from ``at`` on
    at = 2026-11-21T09:00:00+08:00           # the edit's time (its 本帖最后由 … 编辑 notice)
    message = "the whole text as edited"     # replaces the message (the quote header kept)
    by = "导演"             # optional, defaults to edited_by, then the author
    hidden = "moderator"    # optional: 屏蔽 (该帖被管理员或版主屏蔽)
    deleted = true          # optional: in the recycle bin; absent, leaves a position gap
    pid = 500               # optional: else the last pid + 1 (across the whole script)
    position = 7            # optional: else the thread's last position + 1
    usesig = false          # optional: hide the author's signature on this post

A thread with ``saved = false`` is one elsewhere on the forum: its posts are in the
members' own posts lists and counts, but write_site writes none of its pages.

    [[snapshot]]            # optional: pages saved earlier, as the forum showed them then
    at = 2026-11-20T14:00:00+08:00           # when they were saved (their footer's time)
    folder = "saved-1120"   # optional: the subfolder of OUT_DIR (default: snapshot-YYYYMMDD-HHMM)
    pages = [[101, 1]]      # (tid, page) desktop pages, over the posts made by ``at``
    spaces = [["饺子", "reply"]]             # optional: members' own posts lists (reply | thread)
    complete = true         # optional: saved "complete" (the browser's Save as): each avatar
                            # picture beside the page in NAME_files/, the page linking it there
    members = { "汤圆" = { signature = "…" }, "包子" = { picture = "old" } }   # profiles then

``message`` is what the author typed; the writer builds the stored message the way
Discuz! does: a quote-reply becomes
``[quote][size=2][url=forum.php?mod=redirect&goto=findpost&pid=Q&ptid=T][color=#999999]AUTHOR
发表于 Y-n-j H:i[/color][/url][/size]\\n<first 3 lines, codes stripped>[/quote]\\n\\n<reply>`` and an
edit prepends ``[i=s] 本帖最后由 NAME 于 Y-n-j H:i 编辑 [/i]\\n\\n``.

Output
======

- desktop ``forum.php?mod=viewthread&tid=T&page=P``: pages by position (``ppp`` positions
  per page, so a page holding a deleted post shows fewer posts), total pages
  ``ceil(visible posts / ppp)``, the pager ``div.pg`` only when there is more than one page.
- mobile API ``api/mobile/index.php?version=4&module=viewthread&tid=T&page=P`` (JSON with
  every non-ASCII character and ``/`` escaped, as PHP's ``json_encode``).

:func:`render_thread_pages` yields ``(url, bytes, content_type)``; :func:`write_site`
writes ``thread-T-pP.html`` / ``api-viewthread-T-pP.json`` and an ``index.json`` mapping
each URL to its file and content type.  CLI: ``python -m tools.writer SCRIPT OUT_DIR``.
Everything streams page by page, so a million-post script never sits in memory as text.

Snapshots are the same forum rendered at an earlier ``at``: only the posts made by then,
relative times and the author panels' counts as of then, and the members' profiles of the
snapshot (a member's ``picture`` names the avatar picture: the writer draws a small PNG
from it, a stand-in for the uploaded JPEG; default ``uid N``).  A snapshot page may hold
no deleted, hidden or edited post (the script does not say when that happened).  The
pages are not in ``index.json``'s URL map (their URLs are the final pages'); its
``snapshots`` list names their files.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import random
import re
import struct
import sys
import tomllib
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote
from zoneinfo import ZoneInfo

__all__ = [
    "Forum",
    "Member",
    "Script",
    "ScriptPost",
    "ScriptThread",
    "bbcode_to_html",
    "load_script",
    "parse_script",
    "render_thread_pages",
    "write_site",
]

# --------------------------------------------------------------------------- script


@dataclass(slots=True)
class Forum:
    base_url: str = "http://127.0.0.1/"
    charset: str = "utf-8"
    timezone: str = "Asia/Shanghai"
    rendered_at: datetime | None = None
    ppp: int = 10
    api_ppp: int | None = None
    seed: int = 0
    bbname: str = "版杀测试论坛"
    boards: dict[int, str] = field(default_factory=dict)
    tpp: int = 20  # threads per board-list page (Discuz! topicperpage)
    board_pages: bool = True  # write_site also writes the board lists (forumdisplay)

    @property
    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)


@dataclass(slots=True)
class Member:
    name: str
    uid: int
    signature: str = ""  # BBCode
    avatar: str = ""  # the avatar picture's URL (default: uc_server/avatar.php?uid=N)
    picture: str = ""  # what the avatar picture shows (drawn by avatar_png; default "uid N")


@dataclass(slots=True)
class Snapshot:
    at: datetime
    folder: str
    pages: list[tuple[int, int]]
    spaces: list[tuple[str, str]]
    complete: bool
    members: dict[str, dict[str, str]]


@dataclass(slots=True)
class ScriptPost:
    pid: int
    tid: int
    position: int
    author: str
    uid: int
    at: datetime
    message: str  # the stored BBCode (quote header and edit notice included)
    hidden: bool = False
    deleted: bool = False
    usesig: bool = True
    quotes_pid: int | None = None
    edited: bool = False
    # The earlier versions of an edited post, oldest first: (shown from, stored message,
    # edited); ``message``/``edited`` hold the last version, shown from the last edit on.
    earlier: tuple[tuple[datetime, str, bool], ...] = ()
    edited_from: datetime | None = None

    def as_of(self, when: datetime) -> ScriptPost:
        """The post as the forum showed it at ``when`` (the version of its last edit by then)."""
        if self.edited_from is None or self.edited_from <= when:
            return self
        shown = [v for v in self.earlier if v[0] <= when]
        _, message, edited = shown[-1] if shown else self.earlier[0]
        return dataclasses.replace(
            self, message=message, edited=edited, earlier=(), edited_from=None
        )


@dataclass(slots=True)
class ScriptThread:
    tid: int
    fid: int
    subject: str
    posts: list[ScriptPost] = field(default_factory=list)
    views: int = 0
    saved: bool = True  # False: a thread elsewhere whose pages write_site leaves out


@dataclass(slots=True)
class Script:
    forum: Forum
    members: dict[str, Member]
    threads: dict[int, ScriptThread]
    snapshots: list[Snapshot] = field(default_factory=list)


class ScriptError(ValueError):
    """A problem in a game script, naming the key."""


def load_script(path: str | Path) -> Script:
    with open(path, "rb") as fh:
        return parse_script(tomllib.load(fh))


def _aware(value: Any, key: str) -> datetime:
    if not isinstance(value, datetime) or value.tzinfo is None:
        raise ScriptError(f"{key}: expected an aware datetime (with +08:00), got {value!r}")
    return value


def parse_script(data: dict[str, Any]) -> Script:
    """Build a :class:`Script` from parsed TOML (see the module docstring)."""
    f = data.get("forum", {})
    forum = Forum(
        base_url=str(f.get("base_url", "http://127.0.0.1/")),
        charset=str(f.get("charset", "utf-8")).lower(),
        timezone=str(f.get("timezone", "Asia/Shanghai")),
        rendered_at=_aware(f["rendered_at"], "forum.rendered_at") if "rendered_at" in f else None,
        ppp=int(f.get("ppp", 10)),
        api_ppp=int(f["api_ppp"]) if "api_ppp" in f else None,
        seed=int(f.get("seed", 0)),
        bbname=str(f.get("bbname", "版杀测试论坛")),
        boards={int(k): str(v) for k, v in f.get("boards", {}).items()},
        tpp=int(f.get("tpp", 20)),
        board_pages=bool(f.get("board_pages", True)),
    )
    if not forum.base_url.endswith("/"):
        forum.base_url += "/"
    if forum.charset not in ("utf-8", "gbk"):
        raise ScriptError(f"forum.charset: utf-8 or gbk, not {forum.charset!r}")
    if forum.ppp < 1:
        raise ScriptError("forum.ppp: must be at least 1")
    members: dict[str, Member] = {}
    for name, spec in data.get("members", {}).items():
        if isinstance(spec, dict):
            members[name] = Member(
                name,
                int(spec["uid"]),
                str(spec.get("signature", "")),
                str(spec.get("avatar", "")),
                str(spec.get("picture", "")),
            )
        else:
            members[name] = Member(name, int(spec))
    tz = forum.tz
    threads: dict[int, ScriptThread] = {}
    by_pid: dict[int, ScriptPost] = {}
    next_pid = int(f.get("first_pid", 1))
    for ti, t in enumerate(data.get("thread", [])):
        tid = int(t["tid"])
        if tid in threads:
            raise ScriptError(f"thread[{ti}].tid: duplicate tid {tid}")
        thread = ScriptThread(
            tid,
            int(t.get("fid", 2)),
            str(t["subject"]),
            views=int(t.get("views", 0)),
            saved=bool(t.get("saved", True)),
        )
        threads[tid] = thread
        position = 0
        for pi, p in enumerate(t.get("post", [])):
            key = f"thread[{ti}].post[{pi}]"
            author = str(p["author"])
            if author not in members:
                raise ScriptError(f"{key}.author: {author!r} is not in [members]")
            pid = int(p.get("pid", next_pid))
            if pid in by_pid:
                raise ScriptError(f"{key}.pid: duplicate pid {pid}")
            next_pid = max(next_pid, pid + 1)
            position = int(p.get("position", position + 1))
            if thread.posts and position <= thread.posts[-1].position:
                raise ScriptError(f"{key}.position: {position} is not after the previous post")
            at = _aware(p["at"], f"{key}.at")
            message = str(p.get("message", "")).replace("\r\n", "\n")
            quotes_pid = None
            if "quote" in p:
                quotes_pid = int(p["quote"])
                q = by_pid.get(quotes_pid)
                if q is None:
                    raise ScriptError(f"{key}.quote: pid {quotes_pid} is not an earlier post")
                message = repquote(q, tz) + message
            header = repquote(by_pid[quotes_pid], tz) if quotes_pid is not None else ""
            edited = "edited_at" in p
            editor = str(p.get("edited_by", author))
            if edited:
                when = _aware(p["edited_at"], f"{key}.edited_at")
                message = (
                    f"[i=s] 本帖最后由 {editor} 于 {_fmt_minute(when, tz)} 编辑 [/i]\n\n" + message
                )
            versions: list[tuple[datetime, str, bool]] = [(at, message, edited)]
            for ei, e in enumerate(p.get("edit", [])):
                ekey = f"{key}.edit[{ei}]"
                when = _aware(e.get("at"), f"{ekey}.at")
                if when <= versions[-1][0]:
                    raise ScriptError(f"{ekey}.at: {when} is not after the previous version")
                by = str(e.get("by", editor))
                if by not in members:
                    raise ScriptError(f"{ekey}.by: {by!r} is not in [members]")
                text = str(e.get("message", "")).replace("\r\n", "\n")
                notice = f"[i=s] 本帖最后由 {by} 于 {_fmt_minute(when, tz)} 编辑 [/i]\n\n"
                versions.append((when, notice + header + text, True))
            edited_from = versions[-1][0] if len(versions) > 1 else None
            message, edited = versions[-1][1], versions[-1][2]
            hidden = p.get("hidden")
            if hidden not in (None, False, "moderator"):
                raise ScriptError(f'{key}.hidden: only "moderator" is supported')
            post = ScriptPost(
                pid=pid,
                tid=tid,
                position=position,
                author=author,
                uid=members[author].uid,
                at=at,
                message=message,
                hidden=bool(hidden),
                deleted=bool(p.get("deleted", False)),
                usesig=bool(p.get("usesig", True)),
                quotes_pid=quotes_pid,
                edited=edited,
                earlier=tuple(versions[:-1]),
                edited_from=edited_from,
            )
            thread.posts.append(post)
            by_pid[pid] = post
    snapshots = [
        _parse_snapshot(snap, f"snapshot[{si}]", members, threads)
        for si, snap in enumerate(data.get("snapshot", []))
    ]
    return Script(forum, members, threads, snapshots)


def _parse_snapshot(
    snap: dict[str, Any], key: str, members: dict[str, Member], threads: dict[int, ScriptThread]
) -> Snapshot:
    at = _aware(snap.get("at"), f"{key}.at")
    pages = [(int(tid), int(page)) for tid, page in snap.get("pages", [])]
    for tid, _page in pages:
        if tid not in threads:
            raise ScriptError(f"{key}.pages: no thread {tid}")
    spaces = [(str(name), str(view)) for name, view in snap.get("spaces", [])]
    for name, view in spaces:
        if name not in members or view not in ("reply", "thread"):
            raise ScriptError(
                f"{key}.spaces: ({name!r}, {view!r}) is no member's reply|thread list"
            )
    profiles = {
        str(k): {str(a): str(b) for a, b in v.items()} for k, v in snap.get("members", {}).items()
    }
    for name, fields in profiles.items():
        if name not in members:
            raise ScriptError(f"{key}.members: {name!r} is not in [members]")
        if set(fields) - {"signature", "avatar", "picture"}:
            raise ScriptError(f"{key}.members.{name}: only signature, avatar and picture")
    folder = str(snap.get("folder", f"snapshot-{at:%Y%m%d-%H%M}"))
    return Snapshot(at, folder, pages, spaces, bool(snap.get("complete", False)), profiles)


def at_snapshot(script: Script, snap: Snapshot) -> Script:
    """The forum as it was at ``snap.at``: the posts made by then, its members' profiles."""
    members = dict(script.members)
    for name, fields in snap.members.items():
        m = members[name]
        members[name] = Member(
            m.name,
            m.uid,
            fields.get("signature", m.signature),
            fields.get("avatar", m.avatar),
            fields.get("picture", m.picture),
        )
    threads = {
        tid: ScriptThread(
            t.tid,
            t.fid,
            t.subject,
            [p.as_of(snap.at) for p in t.posts if p.at <= snap.at],
            t.views,
            t.saved,
        )
        for tid, t in script.threads.items()
    }
    threads = {tid: t for tid, t in threads.items() if t.posts}
    forum = dataclasses.replace(script.forum, rendered_at=snap.at)
    return Script(forum, members, threads)


def avatar_png(picture: str) -> bytes:
    """A 4×4 PNG in one colour drawn from ``picture`` (the same text, the same bytes)."""
    rgb = hashlib.sha256(picture.encode()).digest()[:3]
    raw = b"".join(b"\x00" + rgb * 4 for _ in range(4))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


# --------------------------------------------------------------------------- time


def _local(dt: datetime, tz: ZoneInfo) -> datetime:
    return dt.astimezone(tz)


def _fmt_ymd(d: datetime) -> str:
    return f"{d.year}-{d.month}-{d.day}"


def _fmt_second(dt: datetime, tz: ZoneInfo) -> str:
    d = _local(dt, tz)
    return f"{d.year}-{d.month}-{d.day} {d:%H:%M:%S}"


def _fmt_minute(dt: datetime, tz: ZoneInfo) -> str:
    d = _local(dt, tz)
    return f"{d.year}-{d.month}-{d.day} {d:%H:%M}"


def discuz_time(dt: datetime, now: datetime | None, tz: ZoneInfo, mobile: bool = False) -> str:
    """``dgmdate($dateline, 'u', …, 'Y-n-j H:i:s')``: the time text of a post.

    Relative forms for today (from local midnight), yesterday, the day before and up to
    7 days; absolute ``Y-n-j H:i:s`` otherwise.  The desktop wraps relative forms in
    ``<span title="absolute">``; the mobile API does not.
    """
    d = dt.astimezone(tz)
    s = f"{d.year}-{d.month}-{d.day} {d:%H:%M:%S}"
    if now is None:
        return s
    t = int(dt.timestamp())
    n = int(now.timestamp())
    local_now = _local(now, tz)
    off = int(local_now.utcoffset().total_seconds())  # type: ignore[union-attr]
    today = n - (n + off) % 86400  # local midnight as a unix time
    diff = n - t
    if t >= today:
        if diff > 3600:
            ret = f"{diff // 3600}&nbsp;小时前"
        elif diff > 1800:
            ret = "半小时前"
        elif diff > 60:
            ret = f"{diff // 60}&nbsp;分钟前"
        elif diff > 0:
            ret = f"{diff}&nbsp;秒前"
        elif diff == 0:
            ret = "刚刚"
        else:
            return s
        return ret if mobile else f'<span title="{s}">{ret}</span>'
    days = (today - t) // 86400
    if days >= 7:
        return s
    hm = f"{d:%H:%M}"
    if days == 0:
        ret = f"昨天&nbsp;{hm}"
    elif days == 1:
        ret = f"前天&nbsp;{hm}"
    else:
        ret = f"{days + 1}&nbsp;天前"
    return ret if mobile else f'<span title="{s}">{ret}</span>'


# --------------------------------------------------------------------------- BBCode

# Discuz!'s default smiley set (install data, type 1 "默认"): code, id, file.
SMILIES: tuple[tuple[str, int, str], ...] = (
    (":)", 1, "smile.gif"),
    (":(", 2, "sad.gif"),
    (":D", 3, "biggrin.gif"),
    (":'(", 4, "cry.gif"),
    (":@", 5, "huffy.gif"),
    (":o", 6, "shocked.gif"),
    (":P", 7, "tongue.gif"),
    (":$", 8, "shy.gif"),
    (";P", 9, "titter.gif"),
    (":L", 10, "sweat.gif"),
    (":Q", 11, "mad.gif"),
    (":lol", 12, "lol.gif"),
    (":loveliness:", 13, "loveliness.gif"),
    (":funk:", 14, "funk.gif"),
    (":curse:", 15, "curse.gif"),
    (":dizzy:", 16, "dizzy.gif"),
    (":shutup:", 17, "shutup.gif"),
    (":sleepy:", 18, "sleepy.gif"),
    (":hug:", 19, "hug.gif"),
    (":victory:", 20, "victory.gif"),
    (":time:", 21, "time.gif"),
    (":kiss:", 22, "kiss.gif"),
    (":handshake", 23, "handshake.gif"),
    (":call:", 24, "call.gif"),
)
MAX_SMILIES = 10  # setting maxsmilies: per smiley code and message
_SMILEY_BY_CODE = {code: (sid, file) for code, sid, file in SMILIES}
# Longest code first, as Discuz!'s smiley cache orders them.
_SMILEY_RE = re.compile(
    "|".join(re.escape(c) for c, _, _ in sorted(SMILIES, key=lambda s: -len(s[0])))
)

_URL_RE = re.compile(
    r"\[url(=((https?|ftp|gopher|news|telnet|rtsp|mms|callto|bctp|thunder|qqdl|synacast)://"
    r"|www\.|mailto:|tel:|magnet:)?([^\r\n\[\"']+?))?\](.+?)\[/url\]",
    re.S | re.I,
)
_AUTOURL_RE = re.compile(
    r"((https?|ftp|gopher|news|telnet|rtsp|mms|callto|bctp|thunder|qqdl|synacast)://|www\.)[^\[\"']+",
    re.I,
)
_COLOR_RE = re.compile(r"\[color=([#\w]+?)\]", re.I | re.A)
_COLOR_RGB_RE = re.compile(r"\[color=((rgb|rgba)\([\d\s,]+?\))\]", re.I | re.A)
_SIZE_RE = re.compile(r"\[size=(\d{1,2}?)\]", re.I)
_SIZE_PX_RE = re.compile(r"\[size=(\d{1,2}(\.\d{1,2}+)?(px|pt)+?)\]", re.I)
_SIZE_CLOSE_RE = re.compile(r"\[/size\]", re.I)
_FONT_RE = re.compile(r"\[font=([^\[<]+?)\]", re.I)
_ALIGN_RE = re.compile(r"\[align=(left|center|right)\]", re.I)
_WS = "[ \t\n\x0b\f\r]"  # PCRE \s without /u
_QUOTE_RE = re.compile(_WS + r"?\[quote\][\n\r]*(.+?)[\n\r]*\[/quote\]" + _WS + "?", re.S | re.I)
_IMG_RE = re.compile(r"\[img\]" + _WS + r"*([^\[<\r\n]+?)" + _WS + r"*\[/img\]", re.S | re.I)
_EDIT_NOTICE_RE = re.compile(r"\[i=s\][^\n]*?\[/i\]" + _WS + "*")
_SIMPLE_TAGS = (
    ("[/color]", "</font>"),
    ("[/backcolor]", "</font>"),
    ("[/size]", "</font>"),
    ("[/font]", "</font>"),
    ("[/align]", "</div>"),
    ("[b]", "<strong>"),
    ("[/b]", "</strong>"),
    ("[s]", "<strike>"),
    ("[/s]", "</strike>"),
    ("[hr]", '<hr class="l" />'),
    ("[i=s]", '<i class="pstatus">'),
    ("[i]", "<i>"),
    ("[/i]", "</i>"),
    ("[u]", "<u>"),
    ("[/u]", "</u>"),
)
_IMG_ID_CHARS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def dhtmlspecialchars(s: str) -> str:
    """Discuz!'s ``dhtmlspecialchars``: ``& " < >`` escaped, numeric entities kept."""
    s = s.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")
    if "&amp;#" in s:
        s = re.sub(r"&amp;((#(\d{3,5}|x[a-fA-F0-9]{4}));)", r"&\1", s)
    return s


def _parse_smilies(msg: str, base_url: str, mobile: bool) -> str:
    counts: dict[str, int] = {}

    def sub(m: re.Match[str]) -> str:
        code = m.group(0)
        n = counts.get(code, 0)
        if n >= MAX_SMILIES:
            return code
        counts[code] = n + 1
        sid, file = _SMILEY_BY_CODE[code]
        if mobile:
            return f'<img src="{base_url}static/image/smiley/default/{file}" />'
        return (
            f'<img src="static/image/smiley/default/{file}" smilieid="{sid}" border="0" alt="" />'
        )

    return _SMILEY_RE.sub(sub, msg)


def _parse_url(m: re.Match[str], base_url: str, mobile: bool) -> str:
    url, text, scheme = m.group(1) or "", m.group(5), m.group(2)
    if not url:
        auto = _AUTOURL_RE.match(text.strip())
        if auto:
            href = auto.group(0)
            if len(href) > 65:
                text = href[:32] + " ... " + href[-19:]
            if href[:4].lower() == "www.":
                href = "http://" + href
        else:
            href = text
    else:
        href = url[1:]
        if href[:4].lower() == "www.":
            href = "http://" + href
        elif not scheme:
            href = base_url + href
    if mobile:
        return f'<a href="{dhtmlspecialchars(href)}">{text}</a>'
    return f'<a href="{href}" target="_blank">{text}</a>'


def _bbcodeurl(url: str) -> str:
    low = url[:6].lower()
    if low in ("http:/", "https:", "ftp://", "rtsp:/", "mms://") or url.startswith(
        ("static/", "data/")
    ):
        return url
    return "http://" + url


def bbcode_to_html(
    message: str,
    *,
    base_url: str = "http://127.0.0.1/",
    mobile: bool = False,
    rng: random.Random | None = None,
) -> str:
    """Render a stored message the way Discuz! X3.5's ``discuzcode()`` does.

    ``mobile`` gives the mobile API's variant: no ``[size]``, quotes as
    ``div.reply_wrap``, images in ``div.img``, absolute smiley URLs, no edit notice.

    >>> bbcode_to_html("[b]跳预言家[/b]。\\n[color=Red]金水[/color] :lol")
    '<strong>跳预言家</strong>。<br />\\n<font color="Red">金水</font> <img src="static/image/smiley/default/lol.gif" smilieid="12" border="0" alt="" />'
    """
    msg = dhtmlspecialchars(message)
    if ":" in msg or ";" in msg:
        msg = _parse_smilies(msg, base_url, mobile)
    if "[" in msg:
        low = msg.lower()
        if mobile and "[i=s]" in msg:
            msg = _EDIT_NOTICE_RE.sub("", msg)
        if "[/url]" in low:
            msg = _URL_RE.sub(lambda m: _parse_url(m, base_url, mobile), msg)
        if "[color" in low:
            msg = _COLOR_RE.sub(r'<font color="\1">', msg)
            msg = _COLOR_RGB_RE.sub(r'<font style="color:\1">', msg)
        if "[size" in low or "[/size" in low:
            if mobile:
                msg = _SIZE_CLOSE_RE.sub("", _SIZE_PX_RE.sub("", _SIZE_RE.sub("", msg)))
            else:
                msg = _SIZE_RE.sub(r'<font size="\1">', msg)
                msg = _SIZE_PX_RE.sub(r'<font style="font-size:\1">', msg)
        if "[font=" in low:
            msg = _FONT_RE.sub(r'<font face="\1">', msg)
        if "[align=" in low:
            msg = _ALIGN_RE.sub(r'<div align="\1">', msg)
        for tag, html in _SIMPLE_TAGS:
            if tag in msg:
                msg = msg.replace(tag, html)
        if "[/quote]" in low:
            tpl = (
                r'<div class="reply_wrap">\1</div>'
                if mobile
                else r'<div class="quote"><blockquote>\1</blockquote></div>'
            )
            msg = _QUOTE_RE.sub(tpl, msg)
        if "[/img]" in low:

            def img(m: re.Match[str]) -> str:
                src = _bbcodeurl(m.group(1))
                if mobile:
                    return f'<div class="img"><img src="{src}" /></div>'
                r = rng or random.Random(0)
                rid = "".join(r.choice(_IMG_ID_CHARS) for _ in range(5))
                return (
                    f'<img id="aimg_{rid}" onclick="zoom(this, this.src, 0, 0, 0)" class="zoom" src="{src}" '
                    'onmouseover="img_onmouseoverfunc(this)" onload="thumbImg(this)" border="0" alt="" />'
                )

            msg = _IMG_RE.sub(img, msg)
    if "\t" in msg or "  " in msg:
        msg = (
            msg.replace("\t", "&nbsp; &nbsp; &nbsp; &nbsp; ")
            .replace("   ", "&nbsp; &nbsp;")
            .replace("  ", "&nbsp;&nbsp;")
        )
    if "\n" in msg or "\r" in msg:
        msg = re.sub(r"\r\n|\n\r|\n|\r", lambda m: "<br />" + m.group(0), msg)
    return msg


# --------------------------------------------------------------------------- quote-reply

_POST_EDIT_RE = re.compile(r"\[i=s\] 本帖最后由 .+? 于 .+? 编辑 \[/i\]\n\n", re.S)
_CUT_BBCODES = "b|i|u|p|color|backcolor|size|font|align|list|indent|float"
_CUT_CLEAR = "email|code|free|table|tr|td|img|swf|flash|attach|media|audio|groupid|payto"
_CUT_RES = (
    (re.compile(r"\[hide=?\d*\](.*?)\[/hide\]", re.S | re.I), "[b]本帖隐藏的内容[/b]"),
    (re.compile(r"\[quote](.*?)\[/quote]", re.S | re.I), ""),
    (_POST_EDIT_RE, ""),
    (re.compile(r"\[url=?.*?\](.+?)\[/url\]", re.S | re.I), r"\1"),
    (re.compile(rf"\[({_CUT_CLEAR})=?.*?\].+?\[/\1\]", re.S | re.I), ""),
    (re.compile(rf"\[({_CUT_BBCODES})=?.*?\]", re.I), ""),
    (re.compile(rf"\[/({_CUT_BBCODES})\]", re.I), ""),
)
_TAGS_RE = re.compile(r"<[^>]*>")


def _cutstr(s: str, length: int, dot: str = " ...") -> str:
    """Discuz!'s ``cutstr`` (UTF-8): ASCII counts 1, other characters 2."""
    if len(s.encode("utf-8")) <= length:
        return s
    noc = 0
    for i, ch in enumerate(s):
        cost = 1 if ch in "\t\n" or 32 <= ord(ch) <= 126 else (0 if ord(ch) < 128 else 2)
        noc += cost
        if noc >= length:
            end = i + 1 if noc <= length else i
            return s[:end] + dot if end < len(s) else s
    return s


def messagecutstr(message: str, length: int = 100) -> str:
    s = message
    for rx, rep in _CUT_RES:
        s = rx.sub(rep, s)
    s = _TAGS_RE.sub("", s)
    s = _cutstr(s, length)
    s = _SMILEY_RE.sub("", s)
    return s.strip()


def repquote(q: ScriptPost, tz: ZoneInfo) -> str:
    """The quote block a reply form with ``repquote=PID`` pre-fills."""
    excerpt = "\n".join(messagecutstr(q.message).split("\n")[:3])
    return (
        f"[quote][size=2][url=forum.php?mod=redirect&goto=findpost&pid={q.pid}&ptid={q.tid}]"
        f"[color=#999999]{q.author} 发表于 {_fmt_minute(q.at, tz)}[/color][/url][/size]\n"
        f"{excerpt}[/quote]\n\n"
    )


# --------------------------------------------------------------------------- pages

_POSTNO = ("楼主", "沙发", "板凳", "地板")


def _pages(thread: ScriptThread, ppp: int) -> tuple[int, list[list[ScriptPost]]]:
    """Visible posts grouped by page (by position, Discuz!'s way) and the page count.

    Discuz! X3 (forum_viewthread.php) sets ``replies = maxposition - 1`` before
    ``totalpage = ceil((replies + 1) / ppp)``: pages go by position, deleted posts
    included, so the newest post is always on the last page.
    """
    visible = [p for p in thread.posts if not p.deleted]
    max_position = max((p.position for p in thread.posts), default=1)
    total = max(1, math.ceil(max_position / ppp))
    pages: list[list[ScriptPost]] = [[] for _ in range(total)]
    for p in visible:
        pages[(p.position - 1) // ppp].append(p)
    return total, pages


def _multi(total: int, cur: int, mpurl: str, window: int = 10) -> str:
    """Discuz!'s ``multi()`` pager (the X3.5 form, without the post count)."""
    if total <= 1:
        return ""
    page = window - (len(str(cur)) - 1)
    page = max(page, 1)
    offset = page // 2
    if page > total:
        lo, hi = 1, total
    else:
        lo = cur - offset
        hi = lo + page - 1
        if lo < 1:
            hi = cur + 1 - lo
            lo = 1
            if hi - lo < page:
                hi = page
        elif hi > total:
            lo = total - page + 1
            hi = total
    out = []
    if cur - offset > 1 and total > page:
        out.append(f'<a href="{mpurl}page=1" class="first">1 ...</a>')
    if cur > 1:
        out.append(f'<a href="{mpurl}page={cur - 1}" class="prev">&nbsp;&nbsp;</a>')
    for i in range(lo, hi + 1):
        out.append(f"<strong>{i}</strong>" if i == cur else f'<a href="{mpurl}page={i}">{i}</a>')
    if hi < total:
        out.append(f'<a href="{mpurl}page={total}" class="last">... {total}</a>')
    out.append(
        f'<label><input type="text" name="custompage" class="px" size="2" title="输入页码，按回车快速跳转" '
        f'value="{cur}" onkeydown="if(event.keyCode==13) {{window.location=\'{mpurl}page=\'+this.value;; '
        f'doane(event);}}" /><span title="共 {total} 页"> / {total} 页</span></label>'
    )
    if cur < total:
        out.append(f'<a href="{mpurl}page={cur + 1}" class="nxt">下一页</a>')
    return '<div class="pg">' + "".join(out) + "</div>"


class _Renderer:
    def __init__(self, script: Script) -> None:
        self.script = script
        self.forum = script.forum
        self.tz = script.forum.tz
        self.now = script.forum.rendered_at
        self.encoding = "gbk" if self.forum.charset == "gbk" else "utf-8"
        self.sig_cache: dict[str, str] = {}
        self.counts: dict[str, tuple[int, int]] = {}
        self._replies_tid: int | None = None
        self._replies = 0
        self.saved_files: str | None = None  # "NAME_files": avatars saved beside the page
        self.pictures: dict[str, bytes] = {}  # file name in saved_files → picture

    def encode(self, s: str) -> bytes:
        return s.encode(self.encoding, "xmlcharrefreplace")

    def replies(self, t: ScriptThread) -> int:
        if self._replies_tid != t.tid:
            self._replies_tid = t.tid
            self._replies = sum(1 for p in t.posts if not p.deleted) - 1
        return self._replies

    def rng(self, pid: int) -> random.Random:
        return random.Random(f"{self.forum.seed}:{pid}")

    def signature(self, name: str) -> str:
        sig = self.sig_cache.get(name)
        if sig is None:
            m = self.script.members.get(name)
            src = m.signature if m else ""
            sig = bbcode_to_html(src, base_url=self.forum.base_url) if src else ""
            self.sig_cache[name] = sig
        return sig

    def counts_panel(self, name: str, uid: int) -> str:
        """The author panel's 主题 / 回帖 counts (``div.tns``), counted over the script."""
        if name not in self.counts:
            posts = [
                p
                for t in self.script.threads.values()
                for p in t.posts
                if p.author == name and not p.deleted
            ]
            threads = sum(1 for p in posts if p.position == 1)
            self.counts[name] = (threads, len(posts) - threads)
        threads, replies = self.counts[name]
        space = f"home.php?mod=space&uid={uid}&do=thread"
        return (
            '<div class="tns xg2"><table cellspacing="0" cellpadding="0">'
            f'<th><p><a href="{space}&type=thread&view=me&from=space" class="xi2">{threads}</a></p>主题</th>'
            f'<th><p><a href="{space}&type=reply&view=me&from=space" class="xi2">{replies}</a></p>回帖</th>'
            "</table></div>\n"
        )

    def avatar(self, name: str, uid: int) -> str:
        m = self.script.members.get(name)
        if self.saved_files is not None:
            # saved "complete": the picture beside the page, as UCenter names the file
            file = f"{uid % 100:02d}_avatar_middle.png"
            self.pictures[file] = avatar_png((m.picture if m else "") or f"uid {uid}")
            return f"{self.saved_files}/{file}"
        if m is not None and m.avatar:
            return dhtmlspecialchars(m.avatar)
        return f"{self.forum.base_url}uc_server/avatar.php?uid={uid}&size=middle"

    # -- desktop -------------------------------------------------------------

    def desktop_head(self, t: ScriptThread, page: int, total: int) -> str:
        subject = dhtmlspecialchars(t.subject)
        board = dhtmlspecialchars(self.forum.boards.get(t.fid, f"版块{t.fid}"))
        bbname = dhtmlspecialchars(self.forum.bbname)
        replies = self.replies(t)
        pager = _multi(total, page, f"forum.php?mod=viewthread&tid={t.tid}&amp;extra=&amp;")
        return (
            "<!DOCTYPE html>\n<html>\n<head>\n"
            f'<meta charset="{self.forum.charset}" />\n'
            f"<title>{subject} - {board} -  {bbname} -  Powered by Discuz!</title>\n"
            '<meta name="generator" content="Discuz! X3.5" />\n'
            f'<base href="{self.forum.base_url}" />\n'
            f'<link href="{self.forum.base_url}forum.php?mod=viewthread&tid={t.tid}" rel="canonical" />\n'
            "</head>\n\n"
            '<body id="nv_forum" class="pg_viewthread">\n'
            f"<script type=\"text/javascript\">var fid = parseInt('{t.fid}'), tid = parseInt('{t.tid}');</script>\n"
            '<div id="pt" class="bm cl"><div class="z">'
            f'<a href="./" class="nvhm" title="首页">{bbname}</a> <em>&rsaquo;</em> '
            f'<a href="forum.php?mod=forumdisplay&amp;fid={t.fid}">{board}</a> <em>&rsaquo;</em> '
            f'<a href="forum.php?mod=viewthread&amp;tid={t.tid}">{subject}</a></div></div>\n'
            '<div id="ct" class="wp cl">\n'
            '<div id="pgt" class="pgs mbm cl ">\n'
            f'<div class="pgt">{pager}</div>\n'
            f'<span class="y pgb"><a href="forum.php?mod=forumdisplay&amp;fid={t.fid}">返回列表</a></span>\n'
            "</div>\n\n"
            '<div id="postlist" class="pl bm">\n'
            '<table cellspacing="0" cellpadding="0">\n<tr>\n<td class="pls ptn pbn">\n'
            '<div class="hm ptn">\n'
            f'<span class="xg1">查看:</span> <span class="xi1">{t.views}</span><span class="pipe">|</span>'
            f'<span class="xg1">回复:</span> <span class="xi1">{replies}</span>\n</div>\n</td>\n'
            '<td class="plc ptm pbn vwthd">\n<h1 class="ts">\n'
            f'<span id="thread_subject">{subject}</span>\n</h1>\n</td>\n</tr>\n</table>\n'
        )

    def desktop_post(self, t: ScriptThread, p: ScriptPost, page: int, number: int) -> str:
        pid, uid, tid = p.pid, p.uid, t.tid
        name = dhtmlspecialchars(p.author)
        # The floor label is the post's number ((page-1)*ppp + index on the page), not its
        # position: after a deletion the real forum shows no gap in the labels (the API's
        # ``position`` keeps the gap, its ``number`` does not).
        label = _POSTNO[number - 1] if number <= 4 else f"<em>{number}</em><sup>#</sup>"
        if p.position == 1:
            floor_href = f"forum.php?mod=viewthread&tid={tid}"
        else:
            floor_href = f"forum.php?mod=redirect&goto=findpost&ptid={tid}&pid={pid}"
        when = discuz_time(p.at, self.now, self.tz)
        if p.hidden:
            body = '<div class="locked">提示: <em>该帖被管理员或版主屏蔽</em></div>\n'
            sig = ""
        else:
            rng = self.rng(pid) if "[/img]" in p.message.lower() else None
            msg = bbcode_to_html(p.message, base_url=self.forum.base_url, rng=rng)
            body = (
                '<div class="t_fsz"><table cellspacing="0" cellpadding="0"><tr>'
                f'<td class="t_f" id="postmessage_{pid}">\n{msg}</td></tr></table>\n\n</div>\n'
                f'<div id="comment_{pid}" class="cm">\n</div>\n\n<div id="post_rate_div_{pid}"></div>\n'
            )
            s = self.signature(p.author) if p.usesig else ""
            sig = f'<div class="sign" style="max-height:100px;">{s}</div>\n' if s else ""
        return (
            f'<div id="post_{pid}" ><table id="pid{pid}" class="plhin" summary="pid{pid}" cellspacing="0" cellpadding="0">\n'
            '<tr>\n <td class="pls" rowspan="2">\n'
            f'<div id="favatar{pid}" class="pls cl favatar">\n<div class="pi">\n'
            f'<div class="authi"><a href="home.php?mod=space&amp;uid={uid}" target="_blank" class="xw1">{name}</a>\n'
            "</div>\n</div>\n"
            f'<div class="avatar"><a href="home.php?mod=space&amp;uid={uid}" class="avtm" target="_blank">'
            f'<img src="{self.avatar(p.author, uid)}" class="user_avatar"></a></div>\n'
            f"{self.counts_panel(p.author, uid)}"
            "</div>\n</td>\n"
            '<td class="plc">\n<div class="pi">\n<strong>\n'
            f'<a href="{floor_href}"   id="postnum{pid}" onclick="setCopy(this.href, \'帖子地址复制成功\');return false;">\n'
            f"{label}</a>\n</strong>\n"
            '<div class="pti">\n<div class="authi">\n'
            f'<em id="authorposton{pid}">发表于 {when}</em>\n'
            '<span class="pipe">|</span>\n'
            f'<a href="forum.php?mod=viewthread&amp;tid={tid}&amp;page={page}&amp;authorid={uid}" rel="nofollow">只看该作者</a>\n'
            "</div>\n</div>\n"
            f'</div><div class="pct"><div class="pcb">\n{body}</div>\n</div>\n\n</td></tr>\n'
            f'<tr><td class="plc plm">\n{sig}</td>\n</tr>\n'
            "</table>\n</div>"
        )

    def desktop_tail(self, t: ScriptThread, page: int, total: int) -> str:
        pager = _multi(total, page, f"forum.php?mod=viewthread&tid={t.tid}&amp;extra=&amp;")
        pgbtn = (
            f'<div class="pgbtn"><a href="forum.php?mod=viewthread&amp;tid={t.tid}&amp;extra=&amp;page={page + 1}" '
            'hidefocus="true" class="bm_h">下一页 &raquo;</a></div>\n'
            if page < total
            else ""
        )
        return (
            '<div id="postlistreply" class="pl"><div id="post_new" class="viewthread_table" style="display: none"></div></div>\n'
            "</div>\n\n"
            f"{pgbtn}"
            f'<div class="pgs mtm mbm cl">\n{pager}<span class="pgb y">'
            f'<a href="forum.php?mod=forumdisplay&amp;fid={t.fid}">返回列表</a></span>\n</div>\n'
            "</div>\n"
            f"{self.footer()}"
            "</body>\n</html>\n"
        )

    def footer(self) -> str:
        """template/default/common/footer.htm as the captures show it: ``GMT+8, Y-n-j H:i``
        (the time the page was served, in the forum's zone) in ``<p class="xs0">``."""
        served = ""
        if self.now is not None:
            local = _local(self.now, self.tz)
            hours = int(local.utcoffset().total_seconds()) / 3600  # type: ignore[union-attr]
            offset = f"{hours:+g}"
            served = (
                f'<p class="xs0">\nGMT{offset}, {local.year}-{local.month}-{local.day} '
                f'{local:%H:%M}<span id="debuginfo">\n, Processed in 0.012345 second(s), 18 queries\n.\n'
                "</span>\n</p>\n"
            )
        return (
            '<div id="ft" class="wp cl">\n<div id="flk" class="y">\n<p>\n'
            '<a href="archiver/" >Archiver</a><span class="pipe">|</span>'
            '<a href="forum.php?showmobile=yes" >手机版</a>\n</p>\n'
            f"{served}</div>\n"
            '<div id="frt">\n<p>Powered by <strong><a href="https://www.discuz.vip/" target="_blank">'
            "Discuz!</a></strong> <em>X3.5</em></p>\n</div></div>\n"
        )

    def desktop_page(
        self, t: ScriptThread, page: int, total: int, posts: list[ScriptPost]
    ) -> Iterator[str]:
        yield self.desktop_head(t, page, total)
        start = (page - 1) * self.forum.ppp
        for i, p in enumerate(posts, 1):
            yield self.desktop_post(t, p, page, start + i)
            yield "\n"
        yield self.desktop_tail(t, page, total)

    # -- mobile API ------------------------------------------------------------

    def api_thread(self, t: ScriptThread) -> dict[str, Any]:
        visible = [p for p in t.posts if not p.deleted]
        first = t.posts[0] if t.posts else None
        last = visible[-1] if visible else None
        return {
            "tid": str(t.tid),
            "fid": str(t.fid),
            "author": first.author if first else "",
            "authorid": str(first.uid) if first else "0",
            "subject": t.subject,
            "dateline": str(int(first.at.timestamp())) if first else "0",
            "lastpost": _fmt_minute(last.at, self.tz) if last else "",
            "lastposter": last.author if last else "",
            "views": str(t.views),
            "replies": str(max(0, len(visible) - 1)),
            "displayorder": "0",
            "closed": "0",
            "stickreply": "0",
            "maxposition": str(t.posts[-1].position if t.posts else 0),
            "allreplies": str(max(0, len(visible) - 1)),
            "short_subject": t.subject,
        }

    def api_post(self, p: ScriptPost, number: int) -> dict[str, Any]:
        if p.hidden:
            message = "提示: <em>该帖被管理员或版主屏蔽</em>"
        else:
            message = bbcode_to_html(p.message, base_url=self.forum.base_url, mobile=True)
        return {
            "pid": str(p.pid),
            "tid": str(p.tid),
            "first": "1" if p.position == 1 else "0",
            "author": p.author,
            "authorid": str(p.uid),
            "dateline": discuz_time(p.at, self.now, self.tz, mobile=True),
            "message": message,
            "anonymous": "0",
            "attachment": "0",
            "status": "1" if p.hidden else "0",
            "replycredit": "0",
            "position": str(p.position),
            "username": p.author,
            "adminid": "0",
            "groupid": "10",
            "memberstatus": "0",
            "number": str(number),
            "dbdateline": str(int(p.at.timestamp())),
            "groupiconid": "1",
        }

    def api_page(
        self,
        t: ScriptThread,
        page: int,
        ppp: int,
        posts: list[ScriptPost],
        thread_obj: dict[str, Any],
    ) -> str:
        start = (page - 1) * ppp
        variables = {
            "cookiepre": "",
            "auth": None,
            "saltkey": "",
            "member_uid": "0",
            "member_username": "",
            "member_avatar": f"{self.forum.base_url}uc_server/avatar.php?uid=0&size=small",
            "groupid": "7",
            "formhash": "",
            "ismoderator": "0",
            "readaccess": "1",
            "notice": {"newpush": "0", "newpm": "0", "newprompt": "0", "newmypost": "0"},
            "thread": thread_obj,
            "fid": str(t.fid),
            "postlist": [self.api_post(p, start + i + 1) for i, p in enumerate(posts)],
            "allowpostcomment": ["1", "2"],
            "comments": [],
            "commentcount": [],
            "ppp": str(ppp),
            "setting_rewriterule": "",
            "setting_rewritestatus": "",
            "forum_threadpay": "",
            "cache_custominfo_postno": ["<sup>#</sup>", "楼主", "沙发", "板凳", "地板"],
            "forum": {"password": "0"},
        }
        doc = {
            "Version": "4",
            "Charset": "GBK" if self.encoding == "gbk" else "UTF-8",
            "Variables": variables,
        }
        return php_json_encode(doc)

    # -- board list (forumdisplay) ---------------------------------------------

    def board_row(self, t: ScriptThread, page: int) -> str:
        """One ``<tbody id="normalthread_TID">`` as the real X3.5 board list has it."""
        visible = [p for p in t.posts if not p.deleted]
        first, last = visible[0], visible[-1]
        tid = t.tid
        subject = dhtmlspecialchars(t.subject)
        link = f"forum.php?mod=viewthread&amp;tid={tid}&amp;extra=page%3D{page}"
        total, _ = _pages(t, self.forum.ppp)
        tps = ""
        if total > 1:
            links = "".join(
                f'<a href="forum.php?mod=viewthread&tid={tid}&amp;extra=page%3D{page}&amp;page={i}"'
                f' onclick="atarget(this)">{i}</a>'
                for i in range(2, total + 1)
            )
            tps = f'<span class="tps">&nbsp;...{links}</span>\n'
        made = _local(first.at, self.tz)
        last_text = discuz_time(last.at, self.now, self.tz)
        return (
            f'<tbody id="normalthread_{tid}">\n<tr>\n<td class="icn">\n'
            f'<a href="{link}" title="新窗口打开" target="_blank">\n'
            '<i class="fico-thread fic6 fc-l"></i>\n</a>\n</td>\n<th class="new">\n'
            f'<a href="javascript:;" id="content_{tid}" class="showcontent y" title="更多操作"></a>\n'
            f' <a href="{link}" onclick="atarget(this)" class="s xst">{subject}</a>\n{tps}'
            "</th>\n"
            f'<td class="by">\n<cite>\n<a href="home.php?mod=space&amp;uid={first.uid}" c="1">'
            f"{dhtmlspecialchars(first.author)}</a></cite>\n"
            f"<em><span>{made.year}-{made.month}-{made.day}</span></em>\n</td>\n"
            f'<td class="num"><a href="{link}" class="xi2">{self.replies(t)}</a><em>{t.views}</em></td>\n'
            f'<td class="by">\n<cite><a href="home.php?mod=space&username={quote(last.author)}" c="1">'
            f"{dhtmlspecialchars(last.author)}</a></cite>\n"
            f'<em><a href="forum.php?mod=redirect&tid={tid}&goto=lastpost#lastpost">{last_text}</a></em>\n'
            "</td>\n</tr>\n</tbody>\n"
        )

    def board_page(self, fid: int, page: int, total: int, threads: list[ScriptThread]) -> str:
        board = dhtmlspecialchars(self.forum.boards.get(fid, f"版块{fid}"))
        bbname = dhtmlspecialchars(self.forum.bbname)
        pager = _multi(total, page, f"forum.php?mod=forumdisplay&amp;fid={fid}&amp;")
        rows = "".join(self.board_row(t, page) for t in threads)
        return (
            "<!DOCTYPE html>\n<html>\n<head>\n"
            f'<meta charset="{self.forum.charset}" />\n'
            f"<title>{board} -  {bbname} -  Powered by Discuz!</title>\n"
            '<meta name="generator" content="Discuz! X3.5" />\n'
            f'<base href="{self.forum.base_url}" />\n'
            "</head>\n\n"
            '<body id="nv_forum" class="pg_forumdisplay">\n'
            "<script type=\"text/javascript\">var discuz_uid = '0';</script>\n"
            '<div id="pt" class="bm cl"><div class="z">'
            f'<a href="./" class="nvhm" title="首页">{bbname}</a><em>&raquo;</em> '
            f'<a href="forum.php?mod=forumdisplay&fid={fid}">{board}</a></div>\n</div>\n'
            '<div id="ct" class="wp cl">\n<div class="mn">\n'
            '<div id="pgt" class="bm bw0 pgs cl">\n<span id="fd_page_top">'
            f"{pager}</span>\n</div>\n"
            '<div id="threadlist" class="tl bm bmw">\n<div class="bm_c">\n'
            f'<table summary="forum_{fid}" cellspacing="0" cellpadding="0" id="threadlisttableid">\n'
            '<tbody id="separatorline" class="emptb"><tr><td class="icn"></td><th></th>'
            '<td class="by"></td><td class="num"></td><td class="by"></td></tr></tbody>\n'
            f"{rows}"
            '</table><!-- end of table "forum_G[fid]" branch 1/3 -->\n'
            "</div>\n</div>\n"
            f'<div class="bm bw0 pgs cl"><span id="fd_page_bottom">{pager}</span></div>\n'
            "</div>\n</div>\n</body>\n</html>\n"
        )

    # -- a member's own posts list (home.php?mod=space&do=thread&view=me) -----------
    # FROM THE DOCUMENTED TEMPLATE, NOT A CAPTURE: the captures hold no such page; this
    # follows template/default/home/space_thread.htm of Discuz! X3.5 (the "ct2_a" layout,
    # the delform table, one findpost row per reply in the replies view).

    def space_page(self, member: Member, view: str) -> str:
        """``view`` "reply": the member's 20 newest replies grouped by thread (newest
        first); "thread": the 20 newest threads the member started."""
        bbname = dhtmlspecialchars(self.forum.bbname)
        name = dhtmlspecialchars(member.name)
        rows: list[str] = []
        if view == "reply":
            replies = sorted(
                (
                    p
                    for t in self.script.threads.values()
                    for p in t.posts
                    if p.author == member.name and not p.deleted and p.position > 1
                ),
                key=lambda p: p.at,
                reverse=True,
            )[:20]
            order: list[int] = []
            by_tid: dict[int, list[ScriptPost]] = {}
            for p in replies:
                if p.tid not in by_tid:
                    order.append(p.tid)
                by_tid.setdefault(p.tid, []).append(p)
            for tid in order:
                t = self.script.threads[tid]
                first = by_tid[tid][0]
                rows.append(
                    self.space_row(
                        t,
                        f"forum.php?mod=redirect&goto=findpost&ptid={tid}&pid={first.pid}",
                        reply=True,
                    )
                )
                for p in by_tid[tid]:
                    text = dhtmlspecialchars(messagecutstr(p.message)) or "......"
                    rows.append(
                        '<tr>\n<td colspan="5" class="xg1">&nbsp;<img src="static/image/common/icon_quote_m_s.gif" style="vertical-align:middle;" /> '
                        f'<a href="forum.php?mod=redirect&goto=findpost&ptid={tid}&pid={p.pid}" target="_blank">{text}</a> '
                        '<img src="static/image/common/icon_quote_m_e.gif" style="vertical-align:middle;" /></td>\n</tr>\n'
                    )
        else:
            started = sorted(
                (
                    t
                    for t in self.script.threads.values()
                    if t.posts and t.posts[0].author == member.name and not t.posts[0].deleted
                ),
                key=lambda t: t.tid,
                reverse=True,
            )[:20]
            rows = [
                self.space_row(t, f"forum.php?mod=viewthread&tid={t.tid}", reply=False)
                for t in started
            ]
        if not rows:
            rows.append('<tr>\n<td colspan="5"><p class="emp">暂无相关帖子</p></td>\n</tr>\n')
        what = "回复" if view == "reply" else "主题"
        on_thread = ' class="a"' if view == "thread" else ""
        on_reply = ' class="a"' if view == "reply" else ""
        return (
            "<!DOCTYPE html>\n<html>\n<head>\n"
            f'<meta charset="{self.forum.charset}" />\n'
            f"<title>{name}的帖子 -  {bbname} -  Powered by Discuz!</title>\n"
            '<meta name="generator" content="Discuz! X3.5" />\n'
            f'<base href="{self.forum.base_url}" />\n'
            "</head>\n\n"
            '<body id="nv_home" class="pg_space">\n'
            "<script type=\"text/javascript\">var discuz_uid = '0';</script>\n"
            '<div id="pt" class="bm cl">\n<div class="z">\n'
            f'<a href="./" class="nvhm" title="首页">{bbname}</a> <em>&rsaquo;</em>\n'
            f'<a href="home.php?mod=space&uid={member.uid}">{name}</a> <em>&rsaquo;</em>\n'
            f'<a href="home.php?mod=space&uid={member.uid}&do=blog&view=me">帖子</a>\n</div>\n</div>\n'
            '<div id="ct" class="ct1 wp cl">\n<div class="mn">\n<div class="bm bw0">\n<div class="bm_c">\n'
            '<p class="tbmu">\n'
            f'<a href="home.php?mod=space&uid={member.uid}&do=thread&view=me&from=space&type=thread"'
            f'{on_thread}>主题</a>\n<span class="pipe">|</span>\n'
            f'<a href="home.php?mod=space&uid={member.uid}&do=thread&view=me&from=space&type=reply"'
            f"{on_reply}>回复</a>\n</p>\n"
            '<div class="tl">\n'
            '<form method="post" autocomplete="off" name="delform" id="delform" '
            'action="home.php?mod=space&do=thread&view=all&order=dateline">\n'
            '<input type="hidden" name="formhash" value="0123abcd" />\n'
            '<input type="hidden" name="delthread" value="true" />\n'
            '<table cellspacing="0" cellpadding="0">\n'
            '<tr class="th">\n<td class="icn">&nbsp;</td>\n'
            f"<th>{'帖子' if view == 'reply' else '主题'}</th>\n"
            '<td class="frm">版块</td>\n<td class="num">回复/查看</td>\n'
            '<td class="by"><cite>最后发帖</cite></td>\n</tr>\n'
            + "".join(rows)
            + "</table>\n</form>\n</div>\n"
            f"<!-- {what} -->\n"
            "</div>\n</div>\n</div>\n</div>\n"
            f"{self.footer()}"
            "</body>\n</html>\n"
        )

    def space_row(self, t: ScriptThread, href: str, *, reply: bool) -> str:
        visible = [p for p in t.posts if not p.deleted]
        last = visible[-1]
        board = dhtmlspecialchars(self.forum.boards.get(t.fid, f"版块{t.fid}"))
        cls = ' class="bw0_all"' if reply else ""
        return (
            f'<tr{cls}>\n<td class="icn">\n'
            f'<a href="forum.php?mod=viewthread&tid={t.tid}&highlight=" title="新窗口打开" target="_blank">\n'
            '<img src="static/image/common/folder_common.gif" />\n</a>\n</td>\n'
            f'<th>\n<a href="{href}" target="_blank">{dhtmlspecialchars(t.subject)}</a>\n</th>\n'
            f'<td>\n<a href="forum.php?mod=forumdisplay&fid={t.fid}" class="xg1" target="_blank">{board}</a>\n</td>\n'
            f'<td class="num">\n<a href="forum.php?mod=viewthread&tid={t.tid}" class="xi2" target="_blank">{self.replies(t)}</a>\n'
            f"<em>{t.views}</em>\n</td>\n"
            f'<td class="by">\n<cite><a href="home.php?mod=space&username={quote(last.author)}" target="_blank">'
            f"{dhtmlspecialchars(last.author)}</a></cite>\n"
            f'<em><a href="forum.php?mod=redirect&tid={t.tid}&goto=lastpost#lastpost" target="_blank">'
            f"{discuz_time(last.at, self.now, self.tz)}</a></em>\n</td>\n</tr>\n"
        )

    def api_board_page(self, fid: int, page: int, count: int, threads: list[ScriptThread]) -> str:
        items = []
        for t in threads:
            visible = [p for p in t.posts if not p.deleted]
            first, last = visible[0], visible[-1]
            items.append(
                {
                    "tid": str(t.tid),
                    "typeid": "0",
                    "readperm": "0",
                    "price": "0",
                    "author": first.author,
                    "authorid": str(first.uid),
                    "subject": dhtmlspecialchars(t.subject),  # stored escaped
                    "dateline": discuz_time(first.at, self.now, self.tz, mobile=True),
                    "lastpost": discuz_time(last.at, self.now, self.tz, mobile=True),
                    "lastposter": last.author,
                    "views": str(t.views),
                    "replies": str(self.replies(t)),
                    "displayorder": "0",
                    "digest": "0",
                    "special": "0",
                    "attachment": "0",
                    "dbdateline": str(int(first.at.timestamp())),
                    "dblastpost": str(int(last.at.timestamp())),
                }
            )
        variables = {
            "cookiepre": "",
            "auth": None,
            "saltkey": "",
            "member_uid": "0",
            "member_username": "",
            "groupid": "7",
            "formhash": "",
            "ismoderator": "0",
            "readaccess": "1",
            "forum": {
                "fid": str(fid),
                "name": self.forum.boards.get(fid, f"版块{fid}"),
                "threads": str(count),
                "password": "0",
            },
            "group": {"groupid": "7", "grouptitle": "游客"},
            "forum_threadlist": items,
            "sublist": [],
            "tpp": str(self.forum.tpp),
            "page": str(page),
        }
        doc = {
            "Version": "4",
            "Charset": "GBK" if self.encoding == "gbk" else "UTF-8",
            "Variables": variables,
        }
        return php_json_encode(doc)


def board_url(fid: int, page: int) -> str:
    return f"forum.php?mod=forumdisplay&fid={fid}&page={page}"


def api_board_url(fid: int, page: int) -> str:
    return f"api/mobile/index.php?version=4&module=forumdisplay&fid={fid}&page={page}"


def _render_boards(script: Script) -> Iterator[tuple[str, str, Iterable[bytes], str]]:
    """Every board's list pages, newest last post first (Discuz!'s default order),
    ``tpp`` threads a page, desktop and API."""
    r = _Renderer(script)
    ctype = _content_type(script.forum.charset)
    fids = sorted({t.fid for t in script.threads.values() if t.saved})
    for fid in fids:
        threads = [
            t
            for t in script.threads.values()
            if t.fid == fid and t.saved and any(not p.deleted for p in t.posts)
        ]
        threads.sort(key=lambda t: max(p.at for p in t.posts if not p.deleted), reverse=True)
        tpp = script.forum.tpp
        total = max(1, math.ceil(len(threads) / tpp))
        for page in range(1, total + 1):
            chunk = threads[(page - 1) * tpp : page * tpp]
            body = r.encode(r.board_page(fid, page, total, chunk))
            yield board_url(fid, page), f"forumdisplay-{fid}-p{page}.html", (body,), ctype
            api = r.api_board_page(fid, page, len(threads), chunk).encode("ascii")
            yield (
                api_board_url(fid, page),
                f"api-forumdisplay-{fid}-p{page}.json",
                (api,),
                "application/json",
            )


def render_board_pages(script: Script) -> Iterator[tuple[str, bytes, str]]:
    """Yield ``(url path+query, body, content type)`` for every board-list page."""
    for url, _name, chunks, ctype in _render_boards(script):
        yield url, b"".join(chunks), ctype


def space_url(uid: int, view: str) -> str:
    """A member's own posts list, as the viewthread author panel links it."""
    return f"home.php?mod=space&uid={uid}&do=thread&view=me&type={view}&from=space"


def render_space_pages(script: Script) -> Iterator[tuple[str, bytes, str]]:
    """Yield ``(url path+query, body, content type)`` for every member's replies and
    threads lists (from the documented template, not a capture; see
    :meth:`_Renderer.space_page`)."""
    r = _Renderer(script)
    ctype = _content_type(script.forum.charset)
    for member in script.members.values():
        for view in ("reply", "thread"):
            yield space_url(member.uid, view), r.encode(r.space_page(member, view)), ctype


def php_json_encode(value: Any) -> str:
    """``json_encode`` with PHP's defaults: ASCII only, ``/`` escaped, no spaces."""
    return json.dumps(value, ensure_ascii=True, separators=(",", ":")).replace("/", "\\/")


def _content_type(charset: str) -> str:
    return f"text/html; charset={charset}"


def desktop_url(tid: int, page: int) -> str:
    return f"forum.php?mod=viewthread&tid={tid}&page={page}"


def api_url(tid: int, page: int, ppp: int | None = None) -> str:
    url = f"api/mobile/index.php?version=4&module=viewthread&tid={tid}&page={page}"
    return url + (f"&ppp={ppp}" if ppp else "")


def _render(script: Script, tid: int) -> Iterator[tuple[str, str, Iterable[bytes], str]]:
    r = _Renderer(script)
    t = script.threads[tid]
    ctype = _content_type(script.forum.charset)
    ppp = script.forum.ppp
    total, pages = _pages(t, ppp)
    for i, posts in enumerate(pages, 1):
        chunks = (r.encode("".join(r.desktop_page(t, i, total, posts))),)
        yield desktop_url(tid, i), f"thread-{tid}-p{i}.html", chunks, ctype
    app = script.forum.api_ppp or ppp
    _, apages = _pages(t, app)
    thread_obj = r.api_thread(t)
    for i, posts in enumerate(apages, 1):
        body = r.api_page(t, i, app, posts, thread_obj).encode("ascii")
        yield (
            api_url(tid, i, script.forum.api_ppp),
            f"api-viewthread-{tid}-p{i}.json",
            (body,),
            "application/json",
        )


def render_thread_pages(script: Script, tid: int) -> Iterator[tuple[str, bytes, str]]:
    """Yield ``(url path+query, body, content type)`` for every page of one thread."""
    for url, _name, chunks, ctype in _render(script, tid):
        yield url, b"".join(chunks), ctype


def write_site(script: Script | str | Path, out_dir: str | Path) -> dict[str, dict[str, str]]:
    """Write every thread's pages into ``out_dir`` plus ``index.json`` (URL → file)."""
    if not isinstance(script, Script):
        script = load_script(script)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    index: dict[str, dict[str, str]] = {}
    renders = [_render(script, tid) for tid, t in script.threads.items() if t.saved]
    if script.forum.board_pages:
        renders.append(_render_boards(script))
    for rendered in renders:
        for url, name, chunks, ctype in rendered:
            with open(out / name, "wb") as fh:
                for chunk in chunks:
                    fh.write(chunk)
            index[url] = {"file": name, "content_type": ctype}
    snapshots = [_write_snapshot(script, snap, out) for snap in script.snapshots]
    with open(out / "index.json", "w", encoding="utf-8") as fh:
        doc: dict[str, Any] = {"base_url": script.forum.base_url, "pages": index}
        if snapshots:
            doc["snapshots"] = snapshots
        json.dump(doc, fh, ensure_ascii=False, indent=1)
        fh.write("\n")
    return index


def _write_snapshot(script: Script, snap: Snapshot, out: Path) -> dict[str, Any]:
    """Write one snapshot's pages into ``out/<folder>/``; return its index entry."""
    then = at_snapshot(script, snap)
    folder = out / snap.folder
    folder.mkdir(parents=True, exist_ok=True)
    ctype = _content_type(script.forum.charset)
    files: list[str] = []
    for tid, page in snap.pages:
        t = then.threads.get(tid)
        total, pages = _pages(t, then.forum.ppp) if t is not None else (0, [])
        if t is None or page > len(pages):
            raise ScriptError(
                f"snapshot {snap.folder}: thread {tid} has no page {page} at {snap.at}"
            )
        posts = pages[page - 1]
        if any(p.deleted or p.hidden or p.edited for p in posts):
            raise ScriptError(
                f"snapshot {snap.folder}: thread {tid} page {page} holds a deleted, hidden or "
                "edited post (the script does not say when that happened)"
            )
        r = _Renderer(then)
        name = f"thread-{tid}-p{page}"
        if snap.complete:
            r.saved_files = f"{name}_files"
        body = r.encode("".join(r.desktop_page(t, page, total, posts)))
        (folder / f"{name}.html").write_bytes(body)
        files.append(f"{snap.folder}/{name}.html")
        if r.pictures:
            (folder / r.saved_files).mkdir(exist_ok=True)  # type: ignore[operator]
            for file, data in sorted(r.pictures.items()):
                (folder / r.saved_files / file).write_bytes(data)  # type: ignore[operator]
                files.append(f"{snap.folder}/{r.saved_files}/{file}")
    for member_name, view in snap.spaces:
        r = _Renderer(then)
        member = then.members[member_name]
        name = f"space-{member.uid}-{view}"
        (folder / f"{name}.html").write_bytes(r.encode(r.space_page(member, view)))
        files.append(f"{snap.folder}/{name}.html")
    return {"at": snap.at.isoformat(), "content_type": ctype, "files": files}


#: ``python -m tools.writer --help``: what a script holds, in a director's language (fh42:
#: the help was one English usage line; the format was only in this module's docstring).
HELP = """用法：python -m tools.writer 剧本.toml 输出目录

把一局游戏的剧本（TOML）写成 Discuz! X3.5 的网页（帖子列表、帖子页、API 页和 index.json），
给 auditor 当作论坛读（游戏文件里 [forum] url 指向输出目录）。同一个剧本每次写出的网页完全一样。

剧本里写这些（完整的格式和每一项的说明：python -m pydoc tools.writer）：
  [forum]        论坛：base_url（以 / 结尾）、charset、timezone、rendered_at（「现在」的时间）、
                 ppp（每页几楼）、boards（版块号 = 版块名）
  [members]      "论坛用户名" = uid（中文名要加引号；也可以写签名 signature、头像 avatar）
  [[thread]]     一个主题：tid、fid（版块）、subject（标题）
  [[thread.post]] 一楼：author、at（发帖时间，带时区）、message（BBCode 原文）；
                 可选 pid、quote（引用哪一楼的 pid）、edited_at、edit（以后的版本：at、message）、hidden、deleted
  [[snapshot]]   可选：某个时刻保存下来的网页

例：python -m tools.writer script-night1.toml pages/
"""


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in ("-h", "--help"):
        print(HELP, end="")
        return 0
    if len(args) != 2:
        print(
            "用法：python -m tools.writer 剧本.toml 输出目录（--help：剧本里写什么）",
            file=sys.stderr,
        )
        return 2
    try:
        index = write_site(args[0], args[1])
    except tomllib.TOMLDecodeError as exc:
        hint = '（中文的键要加引号，例如 "导演" = 1）' if "Invalid statement" in str(exc) else ""
        print(f"tools.writer: 剧本 {args[0]} 不是合法的 TOML：{exc}{hint}", file=sys.stderr)
        return 2
    except (ScriptError, OSError, KeyError) as exc:
        print(f"tools.writer: {args[0]}: {exc}", file=sys.stderr)
        return 2
    print(f"{len(index)} pages written to {args[1]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
