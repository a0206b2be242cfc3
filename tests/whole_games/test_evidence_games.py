"""The game's own evidence on the whole regression games (``auditor.game.evidence``,
``scripts/silent_nights.py --evidence``): no audit, each night's state the truth's, less
one event at a time.  Session 49: of 126 eliminations and substitutes (a game's last night
aside), 111 are told by a quiet player's question that night or the next, for 6 questions
asked over 165 nights of a right state.  Floors: they must not fall (told) nor rise
(needless); raise them when the figure moves."""

from __future__ import annotations

import sys

from tests import paths

sys.path.insert(0, str(paths.ROOT / "scripts"))

from silent_nights import evidence_measure, regression_games

TOLD_FLOOR = 111
NEEDLESS_CEILING = 6


def test_the_evidence_tells_a_missed_event_by_the_next_night() -> None:
    figures = evidence_measure(regression_games())
    assert figures.told_by_next >= TOLD_FLOOR, figures
    assert figures.needless <= NEEDLESS_CEILING, figures
