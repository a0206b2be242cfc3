"""Posts in the game's threads by accounts that are not in the game (NOT-A-PLAYER).

No seed names this directly: M107 违规判定 10(1) 串号 (two players on one account) and
4(1) 马甲, 030 违规判定 7(3) 非法尝试登录其他角色…的帐号, 版杀7 6.2(2)(7) 潜水即安排替补.
An account that is neither a player, a director nor a listed spectator writing in a
game thread may be a sockpuppet, a shared account or simply a passer-by; the old
account of a player replaced by a substitute (a ``substitute`` event whose ``value`` is
the new account) writing after the substitution likewise.  Both are notices for the
director, never a card.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import datetime
from typing import Any

from auditor.game.gamefile import EventType, ThreadKind
from auditor.rules.base import Context, Finding, GamePost, Option, aggregate_finding, rule

OUTSIDER_KINDS = tuple(k.value for k in ThreadKind)


def _substitutions(ctx: Context) -> tuple[dict[str, datetime], dict[str, datetime]]:
    """(old account → when it was replaced, new account → since when it plays)."""
    old: dict[str, datetime] = {}
    new: dict[str, datetime] = {}
    for e in ctx.schedule.events(EventType.SUBSTITUTE):
        if e.at is None or not e.value or e.value == e.player:
            continue  # the substitute plays on the same account (M107 10, 030 替补)
        old.setdefault(e.player, e.at)
        new.setdefault(e.value, e.at)
    return old, new


def _needs(ctx: Context, gp: GamePost) -> bool:
    """The posts the rule may judge: by an account that is not a player, a director or a
    spectator, or by a player's account replaced by a substitute."""
    g = ctx.game
    author = _author(ctx, gp)
    if author in g.directors or author in g.spectators:
        return False
    if author not in g.players:
        return True
    return author in _substitutions(ctx)[0]


def _author(ctx: Context, gp: GamePost) -> str:
    by_uid = {uid: name for name, uid in ctx.game.uids.items()}
    return by_uid.get(gp.post.author_uid or -1, gp.post.author)


@rule(
    code="NOT-A-PLAYER",
    needs=_needs,
    title="非玩家帐号在游戏帖发言",
    seed="无直接条款：M107 违规判定 10(1) 串号、4(1) 马甲；030 违规判定 7(3)；版杀7 6.2(2)(7) 替补",
    kind="aggregate",
    options={
        "threads": Option(
            list,
            ["discussion", "vote", "process", "rules", "lastwords"],
            "看哪些游戏帖",
            OUTSIDER_KINDS,
        ),
    },
)
def not_a_player(ctx: Context, opts: Mapping[str, Any]) -> Iterator[Finding]:
    """游戏帖里出现了既不是玩家、也不是导演或登记的观众的帐号发的帖子；或者被替补换下的
    旧帐号在替补之后还在发言。

    可能是马甲、共用帐号（M107 10 串号），也可能只是路人：只提醒导演（warning），不建议出牌。
    每个帐号在每个帖子里记一次，说明里列出楼层。替补事件（``type = "substitute"``、
    ``player`` = 原玩家、``value`` = 替补的新帐号、``at`` = 替补时间）之后，新帐号算玩家，
    旧帐号的发言要提醒；替补用同一个帐号（M107、030 的做法）时不提醒。

    FAIL：路人“小明”在第一天讨论帖回帖；包子被“麻花”替补后，包子的帐号又在投票帖发言。

    PASS：玩家、导演、观众（``spectators``）的帖子；替补之前旧帐号的帖子；替补之后新帐号的帖子。
    """
    g = ctx.game
    kinds = set(opts["threads"])
    players, staff = set(g.players), set(g.directors) | set(g.spectators)
    replaced, joined = _substitutions(ctx)
    seen: dict[tuple[str, int], list[GamePost]] = {}
    why: dict[tuple[str, int], str] = {}
    for gp in ctx.posts:
        if gp.deleted or gp.kind is None or gp.kind.value not in kinds:
            continue
        author = _author(ctx, gp)
        t = gp.post.posted_at
        if author in staff:
            continue
        if author in players:
            since = replaced.get(author)
            if since is None or t < since:
                continue
            reason = f"{author} 已于 {since:%m-%d %H:%M} 被替补（新帐号 "
            reason += next(
                (e.value or "" for e in ctx.schedule.events(EventType.SUBSTITUTE, author)), ""
            )
            reason += "）：旧帐号仍在发言"
        else:
            since = joined.get(author)
            if since is not None and t >= since:
                continue  # the substitute's own account, after it joined
            reason = f"{author} 不是本局玩家、导演或观众（可能是马甲、共用帐号或路人）"
        key = (author, gp.post.tid)
        seen.setdefault(key, []).append(gp)
        why.setdefault(key, reason)
    for (author, tid), posts in sorted(seen.items(), key=lambda kv: kv[1][0].post.posted_at):
        floors = "、".join(f"#{gp.post.floor}" for gp in posts[:12]) + (
            "…" if len(posts) > 12 else ""
        )
        note = f"{why[(author, tid)]}；帖子 {tid} 中 {len(posts)} 帖：{floors}"
        first = posts[0]
        yield aggregate_finding(
            "NOT-A-PLAYER",
            author,
            first.day,
            opts,
            key=f"tid:{tid}",
            note=note,
            excerpt_text=first.post.text[:60],
            tid=tid,
        )
