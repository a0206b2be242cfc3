"""Discuz!'s reply form and its answers: pure functions over page text (no I/O).

Read from the real round trips of a stock X3.5 in ``shared/discuz/x35-post`` (see its
README): the thread page carries ``<form id="fastpostform">`` (action, the textarea
``message`` and the hidden ``posttime``, ``formhash``, ``usesig``, ``subject``); the fast
reply's answer is XML whose CDATA calls ``succeedhandle_fastpost('…pid=P…', …)`` or
``errorhandle_fastpost('MESSAGE', {params})``; the plain form answers a 301 to
``…&pid=P…`` or an ``alert_error`` page; a wrong or stale formhash (or a dead login, which
changes the formhash) is an HTTP 503 "System Error" page (``request_tainting``).
"""

from __future__ import annotations

import enum
import html
import re
from dataclasses import dataclass, field

from .detect import viewer_uid
from .message import collapse, parse_document, text_of

#: The reasons a refusal is read as, from the forum's own words (X3.5 language pack).
_REASONS = (
    ("flood", ("两次发表间隔",)),
    ("too_short", ("字符的限制", "小于")),
    ("too_long", ("字符的限制", "超过")),
    ("closed", ("主题已关闭",)),
    ("login", ("尚未登录",)),
    ("no_permission", ("没有权限",)),
    ("bad_form", ("表单验证串不符",)),
)

_SUCCEED = re.compile(r"succeedhandle_\w+\('((?:[^'\\]|\\.)*)'")
_ERROR = re.compile(r"errorhandle_\w+\('((?:[^'\\]|\\.)*)'\s*,\s*(\{[^}]*\})")
_PARAM = re.compile(r"'(\w+)'\s*:\s*'((?:[^'\\]|\\.)*)'")
_PID_IN_URL = re.compile(r"[?&]pid=(\d+)")
_PID_PARAM = re.compile(r"'pid'\s*:\s*'(\d+)'")
_ALERT_ERROR = re.compile(r'<div id="messagetext" class="alert_error">\s*<p>(.*?)</p>', re.S)
_TAINTED = "request_tainting"
_TAINTED_TEXT = "您当前的访问请求当中含有非法字符"
_VIEWER_NAME = re.compile(
    r'<strong class="vwmy[^"]*"><a href="[^"]*uid=(\d+)[^"]*"[^>]*>([^<]+)</a>'
)
_SUBJECT = re.compile(r'<span id="thread_subject"[^>]*>(.*?)</span>', re.S)


class Outcome(enum.StrEnum):
    """What an answer to a reply says happened."""

    POSTED = "posted"  # the forum took it: a new pid
    REFUSED = "refused"  # the forum said no: nothing was stored
    TAINTED = "tainted"  # HTTP 503 request_tainting: stale formhash or dead login, nothing stored
    UNKNOWN = "unknown"  # no answer we can read: only the thread itself says whether it went


@dataclass(frozen=True, slots=True)
class ReplyAnswer:
    outcome: Outcome
    message: str = ""  # the forum's own words (Chinese)
    pid: int | None = None
    reason: str = ""  # for a refusal: flood | too_short | too_long | closed | login | ...
    params: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ReplyForm:
    """The fast-reply form of a thread page, as the page's viewer would send it."""

    action: str  # the form's action as on the page (relative to the page), &amp; decoded
    fields: tuple[tuple[str, str], ...]  # in page order; ``message`` empty
    viewer_uid: int | None  # 0: a guest page
    viewer_name: str | None
    subject: str | None
    refusal: str | None = None  # the box's own words when it offers no textarea

    @property
    def formhash(self) -> str | None:
        return next((v for k, v in self.fields if k == "formhash"), None)


def reason_of(message: str) -> str:
    """The kind of refusal ``message`` (the forum's words) is; ``other`` when unknown."""
    for reason, words in _REASONS:
        if all(w in message for w in words):
            return reason
    return "other"


def _unjs(text: str) -> str:
    """A single-quoted JavaScript string's content (Discuz! escapes ``'`` and ``\\``)."""
    return re.sub(r"\\(.)", r"\1", text)


def read_reply_answer(status: int, location: str | None, text: str) -> ReplyAnswer:
    """What the forum's answer to a reply POST says (``text`` decoded)."""
    if 300 <= status < 400:
        m = _PID_IN_URL.search(location or "")
        if m:
            return ReplyAnswer(Outcome.POSTED, "", int(m.group(1)))
        return ReplyAnswer(Outcome.UNKNOWN, f"HTTP {status} 跳转到 {location or '?'}")
    if status == 503 and (_TAINTED in text or _TAINTED_TEXT in text or "System Error" in text):
        return ReplyAnswer(Outcome.TAINTED, _TAINTED_TEXT + "，已经被系统拒绝", reason="tainted")
    succeed = _SUCCEED.search(text)
    if succeed:
        pid = _PID_IN_URL.search(_unjs(succeed.group(1))) or _PID_PARAM.search(text)
        if pid:
            return ReplyAnswer(Outcome.POSTED, "", int(pid.group(1)))
    error = _ERROR.search(text)
    if error:
        message = html.unescape(_unjs(error.group(1))).strip()
        params = {k: _unjs(v) for k, v in _PARAM.findall(error.group(2))}
        return ReplyAnswer(Outcome.REFUSED, message, reason=reason_of(message), params=params)
    alert = _ALERT_ERROR.search(text)
    if alert:
        message = collapse(html.unescape(re.sub(r"<[^>]+>", "", alert.group(1))))
        return ReplyAnswer(Outcome.REFUSED, message, reason=reason_of(message))
    if 400 <= status < 500:
        return ReplyAnswer(Outcome.REFUSED, f"HTTP {status}", reason="other")
    return ReplyAnswer(Outcome.UNKNOWN, f"HTTP {status}，回答里没有发帖结果")


def read_reply_form(text: str) -> ReplyForm | None:
    """The page's fast-reply form, or None when the page has none (not a thread page)."""
    doc = parse_document(text)
    forms = doc.xpath('//form[@id="fastpostform"]')
    if not forms:
        return None
    form = forms[0]
    fields: list[tuple[str, str]] = []
    has_box = False
    for el in form.iter("textarea", "input"):
        name = el.get("name")
        if not name:
            continue
        if el.tag == "textarea" and name == "message":
            has_box = True
            fields.append((name, ""))
        elif el.tag == "input" and (el.get("type") or "").lower() == "hidden":
            fields.append((name, el.get("value") or ""))
    refusal = None
    if not has_box:
        said = collapse(text_of(form))
        m = re.search(r"抱歉[^。\s]*|您需要登录后才可以回帖", said)
        refusal = m.group(0).removesuffix("，详细请") if m else "这个主题的回帖框里没有输入框"
    name = _VIEWER_NAME.search(text)
    subject = _SUBJECT.search(text)
    return ReplyForm(
        action=form.get("action") or "",
        fields=tuple(fields),
        viewer_uid=viewer_uid(text),
        viewer_name=html.unescape(name.group(2)).strip() if name else None,
        subject=collapse(html.unescape(re.sub(r"<[^>]+>", "", subject.group(1))))
        if subject
        else None,
        refusal=refusal,
    )
