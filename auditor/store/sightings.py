"""What the forum showed of the players besides their posts: the signatures and avatars
beside their posts (profiles), the avatar pictures fetched over HTTP, and each player's
own posts lists (space reads)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from typing import TYPE_CHECKING, Any

from auditor.store.connection import Row
from auditor.store.db import Database
from auditor.store.state import bump_side_serial

if TYPE_CHECKING:
    from auditor.models import Profile, ProfileSighting, SpaceItem, SpaceRead


@dataclass(frozen=True, slots=True)
class AvatarFetch(Row):
    """One fetch of a player's avatar picture (``avatars``)."""

    uid: int
    night: int
    url: str
    fetched_at: str
    fetched_ts: float
    status: int  # 200, or 304 (unchanged: the previous hash)
    etag: str | None
    last_modified: str | None
    sha256: str
    run_id: int | None


_AVATAR_COLUMNS = ", ".join(AvatarFetch.__dataclass_fields__)


class Sightings(Database):
    """Profiles, avatar pictures and posts lists."""

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
        bump_side_serial(self.db)

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

    def avatar_fetches(self) -> dict[int, AvatarFetch]:
        """Each player's latest avatar fetch (night, url, validators, hash)."""
        cur = self.db.cursor()
        cur.row_factory = None
        rows = cur.execute(f"SELECT {_AVATAR_COLUMNS} FROM avatars ORDER BY fetched_ts")
        return {r[0]: AvatarFetch(*r) for r in rows}

    def latest_profile(self, column: str) -> dict[int, Any]:
        """Each uid's latest recorded ``column`` of the profiles (``threads``,
        ``avatar_url``): the value on the latest page that showed one."""
        if column not in ("threads", "avatar_url"):
            raise ValueError(column)
        sql = f"SELECT uid, {column} FROM profiles WHERE {column} IS NOT NULL ORDER BY seen_ts"
        return {row[0]: row[1] for row in self.db.execute(sql)}

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
