"""The polite HTTP client: one page at a time, with the forum's own URLs.

A director runs ``auditor`` against somebody else's forum, often a small board on
cheap hosting that bans scrapers quickly.  So this module is deliberately slow and
predictable:

* **One request at a time** (a lock, and a connection pool of one), and a ``delay``
  between consecutive requests, counted from the end of the previous one.  The first
  request is not delayed.
* **Bounded retries** on timeouts, connection resets, broken reads, 5xx and 429, with
  exponential backoff and ``Retry-After`` honoured (capped at ``max_retry_after`` so a
  hostile server cannot stall a nightly run).  The retrying is urllib3's ``Retry``
  mounted on a ``requests`` ``HTTPAdapter``; the only retry we add by hand is for a
  body cut short of its ``Content-Length``, which urllib3 detects only after
  ``urlopen`` has returned.  Every retry also waits at least ``delay``.
* **A total deadline and a size limit per request**: a read timeout alone lets a server
  that sends one byte every few seconds hold the crawl (and the game's lock) forever, and
  an endless body would fill the memory.  A watchdog shuts the socket when ``deadline``
  seconds have passed (headers included), and the body is read in chunks up to
  ``max_bytes``: :class:`PageDeadlineError` and :class:`PageTooLargeError`, not retried.
* **A real browser User-Agent** that names auditor, so a forum admin reading the logs
  can tell who we are.

Mapping to errors is **HTTP-level only**; deciding what a 200 page *says* (login page,
"no permission", deleted thread, a JavaScript challenge) is the parser's job:

============================  ===================================================
answer                        result
============================  ===================================================
2xx                           :class:`FetchedPage`
404                           :class:`FetchedPage` (Discuz! serves its own "thread
                              missing" page with 404; the parser names it.  A 404
                              that is not a Discuz! page is the parser's
                              ``UnrecognisedPageError``, which is the more honest
                              diagnosis: the base URL is probably wrong)
301/302/303/307/308           see *Redirects* below
401                           :class:`LoginRequiredError`
403, 567, ``cf-mitigated``    :class:`AntiBotError`, not retried (hammering a WAF
                              gets the director's IP banned)
429 / 5xx after the retries   :class:`ServerError` naming the status
other 4xx                     :class:`ServerError` naming the status
timeouts, resets after retry  :class:`NetworkError`
body shorter than declared    :class:`TruncatedPageError` (after the retries)
============================  ===================================================

Redirects are never followed blindly (``allow_redirects=False``):

* to ``member.php?mod=logging`` → :class:`LoginRequiredError`;
* from a thread to ``forum.php?mod=forumdisplay`` (or ``forum-F-1.html``) →
  :class:`ForumPasswordError`.  This is what stock X3.5 does for a board with a
  password: an empty-bodied 302 from ``viewthread`` (and from the mobile API) to the
  board page (real capture ``x35-edge/guest/thread-56-p1-forumpassword.html``).  We
  raise here instead of following, because the board page alone does not say *which*
  thread was refused and the redirect itself is unambiguous;
* to a ``viewthread`` of the **same thread on the same host** (``findpost`` and
  ``goto=lastpost`` resolve to ``…&page=N#pidP``; an http→https upgrade) → followed,
  at most :data:`MAX_REDIRECTS` hops.  The returned page's ``url`` is the final URL
  and ``location`` is the first ``Location`` received (absolute, fragment kept: the
  ``#pidP`` says which post findpost meant);
* anything else (another thread, a moved thread, another host) → **not** followed:
  returned as a :class:`FetchedPage` with the 3xx status and ``location`` so the crawl
  can tell the director where the thread went.

Cookies (login-only boards) are read from a Netscape ``cookies.txt`` or from a single
raw ``Cookie:`` header line.  Their values never leave the session's cookie jar: they
are not in any URL, log line, exception message or repr made here.
"""

from __future__ import annotations

import io
import logging
import re
import socket
import threading
import time
from collections.abc import Callable, Mapping
from contextlib import suppress
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from http.cookiejar import LoadError, MozillaCookieJar
from pathlib import Path
from types import TracebackType
from typing import Any, Self
from urllib.parse import urljoin, urlsplit, urlunsplit

import requests
from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
from urllib3.exceptions import ConnectTimeoutError, InvalidHeader, MaxRetryError
from urllib3.util.retry import Retry

from auditor import __version__
from auditor.cookies import CookieLine, CookieSource
from auditor.errors import (
    AntiBotError,
    AuditorError,
    LoginRequiredError,
    NetworkError,
    PageDeadlineError,
    PageTooLargeError,
    PostNotSentError,
    PostUnansweredError,
    RateLimitedError,
    ServerError,
    TruncatedPageError,
)
from auditor.files import os_error_text
from auditor.forum.parse.detect import classify_redirect
from auditor.models import FetchedFile, FetchedPage
from auditor.urls import is_viewthread, thread_id

log = logging.getLogger(__name__)

#: A current desktop Chrome string (Discuz! serves its desktop template to it, the
#: one the parser knows best) with ``auditor/<version>`` appended so the forum's admin
#: can identify us.
DEFAULT_UA = (
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
    f"Chrome/124.0.0.0 Safari/537.36 auditor/{__version__} (forum game auditor)"
)

#: Statuses retried with backoff.  567 is not here: it is an anti-bot answer.
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504, 520, 521, 522, 523, 524})
#: Statuses that mean a firewall or anti-scraping layer refused us.
ANTI_BOT_STATUSES = frozenset({403, 567})
MAX_REDIRECTS = 3
#: Total seconds one request may take, retries included (headers and body).
DEFAULT_DEADLINE = 120.0
#: Largest answer read (decoded), in bytes.  Discuz! pages are a few hundred KB.
DEFAULT_MAX_BYTES = 8 * 1024 * 1024
_CHUNK = 64 * 1024
#: A server asking for a longer Retry-After than this gets this much, no more.
MAX_RETRY_AFTER = 120.0
#: Query parameters that may carry a session or a token in a Discuz! URL.
SECRET_PARAMS = frozenset({"sid", "auth", "saltkey", "formhash", "hash", "token", "password", "pw"})

_BROWSER_HEADERS = {
    "Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,application/json;q=0.8,*/*;q=0.7",
    "Accept-Language": "zh-CN,zh;q=0.9,en;q=0.5",
}
_NETSCAPE_MAGIC = re.compile(r"#( Netscape)? HTTP Cookie File")


class CookiesFileError(AuditorError):
    """The cookies file cannot be used.  The message names the file, never its content."""

    def __init__(self, path: str, reason: str) -> None:
        self.path, self.reason = str(path), reason
        super().__init__(f"cookies {self.path}：{reason}")


# --- URLs -------------------------------------------------------------------------


def redact_url(url: str) -> str:
    """``url`` without user:password and with session-like query values masked.

    Used for every URL that leaves this module (pages, errors, logs), because a
    director may paste a base URL copied from a logged-in browser.
    """
    parts = urlsplit(url)
    netloc = parts.netloc.rsplit("@", 1)[-1]
    query = parts.query
    if query:
        pieces = []
        for piece in query.split("&"):
            name = piece.split("=", 1)[0]
            pieces.append(
                f"{name}=***" if name.lower() in SECRET_PARAMS and "=" in piece else piece
            )
        query = "&".join(pieces)
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def _is_challenge(headers: Mapping[str, str]) -> bool:
    """Cloudflare marks its interstitial challenges with this header, whatever the status."""
    return str(headers.get("cf-mitigated", "")).lower() == "challenge"


def _parse_date(value: str | None) -> datetime | None:
    if not value:
        return None
    try:
        parsed = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


# --- cookies ----------------------------------------------------------------------


class _CookiesTxt(MozillaCookieJar):
    """MozillaCookieJar fed from checked text rather than a file name."""

    def load_text(self, text: str, label: str) -> None:
        # Session cookies were written with expiry 0 or "" and would be dropped as
        # "discard"; a browser export of a logged-in session is exactly those, so keep
        # them (ignore_discard).  Really expired cookies are still skipped.
        self._really_load(io.StringIO(text), label, True, False)  # type: ignore[attr-defined]


def _normalise_cookies_txt(text: str, label: str) -> str:
    """Check every line of a cookies.txt ourselves, so that no error message quotes one.

    The magic first line is added when an exporter or a hand edit lost it, and an
    expiry of ``0`` (curl's and some extensions' way to write a session cookie) becomes
    empty, which is how MozillaCookieJar spells "session".
    """
    out = ["# Netscape HTTP Cookie File"]
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r\n")
        prefix = ""
        if line.startswith("#HttpOnly_"):
            prefix, line = "#HttpOnly_", line[len("#HttpOnly_") :]
        if not line.strip() or line.lstrip().startswith(("#", "$")):
            continue
        fields = line.split("\t")
        if len(fields) != 7:
            raise CookiesFileError(label, f"第 {number} 行不是 7 个以 Tab 分隔的字段")
        if fields[4].strip() == "0":
            fields[4] = ""
        elif fields[4].strip() and not fields[4].strip().isdecimal():
            raise CookiesFileError(label, f"第 {number} 行的过期时间不是数字")
        out.append(prefix + "\t".join(fields))
    return "\n".join(out) + "\n"


def load_cookies(source: str | CookieSource, host: str) -> requests.cookies.RequestsCookieJar:
    """Read a Netscape ``cookies.txt``, a file holding one raw ``Cookie:`` header line, or
    a raw line given in the game file (:class:`CookieLine`).

    A raw line has no domain, so its cookies are bound to ``host`` (the forum); they
    are then never sent anywhere else, exactly like the ones from ``cookies.txt``.
    Errors name the file and the line number only: a line is mostly cookie value.
    """
    label = str(source) if isinstance(source, CookieLine) else f"文件 {source}"
    if isinstance(source, CookieLine):
        text = source.text
    else:
        try:
            text = Path(source).read_text(encoding="utf-8-sig")
        except OSError as exc:
            raise CookiesFileError(label, f"无法读取：{os_error_text(exc)}") from None
        except UnicodeDecodeError:
            raise CookiesFileError(label, "不是 UTF-8 编码的文本文件") from None
    jar = requests.cookies.RequestsCookieJar()
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    netscape = bool(_NETSCAPE_MAGIC.match(text)) or any(ln.count("\t") >= 6 for ln in lines)
    if netscape:
        moz = _CookiesTxt()
        try:
            moz.load_text(_normalise_cookies_txt(text, label), label)
        except (LoadError, ValueError):
            # LoadError's own message quotes the offending line, i.e. a cookie value.
            raise CookiesFileError(label, "不是有效的 Netscape cookies.txt 格式") from None
        for cookie in moz:
            jar.set_cookie(cookie)
    else:
        content = [ln for ln in lines if not ln.startswith("#")]
        if len(content) != 1:
            raise CookiesFileError(
                label,
                "应为 Netscape cookies.txt，或只有一行的 Cookie 头（name=value; name2=value2）",
            )
        line = re.sub(r"^cookie\s*:\s*", "", content[0], flags=re.I)
        for n, pair in enumerate(p.strip() for p in line.split(";")):
            if not pair:
                continue
            name, sep, value = pair.partition("=")
            if not sep or not name.strip():
                raise CookiesFileError(label, f"Cookie 头第 {n + 1} 项不是 name=value 形式")
            jar.set(name.strip(), value.strip(), domain=host, path="/")
    if not len(jar):
        raise CookiesFileError(label, "没有任何 cookie")
    return jar


# --- retries ----------------------------------------------------------------------


class _PoliteRetry(Retry):
    """urllib3's Retry, sleeping through an injectable function and never faster than
    the crawl delay, and counting the attempts it causes.

    urllib3 rebuilds the object on every retry through :meth:`new`, which only knows
    its own parameters; ours are copied across there.
    """

    def __init__(
        self,
        *args: Any,
        sleep: Callable[[float], None] = time.sleep,
        min_wait: float = 0.0,
        on_retry: Callable[[], None] | None = None,
        remaining: Callable[[], float] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self._sleep_fn = sleep
        self._min_wait = min_wait
        self._on_retry = on_retry
        self._remaining = remaining

    def new(self, **kw: Any) -> Self:
        fresh = super().new(**kw)
        fresh._sleep_fn, fresh._min_wait, fresh._on_retry, fresh._remaining = (
            self._sleep_fn,
            self._min_wait,
            self._on_retry,
            self._remaining,
        )
        return fresh

    def increment(self, *args: Any, **kwargs: Any) -> Self:
        response = kwargs.get("response")
        if response is not None and _is_challenge(response.headers):
            # A CDN challenge (often a 503) is not an outage: retrying only looks more
            # like a bot.  Giving up here makes urlopen hand back this response.
            raise MaxRetryError(None, kwargs.get("url") or "", None)  # type: ignore[arg-type]
        fresh = super().increment(*args, **kwargs)  # raises when exhausted: no new attempt
        if self._on_retry is not None:
            self._on_retry()
        return fresh

    def sleep(self, response: Any = None) -> None:
        if self.respect_retry_after_header and response is not None:
            try:
                retry_after = self.get_retry_after(response)
            except InvalidHeader:
                retry_after = None  # a garbled Retry-After falls back to backoff
            if retry_after:
                self._before_waiting(retry_after, response)
                log.info("服务器要求等待 %.1f 秒后重试", retry_after)
                self._sleep_fn(retry_after)
                return
        wait = max(self.get_backoff_time(), self._min_wait)
        if wait > 0:
            self._sleep_fn(wait)

    def _before_waiting(self, seconds: float, response: Any) -> None:
        """A wait the forum asked for (Retry-After) that would end past the request's
        deadline is not begun (the watchdog would only shut the next attempt's socket, and
        the wait be blamed on a slow forum): the request ends here, saying what the forum
        answered.  (Our own backoff is short: a slow forum's deadline stays its own.)"""
        if self._remaining is not None and seconds > self._remaining():
            raise _WaitPastDeadline(seconds, getattr(response, "status", None))


class _WaitPastDeadline(Exception):
    """Raised out of urllib3's retry loop: the next wait would pass the deadline."""

    def __init__(self, seconds: float, status: int | None) -> None:
        super().__init__(seconds, status)
        self.seconds = seconds
        self.status = status


# --- the client -------------------------------------------------------------------


class Fetcher:
    """Fetches forum pages politely and returns them as :class:`FetchedPage`.

    ``base_url`` is the forum root (``https://bbs.example.com/`` or with a sub-folder
    ``https://example.com/bbs/``); relative paths passed to :meth:`get` are resolved
    against it.  ``sleep`` is injectable so tests can record waits instead of waiting.
    ``retries`` counts retries after the first attempt; ``backoff`` is urllib3's
    ``backoff_factor`` (waits of ``delay``, 2, 4, 8 … seconds with the default 1.0);
    ``max_retry_after`` caps a server's ``Retry-After``.
    """

    def __init__(
        self,
        base_url: str,
        *,
        delay: float = 1.0,
        cookies: str | CookieSource | None = None,
        timeout: float = 20.0,
        retries: int = 4,
        backoff: float = 1.0,
        user_agent: str = DEFAULT_UA,
        sleep: Callable[[float], None] = time.sleep,
        max_retry_after: float = MAX_RETRY_AFTER,
        proxies: dict[str, str] | None = None,
        deadline: float = DEFAULT_DEADLINE,
        max_bytes: int = DEFAULT_MAX_BYTES,
    ) -> None:
        if not base_url.endswith("/"):
            base_url += "/"
        parts = urlsplit(base_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise AuditorError(
                f"论坛地址无效：{redact_url(base_url)}（应以 http:// 或 https:// 开头）"
            )
        self.base_url = base_url
        self.delay = delay
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self.deadline = deadline
        self.max_bytes = max_bytes
        self._sock: socket.socket | None = None  # the connection now in use (pool of one)
        self._expired = threading.Event()
        self._sleep = sleep
        self._lock = threading.Lock()
        self._count = 0
        self._last_end: float | None = None
        self._started = time.monotonic()  # (the request under way: its deadline's start)
        self._has_cookies = cookies is not None

        self._session = requests.Session()
        # Environment proxies and ~/.netrc are ignored: what is sent to the forum, and
        # through whom, is decided by the game file alone (``proxies``).
        self._session.trust_env = False
        if proxies:
            self._session.proxies.update(proxies)
        self._session.headers.update({"User-Agent": user_agent, **_BROWSER_HEADERS})
        if cookies is not None:
            self._session.cookies = load_cookies(cookies, parts.hostname)
        retry = _PoliteRetry(
            total=retries,
            connect=retries,
            read=retries,
            status=retries,
            other=0,
            redirect=0,
            allowed_methods=frozenset({"GET"}),
            status_forcelist=RETRY_STATUSES,
            backoff_factor=backoff,
            backoff_max=60.0,
            respect_retry_after_header=True,
            retry_after_max=max_retry_after,
            raise_on_status=False,
            raise_on_redirect=False,
            sleep=sleep,
            min_wait=delay,
            on_retry=self._counted,
            remaining=lambda: self.deadline - (time.monotonic() - self._started),
        )
        adapter = HTTPAdapter(max_retries=retry, pool_connections=1, pool_maxsize=1)
        adapter.poolmanager.pool_classes_by_scheme = _watched_pools(self._watch)
        self._session.mount("http://", adapter)
        self._session.mount("https://", adapter)

    def _watch(self, sock: socket.socket | None) -> None:
        """Every new connection's socket, so the deadline watchdog can shut it."""
        self._sock = sock
        if sock is not None and self._expired.is_set():
            _shut(sock)

    def _expire(self) -> None:
        self._expired.set()
        if self._sock is not None:
            _shut(self._sock)

    # context manager / housekeeping

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        self._session.close()

    def __repr__(self) -> str:
        cookies = "with cookies" if self._has_cookies else "no cookies"
        return f"<Fetcher {redact_url(self.base_url)} {cookies}, {self._count} requests>"

    @property
    def request_count(self) -> int:
        """HTTP requests sent so far, retries and followed redirects included."""
        return self._count

    def _counted(self) -> None:
        self._count += 1

    # URLs

    def url(self, path_or_url: str) -> str:
        """Absolute URL for a path relative to the forum root (absolute URLs pass)."""
        if "://" in path_or_url:
            return path_or_url
        return urljoin(self.base_url, path_or_url.lstrip("/"))

    def thread_url(self, tid: int, page: int = 1) -> str:
        """The desktop thread view, page ``page`` (1-based)."""
        return self.url(f"forum.php?mod=viewthread&tid={int(tid)}&page={int(page)}")

    def api_url(self, tid: int, page: int = 1, ppp: int | None = None) -> str:
        """The mobile API thread view; ``ppp`` (posts per page) is honoured only there."""
        url = f"api/mobile/index.php?version=4&module=viewthread&tid={int(tid)}&page={int(page)}"
        if ppp is not None:
            url += f"&ppp={int(ppp)}"
        return self.url(url)

    def board_url(self, fid: int, page: int = 1) -> str:
        """The desktop board list (newest posts first, the forum's default order)."""
        return self.url(f"forum.php?mod=forumdisplay&fid={int(fid)}&page={int(page)}")

    def api_board_url(self, fid: int, page: int = 1) -> str:
        """The mobile API's board list."""
        return self.url(
            f"api/mobile/index.php?version=4&module=forumdisplay&fid={int(fid)}&page={int(page)}"
        )

    # fetching

    def get(self, path_or_url: str) -> FetchedPage:
        """Fetch one page; raise a :class:`~auditor.errors.PageError` for HTTP-level failures."""
        url = self.url(path_or_url)
        with self._lock:
            first_location: str | None = None
            for _hop in range(MAX_REDIRECTS + 1):
                resp, body = self._send(url)
                status = resp.status_code
                if not resp.is_redirect:
                    return self._finish(url, resp, body, first_location)
                location = urljoin(url, resp.headers["Location"])
                first_location = first_location or location
                target = urlsplit(location)._replace(fragment="").geturl()
                public = redact_url(url)
                refused = classify_redirect(public, status, redact_url(target))
                if refused is not None:
                    raise refused
                same_thread = (
                    is_viewthread(target)
                    and urlsplit(target).hostname == urlsplit(url).hostname
                    and thread_id(target) is not None
                    and thread_id(target) == thread_id(url)
                )
                if not same_thread:
                    log.info("未跟随跳转：%s → %s", public, redact_url(location))
                    return self._finish(url, resp, body, redact_url(location))
                log.debug("跟随同一主题内的跳转：%s → %s", public, redact_url(target))
                url = target
            raise ServerError(redact_url(url), f"跳转超过 {MAX_REDIRECTS} 次")

    def get_file(self, path_or_url: str, headers: Mapping[str, str] | None = None) -> FetchedFile:
        """Fetch a file (an avatar picture) with extra request headers, following
        redirects (UCenter's ``avatar.php`` redirects to the picture): a conditional
        request (``If-None-Match`` / ``If-Modified-Since``) answered 304 carries no body.
        HTTP errors other than the ones :meth:`get` raises come back as their status."""
        url = self.url(path_or_url)
        with self._lock:
            for _hop in range(MAX_REDIRECTS + 1):
                resp, body = self._send(url, headers)
                if not resp.is_redirect:
                    return FetchedFile(
                        url=redact_url(url),
                        status=resp.status_code,
                        body=body,
                        etag=resp.headers.get("ETag"),
                        last_modified=resp.headers.get("Last-Modified"),
                        fetched_at=datetime.now(UTC),
                    )
                url = (
                    urlsplit(urljoin(url, resp.headers["Location"]))._replace(fragment="").geturl()
                )
            raise ServerError(redact_url(url), f"跳转超过 {MAX_REDIRECTS} 次")

    def post_form(self, path_or_url: str, body: bytes, *, referer: str | None) -> FetchedPage:
        """Send one ``application/x-www-form-urlencoded`` POST, **once**: the answer comes
        back whatever its status (a 301, a 503 are answers to read), redirects are not
        followed, and nothing is retried once the request may have reached the forum
        (urllib3 retries only GET; a connection that could not be opened is retried as for a
        page, since nothing was sent on it).  The delay, the deadline and the size limit are
        a page's.  Raises :class:`PostNotSentError` when no connection could be made, and
        :class:`PostUnansweredError` when the request went out and no whole answer came back
        (then only the forum knows whether it took the post)."""
        url = self.url(path_or_url)
        public = redact_url(url)
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        if referer:
            headers["Referer"] = referer
        with self._lock:
            self._wait_turn(first_attempt=True)
            self._expired.clear()
            self._started = time.monotonic()
            watchdog = threading.Timer(self.deadline, self._expire)
            watchdog.daemon = True
            watchdog.start()
            self._count += 1
            try:
                resp = self._session.post(
                    url,
                    data=body,
                    headers=headers,
                    timeout=self.timeout,
                    allow_redirects=False,
                    stream=True,
                )
                answer = self._read_body(resp, public)
            except Exception as exc:
                raise self._post_failure(public, exc) from None
            finally:
                watchdog.cancel()
                self._last_end = time.monotonic()
        return self._finish(url, resp, answer, resp.headers.get("Location"))

    def _post_failure(self, public: str, exc: Exception) -> PostNotSentError | PostUnansweredError:
        if self._expired.is_set() or isinstance(exc, PageDeadlineError):
            return PostUnansweredError(public, f"{self.deadline:g} 秒内没有收完回答")
        if isinstance(exc, PageTooLargeError):
            return PostUnansweredError(public, "回答太大，没有读完")
        if _never_sent(exc):
            return PostNotSentError(public, _reason(exc))
        if isinstance(exc, requests.exceptions.Timeout):
            return PostUnansweredError(public, f"超时（{self.timeout:g} 秒）")
        return PostUnansweredError(public, _reason(exc))

    def _send(
        self, url: str, headers: Mapping[str, str] | None = None
    ) -> tuple[requests.Response, bytes]:
        """One logical request: the delay, urllib3's retries, and retries of cut-short bodies."""
        public = redact_url(url)
        self._expired.clear()
        self._started = time.monotonic()
        watchdog = threading.Timer(self.deadline, self._expire)
        watchdog.daemon = True
        watchdog.start()
        try:
            return self._send_until_deadline(url, public, headers)
        except PageTooLargeError:
            raise
        except _WaitPastDeadline as wait:
            said = f"HTTP {wait.status}，" if wait.status else ""
            detail = (
                f"{said}论坛要求等 {wait.seconds:g} 秒再试，超过了每个请求的总时限"
                f"（{self.deadline:g} 秒）；请稍后再运行，或在游戏文件 [forum] deadline 调大时限"
            )
            if wait.status == 429:
                raise RateLimitedError(public, detail) from None
            raise ServerError(public, detail) from None
        except Exception:
            if self._expired.is_set():  # whatever the shut socket looked like to urllib3
                raise self._deadline_error(public) from None
            raise
        finally:
            watchdog.cancel()

    def _deadline_error(self, public: str) -> PageDeadlineError:
        return PageDeadlineError(public, f"{self.deadline:g} 秒内没有收完")

    def _read_body(self, resp: requests.Response, public: str) -> bytes:
        """The body in chunks, refused past ``max_bytes`` (an endless answer stops here)."""
        declared = resp.headers.get("Content-Length", "")
        limit = f"上限 {self.max_bytes / 1048576:g} MB，可在游戏文件 [forum] max_page_mb 调整"
        if (
            declared.isdecimal()
            and int(declared) > self.max_bytes
            and "Content-Encoding" not in resp.headers
        ):
            resp.close()
            raise PageTooLargeError(public, f"声明 {int(declared) / 1048576:.1f} MB，{limit}")
        parts: list[bytes] = []
        size = 0
        for chunk in resp.iter_content(_CHUNK):
            size += len(chunk)
            if size > self.max_bytes:
                resp.close()
                raise PageTooLargeError(
                    public, f"超过 {self.max_bytes / 1048576:g} MB 仍未结束，{limit}"
                )
            if self._expired.is_set():
                resp.close()
                raise self._deadline_error(public)
            parts.append(chunk)
        if self._expired.is_set():
            raise self._deadline_error(public)
        return b"".join(parts)

    def _send_until_deadline(
        self, url: str, public: str, headers: Mapping[str, str] | None = None
    ) -> tuple[requests.Response, bytes]:
        for attempt in range(self.retries + 1):
            self._wait_turn(first_attempt=attempt == 0)
            self._count += 1
            try:
                resp = self._session.get(
                    url,
                    timeout=self.timeout,
                    allow_redirects=False,
                    stream=True,
                    headers=dict(headers) if headers else None,
                )
                body = self._read_body(resp, public)
                declared = resp.headers.get("Content-Length")
                if (
                    declared
                    and declared.isdecimal()
                    and "Content-Encoding" not in resp.headers
                    and len(body) < int(declared)
                ):
                    raise requests.exceptions.ChunkedEncodingError("short body")
            except (
                requests.exceptions.ChunkedEncodingError,
                requests.exceptions.ContentDecodingError,
            ) as exc:
                if attempt < self.retries:
                    log.warning("页面不完整，重试（第 %d 次）：%s", attempt + 1, public)
                    self._sleep(max(self.delay, self.backoff * 2**attempt))
                    continue
                what = (
                    "压缩的数据解不开（gzip/deflate 损坏）"
                    if isinstance(exc, requests.exceptions.ContentDecodingError)
                    else "连接在页面传完之前断开"
                )
                raise TruncatedPageError(public, f"{what}，已尝试 {attempt + 1} 次") from None
            except requests.exceptions.Timeout:
                raise NetworkError(
                    public, f"超时（{self.timeout:g} 秒），已重试 {self.retries} 次"
                ) from None
            except requests.exceptions.RequestException as exc:
                reason = _reason(exc)
                if reason.startswith("超时"):
                    reason = f"读取超时（超过 {self.timeout:g} 秒）"
                raise NetworkError(public, f"{reason}，已重试 {self.retries} 次") from None
            finally:
                self._last_end = time.monotonic()
            self._check_status(public, resp)
            return resp, body
        raise AssertionError("unreachable")  # pragma: no cover

    def _wait_turn(self, *, first_attempt: bool) -> None:
        """Keep ``delay`` seconds between the end of one request and the next."""
        if self._last_end is None or not first_attempt:
            return  # nothing before the very first request; retry loops waited already
        remaining = self.delay - (time.monotonic() - self._last_end)
        if remaining > 0:
            self._sleep(remaining)

    def _check_status(self, public: str, resp: requests.Response) -> None:
        status = resp.status_code
        if status in ANTI_BOT_STATUSES or _is_challenge(resp.headers):
            raise AntiBotError(public, f"HTTP {status}")
        if status == 401:
            raise LoginRequiredError(public, "HTTP 401")
        if status == 429:
            raise RateLimitedError(public, f"已重试 {self.retries} 次")
        if status in RETRY_STATUSES:
            raise ServerError(public, f"HTTP {status}，已重试 {self.retries} 次")
        if status >= 400 and status not in (404, 410):
            raise ServerError(public, f"HTTP {status}")

    def _finish(
        self, url: str, resp: requests.Response, body: bytes, location: str | None
    ) -> FetchedPage:
        return FetchedPage(
            url=redact_url(url),
            status=resp.status_code,
            body=body,
            content_type=resp.headers.get("Content-Type"),
            date_header=_parse_date(resp.headers.get("Date")),
            fetched_at=datetime.now(UTC),
            location=redact_url(location) if location else None,
        )


def _shut(sock: socket.socket) -> None:
    with suppress(OSError):  # already closed
        sock.shutdown(socket.SHUT_RDWR)


def _watched_pools(watch: Callable[[socket.socket | None], None]) -> dict[str, type]:
    """Connection pools whose new connections report their socket to ``watch``."""

    class WatchedHTTP(HTTPConnection):
        def connect(self) -> None:
            super().connect()
            watch(self.sock)

    class WatchedHTTPS(HTTPSConnection):
        def connect(self) -> None:
            super().connect()
            watch(self.sock)

    class HTTPPool(HTTPConnectionPool):
        ConnectionCls = WatchedHTTP

    class HTTPSPool(HTTPSConnectionPool):
        ConnectionCls = WatchedHTTPS

    return {"http": HTTPPool, "https": HTTPSPool}


def _causes(exc: BaseException) -> list[BaseException]:
    """``exc`` and the exceptions it wraps (requests → MaxRetryError → ProtocolError → OSError)."""
    queue: list[BaseException] = [exc]
    seen: list[BaseException] = []
    while queue and len(seen) < 50:
        current = queue.pop(0)
        if any(current is s for s in seen):
            continue
        seen.append(current)
        for attr in ("reason", "__cause__", "__context__"):
            inner = getattr(current, attr, None)
            if isinstance(inner, BaseException):
                queue.append(inner)
        queue.extend(a for a in current.args if isinstance(a, BaseException))
    return seen


def _never_sent(exc: BaseException) -> bool:
    """The connection was never made (refused, no route, a connect timeout): no byte of the
    request reached the forum.  (urllib3's NewConnectionError is a ConnectTimeoutError.)"""
    return isinstance(exc, requests.exceptions.ConnectTimeout) or any(
        isinstance(c, ConnectTimeoutError) for c in _causes(exc)
    )


def _reason(exc: BaseException) -> str:
    """A short, secret-free description of a network failure.

    Walks the wrapped causes (requests → MaxRetryError → ProtocolError → OSError) for a
    known socket error; never uses ``str(exc)``, which is free text we do not control.
    """
    known = (
        (socket.gaierror, "找不到论坛的地址（域名解析失败，检查 forum.url 和网络）"),
        (ConnectionResetError, "连接被重置"),
        (ConnectionRefusedError, "连接被拒绝"),
        (TimeoutError, "超时"),
        (ConnectionError, "连接中断"),
        (OSError, "网络错误"),
    )
    seen = _causes(exc)
    for cls, text in known:
        for candidate in seen:
            if isinstance(candidate, cls):
                return text if cls is socket.gaierror else f"{text}（{type(candidate).__name__}）"
    return f"连接失败（{type(exc).__name__}）"
