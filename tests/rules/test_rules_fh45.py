"""What the new directors met in the rule sets (session 45: fh45b Yuki, M39).

* Her rules post states a post minimum and its card (「每天至少 5 帖（讨论帖+投票帖），不足蓝牌。」)
  while M39's rule set ships LURK-DAY off (its seed has no minimum): the report says so and
  writes out the game file's lines that apply her numbers.
* With ``[rules.LURK-DAY] card = "blue"`` her repeat lurkers were escalated to yellow: M39 has
  no 判罚制度, so a repeat keeps the rule set's card (M107 判罚制度 黄牌 “因同一类行为已经吃过
  蓝牌后仍然明知故犯，可判黄牌” still escalates), and a value the game file sets cites the game
  file, not the preset's clause for the value it replaced.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from auditor.ledger.decisions import decide
from auditor.ledger.ledger import load_ledger
from auditor.models import Post
from auditor.rules.engine import minimum_notice
from auditor.rules.lurk import stated_minimum
from auditor.rules.ruleset import load_ruleset
from auditor.store import Store
from tests.ledger_helpers import finding, make_game

RULES_THREAD = """
[[thread]]
tid = 1
kind = "rules"
"""

HER_SENTENCE = "【发言】每天至少 5 帖（讨论帖+投票帖），不足蓝牌。"


def _post(text: str, author: str = "导演", tid: int = 1, floor: int = 3) -> Post:
    return Post(
        tid=tid,
        pid=100 + floor,
        floor=floor,
        author=author,
        author_uid=None,
        posted_at=datetime.fromisoformat("2026-11-19T20:00:00+08:00"),
        message_html=text,
        text=text,
    )


def test_stated_minimum_reads_the_number_and_the_card() -> None:
    said = stated_minimum(HER_SENTENCE + "\n红字、放大字体、发誓、骂人 一律蓝牌起步。")
    assert said is not None
    assert (said.min_posts, said.card, said.sentence) == (5, "blue", HER_SENTENCE)
    # M107 违规判定 5(1): the day's minimum, not the three days' (连续…不足十帖)
    m107 = stated_minimum("（1）在未加快进程的单个讨论日不足五帖、或连续三个讨论日均不足十帖")
    assert m107 is not None and (m107.min_posts, m107.card) == (5, None)
    assert stated_minimum("讨论日发言少于3帖判黄牌。") is not None
    assert stated_minimum("吹笛前两晚每晚吹2人，之后每晚吹1人。") is None
    assert stated_minimum("连续三个讨论日均不足十帖") is None


def test_a_rules_post_minimum_the_rule_set_leaves_off_is_said_with_the_lines(
    tmp_path: Path,
) -> None:
    game = make_game(tmp_path, "m39", extra=RULES_THREAD)
    said = minimum_notice(game, [_post("替补：向导演申请"), _post(HER_SENTENCE, floor=4)])
    assert said is not None
    assert HER_SENTENCE in said and "第4楼" in said and "LURK-DAY" in said
    assert '[rules.LURK-DAY]\nenabled = true\nmin_posts = 5\ncard = "blue"' in said
    # a player's post, or another thread, states nothing for the game
    assert minimum_notice(game, [_post(HER_SENTENCE, author="饺子")]) is None
    assert minimum_notice(game, [_post(HER_SENTENCE, tid=11)]) is None


def test_a_minimum_already_applied_is_not_said_and_a_different_one_is(tmp_path: Path) -> None:
    applied = make_game(
        tmp_path,
        "m39",
        extra=RULES_THREAD + '\n[rules.LURK-DAY]\nenabled = true\ncard = "blue"\n',
    )
    assert minimum_notice(applied, [_post(HER_SENTENCE)]) is None
    other = tmp_path / "other"
    other.mkdir()
    yellow = make_game(other, "m39", extra=RULES_THREAD + "\n[rules.LURK-DAY]\nenabled = true\n")
    said = minimum_notice(yellow, [_post("每个讨论日发言不得少于 8 帖，否则黄牌。")])
    assert said is not None and "少于 5 帖" in said and "min_posts = 8" in said


def test_m39_lurk_day_turned_on_is_blue_citing_no_clause_of_another_rule() -> None:
    rs = load_ruleset("m39", {"LURK-DAY": {"enabled": True}})
    assert rs.rules["LURK-DAY"]["card"] == "blue"
    assert "未回复投票帖者将被判罚黄牌（同类潜水" not in rs.sources["LURK-DAY"]["card"]
    assert rs.settings["escalate"] is False
    assert load_ruleset("m107", {}).settings["escalate"] is True
    own = load_ruleset("m39", {"LURK-DAY": {"enabled": True, "card": "blue", "min_posts": 5}})
    assert own.sources["LURK-DAY"]["card"] == '导演在游戏文件里定的：[rules.LURK-DAY] card = "blue"'
    assert own.sources["LURK-DAY"]["min_posts"].endswith("min_posts = 5")


def _repeat_after_approval(tmp_path: Path, ruleset: str, extra: str = "") -> tuple[str, str]:
    game = make_game(tmp_path, ruleset, extra=extra)
    first = finding("LURK-DAY", "春卷", 1, card="blue")
    again = finding("LURK-DAY", "春卷", 2, card="blue")
    with Store(tmp_path / "g.sqlite") as store:
        store.save_findings([first, again], 2)
        decide(
            game, store, first.id, "approve", at=datetime.fromisoformat("2026-11-21T08:00:00+08:00")
        )
        draft = load_ledger(game, store).draft(again.id)
    assert draft is not None
    return draft.suggested, draft.reason


def test_the_directors_blue_is_kept_where_the_seed_states_no_escalation(tmp_path: Path) -> None:
    card, reason = _repeat_after_approval(
        tmp_path, "m39", '\n[rules.LURK-DAY]\nenabled = true\ncard = "blue"\n'
    )
    assert card == "blue", reason
    assert "没有写再犯升级" in reason and 'card = "blue"' in reason
    assert "判罚制度" not in reason


def test_m107_still_escalates_a_repeat_by_its_judging_system(tmp_path: Path) -> None:
    card, reason = _repeat_after_approval(tmp_path, "m107", '\n[rules.LURK-DAY]\ncard = "blue"\n')
    assert card == "yellow" and "明知故犯" in reason
