"""Session 47 (issue 34): the shapes a new writer's director used, read by their make — a
文言 close verb (阖, 毕), a life lost as the object (丢了命, 把命丧), 夜毙, a label of loss
heading its line (丢件：X, 缺考：X) and left empty (丢件：无), the office's token given on
(警长的印子给了 X), a successor (警长由 X 接任), a seat's new holder with the old one in its
bracket (换人：X（原 Y）), a count that reaches half with the living counted between, a grant
(准许加速) and the theme's early close asked (提前…申请).  Sentences written for this test
with their own cast."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from auditor.game.announce import Notice, Patterns
from auditor.game.gamefile import EventType
from auditor.game.when import find_points

CAST = ["石榴", "山楂", "枇杷", "杨梅", "荔枝", "龙眼", "柿子", "青梅"]
TZ = ZoneInfo("Asia/Shanghai")


def _read(text: str) -> list[tuple[str, str, str | None]]:
    return [
        (str(a.type.value), a.player, a.value if a.value else a.cause)
        for a in Patterns(CAST).find(text)
    ]


@pytest.mark.parametrize(
    "text",
    ["二日。八时启，二十时半阖。", "第二日：八点开门，二十点半毕。"],
)
def test_a_classical_close_verb_closes_the_day(text: str) -> None:
    posted = datetime(2031, 4, 2, 7, 50, tzinfo=TZ)
    roles = {(p.role, p.at.strftime("%H:%M")) for p in find_points(text, posted, TZ)}
    assert ("closes", "20:30") in roles


@pytest.mark.parametrize(
    "text",
    ["昨晚石榴丢了命。", "石榴昨夜把命丧了。", "石榴夜毙。", "昨夜石榴挂掉了…"],
)
def test_a_life_lost_is_a_death(text: str) -> None:
    assert [(k, p) for k, p, _ in _read(text)] == [("eliminated", "石榴")]


@pytest.mark.parametrize("text", ["石榴差点丢了命。", "石榴说要是再熬夜就要丢了命？"])
def test_a_life_nearly_lost_is_no_death(text: str) -> None:
    assert not [a for a in _read(text) if a[0] == "eliminated"]


def test_a_label_of_loss_heads_a_death_and_left_empty_a_quiet_night() -> None:
    assert ("eliminated", "山楂") in {
        (k, p) for k, p, _ in _read("第三站 8:00-20:00\n丢件：山楂\n")
    }
    assert not [a for a in _read("丢票：山楂") if a[0] == "eliminated"]  # a ballot lost
    kinds = [a.type for a in Patterns(CAST).find("昨夜平静。\n丢件：无")]
    assert Notice.NO_DEATH in kinds
    assert Notice.NO_DEATH in [a.type for a in Patterns(CAST).find("昨夜无包裹丢失。")]


@pytest.mark.parametrize(
    "text",
    ["警长的印子给了枇杷。", "警长徽章给枇杷。", "警长之印付枇杷。", "警长由枇杷接任。"],
)
def test_the_offices_token_given_on_is_a_handover(text: str) -> None:
    found = [a for a in Patterns(CAST).find(text) if a.type is EventType.SHERIFF]
    assert [(a.player, a.how) for a in found] == [("枇杷", "handed_over")]


def test_the_sheriffs_ballot_is_no_handover() -> None:
    found = Patterns(CAST).find("警长的票给了枇杷。")
    assert not [a for a in found if a.type is EventType.SHERIFF and a.how == "handed_over"]


@pytest.mark.parametrize(
    ("text", "pair"),
    [
        ("换人：龙眼（原杨梅）", ("杨梅", "龙眼")),
        ("替补：龙眼（原杨梅位）", ("杨梅", "龙眼")),
        ("龙眼（替补杨梅）", ("杨梅", "龙眼")),
        ("杨梅请了长假，龙眼来替补他。", ("杨梅", "龙眼")),
        ("杨梅请假不来了，龙眼替他上阵。", ("杨梅", "龙眼")),
    ],
)
def test_a_seats_new_holder(text: str, pair: tuple[str, str]) -> None:
    found = [a for a in Patterns(CAST).find(text) if a.type is EventType.SUBSTITUTE]
    assert [(a.player, a.value) for a in found] == [pair]


@pytest.mark.parametrize("text", ["改名：龙眼（原杨梅）", "杨梅请假，大家替他说句话。"])
def test_no_seat_changes_hands(text: str) -> None:
    assert not [a for a in Patterns(CAST).find(text) if a.type is EventType.SUBSTITUTE]


@pytest.mark.parametrize(
    "text",
    [
        "加速申请四人，存活七人，超过半数，准许加速。",
        "裁定：准许加速，今天改为18:00关帖。",
        "提前收卷申请 4/7，已达半数。收卷改为 16:00。",
        "加速申请4/7，到一半了！",
    ],
)
def test_an_acceleration_granted(text: str) -> None:
    assert Notice.ACCELERATED in [a.type for a in Patterns(CAST).find(text)]


@pytest.mark.parametrize(
    "text",
    ["加速申请3/7，未达半数。", "不准许加速。", "提前收卷申请 2/7。"],
)
def test_no_acceleration(text: str) -> None:
    assert Notice.ACCELERATED not in [a.type for a in Patterns(CAST).find(text)]
