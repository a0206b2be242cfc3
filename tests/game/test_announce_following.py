"""Two shapes read too widely in session 44 round 1 (reviewer's A2, A5; issue 34): 跟着 X 走了
is 殉情 only when X is a player already out and the clause ends at the verb, the follower
being the one who leaves; 加速了 is the day's acceleration only beside the requests' count or
with the day as its subject.  The reviewer's inputs and near misses written for these tests
(none from a test set)."""

from __future__ import annotations

import pytest

from auditor.game.announce import Notice, Patterns
from auditor.game.gamefile import EventType

PLAYERS = ["冬瓜", "南瓜", "土豆", "豆浆", "馄饨", "包子", "油条", "春卷", "烧卖", "芋头", "山药"]


def _out(text: str) -> list[tuple[str, str | None]]:
    return [
        (a.player, a.cause) for a in Patterns(PLAYERS).find(text) if a.type is EventType.ELIMINATED
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the lover follows a player already out: the follower goes, 殉情
        ("第四天开始。昨晚冬瓜出局。南瓜跟着冬瓜走了。", [("冬瓜", None), ("南瓜", "suicide")]),
        (
            "第四天开始。昨晚冬瓜出局，南瓜跟着冬瓜走了（殉情）。",
            [("冬瓜", None), ("南瓜", "suicide")],
        ),
        ("昨晚芋头出局，山药随着芋头一起去了。", [("芋头", None), ("山药", "suicide")]),
        # following a vote, a feeling, a thread, the director: no one's death
        ("结算：土豆跟着豆浆走了一票，土豆投豆浆；豆浆 7 票出局。", [("豆浆", "vote")]),
        ("馄饨跟着感觉走了一票，不算违规，继续讨论。", []),
        ("油条昨天跟着包子去了投票帖，投的是馄饨，这个没问题。", []),
        ("春卷跟着油条离开了讨论帖，去投票帖投票了，请其他人也抓紧。", []),
        ("烧卖跟着导演走了一趟流程，确认身份无误。", []),
        # X not out before it: people following X's lead, not a death (near misses)
        ("今天的票大家都跟着冬瓜走了，南瓜被投出局。", [("南瓜", "vote")]),
        ("提醒：昨天好几个人跟着包子走了，票型很集中，今天注意独立思考。", []),
        ("山药跟着芋头走了，两个人站边一致。", []),
    ],
)
def test_following_out(text: str, expected: list[tuple[str, str | None]]) -> None:
    got = _out(text)
    assert [p for p, _ in got] == [p for p, _ in expected]
    for (_, cause), (_, want) in zip(got, expected, strict=True):
        if want is not None:
            assert cause == want


def _accelerated(text: str) -> bool:
    return any(a.type is Notice.ACCELERATED for a in Patterns(PLAYERS).find(text))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # said of the talk or a server: no acceleration
        ("大家的发言节奏，加速了，挺好。今天21:30关。", False),
        ("论坛换了新服务器，图片也加速了，大家发帖不会卡了。", False),
        ("最近回帖速度，也加速了，大家辛苦。", False),
        # beside the requests' count, or the day its subject
        ("申请加速的人数 5/9，过半了，加速了，20:00 关门。", True),
        ("昨天申请的人过半，加速了。", True),
        ("今天加速了，20:00 结算。", True),
    ],
)
def test_accelerated_said(text: str, expected: bool) -> None:
    assert _accelerated(text) is expected
