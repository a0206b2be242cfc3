"""The post page opens at once from the store (session 40, item 3): a forum that is slow to
answer (or dead) no longer holds the page — the draft and its 复制 buttons are there at
once; the thread, the posting account and the button follow when the forum answers."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.desk.test_desk_post import posting_game
from tests.desk_helpers import desk_server, set_password
from tests.forum_server import ForumServer
from tests.posting.test_post_send import REPLY, THREAD, captured

pytestmark = pytest.mark.discuz

SLOW = 8.0  # seconds the forum takes to answer the thread's page


@pytest.fixture
def slow_forum() -> Iterator[tuple[ForumServer, threading.Event]]:
    asked = threading.Event()

    def thread_page(_r: object) -> object:
        asked.set()
        time.sleep(SLOW)
        return captured("03")

    with ForumServer(None) as server:
        server.route(THREAD, thread_page)
        server.route(REPLY, lambda _r: captured("05"))
        yield server, asked


def test_the_page_does_not_wait_for_the_forum(
    tmp_path: Path, slow_forum: tuple[ForumServer, threading.Event]
) -> None:
    forum, asked = slow_forum
    game = posting_game(tmp_path / "game", forum)
    with desk_server(game) as srv:
        s = srv.session()
        s.get(srv.links["导演"], timeout=60)
        url = f"{srv.base}/g/{srv.slug}/post"
        start = time.monotonic()
        page = s.get(url, params={"kind": "announcement", "thread": "13"}, timeout=60)
        took = time.monotonic() - start
        assert page.status_code == 200
        assert took < SLOW / 2, f"the page took {took:.1f} s: it waited for the forum"
        assert not asked.is_set()  # the forum was not asked for the page
        assert 'id="post-part-1"' in page.text and 'id="post-forum-wait"' in page.text
        assert 'id="post-send"' not in page.text  # no button before the thread is known
        assert 'href="/g/' in page.text and "forum=1" in page.text  # the tap without script


@pytest.mark.browser
def test_on_a_phone_the_draft_shows_at_once_and_the_forum_follows(
    tmp_path: Path, slow_forum: tuple[ForumServer, threading.Event]
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from tests.desk.test_desk_browser import _login, _phone
    from tests.report.test_report_browser import _driver, _severe

    forum, _asked = slow_forum
    game = posting_game(tmp_path / "game", forum)
    set_password(game, "导演")
    with desk_server(game) as srv:
        driver = _driver(tmp_path, 1280, 900)
        try:
            _phone(driver)
            _login(driver, srv.base, srv.slug, "导演")
            start = time.monotonic()
            driver.get(f"{srv.base}/g/{srv.slug}/post?kind=announcement&thread=13")
            took = time.monotonic() - start
            assert took < SLOW / 2, f"the page took {took:.1f} s: it waited for the forum"
            assert driver.execute_script("return window.innerWidth") == 390
            assert driver.find_element(By.ID, "post-part-1").text.strip()
            copy = driver.find_element(By.CSS_SELECTOR, "button.copy[data-target='post-part-1']")
            assert copy.is_displayed()
            assert driver.find_element(By.ID, "post-forum-wait").is_displayed()
            assert not driver.find_elements(By.ID, "post-send")
            WebDriverWait(driver, 60).until(lambda d: d.find_elements(By.ID, "post-where"))
            where = driver.find_element(By.ID, "post-where").text
            assert "主题 13「【X35POST】进程帖（公告与申请）」" in where
            assert driver.find_element(By.ID, "post-account").text == "发帖账号：公告导演"
            assert driver.find_element(By.ID, "post-send").is_displayed()
            assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
            assert [r for r in forum.requests if r.method == "POST"] == []  # nothing sent
            assert _severe(driver) == []
        finally:
            driver.quit()


@pytest.mark.browser
def test_an_expired_sign_in_is_said_in_words_not_as_an_http_code(
    tmp_path: Path, slow_forum: tuple[ForumServer, threading.Event]
) -> None:
    """The forum's part fetched after the sign-in ran out gets the desk's 403: the page says
    the login expired and how to sign in again, not 「读取论坛失败（HTTP 403）」."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from tests.desk.test_desk_browser import _login, _phone
    from tests.report.test_report_browser import _driver

    forum, asked = slow_forum
    game = posting_game(tmp_path / "game", forum)
    set_password(game, "导演")
    with desk_server(game) as srv:
        driver = _driver(tmp_path, 1280, 900)
        try:
            _phone(driver)
            _login(driver, srv.base, srv.slug, "导演")
            # the page's own fetch goes out without the sign-in cookie, as after it expired
            driver.execute_cdp_cmd(
                "Page.addScriptToEvaluateOnNewDocument",
                {
                    "source": "var f0 = window.fetch; window.fetch = function (u, o) {"
                    " return f0(u, Object.assign({}, o, {credentials: 'omit'})); };"
                },
            )
            driver.get(f"{srv.base}/g/{srv.slug}/post?kind=announcement&thread=13")
            wait = driver.find_element(By.ID, "post-forum-wait")
            WebDriverWait(driver, 30).until(lambda d: "登录" in wait.text)
            said = wait.text
            assert "登录已过期" in said and "重新登录" in said and "密码" in said
            assert "HTTP" not in said and "403" not in said
            assert not asked.is_set()  # the forum was not asked
            assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
        finally:
            driver.quit()
