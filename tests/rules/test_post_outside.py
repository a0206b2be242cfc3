"""POST-OUTSIDE (M107 违规判定 6(3), 030 6(3) 在当场版杀以外的帖子中发言) end to end over real
HTTP: the players' own posts lists are pages the project's writer renders FROM THE
DOCUMENTED TEMPLATE, NOT A CAPTURE (template/default/home/space_thread.htm of X3.5; the
captures hold no such page), served by tests/forum_server.py; the crawl reads them once a
night, the rule places each item by its ids."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from auditor.forum.crawl import crawl
from auditor.forum.fetch import Fetcher
from auditor.forum.parse.space import parse_space
from auditor.game.gamefile import Game, load_game
from auditor.models import FetchedPage
from auditor.rules.engine import build_context, reads_spaces, ruleset_for, run_rules, space_warning
from auditor.store import Store
from tests.forum_server import ForumServer
from tools.writer import parse_script, render_space_pages, render_thread_pages, space_url

TZ = ZoneInfo("Asia/Shanghai")


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 11, day, hour, minute, tzinfo=TZ)


def post(author: str, when: datetime, message: str, pid: int) -> dict[str, object]:
    return {"author": author, "at": when, "message": message, "pid": pid}


# pids grow with time across the whole forum, as Discuz! numbers them
THREADS = [
    # an old thread elsewhere: 包子's reply there is from before the game
    {
        "tid": 40,
        "fid": 5,
        "subject": "老帖：上个月的聚会",
        "post": [post("路人", at(15, 10), "聚会照片", 1), post("包子", at(15, 11), "好怀念", 2)],
    },
    {
        "tid": 41,
        "fid": 2,
        "subject": "[M107] 规则帖",
        "post": [post("导演", at(19, 20), "规则", 3)],
    },
    {
        "tid": 42,
        "fid": 2,
        "subject": "[M107] 第一天讨论帖",
        "post": [
            post("导演", at(20, 9), "第一天开始", 4),
            post("包子", at(20, 10), "我是好人", 5),
            post("饺子", at(20, 11), "我也是", 7),
        ],
    },
    # during day 1, in another board: the draft
    {
        "tid": 43,
        "fid": 5,
        "subject": "今天吃什么",
        "post": [
            post("路人", at(20, 10, 30), "问问大家", 6),
            post("包子", at(20, 11, 30), "吃包子，我是预言家", 8),
        ],
    },
    {
        "tid": 44,
        "fid": 2,
        "subject": "[M107] 第二天讨论帖",
        "post": [post("导演", at(21, 9), "第二天开始", 9), post("饺子", at(21, 10), "早", 10)],
    },
    # a thread 饺子 starts on day 2 elsewhere
    {
        "tid": 45,
        "fid": 5,
        "subject": "饺子的求助帖",
        "post": [post("饺子", at(21, 12), "电脑坏了", 11)],
    },
]

GAME = """
[game]
name = "M107"
ruleset = "m107"
directors = ["导演"]
[forum]
url = "{url}"
delay = 0
[players]
names = ["饺子", "包子"]
uids = {{ "饺子" = 2, "包子" = 3 }}
[[thread]]
tid = 41
kind = "rules"
[[thread]]
tid = 42
kind = "discussion"
day = 1
[[thread]]
tid = 44
kind = "discussion"
day = 2
[[day]]
number = 1
opens = 2026-11-20T09:00:00+08:00
closes = 2026-11-20T22:00:00+08:00
[[day]]
number = 2
opens = 2026-11-21T09:00:00+08:00
closes = 2026-11-21T22:00:00+08:00
{rules}
"""
ON = "[rules.POST-OUTSIDE]\nenabled = true\n"


def serve(server: ForumServer, upto: datetime) -> None:
    """The forum as it stands at ``upto``: thread pages and every member's lists."""
    threads = []
    for t in THREADS:
        posts = [p for p in t["post"] if p["at"] <= upto]  # type: ignore[index, operator]
        if posts:
            threads.append({**t, "post": posts})
    script = parse_script(
        {
            "forum": {
                "base_url": "http://bbs.example.com/",
                "rendered_at": upto,
                "boards": {"2": "版杀区", "5": "灌水区"},
            },
            "members": {"导演": 1, "饺子": 2, "包子": 3, "路人": 20},
            "thread": threads,
        }
    )
    for tid in script.threads:
        for url, body, ctype in render_thread_pages(script, tid):
            server.route(url, body, content_type=ctype)
    for url, body, ctype in render_space_pages(script):
        server.route(url, body, content_type=ctype)


def game_at(tmp_path: Path, url: str, rules: str = ON) -> Game:
    path = tmp_path / "game.toml"
    path.write_text(GAME.format(url=url, rules=rules), encoding="utf-8")
    return load_game(path)


def night(game: Game, store: Store, server: ForumServer, now: datetime) -> int:
    """One nightly crawl; returns the requests made for the posts lists."""
    serve(server, now)
    before = len([r for r in server.requests if "mod=space" in r.path])
    with Fetcher(server.base_url, delay=0, retries=0, backoff=0, timeout=3) as f:
        report = crawl(game, store, fetcher=f, now=now, use_api=False, spaces=reads_spaces(game))
    unopened = {t["tid"] for t in THREADS if t["post"][0]["at"] > now}  # type: ignore[index]
    assert all(p.tid in unopened for p in report.problems), report.problems
    return len([r for r in server.requests if "mod=space" in r.path]) - before


def findings(game: Game, store: Store, now: datetime) -> list[object]:
    rs = ruleset_for(game)
    ctx = build_context(game, store, now=now, ruleset=rs)
    return run_rules(ctx, rs, codes=["POST-OUTSIDE"])


def test_the_writers_lists_parse_as_the_template_lays_them_out() -> None:
    """Synthetic (the documented template): the replies list groups replies by thread,
    newest first, with the board; the threads list holds the threads the member started."""
    script = parse_script(
        {
            "forum": {
                "base_url": "http://bbs.example.com/",
                "boards": {"2": "版杀区", "5": "灌水区"},
            },
            "members": {"导演": 1, "饺子": 2, "包子": 3, "路人": 20},
            "thread": THREADS,
        }
    )
    pages = dict((url, body) for url, body, _ in render_space_pages(script))
    replies = parse_space(
        FetchedPage(
            url="http://bbs.example.com/" + space_url(3, "reply"),
            status=200,
            body=pages[space_url(3, "reply")],
            content_type="text/html; charset=utf-8",
        )
    )
    assert [(i.tid, i.pid, i.board) for i in replies.items] == [
        (43, 8, "灌水区"),
        (42, 5, "版杀区"),
        (40, 2, "灌水区"),
    ]
    assert (
        replies.items[0].subject == "今天吃什么"
        and replies.items[0].excerpt == "吃包子，我是预言家"
    )
    started = parse_space(
        FetchedPage(
            url="http://bbs.example.com/" + space_url(2, "thread"),
            status=200,
            body=pages[space_url(2, "thread")],
            content_type="text/html; charset=utf-8",
        )
    )
    assert [(i.tid, i.pid, i.subject) for i in started.items] == [(45, None, "饺子的求助帖")]
    others = parse_space(
        FetchedPage(
            url="http://bbs.example.com/" + space_url(20, "thread"),
            status=200,
            body=pages[space_url(20, "thread")],
            content_type="text/html; charset=utf-8",
        )
    )
    assert [(i.tid, i.pid) for i in others.items] == [(43, None), (40, None)]  # newest first


def test_posts_outside_the_game_during_its_days_are_drafts(tmp_path: Path) -> None:
    with ForumServer(None) as server, Store(tmp_path / "g.sqlite") as store:
        game = game_at(tmp_path, server.base_url)
        # night 1: one replies list and one threads list per player (never read before)
        assert night(game, store, server, at(20, 23)) == 4
        # the same night again: nothing due
        assert night(game, store, server, at(20, 23, 30)) == 0
        # night 2: 包子's 主题 count is what it was: only his replies list; 饺子 started a
        # thread (the author panel's 主题 went from 0 to 1): both of his lists
        assert night(game, store, server, at(21, 23)) == 3
        found = findings(game, store, at(21, 23))
    by = {(f.player, f.tid): f for f in found}  # type: ignore[attr-defined]
    assert set(by) == {("包子", 43), ("饺子", 45)}
    reply = by[("包子", 43)]
    assert reply.day == 1 and reply.card == "blue"  # type: ignore[attr-defined]
    assert "《今天吃什么》（灌水区）" in reply.note  # type: ignore[attr-defined]
    assert "forum.php?mod=redirect&goto=findpost&ptid=43&pid=8" in reply.note  # type: ignore[attr-defined]
    thread = by[("饺子", 45)]
    assert thread.day == 2 and "发主题：《饺子的求助帖》" in thread.note  # type: ignore[attr-defined]


def test_off_by_default_and_saved_pages_say_they_cannot_look(tmp_path: Path) -> None:
    with ForumServer(None) as server, Store(tmp_path / "g.sqlite") as store:
        game = game_at(tmp_path, server.base_url, rules="")
        assert not reads_spaces(game)
        assert night(game, store, server, at(20, 23)) == 0
        assert space_warning(game) is None
    saved = tmp_path / "saved"
    (saved / "pages").mkdir(parents=True)
    path = saved / "game.toml"
    path.write_text(
        GAME.format(url="http://bbs.example.com/", rules=ON).replace(
            'url = "http://bbs.example.com/"', f'pages = "{(saved / "pages").as_posix()}"'
        ),
        encoding="utf-8",
    )
    offline = load_game(path)
    assert reads_spaces(offline)  # the lists saved in the folder are read
    note = space_warning(offline)  # none was saved
    assert note is not None and "保存的页面里没有玩家的个人空间列表" in note
    assert space_warning(offline, saved_lists=2) is None


def test_a_saved_list_says_whose_it_is_and_when_it_was_saved() -> None:
    """A saved file's URL names no uid or type: the page's current tab does, and its
    footer says when it was served (synthetic, the documented template)."""
    script = parse_script(
        {
            "forum": {
                "base_url": "http://bbs.example.com/",
                "rendered_at": at(22, 4, 30),
                "boards": {"2": "版杀区", "5": "灌水区"},
            },
            "members": {"导演": 1, "饺子": 2, "包子": 3, "路人": 20},
            "thread": THREADS,
        }
    )
    pages = dict((url, body) for url, body, _ in render_space_pages(script))
    for view in ("reply", "thread"):
        saved = parse_space(
            FetchedPage(
                url="file:///saved/%E5%8C%85%E5%AD%90.html",
                status=200,
                body=pages[space_url(3, view)],
            )
        )
        assert (saved.uid, saved.view) == (3, view)
        assert saved.served_at == at(22, 4, 30)
    assert [i.pid for i in saved.items] == []  # 包子 started no thread


def test_a_login_page_stops_the_reading_and_tells_the_director(tmp_path: Path) -> None:
    with ForumServer(None) as server, Store(tmp_path / "g.sqlite") as store:
        game = game_at(tmp_path, server.base_url)
        serve(server, at(20, 23))
        server.fault(space_url(2, "reply"), ["login"], forever=True)
        with Fetcher(server.base_url, delay=0, retries=0, backoff=0, timeout=3) as f:
            report = crawl(game, store, fetcher=f, now=at(20, 23), use_api=False, spaces=True)
        assert [p.tid for p in report.problems] == [44]  # only the day-2 thread, not open yet
        spaces = [r for r in server.requests if "mod=space" in r.path]
        assert len(spaces) == 1  # stopped at the first login page
        problem = store.check_state().space_problem
        assert problem.startswith("饺子 的回复列表")
        note = space_warning(game, problem=problem)
        assert note is not None and "cookies" in note
