"""The director's rulings on one vote in the vote thread, 跟楼上, a fresh vote after one's own
void vote, and the moment a killbar7 环节's 过半 was reached (issue 37, session 44)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from auditor.rules.votebook.declared import rulings
from tests.rules.test_votes import KILLBAR_DAY, at, book_of, kb, vote


def _say(author: str, when: Any, text: str, tid: int = 12) -> dict[str, Any]:
    return {"author": author, "tid": tid, "at": when, "message": text}


def _of(book: Any, voter: str, day: int = 1) -> list[Any]:
    return [b for b in book.days[day].ballots if b.voter == voter]


def test_a_riddle_the_director_resolves_counts_as_he_reads_it(tmp_path: Path) -> None:
    # 版杀7 4.1.2 names no format; the director decides the game: his 「X这票按Y记」 reads X's
    # post before it as a vote for Y, shown with his sentence (a riddle the post alone cannot
    # answer: the merged reader now reads a name hinted by one of its characters itself)
    posts = [
        kb("饺子", 12, at(1, 10), "油条"),
        _say("包子", at(1, 11), "这票给我昨晚私聊里说的那位。懂的都懂"),
        _say("导演", at(1, 12), "包子这票按油条记。请大家直接写名字。"),
    ]
    book = book_of(tmp_path, "killbar7", KILLBAR_DAY, posts, now=at(5, 12))
    (b,) = _of(book, "包子")
    assert (b.valid, b.target) == (True, "油条")
    assert "包子这票按油条记" in b.record()["note"]
    assert book.days[1].rounds[0].counts["油条"] == 2.0


def test_a_vote_the_director_voids_is_void_and_the_repost_is_a_fresh_vote(
    tmp_path: Path,
) -> None:
    # 004 代投时需给出明确的投票对象（不可设立投票条件）; 投票对象有误的票无效; 无效票须通过重新
    # 发帖来更正: the director voids the conditional vote, and the re-post (no quote) is a fresh
    # vote, not a change that must quote the first
    posts = [
        vote("饺子", 1, at(1, 10), "油条（如果油条晚上不跳预言家，就算烧卖）"),
        _say("导演", at(1, 11), "饺子：投票对象不能设条件，此票无效，请重新发帖投票。", tid=12),
        vote("饺子", 1, at(1, 12), "烧卖"),
    ]
    book = book_of(tmp_path, "m39", "", posts, now=at(5, 12))
    first, second = _of(book, "饺子")
    assert (first.valid, first.problem) == (False, "corrected")
    assert (second.valid, second.kind.value, second.target) == (True, "vote", "烧卖")


def test_a_repost_after_a_void_vote_is_fresh_in_a_killbar_round(tmp_path: Path) -> None:
    # 版杀7 4.1.2 2. 投票对象是…可疑者: a vote for a non-suspect is void; the re-post is the
    # player's vote (change false), not his one change (说明 2 每次投票只允许改票1次)
    r1 = [
        kb(a, 12, at(1, 10, i), t)
        for i, (a, t) in enumerate(
            [("饺子", "油条"), ("包子", "油条"), ("馄饨", "烧卖"), ("豆浆", "烧卖")]
        )
    ]
    r2 = [kb("饺子", 13, at(2, 10), "春卷"), kb("饺子", 13, at(2, 11), "烧卖")]
    book = book_of(tmp_path, "killbar7", KILLBAR_DAY, r1 + r2, now=at(5, 12))
    void, fresh = [b for b in _of(book, "饺子") if b.round == 2]
    assert not void.valid and (fresh.valid, fresh.kind.value) == (True, "vote")


def test_a_question_or_a_supposition_rules_nothing() -> None:
    from types import SimpleNamespace as S

    def post(text: str) -> Any:
        p = S(
            author="导演",
            hidden=None,
            tid=1,
            pid=2,
            floor=3,
            lines=None,
            text=text,
            posted_at=at(1, 10),
        )
        return S(post=p, deleted=False)

    players = ["饺子", "油条"]
    assert rulings([post("如果饺子这票无效怎么办")], players, ["导演"], None) == []
    assert rulings([post("饺子这票按油条记吗？")], players, ["导演"], None) == []
    assert rulings([post("饺子这票不是无效的")], players, ["导演"], None) == []
    (r,) = rulings([post("饺子的票算弃权。")], players, ["导演"], None)
    assert (r.voter, r.target) == ("饺子", "弃权")


def test_follow_upstairs_follows_the_post_above(tmp_path: Path) -> None:
    posts = [
        kb("饺子", 12, at(1, 10), "油条"),
        _say("包子", at(1, 11), "跟楼上"),
        _say("馄饨", at(1, 12), "和包子一样"),
    ]
    book = book_of(tmp_path, "killbar7", KILLBAR_DAY, posts, now=at(5, 12))
    assert [b.target for b in _of(book, "包子")] == ["油条"]
    assert [b.target for b in _of(book, "馄饨")] == ["油条"]
    assert book.days[1].rounds[0].counts["油条"] == 3.0
