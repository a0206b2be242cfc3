"""What a director reads says things in words: a rule by its Chinese title (its code kept
for the CSV and a grey tag), a time and the last close instead of a command-line flag."""

from __future__ import annotations

import re
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


# ---------------------------------------------------------------- presets' director-facing words

_OPEN_CLOSE = {"（": "）", "(": ")", "“": "”", "「": "」", "【": "】", "《": "》", "[": "]"}


def _balanced(text: str) -> bool:
    shut = {v: k for k, v in _OPEN_CLOSE.items()}
    stack: list[str] = []
    for ch in text:
        if ch in _OPEN_CLOSE:
            stack.append(ch)
        elif ch in shut and (not stack or stack.pop() != shut[ch]):
            return False
    return not stack


def _strings(value: object, where: str):  # type: ignore[no-untyped-def]
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(v, f"{where}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _strings(v, f"{where}[{i}]")
    elif isinstance(value, str):
        yield where, value


def test_balanced_brackets_and_helpers() -> None:
    assert _balanced("违规判定 5(1)：不足五帖（讨论帖与投票帖）")
    assert not _balanced("潜水固定黄牌（5(2) 未投票记黄牌））")
    assert not _balanced("（只有一半")
    assert not _balanced("（错配)")


@pytest.mark.parametrize("name", ["m107", "rabbit030", "m39", "killbar7"])
def test_a_preset_speaks_of_its_own_rule_post_with_balanced_brackets(name: str) -> None:
    """What a director reads from a preset — the card's citation (shown in （…） after the
    suggested card), why a rule is on, the kind of an offence — names no other preset's rule
    post (an M107 director has no 030 post to look up), every text has balanced brackets,
    a card's reason (which wraps the citation in （…）) never shows ``））``, and the tool's
    commentary in a citation stays in （…）, never a ``；`` part that reads as the seed's."""
    import tomllib

    from auditor.ledger.policy import card_cite
    from auditor.rules.ruleset import cite_prefixes
    from auditor.rulesets import names, preset_text
    from tests.rules.test_citations import norm, seed_text

    assert set(names()) == {"m107", "rabbit030", "m39", "killbar7"}  # a new one: add it above
    data = tomllib.loads(preset_text(name))
    seed = seed_text(data["ruleset"]["seed"])
    own = data["ruleset"]["title"].split()[0]
    others = [p for p in cite_prefixes().values() if p != own]
    bad = [(k, s) for k, s in _strings(data, name) if not _balanced(s)]
    assert bad == [], bad
    for code, rule in data.get("rules", {}).items():
        for key in ("card", "enabled", "kind"):
            cite = rule.get("sources", {}).get(key, "")
            named = [o for o in others if o in cite]
            assert named == [], (code, key, cite)
        card = rule.get("sources", {}).get("card", "")
        # the card's reason wraps the citation in （…）: never ）） on a card
        assert "））" not in f"（{card_cite(card)}）", (code, card)
        # a seed citation's ；-parts are clauses (条款：原文); the tool's gloss is in （…）
        if card and not card.startswith("no seed text"):
            bare = re.sub(r"“[^”]*”", "…", card)
            while re.search(r"（[^（）]*）", bare):
                bare = re.sub(r"（[^（）]*）", "", bare)
            glosses = [
                seg
                for seg in bare.split("；")
                if "：" not in seg
                and not re.fullmatch(r"\D*\d+(\(\d+\))?", seg.strip())  # 违规判定 5(2)
                and norm(seg) not in seed
            ]
            assert glosses == [], (code, card)


def test_a_cards_reason_sets_its_citations_gloss_off_with_a_dash() -> None:
    """A citation ending in its own （gloss） inside the reason's （…）: the gloss follows
    —— (no ））), a bracket inside the quote stays, and a citation without a gloss is kept."""
    from auditor.ledger.policy import card_cite

    said = card_cite("判罚制度 黄牌：已破坏平衡（潜水一律黄牌）")
    assert said == "判罚制度 黄牌：已破坏平衡——潜水一律黄牌"
    assert card_cite("投票规则：“（只）有一次改票”") == "投票规则：“（只）有一次改票”"
    assert card_cite("规则：甲（乙（丙））") == "规则：甲——乙（丙）"
    assert card_cite("违规判定 5(2)：未投票") == "违规判定 5(2)：未投票"


def _aside(*subjects: str) -> list[str]:
    from types import SimpleNamespace

    from auditor.game.discover import Listed
    from auditor.report.labels import set_aside_votes

    listed = [Listed(300 + i, s, "不是游戏帖") for i, s in enumerate(subjects)]
    game = SimpleNamespace(discovery=SimpleNamespace(unclassified=listed), tag="M107")
    game.ruleset = "m107"
    return set_aside_votes(game)  # type: ignore[arg-type]


def test_only_an_audience_word_beside_a_days_vote_is_said_set_aside() -> None:
    """Review 43 A4, B3: a chat or recap word beside a day's vote (复盘, 吐槽, 灌水, 树洞,
    揭秘) is no vote thread and stops nothing; only the audience word (观众, 旁听) that
    set a day's vote aside is said, in plain words — no table or key of the game file."""
    chat = (
        "【M107】第2天 投票复盘",
        "【M107】第3天投票 吐槽帖",
        "【M107】揭秘：第2天投票的那些事",
        "【M107】第2天 投票 灌水楼",
        "【M107】第4天 投票树洞",
        "【M107】12月3日 投票吐槽",
        "【M107】第五天 投票结果大家一起复盘一下",
    )
    assert _aside(*chat) == []
    said = _aside("【M107】《12月1日 晚间新闻》观众投票热线", "【M107】第2天 旁听投票")
    assert len(said) == 2
    assert "12月1日的投票帖" in said[0] and "“观众”" in said[0]
    assert "第2天的投票帖" in said[1] and "“旁听”" in said[1]
    for text in said:
        assert not re.search(r"\[\[|tid\s*=|kind\s*=|\"vote\"", text), text
        assert "游戏文件里把它写成" in text
