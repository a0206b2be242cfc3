"""A 延时 granted with its new close (issue 34; fh42 item 1, the first-hour director's own
game): the close's own word before the move (收帖顺延一天：改为 <date time>, 封帖推迟到,
锁帖延至) is a close moved later — 收 / 封 / 锁 close a day as 关 and 截 do; only 开 opens.
The kind: 延时成立 / 顺延一天 / 改为 <date time> / 延至 / 推迟到.  Its twins are not a new
close: a request not yet granted, a delay refused, a question, a rule said in general, an
opening put back.  When the post is still not read as a delay (a time with no verb of its
own), the 延时 proposal is prefilled with the close the post states, never the old one.
Sentences written for these tests (a harbour-free cast: a night market)."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from auditor.game.discover import acceleration_proposals
from auditor.game.gamefile import DaySpec, ThreadKind, ThreadSpec, parse_game
from auditor.game.when import find_points
from auditor.models import Post
from auditor.pipeline import audit, open_game
from tests.game.test_discover_rulesets import ask_in_process, at, rabbit030
from tools.writer import parse_script, write_site

TZ = ZoneInfo("Asia/Shanghai")
TUE = datetime(2026, 3, 10, 14, 0, tzinfo=TZ)  # a Tuesday afternoon


def _closes(text: str) -> list[tuple[str, bool]]:
    """(the close as mm-dd hh:mm, said as a new close) of each close the text states."""
    return [
        (p.at.strftime("%m-%d %H:%M"), p.delay)
        for p in find_points(text, TUE, TZ)
        if p.role == "closes" and not p.wrong
    ]


@pytest.mark.parametrize(
    ("text", "new"),
    [
        ("延时通过。第三日收帖顺延一天：改为 3月11日（周三）21:30。", "03-11 21:30"),
        ("延时成立，今日收帖推迟到 3月10日 23:00。", "03-10 23:00"),
        ("封帖延至 3月11日 20:00（延时申请已过半）。", "03-11 20:00"),
        ("锁帖时间改为 3月11日 21:00，延时生效。", "03-11 21:00"),
    ],
)
def test_a_granted_delay_with_its_new_close(text: str, new: str) -> None:
    assert (new, True) in _closes(text)


@pytest.mark.parametrize(
    "text",
    [
        # an opening put back: 开 opens, whatever moves it
        "第三日开帖推迟到 3月11日 10:00。",
        # a request's deadline, not the day's close
        "延时申请截止 3月10日 19:00。",
    ],
)
def test_no_new_close_twins(text: str) -> None:
    assert not any(delay for _at, delay in _closes(text))


def _market(tmp_path: Path, ruling: str, askers: int = 4) -> tuple[list[str], list[object]]:
    """030's test game: ``askers`` of the 7 living ask for 延时 on day 2 (which closes
    11-23 22:00), then the director rules in the process thread at 15:00; its proposals
    and its days as the minimal file discovers them."""
    g = rabbit030()
    ask_in_process(g, ["黄瓜", "番茄", "杜鹃", "画眉"][:askers], at(11, 23, 11), "申请延时")
    process = next(t for t in g.threads if t["subject"] == "[030] 进程帖")
    posts = process["post"]
    assert isinstance(posts, list)
    posts.append({"author": "扫把无限", "at": at(11, 23, 15), "message": ruling, "pid": 9100})
    posts.sort(key=lambda p: p["at"])
    pages = tmp_path / "pages"
    write_site(parse_script(g.script()), pages)
    _, minimal = g.files(tmp_path, f'pages = "{pages.as_posix()}"')
    result = audit(minimal, reports=tmp_path / "r")
    return result.proposals, list(open_game(minimal).days)


def _day2(days: list[object]) -> tuple[str, bool]:
    d = next(d for d in days if d.number == 2)  # type: ignore[attr-defined]
    return d.closes.astimezone(TZ).strftime("%m-%d %H:%M"), d.delayed  # type: ignore[attr-defined]


def test_the_granted_delay_moves_the_day_s_close(tmp_path: Path) -> None:
    proposals, days = _market(
        tmp_path,
        "【延时】申请 4/7，过半，延时成立。\nD2 收帖顺延一天：改为 11月24日（周二）22:00。",
    )
    assert _day2(days) == ("11-24 22:00", True)
    assert not any("申请延时" in p for p in proposals)  # granted: nothing left to propose


@pytest.mark.parametrize(
    "ruling",
    [
        # refused, with the close that stays
        "【延时】申请 2/7，不到一半，延时不成立。D2 收帖仍为 11月23日 22:00。",
        # a question to the players
        "D2 收帖要不要顺延一天，改为 11月24日 22:00？大家怎么看？",
        # the rule in general, supposed
        "提醒：延时成立的话，收帖会顺延一天，改为 11月24日 22:00。",
    ],
)
def test_no_delay_twins_keep_the_close(tmp_path: Path, ruling: str) -> None:
    _proposals, days = _market(tmp_path, ruling, askers=2)
    assert _day2(days) == ("11-23 22:00", False)


def test_a_delay_proposal_is_prefilled_with_the_close_the_post_states(tmp_path: Path) -> None:
    # the time has no verb of its own (…见): the day is not moved, the director is asked —
    # with the close he wrote, never the old one
    proposals, days = _market(tmp_path, "延时成立，顺延一天，我们 11月24日 22:00 见。")
    assert _day2(days) == ("11-23 22:00", False)
    asked = [p for p in proposals if "申请延时" in p]
    assert asked and "pid 9100 写的新关门时间是 11-24 22:00:00，已预填" in asked[0], proposals


def test_a_refused_delay_prefills_nothing(tmp_path: Path) -> None:
    proposals, _days = _market(
        tmp_path, "延时不成立，我们还是 11月23日 22:00 见，别想着 11月24日 22:00。"
    )
    asked = [p for p in proposals if "申请延时" in p]
    assert asked and "已预填" not in asked[0], proposals


def _proposal_close(folder: Path, ruling: str) -> datetime:
    """The close a 延时 proposal carries (what the desk's field starts with) for day 2 of a
    030 game closing 12-04 22:00, four of eight asking, then the director's ``ruling``."""
    names = ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛"]
    (folder / "pages").mkdir(exist_ok=True)
    game = parse_game(
        {
            "game": {"name": "t", "ruleset": "rabbit030", "directors": ["导演"], "tag": "030"},
            "forum": {"pages": "pages/", "board": 2},
            "players": {"names": names},
        },
        folder / "game.toml",
    )
    noon = datetime(2026, 12, 4, 12, 0, tzinfo=TZ)
    posts = [
        Post(1, i, i, n, None, noon + timedelta(minutes=i), "", "申请延时")
        for i, n in enumerate(names[:4], 1)
    ]
    posts.append(Post(1, 9, 9, "导演", None, noon + timedelta(hours=3), "", ruling))
    days = [
        DaySpec(2, datetime(2026, 12, 3, 10, tzinfo=TZ), datetime(2026, 12, 4, 22, tzinfo=TZ)),
        DaySpec(3, datetime(2026, 12, 6, 10, tzinfo=TZ), datetime(2026, 12, 7, 22, tzinfo=TZ)),
    ]
    threads = [ThreadSpec(1, ThreadKind.PROCESS, None)]
    found = [p for p in acceleration_proposals(game, threads, days, [], posts) if p.kind == "delay"]
    assert len(found) == 1 and isinstance(found[0].item, DaySpec)
    return found[0].item.closes


def test_the_proposal_item_carries_the_stated_close_or_the_old_one(tmp_path: Path) -> None:
    stated = datetime(2026, 12, 5, 22, tzinfo=TZ)
    assert _proposal_close(tmp_path, "延时成立，顺延一天，12月5日 22:00 见。") == stated
    # refused, or a time after the next day opens: the old close, for the director to type
    old = datetime(2026, 12, 4, 22, tzinfo=TZ)
    assert _proposal_close(tmp_path, "延时不成立，12月5日 22:00 也不行。") == old
    assert _proposal_close(tmp_path, "延时的事，12月6日 12:00 再说。") == old
