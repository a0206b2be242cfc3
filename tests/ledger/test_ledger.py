"""The ledger: drafts from findings, decisions re-applied, standings and warnings."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from auditor.ledger.decisions import add_card, decide
from auditor.ledger.ledger import load_ledger
from auditor.rules.engine import ruleset_for
from auditor.store import Store
from tests.ledger_helpers import finding, make_game


def test_drafts_suggest_and_escalate_after_approval(tmp_path: Path) -> None:
    game = make_game(tmp_path)
    first = finding("GHOST-POST", "油条", 1, 1001)
    again = finding("GHOST-POST", "油条", 2, 1101)
    lurk = finding("LURK-DAY", "春卷", 1, card="yellow")
    with Store(tmp_path / "g.sqlite") as store:
        store.save_findings([first, again, lurk], 1)
        led = load_ledger(game, store)
        assert [(d.id, d.suggested) for d in led.drafts] == [
            (first.id, "blue"),
            (lurk.id, "yellow"),
            (again.id, "blue"),
        ]
        assert "固定" in led.draft(lurk.id).reason  # type: ignore[union-attr]

        decide(
            game, store, first.id, "approve", at=datetime.fromisoformat("2026-11-21T08:00:00+08:00")
        )
        led = load_ledger(game, store)
        assert led.draft(first.id) is None  # approved: never suggested again
        assert led.draft(again.id).suggested == "yellow"  # type: ignore[union-attr]
        assert led.standing("油条").standing.blue == 1  # type: ignore[union-attr]
        assert led.standing("油条").pending == 1  # type: ignore[union-attr]


def test_rejected_finding_never_returns(tmp_path: Path) -> None:
    game = make_game(tmp_path)
    f = finding("GHOST-POST", "油条", 1, 1001)
    with Store(tmp_path / "g.sqlite") as store:
        store.save_findings([f], 1)
        decide(game, store, f.id, "reject", note="误判：是遗言")
        store.save_findings([f], 2)  # the next run finds it again
        led = load_ledger(game, store)
        assert led.drafts == []
        assert [(x.id, x.decision, x.note) for x in led.decided] == [
            (f.id, "reject", "误判：是遗言")
        ]


def test_merging_and_red_without_sent_off_event(tmp_path: Path) -> None:
    game = make_game(tmp_path)
    fs = [finding("GHOST-POST", "油条", 1, 1001 + i, key=str(i)) for i in range(3)]
    with Store(tmp_path / "g.sqlite") as store:
        store.save_findings(fs, 1)
        for f in fs:
            decide(game, store, f.id, "approve", card="yellow")
        led = load_ledger(game, store)
        s = led.standing("油条").standing  # type: ignore[union-attr]
        assert (s.blue, s.yellow, s.red, s.sent_off) == (0, 0, 1, True)
        assert [w.kind for w in led.warnings] == ["red_not_sent_off"]


def test_two_reds_in_one_faction_030(tmp_path: Path) -> None:
    extra = """
[[event]]
type = "faction"
player = "饺子"
value = "狼人"

[[event]]
type = "faction"
player = "包子"
value = "狼人"

[[event]]
type = "eliminated"
player = "饺子"
at = 2026-11-21T12:00:00+08:00
how = "sent_off"

[[event]]
type = "eliminated"
player = "包子"
at = 2026-11-21T13:00:00+08:00
how = "sent_off"
"""
    game = make_game(tmp_path, "rabbit030", extra)
    with Store(tmp_path / "g.sqlite") as store:
        add_card(game, store, "饺子", "red", "作弊：场外交流", day=2)
        led = load_ledger(game, store)
        assert not [w for w in led.warnings if w.kind == "faction_loses"]
        add_card(game, store, "包子", "red", "非法登录他人帐号", day=2)
        led = load_ledger(game, store)
        kinds = [w.kind for w in led.warnings]
        assert kinds == ["faction_loses"]
        assert "狼人" in led.warnings[0].message
    # m107 does not say so: no faction warning there.
    game107 = make_game(tmp_path, "m107", extra)
    assert not ruleset_for(game107).settings["factions_lose_on_two_reds"]


def test_red_with_unknown_faction_is_a_warning_in_030(tmp_path: Path) -> None:
    game = make_game(tmp_path, "rabbit030")
    with Store(tmp_path / "g.sqlite") as store:
        add_card(game, store, "饺子", "red", "作弊", day=1)
        kinds = sorted(w.kind for w in load_ledger(game, store).warnings)
        assert kinds == ["faction_unknown", "red_not_sent_off"]


def test_substitute_inherits_cards(tmp_path: Path) -> None:
    extra = """
[[event]]
type = "substitute"
player = "豆浆"
at = 2026-11-21T08:00:00+08:00
value = "新来的"
"""
    game = make_game(tmp_path, "m107", extra)
    f = finding("GHOST-POST", "豆浆", 1, 1001)
    with Store(tmp_path / "g.sqlite") as store:
        store.save_findings([f], 1)
        assert not load_ledger(game, store).warnings
        decide(game, store, f.id, "approve")
        led = load_ledger(game, store)
        assert [w.kind for w in led.warnings] == ["substitute"]
        assert "新来的" in led.warnings[0].message and "蓝 1" in led.warnings[0].message
        said = led.warnings[0].message
        assert (
            said
            == "新来的 用自己的帐号替补 豆浆：豆浆 已有的牌（蓝 1、黄 0、红 0）由 新来的 继承。"
        )


def test_a_substitute_on_the_seats_account_reads_plainly(tmp_path: Path) -> None:
    """fh43: M39's substitute plays on the seat's account (no ``value``): the line was
    「注意：替补玩家 替补接替 竹影：该帐号已有的牌由替补继承」."""
    extra = """
[[event]]
type = "substitute"
player = "豆浆"
at = 2026-11-21T08:00:00+08:00
"""
    game = make_game(tmp_path, "m107", extra)
    f = finding("GHOST-POST", "豆浆", 1, 1001)
    with Store(tmp_path / "g.sqlite") as store:
        store.save_findings([f], 1)
        decide(game, store, f.id, "approve")
        (said,) = [w.message for w in load_ledger(game, store).warnings]
    assert said == "豆浆 的帐号换了替补来打：这个帐号已有的牌（蓝 1、黄 0、红 0）照样算。"
    assert "替补玩家" not in said and "替补接替" not in said


def test_manual_card_counts_and_can_be_withdrawn(tmp_path: Path) -> None:
    game = make_game(tmp_path)
    with Store(tmp_path / "g.sqlite") as store:
        mid = add_card(game, store, "馄饨", "yellow", "超时未交夜间行动", day=1)
        assert mid.startswith("M")
        assert load_ledger(game, store).standing("馄饨").standing.yellow == 1  # type: ignore[union-attr]
        decide(game, store, mid, "reject", note="补交了")
        assert load_ledger(game, store).standing("馄饨").standing.yellow == 0  # type: ignore[union-attr]
        assert len(store.decision_history()) == 2  # history kept


def test_killbar7_substitute_is_an_action_not_a_card(tmp_path: Path) -> None:
    game = make_game(tmp_path, "killbar7")
    f = finding("LURK-DAY", "春卷", 1, card="substitute")
    with Store(tmp_path / "g.sqlite") as store:
        store.save_findings([f], 1)
        led = load_ledger(game, store)
        assert led.drafts[0].suggested == "substitute"
        decide(game, store, f.id, "approve")
        st = load_ledger(game, store).standing("春卷")
        assert st is not None and st.actions == ("substitute",)
        assert (st.standing.blue, st.standing.yellow, st.standing.red) == (0, 0, 0)


def test_approved_finding_no_longer_found_warns(tmp_path: Path) -> None:
    game = make_game(tmp_path)
    f = finding("GHOST-POST", "油条", 1, 1001)
    with Store(tmp_path / "g.sqlite") as store:
        store.save_findings([f], 1)
        decide(game, store, f.id, "approve")
        store.save_findings([], 2)
        led = load_ledger(game, store)
        assert led.standing("油条").standing.blue == 1  # type: ignore[union-attr]
        assert [w.kind for w in led.warnings] == ["finding_gone"]


def test_030_groups_red_and_enlarged_font_as_one_kind(tmp_path: Path) -> None:
    # 030 违规判定 6(1) is one clause for both; M107 9(1) and 9(2) are two.
    red = finding("FONT-RED", "豆浆", 1, 1001)
    size = finding("FONT-SIZE", "豆浆", 2, 1101)
    for ruleset, expect in (("rabbit030", "yellow"), ("m107", "blue")):
        d = tmp_path / ruleset
        d.mkdir()
        game = make_game(d, ruleset)
        with Store(d / "g.sqlite") as store:
            store.save_findings([red, size], 1)
            decide(
                game,
                store,
                red.id,
                "approve",
                at=datetime.fromisoformat("2026-11-21T08:00:00+08:00"),
            )
            draft = load_ledger(game, store).draft(size.id)
            assert draft is not None and draft.suggested == expect, ruleset


# --------------------------------------------------------------------------- review fixes

MORNING_1 = datetime.fromisoformat("2026-11-20T08:00:00+08:00")  # before any day-1 post
MORNING_2 = datetime.fromisoformat("2026-11-21T08:00:00+08:00")  # after day 1, before day 2
MORNING_3 = datetime.fromisoformat("2026-11-22T08:00:00+08:00")


def test_one_nights_posts_do_not_escalate_each_other(tmp_path: Path) -> None:
    # Fix 2: three red-font posts in one evening, decided the next morning, are three blues
    # (not blue + yellow + yellow = sent off): he had not been warned when he wrote them.
    game = make_game(tmp_path)
    night = [
        finding("FONT-RED", "油条", 1, 1001 + i, key=str(i), at=f"2026-11-20T21:0{i}:00+08:00")
        for i in range(3)
    ]
    later = finding("FONT-RED", "油条", 2, 1101, at="2026-11-21T10:00:00+08:00")
    with Store(tmp_path / "g.sqlite") as store:
        store.save_findings([*night, later], 1)
        for f in night:
            decide(game, store, f.id, "approve", at=MORNING_2)
        led = load_ledger(game, store)
        assert [c.card for c in led.cards] == ["blue", "blue", "blue"]
        s = led.standing("油条").standing  # type: ignore[union-attr]
        assert (s.blue, s.yellow, s.red) == (0, 1, 0)  # three blues merge, not sent off
        assert led.draft(later.id).suggested == "yellow"  # type: ignore[union-attr]  # posted after the warning


def test_manual_card_counts_from_when_it_was_added(tmp_path: Path) -> None:
    game = make_game(tmp_path, extra="")
    f = finding("GHOST-POST", "油条", 2, 1101, at="2026-11-21T10:00:00+08:00")
    with Store(tmp_path / "g.sqlite") as store:
        store.save_findings([f], 1)
        add_card(game, store, "油条", "blue", "诈尸（导演发现）", day=1, kind="GHOST-POST")
        # a day-1 card, but added now (after the day-2 post): that post was not a repeat
        # after a warning
        assert load_ledger(game, store).draft(f.id).suggested == "blue"  # type: ignore[union-attr]


def test_accepted_suggestion_follows_the_card_it_relied_on(tmp_path: Path) -> None:
    # Fix 4: an approved yellow that only escalated a blue becomes blue again when that blue
    # is rejected; a colour the director chose himself stays.
    game = make_game(tmp_path)
    first = finding("GHOST-POST", "油条", 1, 1001)
    again = finding("GHOST-POST", "油条", 2, 1101)
    third = finding("GHOST-POST", "油条", 3, 1201, at="2026-11-22T10:00:00+08:00")
    with Store(tmp_path / "g.sqlite") as store:
        store.save_findings([first, again, third], 1)
        decide(game, store, first.id, "approve", at=MORNING_2)
        decide(game, store, again.id, "approve", at=MORNING_3)
        decide(game, store, third.id, "approve", card="yellow", at=MORNING_3)
        assert store.current_decisions()[again.fingerprint]["card"] is None  # follows the policy
        led = load_ledger(game, store)
        assert {c.id: c.card for c in led.cards} == {
            first.id: "blue",
            again.id: "yellow",
            third.id: "yellow",
        }
        decided = {x.id: x.card for x in led.decided}
        assert decided[again.id] == "yellow"
        decide(game, store, first.id, "reject", note="其实是引用")
        led = load_ledger(game, store)
        assert {c.id: c.card for c in led.cards} == {again.id: "blue", third.id: "yellow"}


def test_eliminated_player_with_a_red_is_not_asked_for_a_sent_off_event(tmp_path: Path) -> None:
    # Fix 5: 已出局角色仍可被判罚 — a red for a player already voted out needs no sent_off event.
    extra = """
[[event]]
type = "eliminated"
player = "油条"
at = 2026-11-20T22:00:00+08:00
how = "vote"
"""
    game = make_game(tmp_path, "m107", extra)
    with Store(tmp_path / "g.sqlite") as store:
        add_card(game, store, "油条", "red", "出局后场外交流", day=2)
        add_card(game, store, "包子", "red", "作弊", day=2)
        led = load_ledger(game, store)
        assert [(w.kind, w.player) for w in led.warnings] == [("red_not_sent_off", "包子")]
