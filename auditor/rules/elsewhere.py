"""Posts outside the game's threads during the game (POST-OUTSIDE).

M107 违规判定 6(3)“禁止玩家使用游戏账号在版杀游戏相关的讨论帖、投票帖、规则帖、进程帖以外的帖子
中发言”（玩家须知 7“禁止在游戏期间……”）; 030 违规判定 6(3)“在当场版杀以外的帖子中发言”.

The crawl reads each player's own replies and threads lists once a night
(:mod:`auditor.forum.spaces`).  Those lists show no times, so an item is placed by its
ids, which only grow: a reply made after a post of the game (a smaller pid) was made after
that post's time; a thread after a game thread (a smaller tid) after its opening post; and
an item missing from the previous read of the list was made after that read (for a reply
without a game post before it, and for every thread).  An item is
a draft when it was made after the first day opened and not after the last day closed.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Mapping
from datetime import datetime
from typing import Any

from auditor.models import SpaceItem, SpaceRead
from auditor.rules.base import Context, Finding, aggregate_finding, rule


def _uid_players(ctx: Context) -> dict[int, str]:
    out = {uid: name for name, uid in ctx.game.uids.items()}
    for gp in ctx.posts:
        uid = gp.post.author_uid
        if uid is not None and gp.post.author in ctx.game.players:
            out.setdefault(uid, gp.post.author)
    return out


def _fmt(ctx: Context, t: datetime) -> str:
    return f"{t.astimezone(ctx.game.timezone):%m-%d %H:%M}"


@rule(
    code="POST-OUTSIDE",
    title="游戏期间在游戏帖以外发言",
    seed="M107 违规判定 6(3)、玩家须知 7；030 违规判定 6(3)",
    kind="aggregate",
)
def post_outside(ctx: Context, opts: Mapping[str, Any]) -> Iterator[Finding]:
    """玩家在游戏期间用游戏帐号在本局游戏帖以外的帖子里回复或发主题。

    M107 违规判定 6(3)“禁止玩家使用游戏账号在版杀游戏相关的讨论帖、投票帖、规则帖、进程帖以外的
    帖子中发言”；030 违规判定 6(3)“在当场版杀以外的帖子中发言”。抓取时每晚读一次每名玩家的
    “我的回复”“我的主题”列表（``home.php?mod=space&uid=…&do=thread&view=me``，只读第一页，最新
    20 条；需要 ``[forum] url``，论坛要求登录时需要导演的 cookies；保存的页面读导演一并保存的
    这两种列表，每份算保存时读的一次）。默认关闭。

    列表不显示时间：按帖子编号推算——编号比本局某一帖大，就晚于那一帖；上一晚的列表里没有，
    就晚于上一晚。晚于第一天开始、不晚于最后一天结束的才算。说明里写帖子标题、版块和链接。

    FAIL：包子第 2 天在“灌水区”的《今天吃什么》里回复。

    PASS：在本局的讨论帖、投票帖回复；游戏开始前在别的版块发的帖子；导演、观众在别处发言。
    """
    if not ctx.space_items or not ctx.game.days:
        return
    start = ctx.game.days[0].opens
    end = max(d.closes for d in ctx.game.days)
    game_tids = {t.tid for t in ctx.game.threads}
    players = _uid_players(ctx)
    pids = sorted((gp.post.pid, gp.post.posted_at) for gp in ctx.posts if gp.post.pid is not None)
    pid_keys = [p for p, _ in pids]
    firsts = sorted((gp.post.tid, gp.post.posted_at) for gp in ctx.posts if gp.post.first)
    tid_keys = [t for t, _ in firsts]
    reads = {r.id: r for r in ctx.space_reads}
    by_list: dict[tuple[int, str], list[SpaceRead]] = {}
    for r in ctx.space_reads:
        by_list.setdefault((r.uid, r.view), []).append(r)
    base = ctx.game.forum.url or ""
    for read_id, item in ctx.space_items:
        if item.tid in game_tids or item.uid is None:
            continue
        player = players.get(item.uid)
        read = reads.get(read_id)
        if player is None or read is None:
            continue
        after, before = _bounds(item, read, by_list, pids, pid_keys, firsts, tid_keys)
        if after is None or after < start or after > end:
            continue  # not known to be made during the game
        what = "回复" if item.pid is not None else "发主题"
        link = (
            f"{base}forum.php?mod=redirect&goto=findpost&ptid={item.tid}&pid={item.pid}"
            if item.pid is not None
            else f"{base}forum.php?mod=viewthread&tid={item.tid}"
        )
        board = f"（{item.board}）" if item.board else ""
        note = (
            f"{player} 在游戏帖以外{what}：《{item.subject}》{board} {link}；"
            f"时间在 {_fmt(ctx, after)} 之后、{_fmt(ctx, before)} 之前（列表不显示时间，按帖子编号推算）"
        )
        yield aggregate_finding(
            "POST-OUTSIDE",
            player,
            ctx.schedule.last_opened(after),
            opts,
            key=f"{item.view}:{item.tid}:{item.pid or 0}",
            note=note,
            excerpt_text=item.excerpt or item.subject,
            tid=item.tid,
        )


def _bounds(
    item: SpaceItem,
    read: SpaceRead,
    by_list: Mapping[tuple[int, str], list[SpaceRead]],
    pids: list[tuple[int, datetime]],
    pid_keys: list[int],
    firsts: list[tuple[int, datetime]],
    tid_keys: list[int],
) -> tuple[datetime | None, datetime]:
    """(made after, made before): from the game's posts around its id and the reads."""
    after: datetime | None = None
    before = read.read_at
    if item.pid is not None:
        i = bisect.bisect_left(pid_keys, item.pid)
        if i > 0:
            after = pids[i - 1][1]
        if i < len(pids) and pids[i][1] < before:
            before = pids[i][1]
    else:
        i = bisect.bisect_left(tid_keys, item.tid)
        if i > 0:
            after = firsts[i - 1][1]
    # Not on the list's previous read: made after it.  A reply is placed by its pid alone
    # when a game post precedes it (a reply deleted above it can bring an older one onto
    # the first page); a thread's tid is a coarser clue, so the later bound wins.
    earlier = [r for r in by_list.get((read.uid, read.view), []) if r.read_at < read.read_at]
    if earlier and (item.pid is None or after is None):
        last = earlier[-1].read_at
        after = last if after is None or last > after else after
    return after, before
