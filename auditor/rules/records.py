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
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Any, TypeVar

from auditor.game.confirm import Proposal
from auditor.game.gamefile import Event, EventType, Game, ThreadKind
from auditor.game.roster import UNSEATED, unseated_note
from auditor.rules.activity import activity_rows, filler_counts, post_counts
from auditor.rules.base import Context, Unit
from auditor.rules.lurk import lurk_day_units
from auditor.rules.proposals import proposed_by_day
from auditor.rules.ruleset import RuleSet, load_ruleset
from auditor.rules.votebook import (
    PROBLEM_TEXT,
    Ballot,
    DayVotes,
    RoundTally,
    VoteBook,
    voter_name,
    votes_for,
)

T = TypeVar("T")

VERSION = 5  # the shape below; a stored set of another shape is derived again


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


class CountedPosts(Sequence[Counted]):
    """Every day's counted posts in the game's order, kept per day: a day read back from
    the store stays its stored JSON text until it is read, so an incremental check that
    re-judges one day neither decodes nor writes again the other days' posts (issue 16:
    the 电梯 of a 10k game is most of the check's records)."""

    __slots__ = ("_days", "_flat")

    def __init__(self, days: dict[int, list[Counted] | str] | None = None) -> None:
        self._days: dict[int, list[Counted] | str] = dict(days or {})
        self._flat: list[Counted] | None = None

    def day(self, number: int) -> list[Counted]:
        value = self._days.get(number, [])
        if isinstance(value, str):
            value = [Counted(number, *row) for row in json.loads(value)]
            self._days[number] = value
        return value

    def days(self) -> list[int]:
        """The days with counted posts, in order."""
        return [d for d, v in self._days.items() if v]

    def written(self) -> tuple[dict[int, str], list[int]]:
        """What to store of the days this check derived (those not read back as text):
        (day -> JSON text, days left without a counted post, whose entries go)."""
        write: dict[int, str] = {}
        drop: list[int] = []
        for d, value in self._days.items():
            if isinstance(value, str):
                continue  # as stored
            if not value:
                drop.append(d)
                continue
            write[d] = _counted_text(value)
        return write, drop

    def raw(self, number: int) -> list[Counted] | str | None:
        return self._days.get(number)

    def text(self, number: int) -> str:
        """A day's counted posts as their entry stores them (``[]``: none)."""
        value = self._days.get(number, [])
        return value if isinstance(value, str) else _counted_text(value)

    def _all(self) -> list[Counted]:
        if self._flat is None:
            self._flat = [c for d in list(self._days) for c in self.day(d)]
        return self._flat

    def __len__(self) -> int:
        return len(self._all())

    def __getitem__(self, i: Any) -> Any:
        return self._all()[i]

    def __iter__(self) -> Iterator[Counted]:
        return iter(self._all())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CountedPosts):
            return self._all() == other._all()
        return isinstance(other, list) and self._all() == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"CountedPosts({self._all()!r})"


def _counted_text(posts: Sequence[Counted]) -> str:
    rows = [[c.player, c.tid, c.pid, c.floor] for c in posts]
    return json.dumps(rows, ensure_ascii=False, separators=(",", ":"))


@dataclass(slots=True)
class CheckRecords:
    checked_at: str  # the check's ``now`` (forum time, ISO)
    posts: int  # the game's posts, deleted ones left out
    cells: list[Cell]
    # stored apart, one check-state entry per day (``store.state.counted``), not in ``to_json``
    counted: CountedPosts
    minute_pids: list[int]  # posts whose time the forum gave only to the minute
    votes_error: str = ""  # the vote book failed: the reason (no ballots then)
    ballots: list[dict[str, Any]] = field(default_factory=list)  # Ballot.record() + precision
    tally: list[dict[str, Any]] = field(default_factory=list)
    rounds: list[dict[str, Any]] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)  # game file vs tally, closed rounds
    proposals: list[str] = field(default_factory=list)  # tally outcomes no one announced
    # What an incremental check keeps of the days it does not re-judge (issue 16): each
    # unit's counted and filler posts ``[player, day, phase, posts, filler]``, the
    # verdicts other rules refer to (code -> units), and the day of each conflict and
    # proposal (None: a 加速 / 延时 request).
    counts: list[list[Any]] = field(default_factory=list)
    verdicts: dict[str, list[list[Any]]] = field(default_factory=dict)
    conflict_days: list[int] = field(default_factory=list)
    # the posts each conflict asks about (RoundTally.asked: pids, for the report's and the
    # desk's links; a director is never shown a pid), one list per conflict
    conflict_pids: list[list[int]] = field(default_factory=list)
    proposal_days: list[int | None] = field(default_factory=list)
    # The event confirming each proposal writes, ``[type, player, at, how]`` (None: a 加速 /
    # 延时 request, read from the forum's posts as discovered), so that the list of what
    # waits for a director is read back rather than judged again; the field itself None
    # when a check of an older version stored the records.
    proposal_events: list[list[Any] | None] | None = None
    version: int = VERSION

    def to_json(self) -> str:
        """The records as JSON (what :func:`dataclasses.asdict` gives, without its deep
        copy of every ballot: a night's cost is not the game's), the counted posts left
        out: :meth:`CountedPosts.written` gives those, one entry per day; the JSON names
        the days that have one."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["cells"] = [_plain(c, _CELL) for c in self.cells]
        data["counted"] = self.counted.days()
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, counted: Mapping[int, str] | None = None) -> CheckRecords | None:
        """The stored records with the counted posts' entries (``counted``: day -> text;
        each day decoded when it is read), or None when there are none of
        this shape or a day's entry is missing."""
        try:
            data = json.loads(text)
        except ValueError:
            return None
        if not isinstance(data, dict) or data.get("version") != VERSION:
            return None
        data["cells"] = [Cell(**c) for c in data["cells"]]
        entries = counted or {}
        days: dict[int, list[Counted] | str] = {}
        for d in data["counted"]:
            value = entries.get(int(d))
            if value is None:
                return None
            days[int(d)] = value
        data["counted"] = CountedPosts(days)
        return cls(**data)

    def unit_counts(self) -> tuple[Counter[Unit], Counter[Unit]]:
        """(counted posts, filler posts) per unit, as the context holds them."""
        posts: Counter[Unit] = Counter()
        filler: Counter[Unit] = Counter()
        for player, day, phase, n, f in self.counts:
            if n:
                posts[(player, day, phase)] = n
            if f:
                filler[(player, day, phase)] = f
        return posts, filler

    def verdict(self, code: str) -> frozenset[Unit]:
        return frozenset((p, d, ph) for p, d, ph in self.verdicts.get(code, ()))

    def day_cells(self) -> list[Cell]:
        return [c for c in self.cells if c.phase is None]

    def phase_cells(self) -> list[Cell]:
        return [c for c in self.cells if c.phase is not None]


_CELL = tuple(f.name for f in fields(Cell))


def _plain(item: Cell, names: tuple[str, ...]) -> dict[str, Any]:
    return {name: getattr(item, name) for name in names}


def derive(
    ctx: Context,
    previous: CheckRecords | None = None,
    *,
    totals: tuple[int, list[int]] | None = None,
) -> CheckRecords:
    """The records of a check over ``ctx`` (every day, whatever the check's scope).

    With ``previous`` (an incremental check over a context of the days ``ctx.days``
    only): those days are derived afresh, every other day's ballots, tallies, rounds,
    conflicts, proposals, counted posts and who voted are the previous records' own;
    ``totals`` gives the game's (posts, minute_pids), read from the store."""
    days = ctx.days if previous is not None else None
    book: VoteBook | None
    try:
        book, error = votes_for(ctx), ""
    except Exception as exc:  # a report with a note beats no report at all
        book, error = None, f"投票统计失败（{type(exc).__name__}: {exc}）：本报告没有计票。"
    fill = filler_counts(ctx)
    order = [d.number for d in ctx.schedule.days]
    counted = _counted_by_day(order, ctx, previous.counted if previous else None, days)
    posts, minute = totals if totals is not None else _totals(ctx)
    out = CheckRecords(
        checked_at=ctx.now.isoformat(),
        posts=posts,
        cells=_cells(ctx, book, fill, previous, days),
        counted=counted,
        minute_pids=minute,
        votes_error=error,
        counts=[
            [p, d, ph, ctx.counts.get((p, d, ph), 0), fill.get((p, d, ph), 0)]
            for p, d, ph in sorted(
                set(ctx.counts) | set(fill), key=lambda u: (u[1], u[0], u[2] or 0)
            )
        ],
        verdicts={
            code: [list(u) for u in sorted(units, key=lambda u: (u[1], u[0], u[2] or 0))]
            for code, units in sorted(ctx.verdicts.items())
        },
    )
    if book is None:
        return out
    old = previous or CheckRecords("", 0, [], CountedPosts(), [])
    _add_votes(out, book, old, order, days)
    _add_unseated(out, ctx.game)
    _add_proposals(out, ctx, old, order, days, known=previous is None)
    return out


def _totals(ctx: Context) -> tuple[int, list[int]]:
    """The game's posts not deleted, and the posts whose time the forum gave only to the
    minute (a full check's context holds every post)."""
    posts = sum(1 for gp in ctx.posts if not gp.deleted)
    minute = sorted(
        gp.post.pid
        for gp in ctx.posts
        if gp.post.pid is not None and gp.post.time_precision != "second"
    )
    return posts, minute


def _cells(
    ctx: Context,
    book: VoteBook | None,
    fill: Mapping[Unit, int],
    previous: CheckRecords | None,
    days: frozenset[int] | None,
) -> list[Cell]:
    """Each player's day, then each phase: posts, filler, lurking and whether they voted
    (a day outside ``days`` keeps what ``previous`` said of the vote)."""

    def fresh(day: int | None) -> bool:
        return days is None or day in days

    voted, voted_rounds = _voted(ctx, book)
    before = {(c.player, c.day, c.phase): c.voted for c in previous.cells} if previous else {}
    lurking = ctx.verdicts.get("LURK-DAY", frozenset())
    runs = {(p, d) for p, d, _ in ctx.verdicts.get("LURK-3DAYS", frozenset())}
    cells: list[Cell] = []
    for row in activity_rows(ctx, phases=False):
        n = sum(v for (p, d, _), v in fill.items() if p == row.player and d == row.day)
        did_vote = row.alive and row.player in voted.get(row.day, set())
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
                did_vote if fresh(row.day) else before.get((row.player, row.day, None), False),
            )
        )
    for row in activity_rows(ctx):
        if row.phase is None:
            continue
        unit = (row.player, row.day, row.phase)
        did_vote = row.alive and unit in voted_rounds
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
                did_vote if fresh(row.day) else before.get(unit, False),
            )
        )
    return cells


def _day_of(r: dict[str, Any]) -> int:
    return int(r["day"])


def _add_votes(
    out: CheckRecords,
    book: VoteBook,
    old: CheckRecords,
    order: list[int],
    days: frozenset[int] | None,
) -> None:
    """The vote book's ballots, tallies, rounds and conflicts into ``out`` (the days
    outside ``days``: ``old``'s)."""
    ballots = []
    for b in book.ballots:
        c = b.correction
        ballots.append(
            {
                **b.record(),
                "time_precision": b.gp.post.time_precision,
                "detail": b.detail,
                "correction": (
                    {"target": c.target, "invalid": c.invalid, "note": c.note} if c else None
                ),
            }
        )
    out.ballots = _by_day(order, ballots, old.ballots, days, _day_of)
    out.tally = _by_day(order, book.tally_records(), old.tally, days, _day_of)
    out.rounds = _by_day(
        order,
        [_round_record(dv, rt) for dv in book.days.values() for rt in dv.rounds],
        old.rounds,
        days,
        _day_of,
    )
    conflicts = _by_day(
        order,
        [
            (dv.day, rt.conflict, list(rt.asked))
            for dv in book.days.values()
            for rt in dv.rounds
            if rt.conflict
        ],
        list(zip(old.conflict_days, old.conflicts, old.conflict_pids, strict=True)),
        days,
        lambda c: c[0],
    )
    out.conflicts = [text for _, text, _ in conflicts]
    out.conflict_days = [d for d, _, _ in conflicts]
    out.conflict_pids = [pids for _, _, pids in conflicts]


def _add_unseated(out: CheckRecords, game: Game) -> None:
    """Vote posts that write seats (7号, 5) while the game file has no seat list: asked
    once, with the posts' links, as the tally's question of the first such day (never
    silent: 有 N 张票写的是座位号…; :func:`auditor.game.roster.unseated_note`).  Replaces the
    question the previous records kept for days not derived again."""
    kept = [i for i, text in enumerate(out.conflicts) if UNSEATED not in text]
    out.conflicts = [out.conflicts[i] for i in kept]
    out.conflict_days = [out.conflict_days[i] for i in kept]
    out.conflict_pids = [out.conflict_pids[i] for i in kept]
    note = unseated_note(game, out.ballots)
    if note is not None:
        day, text, pids = note
        out.conflicts.append(text)
        out.conflict_days.append(day)
        out.conflict_pids.append(pids)


def _add_proposals(
    out: CheckRecords,
    ctx: Context,
    old: CheckRecords,
    order: list[int],
    days: frozenset[int] | None,
    *,
    known: bool,
) -> None:
    """The proposals (the forum's requests, then the tally outcomes by day: the days
    outside ``days`` are ``old``'s) into ``out``; their events unless ``old`` was stored
    by a version that did not keep them (``known``: no previous records)."""
    found = [(d, p.describe(), _event_record(p)) for d, p in proposed_by_day(ctx)]
    requests = [x for x in found if x[0] is None]  # from the forum's posts as discovered
    old_events = old.proposal_events
    if old_events is None:  # stored by an older version: what they were is unknown
        old_events = [None] * len(old.proposals)
    tallied = _by_day(
        order,
        [x for x in found if x[0] is not None],
        [
            (d, t, e)
            for d, t, e in zip(old.proposal_days, old.proposals, old_events, strict=True)
            if d is not None
        ],
        days,
        lambda p: p[0],
    )
    out.proposals = [text for _, text, _ in requests + tallied]
    out.proposal_days = [d for d, _, _ in requests + tallied]
    events = [e for _, _, e in requests + tallied]
    out.proposal_events = events if known or old.proposal_events is not None else None


def _event_record(p: Proposal) -> list[Any] | None:
    """A tally proposal's event as stored (None: a 加速 / 延时 request)."""
    ev = p.item
    if p.kind != "event" or not isinstance(ev, Event):
        return None
    return [ev.type.value, ev.player, ev.at.isoformat() if ev.at else None, ev.how]


def recorded_proposals(records: CheckRecords, game: Game) -> list[Proposal] | None:
    """:func:`auditor.rules.proposals.proposed` as the check that stored ``records``
    found them: the game's 加速 / 延时 requests (from its discovery, as ``proposed``
    reads them), then the tally outcomes read back from the records.  None when the
    records do not hold them (stored by an older version)."""
    if records.proposal_events is None:
        return None
    if not game.discovers:
        return []
    out = list(getattr(game.discovery, "accelerations", []))
    for day, text, ev in zip(
        records.proposal_days, records.proposals, records.proposal_events, strict=True
    ):
        if day is None:
            continue  # a request: the discovery's own, above
        if ev is None:
            return None
        kind, player, at, how = ev
        event = Event(EventType(kind), player, datetime.fromisoformat(at) if at else None, how)
        out.append(Proposal("event", event, "计票", text=text))
    return out


def _by_day(
    order: Sequence[int],
    fresh: Iterable[T],
    kept: Iterable[T],
    days: frozenset[int] | None,
    day: Callable[[T], int | None],
) -> list[T]:
    """Items grouped by day in the game's order: ``fresh`` ones of every day (``days``
    None) or of ``days``, ``kept`` ones of the other days; each day's in their order."""
    groups: dict[int | None, list[T]] = {}
    for item in fresh:
        d = day(item)
        if days is None or d in days:
            groups.setdefault(d, []).append(item)
    if days is not None:
        for item in kept:
            d = day(item)
            if d not in days:
                groups.setdefault(d, []).append(item)
    out: list[T] = []
    for number in [*order, *(d for d in groups if d not in order)]:
        out.extend(groups.pop(number, []))
    return out


def _counted_by_day(
    order: Sequence[int],
    ctx: Context,
    kept: CountedPosts | None,
    days: frozenset[int] | None,
) -> CountedPosts:
    """As :func:`_by_day` for the counted posts: ``ctx``'s of every day (``days`` None) or
    of ``days`` (each of those present, empty when it has none: its stored entry goes),
    ``kept``'s of the other days as they were read (a stored day stays text)."""
    mine: dict[int, list[Counted]] = {d: [] for d in days} if days is not None else {}
    for c in _counted(ctx):
        if days is None or c.day in days:
            mine.setdefault(c.day, []).append(c)
    out: dict[int, list[Counted] | str] = {}
    others = [d for d in mine if d not in order]
    if kept is not None and days is not None:
        others += [d for d in kept.days() if d not in order and d not in mine]
    for d in [*order, *others]:
        if d in out:
            continue
        if days is None or d in days:
            if d in mine:
                out[d] = mine[d]
        elif kept is not None and (value := kept.raw(d)) is not None:
            out[d] = value
    return CountedPosts(out)


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


def _round_record(dv: DayVotes, rt: RoundTally) -> dict[str, Any]:
    """One voting round for the announcement: who carried which weight (the sheriff's),
    who abstained and who did not vote, each by the name the tally shows (a substitute on
    her own account keeps her ×2 as 浪花（替 老周）), and ``names``: seat -> shown name where
    the two differ (the grid and the reminder key by seat)."""
    weights: dict[str, float] = {}
    for b in dv.ballots:
        if b.weight > 0 and (rt.round is None or b.round == rt.round):
            weights[rt.names.get(b.voter, b.voter)] = b.weight
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
        "names": dict(rt.names),
    }


# --------------------------------------------------------------------------- the open day


def voted_on(ctx: Context, day: int) -> set[str]:
    """Players who posted a vote (valid or not) on ``day``: the vote book when there is
    one, else any reply in that day's vote threads."""
    dv = votes_for(ctx).days.get(day)
    if dv is not None:
        return set(dv.voted)
    return {
        gp.player
        for gp in ctx.posts
        if gp.player
        and not gp.exempt
        and not gp.deleted
        and gp.kind is ThreadKind.VOTE
        and gp.day == day
    }


def void_ballots(ctx: Context, day: int) -> dict[str, str]:
    """Players whose ballots of ``day``'s open round (the last one: killbar7 votes in
    rounds) are all void, each with the problem of the last of them as the director reads
    it (投票对象不是玩家).  A valid ballot later followed by a void change still stands: its
    voter has voted."""
    dv = votes_for(ctx).days.get(day)
    if dv is None:
        return {}
    current = dv.rounds[-1].round if dv.rounds else None
    mine: dict[str, list[Ballot]] = {}
    for b in dv.ballots:
        if current is None or b.round == current:
            mine.setdefault(b.voter, []).append(b)
    return {
        voter: PROBLEM_TEXT.get(ballots[-1].problem or "", "") or "投票无效"
        for voter, ballots in mine.items()
        if not any(b.valid for b in ballots)
    }


def open_day_status(ctx: Context, ruleset: RuleSet) -> tuple[int | None, list[dict[str, object]]]:
    """For the day open at ``ctx.now`` (``auditor status``): every player still measured,
    their posts so far, whether LURK-DAY would judge them lurking if the day closed now
    (with the rule set's options, its preset's defaults when the rule is off; per phase
    and against the day's average where the rule set says so: killbar7), and whether they
    have voted: only a valid standing ballot is a vote; a player whose ballots are all
    void is ``void`` with the problem (:func:`void_ballots`).  (None, []) between days."""
    day = ctx.schedule.open_day(ctx.now)
    if day is None:
        return None, []
    lurk = (
        ruleset.rules.get("LURK-DAY")
        or load_ruleset(ctx.game.ruleset, {"LURK-DAY": {}}).rules["LURK-DAY"]
    )
    counts = post_counts(ctx)
    void = void_ballots(ctx, day.number)
    voted = voted_on(ctx, day.number) - set(void)
    lurking = {p for p, _d, _ph, _n, _note in lurk_day_units(ctx, lurk, days=[day])}
    rows = []
    for player in ctx.game.players:
        if not ctx.schedule.alive(player, ctx.now):
            continue
        n = sum(c for (p, d, _), c in counts.items() if p == player and d == day.number)
        rows.append(
            {
                # a substitute on her own account as herself: 浪花（替 老周）
                "player": voter_name(ctx, player, ctx.now),
                "posts": n,
                "min_posts": int(lurk["min_posts"]),
                "below": int(player in lurking),
                "voted": int(player in voted),
                "void": int(player in void),
                "problem": void.get(player, ""),
            }
        )
    return day.number, rows
