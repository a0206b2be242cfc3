"""What the commands print, and how an error ends a command, without typer: the consoles
(rich, made on first use), the plain summary line, UTF-8 machine output, the crawl's
progress bar and summary, and the documented exit codes of :func:`exit_on_errors`.

The nightly ``auditor audit`` (:mod:`auditor.cli.nightly`) runs on these alone; every
command module gets them through :mod:`auditor.cli.common`, whose
:func:`~auditor.cli.common.handle_errors` ends a command with typer's ``Exit``.
"""

from __future__ import annotations

import errno
import io
import json
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from enum import StrEnum
from typing import TYPE_CHECKING, Any, cast

from auditor.errors import AuditorError, StoreError
from auditor.files import WriteError
from auditor.store import DatabaseError
from auditor.visible import visible, visible_marks

if TYPE_CHECKING:
    from rich.console import Console

    from auditor.forum.crawl import CrawlReport


class _VisibleStream:
    """The stream a console writes to (looked up at each write: tests swap ``sys.stdout``)
    with bidi controls and invisible characters written out (``<U+202E>``): nothing a
    command prints can disguise a name.  Control characters are left to the text's way in
    (:func:`escape`, table cells, :func:`print_line`): what reaches here is rich's output,
    styled by ESC sequences of its own.  Tables make their cells visible before layout
    (:func:`emit`), so their columns stay aligned."""

    def __init__(self, name: str) -> None:
        self._name = name

    def _stream(self) -> Any:
        return getattr(sys, self._name)

    def write(self, text: str) -> int:
        return int(self._stream().write(visible_marks(text)))

    def __getattr__(self, attr: str) -> Any:  # flush, isatty, fileno, encoding …
        return getattr(self._stream(), attr)


class _LazyConsole:
    """A rich ``Console`` made on first use: a night with nothing new prints one plain line
    (:func:`print_line`) and never loads rich's console, text and style modules.

    rich fixes a console's width and height from COLUMNS and LINES when it is made (else it
    reads them at each print); the console used to be made at import, so they are fixed as
    they were then (a command run in-process with COLUMNS set, as the tests do, must not fix
    the width of every later one)."""

    def __init__(self, stream: str, **options: Any) -> None:
        self._options = {"file": _VisibleStream(stream), **options}
        self._console: Console | None = None
        self._size = (os.environ.get("COLUMNS"), os.environ.get("LINES"))

    @property
    def console(self) -> Console:
        if self._console is None:
            from rich.console import Console

            console = Console(**self._options)
            if not console.is_jupyter:  # the size rich fixes, as it would have at import
                columns, lines = self._size
                if columns is not None and columns.isdecimal():
                    console._width = int(columns) - console.legacy_windows
                else:
                    console._width = None
                console._height = int(lines) if lines is not None and lines.isdecimal() else None
            self._console = console
        return self._console

    def __getattr__(self, attr: str) -> Any:  # print, is_terminal, file …
        return getattr(self.console, attr)


err = cast("Console", _LazyConsole("stderr", stderr=True, soft_wrap=True))
out = cast("Console", _LazyConsole("stdout"))


def escape(text: str) -> str:
    """Text for rich's markup: its control characters and invisible ones written out
    (:func:`~auditor.visible.visible`; a post's ``ESC[2J`` is text, not a command to the
    terminal), then rich's :func:`rich.markup.escape` (its module loaded only when markup
    is printed)."""
    from rich.markup import escape as rich_escape

    return rich_escape(visible(text))


#: What rich removes from or rewrites in plain text (its control codes, tabs, ``:emoji:``
#: codes, line breaks it splits at): a line holding none of them (and not ending in a
#: backslash, which rich's escape doubles) it prints unchanged.
_RICH_REWRITES = frozenset("\x07\x08\x0b\x0c\r\t:\n")


def print_line(text: str) -> None:
    """``out.print(escape(text), highlight=False, soft_wrap=True, emoji=":" in text)``: one
    line of plain text on stdout.  When rich would print it unchanged (none of the
    characters it rewrites, a UTF-8 stream) it is written directly, without loading rich;
    else rich prints it."""
    stream = sys.stdout
    encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
    text = visible(text)
    if encoding != "utf8" or not _RICH_REWRITES.isdisjoint(text) or text.endswith("\\"):
        out.print(escape(text), highlight=False, soft_wrap=True, emoji=":" in text)
        return
    stream.write(visible(text + "\n"))
    stream.flush()


def stderr_is_terminal() -> bool:
    """``err.is_terminal`` without making the console when rich would say no anyway: the
    stream is no terminal and neither FORCE_COLOR nor TTY_COMPATIBLE says otherwise."""
    if "FORCE_COLOR" in os.environ or "TTY_COMPATIBLE" in os.environ:
        return bool(err.is_terminal)
    isatty = getattr(sys.stderr, "isatty", None)
    try:
        if isatty is None or not isatty():
            return False
    except ValueError:  # a closed stream: rich says no as well
        return False
    return bool(err.is_terminal)


@contextmanager
def exit_on_errors(exit: Callable[[int], BaseException]) -> Iterator[None]:
    """Clear message and a documented exit code instead of a traceback: the code ends the
    command as ``exit(code)`` raised (typer's ``Exit`` in a typer command)."""
    # From here on Ctrl-C is a KeyboardInterrupt handled below (the run is recorded as
    # interrupted); before, ``python -m auditor`` ends at once (auditor/__main__.py).
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
        sys.stdout.flush()  # a full disk behind a redirect shows here, not at exit
    except OSError as exc:
        if exc.filename is not None or exc.errno not in _OUTPUT_ERRNOS:
            raise
        _discard_stdout()
        err.print(f"[bold red]错误：[/]{escape(str(WriteError(STDOUT, exc)))}", highlight=False)
        raise exit(WriteError.exit_code) from None
    except AuditorError as exc:
        if isinstance(exc, WriteError) and exc.stream:
            _discard_stdout()
        err.print(f"[bold red]错误：[/]{escape(str(exc))}", highlight=False)
        raise exit(exc.exit_code) from None
    except DatabaseError as exc:  # one the store did not name (a cursor read mid-way)
        err.print(
            f"[bold red]错误：[/]数据库出错（{escape(str(exc))}）。请检查游戏的数据库文件和磁盘。",
            highlight=False,
        )
        raise exit(StoreError.exit_code) from None
    except KeyboardInterrupt:
        err.print("已中断。已保存的数据不会丢失。")
        raise exit(130) from None


STDOUT = "标准输出"
#: Errors writing the output (``> file`` on a full disk, ``> /dev/full``): a write error
#: naming the standard output, exit code 2, not a traceback.
_OUTPUT_ERRNOS = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO)


def _discard_stdout() -> None:
    """After a failed write, send what is still buffered nowhere: Python's flush at exit
    would otherwise fail again and print its own English complaint."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def write_utf8(text: str) -> None:
    """Write machine output (CSV, JSON, BBCode) as UTF-8 whatever the console's encoding
    (a Chinese Windows console would otherwise give GBK, or fail on rare characters).  A
    write that fails (a full disk behind ``>``) is a :class:`~auditor.files.WriteError`
    naming the standard output."""
    try:
        buffer = getattr(sys.stdout, "buffer", None)
        if buffer is None:
            sys.stdout.write(text)
            return
        sys.stdout.flush()
        buffer.write(text.encode("utf-8"))
        buffer.flush()
    except OSError as exc:
        if exc.errno not in _OUTPUT_ERRNOS:
            raise
        raise WriteError(STDOUT, exc, stream=True) from None


class CrawlBar:
    """The crawl's progress bar on stderr, a ``progress(tid, page, total)`` callback for
    :func:`auditor.pipeline.crawl`; transient, hidden with ``quiet``.  A bar rich would not
    draw (stderr is no terminal: cron, a pipe) is not built at all (nor rich's progress
    and live-display modules imported)."""

    def __init__(self, *, quiet: bool) -> None:
        self._bar: Any = None
        if quiet or not stderr_is_terminal():
            return
        from rich.progress import BarColumn, Progress, TextColumn

        self._bar = Progress(
            TextColumn("[bold]抓取[/] {task.description}"),
            BarColumn(),
            TextColumn("{task.completed} 页"),
            console=err.console,  # type: ignore[attr-defined]
            transient=True,
        )
        self._task = self._bar.add_task("", total=None)
        self._bar.start()

    def __call__(self, tid: int, page: int, total: int | None) -> None:
        if self._bar is not None:
            self._bar.update(
                self._task, advance=1, description=f"帖子 {tid} 第 {page}/{total or '?'} 页"
            )

    def stop(self) -> None:
        if self._bar is not None:
            self._bar.stop()


def _versus_full(report: CrawlReport) -> str:
    """What the incremental crawl saved: said only when it made fewer requests than
    fetching every page of the threads again would (a first crawl, the board's listing or
    retries make as many or more: nothing saved to say)."""
    if not report.full_requests or report.requests >= report.full_requests:
        return ""  # (saved pages: no request at all)
    return f"（逐页全部重新抓取要 {report.full_requests} 次）"


def print_crawl_summary(report: CrawlReport) -> None:
    err.print(
        f"抓取完成：{report.pages} 页，请求 {report.requests} 次{_versus_full(report)}，"
        f"新帖 {report.new_posts}，"
        f"修改 {report.changed_posts}，删除 {len(report.deleted)}。"
    )
    for name, what in report.skipped_files:
        err.print(f"跳过：{escape(name)}（{escape(what)}）", highlight=False)
    for p in report.problems:
        err.print(f"[red]问题：[/]{escape(p.message)}", highlight=False)


# --------------------------------------------------------------------------- records


class Format(StrEnum):
    table = "table"
    csv = "csv"
    json = "json"


def emit(
    rows: Sequence[dict[str, Any]],
    columns: Sequence[str],
    fmt: Format,
    *,
    title: str | None = None,
    headers: Sequence[str] | None = None,
    shown: Mapping[str, Callable[[Any], Any]] | None = None,
) -> None:
    """Print records as a rich table, plain CSV on stdout (UTF-8, no BOM) or JSON lines.

    ``shown`` maps a column to how the table writes its values for people (``1`` → ✓,
    ``blue`` → 蓝牌); CSV and JSON keep the machine values."""
    if fmt is Format.csv:
        import csv

        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(columns)
        for r in rows:
            w.writerow(["" if r.get(c) is None else _csv_value(r.get(c)) for c in columns])
        write_utf8(buf.getvalue())
        return
    if fmt is Format.json:
        write_utf8(
            json.dumps(
                [{c: r.get(c) for c in columns} for r in rows],
                ensure_ascii=False,
                indent=2,
                default=str,
            )
            + "\n"
        )
        return
    from rich.cells import cell_len
    from rich.table import Table

    if shown:
        rows = [{**r, **{c: f(r.get(c)) for c, f in shown.items() if c in r}} for r in rows]
    # Cells hold forum text: "[red]" or "[/]" in a post is text, not rich markup. Bidi
    # controls, invisible and control characters are written out (<U+202E>) by escape,
    # before layout.
    cells = [["" if r.get(c) is None else str(r.get(c)) for c in columns] for r in rows]
    heads = list(headers or columns)
    # A column of short values (ids, times, counts) is not folded when the others keep
    # TEXT_CELL cells each beside them: 11-21 13:05:00 over three lines was unreadable.
    # When they would not, every column folds as before (a text column squeezed to nothing
    # would hide why a vote is invalid).
    widths = [max([cell_len(h), *(cell_len(row[i]) for row in cells)]) for i, h in enumerate(heads)]
    short = [w <= SHORT_CELL for w in widths]
    needed = sum(w if s else TEXT_CELL for w, s in zip(widths, short, strict=True))
    keep = needed + 3 * len(heads) + 1 <= out.width
    table = Table(title=title, show_lines=False)
    for h, s in zip(heads, short, strict=True):
        table.add_column(h, overflow="fold", no_wrap=keep and s)
    for row in cells:
        table.add_row(*(escape(v) for v in row))
    out.print(table)


#: The widest value (terminal cells) of a table column :func:`emit` keeps on one line, and
#: the width it leaves a column of longer text then.
SHORT_CELL = 14
TEXT_CELL = 10


def tick(value: Any) -> str:
    """A 0/1 flag in a table for people: ✓ or empty."""
    return "✓" if value else ""


def _csv_value(value: Any) -> Any:
    if isinstance(value, bool):
        return int(value)
    return value
