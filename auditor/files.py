"""File-system errors as the director reads them: in Chinese, naming the path.

An ``OSError`` while writing a report or a decisions CSV is not a crash and not an
incomplete crawl (exit 1): it is an :class:`~auditor.errors.AuditorError` (exit 2) saying
which file could not be written and why, in Chinese (the system's English ``strerror`` is
kept in brackets only where we have no translation).

Every file the tool writes for the director (CSVs, the workbook, the report's files, the
decisions export, the game file ``auditor game --write`` rewrites) goes through
:func:`write_atomic`: a full disk or a killed run never leaves a 0-byte or half-written
file, and a file that was there before stays as it was.  A report's files are written into
a hidden folder that is renamed into place whole: each with :func:`write_new` (no name of
its own to swap), the folder synced once.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

from auditor.cachedir import CACHE_ENV as CACHE_ENV
from auditor.cachedir import cache_dir as cache_dir
from auditor.errors import AuditorError

_REASONS = {
    errno.EACCES: "没有权限",
    errno.EPERM: "操作不被允许",
    errno.ENOENT: "文件或目录不存在",
    errno.ENOTDIR: "路径中有一段不是目录",
    errno.EISDIR: "这是一个目录",
    errno.EEXIST: "已经存在",
    errno.ENOSPC: "磁盘空间不足",
    errno.EDQUOT: "超出磁盘配额",
    errno.EROFS: "只读文件系统",
    errno.ENAMETOOLONG: "文件名太长",
    errno.EBUSY: "文件正被占用",
    errno.EIO: "输入/输出错误",
    errno.EFBIG: "文件太大（超过了系统允许的单个文件大小）",
    errno.EMFILE: "打开的文件太多",
}


def os_error_text(exc: OSError) -> str:
    """A Chinese reason for ``exc`` (with the system's own words when we have none)."""
    reason = _REASONS.get(exc.errno or -1)
    if reason:
        return reason
    system = exc.strerror or str(exc) or type(exc).__name__
    return f"系统错误（{system}）"


class WriteError(AuditorError):
    """A report or CSV file that could not be written (exit code 2)."""

    exit_code = 2

    def __init__(
        self, path: Path | str, exc: OSError, *, kept: bool = False, stream: bool = False
    ) -> None:
        self.stream = stream  # the standard output, not a file of ours
        where = exc.filename if getattr(exc, "filename", None) else path
        tail = "。没有留下写了一半的文件，原来的文件（如果有）保持不变" if kept else ""
        super().__init__(f"无法写入 {where}：{os_error_text(exc)}{tail}")


def write_atomic(
    path: Path | str, data: bytes | str, *, check: Callable[[Path], None] | None = None
) -> None:
    """Write ``data`` (``str`` as UTF-8, exactly as given: no newline translation) to
    ``path`` whole or not at all: a temporary file in the same folder, flushed to disk
    (fsync), then renamed over ``path`` (``os.replace``, atomic on one file system).  On any
    failure (disk full, file too large, permissions, Ctrl-C) the temporary file is removed
    and a file already at ``path`` is untouched; an ``OSError`` becomes a
    :class:`WriteError` naming ``path`` (exit code 2).  The new file gets the usual
    permissions (0666 less the umask), as a plain ``open`` would give it.  ``check`` is
    called with the complete temporary file before it replaces ``path``; whatever it
    raises leaves ``path`` as it was."""
    path = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}-{os.urandom(4).hex()}")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except OSError as exc:
        raise WriteError(path, exc, kept=True) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
        if check is not None:
            check(tmp)
        os.replace(tmp, path)
    except BaseException as exc:
        with suppress(OSError):
            tmp.unlink()
        if isinstance(exc, OSError):
            exc.filename = None  # name the file the director asked for, not the temporary one
            raise WriteError(path, exc, kept=True) from None
        raise
    sync_folder(path.parent)


def write_new(path: Path | str, data: bytes | str) -> None:
    """Write ``data`` (``str`` as UTF-8) to a new file ``path`` in a folder that no one reads
    yet (a report's hidden folder before it is renamed into place), flushed to disk (fsync).
    No temporary name and no rename: the folder is what appears whole, so its writer syncs
    it once (:func:`sync_folder`) after the last file, and removes it on failure.  A file
    already at ``path`` is an error (``EEXIST``); an ``OSError`` becomes a
    :class:`WriteError` naming ``path``."""
    path = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
    except OSError as exc:
        exc.filename = None
        raise WriteError(path, exc) from None


def sync_folder(folder: Path) -> None:
    """Make the rename itself durable (best effort: not every system can open a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
