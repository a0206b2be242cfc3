#!/usr/bin/env python3
"""Never silent, measured (issue 34 §3): on which regression game nights does the tool
read the game's state wrong and not tell the director?

    python3 scripts/silent_nights.py [tests/games/discovery*/NAME ...] [--verbose]

For every regression discovery game (``tests/games/discovery*/<game>`` with a
``nights.toml``; never a set whose README's first line says NOT YET SCORED) and every night
in it, the night's pages are rendered and the game is audited from its minimal game file
(``scripts/discovery_games.py``'s :func:`night_files`), then the threads, days and events
it discovered are compared with the truth (the full game file cut to that night).

A night that differs is TOLD when the director hears of every difference: the audit does
not end in 没有问题 (exit 0 with a report whose first screen says 没有问题), and each missing
or wrong item has a question touching it, of a kind that fits the item (:func:`touch`; review
43 B5: a question of another kind naming the same player or day, or a tid found inside another
number, tells nothing): a thread — a problem of the game's state naming its tid, or a
未读懂的公告 of that thread; an event — a 未读懂的公告 that holds it, or a 待确认 proposal
naming its player; a day — a 未读懂的公告 in that day's threads, or a 待确认 proposal naming
the day.  Else the night is SILENT.  The posts that hold
an item (:func:`holders`): a thread's own posts; a day's directors' posts in its threads, and
in the game's other threads from the day before its opening to the day after its close; an
event's directors' posts naming its player from a day before it to a day after.

Prints per night: same / differs, and for a night that differs the audit line, its exit
code, the questions (``[#pid]`` the post each names, ``[无帖]`` one naming none) and each
difference with the questions touching it; then the count and the list of silent nights.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
import tempfile
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from discovery_games import night_files  # noqa: E402

from auditor import pipeline  # noqa: E402
from auditor.errors import STATE_INCOMPLETE_EXIT  # noqa: E402
from auditor.game import evidence, listed_out  # noqa: E402
from auditor.game.fold import fold  # noqa: E402
from auditor.game.gamefile import DaySpec, Event, Game, ThreadKind, ThreadSpec  # noqa: E402
from auditor.report.words import audit_line  # noqa: E402
from auditor.urls import findpost_link  # noqa: E402
from tools.writer import Script, ScriptPost, load_script  # noqa: E402

GAMES = ROOT / "tests" / "games"
NOT_SCORED = "NOT YET SCORED"
# a set not yet scored is never opened (common brief): named here as well as by its README
# (discovery_blind9 was, until its one score at the end of session 43)
NEVER: frozenset[str] = frozenset()


def regression_games() -> list[Path]:
    """Every game with nights under tests/games/discovery*/, but a set not yet scored."""
    out: list[Path] = []
    for folder in sorted(GAMES.glob("discovery*")):
        readme = folder / "README.md"
        first = readme.read_text(encoding="utf-8").split("\n", 1)[0] if readme.exists() else ""
        if folder.name in NEVER or NOT_SCORED in first:
            continue
        out += [g for g in sorted(folder.iterdir()) if (g / "nights.toml").exists()]
    return out


@dataclass(frozen=True, slots=True)
class Asked:
    """One thing the director is told: its words and the post it names (None: none)."""

    kind: str  # 未读懂的公告 | 待确认 | 游戏状态 | 当天问题 | 证据 (auditor.game.evidence)
    text: str
    pid: int | None = None
    link: str | None = None

    def shown(self) -> str:
        where = f"#{self.pid}" if self.pid is not None else "无帖"
        return f"[{where}] {self.kind}：{self.text}"


@dataclass(slots=True)
class Difference:
    what: str  # 缺 / 错 / 多
    item: ThreadSpec | DaySpec | Event
    said: str
    holders: set[int] = field(default_factory=set)
    names: tuple[str, ...] = ()  # words a question naming it says
    touched_by: list[Asked] = field(default_factory=list)


@dataclass(slots=True)
class Night:
    game: str
    number: int
    differences: list[Difference]
    line: str = ""
    exit_code: int = 0
    no_problem: bool = False  # the report's first screen says 没有问题 and the exit is 0
    asked: list[Asked] = field(default_factory=list)
    # the night as it would be without the game's own evidence (auditor.game.evidence)
    no_problem_without: bool = False

    @property
    def same(self) -> bool:
        return not self.differences

    @property
    def silent(self) -> bool:
        if self.same:
            return False
        return self.no_problem or any(not d.touched_by for d in self.differences)

    @property
    def silent_without_evidence(self) -> bool:
        if self.same:
            return False
        return self.no_problem_without or any(
            not [a for a in d.touched_by if a.kind != "证据"] for d in self.differences
        )

    def needless(self) -> list[Asked]:
        """The questions that touch no difference (on a night read right: every one) — a
        question, not a proposal to confirm (待确认: the director's one step for every item
        discovered) nor the state's line counting the unread posts (each is one)."""
        touching = {id(a) for d in self.differences for a in d.touched_by}
        return [
            a
            for a in self.asked
            if id(a) not in touching
            and a.kind != "待确认"
            and not (a.kind == "游戏状态" and a.text.startswith("未读懂的公告"))
        ]

    @property
    def name(self) -> str:
        return f"{self.game} night {self.number}"


# ----------------------------------------------------------------------------- compare


def _day_key(d: DaySpec, truth: DaySpec) -> tuple[object, ...]:
    """What a day is compared by; a 环节's vote thread only where the truth names one (the
    writers' files leave it to the thread's day), and its name only where the truth gives
    one (a 环节 left unnamed is 环节N in the file; discovery names it by its title)."""
    named = {p.number for p in truth.phases if p.vote_thread is not None}
    titled = {p.number for p in truth.phases if p.name != f"环节{p.number}"}
    phases = tuple(
        (
            p.number,
            p.name if p.number in titled else None,
            p.opens,
            p.closes,
            p.vote_thread if p.number in named else None,
        )
        for p in d.phases
    )
    return (d.number, d.opens, d.closes, d.accelerated, d.delayed, phases)


def _day_said(d: DaySpec) -> str:
    f = "%m-%d %H:%M"
    extra = "，加速" if d.accelerated else ""
    extra += "，延时" if d.delayed else ""
    phases = "".join(
        f"；{p.name} {p.opens:{f}}–{p.closes:{f}}"
        + (f" 投票帖 {p.vote_thread}" if p.vote_thread else "")
        for p in d.phases
    )
    return f"第{d.number}天 {d.opens:{f}}–{d.closes:{f}}{extra}{phases}"


def _event_said(e: Event) -> str:
    at = f" {e.at:%m-%d %H:%M}" if e.at else ""
    how = f"（{e.how}）" if e.how else ""
    value = f" → {e.value}" if e.value else ""
    until = f" 至 {e.until:%m-%d %H:%M}" if e.until else ""
    by = f" 由 {e.by}" if e.by else ""
    return f"{e.type.value} {e.player}{how}{value}{at}{until}{by}"


def _thread_said(t: ThreadSpec) -> str:
    day = f" 第{t.day}天" if t.day is not None else ""
    return f"帖子 {t.tid} {t.kind.value}{day}"


def differences(
    truth: Game, found: Game, later: Mapping[int, int | None] | None = None
) -> list[Difference]:
    """What the discovered game lacks (缺), states otherwise (错: the truth's item, the
    discovered one in its words) or states beyond the truth (多).  ``later``: each thread's
    day in the whole game file — a thread whose day opens after the night (版杀7's night
    thread, posted before the day it counts for) may be placed on it already."""
    out: list[Difference] = []
    got_threads = {t.tid: t for t in found.threads}
    for t in truth.threads:
        g = got_threads.pop(t.tid, None)
        days = {t.day} | ({(later or {}).get(t.tid)} if t.day is None else set())
        if g is None:
            out.append(Difference("缺", t, _thread_said(t)))
        elif g.kind != t.kind or g.day not in days:
            out.append(Difference("错", t, f"{_thread_said(t)}（读成 {_thread_said(g)}）"))
    out += [Difference("多", g, _thread_said(g)) for g in got_threads.values()]
    got_days = {d.number: d for d in found.days}
    for d in truth.days:
        g = got_days.pop(d.number, None)
        if g is None:
            out.append(Difference("缺", d, _day_said(d)))
        elif _day_key(g, d) != _day_key(d, d):
            out.append(Difference("错", d, f"{_day_said(d)}（读成 {_day_said(g)}）"))
    out += [Difference("多", g, _day_said(g)) for g in got_days.values()]
    got_events = list(found.events)
    for e in truth.events:
        if e in got_events:
            got_events.remove(e)
            continue
        near = next((g for g in got_events if (g.type, g.player) == (e.type, e.player)), None)
        if near is not None:
            got_events.remove(near)
            out.append(Difference("错", e, f"{_event_said(e)}（读成 {_event_said(near)}）"))
        else:
            out.append(Difference("缺", e, _event_said(e)))
    out += [Difference("多", g, _event_said(g)) for g in got_events]
    return out


# ----------------------------------------------------------------------------- holders


def holders(
    diff: Difference, truth: Game, posts: Sequence[ScriptPost], directors: Iterable[str]
) -> None:
    """Fill ``diff``'s posts that hold the item and the words a question naming it says."""
    item = diff.item
    said = set(directors)
    by_director = [p for p in posts if p.author in said]
    if isinstance(item, ThreadSpec):
        diff.holders = {p.pid for p in posts if p.tid == item.tid}
        diff.names = (str(item.tid),)
        return
    if isinstance(item, DaySpec):
        own = {t.tid for t in truth.threads if t.day == item.number}
        start, end = item.opens - timedelta(days=1), item.closes + timedelta(days=1)
        dayless = {t.tid for t in truth.threads if t.day is None}
        diff.holders = {
            p.pid
            for p in by_director
            if p.tid in own
            or (start <= p.at <= end and (p.tid in dayless or truth.thread(p.tid) is None))
        }
        diff.names = (f"第{item.number}天", f"第 {item.number} 天", f"第{item.number}日")
        return
    name = fold(item.player)
    near = timedelta(days=1)
    diff.holders = {
        p.pid
        for p in by_director
        if name in fold(p.message) and (item.at is None or item.at - near <= p.at <= item.at + near)
    }
    diff.names = (item.player,)


def touch(diff: Difference, asked: Sequence[Asked]) -> None:
    """The questions that tell the director of ``diff``: only a question whose kind fits the
    item (review 43 B5), so that an unrelated doubt naming the same player, or a tid found
    inside another number, tells nothing:

    - a thread: a problem of the game's state naming its tid (as a whole number), or an
      unread post of that thread;
    - an event: an unread post that holds it, or a proposal naming the player;
    - a day: an unread post in that day's threads, or a proposal naming the day."""
    unread = [a for a in asked if a.kind == "未读懂的公告" and a.pid in diff.holders]
    item = diff.item
    unread += [a for a in asked if a.kind == "证据" and evidence_touches(a, item)]
    if isinstance(item, ThreadSpec):
        tid = re.compile(rf"(?<!\d){item.tid}(?!\d)")
        told = [a for a in asked if a.kind == "游戏状态" and tid.search(a.text)]
    else:
        told = [a for a in asked if a.kind == "待确认" and any(n in a.text for n in diff.names)]
    diff.touched_by = unread + [a for a in told if a not in unread]


_QUIET = re.compile(r"^(.+?) 自第(\d+)天起没有发言：")
_UNSTATED = re.compile(r"^第(\d+)天.*的开关帖时间没有公告说明")


def evidence_touches(a: Asked, item: ThreadSpec | DaySpec | Event) -> bool:
    """The game's own evidence tells of ``item`` (a kind that fits it): a player gone quiet
    of an elimination, a substitute or a 请假 of his; a day no announcement gave times to of
    that day."""
    quiet, unstated = _QUIET.match(a.text), _UNSTATED.match(a.text)
    quiet = quiet or listed_out.SAID.match(a.text)
    if isinstance(item, Event) and quiet is not None:
        return item.type.value in QUIET_KINDS and fold(quiet[1]) == fold(item.player)
    if isinstance(item, DaySpec) and unstated is not None:
        return int(unstated[1]) == item.number
    return False


def is_evidence(line: str) -> bool:
    return bool(_QUIET.match(line) or _UNSTATED.match(line) or listed_out.SAID.match(line))


# ----------------------------------------------------------------------------- one night


def asked_now(game: Game, store: pipeline.Store, state: Sequence[str]) -> list[Asked]:
    """Everything the audit asks the director of the game's state tonight."""
    from auditor.report.labels import forum_base

    cur = pipeline.current(game, store)
    base = forum_base(cur, store)
    disc = cur.discovery
    out = [
        Asked("未读懂的公告", u.excerpt(), u.pid, u.link(base)) for u in getattr(disc, "unread", [])
    ]
    subjects = getattr(disc, "subjects", {})
    for p in pipeline.pending(cur, store):
        out.append(Asked("待确认", p.describe(subjects), p.pid, findpost_link(base, None, p.pid)))
    out += [Asked("证据" if is_evidence(s) else "游戏状态", s) for s in state]
    seen = {(a.text, a.pid) for a in out}
    for questions in pipeline.open_questions(game, store).values():
        for q in questions:
            pid = int(q.ident) if q.kind == "unread" and q.ident.isdigit() else None
            if (q.text, pid) not in seen and q.kind == "conflict":
                out.append(Asked("当天问题", q.text, pid, q.link))
    return out


_NO_PROBLEM = re.compile(r"抓取正常，没有问题")


def run_night(folder: Path, number: int, cutoff: datetime, work: Path) -> Night:
    full, minimal = night_files(folder, cutoff, work)
    truth = pipeline.open_game(full)
    result = pipeline.audit(minimal, reports=work / "r-min")
    code = 1 if not result.ok else STATE_INCOMPLETE_EXIT if result.state else 0
    html = (result.report / "report.html").read_text("utf-8") if result.report else ""
    game = pipeline.open_game(minimal)
    with pipeline.open_store(game) as store:
        found = pipeline.current(game, store)
        diffs = differences(truth, found, whole_days(folder))
        asked = asked_now(game, store, result.state)
    night = Night(folder.name, number, diffs)
    night.asked = asked
    if not diffs:
        return night
    script = load_script(folder / "script.toml")
    # each post as the night's pages show it (a roster edited each morning: its text then)
    posts = [p.as_of(cutoff) for t in script.threads.values() for p in t.posts if p.at <= cutoff]
    for d in diffs:
        holders(d, truth, posts, truth.directors)
        touch(d, asked)
    night.line = audit_line(result.line())
    night.exit_code = code
    night.no_problem = code == 0 and bool(_NO_PROBLEM.search(html))
    rest = [s for s in result.state if not is_evidence(s)]
    night.no_problem_without = night.no_problem or (
        result.ok and not rest and bool(result.state) and "没有问题" not in html
    )
    return night


def state_night(folder: Path, number: int, cutoff: datetime, work: Path) -> Night:
    """``--state``: the night's crawl and discovery only (no rules, no report): its
    differences and the questions touching them, exit code and first screen left out —
    what the game's own evidence tells and what it asks needlessly, fast."""
    full, minimal = night_files(folder, cutoff, work)
    truth = pipeline.open_game(full)
    game = pipeline.open_game(minimal, rules=False)
    with pipeline.open_store(game, lock=True) as store:
        pipeline.crawl(game, store)
        token = pipeline._CLOCK.set(cutoff)
        try:
            found = pipeline.current(game, store)
            diffs = differences(truth, found, whole_days(folder))
            disc = found.discovery
            state = list(getattr(disc, "problems", []))
            asked = asked_now(game, store, state)
        finally:
            pipeline._CLOCK.reset(token)
    night = Night(folder.name, number, diffs)
    night.asked = asked
    if not diffs:
        return night
    script = load_script(folder / "script.toml")
    posts = [p.as_of(cutoff) for t in script.threads.values() for p in t.posts if p.at <= cutoff]
    for d in diffs:
        holders(d, truth, posts, truth.directors)
        touch(d, asked)
    night.asked = asked
    return night


def whole_days(folder: Path) -> dict[int, int | None]:
    """Each thread's day in the whole (uncut) game file."""
    whole = tomllib.loads((folder / "game.toml").read_text("utf-8"))
    return {int(t["tid"]): t.get("day") for t in whole.get("thread", [])}


def nights_of(folder: Path) -> list[datetime]:
    return list(tomllib.loads((folder / "nights.toml").read_text("utf-8"))["nights"])


def measure(games: Iterable[Path], *, verbose: bool = False, state: bool = False) -> list[Night]:
    out: list[Night] = []
    run = state_night if state else run_night
    for folder in games:
        for i, cutoff in enumerate(nights_of(folder), 1):
            with tempfile.TemporaryDirectory() as tmp:
                night = run(folder, i, cutoff, Path(tmp))
            out.append(night)
            show(night, verbose=verbose)
    return out


def show(night: Night, *, verbose: bool) -> None:
    needless = night.needless()
    extra = f"; needless {len(needless)}" + "".join(
        f" [{a.kind}]" for a in needless
    ) if needless else ""  # fmt: skip
    if night.same:
        print(f"{night.name}: same{extra}")
        if verbose:
            for a in needless:
                print(f"    needless {a.shown()[:150]}")
        return
    mark = "SILENT" if night.silent else "told"
    if night.silent_without_evidence and not night.silent:
        mark += " (silent without the evidence)"
    print(
        f"{night.name}: differs ({len(night.differences)}) — {mark}; exit {night.exit_code}{extra}"
    )
    if not verbose:
        return
    print(f"    audit: {night.line}")
    if night.no_problem:
        print("    report: 抓取正常，没有问题")
    for a in night.asked:
        print(f"    asked {a.shown()[:150]}")
    for d in night.differences:
        by = "、".join(f"#{a.pid}" if a.pid else a.kind for a in d.touched_by) or "NOBODY"
        print(f"    {d.what} {d.said}  <- {by}")


# ----------------------------------------------------------------------------- evidence


@dataclass(frozen=True, slots=True)
class _Spoken:
    """A script post as :mod:`auditor.game.evidence` reads it."""

    author: str
    posted_at: datetime
    tid: int
    pid: int | None


#: the kinds of event whose player goes quiet (a missed one is what the evidence catches)
QUIET_KINDS = ("eliminated", "substitute", "leave")


def evidence_night(
    truth: Game, posts: Sequence[_Spoken], cutoff: datetime, missing: Sequence[Event] = (),
    **knobs: object,
) -> list[evidence.Quiet]:  # fmt: skip
    """The quiet players the evidence asks about on the night ``cutoff`` with no audit: the
    state the truth cut to the night, less ``missing`` (the events an unread announcement
    would have left out)."""
    days = [d for d in truth.days if d.opens <= cutoff]
    events = [e for e in truth.events if (e.at is None or e.at <= cutoff) and e not in missing]
    return evidence.quiet_players(
        truth.players,
        truth.directors,
        days,
        events,
        posts,
        cutoff,
        **knobs,  # type: ignore[arg-type]
    )


@dataclass(frozen=True, slots=True)
class EvidenceFigures:
    """:func:`evidence_measure`'s figures."""

    nights: int
    events: int  # missed one at a time (a game's last night aside)
    told_that_night: int
    told_by_next: int
    last_events: int  # on a game's last night
    last_told: int
    needless: int  # questions asked of a right state


def evidence_measure(
    games: Iterable[Path], *, verbose: bool = False, **knobs: object
) -> EvidenceFigures:
    """``--evidence``: the game's own evidence alone, with no audit, on every night of
    ``games``.  Needless: the questions asked when the state is the truth (nothing missing).
    Told: for each event whose player goes quiet (:data:`QUIET_KINDS`), with that one event
    missing from the state from its night on, whether a question names its player on that
    night, or by the next (an event at a day's close has had no silence yet)."""
    nights = asked = 0
    # kind -> [events, told that night, told by the next]; the game's last night apart (no
    # next night to tell it: [events, told that night])
    tally: dict[str, list[int]] = {}
    last: list[int] = [0, 0]
    for folder in games:
        truth = pipeline.open_game(folder / "game.toml", rules=False)
        spoken = {t.tid for t in truth.threads if t.kind in evidence.SPOKEN_IN}
        script = load_script(folder / "script.toml")
        cutoffs = nights_of(folder)

        def posts_by(
            cutoff: datetime, script: Script = script, spoken: set[int] = spoken
        ) -> list[_Spoken]:
            return [
                _Spoken(p.author, p.at, p.tid, p.pid)
                for t in script.threads.values()
                if t.tid in spoken
                for p in t.posts
                if p.at <= cutoff and not p.deleted
            ]

        since = None
        for i, cutoff in enumerate(cutoffs, 1):
            posts = posts_by(cutoff)
            needless = [q.says() for q in evidence_night(truth, posts, cutoff, (), **knobs)]
            nights += 1
            asked += len(needless)
            shown = []
            for e in truth.events:
                if e.type.value not in QUIET_KINDS or e.at is None or e.at > cutoff:
                    continue
                if since is not None and e.at <= since:
                    continue
                told = [
                    any(fold(q.player) == fold(e.player) for q in evidence_night(
                        truth, posts_by(c), c, (e,), **knobs))
                    for c in cutoffs[i - 1 : i + 1]
                ]  # fmt: skip
                if i == len(cutoffs):
                    last[0] += 1
                    last[1] += told[0]
                else:
                    row = tally.setdefault(e.type.value, [0, 0, 0])
                    row[0] += 1
                    row[1] += told[0]
                    row[2] += any(told)
                shown.append(
                    f"{e.type.value} {e.player}"
                    + (" 当晚" if told[0] else " 次晚" if any(told) else " NOT TOLD")
                )
            since = cutoff
            if verbose:
                print(
                    f"{folder.parent.name}/{folder.name} night {i}: needless {needless} | {shown}"
                )
    total = [sum(r[k] for r in tally.values()) for k in range(3)]
    kinds = "、".join(f"{k} {r[1]}/{r[2]}/{r[0]}" for k, r in sorted(tally.items()))
    figures = EvidenceFigures(nights, *total, *last, asked)
    print(
        f"evidence: nights {nights}; events missed one at a time (a game's last night aside) "
        f"{total[0]}, told that night {total[1]}, by the next {total[2]} ({kinds}); on a game's "
        f"last night {last[1]}/{last[0]}; needless questions {asked} "
        f"({asked / max(1, nights):.2f} a night)"
    )
    return figures


@dataclass(frozen=True, slots=True)
class _Written:
    """A script post as :mod:`auditor.game.listed_out` reads it (its text too)."""

    author: str
    posted_at: datetime
    tid: int
    pid: int | None
    text: str


def listed_measure(games: Iterable[Path], *, verbose: bool = False) -> tuple[int, int, int, int]:
    """``--listed``: :mod:`auditor.game.listed_out` alone, with no audit, on every night of
    ``games``, as :func:`evidence_measure` measures the quiet players: needless, the
    questions asked when the state is the truth; told, for each elimination or substitute
    (one at a time, missing from its night on), whether a question names its player that
    night or by the next.  Returns (nights, events, told by the next night, needless)."""
    nights = asked = events_n = told_n = 0
    for folder in games:
        truth = pipeline.open_game(folder / "game.toml", rules=False)
        kinds = {t.tid: t.kind for t in truth.threads}
        script = load_script(folder / "script.toml")
        cutoffs = nights_of(folder)

        def posts_by(
            cutoff: datetime, script: Script = script, kinds: Mapping[int, object] = kinds
        ) -> list[_Written]:
            return [
                _Written(p.author, p.at, p.tid, p.pid, p.as_of(cutoff).message)
                for t in script.threads.values()
                if t.tid in kinds
                for p in t.posts
                if p.at <= cutoff and not p.deleted
            ]

        def ask(
            cutoff: datetime,
            missing: tuple[Event, ...] = (),
            truth: Game = truth,
            kinds: dict[int, ThreadKind] = kinds,
        ) -> list[listed_out.Listed]:
            events = [
                e for e in truth.events if (e.at is None or e.at <= cutoff) and e not in missing
            ]
            return listed_out.questions_of(
                truth.players, truth.directors, events, posts_by(cutoff), kinds, cutoff
            )

        since = None
        for i, cutoff in enumerate(cutoffs, 1):
            needless = [q.says() for q in ask(cutoff)]
            nights += 1
            asked += len(needless)
            shown = []
            for e in truth.events:
                if e.type.value not in ("eliminated", "substitute") or e.at is None:
                    continue
                if e.at > cutoff or (since is not None and e.at <= since):
                    continue
                told = any(
                    any(fold(q.player) == fold(e.player) for q in ask(c, (e,)))
                    for c in cutoffs[i - 1 : i + 1]
                )
                events_n += 1
                told_n += told
                shown.append(f"{e.type.value} {e.player}{'' if told else ' NOT TOLD'}")
            since = cutoff
            if verbose:
                print(
                    f"{folder.parent.name}/{folder.name} night {i}: needless {needless} | {shown}"
                )
    print(
        f"listed: nights {nights}; eliminations and substitutes missed one at a time {events_n},"
        f" told by the next night {told_n}; needless questions {asked}"
        f" ({asked / max(1, nights):.2f} a night)"
    )
    return nights, events_n, told_n, asked


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("games", nargs="*", type=Path)
    ap.add_argument("--verbose", "-v", action="store_true")
    ap.add_argument(
        "--evidence", action="store_true", help="the game's own evidence alone, no audit (fast)"
    )
    ap.add_argument(
        "--listed", action="store_true", help="the dead / living lists and last words alone (fast)"
    )
    ap.add_argument("--knob", action="append", default=[], help="evidence: NAME=VALUE")
    ap.add_argument(
        "--state", action="store_true", help="crawl and discovery only: no exit code, no report"
    )
    args = ap.parse_args(argv)
    games = [g for g in args.games if (g / "nights.toml").exists()] or regression_games()
    if args.listed:
        listed_measure(games, verbose=args.verbose)
        return 0
    if args.evidence:
        knobs = {k: ast.literal_eval(v) for k, v in (x.split("=", 1) for x in args.knob)}
        evidence_measure(games, verbose=args.verbose, **knobs)
        return 0
    nights = measure(games, verbose=args.verbose, state=args.state)
    silent = [n.name for n in nights if n.silent]
    differ = sum(not n.same for n in nights)
    print(f"nights: {len(nights)}, differ: {differ}, silent: {len(silent)}")
    without = sum(n.silent_without_evidence for n in nights)
    needless = [a for n in nights for a in n.needless()]
    kinds = "、".join(
        f"{k} {sum(a.kind == k for a in needless)}" for k in sorted({a.kind for a in needless})
    )
    told = sum(
        1 for n in nights for d in n.differences if any(a.kind == "证据" for a in d.touched_by)
    )
    print(
        f"without the game's own evidence: silent {without}; differences the evidence tells "
        f"{told}; needless questions {len(needless)} ({len(needless) / max(1, len(nights)):.2f}"
        f" a night: {kinds})"
    )
    for name in silent:
        print(f"  SILENT {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
