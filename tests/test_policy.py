"""Card policy (auditor.policy): fixed cards, escalation by kind, merging."""

from __future__ import annotations

import pytest

from auditor.policy import Card, Offence, kind_of, merge, order_key, suggest


def offence(code: str = "FONT-RED", *, kind: str | None = None, player: str = "饺子", day: int = 2,
            at: str = "2026-11-21T10:00:00+08:00", card: str = "blue", fp: str = "x") -> Offence:
    return Offence(fingerprint=fp, id="F" + fp.upper(), code=code, kind=kind or code, player=player,
                   day=day, order=order_key(day, at, 3, 1003), default_card=card,
                   card_source="判罚制度")


def approved(card: str = "blue", *, kind: str = "FONT-RED", player: str = "饺子", day: int = 1,
             at: str = "2026-11-20T10:00:00+08:00", fp: str = "old") -> Card:
    return Card(fingerprint=fp, id="FOLD", player=player, card=card, kind=kind, code=kind, day=day,
                order=order_key(day, at, 2, 1001))


def test_first_offence_of_a_kind_is_blue() -> None:
    s = suggest(offence(), [])
    assert s.card == "blue"
    assert "首次" in s.reason


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
    s = suggest(offence("LURK-DAY", card=card), [approved(kind="LURK-DAY"), approved(kind="LURK-DAY")])
    assert s.card == card
    assert "判罚制度" in s.reason  # carries the rule set's citation


def test_kind_of_reads_the_rule_option() -> None:
    opts = {"FONT-RED": {"kind": "030-6(1)"}, "FONT-SIZE": {"kind": ""}}
    assert kind_of("FONT-RED", opts) == "030-6(1)"
    assert kind_of("FONT-SIZE", opts) == "FONT-SIZE"
    assert kind_of("GONE", opts) == "GONE"


@pytest.mark.parametrize(("cards", "expect"), [
    ([], (0, 0, 0, False)),
    (["blue"] * 2, (2, 0, 0, False)),
    (["blue"] * 3, (0, 1, 0, False)),
    (["blue"] * 4 + ["yellow"], (1, 2, 0, False)),
    (["blue"] * 3 + ["yellow"] * 2, (0, 0, 1, True)),
    (["yellow"] * 7, (0, 1, 2, True)),
    (["red"], (0, 0, 1, True)),
    (["blue"] * 9, (0, 0, 1, True)),
])
def test_merge(cards: list[str], expect: tuple[int, int, int, bool]) -> None:
    s = merge(cards)
    assert (s.blue, s.yellow, s.red, s.sent_off) == expect
    assert s.raw_blue == cards.count("blue")
