"""Proposals from the post itself (desk48 item 1) on a 390-px phone (Debian's headless
chromium, Selenium 4, a real ``auditor serve``): session 47's director 老周 (M39, 东北话,
nicknames; tests/games/discovery_fh47/hinamizawa_dongbei, his minimal game file, night 2)
re-typed what his own posts said (/work/briefs/fh47_report.md, 'Desk time').  Under his
day-2 opening post (pid 5055: 「今儿早上九点第二天开门，下晚儿九点关门」, 「小梨、包包 进入【雏见泽
综合症Lv.3】」) the desk now offers chips from the post: 「小梨」是谁？ (a player select, the
player whose name holds 梨 first), 「第2天 12-02 09:00–21:00」 and, once 小梨 is known, 「冰糖雪梨
被吹笛」 — each one tap that opens the add form filled in, one more that writes it, signed.
Before: no chip; the day, the nickname and the event were typed by hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.desk.test_desk_browser import _flash, _login, _phone, _submits
from tests.desk_helpers import auditor, desk_server, fh47_game, set_password
from tests.report.test_report_browser import _driver, _severe

pytestmark = pytest.mark.browser


def _chip(phone: Any, css: str) -> Any:
    """Tap the chip ``css`` (its summary) and return its opened form."""
    from selenium.webdriver.common.by import By

    chip = phone.find_element(By.CSS_SELECTOR, css)
    summary = chip.find_element(By.TAG_NAME, "summary")
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", summary)
    summary.click()
    form = chip.find_element(By.TAG_NAME, "form")
    assert form.is_displayed()
    for field in form.find_elements(By.CSS_SELECTOR, "select, input:not([type=hidden]), button"):
        right = phone.execute_script("return arguments[0].getBoundingClientRect().right;", field)
        assert right <= 390, (field.get_attribute("name"), right)
    return form


def _send(phone: Any, form: Any) -> None:
    from selenium.webdriver.common.by import By

    button = form.find_element(By.CSS_SELECTOR, "button[type=submit]")
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", button)
    _submits(phone, button.click)


def test_his_own_post_fills_the_forms_in_one_tap_each(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    # a form opened while the re-check runs stays open: the desk's re-checks cold (a new
    # interpreter, seconds), as before session 51's warm worker made them done in ~0.6 s —
    # before the test could open the form
    monkeypatch.setenv("AUDITOR_DESK_COLD", "1")
    game = fh47_game(tmp_path / "g", night=2)
    assert auditor("audit", game.name, cwd=game.parent).returncode == 7
    set_password(game, "老周")
    with desk_server(game) as srv:
        phone = _driver(tmp_path, 390, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "老周")
            chips = phone.find_element(By.ID, "chips-5055")
            said = [s.text for s in chips.find_elements(By.TAG_NAME, "summary")]
            assert "「小梨」是谁？" in said and "第2天 12-02 09:00–21:00" in said, said
            # the piped player, read through the nickname only one player's name holds
            chip = next(
                c
                for c in phone.find_elements(By.CSS_SELECTOR, "#chips-5055 details.event-chip")
                if c.find_element(By.TAG_NAME, "summary").text == "冰糖雪梨 被吹笛"
            )
            form = _chip(
                phone, f'details.event-chip[data-chip="{chip.get_attribute("data-chip")}"]'
            )
            assert form.find_element(By.NAME, "player").get_attribute("value") == "冰糖雪梨"
            _send(phone, form)
            assert "冰糖雪梨" in _flash(phone), _flash(phone)
            # 「小梨」是谁？: the player whose name holds 梨 is first, one tap saves it
            form = _chip(phone, '#chips-5055 details.who-chip[data-alias="小梨"]')
            player = form.find_element(By.NAME, "player")
            assert player.get_attribute("value") == "冰糖雪梨"
            _send(phone, form)
            assert "小梨 是 冰糖雪梨" in _flash(phone), _flash(phone)
            # the answer re-checks his days; a form he opens meanwhile stays open (思思's 延时
            # form changed under her finger: desk48 item 3) and the line says why
            status = phone.find_element(By.ID, "audit-status")
            assert status.get_attribute("data-state") == "running", status.text
            form = _chip(phone, "#chips-5055 details.day-chip")
            WebDriverWait(phone, 120).until(lambda _d: "页面没有自动刷新" in status.text)
            assert form.is_displayed()  # (the same page: a reload would have made it stale)
            phone.refresh()  # (he reloads when he is done, as the line asks)
            # the day his post states, filled in from 今儿早上九点 … 下晚儿九点
            form = _chip(phone, "#chips-5055 details.day-chip")
            assert form.find_element(By.NAME, "day").get_attribute("value") == "2"
            assert form.find_element(By.NAME, "opens").get_attribute("value") == "2026-12-02 09:00"
            assert form.find_element(By.NAME, "closes").get_attribute("value") == "2026-12-02 21:00"
            _send(phone, form)
            assert "第2天" in _flash(phone), _flash(phone)
            assert _severe(phone) == []
        finally:
            phone.quit()
    text = game.read_text("utf-8")
    assert '"冰糖雪梨" = ["小梨"]' in text and "老周 于" in text, text[-1500:]
    assert "closes = 2026-12-02T21:00:00+08:00" in text, text[-1500:]
    assert 'type = "piped"' in text and "pid 5055" in text, text[-1500:]
