"""Decisions are signed by one of the game's directors, and a second approval without a
colour keeps the colour the director chose before."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.errors import GameFileError
from auditor.game.gamefile import load_game
from auditor.ledger.decisions import DecisionError, decide, default_signer
from auditor.ledger.ledger import load_ledger
from auditor.store import Store
from tests.ledger_helpers import hostile_game

runner = CliRunner()


@pytest.fixture
def unsigned(tmp_path: Path):  # type: ignore[no-untyped-def]
    """The hostile game with directors 导演/副导演/三号导演 and no decided_by."""
    game, store, _now = hostile_game(tmp_path / "game")
    assert isinstance(store, Store)
    text = game.path.read_text("utf-8").replace('decided_by = "导演"\n', "")
    game.path.write_text(text, "utf-8")
    yield load_game(game.path), store
    store.close()


def test_no_signer_is_refused_and_nothing_is_recorded(unsigned) -> None:  # type: ignore[no-untyped-def]
    game, store = unsigned
    assert game.decided_by is None
    draft = load_ledger(game, store).drafts[0]
    res = runner.invoke(app, ["decide", str(game.path), draft.id, "approve"])
    assert res.exit_code == 2, res.output
    assert "--by" in res.output and "副导演" in res.output
    assert "root" not in res.output
    assert store.decision_history() == []
    res = runner.invoke(app, ["card", str(game.path), "饺子", "--card", "blue", "--reason", "超时"])
    assert res.exit_code == 2 and store.manual_cards() == []
    with pytest.raises(DecisionError, match="--by"):
        default_signer(game)


def test_only_directors_sign(unsigned) -> None:  # type: ignore[no-untyped-def]
    game, store = unsigned
    draft = load_ledger(game, store).drafts[0]
    res = runner.invoke(app, ["decide", str(game.path), draft.id, "reject", "--by", "饺子"])
    assert res.exit_code == 2, res.output
    assert "饺子 不是本局的导演" in res.output
    res = runner.invoke(app, ["decide", str(game.path), draft.id, "reject", "--by", "副导"])
    assert res.exit_code == 2 and "是不是 副导演" in res.output  # a near miss is named
    assert store.decision_history() == []
    res = runner.invoke(app, ["decide", str(game.path), draft.id, "reject", "--by", "副导演"])
    assert res.exit_code == 0, res.output
    assert store.decision_history()[-1]["decided_by"] == "副导演"


def test_decided_by_outside_the_directors_is_a_game_file_error(unsigned) -> None:  # type: ignore[no-untyped-def]
    game, _store = unsigned
    text = game.path.read_text("utf-8").replace(
        'directors = ["导演", "副导演", "三号导演"]',
        'directors = ["导演", "副导演", "三号导演"]\ndecided_by = "root"',
    )
    game.path.write_text(text, "utf-8")
    with pytest.raises(GameFileError, match="decided_by"):
        load_game(game.path)
    res = runner.invoke(app, ["ledger", str(game.path)])
    assert res.exit_code == 3 and "decided_by" in res.output


def test_review_asks_who_is_deciding_and_accepts_only_directors(unsigned) -> None:  # type: ignore[no-untyped-def]
    game, store = unsigned
    first = load_ledger(game, store).drafts[0]
    res = runner.invoke(app, ["review", str(game.path)], input="root\n三号导演\nr\n\nq\n")
    assert res.exit_code == 0, res.output
    assert "请输入你的导演名" in res.output and "root 不是本局的导演" in res.output
    hist = store.decision_history(first.fingerprint)
    assert [(h["decision"], h["decided_by"]) for h in hist] == [("reject", "三号导演")]


def test_a_second_approval_without_a_card_keeps_the_earlier_colour(unsigned) -> None:  # type: ignore[no-untyped-def]
    game, store = unsigned
    ghost = next(d for d in load_ledger(game, store).drafts if d.code == "GHOST-POST")
    assert ghost.suggested == "blue"
    path = str(game.path)
    res = runner.invoke(
        app, ["decide", path, ghost.id, "approve", "--card", "yellow", "--by", "导演"]
    )
    assert res.exit_code == 0 and "之前未决定" in res.output, res.output
    res = runner.invoke(app, ["decide", path, ghost.id, "approve", "--by", "导演"])
    assert res.exit_code == 0, res.output
    assert "黄牌" in res.output and "保留之前的黄牌" in res.output
    assert store.current_decisions()[ghost.fingerprint]["card"] == "yellow"
    res = runner.invoke(
        app, ["decide", path, ghost.id, "approve", "--card", "blue", "--by", "导演"]
    )
    assert "之前：批准（黄牌） → 现在：批准（蓝牌）" in res.output, res.output
    assert store.current_decisions()[ghost.fingerprint]["card"] == "blue"


def test_an_approval_that_follows_the_policy_keeps_following_it(unsigned) -> None:  # type: ignore[no-untyped-def]
    game, store = unsigned
    ghost = next(d for d in load_ledger(game, store).drafts if d.code == "GHOST-POST")
    decide(game, store, ghost.id, "approve", by="导演")
    rec = decide(game, store, ghost.id, "approve", by="导演")
    assert not rec.kept_card and rec.card == "blue"
    assert store.current_decisions()[ghost.fingerprint]["card"] is None  # still the policy's


def test_ledger_lists_the_draft_ids_decide_needs(unsigned) -> None:  # type: ignore[no-untyped-def]
    game, store = unsigned
    drafts = load_ledger(game, store).drafts
    res = runner.invoke(app, ["ledger", str(game.path)], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    assert "待处理的草稿" in res.output
    for d in drafts:
        assert d.id in res.output
    assert f"auditor decide {game.path} 编号" in res.output.replace("\n", "")
    # an id from the table is what decide takes
    res = runner.invoke(app, ["decide", str(game.path), drafts[0].id, "reject", "--by", "导演"])
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["ledger", str(game.path)], env={"COLUMNS": "200"})
    assert drafts[0].id not in res.output


def test_a_game_with_one_director_signs_with_that_director(tmp_path: Path) -> None:
    """Issue 30: ``decisions import`` asked for ``--by`` when the game has one director; with
    one director and no ``decided_by`` the decisions are his (several directors still ask)."""
    from auditor.ledger.decisions import export_decisions
    from tests.ledger.test_decisions import rows_of, write_rows

    game, store, _now = hostile_game(tmp_path / "game")
    assert isinstance(store, Store)
    try:
        text = game.path.read_text("utf-8")
        old = 'directors = ["导演", "副导演", "三号导演"]\ndecided_by = "导演"'
        assert old in text
        game.path.write_text(text.replace(old, 'directors = ["导演"]'), "utf-8")
        game = load_game(game.path)
        assert game.decided_by is None and list(game.directors) == ["导演"]
        assert default_signer(game) == "导演"
        exported = tmp_path / "decisions.csv"
        export_decisions(game, store, exported)
        rows = rows_of(exported)
        rows[0]["decision"] = "reject"
        write_rows(exported, rows, "utf-8-sig")
        res = runner.invoke(app, ["decisions", "import", str(game.path), str(exported)])
        assert res.exit_code == 0, res.output
        assert [h["decided_by"] for h in store.decision_history()] == ["导演"]
    finally:
        store.close()
