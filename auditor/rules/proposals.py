"""Proposals: what the tool's own tallies say that no announcement confirms.

A game that discovers its events from the forum (``forum.board``) takes the directors'
announcements as the record; a tally outcome (voted out, sheriff elected) that no
announcement and no game-file event confirms is shown to the director to confirm, never
applied.  A game without a board has none: its file is the record.
"""

from __future__ import annotations

from auditor.game.gamefile import EventType
from auditor.rules.base import Context
from auditor.rules.votebook import votes_for

_CONFIRM = "（确认后在进程帖公示，或写进游戏文件的 [[event]]）"


def proposals(ctx: Context) -> list[str]:
    """What the tool's own tallies say that no announcement (and no game-file event)
    confirms: shown to the director to confirm, never applied.  A game without a board
    has none (its file is the record)."""
    game = ctx.game
    if not game.discovers:
        return []
    out: list[str] = list(getattr(game.discovery, "proposals", []))  # 加速 / 延时 requests
    for dv in votes_for(ctx).days.values():
        for rt in dv.rounds:
            if not rt.closed or (
                rt.round is not None and rt.round != max((r.round or 0) for r in dv.rounds)
            ):
                continue
            for target, outcome in rt.outcome.items():
                if outcome == "eliminated" and ctx.schedule.elimination(target) is None:
                    out.append(
                        f"第{dv.day}天计票：{target} 最高票出局，但导演没有公示这个出局" + _CONFIRM
                    )
                if outcome == "sheriff_elected" and not ctx.schedule.events(
                    EventType.SHERIFF, target
                ):
                    out.append(f"第{dv.day}天计票：{target} 当选警长，但导演没有公示" + _CONFIRM)
    return out
