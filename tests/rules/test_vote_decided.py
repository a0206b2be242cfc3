"""Session 45 (issue 37, the regression games votes_blind8): where a post puts its decision, and
what undoes it — each principle with its own illustrations (the roster of tests/votes) and the
words that undo it.

- A short preface of the poster's own before a word of deciding (想了一下还是X吧 / 考虑再三，
  就X): how he came to it; not one that names, asks, supposes, negates, speaks to others or of
  another time (大家还是X吧 / 如果不行还是X吧 / 昨天还是X).
- A line of its own that declares what stands above it void, with the post going on below it
  (——上面作废，以下面为准——): the post's vote is what follows (002 说明2 counts a change only
  between posts; one post, one vote).
- A remark after a name put first that says the decision again (还是他 / 就是觉得她 / 都是他): the
  vote with its reason — not when it negates, asks, supposes or gives him a role (a doubt).
- The name, then a question that leaves no one else (X啊还能投谁): the decision.
- A greeting in an earlier clause that goes on about the poster himself (sorry 睡迷糊了，X): said
  to the thread; the name after it is his vote.  收到，X / 谢谢你的分析，X stay said to X.
- A count with whom the post speaks to (你三票菜刀四票): a count, no vote.
- Under a labelled preset a name committed to in words (X吧，她稳) is a vote post, void for its
  format (000 投票格式有误的投票将算作废票).
"""

from __future__ import annotations

import pytest

from tests.rules.test_vote_sets import read_post


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("想了一下还是番茄吧，冬瓜先留着", "番茄"),
        ("考虑再三，就南瓜", "南瓜"),
        (
            "投票对象：冬瓜\n投票理由：发早了\n——上面作废，以下面为准——\n投票对象：番茄\n投票理由：看完了",
            "番茄",
        ),
        ("番茄，还是他话少", "番茄"),
        ("冬瓜。我就是觉得他那句话奇怪", "冬瓜"),
        ("南瓜。前两轮都是她，没变过", "南瓜"),
        ("番茄啊还能投谁", "番茄"),
        ("番茄. Obviously.", "番茄"),
        ("sorry 睡迷糊了，冬瓜", "冬瓜"),
        ("番茄。昨天我最后改的冬瓜不算，今天不跟了", "番茄"),
    ],
)
def test_the_decision_is_read(text: str, want: str | None) -> None:
    got = read_post("killbar7", "包子", text)
    if want is None:
        assert not got.attempt, text
        return
    assert got.attempt and got.target == want and got.format_valid, text


@pytest.mark.parametrize(
    "text",
    [
        "大家还是番茄吧",
        "如果不行还是番茄吧",
        "昨天还是番茄吧",
        "想了一下还是番茄吧？",
        "番茄，我还是觉得他是好人",
        "番茄，他还是不可能是狼",
        "番茄，我觉得他很怪",
        "番茄还能投谁，冬瓜吗",
        "收到，冬瓜",
        "谢谢你的分析，冬瓜",
        "冬瓜别急，你三票番茄四票，都进下一轮了吧",
        "番茄。南瓜投的冬瓜",
    ],
)
def test_no_vote_in_these(text: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert not (got.attempt and got.format_valid), text


def test_a_void_said_inside_a_reason_voids_nothing() -> None:
    got = read_post("m39", "包子", "投票对象：冬瓜\n投票理由：他说上面作废")
    assert got.attempt and got.target == "冬瓜"


def test_a_name_committed_to_in_words_is_a_void_vote_post_under_labels() -> None:
    got = read_post("m107", "包子", "番茄吧，她稳")
    assert got.attempt and got.target == "番茄" and not got.format_valid
    assert not read_post("m107", "包子", "番茄，你怎么看").attempt


@pytest.mark.parametrize(
    ("preset", "text"),
    [
        # the vote as the topic of what it means
        ("killbar7", "别急着站队，投南瓜并不代表南瓜是杀手"),
        # classical 其: another's change told
        ("rabbit030", "按规则，其改投南瓜已经用掉了改票机会"),
        # an exercise shown (例题 / 示例), not a vote
        ("m39", "示例：\n投票对象：南瓜 投票理由：X\n大家看看哪里写错了"),
        # the poster's vote said to stand in another post
        ("m39", "投票对象：弃权\n投票理由：逗你的，我的票在上面，南瓜"),
        ("m107", "我早就改票了，改投番茄，在楼上"),
        # the vote put off to later, 再投 ending its clause
        ("m107", "格式如下：\n投票对象：XX\n投票理由：XX\n照着写就行。我自己的票，吃完饭再投。"),
    ],
)
def test_no_attempt_in_these(preset: str, text: str) -> None:
    assert not read_post(preset, "包子", text).attempt, text


def test_a_label_after_an_aside_at_the_lines_start_is_a_bare_label() -> None:
    # （语音输入）投票对象冬瓜投票理由…: the label without its colon, void for its format (001)
    got = read_post("rabbit030", "包子", "（语音输入）投票对象南瓜投票理由他昨晚说话前后矛盾")
    assert got.attempt and got.target == "南瓜" and not got.format_valid
