"""The game's own evidence, not the words (issue 34, never silent; session 49).

The grammar (:mod:`auditor.game.announce`) and the learned reading (:mod:`auditor.game.learned`)
read what a director WROTE; on a writer neither knows, an announcement can pass unread and
unlisted.  Some of what the tool knows needs no reading of the announcement at all — who
posts, in which threads, and which days the threads found have.  This module asks the
director about what that evidence says and the state does not explain.  Each is a QUESTION
(a problem of the game's state, said with the others: never an event by itself, never
applied):

* **A player gone quiet** (:func:`quiet_players`): a roster player who has posted nothing in
  the game's threads (process, discussion, vote) since some day N opened, while most of the
  living others have, and whom the game does not know to be out (an elimination, a
  substitute taking his seat, a 请假 covering the day): 「X 自第N天起没有发言：出局了？请假？
  潜水？」 with the links of the director's posts of that morning — where a death or a 请假 the
  tool did not read would be.  A substitute not yet in (the value of a substitute event
  after now) is not asked of.  Asked on the first :data:`ASK_DAYS` days of the silence only
  (a lurker is the lurk rule's to judge after that; a death missed for two nights has been
  asked about twice).  Seeds: the dead do not post (000 6、发帖与诈尸 出局了不许说话; 001 / 004
  已公示出局的角色 不得发言), a 请假 is the director's to grant (002 6.2(3)), and a seat taken
  over posts under its new holder (004 替补).
* **A day no announcement gave its times** (:func:`unstated_days`): a day of the game found
  from its threads whose opening AND close were both inferred (the thread's first post, the
  rule set's schedule) — no director's post stated either: 「第N天的开关帖时间没有公告说明
  （按 … 推定）：对吗？」.  Measured, not asked (:data:`ASK_UNSTATED`): the inferred days
  are mostly right.

How far it is trusted (this module's decision): never an item, only a question, measured on
the whole regression games (``python3 scripts/silent_nights.py --evidence``: per night, what
a missed elimination / substitute / 请假 would have been told by, and the questions asked on
nights whose state is right — the needless ones); the thresholds below are that measure's.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Protocol, TypeVar

from auditor.game.fold import fold
from auditor.game.gamefile import EventType, ThreadKind
from auditor.urls import findpost_link

if TYPE_CHECKING:
    from auditor.game.gamefile import DaySpec, Event, Game

#: The threads whose posts count as speaking in the game (the dead's 遗言帖 and the rules
#: thread do not).
SPOKEN_IN = (ThreadKind.PROCESS, ThreadKind.DISCUSSION, ThreadKind.VOTE)
#: A silence is asked about once it has lasted this long (a whole day closed, or this many
#: hours of an open one) ...
QUIET_HOURS = 12
#: ... while at least this share of the other living players spoke in it ...
OTHERS_SPOKE = 0.5
#: ... and on its first ASK_DAYS days only (then the lurk rule judges the silence).
ASK_DAYS = 2
#: the director's posts "of that morning": from this long before day N opens to this long after
MORNING = timedelta(hours=12)
#: at most this many of them are linked
LINKS = 3
#: A day no announcement gave its times to is asked about: not shipped (session 49, measured
#: on whole games with ``scripts/silent_nights.py``): a 版杀7 day's 环节 come from its vote
#: threads and the seed's 0:00–24:00 (002 每个环节 0:00—24:00), an M107 day's close from the
#: seed's schedule — inferred, and right; on killbar7_clerk every day was asked, each needless.
#: A day thread whose day has no known close is a state problem already
#: (:func:`auditor.game.state.state_problems`).
ASK_UNSTATED = False


K = TypeVar("K", bound=Hashable)  # a memo key of among_problems


class Said(Protocol):
    """A post as this module needs it (:class:`auditor.models.Post` is one)."""

    @property
    def author(self) -> str: ...
    @property
    def posted_at(self) -> datetime: ...
    @property
    def tid(self) -> int: ...
    @property
    def pid(self) -> int | None: ...


@dataclass(frozen=True, slots=True)
class Quiet:
    """A player silent in the game's threads since day ``day`` opened."""

    player: str
    day: int
    last: datetime | None  # his last post in the game's threads (None: none)
    morning: tuple[tuple[int, int], ...] = ()  # (tid, pid) of the director's posts then

    def says(self, base: str | None = None) -> str:
        links = [findpost_link(base, t, p) or f"pid {p}" for t, p in self.morning]
        where = f"（当天早上导演的帖子：{'、'.join(links)} ）" if links else ""
        return f"{self.player} 自第{self.day}天起没有发言：{ASKS}{where}"

    @property
    def key(self) -> str:
        """This silence (its player and its first silent day): 不再问 is kept under it, so a
        silence after he spoke again (a later first day) is asked again."""
        return quiet_key(self.player, self.day)


#: what the question asks, after the player and his first silent day
ASKS = "出局了？请假？潜水？"
_SAID = re.compile(rf"^(?P<player>.+?) 自第(?P<day>\d+)天起没有发言：{ASKS}")


def quiet_key(player: str, day: int) -> str:
    """The store's key of ``player``'s silence from ``day`` (:attr:`Quiet.key`)."""
    return f"{fold(player)}:{day}"


def quiet_asked(line: str) -> tuple[str, int] | None:
    """(player, first silent day) of a state problem that is :meth:`Quiet.says`'s question
    (the desk's answers beside it), else None."""
    m = _SAID.match(line)
    return (m["player"], int(m["day"])) if m else None


@dataclass(frozen=True, slots=True)
class Unstated:
    """A day whose opening and close no director's post stated (both inferred)."""

    day: int
    opens: datetime
    closes: datetime
    tids: tuple[int, ...] = ()

    def says(self) -> str:
        f = "%m-%d %H:%M"
        threads = "、".join(str(t) for t in self.tids)
        on = f"（帖子 {threads}）" if threads else ""
        return (
            f"第{self.day}天{on}的开关帖时间没有公告说明（按 {self.opens:{f}}–{self.closes:{f}}"
            " 推定）：对吗？"
        )


def out_by(player: str, events: Sequence[Event], now: datetime) -> bool:
    """``player`` is out by ``now``: eliminated, or his seat taken over by a substitute."""
    name = fold(player)
    kinds = (EventType.ELIMINATED, EventType.SUBSTITUTE)
    return any(
        e.type in kinds and fold(e.player) == name and (e.at is None or e.at <= now) for e in events
    )


def _not_in_yet(player: str, events: Sequence[Event], day: DaySpec) -> bool:
    """``player`` takes a seat over only after ``day`` opened (a substitute not yet in)."""
    name = fold(player)
    return any(
        e.type is EventType.SUBSTITUTE
        and e.value is not None
        and fold(e.value) == name
        and e.at is not None
        and e.at > day.opens
        for e in events
    )


def _on_leave(player: str, events: Sequence[Event], now: datetime, day: DaySpec) -> bool:
    """A 请假 of ``player``'s covers some of ``day`` up to ``now``."""
    name = fold(player)
    lo, hi = datetime.min.replace(tzinfo=now.tzinfo), datetime.max.replace(tzinfo=now.tzinfo)
    return any(
        e.type is EventType.LEAVE
        and fold(e.player) == name
        and (e.at or lo) <= max(now, day.closes)
        and (e.until or hi) >= day.opens
        for e in events
    )


def _gone(player: str, events: Sequence[Event], now: datetime, day: DaySpec) -> bool:
    """The game knows why ``player`` is silent on ``day``: out by ``now``, a substitute not
    yet in, or on a 请假 covering the day."""
    return (
        out_by(player, events, now)
        or _not_in_yet(player, events, day)
        or _on_leave(player, events, now, day)
    )


def _first_silent_day(
    opened: Sequence[DaySpec], seen: datetime | None, now: datetime, quiet_hours: float
) -> DaySpec | None:
    """The first day opened after the player's last post (``seen``), once its silence has
    lasted long enough: the day closed, or ``quiet_hours`` of it passed."""
    day = next((d for d in opened if seen is None or d.opens > seen), None)
    if day is None or (day.closes > now and now - day.opens < timedelta(hours=quiet_hours)):
        return None
    return day


def quiet_players(
    players: Sequence[str],
    directors: Iterable[str],
    days: Sequence[DaySpec],
    events: Sequence[Event],
    posts: Sequence[Said],
    now: datetime,
    *,
    never: bool = True,
    quiet_hours: float = QUIET_HOURS,
    others: float = OTHERS_SPOKE,
    ask_days: int = ASK_DAYS,
) -> list[Quiet]:
    """The players gone quiet (module docstring) by ``now``: ``posts`` are the game
    threads' posts (:data:`SPOKEN_IN`); ``never``: a player who has not posted at all is
    asked about too (from the first day)."""
    opened = sorted((d for d in days if d.opens <= now), key=lambda d: d.opens)
    if not opened:
        return []
    said = set(directors)
    spoken = sorted((p for p in posts if p.posted_at <= now), key=lambda p: p.posted_at)
    last = {fold(p.author): p.posted_at for p in spoken}
    out: list[Quiet] = []
    for player in (p for p in players if p not in said):
        seen = last.get(fold(player))
        if seen is None and not never:
            continue
        day = _first_silent_day(opened, seen, now, quiet_hours)
        if day is None or opened[-1].number - day.number >= ask_days:
            continue
        if _gone(player, events, now, day):
            continue
        living = [q for q in players if q not in (player, *said) and not _gone(q, events, now, day)]
        if _others_spoke(living, spoken, day, others):
            out.append(Quiet(player, day.number, seen, _morning(spoken, said, day)))
    return out


def _others_spoke(
    living: Sequence[str], spoken: Sequence[Said], day: DaySpec, share: float
) -> bool:
    """At least ``share`` of the other living players posted since ``day`` opened."""
    spoke = {fold(p.author) for p in spoken if p.posted_at >= day.opens}
    return bool(living) and sum(fold(q) in spoke for q in living) >= share * len(living)


def _morning(
    spoken: Sequence[Said], said: Collection[str], day: DaySpec
) -> tuple[tuple[int, int], ...]:
    """The directors' posts (tid, pid) around ``day``'s opening (:data:`MORNING`)."""
    lo, hi = day.opens - MORNING, day.opens + MORNING
    return tuple(
        (p.tid, p.pid)
        for p in spoken
        if p.author in said and p.pid is not None and lo <= p.posted_at <= hi
    )[:LINKS]


def unstated_days(game: Game) -> list[Unstated]:
    """The discovered days whose opening and close were both inferred (module docstring)."""
    disc = game.discovery
    if disc is None:
        return []
    out: list[Unstated] = []
    for s in getattr(disc, "days", []):
        if s.source == "游戏文件":
            continue
        fields = getattr(s, "fields", {}) or {}
        if fields:
            stated = [fields.get(k, ("", "inferred"))[1] for k in ("opens", "closes")]
            inferred = all(st == "inferred" for st in stated)
        else:
            inferred = s.status == "inferred"
        if not inferred:
            continue
        d = s.item
        tids = tuple(t.tid for t in game.threads if t.day == d.number)
        out.append(Unstated(d.number, d.opens, d.closes, tids))
    return out


def game_posts(game: Game, store: object) -> list[Said]:
    """The posts of the game's threads (:data:`SPOKEN_IN`) the store holds (its ``posts``)."""
    out: list[Said] = []
    for t in game.threads:
        if t.kind in SPOKEN_IN:
            out += [sp.post for sp in store.posts(tid=t.tid, tz=game.timezone)]  # type: ignore[attr-defined]
    return out


#: the last questions asked: (discovery key, now, the store's post count) -> the lines
_ASKED: dict[tuple[str, str, int, tuple[str, ...]], list[str]] = {}


def asked(game: Game, store: object, key: str, now: datetime) -> Game:
    """``game`` with the evidence's questions (:func:`questions`) among its discovery's
    problems — the state's problems, said first in the audit line, at the top of the report,
    in ``auditor game`` and the desk (``auditor.pipeline.current``'s one call).  Held for
    the same discovery, clock and posts (the last only)."""
    told = tuple(sorted(quiet_answers(store)))
    memo = (key, now.isoformat(), int(store.post_count()), told)  # type: ignore[attr-defined]
    return among_problems(game, _ASKED, memo, lambda: questions(game, store, now))


def among_problems(
    game: Game, held: dict[K, list[str]], memo: K, ask: Callable[[], list[str]]
) -> Game:
    """``game`` with the lines ``ask`` gives among its discovery's problems (none twice),
    ``held`` in the table for ``memo`` (the last one only) — this module's questions and
    :mod:`auditor.game.listed_out`'s."""
    disc = game.discovery
    if disc is None or not hasattr(disc, "problems"):
        return game
    lines = held.get(memo)
    if lines is None:
        lines = ask()
        held.clear()
        held[memo] = lines
    disc.problems = list(disc.problems) + [x for x in lines if x not in disc.problems]
    return game


def questions(game: Game, store: object, now: datetime) -> list[str]:
    """What the game's own evidence asks the director now (the state's problems'
    words): the players gone quiet (less the silences he answered 潜水 / 在场), the days no
    announcement gave times to."""
    if game.ended is not None and game.ended <= now:
        return []
    base = game.forum.url if game.forum is not None else None
    quiet = asked_quiet(game, store, now)
    unstated = unstated_days(game) if ASK_UNSTATED else []
    return [q.says(base) for q in quiet] + [u.says() for u in unstated]


def asked_quiet(game: Game, store: object, now: datetime) -> list[Quiet]:
    """The players gone quiet by ``now`` whose silence is not answered 不再问."""
    quiet = quiet_players(
        game.players, game.directors, game.days, game.events, game_posts(game, store), now
    )
    return unanswered(quiet, quiet_answers(store))


def unanswered(quiet: Iterable[Quiet], told: Collection[str]) -> list[Quiet]:
    """``quiet`` less the silences answered 潜水 / 在场 (``told``: their keys)."""
    return [q for q in quiet if q.key not in told]


# -- the director's answers (the desk's buttons, ``auditor game --quiet``) ------------------

#: The answers to a quiet player's question: 出局了 (his death, added to the game file),
#: 请假 (a leave covering the day, written to the game file), 潜水 / 在场 (不再问: kept in
#: the store under :data:`QUIET` + the silence's key, so a new silence is asked again).
QUIET_ANSWERS = {"out": "出局了", "leave": "请假", "lurk": "潜水", "here": "在场"}
#: the answers kept in the store (the others are events of the game file)
NOT_AGAIN = ("lurk", "here")
#: check_state key prefix: ``quiet:<folded player>:<day>`` -> the signed 不再问 (JSON)
QUIET = "quiet:"


def quiet_answers(store: object) -> dict[str, dict[str, str]]:
    """The silences answered 潜水 / 在场: key (:func:`quiet_key`) -> {player, day, answer,
    by, at, note}."""
    out: dict[str, dict[str, str]] = {}
    values: Mapping[str, str] = store.state_values(QUIET)  # type: ignore[attr-defined]
    for key, raw in sorted(values.items()):
        try:
            value = json.loads(raw)
        except ValueError:
            continue
        if isinstance(value, dict):
            out[key.removeprefix(QUIET)] = {str(k): str(v) for k, v in value.items()}
    return out


def keep_answer(store: object, quiet: Quiet, value: Mapping[str, str]) -> None:
    """Keep 潜水 / 在场 for ``quiet``'s silence (the store's check state)."""
    text = json.dumps({"player": quiet.player, "day": quiet.day, **value}, ensure_ascii=False)
    store.set_state(f"{QUIET}{quiet.key}", text)  # type: ignore[attr-defined]


def answer_of(said: str) -> str | None:
    """An answer as a director says it (出局了 / 出局, 请假, 潜水, 在场, or the keys)."""
    said = said.strip()
    words = {v: k for k, v in QUIET_ANSWERS.items()} | {"出局": "out"}
    return said if said in QUIET_ANSWERS else words.get(said)
