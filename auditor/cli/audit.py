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
130    interrupted (Ctrl-C); stored pages, posts and decisions are kept
=====  ==========================================================================

The run is :func:`auditor.pipeline.audit`, recorded in the store's runs table (command
``audit``) with its summary; a run killed mid-way is marked ``interrupted`` by the next one,
and everything the killed run had committed (pages, posts, findings, decisions) is kept.
"""

# No ``from __future__ import annotations`` here: typer reads the command's parameters from
# its annotations, and string ones it compiles and evaluates twice over, every night.
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from auditor import pipeline
from auditor.cli.common import (
    CrawlBar,
    GameArg,
    command,
    err,
    escape,
    handle_errors,
    print_crawl_summary,
    print_line,
)
from auditor.game.gamefile import hidden_name_warnings

if TYPE_CHECKING:
    from auditor.forum.crawl import CrawlReport

ReportsOpt = Annotated[Path, typer.Option("--reports", help="报告目录（默认 ./reports）")]


@command("audit")
def audit_cmd(
    game: GameArg,
    full: Annotated[bool, typer.Option("--full", help="重新抓取所有页面（默认增量）")] = False,
    reports: ReportsOpt = Path("reports"),
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="不显示抓取进度（cron 用）")] = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="显示抓取的详细统计")] = False,
    no_crawl: Annotated[bool, typer.Option("--no-crawl", help="不抓取，只检查和生成报告")] = False,
    workbook: Annotated[
        bool,
        typer.Option(
            "--workbook",
            help="同时写出 report.xlsx（每张表一个工作表；要加载 pandas 和 openpyxl，慢几秒）",
        ),
    ] = False,
    progress_json: Annotated[
        bool,
        typer.Option(
            "--progress-json",
            help="在标准错误上每个阶段、每抓一页输出一行 JSON（审计台用来显示进度）",
        ),
    ] = False,
) -> None:
    """每晚运行一次：抓取 → 检查 → 牌单 → 报告，最后输出一行摘要。

    报告写到 reports/<游戏>/<运行时间>/（report.html、CSV、announcement.bbcode），
    reports/<游戏>/latest 指向最新一次。退出码：0 正常；1 抓取不完整（报告仍按已保存的
    帖子生成，问题列在最前面）；2 其他错误（例如 --no-crawl 时游戏还没有抓取过）；3 游戏文件
    有误；4 另一个进程正在处理这个游戏；6 数据库文件无法使用（只读、磁盘已满、读写错误、
    不是 SQLite 数据库或由更新版本写出）；130 被中断（已保存的数据不会丢失）。

    例：auditor audit examples/sample/game.toml
    """
    bar = CrawlBar(quiet=quiet or no_crawl or progress_json)
    stage, progress = (_json_stage, _json_page) if progress_json else (None, bar)

    def crawled(report: "CrawlReport") -> None:
        bar.stop()
        if verbose:
            print_crawl_summary(report)
        elif not quiet:
            for p in report.problems:
                err.print(f"[red]问题：[/]{escape(p.message)}", highlight=False)

    with handle_errors():
        # A bad game file fails here, before any network traffic; the rule set is resolved
        # by the audit before its crawl (not on a night with nothing new: see pipeline).
        g = pipeline.open_game(game, rules=False)
        if not quiet:
            for w in hidden_name_warnings(g):
                err.print(f"[yellow]注意：[/]{escape(w)}", highlight=False)
        try:
            result = pipeline.audit(
                g,
                full=full,
                reports=reports,
                crawl=not no_crawl,
                progress=progress,
                on_crawled=crawled,
                stage=stage,
                workbook=workbook,
            )
        finally:
            bar.stop()
        print_line(result.line())  # plain text: rich only when it would change it
        if not result.ok:
            raise typer.Exit(1)


def _json_line(data: dict[str, object]) -> None:
    sys.stderr.write(json.dumps(data, ensure_ascii=False) + "\n")
    sys.stderr.flush()


def _json_stage(stage: str) -> None:
    _json_line({"stage": stage})


def _json_page(tid: int, page: int, total: int | None) -> None:
    _json_line({"stage": "crawl", "tid": tid, "page": page, "total": total})
