"""The day's opening a night's results belong to (issue 34, session 43: the first-hour
director's 更正 five minutes after his day opened put a piping on the next day).

030 / M39: a night's deaths and pipings are announced the next day (吹笛 …次日公示，次日白天只能
用指定词语): they are the day's from its opening, whether told in the discussion thread's
first post, in the night before the day opens (进程帖：天亮了), or in a correction of those
posted once the day is open.  A day with 环节 (版杀7) has its own night: its deaths keep
their post's time.  Sentences written for these tests.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from auditor.game.announce import Patterns
from auditor.game.discover import Discovery, _announced_events, _recapped_close
from auditor.game.gamefile import (
    DaySpec,
    Event,
    EventType,
    Game,
    PhaseSpec,
    ThreadKind,
    ThreadSpec,
    load_game,
)
from auditor.game.state import _every_day_split, roster_agrees, why_listed
from auditor.models import Post

TZ = ZoneInfo("Asia/Shanghai")
PLAYERS = ["黄瓜", "冬瓜", "番茄", "芒果", "苦瓜", "杜鹃", "画眉", "茄子"]
PROCESS, DISC2, DISC3 = 40, 42, 43
THREADS = [
    ThreadSpec(PROCESS, ThreadKind.PROCESS, None),
    ThreadSpec(DISC2, ThreadKind.DISCUSSION, 2),
    ThreadSpec(DISC3, ThreadKind.DISCUSSION, 3),
]


def t(day: int, h: int, m: int = 0) -> datetime:
    return datetime(2026, 12, day, h, m, tzinfo=TZ)


DAYS = [
    DaySpec(1, t(1, 9), t(2, 21, 30)),
    DaySpec(2, t(3, 9), t(4, 21, 30)),
    DaySpec(3, t(5, 9), t(5, 21, 30)),
]


def _game(tmp_path: Path) -> Game:
    path = tmp_path / "game.toml"
    path.write_text(
        '[game]\nname = "测试"\nruleset = "m39"\ntag = "M39"\ntimezone = "Asia/Shanghai"\n'
        'directors = ["导演"]\n[forum]\nurl = "http://bbs.example.com/"\nboard = 2\n'
        f"[players]\nnames = {PLAYERS!r}\n".replace("'", '"'),
        encoding="utf-8",
    )
    return load_game(path)


def _post(tid: int, pid: int, at: datetime, text: str, *, first: bool = False) -> Post:
    return Post(
        tid,
        pid,
        1 if first else pid,
        "导演",
        1,
        at,
        "",
        text,
        tuple(text.splitlines()),
        first=first,
    )


def _events(
    tmp_path: Path, posts: list[Post], days: list[DaySpec] = DAYS
) -> list[tuple[object, ...]]:
    disc = Discovery(piped_words=("喵喵",))
    found = _announced_events(_game(tmp_path), THREADS, days, posts, disc)
    return [(s.item.type, s.item.player, s.item.at, s.pid) for s in found]  # type: ignore[union-attr]


def test_a_correction_of_the_opening_is_the_opening_s(tmp_path: Path) -> None:
    posts = [
        _post(PROCESS, 1, t(3, 8, 50), "天亮了。昨夜倒下的是 冬瓜。"),
        _post(
            DISC2,
            2,
            t(3, 9),
            "【第二天讨论帖】\n名单有更正，以进程帖为准。番茄、芒果 今天是Lv.3，只能说指定词语。",
            first=True,
        ),
        _post(
            PROCESS,
            3,
            t(3, 9, 7),
            "更正：昨夜倒下的是 苦瓜，不是冬瓜。\n另外昨夜被吹笛的是 番茄、芒果。",
        ),
    ]
    got = _events(tmp_path, posts)
    E, PI = EventType.ELIMINATED, EventType.PIPED
    # the death told in the night before the day opens, corrected after: the opening's;
    # the pipings the correction repeats stand once, at the opening
    assert sorted(got, key=str) == sorted(
        [(PI, "番茄", t(3, 9), 2), (PI, "芒果", t(3, 9), 2), (E, "苦瓜", t(3, 9), 3)], key=str
    )


def test_the_night_before_a_day_opens_is_that_day_s(tmp_path: Path) -> None:
    posts = [
        _post(PROCESS, 1, t(5, 8, 58), "第三天。昨晚 画眉 没能看到今天的太阳；茄子 被吹笛了。")
    ]
    assert _events(tmp_path, posts) == [
        (EventType.ELIMINATED, "画眉", t(5, 9), 1),
        (EventType.PIPED, "茄子", t(5, 9), 1),
    ]


def test_a_night_death_told_mid_day_with_no_correction_keeps_its_time(tmp_path: Path) -> None:
    posts = [_post(PROCESS, 1, t(3, 15), "补充公示：昨夜出局的还有 画眉。")]
    assert _events(tmp_path, posts) == [(EventType.ELIMINATED, "画眉", t(3, 15), 1)]


def test_a_day_with_its_own_night_keeps_the_post_s_time(tmp_path: Path) -> None:
    phased = [
        DaySpec(1, t(1, 0), t(2, 20), phases=(PhaseSpec(1, "环节一", t(1, 0), t(1, 23, 59)),)),
        DaySpec(2, t(3, 0), t(4, 20), phases=(PhaseSpec(1, "环节一", t(3, 0), t(3, 23, 59)),)),
    ]
    posts = [_post(PROCESS, 1, t(2, 22), "杀人贴：昨夜出局的是 画眉。")]
    assert _events(tmp_path, posts, phased) == [(EventType.ELIMINATED, "画眉", t(2, 22), 1)]


def test_a_result_at_its_own_days_close_is_that_days() -> None:
    """A vote result in a day's own thread, posted at its close or soon after (whatever day
    has opened since), is that day's; one in the next day's thread at its opening, the day
    before's (issue 34, session 43: the day is decided by the post's time against the days)."""
    days = [
        DaySpec(2, t(3, 9), t(4, 21, 30)),
        DaySpec(3, t(4, 21, 30), t(5, 21, 30)),  # the next day open at once (no night gap)
    ]
    (a,) = Patterns(PLAYERS).find("投票结果：杜鹃 6 票，出局。")
    own = ThreadSpec(DISC2, ThreadKind.DISCUSSION, 2)
    nxt = ThreadSpec(DISC3, ThreadKind.DISCUSSION, 3)
    said = "投票结果：杜鹃 6 票，出局。"
    assert _recapped_close(a, days[0], own, days, (said, t(4, 21, 30))) == t(4, 21, 30)
    assert _recapped_close(a, days[1], own, days, (said, t(4, 21, 40))) == t(4, 21, 30)
    # the next day's thread at its opening: the day before's close, as before
    assert _recapped_close(a, days[1], nxt, days, (said, t(4, 21, 40))) == t(4, 21, 30)
    # its own thread long after the close (a recap the next evening): the day before's
    assert _recapped_close(a, days[1], own, days, (said, t(5, 20))) == t(4, 21, 30)


GRAMMAR_PLAYERS = ["黄瓜", "冬瓜", "番茄", "芒果", "苦瓜", "杜鹃", "画眉", "茄子", "渔夫"]


def test_the_written_styles_seat_and_badge() -> None:
    """The written style's substitute (其席由替补 X 承之: 其 is the sentence before's subject)
    and hand-over (X 临终以警长付 Y: 以 + the office + a verb of giving)."""
    p = Patterns(GRAMMAR_PLAYERS)
    found, _ = p.read("杜鹃 远行，不能再与议。其席由替补 渔夫 承之。")
    assert [(a.type, a.player, a.value) for a in found] == [(EventType.SUBSTITUTE, "杜鹃", "渔夫")]
    found, _ = p.read("画眉 以警徽授 番茄。")
    assert [(a.type, a.player, a.how) for a in found] == [
        (EventType.SHERIFF, "番茄", "handed_over")
    ]
    assert p.read("由 渔夫 承认错误。") == ([], [])


def test_a_request_count_at_half_is_the_acceleration() -> None:
    """030 / M39: 申请人数大于等于存活人数的一半，即判定加速成功 — a count said to reach half,
    in the next clause, a theme's word between 加速 and 申请; never one short or a rule."""
    p = Patterns(GRAMMAR_PLAYERS)
    for text in ("加速申请：5/9，超过一半。", "加速摆摊申请 4/8，过半。"):
        assert [str(a.type) for a in p.read(text)[0]] == ["accelerated"], text
    for text in ("加速申请 3 人没超过一半。", "加速申请需超过一半。", "加速申请超过一半即加速。"):
        assert p.read(text)[0] == [], text
    # a count at half the post reads nothing of is listed, never passed in silence
    assert p.read("加速或延时申请：5/9，超过一半")[1]
    # the close it brought, read as no close: listed
    assert p.read("加速申请：5/9，超过一半，本期提前至 19:30 收摊。")[1]


def test_what_undoes_a_clause_undoes_that_clause() -> None:
    """A ballot's clause (X 已改票投 Y) is no event; the sentence's next clause naming a player
    still is — listed when it is not read."""
    p = Patterns(GRAMMAR_PLAYERS)
    assert p.read("画眉 已改票投 番茄，没能上船的是 茄子，不是 芒果。")[1]
    assert p.read("平票，画眉、番茄 都留下。")[1] == []


def test_the_roster_and_the_every_day_rule_are_no_unread_post() -> None:
    """A post naming the whole roster with no event word is the cast (listed for nothing),
    while one naming the roster beside an event word still is; the times under 此后每期 are
    the schedule's rule, agreeing with the days by their hour."""
    cast = ["黄瓜", "冬瓜", "番茄"]
    assert why_listed(cast, "本期来宾（按报名顺序）：黄瓜 冬瓜 番茄") is None
    assert why_listed(cast, "存活：黄瓜 冬瓜 番茄") is not None
    assert why_listed(cast, "黄瓜 冬瓜 番茄，昨夜 番茄 倒下。") is not None
    dated, rule = _every_day_split("第一期：\n开帖：12月1日 10:00\n此后每期：\n开帖：当日 10:00")
    assert dated.endswith("10:00\n") and rule.startswith("此后每期")


def test_a_roster_that_says_what_is_known_is_no_announcement(tmp_path: Path) -> None:
    """The process thread's roster (seed 000 公示; fh48b kept it current by editing): one
    player a line with a seat and the legend's sheriff mark says nothing new while the mark
    is on the sheriff already read; a mark on another, a struck name or a death word beside a
    name keeps it listed (then the roster's change is an announcement to ask)."""
    g = _game(tmp_path)
    lines = [f"{i}. {p}" for i, p in enumerate(PLAYERS, 1)]
    marked = [*lines[:2], f"{lines[2]}  ☆", *lines[3:]]
    roster = "名单（随时更新）\n\n" + "\n".join(marked) + "\n\n☆：警长"
    elected = [Event(EventType.SHERIFF, "番茄", t(2, 21, 30), "elected")]
    assert roster_agrees(g, roster, elected)
    assert not roster_agrees(g, roster)  # no sheriff read yet: the mark is news
    assert not roster_agrees(g, roster.replace("1. 黄瓜", "1. [s]黄瓜[/s] 夜里走了"), elected)
    assert not roster_agrees(g, roster.replace("☆：警长", ""), elected)  # a mark no legend says
    assert roster_agrees(g, "\n".join(lines))
    assert not roster_agrees(g, "\n".join(lines[:3]))  # three of eight: a mention, no roster


def test_a_vote_opener_stating_the_sheriffs_weight_is_no_unread_post() -> None:
    """Seed 000 (警长: 1.5 票): a vote thread's opener that states its close and the
    sheriff's ballot's weight tells no event of anyone; a sentence where the sheriff is
    someone still does."""
    cast = ["黄瓜", "冬瓜", "番茄"]
    # (listed for its time only: a close the days' own check agrees with is dropped)
    assert why_listed(cast, "第三日投票帖\n截止今晚九点半\n老规矩，警长票算 1.5") == "写了时间 今晚"
    assert why_listed(cast, "格式照旧，警长票计 1.5") is None
    assert why_listed(cast, "新警长产生了，恭喜。") is not None


def test_the_reason_keeps_the_half_hour() -> None:
    """A listed post's reason quotes its time whole (fh48c: 「写了时间 八点」 for 八点半)."""
    assert why_listed(["黄瓜"], "关门：后天晚上九点半") == "写了时间 九点半"
    assert why_listed(["黄瓜"], "关门：21点半") == "写了时间 21点半"
    assert why_listed(["黄瓜"], "关门：晚上九点") == "写了时间 九点"
