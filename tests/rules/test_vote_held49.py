"""Votes, session 49 round 2 (大刘's labelled 版杀7 game, fh49b): a change written with the
vote's label where the rule set prescribes no change label, and a vote post whose only stored
text was edited after the close (held, not counted, asked)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.rules.test_votes import KILLBAR_DAY, at, book_of, vote

LABELLED = '\n[rules.VOTE-FORMAT]\nformat = "labelled"\n'


def _post(author: str, tid: int, when: Any, message: str, pid: int) -> dict[str, Any]:
    return {"author": author, "tid": tid, "at": when, "message": message, "pid": pid}


# A change said in words, then written with the vote's labels (版杀7 4.1.2 说明 2 counts one
# change and prescribes no 改票格式): the said change before the label, or in the reason.
CHANGES = [
    "重新改票——\n投票对象：烧卖\n投票理由：油条那段逻辑把我说服了",
    "投票对象：烧卖 投票理由：我改票，前面看走眼了",
]


@pytest.mark.parametrize("message", CHANGES)
def test_killbar7_labelled_change_needs_no_change_label(tmp_path: Path, message: str) -> None:
    # a 版杀7 director who sets format = "labelled" (the docs' form) is no worse off than with
    # free: the change stands (his 「改票⏎投票对象：狗不理」 was void, 改票应写“改票对象：”)
    posts = [
        _post("饺子", 12, at(1, 10), "投票对象：油条 投票理由：发言太飘", 1301),
        _post("饺子", 12, at(1, 15), message, 1302),
    ]
    book = book_of(tmp_path, "killbar7", [KILLBAR_DAY, LABELLED], posts, now=at(5, 12))
    change = next(b for b in book.days[1].ballots if b.pid == 1302)
    assert change.valid and change.target == "烧卖" and change.kind.value == "change"
    assert book.days[1].rounds[0].counts == {"烧卖": 1.0}


@pytest.mark.parametrize("message", CHANGES)
def test_m107_change_still_needs_the_change_label(tmp_path: Path, message: str) -> None:
    # M107 投票规则「改票时…明确说明改票对象和改票理由」: the same post is void there
    posts = [
        vote("饺子", 1, at(1, 10), "油条", pid=1301),
        _post("饺子", 12, at(1, 15), message, 1302),
    ]
    book = book_of(tmp_path, "m107", "", posts)
    change = next(b for b in book.days[1].ballots if b.pid == 1302)
    assert not change.valid and change.problem == "format"
    assert "改票对象" in change.detail


def test_vote_edited_after_the_close_with_no_earlier_version_is_held(tmp_path: Path) -> None:
    # the only text stored was edited at 23:10 (本帖最后由 … 编辑), after the 22:00 close: what
    # stood at the close is unknown — held (not counted) and asked with its text and link
    posts = [
        vote("饺子", 1, at(1, 10), "包子", pid=1401),
        vote("馄饨", 1, at(1, 11), "包子", pid=1402),
        vote("油条", 1, at(1, 12), "烧卖", pid=1403, edited_at=at(1, 23, 10)),
    ]
    book = book_of(tmp_path, "m107", "", posts)
    held = next(b for b in book.days[1].ballots if b.pid == 1403)
    assert not held.valid and held.problem == "edited_after_close" and held.target is None
    assert held.target_text == "烧卖"
    day = book.days[1]
    assert day.rounds[0].counts == {"包子": 2.0}
    assert "油条" in day.voted  # still his vote post (M107 5(2)): no missing-vote card
    assert "暂不计票" in day.rounds[0].conflict and "烧卖" in day.rounds[0].conflict
    assert 1403 in day.rounds[0].asked


def test_held_vote_follows_the_recorded_vote_out_it_can_give(tmp_path: Path) -> None:
    # (day 2: M107's day 1 elects the sheriff) the director recorded 包子 out; the tally without the held post is a tie that the held
    # post, counted for 包子, turns into his vote-out: the round follows the record and asks
    event = """
[[event]]
type = "eliminated"
player = "包子"
at = 2026-11-21T22:00:00+08:00
how = "vote"
"""
    posts = [
        vote("饺子", 2, at(2, 10), "包子", pid=1501),
        vote("馄饨", 2, at(2, 11), "烧卖", pid=1502),
        vote("油条", 2, at(2, 12), "烧卖", pid=1503, edited_at=at(2, 23, 10)),
    ]
    book = book_of(tmp_path, "m107", event, posts)
    held = next(b for b in book.days[2].ballots if b.pid == 1503)
    assert held.valid and held.target == "包子" and "关门后编辑过" in held.note
    assert book.days[2].rounds[0].conflict  # asked, never silent
