"""The desk in a real browser: Debian's headless chromium (Selenium 4) against a real
`auditor serve` (uvicorn on 127.0.0.1) started by the test.

Two directors sign in with their passwords in two browser sessions (a desktop window and a
390-px phone viewport); the first approves one draft (with the keyboard), recolours one,
rejects one with a note and adds a manual card, then signs in to a second game whose
threads, days and events are discovered from the forum and confirms a proposed event (an
elimination announced in the process thread); the store holds each decision signed with
the signed-in name (the confirmation: the game file, and a ``confirm`` run), the rewritten
report and announcement show them, and the second session's decision on a draft decided
meanwhile is refused.  Screenshots of both land in
``reports/desk-screenshots/`` (git-ignored).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from auditor.game.gamefile import load_game
from auditor.report.write import latest_dir
from auditor.store import Store
from tests import paths
from tests.desk_helpers import PASSWORD, desk_game, desk_server, proposal_game, set_password
from tests.report.test_report_browser import _driver, _severe

pytestmark = pytest.mark.browser

SHOTS = paths.ROOT / "reports" / "desk-screenshots"


def _phone(driver: Any) -> None:
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True},
    )


def _login(driver: Any, base: str, slug: str, name: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.select import Select

    driver.get(f"{base}/g/{slug}")
    assert driver.current_url.endswith("/login")  # no session: the sign-in page
    Select(driver.find_element(By.ID, "director")).select_by_value(name)
    driver.find_element(By.ID, "password").send_keys(PASSWORD)
    _submits(driver, driver.find_element(By.ID, "login-submit").click)
    assert driver.find_element(By.ID, "signed-in").text == f"导演：{name}", driver.page_source[
        :3000
    ]


def _gone(element: Any) -> bool:
    """Has the page that held ``element`` been replaced?  (``staleness_of``, plus the error
    chromedriver gives instead of a stale reference when it asks about the node at the
    moment the old document goes: "Node with given id does not belong to the document".)"""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException

    try:
        element.is_enabled()
    except StaleElementReferenceException:
        return True
    except WebDriverException as exc:
        if "does not belong to the document" in str(exc) or "No node with given id" in str(exc):
            return True
        raise
    return False


def _submits(driver: Any, action: Any) -> None:
    """Run ``action`` (a click or a key) and wait until the next page has loaded."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    old = driver.find_element(By.TAG_NAME, "html")
    action()
    WebDriverWait(driver, 60).until(lambda _d: _gone(old))
    WebDriverWait(driver, 60).until(
        lambda d: d.execute_script("return document.readyState") == "complete"
    )


def _flash(driver: Any) -> str:
    from selenium.webdriver.common.by import By

    return " ".join(e.text for e in driver.find_elements(By.CSS_SELECTOR, "p.flash"))


def _decides(driver: Any, ident: str, action: Any) -> str:
    """Run ``action`` (a click or a key) on draft ``ident``'s form, sent by the page's script
    without a page load, and return the result shown in place of the card."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    html = driver.find_element(By.TAG_NAME, "html")
    action()
    line = WebDriverWait(driver, 60).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, f"#draft-{ident} p.result")
    )[0]
    assert not _gone(html)  # the same page: no reload
    return str(line.text)


def _article(driver: Any, ident: str) -> Any:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.ID, f"draft-{ident}")


def _inert(driver: Any) -> None:
    from selenium.common.exceptions import NoAlertPresentException

    with pytest.raises(NoAlertPresentException):
        _ = driver.switch_to.alert.text
    assert driver.execute_script("return window.__alerts") == []
    counts = driver.execute_script(
        "return [Array.from(document.scripts).filter(s => !s.src.endsWith('/static/desk.js')).length,"
        " document.images.length,"
        " document.querySelectorAll('[onerror],[onload],[onclick]').length,"
        " Array.from(document.links).filter(a => !/^(https?:|#|\\/)/.test(a.getAttribute('href'))).length]"
    )
    assert counts == [0, 0, 0, 0], counts
    assert _severe(driver) == []


def test_directors_decide_in_the_browser(tmp_path: Path) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.select import Select

    game_path = desk_game(tmp_path / "game")
    for name in ("导演", "副导演"):
        set_password(game_path, name)
    discovering = proposal_game(tmp_path / "game")  # the same folder: one reports/ folder
    set_password(discovering, "导演")
    SHOTS.mkdir(parents=True, exist_ok=True)
    with desk_server(game_path, others=(discovering,)) as srv:
        desk = _driver(tmp_path, 1280, 900)
        phone = _driver(tmp_path, 500, 844)
        try:
            _phone(phone)
            _login(desk, srv.base, srv.slug, "导演")
            _login(phone, srv.base, srv.slug, "副导演")
            blues = [
                a.get_attribute("data-id")
                for a in desk.find_elements(By.CSS_SELECTOR, "article.draft.blue")
            ]
            assert len(blues) >= 3, blues
            approve_id, recolour_id, reject_id = blues[:3]
            body = desk.find_element(By.TAG_NAME, "body").text
            assert "<script>alert('xss-1')</script>" in body  # shown as text
            assert "[url=javascript:alert('xss-4')]点我[/url]" in body
            _inert(desk)
            _inert(phone)

            # approve with the keyboard: focus the draft, press a
            desk.execute_script("arguments[0].focus()", _article(desk, approve_id))
            said = _decides(desk, approve_id, ActionChains(desk).send_keys("a").perform)
            assert f"已批准 {approve_id}" in said, said

            # recolour: yellow instead of the suggested blue
            art = _article(desk, recolour_id)
            said = _decides(
                desk, recolour_id, art.find_element(By.CSS_SELECTOR, "button.recolour.yellow").click
            )
            assert f"已批准 {recolour_id}" in said and "黄牌" in said, said

            # reject with a note
            art = _article(desk, reject_id)
            art.find_element(By.CSS_SELECTOR, "input.note").send_keys("是引用别人的话")
            said = _decides(
                desk, reject_id, art.find_element(By.CSS_SELECTOR, "button.reject").click
            )
            assert f"已驳回 {reject_id}" in said, said

            # the manual card form posted without its CSRF token: refused, nothing added
            desk.execute_script("document.querySelector('#manual-form input[name=csrf]').remove()")
            desk.find_element(By.ID, "manual-reason").send_keys("没有校验码")
            _submits(desk, desk.find_element(By.ID, "manual-submit").click)
            assert "缺少校验码（CSRF）" in desk.find_element(By.TAG_NAME, "body").text
            refused = [e["message"] for e in _severe(desk)]  # read once: the log is drained
            assert refused and all("/card" in m and "403" in m for m in refused), refused
            desk.get(f"{srv.base}/g/{srv.slug}")

            # a manual card
            Select(desk.find_element(By.ID, "manual-player")).select_by_value("饺子")
            Select(desk.find_element(By.ID, "manual-card")).select_by_value("yellow")
            desk.find_element(By.ID, "manual-day").send_keys("2")
            desk.find_element(By.ID, "manual-reason").send_keys("超时未交夜间行动")
            _submits(desk, desk.find_element(By.ID, "manual-submit").click)
            assert "已添加 M" in _flash(desk), _flash(desk)
            _inert(desk)

            # the second session still shows the approved draft: deciding it is refused
            art = _article(phone, approve_id)
            refused = _decides(
                phone, approve_id, art.find_element(By.CSS_SELECTOR, "button.reject").click
            )
            assert "error" in art.find_element(By.CSS_SELECTOR, "p.result").get_attribute("class")
            assert f"{approve_id} 已在" in refused and "被 导演 改为 批准" in refused, refused
            _inert(phone)
            width = phone.execute_script("return window.innerWidth")
            assert width <= 400
            assert phone.execute_script("return document.documentElement.scrollWidth") <= width + 1

            # the store: every decision signed with the signed-in name
            game = load_game(game_path)
            with Store(game.store) as store:
                rows = {r["finding_id"]: dict(r) for r in store.decision_history()}
                manual = store.manual_cards()
            assert rows[approve_id]["decision"] == "approve" and rows[approve_id]["card"] is None
            assert rows[recolour_id]["card"] == "yellow"
            assert rows[reject_id]["decision"] == "reject"
            assert rows[reject_id]["note"] == "是引用别人的话"
            assert {rows[i]["decided_by"] for i in (approve_id, recolour_id, reject_id)} == {"导演"}
            assert len(manual) == 1 and manual[0]["created_by"] == "导演"  # not the refused one
            assert manual[0]["player"] == "饺子" and manual[0]["card"] == "yellow"

            # the rewritten report and announcement show them
            report = latest_dir(srv.reports, srv.slug)
            assert report is not None
            html = (report / "report.html").read_text("utf-8")
            rejected = html[html.index('id="rejected"') :]
            assert reject_id in rejected and "是引用别人的话" in rejected
            assert (report / "report.xlsx").stat().st_size > 3000  # the workbook too
            bbcode = (report / "announcement.bbcode").read_text("utf-8")
            assert "饺子：[color=DarkOrange]黄牌[/color] 第2天 超时未交夜间行动" in bbcode
            assert bbcode.count("[color=") >= 3  # the two approvals and the manual card

            # the discovering game: confirm the elimination pid 1198 announced
            other = load_game(discovering).slug
            _login(desk, srv.base, other, "导演")
            item = next(
                li
                for li in desk.find_elements(By.CSS_SELECTOR, "#proposals li.proposal")
                if li.find_element(By.CSS_SELECTOR, ".text").text.startswith("出局：馄饨")
            )
            ident = item.get_attribute("data-id")
            assert len(desk.find_elements(By.CSS_SELECTOR, "#proposals li.proposal")) == 15
            _submits(desk, item.find_element(By.CSS_SELECTOR, "button.confirm").click)
            assert f"已确认 {ident}：出局：馄饨，11-25 22:00 投票" in _flash(desk), _flash(desk)
            assert "报告、CSV 和公告随之更新" in _flash(desk)
            assert not desk.find_elements(By.ID, f"proposal-{ident}")
            _inert(desk)
            assert desk.save_screenshot(str(SHOTS / "desk-proposals.png"))
            text = discovering.read_text("utf-8")
            assert "# 来源：pid 1198「第三天投票结果：馄饨 5 票，馄饨出局。」；导演 于 " in text
            assert load_game(discovering).events[-1].player == "馄饨"  # in the file itself
            with Store(load_game(discovering).store) as store:
                confirms = [r for r in store.runs() if r["command"] == "confirm"]
            assert len(confirms) == 1
            assert json.loads(confirms[0]["summary"])["by"] == "导演"
            sample = latest_dir(srv.reports, other)
            assert sample is not None
            top = (sample / "report.html").read_text("utf-8")
            top = top[top.index('id="game-state"') : top.index('<div class="cards">')]
            assert "事件 3 个" in top  # 4 discovered before: one is the file's now

            # screenshots, for a person to look at
            desk.get(f"{srv.base}/g/{srv.slug}")
            assert desk.save_screenshot(str(SHOTS / "desk-desktop.png"))  # the first screen
            height = int(desk.execute_script("return document.body.scrollHeight"))
            desk.set_window_size(1280, min(height + 80, 5000))
            assert desk.save_screenshot(str(SHOTS / "desk-desktop-full.png"))
            phone.get(f"{srv.base}/g/{srv.slug}")
            assert phone.save_screenshot(str(SHOTS / "desk-phone.png"))
            assert (SHOTS / "desk-desktop.png").stat().st_size > 20_000
            assert (SHOTS / "desk-phone.png").stat().st_size > 10_000
            _inert(desk)
            _inert(phone)

            # without a session (the cookie gone) the desk is refused: the sign-in page
            phone.delete_all_cookies()
            phone.get(f"{srv.base}/g/{srv.slug}")
            assert phone.current_url.endswith(f"/g/{srv.slug}/login")
            assert not phone.find_elements(By.CSS_SELECTOR, "article.draft")
        finally:
            desk.quit()
            phone.quit()
