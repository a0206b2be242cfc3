"""Session 47 (issue 34): what this session's three directors wrote that was not read.

- A substitute's start said by its day (从 Day 2 开始 X 由 Y 接手, 替补：X→Y，D2 起): that day's
  opening, not the post's moment; a day not open yet waits for it (seeds 000 10、替补, 004 替补).
- A seat taken over in its own verbs (Y 顶上) by a newcomer, the one leaving by a nickname:
  listed, never silent.
- An edited director's post is read as it stands now: a delay added by the edit (+2h：D2 ddl
  22:00) is the day's new close, and the listing says the post was edited (已编辑).
- A director's result line the tally agrees with (X 4票，Y 3票，Z 弃权，W 没投票。) is read,
  not asked; one that differs stays listed.
Sentences written for this test with their own cast."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from auditor.game.announce import Announced
from auditor.game.discover import _substitute_from
from auditor.game.gamefile import DaySpec, EventType, ThreadKind, ThreadSpec, parse_game
from auditor.game.state import (
    agrees_with_tally,
    counts_said,
    edited_said,
    unread_posts,
    why_listed,
)
from auditor.game.when import find_points, find_ranges
from auditor.models import Post

TZ = ZoneInfo("Asia/Shanghai")
PLAYERS = ["米线", "凉皮", "肉夹馍", "胡辣汤", "羊肉泡", "甑糕"]


def _at(d: int, h: int, mi: int = 0) -> datetime:
    return datetime(2031, 6, d, h, mi, tzinfo=TZ)


DAYS = [DaySpec(1, _at(1, 9), _at(2, 22)), DaySpec(2, _at(3, 9), _at(3, 22))]


def _sub(clause: str) -> Announced:
    return Announced(EventType.SUBSTITUTE, "凉皮", value="油泼面", clause=clause)


@pytest.mark.parametrize(
    "clause",
    [
        "从 Day 2 开始 凉皮 由 油泼面 接手",
        "替补：凉皮→油泼面，D2 起。",
        "自第二天起 油泼面 替补 凉皮",
        "第2天开始，凉皮 的位置由 油泼面 来顶",
    ],
)
def test_a_substitute_from_a_named_day_starts_at_its_opening(clause: str) -> None:
    assert _substitute_from(_sub(clause), _at(2, 10), DAYS) == _at(3, 9)


def test_a_substitute_from_a_day_not_open_yet_waits_for_it() -> None:
    assert _substitute_from(_sub("从 Day 3 开始 凉皮 由 油泼面 接手"), _at(3, 10), DAYS) is None


@pytest.mark.parametrize(
    "clause",
    ["凉皮 有事，油泼面 替补 凉皮", "第2天 凉皮 由 油泼面 替补"],  # no start said: when told
)
def test_a_substitute_with_no_start_said_is_when_told(clause: str) -> None:
    assert _substitute_from(_sub(clause), _at(3, 12), DAYS) == _at(3, 12)


@pytest.mark.parametrize(
    ("text", "listed"),
    [
        ("【通知】老凉家里有事下了，油泼面 顶上，大家欢迎。", True),
        ("凉凉出差了，由 油泼面 接手那个座位。", True),
        ("谁来顶上？没人的话就罚下。", False),
        ("如果没人接手，就按规则罚下。", False),
    ],
)
def test_a_seat_taken_over_by_a_newcomer_is_never_silent(text: str, listed: bool) -> None:
    assert (why_listed(PLAYERS, text) is not None) is listed


def test_an_edit_that_adds_a_delay_is_the_days_new_close() -> None:
    text = "D2 00:00-20:00\n平安夜: 否\n+2h：D2 ddl 22:00"
    (day,) = find_ranges(text, _at(3, 0), TZ)
    assert (day.day, day.closes) == (2, _at(3, 20))
    (close,) = find_points(text, _at(3, 0), TZ)
    assert (close.at, close.role, close.delay, close.day) == (_at(3, 22), "closes", True, 2)


@pytest.mark.parametrize("text", ["票数 +2", "比分 +1", "+1，同意加速"])
def test_a_plus_with_no_hours_is_no_delay(text: str) -> None:
    assert not any(p.delay for p in find_points(text, _at(3, 0), TZ))


def _game(tmp_path: Path):  # type: ignore[no-untyped-def]
    (tmp_path / "pages").mkdir()
    return parse_game(
        {
            "game": {"name": "面馆", "ruleset": "m107", "tag": "M107", "directors": ["掌柜"]},
            "forum": {"pages": "pages/", "board": 1},
            "players": {"names": PLAYERS},
        },
        tmp_path / "game.toml",
    )


def test_an_edited_post_is_listed_as_it_stands_and_says_it_was_edited(tmp_path: Path) -> None:
    game = _game(tmp_path)
    threads = [ThreadSpec(801, ThreadKind.PROCESS, None)]
    said = "凉皮 昨晚走了？大家看着办。"
    edited = "本帖最后由 掌柜 于 2031-6-3 18:30 编辑"
    post = Post(801, 8011, 3, "掌柜", None, _at(3, 9, 5), "", said, edited=edited)
    (u,) = unread_posts(game, threads, DAYS, [post], set(), {})
    assert u.text == said
    assert u.why.startswith("已编辑（2031-6-3 18:30）：")
    assert edited_said(None) == ""


@pytest.mark.parametrize(
    ("line", "counts"),
    [
        ("投票结束！米线 4票，凉皮 3票，肉夹馍 弃权，甑糕 没投票。", {"米线": 4, "凉皮": 3}),
        (
            "【计票】米线 4票（凉皮、胡辣汤、甑糕、羊肉泡）\n凉皮 3票（米线、肉夹馍）",
            {"米线": 4, "凉皮": 3},
        ),
        ("米线 2.5票，凉皮 1票", {"米线": 2.5, "凉皮": 1}),
        ("米线 4票，凉皮 说他是预言家", None),  # more than a count
        ("肉夹馍 弃权", None),  # no count
    ],
)
def test_a_result_line_is_its_counts(line: str, counts: dict[str, float] | None) -> None:
    assert counts_said(PLAYERS, line) == counts


def test_a_result_line_the_tally_agrees_with_is_read() -> None:
    post = "投票结束！米线 4票，凉皮 3票，肉夹馍 弃权，甑糕 没投票。\n米线 当选警长！"
    assert agrees_with_tally(PLAYERS, post, [{"米线": 4.0, "凉皮": 3.0}])
    assert not agrees_with_tally(PLAYERS, post, [{"米线": 4.0, "凉皮": 2.0}])
    assert not agrees_with_tally(PLAYERS, post, [])
    # (a post with another clause unread besides the count stays listed)
    more = post + "\n凉皮 和 甑糕 换了座位。"
    assert not agrees_with_tally(PLAYERS, more, [{"米线": 4.0, "凉皮": 3.0}])


@pytest.mark.parametrize("text", ["替补: 凉皮→油泼面，D2 起。", "替补：凉皮 -> 油泼面"])
def test_a_substitutes_label_over_an_arrow_is_who_leaves_then_who_comes(text: str) -> None:
    from auditor.game.announce import Patterns

    found, _ = Patterns(PLAYERS).read(text)
    assert [(a.type, a.player, a.value) for a in found] == [
        (EventType.SUBSTITUTE, "凉皮", "油泼面")
    ]
