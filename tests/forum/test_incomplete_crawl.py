"""A night whose crawl failed part-way drafts no lurking cards from the partial data
(acceptance finding: a 500 on one page produced 7 false LURK-DAY drafts)."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from typer.testing import CliRunner

from auditor.cli import app
from auditor.forum.crawl import crawl
from auditor.rules.engine import check
from auditor.store import Store
from tests.forum.test_crawl import fetcher, game_file, serve
from tests.forum_server import ForumServer
from tools.writer import parse_script

TZ = ZoneInfo("Asia/Shanghai")
LATER = datetime(2026, 12, 10, tzinfo=TZ)


def two_player_script() -> object:
    """饺子 posts on pages 1-2; 包子 only on page 3 (floors 21-27)."""
    start = datetime(2026, 11, 22, 20, 0, tzinfo=TZ)
    posts = [
        {
            "author": "饺子" if i < 20 else "包子",
            "at": start + timedelta(minutes=i),
            "message": f"第 {i + 1} 帖",
            "pid": 100 + i,
        }
        for i in range(27)
    ]
    return parse_script(
        {
            "forum": {
                "base_url": "http://bbs.example.com/",
                "charset": "utf-8",
                "timezone": "Asia/Shanghai",
                "rendered_at": datetime(2026, 12, 20, tzinfo=TZ),
            },
            "members": {"导演": 1, "饺子": 2, "包子": 3},
            "thread": [{"tid": 2, "fid": 2, "subject": "讨论帖", "post": posts}],
        }
    )


def lurkers(store: Store) -> set[str]:
    return {r["player"] for r in store.findings() if r["code"] == "LURK-DAY"}


def test_counting_rules_wait_for_a_complete_crawl(tmp_path: Path) -> None:
    with ForumServer(None) as server, Store(tmp_path / "g.sqlite") as store:
        game = game_file(tmp_path, server.base_url, [2])
        serve(server, two_player_script())
        server.fault("forum.php?mod=viewthread&tid=2&page=3", ["500"], forever=True)
        with fetcher(server) as f:
            report = crawl(game, store, fetcher=f, now=LATER)
        assert not report.ok and report.incomplete_tids(game) == {2}
        result = check(game, store, now=LATER, incremental=True, incomplete_tids={2})
        # 包子's posts are on the page that failed: he is not a lurker, and no draft says so.
        assert result.incomplete_days == (1,)
        assert lurkers(store) == set()
        # The next night reads everything: day 1 is judged then, even with nothing new.
        server.fault("forum.php?mod=viewthread&tid=2&page=3", ["ok"], forever=True)
        with fetcher(server) as f:
            assert crawl(game, store, fetcher=f, now=LATER, full=True).ok
        result = check(game, store, now=LATER, incremental=True)
        assert result.incomplete_days == () and 1 in result.rechecked_days
        assert lurkers(store) == set()  # 7 posts each: nobody lurks


def test_held_day_is_judged_later_without_new_posts(tmp_path: Path) -> None:
    """All posts are stored; a later night fails on one page; the night after that is
    complete and brings nothing new: the held day is judged again all the same (with a
    minimum of 10 posts, 包子's 7 are lurking and stay so)."""
    with ForumServer(None) as server, Store(tmp_path / "g.sqlite") as store:
        game = game_file(tmp_path, server.base_url, [2])
        text = game.path.read_text("utf-8") + "\n[rules.LURK-DAY]\nmin_posts = 10\n"
        game.path.write_text(text, "utf-8")
        from auditor.game.gamefile import load_game

        game = load_game(game.path)
        serve(server, two_player_script())
        with fetcher(server) as f:
            crawl(game, store, fetcher=f, now=LATER)
        check(game, store, now=LATER, incremental=True)
        assert lurkers(store) == {"包子"}  # 7 < 10
        # A failing night: the stored LURK-DAY is neither confirmed nor retired.
        result = check(game, store, now=LATER, incremental=True, incomplete_tids={2})
        assert result.incomplete_days == (1,) and lurkers(store) == {"包子"}
        result = check(game, store, now=LATER, incremental=True)
        assert 1 in result.rechecked_days and lurkers(store) == {"包子"}


def test_audit_says_which_days_wait(tmp_path: Path) -> None:
    with ForumServer(None) as server:
        game = game_file(tmp_path, server.base_url, [2])
        serve(server, two_player_script())
        # A login page (no retries, unlike a 500) on the page holding 包子's posts.
        server.fault("forum.php?mod=viewthread&tid=2&page=3", ["login"], forever=True)
        res = CliRunner().invoke(
            app, ["audit", str(game.path), "--reports", str(tmp_path / "r"), "-q"]
        )
        assert res.exit_code == 1, res.output
        assert "第1天的帖子没有抓全，潜水和投票暂不判定" in res.output
        with Store(game.store) as store:
            assert lurkers(store) == set()


def test_a_check_without_a_crawl_remembers_what_the_crawl_missed(tmp_path: Path) -> None:
    """`auditor check` or `audit --no-crawl` after an incomplete crawl must not judge the
    missing days from partial data either: the crawl records what it could not read."""
    with ForumServer(None) as server, Store(tmp_path / "g.sqlite") as store:
        game = game_file(tmp_path, server.base_url, [2])
        serve(server, two_player_script())
        server.fault("forum.php?mod=viewthread&tid=2&page=3", ["500"], forever=True)
        with fetcher(server) as f:
            crawl(game, store, fetcher=f, now=LATER)
        result = check(game, store, now=LATER)  # no incomplete_tids given
        assert result.incomplete_days == (1,) and lurkers(store) == set()
        # Once a crawl has read everything, the day is judged.
        server.fault("forum.php?mod=viewthread&tid=2&page=3", ["ok"], forever=True)
        with fetcher(server) as f:
            assert crawl(game, store, fetcher=f, now=LATER, full=True).ok
        assert check(game, store, now=LATER).incomplete_days == ()
