"""PROFILE-AVATAR compares the pictures (M107 违规判定 6(2), 030 6(4) 使用头像…透露信息): a stock
X3.5 avatar URL (``uc_server/avatar.php?uid=N``) stays the same whatever the picture, so
the crawl fetches each player's picture at most once a night over real HTTP (the loopback
forum server, UCenter's redirect to the picture file), conditionally where the server
gives validators, and the rule compares their hashes.  Pages from the project's writer."""

from __future__ import annotations

import hashlib
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from auditor.forum.crawl import crawl
from auditor.forum.fetch import Fetcher
from auditor.game.gamefile import Game, load_game
from auditor.rules.engine import build_context, reads_avatars, ruleset_for, run_rules
from auditor.store import Store
from tests.forum_server import ForumServer, RecordedRequest, Response
from tools.writer import parse_script, render_thread_pages

TZ = ZoneInfo("Asia/Shanghai")
PLAYERS = {"饺子": 2, "包子": 3, "馄饨": 4}


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 11, day, hour, minute, tzinfo=TZ)


GAME = """
[game]
name = "M107"
ruleset = "m107"
directors = ["导演"]
[forum]
url = "{url}"
delay = 0
[players]
names = ["饺子", "包子", "馄饨"]
uids = {{ "饺子" = 2, "包子" = 3, "馄饨" = 4 }}
[[thread]]
tid = 42
kind = "discussion"
day = 1
[[day]]
number = 1
opens = 2026-11-20T09:00:00+08:00
closes = 2026-11-20T22:00:00+08:00
[[day]]
number = 2
opens = 2026-11-21T09:00:00+08:00
closes = 2026-11-21T22:00:00+08:00
"""


class Avatars:
    """UCenter's avatar.php (a 302 to the picture file) and the picture files, served as
    a web server serves static files: ``ETag`` and ``Last-Modified``, and 304 to a
    conditional request that matches — except 饺子's, served without validators."""

    def __init__(self, server: ForumServer) -> None:
        self.pictures = {uid: f"picture of {uid}".encode() for uid in PLAYERS.values()}
        for uid in PLAYERS.values():
            file = f"data/avatar/000/00/00/{uid:02d}_avatar_middle.jpg"
            server.route(
                f"uc_server/avatar.php?uid={uid}&size=middle",
                Response(302, b"", None, [("Location", server.url(file))]),
            )
            server.route(file, self._file(uid))

    def _file(self, uid: int):  # type: ignore[no-untyped-def]
        def answer(req: RecordedRequest) -> Response:
            body = self.pictures[uid]
            if uid == 2:  # no validators: every fetch is a full 200
                return Response(200, body, "image/jpeg")
            etag = '"' + hashlib.md5(body).hexdigest() + '"'
            modified = f"Fri, 20 Nov 2026 0{len(body) % 10}:00:00 GMT"
            headers = [("ETag", etag), ("Last-Modified", modified)]
            if req.header("If-None-Match") == etag:
                return Response(304, b"", None, headers)
            return Response(200, body, "image/jpeg", headers)

        return answer


def serve_pages(server: ForumServer, members: dict[str, object] | None = None) -> None:
    script = parse_script(
        {
            "forum": {"base_url": server.base_url, "rendered_at": at(20, 23)},
            "members": {"导演": 1, **PLAYERS, **(members or {})},
            "thread": [
                {
                    "tid": 42,
                    "fid": 2,
                    "subject": "[M107] 第一天讨论帖",
                    "post": [
                        {"author": "导演", "at": at(20, 9), "message": "第一天开始"},
                        *(
                            {"author": name, "at": at(20, 10 + i), "message": "我是好人"}
                            for i, name in enumerate(PLAYERS)
                        ),
                    ],
                }
            ],
        }
    )
    for url, body, ctype in render_thread_pages(script, 42):
        server.route(url, body, content_type=ctype)


def game_at(tmp_path: Path, url: str) -> Game:
    path = tmp_path / "game.toml"
    path.write_text(GAME.format(url=url), encoding="utf-8")
    return load_game(path)


def night(game: Game, store: Store, server: ForumServer, now: datetime) -> list[RecordedRequest]:
    """One nightly crawl; the requests it made for avatars."""
    before = len(server.requests)
    with Fetcher(server.base_url, delay=0, retries=0, backoff=0, timeout=3) as f:
        report = crawl(game, store, fetcher=f, now=now, use_api=False, avatars=reads_avatars(game))
    assert report.ok, report.problems
    return [r for r in server.requests[before:] if "avatar" in r.path]


def test_a_new_picture_at_the_same_url_is_a_draft_and_unchanged_ones_cost_a_304(
    tmp_path: Path,
) -> None:
    with ForumServer(None) as server, Store(tmp_path / "g.sqlite") as store:
        serve_pages(server)
        pictures = Avatars(server)
        game = game_at(tmp_path, server.base_url)
        assert reads_avatars(game)  # PROFILE-AVATAR is on in m107, the game is over HTTP
        # night 1: avatar.php and its picture file for each player, nothing conditional
        first = night(game, store, server, at(20, 23))
        assert len(first) == 6
        assert not any(r.header("If-None-Match") for r in first)
        # the same night again: no avatar is fetched twice a night
        assert night(game, store, server, at(20, 23, 30)) == []
        # night 2: 包子 uploads another picture; the URL on the pages is the same
        pictures.pictures[3] = b"a wolf"
        second = night(game, store, server, at(21, 23))
        assert len(second) == 6
        files = {r.path.rsplit("/", 1)[1]: r for r in second if "data/avatar" in r.path}
        assert files["03_avatar_middle.jpg"].header("If-None-Match")  # asked conditionally
        assert files["04_avatar_middle.jpg"].header("If-Modified-Since")
        assert files["02_avatar_middle.jpg"].header("If-None-Match") is None  # no validators
        statuses = {
            r["uid"]: r["status"]
            for r in store.db.execute("SELECT uid, status FROM avatars WHERE night = 2")
        }
        assert statuses == {2: 200, 3: 200, 4: 304}  # 馄饨's unchanged picture: a 304
        rs = ruleset_for(game)
        ctx = build_context(game, store, now=at(21, 23), ruleset=rs)
        found = run_rules(ctx, rs, codes=["PROFILE-AVATAR"])
    assert [(f.player, f.day) for f in found] == [("包子", 2)]
    note = found[0].note
    assert "11-20 23:00 与 11-21 23:00 之间" in note
    assert hashlib.sha256(b"a wolf").hexdigest()[:12] in note
    assert hashlib.sha256(b"picture of 3").hexdigest()[:12] in note


def test_without_pictures_the_url_is_compared(tmp_path: Path) -> None:
    """A forum whose avatar cannot be fetched (404): no picture, no change from it; the
    pages' URLs are what is compared (unchanged here: nothing)."""
    with ForumServer(None) as server, Store(tmp_path / "g.sqlite") as store:
        serve_pages(server)
        game = game_at(tmp_path, server.base_url)
        assert len(night(game, store, server, at(20, 23))) == 3  # avatar.php: 404 each
        assert len(night(game, store, server, at(21, 23))) == 3
        assert store.db.execute("SELECT count(*) FROM avatars").fetchone()[0] == 0
        rs = ruleset_for(game)
        ctx = build_context(game, store, now=at(21, 23), ruleset=rs)
        assert run_rules(ctx, rs, codes=["PROFILE-AVATAR"]) == []


def test_a_picture_on_another_host_is_not_fetched(tmp_path: Path) -> None:
    """The crawl talks to the forum only: an avatar linked from another host is compared
    by its URL, never fetched."""
    with ForumServer(None) as server, Store(tmp_path / "g.sqlite") as store:
        serve_pages(server, {"包子": {"uid": 3, "avatar": "https://img.example.com/wolf.png"}})
        Avatars(server)
        game = game_at(tmp_path, server.base_url)
        with Fetcher(server.base_url, delay=0, retries=0, backoff=0, timeout=3) as f:
            crawl(game, store, fetcher=f, now=at(20, 23), use_api=False, avatars=True)
            assert f.request_count == 1 + 4  # the thread page; avatar.php + picture for 2 players
        uids = {r[0] for r in store.db.execute("SELECT uid FROM avatars")}
        assert uids == {2, 4}
