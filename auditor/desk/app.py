"""The desk's web app (Starlette): sign-in per game, the queue, decisions, manual cards,
the announcement and a button that starts an audit.

Security: who is signed in is kept on the server (:mod:`auditor.desk.sessions`: a logout
or a new password ends a session, a copied cookie with it); the cookie (Starlette's
SessionMiddleware, signed with itsdangerous) carries the session id, the CSRF token and the
flash messages, ``Secure`` with ``--secure-cookies``; every form carries the CSRF token; failed logins are rate-limited per
client and game; responses carry a strict Content-Security-Policy (scripts only from
/static, no inline script or handler anywhere); post text is escaped by jinja2's autoescape.
"""

from __future__ import annotations

import re
import secrets
import threading
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from jinja2 import ChoiceLoader, Environment, PackageLoader, StrictUndefined, pass_context
from jinja2.runtime import Context
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from auditor.desk import actions, corrections, post_page, recheck
from auditor.desk.auth import LoginLimiter, OneTimeLinks, new_token, same_token, verify_password
from auditor.desk.coalesce import Coalesced
from auditor.desk.sessions import Sessions, password_mark
from auditor.errors import AuditorError
from auditor.game.evidence import quiet_asked
from auditor.game.gamefile import Game, ThreadKind
from auditor.ledger.decisions import DECIDABLE_CARDS, DuplicateCardError, parse_card
from auditor.ledger.ledger import NOT_CARDS
from auditor.ledger.policy import card_name
from auditor.pipeline import STANDING
from auditor.report.bbcode import held_back, render_bbcode
from auditor.report.drafts import posts_of
from auditor.report.html import Exact, show, with_helpers
from auditor.report.parts import post_size, split_announcement
from auditor.report.records import Records
from auditor.report.words import director_words

SESSION_SECONDS = 8 * 3600  # a signed-in director is asked again after a working day
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
STATIC = {
    "report.css": ("auditor", "templates/report.css", "text/css; charset=utf-8"),
    "desk.css": ("auditor.desk", "static/desk.css", "text/css; charset=utf-8"),
    "desk.js": ("auditor.desk", "static/desk.js", "text/javascript; charset=utf-8"),
}
CARD_CHOICES = ("blue", "yellow", "red")
# A rule set without cards (``[ruleset] cards = false``: 版杀7): a draft becomes a notice or a
# substitute, never a colour; the manual form offers the same (不处罚 is 驳回/知道了).
NO_CARD_CHOICES = ("warning", "substitute")
FILTERS = ("status", "player", "day", "rule")  # the queue's filters (status: pending by default)
STATUSES = ("pending", "approved", "rejected", "all")
#: Starlette's own errors (its plain ``Not Found``) as desk pages.
HTTP_ERRORS = {
    404: "没有这个页面。",
    405: "这个地址不能这样打开（请求方法不对）：请从审计台的页面上点进来。",
}


class SecurityHeaders:
    """Every response: CSP, no sniffing, no framing, no referrer, no caching of pages."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [
                    (b"content-security-policy", CSP.encode()),
                    (b"x-content-type-options", b"nosniff"),
                    (b"x-frame-options", b"DENY"),
                    (b"referrer-policy", b"no-referrer"),
                    (b"cache-control", b"no-store"),
                ]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, with_headers)


STAGES = {
    "start": "正在启动",
    "wait": "等另一个运行结束",  # (queued behind a run holding the game's lock)
    "crawl": "抓取",
    "check": "检查",
    "report": "写报告",
}


class StoreBusy(Exception):
    """The game's store could not be read to say who is signed in (another process holds
    its lock, or a moment's error while a re-check writes it): answered as busy
    (:meth:`DeskApp.store_busy`), never as 「没有登录」."""


@dataclass(slots=True)
class AuditJob:
    state: str = "idle"  # idle | running | done | failed
    message: str = ""
    started: float = 0.0
    finished: float = 0.0
    thread: threading.Thread | None = None
    stage: str = "start"  # start | crawl | check | report (what the run says it is doing)
    pages: int = 0  # pages read so far
    threads: dict[int, tuple[int, int | None]] = field(default_factory=dict)  # tid → page, total
    current: int | None = None  # the thread being read
    total: int = 0  # the game's threads once the crawl has read the board list
    count: Callable[[], int] | None = None  # how to find that out
    recheck: bool = False  # the checks again from the stored posts after an answer (no crawl)

    def heard(self, data: Mapping[str, Any]) -> None:
        """One line of ``auditor audit --progress-json``."""
        self.stage = str(data.get("stage", self.stage))
        tid = data.get("tid")
        if isinstance(tid, int):
            if not self.threads and self.count is not None:  # the first page: threads known
                try:
                    self.total = self.count()
                except AuditorError:
                    self.total = 0
            page = int(data.get("page") or 0)
            total = data.get("total")
            self.threads[tid] = (page, total if isinstance(total, int) else None)
            self.current = tid
            self.pages += 1

    def progress(self, game: Game) -> dict[str, Any]:
        """What the page shows: the stage, pages read, threads begun of the game's threads,
        the thread being read (page of pages), and one line saying it all in Chinese."""
        threads = dict(self.threads)  # the worker thread adds to it meanwhile
        known = max(self.total, len({t.tid for t in game.threads} | set(threads)))
        now: dict[str, Any] = {}
        if self.current is not None and self.current in threads:
            page, total = threads[self.current]
            now = {"tid": self.current, "page": page, "total": total}
        line = STAGES.get(self.stage, self.stage)
        if self.recheck and self.stage in ("start", "wait", "check"):
            # (a re-check after an answer says so while it waits or starts: the director
            # was told 「正在重新检查」, and the page agrees)
            line = "正在重新检查（不抓取）" + ("：等另一个运行结束" if self.stage == "wait" else "")
        if self.pages:
            line += f" · 已读 {self.pages} 页 · 帖子 {len(threads)}/{known}"
        if self.stage == "crawl" and now:
            of = f"/{now['total']}" if now["total"] else ""
            line += f" · 正在读帖子 {now['tid']} 第 {now['page']}{of} 页"
        return {
            "stage": self.stage,
            "stage_name": STAGES.get(self.stage, self.stage),
            "pages": self.pages,
            "threads": len(threads),
            "threads_known": known,
            "current": now,
            "line": line,
        }


@dataclass(slots=True)
class Desk:
    games: dict[str, Game]
    reports: Path
    links: OneTimeLinks = field(default_factory=OneTimeLinks)
    limiter: LoginLimiter = field(default_factory=LoginLimiter)
    jobs: dict[str, AuditJob] = field(default_factory=dict)
    post_limit: int = 10000
    session_seconds: int = SESSION_SECONDS
    lock: threading.Lock = field(default_factory=threading.Lock)
    mtimes: dict[str, int] = field(default_factory=dict)  # each game file as last read


def environment() -> Environment:
    env = Environment(
        loader=ChoiceLoader(
            [PackageLoader("auditor.desk", "templates"), PackageLoader("auditor", "templates")]
        ),
        autoescape=True,
        undefined=StrictUndefined,
        auto_reload=False,  # (the templates are the package's: no stat of each per include)
        trim_blocks=True,
        lstrip_blocks=True,
        # (as the report's: forum text with its bidi controls and invisible characters
        # written out; the fields a form sends back written with |exact)
        finalize=show,
    )
    env.globals["draft_card"] = CardCache(env)
    env.globals["kept"] = KeptParts(env).render
    env.filters["short_links"] = short_links
    env.filters["desk_problem"] = desk_problem
    env.filters["quiet_asked"] = quiet_asked  # (a quiet player's question: its answers)
    return with_helpers(env)


_LINK = re.compile(r"https?://[^\s，。；、）)」]+")
_LINK_ID = re.compile(r"[?&#](pid|tid)=?(\d+)")


_PHASELESS = re.compile(r"^第(\d+)天没有找到环节（版杀7 每天分环节投票）：.*$", re.S)


def desk_problem(text: str, desk: Mapping[str, object]) -> str:
    """A state problem as the desk says it: a 版杀7 day with no 环节 counts its vote threads
    as the desk has them, and points to the day's form on this page, not to the game file
    (desk49 item 3: 大刘's day 1 had three vote threads, told 「投票帖只有一个」 and to write
    [[day.phase]] in TOML, on a phone)."""
    m = _PHASELESS.match(text)
    if m is None:
        return text
    day = int(m.group(1))
    times = desk.get("day_times")
    known = (
        next(
            (d for d in times if isinstance(d, Mapping) and d.get("number") == day),
            {},
        )
        if isinstance(times, list)
        else {}
    )
    count = known.get("votes", 0)
    votes = count if isinstance(count, int) else 0
    found = f"这一天有 {votes} 个投票帖" if votes > 1 else "这一天只找到一个投票帖"
    how = (
        f"在第{day}天的「更正第{day}天（延时、加速、环节）」里选「这一天几个环节：{votes} 个」，"
        "一次补上（每个环节用它的投票帖，名称照标题）"
        if votes > 1
        else f"在第{day}天的「更正第{day}天（延时、加速、环节）」里补上各环节"
    )
    return (
        f"第{day}天没有找到环节（版杀7 每天分环节投票）：{found}，各环节的时间没有读出，"
        f"现在按整天计算。请{how}，或确认这一天只有一个环节"
    )


def short_links(text: str) -> str:
    """A message's raw forum links shortened to what they point at (「帖子 pid 5021」, else
    the site): a phone's screen is not filled by one URL (desk49 item 5, 小鹿's 计票待核对);
    the links themselves are beside the message (在论坛查看)."""

    def short(m: re.Match[str]) -> str:
        found = _LINK_ID.search(m.group(0))
        if found:
            return f"（{found.group(1)} {found.group(2)}）"
        return "（论坛链接）"

    return _LINK.sub(short, text)


class CardCache:
    """A pending draft's card as the queue shows it (``report_draft.html.j2`` with its
    forms), rendered once for what it shows — the draft's record, the game, the filters its
    forms carry back and the page's CSRF slot — and served again to every page after: a
    decision changes the cards it touches (its player's standing), not the other hundred."""

    CARDS = 5000

    def __init__(self, env: Environment) -> None:
        self.env = env
        self._cards: dict[str, Exact] = {}

    def __call__(self, d: Mapping[str, object], desk: Mapping[str, object]) -> Exact:
        key = repr((desk["slug"], desk["filters"], desk["csrf"], desk["cards"], d))
        html = self._cards.get(key)
        if html is None:
            # (Exact: written as it is, each of its fields already made visible or kept
            # exact by the card's own template)
            html = Exact(self.env.get_template("report_draft.html.j2").render(d=d, desk=desk))
            if len(self._cards) >= self.CARDS:
                self._cards.clear()
            self._cards[key] = html
        return html


class KeptParts:
    """The parts of the game page that show only what the last check found — the forum's
    changes, activity, votes, the chart and the 电梯 (``report_counts.html.j2``,
    ``report_chart.html.j2``) — rendered once for what they stand on
    (:func:`actions.check_key` and the report-time values below) and served to every page
    after: a decision changes the cards and the standings, not these (on a big game they
    were a third of a page's rendering, rendered again after every decision)."""

    PARTS = 16

    def __init__(self, env: Environment) -> None:
        self.env = env
        self._parts: dict[tuple[object, ...], Exact] = {}
        self._lock = threading.Lock()

    @pass_context
    def render(self, context: Context, name: str, key: tuple[object, ...]) -> Exact:
        html = self._parts.get((name, key))
        if html is None:
            html = Exact(self.env.get_template(name).render(context.get_all()))
            with self._lock:
                if len(self._parts) >= self.PARTS:
                    self._parts.clear()
                self._parts[(name, key)] = html
        return html


def parts_key(check: tuple[object, ...] | None, recs: Records) -> tuple[object, ...] | None:
    """What the kept parts of a page stand on besides the check: the forum's changes since
    the last report (a crawl finds them, a report run moves their start) and each shown
    day's state (a day closes on the clock).  None: render them with the page."""
    if check is None:
        return None
    return (
        check,
        recs.changes_since,
        tuple((c.get("pid"), c.get("change"), c.get("found_at")) for c in recs.changes),
        tuple((d["number"], d["closed"], d["accelerated"]) for d in recs.days),
        recs.announce_day,
    )


CSRF_SLOT = "csrf-slot-" + secrets.token_hex(16)  # a kept page's place for the session's token
WHO_SLOT = "who-slot-" + secrets.token_hex(16)  # …and for the signed-in director's name


class PageCache:
    """Rendered game pages, each with the records it was rendered from (kept by reference:
    a page is served again only for those very records, see :func:`actions.records`)."""

    PAGES = 32

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self._pages: dict[tuple[object, ...], tuple[object, str]] = {}
        self._renders: dict[tuple[object, ...], Coalesced[str]] = {}

    def coalesced(self, key: tuple[object, ...]) -> Coalesced[str]:
        """The renders of the page ``key``: one at a time, shared by those who wait."""
        with self.lock:
            if len(self._renders) >= self.PAGES:
                self._renders.clear()  # (one still running finishes for its waiters)
            return self._renders.setdefault(key, Coalesced(""))

    def get(self, key: tuple[object, ...], recs: object) -> str | None:
        kept = self._pages.get(key)
        return kept[1] if kept is not None and kept[0] is recs else None

    def put(self, key: tuple[object, ...], recs: object, html: str) -> None:
        if len(self._pages) >= self.PAGES:
            self._pages.clear()
        self._pages[key] = (recs, html)


class DeskApp:
    """The desk's endpoints (one method each) over one :class:`Desk`."""

    def __init__(self, desk: Desk) -> None:
        self.desk = desk
        self.env = environment()
        self.sessions = Sessions(desk.session_seconds)
        self.pages = PageCache()
        for slug, game in desk.games.items():  # as read at start
            desk.mtimes.setdefault(slug, game.path.stat().st_mtime_ns)

    def confirm(
        self,
        request: Request,
        slug: str,
        form: Any,
        what: str,
        action: str,
        extra: Mapping[str, str] | None = None,
        members: Sequence[Mapping[str, object]] = (),
        draft: Mapping[str, object] | None = None,
    ) -> HTMLResponse:
        """The confirmation page for a red card, a batch or the same manual card again: the
        same form posted again to ``action`` with ``confirm=1`` and ``extra`` (the CSRF
        token is the page's own)."""
        return self.page(
            request,
            "confirm.html.j2",
            slug=slug,
            what=what,
            fields={
                **{k: str(v) for k, v in form.items() if k not in ("csrf", "pick")},
                **(extra or {}),
            },
            target=f"/g/{slug}/{action}",
            members=members,
            draft=draft,
        )

    def page(self, request: Request, name: str, status: int = 200, **ctx: Any) -> HTMLResponse:
        html = self.env.get_template(name).render(csrf=csrf_token(request), **ctx)
        return HTMLResponse(html, status_code=status)

    def message(self, request: Request, text: str, status: int) -> HTMLResponse:
        return self.page(request, "message.html.j2", status=status, text=text, back="/")

    async def http_error(self, request: Request, exc: Exception) -> Response:
        """An address no route serves (404) or a method it does not take (405), in Chinese."""
        assert isinstance(exc, HTTPException)
        text = HTTP_ERRORS.get(exc.status_code, f"请求无法处理（HTTP {exc.status_code}）。")
        response = self.message(request, text, exc.status_code)
        response.headers.update(exc.headers or {})
        return response

    def game_or_404(self, request: Request) -> Game | None:
        """The game of the URL, read again when its file changed since (``auditor game
        --confirm`` or an editor): the file is the record.  A file that does not load as
        it stands (being edited) leaves the last good reading."""
        slug = request.path_params["slug"]
        game = self.desk.games.get(slug)
        if game is None:
            return None
        try:
            mtime = game.path.stat().st_mtime_ns
        except OSError:
            return game
        seen = self.desk.mtimes.setdefault(slug, mtime)
        if mtime != seen:
            self.desk.mtimes[slug] = mtime
            try:
                game = actions.load(game.path)
            except AuditorError:
                return game
            self.desk.games[slug] = game
        return game

    async def signed_in(self, request: Request, slug: str) -> str | None:
        """The director signed in to ``slug`` in this session: its server-side entry
        exists (no logout, not expired) and the director's password is still the one it
        was opened under (a new one ends every session opened before it)."""
        sid = request.session.get("sid")
        grant = self.sessions.grant(sid, slug)
        game = self.desk.games.get(slug)
        if grant is None or game is None:
            return None
        hashes = await self.password_hashes(game)
        if password_mark(hashes.get(grant.director)) != grant.password:
            self.sessions.sign_out(sid, slug)
            return None
        return grant.director

    async def password_hashes(self, game: Game) -> dict[str, str]:
        """The directors' password hashes; :class:`StoreBusy` when the store cannot be
        read (:func:`actions.password_hashes` waited for it): the store could not say who
        is signed in, so no one is told he is not — he is told the store is busy
        (:meth:`store_busy`), and his session stands."""
        try:
            return await run_in_threadpool(actions.password_hashes, game)
        except AuditorError as exc:
            raise StoreBusy(str(exc)) from exc

    async def store_busy(self, request: Request, exc: Exception) -> Response:
        """A request the store could not answer who is signed in (:class:`StoreBusy`): the
        audit's status as running (the page goes on asking, and reloads when the audit has
        ended and the store answers), a decision's script its message, a page 503."""
        assert isinstance(exc, StoreBusy)
        said = f"数据库暂时读不出（{exc}），没能确认登录；你的登录还在，请稍后再试。"
        slug = request.path_params.get("slug", "")
        game = self.desk.games.get(slug)
        if request.url.path.endswith("/audit/status") and game is not None:
            job = self.desk.jobs.get(slug) or AuditJob()
            progress = job.progress(game)
            if job.state != "running":
                progress["line"] = "数据库正忙，稍等"
            elapsed = (job.finished or time.time()) - job.started if job.started else 0
            return JSONResponse(
                {
                    "state": "running",
                    "message": "",
                    "elapsed": int(elapsed),
                    "progress": progress,
                    "busy": said,
                }
            )
        if request.headers.get("x-desk-fetch") == "1":
            return JSONResponse({"ok": False, "message": said}, status_code=503)
        return self.message(request, said, 503)

    def sign_in(self, request: Request, slug: str, name: str, stored_hash: str | None) -> None:
        request.session["csrf"] = new_token()  # a new session gets a new token
        request.session["sid"] = self.sessions.sign_in(
            request.session.get("sid"), slug, name, password_mark(stored_hash)
        )

    def flash(self, request: Request, kind: str, text: str) -> None:
        # (a message of the game file's checks names its tables, [[day]]: said in words)
        said = director_words(text, desk=True).replace("。。", "。")  # (+ rechecked's 。)
        request.session["flash"] = [*request.session.get("flash", []), [kind, said]]

    async def form_of(self, request: Request) -> Mapping[str, Any] | None:
        """The posted form when its CSRF token matches the session's, else None."""
        form = await request.form()
        if not same_token(str(form.get("csrf", "")), request.session.get("csrf")):
            return None
        return form

    def back(self, slug: str, form: Mapping[str, Any], anchor: str = "") -> RedirectResponse:
        """Back to the game's page, with the filters the form was sent under (its
        ``filter_*`` fields: a form's own ``player`` or ``day``, the draft's player or a
        proposal's corrected day, is no filter)."""
        query = {k: str(form.get(f"filter_{k}", "")) for k in FILTERS if form.get(f"filter_{k}")}
        url = f"/g/{slug}" + (f"?{urlencode(query)}" if query else "") + anchor
        return RedirectResponse(url, status_code=303)

    def wrote_game_file(
        self,
        request: Request,
        slug: str,
        form: Mapping[str, object],
        done: actions.Done,
        fresh: Game,
        anchor: str = "",
    ) -> RedirectResponse:
        """After an answer written to the game file: the fresh game kept as the record (its
        mtime too, so the next page does not read it again), what was done told with the
        re-check's note, and back to the page at ``anchor``."""
        self.desk.games[slug] = fresh  # the game file is the record now
        self.desk.mtimes[slug] = fresh.path.stat().st_mtime_ns
        kind_said, text = self.said(done, game_file=True)
        self.flash(request, kind_said, text + self.rechecked(fresh, slug, done))
        return self.back(slug, form, anchor)

    # ---------------------------------------------------------------- pages
    async def index(self, request: Request) -> Response:
        if len(self.desk.games) == 1:
            return RedirectResponse(f"/g/{next(iter(self.desk.games))}", status_code=303)
        labels = game_labels(self.desk.games)
        games = [
            {
                "slug": s,
                "name": labels[s],
                "path": str(g.path),
                "who": await self.signed_in(request, s),
            }
            for s, g in self.desk.games.items()
        ]
        return self.page(request, "index.html.j2", games=games)

    async def login_page(self, request: Request) -> Response:
        game = self.game_or_404(request)
        if game is None:
            return self.message(request, "没有这个游戏。", 404)
        return self.page(
            request, "login.html.j2", game=game, slug=request.path_params["slug"], error=""
        )

    async def login(self, request: Request) -> Response:
        game = self.game_or_404(request)
        if game is None:
            return self.message(request, "没有这个游戏。", 404)
        slug = request.path_params["slug"]
        form = await self.form_of(request)
        if form is None:
            return self.message(request, "表单已过期或缺少校验码（CSRF），请刷新页面后重试。", 403)
        key = (request.client.host if request.client else "?", slug)
        wait = self.desk.limiter.wait(key)
        if wait:
            return self.page(
                request,
                "login.html.j2",
                status=429,
                game=game,
                slug=slug,
                error=f"登录失败次数过多，请 {wait} 秒后再试。",
            )
        name = str(form.get("director", ""))
        password = str(form.get("password", ""))
        hashes = await self.password_hashes(game)
        stored = hashes.get(name)
        ok = name in game.directors and stored is not None
        ok = await run_in_threadpool(verify_password, password, stored or "") and ok
        if not ok:
            self.desk.limiter.failed(key)
            return self.page(
                request,
                "login.html.j2",
                status=401,
                game=game,
                slug=slug,
                error="导演名或密码不对（密码用 auditor serve --set-password 设置）。",
            )
        self.desk.limiter.succeeded(key)
        self.sign_in(request, slug, name, stored)
        return RedirectResponse(f"/g/{slug}", status_code=303)

    async def link_login(self, request: Request) -> Response:
        grant = self.desk.links.use(request.path_params["token"])
        if grant is None or grant.slug not in self.desk.games:
            return self.message(request, "登录链接无效或已用过（每个链接只能用一次）。", 403)
        hashes = await self.password_hashes(self.desk.games[grant.slug])
        self.sign_in(request, grant.slug, grant.director, hashes.get(grant.director))
        return RedirectResponse(f"/g/{grant.slug}", status_code=303)

    async def logout(self, request: Request) -> Response:
        slug = request.path_params["slug"]
        form = await self.form_of(request)
        if form is None:
            return self.message(request, "表单已过期或缺少校验码（CSRF），请刷新页面后重试。", 403)
        self.sessions.sign_out(request.session.get("sid"), slug)  # a copied cookie too
        return RedirectResponse(f"/g/{slug}/login", status_code=303)

    async def game_page(self, request: Request) -> Response:
        game = self.game_or_404(request)
        if game is None:
            return self.message(request, "没有这个游戏。", 404)
        slug = request.path_params["slug"]
        who = await self.signed_in(request, slug)
        if who is None:
            return RedirectResponse(f"/g/{slug}/login", status_code=303)
        filters = {k: request.query_params.get(k, "") for k in FILTERS}
        if filters["status"] not in STATUSES:
            filters["status"] = ""
        flash = request.session.pop("flash", [])
        html = await run_in_threadpool(self.render_page, game, slug, filters, flash)
        return HTMLResponse(
            html.replace(CSRF_SLOT, csrf_token(request)).replace(WHO_SLOT, escape(who))
        )

    def render_page(
        self,
        game: Game,
        slug: str,
        filters: dict[str, str],
        flash: list[list[str]],
    ) -> str:
        """The game page with :data:`CSRF_SLOT` where the session's CSRF token goes and
        :data:`WHO_SLOT` where the signed-in director's name goes.  Pages are kept
        (:class:`PageCache`): one rendered for the same records (the same store state, see
        :func:`actions.records`), filters and audit state is served again, to every
        director, and of several asked for at once one is rendered while the others wait
        for it.  A page with a message (a form's result) is rendered for its own."""
        job = self.desk.jobs.get(slug)
        key = (
            slug,
            tuple(filters.items()),
            (job.state, job.message, job.progress(game)["line"]) if job else (),
            tuple(self.desk.games),
        )
        if flash:
            return self.fresh_page(game, slug, filters, flash)
        recs = actions.records_if_current(game)
        kept = self.pages.get(key, recs) if recs is not None else None
        if kept is not None:
            return kept
        return self.pages.coalesced(key).run(lambda: self.fresh_page(game, slug, filters, [], key))

    def fresh_page(
        self,
        game: Game,
        slug: str,
        filters: dict[str, str],
        flash: list[list[str]],
        key: tuple[object, ...] | None = None,
    ) -> str:
        """The game page rendered now (kept under ``key``, a page without a message)."""
        recs = actions.records(game)
        job = self.desk.jobs.get(slug)
        last = actions.last_audit(game, running=job is not None and job.state == "running")
        ctx = desk_context(self.desk, slug, game, WHO_SLOT, recs, filters, last)
        ctx["proposals"] = actions.proposals(game)
        ctx["asked"] = asked_by_day(recs, ctx["proposals"])
        ctx["file_events"] = actions.confirmed_events(game)
        ctx["histories"] = actions.histories(game)
        problem = actions.rewrite_problem(game)
        ctx["flash"] = (
            [*flash, ["error", f"报告没有重写：{problem}（决定都已保存）"]] if problem else flash
        )
        ctx["csrf"] = CSRF_SLOT
        ctx["check_key"] = parts_key(actions.check_key(game, recs), recs)
        posts = posts_of(recs, None)  # (the desk's announcement is its own section)
        html = self.env.get_template("report.html.j2").render(r=recs, desk=ctx, posts=posts)
        if key is not None:
            self.pages.put(key, recs, html)
        return html

    # ---------------------------------------------------------------- actions
    async def guarded(
        self, request: Request
    ) -> tuple[Game, str, str, Mapping[str, Any]] | Response:
        game = self.game_or_404(request)
        if game is None:
            return self.message(request, "没有这个游戏。", 404)
        slug = request.path_params["slug"]
        who = await self.signed_in(request, slug)
        if who is None:
            return self.message(request, "没有登录或登录已过期：请先登录。", 403)
        form = await self.form_of(request)
        if form is None:
            return self.message(request, "表单已过期或缺少校验码（CSRF），请刷新页面后重试。", 403)
        return game, slug, who, form

    def answer(
        self,
        request: Request,
        slug: str,
        form: Mapping[str, object],
        said: tuple[str, str],
        anchor: str,
    ) -> Response:
        """What a decision's form gets back: the page's script (``X-Desk-Fetch``) the result
        as JSON, shown beside the card it acted on; a plain form the page again, with the
        result as a flash at the top of the queue."""
        if request.headers.get("x-desk-fetch") == "1":
            return JSONResponse({"ok": said[0] == "ok", "message": said[1]})
        self.flash(request, *said)
        return self.back(slug, form, anchor)

    async def decide_post(self, request: Request) -> Response:
        got = await self.guarded(request)
        if isinstance(got, Response):
            return got
        game, slug, who, form = got
        ident = str(form.get("id", ""))
        action = str(form.get("action", ""))
        # a colour's own button (one tap: 改判 黄牌) says its card in its value
        action, _, chosen = action.partition("-")
        picked = chosen or str(form.get("card", ""))
        card = parse_card(picked) if action == "recolour" else None
        if action == "recolour" and card is None:
            return self.answer(
                request, slug, form, ("error", "请选择要改判的颜色。"), f"#draft-{ident}"
            )
        decision = {
            "approve": "approve",
            "recolour": "approve",
            "reject": "reject",
            "undo": "undo",
        }.get(action)
        if decision is None:
            return self.message(request, "未知的操作。", 400)
        chosen = card or str(form.get("suggested", ""))
        if decision == "approve" and form.get("confirm") != "1":
            # a red, or the card that makes one (三黄合一红) by the player's cards as they
            # are now (not as the page was drawn): asked again (红牌要再确认一次), the draft
            # itself beside the question: its rule, day, post, reason and standing
            recs = await run_in_threadpool(actions.records, game)
            found = next((d for d in recs.drafts if str(d["id"]) == ident), None)
            # (the card says so on the page only then: 批准时会再问一次; fh45b bug 4)
            if chosen == "red" or chosen in _asked_again(found):
                what = red_question(str(form.get("player", "")), chosen, found)
                if request.headers.get("x-desk-fetch") == "1":  # (the card was drawn before)
                    return JSONResponse({"ok": False, "ask": True, "message": what})
                return self.confirm(request, slug, form, what, "decide", draft=found)
        try:
            done = await run_in_threadpool(
                actions.decide_draft,
                game,
                ident,
                decision,
                card=card,
                note=str(form.get("note", "")).strip(),
                by=who,
                expected=str(form.get("rev", "")),
                reports=self.desk.reports,
                wait=request.headers.get("x-desk-fetch") != "1",
                anyway=form.get("anyway") == "1",
            )
        except AuditorError as exc:
            return self.answer(request, slug, form, ("error", str(exc)), f"#draft-{ident}")
        return self.answer(request, slug, form, _said(done), "#drafts")

    async def batch_post(self, request: Request) -> Response:
        got = await self.guarded(request)
        if isinstance(got, Response):
            return got
        game, slug, who, form = got
        picked = _picked(form)
        items = _items(picked if picked is not None else str(form.get("items", "")))
        if not items:
            self.flash(request, "error", "没有选中草稿。")
            return self.back(slug, form, "#drafts")
        if form.get("confirm") != "1":
            recs = await run_in_threadpool(actions.records, game)
            return self.confirm(
                request,
                slug,
                form,
                f"确认一次批准这 {len(items)} 条草稿（{form.get('label', '')}）？"
                "请先看下面每一条，不该批准的取消勾选。",
                "batch",
                {"picked": "1"},
                members=batch_members(recs.drafts, items),
            )
        try:
            done = await run_in_threadpool(
                actions.decide_many, game, items, by=who, reports=self.desk.reports
            )
        except AuditorError as exc:
            self.flash(request, "error", f"没有批准任何一条：{exc}")
            return self.back(slug, form, "#drafts")
        self.flash(request, *_said(done))
        return self.back(slug, form, "#drafts")

    async def card_post(self, request: Request) -> Response:
        got = await self.guarded(request)
        if isinstance(got, Response):
            return got
        game, slug, who, form = got
        card = parse_card(str(form.get("card", "")))
        raw_day = str(form.get("day", "")).strip()
        if card is None or card not in DECIDABLE_CARDS:
            self.flash(request, "error", "请选择牌的颜色。")
            return self.back(slug, form, "#manual")
        if raw_day and not raw_day.isdecimal():
            self.flash(request, "error", f"天数应当是数字：{raw_day}")
            return self.back(slug, form, "#manual")
        if card == "red" and form.get("confirm") != "1":
            return self.confirm(
                request,
                slug,
                form,
                f"确认给 {form.get('player', '')} 一张红牌？红牌即罚下。",
                "card",
            )
        try:
            done = await run_in_threadpool(
                actions.manual_card,
                game,
                str(form.get("player", "")),
                card,
                str(form.get("reason", "")).strip(),
                int(raw_day) if raw_day else None,
                by=who,
                reports=self.desk.reports,
                again=form.get("again") == "1",
            )
        except DuplicateCardError as exc:  # (a form sent twice, or really a second time)
            return self.confirm(
                request, slug, form, f"{exc}。确实再加一张？", "card", {"again": "1"}
            )
        except AuditorError as exc:
            self.flash(request, "error", str(exc))
            return self.back(slug, form, "#manual")
        self.flash(request, *_said(done))
        return self.back(slug, form, "#approved")

    async def confirm_post(self, request: Request) -> Response:
        """Confirm one proposal (a discovered thread, day or event, a tally outcome, an 加速
        request), as it stands or with the player or day the director corrected."""
        got = await self.guarded(request)
        if isinstance(got, Response):
            return got
        game, slug, who, form = got
        ident = str(form.get("id", ""))
        raw_day = str(form.get("day", "")).strip()
        if raw_day and not raw_day.isdecimal():
            self.flash(request, "error", f"天数应当是数字：{raw_day}")
            return self.back(slug, form, "#proposals")
        raw_closes = form.get("closes")
        try:
            closes = actions.parse_closes(str(raw_closes)) if raw_closes is not None else None
            done, fresh = await run_in_threadpool(
                actions.confirm_proposal,
                game,
                ident,
                player=str(form.get("player", "")).strip() or None,
                day=int(raw_day) if raw_day else None,
                by=who,
                reports=self.desk.reports,
                closes=closes,
                fix=corrections.fields_of(form),
                hour=str(form.get("hour", "")).strip() or None,
            )
        except AuditorError as exc:
            self.flash(request, "error", str(exc))
            return self.back(slug, form, "#proposals")
        self.desk.games[slug] = fresh  # the game file is the record now
        self.desk.mtimes[slug] = fresh.path.stat().st_mtime_ns
        kind, text = _said(done, game_file=True)
        self.flash(request, kind, text + self.rechecked(fresh, slug, done))
        return self.back(slug, form, "#proposals")

    async def confirm_all_post(self, request: Request) -> Response:
        """Confirm every proposal read from the threads' titles at once, as they stand (the
        ids the page listed: one confirmed meanwhile by another director is said, not
        confirmed twice)."""
        got = await self.guarded(request)
        if isinstance(got, Response):
            return got
        game, slug, who, form = got
        ids = [i.strip() for i in str(form.get("ids", "")).split(",") if i.strip()]
        if not ids:
            self.flash(request, "error", "没有要确认的提议。")
            return self.back(slug, form, "#proposals")
        try:
            done, fresh = await run_in_threadpool(
                actions.confirm_many, game, ids, by=who, reports=self.desk.reports
            )
        except AuditorError as exc:
            self.flash(request, "error", str(exc))
            return self.back(slug, form, "#proposals")
        self.desk.games[slug] = fresh
        self.desk.mtimes[slug] = fresh.path.stat().st_mtime_ns
        kind, text = _said(done, game_file=True)
        self.flash(request, kind, text + self.rechecked(fresh, slug, done))
        return self.back(slug, form, "#proposals")

    @staticmethod
    def said(done: actions.Done, *, game_file: bool = False) -> tuple[str, str]:
        return _said(done, game_file=game_file)  # (for the forms in other modules)

    async def dismiss_post(self, request: Request) -> Response:
        return await corrections.dismiss_post(self, request)  # 不是公告 / 读对了

    async def audit_post(self, request: Request) -> Response:
        got = await self.guarded(request)
        if isinstance(got, Response):
            return got
        game, slug, _who, form = got
        if not self.start_job(game, slug):
            self.flash(request, "error", "审计已经在运行。")
            return self.back(slug, form)
        self.flash(request, "ok", "审计已开始：抓取 → 检查 → 报告。")
        return self.back(slug, form)

    def start_job(self, game: Game, slug: str, *, crawl: bool = True) -> bool:
        """Start the game's audit in the background (``crawl=False``: the checks again from
        the stored posts, no page read); False when one is running already."""
        with self.desk.lock:
            job = self.desk.jobs.get(slug)
            if job is not None and job.state == "running":
                return False
            said = "正在抓取和检查…" if crawl else "答案改了游戏状态：正在重新检查（不抓取）…"
            job = AuditJob(state="running", message=said, started=time.time(), recheck=not crawl)
            job.count = lambda: actions.thread_count(game)
            self.desk.jobs[slug] = job

        def work() -> None:
            try:
                job.message = actions.run_audit(game, self.desk.reports, job.heard, crawl=crawl)
                job.state = "done"
            except AuditorError as exc:
                job.message, job.state = str(exc), "failed"
            except Exception as exc:  # shown to the director; the desk keeps serving
                job.message, job.state = f"审计失败：{type(exc).__name__}: {exc}", "failed"
            job.finished = time.time()

        job.thread = threading.Thread(target=work, name=f"audit-{slug}", daemon=True)
        job.thread.start()
        return True

    def rechecked(self, game: Game, slug: str, done: actions.Done) -> str:
        """After an answer that changed days (``done.changed``): the checks run again from
        the stored posts at once (fh46 desk item 1: the drafts judged on the days as they
        were are locked until then), said after the answer's message."""
        if not done.changed:
            return ""
        days = "、".join(f"第{d}天" for d in done.changed)
        if self.start_job(game, slug, crawl=False):
            return f"。{days}改了：正在重新检查（不抓取），这几天的牌检查完再批"
        return f"。{days}改了：审计正在运行，结束后请再点「开始审计」，这几天的牌检查完再批"

    async def tally_post(self, request: Request) -> Response:
        """计票待核对 answered: 公示为准 or 计票是对的 (fh46 desk item 2)."""
        got = await self.guarded(request)
        if isinstance(got, Response):
            return got
        game, slug, who, form = got
        raw_day = str(form.get("day", "")).strip()
        if not raw_day.isdecimal():
            self.flash(request, "error", f"天数应当是数字：{raw_day}")
            return self.back(slug, form, "#tallies")
        try:
            done = await run_in_threadpool(
                actions.answer_tally,
                game,
                int(raw_day),
                str(form.get("answer", "")),
                by=who,
                reports=self.desk.reports,
            )
        except AuditorError as exc:
            self.flash(request, "error", str(exc))
            return self.back(slug, form, "#tallies")
        self.flash(request, *_said(done))
        return self.back(slug, form, "#queue-summary")

    async def audit_status(self, request: Request) -> Response:
        slug = request.path_params["slug"]
        if slug not in self.desk.games or await self.signed_in(request, slug) is None:
            return JSONResponse({"error": "没有登录"}, status_code=403)
        job = self.desk.jobs.get(slug) or AuditJob()
        elapsed = (job.finished or time.time()) - job.started if job.started else 0
        return JSONResponse(
            {
                "state": job.state,
                "message": job.message,
                "elapsed": int(elapsed),
                "progress": job.progress(self.desk.games[slug]),
            }
        )

    async def static(self, request: Request) -> Response:
        entry = STATIC.get(request.path_params["name"])
        if entry is None:
            return Response("没有这个文件。", status_code=404, media_type="text/plain")
        package, path, media = entry
        data = resources.files(package).joinpath(path).read_bytes()
        return Response(data, media_type=media)

    async def favicon(self, request: Request) -> Response:
        return Response(status_code=204)


def create_app(
    desk: Desk,
    *,
    secret: str | None = None,
    hosts: Sequence[str] = (),
    secure_cookies: bool = False,
) -> Starlette:
    """The desk's app; ``secure_cookies``: the cookie carries ``Secure`` (served behind
    https: the browser never sends it over plain http)."""
    app = DeskApp(desk)
    routes = [
        Route("/", app.index),
        Route("/favicon.ico", app.favicon),
        Route("/static/{name}", app.static),
        Route("/login/{token}", app.link_login),
        Route("/g/{slug}", app.game_page),
        Route("/g/{slug}/login", app.login_page, methods=["GET"]),
        Route("/g/{slug}/login", app.login, methods=["POST"]),
        Route("/g/{slug}/logout", app.logout, methods=["POST"]),
        Route("/g/{slug}/decide", app.decide_post, methods=["POST"]),
        Route("/g/{slug}/batch", app.batch_post, methods=["POST"]),
        Route("/g/{slug}/card", app.card_post, methods=["POST"]),
        Route("/g/{slug}/confirm", app.confirm_post, methods=["POST"]),
        Route("/g/{slug}/confirm-all", app.confirm_all_post, methods=["POST"]),
        Route("/g/{slug}/tally-answer", app.tally_post, methods=["POST"]),
        Route("/g/{slug}/dismiss", app.dismiss_post, methods=["POST"]),
        Route("/g/{slug}/reject", partial(corrections.reject_post, app), methods=["POST"]),
        Route("/g/{slug}/add", partial(corrections.add_post, app), methods=["POST"]),
        Route("/g/{slug}/alias", partial(corrections.alias_post, app), methods=["POST"]),
        Route("/g/{slug}/quiet", partial(corrections.quiet_post, app), methods=["POST"]),
        Route("/g/{slug}/event", partial(corrections.event_post, app), methods=["POST"]),
        Route("/g/{slug}/vote", partial(corrections.vote_post, app), methods=["POST"]),
        Route("/g/{slug}/audit", app.audit_post, methods=["POST"]),
        Route("/g/{slug}/audit/status", app.audit_status),
        Route("/g/{slug}/post", partial(post_page.show, app), methods=["GET"]),
        Route("/g/{slug}/post/forum", partial(post_page.forum_state, app), methods=["GET"]),
        Route("/g/{slug}/post", partial(post_page.post, app), methods=["POST"]),
        Route("/g/{slug}/post/by-hand", partial(post_page.by_hand, app), methods=["POST"]),
    ]
    middleware = [
        Middleware(SecurityHeaders),
        Middleware(
            SessionMiddleware,
            secret_key=secret or secrets.token_hex(32),
            session_cookie="auditor_desk",
            max_age=desk.session_seconds,
            same_site="strict",
            https_only=secure_cookies,
        ),
    ]
    if hosts:
        middleware.insert(0, Middleware(TrustedHostMiddleware, allowed_hosts=list(hosts)))
    return Starlette(
        routes=routes,
        middleware=middleware,
        exception_handlers={HTTPException: app.http_error, StoreBusy: app.store_busy},
        lifespan=_warm_life(desk),
    )


def _warm_life(desk: Desk) -> Callable[[Starlette], AbstractAsyncContextManager[None]]:
    """:func:`_lifespan` with the warm worker the desk's audits are forked from started
    at the start (:func:`auditor.desk.recheck.start`: it warms up on the desk's games in
    the background while the desk serves)."""

    @asynccontextmanager
    async def life(app: Starlette) -> AsyncIterator[None]:
        await run_in_threadpool(recheck.start, recheck.warm_games(list(desk.games.values())))
        async with _lifespan(app):
            yield

    return life


@asynccontextmanager
async def _lifespan(_app: Starlette) -> AsyncIterator[None]:
    """The desk's life: when it stops, so do the audits it started (a re-check begun before
    the director's last answer must not write its older view after the server is gone),
    and then the warm worker they were forked from."""
    yield
    await run_in_threadpool(actions.stop_audits)
    await run_in_threadpool(recheck.stop)


def csrf_token(request: Request) -> str:
    token = request.session.get("csrf")
    if not token:
        token = new_token()
        request.session["csrf"] = token
    return str(token)


def _said(done: actions.Done, *, game_file: bool = False) -> tuple[str, str]:
    """The flash of a decision that was made: ``("ok", …)``, or ``("error", …)`` when the
    report could not be rewritten after it (the decision stands)."""
    if done.report_error:
        return "error", (
            f"{done.message}。决定已保存，但报告没有重写：{done.report_error}。"
            "请处理后运行 auditor report 重写报告（不要重复这个决定）。"
        )
    return "ok", done.message + _rewritten(done, game_file=game_file)


def _rewritten(done: actions.Done, *, game_file: bool = False) -> str:
    if done.following or done.rewritten is not None:
        # (one wording whether the rewrite was waited for or follows: a batch and one card
        # said 已重写 and 随后重写 for the same thing)
        return "。报告、CSV 和公告随之更新。"
    if done.rewritten is None and game_file:  # the running audit read the file at its start
        return "。审计正在运行：它开始时已读过游戏文件，下一次审计或报告会用上这个确认。"
    if done.rewritten is None:
        return "。审计正在运行：报告由审计写出（它会读到这个决定）。"
    return "。报告、CSV 和公告随之更新。"


# The audit's line about what waits for confirmation (nightly._confirming): a count of the
# moment the audit ended, shown beside the desk's own live 待确认 count (it said 待确认 3 项
# next to 待确认 0); the desk drops it and says its own count (desk_bar).
_WAITING_LINE = re.compile(r"\n?待确认 \d+ 项（[^\n]*")


def audit_message(message: str) -> str:
    """The desk's audit message without the audit's own 待确认 count."""
    return _WAITING_LINE.sub("", message).strip()


#: Time zones a director knows by name, when the game file names one of them.  Not
#: Asia/Shanghai: every new game file is written with it (a Hong Kong game kept it, fh44,
#: and was told 北京时间), so it says only its offset.
_ZONE_NAMES = {
    "Asia/Hong_Kong": "香港时间",
    "Asia/Taipei": "台北时间",
    "Asia/Tokyo": "东京时间",
}


def zone_words(game: Game) -> str:
    """The forum's clock in words: 论坛时间（UTC+08:00）, or with a zone the game file names
    on purpose, 论坛时间（香港时间 UTC+08:00）."""
    offset = datetime.now(game.timezone).strftime("%z")
    utc = f"UTC{offset[:3]}:{offset[3:]}" if offset else "UTC"
    name = _ZONE_NAMES.get(str(game.timezone))
    return f"论坛时间（{name} {utc}）" if name else f"论坛时间（{utc}）"


def day_times(game: Game) -> list[dict[str, object]]:
    """Each day of the game file with its opening and close as a datetime-local field
    takes them (the forum's clock): the add-a-day form fills them when its day is typed."""
    fmt = "%Y-%m-%dT%H:%M"
    return [
        {
            "number": d.number,
            "opens": d.opens.astimezone(game.timezone).strftime(fmt),
            "closes": d.closes.astimezone(game.timezone).strftime(fmt),
            "accelerated": d.accelerated,
            # (its vote threads and 环节: the day form's 「这一天几个环节」, desk49 item 4)
            "votes": sum(
                1 for t in game.threads if t.kind is ThreadKind.VOTE and t.day == d.number
            ),
            "phases": len(d.phases),
        }
        for d in game.days
    ]


# A ballot's problems no target mends (pipeline.STANDING): its notice offers 作废 only.
def vote_fixes(votes: Sequence[Mapping[str, object]]) -> dict[int, dict[str, object]]:
    """What a vote notice offers (fh47c items 4–5), by the ballot's pid: the suggestion
    (「算这一票：投 X」 in one tap) and whether a target would mend it (else 作废 only)."""

    out: dict[int, dict[str, object]] = {}
    for v in votes:
        pid, problem = v.get("pid"), v.get("problem")
        if isinstance(pid, int) and problem and problem != "corrected":
            out[pid] = {
                "suggestion": v.get("suggestion") or "",
                "mendable": problem not in STANDING,
            }
    return out


def desk_context(
    desk: Desk,
    slug: str,
    game: Game,
    who: str,
    recs: Any,
    filters: Mapping[str, str],
    last: Mapping[str, object],
) -> dict[str, Any]:
    """What the desk adds to the report template: the filtered queue (pending drafts, and
    the decided ones under the same player/day/rule filters), batch groups, choices for the
    forms, the announcement and the audit's state."""
    status = filters.get("status") or "pending"
    queue, notices, held = _held_apart(*_queue(recs.drafts, filters, status))
    decided = [x for x in recs.decided if _kept(x, filters)]
    text = render_bbcode(recs)
    job = desk.jobs.get(slug)
    return {
        "slug": slug,
        "check_key": None,  # (fresh_page: what its kept parts stand on, parts_key)
        "name": who,
        "games": [{"slug": s, "name": n} for s, n in game_labels(desk.games).items()],
        "filters": dict(filters),
        "players": list(game.players),
        "vote_fixes": vote_fixes(recs.votes),
        # the zone a 延时's new close time is typed in, in words (论坛时间（北京时间）)
        "timezone": zone_words(game),
        # a time field's example: the game's clock now (fh46: not a date of no game)
        "example": actions.example_time(game),
        "day_times": day_times(actions.current_game(game))
        if game.discovers
        else [],  # (补上这一天 fills a day's times as they are now)
        "days": sorted({d["day"] for d in recs.drafts if d["day"] is not None}),
        "rules": sorted({(d["code"], d["title"]) for d in recs.drafts}),
        "queue": queue,
        "held": held,
        "questions": recs.questions,
        "pending": _count(recs.drafts, notice=False),
        # of them, those waiting on their day's questions (待处理 N（其中 M 条等问题答完）)
        "held_pending": _held_cards(recs.drafts),
        "notices": notices,
        "notice_count": _count(recs.drafts, notice=True),
        "approved": _approved(recs.decided),
        "rejected": sum(1 for x in recs.decided if x["decision"] == "reject"),
        "decided": decided,
        "histories": {},
        "filtered": any(filters.get(k) for k in ("player", "day", "rule")) or status != "pending",
        "batches": _batches(queue),
        "cards": CARD_CHOICES if recs.game.get("cards", True) else NO_CARD_CHOICES,
        "manual_cards": ("blue", "yellow", "red", "substitute")
        if recs.game.get("cards", True)
        else NO_CARD_CHOICES,
        "announcement": _announcement(text, game.forum.maxpostsize, desk.post_limit),
        # approved cards left out of it (their day has a question): said beside it (fh46)
        "held_back": held_back(recs),
        "audit": {
            "last": dict(last),
            "state": job.state if job else "idle",
            "message": audit_message(job.message) if job else "",
            "finished": f"{job.finished:.3f}" if job and job.finished else "",
            "progress": job.progress(game) if job else {},
        },
        "flash": [],
        "csrf": "",
        "proposals": [],
        "asked": [],  # (fresh_page: asked_by_day, the questions first on the page)
        "file_events": [],  # (fresh_page: the game file's events, to 改 / 撤销)
        "discovers": game.discovers,  # threads, days and events read from the forum
    }


@dataclass(slots=True)
class Asked:
    """One day's questions, first on the desk: its posts not read and its proposals."""

    day: int | None
    unread: list[Mapping[str, object]] = field(default_factory=list)
    proposals: list[Mapping[str, object]] = field(default_factory=list)


def asked_by_day(recs: Records, proposals: Sequence[Mapping[str, object]]) -> list[Asked]:
    """What the director must answer, by day (fh42 item 7: first on the desk, above every
    card): each day's posts not read (未读懂的公告, the day :mod:`auditor.ledger.held` placed
    them in) and proposals to confirm, the days in order, those of no day last."""
    placed = {(i["kind"], str(i["ident"])): q["day"] for q in recs.questions for i in q["items"]}
    groups: dict[int | None, Asked] = {}
    for u in (recs.game_state or {}).get("unread") or []:
        day = placed.get(("unread", str(u["pid"])))
        groups.setdefault(day, Asked(day)).unread.append(u)
    for p in proposals:
        # (the day its question is about, as held placed it: a substitute or a night death
        # proposed at night is the next day's — session 47, 老贺's 替补 at 12-04 22:00 was
        # listed under 第1天; else the day its item falls in)
        day = placed.get(("proposal", str(p["id"])), p["day"])
        key = day if isinstance(day, int) else None
        groups.setdefault(key, Asked(key)).proposals.append(p)
    return [groups[d] for d in sorted(groups, key=lambda d: (d is None, d or 0))]


def _queue(
    drafts: Sequence[Mapping[str, object]], filters: Mapping[str, str], status: str
) -> tuple[list[Mapping[str, object]], list[Mapping[str, object]]]:
    """The filtered drafts as (queue, notices): the queue is what needs a decision (a card,
    a substitute); 不处罚 / 提醒导演 are notices, read apart and never counted as 待处理."""
    if status not in ("pending", "all"):
        return [], []
    shown = [d for d in drafts if _kept(d, filters)]
    return [d for d in shown if not d["notice"]], [d for d in shown if d["notice"]]


def _held_apart(
    queue: Sequence[Mapping[str, object]], notices: Sequence[Mapping[str, object]]
) -> tuple[list[Mapping[str, object]], list[Mapping[str, object]], list[Mapping[str, object]]]:
    """(queue, notices, held): a draft whose day has an open question waits under it
    (:mod:`auditor.ledger.held`), in no batch, never among the cards offered."""
    held = [d for d in [*queue, *notices] if d.get("held") is not None]
    return (
        [d for d in queue if d.get("held") is None],
        [d for d in notices if d.get("held") is None],
        held,
    )


def _held_cards(drafts: Sequence[Mapping[str, object]]) -> int:
    """The pending cards (no notice) waiting on their day's questions."""
    return sum(1 for d in drafts if d.get("held") is not None and not d["notice"])


def _count(drafts: Sequence[Mapping[str, object]], *, notice: bool) -> int:
    return sum(1 for d in drafts if bool(d["notice"]) is notice)


def _approved(decided: Sequence[Mapping[str, object]]) -> int:
    """Approved cards (a notice seen, approved as 不处罚 / 提醒导演, is not one)."""
    return sum(1 for x in decided if x["decision"] == "approve" and x["card"] not in NOT_CARDS)


def game_labels(games: Mapping[str, Game]) -> dict[str, str]:
    """Each served game's name as the index and the bar show it: its title with its tag
    (``[M107] 摩天大楼``) when the title lacks it, and, where two games would read the same
    (two copies of one game file in two folders), its folder's name after it — never two
    links that look alike."""
    named = {
        slug: f"[{g.tag}] {g.name}" if g.tag and g.tag not in g.name else g.name
        for slug, g in games.items()
    }
    seen = Counter(named.values())
    return {slug: f"{n}（{slug}）" if seen[n] > 1 else n for slug, n in named.items()}


def _kept(item: Mapping[str, object], filters: Mapping[str, str]) -> bool:
    """Whether a draft or a decided item passes the player, day and rule filters."""
    return (
        (not filters.get("player") or item["player"] == filters["player"])
        and (not filters.get("day") or str(item["day"]) == filters["day"])
        and (not filters.get("rule") or item["code"] == filters["rule"])
    )


def _announcement(text: str, maxpostsize: int, serve_limit: int) -> dict[str, object]:
    """The announcement as the desk shows it: its size as the forum counts it (the UTF-8
    bytes a browser sends, each line break as CRLF: docs/posting.md) against the game's
    ``[forum] maxpostsize`` (0, no limit: ``serve --post-limit``), and its parts."""
    limit = maxpostsize or serve_limit
    return {
        "text": text,
        "length": post_size(text),
        "limit": limit,
        "parts": split_announcement(text, limit),
    }


def _batches(queue: Sequence[Mapping[str, object]]) -> list[dict[str, str]]:
    """The queue's drafts of one rule, day and suggested card, two or more: one button each."""
    groups: dict[tuple[object, object, object], list[Mapping[str, object]]] = {}
    for d in queue:
        groups.setdefault((d["code"], d["day"], d["suggested"]), []).append(d)
    return [
        {
            "label": f"{'第' + str(day) + '天' if day is not None else ''}{ds[0]['title']}"
            f"（{card_name(str(sug))}，{len(ds)} 条）",
            "ids": ",".join(f"{d['id']}:" for d in ds),
        }
        for (_code, day, sug), ds in groups.items()
        if len(ds) >= 2
    ]


def _picked(form: Mapping[str, object]) -> str | None:
    """The members left ticked on a batch's confirmation page (``id:rev,…``), or None when
    the form did not come from that page."""
    if form.get("picked") != "1" or not isinstance(form, FormData):
        return None
    return ",".join(str(v) for v in form.getlist("pick"))


def _items(text: str) -> list[tuple[str, str]]:
    """A batch's ``id:rev,id:rev`` as pairs."""
    items = []
    for part in text.split(","):
        ident, _, rev = part.partition(":")
        if ident.strip():
            items.append((ident.strip(), rev.strip()))
    return items


def _asked_again(draft: Mapping[str, object] | None) -> list[str]:
    """The colours approved only after a second question: those that send the player off
    (判罚制度：三黄合一红；红牌罚下), by his cards as they are now.  A card that only merges
    (三蓝合一黄) says so on its face (批准后：…) and is one tap, as every other decision."""
    sends = (draft or {}).get("sends_off")
    return list(sends) if isinstance(sends, list) else []


def red_question(player: str, card: str, draft: Mapping[str, object] | None) -> str:
    """The question before a card that does more than itself: a red, the card that makes his
    third yellow (判罚制度：三黄合一红；红牌罚下) or his third blue (三蓝合一黄), with what it does."""
    if card == "red":
        return f"确认判 {player} 红牌？红牌即罚下。"
    said = (draft or {}).get("escalations")
    said = said.get(card) if isinstance(said, dict) else None
    if card not in _asked_again({"sends_off": (draft or {}).get("sends_off")}):
        return f"确认判 {player} {card_name(card)}？{said or '累计合牌'}。"
    return f"确认判 {player} {card_name(card)}？{said or '累计成红牌'}：红牌即罚下。"


def batch_members(
    drafts: Sequence[Mapping[str, object]], items: Sequence[tuple[str, str]]
) -> list[dict[str, object]]:
    """What a batch covers, as its confirmation page lists it: each draft's player, day,
    thread, floor, excerpt and suggested card (a draft no longer pending: said)."""
    by_id = {d["id"]: d for d in drafts}
    out: list[dict[str, object]] = []
    for ident, rev in items:
        d = by_id.get(ident)
        out.append({"id": ident, "value": f"{ident}:{rev}", "draft": d})
    return out
