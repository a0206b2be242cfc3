"""Hostile game files (issue 32, items 4 and 7): each is exit 3 naming the file and key,
never a traceback, never exit 1 (which cron reads as an incomplete crawl); a store that
cannot be one is exit 6."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from auditor.errors import GameFileError, StoreError
from auditor.game.gamefile import load_game
from tests.game.test_gamefile import BASE, write

DEEP = 3000  # far past the interpreter's recursion limit


@pytest.mark.parametrize(
    ("change", "key", "reason"),
    [
        # a date in year 1: once an OverflowError when the time was put in the game's zone
        (
            ("opens = 2026-11-20T09:00:00+08:00", "opens = 0001-01-01T00:00:00+08:00"),
            "day[1].opens",
            "2000 年到 2100 年",
        ),
        (
            ("opens = 2026-11-20T09:00:00+08:00", "opens = 0001-01-01T00:00:00"),
            "day[1].opens",
            "2000 年到 2100 年",
        ),
        (
            ("closes = 2026-11-21T22:00:00+08:00", "closes = 9999-12-31T23:59:59-08:00"),
            "day[1].closes",
            "2000 年到 2100 年",
        ),
        # a name with a line break or another control character (the forum allows none)
        (('["饺子", "包子"]', '["饺\\n子", "包子"]'), "players.names", "饺<U+000A>子"),
        (('["饺子", "包子"]', '["饺\\u0007子", "包子"]'), "players.names", "控制字符"),
        (('["饺子", "包子"]', '["饺\\t子", "包子"]'), "players.names", "控制字符"),
        (('directors = ["导演"]', 'directors = ["导\\u001b[31m演"]'), "game.directors", "控制字符"),
        # tids the forum never has: once crawl problems, not game-file errors
        (("tid = 2", "tid = 0"), "thread[1].tid", "1 到 4294967295"),
        (("tid = 2", "tid = 9223372036854775807"), "thread[1].tid", "1 到 4294967295"),
        (
            ("tid = 2", 'url = "http://bbs.example.com/thread-0-1-1.html"'),
            "thread[1].tid",
            "1 到 4294967295",
        ),
    ],
)
def test_hostile_values_are_game_file_errors(
    tmp_path: Path, change: tuple[str, str], key: str, reason: str
) -> None:
    text = BASE.replace(*change)
    assert text != BASE
    path = write(tmp_path, text)
    with pytest.raises(GameFileError) as info:
        load_game(path)
    assert info.value.key == key, str(info.value)
    assert reason in info.value.reason, info.value.reason
    assert str(path) in str(info.value)


@pytest.mark.parametrize(
    ("value", "key"),
    [
        ("[" * DEEP + "]" * DEEP, "rules.x"),
        ("{ a = " * DEEP + "1" + " }" * DEEP, "rules.x"),
    ],
)
def test_toml_nested_thousands_deep_is_a_game_file_error(
    tmp_path: Path, value: str, key: str
) -> None:
    path = write(tmp_path, BASE + f"\n[rules]\nx = {value}\n")
    with pytest.raises(GameFileError) as info:
        load_game(path)
    assert info.value.key == key, str(info.value)
    assert "嵌套太深" in info.value.reason and "第 " in info.value.reason, info.value.reason


def test_nesting_inside_a_known_key_is_named_too(tmp_path: Path) -> None:
    nested = "[" * DEEP + '"饺子"' + "]" * DEEP
    path = write(tmp_path, BASE.replace('names = ["饺子", "包子"]', f"names = {nested}"))
    with pytest.raises(GameFileError) as info:
        load_game(path)
    assert info.value.key == "players.names", str(info.value)


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "auditor", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "200"},
    )


@pytest.mark.parametrize(
    "change",
    [
        ("opens = 2026-11-20T09:00:00+08:00", "opens = 0001-01-01T00:00:00+08:00"),
        ("[players]", "[rules]\nx = " + "[" * DEEP + "]" * DEEP + "\n\n[players]"),
        ('["饺子", "包子"]', '["饺\\n子", "包子"]'),
        ("tid = 2", "tid = 0"),
    ],
)
def test_the_cli_says_it_with_exit_3(tmp_path: Path, change: tuple[str, str]) -> None:
    path = write(tmp_path, BASE.replace(*change))
    for command in ("game", "audit"):
        res = _cli(command, str(path), cwd=tmp_path)
        assert res.returncode == 3, (command, res.returncode, res.stderr)
        assert "Traceback" not in res.stderr + res.stdout
        assert f"游戏文件 {path}：" in res.stderr, res.stderr


def test_a_store_in_a_missing_folder_is_refused_and_not_created(tmp_path: Path) -> None:
    from auditor.pipeline import open_store

    path = write(
        tmp_path,
        BASE.replace('directors = ["导演"]', 'directors = ["导演"]\nstore = "nope/m.sqlite"'),
    )
    game = load_game(path)
    with pytest.raises(StoreError) as info, open_store(game):
        pass
    assert "文件夹" in str(info.value) and "不存在" in str(info.value), str(info.value)
    assert not (tmp_path / "nope").exists()
    res = _cli("audit", str(path), cwd=tmp_path)
    assert res.returncode == 6, res.stderr
    assert "Traceback" not in res.stderr and not (tmp_path / "nope").exists()


def test_a_store_that_is_no_regular_file_is_called_what_it_is(tmp_path: Path) -> None:
    from auditor.pipeline import open_store

    path = write(
        tmp_path, BASE.replace('directors = ["导演"]', 'directors = ["导演"]\nstore = "/dev/full"')
    )
    game = load_game(path)
    with pytest.raises(StoreError) as info, open_store(game):
        pass
    assert "一个空文件" not in str(info.value)
    assert "不是普通文件" in str(info.value) and "设备" in str(info.value), str(info.value)
    fifo = tmp_path / "pipe.sqlite"
    os.mkfifo(fifo)
    path = write(
        tmp_path,
        BASE.replace('directors = ["导演"]', f'directors = ["导演"]\nstore = "{fifo.name}"'),
    )
    with pytest.raises(StoreError) as info, open_store(load_game(path)):
        pass
    assert "不是普通文件" in str(info.value) and "管道" in str(info.value), str(info.value)
