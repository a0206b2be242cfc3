"""Days counted by the titles' own running number (issue 34, the kind discovery_blind9's
courier and abbot games showed): a director who names each day's threads by a word holding
a numeral of its own (a ferry's 一号渡口 / 二号渡口, a calendar's 初一 / 初二) and never says
第N天.  A game written for this test with its own cast (a ferryman), with its negative twins:
numbers that do not run from 1, titles whose words differ beyond the numeral, a title with
two numerals.  And the day's word read in the director's posts (二号渡口收船改为：今晚 23:00)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from auditor.game.gamefile import ThreadKind
from auditor.game.when import find_points
from auditor.pipeline import open_game
from tests.game.test_discover_autonomy import audit, setup
from tests.game.test_discover_rulesets import EVERYONE, Game, at


def _ferry(words: tuple[str, ...] = ("一号渡口", "二号渡口"), process: str = "") -> Game:
    g = Game("m107", "M107", "艄公")
    g.thread(
        "[M107] 船坞（进程帖）",
        "process",
        None,
        [g.post("艄公", at(11, 19, 20), f"各位船客，本局按 M107 规则过河。{process}")],
    )
    for n, (word, d) in enumerate(zip(words, (20, 22), strict=False), 1):
        g.thread(
            f"[M107] ⛵{word}·讨论",
            "discussion",
            n,
            [
                g.post("艄公", at(11, d, 9), f"⛵{word}\n9:00 起，明天 21:00 关帖。"),
                *g.chatter(at(11, d, 9), at(11, d + 1, 20), EVERYONE),
            ],
        )
        g.thread(
            f"[M107] ⛵{word}·投票（警长）" if n == 1 else f"[M107] ⛵{word}·投票",
            "vote",
            n,
            [g.post("艄公", at(11, d, 9, 1), f"{word}投票处。投票格式：投票对象：名字")],
        )
    return g


def _threads(tmp_path: Path, g: Game) -> dict[int, tuple[ThreadKind, int | None]]:
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    return {t.tid: (t.kind, t.day) for t in open_game(minimal).threads}


def test_a_running_number_in_the_titles_counts_the_days(tmp_path: Path) -> None:
    threads = _threads(tmp_path, _ferry())
    assert sorted(v for v in threads.values() if v[1]) == [
        (ThreadKind.DISCUSSION, 1),
        (ThreadKind.DISCUSSION, 2),
        (ThreadKind.VOTE, 1),
        (ThreadKind.VOTE, 2),
    ]


def test_a_calendars_day_count_and_the_first_night_alone(tmp_path: Path) -> None:
    """初一 / 初二 count the days as well; on the first night only 1 is there."""
    threads = _threads(tmp_path / "a", _ferry(("初一", "初二")))
    assert sorted(d for _k, d in threads.values() if d) == [1, 1, 2, 2]
    threads = _threads(tmp_path / "b", _ferry(("一号渡口",)))
    assert sorted(d for _k, d in threads.values() if d) == [1, 1]


def test_numbers_that_do_not_run_or_words_that_differ_name_no_day(tmp_path: Path) -> None:
    for i, words in enumerate(
        (
            ("二号渡口", "三号渡口"),  # not from 1
            ("一号渡口", "二号码头"),  # another word beside the numeral
            ("一号二班", "二号二班"),  # two numerals
        )
    ):
        threads = _threads(tmp_path / str(i), _ferry(words))
        assert not any(d for _k, d in threads.values()), words


def test_the_titles_day_word_in_a_post_delays_that_day(tmp_path: Path) -> None:
    g = _ferry()
    process = g.threads[0]
    posts: list[dict[str, object]] = process["post"]  # type: ignore[assignment]
    delay = g.post("艄公", at(11, 23, 18, 30), "【延时】\n二号渡口关帖改为：今晚 23:00")
    delay["pid"] = int(process["tid"]) * 100 + len(posts)  # type: ignore[call-overload]
    posts.append(delay)
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    day = next(d for d in open_game(minimal).days if d.number == 2)
    assert day.closes == at(11, 23, 23) and day.delayed


def test_a_new_close_said_with_its_labels_colon_or_with_zai() -> None:
    tz = ZoneInfo("Asia/Shanghai")
    posted = datetime(2026, 11, 22, 18, 0, tzinfo=tz)
    for text in ("截止改为：今晚 23:00", "关帖改在今晚 23:00"):
        (p,) = find_points(text, posted, tz)
        assert (p.role, p.delay, p.at.hour) == ("closes", True, 23), text
    # an opening put back is no delay
    (p,) = find_points("开门改在 10:00", posted, tz)
    assert (p.role, p.delay) == ("opens", False)


def test_the_first_badge_given_is_the_election_and_a_days_opening_names_its_vote() -> None:
    """M107 第一天白天，获得投票最多的角色将成为警长; only a sheriff hands his badge on: a badge
    given in a vote thread when the game has no sheriff yet is the election, and a sheriff a
    day's opening names (每天开始时…公示…当日警长) was elected at the close before it."""
    from auditor.game.discover import Sourced, _first_badge, _last_close
    from auditor.game.gamefile import DaySpec, Event, EventType, ThreadSpec

    vote, talk = ThreadSpec(301, ThreadKind.VOTE, 1), ThreadSpec(302, ThreadKind.DISCUSSION, 2)
    given = Event(EventType.SHERIFF, "阿甲", at(11, 21, 22), "handed_over")
    assert _first_badge(given, [], vote).how == "elected"
    # a sheriff before, or a badge given in a discussion's opening (a night's death): a hand-over
    before = [Sourced(Event(EventType.SHERIFF, "阿乙", at(11, 20, 22), "elected"), "pid 1")]
    assert _first_badge(given, before, vote).how == "handed_over"
    assert _first_badge(given, [], talk).how == "handed_over"
    days = [DaySpec(1, at(11, 20, 10), at(11, 21, 22)), DaySpec(2, at(11, 22, 10), at(11, 22, 22))]
    assert _last_close(days, at(11, 22, 10)) == at(11, 21, 22)
    assert _last_close(days, at(11, 20, 12)) is None


def test_a_days_word_inside_a_longer_word_or_date_is_no_day() -> None:
    """十一号线路 is not 一号线路, 大年初一 / 初一二班 not 初一; the longest word first."""
    from auditor.game.discover import _serial_text

    assert _serial_text("十一号线路截单改为 23:00；一号线路截单改为 23:00", {"一号线路": 1}) == (
        "十一号线路截单改为 23:00；第1天截单改为 23:00"
    )
    assert _serial_text("初一那天我说过，大年初一不开游戏；初一二班", {"初一": 1}) == (
        "第1天那天我说过，大年初一不开游戏；初一二班"
    )
    assert _serial_text("初十一 初十 初一", {"初一": 1, "初十": 10}) == "初十一 第10天 第1天"
    assert _serial_text("RB8802 rb8802 RB88021", {"RB8802": 3}) == "第3天 第3天 RB88021"


def _lone(tmp_path: Path, titles: tuple[tuple[str, str], ...]) -> Game:
    g = Game("m107", "M107", "艄公")
    g.thread(
        "[M107] 船坞（进程帖）",
        "process",
        None,
        [g.post("艄公", at(11, 19, 20), "各位船客，本局按 M107 规则过河。")],
    )
    for i, (title, kind) in enumerate(titles):
        g.thread(
            f"[M107] {title}",
            kind,
            1,
            [
                g.post("艄公", at(11, 20, 9, i), f"{title}\n9:00 起，明天 21:00 关帖。"),
                *g.chatter(at(11, 20, 10), at(11, 20, 20), EVERYONE),
            ],
        )
    return g


def test_one_thread_of_each_kind_a_number_and_a_lone_one_only_as_a_days_pair(
    tmp_path: Path,
) -> None:
    """A game named 1号楼 whose threads all say 1号楼 counts no days; a lone 一号选手自爆帖 or
    初一(3)班 thread is no day 1; a first night's discussion and vote are."""
    for i, titles in enumerate(
        (
            (("1号楼·讨论", "discussion"), ("1号楼·投票", "vote"), ("1号楼·讨论", "discussion")),
            (("一号选手自爆帖 讨论", "discussion"),),
            (("初一(3)班 讨论", "discussion"),),
        )
    ):
        threads = _threads(tmp_path / str(i), _lone(tmp_path, titles))
        assert not any(d for _k, d in threads.values()), titles
    threads = _threads(
        tmp_path / "pair", _lone(tmp_path, (("1号楼·讨论", "discussion"), ("1号楼·投票", "vote")))
    )
    assert sorted(d for _k, d in threads.values() if d) == [1, 1]
