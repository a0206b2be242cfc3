"""A small real forum on loopback for crawler tests: real captures, extra routes, faults.

:class:`ForumServer` is a ``ThreadingHTTPServer`` on ``127.0.0.1`` (a free port) in a
background thread.  For each request it answers, in this order:

1. the next step of a **fault plan** programmed for that URL (:meth:`ForumServer.fault`);
2. a **route** a test registered (:meth:`ForumServer.route`): bytes, or a callable that
   builds the answer per request (crawl tests change pages between crawls this way);
3. a **real capture** of the chosen edition in ``shared/discuz/<edition>/``, under the
   URL it was captured from (host ignored), with its recorded status, content type and
   headers (``Date``, ``Set-Cookie``, ``Location``…; an absolute ``Location`` is moved
   to this server).  When one URL was captured for several viewers, the server's
   ``viewer`` (default ``guest``) picks, then ``guest``, then the first record.
   A desktop ``viewthread`` page number past the last captured page gets the last page,
   as Discuz! clamps ``page`` to the thread's last page;
4. otherwise a plain-text 404 that names the URL, to make a wrong test obvious.

Query parameters are compared as a set, so ``tid=2&mod=viewthread`` finds the
``mod=viewthread&tid=2`` capture.  Every request is logged (:attr:`requests`) with all
its headers (and a POST's body), so tests can count requests and check the User-Agent
and Cookie sent.

The captures are read in place (never copied): ``AUDITOR_DISCUZ_DIR`` or
``<repo>/../shared/discuz``.

Fault steps (strings, consumed one per request; then normal service, or the last step
forever with ``forever=True``):

``ok``                 serve normally
``500``, ``503``, …    that status with a small labelled HTML body
``429:2``              status 429 (or any) with ``Retry-After: 2``
``reset``              read the request, then close with RST (SO_LINGER 0), no answer
``timeout`` / ``timeout:S``  answer nothing for S seconds (default 2, bounded at 10)
``truncated``          the normal answer with ``Content-Length`` larger than the body
                       sent, then close
``login``              the real guest "please log in" page (``guest/thread-6-p1.html``, 200)
``login-redirect``     302 to ``member.php?mod=logging&action=login``
``no-permission``      SYNTHETIC 200 "抱歉，您没有权限访问该版块" page (the real error-page
                       template of ``guest/error-thread-9999.html`` with the message swapped)
``missing``            the real 404 "thread missing" capture (HTML or API JSON by URL)
``forum-password``     the real empty 302 to forumdisplay (``x35-edge`` capture)
``antibot``            HTTP 567 with a small body
``challenge``          SYNTHETIC 200 JavaScript-challenge page (no real capture exists:
                       Discuz! has none; shaped like common Chinese WAF challenges)
``slow:S``             the normal answer's headers, then its body one byte every S seconds
                       (a server that never times out a read; stops when the client leaves)
``slow-headers:S``     the status line and headers themselves one byte every S seconds
``endless``            200 with a chunked body that never ends (HTML-looking filler)
``past-end``           the thread's last captured page (what Discuz! does for a page
                       number past the end)
"""

from __future__ import annotations

import json
import os
import socket
import struct
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

DISCUZ_DIR = Path(
    os.environ.get("AUDITOR_DISCUZ_DIR")
    or Path(__file__).resolve().parents[2] / "shared" / "discuz"
)

#: Response headers from a capture that describe the old connection, not the page.
_HOP_HEADERS = frozenset(
    {"host", "connection", "content-length", "transfer-encoding", "keep-alive"}
)
MAX_FAULT_SLEEP = 10.0

SYNTHETIC_CHALLENGE = (
    "<!DOCTYPE html>\n<!-- SYNTHETIC test page made by tests/forum_server.py, NOT a real capture:"
    " a JavaScript anti-bot challenge as served by CDN/WAF layers in front of forums -->\n"
    '<html><head><meta charset="utf-8"><title>安全验证</title>'
    '<meta http-equiv="refresh" content="5"></head><body>'
    '<noscript>请开启 JavaScript 并刷新页面</noscript><div id="challenge">正在进行安全验证，请稍候……</div>'
    '<script>var _0x1a=["cookie","__jsl_clearance"];setTimeout(function(){document[_0x1a[0]]='
    '_0x1a[1]+"=1700000000.123|0|abc";location.reload()},1500);</script>'
    "</body></html>\n"
).encode()


@dataclass(frozen=True)
class RecordedRequest:
    """One request as the server saw it."""

    method: str
    path: str  # path + query, as sent (leading "/")
    headers: tuple[tuple[str, str], ...]
    at: float  # time.monotonic() on arrival
    body: bytes = b""  # a POST's body, as sent

    def header(self, name: str) -> str | None:
        for key, value in self.headers:
            if key.lower() == name.lower():
                return value
        return None


@dataclass
class Response:
    """An answer a route or fault produces."""

    status: int = 200
    body: bytes = b""
    content_type: str | None = "text/html; charset=utf-8"
    headers: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class CaptureRecord:
    url_key: tuple[str, tuple[tuple[str, str], ...]]
    file: Path
    status: int
    content_type: str | None
    headers: tuple[tuple[str, str], ...]
    viewer: str
    record: dict[str, Any]

    def response(self, base_url: str) -> Response:
        headers = []
        for name, value in self.headers:
            if name.lower() == "location" and "://" in value:
                parts = urlsplit(value)
                value = base_url.rstrip("/") + "/" + parts.path.lstrip("/")
                value += f"?{parts.query}" if parts.query else ""
                value += f"#{parts.fragment}" if parts.fragment else ""
            headers.append((name, value))
        has_ct = any(n.lower() == "content-type" for n, _ in headers)
        return Response(
            self.status,
            self.file.read_bytes(),
            None if has_ct else self.content_type,
            headers,
        )


Handler = Callable[[RecordedRequest], "Response | bytes"]
RouteTarget = bytes | Response | Handler


def url_key(path_query: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """Path (no leading slash) and the sorted query pairs: how URLs are matched."""
    if "://" in path_query:
        parts = urlsplit(path_query)
        path_query = parts.path + (f"?{parts.query}" if parts.query else "")
    path, _, query = path_query.partition("?")
    return path.lstrip("/"), tuple(sorted(parse_qsl(query, keep_blank_values=True)))


def _read_headers_file(path: Path) -> tuple[tuple[str, str], ...]:
    out = []
    for line in path.read_text(encoding="latin-1").splitlines()[1:]:
        if ":" not in line:
            continue
        name, _, value = line.partition(":")
        if name.strip().lower() in _HOP_HEADERS:
            continue
        out.append((name.strip(), value.strip()))
    return tuple(out)


def load_capture_records(edition: str, discuz_dir: Path = DISCUZ_DIR) -> list[CaptureRecord]:
    """Every capture of ``edition`` (``captures.json`` and ``rewrite/captures.json``)."""
    root = discuz_dir / edition
    if not (root / "captures.json").is_file():
        raise FileNotFoundError(
            f"Discuz! captures not found at {root}; set AUDITOR_DISCUZ_DIR to the shared/discuz folder"
        )
    records: list[CaptureRecord] = []
    for manifest in (root / "captures.json", root / "rewrite" / "captures.json"):
        if not manifest.is_file():
            continue
        for rec in json.loads(manifest.read_text(encoding="utf-8")):
            file = root / rec["file"]
            if not file.is_file():
                file = manifest.parent / rec["file"]
            headers_file = root / rec["headers_file"] if rec.get("headers_file") else None
            if headers_file is not None and not headers_file.is_file():
                headers_file = manifest.parent / rec["headers_file"]
            records.append(
                CaptureRecord(
                    url_key=url_key(rec["url"]),
                    file=file,
                    status=int(rec["http_status"]),
                    content_type=rec.get("content_type"),
                    headers=_read_headers_file(headers_file) if headers_file else (),
                    viewer=rec.get("viewer", "guest"),
                    record=rec,
                )
            )
    return records


def _edge_edition(edition: str | None) -> str:
    """The edge-case folder matching an edition's charset (for forum-password)."""
    return "x35-edge/gbk" if edition and "gbk" in edition else "x35-edge"


class ForumServer:
    """A loopback forum.  Use as a context manager or call :meth:`start` / :meth:`stop`.

    ``edition`` is a folder under ``shared/discuz`` (``x35-utf8``, ``x35-gbk``,
    ``x35-edge``, ``x35-edge/gbk``) or ``None`` to serve only registered routes.
    """

    def __init__(
        self,
        edition: str | None = "x35-utf8",
        *,
        viewer: str = "guest",
        discuz_dir: Path = DISCUZ_DIR,
        timeout_sleep: float = 2.0,
    ) -> None:
        self.edition = edition
        self.viewer = viewer
        self.discuz_dir = discuz_dir
        self.timeout_sleep = timeout_sleep
        self.requests: list[RecordedRequest] = []
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._routes: dict[tuple[str, tuple[tuple[str, str], ...]], Response | Handler] = {}
        self._faults: dict[
            tuple[str, tuple[tuple[str, str], ...]], tuple[list[str | Response], bool]
        ] = {}
        self._cookie_viewers: list[tuple[str, str]] = []
        self._captures: dict[tuple[str, tuple[tuple[str, str], ...]], list[CaptureRecord]] = {}
        if edition is not None:
            for rec in load_capture_records(edition, discuz_dir):
                self._captures.setdefault(rec.url_key, []).append(rec)
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # lifecycle

    def start(self) -> ForumServer:
        server = self

        class _Handler(_ForumHandler):
            forum = server

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> ForumServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        assert self._httpd is not None, "server not started"
        return int(self._httpd.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def url(self, path_query: str) -> str:
        return self.base_url + path_query.lstrip("/")

    # programming the forum

    def route(
        self,
        path_query: str,
        target: RouteTarget,
        *,
        status: int = 200,
        content_type: str | None = "text/html; charset=utf-8",
        headers: Iterable[tuple[str, str]] = (),
    ) -> None:
        """Serve ``target`` at ``path_query`` (replacing any earlier route or capture).

        ``target`` is bytes (served with ``status``/``content_type``/``headers``), a
        :class:`Response`, or a callable taking the :class:`RecordedRequest` and returning
        either; callables are called on every request, so a test can change the page.
        """
        stored = (
            Response(status, target, content_type, list(headers))
            if isinstance(target, bytes)
            else target
        )
        with self._lock:
            self._routes[url_key(path_query)] = stored

    def unroute(self, path_query: str) -> None:
        with self._lock:
            self._routes.pop(url_key(path_query), None)

    def fault(
        self, path_query: str, steps: Iterable[str | Response], *, forever: bool = False
    ) -> None:
        """Program the next answers for ``path_query`` (see the module docstring)."""
        plan = list(steps)
        if not plan:
            raise ValueError("empty fault plan")
        with self._lock:
            self._faults[url_key(path_query)] = (plan, forever)

    def use_capture(self, path_query: str, file: str, *, edition: str | None = None) -> None:
        """Serve a specific capture file (e.g. ``guest/thread-56-p1-jammer-off.html``)."""
        record = self._find_capture_file(file, edition or self.edition)
        self.route(path_query, lambda _req: record.response(self.base_url))

    def viewer_for_cookie(self, cookie_pair: str, viewer: str) -> None:
        """Requests whose Cookie header holds ``cookie_pair`` (``name=value``) see
        ``viewer``'s captures, like a logged-in member would."""
        self._cookie_viewers.append((cookie_pair, viewer))

    # inspecting

    def requests_for(self, path_query: str | None = None) -> list[RecordedRequest]:
        with self._lock:
            if path_query is None:
                return list(self.requests)
            key = url_key(path_query)
            return [r for r in self.requests if url_key(r.path) == key]

    def count(self, path_query: str | None = None) -> int:
        """How many requests arrived (for ``path_query`` only, if given)."""
        return len(self.requests_for(path_query))

    def clear_log(self) -> None:
        with self._lock:
            self.requests.clear()

    # answering

    def _record(self, req: RecordedRequest) -> None:
        with self._lock:
            self.requests.append(req)

    def _next_fault(self, key: tuple[str, tuple[tuple[str, str], ...]]) -> str | Response | None:
        with self._lock:
            entry = self._faults.get(key)
            if entry is None:
                return None
            plan, forever = entry
            step = plan[0]
            if len(plan) > 1 or not forever:
                plan.pop(0)
            if not plan:
                del self._faults[key]
            return step

    def _viewer(self, req: RecordedRequest) -> str:
        cookie = req.header("Cookie") or ""
        pairs = {p.strip() for p in cookie.split(";")}
        for pair, viewer in self._cookie_viewers:
            if pair in pairs:
                return viewer
        return self.viewer

    def _pick(self, records: list[CaptureRecord], viewer: str) -> CaptureRecord:
        for wanted in (viewer, "guest"):
            for rec in records:
                if rec.viewer == wanted:
                    return rec
        return records[0]

    def _find_capture_file(self, file: str, edition: str | None) -> CaptureRecord:
        pool: Iterable[CaptureRecord]
        if edition == self.edition:
            pool = (r for recs in self._captures.values() for r in recs)
        else:
            assert edition is not None
            pool = load_capture_records(edition, self.discuz_dir)
        for rec in pool:
            if rec.record["file"] == file:
                return rec
        raise KeyError(f"{edition}/{file} is not in captures.json")

    def _last_page(
        self, key: tuple[str, tuple[tuple[str, str], ...]], viewer: str, *, force: bool = False
    ) -> CaptureRecord | None:
        """The capture Discuz! would serve for a page number past the end (desktop only).

        ``force`` returns the last captured page whatever page was asked for."""
        path, params = key
        q = dict(params)
        if path != "forum.php" or q.get("mod") != "viewthread" or "tid" not in q:
            return None
        rest = {k: v for k, v in q.items() if k != "page"}
        best: tuple[int, list[CaptureRecord]] | None = None
        for (cpath, cparams), recs in self._captures.items():
            cq = dict(cparams)
            if cpath != path or {k: v for k, v in cq.items() if k != "page"} != rest:
                continue
            page = int(cq.get("page", "1"))
            if best is None or page > best[0]:
                best = (page, recs)
        if best is None:
            return None
        wanted = int(q.get("page", "1") or 1)
        if not force and wanted < best[0]:
            return None  # a page inside the thread that simply was not captured
        return self._pick(best[1], viewer)

    def capture_response(self, req: RecordedRequest) -> Response | None:
        key = url_key(req.path)
        viewer = self._viewer(req)
        records = self._captures.get(key)
        rec = self._pick(records, viewer) if records else self._last_page(key, viewer)
        return rec.response(self.base_url) if rec else None

    def normal_response(self, req: RecordedRequest) -> Response:
        key = url_key(req.path)
        with self._lock:
            target = self._routes.get(key)
        if target is not None:
            if isinstance(target, Response):
                return target
            result = target(req)
            return result if isinstance(result, Response) else Response(200, result)
        found = self.capture_response(req)
        if found is not None:
            return found
        return Response(
            404,
            f"forum_server: no fault, route or capture for {req.path} (edition {self.edition})\n".encode(),
            "text/plain; charset=utf-8",
        )

    def fault_response(self, step: str, req: RecordedRequest) -> Response:
        """Build the answer for a non-socket fault step."""
        key = url_key(req.path)
        name, _, arg = step.partition(":")
        if name.isdigit():
            status = int(name)
            body = (
                f"<html><body><!-- forum_server fault {status} -->"
                f"<h1>{status} test fault</h1></body></html>\n"
            ).encode()
            headers = [("Retry-After", arg)] if arg else []
            return Response(status, body, "text/html; charset=utf-8", headers)
        edge = _edge_edition(self.edition)
        if name == "login":
            return self._capture_or_fail("guest/thread-6-p1.html")
        if name == "login-redirect":
            target = self.url("member.php?mod=logging&action=login")
            return Response(302, b"", "text/html; charset=utf-8", [("Location", target)])
        if name == "no-permission":
            return self._no_permission()
        if name == "missing":
            is_api = key[0].startswith("api/")
            return self._capture_or_fail(
                "guest/api-error-thread-9999.json" if is_api else "guest/error-thread-9999.html"
            )
        if name == "forum-password":
            is_api = key[0].startswith("api/")
            file = (
                "guest/api-viewthread-56-p1-forumpassword.json"
                if is_api
                else "guest/thread-56-p1-forumpassword.html"
            )
            return self._find_capture_file(file, edge).response(self.base_url)
        if name == "antibot":
            body = b"<html><body><!-- forum_server fault 567 -->Access denied</body></html>\n"
            return Response(567, body, "text/html; charset=utf-8")
        if name == "challenge":
            return Response(200, SYNTHETIC_CHALLENGE, "text/html; charset=utf-8")
        if name == "past-end":
            viewer = self._viewer(req)
            rec = self._last_page(key, viewer, force=True)
            if rec is None:
                raise KeyError(f"no captured pages for {req.path}")
            return rec.response(self.base_url)
        if name == "ok":
            return self.normal_response(req)
        raise ValueError(f"unknown fault step {step!r}")

    def _capture_or_fail(self, file: str) -> Response:
        """A capture of this edition, or of the main edition of the same charset (the
        edge folders do not repeat the login and 404 pages)."""
        base = "x35-gbk" if self.edition and "gbk" in self.edition else "x35-utf8"
        for edition in dict.fromkeys(e for e in (self.edition, base) if e):
            try:
                return self._find_capture_file(file, edition).response(self.base_url)
            except KeyError:
                continue
        raise KeyError(f"{file} is in no captures.json of {self.edition} or {base}")

    def _no_permission(self) -> Response:
        page = self._capture_or_fail("guest/error-thread-9999.html")
        charset = "gb18030" if self.edition and "gbk" in self.edition else "utf-8"
        text = page.body.decode(charset)
        missing = "抱歉，指定的主题不存在或已被删除或正在被审核"
        start = text.find(missing)
        if start < 0:
            raise AssertionError("the 404 capture no longer holds the expected message")
        end = text.find("</p>", start)
        text = text[:start] + "抱歉，您没有权限访问该版块" + text[end:]
        text = text.replace(
            "<!DOCTYPE html>",
            "<!DOCTYPE html>\n<!-- SYNTHETIC: real Discuz! error page with its message"
            " replaced by forum_server.py (no-permission) -->",
            1,
        )
        page.body = text.encode(charset)
        page.status = 200
        return page


class _ForumHandler(BaseHTTPRequestHandler):
    forum: ForumServer
    protocol_version = "HTTP/1.1"
    server_version = "forum_server"

    def log_message(self, format: str, *args: Any) -> None:  # quiet: tests read .requests
        pass

    def do_GET(self) -> None:
        length = self.headers.get("Content-Length", "")
        req = RecordedRequest(
            method=self.command,
            path=self.path,
            headers=tuple((k, v) for k, v in self.headers.items()),
            at=time.monotonic(),
            body=self.rfile.read(int(length)) if length.isdecimal() else b"",
        )
        self.forum._record(req)
        self.close_connection = True
        step = self.forum._next_fault(url_key(self.path))
        try:
            if isinstance(step, Response):
                self._send(step)
            elif step is None:
                self._send(self.forum.normal_response(req))
            elif step == "reset":
                self._reset()
            elif step.partition(":")[0] == "timeout":
                arg = step.partition(":")[2]
                seconds = min(float(arg) if arg else self.forum.timeout_sleep, MAX_FAULT_SLEEP)
                self.forum._stopping.wait(seconds)
                self._send(self.forum.normal_response(req))
            elif step == "truncated":
                self._send(self.forum.normal_response(req), truncate=True)
            elif step.partition(":")[0] in ("slow", "slow-headers"):
                kind, _, arg = step.partition(":")
                self._dribble(self.forum.normal_response(req), float(arg or 5), kind)
            elif step == "endless":
                self._endless()
            else:
                self._send(self.forum.fault_response(step, req))
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (timeout tests): expected

    def _dribble(self, resp: Response, every: float, kind: str) -> None:
        head = (
            f"HTTP/1.1 {resp.status} OK\r\nContent-Type: {resp.content_type}\r\n"
            f"Content-Length: {len(resp.body)}\r\nConnection: close\r\n\r\n"
        ).encode()
        if kind == "slow":
            self.wfile.write(head)
            self.wfile.flush()
            data = resp.body
        else:
            data = head + resp.body
        for i in range(len(data)):
            if self.forum._stopping.wait(every):
                return
            self.wfile.write(data[i : i + 1])
            self.wfile.flush()

    def _endless(self) -> None:
        self.wfile.write(
            b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n"
            b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        )
        chunk = b"<div>" + b"x" * 65530 + b"</div>"
        framed = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"
        while not self.forum._stopping.is_set():
            self.wfile.write(framed)

    do_HEAD = do_GET
    do_POST = do_GET  # (a reply form: routes answer it; captures are GETs)

    def _reset(self) -> None:
        """Close with RST: SO_LINGER on with a zero timeout discards the socket at once."""
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.connection.close()

    def _send(self, resp: Response, *, truncate: bool = False) -> None:
        body = resp.body
        self.send_response_only(resp.status)
        names = {n.lower() for n, _ in resp.headers}
        if "date" not in names:
            self.send_header("Date", self.date_time_string())
        for name, value in resp.headers:
            self.send_header(name, value)
        if resp.content_type and "content-type" not in names:
            self.send_header("Content-Type", resp.content_type)
        sent = body[: len(body) // 2] if truncate else body
        declared = max(len(body), len(sent) + 1) if truncate else len(body)
        self.send_header("Content-Length", str(declared))
        self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(sent)
        self.wfile.flush()


def iter_capture_urls(edition: str, discuz_dir: Path = DISCUZ_DIR) -> Iterator[str]:
    """path+query of every capture of ``edition`` (for tests that walk them all)."""
    for rec in load_capture_records(edition, discuz_dir):
        parts = urlsplit(rec.record["url"])
        yield parts.path.lstrip("/") + (f"?{parts.query}" if parts.query else "")
