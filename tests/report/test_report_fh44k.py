"""The second director of session 44 (老K, 版杀7; fh44k): a rule set without cards says
nothing of card counts on a draft's card, and the report's first screen says which of the
tool's checks the rule set leaves off and the game file's lines that turn one on."""

from __future__ import annotations

import re
from pathlib import Path

from auditor.game.gamefile import load_game
from auditor.report.findings import explain_drafts
from auditor.report.html import environment
from auditor.report.records import rules_off
from auditor.rules.ruleset import load_ruleset
from tests.report.test_report_drafts import DAY2, _report
from tests.rules.test_own_citation import SAMPLE


def _killbar7(game: Path) -> Path:
    text = game.read_text("utf-8").replace('ruleset = "m107"', 'ruleset = "killbar7"', 1)
    game.write_text(text, "utf-8")
    return game


def _card(ruleset: str, standings: list[dict[str, object]]) -> tuple[dict[str, object], str]:
    """A lurk draft explained as the report explains it, and its card as the page shows it."""
    game = load_game(SAMPLE)
    draft: dict[str, object] = {
        "id": "D1",
        "code": "LURK-DAY",
        "tid": None,
        "reason": "",
        "kind": "card",
        "note": "",
        "player": "饺子",
        "suggested": "blue",
        "suggested_name": "蓝牌",
        "day": 2,
        "notice": False,
        "floor": 3,
        "time": "11-23 20:00",
        "link": "",
        "match": "",
        "related": [],
        "escalation": "",
        "excerpt": "",
        "pieces": [],
    }
    explain_drafts(game, [draft], [], standings, load_ruleset(ruleset, {}))
    card = environment().get_template("report_draft.html.j2").render(d=draft, desk=None)
    return draft, card


def test_a_rule_set_without_cards_says_no_card_counts_on_its_cards() -> None:
    """版杀7 has no cards (``[ruleset] cards = false``): no 「饺子 目前：蓝 0 黄 0 红 0」."""
    zero = [{"player": "饺子", "blue": 0, "yellow": 0, "red": 0, "sent_off": False}]
    draft, card = _card("m107", zero)
    assert draft["standing"] == "蓝 0 黄 0 红 0" and "饺子 目前：蓝 0 黄 0 红 0" in card, card
    for standings in (zero, []):
        draft, card = _card("killbar7", standings)
        assert draft["standing"] == "" and "目前：" not in card, card
        assert not re.search(r"蓝 \d+ 黄 \d+ 红 \d+|没有牌", card), card


def test_the_first_screen_says_the_checks_left_off_and_how_to_turn_one_on(
    sample_game: Path,
) -> None:
    """版杀7's seed says nothing of red font or oaths, so FONT-RED and PHRASE-* are off; the
    director reads so under the 规则集 line, with the line to write (fh44k)."""
    page, _ = _report(_killbar7(sample_game), f"{DAY2} 23:30")
    line = re.search(r'<p class="muted" id="rules-off">(.*?)</p>', page)
    assert line is not None
    said = line.group(1)
    assert "默认不查" in said and "使用红色字体" in said and "用语检查" in said, said
    assert "导演指南第 7 节" in said and "auditor rules" in said, said
    # each named with its code, as 导演指南 §7 promises (fh45b: 「其他 8 条」 named none)
    assert "使用红色字体（FONT-RED）" in said and "其他 " not in said.split("用语检查")[0], said
    first = page.index('id="rules-off"')
    assert first < page.index('id="summary"')  # the first screen: before the summary


def test_a_check_turned_on_is_no_longer_said_off() -> None:
    off = rules_off(load_ruleset("killbar7", {}))
    on = rules_off(load_ruleset("killbar7", {"FONT-RED": {"enabled": True}}))
    assert "使用红色字体" in off and "使用红色字体" not in on and "使用放大字体" in on, on
    every = load_ruleset("rabbit030", {"PHRASE-CENSOR": {"enabled": True}})
    assert "论坛词语过滤" not in rules_off(every)


def test_the_guide_section_the_report_names_turns_a_check_on() -> None:
    """The report's line sends the director to 导演指南第 7 节: it says 版杀7 leaves red font
    and the phrase checks off and gives the game file's lines (fh44k)."""
    guide = (SAMPLE.parents[2] / "docs" / "导演指南.md").read_text("utf-8")
    part = guide.split("## 7. ", 1)[1].split("\n## ", 1)[0]
    assert "版杀7" in part and "红色字体" in part and "默认都不查" in part, part
    assert "[rules.FONT-RED]\nenabled = true" in part, part
