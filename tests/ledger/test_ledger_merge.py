"""Merged drafts (one card per clause on one post): decisions on any member count once,
and the newest one wins (review findings)."""

from __future__ import annotations

from pathlib import Path

from auditor.ledger.decisions import decide
from auditor.ledger.ledger import load_ledger
from auditor.store import Store
from tests.ledger_helpers import finding, make_game


def test_a_decision_on_a_follower_applies_to_the_merged_draft(tmp_path: Path) -> None:
    game = make_game(tmp_path, "rabbit030")
    body = finding("PHRASE-BODY", "包子", 1, 1001, text="吊")
    vulgar = finding("PHRASE-VULGAR", "包子", 1, 1001, text="卧槽")
    with Store(tmp_path / "g.sqlite") as store:
        store.save_findings([body, vulgar], 1)
        decide(game, store, body.id, "approve")
        recorded = decide(game, store, vulgar.id, "reject", note="其实是方言")
        assert recorded.id == body.id  # recorded on the draft the director sees
        led = load_ledger(game, store)
        assert [(c.id, c.card) for c in led.cards] == []
        assert [(d.id, d.decision) for d in led.decided] == [(body.id, "reject")]


def test_the_newest_decision_of_a_group_wins(tmp_path: Path) -> None:
    game = make_game(tmp_path, "rabbit030")
    body = finding("PHRASE-BODY", "包子", 1, 1001, text="吊")
    vulgar = finding("PHRASE-VULGAR", "包子", 1, 1001, text="卧槽")
    with Store(tmp_path / "g.sqlite") as store:
        store.save_findings([body, vulgar], 1)
        # Decisions stored on both members (e.g. before the merge existed): the later one,
        # an approval as yellow, is the group's.
        store.db.execute(
            "INSERT INTO decisions (fingerprint, finding_id, decision, card, suggested, note,"
            " decided_by, decided_at, source) VALUES (?, ?, 'reject', NULL, 'blue', '', '导演',"
            " '2026-11-21T10:00:00+08:00', 'cli')",
            (body.fingerprint, body.id),
        )
        store.db.execute(
            "INSERT INTO decisions (fingerprint, finding_id, decision, card, suggested, note,"
            " decided_by, decided_at, source) VALUES (?, ?, 'approve', 'yellow', 'blue', '',"
            " '导演', '2026-11-21T11:00:00+08:00', 'cli')",
            (vulgar.fingerprint, vulgar.id),
        )
        led = load_ledger(game, store)
        assert [(c.card) for c in led.cards] == ["yellow"]


def test_re_approving_an_earlier_card_with_a_note_keeps_a_later_yellow(tmp_path: Path) -> None:
    """Escalation counts from when a card was first approved, not from a later note."""
    from datetime import datetime

    at = datetime.fromisoformat
    game = make_game(tmp_path, "m107")
    a = finding("FONT-RED", "包子", 1, 1001, at="2026-11-20T10:00:00+08:00")
    b = finding("FONT-RED", "包子", 2, 1101, at="2026-11-21T10:00:00+08:00")
    with Store(tmp_path / "g.sqlite") as store:
        store.save_findings([a, b], 1)
        decide(game, store, a.id, "approve", at=at("2026-11-21T08:00:00+08:00"))
        decide(game, store, b.id, "approve", at=at("2026-11-22T08:00:00+08:00"))

        def cards() -> list[tuple[str, str]]:
            return sorted(
                ("A" if c.id == a.id else "B", c.card) for c in load_ledger(game, store).cards
            )

        assert cards() == [("A", "blue"), ("B", "yellow")]
        decide(game, store, a.id, "approve", note="补充说明", at=at("2026-11-25T08:00:00+08:00"))
        assert cards() == [("A", "blue"), ("B", "yellow")]
        # Rejecting A and approving it again later re-issues it: B no longer follows a card.
        decide(game, store, a.id, "reject", at=at("2026-11-26T08:00:00+08:00"))
        decide(game, store, a.id, "approve", at=at("2026-11-27T08:00:00+08:00"))
        assert cards() == [("A", "blue"), ("B", "blue")]
