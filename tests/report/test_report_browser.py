"""report.html in a real browser: Debian's headless chromium driven by Selenium 4.

Nothing downloads a browser or a driver: the Service is given /usr/bin/chromedriver and the
options /usr/bin/chromium explicitly (so Selenium Manager has nothing to resolve) and
SE_OFFLINE keeps it offline regardless.  Both come from scripts/setup.sh.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from auditor.report.html import COPY_SCRIPT
from auditor.report.records import build_records
from auditor.report.write import write_report
from auditor.store import Store
from tests.ledger_helpers import HOSTILE_IMG, HOSTILE_LINK, HOSTILE_SCRIPT, hostile_game

pytestmark = pytest.mark.browser

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
SECTIONS = (
    "summary",
    "problems",
    "changes",
    "activity",
    "votes",
    "drafts",
    "standings",
    "chart",
    "elevator",
)


def _driver(tmp_path: Path, width: int, height: int) -> Any:
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        pytest.fail("Debian chromium/chromedriver missing: run scripts/setup.sh")
    os.environ["SE_OFFLINE"] = "true"  # never let Selenium Manager reach the network
    opts = webdriver.ChromeOptions()
    opts.binary_location = str(CHROMIUM)
    profile = tmp_path / f"profile-{width}"
    profile.mkdir()
    for arg in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-default-apps",
        "--disable-extensions",
        f"--user-data-dir={profile}",
        f"--window-size={width},{height}",
    ):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=opts)
    # Record any alert() instead of blocking on it (runs before the page's own content).
    driver.execute_cdp_cmd(
        "Page.addScriptToEvaluateOnNewDocument",
        {
            "source": (
                "window.__alerts = [];"
                "for (const f of ['alert', 'confirm', 'prompt'])"
                "  window[f] = (m) => { window.__alerts.push(f + ':' + m); };"
            )
        },
    )
    return driver


@pytest.fixture
def report_html(tmp_path: Path) -> Iterator[Path]:
    game, store, now = hostile_game(tmp_path / "game")
    assert isinstance(store, Store)
    try:
        written = write_report(build_records(game, store, now=now), tmp_path / "reports")
    finally:
        store.close()
    yield written.directory / "report.html"


def _open(driver: Any, path: Path) -> None:
    driver.get(path.as_uri())
    driver.implicitly_wait(0)
    assert driver.execute_script("return document.readyState") == "complete"


def _severe(driver: Any) -> list[dict[str, Any]]:
    return [e for e in driver.get_log("browser") if e.get("level") in ("SEVERE", "ERROR")]


def test_report_sections_and_hostile_posts_are_inert(report_html: Path, tmp_path: Path) -> None:
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver = _driver(tmp_path, 1200, 900)
    try:
        _open(driver, report_html)
        for section in SECTIONS:
            assert driver.find_element(By.ID, section).is_displayed(), section
        assert "审计报告" in driver.title
        # the hostile posts are shown as text…
        body = driver.find_element(By.TAG_NAME, "body").text
        for hostile in (HOSTILE_SCRIPT, HOSTILE_IMG, HOSTILE_LINK):
            assert hostile in body, hostile
        # …and nothing of them came alive
        with pytest.raises(NoAlertPresentException):
            _ = driver.switch_to.alert.text
        assert driver.execute_script("return window.__alerts") == []
        counts = driver.execute_script(
            "return [document.scripts.length, document.images.length,"
            " document.querySelectorAll('[onerror],[onload],[onclick]').length,"
            ' document.querySelectorAll(\'a[href^="javascript"], a[href^=" javascript"]\').length,'
            " document.querySelectorAll('iframe,object,embed,link,base,form').length]"
        )
        assert counts == [1, 0, 0, 0, 0]  # the one script: the drafts' copy buttons
        assert driver.execute_script("return document.scripts[0].text") == COPY_SCRIPT
        hrefs = driver.execute_script(
            "return Array.from(document.links, a => a.getAttribute('href'))"
        )
        assert hrefs and all(
            h.startswith(("#", "http://bbs.example.com/forum.php?mod=redirect")) for h in hrefs
        ), hrefs
        marks = [m.text for m in driver.find_elements(By.CSS_SELECTOR, "#drafts mark")]
        assert marks, "the match is highlighted in the draft evidence"
        svg_bars = driver.find_elements(By.CSS_SELECTOR, "#chart svg rect")
        assert len(svg_bars) >= 8 * 2
        # the copy script ran (its hash allowed it): the buttons shown, one copies its text
        copy = driver.find_element(By.CSS_SELECTOR, "#post-draft-announcement button.copy")
        assert copy.is_displayed()
        copy.click()
        # (the clipboard answers with a promise: the label changes when it settles)
        WebDriverWait(driver, 10).until(lambda _d: copy.text == "已复制")
        assert _severe(driver) == []
        shot = tmp_path / "report-desktop.png"
        driver.set_window_size(
            1200, min(int(driver.execute_script("return document.body.scrollHeight")) + 50, 6000)
        )
        assert driver.save_screenshot(str(shot)) and shot.stat().st_size > 10_000
    finally:
        driver.quit()


def test_report_fits_a_phone(report_html: Path, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    driver = _driver(tmp_path, 500, 812)
    # A phone (iPhone-sized viewport, touch layout): headless windows are at least 500 wide.
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 375, "height": 812, "deviceScaleFactor": 2, "mobile": True},
    )
    try:
        _open(driver, report_html)
        inner = driver.execute_script("return window.innerWidth")
        assert inner <= 400
        # no sideways scrolling of the page: wide tables scroll inside their own box
        assert driver.execute_script("return document.documentElement.scrollWidth") <= inner + 1
        for el in driver.find_elements(By.CSS_SELECTOR, "article.draft"):
            rect = el.rect
            assert rect["x"] >= 0 and rect["x"] + rect["width"] <= inner + 1
        font = driver.execute_script("return parseFloat(getComputedStyle(document.body).fontSize)")
        assert font >= 14
        assert _severe(driver) == []
        shot = tmp_path / "report-phone.png"
        assert driver.save_screenshot(str(shot)) and shot.stat().st_size > 5_000
    finally:
        driver.quit()


def test_phase_names_are_words_on_a_phone_not_a_hover(tmp_path: Path) -> None:
    """A 版杀7 day's 环节 by name in the grid's head, read at 390 px where nothing hovers: the
    cell's ``title`` was the only place the names were (a phone has no hover)."""
    from selenium.webdriver.common.by import By

    from tests.report.test_report_records import KB7_NOW, _killbar7

    built = _killbar7(tmp_path / "g")
    try:
        written = write_report(build_records(built.game, built.store, now=KB7_NOW), tmp_path / "r")
    finally:
        built.store.close()
    driver = _driver(tmp_path, 390, 844)
    try:
        _open(driver, written.directory / "report.html")
        grid = driver.find_element(By.ID, "activity")
        driver.execute_script("arguments[0].scrollIntoView()", grid)
        seen = grid.text  # what is on the screen: no title attribute
        for name in ("环节1 试探性投票", "环节2 可疑者辩论投票", "环节3 高票对决投票"):
            assert name in seen, seen
        head = grid.find_element(By.CSS_SELECTOR, "thead .phase-names")
        assert head.rect["width"] <= 390, head.rect  # the names wrap, not a wide column
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def sample_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``auditor audit examples/sample/game.toml``'s report.html (the README's first
    command): a report of every kind of finding, 路人甲 (not a player) among the posters."""
    from tests.whole_games.test_sample_checks import _audit

    return _audit(tmp_path_factory.mktemp("sample")) / "report.html"


def test_a_non_player_gets_no_card_row_on_a_phone(sample_report: Path, tmp_path: Path) -> None:
    """The 牌面 table at 390 px: one row per player; 路人甲, who only posted in a game thread
    (NOT-A-PLAYER, a notice), had a row of zeros there as if he held a seat."""
    from selenium.webdriver.common.by import By

    driver = _driver(tmp_path, 390, 844)
    try:
        _open(driver, sample_report)
        table = driver.find_element(By.CSS_SELECTOR, "#standings table")
        driver.execute_script("arguments[0].scrollIntoView()", table)
        rows = [th.text for th in table.find_elements(By.CSS_SELECTOR, "tbody th")]
        assert rows == ["饺子", "包子", "馄饨", "豆浆", "油条", "烧卖", "春卷", "汤圆"], rows
        assert "路人甲" not in driver.find_element(By.ID, "standings").text
    finally:
        driver.quit()


def test_a_director_reads_rules_in_chinese_not_codes_on_a_phone(
    sample_report: Path, tmp_path: Path
) -> None:
    """Everything a director reads at 390 px, the details folds opened: no rule code
    (PHRASE-VULGAR, GHOST-POST …), no colour measurement (ΔE2000) or English colour name
    (Red（#FF0000）); each card's grounds in one form — 依据：M107 违规判定 9(1)：禁止使用红色
    字体, or 参照：…（规则帖没有直接条文） — never a quoted clause or 无直接条款：.  The CSV
    he opens in a spreadsheet: the rule by its title (规则), the code in a column of its own."""
    import re

    from selenium.webdriver.common.by import By

    from auditor.rules.registry import REGISTRY
    from tests.report_csv import report_rows

    code = re.compile(r"(?<![A-Za-z0-9-])[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+(?![A-Za-z0-9-])")
    driver = _driver(tmp_path, 390, 844)
    try:
        _open(driver, sample_report)
        driver.execute_script("document.querySelectorAll('details').forEach(d => d.open = true)")
        seen = driver.find_element(By.TAG_NAME, "body").text
        # (but the line of checks left off, which names each with its code for the game
        # file's [rules.CODE] line, as 导演指南 §7 promises: session 45, fh45b)
        for off in driver.find_elements(By.ID, "rules-off"):
            assert re.search(r"（[A-Z]+-[A-Z0-9-]+）", off.text), off.text
            seen = seen.replace(off.text, "")
        assert [c for c in code.findall(seen) if c in REGISTRY] == []
        for dev in ("ΔE", "Red（", "L=53", "无直接条款"):
            assert dev not in seen, dev
        assert "红色字体（#FF0000）" in seen
        metas = [m.text for m in driver.find_elements(By.CSS_SELECTOR, "article .meta")]
        grounds = [g.strip() for m in metas for g in re.findall(r"(?:依据|参照)：[^·]*", m)]
        assert grounds and "依据：M107 违规判定 9(1)：禁止使用红色字体" in grounds, grounds
        assert not [g for g in grounds if "“" in g or "：无" in g], grounds
        cards = driver.find_elements(By.CSS_SELECTOR, "article[data-code]")
        assert cards and all(a.get_attribute("data-code") in REGISTRY for a in cards)
    finally:
        driver.quit()
    rows = report_rows(sample_report.parent / "findings.csv")
    red = next(r for r in rows if r["code"] == "FONT-RED")
    assert red["rule"] == REGISTRY["FONT-RED"].title and red["note"] == "红色字体（#FF0000）"
    assert all(not code.search(r["rule"]) and "ΔE" not in r["note"] for r in rows)
