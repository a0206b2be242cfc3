"""The second director of session 44 (老K, 版杀7; fh44k) on the desk: the time fields in 24
hours on a 390-px phone (his chromium showed 「12/04/2026, 02:00 AM」), and one line under a
post not read that says which answer means what (a superseded 杀人贴: 读对了 / 已处理)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import requests

from tests.desk.test_desk_browser import _phone
from tests.desk_helpers import desk_server
from tests.game.test_discover_autonomy import audit, own_style, setup
from tests.report.test_report_browser import _driver, _severe

TIME_24 = re.compile(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$")


def test_a_post_not_read_says_which_answer_means_what(tmp_path: Path) -> None:
    path = setup(tmp_path / "game", own_style(day3=False, loose_vote=False))
    code, _ = audit(path, tmp_path / "game" / "reports")
    assert code == 7
    with desk_server(path) as srv:
        page = requests.get(srv.links["老王"], timeout=60).text
    top = page[: page.index('id="game-state"')]
    assert len(re.findall(r"<li id=\"unread-(\d+)\"", top)) == 1
    # (said once above the posts, not under each: desk49 item 5)
    (help_line,) = re.findall(r'<p class="muted dismiss-help">(.*?)</p>', top)
    assert "「读对了 / 已处理」：这帖是公告" in help_line, help_line
    assert "发错后又更正的帖也点这个" in help_line and "「不是公告」" in help_line, help_line
    assert "不改游戏文件" in help_line, help_line


@pytest.mark.browser
def test_the_time_fields_are_in_24_hours_on_a_phone(tmp_path: Path) -> None:
    """Every datetime field of the desk is a text field in 24 hours (2026-11-22 20:00, its
    placeholder and pattern say so); typing 第几天 fills it in that form; its 「原为」 twin
    reads the same, so an untouched time is no correction; a 12-hour time is refused."""
    from selenium.webdriver.common.by import By

    game = setup(tmp_path / "game", own_style())
    audit(game, tmp_path / "game" / "reports")
    with desk_server(game) as srv:
        driver = _driver(tmp_path, 390, 844)
        try:
            _phone(driver)
            driver.get(srv.links["老王"])
            driver.get(f"{srv.base}/g/{srv.slug}#add-item")
            assert driver.find_elements(By.CSS_SELECTOR, "input[type=datetime-local]") == []
            fields = driver.find_elements(By.CSS_SELECTOR, "input.when24")
            assert fields
            for field in fields:
                assert field.get_attribute("type") == "text"
                assert "24小时制" in (field.get_attribute("title") or "")
                assert TIME_24.match(field.get_attribute("placeholder") or "")
                value = field.get_attribute("value") or ""
                assert value == "" or TIME_24.match(value), value
            twins = driver.execute_script(
                "return Array.from(document.querySelectorAll('input.when24')).map(function (b) {"
                " var w = b.form && b.form.querySelector('input[name=\"' + b.name + '_was\"]');"
                " return w ? [b.value, w.value] : null; }).filter(Boolean);"
            )
            assert twins and all(now == was for now, was in twins), twins
            box = driver.find_element(By.ID, "add-item")
            driver.execute_script("arguments[0].open = true; arguments[0].scrollIntoView()", box)
            number = box.find_element(By.CSS_SELECTOR, "input.add-day-number")
            number.click()
            number.send_keys("1")
            opens = box.find_element(By.CSS_SELECTOR, "input.add-opens")
            assert TIME_24.match(opens.get_attribute("value") or ""), opens.get_attribute("value")
            valid = "return arguments[0].value = arguments[1], arguments[0].checkValidity();"
            assert driver.execute_script(valid, opens, "2026-11-22 20:00") is True
            assert driver.execute_script(valid, opens, "11/22/2026, 08:00 PM") is False
            assert "AM" not in box.text and "PM" not in box.text
            assert _severe(driver) == []
        finally:
            driver.quit()
