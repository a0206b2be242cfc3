"""Proposals: what the forum or the tool's own tallies say about the game that the game
file does not (yet) state, for a director to confirm — as it stands or corrected — one at
a time.

A proposal is a discovered thread, day or event (from a title or a director's post), a
tally outcome no announcement confirms (voted out, sheriff elected), or enough 加速
requests in the process thread.  Confirming one writes it into the game file as
``[[thread]]``, ``[[day]]`` or ``[[event]]`` (tomlkit: every comment and key already in the
file stays as it is), with its source and who confirmed it as the table's comment.  The
game file is the record from then on: whatever it states wins over what is discovered.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, time, timedelta, timezone
from pathlib import Path
from typing import TYPE_CHECKING

from auditor.errors import AuditorError, GameFileError
from auditor.files import write_atomic
from auditor.game.gamefile import (
    EVENT_HOW,
    EVENT_LABEL,
    DaySpec,
    Event,
    EventType,
    Game,
    PhaseSpec,
    ThreadKind,
    ThreadSpec,
    load_game,
)
from auditor.game.roster import names_written
from auditor.game.structure import clock
from auditor.game.titles import classify

if TYPE_CHECKING:  # tomlkit is loaded only to write the game file (a check never does)
    import tomlkit
    from tomlkit.items import Table

KINDS = ("thread", "day", "event", "accelerate", "delay", "schedule")
HOW_LABEL = {
    "vote": "投票",
    "night": "夜晚",
    "sent_off": "红牌罚下",
    "suicide": "殉情",
    "elected": "当选",
    "handed_over": "移交",
}
THREAD_LABEL = {
    ThreadKind.DISCUSSION: "讨论帖",
    ThreadKind.VOTE: "投票帖",
    ThreadKind.PROCESS: "进程帖",
    ThreadKind.RULES: "规则帖",
    ThreadKind.LASTWORDS: "遗言帖",
}


class ProposalError(AuditorError):
    """A proposal that is no longer pending, or a correction that does not fit the game."""

    exit_code = 2


@dataclass(frozen=True, slots=True)
class Proposal:
    """One item for a director to confirm: ``kind`` is thread | day | event (discovered),
    accelerate (mark a day 加速) or delay (延时: only the director can say the new close)."""

    kind: str
    item: ThreadSpec | DaySpec | Event
    source: str  # 标题 | pid N | 计票 | 进程帖
    note: str = ""  # the title or the announcement's words
    text: str = ""  # the Chinese line shown to the director (tally and 加速 proposals)
    pid: int | None = None  # the director's post it was read from
    # the tool worked out a field the post does not state (a death's how, from its time)
    inferred: bool = False

    @property
    def id(self) -> str:
        """A short stable id (the same proposal has the same id on every page and night)."""
        item = self.item
        if isinstance(item, ThreadSpec):
            key = f"thread:{item.tid}"
        elif isinstance(item, DaySpec):
            key = f"{self.kind}:{item.number}"
        elif self.pid is not None:
            # an event read from a director's post is that post's: its id stays when its
            # time or how moves because another answer changed the days (全部确认: a night
            # death re-timed by the next day's confirmation is the same question)
            key = f"event:{item.type.value}:{item.player}:pid:{self.pid}"
        else:
            key = f"event:{item.type.value}:{item.player}:{item.how}:{_iso(item.at)}:{self.pid}"
        return "P" + hashlib.sha1(key.encode()).hexdigest()[:8].upper()

    @property
    def confirmable(self) -> bool:
        """Whether it can be confirmed as it stands (a 延时 needs the new close time)."""
        return self.kind not in ("delay", "schedule")

    def describe(self, subjects: dict[int, str] | None = None) -> str:
        """What confirming it writes, in Chinese."""
        if self.text:
            return self.text
        item = self.item
        if isinstance(item, ThreadSpec):
            subject = (subjects or {}).get(item.tid, "")
            day = f"第{item.day}天" if item.day else ""
            return f"帖子 {item.tid}「{subject}」是{day}{THREAD_LABEL[item.kind]}".replace(
                "「」", ""
            )
        if isinstance(item, DaySpec):
            fast = "，加速日" if item.accelerated else ""
            slow = "，延时" if item.delayed else ""
            said = f"第{item.number}天：{_fmt(item.opens)} 至 {_fmt(item.closes)}{fast}{slow}"
            return said + phases_said(item)
        how = HOW_LABEL.get(item.how or "", item.how or "")
        guess = "（方式是推断的：原文没有写明）" if self.inferred and how else ""
        if item.type is EventType.ELIMINATED and item.how is None:
            guess = "（方式：公告里没有写明，确认时用 --how 写明）"
        # a 替补 names the newcomer too (fh45: 「替补：格瓦斯，12-04 10:30」 did not say 秋林)
        who = (
            f"{item.player}（由 {item.value} 接替）"
            if item.type is EventType.SUBSTITUTE and item.value
            else item.player
        )
        return f"{EVENT_LABEL[item.type]}：{who}，{_fmt_at(item.at)}{(' ' + how) if how else ''}{guess}"


def phases_said(d: DaySpec) -> str:
    """A day's 环节 in words (killbar7 4.1.2: 1–3 rounds a day, each with its vote thread),
    after the day's times: 「（环节1 试探性投票 12-05 00:00 至 12-05 23:59:59，投票帖 721）」."""
    if not d.phases:
        return ""
    said = [
        # (a name that is its number says it once: not 「环节1 环节1」 — fh46b)
        f"环节{ph.number}{'' if ph.name == f'环节{ph.number}' else ' ' + ph.name} "
        f"{_fmt(ph.opens)} 至 {_fmt(ph.closes)}"
        + (f"，投票帖 {ph.vote_thread}" if ph.vote_thread is not None else "")
        for ph in d.phases
    ]
    return f"（{'；'.join(said)}）"


#: An id as a batch sends it with what the director saw beside it: ``P1234ABCD「出局：阿发，
#: 12-06 20:05 夜晚」`` (the desk's 全部确认).
_SEEN = re.compile(r"^\s*(\w+)\s*「(.*)」\s*$", re.S)


def find(pending: list[Proposal], ident: str) -> Proposal:
    """The pending proposal with this id, else a ProposalError saying it is not pending.

    An id with what the director saw beside it (``P…「…」``, a batch: 全部确认) is that
    proposal only while it still says what he saw: one whose value another answer in the
    same batch changed (a night death re-timed by the next day's confirmation) is refused,
    in words, with what he saw and what it says now — never confirmed moved."""
    seen_m = _SEEN.match(ident)
    seen = seen_m.group(2).strip() if seen_m else None
    ident = (seen_m.group(1) if seen_m else ident).strip().upper()
    for p in pending:
        if p.id == ident:
            now = p.describe()
            if seen is not None and _unbatched(now) != _unbatched(seen):
                raise ProposalError(
                    f"这一项在同一批里先确认的项之后变了：你看到的是「{seen}」，现在是「{now}」。"
                    "没有确认它：请看一眼，再单独确认（或先更正）"
                )
            return p
    if seen is not None:
        raise ProposalError(
            f"「{seen}」不在待确认的列表里了：可能已被确认（游戏文件里已有），或论坛上已更正"
        )
    raise ProposalError(
        f"提议 {ident} 不在待确认的列表里：可能已被确认（游戏文件里已有），或论坛上已更正"
    )


def _unbatched(text: str) -> str:
    """A proposal's words as a batch's form carries them (its ASCII commas separate the ids)."""
    return " ".join(text.replace(",", "，").split())


def day_of(p: Proposal, days: Sequence[DaySpec]) -> int | None:
    """The game day a proposal belongs to: a thread's or day's own number; an event's day is
    the one its time falls in, else the last one closed before it."""
    item = p.item
    if isinstance(item, ThreadSpec):
        return item.day
    if isinstance(item, DaySpec):
        return item.number
    if item.at is None:
        return None
    inside = next((d for d in days if d.opens <= item.at <= d.closes), None)
    before = [d for d in days if d.closes < item.at]
    found = inside or (before[-1] if before else None)
    return found.number if found else None


#: A day's 环节 as a correction or an added day names one (killbar7 4.1.2: 1–3 rounds a
#: day, each with its own vote thread): which (``phase``, its number), its name, opens,
#: closes and vote thread, or ``phase_drop`` (删去这个环节).
PHASE_FIELDS = ("phase", "phase_name", "phase_opens", "phase_closes", "vote_thread", "phase_drop")

#: How many 环节 the day has, all at once (desk49 item 4: 大刘 added day 1's three 环节 in
#: three passes through the same form): 环节 1…N, each worked out as one added alone is
#: (:func:`day_phases`: its vote thread, its name from that thread's title, 0:00–24:00).
PHASE_COUNT = "phase_count"

#: What ``auditor game --confirm`` and the desk may correct, per kind of item.
FIELDS = {
    "event": ("player", "day", "type", "how", "at"),
    "day": ("opens", "closes", "accelerated", "delayed", *PHASE_FIELDS, PHASE_COUNT),
    "thread": ("kind", "day"),
}


def corrected(
    p: Proposal,
    game: Game,
    *,
    player: str | None = None,
    day: int | None = None,
    others: Sequence[Proposal] = (),
    fix: Mapping[str, object] | None = None,
) -> Proposal:
    """The proposal as the director corrects it: an event's player or day (its time moves
    to that day: a vote, a send-off or an election at the close, a night death at the
    opening), its type, how and time (``fix``); a day's opens, closes, accelerated and
    delayed; a thread's kind and day.  Unchanged without a correction.

    An event corrected to another player keeps the post it was read from (``pid`` in the
    game file): discovery takes no event of that kind from that post again.  So when the
    post announced more of that kind (two night deaths), the others (in ``others``, the
    pending list) are to be confirmed first."""
    fix = {k: v for k, v in (fix or {}).items() if v is not None}
    item = p.item
    player = (player or "").strip() or None
    if isinstance(item, Event) and player == item.player:
        player = None  # the same player: no correction
    if day is not None and day == day_of(p, game.days):
        day = None
    if player is None and day is None and not fix:
        return p
    what = "event" if isinstance(item, Event) else "day" if isinstance(item, DaySpec) else "thread"
    wrong = [k for k in fix if k not in FIELDS[what]]
    if wrong or (what == "day" and (player is not None or day is not None)):
        can = "、".join(FIELDS[what])
        raise ProposalError(
            f"这一项（{what}）不能改 {'、'.join(wrong) or '玩家或天'}：能改的是 {can}"
        )
    if isinstance(item, Event):
        new = _fixed_event(p, item, game, player, day, fix, others)
        # the director said the how himself: no longer 「方式是推断的」 (fh45)
        told = p.inferred and "how" not in fix
        return replace(p, item=new, text="", inferred=told)
    if isinstance(item, ThreadSpec):
        return replace(p, item=_fixed_thread(item, player, day, fix), text="")
    assert isinstance(item, DaySpec)
    return replace(p, item=_fixed_day(item, game, fix, inferred=p.inferred), text="")


def _fixed_day(item: DaySpec, game: Game, fix: Mapping[str, object], *, inferred: bool) -> DaySpec:
    """A day's opens, closes, accelerated, delayed and a 环节 as the director corrects them;
    its 环节 follow it (:func:`day_phases`)."""
    new = replace(
        item,
        opens=_zoned(fix.get("opens", item.opens), game),
        closes=_zoned(fix.get("closes", item.closes), game),
        accelerated=bool(fix.get("accelerated", item.accelerated)),
        delayed=bool(fix.get("delayed", item.delayed)),
    )
    if new.closes <= new.opens:
        raise ProposalError(f"第{new.number}天的关门时间要晚于开门时间")
    phases = _phases_edited(item, new, phase_edits(fix, item, game), game, inferred=inferred)
    return replace(new, phases=phases)


def phase_edits(values: Mapping[str, object], old: DaySpec | None, game: Game) -> list[PhaseEdit]:
    """The 环节 a correction or an added day names: :data:`PHASE_COUNT` (环节 1…N added, those
    past N dropped) and then the one :func:`phase_edit` reads."""
    raw = str(values.get(PHASE_COUNT) or "").strip()
    out = _counted_phases(raw, old, game) if raw else []
    one = phase_edit(values, game)
    return [*out, one] if one is not None else out


def _counted_phases(raw: str, old: DaySpec | None, game: Game) -> list[PhaseEdit]:
    """:data:`PHASE_COUNT`'s 环节: those the day lacks of 1…N, each with its own vote thread
    when the day has as many as 环节 (in the order they were opened — 「D1-1 …」「D1-2 …」
    「D1-3 …」; else worked out as one added alone), and those past N dropped."""
    if not raw.isdecimal() or not 1 <= int(raw) <= 3:
        raise ProposalError(f"一天有 1 到 3 个环节（版杀7 4.1.2）：{raw}")
    count = int(raw)
    had = {ph.number for ph in old.phases} if old is not None else set()
    taken = {ph.vote_thread for ph in old.phases} if old is not None else set()
    day = old.number if old is not None else None
    votes = sorted(t.tid for t in game.threads if t.kind is ThreadKind.VOTE and t.day == day)
    given = votes if len(votes) == count and not taken & set(votes) else []
    added = [
        PhaseEdit(n, vote_thread=given[n - 1] if given else None)
        for n in range(1, count + 1)
        if n not in had
    ]
    return added + [PhaseEdit(n, drop=True) for n in sorted(had) if n > count]


def _phases_edited(
    old: DaySpec, new: DaySpec, edits: Sequence[PhaseEdit], game: Game, *, inferred: bool
) -> tuple[PhaseSpec, ...]:
    """``old``'s 环节 once the day is ``new`` and each of ``edits`` is applied in turn
    (:func:`day_phases`; the first moves them with the day's new times)."""
    phases = day_phases(
        old, new.opens, new.closes, edits[0] if edits else None, game, inferred=inferred
    )
    for edit in edits[1:]:
        now = replace(new, phases=phases)
        phases = day_phases(now, new.opens, new.closes, edit, game)
    return phases


@dataclass(frozen=True, slots=True)
class PhaseEdit:
    """One 环节 of a day as the director adds, corrects or drops it (its number; what he
    left empty is kept, or for a new one worked out: :func:`day_phases`)."""

    number: int
    name: str | None = None
    opens: datetime | None = None
    closes: datetime | None = None
    vote_thread: int | None = None
    drop: bool = False


def phase_edit(values: Mapping[str, object], game: Game) -> PhaseEdit | None:
    """The 环节 a correction or an added day names (:data:`PHASE_FIELDS`), else None."""
    said = {k: values[k] for k in PHASE_FIELDS if values.get(k) not in (None, "", False)}
    if not said:
        return None
    raw = str(said.get("phase", "")).strip()
    if not raw:
        raise ProposalError("改环节要先选是第几个环节（1、2、3…）")
    if not raw.isdecimal() or int(raw) < 1:
        raise ProposalError(f"环节应当是 1、2、3 这样的数字：{raw}")
    thread = str(said.get("vote_thread", "")).strip()
    if thread and (not thread.isdecimal() or int(thread) <= 0):
        raise ProposalError(f"投票帖应当是帖子的编号（tid，正整数）：{thread}")
    opens, closes = said.get("phase_opens"), said.get("phase_closes")
    return PhaseEdit(
        int(raw),
        str(said["phase_name"]).strip() if "phase_name" in said else None,
        _zoned(opens, game) if opens is not None else None,
        _zoned(closes, game) if closes is not None else None,
        int(thread) if thread else None,
        said.get("phase_drop") in (True, "yes", "true", "1"),
    )


def day_phases(
    old: DaySpec | None,
    opens: datetime,
    closes: datetime,
    edit: PhaseEdit | None,
    game: Game,
    *,
    inferred: bool = False,
) -> tuple[PhaseSpec, ...]:
    """A day's 环节 once its times are ``opens`` – ``closes`` (it was ``old``) and the
    director's ``edit`` is applied.  A 环节 that opened or closed with the day moves with it
    (加速 closes the running 环节 early; a 延时 keeps it open); an inferred one (the tool's
    0:00–24:00) is cut to the new times.  A new 环节 left partly empty opens where the one
    before it closed (the next 0:00 after a 24:00 close), runs to the day's close (or to the
    next 环节), takes the day's vote thread no 环节 has yet, and its name from that thread's
    title.  One that no longer fits and was stated is not guessed: the refusal says which,
    and what to fill in the same form."""
    number = old.number if old is not None else 0
    before = sorted(old.phases, key=lambda ph: ph.opens) if old is not None else []
    numbers = {ph.number for ph in before}
    adding = edit is not None and not edit.drop and edit.number not in numbers
    last = max(numbers, default=0)
    out: list[PhaseSpec] = []
    for ph in before:
        o, c = ph.opens, ph.closes
        if old is not None and o == old.opens:
            o = opens
        # (a 环节 added after the last one takes the day's close: the last keeps its own)
        if old is not None and c == old.closes and not (adding and edit and edit.number > last):
            c = closes
        if inferred and (edit is None or edit.number != ph.number):
            o, c = max(o, opens), min(c, closes)
        out.append(replace(ph, opens=o, closes=c))
    if edit is not None:
        out = _edited(out, edit, number, opens, closes, game)
    out.sort(key=lambda ph: ph.opens)
    _fits(out, number, opens, closes, edit, {ph.number: ph for ph in before})
    return tuple(out)


def _edited(
    phases: list[PhaseSpec],
    edit: PhaseEdit,
    day: int,
    opens: datetime,
    closes: datetime,
    game: Game,
) -> list[PhaseSpec]:
    """``phases`` with the director's 环节 dropped, corrected or added."""
    had = next((ph for ph in phases if ph.number == edit.number), None)
    if edit.drop:
        if had is None:
            known = "、".join(str(ph.number) for ph in phases) or "没有"
            raise ProposalError(f"第{day}天没有环节{edit.number}可删（这一天的环节：{known}）")
        return [ph for ph in phases if ph.number != edit.number]
    if had is not None:
        thread = edit.vote_thread if edit.vote_thread is not None else had.vote_thread
        new = PhaseSpec(
            had.number,
            edit.name or had.name,
            edit.opens or had.opens,
            edit.closes or had.closes,
            thread,
        )
        return [new if ph.number == edit.number else ph for ph in phases]
    return _added_phase(phases, edit, day, opens, closes, game)


def _added_phase(
    phases: list[PhaseSpec],
    edit: PhaseEdit,
    day: int,
    opens: datetime,
    closes: datetime,
    game: Game,
) -> list[PhaseSpec]:
    """``phases`` with a new 环节, what the director left empty worked out
    (:func:`day_phases`); the one before it ends where it opens."""
    prev = max((ph for ph in phases if ph.number < edit.number), key=_number, default=None)
    nxt = min((ph for ph in phases if ph.number > edit.number), key=_number, default=None)
    start = edit.opens or _opens_after(prev, opens, closes)
    if prev is not None and prev.closes > start and _before(start) > prev.opens:
        cut = replace(prev, closes=_before(start))
        phases = [cut if ph.number == prev.number else ph for ph in phases]
    end = edit.closes or (_before(nxt.opens) if nxt is not None else closes)
    thread = edit.vote_thread
    if thread is None:
        thread = _free_vote_thread(game, day, edit.number, {ph.vote_thread for ph in phases})
    name = edit.name or _thread_phase_name(game, thread, edit.number)
    return [*phases, PhaseSpec(edit.number, name, start, end, thread)]


def _number(ph: PhaseSpec) -> int:
    return ph.number


def _opens_after(prev: PhaseSpec | None, opens: datetime, closes: datetime) -> datetime:
    """Where a new 环节 opens: the day's opening, else where the one before it closed — or,
    when that one ran to the day's close (a 延时 carried it there), after its own calendar
    day (版杀7: each 环节 0:00–24:00)."""
    if prev is None:
        return opens
    if prev.closes >= closes:
        own = datetime.combine(prev.opens.date(), time(23, 59, 59), prev.opens.tzinfo)
        if own < prev.closes:
            return _after(own)
    return _after(prev.closes)


def _after(t: datetime) -> datetime:
    """Where the next 环节 opens after one that closed at ``t`` (24:00 written 23:59:59)."""
    return t + timedelta(seconds=1) if (t.hour, t.minute, t.second) == (23, 59, 59) else t


def _before(t: datetime) -> datetime:
    """Where a 环节 closes before one that opens at ``t`` (0:00: the day before's 23:59:59)."""
    return t - timedelta(seconds=1) if (t.hour, t.minute, t.second) == (0, 0, 0) else t


def _free_vote_thread(game: Game, day: int, number: int, taken: set[int | None]) -> int | None:
    """The day's vote thread no 环节 has yet: the one whose title names this 环节 (环节二),
    else the only one left; None when that is not clear."""
    free = [
        t for t in game.threads if t.kind is ThreadKind.VOTE and t.day == day and t.tid not in taken
    ]
    subjects = getattr(game.discovery, "subjects", {}) or {}
    named = [
        t for t in free if classify(subjects.get(t.tid, ""), game.ruleset, game.tag).phase == number
    ]
    if len(named) == 1:
        return named[0].tid
    return free[0].tid if len(free) == 1 else None


#: A 环节's name in its vote thread's title (第一天 环节二 可疑者辩论投票), as discovery reads it
#: (``discover._phase_name``: not imported, discover imports this module).
_PHASE_TITLE = re.compile(
    r"环节\s*[0-9一二三四五六七八九十]{1,3}\s*[】\]］]?\s*[:：]?\s*([^\s【\[（(:：]{2,12})"
)


def _thread_phase_name(game: Game, tid: int | None, number: int) -> str:
    """A new 环节's name: its vote thread's title's (环节二 可疑者辩论投票), else 环节N."""
    subjects = getattr(game.discovery, "subjects", {}) or {}
    title = subjects.get(tid, "") if tid is not None else ""
    m = _PHASE_TITLE.search(title)
    if m:
        return m.group(1)
    # (a title that counts its rounds otherwise — 「[火锅局] 第一天 第一盘 试探性投票」, fh46b:
    # the words left after the tag and the day's and round's ordinals)
    rest = _ORDINAL.sub(" ", _TAGGED.sub(" ", title)).split()
    name = rest[-1] if rest else ""
    # (「D1-2 可疑者辩论投票贴」, fh49b: the words before the thread's own 帖 / 贴)
    if name[-1:] in ("帖", "贴") and len(name) >= 5:
        name = name[:-1]
    return name if 2 <= len(name) <= 12 and not name.endswith("帖") else f"环节{number}"


_TAGGED = re.compile(r"[【\[［][^】\]］]*[】\]］]|[（(][^）)]*[）)]")
_ORDINAL = re.compile(r"第\s*[0-9一二三四五六七八九十]{1,3}\s*[天日夜盘轮场局环节]+")


def _fits(
    phases: Sequence[PhaseSpec],
    day: int,
    opens: datetime,
    closes: datetime,
    edit: PhaseEdit | None,
    was: Mapping[int, PhaseSpec],
) -> None:
    """Each 环节 inside its day, in order, none overlapping: else refused in words — which
    环节, its times (as they were: ``was``), the day's, and what to fill in the same form."""
    span = f"{_fmt_m(opens)} 至 {_fmt_m(closes)}"
    for i, ph in enumerate(phases):
        shown = was.get(ph.number, ph)
        times = f"{_fmt_m(shown.opens)} 至 {_fmt_m(shown.closes)}"
        what = f"第{day}天的环节{ph.number}（{ph.name}，{times}）"
        mine = edit is not None and edit.number == ph.number
        fill = (
            "请改它的开门或关门时间"
            if mine
            else f"这个环节要跟着改：请在同一个表的「环节」里选 {ph.number}，填上它新的开门和关门时间"
            "（这个环节没有了就选「删去这个环节」），一起确认"
        )
        if ph.closes <= ph.opens and not mine:
            raise ProposalError(f"{what}不在这一天新的时间 {span} 之内。{fill}")
        if ph.closes <= ph.opens:
            raise ProposalError(f"{what}：关门时间要晚于开门时间。{fill}")
        if ph.opens < opens or ph.closes > closes:
            raise ProposalError(f"{what}超出了这一天新的时间 {span}。{fill}")
        if i and ph.opens < phases[i - 1].closes:
            other = phases[i - 1]
            raise ProposalError(f"{what}与环节{other.number}（{other.name}）的时间重叠。{fill}")
    seen: set[int] = set()
    for ph in phases:
        if ph.number in seen:
            raise ProposalError(f"第{day}天有两个环节{ph.number}：请换一个编号")
        seen.add(ph.number)


def _fixed_thread(
    item: ThreadSpec, player: str | None, day: int | None, fix: Mapping[str, object]
) -> ThreadSpec:
    """A thread's kind and day as the director corrects them."""
    if player is not None:
        raise ProposalError("帖子没有玩家可改：只能改它的类型和第几天")
    kind = _choice(ThreadKind, fix["kind"]) if "kind" in fix else item.kind
    assert isinstance(kind, ThreadKind)
    if day is not None and kind not in (ThreadKind.DISCUSSION, ThreadKind.VOTE):
        raise ProposalError(f"{THREAD_LABEL[kind]}不属于某一天：不能改天数")
    new_day = day if day is not None else item.day
    if kind not in (ThreadKind.DISCUSSION, ThreadKind.VOTE):
        new_day = None
    return replace(item, kind=kind, day=new_day)


def _zoned(t: object, game: Game) -> datetime:
    if not isinstance(t, datetime):
        raise ProposalError(f"时间看不懂：{t}（写成 2026-11-23T23:00）")
    return t.replace(tzinfo=game.timezone) if t.tzinfo is None else t.astimezone(game.timezone)


def _choice(kind: type[ThreadKind] | type[EventType], value: object) -> ThreadKind | EventType:
    try:
        return kind(str(value))
    except ValueError:
        raise ProposalError(f"{value} 不对：可以是 {'、'.join(k.value for k in kind)}") from None


def _fixed_event(
    p: Proposal,
    item: Event,
    game: Game,
    player: str | None,
    day: int | None,
    fix: Mapping[str, object],
    others: Sequence[Proposal],
) -> Event:
    new = item if player is None else _other_player(p, item, game, player, others)
    if "type" in fix or "how" in fix:
        etype = _choice(EventType, fix.get("type", item.type))
        assert isinstance(etype, EventType)
        raw_how = fix.get("how", item.how if etype is item.type else None)
        how = None if raw_how is None else str(raw_how)
        allowed = EVENT_HOW.get(etype, ())
        if how is not None and how not in allowed:
            ok = "、".join(allowed) or "不填"
            raise ProposalError(f"{EVENT_LABEL[etype]}的方式不能是 {how}：可以是 {ok}")
        new = replace(new, type=etype, how=how)
    if day is not None:
        new = _on_day(new, game, day)
    if "at" in fix:
        new = replace(new, at=_zoned(fix["at"], game))
    if new.announced is not None and new.at is not None and new.announced < new.at:
        new = replace(new, announced=None)  # moved past its post: when announced is unknown
    return new


def _other_player(
    p: Proposal, item: Event, game: Game, player: str, others: Sequence[Proposal]
) -> Event:
    """The event for another player: it keeps the post it was read from (``pid``)."""
    if player not in game.players:
        raise ProposalError(
            f"{player} 不是这局的玩家（游戏文件 [players]：{'、'.join(game.players)}）"
        )
    new = item
    if player != item.player and p.pid is not None:
        rest = [
            o.describe()
            for o in others
            if o.pid == p.pid
            and o.id != p.id
            and isinstance(o.item, Event)
            and o.item.type is item.type
        ]
        if rest:
            raise ProposalError(
                f"同一条公告里还公示了：{'；'.join(rest)}。请先确认这些，再更正这一项的玩家"
            )
        new = replace(new, pid=p.pid)
    return replace(new, player=player)


def _on_day(new: Event, game: Game, day: int) -> Event:
    """The event moved to day ``day``: a night death and a substitution at its opening (a
    substitute plays from the day he takes the seat — fh46b: 「第二天开始冰粉替补」 set to day
    2 is day 2's opening, never its close, or his day-2 posts read as a non-player's), a
    piping for the day, anything else at its close."""
    spec = next((d for d in game.days if d.number == day), None)
    if spec is None:
        known = "、".join(str(d.number) for d in game.days) or "没有"
        raise ProposalError(f"没有第{day}天（这局的天：{known}）")
    if new.type is EventType.PIPED:
        return replace(new, at=spec.opens, until=spec.closes)
    opening = new.how == "night" or new.type is EventType.SUBSTITUTE
    return replace(new, at=spec.opens if opening else spec.closes)


def added(kind: str, game: Game, values: Mapping[str, object]) -> Proposal:
    """A day or an event the forum did not give (``auditor game --add``), as the proposal a
    director confirms at once: a day needs ``day``, ``opens`` and ``closes``; an event
    ``type``, ``player`` and ``at`` (``how`` where its type has one; ``pid``, the post it
    comes from, if the director names it)."""
    v = {k: x for k, x in values.items() if x is not None}
    if kind == "day":
        return _added_day(game, v)
    if kind == "event":
        missing = [k for k in ("type", "player", "at") if k not in v]
        if missing:
            raise ProposalError(f"补上一个事件要写：{'、'.join('--' + k for k in missing)}")
        etype = _choice(EventType, v["type"])
        assert isinstance(etype, EventType)
        if v["player"] not in game.players:
            raise ProposalError(f"{v['player']} 不是这局的玩家（游戏文件 [players]）")
        how = None if v.get("how") is None else str(v["how"])
        if how is not None and how not in EVENT_HOW.get(etype, ()):
            raise ProposalError(f"{EVENT_LABEL[etype]}的方式不能是 {how}")
        pid = _pid(v.get("pid"))
        ev = Event(etype, str(v["player"]), _zoned(v["at"], game), how, pid=pid)
        _how_stated(ev)
        _once_out(ev, game)
        # (the post it comes from, as the desk's 补上这个事件 from an unread post: discovery
        # takes no event of that kind from that post again)
        return Proposal("event", ev, f"导演补充（pid {pid}）" if pid else "导演补充", pid=pid)
    raise ProposalError(f"只能补上 day 或 event，不能补 {kind}")


def _once_out(new: Event, game: Game) -> None:
    """An elimination added for a player already out (M107 / every seed: a player leaves
    the game once) is refused in the director's words: which death the state already
    holds, where it came from, and what to do — never a game file's key (fh45: 「冻梨 已在
    event[2] 出局」)."""
    if new.type is not EventType.ELIMINATED:
        return
    old = next(
        (e for e in game.events if e.type is EventType.ELIMINATED and e.player == new.player),
        None,
    )
    if old is None:
        return
    how = HOW_LABEL.get(old.how or "", old.how or "")
    said = f"出局：{old.player}，{_fmt_at(old.at)}{(' ' + how) if how else ''}"
    base = getattr(game.discovery, "base", None) or game
    if old in base.events:
        where = "游戏文件里已经写了这一项"
        fix = "要改它的时间、方式或来源帖，请在游戏文件里改那一条 [[event]]（或删掉它再补上）"
    else:
        sourced = getattr(game.discovery, "events", ())
        src = next((x.source for x in sourced if x.item == old), "")
        named = src.replace("pid ", "帖子 pid ") + " " if src else "论坛"
        where = f"是从{named}读出的"
        fix = (
            "要改它的时间、方式或来源帖，请在「待确认」里更正那一项；读错了的，先点「不对，不要」"
            "（auditor game 游戏文件 --reject 编号）再补上"
        )
    raise ProposalError(
        f"没有补上：{new.player} 已经出局了（{said}，{where}），一名玩家只能出局一次。{fix}"
    )


def _pid(raw: object) -> int | None:
    """The post an added event comes from (``--pid``), a forum post number, if given."""
    if raw is None:
        return None
    said = str(raw).strip()
    if not said.isdecimal() or int(said) <= 0:
        raise ProposalError(f"--pid 应当是帖子的编号（正整数）：{said}")
    return int(said)


def _added_day(game: Game, v: Mapping[str, object]) -> Proposal:
    """:func:`added`'s day: a day the file already states is a correction of it."""
    missing = [k for k in ("day", "opens", "closes") if k not in v]
    if missing:
        raise ProposalError(f"补上一天要写：{'、'.join('--' + k for k in missing)}")
    number = int(str(v["day"]))
    base = getattr(game.discovery, "base", None) or game
    old = next((x for x in base.days if x.number == number), None)
    # (a confirmed 加速/延时 is kept unless the director says otherwise)
    fast = v["accelerated"] if "accelerated" in v else bool(old and old.accelerated)
    late = v["delayed"] if "delayed" in v else bool(old and old.delayed)
    d = DaySpec(
        number, _zoned(v["opens"], game), _zoned(v["closes"], game), bool(fast), delayed=bool(late)
    )
    if d.closes <= d.opens:
        raise ProposalError(f"第{d.number}天的关门时间要晚于开门时间")
    # its 环节: the file's (or, for a day the file does not state yet, the ones discovery
    # read: the tool's, cut to the times he gives), with the one he adds or corrects
    read = old or next((x for x in game.days if x.number == number), None)
    start = read if read is not None else DaySpec(number, d.opens, d.closes)
    edits = phase_edits(v, start, game)
    d = replace(d, phases=_phases_edited(start, d, edits, game, inferred=old is None))
    if old is not None:  # a day the file already states: corrected in place, said so
        was = Proposal("day", old, "").describe().split("：", 1)[1]
        now = Proposal("day", d, "").describe()
        return Proposal("day", d, CORRECTED, text=f"更正游戏文件里的{now}（原为 {was}）")
    return Proposal("day", d, "导演补充")


CORRECTED = "导演更正"  # the source of a day the file states, added again: corrected in place


def parse_closes(text: str) -> datetime:
    """A new close time as a director types it (``2026-11-23T23:00``, ``2026-11-23 23:00``,
    seconds or an offset allowed; the desk's datetime field sends the first form); a time
    without an offset is in the game's time zone (:func:`delayed_to`)."""
    raw = text.strip()
    try:
        return datetime.fromisoformat(raw.replace(" ", "T", 1))
    except ValueError:
        raise ProposalError(
            f"新的关门时间看不懂：{raw or '（空）'}（写成 2026-11-23T23:00 或 2026-11-23 23:00）"
        ) from None


def delayed_to(
    p: Proposal, game: Game, closes: datetime | None, next_opens: datetime | None = None
) -> Proposal:
    """A 延时 proposal with the new close time the director gives (030 / M39 讨论日时长:
    延时 succeeds on enough requests; only the director says how long, and 延迟成功时，不再
    视为“执行加速”状态): the day closing then, no longer accelerated.  Refused in Chinese:
    no time, a time before (or at) the day's current close, a time for any other proposal,
    and one after the next day opens unless the next day's new opening (``next_opens``,
    :func:`next_day_moved`) comes with it — the refusal says so.  A naive time is in the
    game's time zone."""
    if p.kind != "delay":
        if closes is not None:
            raise ProposalError("只有延时的提议需要填写新的关门时间")
        return p
    item = p.item
    assert isinstance(item, DaySpec)
    if closes is None:
        raise ProposalError(
            f"第{item.number}天延时：请填写导演公示的新关门时间（例如 --closes "
            f"{(item.closes + timedelta(hours=2)).strftime('%Y-%m-%dT%H:%M')}）"
        )
    if closes.tzinfo is None:
        closes = closes.replace(tzinfo=game.timezone)
    closes = closes.astimezone(game.timezone)
    day = next((d for d in game.days if d.number == item.number), item)
    shown = closes.strftime("%Y-%m-%d %H:%M")
    if closes <= day.closes:
        raise ProposalError(
            f"新的关门时间 {shown} 不晚于第{day.number}天现在的关门时间 "
            f"{day.closes.strftime('%Y-%m-%d %H:%M')}：延时只能往后推"
        )
    after = next((d for d in game.days if d.number == day.number + 1), None)
    moved = _zoned(next_opens, game) if next_opens is not None else None
    if after is not None and closes > after.opens and (moved is None or moved < closes):
        was = after.opens.strftime("%Y-%m-%d %H:%M")
        said = f"填的是 {moved.strftime('%Y-%m-%d %H:%M')}，" if moved is not None else ""
        raise ProposalError(
            f"新的关门时间 {shown} 晚于第{after.number}天现在的开门时间 {was}：第{after.number}天"
            f"要跟着顺延。{said}请在同一个表里的「第{after.number}天改为几点开门」填上导演公示的"
            f"第{after.number}天开门时间（不早于 {shown}），一起确认"
            f"（命令行：--next-opens {closes.strftime('%Y-%m-%dT%H:%M')} 这样的时间）"
        )
    phases = day.phases
    if phases and phases[-1].closes == day.closes:  # the last phase ends with the day
        phases = (*phases[:-1], replace(phases[-1], closes=closes))
    new = replace(day, closes=closes, accelerated=False, delayed=True, phases=phases)
    return replace(p, item=new, text="")


def next_day_moved(p: Proposal, game: Game, next_opens: datetime | None) -> Proposal | None:
    """The day after a confirmed 延时 (``p``, as :func:`delayed_to` returns it) moved to open
    at ``next_opens`` (the director's 第三天顺延到…开门), as a correction of that day in the
    same write; None when there is no such day or it opens then already.  Refused when the
    new opening is before the delayed close or not before that day's close (that day's close
    is corrected on its own first: 补上漏读的一天)."""
    item = p.item
    if next_opens is None or not isinstance(item, DaySpec):
        return None
    after = next((d for d in game.days if d.number == item.number + 1), None)
    opens = _zoned(next_opens, game)
    if after is None or opens == after.opens:
        return None
    shown = opens.strftime("%Y-%m-%d %H:%M")
    if opens < item.closes:
        raise ProposalError(
            f"第{after.number}天的开门时间 {shown} 早于第{item.number}天新的关门时间 "
            f"{item.closes.strftime('%Y-%m-%d %H:%M')}"
        )
    if opens >= after.closes:
        raise ProposalError(
            f"第{after.number}天的开门时间 {shown} 不早于它的关门时间 "
            f"{after.closes.strftime('%Y-%m-%d %H:%M')}：请先在「补上漏读的一天或一个事件」"
            f"里把第{after.number}天的开门和关门一起更正（命令行 --add day），再确认延时"
        )
    phases = after.phases
    if phases and phases[0].opens == after.opens:  # the first phase opens with the day
        phases = (replace(phases[0], opens=opens), *phases[1:])
    moved = replace(after, opens=opens, phases=phases)
    was = Proposal("day", after, "").describe().split("：", 1)[1]
    now = Proposal("day", moved, "").describe()
    text = f"更正游戏文件里的{now}（原为 {was}，随第{item.number}天延时顺延）"
    return Proposal("day", moved, CORRECTED, text=text)


def _when(t: datetime) -> datetime:
    """A fixed-offset copy (TOML writes ``+08:00``, not a zone name)."""
    offset = t.utcoffset()
    assert offset is not None
    return t.astimezone(timezone(offset))


def _iso(t: datetime | None) -> str:
    return t.isoformat() if t is not None else ""


def _fmt(t: datetime) -> str:
    return t.strftime("%m-%d %H:%M:%S")


def _fmt_m(t: datetime) -> str:
    return t.strftime("%m-%d %H:%M")


def _fmt_at(t: datetime | None) -> str:
    return t.strftime("%m-%d %H:%M") if t is not None else "时间未知"


def _thread_table(spec: ThreadSpec) -> Table:
    import tomlkit

    t = tomlkit.table()
    t.add("tid", spec.tid)
    t.add("kind", spec.kind.value)
    if spec.day is not None:
        t.add("day", spec.day)
    return t


def _day_table(d: DaySpec) -> Table:
    import tomlkit

    t = tomlkit.table()
    t.add("number", d.number)
    t.add("opens", _when(d.opens))
    t.add("closes", _when(d.closes))
    t.add("accelerated", d.accelerated)
    if d.delayed:
        t.add("delayed", True)
    if d.phases:
        phases = tomlkit.aot()
        for ph in d.phases:
            phases.append(_phase_table(ph))
        t.add("phase", phases)
    return t


def _phase_table(ph: PhaseSpec) -> Table:
    import tomlkit

    pt = tomlkit.table()
    pt.add("number", ph.number)
    pt.add("name", ph.name)
    pt.add("opens", _when(ph.opens))
    pt.add("closes", _when(ph.closes))
    if ph.vote_thread is not None:
        pt.add("vote_thread", ph.vote_thread)
    return pt


def _event_table(e: Event) -> Table:
    import tomlkit

    t = tomlkit.table()
    t.add("type", e.type.value)
    t.add("player", e.player)
    if e.at is not None:
        t.add("from" if e.type is EventType.LEAVE else "at", _when(e.at))
    if e.how is not None:
        t.add("how", e.how)
    if e.until is not None:
        t.add("until", _when(e.until))
    if e.value is not None:
        t.add("value", e.value)
    if e.by is not None:
        t.add("by", e.by)
    if e.pid is not None:
        t.add("pid", e.pid)
    if e.announced is not None:
        t.add("announced", _when(e.announced))
    return t


@dataclass(frozen=True, slots=True)
class Signature:
    """Who confirmed, when (forum time), and what the proposal said before a correction."""

    by: str
    at: datetime
    was: str = ""

    def text(self) -> str:
        fixed = f"（更正，原为：{self.was}）" if self.was else ""
        return f"{self.by} 于 {self.at.strftime('%Y-%m-%d %H:%M')} 确认{fixed}"


def write_proposals(
    path: Path,
    proposals: list[Proposal],
    *,
    subjects: dict[int, str] | None = None,
    signatures: Sequence[Signature] = (),
) -> dict[str, int]:
    """Append the proposals to the game file at ``path`` as ``[[thread]]``, ``[[day]]`` and
    ``[[event]]`` tables with their source (and ``signatures``: who confirmed each, when,
    one for each proposal in order, or none at all) as the table's comment; an 加速
    proposal for a day the file already has sets that day's ``accelerated``.  Everything
    already in the file (comments and layout) stays as it is; the file is replaced in one
    step, all the proposals or none.  Returns how many of each were written."""
    import tomlkit
    from tomlkit.items import AoT

    if signatures and len(signatures) != len(proposals):
        raise ValueError(
            f"write_proposals: {len(signatures)} signatures for {len(proposals)} proposals "
            "(give one for each proposal, in order, or none)"
        )
    doc = tomlkit.parse(path.read_text(encoding="utf-8-sig"))
    counts = {"thread": 0, "day": 0, "event": 0}
    sign = ""

    def add(key: str, table: Table, source: str) -> None:
        table.comment(f"来源：{source}{sign}")
        if key not in doc:
            doc.add(tomlkit.nl())
            doc.append(key, tomlkit.aot())
        arr = doc[key]
        assert isinstance(arr, AoT)
        arr.append(table)
        counts[key] += 1

    for i, p in enumerate(proposals):
        if signatures:
            sign = f"；{signatures[i].text()}"
        item = p.item
        if p.kind == "delay" and not (isinstance(item, DaySpec) and item.delayed):
            raise ProposalError(f"延时的提议要填写导演公示的新关门时间才能确认：{p.describe()}")
        if isinstance(item, ThreadSpec):
            title = (subjects or {}).get(item.tid, "")
            add("thread", _thread_table(item), f"{p.source} {title}".strip())
        elif isinstance(item, DaySpec):
            existing = _file_day(doc, item.number) if p.kind in ("accelerate", "delay") else None
            stated = _file_day(doc, item.number) if p.source == CORRECTED else None
            if stated is not None:
                _correct_file_day(stated, item, f"更正：{p.text}{sign}")
                counts["day"] += 1
            elif existing is not None and p.kind == "delay":
                _delay_file_day(existing, item, f"延时：{p.source}{sign}")
                counts["day"] += 1
            elif existing is not None:
                flag = tomlkit.item(True)
                flag.comment(f"加速：{p.source}{sign}")
                existing["accelerated"] = flag
                counts["day"] += 1
            else:
                add("day", _day_table(item), p.source)
        else:
            _how_stated(item)
            add("event", _event_table(item), f"{p.source}「{p.note}」" if p.note else p.source)
    text = tomlkit.dumps(doc)
    _replace(path, text if text.endswith("\n") else text + "\n", check=True)
    return counts


def _how_stated(e: Event) -> None:
    """An elimination goes into the game file with its how (the file requires it): one the
    post did not state (a death announced mid-day, neither at a day's opening nor after its
    close) is asked of the director — confirmed with ``--how``, never written without."""
    allowed = EVENT_HOW.get(e.type, ())
    if e.type is EventType.ELIMINATED and e.how is None:
        ways = "、".join(f"{h}（{HOW_LABEL.get(h, h)}）" for h in allowed)
        raise ProposalError(
            f"{e.player} 的出局方式公告里没有写明，工具也推断不出：确认时请用 --how 写明"
            f"（可以是 {ways}；桌面上在「方式」里选）"
        )


def write_close_hour(path: Path, hour: str, signed: Signature, source: str) -> None:
    """The director's answer to the hour the seed leaves open: ``[rules] schedule = { close
    = "22:00" }`` in the game file (comments kept), which every later day is worked out
    from."""
    import tomlkit

    if clock(hour) is None:
        raise ProposalError(f"关门钟点看不懂：{hour}（写成 22:00；24:00 为当天结束）")
    doc = tomlkit.parse(path.read_text(encoding="utf-8-sig"))
    rules = doc.get("rules")
    if rules is None:
        doc.add(tomlkit.nl())
        rules = tomlkit.table()
        doc.add("rules", rules)
    table = tomlkit.inline_table()
    old = rules.get("schedule")
    if isinstance(old, dict):
        table.update({k: v for k, v in old.items() if k != "close"})
    table["close"] = hour
    rules["schedule"] = table
    rules["schedule"].comment(f"来源：{source}；{signed.text()}")
    text = tomlkit.dumps(doc)
    _replace(path, text if text.endswith("\n") else text + "\n", check=True)


def write_alias(path: Path, player: str, alias: str, signed: Signature, source: str) -> str:
    """The director's answer to 「X 是谁？」 (a nickname his post writes): ``alias`` added to
    ``[players.aliases]`` under ``player`` (comments kept; the table made when the file has
    none), signed, then read everywhere a name is read (:mod:`auditor.game.roster`).  The
    file must still load (an alias that is a forum name or another player's is refused)."""
    import tomlkit

    alias = alias.strip()
    if not alias:
        raise ProposalError("别名是空的：请写出帖子里的叫法")
    doc = tomlkit.parse(path.read_text(encoding="utf-8-sig"))
    players = doc.get("players")
    if players is not None and alias in players.get("names", []):
        raise ProposalError(f"“{alias}”是玩家的论坛名，不能当别名")
    if players is None or player not in players.get("names", []):
        raise ProposalError(f"{player} 不是玩家名单里的名字")
    aliases = players.get("aliases")
    if aliases is None:
        aliases = tomlkit.table()
        players["aliases"] = aliases
    old = aliases.get(player, [])
    words = [old] if isinstance(old, str) else list(old)
    if alias in words:
        return f"{alias} 已经是 {player} 的别名"
    words.append(alias)
    arr = tomlkit.array()
    arr.extend(words)
    aliases[player] = arr
    aliases[player].comment(f"「{alias}」来源：{source}；{signed.text()}")
    text = tomlkit.dumps(doc)
    _replace(path, text if text.endswith("\n") else text + "\n", check=True)
    return (
        f"已记下：{alias} 是 {player}（写进游戏文件的 [players.aliases]，以后到处按 {player} 读）"
    )


def _delay_file_day(table: Table, d: DaySpec, comment: str) -> None:
    """A file's ``[[day]]`` delayed in place: its ``closes`` (and its last phase's, when
    that ended with the day) the new time, ``delayed = true``, no longer accelerated."""
    import tomlkit
    from tomlkit.items import AoT, Item

    old = table.get("closes")
    closes = tomlkit.item(_when(d.closes))
    was = f"（原为 {old.isoformat() if isinstance(old, datetime) else old}）"
    own = old.trivia.comment.lstrip("#").strip() if isinstance(old, Item) else ""
    closes.comment(f"{own}；{comment}{was}" if own else f"{comment}{was}")
    phases = table.get("phase")
    if isinstance(phases, AoT) and len(phases) and phases[-1].get("closes") == old:
        phases[-1]["closes"] = _when(d.closes)
    table["closes"] = closes
    if table.get("accelerated"):
        table["accelerated"] = False
    table["delayed"] = True


def _correct_file_day(table: Table, d: DaySpec, comment: str) -> None:
    """A file's ``[[day]]`` corrected in place (``auditor game --add day`` of a day it
    states): its opens, closes, accelerated and delayed, and its 环节 as ``d`` has them
    (:func:`day_phases`: one that opened or closed with the day moved with it, one added or
    corrected); the correction is the closes' comment."""
    import tomlkit
    from tomlkit.items import Item

    old_closes = table.get("closes")
    _sync_phases(table, d)
    table["opens"] = _when(d.opens)
    closes = tomlkit.item(_when(d.closes))
    own = old_closes.trivia.comment.lstrip("#").strip() if isinstance(old_closes, Item) else ""
    closes.comment(f"{own}；{comment}" if own else comment)  # (the comment says 原为 …)
    table["closes"] = closes
    if d.accelerated or "accelerated" in table:
        table["accelerated"] = d.accelerated
    if d.delayed or "delayed" in table:
        table["delayed"] = d.delayed


def _sync_phases(table: Table, d: DaySpec) -> None:
    """The ``[[day.phase]]`` tables of a file's day made ``d``'s 环节: each one kept (its
    comment too) with the times, name and vote thread that changed, a dropped one removed,
    a new one added; in time order."""
    import tomlkit
    from tomlkit.items import AoT

    had = table.get("phase")
    tables = {t.get("number"): t for t in had} if isinstance(had, AoT) else {}
    ordered: list[Table] = []
    for ph in d.phases:
        t = tables.get(ph.number)
        if t is None:
            ordered.append(_phase_table(ph))
            continue
        for key, value in (("opens", ph.opens), ("closes", ph.closes)):
            if t.get(key) != value:
                t[key] = _when(value)
        if t.get("name") != ph.name:
            t["name"] = ph.name
        if ph.vote_thread is not None and t.get("vote_thread") != ph.vote_thread:
            t["vote_thread"] = ph.vote_thread
        elif ph.vote_thread is None and "vote_thread" in t:
            del t["vote_thread"]
        ordered.append(t)
    if isinstance(had, AoT) and list(had) == ordered:
        return
    if not ordered:
        if "phase" in table:
            del table["phase"]
        return
    table["phase"] = tomlkit.aot()
    for t in ordered:
        table["phase"].append(t)


def _file_day(doc: tomlkit.TOMLDocument, number: int) -> Table | None:
    from tomlkit.items import AoT

    days = doc.get("day")
    if not isinstance(days, AoT):
        return None
    return next((t for t in days if t.get("number") == number), None)


def _replace(path: Path, text: str, *, check: bool = False) -> None:
    """Write ``text`` over ``path`` whole or not at all (:func:`~auditor.files.write_atomic`:
    a crash or a full disk leaves the old file, never half of the new one).  ``check``: the
    new file must load as a game file, else nothing is replaced (ProposalError)."""

    def loads(tmp: Path) -> None:
        try:
            load_game(tmp)
        except GameFileError as exc:
            where = _plain_where(text, exc.key)
            raise ProposalError(
                f"这样写进去游戏文件就不对了，所以什么也没有写：{where}{exc.reason}。"
                "请把相关的时间在同一个表里一起改好再确认（一天的环节跟着这一天改），"
                "或在「补上漏读的一天或一个事件」里更正那一天"
            ) from None
        except AuditorError as exc:
            raise ProposalError(f"这样写进去游戏文件就不对了，所以什么也没有写：{exc}") from None

    write_atomic(path, text, check=loads if check else None)


def _plain_where(text: str, key: str) -> str:
    """A game file's key (``day[2].phase[1]``: the second ``[[day]]``'s first 环节) in the
    director's words (第2天的环节1：), from the text about to be written; "" for a key that
    has none."""
    import tomllib

    m = re.match(r"(day|thread|event)\[(\d+)\](?:\.phase\[(\d+)\])?", key or "")
    if m is None:
        return ""
    try:
        table = tomllib.loads(text).get(m.group(1), [])[int(m.group(2)) - 1]
    except (tomllib.TOMLDecodeError, IndexError, TypeError, AttributeError):
        return ""
    if m.group(1) == "thread":
        return f"帖子 {table.get('tid')}："
    if m.group(1) == "event":
        return f"{table.get('player', '')}的事件："
    day = f"第{table.get('number')}天"
    if m.group(3) is None:
        return f"{day}："
    try:
        phase = table.get("phase", [])[int(m.group(3)) - 1]
    except (IndexError, TypeError, AttributeError):
        return f"{day}："
    return f"{day}的环节{phase.get('number')}（{phase.get('name', '')}）："


@dataclass(frozen=True, slots=True)
class FileEvent:
    """An ``[[event]]`` the game file states (confirmed, added or written by hand), as the
    desk and ``auditor events`` list it: ``id`` names it for an edit or a 撤销
    (``E`` and a digest of what it states: a stale page's id no longer matches)."""

    id: str
    index: int  # its place among the file's [[event]] tables
    event: Event
    source: str  # the table's comment: where it came from, who confirmed or changed it

    def describe(self) -> str:
        return Proposal("event", self.event, "").describe()


def _event_id(e: Event) -> str:
    key = f"{e.type.value}:{e.player}:{_iso(e.at)}:{e.how}:{e.value}:{e.pid}"
    return "E" + hashlib.sha1(key.encode()).hexdigest()[:8].upper()


def _raw_time(raw: Mapping[str, object], key: str, game: Game) -> datetime | None:
    value = raw.get(key)
    return _zoned(value, game) if value is not None else None


def file_events(game: Game) -> list[FileEvent]:
    """The events the game file at ``game.path`` states, in the file's order, each with the
    id an edit or a 撤销 names it by."""
    import tomlkit

    doc = tomlkit.parse(game.path.read_text(encoding="utf-8-sig"))
    tables = doc.get("event") or []
    out: list[FileEvent] = []
    for i, table in enumerate(tables):
        raw = table.unwrap()
        pid = raw.get("pid")
        e = Event(
            _choice(EventType, raw.get("type")),  # type: ignore[arg-type]
            str(raw.get("player", "")),
            _raw_time(raw, "at", game),
            None if raw.get("how") is None else str(raw["how"]),
            _raw_time(raw, "until", game),
            None if raw.get("value") is None else str(raw["value"]),
            None if raw.get("by") is None else str(raw["by"]),
            pid=int(pid) if isinstance(pid, int) else None,
            announced=_raw_time(raw, "announced", game),
        )
        said = table.trivia.comment.lstrip("#").strip()
        out.append(FileEvent(_event_id(e), i, e, said))
    return out


def _file_event(game: Game, ident: str) -> FileEvent:
    key = ident.strip().upper()
    found = next((f for f in file_events(game) if f.id == key), None)
    if found is None:
        raise ProposalError(
            f"游戏文件里没有编号 {key} 的事件（可能刚被别的导演改过或撤销了：刷新页面，"
            "或用 auditor events 游戏文件 看现在的编号）"
        )
    return found


def edited_event(game: Game, ident: str, fix: Mapping[str, object]) -> tuple[FileEvent, Event]:
    """A confirmed event (:func:`file_events`) as the director corrects it: ``fix`` holds
    any of ``player``, ``day`` (:func:`_on_day`: a night death or a 替补 at that day's
    opening, a vote-out at its close), ``at`` and ``how``; ``game`` is the game as it stands
    (its days, discovered or stated).  Refused when nothing changes."""
    found = _file_event(game, ident)
    new = found.event
    player = fix.get("player")
    if player is not None:  # as the director writes him: a seat, a nickname (roster)
        player = names_written(game, [str(player)])[0]
    if player is not None and player != new.player:
        if player not in game.players:
            raise ProposalError(
                f"{player} 不是这局的玩家（游戏文件 [players]：{'、'.join(game.players)}）"
            )
        new = replace(new, player=str(player))
    if fix.get("how") is not None:
        how = str(fix["how"])
        allowed = EVENT_HOW.get(new.type, ())
        if how not in allowed:
            ok = "、".join(allowed) or "不填"
            raise ProposalError(f"{EVENT_LABEL[new.type]}的方式不能是 {how}：可以是 {ok}")
        new = replace(new, how=how)
    if fix.get("day") is not None:
        new = _on_day(new, game, int(str(fix["day"])))
    if fix.get("at") is not None:
        new = replace(new, at=_zoned(fix["at"], game))
    if new.announced is not None and new.at is not None and new.announced < new.at:
        new = replace(new, announced=None)  # moved past its post: when announced is unknown
    if new == found.event and new.announced == found.event.announced:
        raise ProposalError(f"没有改动：{found.describe()}")
    return found, new


def write_event_edit(game: Game, found: FileEvent, new: Event, signed: Signature) -> str:
    """The file's ``[[event]]`` ``found`` replaced by ``new`` in place (every other table and
    comment kept); its comment keeps where it came from and adds who changed what, when
    (「更正：老贺 于 … 改为 …（原为 …）」).  Returns what was done, in words."""
    import tomlkit

    doc = tomlkit.parse(game.path.read_text(encoding="utf-8-sig"))
    arr = doc["event"]
    was, now = found.describe(), Proposal("event", new, "").describe()
    table = _event_table(new)
    record = f"更正：{signed.by} 于 {signed.at.strftime('%Y-%m-%d %H:%M')} 改为 {now}（原为 {was}）"
    table.comment(f"{found.source}；{record}" if found.source else record)
    arr[found.index] = table
    _replace(game.path, tomlkit.dumps(doc), check=True)
    return f"已改：{now}（原为 {was}；{signed.by} 于 {signed.at.strftime('%Y-%m-%d %H:%M')}），已写进游戏文件"


def write_event_withdrawal(game: Game, found: FileEvent, signed: Signature) -> str:
    """The file's ``[[event]]`` ``found`` taken out (撤销); a comment at the file's end keeps
    the record: what it said, where it came from, who withdrew it and when.  Returns what
    was done, in words."""
    import tomlkit
    from tomlkit.items import AoT

    doc = tomlkit.parse(game.path.read_text(encoding="utf-8-sig"))
    arr = doc["event"]
    assert isinstance(arr, AoT)
    when = signed.at.strftime("%Y-%m-%d %H:%M")
    said = found.describe()
    del arr[found.index]
    if not len(arr):
        del doc["event"]
    source = f"（{found.source}）" if found.source else ""
    doc.add(tomlkit.nl())
    doc.add(tomlkit.comment(f"已撤销的事件：{said}{source}——{signed.by} 于 {when} 撤销"))
    text = tomlkit.dumps(doc)
    _replace(game.path, text if text.endswith("\n") else text + "\n", check=True)
    again = (
        f"。帖子 pid {found.event.pid} 里读出的这一项下次可能又列在待确认里：读错了的点「不对，不要」"
        if found.event.pid is not None
        else ""
    )
    return f"已撤销：{said}（{signed.by} 于 {when}），已从游戏文件去掉，记录留在文件末尾的注释里{again}"


def change_event(
    game: Game, ident: str, fix: Mapping[str, object] | None, signed: Signature
) -> str:
    """Edit (``fix``: :func:`edited_event`) or, with ``fix`` None, withdraw (撤销) the
    confirmed event ``ident`` of the game file, signed; ``game`` is the game as it stands
    (the file and what discovery adds: its days place a 第几天).  What ``auditor events
    --edit`` / ``--withdraw`` and the desk's 改 / 撤销 run.  Returns what was
    done, in words."""
    if fix is None:
        return write_event_withdrawal(game, _file_event(game, ident), signed)
    found, new = edited_event(game, ident, fix)
    return write_event_edit(game, found, new, signed)


def write_leave(
    path: Path,
    player: str,
    start: datetime,
    until: datetime,
    signed: Signature,
    *,
    pid: int | None = None,
    source: str = "导演准假",
) -> None:
    """A 请假 the director granted, written to the game file as ``[[event]] type = "leave"``
    (``from``, ``until``, ``pid`` the 请假 post), signed: the player's lurking and no-vote
    drafts on the days it covers wait for the director's word
    (:mod:`auditor.ledger.held`; 版杀7 6.2(3) 玩家提前向法官请假的，法官根据情况处理).  For
    the desk's form and the CLI; the file must still load, else nothing is written."""
    leave = Event(EventType.LEAVE, player, start, until=until, pid=pid)
    write_proposals(path, [Proposal("event", leave, source)], signatures=[signed])
