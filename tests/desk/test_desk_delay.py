"""A 延时 proposal on the desk (real `auditor serve` on 127.0.0.1, real chromium through
Selenium): the director sees a datetime field holding the close one day on (the day's close
its minimum), types the new close the forum was told, and confirms; a time before the close or one the form
cannot read is refused in Chinese and nothing is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.pipeline import open_game
from tests.desk.test_desk_browser import _flash, _submits
from tests.desk_helpers import desk_server
from tests.game.test_confirm_delay import delay_game
from tests.report.test_report_browser import _driver, _severe

pytestmark = pytest.mark.browser

# the field made a text box holding ``value``, and its form sent without the browser's check
SEND_AS_TEXT = (
    "arguments[0].type = 'text'; arguments[0].value = arguments[1]; arguments[0].form.submit()"
)


def test_a_director_confirms_a_delay_with_its_new_close_in_the_browser(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    path = delay_game(tmp_path / "game")
    with desk_server(path) as srv:
        desk = _driver(tmp_path, 1280, 1000)
        try:
            desk.get(srv.links["扫把无限"])

            def item(prefix: str) -> object:
                return next(
                    li
                    for li in desk.find_elements(By.CSS_SELECTOR, "#proposals li.proposal")
                    if li.find_element(By.CSS_SELECTOR, ".text").text.startswith(prefix)
                )

            day1 = item("第1天：11-20")
            _submits(desk, day1.find_element(By.CSS_SELECTOR, "button.confirm").click)
            assert "已确认" in _flash(desk), _flash(desk)

            delay = desk.find_element(By.CSS_SELECTOR, "#proposals li.proposal.delay")
            field = delay.find_element(By.CSS_SELECTOR, "input.proposal-closes")
            # (a text field in 24 hours, its min kept as data-min: fh44k)
            assert field.get_attribute("type") == "text"
            assert field.get_attribute("data-min") == "2026-11-23 22:00"
            # (fh46: it starts at the close the 延时 implies — one day on — not the old close)
            assert field.get_attribute("value") == "2026-11-24 22:00"
            assert field.get_attribute("placeholder") == "2026-11-24 22:00"
            assert "论坛时间（UTC+08:00）" in delay.text and "Asia/Shanghai" not in delay.text
            ident = delay.get_attribute("data-id")

            # a time before the close: the browser itself holds the form back
            desk.execute_script(
                "arguments[0].value = '2026-11-23 21:00';"
                "arguments[0].dispatchEvent(new Event('input', {bubbles: true}))",
                field,
            )
            assert desk.execute_script("return arguments[0].validity.customError", field)
            assert "不能早于 2026-11-23 22:00" in desk.execute_script(
                "return arguments[0].validationMessage", field
            )
            original = path.read_text("utf-8")

            # the same refused by the server in Chinese (form.submit() skips the browser's
            # check, as a hand-made request would), and text that is no time at all
            for value, said in (
                ("2026-11-23T21:00", "不晚于第2天现在的关门时间 2026-11-23 22:00"),
                ("明天晚上", "新的关门时间看不懂：明天晚上"),
            ):
                field = desk.find_element(
                    By.CSS_SELECTOR, f"#proposal-{ident} input.proposal-closes"
                )
                _submits(desk, lambda f=field, v=value: desk.execute_script(SEND_AS_TEXT, f, v))
                assert said in _flash(desk), _flash(desk)
            assert path.read_text("utf-8") == original

            field = desk.find_element(By.CSS_SELECTOR, f"#proposal-{ident} input.proposal-closes")
            desk.execute_script(
                "arguments[0].value = '2026-11-23 23:00';"
                "arguments[0].dispatchEvent(new Event('input', {bubbles: true}))",
                field,
            )
            button = desk.find_element(By.CSS_SELECTOR, f"#proposal-{ident} button.confirm")
            _submits(desk, button.click)
            assert f"已确认 {ident}：第2天：11-22 08:00:00 至 11-23 23:00:00，延时" in _flash(
                desk
            ), _flash(desk)
            assert not desk.find_elements(By.ID, f"proposal-{ident}")
            assert _severe(desk) == []
        finally:
            desk.quit()
    day2 = next(d for d in open_game(path).days if d.number == 2)
    assert day2.delayed and day2.closes.isoformat() == "2026-11-23T23:00:00+08:00"
    assert "delayed = true" in path.read_text("utf-8")
