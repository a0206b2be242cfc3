"""Signatures and avatars on desktop pages (M107 违规判定 6(2), 030 6(4) 使用头像、签名档透露信息):
read from the real X3.5 captures, recorded by a real crawl over loopback HTTP, and the
reason `api = "auto"` reads desktop pages when PROFILE-* are on."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from auditor.forum.crawl import crawl
from auditor.forum.fetch import Fetcher
from auditor.forum.parse import parse_page
from auditor.game.gamefile import load_game
from auditor.models import FetchedPage
from auditor.rules.engine import api_first
from auditor.store import Store
from tests.discuz_data import DISCUZ_DIR
from tests.forum_server import ForumServer

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 11, 30, 6, 18, tzinfo=TZ)


def _parse(rel: str, edition: str = "x35-utf8") -> object:
    path = DISCUZ_DIR / edition / rel
    ctype = (
        "application/json"
        if path.suffix == ".json"
        else f"text/html; charset={'gbk' if 'gbk' in edition else 'utf-8'}"
    )
    return parse_page(
        FetchedPage(
            url="http://127.0.0.1:8035/" + rel,
            status=200,
            body=path.read_bytes(),
            content_type=ctype,
        ),
        TZ,
        now=NOW,
    )


@pytest.mark.discuz
@pytest.mark.parametrize("edition", ["x35-utf8", "x35-gbk"])
def test_the_captures_show_jiumeis_signature_as_stored(edition: str) -> None:
    """九妹 (uid 5) is the only member with a signature (README: set through the real
    profile form); every desktop page her posts are on shows it, exactly her stored
    sightml; everyone else's is None; each author has the avatar.php URL of their uid."""
    manifest = json.loads((DISCUZ_DIR / edition / "manifest.json").read_text("utf-8"))
    sightml = {m["uid"]: m["sightml"] for m in manifest["members"] if m.get("sightml")}
    assert set(sightml) == {5}
    for rel in ("guest/thread-4-p1.html", "guest/thread-4-p2.html", "guest/thread-2-p1.html"):
        page = _parse(rel, edition)
        profiles = {p.uid: p for p in page.profiles}  # type: ignore[attr-defined]
        assert profiles[5].signature_html == sightml[5], rel
        assert profiles[5].signature_text.startswith("九妹：好人卡收集中")
        assert all(p.signature_html is None for uid, p in profiles.items() if uid != 5)
        started: dict[int, int] = {}
        for t in manifest["threads"]:
            started[t["authorid"]] = started.get(t["authorid"], 0) + 1
        for uid, p in profiles.items():
            # the author panel's 主题 count (the member counter; the manifest's threads are
            # the only ones on that forum when the captures were made)
            assert p.threads == started.get(uid, 0), (rel, uid)
            assert p.avatar_url is not None and p.avatar_url.endswith(
                f"avatar.php?uid={uid}&size=middle"
            )


@pytest.mark.discuz
def test_the_mobile_api_shows_no_signature() -> None:
    page = _parse("guest/api-viewthread-4-p1.json")
    assert page.posts and page.profiles == []  # type: ignore[attr-defined]


def _game(tmp_path: Path, url: str, extra: str = "") -> Path:
    path = tmp_path / "game.toml"
    path.write_text(
        f"""
[game]
name = "M107"
ruleset = "m107"
directors = ["导演"]
[forum]
url = "{url}"
delay = 0
[players]
names = ["九妹", "包子", "取酒"]
uids = {{ "九妹" = 5, "包子" = 3, "取酒" = 4 }}
[[thread]]
tid = 4
kind = "discussion"
day = 1
[[day]]
number = 1
opens = 2026-11-22T20:00:00+08:00
closes = 2026-11-30T23:00:00+08:00
{extra}
""",
        encoding="utf-8",
    )
    return path


@pytest.mark.discuz
def test_a_crawl_records_every_authors_signature_once_per_page(tmp_path: Path) -> None:
    with ForumServer("x35-utf8") as server, Store(tmp_path / "g.sqlite") as store:
        game = load_game(_game(tmp_path, server.base_url))
        assert api_first(game) is False  # PROFILE-* (and FONT-SIZE) need desktop pages
        with Fetcher(server.base_url, delay=0, retries=1, backoff=0, timeout=3) as f:
            report = crawl(game, store, fetcher=f, now=NOW, use_api=api_first(game))
        assert report.ok, report.problems
        seen = store.profile_sightings(TZ)
        jiumei = [s for s in seen if s.uid == 5]
        assert sorted(s.page for s in jiumei) == [1, 2]  # her posts 70 and 83
        assert all(s.signature_text.startswith("九妹：好人卡收集中") for s in jiumei)
        assert {s.tid for s in seen} == {4}
        assert all(s.signature_html is None for s in seen if s.uid != 5)
        # the captures carry the Date they were served with: fetching them again shows the
        # same moment, recorded once
        with Fetcher(server.base_url, delay=0, retries=1, backoff=0, timeout=3) as f:
            crawl(game, store, fetcher=f, now=NOW, full=True, use_api=False)
        again = [s for s in store.profile_sightings(TZ) if s.uid == 5]
        assert len(again) == len(jiumei)


def test_auto_reads_the_api_only_when_no_desktop_rule_is_on(tmp_path: Path) -> None:
    off = (
        "[rules.FONT-SIZE]\nenabled = false\n[rules.VOTE-EDIT]\nenabled = false\n"
        "[rules.PROFILE-AVATAR]\nenabled = false\n"
    )
    only_signature = load_game(_game(tmp_path, "http://bbs.example.com/", off))
    assert api_first(only_signature) is False
    none = load_game(
        _game(
            tmp_path,
            "http://bbs.example.com/",
            off + "[rules.PROFILE-SIGNATURE]\nenabled = false\n",
        )
    )
    assert api_first(none) is True


def test_the_check_reads_the_ends_of_equal_runs_and_finds_what_every_sighting_gives(
    tmp_path: Path,
) -> None:
    """Issue 16: every page saved again each night is a sighting of each of its authors;
    the check reads only the first and last of each run of equal sightings (an author
    with avatar pictures fetched over HTTP in full).  PROFILE-SIGNATURE and
    PROFILE-AVATAR find exactly what they find over every sighting, on random histories
    (signatures and avatars changing back and forth, pages without a signature, several
    pages at one moment, sightings before and after the game, a fetched picture)."""
    import random
    from dataclasses import replace
    from datetime import timedelta

    from auditor.models import Profile
    from auditor.rules.engine import build_context, ruleset_for, run_rules

    game = load_game(
        _game(tmp_path, "http://bbs.example.com/", "[[day]]\nnumber = 2\n"
              "opens = 2026-12-01T09:00:00+08:00\ncloses = 2026-12-01T22:00:00+08:00\n")
    )  # fmt: skip
    rs = ruleset_for(game)
    codes = ["PROFILE-SIGNATURE", "PROFILE-AVATAR"]
    signatures = [None, None, "<b>好人</b>", "好人", "预言家 查杀包子"]
    avatars = ["uc_server/avatar.php?uid=N", "img/a.png", "img/b.png"]
    start = datetime(2026, 11, 20, 12, 0, tzinfo=TZ)
    rng = random.Random(16)
    for n in range(12):
        path = tmp_path / f"g{n}.sqlite"
        with Store(path) as store:
            at = start
            for _ in range(rng.randint(5, 60)):
                at += timedelta(hours=rng.choice([0, 1, 7, 30]))
                for page in range(1, rng.randint(1, 3) + 1):
                    shown = [
                        Profile(uid, name, sig, sig or "", av, threads=rng.choice([1, 1, 2]))
                        for uid, name in ((5, "九妹"), (3, "包子"), (4, "取酒"))
                        if rng.random() < 0.8
                        for sig in [rng.choice(signatures) if rng.random() < 0.3 else "好人"]
                        for av in [rng.choice(avatars) if rng.random() < 0.2 else avatars[0]]
                    ]
                    store.record_profiles(
                        shown, tid=4, page=page, url=f"http://x/{page}", seen_at=at, run_id=None
                    )
            if n % 3 == 0:  # a player's picture fetched over HTTP, twice
                for night, sha in ((1, "a" * 64), (2, "b" * 64)):
                    store.record_avatar(
                        uid=3, night=night, url="uc_server/avatar.php?uid=3",
                        fetched_at=start + timedelta(days=night * 3), status=200, etag=None,
                        last_modified=None, sha256=sha, run_id=None,
                    )  # fmt: skip
            every = store.profile_sightings(TZ, every=True)
            ctx = build_context(game, store, now=at, ruleset=rs)
        assert len(ctx.profiles) <= len(every)
        assert set(ctx.profiles) <= set(every)
        found = run_rules(ctx, rs, codes)
        assert found == run_rules(replace(ctx, profiles=every), rs, codes), n
    assert found  # the histories do change during the game
