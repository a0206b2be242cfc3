"""desk48_2 item 5 (老金 and 阿德, fh48): an answer given while the desk's re-check runs
starts a run of its own, which marks every open run 被中断 (the store's: a run left open
was killed); the desk's running audit stays 进行中 on its top line."""

from __future__ import annotations

from pathlib import Path

from auditor.desk import actions
from auditor.pipeline import open_game
from auditor.store import Store


def test_an_answer_during_the_recheck_does_not_show_it_interrupted(sample_game: Path) -> None:
    game = open_game(sample_game)
    with Store(game.store) as store:
        store.start_run("audit")  # the desk's re-check, running
        store.start_run("confirm")  # the director's answer meanwhile
    assert actions.last_audit(game, running=True)["status"] == "running"
    # (no audit of the desk's running: one left open was killed, and says so)
    assert actions.last_audit(game)["status"] == "interrupted"
