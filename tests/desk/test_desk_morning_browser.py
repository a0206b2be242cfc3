"""The morning review on a phone, timed: a director goes through the sample game's whole
queue at 390 px (Debian's headless chromium, Selenium 4, a real `auditor serve`), taking
every suggestion as it is — the common morning — and the test counts what it costs: the
taps (a button, a confirmation page's button) and the scrolls (the next decision's button
not on the screen when the last one is done) per decision.

A decision should be one tap, with the next item's button on the screen at once.
"""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from tests import paths
from tests.desk.test_desk_browser import _login, _phone
from tests.desk_helpers import auditor, desk_server, set_password
from tests.report.test_report_browser import _driver, _severe

pytestmark = pytest.mark.browser

#: The budget of a morning: taps and scrolls per decision (a red card's confirmation page
#: is its second tap, kept: a red card sends a player off).
TAPS_PER_DECISION = 1.1
SCROLLS_PER_DECISION = 0.1


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("morning") / "sample"
    shutil.copytree(paths.ROOT / "examples" / "sample", folder)
    res = auditor("audit", "game.toml", cwd=folder)
    assert res.returncode == 0, res.stderr
    set_password(folder / "game.toml", "导演")
    return folder / "game.toml"


def _on_screen(driver: Any, element: Any) -> bool:
    """The whole of ``element`` inside the viewport (a thumb can tap it as it is)."""
    return bool(
        driver.execute_script(
            "var r = arguments[0].getBoundingClientRect();"
            "return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;",
            element,
        )
    )


def _next_item(driver: Any) -> Any:
    """The next pending item in the page's order (the notices sit before the blue cards);
    None when all are done."""
    from selenium.webdriver.common.by import By

    found = driver.find_elements(
        By.CSS_SELECTOR, "#drafts article.draft:not(.done), #notices article.notice:not(.done)"
    )
    return found[0] if found else None


#: The morning: the director disagrees with a few — every 6th card of the queue a colour
#: lighter or heavier (the 2nd a yellow for a blue, …), every 9th rejected; the rest and the
#: notices taken as suggested.
def _choice(n: int, suggested: str) -> str:
    if n % 9 == 8:
        return "reject"
    if n % 6 == 5 and suggested in ("blue", "yellow"):
        return "yellow" if suggested == "blue" else "blue"
    return "approve"


def _recolour(driver: Any, art: Any, colour: str) -> tuple[int, Any]:
    """(taps, the button sent) to give ``art`` the card ``colour``: its own button, one tap;
    or (the desk before: a <select> and 改判) open the list, choose, then 改判."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.select import Select

    own = art.find_elements(By.CSS_SELECTOR, f"button.recolour.{colour}")
    if own:
        return 0, own[0]
    Select(art.find_element(By.CSS_SELECTOR, "select.card")).select_by_value(colour)
    return 2, art.find_element(By.CSS_SELECTOR, "button.recolour")


def review(driver: Any, base: str, slug: str) -> dict[str, Any]:
    """Go through the queue and the notices as a director on a phone does; count."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    taps = scrolls = decisions = 0
    heights: list[float] = []
    choices: dict[str, int] = {}
    started = time.monotonic()
    page_start = driver.execute_script("return document.documentElement.scrollHeight")
    for n in range(80):
        art = _next_item(driver)
        if art is None:
            break
        suggested = art.find_element(By.CSS_SELECTOR, "input[name=suggested]")
        choice = "approve"  # a notice: 知道了
        if "draft" in (art.get_attribute("class") or "").split():
            choice = _choice(n, suggested.get_attribute("value"))
        if choice in ("approve", "reject"):
            button = art.find_element(By.CSS_SELECTOR, f"button.{choice}")
        else:
            extra, button = _recolour(driver, art, choice)
            taps += extra
        choices[choice] = choices.get(choice, 0) + 1
        if not _on_screen(driver, art):
            scrolls += 1  # to read the item (who, what, the post) and reach its button
            driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", art)
            if not _on_screen(driver, button):
                scrolls += 1  # taller than the screen: read down to the button
                driver.execute_script("arguments[0].scrollIntoView({block: 'end'})", button)
        heights.append(art.rect["height"])
        ident = art.get_attribute("data-id")
        taps += 1
        button.click()
        # a card that makes a red (a red, a third yellow: fh44) opens its question page —
        # at once, or once the server says so (the player's cards changed since it was drawn)
        WebDriverWait(driver, 60).until(
            lambda d, i=ident: (
                d.find_elements(By.CSS_SELECTOR, "#confirm-form")
                or d.find_elements(By.CSS_SELECTOR, f"#draft-{i}.done p.result")
                or d.find_elements(By.CSS_SELECTOR, f"#draft-{i} p.result.error")
            )
        )
        if driver.find_elements(By.CSS_SELECTOR, "#confirm-form"):
            # a red card's confirmation page: one more tap, then back on the desk
            confirm = driver.find_element(By.CSS_SELECTOR, "#confirm-yes")
            if not _on_screen(driver, confirm):
                scrolls += 1
                driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", confirm)
            taps += 1
            confirm.click()
            WebDriverWait(driver, 60).until(
                lambda d, i=ident: (
                    d.find_elements(By.ID, "queue-summary")
                    and not d.find_elements(By.CSS_SELECTOR, f"#draft-{i}:not(.done)")
                )
            )
        else:
            WebDriverWait(driver, 60).until(
                lambda d, i=ident: d.find_elements(By.CSS_SELECTOR, f"#draft-{i}.done p.result")
            )
            line = driver.find_element(By.CSS_SELECTOR, f"#draft-{ident}.done p.result")
            assert "error" not in (line.get_attribute("class") or ""), line.text
        decisions += 1
    return {
        "decisions": decisions,
        "taps": taps,
        "scrolls": scrolls,
        "seconds": round(time.monotonic() - started, 1),
        "tallest": max(heights, default=0),
        "page_start": page_start,
        "page_end": driver.execute_script("return document.documentElement.scrollHeight"),
        "choices": choices,
    }


def test_a_card_shows_the_notices_about_the_same_player_and_day(
    sample: Path, tmp_path: Path
) -> None:
    """豆浆's 未投票 yellow card (day 1) and the notice that his vote came one second late
    (22:00:01) were twenty cards apart: the card names the notice, and one tap shows it."""
    from selenium.webdriver.common.by import By

    with desk_server(sample) as srv:
        phone = _driver(tmp_path, 390, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "导演")
            card = next(
                a
                for a in phone.find_elements(By.CSS_SELECTOR, "#drafts article.draft")
                if "豆浆" in a.find_element(By.CSS_SELECTOR, ".head").text
                and "未投票" in a.find_element(By.CSS_SELECTOR, ".head").text
            )
            related = card.find_element(By.CSS_SELECTOR, "div.related")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", related)
            assert related.is_displayed()
            assert "截止后投票" in related.text and "22:00:01" in related.text, related.text
            link = related.find_element(By.TAG_NAME, "a")
            target = link.get_attribute("href").split("#", 1)[1]
            link.click()
            notice = phone.find_element(By.ID, target)
            assert "notice" in (notice.get_attribute("class") or "")
            assert _on_screen(phone, notice.find_element(By.CSS_SELECTOR, ".head"))
            assert _severe(phone) == []
        finally:
            phone.quit()


def test_a_morning_on_a_phone_is_one_tap_a_decision(sample: Path, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    with desk_server(sample) as srv:
        phone = _driver(tmp_path, 390, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "导演")
            pending = len(phone.find_elements(By.CSS_SELECTOR, "article.draft"))
            notices = len(phone.find_elements(By.CSS_SELECTOR, "article.notice"))
            got = review(phone, srv.base, srv.slug)
            print("morning:", got, "pending", pending, "notices", notices)
            assert got["decisions"] == pending + notices, got
            assert phone.find_element(By.ID, "pending-count").text == "0"
            # every count on the page is the same number after the last decision (the top
            # line said 已批准 21 while 已批准（5）below and the summary 16 待处理的牌)
            counts = phone.execute_script(
                "var out = {}; document.querySelectorAll('[data-count]').forEach(function (e) {"
                "  (out[e.dataset.count] = out[e.dataset.count] || []).push(e.textContent); });"
                "return out;"
            )
            assert {k: set(v) for k, v in counts.items()} == {
                "pending": {"0"},
                "notices": {"0"},
                "approved": {str(pending - got["choices"].get("reject", 0))},
                "rejected": {str(got["choices"].get("reject", 0))},
            }, counts
            approved = phone.execute_script(
                "return document.querySelector('#approved summary').textContent"
            )
            assert f"已批准（{pending - got['choices'].get('reject', 0)}）" in approved, approved
            for name in ("pending", "approved", "rejected"):
                assert len(counts[name]) >= 2, counts  # the queue line and the summary/lists
            assert got["taps"] <= TAPS_PER_DECISION * got["decisions"], got
            assert got["scrolls"] <= SCROLLS_PER_DECISION * got["decisions"], got
            assert _severe(phone) == []
        finally:
            phone.quit()


#: The sample's morning before fh41 item 7 (at 390 px): the page 13,167 px tall at the start
#: and 7,805 px after the last decision (every decided card left folded on the page).
PAGE_BEFORE = (13167, 7805)


def test_the_review_reads_once_notices_first_and_the_report_follows(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """fh41 item 7: each reason once on a card; the notices (five, one tap each) before the
    sixteen blue cards; one confirmation on the page, not one per decided card; the report
    below the cards (牌面, 已批准, 提醒) as the server has it after each decision."""
    from selenium.webdriver.common.by import By

    folder = tmp_path_factory.mktemp("morning7") / "sample"
    shutil.copytree(paths.ROOT / "examples" / "sample", folder)
    res = auditor("audit", "game.toml", cwd=folder)
    assert res.returncode == 0, res.stderr
    set_password(folder / "game.toml", "导演")
    with desk_server(folder / "game.toml") as srv:
        phone = _driver(tmp_path, 390, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "导演")
            # each reason once: no part of a card's text (its lines, 。/；-separated) twice
            for art in phone.find_elements(By.CSS_SELECTOR, "article.draft, article.notice"):
                text = art.text.split("\n细节")[0]  # (the folded 细节 repeats on purpose)
                pieces = [p.strip() for p in re.split(r"[；。\n]", text) if len(p.strip()) >= 8]
                twice = [p for p in set(pieces) if pieces.count(p) > 1]
                assert not twice, (twice, text)
            top = phone.execute_script(
                "return [document.getElementById('notices').getBoundingClientRect().top,"
                " document.getElementById('queue-blue').getBoundingClientRect().top]"
            )
            assert top[0] < top[1], top  # the notices before the blue cards
            got = review(phone, srv.base, srv.slug)
            print("morning:", got, "before:", PAGE_BEFORE)
            shown = [
                a for a in phone.find_elements(By.CSS_SELECTOR, "article.done") if a.is_displayed()
            ]
            assert len(shown) <= 1, [a.text for a in shown]  # one confirmation, not 26
            # the report below the cards is the server's after the last decision
            fresh = phone.execute_async_script(
                "var done = arguments[0];"
                "fetch(location.pathname, {credentials: 'same-origin'}).then(r => r.text())"
                ".then(h => { var d = new DOMParser().parseFromString(h, 'text/html');"
                " done(['standings', 'approved', 'rejected'].map("
                "   id => d.getElementById(id).textContent.replace(/\\s+/g, ' '))); });"
            )
            page = phone.execute_script(
                "return ['standings', 'approved', 'rejected'].map("
                " id => document.getElementById(id).textContent.replace(/\\s+/g, ' '))"
            )
            assert page == fresh
            counts = phone.execute_script(
                "return Array.from(document.querySelectorAll('[data-count=notices]'))"
                ".map(e => e.textContent)"
            )
            assert set(counts) == {"0"}, counts  # (the heading said 5 next to 提醒 0)
            assert got["page_end"] < PAGE_BEFORE[1], got  # (13,145 -> 5,981 px at the end)
            assert got["taps"] == got["decisions"], got
            assert _severe(phone) == []
        finally:
            phone.quit()
