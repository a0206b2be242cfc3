"""A vote corrected on the desk (fh47c items 4–5: 阿宁 wrote 17 ``[[correction]]`` blocks by
hand because the desk could not correct a vote), on a 390×844 phone in headless chromium
through a real `auditor serve`: 「算这一票：投 X」 in one tap when the notice suggests X, a
player picked otherwise, 「作废」; a vote after the close offers 作废 only (M107 投票规则:
a target does not mend it); the same on the command line (``auditor correct-vote``).
Each result is read back from the game file and the tally, not from the page."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from auditor.errors import StoreLockedError
from tests.desk.test_desk_browser import _phone, _submits
from tests.desk_helpers import auditor, desk_server
from tests.game.test_discover_autonomy import audit, own_style, setup
from tests.game.test_discover_rulesets import at
from tests.report.test_report_browser import _driver, _severe

pytestmark = pytest.mark.browser

VOTE_TID = 303  # own_style's day-1 vote thread (pids tid*100 + i)


def _game(tmp: Path) -> Path:
    g = own_style(day3=False, loose_vote=False)
    (vote,) = [t for t in g.threads if t["tid"] == VOTE_TID]
    posts = [
        g.post("老王", at(11, 21, 8), "投票帖"),
        *g.votes(at(11, 21, 9), {p: "番茄" for p in ("冬瓜", "芒果", "苦瓜", "杜鹃")}),
        g.post("黄瓜", at(11, 21, 12), "投票对象：蕃茄\n投票理由：感觉不对"),
        g.post("画眉", at(11, 21, 13), "投票对象：路人甲\n投票理由：感觉不对"),
        g.post("番茄", at(11, 21, 14), "投票对象：冬爪\n投票理由：感觉不对"),
        g.post("茄子", at(11, 21, 21, 45), "投票对象：番茄\n投票理由：来晚了"),  # after 21:30
    ]
    for i, p in enumerate(posts):
        p["pid"] = VOTE_TID * 100 + i
    vote["post"] = posts
    return setup(tmp, g)


def _form(driver: Any, pid: int) -> Any:
    """The vote notice's form, its fold opened as a thumb does (the day's notices wait
    under its open questions, folded)."""
    from selenium.webdriver.common.by import By

    for form in driver.find_elements(By.CSS_SELECTOR, "form.vote-fix"):
        if form.find_element(By.NAME, "pid").get_attribute("value") == str(pid):
            for fold in form.find_elements(By.XPATH, "ancestor::details[not(@open)]"):
                summary = fold.find_element(By.TAG_NAME, "summary")
                driver.execute_script("arguments[0].scrollIntoView()", summary)
                summary.click()
            driver.execute_script("arguments[0].scrollIntoView()", form)
            return form
    raise AssertionError(f"no vote form for pid {pid}: {driver.page_source[:3000]}")


def _votes(game: Path) -> dict[int, dict[str, Any]]:
    got = auditor("votes", game.name, "--day", "1", "--format", "json", cwd=game.parent)
    assert got.returncode == 0, got.stderr
    return {int(r["pid"]): r for r in json.loads(got.stdout)}


def test_a_vote_is_counted_or_voided_on_the_phone_and_from_the_cli(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.select import Select

    game = _game(tmp_path / "game")
    audit(game, tmp_path / "game" / "reports")
    typo, unknown, cli, late = (VOTE_TID * 100 + i for i in (5, 6, 7, 8))
    before = _votes(game)
    assert before[typo]["suggestion"] == "番茄" and before[cli]["suggestion"] == "冬瓜", before
    assert not before[unknown]["suggestion"] and before[late]["problem"] == "after_close"
    # the command line: the suggestion accepted, signed by the file's director
    said = auditor("correct-vote", game.name, str(cli), cwd=game.parent)
    assert said.returncode == 0, said.stderr
    assert f"已记下：pid {cli} 的票按 冬瓜 计" in said.stdout
    refused = auditor("correct-vote", game.name, str(late), "--as", "番茄", cwd=game.parent)
    assert refused.returncode != 0 and "作废" in refused.stdout + refused.stderr
    audit(game, tmp_path / "game" / "reports")
    with desk_server(game) as srv:
        driver = _driver(tmp_path, 390, 844)
        try:
            _phone(driver)
            driver.get(srv.links["老王"])
            page = f"{srv.base}/g/{srv.slug}"
            driver.get(f"{page}#notices")
            # one tap: the notice's own suggestion
            button = _form(driver, typo).find_element(By.CSS_SELECTOR, "button.vote-accept")
            assert button.text == "算这一票：投 番茄"
            _submits(driver, button.click)
            assert f"已记下：pid {typo} 的票按 番茄 计" in driver.page_source
            # no suggestion: the player picked
            driver.get(f"{page}#notices")
            form = _form(driver, unknown)
            assert not form.find_elements(By.CSS_SELECTOR, "button.vote-accept")
            Select(form.find_element(By.NAME, "target")).select_by_value("杜鹃")
            _submits(driver, form.find_element(By.CSS_SELECTOR, "button.vote-count").click)
            assert f"已记下：pid {unknown} 的票按 杜鹃 计" in driver.page_source
            # after the close: 作废 only
            driver.get(f"{page}#notices")
            form = _form(driver, late)
            assert not form.find_elements(By.CSS_SELECTOR, "button.vote-accept, button.vote-count")
            _submits(driver, form.find_element(By.CSS_SELECTOR, "button.vote-void").click)
            assert f"已记下：pid {late} 的票作废" in driver.page_source
            assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
            assert not _severe(driver)
        finally:
            driver.quit()
    text = game.read_text("utf-8")
    got = {
        (c["pid"], c.get("target"), c.get("invalid", False))
        for c in tomllib.loads(text)["correction"]
    }
    assert got == {
        (cli, "冬瓜", False),
        (typo, "番茄", False),
        (unknown, "杜鹃", False),
        (late, None, True),
    }
    assert text.count("老王 于") >= 4 and "命令行" not in text
    code, said_out = audit(game, tmp_path / "game" / "reports")
    # the desk's own re-checks ended with it: this audit ran, and the tally is its own
    assert code != StoreLockedError.exit_code, said_out
    after = _votes(game)
    assert [after[p]["valid"] for p in (typo, unknown, cli, late)] == [True, True, True, False]
    assert (after[typo]["target"], after[unknown]["target"], after[cli]["target"]) == (
        "番茄",
        "杜鹃",
        "冬瓜",
    )
