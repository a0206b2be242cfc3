"""Posting a draft (issue 31 items 3 and 4) against the real answers of a stock Discuz! X3.5:
the captures of ``shared/discuz/x35-post`` (read in place) served over loopback by
tests/forum_server.py.  The request the client sends is checked byte for byte against the
captured one; each captured answer gives its outcome and the forum's words in Chinese; a
POST is never sent twice by the tool on its own; a repeated post is refused; no cookie
value appears in any output, log, error or store row."""

from __future__ import annotations

import json
import logging
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qsl
from zoneinfo import ZoneInfo

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.cookies import CookieLine
from auditor.forum.fetch import Fetcher
from auditor.forum.parse.reply import read_reply_answer, read_reply_form
from auditor.forum.post import (
    PartResult,
    Poster,
    PostingError,
    ReplyClient,
    as_posted,
    comparable,
    draft_id,
    form_body,
    sending_charset,
)
from auditor.game.gamefile import load_game
from auditor.store import Store
from tests.forum_server import (
    DISCUZ_DIR,
    ForumServer,
    RecordedRequest,
    Response,
    _read_headers_file,
)

pytestmark = pytest.mark.discuz

POST_DIR = DISCUZ_DIR / "x35-post"
MANIFEST = json.loads((POST_DIR / "manifest.json").read_text("utf-8"))
CAPTURES = {c["name"][:2]: c for c in MANIFEST["captures"]}
TZ = ZoneInfo("Asia/Shanghai")

THREAD = "forum.php?mod=viewthread&tid=13"
LAST_PAGE = "forum.php?mod=viewthread&tid=13&page=1"
REPLY = (
    "forum.php?mod=post&action=reply&fid=4&tid=13&extra=&replysubmit=yes&infloat=yes"
    "&handlekey=fastpost&inajax=1"
)
SECRETS = ("SECRETauthVALUE1", "SECRETsaltVALUE2")
COOKIE_LINE = f"YIGW_2132_auth={SECRETS[0]}; YIGW_2132_saltkey={SECRETS[1]}"

#: The captures that answer a reply POST, and what each must give: (outcome, pid, reason).
REPLY_ANSWERS = {
    "05": ("posted", 249, ""),
    "07": ("posted", 250, ""),  # the plain form's 301
    "12": ("posted", 251, ""),
    "13": ("refused", None, "flood"),
    "14": ("refused", None, "flood"),  # the plain form's alert_error page
    "15": ("refused", None, "too_short"),
    "16": ("posted", 252, ""),
    "17": ("refused", None, "too_short"),
    "18": ("refused", None, "too_long"),
    "19": ("refused", None, "too_long"),
    "20": ("posted", 253, ""),
    "21": ("posted", 254, ""),
    "22": ("refused", None, "too_long"),
    "23": ("posted", 255, ""),
    "24": ("tainted", None, "tainted"),
    "25": ("tainted", None, "tainted"),
    "26": ("refused", None, "bad_form"),
    "27": ("posted", 256, ""),
    "28": ("tainted", None, "tainted"),
    "29": ("tainted", None, "tainted"),
    "30": ("tainted", None, "tainted"),
    "31": ("refused", None, "bad_form"),
    "32": ("tainted", None, "tainted"),
    "33": ("posted", 257, ""),
    "34": ("refused", None, "login"),
    "35": ("refused", None, "no_permission"),
    "38": ("refused", None, "no_permission"),
    "40": ("refused", None, "closed"),
    "41": ("posted", 258, ""),
    "48": ("refused", None, "too_long"),
    "49": ("refused", None, "too_long"),
    "50": ("refused", None, "too_long"),
    "51": ("posted", 259, ""),
}
#: What the director reads after each kind of refusal (besides the forum's own words).
ADVICE_WORDS = {
    "flood": "间隔",
    "too_short": "最少字数",
    "too_long": "maxpostsize",
    "bad_form": "重新登录",
    "login": "重新登录",
    "no_permission": "post_cookies",
    "closed": "主题已关闭",
}


def _file(n: str, key: str = "file") -> Path:
    return POST_DIR / CAPTURES[n][key]


def captured(n: str) -> Response:
    """Capture ``n``'s answer as recorded: status, headers, body."""
    head = _file(n, "headers_file")
    status = int(head.read_text("latin-1").split()[1])
    return Response(status, _file(n).read_bytes(), None, list(_read_headers_file(head)))


def sent_request(n: str) -> tuple[str, dict[str, str], bytes]:
    """Capture ``n``'s request as sent: path, headers, body."""
    raw = _file(n, "request_file").read_bytes()
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = re.split(r"\r?\n", head.decode("utf-8"))
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return lines[0].split()[1], headers, body


def message_of(n: str) -> str:
    return dict(parse_qsl(sent_request(n)[2].decode("ascii"), keep_blank_values=True))["message"]


@pytest.fixture
def forum() -> Iterator[ForumServer]:
    with ForumServer(None) as server:
        server.route(THREAD, lambda _r: captured("03"))
        yield server


def _posts(server: ForumServer) -> list[RecordedRequest]:
    return [r for r in server.requests if r.method == "POST"]


def _client(server: ForumServer, timeout: float = 5.0) -> ReplyClient:
    fetcher = Fetcher(
        server.base_url,
        delay=0,
        cookies=CookieLine(COOKIE_LINE),
        timeout=timeout,
        retries=0,
        deadline=10,
    )
    return ReplyClient(fetcher, TZ)


def _poster(server: ForumServer, store: Store, timeout: float = 5.0) -> Poster:
    client = _client(server, timeout)
    return Poster(store, client, client.target(13), "announcement", "第1天公告")


def _store(tmp_path: Path) -> Store:
    return Store(tmp_path / "game.sqlite")


# --- the answers ------------------------------------------------------------------


@pytest.mark.parametrize("n", sorted(REPLY_ANSWERS))
def test_each_captured_answer_gives_its_outcome(n: str) -> None:
    outcome, pid, reason = REPLY_ANSWERS[n]
    cap = CAPTURES[n]
    assert cap["request"]["method"] == "POST"
    resp = captured(n)
    location = next((v for k, v in resp.headers if k.lower() == "location"), None)
    answer = read_reply_answer(resp.status, location, resp.body.decode("utf-8"))
    assert answer.outcome == outcome
    assert answer.pid == pid == cap["pid_created"]
    assert answer.reason == reason
    if outcome == "refused":  # the forum's own words, as the manifest has them
        assert answer.message == cap["answer"].split("if(history")[0].strip()
        assert answer.message.startswith("抱歉")


def test_the_reply_form_is_read_from_the_thread_page() -> None:
    form = read_reply_form(_file("03").read_text("utf-8"))
    assert form is not None
    assert form.fields == tuple(tuple(f) for f in MANIFEST["fastpostform"]["fields"])
    assert form.action == MANIFEST["fastpostform"]["action"]
    assert (form.viewer_uid, form.viewer_name, form.refusal) == (15, "公告导演", None)
    assert form.subject == "【X35POST】进程帖（公告与申请）"
    guest = read_reply_form(_file("11").read_text("utf-8"))
    assert guest is not None and guest.viewer_uid == 0
    closed = read_reply_form(_file("39").read_text("utf-8"))
    assert closed is not None and closed.refusal == "抱歉，本主题已关闭，不再接受新内容"
    readonly = read_reply_form(_file("37").read_text("utf-8"))
    assert readonly is not None and readonly.refusal == "抱歉，您所在的用户组在此板块没有回帖权限"


# --- the request ------------------------------------------------------------------


def test_the_request_is_the_captured_one(forum: ForumServer, tmp_path: Path) -> None:
    """Capture 05's message, sent from capture 03's page, is capture 05's request: the same
    path and query, the same body byte for byte (fields, order, encoding), the thread page
    as Referer, the form's content type, the director's cookies."""
    forum.route(REPLY, lambda _r: captured("05"))
    with _store(tmp_path) as store:
        results = _poster(forum, store).post([message_of("05")])
        rows = store.sent_posts()
    assert results == [PartResult(1, 1, "posted", "已发出：pid 249", 249)]
    (sent,) = _posts(forum)
    path, headers, body = sent_request("05")
    assert sent.path == path
    assert sent.body == body
    assert sent.header("Content-Type") == headers["Content-Type"]
    assert sent.header("Referer") == forum.url(THREAD)
    assert headers["Referer"].endswith("/" + THREAD)
    cookie = sent.header("Cookie") or ""
    assert all(s in cookie for s in SECRETS)
    assert "auditor/" in (sent.header("User-Agent") or "")
    (row,) = rows
    assert (row.status, row.pid, row.tid, row.account, row.account_uid) == (
        "posted",
        249,
        13,
        "公告导演",
        15,
    )
    assert row.text == message_of("05") and row.finished_at


def test_the_body_uses_the_pages_charset() -> None:
    fields = (("message", ""), ("formhash", "1f822213"))
    assert (
        form_body(fields, "a b*~\n长", "utf-8") == b"message=a+b*%7E%0A%E9%95%BF&formhash=1f822213"
    )
    # (an assumption until a GBK capture: GBK bytes, a character GBK lacks as &#…;)
    assert form_body(fields, "长😀", "gbk") == b"message=%B3%A4%26%23128512%3B&formhash=1f822213"
    assert [sending_charset(c) for c in ("GBK", "gb2312", "UTF-8", None)] == [
        "gbk",
        "gbk",
        "utf-8",
        "utf-8",
    ]


# --- refusals ---------------------------------------------------------------------


@pytest.mark.parametrize("n", ["13", "15", "18", "26", "31", "34", "35", "38", "40"])
def test_a_refusal_is_said_and_stops_the_rest(forum: ForumServer, tmp_path: Path, n: str) -> None:
    forum.route(REPLY, lambda _r: captured(n))
    with _store(tmp_path) as store:
        results = _poster(forum, store).post(["第一部分：十个字节以上的文字", "第二部分：不会发出"])
        rows = store.sent_posts()
    (result,) = results  # the second part was never tried
    words = CAPTURES[n]["answer"].split("if(history")[0].strip()
    assert result.status == "refused"
    assert result.said.startswith(f"论坛拒绝：{words}。")
    assert ADVICE_WORDS[REPLY_ANSWERS[n][2]] in result.said
    params = {"13": "间隔（15 秒）", "15": "最少字数（10 字节）", "18": "上限（10000 字节）"}
    assert params.get(n, "") in result.said
    assert len(_posts(forum)) == 1
    assert [(r.part, r.status) for r in rows] == [(1, "refused")]


def test_a_refused_part_may_be_sent_again_by_a_new_command(
    forum: ForumServer, tmp_path: Path
) -> None:
    answers = iter([captured("13"), captured("05"), captured("12")])
    forum.route(REPLY, lambda _r: next(answers))
    parts = [message_of("05"), "第二部分：十个字节以上的文字"]
    with _store(tmp_path) as store:
        assert [r.status for r in _poster(forum, store).post(parts)] == ["refused"]
        again = _poster(forum, store).post(parts)
        assert [(r.status, r.pid) for r in again] == [("posted", 249), ("posted", 251)]
        assert len(_posts(forum)) == 3  # one per command per part: nothing resent by itself


@pytest.mark.parametrize("n", ["24", "25", "29", "32"])
def test_a_503_is_not_resent_the_form_is_fetched_once_more(
    forum: ForumServer, tmp_path: Path, n: str
) -> None:
    forum.route(REPLY, lambda _r: captured(n))
    with _store(tmp_path) as store:
        poster = _poster(forum, store)
        forum.clear_log()
        (result,) = poster.post(["第一部分：十个字节以上的文字", "第二部分"])
        (row,) = store.sent_posts()
    assert result.status == "tainted"
    assert "HTTP 503" in result.said and "请重新登录" in result.said
    assert "表单验证串没有变" in result.said  # the page fetched again holds the same formhash
    assert [r.method for r in forum.requests] == ["POST", "GET"]
    assert row.status == "refused" and "请重新登录" in (row.said or "")


def test_a_503_then_a_guest_page_says_the_login_died(forum: ForumServer, tmp_path: Path) -> None:
    pages = iter([captured("03"), captured("11")])
    forum.route(THREAD, lambda _r: next(pages))
    forum.route(REPLY, lambda _r: captured("24"))
    with _store(tmp_path) as store:
        (result,) = _poster(forum, store).post(["第一部分：十个字节以上的文字"])
    assert "游客" in result.said and "请重新登录" in result.said
    assert len(_posts(forum)) == 1


@pytest.mark.parametrize(
    ("page", "words"),
    [("11", "请重新登录"), ("37", "没有回帖权限"), ("39", "本主题已关闭")],
)
def test_a_page_that_cannot_reply_is_refused_before_sending(
    forum: ForumServer, page: str, words: str
) -> None:
    forum.route(THREAD, lambda _r: captured(page))
    with pytest.raises(PostingError, match=words):
        _client(forum).target(13)
    assert _posts(forum) == []


def test_a_members_only_thread_without_login_is_refused_before_sending(
    forum: ForumServer,
) -> None:
    """The login page a guest gets on a members-only board (x35-utf8 capture)."""
    login = (DISCUZ_DIR / "x35-utf8" / "guest" / "thread-6-p1.html").read_bytes()
    forum.route(THREAD, login)
    with pytest.raises(PostingError, match="post_cookies 的登录已失效，请重新登录"):
        _client(forum).target(13)
    assert _posts(forum) == []


# --- lost answers -----------------------------------------------------------------


def test_a_timeout_looks_for_the_post_before_sending_again(
    forum: ForumServer, tmp_path: Path
) -> None:
    """The POST went out and the answer is late: the thread's last page (by the account
    and the text) says it was posted; nothing is sent twice."""
    second = form_body((("message", ""),), as_posted(message_of("07")), "utf-8")  # its answer
    forum.route(REPLY, lambda r: captured("07" if r.body.startswith(second) else "05"))
    forum.fault(REPLY, ["timeout:3"])
    forum.route(LAST_PAGE, lambda _r: captured("10"))
    with _store(tmp_path) as store:
        results = _poster(forum, store, timeout=1.0).post([message_of("05"), message_of("07")])
        rows = store.sent_posts()
        assert [(r.status, r.pid) for r in results] == [("posted", 249), ("posted", 250)]
    assert "超时" in results[0].said and "找到了这条帖子（pid 249）" in results[0].said
    assert len(_posts(forum)) == 2  # one a part: the first was found, not resent
    assert [(r.part, r.status, r.pid) for r in rows] == [(1, "posted", 249), (2, "posted", 250)]


def test_a_lost_answer_not_found_stays_unknown_and_is_looked_for_first(
    forum: ForumServer, tmp_path: Path
) -> None:
    last_pages = iter([captured("03"), captured("10")])
    forum.route(REPLY, lambda _r: captured("05"))
    forum.fault(REPLY, ["reset"])
    forum.route(LAST_PAGE, lambda _r: next(last_pages))
    parts = [message_of("05")]
    with _store(tmp_path) as store:
        (first,) = _poster(forum, store).post(parts)
        assert first.status == "unknown" and "没有重发" in first.said
        assert [r.status for r in store.sent_posts()] == ["unknown"]
        (second,) = _poster(forum, store).post(parts)  # the director runs it again
        assert (second.status, second.pid) == ("already", 249)
        assert "找到了它（pid 249）" in second.said
    assert len(_posts(forum)) == 1


def test_a_lost_answer_looked_for_twice_and_absent_may_be_sent(
    forum: ForumServer, tmp_path: Path
) -> None:
    forum.route(REPLY, lambda _r: captured("05"))
    forum.fault(REPLY, ["reset"])
    forum.route(LAST_PAGE, lambda _r: captured("03"))  # never there
    parts = [message_of("05")]
    with _store(tmp_path) as store:
        assert _poster(forum, store).post(parts)[0].status == "unknown"
        (again,) = _poster(forum, store).post(parts)
        assert (again.status, again.pid) == ("posted", 249)
        assert [r.status for r in store.sent_posts()] == ["absent", "posted"]
    assert len(_posts(forum)) == 2  # the second by the director's second command


@pytest.mark.parametrize("fault", ["500", "502", "503", "504", "429:1", "reset", "timeout:3"])
def test_no_fault_makes_the_tool_send_a_post_twice(
    forum: ForumServer, tmp_path: Path, fault: str
) -> None:
    """Whatever the answer (a 5xx that a GET would retry, a 429 with Retry-After, a cut
    connection, a late answer), one POST goes out; the part is looked for, not resent (a
    4xx is refused before the forum's code: said, not looked for)."""
    forum.route(REPLY, lambda _r: captured("05"))
    forum.fault(REPLY, [fault], forever=True)
    forum.route(LAST_PAGE, lambda _r: captured("03"))
    with _store(tmp_path) as store:
        results = _poster(forum, store, timeout=1.0).post(
            ["第一部分：十个字节以上的文字", "第二部分"]
        )
        rows = store.sent_posts()
    assert len(_posts(forum)) == 1
    if fault.startswith("429"):
        assert [(r.status, r.said) for r in results] == [
            ("refused", "论坛拒绝：HTTP 429。没有发出")
        ]
        assert [r.status for r in rows] == ["refused"]
        return
    assert [r.status for r in results] == ["unknown"]
    assert "没有重发" in results[0].said
    assert [r.status for r in rows] == ["unknown"]
    assert forum.count(LAST_PAGE) == 1  # looked for once


def test_a_post_that_never_left_is_said_so(tmp_path: Path) -> None:
    with ForumServer(None) as server:
        server.route(THREAD, lambda _r: captured("03"))
        with _store(tmp_path) as store:
            poster = _poster(server, store)
            url = server.base_url
        # the forum is gone: the connection is refused, nothing was sent
    with _store(tmp_path) as store:
        poster.store = store
        (result,) = poster.post(["第一部分：十个字节以上的文字"])
        assert result.status == "not_sent" and "没有发出" in result.said
        assert [r.status for r in store.sent_posts()] == ["absent"]
    assert url


# --- a repeated post, the command ---------------------------------------------------


def test_a_posted_draft_is_never_posted_again(forum: ForumServer, tmp_path: Path) -> None:
    forum.route(REPLY, lambda _r: captured("05"))
    parts = [message_of("05")]
    with _store(tmp_path) as store:
        _poster(forum, store).post(parts)
        (again,) = _poster(forum, store).post(parts)
        assert again.status == "already" and "已经发过" in again.said and "pid 249" in again.said
        assert set(store.sent_parts(draft_id(parts))) == {1}
    assert len(_posts(forum)) == 1


runner = CliRunner()
DAY2 = "2026-11-23"


def _game(sample_game: Path, forum: ForumServer, extra: str = "") -> Path:
    text = sample_game.read_text("utf-8").replace(
        'pages = "pages/"\ndelay = 1.0',
        f'pages = "pages/"\ndelay = 0\nurl = "{forum.base_url}"\n'
        f'post_cookies = "{COOKIE_LINE}"\n{extra}',
    )
    assert "post_cookies" in text
    sample_game.write_text(text, "utf-8")
    return sample_game


def _run(game: Path, *args: str, stdin: str | None = None) -> tuple[int, str]:
    res = runner.invoke(app, ["post", str(game), *args], input=stdin)
    return res.exit_code, res.output


def test_the_command_shows_the_text_and_thread_then_posts_once(
    sample_game: Path, forum: ForumServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    forum.route(REPLY, lambda _r: captured("05"))
    game = _game(sample_game, forum)
    args = ("tally", "--now", f"{DAY2} 20:30", "--thread", "13", "--yes")
    code, out = _run(game, *args)
    assert code == 0, out
    assert "发到：主题 13「【X35POST】进程帖（公告与申请）」" in out
    assert "发帖账号：公告导演" in out
    assert "注意：发帖账号 公告导演 不是游戏文件里的导演" in out
    assert "截至 20:30，尚未关门，不是结果" in out  # the exact text, before it goes
    assert "帖子：已发出：pid 249" in out
    (sent,) = _posts(forum)
    message = dict(parse_qsl(sent.body.decode("ascii")))["message"]
    assert message in out  # what was shown is what was sent
    code, out = _run(game, *args)
    assert code == 2 and "已经发过" in out and "pid 249" in out
    assert len(_posts(forum)) == 1
    with Store(load_game(game).store) as store:
        (row,) = store.sent_posts()
    # the record names a person: the game file's director (fh46b: 「由 命令行」 named nobody)
    assert (row.pid, row.account, row.ordered_by, row.kind) == (249, "公告导演", "导演", "tally")
    everything = out + caplog.text + _dump(game)
    assert not any(s in everything for s in SECRETS)


def _dump(game: Path) -> str:
    store = next(game.parent.glob("*.sqlite"))
    with sqlite3.connect(store) as con:
        return "\n".join(con.iterdump())


def test_no_cookie_value_in_any_error_log_or_row(
    sample_game: Path, forum: ForumServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    game = _game(sample_game, forum)
    args = ("tally", "--now", f"{DAY2} 20:30", "--thread", "13", "--yes")
    outputs = []
    for answer in ("24", "13", "40"):
        forum.route(REPLY, lambda _r, a=answer: captured(a))
        code, out = _run(game, *args)
        assert code == 2, out
        outputs.append(out)
    forum.fault(REPLY, ["reset"])
    outputs.append(_run(game, *args)[1])
    forum.route(THREAD, lambda _r: captured("11"))
    outputs.append(_run(game, *args)[1])
    assert "请重新登录" in outputs[0] and "两次发表间隔" in outputs[1]
    assert "本主题已关闭" in outputs[2] and "不知道是否发出" not in outputs[2]
    assert "游客" in outputs[4]
    everything = "\n".join(outputs) + caplog.text + _dump(game)
    assert not any(s in everything for s in SECRETS)


def test_a_copy_only_draft_is_refused(sample_game: Path, forum: ForumServer) -> None:
    """M107's reminder goes through the 联谊群 (玩家须知 11): a text to copy, never posted."""
    code, out = _run(_game(sample_game, forum), "reminder", "--now", f"{DAY2} 20:15", "--yes")
    assert code == 2 and "只供复制" in out and "联谊群" in out
    assert forum.requests == []


def test_posting_needs_the_directors_own_cookies(sample_game: Path, forum: ForumServer) -> None:
    game = _game(sample_game, forum)
    game.write_text(re.sub(r"post_cookies = .*\n", "", game.read_text("utf-8")), "utf-8")
    code, out = _run(game, "tally", "--now", f"{DAY2} 20:30", "--thread", "13", "--yes")
    assert code == 2 and "post_cookies" in out
    assert forum.requests == []


def test_the_process_thread_is_the_default(sample_game: Path, forum: ForumServer) -> None:
    """Without --thread the reply goes to the game file's 进程帖 (the sample's is tid 108).
    A page whose form replies to another thread is refused; the capture with its tid
    changed to 108 (a derived page, not a capture) is posted to."""
    forum.route("forum.php?mod=viewthread&tid=108", lambda _r: captured("03"))
    code, out = _run(_game(sample_game, forum), "tally", "--now", f"{DAY2} 20:30", "--yes")
    assert code == 2 and "回复主题 13 的" in out and _posts(forum) == []
    page = captured("03")
    page.body = page.body.replace(b"tid=13&amp;", b"tid=108&amp;")
    forum.route("forum.php?mod=viewthread&tid=108", page)
    forum.route(REPLY.replace("tid=13", "tid=108"), lambda _r: captured("05"))
    forum.clear_log()
    code, out = _run(sample_game, "tally", "--now", f"{DAY2} 20:30", "--yes")
    assert code == 0, out
    assert [r.path for r in forum.requests if r.method == "GET"] == [
        "/forum.php?mod=viewthread&tid=108"
    ]
    game = sample_game.read_text("utf-8").replace('kind = "process"', 'kind = "rules"')
    sample_game.write_text(game, "utf-8")
    code, out = _run(sample_game, "tally", "--now", f"{DAY2} 20:45", "--yes")
    assert code == 2 and "没有进程帖" in out and "--thread" in out


@pytest.mark.parametrize(("answer", "posted"), [("n\n", False), ("y\n", True)])
def test_the_director_confirms_on_a_terminal(
    sample_game: Path,
    forum: ForumServer,
    monkeypatch: pytest.MonkeyPatch,
    answer: str,
    posted: bool,
) -> None:
    forum.route(REPLY, lambda _r: captured("05"))
    game = _game(sample_game, forum)
    args = ("tally", "--now", f"{DAY2} 20:30", "--thread", "13")
    code, out = _run(game, *args)  # no terminal and no --yes: refused, after showing the text
    assert code == 2 and "--yes" in out and _posts(forum) == []
    monkeypatch.setattr("auditor.cli.post_cmd.interactive", lambda: True)
    code, out = _run(game, *args, stdin=answer)
    assert "确认发帖？" in out
    assert len(_posts(forum)) == int(posted)
    assert code == (0 if posted else 1)


def test_comparable_text_matches_the_rendered_post() -> None:
    """What the last page shows of a post (capture 43, pid 258) is what was sent (41)."""
    from auditor.forum.parse import parse_page
    from auditor.models import FetchedPage

    page = FetchedPage(
        url="http://127.0.0.1/forum.php?mod=viewthread&tid=13&page=2",
        status=200,
        body=_file("43").read_bytes(),
        content_type="text/html; charset=utf-8",
        date_header=None,
        fetched_at=__import__("datetime").datetime.now(TZ),
        location=None,
    )
    (post,) = [p for p in parse_page(page, TZ).posts if p.pid == 258]
    assert re.sub(r"\s+", "", post.text) == comparable(message_of("41"))


def test_the_draft_is_shown_before_the_forum_is_asked_and_stays_on_failure(
    sample_game: Path, forum: ForumServer
) -> None:
    """The forum answers with a guest page (the login died): the text was shown first, so the
    director can copy it; --dry-run --thread says that thread, not 进程帖."""
    forum.route(THREAD, lambda _r: captured("11"))
    game = _game(sample_game, forum)
    code, out = _run(game, "tally", "--now", f"{DAY2} 20:30", "--thread", "13", "--yes")
    assert code == 2 and "游客" in out
    assert "----- 全文 -----" in out and "截至 20:30，尚未关门，不是结果" in out
    assert out.index("----- 全文 -----") < out.index("游客")
    code, out = _run(game, "tally", "--now", f"{DAY2} 20:30", "--thread", "13", "--dry-run")
    assert code == 0 and "发到：主题 13" in out and "发到：进程帖" not in out


def test_a_post_recorded_by_hand_names_the_director(sample_game: Path) -> None:
    """fh46b item 5: 「已记下：第1天公告由 命令行 自己发到论坛」 named no one — ``--by`` names
    the director (default: the game file's), and a name that is not a director is refused."""
    args = ("announcement", "--now", f"{DAY2} 23:30", "--posted-by-hand")
    code, out = _run(sample_game, *args, "--by", "路人甲")
    assert code != 0 and "路人甲 不是本局的导演" in out, out
    code, out = _run(sample_game, *args, "--by", "导演")
    assert code == 0, out
    assert "由 导演" in out and "命令行" not in out, out
