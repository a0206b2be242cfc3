"""The desk's 发布到进程帖 (issue 31 item 3): a page of its own shows the draft's exact text,
the thread and the posting account; the button posts it with the director's own login
through the real X3.5 answers (tests/posting/test_post_send.py's loopback forum); a second press
is refused; nothing is posted without the button, and no cookie value reaches a page."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

import pytest

from auditor.game.gamefile import load_game
from auditor.store import Store
from tests.desk_helpers import csrf, desk_game, desk_server, set_password
from tests.forum_server import ForumServer
from tests.posting.test_post_send import COOKIE_LINE, REPLY, SECRETS, THREAD, captured

pytestmark = pytest.mark.discuz


@pytest.fixture
def forum() -> Iterator[ForumServer]:
    with ForumServer(None) as server:
        server.route(THREAD, lambda _r: captured("03"))
        server.route(REPLY, lambda _r: captured("05"))
        yield server


def posting_game(tmp: Path, forum: ForumServer) -> Path:
    """The desk's game (hostile posts, two directors) reading nothing from the forum but
    posting to the loopback one with the director's own cookies."""
    path = desk_game(tmp)
    text = path.read_text("utf-8")
    text = text.replace(
        'url = "http://bbs.example.com/"',
        f'url = "{forum.base_url}"\npost_cookies = "{COOKIE_LINE}"',
    )
    assert "post_cookies" in text
    path.write_text(text, "utf-8")
    return path


def _posts(forum: ForumServer) -> list[Any]:
    return [r for r in forum.requests if r.method == "POST"]


def test_the_page_shows_the_text_and_thread_and_the_button_posts_once(
    tmp_path: Path, forum: ForumServer
) -> None:
    game = posting_game(tmp_path / "game", forum)
    with desk_server(game) as srv:
        s = srv.session()
        s.get(srv.links["导演"], timeout=60)
        url = f"{srv.base}/g/{srv.slug}/post"
        page = s.get(url, params={"kind": "announcement", "thread": "13", "forum": "1"}, timeout=60)
        assert page.status_code == 200
        text = page.text
        assert "发到：主题 13「【X35POST】进程帖（公告与申请）」" in text
        assert "发帖账号：公告导演" in text
        parts = [
            html.unescape(p)
            for p in re.findall(r'<pre class="post-part"[^>]*>(.*?)</pre>', text, re.S)
        ]
        assert parts and _posts(forum) == []  # shown, not sent
        form = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', text))
        form = {k: html.unescape(v) for k, v in form.items()}
        assert form["csrf"] == csrf(text)
        done = s.post(url, data=form, timeout=60)
        assert "已发出：pid 249" in done.text, done.text[-2000:]
        (sent,) = _posts(forum)
        message = dict(parse_qsl(sent.body.decode("ascii")))["message"]
        assert message == parts[0].replace("\r\n", "\n")  # what was shown is what was sent
        again = s.post(url, data=form, timeout=60)
        assert "已经发过" in again.text and "pid 249" in again.text
        # a resubmitted form (back, a double tap): the text is on the forum, not to copy again
        assert "没有发出" not in again.text and 'class="post-part"' not in again.text
        assert len(_posts(forum)) == 1
        # without the CSRF token, or signed out: nothing
        bad = s.post(url, data={**form, "csrf": "x"}, timeout=60)
        assert bad.status_code == 403
        stranger = srv.session().post(url, data=form, timeout=60)
        assert stranger.status_code == 403
        for shown in (text, done.text, again.text):
            assert not any(secret in shown for secret in SECRETS)
    assert len(_posts(forum)) == 1
    with Store(load_game(game).store) as store:
        (row,) = store.sent_posts()
    assert (row.status, row.pid, row.ordered_by, row.tid) == ("posted", 249, "导演", 13)


def test_a_copy_only_draft_and_a_changed_draft_are_not_posted(
    tmp_path: Path, forum: ForumServer
) -> None:
    game = posting_game(tmp_path / "game", forum)
    with desk_server(game) as srv:
        s = srv.session()
        s.get(srv.links["导演"], timeout=60)
        url = f"{srv.base}/g/{srv.slug}/post"
        text = s.get(
            url, params={"kind": "announcement", "thread": "13", "forum": "1"}, timeout=60
        ).text
        form = {
            k: html.unescape(v)
            for k, v in re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', text)
        }
        changed = s.post(url, data={**form, "draft": "0" * 64}, timeout=60)
        assert "草稿在显示之后变了" in changed.text
        assert _posts(forum) == []
        reminder = s.get(url, params={"kind": "reminder"}, timeout=60).text
        assert 'id="post-send"' not in reminder
        assert 'id="post-error"' in reminder


@pytest.mark.browser
def test_the_button_in_a_browser(tmp_path: Path, forum: ForumServer) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from tests.desk.test_desk_browser import _login, _submits
    from tests.report.test_report_browser import _driver, _severe

    game = posting_game(tmp_path / "game", forum)
    set_password(game, "导演")
    with desk_server(game) as srv:
        driver = _driver(tmp_path, 1280, 900)
        try:
            _login(driver, srv.base, srv.slug, "导演")
            driver.get(f"{srv.base}/g/{srv.slug}/post?kind=announcement&thread=13")
            # (the forum's part comes after the page: tests/desk/test_desk_post_slow_forum.py)
            WebDriverWait(driver, 60).until(lambda d: d.find_elements(By.ID, "post-where"))
            where = driver.find_element(By.ID, "post-where").text
            assert "主题 13「【X35POST】进程帖（公告与申请）」" in where
            assert driver.find_element(By.ID, "post-account").text == "发帖账号：公告导演"
            shown = driver.find_element(By.ID, "post-part-1").text
            assert shown and _posts(forum) == []
            _submits(driver, driver.find_element(By.ID, "post-send").click)
            results = driver.find_element(By.ID, "post-results").text
            assert "已发出：pid 249" in results
            assert len(_posts(forum)) == 1
            assert _severe(driver) == []
            assert not any(secret in driver.page_source for secret in SECRETS)
        finally:
            driver.quit()


def test_the_desk_sizes_the_announcement_by_the_forums_rule_and_links_the_post_page(
    tmp_path: Path, forum: ForumServer
) -> None:
    """The desk's announcement said 长度 N 字符, counted as the editor does (中文字计 3),
    against ``serve --post-limit``: the forum counts the bytes it receives, line breaks as
    CRLF, against the game's ``[forum] maxpostsize``; the page links the posting page."""
    from auditor.report.parts import post_size

    game = posting_game(tmp_path / "game", forum)
    with desk_server(game) as srv:
        s = srv.session()
        s.get(srv.links["导演"], timeout=60)
        page = s.get(f"{srv.base}/g/{srv.slug}", timeout=60).text
    m = re.search(r'id="announcement-length">长度 (\d+) 字节', page)
    assert m, page[:2000]
    first = re.search(r'id="announcement-1">(.*?)</textarea>', page, re.S)
    assert first is not None
    text = html.unescape(first.group(1))
    if "第 1 / " not in page:  # one part: its size is the whole announcement's
        assert int(m.group(1)) == post_size(text)
    assert f'href="/g/{srv.slug}/post?kind=announcement"' in page
    # the drafts' section: the announcement above, the 票型 and 投票提醒 of the rule set (or
    # why there is none now), as in report.html
    section = page.split('<section id="posts">')[1].split("</section>")[0]
    assert 'href="#announcement"' in section
    for kind in ("tally", "reminder"):
        assert f'id="post-draft-{kind}"' in section or f'id="post-none-{kind}"' in section


def _lines(text: str) -> set[str]:
    return {line.strip() for line in text.replace("\r\n", "\n").splitlines() if line.strip()}


def test_a_posted_announcement_is_shown_as_posted_and_the_next_is_an_addendum(
    tmp_path: Path, forum: ForumServer
) -> None:
    """After a post the page says where it went (forum time, the floor's link), not 审计台不能
    替你发这一帖; after one more approval the draft is a 补充 with only what was not posted."""
    from tests.desk.test_desk import _decide
    from tests.desk_helpers import draft_ids

    game = posting_game(tmp_path / "game", forum)
    with desk_server(game) as srv:
        s = srv.session()
        page = s.get(srv.links["导演"], timeout=60).text
        (c1, first), (c2, second) = draft_ids(page)[:2]
        page = _decide(s, srv, page, first, "approve", suggested=c1).text
        url = f"{srv.base}/g/{srv.slug}/post"
        text = s.get(
            url, params={"kind": "announcement", "thread": "13", "forum": "1"}, timeout=60
        ).text
        form = {
            k: html.unescape(v)
            for k, v in re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', text)
        }
        done = s.post(url, data=form, timeout=60).text
        link = "forum.php?mod=redirect&amp;goto=findpost&amp;ptid=13&amp;pid=249"
        assert "已发出：pid 249" in done and link in done, done[-2000:]
        (sent,) = _posts(forum)
        posted = dict(parse_qsl(sent.body.decode("ascii")))["message"]

        again = s.get(url, params={"kind": "announcement", "thread": "13"}, timeout=60).text
        assert 'id="post-posted"' in again and "审计台不能替你发" not in again
        assert "+00:00" not in again and link in again

        page = s.get(f"{srv.base}/g/{srv.slug}", timeout=60).text
        _decide(s, srv, page, second, "approve", suggested=c2)
        extra = s.get(url, params={"kind": "announcement", "thread": "13"}, timeout=60).text
        assert "公告（补充一）" in extra and "pid 249" in extra, extra[-3000:]
        (part,) = [
            html.unescape(p)
            for p in re.findall(r'<pre class="post-part"[^>]*>(.*?)</pre>', extra, re.S)
        ]
        # the new cards only; the 累计 they change is posted whole, marked as the one to go by
        cards = part.split("[b]判罚[/b]", 1)[1].split("[b]累计", 1)[0]
        body = [x for x in _lines(cards) if not x.startswith("[b]")]
        assert body and not _lines(posted) & set(body), (body, posted)
        assert "[b]累计（更新，以此为准）[/b]" in part


@pytest.mark.browser
def test_the_post_page_on_a_phone_wraps_copies_and_keeps_the_draft_on_failure(
    tmp_path: Path, forum: ForumServer
) -> None:
    """At 390 px the full text wraps (the page was 9,713 px wide), each part has a 复制
    button, and a post that fails leaves the draft on the page to copy."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from tests.desk.test_desk_browser import _login, _phone, _submits
    from tests.report.test_report_browser import _driver, _severe

    game = posting_game(tmp_path / "game", forum)
    set_password(game, "导演")
    with desk_server(game) as srv:
        driver = _driver(tmp_path, 1280, 900)
        try:
            _phone(driver)
            _login(driver, srv.base, srv.slug, "导演")
            driver.get(f"{srv.base}/g/{srv.slug}/post?kind=announcement&thread=13")
            assert driver.execute_script("return window.innerWidth") == 390
            WebDriverWait(driver, 60).until(lambda d: d.find_elements(By.ID, "post-form"))
            wide = driver.execute_script("return document.documentElement.scrollWidth")
            assert wide <= 390, f"the post page is {wide} px wide at 390 px"
            copy = driver.find_element(By.CSS_SELECTOR, "button.copy[data-target='post-part-1']")
            assert copy.is_displayed()
            # the forum answers nothing the tool can use: the draft stays, to copy
            driver.execute_script(
                "document.querySelector('#post-form input[name=draft]').value = 'x'"
            )
            _submits(driver, driver.find_element(By.ID, "post-send").click)
            assert driver.find_element(By.ID, "post-error").is_displayed()
            assert driver.find_element(By.ID, "post-part-1").text.strip()
            assert driver.find_element(By.CSS_SELECTOR, "button.copy").is_displayed()
            assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
            assert _posts(forum) == []
            assert [e for e in _severe(driver) if "409" not in str(e)] == []  # (refused: 409)
        finally:
            driver.quit()


def test_after_a_partial_send_only_the_parts_not_on_the_forum_are_offered() -> None:
    from auditor.desk.post_page import to_copy
    from auditor.forum.post import PartResult

    parts = ["甲", "乙", "丙"]
    # part 1 posted, part 2 refused (the rest not tried): parts 2 and 3 to copy
    got = to_copy(parts, [PartResult(1, 3, "posted", "", 5), PartResult(2, 3, "refused", "")])
    assert got == [(2, 3, "乙"), (3, 3, "丙")]
    # part 2 timed out (unknown): it may be on the forum — not offered; part 3 is
    got = to_copy(parts, [PartResult(1, 3, "already", "", 5), PartResult(2, 3, "unknown", "")])
    assert got == [(3, 3, "丙")]
    assert to_copy(parts, [PartResult(1, 3, "busy", "")]) == [(2, 3, "乙"), (3, 3, "丙")]
