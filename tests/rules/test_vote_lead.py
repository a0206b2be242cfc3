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


# Round 2 (votes_blind4/killbar7_free4): a name said as the post's DECISION, not as the topic of
# a remark (freevote._decision_said).  A word of deciding commits it — 还是/就/那 before it,
# 吧 after it, 不变 after its comma (跟X is not one: after a quote it follows the quoted vote) — or it stands as a sentence of its own and what follows is
# not about him (他/她), to him (你), asked or supposed.
@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("土豆吧，发言一直在绕圈子。", ("土豆", False, True)),
        ("还是冬瓜，今天的解释没说服我。", ("冬瓜", False, True)),
        ("南瓜，不变。", ("南瓜", False, True)),
        ("想了半天只能二选一，那春卷。", ("春卷", False, True)),
        ("烧卖。我是民，别再怀疑我了。", ("烧卖", False, True)),
        ("冬瓜。汤圆谢谢你帮我说话。", ("冬瓜", False, True)),
        # 弃 as the first sentence, 改弃 closing its clause
        ("弃。两边都说得通。", ("弃权", False, True)),
        ("改弃，实在下不去手。", ("弃权", True, True)),
        # 他 in the vote's own sentence is the one named there, not anyone earlier in the post
        ("汤圆的话我不信。站馄饨，这票给他。", ("馄饨", False, True)),
    ],
)
def test_a_name_said_as_the_decision_is_a_vote(text: str, want: tuple[str, bool, bool]) -> None:
    got = read_post("killbar7", "包子", text)
    assert got.attempt, text
    assert (got.target, got.change, got.format_valid) == want, text


@pytest.mark.parametrize(
    "text",
    [
        # the name as the topic of a remark, addressed, asked or supposed
        "冬瓜，他发言一直很稳。",
        "冬瓜。她不像狼。",
        "冬瓜。你昨晚去哪了？",
        "土豆吧？",
        "土豆吧，你们觉得呢？",
        "跟番茄一样，我也拿不准。",
        "跟番茄，他说得没错。",
        "如果冬瓜是预言家，那春卷。",
        "那春卷呢？",
        "嫌弃。",
        # the round's rule stated: what anyone may vote, not the poster's vote
        "这一轮只能投冬瓜或南瓜，投别人是废票。",
        "对决必须投冬瓜和南瓜之一。",
    ],
)
def test_a_name_as_a_topic_or_a_rule_is_no_vote(text: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert not (got.attempt and got.format_valid), text


def test_the_speakers_resigned_choice_is_still_a_vote() -> None:
    # the twin of the round's rule: one name after 只能 is the poster's own choice
    got = read_post("killbar7", "包子", "我只能投冬瓜了。")
    assert got.attempt and got.target == "冬瓜"
