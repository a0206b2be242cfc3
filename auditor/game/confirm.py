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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import TYPE_CHECKING

from auditor.errors import AuditorError
from auditor.files import write_atomic
from auditor.game.gamefile import (
    EVENT_HOW,
    EVENT_LABEL,
    DaySpec,
    Event,
    EventType,
    Game,
    ThreadKind,
    ThreadSpec,
    load_game,
)
from auditor.game.structure import clock

if TYPE_CHECKING:  # tomlkit is loaded only to write the game file (a check never does)
    import tomlkit
    from tomlkit.items import Table

KINDS = ("thread", "day", "event", "accelerate", "delay", "schedule")
HOW_LABEL = {
    "vote": "投票",
    "night": "夜晚",
    "sent_off": "红牌罚下",
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
            return f"第{item.number}天：{_fmt(item.opens)} 至 {_fmt(item.closes)}{fast}{slow}"
        how = HOW_LABEL.get(item.how or "", item.how or "")
        guess = "（方式是推断的：原文没有写明）" if self.inferred and how else ""
        if item.type is EventType.ELIMINATED and item.how is None:
            guess = "（方式：公告里没有写明，确认时用 --how 写明）"
        return f"{EVENT_LABEL[item.type]}：{item.player}，{_fmt_at(item.at)}{(' ' + how) if how else ''}{guess}"


def find(pending: list[Proposal], ident: str) -> Proposal:
    """The pending proposal with this id, else a ProposalError saying it is not pending."""
    ident = ident.strip().upper()
    for p in pending:
        if p.id == ident:
            return p
    raise ProposalError(
        f"提议 {ident} 不在待确认的列表里：可能已被确认（游戏文件里已有），或论坛上已更正"
    )


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


#: What ``auditor game --confirm`` and the desk may correct, per kind of item.
FIELDS = {
    "event": ("player", "day", "type", "how", "at"),
    "day": ("opens", "closes", "accelerated", "delayed"),
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
        return replace(p, item=_fixed_event(p, item, game, player, day, fix, others), text="")
    if isinstance(item, ThreadSpec):
        return replace(p, item=_fixed_thread(item, player, day, fix), text="")
    assert isinstance(item, DaySpec)
    new = replace(
        item,
        opens=_zoned(fix.get("opens", item.opens), game),
        closes=_zoned(fix.get("closes", item.closes), game),
        accelerated=bool(fix.get("accelerated", item.accelerated)),
        delayed=bool(fix.get("delayed", item.delayed)),
    )
    if new.closes <= new.opens:
        raise ProposalError(f"第{new.number}天的关门时间要晚于开门时间")
    return replace(p, item=new, text="")


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
    """The event moved to day ``day``: a night death at its opening, a piping for the day,
    anything else at its close."""
    spec = next((d for d in game.days if d.number == day), None)
    if spec is None:
        known = "、".join(str(d.number) for d in game.days) or "没有"
        raise ProposalError(f"没有第{day}天（这局的天：{known}）")
    if new.type is EventType.PIPED:
        return replace(new, at=spec.opens, until=spec.closes)
    return replace(new, at=spec.opens if new.how == "night" else spec.closes)


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
        # (the post it comes from, as the desk's 补上这个事件 from an unread post: discovery
        # takes no event of that kind from that post again)
        return Proposal("event", ev, f"导演补充（pid {pid}）" if pid else "导演补充", pid=pid)
    raise ProposalError(f"只能补上 day 或 event，不能补 {kind}")


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
            pt = tomlkit.table()
            pt.add("number", ph.number)
            pt.add("name", ph.name)
            pt.add("opens", _when(ph.opens))
            pt.add("closes", _when(ph.closes))
            if ph.vote_thread is not None:
                pt.add("vote_thread", ph.vote_thread)
            phases.append(pt)
        t.add("phase", phases)
    return t


def _event_table(e: Event) -> Table:
    import tomlkit

    t = tomlkit.table()
    t.add("type", e.type.value)
    t.add("player", e.player)
    if e.at is not None:
        t.add("at", _when(e.at))
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
    states): its opens, closes, accelerated and delayed; a phase that opened or closed with
    the day moves with it; the correction is the closes' comment."""
    import tomlkit
    from tomlkit.items import AoT, Item

    old_opens, old_closes = table.get("opens"), table.get("closes")
    phases = table.get("phase")
    if isinstance(phases, AoT) and len(phases):
        if phases[0].get("opens") == old_opens:
            phases[0]["opens"] = _when(d.opens)
        if phases[-1].get("closes") == old_closes:
            phases[-1]["closes"] = _when(d.closes)
    table["opens"] = _when(d.opens)
    closes = tomlkit.item(_when(d.closes))
    own = old_closes.trivia.comment.lstrip("#").strip() if isinstance(old_closes, Item) else ""
    closes.comment(f"{own}；{comment}" if own else comment)  # (the comment says 原为 …)
    table["closes"] = closes
    if d.accelerated or "accelerated" in table:
        table["accelerated"] = d.accelerated
    if d.delayed or "delayed" in table:
        table["delayed"] = d.delayed


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
        except AuditorError as exc:
            raise ProposalError(f"写进去后游戏文件会出错，没有写：{exc}") from None

    write_atomic(path, text, check=loads if check else None)
