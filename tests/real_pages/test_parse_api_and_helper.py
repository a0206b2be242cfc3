"""API page numbers, Date-header fallbacks, and the capture helper's loud failure."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta, timezone

import pytest

import tests.discuz_data as discuz_data
from auditor.errors import UnrecognisedPageError
from auditor.forum.parse import parse_page
from auditor.models import PageKind
from tests.discuz_data import find_capture

CST = timezone(timedelta(hours=8))


@pytest.mark.discuz
@pytest.mark.parametrize(("n", "expected"), [(1, 1), (2, 2), (3, 3)])
def test_api_page_number_without_page_in_url(n: int, expected: int) -> None:
    """Saved API answers may lack ``page=``: the page comes from the smallest ``number``."""
    page = find_capture("x35-edge", f"guest/api-viewthread-58-p{n}.json").fetched()
    parsed = parse_page(replace(page, url="saved/whatever.json"), CST)
    assert parsed.kind is PageKind.API
    assert (parsed.page, parsed.total_pages, parsed.ppp) == (expected, 3, 10)
    assert (parsed.replies, parsed.max_position, parsed.tid, parsed.fid) == (24, 25, 58, 8)


@pytest.mark.discuz
def test_api_ppp_is_honoured() -> None:
    parsed = parse_page(
        find_capture("x35-edge", "guest/api-viewthread-61-ppp20.json").fetched(), CST
    )
    assert (parsed.page, parsed.total_pages, parsed.ppp, len(parsed.posts)) == (1, 1, 20, 16)
    desktop = parse_page(find_capture("x35-edge", "member/thread-61-p1-ppp20.html").fetched(), CST)
    assert (desktop.page, desktop.total_pages, len(desktop.posts)) == (1, 2, 10)


@pytest.mark.discuz
def test_relative_time_falls_back_to_fetch_time_then_fails_loudly() -> None:
    cap = find_capture("x35-edge", "touch/thread-62-p1.html")
    page = cap.fetched()
    by_date = parse_page(page, CST)
    by_fetch = parse_page(replace(page, date_header=None), CST)
    assert [p.posted_at for p in by_date.posts] == [p.posted_at for p in by_fetch.posts]
    explicit = parse_page(
        replace(page, date_header=None, fetched_at=None), CST, now=cap.captured_at
    )
    assert [p.posted_at for p in explicit.posts] == [p.posted_at for p in by_date.posts]
    with pytest.raises(UnrecognisedPageError, match="Date"):
        parse_page(replace(page, date_header=None, fetched_at=None), CST)


@pytest.mark.discuz
def test_desktop_titles_need_no_date_header() -> None:
    page = find_capture("x35-edge", "guest/thread-62-p1.html").fetched()
    parsed = parse_page(replace(page, date_header=None, fetched_at=None), CST)
    assert not any(p.time_approximate for p in parsed.posts)


def test_missing_captures_fail_loudly(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.setattr(discuz_data, "DISCUZ_DIR", tmp_path / "nowhere")
    monkeypatch.delenv("AUDITOR_ALLOW_NO_DISCUZ", raising=False)
    with pytest.raises(FileNotFoundError, match="AUDITOR_DISCUZ_DIR"):
        discuz_data.require_discuz_dir()
    monkeypatch.setenv("AUDITOR_ALLOW_NO_DISCUZ", "1")
    with pytest.raises(pytest.skip.Exception):
        discuz_data.require_discuz_dir()
