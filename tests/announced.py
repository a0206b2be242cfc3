"""Short names for the announcement reader's kinds, shared by the tests of
auditor/game/announce.py (tests/game/test_discover_*.py)."""

from __future__ import annotations

from auditor.game.announce import Announced, Notice
from auditor.game.gamefile import EventType

E, S, ID, PI, SU = (
    EventType.ELIMINATED,
    EventType.SHERIFF,
    EventType.IDIOT_REVEALED,
    EventType.PIPED,
    EventType.SUBSTITUTE,
)
QUIET, FAST, OVER = Notice.NO_DEATH, Notice.ACCELERATED, Notice.GAME_OVER


def shown(a: Announced) -> tuple[object, ...]:
    """An item as the tests write it: kind, player and how (an elimination's cause)."""
    how = a.cause if a.type is EventType.ELIMINATED else a.how
    return (a.type, a.player, how)
