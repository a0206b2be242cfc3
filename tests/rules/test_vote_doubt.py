"""A round's outcome is never stated as certain when a post read neither way could change it
(session 40, issue 37; never silent): under the free format (版杀7 4.1.2 names no format, so
no seed voids an unreadable vote) an attempt whose target names no player, or a post with a
player's name after a vote word that the reader neither accepts nor undoes, is asked of the
director — with its text and link — when counting it could change a 过半, a tie, the top place
or the suspects.  When it could not, or a word undoes it, nothing is asked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.rules.test_votes import KILLBAR_DAY, at, book_of, kb


def _four_for_youtiao(extra: dict[str, Any]) -> list[dict[str, Any]]:
    """试探性投票 of eight: 油条 4 (not more than half of 8), 烧卖 3, and one more post."""
    votes = [("饺子", "油条"), ("馄饨", "油条"), ("豆浆", "油条"), ("春卷", "油条")]
    votes += [("油条", "烧卖"), ("烧卖", "烧卖"), ("汤圆", "烧卖")]
    return [kb(a, 12, at(1, 10, i), t) for i, (a, t) in enumerate(votes)] + [extra]


def _said(text: str) -> dict[str, Any]:
    return {"author": "包子", "tid": 12, "at": at(1, 20), "message": text}


def test_an_unread_vote_that_could_make_a_majority_is_asked(tmp_path: Path) -> None:
    book = book_of(
        tmp_path, "killbar7", KILLBAR_DAY, _four_for_youtiao(_said("票我放油条那边了哈"))
    )
    first = book.days[1].rounds[0]
    assert "结果未定" in first.reason
    assert len(book.conflicts) == 1
    question = book.conflicts[0]
    assert "包子" in question and "票我放油条那边了哈" in question and "pid" in question


def test_an_attempt_at_no_player_that_could_change_the_suspects_is_asked(tmp_path: Path) -> None:
    book = book_of(tmp_path, "killbar7", KILLBAR_DAY, _four_for_youtiao(_said("投大白菜")))
    assert [b.problem for b in book.days[1].ballots if b.voter == "包子"] == ["target_not_player"]
    assert "结果未定" in book.days[1].rounds[0].reason
    assert book.conflicts


def test_nothing_is_asked_when_it_could_not_change_the_round(tmp_path: Path) -> None:
    # 烧卖 3 → 4 is still no majority of 8; the suspects stay 油条 and 烧卖
    book = book_of(
        tmp_path, "killbar7", KILLBAR_DAY, _four_for_youtiao(_said("票我放烧卖那边了哈"))
    )
    assert "结果未定" not in book.days[1].rounds[0].reason
    assert not book.conflicts


def test_nothing_is_asked_when_the_post_undoes_it(tmp_path: Path) -> None:
    for i, text in enumerate(
        ["大家别投油条", "要是投油条呢？", "馄饨说他投了油条", "如果油条不解释就投他"]
    ):
        book = book_of(tmp_path / str(i), "killbar7", KILLBAR_DAY, _four_for_youtiao(_said(text)))
        assert not book.conflicts, text
