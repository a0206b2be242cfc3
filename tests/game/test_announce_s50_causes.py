"""The grammar by cause (issue 34, session 50): a dialect's words folded (客家话), a death
verb's completive (死掉了), a majority told as the ballot's end (X 过半，<the theme's verb>),
the office's token (警长尺子交给 X, 拿了警长的锣), a seat taken over as the old one's thing
(A 接 B 的单), a connective before the subject (另外 X 只能喵喵), and a schedule's two
labelled lines (营业：… ⏎ 截止：…; 送电：0403 0900 ⏎ 拉闸：0404 2130).

Every sentence is written for these tests in other words than any set's, each beside the
twins that must stay as they are."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from auditor.game.announce import Patterns
from auditor.game.when import find_points
from tests.announced import PI, SU, E, S, shown

PLAYERS = ["青椒", "茄子", "莲藕", "山药", "芋头", "冬笋"]
P = Patterns(PLAYERS)
M39 = Patterns(PLAYERS, piped_words=("咪啪",))
TZ = ZoneInfo("Asia/Shanghai")
AT = datetime(2031, 5, 6, 8, 50, tzinfo=TZ)


def _read(text: str, p: Patterns = P) -> list[tuple[object, ...]]:
    return sorted((shown(a) for a in p.find(text)), key=str)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # 客家话: 昨晡夜 / 死忒哩 / 交拨
        ("昨夜青椒死忒哩。", [(E, "青椒", "night")]),
        ("茄子死忒哩，警长交拨莲藕。", [(E, "茄子", None), (S, "莲藕", "handed_over")]),
        # a death verb's completive
        ("山药死掉了。", [(E, "山药", None)]),
        ("山药没死掉。", []),
        # a majority told as the ballot's end, whatever the verb after it
        ("环节二结算：芋头 过半，下架。", [(E, "芋头", "vote")]),
        ("冬笋 6 票过半。", [(E, "冬笋", "vote")]),
        ("无人过半。", []),
        ("目前芋头 过半。", []),
        ("如果芋头 过半，就下架。", []),
        ("芋头 过半当选警长。", [(S, "芋头", "elected")]),
        # the office's token
        ("警长扳手交给 青椒。", [(S, "青椒", "handed_over")]),
        ("警长票交给青椒。", []),
        # a seat taken over as the old one's thing
        ("冬笋 接 莲藕 的活。", [(SU, "莲藕", None)]),
        ("冬笋 接 莲藕 的话，说他是狼。", []),
        ("今天 接 莲藕 的班。", []),
        ("替补：冬笋（换下 莲藕）。", [(SU, "莲藕", None)]),
    ],
)
def test_read_by_cause(text: str, expected: list[tuple[object, ...]]) -> None:
    assert _read(text) == sorted(expected, key=str)


def test_a_connective_before_the_subject() -> None:
    assert _read("另外茄子这两天只能咪啪。", M39) == [(PI, "茄子", None)]
    assert _read("另外茄子这两天不能咪啪。", M39) == []


def _roles(text: str) -> list[tuple[str, str | None]]:
    return [(p.at.strftime("%m-%d %H:%M"), p.role) for p in find_points(text, AT, TZ)]


def test_two_labelled_lines_are_the_schedule() -> None:
    assert _roles("营业：5月6日 10:00\n截止：5月7日 22:00") == [
        ("05-06 10:00", "opens"),
        ("05-07 22:00", "closes"),
    ]
    assert _roles("送电：05/06 09:00\n拉闸：05/07 21:30") == [
        ("05-06 09:00", "opens"),
        ("05-07 21:30", "closes"),
    ]
    # another window's label, a dialogue's lines: as they were
    assert _roles("遗言：05/06 09:00\n拉闸：05/07 21:30") == [
        ("05-06 09:00", None),
        ("05-07 21:30", None),
    ]
    said = _roles("甲：几点？\n乙：晚上十点。\n甲：对喽。所以第二日到周日晚十点才关。")
    assert said[0][1] is None


def test_a_four_digit_date_before_a_four_digit_clock() -> None:
    from auditor.game.fold import fold, registers

    assert "04/03 09:00" in registers(fold("首日送电：0403 0900"))
    assert "04/09 00:00" in registers(fold("开闸 0409 0000"))
    assert "2045年" in registers(fold("2045年 0900"))  # a year is no date
