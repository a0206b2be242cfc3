"""What the rules found and what the director decided: findings (kept inactive when no
longer found: decisions attach to their fingerprints), decisions (rows only ever
inserted; the current decision on a fingerprint is its newest row), manual cards and
the desk's password hashes, each read back as a typed row."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from auditor.store.connection import Row, _now
from auditor.store.db import Database

if TYPE_CHECKING:
    from auditor.models import Finding, Match

#: Digits no base32 id holds, typed for the letters they look like (find_decidable).
_LOOKALIKE_DIGITS = str.maketrans("018", "OIB")


@dataclass(frozen=True, slots=True)
class FindingRow(Row):
    """A stored finding (``findings``); :func:`finding_from_row` makes it the rules' value."""

    fingerprint: str
    id: str
    code: str
    player: str
    day: int | None
    phase: int | None
    tid: int | None
    pid: int | None
    floor: int | None
    card: str
    key: str
    matches: str  # JSON [[text, start, end, detail], ...]
    excerpt: str
    note: str
    posted_at: str | None
    active: int  # 0: no longer found (kept: decisions attach here)
    first_run: int | None
    last_run: int | None


@dataclass(frozen=True, slots=True)
class DecisionRecord(Row):
    """One decision of the director (``decisions``)."""

    id: int
    fingerprint: str  # a finding's fingerprint, or a manual card's
    finding_id: str  # the short id the director saw (F…/M…)
    decision: str  # approve | reject | undo
    card: str | None
    suggested: str | None
    note: str
    decided_by: str | None
    decided_at: str  # UTC
    source: str  # decide | review | import | card
    run_id: int | None


@dataclass(frozen=True, slots=True)
class CurrentDecision(DecisionRecord):
    """The newest decision on a fingerprint, with when its current run of approvals began
    (re-approving a card with a note does not re-issue it; escalation counts from the first
    approval)."""

    approved_since: str | None


@dataclass(frozen=True, slots=True)
class ManualCardRow(Row):
    """A card the director added by hand (``manual_cards``)."""

    fingerprint: str
    id: str
    player: str
    card: str
    kind: str
    day: int | None
    reason: str
    created_by: str | None
    created_at: str


_FINDING_COLUMNS = ", ".join(FindingRow.__dataclass_fields__)
_DECISION_COLUMNS = ", ".join(DecisionRecord.__dataclass_fields__)
_CARD_COLUMNS = ", ".join(ManualCardRow.__dataclass_fields__)
_TABLES: dict[str, tuple[str, type[FindingRow] | type[ManualCardRow]]] = {
    "findings": (_FINDING_COLUMNS, FindingRow),
    "manual_cards": (_CARD_COLUMNS, ManualCardRow),
}


def stored_matches(raw: str | None) -> tuple[Match, ...]:
    """A finding's stored ``matches`` (JSON) as values; none when empty or unreadable."""
    from auditor.models import Match

    if not raw:
        return ()
    try:
        return tuple(Match(*m) for m in json.loads(raw))
    except (ValueError, TypeError, IndexError):
        return ()


@functools.lru_cache(maxsize=16384)
def finding_from_row(row: FindingRow) -> Finding:
    """A stored finding as the frozen value the rules produced (the one decoder of stored
    findings: the check, the ledger and the report read them through it).  Kept by row: a
    row and its value are both frozen, and the desk builds its records from the same rows
    after every decision (the matches' JSON decoded once, not on every page)."""
    from auditor.models import Finding

    return Finding(
        code=row.code,
        player=row.player,
        day=row.day,
        phase=row.phase,
        tid=row.tid,
        pid=row.pid,
        floor=row.floor,
        matches=stored_matches(row.matches),
        excerpt=row.excerpt,
        card=row.card,
        key=row.key,
        note=row.note,
        posted_at=datetime.fromisoformat(row.posted_at) if row.posted_at else None,
    )


class Verdicts(Database):
    """Findings, decisions, manual cards and password hashes."""

    def save_findings(
        self,
        findings: Iterable[Finding],
        run_id: int | None,
        scope: Callable[[FindingRow], bool] | None = None,
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
            for row in self._findings("SELECT {} FROM findings WHERE active=1"):
                if row.fingerprint not in current and (scope is None or scope(row)):
                    self.db.execute(
                        "UPDATE findings SET active=0 WHERE fingerprint=?", (row.fingerprint,)
                    )
                    gone += 1
        return new, gone

    def findings(self, *, active_only: bool = True) -> list[FindingRow]:
        sql = "SELECT {} FROM findings" + (" WHERE active=1" if active_only else "")
        return self._findings(sql + " ORDER BY day, player, code, floor")

    def finding(self, fingerprint: str) -> FindingRow | None:
        """One stored finding (active or not) by its fingerprint."""
        rows = self._findings("SELECT {} FROM findings WHERE fingerprint=?", (fingerprint,))
        return rows[0] if rows else None

    def _findings(self, sql: str, args: tuple[object, ...] = ()) -> list[FindingRow]:
        """The findings ``sql`` selects (``{}``: where the columns go)."""
        cur = self.db.cursor()
        cur.row_factory = None
        return [FindingRow(*r) for r in cur.execute(sql.format(_FINDING_COLUMNS), args)]

    # ------------------------------------------------------------------ decisions (issue 7)
    def add_decisions(self, rows: Sequence[Mapping[str, object]]) -> int:
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

    def decision_history(self, fingerprint: str | None = None) -> list[DecisionRecord]:
        if fingerprint is None:
            return self._decisions("SELECT {} FROM decisions ORDER BY id")
        return self._decisions(
            "SELECT {} FROM decisions WHERE fingerprint=? ORDER BY id", (fingerprint,)
        )

    def decision(self, row_id: int | str) -> DecisionRecord | None:
        """One decision row by its id (the ``rev`` a decisions CSV carries)."""
        try:
            key = int(row_id)
        except (TypeError, ValueError):
            return None
        rows = self._decisions("SELECT {} FROM decisions WHERE id=?", (key,))
        return rows[0] if rows else None

    def _decisions(self, sql: str, args: tuple[object, ...] = ()) -> list[DecisionRecord]:
        cur = self.db.cursor()
        cur.row_factory = None
        return [DecisionRecord(*r) for r in cur.execute(sql.format(_DECISION_COLUMNS), args)]

    def current_decisions(self) -> dict[str, CurrentDecision]:
        """fingerprint -> newest decision row (an ``undo`` row means: back to a draft)."""
        cur = self.db.cursor()
        cur.row_factory = None
        columns = ", ".join(f"d.{c}" for c in DecisionRecord.__dataclass_fields__)
        rows = cur.execute(
            f"SELECT {columns}, (SELECT MIN(a.decided_at) FROM decisions a"
            "   WHERE a.fingerprint = d.fingerprint AND a.decision = 'approve'"
            "   AND a.id > COALESCE((SELECT MAX(b.id) FROM decisions b"
            "     WHERE b.fingerprint = d.fingerprint AND b.decision != 'approve'), 0)"
            " ) AS approved_since"
            " FROM decisions d JOIN (SELECT fingerprint, MAX(id) AS id FROM decisions"
            " GROUP BY fingerprint) m ON m.id = d.id"
        )
        current = (CurrentDecision(*r) for r in rows)
        return {r.fingerprint: r for r in current if r.decision != "undo"}

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
        at: str | None = None,
    ) -> None:
        """A director's own card, approved at once; ``at`` (UTC, ISO): the time it is
        stamped with — the time the game is judged at, as a decision is (else now)."""
        now = at or _now()
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

    def manual_cards(self) -> list[ManualCardRow]:
        cur = self.db.cursor()
        cur.row_factory = None
        rows = cur.execute(f"SELECT {_CARD_COLUMNS} FROM manual_cards ORDER BY created_at, id")
        return [ManualCardRow(*r) for r in rows]

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

    def find_decidable(self, ident: str) -> FindingRow | ManualCardRow | None:
        """A finding (active or not) or a manual card by its short id or a fingerprint prefix.

        An id is base32 (A–Z, 2–7): a 0, 1 or 8 typed for the O, I or B it looks like is
        read as that letter (no id holds one of them)."""
        ident = ident.strip()
        short = ident.upper().translate(_LOOKALIKE_DIGITS)
        cur = self.db.cursor()
        cur.row_factory = None
        for table, (columns, row_type) in _TABLES.items():
            row = cur.execute(f"SELECT {columns} FROM {table} WHERE id=?", (short,)).fetchone()
            if row is not None:
                return row_type(*row)
        if len(ident) >= 8:
            for table, (columns, row_type) in _TABLES.items():
                rows = cur.execute(
                    f"SELECT {columns} FROM {table} WHERE fingerprint LIKE ?",
                    (ident.lower() + "%",),
                ).fetchall()
                if len(rows) == 1:
                    return row_type(*rows[0])
        return None
