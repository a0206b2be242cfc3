"""Posting a director's draft as replies in a thread, with the director's own login
(``[forum] post_cookies``), through Discuz!'s fast-reply form as a browser sends it
(issue 31 item 3; the real round trips are ``shared/discuz/x35-post``).

One reply is: the thread page fetched (``forum.php?mod=viewthread&tid=T``) for its
``fastpostform`` — the action, ``posttime``, ``formhash``, ``usesig``, ``subject`` — then
one POST of ``message`` and those fields, in the form's order, urlencoded in the page's
charset, to the action with ``&inajax=1``, the thread page as Referer.  The answer is read
by :func:`~auditor.forum.parse.reply.read_reply_answer`.

**Nothing is ever sent twice by the tool on its own.**  A POST is sent once (never retried,
:meth:`~auditor.forum.fetch.Fetcher.post_form`).  Every attempt at every part is recorded
in the store before it is sent (``sending``) and after (``posted`` with the pid,
``refused`` with the forum's words, ``unknown``, ``absent``), so:

* a part already posted is never sent again: the next request says where it went;
* a POST whose answer was lost (a timeout, a cut connection, an answer without a result)
  is looked for on the thread's last page, by the posting account and the text; found, it
  is recorded as posted; not found, it stays ``unknown`` and the *next* request looks
  again before it may send (the forum may still have been busy with it);
* an HTTP 503 (``request_tainting``: a stale formhash, or a login that died, which changes
  the formhash) is not resent: the thread page is fetched once more to say which, and the
  director is asked to log in again (请重新登录);
* a part that is not posted stops the rest (parts are read in order).

Cookie values never leave the fetcher's session: the store keeps the account's forum name
(from the page), the errors the redacted URL.
"""

from __future__ import annotations

import hashlib
import html
import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from typing import TYPE_CHECKING
from urllib.parse import quote_plus, urljoin, urlsplit

from auditor.errors import (
    AuditorError,
    LoginRequiredError,
    PageError,
    PostNotSentError,
    PostUnansweredError,
)
from auditor.forum.fetch import Fetcher
from auditor.forum.parse import decode_body, parse_page
from auditor.forum.parse.charset import declared_charset, normalise_charset
from auditor.forum.parse.detect import check_html_errors, url_query_int
from auditor.forum.parse.reply import (
    Outcome,
    ReplyAnswer,
    ReplyForm,
    read_reply_answer,
    read_reply_form,
)
from auditor.store.sent import ABSENT, POSTED, REFUSED, SENDING, UNKNOWN, SentRow

if TYPE_CHECKING:
    from auditor.store import Store

log = logging.getLogger(__name__)

#: A ``sending`` row younger than this may be another process's POST under way: it is not
#: looked for (a look would not find it yet) nor sent again.
BUSY_SECONDS = 300.0

#: What the director is told to do after each kind of refusal (the forum's own words come
#: first).  ``{x}`` are the answer's parameters.
ADVICE = {
    "flood": "论坛限制两次发帖的间隔{floodctrl}：等一会儿再运行同一条命令，已发出的部分不会重发",
    "too_short": "帖子比论坛的最少字数{minpostsize}还短",
    "too_long": "帖子超过论坛的上限{maxpostsize}：请把游戏文件 [forum] maxpostsize 改成论坛后台"
    "“帖子最大字数”的值，草稿会按它重新分段",
    "closed": "主题已关闭：请版主打开，或用 --thread 发到另一个帖子",
    "no_permission": "这个账号不能在这里回帖：请确认 [forum] post_cookies 是导演自己的账号，"
    "或请版主给权限",
    "login": "论坛认为没有登录：请重新登录论坛，导出新的 cookies 写到 [forum] post_cookies",
    "bad_form": "论坛说来路不正确或表单验证串不符：请重新登录后再运行",
    "other": "没有发出",
}
RELOGIN = "请重新登录"


class PostingError(AuditorError):
    """Posting cannot start (nothing was sent): no login, no reply box, no such thread."""


@dataclass(frozen=True, slots=True)
class Target:
    """A thread ready to be replied to: its form as the posting account sees it."""

    tid: int
    form: ReplyForm
    charset: str
    referer: str  # the thread page the form came from (sent as Referer)
    post_url: str  # the form's action + &inajax=1, absolute

    @property
    def account(self) -> str:
        return self.form.viewer_name or f"uid {self.form.viewer_uid}"


@dataclass(frozen=True, slots=True)
class PartResult:
    """What became of one part."""

    part: int
    parts: int
    status: str  # posted | already | refused | tainted | unknown | absent | busy | not_sent
    said: str  # for the director, in Chinese
    pid: int | None = None

    @property
    def ok(self) -> bool:
        return self.status in ("posted", "already")


def sending_charset(declared: str | None) -> str:
    """The codec a browser encodes the form in: the page's charset (``gbk`` as GBK, not as
    the GB18030 the page is read with: a character GBK lacks goes as ``&#N;``)."""
    key = (declared or "utf-8").strip().lower()
    if key in ("gbk", "gb2312", "gb_2312", "gb-2312", "x-gbk", "cp936"):
        return "gbk"
    return normalise_charset(key)


def as_posted(text: str) -> str:
    """A part as the tool sends it: LF line breaks (what the size check measured)."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def draft_id(parts: Sequence[str]) -> str:
    """The draft's identity: the same parts, the same id (so the same text is posted once)."""
    return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()


def form_body(fields: Sequence[tuple[str, str]], message: str, charset: str) -> bytes:
    """The form urlencoded as a browser does (``application/x-www-form-urlencoded``: space
    as ``+``, ``*-._`` and alphanumerics kept), in the page's charset; a character the
    charset lacks goes as an HTML character reference (``&#128512;``), as browsers send it.
    (Assumption for GBK boards, not yet captured: the captures are UTF-8.)"""
    pairs = []
    for name, value in fields:
        text = message if name == "message" else value
        encoded = [
            quote_plus(x, safe="*", encoding=charset, errors="xmlcharrefreplace").replace(
                "~", "%7E"
            )
            for x in (name, text)
        ]
        pairs.append("=".join(encoded))
    return "&".join(pairs).encode("ascii")


_QUOTE_BLOCK = re.compile(r"\[quote\].*?\[/quote\]", re.I | re.S)
_IMG = re.compile(r"\[img[^\]]*\].*?\[/img\]", re.I | re.S)
_TAG = re.compile(r"\[/?[a-z]+(?:=[^\]\[]*)?\]", re.I)
_SPACE = re.compile(r"\s+")


def comparable(bbcode: str) -> str:
    """A draft's text as the forum's page shows it, for finding it again: no quotes (a
    post's own text leaves them out), no tags, no whitespace."""
    text = bbcode
    while True:
        stripped = _QUOTE_BLOCK.sub("", text)
        if stripped == text:
            break
        text = stripped
    text = _TAG.sub("", _IMG.sub("[图片]", text))
    return _SPACE.sub("", html.unescape(text))


class ReplyClient:
    """The HTTP side: the thread's form, one reply, a look for a reply on the last page."""

    def __init__(self, fetcher: Fetcher, tz: tzinfo) -> None:
        self.fetcher = fetcher
        self.tz = tz

    def target(self, tid: int) -> Target:
        """The thread page as the posting account sees it, and its reply form.  Raises
        :class:`PostingError` when no reply can be sent from it (a guest page: the login
        is gone; no reply box: the forum's own words)."""
        url = self.fetcher.url(f"forum.php?mod=viewthread&tid={int(tid)}")
        page = self.fetcher.get(url)
        text, _ = decode_body(page.body, page.content_type, page.url)
        try:
            check_html_errors(text, page.url, page.status)
        except LoginRequiredError:
            raise PostingError(
                f"主题 {tid} 要登录才能看：[forum] post_cookies 的登录已失效，"
                f"{RELOGIN}（导出新的 cookies），没有发帖"
            ) from None
        charset = sending_charset(declared_charset(page.body, page.content_type))
        form = read_reply_form(text)
        if form is None:
            raise PostingError(f"主题 {tid} 的页面上没有回帖表单（{page.url}），没有发帖")
        if not form.viewer_uid:
            raise PostingError(
                f"主题 {tid} 的页面是以游客身份打开的：[forum] post_cookies 的登录已失效，"
                f"{RELOGIN}（导出新的 cookies），没有发帖"
            )
        if form.refusal:
            raise PostingError(f"论坛说：{form.refusal}（主题 {tid}），没有发帖")
        post_url = urljoin(url, html.unescape(form.action)) + "&inajax=1"
        if urlsplit(post_url).netloc != urlsplit(url).netloc:
            raise PostingError(f"主题 {tid} 的回帖表单指向另一个网站，没有发帖")
        if url_query_int(post_url, "tid") != int(tid):
            raise PostingError(
                f"主题 {tid} 的页面上的回帖表单是回复主题 {url_query_int(post_url, 'tid')} 的"
                "（主题被移动或合并？），没有发帖"
            )
        return Target(int(tid), form, charset, url, post_url)

    def send(self, target: Target, message: str) -> ReplyAnswer:
        """One POST of ``message`` (LF line breaks, as a client sends).  Raises
        :class:`PostNotSentError` / :class:`PostUnansweredError` (the fetcher's)."""
        body = form_body(target.form.fields, message, target.charset)
        page = self.fetcher.post_form(target.post_url, body, referer=target.referer)
        try:
            text, _ = decode_body(page.body, page.content_type, page.url)
        except PageError:
            text = page.body.decode(target.charset, "replace")
        return read_reply_answer(page.status, page.location, text)

    def find(
        self, tid: int, account: tuple[int | None, str | None], message: str, skip: set[int]
    ) -> int | None:
        """The pid of a post of ``message`` by the account on the thread's last page, or
        None.  (Page 1 says how many pages there are; a post not among the last page's is
        not found: the look is made right after the send.)"""
        first = parse_page(self.fetcher.get(self.fetcher.thread_url(tid)), self.tz)
        last = first
        if (first.total_pages or 1) > 1:
            page = self.fetcher.get(self.fetcher.thread_url(tid, first.total_pages or 1))
            last = parse_page(page, self.tz)
        wanted = comparable(message)
        for post in reversed(last.posts):
            if (
                post.pid is None
                or post.pid in skip
                or not _by(post.author_uid, post.author, account)
            ):
                continue
            if _SPACE.sub("", post.text) == wanted:
                return post.pid
        return None


@dataclass
class Poster:
    """Posts the parts of one draft in order, recording each attempt in the store."""

    store: Store
    client: ReplyClient
    target: Target
    kind: str
    title: str
    ordered_by: str | None = None  # who commanded it (the desk's director, or 命令行)
    now: Callable[[], datetime] = lambda: datetime.now(UTC)

    def post(self, parts: Sequence[str]) -> list[PartResult]:
        parts = [as_posted(p) for p in parts]
        draft = draft_id(parts)
        results: list[PartResult] = []
        for i, text in enumerate(parts, start=1):
            result = self._part(draft, i, len(parts), text)
            results.append(result)
            if not result.ok:
                break  # a part not posted stops the rest: the order is the text's
        return results

    def _part(self, draft: str, i: int, n: int, text: str) -> PartResult:
        latest = self.store.sent_parts(draft).get(i)
        if latest is not None and latest.status == POSTED:
            return PartResult(i, n, "already", already_said(latest), latest.pid)
        if latest is not None and latest.status in (SENDING, UNKNOWN):
            settled = self._settle(draft, latest)
            if settled is not None:
                return settled
        claimed, row = self.store.claim_part(
            draft=draft,
            part=i,
            parts=n,
            kind=self.kind,
            title=self.title,
            text=text,
            tid=self.target.tid,
            account=self.target.account,
            account_uid=self.target.form.viewer_uid,
            ordered_by=self.ordered_by,
        )
        if not claimed:
            return PartResult(i, n, "busy", "另一个进程刚刚开始发这一部分，没有重复发送")
        return self._send(row, text)

    def _send(self, row: SentRow, text: str) -> PartResult:
        i, n = row.part, row.parts
        try:
            answer = self.client.send(self.target, text)
        except PostNotSentError as exc:
            self.store.finish_part(row.id, ABSENT, said=str(exc))
            return PartResult(i, n, "not_sent", f"{exc}；没有发出，可以再运行一次")
        except PostUnansweredError as exc:
            return self._look_after(row, text, str(exc))
        if answer.outcome is Outcome.POSTED:
            self.store.finish_part(row.id, POSTED, pid=answer.pid, said="论坛回答：发帖成功")
            return PartResult(i, n, "posted", f"已发出：pid {answer.pid}", answer.pid)
        if answer.outcome is Outcome.REFUSED:
            said = refusal_said(answer)
            self.store.finish_part(row.id, REFUSED, said=said)
            return PartResult(i, n, "refused", said)
        if answer.outcome is Outcome.TAINTED:
            said = self._tainted(answer)
            self.store.finish_part(row.id, REFUSED, said=said)
            return PartResult(i, n, "tainted", said)
        return self._look_after(row, text, f"论坛的回答读不出结果（{answer.message}）")

    def _tainted(self, answer: ReplyAnswer) -> str:
        """HTTP 503 request_tainting: not resent.  The thread page is fetched once more (a
        fresh formhash) to say whether the login died or the formhash was stale."""
        head = f"论坛拒绝了请求（HTTP 503：{answer.message}），没有发出"
        try:
            fresh = self.client.target(self.target.tid)
        except PostingError as exc:
            return f"{head}。再次打开主题页：{exc}"
        except PageError as exc:
            return f"{head}。再次打开主题页失败：{exc}；{RELOGIN}后再运行"
        if fresh.form.formhash != self.target.form.formhash:
            why = "表单验证串（formhash）已经变了：登录可能在发帖时失效或被重新登录"
        else:
            why = "表单验证串没有变，论坛仍然拒绝：登录可能已失效"
        return f"{head}。{why}；{RELOGIN}（导出新的 cookies 写到 [forum] post_cookies）后再运行"

    def _look_after(self, row: SentRow, text: str, why: str) -> PartResult:
        """The POST went out and its outcome is not known: look on the thread's last page
        before anything is sent again."""
        i, n = row.part, row.parts
        skip = {r.pid for r in self.store.sent_posts() if r.pid is not None}
        try:
            pid = self.client.find(row.tid, (row.account_uid, row.account), text, skip)
        except PageError as exc:
            said = f"{why}；在论坛上查找也失败了（{exc}）。不知道是否发出：下次运行会先查找，再决定是否发送"
            self.store.finish_part(row.id, UNKNOWN, said=said)
            return PartResult(i, n, "unknown", said)
        if pid is not None:
            said = f"{why}；在主题最后一页找到了这条帖子（pid {pid}）：已经发出"
            self.store.finish_part(row.id, POSTED, pid=pid, said=said)
            return PartResult(i, n, "posted", said, pid)
        said = (
            f"{why}；主题最后一页还没有这条帖子。论坛可能还在处理：没有重发，"
            "下次运行会先再查找一次，找不到才发送"
        )
        self.store.finish_part(row.id, UNKNOWN, said=said)
        return PartResult(i, n, "unknown", said)

    def _settle(self, draft: str, latest: SentRow) -> PartResult | None:
        """A part whose last attempt has no known outcome: looked for before sending.
        Found → posted (returned); not there → ``absent`` (None: it may be sent)."""
        i, n = latest.part, latest.parts
        if latest.status == SENDING:
            began = datetime.fromisoformat(latest.started_at)
            if began.tzinfo is None:
                began = began.replace(tzinfo=UTC)
            if (self.now() - began).total_seconds() < BUSY_SECONDS:
                return PartResult(
                    i,
                    n,
                    "busy",
                    f"这一部分 {latest.started_at} 开始发送，还没有结果；几分钟后再运行",
                )
        skip = {r.pid for r in self.store.sent_posts() if r.pid is not None}
        try:
            pid = self.client.find(
                latest.tid, (latest.account_uid, latest.account), latest.text, skip
            )
        except PageError as exc:
            return PartResult(
                i, n, "unknown", f"上次发送的结果不明，这次查找也失败了（{exc}）：没有发送"
            )
        if pid is not None:
            said = (
                f"上次发送的结果不明；在主题 {latest.tid} 最后一页找到了它（pid {pid}）：不再发送"
            )
            self.store.finish_part(latest.id, POSTED, pid=pid, said=said)
            return PartResult(i, n, "already", said, pid)
        self.store.finish_part(
            latest.id, ABSENT, said="上次发送的结果不明，主题最后一页没有这条帖子"
        )
        return None


def _by(uid: int | None, name: str, account: tuple[int | None, str | None]) -> bool:
    """A post by the posting account: by uid, or by name where the page gives no uid."""
    if uid is not None and account[0] is not None:
        return uid == account[0]
    return name == account[1]


def refusal_said(answer: ReplyAnswer) -> str:
    """The forum's words, then what to do."""
    units = {"floodctrl": "秒", "minpostsize": "字节", "maxpostsize": "字节"}
    said = {
        k: f"（{answer.params[k]} {unit}）" if answer.params.get(k, "").isdecimal() else ""
        for k, unit in units.items()
    }
    advice = ADVICE.get(answer.reason, ADVICE["other"]).format(**said)
    return f"论坛拒绝：{answer.message}。{advice}"


def already_said(row: SentRow) -> str:
    return (
        f"已经发过：{row.finished_at or row.started_at} 由 {row.account or '?'} 发到主题 {row.tid}"
        f"（pid {row.pid}），不再发送"
    )
