"""Game time: which day (and phase) a moment belongs to, and who is alive, sheriff or piped.

Days are closed intervals ``opens <= t <= closes`` (a post at exactly the close second
still counts; one second later does not).  What happens to posts outside every day is a
rule-set choice: ``night_posts = "none"`` (M107, 030, M39: they count for no day) or
``"next_day"`` (killbar7 6.2 counts night posts towards the next day's first phase).
Events in the game file are authoritative.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from auditor.game.gamefile import DaySpec, Event, EventType, Game


@dataclass(frozen=True, slots=True)
class Placement:
    day: int | None
    phase: int | None
    night: bool  # outside every day's window (credited to ``day`` only by next_day rule sets)


class Schedule:
    def __init__(self, game: Game, night_posts: str = "none") -> None:
        if night_posts not in ("none", "next_day"):
            raise ValueError(f"night_posts must be 'none' or 'next_day', not {night_posts!r}")
        self.game = game
        self.night_posts = night_posts
        self.days: tuple[DaySpec, ...] = game.days  # sorted by opens
        self._events = game.events

    # ------------------------------------------------------------------ days
    def day(self, number: int) -> DaySpec | None:
        return self.game.day(number)

    def place(self, t: datetime) -> Placement:
        for d in self.days:
            if d.opens <= t <= d.closes:
                phase = next((p.number for p in d.phases if p.opens <= t <= p.closes), None)
                return Placement(d.number, phase, False)
        if self.night_posts == "next_day":
            nxt = next((d for d in self.days if d.opens > t), None)
            if nxt is not None:
                first_phase = nxt.phases[0].number if nxt.phases else None
                return Placement(nxt.number, first_phase, True)
        return Placement(None, None, True)

    def closed(self, number: int, now: datetime) -> bool:
        d = self.day(number)
        return d is not None and now > d.closes

    def open_day(self, now: datetime) -> DaySpec | None:
        return next((d for d in self.days if d.opens <= now <= d.closes), None)

    def last_opened(self, t: datetime) -> int | None:
        """The number of the last day that opened by ``t`` (None: before the first)."""
        opened = [d.number for d in self.days if d.opens <= t]
        return opened[-1] if opened else None

    # ------------------------------------------------------------------ events
    def events(self, etype: EventType, player: str | None = None) -> list[Event]:
        return [
            e for e in self._events if e.type is etype and (player is None or e.player == player)
        ]

    def eliminated_at(self, player: str) -> datetime | None:
        ev = self.events(EventType.ELIMINATED, player)
        return ev[0].at if ev else None

    def announced_at(self, player: str) -> datetime | None:
        """When the player's elimination was announced (公示): the discovered post's time or
        the game file's ``announced``, never before the elimination itself; None if unknown."""
        ev = self.elimination(player)
        if ev is None or ev.announced is None:
            return None
        return max(ev.announced, ev.at) if ev.at is not None else ev.announced

    def elimination(self, player: str) -> Event | None:
        ev = self.events(EventType.ELIMINATED, player)
        return ev[0] if ev else None

    def alive(self, player: str, t: datetime) -> bool:
        """Alive at ``t``: the elimination moment itself already counts as out."""
        at = self.eliminated_at(player)
        return at is None or t < at

    def sheriff(self, t: datetime) -> str | None:
        """The sheriff at ``t``: the latest sheriff event at or before ``t`` whose holder is alive."""
        holder = None
        for e in self.events(EventType.SHERIFF):
            if e.at is not None and e.at <= t:
                holder = e.player
        if holder is not None and not self.alive(holder, t):
            return None
        return holder

    def idiot_revealed(self, player: str, t: datetime) -> bool:
        return any(
            e.at is not None and e.at <= t for e in self.events(EventType.IDIOT_REVEALED, player)
        )

    def piped(self, player: str, t: datetime) -> bool:
        """Under the piper's spell at ``t``: from ``at`` until ``until``, or until the piper
        (``by``) is out, whichever comes first; open-ended otherwise."""
        for e in self.events(EventType.PIPED, player):
            if e.at is None or t < e.at:
                continue
            if e.until is not None and t > e.until:
                continue
            if e.by is not None and not self.alive(e.by, t):
                continue
            return True
        return False

    def faction(self, player: str) -> str | None:
        ev = self.events(EventType.FACTION, player)
        return ev[-1].value if ev else None
