"""The director's posts the tool sent to the forum (``forum_posts``): each attempt at each
part of a draft, so that a draft is never posted twice and a post whose answer was lost is
looked for before anything is sent again."""

from __future__ import annotations

from dataclasses import dataclass

from auditor.store.connection import Row, _now
from auditor.store.db import Database

#: A part's states.  ``sending``: claimed, the POST may be under way (or the process died);
#: ``unknown``: sent, no answer read and not found on the forum either;  ``absent``: looked
#: for after an unknown outcome and not there (it may be sent again).
SENDING, POSTED, REFUSED, UNKNOWN, ABSENT = "sending", "posted", "refused", "unknown", "absent"
#: The states after which a part may be sent (again).
SENDABLE = frozenset({REFUSED, ABSENT})


@dataclass(frozen=True, slots=True)
class SentRow(Row):
    """One attempt at posting one part of a draft (``forum_posts``)."""

    id: int
    draft: str
    part: int
    parts: int
    kind: str
    title: str
    text: str
    tid: int
    pid: int | None
    account: str | None
    account_uid: int | None
    ordered_by: str | None
    status: str
    said: str | None
    started_at: str
    finished_at: str | None


_COLUMNS = ", ".join(SentRow.__dataclass_fields__)


class Sent(Database):
    """The posts sent to the forum."""

    def sent_parts(self, draft: str) -> dict[int, SentRow]:
        """The latest attempt at each part of ``draft``, by part number."""
        cur = self.db.cursor()
        cur.row_factory = None
        rows = cur.execute(
            f"SELECT {_COLUMNS} FROM forum_posts WHERE draft = ? ORDER BY part, id", (draft,)
        )
        return {row.part: row for row in (SentRow(*r) for r in rows)}

    def sent_posts(self) -> list[SentRow]:
        """Every attempt, oldest first."""
        cur = self.db.cursor()
        cur.row_factory = None
        return [SentRow(*r) for r in cur.execute(f"SELECT {_COLUMNS} FROM forum_posts ORDER BY id")]

    def claim_part(
        self,
        *,
        draft: str,
        part: int,
        parts: int,
        kind: str,
        title: str,
        text: str,
        tid: int,
        account: str | None,
        account_uid: int | None,
        ordered_by: str | None = None,
    ) -> tuple[bool, SentRow]:
        """Claim a part for sending (a ``sending`` row) unless its latest attempt forbids it
        (posted, or sending or unknown: those are looked for first).  In one write
        transaction, so two processes never both claim a part.  Returns (claimed, the row:
        the new one, or the one in the way)."""
        with self.transaction():
            latest = self.sent_parts(draft).get(part)
            if latest is not None and latest.status not in SENDABLE:
                return False, latest
            cur = self.db.execute(
                "INSERT INTO forum_posts (draft, part, parts, kind, title, text, tid, account,"
                " account_uid, ordered_by, status, started_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    draft,
                    part,
                    parts,
                    kind,
                    title,
                    text,
                    tid,
                    account,
                    account_uid,
                    ordered_by,
                    SENDING,
                    _now(),
                ),
            )
            row = self.row_by_id(int(cur.lastrowid or 0))
        return True, row

    def row_by_id(self, row_id: int) -> SentRow:
        cur = self.db.cursor()
        cur.row_factory = None
        found = cur.execute(f"SELECT {_COLUMNS} FROM forum_posts WHERE id = ?", (row_id,))
        return SentRow(*found.fetchone())

    def finish_part(
        self, row_id: int, status: str, *, pid: int | None = None, said: str | None = None
    ) -> None:
        """Record what became of an attempt."""
        with self.transaction():
            self.db.execute(
                "UPDATE forum_posts SET status = ?, pid = COALESCE(?, pid), said = ?,"
                " finished_at = ? WHERE id = ?",
                (status, pid, said, _now(), row_id),
            )
