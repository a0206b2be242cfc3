"""Pages, threads, posts and their versions: what a crawl stores and the rules read.

A post's content is hashed as a reader sees it (:func:`content_hash`), and as every
Discuz! view shows it alike (:func:`neutral_hash`), so that reading a thread through
another view is not taken for an edit.
"""

from __future__ import annotations

import hashlib
import json
import sys
import zlib
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo
from types import ModuleType
from typing import TYPE_CHECKING, Any, NamedTuple

from auditor.store.connection import Row, _chunks, _now
from auditor.store.db import Database

if TYPE_CHECKING:
    import sqlite3

    from auditor.models import Attachment, Post, PostVersion, Quote

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

    # ------------------------------------------------------------------ pages


# Times and floors are refreshed from the best view seen: an exact time replaces an
# approximate one, never the other way round.
_UPSERT_POST = (
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
    " version=MAX(version, excluded.version), last_seen_run=excluded.last_seen_run"
)
_INSERT_VERSION = (
    "INSERT INTO post_versions (pid, version, content_hash, seen_at, run_id,"
    " hidden, edited, message_html, text, data, view, neutral_hash)"
    " VALUES (?,?,?,?,?,?,?,?,?,?,?,?)"
)


def _post_row(post: Post, version: int, run_id: int | None) -> tuple[object, ...]:
    """A ``posts`` row of :data:`_UPSERT_POST`."""
    return (
        post.pid,
        post.tid,
        post.floor,
        post.author,
        post.author_uid,
        post.posted_at.isoformat(),
        post.posted_at.timestamp(),
        int(post.time_approximate),
        post.time_precision,
        int(post.first),
        version,
        run_id,
        run_id,
    )


def _version_columns(post: Post) -> tuple[object, ...]:
    """A version's content columns (hidden, edited, message_html, text, data)."""
    hidden = post.hidden.value if post.hidden else None
    return (hidden, post.edited, post.message_html, post.text, _post_data(post))


@dataclass(frozen=True, slots=True)
class ThreadRow(Row):
    """What the last crawl of a thread recorded (``threads``)."""

    tid: int
    subject: str | None
    source: str | None
    last_page: int | None
    total_pages: int | None
    crawled_at: str | None
    saved_mark: str | None


_THREAD_COLUMNS = ", ".join(ThreadRow.__dataclass_fields__)


class VersionChange(NamedTuple):
    """A stored version beside the one before it (:meth:`Posts.version_changes`)."""

    pid: int
    version: int
    seen_at: str
    hidden: str | None
    view: str
    neutral_hash: str | None
    prev_hidden: str | None
    prev_view: str | None  # None: the post's first version (no version before it)
    prev_neutral: str | None


class Posts(Database):
    """Pages, threads, posts and versions."""

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

    def page_body(self, tid: int, page: int, source: str) -> bytes | None:
        row = self.db.execute(
            "SELECT body FROM pages WHERE tid=? AND page=? AND source=?", (tid, page, source)
        ).fetchone()
        return zlib.decompress(row["body"]) if row else None

    def newest_page_time(self) -> datetime | None:
        """When the newest stored page was served or saved (a saved page's footer time, else
        its file's time): a saved folder's own "now"."""
        times = [
            datetime.fromisoformat(r[0]) for r in self.db.execute("SELECT fetched_at FROM pages")
        ]
        return max(times, default=None)

    def page_count(self) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM pages").fetchone()[0])

    def thread_state(self, tid: int) -> ThreadRow | None:
        """What the last crawl of ``tid`` recorded (None: never crawled)."""
        cur = self.db.cursor()
        cur.row_factory = None
        row = cur.execute(f"SELECT {_THREAD_COLUMNS} FROM threads WHERE tid=?", (tid,)).fetchone()
        return None if row is None else ThreadRow(*row)

    def thread_subjects(self) -> list[tuple[int, str | None]]:
        """(tid, subject) of every stored thread."""
        return [(r[0], r[1]) for r in self.db.execute("SELECT tid, subject FROM threads")]

    def last_page(self, tid: int, source: str) -> int | None:
        """The highest page of ``tid`` stored from ``source`` (None: none)."""
        row = self.db.execute(
            "SELECT MAX(page) FROM pages WHERE tid=? AND source=?", (tid, source)
        ).fetchone()
        return None if row[0] is None else int(row[0])

    def drop_pages_after(self, tid: int, source: str, page: int) -> None:
        """Forget the stored pages of ``tid`` from ``source`` past ``page`` (the thread has
        fewer pages now)."""
        self.db.execute(
            "DELETE FROM pages WHERE tid=? AND source=? AND page>?", (tid, source, page)
        )

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
                post_rows.append(_post_row(post, version or 1, run_id))
                if version:
                    version_rows.append(
                        (pid, version, digest, now, run_id, *_version_columns(post), view, neutral)
                    )
                    current[pid] = (version, digest, view, neutral)
                    last_in_view[pid] = digest
            self.db.executemany(_UPSERT_POST, post_rows)
            self.db.executemany(_INSERT_VERSION, version_rows)
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

    def live_neutral_hashes(self, tid: int) -> dict[int, tuple[str | None, int | None]]:
        """pid -> (the current version's :func:`neutral_hash`, floor) of every live post of
        ``tid``: what a look through another view compares (None: stored before the
        neutral hash was)."""
        rows = self.db.execute(
            "SELECT p.pid, v.neutral_hash, p.floor FROM posts p JOIN post_versions v"
            " ON v.pid = p.pid AND v.version = p.version WHERE p.tid = ? AND p.deleted = 0",
            (tid,),
        )
        return {r[0]: (r[1], r[2]) for r in rows}

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

    def version_changes(self, since_run: int, since: str) -> list[VersionChange]:
        """Each version stored after run ``since_run`` (a version of no run: seen after
        ``since``) beside the version before it, by pid and version (the report's
        论坛上的变动); a post's first version too, beside nothing (``prev_view`` None: a
        post first seen already 屏蔽 is a change the forum shows)."""
        cur = self.db.cursor()
        cur.row_factory = None
        rows = cur.execute(
            "SELECT v.pid, v.version, v.seen_at, v.hidden, v.view, v.neutral_hash,"
            " w.hidden AS prev_hidden, w.view AS prev_view, w.neutral_hash AS prev_neutral"
            " FROM post_versions v LEFT JOIN post_versions w"
            " ON w.pid = v.pid AND w.version = v.version - 1"
            " WHERE (v.run_id > ? OR (v.run_id IS NULL AND v.seen_at > ?))"
            " AND (w.pid IS NOT NULL OR v.hidden IS NOT NULL)"  # a new post: only if hidden
            " ORDER BY v.pid, v.version",
            (since_run, since),
        )
        return [VersionChange(*r) for r in rows]

    def deleted_posts(self) -> dict[int, str | None]:
        """pid -> when it was marked deleted, of every post marked deleted."""
        rows = self.db.execute("SELECT pid, deleted_at FROM posts WHERE deleted = 1")
        return {r[0]: r[1] for r in rows}

    def thread_of(self, pids: Collection[int]) -> dict[int, int]:
        """pid -> tid of the stored posts among ``pids``."""
        out: dict[int, int] = {}
        for chunk in _chunks(sorted(set(pids))):
            rows = self.db.execute(
                f"SELECT pid, tid FROM posts WHERE pid IN ({','.join('?' * len(chunk))})",
                tuple(chunk),
            )
            out.update((r[0], r[1]) for r in rows)
        return out

    def author_names(self) -> list[str]:
        """Every author of a stored post (deleted ones too), in code point order."""
        rows = self.db.execute("SELECT DISTINCT author FROM posts ORDER BY author")
        return [r[0] for r in rows]

    def author_uids(self) -> dict[str, int]:
        """Each author's uid, as one of their stored posts carries it."""
        rows = self.db.execute(
            "SELECT author, author_uid FROM posts WHERE author_uid IS NOT NULL GROUP BY author"
        )
        return {r[0]: int(r[1]) for r in rows}

    def post_count(self, include_deleted: bool = False) -> int:
        sql = "SELECT COUNT(*) FROM posts" + ("" if include_deleted else " WHERE deleted=0")
        return int(self.db.execute(sql).fetchone()[0])

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
