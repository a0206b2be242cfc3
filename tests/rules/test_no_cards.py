"""A rule set without cards (版杀7: its preset says ``cards = false``, 6.2(2)) never drafts a
card: a rule that cites no card of its own (a director's own lexicon, PHRASE-CENSOR) is a
notice to the director, and neither the announcement nor the standings print the 蓝/黄/红
merging line (fh41 item 4)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from auditor.errors import GameFileError
from auditor.ledger.decisions import decide
from auditor.ledger.ledger import load_ledger
from auditor.report.bbcode import render_bbcode
from auditor.report.records import build_records
from auditor.report.write import write_report
from auditor.rules.engine import check
from auditor.rules.ruleset import load_ruleset
from tests.rules.test_rule_cases import Built, build_case

NOW = datetime.fromisoformat("2026-11-21T08:00:00+08:00")
DAY = """
[rules]
lexicons = ["mine.txt"]
[rules.PHRASE-CENSOR]
[players]
names = ["饺子", "包子", "馄饨", "豆浆"]
[[day]]
number = 1
opens = 2026-11-20T09:00:00+08:00
closes = 2026-11-20T22:00:00+08:00
"""
OWN_WORDS = "@category CENSOR\n@title 本局禁用词\n代练\n"


def _game(tmp: Path) -> Built:
    posts = [
        {
            "author": name,
            "tid": 11,
            "at": datetime.fromisoformat(f"2026-11-20T{10 + i}:00:00+08:00"),
            "message": "有人要代练吗" if name == "包子" else f"{name}的发言",
            "repeat": 1 if name == "包子" else 6,
        }
        for i, name in enumerate(["饺子", "包子", "馄饨", "豆浆"])
    ]
    built = build_case(tmp, "killbar7", DAY, posts, now=NOW, files={"mine.txt": OWN_WORDS})
    check(built.game, built.store, now=NOW)
    return built


def test_killbar7_preset_says_it_has_no_cards() -> None:
    rs = load_ruleset("killbar7")
    assert rs.settings["cards"] is False and "6.2" in rs.sources["ruleset"]["cards"]
    assert load_ruleset("m107").settings["cards"] is True
    # a rule the game file turns on without a card of its own: a notice, not the blue default
    rs = load_ruleset("killbar7", {"PHRASE-CENSOR": {}})
    assert rs.rules["PHRASE-CENSOR"]["card"] == "warning"
    assert all(opts["card"] not in ("blue", "yellow", "red") for opts in rs.rules.values())


def test_a_card_colour_in_a_game_without_cards_is_refused() -> None:
    with pytest.raises(GameFileError) as err:
        load_ruleset("killbar7", {"PHRASE-CENSOR": {"card": "blue"}}, where="g.toml")
    assert "没有牌" in str(err.value)


def test_own_lexicon_hit_in_killbar7_is_a_notice_and_no_merging_line(tmp_path: Path) -> None:
    built = _game(tmp_path / "g")
    try:
        led = load_ledger(built.game, built.store)
        mine = [d for d in led.drafts if d.code == "PHRASE-CENSOR"]
        assert [d.player for d in mine] == ["包子"]
        assert mine[0].suggested == "warning", mine[0].reason
        assert "提醒导演" in mine[0].reason and "蓝牌" not in mine[0].reason
        assert "判罚制度" not in mine[0].reason
        assert not any(d.suggested in ("blue", "yellow", "red") for d in led.drafts)
        decide(built.game, built.store, mine[0].id, "approve")
        records = build_records(built.game, built.store, now=NOW)
    finally:
        built.store.close()
    text = render_bbcode(records)
    assert "三蓝合一黄" not in text and "累计" not in text
    html = (write_report(records, tmp_path / "r").directory / "report.html").read_text("utf-8")
    assert "三蓝合一黄" not in html
    assert "版杀7 没有牌" in html


def test_a_colour_from_the_director_is_refused_without_cards(tmp_path: Path) -> None:
    """Review 41b item 3: ``decide --card blue`` and ``card --card red`` in 版杀7 are refused
    with the rule set's own words; 提醒 / 不处罚 / 替补 still go through."""
    from typer.testing import CliRunner

    from auditor.cli import app

    built = _game(tmp_path / "g")
    try:
        mine = [d for d in load_ledger(built.game, built.store).drafts]
    finally:
        built.store.close()
    path = str(built.game.path)
    runner = CliRunner()
    blue = runner.invoke(app, ["decide", path, mine[0].id, "approve", "--card", "blue"])
    assert blue.exit_code != 0 and "没有牌" in blue.output and "提醒导演" in blue.output
    red = runner.invoke(app, ["card", path, "饺子", "--card", "red", "--reason", "作弊"])
    assert red.exit_code != 0 and "没有牌" in red.output, red.output
    seen = runner.invoke(app, ["decide", path, mine[0].id, "approve", "--card", "warning"])
    assert seen.exit_code == 0, seen.output
    sub = runner.invoke(app, ["card", path, "饺子", "--card", "substitute", "--reason", "替补"])
    assert sub.exit_code == 0, sub.output
    closed = runner.invoke(app, ["decide", path, mine[0].id, "reject"])
    assert closed.exit_code == 0, closed.output
