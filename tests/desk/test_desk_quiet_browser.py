"""desk50 item 2: the quiet-player question (auditor.game.evidence: 「X 自第N天起没有发言：出局了？
请假？潜水？」) answered on a 390-px phone (Debian's headless chromium, Selenium 4, a real
``auditor serve``), on 老金's night 2 (tests/games/discovery_fh48/yanbian, from his minimal
file: 朴大叔 has posted nothing since day 2 opened — his ballots come by 代发): each answer in
one tap (出局了: its prefilled form opened, then sent), the question gone at once, after the
desk's 重新审计, and on a restarted desk; 请假 and 出局了 written to the game file signed,
潜水 kept in the store."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from tests.desk.test_desk_browser import _flash, _login, _phone, _submits
from tests.desk_helpers import auditor, desk_server, fh47_game, set_password
from tests.report.test_report_browser import _driver, _severe

pytestmark = pytest.mark.browser

YANBIAN = "discovery_fh48/yanbian"
ASKED = "朴大叔 自第2天起没有发言"


def _quiet(phone: Any) -> list[Any]:
    from selenium.webdriver.common.by import By

    return list(phone.find_elements(By.CSS_SELECTOR, "#state-problems li.quiet"))


def _idle(phone: Any) -> None:
    """Wait until no audit or re-check runs (an answer that changed a day starts one), the
    page read again."""
    import time

    read = "var s = document.getElementById('audit-status'); return s ? s.dataset.state : '';"
    for _ in range(150):
        phone.get(phone.current_url.split("#")[0])
        if phone.execute_script(read) != "running":
            return
        time.sleep(2)
    raise AssertionError("the desk's audit kept running")


def _audit_again(phone: Any) -> None:
    """The desk's 重新审计 (开始审计), waited for, the page read again."""
    from selenium.common.exceptions import JavascriptException, StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    _idle(phone)
    _submits(phone, phone.find_element(By.ID, "audit-start").click)
    read = "var s = document.getElementById('audit-status'); return s ? s.dataset.state : '';"
    WebDriverWait(
        phone, 300, ignored_exceptions=(StaleElementReferenceException, JavascriptException)
    ).until(lambda d: d.execute_script(read) == "done")
    phone.get(phone.current_url.split("#")[0])


def _sign_in(tmp: Path, srv: Any, name: str) -> Any:
    tmp.mkdir()
    phone = _driver(tmp, 390, 844)
    _phone(phone)
    _login(phone, srv.base, srv.slug, name)
    return phone


@pytest.mark.parametrize("answer", ["lurk", "leave", "out"])
def test_each_answer_in_one_tap_takes_the_question_away(tmp_path: Path, answer: str) -> None:
    from selenium.webdriver.common.by import By

    game = fh47_game(tmp_path / "g", night=2, game=YANBIAN)
    assert auditor("audit", game.name, cwd=game.parent).returncode in (0, 7)
    set_password(game, "老金")
    with desk_server(game) as srv:
        phone = _sign_in(tmp_path / "p1", srv, "老金")
        try:
            # shown as a question among the others, counted, in Chinese
            (li,) = [q for q in _quiet(phone) if ASKED in q.text]
            assert "出局了？请假？潜水？" in li.text, li.text
            assert phone.find_element(By.ID, "questions")
            counted = int(phone.find_element(By.ID, "question-count").text)
            unread = len(phone.find_elements(By.CSS_SELECTOR, "li.unread"))
            proposals = len(phone.find_elements(By.CSS_SELECTOR, "li.proposal"))
            assert counted == unread + proposals + 1, (counted, unread, proposals)
            taps = 0
            if answer == "out":
                summary = li.find_element(By.CSS_SELECTOR, "details.quiet-out > summary")
                phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", summary)
                summary.click()
                taps += 1
                form = li.find_element(By.CSS_SELECTOR, "form.quiet-out-form")
                # prefilled: his day's opening, 夜晚 (a death found that morning)
                when = form.find_element(By.NAME, "at").get_attribute("value")
                assert when.replace(" ", "T").startswith("2026-12-04T00:00"), when
                night = form.find_element(By.CSS_SELECTOR, 'input[name="how"][value="night"]')
                assert night.is_selected()
                button = form.find_element(By.CSS_SELECTOR, "button.add")
            else:
                button = li.find_element(By.CSS_SELECTOR, f"button.quiet-{answer}")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", button)
            _submits(phone, button.click)
            taps += 1
            said = _flash(phone)
            assert "朴大叔" in said, said
            assert taps <= 2
            assert not [q for q in _quiet(phone) if ASKED in q.text], "gone at once"
            _audit_again(phone)
            assert not [q for q in _quiet(phone) if ASKED in q.text], "gone after 重新审计"
            assert ASKED not in phone.find_element(By.TAG_NAME, "body").text
            wide = phone.execute_script("return document.documentElement.scrollWidth")
            assert wide <= 390, wide
            assert _severe(phone) == []
        finally:
            phone.quit()
    with desk_server(game) as srv:  # a restarted desk
        phone = _sign_in(tmp_path / "p2", srv, "老金")
        try:
            assert not [q for q in _quiet(phone) if ASKED in q.text], "gone after a restart"
        finally:
            phone.quit()
    raw = tomllib.loads(game.read_text("utf-8"))
    his = [e for e in raw.get("event", []) if e["player"] == "朴大叔"]
    text = game.read_text("utf-8")
    if answer == "lurk":
        assert his == [], his
        done = auditor("game", game.name, cwd=game.parent)
        assert ASKED not in done.stdout, done.stdout[:2000]
    elif answer == "leave":
        assert [e["type"] for e in his] == ["leave"], his
        assert "老金 于" in text
    else:
        assert [(e["type"], e.get("how")) for e in his] == [("eliminated", "night")], his
