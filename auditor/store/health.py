"""Whether a store may be used: nothing is written to a damaged one (issue 32, item 1).

Three layers, cheapest first:

- :func:`check_file`, before SQLite opens the file, on every command: the header (magic,
  page size, versions, payload fractions, schema format, encoding), the page count the
  header states against the file's size, and the freelist's trunk pages, read raw.  A few
  hundred bytes; a file cut short, grown by garbage at its end, or with a damaged header or
  freelist is refused.  Done only when no WAL holds commits not yet in the file (else the
  file is not the whole store and a checkpoint may be writing it: SQLite's view is checked
  after opening instead).
- What auditor last saw of the file, kept beside it in ``<store>.health`` (JSON): the
  file's identity, size and times as the last command left it, and a damage once found.
  A file changed since (by another program, a copy, a restore, a crash) is checked whole
  (``PRAGMA integrity_check``) before the first write; a damage recorded for the file as
  it still is refuses the command at once.
- ``PRAGMA integrity_check`` after each audit (:meth:`~auditor.store.db.Database.verify`),
  and every SQLITE_CORRUPT met while reading, recorded in ``<store>.health`` so the next
  command refuses.

The ``.health`` file is a record, not the store: when it is lost or cannot be written, the
next command checks the file whole again.
"""

from __future__ import annotations

import json
import os
from contextlib import suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import BinaryIO

from auditor.errors import StoreDamagedError

HEALTH = ".health"  # <store>.health
CHECK_LINES = 20  # what ``PRAGMA integrity_check`` says at most
_MAGIC = b"SQLite format 3\x00"
_RESTORE = (
    "auditor 不会写入它，也不会另起一个新游戏：请从备份恢复（恢复后 auditor 会重新检查），"
    "或在游戏文件的 [game] store 指定这个游戏真正的数据库"
)


def damaged(path: Path, detail: str) -> StoreDamagedError:
    return StoreDamagedError(path, f"已经损坏（{detail}）", _RESTORE)


def health_path(path: Path) -> Path:
    return path.with_name(path.name + HEALTH)


def fingerprint(path: Path) -> list[int] | None:
    """The file as it stands: inode, size, modification and change times (a write, a
    copy, a rename over it or a restore changes one of them)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns]


def read_health(path: Path) -> dict[str, object]:
    try:
        data = json.loads(health_path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write_health(path: Path, data: dict[str, object]) -> None:
    """Replace ``<store>.health`` (atomically; not synced: a lost record costs one check)."""
    target = health_path(path)
    tmp = target.with_name(f".{target.name}-{os.getpid()}")
    try:
        tmp.write_text(json.dumps(data, ensure_ascii=False) + "\n", encoding="utf-8")
        os.replace(tmp, target)
    except OSError:
        with suppress(OSError):
            tmp.unlink()


def record_seen(path: Path, recorded: dict[str, object]) -> None:
    """Record the file as this command leaves it (when it differs from the record)."""
    now = fingerprint(path)
    if now is not None and (recorded.get("file") != now or recorded.get("damaged")):
        write_health(path, {"file": now})


def record_damage(path: Path, detail: str) -> None:
    """Record a damage found (the next command refuses while the file stays as it is)."""
    stamp = datetime.now(UTC).astimezone().strftime("%Y-%m-%d %H:%M")
    write_health(path, {"file": fingerprint(path), "damaged": detail, "found_at": stamp})


def refuse_recorded(path: Path, recorded: dict[str, object]) -> None:
    """Refuse a store whose damage was recorded while the file is still that file."""
    detail = recorded.get("damaged")
    if detail and recorded.get("file") == fingerprint(path):
        found = recorded.get("found_at", "")
        raise damaged(path, f"{found} 发现：{detail}" if found else str(detail))


def _wal_holds_commits(path: Path) -> bool:
    for suffix in ("-wal", "-journal"):
        with suppress(FileNotFoundError):
            if path.with_name(path.name + suffix).stat().st_size > 0:
                return True
    return False


def check_file(path: Path) -> None:
    """The cheap checks of the raw file (see the module's docstring); raise
    :class:`StoreDamagedError` naming what is wrong.  A file that is not SQLite at all is
    left to SQLite and the format check (their messages say so)."""
    if _wal_holds_commits(path):
        return
    try:
        with open(path, "rb") as fh:
            head = fh.read(100)
            size = os.fstat(fh.fileno()).st_size
            problem = _header_problem(head, size) or _freelist_problem(fh, head, size)
    except OSError:
        return  # unreadable: SQLite says so, naming the store
    if problem and not _wal_holds_commits(path):  # (a writer began meanwhile: not ours)
        raise damaged(path, problem)


def _u32(b: bytes, at: int) -> int:
    return int.from_bytes(b[at : at + 4], "big")


def _page_size(head: bytes) -> int:
    size = int.from_bytes(head[16:18], "big")
    return 65536 if size == 1 else size


def _header_problem(head: bytes, size: int) -> str:
    if len(head) < 100 or not head.startswith(_MAGIC):
        return ""
    page = _page_size(head)
    if page < 512 or page > 65536 or page & (page - 1):
        return f"文件头损坏：页大小 {page} 不是 512 到 65536 之间的 2 的幂"
    if head[18] not in (1, 2) or head[19] not in (1, 2) or head[21:24] != b"\x40\x20\x20":
        return "文件头损坏：格式字段的值不对"
    if _u32(head, 44) not in (1, 2, 3, 4) or _u32(head, 56) not in (1, 2, 3):
        return "文件头损坏：结构格式或文本编码的值不对"
    if size % page:
        return f"文件大小 {size} 字节不是页大小 {page} 的整数倍：文件被截断或拼接过"
    stated = _u32(head, 28)
    if head[24:28] == head[92:96] and stated != size // page:
        cut = "文件被截断了" if stated > size // page else "文件末尾多出了内容"
        return f"文件头说有 {stated} 页，文件里有 {size // page} 页：{cut}"
    return ""


def _freelist_problem(fh: BinaryIO, head: bytes, size: int) -> str:
    """The freelist (unused pages): its trunk pages chained within the file, their leaf
    counts adding up to the count the header states."""
    if len(head) < 100 or not head.startswith(_MAGIC):
        return ""
    page, pages = _page_size(head), size // _page_size(head)
    trunk, total = _u32(head, 32), _u32(head, 36)
    bad = f"空闲页链表损坏（文件头说有 {total} 个空闲页，首页 {trunk}）"
    if total >= max(pages, 1) or (trunk == 0) != (total == 0):
        return bad
    counted, seen = 0, set()
    while trunk:
        if trunk > pages or trunk in seen:
            return bad
        seen.add(trunk)
        fh.seek((trunk - 1) * page)
        data = fh.read(8)
        leaves = _u32(data, 4)
        if len(data) < 8 or leaves > page // 4 - 2:
            return bad
        counted += 1 + leaves
        if counted > total:
            return bad
        trunk = _u32(data, 0)
    return bad if counted != total else ""


def integrity_problems(rows: list[tuple[object, ...]]) -> str:
    """What ``PRAGMA integrity_check`` said, when not "ok": its first lines."""
    lines = [str(r[0]) for r in rows]
    if lines == ["ok"]:
        return ""
    shown = "；".join(lines[:3])
    more = f"；另有 {len(lines) - 3} 处" if len(lines) > 3 else ""
    if len(lines) >= CHECK_LINES:
        more += "以上"
    return f"完整性检查：{shown}{more}"
