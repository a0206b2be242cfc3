"""The session-45 first-hour director (大刘, M107, tests/desk/fh45) on a 390-px phone
(headless chromium, Selenium 4, a real ``auditor serve``, a real SQLite store): his
「不对，不要」 on a wrongly read death removes it for good; answering every question
releases the cards at once (批准 works, no 「待确认」 left on the announcement), after a
re-audit from the desk too; the proposals say what they write."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.desk.test_desk_browser import _flash, _login, _phone, _submits
from tests.desk_helpers import auditor, desk_server, fh45_game, set_password
from tests.report.test_report_browser import _driver, _severe

pytestmark = pytest.mark.browser


def _tap(phone: Any, selector: str) -> None:
    """Tap the first element ``selector`` finds and wait for the next page."""
    _submits(
        phone,
        lambda: phone.execute_script(
            "var b = document.querySelector(arguments[0]);"
            "b.scrollIntoView({block: 'center'}); b.click();",
            selector,
        ),
    )


def _proposal(phone: Any, words: str) -> str | None:
    """The id of the proposal whose text holds ``words``."""
    return phone.execute_script(
        "var w = arguments[0];"
        "var l = Array.from(document.querySelectorAll('li.proposal'));"
        "var p = l.find(function (e) { return e.querySelector('.text').textContent"
        ".indexOf(w) >= 0; });"
        "return p ? p.dataset.id : null;",
        words,
    )


def _audit(phone: Any) -> None:
    from selenium.common.exceptions import JavascriptException, StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    phone.find_element(By.ID, "audit-start").click()
    read = "var s = document.getElementById('audit-status'); return s ? s.dataset.state : '';"
    WebDriverWait(
        phone, 300, ignored_exceptions=(StaleElementReferenceException, JavascriptException)
    ).until(lambda d: d.execute_script(read) == "done")
    phone.get(phone.current_url.split("#")[0])


def _body(phone: Any) -> str:
    """The page's text but for the flash (which says what was just answered)."""
    return str(
        phone.execute_script(
            "var flash = Array.from(document.querySelectorAll('p.flash'))"
            ".map(function (e) { return e.innerText; }).join('');"
            "return document.body.innerText.replace(flash, '');"
        )
    )


def test_his_no_to_a_wrong_death_sticks_on_the_phone(tmp_path: Path) -> None:
    game = fh45_game(tmp_path / "g", uncorrected=True)
    assert auditor("audit", game.name, cwd=game.parent).returncode in (0, 7)
    set_password(game, "大刘")
    with desk_server(game) as srv:
        phone = _driver(tmp_path, 390, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "大刘")
            # the 替补 proposal names the newcomer on its own line
            sub = _proposal(phone, "替补：格瓦斯")
            assert sub is not None
            line = phone.execute_script(
                "return document.querySelector('#proposal-' + arguments[0] + ' .text')"
                ".textContent;",
                sub,
            )
            assert "秋林" in line, line
            # 全部确认 lists what it writes before the tap
            listed = _body(phone)
            assert "一次写进游戏文件的" in listed, listed[:3000]
            # his order: the opening post marked 读对了 / 已处理 (its day line is right) …
            _tap(phone, "#unread-65 button.handled")
            # … then 「不对，不要」 on the death it was misread as
            wrong = _proposal(phone, "出局：杀猪菜")
            assert wrong is not None, _body(phone)[:3000]
            _tap(phone, f"#proposal-{wrong} button.reject[value=wrong]")
            assert "不再询问" in _flash(phone), _flash(phone)
            for when in ("answered", "re-audited"):
                text = _body(phone)
                assert "出局：杀猪菜" not in text, (when, text[:4000])
                assert _proposal(phone, "杀猪菜，12-04") is None, when
                ghosts = phone.execute_script(
                    "return Array.from(document.querySelectorAll("
                    "'article.draft[data-player=\"杀猪菜\"]'))"
                    ".filter(function (a) { return a.textContent.indexOf('诈尸') >= 0; }).length;"
                )
                if when == "answered":
                    _audit(phone)  # (the drafts are the last check's: judged again)
                else:
                    assert ghosts == 0, when
            wide = phone.execute_script("return document.documentElement.scrollWidth")
            assert wide <= 390, wide
            assert _severe(phone) == []
        finally:
            phone.quit()


def test_his_answers_release_the_cards_at_once(tmp_path: Path) -> None:
    """Night 1 from his minimal file: every proposal confirmed and every listed post
    answered on the phone; the cards held on day 1's questions are offered at once (批准
    works without a re-audit), the announcement page says no 「待确认」, before and after a
    re-audit from the desk; the sheriff's confirmation says what was written, not the
    tally's question."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    game = fh45_game(tmp_path / "g", night=1, file="minimal")
    assert auditor("audit", game.name, cwd=game.parent).returncode in (0, 7)
    set_password(game, "大刘")
    with desk_server(game) as srv:
        phone = _driver(tmp_path, 390, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "大刘")
            assert "等第1天的问题答完再批" in _body(phone)
            _tap(phone, "#confirm-all")
            while (ident := _proposal(phone, "")) is not None:
                sheriff = "当选警长" in str(
                    phone.execute_script(
                        "return document.querySelector('#proposal-' + arguments[0] + ' .text')"
                        ".textContent;",
                        ident,
                    )
                )
                _tap(phone, f"#proposal-{ident} button.confirm")
                if sheriff:
                    said = _flash(phone)
                    assert "已确认" in said and "警长" in said, said
                    assert "还没有和导演的公示帖对上" not in said, said
            while phone.find_elements(By.CSS_SELECTOR, "li.unread button.handled"):
                _tap(phone, "li.unread button.handled")
            for when in ("answered", "re-audited"):
                text = _body(phone)
                assert "等第1天的问题答完再批" not in text, (when, text[:4000])
                assert "其中" not in phone.find_element(By.ID, "queue-summary").text, when
                phone.get(f"{srv.base}/g/{srv.slug}/post?kind=announcement")
                page = _body(phone)
                assert "待确认" not in page, (when, page[:3000])
                phone.get(f"{srv.base}/g/{srv.slug}")
                if when == "answered":
                    # 批准 on a card his answers released: at once, no 仍然批准 asked
                    sel = 'article.draft.yellow:not(.done):not(.held)[data-player="大列巴"]'
                    ident = phone.execute_script(
                        "var a = document.querySelector(arguments[0]); return a && a.dataset.id;",
                        sel,
                    )
                    assert ident, _body(phone)[:4000]
                    phone.execute_script(
                        "var b = document.querySelector('#draft-' + arguments[0] +"
                        " ' button.approve'); b.scrollIntoView({block: 'center'}); b.click();",
                        ident,
                    )
                    WebDriverWait(phone, 60).until(
                        lambda d, i=ident: d.find_elements(By.CSS_SELECTOR, f"#draft-{i}.done")
                    )
                    _audit(phone)
            assert _severe(phone) == []
        finally:
            phone.quit()
