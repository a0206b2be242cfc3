"""Session 48's directors on a 390-px phone (Debian's headless chromium, Selenium 4, a real
``auditor serve``): 阿德 (fh48c) had no 殉情 among the ways to die — his 冰粉 殉情 could only
be written as a vote-out, and then the count disagreed with the tally every audit."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.desk.test_desk_browser import _login, _phone, _submits
from tests.desk_helpers import auditor, desk_server, fh42_unread, set_password
from tests.report.test_report_browser import _driver, _severe

pytestmark = pytest.mark.browser


def test_suicide_is_a_way_to_die_in_the_posts_form(tmp_path: Path) -> None:
    """殉情 beside 投票 / 夜晚 / 红牌罚下 in the post's own form; one tap writes
    ``how = "suicide"`` (a vote-out the count compares is only ``how = "vote"``)."""
    from selenium.webdriver.common.by import By

    folder = tmp_path / "wugang"
    fh42_unread(folder)
    game = folder / "wugang.toml"
    assert auditor("audit", "wugang.toml", cwd=folder).returncode == 7
    set_password(game, "扫地僧")
    with desk_server(game) as srv:
        phone = _driver(tmp_path, 390, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "扫地僧")
            fold = phone.find_element(By.CSS_SELECTOR, "#add-from-5094 > summary")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", fold)
            fold.click()
            form = phone.find_element(By.CSS_SELECTOR, "#add-from-5094 form")
            suicide = form.find_element(By.CSS_SELECTOR, 'input[name="how"][value="suicide"]')
            label = suicide.find_element(By.XPATH, "..")
            assert label.text.strip() == "殉情", label.text
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", label)
            label.click()
            assert suicide.is_selected()
            add = form.find_element(By.CSS_SELECTOR, "button.add")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", add)
            _submits(phone, add.click)
            assert _severe(phone) == []
        finally:
            phone.quit()
    text = game.read_text("utf-8")
    assert "pid 5094" in text and 'player = "青柠"' in text and 'how = "suicide"' in text, text[
        -800:
    ]
