"""Issue 16, the archive: a first read of a big saved-pages folder parses its pages in a
worker process beside the one that stores them (``auditor.forum.parallel``).  The store
ends exactly as an in-process read leaves it; results come back in order whichever
process ran them; a worker that dies leaves its share to the parent; an error is raised
in the parent as without a worker; the worker holds no file of the parent (the run lock)
and ends with it; an audit killed while a worker parses ends, run again, as one never
interrupted."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests import paths

sys.path.insert(0, str(paths.ROOT / "benchmarks"))

from generate import GameConfig, generate_game, write_game

import auditor.forum.crawl as crawl_mod
from auditor.forum.crawl import crawl
from auditor.forum.parallel import CHUNK, ordered_map
from auditor.game.gamefile import load_game
from auditor.store import Store

REPO = paths.ROOT


def tag(item: int, shared: int) -> tuple[int, int, int]:
    """The item, the process that ran it, and ``shared`` (called by name in the worker)."""
    if item == shared:
        raise ValueError(f"项目 {item}")
    return item, os.getpid(), shared


def slow_tag(item: int, shared: int) -> tuple[int, int, int]:
    time.sleep(0.005)
    return tag(item, shared)


def page_sized_tag(item: int, shared: int) -> tuple[int, int, int, bytes]:
    """A slow call whose result weighs what a parsed page does (a chunk of them is more
    than a pipe's default 64 KB)."""
    return (*slow_tag(item, shared), bytes(28_000))


@pytest.fixture(scope="module")
def big_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A generated game of 1,500 posts: 156 desktop pages, over PARSE_WORKER_MIN."""
    out = tmp_path_factory.mktemp("game1500")
    return write_game(generate_game(GameConfig(posts=1500, seed=5)), out)


@pytest.fixture(scope="module")
def long_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A generated game of 8,000 posts (about 800 pages): its first read takes several of
    the store's 0.25 s commits, so a test can stop it midway (a game of 156 pages is now
    read in one or two commits)."""
    out = tmp_path_factory.mktemp("game8000")
    return write_game(generate_game(GameConfig(posts=8000, seed=5)), out)


_TABLES = {
    "posts": "SELECT * FROM posts ORDER BY pid",
    "post_versions": "SELECT pid, version, content_hash, hidden, edited, message_html, text,"
    " data, view, neutral_hash FROM post_versions ORDER BY pid, version",
    "pages": "SELECT tid, page, source, url, fetched_at, sha256, status, total_pages, body"
    " FROM pages ORDER BY tid, page, source",
    "saved_files": "SELECT * FROM saved_files ORDER BY path",
    "profiles": "SELECT uid, author, seen_at, seen_ts, tid, page, url, signature_html,"
    " signature_text, avatar_url, threads, avatar_sha256 FROM profiles ORDER BY rowid",
    "threads": "SELECT tid, subject, source, last_page, total_pages, saved_mark FROM threads",
    "serials": "SELECT * FROM serials",
}


def _dump(path: Path) -> dict[str, list[tuple[object, ...]]]:
    with sqlite3.connect(path) as db:
        return {name: db.execute(sql).fetchall() for name, sql in _TABLES.items()}


def test_a_worker_read_stores_what_an_in_process_read_stores(
    big_game: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = load_game(big_game)
    pages = len(list((big_game.parent / "pages").glob("*.html")))
    assert pages >= crawl_mod.PARSE_WORKER_MIN
    reports = []
    for name, least in (("worker", crawl_mod.PARSE_WORKER_MIN), ("here", 10**9)):
        monkeypatch.setattr(crawl_mod, "PARSE_WORKER_MIN", least)
        with Store(tmp_path / f"{name}.sqlite", lock=True) as store:
            report = crawl(game, store, run_id=store.start_run("crawl"))
        assert report.ok and report.pages == pages
        reports.append(report.as_dict())
    assert reports[0] == reports[1]
    worker, here = _dump(tmp_path / "worker.sqlite"), _dump(tmp_path / "here.sqlite")
    for name in _TABLES:
        assert worker[name] == here[name], name
    assert len(worker["posts"]) >= 1500


def test_results_come_in_order_and_the_worker_runs_a_share() -> None:
    items = list(range(40 * CHUNK))
    out = list(ordered_map("test_crawl_parallel:slow_tag", items, -1))
    assert [item for item, _, _ in out] == items
    assert all(shared == -1 for _, _, shared in out)
    pids = {pid for _, pid, _ in out}
    assert os.getpid() in pids and len(pids) == 2  # both processes ran a share


def test_a_consumer_as_slow_as_the_calls_leaves_them_to_the_worker() -> None:
    """The audit's case: storing a page costs this process about what parsing it costs
    the worker.  The worker is kept busy while this process consumes, and its results do
    not wait in a full pipe, so it runs nearly every chunk and this process stores.  (It
    ran about 70% of them, this process parsing the rest on the audit's critical path.)"""
    items = list(range(60 * CHUNK))
    out = []
    for result in ordered_map("test_crawl_parallel:page_sized_tag", items, -1):
        time.sleep(0.005)  # storing this item: as long as the call
        out.append(result)
    assert [r[0] for r in out] == items
    by_worker = sum(1 for r in out if r[1] != os.getpid())
    assert by_worker >= 0.85 * len(items), by_worker


def test_a_worker_killed_midway_leaves_its_share_to_this_process() -> None:
    items = list(range(30 * CHUNK))
    out = []
    for item, pid, shared in ordered_map("test_crawl_parallel:slow_tag", items, -1):
        if pid != os.getpid() and len(out) < 10 * CHUNK:
            os.kill(pid, signal.SIGKILL)
        out.append((item, pid, shared))
    assert [item for item, _, _ in out] == items
    assert out[-1][1] == os.getpid()  # after the kill, this process ran what was left


# 3 * CHUNK + 1: a chunk this process runs ahead while the worker starts; 100: later.
@pytest.mark.parametrize("bad", [3 * CHUNK + 1, 100])
def test_an_error_in_a_call_is_raised_here_in_its_turn(bad: int) -> None:
    items = list(range(20 * CHUNK))
    seen = []
    with pytest.raises(ValueError, match=f"项目 {bad}"):
        for item, _, _ in ordered_map("test_crawl_parallel:slow_tag", items, bad):
            seen.append(item)
    assert seen == list(range(bad))  # every item before it was handed out first


_ORPHAN = """
import os, sys, time
from auditor.forum.parallel import ordered_map
from auditor.store import Store
store = Store(sys.argv[1], lock=True)
for item, pid, _ in ordered_map("test_crawl_parallel:slow_tag", list(range(800)), -1):
    if pid != os.getpid():
        print(pid, flush=True)
        time.sleep(60)
"""


def test_the_worker_holds_no_file_of_this_process_and_ends_with_it(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", _ORPHAN, str(tmp_path / "g.sqlite")],
        cwd=tmp_path,
        # (this file's own folder: the worker imports this module by its name)
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.path.dirname(__file__)])},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        worker = int(proc.stdout.readline())
        opened = {os.readlink(f"/proc/{worker}/fd/{fd}") for fd in os.listdir(f"/proc/{worker}/fd")}
        assert not any("g.sqlite" in path for path in opened)  # not the store, not its lock
    finally:
        proc.kill()
        proc.wait()
    deadline = time.monotonic() + 10
    while Path(f"/proc/{worker}").exists() and time.monotonic() < deadline:
        # A zombie is gone as a process: it waits only for its (dead) parent's reaping.
        if "State:\tZ" in Path(f"/proc/{worker}/status").read_text():
            break
        time.sleep(0.05)
    gone = not Path(f"/proc/{worker}").exists()
    assert gone or "State:\tZ" in Path(f"/proc/{worker}/status").read_text()


def _audit(game: Path, reports: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "auditor", "audit", str(game), "--reports", str(reports), "-q"],
        cwd=game.parent,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def _tables(reports: Path) -> dict[str, bytes]:
    latest = next(reports.glob("*/latest"))
    names = ("activity.csv", "votes.csv", "tally.csv", "findings.csv", "ledger.csv")
    return {name: (latest / name).read_bytes() for name in names}


def test_an_audit_killed_while_a_worker_parses_ends_as_one_never_killed(
    long_game: Path, tmp_path: Path
) -> None:
    import shutil

    whole, killed = tmp_path / "whole", tmp_path / "killed"
    for folder in (whole, killed):
        shutil.copytree(long_game.parent, folder, ignore=shutil.ignore_patterns("*.sqlite*"))
    proc = _audit(whole / "game.toml", whole / "r")
    assert proc.wait(timeout=600) == 0, proc.stderr.read() if proc.stderr else ""
    proc = _audit(killed / "game.toml", killed / "r")
    store = load_game(killed / "game.toml").store
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:  # kill it once pages are being stored
        if store.exists():
            with sqlite3.connect(store) as db:
                if db.execute("SELECT count(*) FROM pages").fetchone()[0] >= 20:
                    break
        time.sleep(0.01)
    proc.kill()
    proc.wait()
    with sqlite3.connect(store) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        stored = db.execute("SELECT count(*) FROM pages").fetchone()[0]
    assert 20 <= stored < len(list((killed / "pages").glob("*.html")))  # killed midway
    proc = _audit(killed / "game.toml", killed / "r")
    assert proc.wait(timeout=600) == 0, proc.stderr.read() if proc.stderr else ""
    assert _tables(killed / "r") == _tables(whole / "r")


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry.name))
    return out


def test_ctrl_c_while_a_worker_parses_is_exit_130_and_stops_the_worker(
    long_game: Path, tmp_path: Path
) -> None:
    import shutil

    folder = tmp_path / "g"
    shutil.copytree(long_game.parent, folder, ignore=shutil.ignore_patterns("*.sqlite*"))
    proc = _audit(folder / "game.toml", folder / "r")
    store = load_game(folder / "game.toml").store
    workers: list[int] = []
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not workers:  # once pages are being stored
        if store.exists():
            with sqlite3.connect(store) as db:
                if db.execute("SELECT count(*) FROM pages").fetchone()[0] >= 20:
                    workers = _children(proc.pid)
        time.sleep(0.02)
    assert workers, "no worker process while the pages were read"
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    text = err.decode("utf-8")
    assert proc.returncode == 130, text
    assert "已中断" in text and "Traceback" not in text
    assert not any(Path(f"/proc/{w}").exists() for w in workers)  # reaped by the audit
    with sqlite3.connect(store) as db:
        assert db.execute("SELECT status FROM runs").fetchall() == [("interrupted",)]
