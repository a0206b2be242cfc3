"""Kinds of wording that are general Chinese grammar rather than a theme's format (session 39,
round 2; issue 37 item 2: every vote attempt is a vote post), each with the words that undo it.

- A pronoun in apposition before the name after the verb (投了他X / 投给她X): the emphatic
  form of a decision said now.  A past vote is told plainly (投了X) or with its time
  (早就 / 已经 / 昨天投了他X): a report, no vote.
- The vote's measure word, then its target after a colon (投一票：X / 我也投一个：X).  The
  words before the colon are the vote's own clause: a negation, another subject, a question
  or an example there (别投一个：X / 大家都投一个：X / 比如投一票：X) undo it.
- A withdrawal and a new vote in one post (撤回 投X 改投Y / 上一票作废，投Y): the post
  replaces the poster's earlier vote, a change.  A 撤回 with nothing before it recalls no
  message of the post: it withdraws the vote it names.  Someone else's vote declared void
  (他上一票作废了) is no change of the poster's.
"""

from __future__ import annotations

import pytest

from tests.rules.test_vote_sets import read_post


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a pronoun in apposition
        ("想来想去，这票就投了她春卷！", ("春卷", False, True)),
        ("行，那就投了他土豆吧", ("土豆", False, True)),
        ("我投给她汤圆，发言太飘", ("汤圆", False, True)),
        # a measure word then a colon
        ("你们都盯着我，那我也投一个：油条。油条一直在划水。", ("油条", False, True)),
        ("不废话，投一票：馄饨", ("馄饨", False, True)),
        # a withdrawal and a new vote in one post
        ("撤回 投南瓜 改投豆浆", ("豆浆", True, True)),
        ("撤回，tp 烧卖，改 tp 春卷", ("春卷", True, True)),
        ("上一票作废，投饺子", ("饺子", True, True)),
        ("前票不算了，这次投馄饨", ("馄饨", True, True)),
    ],
)
def test_general_grammar_is_read(text: str, want: tuple[str, bool, bool]) -> None:
    got = read_post("killbar7", "包子", text)
    assert got.attempt, text
    assert (got.target, got.change, got.format_valid) == want, text


@pytest.mark.parametrize(
    "text",
    [
        # a past vote told, with its time, someone else's, a question, a condition
        "我早就投了她春卷",
        "昨天我投了他土豆",
        "已经投了他土豆，别催了",
        "他们都投了她春卷",
        "你投了他土豆？",
        "要是我是警察，我就投了他土豆",
        # undone before the colon
        "别投一个：油条",
        "大家都投一票：油条",
        "比如投一票：油条",
        "要不要投一个：油条？",
    ],
)
def test_no_vote_in_these(text: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert not (got.attempt and got.format_valid), text


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # someone else's vote declared void: the poster's vote, no change
        ("他上一票作废了，我投饺子", ("饺子", False, True)),
        # a recalled message stays a recall: what stood before it is gone, no change
        ("撤回了一条消息 投冬瓜", ("冬瓜", False, True)),
    ],
)
def test_no_change_in_these(text: str, want: tuple[str, bool, bool]) -> None:
    got = read_post("killbar7", "包子", text)
    assert got.attempt, text
    assert (got.target, got.change, got.format_valid) == want, text
