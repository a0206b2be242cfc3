"""The report's records, built once: every view (HTML, CSV, BBCode) reads these and nothing
else (sqlfluff's ``as_records()`` idea), so the views cannot disagree.

Sources: the records the check stored (:mod:`auditor.rules.records`: activity cells with
their lurk verdicts, the 电梯, ballots, tallies and rounds, proposals), the stored findings
and the ledger (:mod:`auditor.ledger.ledger`), the game's schedule, and the store's runs
table (crawl problems).  Nothing here re-judges a post or re-tallies a vote.  A failed
optional stage (votes) degrades to a note in the report's problems, never to a missing
report.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

from auditor.forum.spaces import SPACE_STATE
from auditor.game.gamefile import Game
from auditor.game.schedule import Schedule
from auditor.ledger.ledger import Decided, Ledger, load_ledger
from auditor.ledger.policy import card_name, parse_time
from auditor.rules.base import Context
from auditor.rules.engine import (
    api_warning,
    build_context,
    ruleset_for,
    space_warning,
    stored_records,
    substitute_warnings,
)
from auditor.rules.records import Cell, CheckRecords, Counted
from auditor.rules.records import derive as derive_records
from auditor.rules.registry import REGISTRY
from auditor.rules.ruleset import RuleSet
from auditor.rules.votebook import PROBLEM_TEXT
from auditor.store import Store

ACTIVITY_CSV = (  # the CLI's ``activity --format csv`` columns first (issue 3), then ours
    "player",
    "day",
    "phase",
    "posts",
    "accelerated",
    "alive",
    "votes",
    "min_posts",
    "below",
    "closed",
    "lurk_days",
    "phase_name",
)
VOTES_CSV = (
    "day",
    "voter",
    "target",
    "kind",
    "valid",
    "problem",
    "weight",
    "pid",
    "posted_at",
    "proxy",
    "round",
    "floor",
    "tid",
    "note",
)
TALLY_CSV = ("day", "round", "target", "votes", "outcome", "voters", "reason")
FINDINGS_CSV = (
    "id",
    "code",
    "player",
    "day",
    "phase",
    "tid",
    "pid",
    "floor",
    "status",
    "suggested_card",
    "card",
    "match",
    "excerpt",
    "reason",
    "note",
    "link",
)
LEDGER_CSV = (
    "player",
    "blue",
    "yellow",
    "red",
    "sent_off",
    "pending",
    "raw_blue",
    "raw_yellow",
    "raw_red",
    "actions",
)

DAY_COLOURS = (
    "#4e79a7",
    "#f28e2b",
    "#59a14f",
    "#e15759",
    "#76b7b2",
    "#edc948",
    "#b07aa1",
    "#ff9da7",
    "#9c755f",
    "#bab0ac",
)
OUTCOME_NAMES = {
    "eliminated": "出局",
    "sheriff_elected": "当选警长",
    "idiot_revealed": "白痴翻牌免于出局",
    "suspect": "可疑者",
}
KIND_NAMES = {"vote": "投票", "change": "改票", "abstain": "弃权"}
THREAD_KIND_NAMES = {
    "discussion": "讨论帖",
    "vote": "投票帖",
    "process": "进程帖",
    "rules": "规则帖",
    "lastwords": "遗言帖",
}
CHANGE_NAMES = {"edited": "修改", "deleted": "删除", "hidden": "屏蔽"}
REPORT_COMMANDS = ("audit", "report")  # runs that wrote a report
CRAWL_COMMANDS = ("crawl", "audit-crawl")


@dataclass(slots=True)
class Records:
    game: dict[str, Any]
    summary: dict[str, Any]
    problems: list[str]
    days: list[dict[str, Any]]
    players: list[str]
    activity: list[dict[str, Any]]  # player × day
    matrix: list[dict[str, Any]]  # one row per player, cells per day
    votes: list[dict[str, Any]]
    tally: list[dict[str, Any]]
    rounds: list[dict[str, Any]]  # per voting round: sheriff weights, abstained, non-voters
    changes: list[dict[str, Any]]  # 论坛上的变动: posts edited / deleted / hidden (HTML only)
    changes_since: str  # forum local time of the previous report ("" = never)
    findings: list[dict[str, Any]]
    drafts: list[dict[str, Any]]
    cards: list[dict[str, Any]]
    standings: list[dict[str, Any]]
    warnings: list[str]
    faction_losses: list[dict[str, Any]]  # 030: factions with two approved reds
    elevator: dict[int, list[dict[str, Any]]]  # day -> [{player, posts: [{floor, pid, tid, link}]}]
    chart: dict[str, Any]
    announce_day: int | None
    votes_available: bool = True
    ledger: Ledger = field(default_factory=Ledger)
    # the game file disagrees with the forum or the tally, or forces a source some enabled
    # rule cannot read: shown first, above the crawl problems
    notices: list[str] = field(default_factory=list)
    # a game that discovers its state: counts of what came from the forum, proposals,
    # warnings and threads not taken (empty for a game file without a board)
    game_state: dict[str, Any] = field(default_factory=dict)
    # approved and rejected items with who decided and when (the report's folded sections)
    decided: list[dict[str, Any]] = field(default_factory=list)
    # the announced day's lurkers (LURK-DAY / LURK-3DAYS / LURK-NOVOTE findings not rejected)
    lurking: list[dict[str, Any]] = field(default_factory=list)


def forum_base(game: Game, store: Store) -> str | None:
    """The forum's base URL for links: the game file's ``[forum] url`` only.  Nothing from a
    page (a saved page's ``<base href>``) ever becomes a link; a saved-pages game without
    ``url`` has no links."""
    del store  # kept for the callers: links never come from what the store holds
    return game.forum.url


def post_link(base: str | None, tid: int | None, pid: int | None) -> str | None:
    """A link to the post on the forum (Discuz!'s findpost redirect), http(s) only."""
    if tid is None or pid is None:
        return None
    path = f"forum.php?mod=redirect&goto=findpost&ptid={tid}&pid={pid}"
    if base is None:
        return None
    if urlsplit(base).scheme not in ("http", "https"):
        return None
    return base + path


def highlight(excerpt: str, matches: Sequence[str]) -> list[tuple[str, bool]]:
    """Split ``excerpt`` into (text, is_match) pieces; the template escapes each piece."""
    spans: list[tuple[int, int]] = []
    for m in matches:
        if not m:
            continue
        start = 0
        while (i := excerpt.find(m, start)) >= 0:
            spans.append((i, i + len(m)))
            start = i + len(m)
    spans.sort()
    pieces: list[tuple[str, bool]] = []
    pos = 0
    for s, e in spans:
        if s < pos:
            continue
        if s > pos:
            pieces.append((excerpt[pos:s], False))
        pieces.append((excerpt[s:e], True))
        pos = e
    if pos < len(excerpt):
        pieces.append((excerpt[pos:], False))
    return pieces


def post_time(at: datetime | str | None, game: Game, precision: str = "second") -> str:
    """A post's time for people, in the forum's time zone, to the second (lateness is judged
    to the second): ``11-20 21:59:37``; a time the forum gave only to the minute says so
    rather than inventing ``:00``."""
    t = parse_time(at)
    if t is None:
        return ""
    local = t.astimezone(game.timezone)
    if precision == "minute":
        return local.strftime("%m-%d %H:%M") + "（秒未知）"
    return local.strftime("%m-%d %H:%M:%S")


def _thread_name(game: Game, tid: int) -> str:
    spec = game.thread(tid)
    if spec is None:
        return f"帖子 {tid}"
    kind = THREAD_KIND_NAMES.get(spec.kind.value, spec.kind.value)
    day = f"第{spec.day}天" if spec.day is not None else ""
    return f"{day}{kind}（tid {tid}）"


def forum_changes(game: Game, store: Store, base: str | None) -> tuple[list[dict[str, Any]], str]:
    """论坛上的变动: posts edited, deleted or hidden (屏蔽) on the forum as found by the
    crawls since the previous report, with the text as it was before.

    "Since the previous report": the crawl runs after the newest audit/report run that
    precedes the newest crawl — so the nightly audit shows what its own crawl found, and a
    later ``auditor report`` (no crawl in between) shows the same list again.

    * edited: a new stored version from those runs that is not only another Discuz! view of
      the same content (its neutral hash equals the previous version's and the view
      differs: the store does not count those as changes either);
    * hidden: a new version whose ``hidden`` became non-null (屏蔽 by a moderator, or the
      author banned);
    * deleted: the posts those crawl runs marked deleted (their summary's ``deleted``), or
      whose ``deleted_at`` is after the previous report finished, and still deleted now.

    Returns (records, the previous report's time in forum local time or "").
    """
    runs = store.runs()
    crawls = [r for r in runs if r["command"] in CRAWL_COMMANDS]
    if not crawls:
        return [], ""
    newest_crawl = crawls[-1]["id"]
    previous = [
        r
        for r in runs
        if r["command"] in REPORT_COMMANDS
        and r["id"] < newest_crawl
        and r["status"] in ("ok", "incomplete")
    ]
    since_id = previous[-1]["id"] if previous else 0
    since_started = previous[-1]["started_at"] if previous else ""
    since_finished = (previous[-1]["finished_at"] or since_started) if previous else ""

    db = store.db
    changed: dict[int, str] = {}  # pid -> edited | hidden
    old_version: dict[int, int] = {}  # pid -> the version before the first change
    seen_at: dict[int, str] = {}
    rows = db.execute(
        "SELECT v.pid, v.version, v.seen_at, v.hidden, v.view, v.neutral_hash,"
        " w.hidden AS prev_hidden, w.view AS prev_view, w.neutral_hash AS prev_neutral"
        " FROM post_versions v JOIN post_versions w ON w.pid = v.pid AND w.version = v.version - 1"
        " WHERE v.run_id > ? OR (v.run_id IS NULL AND v.seen_at > ?)"
        " ORDER BY v.pid, v.version",
        (since_id, since_started),
    ).fetchall()
    for r in rows:
        if r["hidden"] is not None and r["prev_hidden"] is None:
            kind = "hidden"
        elif r["neutral_hash"] == r["prev_neutral"] and r["view"] != r["prev_view"]:
            continue  # the same content as another view shows it
        else:
            kind = "edited"
        pid = r["pid"]
        if changed.get(pid) != "hidden":
            changed[pid] = kind
        old_version.setdefault(pid, r["version"] - 1)
        seen_at[pid] = r["seen_at"]

    deleted: set[int] = set()
    for r in crawls:
        if r["id"] > since_id and r["summary"]:
            with contextlib.suppress(ValueError, TypeError, AttributeError):
                deleted.update(int(p) for p in json.loads(r["summary"]).get("deleted", []))
    deleted_at: dict[int, str] = {}
    for r in db.execute("SELECT pid, deleted_at FROM posts WHERE deleted = 1").fetchall():
        if r["pid"] in deleted or (r["deleted_at"] and r["deleted_at"] > since_finished):
            deleted.add(r["pid"])
            deleted_at[r["pid"]] = r["deleted_at"] or ""
    deleted &= set(deleted_at)  # undeleted since: no longer a change
    for pid in deleted:
        changed[pid] = "deleted"

    out: list[dict[str, Any]] = []
    tz = game.timezone
    for pid, kind in changed.items():
        versions = store.versions(pid, tz)
        if not versions:
            continue
        by_number = {v[0]: v[2] for v in versions}
        current = versions[-1][2]
        if kind == "deleted":
            old = current
            when = deleted_at.get(pid, "")
        else:
            old = by_number.get(old_version[pid], versions[0][2])
            when = seen_at.get(pid, "")
        out.append(
            {
                "change": kind,
                "change_name": CHANGE_NAMES[kind],
                "pid": pid,
                "tid": current.tid,
                "thread": _thread_name(game, current.tid),
                "floor": current.floor,
                "author": current.author,
                "posted_at": current.posted_at.isoformat(),
                "time": post_time(current.posted_at, game, current.time_precision),
                "found_at": _local_time(when, game),
                "old_text": old.text,
                "new_text": current.text if kind == "edited" else "",
                "format_change": _format_change(old, current) if kind == "edited" else "",
                "hidden": current.hidden.value if current.hidden else "",
                "edited": current.edited or "",
                "link": post_link(base, current.tid, pid),
            }
        )
    order = {"edited": 0, "deleted": 1, "hidden": 2}
    out.sort(key=lambda c: (order[c["change"]], c["posted_at"], c["pid"]))
    return out, _local_time(since_finished or None, game)


def _format_change(old: Any, new: Any) -> str:
    """An edit that changed the formatting ([color], [size], …): what it was and is now."""

    def shown(post: Any) -> str:
        return "、".join(f"{name}={value}" for name, value in post.markup) or "无"

    if tuple(old.markup) == tuple(new.markup):
        return ""
    return f"格式：{shown(old)} → {shown(new)}"


def _crawl_problems(store: Store) -> tuple[dict[str, Any] | None, list[str]]:
    """The newest crawl run's summary and its problems."""
    for row in reversed(store.runs()):
        if row["command"] in ("crawl", "audit-crawl"):
            summary = json.loads(row["summary"]) if row["summary"] else {}
            problems = [str(p) for p in summary.get("problems", [])]
            if row["status"] not in ("ok",) and not problems:
                problems.append(
                    f"上一次抓取（{row['started_at']}）没有正常结束（{row['status']}）。"
                )
            return {**summary, "status": row["status"], "started_at": row["started_at"]}, problems
    return None, ["还没有抓取过帖子：先运行 auditor crawl 或 auditor audit。"]


def game_notices(game: Game, ruleset: RuleSet, conflicts: Sequence[str] | None = None) -> list[str]:
    """Warnings for the top of the report and the audit line: rules the forced mobile API
    cannot feed, substitutes, and the closes where the game file's events disagree with the
    tally (the check's ``conflicts``)."""
    notices = [w for w in (api_warning(game, ruleset),) if w]
    notices.extend(substitute_warnings(game, ruleset))
    notices.extend(conflicts or ())
    return notices


def build_records(
    game: Game,
    store: Store,
    *,
    ruleset: RuleSet | None = None,
    ctx: Context | None = None,
    now: datetime | None = None,
    run: Mapping[str, Any] | None = None,
    ledger: Ledger | None = None,
    records: CheckRecords | None = None,
) -> Records:
    """Every view's records: the check's stored records (``records``, else the store's;
    derived afresh only for a store no check of this version has written, or from ``ctx``
    for a view at another time), the stored findings and the ledger.  Nothing re-judges."""
    rs = ruleset or ruleset_for(game)
    if ctx is not None:
        checked = derive_records(ctx)  # a view at another time (``--now``): the same path
        schedule = ctx.schedule
        now = ctx.now
    else:
        schedule = Schedule(game, rs.settings["night_posts"])
        now = (now or datetime.now(UTC)).astimezone(game.timezone)
        checked = (
            records
            or stored_records(store)
            or derive_records(build_context(game, store, now=now, ruleset=rs))
        )
    led = ledger or load_ledger(game, store, rs)
    base = forum_base(game, store)
    crawl, problems = _crawl_problems(store)
    if run and run.get("problems"):
        problems = [str(p) for p in run["problems"]]
    if checked.votes_error:
        problems.append(checked.votes_error)

    lurk = rs.rules.get("LURK-DAY")
    min_posts = int(lurk["min_posts"]) if lurk and "min_posts" in lurk else None
    cell_of = {(c.player, c.day): c for c in checked.day_cells()}
    phase_rows: dict[tuple[str, int], list[Cell]] = {}
    for c in checked.phase_cells():
        phase_rows.setdefault((c.player, c.day), []).append(c)
    closed_days = {d.number for d in schedule.days if schedule.closed(d.number, now)}
    filler_on = rs.enabled("POST-FILLER")
    lurking = _lurk_units(store)
    notices = game_notices(game, rs, checked.conflicts)
    spaces = space_warning(game, rs, store.check_state().get(SPACE_STATE, ""))
    if spaces:
        notices.append(spaces)
    votes = [_vote_record(r, game, base) for r in checked.ballots]
    tally = [
        {**t, "outcome_name": OUTCOME_NAMES.get(str(t.get("outcome")), t.get("outcome") or "")}
        for t in checked.tally
    ]
    rounds = [dict(r) for r in checked.rounds]

    days: list[dict[str, Any]] = []
    for spec in schedule.days:
        if spec.opens > now:
            continue
        days.append(
            {
                "number": spec.number,
                "opens": spec.opens.strftime("%m-%d %H:%M"),
                "closes": spec.closes.strftime("%m-%d %H:%M"),
                "accelerated": spec.accelerated,
                "closed": spec.number in closed_days,
                "phases": [{"number": ph.number, "name": ph.name} for ph in spec.phases],
            }
        )
    day_numbers = [int(d["number"]) for d in days]
    players = list(game.players)
    activity: list[dict[str, Any]] = []
    matrix: list[dict[str, Any]] = []
    for p in players:
        cells = []
        for d in days:
            number = int(d["number"])
            cell = cell_of.get((p, number))
            n = cell.posts if cell else 0
            measured = cell.alive if cell else True
            # A player out before the close is not measured, and his vote (rejected as
            # voter_eliminated) is no vote: the grid shows neither.
            v = bool(cell and cell.voted)
            row = {
                "player": p,
                "day": number,
                "phase": "",
                "posts": n,
                "accelerated": int(d["accelerated"]),
                "alive": int(measured),
                "votes": int(v),
                "min_posts": min_posts if min_posts is not None else "",
                "below": int(_lurks(lurking, p, number, None)),
                "closed": int(d["closed"]),
                "phase_name": "",
                "filler": cell.filler if cell and filler_on else 0,
                "lurk_days": int(bool(cell and cell.lurk_run)),
            }
            phases = []
            for u in phase_rows.get((p, number), []):
                pr = {
                    **row,
                    "phase": u.phase,
                    "phase_name": u.phase_name,
                    "posts": u.posts,
                    "alive": int(u.alive),
                    "votes": int(u.voted),
                    "below": int(_lurks(lurking, p, number, u.phase)),
                }
                phases.append(pr)
                activity.append(pr)
            if not phases:
                activity.append(row)
            cells.append(
                {
                    **row,
                    "phases": phases,
                    "novote": measured and d["closed"] and not d["accelerated"] and not v,
                }
            )
        matrix.append({"player": p, "cells": cells, "total": sum(c["posts"] for c in cells)})

    # Findings with their status, drafts with highlighted evidence.
    findings = finding_rows(game, schedule, store, led, base)
    minute = set(checked.minute_pids)
    drafts = []
    for dr in led.drafts:
        drafts.append(
            {
                "id": dr.id,
                "code": dr.code,
                "kind": dr.kind,
                "player": dr.player,
                "day": finding_day(game, schedule, dr.day, dr.tid, dr.player),
                "phase": dr.phase,
                "tid": dr.tid,
                "pid": dr.pid,
                "floor": dr.floor,
                "suggested": dr.suggested,
                "suggested_name": card_name(dr.suggested),
                "reason": dr.reason,
                "note": dr.note,
                "excerpt": dr.excerpt,
                "pieces": highlight(dr.excerpt, dr.matches),
                "match": " / ".join(dr.matches),
                "link": post_link(base, dr.tid, dr.pid),
                "posted_at": dr.posted_at or "",
                "time": post_time(dr.posted_at, game, "minute" if dr.pid in minute else "second"),
            }
        )
    announce = _announce_day(days)
    cards = _card_records(schedule, store, led, announce)
    standings = [s.as_record() for s in led.standings]
    _explain_drafts(game, drafts, cards, standings)
    decided = _decided_records(game, store, led, cards)

    elevator = _elevator(game, schedule, checked.counted, base, day_numbers)
    changes, changes_since = forum_changes(game, store, base)
    summary = {
        "generated_at": now.strftime("%Y-%m-%d %H:%M"),
        "generated_utc": datetime.now(UTC).isoformat(timespec="seconds"),
        "posts": checked.posts,
        "players": len(players),
        "days": len(days),
        "drafts": led.pending,
        "other_drafts": led.other_pending,
        "approved": len(led.cards),
        "findings": len(findings),
        "below": sum(r["below"] for r in activity),
        "changes": {k: sum(1 for c in changes if c["change"] == k) for k in CHANGE_NAMES},
        "crawl": crawl or {},
        "crawl_time": _local_time(crawl.get("started_at") if crawl else None, game),
        "run": dict(run or {}),
    }
    return Records(
        game={
            "name": game.name,
            "slug": game.slug,
            "store": str(game.store.resolve()),
            "ruleset": rs.name,
            "ruleset_title": rs.title,
            "seed": rs.seed,
            "forum": base or "",
            "directors": list(game.directors),
            "rules": sorted(rs.rules),
            # M107 阵营被判负后，不予公示; M39 出局角色不亮身份: a faction's loss is for the
            # director only unless the rule set says it is announced.
            "announce_faction_loss": bool(rs.settings.get("announce_faction_loss")),
            "lurk_rule": _lurk_rule_text(lurk),
        },
        summary=summary,
        problems=problems,
        days=days,
        players=players,
        activity=activity,
        matrix=matrix,
        votes=votes,
        tally=tally,
        rounds=rounds,
        changes=changes,
        changes_since=changes_since,
        findings=findings,
        drafts=drafts,
        cards=cards,
        standings=standings,
        warnings=[w.message for w in led.warnings],
        faction_losses=[
            {"faction": w.faction, "players": list(w.players), "reds": w.reds}
            for w in led.warnings
            if w.kind == "faction_loses"
        ],
        notices=notices,
        elevator=elevator,
        game_state=_game_state(game, checked.proposals),
        chart=_chart(matrix, days, min_posts if _daily_threshold(lurk) else None),
        announce_day=announce,
        votes_available=not checked.votes_error,
        ledger=led,
        decided=decided,
        lurking=_lurking(findings, matrix, announce),
    )


def finding_rows(
    game: Game, schedule: Schedule, store: Store, led: Ledger, base: str | None
) -> list[dict[str, Any]]:
    """The active findings with the director's decisions applied (the report's list, the
    findings CSV and ``auditor findings``): status draft | approved | rejected; a finding
    merged into another of the same kind on the same post (one card per clause) takes that
    one's status and says so; a finding without a day (last words) shows its thread's day
    or the day its player went out."""
    decided_by_fp = {x.fingerprint: x for x in led.decided}
    draft_by_fp = {d.fingerprint: d for d in led.drafts}
    id_by_fp = {r["fingerprint"]: r["id"] for r in store.findings(active_only=False)}
    findings: list[dict[str, Any]] = []
    for r in store.findings():
        # a finding merged into another of the same kind on the same post shares its fate
        own = led.merged.get(r["fingerprint"], r["fingerprint"])
        x = decided_by_fp.get(own)
        status = (
            {"approve": "approved", "reject": "rejected"}.get(x.decision, "draft") if x else "draft"
        )
        dr = draft_by_fp.get(own)
        matches = [m[0] for m in json.loads(r["matches"] or "[]") if m and m[0]]
        note = r["note"]
        if own != r["fingerprint"]:
            merged = f"与同一帖的 {id_by_fp.get(own, own[:10])} 合并为一张（同一类违规）"
            note = f"{note}；{merged}" if note else merged
        findings.append(
            {
                "id": r["id"],
                "code": r["code"],
                "player": r["player"],
                "day": finding_day(game, schedule, r["day"], r["tid"], r["player"]),
                "phase": r["phase"],
                "tid": r["tid"],
                "pid": r["pid"],
                "floor": r["floor"],
                "status": status,
                "suggested_card": dr.suggested if dr else (x.suggested if x else r["card"]) or "",
                "card": _decided_card(x),
                "rule_card": r["card"],  # the card the rule set suggests
                "match": " / ".join(matches),
                "excerpt": r["excerpt"],
                "reason": dr.reason if dr else "",
                "note": note,
                "link": post_link(base, r["tid"], r["pid"]) or "",
                "fingerprint": r["fingerprint"],
                "posted_at": r["posted_at"],
            }
        )
    return findings


# The queue's order: what costs a player most first (red → yellow → blue → notices).
QUEUE_ORDER = {"red": 0, "yellow": 1, "blue": 2, "substitute": 3, "warning": 4, "none": 5}
_INTERNAL = re.compile(r"ΔE|^L=\d|^#[0-9A-Fa-f]{6}$")


def plain_reason(reason: str, code: str, kind: str) -> str:
    """A suggestion's reason for people: without the rule set's internal keys (codes and
    kinds such as ``m107-违规1``); the full text stays in the details fold."""
    text = reason.replace(f"首次{kind}类违规", "首次违规").replace(
        f"同类违规（{kind}）", "同类违规"
    )
    text = text.replace(f"规则集对 {code} 固定判罚", "本条规则固定判罚")
    return text.replace(f"规则集对 {code} 的处理是", "本条规则的处理是")


def plain_note(note: str) -> str:
    """A finding's note without measurements only a developer reads (ΔE2000, L/C/h)."""
    parts = [p for p in note.split("，") if not _INTERNAL.search(p.strip())]
    return "，".join(parts)


def _explain_drafts(
    game: Game,
    drafts: list[dict[str, Any]],
    cards: Sequence[Mapping[str, Any]],
    standings: Sequence[Mapping[str, Any]],
) -> None:
    """What the director needs next to a draft: the rule's Chinese title and seed clause,
    the thread, the reason in plain words, the player's standing and earlier cards; then
    the queue's order."""
    standing = {s["player"]: s for s in standings}
    for d in drafts:
        rule = REGISTRY.get(d["code"])
        d["title"] = rule.title if rule else d["code"]
        d["seed"] = rule.seed if rule else ""
        d["thread"] = _thread_name(game, d["tid"]) if d["tid"] is not None else ""
        d["plain_reason"] = plain_reason(d["reason"], d["code"], d["kind"])
        d["note"] = plain_note(d["note"])
        s = standing.get(d["player"])
        d["standing"] = (
            f"蓝 {s['blue']} 黄 {s['yellow']} 红 {s['red']}{'，已罚下' if s['sent_off'] else ''}"
            if s
            else "没有牌"
        )
        d["earlier"] = [c for c in cards if c["player"] == d["player"]]
    drafts.sort(key=lambda d: QUEUE_ORDER.get(d["suggested"], 9))


def _decided_records(
    game: Game, store: Store, led: Ledger, cards: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """Every approved or rejected item with who decided and when (forum time), its current
    decision row (``rev``, for revising it) and whether its card was already announced."""
    reasons = {r["id"]: r["reason"] for r in store.manual_cards()}
    revs = {fp: str(r["id"]) for fp, r in store.current_decisions().items()}
    by_id = {c["id"]: c for c in cards}
    out: list[dict[str, Any]] = []
    for x in led.decided:
        rule = REGISTRY.get(x.code) if not x.manual else None
        card = by_id.get(x.id)
        out.append(
            {
                "id": x.id,
                "fingerprint": x.fingerprint,
                "player": x.player,
                "code": x.code,
                "title": reasons.get(x.id, "导演判罚")
                if x.manual
                else (rule.title if rule else x.code),
                "day": x.day,
                "decision": x.decision,
                "card": x.card or "",
                "card_name": card_name(x.card),
                "note": x.note,
                "decided_by": x.decided_by or "",
                "decided_time": _local_time(x.decided_at, game),
                "manual": x.manual,
                "rev": revs.get(x.fingerprint, ""),
                "announced": bool(card is not None and not card["new"]),
            }
        )
    out.sort(key=lambda x: x["decided_time"], reverse=True)
    return out


LURK_CODES = ("LURK-DAY", "LURK-3DAYS", "LURK-NOVOTE")


def _lurking(
    findings: Sequence[Mapping[str, Any]], matrix: Sequence[Mapping[str, Any]], day: int | None
) -> list[dict[str, Any]]:
    """The announced day's lurking list: the day's LURK-DAY and LURK-NOVOTE findings and the
    LURK-3DAYS runs that include the day, unless the director rejected them."""
    if day is None:
        return []
    in_run = {
        row["player"] for row in matrix for c in row["cells"] if c["day"] == day and c["lurk_days"]
    }
    out: list[dict[str, Any]] = []
    for f in findings:
        if f["code"] not in LURK_CODES or f["status"] == "rejected":
            continue
        if f["code"] == "LURK-3DAYS" and not (f["player"] in in_run and (f["day"] or 0) <= day):
            continue
        if f["code"] != "LURK-3DAYS" and f["day"] != day:
            continue
        rule = REGISTRY.get(f["code"])
        out.append(
            {
                "player": f["player"],
                "code": f["code"],
                "title": rule.title if rule else f["code"],
                "note": plain_note(f["note"] or ""),
                "status": f["status"],
            }
        )
    order = {name: i for i, name in enumerate(row["player"] for row in matrix)}
    out.sort(key=lambda x: (order.get(x["player"], 10**6), LURK_CODES.index(x["code"])))
    return out


def _daily_threshold(lurk: Mapping[str, Any] | None) -> bool:
    """LURK-DAY is a plain per-day minimum (not per phase, not against the day's average):
    only then is a line at ``min_posts`` on the daily chart the rule."""
    return bool(lurk and not lurk.get("per_phase") and not float(lurk.get("average_ratio", 0) or 0))


def _lurk_rule_text(lurk: Mapping[str, Any] | None) -> str:
    """The LURK-DAY verdict in words, for the activity table's legend."""
    if not lurk:
        return ""
    unit = "一个环节" if lurk.get("per_phase") else "一天"
    text = f"{unit}少于 {lurk.get('min_posts')} 帖"
    ratio = float(lurk.get("average_ratio", 0) or 0)
    if ratio > 0:
        over = "该环节" if lurk.get("per_phase") and lurk.get("average_over") == "phase" else "当天"
        text += f"，并且少于{over}平均发帖数的 {ratio:.0%}"
    return text


def finding_day(
    game: Game, schedule: Schedule, day: int | None, tid: int | None, player: str | None
) -> int | None:
    """A finding's day for people: its own; else (last words, posts outside every day) the
    day of its thread, else the day the player went out (the last day that opened by then)."""
    if day is not None:
        return day
    spec = game.thread(tid) if tid is not None else None
    if spec is not None and spec.day is not None:
        return spec.day
    at = schedule.eliminated_at(player) if player else None
    if at is not None:
        opened = [d.number for d in schedule.days if d.opens <= at]
        if opened:
            return max(opened)
    return None


def _local_time(stamp: str | None, game: Game) -> str:
    """A stored UTC ISO time as the forum's local time, for people: 2026-11-21 23:00."""
    t = parse_time(stamp)
    return t.astimezone(game.timezone).strftime("%Y-%m-%d %H:%M") if t else ""


def _decided_card(x: Decided | None) -> str:
    return (x.card or "") if x is not None and x.decision == "approve" else ""


def _card_records(
    schedule: Schedule, store: Store, led: Ledger, announce: int | None
) -> list[dict[str, Any]]:
    """Approved cards for the report and the announcement: the rule's Chinese title (a
    manual card's reason) and whether it is new since the previous announcement — a card
    for the announced day or later, or one decided after that day opened (the previous
    day's announcement was posted before it)."""
    reasons = {r["id"]: r["reason"] for r in store.manual_cards()}
    decided = {x.id: x for x in led.decided}
    opens = None
    if announce is not None:
        spec = next((d for d in schedule.days if d.number == announce), None)
        opens = spec.opens if spec is not None else None
    out: list[dict[str, Any]] = []
    for c in led.cards:
        x = decided.get(c.id)
        rule = REGISTRY.get(c.code) if not c.manual else None
        title = reasons.get(c.id, "导演判罚") if c.manual else (rule.title if rule else c.code)
        new = (
            announce is None
            or (c.day is not None and c.day >= announce)
            or (opens is not None and c.decided_at is not None and c.decided_at >= opens)
        )
        out.append(
            {
                "id": c.id,
                "player": c.player,
                "card": c.card,
                "card_name": card_name(c.card),
                "code": c.code,
                "title": title,
                "kind": c.kind,
                "day": c.day,
                "manual": c.manual,
                "note": x.note if x else "",
                "decided_by": (x.decided_by or "") if x else "",
                "decided_at": c.decided_at.isoformat() if c.decided_at else "",
                "new": new,
            }
        )
    return out


def _lurk_units(store: Store) -> set[tuple[str, int, int | None]]:
    """The units (player, day, phase) the LURK-DAY rule judged lurking: its stored findings
    (the rule's own verdict with the rule set's options — 版杀7 6.2(1) per phase and against
    the day's average — never a threshold of the report's own)."""
    return {
        (r["player"], r["day"], r["phase"])
        for r in store.findings()
        if r["code"] == "LURK-DAY" and r["day"] is not None
    }


def _lurks(
    units: set[tuple[str, int, int | None]], player: str, day: int, phase: int | None
) -> bool:
    """Whether a cell is lurking: a day cell when the day or any of its phases is; a phase
    cell when that phase is, or the whole day (a rule set judging days, not phases)."""
    if phase is None:
        return any(p == player and d == day for p, d, _ in units)
    return (player, day, phase) in units or (player, day, None) in units


def _vote_record(r: Mapping[str, Any], game: Game, base: str | None) -> dict[str, Any]:
    """A stored ballot with what people read: its link, time and Chinese labels."""
    out = {k: v for k, v in r.items() if k != "time_precision"}
    out["link"] = post_link(base, r.get("tid"), r.get("pid"))
    out["time"] = post_time(r["posted_at"], game, str(r.get("time_precision", "second")))
    problem = str(r.get("problem") or "")
    out["problem_text"] = PROBLEM_TEXT.get(problem, problem) if problem else ""
    out["kind_name"] = KIND_NAMES.get(str(r.get("kind")), r.get("kind"))
    return out


def _elevator(
    game: Game,
    schedule: Schedule,
    counted: Sequence[Counted],
    base: str | None,
    days: Sequence[int],
) -> dict[int, list[dict[str, Any]]]:
    """电梯: each player's counted posts of each day, as links.  A player out before the
    day closed is marked ``out`` (出局); posts written after the elimination (诈尸) are not
    play and were left out by the check (the report's findings list them)."""
    out: dict[int, dict[str, list[dict[str, Any]]]] = {d: {} for d in days}
    for c in counted:
        if c.day not in out:
            continue
        link = post_link(base, c.tid, c.pid)
        out[c.day].setdefault(c.player, []).append(
            {"floor": c.floor, "pid": c.pid, "tid": c.tid, "link": link}
        )
    order = {name: i for i, name in enumerate(game.players)}
    closes = {d.number: d.closes for d in schedule.days}
    return {
        d: [
            {
                "player": name,
                "posts": posts,
                "threads": _by_thread(game, posts),
                "out": not _measured(schedule, name, closes.get(d)),
            }
            for name, posts in sorted(per.items(), key=lambda kv: order.get(kv[0], 10**6))
        ]
        for d, per in out.items()
    }


def _by_thread(game: Game, posts: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """A player's posts of a day grouped by thread (discussion, vote, …) in floor order."""
    groups: dict[int, list[dict[str, Any]]] = {}
    for p in posts:
        groups.setdefault(p["tid"], []).append(p)
    return [
        {
            "tid": tid,
            "thread": _thread_name(game, tid),
            "posts": sorted(ps, key=lambda p: p["floor"]),
        }
        for tid, ps in groups.items()
    ]


def _measured(schedule: Schedule, player: str, closes: datetime | None) -> bool:
    """Still in the game at the day's close (one voted out at the close still is)."""
    at = schedule.eliminated_at(player)
    return at is None or closes is None or at >= closes


def _announce_day(days: Sequence[Mapping[str, Any]]) -> int | None:
    closed = [d["number"] for d in days if d["closed"]]
    if closed:
        return max(closed)
    return max((d["number"] for d in days), default=None)


def _chart(
    matrix: Sequence[Mapping[str, Any]], days: Sequence[Mapping[str, Any]], min_posts: int | None
) -> dict[str, Any]:
    """Geometry of an inline SVG bar chart: posts per player per day (grouped by player)."""
    n_days = max(len(days), 1)
    bar, gap, pad_left, pad_top, plot_h = 10, 14, 34, 16, 160
    group_w = n_days * bar + gap
    top = max([c["posts"] for row in matrix for c in row["cells"]] + [min_posts or 0, 1])
    scale = plot_h / top
    bars, labels = [], []
    for i, row in enumerate(matrix):
        x0 = pad_left + i * group_w + gap / 2
        for j, c in enumerate(row["cells"]):
            h = c["posts"] * scale
            bars.append(
                {
                    "x": round(x0 + j * bar, 1),
                    "y": round(pad_top + plot_h - h, 1),
                    "w": bar - 1,
                    "h": round(h, 1),
                    "fill": DAY_COLOURS[j % len(DAY_COLOURS)],
                    "title": f"{row['player']} 第{c['day']}天：{c['posts']} 帖",
                    "below": bool(c["below"]),
                }
            )
        labels.append({"x": round(x0 + n_days * bar / 2, 1), "text": row["player"]})
    width = pad_left + len(matrix) * group_w + 10
    ticks = sorted({0, top, *(range(0, top + 1, max(1, top // 4)))})
    return {
        "width": width,
        "height": pad_top + plot_h + 46,
        "plot_bottom": pad_top + plot_h,
        "bars": bars,
        "labels": labels,
        "left": pad_left,
        "ticks": [{"y": round(pad_top + plot_h - t * scale, 1), "value": t} for t in ticks],
        "threshold": (round(pad_top + plot_h - min_posts * scale, 1) if min_posts else None),
        "min_posts": min_posts,
        "legend": [
            {"day": d["number"], "fill": DAY_COLOURS[j % len(DAY_COLOURS)]}
            for j, d in enumerate(days)
        ],
    }


def _game_state(game: Game, proposed: Sequence[str]) -> dict[str, Any]:
    """The top-of-report block for a game whose threads, days and events are discovered."""
    disc = game.discovery
    if disc is None:
        return {}
    return {
        "threads": len(disc.discovered("threads")),
        "days": len(disc.discovered("days")),
        "events": len(disc.discovered("events")),
        "proposals": list(proposed),
        "warnings": list(disc.warnings),
        "not_taken": [
            f"帖子 {x.tid}「{x.subject}」：{x.reason}"
            for x in [*disc.unclassified, *disc.candidates]
        ],
    }
