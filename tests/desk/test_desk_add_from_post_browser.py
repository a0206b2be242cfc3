"""The desk's 补上这个帖子里的出局 on a 390-px phone (Debian's headless chromium, Selenium 4,
a real ``auditor serve``): under the first-hour director's post 5094 (tests/desk/fh42, night
2 not answered) one tap opens the form with 青柠 / 夜晚 / 12-06 10:00 filled in from the post,
every field inside the screen's width, and one tap on 补上这个出局 writes the event into his
game file with the post it came from.  Before: no such form (only the foot's 补上这个事件,
which sent no pid and whose 方式 defaulted to 不写, refused for an 出局)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import paths
from tests.desk.test_desk_browser import _login, _phone, _submits
from tests.desk_helpers import auditor, desk_server, fh42_unread, set_password
from tests.report.test_report_browser import _driver, _severe

pytestmark = pytest.mark.browser

FH42 = paths.TESTS / "desk" / "fh42"


def test_one_tap_opens_the_posts_form_prefilled_and_one_tap_adds_it(tmp_path: Path) -> None:
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
            assert fold.text == "补上这个帖子里的出局", fold.text
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", fold)
            fold.click()
            form = phone.find_element(By.CSS_SELECTOR, "#add-from-5094 form")
            player = form.find_element(By.NAME, "player")
            # both died in the post (青柠、七月 都没有再醒来): the likeliest of them (s49-desk's
            # chips["out"], the learned reading's) is prefilled, never a living name
            picked = player.get_attribute("value")
            assert picked in ("青柠", "七月"), picked
            night = form.find_element(By.CSS_SELECTOR, 'input[name="how"][value="night"]')
            assert night.is_selected()
            assert (
                form.find_element(By.NAME, "at").get_attribute("value") == "2026-12-06 10:00"
            )  # (24 hours: fh44k)
            for field in form.find_elements(
                By.CSS_SELECTOR, "select, input:not([type=hidden]), button"
            ):
                right = phone.execute_script(
                    "return arguments[0].getBoundingClientRect().right;", field
                )
                assert right <= 390, (field.get_attribute("name"), right)
            add = form.find_element(By.CSS_SELECTOR, "button.add")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", add)
            _submits(phone, add.click)
            assert _severe(phone) == []
        finally:
            phone.quit()
    text = game.read_text("utf-8")
    assert "pid 5094" in text and f'player = "{picked}"' in text and 'how = "night"' in text, text[
        -800:
    ]
