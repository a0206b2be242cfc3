"""A day's opening and close by the shape of a line, not by its theme's verbs (issue 34):
a line of a day's opening post that states two times is that day's opening and close
(auditor.game.when.paired_times), in an airport, a kitchen, a hospital, a theatre; the
negative twins are another day's line, a recap, a later day's schedule, a rule stated in
general, a question, a supposition, a quote.  Sentences written for these tests.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from auditor.game.when import paired_times
from auditor.pipeline import open_game
from tests.game.test_discover_autonomy import audit, setup
from tests.game.test_discover_rulesets import EVERYONE, Game, at
from tests.game.test_discover_times import TZ

MORNING = datetime(2026, 12, 9, 8, 40, tzinfo=TZ)  # the opening post, Wednesday morning
EVE = datetime(2026, 12, 8, 22, 10, tzinfo=TZ)  # posted the evening before


def _pair(text: str, posted: datetime = MORNING, day: int | None = 2) -> tuple[str, str] | None:
    got = paired_times(text, posted, TZ, day)
    return None if got is None else (f"{got[0]:%m-%d %H:%M}", f"{got[1]:%m-%d %H:%M}")


@pytest.mark.parametrize(
    ("text", "posted", "expected"),
    [
        # themes never seen: the verbs are the theme's, the shape is the day's
        (
            "【航站楼·第二日】\n今日 09:00 开始登机，21:30 舱门关闭。",
            MORNING,
            ("12-09 09:00", "12-09 21:30"),
        ),
        ("后厨今天 10 点生火，晚上 10 点熄灶。", MORNING, ("12-09 10:00", "12-09 22:00")),
        ("住院部：查房 09:00，熄灯 21:30。", MORNING, ("12-09 09:00", "12-09 21:30")),
        ("今日门诊 9点开诊，晚上9点半停诊。", MORNING, ("12-09 09:00", "12-09 21:30")),
        # the second time past midnight, 24:00 as the day's end
        ("剧场今天 09:00 拉开大幕，24:00 落幕。", MORNING, ("12-09 09:00", "12-09 23:59")),
        # the evening before: tomorrow's morning is the day it opens
        ("明早 9:00 发车，明晚 21:00 到站。", EVE, ("12-09 09:00", "12-09 21:00")),
    ],
)
def test_two_times_on_a_line_open_and_close_the_day(
    text: str, posted: datetime, expected: tuple[str, str]
) -> None:
    assert _pair(text, posted) == expected


@pytest.mark.parametrize(
    "text",
    [
        "昨天 09:00 登机，21:30 舱门关闭。",  # a recap of yesterday
        "上一日 10 点生火，22 点熄灶。",  # a recap of the day before
        "后天 09:00 开诊，21:30 停诊。",  # a later day's schedule
        "明天 09:30 拉开大幕，21:30 落幕。",  # tomorrow's, said in the morning: a day away
        "第三天 09:00 登机，21:30 舱门关闭。",  # another day's line under day 2
        "每天 09:00 查房，21:30 熄灯。",  # a rule stated in general
        "通常 10 点生火，22 点熄灶。",  # what usually happens
        "如果加速，09:00 登机，18:00 舱门关闭。",  # a supposition
        "是 09:00 登机，21:30 关舱门吗？",  # a question
        "有人问“09:00 登机，21:30 关舱门”对不对",  # a quote
        "20:00 至 24:00 写遗言。",  # a range is read as one, and this one is aside
        "09:00 登机。",  # one time: no pair
        "21:30 舱门关闭，09:00 登机。",  # the close first: not a day's opening and close
    ],
)
def test_no_pair_for_another_day_a_recap_or_a_rule(text: str) -> None:
    assert _pair(text) is None


def _airport() -> Game:
    g = Game("m107", "M107", "塔台")
    g.thread(
        "[M107] 航站楼 · 规则", "rules", None, [g.post("塔台", at(11, 19, 20), "规则同 M107。")]
    )
    for n, (posted, text) in {
        1: (at(11, 20, 8), "【第一日】旅客们早上好。\n今日 09:00 开始登机，21:30 舱门关闭。"),
        2: (
            at(11, 22, 8),
            "【第二日】昨夜航班平安。\n每天 09:00 登机。\n今日 10:00 登机，22:00 舱门关闭。",
        ),
    }.items():
        g.thread(
            f"[M107] 航站楼 · 第{'一二'[n - 1]}日 讨论帖",
            "discussion",
            n,
            [g.post("塔台", posted, text), *g.chatter(posted, posted.replace(hour=20), EVERYONE)],
        )
    return g


def test_a_days_opening_post_gives_its_hours_in_any_theme(tmp_path: Path) -> None:
    minimal = setup(tmp_path, _airport())
    audit(minimal, tmp_path / "r")
    days = {d.number: d for d in open_game(minimal).days}
    assert (days[1].opens, days[1].closes) == (at(11, 20, 9), at(11, 20, 21, 30))
    # the rule in general on the line above is passed over; the day's own line is read
    assert (days[2].opens, days[2].closes) == (at(11, 22, 10), at(11, 22, 22))
