"""jieba's word frequencies in a SQLite file of the cache folder (the matcher's tokenizer
reads a few hundred words of the dictionary's 500,000, not all of them): a file of its
own, not a game's store, kept here because only :mod:`auditor.store` speaks SQLite."""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any


class WordFreqFile(Mapping[str, int]):
    """jieba's word frequencies in a SQLite file, read on demand and remembered: a
    boundary check looks up a few hundred words, not the 500,000 of the dictionary."""

    def __init__(self, con: sqlite3.Connection, total: int) -> None:
        self._con, self.total = con, total
        self._memo: dict[str, int | None] = {}
        self._lock = threading.Lock()

    @classmethod
    def open(cls, path: Path) -> WordFreqFile | None:
        if not path.is_file():
            return None
        try:
            uri = path.resolve().as_uri() + "?mode=ro"  # (as_uri: any character in the path)
            con = sqlite3.connect(uri, uri=True, check_same_thread=False)
            total = con.execute("SELECT f FROM meta WHERE k = 'total'").fetchone()[0]
        except sqlite3.Error:
            return None  # damaged or foreign: rebuilt and replaced
        return cls(con, int(total))

    @staticmethod
    def write(path: Path, freq: Mapping[str, int], total: int) -> bool:
        """Atomically (a temporary file renamed into place); a folder that cannot be
        written is no error (False: not written)."""
        import tempfile  # (only where a cache file is written)

        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".jieba-", suffix=".tmp", dir=path.parent)
            os.close(fd)
        except OSError:
            return False
        try:
            con = sqlite3.connect(tmp)
            with con:
                con.execute("CREATE TABLE meta (k TEXT PRIMARY KEY, f INTEGER)")
                con.execute("CREATE TABLE freq (w TEXT PRIMARY KEY, f INTEGER) WITHOUT ROWID")
                con.execute("INSERT INTO meta VALUES ('total', ?)", (int(total),))
                con.executemany("INSERT INTO freq VALUES (?, ?)", freq.items())
            con.close()
            os.replace(tmp, path)
        except (OSError, sqlite3.Error):
            Path(tmp).unlink(missing_ok=True)
            return False
        return True

    def prefetch(self, text: str, longest: int = 8) -> None:
        """Look up every piece of ``text`` up to ``longest`` characters in one query."""
        pieces = {
            text[i:j]
            for i in range(len(text))
            for j in range(i + 1, min(len(text), i + longest) + 1)
            if text[i:j] not in self._memo
        }
        if not pieces:
            return
        with self._lock:
            for chunk in _chunks(sorted(pieces), 500):
                marks = ",".join("?" * len(chunk))
                got = dict(self._con.execute(f"SELECT w, f FROM freq WHERE w IN ({marks})", chunk))
                for w in chunk:
                    self._memo[w] = got.get(w)

    def _look(self, key: str) -> int | None:
        try:
            return self._memo[key]
        except KeyError:
            pass
        with self._lock:
            row = self._con.execute("SELECT f FROM freq WHERE w = ?", (key,)).fetchone()
        f = self._memo[key] = None if row is None else int(row[0])
        return f

    def __getitem__(self, key: str) -> int:
        f = self._look(key)
        if f is None:
            raise KeyError(key)
        return f

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self._look(key) is not None

    def get(self, key: str, default: Any = None) -> Any:
        f = self._look(key)
        return default if f is None else f

    def __iter__(self) -> Iterator[str]:
        with self._lock:
            words = [w for (w,) in self._con.execute("SELECT w FROM freq")]
        return iter(words)

    def __len__(self) -> int:
        with self._lock:
            return int(self._con.execute("SELECT count(*) FROM freq").fetchone()[0])


def _chunks(items: Sequence[str], size: int) -> Iterator[Sequence[str]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]
