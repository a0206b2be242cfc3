"""The saved-page files already read (``saved_files``), so a nightly run over a folder parses
only what changed: each file's marks (size, modification time, inode) and what it held."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import NamedTuple

from auditor.store.db import Database


class SavedFileRow(NamedTuple):
    """What the store knows of one saved file read before (``saved_files``)."""

    size: int
    mtime_ns: int
    ino: int
    cache_key: str
    tid: int
    kind: str
    page: int | None
    total_pages: int | None
    author_only: int
    pids: str  # JSON list
    floor_lo: int | None
    floor_hi: int | None


def saved_mark(marks: Iterable[tuple[str, int, int, int]]) -> str:
    """A thread's saved files as one hash: each file's path, size, modification time and
    inode, in path order."""
    text = "\n".join(f"{p}\0{s},{m},{i}" for p, s, m, i in sorted(set(marks)))
    return hashlib.sha1(text.encode()).hexdigest()


class Saved(Database):
    """The saved files read so far."""

    def saved_files(self) -> dict[str, SavedFileRow]:
        """Every saved file read so far, by its resolved path (plain tuples: a nightly
        run over a folder of 10,000 files looks at each once)."""
        cur = self.db.cursor()
        cur.row_factory = None
        rows = cur.execute(f"SELECT path, {', '.join(SavedFileRow._fields)} FROM saved_files")
        return {path: SavedFileRow(*rest) for path, *rest in rows}

    def saved_marks(self, cache_keys: Sequence[str]) -> set[str]:
        """The mark of every saved file read with one of ``cache_keys``: its path, NUL, and
        its size, modification time (ns) and inode joined by commas, one string each (one
        query; the set is built in C)."""
        cur = self.db.cursor()
        cur.row_factory = None
        keys = ",".join("?" * len(cache_keys))
        sql = (
            "SELECT path || char(0) || size || ',' || mtime_ns || ',' || ino"
            f" FROM saved_files WHERE cache_key IN ({keys})"
        )
        return {m for (m,) in cur.execute(sql, tuple(cache_keys))}

    def saved_last_pages(self) -> list[list[str | int]]:
        """[path, size, modification time (ns), inode] of each saved file that holds the
        last page of its thread in its view (``page`` 0 or NULL counted as 1)."""
        cur = self.db.cursor()
        cur.row_factory = None
        rows = cur.execute(
            "SELECT f.path, f.size, f.mtime_ns, f.ino FROM saved_files f JOIN"
            " (SELECT tid, kind, MAX(COALESCE(NULLIF(page, 0), 1)) AS last"
            "  FROM saved_files GROUP BY tid, kind) l"
            " ON f.tid = l.tid AND f.kind = l.kind AND COALESCE(NULLIF(f.page, 0), 1) = l.last"
            " ORDER BY f.path"
        )
        return [list(r) for r in rows]

    def saved_file_marks(self, tids: Collection[int]) -> list[list[str | int]]:
        """[path, size, modification time (ns), inode] of every saved file of these threads."""
        cur = self.db.cursor()
        cur.row_factory = None
        rows = cur.execute(
            "SELECT path, size, mtime_ns, ino FROM saved_files"
            " WHERE tid IN (SELECT value FROM json_each(?)) ORDER BY path",
            (json.dumps(sorted(tids)),),
        )
        return [list(r) for r in rows]

    def saved_paths(self) -> set[str]:
        """The path of every saved file read so far, whatever it was read with."""
        cur = self.db.cursor()
        cur.row_factory = None
        return {p for (p,) in cur.execute("SELECT path FROM saved_files")}

    def saved_file_count(self) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM saved_files").fetchone()[0])

    def saved_threads(
        self, cache_key: str
    ) -> list[tuple[int, str, bool, bool, int | None, list[int]]]:
        """Per thread and view, what its saved files say, worked out inside SQLite: (tid,
        view, read with ``cache_key`` (else: noted as a view the thread did not use), any
        post id, the highest page count of a whole page, the pages of its whole pages
        (``page`` 0 or NULL counted as 1))."""
        cur = self.db.cursor()
        cur.row_factory = None
        rows = cur.execute(
            "SELECT tid, kind, cache_key = ?, MAX(pids != '[]'),"
            " MAX(CASE WHEN author_only = 0 THEN total_pages END),"
            " json_group_array(DISTINCT CASE WHEN author_only = 0"
            "   THEN COALESCE(NULLIF(page, 0), 1) END)"
            " FROM saved_files GROUP BY tid, kind, cache_key = ?",
            (cache_key, cache_key),
        )
        return [
            (tid, kind, bool(used), bool(pid), total, [p for p in json.loads(pages) if p])
            for tid, kind, used, pid, total, pages in rows
        ]

    def serial(self, name: str) -> int:
        """One of the serials SQLite bumps on every change (``saved_files``)."""
        row = self.db.execute("SELECT n FROM serials WHERE name=?", (name,)).fetchone()
        return int(row[0])

    def forget_saved_files(self, paths: Collection[str]) -> None:
        """Drop the entries of saved files no longer in the folder (one statement): such a
        file, put back, is read again."""
        if paths:
            with self.transaction():
                self.db.execute(
                    "DELETE FROM saved_files WHERE path IN (SELECT value FROM json_each(?))",
                    (json.dumps(sorted(paths)),),
                )

    def saved_states(self) -> dict[int, tuple[str | None, str | None]]:
        """tid -> (source, saved_mark) of every stored thread."""
        cur = self.db.cursor()
        cur.row_factory = None
        return {t: (s, m) for t, s, m in cur.execute("SELECT tid, source, saved_mark FROM threads")}

    def save_saved_file(self, row: Mapping[str, object]) -> None:
        with self.transaction():
            self.db.execute(
                "INSERT OR REPLACE INTO saved_files (path, size, mtime_ns, ino, tid, kind,"
                " page, total_pages, author_only, pids, floor_lo, floor_hi, cache_key)"
                " VALUES (:path, :size, :mtime_ns, :ino, :tid, :kind, :page, :total_pages,"
                " :author_only, :pids, :floor_lo, :floor_hi, :cache_key)",
                row,
            )
