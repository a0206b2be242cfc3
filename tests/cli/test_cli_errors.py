"""A newcomer's first hour: mistakes get a Chinese message and the documented exit code,
never a traceback, an empty table or a silent success."""

from __future__ import annotations

import re
import shutil
from datetime import datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from tests import paths

SAMPLE = paths.ROOT / "examples" / "sample"
runner = CliRunner()


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    """A private copy of the sample game (never crawled)."""
    shutil.copytree(SAMPLE, tmp_path / "s", ignore=shutil.ignore_patterns("*.sqlite*", "*.lock"))
    return tmp_path / "s" / "game.toml"


def test_init_into_a_missing_folder_is_a_chinese_error(tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "dir" / "x.toml"
    res = runner.invoke(app, ["init", str(target)])
    assert res.exit_code == 2, res.output
    assert res.exception is None or isinstance(res.exception, SystemExit)
    assert "Traceback" not in res.output
    assert "不存在" in res.output and "x.toml" in res.output
    assert not target.parent.exists()  # nothing created on the way


def test_init_without_a_file_name_says_what_to_give_with_an_example(tmp_path: Path) -> None:
    """``auditor init`` alone: not just 缺少参数 PATH, but what to type, with an example,
    and nothing written."""
    res = runner.invoke(app, ["init"], terminal_width=200)
    assert res.exit_code == 2, res.output
    text = re.sub(r"[│╭╮╰╯─\s]+", "", res.output)
    assert "新游戏文件的名字" in text, res.output
    assert "例：auditorinitm107.toml" in text, res.output
    assert "Traceback" not in res.output


def test_a_missing_game_file_says_what_to_give_with_the_commands_example() -> None:
    res = runner.invoke(app, ["audit"], terminal_width=200)
    assert res.exit_code == 2, res.output
    text = re.sub(r"[│╭╮╰╯─\s]+", "", res.output)
    assert "要在命令后面写上：游戏文件" in text and "例：auditoraudit" in text, res.output


def test_check_and_audit_without_crawl_refuse_a_game_never_crawled(
    sample: Path, tmp_path: Path
) -> None:
    from auditor.game.gamefile import load_game
    from auditor.store import Store

    res = runner.invoke(app, ["check", str(sample)])
    assert res.exit_code == 2, res.output
    assert "还没有抓取过" in res.output and "auditor crawl" in res.output
    res = runner.invoke(app, ["audit", str(sample), "--no-crawl", "--reports", str(tmp_path / "r")])
    assert res.exit_code == 2, res.output
    assert "还没有抓取过" in res.output
    assert not (tmp_path / "r").exists()
    with Store(load_game(sample).store) as store:
        assert store.findings() == []  # no lurking drafts for 8 players x 3 days
    # once crawled, both work
    assert runner.invoke(app, ["crawl", str(sample)]).exit_code == 0
    assert runner.invoke(app, ["check", str(sample)]).exit_code == 0


@pytest.mark.parametrize(
    "args",
    [
        ["status", "--now", "2026-11-21T20:00"],
        ["findings"],
        ["activity"],
        ["votes"],
        ["ledger"],
        ["posts"],
        ["report"],  # (once an empty report, exit 0)
        ["review"],  # (once 没有待处理的草稿, and a store made)
        ["decide", "F0000000AA", "approve"],
        ["decisions", "export", "d.csv"],
        ["decisions", "import", "d.csv"],
    ],
)
def test_read_only_commands_on_a_game_never_crawled_say_so_and_create_no_store(
    sample: Path, args: list[str]
) -> None:
    from auditor.game.gamefile import load_game

    store = load_game(sample).store
    if args[0] == "decisions":  # (a subcommand: the game file after it)
        args = [args[0], args[1], str(sample), *args[2:]]
    else:
        args = [args[0], str(sample), *args[1:]]
    res = runner.invoke(app, args)
    assert res.exit_code == 2, res.output
    assert "还没有抓取过" in res.output and "auditor crawl" in res.output
    assert "不足" not in res.output  # no table of zero posts
    assert not Path(store).exists()  # a read-only command creates no store


@pytest.mark.parametrize("command", ["status", "findings", "activity", "votes"])
def test_read_only_commands_on_an_empty_store_say_never_crawled(sample: Path, command: str) -> None:
    from auditor.game.gamefile import load_game
    from auditor.store import Store

    with Store(load_game(sample).store):  # the store exists (e.g. `decisions import`), no crawl
        pass
    now = [] if command == "findings" else ["--now", "2026-11-21T20:00"]
    res = runner.invoke(app, [command, str(sample), *now])
    assert res.exit_code == 2, res.output
    assert "还没有抓取过" in res.output


def test_status_with_no_open_day_exits_0(sample: Path) -> None:
    assert runner.invoke(app, ["crawl", str(sample)]).exit_code == 0
    res = runner.invoke(app, ["status", str(sample), "--now", "2027-01-01T00:00"])
    assert res.exit_code == 0, res.output
    assert "没有正在进行的讨论日" in res.output


def test_now_accepts_minutes_without_seconds(sample: Path) -> None:
    assert runner.invoke(app, ["crawl", str(sample)]).exit_code == 0
    with_seconds = runner.invoke(
        app, ["status", str(sample), "--now", "2026-11-21T20:00:00", "-f", "csv"]
    )
    assert with_seconds.exit_code == 0, with_seconds.output
    for form in ("2026-11-21T20:00", "2026-11-21 20:00"):
        res = runner.invoke(app, ["status", str(sample), "--now", form, "-f", "csv"])
        assert res.exit_code == 0, res.output
        assert res.stdout == with_seconds.stdout
    res = runner.invoke(app, ["votes", str(sample), "--now", "2026-11-21 20:00", "-f", "csv"])
    assert res.exit_code == 0, res.output


@pytest.mark.parametrize(
    ("args", "chinese", "english"),
    [
        (["posts"], "缺少参数 GAME", "Missing argument"),
        (["posts", "g.toml", "--bogus"], "没有这个选项：--bogus", "No such option"),
        (["posts", "g.toml", "--dya", "2"], "你是不是想用 --day", "Possible options"),
        (["status", "g.toml", "--now", "2026"], "不是可以识别的时间", "does not match"),
        (["status", "g.toml", "--now", "2026"], "2026-11-21T20:00", "%Y"),
        (["posts", "g.toml", "--day", "abc"], "应为整数", "Input should be"),
        (["posts", "g.toml", "-f", "xml"], "不是可选的值", "is not one of"),
        (["posts", "g.toml", "extra"], "多余的参数：extra", "unexpected extra"),
        (["posts", "g.toml", "--day"], "后面要跟一个值", "requires an argument"),
        (["card", "g.toml", "饺子"], "缺少选项 --card", "Missing option"),
        (["nosuch"], "没有这个命令：nosuch", "No such command"),
        (["decisions", "export"], "缺少参数 GAME", "Missing argument"),
    ],
)
def test_option_errors_are_chinese(args: list[str], chinese: str, english: str) -> None:
    res = runner.invoke(app, args)
    assert res.exit_code == 2, res.output
    assert chinese in res.output
    assert english not in res.output
    assert "Usage:" not in res.output


def test_help_text_is_chinese() -> None:
    for args in (["--help"], ["posts", "--help"], ["decisions", "export", "--help"]):
        res = runner.invoke(app, args)
        assert res.exit_code == 0, res.output
        assert "显示这条帮助并退出" in res.output and "用法：" in res.output
        assert "Show this message" not in res.output and "Usage:" not in res.output
    res = runner.invoke(app, ["posts", "--help"])
    assert "[默认：table]" in res.output and "[必填]" in res.output


def _every_command(group, path: list[str]):  # type: ignore[no-untyped-def]
    yield path
    for name, sub in getattr(group, "commands", {}).items():
        yield from _every_command(sub, [*path, name])


def test_every_help_has_chinese_placeholders() -> None:
    """Issue 30: no ``[OPTIONS] COMMAND [ARGS]...`` in the usage line, no ``<bool>`` beside a
    flag (it takes no value), no ``<list[Path]>``, ``<int>``, ``<str>`` or ``<path>``."""
    import typer

    english = re.compile(r"\[OPTIONS\]|COMMAND|\[ARGS\]|<[^<>]*(?:bool|int|str|path|Path|list\[)")
    commands = list(_every_command(typer.main.get_command(app), []))
    assert len(commands) > 20
    for path in commands:
        res = runner.invoke(app, [*path, "--help"], terminal_width=200)
        assert res.exit_code == 0, (path, res.output)
        found = english.findall(res.output)
        assert not found, (path, found, res.output)
    root = runner.invoke(app, ["--help"], terminal_width=200).output
    assert "用法：auditor [选项] 命令 [参数]..." in root
    serve = runner.invoke(app, ["serve", "--help"], terminal_width=200).output
    assert "<路径…>" in serve and "<整数>" in serve and "<文本>" in serve
    audit = runner.invoke(app, ["audit", "--help"], terminal_width=200).output
    assert "<路径>" in audit


def test_unknown_usage_messages_keep_their_text_behind_a_chinese_lead() -> None:
    from auditor.cli.common import chinese_usage_error

    assert chinese_usage_error("Something new.") == "用法错误：Something new."


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["posts", "--player", "包了"], ["没有这个人 包了", "是不是 包子", "饺子"]),
        (["posts", "--day", "9"], ["没有这一天 9", "可选：1、2、3"]),
        (["posts", "--thread", "999"], ["没有主题 999", "101"]),
        (["findings", "--player", "汤元"], ["没有这个人 汤元", "是不是 汤圆"]),
        (["findings", "--code", "LURK-DA"], ["没有规则 LURK-DA", "是不是 LURK-DAY？"]),
        (["votes", "--day", "7"], ["没有这一天 7", "1、2、3"]),
        (["activity", "--day", "0"], ["没有这一天 0"]),
        (["activity", "--player", "豆桨"], ["没有玩家 豆桨", "是不是 豆浆"]),
    ],
)
def test_a_filter_that_matches_nothing_names_the_choices(
    sample: Path, args: list[str], expected: list[str]
) -> None:
    assert runner.invoke(app, ["crawl", str(sample)]).exit_code == 0
    res = runner.invoke(app, [args[0], str(sample), *args[1:]], env={"COLUMNS": "300"})
    assert res.exit_code == 2, res.output
    text = " ".join(re.sub("[│╭╮╰╯─]", " ", res.output).split())  # the panel's wrapping
    for piece in expected:
        assert piece in text, text


def test_valid_filters_still_work(sample: Path) -> None:
    assert runner.invoke(app, ["crawl", str(sample)]).exit_code == 0
    assert runner.invoke(app, ["check", str(sample)]).exit_code == 0
    for args in (
        ["posts", "--player", "包子", "--day", "1", "--thread", "101"],
        ["findings", "--code", "lurk-day"],
        ["activity", "--day", "2", "--player", "豆浆"],
        ["votes", "--day", "1"],
    ):
        res = runner.invoke(app, [args[0], str(sample), *args[1:], "-f", "csv"])
        assert res.exit_code == 0, res.output
        assert len(res.stdout.splitlines()) >= 2, (args, res.stdout)  # header and rows
    res = runner.invoke(app, ["activity", str(sample), "--player", "豆浆", "-f", "csv"])
    assert {line.split(",")[0] for line in res.stdout.splitlines()[1:]} == {"豆浆"}


def test_posts_versions_times_are_forum_time_with_offset(sample: Path) -> None:
    """Every version's seen_at (the current one too) is in forum time with its offset,
    like posted_at beside it; the store keeps UTC."""
    import csv
    import io
    from dataclasses import replace

    from auditor.game.gamefile import load_game
    from auditor.models import HiddenReason
    from auditor.store import Store

    assert runner.invoke(app, ["crawl", str(sample)]).exit_code == 0
    game = load_game(sample)
    with Store(game.store) as store:
        post = next(sp.post for sp in store.posts() if sp.post.author == "包子")
        store.upsert_posts([replace(post, text="", lines=(), hidden=HiddenReason.MODERATOR)], None)
        stored = [seen for _n, seen, _p in store.versions(post.pid or 0)]
    assert all(s.endswith("+00:00") for s in stored)  # UTC in the store
    res = runner.invoke(app, ["posts", str(sample), "--player", "包子", "--versions", "-f", "csv"])
    assert res.exit_code == 0, res.output
    rows = [r for r in csv.DictReader(io.StringIO(res.stdout)) if r["pid"] == str(post.pid)]
    assert [r["version"] for r in rows] == ["1", "2"]
    for row, utc in zip(rows, stored, strict=True):
        assert row["seen_at"], row  # the current version's too
        assert row["seen_at"].endswith("+08:00") and row["posted_at"].endswith("+08:00")
        assert datetime.fromisoformat(row["seen_at"]) == datetime.fromisoformat(utc)


def test_init_without_a_name_says_in_chinese_what_to_give() -> None:
    res = runner.invoke(app, ["init"], env={"COLUMNS": "100"})
    assert res.exit_code == 2
    said = res.output
    assert "缺少参数 文件名" in said and "PATH" not in said and "m107.toml" in said, said


def test_the_desks_progress_flag_is_not_in_the_audits_help() -> None:
    res = runner.invoke(app, ["audit", "--help"], env={"COLUMNS": "120"})
    assert res.exit_code == 0 and "--quiet" in res.output
    assert "--progress-json" not in res.output, res.output
