"""The store's schema as ordered, recorded migrations (``PRAGMA user_version``): each one
SQL script, applied once, in one transaction.  Frozen: never edit a released one; append
a new one."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path

from auditor.errors import StoreError

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
# The director's posts the tool sent to the forum (auditor post): one row per attempt at one
# part of one draft; the latest row of a (draft, part) is its state.  A part is posted at most
# once (the partial unique index); the text is what was sent, the account the forum's name
# for the login used (never a cookie).
_M16_FORUM_POSTS = """
        CREATE TABLE forum_posts (
            id INTEGER PRIMARY KEY,
            draft TEXT NOT NULL,           -- sha256 of the draft's parts: the same draft, the same id
            part INTEGER NOT NULL,         -- 1-based
            parts INTEGER NOT NULL,
            kind TEXT NOT NULL,            -- announcement | tally | reminder
            title TEXT NOT NULL,
            text TEXT NOT NULL,            -- exactly what was sent (LF line breaks)
            tid INTEGER NOT NULL,
            pid INTEGER,
            account TEXT,                  -- the forum's name of the posting account
            account_uid INTEGER,
            ordered_by TEXT,               -- who commanded it: the desk's signed-in director, or 命令行
            status TEXT NOT NULL,          -- sending | posted | refused | unknown | absent
            said TEXT,                     -- the forum's words, or what went wrong
            started_at TEXT NOT NULL,
            finished_at TEXT
        );
        CREATE INDEX forum_posts_draft ON forum_posts (draft, part, id);
        CREATE UNIQUE INDEX forum_posts_once ON forum_posts (draft, part) WHERE status = 'posted';
"""
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
    _M16_FORUM_POSTS,
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
