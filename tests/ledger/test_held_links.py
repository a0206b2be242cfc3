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


def _checked(**fields: object) -> object:
    from types import SimpleNamespace

    return SimpleNamespace(proposals=[], proposal_days=[], **fields)


def test_a_tally_question_links_to_each_post_it_asks_about() -> None:
    """A 计票待核对 question names its posts by their links (the tally's ``conflict_pids``):
    one post, or each of several; a record without them (an older check) asks still, with
    no link; the report's 游戏文件需要核对 list takes the same links by the notice's text."""
    from types import SimpleNamespace

    from auditor.report.records import conflict_links

    unsure = "第2天：计票结果未定：包子的帖子「票我放油条那边了哈」读不出投给谁。请核对"
    other = "第3天：游戏文件写石头出局，计票是北风。请核对游戏文件"
    checked = _checked(
        conflicts=[unsure, other, "第4天：计票结果未定：没有帖子"],
        conflict_days=[2, 3, 4],
        conflict_pids=[[5046], [5092, 5094, 5092]],
    )
    game = SimpleNamespace(discovery=SimpleNamespace(unread=[]), days=[])  # (it discovers)
    asked = open_questions(game, checked, BASE)  # type: ignore[arg-type]
    day2, day3, day4 = (asked[d][0] for d in (2, 3, 4))
    assert day2.kind == "conflict" and day2.text.startswith("计票待核对：")
    assert day2.links == (f"{BASE}forum.php?mod=redirect&goto=findpost&pid=5046",)
    assert day2.said().endswith(f"（{day2.link}）")
    assert [x.rsplit("=", 1)[1] for x in day3.links] == ["5092", "5094"]  # each once
    assert day4.links == () and day4.link is None and day4.said() == day4.text
    # no forum address (a saved-pages game without url): no link, never a bare pid
    bare = open_questions(game, checked, None)  # type: ignore[arg-type]
    assert all(q.links == () for qs in bare.values() for q in qs)
    assert not any("5046" in q.said() for qs in bare.values() for q in qs)
    links = conflict_links(checked, BASE)  # type: ignore[arg-type]
    assert links == {unsure: list(day2.links), other: list(day3.links)}


def _day(number: int, opens: str, closes: str) -> object:
    from datetime import datetime

    from auditor.game.gamefile import DaySpec

    tz = __import__("zoneinfo").ZoneInfo("Asia/Shanghai")
    return DaySpec(
        number,
        datetime.fromisoformat(opens).replace(tzinfo=tz),
        datetime.fromisoformat(closes).replace(tzinfo=tz),
    )


def test_a_question_raised_at_night_belongs_to_the_day_it_is_about() -> None:
    """fh46b item 7 / fh46c item 1: a substitute proposed after day 1 closed (it takes effect
    from its time: it cannot change day 1's counts) and, under 版杀7 (6.2 夜晚的帖子算第二天),
    a director's night post not read are day 2's questions — they do not reopen day 1's
    approved cards; a vote-out read at night stays the closed day's; a night post under a
    rule set without that clause stays the closed day's."""
    from datetime import datetime
    from types import SimpleNamespace

    from auditor.game.confirm import Proposal
    from auditor.game.gamefile import Event, EventType

    days = [
        _day(1, "2026-12-01T00:00", "2026-12-03T23:59:59"),
        _day(2, "2026-12-05T00:00", "2026-12-05T23:59:59"),
    ]
    tz = days[0].opens.tzinfo  # type: ignore[attr-defined]
    night = datetime(2026, 12, 4, 22, 0, tzinfo=tz)
    sub = Proposal(
        "event", Event(EventType.SUBSTITUTE, "藕片", night, value="冰粉"), "pid 1089", pid=1089
    )
    out = Proposal(
        "event", Event(EventType.ELIMINATED, "鸭肠", night, "vote"), "pid 1080", pid=1080
    )
    unread = SimpleNamespace(
        posted_at=night, floor=3, pid=1090, excerpt=lambda: "第二天开始…", link=lambda base: None
    )
    disc = SimpleNamespace(unread=[unread], pending=lambda: [sub, out], subjects={})
    game = SimpleNamespace(discovery=disc, days=days, timezone=tz)

    def filed(night_posts: str) -> dict[str, int]:
        asked = open_questions(game, None, None, night_posts=night_posts)  # type: ignore[arg-type]
        return {q.ident: d for d, qs in asked.items() for q in qs}

    killbar7 = filed("next_day")
    assert killbar7[sub.id] == 2 and killbar7["1090"] == 2 and killbar7[out.id] == 1
    m107 = filed("none")
    assert m107[sub.id] == 2 and m107["1090"] == 1 and m107[out.id] == 1
