"""Small immutable values that move between the stages.

A parser turns one page into a :class:`ParsedPage` holding :class:`Post` values; the
store keeps them (with versions); rules read them back.  Nothing here does I/O.
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import NamedTuple


class PageKind(StrEnum):
    """Which Discuz! view a page came from."""

    DESKTOP = "desktop"  # forum.php?mod=viewthread (also the rewritten thread-T-P-1.html)
    API = "api"  # api/mobile/index.php?module=viewthread (JSON)
    PRINTABLE = "printable"  # forum.php?mod=viewthread&action=printable
    TOUCH = "touch"  # the touch template (&mobile=2)


class HiddenReason(StrEnum):
    MODERATOR = "moderator"  # 该帖被管理员或版主屏蔽 (per post)
    AUTHOR_BANNED = "author_banned"  # 作者被禁止或删除 内容自动屏蔽


@dataclass(frozen=True, slots=True)
class Quote:
    """A quoted block inside a post. Its text is never charged to the quoter."""

    text: str
    author: str | None = None  # from "AUTHOR 发表于 …" in a quote-reply header
    pid: int | None = None  # from the findpost link of a quote-reply
    tid: int | None = None
    quoted_time: str | None = None  # the header's time text as shown (minutes only)


@dataclass(frozen=True, slots=True)
class Attachment:
    aid: int | None
    name: str | None
    is_image: bool
    inline: bool  # inserted in the message with [attach]; else only in the attachment list
    url: str | None = None


@dataclass(frozen=True, slots=True)
class Post:
    """One post as a page shows it.

    ``text`` is the post's own text: quotes, the edit notice, jammer text and markup
    removed, smilies as their codes (``:lol``), images as ``[图片]``, whitespace collapsed
    to single spaces.  ``lines`` keeps the same text split at the message's line
    breaks (rules such as chat-log detection need lines).  ``message_html`` is the inner
    HTML of the message cell with jammer fragments removed; it is empty for a hidden
    post the viewer cannot read.
    """

    tid: int
    pid: int | None  # None only in the printable view
    floor: int | None  # the floor Discuz! prints (renumbered past deleted posts in every view)
    author: str
    author_uid: int | None
    posted_at: datetime  # aware, forum local time zone
    message_html: str
    text: str
    lines: tuple[str, ...] = ()
    quotes: tuple[Quote, ...] = ()
    edited: str | None = None  # "本帖最后由 饺子 于 2026-11-30 06:17 编辑"
    hidden: HiddenReason | None = None
    time_approximate: bool = False  # no absolute time on the page: resolved from Date
    time_precision: str = "second"  # "second" | "minute"
    first: bool = False  # the thread's opening post
    stuck: bool = False  # a 置顶回复 repeated on page 1
    images: tuple[str, ...] = ()  # [img] URLs and inline image attachments (not smilies)
    links: tuple[str, ...] = ()  # hrefs of [url] links in the own text
    smilies: tuple[str, ...] = ()  # smiley codes in the own text
    attachments: tuple[Attachment, ...] = ()
    hidden_content: bool = False  # a [hide] block the viewer could not read
    markup: tuple[tuple[str, str], ...] = ()  # (tag/attr, value) e.g. ("color","Red"), ("size","5")
    position: int | None = None  # pre_forum_post.position (API only): gaps after deletions


@dataclass(frozen=True, slots=True)
class Profile:
    """What a desktop page shows of a post's author beside the post: the signature (签名档)
    and the avatar (头像).  Discuz! renders both when the page is served, so they are the
    author's current ones at that moment, whatever the post's age.  ``signature_html`` is
    None when none of the author's posts on the page showed one (no signature, or those
    posts were made without 使用个人签名)."""

    uid: int
    author: str
    signature_html: str | None
    signature_text: str
    avatar_url: str | None
    threads: int | None = None  # the author panel's 主题 count (threads started)
    avatar_sha256: str | None = None  # the picture's hash, when it was saved beside the page


@dataclass(frozen=True, slots=True)
class ProfileSighting:
    """A signature and avatar one fetched page showed beside an author's posts."""

    uid: int
    author: str
    seen_at: datetime
    tid: int
    page: int
    url: str
    signature_html: str | None
    signature_text: str
    avatar_url: str | None
    threads: int | None = None
    avatar_sha256: str | None = None  # the picture's SHA-256, when it was read

    @property
    def image_only(self) -> bool:
        """A fetch of the avatar picture itself (``tid`` 0): it shows no signature."""
        return self.tid == 0


@dataclass(frozen=True, slots=True)
class SpaceItem:
    """One row of a member's own posts list (``home.php?mod=space&do=thread&view=me``): a
    reply (``pid``) or a thread the member started (``pid`` None), with its board."""

    uid: int | None
    view: str  # reply | thread
    tid: int
    pid: int | None
    subject: str
    fid: int | None
    board: str
    excerpt: str = ""


@dataclass(frozen=True, slots=True)
class SpaceRead:
    """One read of a player's posts list."""

    id: int
    uid: int
    view: str
    night: int
    read_at: datetime
    url: str
    threads: int | None


class PostVersion(NamedTuple):
    """One stored version of a post, as data: its number, when it was first fetched (UTC
    ISO time), the post as it read then, the Discuz! view it came from and the hash of
    what every view shows alike (None for versions stored before views were recorded)."""

    number: int
    seen_at: str
    post: Post
    view: str = ""
    neutral_hash: str | None = None


@dataclass(slots=True)
class ParsedPage:
    """What one fetched page holds, whatever its view."""

    kind: PageKind
    tid: int | None
    page: int | None  # 1-based; None for views that hold the whole thread
    total_pages: int | None  # from the pager (desktop) or replies/ppp (API)
    posts: list[Post] = field(default_factory=list)
    subject: str | None = None
    fid: int | None = None
    charset: str | None = None
    ppp: int | None = None  # posts per page in force (API)
    replies: int | None = None
    max_position: int | None = None
    author_only: bool = False  # 只看该作者 (&authorid=): a filtered view, not the thread's pages
    viewer_uid: int | None = None  # who the forum served the page to (0 = a guest)
    profiles: list[Profile] = field(default_factory=list)  # desktop only: signatures, avatars
    served_at: datetime | None = None  # the desktop footer's time (GMT+8, Y-n-j H:i)


@dataclass(frozen=True, slots=True)
class FetchedFile:
    """A file fetched as it is (an avatar picture), with its validators for the next
    conditional request; a 304 has no body."""

    url: str
    status: int
    body: bytes
    etag: str | None = None
    last_modified: str | None = None
    fetched_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class FetchedPage:
    """Bytes as they came from the forum or from a saved file, before parsing."""

    url: str
    status: int
    body: bytes
    content_type: str | None = None
    date_header: datetime | None = None  # the response's Date, for relative times
    fetched_at: datetime | None = None
    location: str | None = None


class Match(NamedTuple):
    """One matched piece of a post's own text: the text, its span in ``Post.text``, and why."""

    text: str
    start: int
    end: int
    detail: str = ""  # e.g. the lexicon entry and the normalisation that found it


class Finding(NamedTuple):
    """One problem the rules found.  Sorts and compares, so tests assert equality."""

    code: str
    player: str
    day: int | None
    phase: int | None
    tid: int | None
    pid: int | None
    floor: int | None
    matches: tuple[Match, ...]
    excerpt: str
    card: str  # the card the rule set suggests (blue | yellow | red | substitute | warning | none)
    key: str  # the rule's own key: what makes two findings of one code on one post differ
    note: str = ""
    posted_at: datetime | None = None

    @property
    def fingerprint(self) -> str:
        """Stable across runs: hashes (code, pid, key), or (code, player, day, phase, key)
        for aggregate findings, never offsets, row ids or run order."""
        if self.pid is not None:
            basis = f"{self.code}|pid:{self.pid}|{self.key}"
        else:
            basis = f"{self.code}|{self.player}|day:{self.day}|phase:{self.phase}|{self.key}"
        return hashlib.sha256(basis.encode()).hexdigest()

    @property
    def id(self) -> str:
        """Short id shown to directors: starts with a letter (spreadsheets turn 12E45
        into a number), base32 without ambiguous padding."""
        raw = bytes.fromhex(self.fingerprint[:16])
        return "F" + base64.b32encode(raw).decode().rstrip("=")[:9]

    @property
    def match_text(self) -> str:
        return " / ".join(m.text for m in self.matches)
