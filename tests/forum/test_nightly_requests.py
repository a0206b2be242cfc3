"""Issue 16: nightly crawl requests are what changed.  The board list gives each thread's
reply count and last post time; an idle thread is not fetched, a grown one is fetched from
its last stored page, and every page is read again only for threads whose day closed
within the refetch window.  Requests are counted at the loopback server."""

from __future__ import annotations

import copy
import sys
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests import paths

sys.path.insert(0, str(paths.ROOT / "benchmarks"))

from generate import GameConfig, GeneratedGame, append_posts, generate_game, toml_text

from auditor.forum.crawl import CrawlReport, crawl
from auditor.forum.fetch import Fetcher
from auditor.game.gamefile import Game, load_game
from auditor.store import Store
from tests.forum_server import ForumServer
from tools.writer import parse_script, render_board_pages, render_thread_pages


def serve(server: ForumServer, gen: GeneratedGame, api_ppp: int | None = None) -> int:
    """Every desktop page of the game and its board list (and its API pages of
    ``api_ppp`` posts); returns the board-list pages."""
    data = gen.script if api_ppp is None else {**gen.script, "forum": {**gen.script["forum"]}}
    if api_ppp is not None:
        data["forum"]["api_ppp"] = api_ppp
    script = parse_script(data)
    for tid in script.threads:
        for url, body, ctype in render_thread_pages(script, tid):
            server.route(url, body, content_type=ctype)
    boards = 0
    for url, body, ctype in render_board_pages(script):
        server.route(url, body, content_type=ctype)
        boards += url.startswith("forum.php?mod=forumdisplay")
    return boards


def game_for(
    gen: GeneratedGame, tmp_path: Path, url: str, refetch_hours: float, api: object = False
) -> Game:
    data: dict[str, Any] = dict(gen.game)
    data["game"] = {**data["game"], "tag": data["game"]["name"]}
    data["forum"] = {
        "url": url,
        "delay": 0.0,
        "api": api,
        "board": 2,
        "refetch_hours": refetch_hours,
    }
    path = tmp_path / f"game-{refetch_hours:g}.toml"
    path.write_text(toml_text(data), encoding="utf-8")
    return load_game(path)


def pages_of(gen: GeneratedGame) -> dict[int, int]:
    ppp = int(gen.script["forum"]["ppp"])
    return {int(t["tid"]): -(-len(t["post"]) // ppp) for t in gen.script["thread"]}


def changed_pages(before: GeneratedGame, after: GeneratedGame) -> int:
    """Pages that hold a post the forum did not have before."""
    ppp = int(after.script["forum"]["ppp"])
    old = {int(t["tid"]): len(t["post"]) for t in before.script["thread"]}
    out = 0
    for t in after.script["thread"]:
        n_old, n_new = old.get(int(t["tid"]), 0), len(t["post"])
        if n_new > n_old:
            out += (n_new - 1) // ppp - n_old // ppp + 1
    return out


@pytest.fixture(scope="module")
def nights() -> tuple[GeneratedGame, GeneratedGame]:
    before = generate_game(GameConfig(posts=900, seed=11))
    return before, append_posts(before, 100)


def _night(
    server: ForumServer, game: Game, store: Store, now: datetime, *, full: bool = False
) -> tuple[int, CrawlReport]:
    server.clear_log()
    with Fetcher(server.base_url, delay=0) as f:
        report = crawl(game, store, fetcher=f, now=now, full=full)
    assert report.ok, report.problems
    return server.count(), report


def test_requests_after_new_posts_are_the_changed_pages_and_the_board_list(
    tmp_path: Path, nights: tuple[GeneratedGame, GeneratedGame]
) -> None:
    before, after = nights
    last = before.game["day"][-1]
    now = last["closes"] - timedelta(hours=1)  # the last day open, earlier days long closed
    with ForumServer(None) as server, Store(tmp_path / "g.sqlite") as store:
        boards = serve(server, before)
        game = game_for(before, tmp_path, server.base_url, refetch_hours=2)
        first, report = _night(server, game, store, now)
        assert first == boards + sum(pages_of(before).values())  # every page, once

        # Nothing new: the board list says every thread is idle, and nothing else is read.
        quiet, report = _night(server, game, store, now + timedelta(minutes=10))
        assert quiet == boards
        assert report.full_requests == sum(pages_of(before).values())
        assert set(report.sources) == {t.tid for t in game.threads}  # none left unread

        # 100 new posts: the pages that hold them and the board list, nothing more.
        serve(server, after)
        night, report = _night(server, game, store, now + timedelta(minutes=20))
        changed = changed_pages(before, after)
        assert report.new_posts == 100
        assert boards + 1 <= night <= changed + boards
        assert report.requests == night
        assert report.full_requests == sum(pages_of(after).values()) > 5 * night

        # The store now holds exactly what a full refetch reads.
        again, report = _night(server, game, store, now + timedelta(minutes=30), full=True)
        assert (report.new_posts, report.changed_posts, report.deleted) == (0, 0, [])
        assert again == boards + sum(pages_of(after).values())


def test_a_day_closed_within_the_window_has_its_threads_read_again_in_full(
    tmp_path: Path, nights: tuple[GeneratedGame, GeneratedGame]
) -> None:
    """The refetch window is spent only where a day closed within it: the threads of that
    day and the threads without a day; the open day's idle threads are not read."""
    before, after = nights
    days = before.game["day"]
    now = days[-1]["closes"] - timedelta(hours=1)
    hours = (now - days[-2]["closes"]).total_seconds() / 3600 + 1  # the previous day inside
    with ForumServer(None) as server, Store(tmp_path / "g.sqlite") as store:
        boards = serve(server, before)
        game = game_for(before, tmp_path, server.base_url, refetch_hours=hours)
        _night(server, game, store, now)
        serve(server, after)
        night, report = _night(server, game, store, now + timedelta(minutes=20))
    pages = pages_of(after)
    window = [t.tid for t in game.threads if t.day in (days[-2]["number"], None)]
    assert window and all(t.day != days[-1]["number"] for t in game.threads if t.tid in window)
    assert report.new_posts == 100
    assert night == boards + changed_pages(before, after) + sum(pages[t] for t in window)


def test_the_window_looks_through_the_api_and_still_catches_an_edit_and_a_deletion(
    tmp_path: Path, nights: tuple[GeneratedGame, GeneratedGame]
) -> None:
    """Issue 36: in the refetch window the closed day's threads are compared through the
    mobile API (50 posts a request) and read again on the desktop only from the first page
    holding a change.  A post edited and one deleted after the close (neither on a
    thread's last page) are caught, a full re-read afterwards finds nothing more, and the
    thread costs its API pages and its pages from the edited one on, not every page."""
    before, after = nights
    days = before.game["day"]
    now = days[-1]["closes"] - timedelta(hours=1)
    hours = (now - days[-2]["closes"]).total_seconds() / 3600 + 1  # the previous day inside
    edited = GeneratedGame(after.config, copy.deepcopy(after.script), after.game, [], 0)
    ppp = int(after.script["forum"]["ppp"])
    closed = {
        int(t["tid"])
        for t in (after.game.get("thread") or [])
        if t.get("day") == days[-2]["number"]
    }
    thread = max(
        (t for t in edited.script["thread"] if int(t["tid"]) in closed),
        key=lambda t: len(t["post"]),
    )
    posts = thread["post"]
    pages = -(-len(posts) // ppp)
    assert pages >= 6
    # one on the third page from the end, one on the next; the last page holds neither
    changed, gone = posts[(pages - 3) * ppp + 2], posts[(pages - 2) * ppp + 3]
    changed["message"] = str(changed["message"]) + " 补充一句"
    changed["edited_at"] = days[-2]["closes"] + timedelta(hours=2)  # after the close
    gone["deleted"] = True
    tid = int(thread["tid"])
    with ForumServer(None) as server, Store(tmp_path / "g.sqlite") as store:
        serve(server, before, api_ppp=50)
        game = game_for(before, tmp_path, server.base_url, refetch_hours=hours, api="auto")
        _night(server, game, store, now)
        serve(server, edited, api_ppp=50)
        _, report = _night(server, game, store, now + timedelta(minutes=20))
        assert report.new_posts == 100
        assert report.changed_posts == 1 and report.deleted == [int(gone["pid"])]
        text = store.posts_by_pid([int(changed["pid"])])[0].post.text
        assert "补充一句" in text
        asked = [r.path for r in server.requests_for() if f"tid={tid}&" in r.path]
        _, full = _night(server, game, store, now + timedelta(minutes=30), full=True)
        assert (full.new_posts, full.changed_posts, full.deleted) == (0, 0, [])
    # The thread's API pages, then its desktop pages from the edited one to the last.
    api = -(-len(posts) // 50)
    assert len([a for a in asked if "api/mobile" in a]) == api
    assert [a for a in asked if "api/mobile" not in a] == [
        f"/forum.php?mod=viewthread&tid={tid}&page={p}" for p in range(pages - 2, pages + 1)
    ]
    assert api + 3 < pages


def test_without_an_api_the_window_reads_every_page_as_before(
    tmp_path: Path, nights: tuple[GeneratedGame, GeneratedGame]
) -> None:
    """A forum whose mobile API does not answer (here: 404 for every API page asked with
    ``&ppp=50``): the window's threads are read in full on the desktop, as without a look."""
    before, after = nights
    days = before.game["day"]
    now = days[-1]["closes"] - timedelta(hours=1)
    hours = (now - days[-2]["closes"]).total_seconds() / 3600 + 1
    with ForumServer(None) as server, Store(tmp_path / "g.sqlite") as store:
        boards = serve(server, before)
        game = game_for(before, tmp_path, server.base_url, refetch_hours=hours, api="auto")
        _night(server, game, store, now)
        serve(server, after)
        night, report = _night(server, game, store, now + timedelta(minutes=20))
        desktop = [r for r in server.requests_for() if "api/mobile" not in r.path]
    pages = pages_of(after)
    window = [t.tid for t in game.threads if t.day in (days[-2]["number"], None)]
    assert report.new_posts == 100
    assert len(desktop) == boards + changed_pages(before, after) + sum(pages[t] for t in window)
    assert night > len(desktop)  # the API was asked first
