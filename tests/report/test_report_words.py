"""What a director reads says things in words: a rule by its Chinese title (its code kept
for the CSV and a grey tag), a time and the last close instead of a command-line flag."""

from __future__ import annotations

from datetime import datetime

import pytest

from auditor.game.gamefile import DaySpec
from auditor.report.drafts import NoDraftError, open_day
from auditor.report.findings import titled_codes


def _day(n: int, opens: str, closes: str) -> DaySpec:
    return DaySpec(n, datetime.fromisoformat(opens), datetime.fromisoformat(closes))


DAYS = (
    _day(1, "2026-11-20T09:00+08:00", "2026-11-21T22:00+08:00"),
    _day(2, "2026-11-22T09:00+08:00", "2026-11-23T22:00+08:00"),
)


def test_a_rule_code_in_a_reason_is_written_as_its_title() -> None:
    said = titled_codes("规则集对 LURK-DAY 固定判罚黄牌；见 PHRASE-OATH。")
    assert said == "规则集对「单日潜水（发言不足）」固定判罚黄牌；见「发誓句式」。"
    assert titled_codes("NOT-A-CODE-AT-ALL 与 #FF0000") == "NOT-A-CODE-AT-ALL 与 #FF0000"


def test_no_open_day_is_said_in_words_for_the_report_and_with_flags_for_the_command() -> None:
    between = datetime.fromisoformat("2026-11-22T08:00+08:00")
    with pytest.raises(NoDraftError) as words:
        open_day(DAYS, between, None, flags=False)
    said = str(words.value)
    assert "--" not in said
    assert said.startswith("现在（11月22日 08:00，论坛时间）没有进行中的讨论日")
    assert "第1天已在 11月21日 22:00 关门，第2天 11月22日 09:00 开门" in said
    with pytest.raises(NoDraftError) as flags:
        open_day(DAYS, between, None)
    assert "--day" in str(flags.value)  # `auditor post` keeps its flags' hint
