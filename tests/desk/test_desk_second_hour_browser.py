"""A second new director's hour with the desk (session 38, round 2), on a 390-px phone in
Debian's headless chromium (Selenium 4) against a real `auditor serve`.

The game is M107 as its director writes it (tests/game/test_discover_autonomy.own_style, a
minimal game file): its audit reads everything and exits 7, the game's state incomplete.

What a person sees, measured:
1. The game's state problems are the first thing on the desk (above every card), the top
   line agrees (not 正常), and the desk's own audit says done, state incomplete — not
   审计失败; no command-line hint (--add, --dismiss, [[thread]]) is shown on the desk.
2. A form's result is shown where the director is (on screen after the page lands on the
   form's anchor), and a correction's time fields start with the value they correct.
3. (examples/sample) A decided card looks decided (folded: the decision's badge, no form),
   已批准 counts it at once, a red card's confirmation shows the draft, and the post page
   of a game with no forum url still shows the draft to copy.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests import paths
from tests.desk.test_desk_browser import _login, _phone, _submits
from tests.desk_helpers import auditor, desk_server, set_password
from tests.game.test_discover_autonomy import audit, own_style, setup
from tests.report.test_report_browser import _driver, _severe

pytestmark = pytest.mark.browser

DEV = ("--add", "--dismiss", "[[", "auditor game")


@pytest.fixture(scope="module")
def m107(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("second-hour")
    game = setup(folder / "game", own_style())
    code, out = audit(game, folder / "game" / "reports")
    assert code == 7, out  # everything read; the game's state incomplete
    return game


def _in_view(driver: Any, element: Any) -> bool:
    return bool(
        driver.execute_script(
            "var r = arguments[0].getBoundingClientRect();"
            "return r.height > 0 && r.top >= -1 && r.bottom <= window.innerHeight;",
            element,
        )
    )


def test_an_incomplete_state_is_said_first_and_the_top_line_agrees(
    m107: Path, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By

    with desk_server(m107) as srv:
        phone = _driver(tmp_path, 500, 844)
        try:
            _phone(phone)
            phone.get(srv.links["老王"])
            phone.get(f"{srv.base}/g/{srv.slug}")
            block = phone.find_element(By.ID, "state-problems")
            first = phone.find_elements(By.CSS_SELECTOR, "article.draft")[0]
            assert block.rect["y"] < first.rect["y"], (block.rect, first.rect)
            assert block.rect["y"] < 844, block.rect  # on the first screen
            assert "游戏状态不完整" in block.text  # its summary line, on the first screen
            said = block.get_attribute("textContent")  # (the fold's items: a tap opens it)
            assert "未读懂的公告" in said and "不是公告" in said, said
            for dev in DEV:
                assert dev not in said, (dev, said)
            top = phone.find_element(By.ID, "last-audit").text
            # a phone has no keyboard: no keyboard hint under the filters
            phone.execute_cdp_cmd(
                "Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5}
            )
            phone.find_element(By.CSS_SELECTOR, "#filters-box summary").click()
            hint = phone.find_element(By.CSS_SELECTOR, "#filters-box p.muted")
            assert "快捷键" not in hint.text and "再确认" in hint.text, hint.text
            assert "正常" not in top and "游戏状态不完整" in top, top
            assert _severe(phone) == []
        finally:
            phone.quit()


def test_the_desks_audit_of_an_incomplete_state_is_no_failure(m107: Path) -> None:
    from auditor.desk import actions
    from auditor.game.gamefile import load_game

    said = actions.run_audit(load_game(m107), m107.parent / "reports")
    assert said.startswith("审计完成") and "失败" not in said, said
    assert "游戏状态不完整 5 条" in said and "见页面最上面" in said, said
    assert "抓取问题 0" in said, said
    for dev in DEV:
        assert dev not in said, (dev, said)


def test_a_forms_result_is_shown_where_the_director_is(m107: Path, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    with desk_server(m107) as srv:
        phone = _driver(tmp_path, 500, 844)
        try:
            _phone(phone)
            phone.get(srv.links["老王"])
            phone.get(f"{srv.base}/g/{srv.slug}#proposals")
            li = next(
                x
                for x in phone.find_elements(By.CSS_SELECTOR, "#proposals li.proposal.day")
                if "第1天" in x.text
            )
            # a correction's time fields start with the value they correct
            fold = li.find_element(By.CSS_SELECTOR, "details.correct-more summary")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", fold)
            fold.click()
            closes = li.find_element(By.CSS_SELECTOR, "input.proposal-day-closes")
            opens = li.find_element(By.CSS_SELECTOR, "input.proposal-opens")
            assert closes.get_attribute("value").startswith("2026-11-21 21:30"), closes
            assert opens.get_attribute("value").startswith("2026-11-20 09:00"), opens
            before = m107.read_text("utf-8")
            button = li.find_element(By.CSS_SELECTOR, "button.confirm")
            _submits(phone, button.click)
            assert phone.current_url.endswith("#proposals"), phone.current_url
            flash = phone.find_element(By.CSS_SELECTOR, "p.flash")
            assert "已确认" in flash.text, flash.text
            assert _in_view(phone, flash), flash.rect  # not at the top, off-screen
            # the unchanged fields corrected nothing: the day as the forum gave it
            after = m107.read_text("utf-8")
            assert after != before and "2026-11-21T21:30:00" in after.replace(" ", "T"), after
            phone.find_element(By.ID, "toast-close").click()
            assert not flash.is_displayed()
            assert _severe(phone) == []
        finally:
            phone.quit()


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """examples/sample copied and audited (no forum url: pages on disk)."""
    folder = tmp_path_factory.mktemp("second-hour-sample") / "sample"
    shutil.copytree(paths.ROOT / "examples" / "sample", folder)
    res = auditor("audit", "game.toml", cwd=folder)
    assert res.returncode == 0, res.stderr
    set_password(folder / "game.toml", "导演")
    return folder / "game.toml"


def _card(driver: Any, colour: str) -> Any:
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, f"article.draft.{colour}:not(.done)")[0]


def test_a_decided_card_looks_decided(sample: Path, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    with desk_server(sample) as srv:
        phone = _driver(tmp_path, 500, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "导演")
            assert phone.find_element(By.ID, "approved-count").text == "0"
            # approve a yellow card: folded, its badge the decision's, no form left
            art = _card(phone, "yellow")
            ident = art.get_attribute("data-id")
            button = art.find_element(By.CSS_SELECTOR, "button.approve")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            button.click()
            WebDriverWait(phone, 60).until(
                lambda d: d.find_elements(By.CSS_SELECTOR, f"#draft-{ident}.done p.result")
            )
            art = phone.find_element(By.ID, f"draft-{ident}")
            shown = [b.text for b in art.find_elements(By.TAG_NAME, "button") if b.is_displayed()]
            assert shown == [], shown  # no 批准（黄牌）, 改判, 驳回
            assert not art.find_element(By.CSS_SELECTOR, "button.recolour").is_displayed()
            assert "已批准" in art.find_element(By.CSS_SELECTOR, ".head .badge").text
            assert phone.find_element(By.ID, "approved-count").text == "1"  # without a reload
            # 改判 a yellow card to blue: its badge says 蓝牌, not 黄牌
            art = _card(phone, "yellow")
            ident = art.get_attribute("data-id")
            blue = art.find_element(By.CSS_SELECTOR, "button.recolour.blue")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", blue)
            blue.click()
            WebDriverWait(phone, 60).until(
                lambda d: d.find_elements(By.CSS_SELECTOR, f"#draft-{ident}.done p.result")
            )
            badge = phone.find_element(By.CSS_SELECTOR, f"#draft-{ident} .head .badge").text
            assert "蓝牌" in badge and "黄牌" not in badge, badge
            assert phone.find_element(By.ID, "approved-count").text == "2"
            # a notice seen is no card: the report's tile agrees with the desk's count
            notice = phone.find_elements(By.CSS_SELECTOR, "#notices article.notice")[0]
            nid = notice.get_attribute("data-id")
            seen = notice.find_element(By.CSS_SELECTOR, "button.seen")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", seen)
            seen.click()
            WebDriverWait(phone, 60).until(
                lambda d: d.find_elements(By.CSS_SELECTOR, f"#draft-{nid}.done p.result")
            )
            assert phone.find_element(By.ID, "approved-count").text == "2"
            phone.get(f"{srv.base}/g/{srv.slug}")
            tile = phone.find_element(By.CSS_SELECTOR, '.cards a.stat[href="#approved"] b').text
            assert tile == phone.find_element(By.ID, "approved-count").text == "2", tile
            # a red card's confirmation page (a card 改判 to red) shows the draft: rule, day, post
            art = _card(phone, "yellow")
            title = art.find_element(By.CSS_SELECTOR, ".head .title").text
            red = art.find_element(By.CSS_SELECTOR, "button.recolour.red")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", red)
            _submits(phone, red.click)
            context = phone.find_element(By.ID, "confirm-draft").text
            assert title in context and re.search(r"第\d+天", context), context
            assert phone.find_elements(By.CSS_SELECTOR, "#confirm-draft blockquote")
            # the post page with no forum url still shows the draft, to copy
            phone.get(f"{srv.base}/g/{srv.slug}/post?kind=announcement")
            assert phone.find_element(By.ID, "post-error").text
            assert phone.find_element(By.ID, "post-part-1").text.strip()
            assert _severe(phone) == []
        finally:
            phone.quit()


def test_the_state_box_links_to_where_each_problem_is_handled(m107: Path, tmp_path: Path) -> None:
    """见下面 had no anchor while 补上漏读的一天或一个事件 was eleven screens down, folded:
    the box links to it, and one tap lands on it opened.  (fh42 item 7: the box is no
    longer folded — it heads 先回答这些问题, its links shown at once.)"""
    from selenium.webdriver.common.by import By

    with desk_server(m107) as srv:
        phone = _driver(tmp_path, 1280, 900)
        try:
            _phone(phone)
            phone.get(srv.links["老王"])
            phone.get(f"{srv.base}/g/{srv.slug}")
            jump = phone.find_element(By.ID, "state-jump")
            assert jump.is_displayed() and "第1天" in jump.text, jump.text
            link = jump.find_element(By.CSS_SELECTOR, "a[href='#add-item']")
            link.click()
            add = phone.find_element(By.ID, "add-item")
            assert add.get_attribute("open") is not None
            assert _in_view(phone, add.find_element(By.TAG_NAME, "summary"))
            assert phone.find_element(By.CSS_SELECTOR, "#add-item .add-day").is_displayed()
            assert _severe(phone) == []
        finally:
            phone.quit()
