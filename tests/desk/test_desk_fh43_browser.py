"""The session-43 first-hour director's desk on a 390-px phone (Debian's headless chromium,
Selenium 4, a real ``auditor serve``), his own M39 game (tests/games/discovery_fh43).

What he saw, measured: the page was 415 px wide (``INPUT.proposal-at`` 25 px past the
edge); 「跳到牌（待处理 7）」 stayed 7 after the top line said fewer; a 批量批准 group
lingered after its cards were decided one by one."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.desk.test_desk_browser import _login, _phone
from tests.desk_helpers import auditor, desk_server, fh43_game, set_password
from tests.report.test_report_browser import _driver, _severe

pytestmark = pytest.mark.browser


def test_his_desk_fits_the_phone_and_its_counts_follow_each_decision(tmp_path: Path) -> None:
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
            # every 更正其他项 open: no field past the screen's edge, the page no wider
            phone.execute_script(
                "document.querySelectorAll('details').forEach(function (d) { d.open = true; });"
            )
            fields = phone.find_elements(
                By.CSS_SELECTOR,
                "input.proposal-at, input.proposal-closes, input.proposal-next-opens",
            )
            assert fields
            for field in fields:
                right = phone.execute_script(
                    "return arguments[0].getBoundingClientRect().right;", field
                )
                assert right <= 390, (field.get_attribute("class"), right)
            wide = phone.execute_script("return document.documentElement.scrollWidth")
            past = phone.execute_script(
                "return Array.from(document.querySelectorAll('body *')).filter(function (e) {"
                " return (e.getBoundingClientRect().right > 391 || e.scrollWidth > e.clientWidth + 1)"
                " && e.clientWidth > 0 && !e.closest('[hidden]'); })"
                ".slice(0, 8).map(function (e) { return e.tagName + '.' + e.className + '#'"
                " + e.id + ' ' + e.scrollWidth + '/' + e.clientWidth + ' '"
                " + e.textContent.slice(0, 40); });"
            )
            assert wide <= 390, f"the desk is {wide} px wide at 390 px: {past}"
            phone.execute_script(
                "document.querySelectorAll('details').forEach(function (d) { d.open = false; });"
            )

            def counts() -> tuple[str, str]:
                top = phone.find_element(By.ID, "pending-count").text
                jump = phone.find_element(By.CSS_SELECTOR, '#to-queue [data-count="pending"]')
                return top, str(jump.get_attribute("textContent"))

            before, jump = counts()
            assert before == jump, (before, jump)
            batches = phone.find_elements(By.CSS_SELECTOR, "#batches form.batch")
            pairs = [b.find_element(By.NAME, "items").get_attribute("value") for b in batches]
            two = [str(p) for p in pairs if len(str(p).split(",")) == 2]
            first = (
                two[0].split(",")[0].split(":")[0]
                if two
                else phone.find_element(
                    By.CSS_SELECTOR, "article.draft:not(.held):not(.done)"
                ).get_attribute("data-id")
            )
            button = phone.find_element(By.CSS_SELECTOR, f"#draft-{first} button.approve")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            button.click()
            WebDriverWait(phone, 60).until(
                lambda d: d.find_elements(By.CSS_SELECTOR, f"#draft-{first}.done")
            )
            after, jump = counts()
            assert int(after) == int(before) - 1 and jump == after, (before, after, jump)
            if two:  # its group of two is one card now: no batch left for it
                left = [
                    b.get_attribute("value")
                    for b in phone.find_elements(
                        By.CSS_SELECTOR, "#batches form.batch input[name=items]"
                    )
                ]
                assert all(first not in str(v) for v in left), left
            assert _severe(phone) == []
        finally:
            phone.quit()
