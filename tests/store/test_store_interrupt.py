"""Ctrl-C at any moment leaves the store usable (docs/faults.md): no transaction left open
for the next one to fail on.

A Ctrl-C is Python's SIGINT handler raising KeyboardInterrupt at the first bytecode after
the signal, often right as an SQLite call returns.  When that call was ``BEGIN
IMMEDIATE`` outside the block that rolls back, the transaction stayed open: the crawl's
own "interrupted" record then failed with "cannot start a transaction within a
transaction", reported as a damaged store (exit 6, "请从备份恢复") though nothing was
lost; ``timeout -s INT`` (which signals the command and then its process group) and a
director pressing Ctrl-C twice hit it about one time in two.

The interrupt is raised where the signal handler would raise it: as each ``execute`` of
the real connection returns (a profile hook on the C call's return), one statement after
another, on a real SQLite file; and, end to end, by real SIGINTs to ``auditor crawl``."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from auditor.store import Store
from tests import paths
from tests.forum_server import ForumServer

REPO = paths.ROOT
#: The guest captures' threads (15 pages): a crawl of several seconds at 0.3 s between requests.
THREADS = "".join(f'[[thread]]\ntid = {tid}\nkind = "discussion"\n' for tid in (1, 2, 3, 4, 5))


@contextmanager
def interrupted_at(n: int) -> Iterator[list[int]]:
    """KeyboardInterrupt as the ``n``-th SQLite ``execute`` call returns (counted from 1);
    yields the count so far."""
    seen = [0]

    def hook(frame: FrameType, event: str, arg: Any) -> None:
        if event == "c_return" and getattr(arg, "__name__", "") in ("execute", "executemany"):
            seen[0] += 1
            if seen[0] == n:
                sys.setprofile(None)
                raise KeyboardInterrupt

    sys.setprofile(hook)
    try:
        yield seen
    finally:
        sys.setprofile(None)


def _every_moment(path: Path, work: Callable[[Store], None]) -> int:
    """Run ``work`` on the store at ``path``, interrupted as each of its statements returns
    in turn, until it runs through; after each interrupt the store takes a new transaction
    and keeps what was committed.  Returns how many moments were tried."""
    n = 0
    while True:
        n += 1
        with Store(path) as store:
            try:
                with interrupted_at(n):
                    work(store)
            except KeyboardInterrupt:
                done = False
            else:
                done = True
            assert not store.db.in_transaction, f"statement {n}: a transaction left open"
            store.set_state("probe", str(n))  # a new transaction: never "within a transaction"
            assert store.state_value("probe") == str(n)
            run = store.start_run("after")
            store.finish_run(run, "ok", {})
        if done:
            return n
        assert n < 500


def test_an_interrupt_as_any_statement_returns_leaves_no_transaction_open(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite"
    Store(path).close()

    def work(store: Store) -> None:
        run = store.start_run("crawl")
        with store.transaction():
            store.set_state("a", "1")
            store.set_state("b", "2")
        with store.batch():
            for i in range(3):
                with store.transaction():
                    store.set_state(f"page{i}", str(i))
        store.unchecked_posts()  # (a read transaction)
        store.finish_run(run, "ok", {})

    moments = _every_moment(path, work)
    assert moments > 10  # every BEGIN, SAVEPOINT, write and COMMIT of the work above
    with Store(path) as store:  # what ran through is all there
        assert store.state_value("b") == "2" and store.state_value("page2") == "2"


def test_an_interrupt_while_a_new_store_is_made_leaves_it_usable(tmp_path: Path) -> None:
    """The migrations, one transaction each: interrupted at any statement, the next open
    goes on from the last one committed."""
    for n in range(1, 400):
        path = tmp_path / f"g{n}.sqlite"
        try:
            with interrupted_at(n):
                Store(path).close()
        except KeyboardInterrupt:
            pass
        else:
            break
        with Store(path) as store:
            assert not store.db.in_transaction
            store.set_state("probe", "1")
    else:
        pytest.fail("the migrations never ran through")
    assert n > 5


@pytest.mark.discuz
def test_ctrl_c_twice_during_a_crawl_says_interrupted_not_a_damaged_store(tmp_path: Path) -> None:
    """Real SIGINTs, two at once as ``timeout -s INT`` sends them, at several moments of a
    crawl over loopback HTTP with a delay between requests: each run ends with exit 130
    and "已中断", and the next crawl goes on."""
    with ForumServer("x35-utf8") as forum:
        game = tmp_path / "g.toml"
        game.write_text(
            f"""[game]
name = "M107"
ruleset = "m107"
tag = "M107"
directors = ["导演"]
[forum]
url = "{forum.base_url}"
delay = 0.3
api = false
[players]
names = ["饺子", "包子", "取酒", "九妹", "扫把无限", "馄饨", "烧卖", "汤圆", "月饼", "粽子",
         "春卷", "麻花", "油条", "豆浆"]
{THREADS}""",
            "utf-8",
        )
        env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONIOENCODING": "utf-8"}
        for wait in (1.5, 1.9, 2.3, 2.7, 3.1, 3.5):
            proc = subprocess.Popen(
                [sys.executable, "-m", "auditor", "crawl", str(game)],
                cwd=tmp_path,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            time.sleep(wait)
            if proc.poll() is None:
                proc.send_signal(signal.SIGINT)
                proc.send_signal(signal.SIGINT)
            _out, err = proc.communicate(timeout=120)
            assert "within a transaction" not in err and "请从备份恢复" not in err, err
            assert proc.returncode in (0, 130), (wait, proc.returncode, err)
            if proc.returncode == 130:
                assert "已中断" in err, err
        done = subprocess.run(
            [sys.executable, "-m", "auditor", "crawl", str(game)],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr
