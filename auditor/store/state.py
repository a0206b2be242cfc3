"""What the last check saw (``check_state``, ``checked_posts``, ``post_changes``), so the next
one re-checks only what changed: the check's own entries, the posts it placed on each
day, and the mark of the newest version it compared.

The ``check_state`` table is a key-value table of text; this module is its only reader
and writer.  Everyone else sees it typed: :class:`CheckState`, a frozen snapshot of the
small entries that the crawl, the check and the pipeline write and read together
(``store.check_state()``), and :class:`StateEntries` (``store.state``), every entry as
an attribute read and written one by one (the bulky ones, such as the check's records
or the saved-pages plan, are read only when asked for).  The keys and the text each
value is stored as are the ones older versions wrote: a store from before opens as it
is.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, fields
from datetime import datetime
from typing import Any, Generic, NamedTuple, TypedDict, TypeVar, cast, overload

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

#: Keys of the bulky entries: :meth:`Checks.check_state_mark` leaves them out.
BLOB = "blob:"
RECORDS_KEY = "blob:records"  # the check's records (JSON)
COUNTED_KEY = "blob:counted:"  # one day's counted posts (``blob:counted:3``)
STATUS_KEY = "blob:status"  # the open day's status, as the check left it (JSON)
DISMISSED = "dismissed:"  # pid -> the signed 不是公告 (JSON)
REJECTED = "rejected:"  # proposal id -> the signed 不对，不要 / 无人出局 / 还没关门 (JSON)

T = TypeVar("T")


def _json(text: str) -> Any:
    return json.loads(text)


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def _int_list(text: str) -> tuple[int, ...]:
    return tuple(int(v) for v in json.loads(text))


def _int_dump(value: Iterable[int]) -> str:
    return json.dumps(list(value))  # as older versions wrote it: "[1, 2]"


def _when(text: str) -> datetime | None:
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return None


def _when_dump(value: datetime | None) -> str:
    return "" if value is None else value.isoformat()


def _object(text: str) -> dict[str, object]:
    """A JSON object, or {} for anything else (a damaged or foreign entry)."""
    try:
        value = json.loads(text)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


class BoardThread(TypedDict):
    """A thread of the board list as the crawl stored it."""

    tid: int
    subject: str
    author: str | None
    replies: int | None
    last_post: str | None  # ISO time


class Night(TypedDict, total=False):
    """What the last night that ran the check left for a night with nothing new."""

    rules: str
    inputs: str
    config: str | None
    report_key: str
    findings: int
    pending: int
    other_pending: int
    proposals: list[str]


class DayStatusEntry(TypedDict, total=False):
    """The open day's status as the check left it (:func:`auditor.rules.engine.status_entry`)."""

    config: str
    inputs: str
    now: str
    day: int | None
    closes: str | None
    accelerated: bool
    rows: list[dict[str, object]]
    warning: str | None


def _night(text: str) -> Night:
    return cast(Night, _object(text))


def _status(text: str) -> DayStatusEntry | None:
    return cast(DayStatusEntry, _object(text)) or None


class Entry(Generic[T]):
    """One ``check_state`` entry as an attribute of :class:`StateEntries`: its key, how its
    text is read and written, and its value when absent."""

    def __init__(
        self, key: str, load: Callable[[str], T], dump: Callable[[T], str], default: T
    ) -> None:
        self.key, self.load, self.dump, self.default = key, load, dump, default

    def read(self, text: str | None) -> T:
        return self.default if text is None else self.load(text)

    @overload
    def __get__(self, obj: None, owner: type) -> Entry[T]: ...
    @overload
    def __get__(self, obj: StateEntries, owner: type) -> T: ...
    def __get__(self, obj: StateEntries | None, owner: type) -> Entry[T] | T:
        if obj is None:
            return self
        return self.read(obj.store.state_value(self.key))

    def __set__(self, obj: StateEntries, value: T) -> None:
        obj.store.set_state(self.key, self.dump(value))


_str: Callable[[str], str] = str
_opt: Callable[[str], str | None] = str


def _opt_dump(value: str | None) -> str:
    return value or ""


class StateEntries:
    """The check state, entry by entry (``store.state``): reading an attribute reads its
    entry, setting one writes it (in a transaction of its own).  Who writes each: the
    crawl (the board list, the threads it could not read, the posts lists' problem, the
    saved-pages plan), the check (its configuration, serial, time, held days, records,
    proposals and status: :meth:`Checks.save_check_state`), the pipeline (the report it
    left, the night's summary, the posts dismissed as 不是公告)."""

    # the check's (written together by save_check_state / update_check_state)
    config = Entry[str | None]("config", _opt, _opt_dump, None)
    serial = Entry[int | None]("serial", int, str, None)  # checks that re-ran rules
    checked_at = Entry[datetime | None]("now", _when, _when_dump, None)  # the check's time
    pending_days = Entry[tuple[int, ...]]("pending_days", _int_list, _int_dump, ())
    side_checked = Entry[int](SIDE_CHECKED, int, str, 0)  # the side_serial it judged
    records = Entry[str | None](RECORDS_KEY, _opt, _opt_dump, None)  # CheckRecords JSON
    proposals = Entry[list[str] | None]("proposals", _json, _dumps, None)
    status = Entry[DayStatusEntry | None](STATUS_KEY, _status, _dumps, None)
    # the crawl's
    side_serial = Entry[int](SIDE_SERIAL, int, str, 0)  # profiles, avatars, posts lists
    incomplete_tids = Entry[tuple[int, ...]]("incomplete_tids", _int_list, _int_dump, ())
    space_problem = Entry[str]("space_problem", _str, str, "")  # why posts lists stopped
    # the board list as last crawled: [{tid, subject, author, replies, last_post}]
    board_threads = Entry[list[BoardThread]](
        "board_threads",
        _json,
        json.dumps,
        [],  # (written without ensure_ascii, as before)
    )
    # each thread's board-list figures when last read in full: {tid: [replies, iso]}
    board_seen = Entry[dict[str, list[object]]](
        "board_seen", _json, lambda v: json.dumps(v, sort_keys=True), {}
    )
    saved_plan = Entry[dict[str, Any] | None]("saved_plan", _json, _dumps, None)
    # the pipeline's
    report_key = Entry[str | None]("report_key", _opt, _opt_dump, None)
    report_dir = Entry[str | None]("report_dir", _opt, _opt_dump, None)
    report_notices = Entry[list[str]]("report_notices", _json, _dumps, [])
    report_state = Entry[list[str]]("report_state", _json, _dumps, [])  # what the state lacks
    night = Entry[Night]("night", _night, _dumps, {})  # what a quiet night needs

    def __init__(self, store: Checks) -> None:
        self.store = store

    @property
    def counted(self) -> dict[int, str]:
        """Each day's counted posts as stored (day -> JSON text)."""
        values = self.store.state_values(COUNTED_KEY)
        return {int(k.removeprefix(COUNTED_KEY)): v for k, v in values.items()}

    @property
    def dismissed(self) -> dict[int, dict[str, str]]:
        """The posts dismissed as 不是公告: pid -> {by, at, note, digest}."""
        out: dict[int, dict[str, str]] = {}
        for key, raw in sorted(self.store.state_values(DISMISSED).items()):
            try:
                pid = int(key.removeprefix(DISMISSED))
                value = json.loads(raw)
            except ValueError:
                continue
            if isinstance(value, dict):
                out[pid] = {str(k): str(v) for k, v in value.items()}
        return out

    def dismiss(self, pid: int, value: Mapping[str, str]) -> None:
        self.store.set_state(f"{DISMISSED}{pid}", _dumps(dict(value)))

    @property
    def rejected(self) -> dict[str, dict[str, str]]:
        """The proposals a director rejected: id -> {by, at, answer, digest, …}."""
        out: dict[str, dict[str, str]] = {}
        for key, raw in sorted(self.store.state_values(REJECTED).items()):
            try:
                value = json.loads(raw)
            except ValueError:
                continue
            if isinstance(value, dict):
                out[key.removeprefix(REJECTED)] = {str(k): str(v) for k, v in value.items()}
        return out

    def reject(self, ident: str, value: Mapping[str, str]) -> None:
        self.store.set_state(f"{REJECTED}{ident}", _dumps(dict(value)))


@dataclass(frozen=True, slots=True)
class CheckState:
    """The check state's small entries, read together in one query
    (:meth:`Checks.check_state`): what the last check was run with and when, and what the
    crawl and the last report left that the next check and night compare."""

    config: str | None = None
    serial: int | None = None
    checked_at: datetime | None = None
    pending_days: tuple[int, ...] = ()
    side_checked: int = 0
    side_serial: int = 0
    incomplete_tids: tuple[int, ...] = ()
    space_problem: str = ""
    report_key: str | None = None
    report_dir: str | None = None
    report_notices: tuple[str, ...] = ()
    report_state: tuple[str, ...] = ()

    @property
    def side_changed(self) -> bool:
        """A signature, avatar picture or posts-list item the last check has not judged."""
        return self.side_serial != self.side_checked


@dataclass(frozen=True, slots=True)
class Checked:
    """What a check records of itself (:meth:`Checks.save_check_state`): its configuration
    hash, serial and time, the days it held back, the side serial it judged, its records
    (JSON), their proposals, the open day's status (JSON) and the counted posts of the days
    it derived (day -> JSON), with the days whose counted posts go."""

    config: str
    serial: int
    checked_at: datetime
    pending_days: tuple[int, ...]
    side_checked: int
    records: str
    proposals: list[str]
    status: str
    counted: Mapping[int, str]
    counted_gone: Iterable[int] = ()

    def entries(self) -> tuple[dict[str, str], list[str]]:
        """(key -> text to write, keys to delete)."""
        E = StateEntries
        put = {
            E.config.key: self.config,
            E.serial.key: E.serial.dump(self.serial),
            E.checked_at.key: E.checked_at.dump(self.checked_at),
            E.pending_days.key: E.pending_days.dump(self.pending_days),
            E.side_checked.key: E.side_checked.dump(self.side_checked),
        }
        put[RECORDS_KEY] = self.records
        put[StateEntries.proposals.key] = _dumps(self.proposals)
        put[STATUS_KEY] = self.status
        put.update((f"{COUNTED_KEY}{d}", text) for d, text in self.counted.items())
        return put, [f"{COUNTED_KEY}{d}" for d in self.counted_gone]


def bump_side_serial(db: sqlite3.Connection) -> None:
    """:attr:`StateEntries.side_serial` plus one, inside the caller's transaction (the
    crawl recorded a new signature, avatar picture or posts-list item)."""
    row = db.execute("SELECT value FROM check_state WHERE key=?", (SIDE_SERIAL,)).fetchone()
    serial = int(row[0]) + 1 if row is not None else 1
    db.execute("INSERT OR REPLACE INTO check_state VALUES (?, ?)", (SIDE_SERIAL, str(serial)))


class CheckMark(NamedTuple):
    """Where a check's diff was read (:meth:`Store.changes_since_check`): the newest
    version row then (rowid, pid, version) and the changes recorded then."""

    row: tuple[int, int, int]
    seen: frozenset[int]


class Checks(Database):
    """The check state, the checked posts and the changes since."""

    @property
    def state(self) -> StateEntries:
        """The check state entry by entry, as attributes (:class:`StateEntries`)."""
        return StateEntries(self)

    def check_state(self) -> CheckState:
        """The check state's small entries, read together (:class:`CheckState`)."""
        E = StateEntries
        small = [f.name for f in fields(CheckState)]
        keys = [getattr(E, name).key for name in small]
        rows = self.db.execute(
            f"SELECT key, value FROM check_state WHERE key IN ({','.join('?' * len(keys))})",
            keys,
        )
        raw = {str(r[0]): str(r[1]) for r in rows}

        def get(entry: Entry[T]) -> T:
            return entry.read(raw.get(entry.key))

        notices: list[str] = get(E.report_notices)
        problems: list[str] = get(E.report_state)
        return CheckState(
            config=get(E.config),
            serial=get(E.serial),
            checked_at=get(E.checked_at),
            pending_days=get(E.pending_days),
            side_checked=get(E.side_checked),
            side_serial=get(E.side_serial),
            incomplete_tids=get(E.incomplete_tids),
            space_problem=get(E.space_problem),
            report_key=get(E.report_key),
            report_dir=get(E.report_dir),
            report_notices=tuple(notices),
            report_state=tuple(problems),
        )

    def check_state_mark(self) -> tuple[tuple[str, str], ...]:
        """Every entry but the bulky ones (``blob:``), as stored: equal while nothing of
        them was written (a cache's key)."""
        rows = self.db.execute(
            "SELECT key, value FROM check_state WHERE key NOT LIKE 'blob:%' ORDER BY key"
        )
        return tuple((str(r[0]), str(r[1])) for r in rows)

    def state_values(self, prefix: str) -> dict[str, str]:
        """The raw entries whose key starts with ``prefix`` (for this module and tests)."""
        rows = self.db.execute(
            "SELECT key, value FROM check_state WHERE substr(key, 1, ?) = ?",
            (len(prefix), prefix),
        )
        return {str(r[0]): str(r[1]) for r in rows}

    def state_value(self, key: str) -> str | None:
        """One raw entry (None when absent; for this module and tests)."""
        row = self.db.execute("SELECT value FROM check_state WHERE key=?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def save_check_state(
        self,
        checked: Checked | None,
        placement: Callable[[int], tuple[int | None, bool]],
    ) -> None:
        """Record a full check: its entries (:class:`Checked`) and, for every live
        post, its current content hash and ``placement(pid)``: (the day it was placed on,
        whether a whole-game rule keeps it whatever the day).  The rows go from one query
        straight into the table (no list of every post's row is built)."""
        with self.transaction():
            self._write_checked(checked)
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

    def _write_checked(self, checked: Checked | None) -> None:
        if checked is None:
            return
        put, drop = checked.entries()
        self.db.executemany("DELETE FROM check_state WHERE key=?", [(k,) for k in drop])
        self.db.executemany("INSERT OR REPLACE INTO check_state VALUES (?, ?)", put.items())

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
        checked: Checked | None,
        changed: dict[int, tuple[str, int | None, bool]],
        removed: Iterable[int],
        mark: CheckMark | None = None,
    ) -> None:
        """Record an incremental check: the rows of the posts it re-checked, no others (and
        its entries; ``mark``: taken with the diff it checked, :meth:`changes_since_check`)."""
        with self.transaction():
            self._write_checked(checked)
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
        """One raw entry (for this module and tests: others set :attr:`state`'s attributes)."""
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
