"""Card policy (auditor.ledger.policy): fixed cards, escalation by kind, merging."""

from __future__ import annotations

from datetime import datetime

import pytest

from auditor.ledger.policy import Card, Offence, kind_of, merge, order_key, suggest


def offence(
    code: str = "FONT-RED",
    *,
    kind: str | None = None,
    player: str = "饺子",
    day: int = 2,
    at: str = "2026-11-21T10:00:00+08:00",
    card: str = "blue",
    fp: str = "x",
) -> Offence:
    return Offence(
        fingerprint=fp,
        id="F" + fp.upper(),
        code=code,
        kind=kind or code,
        player=player,
        day=day,
        order=order_key(day, at, 3, 1003),
        default_card=card,
        card_source="判罚制度",
    )


def approved(
    card: str = "blue",
    *,
    kind: str = "FONT-RED",
    player: str = "饺子",
    day: int = 1,
    at: str = "2026-11-20T10:00:00+08:00",
    fp: str = "old",
) -> Card:
    return Card(
        fingerprint=fp,
        id="FOLD",
        player=player,
        card=card,
        kind=kind,
        code=kind,
        day=day,
        order=order_key(day, at, 2, 1001),
    )


def test_first_offence_of_a_kind_is_blue() -> None:
    s = suggest(offence(), [])
    assert s.card == "blue"
    assert "首次" in s.reason


def test_reasons_name_the_kind_and_the_missing_seed_text_in_chinese() -> None:
    off = offence("PHRASE-BODY", kind="m107-违规1")
    titled = Offence(**{**{f: getattr(off, f) for f in off.__slots__}, "kind_title": "称谓与叹词"})
    assert suggest(titled, []).reason.startswith("首次违规（称谓与叹词）：蓝牌")
    assert "m107-违规1" not in suggest(titled, [approved(kind="m107-违规1")]).reason
    fixed = Offence(
        **{
            **{f: getattr(off, f) for f in off.__slots__},
            "default_card": "warning",
            "card_source": "no seed text: 只提醒导演",
        }
    )
    reason = suggest(fixed, []).reason
    assert "no seed text" not in reason and "种子规则没有直接条文：只提醒导演" in reason


def test_same_kind_after_an_approved_blue_is_yellow() -> None:
    s = suggest(offence(), [approved()])
    assert s.card == "yellow"
    assert "FOLD" in s.reason and "第1天" in s.reason


def test_other_kind_or_other_player_does_not_escalate() -> None:
    assert suggest(offence(), [approved(kind="PASTE-LINK")]).card == "blue"
    assert suggest(offence(), [approved(player="包子")]).card == "blue"


def test_a_later_card_does_not_escalate_an_earlier_offence() -> None:
    later = approved(day=3, at="2026-11-22T10:00:00+08:00")
    assert suggest(offence(), [later]).card == "blue"


def test_grouped_kind_escalates_across_codes() -> None:
    # 030 6(1): red font and enlarged font are one clause, so one kind.
    size = offence("FONT-SIZE", kind="030-6(1)")
    assert suggest(size, [approved(kind="030-6(1)")]).card == "yellow"


@pytest.mark.parametrize("card", ["yellow", "red", "substitute", "warning"])
def test_non_blue_defaults_are_fixed(card: str) -> None:
    s = suggest(
        offence("LURK-DAY", card=card), [approved(kind="LURK-DAY"), approved(kind="LURK-DAY")]
    )
    assert s.card == card
    assert "判罚制度" in s.reason  # carries the rule set's citation


def test_kind_of_reads_the_rule_option() -> None:
    opts = {"FONT-RED": {"kind": "030-6(1)"}, "FONT-SIZE": {"kind": ""}}
    assert kind_of("FONT-RED", opts) == "030-6(1)"
    assert kind_of("FONT-SIZE", opts) == "FONT-SIZE"
    assert kind_of("GONE", opts) == "GONE"


@pytest.mark.parametrize(
    ("cards", "expect"),
    [
        ([], (0, 0, 0, False)),
        (["blue"] * 2, (2, 0, 0, False)),
        (["blue"] * 3, (0, 1, 0, False)),
        (["blue"] * 4 + ["yellow"], (1, 2, 0, False)),
        (["blue"] * 3 + ["yellow"] * 2, (0, 0, 1, True)),
        (["yellow"] * 7, (0, 1, 2, True)),
        (["red"], (0, 0, 1, True)),
        (["blue"] * 9, (0, 0, 1, True)),
    ],
)
def test_merge(cards: list[str], expect: tuple[int, int, int, bool]) -> None:
    s = merge(cards)
    assert (s.blue, s.yellow, s.red, s.sent_off) == expect
    assert s.raw_blue == cards.count("blue")


# --------------------------------------------------------------------------- review fix 2:
# escalation needs the player to have been warned before he offended again (M107 黄牌
# 「因同一类行为已经吃过蓝牌后仍然明知故犯」; 030 黄牌「已经提醒后仍明知故犯」).


def _at(text: str) -> datetime:
    return datetime.fromisoformat(text)


def timed_offence(at: str, *, day: int = 1, fp: str = "x") -> Offence:
    return Offence(
        fingerprint=fp,
        id="F" + fp.upper(),
        code="FONT-RED",
        kind="FONT-RED",
        player="饺子",
        day=day,
        order=order_key(day, at, 3, 1003),
        default_card="blue",
        posted_at=_at(at),
    )


def timed_card(posted: str, decided: str | None, *, day: int = 1) -> Card:
    return Card(
        fingerprint="old",
        id="FOLD",
        player="饺子",
        card="blue",
        kind="FONT-RED",
        code="FONT-RED",
        day=day,
        order=order_key(day, posted, 2, 1001),
        decided_at=_at(decided) if decided else None,
    )


def test_a_card_decided_after_the_repeat_was_posted_does_not_escalate() -> None:
    # Two red-font posts in one evening; the director approves the first blue next morning.
    first = timed_card("2026-11-20T20:00:00+08:00", "2026-11-21T08:00:00+08:00")
    repeat = timed_offence("2026-11-20T20:05:00+08:00")
    assert suggest(repeat, [first]).card == "blue"


def test_a_card_decided_before_the_repeat_escalates() -> None:
    first = timed_card("2026-11-20T20:00:00+08:00", "2026-11-21T08:00:00+08:00")
    repeat = timed_offence("2026-11-21T10:00:00+08:00", day=2)
    s = suggest(repeat, [first])
    assert s.card == "yellow" and "FOLD" in s.reason


def test_decision_times_compare_across_time_zones() -> None:
    # decided 2026-11-21 01:00 UTC = 09:00 +08:00, after a repeat at 08:30 +08:00
    first = timed_card("2026-11-20T20:00:00+08:00", "2026-11-21T01:00:00+00:00")
    assert suggest(timed_offence("2026-11-21T08:30:00+08:00", day=2), [first]).card == "blue"
    assert suggest(timed_offence("2026-11-21T09:30:00+08:00", day=2), [first]).card == "yellow"


def test_without_times_only_an_earlier_day_escalates() -> None:
    same_day = timed_card("2026-11-20T20:00:00+08:00", None)
    off = Offence(
        fingerprint="y",
        id="FY",
        code="FONT-RED",
        kind="FONT-RED",
        player="饺子",
        day=1,
        order=order_key(1, None, None, None),
        default_card="blue",
    )
    assert suggest(off, [same_day]).card == "blue"
    next_day = Offence(
        fingerprint="z",
        id="FZ",
        code="FONT-RED",
        kind="FONT-RED",
        player="饺子",
        day=2,
        order=order_key(2, None, None, None),
        default_card="blue",
    )
    assert suggest(next_day, [same_day]).card == "yellow"


def test_what_one_more_card_does_is_said_before_it_is_approved() -> None:
    """fh44: the third yellow silently became 红牌罚下.  判罚制度：三蓝合一黄、三黄合一红。"""
    from auditor.ledger.policy import escalation, sends_off

    assert escalation((0, 2, 0), "yellow") == "这是第3张黄牌 → 红牌罚下"
    assert sends_off((0, 2, 0), "yellow") and not sends_off((0, 2, 0), "blue")
    assert escalation((2, 2, 0), "blue") == "这是第3张蓝牌 → 黄牌，也是第3张黄牌 → 红牌罚下"
    assert sends_off((2, 2, 0), "blue")
    assert escalation((2, 0, 0), "blue") == "这是第3张蓝牌 → 黄牌"
    assert not sends_off((2, 0, 0), "blue")
    assert escalation((0, 1, 0), "yellow") == "" and escalation((1, 0, 0), "blue") == ""
    assert escalation((0, 0, 0), "red") == "红牌罚下" and sends_off((0, 0, 0), "red")
    assert escalation((0, 3, 0), "yellow") == ""  # sent off already: the 4th yellow adds no red
    assert escalation((0, 5, 0), "yellow") == "这是第3张黄牌 → 第2张红牌"
    assert escalation((0, 0, 0), "warning") == "" and not sends_off((0, 2, 0), "none")
