"""The game as the forum tells it: threads, days and events discovered on every crawl.

A minimal game file names the game (``[game]`` with ``tag``), the forum (``[forum]`` with
``board``) and the players.  Everything else is read from what the directors wrote:

* **threads** from the board list and the saved thread pages: a title that carries the
  tag and says its kind (:mod:`auditor.game.titles`), started by a director.  A title with
  the tag but no kind is listed for the director; one without the tag, or with a near
  match (``M1070`` for ``M107``), is a candidate — neither is taken.
* **days** from the director's opening post of each day's discussion thread (else of its
  vote thread), else from the schedule lists in the rules and process threads
  (:mod:`auditor.game.when`).  ``加速日`` in the title or on the schedule line marks an
  accelerated day.
* **events** from the directors' posts in the process, discussion and vote threads
  (M107 公示: 游戏流程发生变化时需要在讨论贴或投票贴中公示), in posting order; a later post
  that corrects (更正 / 改为) replaces the earlier events of the same kind that day
  (:mod:`auditor.game.announce`).

Whatever the game file states wins; a discovered item that disagrees with it is a
warning.  Every discovered item keeps its source (the title's tid, or the pid).
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime, time, timedelta, tzinfo
from functools import cache
from itertools import pairwise

from auditor.game import learned
from auditor.game.announce import SUPPOSING, Announced, Notice, Patterns
from auditor.game.confirm import HOW_LABEL, THREAD_LABEL, Proposal, write_proposals
from auditor.game.drafted import draft_rest
from auditor.game.fold import fold
from auditor.game.gamefile import (
    DEFAULT_PIPED_WORDS,
    EVENT_LABEL,
    DaySpec,
    Event,
    EventType,
    Game,
    PhaseSpec,
    ThreadKind,
    ThreadSpec,
)
from auditor.game.lazy import lazy
from auditor.game.roster import spell_out
from auditor.game.state import (
    Unread,
    night_problems,
    night_report,
    no_result_times,
    thread_problems,
    unread_posts,
)
from auditor.game.structure import schedule_for, sheriff_day
from auditor.game.titles import (
    DAY_LABEL,
    NAMED_ROUND,
    NUM,
    a_runoff,
    classify,
    cn_number,
    kind_word,
    kindless,
    match_tag,
    opening_day,
    serial_code,
    set_aside_vote,
    title_count,
    title_date,
)
from auditor.game.when import (
    TimePoint,
    TimeRange,
    find_points,
    find_ranges,
    lone_close,
    paired_times,
)
from auditor.models import Post
from auditor.rulesets import preset_text
from auditor.urls import findpost_link


@dataclass(frozen=True, slots=True)
class Listed:
    """A thread on the board that was not taken, and why."""

    tid: int
    subject: str
    reason: str
    # set aside for its spectators' word alone, though it reads as a day's vote thread: (the
    # word, the day said) — the report asks the director (titles.set_aside_vote)
    vote_aside: tuple[str, str] | None = None


@dataclass(frozen=True, slots=True)
class Sourced:
    """A discovered thread, day or event and where it came from."""

    item: ThreadSpec | DaySpec | Event
    source: str  # 游戏文件 | 标题 | pid N
    pid: int | None = None
    note: str = ""
    # stated (the forum or the file says it) | inferred (the tool worked it out)
    status: str = "stated"
    # a day's opens / closes: each its own (source, status)
    fields: dict[str, tuple[str, str]] = field(default_factory=dict)


@dataclass(slots=True)
class Discovery:
    threads: list[Sourced] = field(default_factory=list)
    days: list[Sourced] = field(default_factory=list)
    events: list[Sourced] = field(default_factory=list)
    unclassified: list[Listed] = field(default_factory=list)  # the tag, but no kind
    candidates: list[Listed] = field(default_factory=list)  # no tag, or a near match
    warnings: list[str] = field(default_factory=list)
    proposals: list[str] = field(default_factory=list)
    accelerations: list[Proposal] = field(default_factory=list)  # 加速 / 延时 requests
    asks: list[Proposal] = field(default_factory=list)  # the hour a seed leaves open
    read: set[int] = field(default_factory=set)  # the directors' posts something was taken from
    announced: set[int] = field(default_factory=set)  # ... an event (or a denial) among it
    # ... an outcome among it (a death, a vote-out, a badge, 平安夜): a substitute or a 延时 tells
    # nothing of the night before it
    outcome: set[int] = field(default_factory=set)
    # ... a clause or line of which was not read (listed even when a day was read from it)
    unplaced: set[int] = field(default_factory=set)
    piped_words: tuple[str, ...] = ()  # the rule set's words for the piped (喵喵 / 咪啪)
    unread: list[Unread] = field(default_factory=list)  # 未读懂的公告
    answered: list[Unread] = field(default_factory=list)  # ... answered in the game file
    dismissed: dict[int, dict[str, str]] = field(default_factory=dict)  # 不是公告, signed
    problems: list[str] = field(default_factory=list)  # the game's state is incomplete
    no_result: list[datetime] = field(default_factory=list)  # 无人出局 / 平票 said then
    subjects: dict[int, str] = field(default_factory=dict)
    # 游戏结束 (when, the post, the winner as written): no post after it is checked
    ended: tuple[datetime, int | None, str | None] | None = None
    base: Game | None = None  # the game as the file states it
    # no title on the board carries the game's tag (a typo in [game] tag finds nothing)
    untagged: str | None = None
    # a day named in its titles' own words (春之章 → 1), from the threads dated by their
    # opening post (:func:`_dated_by_opening`)
    day_names: dict[str, int] = field(default_factory=dict)
    # the counter word the whole game counts its days by (第1轮 讨论帖 …, :func:`_counted_by_title`)
    day_word: str | None = None
    # the directors' posts that are the tool's own drafts (公告 / 票型 / 投票提醒) posted:
    # the tool's result published, never read for an item nor listed (:mod:`drafted`)
    drafts: list[int] = field(default_factory=list)
    # a schedule's days whose threads do not exist yet: proposed, never the game's until
    # a director confirms them (:func:`_scheduled_ahead`)
    ahead: list[Proposal] = field(default_factory=list)
    # 版杀7 days found with no 环节 (:func:`_phaseless`): asked with the state's problems
    problems_ahead: list[str] = field(default_factory=list)
    # the titles' serial codes that count the days (RB8802 → 2, :func:`_dated_by_serial`):
    # the directors' posts read with each code said as its day
    serials: dict[str, int] = field(default_factory=dict)
    # 版杀7 vote threads whose titles name their 环节 in the director's words (第一日·早市):
    # tid -> the 环节's number by the day's threads' order (:func:`_phases_by_order`)
    phase_order: dict[int, int] = field(default_factory=dict)

    def discovered(self, what: str) -> list[Sourced]:
        items: list[Sourced] = getattr(self, what)
        return [s for s in items if s.source != "游戏文件"]

    def pending(self) -> list[Proposal]:
        """What the forum says that the game file does not: each discovered thread, day
        and event, then the 加速 / 延时 requests, for a director to confirm."""
        out = [
            Proposal(what, s.item, s.source, s.note, pid=s.pid, inferred=s.status == "inferred")
            for what, key in (("thread", "threads"), ("day", "days"), ("event", "events"))
            for s in self.discovered(key)
        ]
        return out + list(self.ahead) + list(self.asks) + list(self.accelerations)


# --------------------------------------------------------------------------- threads


@dataclass(frozen=True, slots=True)
class TitledThread:
    tid: int
    subject: str
    author: str | None = None


def board_threads(store: object) -> list[TitledThread]:
    """The board list from the last crawl plus every thread the store has a title for."""
    out: dict[int, TitledThread] = {}
    for item in store.state.board_threads:  # type: ignore[attr-defined]
        out[int(item["tid"])] = TitledThread(
            int(item["tid"]), str(item["subject"]), item.get("author")
        )
    for tid, subject in store.thread_subjects():  # type: ignore[attr-defined]
        if subject and tid not in out:
            out[tid] = TitledThread(tid, subject)
    return sorted(out.values(), key=lambda t: t.tid)


def take_thread(game: Game, subject: str, author: str | None) -> tuple[ThreadSpec | None, str]:
    """(spec, "") for a thread of this game, else (None, the reason it was not taken)."""
    assert game.tag is not None
    tag = match_tag(subject, game.tag)
    if not tag.exact:
        return None, (f"标签只是近似（不是独立的“{game.tag}”）" if tag.near else "标题没有游戏标签")
    info = classify(subject, game.ruleset, game.tag)
    if info.kind is None:
        return None, info.why
    if author is not None and game.directors and author not in game.directors:
        return None, f"发帖人 {author} 不是导演"
    day = info.day if info.kind in (ThreadKind.DISCUSSION, ThreadKind.VOTE) else None
    return ThreadSpec(0, info.kind, day), info.why


def discover_threads(
    game: Game, titled: Iterable[TitledThread], disc: Discovery
) -> list[ThreadSpec]:
    threads = list(game.threads)
    in_file = {t.tid for t in game.threads}
    for ft in game.threads:
        disc.threads.append(Sourced(ft, "游戏文件"))
    titled = list(titled)
    if game.tag and titled and not any(match_tag(t.subject, game.tag).exact for t in titled):
        disc.untagged = _untagged(game.tag, [t.subject for t in titled], not game.threads)
        disc.warnings.append(disc.untagged)
    for tt in titled:
        disc.subjects[tt.tid] = tt.subject
        spec, why = take_thread(game, tt.subject, tt.author)
        if tt.tid in in_file:
            f = game.thread(tt.tid)
            if spec is not None and f is not None and (spec.kind, spec.day) != (f.kind, f.day):
                disc.warnings.append(
                    f"帖子 {tt.tid}「{tt.subject}」：标题看起来是 {_kind_day(spec)}，"
                    f"游戏文件写的是 {_kind_day(f)}（以游戏文件为准）"
                )
            continue
        if spec is None:
            tag = match_tag(tt.subject, game.tag or "")
            aside = set_aside_vote(tt.subject, game.ruleset, game.tag) if tag.exact else None
            listed = Listed(tt.tid, tt.subject, why, aside)
            (disc.unclassified if tag.exact else disc.candidates).append(listed)
            continue
        spec = replace(spec, tid=tt.tid)
        threads.append(spec)
        disc.threads.append(Sourced(spec, "标题", note=f"「{tt.subject}」{why}"))
    return threads


def _dated_by_opening(game: Game, disc: Discovery, store: object) -> list[ThreadSpec]:
    """The day threads whose title names no day (``[M107] 春之章 · 讨论``): the day their
    director's opening post names (:func:`auditor.game.titles.opening_day`), sourced to
    that post; a thread whose opening post names none stays listed for the director."""
    out: list[ThreadSpec] = []
    for listed in list(disc.unclassified):
        info = classify(listed.subject, game.ruleset, game.tag)
        if info.undated is None:
            continue
        posts = store.posts(tid=listed.tid, tz=game.timezone)  # type: ignore[attr-defined]
        first = next((sp.post for sp in posts if sp.post.first), None)
        if first is None or first.author not in game.directors:
            continue
        day = opening_day(_text(first))
        if day is None:
            continue
        spec = ThreadSpec(listed.tid, info.undated, day)
        name = _day_name(listed.subject, game.tag or "")
        if name and disc.day_names.setdefault(name, day) != day:
            disc.day_names[name] = 0  # one name, two days: no name
        disc.unclassified.remove(listed)
        out.append(spec)
        note = f"「{listed.subject}」{info.why}，首帖写的是第{day}天"
        disc.threads.append(Sourced(spec, f"pid {first.pid}", first.pid, note))
    return out


# a clause that says which day a date is (明天12月3日就是第一天, 第一天：12月3日, 12/3 为 D1)
_DATE_IS_DAY = lazy(
    rf"(?P<m>\d{{1,2}}|[一二三四五六七八九十]{{1,3}})\s*月\s*(?P<d>\d{{1,2}}|[一二三四五六七八九十]{{1,3}})\s*[日号]"
    rf"[^，。；！？!?\n]{{0,6}}?(?:就是|即|是|为|算)\s*(?:{DAY_LABEL})"
    rf"|(?:{DAY_LABEL})\s*(?:就是|即|是|为|[:：(（])\s*"
    rf"(?P<m2>\d{{1,2}}|[一二三四五六七八九十]{{1,3}})\s*月\s*(?P<d2>\d{{1,2}}|[一二三四五六七八九十]{{1,3}})\s*[日号]"
)
# (the supposition words from their one home, announce.SUPPOSING; a question; a denial)
_UNDONE = lazy(rf"{SUPPOSING}|是不是|吗|[？?]|不是")


def _date_anchor(
    game: Game, threads: list[ThreadSpec], store: object
) -> tuple[tuple[int, int], int, int] | None:
    """((month, day), day number, pid) the rules or process thread's director says a date is
    (明天12月3日就是第一天); the first such clause, not a question or supposition."""
    for pid, clause in _rules_clauses(game, threads, store, r"[。；！!\n]"):
        m = _DATE_IS_DAY.search(clause)
        if m is None or _UNDONE.search(clause):
            continue
        g = m.groupdict()
        month, day = cn_number(g["m"] or g["m2"]), cn_number(g["d"] or g["d2"])
        label = re.search(DAY_LABEL, m.group(0), re.I)
        n = cn_number(label.group(1) or label.group(2)) if label else None
        if month and day and n:
            return (month, day), n, pid
    return None


def _rules_clauses(
    game: Game, threads: list[ThreadSpec], store: object, split: str
) -> Iterator[tuple[int, str]]:
    """(pid, clause) of each director's post in the rules and process threads, split at
    ``split``: where a director states how the game counts its days."""
    for t in threads:
        if t.kind not in (ThreadKind.RULES, ThreadKind.PROCESS):
            continue
        for sp in store.posts(tid=t.tid, tz=game.timezone):  # type: ignore[attr-defined]
            if sp.post.author not in game.directors:
                continue
            for clause in re.split(split, _text(sp.post)):
                yield sp.post.pid, clause


def _title_dates(
    game: Game, disc: Discovery, store: object
) -> list[tuple[tuple[int, int, int], Listed, ThreadKind]]:
    """The day threads titled by a date only, each with its date's year (the year of its
    director's opening post; 12月 read in January is the year before) and its kind."""
    dated: list[tuple[tuple[int, int, int], Listed, ThreadKind]] = []
    for listed in disc.unclassified:
        info = classify(listed.subject, game.ruleset, game.tag)
        if info.undated is None or info.date is None:
            continue
        posts = store.posts(tid=listed.tid, tz=game.timezone)  # type: ignore[attr-defined]
        first = next((sp.post for sp in posts if sp.post.first), None)
        if first is None or first.author not in game.directors:
            continue
        at = first.posted_at.astimezone(game.timezone)
        month, day = info.date
        year = at.year - (month == 12 and at.month == 1) + (month == 1 and at.month == 12)
        dated.append(((year, month, day), listed, info.undated))
    return dated


def _dated_by_title(
    game: Game, threads: list[ThreadSpec], disc: Discovery, store: object
) -> list[ThreadSpec]:
    """The day threads titled by a date only (``[M39] 12月3日 投票``): days in date order,
    the first date the day the rules or process thread says it is (明天12月3日就是第一天),
    else day 1.  Sourced to that post, or to the titles' order (inferred)."""
    dated = _title_dates(game, disc, store)
    if not dated:
        return []
    order = sorted({d for d, _l, _k in dated})
    anchor = _date_anchor(game, threads, store)
    base, pid = 1, None
    if anchor is not None:
        hits = [i for i, d in enumerate(order) if d[1:] == anchor[0]]
        if hits:
            base, pid = anchor[1] - hits[0], anchor[2]
    src = "标题的日期顺序" if pid is None else f"pid {pid} 写的第一天"
    out: list[ThreadSpec] = []
    for d, listed, kind in dated:
        n = base + order.index(d)
        if n < 1:
            continue
        spec = ThreadSpec(listed.tid, kind, n)
        disc.unclassified.remove(listed)
        out.append(spec)
        note = f"「{listed.subject}」{d[1]}月{d[2]}日 → 第{n}天（{src}）"
        source = "标题" if pid is None else f"pid {pid}"
        status = "inferred" if pid is None else "stated"
        disc.threads.append(Sourced(spec, source, pid, note, status))
    return out


# a clause that makes a counter word the day unit, either way round: 一天一轮, 每天一场,
# 一日为一轮 / 一轮一天, 每轮一天, 每轮为一天, 一场就是一天; not an ordinal's 一 (第一轮天亮了)
_CLAUSE_END = lazy(r"[，,。；;！!？?\n]")
_WORD_IS_DAY = (
    r"(?<![第{num}])(?:一|每)\s*[天日]\s*(?:为|是|即|算|就是|等于)?\s*一?\s*{w}"
    r"|(?<![第{num}])(?:一|每)\s*{w}\s*(?:为|是|即|算|就是|等于)?\s*一?\s*[天日]"
)


@cache
def _day_unit_patterns(word: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The patterns for one counter word, made once per word: the clause that makes it
    the day unit (:data:`_WORD_IS_DAY`), its ordinal (第2轮) and the ordinal with its
    spaces, as :func:`as_days` rewrites it."""
    said = lazy(_WORD_IS_DAY.format(w=word, num="0-9零〇一二两三四五六七八九十百"))
    return said, lazy(rf"第\s*({NUM})\s*{word}"), lazy(rf"第(\s*{NUM}\s*){word}")


def _the_day_unit(game: Game, word: str, texts: list[tuple[int, Post]]) -> int | None:
    """The pid of the first director post that makes ``word`` the day unit: it says so
    (一天一轮) or gives 第N<word> its own opening and close, as a day's schedule line does
    (第1轮：12月1日 10:00 开球 —— 12月2日 22:00 终场哨), or a list that dates each of them
    with a calendar day of its own (排期：第1场 11月23日 / 第2场 11月24日); not a question or
    supposition."""
    said, counted, _spaced = _day_unit_patterns(word)
    dated = lazy(rf"第\s*{NUM}\s*{word}\s*[:：]?\s*{NUM}\s*月\s*{NUM}\s*[日号]")
    for _n, p in texts:
        if p.author not in game.directors:
            continue
        text = _first_said(_text(p), word)
        for clause in re.split(r"[。；！!\n]", text):
            if _UNDONE.search(clause):
                continue
            if said.search(clause):
                return p.pid
            m = counted.search(clause)
            if m is None:
                continue
            if title_date(clause[m.end() :]) is not None and len(dated.findall(_text(p))) > 1:
                return p.pid  # 第1场 11月23日⏎第2场 11月24日: each counted one a date of its own
            if _dated_block(game, p, text, clause, m):
                return p.pid  # 第一场：12月21日⏎开机：上午九点⏎收工：晚上九点
            as_day = counted.sub(lambda x: f"第{x.group(1)}天", clause)
            ranges = find_ranges(as_day, p.posted_at, game.timezone)
            if any(r.day == cn_number(m.group(1)) and not r.aside for r in ranges):
                return p.pid
    return _counted_by_dates(game, texts, word)


def _counted_by_dates(game: Game, texts: list[tuple[int, Post]], word: str) -> int | None:
    """The pid of the first counted thread's opening post when the threads' own times make
    the counter word the day (issue 34 Build 1, a day exists when its threads exist): every
    number's threads open, by the director, on a calendar date of their own, later for a
    later number (💌【M39 第一场】讨论帖 on 1月19日, 第二场 on 1月20日) — rounds inside one day
    (第一轮 / 第二轮 投票 the same day) share a date and stay unread.  The first number alone is
    day 1 whichever it counts.  Only while the rules and process threads say nothing of the
    word with a number (第一轮天亮了, 每天两轮投票, 第1场 11月20日 揭幕): what the director says
    of it, and :func:`_the_day_unit` did not read as the day, stands."""
    dates: dict[int, set[date]] = {}
    first: Post | None = None
    counted = lazy(rf"{NUM}\s*{re.escape(word)}")
    for n, p in texts:
        if n <= 0:
            if p.author in game.directors and counted.search(_text(p)):
                return None
            continue
        if p.author not in game.directors:
            return None
        dates.setdefault(n, set()).add(p.posted_at.astimezone(game.timezone).date())
        if n == 1 and (first is None or p.posted_at < first.posted_at):
            first = p
    if first is None or first.pid is None:
        return None
    spans = [dates[n] for n in sorted(dates)]
    if any(min(later) <= max(before) for before, later in pairwise(spans)):
        return None
    return first.pid


def _dated_block(game: Game, p: Post, text: str, clause: str, m: re.Match[str]) -> bool:
    """``clause`` is a label line that dates 第N<word> with a calendar day of its own
    (第一场：12月21日) and the lines under it, up to a blank line, give that day its close
    (收工：晚上九点): a day's schedule written as a block of labels."""
    rest = clause[m.end() :].strip(" \t:：")
    if not rest or title_date(rest) is None or _UNDONE.search(rest):
        return False
    lines = text.splitlines()
    at = next((i for i, ln in enumerate(lines) if ln.strip() == clause.strip()), None)
    if at is None:
        return False
    block: list[str] = []
    for ln in lines[at + 1 : at + 4]:
        if not ln.strip():
            break
        block.append(ln)
    points = find_points("\n".join(block), p.posted_at, game.timezone)
    return any(pt.role == "closes" and not (pt.wrong or pt.aside or pt.asof) for pt in points)


def as_days(text: str, word: str | None) -> str:
    """``text`` with the game's counter word for its days (第2轮) said as 第2天 — not in a
    runoff's clause (第二轮投票（PK）: a vote inside a day), by the test a title's count
    passes (:func:`auditor.game.titles.a_runoff`)."""
    if not word:
        return text

    def one(m: re.Match[str]) -> str:
        starts = [x.end() for x in _CLAUSE_END.finditer(text, 0, m.start())]
        end = _CLAUSE_END.search(text, m.end())
        clause = text[starts[-1] if starts else 0 : end.start() if end else len(text)]
        return m.group(0) if a_runoff(clause) else f"第{m.group(1)}天"

    return _day_unit_patterns(word)[2].sub(one, _first_said(text, word))


def _first_said(text: str, word: str) -> str:
    """``text`` with the first of the game's count said without 第 (头一场, 首轮) as 第一场 /
    第一轮, as a title's is (:data:`auditor.game.titles.FIRST_ORDINAL`)."""
    return re.sub(rf"(?:头\s*一|首)(?=\s*{word})", "第一", text)


def _counted_days(posts: list[Post], word: str | None) -> list[Post]:
    """The posts with the game's counter word for its days said as 天 (:func:`as_days`)."""
    if not word:
        return posts
    return [
        replace(p, text=as_days(p.text, word), lines=tuple(as_days(x, word) for x in p.lines))
        for p in posts
    ]


def _counted_by_title(
    game: Game, threads: list[ThreadSpec], disc: Discovery, store: object
) -> list[ThreadSpec]:
    """The day threads of a game that counts its days by 轮 / 场 (``[M107] 绿茵场·第2轮
    讨论帖``): when no title names a 天 / 日, every undated day thread counts by the same word
    with a running number (1, 2, 3 …), and a director's post in the rules or process thread
    or a counted thread's opening makes that word the day unit (:func:`_the_day_unit`),
    each thread is the day its number counts.  轮 and 场 alone name no day
    (:func:`auditor.game.titles._day_of`): a vote's second round, a day's sittings."""
    kinds = (ThreadKind.DISCUSSION, ThreadKind.VOTE)
    if any(t.kind in kinds for t in threads):
        return []
    counted: list[tuple[Listed, ThreadKind, str, int]] = []
    for listed in disc.unclassified:
        info = classify(listed.subject, game.ruleset, game.tag)
        if info.undated is None:
            continue
        count = title_count(listed.subject, game.tag)
        if count is None:
            return []
        counted.append((listed, info.undated, *count))
    words = {w for _l, _k, w, _n in counted}
    numbers = {n for _l, _k, _w, n in counted}
    if len(words) != 1 or numbers != set(range(1, max(numbers) + 1)):
        return []
    word = words.pop()
    posts: list[tuple[int, Post]] = []
    for t in threads:
        if t.kind in (ThreadKind.RULES, ThreadKind.PROCESS):
            posts += [(0, sp.post) for sp in store.posts(tid=t.tid, tz=game.timezone)]  # type: ignore[attr-defined]
    for listed, _k, _w, n in counted:
        found = store.posts(tid=listed.tid, tz=game.timezone)  # type: ignore[attr-defined]
        posts += [(n, sp.post) for sp in found if sp.post.first]
    pid = _the_day_unit(game, word, posts)
    if pid is None:
        return []
    disc.day_word = word
    out: list[ThreadSpec] = []
    for listed, kind, _w, n in counted:
        spec = ThreadSpec(listed.tid, kind, n)
        disc.unclassified.remove(listed)
        out.append(spec)
        note = f"「{listed.subject}」第{n}{word} → 第{n}天（pid {pid} 以“{word}”为一天）"
        disc.threads.append(Sourced(spec, f"pid {pid}", pid, note))
    return out


# a director's gloss that the code's last digits count the days (航班号最后一位就是第几天,
# 车次尾号即天数, 房号末两位是第几日): the digits it names (一位 1, 两位 2)
_SERIAL_GLOSS = lazy(r"(?:最后|末尾?|尾)\s*(?P<k>[一两二12])?\s*(?:位|个数字|个数)|尾号|尾数")
_SERIAL_DAY = lazy(r"第几\s*[天日]|天数|哪一?\s*[天日]|第\s*[nN]\s*[天日]")
# … of a code the clause names (航班号最后一位 / 车次尾号 / RB8801 的尾数), never a person's
# last one (最后一位玩家哪天死的)
_CODE_WORD = lazy(
    r"编号|代号|序号|编码|号码|航班|班次|车次|房号|房间号|门牌|牌号|[A-Za-z]{1,3}\s*\d{2,}"
)


def _serial_gloss(game: Game, threads: list[ThreadSpec], store: object) -> tuple[int, int] | None:
    """(digits, pid): a director's post in the rules or process thread that says the
    titles' code counts the days by its last digits — one clause naming both the digits
    and the day, not a question or supposition."""
    for pid, clause in _rules_clauses(game, threads, store, r"[。；;！!\n，,]"):
        m = _SERIAL_GLOSS.search(clause)
        if (
            m is None
            or not _SERIAL_DAY.search(clause)
            or not _CODE_WORD.search(clause)
            or _UNDONE.search(clause)
        ):
            continue
        k = 2 if m.group("k") in ("两", "二", "2") else 1
        return k, pid
    return None


def _serial_run(codes: set[str]) -> dict[str, int] | None:
    """{code: day} when the codes differ only in their last digits and those run 1, 2 …
    n (n ≥ 2: RB8801, RB8802, RB8803), else None."""
    if len(codes) < 2:
        return None
    ordered = sorted(codes)
    head = ordered[0]
    for c in ordered[1:]:
        while not c.startswith(head):
            head = head[:-1]
    tails = {c: c[len(head) :] for c in ordered}
    if not all(t.isdigit() for t in tails.values()) or len({len(c) for c in ordered}) != 1:
        return None
    days = {c: int(t) for c, t in tails.items()}
    return days if set(days.values()) == set(range(1, len(days) + 1)) else None


def _dated_by_serial(
    game: Game, threads: list[ThreadSpec], disc: Discovery, store: object
) -> list[ThreadSpec]:
    """The day threads whose titles count the days in a serial code (``[030] RB8801
    候机大厅``, ``[030] RB8802 登机口（投票）``) when no title names a day: each thread the
    day its code's last digits say, as the director glosses it in the rules or process
    thread (航班号最后一位就是第几天: stated), else as the titles' codes run 1, 2, 3
    (inferred).  A title with no kind word is its day's discussion thread, as a title that
    names only its day is (:func:`auditor.game.titles.classify`).  A code that neither
    glosses nor runs names no day: its threads stay listed."""
    if any(
        t.day is not None for t in threads if t.kind in (ThreadKind.DISCUSSION, ThreadKind.VOTE)
    ):
        return []
    coded: list[tuple[Listed, ThreadKind, str]] = []
    for listed in disc.unclassified:
        info = classify(listed.subject, game.ruleset, game.tag)
        kind = info.undated
        if kind is None and kindless(listed.subject, game.ruleset, game.tag):
            kind = ThreadKind.DISCUSSION
        code = serial_code(listed.subject, game.tag)
        if kind is not None and code is not None:
            coded.append((listed, kind, code))
    if not coded:
        return []
    gloss = _serial_gloss(game, threads, store)
    codes = {c for _l, _k, c in coded}
    if gloss is not None:
        k, pid = gloss
        days = {c: int(c[-k:]) for c in codes}
        source, status = f"pid {pid}", "stated"
        said = f"pid {pid} 说编号最后{'两' if k == 2 else '一'}位是第几天"
    else:
        run = _serial_run(codes)
        if run is None:
            return []
        days, pid, source, status = run, None, "标题", "inferred"
        said = "标题的编号依次是第 1、2、3…天"
    out: list[ThreadSpec] = []
    for listed, kind, code in coded:
        n = days[code]
        if n < 1:
            continue
        spec = ThreadSpec(listed.tid, kind, n)
        disc.unclassified.remove(listed)
        disc.serials[code] = n
        out.append(spec)
        note = f"「{listed.subject}」{code} → 第{n}天（{said}）"
        disc.threads.append(Sourced(spec, source, pid, note, status))
    return out


# A title's own running number for its days (``[M107] 📦一号线路·讨论``, ``🚚二号线路·投票``;
# ``[M39] 🔔初一·禅堂（讨论）``, ``🔔初二·功德箱（投票）``): one numeral in one word of the title,
# the rest of that word the same in every day thread (一号线路 / 二号线路, 初一 / 初二).  A
# number not of the day's own (第2轮 / 第3场: :func:`_counted_by_title`; a runoff's 第二轮; a
# serial code; a date) is read elsewhere or not at all.
_RUN_SPLIT = lazy(r"[\s·・•\-—|｜:：/,，。!！?？]+")
_RUN_NUMERAL = lazy(
    r"(?<![0-9一二两三四五六七八九十])(\d{1,2}|[一二两三四五六七八九十]{1,3})(?![0-9一二两三四五六七八九十])"
)
_RUN_BRACKETED = lazy(r"[\[【［(（「『<《〔][^\]】］)）」』>》〕]*[\]】］)）」』>》〕]")


def _running_word(subject: str, tag: str | None) -> tuple[str, str, int] | None:
    """(the title's day word, its template with the numeral as ``#``, the number) of a title
    that carries one numeral in one of its words (🚚二号线路·讨论 → 二号线路, #号线路, 2), brackets,
    emoji and symbols aside; None for none or more than one."""
    s = _RUN_BRACKETED.sub(" ", _untitled(subject, tag))
    s = "".join(c if c.isalnum() or c in " ·・•-—|｜:：/,，" else " " for c in s)
    found: list[tuple[str, re.Match[str]]] = []
    for word in _RUN_SPLIT.split(s):
        found += [(word, m) for m in _RUN_NUMERAL.finditer(word)]
    if len(found) != 1:
        return None
    word, m = found[0]
    n = cn_number(m.group(1))
    if n is None or len(word) > 8 or word == m.group(1):
        return None
    return word, word[: m.start()] + "#" + word[m.end() :], n


def _untitled(subject: str, tag: str | None) -> str:
    """The title normalised, its tag removed."""
    s = fold(subject)
    return re.sub(re.escape(tag), " ", s, flags=re.I) if tag else s


def _runs_the_days(kinds: list[tuple[ThreadKind, int]]) -> bool:
    """Whether the titles' numbers count days: they run 1, 2 … n, one thread of each kind a
    number (a game named 1号楼 whose threads all say 1号楼 counts no days), and a lone 1 only
    as a day's pair, its discussion and its vote (a game's first night; a lone 一号选手自爆帖
    or 初一(3)班 is no day)."""
    numbers = {n for _k, n in kinds}
    if not numbers or numbers != set(range(1, max(numbers) + 1)):
        return False
    if len(set(kinds)) != len(kinds):
        return False
    return numbers != {1} or {k for k, _n in kinds} == {ThreadKind.DISCUSSION, ThreadKind.VOTE}


def _dated_by_running_number(
    game: Game, threads: list[ThreadSpec], disc: Discovery
) -> list[ThreadSpec]:
    """The day threads whose titles count the days by a running number of their own when no
    title names a day (:data:`_running_word`): every undated day thread carries one word
    with one numeral, the same word but for the numeral, and the numbers run 1, 2 … n (a
    game's first night: 1 alone), each thread the day its number counts (inferred: shown
    to the director as a proposal).  The word is then the game's name of that day in the
    directors' posts (二号线路截单改为 23:00, 初三暮鼓改在今晚 23:30: 第2天 / 第3天)."""
    if any(
        t.day is not None for t in threads if t.kind in (ThreadKind.DISCUSSION, ThreadKind.VOTE)
    ):
        return []
    run: list[tuple[Listed, ThreadKind, str, int]] = []
    templates: set[str] = set()
    for listed in disc.unclassified:
        info = classify(listed.subject, game.ruleset, game.tag)
        if info.undated is None:
            continue
        said = _running_word(listed.subject, game.tag)
        if (
            said is None
            or info.date is not None
            or a_runoff(listed.subject)
            or title_count(listed.subject, game.tag) is not None
            or serial_code(listed.subject, game.tag) is not None
        ):
            return []
        word, template, n = said
        templates.add(template)
        run.append((listed, info.undated, word, n))
    if len(templates) != 1 or not _runs_the_days([(kind, n) for _l, kind, _w, n in run]):
        return []
    out: list[ThreadSpec] = []
    for listed, kind, word, n in run:
        spec = ThreadSpec(listed.tid, kind, n)
        disc.unclassified.remove(listed)
        if disc.serials.setdefault(word, n) != n:
            disc.serials[word] = 0  # one word, two days: no name
        out.append(spec)
        note = f"「{listed.subject}」{word} → 第{n}天（标题的序号依次是第 1、2、3…天）"
        disc.threads.append(Sourced(spec, "标题", None, note, "inferred"))
    return out


# a vote thread's opening gives the ballot's form (投票格式：…, a line 投票对象：…)
_BALLOT_FORM = lazy(r"投票格式|票型格式|(?:^|\n)\s*投票(?:对象)?\s*[:：]")
# … unless the opening sends the votes elsewhere (本帖不投票, 请到「首日·决」帖投, 投票格式见规则帖)
_ELSEWHERE = lazy(
    r"本(?:帖|楼|贴)\s*(?:只|仅)?\s*(?:讨论|聊天)?\s*[，,、]?\s*(?:不|禁止|请勿|勿)\s*(?:投票|计票|投)"
    r"|本(?:帖|贴)\s*(?:只|仅)\s*(?:讨论|聊天)"
    r"|(?:请|统一)?\s*(?:到|去|移步|前往|在)\s*(?![本此这该]\s*(?:帖|贴|楼))[「『“\"【\[]?[^。！\n」』”]{0,16}[」』”\"】\]]?\s*(?:帖|贴)\s*(?:里|内|中)?\s*投"
    r"|(?:格式|投票)\s*(?:见|详见|参见|参照)"
)
_ASSUMED = "标题只写了哪一天"


def _by_opening(
    game: Game, threads: list[ThreadSpec], disc: Discovery, store: object, voted: set[int | None]
) -> tuple[list[ThreadSpec], dict[int, list[tuple[ThreadSpec, int | None]]]]:
    """The days' threads taken as discussions only for want of a kind word: those whose
    opening gives no form (left), and by day those whose opening gives the ballot's form
    without sending the votes elsewhere (本帖不投票, 请到「首日·决」帖投, 格式见规则帖)."""
    left: list[ThreadSpec] = []
    formed: dict[int, list[tuple[ThreadSpec, int | None]]] = {}
    for t in threads:
        subject = disc.subjects.get(t.tid, "")
        assumed = t.kind is ThreadKind.DISCUSSION and t.day is not None and t.day not in voted
        if not assumed or not (
            _ASSUMED in classify(subject, game.ruleset, game.tag).why
            or kindless(subject, game.ruleset, game.tag)
        ):
            continue
        posts = store.posts(tid=t.tid, tz=game.timezone)  # type: ignore[attr-defined]
        first = next((sp.post for sp in posts if sp.post.first), None)
        if first is not None and _ELSEWHERE.search(first.text):
            continue  # its votes are sent elsewhere: this day's discussion
        if (
            first is None
            or first.author not in game.directors
            or not _BALLOT_FORM.search(first.text)
        ):
            left.append(t)
            continue
        formed.setdefault(t.day, []).append((t, first.pid))  # type: ignore[arg-type]
    return left, formed


def _vote_by_opening(
    game: Game, threads: list[ThreadSpec], disc: Discovery, store: object
) -> list[ThreadSpec]:
    """A day's thread taken as its discussion only because its title has no kind word
    (``[M39] 首日·决``, ``RB8801 候机大厅``) is its vote thread when its director's opening
    post gives the ballot's form (投票格式：投票对象：某) and the day has no vote thread yet;
    one that only points to the vote thread (众议于「首日·决」帖) stays the discussion.  The
    word such a title says beside its day (决) is then the game's own word for a vote
    thread: another day's title with that word is its vote thread too (三日·决, whose
    opening gives no form), sourced to the opening that showed it."""
    voted = {t.day for t in threads if t.kind is ThreadKind.VOTE}
    learnt: dict[str, int | None] = {}  # the game's word for a vote thread -> the opening
    left, formed = _by_opening(game, threads, disc, store, voted)
    out = list(threads)
    for day, found in formed.items():
        if len(found) > 1:  # two threads of the day give a form: which one is asked
            said = "、".join(f"「{disc.subjects.get(t.tid, '')}」" for t, _ in found)
            disc.warnings.append(
                f"第{day}天的 {said} 首帖都写了投票格式，标题也没写哪个是投票帖："
                "请在游戏文件里写明当天的投票帖"
            )
            continue
        t, pid = found[0]
        subject = disc.subjects.get(t.tid, "")
        word = kind_word(subject, game.tag)
        if word is not None:
            learnt.setdefault(word, pid)
        note = f"「{subject}」第{t.day}天，首帖写了投票格式（当作当天的投票帖）"
        out[out.index(t)] = _as_vote(t, disc, pid, note)
        voted.add(day)
    for t in left:
        subject = disc.subjects.get(t.tid, "")
        word = kind_word(subject, game.tag)
        if word is None or word not in learnt or t.day in voted:
            continue
        pid = learnt[word]
        note = f"「{subject}」第{t.day}天，“{word}”是本局投票帖的词（pid {pid} 的投票帖）"
        out[out.index(t)] = _as_vote(t, disc, pid, note)
        voted.add(t.day)
    return out


def _as_vote(t: ThreadSpec, disc: Discovery, pid: int | None, note: str) -> ThreadSpec:
    """``t`` as its day's vote thread, its source the post that showed it."""
    spec = replace(t, kind=ThreadKind.VOTE)
    for i, src in enumerate(disc.threads):
        if src.item == t:
            disc.threads[i] = Sourced(spec, f"pid {pid}", pid, note)
    return spec


def _phases_by_order(game: Game, threads: list[ThreadSpec], disc: Discovery) -> None:
    """版杀7 (5 时间分配: a day's 环节 are its vote rounds, one thread each): a day whose vote
    threads are rounds named in the director's words, no 环节 number (第一日·早市, 第一日·午市,
    第一日·晚市（对决）) has them in the order its threads were opened (their tids), 环节 1, 2,
    3 (a runoff among them too: 晚市（对决）); a day with a numbered one keeps its titles'
    numbers, and a day with only a plain vote thread (第一天投票帖) names no round: a standing
    schedule's hours say its 环节."""
    if not schedule_for(game.ruleset, game.rules).phases:
        return
    by_day: dict[int, list[ThreadSpec]] = {}
    for t in threads:
        if t.kind is ThreadKind.VOTE and t.day is not None:
            by_day.setdefault(t.day, []).append(t)
    for votes in by_day.values():
        infos = [classify(disc.subjects.get(t.tid, ""), game.ruleset, game.tag) for t in votes]
        if any(i.phase is not None for i in infos) or all(i.why != NAMED_ROUND for i in infos):
            continue
        for i, t in enumerate(sorted(votes, key=lambda x: x.tid), 1):
            disc.phase_order[t.tid] = i


# what a day's code or word must not touch: a longer code (RB88021), a longer numeral
# (十一号线路 is not 一号线路) or a date's 年 / 月 before it (大年初一, 正月初一)
_SERIAL_BEFORE = r"(?<![A-Za-z0-9零〇一二两三四五六七八九十百廿年月])"
_SERIAL_AFTER = r"(?![A-Za-z0-9零〇一二两三四五六七八九十百廿])"


def _serial_text(text: str, serials: Mapping[str, int]) -> str:
    """``text`` with each title code that counts a day (RB8802, 二号线路, 初一) said as
    第N天, the longest first and each once (初一二班 and 十一号线路 name no day)."""
    days = {code.casefold(): n for code, n in serials.items() if n}
    if not days:
        return text
    words = "|".join(re.escape(c) for c in sorted(days, key=len, reverse=True))
    return re.sub(
        rf"{_SERIAL_BEFORE}(?:{words}){_SERIAL_AFTER}",
        lambda m: f"第{days[m.group(0).casefold()]}天",
        text,
        flags=re.I,
    )


def _serial_days(posts: list[Post], serials: Mapping[str, int]) -> list[Post]:
    """The posts with the titles' day codes said as 天 (:func:`_serial_text`)."""
    if not serials:
        return posts
    return [
        replace(
            p,
            text=_serial_text(p.text, serials),
            lines=tuple(_serial_text(x, serials) for x in p.lines),
        )
        for p in posts
    ]


def _day_name(subject: str, tag: str) -> str | None:
    """The words a title names its day by when it names no number (``[M107] 春之章 · 讨论``
    → 春之章): the title without its tag, brackets and kind word, when one word is left."""
    s = re.sub(re.escape(tag), " ", subject, flags=re.I) if tag else subject
    s = re.sub(r"[\[【［(（「『][^\]】］)）」』]*[\]】］)）」』]", " ", s)
    words = [w for w in re.split(r"[\s·・•\-—|｜:：/,，]+", s) if w]
    kind = lazy(r"讨论|投票|警长|竞选|帖|贴|楼")
    left = [w for w in words if not kind.search(w)]
    return left[0] if len(left) == 1 and 2 <= len(left[0]) <= 8 else None


def _named_days(text: str, names: Mapping[str, int]) -> str:
    """``text`` with each day said by its titles' name (夏之章加速) as 第N天."""
    for name, n in names.items():
        if n:
            text = text.replace(name, f"第{n}天")
    return text


_BRACKETED = lazy(r"[\[【［]([^\]】］\s]{1,16})[\]】］]")


def _untagged(tag: str, subjects: list[str], none_found: bool) -> str:
    """What to tell a director whose tag no title carries: the tags the titles do carry
    (the bracketed words most titles start with), so a typo (M17 for M107) shows."""
    seen = Counter(m.group(1) for s in subjects for m in _BRACKETED.finditer(s))
    common = "、".join(f"「{t}」" for t, _n in seen.most_common(3))
    hint = f"（版块里常见的标签：{common}）" if common else ""
    found = "本局的帖子一个也没有找到" if none_found else "只用游戏文件列出的帖子"
    return (
        f"版块列表的 {len(subjects)} 个帖子里没有一个标题带游戏标签「{tag}」，"
        f"{found}：请核对游戏文件 [game] tag{hint}"
    )


KIND_LABEL = THREAD_LABEL


def _kind_day(t: ThreadSpec) -> str:
    return (f"第{t.day}天" if t.day else "") + KIND_LABEL[t.kind]


# --------------------------------------------------------------------------- days


def _director_posts(game: Game, posts: Iterable[Post]) -> list[Post]:
    return [p for p in posts if p.author in game.directors]


@dataclass(slots=True)
class _Day:
    """A day as discovery finds it, each time with where it came from."""

    opens: datetime
    closes: datetime
    accelerated: bool
    pid: int | None
    how: str  # 开帖 | 日程 | 环节 | 帖子
    fields: dict[str, tuple[str, str]]  # opens / closes -> (source, stated | inferred)
    delayed: bool = False
    planned: datetime | None = None  # the close before a director first moved it
    # every post that moved the close (延时 to 23:00, then again to 23:30): all of them read
    moved_by: list[int] = field(default_factory=list)


def _stated(pid: int | None, what: str = "") -> tuple[str, str]:
    return (f"pid {pid}{what}" if pid else "投票帖环节", "stated")


def discover_days(
    game: Game,
    threads: list[ThreadSpec],
    posts: list[Post],
    disc: Discovery,
    titled: dict[int, str],
) -> list[DaySpec]:
    days: dict[int, DaySpec] = {d.number: d for d in game.days}
    for d in game.days:
        disc.days.append(Sourced(d, "游戏文件"))
    reader = _DayReader(game, threads, posts, disc, titled)
    reader.openings_ranges()
    reader.schedule_lists()
    reader.from_threads(days)
    found, phases = reader.found, reader.phases
    _spanned_by_phases(reader)
    for n, ph in phases.items():
        ph.sort(key=lambda x: x.opens)
        if n not in found:
            found[n] = _Day(
                ph[0].opens,
                ph[-1].closes,
                False,
                None,
                "环节",
                {"opens": _stated(None), "closes": _stated(None)},
            )
    _close_changes(game, found, threads, reader.by_tid, game.timezone, disc.day_names, phases)
    for n, ph in phases.items():
        # a day's close moved (版杀7 第2日 环节二 顺延一小时：2230 关): its last 环节's too
        f = found[n]
        _delayed_into_phase(f, ph)
        if f.planned is not None and ph and ph[-1].opens < f.closes:
            ph[-1] = replace(ph[-1], closes=f.closes)
    # a day exists when its threads exist: a schedule's later days wait for theirs (each
    # proposed meanwhile, for the director to confirm ahead)
    threaded = {t.day for t in threads if t.kind in (ThreadKind.DISCUSSION, ThreadKind.VOTE)}
    _standing_phases(reader, found, phases, threads)
    for n in sorted(found):
        if n in threaded or n in phases:
            _take_day(n, found[n], phases.get(n, []), days, disc)
            if n in days and days[n].closes == found[n].closes:
                disc.read |= set(found[n].moved_by)
    disc.problems_ahead = _phaseless(game, days, reader, disc)
    _scheduled_ahead(found, days, reader.scheduled, disc)
    ordered = sorted(days.values(), key=lambda d: d.opens)
    return [d for i, d in enumerate(ordered) if i == 0 or ordered[i - 1].number < d.number]


def _spanned_by_phases(reader: _DayReader) -> None:
    """版杀7 (seed 002 4.1.2: 每个环节 0:00–24:00; 5 时间分配): a day's 环节 are its vote
    threads, each with its own close; a day whose opening post states the hours of its first
    环节 alone (讨论贯穿D1各环节，D1-1 今天0点开，24点截) runs through them all — it closes with
    its last 环节 (第一天 环节二 可疑者辩论投票, the next calendar day), not with the first."""
    if not reader.rule.phases:
        return
    for n, ph in reader.phases.items():
        f = reader.found.get(n)
        later = [x for x in ph if f is not None and f.opens <= x.opens and x.closes > f.closes]
        if f is None or not later:
            continue
        last = max(later, key=lambda x: x.closes)
        first = _opening(reader.by_tid.get(last.vote_thread or 0, []))
        pid = first.pid if first is not None else None
        said = pid is not None and pid in reader.phase_stated.get(n, [])
        f.closes = last.closes
        f.fields["closes"] = (
            _stated(pid, f"（环节{last.number}）")
            if said
            else (f"帖子 {last.vote_thread} 的日期（环节{last.number}）", "inferred")
        )


def _standing_phases(
    reader: _DayReader,
    found: dict[int, _Day],
    phases: dict[int, list[PhaseSpec]],
    threads: list[ThreadSpec],
) -> None:
    """版杀7: a day found with no 环节 of its own (one vote thread a day) takes the 环节 hours
    a standing schedule states, on the day's date — a proposal the director confirms
    (inferred: the schedule says the hours, not which day's)."""
    if reader.standing_phases is None:
        return
    hours, pid = reader.standing_phases
    tz = reader.tz
    for n, f in found.items():
        if phases.get(n):
            continue
        votes = [t.tid for t in threads if t.kind is ThreadKind.VOTE and t.day == n]
        day0 = f.opens.astimezone(tz).date()
        base = min(o for o, _c in hours.values()).astimezone(tz).date()
        made = []
        for number in sorted(hours):
            o, c = hours[number]
            shift = timedelta(days=(day0 - base).days)
            made.append(
                PhaseSpec(
                    number,
                    f"环节{number}",
                    o + shift,
                    c + shift,
                    votes[0] if len(votes) == 1 else None,
                )
            )
        if not (f.opens <= made[0].opens and made[-1].closes <= f.closes):
            continue  # the day's own hours do not hold them: asked (:func:`_phaseless`)
        phases[n] = made
        f.fields["phases"] = (f"pid {pid}（规则帖的环节时间）", "inferred")


def _phaseless(
    game: Game, days: dict[int, DaySpec], reader: _DayReader, disc: Discovery
) -> list[str]:
    """版杀7: each day of the forum's found with no 环节 — never counted as one silently: the
    director is asked for its 环节 (killbar7 5 时间分配)."""
    if not reader.rule.phases:
        return []
    filed = {d.number for d in game.days}
    out = []
    for n, d in sorted(days.items()):
        if n in filed or d.phases:
            continue
        votes = sum(1 for t in reader.threads if t.kind is ThreadKind.VOTE and t.day == n)
        # what the day's threads are, said as it is (btship: three vote threads on day 1)
        if votes > 1:
            out.append(
                f"第{n}天没有找到环节（版杀7 每天分环节投票）：投票帖有 {votes} 个，但标题和开帖都没有"
                f"写各是第几个环节，规则帖也没有写各环节的时间，现在按整天计算。请在游戏文件这一天下写"
                f" [[day.phase]]（number、opens、closes）"
            )
            continue
        seen = "投票帖只有一个" if votes == 1 else "没有找到投票帖"
        out.append(
            f"第{n}天没有找到环节（版杀7 每天分环节投票）：{seen}，开帖和规则帖也没有写"
            f"各环节的时间，现在按整天计算。请在游戏文件这一天下写 [[day.phase]]"
            f"（number、opens、closes），或确认这一天只有一个环节"
        )
    return out


def _delayed_into_phase(f: _Day, ph: list[PhaseSpec]) -> None:
    """版杀7: a day's close moved to where a later 环节 of its own opens (本环节延时…拉闸时间
    改为：1月27日 中午十二点 / 环节二随之推迟：中午十二点合闸, told before 环节二's thread
    opened) is the close of the 环节 it was told in, the one open then; the day closes with
    its last 环节 (seed 002 5 时间分配), not moved by it."""
    if f.planned is None:
        return
    before = [i for i, p in enumerate(ph) if p.opens < f.closes]
    after = [p for p in ph if p.opens >= f.closes]
    if not before or not after:
        return
    i = before[-1]
    if ph[i].closes < f.closes:
        ph[i] = replace(ph[i], closes=f.closes)
    f.closes, f.planned, f.delayed = max(p.closes for p in after), None, False


def _scheduled_ahead(
    found: dict[int, _Day],
    days: dict[int, DaySpec],
    scheduled: Mapping[int, Mapping[int, tuple[datetime, datetime]]],
    disc: Discovery,
) -> None:
    """A schedule's days whose threads do not exist yet, each a proposal (confirmed, the
    game file holds it ahead); and each schedule post every day of which is a day of the
    game (the one it states: an opening or a close the same) or such a proposal is read —
    confirmed day by day, it is never listed for the times it stated."""
    ahead: dict[int, Proposal] = {}
    for n, f in sorted(found.items()):
        if n in days or f.how != "日程" or f.pid is None:
            continue
        spec = DaySpec(n, f.opens, f.closes, f.accelerated, (), f.delayed)
        if any(d.opens < f.closes and f.opens < d.closes for d in days.values()):
            continue  # overlapping a known day: the director reads the post himself
        ahead[n] = Proposal("day", spec, f"pid {f.pid}", "日程，这一天的帖子还没有开", pid=f.pid)
    disc.ahead = list(ahead.values())
    for pid, stated in scheduled.items():
        if all(
            n in ahead or (n in days and (days[n].opens == opens or days[n].closes == closes))
            for n, (opens, closes) in stated.items()
        ):
            disc.read.add(pid)


def _take_day(
    n: int, f_: _Day, phases: list[PhaseSpec], days: dict[int, DaySpec], disc: Discovery
) -> None:
    opens, closes, pid = f_.opens, f_.closes, f_.pid
    day_phases = tuple(ph for ph in phases if opens <= ph.opens and ph.closes <= closes)
    spec = DaySpec(n, opens, closes, f_.accelerated, day_phases, f_.delayed)
    if n in days:
        f = days[n]
        if not (_same_moment(f.opens, opens) and _same_moment(f.closes, closes)):
            # (where the forum says it: the post, or the day's threads when no post does)
            where = f"帖子 pid {pid}" if pid is not None else "按这一天的帖子推出"
            moved = _closed_by(f_)
            if moved is not None and moved != pid:
                where += f"，关门见帖子 pid {moved}"
            disc.warnings.append(
                f"第{n}天：论坛上写的是 {_fmt(opens)} 至 {_fmt(closes)}（{where}），"
                f"游戏文件写的是 {_fmt(f.opens)} 至 {_fmt(f.closes)}（以游戏文件为准）"
            )
        return
    clash = next((d for d in days.values() if d.opens <= closes and opens <= d.closes), None)
    if clash is not None:
        disc.warnings.append(
            f"第{n}天（pid {pid}）的时间与第{clash.number}天重叠，没有采用：{_fmt(opens)} 至 {_fmt(closes)}"
        )
        return
    days[n] = spec
    status = "inferred" if any(v[1] == "inferred" for v in f_.fields.values()) else "stated"
    source = f"pid {pid}" if pid else "投票帖环节"
    # a day its 延时 or 加速 post gave its close is proposed citing that post (fh45b: 延时成功…
    # 关门 → 23:00, not the opening that said 21:00); the opening stays in the source
    moved = _closed_by(f_)
    if moved is not None and moved != pid:
        source, pid = f"{source}；关门 pid {moved}", moved
    disc.days.append(Sourced(spec, source, pid, f_.how, status, dict(f_.fields)))


def _closed_by(f: _Day) -> int | None:
    """The post a delayed or sped-up day's close was read from, else None."""
    said = f.fields.get("closes")
    m = re.match(r"pid (\d+)", said[0]) if said and (f.delayed or f.accelerated) else None
    return int(m.group(1)) if m else None


_NIGHT_TITLE = lazy(
    r"第\s*\S{1,3}\s*[夜晚](?!上)|夜谈|夜聊|(?<![A-Za-z0-9])night\s*\d{1,2}(?![0-9A-Za-z])", re.I
)


class _DayReader:
    """Where each day's times come from, in order: the day threads' opening posts, the
    schedule lists in the rules and process threads, then (for a day whose threads exist
    but state no range) the times its opening post states alone, the rules thread's close
    and the rule set's schedule."""

    def __init__(
        self,
        game: Game,
        threads: list[ThreadSpec],
        posts: list[Post],
        disc: Discovery,
        titled: dict[int, str],
    ) -> None:
        self.game, self.threads, self.disc, self.titled = game, threads, disc, titled
        self.tz = game.timezone
        self.rule = schedule_for(game.ruleset, game.rules)
        self.by_tid: dict[int, list[Post]] = {}
        for p in posts:
            self.by_tid.setdefault(p.tid, []).append(p)
        self.found: dict[int, _Day] = {}
        self.phases: dict[int, list[PhaseSpec]] = {}
        self.phase_source: dict[int, str] = {}
        # a day's 环节 whose opening posts state their hours alone (no range): those posts
        self.phase_stated: dict[int, list[int | None]] = {}
        self.openings: dict[int, Post] = {}  # day -> its opening post (discussion first)
        self.rules_close: tuple[tuple[int, int], int | None] | None = None
        # a schedule post -> the days it states, each (opens, closes)
        self.scheduled: dict[int, dict[int, tuple[datetime, datetime]]] = {}
        # 版杀7: the 环节 hours a standing schedule states (每天分两个环节：第一环节 10:00 至
        # 17:00，第二环节 17:00 至 24:00), each 环节 -> (opens, closes) on the post's date, and
        # the post
        self.standing_phases: tuple[dict[int, tuple[datetime, datetime]], int | None] | None = None

    def openings_ranges(self) -> None:
        """1. each day thread's opening post (discussion first: its times are the day's)."""
        game, tz, rule = self.game, self.tz, self.rule
        for kind in (ThreadKind.DISCUSSION, ThreadKind.VOTE):
            for t in self.threads:
                if t.kind is not kind or t.day is None:
                    continue
                if self._a_night(t):
                    continue
                first = _opening(self.by_tid.get(t.tid, []))
                if first is None or first.author not in game.directors:
                    continue
                phase = self._phase(t)
                if phase is None:
                    self.openings.setdefault(t.day, first)
                ranges = [r for r in find_ranges(_text(first), first.posted_at, tz) if not r.aside]
                ranges = _phase_ranges(ranges, first, phase)
                name = _phase_name(self.titled.get(t.tid, ""), phase)
                if phase is not None and not ranges and rule.phases:
                    self._phase_alone(t, first, phase, name)
                if not ranges:
                    if phase is None and t.day not in self.found:
                        self._verbs_alone(t, first)
                    continue
                r = ranges[0]
                if phase is not None:
                    self.phases.setdefault(t.day, []).append(
                        PhaseSpec(phase, name, r.opens, r.closes, t.tid)
                    )
                    continue
                if t.day not in self.found:
                    accelerated = r.accelerated or "加速" in self.titled.get(t.tid, "")
                    self.found[t.day] = _Day(
                        r.opens,
                        r.closes,
                        accelerated,
                        first.pid,
                        "开帖",
                        {"opens": _stated(first.pid), "closes": _stated(first.pid)},
                    )

    def _verbs_alone(self, t: ThreadSpec, first: Post) -> None:
        """A day's opening post that states its opening and its close each with its own verb
        and no range (今早十点开门，明晚九点半关门): the day's own times, as a range is — ahead of
        a schedule posted before it, which the director may have moved since (第三天顺延到28号
        早上十点开门 … 【第三天讨论帖】今早十点开门，今晚九点半关门（加速）).  A line of two
        times without their verbs (:func:`paired_times`) still waits for the schedule."""
        assert t.day is not None
        opens, closes = self._stated_alone(first, t.day, paired=False)
        if opens is None or closes is None or not opens < closes:
            return
        fast = "加速" in self.titled.get(t.tid, "") or bool(_SPED_LINE.search(_text(first)))
        self.found[t.day] = _Day(
            opens,
            closes,
            fast,
            first.pid,
            "开帖",
            {"opens": _stated(first.pid), "closes": _stated(first.pid)},
        )

    def _phase(self, t: ThreadSpec) -> int | None:
        """The 环节 a vote thread is: its title's number (环节二), else its place among the
        day's named rounds (第一日·午市, :func:`_phases_by_order`)."""
        if t.kind is not ThreadKind.VOTE:
            return None
        info = classify(self.titled.get(t.tid, ""), self.game.ruleset, self.game.tag)
        return info.phase if info.phase is not None else self.disc.phase_order.get(t.tid)

    def _a_night(self, t: ThreadSpec) -> bool:
        """版杀7's night thread (第1夜 夜谈): its hours are the night's, not its day's."""
        return (
            t.kind is ThreadKind.DISCUSSION
            and bool(self.rule.phases)
            and bool(_NIGHT_TITLE.search(self.titled.get(t.tid, "")))
        )

    def _phase_alone(self, t: ThreadSpec, first: Post, phase: int, name: str) -> None:
        """版杀7: a 环节 whose opening post states no range is its opening post's calendar
        day, 0:00–24:00, unless the post states its hours alone (0930 开，2130 关)."""
        assert t.day is not None
        day0 = first.posted_at.astimezone(self.tz).date()
        opens = datetime.combine(day0, time(0, 0), self.tz)
        closes = datetime.combine(day0, time(23, 59, 59), self.tz)
        said_opens, said_closes = self._stated_alone(first, t.day)
        self.phases.setdefault(t.day, []).append(PhaseSpec(phase, name, opens, closes, t.tid))
        if said_opens and said_closes and said_opens < said_closes:
            # 开局：1月11日 0:00 / 封盘：1月11日 24:00: the 环节's hours, stated
            self.phases[t.day][-1] = PhaseSpec(phase, name, said_opens, said_closes, t.tid)
            self.phase_stated.setdefault(t.day, []).append(first.pid)
            return
        if said_opens is None and said_closes and opens < said_closes <= closes + timedelta(days=1):
            # D1-1试探性投票贴…今儿晚上十一点半截: its close stated, its date's 0:00 its opening
            # (5 时间分配: a 环节 runs from 0:00 of its day)
            self.phases[t.day][-1] = PhaseSpec(phase, name, opens, said_closes, t.tid)
            self.phase_stated.setdefault(t.day, []).append(first.pid)
            return
        self.phase_source[t.day] = f"pid {first.pid} 的日期与{self.rule.source}"

    def schedule_lists(self) -> None:
        """2. the schedule lists in the rules and process threads; a close the rules state."""
        for t in self.threads:
            if t.kind not in (ThreadKind.RULES, ThreadKind.PROCESS):
                continue
            for p in self.by_tid.get(t.tid, []):
                if p.author not in self.game.directors:
                    continue
                for n, (opens, closes, fast) in _schedule_days(p, self.tz).items():
                    if p.pid is not None:
                        self.scheduled.setdefault(p.pid, {})[n] = (opens, closes)
                    if n not in self.found:
                        self.found[n] = _Day(
                            opens,
                            closes,
                            fast,
                            p.pid,
                            "日程",
                            {"opens": _stated(p.pid), "closes": _stated(p.pid)},
                        )
                if self.standing_phases is None and self.rule.phases and self._standing(t, p):
                    hours = _standing_phase_hours(p, self.tz)
                    if hours:
                        self.standing_phases = (hours, p.pid)
                if self.rules_close is None and self._standing(t, p):
                    for pt in find_points(_text(p), p.posted_at, self.tz):
                        if pt.role == "closes" and not pt.dated and not pt.delay:
                            local = pt.at.astimezone(self.tz)
                            end = local.time() == time(23, 59, 59)
                            self.rules_close = (
                                (24, 0) if end else (local.hour, local.minute),
                                p.pid,
                            )
                            break

    def _standing(self, t: ThreadSpec, p: Post) -> bool:
        """Whether a post states the game's standing hours: the rules thread's, or the
        process thread's before the first day opens (此后每一章：早上九点开门，晚上九点半
        钟响收场)."""
        if t.kind is ThreadKind.RULES:
            return True
        first = min((o.posted_at for o in self.openings.values()), default=None)
        return first is not None and p.posted_at < first

    def _sped_phases(self, n: int) -> bool:
        """A day made of its 环节 is sped up when a thread of the day says so: its title
        (第二日（加速）) or the director's opening post beside its close (D2-1试探性投票贴，加速，
        今儿下午六点截) — seed 002 5 时间分配 / 000 3 加速."""
        for t in self.threads:
            if t.day != n or t.kind not in (ThreadKind.DISCUSSION, ThreadKind.VOTE):
                continue
            if "加速" in self.titled.get(t.tid, ""):
                return True
            first = _opening(self.by_tid.get(t.tid, []))
            mine = first is not None and first.author in self.game.directors
            if mine and first is not None and _SPED_LINE.search(_text(first)):
                return True
        return False

    def from_threads(self, days: dict[int, DaySpec]) -> None:
        """3. a day whose threads exist but state no range."""
        asked = False
        rule = self.rule
        kinds = (ThreadKind.DISCUSSION, ThreadKind.VOTE)
        numbers = sorted({t.day for t in self.threads if t.kind in kinds and t.day is not None})
        for n in numbers:
            if n in self.found or n in days:
                continue
            ph = sorted(self.phases.get(n, []), key=lambda x: x.opens)
            if ph and rule.phases:
                src = self.phase_source.get(n, rule.source)
                fields = {"opens": (src, "inferred"), "closes": (src, "inferred")}
                if n not in self.phase_source:  # every 环节's hours stated by its post
                    said = self.phase_stated.get(n, [])
                    fields = (
                        {"opens": _stated(said[0]), "closes": _stated(said[-1])} if said else fields
                    )
                fast = self._sped_phases(n)
                self.found[n] = _Day(ph[0].opens, ph[-1].closes, fast, None, "环节", fields)
                continue
            first = self.openings.get(n)
            if first is None:
                continue
            opens, closes = self._stated_alone(first, n)
            fields = {"opens": (f"pid {first.pid} 的发帖时间", "inferred")}
            if opens is not None:
                fields["opens"] = _stated(first.pid)
            else:
                opens = first.posted_at
            closes, fields["closes"] = self._close_of(n, first, opens, closes)
            if closes is None or closes <= opens:
                if not asked:
                    asked = True
                    self.disc.asks.append(_ask_close(self.game, n, opens, first.pid))
                continue
            accelerated = any(
                "加速" in self.titled.get(t.tid, "") for t in self.threads if t.day == n
            )
            self.found[n] = _Day(opens, closes, accelerated, first.pid, "帖子", fields)

    def _close_of(
        self, n: int, first: Post, opens: datetime, closes: datetime | None
    ) -> tuple[datetime | None, tuple[str, str]]:
        """Day n's close (:meth:`from_threads`) and where it comes from: its opening post's,
        the one time of it in the theme's word (a guess, proposed), the rules thread's close,
        the rule set's schedule."""
        rule = self.rule
        if closes is not None:
            return closes, _stated(first.pid)
        lone = lone_close(_text(first), first.posted_at, self.tz, n)
        if lone is not None and lone > opens:
            # 本站 21:30 发车: the one time in the theme's word — a guess, proposed
            return lone, (f"pid {first.pid}（开帖里唯一的时间）", "inferred")
        if self.rules_close is not None:
            return (
                rule.closes(n, opens, self.rules_close[0]),
                (f"pid {self.rules_close[1]}（规则帖的关门时间）", "inferred"),
            )
        return rule.closes(n, opens), (rule.source, "inferred")

    def _stated_alone(
        self, first: Post, day: int | None = None, paired: bool = True
    ) -> tuple[datetime | None, datetime | None]:
        """The times an opening post states alone (开帖：12月3日 9:00 / 今晚22点关帖), else
        (``paired``) the two times of one of its lines, whatever the verbs
        (:func:`paired_times`)."""
        opens = closes = None
        for pt in find_points(_text(first), first.posted_at, self.tz):
            if pt.wrong:
                continue
            if (
                pt.role == "opens"
                and opens is None
                and pt.at <= first.posted_at + timedelta(days=1)
            ):
                opens = pt.at
            elif pt.role == "closes" and closes is None and not pt.delay:
                closes = pt.at
        if paired and (opens is None or closes is None):
            # 9点开诊，晚上9点半停诊: the time said without a known verb completes its pair
            pair = paired_times(_text(first), first.posted_at, self.tz, day)
            if pair is not None and opens in (None, pair[0]) and closes in (None, pair[1]):
                opens, closes = pair
        return opens, closes


# a close said sped up on its own line (今晚九点半关门（加速）): not a request nor a refusal
# (D2-1试探性投票贴，加速，今儿下午六点截: 加速 before the close said the same)
_SPED_LINE = lazy(
    r"(?m)^(?![^\n]*(?:申请|如果|假如|不加速|没有加速|未加速|[？?]))[^\n]*"
    r"(?:(?:关|截止|截(?!图)|结束)[^\n]*加速|加速[^\n]*(?:关|截止|截(?!图)|结束))"
)

_SCHEDULE_HEAD = lazy(
    r"^[^\S\n]*[【\[(（]?\s*(?:本局|本场|本版|全局)?\s*(?:日程|赛程|作息|时间表)\s*[】\])）]?"
)
_DATED = lazy(
    r"\d{1,2}\s*月|\d{1,2}/\d{1,2}|[日号]\s*\d|今天|今日|明天|明日|本日|周[一二三四五六日天]"
)


def _standing_phase_hours(p: Post, tz: tzinfo) -> dict[int, tuple[datetime, datetime]]:
    """The 环节 hours a standing schedule states, no day's and no date's (每天分两个环节：第一
    环节 10:00 至 17:00，第二环节 17:00 至 24:00 — killbar7 5 时间分配: a day's 环节 each a vote
    round): two 环节 or more, one after the other, else none."""
    text = _SCHEDULE_HEAD.sub("", _text(p).replace("\r", ""))
    text = "\n".join(_SCHEDULE_HEAD.sub("", line) for line in text.splitlines())
    hours: dict[int, tuple[datetime, datetime]] = {}
    for r in find_ranges(text, p.posted_at, tz):
        if r.aside or r.phase is None or r.day is not None or _DATED.search(r.text):
            continue
        hours.setdefault(r.phase, (r.opens, r.closes))
    ordered = [hours[n] for n in sorted(hours)]
    if len(ordered) < 2 or any(a[1] > b[0] for a, b in pairwise(ordered)):
        return {}
    return hours


def _schedule_days(p: Post, tz: tzinfo) -> dict[int, tuple[datetime, datetime, bool]]:
    """The days a schedule post states, each (opens, closes, 加速): its day-labelled
    ranges (第一天：11月29日 10:00 至 11月30日 22:00), else for a day it gives no range the
    dated opening and close it states with their verbs (第二天：12月1日 10:00 开帖，12月1日
    22:00 关帖) — one of each, not a delay's, a wrong one's or a count's moment."""
    out: dict[int, tuple[datetime, datetime, bool]] = {}
    for r in find_ranges(_text(p), p.posted_at, tz):
        if r.aside:
            continue  # 遗言 20:00-24:00, 维护 …: not the day's
        if r.day is not None and r.phase is None and r.day not in out:
            out[r.day] = (r.opens, r.closes, r.accelerated)
    for n, pts in _dated_points(p, tz).items():
        opens = [pt.at for pt in pts if pt.role == "opens"]
        closes = [pt.at for pt in pts if pt.role == "closes"]
        if n not in out and len(opens) == 1 and len(closes) == 1 and opens[0] < closes[0]:
            out[n] = (opens[0], closes[0], False)
    return out


def _dated_points(p: Post, tz: tzinfo) -> dict[int, list[TimePoint]]:
    """A post's dated times under a 第N天 label, by day (no 环节's, delay's, wrong one's,
    count's moment or another thing's time)."""
    said: dict[int, list[TimePoint]] = {}
    for pt in find_points(_text(p), p.posted_at, tz):
        if pt.day is None or pt.phase is not None or not pt.dated:
            continue
        if not (pt.delay or pt.wrong or pt.asof or pt.aside):
            said.setdefault(pt.day, []).append(pt)
    return said


def _close_changes(
    game: Game,
    found: dict[int, _Day],
    threads: list[ThreadSpec],
    by_tid: dict[int, list[Post]],
    tz: tzinfo,
    names: Mapping[str, int] | None = None,
    phases: Mapping[int, list[PhaseSpec]] | None = None,
) -> None:
    """A director's post during a day (in its threads or the process thread) that changes
    its close: a delay granted (延长至23点, 延时成功…改到 00:00, 延时 1 小时，23:00 关) moves
    it later, ``delayed``; an acceleration granted (加速成功…关门改到 20:00, 执行加速…提前至
    20时) marks the day ``accelerated`` and moves the close to the time it states; a
    correction (更正：…21:00 关门，不是 22:00) moves it to the time it states.  Posts are
    taken in time order, so a later correction wins."""
    counted = {
        t.tid: t
        for t in threads
        if t.kind in (ThreadKind.DISCUSSION, ThreadKind.VOTE, ThreadKind.PROCESS)
    }
    for n in sorted(found):
        f = found[n]
        nxt = found.get(n + 1)
        # the night before the day opens counts too (进程帖10 at 09:58：今天执行加速：今晚九点半
        # 关门, the day opening at 10:00), for a time within the day (:func:`_change_close`)
        prev = found.get(n - 1)
        night = prev.closes if prev is not None and prev.closes < f.opens else f.opens
        posts = sorted(
            (p for tid, t in counted.items() if t.day in (None, n) for p in by_tid.get(tid, [])),
            key=lambda p: p.posted_at,
        )
        for p in posts:
            inside = night < p.posted_at <= f.closes or p.posted_at == f.opens
            mine = p.author in game.directors and inside
            if mine and not _phase_moved(n, f, (phases or {}).get(n, []), p, tz):
                _change_close(n, f, nxt, p, tz, names or {})


# a 环节 a post moves (第二盘延时, 环节二延长至…): 版杀7's rounds, 环节 or 盘
# (D1-2延时: the day and its 环节 joined by a dash, as the vote threads' titles say them)
_PHASE_NAMED = lazy(
    rf"环节\s*({NUM})|第\s*({NUM})\s*(?:环节|盘)"
    r"|(?<![A-Za-z0-9])(?:D|Day)\s*\d{1,2}\s*[-－–—_.·・]\s*(\d{1,2})(?![0-9])",
    re.I,
)


def _phase_moved(n: int, f: _Day, phases: list[PhaseSpec], p: Post, tz: tzinfo) -> bool:
    """版杀7 (seed 002 5 时间分配: each 环节 its own close): a director's post that names a 环节
    with a later one of the day already open (第二盘延时：收盘改到明天凌晨两点，第三盘就从两点开)
    moves that 环节's close and the next one's opening — never the day's, which closes with its
    last 环节.  The 环节 named is the first the post names; a post naming the day's last 环节
    (or one not known) is the day's close (:func:`_change_close`)."""
    text = fold(_text(p))
    m = _PHASE_NAMED.search(text)
    k = cn_number(m.group(1) or m.group(2) or m.group(3)) if m else None
    i = next((i for i, ph in enumerate(phases) if ph.number == k), None)
    if i is None or i + 1 >= len(phases):
        return False
    ph, later = phases[i], phases[i + 1]
    delay = bool(_notices().find(text)) or bool(re.search(r"延|推迟|改到|改为|顺延", text))
    at = next(
        (
            pt.at
            for pt in find_points(text, p.posted_at, tz)
            if pt.role == "closes"
            and ph.opens < pt.at < later.closes
            and pt.at != ph.closes
            and not (pt.wrong or pt.asof or pt.aside)
        ),
        None,
    )
    if at is None or not delay:
        return False
    phases[i] = replace(ph, closes=at)
    if later.opens < at:
        phases[i + 1] = replace(later, opens=at)
    f.moved_by += [p.pid] if p.pid is not None else []
    return True


@cache
def _notices() -> Patterns:
    """The notices' patterns (加速, 更正 …), built when a close is first read: a night with
    nothing new runs no discovery and builds none."""
    return Patterns([])


def _change_close(
    n: int, f: _Day, nxt: _Day | None, p: Post, tz: tzinfo, names: Mapping[str, int]
) -> None:
    """What one director's post changes of day n's close (:func:`_close_changes`); a day
    said by its titles' name (夏之章加速) is that day."""
    text = _named_days(_text(p), names)
    said = [a for a in _notices().find(text) if a.day in (None, n) and not a.offset]
    granted = _granted(text)
    fast = any(a.type is Notice.ACCELERATED for a in said) or "加速" in granted
    fix = bool(_CORRECTS.search(text))
    shifts = _shifts(text)
    points = find_points(text, p.posted_at, tz)
    if p.posted_at < f.opens:
        # a post of the night before: only a time within the day is the day's
        points = [pt for pt in points if pt.at > f.opens]
    _next_opening(n, f, nxt, points, p.pid)
    moved = _set_against(points, fix or fast) or "延时" in granted
    _restated_delay(f, points, n, nxt, p.pid)
    closes = [pt for pt in points if _a_close_of(pt, n, nxt)]
    _first_move(f, closes, p.pid, moved, (fast, fix, shifts))
    if not closes and not fast and not any(pt.at > f.closes for pt in points):
        # (a time past the close with no verb of its own — 顺延一天，我们 11月24日 22:00 见 —
        # is asked with that close pre-filled, not moved by the count of days)
        _delayed_by_days(n, f, text, p.pid)
    if fast:
        f.accelerated, f.delayed = True, False


def _first_move(
    f: _Day, closes: list[TimePoint], pid: int | None, moved: bool, how: tuple[bool, bool, bool]
) -> None:
    """The first of a post's closes of the day that moves it (:func:`_change_close`): a delay
    (or a close set against the one that was) later; a sped-up close earlier; a correction or
    the director's own shift anywhere else; the sped-up close the day already has, said
    again, read."""
    fast, fix, shifts = how
    planned = f.planned or f.closes
    for pt in closes:
        if fast and pt.at == f.closes and pid is not None:
            f.moved_by.append(pid)  # the sped-up close the day already has, said again
            return
        if (pt.delay or moved) and pt.at > f.closes:
            f.closes, f.delayed, f.accelerated, f.planned = pt.at, True, False, planned
            f.fields["closes"] = _stated(pid, "（延时）")
            f.moved_by += [pid] if pid is not None else []
            return
        if (fast and pt.at < f.closes) or ((fix or shifts) and pt.at != f.closes):
            _move_close(f, pt.at, planned, pid, _MOVED_BY[(fast, fix)])
            _shifted_later(f, pt.at, planned, pid, fast or fix)
            f.moved_by += [pid] if pid is not None else []
            return


def _shifted_later(
    f: _Day, at: datetime, planned: datetime, pid: int | None, fixed_or_fast: bool
) -> None:
    """A close the director moves later than planned in words of his own (今儿散场挪到晚上十一点,
    今晚熄灯挪到 十一点整，投票一起顺延), not a correction nor a 加速: a 延时 — the only thing
    that puts a day's close back (seed 000 3 延时, 001 / 004 延时申请)."""
    if fixed_or_fast or at <= planned:
        return
    f.delayed = True
    f.fields["closes"] = _stated(pid, "（延时）")


def _next_opening(
    n: int, f: _Day, nxt: _Day | None, points: list[TimePoint], pid: int | None
) -> None:
    """A director's post during day n that dates the next day's opening (延时成功…第三天顺延到
    28号早上十点开门): the next day opens then, when only a schedule posted before said when
    (its own opening post, once there, states it itself) — so a delay past the schedule's
    next opening is read as the new close, not taken for the next day's."""
    if nxt is None or nxt.how != "日程":
        return
    for pt in points:
        if pt.role != "opens" or pt.day != n + 1 or not pt.dated:
            continue
        if pt.wrong or pt.asof or pt.aside or not f.opens < pt.at < nxt.closes:
            continue
        if pt.at != nxt.opens:
            nxt.fields["opens"] = _stated(pid, "（顺延）" if pt.at > nxt.opens else "（调整）")
            nxt.opens = pt.at
            nxt.moved_by += [pid] if pid is not None else []
        return


def _restated_delay(
    f: _Day, points: list[TimePoint], n: int, nxt: _Day | None, pid: int | None
) -> None:
    """The delay said again (…延至 1月19日 09:00，详见裁判席): the post is read with the first."""
    said = [pt for pt in points if _a_close_of(pt, n, nxt) and pt.delay]
    if pid is not None and f.delayed and any(pt.at == f.closes for pt in said):
        f.moved_by.append(pid)


_MOVED_BY = {
    (True, True): "（加速）",
    (True, False): "（加速）",
    (False, True): "（更正）",
    (False, False): "（调整）",
}


def _move_close(f: _Day, at: datetime, planned: datetime, pid: int | None, what: str) -> None:
    """Day ``f``'s close moved to ``at`` by an acceleration, a correction or the director's
    own words; moved again but still later than planned (延时到明天中午，又提前到上午十点)
    it stays delayed."""
    f.closes, f.planned = at, planned
    f.delayed = f.delayed and at > planned
    f.fields["closes"] = _stated(pid, what)


def _a_close_of(pt: TimePoint, n: int, nxt: _Day | None) -> bool:
    """Whether a time a post states is day n's close (not a later day's, nor taken back)."""
    if pt.role != "closes" or pt.day not in (None, n) or pt.wrong or pt.asof:
        return False
    return nxt is None or pt.at < nxt.opens


def _set_against(points: list[TimePoint], fixed_or_fast: bool) -> bool:
    """今晚的钟声，不在九点半，而在十点半…都到十点半才结束: a later close set against the one
    that was (no 更正, no 加速) puts the close back, as a delay does."""
    return not fixed_or_fast and any(q.wrong for q in points)


_CORRECTS = lazy(r"更正|订正|纠正|应为|有误|写错|打错")

# the players' request (要求加速, 申请延时, 想延长) and the director's answer granting it in the
# next words (同意 / 批准 / 准了 / 可以): a 加速 or 延时 decided in his own words.  Not a count
# agreeing (同意的人不够), nor a question (可以吗？), nor a refusal (不同意)
_GRANTED = lazy(
    r"(?:要求|申请|请求|想|希望|提议)\s*(加速|延时|延长)[^。！!？?\n]{0,16}?[，,。：:；;\s]\s*"
    r"(?:那就|那|我)?\s*(?:同意|批准|准了|通过|可以|允许|OK|ok)"
    r"(?![的人者票数]|[^，,。！!？?\n]{0,6}[吗？?])"
)


# ... or the director's own delay by an amount (D1-3延时一个钟头嘿，…今儿夜里十二点半截; 延长半小时):
# the close the post states is the delayed one, however far after the words (seed 000 3 延时,
# seed 002 5 时间分配) — not refused (不延时), asked (能不能延时一小时？) nor supposed (如果…)
_OWN_DELAY = lazy(
    r"(?<![不没别未])(?:延时|延长|延后|推迟|顺延)\s*(?:了\s*)?"
    r"(?:[0-9一二两三四五六七八九十半]{1,3}|一个|半个)\s*个?\s*(?:钟头|小时|钟|分钟|刻钟)"
    r"(?![^。！!\n]{0,24}[吗？?])"
)
_OWN_DELAY_UNDONE = lazy(r"(?:如果|假如|要是|能不能|可不可以|是否|申请|请求|想)[^。！!，,\n]{0,8}$")


def _granted(text: str) -> set[str]:
    """The requests a director's post grants (:data:`_GRANTED`): {加速} or {延时}; a delay by
    an amount he states himself (:data:`_OWN_DELAY`) is 延时 too."""
    out = {"加速" if m.group(1) == "加速" else "延时" for m in _GRANTED.finditer(text)}
    for m in _OWN_DELAY.finditer(text):
        if not _OWN_DELAY_UNDONE.search(text[max(0, m.start() - 12) : m.start()]):
            out.add("延时")
    return out


# a director who moves the close in words of its own, either way, with no 加速 / 延时 granted
# (关门再提前两小时：明天上午10点关, 关帖时间调整为 21:00, 改到今晚 23 点关)
_SHIFTS = lazy(
    r"提前|推迟|推后|延后|改成|改到|改为|改在|挪到|调整|调到"
    # … or told closed on the spot, before its time (过半——16:42 当场收摊, 立即关门)
)
# … or told closed on the spot at a time it names, right after the time in one clause (过半——
# 16:42 当场收摊); not a past game's (上次那局 16:42 当场收摊了), a question, nor 收拾
_ON_THE_SPOT = lazy(
    r"[0-9０-９]{1,2}\s*[:：点]\s*[0-9０-９]{0,2}\s*分?\s*(?:当场|立即|立刻|马上)\s*"
    r"(?:收摊|收帖|散场|关门|关帖|关闭|结束|截止)(?![拾了])"
)
_PAST_OR_ASKED = lazy(r"上次|上回|上局|那局|之前|以前|曾经|吗|[？?]|会不会|是不是|如果|假如|要是")


def _shifts(text: str) -> bool:
    """Whether the director moves the close in words of his own (:data:`_SHIFTS`), or tells it
    closed on the spot at a time (:data:`_ON_THE_SPOT`) in a clause about this game."""
    if _SHIFTS.search(text):
        return True
    clauses = re.split(r"[。！!；;，,\n]", text)
    return any(_ON_THE_SPOT.search(c) and not _PAST_OR_ASKED.search(c) for c in clauses)


# (D1-2 可疑者辩论投票贴: the day and its 环节 joined by a dash, the name after them; the
# thread's 帖 / 贴 / 楼 is no part of the 环节's name)
_PHASE_TITLE = lazy(
    r"(?:环节\s*[0-9一二三四五六七八九十]{1,3}|第\s*[0-9一二三四五六七八九十]{1,3}\s*(?:环节|盘|轮|回合)"
    r"|(?<![A-Za-z0-9])(?:D|Day)\s*\d{1,2}\s*[-－–—_.·・]\s*\d{1,2}(?![0-9]))"
    r"\s*[】\]］]?\s*[:：｜|·・/／-]*\s*([^\s【\[（(:：｜|·・/／]{2,12}?)[帖贴楼]?(?![^\s【\[（(:：｜|·・/／])",
    re.I,
)


def _phase_ranges(ranges: list[TimeRange], first: Post, phase: int | None) -> list[TimeRange]:
    """The ranges a 环节's opening post states that can be its own: none closing by the post
    itself (【第二日 · 头一折】 posted 4月8日 0:00 with 时间：4月7日 0:00 — 24:00 — a date
    miswritten, its 更正 after it): seed 002 5 时间分配, each 环节 runs 0:00–24:00 of its
    date, and a 环节 never closes before its own thread's first post, so the post's date
    stands (:meth:`_DayReader._phase_alone`).  A day's own thread (``phase`` None) keeps them."""
    return ranges if phase is None else [r for r in ranges if r.closes > first.posted_at]


def _phase_name(subject: str, phase: int | None) -> str:
    """A 环节's name as its vote thread's title gives it (第一天 环节一 试探性投票, 第一天 第一盘
    试探性投票), else 环节N."""
    m = _PHASE_TITLE.search(subject)
    if m is None or _CLOSING_BRACKET.search(m.group(1)):
        # 第一日 · 头一折（环节一 试探性投票）: the 环节 told in the title's aside, its name too —
        # as 环节一（试探投票） is, it is 环节N (the title's words are the thread's own name)
        return f"环节{phase}"
    return m.group(1)


_CLOSING_BRACKET = lazy(r"[）)】\]］」』]")


def _ask_close(game: Game, number: int, opens: datetime, pid: int | None) -> Proposal:
    """The question the first night asks once when the seed gives no hour for the close."""
    text = (
        f"第{number}天（pid {pid}）没有写关门时间，规则集 {game.ruleset} 的讨论日长短也没有钟点："
        f"请填写关门时间（auditor game 游戏文件 --confirm 编号 --hour 22:00），以后每天都按它推算"
    )
    return Proposal("schedule", DaySpec(number, opens, opens), "规则集", text=text, pid=pid)


def _opening(posts: list[Post]) -> Post | None:
    firsts = [p for p in posts if p.first]
    pool = firsts or posts
    return min(pool, key=lambda p: (p.floor or 0, p.posted_at)) if pool else None


def _text(p: Post) -> str:
    return "\n".join(p.lines) if p.lines else p.text


def _fmt(t: datetime) -> str:
    return t.strftime("%m-%d %H:%M:%S")


# --------------------------------------------------------------------------- events


def _day_at(days: list[DaySpec], t: datetime) -> tuple[DaySpec | None, DaySpec | None]:
    """(the day containing t, the last day closed before t)."""
    inside = next((d for d in days if d.opens <= t <= d.closes), None)
    before = [d for d in days if d.closes < t]
    return inside, (before[-1] if before else None)


def _named_day(a: Announced, inside: DaySpec | None, days: list[DaySpec]) -> DaySpec | None:
    """The day a clause names: 第N天 (第N夜 is day N+1's), or 昨日 for the day before the
    one the post is in."""
    if a.day is not None:
        number: int | None = a.day
    elif a.offset and inside is not None:
        number = inside.number + a.offset
    else:
        return None
    return next((d for d in days if d.number == number), None)


def _result_close(
    a: Announced, t: datetime, spec: ThreadSpec | None, days: list[DaySpec], text: str = ""
) -> datetime | None:
    """The close a result posted after it belongs to (白天结束时统计投票结果): the day the
    clause names (昨日投票出局：春卷, 第一天：春卷被投死), the vote thread's day, or the
    last day closed before the post."""
    inside, before = _day_at(days, t)
    named = _named_day(a, inside, days) if a.type is not EventType.PIPED else None
    if named is not None and named.closes < t and a.how != "night":
        return named.closes
    thread_day = next((d for d in days if spec is not None and d.number == spec.day), None)
    in_vote = spec is not None and spec.kind is ThreadKind.VOTE
    if in_vote and thread_day is not None and t > thread_day.closes:
        return thread_day.closes
    phase = _phase_of(spec, thread_day) if in_vote else None
    if phase is not None and t > phase.closes and a.how != "night":
        return phase.closes
    if inside is None and before is not None:
        return before.closes
    return _recapped_close(a, inside, spec, days, (text, t))


# a 环节 by its number (环节二结束：X 出局, 第二环节结算)
_PHASE_TOLD = lazy(rf"环节\s*({NUM})|第\s*({NUM})\s*环节")


def tells_phase(text: str) -> bool:
    """The post names a 环节 by its number and no day (环节二结束：X 出局): a result it tells
    is that 环节's, of the day the post is in — never a recap of the day before (版杀7 5
    时间分配: a day's 环节 close at 24:00, the result follows just after).  A post that
    names a day (第一日…环节三死的是 X) places its 环节 by that day."""
    said = fold(text)
    return bool(_PHASE_TOLD.search(said)) and not _A_DAY.search(said)


_A_DAY = lazy(DAY_LABEL, re.I)


def _told_phase_close(text: str, inside: DaySpec, t: datetime) -> datetime | None:
    """The close of the 环节 the post names, of the day it is in, when it closed before the
    post (else the post's own time stands)."""
    m = _PHASE_TOLD.search(fold(text))
    n = cn_number(m.group(1) or m.group(2)) if m else None
    ph = next((p for p in inside.phases if p.number == n and p.closes <= t), None)
    return ph.closes if ph is not None else None


def _phase_of(spec: ThreadSpec | None, day: DaySpec | None) -> PhaseSpec | None:
    """The 环节 whose vote thread ``spec`` is (版杀7): a result posted there after it closed
    (0:03, the next 环节 already open) is that 环节's outcome, at its close."""
    if spec is None or day is None:
        return None
    return next((ph for ph in day.phases if ph.vote_thread == spec.tid), None)


def _recapped_close(
    a: Announced,
    inside: DaySpec | None,
    spec: ThreadSpec | None,
    days: list[DaySpec],
    post: tuple[str, datetime] | None = None,
) -> datetime | None:
    """A vote-out a day's discussion post recaps (被投出：汤圆) is the day before's, at its
    close — unless the post (its text, its time) tells the 环节 that just closed
    (:func:`tells_phase`), or is made in its own day's thread at that day's close or soon
    after (:data:`RESULT_WITHIN`): the result of the day the thread is (白天结束时统计投票结果),
    whatever day has opened since.  The day is decided by the post's time against the
    days: a result in the next day's thread at its opening is still the day before's."""
    if inside is None or spec is None or spec.kind is not ThreadKind.DISCUSSION:
        return None
    if post is not None and a.day is None and not a.offset and tells_phase(post[0]):
        return _told_phase_close(post[0], inside, post[1])
    if a.how != "vote" or a.day is not None:
        return None
    own = next((d for d in days if d.number == spec.day), None)
    if (
        post is not None
        and not a.offset
        and own is not None
        and own.closes <= post[1] <= own.closes + RESULT_WITHIN
    ):
        return own.closes
    prev = next((d for d in days if d.number == inside.number - 1), None)
    return prev.closes if prev is not None else None


def _opening_of(
    post: Post,
    spec: ThreadSpec | None,
    days: list[DaySpec],
    said: list[Announced],
    found: list[Sourced],
) -> DaySpec | None:
    """The day whose opening the post belongs to, for the night's results it tells (the
    night's deaths and pipings are the day's from its opening: 030 / M39 出局与吹笛 次日公示).
    The cases: the day's discussion thread's first post; a post made in the night before
    the day opens (进程帖：天亮了，昨夜出局 X, at 09:55 for a 10:00 opening); a post made in the
    day that corrects what was announced at its opening (更正：昨夜出局的是 X，不是 Y — and the
    rest it tells of that night, 另外昨夜笛声响起：Z).  A day with 环节 (版杀7) has its own
    night inside it: its deaths keep their post's time."""
    t = post.posted_at
    inside, _before = _day_at(days, t)
    if inside is None:
        nxt = next((d for d in days if d.opens > t), None)
        return nxt if nxt is not None and not nxt.phases else None
    if spec is not None and spec.kind is ThreadKind.DISCUSSION and post.first:
        return inside
    if inside.phases or not any(a.correction for a in said):
        return None
    told = any(
        s.pid != post.pid
        and isinstance(s.item, Event)
        and s.item.type in (EventType.ELIMINATED, EventType.PIPED)
        and s.item.at == inside.opens
        for s in found
    )
    return inside if told else None


def _piped_event(a: Announced, days: list[DaySpec], at: datetime) -> Event:
    """A piping on the day its clause names (its whole day), else from ``at`` (the opening
    of the day that told it) to that day's close: a piping told with no end of its own lasts
    the day it was told for (030 每个游戏日开始公示前一天被吹笛的角色; M39 次日公示且发言受限 —
    the writer games' and the directors' convention, their truth's ``until``), a close moved
    by a 延时 included; a piper out before then ends it sooner (:func:`_end_piping`)."""
    window = next((d for d in days if d.number == a.day), None) if a.day else None
    if window is not None:
        return Event(EventType.PIPED, a.player, window.opens, until=window.closes)
    inside, _before = _day_at(days, at)
    return Event(EventType.PIPED, a.player, at, until=inside.closes if inside else None)


# 版杀7 5 时间分配: 【环节四】夜晚０：００－－２０：００ 杀手杀人、医生救人、狙击手狙击；
# 【环节五】遗言２０：００－－２４：００ — a night's deaths are its outcome at 20:00
_NIGHT_ENDS = time(20, 0)


def _night_end(days: list[DaySpec], t: datetime) -> datetime | None:
    """The end of the night a death told between days belongs to, in a game of 环节 (版杀7
    5 时间分配: the night 0:00–20:00 after the day's last 环节, 遗言 20:00–24:00): the first
    20:00 after the last close before the post (a day delayed to 02:00 has its night to 20:00
    that day; one sped up to 20:00 the next day's), when the post is made after it."""
    if not any(d.phases for d in days):
        return None
    last = max((d.closes for d in days if d.closes <= t), default=None)
    if last is None:
        return None
    end = datetime.combine(last.date(), _NIGHT_ENDS, tzinfo=last.tzinfo)
    if end <= last:
        end += timedelta(days=1)
    return end if end <= t else None


def _announced_after(t: datetime, at: datetime) -> datetime | None:
    """The announcement's moment, when it came after the event: one told at dawn before the
    day it takes effect in opens (天亮了 at 09:58, the day at 10:00) records none (a game
    file refuses an announcement before its event)."""
    return t if t >= at else None


def _event_from(
    a: Announced,
    post: Post,
    spec: ThreadSpec | None,
    days: list[DaySpec],
    opening_of: DaySpec | None = None,
) -> Event | None:
    t = post.posted_at
    inside, _before = _day_at(days, t)
    result_close = _result_close(a, t, spec, days, _text(post))
    opening = post.first and spec is not None and spec.kind is ThreadKind.DISCUSSION
    if a.type is EventType.ELIMINATED:
        how = a.how or _unstated_how(inside, opening, result_close, t)
        if a.clock is not None:  # 土豆于21:48倒在了枪口下: the time the post gives
            at = _on_post_date(t, a.clock)
        elif how == "sent_off":
            at = t
        elif how == "vote":
            at = result_close or t
        elif opening_of is not None:  # a night death is announced when the day opens
            at = opening_of.opens
        else:
            night_end = _night_end(days, t) if how == "night" and inside is None else None
            at = night_end or t
        return Event(EventType.ELIMINATED, a.player, at, how, announced=_announced_after(t, at))
    if a.type is EventType.SHERIFF:
        return Event(
            EventType.SHERIFF, a.player, _sheriff_at(a, t, result_close, opening, days), a.how
        )
    if a.type is EventType.IDIOT_REVEALED:
        return Event(EventType.IDIOT_REVEALED, a.player, result_close or t)
    if a.type is EventType.PIPED:
        return _piped_event(a, days, opening_of.opens if opening_of is not None else t)
    if a.type is EventType.SUBSTITUTE:
        start = _substitute_from(a, t, days, _text(post))
        if start is None:
            return None  # from a day not open yet: proposed when it is
        return Event(EventType.SUBSTITUTE, a.player, start, value=a.account)
    return None


# a change said to start with the next day (明天起替补 X, 从明日开始由 X 接替, 次日起)
_FROM_NEXT_DAY = lazy(r"(?:从\s*)?(?:明天|明日|次日)\s*(?:起|开始)(?![^，,。；;]{0,6}[吗？?])")


# ... or with a day it names (从 Day 2 开始 X 由 Y 接手, 替补：X→Y，D2 起, 自第三天起): that day's
# opening (seeds 000 10、替补 / 004 替补: the substitute plays the seat from when the director
# says; a start said is a start, never the post's moment)
_FROM_NAMED_DAY = lazy(
    rf"(?:从|自)?\s*(?:第\s*({NUM})\s*[天日]|(?<![A-Za-z])(?:D|Day)\s*(\d{{1,2}})(?![0-9A-Za-z]))"
    r"\s*(?:的)?\s*(?:起|开始|开门起|开门后|on)(?![^，,。；;]{0,6}[吗？?])",
    re.I,
)


def _substitute_from(
    a: Announced, t: datetime, days: list[DaySpec], text: str = ""
) -> datetime | None:
    """When a substitute takes over: from the next day's opening when the clause says the
    change starts with the next day (老周请假，明天起替补 X 替补老周), from a named day's
    opening (从 Day 2 开始, D2 起) — None while that day has not opened: it is proposed once
    the day is found —, from the hour the post gives the change (下午两点起木棉用阿布的账号上戏:
    :func:`_start_said`), else when it is told."""
    said = _start_said(a, t, text)
    if said is not None:
        return said
    named = _FROM_NAMED_DAY.search(a.clause)
    if named is not None:
        n = cn_number(named.group(1)) if named.group(1) else int(named.group(2))
        day = next((d for d in days if d.number == n), None)
        if day is not None:
            return day.opens
        ahead = n is not None and days and n > max(d.number for d in days)
        return None if ahead else t
    if not _FROM_NEXT_DAY.search(a.clause):
        return t
    return next((d.opens for d in sorted(days, key=lambda d: d.opens) if d.opens > t), t)


def _start_said(a: Announced, t: datetime, text: str) -> datetime | None:
    """The hour a substitute's post gives the change, in a sentence that names the seat or
    the one who takes it with the time's start word (下午两点起, 从今天中午十二点起 … 接替):
    seeds 000 / 004 替补 — the substitute plays the seat from when the director says.  Only a
    time later that day (a start ahead, not a recap), not a question or supposition; the
    next-day and named-day starts are :func:`_substitute_from`'s."""
    names = [n for n in (a.player, a.value) if n]
    if t.tzinfo is None:
        return None
    for sentence in re.split(r"[。！!；;？?\n]", text):
        if not any(n in sentence for n in names) or _FROM_NEXT_DAY.search(sentence):
            continue
        for pt in find_points(sentence, t, t.tzinfo):
            if pt.role != "opens" or pt.wrong or pt.aside or pt.asof or pt.dated:
                continue
            if t <= pt.at <= t + timedelta(hours=12):
                return pt.at
    return None


def _sheriff_at(
    a: Announced, t: datetime, result_close: datetime | None, opening: bool, days: list[DaySpec]
) -> datetime:
    """When a sheriff took the badge: a vote's result at its close — when the post is that
    result, soon after the close (:data:`RESULT_WITHIN`) or naming its day (昨天选出的警长) —
    one a day's opening names as elected at the close before it (:func:`_last_close`), else
    when it is told (a badge given a day after the last close, 剧情：全船推举灯塔当选警长, is
    the sheriff from the post that names him: M107 警长 is known from its 公示)."""
    told_of = a.day is not None or a.offset != 0
    if (
        a.how in ("elected", "handed_over")
        and result_close is not None
        and (told_of or t - result_close <= RESULT_WITHIN)
    ):
        return result_close
    if a.how == "elected" and opening:
        return _last_close(days, t) or t
    return t


def _last_close(days: list[DaySpec], t: datetime) -> datetime | None:
    """The latest day's close before ``t``: when a day's opening names the sheriff elected
    (M107 公示: 每天开始时都会公示…当日警长; 第一天白天，获得投票最多的角色将成为警长), the
    election was that close's vote."""
    return max((d.closes for d in days if d.closes <= t), default=None)


def _first_badge(ev: Event, found: list[Sourced], spec: ThreadSpec | None) -> Event:
    """A badge given in a vote thread when the game has no sheriff yet is the election, not a
    hand-over (警徽交 X 掌管 in the first day's result): only a sheriff hands his badge on
    (M107 警长<殉职>, 红牌罚下的警长警徽随机移交; 第一天白天，获得投票最多的角色将成为警长)."""
    if (
        ev.type is not EventType.SHERIFF
        or ev.how != "handed_over"
        or spec is None
        or spec.kind is not ThreadKind.VOTE
        or any(isinstance(f.item, Event) and f.item.type is EventType.SHERIFF for f in found)
    ):
        return ev
    return replace(ev, how="elected")


def _unless_before_close(
    ev: Event | None, post: Post, days: list[DaySpec], disc: Discovery
) -> Event | None:
    """``ev``, unless it is a vote-out before its vote's close (:func:`_vote_before_close`):
    then nothing is taken and the post is listed (未读懂的公告)."""
    if ev is None or not _vote_before_close(ev, post, days):
        return ev
    if post.pid is not None:
        disc.unplaced.add(post.pid)
    return None


def _vote_before_close(ev: Event, post: Post, days: list[DaySpec]) -> bool:
    """A vote-out dated at its post's own moment inside a day, before the day's vote closed
    and not just after a close before it: no vote puts anyone out before it is counted at its
    close (seed 000 / 001 / 004: 白天结束时，统计投票结果; seed 002 4.1.2 说明 1: 讨论和投票时间
    结束时计票 — a 过半 too dies at its 环节's close).  A roster of the living at the day's
    opening (场上就剩七位了：煎饼果子、耳朵眼…过半的直接领盒饭) is no result: its post is listed."""
    if ev.type is not EventType.ELIMINATED or ev.how != "vote" or ev.at != post.posted_at:
        return False
    t = post.posted_at
    inside = next((d for d in days if d.opens <= t < d.closes), None)
    if inside is None:
        return False
    closes = [d.closes for d in days] + [p.closes for d in days for p in d.phases]
    return not any(c <= t <= c + RESULT_WITHIN for c in closes)


# the badge named in the clause (警徽这朵大红花…给 海棠 戴上, 海棠 当选警长, 大副的徽章，别在 罗盘
# 胸前)
_BADGE = lazy(r"徽|警长")


def _first_day_badge(
    game: Game, ev: Event, a: Announced, days: list[DaySpec], found: list[Sourced]
) -> Event:
    """A vote-out read at the first day's close, in a clause that names the badge, in a rule
    set whose first day's vote elects the sheriff and puts nobody out
    (:func:`auditor.game.structure.sheriff_day`): the sheriff elected, when the game has none
    yet (💌 散场啦！统计：海棠 5 票… 警徽这朵大红花，桂姐给 海棠 戴上啦)."""
    first = min(days, key=lambda d: d.number) if days else None
    if (
        first is None
        or first.number != 1
        or ev.type is not EventType.ELIMINATED
        or ev.how != "vote"
        or ev.at != first.closes
        or not _BADGE.search(a.clause)
        or not sheriff_day(game.ruleset)
        or any(isinstance(f.item, Event) and f.item.type is EventType.SHERIFF for f in found)
    ):
        return ev
    return Event(EventType.SHERIFF, ev.player, ev.at, "elected")


def discover_events(
    game: Game, threads: list[ThreadSpec], days: list[DaySpec], posts: list[Post], disc: Discovery
) -> list[Event]:
    """The game file's events and those its directors announced (in the order posted),
    the file winning where both speak of one player's event."""
    disc.events.extend(Sourced(e, "游戏文件") for e in game.events)
    found = _announced_events(game, threads, days, posts, disc)
    events = _beside_the_file(game, found, disc, _closes(days))
    return sorted(
        events, key=lambda e: (e.at is None, e.at or datetime.min.replace(tzinfo=game.timezone))
    )


def _announced_events(
    game: Game, threads: list[ThreadSpec], days: list[DaySpec], posts: list[Post], disc: Discovery
) -> list[Sourced]:
    """The events the directors' posts in the game threads announce, a 更正 replacing what
    it corrects and a repeated 公示 read once."""
    specs = {t.tid: t for t in threads}
    counted = {ThreadKind.PROCESS, ThreadKind.DISCUSSION, ThreadKind.VOTE}
    leaving = leaving_words(game, specs, posts)
    patterns = Patterns(list(game.players), piped_words=disc.piped_words, leaving_words=leaving)
    found: list[Sourced] = []
    for post, rest in _continued(_edited_as_told(posts, specs, days)):
        spec = specs.get(post.tid)
        if spec is None or spec.kind not in counted or post.author not in game.directors:
            continue
        post = _with_title(post, spec, disc.subjects.get(post.tid))
        said = _announced(patterns, post, disc)
        # the learned reading (auditor.game.learned): a kind the grammar read nothing of is
        # listed (未读懂的公告) and its items proposed, 机读, for the director to confirm
        kinds, machine = _second_reading(game, post, spec, said, days, leaving)
        if kinds and post.pid is not None:
            disc.unplaced.add(post.pid)
            asked = [f"{m.says()}（pid {post.pid}）" for m in machine]
            disc.proposals.extend(asked or [f"{learned.why_kind(kinds)}（pid {post.pid}）"])
        found = _without_taken_back(game, post, found, disc)
        opening_of = _opening_of(post, spec, days, said, found)
        if rest is not None and post.pid in disc.read:
            disc.read.add(rest)  # the second half was read with the first
        for a in said:
            noted = _noted(a, post, disc, found)
            if noted is not None:
                found = noted
                continue
            if _restates(a, found):
                continue  # 警长：X restates the sheriff the game already has
            ev = _unless_before_close(
                _event_from(a, post, spec, days, opening_of), post, days, disc
            )
            if ev is None:
                continue
            ev = _first_badge(ev, found, spec)
            ev = _first_day_badge(game, ev, a, days, found)
            if a.correction:
                corrected = _correct(ev, a, post, found, days)
                if corrected is None:
                    continue  # the correction restates what stands (葱花 piped, as announced)
                ev, found = corrected
            elif _announced_before(ev, found):
                continue  # announced again (the next day's 公示 repeats the eliminations)
            # a how the clause does not state is the tool's guess: a proposal, never a fact
            status = "inferred" if a.guessed else "stated"
            found.append(Sourced(ev, f"pid {post.pid}", post.pid, a.clause.strip(), status))
    return found


_EDITED_AT = lazy(r"于\s*(\d{4})-(\d{1,2})-(\d{1,2})\s+(\d{1,2}):(\d{2})")


def _edited_as_told(
    posts: list[Post], specs: dict[int, ThreadSpec], days: list[DaySpec]
) -> list[Post]:
    """The posts, each process-thread post edited on a later day told as of its edit
    (:func:`_as_edited`)."""
    return [_as_edited(p, specs.get(p.tid), days) for p in posts]


def _as_edited(post: Post, spec: ThreadSpec | None, days: list[DaySpec]) -> Post:
    """A process-thread post edited on a later game day, told as of its edit (fh48b 思思:
    her roster, posted before the game and struck through each morning — 「名单已更新，第N天
    开始」): the page shows the post as it stands, so what it tells is told when it was last
    edited, not when first posted; its deaths are dated from the edit (a vote-out at the
    last close before it, a night's at that morning), and a post that told one first keeps
    it (posts are read in the order told).  An edit within the day it was posted in (a typo
    fixed) leaves the post's time, and so does a day thread's post: it tells its own day
    (a result corrected the morning after is still that day's result); so does the morning
    post of a night edited within the day it leads into (:func:`night_report`)."""
    m = _EDITED_AT.search(post.edited or "")
    if m is None or spec is None or spec.kind is not ThreadKind.PROCESS:
        return post
    y, mo, d, h, mi = (int(x) for x in m.groups())
    try:
        at = datetime(y, mo, d, h, mi, tzinfo=post.posted_at.tzinfo)
    except ValueError:
        return post
    later = [x for x in days if post.posted_at < x.opens <= at]
    if not later:
        return post
    if len(later) == 1 and night_report(_text(post), post.posted_at, days):
        # the morning post of the night before the day it was edited in (12/15（二）早安～
        # 昨晚的結果…, edited at 11:20 to add a 請假): already that day's — its deaths stay the
        # night's, dated at the post (fh49 小鹿)
        return post
    return replace(post, posted_at=at)


# a title's items stand apart: a bar, a slash or a run of spaces ends one (昨夜🔪可乐寄了 👮警长薯条)
_TITLE_APART = re.compile(r"[｜|/／]+|\s+")


def _with_title(post: Post, spec: ThreadSpec, subject: str | None) -> Post:
    """A day thread's opening post read with its title: the title is the opening's first
    lines, each of its items one (a director announces the night in the title alone, 「d2讨论帖
    ｜昨夜🔪可乐寄了」, the post saying 看标题), so an event there is read or the post listed."""
    if not post.first or spec.day is None or not subject:
        return post
    if spec.kind not in (ThreadKind.DISCUSSION, ThreadKind.VOTE):
        return post
    items = tuple(x for x in _TITLE_APART.split(subject) if x)
    return replace(post, lines=(*items, *(post.lines or (post.text,))))


def _correct(
    ev: Event, a: Announced, post: Post, found: list[Sourced], days: list[DaySpec]
) -> tuple[Event, list[Sourced]] | None:
    """A correction's event in place of what it corrects, and the events found less those;
    None when it corrects nothing and restates an event found as it stands.  A night's
    deaths and pipings are lists: a post's own never correct each other (更正：A、B 今天是
    Lv.3 keeps both); a day has one vote-out, and a corrected one replaces every other of
    that day, its own post's too (更正！…平票…所以 X 出局)."""
    listed = ev.type is EventType.PIPED or ev.how == "night"
    wrong = [s for s in found if not (listed and s.pid == post.pid) and _corrected(s, ev, a, days)]
    if not wrong and _told_so_before(ev, found):
        return None
    return _in_place_of(ev, a, wrong), [s for s in found if s not in wrong]


# a 更正 that denies the elimination it corrects (平票，X 没有死亡 / X 并未出局): the player, the
# negation, the state of being out; not asked (X 没有出局吗？) nor supposed.  The player's name
# stands on its own (小明没有出局 takes nothing back from 明): the longest name first, after no
# letter or character but a word that leads a name (经核实X, 玩家X, 3号X).  被投出 is a way of
# going, no state: X 没有被投出（而是被处决） denies the manner, not the death, nor does any
# denial followed by 而是 and another way of dying.
_NOT_OUT = (
    r"\s*(?:其实|实际上|并|也|还)?\s*(?:没有|没|未|并未|不曾|尚未)\s*(?:死亡|出局|淘汰|阵亡|死)"
    r"(?![^。！!；;\n]*而是[^。！!；;\n]*(?:处决|刀|杀|毒|枪|放逐|猎|死|出局|淘汰))"
)
_NAME_LEAD = r"(?:(?<!\w)|(?<=核实|确认|其实|玩家|更正|经查|实际)|(?<=[号：]))"


@cache
def _denial(players: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern a game for :func:`_taken_back`: any player's name, then the denial."""
    names = "|".join(re.escape(p) for p in sorted(players, key=len, reverse=True))
    return lazy(rf"{_NAME_LEAD}(?P<player>{names or '(?!x)x'}){_NOT_OUT}")


def _without_taken_back(
    game: Game, post: Post, found: list[Sourced], disc: Discovery
) -> list[Sourced]:
    """The events found so far less those the post's correction takes back
    (:func:`_taken_back`); such a post announced something."""
    taken_back = _taken_back(game, _text(post), found)
    if taken_back and post.pid is not None:
        disc.announced.add(post.pid)
        disc.outcome.add(post.pid)
    return [s for s in found if s not in taken_back]


def _taken_back(game: Game, text: str, found: list[Sourced]) -> list[Sourced]:
    """The eliminations a director's correction takes back by denying them: the post says
    it corrects (更正, 有误 …) and a sentence of it says the player is not out; the latest
    such elimination of each player named."""
    if not _CORRECTS.search(text):
        return []
    out: list[Sourced] = []
    denial = _denial(tuple(game.players))
    for sentence in re.split(r"[。！!；;\n]", text):
        if re.search(rf"[？?]|吗|{SUPPOSING}", sentence):
            continue
        for m in denial.finditer(sentence):
            player = m.group("player")
            gone = [
                x
                for x in found
                if isinstance(x.item, Event)
                and x.item.type is EventType.ELIMINATED
                and x.item.player == player
            ]
            if gone and gone[-1] not in out:
                out.append(gone[-1])
    return out


# a post cut off at its copula or colon (D1结束 警长是), its name sent in the next (大橘 8票)
_DANGLING = lazy(r"(?:是|为|[:：])\s*$")


def _continued(posts: list[Post]) -> list[tuple[Post, int | None]]:
    """The posts in posting order, each one that stops at its copula or colon read with the
    same director's next post in its thread made within ten minutes (a phone's two halves),
    with that post's pid; the second half is not read again on its own."""
    ordered = sorted(posts, key=lambda p: (p.posted_at, p.pid or 0))
    out: list[tuple[Post, int | None]] = []
    taken: set[int] = set()
    for i, p in enumerate(ordered):
        if i in taken:
            continue
        nxt = next(
            (
                j
                for j in range(i + 1, len(ordered))
                if ordered[j].tid == p.tid and ordered[j].author == p.author
            ),
            None,
        )
        if (
            nxt is not None
            and _DANGLING.search(_text(p))
            and ordered[nxt].posted_at - p.posted_at <= timedelta(minutes=10)
        ):
            q = ordered[nxt]
            taken.add(nxt)
            first, second = p.lines or (p.text,), q.lines or (q.text,)
            lines = (*first[:-1], f"{first[-1]} {second[0]}", *second[1:])
            p = replace(p, text=f"{p.text} {q.text}", lines=lines)
            out.append((p, q.pid))
            continue
        out.append((p, None))
    return out


def _announced_before(ev: Event, found: list[Sourced]) -> bool:
    return any(
        isinstance(s.item, Event)
        and s.item.type is ev.type
        and s.item.player == ev.player
        and (ev.type is not EventType.SHERIFF or s.item.how == ev.how)
        for s in found
    )


def _told_so_before(ev: Event, found: list[Sourced]) -> bool:
    """The same event, at the same moment and how, is already among those found."""
    return any(
        isinstance(s.item, Event)
        and (s.item.type, s.item.player, s.item.at, s.item.how)
        == (ev.type, ev.player, ev.at, ev.how)
        for s in found
    )


def _closes(days: list[DaySpec]) -> frozenset[datetime]:
    """Every day's close and every 环节's: the moments a vote-out happens at."""
    return frozenset({d.closes for d in days} | {p.closes for d in days for p in d.phases})


def _beside_the_file(
    game: Game, found: list[Sourced], disc: Discovery, closes: frozenset[datetime]
) -> list[Event]:
    """The file's events with the announced ones it does not state; where it states one, its
    time and how stand (a different 公示 is a warning) and the 公示's time is taken."""
    events = list(game.events)
    # an event the director corrected to another player stands for what its post announced
    claimed = {(e.pid, e.type) for e in game.events if e.pid is not None}
    for s in found:
        ev = s.item
        assert isinstance(ev, Event)
        if (s.pid, ev.type) in claimed:
            continue
        same = [e for e in game.events if e.type is ev.type and e.player == ev.player]
        if same:
            _against_the_file(events, same[0], ev, s.source, disc, closes)
            continue
        if ev.type is EventType.ELIMINATED and any(
            e.type is EventType.ELIMINATED and e.player == ev.player for e in events
        ):
            continue
        events.append(ev)
        disc.events.append(s)
    return events


def _against_the_file(
    events: list[Event],
    f: Event,
    ev: Event,
    source: str,
    disc: Discovery,
    closes: frozenset[datetime],
) -> None:
    """An announced event the file states too (``f``): the file's stands; a 公示 at another
    time or how is a warning unless it tells the file's event (:func:`_told_after`)."""
    if f.announced is None and ev.announced is not None and ev.type is EventType.ELIMINATED:
        # the file states the elimination; when it was announced comes from the post
        events[events.index(f)] = replace(f, announced=ev.announced)
    where = f"帖子 {source}" if source.startswith("pid ") else source
    # (the value too: a sheriff's weight, a substitute's account — one warning per 公示)
    value = f"{ev.player} 的{EVENT_LABEL[ev.type]}：{where} 公示的是 {ev.value}，游戏文件写的是 {f.value}（以游戏文件为准）"
    differs = ev.value is not None and f.value is not None and str(ev.value) != str(f.value)
    if (
        ev.type is EventType.SHERIFF
        or _told_after(f, ev, closes)
        or (f.at, f.how) == (ev.at, ev.how)
    ):
        disc.warnings.extend([value] if differs else [])
        return
    if (f.at, f.how) != (ev.at, ev.how):
        disc.warnings.append(
            f"{ev.player} 的{EVENT_LABEL[ev.type]}：{where} 公示的是 {_fmt_at(ev.at)}"
            f"{' ' + HOW_LABEL.get(ev.how, ev.how) if ev.how else ''}，"
            f"游戏文件写的是 {_fmt_at(f.at)}"
            f"{' ' + HOW_LABEL.get(f.how, f.how) if f.how else ''}（以游戏文件为准）"
        )


def _told_after(f: Event, ev: Event, closes: frozenset[datetime]) -> bool:
    """The post tells the file's event, no other: the same moment (23:59:59 and the next
    00:00 are one close) and how (or none said); or the file's vote-out at a day's or 环节's
    close (``closes``) told by a post up to 12 hours later (a vote-out published at 00:05 for
    a day that closed at 23:59:59 is that vote-out, not another).  Only a vote-out is
    published after the moment it happens at: a red card at 10:00 posted as 21:30, a night
    death at 00:00 told as 11:00, a faction or a piping 10 hours apart are mismatches."""
    if f.at is None or ev.at is None or ev.how not in (None, f.how):
        return False
    if _same_moment(f.at, ev.at):
        return True
    at_close = any(_same_moment(f.at, c) for c in closes)
    voted_out = f.type is EventType.ELIMINATED and f.how == "vote" and at_close
    return voted_out and timedelta(0) <= ev.at - f.at <= timedelta(hours=12)


def _same_moment(a: datetime, b: datetime) -> bool:
    """To the second a day's end (23:59:59 and the next 00:00:00 are one close)."""
    return abs(a - b) <= timedelta(seconds=1)


# a result is posted soon after the close it belongs to; a death said with no cause much
# later (the next morning, the 版杀7 night's end) is the night's
RESULT_WITHIN = timedelta(hours=3)


def _guess_how(opening: bool, result_close: datetime | None, t: datetime) -> str:
    """How, when the clause does not say: a vote-out when posted soon after a close."""
    if opening or result_close is None or t - result_close > RESULT_WITHIN:
        return "night"
    return "vote"


def _unstated_how(
    inside: DaySpec | None, opening: bool, result_close: datetime | None, t: datetime
) -> str | None:
    """A death's how the clause does not state: guessed from the post's time, save a death
    told mid-day (inside a day, hours after its opening, not soon after a close) — left
    how-less: the director is asked (``--how`` at confirming, session 42)."""
    guess = _guess_how(opening, result_close, t)
    midday = inside is not None and not opening and t - inside.opens > RESULT_WITHIN
    return None if midday and guess == "night" else guess


def _on_post_date(t: datetime, clock: str) -> datetime:
    """A clock time the post states, on its date (the day before, if later than the post)."""
    h, m = (int(x) for x in clock.split(":"))
    at = t.replace(hour=h, minute=m, second=0, microsecond=0)
    return at - timedelta(days=1) if at > t else at


def _noted(a: Announced, post: Post, disc: Discovery, found: list[Sourced]) -> list[Sourced] | None:
    """A notice that is no event: 游戏结束 (the game ends then), 吹笛者出局 (every spell
    ends then).  The events found so far, or None for an announcement of an event."""
    if a.type is Notice.GAME_OVER:
        disc.ended = disc.ended or (post.posted_at, post.pid, a.value)
        return found
    if a.ends_piping:
        return [_end_piping(s, post.posted_at) for s in found]
    return None


def _second_reading(
    game: Game,
    post: Post,
    spec: ThreadSpec,
    said: Sequence[Announced],
    days: list[DaySpec],
    leaving: Sequence[str] = (),
) -> tuple[list[str], list[learned.Proposed]]:
    """The learned reading of a director's post (:func:`auditor.game.learned.second_reading`),
    less a doubt alone about a post whose reading the director confirmed.  The theme's
    declared words for leaving (``leaving``, :func:`leaving_words`) reach the models as the
    word they were fitted on (出局): 昨夜：X 下车 read by the grammar is no doubt of theirs."""
    text = _text(post)
    for word in leaving:
        text = text.replace(word, "出局")
    kinds, machine = learned.second_reading(
        game.players,
        text,
        str(spec.kind),
        said,
        post.posted_at,
        game.timezone,
        day=spec.day,
        days=days,
    )
    if kinds == ["doubt"] and _reading_confirmed(game, said):
        return [], []  # the director confirmed what was read from it: asked and answered
    return kinds, machine


def _reading_confirmed(game: Game, said: Sequence[Announced]) -> bool:
    """Every event the grammar read from a post stands in the game file (its kind and
    player, as the director wrote or confirmed it): he has read the post, so the doubt
    model's doubt alone (``learned.DOUBT_AT``, no kind unread) is not asked again night
    after night (fh42: his 收帖 post, whose sheriff he confirmed from it)."""
    held = {(str(e.type), e.player) for e in game.events}
    items = [(str(a.type), a.player) for a in said if isinstance(a.type, EventType)]
    return bool(items) and all(i in held for i in items)


def _restates(a: Announced, found: list[Sourced]) -> bool:
    """A sheriff state line (警长：X) once the game has a sheriff — unless it corrects it."""
    if not a.status or a.correction:
        return False
    return any(isinstance(s.item, Event) and s.item.type is EventType.SHERIFF for s in found)


def _in_place_of(ev: Event, a: Announced, wrong: list[Sourced]) -> Event:
    """A 更正 that names another player (昨晚出局的是 X，不是 Y) corrects who, not when: the
    event it replaces keeps its time and how, unless the correction states its own time
    (更正：X 于 21:48 出局) or cause."""
    old = next((s.item for s in wrong if isinstance(s.item, Event)), None)
    if old is None or a.clock is not None or old.at is None:
        return ev
    how = ev.how if a.how is not None else old.how
    return replace(ev, at=old.at, how=how)


def _corrected(s: Sourced, ev: Event, a: Announced, days: list[DaySpec]) -> bool:
    """Whether a correction replaces an earlier item: the wrong player it names (不是杜鹃,
    杜鹃出局有误), else every item of its kind on its day."""
    item = s.item
    if not isinstance(item, Event) or item.type is not ev.type:
        return False
    if a.replaces:
        return item.player in a.replaces
    if a.cause is not None and (item.how == "night") != (a.cause == "night"):
        return False  # a corrected vote count leaves the night's deaths as they were
    return _day_number(days, item.at) == _day_number(days, ev.at)


# the theme's word for leaving, declared in the rules: glossed (下车（出局）), or said to be it
# (下车即出局, “上岸”就是死亡, 出局在本局叫做“下车”); 2-4 characters, quotes around it or not
_OUT_WORD = r"(?:出局|死亡|淘汰)"
_WORD = r"[“「『\"]?([\u4e00-\u9fff]{2,4}?)[”」』\"]?"
_DECLARED_LEAVING = (
    lazy(rf"{_WORD}\s*[（(]\s*(?:即|=|＝)?\s*{_OUT_WORD}\s*[）)]"),
    lazy(rf"{_WORD}\s*(?:即|就是|即为|等于|等同于?|视为|算作?|=|＝)\s*{_OUT_WORD}"),
    lazy(rf"{_OUT_WORD}\s*(?:在本局|在这局|本局)?\s*(?:叫做?|称为|称作|记作|说成)\s*{_WORD}"),
)
# what the word cannot be: the grammar's own words, and a sentence that undoes (不算出局)
_NOT_A_LEAVING = lazy(r"出局|死亡|淘汰|不|没|未|如果|是否|吗")


def declared_leaving(text: str) -> tuple[str, ...]:
    """The words a rules post declares as leaving the game (:data:`_DECLARED_LEAVING`),
    sentence by sentence: a question (下车算出局吗？) declares nothing."""
    found: list[str] = []
    for sentence in re.split(r"[。！!；;\n]", fold(text)):
        if re.search(r"[？?]|吗", sentence):
            continue
        for rx in _DECLARED_LEAVING:
            for m in rx.finditer(sentence):
                word = m.group(1)
                if not _NOT_A_LEAVING.search(word) and word not in found:
                    found.append(word)
    return tuple(found)


def leaving_words(
    game: Game, specs: Mapping[int, ThreadSpec], posts: Iterable[Post]
) -> tuple[str, ...]:
    """The theme's words for leaving the game: the game file's ``[game] leaving``, then
    those a director's post in the rules thread declares (:func:`declared_leaving`)."""
    words = list(game.leaving)
    for post in posts:
        spec = specs.get(post.tid)
        if spec is None or spec.kind is not ThreadKind.RULES or post.author not in game.directors:
            continue
        words += [w for w in declared_leaving(_text(post)) if w not in words]
    return tuple(words)


def _announced(patterns: Patterns, post: Post, disc: Discovery) -> list[Announced]:
    """What the post announces; a post anything was read from is marked as read."""
    # seats and aliases as the players' names (auditor.game.roster: 出局: 3 → 出局: 老周)
    text = _text(post) if disc.base is None else spell_out(disc.base, _text(post))
    found, unplaced = patterns.read(text)
    if unplaced and post.pid is not None:
        disc.unplaced.add(post.pid)  # a clause not placed keeps the post listed (never silent)
    if found and post.pid is not None:
        if not unplaced:
            disc.read.add(post.pid)
        disc.announced.add(post.pid)
        if any(a.type not in (EventType.SUBSTITUTE, Notice.ACCELERATED) for a in found):
            disc.outcome.add(post.pid)
    return found


def _end_piping(s: Sourced, t: datetime) -> Sourced:
    ev = s.item
    if (
        isinstance(ev, Event)
        and ev.type is EventType.PIPED
        and (ev.until is None or ev.until > t)
        and ev.at is not None
        and t > ev.at
    ):
        return replace(s, item=replace(ev, until=t))
    return s


def _day_number(days: list[DaySpec], t: datetime | None) -> int | None:
    if t is None:
        return None
    inside, before = _day_at(days, t - timedelta(seconds=0))
    d = inside or before
    return d.number if d else None


def _fmt_at(t: datetime | None) -> str:
    return _fmt(t) if t is not None else "?"


# --------------------------------------------------------------------------- 加速 / 延时

# (requests close this long before the day's close, majority test, delays too) per rule set:
#   m107 游戏进程：在进程帖中申请加速的玩家超过所有存活玩家的二分之一（no deadline, no delay）
#   rabbit030 讨论日：申请加速或延时的人数大于等于存活人数的一半；延时申请截至讨论日结束前三小时
#   m39 讨论日：当日申请人数在讨论日结束三个小时前大于等于存活人数的一半
#   killbar7: no acceleration clause
ACCELERATION: dict[str, tuple[timedelta, str, bool]] = {
    "m107": (timedelta(0), "more_than_half", False),
    "rabbit030": (timedelta(hours=3), "at_least_half", True),
    "m39": (timedelta(hours=3), "at_least_half", True),
}
_ASK_FAST = lazy(r"申请加速|要求加速|同意加速|我要加速|^\s*加速[。！!]?\s*$")
_ASK_SLOW = lazy(r"申请延时|申请延迟|要求延时|同意延时|^\s*延时[。！!]?\s*$")


def acceleration_proposals(
    game: Game,
    threads: list[ThreadSpec],
    days: list[DaySpec],
    events: list[Event],
    posts: list[Post],
) -> list[Proposal]:
    """The living players who asked for 加速 (or 延时) in the process thread before the rule
    set's deadline, against its majority: a proposal for the director, never applied."""
    rule = ACCELERATION.get(game.ruleset)
    if rule is None:
        return []
    before_close, majority, delays = rule
    process = {t.tid for t in threads if t.kind is ThreadKind.PROCESS}
    out_at = {e.player: e.at for e in events if e.type is EventType.ELIMINATED and e.at}
    out: list[Proposal] = []
    for d in days:
        deadline = d.closes - before_close
        living = [p for p in game.players if p not in out_at or out_at[p] > d.opens]
        asked: dict[str, set[str]] = {"加速": set(), "延时": set()}
        for p in posts:
            seat = _seat_of(p, events)
            if p.tid not in process or seat not in living:
                continue
            if not (d.opens <= p.posted_at <= deadline):
                continue
            text = _text(p)
            if _ASK_FAST.search(text):
                asked["加速"].add(seat)
            if delays and _ASK_SLOW.search(text):
                asked["延时"].add(seat)
        for what, who in asked.items():
            n, k = len(who), len(living)
            passed = n * 2 > k if majority == "more_than_half" else n * 2 >= k
            done = d.accelerated if what == "加速" else d.delayed
            if passed and not done:
                out.append(_request_proposal(game, d, what, who, k, (days, posts)))
    return out


def _seat_of(p: Post, events: list[Event]) -> str:
    """The seat a post's author plays: a substitute on his own account (糯米 for 鱼丸, from
    his event's time) asks for the seat (seed 004 替补: 代替该玩家继续游戏); else the author."""
    for e in events:
        own = e.type is EventType.SUBSTITUTE and e.value == p.author != e.player
        if own and (e.at is None or e.at <= p.posted_at):
            return e.player
    return p.author


def _request_proposal(
    game: Game,
    d: DaySpec,
    what: str,
    who: set[str],
    living: int,
    said: tuple[list[DaySpec], list[Post]],
) -> Proposal:
    """The proposal for day ``d``'s 加速 or 延时 asked by ``who`` of ``living``; a 延时 is
    prefilled with the new close a director's post states (:func:`_delay_stated`)."""
    action = (
        f"把第{d.number}天标为加速日（[[day]] accelerated = true）"
        if what == "加速"
        else f"第{d.number}天延时：导演公示新的关门时间后，确认时填写它（延时成功后不再视为加速）"
    )
    text = (
        f"第{d.number}天：{len(who)}/{living} 名存活玩家在进程帖申请{what}"
        f"（{'、'.join(sorted(who))}），达到规则集的人数，提议{action}"
    )
    if what == "加速":
        return Proposal(
            "accelerate", replace(d, accelerated=True), "进程帖", "、".join(sorted(who)), text
        )
    item = d
    stated = _delay_stated(game, d, *said)
    if stated is not None:
        item = replace(d, closes=stated[1])
        text += f"（pid {stated[0]} 写的新关门时间是 {_fmt(stated[1])}，已预填）"
    return Proposal("delay", item, "进程帖", "、".join(sorted(who)), text)


# a director's post about a delay (延时成立, 顺延一天, 延至, 推迟到) that was not read as one,
# never one that refuses it (延时不成立, 申请不足, 不延时)
_DELAY_TOLD = lazy(r"延时|延长|延迟|延至|延到|顺延|推迟|延后")
_DELAY_REFUSED = lazy(
    r"(?:不|未|没)(?:能|有)?(?:成立|通过|生效|延时|延长|顺延|推迟)|失败|驳回|不足|不够"
)


# ... and one that says by how many days (延时成功！第二日延长一日: 001's 延时 adds a day to the
# close, 阿May), the day it names, if any, the day's own
_BY_DAYS = lazy(
    r"(?:第(?P<day>[\d一二三四五六七八九十]{1,3})[日天])?[^，。！!；;\n]{0,4}?"
    r"(?:延长|顺延|延时|推迟|延后|延)\s*(?P<n>[一二两三\d])\s*(?:个)?(?:日|天)"
)


# a delay granted outright (延时成功, 延时成立, 同意延时), not asked, supposed or refused
_DELAY_GRANTED = lazy(r"延时(?:申请)?(?:成功|成立|生效|通过)|(?:同意|批准)延时")
_SUPPOSED = lazy(rf"{SUPPOSING}|[？?]")  # (announce.SUPPOSING: the one home)


def _delayed_by_days(n: int, f: _Day, text: str, pid: int | None) -> None:
    """A delay granted by a count of days and no clock (001 延时: 延时成功！第二日延长一日 —
    the close a day later, 阿May's teahouse): the day's close moves that many days — once (a
    day already delayed is not moved again by the grant said again)."""
    if (
        f.delayed
        or not _DELAY_GRANTED.search(text)
        or _SUPPOSED.search(text)
        or _DELAY_REFUSED.search(text)
    ):
        return
    m = _BY_DAYS.search(text)
    if m is None or (m.group("day") is not None and cn_number(m.group("day")) != n):
        return
    k = cn_number(m.group("n"))
    if not k:
        return
    planned = f.planned or f.closes
    f.closes, f.delayed, f.accelerated, f.planned = (
        f.closes + timedelta(days=k),
        True,
        False,
        planned,
    )
    f.fields["closes"] = _stated(pid, "（延时）")
    f.moved_by += [pid] if pid is not None else []


def _days_added(text: str, d: DaySpec) -> datetime | None:
    """The close a post's delay by a count of days makes (延长一日: the close a day later)."""
    m = _BY_DAYS.search(text)
    if m is None:
        return None
    if m.group("day") is not None and cn_number(m.group("day")) != d.number:
        return None
    n = cn_number(m.group("n"))
    return d.closes + timedelta(days=n) if n else None


def _closes_stated(game: Game, d: DaySpec, text: str, posted_at: datetime) -> list[datetime]:
    """The times a post states for day ``d``'s close, later than its close now (not an
    opening, a time corrected, an as-of or an aside)."""
    return [
        pt.at
        for pt in find_points(text, posted_at, game.timezone)
        if pt.role != "opens"
        and not (pt.wrong or pt.asof or pt.aside)
        and pt.day in (None, d.number)
        and pt.at > d.closes
    ]


def _delay_stated(
    game: Game, d: DaySpec, days: list[DaySpec], posts: list[Post]
) -> tuple[int | None, datetime] | None:
    """The new close a director's post in the process thread states for day ``d`` while it
    is open, later than its close now and before the next day opens (…延时成立，顺延一天，
    12月5日 22:00 见): what a 延时 proposal is prefilled with; the director still confirms
    it.  None when no post states one, or the post refuses the delay."""
    nxt = next((x.opens for x in days if x.number == d.number + 1), None)
    found: tuple[int | None, datetime] | None = None
    for p in sorted(posts, key=lambda p: p.posted_at):
        if p.author not in game.directors or not (d.opens <= p.posted_at <= d.closes):
            continue
        text = _text(p)
        if not _DELAY_TOLD.search(text) or _DELAY_REFUSED.search(text):
            continue
        for at in _closes_stated(game, d, text, p.posted_at):
            if nxt is None or at < nxt:
                found = (p.pid, at)
        added = _days_added(text, d) if found is None or found[0] != p.pid else None
        if added is not None and (nxt is None or added < nxt):
            found = (p.pid, added)
    return found


# --------------------------------------------------------------------------- the whole game


def discover(game: Game, store: object) -> Game:
    """The game with its discovered threads, days and events (``game.discovery`` says
    what came from where).  A game file without ``forum.board`` is returned unchanged."""
    if not game.discovers:
        return game
    game = _file_game(game)
    disc = Discovery(base=game, piped_words=piped_words(game.ruleset, game.rules))
    titled = board_threads(store)
    threads = discover_threads(game, titled, disc)
    threads += _dated_by_title(game, threads, disc, store)
    threads += _dated_by_opening(game, disc, store)
    threads += _counted_by_title(game, threads, disc, store)
    threads += _dated_by_serial(game, threads, disc, store)
    threads += _dated_by_running_number(game, threads, disc)
    threads = _vote_by_opening(game, threads, disc, store)
    _phases_by_order(game, threads, disc)
    subjects = {t.tid: t.subject for t in titled}
    tids = {t.tid for t in threads}
    posts = _drafts_aside(
        game,
        [
            sp.post
            for d in game.directors
            for sp in store.posts(author=d, tz=game.timezone)  # type: ignore[attr-defined]
            if sp.post.tid in tids
        ],
        disc,
    )
    # days and events read one text: the game's counter word for its days said as 天
    counted = _serial_days(_counted_days(posts, disc.day_word), disc.serials)
    days = discover_days(game, threads, counted, disc, subjects)
    events = discover_events(game, threads, days, counted, disc)
    events += _granted_leaves(game, days, counted, events, disc)
    players_posts = [
        sp.post
        for t in threads
        if t.kind is ThreadKind.PROCESS
        for sp in store.posts(tid=t.tid, tz=game.timezone)  # type: ignore[attr-defined]
    ]
    disc.accelerations = acceleration_proposals(game, threads, days, events, players_posts)
    disc.proposals.extend(p.text for p in disc.accelerations)
    _never_silent(game, threads, days, events, posts, disc, store)
    _undated_unread(game, days, disc, store)
    disc.warnings = [_post_named(w, posts, game.forum.url) for w in disc.warnings]
    ended = game.ended or (disc.ended[0] if disc.ended else None)
    disc.ahead = [p for p in disc.ahead if ended is None or _opens(p) <= ended]
    return replace(
        game,
        threads=tuple(threads),
        days=tuple(d for d in days if ended is None or d.opens <= ended),
        events=tuple(events),
        discovery=disc,
        ended=ended,
    )


# seed 000 10 请假 / 002 6.2(3) 玩家提前向法官请假的，法官根据情况处理: a 请假 the director grants in
# his own words (小葵下午請假，已核准，今天發言數不計) — not refused (不准), asked (准了吗？) nor a
# player's request he has not answered
_LEAVE_GRANTED = lazy(
    r"(?P<when>今天|今日|本日|明天|明日)?\s*(?P<part>上午|下午|晚上|全天|整天)?\s*请假"
    r"[^。！!？?\n]{0,10}?(?<![不未没])(?:已核准|核准|批准|准了|准假|同意|通过)"
    r"(?![^。！!\n]{0,8}[吗？?])"
)
_EDIT_TIME = lazy(r"(\d{4})-(\d{1,2})-(\d{1,2})\s+(\d{1,2}):(\d{2})")
_PART_FROM = {"下午": time(12, 0), "晚上": time(18, 0)}


def _granted_leaves(
    game: Game, days: list[DaySpec], posts: list[Post], events: list[Event], disc: Discovery
) -> list[Event]:
    """Each 请假 a director's post grants (:data:`_LEAVE_GRANTED`), a proposal: read as the post
    stands now — an edit that added it too (fh49 小鹿 edited her morning post at 11:20 to add
    「小葵下午請假，已核准，今天發言數不計」) — and dated by what it says: its 今天 / 明天 counted
    from the edit's date when the post was edited (the line the edit added), else the post's;
    下午 from 12:00, 晚上 from 18:00, else from the day's opening, until that day's close."""
    tz = game.timezone
    names = sorted(game.players, key=len, reverse=True)
    have = {(e.player, e.type) for e in (*game.events, *events)}
    out: list[Event] = []
    for p in posts:
        text = fold(_text(p))
        for m in _LEAVE_GRANTED.finditer(text):
            before = text[max(0, m.start() - 8) : m.start()]
            who = next((n for n in names if fold(n) in before), None)
            if who is None or (who, EventType.LEAVE) in have:
                continue
            edit = _EDIT_TIME.search(p.edited or "")
            ref = p.posted_at.astimezone(tz).date()
            if edit:
                ref = date(*(int(x) for x in edit.groups()[:3]))
            if m.group("when") in ("明天", "明日"):
                ref += timedelta(days=1)
            day = next((d for d in days if d.opens.astimezone(tz).date() == ref), None)
            if day is None:
                continue
            part = _PART_FROM.get(m.group("part") or "")
            start = datetime.combine(ref, part, tz) if part else day.opens
            if not day.opens <= start < day.closes:
                start = day.opens
            leave = Event(EventType.LEAVE, who, start, until=day.closes, pid=p.pid)
            have.add((who, EventType.LEAVE))
            out.append(leave)
            disc.events.append(Sourced(leave, f"pid {p.pid}", p.pid, "导演准假"))
    return out


def _post_named(notice: str, posts: list[Post], base: str | None) -> str:
    """A notice names a post as a director finds it — its 楼 and its link — never its pid."""
    by_pid = {p.pid: p for p in posts if p.pid is not None}

    def named(m: re.Match[str]) -> str:
        p = by_pid.get(int(m.group(1)))
        if p is None:
            return "公告"
        floor = f"第{p.floor}楼" if p.floor else "公告"
        link = findpost_link(base, p.tid, p.pid)
        return f"{floor}（{link}）" if link else floor

    return re.sub(r"(?:帖子\s*)?pid\s*(\d+)", named, notice)


def _drafts_aside(game: Game, posts: list[Post], disc: Discovery) -> list[Post]:
    """The directors' posts as they are read: a post that is the tool's own draft posted
    (:func:`auditor.game.drafted.draft_rest`) is left out — what it says the tool already
    has — but for the lines the director added or changed, read as any post is."""
    out: list[Post] = []
    for p in posts:
        rest = draft_rest(p.lines or (p.text,), game.players)
        if rest is None:
            out.append(p)
            continue
        if p.pid is not None:
            disc.drafts.append(p.pid)
        if rest:
            out.append(replace(p, text=" ".join(" ".join(rest).split()), lines=rest))
    return out


def _never_silent(
    game: Game,
    threads: list[ThreadSpec],
    days: list[DaySpec],
    events: list[Event],
    posts: list[Post],
    disc: Discovery,
    store: object,
) -> None:
    """What was read (the days' and phases' posts too), what was not, and what the state
    lacks (:mod:`auditor.game.state`)."""
    disc.read |= {s.pid for s in disc.days if s.pid is not None}
    # the posts that changed a day's close (延时, 加速, 更正) were read too
    disc.read |= {
        int(m.group(1))
        for s in disc.days
        for src, _status in s.fields.values()
        if (m := re.match(r"pid (\d+)", src))
    }
    disc.read |= {
        p.pid
        for d in days
        for ph in d.phases
        for p in posts
        if p.tid == ph.vote_thread and p.first and p.pid is not None
    }
    disc.read -= disc.unplaced  # a day read from a post leaves its unread clause listed
    disc.dismissed = store.state.dismissed  # type: ignore[attr-defined]
    listed = unread_posts(game, threads, days, posts, disc.read, disc.dismissed, events=events)
    disc.unread = [u for u in listed if not u.answered]
    disc.answered = [u for u in listed if u.answered]  # a game-file event answers it
    waiting = _nights_before_their_day(game, threads, disc.subjects)
    disc.problems = thread_problems(
        game, [t for t in threads if t.tid not in waiting], days, disc.subjects, disc.unclassified
    ) + night_problems(game, _begun(days, threads, posts), events, posts, disc.outcome, threads)
    disc.problems += disc.problems_ahead
    disc.no_result = no_result_times(game, posts)


def _nights_before_their_day(
    game: Game, threads: Sequence[ThreadSpec], subjects: Mapping[int, str]
) -> set[int]:
    """版杀7's night threads (第一夜) whose day has no vote thread yet: the day opens with its
    first 环节's vote thread (seed 002 5 时间分配: 每个环节 0:00–24:00; night posts count for
    the next day's first 环节) — a day not open yet, not a day whose close is unknown."""
    if not schedule_for(game.ruleset, game.rules).phases:
        return set()
    voted = {t.day for t in threads if t.kind is ThreadKind.VOTE}
    return {
        t.tid
        for t in threads
        if t.kind is ThreadKind.DISCUSSION
        and t.day not in voted
        and _NIGHT_TITLE.search(subjects.get(t.tid, ""))
    }


def _undated_unread(game: Game, days: list[DaySpec], disc: Discovery, store: object) -> None:
    """The directors' posts in the game's day threads whose day is unknown (a title with no
    第几天 that no opening post, count, code or running number dates: 头一场·讨论 beside
    第二场·讨论): nothing is read from them until the director says the thread's day, so
    each that names a player or a time is listed as 未读懂的公告 (issue 34 §3: never silent)
    — a vote's result or a night's deaths posted there would otherwise pass unheard."""
    undated = [
        x.tid
        for x in disc.unclassified
        if classify(x.subject, game.ruleset, game.tag).undated is not None
    ]
    if not undated:
        return
    posts = _drafts_aside(
        game,
        [
            sp.post
            for tid in undated
            for sp in store.posts(tid=tid, tz=game.timezone)  # type: ignore[attr-defined]
            if sp.post.author in game.directors
        ],
        disc,
    )
    listed = unread_posts(game, [], days, posts, disc.read, disc.dismissed, undated=undated)
    disc.unread = sorted(
        disc.unread + [u for u in listed if not u.answered], key=lambda u: (u.posted_at, u.pid)
    )
    disc.answered += [u for u in listed if u.answered]


def _opens(p: Proposal) -> datetime:
    assert isinstance(p.item, DaySpec)
    return p.item.opens


def _begun(days: list[DaySpec], threads: list[ThreadSpec], posts: list[Post]) -> list[DaySpec]:
    """The days that have begun on the forum: their threads exist, or the directors have
    posted since they opened.  A day confirmed ahead from a schedule has not: the night
    before it asks for no outcome yet."""
    threaded = {t.day for t in threads if t.kind in (ThreadKind.DISCUSSION, ThreadKind.VOTE)}
    last = max((p.posted_at for p in posts), default=None)
    return [d for d in days if d.number in threaded or (last is not None and d.opens <= last)]


def with_threads(game: Game, titled: Iterable[TitledThread]) -> Game:
    """The game with the threads its titles make it (before any post is read)."""
    if not game.discovers:
        return game
    game = _file_game(game)
    disc = Discovery(base=game)
    titled = list(titled)
    threads = discover_threads(game, titled, disc)
    # a day thread whose title names no day is read too: its opening post may name it
    threads += [
        ThreadSpec(x.tid, kind, None)
        for x in disc.unclassified
        if (kind := classify(x.subject, game.ruleset, game.tag).undated) is not None
    ]
    # ... and one with no kind word that shares its serial code with another game title
    # (RB8801 候机大厅 beside RB8801 登机口（投票）): its code may count its day
    coded = Counter(
        serial_code(t.subject, game.tag)
        for t in titled
        if game.tag and match_tag(t.subject, game.tag).exact
    )
    threads += [
        ThreadSpec(x.tid, ThreadKind.DISCUSSION, None)
        for x in disc.unclassified
        if kindless(x.subject, game.ruleset, game.tag)
        and (code := serial_code(x.subject, game.tag)) is not None
        and coded[code] > 1
    ]
    return replace(game, threads=tuple(threads), discovery=disc)


def piped_words(ruleset: str, rules: Mapping[str, object]) -> tuple[str, ...]:
    """The words a piped player may say (PIPED-SPEECH ``words``: the game file's, else its
    preset's or the one it extends, else the rule's default where a preset has the rule),
    read from the files without loading a rule: a director may head the piped list with
    them (今天喵喵：…, 咪啪组：…)."""
    own = rules.get("PIPED-SPEECH")
    if isinstance(own, Mapping) and "words" in own:
        return tuple(str(w) for w in own["words"])
    seen: set[str] = set()
    name: str | None = ruleset
    while name and name not in seen:
        seen.add(name)
        try:
            data = tomllib.loads(preset_text(name))
        except (OSError, tomllib.TOMLDecodeError):
            return ()
        rule = data.get("rules", {}).get("PIPED-SPEECH")
        if rule is not None:
            return tuple(str(w) for w in rule.get("words", DEFAULT_PIPED_WORDS))
        name = data.get("ruleset", {}).get("extends")
    return ()


def _file_game(game: Game) -> Game:
    """The game as its file states it (discovery starts from there every time)."""
    base = game.discovery.base if isinstance(game.discovery, Discovery) else None
    return base if base is not None else game


# --------------------------------------------------------------------------- --write


def write_discovered(game: Game, disc: Discovery) -> str:
    """Append every discovered thread, day and event to the game file as ``[[thread]]``,
    ``[[day]]`` and ``[[event]]`` with their source as a comment (``auditor game --write``;
    one proposal at a time is :func:`auditor.pipeline.confirm`); everything already in the
    file (comments and layout included) stays as it is.  Returns what was written."""
    found = [p for p in disc.pending() if p.kind in ("thread", "day", "event")]
    counts = write_proposals(game.path, found, subjects=disc.subjects)
    return f"帖子 {counts['thread']} 个，天 {counts['day']} 个，事件 {counts['event']} 个"
