"""Desk sessions (issue 32, item 5), through a real `auditor serve`: a cookie copied before
a logout or a password change decides nothing after it; the login limit counts the real
peer, not an X-Forwarded-For anyone on the machine can send (unless --proxy-headers);
--secure-cookies marks the cookie Secure."""

from __future__ import annotations

from pathlib import Path

import pytest
import requests

from tests.desk_helpers import PASSWORD, csrf, desk_game, desk_server, set_password


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = desk_game(tmp_path_factory.mktemp("revocation"))
    set_password(path, "导演")
    return path


def _login(srv, password: str = PASSWORD, **headers: str) -> tuple[requests.Session, int]:  # type: ignore[no-untyped-def]
    s = requests.Session()
    page = s.get(f"{srv.base}/g/{srv.slug}/login", timeout=30)
    r = s.post(
        f"{srv.base}/g/{srv.slug}/login",
        data={"csrf": csrf(page.text), "director": "导演", "password": password},
        headers=headers,
        timeout=60,
        allow_redirects=False,
    )
    return s, r.status_code


def _copy(s: requests.Session) -> requests.Session:
    thief = requests.Session()
    thief.cookies.update(s.cookies)
    return thief


def _signed_in(srv, s: requests.Session) -> bool:  # type: ignore[no-untyped-def]
    r = s.get(f"{srv.base}/g/{srv.slug}", timeout=60, allow_redirects=False)
    return r.status_code == 200


def test_a_cookie_copied_before_logout_or_a_new_password_is_signed_out(game: Path) -> None:
    with desk_server(game) as srv:
        s, code = _login(srv)
        assert code == 303 and _signed_in(srv, s)
        thief = _copy(s)
        assert _signed_in(srv, thief)  # the copy works while the session lasts
        page = s.get(f"{srv.base}/g/{srv.slug}", timeout=60).text
        r = s.post(f"{srv.base}/g/{srv.slug}/logout", data={"csrf": csrf(page)}, timeout=60)
        assert r.status_code == 200
        assert not _signed_in(srv, s)
        assert not _signed_in(srv, thief)
        page = thief.get(f"{srv.base}/g/{srv.slug}/login", timeout=60).text
        r = thief.post(
            f"{srv.base}/g/{srv.slug}/decide",
            data={"csrf": csrf(page), "id": "X", "action": "reject", "rev": ""},
            timeout=60,
        )
        assert r.status_code == 403 and "没有登录" in r.text
        status = thief.get(f"{srv.base}/g/{srv.slug}/audit/status", timeout=60)
        assert status.status_code == 403

        # a new password (another process: `auditor serve --set-password`) ends the
        # sessions opened under the old one, copies included; a new login works
        s, code = _login(srv)
        thief = _copy(s)
        assert code == 303 and _signed_in(srv, thief)
        set_password(game, "导演", "另一个密码-456")
        assert not _signed_in(srv, s) and not _signed_in(srv, thief)
        assert _login(srv)[1] == 401
        s, code = _login(srv, "另一个密码-456")
        assert code == 303 and _signed_in(srv, s)
        set_password(game, "导演")  # (as the module's other tests expect)


def test_the_login_limit_counts_the_real_peer_not_x_forwarded_for(game: Path) -> None:
    with desk_server(game) as srv:
        codes = [
            _login(srv, "错误的密码", **{"X-Forwarded-For": f"203.0.113.{i}"})[1]
            for i in range(1, 13)
        ]
        assert 429 in codes, codes
        assert codes[:5] == [401] * 5, codes


def test_proxy_headers_trust_the_local_proxy(game: Path) -> None:
    with desk_server(game, "--proxy-headers") as srv:
        codes = [
            _login(srv, "错误的密码", **{"X-Forwarded-For": f"203.0.113.{i}"})[1]
            for i in range(1, 9)
        ]
        assert codes == [401] * 8, codes  # each forwarded client counted on its own


def test_secure_cookies_mark_the_cookie_secure(game: Path) -> None:
    with desk_server(game) as srv:
        r = requests.get(f"{srv.base}/g/{srv.slug}/login", timeout=30)
        assert "secure" not in r.headers["set-cookie"].lower()
    with desk_server(game, "--secure-cookies") as srv:
        r = requests.get(f"{srv.base}/g/{srv.slug}/login", timeout=30)
        cookie = r.headers["set-cookie"].lower()
        assert "auditor_desk=" in cookie and "; secure" in cookie, cookie
