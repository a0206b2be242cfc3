"""Every capture in shared/discuz parsed and checked against the manifest, post by post."""

from __future__ import annotations

from datetime import timedelta, timezone

import pytest

from auditor.errors import (
    ForumPasswordError,
    LoginRequiredError,
    PageError,
    ServerError,
    ThreadMissingError,
    UnrecognisedPageError,
)
from auditor.forum.parse import parse_page
from auditor.models import HiddenReason, PageKind, ParsedPage, Post
from tests.discuz_data import (
    EDITIONS,
    Capture,
    bbcode_to_text,
    load_captures,
    load_manifest,
    manifest_posts,
)

pytestmark = pytest.mark.discuz

CST = timezone(timedelta(hours=8))

# What a capture that is not a list of posts must raise (by file name, in every edition).
EXPECTED_ERRORS: dict[str, type[PageError]] = {
    "guest/thread-6-p1.html": LoginRequiredError,
    "guest/thread-6-printable.html": LoginRequiredError,
    "guest/api-viewthread-6-p1.json": LoginRequiredError,
    "guest/forumdisplay-3.html": LoginRequiredError,
    "guest/api-forumdisplay-3.json": LoginRequiredError,
    "guest/error-thread-9999.html": ThreadMissingError,
    "guest/api-error-thread-9999.json": ThreadMissingError,
    "guest/error-viewpid-deleted-88.html": ThreadMissingError,
    "member/api-viewthread-57-p1.json": ServerError,
    "guest/thread-56-p1-forumpassword.html": ForumPasswordError,
    "guest/api-viewthread-56-p1-forumpassword.json": ForumPasswordError,
    "guest/forumdisplay-8-forumpassword.html": ForumPasswordError,
    "guest/api-forumdisplay-8-forumpassword.json": ForumPasswordError,
}
NOT_THREAD_PAGES = (
    "forumdisplay",
    "forum-index",
    "forum-2-1",
    "api-forumindex",
    "archiver-",
    "attachment-6",
    "error-findpost",
    "findpost-banned",
)


def _all_captures() -> list[Capture]:
    return [c for edition in EDITIONS for c in load_captures(edition)]


def _id(c: Capture) -> str:
    return f"{c.edition}/{c.file}"


ALL = _all_captures()
THREAD_VIEWS = [
    c
    for c in ALL
    if c.file not in EXPECTED_ERRORS and not any(k in c.file for k in NOT_THREAD_PAGES)
]


def expected_text(post: dict, viewer: str, kind: PageKind, edition: str) -> str:
    """The own text a viewer's page shows for a manifest post."""
    if post.get("tid") == 56 and post.get("clean_message_text") is not None:
        pass  # jammer thread: the stored message is the truth as well
    banned = post["banned_by_moderator"] or post.get("author_banned")
    if banned and viewer != "admin":
        return ""
    privileged = viewer in ("member", "admin")
    image_aids = {
        a["aid"]
        for a in post.get("attachments") or ()
        if a["isimage"] and a["inserted_with_attach_tag"]
    }
    return bbcode_to_text(
        post["message"],
        hide_visible=privileged,
        image_aids=image_aids,
        # the API has no attachment data; the printable view renders them empty
        attachments_visible=privileged and kind in (PageKind.DESKTOP, PageKind.TOUCH),
    )


def expected_floor(truth: dict, kind: PageKind, cap_file: str) -> int | None:
    """Every view gives Discuz!'s renumbered ``number``: the desktop and touch templates
    print it (the captures show pid 89 of thread 4, position 23, as ``<em>22</em>`` after
    pid 88 was deleted) and the API has it beside ``position``."""
    if "-author-" in cap_file:  # 只看该作者 numbers the author's own posts: no floor
        return None
    numbers = {int(f["number"]) for f in truth["api_fields_by_file"].values()}
    return numbers.pop() if len(numbers) == 1 else truth["position"]


def _check_post(post: Post, truth: dict, cap: Capture, kind: PageKind) -> None:
    where = f"{_id(cap)} pid {truth['pid']}"
    assert post.tid == truth["tid"], where
    assert post.author == truth["author"], where
    if kind is not PageKind.PRINTABLE:
        assert post.pid == truth["pid"], where
        assert post.floor == expected_floor(truth, kind, cap.file), where
        if kind is PageKind.API:
            assert post.position == truth["position"], where
        assert post.author_uid == truth["authorid"], where
        assert post.first == bool(truth["first"]), where
    true_at = __import__("datetime").datetime.fromisoformat(truth["datetime"])
    if kind is PageKind.PRINTABLE:
        assert post.time_precision == "minute", where
        assert post.posted_at == true_at.replace(second=0), where
    elif post.time_approximate:
        # only the touch view shows relative times without a title (checked exactly elsewhere)
        assert kind is PageKind.TOUCH, where
        assert abs(post.posted_at - true_at) <= timedelta(hours=12), where
    else:
        assert post.posted_at == true_at, where
    assert post.posted_at.utcoffset() == timedelta(hours=8), where
    expect = expected_text(truth, cap.viewer, kind, cap.edition)
    assert post.text == expect, where
    assert " ".join(post.lines) == post.text, where
    hidden = None
    if truth["banned_by_moderator"]:
        hidden = HiddenReason.MODERATOR
    elif truth.get("author_banned"):
        hidden = HiddenReason.AUTHOR_BANNED
    assert post.hidden == hidden, where
    if hidden is not None and cap.viewer != "admin":
        assert post.message_html == "", where


def _parse(cap: Capture) -> ParsedPage:
    return parse_page(cap.fetched(), CST)


@pytest.mark.parametrize("cap", THREAD_VIEWS, ids=_id)
def test_every_thread_view_matches_manifest(cap: Capture) -> None:
    parsed = _parse(cap)
    truth = manifest_posts(cap.edition)
    shown = sorted(
        (p for p in truth.values() if cap.file in p["shown_in_files"]),
        key=lambda p: p["position"],
    )
    assert shown, f"manifest lists no post for {_id(cap)}"
    assert parsed.tid == shown[0]["tid"]
    if parsed.kind is PageKind.PRINTABLE:
        assert len(parsed.posts) == len(shown)
        for post, t in zip(parsed.posts, shown, strict=True):
            _check_post(post, t, cap, parsed.kind)
        return
    assert sorted(p.pid for p in parsed.posts) == sorted(p["pid"] for p in shown)
    assert len({p.pid for p in parsed.posts}) == len(parsed.posts)
    for post in parsed.posts:
        _check_post(post, truth[post.pid], cap, parsed.kind)


@pytest.mark.parametrize("cap", [c for c in ALL if c.file in EXPECTED_ERRORS], ids=_id)
def test_error_pages_raise_their_error(cap: Capture) -> None:
    expected = EXPECTED_ERRORS[cap.file]
    with pytest.raises(expected) as info:
        _parse(cap)
    assert type(info.value) is expected
    assert info.value.url == cap.url
    assert cap.url in str(info.value)


@pytest.mark.parametrize(
    "cap",
    [
        c
        for c in ALL
        if c.file not in EXPECTED_ERRORS and any(k in c.file for k in NOT_THREAD_PAGES)
    ],
    ids=_id,
)
def test_pages_that_are_not_thread_views_are_refused(cap: Capture) -> None:
    with pytest.raises(UnrecognisedPageError):
        _parse(cap)


def test_every_capture_is_covered() -> None:
    covered = {_id(c) for c in THREAD_VIEWS}
    covered |= {_id(c) for c in ALL if c.file in EXPECTED_ERRORS}
    covered |= {_id(c) for c in ALL if any(k in c.file for k in NOT_THREAD_PAGES)}
    assert covered == {_id(c) for c in ALL}
    assert len(ALL) == sum(len(load_captures(e)) for e in EDITIONS) > 300


def test_manifests_are_loaded_for_every_edition() -> None:
    for edition in EDITIONS:
        assert load_manifest(edition)["posts"]
