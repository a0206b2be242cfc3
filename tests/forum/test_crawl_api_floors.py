"""Field bug: floors from the mobile API after a deletion on an earlier page.

SYNTHETIC variant of the real captures (the captures delete pid 88 on the thread's last
page, so they cannot show it): stock Discuz! X3.5 answers the first desktop view of a page
holding a deleted post with a 302 to the same URL, records the thread in
``pre_forum_threaddisablepos`` and from then on numbers the whole thread 1..n by count
(pages by count too).  The API's own ``number`` is that 1..n.  The loopback forum serves
pages built by the project's page writer that behave so.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from auditor.forum.crawl import crawl
from auditor.store import Store
from tests.forum.test_crawl import fetcher, game_file
from tests.forum_server import RecordedRequest, Response
from tools.writer import parse_script, render_thread_pages

TZ = ZoneInfo("Asia/Shanghai")
LATER = datetime(2026, 12, 10, tzinfo=TZ)
POSTS = 25
DELETED = 4  # position 5, on desktop page 1


def _script(*, with_deleted: bool) -> object:
    start = datetime(2026, 11, 22, 20, 0, tzinfo=TZ)
    posts = []
    for i in range(POSTS):
        if i == DELETED and not with_deleted:
            continue  # after the renumbering the thread reads as if it never was
        p: dict[str, object] = {
            "author": "饺子" if i % 2 else "包子",
            "at": start + timedelta(minutes=i),
            "message": f"第 {i + 1} 帖",
            "pid": 100 + i,
        }
        if i == DELETED:
            p["deleted"] = True
        posts.append(p)
    return parse_script(
        {
            "forum": {
                "base_url": "http://bbs.example.com/",
                "charset": "utf-8",
                "timezone": "Asia/Shanghai",
                "rendered_at": datetime(2026, 12, 20, tzinfo=TZ),
                "ppp": 10,
                "api_ppp": 50,
            },
            "members": {"导演": 1, "饺子": 2, "包子": 3},
            "thread": [{"tid": 2, "fid": 2, "subject": "讨论帖", "post": posts}],
        }
    )


def _serve(server: object) -> None:
    """API pages from the thread as stored (positions with the gap, number 1..n); desktop
    pages: the first view of page 1 (which holds the deleted post) is a 302 to itself,
    then every page is numbered by count."""
    from tests.forum_server import ForumServer

    assert isinstance(server, ForumServer)
    for url, body, ctype in render_thread_pages(_script(with_deleted=True), 2):  # type: ignore[arg-type]
        if url.startswith("api/"):
            server.route(url, body, content_type=ctype)
    renumbered = {
        url: (body, ctype)
        for url, body, ctype in render_thread_pages(_script(with_deleted=False), 2)  # type: ignore[arg-type]
        if url.startswith("forum.php")
    }
    first_view = {"done": False}
    page1 = "forum.php?mod=viewthread&tid=2&page=1"
    for url, (body, ctype) in renumbered.items():

        def answer(req: RecordedRequest, body: bytes = body, ctype: str = ctype, url: str = url):
            if url == page1 and not first_view["done"]:
                first_view["done"] = True  # Discuz! inserts pre_forum_threaddisablepos
                return Response(302, b"", ctype, [("Location", server.base_url + url)])
            return Response(200, body, ctype)

        server.route(url, answer)


@pytest.mark.parametrize("order", ["desktop-first", "api-first"])
def test_api_floors_equal_the_desktop_floors_after_the_renumbering(
    tmp_path: Path, make_forum_server, order: str
) -> None:
    server = make_forum_server(None)
    _serve(server)
    floors: dict[bool, dict[int, int | None]] = {}
    for api in (False, True) if order == "desktop-first" else (True, False):
        with Store(tmp_path / f"{api}.sqlite") as store:
            game = game_file(tmp_path, server.base_url, [2], api=api)
            with fetcher(server) as f:
                report = crawl(game, store, fetcher=f, now=LATER)
            assert report.ok, report.problems
            assert set(report.sources.values()) == {"api" if api else "html"}
            floors[api] = {sp.post.pid: sp.post.floor for sp in store.posts()}  # type: ignore[misc]
    assert 100 + DELETED not in floors[True] and len(floors[True]) == POSTS - 1
    expected = {
        pid: n for n, pid in enumerate(sorted(p for p in floors[True]), start=1)
    }  # 1..n by count over the whole thread
    assert floors[False] == expected  # what the desktop prints after the 302
    assert floors[True] == expected  # the API's own number, not a per-page guess
    assert floors[True][110] == 10  # position 11, the first post of desktop page 2 by position
    assert any(r.path.endswith("tid=2&page=1") for r in server.requests)
