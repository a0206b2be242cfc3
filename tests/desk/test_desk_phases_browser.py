"""A day's 环节, its 加速 and 全部确认 on a 390-px phone in Debian's headless chromium (Selenium
4) against a real `auditor serve`: the session-44 first-hour director's 版杀7 game (老K's
BT号船, tests/games/discovery_fh44k/btship), the three things his desk could not do (issue 34 Build 4).

Taps are counted as a thumb makes them (tests/desk/test_desk_correct_browser.py: a button,
a field, a fold or a chip is one; typing is not a tap); each result is read back from the
game file the desk wrote."""

from __future__ import annotations

import tomllib
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from tests.desk.test_desk_browser import _phone, _submits
from tests.desk.test_desk_correct_browser import _chip, _flash, _proposal, _type_into
from tests.desk.test_desk_queue_browser import Thumb
from tests.desk_helpers import desk_server
from tests.game.test_confirm_phases import (
    DAY1,
    HEAD,
    NIGHT1_EVENTS,
    NIGHT2_THREADS,
    PHASE2,
    TZ,
    fh44k_game,
)
from tests.report.test_report_browser import _driver, _severe

pytestmark = pytest.mark.browser


def _file(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text("utf-8"))


def test_night_one_the_phase_and_delay_read_confirmed_in_few_taps(tmp_path: Path) -> None:
    """Night 1: since session 44 discovery reads day 1's 环节二 from its vote thread (712) and
    his 延时 (D1-2 截到明日2点), so day 1 is proposed closing 12-04 02:00, 延时, with both 环节 —
    what he once had to write by hand.  On the phone: the card shows both 环节, one tap
    confirms it, and the file holds them.  (Adding a missed 环节 on the desk is tested in
    tests/game/test_confirm_phases.py and on night 2 below.)"""
    from selenium.webdriver.common.by import By

    game = fh44k_game(tmp_path / "n1", 1, HEAD)
    with desk_server(game) as srv:
        driver = _driver(tmp_path, 500, 844)
        try:
            _phone(driver)
            driver.get(srv.links["老K"])
            driver.get(f"{srv.base}/g/{srv.slug}#proposals")
            li = _proposal(driver, "day", "第1天")
            assert "12-04 02:00" in li.text and "环节2 可疑者辩论投票" in li.text, li.text
            thumb = Thumb(driver)
            _submits(driver, lambda: thumb.tap(li.find_element(By.CSS_SELECTOR, "button.confirm")))
            assert "已确认" in _flash(driver), _flash(driver)
            assert thumb.taps <= 3
            day = _file(game)["day"][0]
            assert day["closes"] == datetime(2026, 12, 4, 2, tzinfo=TZ) and day["delayed"]
            phases = [
                (p["number"], p["name"], p["opens"], p["closes"], p.get("vote_thread"))
                for p in day["phase"]
            ]
            assert phases == [
                (
                    1,
                    "试探性投票",
                    datetime(2026, 12, 2, tzinfo=TZ),
                    datetime(2026, 12, 2, 23, 59, 59, tzinfo=TZ),
                    711,
                ),
                (
                    2,
                    "可疑者辩论投票",
                    datetime(2026, 12, 3, tzinfo=TZ),
                    datetime(2026, 12, 4, 2, tzinfo=TZ),
                    712,
                ),
            ], phases
            assert _severe(driver) == []
        finally:
            driver.quit()


def test_night_two_the_acceleration_and_confirm_all(tmp_path: Path) -> None:
    """Night 2: day 2's close moved earlier (加速 to 20:00) on its card is written, its 环节
    with it (it was refused naming .bt.toml.tmp-… and day[2].phase[1]); then 全部确认 of the
    days and events read from his posts confirms them as the page showed them — the night-2
    deaths at 12-06 20:00 (the night's end, 版杀7 5 时间分配), not moved to day 3's opening."""
    from selenium.webdriver.common.by import By

    text = HEAD + NIGHT2_THREADS + DAY1 + PHASE2 + NIGHT1_EVENTS
    game = fh44k_game(tmp_path / "n2", 2, text)
    with desk_server(game) as srv:
        driver = _driver(tmp_path, 500, 844)
        try:
            _phone(driver)
            driver.get(srv.links["老K"])
            driver.get(f"{srv.base}/g/{srv.slug}#proposals")
            li = _proposal(driver, "day", "第2天")
            thumb = Thumb(driver)
            thumb.tap(li.find_element(By.CSS_SELECTOR, "details.correct-more summary"))
            field = li.find_element(By.CSS_SELECTOR, "input.proposal-day-closes")
            thumb.tap(field)
            _type_into(driver, field, "2026-12-05T20:00")
            thumb.tap(_chip(li, "accelerated", "yes"))
            _submits(driver, lambda: thumb.tap(li.find_element(By.CSS_SELECTOR, "button.confirm")))
            said = _flash(driver)
            assert "已确认" in said and ".tmp-" not in said and "day[" not in said, said
            day2 = _file(game)["day"][1]
            assert day2["closes"] == datetime(2026, 12, 5, 20, tzinfo=TZ) and day2["accelerated"]
            assert day2["phase"][0]["closes"] == datetime(2026, 12, 5, 20, tzinfo=TZ)

            button = driver.find_element(By.ID, "confirm-posted")
            _submits(driver, lambda: Thumb(driver).tap(button))
            said = _flash(driver)
            assert "已确认" in said and "没有确认" not in said, said
            night = {e["player"]: e["at"] for e in _file(game)["event"] if e.get("how") == "night"}
            assert night["阿发"] == datetime(2026, 12, 6, 20, tzinfo=TZ), night
            assert night["灯塔"] == datetime(2026, 12, 6, 20, tzinfo=TZ), night
            assert [d["number"] for d in _file(game)["day"]] == [1, 2, 3]
            assert _severe(driver) == []
        finally:
            driver.quit()
