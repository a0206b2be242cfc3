"""跟X in the tally (issue 37, session 42 round 3): a ballot that follows X's vote counts for
X's standing valid vote in the same round at the post's time (M107 投票规则 时间以论坛发帖时间为准),
shown to the director as that reading with X's post; X with no standing vote then: void and
asked; a 代投 of 跟X is a condition (000 玩家须知 9 不允许给出条件让导演确定投票对象，否则视为
弃权); under a labelled preset 跟X names no target and stays a void vote post.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from auditor.rules.votebook.parse import _followed_target
from tests.rules.test_votes import KILLBAR_DAY, at, book_of, kb, vote


def _say(author: str, when: Any, text: str, tid: int = 12) -> dict[str, Any]:
    return {"author": author, "tid": tid, "at": when, "message": text}


def _mine(book: Any, voter: str) -> Any:
    (b,) = [b for b in book.days[1].ballots if b.voter == voter and b.round == 1]
    return b


def test_a_follow_counts_for_the_followed_players_vote_at_the_time(tmp_path: Path) -> None:
    posts = [
        kb("饺子", 12, at(1, 10), "油条"),
        _say("包子", at(1, 11), "跟饺子"),
        kb("馄饨", 12, at(1, 12), "烧卖"),
    ]
    book = book_of(tmp_path, "killbar7", KILLBAR_DAY, posts, now=at(5, 12))
    b = _mine(book, "包子")
    assert (b.valid, b.target) == (True, "油条")
    # the reading is shown with 饺子's post (its 楼 or link), never silent
    assert "跟饺子" in b.note and "油条" in b.note and ("楼" in b.note or "http" in b.note)
    assert book.days[1].rounds[0].counts["油条"] == 2.0


def test_a_later_change_of_the_followed_player_does_not_move_the_follow(tmp_path: Path) -> None:
    posts = [
        kb("饺子", 12, at(1, 10), "油条"),
        _say("包子", at(1, 11), "跟着饺子投"),
        _say("饺子", at(1, 15), "改票，投烧卖"),
    ]
    book = book_of(tmp_path, "killbar7", KILLBAR_DAY, posts, now=at(5, 12))
    assert _mine(book, "包子").target == "油条"


def test_a_follow_before_the_followed_player_votes_is_void_and_asked(tmp_path: Path) -> None:
    # twin: 饺子 votes only after 包子's post — at the post's time there is nothing to follow
    posts = [_say("包子", at(1, 9), "跟饺子"), kb("饺子", 12, at(1, 10), "油条")]
    book = book_of(tmp_path, "killbar7", KILLBAR_DAY, posts, now=at(5, 12))
    b = _mine(book, "包子")
    assert (b.valid, b.problem) == (False, "format")
    assert "跟饺子" in b.detail and "请导演核对" in b.detail
    assert book.days[1].rounds[0].counts == {"油条": 1.0}


def test_a_chain_of_follows_resolves_and_a_circle_is_asked(tmp_path: Path) -> None:
    posts = [
        kb("饺子", 12, at(1, 10), "油条"),
        _say("包子", at(1, 11), "跟饺子"),
        _say("馄饨", at(1, 12), "跟包子"),
    ]
    book = book_of(tmp_path / "a", "killbar7", KILLBAR_DAY, posts, now=at(5, 12))
    assert _mine(book, "馄饨").target == "油条"
    circle = [_say("包子", at(1, 11), "跟馄饨"), _say("馄饨", at(1, 12), "跟包子")]
    book = book_of(tmp_path / "b", "killbar7", KILLBAR_DAY, circle, now=at(5, 12))
    assert not [b for b in book.days[1].ballots if b.valid]


def test_a_proxy_of_a_follow_is_a_condition_and_abstains(tmp_path: Path) -> None:
    posts = [kb("饺子", 12, at(1, 10), "油条"), _say("包子", at(1, 11), "跟饺子")]
    book = book_of(tmp_path, "killbar7", KILLBAR_DAY, posts, now=at(5, 12))
    own = _mine(book, "包子")
    proxied = _followed_target(replace(own, proxy="导演", target=None, note=""), "饺子")
    assert (proxied.target, proxied.follows) == ("弃权", "")
    assert "条件" in proxied.detail and "跟饺子" in proxied.detail
    # the twin: the player's own post is left to the judge, who reads 饺子's vote
    assert _followed_target(replace(own, target=None), "饺子").follows == "饺子"


def test_under_a_labelled_preset_a_follow_stays_a_void_vote_post(tmp_path: Path) -> None:
    posts = [vote("饺子", 1, at(1, 10), "包子"), _say("馄饨", at(1, 11), "跟饺子")]
    book = book_of(tmp_path, "m107", "", posts)
    for b in book.days[1].ballots:
        assert b.voter != "馄饨" or (not b.valid and b.target != "包子")
    assert book.days[1].rounds[0].counts == {"包子": 1.0}


# 还剩N分钟 (issue 37 round 3 item 2): the forum's post time decides (M107 投票规则 时间以论坛发帖
# 时间为准); a post whose own words say another time left is asked, never silently believed.


def _said(book: Any, voter: str) -> list[str]:
    return [text for key, text in _mine(book, voter).notices if key == "time_said"]


def test_time_left_said_against_the_forum_time_is_asked(tmp_path: Path) -> None:
    posts = [_say("饺子", at(1, 18), "油条。还剩20分钟了，赶紧投")]
    book = book_of(tmp_path, "killbar7", KILLBAR_DAY, posts, now=at(5, 12))
    b = _mine(book, "饺子")
    assert (b.valid, b.target) == (True, "油条")  # the forum's time decides: it stands
    (notice,) = _said(book, "饺子")
    assert "20 分钟" in notice and "论坛发帖时间" in notice and "请导演核对" in notice


def test_time_left_said_as_the_forum_time_shows_asks_nothing(tmp_path: Path) -> None:
    posts = [_say("饺子", at(1, 23, 41), "油条。还剩20分钟了，赶紧投")]
    book = book_of(tmp_path, "killbar7", KILLBAR_DAY, posts, now=at(5, 12))
    assert _said(book, "饺子") == []
