"""Activity: how many posts each player made on each game day (and phase).

This is what a director counts by hand every evening, and what the lurk rules judge.

What counts (issue 3, seeds M107 违规 5, 030 违规 5, 版杀7 6.2):

* posts in the thread kinds the rule set counts (``count_kinds``; discussion + vote by
  default; 版杀7 6.2(4) "只计算讨论贴、投票贴中的发贴数量");
* a post's day (and phase) is where the schedule places it: ``opens <= t <= closes``;
  outside every day it counts for no day, except in rule sets with
  ``night_posts = "next_day"`` (版杀7 6.2(6): the night counts towards the next day's
  first phase);
* a hidden (屏蔽) post still counts; a deleted one does not exist;
* directors' and spectators' own posts are not counted; last words (a director-published
  遗言, or a dead player's own last words in 版杀7) are not activity;
* ``alive`` says whether the player is *measured* for the day: not eliminated before the
  day's close (one voted out at the close second is still measured for that day); per
  phase, not eliminated before the phase's close.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from auditor.game.gamefile import DaySpec, PhaseSpec
from auditor.game.schedule import Schedule
from auditor.rules.fillertext import DEFAULT_WORDS, filler_pattern, is_filler

if TYPE_CHECKING:  # auditor.rules imports the lurk rules, which import this module
    from auditor.rules.base import Context, GamePost, Unit

ACTIVITY_COLUMNS = ("player", "day", "phase", "posts", "accelerated", "alive")


@dataclass(frozen=True, slots=True)
class ActivityRow:
    """One player on one day (or one phase of a day that has phases)."""

    player: str
    day: int
    phase: int | None
    posts: int
    accelerated: bool
    alive: bool  # measured for this day / phase (see the module docstring)
    closed: bool  # the day has closed at the context's ``now``
    phase_name: str = ""

    def as_record(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "day": self.day,
            "phase": self.phase,
            "posts": self.posts,
            "accelerated": int(self.accelerated),
            "alive": int(self.alive),
            "closed": int(self.closed),
            "phase_name": self.phase_name,
        }


def counted(gp: GamePost, count_kinds: set[str]) -> bool:
    """Whether a placed post counts as activity for its player."""
    return (
        gp.player is not None
        and not gp.exempt
        and not gp.deleted
        and not gp.lastwords
        and gp.kind is not None
        and gp.kind.value in count_kinds
        and gp.day is not None
    )


def count_posts(posts: Iterable[GamePost], count_kinds: Iterable[str]) -> Counter[Unit]:
    """(player, day, phase) → counted posts (the engine puts this on the context)."""
    kinds = set(count_kinds)
    counts: Counter[Unit] = Counter()
    for gp in posts:
        if counted(gp, kinds):
            assert gp.player is not None and gp.day is not None
            counts[(gp.player, gp.day, gp.phase)] += 1
    return counts


def count_filler(
    posts: Iterable[GamePost],
    count_kinds: Iterable[str],
    words: Sequence[str] | None = None,
    spared: Callable[[GamePost], bool] | None = None,
) -> Counter[Unit]:
    """(player, day, phase) → counted posts that are filler (水帖, see
    :mod:`auditor.rules.fillertext`) by ``words`` (default: POST-FILLER's defaults); a post
    ``spared`` says is not filler (a piped player's forced 喵喵) is never one."""
    pattern = filler_pattern(DEFAULT_WORDS if words is None else words)
    kinds = set(count_kinds)
    out: Counter[Unit] = Counter()
    for gp in posts:
        if counted(gp, kinds) and is_filler(gp.post, pattern) and not (spared and spared(gp)):
            assert gp.player is not None and gp.day is not None
            out[(gp.player, gp.day, gp.phase)] += 1
    return out


def post_counts(ctx: Context) -> Counter[Unit]:
    """(player, day, phase) → posts; phase is None on days without phases."""
    return ctx.counts


def filler_counts(ctx: Context) -> Counter[Unit]:
    """(player, day, phase) → counted posts that are filler by POST-FILLER's words."""
    return ctx.filler


def effective_counts(ctx: Context) -> Counter[tuple[str, int, int | None]]:
    """:func:`post_counts` without the filler posts (the effective posts)."""
    out = Counter(post_counts(ctx))
    out.subtract(filler_counts(ctx))
    return +out


def measured(schedule: Schedule, player: str, closes: datetime) -> bool:
    """Measured for a day or phase closing at ``closes``: not eliminated before it closes."""
    at = schedule.eliminated_at(player)
    return at is None or at >= closes


def measured_from_start(schedule: Schedule, player: str, day: DaySpec) -> bool:
    """Alive when ``day`` opened (the basis of 版杀7's day average)."""
    return schedule.alive(player, day.opens)


def activity_rows(ctx: Context, *, phases: bool = True) -> list[ActivityRow]:
    """Players × days (× phases on days that have them, when ``phases``), in game order.

    Days that have not opened yet at ``ctx.now`` are left out.
    """
    counts = post_counts(ctx)
    rows: list[ActivityRow] = []
    for day in ctx.schedule.days:
        if day.opens > ctx.now and not any(d == day.number for (_, d, _) in counts):
            continue
        closed = ctx.schedule.closed(day.number, ctx.now)
        units: list[PhaseSpec | None] = list(day.phases) if (phases and day.phases) else [None]
        for player in ctx.game.players:
            for ph in units:
                if ph is None:
                    n = sum(c for (p, d, _), c in counts.items() if p == player and d == day.number)
                    alive = measured(ctx.schedule, player, day.closes)
                    rows.append(
                        ActivityRow(player, day.number, None, n, day.accelerated, alive, closed)
                    )
                else:
                    n = counts.get((player, day.number, ph.number), 0)
                    alive = measured(ctx.schedule, player, ph.closes)
                    rows.append(
                        ActivityRow(
                            player,
                            day.number,
                            ph.number,
                            n,
                            day.accelerated,
                            alive,
                            closed,
                            ph.name,
                        )
                    )
    return rows
