"""Kinds of wording the vote reader missed on blind13 (session 37), each as a principle with
its own illustrations and the words that undo it (issue 37 item 1: one reader, both forms).

- A message recalled as a chat app shows it (撤回了一条消息 / （撤回） / 冬瓜，撤回，土豆): what
  stands before it is taken back; what follows it is the post's vote, no change.
- A name shortened in familiar speech (阿圆, 小春) or cut off (投馄……, 投票对象：油), and a name
  with a role before it (假警察油条): the one player it can be.
- Office and telegram speech (给到馄饨, 会中。油条。理由：…, TL;DR：油条。), a colon said as
  a word (投票对象冒号 油条), a conclusion in the vote's own clause (…可我不是，所以投油条), a
  choice of two asked by the voter and answered (阿圆还是小春？小春。).
"""

from __future__ import annotations

import pytest

from tests.rules.test_vote_sets import read_post


@pytest.mark.parametrize(
    ("preset", "text", "want"),
    [
        # recalled: taken back, or replaced inside the post (no change)
        ("killbar7", "投油条\n撤回了一条消息", None),
        ("killbar7", "投油条\n（撤回）\n投馄饨", ("馄饨", False, True)),
        ("killbar7", "豆浆，撤回，春卷。定了。", ("春卷", False, True)),
        ("m39", "投票对象：油条\n投票理由：话多\n撤回了一条消息", None),
        (
            "m39",
            "投票对象：油条\n投票理由：话多\n（撤回）\n投票对象：馄饨\n投票理由：划水",
            ("馄饨", False, True),
        ),
        # ... not recalled: denied, someone else's, or 撤回 with its object (a change)
        ("killbar7", "投油条。（没撤回）", ("油条", False, True)),
        ("killbar7", "投油条\n馄饨撤回了一条消息，看不到了", ("油条", False, True)),
        ("killbar7", "撤回对油条的票，改投馄饨", ("馄饨", True, True)),
        # nicknames and names cut off
        ("killbar7", "小春，就你了。", ("春卷", False, True)),
        ("killbar7", "投阿圆", ("汤圆", False, True)),
        ("killbar7", "投小汤", ("汤圆", False, True)),  # 汤 is in no other name
        ("m107", "投票对象：阿圆\n投票理由：划水", ("汤圆", False, False)),
        ("killbar7", "投馄……（掉线了）", ("馄饨", False, True)),
        ("m39", "投票对象：油\n投票理由：信号不好", ("油条", False, False)),
        # a role before the whole name
        ("killbar7", "投那个假警察油条，跳得太假", ("油条", False, True)),
        ("m107", "投票对象：假警察油条\n投票理由：悍跳", ("油条", False, True)),
        # office and telegram speech, spoken colons
        ("killbar7", "这轮我的票给到馄饨。", ("馄饨", False, True)),
        ("killbar7", "对齐了：给到馄饨。", ("馄饨", False, True)),
        ("killbar7", "需求很明确：投油条。", ("油条", False, True)),
        ("killbar7", "从油条改到馄饨。", ("馄饨", True, True)),
        ("killbar7", "馄饨，改投。", ("馄饨", True, True)),
        ("killbar7", "想好了，投油条", ("油条", False, True)),
        ("killbar7", "今天忙，弃一下。", ("弃权", False, True)),
        ("killbar7", "开会中。油条。理由：见讨论帖。", ("油条", False, True)),
        ("killbar7", "开会中。油条，理由：话多。", ("油条", False, True)),
        ("killbar7", "油条。理由回头补。", ("油条", False, True)),
        ("killbar7", "如果我是杀手我就投自己，可我不是，所以投油条", ("油条", False, True)),
        ("killbar7", "阿圆还是小春？小春。", ("春卷", False, True)),  # a choice answered
        ("killbar7", "看完了。\nTL;DR：油条。", ("油条", False, True)),  # the summary line
        ("m107", "[语音转文字] 投票对象冒号 油条 投票理由冒号 他不说话", ("油条", False, False)),
        ("rabbit030", "投票对象 油条 投票理由 他不说话", ("油条", False, False)),
    ],
)
def test_wording_reads_as_the_vote(
    preset: str, text: str, want: tuple[str, bool, bool] | None
) -> None:
    got = read_post(preset, "包子", text)
    if want is None:
        assert not got.attempt, text
    else:
        assert got.attempt, text
        assert (got.target, bool(got.change), got.format_valid) == want, text


@pytest.mark.parametrize(
    ("preset", "text", "not_target"),
    [
        ("killbar7", "老土，就你了", "土豆"),  # 老土 is a word ('tacky'), no nickname
        ("killbar7", "这也太老土了吧", "土豆"),
        ("killbar7", "投小瓜", "冬瓜"),  # 瓜 is in 冬瓜 and 南瓜
        ("killbar7", "投小瓜", "南瓜"),
        ("killbar7", "别把票从油条改到馄饨", "馄饨"),
        ("killbar7", "投豆……", "豆浆"),  # 豆 begins 豆浆 but 土豆 has it too
        ("killbar7", "投豆……", "土豆"),
        ("killbar7", "投降吧油条", "油条"),  # 投降 is no vote
        ("killbar7", "别投那个假警察油条", "油条"),
        ("killbar7", "馄饨说要给到油条", "油条"),  # another's plan, told
        ("killbar7", "先不给到油条，再看看", "油条"),
        ("killbar7", "还没想好投油条还是馄饨", "油条"),
        ("killbar7", "还没想好投油条还是馄饨", "馄饨"),
        ("killbar7", "开会中。油条。你怎么看？", "油条"),
        ("killbar7", "你投油条还是馄饨？馄饨。", "馄饨"),  # a question put to someone
        ("killbar7", "TL;DR：油条是好人。", "油条"),
        ("killbar7", "TL;DR：明天投油条。", "油条"),
        ("m107", "投票对象：不是油条\n投票理由：他是好人", "油条"),
        ("m107", "投票对象：跟油条\n投票理由：同上", "油条"),
        ("m39", "他的投票对象 油条 我看到了", "油条"),
    ],
)
def test_wording_that_undoes_it(preset: str, text: str, not_target: str) -> None:
    got = read_post(preset, "包子", text)
    assert not (got.attempt and got.target == not_target and got.format_valid), text


@pytest.mark.parametrize(
    "text",
    [
        "我不是弃权，只是还没看完",  # 不是 negates it
        "自己的票自己决定，别催",  # 自己 decides: no vote for the speaker
        "这轮先不给到任何人",
    ],
)
def test_talk_that_casts_no_vote(text: str) -> None:
    for preset in ("killbar7", "m39"):
        assert not read_post(preset, "包子", text).attempt, (preset, text)
