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
    ``how = "suicide"`` (a vote-out the count compares is only ``how = "vote"``), signed on
    the page's clock as the top line promises (阿德, fh48c: signed on the machine's)."""
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
            # both died in the post (青柠、七月 的位子都空了): the likeliest of them is
            # prefilled (s49-desk's chips["out"], as test_desk_add_from_post_browser)
            picked = form.find_element(By.NAME, "player").get_attribute("value")
            assert picked in ("青柠", "七月"), picked
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
    assert "pid 5094" in text and f'player = "{picked}"' in text, text[-800:]
    assert 'how = "suicide"' in text, text[-800:]
    # signed on the page's clock the top line names (页面时间，签名也按它), not the machine's
    from auditor import pipeline
    from auditor.store import Store

    g = pipeline.open_game(game)
    with Store(g.store) as store:
        clock = pipeline.game_now(g, store)
    assert clock is not None
    signed = f"扫地僧 于 {clock.astimezone(g.timezone):%Y-%m-%d %H:%M} 确认"
    assert signed in text, (signed, text[-800:])


def test_not_a_ballot_beside_void_on_a_vote_notice(tmp_path: Path) -> None:
    """「不是票」 next to 作废 on a vote notice (老金, fh48: his own result table was read as
    ballots and 作废 wrote 「导演在审计台作废了这一票」 against his announcement): one tap
    writes a signed correction that says 不是票; the next audit neither counts it nor lists
    it as an invalid vote."""
    from selenium.webdriver.common.by import By

    from tests.desk.test_desk_vote_fix_browser import VOTE_TID, _form, _game, _votes
    from tests.game.test_discover_autonomy import audit

    game = _game(tmp_path / "game")
    audit(game, tmp_path / "game" / "reports")
    unknown = VOTE_TID * 100 + 6  # 画眉's 投票对象：路人甲
    with desk_server(game) as srv:
        driver = _driver(tmp_path, 390, 844)
        try:
            _phone(driver)
            driver.get(srv.links["老王"])
            driver.get(f"{srv.base}/g/{srv.slug}#notices")
            form = _form(driver, unknown)
            button = form.find_element(By.CSS_SELECTOR, "button.vote-not-vote")
            void = form.find_element(By.CSS_SELECTOR, "button.vote-void")
            assert button.text == "不是票" and void.text == "作废"
            assert button.location["y"] - void.location["y"] < 60  # beside it, not far below
            _submits(driver, button.click)
            assert f"已记下：pid {unknown} 不是票" in driver.page_source
            assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
            assert not _severe(driver)
        finally:
            driver.quit()
    text = game.read_text("utf-8")
    block = text[text.rindex("[[correction]]") :]
    assert "不是票" in block and "作废" not in block, block
    audit(game, tmp_path / "game" / "reports")
    after = _votes(game)[unknown]
    assert after["valid"] is False and after["problem"] == "corrected", after


def test_the_tally_question_is_at_the_top_and_once_answered_stays_answered(
    tmp_path: Path,
) -> None:
    """计票待核对 first on the desk, above the summary line and the cards (老金, fh48: he saw
    it only in the audit line), with its two answers; answered 「计票是对的」 it does not come
    back after the next audit, nor in the report's 游戏文件需要核对 (阿德, fh48c)."""
    from selenium.webdriver.common.by import By

    from tests.desk.test_desk_browser import _flash
    from tests.desk_helpers import fh46_game

    game = fh46_game(tmp_path / "g", night=1)
    assert auditor("audit", game.name, cwd=game.parent).returncode in (0, 7)
    set_password(game, "阿May")
    with desk_server(game) as srv:
        phone = _driver(tmp_path, 390, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "阿May")
            # (inside the day's questions while there are any, after the events it
            # depends on: desk49 item 3; still above the summary line and the cards)
            top = phone.find_element(By.ID, "tally-day-1")
            summary = phone.find_element(By.ID, "queue-summary")
            assert top.location["y"] < summary.location["y"], (top.location, summary.location)
            assert "第1天：计票待核对：" in top.text, top.text
            form = top.find_element(By.ID, "tally-answer-1")
            count = form.find_element(By.CSS_SELECTOR, 'button[value="count"]')
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", count)
            _submits(phone, count.click)
            said = _flash(phone)
            assert "已记下：第1天计票是对的（阿May）" in said, said
            assert phone.execute_script("return document.documentElement.scrollWidth") <= 390
            assert _severe(phone) == []
        finally:
            phone.quit()
    assert auditor("audit", game.name, cwd=game.parent).returncode in (0, 7)
    (tmp_path / "after").mkdir()
    with desk_server(game) as srv:
        phone = _driver(tmp_path / "after", 390, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "阿May")
            assert phone.find_elements(By.ID, "tallies") == []
            assert phone.find_elements(By.ID, "tally-day-1") == []
            notices = phone.find_elements(By.ID, "notices")
            assert not any("计票结果为" in n.text for n in notices), [n.text for n in notices]
        finally:
            phone.quit()
