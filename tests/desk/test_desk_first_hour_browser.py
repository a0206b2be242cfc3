"""A new director's first hour with the desk, on a 390-px phone in Debian's headless
chromium (Selenium 4) against a real `auditor serve` of the sample game (examples/sample,
audited by `auditor audit` as a director runs it), and its static report.

What a person sees, measured:
1. 待处理 counts the drafts that need a decision; the 提醒导演 / 不处罚 notices are shown
   apart (their own count and section), readable, dismissed with one tap (知道了) without
   touching the queue's count, and the keyboard's j / k never steps onto one.
2. No rule code (LURK-DAY, PHRASE-OATH …) is in the text a director reads — the card's
   header, its details, the legend, the report — except the small grey tag kept for a
   developer; the card's header names the rule in Chinese and its details the seed clause.
3. A cell with 水帖 says its 有效 count in visible words (a phone has no hover).
6. No command-line flag (--day, --now) is printed: the day and time are said in words.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests import paths
from tests.desk.test_desk_browser import _login, _phone
from tests.desk_helpers import auditor, desk_server, set_password
from tests.report.test_report_browser import _driver, _severe

pytestmark = pytest.mark.browser

SHOTS = paths.ROOT / "reports" / "desk-screenshots"
CODE = re.compile(r"(?<![A-Za-z0-9-])[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+(?![A-Za-z0-9-])")
FLAG = re.compile(r"--(?:day|now)\b")


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """examples/sample copied and audited, as the README's first steps run it."""
    folder = tmp_path_factory.mktemp("first-hour") / "sample"
    shutil.copytree(paths.ROOT / "examples" / "sample", folder)
    res = auditor("audit", "game.toml", cwd=folder)
    assert res.returncode == 0, res.stderr
    assert "待处理 21，不处罚/提醒导演 5" in res.stdout + res.stderr, res.stdout + res.stderr
    set_password(folder / "game.toml", "导演")
    return folder / "game.toml"


def _codes(driver: Any, selector: str = "body") -> list[str]:
    """The rule codes in the text under ``selector`` (closed folds included: a tap opens
    them), without the grey code tags and the forms' hidden values — and without the line of
    checks left off (#rules-off), which names each with its code for the game file's
    [rules.CODE] line, as 导演指南 §7 promises (session 45, fh45b)."""
    from auditor.rules.registry import REGISTRY

    text = driver.execute_script(
        "var c = document.querySelector(arguments[0]).cloneNode(true);"
        "c.querySelectorAll('code.rule-code, script, style, option, textarea, #rules-off')"
        ".forEach(function (e) { e.remove(); });"
        "return c.textContent;",
        selector,
    )
    return [m for m in CODE.findall(text) if m in REGISTRY]


def test_the_desk_counts_decisions_and_shows_notices_apart(sample: Path, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    with desk_server(sample) as srv:
        phone = _driver(tmp_path, 500, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "导演")
            summary = phone.find_element(By.ID, "queue-summary")
            drafts = phone.find_elements(By.CSS_SELECTOR, "article.draft")
            notices = phone.find_elements(By.CSS_SELECTOR, "#notices article.notice")
            assert len(drafts) == 21 and len(notices) == 5, (len(drafts), len(notices))
            assert "待处理 21" in summary.text and "提醒 5" in summary.text, summary.text
            assert phone.find_element(By.ID, "pending-count").text == "21"
            # the notices apart, between the red and yellow cards and the many blue ones
            # (fh41 item 7: after sixteen blue cards a phone never reached them), each
            # readable (rule, text)
            blue = [d.rect["y"] for d in drafts if "blue" in d.get_attribute("class").split()]
            heavy = [d.rect["y"] for d in drafts if "blue" not in d.get_attribute("class").split()]
            for n in notices:
                assert max(heavy) < n.rect["y"] < min(blue)
                assert n.find_element(By.CSS_SELECTOR, ".title").text
            heading = phone.find_element(By.CSS_SELECTOR, "#notices h3").text
            assert "不用决定" in heading, heading
            # the keyboard's queue never stops on a notice
            drafts[0].click()
            body = phone.find_element(By.TAG_NAME, "body")
            seen = set()
            for _ in range(30):
                body.send_keys("j")
                seen.add(phone.execute_script("return document.activeElement.className"))
            assert all("notice" not in c for c in seen), seen
            body.send_keys(Keys.ESCAPE)
            # one tap dismisses a notice, in place; the queue's count does not move
            first = notices[0]
            ident = first.get_attribute("data-id")
            button = first.find_element(By.CSS_SELECTOR, "button.seen")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            button.click()
            line = WebDriverWait(phone, 60).until(
                lambda d: d.find_elements(By.CSS_SELECTOR, f"#draft-{ident}.done p.result")
            )[0]
            assert "error" not in (line.get_attribute("class") or ""), line.text
            assert line.text.startswith("知道了") and "已批准" not in line.text, line.text
            assert phone.find_element(By.ID, "notice-count").text == "4"
            assert phone.find_element(By.ID, "pending-count").text == "21"
            phone.get(f"{srv.base}/g/{srv.slug}")
            assert phone.find_element(By.ID, "pending-count").text == "21"
            assert phone.find_element(By.ID, "notice-count").text == "4"
            assert not phone.find_elements(By.ID, f"draft-{ident}")
            # seen, not a card approved: under 看过的提醒 (undoable), 已批准 still 0
            assert phone.find_elements(By.CSS_SELECTOR, f"#seen-notices #decided-{ident}")
            assert "已批准 0" in phone.find_element(By.ID, "queue-summary").text
            SHOTS.mkdir(parents=True, exist_ok=True)
            phone.save_screenshot(str(SHOTS / "first-hour-phone.png"))
            assert _severe(phone) == []
        finally:
            phone.quit()


def _signed_in_phone(srv: Any, tmp_path: Path) -> Any:
    phone = _driver(tmp_path, 500, 844)
    _phone(phone)
    _login(phone, srv.base, srv.slug, "导演")
    return phone


def test_rules_are_named_in_chinese_and_codes_kept_for_tools_only(
    sample: Path, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By

    with desk_server(sample) as srv:
        phone = _signed_in_phone(srv, tmp_path)
        try:
            assert _codes(phone) == []
            card = phone.find_element(By.CSS_SELECTOR, "article.draft.blue")
            assert card.find_element(By.CSS_SELECTOR, ".title").text
            assert "依据：" in card.find_element(By.CSS_SELECTOR, ".meta").text
            fold = card.find_element(By.CSS_SELECTOR, "details.why")
            phone.execute_script("arguments[0].open = true", fold)
            # session 41: no grey code tag either (a director read it): the code is the
            # card's data-code, for tools
            assert fold.find_elements(By.CSS_SELECTOR, "code.rule-code") == []
            assert CODE.fullmatch(card.get_attribute("data-code") or ""), card
            assert not CODE.search(fold.text), fold.text
            assert "M107" in fold.text  # the seed clause in the details too
            # the static report the nightly run wrote: the same
            phone.get((srv.reports / srv.slug / "latest" / "report.html").resolve().as_uri())
            assert _codes(phone) == []
            assert phone.find_element(By.ID, "notices").is_displayed()
            assert len(phone.find_elements(By.CSS_SELECTOR, "#drafts article.draft")) == 21
        finally:
            phone.quit()


def test_a_cell_with_filler_posts_says_its_count_in_words(sample: Path, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    with desk_server(sample) as srv:
        phone = _signed_in_phone(srv, tmp_path)
        try:
            row = phone.find_element(By.XPATH, "//section[@id='activity']//tr[th='包子']")
            cell = row.find_elements(By.CSS_SELECTOR, "td")[2]
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", cell)
            assert "有效 6" in cell.text, cell.text  # visible, no hover
            assert "有效" in phone.find_element(By.ID, "activity-legend").text
        finally:
            phone.quit()


def test_no_command_line_flag_is_printed_the_time_is_said_in_words(
    sample: Path, tmp_path: Path
) -> None:
    with desk_server(sample) as srv:
        phone = _signed_in_phone(srv, tmp_path)
        try:
            for page in (None, srv.reports / srv.slug / "latest" / "report.html"):
                if page is not None:
                    phone.get(page.resolve().as_uri())
                text = phone.execute_script("return document.body.innerText")
                assert not FLAG.search(text), text[max(0, text.find("--") - 80) :][:200]
                assert "没有进行中的讨论日：第3天已在 11月25日 22:00 关门" in text
        finally:
            phone.quit()


def test_the_index_names_each_game_and_shows_its_path(sample: Path, tmp_path: Path) -> None:
    """Two copies of one game file (both game.toml, the same [game] name) in two folders:
    two links that read differently, each with its file's path beside it."""
    from selenium.webdriver.common.by import By

    other = tmp_path / "copy" / "m107-b"
    shutil.copytree(sample.parent, other, ignore=shutil.ignore_patterns("reports", "*.sqlite*"))
    with desk_server(sample, others=(other / "game.toml",)) as srv:
        phone = _driver(tmp_path, 500, 844)
        try:
            _phone(phone)
            phone.get(srv.base + "/")
            items = phone.find_elements(By.CSS_SELECTOR, "#games li")
            links = [li.find_element(By.TAG_NAME, "a").text for li in items]
            assert len(links) == 2 and links[0] != links[1], links
            assert all("样例 M107" in t for t in links), links
            shown = [li.find_element(By.CSS_SELECTOR, ".game-path").text for li in items]
            assert any(str(other / "game.toml") in t for t in shown), shown
            assert all(t.split("：", 1)[1] not in links for t in shown)
        finally:
            phone.quit()


def test_a_notice_upgraded_to_a_card_keeps_why(sample: Path, tmp_path: Path) -> None:
    """fh46c: a 废票 notice upgraded to 黄牌 had no place to say why — the notice's form has
    the note, as a card's has, sent with the colour's one tap.  (Last in the module: it
    decides on the shared sample.)"""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from auditor import pipeline
    from auditor.report.records import build_records

    with desk_server(sample) as srv:
        phone = _driver(tmp_path, 390, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "导演")
            card = phone.find_elements(By.CSS_SELECTOR, "#notices article.notice")[0]
            ident = card.get_attribute("data-id")
            note = card.find_element(By.CSS_SELECTOR, "input.note")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", note)
            note.send_keys("规则说没投票给黄牌，废票也算")
            yellow = card.find_element(By.CSS_SELECTOR, 'button[value="recolour-yellow"]')
            yellow.click()
            line = WebDriverWait(phone, 60).until(
                lambda d: d.find_elements(By.CSS_SELECTOR, f"#draft-{ident}.done p.result")
            )[0]
            assert "error" not in (line.get_attribute("class") or ""), line.text
            g = pipeline.open_game(sample)
            with pipeline.open_store(g) as store:
                decided = build_records(pipeline.current(g, store), store).decided
            mine = next(d for d in decided if str(d["id"]) == ident)
            assert mine["decision"] == "approve" and mine["card"] == "yellow", mine
            assert "废票也算" in str(mine["note"]), mine
            assert _severe(phone) == []
        finally:
            phone.quit()
