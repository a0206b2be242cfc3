"""The SQLite connection of a store: errors that name the file and say what to do, and the
small helpers every part of the store shares (typed rows, batches of ids, the time now).

Only :mod:`auditor.store` imports :mod:`sqlite3` (an import-linter contract): what other
modules need of it is here, :data:`DatabaseError` for one.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from auditor.errors import StoreDamagedError, StoreError
from auditor.files import os_error_text

#: What SQLite raises (``sqlite3.Error``) for a module outside the store that must catch
#: one the store did not name (a cursor read mid-way).
DatabaseError = sqlite3.Error

#: The connection type a store's transactions yield.
Connection = sqlite3.Connection


class Row:
    """A typed row that also reads by column name, as the ``sqlite3.Row`` it replaced:
    ``row.code`` and ``row["code"]``, ``row.keys()`` and ``dict(row)``."""

    __slots__ = ()

    def __getitem__(self, key: str) -> Any:
        try:
            return getattr(self, key)
        except AttributeError:
            raise IndexError(f"No item with that key: {key!r}") from None

    def keys(self) -> list[str]:
        return [f.name for f in fields(self)]  # type: ignore[arg-type]


def _chunks(items: Sequence[int], size: int = 500) -> Iterator[Sequence[int]]:
    """Slices short enough for one ``IN (…)`` (SQLite's variable limit)."""
    for i in range(0, len(items), size):
        yield items[i : i + size]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


# --------------------------------------------------------------------------- store faults
_WRITABLE = "请给这个文件和它所在的文件夹写权限，或在游戏文件的 [game] store 指定一个可写的位置"
_RESTORE = (
    "auditor 不会覆盖它，也不会另起一个新游戏：请从备份恢复，"
    "或在游戏文件的 [game] store 指定这个游戏真正的数据库"
)


#: What to do about a store deleted, moved or replaced during a run.
_PUT_BACK = (
    "这次运行没有写完：请把数据库放回原处（或从备份恢复）后再运行；auditor 运行时不要移动或删除它"
)


def disk_full(path: str | Path) -> bool:
    """The file system holding ``path`` has no block left for an ordinary user."""
    try:
        st = os.statvfs(Path(path).parent)
    except OSError:
        return False
    return st.f_bavail == 0


def store_error(path: str | Path, exc: BaseException) -> StoreError:
    """The director's message for an SQLite or OS error on the game's store."""
    if isinstance(exc, StoreError):
        return exc
    if isinstance(exc, sqlite3.Error):
        name = getattr(exc, "sqlite_errorname", "") or ""
        if name == "SQLITE_READONLY_DBMOVED":  # (a store not in WAL mode: SQLite checks)
            return StoreError(path, "在这次运行中被删除、移走或换成了另一个文件", _PUT_BACK)
        if name.startswith(("SQLITE_READONLY", "SQLITE_PERM")):
            return StoreError(path, "无法写入（文件或所在文件夹是只读的）", _WRITABLE)
        if name.startswith("SQLITE_CANTOPEN"):
            return StoreError(
                path, "无法打开（文件或所在文件夹没有读写权限，或文件夹不存在）", _WRITABLE
            )
        if name == "SQLITE_FULL":
            return StoreError(
                path,
                "磁盘已满，写不进去",
                "请腾出磁盘空间后再运行；写到一半的内容已撤销，之前保存的数据都在",
            )
        if name.startswith("SQLITE_IOERR") and disk_full(path):
            # SQLite says which write failed, not why: a full disk is said as such (the
            # shared-memory file cannot grow either: SQLITE_IOERR_SHMSIZE on opening).
            return StoreError(
                path,
                f"磁盘已满，写不进去（{name}）",
                "请腾出磁盘空间后再运行；写到一半的内容已撤销，之前保存的数据都在",
            )
        if name.startswith("SQLITE_IOERR"):
            return StoreError(
                path,
                f"读写时发生 I/O 错误（{name}）",
                "请检查磁盘或网络盘后再运行；已经提交的数据不受影响",
            )
        if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
            return StoreDamagedError(path, "不是 SQLite 数据库，或者已经损坏", _RESTORE)
        if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            return StoreError(path, "被另一个程序长时间占用", "请等那个程序结束后再运行")
        return StoreError(path, f"数据库出错（{name or type(exc).__name__}：{exc}）", _RESTORE)
    if isinstance(exc, OSError):
        if exc.errno == errno.ENOSPC:
            return StoreError(path, "磁盘已满，写不进去", "请腾出磁盘空间后再运行")
        if isinstance(exc, PermissionError) or exc.errno == errno.EROFS:
            return StoreError(path, "无法写入（文件或所在文件夹是只读的）", _WRITABLE)
        return StoreError(
            path, f"读写时发生错误（{os_error_text(exc)}）", "请检查磁盘和路径后再运行"
        )
    return StoreError(path, f"出错（{exc}）", "请检查这个文件")


class _Connection(sqlite3.Connection):
    """An SQLite connection whose errors name the store and say what to do (exit code 6)."""

    store_path = ""
    damaged = ""  # what SQLite said of a damage met on this connection (recorded at close)

    def execute(self, *args: Any, **kwargs: Any) -> sqlite3.Cursor:
        try:
            return super().execute(*args, **kwargs)
        except sqlite3.Error as exc:
            raise self.fault(exc) from exc

    def executemany(self, *args: Any, **kwargs: Any) -> sqlite3.Cursor:
        try:
            return super().executemany(*args, **kwargs)
        except sqlite3.Error as exc:
            raise self.fault(exc) from exc

    def fault(self, exc: sqlite3.Error) -> StoreError:
        """The director's error for ``exc``; a damage is remembered for the store's record."""
        error = store_error(self.store_path, exc)
        name = getattr(exc, "sqlite_errorname", "") or ""
        if name.startswith("SQLITE_CORRUPT") and not self.damaged:  # (not SQLite at all: not ours)
            self.damaged = f"读取时 SQLite 报告：{exc}"
        return error


def _connect(path: Path) -> _Connection:
    try:
        db = sqlite3.connect(path, isolation_level=None, timeout=30, factory=_Connection)
    except sqlite3.Error as exc:
        raise store_error(path, exc) from exc
    db.store_path = str(path)
    return db
