"""`auditor audit`: the nightly run for cron — crawl → check → ledger → report.

Exit codes (also in the command's help and the README's table):

=====  ==========================================================================
0      everything read; the report is written
1      the crawl was incomplete (problems listed first in the report, which is
       still written from what the store holds)
2      another error with a clear message (e.g. a decision or report error, or
       ``--no-crawl`` on a game that was never crawled)
3      the game file is bad (nothing was fetched)
4      another auditor run holds this game's lock
6      the store file cannot be used (read-only, disk full, I/O error, not a
       SQLite store, written by a newer version)
7      everything read, but the game's state is incomplete (a game that discovers
       its state: a day without a known close, a closed day without a result, a
       night without an announced outcome, a vote thread with no day, a director's
       post not read — each said first in the audit line)
130    interrupted (Ctrl-C); stored pages, posts and decisions are kept
=====  ==========================================================================

The run is :func:`auditor.pipeline.audit`, recorded in the store's runs table (command
``audit``) with its summary; a run killed mid-way is marked ``interrupted`` by the next one,
and everything the killed run had committed (pages, posts, findings, decisions) is kept.
"""

# No ``from __future__ import annotations`` here: typer reads the command's parameters from
# its annotations, and string ones it compiles and evaluates twice over, every night.
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any

import typer

from auditor.cli.common import NOW_FORMATS, GameArg, command
from auditor.cli.nightly import FLAGS, VALUES, AuditArgs, run_audit

_D = AuditArgs(game=Path())  # the defaults


def _flag(name: str) -> Any:
    return typer.Option(*FLAGS[name].decls, help=FLAGS[name].help, hidden=FLAGS[name].hidden)


ReportsOpt = Annotated[Path, typer.Option(*VALUES["reports"].decls, help=VALUES["reports"].help)]


@command("audit")
def audit_cmd(
    game: GameArg,
    full: Annotated[bool, _flag("full")] = _D.full,
    reports: ReportsOpt = _D.reports,
    quiet: Annotated[bool, _flag("quiet")] = _D.quiet,
    verbose: Annotated[bool, _flag("verbose")] = _D.verbose,
    no_crawl: Annotated[bool, _flag("no_crawl")] = _D.no_crawl,
    workbook: Annotated[bool, _flag("workbook")] = _D.workbook,
    new_store: Annotated[bool, _flag("new_store")] = _D.new_store,
    progress_json: Annotated[bool, _flag("progress_json")] = _D.progress_json,
    now: Annotated[
        datetime | None,
        typer.Option(
            "--now",
            help="按这个时间判断（如 2026-11-28T12:00，游戏的时区）；默认：pages 游戏按保存的"
            "页面里最新一页的时间（Discuz 页脚），其他按当前时间",
            formats=list(NOW_FORMATS),
            metavar="时间",
            show_default=False,
        ),
    ] = None,
) -> None:
    """每晚运行一次：抓取 → 检查 → 牌单 → 报告，最后输出一行摘要。

    报告写到 reports/<游戏>/<运行时间>/（report.html、CSV、announcement.bbcode），
    reports/<游戏>/latest 指向最新一次。退出码：0 正常；1 抓取不完整（报告仍按已保存的
    帖子生成，问题列在最前面）；2 其他错误（例如 --no-crawl 时游戏还没有抓取过）；3 游戏文件
    有误；4 另一个进程正在处理这个游戏；6 数据库文件无法使用（只读、磁盘已满、读写错误、
    不是 SQLite 数据库或由更新版本写出）；7 抓取完整但游戏状态不完整（缺关门时间、缺结果、
    夜晚没有公示、投票帖不知道是第几天、未读懂的公告，都在摘要行最前面）；130 被中断（已保存的
    数据不会丢失）。

    例：auditor audit examples/sample/game.toml
    """
    args = AuditArgs(
        game=game,
        full=full,
        reports=reports,
        quiet=quiet,
        verbose=verbose,
        no_crawl=no_crawl,
        workbook=workbook,
        new_store=new_store,
        progress_json=progress_json,
        now=now,
    )
    run_audit(args, typer.Exit)  # the same run as the typer-free nightly path
