"""A game's cards cite the clauses of its own rule set only (issue 17 review): an M107
game's lurking card reads `依据：M107 违规判定 5(1)`, not 030's and 版杀7's clauses too."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from auditor.game.gamefile import load_game
from auditor.report.findings import explain_drafts
from auditor.rules.registry import REGISTRY
from auditor.rules.ruleset import load_ruleset, own_citation, seed_and_title
from auditor.rulesets import names, preset_text

SAMPLE = Path(__file__).resolve().parents[1] / "examples" / "sample" / "game.toml"


@pytest.mark.parametrize(
    ("preset", "expected"),
    [
        ("m107", "M107 违规判定 5(1)"),
        ("rabbit030", "030 违规判定 5(1)"),
        ("killbar7", "版杀7 6.2(1)(2)(6)"),
    ],
)
def test_lurk_day_cites_only_the_games_own_rule_post(preset: str, expected: str) -> None:
    assert own_citation(REGISTRY["LURK-DAY"].seed, load_ruleset(preset, {})) == expected


def test_a_clause_without_a_name_belongs_to_the_one_before_and_shared_names_split() -> None:
    rs = load_ruleset("rabbit030", {})
    cite = "M107 违规判定 8(1)：甲；030 违规判定 3(1)：乙；3(2)：丙；M39 丁"
    assert own_citation(cite, rs) == "030 违规判定 3(1)：乙；3(2)：丙"
    assert own_citation("M107/030 用语定义 出局；M39 规则 5", rs) == "030 用语定义 出局"
    assert own_citation("无直接条款：M107 甲；030 乙", rs) == "无直接条款：030 乙"


def test_no_clause_of_the_rule_set_or_no_known_rule_set_keeps_the_whole_citation() -> None:
    whole = "030 吹笛者“不得使用密码”；M39 吹笛 (3)"
    assert own_citation(whole, load_ruleset("m107", {})) == whole
    assert own_citation(whole, None) == whole


def test_the_reports_draft_cards_cite_the_games_own_clauses() -> None:
    game = load_game(SAMPLE)  # an M107 game
    drafts = [
        {
            "code": "LURK-DAY",
            "tid": None,
            "reason": "",
            "kind": "card",
            "note": "",
            "player": "饺子",
            "suggested": "blue",
        }
    ]
    explain_drafts(game, drafts, [], [], load_ruleset(game.ruleset, {}))
    assert drafts[0]["seed"] == "M107 违规判定 5(1)"


_TRICKY = [
    '[ruleset]\ntitle = "M107 摩天大楼"\nseed = "a.txt"\n[ruleset.sources]\nseed = "x"\n',
    '[ruleset]  # the head\ntitle = "T x"\nseed = "s"\n\n[rules.LURK-DAY]\ncard = "yellow"\n',
    '[ruleset]\ntitle = """two\n[lines]\n"""\nseed = "s"\n[other]\n',  # "[" inside a string
    '[ruleset]\nseed = "s"\ntitle = [\n  ["nested"],\n]\n',  # "[" inside an array
    'ruleset.seed = "dotted"\nruleset.title = "T"\n[rules.X]\n',
    '# no ruleset here\n[rules.X]\ncard = "red"\n',
    '[ruleset.seed]\nx = 1\n[ruleset]\ntitle = "T"\n',
    "[ruleset]\n",
]


@pytest.mark.parametrize("text", [*(preset_text(n) for n in names()), *_TRICKY])
def test_the_citation_names_come_from_each_presets_head_as_from_the_whole_file(
    text: str,
) -> None:
    """A report reads the four presets' titles from their ``[ruleset]`` lines alone: the
    same seed and title the whole file gives, however the file is written."""
    head = tomllib.loads(text).get("ruleset", {})
    assert seed_and_title(text) == (head.get("seed"), head.get("title"))
