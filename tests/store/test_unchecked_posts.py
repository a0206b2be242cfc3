"""Issue 16, incremental everything: what changed since the last check is found by index
(the versions newer than the last check, and the pids the triggers put in
``post_changes``), never by comparing every stored post, and it is exactly what comparing
every post finds, whatever changed: new posts, edits, deletions, undeletions, and rows
removed or rewritten by hand in SQLite (a director repairing a store)."""

from __future__ import annotations

import random
import sqlite3
from dataclasses import replace
from pathlib import Path

from auditor.store import CHECKED_ROWID, Store
from tests.store.test_store import make_post

# The comparison of every live post and every checked row, written out here as the
# reference (what ``unchecked_posts`` answered before it read only the changes).
_EVERY_CHANGED = (
    "SELECT p.pid, v.content_hash FROM posts p JOIN post_versions v"
    " ON v.pid = p.pid AND v.version = p.version"
    " LEFT JOIN checked_posts c ON c.pid = p.pid"
    " WHERE p.deleted = 0 AND (c.pid IS NULL OR c.content_hash != v.content_hash)"
)
_EVERY_REMOVED = (
    "SELECT c.pid, c.day FROM checked_posts c LEFT JOIN posts p ON p.pid = c.pid"
    " WHERE p.pid IS NULL OR p.deleted = 1"
)


def _every(store: Store) -> tuple[dict[int, str], dict[int, int | None]]:
    db = store.db
    return (
        {r[0]: r[1] for r in db.execute(_EVERY_CHANGED)},
        {r[0]: r[1] for r in db.execute(_EVERY_REMOVED)},
    )


def _check(store: Store, day: int) -> None:
    """What an incremental check records: the rows of what changed, and no others."""
    changed, removed, mark = store.changes_since_check()
    rows = {pid: (h, day, False) for pid, h in changed.items()}
    store.update_check_state(None, rows, removed, mark=mark)


def _raw(store: Store, sql: str, args: tuple[object, ...]) -> None:
    store.db.execute(sql, args)
    if store.db.in_transaction:
        store.db.commit()


def test_the_changes_found_by_index_are_those_of_comparing_every_post(tmp_path: Path) -> None:
    rng = random.Random(16)
    store = Store(tmp_path / "game.sqlite")
    try:
        posts = {pid: make_post(pid, pid % 50 + 1, f"第{pid}楼") for pid in range(1, 301)}
        store.upsert_posts(posts.values(), run_id=None)
        store.save_check_state(None, lambda pid: (0, False))
        assert store.unchecked_posts() == _every(store) == ({}, {})
        next_pid = 301
        for night in range(1, 41):
            for _ in range(rng.randint(0, 6)):
                kind = rng.choice(["new", "edit", "gone", "back", "hand", "hash", "drop"])
                pid = rng.choice(sorted(posts))
                if kind == "new":
                    posts[next_pid] = make_post(next_pid, 1, f"新帖{next_pid}")
                    store.upsert_posts([posts[next_pid]], run_id=night)
                    next_pid += 1
                elif kind == "edit":
                    text = f"{posts[pid].text} 改{night}"
                    posts[pid] = replace(posts[pid], text=text, lines=(text,))
                    store.upsert_posts([posts[pid]], run_id=night)
                elif kind == "gone":
                    _raw(store, "UPDATE posts SET deleted = 1 WHERE pid = ?", (pid,))
                elif kind == "back":  # seen again: undeleted
                    store.upsert_posts([posts[pid]], run_id=night)
                elif kind == "hand":  # a post row removed by hand
                    _raw(store, "DELETE FROM post_versions WHERE pid = ?", (pid,))
                    _raw(store, "DELETE FROM posts WHERE pid = ?", (pid,))
                    del posts[pid]
                elif kind == "hash":  # a version rewritten by hand
                    _raw(
                        store,
                        "UPDATE post_versions SET content_hash = ? WHERE pid = ?",
                        (f"手改{night}", pid),
                    )
                else:  # the newest version row removed: its rowid may be used again
                    newest = store.db.execute(
                        "SELECT rowid, pid, version FROM post_versions ORDER BY rowid DESC"
                    ).fetchone()
                    _raw(store, "DELETE FROM post_versions WHERE rowid = ?", (newest[0],))
                    _raw(
                        store,
                        "UPDATE posts SET version = version - 1 WHERE pid = ? AND version = ?",
                        (newest[1], newest[2]),
                    )
                assert store.unchecked_posts() == _every(store), (night, kind)
            _check(store, night)
            assert store.unchecked_posts() == _every(store) == ({}, {}), night
    finally:
        store.close()


def test_a_night_compares_only_its_own_changes(tmp_path: Path) -> None:
    store = Store(tmp_path / "game.sqlite")
    try:
        store.upsert_posts([make_post(pid, pid % 50 + 1, f"帖{pid}") for pid in range(1, 2001)], 1)
        store.save_check_state(None, lambda pid: (0, False))
        store.upsert_posts([make_post(pid, 1, f"新{pid}") for pid in (5000, 5001)], 2)
        seen: list[str] = []
        store.db.set_trace_callback(seen.append)
        changed, removed = store.unchecked_posts()
        store.db.set_trace_callback(None)
        assert set(changed) == {5000, 5001} and removed == {}
        db = sqlite3.connect(store.path)
        plans = [
            " ".join(str(r[3]) for r in db.execute(f"EXPLAIN QUERY PLAN {sql}"))
            for sql in seen
            if sql.lstrip().upper().startswith("SELECT") and "post_versions" in sql
        ]
        db.close()
        assert sum("MATERIALIZE k" in plan for plan in plans) == 2, seen  # the two comparisons
        for plan in plans:  # no table of posts or checked rows is read through
            for table in ("posts", "post_versions", "checked_posts"):
                assert f"SCAN {table}" not in plan and "SCAN p " not in f"{plan} ", plan
                assert "SCAN c " not in f"{plan} " and "SCAN v " not in f"{plan} ", plan
    finally:
        store.close()


def test_a_store_no_check_of_this_version_recorded_compares_every_post(tmp_path: Path) -> None:
    store = Store(tmp_path / "game.sqlite")
    try:
        store.upsert_posts([make_post(pid, pid, f"帖{pid}") for pid in range(1, 11)], 1)
        store.save_check_state(None, lambda pid: (0, False))
        # As an older version left it: checked rows, no mark of the newest version checked.
        _raw(store, "DELETE FROM check_state WHERE key = ?", (CHECKED_ROWID,))
        _raw(store, "DELETE FROM checked_posts WHERE pid = 3", ())
        assert store.unchecked_posts() == _every(store)
        assert set(store.unchecked_posts()[0]) == {3}
    finally:
        store.close()


def test_a_store_restored_from_a_dump_compares_every_post_once(tmp_path: Path) -> None:
    """``.dump`` writes the version rows without their rowids: restored, they are numbered
    again from 1, and a night's new rows can fall below the last check's mark.  The row
    count recorded with the mark tells: every post is compared once, none is missed."""
    first = tmp_path / "first.sqlite"
    store = Store(first)
    store.upsert_posts([make_post(pid, pid % 50 + 1, f"帖{pid}") for pid in range(1, 201)], 1)
    _raw(store, "DELETE FROM post_versions WHERE pid <= 120", ())  # repaired by hand
    _raw(store, "DELETE FROM posts WHERE pid <= 120", ())
    _check(store, 1)
    assert store.unchecked_posts() == ({}, {})
    mark = int(str(store.state_value(CHECKED_ROWID)).split(":")[0])
    dump = list(store.db.iterdump())
    version = store.schema_version
    store.close()

    restored = tmp_path / "restored.sqlite"
    db = sqlite3.connect(restored)
    db.executescript("\n".join(dump))
    db.execute(f"PRAGMA user_version = {version}")  # (not in the dump)
    db.close()
    store = Store(restored)
    try:
        assert store.db.execute("SELECT max(rowid) FROM post_versions").fetchone()[0] < mark
        assert store.posts_as_checked()  # nothing new since the check
        store.upsert_posts([make_post(pid, 1, f"新{pid}") for pid in range(500, 530)], 2)
        low = store.db.execute(
            "SELECT count(*) FROM post_versions WHERE pid >= 500 AND rowid <= ?", (mark,)
        ).fetchone()[0]
        assert low > 0  # new rows below the mark: what a mark alone would miss
        assert store.unchecked_posts() == _every(store)
        assert set(store.unchecked_posts()[0]) == set(range(500, 530))
        assert not store.posts_as_checked()
        _check(store, 2)
        assert store.unchecked_posts() == _every(store) == ({}, {})
        assert store.posts_as_checked()
    finally:
        store.close()


def _store_of(tmp_path: Path, name: str) -> Store:
    store = Store(tmp_path / f"{name}.sqlite")
    store.upsert_posts([make_post(pid, pid, f"帖{pid}") for pid in range(1, 21)], 1)
    store.save_check_state(None, lambda pid: (0, False))
    return store


def test_a_change_made_while_a_check_runs_is_left_for_the_next(tmp_path: Path) -> None:
    """The mark recorded is the one read with the diff: a post stored, or one deleted, after
    the check read what changed is not taken as checked."""
    store = _store_of(tmp_path, "late")
    try:
        changed, removed, mark = store.changes_since_check()
        assert (changed, removed) == ({}, {})
        store.upsert_posts([make_post(99, 1, "晚到的帖")], 2)
        _raw(store, "UPDATE posts SET deleted = 1 WHERE pid = 2", ())
        store.update_check_state(None, {}, [], mark=mark)
        assert store.unchecked_posts() == _every(store)
        assert set(store.unchecked_posts()[0]) == {99} and set(store.unchecked_posts()[1]) == {2}
        assert not store.posts_as_checked()
    finally:
        store.close()


def test_rows_put_back_or_moved_by_hand_are_seen(tmp_path: Path) -> None:
    """A posts row replaced (INSERT OR REPLACE fires no delete trigger), one removed and
    inserted again over its old versions, and a version row given another rowid: each is
    found as comparing every post finds it."""
    cols = "pid, tid, floor, author, author_uid, posted_at, posted_ts, version, deleted"
    store = _store_of(tmp_path, "hand")
    try:
        store.db.execute("PRAGMA foreign_keys = OFF")  # (as in the sqlite3 shell)
        row = tuple(store.db.execute(f"SELECT {cols} FROM posts WHERE pid = 3").fetchone())
        _raw(
            store,
            f"INSERT OR REPLACE INTO posts ({cols}) VALUES ({','.join('?' * 9)})",
            (*row[:-1], 1),
        )
        assert store.unchecked_posts() == _every(store) != ({}, {})
        _check(store, 1)

        row = tuple(store.db.execute(f"SELECT {cols} FROM posts WHERE pid = 5").fetchone())
        _raw(store, "DELETE FROM posts WHERE pid = 5", ())
        _check(store, 2)
        _raw(store, f"INSERT INTO posts ({cols}) VALUES ({','.join('?' * 9)})", row)
        assert store.unchecked_posts() == _every(store) != ({}, {})
        _check(store, 3)

        _raw(store, "DELETE FROM post_versions WHERE pid = 7", ())
        _raw(store, "DELETE FROM posts WHERE pid = 7", ())
        _check(store, 4)  # (a gap at pid 7's old rowid)
        store.upsert_posts([make_post(77, 1, "新帖")], 5)
        gap = store.db.execute("SELECT min(rowid) - 1 FROM post_versions WHERE pid = 8").fetchone()
        _raw(store, "UPDATE post_versions SET rowid = ? WHERE pid = 77", (gap[0],))
        assert store.unchecked_posts() == _every(store) != ({}, {})
    finally:
        store.close()
