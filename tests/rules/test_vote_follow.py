"""跟X: following a named player's vote (brief of session 42, item 2).

Kind: 跟 + a player with no target of the post's own — his vote followed (an attempt whose
target is his standing vote: ``ParsedVote.follows``, resolved by the tally), unless the reason
after it finds fault with him (then it may as well be a vote FOR him: not read, asked by the
vote book as a spoken choice).  跟票X / 跟X投Y name their target.  Undone by a question, a
supposition, a negation.
"""

from __future__ import annotations

import pytest

from auditor.rules.votebook.parse import read_vote_text
from tests.rules.test_vote_reader import settings_for

PLAYERS = ["南瓜", "土豆", "春卷", "烧卖"]


def _read(text: str) -> tuple[str, str] | None:
    pv = read_vote_text(text, text.split("\n"), settings_for("killbar7"), PLAYERS)
    return None if pv is None else (pv.target, pv.follows)


@pytest.mark.parametrize(
    "text",
    [
        "跟南瓜",
        "跟南瓜！",
        "我跟南瓜投",
        "跟着南瓜走",
        "跟南瓜的票",
        "跟南瓜一样",
        "跟南瓜，他那套推理我认",  # agreement with him: his reasoning followed
        "跟南瓜。他分析得对",
    ],
)
def test_his_vote_followed_is_exposed_for_the_tally(text: str) -> None:
    assert _read(text) == ("", "南瓜"), text


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("跟南瓜投土豆", ("土豆", "")),  # the post names its own target
        ("跟票土豆", ("土豆", "")),  # 跟票's object is the target
        ("跟南瓜，土豆一票", ("土豆", "")),
    ],
)
def test_a_target_of_its_own_is_the_vote(text: str, read: tuple[str, str]) -> None:
    assert _read(text) == read, text


@pytest.mark.parametrize(
    "text",
    [
        "要不要跟南瓜？",  # a question
        "跟南瓜？",
        "要是南瓜跳预言家，我就跟南瓜",  # a supposition
        "不跟南瓜",  # a negation
        "跟南瓜说的做不到",  # the name not at the clause's end
        "跟南瓜。他昨天那句太假了",  # fault found with him: for him or after him — asked
    ],
)
def test_no_follow_is_read(text: str) -> None:
    got = _read(text)
    assert got is None or got[1] == "", text
