"""The desk's forms for what discovery could not read: 不是公告 or 读对了 / 已处理 for a listed post, the
fields of a proposal a director corrects before confirming it (an event's type, how and
time; a day's opens, closes, accelerated, delayed and a 环节; a thread's kind), and a day
(with a 环节) or an event the forum did not give, added — the same calls as ``auditor game --dismiss``,
``--confirm`` and ``--add``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from auditor import pipeline
from auditor.desk import actions
from auditor.errors import AuditorError
from auditor.game.confirm import PHASE_COUNT, PHASE_FIELDS, Signature, write_alias
from auditor.game.gamefile import Game
from auditor.ledger.decisions import default_signer
from auditor.ledger.held import mark_changed

if TYPE_CHECKING:
    from auditor.desk.app import DeskApp


def dismiss_unread(
    game: Game, pids: list[int], *, by: str, reports: Path, answer: str = "not_announcement"
) -> actions.Done:
    """:func:`pipeline.dismiss` of each listed post, signed by the signed-in director
    (``answer``: 不是公告 or 读对了 / 已处理); the report rewritten once."""
    said: list[str] = []
    with actions.game_store(game) as store:
        for pid in pids:
            said.append(pipeline.dismiss(game, store, pid, by=by, answer=answer))
    message = said[0] if len(said) == 1 else f"{len(said)} 条帖子：" + "；".join(said)
    return actions.done(message, actions.rewrite_report(game, reports))


async def dismiss_post(app: DeskApp, request: Request) -> Response:
    """读对了 / 已处理 or 不是公告 for a listed post (``pid``), or 读对了 for every post a
    day lists (``pids``: one tap for a day's result tables the game already holds)."""
    got = await app.guarded(request)
    if isinstance(got, Response):
        return got
    game, slug, who, form = got
    raw = [x.strip() for x in str(form.get("pids") or form.get("pid", "")).split(",")]
    bad = [x for x in raw if not x.isdecimal()]
    if bad or not raw:
        app.flash(request, "error", f"pid 应当是数字：{'、'.join(bad)}")
        return app.back(slug, form, "#state-problems")
    answer = str(form.get("answer", "")).strip() or "not_announcement"
    pids = [int(x) for x in raw]
    try:
        done = await run_in_threadpool(
            dismiss_unread, game, pids, by=who, reports=app.desk.reports, answer=answer
        )
    except AuditorError as exc:
        app.flash(request, "error", str(exc))
        return app.back(slug, form, "#state-problems")
    app.flash(request, "ok", done.message)
    return app.back(slug, form, "#state-problems")


def reject_proposal(game: Game, ident: str, *, by: str, reports: Path, answer: str) -> actions.Done:
    """:func:`pipeline.reject` signed by the signed-in director; the report rewritten."""
    before = actions.current_game(game)
    with actions.game_store(game) as store:
        said = pipeline.reject(game, store, ident, by=by, answer=answer)
    changed = actions.mark_answer(before, game, said.split("：", 1)[0], by)
    return replace(actions.done(said, actions.rewrite_report(game, reports)), changed=changed)


async def reject_post(app: DeskApp, request: Request) -> Response:
    """不对，不要 / 无人出局 / 还没关门 under a proposal: its question goes away."""
    got = await app.guarded(request)
    if isinstance(got, Response):
        return got
    game, slug, who, form = got
    ident = str(form.get("id", "")).strip()
    answer = str(form.get("answer", "")).strip() or "wrong"
    try:
        done = await run_in_threadpool(
            reject_proposal, game, ident, by=who, reports=app.desk.reports, answer=answer
        )
    except AuditorError as exc:
        app.flash(request, "error", str(exc))
        return app.back(slug, form, "#proposals")
    app.flash(request, "ok", done.message + app.rechecked(game, slug, done))
    return app.back(slug, form, "#proposals")


def add_item(
    game: Game, kind: str, values: Mapping[str, object], *, by: str, reports: Path
) -> tuple[actions.Done, Game]:
    """:func:`pipeline.add` signed by the signed-in director (the game file written at
    once); the game read again and the report rewritten."""
    before = actions.current_game(game)
    with actions.GAME_FILE, actions.game_store(game) as store:
        confirmed = pipeline.add(game, store, kind, values, by=by)
    fresh = pipeline.open_game(game.path)
    changed = actions.mark_answer(before, fresh, confirmed.proposal.describe(), by)
    done = actions.done(confirmed.message, actions.rewrite_report(fresh, reports))
    return replace(done, changed=changed), fresh


ADD_FIELDS = {  # what the add form sends, per kind (the names ``auditor game --add`` takes)
    # (a day with the 环节 the director adds or corrects: confirm.PHASE_FIELDS)
    "day": ("day", "opens", "closes", "accelerated", "delayed", *PHASE_FIELDS, PHASE_COUNT),
    # (pid: 补上 under a post not read; a 替补's newcomer and his account: same | own)
    "event": ("type", "player", "how", "at", "pid", "newcomer", "account"),
}
SUBSTITUTE_FIELDS = ("newcomer", "account")  # sent by a 替补 only (hidden for any other type)


def add_values(kind: str, form: Mapping[str, object]) -> dict[str, object]:
    """The values of the add form (empty fields left out: ``added`` names what is missing)."""
    values: dict[str, object] = {}
    substitute = str(form.get("type", "")).strip() == "substitute"
    for name in ADD_FIELDS.get(kind, ()):
        raw = str(form.get(name, "")).strip()
        if not raw or (name in SUBSTITUTE_FIELDS and not substitute):
            continue  # (a newcomer typed, then another type chosen: not sent on)
        if name in ("accelerated", "delayed"):
            values[name] = raw == "yes"
        elif name in ("opens", "closes", "at", "phase_opens", "phase_closes"):
            values[name] = actions.parse_closes(raw)
        elif name == "day":
            if not raw.isdecimal():
                raise AuditorError(f"天数应当是数字：{raw}")
            values[name] = int(raw)
        else:
            values[name] = raw
    return values


async def add_post(app: DeskApp, request: Request) -> Response:
    """补上一天或一个事件 (the desk's ``auditor game --add``)."""
    got = await app.guarded(request)
    if isinstance(got, Response):
        return got
    game, slug, who, form = got
    kind = str(form.get("kind", ""))
    try:
        values = add_values(kind, form)
        done, fresh = await run_in_threadpool(
            add_item, game, kind, values, by=who, reports=app.desk.reports
        )
    except AuditorError as exc:
        app.flash(request, "error", str(exc))
        return app.back(slug, form, "#add-item")
    return app.wrote_game_file(request, slug, form, done, fresh, "#proposals")


def alias_item(
    game: Game, player: str, alias: str, pid: str, *, by: str, reports: Path
) -> tuple[actions.Done, Game]:
    """「X 是谁？」 answered: ``alias`` written as ``player``'s in ``[players.aliases]``
    (:func:`auditor.game.confirm.write_alias`), signed by the signed-in director; the game
    read again (his posts re-read with the name) and the report rewritten."""
    before = actions.current_game(game)
    signer = default_signer(game, by)
    source = f"pid {pid}" if pid.isdecimal() else "审计台"
    with actions.GAME_FILE, actions.game_store(game) as store:
        # (on the page's clock, as the top line says: fh48c)
        now = pipeline.game_now(game, store) or datetime.now(game.timezone)
        said = write_alias(game.path, player, alias, Signature(signer, now), source)
    fresh = pipeline.open_game(game.path)
    changed = actions.mark_answer(before, fresh, f"别名 {alias} = {player}", by)
    done = actions.done(said, actions.rewrite_report(fresh, reports))
    return replace(done, changed=changed), fresh


async def alias_post(app: DeskApp, request: Request) -> Response:
    """「X 是谁？」 under a post not read: the player the nickname stands for, saved."""
    got = await app.guarded(request)
    if isinstance(got, Response):
        return got
    game, slug, who, form = got
    player = str(form.get("player", "")).strip()
    alias = str(form.get("alias", "")).strip()
    pid = str(form.get("pid", "")).strip()
    try:
        done, fresh = await run_in_threadpool(
            alias_item, game, player, alias, pid, by=who, reports=app.desk.reports
        )
    except AuditorError as exc:
        app.flash(request, "error", str(exc))
        return app.back(slug, form, "#proposals")
    return app.wrote_game_file(request, slug, form, done, fresh, "#proposals")


def quiet_item(
    game: Game,
    player: str,
    day: int,
    answer: str,
    *,
    by: str,
    reports: Path,
    at: datetime | None = None,
    how: str | None = None,
) -> tuple[actions.Done, Game]:
    """「X 自第N天起没有发言：出局了？请假？潜水？」 answered (:func:`pipeline.answer_quiet`,
    ``auditor game --quiet``), signed by the signed-in director: 出局了 / 请假 written to the
    game file (the game read again, the days it changed re-checked), 潜水 / 在场 kept in the
    store; the report rewritten (the question leaves the page at once)."""
    before = actions.current_game(game)
    with actions.GAME_FILE, actions.game_store(game) as store:
        said = pipeline.answer_quiet(game, store, player, day, answer, by=by, at=at, how=how)
    fresh = pipeline.open_game(game.path)
    changed = actions.mark_answer(before, fresh, said.split("，", 1)[0], by)
    done = actions.done(said, actions.rewrite_report(fresh, reports))
    return replace(done, changed=changed), fresh


async def quiet_post(app: DeskApp, request: Request) -> Response:
    """The one-tap answers under a quiet player's question (出局了 with its prefilled form)."""
    got = await app.guarded(request)
    if isinstance(got, Response):
        return got
    game, slug, who, form = got
    player = str(form.get("player", "")).strip()
    raw_day = str(form.get("day", "")).strip()
    answer = str(form.get("answer", "")).strip()
    raw_at = str(form.get("at", "")).strip()
    how = str(form.get("how", "")).strip() or None
    try:
        if not raw_day.isdecimal():
            raise AuditorError(f"天数应当是数字：{raw_day}")
        at = actions.parse_closes(raw_at) if raw_at else None
        done, fresh = await run_in_threadpool(
            quiet_item,
            game,
            player,
            int(raw_day),
            answer,
            by=who,
            reports=app.desk.reports,
            at=at,
            how=how,
        )
    except AuditorError as exc:
        app.flash(request, "error", str(exc))
        return app.back(slug, form, "#state-problems")
    return app.wrote_game_file(request, slug, form, done, fresh, "#proposals")


def fields_of(form: Mapping[str, object]) -> dict[str, object]:
    """The correction fields the proposal form sent (empty ones left as they are)."""
    fix: dict[str, object] = {}
    # (a 替补's newcomer; a day's 环节: which, its name and vote thread, 删去)
    for name in ("type", "how", "kind", "newcomer", "account", "phase", "phase_name", PHASE_COUNT):
        value = str(form.get(name, "")).strip()
        if value:
            fix[name] = value
    for name in ("vote_thread", "phase_drop"):
        value = str(form.get(name, "")).strip()
        if value:
            fix[name] = value
    for name, key in (
        ("at", "at"),
        ("opens", "opens"),
        ("day_closes", "closes"),
        ("next_opens", "next_opens"),
        ("phase_opens", "phase_opens"),
        ("phase_closes", "phase_closes"),
    ):
        value = str(form.get(name, "")).strip()
        # (a field starts with the value it corrects, sent back as ``<name>_was``: unchanged,
        # it is no correction — nor a loss of the time's seconds)
        if value and value != str(form.get(f"{name}_was", "")).strip():
            fix[key] = actions.parse_closes(value)
    for name in ("accelerated", "delayed"):
        value = str(form.get(name, "")).strip()
        if value in ("yes", "no"):
            fix[name] = value == "yes"
    return fix


async def event_post(app: DeskApp, request: Request) -> Response:
    """改 or 撤销 an event the game file states (the desk's ``auditor events --edit`` /
    ``--withdraw``): 撤销 only with its second, confirming button (``sure``)."""
    got = await app.guarded(request)
    if isinstance(got, Response):
        return got
    game, slug, who, form = got
    ident = str(form.get("id", "")).strip()
    anchor = "#file-events"
    try:
        if str(form.get("withdraw", "")) == "yes":
            if str(form.get("sure", "")) != "yes":
                raise AuditorError("撤销要再点一次「确定撤销」")
            fix = None
        else:
            fix = event_fields(form)
        done, fresh = await run_in_threadpool(
            actions.change_confirmed_event, game, ident, fix, by=who, reports=app.desk.reports
        )
    except AuditorError as exc:
        app.flash(request, "error", str(exc))
        return app.back(slug, form, anchor)
    return app.wrote_game_file(request, slug, form, done, fresh, anchor)


def event_fields(form: Mapping[str, object]) -> dict[str, object]:
    """What the 改 form of a confirmed event changes: a field left as it started (sent back
    as ``<name>_was``) is no change."""
    fix: dict[str, object] = {}
    for name in ("player", "how", "day", "at"):
        value = str(form.get(name, "")).strip()
        if not value or value == str(form.get(f"{name}_was", "")).strip():
            continue
        if name == "day":
            if not value.isdecimal():
                raise AuditorError(f"天数应当是数字：{value}")
            fix[name] = int(value)
        elif name == "at":
            fix[name] = actions.parse_closes(value)
        else:
            fix[name] = value
    return fix


def correct_vote(
    game: Game,
    pid: int,
    target: str | None,
    *,
    accept: bool,
    by: str,
    reports: Path,
    not_vote: bool = False,
) -> actions.Done:
    """A vote notice's 「算这一票：投 X」 (``accept``: the suggestion, :func:`pipeline.
    accept_suggestion`; else ``target`` as the director picked him) or 「作废」 (``target``
    None): a signed ``[[correction]]`` (fh47c items 4–5); the ballot's day locked until the
    check runs again (its no-vote drafts were judged on the vote as it was)."""

    with actions.GAME_FILE, actions.game_store(game) as store:
        day = next(
            (b.get("day") for b in pipeline.last_ballots(store) if b.get("pid") == pid), None
        )
        if accept:
            said = pipeline.accept_suggestion(game, store, pid, by=by)
        else:
            said = pipeline.correct_vote(game, store, pid, target=target, by=by, not_vote=not_vote)
        changed = (int(day),) if isinstance(day, int) else ()
        if changed:
            mark_changed(store, changed, said.split("，", 1)[0], by)
    fresh = pipeline.open_game(game.path)
    return replace(actions.done(said, actions.rewrite_report(fresh, reports)), changed=changed)


async def vote_post(app: DeskApp, request: Request) -> Response:
    """A vote notice answered: 算这一票 (the suggestion in one tap, or the player picked),
    作废 or 不是票 (the post is no ballot: 老金, fh48); the checks run again from the stored
    posts."""
    got = await app.guarded(request)
    if isinstance(got, Response):
        return got
    game, slug, who, form = got
    raw = str(form.get("pid", "")).strip()
    anchor = f"#draft-{form.get('id', '')}" if form.get("id") else "#notices"
    if not raw.isdecimal():
        app.flash(request, "error", f"pid 应当是数字：{raw}")
        return app.back(slug, form, anchor)
    action = str(form.get("action", ""))
    target = str(form.get("target", "")).strip()
    if action == "count" and not target:
        app.flash(request, "error", "请先选这一票投的是谁")
        return app.back(slug, form, anchor)
    if action not in ("accept", "count", "void", "not_vote"):
        return app.message(request, "未知的操作。", 400)
    try:
        done = await run_in_threadpool(
            correct_vote,
            game,
            int(raw),
            target if action == "count" else None,
            accept=action == "accept",
            by=who,
            reports=app.desk.reports,
            not_vote=action == "not_vote",
        )
    except AuditorError as exc:
        app.flash(request, "error", str(exc))
        return app.back(slug, form, anchor)
    app.flash(request, "ok", done.message + app.rechecked(game, slug, done))
    return app.back(slug, form, "#notices")
