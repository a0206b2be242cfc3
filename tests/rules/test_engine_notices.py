"""Field bugs: what the game file says and what the tool can read must never disagree
silently — a forced mobile API that starves rules, and events that contradict the tally."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from auditor.cli import app
from auditor.game.gamefile import load_game
from auditor.pipeline import audit as run_audit
from auditor.report.records import build_records
from auditor.rules.engine import api_blind_rules, build_context
from auditor.rules.votebook import votes_for
from auditor.store import Store
from tests.ledger_helpers import hostile_game
from tests.rules.test_rule_cases import build_case
from tests.rules.test_votes import at, vote

runner = CliRunner()


def test_forced_api_names_the_rules_it_starves(tmp_path: Path) -> None:
    game, store, _now = hostile_game(tmp_path / "g")
    assert isinstance(store, Store)
    store.close()
    assert api_blind_rules(game) == []  # api = "auto": the desktop pages feed them
    text = game.path.read_text("utf-8")
    assert "[forum]\n" in text
    game.path.write_text(text.replace("[forum]\n", "[forum]\napi = true\n", 1), "utf-8")
    forced = load_game(game.path)
    assert api_blind_rules(forced) == [
        "FONT-SIZE",
        "VOTE-EDIT",
        "PROFILE-SIGNATURE",
        "PROFILE-AVATAR",
    ]
    # at load time, by any command
    res = runner.invoke(app, ["ledger", str(game.path)])
    assert res.exit_code == 0, res.output
    said = " ".join(res.output.split())
    assert "api = true" in said and "FONT-SIZE" in said and "VOTE-EDIT" in said
    # in the audit line and at the top of the report
    result = run_audit(game.path, crawl=False, reports=tmp_path / "r")
    assert any("FONT-SIZE" in n for n in result.notices)
    # (the hostile game also records 油条 voted out at the day-1 close, the sheriff vote:
    # that conflict is the second notice)
    assert "注意（2）" in result.line() and "VOTE-EDIT" in result.line()
    assert any("油条" in n for n in result.notices)
    assert result.report is not None
    html = (result.report / "report.html").read_text("utf-8")
    top = html.index('id="notices"')
    assert top < html.index('id="problems"') and "FONT-SIZE" in html[top : top + 600]


ELIMINATED_AT_DAY1_CLOSE = """
[[event]]
type = "eliminated"
player = "包子"
at = 2026-11-20T22:00:00+08:00
how = "vote"
"""


def test_day1_sheriff_vote_against_an_elimination_in_the_game_file_is_a_warning(
    tmp_path: Path,
) -> None:
    posts = [
        vote("饺子", 1, at(1, 10), "包子"),
        vote("馄饨", 1, at(1, 10, 5), "包子"),
        vote("豆浆", 1, at(1, 11), "油条"),
    ]
    built = build_case(tmp_path, "m107", ELIMINATED_AT_DAY1_CLOSE, posts)
    try:
        ctx = build_context(built.game, built.store, now=built.now)
        book = votes_for(ctx)
        assert dict(book.days[1].rounds[0].outcome) == {"包子": "sheriff_elected"}
        (conflict,) = book.conflicts
        assert "第1天" in conflict and "包子" in conflict and "出局" in conflict
        records = build_records(built.game, built.store, now=built.now)
        assert records.notices == [conflict]
    finally:
        built.store.close()
    result = run_audit(built.game.path, crawl=False, reports=tmp_path / "r")
    assert result.notices == [conflict]
    assert "注意（1）" in result.line() and "包子" in result.line()
    assert result.report is not None
    html = (result.report / "report.html").read_text("utf-8")
    assert 'id="notices"' in html and "游戏文件记录 包子 在这一天关门时出局" in html


def test_no_conflict_no_notice(tmp_path: Path) -> None:
    posts = [vote("饺子", 1, at(1, 10), "包子"), vote("馄饨", 1, at(1, 10, 5), "包子")]
    built = build_case(tmp_path, "m107", "", posts)
    try:
        ctx = build_context(built.game, built.store, now=built.now)
        assert votes_for(ctx).conflicts == []
        assert build_records(built.game, built.store, now=built.now).notices == []
    finally:
        built.store.close()
