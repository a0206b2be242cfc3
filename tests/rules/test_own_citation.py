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
from tests import paths

SAMPLE = paths.ROOT / "examples" / "sample" / "game.toml"


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


def test_no_clause_of_the_rule_set_is_none_and_no_known_rule_set_keeps_the_whole() -> None:
    """(issue 30: an M107 game's card never cites 030's and M39's clauses instead)"""
    whole = "030 吹笛者“不得使用密码”；M39 吹笛 (3)"
    assert own_citation(whole, load_ruleset("m107", {})) == ""
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


def _card_text(d: dict) -> str:  # type: ignore[type-arg]
    """What a draft card shows of its grounds: 依据 and the reason in plain words."""
    return f"依据：{d['seed']} · {d['plain_reason']}"


def _vote_edit_card(preset: str) -> dict:  # type: ignore[type-arg]
    from auditor.ledger.policy import plain_cite

    rs = load_ruleset(preset, {})
    cite = plain_cite(rs.sources["VOTE-EDIT"]["card"])
    drafts = [
        {
            "code": "VOTE-EDIT",
            "tid": None,
            "reason": f"规则集对 VOTE-EDIT 的处理是“提醒导演”，不是牌（{cite}）",
            "kind": "VOTE-EDIT",
            "note": "",
            "player": "饺子",
            "suggested": "warning",
        }
    ]
    explain_drafts(load_game(SAMPLE), drafts, [], [], rs)
    return drafts[0]


def test_a_card_cites_its_own_rule_sets_clause_once() -> None:
    """Issue 30: a VOTE-EDIT card in a 030 game cited M107's rules (the rule cites only
    M107's clause: 030's own citation is its preset's); an M107 VOTE-EDIT card cited the same
    clause as its 依据 and again in its reason."""
    card = _vote_edit_card("rabbit030")
    assert "M107" not in _card_text(card), _card_text(card)
    assert _card_text(card).count("关门后编辑投票帖不得改变投票") == 1, _card_text(card)
    card = _vote_edit_card("m107")
    assert card["seed"] == "M107 投票规则“修改错别字不算做改票”"
    assert _card_text(card).count("修改错别字不算做改票") == 1, _card_text(card)


@pytest.mark.parametrize(("preset", "others"), [("rabbit030", ("M107",)), ("m39", ("030",))])
def test_an_insult_card_cites_one_clause_once(
    tmp_path: Path, preset: str, others: tuple[str, ...]
) -> None:
    """Issue 30: a VULGAR card showed two citations for one clause: in a 030 game the rule's
    clause as 依据 and the preset's clause of the kind twice more in its reason; in an M39
    game M107's and 030's clauses both."""
    from datetime import datetime

    from auditor.report.records import build_records
    from auditor.rules.engine import check
    from tests.rules.test_rule_cases import build_case

    now = datetime.fromisoformat("2026-11-21T23:00:00+08:00")
    at = datetime.fromisoformat("2026-11-20T10:00:00+08:00")
    posts = [{"author": "饺子", "tid": 11, "at": at, "message": "卧槽真吊"}]
    built = build_case(tmp_path, preset, "", posts, now=now)
    try:
        check(built.game, built.store, now=now)
        drafts = build_records(built.game, built.store, now=now).drafts
    finally:
        built.store.close()
    cards = [d for d in drafts if d["code"] in ("PHRASE-BODY", "PHRASE-VULGAR")]
    assert len(cards) == (1 if preset == "rabbit030" else 2)  # one kind in 030: one card
    for card in cards:
        text = _card_text(card)
        assert card["seed"], text
        assert not any(f"{o} 违规判定" in card["seed"] for o in others), text
    if preset == "rabbit030":
        (card,) = cards
        text = _card_text(card)
        assert text.count("违规判定 2(2)") == 1, text
        assert "侮辱性词汇用来称呼或表达感叹" not in card["plain_reason"], text
        # the merged rule is still said, by its Chinese title (no rule code for a director)
        assert "「下流动词称呼或感叹」" in card["plain_reason"], text
        assert "PHRASE-VULGAR" not in card["plain_reason"], text
