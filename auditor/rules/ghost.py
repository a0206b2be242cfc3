"""诈尸（ghost posting）: an eliminated player posting in the game's threads."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from auditor.game.gamefile import ThreadKind
from auditor.rules.base import Context, Finding, GamePost, Match, Option, post_finding, rule
from auditor.rules.lastwords import late_lastwords

GHOST_KINDS = (ThreadKind.DISCUSSION, ThreadKind.VOTE, ThreadKind.PROCESS, ThreadKind.RULES)
KIND_NAMES = {
    ThreadKind.DISCUSSION: "讨论帖",
    ThreadKind.VOTE: "投票帖",
    ThreadKind.PROCESS: "进程帖",
    ThreadKind.RULES: "规则帖",
}


@rule(
    code="GHOST-POST",
    title="诈尸（出局后发言）",
    seed="M107 违规判定 6(1)；030 违规判定 6(2)；版杀7 2“死亡的玩家失去在游戏室内的讨论和投票权”",
    thread_kinds=GHOST_KINDS,
    options={
        "threads": Option(
            list,
            [k.value for k in GHOST_KINDS],
            "禁止出局角色发言的帖子类型",
            tuple(k.value for k in GHOST_KINDS),
        ),
        "since": Option(
            str,
            "eliminated",
            "从何时起算诈尸：eliminated = 出局的时间；announced = 导演公示出局的时间"
            "（公示时间不明时按出局时间算，并在说明里写明）",
            ("eliminated", "announced"),
        ),
    },
)
def ghost_post(gp: GamePost, ctx: Context, opts: Mapping[str, Any]) -> Iterator[Finding]:
    """已出局的角色在讨论帖、投票帖、进程帖或规则帖中发言（诈尸）。

    M107 违规判定 6(1)“禁止已出局角色在讨论帖、投票帖、进程帖或规则帖中发言”；030 违规判定
    6(2)“已出局角色在讨论帖、投票帖、进程帖中发言（即“诈尸”）”（030 没有列出规则帖）。

    “出局之后”指发帖时间晚于游戏文件里出局事件的时间：出局那一秒（例如关门那一秒被投票
    出局、同一秒发出的最后一帖）还不算诈尸。遗言帖（lastwords）不检查；规则集允许死者自己
    发遗言时（版杀7 4.2.2，环节五 20:00–24:00），出局后那个夜晚里的帖子是遗言，这里不判，
    也不会被当作投票。

    FAIL：包子第 1 天 22:00 被投票出局，第 2 天 10:00 在讨论帖发“我是好人”。

    ``since = "announced"``（030 用语定义 出局：“已公示出局的角色不允许在讨论帖、投票帖、进程帖中
    发言”）从导演公示出局的帖子的时间算：出局之后、公示之前的帖子不算诈尸。公示时间来自
    导演帖子里发现的出局公示，或游戏文件出局事件的 ``announced``；都没有时按出局时间算，
    说明里写明。M107（“角色出局结算结束后，不能继续参与讨论”）从出局时间算。

    PASS：包子出局前发言；包子在遗言帖发言；（版杀7）包子被杀的当晚在讨论帖发遗言；（版杀7）
    包子出局后、遗言时段以外发的开头写着“遗言”的帖子（遗言超时：LASTWORDS-LATE）；
    （030）包子夜里出局、第二天 09:00 公示，08:30 在讨论帖发言。
    """
    if gp.player is None or gp.lastwords or gp.kind is None or gp.kind.value not in opts["threads"]:
        return
    if late_lastwords(gp, ctx):
        return  # last words out of their window: LASTWORDS-LATE (遗言超时), not 诈尸
    at = ctx.schedule.eliminated_at(gp.player)
    if at is None:
        return
    tz = ctx.game.timezone
    since = at
    when = ""
    if opts["since"] == "announced":
        announced = ctx.schedule.announced_at(gp.player)
        if announced is not None and announced > at:
            since = announced
            when = f"，{announced.astimezone(tz):%m-%d %H:%M:%S} 公示"
        else:  # none known, or announced as it happened (a night death in the opening post)
            when = "（没有晚于出局时间的公示，按出局时间算）"
    if gp.post.posted_at <= since:
        return
    ev = ctx.schedule.elimination(gp.player)
    how = {
        "vote": "被投票出局",
        "night": "夜晚出局",
        "sent_off": "红牌罚下",
        "suicide": "殉情出局",
    }.get(ev.how if ev is not None and ev.how else "", "出局")
    local = at.astimezone(tz)
    where = KIND_NAMES.get(gp.kind, "帖子")
    note = f"{gp.player} 已于 {local:%m-%d %H:%M:%S} {how}{when}，之后在{where}发言"
    text = gp.post.text
    yield post_finding(
        "GHOST-POST", gp, opts, [Match(text[:40], 0, min(len(text), 40), how)], note=note
    )
