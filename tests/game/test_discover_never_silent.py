"""Issue 34's hard guarantee: a director's post the reader could not read is listed as
未读懂的公告, never passed in silence — whatever the director's words (traditional
characters, English shorthand, a story), and not for a tie or a rules question.

R1: a post nothing was read from is listed for a notice's word (游戏结束, 平安, GAME OVER …)
as it is for a player's name or a time.  R2: a line naming a player that no item is about
keeps the post listed though another line was read.  R3: a word that promises a kind (X 胜,
加速成功, 延时成功 with a time) and no item of that kind keeps it listed."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.game.announce import Notice, Patterns, notice_word
from auditor.game.discover import Discovery, TitledThread, discover_threads
from auditor.game.fold import fold
from auditor.game.gamefile import EventType, parse_game
from auditor.game.state import why_listed

PLAYERS = ["黄瓜", "冬瓜", "番茄", "芒果", "開心果", "苦瓜"]
P = Patterns(PLAYERS)


def test_fold_keeps_the_length_and_reads_traditional_characters() -> None:
    text = "關門：今晚九點半。警長競選：開心果 當選警長"
    assert len(fold(text)) == len(text)
    assert fold(text) == "关门:今晚九点半。警长竞选:开心果 当选警长"


def test_a_traditional_post_and_name_are_read_as_the_roster_spells_them() -> None:
    found, unplaced = P.read("警長競選結果：開心果 7 票，當選警長。")
    assert [(a.type, a.player, a.how) for a in found] == [(EventType.SHERIFF, "開心果", "elected")]
    assert unplaced == []
    assert why_listed(PLAYERS, "开心果 明天请假") == "提到玩家 開心果"


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("完。村民胜。", "胜"),
        ("GAME OVER. wolves win.", "游戏结束"),  # shorthand in the grammar's words
        ("夜：平安。", "平安"),
        ("day4: accelerated.", "加速成功"),
        ("昨晚没有人死去。", "死"),
        ("延时成功。", "延时成功"),
    ],
)
def test_a_notice_word_lists_a_post_nothing_was_read_from(text: str, word: str) -> None:
    assert notice_word(text) == word
    assert why_listed(PLAYERS, text) == f"写了「{word}」"


@pytest.mark.parametrize(
    "text",
    [
        "加速需要多少人申请？",  # a rules question
        "如果过半数申请，本日即加速。",  # a supposition
        "平票，无人出局。",  # a tie: no notice of an event
        "平票。警长未投。无人出局。",  # ... in any of its sentences
        "规则答疑：加速需进程帖申请人数过半；导演可延长时间。",  # a rule about 加速
        "大家早上好，今天天气不错。",
    ],
)
def test_no_notice_word_in_a_question_a_supposition_or_a_tie(text: str) -> None:
    assert notice_word(text) is None
    assert why_listed(PLAYERS, text) is None


@pytest.mark.parametrize(
    "text",
    [
        # a story's death the lexicon lacks, under no report header (昨晚冬瓜被狼叼进了树林 is
        # read by its structure: tests/game/test_discover_structure.py)
        "第三天开门。\n冬瓜被狼叼进了树林。",
        "今天开门。\n今日喵星人：番茄、芒果",  # a preset's own word the lexicon lacks
        "黄瓜出局。\n番茄 went home.",
        "今天开门。\n冬瓜投票被放逐到了海上。",  # 投票 here is the vote-out, not the player's own
    ],
)
def test_a_line_naming_a_player_that_nothing_read_keeps_the_post_listed(text: str) -> None:
    found, unplaced = P.read(text)
    assert unplaced, found


@pytest.mark.parametrize(
    "text",
    [
        "番茄 4 票，冬瓜 3 票。番茄出局。",  # the count beside the result
        "更正：死者 番茄。冬瓜 活。",  # a sentence with no event's word beside a read one
        "昨夜出局：番茄\nLv.1：冬瓜（恢复正常发言）",  # a player recovered: no event
        "芒果出局，冬瓜选择移交警徽给番茄。",  # the one who acts
        "第一天投票结果\n番茄 3 票，最高票。\n冬瓜投票超时无效\n番茄当选警长。",  # a void vote
    ],
)
def test_a_count_or_an_actor_beside_the_item_is_not_listed(text: str) -> None:
    found, unplaced = P.read(text)
    assert found and unplaced == []


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("游戏结束\n胜方：好人", Notice.GAME_OVER),  # a winner the grammar did not take
        ("延时成功，大家多聊会儿，22点见。", None),  # no new close read
    ],
)
def test_a_word_that_promises_a_kind_without_its_item_keeps_the_post_listed(
    text: str, kind: Notice | None
) -> None:
    found, unplaced = P.read(text)
    assert unplaced, found
    if kind is not None:
        assert all(a.value is None for a in found if a.type is kind)


def test_a_promise_kept_is_not_listed() -> None:
    found, unplaced = P.read("游戏结束，村民阵营胜利！")
    assert [(a.type, a.value) for a in found] == [(Notice.GAME_OVER, "村民阵营")]
    assert unplaced == []
    assert P.read("延时失败，今晚 21:30 照常关门。")[1] == []
    assert P.read("延时成功！新关帖：明早十点。")[1] == []  # the new close is read


# --------------------------------------------------------------------------- general causes
# (the dev half's voices, with cases of our own: shorthand, story, terse, labels)


def _read(text: str) -> list[tuple[object, ...]]:
    return sorted((str(a.type), a.player, a.cause, a.value, a.offset) for a in P.read(text)[0])


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("yesterday: 番茄 voted out.", [("eliminated", "番茄", "vote", None, -1)]),
        ("last night: 冬瓜 killed.", [("eliminated", "冬瓜", "night", None, 0)]),
        (
            "night: 2 out → 黄瓜, 芒果.",
            [("eliminated", "芒果", "night", None, 0), ("eliminated", "黄瓜", "night", None, 0)],
        ),
        ("sub: 苦瓜 in for 芒果.", [("substitute", "芒果", None, "苦瓜", 0)]),
        ("GAME OVER. village wins.", [("game_over", "", None, "village", 0)]),
        ("night: none.", [("no_death", "", None, None, 0)]),
        ("芒果 出。", [("eliminated", "芒果", None, None, 0)]),  # terse
        ("死者：黄瓜。", [("eliminated", "黄瓜", None, None, 0)]),
        ("昨夜，冬瓜没有回家。", [("eliminated", "冬瓜", "night", None, 0)]),  # a story's
        # (a bare 被带走: the slot tells how — s49, tests/game/test_announce_s49_corrections.py)
        (
            "番茄和芒果被带走了……",
            [("eliminated", "番茄", None, None, 0), ("eliminated", "芒果", None, None, 0)],
        ),
        ("【昨夜出局】无", [("no_death", "", None, None, 0)]),
        ("夜：平安。", [("no_death", "", None, None, 0)]),
        ("昨晚大家都醒着，没有人死去。", [("no_death", "", None, None, 0)]),
        # undone as before: a question, a supposition, a negation, a gun's 带走
        ("芒果 out?", []),
        ("番茄没有出局。", []),
        ("番茄开枪带走了芒果。", [("eliminated", "芒果", "hunter", None, 0)]),
    ],
)
def test_shorthand_story_and_terse_words(text: str, expected: list[tuple[object, ...]]) -> None:
    assert _read(text) == sorted(expected)


def test_english_times_read_as_chinese_ones() -> None:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from auditor.game.when import find_points

    tz = ZoneInfo("Asia/Shanghai")
    mon = datetime(2026, 12, 7, 9, tzinfo=tz)  # a Monday
    (p,) = find_points("day3 open, DDL Tue 22:00.", mon, tz)
    assert (p.role, p.day, p.at) == ("closes", 3, datetime(2026, 12, 8, 22, tzinfo=tz))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the day the clause itself names: 前天 two back, 昨天 one
        ("前天的加速成功了，昨天的延时没成。", [("accelerated", "", None, None, -2)]),
        # the hunter's shot goes with the vote-out it followed
        (
            "昨日投票出局：芒果\n因最后一枪出局：番茄",
            [("eliminated", "芒果", "vote", None, -1), ("eliminated", "番茄", "hunter", None, -1)],
        ),
        # 没有人死去 in a story about the night (the night named in the next sentence)
        ("天亮了，没有人死去。杀手们昨夜没有动手。", [("no_death", "", None, None, 0)]),
        ("环节二没有人死去。杀手今晚行动。", []),  # a 环节 vote with no majority
    ],
)
def test_day_scope_and_night_context(text: str, expected: list[tuple[object, ...]]) -> None:
    assert _read(text) == sorted(expected)


def test_a_sentence_taking_itself_back_keeps_the_post_listed() -> None:
    found, unplaced = P.read("通知：芒果昨夜……不，今天夜里，被医生扎死。")
    assert [(a.player, a.cause) for a in found] == [("芒果", "night")]
    assert unplaced


def test_a_sentence_taken_back_after_a_dash_keeps_the_post_listed() -> None:
    _, unplaced = P.read("苦瓜顶替番茄，并继承其中毒状态——不对，番茄已经解毒，不继承。")
    assert unplaced
    _, unplaced = P.read("苦瓜顶替番茄——不对外公开原因。")
    assert not any("不对外" in u for u in unplaced)


@pytest.mark.parametrize(
    "text",
    [
        "周四，第六日。回顾：周一晚投出了芒果；周二夜里冬瓜被杀。",
        "周日，第五日。上周六出局的是黄瓜，今早：昨夜无人死亡。",
        "本周小结：星期二白天 番茄 被投出；星期三夜里 芒果 遇害。",
    ],
)
def test_a_recap_dated_by_weekdays_is_listed(text: str) -> None:
    """Which game day a weekday was is the calendar's (a day may span a weekend): the
    recap's items are read, and the post is listed, never put on the post's day in silence."""
    found, unplaced = P.read(text)
    assert found and unplaced, (found, unplaced)


@pytest.mark.parametrize(
    "text",
    [
        "周四，第六日。昨夜冬瓜被杀。",  # the post's own weekday heads it
        "周四，第六日。周四凌晨芒果遇害。",
        "本周：周一第三天，番茄出局。",  # the clause names its day
        "周二晚选出的警长是黄瓜。",  # a sheriff's election is day 1's whenever said
    ],
)
def test_a_weekday_that_is_the_posts_own_or_a_named_day_is_not_listed(text: str) -> None:
    found, unplaced = P.read(text)
    assert found and unplaced == [], (found, unplaced)


@pytest.mark.parametrize(
    ("text", "quiet"),
    [
        ("周五，第二日。周五凌晨没有动静。", True),
        ("第三日开。昨夜没有任何动静，大家早。", True),
        ("昨晚风平浪静。", True),
        ("如果凌晨没有动静，就说明医生守对了。", False),
        ("假如昨夜无人死亡，医生就守对了。", False),
        ("凌晨没有动静的话，今晚再看。", False),
        ("凌晨有动静吗？", False),
    ],
)
def test_a_night_with_no_stir_is_quiet_and_a_supposed_one_is_not(text: str, quiet: bool) -> None:
    found = P.find(text)
    assert any(a.type is Notice.NO_DEATH for a in found) is quiet, found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "D7 开\nD6：黄瓜 投出（警长）→ 警长给 冬瓜",
            [("eliminated", "黄瓜", 6), ("sheriff", "冬瓜", 6)],
        ),
        ("D5\nD4：番茄 投出 → 白痴 翻牌 留场", [("idiot_revealed", "番茄", 4)]),
        ("番茄被投出，白痴翻牌，留场。", [("idiot_revealed", "番茄", None)]),
        ("番茄投出，不是白痴，没有翻牌。", [("eliminated", "番茄", None)]),
        ("D4：12:00 开", []),  # a clock, not a label
        ("如果 D4：番茄 投出，警长给 冬瓜", []),  # supposed
    ],
)
def test_a_terse_day_label_puts_its_lines_events_on_that_day(
    text: str, expected: list[tuple[object, ...]]
) -> None:
    found = P.find(text)
    assert [(str(a.type), a.player, a.day) for a in found] == expected


def test_a_badge_passed_on_keeps_both_handovers_and_a_correction_keeps_one() -> None:
    found = P.find(
        "第七日。\n昨天黄瓜出局，他是警长，警徽给了冬瓜。\n昨晚冬瓜死了。冬瓜的警徽，给番茄。"
    )
    got = [(a.player, a.offset) for a in found if a.type is EventType.SHERIFF]
    assert got == [("冬瓜", -1), ("番茄", 0)]
    found = P.find("黄瓜出局，警徽给了冬瓜。更正：警徽给的是番茄，不是冬瓜。")
    assert [a.player for a in found if a.type is EventType.SHERIFF] == ["番茄"]


def test_a_badge_handed_on_at_the_idiots_reveal_is_that_days() -> None:
    found = P.find("第四日。昨日投票：黄瓜 得票最多，翻牌白痴，留场。黄瓜原为警长，警徽移交 冬瓜。")
    assert [(str(a.type), a.player, a.offset) for a in found] == [
        ("idiot_revealed", "黄瓜", -1),
        ("sheriff", "冬瓜", -1),
    ]


@pytest.mark.parametrize(
    ("text", "quiet"),
    [
        ("昨夜落水：无。", True),
        ("昨夜遇害：无人", True),
        ("昨夜被吹笛：无", False),  # nobody piped says nothing of the night's deaths
        ("投票出局：无（平票）", False),
        ("如果昨夜遇害：无，那就是医生救了。", False),
    ],
)
def test_a_deaths_label_with_none_is_a_quiet_night(text: str, quiet: bool) -> None:
    assert any(a.type is Notice.NO_DEATH for a in P.find(text)) is quiet


def test_a_phase_named_short_with_no_time_keeps_the_post_listed() -> None:
    """D6 环一 开 names the 环节 and no hours: the day's 环节 is the threads' to say, and the
    post is listed though its night was read (fold writes 环一 out as 环节一; the post's own
    words are what is looked at)."""
    found, unplaced = P.read("D6 环一 开。夜：冬瓜（杀）。")
    assert [(a.player, a.cause) for a in found] == [("冬瓜", "night")]
    assert unplaced
    assert why_listed(PLAYERS, "D5 环二 全天。") == "写了「环二」"


def test_times_with_the_words_apart() -> None:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from auditor.game.when import find_points, find_ranges

    tz = ZoneInfo("Asia/Shanghai")
    mon = datetime(2026, 12, 14, 9, tzinfo=tz)

    def pts(text: str) -> list[tuple[object, ...]]:
        return [
            (p.role, p.at.strftime("%d %H:%M"), p.delay, p.wrong)
            for p in find_points(text, mon, tz)
        ]

    # a delay whose verb is not right before the time
    assert pts("延时申请过半，今晚不关门，推迟到明早（周二）10:00关门。") == [
        ("closes", "15 10:00", True, False)
    ]
    assert pts("延时\n申请：5/8\n新关帖：12月14日 23:30") == [("closes", "14 23:30", True, False)]
    assert pts("讨论到晚上十点，比平时晚一个小时，算是延时。") == [
        ("closes", "14 22:00", True, False)
    ]
    # ... but an acceleration's 不关门 and a request's deadline are no delay
    assert pts("加速成功！今晚不关门，明早……\n更正：于12月15日 12:00 关门。")[0][2] is False
    assert pts("加速申请\n截止：18:00\n结果：未达一半") == [(None, "14 18:00", False, False)]
    # a bare 关 before a time, and a month-day written with a dash
    assert pts("关 12-15 21:30。") == [("closes", "15 21:30", False, False)]
    # 明晚 a few words before the time dates it, over the line's weekday
    assert pts("周一，第六天，明晚关门（22:00）。") == [("closes", "15 22:00", False, False)]
    # an adverb between the time and its word
    assert pts("早上九点一刻才开门。") == [("opens", "14 09:15", False, False)]
    # an arrow between closes moves the close: the first is taken back, the second delays
    assert pts("关帖：12月14日 21:00 → 12月14日 23:30") == [
        ("closes", "14 21:00", False, True),
        ("closes", "14 23:30", True, False),
    ]
    # an opening put back is that day's opening, no delay
    assert pts("第五天顺延到明天上午九点开门。") == [("opens", "15 09:00", False, False)]
    # the 环节 nearest the range, and a label deep in a line is no heading
    (r,) = find_ranges("环节一无人过半，环节二推迟开始：12月14日8:00－12月15日8:00。", mon, tz)
    assert r.phase == 2
    (p,) = find_points(
        "【第二天】\n死亡名单：芒果（第一天投死）\n今日为环节一，至今晚24点。", mon, tz
    )
    assert (p.day, p.phase) == (2, 1)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a labelled line or a table row whose label is the event
        (
            "夜：芒果（毒）、番茄（杀）。",
            [("eliminated", "芒果", "night", None, 0), ("eliminated", "番茄", "night", None, 0)],
        ),
        ("【昨夜】\n｜杀手杀人｜苦瓜｜", [("eliminated", "苦瓜", "night", None, 0)]),
        ("装傻：黄瓜（白痴），不出局", [("idiot_revealed", "黄瓜", None, None, 0)]),
        # 夜：X……不对 is a correction, not a list of the dead
        ("昨夜：芒果……不对芒果是第一晚就出局了，昨夜是平安夜。", [("no_death", "", None, None, 0)]),
        # a handover by arrow or by 移交 between two players
        ("警长 冬瓜 → 番茄。", [("sheriff", "番茄", None, None, 0)]),
        ("【警长移交】冬瓜 → 番茄", [("sheriff", "番茄", None, None, 0)]),
        ("警长 冬瓜 移交 番茄。", [("sheriff", "番茄", None, None, 0)]),
        # an arrow in a vote count is a vote, not a handover
        (
            "第三日票型：\n黄瓜 → 番茄\n芒果(警长×2) → 番茄\n出局：番茄",
            [("eliminated", "番茄", "vote", None, 0)],
        ),
        # X 胜 ending its clause names the winner
        ("游戏结束，狼胜。", [("game_over", "", None, "狼", 0)]),
        ("完。杀手胜。", [("game_over", "", None, "杀手", 0)]),
        ("胜负未分，明天继续。", []),
        # a substitute told as a story, and the place given back
        (
            "芒果家里有事。从现在起由替补 苦瓜 临时顶他的签位。",
            [("substitute", "芒果", None, "苦瓜", 0)],
        ),
        ("芒果回来了，苦瓜把签位还给他。", [("substitute", "苦瓜", None, "芒果", 0)]),
        # a name's own bracket that says it went out
        ("☀️Day 5☀️\n💔 芒果（殉情）", [("eliminated", "芒果", "suicide", None, 0)]),
        ("第三日遗言\n冬瓜（投票出局）：我是村民。", [("eliminated", "冬瓜", "vote", None, 0)]),
        ("第二日投票：芒果 0票（已出局），番茄 3", []),
        ("游戏结束\n胜利阵营：村民阵营", [("game_over", "", None, "村民阵营", 0)]),
        ("感谢大家！本场『大楼』到此结束，村民阵营惜败。", [("game_over", "", None, None, 0)]),
        ("昨天（周日）那个加速是昨天的事，今天不加速。", [("accelerated", "", None, None, -1)]),
        # a sheriff's state with a chatty tail; a bare 当选 under 警长竞选
        ("警长是 番茄 大人👮 继续带队冲鸭！", [("sheriff", "番茄", None, None, 0)]),
        ("警长番茄的票算两票。", []),
        ("警長競選：芒果 當選（6票）。", [("sheriff", "芒果", None, None, 0)]),
        ("D5。夜：芒果（毒）。", [("eliminated", "芒果", "night", None, 0)]),
        # a story's 不见了, and 怎么 that asks nothing
        ("没人说得清芒果是怎么不见的。", [("eliminated", "芒果", "night", None, 0)]),
        ("芒果在睡梦中停止了呼吸。", [("eliminated", "芒果", "night", None, 0)]),
        (
            "灯再亮起来时，番茄倒在甲板上，再也没有起来。",
            [("eliminated", "番茄", "night", None, 0)],
        ),
        ("芒果怎么还不出局？", []),
    ],
)
def test_labels_arrows_and_short_winners(text: str, expected: list[tuple[object, ...]]) -> None:
    assert _read(text) == sorted(expected)


def test_the_rule_sets_words_for_the_piped_label_the_piped_list() -> None:
    from auditor.game.discover import piped_words
    from auditor.rules.ruleset import load_ruleset

    assert "咪啪" in piped_words("m39", {})
    words = piped_words("rabbit030", {})  # 喵喵，汪汪 as the preset's cited source says
    assert words == tuple(load_ruleset("rabbit030").resolved("PIPED-SPEECH")["words"])
    assert piped_words("m107", {}) == ()
    assert piped_words("m39", {"PIPED-SPEECH": {"words": ["嘘"]}}) == ("嘘",)  # the game's own
    cat = Patterns(PLAYERS, piped_words=words)
    for text in ("今天喵喵：芒果、番茄", "继续喵喵的：芒果、番茄"):
        assert sorted(a.player for a in cat.read(text)[0]) == ["番茄", "芒果"], text
    assert cat.read("芒果：喵喵喵？")[0] == []  # a piped player's own words
    # without the rule set's words the line is not read, and it is listed
    found, unplaced = P.read("今天喵喵：芒果、番茄")
    assert found == [] and unplaced


def test_a_name_in_a_post_of_events_no_item_is_about_keeps_it_listed() -> None:
    # the second name is told in a story: the line with no event word of its own is listed
    # because the post around it speaks of the night
    found, unplaced = P.read("昨夜出局：黄瓜。\n另一声是冬瓜，她喝下了一杯不该喝的东西。")
    assert [a.player for a in found] == ["黄瓜"]
    assert unplaced == ["另一声是冬瓜,她喝下了一杯不该喝的东西。"]
    # a post with no event word: a name alone is no announcement missed
    assert P.read("第二日开帖。\n今天请黄瓜先发言。")[1] == []


def test_a_clock_read_as_nothing_keeps_the_post_listed() -> None:
    # no schedule word beside it, yet a clock outright: listed, not passed in silence
    assert P.read("第二日：九时鸣笛，二十一时半熄灯。")[1] == ["第二日:九时鸣笛,二十一时半熄灯。"]
    # the ship's log's 启程 / 靠岸 beside a clock open and close the day: read, not listed
    assert P.read("第二日：九时启程，二十一时半靠岸。")[1] == []
    assert P.read("今晚21:30关帖。")[1] == []


# ------------------------------------------------------------ R4: a kind's word, no item of it
# (one mechanism for every voice: a sentence saying a kind of event's word — 加速, 延时, 白痴,
# 替补, 警徽, 平安, 胜 — in a post that gave no item of that kind is listed)

_KINDS = {
    "accelerated": Notice.ACCELERATED,
    "delayed": None,
    "idiot_revealed": EventType.IDIOT_REVEALED,
    "substitute": EventType.SUBSTITUTE,
    "sheriff": EventType.SHERIFF,
    "no_death": Notice.NO_DEATH,
    "game_over": Notice.GAME_OVER,
    "piped": EventType.PIPED,
}


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("加速嘅申請夠晒人數，今日提早收檔。", "accelerated"),  # 粤语
        ("Speed-up granted for today.", "accelerated"),
        ("延长申请过半，今晚收档顺延一个钟。", "delayed"),  # by how much, not read
        ("冬瓜 白痴身份曝光，留下来了。", "idiot_revealed"),
        ("芒果 翻开身份牌：白痴，留场。", "idiot_revealed"),
        ("Idiot flipped: 冬瓜 stays.", "idiot_revealed"),
        ("Badge passes to 番茄.", "sheriff"),
        ("夜里风平浪静，一个不少。", "no_death"),  # a story's quiet night
        ("昨晚一个都没倒下，村子太平。", "no_death"),
        ("GG！好人阵营赢麻了", "game_over"),
        ("好人集团，胜利。", "game_over"),
        ("| 结局 | |\n|---|---|\n| 胜利阵营 | 狼人阵营 |", "game_over"),
        ("### END\n+ 杀手集团胜（杀光警察和秘警）", "game_over"),
    ],
)
def test_a_kinds_word_is_read_or_listed_never_silent(text: str, kind: str) -> None:
    found, unplaced = P.read(text)
    wanted = _KINDS[kind]
    assert unplaced or (wanted is not None and any(a.type is wanted for a in found)), found


@pytest.mark.parametrize(
    "text",
    [
        "加速申请目前 3/8，还差两个。",  # a request short
        "如果今天加速，明天早点开。",  # a supposition
        "有人问能不能延时？",  # a question
        "今天不加速，照常关。",  # negated
        "Extension not granted, close stays 21:30.",  # failed
        "延时日的结算明早公示。",  # a day's name, no delay
        "上一局也是第三天加速的。",  # another game's
        "白痴被投出时可以装傻。",  # a rule
        "警长竞选：本帖最先最高票者当选。",  # the election's rule
        "替补已经用完了。",  # the bench, empty
        "今天投票平票，无人出局。",  # a tie, not a quiet night
        "今天没有人 Lv.3。",  # nobody piped
        "狼人阵营还没有达成胜利条件，游戏继续。",  # the game goes on
        "我们离胜利不远了。",
    ],
)
def test_a_kinds_word_that_states_nothing_is_not_listed(text: str) -> None:
    found, unplaced = P.read(text)
    assert found == [] and unplaced == [], (found, unplaced)


def test_a_players_aside_after_a_comma_is_no_supposition() -> None:
    """谁懂 after the clause is the director's aside: the clause before it states a death
    the grammar did not read, and the post is listed (如果 before the name still supposes)."""
    assert P.read("早！番茄 直接下线了，谁懂")[1]
    assert P.read("如果昨晚 番茄 下线了，谁来顶？")[1] == []


@pytest.mark.parametrize(
    "text",
    [
        "天亮了，冬瓜 没有醒来。",  # a story's death: not the player's own 没有
        # a story's vote-out (再没回头 is read now: test_fold.py)
        "黄昏时，芒果 走出了村口，背影越来越小。",
        "有人问警长是谁，现在是 番茄（昨晚 冬瓜 出局后交接的）。",  # a question answered
        "DDL 8:30 EST.",  # a clock in a zone the registers do not convert (UTC they do)
        "关帖：美东时间 8:30。",
        "更正：昨天本应 22:00 关帖，我写成了 21:00。",  # a corrected clock
        "勘误 D4 关帖 21:30",
    ],
)
def test_a_story_a_reported_question_a_foreign_or_corrected_clock_is_listed(text: str) -> None:
    found, unplaced = P.read(text)
    assert unplaced, found


@pytest.mark.parametrize(
    "text",
    [
        "冬瓜 没有投票。",  # the player's own act
        "如果 冬瓜 没有醒来，今晚就……",  # supposed
        "有人问 冬瓜 会不会出局？",  # the question, unanswered
        "DDL 21:30 (UTC+8).",  # the forum's own zone
        "关帖 21:00 GMT+8。",
    ],
)
def test_the_players_own_act_a_question_or_the_forums_zone_is_not_listed(text: str) -> None:
    assert P.read(text) == ([], [])


# R4: a sentence that states a fact's word (a death or its absence, the badge, a substitute,
# the piping, the idiot, the game's end) is read as an item of a kind its words promise, or
# the post is listed — whatever else the post gave (issue 34: never silent)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("番茄 投出。\n夜里一个都没死。", Notice.NO_DEATH),
        ("投票结果：芒果 出局\n当晚：莫得人死", Notice.NO_DEATH),
        ("苦瓜 顶替 芒果 上场，芒果 身上的吹笛状态一并继承。", EventType.PIPED),
        ("冬瓜 得票最多，冬瓜 是白痴，早已翻过牌，这回照样出局。", EventType.ELIMINATED),
        ("黄瓜 出局。村民阵营全体获胜。", Notice.GAME_OVER),
        ("Day 3: 番茄 out。警徽由番茄交给冬瓜。", EventType.SHERIFF),
    ],
)
def test_a_facts_word_is_read_as_its_kind_or_the_post_is_listed(
    text: str, kind: EventType | Notice
) -> None:
    found, unplaced = P.read(text)
    assert any(a.type is kind for a in found) or unplaced, found


@pytest.mark.parametrize(
    "text",
    [
        "番茄 投出。\n被吹笛的玩家只能说喵。",  # the one piped, as a rule
        "番茄 投出，无人殉情，无人开枪。",  # of no one, beside the elimination
        "番茄 投出。\n今日规则：平票时无人出局。",  # a rule's general case, a tie
        "苦瓜 接替 芒果。\n昨晚被吹笛：无。",  # a label said of no one
        "番茄 投出。\n番茄 为 芒果 的替补。",  # who the player is, no substitution
        "番茄 投出。\n狼人离胜利还远吗？",  # a question
    ],
)
def test_a_facts_word_undone_keeps_a_read_post_off_the_list(text: str) -> None:
    found, unplaced = P.read(text)
    assert found and unplaced == [], (found, unplaced)


# --------------------------------------------------------------------------- end to end


def test_discovery_lists_what_it_could_not_read(tmp_path: Path) -> None:
    """Through ``auditor game --format json`` on pages the page writer renders: a day's
    opening post whose day was read but whose line about a player was not, and a process
    post with only a notice's word, are both listed."""
    from tests.game.test_discover_autonomy import audit, game_json, own_style, setup
    from tests.game.test_discover_rulesets import at

    g = own_style()
    process = next(t for t in g.threads if "进程帖" in str(t["subject"]))
    said = g.post("老王", at(11, 22, 10), "好人阵营惜败，感谢大家。")
    said["pid"] = int(process["tid"]) * 100 + len(process["post"])  # type: ignore[call-overload, arg-type]
    process["post"].append(said)  # type: ignore[attr-defined]
    day2 = next(t for t in g.threads if "第二天讨论帖" in str(t["subject"]))
    day2["post"][0]["message"] = "第二日开始，今晚22点关帖\n冬瓜被狼叼进了树林。"  # type: ignore[index]
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    data = game_json(minimal)
    why = {u["text"].splitlines()[0]: u["why"] for u in data["unread"]}
    assert why.get("好人阵营惜败，感谢大家。") == "写了「败」", why
    # (the listing quotes the line not read, not the day's line that was: fh44 item 5)
    assert why.get("第二日开始，今晚22点关帖") == "没读懂：「冬瓜被狼叼进了树林。」", why
    # the day was still read from it
    days = {it["value"]["number"]: it for it in data["items"] if it["kind"] == "day"}
    assert days[2]["value"]["closes"] == "2026-11-22T22:00:00+08:00"
    assert days[2]["fields"]["closes"]["status"] == "stated"


# --------------------------------------------------------------------------- session 38


@pytest.mark.parametrize(
    ("text", "listed"),
    [
        # the coverage rule: a sentence naming a player no item is about, in any words
        ("昨天大家把芒果送下了船，今天继续。", True),  # a vote-out in a theme's words
        ("早上好，番茄的船票被收走了。", True),
        ("第三日开。\n芒果 3 票。", False),  # a count: no event of theirs
        ("环节二投票对象：芒果、番茄。", False),  # a ballot's candidates
        ("本局 MVP：番茄。", False),  # an honour
        ("黄瓜 今天 Lv.1，恢复说话。", False),  # well again
        ("如果芒果明天还不发言，就按规则处理。", False),  # a supposition
        ("芒果被投出。芒果的遗言在 3 楼。", False),  # the name's item is in the post
    ],
)
def test_every_sentence_naming_a_player_yields_an_item_or_is_undone(
    text: str, listed: bool
) -> None:
    _found, unplaced = P.read(text)
    assert bool(unplaced) is listed, unplaced


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # yesterday's evening is last night: a night's death, not yesterday's vote
        ("第五日。\n昨天晚上，芒果 出局了。", [("eliminated", "芒果", "night", None, 0)]),
        ("昨天夜里番茄被刀。", [("eliminated", "番茄", "night", None, 0)]),
        ("昨天投票，芒果出局。", [("eliminated", "芒果", "vote", None, -1)]),  # the day's
    ],
)
def test_yesterday_evening_is_last_night(text: str, expected: list[tuple[object, ...]]) -> None:
    assert _read(text) == sorted(expected)


@pytest.mark.parametrize(
    ("text", "quiet"),
    [
        # nobody left the game's venue in the night, whatever the theme calls it
        ("昨夜无人离场。", True),
        ("昨天晚上没有人下船哦！", True),
        ("隔夜：无停牌。", True),
        ("昨夜退场：无。", True),
        ("昨天投出去芒果，晚上没死人。", True),
        ("Last night: quiet.", True),
        # twins: a player said not to leave, a supposition, a vote, another thing none
        ("关于昨夜：番茄没有离场，别乱传。", False),
        ("如果昨夜无人离场，医生就守对了。", False),
        ("昨夜被吹笛：无。", False),
        ("昨日投票无人出局（平票）。", False),
    ],
)
def test_a_night_no_one_left_in_any_venue_is_quiet(text: str, quiet: bool) -> None:
    assert any(a.type is Notice.NO_DEATH for a in P.find(text)) is quiet


@pytest.mark.parametrize(
    ("text", "over"),
    [
        ("兔子阵营胜出，本局结束。", True),
        ("尘埃落定，村民阵营笑到最后。", True),
        ("大势已去，本局终。", True),
        # twins: a game that goes on, a supposition, a question
        ("狼人阵营还没有胜出，明天继续。", False),
        ("如果狼人再刀一个，狼人阵营胜出。", False),
        ("本局终于要结束了吗？", False),
    ],
)
def test_the_end_told_with_its_winner_or_the_game_closed(text: str, over: bool) -> None:
    assert any(a.type is Notice.GAME_OVER for a in P.find(text)) is over


@pytest.mark.parametrize(
    ("text", "listed"),
    [
        # a time counted from the post's moment, for the open or the close, no clock beside it
        ("还剩三小时关门，抓紧时间。", True),
        ("两个小时后开帖。", True),
        ("对决还在进行，还有十个小时。", True),
        # twins: a clock said with it, a supposition, something else's opening
        ("还有三小时关帖，也就是今晚九点。", False),
        ("如果两小时后还没人投票，就延时。", False),
        ("复盘帖将于十分钟后开放。", False),
    ],
)
def test_a_time_counted_from_the_post_is_asked(text: str, listed: bool) -> None:
    assert bool(P.read(text)[1]) is listed


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the acceleration done, by the close it brought, by a day's label or a bracket
        ("经过半数申请，本日加速至 18:00 结算。", [("accelerated", "", None, None, 0)]),
        ("众人同意，加速已成。", [("accelerated", "", None, None, 0)]),
        ("加速申请已通过。", [("accelerated", "", None, None, 0)]),
        # twins: a rule, a request counted short, a supposition
        ("加速需过半数申请，加速至 18:00 结算。", []),
        ("加速申请 3/11，未过半。", []),
        ("如果过半，就加速至 18:00。", []),
    ],
)
def test_an_acceleration_told_as_done(text: str, expected: list[tuple[object, ...]]) -> None:
    assert _read(text) == sorted(expected)


def test_a_days_label_heading_a_line_is_each_of_its_sentences() -> None:
    found = P.find("【汇总】\n第二日：夜间出局 芒果；投票出局 番茄。\n第三日：加速；夜间无人出局。")
    got = sorted((str(a.type), a.player, a.day) for a in found)
    assert got == [
        ("accelerated", "", 3),
        ("eliminated", "番茄", 2),
        ("eliminated", "芒果", 2),
        ("no_death", "", 3),
    ]


@pytest.mark.parametrize(
    ("text", "offset"),
    [
        # a drowning judged on the 环节 before the post: the day before's
        ("另：芒果上一环节只发言 1 条，按规则淹死。", -1),
        ("番茄连日不言，依律淹死。", -1),
        ("芒果今天被红牌罚下。", 0),  # a card shown now: the post's day
    ],
)
def test_a_drowning_judged_on_the_phase_before(text: str, offset: int) -> None:
    (a,) = P.find(text)
    assert (a.cause, a.offset) == ("sent_off", offset)


@pytest.mark.parametrize(
    ("text", "pair"),
    [
        # the absent player back, the stand-in out (回场 / 归队 / 销假 / 复牌)
        ("苦瓜 回场，芒果 下场。", ("芒果", "苦瓜")),
        ("苦瓜 销假归队，芒果 退回替补席。", ("芒果", "苦瓜")),
    ],
)
def test_the_absent_player_back_takes_the_seat_again(text: str, pair: tuple[str, str]) -> None:
    subs = [(a.player, a.value) for a in P.find(text) if a.type is EventType.SUBSTITUTE]
    assert subs == [pair]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # leaving the theme's venue for good, and the lover leaving with them
        ("番茄 6 票，即日退市。", [("eliminated", "番茄", "vote", None, 0)]),
        ("芒果与番茄为恋人，芒果随之下船。", [("eliminated", "芒果", "suicide", None, 0)]),
        # twins: a rule about it, a negation, the stand-in resting
        ("退市的规则见一楼。", []),
        ("番茄没有退市。", []),
        ("苦瓜 今天归队，芒果 下船休息。", [("substitute", "芒果", None, "苦瓜", 0)]),
    ],
)
def test_leaving_the_venue_for_good(text: str, expected: list[tuple[object, ...]]) -> None:
    assert _read(text) == sorted(expected)


@pytest.mark.parametrize(
    ("text", "quiet"),
    [
        ("昨夜无风无浪。", True),
        ("一夜无声，众人醒来。", True),
        # a but after a supposition states what follows it
        ("如果昨晚女巫没救，就会死一个——不过她救了，所以没人死亡。", True),
        ("如果昨晚女巫没救，就会死一个。", False),
    ],
)
def test_a_calm_night_and_a_but_after_a_supposition(text: str, quiet: bool) -> None:
    assert any(a.type is Notice.NO_DEATH for a in P.find(text)) is quiet


def test_a_story_death_without_its_may_and_a_stand_in_for_a_while() -> None:
    # a story's death (嘛 before a pause marks the topic, it asks nothing)
    assert [a.player for a in P.find("晚上嘛……番茄没挺过去。")] == ["番茄"]
    assert P.find("番茄没挺过去吗？") == []
    subs = [
        (a.player, a.value)
        for a in P.find("请假：芒果 请假两天，由 苦瓜 临时代为发言。")
        if a.type is EventType.SUBSTITUTE
    ]
    assert subs == [("芒果", "苦瓜")]
    assert (
        why_listed(PLAYERS, "还剩两小时关门，抓紧投票。")
        == "写了时间「还剩两小时关门，抓紧投票。」"
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a clause the evening opens, after yesterday's: that night, last night
        (
            "昨天 芒果 被投出去，晚上 番茄 挂了。",
            [("eliminated", "芒果", "vote", None, -1), ("eliminated", "番茄", "night", None, 0)],
        ),
        ("昨天晚黑 番茄 遭刀了。", [("eliminated", "番茄", "night", None, 0)]),
        ("芒果 8 票，过半，落水。", [("eliminated", "芒果", "vote", None, 0)]),
        # twins: an evening's clock, nobody fell in, a bracket's aside says nothing of when
        ("昨天 芒果 被投出去，晚上九点关门。", [("eliminated", "芒果", "vote", None, -1)]),
        ("昨夜无人落水。", [("no_death", "", None, None, 0)]),
        ("今天是加速日（昨天傍晚已过半）。", [("accelerated", "", None, None, 0)]),
    ],
)
def test_the_evening_a_clause_opens_and_an_aside(
    text: str, expected: list[tuple[object, ...]]
) -> None:
    assert _read(text) == sorted(expected)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the newcomer inherits the one replaced's spell: piped from now, the other no longer
        (
            "苦瓜 因事退出，由替补 芒果 接手账号，继承其吹笛状态。",
            [("piped", "芒果", None, None, 0), ("substitute", "苦瓜", None, "芒果", 0)],
        ),
        ("替补 芒果 入场，接替 苦瓜。", [("substitute", "苦瓜", None, "芒果", 0)]),
        ("今天遭吹笛的：莫得。", []),  # none, in dialect
    ],
)
def test_a_newcomer_inherits_the_spell(text: str, expected: list[tuple[object, ...]]) -> None:
    assert _read(text) == sorted(expected)


@pytest.mark.parametrize(
    ("text", "listed"),
    [
        # a 环节 named beside hours read without it: the director confirms which 环节
        ("今日 0:00 至 24:00，先投试探票，这是环节一。", True),
        # (a 环节 after its range's colon is read with the range since the registers' round 3)
        ("今日（3月2日）0:00 至 24:00：环节一，先投试探票。", False),
        ("【环节二】3月3日 0:00—24:00", False),  # the label heads the hours: read with them
        ("环节一：今日 0:00-24:00。", False),
    ],
)
def test_a_phase_beside_hours_read_without_it_is_listed(text: str, listed: bool) -> None:
    assert bool(P.read(text)[1]) is listed


@pytest.mark.parametrize(
    "text",
    [
        # a time or a manner between the newcomer and the verb is no name
        "替补 芒果 今天接替 苦瓜 上线。",
        "芒果 今天起替补 苦瓜。",
        "芒果 上场，永久替换 苦瓜。",
    ],
)
def test_a_time_between_the_newcomer_and_the_verb_is_no_name(text: str) -> None:
    subs = [(a.player, a.value) for a in P.find(text) if a.type is EventType.SUBSTITUTE]
    assert subs == [("苦瓜", "芒果")]


# R4 (session 39): coverage by sentence, not by post.  A sentence saying a fact's word with
# no item of its own is listed even when another sentence of the post was read; a night
# label in a theme's words (昨夜<word>：…) is the night's outcome; a how-less death in a post
# that speaks of a ballot or of the night elsewhere is a guess, listed.
@pytest.mark.parametrize(
    ("text", "listed"),
    [
        # another sentence's item does not cover a quiet night read as nothing
        ("第四天：\n1 昨日投票出局：冬瓜\n2 昨晚：天下太平夜\n3 警长：番茄", True),
        ("苦瓜 投出。昨夜：平平安安，大家都在。", False),  # read: 平安 said of the night
        # a night told in a theme's own label, read as nothing
        ("苦瓜 投出。昨夜下车：一位。今天照常发车。", True),
        ("【第三站】昨夜的故事：很长。今天照常发车。", False),  # no label of an outcome
        ("苦瓜 投出。昨晚被吹笛：无。", False),  # a known word said of no one
        # a how-less death beside a ballot said elsewhere: which it is, is a guess
        ("昨天投票，平票。警长投了芒果。芒果出局。", True),
        ("芒果出局，警徽移交给番茄。", False),  # nothing says either part of the day
    ],
)
def test_each_sentence_is_read_or_the_post_is_listed(text: str, listed: bool) -> None:
    assert bool(P.read(text)[1]) is listed


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("【第三站】昨夜下车：无。今天照常发车。", "写了「【第三站】昨夜下车:无」"),
        ("【第三站】昨夜下车：无？", None),  # asked
        ("【第三站】昨夜的故事很长。", None),  # no label of an outcome
    ],
)
def test_a_night_label_alone_lists_the_post(text: str, why: str | None) -> None:
    assert why_listed(PLAYERS, text) == why


@pytest.mark.parametrize(
    "text",
    [
        "计票结果：芒果 出局。",  # the count told in the sentence
        "芒果 7 / 冬瓜 3。芒果 出。",  # a tally's figures in the line
        "第一天结果：芒果 6 票，冬瓜 2 票。\n芒果出局。",  # … or in the post, no night in its line
        "第二日投票 芒果 出局以后，深夜还有人在刷帖。",  # the clause's own ballot over a night
    ],
)
def test_a_death_beside_the_days_count_is_a_vote_out(text: str) -> None:
    (out,) = [a for a in P.find(text) if a.type is EventType.ELIMINATED]
    assert (out.player, out.how) == ("芒果", "vote")


@pytest.mark.parametrize(
    "text",
    [
        "计票结果：冬瓜 6 票。昨夜 芒果 出局。",  # the night said in the death's own sentence
        "芒果 7 / 冬瓜 3。\n昨晚：芒果 被刀。",  # the line's night, a knife
    ],
)
def test_a_count_elsewhere_does_not_make_a_night_death_a_vote_out(text: str) -> None:
    outs = [a for a in P.find(text) if a.type is EventType.ELIMINATED]
    assert [(a.player, a.how) for a in outs] == [("芒果", "night")]


# The piping by its slots: a label headed by the piping's word (whatever it adds), and the
# state reached told after the name, ending its clause.
@pytest.mark.parametrize(
    ("text", "piped"),
    [
        ("吹笛名册：芒果、冬瓜。", ["芒果", "冬瓜"]),
        ("笛声新录：番茄。", ["番茄"]),
        ("Lv.3 一览：苦瓜。", ["苦瓜"]),
        ("昨夜 芒果 Lv.3。", ["芒果"]),
        ("芒果 病发，升至 Lv.3。", ["芒果"]),
        ("冬瓜 仍处于被吹笛状态。", ["冬瓜"]),
        # twins: the piper named, a rule about the state, the state passed on, none
        ("吹笛者：芒果。", []),
        ("芒果 违反了 Lv.3 限制，黄牌一张。", []),
        ("冬瓜 的 Lv.3 状态由 番茄 继承。", []),
        ("吹笛名册：无。", []),
    ],
)
def test_the_piping_by_its_label_and_its_state(text: str, piped: list[str]) -> None:
    assert [a.player for a in P.find(text) if a.type is EventType.PIPED] == piped


# A quiet night by its slots: the night just passed and an empty player's slot, whatever the
# theme's verb or label.
@pytest.mark.parametrize(
    ("text", "quiet"),
    [
        ("昨夜无人落榜。", True),
        ("昨晚登记离开：无。", True),
        ("夜间：出局 → 无", True),
        ("昨夜没有旅客下车。", True),
        ("夜，无死者。", True),
        ("昨晚：没人出事", True),
        # twins: another kind's label, a sent-off's, a question, a supposition
        ("昨夜被吹笛：无。", False),
        ("昨夜违纪离场：无。", False),
        ("昨夜无人落榜？", False),
        ("如果昨夜无人落榜，就是守卫守对了。", False),
    ],
)
def test_a_quiet_night_in_the_themes_words(text: str, quiet: bool) -> None:
    assert any(a.type is Notice.NO_DEATH for a in P.find(text)) is quiet


def test_a_label_said_of_no_one_takes_no_subject_from_before() -> None:
    found = P.find("昨夜被刀：芒果、冬瓜。违规罚下：无。")
    assert [(a.player, a.how) for a in found if a.type is EventType.ELIMINATED] == [
        ("芒果", "night"),
        ("冬瓜", "night"),
    ]


@pytest.mark.parametrize(
    ("text", "listed"),
    [
        ("第三期结算：芒果 出局。", True),  # the game counted in a theme's unit: which day?
        ("第三天结算：芒果 出局。", False),
        ("第二位出局的是 芒果。", False),
    ],
)
def test_a_death_counted_in_a_themes_unit_is_listed(text: str, listed: bool) -> None:
    assert bool(P.read(text)[1]) is listed


@pytest.mark.parametrize(
    ("text", "listed"),
    [
        # a game ends once: 本局结束 beside the winner it was read from is accounted for
        ("本局结束\n获胜：好人阵营", False),
        ("GAME OVER. wolves win.", False),
        # … but not a sentence that says another kind's word too (a death no item tells)
        ("游戏结束，最后一夜死了两个人。\n获胜：好人阵营", True),
        ("本局结束，替补上场。\n获胜：狼人阵营", True),
    ],
)
def test_a_game_over_is_read_once_per_post(text: str, listed: bool) -> None:
    found, unplaced = P.read(text)
    assert any(a.type is Notice.GAME_OVER for a in found)
    assert bool(unplaced) is listed


@pytest.mark.parametrize(
    ("text", "listed"),
    [
        # a label said of no one after a space or an arrow ends nothing (#红牌# 无, 被吹笛 → 无)
        ("#昨夜# 平安\n#红牌# 无", False),
        ("夜：无人死亡；Lv.3 → 无", False),
        # … but a label with a name, or a none that is a word's start (无法), is a fact
        ("#昨夜# 平安\n#红牌# 苦瓜", False),
        ("#昨夜# 平安\n#罚下# 无法确认", True),
    ],
)
def test_a_label_of_no_one_after_a_space_or_an_arrow(text: str, listed: bool) -> None:
    assert bool(P.read(text)[1]) is listed


@pytest.mark.parametrize(
    ("text", "listed"),
    [
        # the wrong value a correction denies (，不是…) is no time the post states
        ("更正第二日公告：\n① 关帖时间是 22:00，不是前面写的 21:00", False),
        ("更正第三日公告：\n① 开帖时间是 9:00，不是楼上写的 10:00", False),
    ],
)
def test_a_corrections_denied_time_is_not_unread(text: str, listed: bool) -> None:
    assert bool(P.read(text)[1]) is listed


def test_a_death_said_of_a_whole_group_takes_no_player_from_before() -> None:
    # the group's death (杀手都死了) is no player's: the item read from it is listed
    found, unplaced = P.read("番茄死后，杀手全部出局，好人胜利！")
    assert "杀手全部出局" in unplaced
    # … its twin: a death of the named player alone is read and not listed for it
    found, unplaced = P.read("番茄出局，好人胜利！")
    assert [a.player for a in found if a.type is EventType.ELIMINATED] == ["番茄"]
    assert not any("番茄" in u for u in unplaced)


@pytest.mark.parametrize(
    ("text", "listed"),
    [
        # a death said as the time of what follows tells neither how nor when: a question
        ("芒果出局之后，好人胜利！", True),
        ("冬瓜死了以后，村民赢了。", True),
        # its twins: the death said as itself
        ("芒果出局，好人胜利！", False),
        ("冬瓜死了。村民赢了。", False),
    ],
)
def test_a_death_said_as_the_time_of_another_fact_is_listed(text: str, listed: bool) -> None:
    assert bool(P.read(text)[1]) is listed


# Session 42: what the reader cannot read is asked, sentence by sentence — a sentence that
# opens with the night just passed (the night's account in the venue's words), an old hour
# the clock reader gave no clock for, a close in a post headed as a delay yet not read as
# one, two times of one role in a sentence (one of them misread), a side of the game named.
@pytest.mark.parametrize(
    "text",
    [
        "早上好。\n昨夜，园子里一切如常。",
        "昨晚温室格外安静。",
        "第二日。今日子时起，至亥正止。",
        "是日辰初启帖。",
        "【延时通知】\n第三日放宽到晚上十一点。",
        "第一天：3月5日 8:00 登船，23:00 靠岸。",
        "【终场】好人集团存活过半，全员上岸！",
    ],
)
def test_what_the_reader_cannot_read_is_listed(text: str) -> None:
    found, unplaced = P.read(text)
    assert unplaced or (not found and why_listed(PLAYERS, text) is not None)


@pytest.mark.parametrize(
    "text",
    [
        # the twins: a night read, a question about it, a glossed old hour, a delay read as
        # one, a day's opening and close, a rule's hours in general
        "昨夜，番茄 被刀，出局。",
        "第二日，辰时开（09:00），戌时关（21:00）。",
        "【延时通知】\n第三日延长至 23:00 关帖。",
        "第一天：3月5日 8:00 开帖，23:00 关帖。",
    ],
)
def test_what_the_reader_read_is_not_listed(text: str) -> None:
    assert P.read(text)[1] == []


@pytest.mark.parametrize(
    ("text", "over"),
    [
        # a roster name that ends in a word of winning is a player, never the end
        ("所以出局的是 常胜。", False),
        ("投票：常胜 5 票，番茄 3 票。", False),
        # the twins: a side that won, the end said outright beside the name
        ("好人阵营胜利，常胜 辛苦了。", True),
        ("游戏结束。常胜 是最后一只狼。", True),
    ],
)
def test_a_name_with_a_word_of_winning_is_no_end(text: str, over: bool) -> None:
    found = Patterns(["常胜", "番茄"]).find(text)
    assert any(a.type is Notice.GAME_OVER for a in found) == over


def test_discovery_carries_the_flag_on_the_set_aside_thread(tmp_path: Path) -> None:
    (tmp_path / "pages").mkdir()
    game = parse_game(
        {
            "game": {"name": "t", "ruleset": "m107", "directors": ["导演"], "tag": "M107"},
            "forum": {"pages": "pages/", "board": 2},
            "players": {"names": ["甲", "乙", "丙"]},
        },
        tmp_path / "game.toml",
    )
    disc = Discovery()
    titled = [
        TitledThread(11, "【M107】第2天 讨论帖"),
        TitledThread(12, "【M107】第2天 观众竞猜投票"),
        TitledThread(13, "【M107】第2天 投票复盘"),
    ]
    taken = discover_threads(game, titled, disc)
    assert [t.tid for t in taken] == [11]
    flags = {x.tid: x.vote_aside for x in disc.unclassified}
    assert flags == {12: ("观众", "第2天"), 13: None}
