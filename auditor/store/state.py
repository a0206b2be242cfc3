"""What the last check saw (``check_state``, ``checked_posts``, ``post_changes``), so the next
one re-checks only what changed: the check's own entries, the posts it placed on each
day, and the mark of the newest version it compared."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import NamedTuple

from auditor.store.connection import _chunks
from auditor.store.db import STORE_ID, Database

# check_state key: the newest ``post_versions`` rowid when the last check recorded what it
# checked, and that row's pid and version: "rowid:pid:version" (absent: compare every
# post, as a store an older version checked).  The row tells a table whose rows were
# numbered again (a store restored from an ``.dump``, which writes the rows without their
# rowids): that row is then elsewhere or another, new rows may lie below the mark, and
# every post is compared once.
CHECKED_ROWID = "checked_rowid"


# check_state key: bumped when the crawl records data the rules read besides the posts
# (profiles, avatar pictures, posts lists) that the last check has not seen.
SIDE_SERIAL = "side_serial"
SIDE_CHECKED = "side_checked"  # the SIDE_SERIAL the last check ran with


class CheckMark(NamedTuple):
    """Where a check's diff was read (:meth:`Store.changes_since_check`): the newest
    version row then (rowid, pid, version) and the changes recorded then."""

    row: tuple[int, int, int]
    seen: frozenset[int]


class CheckState(Database):
    """The check state, the checked posts and the changes since."""

    def check_state(self) -> dict[str, str]:
        """The check state's entries, without the bulky ones (keys starting ``blob:``, such
        as the check's records: read those alone with :meth:`state_value`)."""
        rows = self.db.execute("SELECT * FROM check_state WHERE key NOT LIKE 'blob:%'")
        return {r["key"]: r["value"] for r in rows}

    def state_values(self, prefix: str) -> dict[str, str]:
        """The check state's entries whose key starts with ``prefix`` (bulky ones too)."""
        rows = self.db.execute(
            "SELECT key, value FROM check_state WHERE substr(key, 1, ?) = ?",
            (len(prefix), prefix),
        )
        return {str(r[0]): str(r[1]) for r in rows}

    def state_value(self, key: str) -> str | None:
        """One entry of the check state (None when absent)."""
        row = self.db.execute("SELECT value FROM check_state WHERE key=?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def save_check_state(
        self,
        state: dict[str, str],
        placement: Callable[[int], tuple[int | None, bool]],
        drop: Iterable[str] = (),
    ) -> None:
        """Record a full check: its state (``drop``: entries that go) and, for every live
        post, its current content hash and ``placement(pid)``: (the day it was placed on,
        whether a whole-game rule keeps it whatever the day).  The rows go from one query
        straight into the table (no list of every post's row is built)."""
        with self.transaction():
            self.db.executemany("DELETE FROM check_state WHERE key=?", [(k,) for k in drop])
            self.db.executemany("INSERT OR REPLACE INTO check_state VALUES (?, ?)", state.items())
            self._mark_checked()
            self.db.execute("DELETE FROM checked_posts")
            hashes = self.db.execute(
                "SELECT p.pid, v.content_hash FROM posts p JOIN post_versions v"
                " ON v.pid = p.pid AND v.version = p.version WHERE p.deleted = 0"
            )
            self.db.executemany(
                "INSERT INTO checked_posts (pid, content_hash, day, keep) VALUES (?, ?, ?, ?)",
                ((pid, h, d, int(k)) for pid, h in hashes for d, k in [placement(pid)]),
            )

    def _mark_checked(self, mark: CheckMark | None = None) -> None:
        """Inside a check's transaction: what it compared (``mark``, taken with its diff) is
        checked; without one (a full check, which records every post as it is now), every
        change so far.  Changes recorded after the mark was taken stay for the next check."""
        if mark is None:
            mark = self._current_mark()
        self.db.execute(
            "INSERT OR REPLACE INTO check_state VALUES (?, ?)",
            (CHECKED_ROWID, ":".join(map(str, mark.row))),
        )
        self.db.executemany("DELETE FROM post_changes WHERE pid = ?", [(p,) for p in mark.seen])

    def _current_mark(self) -> CheckMark:
        row = self.db.execute(
            "SELECT rowid, pid, version FROM post_versions"
            " WHERE rowid = (SELECT max(rowid) FROM post_versions)"
        ).fetchone()
        seen = frozenset(r[0] for r in self.db.execute("SELECT pid FROM post_changes"))
        return CheckMark(tuple(row) if row else (0, 0, 0), seen)

    def _checked_mark(self) -> int | None:
        """The newest version row the last check saw, when every row past it is new since
        (no row removed, none numbered again: :data:`CHECKED_ROWID`); None otherwise."""
        parts = (self.state_value(CHECKED_ROWID) or "").split(":")
        if len(parts) != 3 or not all(p.isdecimal() for p in parts):
            return None
        mark, pid, version = map(int, parts)
        if self.db.execute("SELECT 1 FROM post_changes WHERE pid = 0").fetchone():
            return None  # a version row was removed: its rowid may be used again
        if mark:
            row = self.db.execute(
                "SELECT pid, version FROM post_versions WHERE rowid = ?", (mark,)
            ).fetchone()
            if row is None or tuple(row) != (pid, version):
                return None  # numbered again
        return mark

    def unchecked_posts(self) -> tuple[dict[int, str], dict[int, int | None]]:
        """What changed since the last check, worked out inside SQLite (no post is loaded):
        live posts whose current content hash is not the checked one (pid -> hash), and
        checked posts now deleted or gone (pid -> the day they were checked in).  Only the
        posts with a version newer than the last check or a change in ``post_changes`` are
        compared, by index (a night's new posts, not the game's); a store no check of this
        version recorded, or one whose version rows were removed or numbered again since,
        compares every post."""
        changed, removed, _ = self.changes_since_check()
        return changed, removed

    def changes_since_check(
        self,
    ) -> tuple[dict[int, str], dict[int, int | None], CheckMark]:
        """:meth:`unchecked_posts`, and the mark to record once they are checked
        (:meth:`update_check_state`): read together, in one read transaction, so that
        nothing written after them is taken as checked."""
        with self._snapshot():
            mark = self._current_mark()
            since = self._checked_mark()
            if since is None:
                changed, removed = self._compare(
                    "posts p", "checked_posts c LEFT JOIN posts p ON p.pid = c.pid", ()
                )
            else:
                cand = (
                    "(SELECT pid FROM post_versions WHERE rowid > ?1"
                    " UNION SELECT pid FROM post_changes)"
                )
                changed, removed = self._compare(
                    f"{cand} AS k JOIN posts p ON p.pid = k.pid",
                    f"{cand} AS k JOIN checked_posts c ON c.pid = k.pid"
                    " LEFT JOIN posts p ON p.pid = c.pid",
                    (since,),
                )
        return changed, removed, mark

    @contextmanager
    def _snapshot(self) -> Iterator[None]:
        """Reads that see one state of the store (a read transaction), unless a
        transaction is open already."""
        if self.db.in_transaction:
            yield
            return
        try:
            self.db.execute("BEGIN")  # (inside the try: see transaction())
            yield
        finally:
            if self.db.in_transaction:
                self.db.execute("COMMIT")

    def _compare(
        self, live: str, checked: str, args: tuple[object, ...]
    ) -> tuple[dict[int, str], dict[int, int | None]]:
        """:meth:`unchecked_posts` over the posts ``live`` and the checked rows ``checked``
        (FROM clauses binding ``p``, and ``c`` and ``p``)."""
        changed = {
            r[0]: r[1]
            for r in self.db.execute(
                f"SELECT p.pid, v.content_hash FROM {live} JOIN post_versions v"
                " ON v.pid = p.pid AND v.version = p.version"
                " LEFT JOIN checked_posts c ON c.pid = p.pid"
                " WHERE p.deleted = 0 AND (c.pid IS NULL OR c.content_hash != v.content_hash)",
                args,
            )
        }
        removed = {
            r[0]: r[1]
            for r in self.db.execute(
                f"SELECT c.pid, c.day FROM {checked} WHERE p.pid IS NULL OR p.deleted = 1", args
            )
        }
        return changed, removed

    def posts_as_checked(self) -> bool:
        """Whether :meth:`unchecked_posts` is empty (every live post as the last check saw
        it, no checked post gone).  With nothing written since the last check (no version
        past its mark, no change recorded), no post is compared; when a comparison finds
        nothing, its mark is recorded, so the next night reads no post either.  The caller
        holds the run lock."""
        mark = self._checked_mark()
        if mark is not None:
            newer = self.db.execute(
                "SELECT 1 FROM post_versions WHERE rowid > ? LIMIT 1", (mark,)
            ).fetchone()
            changes = self.db.execute("SELECT 1 FROM post_changes LIMIT 1").fetchone()
            if newer is None and changes is None:
                return True
        changed, removed, seen = self.changes_since_check()
        if changed or removed:
            return False
        self.record_checked(seen)
        return True

    def stored_since_check(self) -> bool:
        """Whether a crawl stored anything since the last check recorded what it checked
        (a new or edited post's version, a deletion): the check's records are older than
        the store.  Read-only, by index: no post is compared.  True too when the mark
        cannot vouch for the rows past it (:meth:`_checked_mark`), or when no check ran."""
        mark = self._checked_mark()
        if mark is None:
            return True
        newer = self.db.execute(
            "SELECT 1 FROM post_versions WHERE rowid > ? LIMIT 1", (mark,)
        ).fetchone()
        return newer is not None or bool(
            self.db.execute("SELECT 1 FROM post_changes LIMIT 1").fetchone()
        )

    def record_checked(self, mark: CheckMark) -> None:
        """A check (or a comparison) that found nothing changed up to ``mark``: recorded, so
        that the next one starts from it."""
        with self.transaction():
            self._mark_checked(mark)

    def update_check_state(
        self,
        state: dict[str, str],
        changed: dict[int, tuple[str, int | None, bool]],
        removed: Iterable[int],
        drop: Iterable[str] = (),
        mark: CheckMark | None = None,
    ) -> None:
        """Record an incremental check: the rows of the posts it re-checked, no others (and
        its state; ``drop``: entries that go; ``mark``: taken with the diff it checked,
        :meth:`changes_since_check`)."""
        with self.transaction():
            self.db.executemany("DELETE FROM check_state WHERE key=?", [(k,) for k in drop])
            self.db.executemany("INSERT OR REPLACE INTO check_state VALUES (?, ?)", state.items())
            self._mark_checked(mark)
            self.db.executemany("DELETE FROM checked_posts WHERE pid=?", [(p,) for p in removed])
            self.db.executemany(
                "INSERT OR REPLACE INTO checked_posts (pid, content_hash, day, keep)"
                " VALUES (?, ?, ?, ?)",
                [(pid, h, d, int(k)) for pid, (h, d, k) in changed.items()],
            )

    def checked_days(self, pids: Iterable[int]) -> dict[int, int | None]:
        """The day the last check placed each of ``pids`` on (pids it never saw left out)."""
        out: dict[int, int | None] = {}
        for chunk in _chunks(sorted(set(pids))):
            rows = self.db.execute(
                f"SELECT pid, day FROM checked_posts WHERE pid IN ({','.join('?' * len(chunk))})",
                tuple(chunk),
            )
            out.update((r[0], r[1]) for r in rows)
        return out

    def store_id(self) -> str:
        """The store's own id ("" for a store made before ids, until :meth:`own_id`)."""
        return self.state_value(STORE_ID) or ""

    def own_id(self) -> str:
        """The store's id, given one now when it has none (a store made before ids)."""
        if self.store_id():
            return self.store_id()
        with self.transaction():
            self.db.execute(
                "INSERT OR IGNORE INTO check_state VALUES (?, lower(hex(randomblob(16))))",
                (STORE_ID,),
            )
        return self.store_id()

    def set_state(self, key: str, value: str) -> None:
        """One entry of the check state (e.g. the threads the last crawl could not read)."""
        with self.transaction():
            self.db.execute("INSERT OR REPLACE INTO check_state VALUES (?, ?)", (key, value))

    def report_marks(self) -> tuple[int | None, int | None, int]:
        """What a report stands on besides the check state: the newest version row, the
        newest decision row and the number of manual cards."""
        return (
            self.db.execute("SELECT MAX(rowid) FROM post_versions").fetchone()[0],
            self.db.execute("SELECT MAX(id) FROM decisions").fetchone()[0],
            self.db.execute("SELECT COUNT(*) FROM manual_cards").fetchone()[0],
        )
