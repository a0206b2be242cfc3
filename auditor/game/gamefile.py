"""The game file: one TOML file per game, written by the director.

It names the forum source, the threads, the players, the schedule and the events the
director announced.  :func:`load_game` validates all of it before any network traffic
and reports every problem as a :class:`~auditor.errors.GameFileError` naming the file,
the key and the reason.  ``auditor init`` writes :data:`TEMPLATE`.
"""

from __future__ import annotations

import calendar
import itertools
import math
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, time, tzinfo
from enum import StrEnum
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from auditor.cookies import CookieLine, CookieSource, looks_like_cookie_line
from auditor.errors import GameFileError
from auditor.files import os_error_text
from auditor.rulesets import NAMES as PRESETS
from auditor.rulesets import listing as preset_listing
from auditor.urls import MAX_ID, as_id, forum_id, thread_id
from auditor.visible import CONTROLS, has_hidden, visible

#: Discuz!'s thread ids are unsigned 32-bit (``tid`` in pre_forum_thread): 0 and anything
#: past this are no thread, and would surface only as crawl problems.
MAX_TID = 2**32 - 1
#: The years a game's times may fall in (a year-1 time once overflowed when put in the
#: game's time zone; a 版杀 is played on a Discuz! forum, which began in 2001).
YEARS = (2000, 2100)
#: How deep arrays and inline tables may nest in a game file (a few levels are ever used;
#: thousands once overflowed the parser's recursion).
MAX_NESTING = 32
#: What no forum name holds: control characters, line breaks and tabs among them.
_NAME_CONTROLS = frozenset(CONTROLS + "\t\n\r")

#: Each table's and key's line in the game file (:func:`key_lines`).
KeyLines = Mapping[str, int]

_UNSAFE_URL = re.compile(r"[\s\"'<>\[\]\\]")


class ThreadKind(StrEnum):
    DISCUSSION = "discussion"
    VOTE = "vote"
    PROCESS = "process"
    RULES = "rules"
    LASTWORDS = "lastwords"


class EventType(StrEnum):
    ELIMINATED = "eliminated"
    SHERIFF = "sheriff"
    PIPED = "piped"
    IDIOT_REVEALED = "idiot_revealed"
    FACTION = "faction"
    SUBSTITUTE = "substitute"
    # a 请假 the director granted (``from`` … ``until``, ``pid`` the post): the player's
    # lurking and no-vote drafts on the days it covers wait for the director's word (版杀7
    # 6.2(3) 玩家提前向法官请假的，法官根据情况处理; session 48, fh48b / fh48c)
    LEAVE = "leave"


#: Each kind of event as a director names it (the game's state, the CLI, the desk).
EVENT_LABEL = {
    EventType.ELIMINATED: "出局",
    EventType.SHERIFF: "警长",
    EventType.PIPED: "吹笛",
    EventType.IDIOT_REVEALED: "白痴翻牌",
    EventType.FACTION: "阵营",
    EventType.SUBSTITUTE: "替补",
    EventType.LEAVE: "请假",
}

EVENT_HOW: dict[EventType, tuple[str, ...]] = {
    # suicide: 殉情 — a death of its own (a lover following the voted-out or killed player
    # out), never a vote-out: the tally's check does not count it (session 48, fh48c)
    EventType.ELIMINATED: ("vote", "night", "sent_off", "suicide"),
    EventType.SHERIFF: ("elected", "handed_over"),
}


@dataclass(frozen=True, slots=True)
class ForumConfig:
    url: str | None  # base URL ending in "/"
    pages: Path | None  # a folder of saved pages
    cookies: CookieSource | None  # a cookies file, or a raw Cookie line (secret)
    delay: float
    refetch_hours: float  # refetch earlier pages of threads whose day closed less than this ago
    api: bool | None  # try the mobile API first; None = auto (see auditor.rules.engine.api_first)
    ppp: int = 10  # the forum's posts per desktop page (Discuz! postperpage)
    deadline: float = 120.0  # total seconds one request may take (retries included)
    max_page_mb: float = 8.0  # largest page read, fetched or saved
    board: int | None = None  # the game's board (fid): threads, days and events are discovered
    maxpostsize: int = 10000  # the admin's 帖子最大字数 (bytes as received); 0 = no limit
    # the director's own login for posting (auditor post): the crawl's cookies may be a
    # spectator's; same forms as cookies, a secret
    post_cookies: CookieSource | None = None


@dataclass(frozen=True, slots=True)
class ThreadSpec:
    tid: int
    kind: ThreadKind
    day: int | None
    lastwords: Mapping[int, str] = field(default_factory=dict)  # pid -> player whose last words


@dataclass(frozen=True, slots=True)
class PhaseSpec:
    number: int
    name: str
    opens: datetime
    closes: datetime
    vote_thread: int | None = None


@dataclass(frozen=True, slots=True)
class DaySpec:
    number: int
    opens: datetime
    closes: datetime
    accelerated: bool = False
    phases: tuple[PhaseSpec, ...] = ()
    # 延时 confirmed: ``closes`` is the new close the director gave (030 / M39: 延迟成功时，
    # 不再视为“执行加速”状态); the day's 延时 requests are no longer proposed
    delayed: bool = False

    def contains(self, t: datetime) -> bool:
        return self.opens <= t <= self.closes


@dataclass(frozen=True, slots=True)
class Event:
    type: EventType
    player: str
    at: datetime | None = None
    how: str | None = None
    until: datetime | None = None
    value: str | None = None  # faction name, or the new holder of a substituted account
    by: str | None = None  # the piper, for piped events (piped "until the piper is out")
    # the director's post this event stands for (a confirmed, maybe corrected, announcement:
    # discovery takes nothing else from that post); not part of the event's identity
    pid: int | None = field(default=None, compare=False)
    # when the director announced it (公示): the post's time for a discovered event, or the
    # game file's `announced`; 030 counts ghost posts from here (已公示出局的角色); like
    # ``pid``, not part of the event's identity
    announced: datetime | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class VoteCorrection:
    pid: int
    target: str | None  # None with invalid = True
    invalid: bool
    note: str


@dataclass(frozen=True, slots=True)
class Game:
    path: Path
    name: str
    ruleset: str
    timezone: tzinfo
    directors: tuple[str, ...]
    spectators: tuple[str, ...]
    store: Path
    forum: ForumConfig
    players: tuple[str, ...]
    uids: Mapping[str, int]
    threads: tuple[ThreadSpec, ...]
    days: tuple[DaySpec, ...]
    events: tuple[Event, ...]
    rules: Mapping[str, Any]  # raw [rules] table; validated by the rule registry
    corrections: tuple[VoteCorrection, ...] = ()
    decided_by: str | None = None  # default name for `auditor decide --by`
    tag: str | None = None  # the text every game thread title carries ("M107")
    # what was read from the forum on top of the file (auditor.game.discover.Discovery)
    discovery: Any = None
    report_name: str | None = None  # the folder under reports/ (default: from the file name)
    # 游戏结束 as a director announced it (discovered): no post after it is checked
    ended: datetime | None = None
    # ``[game] store`` names the store (else it is the file's name: a renamed file names a
    # new one, see auditor.store.siblings)
    store_named: bool = False
    # ``[game] leaving``: the theme's words for leaving the game (下车, 上岸), read as 出局
    # in a director's report (auditor.game.announce.Patterns leaving_words)
    leaving: tuple[str, ...] = ()
    # ``[players] seats``: the players in seat order (「7号」 is seats[6]); ``[players.aliases]``:
    # other names → the player (小夏 → 夏天).  Read through auditor.game.roster only.
    seats: tuple[str, ...] = ()
    aliases: Mapping[str, str] = field(default_factory=dict)

    @property
    def discovers(self) -> bool:
        """Threads, days and events are discovered from the forum (a board is named)."""
        return self.forum.board is not None

    @property
    def slug(self) -> str:
        """The game's folder name under reports/: the file's stem, or its folder's name
        when the file is just called game.toml."""
        if self.report_name:
            return self.report_name
        stem = self.path.stem
        if stem.lower() == "game" and self.path.resolve().parent.name:
            return self.path.resolve().parent.name
        return stem

    def thread(self, tid: int) -> ThreadSpec | None:
        return next((t for t in self.threads if t.tid == tid), None)

    def day(self, number: int) -> DaySpec | None:
        return next((d for d in self.days if d.number == number), None)

    def exempt(self, author: str) -> bool:
        return author in self.directors or author in self.spectators

    def clock_changes(self, a: datetime, b: datetime) -> bool:
        """Whether a day or phase opened or closed between two check times (inclusive): the
        only way the clock changes what a rule says (closed days are judged, open ones
        not)."""
        lo, hi = min(a, b), max(a, b)
        return any(
            t is not None and lo <= t <= hi
            for d in self.days
            for t in (d.opens, d.closes, *[x for ph in d.phases for x in (ph.opens, ph.closes)])
        )


TEMPLATE = """\
# auditor 游戏文件（TOML）。改好 name、tag、board 和玩家名单后运行：auditor audit 本文件
# 最小写法：写了 [game] tag 和 [forum] board，帖子、天和事件都从论坛上发现
# （auditor game 本文件 列出每项的来源，--confirm 编号 确认一项，--write 全部写进本文件）。
# 时间一律写成带时区的形式，例如 2026-11-20T09:00:00+08:00（论坛当地时间）。

[game]
name = "M107 摩天大楼（请改成这局的名字）"
ruleset = "m107"              # m107 | rabbit030 | m39 | killbar7
tag = "M107"                  # 每个游戏帖标题都带的标签
timezone = "Asia/Shanghai"    # 论坛的时区
directors = ["导演"]           # 导演（免检）
spectators = []               # 观众、场外人员（免检）
# store = "m107.sqlite"       # 数据库文件，默认与本文件同名同目录
# decided_by = "导演"          # 决定的默认签名（必须是 directors 里的名字；不写时 decide 要用 --by）
# leaving = ["下车"]           # 这局主题里“出局”的说法（导演写“X 下车”就是 X 出局）

[forum]
url = "https://bbs.example.com/"   # 论坛地址；或者改用 pages = "saved-pages/"（浏览器保存的页面所在目录）
board = 2                          # 版块的 fid 或版块地址
# cookies = "cookies.txt"          # 需要登录的论坛：导出的 cookies.txt，或一行原始 Cookie 头
# post_cookies = "director.txt"    # 发帖（auditor post）用导演自己的登录 cookies，写法同 cookies
delay = 1.0                        # 两次请求之间的间隔（秒）
# deadline = 120                   # 每个请求（含重试）最多用多少秒，超过就报错
# max_page_mb = 8                  # 单个页面（抓取的或保存的）最大多少 MB
# refetch_hours = 48               # 讨论日关门后多少小时内仍重新抓取前面的页面（编辑、屏蔽、删帖）
# api = "auto"                     # 手机版接口：true 优先使用 | false 只用网页版 | auto（默认）
# ppp = 10                         # 论坛网页版每页帖数（后台“每页显示帖数”，默认 10）
# maxpostsize = 10000              # 论坛后台的“帖子最大字数”（按字节算，默认 10000）：公告按它分段

[players]
names = ["饺子", "包子"]
# uids = { "饺子" = 2 }             # 可选：玩家中途改名时按 uid 识别
# seats = ["饺子", "包子"]           # 可选：座位表（1号在最前），帖子里的「2号」「2」就是 包子
# aliases = { "饺子" = ["饺饺"] }    # 可选：玩家的别名、昵称（一个别名只能指一名玩家）

# 不从论坛发现、全部手写时：删掉上面的 tag 和 board，写出每个帖子、每一天（和事件）：
# [[thread]]
# tid = 2
# kind = "discussion"         # discussion 讨论帖 | vote 投票帖 | process 进程帖 | rules 规则帖 | lastwords 遗言
# day = 1
#
# [[day]]
# number = 1
# opens = 2026-11-20T09:00:00+08:00
# closes = 2026-11-21T22:00:00+08:00
# accelerated = false          # 加速日
# delayed = true               # 延时（导演给出了新的关门时间 closes；auditor game --confirm 写入）
#
# [[event]]
# type = "eliminated"        # eliminated 出局 | sheriff 警长 | piped 吹笛 | idiot_revealed 白痴翻牌 | faction 阵营 | substitute 替补
# player = "饺子"
# at = 2026-11-21T22:00:00+08:00
# how = "vote"               # vote 投票 | night 夜晚 | sent_off 红牌罚下 | suicide 殉情
# pid = 1198                 # 更正后确认的事件：代替这个帖子公示的同类事件（auditor game --confirm 写入）
"""


#: The template's store line, commented out (:func:`template_for` writes it out).
_TEMPLATE_STORE = '# store = "m107.sqlite"       # 数据库文件，默认与本文件同名同目录'


def template_for(path: Path) -> str:
    """:data:`TEMPLATE` for a new game file at ``path``, its ``[game] store`` written out as
    the file's name with .sqlite: renamed later, the file still names its store (a store
    left to its default follows the file's name and a renamed file would start afresh:
    :mod:`auditor.store.siblings` stops that).  A name TOML would need to escape keeps the
    line commented."""
    name = path.with_suffix(".sqlite").name
    if any(c in name for c in '"\\') or any(ord(c) < 32 or ord(c) == 127 for c in name):
        return TEMPLATE
    line = f'store = "{name}"  # 数据库文件：改了游戏文件名也用它；开新的一局请换成新名字'
    return TEMPLATE.replace(_TEMPLATE_STORE, line, 1)


# --------------------------------------------------------------------------- loading


class _Reader:
    """Reads typed values out of nested TOML tables, naming the key on every error."""

    def __init__(self, path: Path, tz: tzinfo | None = None, lines: KeyLines | None = None) -> None:
        self.path = path
        self.tz = tz
        self.lines = lines or {}  # each key's line (key_lines), when the text was read

    def fail(self, key: str, reason: str) -> GameFileError:
        return GameFileError(str(self.path), key, reason)

    def table(self, data: Mapping[str, Any], key: str, *, required: bool = False) -> dict[str, Any]:
        value = data.get(key.rsplit(".", 1)[-1])
        if value is None:
            if required:
                raise self.fail(key, "缺少这一节")
            return {}
        if not isinstance(value, dict):
            raise self.fail(key, "应当是一个表（[节]）")
        return value

    def no_unknown(self, data: Mapping[str, Any], key: str, allowed: Iterable[str]) -> None:
        allowed = set(allowed)
        for k in data:
            if k not in allowed:
                full = f"{key}.{k}" if key else k
                line = self.lines.get(full)
                at = f"（第 {line} 行）" if line else ""
                near = nearest(k, allowed)
                if near is not None:
                    raise self.fail(full, f"未知的键{at}；是不是 {near}？")
                raise self.fail(full, f"未知的键{at}；可用的键：{', '.join(sorted(allowed))}")

    def str_(
        self,
        data: Mapping[str, Any],
        key: str,
        name: str,
        *,
        required: bool = False,
        default: str | None = None,
    ) -> str | None:
        value = data.get(name)
        if value is None:
            if required:
                raise self.fail(key, "必填")
            return default
        if not isinstance(value, str) or not value.strip():
            raise self.fail(key, "应当是非空字符串")
        return value.strip()

    def int_(
        self, data: Mapping[str, Any], key: str, name: str, *, required: bool = False
    ) -> int | None:
        value = data.get(name)
        if value is None:
            if required:
                raise self.fail(key, "必填")
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise self.fail(key, "应当是非负整数")
        if value > MAX_ID:  # (TOML's integers are 64-bit, tomllib's are not)
            raise self.fail(key, f"太大：最大 {MAX_ID}")
        return value

    def ranged(
        self, data: Mapping[str, Any], key: str, name: str, default: float, low: float, high: float
    ) -> float:
        """A finite number in [low, high] (TOML allows inf and nan: neither passes)."""
        value = data.get(name, default)
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
            or not low <= value <= high
        ):
            raise self.fail(key, f"应当是 {low:g} 到 {high:g} 之间的数")
        return float(value)

    def bool_(self, data: Mapping[str, Any], key: str, name: str, default: bool) -> bool:
        value = data.get(name, default)
        if not isinstance(value, bool):
            raise self.fail(key, "应当是 true 或 false")
        return value

    def names(self, data: Mapping[str, Any], key: str, name: str) -> tuple[str, ...]:
        value = data.get(name, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(key, "应当是字符串列表")
        if not all(v.strip() for v in value):
            raise self.fail(key, "不能有空的名字")
        names = tuple(v.strip() for v in value)
        for n in names:
            if any(c in _NAME_CONTROLS for c in n):
                raise self.fail(
                    key,
                    f"名字“{_shown(n)}”含有控制字符（换行、制表符等）：论坛的用户名里没有"
                    "这样的字符，请照论坛上的用户名重写",
                )
        seen: set[str] = set()
        for n in names:
            if n in seen:
                raise self.fail(key, f"重复的名字：{n}")
            seen.add(n)
        return names

    def when(
        self, data: Mapping[str, Any], key: str, name: str, *, required: bool = False
    ) -> datetime | None:
        value = data.get(name)
        if value is None:
            if required:
                raise self.fail(key, "必填（时间，例如 2026-11-20T09:00:00+08:00）")
            return None
        if isinstance(value, str):
            written = value
            try:
                value = datetime.fromisoformat(written.strip())
            except ValueError:
                problem = date_problem(written) or f"无法识别的时间：{written!r}"
                line = self.lines.get(key)
                raise self.fail(key, f"第 {line} 行：{problem}" if line else problem) from None
        if isinstance(value, date) and not isinstance(value, datetime):
            raise self.fail(key, "需要日期和时间，而不只是日期")
        if isinstance(value, time) or not isinstance(value, datetime):
            raise self.fail(key, "应当是时间，例如 2026-11-20T09:00:00+08:00")
        if not YEARS[0] <= value.year <= YEARS[1]:  # (before any arithmetic can overflow)
            raise self.fail(
                key,
                f"时间 {value.isoformat()} 不在 {YEARS[0]} 年到 {YEARS[1]} 年之间"
                "（例如 2026-11-20T09:00:00+08:00）",
            )
        if value.tzinfo is None:
            assert self.tz is not None
            value = value.replace(tzinfo=self.tz)  # local forum time
        return value.astimezone(self.tz) if self.tz is not None else value

    def tid(self, data: Mapping[str, object], key: str, name: str) -> int | None:
        """A thread id the forum can have (1 to :data:`MAX_TID`), or None when absent."""
        return self.tid_value(key, self.int_(data, key, name))

    def tid_value(self, key: str, tid: int | None) -> int | None:
        if tid is not None and not 1 <= tid <= MAX_TID:
            raise self.fail(key, f"帖子编号 {tid} 不存在：tid 应当是 1 到 {MAX_TID} 之间的整数")
        return tid


def nearest(word: str, choices: Iterable[str]) -> str | None:
    """The choice a misspelt key most likely meant: the nearest by edit distance (a swap
    of two neighbours counts one edit, case none), when it is near enough to be a slip of
    the fingers (1 edit for a short key, 2 for a key of 5 letters or more); the first in
    order on a tie.  None when no choice is that near."""
    folded = word.casefold()
    limit = 1 if len(folded) < 5 else 2
    best: tuple[int, str] | None = None
    for choice in sorted(choices):
        d = _edits(folded, choice.casefold())
        if d <= limit and d < len(folded) and (best is None or d < best[0]):
            best = (d, choice)
    return best[1] if best else None


def _edits(a: str, b: str) -> int:
    """The optimal-string-alignment distance: insertions, deletions, substitutions and
    swaps of two neighbouring letters, one edit each."""
    if abs(len(a) - len(b)) > 2:
        return 3  # (more than any limit of nearest: not worth the table)
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        row = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            row[j] = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                row[j] = min(row[j], prev2[j - 2] + 1)
        prev2, prev = prev, row
    return prev[-1]


def _shown(name: str) -> str:
    """A name as a message shows it: every hidden or control character (line breaks and
    tabs too) written as its code point."""
    return "".join(f"<U+{ord(c):04X}>" if c in "\t\n\r" else c for c in visible(name))


def load_game(path: str | Path) -> Game:
    """Read and validate a game file; raise GameFileError on the first problem."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise GameFileError(str(path), "-", f"无法读取文件：{os_error_text(exc)}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise GameFileError(str(path), "-", "文件不是 UTF-8 编码") from None
    deep = too_deep(text)
    if deep is not None:  # (before tomllib, which recurses once per level)
        line, key = deep
        raise GameFileError(
            str(path),
            key,
            f"第 {line} 行：数组或内联表嵌套太深（超过 {MAX_NESTING} 层），游戏文件用不到这么多层",
        )
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _syntax_error(path, text, str(exc)) from None
    except RecursionError:  # (too_deep should have found it first)
        raise GameFileError(str(path), "-", "数组或内联表嵌套太深") from None
    return parse_game(data, path, lines=key_lines(text))


def _syntax_error(path: Path, text: str, message: str) -> GameFileError:
    """A TOML syntax error as the director reads it: a date or time that does not exist
    (2026-13-20, 2026-02-30, 25:00) named with its key and line, as what it is (tomllib
    says only that the line goes on after a value); else :func:`_toml_error`."""
    m = re.search(r"\(at line (\d+), column \d+\)", message)
    if m is not None:
        line = int(m.group(1))
        written = text.splitlines()[line - 1] if line <= len(text.splitlines()) else ""
        value = written.split("=", 1)[1] if "=" in written else ""
        problem = date_problem(value.split("#", 1)[0])
        if problem is not None:
            key = next((k for k, n in key_lines(text).items() if n == line and "=" in written), "-")
            return GameFileError(str(path), key, f"第 {line} 行：{problem}")
    return GameFileError(str(path), "-", _toml_error(message))


#: A date, maybe with a time and an offset, as a director may write one (one or two digits
#: where TOML wants two, the seconds maybe left out): what :func:`date_problem` reads.
_DATE = re.compile(
    r"(?P<y>\d{4})-(?P<mo>\d{1,2})-(?P<d>\d{1,2})"
    r"(?:[Tt ](?P<h>\d{1,2}):(?P<mi>\d{1,2})(?::(?P<s>\d{1,2}))?(?:\.\d+)?)?"
    r"(?P<off>[Zz]|[+-]\d{1,2}(?::?\d{2})?)?"
)


def date_problem(value: str) -> str | None:
    """What is wrong with a date or time written as ``value`` (a TOML value, quoted or
    not), in Chinese: a month, day, hour, minute, second or offset that does not exist, or
    a form TOML does not read (one digit, no seconds, +0800); None when no date is
    there or nothing of this kind is wrong."""
    m = _DATE.search(value.strip().strip("\"'"))
    if m is None:
        return None
    written, day = m.group(0), f"{m['y']}-{m['mo']}-{m['d']}"
    example = "例如 2026-11-20T09:00:00+08:00"
    y, mo, d = int(m["y"]), int(m["mo"]), int(m["d"])
    if not 1 <= mo <= 12:
        return f"日期 {day} 不存在：没有 {mo} 月（月份是 01 到 12）"
    days = calendar.monthrange(y, mo)[1]
    if not 1 <= d <= days:
        return f"日期 {day} 不存在：{y} 年 {mo} 月只有 {days} 天"
    if m["h"] is not None:
        h, mi, sec = int(m["h"]), int(m["mi"]), int(m["s"] or 0)
        if h > 23:
            return f"时间 {written} 不存在：小时是 00 到 23"
        if mi > 59:
            return f"时间 {written} 不存在：分钟是 00 到 59"
        if sec > 59:
            return f"时间 {written} 不存在：秒是 00 到 59"
    off = m["off"]
    if off and off not in "Zz":
        oh, om = int(off[1:].split(":")[0][:2]), int(off.replace(":", "")[-2:])
        if len(off.replace(":", "")) != 5 or ":" not in off:
            return f"时间 {written} 的时区要写成 +08:00 这样（带冒号的两位小时和分钟）：{example}"
        if oh > 23 or om > 59:
            return f"时间 {written} 的时区 {off} 不存在（时区是 -23:59 到 +23:59，{example}）"
    if any(len(m[g]) != 2 for g in ("mo", "d", "h", "mi", "s") if m[g] is not None):
        return f"时间 {written} 的写法不对：月、日、时、分、秒都要写两位数（{example}）"
    if m["h"] is not None and m["s"] is None:
        return f"时间 {written} 要写到秒（{example}）"
    return None


def _skip_string(text: str, i: int, line: int, line_start: int) -> tuple[int, int, int]:
    """Past the TOML string starting at ``i`` (basic or literal, one line or three quotes):
    (the index after it, the line and line start there)."""
    n, c = len(text), text[i]
    quote = c * 3 if text.startswith(c * 3, i) else c
    j = i + len(quote)
    while j < n and not text.startswith(quote, j):
        if text[j] == "\n":
            if len(quote) == 1:
                break  # (an unclosed string: tomllib says so)
            line, line_start = line + 1, j + 1
        j += 2 if c == '"' and text[j] == "\\" else 1
    return j + len(quote), line, line_start


def _table_header(text: str, i: int, arrays: dict[str, int]) -> tuple[str, int]:
    """The table a header line at ``i`` opens, named as :func:`parse_game` names it
    (``thread[2]`` for the second [[thread]], ``day[1].phase[2]`` for the second
    [[day.phase]] of the first day), and where its line ends.  ``arrays`` counts the
    arrays of tables seen so far (by their parent's name)."""
    n = len(text)
    end = text.find("\n", i)
    header = text[i : n if end < 0 else end].split("#", 1)[0].strip()
    name = _key_name(header.strip("[] \t"))
    *parents, last = name.split(".")
    path = ""
    for part in parents:  # (a table under an array of tables is under its last item)
        path = f"{path}.{part}" if path else part
        if arrays.get(path):
            path = f"{path}[{arrays[path]}]"
    name = f"{path}.{last}" if path else last
    if header.startswith("[["):
        arrays[name] = arrays.get(name, 0) + 1
        name = f"{name}[{arrays[name]}]"
    return name, n if end < 0 else end


def _key_name(written: str) -> str:
    """A key as the game file wrote it (quoted, dotted, spaced) as a message names it."""
    return re.sub(r"\s*\.\s*", ".", written.replace('"', "").replace("'", "").strip())


def too_deep(text: str, limit: int = MAX_NESTING) -> tuple[int, str] | None:
    """Where arrays and inline tables first nest deeper than ``limit`` in a TOML text: the
    line and the key they belong to (``rules.x``, ``thread[2].lastwords``), or None.

    A scan of the text, not a parse: strings and comments are skipped, table headers
    counted, so the key can be named where tomllib would only overflow its recursion."""
    return _scan(text, limit)[0]


def key_lines(text: str) -> dict[str, int]:
    """The line of each table header and key of a TOML text, by the name
    :func:`parse_game` gives it (``game``, ``game.tag``, ``day[2].opens``): given to
    :func:`parse_game`, an error about a key says where it is.  The first line wins for a
    name written twice."""
    return _scan(text, MAX_NESTING)[1]


def _scan(text: str, limit: int) -> tuple[tuple[int, str] | None, dict[str, int]]:
    """:func:`too_deep`'s answer (the scan stops there) and :func:`key_lines`' so far."""
    depth, i, n, line = 0, 0, len(text), 1
    table, key, line_start = "", "", 0
    arrays: dict[str, int] = {}  # [[name]] seen so far, for thread[2]
    lines: dict[str, int] = {}
    while i < n:
        c = text[i]
        if c == "\n":
            line, line_start = line + 1, i + 1
        elif c == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif c in "\"'":
            i, line, line_start = _skip_string(text, i, line, line_start)
            continue
        elif c == "[" and depth == 0 and not text[line_start:i].strip():
            (table, i), key = _table_header(text, i, arrays), ""
            lines.setdefault(table, line)
            continue
        elif c in "[{":
            depth += 1
            if depth > limit:
                return (line, ".".join(k for k in (table, key) if k) or "-"), lines
        elif c in "]}":
            depth = max(0, depth - 1)
        elif c == "=" and depth == 0:
            key = _key_name(text[line_start:i])
            lines.setdefault(f"{table}.{key}" if table else key, line)
        i += 1
    return None, lines


#: tomllib's messages (Python 3.11–3.13), said in Chinese: the start of each.
_TOML_SAID = (
    ("Unclosed array", "数组的方括号 [ 没有闭合"),
    ("Unclosed inline table", "内联表的花括号 { 没有闭合"),
    ("Expected '=' after a key", "键的后面缺少 = 号"),
    ("Invalid value", "值无法识别（字符串要加引号，true/false 要小写）"),
    ("Unterminated string", "字符串的引号没有闭合"),
    ('Expected "\'"', "字符串的引号没有闭合"),
    ("Illegal character '\\n'", "字符串的引号没有闭合（字符串不能跨行）"),
    ("Illegal character", "有不允许的字符"),
    ("Cannot overwrite a value", "同一个键写了两次"),
    ("Cannot declare", "同一个表写了两次（[[…]] 才是可以重复的表）"),
    (
        "Expected newline or end of document",
        "一行只能写一个键值（或者值的写法不对）",
    ),
    ("Unescaped '\\'", "字符串里的反斜杠 \\ 要写成 \\\\（或改用单引号）"),
    ("Expected ']' at the end of a table", "表名的方括号 ] 没有闭合"),
    ("Expected ']]' at the end of an array", "[[…]] 的方括号没有闭合"),
    ("Invalid statement", "这一行不是 键 = 值（中文的键名要加引号）"),
    ("Invalid initial character for a key", "键名的写法不对（中文的键名要加引号）"),
    ("Invalid date or datetime", "日期或时间不存在"),
)


def _toml_error(message: str) -> str:
    """tomllib's English message in Chinese, led by where it is (the English kept only
    for a message not in :data:`_TOML_SAID`)."""
    m = re.search(r"\(at line (\d+), column (\d+)\)", message)
    where = f"第 {m.group(1)} 行第 {m.group(2)} 列附近" if m else ""
    if m is None and "end of document" in message:
        where = "文件末尾"
    lead = f"{where}有 " if where else ""
    said = next((zh for en, zh in _TOML_SAID if message.startswith(en)), None)
    if said is not None:
        return f"{lead}TOML 语法错误：{said}"
    return f"{lead}TOML 语法错误（请检查引号、括号和 = 号；原文：{message}）"


def parse_game(data: Mapping[str, Any], path: Path, lines: KeyLines | None = None) -> Game:
    r = _Reader(path, lines=lines)
    r.no_unknown(
        data, "", ("game", "forum", "players", "thread", "day", "event", "rules", "correction")
    )

    g = r.table(data, "game", required=True)
    r.no_unknown(
        g,
        "game",
        (
            "name",
            "ruleset",
            "timezone",
            "directors",
            "spectators",
            "store",
            "decided_by",
            "tag",
            "report_name",
            "leaving",
        ),
    )
    name = r.str_(g, "game.name", "name", required=True)
    ruleset = r.str_(g, "game.ruleset", "ruleset", required=True)
    assert name is not None and ruleset is not None
    if ruleset not in PRESETS:
        raise r.fail("game.ruleset", f"未知的规则集 {ruleset!r}；可用：{preset_listing()}")
    tzname = r.str_(g, "game.timezone", "timezone", default="Asia/Shanghai")
    try:
        tz: tzinfo = ZoneInfo(tzname or "Asia/Shanghai")
    except (ZoneInfoNotFoundError, ValueError, OSError):  # "Asia" is a folder: OSError
        raise r.fail("game.timezone", f"未知的时区 {tzname!r}（例如 Asia/Shanghai）") from None
    r.tz = tz
    directors = r.names(g, "game.directors", "directors")
    spectators = r.names(g, "game.spectators", "spectators")
    store, store_named = _store(r, g, path)

    forum = _parse_forum(r, r.table(data, "forum", required=True), path)

    players, uids, seats, aliases = _parse_players(r, data, (*directors, *spectators))

    tag = r.str_(g, "game.tag", "tag")
    if forum.board is not None and tag is None:
        raise r.fail("game.tag", '指定了 forum.board 时必填：每个游戏帖标题都带的标签，例如 "M107"')
    days = _parse_days(r, data.get("day", []))
    # with a board, days may come from the forum: a thread's day needs no [[day]] here
    day_numbers = {d.number for d in days} if forum.board is None else None
    threads = _parse_threads(
        r, data.get("thread", []), day_numbers, set(players), required=forum.board is None
    )
    events = _parse_events(r, data.get("event", []), set(players))
    corrections = _parse_corrections(r, data.get("correction", []), set(players))

    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise r.fail("rules", "应当是表，例如 [rules.LURK-DAY]")

    decided_by = r.str_(g, "game.decided_by", "decided_by")
    if decided_by is not None and decided_by.strip() not in directors:
        raise r.fail(
            "game.decided_by",
            f"{decided_by} 不在 directors（{'、'.join(directors) or '空'}）里：只有导演可以做决定",
        )

    return Game(
        path=path,
        name=name,
        ruleset=ruleset,
        timezone=tz,
        directors=directors,
        spectators=spectators,
        store=store,
        store_named=store_named,
        forum=forum,
        players=players,
        uids=uids,
        threads=threads,
        days=days,
        events=events,
        rules=rules,
        corrections=corrections,
        decided_by=decided_by.strip() if decided_by else None,
        tag=tag,
        report_name=_report_name(r, g),
        leaving=r.names(g, "game.leaving", "leaving"),
        seats=seats,
        aliases=aliases,
    )


def _parse_players(
    r: _Reader, data: Mapping[str, object], others: tuple[str, ...]
) -> tuple[tuple[str, ...], dict[str, int], tuple[str, ...], dict[str, str]]:
    """``[players]``: the names, their uids, the seat list and the aliases (``others``: the
    directors and spectators, whose names no player or alias may take)."""
    p = r.table(data, "players", required=True)
    r.no_unknown(p, "players", ("names", "uids", "seats", "aliases"))
    players = r.names(p, "players.names", "names")
    if not players:
        raise r.fail("players.names", "至少需要一名玩家")
    for n in players:
        if n in others:
            raise r.fail("players.names", f"{n} 同时是玩家和导演/观众")
    uids_raw = p.get("uids", {})
    if not isinstance(uids_raw, dict):
        raise r.fail("players.uids", '应当是表，例如 { "饺子" = 2 }')
    uids: dict[str, int] = {}
    for n, uid in uids_raw.items():
        if n not in players:
            raise r.fail(f"players.uids.{n}", "不是玩家名单里的名字")
        if isinstance(uid, bool) or not isinstance(uid, int) or uid <= 0:
            raise r.fail(f"players.uids.{n}", "uid 应当是正整数")
        uids[n] = uid
    by_uid: dict[int, str] = {}
    for n, uid in uids.items():
        if uid in by_uid:
            raise r.fail(
                f"players.uids.{n}", f"uid {uid} 已经属于 {by_uid[uid]}：一个 uid 只能是一名玩家"
            )
        by_uid[uid] = n

    seats = _parse_seats(r, p, players)
    aliases = _parse_aliases(r, p, players, others)
    return players, uids, seats, aliases


# a seat written as a name: 7号, ７号, 七号, 7 (auditor.game.roster reads them)
_SEAT_LIKE = re.compile(r"[0-9０-９一二三四五六七八九十两]+\s*[号號]?位?")


def _parse_seats(r: _Reader, p: Mapping[str, object], players: tuple[str, ...]) -> tuple[str, ...]:
    """``[players] seats``: every player once, in seat order (the director's seat list, as
    the sign-up thread gives it: 「7号」 names the seventh)."""
    if "seats" not in p:
        return ()
    seats = r.names(p, "players.seats", "seats")
    stray = [n for n in seats if n not in players]
    if stray:
        raise r.fail("players.seats", f"{'、'.join(stray)} 不在 players.names 里：座位表只写玩家")
    if len(seats) != len(players):
        missing = [n for n in players if n not in seats]
        raise r.fail(
            "players.seats",
            f"座位表有 {len(seats)} 个座位，玩家有 {len(players)} 名："
            f"缺少 {'、'.join(missing)}（按座位顺序写出每一名玩家，1号在最前）",
        )
    return seats


def _parse_aliases(
    r: _Reader, p: Mapping[str, object], players: tuple[str, ...], others: tuple[str, ...]
) -> dict[str, str]:
    """``[players.aliases]``: player = [other names]; an alias names exactly one player and
    is no one's forum name."""
    raw = p.get("aliases", {})
    if not isinstance(raw, dict):
        raise r.fail("players.aliases", '应当是表，例如 [players.aliases] 夏天 = ["小夏"]')
    out: dict[str, str] = {}
    for player, words in raw.items():
        key = f"players.aliases.{player}"
        if player not in players:
            raise r.fail(key, "不是玩家名单里的名字")
        if isinstance(words, str):
            words = [words]
        for alias in r.names({"a": words}, key, "a"):
            if alias in players or alias in others:
                raise r.fail(key, f"“{alias}”已经是论坛上的用户名，不能再当别名")
            if _SEAT_LIKE.fullmatch(alias):
                raise r.fail(key, f"“{alias}”是座位号：座位请写在 [players] seats 里")
            if out.get(alias, player) != player:
                raise r.fail(
                    key, f"别名“{alias}”同时指 {out[alias]} 和 {player}：一个别名只能指一名玩家"
                )
            out[alias] = player
    return out


def _store(r: _Reader, g: Mapping[str, object], path: Path) -> tuple[Path, bool]:
    """The game's store, and whether ``[game] store`` names it (else it is the game file's
    name with .sqlite)."""
    store_name = r.str_(g, "game.store", "store")
    store = (path.parent / store_name) if store_name else path.with_suffix(".sqlite")
    if store_name is not None and (store_name.endswith(("/", "\\")) or store.is_dir()):
        raise r.fail("game.store", f"{store} 是一个文件夹：应当是数据库文件名，例如 m107.sqlite")
    return store, store_name is not None


def _parse_forum(r: _Reader, f: dict[str, Any], path: Path) -> ForumConfig:
    r.no_unknown(
        f,
        "forum",
        (
            "url",
            "pages",
            "cookies",
            "delay",
            "refetch_hours",
            "api",
            "ppp",
            "deadline",
            "max_page_mb",
            "board",
            "maxpostsize",
            "post_cookies",
        ),
    )
    url = r.str_(f, "forum.url", "url")
    pages = r.str_(f, "forum.pages", "pages")
    if not url and not pages:
        raise r.fail("forum", "需要 url（论坛地址）或 pages（保存页面的目录）")
    # With pages, url is used for the links in the report and announcement only.
    if url is not None:
        if not url.startswith(("http://", "https://")):
            raise r.fail("forum.url", "应当以 http:// 或 https:// 开头")
        if _UNSAFE_URL.search(url):
            raise r.fail("forum.url", "不能含空格、引号、尖括号或方括号")
        if not url.endswith("/"):
            url += "/"
    pages_dir = (path.parent / pages) if pages else None
    if pages_dir is not None and not pages_dir.is_dir():
        raise r.fail("forum.pages", f"目录不存在：{pages_dir}")
    cookies = _cookie_source(r, f, path, "cookies")
    return ForumConfig(
        url=url,
        pages=pages_dir,
        cookies=cookies,
        delay=r.ranged(f, "forum.delay", "delay", 1.0, 0, 600),
        refetch_hours=r.ranged(f, "forum.refetch_hours", "refetch_hours", 48.0, 0, 24 * 365),
        api=_api_choice(r, f),
        ppp=_ppp(r, f),
        deadline=r.ranged(f, "forum.deadline", "deadline", 120.0, 1, 3600),
        max_page_mb=r.ranged(f, "forum.max_page_mb", "max_page_mb", 8.0, 0.1, 1024),
        board=_board(r, f),
        maxpostsize=_maxpostsize(r, f),
        post_cookies=_cookie_source(r, f, path, "post_cookies"),
    )


def _cookie_source(
    r: _Reader, f: Mapping[str, object], path: Path, key: str
) -> CookieSource | None:
    """``cookies`` or ``post_cookies``: a cookies file beside the game file, or a raw Cookie
    line (a secret, never echoed back)."""
    value = r.str_(f, f"forum.{key}", key)
    if not value:
        return None
    if looks_like_cookie_line(value):
        return CookieLine(value)
    cookies = path.parent / value
    if not cookies.is_file():
        # (named only when it reads as a file name: a Cookie value pasted without its
        # name= is a secret all the same)
        named = f"：{cookies}" if _FILE_NAME.fullmatch(value) else "（内容不显示）"
        raise r.fail(
            f"forum.{key}",
            f"文件不存在{named}；应为 cookies.txt 这样的文件名，或一行 name=value; … 的 Cookie",
        )
    return cookies


#: A cookies file's name as a director writes it (a path ending in .txt): only such a value
#: is echoed in an error.
_FILE_NAME = re.compile(r"[^\s;=]{1,200}\.txt", re.IGNORECASE)


def _board(r: _Reader, f: dict[str, Any]) -> int | None:
    """The board's fid: a number, or a board URL (forumdisplay&fid=F or forum-F-P.html)."""
    value = f.get("board")
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return value
    if isinstance(value, str):
        fid = as_id(value.strip()) or forum_id(value.strip())
        if fid:
            return fid
    raise r.fail(
        "forum.board", "应当是版块的 fid（如 2）或版块地址（forum.php?mod=forumdisplay&fid=2）"
    )


def _report_name(r: _Reader, g: dict[str, Any]) -> str | None:
    value = r.str_(g, "game.report_name", "report_name")
    if value is None:
        return None
    value = value.strip()
    if not value or value in (".", "..") or re.search(r"[\\/:*?\"<>|\x00-\x1f]", value):
        raise r.fail(
            "game.report_name", '应当是一个文件夹名（不含 / \\ : * ? " < > |），例如 s2-m107'
        )
    return value


def _ppp(r: _Reader, f: dict[str, Any]) -> int:
    value = f.get("ppp", 10)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 1000:
        raise r.fail("forum.ppp", "应当是 1 到 1000 之间的整数（论坛每页的帖子数）")
    return value


#: The largest maxpostsize taken: pre_forum_post.message is a MEDIUMTEXT.  The smallest
#: (but 0, no limit) leaves an announcement part room for a line of links.
MAXPOSTSIZE_RANGE = (200, 16777215)


def _maxpostsize(r: _Reader, f: Mapping[str, object]) -> int:
    """Discuz!'s maxpostsize (admin: 帖子最大字数): the bytes of a reply as the forum receives
    it; the announcement is cut into parts within it (auditor.report.parts)."""
    value = f.get("maxpostsize", 10000)
    low, high = MAXPOSTSIZE_RANGE
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or not (value == 0 or low <= value <= high)
    ):
        raise r.fail(
            "forum.maxpostsize",
            f"应当是 {low} 到 {high} 之间的整数，或 0（不限制）："
            "论坛后台“帖子最大字数”的值（Discuz! 默认 10000，按字节算）",
        )
    return value


def _api_choice(r: _Reader, f: dict[str, Any]) -> bool | None:
    value = f.get("api", "auto")
    if value == "auto":
        return None
    if not isinstance(value, bool):
        raise r.fail("forum.api", '应当是 true、false 或 "auto"')
    return value


def _items(r: _Reader, value: object, key: str) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise r.fail(key, f"应当写成 [[{key}]] 表数组")
    return value


def _local(t: datetime) -> str:
    """A time as a message about the game file says it (its own offset: 12-05 20:00)."""
    return t.strftime("%m-%d %H:%M")


def _parse_days(r: _Reader, value: object) -> tuple[DaySpec, ...]:
    days: list[DaySpec] = []
    for i, d in enumerate(_items(r, value, "day")):
        key = f"day[{i + 1}]"
        r.no_unknown(d, key, ("number", "opens", "closes", "accelerated", "delayed", "phase"))
        number = r.int_(d, f"{key}.number", "number", required=True)
        opens = r.when(d, f"{key}.opens", "opens", required=True)
        closes = r.when(d, f"{key}.closes", "closes", required=True)
        assert number is not None and opens is not None and closes is not None
        if closes <= opens:
            raise r.fail(
                f"{key}.closes", f"关门时间 {closes.isoformat()} 不晚于开门时间 {opens.isoformat()}"
            )
        phases: list[PhaseSpec] = []
        for j, ph in enumerate(_items(r, d.get("phase", []), f"{key}.phase")):
            pkey = f"{key}.phase[{j + 1}]"
            r.no_unknown(ph, pkey, ("number", "name", "opens", "closes", "vote_thread"))
            pn = r.int_(ph, f"{pkey}.number", "number", required=True)
            po = r.when(ph, f"{pkey}.opens", "opens", required=True)
            pc = r.when(ph, f"{pkey}.closes", "closes", required=True)
            assert pn is not None and po is not None and pc is not None
            said = f"第{number}天的环节{pn}（{_local(po)} 至 {_local(pc)}）"
            if pc <= po:
                raise r.fail(f"{pkey}.closes", f"{said}的关门时间不晚于开门时间")
            if po < opens or pc > closes:
                raise r.fail(
                    pkey,
                    f"{said}超出了这一天的开门/关门时间（{_local(opens)} 至 {_local(closes)}）："
                    "环节要在它那一天之内，改这一天的时间时它的环节要跟着改",
                )
            if phases and po < phases[-1].closes:
                raise r.fail(f"{pkey}.opens", f"{said}与环节 {phases[-1].number} 的时间重叠")
            phases.append(
                PhaseSpec(
                    pn,
                    r.str_(ph, f"{pkey}.name", "name") or f"环节{pn}",
                    po,
                    pc,
                    r.tid(ph, f"{pkey}.vote_thread", "vote_thread"),
                )
            )
        days.append(
            DaySpec(
                number,
                opens,
                closes,
                r.bool_(d, f"{key}.accelerated", "accelerated", False),
                tuple(phases),
                r.bool_(d, f"{key}.delayed", "delayed", False),
            )
        )
    numbers = [d.number for d in days]
    if len(set(numbers)) != len(numbers):
        raise r.fail("day", "重复的天数编号")
    if numbers and sorted(numbers) != list(range(1, len(numbers) + 1)):
        raise r.fail(
            "day",
            f"天数编号应当从 1 开始连续（1 到 {len(numbers)}），现在是 "
            + "、".join(map(str, sorted(numbers))),
        )
    ordered = sorted(days, key=lambda d: d.opens)
    for a, b in itertools.pairwise(ordered):
        if b.opens <= a.closes:
            raise r.fail(
                f"day[{days.index(b) + 1}].opens", f"第 {b.number} 天与第 {a.number} 天的时间重叠"
            )
        if b.number < a.number:
            raise r.fail(f"day[{days.index(b) + 1}].number", "天数编号应当随时间递增")
    return tuple(ordered)


def _parse_threads(
    r: _Reader,
    value: Any,
    day_numbers: set[int] | None,
    players: set[str],
    *,
    required: bool = True,
) -> tuple[ThreadSpec, ...]:
    threads: list[ThreadSpec] = []
    seen: set[int] = set()
    for i, t in enumerate(_items(r, value, "thread")):
        key = f"thread[{i + 1}]"
        r.no_unknown(t, key, ("tid", "url", "kind", "day", "lastwords"))
        tid = r.tid(t, f"{key}.tid", "tid")
        if tid is None:
            url = r.str_(t, f"{key}.url", "url")
            tid = r.tid_value(f"{key}.tid", tid_from_url(url) if url else None)
            if tid is None:
                raise r.fail(f"{key}.tid", "需要 tid，或能看出 tid 的帖子地址 url")
        if tid in seen:
            raise r.fail(f"{key}.tid", f"帖子 {tid} 重复出现")
        seen.add(tid)
        kind_s = r.str_(t, f"{key}.kind", "kind", required=True)
        try:
            kind = ThreadKind(kind_s or "")
        except ValueError:
            raise r.fail(
                f"{key}.kind",
                f"未知的帖子类型 {kind_s!r}；可用：{', '.join(k.value for k in ThreadKind)}",
            ) from None
        day = r.int_(t, f"{key}.day", "day")
        if day is not None and day_numbers is not None and day not in day_numbers:
            raise r.fail(f"{key}.day", f"没有第 {day} 天的 [[day]]")
        lw_raw = t.get("lastwords", {})
        if not isinstance(lw_raw, dict):
            raise r.fail(f"{key}.lastwords", '应当是表，例如 { 123 = "饺子" }（楼层 pid = 玩家）')
        lastwords: dict[int, str] = {}
        for pid_s, player in lw_raw.items():
            pid = as_id(str(pid_s))
            if pid is None:
                raise r.fail(f"{key}.lastwords.{pid_s}", "键应当是帖子 pid")
            if player not in players:
                raise r.fail(f"{key}.lastwords.{pid_s}", f"{player!r} 不是玩家")
            lastwords[pid] = player
        threads.append(ThreadSpec(tid, kind, day, lastwords))
    if not threads and required:
        raise r.fail("thread", "至少需要一个 [[thread]]（或用 forum.board 让帖子从版块列表里发现）")
    return tuple(threads)


def _parse_events(r: _Reader, value: object, players: set[str]) -> tuple[Event, ...]:
    events: list[Event] = []
    for i, e in enumerate(_items(r, value, "event")):
        key = f"event[{i + 1}]"
        r.no_unknown(
            e,
            key,
            ("type", "player", "at", "from", "how", "until", "value", "by", "pid", "announced"),
        )
        type_s = r.str_(e, f"{key}.type", "type", required=True)
        try:
            etype = EventType(type_s or "")
        except ValueError:
            raise r.fail(
                f"{key}.type",
                f"未知的事件类型 {type_s!r}；可用：{', '.join(t.value for t in EventType)}",
            ) from None
        player = r.str_(e, f"{key}.player", "player", required=True)
        assert player is not None
        if player not in players:
            raise r.fail(f"{key}.player", f"{player!r} 不在玩家名单中")
        if (leave := _leave(r, e, key, player, etype)) is not None:
            events.append(leave)
            continue
        at = r.when(e, f"{key}.at", "at", required=etype is not EventType.FACTION)
        how = r.str_(e, f"{key}.how", "how")
        allowed_how = EVENT_HOW.get(etype)
        if allowed_how is not None:
            if how is None:
                how = allowed_how[0] if etype is EventType.SHERIFF else None
                if how is None:
                    raise r.fail(f"{key}.how", f"必填：{' | '.join(allowed_how)}")
            elif how not in allowed_how:
                raise r.fail(f"{key}.how", f"应当是 {' | '.join(allowed_how)} 之一")
        elif how is not None:
            raise r.fail(f"{key}.how", f"{etype.value} 事件没有 how")
        until = _until(r, e, key, etype, at)
        value_s = r.str_(e, f"{key}.value", "value")
        if etype is EventType.FACTION and value_s is None:
            raise r.fail(f"{key}.value", "faction 事件需要 value（阵营名）")
        by = r.str_(e, f"{key}.by", "by")
        if by is not None and by not in players:
            raise r.fail(f"{key}.by", f"{by!r} 不在玩家名单中")
        pid = r.int_(e, f"{key}.pid", "pid")
        announced = r.when(e, f"{key}.announced", "announced")
        if announced is not None and at is not None and announced < at:
            raise r.fail(f"{key}.announced", "公示时间早于事件时间")
        events.append(Event(etype, player, at, how, until, value_s, by, pid, announced))
    out = sorted(events, key=lambda ev: (ev.at is None, ev.at or datetime.min.replace(tzinfo=r.tz)))
    seen_out: dict[str, int] = {}
    for i, ev in enumerate(events):
        if ev.type is EventType.ELIMINATED:
            if ev.player in seen_out:
                twice = _out_twice(events[seen_out[ev.player] - 1], ev)
                raise r.fail(f"event[{i + 1}].player", twice)
            seen_out[ev.player] = i + 1
    return tuple(out)


def _until(
    r: _Reader, e: Mapping[str, object], key: str, etype: EventType, at: datetime | None
) -> datetime | None:
    """A piped event's ``until`` (no other event but a 请假 has one)."""
    until = r.when(e, f"{key}.until", "until")
    if until is not None and (etype is not EventType.PIPED):
        raise r.fail(f"{key}.until", "只有 piped（吹笛）和 leave（请假）事件可以有 until")
    if until is not None and at is not None and until <= at:
        raise r.fail(f"{key}.until", "结束时间不晚于开始时间")
    return until


def _leave(
    r: _Reader, e: Mapping[str, object], key: str, player: str, etype: EventType
) -> Event | None:
    """A granted 请假 (None: another kind of event, which has no ``from``): ``from`` (or
    ``at``) and ``until`` required, ``pid`` the 请假 post (or the director's 准假 reply),
    nothing else."""
    if etype is not EventType.LEAVE:
        if "from" in e:
            raise r.fail(f"{key}.from", "只有 leave（请假）事件写 from；其他事件的时间写 at")
        return None
    for name in ("how", "value", "by", "announced"):
        if name in e:
            raise r.fail(
                f"{key}.{name}", f"请假（leave）事件没有 {name}：只写 player、from、until、pid"
            )
    if "from" in e and "at" in e:
        raise r.fail(f"{key}.from", "from 和 at 只写一个：请假从什么时候开始")
    name = "from" if "from" in e or "at" not in e else "at"
    start = r.when(e, f"{key}.{name}", name)
    if start is None:
        raise r.fail(
            f"{key}.from", "请假（leave）事件要写 from：请假从什么时候开始（例如 2026-12-03T08:30）"
        )
    until = r.when(e, f"{key}.until", "until")
    if until is None:
        raise r.fail(
            f"{key}.until",
            "请假（leave）事件要写 until：请假到什么时候为止（例如 2026-12-05T12:00）",
        )
    if until <= start:
        raise r.fail(f"{key}.until", "请假的结束时间（until）不晚于开始时间（from）")
    pid = r.int_(e, f"{key}.pid", "pid")
    return Event(EventType.LEAVE, player, start, until=until, pid=pid)


def _out_twice(first: Event, ev: Event) -> str:
    """Two eliminations of one player in the file, in the director's words (fh45: not
    「已在 event[2] 出局」)."""
    return (
        f"{ev.player} 出局了两次（{_when_said(first.at)} 和 {_when_said(ev.at)} 各有一条"
        " [[event]] 写他出局），每名角色只能出局一次：删掉或改掉其中错的那一条"
    )


def _when_said(at: datetime | None) -> str:
    return at.strftime("%m-%d %H:%M") if at is not None else "没写时间的"


def _parse_corrections(r: _Reader, value: object, players: set[str]) -> tuple[VoteCorrection, ...]:
    out: list[VoteCorrection] = []
    for i, c in enumerate(_items(r, value, "correction")):
        key = f"correction[{i + 1}]"
        r.no_unknown(c, key, ("pid", "target", "invalid", "note"))
        pid = r.int_(c, f"{key}.pid", "pid", required=True)
        target = r.str_(c, f"{key}.target", "target")
        invalid = r.bool_(c, f"{key}.invalid", "invalid", False)
        assert pid is not None
        if (target is None) == (not invalid):
            raise r.fail(key, '需要 target（改为投给谁，或 "弃权"）或 invalid = true 二者之一')
        if target is not None and target != "弃权" and target not in players:
            raise r.fail(f"{key}.target", f"{target!r} 不在玩家名单中")
        out.append(VoteCorrection(pid, target, invalid, r.str_(c, f"{key}.note", "note") or ""))
    return tuple(out)


def tid_from_url(url: str) -> int | None:
    """The tid of a Discuz! thread URL, plain (tid=N) or rewritten (thread-N-P-1.html)."""
    return thread_id(url)


def hidden_name_warnings(game: Game) -> list[str]:
    """A warning (not an error: the forum name may really hold one) for each player,
    director or spectator name in the game file with a bidi control or a zero-width
    character, shown with those characters made visible (``<U+202E>``)."""
    out: list[str] = []
    for what, names in (
        ("玩家", game.players),
        ("导演", game.directors),
        ("旁观者", game.spectators),
    ):
        for name in names:
            if has_hidden(name):
                out.append(
                    f"游戏文件里的{what}名“{visible(name)}”含有看不见的字符（方向控制符或"
                    "零宽字符）：请核对它和论坛上的用户名一模一样；论坛名确实如此时可忽略。"
                )
    return out


# PIPED-SPEECH's default ``words`` (030 吹笛者：动物叫声限制为以下2种：喵喵，汪汪), here so that
# discovery reads them without loading the rule
DEFAULT_PIPED_WORDS = ("喵", "汪")
