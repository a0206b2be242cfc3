"""Issue 16, cold start: a night with nothing new loads only what it needs, and says and
does exactly what the full path would.

The figures are benchmarks/coldstart_bench.py's; here: which modules such a night leaves
unloaded (in tests/pipeline/test_nightly_cost.py, with the older list), that the ``auditor`` script
loading one command module behaves as the whole app does, that typer's values are coerced
as typer would, that the quiet night's summary is the full path's, that any news sends it
down the full path, and that a saved page in an unused view is parsed once, not nightly.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from auditor import pipeline
from auditor.game.gamefile import load_game
from auditor.store import Store
from tests import paths

ROOT = paths.ROOT
SAMPLE = ROOT / "examples" / "sample"


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    """A copy of the sample game (desktop and API saves of every thread, the board list,
    the page writer's index.json), its store and reports beside it."""
    # Not the checkout's own store and lock: the README's sample audit leaves them there.
    shutil.copytree(
        SAMPLE, tmp_path / "sample", ignore=shutil.ignore_patterns("*.sqlite*", "*.lock")
    )
    return tmp_path / "sample" / "game.toml"


# --- the ``auditor`` script loads one command module --------------------------------------


def test_the_command_table_names_what_each_module_registers() -> None:
    import typer.main

    from auditor.cli import COMMANDS, MODULES, app

    owner: dict[str, str] = {}
    for info in app.registered_commands:
        assert info.callback is not None
        name = info.name or info.callback.__name__.lower().replace("_", "-")
        owner[name] = info.callback.__module__
    for group in app.registered_groups:
        assert group.name is not None and group.typer_instance is not None
        first = group.typer_instance.registered_commands[0].callback
        assert first is not None
        owner[group.name] = first.__module__
    assert set(owner) == set(typer.main.get_command(app).commands)  # type: ignore[attr-defined]
    assert {name: module.rsplit(".", 1)[1] for name, module in owner.items()} == COMMANDS
    assert set(COMMANDS.values()) == set(MODULES)


@pytest.mark.parametrize(
    ("argv", "module"),
    [
        (["audit", "game.toml", "-q"], "audit"),
        (["--version", "audit", "game.toml"], "audit"),
        (["decisions", "export", "g.toml"], "ledger_cmd"),
        (["--help", "audit"], None),  # the root's help lists every command
        (["--version"], None),
        ([], None),
        (["audti", "game.toml"], None),  # "did you mean": every command
        (["--nope", "audit"], None),
    ],
)
def test_the_script_loads_the_module_of_the_command_it_is_asked_for(
    argv: list[str], module: str | None
) -> None:
    from auditor.cli import command_module

    assert command_module(argv) == module


_RUN = """
import sys
from auditor import cli
if sys.argv[1] == "all":
    cli.load()  # every command module, as `from auditor.cli import app` gives
sys.argv = ["auditor", *sys.argv[2:]]
if sys.argv[1:2] == ["typer"]:  # typer itself, never the nightly fast path
    del sys.argv[1]
    cli.load()()
cli.main()
"""


def _cli(mode: str, args: list[str], cwd: Path) -> tuple[int, str, str]:
    env = {**os.environ, "COLUMNS": "100", "TERM": "dumb"}
    env.pop("FORCE_COLOR", None)
    res = subprocess.run(
        [sys.executable, "-c", _RUN, mode, *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return res.returncode, res.stdout, res.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["audit", "--help"],
        ["audit"],  # missing GAME
        ["audit", "GAME", "--nope"],  # unknown option, with its suggestions
        ["audit", "missing.toml", "-q"],  # a game file that does not exist
        ["audit", "game.toml", "--reports"],  # an option without its value
        ["--version", "audit", "x"],
    ],
)
def test_one_command_module_behaves_as_the_whole_app(sample: Path, args: list[str]) -> None:
    lazy = _cli("one", args, sample.parent)
    whole = _cli("all", args, sample.parent)
    assert lazy == whole
    assert lazy[0] != 0 or lazy[1]  # something was said


# --- the nightly ``auditor audit`` without typer ------------------------------------------


def _typer_audit() -> Any:
    import typer.main

    from auditor.cli import load

    return typer.main.get_command(load(("audit",))).commands["audit"]  # type: ignore[attr-defined]


def test_the_fast_path_has_the_options_typer_has() -> None:
    """typer's ``audit`` command is built from the fast path's table: the same parameters in
    the same order, names, help and defaults (the table is the one source of them)."""
    from auditor.cli.nightly import FLAGS, PARAMS, TYPER_ONLY, VALUES, AuditArgs

    cmd = _typer_audit()
    assert tuple(p.name for p in cmd.params) == PARAMS
    defaults = AuditArgs(game=Path())
    for p in cmd.params[1:]:
        if p.name in TYPER_ONLY:  # --now: typer's own (a time in its formats)
            assert p.default == getattr(defaults, p.name)
            continue
        opt = (FLAGS | VALUES)[p.name]
        assert (tuple(p.opts), tuple(p.secondary_opts), p.help) == (opt.decls, (), opt.help)
        assert p.is_flag == (p.name in FLAGS)
        assert p.default == getattr(defaults, p.name)
    assert set(FLAGS) | set(VALUES) | set(TYPER_ONLY) == set(PARAMS[1:])


@pytest.mark.parametrize(
    "args",
    [
        ["game.toml"],
        ["game.toml", "-q", "--reports", "r"],
        ["--reports=out dir", "-q", "game.toml", "--workbook"],
        ["--full", "--quiet", "--verbose", "--no-crawl", "--workbook", "--progress-json", "g"],
        ["-v", "game.toml", "--reports", "./r"],
        ["game.toml", "-q", "-q"],  # twice: typer's
        ["game.toml", "-qv"],
        ["game.toml", "--", "-q"],
        ["-", "-q"],
        ["game.toml", "--reports"],
        ["game.toml", "--reports", "-q"],
        ["game.toml", "--reports="],
        ["game.toml", ""],
        ["game.toml", "other.toml"],
        ["game.toml", "--help"],
        ["game.toml", "--ful"],
        ["game.toml", "--no-full"],
        ["-q"],
        [],
    ],
)
def test_the_fast_path_reads_a_command_line_as_typer_does(args: list[str]) -> None:
    """Each line the fast path takes means to typer exactly what it means here; every other
    line (None) is left to typer."""
    from typer import Exit
    from typer._click.exceptions import ClickException

    from auditor.cli.nightly import AuditArgs, parse

    fast = parse(["audit", *args])
    try:
        ctx = _typer_audit().make_context("audit", list(args))
    except (ClickException, Exit):
        assert fast is None  # a usage error or the help: typer says it
        return
    if fast is not None:
        assert fast == AuditArgs(**ctx.params)
    assert (fast is None) == (
        args in ([], ["-q"])
        or len(set(args)) < len(args)
        or any(a in ("-qv", "--", "-", "", "--reports=", "other.toml", "--help") for a in args)
        or args[-2:] == ["--reports", "-q"]
    )


def test_the_nightly_audit_takes_the_fast_path_only_for_lines_it_understands() -> None:
    from auditor.cli.nightly import fast_path

    assert fast_path(["audit", "--help"]) is None
    assert fast_path(["--version", "audit", "x"]) is None
    assert fast_path(["crawl", "x"]) is None


@pytest.mark.parametrize(
    "args",
    [
        ["audit", "missing.toml", "-q"],  # a game file that does not exist: exit 3
        ["audit", "missing.toml"],
        ["audit", "game.toml", "--no-crawl", "-q"],  # never crawled: exit 2
        ["audit", "game.toml", "--reports", "r", "-v"],
        ["audit", "game.toml", "--reports=r", "--progress-json"],
    ],
)
def test_the_fast_path_says_what_typer_says(sample: Path, args: list[str]) -> None:
    """The same exit code, output and messages as the typer command, on two copies of the
    sample (the report folder's names are the game folder's and the run's time: they are
    compared without them)."""
    import re

    other = sample.parent.parent / "other"
    shutil.copytree(sample.parent, other)
    fast = _cli("one", args, sample.parent)
    typer_says = _cli("one", ["typer", *args], other)
    stamp = re.compile(r"\d{8}-\d{6}")
    assert [stamp.sub("T", x) for x in map(str, fast)] == [
        stamp.sub("T", x).replace(str(other), str(sample.parent)).replace("/other/", "/sample/")
        for x in map(str, typer_says)
    ]
    assert fast[0] != 0 or "审计完成" in fast[1]


def test_the_audit_through_one_module_is_the_audit_through_all(sample: Path) -> None:
    reports = str(sample.parent / "r")
    code, out, err = _cli("one", ["audit", "game.toml", "--reports", reports], sample.parent)
    assert code == 0, err
    assert out.startswith("审计完成：新帖 207")
    code, again, err = _cli("all", ["audit", "game.toml", "--reports", reports], sample.parent)
    assert code == 0, err
    assert "新帖 0" in again and "没有变化，沿用上次的报告" in again


def test_plain_values_are_coerced_as_typer_would(tmp_path: Path) -> None:
    """Path, str and bool parameters skip typer's pydantic adapter (cli.common._plain): for
    every such parameter of every command, the same value or the same error as typer's own
    coercion, on paths that exist, do not exist, are folders, empty, ``-``."""
    import typer.main
    from typer._click.core import Context
    from typer._click.exceptions import BadParameter
    from typer._coercion import build_runtime_param

    from auditor.cli import app, common

    assert common._plain is not None  # typer's internals are the ones it was written for
    existing = tmp_path / "game.toml"
    existing.write_text("", "utf-8")
    values: list[Any] = [
        str(existing),
        str(tmp_path),
        str(tmp_path / "missing.toml"),
        "",
        "-",
        "a b",
        existing,
        Path("reports"),
        None,
        True,
        False,
        "yes",
        "0",
        7,
    ]

    def outcome(runtime: Any, value: Any, param: Any, ctx: Any) -> object:
        try:
            return ("ok", runtime.coerce(value, param=param, ctx=ctx))
        except BadParameter as exc:
            return ("error", exc.format_message())

    def commands(cmd: Any) -> list[Any]:
        found = [cmd]
        for sub in getattr(cmd, "commands", {}).values():
            found.extend(commands(sub))
        return found

    plain = 0
    for cmd in commands(typer.main.get_command(app)):
        ctx = Context(cmd)
        for param in [*cmd.params, cmd.get_help_option(ctx)]:
            if param is None or type(param._runtime_param).__name__ != "PlainParam":
                continue
            plain += 1
            typers = build_runtime_param(param.type_descriptor)
            for value in values:
                ours = outcome(param._runtime_param, value, param, ctx)
                assert ours == outcome(typers, value, param, ctx), (cmd.name, param.name, value)
    assert plain > 30  # GAME of every command, --reports, the flags, --help


_LINES = [
    "审计完成：新帖 0，新草稿 0，待处理 21，问题 0。没有变化，沿用上次的报告：/r/s/1/report.html",
    "markup [bold]x[/] \\[y] [link=https://e.com]a[/link] [ ] [/]",
    "ends in a backslash \\",
    "a\\ b\\\\",
    "  leading and trailing  ",
    "tab\there, carriage\rreturn, bell\x07, form feed\x0c, line\nbreak",
    "escape \x1b[31mred\x1b[0m, nul \x00, del \x7f, \x1f, \u2028, \x85",
    "bidi \u202e1 and zero width \u200b shown as code points",
    "wide ＡＢＣ 😀, e\u0301, \u3000" + "长" * 200,
    "C:\\reports\\report.html :smile: :thumbs_up:",
    "",
]


@pytest.mark.parametrize("terminal", [False, True])
def test_the_summary_line_is_written_as_rich_prints_it(
    terminal: bool,
) -> None:
    """``print_line`` writes the line itself when rich would print it unchanged (so a quiet
    night loads no rich), else lets rich print it: the same text either way, on a terminal
    or not, for markup, backslashes, control codes, tabs, emoji codes and wide text."""
    import io

    from rich.console import Console

    from auditor.cli import console

    def captured(write: Any, *args: Any, **kwargs: Any) -> str:
        raw = io.BytesIO()
        stream = io.TextIOWrapper(raw, encoding="utf-8", newline="\n", write_through=True)
        real, sys.stdout = sys.stdout, stream
        try:
            write(*args, **kwargs)
        finally:
            sys.stdout = real
        return raw.getvalue().decode("utf-8")

    stream = console._VisibleStream("stdout")
    rich_console = Console(file=stream, force_terminal=terminal, width=60)  # type: ignore[arg-type]
    plain = 0
    for line in _LINES:
        options = {"highlight": False, "soft_wrap": True, "emoji": ":" in line}
        rich_prints = captured(rich_console.print, console.escape(line), **options)
        assert captured(console.print_line, line) == rich_prints, line
        plain += console._RICH_REWRITES.isdisjoint(line) and not line.endswith("\\")
    assert plain >= 5  # the plain write was taken, not only rich


@pytest.mark.parametrize(
    "env",
    [
        {},
        {"FORCE_COLOR": "1"},
        {"FORCE_COLOR": ""},
        {"TTY_COMPATIBLE": "0"},
        {"TTY_COMPATIBLE": "1"},
    ],
    ids=repr,
)
@pytest.mark.parametrize("tty", [False, True])
def test_the_progress_bar_asks_rich_only_when_it_could_be_drawn(
    env: dict[str, str], tty: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``stderr_is_terminal`` is rich's ``err.is_terminal`` (on a pipe and on a terminal,
    whatever FORCE_COLOR and TTY_COMPATIBLE say), without making the console on a pipe."""
    import io
    import pty

    from rich.console import Console

    from auditor.cli import console

    for name in ("FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    if tty:
        leader, follower = pty.openpty()
        stream: Any = open(follower, "w", encoding="utf-8", closefd=True)  # noqa: SIM115
        os.close(leader)
    else:
        stream = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    try:
        monkeypatch.setattr(sys, "stderr", stream)
        lazy = console._LazyConsole("stderr", stderr=True, soft_wrap=True)
        monkeypatch.setattr(console, "err", lazy)
        fresh = Console(file=console._VisibleStream("stderr"), stderr=True)  # type: ignore[arg-type]
        rich_says = fresh.is_terminal
        assert console.stderr_is_terminal() == rich_says
        if not tty and not env:
            assert lazy._console is None  # rich was not asked
    finally:
        monkeypatch.undo()
        stream.close()


@pytest.mark.parametrize("at_import", [{}, {"COLUMNS": "120"}, {"COLUMNS": "120", "LINES": "40"}])
def test_a_console_made_on_first_use_sizes_itself_as_one_made_at_import(
    at_import: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The consoles used to be made at import: one made later, while a command run in-process
    has COLUMNS set, has the width and height a console made at import has, then and after."""
    from rich.console import Console

    from auditor.cli import console

    for name in ("COLUMNS", "LINES"):
        monkeypatch.delenv(name, raising=False)
    for name, value in at_import.items():
        monkeypatch.setenv(name, value)
    stream = console._VisibleStream("stdout")
    made_then = Console(file=stream)  # type: ignore[arg-type]
    lazy = console._LazyConsole("stdout")
    sizes = []
    for columns in ("200", "90", None):
        if columns is None:
            monkeypatch.delenv("COLUMNS", raising=False)
        else:
            monkeypatch.setenv("COLUMNS", columns)
        sizes.append((lazy.console.width, lazy.console.height))
        assert sizes[-1] == (made_then.width, made_then.height), columns
    assert len(set(sizes)) == (1 if at_import else 3)  # fixed at import, or read at each print


# --- a night with nothing new -------------------------------------------------------------


def _result(r: pipeline.AuditResult) -> dict[str, Any]:
    return dataclasses.asdict(r)


def test_a_quiet_night_says_what_the_full_path_says(
    sample: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reports = sample.parent / "r"
    first = pipeline.audit(sample, reports=reports)
    assert first.ok and not first.report_unchanged
    full_path: list[int] = []
    real = pipeline._judge_and_report

    def counted(*args: Any, **kwargs: Any) -> None:
        full_path.append(1)
        real(*args, **kwargs)

    monkeypatch.setattr(pipeline, "_judge_and_report", counted)
    quiet = pipeline.audit(sample, reports=reports)
    assert full_path == [] and quiet.report_unchanged and quiet.report == first.report
    monkeypatch.setattr(pipeline, "_quiet_night", lambda *a, **k: False)
    judged = pipeline.audit(sample, reports=reports)
    assert full_path == [1] and judged.report_unchanged
    assert _result(quiet) == _result(judged)
    assert quiet.pending == first.pending > 0 and quiet.findings == first.findings > 0
    assert quiet.line() == judged.line()
    # Both recorded as an audit run with the same summary.
    with Store(load_game(sample).store) as store:
        rows = store.db.execute(
            "SELECT status, summary FROM runs WHERE command='audit' ORDER BY id"
        ).fetchall()
    assert [r["status"] for r in rows] == ["ok", "ok", "ok"]
    assert json.loads(rows[1]["summary"]) == json.loads(rows[2]["summary"])


def _nothing(game: Path) -> None:
    return None


def _add_lexicon(game: Path) -> None:
    (game.parent / "mine.txt").write_text("@category ANIMAL\n\n土拨鼠\n", "utf-8")
    text = game.read_text("utf-8")
    game.write_text(text.replace("[players]", '[rules]\nlexicons = ["mine.txt"]\n\n[players]'))


def _edit_lexicon(game: Path) -> None:
    lex = game.parent / "mine.txt"
    lex.write_text(lex.read_text("utf-8") + "河马\n", "utf-8")


def _edit_game_file(game: Path) -> None:
    game.write_text(game.read_text("utf-8") + "\n# 导演的备注\n", "utf-8")


def _decide(game: Path) -> None:
    with Store(load_game(game).store) as s:
        fp, fid = s.db.execute("SELECT fingerprint, id FROM findings WHERE active=1").fetchone()
        s.add_decisions([{"fingerprint": fp, "finding_id": fid, "decision": "reject"}])


def _edit_post(game: Path) -> None:
    page = game.parent / "pages" / "thread-101-p1.html"
    text = page.read_text("utf-8")
    anchor = 'id="postmessage_1002">'
    assert anchor in text
    page.write_text(text.replace(anchor, anchor + "补一句。", 1), "utf-8")


@pytest.mark.parametrize(
    ("setup", "news"),
    [
        (_nothing, _edit_game_file),
        (_add_lexicon, _edit_lexicon),
        (_nothing, _decide),
        (_nothing, _edit_post),
    ],
    ids=lambda f: f.__name__,
)
def test_any_news_takes_the_full_path(sample: Path, setup: Any, news: Any) -> None:
    reports = sample.parent / "r"
    setup(sample)
    pipeline.audit(sample, reports=reports)
    quiet = pipeline._quiet_night
    said: list[bool] = []

    def watched(*args: Any, **kwargs: Any) -> bool:
        said.append(quiet(*args, **kwargs))
        return said[-1]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(pipeline, "_quiet_night", watched)
        pipeline.audit(sample, reports=reports)
        assert said == [True]  # nothing new yet
        news(sample)
        night = pipeline.audit(sample, reports=reports)
        assert said == [True, False]
        assert night.ok
        pipeline.audit(sample, reports=reports)  # and the night after: quiet again
        assert said == [True, False, True]


def test_a_day_opening_or_closing_takes_the_full_path(
    sample: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reports = sample.parent / "r"
    pipeline.audit(sample, reports=reports)
    game = load_game(sample)
    last = max(t for d in game.days for t in (d.opens, d.closes))
    real_now = pipeline._forum_now
    assert real_now(game) > last  # the sample's days are over: no boundary ahead
    assert pipeline.audit(sample, reports=reports).report_unchanged
    # Seen from before the last close, the close lies between the last check and "now".
    monkeypatch.setattr(pipeline, "_forum_now", lambda g: last - timedelta(minutes=1))
    with Store(game.store) as store:
        assert not pipeline._quiet_night(
            pipeline.current(game, store),
            store,
            pipeline.AuditResult(),
            store.state.night,
            {"problems": []},
            reports,
            False,
        )


def test_the_quiet_night_reads_every_data_file_the_findings_depend_on(sample: Path) -> None:
    from auditor.rules.base import DATA_DEPENDENCIES
    from auditor.rules.registry import REGISTRY

    assert REGISTRY  # every rule module registered (and its data dependencies with it)
    game = load_game(sample)
    assert [d(game) for d in DATA_DEPENDENCIES] == [d(game) for d in pipeline.QUIET_DATA]


# --- a saved page in a view its thread does not use ---------------------------------------


def test_a_save_in_an_unused_view_is_parsed_once(
    sample: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import auditor.forum.crawl as crawl_mod

    game = load_game(sample)
    parsed: list[str] = []
    real = crawl_mod.parse_page

    def counting(fetched: Any, tz: Any, **kwargs: Any) -> Any:
        parsed.append(fetched.url.rsplit("/", 1)[-1])
        return real(fetched, tz, **kwargs)

    monkeypatch.setattr(crawl_mod, "parse_page", counting)
    with Store(game.store) as store:
        first = crawl_mod.crawl(game, store)
        assert first.ok and any(name.startswith("api-viewthread") for name in parsed)
        assert "index.json" not in parsed  # known without the parser
        parsed.clear()
        again = crawl_mod.crawl(game, store)
        assert again.ok and again.new_posts == again.changed_posts == 0 and parsed == []


def test_a_thread_whose_desktop_saves_are_gone_is_read_from_its_api_saves(
    tmp_path: Path,
) -> None:
    """Night 1 reads thread 103 from its desktop pages (its API saves noted as unused);
    then the desktop pages are removed: night 2 reads the API saves, and the store ends
    exactly as it does when those saves were never noted (parsed afresh that night, as
    before they were noted)."""
    import auditor.forum.crawl as crawl_mod

    def night_two(name: str, forget: bool) -> tuple[dict[str, object], list[tuple[object, ...]]]:
        folder = tmp_path / name
        shutil.copytree(SAMPLE, folder, ignore=shutil.ignore_patterns("*.sqlite*", "*.lock"))
        game = load_game(folder / "game.toml")
        with Store(game.store) as store:
            assert crawl_mod.crawl(game, store).ok
            noted = store.db.execute(
                "SELECT COUNT(*) FROM saved_files WHERE cache_key LIKE '%|unused'"
            ).fetchone()[0]
            assert noted >= 20  # every API save of every thread (they all have desktop pages)
            if forget:
                store.db.execute("DELETE FROM saved_files WHERE cache_key LIKE '%|unused'")
                store.db.commit()
        for page in (folder / "pages").glob("thread-103-p*.html"):
            page.unlink()
        with Store(game.store) as store:
            night = crawl_mod.crawl(game, store)
            assert night.ok, night.problems
            assert night.sources[103] == "saved-api"
            rows = store.db.execute(
                "SELECT p.pid, p.tid, p.floor, p.version, p.deleted, v.content_hash"
                " FROM posts p JOIN post_versions v ON v.pid = p.pid AND v.version = p.version"
                " ORDER BY p.pid"
            ).fetchall()
        summary = {k: v for k, v in night.as_dict().items() if k != "skipped"}
        return summary, [tuple(r) for r in rows]

    noted, posts = night_two("noted", forget=False)
    afresh, expected = night_two("afresh", forget=True)
    assert noted == afresh
    assert posts == expected
    assert len([p for p in posts if p[1] == 103]) > 20


def test_the_help_lists_every_command_in_the_order_it_always_had(tmp_path: Path) -> None:
    code, out, err = _cli("one", ["--help"], tmp_path)
    assert code == 0, err
    listed = [line.split()[1] for line in out.splitlines() if line.startswith("│ ")]
    names = [n for n in listed if n.isascii() and n.isalpha()]
    assert names == [
        "init",
        "crawl",
        "posts",
        "audit",
        "game",
        "events",  # (session 47: 改 / 撤销 a confirmed event)
        "decide",
        "card",
        "ledger",
        "review",
        "report",
        "activity",
        "status",
        "check",
        "findings",
        "rules",
        "serve",
        "votes",
        "post",
        "decisions",
        "lexicon",
    ]
