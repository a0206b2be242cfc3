"""The page writer: BBCode, times, pages, API JSON, determinism, and real-page parity."""

from __future__ import annotations

import json
import os
import re
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from lxml import html as lhtml

from tests import paths
from tools.writer import (
    Snapshot,
    at_snapshot,
    bbcode_to_html,
    discuz_time,
    load_script,
    main,
    parse_script,
    render_thread_pages,
)

ROOT = paths.ROOT
SAMPLE = ROOT / "examples" / "sample"
TZ = ZoneInfo("Asia/Shanghai")
DISCUZ = Path(os.environ.get("AUDITOR_DISCUZ_DIR") or paths.ROOT.parent / "shared" / "discuz")


def at(s: str) -> datetime:
    return datetime.fromisoformat(s).replace(tzinfo=TZ)


def script(posts: list[dict], *, ppp: int = 10, charset: str = "utf-8", **forum) -> object:
    names = {p["author"] for p in posts} | {"导演"}
    data = {
        "forum": {"base_url": "http://bbs.example.com/", "charset": charset, "ppp": ppp, **forum},
        "members": {n: i for i, n in enumerate(sorted(names), 1)},
        "thread": [{"tid": 7, "fid": 2, "subject": "[M107] 测试帖 <b>", "post": posts}],
    }
    return parse_script(data)


def posts(n: int, start: str = "2026-11-20T09:00:00") -> list[dict]:
    t0 = at(start)
    return [
        {
            "author": "导演" if i == 0 else "饺子",
            "at": t0 + timedelta(minutes=i),
            "message": f"第{i + 1}帖",
        }
        for i in range(n)
    ]


def pages(s, tid: int = 7) -> dict[str, bytes]:
    return {url: body for url, body, _ in render_thread_pages(s, tid)}


# ------------------------------------------------------------------ BBCode

BBCODE_CASES = [
    ("两行\n第二行", "两行<br />\n第二行"),
    (
        "[b]粗[/b][s]删[/s][i]斜[/i][u]下[/u]",
        "<strong>粗</strong><strike>删</strike><i>斜</i><u>下</u>",
    ),
    ("[color=Red]红[/color]", '<font color="Red">红</font>'),
    ("[color=#ff3333]红[/color]", '<font color="#ff3333">红</font>'),
    ("[size=5]大[/size]", '<font size="5">大</font>'),
    (
        "[url]https://example.com/a?b=1&c=2[/url]",
        '<a href="https://example.com/a?b=1&amp;c=2" target="_blank">https://example.com/a?b=1&amp;c=2</a>',
    ),
    (
        "[url=https://example.com/]链接[/url]",
        '<a href="https://example.com/" target="_blank">链接</a>',
    ),
    (
        "[url=forum.php?mod=forumdisplay&fid=2]版[/url]",
        '<a href="http://bbs.example.com/forum.php?mod=forumdisplay&amp;fid=2" target="_blank">版</a>',
    ),
    (
        ":lol 好",
        '<img src="static/image/smiley/default/lol.gif" smilieid="12" border="0" alt="" /> 好',
    ),
    (
        ":victory: :curse: :(",
        '<img src="static/image/smiley/default/victory.gif" smilieid="20" border="0" alt="" /> '
        '<img src="static/image/smiley/default/curse.gif" smilieid="15" border="0" alt="" /> '
        '<img src="static/image/smiley/default/sad.gif" smilieid="2" border="0" alt="" />',
    ),
    ("a<b>&\"c'", "a&lt;b&gt;&amp;&quot;c'"),
    ("&#8364;", "&#8364;"),
    (
        "说：\n[quote]取酒：金水。[/quote]\n然后",
        '说：<div class="quote"><blockquote>取酒：金水。</blockquote></div>然后',
    ),
    (
        "[i=s] 本帖最后由 饺子 于 2026-11-30 06:17 编辑 [/i]\n\n正文",
        '<i class="pstatus"> 本帖最后由 饺子 于 2026-11-30 06:17 编辑 </i><br />\n<br />\n正文',
    ),
    ("a  b\tc", "a&nbsp;&nbsp;b&nbsp; &nbsp; &nbsp; &nbsp; c"),
]


@pytest.mark.parametrize(("bbcode", "expected"), BBCODE_CASES)
def test_bbcode_desktop(bbcode: str, expected: str) -> None:
    assert bbcode_to_html(bbcode, base_url="http://bbs.example.com/") == expected


def test_img_is_zoomable_with_a_seeded_id() -> None:
    import random

    a = bbcode_to_html("[img]http://x/y.png[/img]", rng=random.Random(1))
    b = bbcode_to_html("[img]http://x/y.png[/img]", rng=random.Random(1))
    assert a == b
    assert re.fullmatch(
        r'<img id="aimg_[0-9A-Za-z]{5}" onclick="zoom\(this, this.src, 0, 0, 0\)" class="zoom" src="http://x/y.png" '
        r'onmouseover="img_onmouseoverfunc\(this\)" onload="thumbImg\(this\)" border="0" alt="" />',
        a,
    )


MOBILE_CASES = [
    ("[size=5][b]大[/b][/size]", "<strong>大</strong>"),
    ("[img]http://x/y.png[/img]", '<div class="img"><img src="http://x/y.png" /></div>'),
    (":lol", '<img src="http://bbs.example.com/static/image/smiley/default/lol.gif" />'),
    ("[url=https://e.com/?a=1&b=2]t[/url]", '<a href="https://e.com/?a=1&amp;amp;b=2">t</a>'),
    ("[quote]x[/quote]\n\ny", '<div class="reply_wrap">x</div><br />\ny'),
    ("[i=s] 本帖最后由 饺子 于 2026-11-30 06:17 编辑 [/i]\n\n正文", "正文"),
]


@pytest.mark.parametrize(("bbcode", "expected"), MOBILE_CASES)
def test_bbcode_mobile_api(bbcode: str, expected: str) -> None:
    assert bbcode_to_html(bbcode, base_url="http://bbs.example.com/", mobile=True) == expected


def test_quote_reply_is_stored_like_the_repquote_form() -> None:
    s = script(
        [
            {"author": "导演", "at": at("2026-11-20T09:00:00"), "message": "开帖"},
            {
                "author": "包子",
                "at": at("2026-11-20T22:05:00"),
                "message": "投票对象：饺子\n投票理由：[b]饺子好吃[/b] :lol",
            },
            {
                "author": "包子",
                "at": at("2026-11-20T22:09:00"),
                "quote": 2,
                "message": "改票对象：包子\n改票理由：包子也好吃",
            },
        ]
    )
    stored = s.threads[7].posts[2].message
    assert stored == (
        "[quote][size=2][url=forum.php?mod=redirect&goto=findpost&pid=2&ptid=7][color=#999999]包子 发表于 2026-11-20 22:05"
        "[/color][/url][/size]\n投票对象：饺子\n投票理由：饺子好吃[/quote]\n\n改票对象：包子\n改票理由：包子也好吃"
    )
    html = bbcode_to_html(stored, base_url="http://bbs.example.com/")
    assert html.startswith(
        '<div class="quote"><blockquote><font size="2"><a href="http://bbs.example.com/forum.php?mod=redirect&amp;goto=findpost'
        '&amp;pid=2&amp;ptid=7" target="_blank"><font color="#999999">包子 发表于 2026-11-20 22:05</font></a></font><br />\n'
    )
    assert html.endswith("</blockquote></div><br />\n改票对象：包子<br />\n改票理由：包子也好吃")


# ------------------------------------------------------------------ times

NOW = at("2026-11-30T06:18:10")
TIME_CASES = [
    ("2026-11-30T06:18:10", '<span title="2026-11-30 06:18:10">刚刚</span>'),
    ("2026-11-30T06:17:53", '<span title="2026-11-30 06:17:53">17&nbsp;秒前</span>'),
    ("2026-11-30T06:13:10", '<span title="2026-11-30 06:13:10">5&nbsp;分钟前</span>'),
    ("2026-11-30T05:32:18", '<span title="2026-11-30 05:32:18">半小时前</span>'),
    ("2026-11-30T00:00:00", '<span title="2026-11-30 00:00:00">6&nbsp;小时前</span>'),
    ("2026-11-29T23:59:59", '<span title="2026-11-29 23:59:59">昨天&nbsp;23:59</span>'),
    ("2026-11-28T20:00:00", '<span title="2026-11-28 20:00:00">前天&nbsp;20:00</span>'),
    ("2026-11-27T23:59:59", '<span title="2026-11-27 23:59:59">3&nbsp;天前</span>'),
    ("2026-11-23T00:00:01", '<span title="2026-11-23 00:00:01">7&nbsp;天前</span>'),
    ("2026-11-23T00:00:00", "2026-11-23 00:00:00"),
    ("2026-11-22T23:59:59", "2026-11-22 23:59:59"),
    ("2026-01-05T09:00:00", "2026-1-5 09:00:00"),
]


@pytest.mark.parametrize(("when", "expected"), TIME_CASES)
def test_discuz_relative_times(when: str, expected: str) -> None:
    assert discuz_time(at(when), NOW, TZ) == expected
    mobile = re.sub(r'<span title="[^"]*">(.*)</span>', r"\1", expected)
    assert discuz_time(at(when), NOW, TZ, mobile=True) == mobile


# ------------------------------------------------------------------ pages


def test_single_page_has_no_pager() -> None:
    body = pages(script(posts(10)))["forum.php?mod=viewthread&tid=7&page=1"].decode()
    assert 'class="pg"' not in body
    assert body.rstrip().endswith("</html>")
    assert '<meta charset="utf-8" />' in body
    assert '<span id="thread_subject">[M107] 测试帖 &lt;b&gt;</span>' in body


def test_pager_and_page_count() -> None:
    out = pages(script(posts(25)))
    desktop = [u for u in out if u.startswith("forum.php")]
    assert desktop == [f"forum.php?mod=viewthread&tid=7&page={i}" for i in (1, 2, 3)]
    p1, p2, p3 = (out[u].decode() for u in desktop)
    for body in (p1, p2, p3):
        assert '<span title="共 3 页"> / 3 页</span>' in body
    assert 'class="prev"' not in p1 and 'class="nxt">下一页</a>' in p1
    assert 'class="prev"' in p2 and 'class="nxt"' in p2 and "<strong>2</strong>" in p2
    assert 'class="prev"' in p3 and 'class="nxt"' not in p3
    doc = lhtml.fromstring(p3)
    assert [
        e.get("id") for e in doc.xpath("//div[@id='postlist']/div[starts-with(@id,'post_')]")
    ] == [f"post_{i}" for i in range(21, 26)]


def test_floors_and_first_post_link() -> None:
    body = pages(script(posts(12)))["forum.php?mod=viewthread&tid=7&page=1"].decode()
    doc = lhtml.fromstring(body)
    labels = [a.text_content().strip() for a in doc.xpath("//a[starts-with(@id,'postnum')]")]
    assert labels[:5] == ["楼主", "沙发", "板凳", "地板", "5#"]
    assert '<a href="forum.php?mod=viewthread&tid=7"   id="postnum1"' in body
    assert '<a href="forum.php?mod=redirect&goto=findpost&ptid=7&pid=5"   id="postnum5"' in body
    assert "<em>5</em><sup>#</sup></a>" in body
    assert (
        doc.xpath("//div[@id='favatar3']//div[@class='authi']/a[@class='xw1']")[0].get("href")
        == "home.php?mod=space&uid=2"
    )


def test_deleted_post_leaves_a_gap_and_hidden_post_is_locked() -> None:
    ps = posts(21)
    ps[4]["deleted"] = True
    ps[6]["hidden"] = "moderator"
    ps[8]["edited_at"] = ps[8]["at"] + timedelta(minutes=10)
    out = pages(script(ps))
    # 21 positions (one deleted): Discuz! pages by maxposition, so position 21 is on page 3.
    assert sorted(out) == sorted(
        [f"forum.php?mod=viewthread&tid=7&page={i}" for i in (1, 2, 3)]
        + [f"api/mobile/index.php?version=4&module=viewthread&tid=7&page={i}" for i in (1, 2, 3)]
    )
    p1 = out["forum.php?mod=viewthread&tid=7&page=1"].decode()
    assert "post_5" not in p1 and len(re.findall(r'<div id="post_\d+" >', p1)) == 9
    assert '<div class="locked">提示: <em>该帖被管理员或版主屏蔽</em></div>' in p1
    assert "postmessage_7" not in p1
    assert '<i class="pstatus"> 本帖最后由 饺子 于 2026-11-20 09:18 编辑 </i><br />' in p1
    api = json.loads(out["api/mobile/index.php?version=4&module=viewthread&tid=7&page=1"])
    pl = api["Variables"]["postlist"]
    assert [p["position"] for p in pl] == ["1", "2", "3", "4", "6", "7", "8", "9", "10"]
    assert [p["number"] for p in pl] == [str(i) for i in range(1, 10)]
    assert pl[5]["status"] == "1" and pl[5]["message"] == "提示: <em>该帖被管理员或版主屏蔽</em>"
    assert (
        api["Variables"]["thread"]["replies"] == "19"
        and api["Variables"]["thread"]["maxposition"] == "21"
    )


def test_an_edited_post_shows_each_version_from_its_edit_on() -> None:
    # A roster kept current by editing: the page shows the version of the last edit made by
    # the moment it is rendered, with that edit's 本帖最后由 … 编辑 notice (a real page's form).
    ps = posts(3)
    ps[0]["message"] = "名单\n1. 饺子\n2. 汤圆 ★"
    ps[0]["edit"] = [
        {"at": at("2026-11-21T09:00:00"), "message": "名单\n1. [s]饺子[/s] 夜死\n2. 汤圆 ★"},
        {"at": at("2026-11-22T09:00:00"), "message": "名单（第三版）", "by": "饺子"},
    ]
    s = script(ps)

    def first(moment: str) -> str:
        then = at_snapshot(s, Snapshot(at(moment), "", [], [], False, {}))
        return pages(then)["forum.php?mod=viewthread&tid=7&page=1"].decode()

    before = first("2026-11-20T23:00:00")
    assert "2. 汤圆 ★" in before and "本帖最后由" not in before and "夜死" not in before
    middle = first("2026-11-21T12:00:00")
    assert '<i class="pstatus"> 本帖最后由 导演 于 2026-11-21 09:00 编辑 </i><br />' in middle
    assert "夜死" in middle and "第三版" not in middle
    last = first("2026-11-23T00:00:00")
    assert '<i class="pstatus"> 本帖最后由 饺子 于 2026-11-22 09:00 编辑 </i><br />' in last
    # The whole script renders the last version.
    assert "第三版" in pages(s)["forum.php?mod=viewthread&tid=7&page=1"].decode()
    ps[0]["edit"] = [{"at": ps[0]["at"], "message": "同一时刻"}]
    with pytest.raises(ValueError, match=r"edit\[0\]\.at"):
        script(ps)


def test_api_json_shape() -> None:
    ps = posts(3)
    ps[1]["message"] = "投票对象：油条\n投票理由：[color=Red]http://x/[/color]"
    s = script(ps, rendered_at=at("2026-11-20T09:06:00"))
    url, body, ctype = next(x for x in render_thread_pages(s, 7) if x[0].startswith("api/"))
    assert url == "api/mobile/index.php?version=4&module=viewthread&tid=7&page=1"
    assert ctype == "application/json"
    assert body.isascii() and "\\u6295" in body.decode() and "\\/" in body.decode()
    d = json.loads(body)
    assert d["Version"] == "4" and d["Charset"] == "UTF-8"
    v = d["Variables"]
    assert v["ppp"] == "10" and v["cache_custominfo_postno"] == [
        "<sup>#</sup>",
        "楼主",
        "沙发",
        "板凳",
        "地板",
    ]
    t = v["thread"]
    assert {k: t[k] for k in ("tid", "fid", "author", "authorid", "replies", "maxposition")} == {
        "tid": "7",
        "fid": "2",
        "author": "导演",
        "authorid": "1",
        "replies": "2",
        "maxposition": "3",
    }
    assert t["dateline"] == str(int(at("2026-11-20T09:00:00").timestamp()))
    p = v["postlist"][1]
    assert set(p) >= {
        "pid",
        "tid",
        "first",
        "author",
        "authorid",
        "dateline",
        "dbdateline",
        "message",
        "position",
        "number",
        "status",
    }
    assert p["first"] == "0" and v["postlist"][0]["first"] == "1"
    assert p["dateline"] == "5&nbsp;分钟前"
    assert p["message"] == '投票对象：油条<br />\n投票理由：<font color="Red">http://x/</font>'


def test_api_ppp_option() -> None:
    out = pages(script(posts(25), api_ppp=50))
    assert "api/mobile/index.php?version=4&module=viewthread&tid=7&page=1&ppp=50" in out
    assert (
        len(
            json.loads(out["api/mobile/index.php?version=4&module=viewthread&tid=7&page=1&ppp=50"])[
                "Variables"
            ]["postlist"]
        )
        == 25
    )


def test_gbk_pages() -> None:
    ps = posts(2)
    ps[1]["message"] = "中文 € 𠀀"
    rendered = list(render_thread_pages(script(ps, charset="gbk"), 7))
    _url, body, ctype = rendered[0]
    assert ctype == "text/html; charset=gbk"
    text = body.decode("gbk")
    assert '<meta charset="gbk" />' in text and "中文 &#8364; &#131072;" in text
    api = rendered[-1][1]
    assert api.isascii() and json.loads(api)["Charset"] == "GBK"


def test_script_errors_name_the_key() -> None:
    with pytest.raises(ValueError, match=r"thread\[0\]\.post\[1\]\.quote"):
        script(
            [
                {"author": "导演", "at": at("2026-11-20T09:00:00"), "message": "x", "quote": 99},
                *posts(1),
            ][::-1]
        )
    with pytest.raises(ValueError, match="aware"):
        script([{"author": "导演", "at": datetime(2026, 11, 20), "message": "x"}])


def test_the_docstring_example_is_valid_toml() -> None:
    """fh45: the module's own example wrote ``[members] 导演 = 1`` (a bare CJK key, not
    TOML); a director who copied it got 「Invalid statement」.  Every TOML block of the
    docstring parses, the ``[[snapshot]]`` one too."""
    import tomllib

    import tools.writer as writer

    doc = writer.__doc__ or ""
    block = doc.split(".. code-block:: toml", 1)[1].split("\nOutput\n", 1)[0]
    text = "\n".join(
        line[4:] for line in block.splitlines() if line.startswith("    ") or not line.strip()
    )
    parsed = tomllib.loads(text)
    assert parsed["members"]["导演"] == 1
    assert parsed["snapshot"][0]["members"]["汤圆"] == {"signature": "…"}


def test_a_toml_error_names_the_script(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "script-night1.toml"
    bad.write_text('[forum]\nbase_url = "http://x/"\n[members]\n导演 = 1\n', encoding="utf-8")
    assert main([str(bad), str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "不是合法的 TOML" in err and '"导演" = 1' in err


# ------------------------------------------------------------------ sample and site


def test_render_is_deterministic() -> None:
    a = load_script(SAMPLE / "script.toml")
    b = load_script(SAMPLE / "script.toml")
    for tid in a.threads:
        assert list(render_thread_pages(a, tid)) == list(render_thread_pages(b, tid))


def test_committed_sample_pages_equal_a_fresh_render(tmp_path: Path) -> None:
    assert main([str(SAMPLE / "script.toml"), str(tmp_path)]) == 0

    def files(root: Path) -> list[str]:
        return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())

    fresh = files(tmp_path)
    committed = files(SAMPLE / "pages")
    assert fresh == committed, (
        "re-run: python -m tools.writer examples/sample/script.toml examples/sample/pages"
    )
    for name in fresh:
        assert (tmp_path / name).read_bytes() == (SAMPLE / "pages" / name).read_bytes(), name
    index = json.loads((tmp_path / "index.json").read_text(encoding="utf-8"))
    assert index["pages"]["forum.php?mod=viewthread&tid=101&page=1"] == {
        "file": "thread-101-p1.html",
        "content_type": "text/html; charset=utf-8",
    }


def _hand_counts() -> dict[str, list[int]]:
    text = (SAMPLE / "script.toml").read_text(encoding="utf-8")
    table = text.split("#         day1 day2 day3\n", 1)[1]
    counts = {}
    for line in table.splitlines():
        m = re.match(r"#\s+(\S+)\s+(\d+)\s+(\d+)\s+(\d+)", line)
        if not m:
            break
        counts[m.group(1)] = [int(m.group(i)) for i in (2, 3, 4)]
    return counts


def test_sample_hand_counts_match_the_pages() -> None:
    """The header's posts-per-player-per-day table, recounted from the parsed pages."""
    parse_page = pytest.importorskip("auditor.forum.parse").parse_page
    from auditor.models import FetchedPage

    s = load_script(SAMPLE / "script.toml")
    days = {
        1: ("2026-11-20T09:00:00", "2026-11-21T22:00:00", (101, 102)),
        2: ("2026-11-22T09:00:00", "2026-11-23T22:00:00", (103, 104)),
        3: ("2026-11-24T09:00:00", "2026-11-25T22:00:00", (105, 106)),
    }
    index = json.loads((SAMPLE / "pages" / "index.json").read_text(encoding="utf-8"))["pages"]
    got: dict[str, list[int]] = {}
    for url, entry in index.items():
        if not url.startswith("forum.php?mod=viewthread"):
            continue
        body = (SAMPLE / "pages" / entry["file"]).read_bytes()
        page = parse_page(
            FetchedPage(
                url=s.forum.base_url + url,
                status=200,
                body=body,
                content_type=entry["content_type"],
            ),
            TZ,
            now=s.forum.rendered_at,
        )
        for post in page.posts:
            if post.author == "导演":
                continue
            for n, (o, c, tids) in days.items():
                if page.tid in tids and at(o) <= post.posted_at <= at(c):
                    got.setdefault(post.author, [0, 0, 0])[n - 1] += 1
    assert got == _hand_counts()


# ------------------------------------------------------------------ real pages


def _manifest_script(tids: tuple[int, ...]):
    d = DISCUZ / "x35-utf8"
    m = json.loads((d / "manifest.json").read_text(encoding="utf-8"))
    caps = {c["file"]: c for c in json.loads((d / "captures.json").read_text(encoding="utf-8"))}
    sig = {
        "九妹": "[color=Red]九妹[/color]：[b]好人卡收集中[/b] [url]http://127.0.0.1:8035/static/image/smiley/default/lol.gif[/url]"
    }
    members = {
        x["username"]: (
            {"uid": x["uid"], "signature": sig[x["username"]]} if x["username"] in sig else x["uid"]
        )
        for x in m["members"]
    }
    threads = []
    for tid in tids:
        th = next(t for t in m["threads"] if t["tid"] == tid)
        ps = []
        for p in (p for p in m["posts"] if p["tid"] == tid):
            post = {
                "author": p["author"],
                "at": datetime.fromisoformat(p["datetime"]),
                "pid": p["pid"],
                "position": p["position"],
            }
            msg = p["message"]
            e = re.match(
                r"\[i=s\] 本帖最后由 (.+?) 于 (\d+)-(\d+)-(\d+) (\d\d):(\d\d) 编辑 \[/i\]\n\n", msg
            )
            if e:
                post["edited_by"] = e.group(1)
                post["edited_at"] = datetime(*(int(e.group(i)) for i in range(2, 7)), tzinfo=TZ)
                msg = msg[e.end() :]
            if p["quotes_pid"]:
                post["quote"] = p["quotes_pid"]
                msg = msg.split("[/quote]\n\n", 1)[1]
            post["message"] = msg
            if p["banned_by_moderator"]:
                post["hidden"] = "moderator"
            if p["invisible"] < 0:
                post["deleted"] = True
            ps.append(post)
        threads.append({"tid": tid, "fid": th["fid"], "subject": th["subject"], "post": ps})
    now = datetime.fromisoformat(caps[f"guest/thread-{tids[0]}-p1.html"]["captured_at"])
    data = {
        "forum": {"base_url": m["base_url"], "rendered_at": now, "boards": {"2": "版杀区"}},
        "members": members,
        "thread": threads,
    }
    return parse_script(data), m, caps, d


def _fields(post) -> tuple:
    return (
        post.pid,
        post.floor,
        post.author,
        post.author_uid,
        post.posted_at,
        post.text,
        post.lines,
        post.quotes,
        post.hidden,
        post.edited,
        post.first,
        post.images,
        post.links,
        post.smilies,
        post.markup,
    )


@pytest.mark.discuz
@pytest.mark.parametrize("tid", [2, 3, 4, 5])
def test_rendered_pages_parse_like_the_real_ones(tid: int) -> None:
    if not DISCUZ.is_dir():
        pytest.skip(f"no Discuz! captures at {DISCUZ}")
    parse_page = pytest.importorskip("auditor.forum.parse").parse_page
    from auditor.models import FetchedPage

    s, m, caps, d = _manifest_script((tid,))
    mine = {}
    for url, body, ctype in render_thread_pages(s, tid):
        view = "api" if url.startswith("api/") else "html"
        page = int(re.search(r"page=(\d+)", url).group(1))
        mine[view, page] = parse_page(
            FetchedPage(url=m["base_url"] + url, status=200, body=body, content_type=ctype),
            TZ,
            now=s.forum.rendered_at,
        )
    compared = 0
    for (view, page), got in mine.items():
        name = (
            f"guest/thread-{tid}-p{page}.html"
            if view == "html"
            else f"guest/api-viewthread-{tid}-p{page}.json"
        )
        cap = caps[name]
        real = parse_page(
            FetchedPage(
                url=cap["url"],
                status=200,
                body=(d / name).read_bytes(),
                content_type=cap["content_type"],
            ),
            TZ,
            now=datetime.fromisoformat(cap["captured_at"]),
        )
        assert (got.tid, got.page, got.total_pages, got.subject) == (
            real.tid,
            real.page,
            real.total_pages,
            real.subject,
        )
        assert [_fields(p) for p in got.posts] == [_fields(p) for p in real.posts], name
        compared += len(real.posts)
    assert compared == 2 * sum(1 for p in m["posts"] if p["tid"] == tid and p["invisible"] >= 0)


@pytest.mark.discuz
def test_rendered_markup_has_the_real_structure() -> None:
    """Parser-independent: the elements a parser keys on, side by side with a real page."""
    if not DISCUZ.is_dir():
        pytest.skip(f"no Discuz! captures at {DISCUZ}")
    s, _m, _caps, d = _manifest_script((2,))
    mine = lhtml.fromstring(pages(s, 2)["forum.php?mod=viewthread&tid=2&page=3"])
    real = lhtml.fromstring((d / "guest" / "thread-2-p3.html").read_bytes())

    def extract(doc):
        out = []
        for div in doc.xpath("//div[@id='postlist']/div[starts-with(@id,'post_')]"):
            pid = div.get("id")[5:]
            a = div.xpath(f".//div[@id='favatar{pid}']//div[@class='authi']/a")[0]
            floor = div.xpath(f".//a[@id='postnum{pid}']")[0]
            em = div.xpath(f".//em[@id='authorposton{pid}']")[0]
            msg = div.xpath(f".//td[@class='t_f'][@id='postmessage_{pid}']")
            locked = div.xpath(".//div[@class='locked']")
            out.append(
                (
                    pid,
                    a.get("href"),
                    a.text,
                    floor.get("href"),
                    floor.text_content().strip(),
                    lhtml.tostring(em, encoding="unicode"),
                    re.sub(r"aimg_\w+", "aimg_", lhtml.tostring(msg[0], encoding="unicode"))
                    if msg
                    else None,
                    locked[0].text_content() if locked else None,
                )
            )
        return out

    assert extract(mine) == extract(real)
    assert (
        mine.xpath("//span[@id='thread_subject']")[0].text
        == real.xpath("//span[@id='thread_subject']")[0].text
    )
    pg = lambda doc: lhtml.tostring(doc.xpath("//div[@class='pg']")[0], encoding="unicode")  # noqa: E731
    assert pg(mine) == pg(real)
