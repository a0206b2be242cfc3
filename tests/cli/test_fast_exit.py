"""``python -m auditor`` ends a finished command with ``os._exit`` (no interpreter
teardown, issue 16): everything it printed is still there, the store is closed (its WAL
checkpointed), and the exit status and messages are those of a normal exit."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests import paths

ROOT = paths.ROOT
SAMPLE = ROOT / "examples" / "sample"


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    """A private copy of the sample game (never crawled)."""
    shutil.copytree(SAMPLE, tmp_path / "s", ignore=shutil.ignore_patterns("*.sqlite*", "*.lock"))
    return tmp_path / "s" / "game.toml"


def _auditor(args: list[str], stdout: object = subprocess.PIPE) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "auditor", *args],
        cwd=ROOT,
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=300,
    )


def test_output_into_a_file_is_complete_and_the_store_closed(sample: Path, tmp_path: Path) -> None:
    # A file, not a pipe: stdout is block-buffered, so an exit that skipped the flush
    # would leave the file empty.
    out = tmp_path / "out.txt"
    with out.open("w") as f:
        done = _auditor(["audit", str(sample), "--reports", str(tmp_path / "r")], stdout=f)
    assert done.returncode == 0, done.stderr
    text = out.read_text("utf-8")
    assert text.startswith("审计完成：新帖 207") and text.endswith("report.html\n"), text
    store = sample.with_name("game.sqlite")
    # The last connection closed before the exit: SQLite checkpointed the WAL into the
    # file and removed it.
    assert not store.with_name("game.sqlite-wal").exists()
    with sqlite3.connect(store) as db:
        assert db.execute("SELECT COUNT(*) FROM posts").fetchone()[0] == 207
    again = _auditor(["audit", str(sample), "--reports", str(tmp_path / "r")])
    assert again.returncode == 0 and "没有变化，沿用上次的报告" in again.stdout


def test_an_error_keeps_its_exit_code_and_chinese_message(tmp_path: Path) -> None:
    done = _auditor(["audit", str(tmp_path / "missing.toml")])
    assert done.returncode == 3
    assert "missing.toml" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("code", "status", "err"),
    [(None, 0, ""), (4, 4, ""), ("游戏文件有误", 1, "游戏文件有误\n")],
)
def test_exit_now_is_system_exit_without_the_teardown(code: object, status: int, err: str) -> None:
    script = (
        "import sys\n"
        "from auditor.__main__ import _exit_now\n"
        "sys.stdout.write('已写出')\n"  # no newline: still in the buffer
        f"_exit_now({code!r})\n"
        "print('never')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert (done.returncode, done.stdout, done.stderr) == (status, "已写出", err)
