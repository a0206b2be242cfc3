"""Kinds of wording the vote reader missed on the whole game votes_blind3/killbar7_free3
(session 40), each a principle with its own illustrations and the words that undo it.

- A free-format vote thread (版杀7 4.1.2 names no format): a post that puts a name first, set
  apart by a comma or a full stop, and then gives the reason without a label — 理由 said
  plainly or a reason declined — is the vote.  Not when the rest speaks to him (你), asks or
  talks of votes.  A remark about him in the third person (南瓜。她两天都在划水) is no reason
  said — it may as well defend him — and is a doubt (test_vote_doubt), not a vote.
- A change back (改回X / 换回去，X): 回 says which way the change goes; it is a change.
- A heading that is a set phrase (问心无愧：X): 问 undoes a name after it only as asking (你问我…
  / 请问 / 问一下 / 问…？), not as a character of a phrase.
"""

from __future__ import annotations

import pytest

from tests.rules.test_vote_sets import read_post


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # the name first, its reason after it without a label
        ("冬瓜，理由跟上一轮一样", ("冬瓜", False, True)),
        ("春卷，没啥好说的", ("春卷", False, True)),
        # a change back
        ("算了还是改回土豆吧，汤圆的话也不是没道理", ("土豆", True, True)),
        ("换回去，番茄", ("番茄", True, True)),
        ("改回去投馄饨", ("馄饨", True, True)),
        # a set phrase as the heading
        ("问心无愧：烧卖", ("烧卖", False, True)),
    ],
)
def test_a_name_put_first_with_its_reason_is_a_vote(
    text: str, want: tuple[str, bool, bool]
) -> None:
    got = read_post("killbar7", "包子", text)
    assert got.attempt, text
    assert (got.target, got.change, got.format_valid) == want, text


@pytest.mark.parametrize(
    "text",
    [
        # the name is whom the post speaks to, or asks
        "冬瓜，理由呢？",
        "南瓜，你两天都在划水",
        "油条。他昨天到底投了谁？",
        # the name defended, or the others told not to vote him
        "春卷，她是好人",
        "土豆，我觉得他很可疑，但大家先别投他",
        # a remark about him in the third person: a doubt, not a vote (round 3's review)
        "南瓜。她两天都在划水，发言全是附和",
        "番茄，他不可能是狼。",
        "番茄，他是真预言家，跟他走。",
        "番茄。此人必是好预言家",
        "番茄，看他怎么说。",
        # a report of others, the name as a topic
        "番茄，他们俩一直在互保",
        "馄饨的发言，我觉得他很怪",
        # 问 as asking before the name
        "你问我昨天投谁？烧卖",
        "问一下：烧卖",
        "有人问我投谁：烧卖",
        # a change back negated, asked, reported
        "别改回土豆",
        "要是改回土豆呢？",
        "汤圆昨天改回土豆了",
    ],
)
def test_no_vote_in_these(text: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert not (got.attempt and got.format_valid), text


def test_a_free_vote_under_the_labelled_format_is_void() -> None:
    # votes_blind3/killbar7_labelled3: the director asks for labels (the game sets VOTE-FORMAT
    # format = "labelled"); a vote in words is a vote post, void for its format
    got = read_post("m39", "包子", "我投冬瓜，理由见讨论帖")
    assert got.attempt and got.target == "冬瓜" and not got.format_valid
