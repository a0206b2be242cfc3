"""The desktop parser builds a tree of the post list alone (issue 36: libxml2's parse is
most of a page's cost, and the list about two thirds of the page): on every desktop
capture the result is the whole page's, and a page whose list the part would not give as
the whole page's tree is parsed whole."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import timedelta, timezone

import pytest

from auditor.errors import PageError
from auditor.forum.parse import decode_body, desktop, parse_page
from auditor.forum.parse.desktop import post_list_elements
from auditor.models import FetchedPage, ParsedPage
from tests.discuz_data import EDITIONS, GBK_EDITIONS, find_capture, load_captures

pytestmark = pytest.mark.discuz

CST = timezone(timedelta(hours=8))
THREAD = "guest/thread-2-p1.html"  # the M107 sign-up thread, page 1 of 2


def _desktop_pages(edition: str) -> list[FetchedPage]:
    return [
        c.fetched()
        for c in load_captures(edition)
        if c.status == 200 and c.file.endswith(".html") and b'id="postlist"' in c.body()
    ]


def _parse(page: FetchedPage) -> ParsedPage | str:
    try:
        return parse_page(page, CST)
    except PageError as exc:
        return f"{type(exc).__name__}: {exc}"


def _whole(page: FetchedPage, monkeypatch: pytest.MonkeyPatch) -> ParsedPage | str:
    """The page parsed whole (no post list marker to cut at)."""
    with monkeypatch.context() as m:
        m.setattr(desktop, "_LIST_OPEN", "<no such marker")
        return _parse(page)


def _elements(page: FetchedPage) -> tuple[object, object]:
    text, charset = decode_body(page.body, page.content_type, page.url)
    return post_list_elements(text, page.body if charset == "utf-8" else None)


def _is_part(post_list: object) -> bool:
    """Whether the list's tree is the part alone (no ``head``: the page's is not in it)."""
    assert post_list is not None
    return post_list.getroottree().getroot().find("head") is None  # type: ignore[attr-defined]


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_capture_reads_the_same_from_its_post_list_alone(
    edition: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    pages = _desktop_pages(edition)
    assert len(pages) > 20
    for page in pages:
        post_list, _ = _elements(page)
        assert _is_part(post_list), page.url
        parsed = _parse(page)
        assert parsed == _whole(page, monkeypatch), page.url
    assert sum(isinstance(_parse(p), ParsedPage) for p in pages) > 20


def _edited(edition: str, edit: object) -> FetchedPage:
    page = find_capture(edition, THREAD).fetched()
    encoding = "gb18030" if edition in GBK_EDITIONS else "utf-8"
    text = edit(page.body.decode(encoding))  # type: ignore[operator]
    return replace(page, body=text.encode(encoding))


# an attachment list after the post list, where no template puts one
_AFTER = (
    '<div class="pattl"><a id="aid99" href="forum.php?mod=attachment&amp;aid=99">附件.txt</a></div>'
)


@pytest.mark.parametrize("edition", ["x35-utf8", "x35-gbk"])
def test_a_post_that_leaves_a_table_open_has_the_page_parsed_whole(
    edition: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # (a forum that lets members post HTML: the last message opens a table it never closes,
    # so the template's closing tags after it close the member's, and the post stays open:
    # in the whole page's tree what follows the list is inside the last post)
    def open_a_table(text: str) -> str:
        last = list(re.finditer(r'<td class="t_f" id="postmessage_\d+">', text))[-1]
        text = text[: last.end()] + "<table><tr><td>" + text[last.end() :]
        return text.replace("</body>", _AFTER + "</body>")

    page = _edited(edition, open_a_table)
    post_list, _ = _elements(page)
    assert not _is_part(post_list)
    parsed = _parse(page)
    assert isinstance(parsed, ParsedPage)
    assert parsed == _whole(page, monkeypatch)
    assert [a.aid for a in parsed.posts[-1].attachments] == [99]
    # closed as the template closes it, the post holds none of what follows the list
    page = _edited(edition, lambda t: t.replace("</body>", _AFTER + "</body>"))
    assert _is_part(_elements(page)[0])
    parsed = _parse(page)
    assert isinstance(parsed, ParsedPage)
    assert parsed == _whole(page, monkeypatch)
    assert parsed.posts[-1].attachments == ()


@pytest.mark.parametrize("edition", ["x35-utf8", "x35-gbk"])
def test_a_subject_outside_the_list_is_found_in_the_whole_page(edition: str) -> None:
    before = _edited(
        edition,
        lambda t: re.sub(
            r"<body[^>]*>", r'\g<0><span id="thread_subject">页首的标题</span>', t, count=1
        ),
    )
    after = _edited(
        edition,
        lambda t: t.replace('id="thread_subject"', 'id="subject_moved"', 1).replace(
            "</body>", '<span id="thread_subject">页尾的标题</span></body>', 1
        ),
    )
    for page, subject in ((before, "页首的标题"), (after, "页尾的标题")):
        post_list, subject_el = _elements(page)
        assert subject_el is not None
        assert not _is_part(post_list)
        parsed = _parse(page)
        assert isinstance(parsed, ParsedPage)
        assert parsed.subject == subject
        assert len(parsed.posts) == len(
            parse_page(find_capture(edition, THREAD).fetched(), CST).posts
        )


def test_a_list_closed_before_its_posts_is_read_from_the_whole_page() -> None:
    # (the reply box outside the list: the part cannot say where the posts went)
    text = (
        '<html><head><title>t</title></head><body><div id="postlist"></div>'
        '<div id="post_1">x</div><div id="postlistreply"></div></body></html>'
    )
    post_list, subject = post_list_elements(text, text.encode())
    assert not _is_part(post_list)
    assert post_list is not None and len(post_list) == 0  # type: ignore[arg-type]
    assert subject is None
