"""Store faults (issue 13, item 3): a clear Chinese message naming the file, exit code 6,
and never a fresh start in place of a store that cannot be used.  Real SQLite files: a
read-only folder (permissions enforced even for root by dropping the capability that
overrides them, for the one child process), a full database (SQLite's max_page_count on
the real file), a non-SQLite file, empty and foreign files, and a store from a newer
version."""

from __future__ import annotations

import hashlib
import os
import resource
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from auditor.game.gamefile import load_game
from auditor.store import MIGRATIONS, Store
from tests import paths

REPO = paths.ROOT
EXIT_STORE = 6


def _sample(tmp_path: Path) -> Path:
    sample = tmp_path / "sample"
    shutil.copytree(
        REPO / "examples" / "sample", sample, ignore=shutil.ignore_patterns("*.sqlite*", "*.lock")
    )
    return sample / "game.toml"


def _run(
    args: list[str], cwd: Path, *, prefix: list[str] | None = None, code: str | None = None
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "200"}
    runner = [sys.executable, "-c", code] if code else [sys.executable, "-m", "auditor"]
    return subprocess.run(
        [*(prefix or []), *runner, *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _audited(tmp_path: Path) -> tuple[Path, Path]:
    game_path = _sample(tmp_path)
    res = _run(["audit", str(game_path), "--reports", str(tmp_path / "reports"), "-q"], tmp_path)
    assert res.returncode == 0, res.stderr
    return game_path, load_game(game_path).store


def _assert_store_message(res: subprocess.CompletedProcess[str], store: Path, words: str) -> None:
    assert res.returncode == EXIT_STORE, res.stdout + res.stderr
    assert "Traceback" not in res.stderr
    message = " ".join(res.stderr.split())
    assert str(store) in message.replace(" ", "") or store.name in message
    assert words in message, message


def _without_permission_override() -> list[str]:
    """Permission bits bind root only without CAP_DAC_OVERRIDE: drop it for the child."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.fail("running as root needs util-linux's setpriv to make a folder read-only")
    caps = "-dac_override,-dac_read_search,-fowner"
    return [setpriv, f"--bounding-set={caps}", f"--inh-caps={caps}"]


def test_read_only_folder_is_a_clear_error(tmp_path: Path) -> None:
    game_path, store = _audited(tmp_path)
    folder = store.parent
    before = _digest(store)
    modes = {p: p.stat().st_mode for p in [folder, *folder.iterdir()]}
    try:
        for p in modes:
            p.chmod(stat.S_IMODE(modes[p]) & ~0o222)
        res = _run(
            ["audit", str(game_path), "--no-crawl", "--reports", str(tmp_path / "reports")],
            tmp_path,
            prefix=_without_permission_override(),
        )
    finally:
        for p, mode in modes.items():
            p.chmod(stat.S_IMODE(mode))
    _assert_store_message(res, store, "只读")
    assert "写权限" in res.stderr
    assert _digest(store) == before


def test_disk_full_is_a_clear_error_and_the_next_run_completes(tmp_path: Path) -> None:
    game_path = _sample(tmp_path)
    store = load_game(game_path).store
    Store(store).close()  # a new, empty store
    pages = sqlite3.connect(store).execute("PRAGMA page_count").fetchone()[0]
    # The real file may not grow past what it has now: SQLite answers SQLITE_FULL, as on a
    # full disk, at the first page the crawl stores.
    full = (
        "import sqlite3, sys\n"
        "real = sqlite3.connect\n"
        "def limited(*args, **kwargs):\n"
        "    db = real(*args, **kwargs)\n"
        f"    db.execute('PRAGMA max_page_count = {pages + 2}')\n"
        "    return db\n"
        "sqlite3.connect = limited\n"
        "from auditor.cli import main\n"
        "sys.argv = ['auditor', *sys.argv[1:]]\n"
        "main()\n"
    )
    reports = tmp_path / "reports"
    res = _run(["audit", str(game_path), "--reports", str(reports), "-q"], tmp_path, code=full)
    _assert_store_message(res, store, "磁盘已满")
    with sqlite3.connect(store) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    res = _run(["audit", str(game_path), "--reports", str(reports), "-q"], tmp_path)
    assert res.returncode == 0, res.stderr
    assert "审计完成" in res.stdout
    with Store(store) as again:
        assert again.post_count() == 207  # what was stored before the disk filled is kept


def _file_size_limit(size: int) -> Callable[[], None]:
    def apply() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # EFBIG instead of being killed
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return apply


def test_an_io_error_is_a_clear_error_and_the_next_run_completes(tmp_path: Path) -> None:
    """SQLITE_IOERR for real: the audit's process may not write its files past 200 KB
    (RLIMIT_FSIZE), so SQLite's write into the WAL fails with EFBIG part-way through the
    crawl, which SQLite reports as SQLITE_IOERR_WRITE.  A first audit stored day 1's posts
    (its threads' pages only); the faulty run, with the other pages back, rolls back what
    it had not committed (the saved-pages crawl commits a block of pages at a time) and
    keeps everything earlier runs stored; the next run completes the game."""
    game_path = _sample(tmp_path)
    store = load_game(game_path).store
    pages = game_path.parent / "pages"
    held = tmp_path / "held"
    held.mkdir()
    for page in pages.glob("*-10[3-8]-p*"):  # the threads of days 2 and 3
        page.rename(held / page.name)
    res = _run(["audit", str(game_path), "--reports", str(tmp_path / "r1"), "-q"], tmp_path)
    assert res.returncode == 1, res.stderr  # an incomplete game: days 2 and 3 are missing
    with Store(store) as first:
        before = first.post_count()
    assert 0 < before < 207
    for page in held.iterdir():
        page.rename(pages / page.name)
    reports = tmp_path / "reports"
    env = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "200"}
    res = subprocess.run(
        [sys.executable, "-m", "auditor", "audit", str(game_path), "--reports", str(reports)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_file_size_limit(200_000),
    )
    _assert_store_message(res, store, "I/O 错误（SQLITE_IOERR_WRITE）")
    assert "已经提交的数据不受影响" in " ".join(res.stderr.split())
    assert not reports.exists()  # no report from a run that could not store its pages
    with sqlite3.connect(store) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        stored = db.execute("SELECT count(*) FROM posts").fetchone()[0]
    db.close()
    assert before <= stored < 207  # what earlier runs stored is kept; the fault was mid-crawl
    res = _run(["audit", str(game_path), "--reports", str(reports), "-q"], tmp_path)
    assert res.returncode == 0, res.stderr
    with Store(store) as again:
        assert again.post_count() == 207


def _refused(game_path: Path, store: Path, words: str, tmp: Path, *, every: bool = False) -> None:
    """Refused by a run, a decision and a reader (``every``: by every command)."""
    before = _digest(store)
    g = str(game_path)
    commands = [
        ["audit", g, "--reports", str(tmp / "reports"), "-q"],
        ["card", g, "饺子", "--card", "yellow", "--reason", "超时"],
        ["decisions", "export", g, str(tmp / "d.csv")],
    ]
    if every:
        commands += [
            ["crawl", g],
            ["check", g],
            ["ledger", g],
            ["posts", g],
            ["report", g, "--reports", str(tmp / "reports")],
        ]
    for args in commands:
        res = _run(args, tmp)
        _assert_store_message(res, store, words)
        assert _digest(store) == before, args
    assert not (tmp / "d.csv").exists()


def test_a_file_that_is_not_sqlite_is_refused(tmp_path: Path) -> None:
    game_path = _sample(tmp_path)
    store = load_game(game_path).store
    store.write_bytes("这不是数据库\n".encode() * 200)
    _refused(game_path, store, "不是 SQLite 数据库", tmp_path)


def test_an_empty_store_file_is_refused_not_a_new_game(tmp_path: Path) -> None:
    game_path, store = _audited(tmp_path)
    # The store was emptied (a failed copy, a sync tool): its decisions must not silently
    # become a fresh game.
    for side in store.parent.glob(store.name + "-*"):
        side.unlink()
    store.write_bytes(b"")
    _refused(game_path, store, "空文件", tmp_path)
    assert store.stat().st_size == 0


def test_a_foreign_sqlite_file_is_refused(tmp_path: Path) -> None:
    game_path = _sample(tmp_path)
    store = load_game(game_path).store
    with sqlite3.connect(store) as db:
        db.execute("CREATE TABLE contacts (name TEXT)")
        db.execute("INSERT INTO contacts VALUES ('饺子')")
    db.close()
    _refused(game_path, store, "不是 auditor 的游戏数据库", tmp_path)


def test_a_store_from_a_newer_version_is_refused_before_any_write(tmp_path: Path) -> None:
    game_path, store = _audited(tmp_path)
    with sqlite3.connect(store) as db:
        db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    db.close()
    _refused(game_path, store, "更新版本", tmp_path, every=True)
    with sqlite3.connect(store) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS) + 1
        assert db.execute("SELECT count(*) FROM runs WHERE status='running'").fetchone()[0] == 0


def test_read_only_commands_neither_wait_for_nor_block_a_write(tmp_path: Path) -> None:
    """A reader (``status``, ``findings``, ``votes``, ``ledger``, ``posts``, ``decisions
    export``) opens the store without SQLite's write lock: while another process holds a
    write transaction (an audit storing a page) it answers at once, and the writer still
    commits afterwards.  (The run lock is another thing: readers never took it.)"""
    game_path, store = _audited(tmp_path)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sqlite3, sys\n"
            f"db = sqlite3.connect({str(store)!r}, isolation_level=None)\n"
            "db.execute('BEGIN IMMEDIATE')\n"
            "db.execute(\"INSERT INTO runs (command, started_at) VALUES ('held', 'now')\")\n"
            "print('held', flush=True)\n"
            "sys.stdin.readline()\n"
            "db.execute('COMMIT')\n"
            "print('committed', flush=True)\n",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdin is not None
        assert holder.stdout.readline().strip() == "held"
        g = str(game_path)
        for args in (
            ["status", g, "--now", "2026-11-21T20:00"],
            ["findings", g],
            ["votes", g],
            ["ledger", g],
            ["posts", g, "--player", "饺子"],
            ["decisions", "export", g, str(tmp_path / "d.csv")],
        ):
            # The holder keeps its write transaction until told: a reader that wanted the
            # write lock would wait out SQLite's busy timeout (30 s) and fail with exit 6.
            res = _run(args, tmp_path)
            assert res.returncode == 0, (args, res.stderr)
            assert "占用" not in res.stderr
        holder.stdin.write("\n")
        holder.stdin.flush()
        assert holder.stdout.readline().strip() == "committed"
    finally:
        holder.kill()
        holder.wait()
    with sqlite3.connect(store) as db:
        assert db.execute("SELECT count(*) FROM runs WHERE command='held'").fetchone()[0] == 1


def test_os_errors_on_the_store_are_said_in_chinese(tmp_path: Path) -> None:
    import errno

    from auditor.store import store_error

    store = tmp_path / "game.sqlite"
    eio = store_error(store, OSError(errno.EIO, "Input/output error", str(store)))
    assert "输入/输出错误" in str(eio) and "Input/output" not in str(eio)
    assert str(store) in str(eio)
    odd = store_error(store, OSError(errno.ENXIO, "No such device or address"))
    assert "系统错误（No such device or address）" in str(odd)  # untranslated: kept, labelled
