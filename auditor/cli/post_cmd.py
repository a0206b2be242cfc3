"""`auditor post GAME KIND`: the director's draft (公告、票型、投票提醒), where it may go and
the size the forum will count (``--dry-run``: nothing more); without ``--dry-run`` it is
posted as replies to the thread (``--thread``, default the game's 进程帖) with the
director's own login (``[forum] post_cookies``), after the exact text, the thread and the
account are shown and the director confirms on the terminal (``--yes`` for scripts).
Nothing is posted without this command (issue 31, item 3; :mod:`auditor.forum.post`)."""

from __future__ import annotations

import sys
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
from auditor.cli.console import err
from auditor.forum.fetch import Fetcher
from auditor.forum.post import PartResult, Target
from auditor.game.gamefile import Game
from auditor.ledger.decisions import default_signer
from auditor.pipeline import game_now
from auditor.posting import (
    NotPostableError,
    PostFailedError,
    check_postable,
    check_sizes,
    make_draft,
    opened_thread,
    record_by_hand,
    send_draft,
)
from auditor.report.drafts import (
    Draft,
)
from auditor.report.parts import DEFAULT_LIMIT, MIN_POST_BYTES, POSTED, post_size, size_verdict
from auditor.rules.engine import ruleset_for

if TYPE_CHECKING:
    from auditor.store import Store


class Kind(StrEnum):
    announcement = "announcement"
    tally = "tally"
    reminder = "reminder"


#: Who commanded a post sent from the command line when no director can be named (an older
#: record; ``--by`` or the game file's director names him now — fh46b: 「由 命令行」).
COMMAND_LINE = "命令行"

_ByOpt = Annotated[
    str | None,
    typer.Option(
        "--by",
        help="哪位导演发的帖（必须是游戏文件 \\[game] directors 里的名字；默认 \\[game] "
        "decided_by，只有一位导演时就是他）；记录里写他的名字",
    ),
]


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
    thread: Annotated[
        int | None,
        typer.Option("--thread", "-t", help="发到哪个主题（tid，默认游戏文件里的进程帖）"),
    ] = None,
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help="不在终端上询问，直接发（供脚本使用）")
    ] = False,
    by_hand: Annotated[
        bool,
        typer.Option(
            "--posted-by-hand",
            help="我已发到论坛：这份草稿（同一 --now）已由导演复制后自己发出，记下来"
            "（不发帖）；之后的公告只写补充",
        ),
    ] = False,
    by: _ByOpt = None,
) -> None:
    """导演每天要发的草稿：公告、讨论日进行中的票型、关门前的投票提醒；确认后发帖。

    --dry-run 显示草稿全文、可以发到哪里（按规则集，附规则原文）和论坛按字节算的大小
    （浏览器粘贴时换行算 2 字节），超过上限时分成几部分，不发帖。

    不加 --dry-run：用导演自己的登录（游戏文件 [forum] post_cookies）回复到 --thread 指定的
    主题（默认进程帖）。先显示要发的全文、主题和发帖账号，在终端上确认后才发（--yes：不问）。
    同一份草稿只发一次（再发会说明已经发到哪里）；某一部分没发出，后面的部分就不发。
    只供复制的草稿（如 M107 的投票提醒发在联谊群）不能发帖。

    例：auditor post examples/sample/game.toml tally --dry-run --now "2026-11-23 20:30"

    例：auditor post examples/sample/game.toml announcement --thread 13

    没有发帖的设置（或自己复制发出）时：发出后运行
    auditor post GAME announcement --posted-by-hand，记下已发出的公告，下一份公告就只写补充。
    """
    with handle_errors():
        g = open_game(game)
        rs = ruleset_for(g)
        with open_store(g, existing="生成草稿") as store:
            require_crawled(g, store, action="生成草稿")
            # (the game's own clock, as the audit and the desk judge it: a pages game's newest
            # saved page — the machine's clock drafted a day-less 公告 for a game days ahead)
            when = now_in(g.timezone, now) or game_now(g, store)
            when = when or datetime.now(UTC).astimezone(g.timezone)
            draft = make_draft(g, store, rs, kind, when, day)
            limit = int(g.forum.maxpostsize)
            if dry_run:
                write_utf8(render_dry_run(draft, limit, thread))
                return
            # (the record names a person: 「由 老贺 自己发到论坛」, never 「由 命令行」)
            signer = default_signer(g, by)
            if by_hand:
                err.print(record_by_hand(g, store, draft, by=signer, thread=thread))
                return
            results = post_draft(g, store, draft, thread, yes=yes, by=signer)
        write_utf8(render_results(results))
        failed = next((r for r in results if not r.ok), None)
        if failed is not None:
            raise PostFailedError(f"第{failed.part}/{failed.parts}部分没有发出：{failed.said}")


def post_draft(
    game: Game,
    store: Store,
    draft: Draft,
    thread: int | None,
    *,
    yes: bool,
    fetcher: Fetcher | None = None,
    by: str = COMMAND_LINE,
) -> list[PartResult]:
    """Check the draft may be posted, open the thread as the posting account, show the
    exact text and ask (unless ``yes``), then post its parts in order."""
    tid = check_postable(game, store, draft, thread)
    # the text first: the forum may be slow or down, and the draft is to copy all the same
    write_utf8(render_parts(draft) + f"正在用导演的登录打开主题 {tid}（还没有发出任何东西）…\n")
    with opened_thread(game, tid, fetcher) as (client, target):
        check_sizes(draft, int(game.forum.maxpostsize), target.charset)
        write_utf8(render_confirmation(draft, target, game))
        if not yes:
            confirm_on_terminal()
        return send_draft(store, client, target, draft, ordered_by=by)


def interactive() -> bool:
    return sys.stdin.isatty()


def confirm_on_terminal() -> None:
    """Ask on the terminal; without one (a script, a pipe), refuse: ``--yes`` says it."""
    if not interactive():
        raise NotPostableError("不是在终端上运行，无法确认：看过上面的全文后，加 --yes 再运行")
    if not typer.confirm("确认发帖？", default=False, err=True):
        err.print("没有发帖。")
        raise typer.Exit(1)


def render_confirmation(draft: Draft, target: Target, game: Game) -> str:
    """What is about to be posted, exactly, and where, and as whom."""
    n = len(draft.parts)
    subject = target.form.subject or "?"
    lines = [
        f"草稿：{draft.title}（{n} 部分）" if n > 1 else f"草稿：{draft.title}",
        f"发到：主题 {target.tid}「{subject}」 {target.referer}",
        f"发帖账号：{target.account}",
    ]
    if target.form.viewer_name and target.form.viewer_name not in game.directors:
        lines.append(f"注意：发帖账号 {target.form.viewer_name} 不是游戏文件里的导演")
    return "\n".join(lines) + "\n（全文见上面）\n"


def render_parts(draft: Draft) -> str:
    """The draft's exact text, part by part (shown before the forum is contacted)."""
    n = len(draft.parts)
    out = f"草稿：{draft.title}（{n} 部分）\n" if n > 1 else f"草稿：{draft.title}\n"
    for i, part in enumerate(draft.parts, start=1):
        out += f"\n----- 第{i}/{n}部分 -----\n" if n > 1 else "\n----- 全文 -----\n"
        out += part if part.endswith("\n") else part + "\n"
    return out + "-----\n"


def render_results(results: list[PartResult]) -> str:
    lines = []
    for r in results:
        which = f"第{r.part}/{r.parts}部分" if r.parts > 1 else "帖子"
        lines.append(f"{which}：{r.said}")
    return "\n".join(lines) + "\n"


def render_dry_run(draft: Draft, limit: int = DEFAULT_LIMIT, thread: int | None = None) -> str:
    """What ``--dry-run`` prints: the draft's title, where it may go (with the rule set's
    words), each part's size by the forum's rule, then the text of each part."""
    lines = [f"草稿：{draft.title}"]
    if draft.postable:
        lines.append(f"发到：主题 {thread}" if thread is not None else f"发到：{draft.where}")
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
