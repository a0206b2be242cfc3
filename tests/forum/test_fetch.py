"""The polite HTTP client, over real HTTP on loopback (tests/forum_server.py), no mocks.

Waits are recorded through the injected ``sleep`` instead of slept, except the client
timeouts, which are real and tiny.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from auditor.errors import (
    AntiBotError,
    ForumPasswordError,
    LoginRequiredError,
    NetworkError,
    PageDeadlineError,
    PageError,
    PageTooLargeError,
    RateLimitedError,
    ServerError,
    TruncatedPageError,
)
from auditor.forum.fetch import DEFAULT_UA, CookiesFileError, Fetcher, load_cookies, redact_url
from tests.forum_server import DISCUZ_DIR, SYNTHETIC_CHALLENGE, ForumServer, RecordedRequest

SECRET = "s3cr3tAuthValue9Zq"
T2P1 = "forum.php?mod=viewthread&tid=2&page=1"


class SleepRecorder:
    """Stands in for time.sleep: remembers every wait, waits for none."""

    def __init__(self) -> None:
        self.calls: list[float] = []

    def __call__(self, seconds: float) -> None:
        self.calls.append(seconds)


@pytest.fixture
def sleeps() -> SleepRecorder:
    return SleepRecorder()


@pytest.fixture
def fetcher_for(sleeps: SleepRecorder) -> Iterator[Callable[..., Fetcher]]:
    """Fetchers with tiny timings against a test server, closed after the test."""
    made: list[Fetcher] = []

    def make(server: ForumServer, **kwargs: object) -> Fetcher:
        options: dict[str, object] = {
            "delay": 0.5,
            "timeout": 0.3,
            "retries": 2,
            "backoff": 0.01,
            "sleep": sleeps,
        }
        options.update(kwargs)
        fetcher = Fetcher(server.base_url, **options)  # type: ignore[arg-type]
        made.append(fetcher)
        return fetcher

    yield make
    for fetcher in made:
        fetcher.close()


def capture_bytes(edition: str, file: str) -> bytes:
    return (DISCUZ_DIR / edition / file).read_bytes()


# --- plain pages ----------------------------------------------------------------


@pytest.mark.discuz
def test_serves_capture_bytes_and_headers(forum_server: ForumServer, fetcher_for) -> None:
    fetcher = fetcher_for(forum_server)
    page = fetcher.get(fetcher.thread_url(2, 1))
    assert page.status == 200
    assert page.body == capture_bytes("x35-utf8", "guest/thread-2-p1.html")
    assert page.content_type == "text/html; charset=utf-8"
    assert page.url == forum_server.url(T2P1)
    assert page.location is None
    # the Date the real forum sent (relative times in the page are relative to it)
    assert page.date_header == datetime(2026, 11, 29, 22, 18, 10, tzinfo=UTC)
    assert page.fetched_at is not None and page.fetched_at.tzinfo is not None
    assert abs((datetime.now(UTC) - page.fetched_at).total_seconds()) < 60
    assert fetcher.request_count == 1


@pytest.mark.discuz
@pytest.mark.parametrize("forum_server", ["x35-gbk"], indirect=True)
def test_gbk_bytes_unchanged(forum_server: ForumServer, fetcher_for) -> None:
    fetcher = fetcher_for(forum_server)
    page = fetcher.get(fetcher.thread_url(2, 3))
    assert page.body == capture_bytes("x35-gbk", "guest/thread-2-p3.html")
    assert page.content_type == "text/html; charset=gbk"
    api = fetcher.get(fetcher.api_url(2, 1, ppp=50))
    assert api.body == capture_bytes("x35-gbk", "guest/api-viewthread-2-ppp50.json")
    assert api.content_type == "application/json"


@pytest.mark.discuz
def test_user_agent_and_browser_headers_sent(forum_server: ForumServer, fetcher_for) -> None:
    fetcher = fetcher_for(forum_server)
    fetcher.get(T2P1)
    (req,) = forum_server.requests
    assert req.method == "GET"
    assert req.header("User-Agent") == DEFAULT_UA
    assert "auditor/" in DEFAULT_UA and DEFAULT_UA.startswith("Mozilla/5.0")
    assert "zh-CN" in (req.header("Accept-Language") or "")
    assert req.header("Cookie") is None


@pytest.mark.discuz
def test_delay_between_requests_not_before_first(
    forum_server: ForumServer, fetcher_for, sleeps: SleepRecorder
) -> None:
    fetcher = fetcher_for(forum_server, delay=0.5)
    fetcher.get(fetcher.thread_url(2, 1))
    assert sleeps.calls == []
    fetcher.get(fetcher.thread_url(2, 2))
    fetcher.get(fetcher.api_url(2, 1))
    assert len(sleeps.calls) == 2
    # the delay counts from the end of the previous request, so a hair less than 0.5
    assert all(0.3 < s <= 0.5 for s in sleeps.calls)
    assert forum_server.count() == 3


def test_one_request_at_a_time(make_forum_server, fetcher_for) -> None:
    """Concurrent callers are serialised: the server never sees two requests at once."""
    import threading
    import time

    server = make_forum_server(None)
    active = 0
    peak = 0
    lock = threading.Lock()

    def slow(_req: RecordedRequest) -> bytes:
        nonlocal active, peak
        with lock:
            active += 1
            peak = max(peak, active)
        time.sleep(0.05)
        with lock:
            active -= 1
        return b"<html>ok</html>"

    server.route("slow.php", slow)
    # A timeout far above the handler's 0.05 s: on a loaded machine the fixture's 0.3 s
    # read timeout was reached, and the retry made a fifth request.
    fetcher = fetcher_for(server, delay=0, timeout=5)
    threads = [threading.Thread(target=fetcher.get, args=("slow.php",)) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert server.count("slow.php") == 4
    assert peak == 1


# --- retries ----------------------------------------------------------------------


@pytest.mark.discuz
def test_500_then_ok_retried_once(forum_server: ForumServer, fetcher_for) -> None:
    fetcher = fetcher_for(forum_server)
    forum_server.fault(T2P1, ["500", "ok"])
    page = fetcher.get(T2P1)
    assert page.status == 200
    assert page.body == capture_bytes("x35-utf8", "guest/thread-2-p1.html")
    assert forum_server.count(T2P1) == 2
    assert fetcher.request_count == 2


@pytest.mark.discuz
def test_429_retry_after_honoured(
    forum_server: ForumServer, fetcher_for, sleeps: SleepRecorder
) -> None:
    fetcher = fetcher_for(forum_server)
    forum_server.fault(T2P1, ["429:7"])
    page = fetcher.get(T2P1)
    assert page.status == 200
    assert sleeps.calls == [7]
    assert forum_server.count(T2P1) == 2


@pytest.mark.discuz
def test_retry_after_is_capped(
    forum_server: ForumServer, fetcher_for, sleeps: SleepRecorder
) -> None:
    fetcher = fetcher_for(forum_server, max_retry_after=30)
    forum_server.fault(T2P1, ["503:86400"])
    assert fetcher.get(T2P1).status == 200
    assert sleeps.calls == [30]


def test_retries_wait_with_backoff_and_never_less_than_delay(
    make_forum_server, fetcher_for, sleeps: SleepRecorder
) -> None:
    server = make_forum_server(None)
    server.route("p.php", b"<html>ok</html>")
    server.fault("p.php", ["502", "502", "502", "ok"])
    fetcher = fetcher_for(server, retries=3, backoff=1.0, delay=0.5)
    assert fetcher.get("p.php").status == 200
    # urllib3: no backoff on the first retry (raised to the delay), then 2 s, 4 s
    assert sleeps.calls == [0.5, 2.0, 4.0]


def test_a_retry_after_past_the_deadline_ends_the_request_at_once(make_forum_server) -> None:
    """A 429 asking for more time than the request's deadline leaves: the wait is not begun
    (it once slept the 120 s cap, and the deadline's watchdog then had the request blamed
    on a slow forum); the error says 429 and how long the forum asked to wait."""
    server = make_forum_server(None)
    server.route("p.php", b"<html>ok</html>")
    server.fault("p.php", ["429:99999"], forever=True)
    with Fetcher(server.base_url, delay=0, retries=2, deadline=5) as fetcher:
        start = time.monotonic()
        with pytest.raises(RateLimitedError) as info:
            fetcher.get("p.php")
        assert time.monotonic() - start < 4
    message = str(info.value)
    assert "HTTP 429" in message and "要求等 120 秒再试" in message and "5 秒" in message
    assert "太慢" not in message
    assert len(server.requests) == 1


def test_a_forum_that_keeps_answering_429_is_rate_limiting(make_forum_server, sleeps) -> None:
    server = make_forum_server(None)
    server.route("p.php", b"<html>ok</html>")
    server.fault("p.php", ["429:1"], forever=True)
    with (
        Fetcher(server.base_url, delay=0, retries=2, sleep=sleeps) as fetcher,
        pytest.raises(RateLimitedError) as info,
    ):
        fetcher.get("p.php")
    assert "请求太频繁" in str(info.value) and "已重试 2 次" in str(info.value)
    assert sleeps.calls == [1, 1]


def test_real_wait_for_retry_after(make_forum_server) -> None:
    """With the real time.sleep the client does wait out a (short) Retry-After."""
    import time

    server = make_forum_server(None)
    server.route("p.php", b"<html>ok</html>")
    server.fault("p.php", ["429:1"])
    with Fetcher(server.base_url, delay=0, retries=1) as fetcher:
        start = time.monotonic()
        assert fetcher.get("p.php").status == 200
    first, second = server.requests
    assert second.at - first.at >= 0.9
    assert time.monotonic() - start >= 0.9


@pytest.mark.discuz
def test_persistent_503_is_server_error(forum_server: ForumServer, fetcher_for) -> None:
    fetcher = fetcher_for(forum_server, retries=2)
    forum_server.fault(T2P1, ["503"], forever=True)
    with pytest.raises(ServerError) as info:
        fetcher.get(T2P1)
    assert "503" in info.value.detail
    assert info.value.url == forum_server.url(T2P1)
    assert forum_server.count(T2P1) == 3  # first try + 2 retries
    assert fetcher.request_count == 3


@pytest.mark.discuz
@pytest.mark.parametrize("forum_server", ["x35-edge"], indirect=True)
def test_real_503_capture_is_server_error(forum_server: ForumServer, fetcher_for) -> None:
    """The member API of tid 57 really answers 503 (PHP 8 TypeError in X3.5), with
    ``Retry-After: 360``: retried after the wait when the deadline allows it; else the
    request ends at once, saying so."""
    forum_server.viewer = "member"
    fetcher = fetcher_for(forum_server, retries=1, deadline=600)
    with pytest.raises(ServerError) as info:
        fetcher.get(fetcher.api_url(57, 1))
    assert "HTTP 503" in str(info.value)
    assert forum_server.count() == 2
    fetcher = fetcher_for(forum_server, retries=1)  # (the 120 s cap, the 120 s deadline)
    with pytest.raises(ServerError) as info:
        fetcher.get(fetcher.api_url(57, 1))
    assert "HTTP 503，论坛要求等 120 秒再试，超过了每个请求的总时限（120 秒）" in str(info.value)
    assert forum_server.count() == 3


@pytest.mark.discuz
def test_connection_reset_retried_then_network_error(
    forum_server: ForumServer, fetcher_for
) -> None:
    fetcher = fetcher_for(forum_server, retries=2)
    forum_server.fault(T2P1, ["reset"], forever=True)
    with pytest.raises(NetworkError) as info:
        fetcher.get(T2P1)
    assert info.value.url == forum_server.url(T2P1)
    assert forum_server.count(T2P1) == 3


@pytest.mark.discuz
def test_connection_reset_then_ok(forum_server: ForumServer, fetcher_for) -> None:
    fetcher = fetcher_for(forum_server)
    forum_server.fault(T2P1, ["reset", "ok"])
    assert fetcher.get(T2P1).status == 200
    assert forum_server.count(T2P1) == 2


@pytest.mark.discuz
def test_read_timeout_retried_then_network_error(forum_server: ForumServer, fetcher_for) -> None:
    fetcher = fetcher_for(forum_server, retries=1, timeout=0.2)
    forum_server.fault(T2P1, ["timeout:1"], forever=True)
    with pytest.raises(NetworkError) as info:
        fetcher.get(T2P1)
    assert "超时" in info.value.detail
    assert forum_server.count(T2P1) == 2


@pytest.mark.discuz
def test_read_timeout_then_ok(forum_server: ForumServer, fetcher_for) -> None:
    fetcher = fetcher_for(forum_server, timeout=0.2)
    forum_server.fault(T2P1, ["timeout:1", "ok"])
    assert fetcher.get(T2P1).status == 200
    assert forum_server.count(T2P1) == 2


def test_connection_refused_is_network_error(sleeps: SleepRecorder) -> None:
    import socket

    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    fetcher = Fetcher(f"http://127.0.0.1:{port}/", retries=1, sleep=sleeps)
    with fetcher, pytest.raises(NetworkError) as info:
        fetcher.get(T2P1)
    assert "连接" in info.value.detail


@pytest.mark.discuz
def test_truncated_body_is_truncated_error(forum_server: ForumServer, fetcher_for) -> None:
    fetcher = fetcher_for(forum_server, retries=1)
    forum_server.fault(T2P1, ["truncated"], forever=True)
    with pytest.raises(TruncatedPageError) as info:
        fetcher.get(T2P1)
    assert info.value.url == forum_server.url(T2P1)
    assert forum_server.count(T2P1) == 2
    # (said in Chinese: once the exception's name, ChunkedEncodingError)
    assert "连接在页面传完之前断开，已尝试 2 次" in str(info.value)
    assert "Error" not in str(info.value)


@pytest.mark.discuz
def test_truncated_once_then_whole_page(forum_server: ForumServer, fetcher_for) -> None:
    fetcher = fetcher_for(forum_server)
    forum_server.fault(T2P1, ["truncated"])
    page = fetcher.get(T2P1)
    assert page.body == capture_bytes("x35-utf8", "guest/thread-2-p1.html")
    assert forum_server.count(T2P1) == 2


# --- HTTP-level refusals ------------------------------------------------------------


@pytest.mark.discuz
def test_567_is_anti_bot_and_not_retried(forum_server: ForumServer, fetcher_for) -> None:
    fetcher = fetcher_for(forum_server)
    forum_server.fault(T2P1, ["antibot"], forever=True)
    with pytest.raises(AntiBotError) as info:
        fetcher.get(T2P1)
    assert "567" in info.value.detail
    assert forum_server.count(T2P1) == 1


def test_403_and_cf_challenge_are_anti_bot(make_forum_server, fetcher_for) -> None:
    server = make_forum_server(None)
    server.route("a.php", b"denied", status=403)
    server.route("b.php", b"<html>just a moment</html>", status=503,
                 headers=[("cf-mitigated", "challenge")])  # fmt: skip
    fetcher = fetcher_for(server)
    with pytest.raises(AntiBotError):
        fetcher.get("a.php")
    with pytest.raises(AntiBotError):
        fetcher.get("b.php")
    assert server.count("b.php") == 1


@pytest.mark.discuz
def test_synthetic_js_challenge_page_is_returned_for_the_parser(
    forum_server: ForumServer, fetcher_for
) -> None:
    """A 200 challenge page is body-level: the fetcher hands it over untouched."""
    fetcher = fetcher_for(forum_server)
    forum_server.fault(T2P1, ["challenge"])
    page = fetcher.get(T2P1)
    assert page.status == 200 and page.body == SYNTHETIC_CHALLENGE
    assert b"SYNTHETIC" in page.body


@pytest.mark.discuz
def test_login_redirect_is_login_required(forum_server: ForumServer, fetcher_for) -> None:
    fetcher = fetcher_for(forum_server)
    forum_server.fault(T2P1, ["login-redirect"])
    with pytest.raises(LoginRequiredError) as info:
        fetcher.get(T2P1)
    assert info.value.url == forum_server.url(T2P1)
    assert forum_server.count() == 1  # the login page itself is not fetched


@pytest.mark.discuz
def test_login_and_no_permission_pages_are_returned_for_the_parser(
    forum_server: ForumServer, fetcher_for
) -> None:
    fetcher = fetcher_for(forum_server)
    login = fetcher.get(fetcher.thread_url(6, 1))  # the real guest capture of tid 6
    assert login.status == 200
    assert login.body == capture_bytes("x35-utf8", "guest/thread-6-p1.html")
    forum_server.fault(T2P1, ["no-permission"])
    page = fetcher.get(T2P1)
    assert page.status == 200
    assert "抱歉，您没有权限访问该版块" in page.body.decode("utf-8")


@pytest.mark.discuz
@pytest.mark.parametrize("forum_server", ["x35-edge"], indirect=True)
def test_forum_password_redirect_real_capture(forum_server: ForumServer, fetcher_for) -> None:
    forum_server.use_capture(
        "forum.php?mod=viewthread&tid=56&page=1", "guest/thread-56-p1-forumpassword.html"
    )
    forum_server.use_capture(
        "api/mobile/index.php?version=4&module=viewthread&tid=56&page=1",
        "guest/api-viewthread-56-p1-forumpassword.json",
    )
    fetcher = fetcher_for(forum_server)
    with pytest.raises(ForumPasswordError) as info:
        fetcher.get(fetcher.thread_url(56, 1))
    assert "fid=8" in info.value.detail
    with pytest.raises(ForumPasswordError):
        fetcher.get(fetcher.api_url(56, 1))
    assert forum_server.count() == 2  # the board page is not fetched


@pytest.mark.discuz
def test_forum_password_fault_on_any_edition(forum_server: ForumServer, fetcher_for) -> None:
    fetcher = fetcher_for(forum_server)
    forum_server.fault(T2P1, ["forum-password"])
    with pytest.raises(ForumPasswordError):
        fetcher.get(T2P1)


@pytest.mark.discuz
def test_findpost_redirect_in_same_thread_followed(
    forum_server: ForumServer, fetcher_for, sleeps: SleepRecorder
) -> None:
    """Real capture: findpost of deleted pid 88 → 301 to tid 4 page 3 #pid88."""
    fetcher = fetcher_for(forum_server)
    page = fetcher.get("forum.php?mod=redirect&goto=findpost&ptid=4&pid=88")
    assert page.status == 200
    assert page.url == forum_server.url("forum.php?mod=viewthread&tid=4&page=3")
    assert page.location == forum_server.url("forum.php?mod=viewthread&tid=4&page=3#pid88")
    assert page.body == capture_bytes("x35-utf8", "guest/thread-4-p3.html")
    assert forum_server.count() == 2 and fetcher.request_count == 2
    assert len(sleeps.calls) == 1  # the redirect hop is a request like any other


def test_redirect_elsewhere_not_followed(make_forum_server, fetcher_for) -> None:
    server = make_forum_server(None)
    moved = "forum.php?mod=viewthread&tid=7&page=1"
    server.route(
        moved,
        b"",
        status=301,
        headers=[("Location", server.url("forum.php?mod=viewthread&tid=99"))],
    )
    server.route(
        "x.php?tid=7",
        b"",
        status=302,
        headers=[("Location", "http://elsewhere.invalid/x.php?tid=7")],
    )
    fetcher = fetcher_for(server)
    page = fetcher.get(moved)
    assert page.status == 301
    assert page.location == server.url("forum.php?mod=viewthread&tid=99")
    other = fetcher.get("x.php?tid=7")
    assert other.status == 302 and other.location == "http://elsewhere.invalid/x.php?tid=7"
    assert server.count() == 2


def test_redirect_loop_is_bounded(make_forum_server, fetcher_for) -> None:
    server = make_forum_server(None)
    a = "forum.php?mod=viewthread&tid=7&page=1"
    b = "forum.php?mod=viewthread&tid=7&page=2"
    server.route(a, b"", status=302, headers=[("Location", b)])
    server.route(b, b"", status=302, headers=[("Location", a)])
    fetcher = fetcher_for(server)
    with pytest.raises(ServerError):
        fetcher.get(a)
    assert server.count() == 4


# --- Discuz! answers that are pages ---------------------------------------------------


@pytest.mark.discuz
def test_404_thread_missing_returned_as_page(forum_server: ForumServer, fetcher_for) -> None:
    fetcher = fetcher_for(forum_server)
    page = fetcher.get("forum.php?mod=viewthread&tid=9999")
    assert page.status == 404
    assert page.body == capture_bytes("x35-utf8", "guest/error-thread-9999.html")
    forum_server.fault(T2P1, ["missing"])
    assert fetcher.get(T2P1).status == 404
    assert forum_server.count() == 2  # a 404 is not retried


@pytest.mark.discuz
def test_page_past_end_gets_last_page(forum_server: ForumServer, fetcher_for) -> None:
    fetcher = fetcher_for(forum_server)
    page = fetcher.get(fetcher.thread_url(2, 9))
    assert page.body == capture_bytes("x35-utf8", "guest/thread-2-p5.html")
    forum_server.fault(T2P1, ["past-end"])
    assert fetcher.get(T2P1).body == capture_bytes("x35-utf8", "guest/thread-2-p5.html")


# --- cookies ----------------------------------------------------------------------------


def _netscape_file(tmp_path: Path) -> Path:
    path = tmp_path / "cookies.txt"
    path.write_text(
        "# Netscape HTTP Cookie File\n"
        "# exported by a browser\n"
        f"127.0.0.1\tFALSE\t/\tFALSE\t0\tybCw_2132_auth\t{SECRET}\n"
        "#HttpOnly_127.0.0.1\tFALSE\t/\tFALSE\t0\tybCw_2132_saltkey\tsalt42\n"
        "elsewhere.example\tFALSE\t/\tFALSE\t0\tforeign\tnot-for-this-forum\n",
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize(
    "content",
    [
        f"ybCw_2132_auth={SECRET}; ybCw_2132_saltkey=salt42\n",
        f"Cookie: ybCw_2132_auth={SECRET}; ybCw_2132_saltkey=salt42",
        f"cookie:ybCw_2132_auth={SECRET};ybCw_2132_saltkey=salt42;",
        "netscape",
    ],
    ids=["raw", "raw-prefixed", "raw-tight", "netscape"],
)
def test_cookie_files_sent(make_forum_server, fetcher_for, tmp_path: Path, content: str) -> None:
    server = make_forum_server(None)
    server.route("p.php", b"<html>ok</html>")
    if content == "netscape":
        path = _netscape_file(tmp_path)
    else:
        path = tmp_path / "cookie.txt"
        path.write_text(content, encoding="utf-8")
    fetcher = fetcher_for(server, cookies=path)
    fetcher.get("p.php")
    cookie = server.requests[0].header("Cookie") or ""
    pairs = {p.strip() for p in cookie.split(";")}
    assert f"ybCw_2132_auth={SECRET}" in pairs
    assert "ybCw_2132_saltkey=salt42" in pairs
    assert "foreign" not in cookie  # cookies of other domains stay home


def test_netscape_file_without_magic_line(tmp_path: Path) -> None:
    path = tmp_path / "c.txt"
    path.write_text(f"127.0.0.1\tFALSE\t/\tFALSE\t0\tauth\t{SECRET}\n", encoding="utf-8")
    jar = load_cookies(path, "127.0.0.1")
    assert jar.get("auth") == SECRET


@pytest.mark.parametrize(
    "content",
    [
        "",
        f"# Netscape HTTP Cookie File\nbroken line with {SECRET}\tonly\ttabs\t\t\t\n",
        f"a={SECRET}\nb=second line\n",
        f"novalue{SECRET}",
    ],
    ids=["empty", "bad-netscape", "two-lines", "no-equals"],
)
def test_bad_cookie_file_error_hides_content(tmp_path: Path, content: str) -> None:
    path = tmp_path / "c.txt"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CookiesFileError) as info:
        Fetcher("http://127.0.0.1:9/", cookies=path)
    assert str(path) in str(info.value)
    assert SECRET not in str(info.value)
    assert info.value.__cause__ is None
    assert info.value.__context__ is None or info.value.__suppress_context__


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda p: None, "文件或目录不存在"),
        (lambda p: p.mkdir(), "这是一个目录"),
        (lambda p: p.write_bytes(b"auth=\xb0\xa1\xff"), "不是 UTF-8 编码"),
    ],
    ids=["missing", "directory", "not-utf8"],
)
def test_unreadable_cookie_file_is_said_in_chinese(tmp_path: Path, make, reason: str) -> None:
    path = tmp_path / "cookies.txt"
    make(path)
    with pytest.raises(CookiesFileError) as info:
        Fetcher("http://127.0.0.1:9/", cookies=path)
    message = str(info.value)
    assert str(path) in message and reason in message
    assert "Error" not in message  # no Python class name (was "无法读取（FileNotFoundError）")


@pytest.mark.discuz
def test_cookies_never_leak_into_errors_logs_or_repr(
    forum_server: ForumServer, fetcher_for, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)  # urllib3 and auditor at their chattiest
    raw = tmp_path / "cookie.txt"
    raw.write_text(f"Cookie: ybCw_2132_auth={SECRET}", encoding="utf-8")
    for cookies in (raw, _netscape_file(tmp_path)):
        fetcher = fetcher_for(forum_server, cookies=cookies, retries=1, timeout=0.2)
        faults = {
            "forum.php?mod=viewthread&tid=2&page=1": "reset",
            "forum.php?mod=viewthread&tid=2&page=2": "503:1",
            "forum.php?mod=viewthread&tid=2&page=3": "login-redirect",
            "forum.php?mod=viewthread&tid=2&page=4": "truncated",
            "forum.php?mod=viewthread&tid=2&page=5": "antibot",
            "forum.php?mod=viewthread&tid=3&page=1": "timeout:1",
        }
        for url, step in faults.items():
            forum_server.fault(url, [step], forever=True)
            with pytest.raises(PageError) as info:
                fetcher.get(url)
            err = info.value
            for text in (str(err), repr(err), err.url, err.detail, repr(err.args)):
                assert SECRET not in text, step
        page = fetcher.get("forum.php?mod=redirect&goto=findpost&ptid=4&pid=88")
        assert SECRET not in repr(page) and SECRET not in page.url
        assert SECRET not in repr(fetcher)
        assert "with cookies" in repr(fetcher)
    # the cookie really was sent each time, and yet it is nowhere in the logs
    assert all(SECRET in (r.header("Cookie") or "") for r in forum_server.requests)
    assert caplog.records, "expected urllib3/auditor log lines to check"
    assert SECRET not in caplog.text
    assert all(SECRET not in str(r.args) for r in caplog.records)


@pytest.mark.discuz
@pytest.mark.parametrize("forum_server", ["x35-edge"], indirect=True)
def test_cookie_selects_member_view(forum_server: ForumServer, fetcher_for, tmp_path: Path) -> None:
    """The server can answer as a logged-in member when the right cookie arrives."""
    forum_server.viewer_for_cookie(f"ybCw_2132_auth={SECRET}", "member")
    path = tmp_path / "cookie.txt"
    path.write_text(f"ybCw_2132_auth={SECRET}", encoding="utf-8")
    url = "forum.php?mod=viewthread&tid=60&page=1"
    guest = fetcher_for(forum_server).get(url)
    member = fetcher_for(forum_server, cookies=path).get(url)
    assert guest.body == capture_bytes("x35-edge", "guest/thread-60-p1.html")
    assert member.body == capture_bytes("x35-edge", "member/thread-60-p1.html")


# --- URLs ---------------------------------------------------------------------------------


def test_url_helpers() -> None:
    fetcher = Fetcher("https://bbs.example.com/sub/dir", sleep=lambda _s: None)
    assert fetcher.thread_url(2, 3) == (
        "https://bbs.example.com/sub/dir/forum.php?mod=viewthread&tid=2&page=3"
    )
    assert fetcher.api_url(2, 1) == (
        "https://bbs.example.com/sub/dir/api/mobile/index.php"
        "?version=4&module=viewthread&tid=2&page=1"
    )
    assert fetcher.api_url(2, 1, ppp=50).endswith("&tid=2&page=1&ppp=50")
    assert fetcher.url("/forum.php?x=1") == "https://bbs.example.com/sub/dir/forum.php?x=1"
    assert fetcher.url("http://other/a") == "http://other/a"


def test_redact_url() -> None:
    assert redact_url("http://u:pw@h.example/forum.php?mod=x&sid=abc&tid=2") == (
        "http://h.example/forum.php?mod=x&sid=***&tid=2"
    )
    assert redact_url("https://h/thread-2-1-1.html#pid3") == "https://h/thread-2-1-1.html#pid3"


def test_secret_base_url_is_redacted_in_pages_and_errors(make_forum_server, fetcher_for) -> None:
    server = make_forum_server(None)
    server.route("p.php", b"<html>ok</html>")
    server.fault("q.php", ["503"], forever=True)
    base = server.base_url.replace("http://", f"http://user:{SECRET}@")
    with Fetcher(base, delay=0, retries=0) as fetcher:
        page = fetcher.get("p.php")
        assert SECRET not in page.url and SECRET not in repr(fetcher)
        with pytest.raises(ServerError) as info:
            fetcher.get("q.php")
    assert SECRET not in str(info.value)


def test_server_logs_every_request(make_forum_server) -> None:
    """The loopback server's log (used above to count requests) holds all headers."""
    import urllib.request

    server = make_forum_server(None)
    server.route("p.php?a=1&b=2", lambda req: req.path.encode())
    request = urllib.request.Request(server.url("p.php?b=2&a=1"), headers={"X-Test": "yes"})
    with urllib.request.urlopen(request) as resp:
        assert resp.read() == b"/p.php?b=2&a=1"  # query order does not matter for matching
    assert server.count("p.php?a=1&b=2") == 1
    assert server.requests[0].header("x-test") == "yes"


@pytest.mark.discuz
@pytest.mark.parametrize("edition", ["x35-edge", "x35-edge/gbk", "x35-gbk"])
def test_fault_pages_exist_on_every_edition(make_forum_server, fetcher_for, edition: str) -> None:
    server = make_forum_server(edition)
    fetcher = fetcher_for(server)
    url = "forum.php?mod=viewthread&tid=2&page=1"
    for step in ("login", "no-permission", "missing", "challenge"):
        server.fault(url, [step])
        assert fetcher.get(url).body, step
    server.fault(url, ["forum-password"])
    with pytest.raises(ForumPasswordError):
        fetcher.get(url)


# --- a total deadline and a size limit (issue 13, item 2) -----------------------------


@pytest.mark.discuz
@pytest.mark.parametrize("fault", ["slow:0.1", "slow-headers:0.1"])
def test_a_server_sending_a_byte_now_and_then_meets_the_deadline(
    forum_server: ForumServer, fetcher_for, fault: str
) -> None:
    # every byte comes well within the read timeout: only a total deadline ends this
    fetcher = fetcher_for(forum_server, timeout=2.0, deadline=1.5)
    forum_server.fault(T2P1, [fault], forever=True)
    started = time.monotonic()
    with pytest.raises(PageDeadlineError) as info:
        fetcher.get(T2P1)
    took = time.monotonic() - started
    assert took < 5, took
    assert "1.5 秒" in str(info.value) and "总时限" in str(info.value)
    assert info.value.kind == "deadline"
    # the next request has its own deadline and gets the page
    forum_server.fault(T2P1, ["ok"])
    assert fetcher.get(T2P1).status == 200


@pytest.mark.discuz
def test_an_endless_answer_stops_at_the_size_limit(forum_server: ForumServer, fetcher_for) -> None:
    fetcher = fetcher_for(forum_server, max_bytes=2 * 1024 * 1024)
    forum_server.fault(T2P1, ["endless"], forever=True)
    with pytest.raises(PageTooLargeError) as info:
        fetcher.get(T2P1)
    assert info.value.kind == "too_large"
    assert "2 MB" in str(info.value) and "max_page_mb" in str(info.value)
    assert forum_server.count(T2P1) == 1  # not retried


@pytest.mark.discuz
def test_a_declared_length_past_the_limit_is_refused_before_reading(
    forum_server: ForumServer, fetcher_for
) -> None:
    fetcher = fetcher_for(forum_server, max_bytes=1000)
    with pytest.raises(PageTooLargeError) as info:
        fetcher.get(T2P1)
    assert "声明" in str(info.value)


def test_a_forum_address_that_does_not_resolve_says_so_in_chinese(sleeps: SleepRecorder) -> None:
    # .invalid never resolves (RFC 2606): the resolver's real answer, no server needed.
    fetcher = Fetcher("http://forum.invalid/", retries=1, backoff=0.01, sleep=sleeps, timeout=2)
    try:
        with pytest.raises(NetworkError) as info:
            fetcher.get("http://forum.invalid/forum.php?mod=forumdisplay&fid=2")
    finally:
        fetcher.close()
    assert "找不到论坛的地址（域名解析失败" in info.value.detail
    assert "Error" not in info.value.detail  # no exception class names for a director
