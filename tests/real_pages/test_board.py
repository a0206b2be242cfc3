"""The board list (forumdisplay) parser on the real captures, and the page writer's board pages."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from auditor.errors import ForumPasswordError, LoginRequiredError
from auditor.forum.parse.board import parse_board
from auditor.models import FetchedPage
from tests.discuz_data import find_capture, load_manifest
from tools.writer import parse_script, render_board_pages

pytestmark = pytest.mark.discuz

BOARD_FILES = [
    ("x35-utf8", "guest/forumdisplay-2.html", 2),
    ("x35-utf8", "member/forumdisplay-2.html", 2),
    ("x35-utf8", "member/forumdisplay-3.html", 3),
    ("x35-utf8", "rewrite/forum-2-1.html", 2),
    ("x35-utf8", "guest/api-forumdisplay-2.json", 2),
    ("x35-utf8", "member/api-forumdisplay-3.json", 3),
    ("x35-gbk", "guest/forumdisplay-2.html", 2),
    ("x35-gbk", "rewrite/forum-2-1.html", 2),
    ("x35-gbk", "guest/api-forumdisplay-2.json", 2),
    ("x35-edge", "guest/forumdisplay-8.html", 8),
    ("x35-edge", "guest/api-forumdisplay-8.json", 8),
    ("x35-edge/gbk", "guest/forumdisplay-8.html", 8),
]


@pytest.mark.parametrize(("edition", "file", "fid"), BOARD_FILES)
def test_board_list_matches_the_manifest(edition: str, file: str, fid: int) -> None:
    board = parse_board(find_capture(edition, file).fetched(), ZoneInfo("Asia/Shanghai"))
    assert board.fid == fid
    assert (board.page, board.total_pages) == (1, 1)
    truth = {t["tid"]: t for t in load_manifest(edition)["threads"] if t["fid"] == fid}
    assert {t.tid for t in board.threads} == set(truth)
    for t in board.threads:
        assert t.subject == truth[t.tid]["subject"]
        assert (t.author, t.author_uid) == (truth[t.tid]["author"], truth[t.tid]["authorid"])
        assert t.replies == truth[t.tid]["replies"]
        # The last post to the minute: a relative time's title, an absolute text, dblastpost.
        last = datetime.fromtimestamp(truth[t.tid]["lastpost"], UTC).replace(second=0)
        assert t.last_post == last, t.tid
    assert board.view == ("api" if file.endswith(".json") else "desktop")


@pytest.mark.parametrize(
    ("edition", "file", "error"),
    [
        ("x35-utf8", "guest/forumdisplay-3.html", LoginRequiredError),
        ("x35-utf8", "guest/api-forumdisplay-3.json", LoginRequiredError),
        ("x35-gbk", "guest/forumdisplay-3.html", LoginRequiredError),
        ("x35-edge", "guest/forumdisplay-8-forumpassword.html", ForumPasswordError),
        ("x35-edge", "guest/api-forumdisplay-8-forumpassword.json", ForumPasswordError),
    ],
)
def test_a_board_the_guest_may_not_read_is_a_distinct_error(
    edition: str, file: str, error: type[Exception]
) -> None:
    with pytest.raises(error):
        parse_board(find_capture(edition, file).fetched())


def test_a_thread_page_is_not_a_board_list() -> None:
    from auditor.errors import UnrecognisedPageError

    with pytest.raises(UnrecognisedPageError):
        parse_board(find_capture("x35-utf8", "guest/thread-2-p1.html").fetched())


def _script(threads: int, tpp: int) -> dict[str, object]:
    return {
        "forum": {
            "base_url": "http://bbs.example.com/",
            "rendered_at": "2026-11-28T10:00:00+08:00",
            "tpp": tpp,
            "boards": {"2": "版杀区"},
        },
        "members": {"导演": 1, "饺子": 2},
        "thread": [
            {
                "tid": 200 + i,
                "fid": 2,
                "subject": f"[M107] 第{i + 1}天讨论帖 <b>&",
                "post": [
                    {"author": "导演", "at": f"2026-11-{10 + i}T09:00:00+08:00", "message": "开"},
                    {"author": "饺子", "at": f"2026-11-{10 + i}T10:00:00+08:00", "message": "在"},
                ],
            }
            for i in range(threads)
        ],
    }


def test_written_board_pages_parse_back_page_by_page() -> None:
    """The writer's board list (the real template's table, pager and API JSON) reads back:
    every thread once, newest last post first, tpp threads a page, both views agree."""
    from datetime import datetime

    data = _script(5, 2)
    for t in data["thread"]:  # type: ignore[union-attr]
        for p in t["post"]:
            p["at"] = datetime.fromisoformat(p["at"])
    data["forum"]["rendered_at"] = datetime.fromisoformat("2026-11-28T10:00:00+08:00")  # type: ignore[index]
    pages = list(render_board_pages(parse_script(data)))
    desktop = [(u, b) for u, b, c in pages if not c.startswith("application/json")]
    api = [(u, b) for u, b, c in pages if c.startswith("application/json")]
    assert [u for u, _ in desktop] == [
        f"forum.php?mod=forumdisplay&fid=2&page={i}" for i in (1, 2, 3)
    ]
    for view in (desktop, api):
        seen: list[int] = []
        for i, (url, body) in enumerate(view, 1):
            ctype = "application/json" if view is api else "text/html; charset=utf-8"
            board = parse_board(FetchedPage(url=url, status=200, body=body, content_type=ctype))
            assert (board.fid, board.page, board.total_pages) == (2, i, 3)
            seen += [t.tid for t in board.threads]
            assert all(t.subject.endswith("<b>&") for t in board.threads)
            assert all((t.author, t.author_uid, t.replies) == ("导演", 1, 1) for t in board.threads)
        assert seen == [204, 203, 202, 201, 200]
