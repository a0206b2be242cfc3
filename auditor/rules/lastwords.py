"""Who may leave last words (遗言权利): no last words after a red card, and the quota.

M107 用语定义 出局 / 030 用语定义 出局“红牌罚下出局的角色没有遗言权利”；M107 用语定义 遗言
“遗言数量等于狼人的数量，靠前出局且可以留下遗言的角色会收到可以留下遗言的通知”（M107 1L
“遗言3条”）；030 用语定义 遗言“前数个出局的角色可以留下遗言，该数量等于狼人的数量”；M39 规则
简要解释 5“遗言数量等于4”.

Last words are the posts the engine places as last words (a last-words thread, a
``lastwords = {pid = player}`` entry on any thread, or a dead player's own window in
killbar7).  Who was sent off comes from the game file's ``eliminated`` events with
``how = "sent_off"``; the order of eliminations gives who is among the first ``quota``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from datetime import timedelta
from typing import Any

from auditor.game.gamefile import EventType, ThreadKind
from auditor.hanzi import to_simplified
from auditor.rules.base import (
    Context,
    Finding,
    GamePost,
    Match,
    Option,
    aggregate_finding,
    post_finding,
    rule,
)


def entitled(ctx: Context, quota: int) -> list[str]:
    """The first ``quota`` players out who may leave last words (a red card takes the right
    away, and does not pass it on: M107 放弃遗言不会使留遗言的权利留给以后出局的角色)."""
    out: list[str] = []
    for e in ctx.schedule.events(EventType.ELIMINATED):
        if e.how == "sent_off" or e.player in out:
            continue
        out.append(e.player)
    return out[:quota]


@rule(
    code="LASTWORDS-RIGHT",
    needs=lambda ctx, gp: gp.lastwords,
    title="没有遗言权利的遗言",
    seed="M107/030 用语定义 出局“红牌罚下出局的角色没有遗言权利”；M107/030 用语定义 遗言（遗言数量等于狼人的数量）；M39 规则简要解释 5（遗言数量等于4）",
    kind="aggregate",
    options={
        "sent_off": Option(bool, True, "红牌罚下出局的玩家的遗言要提醒"),
        "quota": Option(
            int,
            0,
            "遗言数量：前这么多个出局（且不是红牌罚下）的玩家可以留遗言，之后出局的玩家的遗言"
            "要提醒；0 表示不限（狼人数量是隐藏信息时写在游戏文件里）",
            minimum=0,
        ),
    },
)
def lastwords_right(ctx: Context, opts: Mapping[str, Any]) -> Iterator[Finding]:
    """遗言的主人没有留遗言的权利：他是红牌罚下出局的，或者他出局时遗言的名额已经用完。

    名额（``quota``）按出局的先后算：前 ``quota`` 个出局、且不是红牌罚下的玩家有遗言权利
    （放弃遗言不会把权利让给后面的人）。只提醒导演（warning）：遗言多半由导演代发，要不要
    公示由导演决定。每名玩家只记一次，说明里列出帖子和楼层。

    FAIL（m107）：包子被红牌罚下（``how = "sent_off"``），遗言帖里有“包子的遗言：……”；
    遗言 3 条，第 4 个出局的玩家也发了遗言。

    PASS：被投票出局、夜晚出局的前 3 名玩家的遗言；``quota = 0``（不限）时任何出局玩家的遗言。
    """
    quota = int(opts["quota"])
    allowed = set(entitled(ctx, quota)) if quota > 0 else None
    posts: dict[str, list[GamePost]] = {}
    for gp in ctx.posts:
        if gp.lastwords and gp.player is not None and not gp.deleted:
            posts.setdefault(gp.player, []).append(gp)
    for player, items in sorted(posts.items()):
        elim = ctx.schedule.elimination(player)
        where = "、".join(f"{gp.post.tid}#{gp.post.floor}" for gp in items[:8])
        first = items[0]
        if opts["sent_off"] and elim is not None and elim.how == "sent_off":
            note = f"{player} 是红牌罚下出局的，没有遗言权利；遗言：{where}"
            yield _finding(player, first, opts, "sent_off", note)
        elif allowed is not None and player not in allowed:
            note = f"遗言数量为 {quota}：{player} 不在前 {quota} 个出局且可以留遗言的玩家之中；遗言：{where}"
            yield _finding(player, first, opts, "quota", note)


def _finding(player: str, gp: GamePost, opts: Mapping[str, Any], key: str, note: str) -> Finding:
    return aggregate_finding(
        "LASTWORDS-RIGHT",
        player,
        gp.day,
        opts,
        key=key,
        note=note,
        excerpt_text=gp.post.text[:60],
        tid=gp.post.tid,
    )


# ------------------------------------------------------------------ LASTWORDS-LATE

#: A post that says at its head that it is last words: 「遗言：」「【遗言】」「米肠的遗言：」
#: (brackets, quotes and spaces before it; one short name and 的 at most; the word ends the
#: heading — a bracket, a colon, a space or the end follows — so 「他的遗言说得不对」 is talk).
_HEADED = re.compile(
    r"^[\s\u3000【\[［(（「『<《〈\"“'‘*＊#＃=＝~～-]*(?:[^\s，。,.!！?？:：]{1,8}的)?遗言(?:补充|续)?"
    r"(?:[\s\u3000】\]］)）」』>》〉\"”'’*＊#＃=＝~～—:：!！-]|$)"
)

_LATE_KINDS = (ThreadKind.DISCUSSION, ThreadKind.VOTE, ThreadKind.PROCESS, ThreadKind.RULES)


def headed_lastwords(text: str) -> bool:
    """Whether a post's own text says at its head that it is last words (read in
    simplified characters: 「遺言：」 is the same)."""
    return bool(_HEADED.match(to_simplified(text[:24])))


def late_lastwords(gp: GamePost, ctx: Context) -> bool:
    """A dead player's own post headed 遗言 outside the window the rule set gives the dead
    for their last words (版杀7 4.2.2 / 环节五 20:00–24:00): late (or early) last words,
    not a ghost post (:func:`auditor.rules.ghost.ghost_post` leaves it to LASTWORDS-LATE)."""
    if not ctx.ruleset.get("lastwords_window") or gp.player is None or gp.lastwords:
        return False
    at = ctx.schedule.eliminated_at(gp.player)
    return at is not None and gp.post.posted_at > at and headed_lastwords(gp.post.text)


@rule(
    code="LASTWORDS-LATE",
    title="遗言超时",
    seed="版杀7 4.2.2“遗言由玩家自己发到讨论贴和投票贴”；5 游戏流程“【环节五】遗言２０：００－－２４：００发表遗言”",
    thread_kinds=_LATE_KINDS,
    settings=("lastwords_window", "lastwords_hours"),
)
def lastwords_late(gp: GamePost, ctx: Context, opts: Mapping[str, object]) -> Iterator[Finding]:
    """出局的玩家自己发的遗言（帖子开头写着“遗言”），但不在遗言时段里。

    只在死者自己发遗言的规则集里查（``lastwords_window``，版杀7 4.2.2：遗言由玩家自己发到
    讨论贴和投票贴；环节五 20:00–24:00 发表遗言）。出局后那个夜晚、遗言时段里的帖子是遗言，
    不查；时段以外、开头写着“遗言”的帖子是遗言超时，不是诈尸（这种帖子 GHOST-POST 不再报）。

    FAIL（版杀7）：米肠 12-02 23:59 被投票出局，12-03 00:30 在讨论帖发“遗言：我是医生……”
    （遗言时段是 20:00–24:00）；米肠 12-03 00:30 出局，12-03 01:30 就发遗言：早于遗言时段
    （当天 20:00 才开始），说法不同，同样请法官处理。

    PASS：米肠出局当晚 21:00 发“遗言：……”（遗言时段里）；米肠出局后发“我还没说完”
    （不是遗言：诈尸，GHOST-POST 报）；没有死者自己发遗言的规则集（M107 遗言由导演公示）。
    """
    if gp.kind is None or not late_lastwords(gp, ctx):
        return
    at = ctx.schedule.eliminated_at(gp.player or "")
    assert at is not None
    tz = ctx.game.timezone
    start_h, end_h = ctx.ruleset["lastwords_hours"]
    local = gp.post.posted_at.astimezone(tz)
    died = at.astimezone(tz)
    # the window is the evening of the day he went out (a 00:30 vote-out's is that day's
    # 20:00): a post before it is early, not late (fh49b: 狗不理 wrote his last words at 01:30
    # after his 00:30 vote-out, 耳朵眼 at 19:00 after an 18:00 加速 close — 大刘 had told him to)
    opens = died.replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(hours=start_h)
    early = local < opens
    said = "早于遗言时段" if early else "遗言超时"
    note = (
        f"{gp.player} 已于 {died:%m-%d %H:%M:%S} 出局；这帖 {local:%m-%d %H:%M} 发，"
        f"开头写着遗言，但遗言时段是出局后当晚 {_hour(start_h)}–{_hour(end_h)}：{said}，请法官处理"
        + ("（导演若允许提前发遗言，点「不处罚」）" if early else "")
    )
    text = gp.post.text
    yield post_finding(
        "LASTWORDS-LATE", gp, opts, [Match(text[:40], 0, min(len(text), 40), said)], note=note
    )


def _hour(h: float) -> str:
    return f"{int(h)}:{round((h - int(h)) * 60):02d}"
