"""Session 46 (issue 37, the regression games votes_blind9): what a spoken vote's sentence decides
where no format is prescribed (版杀7 4.1.2) — each principle with its own illustrations (the
roster of tests/votes) and the words that undo it.

- English that names the poster's pick (my pick is X / my choice is X): his vote; another's
  pick (his pick is X) is told, no vote.
- A judgement put off on ANOTHER player named in its clause (X吧，Y我再观察一轮): the vote for
  X is cast; put off with no one else named (X吧，我再观察一轮) the vote still waits.
- A name said as a sentence of its own, then a supposition about another player (X。Y要是狼早
  就跳了): the reason; a supposition about the decision (X。要是Y跳了我再改) still undoes it.
- The poster's own earlier vote told, this round said to be the same (环节一我投的X，这次也一样):
  his vote is X; another's recap (他上轮投的X，这次也一样) or the same asked (…一样吗) no vote.
- A name put first, then the poster's own stance (X，不想多说 / X，我说了一天了): his vote; a
  remark about the one named (X，他说了一天了) stays a doubt.
- A count first, then the poster's own analysis ending on a name (整理一下：…4…4，…5比5。…就这样，X。):
  what follows the last counting sentence may cast.
- Under a labelled preset a name put first with the vote's reason after it (X，理由同上): a
  vote post void for its format (000 投票格式有误的投票将算作废票; 001/004).
- The post said to be no new ballot (重申一遍，不是新票 / 别算两张), or a typo of the poster's own
  said fixed and no change (笔误，不算改票; 000 修改错别字不算做改票): a restatement, no attempt;
  said of another (他说这不是新票) or asked (不是新票吧？) it undoes nothing.
- After a vote the poster says he has not voted yet (…还没投，等我看完): nothing cast.
- The vote made the topic of its explanation (我投X是因为…): a vote cast before, explained;
  投X，因为… stays the vote with its reason.
"""

from __future__ import annotations

import pytest

from tests.rules.test_vote_sets import read_post


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("My pick is 番茄. 说话太冲了", "番茄"),
        ("my choice is 冬瓜", "冬瓜"),
        ("南瓜吧，番茄我再观察一轮", "南瓜"),
        ("投冬瓜，土豆再看看", "冬瓜"),
        ("土豆。番茄要是狼昨天早就跳了", "土豆"),
        ("土豆。番茄如果是狼呢？", "土豆"),
        ("环节一我投的冬瓜，这次也一样", "冬瓜"),
        ("上轮投的南瓜，这轮照旧", "南瓜"),
        ("番茄，不想多说", "番茄"),
        ("冬瓜，我说了一天了", "冬瓜"),
        ("南瓜，懒得解释", "南瓜"),
        (
            "整理一下：环节一番茄4冬瓜4，环节二5比5。我翻了一遍番茄的发言，没别的问题。"
            "\n……算了写反了，但我还是觉得番茄更像，就这样，番茄。",
            "番茄",
        ),
    ],
)
def test_the_spoken_vote_is_read(text: str, want: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert got.attempt and got.target == want and got.format_valid, (text, got)


@pytest.mark.parametrize(
    "text",
    [
        "his pick is 番茄",
        "南瓜吧，我再观察一轮",
        "土豆。要是番茄跳了我再改",
        "土豆。如果明天还这样就投他",
        "他上轮投的冬瓜，这次也一样",
        "环节一我投的冬瓜，这次也一样吗",
        "番茄，他说了一天了",
        "整理一下：环节一番茄4冬瓜4，环节二5比5，番茄3冬瓜2",
    ],
)
def test_no_vote_in_these(text: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert not got.attempt, (text, got)


@pytest.mark.parametrize("preset", ["m107", "rabbit030", "m39"])
def test_a_name_with_its_reason_in_words_is_a_void_vote_post_under_labels(preset: str) -> None:
    got = read_post(preset, "包子", "冬瓜，理由同上")
    assert got.attempt and got.target == "冬瓜" and got.format_valid is False


@pytest.mark.parametrize(
    ("preset", "text"),
    [
        ("rabbit030", "客户刚走。投票对象：番茄投票理由：配置单对不上。重申一遍，不是新票。"),
        ("m39", "投票对象：冬瓜\n投票理由：下班了。——这是我楼上那票的复制，别算两张。"),
        ("killbar7", "我投冬瓜！不对，自动纠错了，还没投，等我看完。"),
        ("rabbit030", "我投番茄是因为他守卫的说法，不是因为冬瓜带节奏。"),
        # a typo of his own said fixed and no change (000 投票规则 修改错别字不算做改票)
        ("m107", "改票对象：番茄\n改票理由：上面“嘴硬”打成“嘴应”了，笔误，不算改票。"),
        ("killbar7", "投冬瓜。刚才名字打错字了，这帖不算改票"),
    ],
)
def test_no_new_ballot_in_these(preset: str, text: str) -> None:
    got = read_post(preset, "包子", text)
    assert not got.attempt, (text, got)


@pytest.mark.parametrize(
    ("preset", "text", "want"),
    [
        ("rabbit030", "投票对象：冬瓜\n投票理由：他说这不是新票", "冬瓜"),
        ("rabbit030", "投票对象：冬瓜\n投票理由：这不是新票吧？", "冬瓜"),
        ("killbar7", "投冬瓜，他还没投", "冬瓜"),
        ("killbar7", "我投番茄，因为他守卫的说法", "番茄"),
        # no typo fixed: a first vote said to be no change is cast; a typo asked about undoes nothing
        ("m107", "投票对象：冬瓜\n投票理由：不算改票，我之前没投过", "冬瓜"),
        ("m107", "投票对象：冬瓜\n投票理由：错别字不算改票吧？", "冬瓜"),
    ],
)
def test_the_ballot_stands_in_these(preset: str, text: str, want: str) -> None:
    got = read_post(preset, "包子", text)
    assert got.attempt and got.target == want and got.format_valid, (text, got)
