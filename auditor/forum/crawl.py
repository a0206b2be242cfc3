"""Crawl a game's threads into the store, from the forum over HTTP or from saved pages.

Over HTTP the mobile API is tried first (exact times, one request per ``API_PPP``
posts) and a thread falls back to the desktop pages when the API answers with anything
but JSON.  A nightly run is incremental.  With a board list (``forum.board``), which gives
each thread's reply count and last post time, a thread whose count and time did not change
since it was last read is not fetched at all, a thread that grew is fetched from its last
stored page, and every page of a thread is read again only while its day (any day, for a
thread without one) closed less than ``forum.refetch_hours`` ago: edits, deletions and 屏蔽
happen on earlier pages and the board list shows none of them.  Without a board list every
thread is fetched from its last stored page, and from page 1 while its day is open or closed
less than ``forum.refetch_hours`` ago.  That re-read looks through the mobile API first
(``API_PPP`` posts a request, five desktop pages' worth) unless the game file says ``api =
false``: the desktop pages are read again only from the first one holding a post that was
edited, deleted or 屏蔽 (compared by what every view shows alike), else from the last stored
page; when the API does not answer, every desktop page, as before.

Each page is stored with its posts in one transaction as soon as it is read, so a run
that fails part-way keeps everything it read; the failure is reported as a problem and
the run ends non-zero.  A page that could not be read is never counted as "0 posts".
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from collections.abc import Callable, Collection, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from functools import partial
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeAlias, cast
from urllib.parse import unquote

from auditor import __version__
from auditor.errors import (
    AntiBotError,
    LoginRequiredError,
    NetworkError,
    PageError,
    PageTooLargeError,
    ServerError,
    TruncatedPageError,
    UnrecognisedPageError,
)
from auditor.files import os_error_text
from auditor.game.gamefile import DaySpec, Game, ThreadSpec
from auditor.store import SavedFileRow, Store, neutral_hash, saved_mark

if TYPE_CHECKING:  # the HTTP stack is imported only by a crawl over HTTP
    from datetime import tzinfo

    from auditor.forum.fetch import Fetcher
    from auditor.forum.parse.board import BoardThread
    from auditor.forum.parse.space import SpacePage
    from auditor.models import FetchedPage, ParsedPage, Post

# Imported where they are used: a night with nothing new on saved pages parses no page
# (the parser and lxml), reads no board list and, for a game without a board, discovers
# nothing (auditor.game.discover).

API_PPP = 50  # posts per API page we ask for (the API honours &ppp=; desktop ignores it)

ProgressFn = Callable[[int, int, int | None], None]  # (tid, page, total pages or None)

# Session values a logged-in page carries (the API's auth/saltkey are the login cookies'
# values; formhash is a CSRF token).  Stored page bodies are copied around with the
# SQLite file, so they are blanked before storing.
_SECRETS = re.compile(
    rb'("(?:auth|saltkey|formhash)"\s*:\s*")[^"]*(")'
    rb"|(formhash=)[0-9A-Za-z]+"
    rb'|(name="formhash"\s+value=")[^"]*(")'
    rb"|([&;?]hash=)[0-9A-Za-z]+"  # the formhash again, as home.php's follow links carry it
)

# The same substitutions one by one, each behind the literal text its match starts with:
# ``bytes.find`` skips a 50 KB page in microseconds where the alternation above tries
# every quote.  (literal, pattern anchored at the literal; group 1 is kept, then group 2.)
_SECRET_PARTS: tuple[tuple[bytes, re.Pattern[bytes]], ...] = (
    (b'"auth"', re.compile(rb'("auth"\s*:\s*")[^"]*(")')),
    (b'"saltkey"', re.compile(rb'("saltkey"\s*:\s*")[^"]*(")')),
    (b'"formhash"', re.compile(rb'("formhash"\s*:\s*")[^"]*(")')),
    (b"formhash=", re.compile(rb"(formhash=)[0-9A-Za-z]+")),
    (b'name="formhash"', re.compile(rb'(name="formhash"\s+value=")[^"]*(")')),
    *((lit, re.compile(rb"([&;?]hash=)[0-9A-Za-z]+")) for lit in (b"&hash=", b";hash=", b"?hash=")),
)


def _blank(m: re.Match[bytes]) -> bytes:
    if m.group(1) is not None:
        return m.group(1) + m.group(2)
    if m.group(3) is not None:
        return m.group(3)
    if m.group(6) is not None:
        return m.group(6)
    return m.group(4) + m.group(5)


def redact(body: bytes) -> bytes:
    """The body with session secrets blanked (same structure, so it still parses).

    Only the substitutions whose literal text occurs in the page run, each from where its
    literal is; the result is byte for byte what ``_SECRETS.sub`` gives (when two matches
    would overlap, which no real page does, that is what runs)."""
    found: list[re.Match[bytes]] = []
    for literal, pattern in _SECRET_PARTS:
        i = body.find(literal)
        while i != -1:
            m = pattern.match(body, i)
            if m is None:
                i = body.find(literal, i + 1)
            else:
                found.append(m)
                i = body.find(literal, m.end())
    if not found:
        return body
    found.sort(key=lambda m: m.start())
    if any(a.end() > b.start() for a, b in pairwise(found)):
        return _SECRETS.sub(_blank, body)
    out: list[bytes] = []
    at = 0
    for m in found:
        out += (body[at : m.start()], m.group(1), m.group(2) if m.re.groups > 1 else b"")
        at = m.end()
    out.append(body[at:])
    return b"".join(out)


def _with_board(game: Game, store: Store) -> Game:
    """The game with the threads the board lists (a game that discovers its state)."""
    from auditor.game.discover import board_threads, with_threads

    return with_threads(game, board_threads(store))


def parse_page(fetched: FetchedPage, tz: tzinfo, *, now: datetime | None = None) -> ParsedPage:
    """:func:`auditor.forum.parse.parse_page` (the parser is imported on the first page)."""
    from auditor.forum.parse import parse_page as parse

    return parse(fetched, tz, now=now)


def desktop_floors(posts: Sequence[Post], ppp: int) -> list[Post]:
    """Give API posts the floor the desktop view prints.

    The API's own ``number`` is that floor and is kept: stock X3.5 answers the first
    desktop view of a page holding a deleted post with a 302 to itself, records the thread
    in ``pre_forum_threaddisablepos`` and from then on numbers the whole thread 1..n by
    count — the API's ``number``.  (Working floors out per desktop page from ``position``
    went wrong for every post after a deletion on an earlier page.)  Only a post without
    a ``number`` gets one from its rank by position: desktop page K holds positions
    (K-1)*ppp+1 .. K*ppp, numbered in order.
    """
    if all(p.floor is not None or p.stuck for p in posts):
        return list(posts)
    by_page: dict[int, list[int]] = {}
    for p in posts:
        if p.position is not None and not p.stuck:
            by_page.setdefault((p.position - 1) // ppp, []).append(p.position)
    rank = {
        pos: k * ppp + i + 1
        for k, positions in by_page.items()
        for i, pos in enumerate(sorted(positions))
    }
    return [
        replace(p, floor=rank[p.position])
        if p.floor is None and p.position in rank and not p.stuck
        else p
        for p in posts
    ]


@dataclass(frozen=True, slots=True)
class CrawlProblem:
    kind: str  # PageError.kind
    url: str
    message: str
    tid: int | None = None


@dataclass(slots=True)
class CrawlReport:
    requests: int = 0
    # What refetching every page of every thread read over HTTP would have cost: the pages
    # the threads have now (one request each), for the summary's comparison.
    full_requests: int = 0
    pages: int = 0
    new_posts: int = 0
    changed_posts: int = 0
    deleted: list[int] = field(default_factory=list)
    problems: list[CrawlProblem] = field(default_factory=list)
    ignored_files: list[str] = field(default_factory=list)
    # Saved files that are no thread page (board list, login page, other site): file, what.
    skipped_files: list[tuple[str, str]] = field(default_factory=list)
    sources: dict[int, str] = field(default_factory=dict)  # tid -> api | html | saved

    @property
    def ok(self) -> bool:
        return not self.problems

    def incomplete_tids(self, game: Game) -> set[int]:
        """Threads this crawl did not read in full: a problem named them, or the crawl
        stopped before reaching them."""
        named = {p.tid for p in self.problems if p.tid is not None}
        unread = {t.tid for t in game.threads} - set(self.sources)  # stopped, or interrupted
        return named | unread

    def as_dict(self) -> dict[str, object]:
        return {
            "requests": self.requests,
            "full_requests": self.full_requests,
            "pages": self.pages,
            "new_posts": self.new_posts,
            "changed_posts": self.changed_posts,
            "deleted": self.deleted,
            "problems": [p.message for p in self.problems],
            "skipped": [f"{name}（{what}）" for name, what in self.skipped_files],
        }


class ThreadRecorder:
    """Stores the pages of one thread and works out which floors the crawl covered."""

    def __init__(
        self, store: Store, report: CrawlReport, tid: int, source: str, run_id: int | None
    ):
        self.store, self.report, self.tid = store, report, tid
        self.source, self.run_id = source, run_id
        self.seen: set[int] = set()
        self.seen_json: list[str] = []  # pids of unchanged saved files, decoded when needed
        self.page_floors: dict[int, tuple[int, int]] = {}
        self.total_pages: int | None = None
        self.subject: str | None = None

    def record(self, fetched: FetchedPage, parsed: ParsedPage, page: int, ppp: int) -> None:
        """Store the page and its posts in one transaction."""
        from auditor.models import PageKind

        posts = desktop_floors(parsed.posts, ppp) if parsed.kind is PageKind.API else parsed.posts
        with self.store.transaction():
            self.store.save_page(
                tid=self.tid,
                page=page,
                source=self.source,
                url=fetched.url,
                body=redact(fetched.body),
                status=fetched.status,
                fetched_at=fetched.fetched_at or datetime.now(UTC),
                total_pages=parsed.total_pages,
                run_id=self.run_id,
            )
            new, changed = self.store.upsert_posts(posts, self.run_id, view=parsed.kind.value)
            if parsed.profiles and not parsed.author_only:
                self.store.record_profiles(
                    parsed.profiles,
                    tid=self.tid,
                    page=page,
                    url=fetched.url,
                    seen_at=fetched.date_header or fetched.fetched_at or datetime.now(UTC),
                    run_id=self.run_id,
                )
        self.report.pages += 1
        self.report.new_posts += new
        self.report.changed_posts += changed
        self.seen.update(p.pid for p in posts if p.pid is not None)
        if parsed.author_only:
            return  # a filtered view: it says nothing about which posts exist
        floors = [p.floor for p in posts if p.floor is not None and not p.stuck]
        if floors:
            self.page_floors[page] = (min(floors), max(floors))
        if parsed.total_pages is not None:
            self.total_pages = max(self.total_pages or 0, parsed.total_pages)
        self.subject = parsed.subject or self.subject

    def note_unchanged(self, page: int, row: SavedFileRow) -> None:
        """A saved file read on an earlier run and unchanged since: its posts are in the
        store already; only what it says about the thread's pages is needed here."""
        self.seen_json.append(row.pids)
        if row.author_only:
            return
        if row.floor_lo is not None and row.floor_hi is not None:
            self.page_floors[page] = (row.floor_lo, row.floor_hi)
        if row.total_pages is not None:
            self.total_pages = max(self.total_pages or 0, row.total_pages)

    def covered(self) -> list[tuple[int, float]]:
        """Floor ranges this crawl saw completely: a stored post in them that was not seen
        has been deleted.  A page's floors span from its first to its last post, widened
        to the neighbouring fetched page, to 1 on page 1 and to infinity on the last page."""
        out: list[tuple[int, float]] = []
        pages = sorted(self.page_floors)
        for i, page in enumerate(pages):
            lo, hi = self.page_floors[page]
            lo_f: float = lo
            hi_f: float = hi
            if page == 1:
                lo_f = 1
            elif i > 0 and pages[i - 1] == page - 1:
                lo_f = self.page_floors[pages[i - 1]][1]
            if self.total_pages is not None and page >= self.total_pages:
                hi_f = float("inf")
            out.append((int(lo_f), hi_f))
        return out

    def finish(
        self, last_page: int, *, settled: bool = False, saved_mark: str | None = None
    ) -> None:
        """Mark what the crawl covered but did not see as deleted and record the thread's
        state.  ``settled``: the thread's saved files are the very ones its last finished
        crawl read, so no post can have gone since (the deletion check is skipped: it reads
        every stored post of the thread); ``saved_mark`` names those files."""
        if not self.source.startswith("saved"):
            self.report.full_requests += max(self.total_pages or 0, last_page)
        if not settled:
            for pids in self.seen_json:
                self.seen.update(json.loads(pids))
            self.report.deleted += self.store.mark_deleted(self.tid, self.covered(), self.seen)
        self.seen_json.clear()
        self.store.save_thread_state(
            self.tid,
            subject=self.subject,
            source=self.source,
            last_page=last_page,
            total_pages=self.total_pages,
            saved_mark=saved_mark,
        )
        self.report.sources[self.tid] = self.source


def crawl(
    game: Game,
    store: Store,
    *,
    full: bool = False,
    fetcher: Fetcher | None = None,
    now: datetime | None = None,
    progress: ProgressFn | None = None,
    run_id: int | None = None,
    use_api: bool | None = None,
    spaces: bool = False,
    avatars: bool = False,
) -> CrawlReport:
    """Crawl every thread of the game into the store and say what happened.

    ``use_api``: read the mobile API first (desktop pages where it fails).  None: the game
    file's ``api``; its ``"auto"`` is decided by the caller that knows the rule set
    (:func:`auditor.rules.engine.api_first`, which :func:`auditor.pipeline.crawl` passes),
    and means desktop pages only here (they carry everything the rules read).
    ``spaces``: also read each player's own posts lists once a night (POST-OUTSIDE; over
    HTTP; saved lists from a saved-pages folder, see :mod:`auditor.forum.spaces`).
    ``avatars``: also fetch each player's avatar picture once a night (PROFILE-AVATAR; over
    HTTP only, see :mod:`auditor.forum.avatars`)."""
    api = use_api if use_api is not None else bool(game.forum.api)
    report = CrawlReport()
    if game.discovers:
        game = _with_board(game, store)
    try:
        if game.forum.pages is not None:
            with store.batch():  # a commit per page cost more than storing the page
                game = _crawl_saved(game, store, report, run_id, progress, full=full, now=now)
        else:
            game = _crawl_http(
                game,
                store,
                report,
                full=full,
                fetcher=fetcher,
                now=now,
                progress=progress,
                run_id=run_id,
                use_api=api,
                spaces=spaces,
                avatars=avatars,
            )
    finally:
        # What the next check must not judge from partial data (read by engine.check).
        store.state.incomplete_tids = tuple(sorted(report.incomplete_tids(game)))
    if game.discovers and not game.threads and not report.problems:
        report.problems.append(_no_thread_problem(game, store))
    return report


def _no_thread_problem(game: Game, store: Store) -> CrawlProblem:
    """A game that finds its threads by its tag, and has found none, ever: the saved
    folder or the board list holds no thread of it (a wrong tag, board or folder).  Never
    passed over as a clean night: nothing was audited."""
    from auditor.game.discover import board_threads

    listed = len(board_threads(store))
    if game.forum.pages is not None:
        where, url = f"保存的页面（{game.forum.pages}）", str(game.forum.pages)
        seen = f"里有 {listed} 个帖子，没有一个" if listed else "里没有版块列表页，也没有"
    else:
        where, url = f"版块 {game.forum.board} 的列表", game.forum.url or ""
        seen = f"里有 {listed} 个帖子，没有一个" if listed else "是空的，没有"
    return CrawlProblem(
        "missing",
        url,
        f"没有找到这局的帖子：{where}{seen}标题带「{game.tag}」的帖子。"
        "请检查游戏文件的 tag、board 和保存的页面",
    )


def _crawl_http(
    game: Game,
    store: Store,
    report: CrawlReport,
    *,
    full: bool,
    fetcher: Fetcher | None,
    now: datetime | None,
    progress: ProgressFn | None,
    run_id: int | None,
    use_api: bool,
    spaces: bool = False,
    avatars: bool = False,
) -> Game:
    if fetcher is None:  # deferred: a saved-pages crawl never loads requests and urllib3
        from auditor.forum.fetch import Fetcher
    f = fetcher or Fetcher(
        game.forum.url or "",
        delay=game.forum.delay,
        cookies=game.forum.cookies,
        deadline=game.forum.deadline,
        max_bytes=max_page_bytes(game),
    )
    now = now or datetime.now(UTC)
    start_requests = f.request_count
    board: dict[int, BoardThread] = {}  # this night's board list: empty without one
    try:
        if game.forum.board is not None:
            try:
                board = _crawl_board_http(game, store, f, game.forum.board, use_api=use_api)
            except PageError as exc:
                report.problems.append(CrawlProblem(exc.kind, exc.url, f"版块列表：{exc}"))
                if isinstance(exc, AntiBotError | NetworkError | SessionExpiredError):
                    return game
            game = _with_board(game, store)
        seen = store.state.board_seen
        for spec in game.threads:
            try:
                _crawl_thread_http(
                    game,
                    store,
                    f,
                    spec,
                    report,
                    full=full,
                    now=now,
                    run_id=run_id,
                    progress=progress,
                    use_api=use_api,
                    listed=_figures(board.get(spec.tid)),
                    seen=seen,
                )
            except PageError as exc:
                report.problems.append(CrawlProblem(exc.kind, exc.url, str(exc), spec.tid))
                # A challenge page, a dead network or an expired login will not get
                # better on the next thread; hammering the forum would only make it worse.
                if isinstance(exc, AntiBotError | NetworkError | SessionExpiredError):
                    break
        if spaces:
            from auditor.forum.spaces import read_spaces

            read_spaces(game, store, f, now=now, run_id=run_id)
        if avatars:
            from auditor.forum.avatars import read_avatars

            read_avatars(game, store, f, now=now, run_id=run_id)
    finally:
        report.requests = f.request_count - start_requests
        if fetcher is None:
            f.close()
    return game


def _crawl_board_http(
    game: Game, store: Store, f: Fetcher, fid: int, *, use_api: bool
) -> dict[int, BoardThread]:
    """Read every page of the board list (the API's where it answers, else the desktop's)
    and keep it in the store, merged with what earlier nights listed.  Returns this
    night's list by tid."""
    from auditor.forum.parse.board import parse_board
    from auditor.forum.parse.detect import viewer_uid

    sources = ["api", "html"] if use_api else ["html"]
    for source in sources:
        found: list[BoardThread] = []
        page = 1
        try:
            while True:
                url = f.api_board_url(fid, page) if source == "api" else f.board_url(fid, page)
                fetched = f.get(url)
                board = parse_board(fetched, game.timezone)
                if game.forum.cookies is not None and source == "html":
                    text = fetched.body[:20000].decode("utf-8", "replace")
                    if viewer_uid(text) == 0:
                        raise SessionExpiredError(
                            url, "配置了 cookies，但论坛把版块列表当作游客显示"
                        )
                found.extend(board.threads)
                if page >= board.total_pages or not board.threads:
                    break
                page += 1
        except (ServerError, UnrecognisedPageError, TruncatedPageError):
            if source == "api":
                continue
            raise
        save_board(store, found)
        return {t.tid: t for t in found}
    return {}


def _figures(listed: BoardThread | None) -> list[object] | None:
    """What the board list says about a thread's growth, or None when it says too little."""
    if listed is None or listed.replies is None or listed.last_post is None:
        return None
    return [listed.replies, listed.last_post.isoformat()]


def save_board(store: Store, threads: Sequence[BoardThread]) -> None:
    """Merge a board list into the store's (a thread that left the list stays known)."""
    known = {int(t["tid"]): t for t in store.state.board_threads}
    for t in threads:
        known[t.tid] = {
            "tid": t.tid,
            "subject": t.subject,
            "author": t.author,
            "replies": t.replies,
            "last_post": t.last_post.isoformat() if t.last_post else None,
        }
    store.state.board_threads = sorted(known.values(), key=lambda t: t["tid"])


def _thread_days(game: Game, spec: ThreadSpec) -> list[DaySpec]:
    days = [game.day(spec.day)] if spec.day is not None else list(game.days)
    return [d for d in days if d is not None]


def _in_refetch_window(game: Game, spec: ThreadSpec, now: datetime) -> bool:
    """The thread's day (any day, for a thread without one) is open or closed less than
    ``refetch_hours`` ago."""
    window = timedelta(hours=game.forum.refetch_hours)
    return any(now <= d.closes + window for d in _thread_days(game, spec))


def _closed_in_window(game: Game, spec: ThreadSpec, now: datetime) -> bool:
    """The thread's day (any day, for a thread without one) closed less than
    ``refetch_hours`` ago: its earlier pages are read again for edits, deletions and 屏蔽."""
    window = timedelta(hours=game.forum.refetch_hours)
    return any(d.closes <= now <= d.closes + window for d in _thread_days(game, spec))


class SessionExpiredError(LoginRequiredError):
    label = "已发送 cookies，但论坛把请求当作游客处理（登录已过期或 cookies 不完整）"


_REEXPORT = "请在浏览器里登录后重新导出完整的 cookies（需要 auth 和 saltkey 两项）"


def _check_viewer(game: Game, parsed: ParsedPage, url: str) -> None:
    """With cookies configured, a page served to a guest means the login expired (or the
    cookies lack one of auth/saltkey): the crawl would silently lose [hide] text and
    attachments and record fake edits."""
    if game.forum.cookies is not None and parsed.viewer_uid == 0:
        raise SessionExpiredError(url, _REEXPORT)


def _parse_fetched(game: Game, fetched: FetchedPage, url: str) -> ParsedPage:
    """Parse a fetched page; with cookies sent, a login page means they were not
    accepted, which is not the same advice as "configure cookies"."""
    try:
        parsed = parse_page(fetched, game.timezone, now=fetched.date_header)
    except LoginRequiredError as exc:
        if game.forum.cookies is not None and not isinstance(exc, SessionExpiredError):
            raise SessionExpiredError(url, _REEXPORT) from None
        raise
    _check_viewer(game, parsed, url)
    return parsed


def _crawl_thread_http(
    game: Game,
    store: Store,
    f: Fetcher,
    spec: ThreadSpec,
    report: CrawlReport,
    *,
    full: bool,
    now: datetime,
    run_id: int | None,
    progress: ProgressFn | None,
    use_api: bool,
    listed: list[object] | None = None,
    seen: dict[str, list[object]] | None = None,
) -> None:
    """Read one thread from where this night needs it (see the module docstring).

    ``listed``: the thread's reply count and last post on tonight's board list (None
    without one); ``seen``: those figures when each thread was last read (updated here)."""
    sources = ["api", "html"] if use_api else ["html"]
    seen = {} if seen is None else seen
    window = (_in_refetch_window if listed is None else _closed_in_window)(game, spec, now)
    look = _look(game, f, store, spec.tid, full=full, use_api=use_api) if window else None
    if listed is not None and seen.get(str(spec.tid)) == listed and not full:
        stored = store.thread_state(spec.tid)
        if (not window or look == 0) and stored is not None and stored["source"] in sources:
            # The board list says nothing was added (the API nothing changed): no desktop
            # request.  It counts as read; a full refetch would have read its pages.
            report.full_requests += stored["total_pages"] or stored["last_page"] or 1
            report.sources[spec.tid] = stored["source"]
            return
    for source in sources:
        page = _start_page(store, spec.tid, source, full=full, window=window, look=look)
        rec = ThreadRecorder(store, report, spec.tid, source, run_id)
        last_recorded = page
        try:
            while True:
                url = (
                    f.api_url(spec.tid, page, API_PPP)
                    if source == "api"
                    else f.thread_url(spec.tid, page)
                )
                fetched = f.get(url)
                parsed = _parse_fetched(game, fetched, url)
                if parsed.tid is not None and parsed.tid != spec.tid:
                    raise UnrecognisedPageError(
                        url, f"页面属于帖子 {parsed.tid}，而不是 {spec.tid}"
                    )
                actual = parsed.page or page
                if actual < page:
                    # Discuz! answers a page past the end with the last page: the thread
                    # has fewer pages than stored.  That page is the last one now; later
                    # stored pages are gone.
                    store.drop_pages_after(spec.tid, source, actual)
                rec.record(fetched, parsed, actual, game.forum.ppp)
                last_recorded = actual
                if progress:
                    progress(spec.tid, actual, parsed.total_pages)
                if parsed.total_pages is None or actual >= parsed.total_pages:
                    break
                page = actual + 1
        except (ServerError, UnrecognisedPageError, TruncatedPageError):
            if source == "api":
                continue  # e.g. the real X3.5 503 "System Error" page: read the desktop pages
            raise
        rec.finish(last_recorded)
        if listed is not None:
            seen[str(spec.tid)] = listed
            store.state.board_seen = seen
        return


def _look(
    game: Game, f: Fetcher, store: Store, tid: int, *, full: bool, use_api: bool
) -> int | None:
    """A thread in the refetch window looked at through the mobile API before its
    desktop pages are read again (:func:`_first_changed_page`); None (no look: every page
    is read) for a game file with ``api = false``, a crawl reading the API anyway or
    ``full``, a thread never read, or one whose earlier pages are no more requests than
    the API's."""
    if full or use_api or game.forum.api is False:
        return None
    last = store.last_page(tid, "html")
    if last is None or last - 1 <= -(-last * game.forum.ppp // API_PPP):
        return None
    return _first_changed_page(game, f, store, tid)


def _start_page(
    store: Store, tid: int, source: str, *, full: bool, window: bool, look: int | None
) -> int:
    """Where tonight's read of a thread starts: page 1 (never read, ``full``, or in the
    refetch window without a ``look`` through the API), else its last stored page; in the
    window, the first page the look saw a change on when that comes before."""
    last = store.last_page(tid, source)
    if full or last is None:
        return 1
    if not window:
        return last
    if look is None or source != "html":
        return 1
    return min(look or last, last)


def _first_changed_page(game: Game, f: Fetcher, store: Store, tid: int) -> int | None:
    """The refetch window's look for edits, deletions and 屏蔽 through the mobile API
    (``API_PPP`` posts a request, against the desktop's ``ppp``): every API page of the
    thread is read and each stored live post compared by what every view shows alike
    (:func:`~auditor.store.neutral_hash`); nothing is stored.  Returns the first desktop
    page holding a post that changed or is no longer shown, 0 when none did, or None when
    the API does not answer with the thread (then every desktop page is read, as before;
    a challenge page, a dead network or an expired login stop the crawl as there)."""
    stored = store.live_neutral_hashes(tid)
    seen: set[int] = set()
    floors: list[int] = []
    page = 1
    while True:
        url = f.api_url(tid, page, API_PPP)
        try:
            parsed = _parse_fetched(game, f.get(url), url)
        except PageError as exc:
            if isinstance(exc, AntiBotError | NetworkError | SessionExpiredError):
                raise  # no better on the desktop pages
            return None  # no API there (an error page, a 404, a login page, no JSON)
        if parsed.tid is not None and parsed.tid != tid:
            return None
        for post in parsed.posts:
            if post.pid is None or post.pid not in stored:
                continue  # new: read from the last stored desktop page on
            seen.add(post.pid)
            neutral, floor = stored[post.pid]
            if neutral_hash(post) != neutral:
                floors.append(floor or 1)
        actual = parsed.page or page
        if not parsed.posts or parsed.total_pages is None or actual >= parsed.total_pages:
            break
        page = actual + 1
    floors += [floor or 1 for pid, (_n, floor) in stored.items() if pid not in seen]
    return (min(floors) - 1) // game.forum.ppp + 1 if floors else 0


# What a saved file that is no thread page may be: listed as skipped, never a problem.
# A page that might be a thread page but cannot be read (cut short, undecodable) stays a
# problem; a thread missing from the folder is a problem of its own either way.
_SKIPPABLE = frozenset(
    {
        "login_required",
        "no_permission",
        "forum_password",
        "unrecognised",
        "anti_bot",
        "server_error",
        "thread_missing",
    }
)


_SKIPPED_WHAT = {
    "login_required": "登录页（需要登录）",
    "no_permission": "没有权限的提示页",
    "forum_password": "版块密码页",
    "anti_bot": "防爬虫验证页",
    "server_error": "论坛错误页（System Error）",
    "thread_missing": "帖子不存在的提示页",
}


_PAGE_SUFFIXES = (".html", ".htm", ".json", ".xhtml")
_ASSET_DIRS = ("_files", "_文件", ".files")  # a browser's "Save as" folder of a page's assets


class _SavedFile(NamedTuple):
    """One file of a saved-pages folder, as one directory scan found it."""

    path: str  # the folder's path joined with the file's relative path
    key: str  # its resolved path: the file's key in the store
    st: os.stat_result  # of the file a symlink points to
    # What says the file is the one read before: size, modification time (ns) and inode,
    # the triple make and rsync trust (an editor that saves through a new file changes the
    # inode even when size and time are kept).
    mark: tuple[int, int, int]


class _Scan(NamedTuple):
    """A saved folder as one directory scan found it: each page file's key (its resolved
    path) and directory entry, in no order (the entry caches its one ``stat``), and the set
    of its files' marks as :meth:`~auditor.store.Store.saved_marks` writes them (key, size,
    modification time in ns and inode in one string: a string keeps its hash, so the
    sets compare without hashing any mark twice).  ``dirs``: each folder entered, by its
    resolved path and "/", as it was just before it was listed (:func:`_dir_mark`); None
    when one of them cannot vouch for its files (changed too recently, unreadable, or
    holding a symlinked page file, whose target may change elsewhere)."""

    files: list[tuple[str, os.DirEntry[str]]]
    marks: set[str]
    dirs: dict[str, list[int]] | None = None


# A folder changed less than this long before a scan (its modification or change time) does
# not vouch for its files: an entry added within the same clock tick as an earlier change,
# after the scan listed the folder, would leave both times as they were (coarse
# file-system clocks; FAT keeps modification times to 2 s).
_RACY_NS = 2_000_000_000


def _dir_mark(st: os.stat_result) -> list[int]:
    """What says a folder holds the entries it held: its inode, modification and change
    time (ns).  A file added, removed or renamed into or out of it moves both times (a
    browser, rsync and most editors save through a new file and a rename); restoring the
    modification time (``touch -d``, rsync) moves the change time.  A file rewritten in
    place moves neither."""
    return [st.st_ino, st.st_mtime_ns, st.st_ctime_ns]


def _scan(folder: Path) -> _Scan:
    """One ``os.scandir`` pass and one ``stat`` per page file, no file opened, nothing
    sorted; each folder ``stat``-ed just before it is listed.  A browser's "Save as"
    ``NAME_files/`` folders (scripts, styles, images and frames of a page) are not pages of
    the game; symlinked folders are not entered (as ``Path.rglob``), a symlinked file is
    read where it points."""
    files: list[tuple[str, os.DirEntry[str]]] = []
    marks: set[str] = set()
    dirs: dict[str, list[int]] | None = {}
    recent = time.time_ns() - _RACY_NS

    def walk(path: str, real: str) -> None:  # real: the folder's resolved path and "/"
        nonlocal dirs
        try:
            st = os.stat(path)
            with os.scandir(path) as it:
                entries = list(it)
        except (PermissionError, FileNotFoundError, NotADirectoryError):
            dirs = None
            return
        if dirs is not None:
            if max(st.st_mtime_ns, st.st_ctime_ns) >= recent:
                dirs = None
            else:
                dirs[real] = _dir_mark(st)
        for e in entries:
            name = e.name
            try:
                if e.is_dir(follow_symlinks=False):
                    if not name.endswith(_ASSET_DIRS):
                        walk(e.path, f"{real}{name}/")
                    continue
                if not name.lower().endswith(_PAGE_SUFFIXES) or not e.is_file():
                    continue
                st = e.stat()
            except OSError:  # gone or unreadable since the scan: not a page of tonight
                dirs = None
                continue
            if e.is_symlink():
                key = os.path.realpath(e.path)
                dirs = None
            else:
                key = real + name
            files.append((key, e))
            marks.add(f"{key}\0{st.st_size},{st.st_mtime_ns},{st.st_ino}")

    walk(str(folder), os.path.join(os.path.realpath(folder), ""))
    return _Scan(files, marks, dirs)


def _saved_files(folder: Path, scan: _Scan | None = None) -> list[_SavedFile]:
    """The page files of a saved folder (:func:`_scan`), in path order (each folder's
    names sorted, sub-folders where their names fall)."""
    scan = scan or _scan(folder)
    start = len(str(folder))
    out = []
    for key, e in scan.files:
        st = e.stat()  # cached by the scan
        out.append(_SavedFile(e.path, key, st, (st.st_size, st.st_mtime_ns, st.st_ino)))
    out.sort(key=lambda f: f.path[start:].split(os.sep))
    return out


_VIEWS = ("desktop", "api", "touch", "printable")  # a thread saved in several: the first
# A saved file's cache key gets this suffix when its view was not used (its posts not
# stored): unchanged, it is not parsed again; it is read when its view comes into use.
_UNUSED = "|unused"


@dataclass(slots=True)
class _SavedThread:
    """What a saved-pages crawl knows of one thread while the folder is read."""

    views: set[str] = field(default_factory=set)
    rec: ThreadRecorder | None = None  # desktop pages are stored as soon as they are read
    pages_seen: set[int] = field(default_factory=set)
    any_pid: bool = False
    # Pages of the other views wait until the folder shows the thread has no desktop save:
    # (file time in ns, page, fresh entry | stored row).
    held: list[tuple[int, int, object, _SavedFile]] = field(default_factory=list)
    marks: list[tuple[str, int, int, int]] = field(default_factory=list)  # its files' marks
    fresh: bool = False  # a file of it was read (parsed) in this run


def _crawl_saved(
    game: Game,
    store: Store,
    report: CrawlReport,
    run_id: int | None,
    progress: ProgressFn | None,
    *,
    full: bool = False,
    now: datetime | None = None,
) -> Game:
    """Read a folder of pages saved from a browser: names are arbitrary, the page says
    which thread and page it is.  When a thread was saved both as desktop pages and as
    API JSON, the desktop pages are used: the API drops [size] and the edit notice.
    Two saves of one page are read oldest first (by file time), so the newer one is the
    current version.  A thread with missing pages, or saved only in a view without post
    ids (the printable view), is reported: its posts would otherwise go uncounted.
    Files unchanged since an earlier run (same size, modification time, tool version,
    time zone and page size) are not parsed again, unless ``full``; a save older than one
    already read for the same page is not taken for an edit.  A folder none of whose
    folders changed since a scan found it with nothing new is not even listed: only the
    files that still matter are looked at (:func:`_unchanged_folder`).

    Files are read oldest first and each desktop page is stored (with its posts and its
    saved-file entry, in one transaction) as soon as it is parsed, so the crawl never holds
    the whole game.  Only pages of the other views wait, until the end of the folder says
    whether their thread has desktop pages.

    A page's capture time is its footer's (``GMT+8, …``), or the file's time within that
    minute (:func:`~auditor.forum.parse.times.capture_time`): a folder copied without its
    file times still says when each page was saved, so two saves of a page at different
    times are two sightings of each author's signature and avatar.  An avatar the browser
    saved beside the page (``NAME_files/…``) is hashed (PROFILE-AVATAR).  The players' own
    posts lists saved in the folder (``home.php?mod=space&do=thread&view=me``) are each
    one read at its capture time (POST-OUTSIDE reads them when it is on)."""
    assert game.forum.pages is not None
    folder = game.forum.pages
    cache_key = f"{__version__}|{game.timezone}|{game.forum.ppp}"
    unused = cache_key + _UNUSED
    scan = None
    if not full:
        quiet, scan = _quiet(game, store, cache_key, now or datetime.now(UTC))
        if quiet is not None:  # nothing new in the folder: no file is looked at again
            return _finish_settled(game, store, report, run_id, quiet)
    scan = scan or _scan(folder)
    known = {} if full else store.saved_files()
    scanned = _saved_files(folder, scan)
    scan_keys = {sf.key for sf in scanned}
    # A file read on an earlier run and unchanged since (same size, time, inode, and read
    # with the same version, time zone and page size) is not opened again.
    unchanged = _unchanged_rows(scanned, known, (cache_key, unused))
    if game.discovers:
        save_board(store, _saved_board(scanned, unchanged, report, max_page_bytes(game)))
        game = _with_board(game, store)
    wanted = {t.tid for t in game.threads}
    files, newest_known = _oldest_first(game, store, scanned, unchanged, wanted, cache_key)
    threads: dict[int, _SavedThread] = {}
    lists: list[_SavedSpace] = []  # players' posts lists: stored once the posts are (uids)
    first_file_problem = len(report.problems)

    def desktop_rec(tid: int, t: _SavedThread) -> ThreadRecorder:
        return _desktop_rec(store, report, run_id, tid, t)

    opened = _opened_in_order(game, [sf for _, _, sf, row in files if row is None])
    try:
        for _, _, sf, row in files:
            if row is not None:
                if row.tid not in wanted:
                    continue
                t = threads.get(row.tid) or threads.setdefault(row.tid, _SavedThread())
                t.views.add(row.kind)
                t.marks.append((sf.key, *sf.mark))
                if row.kind == "desktop":
                    _note_saved_row(t.rec or desktop_rec(row.tid, t), t, row.page or 1, row)
                else:
                    t.held.append((sf.mark[1], row.page or 1, row, sf))
                continue
            entry = _read_saved_file(sf, game, report, wanted, store, lists.append, next(opened))
            if entry is None:
                continue
            tid, kind, (page, item) = entry
            t = threads.setdefault(tid, _SavedThread())
            t.views.add(kind)
            t.marks.append((sf.key, *sf.mark))
            t.fresh = True
            if kind != "desktop":
                t.held.append((sf.mark[1], page, item, sf))
                continue
            rec = desktop_rec(tid, t)
            if _superseded(newest_known, tid, kind, page, sf.mark[1]):
                _note_superseded(store, rec, page, cast(_Fresh, item), _file_time(sf))
                continue
            _store_saved(
                game, store, rec, t, tid, kind, page, cast(_Fresh, item), cache_key, progress
            )
    finally:
        opened.close()  # a worker process is stopped, also by an error
    # Problems of single files in the folder's order, as before the threads' own.
    file_problems = report.problems[first_file_problem:]
    report.problems[first_file_problem:] = sorted(file_problems, key=lambda p: p.url)
    report.skipped_files.sort()
    report.ignored_files.sort()

    finished = _finish_saved_threads(
        game, store, report, run_id, threads, _Reading(cache_key, wanted, newest_known, progress)
    )
    for tid in sorted(wanted - set(threads)):
        report.problems.append(_absent_problem(folder, tid))
    # Files read before and no longer in the folder: forgotten (read again if put back).
    store.forget_saved_files((store.saved_paths() if full else set(known)) - scan_keys)
    _save_plan(store, cache_key, finished)
    _store_saved_spaces(game, store, report, lists, cache_key, run_id)
    if scan.dirs is not None and _settled_folder(game, store, scan, cache_key) is not None:
        _vouch(store, folder, scan)  # the folder is now as the record says
    return _with_board(game, store) if game.discovers else game


def _unchanged_rows(
    scanned: Iterable[_SavedFile], known: Mapping[str, SavedFileRow], keys: Collection[str]
) -> dict[str, SavedFileRow]:
    """The files read on an earlier run and unchanged since: the same size, modification
    time and inode, read with one of ``keys`` (this version, time zone and page size; with
    _UNUSED: a save whose view was not used).  They are not opened again."""
    unchanged: dict[str, SavedFileRow] = {}
    for sf in scanned:
        row = known.get(sf.key)
        if row is not None and row[:3] == sf.mark and row.cache_key in keys:
            unchanged[sf.key] = row
    return unchanged


def _desktop_rec(
    store: Store, report: CrawlReport, run_id: int | None, tid: int, t: _SavedThread
) -> ThreadRecorder:
    """The recorder of a thread's desktop pages (made at its first page)."""
    if t.rec is None:
        t.rec = ThreadRecorder(store, report, tid, "saved-desktop", run_id)
    return t.rec


@dataclass(frozen=True, slots=True)
class _Reading:
    """What reading a saved-pages folder holds to: the cache key files are read with, the
    game's threads, the newest save of each page read before, and the progress call."""

    cache_key: str
    wanted: set[int]
    newest_known: dict[tuple[int, str, int], int]
    progress: ProgressFn | None


def _finish_saved_threads(
    game: Game,
    store: Store,
    report: CrawlReport,
    run_id: int | None,
    threads: dict[int, _SavedThread],
    reading: _Reading,
) -> dict[int, tuple[str, str]]:
    """Finish each thread read from the folder, in the view it is read in (the desktop
    pages when it has any: the other views' pages waited until now); tid -> (source,
    saved_mark) of those finished."""
    assert game.forum.pages is not None
    folder = game.forum.pages
    finished: dict[int, tuple[str, str]] = {}  # tid -> source, saved_mark
    for tid in sorted(threads):
        t = threads[tid]
        kind = next(k for k in _VIEWS if k in t.views)
        if kind == "desktop":
            rec = _desktop_rec(store, report, run_id, tid, t)
        else:
            rec = ThreadRecorder(store, report, tid, f"saved-{kind}", run_id)
            _read_held(game, store, report, rec, t, tid, kind, reading)
        _note_unused(store, t, tid, kind, reading.cache_key, game.forum.ppp)
        t.held.clear()
        if not t.any_pid:
            report.problems.append(_no_pid_problem(folder, tid, kind))
            continue
        # The files' names and marks: the same set as when the thread was last finished,
        # none read afresh, and the deletion check has nothing new to find.
        mark = saved_mark(t.marks)
        state = store.thread_state(tid)
        settled = (
            not t.fresh
            and state is not None
            and state["saved_mark"] == mark
            and state["source"] == rec.source
        )
        rec.finish(max(t.pages_seen, default=1), settled=settled, saved_mark=mark)
        finished[tid] = (rec.source, mark)
        report.problems.extend(_missing_pages(folder, tid, t.pages_seen, rec.total_pages))
    return finished


def _read_held(
    game: Game,
    store: Store,
    report: CrawlReport,
    rec: ThreadRecorder,
    t: _SavedThread,
    tid: int,
    kind: str,
    reading: _Reading,
) -> None:
    """A thread read in another view than the desktop's: its pages of that view, which
    waited until the end of the folder, read in page order (each save oldest first)."""
    cache_key = reading.cache_key
    entries = [e for e in t.held if _kind_of(e[2]) == kind]
    for mtime_ns, page, item, sf in sorted(entries, key=lambda e: (e[1], e[0])):
        if isinstance(item, SavedFileRow) and item.cache_key != cache_key:
            item = _read_unused(sf, game, report, reading.wanted, store)
            t.fresh = True
        if item is None:
            continue
        if isinstance(item, SavedFileRow):
            _note_saved_row(rec, t, page, item)
        elif _superseded(reading.newest_known, tid, kind, page, mtime_ns):
            _note_superseded(store, rec, page, cast(_Fresh, item), _file_time(sf))
        else:
            fresh = cast(_Fresh, item)
            _store_saved(game, store, rec, t, tid, kind, page, fresh, cache_key, reading.progress)


def _no_pid_problem(folder: Path, tid: int, kind: str) -> CrawlProblem:
    return CrawlProblem(
        "missing",
        str(folder),
        f"帖子 {tid} 只保存了没有帖子编号的页面（{kind}），无法统计：请保存普通帖子页",
        tid,
    )


def _missing_pages(
    folder: Path, tid: int, seen: Collection[int], total: int | None
) -> list[CrawlProblem]:
    missing = sorted(set(range(1, (total or 0) + 1)) - set(seen))
    return _missing_problem(folder, tid, missing, total)


def _missing_problem(
    folder: Path, tid: int, missing: Sequence[int], total: int | None
) -> list[CrawlProblem]:
    if not missing:
        return []
    pages = "、".join(map(str, missing))
    message = f"帖子 {tid} 缺少第 {pages} 页（共 {total} 页）：{folder}"
    return [CrawlProblem("missing", str(folder), message, tid)]


def _absent_problem(folder: Path, tid: int) -> CrawlProblem:
    return CrawlProblem("missing", str(folder), f"保存的页面中没有帖子 {tid}：{folder}", tid)


class _SettledThread(NamedTuple):
    """What finishing one thread of a folder with nothing new needs (:func:`_settled_folder`)."""

    tid: int
    kind: str  # the view it is read in
    any_pid: bool
    pages: list[list[int]]  # its whole pages in the folder, as runs (:func:`_page_runs`)
    total_pages: int | None
    mark: str | None  # saved_mark of its files


#: What finishing the threads of a folder with nothing new needs, and the game's threads.
_Settled: TypeAlias = "tuple[list[_SettledThread], set[int]]"


# store.state.saved_plan: what the saved files the last saved-pages crawl left say of each
# thread (Store.saved_threads), the threads it finished (tid -> source, saved_mark) and the
# saved_files serial it left them at: unchanged since, the next crawl need not ask again.
_PLAN_FORMAT = 2  # 2: each thread's pages as runs of consecutive pages


def _page_runs(pages: Iterable[list[int]]) -> list[list[int]]:
    """Runs of pages ``[first, last]`` (each run given, or a page as ``[p, p]``), merged
    where they touch, in order: a thread's pages as a few numbers, not one per page."""
    runs: list[list[int]] = []
    for lo, hi in sorted(pages):
        if runs and lo <= runs[-1][1] + 1:
            runs[-1][1] = max(runs[-1][1], hi)
        else:
            runs.append([lo, hi])
    return runs


def _gaps(runs: Sequence[Sequence[int]], total: int | None) -> list[int]:
    """The pages from 1 to ``total`` in none of the (merged, ordered) runs."""
    total = total or 0
    missing: list[int] = []
    nxt = 1
    for lo, hi in runs:
        missing.extend(range(nxt, min(lo, total + 1)))
        nxt = max(nxt, hi + 1)
    missing.extend(range(nxt, total + 1))
    return missing


def _save_plan(store: Store, cache_key: str, finished: dict[int, tuple[str, str]]) -> None:
    """Record, at the end of a saved-pages crawl read file by file, what the next one with
    nothing new needs (:func:`_settled_folder`)."""
    marks = store.saved_marks((cache_key, cache_key + _UNUSED))
    plan = {
        "serial": store.serial("saved_files"),
        "cache_key": cache_key,
        "files": store.saved_file_count(),
        "marks": _marks_digest(marks),  # of the files read with this key (all, or not)
        "format": _PLAN_FORMAT,
        "threads": [
            [tid, view, used, pid, total, _page_runs([p, p] for p in pages)]
            for tid, view, used, pid, total, pages in store.saved_threads(cache_key)
        ],
        "finished": {str(tid): list(v) for tid, v in finished.items()},
    }
    store.state.saved_plan = plan


def _marks_digest(marks: Collection[str]) -> str:
    """One hash of a set of saved files' marks (its count and the marks in order)."""
    return f"{len(marks)}:" + hashlib.sha1("\n".join(sorted(marks)).encode()).hexdigest()


def _settled_folder(game: Game, store: Store, scan: _Scan, cache_key: str) -> _Settled | None:
    """A folder with nothing new: its page files are exactly the ones the last saved-pages
    crawl left read and unchanged (same size, modification time and inode, read with this
    version, time zone and page size; no entry written or dropped since), and every thread
    of the game among them was finished by that crawl with these very files, in the view it
    is read in, and not by another since.  Then what each thread's finish needs and the
    game's threads, from what that crawl recorded and one query for the files' marks (no
    object per file of our own, no file opened); else None: the folder is read file by
    file, which comes to the same for these threads."""
    plan = _current_plan(store, cache_key)
    if plan is None:
        return None
    if plan.get("files") != len(scan.marks) or plan.get("marks") != _marks_digest(scan.marks):
        return None  # a new or changed file, one gone, or one read with another version
    return _plan_threads(game, store, plan)


def _quiet(
    game: Game, store: Store, cache_key: str, now: datetime
) -> tuple[_Settled | None, _Scan | None]:
    """Whether the folder has nothing new, the cheap way first: no folder changed and no
    file that still matters (:func:`_unchanged_folder`, no folder listed); else one scan
    (:func:`_settled_folder`), recorded when it vouches for the folder.  (What each
    thread's finish needs, or None; and the scan when one was made.)"""
    assert game.forum.pages is not None
    quiet = _unchanged_folder(game, store, cache_key, now)
    if quiet is not None:
        return quiet, None
    scan = _scan(game.forum.pages)
    quiet = _settled_folder(game, store, scan, cache_key)
    if quiet is not None:
        _vouch(store, game.forum.pages, scan)
    return quiet, scan


def _current_plan(store: Store, cache_key: str) -> dict[str, Any] | None:
    """What the last saved-pages crawl recorded (:func:`_save_plan`), when it was read with
    this version, time zone and page size and no saved-file entry was written or dropped
    since; else None."""
    plan = store.state.saved_plan
    if plan is None:
        return None
    if plan.get("format") != _PLAN_FORMAT or plan.get("cache_key") != cache_key:
        return None  # written otherwise, or read with another version
    if plan.get("serial") != store.serial("saved_files"):
        return None  # an entry written or dropped since
    return plan


def _vouch(store: Store, folder: Path, scan: _Scan) -> None:
    """Record, for a scan that found exactly the files the record holds, each folder as it
    was just before it was listed and the files that are still looked at while no folder
    changes: each thread's last page (in each view).  Written only when it differs."""
    if scan.dirs is None:
        return
    plan = store.state.saved_plan
    if plan is None:
        return
    root = os.path.realpath(folder)
    if plan.get("dirs") == scan.dirs and plan.get("root") == root:
        return
    plan.update(root=root, dirs=scan.dirs, watch=store.saved_last_pages())
    store.state.saved_plan = plan


def _unchanged_folder(game: Game, store: Store, cache_key: str, now: datetime) -> _Settled | None:
    """A folder whose folders are as they were when a scan last found exactly the files the
    record holds (:func:`_vouch`: same inode, modification and change time, so no file was
    added, removed or renamed into any of them), and whose files that still matter are
    unchanged (same size, modification time and inode): each thread's last page, and every
    page of a thread whose day (any day, for a thread without one) is open or closed less
    than ``refetch_hours`` ago.  Then, as :func:`_settled_folder`, without listing a
    folder; else None (the folder is scanned).  A file rewritten in place, in a folder that
    did not change otherwise, is not seen unless it is one of these."""
    assert game.forum.pages is not None
    plan = _current_plan(store, cache_key)
    if (
        plan is None
        or not plan.get("dirs")
        or plan.get("root") != os.path.realpath(game.forum.pages)
    ):
        return None
    for path, mark in plan["dirs"].items():
        try:
            st = os.stat(path)
        except OSError:
            return None
        if _dir_mark(st) != mark:
            return None  # an entry added, removed or renamed: scan it
    window = timedelta(hours=game.forum.refetch_hours)
    specs = {t.tid: t for t in game.threads}
    open_tids = []
    for tid in {row[0] for row in plan["threads"]}:
        spec = specs.get(tid)
        days = [game.day(spec.day)] if spec is not None and spec.day is not None else game.days
        if any(d is not None and now <= d.closes + window for d in days):
            open_tids.append(tid)
    looked_at = plan.get("watch", []) + (store.saved_file_marks(open_tids) if open_tids else [])
    for key, size, mtime_ns, ino in looked_at:
        try:
            st = os.stat(key)
        except OSError:
            return None
        if st.st_size != size or st.st_mtime_ns != mtime_ns or st.st_ino != ino:
            return None  # rewritten in place: scan the folder
    return _plan_threads(game, store, plan)


def _plan_threads(game: Game, store: Store, plan: dict[str, Any]) -> _Settled | None:
    """What finishing each thread of a folder with nothing new needs, from the record, when
    every thread of the game in it was finished by that crawl with these very files, in
    the view it is read in, and not by another since; else None."""
    views: dict[int, dict[str, list[tuple[bool, bool, int | None, list[list[int]]]]]] = {}
    for tid, view, used, pid, total, pages in plan["threads"]:
        views.setdefault(tid, {}).setdefault(view, []).append((used, pid, total, pages))
    finished: dict[int, tuple[str | None, str | None]] = {
        int(tid): (v[0], v[1]) for tid, v in plan["finished"].items()
    }
    states = store.saved_states()
    wanted = {t.tid for t in game.threads}
    out: list[_SettledThread] = []
    for tid in sorted(views):
        if tid not in wanted:
            if not _takes(game, store, tid, None):
                continue
            wanted.add(tid)
        kind = next((k for k in _VIEWS if k in views[tid]), None)
        if kind is None:
            return None
        groups = views[tid][kind]
        if kind != "desktop" and not all(used for used, *_ in groups):
            return None  # a save of a view that comes into use now: read it
        any_pid = any(pid for _, pid, _, _ in groups)
        mark: str | None = None
        if any_pid:
            source, mark = finished.get(tid, (None, None))
            if source != f"saved-{kind}" or states.get(tid) != (source, mark):
                return None  # not finished with these very files: the deletion check runs
        pages = _page_runs(run for *_, runs in groups for run in runs)
        most = max((t for _, _, t, _ in groups if t is not None), default=None)
        out.append(_SettledThread(tid, kind, any_pid, pages, most, mark))
    return out, wanted


def _finish_settled(
    game: Game,
    store: Store,
    report: CrawlReport,
    run_id: int | None,
    settled: _Settled,
) -> Game:
    """Finish the threads of a folder with nothing new as reading it file by file would:
    nothing stored but each thread's state, the same problems."""
    assert game.forum.pages is not None
    folder = game.forum.pages
    threads, wanted = settled
    for t in threads:
        if not t.any_pid:
            report.problems.append(_no_pid_problem(folder, t.tid, t.kind))
            continue
        rec = ThreadRecorder(store, report, t.tid, f"saved-{t.kind}", run_id)
        rec.total_pages = t.total_pages
        rec.finish(t.pages[-1][1] if t.pages else 1, settled=True, saved_mark=t.mark)
        missing = _gaps(t.pages, rec.total_pages)
        report.problems.extend(_missing_problem(folder, t.tid, missing, rec.total_pages))
    for tid in sorted(wanted - {t.tid for t in threads}):
        report.problems.append(_absent_problem(folder, tid))
    return _with_board(game, store) if game.discovers else game


_BOARD_MARKERS = (b'id="threadlisttableid"', b'"forum_threadlist"')


def _oldest_first(
    game: Game,
    store: Store,
    scanned: Sequence[_SavedFile],
    unchanged: dict[str, SavedFileRow],
    wanted: set[int],
    cache_key: str,
) -> tuple[list[tuple[int, str, _SavedFile, SavedFileRow | None]], dict[tuple[int, str, int], int]]:
    """The scanned files oldest first, each with its stored row when unchanged, and the
    newest unchanged save of each (thread, view, page) by its time in ns: a save older than
    one already read for the same page adds nothing current (its posts are noted as
    present, but it is not taken for an edit of the newer save).  Adds to ``wanted`` the
    threads whose stored title makes them the game's."""
    files: list[tuple[int, str, _SavedFile, SavedFileRow | None]] = []
    newest_known: dict[tuple[int, str, int], int] = {}
    for sf in scanned:
        row = unchanged.get(sf.key)
        mtime_ns = sf.mark[1]
        if row is not None:
            if row.tid not in wanted and _takes(game, store, row.tid, None):
                wanted.add(row.tid)
            if row.tid in wanted and row.cache_key == cache_key:  # a save whose posts are in
                k = (row.tid, row.kind, row.page or 1)
                if mtime_ns > newest_known.get(k, -1):
                    newest_known[k] = mtime_ns
        files.append((mtime_ns, sf.path, sf, row))
    files.sort(key=lambda f: (f[0], f[1]))
    return files, newest_known


def _saved_board(
    files: Sequence[_SavedFile],
    unchanged: dict[str, SavedFileRow],
    report: CrawlReport,
    max_bytes: int,
) -> list[BoardThread]:
    """The board-list pages in a saved-pages folder (desktop or API), every page (a file
    over the page size limit is left to the thread-page reader, which reports it).  A file
    read before as a thread page and unchanged since is no board page: not opened."""
    from auditor.forum.parse.board import parse_board
    from auditor.models import FetchedPage

    found: list[BoardThread] = []
    for sf in files:
        if sf.st.st_size > max_bytes or sf.key in unchanged:
            continue
        try:
            body = Path(sf.path).read_bytes()
        except OSError:
            continue  # the thread-page reader reports it
        if not any(m in body for m in _BOARD_MARKERS):
            continue
        ctype = "application/json" if sf.path.lower().endswith(".json") else None
        fetched = FetchedPage(url=Path(sf.key).as_uri(), status=200, body=body, content_type=ctype)
        try:
            found.extend(parse_board(fetched).threads)
        except PageError as exc:
            report.problems.append(CrawlProblem(exc.kind, fetched.url, f"版块列表：{exc}"))
    return found


def _takes(
    game: Game, store: Store, tid: int, subject: str | None, author: str | None = None
) -> bool:
    """A saved thread not on the board list: taken when its title makes it the game's."""
    if not game.discovers:
        return False
    if subject is None:
        row = store.thread_state(tid)
        subject = row["subject"] if row is not None else None
    from auditor.game.discover import take_thread

    return subject is not None and take_thread(game, subject, author)[0] is not None


def _superseded(
    newest_known: dict[tuple[int, str, int], int],
    tid: int,
    kind: str,
    page: int,
    mtime_ns: int,
) -> bool:
    """Whether an unchanged file read on an earlier run holds a newer save of the page."""
    newest = newest_known.get((tid, kind, page))
    return newest is not None and mtime_ns < newest


def _note_superseded(
    store: Store, rec: ThreadRecorder, page: int, item: _Fresh, when: datetime
) -> None:
    """A save older than one already read: its posts are present, and what it showed of
    its authors' signatures and avatars is a sighting at its own time (PROFILE-*)."""
    fetched, parsed, _, _ = item
    rec.seen.update(p.pid for p in parsed.posts if p.pid is not None)
    if parsed.profiles and not parsed.author_only:
        store.record_profiles(
            parsed.profiles,
            tid=rec.tid,
            page=page,
            url=fetched.url,
            seen_at=fetched.fetched_at or when,
            run_id=rec.run_id,
        )


def _file_time(sf: _SavedFile) -> datetime:
    return datetime.fromtimestamp(sf.st.st_mtime, UTC)


def _kind_of(item: object) -> str:
    if isinstance(item, SavedFileRow):
        return item.kind
    return cast(_Fresh, item)[1].kind.value


def _note_saved_row(rec: ThreadRecorder, t: _SavedThread, page: int, row: SavedFileRow) -> None:
    rec.note_unchanged(page, row)
    t.any_pid = t.any_pid or row.pids != "[]"
    if not row.author_only:
        t.pages_seen.add(page)


def _store_saved(
    game: Game,
    store: Store,
    rec: ThreadRecorder,
    t: _SavedThread,
    tid: int,
    kind: str,
    page: int,
    item: _Fresh,
    cache_key: str,
    progress: ProgressFn | None,
) -> None:
    """Store one freshly parsed saved page, its posts and its saved-file entry together."""
    fetched, parsed, key, st = item
    if not any(p.pid is not None for p in parsed.posts):
        return
    t.any_pid = True
    row_data = _saved_row(key, st, tid, kind, page, parsed, game.forum.ppp)
    with store.transaction():
        rec.record(fetched, parsed, page, game.forum.ppp)
        store.save_saved_file({**row_data, "cache_key": cache_key})
    if not parsed.author_only:
        t.pages_seen.add(page)
    if progress:
        progress(tid, page, parsed.total_pages)


#: A save parsed in this run (its value types are imported where they are made).
_Fresh: TypeAlias = "tuple[FetchedPage, ParsedPage, str, os.stat_result]"


def max_page_bytes(game: Game) -> int:
    return int(game.forum.max_page_mb * 1024 * 1024)


@dataclass(slots=True)
class _SavedSpace:
    """A member's own posts list found in a saved folder (POST-OUTSIDE)."""

    path: Path
    key: str
    st: os.stat_result
    page: SpacePage
    captured: datetime


def _store_saved_spaces(
    game: Game,
    store: Store,
    report: CrawlReport,
    lists: Sequence[_SavedSpace],
    cache_key: str,
    run_id: int | None,
) -> None:
    """The players' posts lists found in the folder, once its posts are stored (they give
    the players' uids)."""
    if not lists:
        return
    from auditor.forum.spaces import player_uids

    players = set(player_uids(game, store).values())
    done = {(r.uid, r.view, r.read_at) for r in store.space_reads()}
    for entry in lists:
        _store_saved_space(game, store, report, entry, cache_key, run_id, players, done)


def _store_saved_space(
    game: Game,
    store: Store,
    report: CrawlReport,
    entry: _SavedSpace,
    cache_key: str,
    run_id: int | None,
    players: set[int],
    done: set[tuple[int, str, datetime]],
) -> None:
    """One read of a player's list at the page's capture time (the night: the days closed
    by then), and its saved-file entry (tid 0) so an unchanged file is not read again."""
    rel = str(entry.path.relative_to(game.forum.pages or entry.path.parent))
    sp = entry.page
    if sp.uid is None or sp.uid not in players:
        report.skipped_files.append((rel, "个人空间的帖子列表，不是玩家的"))
        return
    at = entry.captured
    with store.transaction():
        if (sp.uid, sp.view, at) not in done:
            done.add((sp.uid, sp.view, at))
            store.record_space_read(
                uid=sp.uid,
                view=sp.view,
                night=sum(1 for d in game.days if d.closes <= at),
                read_at=at,
                url=entry.path.resolve().as_uri(),
                threads=None,
                items=sp.items,
                run_id=run_id,
            )
        store.save_saved_file(
            {
                "path": entry.key,
                "size": entry.st.st_size,
                "mtime_ns": entry.st.st_mtime_ns,
                "ino": entry.st.st_ino,
                "tid": 0,
                "kind": "space",
                "page": sp.page,
                "total_pages": sp.total_pages,
                "author_only": 0,
                "pids": "[]",
                "floor_lo": None,
                "floor_hi": None,
                "cache_key": cache_key,
            }
        )


def _saved_avatars(path: Path, folder: Path, parsed: ParsedPage) -> ParsedPage:
    """Each author's avatar hashed from the picture the browser saved beside the page
    (a relative ``src`` naming a file inside the folder, e.g. ``NAME_files/03_avatar_middle.jpg``)."""
    if not parsed.profiles:
        return parsed
    root = ""  # the folder's real path, looked up for the first saved avatar
    out = []
    for p in parsed.profiles:
        src = p.avatar_url or ""
        digest = None
        if src and "://" not in src and not src.startswith(("/", "data:")):
            root = root or os.path.realpath(folder)
            local = os.path.realpath(path.parent / unquote(src.split("?", 1)[0]))
            if local.startswith(root + os.sep) and os.path.isfile(local):
                with open(local, "rb") as fh:
                    digest = hashlib.sha256(fh.read(_AVATAR_MAX)).hexdigest()
        out.append(replace(p, avatar_sha256=digest) if digest else p)
    parsed.profiles = out
    return parsed


_AVATAR_MAX = 4 * 1024 * 1024  # an avatar larger than this is hashed from its first 4 MB


class _ReadOptions(NamedTuple):
    """What reading a saved file needs of the game (sent once to a worker process)."""

    tz: tzinfo
    max_page_mb: float  # (as the game file says it, for the message)
    max_page_bytes: int  # :func:`max_page_bytes`
    folder: Path | None  # the game's saved-pages folder
    discovers: bool


def _read_options(game: Game) -> _ReadOptions:
    return _ReadOptions(
        game.timezone,
        game.forum.max_page_mb,
        max_page_bytes(game),
        game.forum.pages,
        game.discovers,
    )


# A first read of this many saved files or more parses them with a worker process beside
# this one (:mod:`auditor.forum.parallel`); fewer are parsed here (a night's few pages
# would pay the worker's start for nothing).
PARSE_WORKER_MIN = 100


def _opened_in_order(game: Game, todo: Sequence[_SavedFile]) -> Generator[_Opened, None, None]:
    """:func:`_open_saved` of each file, in order, lazily: with a worker process when there
    are many and a second core (:func:`auditor.forum.parallel.ordered_map`)."""
    opts = _read_options(game)
    if len(todo) >= PARSE_WORKER_MIN:
        import auditor.forum.parallel as parallel

        if parallel.cores() >= 2:
            return parallel.ordered_map("auditor.forum.crawl:_open_saved", todo, opts)
    return (_open_saved(sf, opts) for sf in todo)


#: What a saved file holds, before the store is asked anything: ("page", (fetched,
#: parsed)), ("space", _SavedSpace), ("problem", CrawlProblem), ("skipped", (file, what))
#: or ("nothing", None).
_Opened: TypeAlias = "tuple[str, Any]"


_by_fields_ready = False


def _pickle_by_fields() -> None:
    """Pickle the page values as their fields in order (rebuilt by the class itself): a
    slotted dataclass otherwise unpickles through ``dataclasses``' generic
    ``__setstate__``, which asks ``fields()`` for every object, the most of reading a
    worker's pages back.  The same values either way."""
    global _by_fields_ready
    if _by_fields_ready:
        return
    import copyreg
    from dataclasses import fields

    from auditor.models import Attachment, FetchedPage, ParsedPage, Post, Profile, Quote

    for cls in (Attachment, FetchedPage, ParsedPage, Post, Profile, Quote):
        names = tuple(f.name for f in fields(cls))
        copyreg.pickle(cls, partial(_by_fields, cls, names))
    _by_fields_ready = True


def _by_fields(cls: type, names: tuple[str, ...], obj: object) -> tuple[type, tuple[object, ...]]:
    return cls, tuple([getattr(obj, name) for name in names])


def _open_saved(sf: _SavedFile, opts: _ReadOptions) -> _Opened:
    """Read and parse one saved file (no store, no report: a worker process may run it).
    A thread page is dated by its capture time and its authors' avatars saved beside it
    are hashed."""
    path, st = Path(sf.path), sf.st
    mtime = datetime.fromtimestamp(st.st_mtime, UTC)
    url = Path(sf.key).as_uri()
    if st.st_size > opts.max_page_bytes:
        # Parsing needs about 16 times the page's size in memory: refuse, never swap.
        too_large = PageTooLargeError(
            url,
            f"{st.st_size / 1048576:.1f} MB，上限 {opts.max_page_mb:g} MB"
            "（可在游戏文件 [forum] max_page_mb 调整）",
        )
        return "problem", CrawlProblem(too_large.kind, url, str(too_large))
    ctype = "application/json" if path.suffix.lower() == ".json" else None
    try:
        body = path.read_bytes()
    except OSError as exc:  # removed or unreadable since the scan
        message = f"无法读取保存的页面（{os_error_text(exc)}）：{path}"
        return "problem", CrawlProblem("unreadable", url, message)
    # A posts list, the board list and the page writer's index are told by their bytes: a
    # night with nothing new reads the last two and makes no page value (no auditor.models).
    if b'id="delform"' in body and b"mod=space" in body:  # is_space_html, on the bytes
        from auditor.forum.parse.space import parse_space
        from auditor.forum.parse.times import capture_time

        fetched = _saved_page(url, body, ctype, mtime)
        try:
            sp = parse_space(fetched)
        except PageError as exc:
            return "problem", CrawlProblem(exc.kind, url, f"个人空间列表：{exc}")
        captured = capture_time(sp.served_at, mtime) or mtime
        return "space", _SavedSpace(path, sf.key, st, sp, captured)
    if any(m in body for m in _BOARD_MARKERS):  # its threads: _saved_board
        what = "版块帖子列表，帖子从中发现" if opts.discovers else "版块帖子列表，不是帖子页面"
        return "skipped", (str(path.relative_to(opts.folder or path.parent)), what)
    if path.name == "index.json" and _writer_index(body):
        return "nothing", None  # the page writer's own URL index, not a page (nor parsed)
    _pickle_by_fields()  # for a worker process's results (loads the page values)
    fetched = _saved_page(url, body, ctype, mtime)
    try:
        parsed = parse_page(fetched, opts.tz)  # relative times: the capture time
    except PageError as exc:
        if path.name == "index.json":  # the page writer's own URL index, not a page
            return "nothing", None
        if exc.kind in _SKIPPABLE:
            what = _SKIPPED_WHAT.get(exc.kind) or exc.detail
            return "skipped", (str(path.relative_to(opts.folder or path.parent)), what)
        return "problem", CrawlProblem(exc.kind, url, str(exc))
    from auditor.forum.parse.times import capture_time

    captured = capture_time(parsed.served_at, mtime) or mtime
    if captured != mtime:
        fetched = replace(fetched, fetched_at=captured)  # the sightings' time
    parsed = _saved_avatars(path, opts.folder or path.parent, parsed)
    return "page", (fetched, parsed)


def _read_saved_file(
    sf: _SavedFile,
    game: Game,
    report: CrawlReport,
    wanted: set[int],
    store: Store,
    space: Callable[[_SavedSpace], None],
    opened: _Opened | None = None,
) -> tuple[int, str, tuple[int, object]] | None:
    """Parse one saved file (``opened``: what :func:`_open_saved` made of it, maybe in a
    worker process): (tid, view, (page, entry)), or None when it is not a page of this
    game (problems are added to the report) or a member's posts list (handed to
    ``space``)."""
    what, value = opened or _open_saved(sf, _read_options(game))
    if what == "problem":
        report.problems.append(value)
        return None
    if what == "skipped":
        report.skipped_files.append(value)
        return None
    if what == "space":
        space(value)
        return None
    if what != "page":
        return None
    fetched, parsed = value
    if parsed.tid is not None and parsed.tid not in wanted and parsed.subject is not None:
        starter = next((p.author for p in parsed.posts if p.first), None)
        if _takes(game, store, parsed.tid, parsed.subject, starter):
            wanted.add(parsed.tid)
    if parsed.tid not in wanted:
        report.ignored_files.append(str(Path(sf.path)))
        return None
    tid = parsed.tid
    assert tid is not None
    entry = (fetched, parsed, sf.key, sf.st)
    return tid, parsed.kind.value, (parsed.page or 1, entry)


def _saved_page(url: str, body: bytes, ctype: str | None, mtime: datetime) -> FetchedPage:
    from auditor.models import FetchedPage

    return FetchedPage(
        url=url,
        status=200,
        body=body,
        content_type=ctype,
        date_header=None,
        fetched_at=mtime,
    )


def _note_unused(
    store: Store, t: _SavedThread, tid: int, kind: str, cache_key: str, ppp: int
) -> None:
    """Saves of a thread in a view it does not use (``kind`` is the one it uses) are noted,
    so that the next night does not parse them again while they are unchanged (and reads
    them then if the thread's other view is gone)."""
    for _, page, item, _sf in t.held:
        if not isinstance(item, SavedFileRow) and _kind_of(item) != kind:
            _, parsed, key, st = cast(_Fresh, item)
            row = _saved_row(key, st, tid, _kind_of(item), page, parsed, ppp)
            store.save_saved_file({**row, "cache_key": cache_key + _UNUSED})


def _read_unused(
    sf: _SavedFile, game: Game, report: CrawlReport, wanted: set[int], store: Store
) -> object | None:
    """A save read on an earlier night but not used then (its thread had pages of another
    view), so its posts were never stored: read now (the fresh entry), or None."""
    entry = _read_saved_file(sf, game, report, wanted, store, lambda _sp: None)
    return None if entry is None else entry[2][1]


def _writer_index(body: bytes) -> bool:
    """Whether an ``index.json`` is a JSON object without ``Variables``: the parser refuses
    every such file (no API answer), so it is known without loading the parser."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and "Variables" not in data


def _saved_row(
    key: str, st: os.stat_result, tid: int, kind: str, page: int, parsed: ParsedPage, ppp: int
) -> dict[str, object]:
    from auditor.models import PageKind

    posts = desktop_floors(parsed.posts, ppp) if parsed.kind is PageKind.API else parsed.posts
    floors = [p.floor for p in posts if p.floor is not None and not p.stuck]
    return {
        "path": key,
        "size": st.st_size,
        "mtime_ns": st.st_mtime_ns,
        "ino": st.st_ino,
        "tid": tid,
        "kind": kind,
        "page": parsed.page,
        "total_pages": parsed.total_pages,
        "author_only": int(parsed.author_only),
        "pids": json.dumps([p.pid for p in posts if p.pid is not None]),
        "floor_lo": min(floors, default=None),
        "floor_hi": max(floors, default=None),
    }
