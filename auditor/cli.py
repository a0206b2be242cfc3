"""The `auditor` command line: a thin typer layer over the Python API.

Commands live in ``auditor/commands/<area>.py`` and register themselves on :data:`app`
(importing this module imports every command module).  Shared pieces are here: the
GAME argument, the output format option, table/CSV/JSON printing, and error handling
that turns :class:`~auditor.errors.AuditorError` into a Chinese message and an exit code.
"""

from __future__ import annotations

import csv
import importlib
import io
import json
import pkgutil
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
import typer.rich_utils as _rich
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from auditor.errors import AuditorError
from auditor.gamefile import Game, load_game
from auditor.store import Store

# typer's own panel titles and messages, in the directors' language.
_rich.OPTIONS_PANEL_TITLE = "选项"
_rich.ARGUMENTS_PANEL_TITLE = "参数"
_rich.COMMANDS_PANEL_TITLE = "命令"
_rich.ERRORS_PANEL_TITLE = "错误"
_rich.ABORTED_TEXT = "已中止。"
_rich.RICH_HELP = "运行 [blue]'{command_path} {help_option}'[/] 查看帮助。"

app = typer.Typer(
    name="auditor",
    help="版杀审计工具：抓取 Discuz! 论坛的游戏帖，统计发言与投票，检查违规并生成牌单草稿。",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
err = Console(stderr=True, soft_wrap=True)
out = Console()

GameArg = Annotated[
    Path,
    typer.Argument(help="游戏文件（TOML），例如 examples/sample/game.toml", show_default=False),
]


class Format(StrEnum):
    table = "table"
    csv = "csv"
    json = "json"


FormatOpt = Annotated[Format, typer.Option("--format", "-f", help="输出格式：table | csv | json")]


def open_game(path: Path) -> Game:
    """Load the game file and resolve its rule set, so every mistake in either is
    reported before any network traffic."""
    from auditor.engine import ruleset_for

    game = load_game(path)
    ruleset_for(game)
    return game


@contextmanager
def open_store(game: Game, *, lock: bool = False) -> Iterator[Store]:
    """The game's store; ``lock=True`` takes the run lock first (refused at once when another
    run holds it).  Decisions never take it: each is its own short transaction."""
    store = Store(game.store, lock=lock)
    try:
        yield store
    finally:
        store.close()


@contextmanager
def handle_errors() -> Iterator[None]:
    """Clear message and a documented exit code instead of a traceback."""
    try:
        yield
    except AuditorError as exc:
        err.print(f"[bold red]错误：[/]{escape(str(exc))}", highlight=False)
        raise typer.Exit(exc.exit_code) from None
    except KeyboardInterrupt:
        err.print("已中断。已保存的数据不会丢失。")
        raise typer.Exit(130) from None


def emit(
    rows: Sequence[dict[str, Any]],
    columns: Sequence[str],
    fmt: Format,
    *,
    title: str | None = None,
    headers: Sequence[str] | None = None,
) -> None:
    """Print records as a rich table, plain CSV on stdout (UTF-8, no BOM) or JSON lines."""
    if fmt is Format.csv:
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
    table = Table(title=title, show_lines=False)
    for _c, h in zip(columns, headers or columns, strict=True):
        table.add_column(h, overflow="fold")
    for r in rows:
        # Cells hold forum text: "[red]" or "[/]" in a post is text, not rich markup.
        table.add_row(*("" if r.get(c) is None else escape(str(r.get(c))) for c in columns))
    out.print(table)


def write_utf8(text: str) -> None:
    """Write machine output (CSV, JSON, BBCode) as UTF-8 whatever the console's encoding
    (a Chinese Windows console would otherwise give GBK, or fail on rare characters)."""
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(text)
        return
    sys.stdout.flush()
    buffer.write(text.encode("utf-8"))
    buffer.flush()


def _csv_value(value: Any) -> Any:
    if isinstance(value, bool):
        return int(value)
    return value


def command(fn_or_name: Callable[..., Any] | str | None = None) -> Any:
    """Register a command (``@command`` or ``@command("name")``); its docstring is the help
    text and must carry an example (a test checks)."""
    if callable(fn_or_name):
        return app.command()(fn_or_name)
    return app.command(fn_or_name)


def _load_commands() -> None:
    import auditor.commands as pkg

    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
        if not info.name.startswith("_"):
            importlib.import_module(f"auditor.commands.{info.name}")


def main() -> None:
    app()


_load_commands()
