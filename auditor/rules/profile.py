"""Signatures and avatars that change during the game (PROFILE-SIGNATURE, PROFILE-AVATAR).

M107 违规判定 6(2)“禁止玩家使用头像、签名档透露信息”（玩家须知 7“禁止在游戏期间使用头像、
签名档透露信息”）; 030 违规判定 6(4)“使用头像、签名档透露信息”.

Discuz! renders an author's current signature (``div.sign``) and avatar beside every post
of a desktop page when the page is served, so each fetch of a page is a sighting of each
author's profile at that moment (recorded by the crawl in the store's ``profiles``
table; the mobile API shows neither).  Whether a signature reveals information is the
director's judgement; what a tool can see is that it changed during the game: the draft
shows it before and after.

Avatars: a stock X3.5 page links every avatar through ``uc_server/avatar.php?uid=N``,
the same URL whatever the picture, so PROFILE-AVATAR compares the pictures: their
SHA-256, from each player's picture fetched at most once a night over HTTP (a conditional
request: an unchanged picture is a 304; :mod:`auditor.forum.avatars`) or saved beside a
saved page.  A player whose picture was never read is compared by URL (forums that link
the picture files themselves, or another host).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from auditor.models import ProfileSighting
from auditor.rules.base import Context, Finding, Option, aggregate_finding, no_posts, rule

_SPACE = re.compile(r"\s+")


def _player_sightings(ctx: Context) -> dict[str, list[ProfileSighting]]:
    names = {uid: name for name, uid in ctx.game.uids.items()}
    for s in ctx.profiles:
        if not s.image_only and s.author:
            names.setdefault(s.uid, s.author)
    players = set(ctx.game.players)
    out: dict[str, list[ProfileSighting]] = {}
    for s in ctx.profiles:
        name = names.get(s.uid, s.author)
        if name in players:
            out.setdefault(name, []).append(s)
    return out


def _game_span(ctx: Context) -> tuple[datetime, datetime] | None:
    days = ctx.game.days
    if not days:
        return None
    return days[0].opens, max(d.closes for d in days)


def _fmt(ctx: Context, t: datetime) -> str:
    return f"{t.astimezone(ctx.game.timezone):%m-%d %H:%M}"


def _changes(
    ctx: Context,
    opts: Mapping[str, Any],
    code: str,
    what: str,
    value: Any,
    shown: Any,
    keep: Any,
) -> Iterator[Finding]:
    """A finding for each change of ``value(sighting)`` first seen during the game.

    A sighting with no value (None: nothing shown on that page) says nothing once a value
    has been seen — a post made without 使用个人签名 shows none — but before any value it
    stands for "none"."""
    span = _game_span(ctx)
    if span is None:
        return
    start, end = span
    for player, seen in sorted(_player_sightings(ctx).items()):
        sightings = keep(seen)
        prev: ProfileSighting | None = None
        prev_value: str | None = None
        for s in sightings:
            v = value(s)
            if v is None and prev is not None and prev_value is not None:
                continue
            if prev is None:
                prev, prev_value = s, v
                continue
            if v == prev_value or (prev_value is None and s.seen_at == prev.seen_at):
                prev, prev_value = s, v  # one fetch: a page that showed it settles it
                continue
            # the change happened between the two sightings: during the game if they overlap it
            if prev.seen_at < end and s.seen_at > start:
                before = shown(prev) if prev_value is not None else "（没有显示）"
                after = shown(s) if v is not None else "（没有显示）"
                early = "；改动可能在游戏开始之前" if prev.seen_at < start else ""
                early += "；改动可能在游戏结束之后" if s.seen_at > end else ""
                note = (
                    f"{what}在 {_fmt(ctx, prev.seen_at)} 与 {_fmt(ctx, s.seen_at)} 之间改了{early}："
                    f"之前「{before}」，之后「{after}」（见 {_where(ctx, s)}）。"
                    "是否透露信息由导演判断"
                )
                digest = hashlib.sha256((v or "").encode()).hexdigest()[:12]
                yield aggregate_finding(
                    code,
                    player,
                    ctx.schedule.last_opened(min(s.seen_at, end)),  # the day of the sighting
                    opts,
                    key=f"{s.seen_at.isoformat()}|{digest}",
                    note=note,
                    excerpt_text=after[:60],
                    tid=s.tid,
                )
            prev, prev_value = s, v


def _where(ctx: Context, s: ProfileSighting) -> str:
    """The sighting's page: its URL, or for a saved page its path in the pages folder (the
    folder's place on this machine is no part of a finding)."""
    folder = ctx.game.forum.pages
    if not s.url.startswith("file:") or folder is None:
        return s.url
    path = Path(unquote(urlsplit(s.url).path))
    try:
        return "保存的页面 " + path.relative_to(folder.resolve()).as_posix()
    except ValueError:
        return "保存的页面 " + path.name


def _signature(s: ProfileSighting) -> str | None:
    return _SPACE.sub(" ", s.signature_html).strip() if s.signature_html is not None else None


@rule(
    code="PROFILE-SIGNATURE",
    title="游戏期间改签名档",
    seed="M107 违规判定 6(2)、玩家须知 7；030 违规判定 6(4)",
    kind="aggregate",
    needs=no_posts,  # the profiles the pages showed
    options={
        "max_shown": Option(int, 80, "说明里签名最多显示的字数", minimum=10),
    },
)
def profile_signature(ctx: Context, opts: Mapping[str, Any]) -> Iterator[Finding]:
    """玩家的签名档在游戏期间（第一天开始到最后一天结束）改了：列出改之前和改之后的签名。

    M107 违规判定 6(2)“禁止玩家使用头像、签名档透露信息”；030 违规判定 6(4)。签名档显示在网页版
    每个帖子下面（手机接口没有签名），所以启用这条规则时 ``api = "auto"`` 读网页版。每次抓取的
    每个页面都记下页面上每个作者当时的签名；两次之间变了、且后一次在游戏期间，就是一条草稿。
    是否透露了信息由导演判断。

    页面上没有显示签名（没有签名，或那几帖没有勾选“使用个人签名”）不算改动；还没见过签名时
    算“没有签名”。

    FAIL：九妹的签名第 1 天是「好人卡收集中」，第 2 天变成「我是预言家，查杀包子」。

    PASS：签名没变；游戏开始以前改的；导演或观众改签名；某一帖没有显示签名。
    """
    limit = opts["max_shown"]

    def shown(s: ProfileSighting) -> str:
        text = s.signature_text or ""
        return text if len(text) <= limit else text[:limit] + "…"

    def pages(seen: list[ProfileSighting]) -> list[ProfileSighting]:
        return [s for s in seen if not s.image_only]

    yield from _changes(ctx, opts, "PROFILE-SIGNATURE", "签名档", _signature, shown, pages)


@rule(
    code="PROFILE-AVATAR",
    title="游戏期间换头像",
    seed="M107 违规判定 6(2)、玩家须知 7；030 违规判定 6(4)",
    kind="aggregate",
    needs=no_posts,  # the profiles the pages showed
)
def profile_avatar(ctx: Context, opts: Mapping[str, Any]) -> Iterator[Finding]:
    """玩家的头像图片在游戏期间换了：列出之前和之后的图片（哈希和地址），请导演打开看是否透露信息。

    M107 违规判定 6(2)；030 违规判定 6(4)。标准 Discuz! X3.5 的头像地址是
    ``uc_server/avatar.php?uid=N``，换了图片地址也不变，所以比较的是图片本身：从论坛抓取时
    每晚最多下载一次每名玩家的头像（条件请求：图片没变时服务器答 304，不再传图片），保存的
    页面用浏览器保存在页面旁边的头像图片（``页面名_files/``），记下 SHA-256 比较。一次图片都
    没读到的玩家只比较地址（论坛直接链接图片文件、或换了图床时）。

    FAIL：包子的头像图片第 1 天与第 2 天的哈希不同（地址都是 ``uc_server/avatar.php?uid=3``）；
    包子的头像地址从 ``…/avatar/03_middle.jpg`` 变成 ``https://img.example.com/wolf.png``（没读到图片时）。

    PASS：图片没变（服务器答 304，或哈希相同）；保存的页面换了文件名、图片相同；游戏开始以前换的。
    """

    def images(seen: list[ProfileSighting]) -> list[ProfileSighting]:
        hashed = [s for s in seen if s.avatar_sha256 is not None]
        return hashed or [s for s in seen if not s.image_only]

    def avatar(s: ProfileSighting) -> str | None:
        return s.avatar_sha256 or s.avatar_url

    def shown(s: ProfileSighting) -> str:
        if s.avatar_sha256 is not None:
            return f"图片 {s.avatar_sha256[:12]}，{s.avatar_url or ''}"
        return s.avatar_url or ""

    yield from _changes(ctx, opts, "PROFILE-AVATAR", "头像", avatar, shown, images)
