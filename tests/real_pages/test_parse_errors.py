"""Pages that hold no posts: each is a distinct PageError naming the URL.

Real captures where the forum produced them; a few LABELLED SYNTHETIC variants,
built here from real captures, for what stock Discuz! cannot produce (an anti-bot
challenge, a cut-off transfer, broken bytes, a logged-in "no permission" page).
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from datetime import timedelta, timezone

import pytest

from auditor.errors import (
    AntiBotError,
    ForumPasswordError,
    LoginRequiredError,
    MissingPostsError,
    NoPermissionError,
    PageError,
    ServerError,
    ThreadMissingError,
    TruncatedPageError,
    UndecodablePageError,
    UnrecognisedPageError,
)
from auditor.forum.parse import classify_redirect, decode_body, parse_page
from auditor.models import FetchedPage, PageKind
from tests.discuz_data import find_capture

pytestmark = pytest.mark.discuz

CST = timezone(timedelta(hours=8))


def fetched(edition: str, file: str) -> FetchedPage:
    return find_capture(edition, file).fetched()


def raises(page: FetchedPage, error: type[PageError]) -> PageError:
    with pytest.raises(error) as info:
        parse_page(page, CST)
    assert type(info.value) is error
    assert info.value.url == page.url and page.url in str(info.value)
    return info.value


# --- real error pages ------------------------------------------------------------------


@pytest.mark.parametrize("edition", ["x35-utf8", "x35-gbk"])
@pytest.mark.parametrize(
    ("file", "error"),
    [
        ("guest/error-thread-9999.html", ThreadMissingError),
        ("guest/thread-6-p1.html", LoginRequiredError),
        ("guest/api-viewthread-6-p1.json", LoginRequiredError),
        ("guest/api-error-thread-9999.json", ThreadMissingError),
        ("guest/error-viewpid-deleted-88.html", ThreadMissingError),
    ],
)
def test_real_error_pages(edition: str, file: str, error: type[PageError]) -> None:
    raises(fetched(edition, file), error)


@pytest.mark.parametrize("edition", ["x35-edge", "x35-edge/gbk"])
def test_real_edge_error_pages(edition: str) -> None:
    raises(fetched(edition, "guest/forumdisplay-8-forumpassword.html"), ForumPasswordError)
    raises(fetched(edition, "guest/thread-56-p1-forumpassword.html"), ForumPasswordError)
    raises(fetched(edition, "member/api-viewthread-57-p1.json"), ServerError)


@pytest.mark.parametrize("edition", ["x35-edge", "x35-edge/gbk"])
def test_api_system_error_page_is_a_server_error_even_with_status_200(edition: str) -> None:
    page = replace(fetched(edition, "member/api-viewthread-57-p1.json"), status=200)
    assert "System Error" in raises(page, ServerError).detail


def test_api_url_answered_with_a_thread_page_is_a_server_error() -> None:
    html = fetched("x35-utf8", "guest/thread-1-p1.html")
    api = fetched("x35-utf8", "guest/api-viewthread-1-p1.json")
    raises(replace(html, url=api.url), ServerError)


def test_redirects() -> None:
    pw = find_capture("x35-edge", "guest/thread-56-p1-forumpassword.html")
    assert isinstance(classify_redirect(pw.url, 302, pw.location), ForumPasswordError)
    findpost = find_capture("x35-utf8", "guest/error-findpost-deleted-88.html")
    assert classify_redirect(findpost.url, 301, findpost.location) is None
    login = "http://h/member.php?mod=logging&action=login"
    assert isinstance(classify_redirect("http://h/forum.php?tid=1", 302, login), LoginRequiredError)
    raises(fetched("x35-utf8", "guest/error-findpost-deleted-88.html"), UnrecognisedPageError)


# --- LABELLED SYNTHETIC variants of real pages -------------------------------------------


def test_synthetic_logged_in_no_permission_page() -> None:
    """SYNTHETIC: the real guest login page, with the viewer logged in (discuz_uid 2)
    and Discuz!'s no-permission wording instead of the not-logged-in one."""
    page = fetched("x35-utf8", "guest/thread-6-p1.html")
    body = page.body.decode("utf-8")
    assert "discuz_uid = '0'" in body and "抱歉，您尚未登录，没有权限访问该版块" in body
    body = body.replace("discuz_uid = '0'", "discuz_uid = '2'").replace(
        "抱歉，您尚未登录，没有权限访问该版块", "抱歉，您没有权限访问该版块"
    )
    raises(replace(page, body=body.encode("utf-8")), NoPermissionError)


@pytest.mark.parametrize(
    "file",
    [
        "guest/thread-2-p3.html",
        "touch/thread-2-p1.html",
        "guest/thread-2-printable.html",
        "guest/api-viewthread-2-p3.json",
    ],
)
@pytest.mark.parametrize("edition", ["x35-utf8", "x35-gbk"])
def test_synthetic_truncated_pages(edition: str, file: str) -> None:
    """SYNTHETIC: a real page cut in half (a dropped connection)."""
    page = fetched(edition, file)
    half = replace(page, body=page.body[: len(page.body) // 2])
    raises(half, TruncatedPageError)


def test_synthetic_truncated_postlist_with_closing_tag() -> None:
    """SYNTHETIC: the post list cut mid-way but the document closed (a broken proxy)."""
    page = fetched("x35-utf8", "guest/thread-2-p3.html")
    body = page.body.decode("utf-8")
    cut = body[: body.index('<div id="post_33"')] + "</div></div></body></html>\n"
    raises(replace(page, body=cut.encode("utf-8")), TruncatedPageError)


def test_empty_body_is_truncated() -> None:
    page = fetched("x35-utf8", "guest/thread-2-p3.html")
    raises(replace(page, body=b""), TruncatedPageError)


def test_synthetic_gbk_bytes_claimed_as_utf8() -> None:
    """SYNTHETIC: GBK bytes served with ``charset=utf-8``."""
    page = fetched("x35-gbk", "guest/thread-2-p3.html")
    raises(replace(page, content_type="text/html; charset=utf-8"), UndecodablePageError)


def test_synthetic_broken_bytes() -> None:
    """SYNTHETIC: an invalid byte in a real UTF-8 page, and a lone GBK lead byte."""
    page = fetched("x35-utf8", "guest/thread-2-p3.html")
    at = page.body.index("来了来了".encode())
    broken = page.body[:at] + b"\xff\xfe" + page.body[at:]
    raises(replace(page, body=broken), UndecodablePageError)
    gbk = fetched("x35-gbk", "guest/thread-2-p3.html")
    at = gbk.body.index("来了来了".encode("gbk"))
    broken = gbk.body[:at] + b"\x81<" + gbk.body[at:]
    raises(replace(gbk, body=broken), UndecodablePageError)
    json_page = fetched("x35-utf8", "guest/api-viewthread-2-p3.json")
    raises(replace(json_page, body=json_page.body[:200] + b"\xc3(" + json_page.body[200:]),
           UndecodablePageError)  # fmt: skip


def test_anti_bot_status_567() -> None:
    page = fetched("x35-utf8", "guest/thread-2-p3.html")
    raises(replace(page, status=567, body=b""), AntiBotError)


SYNTHETIC_CHALLENGE = """<!DOCTYPE html>
<!-- LABELLED SYNTHETIC TEST PAGE: a generic JavaScript cookie challenge, NOT Discuz! markup.
     Discuz! has no anti-bot page of its own; this stands for a WAF in front of a board. -->
<html><head><meta charset="utf-8"><title>安全验证</title></head>
<body><noscript>请开启 JavaScript 后刷新页面</noscript>
<script>document.cookie="__jsl_clearance=1700000000.1|0|abc;max-age=3600;path=/";
setTimeout(function(){location.reload()},1000);</script></body></html>
"""


def test_synthetic_js_challenge_page_is_anti_bot() -> None:
    url = find_capture("x35-utf8", "guest/thread-2-p3.html").url
    page = FetchedPage(url=url, status=200, body=SYNTHETIC_CHALLENGE.encode(), content_type=None)
    raises(page, AntiBotError)


def test_foreign_html_page_is_unrecognised() -> None:
    page = FetchedPage(
        url="http://example.com/",
        status=200,
        body=b"<!DOCTYPE html><html><head><title>hi</title></head><body>hello</body></html>",
    )
    raises(page, UnrecognisedPageError)


def test_json_that_is_not_a_thread() -> None:
    api = fetched("x35-utf8", "guest/api-forumindex.json")
    raises(api, UnrecognisedPageError)
    raises(replace(api, body=b'{"Version": "4",, }'), UnrecognisedPageError)


# --- decoding --------------------------------------------------------------------------


def test_decode_body_charset_sources() -> None:
    gbk = fetched("x35-gbk", "guest/thread-2-p3.html")
    text, codec = decode_body(gbk.body, gbk.content_type, gbk.url)
    assert codec == "gb18030" and "来了来了" in text
    # a saved page has no header: <meta charset="gbk"> decides
    assert decode_body(gbk.body, None, gbk.url) == (text, "gb18030")
    # the GBK install serves the touch template as UTF-8
    touch = fetched("x35-gbk", "touch/thread-2-p1.html")
    assert decode_body(touch.body, touch.content_type, touch.url)[1] == "utf-8"
    # API JSON: no charset, ASCII with \\u escapes
    api = fetched("x35-gbk", "guest/api-viewthread-2-p3.json")
    text, codec = decode_body(api.body, api.content_type, api.url)
    assert codec == "utf-8" and json.loads(text)["Charset"] == "GBK"
    assert decode_body("\ufeff好".encode(), None, "u") == ("好", "utf-8")
    assert decode_body("<?xml version='1.0' encoding='gb2312'?>好".encode("gbk"), None, "u")[1] == (
        "gb18030"
    )
    with pytest.raises(UndecodablePageError):
        decode_body(b"abc", "text/html; charset=x-no-such-charset", "u")


def test_gbk_page_parses_with_and_without_header() -> None:
    page = fetched("x35-gbk", "guest/thread-2-p3.html")
    a = parse_page(page, CST)
    b = parse_page(replace(page, content_type=None), CST)
    assert a.kind is PageKind.DESKTOP and a.charset == "gb18030"
    assert [p.text for p in a.posts] == [p.text for p in b.posts]


def test_synthetic_cut_inside_a_character_is_truncated_not_undecodable() -> None:
    """SYNTHETIC: a real UTF-8 page cut one byte into a three-byte character."""
    page = fetched("x35-utf8", "guest/thread-2-p3.html")
    at = page.body.index("来了来了".encode())
    raises(replace(page, body=page.body[: at + 1]), TruncatedPageError)


def test_synthetic_post_the_parser_cannot_place_is_a_page_problem() -> None:
    """SYNTHETIC: a post's block moved out of the post list's own children (markup the
    parser does not expect): fewer posts read than the page holds is a page problem."""
    page = fetched("x35-utf8", "guest/thread-2-p1.html")
    body = page.body.decode("utf-8")
    body = body.replace('<div id="post_10" >', '<div class="wrap"><div id="post_10" >', 1)
    body = body.replace('<div id="post_11" >', '</div><div id="post_11" >', 1)
    error = raises(replace(page, body=body.encode("utf-8")), MissingPostsError)
    assert "只读出" in str(error) and "10" in str(error)


@pytest.mark.parametrize(
    ("file", "old", "new"),
    [
        ("guest/thread-2-p3.html", "29", "99999999999999999999"),
        ("guest/api-viewthread-2-p3.json", '"pid":"29"', '"pid":"99999999999999999999"'),
    ],
)
def test_synthetic_number_too_big_for_the_store(file: str, old: str, new: str) -> None:
    """SYNTHETIC: a real page with a pid beyond SQLite's 64-bit INTEGER (a hostile server;
    once an OverflowError in the store, mid-crawl, with nothing kept): refused as a page."""
    page = fetched("x35-utf8", file)
    body = page.body.decode("utf-8")
    if file.endswith(".html"):  # (every place the page names post 29)
        body = re.sub(
            rf"(post_|pid|postmessage_|authorposton|favatar|pstatus_){old}\b", rf"\g<1>{new}", body
        )
    else:
        assert old in body
        body = body.replace(old, new, 1)
    error = raises(replace(page, body=body.encode("utf-8")), UnrecognisedPageError)
    assert "超出范围" in str(error) and "pid" in str(error)
