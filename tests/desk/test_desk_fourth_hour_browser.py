"""A new director's hour with the desk (session 40, round 2), on a 390-px phone in Debian's
headless chromium (Selenium 4) against a real `auditor serve`, on examples/sample.

What a person sees, measured: after approving 油条's first 诈尸 card in place (the page's
script, no reload), his other cards say his new standing at once (蓝 1, not 蓝 0), a card
lists under 此前的牌 only cards given before its post (not a card for a later day, nor one
decided after the post), and the result's words about the report are the batch's.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests import paths
from tests.desk.test_desk_browser import _login, _phone
from tests.desk_helpers import auditor, desk_server, set_password
from tests.report.test_report_browser import _driver, _severe

pytestmark = pytest.mark.browser


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    folder = tmp_path / "sample"
    shutil.copytree(paths.ROOT / "examples" / "sample", folder)
    res = auditor("audit", "game.toml", cwd=folder)
    assert res.returncode == 0, res.stderr
    set_password(folder / "game.toml", "导演")
    return folder / "game.toml"


def _cards_of(driver: Any, player: str) -> list[Any]:
    from selenium.webdriver.common.by import By

    return driver.find_elements(
        By.CSS_SELECTOR, f'article.draft[data-player="{player}"]:not(.done)'
    )


def _standing(driver: Any, ident: str) -> str:
    from selenium.webdriver.common.by import By

    return str(
        driver.find_element(By.CSS_SELECTOR, f"#draft-{ident} .standing").get_attribute(
            "textContent"
        )
    )


def test_a_players_other_cards_say_his_standing_right_after_a_decision(
    sample: Path, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    with desk_server(sample) as srv:
        phone = _driver(tmp_path, 390, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "导演")
            mine = {
                a.get_attribute("data-id"): a.find_element(By.CSS_SELECTOR, ".head .title").text
                for a in _cards_of(phone, "油条")
            }
            ghosts = [i for i, t in mine.items() if "诈尸" in t]
            day1 = [
                a.get_attribute("data-id")
                for a in _cards_of(phone, "油条")
                if "第1天" in a.find_element(By.CSS_SELECTOR, ".meta").text
            ]
            assert len(ghosts) == 2 and day1, mine
            first, second = ghosts
            for ident in (second, day1[0]):
                assert "蓝 0 黄 0 红 0" in _standing(phone, ident)
            button = phone.find_element(By.CSS_SELECTOR, f"#draft-{first} button.approve")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            button.click()
            WebDriverWait(phone, 60).until(
                lambda d: d.find_elements(By.CSS_SELECTOR, f"#draft-{first}.done p.result")
            )
            said = phone.find_element(By.CSS_SELECTOR, f"#draft-{first} p.result").text
            assert "随之更新" in said and "随后重写" not in said, said
            # without a reload: his other cards count the card just approved
            WebDriverWait(phone, 30).until(lambda d: "蓝 1" in _standing(d, second))
            now = _standing(phone, second)
            # decided after the second post was written: not 此前 (the card says 首次违规)
            assert (
                "此前的牌" not in now
                and "这帖发出之后才判的牌（这一张不因它们加重）" in now
                and "诈尸" in now
            ), now
            early = _standing(phone, day1[0])
            assert "蓝 1" in early, early
            assert "此前的牌" not in early, early  # a day-3 card is no earlier card of day 1
            # the approved card is not brought back by the refresh
            assert phone.find_elements(By.CSS_SELECTOR, f"#draft-{first}.done")
            assert _severe(phone) == []
        finally:
            phone.quit()


def test_the_desk_drops_the_audits_own_waiting_count() -> None:
    """The audit's 待确认 3 项 (a count of the moment it ended) stood next to the desk's live
    待确认 0: the desk says its own count only."""
    from auditor.desk.app import audit_message

    said = (
        "审计完成：新帖 3，新草稿 1，待处理 1，抓取问题 0。报告：reports/x"
        "\n待确认 3 项（从论坛读出、游戏文件还没写明的帖子、天和事件）："
        "在审计台「待确认」里确认，或 auditor game m108.toml 逐项查看"
    )
    shown = audit_message(said)
    assert shown.startswith("审计完成") and "待确认" not in shown, shown
    assert "auditor game" not in shown, shown


def test_a_first_offence_says_it_is_the_first_of_its_kind() -> None:
    """首次违规 beside 此前的牌：蓝牌 (another kind) read as a contradiction: the first of
    its kind."""
    from auditor.report.labels import plain_reason

    said = plain_reason(
        "首次违规（m107-诈尸）：蓝牌（判罚制度 蓝牌：首次违规）", "GHOST-POST", "m107-诈尸"
    )
    assert said.startswith("同类首次违规：蓝牌"), said
