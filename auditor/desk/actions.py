"""The desk's one adapter to the rest of auditor: the same functions the CLI calls.

Every decision goes through :func:`auditor.ledger.decisions.decide` / :func:`add_card`
(same history, fingerprints and stale check as ``auditor decide``); the report is built and
written by :mod:`auditor.pipeline` (``records``, ``report``), as ``auditor report`` does;
the audit button runs ``auditor audit`` itself.  Keeping these calls in one module keeps the
web layer free of the pipeline's internals.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from auditor import pipeline
from auditor.errors import AuditorError, StoreLockedError
from auditor.game.confirm import EVENT_LABEL, day_of
from auditor.game.confirm import parse_closes as parse_closes  # the desk's form reads it
from auditor.game.gamefile import DaySpec, Event, Game, ThreadKind, ThreadSpec
from auditor.ledger.decisions import Recorded, add_card, decide, describe
from auditor.ledger.policy import card_name, parse_time
from auditor.report.records import Records
from auditor.store import Store


def game_store(game: Game) -> AbstractContextManager[Store]:
    """The game's store without the run lock: decisions are short transactions of their own."""
    return pipeline.open_store(game)


def load(path: Path) -> Game:
    """The game file and its rule set, checked at start rather than on the first page."""
    return pipeline.open_game(path)


def records(game: Game) -> Records:
    with pipeline.open_store(game) as store:
        return pipeline.records(game, store)


@dataclass(frozen=True, slots=True)
class Done:
    message: str
    rewritten: Path | None  # the rewritten report directory (None: an audit holds the lock)
    report_error: str = ""  # why the report could not be rewritten (the decision stands)


@dataclass(frozen=True, slots=True)
class Rewrite:
    """What rewriting the report after a decision came to."""

    directory: Path | None = None  # None: an audit holds the lock, or the rewrite failed
    error: str = ""


def done(message: str, rewrite: Rewrite) -> Done:
    return Done(message, rewrite.directory, rewrite.error)


def decide_draft(
    game: Game,
    ident: str,
    action: str,
    *,
    card: str | None,
    note: str,
    by: str,
    expected: str,
    reports: Path,
) -> Done:
    """One decision, signed ``by`` the signed-in director; refused (StaleDecisionError)
    when another director decided the draft after ``expected`` was shown."""
    with game_store(game) as store:
        rec: Recorded = decide(
            game,
            store,
            ident,
            action,
            card=card,
            note=note,
            by=by,
            source="desk",
            expected=expected,
        )
    return done(describe(rec), rewrite_report(game, reports))


def decide_many(game: Game, items: list[tuple[str, str]], *, by: str, reports: Path) -> Done:
    """Approve several drafts (``(id, rev)`` pairs) as suggested: one transaction, all or
    none."""
    with game_store(game) as store, store.transaction():
        for ident, rev in items:
            decide(game, store, ident, "approve", by=by, source="desk", expected=rev)
    return done(f"已批准 {len(items)} 条草稿（按建议的牌）", rewrite_report(game, reports))


def manual_card(
    game: Game,
    player: str,
    card: str,
    reason: str,
    day: int | None,
    *,
    by: str,
    reports: Path,
    again: bool = False,
) -> Done:
    with game_store(game) as store:
        mid = add_card(game, store, player, card, reason, day=day, by=by, again=again)
    return done(
        f"已添加 {mid}：{player} {card_name(card)}（{reason}）", rewrite_report(game, reports)
    )


_GAME_FILE = threading.Lock()  # one confirmation at a time rewrites a game file


def proposals(game: Game) -> list[dict[str, Any]]:
    """The game's pending proposals (:func:`pipeline.pending`, what ``auditor game`` lists)
    as the desk shows them: id, text, source, and what may be corrected."""
    if not game.discovers or not game.store.exists():
        return []
    with game_store(game) as store:
        current = pipeline.current(game, store)
        waiting = pipeline.pending(current, store)
    subjects = getattr(current.discovery, "subjects", {})
    out = []
    for p in waiting:
        item = p.item
        is_event = isinstance(item, Event)
        day_thread = isinstance(item, ThreadSpec) and item.kind in (
            ThreadKind.DISCUSSION,
            ThreadKind.VOTE,
        )
        out.append(
            {
                "id": p.id,
                "text": p.describe(subjects),
                "source": p.source,
                "note": p.note,
                "kind": p.kind,
                "label": EVENT_LABEL[item.type] if isinstance(item, Event) else "",
                "confirmable": p.confirmable,
                "player": item.player if isinstance(item, Event) else "",
                "day": day_of(p, current.days),
                "correct_player": is_event,
                "correct_day": is_event or day_thread,
                # a 延时: the new close time, not before the day's close now (game's zone)
                "closes": _local(item.closes)
                if isinstance(item, DaySpec) and p.kind == "delay"
                else "",
            }
        )
    return out


def _local(t: datetime) -> str:
    """A time as a datetime field holds it (``YYYY-MM-DDTHH:MM``, the game's time zone)."""
    return t.strftime("%Y-%m-%dT%H:%M")


def confirm_proposal(
    game: Game,
    ident: str,
    *,
    player: str | None,
    day: int | None,
    by: str,
    reports: Path,
    closes: datetime | None = None,
    fix: dict[str, object] | None = None,
) -> tuple[Done, Game]:
    """Confirm one proposal as it stands or corrected (:func:`pipeline.confirm`, what
    ``auditor game --confirm`` runs), signed ``by`` the signed-in director; a 延时 with the
    new close time ``closes`` (a naive time: the game's time zone).  The game file is read
    again (it is the record now) and the report rewritten.  Returns the game as the file
    now states it."""
    with _GAME_FILE, game_store(game) as store:
        confirmed = pipeline.confirm(
            game, store, ident, by=by, player=player, day=day, closes=closes, fix=fix
        )
    fresh = pipeline.open_game(game.path)
    return done(confirmed.message, rewrite_report(fresh, reports)), fresh


def rewrite_report(game: Game, reports: Path) -> Rewrite:
    """Rewrite the report, CSVs and announcement from the store (:func:`pipeline.report`,
    what ``auditor report`` runs).

    Takes the game's run lock without waiting: while an audit holds it, nothing is
    written here (the audit reads the decisions before it writes its own report).  The
    decision is committed before this runs: a rewrite that fails (a full disk, a folder
    that cannot be written, a bug) is said, never raised, so the director is not told
    the decision failed and does not make it again."""
    try:
        with pipeline.open_store(game, lock=True) as store:
            return Rewrite(pipeline.report(game, store, reports, workbook=True).directory)
    except StoreLockedError:
        return Rewrite()
    except AuditorError as exc:
        return Rewrite(error=str(exc))
    except Exception as exc:  # an unforeseen one: said on the page, the desk keeps serving
        print(f"审计台：重写报告时出错：{type(exc).__name__}: {exc}", file=sys.stderr)
        return Rewrite(error=f"内部错误（{type(exc).__name__}：{exc}）")


def run_audit(
    game: Game, reports: Path, on_progress: Callable[[dict[str, Any]], None] | None = None
) -> str:
    """The nightly run (crawl + check + report) exactly as cron runs it, ``auditor audit
    --quiet`` in its own process (it takes the run lock; the desk keeps serving), with
    ``--progress-json``: each stage and each page read is passed to ``on_progress`` as it
    happens.  Returns its summary line; raises AuditorError with the run's own message
    when it fails."""
    import subprocess
    import sys

    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "auditor",
            "audit",
            str(game.path),
            "--quiet",
            "--progress-json",
            "--workbook",  # the desk's reports always have it (its rewrites write it too)
            "--reports",
            str(reports),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        errors="replace",
        env={**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "400"},
    )
    assert proc.stdout is not None and proc.stderr is not None
    other: list[str] = []
    for line in proc.stderr:  # the summary line on stdout is short: no deadlock
        try:
            data = json.loads(line)
        except ValueError:
            data = None
        if isinstance(data, dict) and "stage" in data:
            if on_progress is not None:
                on_progress(data)
        elif line.strip():
            other.append(line.strip())
    stdout = proc.stdout.read()
    code = proc.wait()
    lines = [line.strip() for line in stdout.splitlines() if line.strip()]
    if code in (0, 1) and lines:  # 1: the crawl was incomplete, the report written
        return lines[-1]
    raise AuditorError(f"审计失败（退出码 {code}）：{' '.join(other) or '没有输出'}")


def thread_count(game: Game) -> int:
    """How many threads the game has as the store says now (for a game that discovers its
    threads: the board list the running crawl just read)."""
    with game_store(game) as store:
        return len(pipeline.current(game, store).threads)


def password_hashes(game: Game) -> dict[str, str]:
    with game_store(game) as store:
        return store.password_hashes()


def check_director(game: Game, director: str) -> None:
    if director not in game.directors:
        raise AuditorError(
            f"{director} 不是这局的导演（游戏文件 [game] directors：{'、'.join(game.directors) or '空'}）"
        )


def set_password(game: Game, director: str, hashed: str) -> None:
    check_director(game, director)
    with game_store(game) as store:
        store.set_password_hash(director, hashed)


def last_audit(game: Game) -> dict[str, str]:
    """The newest audit run: when (forum time), status and its problems."""
    with game_store(game) as store:
        runs = [r for r in store.runs() if r["command"] == "audit"]
    if not runs:
        return {}
    r = runs[-1]
    t = parse_time(r["started_at"])
    summary = json.loads(r["summary"]) if r["summary"] else {}
    return {
        "time": t.astimezone(game.timezone).strftime("%Y-%m-%d %H:%M") if t else "",
        "status": str(r["status"]),
        "problems": "；".join(str(p) for p in summary.get("problems", [])),
    }
