"""Parser edge cases on the real captures: jammer, stuck replies, banned posts and
authors, [hide], attachments, relative times, quotes, edits, GBK = UTF-8."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest

from auditor.forum.parse import dedupe_posts, parse_page, relative_time_bounds
from auditor.models import Attachment, HiddenReason, PageKind, ParsedPage, Post
from tests.discuz_data import (
    EDITIONS,
    GBK_EDITIONS,
    UTF8_EDITIONS,
    bbcode_to_text,
    find_capture,
    load_captures,
    manifest_posts,
    normalise_ws,
)

pytestmark = pytest.mark.discuz

CST = timezone(timedelta(hours=8))
EDGE = ("x35-edge", "x35-edge/gbk")
M107 = ("x35-utf8", "x35-gbk")


def parse(edition: str, file: str) -> ParsedPage:
    return parse_page(find_capture(edition, file).fetched(), CST)


def by_pid(parsed: ParsedPage) -> dict[int, Post]:
    return {p.pid: p for p in parsed.posts if p.pid is not None}


def at(iso: str) -> datetime:
    return datetime.fromisoformat(iso)


# --- jammer (tid 56) ---------------------------------------------------------------

JAMMER_FILES = [
    "guest/thread-56-p1.html",
    "member/thread-56-p1.html",
    "guest/thread-56-p1-again.html",
    "guest/api-viewthread-56-p1.json",
    "member/api-viewthread-56-p1.json",
    "touch/thread-56-p1.html",
    "guest/thread-56-printable.html",
]


@pytest.mark.parametrize("edition", EDGE)
@pytest.mark.parametrize("file", JAMMER_FILES)
def test_jammer_is_removed_in_every_view(edition: str, file: str) -> None:
    truth = {pid: p for pid, p in manifest_posts(edition).items() if p["tid"] == 56}
    parsed = parse(edition, file)
    assert len(parsed.posts) == len(truth) == 5
    ordered = sorted(truth.values(), key=lambda p: p["position"])
    for post, t in zip(parsed.posts, ordered, strict=True):
        clean = t["clean_message_text"]
        assert post.text == normalise_ws(clean)
        assert post.lines == tuple(normalise_ws(x) for x in clean.split("\n") if x.strip())
        assert "jammer" not in post.message_html
        assert "display:none" not in post.message_html.replace(" ", "")
        assert "\r" not in post.message_html


@pytest.mark.parametrize("edition", EDGE)
@pytest.mark.parametrize(
    ("jammed", "clean"),
    [
        ("guest/thread-56-p1.html", "guest/thread-56-p1-jammer-off.html"),
        ("guest/thread-56-p1-again.html", "guest/thread-56-p1-jammer-off.html"),
        ("guest/api-viewthread-56-p1.json", "guest/api-viewthread-56-p1-jammer-off.json"),
    ],
)
def test_jammer_free_html_equals_the_jammer_off_render(
    edition: str, jammed: str, clean: str
) -> None:
    a, b = parse(edition, jammed), parse(edition, clean)
    assert [p.message_html for p in a.posts] == [p.message_html for p in b.posts]


# --- stuck replies (tid 58) -----------------------------------------------------------


@pytest.mark.parametrize("edition", EDGE)
@pytest.mark.parametrize("view", ["guest/thread-58-p{}.html", "guest/api-viewthread-58-p{}.json"])
def test_stuck_replies_repeat_on_page_one_and_dedupe(edition: str, view: str) -> None:
    pages = [parse(edition, view.format(n)) for n in (1, 2, 3)]
    first = pages[0]
    assert len(first.posts) == 12
    stuck = {p.pid: p.floor for p in first.posts if p.stuck}
    assert stuck == {1150: 16, 1158: 24}
    assert [p.floor for p in first.posts] == [1, 16, 24, *range(2, 11)]
    assert [p.total_pages for p in pages] == [3, 3, 3]
    assert [p.page for p in pages] == [1, 2, 3]
    assert not any(p.stuck for page in pages[1:] for p in page.posts)
    posts = dedupe_posts(pages)
    assert len(posts) == 25
    assert [p.floor for p in posts] == list(range(1, 26))
    assert not any(p.stuck for p in posts)


@pytest.mark.parametrize("edition", EDGE)
def test_stuck_reply_floor_text_is_read(edition: str) -> None:
    post = by_pid(parse(edition, "member/thread-58-p1.html"))[1158]
    assert (post.floor, post.stuck) == (24, True)
    author_view = parse(edition, "guest/thread-58-p1-author-2.html")
    assert not any(p.stuck for p in author_view.posts)


# --- banned post pid 38 and banned authors (tid 59) ------------------------------------


@pytest.mark.parametrize("edition", M107)
def test_banned_post_hidden_for_guest_with_author_and_time(edition: str) -> None:
    truth = manifest_posts(edition)[38]
    for file in ("guest/thread-2-p3.html", "guest/api-viewthread-2-p3.json"):
        post = by_pid(parse(edition, file))[38]
        assert post.hidden is HiddenReason.MODERATOR
        assert (post.text, post.message_html, post.lines) == ("", "", ())
        assert post.author == "麻花" and post.author_uid == 13
        assert post.posted_at == at(truth["datetime"])
    printable = parse(edition, "guest/thread-2-printable.html")
    hidden = [p for p in printable.posts if p.hidden]
    assert [(p.author, p.hidden) for p in hidden] == [("麻花", HiddenReason.MODERATOR)]


@pytest.mark.parametrize("edition", M107)
def test_admin_sees_banned_post_text(edition: str) -> None:
    truth = manifest_posts(edition)[38]
    post = by_pid(parse(edition, "admin/thread-2-p3.html"))[38]
    assert post.hidden is HiddenReason.MODERATOR
    assert post.text == bbcode_to_text(truth["message"]) != ""


@pytest.mark.parametrize("edition", EDGE)
@pytest.mark.parametrize(
    "file",
    [
        "guest/thread-59-p1.html",
        "member/thread-59-p1.html",
        "guest/api-viewthread-59-p1.json",
        "member/api-viewthread-59-p1.json",
    ],
)
def test_banned_authors_posts_are_hidden(edition: str, file: str) -> None:
    posts = by_pid(parse(edition, file))
    assert {pid for pid, p in posts.items() if p.hidden} == {1161, 1163}
    assert posts[1161].hidden is HiddenReason.AUTHOR_BANNED
    assert (posts[1161].author, posts[1163].author) == ("违规甲", "违规乙")
    assert posts[1161].text == posts[1163].text == ""
    assert posts[1162].text == "楼上注意发言。"


@pytest.mark.parametrize("edition", EDGE)
@pytest.mark.parametrize("file", ["admin/thread-59-p1.html", "admin/api-viewthread-59-p1.json"])
def test_admin_reads_banned_authors_posts(edition: str, file: str) -> None:
    posts = by_pid(parse(edition, file))
    assert posts[1163].hidden is HiddenReason.AUTHOR_BANNED
    assert posts[1163].lines == ("这一楼的作者之后会被禁止访问。", "第二行内容。")


# --- [hide] (tid 60) ------------------------------------------------------------------

SECRET = "隐藏内容：本局狼人是麻花和油条。"


@pytest.mark.parametrize("edition", EDGE)
@pytest.mark.parametrize(
    ("file", "can_read"),
    [
        ("guest/thread-60-p1.html", False),
        ("member-noreply/thread-60-p1.html", False),
        ("member/thread-60-p1.html", True),
        ("admin/thread-60-p1.html", True),
        ("guest/api-viewthread-60-p1.json", False),
        ("member/api-viewthread-60-p1.json", True),
    ],
)
def test_hide_blocks_by_viewer(edition: str, file: str, can_read: bool) -> None:
    posts = by_pid(parse(edition, file))
    first, reply = posts[1165], posts[1168]
    assert first.hidden_content is reply.hidden_content is (not can_read)
    assert (SECRET in first.text) is can_read
    assert ("第二段隐藏文字。" in reply.text) is can_read
    for post in (first, reply):
        assert "如果您要查看本帖隐藏内容" not in post.text
        assert "本帖隐藏的内容" not in post.text
        assert "replyreload" not in post.text
        assert post.hidden is None
    if can_read:
        assert first.lines == ("公开部分：下面是隐藏内容，回复后可见。", SECRET, "公开部分结束。")
        assert reply.text == "回复里也可以隐藏：第二段隐藏文字。"
    else:
        assert first.lines == ("公开部分：下面是隐藏内容，回复后可见。", "公开部分结束。")


# --- attachments (tid 57) -------------------------------------------------------------


@pytest.mark.parametrize("edition", EDGE)
def test_attachments_member_sees_inline_and_listed(edition: str) -> None:
    posts = by_pid(parse(edition, "member/thread-57-p1.html"))

    def summary(pid: int) -> list[tuple[int | None, str | None, bool, bool]]:
        return [(a.aid, a.name, a.is_image, a.inline) for a in posts[pid].attachments]

    assert summary(1130) == [(5, "投票截图.png", True, True)]
    assert summary(1131) == [(6, "复盘记录.zip", False, True)]
    assert summary(1132) == [(7, "夜间记录.png", True, False)]
    assert summary(1133) == [(8, "night-log.zip", False, False)]
    assert posts[1130].lines == ("这是昨晚的投票截图：", "[图片]", "大家自己看票型。")
    (image,) = posts[1130].images
    assert image.startswith("data/attachment/forum/") and image.endswith(".png")
    assert posts[1131].text == "第一天的复盘记录打包在这里： 需要的自己下载。"
    assert all(
        isinstance(a, Attachment) and a.url and "mod=attachment" in a.url
        for p in posts.values()
        for a in p.attachments
    )
    # the tooltips' "55 秒前 上传" never becomes text or a time
    assert not any("秒前" in p.text or "下载附件" in p.text for p in posts.values())


@pytest.mark.parametrize("edition", EDGE)
@pytest.mark.parametrize(
    "file",
    [
        "guest/thread-57-p1.html",
        "guest/api-viewthread-57-p1.json",
        "guest/thread-57-printable.html",
    ],
)
def test_attachments_guest_sees_none(edition: str, file: str) -> None:
    parsed = parse(edition, file)
    assert not any(p.attachments or p.images for p in parsed.posts)
    assert not any("[attach]" in p.text or "本帖子中包含更多资源" in p.text for p in parsed.posts)


# --- relative times (tid 62 and the M107 recent threads) -------------------------------


@pytest.mark.parametrize("edition", EDGE)
def test_relative_times_with_title_are_exact(edition: str) -> None:
    truth = manifest_posts(edition)
    for file in ("guest/thread-62-p1.html", "member/thread-62-p1.html"):
        for post in parse(edition, file).posts:
            assert not post.time_approximate
            assert post.posted_at == at(truth[post.pid]["datetime"])


@pytest.mark.parametrize("edition", EDGE)
def test_touch_relative_times_are_approximate_within_discuz_window(edition: str) -> None:
    cap = find_capture(edition, "touch/thread-62-p1.html")
    truth = manifest_posts(edition)
    api_file = "guest/api-viewthread-62-p1.json"
    posts = parse(edition, cap.file).posts
    assert len(posts) == 8
    for post in posts:
        t = truth[post.pid]
        true_at = at(t["datetime"])
        shown = t["api_fields_by_file"][api_file]["dateline"]  # the same strings as li.mtime
        bounds = relative_time_bounds(shown.replace("&nbsp;", " "), cap.captured_at)
        if bounds is None:  # absolute text
            assert not post.time_approximate and post.posted_at == true_at
            continue
        assert post.time_approximate
        lo, hi = bounds
        assert lo <= true_at <= hi
        assert lo <= post.posted_at <= hi
    exact = {
        p.pid: p.posted_at for p in posts if p.time_precision == "second" and p.time_approximate
    }
    # 刚刚 and "17 秒前" resolve to the very second
    assert {truth[pid]["datetime"] for pid in exact} == {v.isoformat() for v in exact.values()}
    assert len(exact) == 2


def _relative_texts() -> list[tuple[str, str, str, str]]:
    """Every relative time text in the captures: (edition, file, text, true time)."""
    out = []
    for edition in EDITIONS:
        for post in manifest_posts(edition).values():
            for file, fields in post["api_fields_by_file"].items():
                out.append((edition, file, fields["dateline"], post["datetime"]))
            for file, html in post["time_text_by_file"].items():
                m = re.search(r">([^<]+)</span>", html)
                if m:
                    out.append((edition, file, m.group(1), post["datetime"]))
    return [o for o in out if not re.match(r"\d{4}-", o[2])]


def test_every_relative_text_in_the_captures_brackets_the_true_time() -> None:
    texts = _relative_texts()
    forms = set()
    captured = {(e, c.file): c.captured_at for e in EDITIONS for c in load_captures(e)}
    for edition, file, text, true_iso in texts:
        now = captured[(edition, file)]
        bounds = relative_time_bounds(text.replace("&nbsp;", " "), now)
        assert bounds is not None, text
        assert bounds[0] <= at(true_iso) <= bounds[1], (edition, file, text, true_iso)
        forms.add(re.sub(r"[\d:]+", "N", text.replace("&nbsp;", " ")))
    assert forms >= {
        "刚刚",
        "N 秒前",
        "N 分钟前",
        "半小时前",
        "N 小时前",
        "昨天 N",
        "前天 N",
        "N 天前",
    }


@pytest.mark.parametrize("edition", M107)
def test_printable_relative_time_uses_minute_title(edition: str) -> None:
    truth = sorted(
        (p for p in manifest_posts(edition).values() if p["tid"] == 5),
        key=lambda p: p["position"],
    )
    posts = parse(edition, "guest/thread-5-printable.html").posts
    for post, t in zip(posts, truth, strict=True):
        assert post.time_precision == "minute" and not post.time_approximate
        assert post.posted_at == at(t["datetime"]).replace(second=0)


# --- quotes, edits, smilies, links, markup, signatures ---------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_quote_reply_names_the_quoted_post(edition: str) -> None:
    truth = manifest_posts(edition)
    checked = 0
    for cap in load_captures(edition):
        if not re.search(r"(thread-\d+-(p\d+|\d+-1)|api-viewthread-\d+-(p\d+|ppp\d+))\.", cap.file):
            continue
        if cap.status != 200 or ("thread-6-" in cap.file and cap.viewer == "guest"):
            continue
        for post in parse(edition, cap.file).posts:
            quoted = truth[post.pid]["quotes_pid"]
            if quoted and not post.hidden:
                (quote,) = post.quotes
                assert (quote.pid, quote.author) == (quoted, truth[quoted]["author"])
                assert quote.text and quote.text not in post.text
                checked += 1
    assert checked >= (8 if edition in M107 else 0)


@pytest.mark.parametrize("edition", M107)
def test_quote_details(edition: str) -> None:
    desk = by_pid(parse(edition, "guest/thread-2-p2.html"))[25]
    (q,) = desk.quotes
    assert (q.author, q.pid, q.tid, q.quoted_time) == ("月饼", 18, 2, "2026-11-22 21:00")
    assert q.text == "我发誓我是好人！！！相信我！！！"
    assert desk.text == "月饼这发誓确实不太好，但也可能是新手不懂规则。"
    assert desk.links == ()  # the quote header link is not the poster's link
    api = by_pid(parse(edition, "guest/api-viewthread-2-p2.json"))[25]
    assert api.quotes == desk.quotes and api.text == desk.text
    typed = by_pid(parse(edition, "guest/thread-2-p3.html"))[31]
    (q,) = typed.quotes
    assert (q.author, q.pid, q.text) == (None, None, "取酒：警徽流：扫把无限、馄饨。")
    assert typed.lines == (
        "两个预言家，先看警徽流和验人逻辑吧。",
        "取酒警徽流第一个就是扫把无限，扫把无限立刻对跳，这很像被逼出来的。",
    )


def test_a_quote_typed_with_its_header_names_the_quoted_author() -> None:
    """[quote]馄饨 发表于 …⏎…[/quote] typed by hand: no findpost link, the author all the same;
    a quote whose first line only mentions 发表于 names no one."""
    from auditor.forum.parse.message import extract_message, fragment

    html = (
        '<div class="quote"><blockquote>馄饨 发表于 2026-12-3 19:58<br />'
        "投票对象：番茄</blockquote></div>投票对象：春卷"
    )
    (q,) = extract_message(fragment(html)).quotes
    assert (q.author, q.quoted_time, q.text) == ("馄饨", "2026-12-3 19:58", "投票对象：番茄")
    other = '<div class="quote"><blockquote>他发表于昨天的帖子<br />投包子</blockquote></div>x'
    (q,) = extract_message(fragment(other)).quotes
    assert (q.author, q.text) == (None, "他发表于昨天的帖子 投包子")


@pytest.mark.parametrize("edition", M107)
def test_edit_notice_is_kept_apart(edition: str) -> None:
    for file in ("guest/thread-4-p3.html", "guest/api-viewthread-4-p3.json"):
        post = by_pid(parse(edition, file))[92]
        if "api-" in file:  # the mobile API leaves the notice out of the message
            assert post.edited is None
        else:
            assert re.fullmatch(r"本帖最后由 饺子 于 2026-11-30 \d\d:\d\d 编辑", post.edited or "")
        assert "本帖最后由" not in post.text
        assert post.text == "（死亡玩家）这条只是测试遗言格式，已修改：大家加油！"


@pytest.mark.parametrize("edition", M107)
def test_smilies_images_links_markup_signatures(edition: str) -> None:
    p1 = by_pid(parse(edition, "guest/thread-1-p1.html"))
    assert p1[2].smilies == (":lol",) and p1[2].text.endswith(":lol")
    assert {("color", "Red"), ("color", "#FF0000"), ("color", "#ff3333"), ("size", "7")} <= set(
        p1[1].markup
    )
    assert p1[1].links and p1[1].links[0].endswith("forum.php?mod=forumdisplay&fid=2")
    p3 = by_pid(parse(edition, "guest/thread-2-p3.html"))
    assert p3[32].lines == ("附一张今天的局势图：", "[图片]")
    assert p3[32].images and p3[32].images[0].endswith("static/image/common/logo.png")
    assert p3[34].smilies == (":lol",) and not p3[34].images
    assert p3[36].links == ("https://example.com/m107/analysis",)
    p2 = by_pid(parse(edition, "guest/thread-2-p1.html"))
    assert p2[13].smilies == (":victory:",)
    # 九妹's signature (好人卡收集中) is never part of a post
    for file in ("guest/thread-4-p1.html", "guest/thread-4-p2.html", "guest/thread-2-p3.html"):
        assert not any("好人卡" in p.text for p in parse(edition, file).posts)


# --- GBK and UTF-8 give the same posts ---------------------------------------------------


def _comparable(parsed: ParsedPage) -> list[tuple]:
    return [
        (
            p.pid,
            p.floor,
            p.author,
            p.author_uid,
            p.text,
            p.lines,
            tuple((q.text, q.author, q.pid) for q in p.quotes),
            p.hidden,
            p.smilies,
            p.markup,
            p.hidden_content,
            tuple((a.aid, a.name, a.is_image, a.inline) for a in p.attachments),
            p.first,
            p.stuck,
        )
        for p in parsed.posts
    ]


PAIRS = [
    (utf, gbk, c.file)
    for utf, gbk in zip(UTF8_EDITIONS, GBK_EDITIONS, strict=True)
    for c in load_captures(utf)
    if c.status == 200
    and re.search(r"(thread-\d+-(p\d+|\d+-1|printable)|api-viewthread-\d+-(p\d+|ppp\d+))", c.file)
    and not (c.viewer == "guest" and "-6-" in c.file)
    and not c.file.endswith("-jammer-off.html")
]


@pytest.mark.parametrize(("utf", "gbk", "file"), PAIRS, ids=[f"{u}:{f}" for u, _, f in PAIRS])
def test_gbk_and_utf8_editions_give_identical_text(utf: str, gbk: str, file: str) -> None:
    a, b = parse(utf, file), parse(gbk, file)
    assert a.kind == b.kind and a.tid == b.tid and a.page == b.page
    assert _comparable(a) == _comparable(b)
    if a.kind is not PageKind.API:
        assert a.charset == "utf-8"
        assert b.charset == ("utf-8" if file.startswith("touch/") else "gb18030")
