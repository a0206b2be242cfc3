"""What the new directors met in the rule sets (session 47).

* fh47 (老周, M39): his rules post says 「每天讨论帖里至少整3帖，不够3帖的蓝牌」 while LURK-DAY
  counts the discussion and the vote threads: the audit says which threads it counted, once,
  among its notices — also after he applied his number and card (nothing else differs then).
  A sentence naming both threads, or none, says nothing more.
* The piped player's 申请延时 in the 进程帖 (M39 吹笛 (3) 次日白天的讨论中) and 卤煮's 请假/
  找替补 to the director (030 替补 可以向导演申请更换替补) are rule cases
  (tests/rules/cases/piped.toml, phrases.toml).
"""

from __future__ import annotations

from pathlib import Path

from auditor.rules.engine import counted_threads_notice, minimum_notice
from tests.ledger_helpers import make_game
from tests.rules.test_rules_fh45 import HER_SENTENCE, RULES_THREAD, _post

HIS_SENTENCE = "每天讨论帖里至少整3帖，不够3帖的蓝牌，别潜水。"


def test_a_minimum_counted_in_other_threads_says_which_threads_are_counted(
    tmp_path: Path,
) -> None:
    applied = make_game(
        tmp_path,
        "m39",
        extra=RULES_THREAD + '\n[rules.LURK-DAY]\nenabled = true\nmin_posts = 3\ncard = "blue"\n',
    )
    said = minimum_notice(applied, [_post("【老周自己加的规矩】\n" + HIS_SENTENCE)])
    assert said is not None
    assert said.startswith(
        "规则帖数的是讨论帖里的帖，单日潜水（LURK-DAY）数的是讨论帖和投票帖里的帖"
    )
    # her sentence names both threads: nothing more to say once her numbers apply
    assert minimum_notice(applied, [_post("每天至少 3 帖（讨论帖+投票帖），不足蓝牌。")]) is None


def test_the_threads_are_said_beside_the_lines_when_the_numbers_differ(tmp_path: Path) -> None:
    game = make_game(tmp_path, "m39", extra=RULES_THREAD)
    said = minimum_notice(game, [_post(HIS_SENTENCE)])
    assert said is not None and "min_posts = 3" in said
    assert said.endswith("（投票帖里的帖也算进去了）：潜水牌请按规则帖的说法核对")
    assert said.count("规则帖数的是") == 1


def test_only_a_sentence_naming_other_threads_is_told() -> None:
    assert counted_threads_notice(HER_SENTENCE) == ""
    assert counted_threads_notice("每天至少 5 帖，不足蓝牌。") == ""
    both = counted_threads_notice("讨论帖、进程帖加起来每天至少 5 帖")
    assert "（投票帖里的帖也算进去了；进程帖里的帖没有算）" in both
