"""The activity grid's pieces: the lurking list of the announced day, the 电梯, the daily
chart and the LURK-DAY legend, from the check's records and the stored findings."""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import datetime
from functools import partial
from typing import Any, TypedDict

from auditor.game.gamefile import EventType, Game, ThreadKind
from auditor.game.schedule import Schedule
from auditor.models import Post
from auditor.report.labels import plain_note, post_link, thread_name
from auditor.rules.records import CountedPosts
from auditor.rules.registry import REGISTRY
from auditor.store import Store, finding_from_row

DAY_COLOURS = (
    "#4e79a7",
    "#f28e2b",
    "#59a14f",
    "#e15759",
    "#76b7b2",
    "#edc948",
    "#b07aa1",
    "#ff9da7",
    "#9c755f",
    "#bab0ac",
)


LURK_CODES = ("LURK-DAY", "LURK-3DAYS", "LURK-NOVOTE")


def lurking_list(
    findings: Sequence[Mapping[str, Any]], matrix: Sequence[Mapping[str, Any]], day: int | None
) -> list[dict[str, Any]]:
    """The announced day's lurking list: the day's LURK-DAY and LURK-NOVOTE findings and the
    LURK-3DAYS runs that include the day that the director approved.  The announcement is
    what the director pastes for the players (DESIGN 10: approved cards), so a finding
    still waiting for a decision is not named there."""
    if day is None:
        return []
    in_run = {
        row["player"] for row in matrix for c in row["cells"] if c["day"] == day and c["lurk_days"]
    }
    out: list[dict[str, Any]] = []
    for f in findings:
        if f["code"] not in LURK_CODES or f["status"] != "approved":
            continue
        if f["code"] == "LURK-3DAYS" and not (f["player"] in in_run and (f["day"] or 0) <= day):
            continue
        if f["code"] != "LURK-3DAYS" and f["day"] != day:
            continue
        rule = REGISTRY.get(f["code"])
        out.append(
            {
                "player": f["player"],
                "code": f["code"],
                "title": rule.title if rule else f["code"],
                "note": plain_note(f["note"] or ""),
                "status": f["status"],
            }
        )
    order = {name: i for i, name in enumerate(row["player"] for row in matrix)}
    out.sort(key=lambda x: (order.get(x["player"], 10**6), LURK_CODES.index(x["code"])))
    return out


def daily_threshold(lurk: Mapping[str, Any] | None) -> bool:
    """LURK-DAY is a plain per-day minimum (not per phase, not against the day's average):
    only then is a line at ``min_posts`` on the daily chart the rule."""
    return bool(lurk and not lurk.get("per_phase") and not float(lurk.get("average_ratio", 0) or 0))


def lurk_rule_text(lurk: Mapping[str, Any] | None) -> str:
    """The LURK-DAY verdict in words, for the activity table's legend."""
    if not lurk:
        return ""
    unit = "一个环节" if lurk.get("per_phase") else "一天"
    text = f"{unit}少于 {lurk.get('min_posts')} 帖"
    ratio = float(lurk.get("average_ratio", 0) or 0)
    if ratio > 0:
        over = "该环节" if lurk.get("per_phase") and lurk.get("average_over") == "phase" else "当天"
        text += f"，并且少于{over}平均发帖数的 {ratio:.0%}"
    return text


def lurk_units(store: Store) -> set[tuple[str, int, int | None]]:
    """The units (player, day, phase) the LURK-DAY rule judged lurking: its stored findings
    (the rule's own verdict with the rule set's options — 版杀7 6.2(1) per phase and against
    the day's average — never a threshold of the report's own)."""
    lurking = (finding_from_row(r) for r in store.findings() if r.code == "LURK-DAY")
    return {(f.player, f.day, f.phase) for f in lurking if f.day is not None}


def lurks(
    units: set[tuple[str, int, int | None]], player: str, day: int, phase: int | None
) -> bool:
    """Whether a cell is lurking: a day cell when the day or any of its phases is; a phase
    cell when that phase is, or the whole day (a rule set judging days, not phases)."""
    if phase is None:
        return any(p == player and d == day for p, d, _ in units)
    return (player, day, phase) in units or (player, day, None) in units


class ElevatorDay(Sequence[dict[str, Any]]):
    """One day of the 电梯: its rows (each player's counted posts by thread) built when
    first read, and ``key``: a digest of everything they are made of (the day's counted
    posts as the check stored them, the players, their eliminations, the threads' names,
    the forum's address), which names the day's rendered HTML in the cache: a night that
    changed one day renders one day (issue 16)."""

    __slots__ = ("_make", "_rows", "key")

    def __init__(self, key: str, make: Callable[[], list[dict[str, Any]]]) -> None:
        self.key = key
        self._make = make
        self._rows: list[dict[str, Any]] | None = None

    def _all(self) -> list[dict[str, Any]]:
        if self._rows is None:
            self._rows = self._make()
        return self._rows

    def __len__(self) -> int:
        return len(self._all())

    def __getitem__(self, i: Any) -> Any:
        return self._all()[i]

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self._all())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ElevatorDay):
            return self._all() == other._all()
        return isinstance(other, list) and self._all() == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"ElevatorDay({self._all()!r})"


def elevator(
    game: Game,
    schedule: Schedule,
    counted: CountedPosts,
    base: str | None,
    days: Sequence[int],
) -> dict[int, ElevatorDay]:
    """电梯: each player's counted posts of each day, as links.  A player out before the
    day closed is marked ``out`` (出局); posts written after the elimination (诈尸) are not
    play and were left out by the check (the report's findings list them).  Each day's
    rows are built when read (see :class:`ElevatorDay`)."""
    order = {name: i for i, name in enumerate(game.players)}
    closes = {d.number: d.closes for d in schedule.days}
    shown = hashlib.sha256(
        repr(
            (
                list(game.players),
                [(t.tid, thread_name(game, t.tid)) for t in game.threads],
                sorted((p, str(schedule.eliminated_at(p))) for p in game.players),
                base,
            )
        ).encode()
    ).hexdigest()

    def rows(d: int) -> list[dict[str, Any]]:
        per: dict[str, list[dict[str, Any]]] = {}
        for c in counted.day(d):
            link = post_link(base, c.tid, c.pid)
            per.setdefault(c.player, []).append(
                {"floor": c.floor, "pid": c.pid, "tid": c.tid, "link": link}
            )
        return [
            {
                "player": name,
                "posts": posts,
                "threads": by_thread(game, posts),
                "out": not measured_at_close(schedule, name, closes.get(d)),
            }
            for name, posts in sorted(per.items(), key=lambda kv: order.get(kv[0], 10**6))
        ]

    def key(d: int) -> str:
        what = f"{d}\0{closes.get(d)}\0{shown}\0{counted.text(d)}"
        return hashlib.sha256(what.encode()).hexdigest()

    return {d: ElevatorDay(key(d), partial(rows, d)) for d in days}


class LastWords(TypedDict):
    """One player's 遗言 in the announcement: his posts in the last-words threads."""

    player: str
    posts: list[dict[str, object]]  # floor, pid, tid, link (as the 电梯's)
    threads: list[dict[str, object]]  # the posts by thread (:func:`by_thread`)


def last_words(
    game: Game, schedule: Schedule, store: Store, base: str | None, day: int | None
) -> list[LastWords]:
    """遗言 of the announced day: the players out after the day before closed and by this
    day's close, each once (his first elimination), in the order of their deaths (M107
    公示前一天出局角色名单（按出局顺序排序）、遗言), with his posts in the game's last-words
    threads as links — and the director's there that publish his (M39 4、公示前一天出局角色
    名单、遗言; 遗言 are handed to the director: a line of the director's post, since the day
    before closed, that begins with his name, 墨白 的遗言：…; fh45b).  A player with no such
    post has no line."""
    tids = [t.tid for t in game.threads if t.kind is ThreadKind.LASTWORDS]
    if day is None or not tids:
        return []
    closes = {d.number: d.closes for d in schedule.days}
    end, start = closes.get(day), closes.get(day - 1)
    deaths: dict[str, datetime] = {}
    events = [e for e in schedule.events(EventType.ELIMINATED) if e.at is not None]
    for e in sorted(events, key=lambda e: e.at):  # type: ignore[arg-type,return-value]
        deaths.setdefault(e.player, e.at)  # type: ignore[arg-type]
    out: list[LastWords] = []
    for player, at in deaths.items():
        if (end is not None and at > end) or (start is not None and at <= start):
            continue
        told = _published(game, store, tids, player, start)
        posts = sorted(
            [*told, *(sp.post for tid in tids for sp in store.posts(tid=tid, author=player))],
            key=lambda p: (p.posted_at, p.floor or 0),
        )
        said: list[dict[str, object]] = [
            {"floor": p.floor, "pid": p.pid, "tid": p.tid, "link": post_link(base, p.tid, p.pid)}
            for p in posts
        ]
        if said:
            out.append({"player": player, "posts": said, "threads": by_thread(game, said)})
    return out


def _published(
    game: Game, store: Store, tids: Sequence[int], player: str, start: datetime | None
) -> list[Post]:
    """The directors' posts in the last-words threads ``tids``, since ``start`` (the day
    before closed), that publish ``player``'s 遗言: a line begins with his name."""
    return [
        sp.post
        for tid in tids
        for d in game.directors
        for sp in store.posts(tid=tid, author=d)
        if (start is None or sp.post.posted_at > start)
        and headed_by(sp.post.lines or (sp.post.text,), player, game.players)
    ]


#: What may stand before a name at the head of a line: spaces, list marks and numbers, opening
#: brackets (【墨白】, - 墨白：), emoji — never a quotation mark (「墨白说…」 quotes someone).
_LINE_HEAD = frozenset(" \t\u3000-*•·●○◆◇▶►→>#【[［（(")


def headed_by(lines: Sequence[str], player: str, players: Sequence[str]) -> bool:
    """Whether a line begins with ``player``'s name (after list marks, numbers, opening
    brackets and emoji), not with a longer player's name that starts with it."""
    longer = [q for q in players if len(q) > len(player) and q.startswith(player)]
    for line in lines:
        i = 0
        while i < len(line) and (
            line[i] in _LINE_HEAD
            or line[i].isdigit()
            or (line[i] in ".、)）" and i > 0 and line[i - 1].isdigit())
            or unicodedata.category(line[i]).startswith("S")
        ):
            i += 1
        head = line[i:]
        if head.startswith(player) and not any(head.startswith(q) for q in longer):
            return True
    return False


def by_thread(game: Game, posts: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """A player's posts of a day grouped by thread (discussion, vote, …) in floor order."""
    groups: dict[int, list[dict[str, Any]]] = {}
    for p in posts:
        groups.setdefault(p["tid"], []).append(p)
    return [
        {
            "tid": tid,
            "thread": thread_name(game, tid),
            "posts": sorted(ps, key=lambda p: p["floor"]),
        }
        for tid, ps in groups.items()
    ]


def measured_at_close(schedule: Schedule, player: str, closes: datetime | None) -> bool:
    """Still in the game at the day's close (one voted out at the close still is)."""
    at = schedule.eliminated_at(player)
    return at is None or closes is None or at >= closes


def announce_day(days: Sequence[Mapping[str, Any]]) -> int | None:
    closed = [d["number"] for d in days if d["closed"]]
    if closed:
        return max(closed)
    return max((d["number"] for d in days), default=None)


# The 每日发言图 on a phone (issue 30): players as rows, one horizontal bar a day under the
# name, its count at its end, in a chart as wide as a 390 px phone's page (never scaled up
# or down there, so its text is the size given here: names 13 px, counts and legend 12 px).
CHART_WIDTH = 360
NAME_FONT, SMALL_FONT = 13, 12
_BAR, _BAR_GAP, _NAME_ROW, _ROW_GAP, _LEGEND_ITEM = 12, 6, 20, 8, 66
_COUNT_ROOM = 34  # right of the longest bar: its count


def chart(
    matrix: Sequence[Mapping[str, Any]], days: Sequence[Mapping[str, Any]], min_posts: int | None
) -> dict[str, Any]:
    """Geometry of an inline SVG bar chart: posts per player per day, a player a row (the
    name, then a bar per day), the day's minimum as a dashed line across the bars."""
    left = 4
    per_line = max(1, (CHART_WIDTH - left) // _LEGEND_ITEM)
    legend = [
        {
            "day": d["number"],
            "fill": DAY_COLOURS[j % len(DAY_COLOURS)],
            "x": left + (j % per_line) * _LEGEND_ITEM,
            "y": 4 + (j // per_line) * (SMALL_FONT + 6),
        }
        for j, d in enumerate(days)
    ]
    y = 4 + -(-max(len(days), 1) // per_line) * (SMALL_FONT + 6) + 6
    plot_top = y
    top = max([c["posts"] for row in matrix for c in row["cells"]] + [min_posts or 0, 1])
    scale = (CHART_WIDTH - left - _COUNT_ROOM) / top
    bars, labels, counts = [], [], []
    for row in matrix:
        labels.append({"x": left, "y": y + NAME_FONT, "text": row["player"]})
        y += _NAME_ROW + 2
        for j, c in enumerate(row["cells"]):
            w = round(c["posts"] * scale, 1)
            bars.append(
                {
                    "x": left,
                    "y": y,
                    "w": w,
                    "h": _BAR,
                    "fill": DAY_COLOURS[j % len(DAY_COLOURS)],
                    "title": f"{row['player']} 第{c['day']}天：{c['posts']} 帖",
                    "below": bool(c["below"]),
                }
            )
            counts.append({"x": round(left + w + 3, 1), "y": y + _BAR - 2, "text": c["posts"]})
            y += _BAR + _BAR_GAP
        y += _ROW_GAP
    return {
        "width": CHART_WIDTH,
        "height": y,
        "name_font": NAME_FONT,
        "small_font": SMALL_FONT,
        "bars": bars,
        "labels": labels,
        "counts": counts,
        "plot_top": plot_top,
        "threshold": round(left + min_posts * scale, 1) if min_posts else None,
        "min_posts": min_posts,
        "legend": legend,
    }
