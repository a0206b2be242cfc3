"""Markup and paste rules on the real Discuz! X3.5 captures in shared/discuz.

Every colour and size value rendered in the M107 threads (rules thread tid 1, discussion
and vote threads 2–5) is classified here explicitly; the rules then run end to end (parse
→ store → engine) and must find exactly the posts the manifest's stored BBCode says they
should: red / enlarged own text, the chat-log post, the URL post and the image post, never
the smilies, quotes or 九妹's red signature.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from auditor.forum.parse import dedupe_posts, parse_page
from auditor.game.gamefile import load_game
from auditor.models import Post
from auditor.rules.base import Finding
from auditor.rules.colors import classify
from auditor.rules.engine import build_context, run_rules
from auditor.rules.markup import DEFAULT_RED_BOUNDS, HTML_SIZE_PX
from auditor.rules.ruleset import load_ruleset
from auditor.store import Store
from tests.discuz_data import load_captures, manifest_posts

pytestmark = pytest.mark.discuz

TZ = ZoneInfo("Asia/Shanghai")
M107_EDITIONS = ("x35-utf8", "x35-gbk")
M107_TIDS = (1, 2, 3, 4, 5)
DIRECTOR = "导演"

# Every [color] value rendered in the captures (own text and quote headers), classified.
COLOR_TABLE: dict[str, bool] = {
    "Red": True,
    "#FF0000": True,
    "#ff3333": True,  # "close to #FF0000" (030 6(1)): ΔE2000 6.1
    "blue": False,
    "#999999": False,  # the grey of quote-reply headers
}
# Every [size] value rendered, and whether it is enlarged (normal = 3).
SIZE_TABLE: dict[str, bool] = {"2": False, "5": True, "6": True, "7": True}

_THREAD_PAGE = re.compile(r"(?:^|/)(?:thread-(\d+)-p\d+\.html|thread-(\d+)-\d+-1\.html)$")
_QUOTE = re.compile(r"\[quote\].*?\[/quote\]", re.S)
_COLOR = re.compile(r"\[color=([#\w]+?)\]", re.I)
_SIZE = re.compile(r"\[size=(\d{1,2})\]", re.I)


def _desktop_posts(edition: str, viewer: str, tids: Iterable[int]) -> list[Post]:
    wanted = set(tids)
    pages = []
    for cap in load_captures(edition):
        m = _THREAD_PAGE.search(cap.file)
        if not m or cap.viewer != viewer or "author" in cap.file:
            continue
        if int(m.group(1) or m.group(2)) in wanted and not cap.file.startswith("rewrite/"):
            pages.append(parse_page(cap.fetched(), TZ, now=cap.captured_at))
    assert pages, f"no desktop pages for {edition} {viewer} {sorted(wanted)}"
    return dedupe_posts(pages)


def _rewrite_posts(edition: str) -> list[Post]:
    pages = [
        parse_page(c.fetched(), TZ, now=c.captured_at)
        for c in load_captures(edition)
        if c.file.startswith("rewrite/thread-") and _THREAD_PAGE.search(c.file)
    ]
    return dedupe_posts(p for p in pages)


def _own_bbcode(message: str) -> str:
    return _QUOTE.sub("", message)


def _game_file(
    tmp: Path, edition: str, tids: dict[int, str], extra_players: Iterable[str] = ()
) -> Path:
    manifest = manifest_posts(edition)
    players = sorted(
        {p["author"] for p in manifest.values() if p["author"] != DIRECTOR} | set(extra_players)
    )
    threads = "\n".join(f'[[thread]]\ntid = {tid}\nkind = "{kind}"\n' for tid, kind in tids.items())
    names = ", ".join(f'"{n}"' for n in players)
    (tmp / "pages").mkdir(exist_ok=True)
    text = f"""
[game]
name = "M107 captures"
ruleset = "m107"
timezone = "Asia/Shanghai"
directors = ["{DIRECTOR}"]
spectators = []

[forum]
url = "http://127.0.0.1:8035/"

[players]
names = [{names}]

[[day]]
number = 1
opens = 2026-11-22T20:00:00+08:00
closes = 2026-11-23T00:00:00+08:00

[[day]]
number = 2
opens = 2026-11-29T20:00:00+08:00
closes = 2026-11-30T08:00:00+08:00

{threads}
"""
    path = tmp / "game.toml"
    path.write_text(text, "utf-8")
    return path


def _run(
    tmp: Path,
    posts: list[Post],
    edition: str,
    tids: dict[int, str],
    codes: list[str],
) -> list[Finding]:
    game = load_game(_game_file(tmp, edition, tids))
    store = Store(game.store)
    try:
        store.upsert_posts(posts, None)
        rs = load_ruleset("m107")
        ctx = build_context(game, store, now=posts[-1].posted_at, ruleset=rs)
        return run_rules(ctx, rs, codes=codes)
    finally:
        store.close()


M107_THREAD_KINDS = {1: "rules", 2: "discussion", 3: "vote", 4: "discussion", 5: "vote"}


# ------------------------------------------------------------------ classification


@pytest.mark.parametrize("edition", M107_EDITIONS)
@pytest.mark.parametrize("viewer", ["guest", "member"])
def test_every_rendered_colour_and_size_is_classified(edition: str, viewer: str) -> None:
    posts = _desktop_posts(edition, viewer, M107_TIDS)
    seen_colors: set[str] = set()
    seen_sizes: set[str] = set()
    for p in posts:
        for name, value in p.markup:
            if name == "color":
                seen_colors.add(value)
            elif name == "size":
                seen_sizes.add(value)
        # quote headers are rendered too (in the HTML, not in the own markup)
        seen_colors.update(re.findall(r'<font color="([^"]+)"', p.message_html))
        seen_sizes.update(re.findall(r'<font size="([^"]+)"', p.message_html))
    assert seen_colors == set(COLOR_TABLE), "a colour in the captures is not classified"
    assert seen_sizes == set(SIZE_TABLE), "a size in the captures is not classified"
    for value, red in COLOR_TABLE.items():
        verdict = classify(value, DEFAULT_RED_BOUNDS)
        assert verdict.red is red, verdict.describe()
    for value, enlarged in SIZE_TABLE.items():
        assert (HTML_SIZE_PX[int(value)] > HTML_SIZE_PX[3]) is enlarged


@pytest.mark.parametrize("edition", M107_EDITIONS)
def test_markup_excludes_quotes_and_signatures(edition: str) -> None:
    posts = {p.pid: p for p in _desktop_posts(edition, "guest", M107_TIDS)}
    manifest = manifest_posts(edition)
    quoting = [pid for pid, m in manifest.items() if m["quotes_pid"] and pid in posts]
    assert quoting, "the captures have quote-replies"
    for pid in quoting:
        p = posts[pid]
        assert "#999999" in p.message_html  # the quote header is rendered…
        assert ("color", "#999999") not in p.markup  # …but it is not the poster's markup
        assert ("size", "2") not in p.markup
    signed = [
        pid
        for pid, m in manifest.items()
        if m.get("usesig") and m["author"] == "九妹" and pid in posts
    ]
    assert signed
    for pid in signed:
        assert ("color", "Red") not in posts[pid].markup


# ------------------------------------------------------------------ rules end to end


def _expected(edition: str, posts: Iterable[Post], pred: Any) -> set[int]:
    manifest = manifest_posts(edition)
    out = set()
    for p in posts:
        m = manifest[p.pid]
        if m["author"] == DIRECTOR or p.hidden:
            continue
        if pred(_own_bbcode(m["message"])):
            out.add(p.pid)
    return out


def _pids(findings: Iterable[Finding], code: str) -> set[int]:
    return {f.pid for f in findings if f.code == code and f.pid is not None}


@pytest.mark.parametrize("edition", M107_EDITIONS)
@pytest.mark.parametrize("viewer", ["guest", "member"])
def test_font_rules_find_exactly_the_manifest_posts(
    edition: str, viewer: str, tmp_path: Path
) -> None:
    posts = _desktop_posts(edition, viewer, M107_TIDS)
    findings = _run(tmp_path, posts, edition, M107_THREAD_KINDS, ["FONT-RED", "FONT-SIZE"])
    red = _expected(edition, posts, lambda bb: any(COLOR_TABLE[c] for c in _COLOR.findall(bb)))
    big = _expected(edition, posts, lambda bb: any(SIZE_TABLE[s] for s in _SIZE.findall(bb)))
    assert red and big
    assert _pids(findings, "FONT-RED") == red
    assert _pids(findings, "FONT-SIZE") == big
    # The red text itself is the match, located in the post's own text.
    by_pid = {p.pid: p for p in posts}
    for f in findings:
        text = by_pid[f.pid].text
        for m in f.matches:
            assert m.text and text[m.start : m.end] == m.text
    # what this capture holds: 豆浆's two red names, 扫把无限's 7-size claim
    f23 = next(f for f in findings if f.code == "FONT-RED" and f.pid == 23)
    assert f23.match_text == "月饼 / 扫把无限"
    f28 = next(f for f in findings if f.code == "FONT-SIZE" and f.pid == 28)
    assert f28.match_text == "对跳预言家"


@pytest.mark.parametrize("edition", M107_EDITIONS)
def test_font_rules_on_rewritten_pages(edition: str, tmp_path: Path) -> None:
    posts = _rewrite_posts(edition)
    findings = _run(tmp_path, posts, edition, M107_THREAD_KINDS, ["FONT-RED"])
    red = _expected(edition, posts, lambda bb: any(COLOR_TABLE[c] for c in _COLOR.findall(bb)))
    assert _pids(findings, "FONT-RED") == red


@pytest.mark.parametrize("edition", M107_EDITIONS)
@pytest.mark.parametrize("viewer", ["guest", "member"])
def test_paste_rules_find_chatlog_url_and_image_not_smilies(
    edition: str, viewer: str, tmp_path: Path
) -> None:
    posts = _desktop_posts(edition, viewer, M107_TIDS)
    findings = _run(tmp_path, posts, edition, M107_THREAD_KINDS, ["PASTE-CHATLOG", "PASTE-LINK"])
    manifest = manifest_posts(edition)
    chat = {
        pid
        for pid, m in manifest.items()
        if "21:15:03" in _own_bbcode(m["message"]) and m["tid"] in M107_TIDS
    }
    links = _expected(edition, posts, lambda bb: "[url" in bb or "[img]" in bb)
    assert chat == {21} and links == {32, 36}
    assert _pids(findings, "PASTE-CHATLOG") == chat
    assert _pids(findings, "PASTE-LINK") == links
    f21 = next(f for f in findings if f.pid == 21)
    assert f21.match_text == "取酒 21:15:03 / 反馈：村民阵营 / 麻花 21:15:40"
    f36 = next(f for f in findings if f.pid == 36)
    assert f36.match_text == "https://example.com/m107/analysis"
    f32 = next(f for f in findings if f.pid == 32)
    assert f32.match_text == "[图片]"
    with_smilies = {p.pid for p in posts if p.smilies}
    assert len(with_smilies) >= 4
    assert not with_smilies & _pids(findings, "PASTE-LINK")


def test_attachments_are_pastes(tmp_path: Path) -> None:
    """x35-edge tid 57 as a member: inline image, inline zip and both list attachments."""
    edition = "x35-edge"
    posts = _desktop_posts(edition, "member", [57])
    findings = _run(tmp_path, posts, edition, {57: "discussion"}, ["PASTE-LINK"])
    manifest = manifest_posts(edition)
    with_attachments = {
        pid for pid, m in manifest.items() if m["tid"] == 57 and m.get("attachments")
    }
    assert with_attachments == {1130, 1131, 1132, 1133}
    assert _pids(findings, "PASTE-LINK") == with_attachments
    by_pid = {f.pid: f for f in findings}
    assert by_pid[1130].match_text == "[图片]"
    assert by_pid[1132].match_text == "夜间记录.png"
