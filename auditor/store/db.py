"""Opening a store: creating a new file whole, refusing a foreign or newer one, the run
lock, transactions and batches of them, and the runs table."""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Self

from auditor.errors import StoreError, StoreLockedError
from auditor.store import health
from auditor.store.connection import _PUT_BACK, _RESTORE, Row, _connect, _now, store_error
from auditor.store.migrations import MIGRATIONS, _apply_migrations, _newer


@dataclass(frozen=True, slots=True)
class RunRow(Row):
    """One run of a command (``runs``): its summary is JSON text."""

    id: int
    command: str
    started_at: str
    finished_at: str | None
    status: str  # running | ok | failed | incomplete | interrupted
    summary: str | None


_RUN_COLUMNS = ", ".join(RunRow.__dataclass_fields__)


def _create_store(path: Path) -> None:
    """Create a new store whole: migrate a private file, then link it into place (atomic;
    when another process got there first, its store is used).  So a file at the store's
    path is always a complete store, and any other file there is refused, never reused."""
    tmp = path.with_name(f".{path.name}.new-{os.getpid()}")
    try:
        tmp.unlink(missing_ok=True)
        db = _connect(tmp)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            # As every store connection: the migrations' commits are not synced one by one
            # (13 syncs of a private file); closing checkpoints it with one.
            db.execute("PRAGMA synchronous=NORMAL")
            _apply_migrations(db, tmp)
            # The store's own id (the report folder records it: a new store in place of a
            # deleted one is told from it, a store moved or copied keeps it).
            db.execute(
                "INSERT INTO check_state VALUES (?, lower(hex(randomblob(16))))", (STORE_ID,)
            )
        finally:
            db.close()  # the last connection: the WAL is checkpointed into the file
        with suppress(FileExistsError):  # another process created it first: use that one
            os.link(tmp, path)
    except StoreError as exc:
        raise StoreError(path, exc.problem, exc.advice) from exc
    except OSError as exc:
        raise store_error(path, exc) from exc
    finally:
        for leftover in (tmp, tmp.with_name(tmp.name + "-wal"), tmp.with_name(tmp.name + "-shm")):
            with suppress(OSError):
                leftover.unlink(missing_ok=True)


#: The check-state key of the store's id (:meth:`~auditor.store.state.Checks.store_id`).
STORE_ID = "store_id"


class Database:
    """The game's SQLite file opened: lifecycle, lock, transactions and runs (the part of
    :class:`~auditor.store.Store` every other part stands on)."""

    def __init__(self, path: str | Path, *, lock: bool = False) -> None:
        self.path = Path(path)
        self._lock_file: BinaryIO | None = None
        self._in_tx = False
        self._batch: list[Any] | None = None  # batch(): [seconds, began at] while one is open
        self._health: dict[str, object] | None = None  # what was recorded (None: not sound)
        self._inode = 0  # the file opened (a commit checks it is still the store's path)
        if self.path.is_dir():
            raise StoreError(
                self.path,
                "是一个文件夹，不是数据库文件",
                "请在游戏文件的 [game] store 写一个文件名，例如 m107.sqlite",
            )
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise store_error(self.path, exc) from exc
        if lock:
            # Before SQLite is opened: a second run is refused at once, instead of first
            # waiting (up to the busy timeout) for the first run's write transaction.
            self.lock()
        try:
            if not self.path.exists():
                _create_store(self.path)
                self._health = {"file": health.fingerprint(self.path)}
            else:
                self._health = health.read_health(self.path)
                health.refuse_recorded(self.path, self._health)
                health.check_file(self.path)
            self.db = _connect(self.path)
            self.db.row_factory = sqlite3.Row
            self._inode = (health.fingerprint(self.path) or [0])[0]
            self._check_format()
            if self._health.get("file") != health.fingerprint(self.path):
                # (read again: another connection of auditor's may have left the file, and
                # said so, since this one read the record — a desk's directors at once)
                self._health = health.read_health(self.path)
                health.refuse_recorded(self.path, self._health)
            if self._health.get("file") != health.fingerprint(self.path):
                # Changed since auditor last left it (another program, a copy, a restore, a
                # crash): checked whole before anything is written.
                self.verify(when="打开前")
            # Already WAL (every store this tool made): reading the mode takes no lock,
            # setting it again would wait for another process's write transaction.
            if self.db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.migrate()
        except BaseException:
            self._health = None  # not known to be sound: nothing recorded at close
            self.close()
            raise

    def verify(self, *, when: str = "审计后") -> None:
        """``PRAGMA integrity_check`` over the whole file (the WAL's commits included): a
        damage is recorded beside the store and raised (:class:`StoreDamagedError`), so this
        command and the next refuse.  About 0.1 s on a 10k-post game's 18 MB store."""
        cur = self.db.cursor()
        cur.row_factory = None
        try:
            rows = cur.execute(f"PRAGMA integrity_check({health.CHECK_LINES})").fetchall()
            problems = health.integrity_problems(rows)
        except sqlite3.DatabaseError as exc:  # too damaged to be checked at all
            problems = f"完整性检查没能读完：{exc}"
        if problems:
            self.db.damaged = f"{when}的{problems}"
            raise health.damaged(self.path, problems)

    def fault(self, exc: sqlite3.Error) -> StoreError:
        """The director's error for an SQLite error met outside ``execute`` (a cursor read
        mid-way); a damage is recorded when the store is closed."""
        return self.db.fault(exc)

    def _check_format(self) -> None:
        """Refuse, before writing anything, a file that is not a store of this tool (empty,
        foreign, not SQLite) or one written by a newer version."""
        version = int(self.db.execute("PRAGMA user_version").fetchone()[0])
        if version > len(MIGRATIONS):
            raise _newer(self.path, version)
        ours = self.db.execute(
            "SELECT count(*) FROM sqlite_master WHERE type='table' AND name IN ('runs','pages')"
        ).fetchone()[0]
        if version == 0 or ours != 2:
            empty = self.path.stat().st_size == 0
            raise StoreError(
                self.path,
                "是一个空文件" if empty else "不是 auditor 的游戏数据库（里面没有 auditor 的表）",
                _RESTORE,
            )

    # ------------------------------------------------------------------ lifecycle
    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if hasattr(self, "db"):
            found = self.db.damaged
            self.db.close()
            # What auditor leaves: the file as it is now, or the damage found in it.
            if found:
                health.record_damage(self.path, found)
            elif self._health is not None:
                health.record_seen(self.path, self._health)
            self._health = None
        if self._lock_file is not None:
            fcntl.flock(self._lock_file, fcntl.LOCK_UN)
            with suppress(OSError):  # nothing is buffered; closing never fails the run
                self._lock_file.close()
            self._lock_file = None

    def lock(self) -> None:
        """Take the game's exclusive run lock or raise StoreLockedError at once.

        An OS file lock (flock) is released by the kernel when a process dies, so a
        crashed run never leaves the game locked.
        """
        if self._lock_file is not None:
            return
        lock_path = self.path.with_name(self.path.name + ".lock")
        try:
            # Unbuffered: a pid that cannot be written (a full disk) fails here, where it
            # is ignored, not again when the file is closed (once an OSError without a file
            # name at the end of the run, blamed on the standard output).
            f = open(lock_path, "a+b", buffering=0)  # noqa: SIM115 - held for the store's life
        except OSError as exc:
            raise store_error(self.path, exc) from exc
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            f.close()
            raise StoreLockedError(str(self.path)) from None
        try:
            f.seek(0)
            f.truncate()
            f.write(f"{os.getpid()}\n".encode())
        except OSError:
            pass  # the pid is a courtesy for a person looking; the flock is the lock
        self._lock_file = f

    def migrate(self) -> None:
        """Apply the migrations this file lacks, one transaction each (refusing a newer one)."""
        _apply_migrations(self.db, self.path)

    @property
    def schema_version(self) -> int:
        return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        if self._in_tx:  # nested: the outer transaction commits
            yield self.db
            return
        if self._batch is not None:
            yield from self._batch_step()
            return
        self._in_tx = True
        try:
            # (BEGIN inside the try: a Ctrl-C landing as it returns rolls back too, and a
            # transaction is never left open for the next BEGIN to fail on: "cannot start
            # a transaction within a transaction", once read as a damaged store)
            self.db.execute("BEGIN IMMEDIATE")
            yield self.db
        except BaseException:
            # SQLite has already rolled back after some faults (disk full, I/O error).
            if self.db.in_transaction:
                with suppress(StoreError):
                    self.db.execute("ROLLBACK")
            raise
        else:
            self._commit()
        finally:
            self._in_tx = False

    def _commit(self) -> None:
        """COMMIT, unless the file opened is no longer at the store's path (deleted, moved or
        replaced mid-run: what is committed would be lost with the unlinked file)."""
        now = health.fingerprint(self.path)
        if now is None or now[0] != self._inode:
            with suppress(StoreError):
                self.db.execute("ROLLBACK")
            raise StoreError(self.path, "在这次运行中被删除、移走或换成了另一个文件", _PUT_BACK)
        self.db.execute("COMMIT")

    @contextmanager
    def batch(self, seconds: float = 0.25) -> Iterator[None]:
        """Group the ``transaction()`` blocks run inside into fewer commits (the saved-pages
        crawl: one block per page).  Each COMMIT writes every B-tree page its rows touched
        to the WAL, so a commit per page wrote the same index pages again for each page
        (a quarter of a 10k-post first audit's wall time).  Every block is still all or
        nothing (a savepoint of its own); a commit follows the first block that ends
        ``seconds`` after the batch's transaction began, and the next block begins the
        next one, so the write lock is free between blocks as before.  What the blocks
        stored is committed when the batch ends, also by an exception (a failed block
        left nothing); a process killed outright loses at most the last ``seconds`` of
        blocks (the saved files are read again: their saved-file entries went with them).
        Inside a transaction, or another batch, it changes nothing."""
        if self._in_tx or self._batch is not None:
            yield
            return
        self._batch = [seconds, None]  # the limit, and when the open transaction began
        try:
            yield
        except BaseException:
            if self.db.in_transaction:  # SQLite has rolled back already after some faults
                try:
                    self.db.execute("COMMIT")
                except StoreError:
                    with suppress(StoreError):
                        self.db.execute("ROLLBACK")
            raise
        else:
            if self.db.in_transaction:
                self._commit()
        finally:
            self._batch = None

    def _batch_step(self) -> Iterator[sqlite3.Connection]:
        """One ``transaction()`` block inside :meth:`batch`: a savepoint in the batch's
        transaction (begun here when none is open), committed when the batch is old enough."""
        batch = self._batch
        assert batch is not None
        if not self.db.in_transaction:  # (interrupted right after: the batch commits it)
            self.db.execute("BEGIN IMMEDIATE")
            batch[1] = time.perf_counter()
        self._in_tx = True
        try:
            self.db.execute("SAVEPOINT step")  # (inside the try: see transaction())
            yield self.db
        except BaseException:
            if self.db.in_transaction:
                with suppress(StoreError):
                    self.db.execute("ROLLBACK TO step")
                    self.db.execute("RELEASE step")
            raise
        else:
            self.db.execute("RELEASE step")
            if batch[1] is not None and time.perf_counter() - batch[1] >= batch[0]:
                self._commit()
                batch[1] = None
        finally:
            self._in_tx = False

    # ------------------------------------------------------------------ runs
    def start_run(self, command: str) -> int:
        with self.transaction():
            # A run still marked running was killed: say so instead of leaving it open.
            self.db.execute("UPDATE runs SET status='interrupted' WHERE status='running'")
            cur = self.db.execute(
                "INSERT INTO runs (command, started_at) VALUES (?, ?)", (command, _now())
            )
        return int(cur.lastrowid or 0)

    def finish_run(self, run_id: int, status: str, summary: dict[str, Any]) -> None:
        with self.transaction():
            self.db.execute(
                "UPDATE runs SET finished_at=?, status=?, summary=? WHERE id=?",
                (_now(), status, json.dumps(summary, ensure_ascii=False), run_id),
            )

    def runs(self) -> list[RunRow]:
        cur = self.db.cursor()
        cur.row_factory = None
        return [RunRow(*r) for r in cur.execute(f"SELECT {_RUN_COLUMNS} FROM runs ORDER BY id")]
