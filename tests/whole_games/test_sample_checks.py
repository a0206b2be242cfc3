"""`auditor audit examples/sample/game.toml` shows one case of each check issue 18 added
(POST-FILLER, NOT-A-PLAYER, PHRASE-MASKED, PASTE-LINK's image case; PIPED-CODE, which the
sample's game file adds as the director's own rule, 030's 吹笛; PROFILE-SIGNATURE and
PROFILE-AVATAR from pages saved at two times; POST-OUTSIDE from a saved replies list), and
the activity grid's raw(effective) posts (`12(6)`)."""

from __future__ import annotations

from pathlib import Path

from bs4 import BeautifulSoup
from typer.testing import CliRunner

from auditor.cli import app
from tests.game.test_discover_game import SAMPLE, game_copy
from tests.report_csv import report_rows


def _audit(tmp_path: Path) -> Path:
    game = game_copy(SAMPLE / "game.toml", tmp_path / "game.toml", pages=SAMPLE / "pages")
    result = CliRunner().invoke(
        app, ["audit", str(game), "--reports", str(tmp_path / "reports")], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    (latest,) = (tmp_path / "reports").glob("*/latest")
    return latest


def test_the_sample_shows_each_new_check(tmp_path: Path) -> None:
    out = _audit(tmp_path)
    rows = report_rows(out / "findings.csv")
    got = {(r["code"], r["player"], r["day"]) for r in rows}
    assert ("POST-FILLER", "包子", "3") in got  # 6 filler posts of 12 in tid 106
    assert ("NOT-A-PLAYER", "路人甲", "3") in got  # not a player, director or spectator
    masked = [r for r in rows if r["code"] == "PHRASE-MASKED"]
    assert [(r["player"], r["match"], r["pid"]) for r in masked] == [("春卷", "傻*", "1206")]
    images = [r for r in rows if r["code"] == "PASTE-LINK" and "[图片]" in r["excerpt"]]
    assert [r["player"] for r in images] == ["豆浆"]
    # 030 吹笛者 不得使用密码、电码或暗号: 饺子 piped from 20:40, sounds in Morse-like groups
    coded = [r for r in rows if r["code"] == "PIPED-CODE"]
    assert [(r["player"], r["day"], r["pid"], r["suggested_card"]) for r in coded] == [
        ("饺子", "3", "1208", "提醒导演")
    ]
    assert not [r for r in rows if r["code"] == "PIPED-SPEECH"]  # only allowed sounds
    # pages saved earlier (pages/saved-*/, their footers say when): 汤圆's signature and
    # 包子's avatar picture (same avatar.php URL, another picture saved beside the page)
    # changed between 11-20 14:00 and 11-23 09:00; 包子's saved replies list (11-26 04:30)
    # shows a reply in 灌水区 made after the game's post 1208 (11-25 21:00)
    profile = {
        (r["code"], r["player"], r["day"]): r for r in rows if r["code"].startswith("PROFILE")
    }
    assert set(profile) == {("PROFILE-SIGNATURE", "汤圆", "2"), ("PROFILE-AVATAR", "包子", "2")}
    sig = profile[("PROFILE-SIGNATURE", "汤圆", "2")]["note"]
    assert "11-20 14:00 与 11-23 09:00 之间" in sig and "之前「汤圆：好人一枚」" in sig
    assert "之后「汤圆：我是预言家，第一晚查杀油条」" in sig
    avatar = profile[("PROFILE-AVATAR", "包子", "2")]["note"]
    # (two pictures, in words: a director never sees a digest or a saved file's path)
    assert (
        "11-20 14:00 与 11-23 09:00 之间" in avatar
        and "之前「一张图片」，之后「另一张图片」" in avatar
    )
    outside = [r for r in rows if r["code"] == "POST-OUTSIDE"]
    assert [(r["player"], r["day"], r["tid"]) for r in outside] == [("包子", "3", "201")]
    # (named in words; the sample's game file has no forum url, so no raw address either)
    assert (
        "《今天吃什么》（灌水区）" in outside[0]["note"] and "forum.php" not in outside[0]["note"]
    )
    # each on the page, by its code for tools (data-code; a director reads the title)
    page = BeautifulSoup((out / "report.html").read_text("utf-8"), "lxml")
    shown = {a["data-code"] for a in page.select("[data-code]")}
    for code in (
        "POST-FILLER",
        "NOT-A-PLAYER",
        "PHRASE-MASKED",
        "PASTE-LINK",
        "PIPED-CODE",
        "PROFILE-SIGNATURE",
        "PROFILE-AVATAR",
        "POST-OUTSIDE",
    ):
        assert code in shown, code


def test_the_activity_grid_shows_raw_and_effective_posts(tmp_path: Path) -> None:
    """POST-FILLER on (m107): a cell with filler posts reads its raw count and, in words, the
    effective one (`12 … 有效 6（水帖 6）`, no hover needed on a phone); a cell without any reads
    the raw count alone."""
    page = BeautifulSoup((_audit(tmp_path) / "report.html").read_text("utf-8"), "lxml")

    def cell(title: str) -> str:
        td = page.find("td", attrs={"title": title})
        assert td is not None, title
        return td.get_text("", strip=True)

    assert cell("包子 第3天").startswith("12") and "有效 6（水帖 6）" in cell("包子 第3天")
    assert cell("饺子 第1天").startswith("11") and "有效" not in cell("饺子 第1天")


def test_a_page_saved_later_with_no_new_post_is_checked(tmp_path: Path) -> None:
    """A night whose only news is a saved page showing another signature (no new, edited
    or deleted post) is no 'nothing new' night: the check runs and the report shows it."""
    import shutil

    pages = tmp_path / "pages"
    shutil.copytree(SAMPLE / "pages", pages)
    held = tmp_path / "held"
    shutil.move(pages / "saved-1120-1400", held)
    shutil.rmtree(pages / "saved-1123-0900")
    game = game_copy(SAMPLE / "game.toml", tmp_path / "game.toml", pages=pages)
    runner = CliRunner()
    args = ["audit", str(game), "--reports", str(tmp_path / "reports"), "-q"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output

    def codes() -> set[tuple[str, str]]:
        (latest,) = (tmp_path / "reports").glob("*/latest")
        return {(r["code"], r["player"]) for r in report_rows(latest / "findings.csv")}

    assert not {c for c in codes() if c[0] == "PROFILE-SIGNATURE"}  # one sighting time only
    shutil.move(held, pages / "saved-1120-1400")  # the director adds the day-1 save
    again = runner.invoke(app, args)
    assert again.exit_code == 0, again.output
    assert "没有变化" not in again.output, again.output
    assert ("PROFILE-SIGNATURE", "汤圆") in codes(), (
        again.output
    )  # 好人一枚 11-20 14:00, changed by 11-28
