"""The forms a director writes that are not sentences with a verb, and a story's deaths
(issue 34, the kinds the second blind set showed): a terse vote-out (`D2 票出：X`, `昨：X（票）`),
a heading over rows of names (`【昨夜出局】` / `｜1｜X｜`), the family of narrative death verbs
(thrown overboard, fell at the shot, did not live to see the morning), English result
lines, the badge worn, a substitute told in two halves.  Sentences written for these
tests with this file's own cast; each case: (text, [(kind, player, how, value)]).
"""

from __future__ import annotations

import pytest

from auditor.game.announce import Announced, Notice, Patterns
from auditor.game.gamefile import EventType

PLAYERS = ["黄瓜", "冬瓜", "番茄", "芒果", "苦瓜", "杜鹃", "画眉", "饺子", "油条", "豆芽"]
E, S, SU = EventType.ELIMINATED, EventType.SHERIFF, EventType.SUBSTITUTE
PI = EventType.PIPED
QUIET, FAST = Notice.NO_DEATH, Notice.ACCELERATED


def _shown(a: Announced) -> tuple[object, ...]:
    how = a.cause or a.how
    return (a.type, a.player, how, a.value)


CASES = [
    # terse: a label, the result, the name
    ("D4 票出：冬瓜。", [(E, "冬瓜", "vote", None)]),
    ("昨：番茄（票）。夜：芒果（刀）。", [(E, "番茄", "vote", None), (E, "芒果", "night", None)]),
    ("夜：杜鹃 死（狼）。", [(E, "杜鹃", "night", None)]),
    ("夜：无。", [(QUIET, "", None, None)]),
    ("昨夜没有人失踪。", [(QUIET, "", None, None)]),
    ("最高票出现平票，不死人。", []),  # 票出 inside 最高票出现 is no vote-out
    # a heading over rows of names (a table without a verb)
    (
        "【昨夜出局】\n｜1｜画眉｜\n｜2｜饺子｜",
        [(E, "画眉", "night", None), (E, "饺子", "night", None)],
    ),
    ("【当日警长】\n｜油条｜", [(S, "油条", "elected", None)]),
    (
        "昨夜出局：\n1. 冬瓜\n2. 番茄（猎人开枪）",
        [(E, "冬瓜", "night", None), (E, "番茄", "hunter", None)],
    ),
    ("【投票结果】\n｜冬瓜｜5｜\n｜番茄｜3｜", []),  # rows with counts are a tally, not a list
    # a story's deaths: thrown into the sea by the vote, fallen at the shot, not woken
    ("试探性投票过半，冬瓜被众人丢进了海里。", [(E, "冬瓜", "vote", None)]),
    ("黄瓜拿到了最多的票，被大家投下了船。", [(E, "黄瓜", "vote", None)]),
    ("枪声响起，芒果应声倒地。", [(E, "芒果", None, None)]),
    ("昨夜，杜鹃挨了两针，没能挺过去。", [(E, "杜鹃", "night", None)]),
    ("画眉没能看到第三天的太阳。", [(E, "画眉", None, None)]),
    ("饺子拿着票箱离开，再也没有回来。", [(E, "饺子", "vote", None)]),
    ("昨晚被狼叼走的是：苦瓜。", [(E, "苦瓜", "night", None)]),
    ("人们在井边发现了油条的尸体。", [(E, "油条", None, None)]),
    ("夜里出的是冬瓜。", [(E, "冬瓜", "night", None)]),
    ("番茄倒在了仓库底下。", [(E, "番茄", "night", None)]),
    ("昨夜芒果因潜水被浪卷走了，按规则淹死处理。", [(E, "芒果", "sent_off", None)]),
    # English result lines
    ("phase1: 冬瓜 top (8). 冬瓜 dead.", [(E, "冬瓜", "vote", None)]),
    # (how the result's out went: the thread's — a vote thread's is the vote)
    (
        "result: 番茄 out. 番茄 = hunter, shot 芒果.",
        [(E, "番茄", None, None), (E, "芒果", "hunter", None)],
    ),
    ("night: 杜鹃 + 画眉 out.", [(E, "杜鹃", "night", None), (E, "画眉", "night", None)]),
    # a self-correction asked and answered at once; a player's words in a bracket
    ("昨夜出局：冬瓜？不对，是番茄。", [(E, "番茄", "night", None)]),
    ("冬瓜 5 票 → 出局 (冬瓜:我是好人啊！)", [(E, "冬瓜", "vote", None)]),
    # the badge
    ("杜鹃戴上了警徽。", [(S, "杜鹃", "elected", None)]),
    (
        "昨日：冬瓜 投票出局，警长交给 画眉。",
        [(E, "冬瓜", "vote", None), (S, "画眉", "handed_over", None)],
    ),
    ("警长竞选结果\n当选：油条（6 票）", [(S, "油条", "elected", None)]),
    # a substitute in two halves, or 接 / 代 beside 替补
    ("替补\n离场：番茄\n上场：豆芽\n生效：即时", [(SU, "番茄", None, "豆芽")]),
    ("【替补公告】\n｜请假｜芒果｜2 天｜\n｜临时替补｜豆芽｜", [(SU, "芒果", None, "豆芽")]),
    ("芒果 请假。豆芽 代。", [(SU, "芒果", None, "豆芽")]),
    ("替补：豆芽 接 苦瓜。", [(SU, "苦瓜", None, "豆芽")]),
    ("黄瓜 接 冬瓜 的话题继续说。", []),  # 接 between names says a substitute only beside 替补
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_forms_and_story_deaths(text: str, expected: list[tuple[object, ...]]) -> None:
    found = [a for a in Patterns(PLAYERS).find(text) if not a.ends_piping]
    assert sorted(map(_shown, found), key=str) == sorted(expected, key=str)


@pytest.mark.parametrize(
    ("text", "listed"),
    [
        # a name beside the piped's words with no piped item for it, though the sentence
        # gave another item about that name
        ("换人：油条 有事退出，替补 豆芽 上场！豆芽 也沾上了“喵喵”的毛病。", True),
        ("今天喵喵：冬瓜、番茄。", False),  # read: the piped list
        ("昨夜出局：芒果（吹笛者，全部自愈）。", False),  # the piper is no piped player
    ],
)
def test_never_silent_on_the_piped(text: str, listed: bool) -> None:
    _found, unplaced = Patterns(PLAYERS, piped_words=("喵喵",)).read(text)
    assert bool(unplaced) is listed


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the piped as those who may only say the rule set's words, or who take them on
        ("今天说话只能“喵喵”的，是冬瓜和番茄。", [(PI, "冬瓜"), (PI, "番茄")]),
        ("换成芒果只能说“喵喵”了。", [(PI, "芒果")]),
        ("豆芽 也继承了“喵喵”状态。", [(PI, "豆芽")]),
        ("今天喵喵叫的小可爱：杜鹃。", [(PI, "杜鹃")]),
        # an acceleration told as its count reaching half, not the rule
        ("加速的人数刚好是存活人数的一半，今天提前结束。", [(FAST, "")]),
        ("加速申请人数达到存活一半即成功。", []),
        # 版杀7's doctor: two empty needles
        ("挨了两针空针的是画眉。", [(E, "画眉")]),
        # the office handed on without the badge's name
        ("【当日警长】冬瓜 → 已出局，由其移交 番茄", [(S, "番茄")]),
    ],
)
def test_piped_acceleration_and_the_office(text: str, expected: list[tuple[object, str]]) -> None:
    found = Patterns(PLAYERS, piped_words=("喵喵",)).find(text)
    shown = [(a.type, a.player) for a in found if not a.status]  # (警长：X is a state)
    assert shown == expected


def test_an_attempt_that_failed_is_no_death() -> None:
    found = Patterns(PLAYERS).find("昨晚：冬瓜 出局，村长 番茄 被刀未死。")
    assert [(a.type, a.player) for a in found] == [(E, "冬瓜")]


@pytest.mark.parametrize(
    "text",
    [
        # read right, so not listed: a tally row, a count in words, a role after the name,
        # one word after another (被毒出局), the two halves of a substitute, a sheriff kept
        "【环节一结果】\n｜冬瓜｜10｜过半｜\n【死亡】冬瓜",
        "冬瓜和番茄都是五票，但冬瓜先到了五票，于是冬瓜当选警长。",
        "昨夜：芒果、杜鹃。\n芒果 猎人，枪 画眉。",
        "昨夜 杜鹃 被毒出局。",
        "【替补公告】\n｜请假｜芒果｜3 天｜\n｜临时替补｜豆芽｜",
        "sheriff unchanged: 冬瓜.",
    ],
)
def test_read_right_is_not_listed(text: str) -> None:
    _found, unplaced = Patterns(PLAYERS).read(text)
    assert unplaced == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # more of each kind's family, in words these tests' writer chose
        ("第二天的票出来了，冬瓜被票走了。", [(E, "冬瓜", "vote")]),
        ("昨夜芒果遇刺。", [(E, "芒果", "night")]),
        ("画眉惨遭毒手，倒在了血泊中。", [(E, "画眉", "night")]),
        ("可惜，杜鹃昨晚领了便当。", [(E, "杜鹃", "night")]),
        ("油条被选为警长。", [(S, "油条", "elected")]),
        ("番茄亮明白痴身份，不出局。", [(EventType.IDIOT_REVEALED, "番茄", None)]),
        ("豆芽接手苦瓜的号。", [(SU, "苦瓜", None)]),
        ("昨夜一夜无事。", [(QUIET, "", None)]),
        ("好人阵营赢了！", [(Notice.GAME_OVER, "", None)]),
    ],
)
def test_more_of_each_family(text: str, expected: list[tuple[object, ...]]) -> None:
    found = Patterns(PLAYERS).find(text)
    assert [(a.type, a.player, a.cause or a.how) for a in found] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("昨晚的受害者是冬瓜。", [(E, "冬瓜", "night")]),
        ("画眉（狼人阵营？不公布）于昨夜死亡。", [(E, "画眉", "night")]),  # a bracket's ？
        ("死讯：芒果", [(E, "芒果", None)]),
        ("黄瓜被公投处决。", [(E, "黄瓜", "vote")]),
        ("油条被送上了绞刑架。", [(E, "油条", "vote")]),
        ("芒果在睡梦中被人割了喉。", [(E, "芒果", "night")]),
        ("冬瓜永远闭上了眼睛。", [(E, "冬瓜", None)]),
        ("经过投票，苦瓜离开了我们。", [(E, "苦瓜", "vote")]),  # how from the sentence
        ("豆芽将代替冬瓜继续游戏。", [(SU, "冬瓜", None)]),
    ],
)
def test_the_family_in_other_words(text: str, expected: list[tuple[object, ...]]) -> None:
    found = Patterns(PLAYERS).find(text)
    assert [(a.type, a.player, a.cause or a.how) for a in found] == expected
    if expected and expected[0][0] is SU:
        assert found[0].value == "豆芽"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("昨夜冬瓜出局，番茄也没能幸免。", [(E, "冬瓜", "night"), (E, "番茄", "night")]),
        ("昨夜，狼人袭击了冬瓜。", [(E, "冬瓜", "night")]),
        ("芒果成为新的警长，画眉则被吹笛。", [(S, "芒果", "elected"), (PI, "画眉", None)]),
        ("冬瓜被投出，画眉不幸中枪。", [(E, "冬瓜", "vote"), (E, "画眉", "vote")]),
        ("冬瓜被投出，其情侣番茄也随之而去。", [(E, "冬瓜", "vote"), (E, "番茄", "vote")]),
        ("欢迎来到狼人杀，冬瓜是本局的导演助理。", []),
    ],
)
def test_the_second_death_of_a_sentence(text: str, expected: list[tuple[object, ...]]) -> None:
    found = Patterns(PLAYERS).find(text)
    assert [(a.type, a.player, a.how or a.cause) for a in found] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("yesterday's vote: 芒果 lynched (6 votes).", [(E, "芒果", "vote")]),
        (
            "芒果 eliminated by vote. 杜鹃 became sheriff.",
            [(E, "芒果", "vote"), (S, "杜鹃", "elected")],
        ),
        ("no one died last night.", [(QUIET, "", None)]),
        ("D5 open. close 21:30. acceleration approved.", [(FAST, "", None)]),
    ],
)
def test_english_shorthand(text: str, expected: list[tuple[object, ...]]) -> None:
    found = Patterns(PLAYERS).find(text)
    assert [(a.type, a.player, a.how or a.cause) for a in found] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("杀手今晚刀了画眉。", [(E, "画眉", None)]),
        ("芒果因故退出，豆芽顶上。", [(SU, "芒果", "豆芽")]),
        ("苦瓜今天请假，由豆芽暂代。", [(SU, "苦瓜", "豆芽")]),
        ("苦瓜回来了，豆芽下场。", [(SU, "豆芽", "苦瓜")]),  # the stand-in gives the seat back
    ],
)
def test_agents_and_substitutes_apart(text: str, expected: list[tuple[object, ...]]) -> None:
    found, unplaced = Patterns(PLAYERS).read(text)
    assert [(a.type, a.player, a.value) for a in found] == expected
    assert unplaced == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a terse director's symbols: the night, a death before or after a name, the vote
        ("☾ ✝ 画眉 ✝ 芒果", [(E, "画眉", "night"), (E, "芒果", "night")]),
        ("⚖ 芒果 → ✝", [(E, "芒果", "vote")]),
        ("☾ ∅", [(QUIET, "", None)]),
        # the sheriff's star handed on; the finish flag with the winner
        ("★ 芒果 → 画眉", [(S, "画眉", "handed_over")]),
        ("⚖ 芒果 → ✝\n🏁 村民", [(E, "芒果", "vote"), (Notice.GAME_OVER, "", None)]),
        ("图例：★警长 ☾夜 ✝出局 🏁结束", []),  # a legend of the symbols announces nothing
        # an acceleration's count with its outcome, in symbols and in English
        ("⏩ 5/8 ✔", [(FAST, "", None)]),
        ("⏩ 3/7 ✘", []),
        ("Accelerate request: 6/11 → passed ✔", [(FAST, "", None)]),
    ],
)
def test_symbols(text: str, expected: list[tuple[object, ...]]) -> None:
    found = Patterns(PLAYERS).find(text)
    assert [(a.type, a.player, a.how or a.cause) for a in found] == expected


def test_symbols_and_twelve_hour_clocks_in_times() -> None:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from auditor.game.when import find_points, find_ranges

    tz = ZoneInfo("Asia/Shanghai")
    at = datetime(2026, 12, 9, 9, 0, tzinfo=tz)

    def span(text: str) -> list[tuple[str, str]]:
        return [(f"{r.opens:%H:%M}", f"{r.closes:%H:%M}") for r in find_ranges(text, at, tz)]

    assert span("D4 ▶ 09:00–21:30") == [("09:00", "21:30")]
    assert span("Day 2 open (9am → 9pm)") == [("09:00", "21:00")]
    # a close the arrow moves is a delay, not a range
    assert span("⏹ 21:00 → 22:30") == []
    (p,) = [p for p in find_points("DDL 明晚 10pm！", at, tz) if p.role]
    assert (p.role, f"{p.at:%d %H:%M}") == ("closes", "10 22:00")
    (q,) = [p for p in find_points("明天第七天照常 9 点开门。", at, tz) if p.role]
    assert (q.role, f"{q.at:%d %H:%M}") == ("opens", "10 09:00")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a post that corrects itself: the later statement wins
        (
            "投票出局：芒果……更正一下，芒果和画眉同票，警长投了画眉，所以出局的是画眉。",
            [(E, "画眉", "vote")],
        ),
        ("加速通过（5/9）。\n更正：是我数错了，实际 4/9，没过半。", []),
        # a post headed 更正 corrects an earlier post: what it says is read
        ("更正：昨晚出局的是画眉。", [(E, "画眉", "night")]),
    ],
)
def test_a_post_correcting_itself(text: str, expected: list[tuple[object, ...]]) -> None:
    found = Patterns(PLAYERS).find(text)
    assert [(a.type, a.player, a.how or a.cause) for a in found] == expected


def test_a_time_a_post_corrects_is_the_later_one() -> None:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from auditor.game.when import find_points

    tz = ZoneInfo("Asia/Shanghai")
    at = datetime(2026, 12, 9, 10, 0, tzinfo=tz)
    text = "第三天关门时间：明晚21点30分。更正：是今晚21点30分，一天一关门，我又写错了。"
    kept = [f"{p.at:%d %H:%M}" for p in find_points(text, at, tz) if p.role and not p.wrong]
    assert kept == ["09 21:30"]


@pytest.mark.parametrize(
    "text",
    [
        "芒果是警长，殉职移交给……画眉。",
        "芒果出局。芒果是警长，没有联系我，所以警长随机交给了画眉。",
        "Night kill: 芒果 (sheriff) → badge handed to 画眉",
    ],
)
def test_the_badge_handed_on_in_other_words(text: str) -> None:
    found = Patterns(PLAYERS).find(text)
    assert (S, "画眉", "handed_over") in [(a.type, a.player, a.how) for a in found]


def test_a_bbcode_table_row_is_a_labelled_line() -> None:
    text = (
        "[table]\n[tr][td]昨夜出局[/td][td]无[/td][/tr]\n"
        "[tr][td]被吹笛[/td][td]芒果、画眉[/td][/tr]\n[tr][td]村民阵营[/td][td]胜利[/td][/tr]\n[/table]"
    )
    found = Patterns(PLAYERS).find(text)
    assert [(a.type, a.player) for a in found if a.type is not Notice.GAME_OVER] == [
        (QUIET, ""),
        (PI, "芒果"),
        (PI, "画眉"),
    ]
    assert any(a.type is Notice.GAME_OVER for a in found)


def test_the_day_before_in_a_notices_heading() -> None:
    # 【前日投票出局】 is yesterday's vote (as 前一日); 前天 is two days back
    (a,) = Patterns(PLAYERS).find("【前日投票出局】 芒果")
    (b,) = Patterns(PLAYERS).find("前天芒果被投票出局。")
    assert (a.offset, b.offset) == (-1, -2)


@pytest.mark.parametrize(
    "text",
    [
        "替补 豆芽 上场，接替 芒果，即时生效。芒果因家中有事离场。",
        "第三天环节二：替补 豆芽 正式上场，接替 芒果（芒果因工作离场）。",
    ],
)
def test_a_seat_handed_to_a_substitute_is_no_elimination(text: str) -> None:
    found = Patterns(PLAYERS).find(text)
    assert [(a.type, a.player, a.value) for a in found] == [(SU, "芒果", "豆芽")]


def test_entering_the_night_after_a_result_is_not_a_night_death() -> None:
    # (the 环节's result with its majority says how: the vote)
    (a,) = Patterns(PLAYERS).find("【环节一结果】 芒果 8 票（过半）\n芒果死亡，进入夜晚。")
    assert (a.type, a.player, a.cause) == (E, "芒果", "vote")


def test_a_named_day_is_the_day_whatever_the_recap_calls_it() -> None:
    # 前天（第四天）: the day named wins over 前天's two days back
    (a,) = Patterns(PLAYERS).find("前天（第四天）冬瓜被投票出局，当时漏写了。")
    (b,) = Patterns(PLAYERS).find("大前天的投票，也就是第三天，画眉出局。")
    assert [(x.player, x.day, x.offset) for x in (a, b)] == [("冬瓜", 4, 0), ("画眉", 3, 0)]


@pytest.mark.parametrize(
    "text",
    ["那一夜，全员都安然醒来。", "夜里风雪没有带走任何人。", "这一夜过去，全村平安。"],
)
def test_a_quiet_night_in_the_story_words(text: str) -> None:
    assert [a.type for a in Patterns(PLAYERS).find(text)] == [QUIET]


def test_the_ship_log_clock_opens_and_closes() -> None:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from auditor.game.when import find_points

    tz = ZoneInfo("Asia/Shanghai")
    at = datetime(2026, 12, 9, 8, 0, tzinfo=tz)
    points = find_points("第四日：十点启程，22:00 靠岸。", at, tz)
    assert [(p.role, f"{p.at:%H:%M}") for p in points] == [("opens", "10:00"), ("closes", "22:00")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # 平安夜 as the date (Christmas Eve) is a close, no quiet night; the vote is the vote
        ("第六天开帖，平安夜晚上九点关。周一的投票，芒果出局。", [(E, "芒果", "vote", None)]),
        ("昨夜是平安夜。", [(QUIET, "", None, None)]),
        # 昨天夜里 is the night the post's day begins with, not the day before's
        ("昨天夜里出局的是画眉。", [(E, "画眉", "night", None)]),
        ("Day-3 vote: 冬瓜 out", [(E, "冬瓜", "vote", None)]),
        ("Day-2 lynched: 苦瓜 out", [(E, "苦瓜", "vote", None)]),
    ],
)
def test_a_christmas_eve_last_night_and_english_causes(
    text: str, expected: list[tuple[object, ...]]
) -> None:
    found = Patterns(PLAYERS).find(text)
    assert [_shown(a) for a in found] == expected
    assert all(a.offset == 0 for a in found)


def test_a_delay_in_the_opening_sentence_and_a_count_that_looks_like_a_date() -> None:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from auditor.game.when import find_points

    tz = ZoneInfo("Asia/Shanghai")
    at = datetime(2026, 12, 9, 9, 0, tzinfo=tz)
    # the day opened in the sentence's first clause; its close delayed in the second
    (p,) = find_points("第四日开门，今天关门时间延长至二十二时半。", at, tz)
    assert (p.role, p.delay, f"{p.at:%d %H:%M}") == ("closes", True, "09 22:30")
    # 3/7 is a count of requests, not the seventh of March
    (q,) = find_points("加速申请 3/7，未通过。第四日 21:00 照常关门。", at, tz)
    assert (q.role, q.delay, f"{q.at:%m-%d %H:%M}") == ("closes", False, "12-09 21:00")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("够了半数。第五日提前至十九点关门。", [FAST]),
        ("今天的关帖时间提前到 20:00。", [FAST]),
        ("要是过半，第五日提前到十九点关门。", []),
    ],
)
def test_a_close_brought_forward_is_an_acceleration(text: str, expected: list[object]) -> None:
    assert [a.type for a in Patterns(PLAYERS).find(text)] == expected


def test_a_story_death_told_through_the_players_things_is_listed() -> None:
    # 冬瓜的茶里被人下了药: the player's own cup, no item read — listed, never silent
    found, unplaced = Patterns(PLAYERS).read("昨夜，冬瓜的茶里被人下了药。")
    assert found == [] or any(a.player == "冬瓜" for a in found)
    assert found or unplaced


def test_the_hunters_gun_after_a_death_symbol() -> None:
    found = Patterns(PLAYERS).find("☾ ✝ 杜鹃 → 🔫 ✝ 画眉")
    assert [(a.player, a.cause) for a in found] == [("杜鹃", "night"), ("画眉", "hunter")]


def test_a_card_for_not_voting_is_no_vote_out() -> None:
    (a,) = Patterns(PLAYERS).find("【红牌】 饺子（连续两天未投票）")
    assert (a.player, a.cause) == ("饺子", "sent_off")


def test_a_times_day_is_its_own_sentences_or_the_lines_head() -> None:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from auditor.game.when import find_points

    tz = ZoneInfo("Asia/Shanghai")
    at = datetime(2026, 12, 9, 9, 0, tzinfo=tz)
    # 第一天的警长 is about day 1; the close is the heading day's
    (p,) = find_points("第三天开门了。第一天的警长是冬瓜。今晚十点关门。", at, tz)
    assert (p.role, p.day) == ("closes", 3)


@pytest.mark.parametrize("text", ["⇄ 豆芽 ← 苦瓜", "⇄ 苦瓜 → 豆芽"])
def test_the_seat_changing_hands_symbol(text: str) -> None:
    found = Patterns(PLAYERS).find(text)
    assert [(a.type, a.player, a.value) for a in found] == [(SU, "苦瓜", "豆芽")]
