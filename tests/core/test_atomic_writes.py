"""Hardening (issue 13, item 9): a write to a full disk leaves no 0-byte or half file.

Every file the tool writes goes through :func:`auditor.files.write_atomic`.  The faults are
real: the child process gets a file-size limit (``RLIMIT_FSIZE``, with SIGXFSZ ignored, so
a write past it fails with EFBIG as a write to a full disk fails with ENOSPC), and output
redirected to ``/dev/full`` (ENOSPC on every write)."""

from __future__ import annotations

import os
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from auditor.files import WriteError, write_atomic
from auditor.game.gamefile import load_game
from tests import paths

REPO = paths.ROOT
EXIT_WRITE = 2


def _sample(tmp_path: Path) -> Path:
    sample = tmp_path / "sample"
    shutil.copytree(
        REPO / "examples" / "sample", sample, ignore=shutil.ignore_patterns("*.sqlite*", "*.lock")
    )
    return sample / "game.toml"


def _limit(size: int) -> Callable[[], None]:
    def apply() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # EFBIG instead of being killed
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return apply


def _run(args: list[str], cwd: Path, **kwargs: object) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "200"}
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-m", "auditor", *args],
        cwd=cwd,
        env=env,
        text=True,
        timeout=120,
        **{"capture_output": True, **kwargs},
    )


@pytest.fixture(scope="module")
def audited(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game_path = _sample(tmp_path_factory.mktemp("atomic"))
    res = _run(
        ["audit", str(game_path), "--reports", str(game_path.parent / "reports"), "-q"],
        game_path.parent,
    )
    assert res.returncode == 0, res.stderr
    return game_path


@pytest.mark.parametrize("limit", [0, 2048])
def test_a_decisions_export_to_a_full_disk_keeps_the_old_file(
    audited: Path, tmp_path: Path, limit: int
) -> None:
    out = tmp_path / "decisions.csv"
    res = _run(["decisions", "export", str(audited), str(out)], tmp_path)
    assert res.returncode == 0, res.stderr
    size = out.stat().st_size
    assert size > 2048  # the limit cuts it mid-file
    old = "id,code\r\nF1,上一次导出\r\n".encode()
    out.write_bytes(old)
    # A reader keeps the store open, so its shared-memory file exists whole and the export
    # itself needs to grow no file but the CSV (SQLite would fail first otherwise).
    store = load_game(audited).store
    holder = sqlite3.connect(store)
    holder.execute("SELECT count(*) FROM posts").fetchone()
    try:
        res = _run(
            ["decisions", "export", str(audited), str(out)], tmp_path, preexec_fn=_limit(limit)
        )
    finally:
        holder.close()
    message = " ".join(res.stderr.split())
    assert res.returncode == EXIT_WRITE, res.stdout + res.stderr
    assert "Traceback" not in res.stderr
    assert "无法写入" in message and str(out) in res.stderr.replace("\n", "")
    assert "文件太大" in message and "原来的文件" in message
    assert out.read_bytes() == old  # neither 0 bytes nor half a file
    assert sorted(p.name for p in tmp_path.iterdir()) == ["decisions.csv"]  # no temporary left


@pytest.mark.parametrize("fmt", ["csv", "json", "table"])
def test_output_to_a_full_disk_is_a_write_error(audited: Path, fmt: str) -> None:
    with open("/dev/full", "w") as full:
        res = _run(
            ["findings", str(audited), "--format", fmt],
            audited.parent,
            capture_output=False,
            stdout=full,
            stderr=subprocess.PIPE,
        )
    assert res.returncode == EXIT_WRITE, res.stderr
    assert "Traceback" not in res.stderr and "Exception ignored" not in res.stderr
    assert "无法写入 标准输出：磁盘空间不足" in res.stderr


def _write_in_child(path: Path, data: bytes, limit: int) -> str:
    code = (
        "import sys\n"
        "from auditor.files import WriteError, write_atomic\n"
        "try:\n"
        f"    write_atomic({str(path)!r}, {data!r})\n"
        "except WriteError as exc:\n"
        "    print(exc)\n"
    )
    res = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=_limit(limit),
    )
    assert res.returncode == 0, res.stderr
    return res.stdout


def test_write_atomic_keeps_the_old_file_when_the_disk_fills(tmp_path: Path) -> None:
    target = tmp_path / "activity.csv"
    target.write_bytes(b"old")
    said = _write_in_child(target, b"x" * 10_000, 4096)
    assert "文件太大" in said and str(target) in said
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["activity.csv"]
    said = _write_in_child(tmp_path / "new.csv", b"y" * 10_000, 4096)
    assert "文件太大" in said
    assert not (tmp_path / "new.csv").exists()  # no 0-byte or partial file either


def test_write_atomic_writes_whole_with_the_usual_permissions(tmp_path: Path) -> None:
    target = tmp_path / "ledger.csv"
    write_atomic(target, "饺子\r\n")
    assert target.read_bytes() == "饺子\r\n".encode()
    umask = os.umask(0o022)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask
    write_atomic(target, b"new")
    assert target.read_bytes() == b"new"
    with pytest.raises(WriteError, match="无法写入"):
        write_atomic(tmp_path / "missing-folder" / "x.csv", b"z")


def test_write_atomic_check_sees_the_whole_file_and_can_refuse_it(tmp_path: Path) -> None:
    target = tmp_path / "game.toml"
    target.write_text("[game]\n", "utf-8")
    seen: list[bytes] = []

    def refuse(tmp: Path) -> None:
        seen.append(tmp.read_bytes())
        raise ValueError("不能写")

    with pytest.raises(ValueError, match="不能写"):
        write_atomic(target, "[game]\nname = 1\n", check=refuse)
    assert seen == [b"[game]\nname = 1\n"]
    assert target.read_text("utf-8") == "[game]\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.toml"]
    write_atomic(target, "[game]\nname = 2\n", check=lambda tmp: None)
    assert target.read_text("utf-8") == "[game]\nname = 2\n"


def test_a_report_that_fills_the_disk_leaves_no_half_report(audited: Path) -> None:
    """The report's files go into a hidden folder renamed into place whole (each written
    once, the folder synced after the last): a report.html cut by a full disk leaves no
    folder, no temporary and the last report as ``latest``."""
    reports = audited.parent / "reports"
    game_dir = next(p for p in reports.iterdir() if p.is_dir())
    before = sorted(p.name for p in game_dir.iterdir())
    latest = (game_dir / "latest").resolve()
    html = (latest / "report.html").stat().st_size
    assert html > 20_000  # the limit below cuts it, not the small files
    store = load_game(audited).store
    holder = sqlite3.connect(store)  # as above: SQLite needs to grow no file
    holder.execute("SELECT count(*) FROM posts").fetchone()
    try:
        res = _run(
            ["report", str(audited), "--reports", str(reports)],
            audited.parent,
            preexec_fn=_limit(html // 2),
        )
    finally:
        holder.close()
    assert res.returncode == EXIT_WRITE, res.stdout + res.stderr
    assert "Traceback" not in res.stderr
    assert "无法写入" in res.stderr and "report.html" in res.stderr.replace("\n", "")
    assert sorted(p.name for p in game_dir.iterdir()) == before
    assert (game_dir / "latest").resolve() == latest
    res = _run(["report", str(audited), "--reports", str(reports)], audited.parent)
    assert res.returncode == 0, res.stderr
    new = (game_dir / "latest").resolve()
    # The same files (and the workbook ``auditor report`` adds), none left temporary.
    assert new != latest
    assert {p.name for p in new.iterdir()} == {p.name for p in latest.iterdir()} | {"report.xlsx"}
    assert (new / "report.html").stat().st_size > 20_000
