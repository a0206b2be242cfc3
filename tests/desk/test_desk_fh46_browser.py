"""Session 46's first-hour director (阿May, her own 030 「茶餐厅」, tests/desk/fh46) on a
390-px phone (Debian's headless chromium, Selenium 4, a real ``auditor serve`` on its own
port): what she met on the desk (/work/briefs/fh46_report.md, 'Desk').

- Desk 1, 4, 5: night 2 from her file after night 1.  「全部确认」 leaves out 肠粉's vote-out
  (timed by day 2's close, which her 延时 still asks) and says why; the 延时's new-close box
  starts at the close one day on (12-04 21:30), its placeholder a time of this game; confirming
  it says the day changed and checks again from the stored posts at once, and until that
  check ends the day's held cards have no 仍然批准; the check withdraws the false 潜水 judged on
  the old close.  The top line's 上次审计 is on the clock her signatures are (页面时间).
- Desk 2, 3 and item 5: night 1.  Her 代发 post (1060) is not 未读懂; 丝袜's 潜水, approved
  仍然批准 while day 1's 计票待核对 is open, is left out of the announcement with a note to
  her (no 「待确认」 in the text), whose day-1 tally names her announced sheriff 奶茶妹; she
  answers 公示为准 on the desk: the question and the top line's 等问题答完 clear, the card
  goes into the announcement.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor import pipeline
from auditor.report.records import build_records
from tests.desk.test_desk_browser import _flash, _login, _phone, _submits
from tests.desk_helpers import auditor, desk_server, fh46_game, set_password
from tests.report.test_report_browser import _driver, _severe

pytestmark = pytest.mark.browser


def _draft_id(game: Path, code: str, player: str, day: int) -> str:
    g = pipeline.open_game(game)
    with pipeline.open_store(g) as store:
        drafts = build_records(pipeline.current(g, store), store).drafts
    return next(
        str(d["id"]) for d in drafts if (d["code"], d["player"], d["day"]) == (code, player, day)
    )


def test_her_delay_before_confirm_all_and_the_drafts_it_changes(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    game = fh46_game(tmp_path / "g")
    assert auditor("audit", game.name, cwd=game.parent).returncode == 7
    false = _draft_id(game, "LURK-DAY", "奶茶妹", 2)  # (4 posts counted up to 12-03 21:30)
    set_password(game, "阿May")
    with desk_server(game) as srv:
        phone = _driver(tmp_path, 390, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "阿May")
            last = phone.find_element(By.ID, "last-audit").text
            assert last.startswith("上次审计：2026-12-05 04:30（页面时间"), last
            # 全部确认: her night's events, but 肠粉's vote-out, timed by the close asked
            listed = phone.find_element(By.ID, "confirm-posted-list").text
            assert "肠粉" not in listed and "凤爪" in listed, listed
            left = phone.find_element(By.ID, "confirm-posted-left").text
            assert "肠粉" in left and "等第2天的延时" in left, left
            # the 延时: its box at the close one day on, an example of this game
            delay = phone.find_element(By.CSS_SELECTOR, "li.proposal.delay")
            box = delay.find_element(By.NAME, "closes")
            assert box.get_attribute("value") == "2026-12-04 21:30"
            assert box.get_attribute("placeholder") == "2026-12-04 21:30"
            button = delay.find_element(By.CSS_SELECTOR, "button.confirm")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", button)
            _submits(phone, button.click)
            said = _flash(phone)
            assert "第2天改了：正在重新检查" in said, said
            # until the check ends: day 2's held cards are locked (no 仍然批准)
            day2 = phone.find_element(By.ID, "held-day-2")
            assert "答案改了这天" in day2.text, day2.text
            assert day2.find_elements(By.CSS_SELECTOR, "button.anyway") == []
            assert day2.find_elements(By.CSS_SELECTOR, "span.locked")
            # the check ends (the page reloads itself): the false 潜水 is withdrawn
            page = f"{srv.base}/g/{srv.slug}"
            WebDriverWait(phone, 240, poll_frequency=2).until(
                lambda d: (
                    d.get(page)
                    or d.find_element(By.ID, "audit-status").get_attribute("data-state")
                    in ("done", "failed")
                )
            )
            status = phone.find_element(By.ID, "audit-status")
            assert status.get_attribute("data-state") == "done", status.text
            assert phone.find_elements(By.ID, f"draft-{false}") == []
            assert "答案改了这天" not in phone.find_element(By.TAG_NAME, "body").text
            assert _severe(phone) == []
        finally:
            phone.quit()


def test_the_tally_question_answered_on_the_desk_and_the_announcement(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    game = fh46_game(tmp_path / "g", night=1)
    assert auditor("audit", game.name, cwd=game.parent).returncode in (0, 7)
    lurk = _draft_id(game, "LURK-DAY", "丝袜", 1)
    set_password(game, "阿May")
    with desk_server(game) as srv:
        phone = _driver(tmp_path, 390, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "阿May")
            # item 5: her 代发 post is a ballot the vote table counted, not 未读懂
            assert phone.find_elements(By.ID, "unread-1060") == []
            # her reminder 1070: 读对了 / 已处理 (as she would; day 1 keeps the tally's question)
            handled = phone.find_element(
                By.CSS_SELECTOR, '#unread-1070 button[name="answer"][value="handled"]'
            )
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", handled)
            _submits(phone, handled.click)
            # 仍然批准 on 丝袜's 潜水 (as she did)
            card = phone.find_element(By.ID, f"draft-{lurk}")
            phone.execute_script("arguments[0].closest('details').open = true;", card)
            anyway = card.find_element(By.CSS_SELECTOR, "button.anyway")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", anyway)
            anyway.click()
            WebDriverWait(phone, 60).until(lambda _d: "done" in (card.get_attribute("class") or ""))
            phone.get(f"{srv.base}/g/{srv.slug}")
            text = phone.find_element(By.ID, "announcement-1").get_attribute("value") or ""
            cards = text.split("[b]第1天计票[/b]", 1)[0]  # (判罚 and 累计)
            assert "待确认" not in text and "丝袜：" not in cards, text
            assert "当选警长：奶茶妹（按导演公示）" in text and "→ 当选警长" not in text, text
            note = phone.find_element(By.ID, "announcement-held-back").text
            assert "没有写进公告：丝袜 黄牌 第1天" in note, note
            # 计票待核对, answered on the desk: 公示为准
            form = phone.find_element(By.ID, "tally-answer-1")
            stands = form.find_element(By.CSS_SELECTOR, 'button[value="announced"]')
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", stands)
            _submits(phone, stands.click)
            said = _flash(phone)
            assert "已记下：第1天公示为准（阿May）" in said, said
            summary = phone.find_element(By.ID, "queue-summary").text
            assert "等问题答完" not in summary and "又有了没答的问题" not in summary, summary
            assert phone.find_elements(By.ID, "held") == []
            body = phone.find_element(By.TAG_NAME, "body").text
            if "「先回答这些问题」" in body:  # (a text points only at a section on the page)
                assert phone.find_elements(By.ID, "questions")
            text = phone.find_element(By.ID, "announcement-1").get_attribute("value") or ""
            assert "丝袜：[color=DarkOrange]黄牌[/color] 第1天 " in text, text
            assert phone.find_elements(By.ID, "announcement-held-back") == []
            assert _severe(phone) == []
        finally:
            phone.quit()
