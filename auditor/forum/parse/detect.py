"""Which view a page is, and the pages that are not posts at all (each a distinct error).

Detection reads the content, never the file name: saved pages have arbitrary names.
The URL only tells whether JSON was expected (a mobile API request).
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from auditor.errors import (
    AntiBotError,
    ForumPasswordError,
    LoginRequiredError,
    NoPermissionError,
    PageError,
    ServerError,
    ThreadMissingError,
    TruncatedPageError,
    UnrecognisedPageError,
)
from auditor.models import HiddenReason, PageKind
from auditor.urls import as_id, is_forumdisplay, is_login

ANTI_BOT_STATUS = 567  # what common Chinese WAFs (e.g. 安全狗/加速乐 style) answer with

_MESSAGETEXT = re.compile(r'<div id="messagetext" class="(alert_\w+)">\s*<p>(.*?)</p>', re.S)
_TAGS = re.compile(r"<[^>]+>")
_DISCUZ_MARKERS = ("discuz_uid", "Powered by Discuz!", "Discuz! X", "static/image/common/")
_CHALLENGE_HINTS = (
    "document.cookie",
    "challenge",
    "jschl",
    "location.reload",
    "window.location",
    "setTimeout",
    "__jsl",
    "verify",
    "captcha",
)

_MISSING_TEXTS = ("指定的主题不存在或已被删除或正在被审核", "没有找到帖子", "主题不存在")
_LOGIN_TEXTS = ("您尚未登录", "请先登录")
_PASSWORD_TEXTS = ("本版块需要密码",)


def is_api_url(url: str) -> bool:
    return "api/mobile/" in url or ("module=viewthread" in url and "version=" in url)


def url_query_int(url: str, key: str) -> int | None:
    try:
        values = parse_qs(urlsplit(url).query).get(key)
    except ValueError:
        return None
    return as_id(values[0]) if values else None


def classify_redirect(url: str, status: int, location: str | None) -> PageError | None:
    """An error for a redirect that means "you may not read this thread", else None.

    Discuz! answers a thread on a password-protected board with HTTP 302 to the
    board (``forumdisplay``); the mobile API does the same with ``&mobile=1``.
    A redirect to ``member.php?mod=logging`` means a login is needed.  Other
    redirects (findpost → the page holding the post) are ordinary: follow them.
    """
    if not 300 <= status < 400 or not location:
        return None
    if is_login(location):
        return LoginRequiredError(url, f"HTTP {status} 跳转到登录页 {location}")
    if is_forumdisplay(location) and not is_forumdisplay(url):
        return ForumPasswordError(url, f"HTTP {status} 跳转到版块 {location}（版块可能需要密码）")
    return None


def hidden_reason(text: str) -> HiddenReason | None:
    """The reason in a ``提示: <em>…</em>`` notice that replaces a post's content."""
    if "该帖被管理员或版主屏蔽" in text:
        return HiddenReason.MODERATOR
    if "作者被禁止或删除" in text:
        return HiddenReason.AUTHOR_BANNED
    return None


def check_html_errors(text: str, url: str, status: int) -> None:
    """Raise the PageError an HTML page stands for (error pages, truncation, anti-bot)."""
    head = text[:3000]
    # Discuz!'s own error page: "<title>HOST - System Error</title>" (a thread whose
    # subject says "System Error" has "… - 版块 - 论坛" after it, and post markup).
    if re.search(r"<title>[^<]*- System Error</title>", head):
        raise ServerError(url, f"HTTP {status}：Discuz! System Error")
    complete = text[-64:].rstrip().lower().endswith("</html>")
    if status == 404 and not complete:  # a web server's own plain "Not Found", not a cut page
        raise ThreadMissingError(url, "HTTP 404，找不到页面")
    if not complete:
        raise TruncatedPageError(url, "缺少 </html>")
    # (the literal first: a plain search is three times the regex's speed on a thread page)
    m = _MESSAGETEXT.search(text) if '<div id="messagetext"' in text else None
    if m:
        raise message_error(_TAGS.sub("", m.group(2)).strip(), text, url)
    # The board's password form is a page of its own: a thread page (its post list found
    # in the first tenth of the page) is not one, whatever a post says.
    if (
        'id="postlist"' not in text
        and "pwverify" in text
        and any(t in text for t in _PASSWORD_TEXTS)
    ):
        raise ForumPasswordError(url, "本版块需要密码")
    if status == 404:
        raise ThreadMissingError(url, "HTTP 404")


def message_error(message: str, text: str, url: str) -> PageError:
    """The error a Discuz! message page (``<div id="messagetext">``) stands for."""
    if any(t in message for t in _LOGIN_TEXTS) or (
        "没有权限" in message and "discuz_uid = '0'" in text
    ):
        return LoginRequiredError(url, message)
    if any(t in message for t in _MISSING_TEXTS):
        return ThreadMissingError(url, message)
    if "没有权限" in message or "无权" in message:
        return NoPermissionError(url, message)
    if any(t in message for t in _PASSWORD_TEXTS):
        return ForumPasswordError(url, message)
    return UnrecognisedPageError(url, f"论坛提示：{message}")


def detect_html_kind(text: str) -> PageKind | None:
    """The thread view an HTML page is, or None."""
    if 'id="postlist"' in text:
        return PageKind.DESKTOP
    if "<b>作者: </b>" in text and "window.print()" in text:
        return PageKind.PRINTABLE
    if 'class="plc cl" id="pid' in text or ('class="viewthread"' in text and "mobile=2" in text):
        return PageKind.TOUCH
    return None


def not_a_thread(text: str, url: str) -> PageError:
    """The error for an HTML page that is no thread view: anti-bot if it looks like one."""
    discuz = any(m in text for m in _DISCUZ_MARKERS)
    lower = text.lower()
    if not discuz and "<script" in lower and any(h.lower() in lower for h in _CHALLENGE_HINTS):
        return AntiBotError(url, "JavaScript 验证页，不是 Discuz! 页面")
    if not discuz:
        return UnrecognisedPageError(url, "不是 Discuz! 页面（其他网站）")
    if 'id="threadlisttableid"' in text or 'id="threadlist"' in text:
        return UnrecognisedPageError(url, "版块帖子列表，不是帖子页面")
    if re.search(r'id="category_\d+"', text):
        return UnrecognisedPageError(url, "论坛首页（版块目录），不是帖子页面")
    return UnrecognisedPageError(url, "Discuz! 的其他页面，不是帖子页面")


_VIEWER_UID = re.compile(r"discuz_uid\s*=\s*'(\d+)'")


def viewer_uid(text: str) -> int | None:
    """The uid the page was rendered for (``discuz_uid`` in the page's script; 0 = guest)."""
    m = _VIEWER_UID.search(text)
    return int(m.group(1)) if m else None
