"""What a check found besides findings, as records every view reads.

The check stage derives these once from its context — activity cells with the lurk
verdicts, the counted posts of each day (the 电梯), every ballot, tally and round of the
vote book, the tally's disagreements with the game file and its proposals — and stores
them beside the findings.  ``report.html``, the CSVs, the announcement and the desk read
them back and never re-judge: a view cannot disagree with the rules.

Plain data only (numbers, strings, lists, dicts): they are stored as JSON.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from auditor.rules.activity import activity_rows, filler_counts
from auditor.rules.base import Context
from auditor.rules.proposals import proposals
from auditor.rules.votebook import VoteBook, votes_for

VERSION = 2  # the shape below; a stored set of another shape is derived again


@dataclass(frozen=True, slots=True)
class Cell:
    """One player on one day (``phase`` None) or one phase of a day that has phases."""

    player: str
    day: int
    phase: int | None
    phase_name: str
    posts: int
    filler: int  # of ``posts``, filler (水帖) by POST-FILLER's words
    accelerated: bool
    alive: bool  # measured for this day / phase
    closed: bool
    # LURK-DAY's verdict: this unit lurks (a day cell: the day or any of its phases)
    lurking: bool
    lurk_run: bool  # one of the days of a LURK-3DAYS run (day cells only)
    voted: bool  # posted a vote (valid or not) that day / in that phase's round


@dataclass(frozen=True, slots=True)
class Counted:
    """A counted post of a day, for the 电梯 (posts after the player's elimination left out)."""

    day: int
    player: str
    tid: int
    pid: int | None
    floor: int | None


@dataclass(slots=True)
class CheckRecords:
    checked_at: str  # the check's ``now`` (forum time, ISO)
    posts: int  # the game's posts, deleted ones left out
    cells: list[Cell]
    counted: list[Counted]
    minute_pids: list[int]  # posts whose time the forum gave only to the minute
    votes_error: str = ""  # the vote book failed: the reason (no ballots then)
    ballots: list[dict[str, Any]] = field(default_factory=list)  # Ballot.record() + precision
    tally: list[dict[str, Any]] = field(default_factory=list)
    rounds: list[dict[str, Any]] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)  # game file vs tally, closed rounds
    proposals: list[str] = field(default_factory=list)  # tally outcomes no one announced
    version: int = VERSION

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> CheckRecords | None:
        """The stored records, or None when there are none of this shape."""
        try:
            data = json.loads(text)
        except ValueError:
            return None
        if not isinstance(data, dict) or data.get("version") != VERSION:
            return None
        data["cells"] = [Cell(**c) for c in data["cells"]]
        data["counted"] = [Counted(**c) for c in data["counted"]]
        return cls(**data)

    def day_cells(self) -> list[Cell]:
        return [c for c in self.cells if c.phase is None]

    def phase_cells(self) -> list[Cell]:
        return [c for c in self.cells if c.phase is not None]


def derive(ctx: Context) -> CheckRecords:
    """The records of a check over ``ctx`` (every day, whatever the check's scope)."""
    book: VoteBook | None
    try:
        book, error = votes_for(ctx), ""
    except Exception as exc:  # a report with a note beats no report at all
        book, error = None, f"投票统计失败（{type(exc).__name__}: {exc}）：本报告没有计票。"
    voted, voted_rounds = _voted(ctx, book)
    lurking = ctx.verdicts.get("LURK-DAY", frozenset())
    runs = {(p, d) for p, d, _ in ctx.verdicts.get("LURK-3DAYS", frozenset())}
    fill = filler_counts(ctx)
    cells: list[Cell] = []
    for row in activity_rows(ctx, phases=False):
        n = sum(v for (p, d, _), v in fill.items() if p == row.player and d == row.day)
        cells.append(
            Cell(
                row.player,
                row.day,
                None,
                "",
                row.posts,
                n,
                row.accelerated,
                row.alive,
                row.closed,
                any(p == row.player and d == row.day for p, d, _ in lurking),
                (row.player, row.day) in runs,
                row.alive and row.player in voted.get(row.day, set()),
            )
        )
    for row in activity_rows(ctx):
        if row.phase is None:
            continue
        unit = (row.player, row.day, row.phase)
        cells.append(
            Cell(
                row.player,
                row.day,
                row.phase,
                row.phase_name,
                row.posts,
                fill.get(unit, 0),
                row.accelerated,
                row.alive,
                row.closed,
                unit in lurking or (row.player, row.day, None) in lurking,
                False,
                row.alive and unit in voted_rounds,
            )
        )
    out = CheckRecords(
        checked_at=ctx.now.isoformat(),
        posts=sum(1 for gp in ctx.posts if not gp.deleted),
        cells=cells,
        counted=_counted(ctx),
        minute_pids=sorted(
            gp.post.pid
            for gp in ctx.posts
            if gp.post.pid is not None and gp.post.time_precision != "second"
        ),
        votes_error=error,
    )
    if book is not None:
        for b in book.ballots:
            c = b.correction
            out.ballots.append(
                {
                    **b.record(),
                    "time_precision": b.gp.post.time_precision,
                    "detail": b.detail,
                    "correction": (
                        {"target": c.target, "invalid": c.invalid, "note": c.note} if c else None
                    ),
                }
            )
        out.tally = book.tally_records()
        out.rounds = [_round_record(dv, rt) for dv in book.days.values() for rt in dv.rounds]
        out.conflicts = list(book.conflicts)
        out.proposals = proposals(ctx)
    return out


def _voted(
    ctx: Context, book: VoteBook | None
) -> tuple[dict[int, set[str]], set[tuple[str, int, int | None]]]:
    """Who voted each day (a vote post, valid or not, or a reply in the vote thread), and
    in which round; without a vote book, anyone who posted in a vote thread that day."""
    voted: dict[int, set[str]] = {}
    rounds: set[tuple[str, int, int | None]] = set()
    if book is not None:
        for number, dv in book.days.items():
            voted[number] = set(dv.replied) | set(dv.voted)
        rounds = {(b.voter, b.day, b.round) for b in book.ballots}
        return voted, rounds
    for gp in ctx.posts:
        if (
            gp.kind is not None
            and gp.kind.value == "vote"
            and gp.player
            and gp.day is not None
            and not gp.exempt
        ):
            voted.setdefault(gp.day, set()).add(gp.player)
    return voted, rounds


def _counted(ctx: Context) -> list[Counted]:
    """Each player's counted posts of each day (the 电梯); posts written after the
    player's elimination (诈尸) are not play and are left out (findings list them)."""
    kinds = set(ctx.ruleset["count_kinds"])
    out: list[Counted] = []
    for gp in ctx.posts:
        if (
            gp.player is None
            or gp.exempt
            or gp.deleted
            or gp.lastwords
            or gp.day is None
            or gp.kind is None
            or gp.kind.value not in kinds
        ):
            continue
        p = gp.post
        at = ctx.schedule.eliminated_at(gp.player)
        if at is not None and p.posted_at > at:
            continue
        out.append(Counted(gp.day, gp.player, p.tid, p.pid, p.floor))
    return out


def _round_record(dv: Any, rt: Any) -> dict[str, Any]:
    """One voting round for the announcement: who carried which weight (the sheriff's),
    who abstained and who did not vote."""
    weights: dict[str, float] = {}
    for b in dv.ballots:
        if b.weight > 0 and (rt.round is None or b.round == rt.round):
            weights[b.voter] = b.weight
    return {
        "day": rt.day,
        "round": rt.round if rt.round is not None else "",
        "name": rt.name,
        "closed": rt.closed,
        "day_closed": dv.closed,
        "reason": rt.reason or "",
        "sheriff": rt.sheriff or "",
        "weights": {v: w for v, w in weights.items() if w != 1},
        "abstained": list(rt.abstained),
        "non_voters": list(rt.non_voters),
    }
