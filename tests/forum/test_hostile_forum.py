"""Hostile servers and pages through a whole audit (issue 13, items 2 and 10): a server that
sends a byte now and then meets the game's deadline and the lock is released; an endless
answer and an oversized saved page are refused by size, with what else was read kept."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

from auditor.game.gamefile import load_game
from auditor.pipeline import audit
from auditor.store import Store
from tests import paths
from tests.forum_server import ForumServer

REPO = paths.ROOT
SAMPLE = REPO / "examples" / "sample"
SLOW = "forum.php?mod=viewthread&tid=105&page=2"


def _sample(tmp_path: Path, forum: str) -> Path:
    game = tmp_path / "game"
    shutil.copytree(SAMPLE, game, ignore=shutil.ignore_patterns("*.sqlite*", "*.lock"))
    text = (game / "game.toml").read_text("utf-8")
    text = text.replace('pages = "pages/"', forum).replace("delay = 1.0", "delay = 0.0")
    (game / "game.toml").write_text(text, "utf-8")
    return game / "game.toml"


def _serve(server: ForumServer, pages: Path) -> None:
    for f in sorted(pages.glob("thread-*-p*.html")):
        tid, page = f.stem.removeprefix("thread-").split("-p")
        server.route(f"forum.php?mod=viewthread&tid={tid}&page={page}", f.read_bytes())


def test_a_slow_server_meets_the_deadline_and_the_lock_is_released(tmp_path: Path) -> None:
    with ForumServer(edition=None) as server:
        game_path = _sample(tmp_path, 'url = "{}"\napi = false\ndeadline = 2')
        game_path.write_text(game_path.read_text("utf-8").replace("{}", server.base_url), "utf-8")
        _serve(server, game_path.parent / "pages")
        server.fault(SLOW, ["slow:0.5"], forever=True)  # a byte every 0.5 s, for ever
        started = time.monotonic()
        result = audit(game_path, reports=tmp_path / "reports")
        took = time.monotonic() - started
    assert took < 60, took
    assert any("总时限" in p and "tid=105" in p for p in result.problems), result.problems
    assert result.report is not None  # the report is still written from what was read
    with Store(load_game(game_path).store) as store:
        store.lock()  # released: a later run may start
        assert store.post_count() > 150


def test_an_endless_answer_is_refused_by_size(tmp_path: Path) -> None:
    with ForumServer(edition=None) as server:
        game_path = _sample(tmp_path, 'url = "{}"\napi = false\nmax_page_mb = 1')
        game_path.write_text(game_path.read_text("utf-8").replace("{}", server.base_url), "utf-8")
        _serve(server, game_path.parent / "pages")
        server.fault(SLOW, ["endless"], forever=True)
        result = audit(game_path, reports=tmp_path / "reports")
    assert any("页面太大" in p and "1 MB" in p for p in result.problems), result.problems


def test_an_oversized_saved_page_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    game_path = _sample(tmp_path, 'pages = "pages/"\nmax_page_mb = 1')
    big = game_path.parent / "pages" / "thread-105-p2.html"
    html = big.read_text("utf-8")
    # SYNTHETIC: a real page grown past the limit (a saved page with inline images)
    padded = html.replace("</body>", "<!-- " + "填充" * 600_000 + " -->\n</body>")
    big.write_text(padded, "utf-8")
    result = audit(game_path, reports=tmp_path / "reports")
    assert any(
        "页面太大" in p and "thread-105-p2.html" in p and "max_page_mb" in p
        for p in result.problems
    ), result.problems
    with Store(load_game(game_path).store) as store:
        assert store.post_count() > 150  # the other pages are read
