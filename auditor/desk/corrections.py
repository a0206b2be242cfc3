"""The desk's forms for what discovery could not read: 不是公告 for a listed post, and the
fields of a proposal a director corrects before confirming it (an event's type, how and
time; a day's opens, closes, accelerated and delayed; a thread's kind) — the same calls as
``auditor game --dismiss`` and ``--confirm``."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from auditor import pipeline
from auditor.desk import actions
from auditor.errors import AuditorError
from auditor.game.gamefile import Game

if TYPE_CHECKING:
    from auditor.desk.app import DeskApp


def dismiss_unread(game: Game, pid: int, *, by: str, reports: Path) -> actions.Done:
    """:func:`pipeline.dismiss` signed by the signed-in director; the report rewritten."""
    with actions.game_store(game) as store:
        said = pipeline.dismiss(game, store, pid, by=by)
    return actions.done(said, actions.rewrite_report(game, reports))


async def dismiss_post(app: DeskApp, request: Request) -> Response:
    got = await app.guarded(request)
    if isinstance(got, Response):
        return got
    game, slug, who, form = got
    raw = str(form.get("pid", "")).strip()
    if not raw.isdecimal():
        app.flash(request, "error", f"pid 应当是数字：{raw}")
        return app.back(slug, form, "#state-problems")
    try:
        done = await run_in_threadpool(
            dismiss_unread, game, int(raw), by=who, reports=app.desk.reports
        )
    except AuditorError as exc:
        app.flash(request, "error", str(exc))
        return app.back(slug, form, "#state-problems")
    app.flash(request, "ok", done.message)
    return app.back(slug, form, "#state-problems")


def fields_of(form: Mapping[str, object]) -> dict[str, object]:
    """The correction fields the proposal form sent (empty ones left as they are)."""
    fix: dict[str, object] = {}
    for name in ("type", "how", "kind"):
        value = str(form.get(name, "")).strip()
        if value:
            fix[name] = value
    for name, key in (("at", "at"), ("opens", "opens"), ("day_closes", "closes")):
        value = str(form.get(name, "")).strip()
        if value:
            fix[key] = actions.parse_closes(value)
    for name in ("accelerated", "delayed"):
        value = str(form.get(name, "")).strip()
        if value in ("yes", "no"):
            fix[name] = value == "yes"
    return fix
