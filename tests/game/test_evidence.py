"""The game's own evidence (auditor.game.evidence): a player gone quiet, a day no
announcement gave times to — questions only, never an event (cases written here)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from types import SimpleNamespace
from zoneinfo import ZoneInfo

from auditor.game import evidence
from auditor.game.gamefile import DaySpec, Event, EventType

TZ = ZoneInfo("Asia/Shanghai")
PLAYERS = ("饺子", "包子", "馄饨", "豆浆", "油条", "烧卖")
DIRECTOR = "老K"


@dataclass(frozen=True)
class P:
    author: str
    posted_at: datetime
    tid: int = 11
    pid: int | None = None


def at(day: int, hour: int) -> datetime:
    return datetime(2026, 11, day, hour, tzinfo=TZ)


# day 1: 11-02 10:00 → 11-03 22:00; day 2: 11-04 10:00 → 22:00; day 3: 11-05 10:00 → 22:00
DAYS = (
    DaySpec(1, at(2, 10), at(3, 22)),
    DaySpec(2, at(4, 10), at(4, 22)),
    DaySpec(3, at(5, 10), at(5, 22)),
)


def posts(quiet_from: dict[str, datetime]) -> list[P]:
    """Each player posts every few hours from day 1 on, until his quiet time."""
    out: list[P] = []
    pid = 1000
    t = at(2, 11)
    while t <= at(5, 21):
        for name in PLAYERS:
            if t < quiet_from.get(name, at(30, 0)):
                pid += 1
                out.append(P(name, t, pid=pid))
        t += timedelta(hours=5)
    out.append(P(DIRECTOR, at(4, 9), tid=10, pid=1))  # the morning post of day 2
    return out


def quiet(events: tuple[Event, ...] = (), now: datetime | None = None, **kw: object) -> list[str]:
    found = evidence.quiet_players(
        PLAYERS,
        (DIRECTOR,),
        DAYS,
        events,
        posts({"豆浆": at(4, 9)}),
        now or at(4, 23),
        **kw,  # type: ignore[arg-type]
    )
    return [q.says() for q in found]


def test_a_player_quiet_since_a_day_opened_is_asked_with_the_morning_post() -> None:
    assert quiet() == ["豆浆 自第2天起没有发言：出局了？请假？潜水？（当天早上导演的帖子：pid 1 ）"]


def test_the_link_is_the_forums_when_its_address_is_known() -> None:
    found = evidence.quiet_players(
        PLAYERS, (DIRECTOR,), DAYS, (), posts({"豆浆": at(4, 9)}), at(4, 23)
    )
    said = found[0].says("https://bbs.example.com/")
    assert "https://bbs.example.com/forum.php?mod=redirect&goto=findpost&ptid=10&pid=1" in said


def test_known_out_or_on_leave_is_not_asked() -> None:
    dead = Event(EventType.ELIMINATED, "豆浆", at(4, 9), how="night")
    assert quiet((dead,)) == []
    leave = Event(EventType.LEAVE, "豆浆", at(4, 8), until=at(5, 22))
    assert quiet((leave,)) == []
    replaced = Event(EventType.SUBSTITUTE, "豆浆", at(4, 9), value="土豆")
    assert quiet((replaced,)) == []


def test_a_leave_over_before_the_silence_does_not_excuse_it() -> None:
    leave = Event(EventType.LEAVE, "豆浆", at(2, 8), until=at(3, 8))
    assert quiet((leave,)) != []


def test_a_day_open_for_a_few_hours_only_is_not_asked_yet() -> None:
    assert quiet(now=at(4, 14)) == []


def test_asked_on_the_first_days_of_the_silence_only() -> None:
    assert quiet(now=at(5, 23)) != []  # day 3: the silence's second day
    assert quiet(now=at(5, 23), ask_days=1) == []


def test_not_asked_when_the_others_are_quiet_too() -> None:
    few = [p for p in posts({"豆浆": at(4, 9)}) if p.posted_at < at(4, 9) or p.author == "饺子"]
    assert evidence.quiet_players(PLAYERS, (DIRECTOR,), DAYS, (), few, at(4, 23)) == []


def test_a_substitute_not_yet_in_is_not_asked_of() -> None:
    roster = (*PLAYERS, "土豆")
    later = Event(EventType.SUBSTITUTE, "包子", at(6, 9), value="土豆")
    found = evidence.quiet_players(
        roster, (DIRECTOR,), DAYS, (later,), posts({"豆浆": at(4, 9)}), at(4, 23)
    )
    assert [q.player for q in found] == ["豆浆"]
    never = evidence.quiet_players(
        roster, (DIRECTOR,), DAYS, (), posts({"豆浆": at(4, 9)}), at(4, 23), never=False
    )
    assert [q.player for q in never] == ["豆浆"]


def test_a_day_whose_times_were_all_inferred_is_asked() -> None:
    day = DaySpec(2, at(4, 10), at(4, 22))
    inferred = SimpleNamespace(
        item=day,
        source="pid 7",
        status="inferred",
        fields={"opens": ("pid 7 的发帖时间", "inferred"), "closes": ("规则", "inferred")},
    )
    stated = SimpleNamespace(
        item=DAYS[0], source="pid 5", status="stated", fields={"opens": ("pid 5", "stated")}
    )
    game = SimpleNamespace(
        discovery=SimpleNamespace(days=[stated, inferred]),
        threads=(SimpleNamespace(tid=21, day=2),),
    )
    found = evidence.unstated_days(game)  # type: ignore[arg-type]
    assert [u.says() for u in found] == [
        "第2天（帖子 21）的开关帖时间没有公告说明（按 11-04 10:00–11-04 22:00 推定）：对吗？"
    ]
