"""The time left that a post itself states (issue 37 item 3; seeds 002 说明3 投票时间结束前1小时内
不允许改票, 000 白天结束前一个小时不得改票 and 代投 at least 30 minutes before the close, 001 and 004
关门前一小时不允许改票或代投).

Kind: a statement of the moment the post is written, the minutes left before the vote closes
(离关门还有N分钟 / 还剩半小时 / 距投票结束N分钟).  A change or a 代投 the post itself places
inside the preset's deadline is void by what the post alone says (the judge still decides by the
forum's post time, 时间以论坛发帖时间为准).  Undone by the rule recalled, a question, a
supposition or plan, and time left to something else.
"""

from __future__ import annotations

import pytest

from auditor.rules.votebook.parse import said_minutes_left
from tests.rules.test_vote_sets import read_post


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("看了眼表，离关门只剩二十五分钟", 25),
        ("距截止还有45分钟。", 45),
        ("还有半个小时就关门了", 30),
        ("还剩一刻钟", 15),
        ("今天关门前最后十分钟，说两句", 10),
        ("距本轮投票结束尚有两小时", 120),
        ("离 关门 还有 一个半小时", 90),
        ("還剩半小時", 30),  # traditional characters
    ],
)
def test_the_time_left_as_the_post_states_it(text: str, minutes: int) -> None:
    assert said_minutes_left(text) == minutes


@pytest.mark.parametrize(
    "text",
    [
        "关门前一小时就不能改票了，大家注意",  # the rule recalled
        "离关门还有多久？",  # a question
        "是不是只剩半小时了？",
        "等到还剩半小时我再决定改不改",  # a plan
        "要是只剩十分钟的话就别改了",  # a supposition
        "我还有二十分钟下班，晚点细看",  # time left to something else
        "昨晚熬到两点，今天只睡了四个小时",
    ],
)
def test_no_time_left_is_said(text: str) -> None:
    assert said_minutes_left(text) is None


@pytest.mark.parametrize(
    ("preset", "text", "valid"),
    [
        ("killbar7", "还剩二十分钟，改投土豆", False),
        ("killbar7", "离关门还有五个小时，改投土豆", True),  # its twin: well before the close
        ("killbar7", "关门前一小时不许改票，所以我早点改：改投土豆", True),  # the rule recalled
        ("killbar7", "还剩二十分钟了，我投土豆", True),  # a first vote, no change
        ("killbar7", "还剩二十分钟，要是还有人改票就离谱了。我投土豆", True),
    ],
)
def test_a_change_the_post_places_in_the_last_hour_is_void(
    preset: str, text: str, valid: bool
) -> None:
    got = read_post(preset, "包子", text)
    assert got.attempt and got.target == "土豆", text
    assert got.format_valid is valid, text


@pytest.mark.parametrize(
    ("preset", "head", "valid"),
    [
        ("m39", "距关门还有五十分钟，代投：", False),  # 004: no 代投 in the last hour
        ("m39", "距关门还有三小时，代投：", True),
        ("m107", "距关门还有五十分钟，代投：", True),  # 000: 30 minutes for a first 代投
        ("m107", "距关门还有十五分钟，代投：", False),
    ],
)
def test_a_proxy_vote_the_post_places_after_its_deadline_is_void(
    preset: str, head: str, valid: bool
) -> None:
    got = read_post(preset, "导演", f"{head}包子\n投票对象：土豆\n投票理由：私信委托")
    assert got.attempt and got.proxy_for == "包子" and got.target == "土豆"
    assert got.format_valid is valid
