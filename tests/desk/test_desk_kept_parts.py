"""The game page's parts that show only what the last check found (the forum's changes,
activity, votes, the chart and the 电梯) are kept rendered across decisions
(auditor.desk.app.KeptParts): a page served after a decision must be byte for byte the page
rendered from scratch, and the parts must be rendered again once a check writes anew."""

from __future__ import annotations

from pathlib import Path

from auditor.desk import actions
from auditor.desk.app import Desk, DeskApp, KeptParts
from tests.desk_helpers import night_game

FILTERS = {"status": "", "player": "", "day": "", "rule": ""}


def _page(game_path: Path, app: DeskApp | None = None) -> tuple[DeskApp, str]:
    """The game page as the desk renders it (``app``: the same desk, its game as it read
    it at start, as a running desk serves every page; else a new desk)."""
    if app is None:
        game = actions.load(game_path)
        app = DeskApp(Desk({game.slug: game}, game_path.parent / "reports"))
    ((slug, game),) = app.desk.games.items()
    return app, app.fresh_page(game, slug, dict(FILTERS), [])


def _kept(app: DeskApp) -> KeptParts:
    kept = app.env.globals["kept"].__self__
    assert isinstance(kept, KeptParts)
    return kept


def test_a_page_after_a_decision_is_the_page_rendered_afresh(tmp_path: Path) -> None:
    path = night_game(tmp_path / "g", posts=300)
    app, first = _page(path)
    kept = _kept(app)
    assert len(kept._parts) == 2  # both parts rendered once, under the check's key
    assert 'id="activity"' in first and 'id="elevator"' in first

    (game,) = app.desk.games.values()
    draft = actions.records(game).drafts[0]
    actions.decide_draft(
        game,
        draft["id"],
        "reject",
        card=None,
        note="",
        by="导演",
        expected="",
        reports=path.parent / "reports",
    )
    _, after = _page(path, app)
    assert len(kept._parts) == 2  # the same two: served again, not rendered
    assert after != first  # the decision shows (the draft left the queue)

    _, fresh = _page(path)  # a new desk: nothing kept, every part rendered now
    assert fresh == after


def test_a_new_check_renders_the_parts_again(tmp_path: Path) -> None:
    from auditor.pipeline import audit

    path = night_game(tmp_path / "g", posts=300)
    app, _ = _page(path)
    kept = _kept(app)
    keys = set(kept._parts)
    assert audit(path, reports=path.parent / "reports", full=True).ok
    _, again = _page(path, app)
    assert set(kept._parts) - keys  # rendered under the new check's key
    _, fresh = _page(path)
    assert fresh == again
