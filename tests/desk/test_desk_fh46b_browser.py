"""Session 46's director 老贺 (his own 版杀7 「火锅局」, tests/desk/fh46b) on a 390-px phone
(Debian's headless chromium, Selenium 4, a real ``auditor serve`` on its own port): what he
could not do on the desk (/work/briefs/fh46b_report.md, 'Confusing questions', and report
item 6).

- 改 a confirmed event: his substitute 藕片 → 冰粉, confirmed with 「第几天」 2 before the fix
  that makes a substitute's day its opening, stood at day 2's close (12-05 23:59), so 冰粉's
  day-2 posts were a non-player's; he fixed it in the TOML on a laptop.  On the desk: open
  「改或撤销已确认的事件」, 第几天 2, 改 — the time is day 2's opening (12-05 00:00), the game
  file says who changed what.
- 撤销 a confirmed event, with a confirming second tap; the file keeps the record.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.desk.test_desk_browser import _flash, _login, _phone, _submits
from tests.desk_helpers import auditor, desk_server, fh46b_game, proposal_game, set_password
from tests.report.test_report_browser import _driver, _severe

pytestmark = pytest.mark.browser


def test_he_moves_his_substitute_and_withdraws_a_death_on_the_phone(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    game = fh46b_game(tmp_path / "g", night=2, file="before-subfix")
    assert auditor("audit", game.name, cwd=game.parent).returncode in (0, 7)
    set_password(game, "老贺")
    with desk_server(game) as srv:
        phone = _driver(tmp_path, 390, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "老贺")
            taps = 0
            box = phone.find_element(By.ID, "file-events")
            assert "改或撤销已确认的事件（6）" in box.text, box.text
            summary = box.find_element(By.TAG_NAME, "summary")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", summary)
            summary.click()
            taps += 1
            sub = next(
                li
                for li in box.find_elements(By.CSS_SELECTOR, "li.file-event")
                if li.text.startswith("替补：藕片")
            )
            assert "12-05 23:59" in sub.text, sub.text
            day = sub.find_element(By.CSS_SELECTOR, "input.event-day")
            assert day.get_attribute("value") == ""
            assert day.get_attribute("placeholder") == "现在第2天"  # (12-05 23:59)
            assert "替补从这天开门起算" in sub.text
            day.send_keys("2")  # (as he did on the proposal: 第二天开始)
            button = sub.find_element(By.CSS_SELECTOR, "button.edit")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", button)
            _submits(phone, button.click)
            taps += 1
            said = _flash(phone)
            assert "已改：替补：藕片（由 冰粉 接替），12-05 00:00" in said, said
            assert "原为 替补：藕片（由 冰粉 接替），12-05 23:59" in said, said
            assert taps <= 3
            text = game.read_text(encoding="utf-8")
            assert "at = 2026-12-05T00:00:00+08:00" in text
            assert "；更正：老贺 于 " in text and "at = 2026-12-05T23:59:59" not in text
            # 撤销 郡肝's night death: 撤销… then 确定撤销 (two taps, nothing on the first)
            box = phone.find_element(By.ID, "file-events")
            phone.execute_script("arguments[0].open = true;", box)
            dead = next(
                li
                for li in box.find_elements(By.CSS_SELECTOR, "li.file-event")
                if li.text.startswith("出局：郡肝")
            )
            first = dead.find_element(By.CSS_SELECTOR, "details.withdraw summary")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", first)
            first.click()
            assert 'player = "郡肝"' in game.read_text(encoding="utf-8")  # (not yet)
            sure = dead.find_element(By.CSS_SELECTOR, "button.withdraw-sure")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", sure)
            _submits(phone, sure.click)
            said = _flash(phone)
            assert "已撤销：出局：郡肝，12-07 00:00 夜晚（老贺 于 " in said, said
            text = game.read_text(encoding="utf-8")
            assert 'player = "郡肝"' not in text
            assert (
                "# 已撤销的事件：出局：郡肝，12-07 00:00 夜晚（来源：导演补充（pid 1117）" in text
            )
            assert "——老贺 于 " in text
            left = phone.find_element(By.ID, "file-events").get_attribute("textContent") or ""
            assert "改或撤销已确认的事件（5）" in left
            assert _severe(phone) == []
        finally:
            phone.quit()


def test_the_last_confirmation_says_so_where_the_tap_was(tmp_path: Path) -> None:
    """fh46c item 5: after 全部确认 answered the last question, 待确认 moved below the cards
    and the result went with it — the phone jumped away from the cards.  The result stays at
    the top, where the questions were: before the queue, in view."""
    from selenium.webdriver.common.by import By

    game = proposal_game(tmp_path / "game")
    set_password(game, "导演")
    with desk_server(game) as srv:
        phone = _driver(tmp_path, 390, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "导演")
            for button in ("confirm-all", "confirm-posted"):
                found = phone.find_elements(By.ID, button)
                if found:
                    phone.execute_script(
                        "arguments[0].scrollIntoView({block: 'center'});", found[0]
                    )
                    _submits(phone, found[0].click)
            assert phone.find_elements(By.ID, "questions") == [], "still asking"
            toast = phone.find_element(By.ID, "toast")
            assert "已确认" in toast.text, toast.text
            queue = phone.find_element(By.ID, "queue-summary")
            proposals = phone.find_element(By.ID, "proposals")
            assert toast.rect["y"] < queue.rect["y"] < proposals.rect["y"]
            top = phone.execute_script("return arguments[0].getBoundingClientRect().top;", toast)
            assert 0 <= top < 844, top  # (in view, not scrolled away)
            assert _severe(phone) == []
        finally:
            phone.quit()


class _Taps:
    """Counts the director's taps (a typed field is one tap: the keyboard is his)."""

    def __init__(self, phone: Any) -> None:
        self.phone, self.count = phone, 0

    def tap(self, element: Any, *, submits: bool = False) -> None:
        self.phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", element)
        if submits:
            _submits(self.phone, element.click)
        else:
            element.click()
        self.count += 1  # (after it: a tap on a page that reloaded itself is tried again)

    def press(self, css: str) -> None:
        """Tap the first ``css`` on the page and wait for the next page (found again when
        the page reloaded itself meanwhile: a re-check ended)."""
        from selenium.common.exceptions import StaleElementReferenceException
        from selenium.webdriver.common.by import By

        for _ in range(5):
            try:
                self.tap(self.phone.find_elements(By.CSS_SELECTOR, css)[0], submits=True)
                return
            except StaleElementReferenceException:
                continue
        raise AssertionError(f"{css}: the page kept reloading")

    def type(self, element: Any, value: str) -> None:
        self.phone.execute_script(
            "arguments[0].value = arguments[1];"
            "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));",
            element,
            value,
        )
        self.count += 1


def night_two(phone: Any, taps: _Taps) -> None:
    """老贺's night 2 from his file after night 1 (fh46b 'Desk time'), each question with
    its plainest right answer: the titles' 全部确认; day 2 corrected (his 加速 to 20:00);
    each day's listed posts 读对了 / 已处理 (one tap a day where the desk groups them, else
    one a post); 腰片's vote-out at day 2's close; the rest of his posts' days and events
    with 全部确认; then each card and notice (批准 / 知道了)."""
    from selenium.webdriver.common.by import By

    def find(css: str) -> list[Any]:
        return list(phone.find_elements(By.CSS_SELECTOR, css))

    def proposal(start: str) -> Any:
        return next(li for li in find("li.proposal") if start in li.text)

    for button in find("#confirm-all"):
        taps.tap(button, submits=True)
    day2 = proposal("第2天：")
    taps.tap(day2.find_element(By.CSS_SELECTOR, "details.correct-more summary"))
    day2 = proposal("第2天：")
    taps.type(day2.find_element(By.CSS_SELECTOR, "input.proposal-day-closes"), "2026-12-05T20:00")
    taps.tap(day2.find_element(By.CSS_SELECTOR, 'input[name="accelerated"][value="yes"]'))
    taps.tap(day2.find_element(By.CSS_SELECTOR, "button.confirm"), submits=True)
    while find("button.handled-all"):
        taps.press("button.handled-all")
    while find("button.handled"):
        taps.press("button.handled")
    out = proposal("出局：腰片")
    if "12-05 20:00" not in out.text:
        taps.type(out.find_element(By.CSS_SELECTOR, "input.proposal-day"), "2")
        taps.tap(out.find_element(By.CSS_SELECTOR, "button.confirm"), submits=True)
    if find("#confirm-posted"):
        taps.press("#confirm-posted")
    while find("li.proposal button.confirm"):
        taps.press("li.proposal button.confirm")


def test_his_night_two_in_fewer_taps(tmp_path: Path) -> None:
    """fh46b 'Desk time': night 2 took 老贺 12–15 minutes by hand.  Scripted here with the
    plainest right answers and counted (taps, a typed field one): the questions all
    answered, the game file's days and events his truth's."""
    from selenium.webdriver.common.by import By

    game = fh46b_game(tmp_path / "g", night=2, file="after-night1")
    assert auditor("audit", game.name, cwd=game.parent).returncode in (0, 7)
    set_password(game, "老贺")
    with desk_server(game) as srv:
        phone = _driver(tmp_path, 390, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "老贺")
            asked = int(phone.find_element(By.ID, "question-count").text)
            taps = _Taps(phone)
            night_two(phone, taps)
            print(f"night 2: {asked} questions answered in {taps.count} taps")
            assert phone.find_elements(By.ID, "questions") == [], _flash(phone)
            # (main before session 47: 15; 10 until s49-desk, whose safety confirms the
            # deaths one post gave several of one by one, never by 全部确认 — 毛肚 and 郡肝 of
            # one post, +2 taps: measured 13 at s49-desk's tip e7f31b5b, 12 on main ebc2937f)
            assert taps.count <= 12, taps.count
            assert _severe(phone) == []
        finally:
            phone.quit()
        text = game.read_text(encoding="utf-8")
        for said in (
            "closes = 2026-12-05T20:00:00+08:00",
            "accelerated = true",
            'player = "黄喉"',
            'player = "毛肚"',
            'player = "郡肝"',
            'value = "冰粉"',
        ):
            assert said in text, said
