"""Session 50 (issue 37; tuned on tests/votes/blind30's even half, the older sets and the
regression games votes_blind13/killbar7_free13, votes_blind12/killbar7_free12): general
distinctions the reader lacked, each with its own illustrations in other words (the roster of
tests/votes) and the words that undo it.

- The reach of an undoer in a casual post: a space between two Chinese words parts its units,
  and words of time, advice or request in another unit are not the vote's (刚才… 我投X …请…);
  a question or a supposition still reaches the whole clause, and a negation or another
  subject right before the verb is the vote's own.
- A name said for now (今天 / 现在 X。) closing the post is its decision, whatever the reasoning
  before it said of others and of another time (seed 002 4.1.2 说明2).
- The poster's own choice for the round named, him its subject (对决我站X / 这轮我押X).
- After a name and a comma, the choice said kept as before (X，老样子).
- The poster's ballot as the topic, a few words of holding it, then a colon or a dash
  (票先放着：X / 票的话——X): 的话 after 票 is a topic, not a condition.
- A ballot the subject of what it would do (你一票就定了) casts none.
- The dialects' 我 (额 / 偶 / 哇 before a verb) is the speaker; Hokkien 毋通 negates.
- A labelled block taken up on its line as a kind (投票对象：X 这种写法…) or announced as practice
  (练习一下) is mentioned, not cast.
- An arrow from the poster's own name (X→Y posted by X) is his ballot, voter → target: no change.
- A name after the poster's word told as said before (说过了，X) restates it, and a post naming
  another floor as the one that counts (以N楼为准) points to it: no new ballot.
- The post's moment stamped in brackets before the close (（关门前四十分钟）) is the time left as it
  is written (a change inside the last hour: 000 / 001 / 004, 002 说明3), not a rule recalled.
"""

from __future__ import annotations

import pytest

from tests.rules.test_vote_sets import read_post


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("下班路上 刚才没空看 我投烧卖 他白天一直划水 前面堵车请绕行", "烧卖"),
        ("改投春卷吧 前天他那句话很怪", "春卷"),
        ("昨天饺子跳得很怪，汤圆也跟着他投。今天汤圆。", "汤圆"),
        ("今日馄饨。", "馄饨"),
        ("对决我站豆浆。", "豆浆"),
        ("环节二我还是挺土豆", "土豆"),
        ("油条，老样子", "油条"),
        ("票先放着：烧卖。先去上班了。", "烧卖"),
        ("上班累死。⏎票的话——春卷。", "春卷"),
        ("额投番茄，他装得太像了", "番茄"),
    ],
)
def test_a_vote_is_read(text: str, want: str) -> None:
    got = read_post("killbar7", "包子", text.replace("⏎", "\n"))
    assert got.attempt and got.target == want, (text, got)


@pytest.mark.parametrize(
    "text",
    [
        "如果烧卖是狼 我投烧卖",
        "投烧卖 要不要",
        "别 投烧卖",
        "今天汤圆？",
        "对决我站豆浆吗？",
        "如果对决我站豆浆",
        "对决你站豆浆",
        "油条，老样子？",
        "票数：烧卖",
        "票先放着：烧卖？",
        "毋通投番茄，伊是医生",
        "三比三了，你一票就能定，想好再投",
    ],
)
def test_its_undoing_words_cast_none(text: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert not got.attempt, (text, got)


def test_the_dialects_own_pronoun_follows() -> None:
    got = read_post("killbar7", "包子", "偶跟豆浆走，他投谁偶投谁。")
    assert got.attempt and got.target == "?", got


@pytest.mark.parametrize("preset", ["m39", "m107", "rabbit030"])
@pytest.mark.parametrize(
    "text",
    [
        "问一下：投票对象：番茄 这种写法算不算？",
        "先练习一下格式：⏎投票对象：番茄⏎投票理由：无",
    ],
)
def test_a_label_mentioned_is_no_ballot(preset: str, text: str) -> None:
    got = read_post(preset, "包子", text.replace("⏎", "\n"))
    assert not got.attempt, (text, got)


@pytest.mark.parametrize("preset", ["m39", "m107", "rabbit030"])
def test_a_reason_on_the_labels_line_is_still_a_ballot(preset: str) -> None:
    got = read_post(preset, "包子", "投票对象：番茄 这种人最可疑")
    assert got.attempt and got.target == "番茄", got


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("（收票前二十五分钟）⏎改票对象：番茄", 25),
        ("【08:40，截止前半小时】改票对象：番茄", 30),
        ("（关门前一小时不许改票）改票对象：番茄", None),
        ("（要是截止前十分钟）改票对象：番茄", None),
    ],
)
def test_the_moment_stamped_in_brackets_is_the_time_left(text: str, want: int | None) -> None:
    from auditor.rules.votebook.parse import said_minutes_left

    assert said_minutes_left(text.replace("⏎", "\n")) == want


def test_an_arrow_from_the_posters_own_name_is_his_ballot_not_a_change() -> None:
    got = read_post("killbar7", "春卷", "好了不聊了，下票：春卷→豆浆")
    assert got.attempt and got.target == "豆浆" and not got.change, got
    got = read_post("killbar7", "春卷", "好了不聊了，下票：油条→豆浆")
    assert got.attempt and got.target == "豆浆" and got.change, got


@pytest.mark.parametrize(
    ("preset", "text"),
    [
        ("killbar7", "说过了，豆浆。别再问我了。"),
        ("killbar7", "跟你说我早改了，改投烧卖，以20楼为准。"),
        ("m107", "我那票没动，投番茄，以昨天那帖为准。"),
    ],
)
def test_a_word_told_as_said_before_or_a_floor_that_counts_is_no_new_ballot(
    preset: str, text: str
) -> None:
    got = read_post(preset, "包子", text)
    assert not got.attempt, (text, got)
