"""The desk's confirmation of an event as another kind retires the proposal as it was read
(desk49 item 1a; since session 50 :func:`auditor.pipeline.confirm` does it for the desk and
the command line alike): 小鹿's night 2 (fh49), 「出局：小葵」 confirmed as 吹笛 — said once,
asked no more, and the game file holds the piping only."""

from __future__ import annotations

import tomllib
from pathlib import Path

from auditor.desk import actions
from auditor.pipeline import current, open_game, open_store, pending
from tests.desk_helpers import auditor, fh47_game


def _waiting(game: Path) -> list[str]:
    g = open_game(game)
    with open_store(g) as store:
        return [p.describe() for p in pending(current(g, store), store)]


def test_a_death_confirmed_as_piped_on_the_desk_is_asked_no_more(tmp_path: Path) -> None:
    game = fh47_game(tmp_path / "g", night=2, game="discovery_fh49/xiaolu")
    assert auditor("audit", game.name, cwd=game.parent).returncode in (0, 7)
    g = open_game(game)
    with open_store(g) as store:
        found = [
            p for p in pending(current(g, store), store) if p.describe().startswith("出局：小葵")
        ]
    assert len(found) == 1, _waiting(game)
    done, _ = actions.confirm_proposal(
        g,
        found[0].id,
        player=None,
        day=None,
        by="小鹿",
        reports=tmp_path / "reports",
        fix={"type": "piped"},
    )
    assert done.message.count("已去掉") == 1, done.message
    assert not any(t.startswith("出局：小葵") for t in _waiting(game)), _waiting(game)
    raw = tomllib.loads(game.read_text("utf-8"))
    kinds = {(e["type"], e["player"]) for e in raw.get("event", [])}
    assert ("piped", "小葵") in kinds and ("eliminated", "小葵") not in kinds, kinds
