"""The forms session 48's three directors wrote and the reader did not read (issue 34, round 2):
a substitute told by an arrow alone on its line, by 换成, or by a leave verb and a join verb
(seed 000 10 替补, 001 替补, 002 6.1 替补); a correction that replaces the death it withdraws
(搞错了，V的是 X 不是 Y); a one-word grant (准) quoting a player's request, listed with the
request's words.

Every sentence is written for these tests in other words than the directors' games, each beside
the twins that must stay no item (a vote's arrow, a supposition, a status in a roster's bracket).
"""

from __future__ import annotations

import pytest

from auditor.game.announce import Patterns
from auditor.game.gamefile import EventType

PLAYERS = ["青柠", "橘子", "柚子", "脐橙", "金桔", "芦柑"]
P = Patterns(PLAYERS)


def _subs(text: str) -> list[tuple[str, str | None]]:
    return [(a.player, a.value) for a in P.find(text) if a.type is EventType.SUBSTITUTE]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the arrow alone on its line, the newcomer off the roster
        ("青柠 → 小葡萄", [("青柠", "小葡萄")]),
        ("通知一下\n橘子 ➡ 老树皮\n明天见", [("橘子", "老树皮")]),
        # 换成 under a label of change, then the newcomer's account in the next clause
        ("换人：柚子 换成 番石榴", [("柚子", "番石榴")]),
        ("2. 脐橙 换成 大芒果，大芒果用自己的号玩", [("脐橙", "大芒果")]),
        # a leave verb, then a join verb (四川话 / 粤语 folded: 退咗 = 退了)
        ("金桔 退咗，椰子糖 补位", [("金桔", "椰子糖")]),
        ("芦柑 退了，杨桃 顶上", [("芦柑", "杨桃")]),
        # 接过 the seat's account or place (m107_sports' 接过 X 的账号, in other words)
        ("替补 山楂片 接过 柚子 的帐号继续打", [("柚子", "山楂片")]),
        ("金桔 接过了 青柠 的位置", [("青柠", "金桔")]),
    ],
)
def test_a_substitute_by_arrow_swap_or_leave_and_join(
    text: str, expected: list[tuple[str, str | None]]
) -> None:
    assert _subs(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "青柠 → 橘子",  # a ballot's arrow between two players
        "青柠 → 弃权",  # an abstention
        "青柠 → 3票",  # a count
        "柚子 改票，换成 脐橙",  # a vote changed
        "如果脐橙 换成 大芒果，会怎样？",  # a supposition
        "6. 椰子糖（金桔 退咗，椰子糖 补位）",  # who a roster's seat is, told before
        "橘子 接过 柚子 的话头继续聊",  # words taken up, no seat
    ],
)
def test_no_substitute_in_the_twins(text: str) -> None:
    assert _subs(text) == []


@pytest.mark.parametrize(
    ("text", "right", "wrong"),
    [
        ("搞错了，遭的是柚子不是橘子", "柚子", ("橘子",)),
        ("弄错了，倒下的是芦柑，不是金桔。", "芦柑", ("金桔",)),
        ("看错了，走的是青柠不是脐橙", "青柠", ("脐橙",)),
    ],
)
def test_a_correction_replaces_the_death_it_withdraws(
    text: str, right: str, wrong: tuple[str, ...]
) -> None:
    deaths = [a for a in P.find(text) if a.type is EventType.ELIMINATED]
    assert [(a.player, a.correction, a.replaces) for a in deaths] == [(right, True, wrong)]


@pytest.mark.parametrize(
    "text",
    [
        "我搞错了，投的是柚子不是橘子",  # a ballot corrected, no death
        "搞错了，查的是芦柑不是金桔",  # a seer's check
    ],
)
def test_no_death_in_a_correction_of_something_else(text: str) -> None:
    assert [a for a in P.find(text) if a.type is EventType.ELIMINATED] == []


def test_a_one_word_grant_under_a_request_is_listed_with_its_words() -> None:
    post = "[quote]橘子 发表于 2026-12-3 21:00\n导演 我后天要值班，请个假[/quote]\n\n批了"
    found, unread = P.read(post)
    assert found == []
    assert any("请个假" in u and "批准" in u for u in unread)


@pytest.mark.parametrize(
    "post",
    [
        "[quote]橘子 发表于 2026-12-3 21:00\n导演 申请延时半小时[/quote]\n不行",  # refused
        "[quote]橘子 发表于 2026-12-3 21:00\n今天的月亮好圆[/quote]\n好的",  # no request
        "导演 我请假一天\n准",  # no quote: the player's words are not the director's
    ],
)
def test_no_grant_listed_without_a_quoted_request(post: str) -> None:
    assert not any("批准" in u for u in P.read(post)[1])
