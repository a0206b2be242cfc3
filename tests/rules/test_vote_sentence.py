"""A vote read as a sentence (issue 37 item 2, session 43): where the decision is, whom it is
for and what undoes it — read one post at a time as the pipeline reads it.

Every attempt is a vote post (M107 投票规则: 投票格式有误的投票将算作废票; 版杀7 4.1.2 prescribes
no format).  The sentences are written here from the seeds and ordinary forum Chinese, not
taken from a labelled set.
"""

from __future__ import annotations

import pytest

from auditor.rules.votebook.parse import free_vote
from tests.rules.test_vote_sets import read_post

PLAYERS = ["饺子", "包子", "馄饨", "豆浆"]


def _read(preset: str, text: str) -> tuple[bool, str | None, bool | None]:
    got = read_post(preset, "汤圆", text)
    return got.attempt, got.target, got.change


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # an English full stop ends the sentence: its "who" is not the vote's clause
        ("I'm new here and still learning. vote 包子, he dodged every question.", "包子"),
        # a miscount in an aside is what the target does, no dispute of the tally
        ("投豆浆。（他算票总是算错）", "豆浆"),
        # Wu negation: 弗 / 覅 (不 / 不要)
        ("我弗投饺子。", None),
        ("覅投饺子，伊是好人。", None),
        # code: what is commented out is not run; a function's answer is
        ("// vote(包子);\n// 这行是昨天的", None),
        ("/* vote(包子) */\n先不投", None),
        ("vote(包子); // 他太安静", "包子"),
        ("// 想了一晚上\nreturn 饺子;", "饺子"),
        ("if (包子.isWolf) vote(包子); else vote(饺子);", None),
        # a word the post defines, then voted for
        ("灯谜：「有馅有汤一口鲜」\n答案：馄饨\n这一轮我投答案。", "馄饨"),
        ("答案：馄饨\n别投答案", None),
        # an English report of a vote said before
        ("I said vote 饺子 before, so stop asking.", None),
        # a stake put on a name
        ("满仓馄饨！", "馄饨"),
        ("我才不梭哈馄饨", None),
        # the holder's words typed for her after a colon
        ("我是冬瓜的女儿，妈妈手机坏了，让我替她敲字：投馄饨。", "馄饨"),
        # a wish that waits on a question (how long is left) — no vote yet
        ("还要多久关门？我也想改投包子。", None),
        # a name put first, the verb later with no object, as a decision
        ("包子，昨晚发言全是套话，今天直接投。", "包子"),
        ("包子，要是他再装就投。", None),
        ("包子，昨天直接投了。", None),
        ("饺子，same as yesterday.", "饺子"),
        # 他 right after the name, no space: the reason about him
        ("投饺子他昨晚一直在划水", "饺子"),
    ],
)
def test_free_format_sentences(text: str, want: str | None) -> None:
    attempt, target, _change = _read("killbar7", text)
    assert (target if attempt else None) == want


@pytest.mark.parametrize(
    ("text", "change"),
    [
        # a change asked, or broken off and taken back, is no change said
        ("switch to 冬瓜? no, vote 包子.", False),
        ("改投……不对，我今天还没投过。投包子。", False),
        # the earlier post's ballot voided by its place: the vote after it is a change, even
        # when the post tried a plain vote first
        ("我投馄饨……不对，作废上一票，改投包子。", True),
    ],
)
def test_what_the_post_says_of_changing(text: str, change: bool) -> None:
    assert _read("killbar7", text) == (True, "包子", change)


@pytest.mark.parametrize(
    ("preset", "text", "want"),
    [
        # the counter told not to count it: withdrawn
        ("m107", "投票对象：馄饨 投票理由：试试格式，别算", None),
        ("m107", "投票对象：馄饨\n投票理由：别算错了，他昨天也是这个理由", "馄饨"),
        # the format shown, the vote said to come later
        ("m107", "投票对象：XX\n投票理由：XX\n格式就是这样，我晚点再投。", None),
        ("m39", "投票对象：馄饨\n投票理由：试一下\n下一楼再正式投", None),
        # an English label is a vote attempt in the wrong format
        ("m107", "vote target: 包子\nreason: quiet all day", "包子"),
        # another (侬, Wu "you") voting again: not the poster's vote
        ("m107", "包子已经五票了，侬再投伊也没用。", None),
        # an abstention told as cast before
        ("rabbit030", "本人已弃权，不改。", None),
    ],
)
def test_labelled_presets(preset: str, text: str, want: str | None) -> None:
    attempt, target, _change = _read(preset, text)
    assert (target if attempt else None) == want


def test_an_english_label_is_void_under_a_labelled_preset() -> None:
    got = read_post("m107", "汤圆", "vote target: 包子\nreason: quiet all day")
    assert got.attempt and got.target == "包子" and got.format_valid is False


@pytest.mark.parametrize(
    ("text", "follows"),
    [
        ("跟馄饨，理由一样。", "馄饨"),  # his reasons taken as one's own
        ("跟馄饨，他说的那几条我都认。", "馄饨"),
    ],
)
def test_a_lead_followed_with_his_reasons(text: str, follows: str) -> None:
    pv = free_vote(text, PLAYERS)
    assert pv is not None and pv.follows == follows
