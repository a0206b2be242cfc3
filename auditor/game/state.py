"""Never silent: what discovery could not read, and what the game's state still lacks.

* **未读懂的公告**: a director's post in a game thread that names a player or states a time
  and became no item (no event, no day, no time that agrees with a known day): listed with
  its text and link until a director dismisses it as 不是公告 (kept in the store, signed,
  like a decision; an edit of the post lists it again).
* **Problems** (the game's state is incomplete): a day thread without a known close, a
  closed day without a result, a night without an announced outcome, a vote thread with no
  day.  Each is said first in the audit line; ``auditor audit`` exits with
  :data:`STATE_EXIT` (1 stays "crawl incomplete").

:func:`records` is the state as ``auditor game --format json|csv`` gives it: each item with
its value, source and status (stated / inferred / proposed / confirmed).
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from auditor.errors import STATE_INCOMPLETE_EXIT
from auditor.game.announce import (
    FACTION_SAID,
    Announced,
    Patterns,
    fact_kinds,
    from_now,
    night_said,
    notice_word,
    own_words,
    quiet_said,
    roster_only,
    sentences,
    short_phase,
    stated_time,
    undone,
)
from auditor.game.fold import fold
from auditor.game.gamefile import (
    EVENT_LABEL,
    DaySpec,
    Event,
    EventType,
    Game,
    ThreadKind,
    ThreadSpec,
)
from auditor.game.lazy import lazy
from auditor.game.roster import spell_out
from auditor.game.when import STATES_TIME, find_points, find_ranges
from auditor.urls import findpost_link

if TYPE_CHECKING:
    from auditor.game.confirm import Proposal
    from auditor.game.discover import Discovery, Listed
    from auditor.models import Post

STATE_EXIT = STATE_INCOMPLETE_EXIT  # the game's state is incomplete (problems, posts not read)

_QUIET_NIGHT = re.compile(
    r"平安夜|平安|无人死亡|没有人死亡|无人出局|没有人出局|无人被杀|无人阵亡|没有死者"
)
_NO_RESULT = re.compile(r"无人出局|没有人出局|无人被投|平票|无人当选|没有人当选|流票|无效投票日")
_EXCERPT = 160


@dataclass(frozen=True, slots=True)
class Unread:
    """A director's post that names a player or states a time and became no item."""

    pid: int
    tid: int
    floor: int | None
    posted_at: datetime
    text: str
    why: str  # 提到玩家 黄瓜 / 写了时间 22点
    digest: str  # the text's hash: a dismissal holds for this text only
    # what answered it (出局 黄瓜（游戏文件）): a confirmed or added event that accounts for
    # every sentence of the post that names a player or tells a fact — no longer listed
    answered: str = ""

    def link(self, base: str | None) -> str | None:
        return findpost_link(base, self.tid, self.pid)

    def excerpt(self) -> str:
        one = " ".join(self.text.split())
        return one if len(one) <= _EXCERPT else one[: _EXCERPT - 1] + "…"

    def reports_the_night(self, days: Sequence[DaySpec]) -> bool:
        """Whether this post, made at night (after a day closed, before the next opened),
        opens the next day: it reports the night just passed (昨晚的結果, 天亮了) or heads
        itself with the next day's date or number (12/15（二）早安, 第2天) — the morning
        post of night N is day N+1's (fh49 小鹿: 12/15 08:55 filed under 第1天), not the
        closed day's result (DESIGN §days: a night belongs to the day it leads into)."""
        return night_report(self.text, self.posted_at, days)


def night_report(text: str, at: datetime, days: Sequence[DaySpec]) -> bool:
    """:meth:`Unread.reports_the_night` for any post's text and time."""
    if any(d.opens <= at <= d.closes for d in days):
        return False
    after = next((d for d in sorted(days, key=lambda d: d.opens) if d.opens > at), None)
    if after is None:
        return False
    plain = fold(text)
    head = plain.lstrip()[:24]
    opens = after.opens.astimezone(at.tzinfo)
    dated = re.match(rf"\D{{0,6}}?0?{opens.month}\s*[/月.\-]\s*0?{opens.day}(?!\d)", head)
    numbered = re.search(
        rf"第\s*{after.number}\s*[天日]|(?<![A-Za-z0-9])D{after.number}(?!\d)", head
    )
    return bool(dated or numbered or _NIGHT_PASSED.search(plain))


# a post that reports the night just passed: 昨晚的结果, 昨儿晚上, 昨夜, 天亮了, 早安 (a morning's
# greeting) — never a night still ahead (今晚行动, 晚上11点前交)
_NIGHT_PASSED = lazy(r"昨(?:儿|天)?\s*(?:晚|夜)|天亮了|早安|早上好")


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _text(p: Post) -> str:
    return "\n".join(p.lines) if p.lines else p.text


def why_listed(players: Sequence[str], text: str) -> str | None:
    """Why a director's post nothing was read from is listed: it names a player, says a
    notice's word (游戏结束, 平安, 加速, GAME OVER, out …) or states a time; else None."""
    if _proxy_ballot(text):
        return None
    if _ADDRESSED.match(text):  # (a reply may still grant or state an event: 过半了，加速)
        told = _REPLY_TELLS.search(_ADDRESSED.sub("", text))
        if told is not None:
            return f"写了「{told.group(0)}」"
    text = _ADDRESSED.sub("", text)  # (@X / 回X：: the player asked is no subject of it)
    if _elevator_only(players, text):
        return None
    text = _NOT_VOTED.sub("", text)  # (X 还没投: the tally's reminder, no event of X)
    names = [] if roster_only(players, text) else _names_in(players, text)
    if names:
        return f"提到玩家 {'、'.join(names)}"
    word = (
        None
        if _plan_only(text)
        else notice_word(text) or night_said(text) or quiet_said(text) or seat_taken(text)
    )
    if word is not None:
        return f"写了「{word}」"
    side = FACTION_SAID.search(fold(text))
    if side is not None:
        return f"写了「{side.group(0)}」"
    times = STATES_TIME.search(fold(text))
    if times:
        return f"写了时间 {times.group(0)}"
    other = stated_time(text)  # 开 0900, 关 12.19 2330, 亥时半
    if other:
        return f"写了时间 {other}"
    phase = short_phase(text)  # D5 环二 全天
    if phase:
        return f"写了「{phase}」"
    counted = from_now(text)  # 还剩两小时关门: a time from the post's moment
    return f"写了时间「{counted}」" if counted else None


# a seat changing hands in its own verbs (酸菜白肉 顶上, 由 Y 接手, Y 来顶 X 的位置, 补位): a
# substitute (seeds 000 10、替补 / 004 替补), whoever the names are — the newcomer is no roster
# player, the one leaving may go by a nickname (老锅…酸菜白肉 顶上): never silent.  Not asked
# (谁来顶上？), supposed (如果没人顶上) or denied (没人接手)
_SEAT_TAKEN = re.compile(r"顶上|顶替|来顶|顶班|接手|接替|接班|补位|替补(?!.{0,4}[吗？?])")
_SEAT_UNTOLD = re.compile(r"[吗？?]|如果|假如|要是|万一|没人|无人|不(?=\s*(?:顶|接|替|补))|谁")


def seat_taken(text: str) -> str | None:
    """The first verb of a seat taken over the post says outright (:data:`_SEAT_TAKEN`)."""
    for sentence in re.findall(r"[^。！!？?；;\n]+[。！!？?；;]?", fold(text)):
        m = _SEAT_TAKEN.search(sentence)
        if m and not _SEAT_UNTOLD.search(sentence):
            return m.group(0)
    return None


# the player a director's reply is addressed to (@桃桃 对，…; 回酸菜缸：得发！): the one who
# asked, not what the reply tells of
_ADDRESSED = re.compile(r"^\s*(?:@\s*[^\s，,：:@]{1,16}|回(?:复)?\s*[^\s，,：:]{1,12}?\s*[：:])\s*")


# a line or clause that only says players have not voted yet (- 风铃 还没投, X、Y 尚未投票)
_NOT_VOTED = re.compile(
    r"(?m)(?:^|(?<=[，,。；;]))[ \t]*[-*•·]?[ \t]*[^\s，,。；;：:]{1,12}"
    r"(?:[ \t]*[、和][ \t]*[^\s，,。；;：:]{1,12})*[ \t]*(?:还没|尚未|仍未|还未|没有?|未)[ \t]*投(?:票)?(?:呢|哦|喔|啊)?"
    r"[ \t]*[!！~～。]*[ \t]*$"
)
_ELEVATOR = re.compile(r"^\s*(?:[二2]楼)?\s*电梯\s*[:：]")


def _elevator_only(players: Sequence[str], text: str) -> bool:
    """电梯：A B C … — the floors' index of the players' posts, nothing but roster names after
    its label: who is listed is no event (the index of the living is the 公示's business)."""
    m = _ELEVATOR.match(fold(text))
    if m is None:
        return False
    rest = fold(text)[m.end() :]
    for p in sorted(players, key=len, reverse=True):
        rest = rest.replace(fold(p), " ")
    return not re.sub(r"[\s、，,。;；|/]+", "", rest)


def _word_only_unheld(why: str, text: str, at: datetime, opening: datetime | None) -> bool:
    """A post listed for a notice's word alone that tells no event: a rule's or a thread's
    word before the game's first day opened (nothing told yet), or a reply to a player."""
    if not why.startswith("写了「"):
        return False
    return (opening is not None and at < opening) or _answers_only(text)


def _proxy_ballot(text: str) -> bool:
    """The director's 代投 (代投：X 托我投的 / 投票对象：Y, or @X 已代投 Y): a ballot the tally
    reads (seed 004 投票: 演员可以委托导演代投), telling no event — unless it says a fact (出局, 当选 …) too."""
    said = fold(text)
    if "代投" not in said or _rx_fact.search(said):
        return False
    return bool(re.search(r"投票对象\s*[:：]", said) or _ADDRESSED.match(said))


# what a reply to one player may still tell of the game (过半了，加速; 你被吹了; 你是 Lv.3;
# 4/8，够了): the events a director grants or states in a reply (tests/discovery/blind6 F0039,
# F0128, F0306, F0307 — listed before session 45 round 2, silent for one merge)
_REPLY_TELLS = re.compile(
    r"加速|延时|延长|顺延|被吹|吹了|[Ll][Vv]\.?\s*\d|出局|替补|警徽|平安|\d+\s*/\s*\d+"
)


def _answers_only(text: str) -> bool:
    """A director's reply to a player (@X / 回X：) naming no one else and telling no fact
    (出局, 当选, 平安 …) nor an event it grants or states (加速, 被吹, Lv.3, 4/8 …): the rule
    or the plan explained to the one who asked."""
    said = _ADDRESSED.sub("", text)
    return (
        bool(_ADDRESSED.match(text)) and not _rx_fact.search(said) and not _REPLY_TELLS.search(said)
    )


def _plan_only(text: str) -> bool:
    """A post naming no one whose every notice word is the ballot's or the office's name or
    rule (警长竞选帖 …戴上警徽, 第二日放逐投票 …警长一票算两票, 今天只竞选警长): a thread's
    opener or a day's plan stating the vote's rules — no event of anyone, so not listed for
    the word (its times are still checked).  Not a fact of no one (平安夜, 游戏结束)."""
    worded = [s for s in sentences(text) if notice_word(s) is not None]
    return bool(worded) and all(
        _PLAN.search(s) and not _rx_fact.search(_PLAN.sub("", s)) for s in worded
    )


def _names_in(players: Sequence[str], text: str) -> list[str]:
    norm = fold(text)  # 開心果 names 开心果
    return [p for p in players if fold(p) in norm]


def _agrees(p: Post, game: Game, days: Sequence[DaySpec]) -> bool:
    """Every time the post states is one a known day (or phase) has: a vote thread's 投票
    截止：今天 22:00 under a day closing then, a schedule list that matches."""
    tz = game.timezone
    dated, rule = _every_day_split(_text(p))
    ranges = find_ranges(dated, p.posted_at, tz)
    points = find_points(dated, p.posted_at, tz)
    # (the times under 此后每期 / 以后每天 are the schedule's rule: an hour of the days')
    kept_points = find_points(rule, p.posted_at, tz) if rule else []
    if not ranges and not points and not kept_points:
        return False
    edges = {t for d in days for t in (d.opens, d.closes)}
    edges |= {t for d in days for ph in d.phases for t in (ph.opens, ph.closes)}
    hours = {e.astimezone(tz).strftime("%H:%M") for e in edges}

    def within(a: datetime, b: datetime) -> bool:
        return any(d.opens <= a and b <= d.closes for d in days)

    def moved(t: datetime) -> bool:  # the close a confirmed 延时 moved later
        return any(d.delayed and d.opens < t < d.closes for d in days)

    return (
        all(within(r.opens, r.closes) for r in ranges)
        and all(pt.role is not None and (pt.at in edges or moved(pt.at)) for pt in points)
        and all(pt.at.astimezone(tz).strftime("%H:%M") in hours for pt in kept_points)
    )


# a line that heads the schedule's rule for every later day (此后每期：, 以后每天, 其余每日)
_EVERY_DAY = re.compile(
    r"^\s*(?:此后|以后|之后|其余|其后)\s*每(?:一)?(?:天|日|期|轮|场|站|局)", re.M
)


def _every_day_split(text: str) -> tuple[str, str]:
    """(the text before the every-day rule's heading line, the rule from it on)."""
    m = _EVERY_DAY.search(text)
    return (text, "") if m is None else (text[: m.start()], text[m.start() :])


_SPACE = re.compile(r"\s+")


def _bare(text: str) -> str:
    """A name as the tally matches one: widths, case, traditional forms and spaces aside
    (黄 瓜, ＡＢＣ, abc)."""
    return _SPACE.sub("", fold(text)).casefold()


def _period(t: datetime, days: Sequence[DaySpec]) -> int | None:
    """The day a moment belongs to with its night (from its opening to the next one's)."""
    opened = [d.number for d in days if d.opens <= t]
    return max(opened) if opened else None


def _same_day(post_at: datetime, e: Event, days: Sequence[DaySpec]) -> bool:
    """The event's moment is the post's day (a vote-out at the close, told that evening),
    or the night just before it told the next morning (within 12 hours)."""
    at = e.at or e.announced
    if at is None:
        return False
    a, b = _period(at, days), _period(post_at, days)
    if a is None or b is None:
        return abs(post_at - at) <= timedelta(hours=24)
    return a == b or (b - a == 1 and abs(post_at - at) <= timedelta(hours=12))


def answered_by(
    players: Sequence[str], text: str, posted_at: datetime, events: Sequence[Event],
    days: Sequence[DaySpec], pid: int | None = None,
) -> str:  # fmt: skip
    """What answers a listed post: each of its sentences that names a player, tells a fact
    or states a time names only players for whom a game-file event (confirmed or added by a
    director) stands on the post's day — of a kind the sentence tells (by its words or as
    the reader reads it: 青柠、七月 都没有再醒来), or of any kind when the sentence tells its
    fact in words the grammar has no kind for (昨夜风浪很大，X 被鲨鱼拖进了海里: the director,
    who added X's death, read it), or read from this very post (``pid``: the answer is tied
    to the question).  What the game file holds answers the rest (fh42 item 3): a count's
    line (X 5 票（A、B）, 没有投票：Y) is the vote book's; a sentence naming no one answers
    when its times are the file's days' (or the close a confirmed 延时 moved), its 延时 /
    加速 is the file's day's, or its only words are the ballot's or the office's name (放逐
    投票在…, 今天只竞选警长). A sentence that asks, supposes or negates, or that tells a fact
    of no one, is not answered (the post stays listed).  Returns the events (出局 黄瓜（游戏
    文件）), or "" when it is not."""
    used: list[Event] = []
    held: list[int] = []  # the file's days that hold a sentence naming no one
    read = _read_items(tuple(players), text)
    for sentence in sentences(text):
        got = _sentence_answer(players, sentence, read, posted_at, events, days, pid)
        if got is None:
            return ""
        found, day = got
        used += [e for e in found if e not in used]
        if day is not None and day not in held:
            held.append(day)
    answers = [f"{EVENT_LABEL[e.type]} {e.player}（游戏文件）" for e in used]
    answers += [f"第{n}天（游戏文件）" for n in held]
    return "、".join(answers)


def _sentence_answer(
    players: Sequence[str], sentence: str, read: Sequence[Announced], posted_at: datetime,
    events: Sequence[Event], days: Sequence[DaySpec], pid: int | None,
) -> tuple[list[Event], int | None] | None:  # fmt: skip
    """What in the game file answers one sentence of a listed post (:func:`answered_by`):
    the events about the players it names, or the file's day that holds it; None when
    nothing does."""
    said = _VOTERS.sub("", sentence)  # (the voters a count lists: the count's)
    named = [p for p in players if _bare(p) and _bare(p) in _bare(said)]
    kinds = fact_kinds(said) | _read_kinds(read, named, sentence)
    if not (named or kinds or _tells(said)):
        return [], None  # 大家辛苦。
    if not named:
        held = _held_by_file(said, kinds, posted_at, days)
        return ([], _period(posted_at, days)) if held else None
    if not kinds and _counted_line(said):
        return [], None  # 北风 5 票, 没有投票：豆豆 — the vote book reads it
    if not kinds and undone(said):
        return None
    unkinded = not kinds and _untold_death(players, said)
    found = [_answer(p, events, kinds, unkinded, said, posted_at, days, pid) for p in named]
    if None in found:
        return None
    return [e for e in found if e is not None], None


# the voters a count lists in its bracket (北风 5 票（小鹿×2 警长、石头（改票））): who voted
_VOTERS = re.compile(r"(?<=票)\s*[（(](?:[^（）()]|[（(][^（）()]*[）)])*[）)]")
# a count's line: a name with its count, or a label over who cast no ballot
_COUNT_LINE = re.compile(
    r"\d+(?:\.\d+)?\s*票|^\s*(?:没有投票|没投票|未投票|未投|弃票|弃权)(?:的(?:有|是))?\s*[:：]"
)
# the ballot's or the office's name said of no one (放逐投票在…, 今天只竞选警长，不放逐): the plan
_PLAN = re.compile(
    r"放逐投票|放逐环节|不放逐|竞选警长|警长竞选|竞选|警徽|警长(?:的)?一票|算\s*[两2]\s*票"
    # the sheriff's ballot's weight (seed 000 警长: 1.5 票; 警长票计 1.5, 警长票算一票半)
    r"|警长(?:的)?\s*票(?:数)?\s*(?:计|算|按|当|作|[=＝为])\s*[\d.一两二三点五半]+"
)
_DELAY_WORD = re.compile(r"延时|延长|顺延|推迟")
_ACCEL_WORD = re.compile(r"加速")


@functools.lru_cache(maxsize=256)
def _read_items(players: tuple[str, ...], text: str) -> tuple[Announced, ...]:
    return tuple(Patterns(list(players)).read(text)[0]) if players else ()


def _read_kinds(read: Sequence[Announced], named: list[str], sentence: str) -> set[EventType]:
    """The kinds of fact the reader read from this sentence about the players it names."""
    return {
        a.type
        for a in read
        if a.player in named and isinstance(a.type, EventType) and _of_sentence(a.clause, sentence)
    }


def _of_sentence(clause: str, sentence: str) -> bool:
    """The reader's clause (the post's own sentence) is this cleaned sentence's."""
    a, b = _bare(clause), _bare(sentence)
    return bool(a and b) and (b in a or a in b)


def _counted_line(sentence: str) -> bool:
    return bool(_COUNT_LINE.search(sentence))


def _held_by_file(
    sentence: str, kinds: set[EventType], posted_at: datetime, days: Sequence[DaySpec]
) -> bool:
    """A sentence naming no one that the game file's days hold: its 延时 / 加速 the file's day
    of the post, its times the file's days' edges (or a close a 延时 moved later), or only
    the ballot's or the office's name said as the plan.  Never a fact of no one (平安夜,
    游戏结束, 昨夜有人出局): those stay listed."""
    day = next((d for d in days if d.number == _period(posted_at, days)), None)
    word = notice_word(sentence)
    if word is not None:
        if _DELAY_WORD.search(word):
            return day is not None and bool(day.delayed) and _times_held(sentence, posted_at, days)
        if _ACCEL_WORD.search(word):
            return day is not None and bool(day.accelerated)
        if not _PLAN.search(sentence) or kinds - {EventType.SHERIFF, EventType.ELIMINATED}:
            return False
        if _rx_fact.search(_PLAN.sub("", sentence)):
            return False
    return _times_held(sentence, posted_at, days)


# a fact's word beside the plan's (今天不放逐，昨夜有人出局): still a fact of no one
_rx_fact = re.compile(r"出局|死|淘汰|当选|移交|平安|结束|胜")


def _times_held(sentence: str, posted_at: datetime, days: Sequence[DaySpec]) -> bool:
    """Every time the sentence states is a known day's (or phase's) edge, or a close before
    the close of a day the file marks 延时 (the one the delay moved)."""
    if not days:
        return False
    tz = days[0].opens.tzinfo or UTC
    ranges = find_ranges(sentence, posted_at, tz)
    points = find_points(sentence, posted_at, tz)
    edges = {t for d in days for t in (d.opens, d.closes)}
    edges |= {t for d in days for ph in d.phases for t in (ph.opens, ph.closes)}

    def moved(t: datetime) -> bool:
        return any(d.delayed and d.opens < t < d.closes for d in days)

    def within(a: datetime, b: datetime) -> bool:
        return any(d.opens <= a and b <= d.closes for d in days)

    return all(within(r.opens, r.closes) for r in ranges) and all(
        pt.at in edges or moved(pt.at) for pt in points
    )


# a word of the next round's candidates (版杀7 4.1.2: 可疑者辩论投票's 投票对象是试探性投票中选出的
# 可疑者; 高票对决: X vs Y) and the words that undo a sentence's declaration — the vote book
# reads the candidates (auditor.rules.votebook.declared), so such a post is no 未读懂的公告
_CANDIDATES = re.compile(
    r"可疑|嫌疑|候选|对决|(?<![A-Za-z])(?:PK|pk|vs\.?|VS\.?)(?![A-Za-z])|只能投|只可投"
)
_UNDECLARED = re.compile(r"吗|[？?]|如果|假如|要是|若是|倘若|不是|并非|不|没")
# what a clause of the list may hold beside its names: the list's words and joiners only
_LIST_WORDS = re.compile(
    r"可疑者?|嫌疑人?|候选人?|高票|对决|PK|pk|vs\.?|VS\.?|只能投|只可投|进入|环节[一二三四五\d]+"
    r"|[、和与跟及：:\s]"
)
_CLAUSES = re.compile(r"[^，,；;。！!\n]+")


# a roster's lines (seed 000 公示; fh48b: the process thread's floor 1 kept current by editing):
# a seat, a name and at most a mark a legend line defines (4. 靓仔强 ★ / ★ = 警长)
_ROSTER_LINE = re.compile(
    r"\s*(?:\d{1,2}\s*[.、．:：)）]?\s*)?(?P<name>[^\s★☆✪⭐]+)\s*(?P<mark>[★☆✪⭐])?\s*"
)
_LEGEND = re.compile(r"\s*(?P<mark>[★☆✪⭐])\s*[=＝:：为是]\s*警长\s*")


def _known_kind(game: Game, text: str, events: Iterable[Event]) -> bool:
    """A kind of post the tool knows that tells nothing new: a round's candidates, a roster."""
    return declares_candidates(game.players, text) or roster_agrees(game, text, events)


def roster_agrees(game: Game, text: str, events: Iterable[Event] = ()) -> bool:
    """The post is the game's roster, one player a line (a seat, the name, the sheriff's mark a
    legend line defines), and says nothing the game does not know: every line naming a player
    is that line alone, most players are named, and the one marked is the sheriff already
    read or stated.  A line that adds anything (a struck name, 夜死, 补位) keeps it listed: the
    roster's change is then an announcement, asked with its text (issue 34 §3)."""
    legend = {m.group("mark") for ln in text.splitlines() if (m := _LEGEND.fullmatch(ln))}
    named: set[str] = set()
    marked: set[str] = set()
    players = {fold(p): p for p in game.players}
    for line in text.splitlines():
        if not line.strip() or _LEGEND.fullmatch(line):
            continue
        names = _names_in(game.players, line)
        if not names:
            if STATES_TIME.search(fold(line)) or notice_word(line) or fact_kinds(line):
                return False
            continue
        m = _ROSTER_LINE.fullmatch(line)
        who = players.get(fold(m.group("name"))) if m else None
        if m is None or who is None:
            return False
        named.add(who)
        if m.group("mark"):
            if m.group("mark") not in legend:
                return False
            marked.add(who)
    if len(named) * 2 <= len(game.players):
        return False
    sheriffs = {e.player for e in (*game.events, *events) if e.type is EventType.SHERIFF}
    return marked <= sheriffs


def declares_candidates(players: Sequence[str], text: str) -> bool:
    """The post is a round's result that declares the next round's candidates (环节一无人
    过半，可疑者：X、Y 进入环节二; 高票对决：X vs Y): every sentence naming a player names two or
    more beside a word of candidates, tells no fact of the game's state, and is not asked,
    supposed or denied; a sentence naming no one tells no fact, notice or time.  The vote
    book reads what it declares: it is a kind the tool knows, not 未读懂."""
    declared = False
    for sentence in sentences(text):
        named = _names_in(players, sentence)
        said = fact_kinds(sentence) or notice_word(sentence)
        if not named:
            if said or STATES_TIME.search(fold(sentence)):
                return False
            continue
        if len(named) < 2 or not _CANDIDATES.search(sentence) or _UNDECLARED.search(sentence):
            return False
        if said or STATES_TIME.search(fold(sentence)):
            return False  # (a time beside the names: the day's or 环节's, checked elsewhere)
        for clause in _CLAUSES.findall(sentence):
            rest = clause
            for p in _names_in(players, clause):
                rest = fold(rest).replace(fold(p), "")
            if _names_in(players, clause) and _LIST_WORDS.sub("", rest):
                return False  # 油条跟烧卖对决，油条是狼: more than the list
        declared = True
    return declared


def _tells(sentence: str) -> bool:
    """The sentence says a notice's word or states a time."""
    return bool(notice_word(sentence) or STATES_TIME.search(fold(sentence)))


# what a sentence of no known kind says that is no death: a revival, a role or faction told
# (X 是预言家, X 的身份), a card (黄牌), a guard or a save — no event but a death answers it
_NOT_A_DEATH = re.compile(r"复活|救活|救回|身份|底牌|[黄红蓝绿白]牌|牌|守护|保护|守住|救了|解药")
# the how a death sentence says: a night's kill (毒/刀) is no vote-out; a count is no night
_NIGHT_HOW = re.compile(r"毒|刀|咬|被杀|杀害|狼人袭击")
_VOTE_HOW = re.compile(r"票|投")


def _untold_death(players: Sequence[str], sentence: str) -> bool:
    """A sentence of no known kind may tell a death in words the grammar lacks (X 被鲨鱼拖进了
    海里): not asked, supposed or denied, and saying no revival, role, card or guard."""
    if undone(sentence) or _NOT_A_DEATH.search(sentence):
        return False
    bare = _bare(sentence)
    return not any(b and (b + "是") in bare for b in (_bare(p) for p in players))


# the office as a state line (警长：X, 现任警长 X)
_STATE_LINE = re.compile(r"\s*(?:现任|当前)?\s*警长\s*[:：为是]?\s*\S{1,12}\s*[。]?\s*$")


def _answer(
    player: str, events: Sequence[Event], kinds: set[EventType], unkinded: bool, sentence: str,
    posted_at: datetime, days: Sequence[DaySpec], pid: int | None,
) -> Event | None:  # fmt: skip
    """The player's first event that answers the sentence (:func:`_answers`), or None."""
    for e in events:
        if e.player == player and _answers(e, kinds, unkinded, sentence, posted_at, days, pid):
            return e
    return None


def _answers(
    e: Event, kinds: set[EventType], unkinded: bool, sentence: str, posted_at: datetime,
    days: Sequence[DaySpec], pid: int | None,
) -> bool:  # fmt: skip
    """The event answers a sentence about its player: read from the post itself; or of a
    kind the sentence tells, on the post's day; or, for a death in words of no known kind
    (``unkinded``), only a death (出局) of that player that day.  A death's how must not
    contradict the sentence's (毒死 is no vote-out; 票 is no night death)."""
    if pid is not None and e.pid == pid:
        return True
    # (警长：X — the office as it stands: the file's election or hand-over of X before it)
    if (
        EventType.SHERIFF in kinds
        and e.type is EventType.SHERIFF
        and e.at is not None
        and e.at <= posted_at
        and _STATE_LINE.match(sentence)
    ):
        return True
    fits = e.type in kinds if kinds else unkinded and e.type is EventType.ELIMINATED
    if fits and e.type is EventType.ELIMINATED:
        if e.how == "vote" and _NIGHT_HOW.search(sentence):
            fits = False
        if e.how == "night" and _VOTE_HOW.search(sentence):
            fits = False
    return fits and _same_day(posted_at, e, days)


def unread_posts(
    game: Game,
    threads: Sequence[ThreadSpec],
    days: Sequence[DaySpec],
    posts: Iterable[Post],
    read: set[int],
    dismissed: Mapping[int, Mapping[str, str]],
    undated: Iterable[int] = (),
    events: Sequence[Event] = (),
) -> list[Unread]:
    """The directors' posts in the game's threads that name a player or state a time and
    that discovery took nothing from (``read``: the pids it did), less those dismissed;
    each with what in the game file answers it (:func:`answered_by`; "": still listed).
    ``undated``: the game's day threads whose day is unknown (a title with no 第几天, no
    opening post naming one) — nothing is read from their posts until the director says
    the day, so each of their directors' posts that names a player or a time is listed."""
    kinds = {t.tid: t.kind for t in threads}
    kinds |= {tid: ThreadKind.DISCUSSION for tid in undated if tid not in kinds}
    # (seed 000 公示: 每个游戏日白天开始时…公示 — the events are told from the first day's
    # opening on: a post before it that names no player states the rules, a thread's use or
    # the plan, never an event)
    opening = min((d.opens for d in days), default=None)
    # (``events``: those read tonight, not yet in the game file: a roster agreeing with them
    # says nothing new)
    out: list[Unread] = []
    for p in sorted(posts, key=lambda p: (p.posted_at, p.pid or 0)):
        if p.pid is None or p.pid in read or p.tid not in kinds:
            continue
        if p.author not in game.directors:
            continue
        text = _text(p)
        first_line = text.strip().splitlines()[0] if text.strip() else ""
        if kinds[p.tid] is ThreadKind.LASTWORDS and "遗言" in first_line:
            continue  # a player's last words as the director posts them: their words
        why = why_listed(game.players, text)
        if why is None or _known_kind(game, text, events):
            continue
        if _word_only_unheld(why, text, p.posted_at, opening):
            continue
        if why.startswith("写了时间") and _agrees(p, game, days):
            continue
        h = digest(text)
        if dismissed.get(p.pid, {}).get("digest") == h:
            continue
        said = spell_out(game, text)  # seats and aliases as names (auditor.game.roster)
        answer = answered_by(game.players, said, p.posted_at, game.events, days, p.pid)
        why = edited_said(p.edited) + what_was_not_read(game.players, said, why)
        out.append(Unread(p.pid, p.tid, p.floor, p.posted_at, text, why, h, answer))
    return out


_EDITED_AT = re.compile(r"于\s*(\d{4}-\d{1,2}-\d{1,2}\s+\d{1,2}:\d{2})")


def edited_said(edited: str | None) -> str:
    """An edited post's mark before why it is listed (已编辑（2026-12-3 18:30）：): the text
    listed and read is the post as it stands now, which the director may have changed
    since an earlier night's answer (fh47c: a 延时 added by editing the day's opening)."""
    if not edited:
        return ""
    m = _EDITED_AT.search(edited)
    return f"已编辑（{m.group(1)}）：" if m else "已编辑："


# a director's result line (叻沙 4票，肉骨茶 3票，豆汁 弃权，煎饺 没投票。 / 大鹅炖粉条 4票（烤肉拌饭、
# 冰糖雪梨…）): each clause that names a player is a count (a name, its votes, its voters in
# brackets) or a name that abstained or did not vote; nothing else
_COUNT_CLAUSE = re.compile(
    r"\s*(?:[-*•·]\s*)?(?P<who>\S+?)\s*[:：]?\s*(?:(?P<n>\d+(?:\.\d+)?)\s*票\s*(?:[（(][^）)]*[）)])?"
    r"|(?P<none>弃权|没投票|没投|未投票|未投|没有投票))\s*"
)
_COUNT_HEAD = re.compile(
    r"^\s*(?:【[^】]{1,8}】|[^，,：:]{0,8}(?:结束|结果|计票|票型)[!！。：:]?)\s*"
)


def counts_said(players: Sequence[str], clause: str) -> dict[str, float] | None:
    """The votes a result line states, by player (None: the clause is no result line, or
    states no count).  Abstainers and non-voters it names are no count."""
    counts: dict[str, float] = {}
    for part in re.split(r"[，,；;。！!\n]", _COUNT_HEAD.sub("", fold(clause))):
        if not part.strip():
            continue
        m = _COUNT_CLAUSE.fullmatch(part)
        if m is None or fold(m.group("who")) not in {fold(p) for p in players}:
            return None
        if m.group("n") is not None:
            counts[m.group("who")] = float(m.group("n"))
    return counts or None


def agrees_with_tally(
    players: Sequence[str], text: str, tallies: Sequence[Mapping[str, float]]
) -> bool:
    """Every clause of the post the reader could not place is a result line whose counts
    equal one of ``tallies`` (a round's votes by target): the tally has read it — the
    director's own count, not a question (fh47b: 叻沙 4票，肉骨茶 3票，豆汁 弃权，煎饺 没投票。
    listed as 未读懂 though the sheriff was read from the same post)."""
    unplaced = _unplaced(tuple(players), text)
    if not unplaced:
        return False
    for clause in unplaced:
        said = counts_said(players, clause)
        if said is None or not any(said == dict(t) for t in tallies):
            return False
    return True


_QUOTE_AT_MOST = 48
_BB_TAG = re.compile(r"\[/?[A-Za-z*]+(?:=[^\]]*)?\]")
_OWN_SENTENCE = re.compile(r"[^。！!？?；;\n]+[。！!？?；;]?")


def _quote(sentence: str) -> str:
    one = " ".join(sentence.split())
    return one if len(one) <= _QUOTE_AT_MOST else one[: _QUOTE_AT_MOST - 1] + "…"


@functools.lru_cache(maxsize=256)
def _unplaced(players: tuple[str, ...], text: str) -> tuple[str, ...]:
    """The clauses of the post the reader could not place, in the post's own words."""
    if not players:
        return ()
    out: list[str] = []
    for clause in Patterns(list(players)).read(text)[1]:
        own = own_words(text, clause).strip()
        if own and own not in out:
            out.append(own)
    return tuple(out)


def what_was_not_read(players: Sequence[str], text: str, why: str) -> str:
    """Why a post is listed, saying which part was not read (fh44: 「写了「警长」」 said
    nothing of it): the clause the reader could not place, quoted in the post's own words
    (没读懂：「…」, and how many more); else the first sentence that holds the reason
    :func:`why_listed` gives (提到玩家 X：「…」) — a post of one sentence is shown beside it."""
    unread = _unplaced(tuple(players), text)
    if unread:
        # (in words: 「等 2 处」 left the director guessing what the other was — fh46c item 3)
        more = (
            f"（这帖共有 {len(unread)} 句没读懂，这是第一句；其余见原文）"
            if len(unread) > 1
            else ""
        )
        return f"没读懂：「{_quote(unread[0])}」{more}"
    own = _BB_TAG.sub("", text)
    for m in _OWN_SENTENCE.finditer(own):
        sentence = m.group(0).strip()
        reason = why_listed(players, sentence) if sentence else None
        if reason is not None and own.strip() == sentence:
            return why  # (the post is that one sentence: shown beside the reason)
        if reason is not None:
            return f"{reason}：「{_quote(sentence)}」"
    return why


def thread_problems(
    game: Game,
    threads: Sequence[ThreadSpec],
    days: Sequence[DaySpec],
    subjects: Mapping[int, str],
    unclassified: Iterable[Listed],
) -> list[str]:
    """A day thread whose day has no known close; a vote or discussion thread that says no
    day."""
    known = {d.number for d in days}
    out: list[str] = []
    seen: set[int] = set()
    for t in threads:
        day = t.day
        if t.kind in (ThreadKind.DISCUSSION, ThreadKind.VOTE) and day is not None:
            if day in known or day in seen:
                continue
            seen.add(day)
            out.append(
                f"第{day}天的帖子 {t.tid}「{subjects.get(t.tid, '')}」没有已知的关门时间"
                f"（开帖里没有写，规则帖和规则集也推不出）：auditor game --add day 补上这一天"
            )
    for listed in unclassified:
        if "没有第几天" not in listed.reason:
            continue
        # a vote thread, or a discussion thread (讨论 in its title: 一号线路·讨论): a day's
        # thread the game's tag marks whose day is unknown — its directors' posts are not read
        # until it has one, so it is said (issue 34, never silent)
        kind = (
            "投票帖" if "投票" in listed.subject else "讨论帖" if "讨论" in listed.subject else None
        )
        if kind is not None:
            out.append(
                f"{kind} {listed.tid}「{listed.subject}」不知道是第几天的"
                f"（标题没有第几天）：写进游戏文件的 [[thread]] day"
            )
    return out


def night_problems(
    game: Game,
    days: Sequence[DaySpec],
    events: Sequence[Event],
    posts: Iterable[Post],
    announced: set[int],
    threads: Sequence[ThreadSpec] = (),
) -> list[str]:
    """Each night between two known days with no announced outcome: no night death, no
    平安夜 (or the like), and no outcome announced at all in the next day's opening hours
    (``announced``: the posts an outcome was read from; a 公示 of the day's vote alone says
    no one died in the night; a substitute or a 延时 says nothing of it).  Asked as a
    question, with the next day's thread and the link to its opening post (``threads``), where
    the director announced it."""
    ordered = sorted(days, key=lambda d: d.number)
    posts = list(posts)
    said = [(p.posted_at, p) for p in posts if p.author in game.directors]
    base = game.forum.url if game.forum is not None else None
    out: list[str] = []
    for d, e in itertools.pairwise(ordered):
        if e.number != d.number + 1:
            continue
        lo, hi = d.closes, e.opens + timedelta(hours=12)

        def inside(t: datetime | None, lo: datetime = lo, hi: datetime = hi) -> bool:
            return t is not None and lo < t <= hi

        if any(
            ev.type is EventType.ELIMINATED and ev.how in ("night", None)
            and (inside(ev.at) or inside(ev.announced))
            for ev in events
        ):  # fmt: skip
            continue
        window = [p for t, p in said if inside(t)]
        if any(_QUIET_NIGHT.search(_text(p)) or p.pid in announced for p in window):
            continue
        out.append(
            f"第{d.number}夜的结果是什么？第{d.number}夜（{d.closes:%m-%d %H:%M} 至第{e.number}天开门）"
            f"没有读到公示的夜晚结果（出局或平安夜）{_day_thread(e.number, threads, posts, base)}"
        )
    return out


def _day_thread(
    number: int, threads: Sequence[ThreadSpec], posts: Sequence[Post], base: str | None
) -> str:
    """Where the day's first thread opens (its tid, the link to its opening post), for a
    question about the night before it; empty when the day has no thread."""
    tids = sorted(
        t.tid
        for t in threads
        if t.day == number and t.kind in (ThreadKind.DISCUSSION, ThreadKind.VOTE)
    )
    if not tids:
        return ""
    tid = next((t for t in tids if any(p.tid == t and p.first for p in posts)), tids[0])
    opening = next((p for p in posts if p.tid == tid and p.first), None)
    link = findpost_link(base, tid, opening.pid if opening is not None else None)
    return f"；第{number}天开门的帖：帖子 {tid}" + (f" {link} " if link else "")


def no_result_times(game: Game, posts: Iterable[Post]) -> list[datetime]:
    """When a director said a day had no result (无人出局, 平票, 无人当选)."""
    return [
        p.posted_at for p in posts if p.author in game.directors and _NO_RESULT.search(_text(p))
    ]


def result_problems(
    game: Game, now: datetime, tallied: Iterable[int | None], no_result: Sequence[datetime]
) -> list[str]:
    """Each closed day without a result: no event at its close (voted out, sheriff, idiot),
    no tally outcome proposed for it (``tallied``: those days), no 无人出局 / 平票 said by a
    director (``no_result``: when)."""
    ordered = sorted(game.days, key=lambda d: d.number)
    days_tallied = {t for t in tallied if t is not None}
    out: list[str] = []
    for i, d in enumerate(ordered):
        if now <= d.closes or d.number in days_tallied:
            continue
        nxt = ordered[i + 1].opens if i + 1 < len(ordered) else d.closes
        hi = max(nxt, d.closes + timedelta(hours=12))

        def at_close(e: Event, d: DaySpec = d, hi: datetime = hi) -> bool:
            if e.type not in (EventType.ELIMINATED, EventType.SHERIFF, EventType.IDIOT_REVEALED):
                return False
            if e.type is EventType.ELIMINATED and e.how == "night":
                return False
            # a vote-out recorded inside the day (its result posted before a close the director
            # later moved, 延时) is still the day's outcome, as the tally reads it
            lo = d.opens if e.how == "vote" else d.closes - timedelta(minutes=1)
            return e.at is not None and lo <= e.at <= hi

        if any(at_close(e) for e in game.events):
            continue
        if any(d.opens <= t <= hi for t in no_result):
            continue
        out.append(
            f"第{d.number}天已关门（{d.closes:%m-%d %H:%M}），没有读到结果（出局、警长或无人出局）"
        )
    return out


def state_problems(game: Game, now: datetime, tallied: Iterable[int | None]) -> list[str]:
    """Everything the game's state lacks, in the order the audit line says it: the
    discovery's problems, the closed days without a result, then the posts not read."""
    disc = game.discovery
    if disc is None or not hasattr(disc, "problems"):
        return []
    out = list(disc.problems) + result_problems(game, now, tallied, disc.no_result)
    if disc.unread:
        base = game.forum.url if game.forum is not None else None
        where = "、".join(_where(u, base) for u in disc.unread[:5])
        more = " 等" if len(disc.unread) > 5 else ""
        out.append(
            f"未读懂的公告 {len(disc.unread)} 条（{where}{more}）：auditor game 查看，"
            "读错的用 --add 补上，不是公告的用 --dismiss 编号"
        )
    return out


def unread_naming(
    game: Game, players: Iterable[str], lo: datetime, hi: datetime | None
) -> list[Unread]:
    """The director's posts listed 未读懂 (not answered) from ``lo`` to ``hi`` that name one
    of ``players``: what they say of them is unknown, so the tool asks about those posts and
    never says the director did not announce it (fh42 item 2: 北风 被潮水带走了 unread, then
    「导演没有公示这个出局」)."""
    disc = game.discovery
    names = [p for p in players if p]
    return [
        u
        for u in (getattr(disc, "unread", None) or [])
        if lo <= u.posted_at
        and (hi is None or u.posted_at <= hi)
        and any(n in u.text for n in names)
    ]


def asked_posts(game: Game, unread: Sequence[Unread]) -> str:
    """The unread posts as the director finds them (their 楼 or link), joined."""
    base = game.forum.url if game.forum is not None else None
    return "、".join(_where(u, base).strip() for u in unread)


def _where(u: Unread, base: str | None) -> str:
    """Where a director finds an unread post: its 楼 in its thread, else its link (a space
    after it, so no character of the line is taken into the address), the pid only when
    neither is known (the --dismiss number; the links are listed under 未读懂的公告)."""
    if u.floor is not None:
        return f"帖子 {u.tid} 的 {u.floor} 楼"
    link = u.link(base)
    return f"{link} " if link else f"pid {u.pid}"


# --------------------------------------------------------------------------- records


def _t(t: datetime | None) -> str | None:
    return t.isoformat() if t is not None else None


Value = dict[str, object]


def item_value(item: ThreadSpec | DaySpec | Event) -> Value:
    if isinstance(item, ThreadSpec):
        return {"tid": item.tid, "kind": item.kind.value, "day": item.day}
    if isinstance(item, DaySpec):
        return {
            "number": item.number,
            "opens": _t(item.opens),
            "closes": _t(item.closes),
            "accelerated": item.accelerated,
            "delayed": item.delayed,
            "phases": [
                {"number": p.number, "name": p.name, "opens": _t(p.opens), "closes": _t(p.closes),
                 "vote_thread": p.vote_thread}
                for p in item.phases
            ],
        }  # fmt: skip
    return {
        "type": item.type.value,
        "player": item.player,
        "at": _t(item.at),
        "how": item.how,
        "until": _t(item.until),
        "value": item.value,
        "announced": _t(item.announced),
    }


@dataclass(frozen=True, slots=True)
class StateItem:
    """One thread, day, event or proposal: its value, source and status; a day's opens and
    closes each with their own (``fields``)."""

    kind: str  # thread | day | event | accelerate | delay | schedule | game_over
    id: str | None  # the proposal id to --confirm (None: in the game file)
    value: Value
    source: str
    status: str  # stated | inferred | proposed | confirmed
    note: str = ""
    fields: dict[str, tuple[object, str, str]] = field(default_factory=dict)

    def as_json(self) -> Value:
        out: Value = {
            "kind": self.kind, "id": self.id, "value": self.value, "source": self.source,
            "status": self.status, "note": self.note,
        }  # fmt: skip
        if self.kind == "day":
            out["fields"] = {
                f: {"value": v, "source": src, "status": st}
                for f, (v, src, st) in self.fields.items()
            }
        return out

    def key(self) -> str:
        v = self.value
        if self.kind == "thread":
            return f"tid {v.get('tid')}"
        if self.kind == "event":
            return f"{v.get('type')} {v.get('player')}"
        return f"day {v.get('number')}" if "number" in v else str(v.get("player") or "")


@dataclass(frozen=True, slots=True)
class State:
    """:func:`records`: what ``auditor game --format json|csv`` gives."""

    problems: list[str]
    items: list[StateItem]
    unread: list[Unread]
    dismissed: dict[int, dict[str, str]]
    base: str | None
    answered: list[Unread] = field(default_factory=list)  # listed posts the file answers

    def as_json(self) -> Value:
        return {
            "complete": not self.problems and not self.unread,
            "problems": list(self.problems),
            "items": [it.as_json() for it in self.items],
            "unread": [
                {
                    "pid": u.pid,
                    "tid": u.tid,
                    "floor": u.floor,
                    "posted_at": _t(u.posted_at),
                    "why": u.why,
                    "text": u.text,
                    "link": u.link(self.base),
                }
                for u in self.unread
            ],
            "dismissed": [
                {"pid": pid, **{k: v for k, v in d.items() if k != "digest"}}
                for pid, d in sorted(self.dismissed.items())
            ],
            "answered": [
                {"pid": u.pid, "text": u.text, "answered_by": u.answered, "link": u.link(self.base)}
                for u in self.answered
            ],
        }


def records(
    disc: Discovery, waiting: Sequence[Proposal], problems: Sequence[str], base: str | None
) -> State:
    """The game's state for scripts: every thread, day and event with its value, source and
    status (``confirmed``: in the game file; ``stated``: a director's post or a title says
    it; ``inferred``: the tool worked it out — a day's time from a post's time or the rule
    set's schedule; ``proposed``: waiting for a director, never applied), each day's
    ``opens`` / ``closes`` with their own; the problems; the posts not read; the dismissed."""
    ids = {(p.kind, repr(p.item)): p.id for p in waiting}
    items: list[StateItem] = []
    listed: set[tuple[str, str]] = set()
    for what, kind in (("threads", "thread"), ("days", "day"), ("events", "event")):
        for s in getattr(disc, what):
            confirmed = s.source == "游戏文件"
            status = "confirmed" if confirmed else s.status
            value = item_value(s.item)
            fields: dict[str, tuple[object, str, str]] = {}
            if kind == "day":
                for f in ("opens", "closes"):
                    src, st = s.fields.get(f) or (s.source, status)
                    fields[f] = (value[f], src, "confirmed" if confirmed else st)
            ident = None if confirmed else ids.get((kind, repr(s.item)))
            items.append(StateItem(kind, ident, value, s.source, status, s.note, fields))
            listed.add((kind, repr(s.item)))
    if disc.ended is not None:
        at, pid, winner = disc.ended
        note = "游戏结束" + (f"（{winner}胜利）" if winner else "") + "：此后的帖子不再检查"
        over: Value = {"at": _t(at), "winner": winner}
        items.append(StateItem("game_over", None, over, f"pid {pid}", "stated", note))
    for p in waiting:
        if (p.kind, repr(p.item)) in listed:
            continue  # (listed above; a tally outcome, a schedule's day ahead: proposals only)
        items.append(
            StateItem(p.kind, p.id, item_value(p.item), p.source, "proposed", p.describe())
        )
    answered = list(getattr(disc, "answered", []))
    return State(list(problems), items, list(disc.unread), dict(disc.dismissed), base, answered)


CSV_COLUMNS = ("kind", "id", "key", "field", "value", "source", "status")


def csv_rows(state: State) -> list[dict[str, object]]:
    """:func:`records` flat: one row per item (``field`` empty, ``value`` its JSON), one per
    day field (opens, closes), one per problem and per post not read."""
    rows: list[dict[str, object]] = []
    for it in state.items:
        value = json.dumps(it.value, ensure_ascii=False, sort_keys=True)
        rows.append(
            {"kind": it.kind, "id": it.id or "", "key": it.key(), "field": "", "value": value,
             "source": it.source, "status": it.status}
        )  # fmt: skip
        for f, (v, src, st) in it.fields.items():
            rows.append(
                {"kind": it.kind, "id": it.id or "", "key": it.key(), "field": f, "value": v,
                 "source": src, "status": st}
            )  # fmt: skip
    for text in state.problems:
        rows.append(
            {"kind": "problem", "id": "", "key": "", "field": "", "value": text, "source": "",
             "status": "incomplete"}
        )  # fmt: skip
    for u in state.unread:
        rows.append(
            {"kind": "unread", "id": "", "key": f"pid {u.pid}", "field": "", "value": u.text,
             "source": f"pid {u.pid}", "status": "unread"}
        )  # fmt: skip
    for u in state.answered:
        rows.append(
            {"kind": "answered", "id": "", "key": f"pid {u.pid}", "field": "", "value": u.text,
             "source": u.answered, "status": "answered"}
        )  # fmt: skip
    return rows
