"""Proposals: what the tool's own tallies say that no announcement confirms.

A game that discovers its events from the forum (``forum.board``) takes the directors'
announcements as the record; a tally outcome (voted out, sheriff elected) that no
announcement and no game-file event confirms is shown to the director to confirm, never
applied.  A game without a board has none: its file is the record.
"""

from __future__ import annotations

from datetime import datetime

from auditor.game.confirm import Proposal
from auditor.game.gamefile import Event, EventType, Game
from auditor.rules.base import Context
from auditor.rules.votebook import votes_for
from auditor.rules.votebook.model import DayVotes
from auditor.rules.votebook.tally import unread_before_result

# how a director confirms one (in his words: the game file's table is a developer's name)
_CONFIRM = "（确认后在进程帖公示，或在游戏文件里补上{what}）"


def proposed(ctx: Context) -> list[Proposal]:
    """The 加速 / 延时 requests that reached the rule set's count, then the tally outcomes
    no announcement (and no game-file event) confirms, each as the event a confirmation
    writes (at the day's close).  A game without a board has none (its file is the
    record)."""
    return [p for _, p in proposed_by_day(ctx)]


def proposed_by_day(ctx: Context) -> list[tuple[int | None, Proposal]]:
    """:func:`proposed` with the day of each tally outcome (None: a 加速 / 延时 request),
    in the same order: an incremental check keeps the days it did not re-judge."""
    game = ctx.game
    if not game.discovers:
        return []
    out: list[tuple[int | None, Proposal]] = [
        (None, p) for p in getattr(game.discovery, "accelerations", [])
    ]
    closes = {d.number: d.closes for d in game.days}
    settled = _settled(game)
    for dv in votes_for(ctx).days.values():
        for rt in dv.rounds:
            if not rt.closed or (
                rt.round is not None and rt.round != max((r.round or 0) for r in dv.rounds)
            ):
                continue
            for target, outcome in rt.outcome.items():
                at = closes.get(dv.day)
                settled_here = {t for t, a in settled if a == at}
                if (
                    outcome == "eliminated"
                    and ctx.schedule.elimination(target) is None
                    and EventType.ELIMINATED not in settled_here
                ):
                    text = _untold(ctx, dv, target, "最高票出局", "出局")
                    ev = Event(EventType.ELIMINATED, target, at, "vote")
                    out.append((dv.day, Proposal("event", ev, "计票", text=text)))
                if (
                    outcome == "sheriff_elected"
                    and not ctx.schedule.events(EventType.SHERIFF, target)
                    and EventType.SHERIFF not in settled_here
                ):
                    text = _untold(ctx, dv, target, "当选警长", "警长")
                    ev = Event(EventType.SHERIFF, target, at, "elected")
                    out.append((dv.day, Proposal("event", ev, "计票", text=text)))
    return out


def _settled(game: Game) -> set[tuple[EventType, datetime]]:
    """The closes at which the game file already has someone voted out or elected (the
    director may have corrected the tally's outcome to another player).  An announcement
    read but not yet confirmed settles nothing against the tally: when it names another
    player (fh48b: 警长：靓仔强 posted, the count elects 阿May) both wait for the director,
    so the tally's own outcome is never silent (issue 34 §3)."""
    stated = getattr(game.discovery, "base", None) or game
    return {
        (e.type, e.at) for e in stated.events if e.how in ("vote", "elected") and e.at is not None
    }


def _untold(ctx: Context, dv: DayVotes, target: str, said: str, what: str) -> str:
    """The proposal's words: the tally's outcome no announcement confirms and how to confirm
    it — and, when the director's posts of that day or one naming the player after the close
    were not read (the tally's own check,
    :func:`~auditor.rules.votebook.tally.unread_before_result`), a question about those posts,
    never 「导演没有公示」 (fh42 item 2: 北风 被潮水带走了 was his announcement)."""
    return _asked(ctx, dv, target, said, what) + _CONFIRM.format(what=what)


def _asked(ctx: Context, dv: DayVotes, target: str, said: str, what: str) -> str:
    """:func:`_untold` before how to confirm it."""
    that_day, naming = unread_before_result(ctx, dv, [target])
    head = f"第{dv.day}天计票：{target} {said}"
    if that_day:
        return (
            f"{head}，还没有和导演的公示帖对上：这一天有未读懂的导演帖子 {that_day}，"
            "请先处理这些帖子"
        )
    if naming:
        return f"{head}；导演的帖子（{naming}）提到了 {target}，工具没有读懂——请看这一楼是否公示了{what}"
    return f"{head}，但导演没有公示这个{what}" if what == "出局" else f"{head}，但导演没有公示"


def proposals(ctx: Context) -> list[str]:
    """The lines of :func:`proposed` (the report and ``auditor audit`` show them)."""
    return [p.describe() for p in proposed(ctx)]
