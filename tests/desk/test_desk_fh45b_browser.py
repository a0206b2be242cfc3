"""Session 45's second new director (Yuki, her own M39 game: tests/games/discovery_fh45b/
hinamizawa_small, night 2) on a 390-px phone (Debian's headless chromium, Selenium 4, a real
``auditor serve`` on its own port): what she met on the desk (/work/briefs/fh45b_report.md).

- Bug 1: the foot's 补上这个事件 with 替补 chosen has 替补的人 and 他用哪个帐号 (seed 004 替补:
  替补玩家将收到该玩家的……账号、密码; 000/001's substitutes on their own account); 糯米 on
  his own account is written ``value = "糯米"``.  Before: no such field.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests import paths
from tests.desk.test_desk_browser import _login, _phone, _submits
from tests.desk_helpers import auditor, desk_server, fh45_game, set_password
from tests.report.test_report_browser import _driver, _severe

pytestmark = pytest.mark.browser

FH45B = paths.TESTS / "games" / "discovery_fh45b" / "hinamizawa_small"


def fh45b_game(folder: Path) -> Path:
    """A copy of her game: her minimal game file (minimal.toml as she wrote it) over her
    night-2 pages (rendered 2026-12-11 04:30); its game file, with her as the director."""
    folder.mkdir(parents=True)
    shutil.copytree(FH45B / "pages", folder / "pages")
    shutil.copy(FH45B / "minimal.toml", folder / "m39.toml")
    return folder / "m39.toml"


def test_a_substitute_on_his_own_account_is_added_from_the_desk(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.select import Select

    game = fh45b_game(tmp_path / "m39")
    assert auditor("crawl", game.name, cwd=game.parent).returncode == 0
    set_password(game, "Yuki")
    with desk_server(game) as srv:
        phone = _driver(tmp_path, 390, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "Yuki")
            fold = phone.find_element(By.CSS_SELECTOR, "#add-item > summary")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", fold)
            fold.click()
            form = phone.find_element(By.CSS_SELECTOR, "#add-item form.add-event")
            newcomer = form.find_element(By.NAME, "newcomer")
            assert not newcomer.is_displayed()  # (出局 chosen: no newcomer to name)
            sub = form.find_element(By.CSS_SELECTOR, 'input[name="type"][value="substitute"]')
            phone.execute_script("arguments[0].click();", sub)
            assert newcomer.is_displayed()
            Select(form.find_element(By.NAME, "player")).select_by_value("鱼丸")
            newcomer.send_keys("糯米")
            own = form.find_element(By.CSS_SELECTOR, 'input[name="account"][value="own"]')
            phone.execute_script("arguments[0].click();", own)
            at = form.find_element(By.NAME, "at")
            phone.execute_script("arguments[0].value = '2026-12-09T12:00';", at)
            for field in form.find_elements(
                By.CSS_SELECTOR, "select, input:not([type=hidden]), button"
            ):
                if field.is_displayed():
                    right = phone.execute_script(
                        "return arguments[0].getBoundingClientRect().right;", field
                    )
                    assert right <= 390, (field.get_attribute("name"), right)
            add = form.find_element(By.CSS_SELECTOR, "button.add")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", add)
            _submits(phone, add.click)
            toast = phone.find_element(By.ID, "toast").text
            assert "替补的人：糯米，用自己的帐号 糯米" in toast, toast
            assert _severe(phone) == []
        finally:
            phone.quit()
    text = game.read_text("utf-8")
    assert 'type = "substitute"' in text and 'value = "糯米"' in text, text[-600:]


def test_the_post_page_drafts_the_days_announcement_the_desk_shows(tmp_path: Path) -> None:
    """Bug 3: the 发布到进程帖 page (and ``auditor post``) drafted at the machine's clock, days
    before her saved pages' own time (2026-12-11 04:30, as the audit and the desk judge it):
    a day-less 「公告」 with no 计票, 潜水 or 电梯, whose 补充一 on night 2 left out day 2's
    (导演指南 §6 promises them) and the 遗言.  Now the page's draft is the desk's own 第2天公告,
    whole; its 遗言 links her post that published 墨白's, not only his own (bug 5)."""
    from selenium.webdriver.common.by import By

    game = fh45b_game(tmp_path / "m39")
    assert auditor("audit", game.name, "-q", cwd=game.parent).returncode == 7
    dry = auditor("post", game.name, "announcement", "--dry-run", cwd=game.parent)
    assert "草稿：第2天公告" in dry.stdout and "[b]第2天计票[/b]" in dry.stdout, dry.stdout[:600]
    set_password(game, "Yuki")
    with desk_server(game) as srv:
        phone = _driver(tmp_path, 390, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "Yuki")
            shown = phone.find_element(By.ID, "announcement-1").get_attribute("value") or ""
            phone.get(f"{srv.base}/g/{srv.slug}/post?kind=announcement")
            assert phone.find_element(By.TAG_NAME, "h2").text == "第2天公告"
            part = phone.find_element(By.ID, "post-part-1").text
            for section in ("第2天计票", "第2天电梯", "第2天遗言"):
                assert f"[b]{section}[/b]" in part, part[:800]
            assert part.split() == shown.split()  # (the desk's 公告, word for word)
            # 墨白's 遗言 as she published it (307 #1, pid 3065: 「墨白 的遗言：…」), then his own
            # 307 #2 (3066); before: only his own, as if she had posted none
            words = part[part.index("[b]第2天遗言[/b]") :]
            assert "pid=3065]#1[/url]" in words and "pid=3066]#2[/url]" in words, words
            assert _severe(phone) == []
        finally:
            phone.quit()


# 030, two players: 小敏's day 1 holds three first offences of three kinds — a red font, an
# oath, an insult — each a blue draft (判罚制度：首次违规 蓝牌), so her third blue is a yellow.
THIRD_BLUE = [
    "[color=red]我是好人，大家信我[/color]",
    "我发誓我是好人",
    "你脑子有病吧，这都看不出来",
    "今天先说这些",
    "再补一句",
    "最后一句",
]


def three_blues(tmp: Path) -> Path:
    """A checked 030 game whose player 小敏 has three blue drafts on day 1; its game file."""
    from datetime import datetime, timedelta

    from auditor.game.gamefile import load_game
    from auditor.rules.engine import check
    from tests.desk.test_desk_fh44 import LURKER_GAME
    from tests.rules.test_rule_cases import build_case

    opens = datetime.fromisoformat("2026-11-20T10:00:00+08:00")
    posts: list[dict[str, object]] = [
        {"author": "小敏", "tid": 11, "at": opens + timedelta(minutes=10 * i), "message": m}
        for i, m in enumerate(THIRD_BLUE)
    ]
    vote = "投票对象：阿聪\n投票理由：一直不说话"
    posts.append({"author": "小敏", "tid": 12, "at": opens + timedelta(hours=2), "message": vote})
    now = datetime.fromisoformat("2026-11-20T23:00:00+08:00")
    built = build_case(tmp, "rabbit030", LURKER_GAME, posts, now=now)
    check(load_game(built.game.path), built.store, now=now)
    built.store.close()
    return built.game.path


def test_a_third_blue_promises_no_second_question_and_is_one_tap(tmp_path: Path) -> None:
    """Bug 4: her card said 「批准后：这是第3张蓝牌 → 黄牌（批准时会再问一次）」 and one tap on
    批准 recorded it — the promise was the wrong one (it is kept for a card that sends the
    player off).  Now the card says what its approval does and promises nothing: one tap
    records it, as every decision of the morning is one tap."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from auditor.game.gamefile import load_game
    from auditor.store import Store

    game = three_blues(tmp_path / "g")
    set_password(game, "导演")
    with desk_server(game) as srv:
        phone = _driver(tmp_path, 390, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "导演")
            blues = 'article.draft.blue[data-player="小敏"]'
            ids = [a.get_attribute("data-id") for a in phone.find_elements(By.CSS_SELECTOR, blues)]
            assert len(ids) == 3, ids
            for ident in ids[:2]:  # one tap each, said in place (no question)
                art = phone.find_element(By.ID, f"draft-{ident}")
                button = art.find_element(By.CSS_SELECTOR, "button.approve")
                phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", button)
                button.click()
                WebDriverWait(phone, 60).until(
                    lambda _d, a=art: "done" in (a.get_attribute("class") or "")
                )
            phone.get(f"{srv.base}/g/{srv.slug}")
            third = phone.find_element(By.ID, f"draft-{ids[2]}")
            said = third.find_element(By.CSS_SELECTOR, ".escalation").text
            assert "这是第3张蓝牌 → 黄牌" in said and "再问一次" not in said, said
            button = third.find_element(By.CSS_SELECTOR, "button.approve")
            assert button.text == "批准（蓝牌 → 黄牌）", button.text
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", button)
            button.click()
            WebDriverWait(phone, 60).until(
                lambda _d, a=third: "done" in (a.get_attribute("class") or "")
            )
            with Store(load_game(game).store) as store:
                made = {str(r["finding_id"]) for r in store.decision_history()}
            assert set(ids) <= made, made
            assert _severe(phone) == []
        finally:
            phone.quit()


SEND_UNLOADED = """
const done = arguments[arguments.length - 1];
// one post's forms (the day's 「上面 N 条都读对了」 sends its pids in one form)
const forms = Array.from(document.querySelectorAll('form[action$="/dismiss"]'))
  .filter((f) => f.querySelector('input[name="pid"]')).slice(0, 3);
(async () => {
  for (const f of forms) {  // each sent, its page never loaded (a tap before it came)
    await fetch(f.action, {method: "POST", body: new FormData(f), redirect: "manual",
                           credentials: "same-origin"});
  }
  done(forms.map((f) => f.querySelector('input[name="pid"]').value));
})();
"""


def test_results_of_forms_sent_before_their_page_loaded_are_folded(tmp_path: Path) -> None:
    """Bug 5: results piled up at the top of the page (three 不是公告 tapped a second apart,
    each before the page of the one before had come).  Now the latest is shown and the
    older two folded under 「之前的 2 条结果」.  (On 大刘's night 2 from his minimal file: her
    own game lists one post now that discovery reads her posts — three taps need three.)"""
    from selenium.webdriver.common.by import By

    game = fh45_game(tmp_path / "m107", 2, "minimal")
    assert auditor("audit", game.name, cwd=game.parent).returncode in (0, 7)
    set_password(game, "大刘")
    with desk_server(game) as srv:
        phone = _driver(tmp_path, 390, 844)
        try:
            _phone(phone)
            _login(phone, srv.base, srv.slug, "大刘")
            pids = phone.execute_async_script(SEND_UNLOADED)
            assert len(pids) == 3, pids
            phone.get(f"{srv.base}/g/{srv.slug}")
            toast = phone.find_element(By.ID, "toast")
            shown = [p.text for p in toast.find_elements(By.CSS_SELECTOR, "p.flash") if p.text]
            assert len(shown) == 1 and f"pid {pids[-1]}" in shown[0], shown
            older = toast.find_element(By.ID, "older-flash")
            assert older.find_element(By.TAG_NAME, "summary").text == "之前的 2 条结果"
            assert older.get_attribute("open") is None  # (folded)
            older.find_element(By.TAG_NAME, "summary").click()
            said = [p.text for p in older.find_elements(By.CSS_SELECTOR, "p.flash")]
            assert [f"pid {pids[1]}" in said[0], f"pid {pids[0]}" in said[1]] == [True, True]
            assert _severe(phone) == []
        finally:
            phone.quit()
