"""`auditor post GAME KIND --dry-run`: the director's draft (公告、票型、投票提醒) as text,
where it may go and the size the forum will count.  Nothing is posted (issue 31, item 3
is a later step): without --dry-run the command says so and stops."""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated

import typer

from auditor.cli.common import (
    GameArg,
    NowOpt,
    command,
    handle_errors,
    now_in,
    open_game,
    open_store,
    require_crawled,
    write_utf8,
)
from auditor.errors import AuditorError
from auditor.game.gamefile import Game
from auditor.report.drafts import (
    Draft,
    announcement_draft,
    open_day,
    reminder_draft,
    require_midday_tally,
    tally_draft,
)
from auditor.report.parts import DEFAULT_LIMIT, MIN_POST_BYTES, POSTED, post_size, size_verdict
from auditor.report.records import Records, build_records
from auditor.rules.engine import build_context, ruleset_for

if TYPE_CHECKING:
    from auditor.rules.ruleset import RuleSet
    from auditor.store import Store


class Kind(StrEnum):
    announcement = "announcement"
    tally = "tally"
    reminder = "reminder"


class NotPostingError(AuditorError):
    """Posting is not there yet: only the drafts."""


@command("post")
def post_cmd(
    game: GameArg,
    kind: Annotated[
        Kind,
        typer.Argument(help="草稿：announcement 公告 | tally 票型 | reminder 投票提醒"),
    ],
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="只显示草稿、发到哪里和论坛会算的大小，不发帖")
    ] = False,
    day: Annotated[
        int | None, typer.Option("--day", "-d", help="票型、提醒：哪一天（默认进行中的讨论日）")
    ] = None,
    now: NowOpt = None,
) -> None:
    """导演每天要发的草稿：公告、讨论日进行中的票型、关门前的投票提醒。

    --dry-run 显示草稿全文、可以发到哪里（按规则集，附规则原文）和论坛按字节算的大小
    （浏览器粘贴时换行算 2 字节），超过上限时分成几部分。现在只有 --dry-run：什么都不会发出去。

    例：auditor post examples/sample/game.toml tally --dry-run --now "2026-11-23 20:30"
    """
    with handle_errors():
        if not dry_run:
            raise NotPostingError(
                "还不能发帖：现在只能用 --dry-run 查看草稿（不会发出任何东西），"
                "再由导演自己复制发帖"
            )
        g = open_game(game)
        rs = ruleset_for(g)
        with open_store(g, existing="生成草稿") as store:
            require_crawled(g, store, action="生成草稿")
            when = now_in(g.timezone, now) or datetime.now(UTC).astimezone(g.timezone)
            draft = make_draft(g, store, rs, kind, when, day)
        write_utf8(render_dry_run(draft, int(g.forum.maxpostsize)))


def make_draft(
    game: Game, store: Store, rs: RuleSet, kind: Kind, when: datetime, day: int | None
) -> Draft:
    """The draft of ``kind`` at ``when``, from the store as it is (judged afresh at that
    time, as ``auditor votes --now`` does)."""
    if kind is not Kind.announcement:
        target = open_day(game.days, when, day)
        # (the day is checked first: no records are built for a draft that has none)
        if kind is Kind.tally:
            require_midday_tally(rs.settings, rs.sources, target.number)
    records = build_records(
        game, store, ruleset=rs, ctx=build_context(game, store, now=when, ruleset=rs)
    )
    if kind is Kind.announcement:
        return announcement_draft(records)
    as_of = _as_of(records, when)
    if kind is Kind.tally:
        return tally_draft(records, rs.settings, rs.sources, target, as_of)
    return reminder_draft(records, rs.settings, rs.sources, target, when, as_of)


def _as_of(records: Records, when: datetime) -> datetime:
    """The time the ballots are known up to: ``when``, or the last crawl when earlier (a
    票型 "截至 20:30" from a crawl at 19:00 would claim ninety minutes it never read)."""
    started = (records.summary.get("crawl") or {}).get("started_at")
    if not started:
        return when
    crawled = datetime.fromisoformat(str(started))
    if crawled.tzinfo is None:
        crawled = crawled.replace(tzinfo=UTC)
    return min(when, crawled.astimezone(when.tzinfo))


def render_dry_run(draft: Draft, limit: int = DEFAULT_LIMIT) -> str:
    """What ``--dry-run`` prints: the draft's title, where it may go (with the rule set's
    words), each part's size by the forum's rule, then the text of each part."""
    lines = [f"草稿：{draft.title}"]
    if draft.postable:
        lines.append(f"发到：{draft.where}")
    else:
        lines.append(f"不发帖：{draft.where}")
    if draft.why:
        lines.append(f"依据：{draft.why}")
    lines.extend(draft.notes)
    n = len(draft.parts)
    shown_limit = f"上限 {limit} 字节" if limit else "论坛不限长度"
    if n > 1:
        lines.append(f"超过论坛的发帖上限（{shown_limit}）：分成 {n} 部分，按顺序发")
    for i, part in enumerate(draft.parts, start=1):
        which = f"第{i}/{n}部分" if n > 1 else "全文"
        pasted, posted = post_size(part), post_size(part, newline=POSTED)
        verdict = size_verdict(part, limit)
        said = verdict.said(MIN_POST_BYTES, limit)
        ok = "论坛会接受" if not said else f"论坛会拒绝：{said}"
        lines.append(
            f"{which}：{pasted} 字节（浏览器粘贴，换行算 2 字节）/ {posted} 字节（工具发帖）；"
            f"{shown_limit}，{ok}"
        )
    lines.append("--dry-run：只显示草稿，没有发出任何东西。")
    out = "\n".join(lines) + "\n"
    for i, part in enumerate(draft.parts, start=1):
        out += f"\n----- {'第' + str(i) + '/' + str(n) + '部分' if n > 1 else '草稿'} -----\n"
        out += part if part.endswith("\n") else part + "\n"
    return out
