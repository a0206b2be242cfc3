"""A 延时 granted by a count of days (session 46 round 2, 阿May's 030 game
tests/games/discovery_fh46: 「延时成功！第二日延长一日」): the 延时 proposal is prefilled with the
close a day later (seed 001 延时: the day's discussion is extended by one day); a post naming
another day, or a request (延时+1), prefills nothing."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from auditor.game.discover import _delay_stated
from auditor.game.gamefile import DaySpec, load_game
from auditor.models import Post
from tests import paths

TZ = ZoneInfo("Asia/Shanghai")
D2 = DaySpec(2, datetime(2026, 12, 2, 12, tzinfo=TZ), datetime(2026, 12, 3, 21, 30, tzinfo=TZ))


def _stated(text: str) -> tuple[int | None, datetime] | None:
    g = load_game(paths.ROOT / "examples" / "sample" / "game.toml")
    at = D2.closes - timedelta(hours=3)
    post = Post(203, 1113, 7, g.directors[0], None, at, "", text, (text,))
    return _delay_stated(g, D2, [D2], [post])


def test_a_delay_by_one_day_moves_the_close_a_day() -> None:
    assert _stated("延时成功！第二日延长一日") == (1113, D2.closes + timedelta(days=1))
    assert _stated("人数够了，顺延一天。") == (1113, D2.closes + timedelta(days=1))


def test_another_days_delay_or_a_request_prefills_nothing() -> None:
    assert _stated("第三日延长一日") is None
    assert _stated("延时+1") is None
    assert _stated("第二日延时不成立，不延长一日") is None
