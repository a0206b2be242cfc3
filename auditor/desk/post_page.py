"""The desk's 发布到进程帖 (issue 31 item 3): a page of its own that shows a draft's exact
text, the thread and the posting account, and a button that posts it with the director's
own login, the same way ``auditor post`` does (:mod:`auditor.posting`).

``GET /g/{slug}/post?kind=K[&thread=T]`` shows at once, from the store, what would be
posted; its script then fetches ``GET /g/{slug}/post/forum`` (or, without a script, a tap
on ``&forum=1`` reloads the page with it), which opens the thread as the posting account
(a GET: nothing is sent) and shows the thread, the account and the button; ``POST /g/{slug}/post`` (signed in, the
CSRF token) rebuilds the draft at the time the page showed it and posts it only when it
is still the text shown (the draft's id in the form).  Nothing is posted without the
director pressing the button."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING
from urllib.parse import urlencode

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from auditor import pipeline
from auditor.errors import AuditorError
from auditor.forum.post import PartResult, as_posted, draft_id
from auditor.game.gamefile import Game
from auditor.posting import (
    KINDS,
    AlreadyPostedError,
    check_postable,
    check_sizes,
    make_draft,
    opened_thread,
    record_by_hand,
    send_draft,
)
from auditor.report.drafts import KIND_NAMES, Draft
from auditor.rules.engine import ruleset_for

if TYPE_CHECKING:
    from auditor.desk.app import DeskApp

TEMPLATE = "desk_post.html.j2"
FORUM_TEMPLATE = "desk_post_forum.html.j2"  # the forum's part, fetched after the page

#: A part that may be on the forum (no known outcome, or another process sending it): not
#: offered to copy — the director looks on the forum first.
_MAYBE_SENT = frozenset({"unknown", "busy"})


@dataclass(slots=True)
class Shown:
    """What the page shows of one draft: its text, where it goes and as whom, or why not."""

    kind: str
    when: str  # the time the draft was made (the form sends it back)
    draft: Draft | None = None
    ident: str = ""
    tid: int | None = None
    subject: str = ""
    url: str = ""
    account: str = ""
    notes: list[str] = field(default_factory=list)
    error: str = ""
    posted: str = ""  # posted already: where and when (no draft to copy: it is on the forum)


def _draft(game: Game, kind: str, when: datetime) -> Draft:
    """The draft from the game as the store says now: the desk's game is the one read when
    its file last changed, and what discovery read since (a post answered 读对了 / 已处理,
    a proposal answered, a re-audit) is the store's — the page's 「待确认」 beside a card
    was the first reading's until a restart (fh45)."""
    with pipeline.open_store(game, existing="生成草稿") as store:
        pipeline.require_crawled(game, store, action="生成草稿")
        game = pipeline.current(game, store) if game.discovers else game
        return make_draft(game, store, ruleset_for(game), kind, when, None)


def judged_now(game: Game) -> datetime:
    """The time a draft is made at: the game's own clock (:func:`pipeline.game_now`: a
    ``pages`` game's newest saved page), as the desk's page and the report judge it, else the
    machine's — the same draft the desk's 公告 shows, never a day-less one (fh45b bug 3)."""
    try:
        with pipeline.open_store(game, existing="生成草稿") as store:
            at = pipeline.game_now(game, store)
    except AuditorError:
        at = None  # (no store yet: the preview says so)
    return at.astimezone(game.timezone) if at is not None else datetime.now(game.timezone)


def preview(game: Game, kind: str, thread: int | None, when: datetime) -> Shown:
    """The draft of ``kind`` at ``when`` and the thread it would go to, from the store and
    the game file alone (no forum: the page opens at once, a slow or dead forum blocks
    nothing); an :class:`AuditorError` becomes the page's error."""
    shown = Shown(kind, when.isoformat())
    try:
        shown.draft = draft = _draft(game, kind, when)
        shown.ident = draft_id([as_posted(p) for p in draft.parts])
        with pipeline.open_store(game) as store:
            shown.tid = check_postable(game, store, draft, thread)
    except AlreadyPostedError as exc:
        shown.posted = str(exc)
    except AuditorError as exc:
        shown.error = str(exc)
    return shown


def on_the_forum(game: Game, shown: Shown) -> Shown:
    """The thread opened as the posting account (a GET: nothing is sent), after the page
    showed the draft: its subject, the account, the draft measured by the forum's charset;
    a forum that does not answer becomes the error (the draft stays on the page)."""
    if shown.draft is None or shown.tid is None or shown.error or shown.posted:
        return shown
    try:
        with opened_thread(game, shown.tid) as (_client, target):
            check_sizes(shown.draft, int(game.forum.maxpostsize), target.charset)
        shown.subject, shown.url = target.form.subject or "?", target.referer
        shown.account = target.account
        if target.form.viewer_name and target.form.viewer_name not in game.directors:
            shown.notes.append(f"注意：发帖账号 {target.form.viewer_name} 不是游戏文件里的导演")
    except AuditorError as exc:
        shown.error = str(exc)
    return shown


def send(
    game: Game, kind: str, thread: int | None, when: datetime, ident: str, by: str
) -> list[PartResult]:
    """Post the draft shown, if it is still that text."""
    draft = _draft(game, kind, when)
    if draft_id([as_posted(p) for p in draft.parts]) != ident:
        raise AuditorError(
            "草稿在显示之后变了（新的抓取或决定）：没有发帖，请重新打开这一页看过再发"
        )
    with pipeline.open_store(game) as store:
        tid = check_postable(game, store, draft, thread)
        with opened_thread(game, tid) as (client, target):
            check_sizes(draft, int(game.forum.maxpostsize), target.charset)
            return send_draft(store, client, target, draft, ordered_by=by)


def to_copy(parts: Sequence[str], results: list[PartResult]) -> list[tuple[int, int, str]]:
    """The parts (number, of how many, text) surely not on the forum after a send: not
    posted, not possibly posted (unknown, another process sending), or not tried."""
    done = {r.part for r in results if r.ok or r.status in _MAYBE_SENT}
    n = len(parts)
    return [(i, n, t) for i, t in enumerate(parts, start=1) if i not in done]


def _thread(value: object) -> int | None:
    text = str(value or "").strip()
    return int(text) if text.isdecimal() and 0 < int(text) < 2**31 else None


async def show(app: DeskApp, request: Request) -> Response:
    game = app.game_or_404(request)
    if game is None:
        return app.message(request, "没有这个游戏。", 404)
    slug = request.path_params["slug"]
    if await app.signed_in(request, slug) is None:
        return RedirectResponse(f"/g/{slug}/login", status_code=303)
    kind = request.query_params.get("kind", "")
    shown = None
    forum = request.query_params.get("forum") == "1"  # (no script: the forum on a tap)
    if kind in KINDS:
        when = await run_in_threadpool(judged_now, game)
        shown = await run_in_threadpool(
            preview, game, kind, _thread(request.query_params.get("thread")), when
        )
        if forum:
            shown = await run_in_threadpool(on_the_forum, game, shown)
    ask = {"kind": kind, "thread": str(shown.tid if shown and shown.tid else "")}
    src = {**ask, "when": shown.when if shown else "", "draft": shown.ident if shown else ""}
    return app.page(
        request,
        TEMPLATE,
        slug=slug,
        game=game,
        kinds=KIND_NAMES,
        shown=shown,
        forum=forum,
        forum_src=f"/g/{slug}/post/forum?{urlencode(src)}",
        forum_tap=f"/g/{slug}/post?{urlencode({**ask, 'forum': '1'})}",
    )


async def forum_state(app: DeskApp, request: Request) -> Response:
    """``GET /g/{slug}/post/forum?kind&thread&when&draft``: the forum's part of the page
    (the thread, the account, the button), fetched by the page's script after it showed
    the draft; the draft rebuilt at the page's time must still be the one shown."""
    game = app.game_or_404(request)
    if game is None:
        return app.message(request, "没有这个游戏。", 404)
    slug = request.path_params["slug"]
    if await app.signed_in(request, slug) is None:
        return app.message(request, "请先登录。", 403)
    q = request.query_params
    kind = q.get("kind", "")
    try:
        when = datetime.fromisoformat(q.get("when", ""))
    except ValueError:
        when = None
    if kind not in KINDS or when is None or when.tzinfo is None:
        return app.message(request, "请求不完整：请重新打开发帖页。", 400)
    shown = await run_in_threadpool(preview, game, kind, _thread(q.get("thread")), when)
    if shown.ident and shown.ident != q.get("draft", ""):
        shown.error = "草稿在显示之后变了（新的抓取或决定）：请重新打开这一页"
    shown = await run_in_threadpool(on_the_forum, game, shown)
    return app.page(request, FORUM_TEMPLATE, slug=slug, shown=shown)


def _kind_and_when(form: Mapping[str, object]) -> tuple[str, datetime | None]:
    """The post form's kind and page time; no time when either is missing or malformed."""
    kind = str(form.get("kind", ""))
    try:
        when = datetime.fromisoformat(str(form.get("when", "")))
    except ValueError:
        return kind, None
    if kind not in KINDS or when.tzinfo is None:
        return kind, None
    return kind, when


async def post(app: DeskApp, request: Request) -> Response:
    got = await app.guarded(request)
    if isinstance(got, Response):
        return got
    game, slug, who, form = got
    kind, when = _kind_and_when(form)
    if when is None:
        return app.message(request, "表单不完整：请重新打开发帖页。", 400)
    try:
        results = await run_in_threadpool(
            send, game, kind, _thread(form.get("thread")), when, str(form.get("draft", "")), who
        )
        error = ""
        posted = False
    except AlreadyPostedError as exc:  # (a resubmitted form: it is on the forum already)
        results, error, posted = [], str(exc), True
    except AuditorError as exc:
        results, error, posted = [], str(exc), False
    kept: list[tuple[int, int, str]] = []
    if not posted and (error or not all(r.ok for r in results)):
        try:  # only the parts surely not on the forum stay on the page, to copy
            draft = await run_in_threadpool(_draft, game, kind, when)
        except AuditorError:
            draft = None
        if draft is not None:
            kept = to_copy(draft.parts, results)
    maybe = [r.part for r in results if r.status in _MAYBE_SENT]
    return app.page(
        request,
        TEMPLATE,
        status=409 if error else 200,  # (a refusal by the forum is said on the page)
        slug=slug,
        game=game,
        kinds=KIND_NAMES,
        shown=None,
        kept=kept,
        maybe=maybe,
        results=results,
        error=error,
    )


def record_copied(game: Game, kind: str, when: datetime, ident: str, by: str) -> str:
    """「我已发到论坛」: the draft shown (rebuilt at the page's time, still that text)
    recorded as posted by ``by`` by hand."""
    draft = _draft(game, kind, when)
    if draft_id([as_posted(p) for p in draft.parts]) != ident:
        raise AuditorError(
            "草稿在显示之后变了（新的抓取或决定）：没有记下。请重新打开这一页，"
            "看看论坛上发出的是不是这一份"
        )
    with pipeline.open_store(game) as store:
        return record_by_hand(game, store, draft, by=by)


async def by_hand(app: DeskApp, request: Request) -> Response:
    """``POST /g/{slug}/post/by-hand``: the director copied the draft and posted it himself
    (no [forum] url or post_cookies): recorded, so the next announcement is a 补充."""
    got = await app.guarded(request)
    if isinstance(got, Response):
        return got
    game, slug, who, form = got
    kind, when = _kind_and_when(form)
    if when is None:
        return app.message(request, "表单不完整：请重新打开发帖页。", 400)
    try:
        said = await run_in_threadpool(
            record_copied, game, kind, when, str(form.get("draft", "")), who
        )
    except AuditorError as exc:
        return app.page(
            request,
            TEMPLATE,
            status=409,
            slug=slug,
            game=game,
            kinds=KIND_NAMES,
            shown=None,
            kept=[],
            maybe=[],
            results=[],
            error=str(exc),
        )
    return app.page(
        request,
        TEMPLATE,
        slug=slug,
        game=game,
        kinds=KIND_NAMES,
        shown=None,
        kept=[],
        maybe=[],
        results=[],
        error="",
        recorded=said,
    )
