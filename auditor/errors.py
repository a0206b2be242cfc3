"""Errors a director sees.  Messages are in Chinese; each names what went wrong and where.

Page errors carry the URL.  Cookies never appear in any message: the URL is the only
request detail an error keeps.
"""

from __future__ import annotations

import os

#: ``auditor audit``'s exit code when everything was read but the game's state is incomplete
#: (a day without a known close, a closed day without a result, a night without an
#: announced outcome, a vote thread with no day, a director's post not read: each said first
#: in the audit line).  1 stays "the crawl was incomplete", which wins when both hold.
STATE_INCOMPLETE_EXIT = 7


class AuditorError(Exception):
    """Base of every error the CLI reports as a clear message (exit code 2 or more)."""

    exit_code = 2


class GameFileError(AuditorError):
    """A problem in the game file, naming the file, the key and the reason.  ``key`` "-"
    (or empty): the problem is the whole file's (unreadable, a TOML syntax error), and the
    message names no key (once a stray ``-：`` stood before the reason)."""

    exit_code = 3

    def __init__(self, path: str, key: str, reason: str) -> None:
        self.path, self.key, self.reason = str(path), key, reason
        where = f"{key}：" if key not in ("", "-") else ""
        super().__init__(f"游戏文件 {self.path}：{where}{reason}")


class StoreLockedError(AuditorError):
    exit_code = 4

    def __init__(self, path: str) -> None:
        self.path = str(path)
        super().__init__(
            f"另一个 auditor 进程正在处理这个游戏（{self.path} 已被锁定），请等它结束后再运行。"
        )


class StoreError(AuditorError):
    """The game's SQLite file cannot be used: read-only, disk full, I/O error, not a store of
    this tool, or written by a newer version.  Nothing is started afresh in its place."""

    exit_code = 6

    def __init__(self, path: str | os.PathLike[str], problem: str, advice: str) -> None:
        self.path, self.problem, self.advice = str(path), problem, advice
        super().__init__(f"数据库 {self.path}：{problem}。{advice}")


class StoreDamagedError(StoreError):
    """The store is damaged (SQLite's SQLITE_CORRUPT, a cheap check of the file, or an
    integrity check): refused, and recorded so the next command refuses before writing."""


class ReportFolderError(AuditorError):
    """reports/<name>/ belongs to another game's store (two game files with one name)."""

    def __init__(self, folder: str, owner: str, store: str) -> None:
        self.folder, self.owner, self.store = folder, owner, store
        super().__init__(
            f"报告目录 {folder} 属于另一个游戏（数据库 {owner}），不能写入这个游戏"
            f"（数据库 {store}）的报告。两个游戏文件同名时，请在其中一个的 [game] 里加上 "
            'report_name = "s2-m107"（报告目录名），或给游戏文件改名。'
        )


class PageError(AuditorError):
    """A page that could not be read as posts. ``kind`` is a stable machine name."""

    exit_code = 5
    kind = "page"
    label = "无法读取的页面"

    def __init__(self, url: str, detail: str = "") -> None:
        self.url = url
        self.detail = detail
        msg = f"{self.label}：{url}"
        if detail:
            msg += f"（{detail}）"
        super().__init__(msg)


class LoginRequiredError(PageError):
    kind = "login_required"
    label = "需要登录才能访问（请在游戏文件中配置 cookies）"


class NoPermissionError(PageError):
    kind = "no_permission"
    label = "没有权限访问"


class ForumPasswordError(PageError):
    kind = "forum_password"
    label = "版块需要密码"


class ThreadMissingError(PageError):
    kind = "thread_missing"
    label = "主题不存在或已被删除"


class AntiBotError(PageError):
    kind = "anti_bot"
    label = "被论坛的防采集/人机验证页面拦截"


class ServerError(PageError):
    kind = "server_error"
    label = "论坛返回了错误页面"


class RateLimitedError(ServerError):
    """HTTP 429 to the end: the retries ran out, or the wait the forum asked for would pass
    the request's total deadline."""

    kind = "rate_limited"
    label = "论坛限制了访问频率（HTTP 429，请求太频繁）"


class TruncatedPageError(PageError):
    kind = "truncated"
    label = "页面不完整（可能被截断）"


class MissingPostsError(PageError):
    """The page's markup promises more posts than could be read from it."""

    kind = "posts_missing"
    label = "页面上的帖子没有全部读出"


class UndecodablePageError(PageError):
    kind = "undecodable"
    label = "页面编码无法解析"


class UnrecognisedPageError(PageError):
    kind = "unrecognised"
    label = "无法识别的页面（不是 Discuz! 帖子页）"


class PageDeadlineError(PageError):
    """The whole answer took longer than the request's total deadline (a server that sends
    a byte now and then never trips a read timeout)."""

    kind = "deadline"
    label = "论坛太慢，超过了每个请求的总时限"


class PageTooLargeError(PageError):
    """An answer (or a saved page) larger than the configured maximum."""

    kind = "too_large"
    label = "页面太大，超过了上限"


class NetworkError(PageError):
    kind = "network"
    label = "网络错误"


class PostNotSentError(NetworkError):
    """A form POST that never reached the forum: the connection could not be made."""

    kind = "post_not_sent"
    label = "发帖请求没有发出（连不上论坛）"


class PostUnansweredError(NetworkError):
    """A form POST sent, and no answer read (a timeout, a connection cut, the deadline):
    whether the forum took it is not known."""

    kind = "post_unanswered"
    label = "发帖请求已发出，但没有收到论坛的回答"


class NotCrawledError(AuditorError):
    """A check or report asked for before the game was ever crawled: judging an empty
    store would draft a lurking card for every player on every closed day.  Read-only
    commands (status, findings, ledger …) say the same instead of showing empty results
    (``action`` is what could not be done, e.g. "查看进度")."""

    def __init__(self, game_path: str, *, action: str = "检查") -> None:
        self.game_path = str(game_path)
        super().__init__(
            f"这个游戏还没有抓取过（数据库里没有帖子），不能{action}：请先运行 "
            f"auditor crawl {self.game_path}（或不带 --no-crawl 的 auditor audit）。"
        )
