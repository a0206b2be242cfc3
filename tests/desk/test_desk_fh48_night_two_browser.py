"""desk48_2: the session-48 directors' night 2 (老金 tests/games/discovery_fh48/yanbian,
阿德 discovery_fh48c/wardrobe) scripted on a 390-px
phone as 老周's (tests/desk/test_desk_fh47_night_two_browser.py: the proposals confirmed,
then each listed post 读对了 / 已处理) from each minimal game file, counted: taps and typed
characters to a desk with no question left.  Printed as ``night 2: … taps, … typed``."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from tests import paths
from tests.desk.test_desk_browser import _flash, _login, _phone
from tests.desk.test_desk_fh47_night_two_browser import Counter, night_two
from tests.desk_helpers import auditor, desk_server, fh47_game, set_password
from tests.report.test_report_browser import _driver, _severe

pytestmark = pytest.mark.browser

# (game, director, his taps at most, typed at most): the same script on main 57eb6f20 and
# after desk48_2 — yanbian 22 questions in 4 taps / 0 typed both, wardrobe 23 in 6 / 0 both
# (their events read already: 全部确认 and 读对了 per day).  skyscraper_roster (思思) is left
# out: 19 questions in 5 taps / 0 both, one question left that the script cannot answer.
GAMES = [
    # (yanbian: 3 taps and, since session 49's evidence (a quiet player asked about), 朴大叔's
    # 「自第2天起没有发言」 answered 潜水 in one more: 4, measured on s50-desk)
    ("discovery_fh48/yanbian", "老金", 4, 0),
    # (7: s49-desk's safety confirms 三大炮 and 冰粉, two deaths of one post, one by one —
    # +1 tap, measured 7 at s49-desk's tip e7f31b5b and on main ebc2937f)
    ("discovery_fh48c/wardrobe", "阿德", 7, 0),
]


def quiet(phone: Any, c: Counter, truth: Path) -> None:
    """Each quiet player's question (desk50: 「X 自第N天起没有发言：出局了？请假？潜水？」)
    answered as his truth (the regression game's file) has it: out by then, 出局了 (its
    prefilled form opened and sent); on leave, 请假; else 潜水 (老金's 朴大叔, whose ballots
    came by 代发)."""
    from selenium.webdriver.common.by import By

    events = tomllib.loads(truth.read_text("utf-8")).get("event", [])
    for _ in range(10):
        asked = phone.find_elements(By.CSS_SELECTOR, "#state-problems li.quiet")
        if not asked:
            return
        li = asked[0]
        his = {e["type"] for e in events if e["player"] == li.get_attribute("data-player")}
        if "eliminated" in his:
            c.tap(li.find_element(By.CSS_SELECTOR, "details.quiet-out > summary"))
            c.tap(li.find_element(By.CSS_SELECTOR, "form.quiet-out-form button.add"), submits=True)
        else:
            answer = "leave" if "leave" in his else "lurk"
            c.tap(li.find_element(By.CSS_SELECTOR, f"button.quiet-{answer}"), submits=True)


@pytest.mark.parametrize(("where", "director", "taps", "typed"), GAMES)
def test_night_two_counted(
    tmp_path: Path, where: str, director: str, taps: int, typed: int
) -> None:
    from selenium.webdriver.common.by import By

    game = fh47_game(tmp_path / "g", night=2, game=where)
    assert auditor("audit", game.name, cwd=game.parent).returncode in (0, 7)
    set_password(game, director)
    with desk_server(game) as srv:
        phone = _driver(tmp_path, 390, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, director)
            found = phone.find_elements(By.ID, "question-count")
            asked = int(found[0].text) if found else 0
            c = Counter(phone)
            night_two(phone, c, by_hand=False)
            quiet(phone, c, paths.TESTS / "games" / where / "game.toml")
            print(f"{where} night 2: {asked} questions answered in {c.taps} taps, {c.typed} typed")
            assert phone.find_elements(By.ID, "questions") == [], _flash(phone)
            assert _severe(phone) == []
        finally:
            phone.quit()
    assert c.typed <= typed, c.typed
    assert c.taps <= taps, c.taps
