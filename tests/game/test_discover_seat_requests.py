"""A substitute on his own account asks for 延时 / 加速 for the seat he took (Yuki's M39 game,
session 45: 糯米 for 鱼丸, 4 of 8 asking): once the ``substitute`` event is known — in the
game file or discovered — his request counts for the seat, from the event's time on (M39
替补; M107 10 替补玩家…代替该玩家继续游戏); before it, an outsider's post counts for no one.
Names written for these tests (a tea-house cast)."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from auditor.game.discover import acceleration_proposals
from auditor.game.gamefile import (
    DaySpec,
    Event,
    EventType,
    Game,
    ThreadKind,
    ThreadSpec,
    parse_game,
)
from auditor.models import Post

TZ = ZoneInfo("Asia/Shanghai")
SEATS = ["龙井", "碧螺", "普洱", "乌龙", "白毫", "红袍", "铁观", "毛尖"]
NOON = datetime(2026, 12, 4, 12, 0, tzinfo=TZ)
DAY = DaySpec(2, datetime(2026, 12, 3, 10, tzinfo=TZ), datetime(2026, 12, 4, 22, tzinfo=TZ))


def _game(folder: Path) -> Game:
    (folder / "pages").mkdir(exist_ok=True)
    return parse_game(
        {
            "game": {"name": "t", "ruleset": "m39", "directors": ["茶博士"], "tag": "M39"},
            "forum": {"pages": "pages/", "board": 2},
            "players": {"names": SEATS},
        },
        folder / "game.toml",
    )


def _delays(folder: Path, events: list[Event], at: datetime = NOON) -> list[str]:
    """The 延时 proposals' texts: three seats ask at noon, the newcomer 菊花 at ``at``."""
    posts = [
        Post(1, i, i, n, None, NOON + timedelta(minutes=i), "", "申请延时")
        for i, n in enumerate(SEATS[:3], 1)
    ]
    posts.append(Post(1, 9, 9, "菊花", None, at, "", "申请延时"))
    threads = [ThreadSpec(1, ThreadKind.PROCESS, None)]
    found = acceleration_proposals(_game(folder), threads, [DAY], events, posts)
    return [p.text for p in found if p.kind == "delay"]


SUB = Event(EventType.SUBSTITUTE, "毛尖", datetime(2026, 12, 4, 11, tzinfo=TZ), value="菊花")


def test_the_newcomer_asks_for_the_seat(tmp_path: Path) -> None:
    texts = _delays(tmp_path, [SUB])
    assert len(texts) == 1 and "4/8" in texts[0] and "毛尖" in texts[0], texts
    assert "菊花" not in texts[0]


def test_without_the_event_the_newcomer_counts_for_no_one(tmp_path: Path) -> None:
    assert _delays(tmp_path, []) == []


def test_before_the_substitute_the_newcomer_counts_for_no_one(tmp_path: Path) -> None:
    assert _delays(tmp_path, [SUB], at=datetime(2026, 12, 4, 10, tzinfo=TZ)) == []
