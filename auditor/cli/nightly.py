"""``auditor audit`` as cron gives it, without typer: the command's options (the one
source of their names, defaults and help: :mod:`auditor.cli.audit` builds typer's options
from them), the run itself, and :func:`fast_path`, which parses only the command lines it
fully understands and leaves every other one to typer unchanged.

typer's import and its command building cost about 130 M instructions (valgrind): 4% of a
nightly run with 100 new posts on a 10k-post game.  A command line of ``audit``, one GAME
and only the options below, each at most once, the short ones alone (``-q``, not ``-qv``),
with no ``--`` and no value that starts with ``-`` or is empty, means exactly what typer
makes of it (a test parses the same lines both ways): it runs here.  Anything else
(``--help``, a usage error, ``--version``, an abbreviation typer might suggest, a path
typer would call unreadable, shell completion) goes to typer, so its help, messages and
exit codes are typer's own.
"""

from __future__ import annotations

import errno
import json
import os
import shlex
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from auditor import pipeline
from auditor.cli.console import (
    CrawlBar,
    err,
    escape,
    exit_on_errors,
    print_crawl_summary,
    print_line,
)
from auditor.errors import STATE_INCOMPLETE_EXIT as STATE_EXIT
from auditor.game.gamefile import hidden_name_warnings
from auditor.report.words import audit_line

if TYPE_CHECKING:
    from auditor.forum.crawl import CrawlReport
    from auditor.game.gamefile import Game


@dataclass(frozen=True, slots=True)
class Opt:
    """One option of ``auditor audit``: its names on the command line and its help
    (``hidden``: the desk's own, not shown in ``--help``)."""

    decls: tuple[str, ...]
    help: str
    hidden: bool = False


#: The options that take a value (a path), by parameter name.
VALUES = {"reports": Opt(("--reports",), "报告目录（默认 ./reports）")}
#: The flags (off unless given), by parameter name.
FLAGS = {
    "full": Opt(("--full",), "重新抓取所有页面（默认增量）"),
    "quiet": Opt(("--quiet", "-q"), "不显示抓取进度（cron 用）"),
    "verbose": Opt(("--verbose", "-v"), "显示抓取的详细统计"),
    "no_crawl": Opt(("--no-crawl",), "不抓取，只检查和生成报告"),
    "workbook": Opt(
        ("--workbook",),
        "同时写出 report.xlsx（每张表一个工作表；要加载 pandas 和 openpyxl，慢几秒）",
    ),
    "new_store": Opt(
        ("--new-store",),
        "数据库不在了或换成了新的、报告目录却是原来那个数据库的报告时，仍用新的数据库从头开始"
        "（默认拒绝：原来的决定和手动牌都在原来的数据库里）",
    ),
    "progress_json": Opt(
        ("--progress-json",),
        "在标准错误上每个阶段、每抓一页输出一行 JSON（审计台用来显示进度）",
        hidden=True,
    ),
}
#: The options typer alone parses (a command line with one of them goes to typer): --now
#: takes a time in typer's formats (:data:`auditor.cli.common.NOW_FORMATS`).
TYPER_ONLY = ("now",)


@dataclass(frozen=True, slots=True)
class AuditArgs:
    """The command's parameters, with their defaults (typer's come from here too)."""

    game: Path
    full: bool = False
    reports: Path = Path("reports")
    quiet: bool = False
    verbose: bool = False
    no_crawl: bool = False
    workbook: bool = False
    new_store: bool = False
    progress_json: bool = False
    now: datetime | None = None  # --now (typer's: the fast path leaves it to typer)


def _forum_time(now: datetime | None, game: Game) -> datetime | None:
    """``--now`` in forum time: a time without an offset is the forum's local time."""
    if now is None or now.tzinfo is not None:
        return now
    return now.replace(tzinfo=game.timezone)


_BY_NAME = {d: name for name, opt in FLAGS.items() for d in opt.decls}


def parse(args: Sequence[str]) -> AuditArgs | None:
    """The parameters of an ``audit`` command line this module fully understands, else
    None (then typer parses it: see the module's docstring)."""
    if not args or args[0] != "audit":
        return None
    values: dict[str, object] = {}
    rest = list(args[1:])
    while rest:
        token = rest.pop(0)
        name: str | None
        if token.startswith("--reports="):
            name, value = "reports", token.removeprefix("--reports=")
        elif token == "--reports":
            if not rest:
                return None
            name, value = "reports", rest.pop(0)
        elif token in _BY_NAME:
            name, value = _BY_NAME[token], ""
        elif token.startswith("-"):
            return None  # another option, "--", "-", "-qv": typer's
        else:
            name, value = "game", token
        if name in values:
            return None  # given twice: typer says what that means
        if name in FLAGS:
            values[name] = True
            continue
        if not value or value.startswith("-") or not _readable_or_absent(value):
            return None
        values[name] = Path(value)
    if "game" not in values:
        return None
    return AuditArgs(**values)  # type: ignore[arg-type]


def _readable_or_absent(path: str) -> bool:
    """typer's path check: a path that exists must be readable (else a usage error)."""
    try:
        os.stat(path)
    except (OSError, ValueError):
        return True
    return os.access(path, os.R_OK)


def _confirming(g: Game, path: Path, line: str) -> str:
    """What waits for the director's confirmation (threads, days, events read from the
    forum that the game file does not state yet), said after the line (a game with 15 of
    them got a line that never named them)."""
    if not g.discovers or "待导演确认" in line or not Path(g.store).exists():
        return ""
    try:  # (a hint only: it never changes the audit's outcome or exit code)
        with pipeline.open_store(g) as store:
            waiting = pipeline.pending(pipeline.current(g, store), store)
    except Exception:
        return ""
    if not waiting:
        return ""
    return (
        f"\n待确认 {len(waiting)} 项（从论坛读出、游戏文件还没写明的帖子、天和事件）："
        f"在审计台「待确认」里确认，或 auditor game {shlex.quote(str(path))} 逐项查看"
    )


def run_audit(a: AuditArgs, exit: Callable[[int], BaseException]) -> None:
    """The command: crawl → check → ledger → report, then the summary line; an error ends
    it with its documented exit code (``exit(code)`` raised)."""
    bar = CrawlBar(quiet=a.quiet or a.no_crawl or a.progress_json)
    stage, progress = (_json_stage, _json_page) if a.progress_json else (None, bar)

    def crawled(report: CrawlReport) -> None:
        bar.stop()
        if a.verbose:
            print_crawl_summary(report)
        elif not a.quiet:
            for p in report.problems:
                err.print(f"[red]问题：[/]{escape(p.message)}", highlight=False)

    with exit_on_errors(exit):
        # A bad game file fails here, before any network traffic; the rule set is resolved
        # by the audit before its crawl (not on a night with nothing new: see pipeline).
        g = pipeline.open_game(a.game, rules=False)
        if not a.quiet:
            for w in hidden_name_warnings(g):
                err.print(f"[yellow]注意：[/]{escape(w)}", highlight=False)
        try:
            result = pipeline.audit(
                g,
                full=a.full,
                reports=a.reports,
                crawl=not a.no_crawl,
                progress=progress,
                on_crawled=crawled,
                stage=stage,
                workbook=a.workbook,
                new_store=a.new_store,
                now=_forum_time(a.now, g),
            )
        finally:
            bar.stop()
        line = audit_line(result.line())
        print_line(line + _confirming(g, a.game, line))  # plain text: rich only when needed
        if not result.ok:
            raise exit(1)
        if result.state:  # everything read, but the game's state is incomplete
            raise exit(STATE_EXIT)


def _json_line(data: dict[str, object]) -> None:
    sys.stderr.write(json.dumps(data, ensure_ascii=False) + "\n")
    sys.stderr.flush()


def _json_stage(stage: str) -> None:
    _json_line({"stage": stage})


def _json_page(tid: int, page: int, total: int | None) -> None:
    _json_line({"stage": "crawl", "tid": tid, "page": page, "total": total})


class _Exit(Exception):
    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


def fast_path(args: Sequence[str]) -> int | None:
    """Run ``auditor audit`` without typer when :func:`parse` understands ``args``: its
    exit code, as typer's command would end; None (nothing done) for typer to run."""
    if os.name == "nt" or any(k.endswith("_COMPLETE") for k in os.environ):
        return None  # typer expands Windows wildcards; shell completion is typer's
    a = parse(args)
    if a is None:
        return None
    try:
        run_audit(a, _Exit)
    except _Exit as e:
        return e.code
    except OSError as e:  # as typer's main: a closed pipe ends the run with 1, quietly
        if e.errno != errno.EPIPE:
            raise
        sys.stdout = _Pacified(sys.stdout)
        sys.stderr = _Pacified(sys.stderr)
        return 1
    return 0


class _Pacified:
    """A stream whose flush ignores a closed pipe (typer's PacifyFlushWrapper)."""

    def __init__(self, stream: object) -> None:
        self._stream = stream

    def flush(self) -> None:
        try:
            self._stream.flush()  # type: ignore[attr-defined]
        except OSError as e:
            if e.errno != errno.EPIPE:
                raise

    def __getattr__(self, attr: str) -> object:
        return getattr(self._stream, attr)


#: The parameter names, in the command's order (a test checks typer's against them).
PARAMS = tuple(f.name for f in fields(AuditArgs))
