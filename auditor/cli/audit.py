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

The run is recorded in the store's runs table (command ``audit``) with its summary; a run
killed mid-way is marked ``interrupted`` by the next one, and everything the killed run
had committed (pages, posts, findings, decisions) is kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from auditor.cli.common import (
    GameArg,
    command,
    err,
    handle_errors,
    open_game,
    open_store,
    out,
    require_crawled,
)
from auditor.errors import PageError
from auditor.forum.crawl import CrawlReport

ReportsOpt = Annotated[Path, typer.Option("--reports", help="报告目录（默认 ./reports）")]


@dataclass(slots=True)
class AuditResult:
    new_posts: int = 0
    changed_posts: int = 0
    deleted_posts: int = 0
    incomplete_days: tuple[int, ...] = ()  # lurking/votes not judged: threads not fully read
    new_drafts: int = 0
    pending: int = 0  # drafts that would be a card
    other_pending: int = 0  # drafts suggesting 不处罚 / 提醒导演: counted apart
    findings: int = 0
    problems: list[str] = field(default_factory=list)
    report: Path | None = None
    crawl: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.problems

    def line(self) -> str:
        where = f"报告：{self.report / 'report.html'}" if self.report else "没有写出报告"
        other = f"，不处罚/提醒导演 {self.other_pending}" if self.other_pending else ""
        changes = ""
        if self.changed_posts or self.deleted_posts:
            changes = f"，被修改 {self.changed_posts}，被删除 {self.deleted_posts}"
        held = ""
        if self.incomplete_days:
            days = "、".join(f"第{d}天" for d in self.incomplete_days)
            held = f"；{days}的帖子没有抓全，潜水和投票暂不判定"
        return (
            f"审计完成：新帖 {self.new_posts}{changes}，新草稿 {self.new_drafts}，"
            f"待处理 {self.pending}{other}，问题 {len(self.problems)}{held}。{where}"
        )


def run_audit(
    game_path: Path,
    *,
    full: bool = False,
    reports: Path = Path("reports"),
    quiet: bool = False,
    verbose: bool = False,
    crawl: bool = True,
) -> AuditResult:
    """The whole nightly run; raises AuditorError subclasses for the CLI to map to exit codes."""
    from auditor.cli.foundation import print_crawl_summary, run_crawl
    from auditor.ledger.ledger import load_ledger
    from auditor.report.records import build_records
    from auditor.report.write import write_report
    from auditor.rules.engine import check

    game = open_game(game_path)  # a bad game file fails here, before any network traffic
    result = AuditResult()
    # One run lock from the start to the end: no other run slips in between crawl and check.
    # Decisions do not take it; they are re-read just before the ledger and report.
    with open_store(game, lock=True) as store:
        if crawl:
            try:
                report = run_crawl(game_path, full=full, quiet=quiet, store=store)
            except PageError as exc:  # a page error the crawl did not collect: still report
                report = CrawlReport()
                report.problems.append(_problem(exc))
            result.new_posts, result.changed_posts = report.new_posts, report.changed_posts
            result.deleted_posts = len(report.deleted)
            result.problems = [p.message for p in report.problems]
            result.crawl = report.as_dict()
            if verbose:
                print_crawl_summary(report)
            elif not quiet:
                for p in result.problems:
                    err.print(f"[red]问题：[/]{escape(p)}", highlight=False)
        else:
            require_crawled(game, store)
        run_id = store.start_run("audit")
        try:
            before = {d.fingerprint for d in load_ledger(game, store).drafts}
            # Nightly: re-check only what changed since the last check (--full: everything).
            # The crawl recorded which threads it could not read; check() reads that.
            checked = check(game, store, run_id=run_id, incremental=not full)
            result.incomplete_days = checked.incomplete_days
            result.findings = len(checked.findings)
            # Read now, after the long part: a decision made during the run is in the report.
            led = load_ledger(game, store, checked.ruleset)
            result.new_drafts = sum(1 for d in led.drafts if d.fingerprint not in before)
            result.pending, result.other_pending = led.pending, led.other_pending
            run_info = {"problems": result.problems} if crawl else {}
            records = build_records(
                game, store, ruleset=checked.ruleset, ctx=checked.context, run=run_info, ledger=led
            )
            written = write_report(
                records, reports, when=datetime.now(UTC).astimezone(game.timezone)
            )
            result.report = written.directory
        except BaseException as exc:
            status = "interrupted" if isinstance(exc, KeyboardInterrupt) else "failed"
            store.finish_run(run_id, status, {"problems": result.problems})
            raise
        store.finish_run(
            run_id,
            "ok" if result.ok else "incomplete",
            {
                "new_posts": result.new_posts,
                "changed_posts": result.changed_posts,
                "findings": result.findings,
                "new_drafts": result.new_drafts,
                "pending": result.pending,
                "other_pending": result.other_pending,
                "problems": result.problems,
                "report": str(result.report),
                "crawl": result.crawl,
            },
        )
    return result


def _problem(exc: PageError) -> Any:
    from auditor.forum.crawl import CrawlProblem

    return CrawlProblem(exc.kind, exc.url, str(exc))


@command("audit")
def audit_cmd(
    game: GameArg,
    full: Annotated[bool, typer.Option("--full", help="重新抓取所有页面（默认增量）")] = False,
    reports: ReportsOpt = Path("reports"),
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="不显示抓取进度（cron 用）")] = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="显示抓取的详细统计")] = False,
    no_crawl: Annotated[bool, typer.Option("--no-crawl", help="不抓取，只检查和生成报告")] = False,
) -> None:
    """每晚运行一次：抓取 → 检查 → 牌单 → 报告，最后输出一行摘要。

    报告写到 reports/<游戏>/<运行时间>/（report.html、CSV、announcement.bbcode），
    reports/<游戏>/latest 指向最新一次。退出码：0 正常；1 抓取不完整（报告仍按已保存的
    帖子生成，问题列在最前面）；2 其他错误（例如 --no-crawl 时游戏还没有抓取过）；3 游戏文件
    有误；4 另一个进程正在处理这个游戏；6 数据库文件无法使用（只读、磁盘已满、读写错误、
    不是 SQLite 数据库或由更新版本写出）；130 被中断（已保存的数据不会丢失）。

    例：auditor audit examples/sample/game.toml
    """
    with handle_errors():
        result = run_audit(
            game, full=full, reports=reports, quiet=quiet, verbose=verbose, crawl=not no_crawl
        )
        out.print(escape(result.line()), highlight=False, soft_wrap=True)
        if not result.ok:
            raise typer.Exit(1)
