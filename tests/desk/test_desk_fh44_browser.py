"""The session-44 first-hour director's third yellow on a 390-px phone (Debian's headless
chromium, Selenium 4, a real ``auditor serve``, a real SQLite store): 阿May approved 細路明's
third yellow with one tap and only the report, far below, said he was sent off.  Now the
card says it before the tap, the tap opens the question again (红牌要再确认一次), and the
desk's top says the missing sent-off event."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.desk.test_desk_browser import _login, _phone
from tests.desk.test_desk_fh44 import lurker_game
from tests.desk_helpers import auditor, desk_server, fh43_game, set_password
from tests.report.test_report_browser import _driver, _severe

pytestmark = pytest.mark.browser


def test_the_third_yellow_is_said_and_asked_again_on_the_phone(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    game = lurker_game(tmp_path / "g")
    set_password(game, "导演")
    with desk_server(game) as srv:
        phone = _driver(tmp_path, 390, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "导演")

            def yellows() -> list[str]:
                # read in one script: the page's refresh may redraw the cards between a
                # find and a read (a stale element under load)
                return list(
                    phone.execute_script(
                        "return Array.from(document.querySelectorAll(arguments[0]))"
                        ".map(function (a) { return a.dataset.id; });",
                        'article.draft.yellow:not(.done):not(.held)[data-player="阿聪"]',
                    )
                    or []
                )

            # two yellows approved in place, one tap each (no question: no red yet)
            for _ in range(2):
                ident = WebDriverWait(phone, 60).until(lambda d: yellows())[0]
                phone.execute_script(
                    "var b = document.querySelector('#draft-' + arguments[0] + ' button.approve');"
                    "b.scrollIntoView({block: 'center'}); b.click();",
                    ident,
                )
                WebDriverWait(phone, 60).until(
                    lambda d, i=ident: d.find_elements(By.CSS_SELECTOR, f"#draft-{i}.done")
                )
            # the page fetched afresh: the next yellow now says what it does
            WebDriverWait(phone, 60).until(
                lambda d: d.find_elements(By.CSS_SELECTOR, "article.draft .escalation")
            )
            # (read and tapped as one step: the page's refresh may redraw the card meanwhile)
            sel = 'article.draft:not(.done)[data-player="阿聪"]'
            said = phone.execute_script(
                "var e = document.querySelector(arguments[0] + ' .escalation');"
                "e.scrollIntoView({block: 'center'}); var r = e.getBoundingClientRect();"
                "var b = e.closest('article').querySelector('button.approve');"
                "return [e.textContent, r.right, r.height > 0, b.textContent];",
                sel,
            )
            text, right, shown, button = said
            assert shown and "这是第3张黄牌 → 红牌罚下" in text, said
            assert right <= 390, said
            assert "红牌罚下" in button, said
            phone.execute_script(
                "document.querySelector(arguments[0] + ' .escalation')"
                ".closest('article').querySelector('button.approve').click();",
                sel,
            )
            # the question again, on its own page, with what the card does
            ask = WebDriverWait(phone, 60).until(lambda d: d.find_element(By.ID, "confirm-text"))
            assert "这是第3张黄牌 → 红牌罚下" in ask.text and "红牌即罚下" in ask.text, ask.text
            phone.find_element(By.ID, "confirm-yes").click()
            urgent = WebDriverWait(phone, 60).until(lambda d: d.find_element(By.ID, "urgent"))
            assert "阿聪 累计红牌 1 张（罚下）" in urgent.text, urgent.text
            top = phone.execute_script("return arguments[0].getBoundingClientRect().top;", urgent)
            queue = phone.find_element(By.ID, "queue-summary")
            below = phone.execute_script("return arguments[0].getBoundingClientRect().top;", queue)
            assert top < below, (top, below)
            wide = phone.execute_script("return document.documentElement.scrollWidth")
            assert wide <= 390, wide
            assert _severe(phone) == []
        finally:
            phone.quit()


def test_her_smaller_findings_on_the_phone(tmp_path: Path) -> None:
    """The announcement says to press 「我已发到论坛」 once it is posted (else the next night
    repeats the cards); the activity legend says which threads count; a time is said on the
    forum's clock by its offset, not 北京时间 for a game file that kept the template's zone;
    the finished audit's line (审计完成：…撤回 N 条) is said once, not on every page."""
    from selenium.common.exceptions import JavascriptException, StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    game = fh43_game(tmp_path / "h")
    assert auditor("audit", game.name, cwd=game.parent).returncode == 7
    set_password(game, "老钟")
    with desk_server(game) as srv:
        phone = _driver(tmp_path, 390, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "老钟")
            hint = phone.find_element(By.ID, "announcement-posted-hint")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", hint)
            assert hint.is_displayed() and "「我已发到论坛」" in hint.text, hint.text
            assert "明晚的公告会把今天已发的牌再列一遍" in hint.text, hint.text
            link = hint.find_element(By.ID, "announcement-post-link")
            assert str(link.get_attribute("href")).endswith("/post?kind=announcement")
            right = phone.execute_script("return arguments[0].getBoundingClientRect().right;", hint)
            assert right <= 390, right
            legend = phone.find_element(By.ID, "activity-legend")
            said = str(legend.get_attribute("textContent"))
            assert "只数讨论帖、投票帖里的帖，进程帖、规则帖等不算" in said, said
            add = str(phone.find_element(By.ID, "add-item").get_attribute("textContent"))
            assert "论坛时间（UTC+08:00）" in add and "北京时间" not in add, add
            # an audit from the desk: its line once, then gone
            phone.find_element(By.ID, "audit-start").click()
            read = (
                "var s = document.getElementById('audit-status');"
                "return s ? [s.dataset.state, s.textContent, s.hidden] : null;"
            )
            WebDriverWait(
                phone,
                300,
                ignored_exceptions=(StaleElementReferenceException, JavascriptException),
            ).until(lambda d: (d.execute_script(read) or [""])[0] == "done")
            state, text, hidden = phone.execute_script(read)
            assert not hidden and "审计完成" in text, (state, text, hidden)
            phone.get(phone.current_url.split("#")[0])
            state, text, hidden = phone.execute_script(read)
            assert state == "done" and hidden and text == "", (state, text, hidden)
            assert _severe(phone) == []
        finally:
            phone.quit()
