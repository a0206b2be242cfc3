"""One SQLite file per game: pages, posts with versions, runs (and, later, findings and decisions).

Schema changes are ordered, recorded migrations (``PRAGMA user_version``).  Every write
happens inside :meth:`Store.transaction`, so a run that dies leaves the previous state
intact.  :meth:`Store.lock` refuses a second process on the same game.
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import sqlite3
import sys
import time
import zlib
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from pathlib import Path
from types import ModuleType
from typing import IO, TYPE_CHECKING, Any, NamedTuple

from auditor.errors import StoreError, StoreLockedError
from auditor.files import os_error_text

if TYPE_CHECKING:
    from auditor.models import (
        Attachment,
        Post,
        PostVersion,
        Profile,
        ProfileSighting,
        Quote,
        SpaceItem,
        SpaceRead,
    )

# The values a store reads back (auditor.models) are imported on first use: a night with
# nothing new opens the store and reads no post, and building those dataclasses is a
# good part of a process's start.  ``_stored`` runs once per post read: it takes the
# module from here, not from an import statement of its own.
_models: ModuleType | None = None


def _values() -> ModuleType:
    global _models
    if _models is None:
        import auditor.models

        _models = auditor.models
    return _models


# Ordered schema migrations: each is one SQL script, applied once, in one transaction,
# and recorded in PRAGMA user_version. Never edit a released one; append a new one.
_M1_PAGES_POSTS = """
        CREATE TABLE runs (
            id INTEGER PRIMARY KEY,
            command TEXT NOT NULL,
            started_at TEXT NOT NULL,
            finished_at TEXT,
            status TEXT NOT NULL DEFAULT 'running',   -- running | ok | failed
            summary TEXT                              -- JSON
        );
        CREATE TABLE pages (
            tid INTEGER NOT NULL,
            page INTEGER NOT NULL,
            source TEXT NOT NULL,          -- api | html | saved
            url TEXT NOT NULL,
            fetched_at TEXT NOT NULL,
            sha256 TEXT NOT NULL,
            status INTEGER NOT NULL,
            total_pages INTEGER,
            body BLOB NOT NULL,            -- zlib-compressed response body
            run_id INTEGER REFERENCES runs(id),
            PRIMARY KEY (tid, page, source)
        );
        CREATE TABLE threads (
            tid INTEGER PRIMARY KEY,
            subject TEXT,
            source TEXT,
            last_page INTEGER,
            total_pages INTEGER,
            crawled_at TEXT
        );
        CREATE TABLE posts (
            pid INTEGER PRIMARY KEY,
            tid INTEGER NOT NULL,
            floor INTEGER,
            author TEXT NOT NULL,
            author_uid INTEGER,
            posted_at TEXT NOT NULL,       -- ISO 8601 with offset, forum local time
            posted_ts REAL NOT NULL,       -- unix seconds, for range queries
            time_approximate INTEGER NOT NULL DEFAULT 0,
            time_precision TEXT NOT NULL DEFAULT 'second',
            first INTEGER NOT NULL DEFAULT 0,
            deleted INTEGER NOT NULL DEFAULT 0,
            deleted_at TEXT,
            version INTEGER NOT NULL,      -- current version
            first_seen_run INTEGER,
            last_seen_run INTEGER
        );
        CREATE INDEX posts_tid ON posts (tid, floor);
        CREATE INDEX posts_author ON posts (author, posted_ts);
        CREATE TABLE post_versions (
            pid INTEGER NOT NULL REFERENCES posts(pid),
            version INTEGER NOT NULL,
            content_hash TEXT NOT NULL,
            seen_at TEXT NOT NULL,         -- when this version was first fetched (UTC)
            run_id INTEGER,
            hidden TEXT,
            edited TEXT,
            message_html TEXT NOT NULL,
            text TEXT NOT NULL,
            data TEXT NOT NULL,            -- JSON: lines, quotes, images, links, smilies, attachments, markup, flags
            PRIMARY KEY (pid, version)
        );
"""

_M2_FINDINGS = """
        CREATE TABLE findings (
            fingerprint TEXT PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            code TEXT NOT NULL,
            player TEXT NOT NULL,
            day INTEGER,
            phase INTEGER,
            tid INTEGER,
            pid INTEGER,
            floor INTEGER,
            card TEXT NOT NULL,
            key TEXT NOT NULL,
            matches TEXT NOT NULL,        -- JSON [[text, start, end, detail], ...]
            excerpt TEXT NOT NULL,
            note TEXT NOT NULL,
            posted_at TEXT,
            active INTEGER NOT NULL DEFAULT 1,   -- 0: no longer found (kept: decisions attach here)
            first_run INTEGER,
            last_run INTEGER
        );
        CREATE INDEX findings_player ON findings (player, day);
"""

# Issue 7: the director's decisions on findings (full history, never deleted by a run) and
# the cards a director adds by hand (no finding behind them).
_M3_DECISIONS = """
        CREATE TABLE decisions (
            id INTEGER PRIMARY KEY,
            fingerprint TEXT NOT NULL,     -- a finding's fingerprint, or a manual card's
            finding_id TEXT NOT NULL,      -- the short id the director saw (F…/M…)
            decision TEXT NOT NULL,        -- approve | reject | undo
            card TEXT,                     -- the card approved (blue | yellow | red | substitute | warning)
            suggested TEXT,                -- the card suggested when the decision was made
            note TEXT NOT NULL DEFAULT '',
            decided_by TEXT,
            decided_at TEXT NOT NULL,      -- UTC
            source TEXT NOT NULL,          -- decide | review | import | card
            run_id INTEGER
        );
        CREATE INDEX decisions_fp ON decisions (fingerprint, id);
        CREATE TABLE manual_cards (
            fingerprint TEXT PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            player TEXT NOT NULL,
            card TEXT NOT NULL,
            kind TEXT NOT NULL,
            day INTEGER,
            reason TEXT NOT NULL,
            created_by TEXT,
            created_at TEXT NOT NULL
        );
"""

# What the last `check` saw, so the next one re-checks only what changed (issue 8).
_M4_CHECK_STATE = """
        CREATE TABLE check_state (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        );
        CREATE TABLE checked_posts (
            pid INTEGER PRIMARY KEY,
            content_hash TEXT NOT NULL,
            day INTEGER
        );
"""

# Which view each version came from, and a hash of what every view shows alike, so that
# reading a thread through another view (API <-> desktop) is not taken for an edit.
_M5_VERSION_VIEW = """
        ALTER TABLE post_versions ADD COLUMN view TEXT NOT NULL DEFAULT '';
        ALTER TABLE post_versions ADD COLUMN neutral_hash TEXT;
"""

# Saved-page files already read, so a nightly run over a folder parses only what changed.
_M6_SAVED_FILES = """
        CREATE TABLE saved_files (
            path TEXT PRIMARY KEY,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            tid INTEGER NOT NULL,
            kind TEXT NOT NULL,            -- desktop | api | touch | printable
            page INTEGER,
            total_pages INTEGER,
            author_only INTEGER NOT NULL,
            pids TEXT NOT NULL,            -- JSON list of the pids on the page
            floor_lo INTEGER,
            floor_hi INTEGER
        );
"""

# What a saved file was read with (tool version, time zone, page size): a change re-reads it.
_M7_SAVED_FILES_KEY = """
        ALTER TABLE saved_files ADD COLUMN cache_key TEXT NOT NULL DEFAULT '';
"""

# The saved file's inode beside its size and modification time: what says a file is the one
# read before (a file replaced through a new one keeps neither its inode).  0 on rows read
# before: such a file is read once more.  And per thread, a hash of its saved files' names
# and marks when its crawl last finished: the same files again, none changed, and the
# deletion check (every stored post of the thread) has nothing to find.
_M13_SAVED_FILES_INODE = """
        ALTER TABLE saved_files ADD COLUMN ino INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE threads ADD COLUMN saved_mark TEXT;
"""

# The desk (``auditor serve``): each director's password of this game, as a salted scrypt
# hash (never the password itself).
_M8_DESK_PASSWORDS = """
        CREATE TABLE desk_passwords (
            director TEXT PRIMARY KEY,
            hash TEXT NOT NULL,            -- scrypt$n$r$p$salt-hex$key-hex
            set_at TEXT NOT NULL
        );
"""

# What desktop pages showed beside each author's posts: the signature (签名档) and the
# avatar (头像) as the forum rendered them when the page was fetched (M107 违规判定 6(2),
# 030 6(4) 使用头像、签名档透露信息).  One row per author, page and fetch.
_M9_PROFILES = """
        CREATE TABLE profiles (
            uid INTEGER NOT NULL,
            author TEXT NOT NULL,
            seen_at TEXT NOT NULL,         -- when the page was fetched (ISO, UTC)
            seen_ts REAL NOT NULL,
            tid INTEGER NOT NULL,
            page INTEGER NOT NULL,
            url TEXT NOT NULL,
            signature_html TEXT,           -- NULL: none shown on that page
            signature_text TEXT NOT NULL DEFAULT '',
            avatar_url TEXT,
            threads INTEGER,               -- the author panel's 主题 count
            run_id INTEGER,
            PRIMARY KEY (uid, tid, page, seen_ts)
        );
        CREATE INDEX profiles_by_time ON profiles (uid, seen_ts);
"""

# Each player's own posts lists (home.php?mod=space&do=thread&view=me&type=reply|thread),
# read once a night during the game for POST-OUTSIDE (M107 违规判定 6(3), 030 6(3)): one row
# per read, and each item with the read that first showed it.
_M10_SPACE_READS = """
        CREATE TABLE space_reads (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            uid INTEGER NOT NULL,
            view TEXT NOT NULL,            -- reply | thread
            night INTEGER NOT NULL,        -- days closed by the read (one read a night)
            read_at TEXT NOT NULL,
            read_ts REAL NOT NULL,
            url TEXT NOT NULL,
            threads INTEGER,               -- the author panel's 主题 count the read was made for
            items INTEGER NOT NULL,
            run_id INTEGER
        );
        CREATE TABLE space_items (
            uid INTEGER NOT NULL,
            view TEXT NOT NULL,
            tid INTEGER NOT NULL,
            pid INTEGER NOT NULL,          -- 0 for a thread (the threads list shows no pid)
            subject TEXT NOT NULL,
            fid INTEGER,
            board TEXT NOT NULL,
            excerpt TEXT NOT NULL,
            first_read INTEGER NOT NULL REFERENCES space_reads(id),
            PRIMARY KEY (uid, view, tid, pid)
        );
"""

# Issue 16: an incremental check loads only the posts the night touched, by indexed
# queries: the posts the last check placed on a day, and those a whole-game rule reads
# whatever the day (``keep``: last words, posts by accounts not in the game).
_M11_CHECKED_POSTS_BY_DAY = """
        ALTER TABLE checked_posts ADD COLUMN keep INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX checked_posts_day ON checked_posts (day);
        CREATE INDEX checked_posts_keep ON checked_posts (keep) WHERE keep = 1;
"""

# PROFILE-AVATAR compares the pictures, not their URLs (a stock X3.5 avatar URL stays
# ``uc_server/avatar.php?uid=N`` whatever the picture): the hash of a picture saved beside
# a saved page, and each player's picture fetched at most once a night over HTTP with its
# validators (ETag, Last-Modified) for the next night's conditional request.
_M12_AVATARS = """
        ALTER TABLE profiles ADD COLUMN avatar_sha256 TEXT;
        CREATE TABLE avatars (
            uid INTEGER NOT NULL,
            night INTEGER NOT NULL,        -- days closed by the fetch (one fetch a night)
            url TEXT NOT NULL,             -- the avatar URL the pages showed
            fetched_at TEXT NOT NULL,
            fetched_ts REAL NOT NULL,
            status INTEGER NOT NULL,       -- 200, or 304 (unchanged: the previous hash)
            etag TEXT,
            last_modified TEXT,
            sha256 TEXT NOT NULL,
            run_id INTEGER,
            PRIMARY KEY (uid, night)
        );
"""

# Serials SQLite bumps on every change, whichever code makes it (``posts`` dropped by
# migration 15, which finds the same from the versions' rowids): ``posts`` on every change
# to what the check compares with its checked posts (a post or version added or removed,
# a post deleted or undeleted, a new current version): a night with nothing new reads one
# row to see that no post changed since it last compared (``Store.posts_as_checked``), not
# every post; ``saved_files`` on every change to the saved files read: a saved-pages crawl
# with nothing new sees that its last one left them so.
_M14_POSTS_SERIAL = """
        CREATE TABLE serials (name TEXT PRIMARY KEY, n INTEGER NOT NULL);
        INSERT INTO serials VALUES ('posts', 0);
        CREATE TRIGGER posts_serial_new_version AFTER INSERT ON post_versions BEGIN
            UPDATE serials SET n = n + 1 WHERE name = 'posts';
        END;
        CREATE TRIGGER posts_serial_version_gone AFTER DELETE ON post_versions BEGIN
            UPDATE serials SET n = n + 1 WHERE name = 'posts';
        END;
        CREATE TRIGGER posts_serial_version_rewritten AFTER UPDATE ON post_versions
        WHEN OLD.content_hash IS NOT NEW.content_hash OR OLD.pid IS NOT NEW.pid
            OR OLD.version IS NOT NEW.version BEGIN
            UPDATE serials SET n = n + 1 WHERE name = 'posts';
        END;
        CREATE TRIGGER posts_serial_new_post AFTER INSERT ON posts BEGIN
            UPDATE serials SET n = n + 1 WHERE name = 'posts';
        END;
        CREATE TRIGGER posts_serial_post_gone AFTER DELETE ON posts BEGIN
            UPDATE serials SET n = n + 1 WHERE name = 'posts';
        END;
        CREATE TRIGGER posts_serial_post_changed AFTER UPDATE ON posts
        WHEN OLD.deleted IS NOT NEW.deleted OR OLD.version IS NOT NEW.version
            OR OLD.pid IS NOT NEW.pid BEGIN
            UPDATE serials SET n = n + 1 WHERE name = 'posts';
        END;
        INSERT INTO serials VALUES ('saved_files', 0);
        CREATE TRIGGER saved_files_serial_new AFTER INSERT ON saved_files BEGIN
            UPDATE serials SET n = n + 1 WHERE name = 'saved_files';
        END;
        CREATE TRIGGER saved_files_serial_gone AFTER DELETE ON saved_files BEGIN
            UPDATE serials SET n = n + 1 WHERE name = 'saved_files';
        END;
        CREATE TRIGGER saved_files_serial_changed AFTER UPDATE ON saved_files BEGIN
            UPDATE serials SET n = n + 1 WHERE name = 'saved_files';
        END;
"""

# What changed since the last check, by index, not by comparing every post:
# - a new post or a new version is a ``post_versions`` row past the last check's newest
#   (kept as CHECKED_ROWID);
# - every other change the check compares puts its pid in ``post_changes`` (triggers, so
#   whichever code makes it): a post deleted or undeleted, its current version moved, a row
#   removed, rewritten or moved, a posts row inserted over a pid that has versions or a
#   checked row (INSERT OR REPLACE, a row put back by hand).  Each check empties it.
# - A removed version row also puts 0 there: rowids after it may be used again, so the next
#   check compares every post once.
# Storing a new post writes nothing here (its insert trigger's condition is two index
# lookups that find nothing).  ``checked_posts`` is the check's own record of what it saw,
# trusted as such: a row of it removed by hand is not noticed, and what that check found
# stands.  The trigger bodies are not INSERT OR IGNORE: a trigger's statements take the
# conflict rule of the statement that fired it, the upsert's ABORT.  The posts serial of
# migration 14 goes (a night with nothing new sees it from these two,
# ``Store.posts_as_checked``); its triggers fired twice for every post a first audit stores.
_M15_POST_CHANGES = """
        DROP TRIGGER posts_serial_new_version;
        DROP TRIGGER posts_serial_version_gone;
        DROP TRIGGER posts_serial_version_rewritten;
        DROP TRIGGER posts_serial_new_post;
        DROP TRIGGER posts_serial_post_gone;
        DROP TRIGGER posts_serial_post_changed;
        DELETE FROM serials WHERE name = 'posts';
        DELETE FROM check_state WHERE key = 'posts_verified';
        CREATE TABLE post_changes (pid INTEGER PRIMARY KEY);
        CREATE TRIGGER post_changes_post_changed AFTER UPDATE ON posts
        WHEN OLD.deleted IS NOT NEW.deleted OR OLD.version IS NOT NEW.version
            OR OLD.pid IS NOT NEW.pid BEGIN
            INSERT INTO post_changes SELECT OLD.pid
                WHERE NOT EXISTS (SELECT 1 FROM post_changes WHERE pid = OLD.pid);
            INSERT INTO post_changes SELECT NEW.pid
                WHERE NOT EXISTS (SELECT 1 FROM post_changes WHERE pid = NEW.pid);
        END;
        CREATE TRIGGER post_changes_post_back AFTER INSERT ON posts
        WHEN EXISTS (SELECT 1 FROM post_versions WHERE pid = NEW.pid)
            OR EXISTS (SELECT 1 FROM checked_posts WHERE pid = NEW.pid) BEGIN
            INSERT INTO post_changes SELECT NEW.pid
                WHERE NOT EXISTS (SELECT 1 FROM post_changes WHERE pid = NEW.pid);
        END;
        CREATE TRIGGER post_changes_post_gone AFTER DELETE ON posts BEGIN
            INSERT INTO post_changes SELECT OLD.pid
                WHERE NOT EXISTS (SELECT 1 FROM post_changes WHERE pid = OLD.pid);
        END;
        CREATE TRIGGER post_changes_version_rewritten AFTER UPDATE ON post_versions
        WHEN OLD.content_hash IS NOT NEW.content_hash OR OLD.pid IS NOT NEW.pid
            OR OLD.version IS NOT NEW.version OR OLD.rowid IS NOT NEW.rowid BEGIN
            INSERT INTO post_changes SELECT OLD.pid
                WHERE NOT EXISTS (SELECT 1 FROM post_changes WHERE pid = OLD.pid);
            INSERT INTO post_changes SELECT NEW.pid
                WHERE NOT EXISTS (SELECT 1 FROM post_changes WHERE pid = NEW.pid);
        END;
        CREATE TRIGGER post_changes_version_gone AFTER DELETE ON post_versions BEGIN
            INSERT INTO post_changes SELECT OLD.pid
                WHERE NOT EXISTS (SELECT 1 FROM post_changes WHERE pid = OLD.pid);
            INSERT INTO post_changes SELECT 0
                WHERE NOT EXISTS (SELECT 1 FROM post_changes WHERE pid = 0);
        END;
"""

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

MIGRATIONS: Sequence[str] = (
    _M1_PAGES_POSTS,
    _M2_FINDINGS,
    _M3_DECISIONS,
    _M4_CHECK_STATE,
    _M5_VERSION_VIEW,
    _M6_SAVED_FILES,
    _M7_SAVED_FILES_KEY,
    _M8_DESK_PASSWORDS,
    _M9_PROFILES,
    _M10_SPACE_READS,
    _M11_CHECKED_POSTS_BY_DAY,
    _M12_AVATARS,
    _M13_SAVED_FILES_INODE,
    _M14_POSTS_SERIAL,
    _M15_POST_CHANGES,
)


class CheckMark(NamedTuple):
    """Where a check's diff was read (:meth:`Store.changes_since_check`): the newest
    version row then (rowid, pid, version) and the changes recorded then."""

    row: tuple[int, int, int]
    seen: frozenset[int]


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


@dataclass(frozen=True, slots=True)
class StoredPost:
    """A post as the store knows it: the current version plus its history facts."""

    post: Post
    deleted: bool
    version: int


def _fields(item: Quote | Attachment) -> dict[str, Any]:
    """``dataclasses.asdict`` of a quote or attachment (flat: str, int, bool and None
    fields), without its recursive deep copy: the same dict, so the same JSON and hash."""
    return {name: getattr(item, name) for name in item.__dataclass_fields__}


# ``json.dumps(x, ensure_ascii=False, separators=(",", ":")[, default=str])`` of the hashes
# and the stored post data, without making an encoder for each call (the same text).
_HASH_JSON = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), default=str).encode
_DATA_JSON = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def content_hash(post: Post) -> str:
    """A hash of what a reader sees, not of the markup.

    Desktop ``[img]`` ids are random on every render and the API's markup differs from the
    desktop's, so hashing ``message_html`` would invent edits; this hashes the parsed content.
    """
    payload = _HASH_JSON(
        [
            post.text,
            post.lines,
            [_fields(q) for q in post.quotes],
            post.edited,
            post.hidden,
            post.images,
            post.links,
            post.smilies,
            post.markup,
            [a.aid for a in post.attachments],
            post.hidden_content,
        ]
    )
    return hashlib.sha256(payload.encode()).hexdigest()[:32]


def _post_data(post: Post) -> str:
    return _DATA_JSON(
        {
            "lines": post.lines,
            "quotes": [_fields(q) for q in post.quotes],
            "images": post.images,
            "links": post.links,
            "smilies": post.smilies,
            "attachments": [_fields(a) for a in post.attachments],
            "markup": post.markup,
            "hidden_content": post.hidden_content,
            "stuck": post.stuck,
            "position": post.position,
        }
    )


def _statements(script: str) -> list[str]:
    """Split a migration script into statements (they hold no semicolons in strings; a
    trigger's body, whose statements end in semicolons, stays whole)."""
    out: list[str] = []
    pending = ""
    for part in script.split(";"):
        pending += part + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \n;"):
                out.append(pending.strip().removesuffix(";"))
            pending = ""
    return out


def neutral_hash(post: Post) -> str:
    """A hash of what every Discuz! view shows alike: the text, quotes, images and smilies
    (the API drops [size], the edit notice and attachments, and escapes links twice)."""
    payload = _HASH_JSON(
        [
            post.text,
            [[q.text, q.author, q.pid] for q in post.quotes],
            post.hidden,
            post.images,
            post.smilies,
        ]
    )
    return hashlib.sha256(payload.encode()).hexdigest()[:32]


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


def store_error(path: str | Path, exc: BaseException) -> StoreError:
    """The director's message for an SQLite or OS error on the game's store."""
    if isinstance(exc, StoreError):
        return exc
    if isinstance(exc, sqlite3.Error):
        name = getattr(exc, "sqlite_errorname", "") or ""
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
        if name.startswith("SQLITE_IOERR"):
            return StoreError(
                path,
                f"读写时发生 I/O 错误（{name}）",
                "请检查磁盘或网络盘后再运行；已经提交的数据不受影响",
            )
        if name in ("SQLITE_CORRUPT", "SQLITE_NOTADB"):
            return StoreError(path, "不是 SQLite 数据库，或者已经损坏", _RESTORE)
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


#: Digits no base32 id holds, typed for the letters they look like (find_decidable).
_LOOKALIKE_DIGITS = str.maketrans("018", "OIB")


class _Connection(sqlite3.Connection):
    """An SQLite connection whose errors name the store and say what to do (exit code 6)."""

    store_path = ""

    def execute(self, *args: Any, **kwargs: Any) -> sqlite3.Cursor:
        try:
            return super().execute(*args, **kwargs)
        except sqlite3.Error as exc:
            raise store_error(self.store_path, exc) from exc

    def executemany(self, *args: Any, **kwargs: Any) -> sqlite3.Cursor:
        try:
            return super().executemany(*args, **kwargs)
        except sqlite3.Error as exc:
            raise store_error(self.store_path, exc) from exc


def _connect(path: Path) -> _Connection:
    try:
        db = sqlite3.connect(path, isolation_level=None, timeout=30, factory=_Connection)
    except sqlite3.Error as exc:
        raise store_error(path, exc) from exc
    db.store_path = str(path)
    return db


def _apply_migrations(db: sqlite3.Connection, path: Path) -> None:
    """Apply the migrations the file lacks, one transaction each.  The version is read inside
    the write lock, so two processes migrating one file do not both apply one.  A file
    already up to date is left without taking the write lock at all: a read-only command
    (``status``, ``findings``, the desk's pages) neither waits for nor blocks a running
    audit's write transaction."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version > len(MIGRATIONS):
        raise _newer(path, version)
    if version == len(MIGRATIONS):
        return
    while True:
        try:  # (BEGIN inside the try: a Ctrl-C as it returns rolls back too)
            db.execute("BEGIN IMMEDIATE")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > len(MIGRATIONS):
                raise _newer(path, version)
            if version == len(MIGRATIONS):
                db.execute("COMMIT")
                return
            # executescript commits first: run the script's statements one by one
            # inside the transaction we hold instead.
            for statement in _statements(MIGRATIONS[version]):
                db.execute(statement)
            db.execute(f"PRAGMA user_version = {version + 1}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise


def _newer(path: Path, version: int) -> StoreError:
    return StoreError(
        path,
        f"由更新版本的 auditor 写入（结构版本 {version}，这个版本只认识到 {len(MIGRATIONS)}）",
        "请升级 auditor 后再运行；这个版本不会改动它",
    )


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


class Store:
    """The game's SQLite file.  Use as a context manager; call :meth:`lock` for writers."""

    def __init__(self, path: str | Path, *, lock: bool = False) -> None:
        self.path = Path(path)
        self._lock_file: IO[str] | None = None
        self._in_tx = False
        self._batch: list[Any] | None = None  # batch(): [seconds, began at] while one is open
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
            self.db = _connect(self.path)
            self.db.row_factory = sqlite3.Row
            self._check_format()
            # Already WAL (every store this tool made): reading the mode takes no lock,
            # setting it again would wait for another process's write transaction.
            if self.db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.migrate()
        except BaseException:
            self.close()
            raise

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
    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if hasattr(self, "db"):
            self.db.close()
        if self._lock_file is not None:
            fcntl.flock(self._lock_file, fcntl.LOCK_UN)
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
            f = open(lock_path, "a+", encoding="utf-8")  # noqa: SIM115 - held for the store's life
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
            f.write(f"{os.getpid()}\n")
            f.flush()
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
            self.db.execute("COMMIT")
        finally:
            self._in_tx = False

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
                self.db.execute("COMMIT")
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
                self.db.execute("COMMIT")
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

    def runs(self) -> list[sqlite3.Row]:
        return self.db.execute("SELECT * FROM runs ORDER BY id").fetchall()

    # ------------------------------------------------------------------ pages
    def save_page(
        self,
        *,
        tid: int,
        page: int,
        source: str,
        url: str,
        body: bytes,
        status: int,
        fetched_at: datetime,
        total_pages: int | None,
        run_id: int | None,
    ) -> bool:
        """Store the newest copy of a page; return True when its content changed."""
        digest = hashlib.sha256(body).hexdigest()
        old = self.db.execute(
            "SELECT sha256 FROM pages WHERE tid=? AND page=? AND source=?", (tid, page, source)
        ).fetchone()
        with self.transaction():
            self.db.execute(
                "INSERT OR REPLACE INTO pages (tid, page, source, url, fetched_at, sha256, status,"
                " total_pages, body, run_id) VALUES (?,?,?,?,?,?,?,?,?,?)",
                (
                    tid,
                    page,
                    source,
                    url,
                    fetched_at.isoformat(),
                    digest,
                    status,
                    total_pages,
                    zlib.compress(body, 1),  # 2x faster than 6, 14% larger
                    run_id,
                ),
            )
        return old is None or old["sha256"] != digest

    def record_profiles(
        self,
        profiles: Iterable[Profile],
        *,
        tid: int,
        page: int,
        url: str,
        seen_at: datetime,
        run_id: int | None,
    ) -> int:
        """Record what one fetched page showed of its authors' signatures and avatars;
        the same page fetched at the same moment twice is recorded once."""
        rows = [
            (
                p.uid,
                p.author,
                seen_at.astimezone(UTC).isoformat(),
                seen_at.timestamp(),
                tid,
                page,
                url,
                p.signature_html,
                p.signature_text,
                p.avatar_url,
                p.threads,
                run_id,
                p.avatar_sha256,
            )
            for p in profiles
        ]
        with self.transaction():
            if any(self._new_profile_value(p) for p in profiles):
                self._bump_side_serial()
            self.db.executemany(
                "INSERT OR IGNORE INTO profiles (uid, author, seen_at, seen_ts, tid, page, url,"
                " signature_html, signature_text, avatar_url, threads, run_id, avatar_sha256)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                rows,
            )
        return len(rows)

    def _new_profile_value(self, p: Profile) -> bool:
        """Whether an author shows a signature or avatar never recorded for them before."""
        row = self.db.execute(
            "SELECT 1 FROM profiles WHERE uid=? AND signature_html IS ? AND avatar_url IS ?"
            " AND avatar_sha256 IS ? LIMIT 1",
            (p.uid, p.signature_html, p.avatar_url, p.avatar_sha256),
        ).fetchone()
        return row is None

    def _bump_side_serial(self) -> None:
        """Something the rules read besides the posts changed (a new signature, avatar or
        avatar picture, a new item on a posts list): the next check may not stand on the
        last one (:func:`auditor.rules.engine.check`).  Inside the caller's transaction."""
        row = self.db.execute(
            "SELECT value FROM check_state WHERE key=?", (SIDE_SERIAL,)
        ).fetchone()
        serial = int(row[0]) + 1 if row is not None else 1
        self.db.execute(
            "INSERT OR REPLACE INTO check_state VALUES (?, ?)", (SIDE_SERIAL, str(serial))
        )

    def profile_sightings(
        self, tz: tzinfo | None = None, *, every: bool = False
    ) -> list[ProfileSighting]:
        """The recorded sightings, oldest first (by fetch time, then thread and page), the
        avatar pictures fetched over HTTP among them (``tid`` 0, no signature).

        Of each run of an author's consecutive sightings that show the same (name,
        signature, avatar, picture, thread count), only the first and the last are read
        (``every``: all of them): a sighting between two equal ones tells PROFILE-* nothing
        (:func:`auditor.rules.profile._changes` only moves its "last seen before" past
        it), and every page saved again each night would otherwise make the check read
        every sighting of the game (issue 16).  An author with avatar pictures fetched over
        HTTP is read in full (those interleave with the page sightings)."""
        from auditor.models import ProfileSighting

        out: list[ProfileSighting] = []
        if every:
            rows = self.db.execute("SELECT * FROM profiles ORDER BY seen_ts, tid, page, uid")
        else:
            rows = self.db.execute(
                "SELECT * FROM profiles WHERE rowid IN (SELECT value FROM json_each(?))"
                " ORDER BY seen_ts, tid, page, uid",
                (json.dumps(self._sighting_run_ends()),),
            )
        # Every page shows its authors' signatures again: one object per distinct value
        # (a 100k-post game has 53k sightings of a few dozen signatures and 10k pages).
        same: dict[Any, Any] = {None: None}
        times: dict[str, datetime] = {}
        for r in rows:
            at = times.get(r["seen_at"])
            if at is None:
                at = datetime.fromisoformat(r["seen_at"])
                at = times[r["seen_at"]] = at.astimezone(tz) if tz is not None else at
            out.append(
                ProfileSighting(
                    uid=r["uid"],
                    author=same.setdefault(r["author"], r["author"]),
                    seen_at=at,
                    tid=r["tid"],
                    page=r["page"],
                    url=same.setdefault(r["url"], r["url"]),
                    signature_html=same.setdefault(r["signature_html"], r["signature_html"]),
                    signature_text=same.setdefault(r["signature_text"], r["signature_text"]),
                    avatar_url=same.setdefault(r["avatar_url"], r["avatar_url"]),
                    threads=r["threads"],
                    avatar_sha256=same.setdefault(r["avatar_sha256"], r["avatar_sha256"]),
                )
            )
        images = self.db.execute(
            "SELECT a.*, (SELECT author FROM profiles p WHERE p.uid = a.uid LIMIT 1) AS author"
            " FROM avatars a ORDER BY fetched_ts, uid"
        ).fetchall()
        for r in images:
            at = datetime.fromisoformat(r["fetched_at"])
            out.append(
                ProfileSighting(
                    uid=r["uid"],
                    author=r["author"] or "",
                    seen_at=at.astimezone(tz) if tz is not None else at,
                    tid=0,
                    page=0,
                    url=r["url"],
                    signature_html=None,
                    signature_text="",
                    avatar_url=r["url"],
                    avatar_sha256=r["sha256"],
                )
            )
        if images:
            out.sort(key=lambda s: (s.seen_at, s.tid, s.page, s.uid))
        return out

    def _sighting_run_ends(self) -> list[int]:
        """The rowids of the first and last sighting of each run of an author's equal
        sightings (all of an author with avatar pictures fetched over HTTP): narrow
        tuples compared in Python (SQLite's window functions were slower than reading
        every row)."""
        cur = self.db.cursor()
        cur.row_factory = None
        rows = cur.execute(
            "SELECT uid, author, signature_html, signature_text, avatar_url, threads,"
            " avatar_sha256, rowid FROM profiles ORDER BY uid, seen_ts, tid, page"
        ).fetchall()
        fetched = {r[0] for r in cur.execute("SELECT DISTINCT uid FROM avatars")}
        values = [r[:7] for r in rows]
        last = len(rows) - 1
        return [
            r[7]
            for i, r in enumerate(rows)
            if not (0 < i < last and values[i - 1] == values[i] == values[i + 1]) or r[0] in fetched
        ]

    def avatar_fetches(self) -> dict[int, sqlite3.Row]:
        """Each player's latest avatar fetch (night, url, validators, hash)."""
        rows = self.db.execute("SELECT * FROM avatars ORDER BY fetched_ts").fetchall()
        return {r["uid"]: r for r in rows}

    def record_avatar(
        self,
        *,
        uid: int,
        night: int,
        url: str,
        fetched_at: datetime,
        status: int,
        etag: str | None,
        last_modified: str | None,
        sha256: str,
        run_id: int | None,
    ) -> None:
        with self.transaction():
            last = self.db.execute(
                "SELECT sha256 FROM avatars WHERE uid=? ORDER BY fetched_ts DESC LIMIT 1", (uid,)
            ).fetchone()
            if last is None or last[0] != sha256:
                self._bump_side_serial()
            self.db.execute(
                "INSERT OR REPLACE INTO avatars (uid, night, url, fetched_at, fetched_ts, status,"
                " etag, last_modified, sha256, run_id) VALUES (?,?,?,?,?,?,?,?,?,?)",
                (
                    uid,
                    night,
                    url,
                    fetched_at.astimezone(UTC).isoformat(),
                    fetched_at.timestamp(),
                    status,
                    etag,
                    last_modified,
                    sha256,
                    run_id,
                ),
            )

    def record_space_read(
        self,
        *,
        uid: int,
        view: str,
        night: int,
        read_at: datetime,
        url: str,
        threads: int | None,
        items: Sequence[SpaceItem],
        run_id: int | None,
    ) -> int:
        """Record one read of a player's posts list; return how many items were new."""
        with self.transaction():
            cur = self.db.execute(
                "INSERT INTO space_reads (uid, view, night, read_at, read_ts, url, threads,"
                " items, run_id) VALUES (?,?,?,?,?,?,?,?,?)",
                (
                    uid,
                    view,
                    night,
                    read_at.astimezone(UTC).isoformat(),
                    read_at.timestamp(),
                    url,
                    threads,
                    len(items),
                    run_id,
                ),
            )
            read_id = cur.lastrowid
            before = self.db.total_changes
            self.db.executemany(
                "INSERT OR IGNORE INTO space_items (uid, view, tid, pid, subject, fid, board,"
                " excerpt, first_read) VALUES (?,?,?,?,?,?,?,?,?)",
                [
                    (uid, view, i.tid, i.pid or 0, i.subject, i.fid, i.board, i.excerpt, read_id)
                    for i in items
                ],
            )
            added = self.db.total_changes - before
            if added:  # an item is placed by the read that first showed it: only new ones count
                self._bump_side_serial()
            return added

    def space_read_count(self) -> int:
        return int(self.db.execute("SELECT count(*) FROM space_reads").fetchone()[0])

    def space_reads(self, tz: tzinfo | None = None) -> list[SpaceRead]:
        """Every read of the players' posts lists, oldest first."""
        from auditor.models import SpaceRead

        out = []
        for r in self.db.execute("SELECT * FROM space_reads ORDER BY read_ts, id"):
            at = datetime.fromisoformat(r["read_at"])
            out.append(
                SpaceRead(
                    r["id"],
                    r["uid"],
                    r["view"],
                    r["night"],
                    at.astimezone(tz) if tz is not None else at,
                    r["url"],
                    r["threads"],
                )
            )
        return out

    def space_items(self) -> list[tuple[int, SpaceItem]]:
        """(the read that first showed it, the item) for every item ever read."""
        from auditor.models import SpaceItem

        return [
            (
                r["first_read"],
                SpaceItem(
                    r["uid"],
                    r["view"],
                    r["tid"],
                    r["pid"] or None,
                    r["subject"],
                    r["fid"],
                    r["board"],
                    r["excerpt"],
                ),
            )
            for r in self.db.execute("SELECT * FROM space_items ORDER BY first_read, tid, pid")
        ]

    def page_body(self, tid: int, page: int, source: str) -> bytes | None:
        row = self.db.execute(
            "SELECT body FROM pages WHERE tid=? AND page=? AND source=?", (tid, page, source)
        ).fetchone()
        return zlib.decompress(row["body"]) if row else None

    def page_count(self) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM pages").fetchone()[0])

    def thread_state(self, tid: int) -> sqlite3.Row | None:
        return self.db.execute("SELECT * FROM threads WHERE tid=?", (tid,)).fetchone()

    def save_thread_state(
        self,
        tid: int,
        *,
        subject: str | None,
        source: str,
        last_page: int,
        total_pages: int | None,
        saved_mark: str | None = None,
    ) -> None:
        with self.transaction():
            self.db.execute(
                "INSERT INTO threads (tid, subject, source, last_page, total_pages, crawled_at,"
                " saved_mark) VALUES (?,?,?,?,?,?,?) ON CONFLICT(tid) DO UPDATE SET"
                " subject=COALESCE(excluded.subject, subject), source=excluded.source,"
                " last_page=excluded.last_page, total_pages=excluded.total_pages,"
                " crawled_at=excluded.crawled_at, saved_mark=excluded.saved_mark",
                (tid, subject, source, last_page, total_pages, _now(), saved_mark),
            )

    # ------------------------------------------------------------------ posts
    def upsert_posts(
        self, posts: Iterable[Post], run_id: int | None, *, view: str = ""
    ) -> tuple[int, int]:
        """Insert new posts and new versions of changed ones. Returns (new, changed).

        A post seen again with the same content only has its last-seen run updated; a
        post that reappears after being marked deleted is undeleted.  ``view`` names the
        Discuz! view the posts came from: content that differs from the stored version
        only in what the views render differently is a new version (the current one
        shows the newest view) but not an edit, and is not counted as changed.
        """
        todo = [p for p in posts if p.pid is not None]  # printable view: no stable identity
        if not todo:
            return 0, 0
        new = changed = 0
        now = _now()
        with self.transaction():
            # What the store holds for these pids, read in one query, then kept up to date
            # here as the batch goes (a pid may appear twice on one page, e.g. stuck).
            current = self._current_versions({p.pid for p in todo if p.pid is not None})
            hashed = [(p, content_hash(p), neutral_hash(p)) for p in todo]
            differing = {
                p.pid for p, digest, _ in hashed if p.pid in current and current[p.pid][1] != digest
            }
            last_in_view = self._last_hash_in_view(differing, view)
            post_rows: list[tuple[object, ...]] = []
            version_rows: list[tuple[object, ...]] = []
            for post, digest, neutral in hashed:
                pid = post.pid
                assert pid is not None
                row = current.get(pid)
                version = 0
                if row is None:
                    version = 1
                    new += 1
                elif row[1] != digest:
                    if last_in_view.get(pid) == digest:
                        pass  # as this view showed it before: nothing new
                    elif row[2] != view and row[3] == neutral:
                        version = row[0] + 1  # another view of the same content
                    else:
                        version = row[0] + 1
                        changed += 1
                # Times and floors are refreshed from the best view seen: an exact time
                # replaces an approximate one, never the other way round.
                post_rows.append(
                    (
                        pid,
                        post.tid,
                        post.floor,
                        post.author,
                        post.author_uid,
                        post.posted_at.isoformat(),
                        post.posted_at.timestamp(),
                        int(post.time_approximate),
                        post.time_precision,
                        int(post.first),
                        version or 1,
                        run_id,
                        run_id,
                    )
                )
                if version:
                    version_rows.append(
                        (
                            pid,
                            version,
                            digest,
                            now,
                            run_id,
                            post.hidden.value if post.hidden else None,
                            post.edited,
                            post.message_html,
                            post.text,
                            _post_data(post),
                            view,
                            neutral,
                        )
                    )
                    current[pid] = (version, digest, view, neutral)
                    last_in_view[pid] = digest
            self.db.executemany(
                "INSERT INTO posts (pid, tid, floor, author, author_uid, posted_at, posted_ts,"
                " time_approximate, time_precision, first, version, first_seen_run,"
                " last_seen_run) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)"
                " ON CONFLICT(pid) DO UPDATE SET tid=excluded.tid,"
                " floor=COALESCE(excluded.floor, floor), author=excluded.author,"
                " author_uid=COALESCE(excluded.author_uid, author_uid),"
                " posted_at=CASE WHEN excluded.time_approximate = 0"
                "   THEN excluded.posted_at ELSE posted_at END,"
                " posted_ts=CASE WHEN excluded.time_approximate = 0"
                "   THEN excluded.posted_ts ELSE posted_ts END,"
                " time_precision=CASE WHEN excluded.time_approximate = 0"
                "   THEN excluded.time_precision ELSE time_precision END,"
                " time_approximate=MIN(time_approximate, excluded.time_approximate),"
                " first=excluded.first, deleted=0, deleted_at=NULL,"
                " version=MAX(version, excluded.version), last_seen_run=excluded.last_seen_run",
                post_rows,
            )
            self.db.executemany(
                "INSERT INTO post_versions (pid, version, content_hash, seen_at, run_id,"
                " hidden, edited, message_html, text, data, view, neutral_hash)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                version_rows,
            )
        return new, changed

    def _current_versions(self, pids: set[int]) -> dict[int, tuple[int, str, str, str | None]]:
        """pid -> (current version, its content hash, view, neutral hash), for stored pids."""
        out: dict[int, tuple[int, str, str, str | None]] = {}
        for chunk in _chunks(sorted(pids)):
            rows = self.db.execute(
                "SELECT p.pid, p.version, v.content_hash, v.view, v.neutral_hash FROM posts p"
                " JOIN post_versions v ON v.pid = p.pid AND v.version = p.version"
                f" WHERE p.pid IN ({','.join('?' * len(chunk))})",
                chunk,
            )
            out.update({r[0]: (r[1], r[2], r[3], r[4]) for r in rows})
        return out

    def _last_hash_in_view(self, pids: set[int], view: str) -> dict[int, str]:
        """pid -> content hash of the newest stored version read through ``view``."""
        out: dict[int, str] = {}
        for chunk in _chunks(sorted(pids)):
            rows = self.db.execute(
                "SELECT pid, content_hash FROM post_versions WHERE view=?"
                f" AND pid IN ({','.join('?' * len(chunk))}) ORDER BY pid, version",
                (view, *chunk),
            )
            out.update({r[0]: r[1] for r in rows})  # the newest version comes last
        return out

    def mark_deleted(
        self, tid: int, covered: Sequence[tuple[int, float]], seen: set[int]
    ) -> list[int]:
        """Mark stored posts of ``tid`` whose floor lies in a covered range but were not seen
        (one statement: the posts are compared inside SQLite, none is loaded)."""
        # The ranges merged and sorted first: a thread of thousands of pages is one or a
        # few ranges, not a comparison with every page for every post.
        merged: list[list[float]] = []
        for lo, hi in sorted(covered):
            if merged and lo <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], hi)
            else:
                merged.append([lo, hi])
        if not merged:
            return []
        ranges = [[lo, None if hi == float("inf") else hi] for lo, hi in merged]
        with self.transaction():
            rows = self.db.execute(
                "UPDATE posts SET deleted=1, deleted_at=? WHERE tid=? AND deleted=0"
                " AND floor IS NOT NULL AND pid NOT IN (SELECT value FROM json_each(?))"
                " AND EXISTS (SELECT 1 FROM json_each(?) r WHERE floor >= r.value->>0"
                "   AND (r.value->>1 IS NULL OR floor <= r.value->>1))"
                " RETURNING pid",
                (_now(), tid, json.dumps(sorted(seen)), json.dumps(ranges)),
            ).fetchall()
        return sorted(r[0] for r in rows)

    def posts(
        self,
        *,
        tid: int | None = None,
        author: str | None = None,
        include_deleted: bool = False,
        tz: tzinfo | None = None,
    ) -> list[StoredPost]:
        where: list[str] = []
        args: list[object] = []
        if tid is not None:
            where.append("p.tid=?")
            args.append(tid)
        if author is not None:
            where.append("p.author=?")
            args.append(author)
        if not include_deleted:
            where.append("p.deleted=0")
        sql = (
            "SELECT p.*, v.hidden, v.edited, v.message_html, v.text, v.data FROM posts p"
            " JOIN post_versions v ON v.pid=p.pid AND v.version=p.version"
        )
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY p.posted_ts, p.tid, p.floor, p.pid"
        return [self._stored(row, tz) for row in self.db.execute(sql, args)]

    def iter_posts(
        self, *, tz: tzinfo | None = None, size: int = 5_000
    ) -> Iterator[list[StoredPost]]:
        """The live posts as :meth:`posts` gives them, in the same order, ``size`` at a
        time (one query, read as it goes: the caller holds one slice)."""
        rows = self.db.execute(
            "SELECT p.*, v.hidden, v.edited, v.message_html, v.text, v.data FROM posts p"
            " JOIN post_versions v ON v.pid=p.pid AND v.version=p.version WHERE p.deleted=0"
            " ORDER BY p.posted_ts, p.tid, p.floor, p.pid"
        )
        while chunk := rows.fetchmany(size):
            yield [self._stored(row, tz) for row in chunk]

    def versions(self, pid: int, tz: tzinfo | None = None) -> list[tuple[int, str, Post]]:
        """Every stored version of a post: (version, seen_at, post), oldest first."""
        rows = self.db.execute(
            "SELECT p.*, v.version AS v_version, v.seen_at, v.hidden, v.edited, v.message_html,"
            " v.text, v.data FROM posts p JOIN post_versions v ON v.pid=p.pid WHERE p.pid=?"
            " ORDER BY v.version",
            (pid,),
        ).fetchall()
        return [(row["v_version"], row["seen_at"], self._stored(row, tz).post) for row in rows]

    def versions_of(
        self, pids: Iterable[int], tz: tzinfo | None = None
    ) -> dict[int, list[PostVersion]]:
        """Every stored version of each of ``pids`` (oldest first), read in batches."""
        from auditor.models import PostVersion

        out: dict[int, list[PostVersion]] = {}
        todo = sorted(set(pids))
        for i in range(0, len(todo), 500):
            chunk = todo[i : i + 500]
            rows = self.db.execute(
                "SELECT p.*, v.version AS v_version, v.seen_at, v.hidden, v.edited,"
                " v.message_html, v.text, v.data, v.view, v.neutral_hash FROM posts p"
                " JOIN post_versions v ON v.pid=p.pid"
                f" WHERE p.pid IN ({','.join('?' * len(chunk))}) ORDER BY p.pid, v.version",
                chunk,
            )
            for row in rows:
                post = self._stored(row, tz).post
                out.setdefault(row["pid"], []).append(
                    PostVersion(
                        row["v_version"], row["seen_at"], post, row["view"], row["neutral_hash"]
                    )
                )
        return out

    def post_count(self, include_deleted: bool = False) -> int:
        sql = "SELECT COUNT(*) FROM posts" + ("" if include_deleted else " WHERE deleted=0")
        return int(self.db.execute(sql).fetchone()[0])

    # ------------------------------------------------------------------ findings
    def save_findings(
        self,
        findings: Iterable[Any],
        run_id: int | None,
        scope: Callable[[sqlite3.Row], bool] | None = None,
    ) -> tuple[int, int]:
        """Replace the active findings with ``findings``; return (new, gone).

        Findings that are no longer produced are kept inactive, never deleted: a decision
        may point at them.  ``scope`` limits which stored findings this run may retire
        (an incremental check only re-judges what it re-checked).
        """
        new = 0
        current: set[str] = set()
        with self.transaction():
            for f in findings:
                fp = f.fingerprint
                current.add(fp)
                cur = self.db.execute(
                    "INSERT INTO findings (fingerprint, id, code, player, day, phase, tid, pid,"
                    " floor, card, key, matches, excerpt, note, posted_at, active, first_run,"
                    " last_run) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,1,?,?)"
                    " ON CONFLICT(fingerprint) DO UPDATE SET player=excluded.player,"
                    " day=excluded.day, phase=excluded.phase, floor=excluded.floor,"
                    " card=excluded.card, matches=excluded.matches, excerpt=excluded.excerpt,"
                    " note=excluded.note, posted_at=excluded.posted_at, active=1,"
                    " last_run=excluded.last_run RETURNING first_run",
                    (
                        fp,
                        f.id,
                        f.code,
                        f.player,
                        f.day,
                        f.phase,
                        f.tid,
                        f.pid,
                        f.floor,
                        f.card,
                        f.key,
                        json.dumps([list(m) for m in f.matches], ensure_ascii=False),
                        f.excerpt,
                        f.note,
                        f.posted_at.isoformat() if f.posted_at else None,
                        run_id,
                        run_id,
                    ),
                )
                if cur.fetchone()[0] == run_id:
                    new += 1
            gone = 0
            for row in self.db.execute("SELECT * FROM findings WHERE active=1").fetchall():
                if row["fingerprint"] not in current and (scope is None or scope(row)):
                    self.db.execute(
                        "UPDATE findings SET active=0 WHERE fingerprint=?", (row["fingerprint"],)
                    )
                    gone += 1
        return new, gone

    # ------------------------------------------------------------------ saved files
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

    def saved_last_pages(self) -> list[list[Any]]:
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

    def saved_file_marks(self, tids: Collection[int]) -> list[list[Any]]:
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

    def save_saved_file(self, row: dict[str, Any]) -> None:
        with self.transaction():
            self.db.execute(
                "INSERT OR REPLACE INTO saved_files (path, size, mtime_ns, ino, tid, kind,"
                " page, total_pages, author_only, pids, floor_lo, floor_hi, cache_key)"
                " VALUES (:path, :size, :mtime_ns, :ino, :tid, :kind, :page, :total_pages,"
                " :author_only, :pids, :floor_lo, :floor_hi, :cache_key)",
                row,
            )

    # ------------------------------------------------------------------ check state
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

    def posts_for_check(
        self,
        *,
        days: Collection[int],
        tids: Collection[int],
        pids: Collection[int],
        tz: tzinfo | None = None,
    ) -> list[StoredPost]:
        """The live posts an incremental check reads, in forum order (as :meth:`posts`),
        by indexed queries: those the last check placed on ``days`` or kept for the whole
        game, every post of ``tids``, and ``pids`` (the new and edited ones).  Each list is
        one JSON parameter: any number of ids, no variable limit."""
        sql = (
            "SELECT p.*, v.hidden, v.edited, v.message_html, v.text, v.data FROM posts p"
            " JOIN post_versions v ON v.pid=p.pid AND v.version=p.version WHERE p.deleted=0 AND ("
            " p.pid IN (SELECT pid FROM checked_posts WHERE day IN (SELECT value FROM json_each(?)))"
            " OR p.pid IN (SELECT pid FROM checked_posts WHERE keep = 1)"
            " OR p.tid IN (SELECT value FROM json_each(?))"
            " OR p.pid IN (SELECT value FROM json_each(?)))"
            " ORDER BY p.posted_ts, p.tid, p.floor, p.pid"
        )
        args = [json.dumps(sorted(set(xs))) for xs in (days, tids, pids)]
        return [self._stored(row, tz) for row in self.db.execute(sql, args)]

    def posts_by_pid(self, pids: Iterable[int], tz: tzinfo | None = None) -> list[StoredPost]:
        """The live posts among ``pids``, in forum order."""
        out: list[StoredPost] = []
        for chunk in _chunks(sorted(set(pids))):
            rows = self.db.execute(
                "SELECT p.*, v.hidden, v.edited, v.message_html, v.text, v.data FROM posts p"
                " JOIN post_versions v ON v.pid=p.pid AND v.version=p.version"
                f" WHERE p.deleted=0 AND p.pid IN ({','.join('?' * len(chunk))})",
                tuple(chunk),
            )
            out.extend(self._stored(row, tz) for row in rows)
        return out

    def authors(self) -> list[tuple[str, int | None]]:
        """Every (author, uid) of the live posts, in the order of each one's first post:
        read from the posts table alone (no post is loaded)."""
        rows = self.db.execute(
            "SELECT author, author_uid FROM posts WHERE deleted=0 GROUP BY author, author_uid"
            " ORDER BY MIN(posted_ts), MIN(pid)"
        )
        return [(r[0], r[1]) for r in rows]

    def minute_pids(self) -> list[int]:
        """The live posts whose time the forum gave only to the minute (or less)."""
        rows = self.db.execute(
            "SELECT pid FROM posts WHERE deleted=0 AND time_precision != 'second' ORDER BY pid"
        )
        return [r[0] for r in rows]

    def set_state(self, key: str, value: str) -> None:
        """One entry of the check state (e.g. the threads the last crawl could not read)."""
        with self.transaction():
            self.db.execute("INSERT OR REPLACE INTO check_state VALUES (?, ?)", (key, value))

    def findings(self, *, active_only: bool = True) -> list[sqlite3.Row]:
        sql = "SELECT * FROM findings" + (" WHERE active=1" if active_only else "")
        return self.db.execute(sql + " ORDER BY day, player, code, floor").fetchall()

    @staticmethod
    def _stored(row: sqlite3.Row, tz: tzinfo | None) -> StoredPost:
        data = json.loads(row["data"])
        posted = datetime.fromisoformat(row["posted_at"])
        if tz is not None:
            posted = posted.astimezone(tz)
        text = row["text"]
        m = _models or _values()
        post = m.Post(
            tid=row["tid"],
            pid=row["pid"],
            floor=row["floor"],
            # One string object for what many posts share (a check holds every post: the
            # authors' names, and most posts' one line that is their whole text).
            author=sys.intern(row["author"]),
            author_uid=row["author_uid"],
            posted_at=posted,
            message_html=row["message_html"],
            text=text,
            lines=tuple(text if line == text else line for line in data["lines"]),
            quotes=tuple(m.Quote(**q) for q in data["quotes"]),
            edited=row["edited"],
            hidden=m.HiddenReason(row["hidden"]) if row["hidden"] else None,
            time_approximate=bool(row["time_approximate"]),
            time_precision=sys.intern(row["time_precision"]),
            first=bool(row["first"]),
            stuck=bool(data.get("stuck", False)),
            images=tuple(data["images"]),
            links=tuple(data["links"]),
            smilies=tuple(data["smilies"]),
            attachments=tuple(m.Attachment(**a) for a in data["attachments"]),
            hidden_content=bool(data["hidden_content"]),
            markup=tuple((str(m[0]), str(m[1])) for m in data["markup"]),
            position=data.get("position"),
        )
        return StoredPost(post, bool(row["deleted"]), row["version"])

    # ------------------------------------------------------------------ decisions (issue 7)
    # Additive section: the director's decisions and manual cards.  Rows are only ever
    # inserted; the current decision on a fingerprint is its newest row.
    def add_decisions(self, rows: Sequence[dict[str, Any]]) -> int:
        """Record decisions all together or not at all (one transaction)."""
        now = _now()
        with self.transaction():
            for r in rows:
                self.db.execute(
                    "INSERT INTO decisions (fingerprint, finding_id, decision, card, suggested,"
                    " note, decided_by, decided_at, source, run_id) VALUES (?,?,?,?,?,?,?,?,?,?)",
                    (
                        r["fingerprint"],
                        r["finding_id"],
                        r["decision"],
                        r.get("card"),
                        r.get("suggested"),
                        r.get("note") or "",
                        r.get("decided_by"),
                        r.get("decided_at") or now,
                        r.get("source", "decide"),
                        r.get("run_id"),
                    ),
                )
        return len(rows)

    def decision_history(self, fingerprint: str | None = None) -> list[sqlite3.Row]:
        if fingerprint is None:
            return self.db.execute("SELECT * FROM decisions ORDER BY id").fetchall()
        return self.db.execute(
            "SELECT * FROM decisions WHERE fingerprint=? ORDER BY id", (fingerprint,)
        ).fetchall()

    def decision(self, row_id: int | str) -> sqlite3.Row | None:
        """One decision row by its id (the ``rev`` a decisions CSV carries)."""
        try:
            key = int(row_id)
        except (TypeError, ValueError):
            return None
        return self.db.execute("SELECT * FROM decisions WHERE id=?", (key,)).fetchone()

    def current_decisions(self) -> dict[str, sqlite3.Row]:
        """fingerprint -> newest decision row (an ``undo`` row means: back to a draft)."""
        # approved_since: when the current run of approvals began (re-approving a card with
        # a note does not re-issue it; escalation counts from the first approval).
        rows = self.db.execute(
            "SELECT d.*, (SELECT MIN(a.decided_at) FROM decisions a"
            "   WHERE a.fingerprint = d.fingerprint AND a.decision = 'approve'"
            "   AND a.id > COALESCE((SELECT MAX(b.id) FROM decisions b"
            "     WHERE b.fingerprint = d.fingerprint AND b.decision != 'approve'), 0)"
            " ) AS approved_since"
            " FROM decisions d JOIN (SELECT fingerprint, MAX(id) AS id FROM decisions"
            " GROUP BY fingerprint) m ON m.id = d.id"
        ).fetchall()
        return {r["fingerprint"]: r for r in rows if r["decision"] != "undo"}

    def add_manual_card(
        self,
        *,
        fingerprint: str,
        id: str,
        player: str,
        card: str,
        kind: str,
        day: int | None,
        reason: str,
        by: str | None,
    ) -> None:
        now = _now()
        with self.transaction():
            self.db.execute(
                "INSERT INTO manual_cards (fingerprint, id, player, card, kind, day, reason,"
                " created_by, created_at) VALUES (?,?,?,?,?,?,?,?,?)",
                (fingerprint, id, player, card, kind, day, reason, by, now),
            )
            self.db.execute(
                "INSERT INTO decisions (fingerprint, finding_id, decision, card, suggested, note,"
                " decided_by, decided_at, source) VALUES (?,?,'approve',?,?,?,?,?,'card')",
                (fingerprint, id, card, card, reason, by, now),
            )

    def manual_cards(self) -> list[sqlite3.Row]:
        return self.db.execute("SELECT * FROM manual_cards ORDER BY created_at, id").fetchall()

    # ------------------------------------------------------------------ desk passwords
    def set_password_hash(self, director: str, hashed: str) -> None:
        with self.transaction():
            self.db.execute(
                "INSERT OR REPLACE INTO desk_passwords (director, hash, set_at) VALUES (?,?,?)",
                (director, hashed, _now()),
            )

    def password_hashes(self) -> dict[str, str]:
        """director -> stored password hash."""
        rows = self.db.execute("SELECT director, hash FROM desk_passwords").fetchall()
        return {r["director"]: r["hash"] for r in rows}

    def find_decidable(self, ident: str) -> sqlite3.Row | None:
        """A finding (active or not) or a manual card by its short id or a fingerprint prefix.

        An id is base32 (A–Z, 2–7): a 0, 1 or 8 typed for the O, I or B it looks like is
        read as that letter (no id holds one of them)."""
        ident = ident.strip()
        short = ident.upper().translate(_LOOKALIKE_DIGITS)
        for table in ("findings", "manual_cards"):
            row = self.db.execute(f"SELECT * FROM {table} WHERE id=?", (short,)).fetchone()
            if row is not None:
                return row
        if len(ident) >= 8:
            for table in ("findings", "manual_cards"):
                rows = self.db.execute(
                    f"SELECT * FROM {table} WHERE fingerprint LIKE ?", (ident.lower() + "%",)
                ).fetchall()
                if len(rows) == 1:
                    return rows[0]
        return None
