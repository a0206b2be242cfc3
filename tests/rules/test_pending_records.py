"""What waits for a director (``pipeline.pending``: the desk's 待确认 list and ``auditor
game``) is read from the last check's stored records while they are current, and judged
afresh from every post only when they are stale: the same proposals either way, on the
sample game, a game with an unannounced tally outcome and one with 加速 requests."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from auditor.game.confirm import Proposal
from auditor.pipeline import audit, open_game, open_store, pending
from auditor.rules.engine import current_records
from auditor.store.state import RECORDS_KEY
from tests.game.test_discover_game import SAMPLE, game_copy
from tests.game.test_discover_rulesets import ask_in_process, at, m39, rabbit030
from tools.writer import parse_script, write_site


def _listed(waiting: list[Proposal]) -> list[tuple[str, str, str, object, str]]:
    return [(p.id, p.kind, p.describe(), p.item, p.source) for p in waiting]


def _both(game: Path) -> tuple[list[Proposal], list[Proposal]]:
    g = open_game(game)
    with open_store(g) as store:
        assert current_records(g, store) is not None  # just audited: current
        return pending(g, store), pending(g, store, stored=False)


def _written(tmp_path: Path, g: object) -> Path:
    pages = tmp_path / "pages"
    write_site(parse_script(g.script()), pages)  # type: ignore[attr-defined]
    _, minimal = g.files(tmp_path, f'pages = "{pages.as_posix()}"')  # type: ignore[attr-defined]
    audit(minimal, reports=tmp_path / "r")
    return Path(minimal)


def test_the_sample_game_lists_the_same_from_its_records(tmp_path: Path) -> None:
    minimal = game_copy(SAMPLE / "minimal.toml", tmp_path / "minimal.toml", pages=SAMPLE / "pages")
    audit(minimal, reports=tmp_path / "r")
    kept, fresh = _both(minimal)
    assert len(kept) >= 14 and _listed(kept) == _listed(fresh)


def test_a_tally_outcome_is_read_back_from_the_records(tmp_path: Path) -> None:
    minimal = _written(tmp_path, m39(announce=False))
    kept, fresh = _both(minimal)
    assert any(p.source == "计票" and "黄瓜 最高票出局" in p.describe() for p in kept)
    assert _listed(kept) == _listed(fresh)

    # The records are what is read: a proposal's event changed in the stored records shows
    # (while they are current), and the same store with an unchecked post is judged afresh.
    g = open_game(minimal)
    with open_store(g) as store:
        data = json.loads(store.state_value(RECORDS_KEY) or "")
        i = next(i for i, e in enumerate(data["proposal_events"]) if e)
        data["proposal_events"][i][1] = "画眉"
        store.set_state(RECORDS_KEY, json.dumps(data, ensure_ascii=False))
        players = [
            p.item.player  # type: ignore[union-attr]
            for p in pending(g, store)
            if p.source == "计票"
        ]
        assert "画眉" in players and "黄瓜" not in players
        # An edit since the check (a full stop added to the newest post): judged afresh.
        pid = store.db.execute("SELECT MAX(pid) FROM posts").fetchone()[0]
        (stored,) = store.posts_by_pid([pid])
        post = stored.post
        edited = replace(
            post, text=post.text + "。", lines=(*post.lines[:-1], post.lines[-1] + "。")
        )
        assert store.upsert_posts([edited], run_id=None) == (0, 1)
        assert current_records(g, store) is None
        assert _listed(pending(g, store)) == _listed(fresh)


def test_acceleration_requests_are_the_same_either_way(tmp_path: Path) -> None:
    g = rabbit030()
    ask_in_process(g, ["黄瓜", "番茄", "杜鹃", "画眉"], at(11, 23, 12), "申请加速")
    minimal = _written(tmp_path, g)
    kept, fresh = _both(minimal)
    assert any(p.kind == "accelerate" for p in kept)
    assert _listed(kept) == _listed(fresh)
