"""What a thread title says: is it this game's (the tag), which kind, which day and phase.

Directors title their threads in many ways (the seeds and the real board):
``[M107] 第二天讨论帖``, ``[M107] 第一天投票帖（警长竞选）``, ``M107『摩天大楼』规则帖``,
``[M107]『摩天大楼』——规则贴``, ``[M107] 进程帖``, ``[M107] 遗言帖``,
``[版杀7] 第一天 环节二 可疑者辩论投票`` (killbar 5 时间分配: 环节一…三 are vote rounds),
``[030] D3 讨论帖``, ``第四天讨论帖（加速日）``.

The tag must stand on its own: ``M107`` is in ``[M107] …`` and ``M107『…』`` but not in
``M1070`` or ``AM107`` (two games on one board); such a near match is a candidate the
director decides, never taken.  Full-width forms (``［Ｍ１０７］``) are the same tag.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from auditor.game.fold import fold
from auditor.game.gamefile import ThreadKind
from auditor.game.lazy import lazy

_CN_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
# the numerals of cheques and old books (第肆日, 拾贰) and 廿 (twenty): the common ones
_FORMAL = str.maketrans("壹贰貳叁參肆伍陆陸柒捌玖拾", "一二二三三四五六六七八九十")


def cn_number(text: str) -> int | None:
    """``3``, ``三``, ``十二``, ``二十一`` → int (up to 99); None otherwise."""
    text = unicodedata.normalize("NFKC", text).strip().translate(_FORMAL)
    text = re.sub(r"^廿", "二十", text)
    if text.isdecimal():
        return int(text)
    if not text or any(c not in _CN_DIGITS and c != "十" for c in text):
        return None
    if "十" in text:
        head, _, tail = text.partition("十")
        tens = _CN_DIGITS.get(head, 0) if head else 1
        if head and head not in _CN_DIGITS:
            return None
        ones = _CN_DIGITS.get(tail, 0) if tail else 0
        if tail and (tail not in _CN_DIGITS or len(tail) > 1):
            return None
        return tens * 10 + ones
    if len(text) == 1:
        return _CN_DIGITS[text]
    return None


NUM = r"(?:\d{1,2}|[一二两三四五六七八九十壹贰叁肆伍陆柒捌玖拾廿]{1,3})"
# D1 / Day 2 stand apart from other letters and digits, not from the words after them
# (D1讨论, [030]D2投票: a CJK letter is a word character to \b)
DAY_LABEL = rf"第\s*({NUM})\s*[天日]|(?<![A-Za-z0-9])(?:D|Day)\s*(\d{{1,2}})(?![0-9A-Za-z])"
_DAY = lazy(DAY_LABEL, re.I)
# A director who tells the game as a story numbers its days as a book's parts (第一章 讨论帖,
# 第二回, 第三幕, 第二篇, 第三局): a day, when the title says no 天 / 日 (【第二局】第一天讨论帖
# is a series' second game, its first day)
# A title's ordinal in any counter word is its day when it names no 天 / 日: a radio show's
# episodes (第2期), a court's hearings (第三审), rounds, sittings, stages (第N轮 / 场 / 站 /
# 集 / 话); when it does name a 天 / 日, a 版杀7 title's other ordinal is the day's 环节
# (第一日·第二审, 5 时间分配: each 环节 a vote round)
# 轮 and 场 count rounds as often as days — a vote's second round (第二轮投票（PK）), a day's
# sittings (第3场 讨论) — so they name no day by themselves: such a thread is undated, its day
# the one its opening post names or the director's answer; nor does any counter word in a
# runoff's title (PK, 对决, 加赛, 复投…: a vote inside a day, never a day of its own)
# (第二回合 is a round, as 轮 is: no chapter's 回)
CHAPTER_LABEL = rf"第\s*({NUM})\s*(?:[章幕篇局期审站集话]|回(?!合))"
_CHAPTER = lazy(CHAPTER_LABEL)
_RUNOFF = lazy(r"(?i)pk|对决|加赛|复投|重投|再投|决胜|平票|高票")
# 版杀7's running number beside a named day, in any counter word a director counts the
# day's vote rounds by (第一日·第二审, 第一天 第二轮, 第一日 第一回合, 第二日 第三局): the 环节
_PHASE = lazy(rf"环节\s*({NUM})|第\s*({NUM})\s*(?:回合|阶段|[审轮场章回幕篇局期站集话盘节关])")
# ... or after its day label and a dash (D1-2, Day 2-1, 第一天-3, 第1日·2): the day's Nth 环节 — a
# dash of a day is no date (12-01 has no D / 天 before it)
_DASHED_PHASE = lazy(
    rf"(?:(?<![A-Za-z0-9])(?:D|Day)\s*\d{{1,2}}|第\s*{NUM}\s*[天日])\s*[-－–—_.·・]\s*({NUM})"
    r"(?![0-9A-Za-z]|\s*[天日月号点时:：])",
    re.I,
)
# 版杀7 4.1.2 (seed 002): 采用1-3轮投票制…分别为试探性投票、可疑者辩论投票和高票对决投票 — a
# title that names its day and a round by the seed's own name is that 环节 (第一天 可疑者辩论投票);
# only the seed's whole names: 对决 / PK alone is any runoff, numbered by the day's order
_SEED_ROUNDS = ((lazy(r"试探"), 1), (lazy(r"可疑者"), 2), (lazy(r"高票\s*对决"), 3))
# A title that names its day by the calendar only (``[M39] 12月3日 投票``): the date, mapped
# to a day by the game's own words or the threads' date order (discover._dated_by_title)
_DATE = lazy(rf"(?<![0-9])({NUM})\s*月\s*({NUM})\s*[日号]")

# Kind words in the order they are tried: the first that fits wins (a vote thread titled
# 第一天投票帖（警长竞选） is a vote thread; 遗言 before 讨论 for 遗言讨论帖).
KIND_WORDS: dict[str, tuple[tuple[ThreadKind, tuple[str, ...]], ...]] = {
    "default": (
        (ThreadKind.LASTWORDS, ("遗言", "last words")),
        (ThreadKind.RULES, ("规则", "rules")),
        (
            ThreadKind.PROCESS,
            (
                "进程",
                "流程帖",
                "流程贴",
                "公告帖",
                "公告贴",
                "公示帖",
                "公示贴",
                "进程日志",
                "游戏日志",
                "值班日志",
                "announcements",
            ),
        ),
        (ThreadKind.VOTE, ("投票", "警长竞选", "竞选警长", "票选", "vote", "voting")),
        (ThreadKind.DISCUSSION, ("讨论", "discussion")),
    ),
    # killbar7 6.3: 游戏室 threads; 环节一…三 are vote rounds (5 时间分配), 灌水贴 is not counted
    "killbar7": (
        (ThreadKind.LASTWORDS, ("遗言",)),
        (ThreadKind.RULES, ("规则",)),
        (ThreadKind.PROCESS, ("进程", "进程提示", "公告", "日志")),
        (ThreadKind.VOTE, ("投票", "对决", "环节")),
        (ThreadKind.DISCUSSION, ("讨论", "夜谈", "夜聊")),
    ),
}
# killbar7 6(seed 002): 前一天黑夜的发贴数量…计算到后一天的第一个游戏环节 — a night's thread
# (第1夜 夜谈) is a discussion thread of the next day
# (or in English, as a day's D1 / day1 is: [night1] 杀人贴 & 遗言, Night 2)
_NIGHT = lazy(rf"第\s*({NUM})\s*[夜晚]|(?<![A-Za-z0-9])night\s*(\d{{1,2}})(?![0-9A-Za-z])", re.I)
# Words that make a title not a game thread even with the tag (listed for the director).
NOT_GAME = ("灌水", "揭秘", "树洞", "报名", "复盘", "观众", "幕后", "花絮", "吐槽", "旁听", "chat")


# Titles are read several times a night (the game file opened, the crawl, the key of the
# discovery, the discovery): each pure reading of one title is done once per process.
_TITLES = 4096


# the first of a count said without 第 (头一场, 头一天, 首轮, 首夜): its ordinal, 第一 — as 首日 /
# 头天 are (:data:`_BARE_DAY`); a count's first unit only, never 头一回 (the first time) nor 首页
FIRST_ORDINAL = lazy(r"(?:头\s*一|首)(?=\s*[天日夜晚场轮局])")


@lru_cache(maxsize=_TITLES)
def normalise(text: str) -> str:
    """NFKC, traditional characters as simplified (討論串 → 讨论串, 投票帖 as written),
    English kind words in lower case, so one table reads them all, and a first said
    without 第 as 第一 (头一场·讨论 → 第一场·讨论: :data:`FIRST_ORDINAL`)."""
    return FIRST_ORDINAL.sub(
        "第一",
        re.sub(
            r"(?i)\b(?:last\s+words|rules|announcements|vote|voting|discussion)\b",
            lambda m: m.group(0).lower(),
            fold(text),
        ),
    )


@dataclass(frozen=True, slots=True)
class TagMatch:
    exact: bool  # the tag stands alone in the title
    near: bool  # the tag's text is there, but glued to other letters or digits


def bare_tag(tag: str) -> str:
    """The tag without the brackets a director may copy from the titles with it
    (``[测试]``, ``【测试】``): titles bracket their tags in several ways (issue 30)."""
    t = normalise(tag).strip()
    m = re.fullmatch(r"[\[【(「『<《〔]\s*(.+?)\s*[\]】)」』>》〕]", t)
    return m[1] if m else t


@lru_cache(maxsize=_TITLES)
def match_tag(subject: str, tag: str) -> TagMatch:
    s, t = normalise(subject).casefold(), bare_tag(tag).casefold()
    if not t:
        return TagMatch(False, False)
    exact = near = False
    for m in re.finditer(re.escape(t), s):
        before = s[m.start() - 1] if m.start() > 0 else ""
        after = s[m.end()] if m.end() < len(s) else ""
        glued = (before.isascii() and before.isalnum() and t[0].isalnum()) or (
            after.isascii() and after.isalnum() and t[-1].isalnum()
        )
        if glued:
            near = True
        else:
            exact = True
    return TagMatch(exact, near and not exact)


@dataclass(frozen=True, slots=True)
class TitleInfo:
    kind: ThreadKind | None
    day: int | None
    phase: int | None
    accelerated: bool
    why: str  # the words that decided (shown to the director)
    # a discussion or vote title that names no day (春之章 · 讨论): its kind, for the day
    # its opening post names (:func:`opening_day`)
    undated: ThreadKind | None = None
    date: tuple[int, int] | None = None  # (month, day) a title names its day by


def title_date(s: str) -> tuple[int, int] | None:
    """The one calendar date a title names (``12月3日``, ``十二月三日``), else None."""
    found = {(cn_number(m.group(1)), cn_number(m.group(2))) for m in _DATE.finditer(s)}
    if len(found) != 1:
        return None
    month, day = found.pop()
    if month is None or day is None or not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    return month, day


def a_runoff(s: str) -> bool:
    """Whether a title or clause names a runoff (第二轮投票（PK）, 加赛, 平票复投: a vote
    inside a day, never a day of its own; :data:`_RUNOFF`)."""
    return bool(_RUNOFF.search(s))


# A day label without 第, as a title's word of its own (``[M39] 首日·议``, ``次日·决``,
# ``三日·议``, ``【四天】``): 首日 / 头天 the first, 次日 the second (the first's next), a
# numeral's 日 / 天 the day it counts.  A word of its own only: between the title's separators,
# never a date's 日 (十二月三日, 3日) nor a span (三日游, 三天后, 三天内).
_BARE_DAY = lazy(
    r"(?:^|(?<=[\s·・•\[【(（\]】)）|｜/\-—:：]))"
    r"(首|头|次|[二两三四五六七八九十]{1,3})\s*[日天]"
    r"(?=\s*(?:[·・•\[【(（\]】)）|｜/\-—:：]|$))"
)
_BARE_ORDINAL = {"首": 1, "头": 1, "次": 2}


def _day_of(s: str) -> int | None:
    """The day a title names: 第N天 / D2, else a story's 第N章 or a show's 第N期 — not a
    round's 第N轮 / 第N场, nor any counter word in a runoff's title (:data:`_RUNOFF`) —
    else a day label without 第 (:data:`_BARE_DAY`)."""
    m = _DAY.search(s)
    if m:
        return cn_number(m.group(1) or m.group(2))
    if a_runoff(s):
        return None
    cm = _CHAPTER.search(s)
    if cm:
        return cn_number(cm.group(1))
    if not _a_series_label(s):
        return None
    found = {
        _BARE_ORDINAL.get(b.group(1)) or cn_number(b.group(1))
        for b in _BARE_DAY.finditer(s.strip())
    }
    return found.pop() if len(found) == 1 else None


# what makes a bare 三天 / 次日 a span or a date, never a day label: a month, a count down
# (倒计时：三天, 还剩 三天, 活动预告·十二月·三日)
_SPAN_BEFORE = lazy(r"月|剩|倒计时|倒数")


def _a_series_label(s: str) -> bool:
    """Whether a bare day label (首日 / 次日 / 三日) stands as a series' title: the label with
    at most a two-character word of the director's beside it, brackets aside (首日·议, 次日·决,
    【四天】) — not a notice's or a holiday's title (停服通知 | 次日, 元旦 · 三天 · 假期) — and
    no month or count down before it."""
    m = _BARE_DAY.search(s.strip())
    if m is None or _SPAN_BEFORE.search(s.strip()[: m.start()]):
        return False
    return sum(len(w) for w in _beside(s)) <= 2


def _beside(s: str) -> list[str]:
    """The words a title (its tag removed) says beside its day labels, brackets aside."""
    s = _DAY.sub(" ", s)
    s = _BARE_DAY.sub(" ", s.strip())
    s = _BRACKETED.sub(" ", s)
    return [w for w in re.split(r"[\s·・•\-—|｜:：/,，]+", s) if w]


_BRACKETED = lazy(r"[\[【［(（「『][^\]】］)）」』]*[\]】］)）」』]")
# words beside a 版杀7 day that name no vote round: chat, spectators, a death notice, notes,
# the night falling, a month or a year (第一日 闲聊, 第二日 观战, 第二日·死讯, 2026年3月 第二日,
# 2026 第二日); a train's or a flight's number beside it is the series' name, no date (K7次·第1天·青石站)
_NOT_A_ROUND = lazy(
    r"聊|水|场外|观战|旁观|死讯|讣告|说明|补充|公告|通知|闭眼|天黑|遗言|复盘|总结|吐槽|"
    r"[年月0-9０-９]"
)
# a train's, a flight's or a bus's number (K7次, CA1234班, G2号): letters and digits with the word
# that makes them a service — the series' name beside its day, neither a round nor a date (12.3,
# G2 and 1204 alone are no name: read as the day's thread)
_SERIES = lazy(r"^[A-Za-z]+[0-9]+[次号班]$")


def _untagged(subject: str, tag: str | None) -> str:
    """The title normalised, its tag removed (so a tag such as ``版杀7`` or ``M107`` is read
    as neither a day nor a code)."""
    s = normalise(subject)
    return re.sub(re.escape(bare_tag(tag)), " ", s, flags=re.I) if tag else s


# 轮 / 场 a title counts by (第1轮 讨论帖): a day only when the whole game counts by it
# (discover._counted_by_title), never by the title alone
_COUNTED = lazy(rf"第\s*({NUM})\s*([轮场])")


def title_count(subject: str, tag: str | None = None) -> tuple[str, int] | None:
    """(counter word, number) of a title that counts by 轮 / 场 and names no 天 / 日, no
    other counter word and no runoff (第二轮投票（PK） is a vote inside a day)."""
    s = normalise(subject)
    if tag:
        s = re.sub(re.escape(bare_tag(tag)), " ", s, flags=re.I)
    if _DAY.search(s) or _CHAPTER.search(s) or a_runoff(s) or _NIGHT.search(s):
        return None
    found = {(m.group(2), cn_number(m.group(1))) for m in _COUNTED.finditer(s)}
    if len(found) != 1:
        return None
    word, n = found.pop()
    return (word, n) if n else None


def _night_day(s: str, ruleset: str, kind: ThreadKind | None) -> int | None:
    """版杀7's night thread (第1夜 夜谈): the next day's (:data:`_NIGHT`)."""
    if ruleset != "killbar7" or kind is not ThreadKind.DISCUSSION:
        return None
    nm = _NIGHT.search(s)
    night = cn_number(nm.group(1) or nm.group(2)) if nm else None
    return night + 1 if night is not None else None


def _a_killbar_night(s: str, ruleset: str) -> bool:
    """版杀7's night thread (第一夜·杀人贴与遗言): 4.2 and 6.2 (6) make its posts the next
    day's first 环节, whatever else it holds (the seed has no separate 遗言 thread)."""
    return ruleset == "killbar7" and _NIGHT.search(s) is not None and not _DAY.search(s)


# a title whose own kind is the last words (第一夜 遗言帖), no night's action beside it (杀人贴与遗言
# is 版杀7's night thread, 4.2): a 遗言帖, whatever night it names
_LASTWORDS_OWN = lazy(r"遗言\s*(?:帖|贴|楼|区)")
_NIGHT_ACTION = lazy(r"杀|刀|行动|夜谈|技能")


def _lastwords_own(s: str) -> bool:
    untagged = re.sub(r"[\[【][^\]】]*[\]】]", "", s)  # the tag's 版杀 is no kill
    return _LASTWORDS_OWN.search(s) is not None and _NIGHT_ACTION.search(untagged) is None


def _kind_of(s: str, ruleset: str) -> tuple[ThreadKind | None, str]:
    """The title's kind word (the first of :data:`KIND_WORDS` that fits) and why."""
    for k, words in KIND_WORDS.get(ruleset, KIND_WORDS["default"]):
        hit = next((w for w in words if w in s), None)
        if hit is not None:
            return k, f"“{hit}”"
    if _a_killbar_night(s, ruleset):
        return ThreadKind.DISCUSSION, "“第N夜”（版杀7 夜晚的帖子算第二天）"
    return None, "标题里没有帖子类型的词"


def _phase_of(s: str, ruleset: str) -> tuple[int | None, str]:
    """The 环节 a title names (环节二; 版杀7's 第一日·第二审 beside its day) and its words."""
    pm = _PHASE.search(s)
    if pm and (pm.group(1) or (ruleset == "killbar7" and _DAY.search(s))):
        return cn_number(pm.group(1) or pm.group(2)), pm.group(0)
    dm = _DASHED_PHASE.search(s)
    if dm:
        return cn_number(dm.group(1)), dm.group(0)
    if ruleset == "killbar7" and _DAY.search(s):
        for word, number in _SEED_ROUNDS:
            wm = word.search(s)
            if wm:
                return number, wm.group(0)
    return None, ""


# Words for who posts in a thread rather than what it is for: the spectators (观众, 旁听).  A
# show-themed director calls his players the audience (《12月1日 晚间新闻》观众投票热线): a
# title that also names its day (or date) and a vote is that day's vote thread — spectators
# cast no vote in the game (M107 投票规则: 所有存活玩家均有投票权)
AUDIENCE = ("观众", "旁听")
# ... unless the title names the spectators' own poll: a guess (竞猜, 猜猜谁是狼, 谁会出局), an
# award (评选, 最佳, MVP, 人气) or their gallery (旁听席): that stays set aside
_SPECTATORS_POLL = lazy(r"猜|预测|谁会|评选|评比|最佳|人气|MVP|席", re.I)


def _not_game(s: str, ruleset: str = "default") -> str | None:
    """The word that makes a tagged title no game thread (:data:`NOT_GAME`); 规则+报名, 规则与
    报名帖: the rules thread that also takes the sign-ups is the rules; an audience word
    beside a day's vote (:data:`AUDIENCE`) is the theme's name for the players."""
    rules_too = "规则" in s or "rules" in s
    voted = (
        _kind_of(s, ruleset)[0] is ThreadKind.VOTE
        and (_DAY.search(s) is not None or title_date(s) is not None)
        and not _SPECTATORS_POLL.search(s)
    )
    return next(
        (
            w
            for w in NOT_GAME
            if w in s and not (w == "报名" and rules_too) and not (w in AUDIENCE and voted)
        ),
        None,
    )


def _day_kind(
    s: str, ruleset: str, kind: ThreadKind | None, why: str
) -> tuple[ThreadKind | None, str, int | None, int | None, tuple[int, int] | None]:
    """(kind, why, day, phase, date): the day's 天 / 日, else a night's next day, else (no
    环节 named) any counter word, else a date; a title with no kind word that names a 版杀7
    环节 is its vote round, one that names its day and nothing else is that day's thread."""
    if kind is ThreadKind.LASTWORDS and _a_killbar_night(s, ruleset) and not _lastwords_own(s):
        kind, why = ThreadKind.DISCUSSION, "“第N夜”（版杀7 夜晚的帖子算第二天）"
    phase, said = _phase_of(s, ruleset)
    day = (_DAY.search(s) and _day_of(s)) or _night_day(s, ruleset, kind)
    day = _day_of(s) if day is None and phase is None else day
    date = title_date(s) if day is None else None
    if kind is None and phase is not None and ruleset == "killbar7":
        kind, why = ThreadKind.VOTE, f"“{said}”（版杀7 每个环节是一轮投票）"
    if kind is None and day is not None and ruleset == "killbar7" and _named_beside(s):
        # 版杀7 5 时间分配: a day's thread is one of its 环节 (a vote round), whatever the
        # director calls it (第一日·早市, 第一日·午市): numbered by the day's threads' order
        kind, why = ThreadKind.VOTE, NAMED_ROUND
    if kind is None and (day is not None or date is not None):
        kind, why = ThreadKind.DISCUSSION, "标题只写了哪一天（当作当天的讨论帖）"
    return kind, why, day, phase, date


# why a 版杀7 title naming its day and a round of its own (第一日·早市) is a vote thread
NAMED_ROUND = "标题写了哪一天和环节的名字（版杀7 每个环节是一轮投票）"


def _named_beside(s: str) -> bool:
    """Whether a title says a word of its own beside its day label (第一日·早市), not its
    day alone (第一日, 次日) nor only a bracket (第一日（加速）), and no word that names no
    vote round (第一日 闲聊, 第二日·死讯, 2026年3月 第二日: :data:`_NOT_A_ROUND`)."""
    words = [w for w in _beside(s) if not _SERIES.match(w)]
    return bool(words) and not any(_NOT_A_ROUND.search(w) for w in words)


@lru_cache(maxsize=_TITLES)
def classify(subject: str, ruleset: str = "default", tag: str | None = None) -> TitleInfo:
    """Kind, day, phase and 加速日 from a title (the tag removed first, so a tag such as
    ``版杀7`` cannot be read as a day)."""
    s = normalise(subject)
    if tag:
        s = re.sub(re.escape(bare_tag(tag)), " ", s, flags=re.I)
    accelerated = "加速" in s
    word = _not_game(s, ruleset)
    if word is not None:
        return TitleInfo(None, None, None, accelerated, f"“{word}”不是游戏帖")
    kind, why, day, phase, date = _day_kind(s, ruleset, *_kind_of(s, ruleset))
    if kind in (ThreadKind.DISCUSSION, ThreadKind.VOTE) and day is None:
        said = f"，只写了日期 {date[0]}月{date[1]}日" if date is not None else "但没有第几天"
        return TitleInfo(None, None, phase, accelerated, f"{why}{said}", kind, date)
    return TitleInfo(kind, day, phase, accelerated, why)


# A title's serial code (a flight RB8801, a train K102, a room A03): ASCII letters then
# digits, standing apart from other letters and digits.  The days may be counted in its last
# digits (RB8801, RB8802, RB8803: days 1-3), as the director says or as the titles run
# (discover._dated_by_serial); a code alone names no day.
_SERIAL = lazy(r"(?<![A-Za-z0-9])([A-Za-z]{1,4})(\d{2,6})(?![A-Za-z0-9])")


def set_aside_vote(
    subject: str, ruleset: str = "default", tag: str | None = None
) -> tuple[str, str] | None:
    """(the spectators' word, the day said: 第2天 / 12月3日) of a title set aside for an
    audience word (:data:`AUDIENCE`: a spectators' poll, 观众竞猜 / 评选 / 旁听席) that would
    otherwise be a day's vote thread — a thread whose ballots are left out only on that word,
    so discovery flags it for the director (issue 34 §3); never one set aside for another word
    as well (第2天 观众投票 吐槽)."""
    s = _untagged(subject, tag)
    word = _not_game(s, ruleset)
    if word not in AUDIENCE:
        return None
    info = classify(s.replace(word, " "), ruleset)
    if (info.kind or info.undated) is not ThreadKind.VOTE:
        return None
    if info.day is not None:
        return word, f"第{info.day}天"
    return (word, f"{info.date[0]}月{info.date[1]}日") if info.date is not None else None


def serial_code(subject: str, tag: str | None = None) -> str | None:
    """The one serial code a title carries (``[030] RB8802 登机口（投票）`` → RB8802; the
    tag removed first, so ``M107`` is no code), else None (no code, or two)."""
    s = _untagged(subject, tag)
    found = {m.group(1).upper() + m.group(2) for m in _SERIAL.finditer(s)}
    return found.pop() if len(found) == 1 else None


def kind_word(subject: str, tag: str | None = None) -> str | None:
    """What a day's title says beside its day when it has no kind word (``[M39] 次日·决``
    → 决, ``[M39] 首日·决（举警长）`` → 决): the title without its tag, brackets, day label and
    separators, when one short word is left — a director's own word for the thread's kind."""
    words = _beside(_BRACKETED.sub(" ", _untagged(subject, tag)))
    return words[0] if len(words) == 1 and len(words[0]) <= 4 else None


def kindless(subject: str, ruleset: str = "default", tag: str | None = None) -> bool:
    """A tagged title with no kind word at all (``[030] RB8801 候机大厅``) and none of the
    words that make it no game thread (报名, 灌水 …)."""
    info = classify(subject, ruleset, tag)
    s = _untagged(subject, tag)
    return info.kind is None and info.undated is None and _not_game(s) is None


# a day told as past in the opening sentence is a recap, not the thread's day (昨天第一日…)
_RECAP_BEFORE = lazy(r"(?:昨天?|昨日|前一?天?|上一?|回顾|接)\s*$")


def opening_day(text: str) -> int | None:
    """The day a director's opening post names in its first sentence, for a day thread
    whose title names none (a title by season or motto: ``春之章 · 讨论`` whose post opens
    ``春之章起第一日``; ``Day 2 starts now``).  One day only, named as the day itself — a
    recap of another (``昨天第一日的票型``), a sentence naming two days, or a first sentence
    that names none give None, and the director is asked as before."""
    first = re.split(r"[。！？!?\n]", normalise(text).strip(), maxsplit=1)[0]
    found: set[int] = set()
    for m in _DAY.finditer(first):
        if _RECAP_BEFORE.search(first[: m.start()][-4:]):
            return None
        n = cn_number(m.group(1) or m.group(2))
        if n is not None:
            found.add(n)
    return found.pop() if len(found) == 1 else None
