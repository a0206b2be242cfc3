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
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path

import tomlkit
from tomlkit.items import AoT, Table

from auditor.errors import AuditorError
from auditor.files import write_atomic
from auditor.game.gamefile import (
    DaySpec,
    Event,
    EventType,
    Game,
    ThreadKind,
    ThreadSpec,
    load_game,
)

KINDS = ("thread", "day", "event", "accelerate", "delay")
EVENT_LABEL = {
    EventType.ELIMINATED: "出局",
    EventType.SHERIFF: "警长",
    EventType.PIPED: "吹笛",
    EventType.IDIOT_REVEALED: "白痴翻牌",
    EventType.FACTION: "阵营",
    EventType.SUBSTITUTE: "替补",
}
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
        return self.kind != "delay"

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
            return f"第{item.number}天：{_fmt(item.opens)} 至 {_fmt(item.closes)}{fast}"
        how = HOW_LABEL.get(item.how or "", item.how or "")
        return f"{EVENT_LABEL[item.type]}：{item.player}，{_fmt_at(item.at)}{(' ' + how) if how else ''}"


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


def corrected(
    p: Proposal,
    game: Game,
    *,
    player: str | None = None,
    day: int | None = None,
    others: Sequence[Proposal] = (),
) -> Proposal:
    """The proposal as the director corrects it: an event's player or day (its time moves
    to that day: a vote, a send-off or an election at the close, a night death at the
    opening), a thread's day.  Unchanged without a correction.

    An event corrected to another player keeps the post it was read from (``pid`` in the
    game file): discovery takes no event of that kind from that post again.  So when the
    post announced more of that kind (two night deaths), the others (in ``others``, the
    pending list) are to be confirmed first."""
    item = p.item
    player = (player or "").strip() or None
    if isinstance(item, Event) and player == item.player:
        player = None  # the same player: no correction
    if day is not None and day == day_of(p, game.days):
        day = None
    if player is None and day is None:
        return p
    if isinstance(item, Event):
        new = item
        if player is not None:
            if player not in game.players:
                raise ProposalError(
                    f"{player} 不是这局的玩家（游戏文件 [players]：{'、'.join(game.players)}）"
                )
            if player != item.player and p.pid is not None:
                rest = [
                    o.describe()
                    for o in others
                    if o.pid == p.pid and o.id != p.id and isinstance(o.item, Event)
                    and o.item.type is item.type
                ]  # fmt: skip
                if rest:
                    raise ProposalError(
                        f"pid {p.pid} 里还公示了：{'；'.join(rest)}。请先确认这些，再更正这一项的玩家"
                    )
                new = replace(new, pid=p.pid)
            new = replace(new, player=player)
        if day is not None:
            spec = next((d for d in game.days if d.number == day), None)
            if spec is None:
                known = "、".join(str(d.number) for d in game.days) or "没有"
                raise ProposalError(f"没有第{day}天（这局的天：{known}）")
            if item.type is EventType.PIPED:
                new = replace(new, at=spec.opens, until=spec.closes)
            else:
                new = replace(new, at=spec.opens if item.how == "night" else spec.closes)
        return replace(p, item=new, text="")
    if isinstance(item, ThreadSpec):
        if player is not None:
            raise ProposalError("帖子没有玩家可改：只能改它是第几天的帖子")
        if day is not None and item.kind not in (ThreadKind.DISCUSSION, ThreadKind.VOTE):
            raise ProposalError(f"{THREAD_LABEL[item.kind]}不属于某一天：不能改天数")
        return replace(p, item=replace(item, day=day), text="")
    raise ProposalError("天的提议只能按原样确认（时间不对时请在游戏文件里改 [[day]]）")


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
    t = tomlkit.table()
    t.add("tid", spec.tid)
    t.add("kind", spec.kind.value)
    if spec.day is not None:
        t.add("day", spec.day)
    return t


def _day_table(d: DaySpec) -> Table:
    t = tomlkit.table()
    t.add("number", d.number)
    t.add("opens", _when(d.opens))
    t.add("closes", _when(d.closes))
    t.add("accelerated", d.accelerated)
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
    signed: Signature | None = None,
) -> dict[str, int]:
    """Append the proposals to the game file at ``path`` as ``[[thread]]``, ``[[day]]`` and
    ``[[event]]`` tables with their source (and ``signed``: who confirmed, when) as the
    table's comment; an 加速 proposal for a day the file already has sets that day's
    ``accelerated``.  Everything already in the file (comments and layout) stays as it
    is; the file is replaced in one step.  Returns how many of each were written."""
    doc = tomlkit.parse(path.read_text(encoding="utf-8-sig"))
    counts = {"thread": 0, "day": 0, "event": 0}
    sign = f"；{signed.text()}" if signed is not None else ""

    def add(key: str, table: Table, source: str) -> None:
        table.comment(f"来源：{source}{sign}")
        if key not in doc:
            doc.add(tomlkit.nl())
            doc.append(key, tomlkit.aot())
        arr = doc[key]
        assert isinstance(arr, AoT)
        arr.append(table)
        counts[key] += 1

    for p in proposals:
        item = p.item
        if not p.confirmable:
            raise ProposalError(f"这个提议要导演在论坛上公示新的时间，不能直接确认：{p.describe()}")
        if isinstance(item, ThreadSpec):
            title = (subjects or {}).get(item.tid, "")
            add("thread", _thread_table(item), f"{p.source} {title}".strip())
        elif isinstance(item, DaySpec):
            existing = _file_day(doc, item.number) if p.kind == "accelerate" else None
            if existing is not None:
                flag = tomlkit.item(True)
                flag.comment(f"加速：{p.source}{sign}")
                existing["accelerated"] = flag
                counts["day"] += 1
            else:
                add("day", _day_table(item), p.source)
        else:
            add("event", _event_table(item), f"{p.source}「{p.note}」" if p.note else p.source)
    text = tomlkit.dumps(doc)
    _replace(path, text if text.endswith("\n") else text + "\n", check=True)
    return counts


def _file_day(doc: tomlkit.TOMLDocument, number: int) -> Table | None:
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
