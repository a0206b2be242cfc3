"""Session 47 (issue 37, the regression game votes_blind10/killbar7_free10): what a spoken vote's
sentence decides where no format is prescribed (版杀7 4.1.2) — each principle with its own
illustrations (the roster of tests/votes) and the words that undo it.

- English's conditional mood (I'd vote X / I would vote X) said plainly is the speaker's choice,
  made politely; with its condition or a reservation in its sentence (if / unless / but) or asked,
  the vote is supposed, none cast.
- go X with the speaker as its subject (I'll go X / I will go for X) is his choice; go X! alone
  is a cheer.
- 押 (the stake put on a name) after the speaker's word of time or manner (我先押X / 我也押X);
  another's (他先押X) is told.  A trader's position opened on a name, as a verb or a heading
  (建仓：X / 加仓X), is the stake too.
- A space parts the clauses of a casual post: a decision (那就X) after a space is the post's last
  clause as after a comma; a supposition in its sentence still undoes it.
- A name said alone first, then the poster's own earlier vote told with the subject left unsaid
  (X。上轮投的Y，…): his recap, the reason; another's vote told (X。Z投的Y) is left to the
  director.  Another name in a clause with no vote word (X怼Y那几句) is the reason talking.
- A name and a comma, then only a sign-off of sounds (X，咚。/ X，喵～: freevote.toml ``sounds``):
  the name stands alone; laughter after it (X，哈哈哈) answers him, no vote.
- 弃 first, then the same as the poster's earlier choice (弃，和上次一样): the abstention with its
  reason.
- A bare name after a clause telling the vote as made already (投了，X / 我早就投过了：X): a
  report (answering 你投了吗？), no new ballot; 改了，X stays a change and 决定了，X a vote.
- How the record keeps a vote, corrected (我不是投X，是投Y，别记错 / 上面那张还是X，别记成两票):
  no new ballot; 没记错的话… (the poster's memory) undoes nothing.
- Two names joined, each given a share (投X和Y各一半 / 各一票): an attempt with no one target.
- A voters' list (接龙) casts none, but a line the post declares the poster's own vote (第N行是我
  自己，这就算我投了 / 最后一行是我的票 / 我那行就算我的票), its voter the poster, is his vote;
  asked, or a line of another voter, none.
"""

from __future__ import annotations

import pytest

from tests.rules.test_vote_sets import read_post


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("I'd vote 冬瓜 for now. No hard feelings", "冬瓜"),
        ("I would vote 南瓜.", "南瓜"),
        ("I'll go 番茄. 他昨晚的发言太虚", "番茄"),
        ("I will go for 土豆", "土豆"),
        ("这轮我也押南瓜。", "南瓜"),
        ("想了想还是建仓：南瓜。满仓。", "南瓜"),
        ("看完讨论楼，我先押冬瓜，回头看他怎么圆", "冬瓜"),
        ("刚睡醒 那就番茄", "番茄"),
        ("冬瓜。上轮投的南瓜，今天只能二选一，冬瓜怼番茄那几句太冲了", "冬瓜"),
        ("南瓜，咚咚～", "南瓜"),
        ("番茄，喵。", "番茄"),
        ("弃，和上次一样", "弃权"),
        ("弃，同前两轮", "弃权"),
        ("改了，南瓜", "南瓜"),
        ("没记错的话他昨天就跳了，投南瓜", "南瓜"),
        ("接龙：\n1. 饺子 冬瓜\n2. 包子 南瓜\n我那行就算我的票", "南瓜"),
        ("接龙：\n一、饺子 冬瓜\n二、包子 番茄\n最后一行是我的票", "番茄"),
    ],
)
def test_the_spoken_vote_is_read(text: str, want: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert got.attempt and got.target == want and got.format_valid, (text, got)


@pytest.mark.parametrize(
    "text",
    [
        "I'd vote 冬瓜 if he doesn't claim.",
        "I would vote 南瓜 but not today",
        "would you vote 番茄?",
        "go 番茄!",
        "他先押冬瓜",
        "南瓜建仓了吗",
        "如果他是狼 那就番茄",
        "冬瓜。番茄投的南瓜",
        "冬瓜。大家投的南瓜",
        "南瓜，哈哈哈",
        "投了，南瓜。",
        "我早就投过了：冬瓜",
        "我不是投土豆，是投南瓜，别记错。",
        "我没改票，上面那张还是冬瓜，别记成两票。",
        "接龙：\n1. 饺子 冬瓜\n2. 包子 南瓜\n第2行算我投了吗？",
        "接龙：\n1. 饺子 冬瓜\n2. 馄饨 南瓜\n第2行算我投了",
    ],
)
def test_no_vote_in_these(text: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert not got.attempt, (text, got)


@pytest.mark.parametrize("text", ["投番茄和南瓜各一半", "票给冬瓜和土豆各一票"])
def test_a_vote_split_between_two_names_has_no_one_target(text: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert got.attempt and got.target == "?" and got.format_valid is False, (text, got)


# Round 2: a bracketed aside about the writing (the phone, the input method, a typo kept) tells
# how the vote was written — its 放弃 / 改成 are the typing's, no 弃权 and no change (blind26
# Q0037's shape); an aside that names a player is a vote of its own.
@pytest.mark.parametrize(
    ("text", "want", "change"),
    [
        ("投难瓜（输入法把南改成难了，懒得改，我放弃）", "南瓜", False),
        ("投冬瓜 (手机自动纠错老是改字，算了不管了)", "冬瓜", False),
        ("投冬瓜（手机打字慢，改投番茄）", "番茄", False),
    ],
)
def test_an_aside_about_the_writing_casts_nothing(text: str, want: str, change: bool) -> None:
    got = read_post("killbar7", "包子", text)
    assert got.attempt and got.target == want and bool(got.change) is change, (text, got)
