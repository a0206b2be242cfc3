"""A day's times said in the theme's own words in its opening post (issue 34, session 43
round 2): two lines one under the other, each a label and a time alone (入住：…⏎退房：…),
are the day's opening and close; a post whose one time is said in the theme's word (本站
21:30 发车) proposes it as the close.  Each with the words that undo it.  Sentences written
for these tests (a bakery cast)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from auditor.game.when import lone_close, paired_times

TZ = ZoneInfo("Asia/Shanghai")
POSTED = datetime(2026, 5, 4, 9, 0, tzinfo=TZ)


def t(day: int, h: int, m: int = 0, s: int = 0) -> datetime:
    return datetime(2026, 5, day, h, m, s, tzinfo=TZ)


@pytest.mark.parametrize(
    ("text", "pair"),
    [
        (
            "【烘焙坊 · 第2日】\n进炉：5月4日 09:00\n出炉：5月4日 21:30\n今天的面包归大家投。",
            (t(4, 9), t(4, 21, 30)),
        ),
        ("发面：9点\n收摊：晚上九点半", (t(4, 9), t(4, 21, 30))),
        # 24:00 as the close: the day's end
        ("揉面：5月4日 9:00\n关灯：5月4日 24:00", (t(4, 9), t(4, 23, 59, 59))),
    ],
)
def test_two_labelled_lines_are_the_day_s_times(text: str, pair: tuple[datetime, datetime]) -> None:
    assert paired_times(text, POSTED, TZ, 2) == pair


@pytest.mark.parametrize(
    "text",
    [
        # a recap's block
        "上一轮：\n进炉：5月4日 09:00\n出炉：5月5日 21:30",
        # three labelled times: a timetable, not the day's two
        "进炉：09:00\n出炉：21:30\n遗言：22:00",
        # not one under the other
        "进炉：09:00\n今天的面包归大家投。\n出炉：21:30",
        # a question
        "进炉：09:00\n出炉：21:30 吗？",
        # the lines' times a day apart in the wrong order
        "出炉：5月5日 21:30\n进炉：5月4日 09:00",
    ],
)
def test_no_labelled_pair_twins(text: str) -> None:
    assert paired_times(text, POSTED, TZ, 2) is None


@pytest.mark.parametrize(
    ("text", "closes"),
    [
        ("第三炉开张了。\n昨夜平安。\n本炉 21:30 出炉，请勿迟到。", t(4, 21, 30)),
        ("【烘焙坊 · 第3日】\n出炉时间 21:30。", t(4, 21, 30)),
    ],
)
def test_the_one_time_in_the_theme_s_word_is_the_close(text: str, closes: datetime) -> None:
    assert lone_close(text, POSTED, TZ, 3) == closes


@pytest.mark.parametrize(
    "text",
    [
        "今晚 21:00 前交技能。",  # a moment
        "今晚 20:00 开始语音。",  # an opening of its own
        "如果加速，本炉 19:30 出炉。",  # supposed
        "本炉 21:30 出炉吗？",  # asked
        "昨天 21:30 出炉。",  # a recap
        "「本炉 21:30 出炉」是上一局的台词。",  # a quote
        "本炉 10:30 出炉。",  # an hour and a half after the post: no day
        "09:00 进炉，21:30 出炉。",  # two times: a pair's, not this
    ],
)
def test_no_lone_close_twins(text: str) -> None:
    assert lone_close(text, POSTED, TZ, 3) is None
