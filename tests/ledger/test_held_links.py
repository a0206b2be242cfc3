"""Every day's question points at the post it is about (issue 34 §3: a question with its
text and a link): a 待确认 proposal read from a director's post links to that post, as a
未读懂的公告 does (session 43 desk brief item 2)."""

from __future__ import annotations

from pathlib import Path

from auditor import pipeline
from auditor.ledger.held import open_questions
from tests.desk_helpers import fh42_unread

BASE = "https://bbs.example.com/"


def test_a_proposal_read_from_a_post_links_to_it(tmp_path: Path) -> None:
    game = fh42_unread(tmp_path / "wugang")
    pipeline.audit(game, reports=tmp_path / "reports")
    g = pipeline.open_game(game)
    with pipeline.open_store(g) as store:
        cur = pipeline.current(g, store)
        read = {p.id: p.pid for p in cur.discovery.pending() if p.pid is not None}
        asked = [q for qs in open_questions(cur, None, BASE).values() for q in qs]
    proposals = [q for q in asked if q.kind == "proposal" and q.ident in read]
    assert proposals
    for q in proposals:
        assert q.link is not None and q.link.endswith(f"&pid={read[q.ident]}"), q
        assert q.said().endswith(f"（{q.link}）")
    unread = [q for q in asked if q.kind == "unread"]
    assert unread and all(q.link and q.link.endswith(f"&pid={q.ident}") for q in unread)
