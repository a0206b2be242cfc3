"""Filler posts (水帖): posts whose own text says nothing.

030 违规判定 6(5)“大量无意义水帖”；M107 玩家须知 2“发言尽量言之有物，避免毫无意义的水帖”
(and both posts' 八荣八耻 “以〖倾情演绎〗为荣，以【灌水刷帖】为耻”).

A post is filler when its own text (quotes never count), with punctuation, spaces and
smiley codes taken out, is made only of filler words (顶, +1, 哈哈, 路过, 看看, 沙发 …) or
of one character repeated, or is empty while the post shows a smiley or only punctuation
(``。。。``, ``？？？``).  A post with an image, an attachment or a link says something
(PASTE-LINK judges those).  A piped player's posts while the spell lasts are never filler:
her 喵喵 is what 030 吹笛 makes her post (“只能发出动物叫声”).  One filler post is no violation (the seeds say 大量): the
rule judges each player's day, and drafts when the day holds at least ``min_count``
filler posts making at least ``min_share`` of the player's posts that day.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from auditor.game.gamefile import ThreadKind
from auditor.rules.base import Context, Finding, GamePost, Option, aggregate_finding, rule
from auditor.rules.fillertext import DEFAULT_WORDS, filler_pattern, is_filler
from auditor.rules.piped import piped_sounds


def filler_posts(ctx: Context, opts: Mapping[str, Any]) -> dict[tuple[str, int], list[GamePost]]:
    """(player, day) → that day's filler posts in the rule's threads."""
    words = filler_pattern(opts["words"])
    kinds = set(opts["threads"])
    out: dict[tuple[str, int], list[GamePost]] = {}
    spared = piped_sounds(ctx.schedule, ctx.piped_scope)
    for gp in ctx.posts:
        if not _judged(gp, kinds) or spared(gp):
            continue
        assert gp.player is not None and gp.day is not None
        if is_filler(gp.post, words):
            out.setdefault((gp.player, gp.day), []).append(gp)
    return out


def _judged(gp: GamePost, kinds: set[str]) -> bool:
    return (
        gp.player is not None
        and not gp.exempt
        and not gp.deleted
        and not gp.lastwords
        and gp.day is not None
        and gp.kind is not None
        and gp.kind.value in kinds
    )


@rule(
    code="POST-FILLER",
    scope="day",
    title="大量无意义水帖",
    seed="030 违规判定 6(5)“大量无意义水帖”；M107 玩家须知 2“避免毫无意义的水帖”",
    kind="aggregate",
    options={
        "min_count": Option(int, 5, "一天至少这么多条水帖才起草", minimum=1),
        "min_share": Option(
            float, 0.5, "且水帖至少占该玩家当天帖子的这一比例（0–1；0 表示不看比例）", minimum=0
        ),
        "words": Option(
            list,
            DEFAULT_WORDS,
            "只由这些词（可重复、可组合）组成的帖子算水帖；标点、空格、表情不计",
        ),
        "threads": Option(
            list, ["discussion", "vote"], "看哪些帖子里的水帖", tuple(k.value for k in ThreadKind)
        ),
    },
)
def post_filler(ctx: Context, opts: Mapping[str, Any]) -> Iterator[Finding]:
    """一名玩家一天里发了大量无意义的水帖。

    一帖是不是水帖只看自己写的内容（引用不算）：去掉标点、空格和表情代码以后，只剩
    “顶”“+1”“哈哈哈”“路过”“看看”“沙发”这类词（``words``），或者同一个字的重复
    （“啊啊啊”“111”），或者什么都不剩（只有一个表情、只有“。。。”“？？？”）。带图片、
    附件、链接的帖子不算水帖。只有一帖水帖不判（种子说的是“大量”）：一天里至少
    ``min_count`` 帖、且至少占当天帖子的 ``min_share`` 才起草，说明里列出这些楼层。

    FAIL（030）：饺子第 1 天发了 6 帖“顶”“+1”“哈哈哈”“路过”“:lol”“。。。”，共 8 帖。

    PASS：“顶包子，他的分析有道理”；“+1 同意饺子，馄饨昨天投票很奇怪”；“哈哈哈，你太搞笑了，
    包子是狼”；一天只有两帖水帖；只引用别人、自己没写字的帖子。
    """
    total: dict[tuple[str, int], int] = {}
    kinds = set(opts["threads"])
    for gp in ctx.posts:
        if _judged(gp, kinds):
            assert gp.player is not None and gp.day is not None
            total[(gp.player, gp.day)] = total.get((gp.player, gp.day), 0) + 1
    min_count = int(opts["min_count"])
    min_share = float(opts["min_share"])
    for (player, day), posts in sorted(filler_posts(ctx, opts).items()):
        if not ctx.in_scope(day):
            continue
        n, of = len(posts), total.get((player, day), len(posts))
        if n < min_count or n < min_share * of:
            continue
        floors = "、".join(f"{gp.post.tid}#{gp.post.floor}" for gp in posts[:12])
        more = "…" if n > 12 else ""
        note = f"第{day}天 {of} 帖中有 {n} 帖水帖（{n / of:.0%}）：{floors}{more}"
        yield aggregate_finding(
            "POST-FILLER", player, day, opts, note=note, excerpt_text=posts[0].post.text[:60]
        )
