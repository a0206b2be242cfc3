"""A name said TO a player is not a vote (the second review of session 41, item 11).

In a thread with no vote format (版杀7 4.1.2) a name alone may be the post's vote — but a name is
the ADDRESS of its sentence, not a ballot, when that sentence greets, thanks, apologises,
acknowledges or cheers (早上好，冬瓜 / 冬瓜，辛苦了 / 收到，冬瓜), and a name put first is whom
the post speaks to when the sentence after it does so or speaks to him (冬瓜⏎你昨天为啥那么说我 /
冬瓜！早上好).  Twins: a greeting in a sentence of its own before a name alone (早上好。⏎冬瓜) is
said to the thread; thanks said to someone named (冬瓜。辛苦法官了); a name made a heading by
brackets or repetition and then told why (【冬瓜】！！！你才…); the name-first decisions of round
2 (冬瓜吧 / 还是冬瓜 / 冬瓜。 alone) stay votes.
"""

from __future__ import annotations

import pytest

from auditor.rules.freevote import address_words, undoer_words
from tests.rules.test_vote_sets import read_post


@pytest.mark.parametrize(
    "text",
    [
        # a greeting, farewell, thanks, apology, acknowledgement or cheer in the name's sentence
        "早上好，冬瓜",
        "晚安 冬瓜",
        "收到，冬瓜",
        "辛苦了，冬瓜",
        "对不起，冬瓜",
        "加油，冬瓜",
        "hi 冬瓜",
        # a name put first, the sentence after it greets or thanks him
        "冬瓜！早上好",
        "冬瓜。辛苦了",
        "冬瓜\n谢谢",
        "冬瓜 早",
        # a name put first, then a sentence spoken to him (你 / 您), or asked without its mark
        "冬瓜\n你昨天为啥那么说我",
        "冬瓜\n您说得对",
        "冬瓜!!! 你太强了",
        "冬瓜\n昨天为啥那么说我",
        "冬瓜，你说得对",
        "冬瓜，辛苦了",
    ],
)
def test_a_name_said_to_the_player_is_no_vote(text: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert not got.attempt, text


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # the name-first decisions stay votes
        ("冬瓜吧", "冬瓜"),
        ("还是冬瓜", "冬瓜"),
        ("冬瓜。", "冬瓜"),
        ("冬瓜", "冬瓜"),
        ("冬瓜，不变", "冬瓜"),
        # a greeting in a sentence of its own before the name: said to the thread
        ("早上好。冬瓜", "冬瓜"),
        ("晚安\n冬瓜", "冬瓜"),
        ("大家早上好，投冬瓜", "冬瓜"),
        # thanks said to someone named, or a greeting in a later sentence
        ("冬瓜。辛苦法官了", "冬瓜"),
        ("冬瓜\n理由：发言一直划水\n大家晚安", "冬瓜"),
        # a vote with its verb, thanks after it
        ("我投冬瓜，辛苦了", "冬瓜"),
        # a name made a heading (brackets, repeated), then told why in the second person
        ("【冬瓜】！！！你装得太明显了！！！", "冬瓜"),
        ("冬瓜冬瓜冬瓜～ 这回轮到你了", "冬瓜"),
        # words that only contain a greeting's character
        ("早就想好了，冬瓜", "冬瓜"),
    ],
)
def test_the_twins_stay_votes(text: str, want: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert got.attempt and got.target == want, text


# Round 2 of session 42: agreement said to a player and the greetings the vote book's doubts had
# to keep apart (上午好 / 大家好 / 说得对 / 说的对 / 对的 / 赞) are address words of the one list
# (freevote.toml ``address_words``, public through freevote.address_words).
@pytest.mark.parametrize(
    "text",
    ["上午好，冬瓜", "冬瓜，说的对", "说得对啊，冬瓜", "冬瓜！赞", "冬瓜 赞", "对的，冬瓜"],
)
def test_agreement_said_to_the_player_is_no_vote(text: str) -> None:
    assert not read_post("killbar7", "包子", text).attempt, text


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("赞成投冬瓜", "冬瓜"),  # 赞 inside a word: agreement to the vote, no address
        ("说得对，投冬瓜", "冬瓜"),  # the vote's verb names it
        ("上午好。\n冬瓜", "冬瓜"),  # the greeting a sentence of its own
    ],
)
def test_agreement_twins(text: str, want: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert got.attempt and got.target == want, text


def test_the_address_words_have_one_public_loader() -> None:
    words = address_words()
    assert {"上午好", "大家好", "说得对", "说的对", "对的", "赞", "早上好"} <= set(words)
    assert words == undoer_words("address")
