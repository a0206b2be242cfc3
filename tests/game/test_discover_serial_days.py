"""Days counted in a serial code of the titles (issue 34, the kind discovery_blind7's airport
game showed): a director who names each day's threads by a code whose last digits count the
days (a train K1701, K1702 …), says so once in the process thread, and titles the day's
discussion thread with no kind word at all.  A game written for this test with its own cast
(a train conductor), with its negative twins: a code that neither runs nor is glossed, a
gloss asked as a question."""

from __future__ import annotations

from pathlib import Path

from auditor.game.gamefile import ThreadKind
from auditor.game.titles import kindless, serial_code
from auditor.pipeline import open_game
from tests.game.test_discover_autonomy import audit, setup
from tests.game.test_discover_rulesets import EVERYONE, Game, at


def test_a_titles_serial_code() -> None:
    assert serial_code("[M107] K1702 餐车（投票）", "[M107]") == "K1702"
    assert serial_code("[M107] 第二天讨论帖", "[M107]") is None  # no code
    assert serial_code("[M107] K1702 换乘 G88", "[M107]") is None  # two codes: none
    assert serial_code("[M107] 候车室", "[M107]") is None  # the tag is no code
    assert kindless("[M107] K1701 硬座车厢", "m107", "[M107]")
    assert not kindless("[M107] K1701 售票处（报名）", "m107", "[M107]")  # no game thread
    assert not kindless("[M107] K1701 讨论帖", "m107", "[M107]")  # it has its kind


def _train(gloss: str, codes: tuple[str, str] = ("K1701", "K1702")) -> Game:
    g = Game("m107", "M107", "列车长")
    g.thread(
        "[M107] 广播室（进程帖）",
        "process",
        None,
        [g.post("列车长", at(11, 19, 20), f"各位乘客，本次列车按 M107 规则运行。{gloss}")],
    )
    g.thread(
        "[M107] 售票处（报名）", "signup", None, [g.post("列车长", at(11, 18, 20), "报名请回帖。")]
    )
    for n, (code, d) in enumerate(zip(codes, (20, 22), strict=True), 1):
        g.thread(
            f"[M107] {code} 硬座车厢",
            "discussion",
            n,
            [
                g.post(
                    "列车长", at(11, d, 9), f"{code} 次列车检票上车。9:00 发车，明天 21:00 到站。"
                ),
                *g.chatter(at(11, d, 9), at(11, d + 1, 20), EVERYONE),
            ],
        )
        g.thread(
            f"[M107] {code} 餐车（投票）",
            "vote",
            n,
            [g.post("列车长", at(11, d, 9, 1), f"{code} 投票处。投票格式：投票对象：名字")],
        )
    return g


def _threads(tmp_path: Path, g: Game) -> dict[int, tuple[ThreadKind, int | None]]:
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    return {t.tid: (t.kind, t.day) for t in open_game(minimal).threads}


def test_the_code_glossed_counts_the_days(tmp_path: Path) -> None:
    threads = _threads(tmp_path, _train("车次最后一位就是第几天。"))
    assert sorted(v for v in threads.values() if v[1]) == [
        (ThreadKind.DISCUSSION, 1),
        (ThreadKind.DISCUSSION, 2),
        (ThreadKind.VOTE, 1),
        (ThreadKind.VOTE, 2),
    ]


def test_codes_that_run_count_the_days_without_a_gloss(tmp_path: Path) -> None:
    threads = _threads(tmp_path, _train(""))
    assert sorted(d for _k, d in threads.values() if d) == [1, 1, 2, 2]


def test_a_code_that_neither_runs_nor_is_glossed_names_no_day(tmp_path: Path) -> None:
    threads = _threads(tmp_path / "a", _train("", ("K1701", "T2703")))
    assert not any(d for _k, d in threads.values())
    # a gloss asked, not said: no day either
    threads = _threads(tmp_path / "b", _train("车次最后一位是不是第几天？", ("K1705", "K1709")))
    assert not any(d for _k, d in threads.values())
    # the last of something else, not the code (review 42 item 11): no gloss, no day
    threads = _threads(
        tmp_path / "c", _train("最后一位乘客在哪天下车，看大家投票。", ("K1705", "K1709"))
    )
    assert not any(d for _k, d in threads.values())


def test_a_day_label_without_its_ordinal_word() -> None:
    from auditor.game.titles import classify, kind_word

    # a word of its own between the title's separators: 首日 / 次日 / a numeral's 日
    assert classify("[M39] 首日·论", "m39", "[M39]").day == 1
    assert classify("[M39] 次日·论", "m39", "[M39]").day == 2
    assert classify("[M39]【五天】投票", "m39", "[M39]").day == 5
    # negative twins: a span, a date, a trip — no day
    assert classify("[M39] 三天后 讨论", "m39", "[M39]").day is None
    assert classify("[M39] 三日游 讨论", "m39", "[M39]").day is None
    assert classify("[M39] 十二月三日 投票", "m39", "[M39]").day is None
    assert kind_word("[M39] 首日·断（选警长）", "[M39]") == "断"
    assert kind_word("[M39] 首日·论", "[M39]") == "论"


def _court(
    argued: str = "判词于「{label}·断」帖。", decided: str = "投票格式：\n投票对象：某"
) -> Game:
    """A court's days: 首日·论 (argued) and 首日·断 (decided, the vote); only day 1's 断
    gives the ballot's form, day 2's only names the close."""
    g = Game("m107", "M107", "堂官")
    g.thread("[M107] 公堂·进程帖", "process", None, [g.post("堂官", at(11, 19, 20), "升堂。")])
    for n, (label, d) in enumerate((("首日", 20), ("次日", 21)), 1):
        g.thread(
            f"[M107] {label}·论",
            "discussion",
            n,
            [
                g.post(
                    "堂官",
                    at(11, d, 9),
                    f"{label}开堂。9:00 起，21:00 止。" + argued.format(label=label),
                ),
                *g.chatter(at(11, d, 9), at(11, d, 20), EVERYONE),
            ],
        )
        form = decided if n == 1 else "21:00 止。"
        g.thread(f"[M107] {label}·断", "vote", n, [g.post("堂官", at(11, d, 9, 1), form)])
    return g


def test_the_vote_thread_by_its_openings_ballot_form_and_the_games_word(tmp_path: Path) -> None:
    threads = _threads(tmp_path, _court())
    assert sorted(v for v in threads.values() if v[1]) == [
        (ThreadKind.DISCUSSION, 1),
        (ThreadKind.DISCUSSION, 2),
        (ThreadKind.VOTE, 1),  # its opening gives the ballot's form
        (ThreadKind.VOTE, 2),  # 断, the word day 1's vote thread showed
    ]


def test_an_opening_that_sends_the_votes_elsewhere_is_no_vote_thread(tmp_path: Path) -> None:
    """论's opening gives the form only to send the ballots to 断 (本帖不投票, 请到…帖投, 格式见
    规则帖): 论 stays the discussion, 断 is the vote thread and 断 the word learnt."""
    for argued in (
        "本帖不投票。投票格式：投票对象：某某，请到「{label}·断」帖投。",
        "本帖只讨论，不投票。投票格式见规则帖。",
    ):
        threads = _threads(tmp_path / str(len(argued)), _court(argued))
        assert sorted(v for v in threads.values() if v[1]) == [
            (ThreadKind.DISCUSSION, 1),
            (ThreadKind.DISCUSSION, 2),
            (ThreadKind.VOTE, 1),
            (ThreadKind.VOTE, 2),
        ], argued


def test_two_threads_of_a_day_giving_a_form_are_asked_not_guessed(tmp_path: Path) -> None:
    """Both of day 1's kindless threads give a form and neither sends the votes elsewhere: no
    vote thread is guessed for that day (the director is asked)."""
    threads = _threads(tmp_path, _court("投票格式：投票对象：某某。"))
    assert all(kind is ThreadKind.DISCUSSION for kind, day in threads.values() if day == 1)


def test_a_bare_day_label_is_no_span_nor_a_notices_date() -> None:
    """A bare 三天 / 次日 is a day only as a series' title (the label, at most a short word
    beside it), never after a month or a count down (review 42 item 9)."""
    from auditor.game.titles import classify

    assert classify("[M39] 三日·议", "m39", "[M39]").day == 3
    assert classify("[M39] 【次日】", "m39", "[M39]").day == 2
    # negative twins: a count down, what is left, a holiday, a date, a notice
    assert classify("[M39] 开局倒数：两天", "m39", "[M39]").day is None
    assert classify("[M39] 报名还剩 两天", "m39", "[M39]").day is None
    assert classify("[M39] 国庆 · 五天 · 出游", "m39", "[M39]").day is None
    assert classify("[M39] 聚会预告·十一月·四日", "m39", "[M39]").day is None
    assert classify("[M39] 维护公告 | 次日", "m39", "[M39]").day is None
