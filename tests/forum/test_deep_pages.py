"""Pages that reach the HTML parser's limits (issue 13, item 1): deeply nested quotes never
drop posts, and a page that yields fewer posts than it holds is a page problem, never a
silent drop.  Pages come from the project's page writer (the sample game plus one post)."""

from __future__ import annotations

import shutil
from pathlib import Path

from auditor.game.gamefile import load_game
from auditor.pipeline import audit
from auditor.store import Store
from tests import paths

REPO = paths.ROOT
SAMPLE = REPO / "examples" / "sample"
SAMPLE_POSTS = 207  # the sample game, process thread 108 and issue 18's cases included


def _game_with_nesting(tmp_path: Path, open_tag: str, close_tag: str, depth: int) -> Path:
    """The sample game's desktop pages, with a SYNTHETIC variant of post 1003 (page 1 of the
    day-1 thread; posts follow it there and on the next pages): ``depth`` nested elements
    before its own text, as a hostile page or server can send (Discuz! itself renders
    nested [quote]s in one pass, not as nested blocks)."""
    game = tmp_path / "game"
    shutil.copytree(SAMPLE, game, ignore=shutil.ignore_patterns("*.sqlite*", "*.lock", "api-*"))
    page = game / "pages" / "thread-101-p1.html"
    html = page.read_text("utf-8")
    opening = '<td class="t_f" id="postmessage_1003">'
    assert html.count(opening) == 1
    nested = open_tag * depth + "最里面的一层" + close_tag * depth
    page.write_text(html.replace(opening, opening + nested), "utf-8")
    return game / "game.toml"


def _posts(game_path: Path) -> set[int]:
    with Store(load_game(game_path).store) as store:
        return {sp.post.pid for sp in store.posts()}


QUOTE = ('<div class="quote"><blockquote>', "</blockquote></div>")


def test_deeply_nested_quotes_lose_no_post(tmp_path: Path) -> None:
    # 130 levels: past libxml2's default limit of 256 nested elements
    game_path = _game_with_nesting(tmp_path, *QUOTE, 130)
    result = audit(game_path, reports=tmp_path / "reports")
    assert result.problems == []
    assert len(_posts(game_path)) == SAMPLE_POSTS
    with Store(load_game(game_path).store) as store:
        (deep,) = [sp.post for sp in store.posts() if sp.post.pid == 1003]
    assert deep.quotes and "最里面的一层" not in deep.text  # quoted text is not the poster's
    assert deep.text.strip()  # the post's own text is read


def test_quotes_deeper_than_any_parser_limit_lose_no_post(tmp_path: Path) -> None:
    game_path = _game_with_nesting(tmp_path, *QUOTE, 1500)
    result = audit(game_path, reports=tmp_path / "reports")
    assert result.problems == []
    assert len(_posts(game_path)) == SAMPLE_POSTS


def test_a_page_that_yields_fewer_posts_than_it_holds_is_a_problem(tmp_path: Path) -> None:
    # 2100 nested <strong>: deeper than the parser can go even with huge_tree
    game_path = _game_with_nesting(tmp_path, "<strong>", "</strong>", 2100)
    result = audit(game_path, reports=tmp_path / "reports")
    assert not result.ok
    assert any("页面上的帖子没有全部读出" in p for p in result.problems), result.problems
