"""Families of writing the announcement grammar (auditor.game.announce) reads whatever the
director's voice: a name list joined by 和 / 同 / 俱 or a slash, decoration between the
words (emoji), a terse count before the out word (X 8 → 出), 文言 verbs (殁, 被逐, 为狼所噬,
传位于, 立为警长), a badge handed from its holder (X 警长 → Y) on the day of the death before
it, and one long comma-spliced sentence whose later night is not when its death happened.
Beside each, a negative: a question, a supposition, a name that is no how.

Each case: (text, [(kind, player, how)]) — how the cause for an elimination, elected /
handed_over for a sheriff, None else.
"""

from __future__ import annotations

import pytest

from auditor.game.announce import Patterns
from tests.announced import FAST, ID, OVER, PI, QUIET, SU, E, S, shown

PLAYERS = ["黄瓜", "冬瓜", "番茄", "芒果", "苦瓜", "杜鹃", "画眉", "饺子", "菜刀", "油条"]
P = Patterns(PLAYERS)


CASES: list[tuple[str, list[tuple[object, ...]]]] = [
    # names joined before the word: 和 / 同 (粤) / 、 … 俱 / 都
    ("昨夜 冬瓜 和 番茄 都倒下了", [(E, "冬瓜", "night"), (E, "番茄", "night")]),
    ("昨晚 杜鹃 同 画眉 都死了。", [(E, "杜鹃", "night"), (E, "画眉", "night")]),
    ("昨夜芒果、苦瓜俱亡。", [(E, "芒果", "night"), (E, "苦瓜", "night")]),
    # ... and after it, past decoration
    ("昨晚倒下了两位😭😭 饺子 和 油条", [(E, "饺子", "night"), (E, "油条", "night")]),
    # a slash between statements, and between names
    ("夜：冬瓜 死 / 番茄 殉情", [(E, "冬瓜", "night"), (E, "番茄", "suicide")]),
    ("被吹笛：黄瓜 / 芒果", [(PI, "黄瓜", None), (PI, "芒果", None)]),
    # emoji between a label and its names
    ("吹笛：杜鹃🐱 画眉🐶", [(PI, "杜鹃", None), (PI, "画眉", None)]),
    ("Lv.3 🤒：苦瓜", [(PI, "苦瓜", None)]),
    ("警长大人：芒果👑", [(S, "芒果", "elected")]),
    # a terse count before the out word
    ("截：黄瓜 8 → 出", [(E, "黄瓜", "vote")]),
    ("2200 截\n冬瓜 6 出", [(E, "冬瓜", "vote")]),
    ("第四天投票番茄九票出局。", [(E, "番茄", "vote")]),
    ("警长 芒果 得 7 票出局。", [(E, "芒果", "vote")]),
    ("昨晚 杜鹃 走了", [(E, "杜鹃", "night")]),
    ("昨晚：画眉 没了", [(E, "画眉", "night")]),
    ("昨晚走掉的是…… 饺子！！", [(E, "饺子", "night")]),
    # 文言
    ("昨夜，油条殁。", [(E, "油条", "night")]),
    ("昨日黄瓜被逐。", [(E, "黄瓜", "vote")]),
    ("昨日票出者乃冬瓜。", [(E, "冬瓜", "vote")]),
    ("昨夜番茄为狼所噬。", [(E, "番茄", "night")]),
    (
        "票毕，芒果得八票，出局。芒果乃猎人，引弓射苦瓜，苦瓜亦殁。",
        [(E, "芒果", "vote"), (E, "苦瓜", "hunter")],
    ),
    ("首日票毕，杜鹃先得高票，立为警长。", [(S, "杜鹃", "elected")]),
    ("画眉乃警长，临去移交于饺子。", [(S, "饺子", "handed_over")]),
    ("油条为警长，传位于黄瓜。", [(S, "黄瓜", "handed_over")]),
    ("芒果翻牌，白痴也，装傻不死。", [(ID, "芒果", None)]),
    # the badge from its holder, with an arrow or 警长给
    ("冬瓜 警长 → 番茄", [(S, "番茄", "handed_over")]),
    ("第5天：芒果 投出（警长）→ 警长给 苦瓜", [(E, "芒果", "vote"), (S, "苦瓜", "handed_over")]),
    # one long comma-spliced sentence: the night after the death is not when it happened
    (
        "第二天环节一的投票结束，黄瓜得票十票，黄瓜出局，白天结束，今天是夜晚和遗言时间。",
        [(E, "黄瓜", "vote")],
    ),
    # a name is no how: 菜刀 holds 刀, yet its vote-out is a vote-out
    ("投票结果出来了，替罪羊菜刀出局。", [(E, "菜刀", "vote")]),
    # the night's outcome and the others, in the words of new voices
    ("昨夜无事。", [(QUIET, "", None)]),
    ("昨晚：没人死🕊️", [(QUIET, "", None)]),
    ("加速🚀🚀 成功啦！", [(FAST, "", None)]),
    ("狼人阵营赢，游戏完！", [(OVER, "", None)]),
    # negatives beside each: a question, a supposition, a rule, a tie
    ("昨夜 冬瓜 和 番茄 都倒下了吗？", []),
    ("如果 黄瓜 8 票就出局。", []),
    ("猎人死时可引弓射一人。", []),
    ("平票，无人出局。", []),
    ("谁做警长？", []),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_family(text: str, expected: list[tuple[object, ...]]) -> None:
    assert [shown(a) for a in P.find(text)] == expected


def test_a_handover_is_the_day_of_the_death_before_it() -> None:
    found = P.find("第5天：芒果 投出（警长）→ 警长给 苦瓜")
    assert [(a.type, a.day) for a in found] == [(E, 5), (S, 5)]
    found = P.find("昨日出局：黄瓜（投票）\n黄瓜为警长，移交：冬瓜")
    assert [(a.type, a.offset) for a in found] == [(E, -1), (S, -1)]


@pytest.mark.parametrize(
    "text",
    [
        # a compact clock no time was read from (the time reader reads 开 0900 关 2130 and
        # 关 12.19 2330 since the registers; a verb it does not know leaves the clock unread)
        "第三日 歇业 2130",
        "D3 2130 那会儿关",
        "昨晚：出事的有一位",  # the night's outcome in words no item came from
    ],
)
def test_a_line_that_states_what_was_not_read_is_listed(text: str) -> None:
    found, unplaced = P.read(text)
    assert found == [] or unplaced
    assert unplaced


@pytest.mark.parametrize(
    "text",
    [
        "延时申请 5/9 —— 成功",  # a count of requests, not a date
        "夜晚：12月4日0:00-20:00",  # a night's hours, not its outcome
        "昨晚的剧情：船长落水只是剧情。",
    ],
)
def test_a_count_or_a_night_s_hours_is_not_listed(text: str) -> None:
    assert P.read(text)[1] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a list's number is no newcomer, and does not hide the pair after it
        ("1. 替补 油条 接替 番茄（番茄因事退出）", [("番茄", "油条")]),
        # a greeting before 替补 is no newcomer: the roster's pair wins
        ("大家好 替补 油条 来啦 顶替 芒果 的位置～", [("芒果", "油条")]),
        ("另外，油条 来替 苦瓜 啦！", [("苦瓜", "油条")]),
        # 由 Y 接替: the one said to leave just before, not the sentence's first name
        (
            "昨晚杀手杀死了黄瓜，另外画眉因为昨天潜水，由替补油条接替，请大家发言。",
            [("画眉", "油条")],
        ),
        ("杜鹃请假两天，由油条临时替补。", [("杜鹃", "油条")]),
        # leave and stand-in on two items of a numbered list
        ("请假通知\n1. 冬瓜 12月18日—19日 出差请假\n2. 期间由 油条 临时代打", [("冬瓜", "油条")]),
        # the return: the stand-in gives the seat back
        ("请假结束\n1. 冬瓜 已回来\n2. 油条 交还签位", [("油条", "冬瓜")]),
        ("冬瓜已经请假回来了，从现在起用自己的签位发言，油条退回替补席。", [("油条", "冬瓜")]),
        # negatives: a rule, a question
        ("替补可以接替出局的玩家吗？", []),
        ("如果 冬瓜 请假，由 油条 代打。", []),
    ],
)
def test_substitute_family(text: str, expected: list[tuple[str, str]]) -> None:
    found = [(a.player, a.value) for a in P.find(text) if a.type is SU]
    assert found == expected


CORRECTIONS_AND_RECAPS: list[tuple[str, list[tuple[object, ...]]]] = [
    # a correction takes back the clause it calls wrong, whatever its event's word
    ("更正\n1. 早上公布“黄瓜被医生扎死”有误\n2. 昨晚被扎死的是 冬瓜", [(E, "冬瓜", "night")]),
    ("更正：今晨所言“昨夜无事”有误。昨夜番茄实亡。", [(E, "番茄", "night")]),
    ("我要更正，我说昨晚是平安夜，这是错的，昨晚狙击手开枪打死了芒果。", [(E, "芒果", "night")]),
    # a reading crossed out and the right one ticked
    ("订正：第4天 警长 给 苦瓜 ✘ → 给 杜鹃 ✔", [(S, "杜鹃", "handed_over")]),
    # a test message posted by mistake is no game over
    ("抱歉，我刚才误发了一条“杀手集团获胜”的测试消息，请大家忽略。", []),
    ("终局\n1. 杀手 全部出局\n2. 好人集团 胜", [(OVER, "", None)]),
    # the night's outcome in a terse label
    ("夜：无死亡", [(QUIET, "", None)]),
    ("夜：0 死", [(QUIET, "", None)]),
    # 对不起's 不 is no negation of an acceleration said after it
    ("对不起打扰：加速申请已过半（6/9），今天加速。", [(FAST, "", None)]),
    ("加速申请不够，今天不加速。", []),
    # a long comma-spliced sentence: a clause with no name is the nearest name's
    (
        "第四天，昨晚杀手杀死了黄瓜，另外画眉连续两天发帖不足，也没有替补，按规则淹死处理。",
        [(E, "黄瓜", "night"), (E, "画眉", "sent_off")],
    ),
    # the piped, still or newly
    ("被吹笛的角色目前有杜鹃和画眉两位。", [(PI, "杜鹃", None), (PI, "画眉", None)]),
    ("另外，苦瓜 患上了【雏见泽综合症Lv.3】。", [(PI, "苦瓜", None)]),
    # terse: 出 before 、 or a bracket, 出：X
    ("夜：黄瓜 出、冬瓜 出（殉情）", [(E, "黄瓜", "night"), (E, "冬瓜", "suicide")]),
]


@pytest.mark.parametrize(("text", "expected"), CORRECTIONS_AND_RECAPS)
def test_correction_and_recap_family(text: str, expected: list[tuple[object, ...]]) -> None:
    assert [shown(a) for a in P.find(text)] == expected


def test_a_restated_idiot_keeps_its_own_clause_s_day() -> None:
    found = P.find("第四天，昨晚黄瓜被杀，昨天芒果装傻的事情大家都知道了。")
    assert [(a.type, a.player, a.offset) for a in found] == [(E, "黄瓜", 0), (ID, "芒果", -1)]


def test_a_long_sentence_s_quiet_night_is_read_beside_a_vote() -> None:
    found = P.find("第六天开始，昨天投票结果是黄瓜出局，昨晚没有人死亡，大家抓紧。")
    assert [(a.type, a.player) for a in found] == [(E, "黄瓜"), (QUIET, "")]
    # a tie's 没有人出局 stays no quiet night
    assert P.find("第六天开始，昨天投票平票，没有人出局，大家抓紧。") == []


def test_a_handover_after_a_recapped_death_keeps_the_death_s_day() -> None:
    found = P.find("第六天开始，昨天投票结果是芒果出局，芒果是警长，临走前把警长交给了苦瓜。")
    assert [(a.type, a.player, a.day, a.offset) for a in found] == [
        (E, "芒果", 6, -1),
        (S, "苦瓜", 6, -1),
    ]


@pytest.mark.parametrize(
    "text",
    [
        # the office voted out, its holder not named by the clause
        "投票结束！\n黄瓜 8票 警长被投出去了！！\n黄瓜把警徽交给了 冬瓜",
        # a festive 平安夜 whose bracket names a death
        "第七日，平安夜（节日的平安夜，不是游戏的：苦瓜 昨晚中招）。",
    ],
)
def test_what_the_reader_could_not_place_is_listed(text: str) -> None:
    assert P.read(text)[1]


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("提醒：第2天 0900 开，2130 关。", "写了时间 0900"),
        ("今日不延，亥时半如期闭帖。", "写了时间 亥时半"),
    ],
)
def test_a_compact_or_old_time_is_why_a_post_is_listed(text: str, why: str) -> None:
    from auditor.game.state import why_listed

    assert why_listed(PLAYERS, text) == why
    assert why_listed(PLAYERS, "加速申请 5/10，未过半。") is None


NEW_LAYOUTS: list[tuple[str, list[tuple[object, ...]]]] = [
    # a markdown table (its header and rule rows say nothing)
    (
        "| 项目 | 内容 |\n|---|---|\n| 昨夜出局 | 黄瓜 |\n| 被吹笛 | 番茄、芒果 |",
        [(E, "黄瓜", "night"), (PI, "番茄", None), (PI, "芒果", None)],
    ),
    # bullets under a heading, as a numbered list's rows
    ("出局：\n- 黄瓜\n- 冬瓜", [(E, "黄瓜", None), (E, "冬瓜", None)]),
    ("更新\n- 黄瓜（出局）\n- 冬瓜（殉情）", [(E, "黄瓜", None), (E, "冬瓜", "suicide")]),
    # a bot's notice: 已被 … is the event, 已出局 a state
    ("【系统公告】玩家「黄瓜」已被投票出局。", [(E, "黄瓜", "vote")]),
    ("黄瓜已出局，不能发言。", []),
    # slang and dialect deaths
    ("昨晚黄瓜嘎了，冬瓜也寄了。", [(E, "黄瓜", "night"), (E, "冬瓜", "night")]),
    ("别让黄瓜寄了！", []),
    # a self-correction mid-sentence keeps the second reading
    ("黄瓜被票出了……哦不对，是冬瓜被票出了", [(E, "冬瓜", "vote")]),
    # the badge handed over under its own label
    ("今天警長交接：黃瓜 → 冬瓜", [(S, "冬瓜", "handed_over")]),
]


@pytest.mark.parametrize(("text", "expected"), NEW_LAYOUTS)
def test_new_layout_family(text: str, expected: list[tuple[object, ...]]) -> None:
    assert [shown(a) for a in P.find(text)] == expected


MORE: list[tuple[str, list[tuple[object, ...]]]] = [
    # a player the post says lives is no elimination of it (the correction's last word)
    (
        "对不起，刚才说 黄瓜 被投出是我看错票了，实际出局的是 冬瓜！黄瓜 还活着～",
        [(E, "冬瓜", "vote")],
    ),
    ("更正：昨晚被扎死的是 番茄，芒果 仍存活。", [(E, "番茄", "night")]),
    ("如果黄瓜还活着，明天再说。", []),
    # the piped's label with an epithet
    ("被吹笛的小可怜：杜鹃", [(PI, "杜鹃", None)]),
    # the sheriff elected, named after the office's label
    ("警长 第1天 选出：画眉", [(S, "画眉", "elected")]),
    # a restated badge goes by the death's first telling (昨日 in its bracket)
    (
        "【红牌】苦瓜（昨日关帖结算）\n【警长】苦瓜被罚下，警长随机移交 → 饺子",
        [(E, "苦瓜", "sent_off"), (S, "饺子", "handed_over")],
    ),
]


@pytest.mark.parametrize(("text", "expected"), MORE)
def test_more_family(text: str, expected: list[tuple[object, ...]]) -> None:
    assert [shown(a) for a in P.find(text)] == expected


def test_yesterday_s_acceleration_said_after_a_correction_is_yesterday_s() -> None:
    (a,) = P.find("昨天不是延时是加速哈 我昨晚写错了")
    assert (a.type, a.offset) == (FAST, -1)
    found = P.find("【红牌】苦瓜（昨日关帖结算）\n【警长】苦瓜被罚下，警长随机移交 → 饺子")
    assert [a.offset for a in found] == [-1, -1]


@pytest.mark.parametrize(
    "text",
    [
        # a close's word beside a clock the clock reader takes no close from
        "明天 21:00 歇业关帖。",
        "今天 22:00 熄灯关门",
    ],
)
def test_a_close_beside_a_clock_read_as_no_close_is_listed(text: str) -> None:
    assert P.read(text)[1]


@pytest.mark.parametrize(
    "text",
    [
        "今日10:00开帖，明日21:00关帖。",  # both read
        # read since the registers (fold.registers): once listed as misread
        "今日10:00开帖，明日21:00闭帖。",
        "第五日开帖，亥时半闭（21:30）。",
        "是日九时开帖，晚九时半闭帖。",
        "今天延到 22:00 关门～",  # the delay read as one
        # a day told in another world's words (s38: 打烊, 下课, 收工 are its close)
        "明天 21:00 打烊关帖。",
        "今天 22:00 下课关门",
        "第三日 收工 2130",
        "今天 10:00 开帖，投票截止后公布结果。",  # the close's word is about something else
        "一直开到周日晚上 22:00 哦",  # open until: a close
        "进入夜晚：12月17日 0:00 — 20:00 行动",  # a night's hours
        "因昨日延时，今天开门推迟至10:00，关门21:00。",  # the opening moved, no delay
        "延时申请截止18:00。",  # a request's deadline
    ],
)
def test_a_schedule_read_in_full_is_not_listed(text: str) -> None:
    assert P.read(text)[1] == []


RETRACTIONS_AND_SLANG: list[tuple[str, list[tuple[object, ...]]]] = [
    # a reading struck through is taken back (markdown, BBCode)
    ("~~黄瓜~~ 冬瓜 出局", [(E, "冬瓜", None)]),
    ("昨晚出局：[s]黄瓜[/s] 冬瓜", [(E, "冬瓜", "night")]),
    # a retracted line, a reading called a false report
    ("撤回：昨晚黄瓜出局", []),
    ("昨晚黄瓜出局（误报），出局的是冬瓜。", [(E, "冬瓜", None)]),
    # colloquial passives and slang
    (
        "昨晚黄瓜让狼给刀了，冬瓜叫女巫给毒死了。",
        [(E, "黄瓜", "night"), (E, "冬瓜", "night")],
    ),
    ("黄瓜被整没了", [(E, "黄瓜", None)]),
    ("昨晚死了俩：黄瓜、冬瓜", [(E, "黄瓜", "night"), (E, "冬瓜", "night")]),
    ("昨夜，黄瓜，卒。", [(E, "黄瓜", "night")]),
    # negatives: giving is no death, a struck word that is not a name
    ("黄瓜把警徽交给了冬瓜", [(S, "冬瓜", "handed_over")]),
    ("请把票给黄瓜了", []),
]


@pytest.mark.parametrize(("text", "expected"), RETRACTIONS_AND_SLANG)
def test_retraction_and_slang_family(text: str, expected: list[tuple[object, ...]]) -> None:
    assert [shown(a) for a in P.find(text)] == expected


STORIES_AND_SAVES: list[tuple[str, list[tuple[object, ...]]]] = [
    # the night's actors with their verbs, in any script
    ("夜晚結算：醫生扎死 黄瓜。", [(E, "黄瓜", "night")]),
    ("殺手殺死 冬瓜；秘密警察狙擊 番茄。", [(E, "冬瓜", "night"), (E, "番茄", "night")]),
    # told as a story
    ("昨夜，芒果被人投了毒。", [(E, "芒果", "night")]),
    (
        "昨天夜里，女巫的毒药落在了杜鹃身上，狼人的刀落在了画眉身上。",
        [(E, "杜鹃", "night"), (E, "画眉", "night")],
    ),
    ("昨夜船上多了一具尸体：饺子。", [(E, "饺子", "night")]),
    ("投票里，油条得了八票——过半。油条被水手们送上了跳板。", [(E, "油条", "vote")]),
    ("黄瓜被投票逐出。", [(E, "黄瓜", "vote")]),
    # a correction saying the player was saved, will not die, plays on
    ("【更正】昨夜黄瓜被医生救活了，没有死亡。上一帖的死亡公告作废。", []),
    ("更正：冬瓜只挨了一针空针，不会死亡。", []),
    ("更正：番茄有请假记录，撤销淹死。番茄请继续游戏。", []),
    # negatives: a count of the living is no one alive
    ("结果：芒果 7 票（存活 10 人，过半），芒果被投死。", [(E, "芒果", "vote")]),
    ("狼人的刀没有落在苦瓜身上。", []),
]


@pytest.mark.parametrize(("text", "expected"), STORIES_AND_SAVES)
def test_story_and_save_family(text: str, expected: list[tuple[object, ...]]) -> None:
    assert [shown(a) for a in P.find(text)] == expected


# a death list's entry: a name and its cause alone on a line (a changelog's `- X (夜)`, a
# bullet `× X（狼刀）`, a settlement's `X（辩论投票最高票）`) — not a line that adds, a count
# or a role in the bracket
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("## v0.2 (D2)\n+ 警长：番茄\n- 冬瓜 (夜)", [("冬瓜", "night")]),
        ("- 芒果（杀手）\n- 苦瓜（狼刀）", [("芒果", "night"), ("苦瓜", "night")]),
        ("× 冬瓜（狼刀）", [("冬瓜", "night")]),
        ("### 环节二结算\n- 番茄(辩论投票最高票)", [("番茄", "vote")]),
        ("番茄（6 票）", []),  # a count
        ("+ 冬瓜（夜）", []),  # a line that adds
        ("存活：番茄（警长）", []),  # a role
    ],
)
def test_a_name_and_its_cause_alone_on_a_line_is_a_death(
    text: str, expected: list[tuple[str, str]]
) -> None:
    found = P.read(text)[0]
    assert sorted((a.player, a.cause) for a in found if a.type is E) == expected


# the piped in a passive's short forms, and a gloss after the Lv.3 label
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("另外 冬瓜 也让吹了。", ["冬瓜"]),
        ("番茄 被笛子吹了", ["番茄"]),
        ("如果 番茄 被吹了呢？", []),  # supposed
        ("番茄 被风吹倒了", []),  # the wind, not the flute
    ],
)
def test_the_piped_in_a_passives_short_forms(text: str, expected: list[str]) -> None:
    found = P.read(text)[0]
    assert [a.player for a in found if a.type is PI] == expected


# a death in the spoken language: the killer's passive with any verb, the object named after
# the killer's act, a vote-out's 出去 — not supposed, nearly (差点), nor asked
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("昨晚上 冬瓜 让狼给整了。", [("冬瓜", "night")]),
        ("番茄 叫狼叼走了", [("番茄", "night")]),
        ("芒果 给杀手做掉了", [("芒果", "night")]),
        ("苦瓜 让秘警一枪崩了。", [("苦瓜", "night")]),
        ("女巫那瓶药也用了，毒的是 黄瓜。", [("黄瓜", "night")]),
        ("昨天票出去的是 油条。", [("油条", "vote")]),
        ("如果 冬瓜 让狼给整了呢？", []),
        ("冬瓜 差点让狼给整了", []),
        ("我猜刀的是 番茄", []),
        ("把票投出去了没？", []),
    ],
)
def test_a_death_in_the_spoken_language(text: str, expected: list[tuple[str, str]]) -> None:
    found = P.read(text)[0]
    assert sorted((a.player, a.cause) for a in found if a.type is E) == expected


# the terse log (issue 34, session 37): a one-character label heading its clause (出 X,
# 警 X / 警：X, 警 → X, 猎：A→B, 淹：X, 笛：X), names spaced after a label (夜：X Y), a
# [list] item as a line; the badge reached through other verbs (警徽归 X, 落在了 X 手上,
# 顺位给到 X, 从 A 手里转到了 B) — elected when its votes are said, handed over when its
# holder went; a substitute's sports verbs (X 换上，替下 Y; X 暂代 Y; X 归队，Y 下场);
# an acceleration as a label or the close's bracket.  Beside each, its negative twin.
SHORTHAND: list[tuple[str, list[tuple[object, ...]]]] = [
    ("出 冬瓜（票）。警 → 番茄。", [(E, "冬瓜", "vote"), (S, "番茄", "handed_over")]),
    ("警 芒果（6票）。出 苦瓜（票）。", [(S, "芒果", "elected"), (E, "苦瓜", "vote")]),
    ("出 杜鹃。猎：杜鹃→画眉。", [(E, "杜鹃", "vote"), (E, "画眉", "hunter")]),
    ("第4天。夜：饺子 油条（毒）。", [(E, "饺子", "night"), (E, "油条", "night")]),
    ("夜：平安。淹：菜刀。", [(QUIET, "", None), (E, "菜刀", "sent_off")]),
    ("夜：无。笛：冬瓜 番茄。", [(QUIET, "", None), (PI, "冬瓜", None), (PI, "番茄", None)]),
    ("[list][*]昨夜：黄瓜[*]关帖：21:30[/list]", [(E, "黄瓜", "night")]),
    ("今晚照常关门。昨晚死人：芒果。", [(E, "芒果", "night")]),
    # twins: supposed, asked, a rule — the label is no clause's head there
    ("如果出 冬瓜，好人就输了。", []),
    ("谁出 冬瓜？", []),
    ("警徽归 芒果（首日最高票）。", [(S, "芒果", "elected")]),
    ("警徽（5票）落在了苦瓜手上。", [(S, "苦瓜", "elected")]),
    ("出局：杜鹃（警长）。警徽顺位给到 画眉。", [(E, "杜鹃", None), (S, "画眉", "handed_over")]),
    ("警徽从黄瓜手里转到了冬瓜。", [(S, "冬瓜", "handed_over")]),
    ("如果警徽归 芒果，就好了。", []),
    ("关门（加速）。出局：番茄。", [(FAST, "", None), (E, "番茄", None)]),
    ("加速：已通过，18:00 关。", [(FAST, "", None)]),
    ("加速：未通过。", []),
]


@pytest.mark.parametrize(("text", "expected"), SHORTHAND)
def test_shorthand_family(text: str, expected: list[tuple[object, ...]]) -> None:
    assert [shown(a) for a in P.find(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("换人：油条 换上，替下 冬瓜。", [("冬瓜", "油条")]),
        ("换人：油条 换下 番茄（番茄出差）。", [("番茄", "油条")]),
        ("油条顶号上位，接替 杜鹃。", [("杜鹃", "油条")]),
        ("油条 暂代 芒果（芒果今明两天有事）。", [("芒果", "油条")]),
        ("油条顶上了离开的画眉。", [("画眉", "油条")]),
        ("请假：苦瓜（两天），由 油条 代打。", [("苦瓜", "油条")]),
        ("苦瓜 归队，油条 下场。", [("油条", "苦瓜")]),
        # twins: supposed, negated
        ("如果 苦瓜 请假，油条 换上，替下 苦瓜。", []),
        ("油条 没有 替下 冬瓜。", []),
    ],
)
def test_substitute_sports_verbs(text: str, expected: list[tuple[str, str]]) -> None:
    assert [(a.player, a.value) for a in P.find(text) if a.type is SU] == expected


def test_a_bare_tomorrow_before_a_clock_is_read() -> None:
    # a terse 明 before a clock is 明天 (fold.py's terse register, session 37): read, not listed
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from auditor.game.when import find_points

    assert not P.read("第3天。明 2200 关。")[1]
    tz = ZoneInfo("Asia/Shanghai")
    (pt,) = find_points("第3天。明 2200 关。", datetime(2026, 12, 3, 10, tzinfo=tz), tz)
    assert (f"{pt.at:%m-%d %H:%M}", pt.role) == ("12-04 22:00", "closes")


# the tie's scapegoat (替罪羊 X 冤死: the vote's casualty), the office between 的是 and the
# name (出局的是警长 X), the hunter named before his shot (X 猎人开枪：Y), a bracket telling
# another player's death (Y（昨夜 X 遇害前留下的…）: not Y's), a threat's condition (再…就红牌),
# a consequence told after the death (X 冤死后禁票…: a rule, not the event), a post voided
# (本帖作废, ——撤回): nothing before it stands, and the post is listed.
TIES_AND_VOIDS: list[tuple[str, list[tuple[object, ...]]]] = [
    ("平票。替罪羊 冬瓜 冤死。", [(E, "冬瓜", "vote")]),
    ("昨晚平票，按规矩，替罪羊番茄被推出了门。", [(E, "番茄", "vote")]),
    ("如果平票，替罪羊 冬瓜 冤死。", []),
    ("昨天出局的是警长芒果。", [(E, "芒果", "vote")]),
    ("如果出局的是警长芒果，好人就难了。", []),
    ("苦瓜猎人开枪：杜鹃。", [(E, "杜鹃", "hunter")]),
    ("警徽：画眉 → 饺子（昨夜画眉遇害前留下的警徽流）。", [(S, "饺子", "handed_over")]),
    ("黄牌警告：油条，再私聊就红牌。", []),
    ("替罪羊 菜刀 冤死后禁票对象：黄瓜。", []),
    ("出局：冬瓜。\n——撤回，计票有误，稍后重新公布。", []),
    ("第三天结果：番茄出局。\n重新算票后番茄不过半，本帖作废。", []),
]


@pytest.mark.parametrize(("text", "expected"), TIES_AND_VOIDS)
def test_tie_and_void_family(text: str, expected: list[tuple[object, ...]]) -> None:
    assert [shown(a) for a in P.find(text)] == expected


def test_a_voided_post_is_listed() -> None:
    assert P.read("出局：冬瓜。\n——撤回，计票有误，稍后重新公布。")[1]


# the out a day owns (昨天（第二日）的出局是 X: its vote), still under the pipe's song (X 仍在
# 笛声中); what the reader reads but cannot settle is listed: a bracket telling another's
# death, a badge given with neither its votes nor a holder who went, a 环节 said short.
OWNED_AND_UNSURE: list[tuple[str, list[tuple[object, ...]]]] = [
    ("补充：昨天（第二日）的出局是番茄。", [(E, "番茄", "vote")]),
    ("第三日的出局是番茄。", [(E, "番茄", "vote")]),
    ("第三夜的出局是番茄。", [(E, "番茄", "night")]),
    ("吹笛：无新增；冬瓜 仍在笛声中。", [(PI, "冬瓜", None)]),
    ("冬瓜 不在笛声中。", []),
]


@pytest.mark.parametrize(("text", "expected"), OWNED_AND_UNSURE)
def test_owned_out_and_spell_family(text: str, expected: list[tuple[object, ...]]) -> None:
    assert [shown(a) for a in P.find(text)] == expected


@pytest.mark.parametrize(
    "text",
    [
        "警徽：画眉 → 饺子（昨夜画眉遇害前留下的警徽流）。",
        "第二日。警徽昨晚已交到芒果手里。",
        # (D5 环二 全天 is read now: 环二 is 环节二, its whole day the post's date, test_fold.py)
    ],
)
def test_what_is_read_but_not_settled_is_listed(text: str) -> None:
    from auditor.game.state import why_listed

    assert P.read(text)[1]
    assert why_listed(PLAYERS, text) is not None


def test_a_badge_whose_votes_or_holder_are_said_is_not_listed() -> None:
    assert P.read("警徽（5票）落在了苦瓜手上。")[1] == []
    assert P.read("出局：黄瓜（警长）。警徽顺位给到 冬瓜。")[1] == []


# the terse log with its days (D1 出 X；D2 夜 Y；D3 夜 平安), a count written as a share
# before the out word (X 9/16 出局), the director's own quoted words taken back (收回“…”的说法),
# the spell ended for all (所有被吹笛者恢复: no one newly piped), the spell inherited (继承其
# 吹笛状态).
LOGS_AND_TAKEBACKS: list[tuple[str, list[tuple[object, ...]]]] = [
    (
        "进度：D1 出 冬瓜；D2 夜 番茄；D2 出 芒果；D3 夜 平安。",
        [(E, "冬瓜", "vote"), (E, "番茄", "night"), (E, "芒果", "vote"), (QUIET, "", None)],
    ),
    ("结论：杜鹃 8/14 出局。", [(E, "杜鹃", "vote")]),
    ("收回刚才“今天加速”的说法，加速票没过半。", []),
    ("笛手 画眉 出局，所有被吹笛者恢复。", [(E, "画眉", None), (PI, "", None)]),
    ("油条顶上了离开的饺子，继承其吹笛状态。", [(PI, "油条", None), (SU, "饺子", None)]),
]


@pytest.mark.parametrize(("text", "expected"), LOGS_AND_TAKEBACKS)
def test_log_and_takeback_family(text: str, expected: list[tuple[object, ...]]) -> None:
    assert [shown(a) for a in P.find(text)] == expected


# a past day recalled by its acceleration (昨天下午加速那轮投出的是 X), a death told as being
# taken by someone (X 在夜里被人带走), the dead in a piped list (吹笛：X、Y（已出局）: Y no
# longer piped).
RECALLS: list[tuple[str, list[tuple[object, ...]]]] = [
    ("昨天下午加速那轮投出的是冬瓜。", [(E, "冬瓜", "vote"), (FAST, "", None)]),
    ("昨天加速申请那轮没过半。", []),
    ("警长芒果在夜里被人带走。", [(E, "芒果", "night")]),
    ("吹笛（累计）：黄瓜、番茄（已出局）。", [(PI, "黄瓜", None)]),
    # the badge's election said after the name (警徽：竞选帖最高票的是 X，当选)
    ("警徽：竞选帖最先达到最高票的是 苦瓜，当选。", [(S, "苦瓜", "elected")]),
    ("警徽：竞选帖里谁会当选？", []),
    # 在场外 is where a rule was broken, not 在场 (still in the game)
    ("红牌！杜鹃 在场外群里公布夜间行动，直接罚下。", [(E, "杜鹃", "sent_off")]),
    ("杜鹃 仍在场，没有罚下。", []),
]


@pytest.mark.parametrize(("text", "expected"), RECALLS)
def test_recall_family(text: str, expected: list[tuple[object, ...]]) -> None:
    assert [shown(a) for a in P.find(text)] == expected


# Round 2 kinds (discovery_blind3): a count's row after the out word is no object (X 6 票出局，
# Y 3 票: Y is a tally's row); a badge that lands on a name (警徽落在 X 处) with the vote said
# and no holder gone is an election; a story's classical death (X 随风逝, 溘然长逝, 陨落; 昨宵
# is last night); an escort off the stage (被押送下船, 被请出局) is the day's vote-out.
ROUND2: list[tuple[str, list[tuple[object, ...]]]] = [
    ("结果：冬瓜 7 票出局，番茄 2 票。", [(E, "冬瓜", "vote")]),
    ("冬瓜出局，番茄 2 票。", [(E, "冬瓜", "vote")]),
    ("昨晚出局，番茄。", [(E, "番茄", "night")]),
    ("投票已定，警徽落在苦瓜手中。", [(S, "苦瓜", "elected")]),
    ("芒果出局，警徽落在苦瓜手中。", [(E, "芒果", None), (S, "苦瓜", "handed_over")]),
    ("昨宵画眉随风逝。", [(E, "画眉", "night")]),
    ("冬瓜 溘然长逝。", [(E, "冬瓜", None)]),
    ("岁月流逝，冬瓜依旧。", []),
    ("如果画眉随风逝，明日再议。", []),
    ("油条 被押送下船。", [(E, "油条", "vote")]),
    ("油条 没有被押送下船。", []),
    ("油条被请出局了吗？", []),
    # a terse log whose spaces part its statements (X出 游戏结束; 夜 无), not a word cut by
    # a space (X出 局); the night's gun named before the shot (狙击手…，X 中弹身亡)
    ("油条出 今日无事", [(E, "油条", None)]),
    ("油条出 局", []),
    ("夜 无", [(QUIET, "", None)]),
    ("夜 无聊", []),
    ("昨夜狙击手开了一枪，画眉中弹身亡。", [(E, "画眉", "night")]),
    ("猎人最后一枪，画眉中弹身亡。", [(E, "画眉", "hunter")]),
]


@pytest.mark.parametrize(("text", "expected"), ROUND2)
def test_round2_family(text: str, expected: list[tuple[object, ...]]) -> None:
    assert [shown(a) for a in P.find(text)] == expected


def test_the_badge_s_holder_told_with_a_name_not_on_the_list_is_listed() -> None:
    """警长是 X with X no player (a typo: 黄花 for 黄瓜) is listed, even when only a day was
    read from the post; a question of the office is not."""
    assert P.read("第二日开了，晚上十点关。警长是黄花。")[1]
    assert not P.read("警长是谁？")[1]
    assert [shown(a) for a in P.find("警长是黄瓜。")] == [(S, "黄瓜", "elected")]
