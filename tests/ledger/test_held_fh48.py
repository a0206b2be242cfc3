"""A 计票待核对 answered stays answered while its facts are the same (阿德, fh48c: his
「计票是对的」 came back every audit once the result's event was confirmed — the question's
words said 游戏文件记录的 where they had said 论坛公示（第 7 楼）记录的)."""

from __future__ import annotations

from auditor.ledger.held import answered_conflict

_THEN = (
    "计票待核对：第2天：论坛公示（第 7 楼）记录的投票出局为 三大炮、冰粉，计票结果为 三大炮"
    "（三大炮 4 票）；公示原文：「2. 三大炮 投出去了」（https://bbs.example/p7）"
)


def test_an_answered_conflict_whoever_records_the_result_now() -> None:
    now = (
        "计票待核对：第2天：游戏文件记录的投票出局为 三大炮、冰粉，计票结果为 三大炮（三大炮 4 票）"
    )
    assert answered_conflict(now, _THEN)
    assert answered_conflict(_THEN, _THEN)


def test_a_conflict_of_other_players_asks_again() -> None:
    other = "计票待核对：第2天：游戏文件记录的投票出局为 冰粉，计票结果为 三大炮（三大炮 4 票）"
    assert not answered_conflict(other, _THEN)
    assert not answered_conflict(_THEN, None)


def test_a_substitute_told_during_the_night_changes_the_next_day() -> None:
    """A substitute counts from a day's opening (the desk's 「替补从这天开门起算」): one added
    at 22:15 between day 1's close and day 2's opening changes day 2, not day 1 (老金, fh48:
    「第1天改了」); one inside a day changes that day."""
    from dataclasses import replace
    from datetime import datetime

    from auditor.game.gamefile import Event, EventType, load_game
    from auditor.ledger.held import changed_days
    from tests import paths

    game = load_game(paths.ROOT / "examples" / "sample" / "game.toml")
    night = datetime.fromisoformat("2026-11-21T22:15:00+08:00")  # day 1 closed at 22:00
    sub = Event(EventType.SUBSTITUTE, game.players[0], night)
    assert changed_days(game, replace(game, events=(*game.events, sub))) == (2,)
    inside = replace(sub, at=datetime.fromisoformat("2026-11-22T12:00:00+08:00"))
    assert changed_days(game, replace(game, events=(*game.events, inside))) == (2,)
    last = replace(sub, at=datetime.fromisoformat("2026-11-25T23:00:00+08:00"))
    assert changed_days(game, replace(game, events=(*game.events, last))) == (4,)
