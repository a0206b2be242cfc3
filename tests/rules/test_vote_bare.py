"""Kinds of wording the vote reader missed on blind17 (session 39), each a principle with its
own illustrations and the words that undo it (issue 37 item 2: every vote attempt is a vote
post).

- A free-format vote thread (版杀7 4.1.2 names no format): a post whose content is a name or
  弃 with decoration only (emoji, dots) is the vote; so is a name after a heading's colon at
  the post's end (一句话：X) — not a tally's line (弃：X), a role or verdict said of him
  (预言家：X / 查杀：X).
- A vote word as its pinyin initials (tp = 投票: tp X / tp：弃), after the roster's own
  initials.
- The voice that casts is the poster's: a doubt or a joke in the reason said by someone
  else (票给X，他说还没想好投谁) leaves the vote standing; the poster's own doubt undoes it.
  A doubt denied (就X了，不纠结) is a decision.
"""

from __future__ import annotations

import pytest

from tests.rules.test_vote_sets import read_post


@pytest.mark.parametrize(
    ("preset", "text", "want"),
    [
        # a bare name or 弃 with decoration, in the free format
        ("killbar7", "南瓜 🤔🤔", ("南瓜", False, True)),
        ("killbar7", "弃 💤", ("弃权", False, True)),
        ("killbar7", "弃。。。", ("弃权", False, True)),
        # a heading's colon, the name last
        ("killbar7", "不多说了，总结一句：油条。", ("油条", False, True)),
        ("killbar7", "今天的答案：春卷", ("春卷", False, True)),
        # tp = 投票
        ("killbar7", "tp nangua 😤", ("南瓜", False, True)),
        ("killbar7", "tp 油条，理由见讨论帖", ("油条", False, True)),
        ("killbar7", "tp：弃", ("弃权", False, True)),
        ("m39", "tp：弃 🙃", ("弃权", False, False)),  # labelled preset: an attempt, void
        # another's words in the reason
        ("killbar7", "投汤圆，她自己说还没想好站哪边，太滑了", ("汤圆", False, True)),
        ("killbar7", "票给馄饨。馄饨说他昨天是开玩笑的，我不信", ("馄饨", False, True)),
        # a doubt denied
        ("killbar7", "琢磨了一晚上，就土豆了，不纠结了", ("土豆", False, True)),
    ],
)
def test_a_vote_in_few_words_is_read(preset: str, text: str, want: tuple[str, bool, bool]) -> None:
    got = read_post(preset, "包子", text)
    assert got.attempt, text
    assert (got.target, got.change, got.format_valid) == want, text


@pytest.mark.parametrize(
    "text",
    [
        # decoration is not a word: 嫌弃 / 弃疗 are no abstention
        "嫌弃 😒",
        "我弃疗了 💤",
        # a tally's line, a role, a verdict, a question before the colon
        "目前：⏎南瓜：油条 春卷⏎弃：土豆".replace("⏎", "\n"),
        "预言家：油条",
        "昨晚查杀：春卷",
        "盘了一圈，我的判断：春卷",  # an analysis' verdict, no talk of voting
        "我问一句：油条？",
        # tp not as a vote word: a group's name
        "我在tp群里看到的",
        # the poster's own doubt, not another's
        "票给馄饨，不过我还没想好投谁",
        "就土豆了，还在纠结",
        "投汤圆……开玩笑的",
    ],
)
def test_no_vote_in_these(text: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert not (got.attempt and got.format_valid), text
