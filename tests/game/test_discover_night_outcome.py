"""A night's outcome, read or asked (issue 34, never silent; session 46 round 2, 小鱼's M107
game tests/games/discovery_fh46c): a day thread's title is read with its opening post (「d2讨论帖
｜昨夜🔪可乐寄了」, the post saying 看标题), and a night between two days with no outcome read —
no death, no 平安夜, no 公示 of the day's result; a substitute or a 延时 tells nothing of it — is
asked: 「第N夜的结果是什么？」 with the next day's thread and its opening post's link
(docs/usage.md exit 7: a night without an announced outcome; M107 规则 游戏流程: 夜晚结束后
公布夜晚结果)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from auditor.game.discover import _with_title
from auditor.game.gamefile import DaySpec, Event, EventType, ThreadKind, ThreadSpec, load_game
from auditor.game.state import night_problems
from auditor.models import Post
from tests import paths

TZ = ZoneInfo("Asia/Shanghai")
D1 = DaySpec(1, datetime(2026, 11, 28, 9, tzinfo=TZ), datetime(2026, 11, 29, 22, tzinfo=TZ))
D2 = DaySpec(2, datetime(2026, 11, 30, 9, tzinfo=TZ), datetime(2026, 11, 30, 23, tzinfo=TZ))
THREADS = [ThreadSpec(206, ThreadKind.DISCUSSION, 2), ThreadSpec(207, ThreadKind.VOTE, 2)]


def _post(pid: int, tid: int, text: str, at: datetime, author: str, *, first: bool = False) -> Post:
    return Post(tid, pid, 1, author, None, at, "", text, (text,), first=first)


def _game():  # type: ignore[no-untyped-def]
    g = load_game(paths.ROOT / "examples" / "sample" / "game.toml")
    return g, g.directors[0]


def test_a_night_with_only_a_substitute_is_asked_with_the_days_thread() -> None:
    g, director = _game()
    posts = [
        _post(1068, 203, "汤包请假，小笼替补", D1.closes + timedelta(hours=11), director),
        _post(1069, 206, "早上好 昨晚的情况看标题哈", D2.opens, director, first=True),
    ]
    # the substitute was read from 1068: an event, no outcome of the night
    (asked,) = night_problems(g, [D1, D2], [], posts, set(), THREADS)
    assert asked.startswith("第1夜的结果是什么？")
    assert "第2天开门的帖：帖子 206" in asked


def test_a_night_death_or_a_result_post_answers_it() -> None:
    g, director = _game()
    posts = [_post(1069, 206, "昨夜可乐出局", D2.opens, director, first=True)]
    death = Event(EventType.ELIMINATED, "可乐", D2.opens, how="night")
    assert night_problems(g, [D1, D2], [death], posts, set(), THREADS) == []
    # twin: the post an outcome was read from (a 公示 of the day's result, the next morning)
    assert night_problems(g, [D1, D2], [], posts, {1069}, THREADS) == []


def test_a_day_threads_title_is_read_with_its_opening_post() -> None:
    _g, director = _game()
    opening = _post(1069, 206, "昨晚的情况看标题哈", D2.opens, director, first=True)
    spec = THREADS[0]
    read = _with_title(opening, spec, "[M107] d2讨论帖｜昨夜🔪可乐寄了 👮警长薯条")
    assert read.lines == (
        "[M107]",
        "d2讨论帖",
        "昨夜🔪可乐寄了",
        "👮警长薯条",
        "昨晚的情况看标题哈",
    )
    # twins: a reply is not the opening; the rules thread's title is no day's
    reply = replace(opening, first=False)
    assert _with_title(reply, spec, "d2讨论帖｜昨夜🔪可乐寄了") is reply
    rules = ThreadSpec(202, ThreadKind.RULES, None)
    assert _with_title(opening, rules, "规则帖｜狼人🔪") is opening


def test_the_title_items_read_apart() -> None:
    """Each item of the title on its own line: 👮警长薯条 beside 🔪可乐寄了 names the sheriff,
    not a second death."""
    from auditor.game.announce import Patterns

    found, _ = Patterns(["可乐", "薯条", "奶茶"]).read("昨夜🔪可乐寄了\n👮警长薯条")
    got = {(a.type, a.player) for a in found}
    assert (EventType.ELIMINATED, "可乐") in got
    assert (EventType.ELIMINATED, "薯条") not in got
