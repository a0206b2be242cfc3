"""Cookie values never appear in any output: stdout, stderr, the SQLite store (stored
pages decompressed), reports and logs — for a cookies file, a raw Cookie line in the
game file, a cookies file that is not one, and a path that does not exist.

The forum is tests/forum_server.py serving the real X3.5 captures over loopback; a
request carrying the member's cookie sees the member captures (as a logged-in browser
would).  The cookie values are the test's own.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from tests import paths
from tests.forum_server import ForumServer

pytestmark = pytest.mark.discuz

AUTH = "ybCw_2132_auth"
SALT = "ybCw_2132_saltkey"
AUTH_VALUE = "a1b2SECRETauthVALUE9z8y"
SALT_VALUE = "SALTsecretQ7"
SECRETS = (AUTH_VALUE, SALT_VALUE)
ROOT = paths.ROOT


def _game(tmp_path: Path, url: str, cookies_line: str) -> Path:
    game = tmp_path / "game.toml"
    game.write_text(
        f"""[game]
name = "M107"
ruleset = "m107"
directors = ["导演"]
[forum]
url = "{url}"
delay = 0
api = false
{cookies_line}
[players]
names = ["饺子", "包子"]
[[thread]]
tid = 2
kind = "discussion"
day = 1
[[day]]
number = 1
opens = 2026-11-22T20:00:00+08:00
closes = 2026-11-23T00:30:00+08:00
""",
        "utf-8",
    )
    return game


def _run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "auditor", *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )


def _everything_written(tmp_path: Path, outputs: list[str]) -> str:
    """Every byte the runs left behind, as text: process output, every file under the
    test folder (reports, logs, the store) and the store's pages decompressed."""
    parts = list(outputs)
    for path in sorted(tmp_path.rglob("*")):
        if path.is_file() and path.name not in ("cookies.txt", "game.toml"):
            parts.append(path.read_bytes().decode("utf-8", "replace"))
    for db in tmp_path.rglob("*.sqlite"):
        with sqlite3.connect(db) as con:
            for (body,) in con.execute("SELECT body FROM pages"):
                parts.append(zlib.decompress(body).decode("utf-8", "replace"))
            for row in con.execute("SELECT * FROM runs"):
                parts.append(repr(row))
    return "\n".join(parts)


def _audit(tmp_path: Path, game: Path) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    outs: list[str] = []
    res = _run(tmp_path, "audit", str(game), "--reports", str(tmp_path / "reports"), "-v")
    outs += [res.stdout, res.stderr]
    log = tmp_path / "audit.log"
    log.write_text(res.stdout + res.stderr, "utf-8")
    for cmd in (["posts", str(game)], ["status", str(game)], ["findings", str(game)]):
        more = _run(tmp_path, *cmd)
        outs += [more.stdout, more.stderr]
    return res, outs


@pytest.mark.parametrize("form", ["netscape-file", "cookie-line-file", "inline-line"])
def test_logged_in_crawl_leaks_no_cookie_value(tmp_path: Path, form: str) -> None:
    with ForumServer("x35-utf8") as server:
        server.viewer_for_cookie(f"{AUTH}={AUTH_VALUE}", "member")
        host = server.base_url.split("//")[1].split(":")[0]
        if form == "netscape-file":
            (tmp_path / "cookies.txt").write_text(
                "# Netscape HTTP Cookie File\n"
                f"{host}\tFALSE\t/\tFALSE\t0\t{AUTH}\t{AUTH_VALUE}\n"
                f"{host}\tFALSE\t/\tFALSE\t0\t{SALT}\t{SALT_VALUE}\n",
                "utf-8",
            )
            line = 'cookies = "cookies.txt"'
        elif form == "cookie-line-file":
            (tmp_path / "cookies.txt").write_text(
                f"Cookie: {AUTH}={AUTH_VALUE}; {SALT}={SALT_VALUE}\n", "utf-8"
            )
            line = 'cookies = "cookies.txt"'
        else:
            line = f'cookies = "{AUTH}={AUTH_VALUE}; {SALT}={SALT_VALUE}"'
        game = _game(tmp_path, server.base_url, line)
        res, outs = _audit(tmp_path, game)
        sent = [r.header("Cookie") or "" for r in server.requests]
    assert res.returncode == 0, res.stderr
    # The cookies were really sent (and so could have leaked).
    assert sent and all(f"{AUTH}={AUTH_VALUE}" in c for c in sent)
    everything = _everything_written(tmp_path, outs)
    for secret in SECRETS:
        assert secret not in everything


def test_auth_cookie_only_answered_as_guest_says_so(tmp_path: Path) -> None:
    # Synthetic variant of a live X3.5 case: an auth cookie without its saltkey is not
    # accepted, and the forum serves the guest pages (here: the server knows no cookie).
    with ForumServer("x35-utf8") as server:
        line = f'cookies = "{AUTH}={AUTH_VALUE}"'
        game = _game(tmp_path, server.base_url, line)
        res, outs = _audit(tmp_path, game)
    assert res.returncode == 1
    assert "已发送 cookies，但论坛把请求当作游客处理（登录已过期或 cookies 不完整）" in res.stderr
    assert "配置 cookies" not in res.stderr
    everything = _everything_written(tmp_path, outs)
    assert AUTH_VALUE not in everything


def test_cookies_file_that_is_not_one_is_refused_without_quoting_it(tmp_path: Path) -> None:
    (tmp_path / "cookies.txt").write_text(
        f"{AUTH} {AUTH_VALUE}\nsomething else {SALT_VALUE}\n", "utf-8"
    )
    game = _game(tmp_path, "http://127.0.0.1:9/", 'cookies = "cookies.txt"')
    res = _run(tmp_path, "crawl", str(game))
    assert res.returncode != 0
    assert "cookies 文件" in res.stderr
    for secret in SECRETS:
        assert secret not in res.stdout + res.stderr


def test_wrong_cookies_path_is_a_game_file_error(tmp_path: Path) -> None:
    game = _game(tmp_path, "http://127.0.0.1:9/", 'cookies = "no/such/cookies.txt"')
    res = _run(tmp_path, "crawl", str(game))
    assert res.returncode == 3
    assert "forum.cookies" in res.stderr and "文件不存在" in res.stderr


def test_a_cookie_value_without_its_name_is_not_echoed_as_a_missing_file(tmp_path: Path) -> None:
    # No "=": read as a file name, which does not exist; the error once quoted it.
    for line in (f'cookies = "{AUTH_VALUE}"', f'cookies = "{AUTH} {AUTH_VALUE}"'):
        game = _game(tmp_path, "http://127.0.0.1:9/", line)
        res = _run(tmp_path, "crawl", str(game))
        assert res.returncode == 3, res.stderr
        assert "forum.cookies" in res.stderr and "内容不显示" in res.stderr
        assert AUTH_VALUE not in res.stdout + res.stderr


def test_inline_cookie_line_is_never_shown_even_when_the_forum_is_down(tmp_path: Path) -> None:
    # Port 9 (discard) is closed on loopback: the crawl fails with a network error,
    # and the inline line (which once was read as a file name) is not in any message.
    line = f'cookies = "{AUTH}={AUTH_VALUE}; {SALT}={SALT_VALUE}"'
    game = _game(tmp_path, "http://127.0.0.1:9/", line)
    res = _run(tmp_path, "crawl", str(game))
    assert res.returncode != 0
    for secret in SECRETS:
        assert secret not in res.stdout + res.stderr
