"""论坛上的变动 (posts edited, deleted or hidden since the previous report) and the newest
crawl's problems, read from the store's versions and runs."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from auditor.game.gamefile import Game
from auditor.report.labels import CHANGE_NAMES, local_time, post_link, post_time, thread_name
from auditor.store import Store
from auditor.store.db import RunRow

REPORT_COMMANDS = ("audit", "report")  # runs that wrote a report


CRAWL_COMMANDS = ("crawl", "audit-crawl")


Changes = tuple[list[dict[str, Any]], str]  # the records, the previous report's time


def forum_changes(game: Game, store: Store, base: str | None) -> Changes:
    """论坛上的变动: posts edited, deleted or hidden (屏蔽) on the forum as found by the
    crawls since the previous report, with the text as it was before.

    "Since the previous report": the crawl runs after the newest audit/report run that
    precedes the newest crawl — so the nightly audit shows what its own crawl found, and a
    later ``auditor report`` (no crawl in between) shows the same list again.

    * edited: a new stored version from those runs that is not only another Discuz! view of
      the same content (its neutral hash equals the previous version's and the view
      differs: the store does not count those as changes either);
    * hidden: a new version whose ``hidden`` became non-null (屏蔽 by a moderator, or the
      author banned), or a post first seen already hidden (at the first crawl or later:
      what the forum shows as hidden is counted whenever it is first seen);
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
    # What the list stands on: the crawls since the previous report, that report, the newest
    # stored version (a desk's decision changes none of these: its pages and rewrites read
    # the list once, not after each decision)
    key = (
        str(store.path.resolve()),
        base,
        since_id,
        since_finished,
        tuple((r["id"], r["status"], r["summary"]) for r in crawls if r["id"] > since_id),
        store.report_marks()[0],
    )
    kept = _KEPT.get(key)
    if kept is not None and kept[0] is game:  # (the game file as read: thread names, zone)
        return [dict(c) for c in kept[1][0]], kept[1][1]
    out, since = _forum_changes(game, store, base, crawls, since_id, since_started, since_finished)
    if len(_KEPT) >= 8:
        _KEPT.clear()
    _KEPT[key] = (game, (out, since))
    return [dict(c) for c in out], since


_KEPT: dict[tuple[object, ...], tuple[Game, Changes]] = {}


def _forum_changes(
    game: Game,
    store: Store,
    base: str | None,
    crawls: list[RunRow],
    since_id: int,
    since_started: str,
    since_finished: str,
) -> Changes:
    """:func:`forum_changes` read from the store."""
    changed, old_version, seen_at = _versions_changed(store, since_id, since_started)

    deleted: set[int] = set()
    for r in crawls:
        if r["id"] > since_id and r["summary"]:
            with contextlib.suppress(ValueError, TypeError, AttributeError):
                deleted.update(int(p) for p in json.loads(r["summary"]).get("deleted", []))
    deleted_at: dict[int, str] = {}
    for pid, at in store.deleted_posts().items():
        if pid in deleted or (at and at > since_finished):
            deleted.add(pid)
            deleted_at[pid] = at or ""
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
                "thread": thread_name(game, current.tid),
                "floor": current.floor,
                "author": current.author,
                "posted_at": current.posted_at.isoformat(),
                "time": post_time(current.posted_at, game, current.time_precision),
                "found_at": local_time(when, game),
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
    return out, local_time(since_finished or None, game)


def _versions_changed(
    store: Store, since_id: int, since: str
) -> tuple[dict[int, str], dict[int, int], dict[int, str]]:
    """The posts edited or hidden in the versions stored since: pid -> edited | hidden,
    pid -> the version before the first change, pid -> when it was seen."""
    changed: dict[int, str] = {}
    old_version: dict[int, int] = {}
    seen_at: dict[int, str] = {}
    for v in store.version_changes(since_id, since):
        if v.hidden is not None and v.prev_hidden is None:
            kind = "hidden"  # (a post first seen hidden too: prev_hidden is None)
        elif v.prev_view is None:
            continue  # a new post, shown as it is
        elif v.neutral_hash == v.prev_neutral and v.view != v.prev_view:
            continue  # the same content as another view shows it
        else:
            kind = "edited"
        if changed.get(v.pid) != "hidden":
            changed[v.pid] = kind
        old_version.setdefault(v.pid, v.version - 1)
        seen_at[v.pid] = v.seen_at
    return changed, old_version, seen_at


def _format_change(old: Any, new: Any) -> str:
    """An edit that changed the formatting ([color], [size], …): what it was and is now."""

    def shown(post: Any) -> str:
        return "、".join(f"{name}={value}" for name, value in post.markup) or "无"

    if tuple(old.markup) == tuple(new.markup):
        return ""
    return f"格式：{shown(old)} → {shown(new)}"


def crawl_problems(store: Store) -> tuple[dict[str, Any] | None, list[str]]:
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
