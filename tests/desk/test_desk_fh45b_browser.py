"""Session 45's second new director (Yuki, her own M39 game: tests/games/discovery_fh45b/
hinamizawa_small, night 2) on a 390-px phone (Debian's headless chromium, Selenium 4, a real
``auditor serve`` on its own port): what she met on the desk (/work/briefs/fh45b_report.md).

- Bug 1: the foot's 补上这个事件 with 替补 chosen has 替补的人 and 他用哪个帐号 (seed 004 替补:
  替补玩家将收到该玩家的……账号、密码; 000/001's substitutes on their own account); 糯米 on
  his own account is written ``value = "糯米"``.  Before: no such field.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests import paths
from tests.desk.test_desk_browser import _login, _phone, _submits
from tests.desk_helpers import auditor, desk_server, set_password
from tests.report.test_report_browser import _driver, _severe

pytestmark = pytest.mark.browser

FH45B = paths.TESTS / "games" / "discovery_fh45b" / "hinamizawa_small"


def fh45b_game(folder: Path) -> Path:
    """A copy of her game: her minimal game file (minimal.toml as she wrote it) over her
    night-2 pages (rendered 2026-12-11 04:30); its game file, with her as the director."""
    folder.mkdir(parents=True)
    shutil.copytree(FH45B / "pages", folder / "pages")
    shutil.copy(FH45B / "minimal.toml", folder / "m39.toml")
    return folder / "m39.toml"


def test_a_substitute_on_his_own_account_is_added_from_the_desk(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.select import Select

    game = fh45b_game(tmp_path / "m39")
    assert auditor("crawl", game.name, cwd=game.parent).returncode == 0
    set_password(game, "Yuki")
    with desk_server(game) as srv:
        phone = _driver(tmp_path, 390, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "Yuki")
            fold = phone.find_element(By.CSS_SELECTOR, "#add-item > summary")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", fold)
            fold.click()
            form = phone.find_element(By.CSS_SELECTOR, "#add-item form.add-event")
            newcomer = form.find_element(By.NAME, "newcomer")
            assert not newcomer.is_displayed()  # (出局 chosen: no newcomer to name)
            sub = form.find_element(By.CSS_SELECTOR, 'input[name="type"][value="substitute"]')
            phone.execute_script("arguments[0].click();", sub)
            assert newcomer.is_displayed()
            Select(form.find_element(By.NAME, "player")).select_by_value("鱼丸")
            newcomer.send_keys("糯米")
            own = form.find_element(By.CSS_SELECTOR, 'input[name="account"][value="own"]')
            phone.execute_script("arguments[0].click();", own)
            at = form.find_element(By.NAME, "at")
            phone.execute_script("arguments[0].value = '2026-12-09T12:00';", at)
            for field in form.find_elements(
                By.CSS_SELECTOR, "select, input:not([type=hidden]), button"
            ):
                if field.is_displayed():
                    right = phone.execute_script(
                        "return arguments[0].getBoundingClientRect().right;", field
                    )
                    assert right <= 390, (field.get_attribute("name"), right)
            add = form.find_element(By.CSS_SELECTOR, "button.add")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", add)
            _submits(phone, add.click)
            toast = phone.find_element(By.ID, "toast").text
            assert "替补的人：糯米，用自己的帐号 糯米" in toast, toast
            assert _severe(phone) == []
        finally:
            phone.quit()
    text = game.read_text("utf-8")
    assert 'type = "substitute"' in text and 'value = "糯米"' in text, text[-600:]


def test_the_post_page_drafts_the_days_announcement_the_desk_shows(tmp_path: Path) -> None:
    """Bug 3: the 发布到进程帖 page (and ``auditor post``) drafted at the machine's clock, days
    before her saved pages' own time (2026-12-11 04:30, as the audit and the desk judge it):
    a day-less 「公告」 with no 计票, 潜水 or 电梯, whose 补充一 on night 2 left out day 2's
    (导演指南 §6 promises them).  Now the page's draft is the desk's own 第2天公告, whole."""
    from selenium.webdriver.common.by import By

    game = fh45b_game(tmp_path / "m39")
    assert auditor("audit", game.name, "-q", cwd=game.parent).returncode == 7
    dry = auditor("post", game.name, "announcement", "--dry-run", cwd=game.parent)
    assert "草稿：第2天公告" in dry.stdout and "[b]第2天计票[/b]" in dry.stdout, dry.stdout[:600]
    set_password(game, "Yuki")
    with desk_server(game) as srv:
        phone = _driver(tmp_path, 390, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "Yuki")
            shown = phone.find_element(By.ID, "announcement-1").get_attribute("value") or ""
            phone.get(f"{srv.base}/g/{srv.slug}/post?kind=announcement")
            assert phone.find_element(By.TAG_NAME, "h2").text == "第2天公告"
            part = phone.find_element(By.ID, "post-part-1").text
            for section in ("第2天计票", "第2天电梯", "第2天遗言"):
                assert f"[b]{section}[/b]" in part, part[:800]
            assert part.split() == shown.split()  # (the desk's 公告, word for word)
            assert _severe(phone) == []
        finally:
            phone.quit()
