"""Correcting and adding what discovery read, on a 390-px phone in Debian's headless chromium
(Selenium 4) against a real `auditor serve` (issue 34: one step to correct anything, at
most 3 taps per correction).

The game is a director who writes in his own way (tests/test_discover_autonomy.own_style,
M107, a minimal game file).  Taps are counted as a thumb makes them (a button, a field, a
fold or a chip is one; a <select> two: open, choose; typing is not a tap).  Each
correction's result is read back from the game file the desk wrote, not from the page.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from tests.desk.test_desk_browser import _phone, _submits
from tests.desk.test_desk_queue_browser import Thumb
from tests.desk_helpers import desk_server
from tests.game.test_discover_autonomy import audit, own_style, setup
from tests.report.test_report_browser import _driver, _severe

pytestmark = pytest.mark.browser


def _proposal(driver: Any, kind: str, text: str = "") -> Any:
    from selenium.webdriver.common.by import By

    for li in driver.find_elements(By.CSS_SELECTOR, f"#proposals li.proposal.{kind}"):
        if text in li.text:
            return li
    raise AssertionError(f"no {kind} proposal with {text!r}: {driver.page_source[:2000]}")


def _chip(scope: Any, name: str, value: str) -> Any:
    from selenium.webdriver.common.by import By

    radio = scope.find_element(
        By.CSS_SELECTOR, f'input[type=radio][name="{name}"][value="{value}"]'
    )
    return radio.find_element(By.XPATH, "..")  # its label: the chip a thumb taps


def _type_into(driver: Any, field: Any, value: str) -> None:
    """What a director types into a date, time or number field (not a tap)."""
    driver.execute_script(
        "arguments[0].value = arguments[1];"
        "arguments[0].dispatchEvent(new Event('input', {bubbles: true}))",
        field,
        value,
    )


def _flash(driver: Any) -> str:
    from selenium.webdriver.common.by import By

    return " ".join(p.text for p in driver.find_elements(By.CSS_SELECTOR, "p.flash"))


def _file(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text("utf-8"))


def test_each_correction_takes_at_most_three_taps_on_a_phone(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    game = setup(tmp_path / "game", own_style())
    code, _ = audit(game, tmp_path / "game" / "reports")
    assert code == 7  # the state is incomplete: the proposals below are what the desk shows
    with desk_server(game) as srv:
        driver = _driver(tmp_path, 500, 844)
        try:
            _phone(driver)
            driver.get(srv.links["老王"])
            page = f"{srv.base}/g/{srv.slug}"
            taps: dict[str, int] = {}

            driver.get(f"{page}#proposals")
            # 1. a day accelerated (the days are confirmed from day 1 on): the fold, the chip 是, 确认
            thumb = Thumb(driver)
            li = _proposal(driver, "day", "第1天")
            thumb.tap(li.find_element(By.CSS_SELECTOR, "details.correct-more summary"))
            thumb.tap(_chip(li, "accelerated", "yes"))
            _submits(driver, lambda: thumb.tap(li.find_element(By.CSS_SELECTOR, "button.confirm")))
            assert "已确认" in _flash(driver), _flash(driver)
            taps["a day accelerated"] = thumb.taps
            days = {d["number"]: d for d in _file(game).get("day", [])}
            assert days[1].get("accelerated") is True, days

            # 2. a day's close corrected: the fold, the field (typed), 确认
            thumb = Thumb(driver)
            li = _proposal(driver, "day", "第2天")
            thumb.tap(li.find_element(By.CSS_SELECTOR, "details.correct-more summary"))
            field = li.find_element(By.CSS_SELECTOR, "input.proposal-day-closes")
            thumb.tap(field)
            _type_into(driver, field, "2026-11-22T23:15")
            _submits(driver, lambda: thumb.tap(li.find_element(By.CSS_SELECTOR, "button.confirm")))
            assert "已确认" in _flash(driver), _flash(driver)
            taps["a day's close"] = thumb.taps
            days = {d["number"]: d for d in _file(game).get("day", [])}
            assert days[2]["closes"].isoformat().startswith("2026-11-22T23:15"), days

            # 3. a thread's kind: the fold, the chip, 确认
            thumb = Thumb(driver)
            li = _proposal(driver, "thread", "进程帖")
            thumb.tap(li.find_element(By.CSS_SELECTOR, "details.correct-more summary"))
            thumb.tap(_chip(li, "kind", "rules"))
            _submits(driver, lambda: thumb.tap(li.find_element(By.CSS_SELECTOR, "button.confirm")))
            assert "已确认" in _flash(driver), _flash(driver)
            taps["a thread's kind"] = thumb.taps
            kinds = {t["tid"]: t["kind"] for t in _file(game)["thread"]}
            assert kinds[301] == "rules", kinds

            # 4. the hour the seed leaves open: the field (typed), 确认
            thumb = Thumb(driver)
            li = _proposal(driver, "schedule")
            field = li.find_element(By.CSS_SELECTOR, "input.proposal-hour")
            thumb.tap(field)
            _type_into(driver, field, "22:00")
            _submits(driver, lambda: thumb.tap(li.find_element(By.CSS_SELECTOR, "button.confirm")))
            assert "每天 22:00 关门" in _flash(driver), _flash(driver)
            taps["the close hour"] = thumb.taps
            assert "22:00" in game.read_text("utf-8")

            # 5. the tally's sheriff with another player: the player's list, 确认
            thumb = Thumb(driver)
            li = _proposal(driver, "event", "警长")
            thumb.choose(li.find_element(By.CSS_SELECTOR, "select.proposal-player"), "冬瓜")
            _submits(driver, lambda: thumb.tap(li.find_element(By.CSS_SELECTOR, "button.confirm")))
            assert "已确认" in _flash(driver), _flash(driver)
            taps["an event's player"] = thumb.taps
            events = _file(game).get("event", [])
            assert any(e["type"] == "sheriff" and e["player"] == "冬瓜" for e in events), events

            print("taps per correction:", taps)
            assert max(taps.values()) <= 3, taps

            # adding what the forum did not give: an event, then a day (counted, not capped)
            thumb = Thumb(driver)
            thumb.tap(driver.find_element(By.CSS_SELECTOR, "#add-item summary"))
            form = driver.find_element(By.CSS_SELECTOR, "form.add-event")
            thumb.tap(_chip(form, "type", "eliminated"))
            thumb.choose(form.find_element(By.CSS_SELECTOR, "select.add-player"), "茄子")
            thumb.tap(_chip(form, "how", "night"))
            field = form.find_element(By.CSS_SELECTOR, "input.add-at")
            thumb.tap(field)
            _type_into(driver, field, "2026-11-23T08:00")
            _submits(driver, lambda: thumb.tap(form.find_element(By.CSS_SELECTOR, "button.add")))
            assert "已补上" in _flash(driver), _flash(driver)
            added_event = thumb.taps
            events = _file(game).get("event", [])
            assert any(
                e["type"] == "eliminated" and e["player"] == "茄子" and e.get("how") == "night"
                for e in events
            ), events

            thumb = Thumb(driver)
            thumb.tap(driver.find_element(By.CSS_SELECTOR, "#add-item summary"))
            form = driver.find_element(By.CSS_SELECTOR, "form.add-day")
            for name, value in (
                ("add-day-number", "4"),
                ("add-opens", "2026-11-24T09:00"),
                ("add-closes", "2026-11-24T22:00"),
            ):
                field = form.find_element(By.CSS_SELECTOR, f"input.{name}")
                thumb.tap(field)
                _type_into(driver, field, value)
            _submits(driver, lambda: thumb.tap(form.find_element(By.CSS_SELECTOR, "button.add")))
            assert "已补上" in _flash(driver), _flash(driver)
            added_day = thumb.taps
            days = {d["number"]: d for d in _file(game).get("day", [])}
            assert 4 in days and days[4]["closes"].isoformat().startswith("2026-11-24T22:00"), days
            print(f"taps to add an event: {added_event}, a day: {added_day}")
            assert added_event <= 7 and added_day <= 5

            # a bad value is said in Chinese, and nothing is written
            before = game.read_text("utf-8")
            thumb.tap(driver.find_element(By.CSS_SELECTOR, "#add-item summary"))
            form = driver.find_element(By.CSS_SELECTOR, "form.add-day")
            for name, value in (
                ("add-day-number", "5"),
                ("add-opens", "2026-11-25T22:00"),
                ("add-closes", "2026-11-25T09:00"),
            ):
                _type_into(driver, form.find_element(By.CSS_SELECTOR, f"input.{name}"), value)
            _submits(driver, lambda: form.find_element(By.CSS_SELECTOR, "button.add").click())
            assert "关门时间要晚于开门时间" in _flash(driver), _flash(driver)
            assert game.read_text("utf-8") == before
            assert _severe(driver) == []
        finally:
            driver.quit()


def test_add_a_day_fills_the_days_times_when_its_number_is_typed(tmp_path: Path) -> None:
    """fh41 item 6: the guide promises 「时间框里先填好现在的值」; typing 第几天 = 1 in 补上这一天
    left 开门/关门 empty.  Now they hold day 1's times as the desk has them (the forum's
    clock, said in words: 论坛时间（UTC+08:00）, not Asia/Shanghai)."""
    from selenium.webdriver.common.by import By

    from auditor.desk.actions import current_game
    from auditor.game.gamefile import load_game

    game = setup(tmp_path / "game", own_style())
    audit(game, tmp_path / "game" / "reports")
    day1 = current_game(load_game(game)).day(1)
    assert day1 is not None
    with desk_server(game) as srv:
        driver = _driver(tmp_path, 390, 844)
        try:
            _phone(driver)
            driver.get(srv.links["老王"])
            driver.get(f"{srv.base}/g/{srv.slug}#add-item")
            box = driver.find_element(By.ID, "add-item")
            driver.execute_script("arguments[0].open = true; arguments[0].scrollIntoView()", box)
            assert "Asia/Shanghai" not in box.text and "论坛时间（UTC+08:00）" in box.text, box.text
            number = box.find_element(By.CSS_SELECTOR, "input.add-day-number")
            number.click()
            number.send_keys("1")
            opens = box.find_element(By.CSS_SELECTOR, "input.add-opens").get_attribute("value")
            closes = box.find_element(By.CSS_SELECTOR, "input.add-closes").get_attribute("value")
            fmt = "%Y-%m-%d %H:%M"  # (24 hours, as the desk's time fields show it: fh44k)
            assert opens == day1.opens.astimezone(day1.opens.tzinfo).strftime(fmt), opens
            assert closes == day1.closes.strftime(fmt), closes
            assert _severe(driver) == []
        finally:
            driver.quit()
