"""The `auditor` command line: a thin typer layer over the Python API.

Commands live in ``auditor/cli/<area>.py`` and register themselves on :data:`app`;
``auditor/cli/__init__.py`` imports every command module.  Shared pieces are here: the
GAME argument, the output format option, table/CSV/JSON printing, and error handling
that turns :class:`~auditor.errors.AuditorError` into a Chinese message and an exit code.
"""

from __future__ import annotations

import importlib.machinery
import re
import sys
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from datetime import datetime, tzinfo
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
import typer.core

from auditor import __version__
from auditor.cli.console import Format as Format
from auditor.cli.console import emit as emit
from auditor.cli.console import err, escape, exit_on_errors, write_utf8
from auditor.cli.console import out as out
from auditor.cli.console import tick as tick
from auditor.game.gamefile import hidden_name_warnings

# The game and store openers are the pipeline's; commands import them from here too.
from auditor.pipeline import open_game as _open_game
from auditor.pipeline import open_store as open_store
from auditor.pipeline import require_crawled as require_crawled
from auditor.pipeline import state_line as _state_line
from auditor.pipeline import state_problems as _state_problems
from auditor.report.words import audit_line
from auditor.visible import visible

if TYPE_CHECKING:
    from auditor.game.gamefile import Game
    from auditor.store import Store

HELP_OPTION_TEXT = "显示这条帮助并退出。"
USAGE_PREFIX = "用法："
#: typer's usage-line placeholders, in Chinese.
USAGE_PIECES = {"[OPTIONS]": "[选项]", "COMMAND [ARGS]...": "命令 [参数]..."}
#: typer's value types in help (``<int>``): a flag's ``bool`` shows nothing (it takes no value).
TYPE_NAMES = {
    "bool": "",
    "int": "整数",
    "float": "数字",
    "str": "文本",
    "path": "路径",
    "Path": "路径",
    "file": "文件",
    "dir": "文件夹",
    "datetime": "时间",
}

_SAMPLE_TIME = datetime(2026, 11, 21, 20, 0, 0).astimezone()


def _time_examples(formats: str) -> str:
    """'%Y-%m-%dT%H:%M', … as the times they read (2026-11-21T20:00, …)."""
    examples: list[str] = []
    for fmt in re.findall(r"'([^']*%[^']*)'", formats):
        if "%z" in fmt:  # the same times with an offset: said in words
            continue
        example = _SAMPLE_TIME.strftime(fmt)
        if example not in examples:
            examples.append(example)
    return "、".join(examples)


def _value_problem(text: str) -> str:
    """The reason part of typer's "Invalid value for X: reason", in Chinese."""
    text = re.sub(r"^Value error, ", "", text.strip())
    if m := re.fullmatch(r"'(.*)' does not match the formats? (.+?)\.?", text, re.S):
        return f"{m[1]!r} 不是可以识别的时间，应写成 {_time_examples(m[2])} 之一（秒和时区可省略）"
    if m := re.fullmatch(r"'(.*)' is not one of (.+?)\.?", text, re.S):
        return f"{m[1]!r} 不是可选的值，可选：{m[2]}"
    if m := re.fullmatch(r"'?(.*?)'? is not a valid (integer|float|boolean)\.?", text, re.S):
        kind = {"integer": "整数", "float": "数字", "boolean": "是/否"}[m[2]]
        return f"{m[1]!r} 不是{kind}"
    if m := re.match(r"Input should be a valid (integer|number|boolean)", text):
        kind = {"integer": "整数", "number": "数字", "boolean": "是/否"}[m[1]]
        return f"应为{kind}"
    if m := re.fullmatch(r"(?:File|Directory|Path) '(.*)' does not exist\.?", text, re.S):
        return f"{m[1]} 不存在"
    return text


def chinese_usage_error(message: str) -> str:
    """typer's (vendored click's) English usage-error messages in Chinese.  Unknown
    messages are kept as they are, behind a Chinese lead-in."""
    text = message.strip()
    if m := re.fullmatch(r"Missing argument '(.+?)'\.(.*)", text, re.S):
        return f"缺少参数 {m[1].upper()}。{m[2].strip()}".strip()
    if m := re.fullmatch(r"Missing option '(.+?)'\.(.*)", text, re.S):
        return f"缺少选项 {m[1]}。{m[2].strip()}".strip()
    if m := re.fullmatch(r"Missing parameter: (.+)", text, re.S):
        return f"缺少参数 {m[1]}。"
    if text == "Missing command.":
        return "缺少命令。"
    if m := re.fullmatch(r"No such command '(.+?)'\.(.*)", text, re.S):
        return f"没有这个命令：{m[1]}。" + _did_you_mean(m[2])
    if m := re.fullmatch(r"No such option: (\S+)(.*)", text, re.S):
        return f"没有这个选项：{m[1]}。" + _did_you_mean(m[2])
    if m := re.fullmatch(r"Option '(.+?)' requires an argument\.", text):
        return f"选项 {m[1]} 后面要跟一个值。"
    if m := re.fullmatch(r"Option '(.+?)' requires (\d+) arguments\.", text):
        return f"选项 {m[1]} 后面要跟 {m[2]} 个值。"
    if m := re.fullmatch(r"Got unexpected extra arguments? ?(?:\(s\))? \((.*)\)", text, re.S):
        return f"多余的参数：{m[1]}（有空格的值请加引号）"
    if m := re.fullmatch(r"Invalid value for (.+?): (.*)", text, re.S):
        return f"{m[1]} 的值无效：{_value_problem(m[2])}。"
    if m := re.fullmatch(r"Invalid value: (.*)", text, re.S):
        return f"值无效：{_value_problem(m[1])}。"
    return f"用法错误：{text}"


def _did_you_mean(rest: str) -> str:
    m = re.search(r"\(Possible options: (.+)\)|Did you mean (.+?)\?", rest)
    if m is None:
        return ""
    return f"你是不是想用 {(m[1] or m[2]).strip()}？"


_typer_format_error: Callable[[Any], None] | None = None


def missing_argument_hint(exc: object) -> str:
    """For a missing argument: what to give (the argument's help) and the command's example
    (its help's ``例：`` line), so that ``auditor init`` alone says what it wants."""
    param, ctx = getattr(exc, "param", None), getattr(exc, "ctx", None)
    if type(exc).__name__ != "MissingParameter" or param is None:
        return ""
    if getattr(param, "param_type_name", "") != "argument":
        return ""
    what = str(getattr(param, "help", "") or "").strip().rstrip("。")
    command = getattr(ctx, "command", None)
    example = re.search(r"例：\s*(.+)", str(getattr(command, "help", "") or ""))
    said = f"要在命令后面写上：{what}。" if what else ""
    return said + (f"\n例：{example[1].strip()}" if example else "")


def _format_error_in_chinese(exc: Any) -> None:
    """typer calls this for every usage error: the same panel, the message in Chinese (a
    missing argument also says what to give, with the command's example)."""
    english = exc.format_message
    hint = missing_argument_hint(exc)
    exc.format_message = lambda: visible(
        chinese_usage_error(english()) + (f"\n{hint}" if hint else "")
    )
    assert _typer_format_error is not None
    _typer_format_error(exc)


def chinese_type(label: str | None) -> str | None:
    """typer's type placeholder in help in Chinese: ``<int>`` → ``<整数>``,
    ``<list[Path]>`` → ``<路径…>``, ``<str,str>...`` → ``<文本,文本>``, a flag's ``<bool>``
    → None.  Choices (``<table|csv|json>``) are the values to type and stay; a placeholder
    not known here is kept."""
    m = re.fullmatch(r"<(list\[)?([^<>\[\]]*)\]?>(\.\.\.)?", label or "")
    if m is None:
        return label
    names = [TYPE_NAMES.get(part) for part in m[2].split(",")]
    if any(name is None for name in names):
        return label
    if names == [""]:
        return None
    many = m[1] or (m[3] and len(names) == 1)
    return f"<{','.join(n or '' for n in names)}{'…' if many else ''}>"


def _chinese_types(english: Callable[..., str | None]) -> Callable[..., str | None]:
    """A parameter class's ``display_type_rich`` through :func:`chinese_type`."""
    if getattr(english, "chinese", False):
        return english

    def display_type_rich(self: object, ctx: object) -> str | None:
        return chinese_type(english(self, ctx))

    display_type_rich.chinese = True  # type: ignore[attr-defined]
    return display_type_rich


def _localise(rich_utils: Any) -> None:
    """typer's own panel titles and messages, in the directors' language."""
    global _typer_format_error
    rich_utils.OPTIONS_PANEL_TITLE = "选项"
    rich_utils.ARGUMENTS_PANEL_TITLE = "参数"
    rich_utils.COMMANDS_PANEL_TITLE = "命令"
    rich_utils.ERRORS_PANEL_TITLE = "错误"
    rich_utils.ABORTED_TEXT = "已中止。"
    rich_utils.RICH_HELP = "运行 [blue]'{command_path} {help_option}'[/] 查看帮助。"
    rich_utils.DEFAULT_STRING = "[默认：{}]"
    rich_utils.REQUIRED_LONG_STRING = "[必填]"
    rich_utils.ENVVAR_STRING = "[环境变量：{}]"
    rich_utils.DEPRECATED_STRING = "（已弃用）"
    for cls in (typer.core.TyperOption, typer.core.TyperArgument):  # <int> → <整数>
        cls.display_type_rich = _chinese_types(cls.display_type_rich)  # type: ignore[method-assign]
    if rich_utils.rich_format_error is not _format_error_in_chinese:
        _typer_format_error = rich_utils.rich_format_error
        rich_utils.rich_format_error = _format_error_in_chinese


class _LocaliseOnImport:
    """typer imports ``typer.rich_utils`` (and with it rich's markdown, tracebacks and
    panels) only to show help or an error; a nightly run that needs neither never loads
    it.  This finder (a meta path finder: ``find_spec`` is all it takes; importlib.abc's
    base class would load importlib.resources, tempfile and zipfile) localises the module
    the moment typer does import it."""

    NAME = "typer.rich_utils"

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
        if fullname != self.NAME:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        loader = getattr(spec, "loader", None)
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        exec_module = loader.exec_module

        def exec_and_localise(module: Any) -> None:
            exec_module(module)
            _localise(module)

        loader.exec_module = exec_and_localise
        return spec


if _LocaliseOnImport.NAME in sys.modules:
    _localise(sys.modules[_LocaliseOnImport.NAME])
elif not any(isinstance(f, _LocaliseOnImport) for f in sys.meta_path):
    sys.meta_path.insert(0, _LocaliseOnImport())


class _ChineseHelp:
    """The help option's text and the usage line in Chinese (mixed into typer's command
    and group classes)."""

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = HELP_OPTION_TEXT
            runtime = _plain(option) if _plain is not None else None
            if runtime is not None:
                option._runtime_param = runtime
        return option

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]
        line = " ".join(USAGE_PIECES.get(piece, piece) for piece in pieces)
        formatter.write_usage(ctx.command_path, line, prefix=USAGE_PREFIX)

    def format_help(self, ctx: object, formatter: object) -> None:
        """The docstring wrapped for the terminal as Chinese is: rich folds a run of CJK
        at the width, so a 。 could start a line alone, and it keeps the source's line
        breaks (a paragraph broken mid-sentence) or turns them into spaces."""
        text: str | None = getattr(self, "help", None)
        if not text:
            super().format_help(ctx, formatter)  # type: ignore[misc]
            return
        # the wrapped text goes to a copy: the command object is shared (never changed)
        import copy

        shown = copy.copy(self)
        setattr(shown, "help", wrap_help(text, _help_width()))  # noqa: B010
        super(_ChineseHelp, shown).format_help(ctx, formatter)  # type: ignore[misc]


def _help_width() -> int:
    """The width typer draws its help at, less the panel's border: TERMINAL_WIDTH when set
    (typer's own setting), else rich's console width (COLUMNS, the terminal) — read in
    public, not through typer's private ``_get_rich_console`` (typer>=0.29 only)."""
    import os

    from rich.console import Console

    try:
        width = int(os.environ.get("TERMINAL_WIDTH", ""))
    except ValueError:
        width = Console().width
    return width - 2


#: No line starts with these (closing punctuation) or ends with these (opening).
_NO_LINE_START = set("。，、；：？！）」』》】〉”’…·,.;:?!)]}%")
_NO_LINE_END = set("（「『《【〈“‘([{")
_OWN_LINE = ("例：", "例:", "- ", "• ")


def _wide(ch: str) -> bool:
    import unicodedata

    return unicodedata.east_asian_width(ch) in ("W", "F")


def _join_lines(paragraph: str) -> str:
    """A paragraph's source lines as one: no space where the break falls between Chinese
    (a space where either side is not), a line of its own kept (例：…, a list item)."""
    lines = [ln.strip() for ln in paragraph.split("\n")]
    out = lines[0]
    for ln in lines[1:]:
        if not ln or ln.startswith(_OWN_LINE) or not out:
            out += "\n" + ln
        elif _wide(out[-1]) or _wide(ln[0]):
            out += ln
        else:
            out += " " + ln
    return out


def _wrap_line(line: str, width: int) -> list[str]:
    """Greedy fill to ``width`` cells: Chinese breaks between any two characters, other
    text at spaces only (a path or an option stays whole), and never a closing mark first
    or an opening mark last on a line."""
    from rich.cells import cell_len

    tokens = re.findall(r"[^\s\u2E80-\u9FFF\uFF00-\uFFEF\u3000-\u303F]+|\s+|.", line)
    glued: list[str] = []  # tokens that must stay together
    for tok in tokens:
        if (
            glued
            and not tok.isspace()
            and (tok[0] in _NO_LINE_START or glued[-1][-1] in _NO_LINE_END)
        ):
            glued[-1] += tok
        else:
            glued.append(tok)
    lines: list[str] = []
    current = ""
    for tok in glued:
        if cell_len(current) + cell_len(tok) > width and current.strip():
            lines.append(current.rstrip())
            current = "" if tok.isspace() else tok
        else:
            current += tok
    if current.strip():
        lines.append(current.rstrip())
    return lines or [""]


def wrap_help(text: str, width: int) -> str:
    """A command's help for a terminal ``width`` cells wide (see ``format_help``)."""
    import inspect

    if width < 10:  # no room to wrap: rich folds it as it can
        return text
    paragraphs = inspect.cleandoc(text).split("\n\n")
    wrapped = []
    for para in paragraphs:
        lines = _join_lines(para).split("\n")
        wrapped.append("\n".join(w for ln in lines for w in _wrap_line(ln, width)))
    return "\n\n".join(wrapped)


def _plain_coercion() -> Callable[[Any], Any] | None:
    """typer 0.29 coerces every value that is not a flag through a pydantic ``TypeAdapter``
    (importing pydantic and building the adapter: about 0.1 s of a nightly run), even a
    flag left out (its value None).  For a plain ``Path``, ``str`` or ``bool`` parameter
    given a string, a bool or None (its default) the adapter gives ``Path(value)`` (then
    typer's own path checks), the value itself or None: this returns the
    function that gives such parameters that coercion directly, and leaves every other
    value, parameter and type to typer's adapter.  None when typer's internals are not the
    ones this was written against (then typer's own coercion runs everywhere)."""
    try:
        from typer._coercion import RuntimeParam, build_runtime_param
        from typer._param_types import coerce_cli_path
    except ImportError:  # pragma: no cover  (another typer)
        return None
    if not hasattr(typer.core._TyperParameter, "get_runtime_param"):  # pragma: no cover
        return None

    from dataclasses import dataclass

    @dataclass(frozen=True)
    class PlainParam(RuntimeParam):
        descriptor: Any

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            if self.annotation in (str, bool) and type(value) is self.annotation:
                return value
            if self.annotation is Path and isinstance(value, str | Path):
                return coerce_cli_path(
                    Path(value), self.parameter_info, path_type=Path, param=param, ctx=ctx
                )
            typer_own = build_runtime_param(self.descriptor)
            return typer_own._coerce_value(value, param=param, ctx=ctx)

    def plain(param: Any) -> Any:
        d = getattr(param, "type_descriptor", None)
        info = getattr(d, "parameter_info", None)
        if d is None or info is None or getattr(param, "_runtime_param", 0) is not None:
            return None
        if d.annotation not in (str, bool, Path) or d.file_annotation is not None:
            return None
        if info.parser is not None or info.path_type not in (None, d.annotation):
            return None
        return PlainParam(parameter_info=info, annotation=d.annotation, descriptor=d)

    return plain


_plain = _plain_coercion()


class _PlainValues:
    """Plain ``Path``, ``str`` and ``bool`` parameters coerced without pydantic (see
    :func:`_plain_coercion`; mixed into typer's command and group classes)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if _plain is None:
            return
        for param in self.params:  # type: ignore[attr-defined]
            runtime = _plain(param)
            if runtime is not None:
                param._runtime_param = runtime


class ChineseCommand(_PlainValues, _ChineseHelp, typer.core.TyperCommand):
    pass


class ChineseGroup(_PlainValues, _ChineseHelp, typer.core.TyperGroup):
    pass


app = typer.Typer(
    name="auditor",
    help="版杀审计工具：抓取 Discuz! 论坛的游戏帖，统计发言与投票，检查违规并生成牌单草稿。",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=ChineseGroup,
)


def _print_version(value: bool) -> None:
    if value:
        write_utf8(f"auditor {__version__}\n")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="显示版本号并退出",
            callback=_print_version,
            is_eager=True,
        ),
    ] = False,
) -> None:
    """版杀审计工具：抓取 Discuz! 论坛的游戏帖，统计发言与投票，检查违规并生成牌单草稿。"""


GameArg = Annotated[
    Path,
    typer.Argument(help="游戏文件（TOML），例如 examples/sample/game.toml", show_default=False),
]


#: --now: seconds and the UTC offset are optional (2026-11-21T20:00 is 20:00:00 forum time).
NOW_FORMATS = (
    "%Y-%m-%dT%H:%M:%S",
    "%Y-%m-%d %H:%M:%S",
    "%Y-%m-%dT%H:%M",
    "%Y-%m-%d %H:%M",
    "%Y-%m-%dT%H:%M:%S%z",
    "%Y-%m-%dT%H:%M%z",
)

NowOpt = Annotated[
    datetime | None,
    typer.Option(
        "--now",
        help="按这个时间判断（默认现在；论坛当地时间），例如 2026-11-21T20:00 或 "
        "2026-11-21 20:00:00（秒和时区可省略）",
        formats=list(NOW_FORMATS),
        metavar="时间",
        show_default=False,
    ),
]


def now_in(game_tz: tzinfo, now: datetime | None) -> datetime | None:
    """``--now`` in forum time: a time without an offset is the forum's local time."""
    if now is None:
        return None
    return now.replace(tzinfo=game_tz) if now.tzinfo is None else now.astimezone(game_tz)


FormatOpt = Annotated[Format, typer.Option("--format", "-f", help="输出格式：table | csv | json")]


def open_game(path: Path) -> Game:
    """The pipeline's :func:`~auditor.pipeline.open_game`, and at load time (every command)
    the rules a forced mobile API starves (``api = true`` with FONT-SIZE or VOTE-EDIT) and
    names with invisible characters."""
    from auditor.rules.engine import api_warning

    game = _open_game(path)
    warning = api_warning(game)
    for w in ([warning] if warning else []) + hidden_name_warnings(game):
        err.print(f"[yellow]注意：[/]{escape(w)}", highlight=False)
    return game


def check_choice(value: object, choices: Sequence[object], *, option: str, what: str) -> None:
    """A filter value (player, rule code, day, thread) that does not exist is a usage error
    naming the valid choices and the nearest one, not an empty table with exit 0."""
    if value in choices:
        return
    import difflib

    names = [str(c) for c in choices]
    near = difflib.get_close_matches(str(value), names, n=1, cutoff=0.4)
    hint = f"是不是 {near[0]}？" if near else ""
    listed = "、".join(names) if names else "（没有）"
    raise typer.BadParameter(f"没有{what} {value}。{hint}可选：{listed}", param_hint=option)


def player_choices(game: Game, store: Store | None = None) -> list[str]:
    """Names a --player filter may take: players, directors, spectators, then any other
    author the store holds."""
    names = [*game.players, *game.directors, *game.spectators]
    if store is not None:
        for author in store.author_names():
            if author and author not in names:
                names.append(author)
    return names


def handle_errors() -> AbstractContextManager[None]:
    """Clear message and a documented exit code instead of a traceback (the codes of
    :func:`~auditor.cli.console.exit_on_errors`, ending the command with typer's ``Exit``)."""
    return exit_on_errors(typer.Exit)


def command(fn_or_name: Callable[..., Any] | str | None = None) -> Any:
    """Register a command (``@command`` or ``@command("name")``); its docstring is the help
    text and must carry an example (a test checks)."""
    if callable(fn_or_name):
        return app.command(cls=ChineseCommand)(fn_or_name)
    return app.command(fn_or_name, cls=ChineseCommand)


#: What the views say after the incomplete state's line (:func:`warn_state`).
STATE_NOTE = "下面是按现在读到的算的：这些没答完，相关的天的潜水、投票和计票可能不准。"


def warn_state(game: Game, store: Store) -> None:
    """Say first (on stderr) that the game's state is incomplete, in the audit line's words
    (fh42 item 6: ``votes --tally`` printed a day's tally and ``findings`` the drafts of a
    day whose 延时 was not read, saying nothing of it)."""
    if not game.discovers:
        return
    problems = _state_problems(game, store)
    if problems:
        err.print(
            f"[red]{escape(audit_line(_state_line(problems)))}[/]",
            highlight=False,
            soft_wrap=True,
        )
        err.print(STATE_NOTE, highlight=False, soft_wrap=True)
