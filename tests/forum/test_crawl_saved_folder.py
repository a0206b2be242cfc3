"""A browser "Save as" folder holds more than thread pages: the board list, the forum's
index, a login page saved by mistake, and a ``NAME_files/`` folder per saved page.
Those are listed as skipped (file name and what the page is), never as problems that
make the crawl incomplete.

The sample game's pages are the project's own; the board list, index and login page are
real X3.5 captures read from ../shared/discuz and copied only into the test's tmp folder
(to play the director's folder); the non-Discuz page is a labelled synthetic file.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.forum.crawl import crawl
from auditor.game.gamefile import load_game
from auditor.store import Store
from tests import paths
from tests.discuz_data import DISCUZ_DIR

pytestmark = pytest.mark.discuz

SAMPLE = paths.ROOT / "examples" / "sample"
BOARD = "版杀区 - 版杀测试论坛 - Powered by Discuz!.html"


def _folder_game(tmp_path: Path) -> Path:
    folder = tmp_path / "saved"
    shutil.copytree(SAMPLE / "pages", folder)
    real = DISCUZ_DIR / "x35-utf8" / "guest"
    shutil.copy(real / "forumdisplay-2.html", folder / BOARD)
    shutil.copy(real / "forum-index.html", folder / "论坛 - Powered by Discuz!.html")
    # A board that guests may not read: Discuz!'s "please log in" message page.
    shutil.copy(real / "forumdisplay-3.html", folder / "提示信息 - 版杀测试论坛.html")
    assets = folder / (BOARD.removesuffix(".html") + "_files")
    assets.mkdir()
    (assets / "common.js").write_text("var discuz_uid = '0';", "utf-8")
    (assets / "style.css").write_text("body{}", "utf-8")
    shutil.copy(real / "forum-index.html", assets / "frame.html")  # a saved frame
    # Synthetic: a page of another site saved into the same folder.
    (folder / "其他网站.html").write_text(
        "<!DOCTYPE html><html><head><title>新闻</title></head><body>今日新闻</body></html>",
        "utf-8",
    )
    text = (SAMPLE / "game.toml").read_text("utf-8")
    game = tmp_path / "game.toml"
    game.write_text(text.replace('pages = "pages/"', f'pages = "{folder.as_posix()}"'), "utf-8")
    return game


def test_non_thread_pages_are_skipped_not_problems(tmp_path: Path) -> None:
    game = load_game(_folder_game(tmp_path))
    with Store(game.store) as store:
        report = crawl(game, store)
    assert report.problems == []
    skipped = dict(report.skipped_files)
    assert skipped == {
        BOARD: "版块帖子列表，不是帖子页面",
        # the sample's own board list (the page writer renders it)
        "forumdisplay-2-p1.html": "版块帖子列表，不是帖子页面",
        "api-forumdisplay-2-p1.json": "版块帖子列表，不是帖子页面",
        "论坛 - Powered by Discuz!.html": "论坛首页（版块目录），不是帖子页面",
        "提示信息 - 版杀测试论坛.html": "登录页（需要登录）",
        "其他网站.html": "不是 Discuz! 页面（其他网站）",
    }
    # Nothing inside the browser's NAME_files/ folder is read as a page.
    assert not any("_files" in name for name in skipped)
    assert report.new_posts > 0


def test_saved_folder_with_board_list_crawls_and_audits_with_exit_0(tmp_path: Path) -> None:
    game = _folder_game(tmp_path)
    runner = CliRunner()
    result = runner.invoke(app, ["crawl", str(game)])
    assert result.exit_code == 0, result.output
    assert f"跳过：{BOARD}（版块帖子列表，不是帖子页面）" in result.output
    assert "问题" not in result.output
    result = runner.invoke(app, ["audit", str(game), "--reports", str(tmp_path / "r"), "-q"])
    assert result.exit_code == 0, result.output


def test_a_thread_missing_from_the_folder_is_still_a_problem(tmp_path: Path) -> None:
    # Skipping non-thread pages must not hide a thread the director forgot to save.
    game_path = _folder_game(tmp_path)
    folder = tmp_path / "saved"
    for page in folder.glob("*-104-*"):
        page.unlink()
    game = load_game(game_path)
    with Store(game.store) as store:
        report = crawl(game, store)
    assert [p.tid for p in report.problems] == [104]


@pytest.mark.parametrize("with_board", [False, True])
def test_a_folder_with_no_thread_of_the_tag_is_a_problem_not_a_clean_night(
    tmp_path: Path, with_board: bool
) -> None:
    # A minimal game file (tag and board) over a folder that holds none of its threads:
    # empty, or a board list whose titles all lack the tag.  Nothing was audited.
    folder = tmp_path / "saved"
    folder.mkdir()
    if with_board:
        shutil.copy(DISCUZ_DIR / "x35-utf8" / "guest" / "forumdisplay-2.html", folder / BOARD)
    game_path = tmp_path / "game.toml"
    game_path.write_text(
        '[game]\nname = "兔子杀3"\nruleset = "rabbit030"\ntag = "兔子杀3"\n'
        '[players]\nnames = ["甲", "乙"]\n'
        f'[forum]\nboard = 2\npages = "{folder.as_posix()}"\n',
        "utf-8",
    )
    result = CliRunner().invoke(app, ["audit", str(game_path), "--reports", str(tmp_path / "r")])
    said = result.output + result.stderr
    assert result.exit_code == 1, said
    assert "没有问题" not in said
    if with_board:  # the board's titles say it: discovery's own notice
        assert "个帖子里没有一个标题带游戏标签「兔子杀3」" in said
    else:  # nothing at all in the folder: the crawl's problem
        assert "没有找到这局的帖子：保存的页面" in said
        assert "里没有版块列表页，也没有标题带「兔子杀3」的帖子" in said
        # `auditor game` then says what the last crawl found, not "never crawled"
        shown = CliRunner().invoke(app, ["game", str(game_path)])
        assert shown.exit_code == 0, shown.output
        assert "最近一次抓取" in shown.output and "没有找到这局的帖子" in shown.output
        assert "还没有抓取过" not in shown.output
