"""File-system errors as the director reads them: in Chinese, naming the path.

An ``OSError`` while writing a report or a decisions CSV is not a crash and not an
incomplete crawl (exit 1): it is an :class:`~auditor.errors.AuditorError` (exit 2) saying
which file could not be written and why, in Chinese (the system's English ``strerror`` is
kept in brackets only where we have no translation).
"""

from __future__ import annotations

import errno
from pathlib import Path

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

    def __init__(self, path: Path | str, exc: OSError) -> None:
        where = exc.filename if getattr(exc, "filename", None) else path
        super().__init__(f"无法写入 {where}：{os_error_text(exc)}")
