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
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from datetime import datetime, timedelta, tzinfo
from pathlib import Path
from typing import Any

from auditor import pipeline
from auditor.desk import recheck
from auditor.desk.coalesce import Coalesced
from auditor.errors import STATE_INCOMPLETE_EXIT, AuditorError, StoreLockedError
from auditor.game.confirm import (
    EVENT_LABEL,
    Proposal,
    Signature,
    change_event,
    day_of,
    file_events,
)
from auditor.game.confirm import parse_closes as parse_closes  # the desk's form reads it
from auditor.game.gamefile import DaySpec, Event, EventType, Game, ThreadKind, ThreadSpec
from auditor.ledger.decisions import (
    Recorded,
    add_card,
    decide,
    default_signer,
    describe,
    state_text,
)
from auditor.ledger.held import answer_conflict, changed_days, mark_changed, stated_results
from auditor.ledger.ledger import NOT_CARDS, forum_spelling
from auditor.ledger.policy import card_name, parse_time
from auditor.report.records import Records
from auditor.report.words import audit_line, withdrawn_words
from auditor.report.write import latest_dir
from auditor.rules.records import CheckRecords
from auditor.store import Store


def game_store(game: Game) -> AbstractContextManager[Store]:
    """The game's store without the run lock: decisions are short transactions of their own."""
    return pipeline.open_store(game)


def load(path: Path) -> Game:
    """The game file and its rule set, checked at start rather than on the first page."""
    return pipeline.open_game(path)


RECORDS_SECONDS = 30  # a page's view of the clock (a day closing) is at most this old


@dataclass(slots=True)
class _Seen:
    key: tuple[object, ...]
    records: Records
    check: tuple[object, ...] | None = None  # the check's key they were built on (_checked)


_RECORDS: dict[Path, _Seen] = {}
_RECORDS_LOCK = threading.Lock()


def records(game: Game) -> Records:
    """The report's records as the desk's pages show them, built once for what they stand on
    (the game file, the check's state, the newest post version, decision and manual card,
    and the time to :data:`RECORDS_SECONDS`) and shared by every page until one of those
    changes: a decision from the desk, the command line or another director, or a nightly
    run, is seen by the next page.  Eight directors reloading at once cost one build, not
    eight."""
    with pipeline.open_store(game) as store:
        return _records(game, store)


def records_if_current(game: Game) -> Records | None:
    """The records :func:`records` last built, when they still stand for the store as it
    is (the same key), else None: a few small queries, nothing built."""
    seen = _RECORDS.get(game.path.resolve())
    if seen is None:
        return None
    with pipeline.open_store(game) as store:
        return seen.records if _records_key(game, store) == seen.key else None


def _check_key(game: Game, store: Store) -> tuple[object, ...]:
    """What the last check's part of the records stands on: the game as read, its file,
    the check's state and the clock to :data:`RECORDS_SECONDS`."""
    return (
        id(game),
        _mtime(game.path),
        store.check_state_mark(),
        int(time.time() // RECORDS_SECONDS),
    )


def _records_key(
    game: Game, store: Store, check: tuple[object, ...] | None = None
) -> tuple[object, ...]:
    """The records' key: the check's (``check``, else read now) and the newest post
    version, decision and manual card."""
    return (*(check or _check_key(game, store)), store.report_marks())


def _records(game: Game, store: Store) -> Records:
    """:func:`records` from an open store."""
    path = game.path.resolve()
    check_at = _check_key(game, store)
    key = _records_key(game, store, check_at)
    seen = _RECORDS.get(path)
    if seen is not None and seen.key == key:
        return seen.records
    check = _checked(game, store, path, check_at)
    built = pipeline.records(game, store, checked=check.records)
    with _RECORDS_LOCK:
        _RECORDS[path] = _Seen(key, built, check.key if check.records is not None else None)
    return built


def check_key(game: Game, recs: Records) -> tuple[object, ...] | None:
    """What the parts of ``recs`` that only the last check wrote stand on (its stored
    records, the game file, the clock to :data:`RECORDS_SECONDS`), when ``recs`` are the
    records :func:`records` built last; None when unknown (records derived afresh): the page
    keeps such parts rendered under it (:class:`~auditor.desk.app.KeptParts`)."""
    seen = _RECORDS.get(game.path.resolve())
    return seen.check if seen is not None and seen.records is recs else None


@dataclass(slots=True)
class _Checked:
    key: tuple[object, ...]
    records: CheckRecords | None


_CHECKED: dict[Path, _Checked] = {}


def _checked(game: Game, store: Store, path: Path, key: tuple[object, ...]) -> _Checked:
    """The last check's stored records, read once for the check's state (``key``,
    :func:`_check_key`): a decision or a manual card changes the ledger, not what the check
    counted, so the pages rebuilt after each decision share them."""
    seen = _CHECKED.get(path)
    if seen is not None and seen.key == key:
        return seen
    checked = _Checked(key, pipeline.stored_check_records(game, store))
    with _RECORDS_LOCK:
        _CHECKED[path] = checked
    return checked


def _mtime(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0


@dataclass(frozen=True, slots=True)
class Done:
    message: str
    rewritten: Path | None  # the rewritten report directory (None: an audit holds the lock)
    report_error: str = ""  # why the report could not be rewritten (the decision stands)
    following: bool = False  # the report is being rewritten in the background
    changed: tuple[int, ...] = ()  # the days the answer changed (re-checked: fh46)


@dataclass(frozen=True, slots=True)
class Rewrite:
    """What rewriting the report after a decision came to."""

    directory: Path | None = None  # None: an audit holds the lock, or the rewrite failed
    error: str = ""


def done(message: str, rewrite: Rewrite) -> Done:
    return Done(message, rewrite.directory, rewrite.error)


_DECIDING: dict[Path, threading.Lock] = {}


def deciding(game: Game) -> threading.Lock:
    """The game's decisions from this desk, one at a time: each holds SQLite's write lock
    while it reads the ledger (the stale check and the write in one transaction), and a
    director waiting for another's SQLite lock sleeps in SQLite's growing steps (up to
    100 ms); waiting here, he goes on the moment it is free."""
    with _RECORDS_LOCK:
        return _DECIDING.setdefault(game.path.resolve(), threading.Lock())


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
    wait: bool = True,
    anyway: bool = False,
) -> Done:
    """One decision, signed ``by`` the signed-in director; refused (StaleDecisionError)
    when another director decided the draft after ``expected`` was shown, or (HeldError)
    when its day has an open question and the director did not choose 仍然批准
    (``anyway``).  ``wait=False`` (the page's script, which shows the result in place and
    reads no report file): the report is rewritten right after, in the background
    (:func:`rewrite_soon`)."""
    with deciding(game), game_store(game) as store:
        rec: Recorded = pipeline.decide(
            game,
            store,
            ident,
            action,
            card=card,
            note=note,
            by=by,
            source="desk",
            expected=expected,
            anyway=anyway,
        )
    said = _said(rec)
    if not wait:
        rewrite_soon(game, reports)
        return Done(said, None, following=True)
    return done(said, rewrite_report(game, reports))


def _said(rec: Recorded) -> str:
    """What the desk says a decision did: a notice (不处罚 / 提醒导演) approved as suggested
    was seen, not a card approved (the ledger's words for the rest)."""
    if rec.decision == "approve" and rec.card in NOT_CARDS and not rec.before:
        return f"知道了：{rec.id}（{rec.player}，{card_name(rec.card)}）已收起，可在「看过的提醒」里撤销"
    return describe(rec)


def decide_many(game: Game, items: list[tuple[str, str]], *, by: str, reports: Path) -> Done:
    """Approve several drafts (``(id, rev)`` pairs) as suggested: one transaction, all or
    none."""
    with deciding(game), game_store(game) as store, store.transaction():
        asked = pipeline.open_questions(game, store)  # a held draft is in no batch
        at = pipeline.game_now(game, store)  # (the judged clock, as pipeline.decide)
        for ident, rev in items:
            decide(
                game,
                store,
                ident,
                "approve",
                by=by,
                source="desk",
                expected=rev,
                questions=asked,
                at=at,
            )
    return done(f"已批准 {len(items)} 条草稿（按建议的牌）", rewrite_report(game, reports))


def answer_tally(game: Game, day: int, answer: str, *, by: str, reports: Path) -> Done:
    """The day's 计票待核对 answered (公示为准 / 计票是对的), signed ``by``; the report
    rewritten (its held cards released when nothing else is asked of the day)."""
    with deciding(game), game_store(game) as store:
        asked = pipeline.open_questions(game, store)
        at = pipeline.game_now(game, store) or datetime.now(game.timezone)
        stated = stated_results(current_game(game), day) if answer == "count" else []
        said = answer_conflict(store, asked, day, answer, by=by, at=at.isoformat(), stated=stated)
    if answer == "count":
        said += settle_by_count(game, day, by=by)
    return done(said, rewrite_report(game, reports))


# the tally's outcomes a proposal of the director's post can contradict: outcome -> event
_COUNTED = {
    "sheriff_elected": (EventType.SHERIFF, None),
    "eliminated": (EventType.ELIMINATED, "vote"),
}


def settle_by_count(game: Game, day: int, *, by: str) -> str:
    """「计票是对的」 settles what it contradicts (desk48 item 3, 思思: her announcement's
    wrong sheriff stayed proposed, 「请更正那个事件」): each pending proposal of the day's
    sheriff or vote-out read from a post that names another player than the count is
    confirmed with the count's player, signed ``by`` (the post's reading kept as 原为)."""
    said = []
    with GAME_FILE, game_store(game) as store:
        checked = pipeline.stored_check_records(game, store)
        counted = {
            _COUNTED[str(t["outcome"])]: str(t["target"])
            for t in (checked.tally if checked is not None else [])
            if t.get("day") == day and str(t.get("outcome")) in _COUNTED and t.get("target")
        }
        now = pipeline.current(game, store)
        for p in pipeline.pending(now, store):
            e = p.item
            if p.kind != "event" or not isinstance(e, Event) or day_of(p, now.days) != day:
                continue
            player = next(
                (
                    w
                    for (t, how), w in counted.items()
                    if e.type is t and (how is None or e.how == how)
                ),
                None,
            )
            if player is None or e.player == player:
                continue
            confirmed = pipeline.confirm(game, store, p.id, by=by, player=player)
            said.append(confirmed.message)
    return "。" + "；".join(said) if said else ""


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
        at = pipeline.game_now(game, store)  # one clock: the decisions' (fh45)
        mid = add_card(game, store, player, card, reason, day=day, by=by, again=again, at=at)
    return done(
        f"已添加 {mid}：{player} {card_name(card)}（{reason}）", rewrite_report(game, reports)
    )


GAME_FILE = threading.Lock()  # one confirmation at a time rewrites a game file


def current_game(game: Game) -> Game:
    """The game as the desk's forms see it now: the game file with what discovery read
    (its days), or the file as it is."""
    if not game.discovers or not game.store.exists():
        return game
    with game_store(game) as store:
        return pipeline.current(game, store)


def proposals(game: Game) -> list[dict[str, Any]]:
    """The game's pending proposals (:func:`pipeline.pending`, what ``auditor game`` lists)
    as the desk shows them: id, text, source, and what may be corrected."""
    if not game.discovers or not game.store.exists():
        return []
    with game_store(game) as store:
        current = pipeline.current(game, store)
        waiting = pipeline.pending(current, store)
        authors = set(store.author_names())
    subjects = getattr(current.discovery, "subjects", {})
    asked_close = _close_asked(waiting, current)
    several = _several_out(waiting)
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
                # read from a director's post (a day or an event): 全部确认 may take it
                "posted": p.kind in ("day", "event") and p.pid is not None and p.confirmable,
                "pid": p.pid,
                # one of several eliminations one post gave (大刘's list of the seven living
                # players read as three deaths, fh49b): never in 全部确认, one by one
                "one_by_one": p.id in several,
                # a tally's vote-out: 无人出局 / 还没关门 besides 不对，不要
                "vote_out": p.source == "计票"
                and isinstance(item, Event)
                and item.type is EventType.ELIMINATED
                and item.how == "vote",
                "player": item.player if isinstance(item, Event) else "",
                "day": _start_day(p, current.days),
                "correct_player": is_event,
                # a 替补: who takes the seat over, on its account or his own (fh43)
                "substitute": isinstance(item, Event) and item.type is EventType.SUBSTITUTE,
                "newcomer": _newcomer_name(item, authors),
                "correct_day": is_event or day_thread,
                # an event timed by a day's close (or the next day's opening) while that
                # close is still asked (a 延时 / 加速 not answered): not in 全部确认 (fh46)
                "waits_on": _waits_on(item, current, asked_close),
                **_proposal_times(p, current, game.timezone),
            }
        )
    return out


def _several_out(waiting: Sequence[Proposal]) -> set[str]:
    """The ids of the elimination proposals read from a post that gave several (desk49 item
    1b: 「场上就剩七位了：A、B、C…」, a list of the living, became three deaths in 大刘's
    「全部确认」, fh49b): each is confirmed on its own, after the director has read it."""
    by_post: dict[int, list[str]] = {}
    for p in waiting:
        item = p.item
        if isinstance(item, Event) and item.type is EventType.ELIMINATED and p.pid is not None:
            by_post.setdefault(p.pid, []).append(p.id)
    return {i for ids in by_post.values() if len(ids) > 1 for i in ids}


def _start_day(p: Proposal, days: Sequence[DaySpec]) -> int | None:
    """The day a proposal's form starts with: its day (:func:`day_of`), but a 替补 told
    between two days starts with the next one (desk49 item 1c: 大刘's 果仁张 → 熟梨糕,
    announced during night 1 「从D2-1开始算」, was prefilled 第1天, and 「替补从这天开门起算」
    would have backdated him to day 1's opening; seed 004 替补, ledger/held.py's
    ``_starting_day``)."""
    day = day_of(p, days)
    item = p.item
    if (
        not isinstance(item, Event)
        or item.type is not EventType.SUBSTITUTE
        or item.at is None
        or day is None
    ):
        return day
    this = next((d for d in days if d.number == day), None)
    if this is not None and item.at > this.closes and any(d.number == day + 1 for d in days):
        return day + 1
    return day


def confirmed_events(game: Game) -> list[dict[str, object]]:
    """The events the game file states (confirmed, added or written by hand), as the desk
    lists them to edit or withdraw (改 / 撤销): id, text, where it came from, its player,
    day, time and how as the form starts with them."""
    current = current_game(game)
    out: list[dict[str, object]] = []
    for f in file_events(game):
        e = f.event
        out.append(
            {
                "id": f.id,
                "text": f.describe(),
                "source": f.source,
                "player": e.player,
                "day": day_of(Proposal("event", e, ""), current.days),
                "at": _local(e.at.astimezone(game.timezone)) if e.at is not None else "",
                "how": e.how or "",
                "type": e.type.value,
            }
        )
    return out


def change_confirmed_event(
    game: Game, ident: str, fix: dict[str, object] | None, *, by: str, reports: Path
) -> tuple[Done, Game]:
    """改 (``fix``) or 撤销 (``fix`` None) an event the game file states
    (:func:`~auditor.game.confirm.change_event`, what ``auditor events --edit`` /
    ``--withdraw`` runs), signed by the signed-in director on the game's clock; the
    days it changed locked until the check (:func:`mark_answer`), the report rewritten."""
    before = current_game(game)
    with GAME_FILE, game_store(game) as store:
        signer = default_signer(game, by)
        now = pipeline.game_now(game, store) or datetime.now(game.timezone)
        said = change_event(before, ident, fix, Signature(signer, now))
    fresh = pipeline.open_game(game.path)
    changed = mark_answer(before, fresh, said.split("（", 1)[0], by)
    return replace(done(said, rewrite_report(fresh, reports)), changed=changed), fresh


def _close_asked(waiting: Sequence[Proposal], current: Game) -> dict[int, str]:
    """The days whose close a pending 延时 / 加速 still asks: day -> what asks it."""
    out: dict[int, str] = {}
    for p in waiting:
        if p.kind in ("delay", "accelerate"):
            day = day_of(p, current.days)
            if day is not None:
                out.setdefault(day, "延时" if p.kind == "delay" else "加速")
    return out


def _waits_on(item: object, current: Game, asked: dict[int, str]) -> str:
    """The question an event's time waits on (「第2天的延时」), or "": an event at the
    close of a day whose close is asked, or at the next day's opening (which moves with a
    延时)."""
    if not asked or not isinstance(item, Event) or item.at is None:
        return ""
    for d in current.days:
        if d.number not in asked:
            continue
        after = next((x for x in current.days if x.number == d.number + 1), None)
        if item.at == d.closes or (after is not None and item.at == after.opens):
            return f"第{d.number}天的{asked[d.number]}"
    return ""


def _newcomer_name(item: object, authors: set[str]) -> str:
    """A 替补's newcomer as the form offers him: the forum's own spelling of the account (the
    proposal's 蛋挞 is the forum's 蛋撻: the name is never converted between scripts)."""
    name = (item.value or "") if isinstance(item, Event) else ""
    return forum_spelling(name, authors) or name


def _proposal_times(p: Proposal, current: Game, tz: tzinfo) -> dict[str, object]:
    """A proposal's time fields as the desk's form starts them (the game's zone)."""
    item = p.item
    out: dict[str, object] = {"closes": "", "next_day": None, "next_opens": ""}
    out |= {"closes_min": "", "closes_guessed": False}
    out |= {"now_opens": "", "now_closes": "", "now_at": ""}
    if isinstance(item, Event) and item.at is not None:
        out["now_at"] = _local(item.at.astimezone(tz))
    if not isinstance(item, DaySpec):
        return out
    # what a correction's time fields start with (the value they correct)
    out["now_opens"] = _local(item.opens.astimezone(tz))
    out["now_closes"] = _local(item.closes.astimezone(tz))
    if p.kind == "delay":
        # the new close the proposal implies: the one it states, else the day lengthened by
        # one natural day (the seeds' unit: 030 讨论日时长「每逢周末时讨论日延长一天」; the
        # director corrects it to what he announced), never the old close (fh46 desk 5)
        now = next((d.closes for d in current.days if d.number == item.number), item.closes)
        implied = item.closes if item.closes > now else now + timedelta(days=1)
        out["closes"] = _local(implied.astimezone(tz))
        out["closes_min"] = _local(now.astimezone(tz))  # not before the day's close now
        out["closes_guessed"] = not item.closes > now
        # its next day: its opening, moved with it when the new close is later
        after = next((d for d in current.days if d.number == item.number + 1), None)
        if after is not None:
            out["next_day"] = after.number
            out["next_opens"] = _local(after.opens.astimezone(tz))
    return out


def example_time(game: Game) -> str:
    """The game's clock now as a time field holds it (「2026-12-05 04:30」): a ``pages``
    game's newest saved page, else the machine's clock, in the game's zone."""
    at = None
    if game.store.exists():
        with game_store(game) as store:
            at = pipeline.game_now(game, store)
    return (at or datetime.now(game.timezone)).astimezone(game.timezone).strftime("%Y-%m-%d %H:%M")


def histories(game: Game) -> dict[str, list[dict[str, str]]]:
    """Every decided item's decisions, oldest first, by fingerprint: when (forum time), who,
    what, the note, where it was made and what it replaced (the one before it)."""
    if not game.store.exists():
        return {}
    with game_store(game) as store:
        rows = store.decision_history()
    out: dict[str, list[dict[str, str]]] = {}
    for r in rows:
        past = out.setdefault(r.fingerprint, [])
        what = (
            state_text(r.decision, r.card, r.suggested)
            if r.decision != "undo"
            else "撤销决定，退回草稿"
        )
        t = parse_time(r.decided_at)
        past.append(
            {
                "time": t.astimezone(game.timezone).strftime("%m-%d %H:%M") if t else "",
                "by": r.decided_by or "",
                "what": what,
                "note": r.note,
                "source": SOURCES.get(r.source, r.source),
                "replaced": past[-1]["what"] if past else "",
            }
        )
    return out


SOURCES = {"desk": "审计台", "decide": "命令行", "review": "auditor review", "import": "导入"}


def confirm_many(game: Game, ids: list[str], *, by: str, reports: Path) -> tuple[Done, Game]:
    """Confirm several proposals as they stand, in order (the game file read again after
    each: it is the record), then rewrite the report once.  One that is no longer pending
    (another director confirmed it) is said and skipped; the others are confirmed."""
    said: list[str] = []
    skipped: list[str] = []
    noted: list[str] = []  # (a 替补 whose account never posted: said, pipeline.confirm)
    before = current_game(game)
    with GAME_FILE:
        several = _several_now(game)
        for ident in ids:
            if ident.split("「", 1)[0].strip().upper() in several:
                skipped.append(f"{ident}（一个帖子读出了几个出局：请逐个确认）")
                continue
            with game_store(game) as store:
                try:
                    confirmed = pipeline.confirm(game, store, ident, by=by)
                except AuditorError as exc:
                    skipped.append(f"{ident}（{exc}）")
                    continue
            said.append(ident)
            noted.extend(confirmed.message.split("。注意：", 1)[1:])
            game = pipeline.open_game(game.path)
    message = f"已确认 {len(said)} 项，已写进游戏文件"
    if skipped:
        message += f"；没有确认：{'；'.join(skipped)}"
    message += "".join(f"。注意：{n}" for n in noted)
    changed = mark_answer(before, game, f"确认了 {len(said)} 项", by)
    return replace(done(message, rewrite_report(game, reports)), changed=changed), game


def _several_now(game: Game) -> set[str]:
    """:func:`_several_out` of the game's pending proposals now."""
    if not game.discovers or not game.store.exists():
        return set()
    with game_store(game) as store:
        return _several_out(pipeline.pending(pipeline.current(game, store), store))


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
    hour: str | None = None,
) -> tuple[Done, Game]:
    """Confirm one proposal as it stands or corrected (:func:`pipeline.confirm`, what
    ``auditor game --confirm`` runs), signed ``by`` the signed-in director; a 延时 with the
    new close time ``closes`` (a naive time: the game's time zone); the hour a seed leaves
    open, ``hour`` (``"22:00"``).  An event confirmed as another kind retires the proposal
    as it was read (:func:`pipeline.confirm`: 全部确认 never writes it again).  The game file
    is read again (it is the record now) and the report rewritten.  Returns the game as the
    file now states it."""
    before = current_game(game)
    with GAME_FILE, game_store(game) as store:
        confirmed = pipeline.confirm(
            game, store, ident, by=by, player=player, day=day, closes=closes, fix=fix, hour=hour
        )
    fresh = pipeline.open_game(game.path)
    changed = mark_answer(before, fresh, confirmed.proposal.describe(), by)
    said = done(confirmed.message, rewrite_report(fresh, reports))
    return replace(said, changed=changed), fresh


def mark_answer(before: Game, after: Game, what: str, by: str | None) -> tuple[int, ...]:
    """After an answer (a confirmation, a correction, 不对，不要, a day or event added): the
    days it changed, marked in the store (:func:`~auditor.ledger.held.mark_changed`: their
    drafts, judged on the day as it was, are locked until the next check; fh46 desk item
    1).  Returns the days (none: nothing the check judges by changed)."""
    now = current_game(after)
    days = changed_days(before, now)
    if days and now.store.exists():
        with game_store(now) as store:
            mark_changed(store, days, what, by)
    return days


_REWRITES: dict[Path, Coalesced[Rewrite]] = {}
_REWRITES_LOCK = threading.Lock()


REWRITE_AFTER = 0.4  # seconds: the decisions of a burst (several directors) share a rewrite
_SOON: dict[Path, threading.Timer] = {}


def rewrite_soon(game: Game, reports: Path) -> None:
    """:func:`rewrite_report` in a thread of its own, :data:`REWRITE_AFTER` seconds on: the
    decision's answer does not wait for it, and the decisions made meanwhile are in the
    same rewrite (it reads the store when it starts: one due and not started yet covers
    this decision) instead of each costing one that holds the other directors' pages up."""
    key = game.path.resolve()

    def due() -> None:
        with _REWRITES_LOCK:
            _SOON.pop(key, None)  # (a decision from now on asks for the next one)
        rewrite_report(game, reports)

    with _REWRITES_LOCK:
        if key in _SOON:
            return
        timer = _SOON[key] = threading.Timer(REWRITE_AFTER, due)
    timer.name, timer.daemon = "desk-rewrite", True
    timer.start()


def rewrite_problem(game: Game) -> str:
    """Why the newest rewrite of the game's report failed, or "" (for the page: a rewrite
    in the background has no answer to say it in)."""
    coalesced = _REWRITES.get(game.path.resolve())
    return coalesced.last.error if coalesced is not None else ""


WORKBOOK_DELAY = 2.0  # seconds without a decision before report.xlsx follows them


def rewrite_report(game: Game, reports: Path) -> Rewrite:
    """After a decision: the newest report, CSVs and announcement rewritten from the store,
    in place (:func:`pipeline.refresh`: only the files a decision changes, no new folder),
    one rewrite at a time per game and shared by the decisions that wait for it
    (:class:`~auditor.desk.coalesce.Coalesced`: eight directors deciding at once cost two
    or three rewrites, not eight in a row).  report.xlsx (a quarter of a second on a big game) follows
    :data:`WORKBOOK_DELAY` seconds after the last decision; with no report folder yet, the
    new one has it at once."""
    with _REWRITES_LOCK:
        coalesced = _REWRITES.setdefault(game.path.resolve(), Coalesced(Rewrite()))
    first = latest_dir(reports, game.slug) is None
    done = coalesced.run(lambda: _rewrite(game, reports, workbook=first))
    if not first:
        coalesced.later(lambda: _rewrite(game, reports, workbook=True), WORKBOOK_DELAY)
    return done


def _rewrite(game: Game, reports: Path, *, workbook: bool) -> Rewrite:
    """Rewrite the report from the store.

    Takes the game's run lock without waiting: while an audit holds it, nothing is
    written here (the audit reads the decisions before it writes its own report).  The
    decision is committed before this runs: a rewrite that fails (a full disk, a folder
    that cannot be written, a bug) is said, never raised, so the director is not told
    the decision failed and does not make it again."""
    try:
        with pipeline.open_store(game, lock=True) as store:
            # (the records the next page shows: built once for both)
            recs = _records(game, store)
            written = pipeline.refresh(game, store, reports, workbook=workbook, records=recs)
            return Rewrite(written.directory)
    except StoreLockedError:
        return Rewrite()
    except AuditorError as exc:
        return Rewrite(error=str(exc))
    except Exception as exc:  # an unforeseen one: said on the page, the desk keeps serving
        print(f"审计台：重写报告时出错：{type(exc).__name__}: {exc}", file=sys.stderr)
        return Rewrite(error=f"内部错误（{type(exc).__name__}：{exc}）")


#: How long the desk's audit waits behind another run of the game (a cron audit, a
#: director's ``auditor`` command, the desk's own report rewrite after a decision) before
#: it says the game is busy; and how often it tries again meanwhile.
LOCK_PATIENCE = 900.0
LOCK_RETRY = 1.0


def run_audit(
    game: Game,
    reports: Path,
    on_progress: Callable[[dict[str, Any]], None] | None = None,
    *,
    crawl: bool = True,
) -> str:
    """The nightly run (crawl + check + report) exactly as cron runs it, ``auditor audit
    --quiet`` in its own process (it takes the run lock; the desk keeps serving), with
    ``--progress-json``: each stage and each page read is passed to ``on_progress`` as it
    happens (``crawl=False``: ``--no-crawl``, the checks from the stored posts).  Returns its
    summary line; raises AuditorError with the run's own message when it fails.

    Queued behind another run of the game: the run lock is refused at once, so a refused
    run is tried again every :data:`LOCK_RETRY` seconds for :data:`LOCK_PATIENCE` seconds
    (the desk's re-check after a confirmed 延时 met its own report rewrite still holding the
    lock on a slow machine, and failed with 「另一个 auditor 进程正在处理这个游戏」)."""
    waited_since = time.monotonic()
    while True:
        code, lines, other = _audit_process(game, reports, on_progress, crawl=crawl)
        locked = code == StoreLockedError.exit_code
        if not locked or time.monotonic() - waited_since >= LOCK_PATIENCE:
            break
        if on_progress is not None:  # (the page says it waits, not 正在启动 for minutes)
            on_progress({"stage": "wait"})
        time.sleep(LOCK_RETRY)
    if code in (0, 1) and lines:  # 1: the crawl was incomplete, the report written
        return audit_line(summary_line(lines), desk=True)
    if code == STATE_INCOMPLETE_EXIT and lines:  # all read, the report written: not a failure
        return state_incomplete(audit_line(summary_line(lines), desk=True))
    raise AuditorError(f"审计失败（退出码 {code}）：{' '.join(other) or '没有输出'}")


#: The ``auditor audit`` processes the desk started that are still running: stopped with
#: the desk (:func:`stop_audits`), so that a re-check begun before the director's last answer
#: cannot outlive the server and write its older view after a later run (the store is
#: crash-safe: a stopped run leaves the last complete check).
_RUNNING: set[recheck.Running] = set()
_RUNNING_LOCK = threading.Lock()


def stop_audits(patience: float = 10.0) -> None:
    """Stop the audits this desk started (its shutdown): each is asked to end, then killed
    after ``patience`` seconds."""
    with _RUNNING_LOCK:
        procs = list(_RUNNING)
    for proc in procs:
        proc.terminate()
    for proc in procs:
        try:
            proc.wait(timeout=patience)
        except subprocess.TimeoutExpired:  # it did not end when asked
            proc.kill()
            proc.wait()


def _audit_process(
    game: Game,
    reports: Path,
    on_progress: Callable[[dict[str, object]], None] | None,
    *,
    crawl: bool,
) -> tuple[int, list[str], list[str]]:
    """One ``auditor audit`` process: its exit code, its output lines and its other
    (not progress) lines on the standard error.  Forked from the desk's warm worker
    (:mod:`auditor.desk.recheck`: the pipeline imported and its patterns compiled once,
    at the desk's start), else a new interpreter."""
    proc = recheck.audit(
        [
            "audit",
            str(game.path),
            "--quiet",
            "--progress-json",
            "--workbook",  # the desk's reports always have it (its rewrites write it too)
            "--reports",
            str(reports),
            *(() if crawl else ("--no-crawl",)),  # (a re-check after an answer: fh46)
        ],
        {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "400"},
    )
    with _RUNNING_LOCK:
        _RUNNING.add(proc)
    try:
        return _audit_output(proc, on_progress)
    finally:
        with _RUNNING_LOCK:
            _RUNNING.discard(proc)


def _audit_output(
    proc: recheck.Running, on_progress: Callable[[dict[str, object]], None] | None
) -> tuple[int, list[str], list[str]]:
    """A running audit's exit code, output lines and other standard-error lines, its
    progress passed on as it comes."""
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
    return code, [line.strip() for line in stdout.splitlines() if line.strip()], other


def summary_line(lines: Sequence[str]) -> str:
    """The audit's summary among its output lines: the one that says 审计完成 (the line
    after it, 待确认 N 项…, is the desk's own count, dropped: taken as the summary it left
    the header 「审计完成：」 with nothing after)."""
    return next((line for line in reversed(lines) if "审计完成：" in line), lines[-1])


def thread_count(game: Game) -> int:
    """How many threads the game has as the store says now (for a game that discovers its
    threads: the board list the running crawl just read)."""
    with game_store(game) as store:
        return len(pipeline.current(game, store).threads)


#: How long the desk goes on asking a store it could not read for the directors' passwords
#: (who is signed in), and how often: each try waits for SQLite's locks by itself (up to
#: its busy timeout); an error met while a re-check writes the store may be gone a moment
#: later.  Then the error is raised: the desk answers that the store is busy, never that
#: the director is not signed in (s50: a 403 on /audit/status under load).
STORE_PATIENCE = 3.0
STORE_RETRY = 0.25


def password_hashes(game: Game) -> dict[str, str]:
    """director -> stored password hash (:data:`STORE_PATIENCE`: a store that could not be
    read is asked again)."""
    since = time.monotonic()
    while True:
        try:
            with game_store(game) as store:
                return store.password_hashes()
        except AuditorError:
            if time.monotonic() - since >= STORE_PATIENCE:
                raise
        time.sleep(STORE_RETRY)


def check_director(game: Game, director: str) -> None:
    if director not in game.directors:
        raise AuditorError(
            f"{director} 不是这局的导演（游戏文件 [game] directors：{'、'.join(game.directors) or '空'}）"
        )


def set_password(game: Game, director: str, hashed: str) -> None:
    check_director(game, director)
    with game_store(game) as store:
        store.set_password_hash(director, hashed)


def last_audit(game: Game, *, running: bool = False) -> dict[str, str | list[str]]:
    """The newest audit run: when (forum time), status and its problems.  ``running``: the
    desk's own audit of the game is running — an answer given meanwhile starts a run of its
    own, which marks every open run 被中断 (the store's: a run left open was killed); the
    desk's is not, it is 进行中 (老金 and 阿德, fh48: 「被中断」 after answering during a
    re-check)."""
    with game_store(game) as store:
        last = pipeline.last_run(store, "audit")
        judged = pipeline.audit_clock(game, store, None)[0]
    if last is None:
        return {}
    t = last.started
    ran = t.astimezone(game.timezone).strftime("%Y-%m-%d %H:%M") if t else ""
    # one clock (fh46): a saved-pages game is judged, and its decisions signed, at its
    # newest page's time — the line says that time, labelled, and when it ran on this machine
    shown = judged.astimezone(game.timezone).strftime("%Y-%m-%d %H:%M") if judged else ran
    return {
        "time": shown,
        "clock": "页面时间" if judged is not None else "",
        "ran": ran,  # (the machine's clock: also what tells one run from the next)
        "status": "running" if running and last.status == "interrupted" else last.status,
        "problems": "；".join(last.problems),
        # drafts the run withdrew, said (待处理 7 → 4 said nothing of the three)
        "withdrawn": withdrawn_words(last.withdrawn),  # (one reason, then the drafts)
        "withdrawn_count": str(len(last.withdrawn)) if last.withdrawn else "",
        # the same, one line per reason (the banner's fold-out list)
        "withdrawn_groups": withdrawn_words(last.withdrawn).split("；") if last.withdrawn else [],
    }


def state_incomplete(line: str) -> str:
    """The summary line of an audit that exited 7 (everything read, the report written, the
    game's state incomplete), said as what it is: done, N things not read (listed at the
    top of the page) — not a failure."""
    head, sep, rest = line.partition("审计完成：")
    found = re.match(r"游戏状态不完整（(\d+)）", head)
    count = f" {found.group(1)} 条" if found else ""
    said = re.sub(r"。(?:报告：|没有变化，沿用上次的报告：).*$", "。", rest if sep else line)
    return f"审计完成：{said}报告已写好；游戏状态不完整{count}，见页面最上面。"
