"""The crawl over real HTTP on loopback: real captures, injected faults, incremental reruns.

The forum is tests/forum_server.py serving the real Discuz! captures in place (or pages
the project's own writer renders); nothing is mocked.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.forum.crawl import crawl
from auditor.forum.fetch import Fetcher
from auditor.game.gamefile import Game, load_game
from auditor.store import Store
from tests.discuz_data import DISCUZ_DIR
from tests.forum_server import ForumServer
from tools.writer import parse_script, render_thread_pages

TZ = ZoneInfo("Asia/Shanghai")


def game_file(
    tmp_path: Path,
    url: str,
    tids: list[int],
    *,
    api: bool | str = False,
    days: str | None = None,
    refetch_hours: float = 48,
) -> Game:
    threads = "".join(f'[[thread]]\ntid = {t}\nkind = "discussion"\nday = 1\n\n' for t in tids)
    api_value = json.dumps(api)
    days = days or (
        "[[day]]\nnumber = 1\nopens = 2026-11-22T20:00:00+08:00\n"
        "closes = 2026-11-23T00:30:00+08:00\n"
    )
    text = f"""
[game]
name = "M107"
ruleset = "m107"
directors = ["导演"]
[forum]
url = "{url}"
delay = 0
api = {api_value}
refetch_hours = {refetch_hours}
[players]
names = ["饺子", "包子"]
{threads}
{days}
"""
    path = tmp_path / "game.toml"
    path.write_text(text, encoding="utf-8")
    return load_game(path)


def manifest_visible(edition: str = "x35-utf8") -> dict[int, set[int]]:
    m = json.loads((DISCUZ_DIR / edition / "manifest.json").read_text("utf-8"))
    out: dict[int, set[int]] = {}
    for p in m["posts"]:
        if p["invisible"] == 0 or p["banned_by_moderator"]:
            out.setdefault(p["tid"], set()).add(p["pid"])
    return out


def fetcher(server: ForumServer) -> Fetcher:
    return Fetcher(server.base_url, delay=0, retries=2, backoff=0, timeout=3, sleep=lambda s: None)


def stored_pids(store: Store, tid: int) -> set[int]:
    return {sp.post.pid for sp in store.posts(tid=tid) if sp.post.pid is not None}


@pytest.mark.discuz
@pytest.mark.parametrize("api", [False, True], ids=["desktop", "api"])
def test_crawl_real_captures(tmp_path: Path, api: bool) -> None:
    truth = manifest_visible()
    with ForumServer("x35-utf8") as server, Store(tmp_path / "g.sqlite") as store:
        game = game_file(tmp_path, server.base_url, [1, 2, 3, 4, 5], api=api)
        with fetcher(server) as f:
            report = crawl(game, store, fetcher=f, now=datetime(2026, 11, 30, tzinfo=TZ))
        assert report.ok, report.problems
        for tid in (1, 2, 3, 4, 5):
            assert stored_pids(store, tid) == truth[tid], tid
        assert set(report.sources.values()) == {"api" if api else "html"}
        # Desktop: one request per page (thread 2 has 5); API: one per 50 posts.
        expected_requests = 1 + 5 + 2 + 3 + 2 if not api else 5
        assert report.requests == expected_requests
        assert server.count() == expected_requests
        # The hidden (屏蔽) post is kept as hidden with author and time.
        hidden = [sp.post for sp in store.posts(tid=2) if sp.post.hidden]
        assert [p.pid for p in hidden] == [38]


@pytest.mark.discuz
def test_api_503_falls_back_to_desktop(tmp_path: Path) -> None:
    """The real X3.5 member API answer for tid 57 is an HTTP 503 HTML error page."""
    with ForumServer("x35-edge", viewer="member") as server, Store(tmp_path / "g.sqlite") as store:
        api_path = "api/mobile/index.php?version=4&module=viewthread&tid=57&page=1&ppp=50"
        server.use_capture(api_path, "member/api-viewthread-57-p1.json")
        game = game_file(tmp_path, server.base_url, [57], api=True)
        with fetcher(server) as f:
            report = crawl(game, store, fetcher=f, now=datetime(2026, 12, 30, tzinfo=TZ))
        assert report.ok, report.problems
        assert report.sources == {57: "html"}
        assert len(stored_pids(store, 57)) == 6


@pytest.mark.discuz
def test_login_page_is_a_problem_and_keeps_what_was_stored(tmp_path: Path) -> None:
    with ForumServer("x35-utf8") as server, Store(tmp_path / "g.sqlite") as store:
        game = game_file(tmp_path, server.base_url, [3, 6, 5])
        with fetcher(server) as f:
            report = crawl(game, store, fetcher=f)
        assert not report.ok
        (problem,) = report.problems
        assert problem.kind == "login_required" and problem.tid == 6
        assert "tid=6" in problem.url
        # Threads before and after the failing one are stored; nothing says "0 posts" for 6.
        assert len(stored_pids(store, 3)) == 17 and len(stored_pids(store, 5)) == 11
        assert stored_pids(store, 6) == set()


@pytest.mark.discuz
@pytest.mark.parametrize(
    ("steps", "ok", "kind"),
    [
        (["500", "ok"], True, None),
        (["429:0", "ok"], True, None),
        (["reset", "ok"], True, None),
        (["truncated", "truncated", "truncated", "truncated"], False, "truncated"),
        (["antibot"], False, "anti_bot"),
        (["challenge"], False, "anti_bot"),
        (["missing"], False, "thread_missing"),
        # Seen by a guest (discuz_uid 0), "没有权限" means: log in first.
        (["no-permission"], False, "login_required"),
    ],
)
def test_faults_mid_thread(tmp_path: Path, steps: list[str], ok: bool, kind: str | None) -> None:
    with ForumServer("x35-utf8") as server, Store(tmp_path / "g.sqlite") as store:
        server.fault("forum.php?mod=viewthread&tid=2&page=3", steps)
        game = game_file(tmp_path, server.base_url, [2])
        with fetcher(server) as f:
            report = crawl(game, store, fetcher=f)
        assert report.ok is ok, report.problems
        if ok:
            assert len(stored_pids(store, 2)) == 41
        else:
            assert [p.kind for p in report.problems] == [kind]
            # Pages 1 and 2 were stored before the fault and survive it.
            assert len(stored_pids(store, 2)) == 20


def test_anti_bot_stops_the_whole_crawl(tmp_path: Path) -> None:
    with ForumServer(None) as server, Store(tmp_path / "g.sqlite") as store:
        server.fault("forum.php?mod=viewthread&tid=2&page=1", ["antibot"], forever=True)
        game = game_file(tmp_path, server.base_url, [2, 3])
        with fetcher(server) as f:
            report = crawl(game, store, fetcher=f)
        assert [p.kind for p in report.problems] == ["anti_bot"]
        assert server.count("forum.php?mod=viewthread&tid=3&page=1") == 0


# ---------------------------------------------------------------------------- incremental


def script(
    posts: int, *, deleted: set[int] = frozenset(), edited: dict[int, str] | None = None
) -> object:
    edited = edited or {}
    start = datetime(2026, 11, 22, 20, 0, tzinfo=TZ)
    thread_posts = []
    for i in range(posts):
        p = {
            "author": "饺子" if i % 2 else "包子",
            "at": start + timedelta(minutes=i),
            "message": edited.get(i, f"第 {i + 1} 帖"),
            "pid": 100 + i,
        }
        if i in deleted:
            p["deleted"] = True
        if i in edited:
            p["edited_at"] = start + timedelta(minutes=i, seconds=90)
        thread_posts.append(p)
    return parse_script(
        {
            "forum": {
                "base_url": "http://bbs.example.com/",
                "charset": "utf-8",
                "timezone": "Asia/Shanghai",
                "rendered_at": datetime(2026, 12, 20, tzinfo=TZ),
                "ppp": 10,
            },
            "members": {"导演": 1, "饺子": 2, "包子": 3},
            "thread": [{"tid": 2, "fid": 2, "subject": "讨论帖", "post": thread_posts}],
        }
    )


def serve(server: ForumServer, s: object) -> None:
    for url, body, ctype in render_thread_pages(s, 2):  # type: ignore[arg-type]
        if url.startswith("forum.php"):
            server.route(url, body, content_type=ctype)


def desktop_requests(server: ForumServer) -> list[str]:
    return [r.path for r in server.requests if "viewthread" in r.path]


def test_second_crawl_fetches_only_the_last_page_and_later(tmp_path: Path) -> None:
    closed_long_ago = datetime(2026, 12, 10, tzinfo=TZ)  # day 1 closed 11-23; window 48 h
    with ForumServer(None) as server, Store(tmp_path / "g.sqlite") as store:
        game = game_file(tmp_path, server.base_url, [2])
        serve(server, script(25))
        with fetcher(server) as f:
            first = crawl(game, store, fetcher=f, now=closed_long_ago)
        assert first.ok and first.requests == 3 and first.new_posts == 25
        server.clear_log()
        serve(server, script(47))  # 22 new posts: pages 3 (end), 4 and 5
        with fetcher(server) as f:
            second = crawl(game, store, fetcher=f, now=closed_long_ago)
        assert second.ok and second.new_posts == 22
        assert [q.rsplit("page=", 1)[1] for q in desktop_requests(server)] == ["3", "4", "5"]
        assert len(stored_pids(store, 2)) == 47
        # The summary's comparison: refetching everything would have read all 5 pages.
        assert (second.requests, second.full_requests) == (3, 5)
        assert first.full_requests == 3
        # ... said when it saved requests; a first crawl (as many or more) says nothing of it
        from auditor.cli.console import _versus_full

        assert _versus_full(second) == "（逐页全部重新抓取要 5 次）"
        assert _versus_full(first) == ""


def test_thread_in_refetch_window_is_reread_and_edits_deletions_recorded(tmp_path: Path) -> None:
    inside_window = datetime(2026, 11, 24, 12, tzinfo=TZ)  # 36 h after day 1 closed
    with ForumServer(None) as server, Store(tmp_path / "g.sqlite") as store:
        game = game_file(tmp_path, server.base_url, [2])
        serve(server, script(25))
        with fetcher(server) as f:
            crawl(game, store, fetcher=f, now=inside_window)
        server.clear_log()
        serve(server, script(25, deleted={3}, edited={5: "投票对象：饺子（改过）"}))
        with fetcher(server) as f:
            again = crawl(game, store, fetcher=f, now=inside_window)
        assert [q.rsplit("page=", 1)[1] for q in desktop_requests(server)] == ["1", "2", "3"]
        assert again.deleted == [103] and again.changed_posts == 1
        assert 103 not in stored_pids(store, 2)
        # The deleted post is marked, not dropped; the edited one keeps its first version.
        assert any(sp.deleted and sp.post.pid == 103 for sp in store.posts(include_deleted=True))
        versions = store.versions(105)
        assert [p.text for _, _, p in versions] == ["第 6 帖", "投票对象：饺子（改过）"]


def test_full_refetches_everything(tmp_path: Path) -> None:
    with ForumServer(None) as server, Store(tmp_path / "g.sqlite") as store:
        game = game_file(tmp_path, server.base_url, [2])
        serve(server, script(25))
        later = datetime(2026, 12, 10, tzinfo=TZ)
        with fetcher(server) as f:
            crawl(game, store, fetcher=f, now=later)
            server.clear_log()
            crawl(game, store, fetcher=f, now=later, full=True)
        assert len(desktop_requests(server)) == 3


# ---------------------------------------------------------------------------- CLI


def test_cli_exit_codes(tmp_path: Path) -> None:
    runner = CliRunner()
    with ForumServer(None) as server:
        serve(server, script(12))
        game = game_file(
            tmp_path, server.base_url, [2, 9]
        )  # tid 9 is not served (404, not Discuz!)
        res = runner.invoke(app, ["crawl", str(game.path)])
        assert res.exit_code == 1, res.output
        assert "问题" in res.output
        res = runner.invoke(app, ["posts", str(game.path), "--format", "csv"])
        assert res.exit_code == 0
        lines = res.stdout.strip().splitlines()
        assert lines[0].startswith("tid,pid,floor,author,author_uid,posted_at,edited,hidden,text")
        assert len(lines) == 1 + 12
    bad = tmp_path / "bad.toml"
    bad.write_text("[game]\nname='x'\n", encoding="utf-8")
    res = runner.invoke(app, ["crawl", str(bad)])
    assert res.exit_code == 3 and "game.ruleset" in res.output
