"""A director's report read by its structure, not its verb (issue 34, discovery round of
session 40): a report header (the night just passed, the day's ballot) fixes the kind, a
roster name the player, and the verb between is whatever the director's world says for
leaving (a shop's 下架, a school's 退学, a ship's 上岸).  A count at the top of the tally with
a verb after it is the vote's; the office glossed once in the director's words (队长（警长）)
is the office throughout the post; a holder who hands a token on hands the badge.

Every case is written for these tests (not a set's sentence), each kind beside its negative
twins: a near miss (差点, 险些), a question, someone else's claim, a player still in the game,
a tie, a lower count, another kind's word (a guard's target, the piping, a substitute).

Each case: (text, [(kind, player, how)]) — how the cause for an elimination, elected /
handed_over for a sheriff, None else.
"""

from __future__ import annotations

import pytest

from auditor.game.announce import Patterns
from auditor.game.gamefile import EventType
from tests.announced import FAST, ID, OVER, PI, SU, E, S, shown

PLAYERS = ["黄瓜", "冬瓜", "番茄", "芒果", "苦瓜", "杜鹃", "画眉", "饺子", "菜刀", "油条"]
P = Patterns(PLAYERS)
# the theme's words for leaving, as a game file declares them (round 3: a verb neither
# declared nor glossed in the post is listed, never read as a death)
LEAVING = ("下架", "退学", "下车", "上岸", "叼", "劝返", "不再同行", "下船")
THEME = Patterns(PLAYERS, leaving_words=LEAVING)

CASES: list[tuple[str, list[tuple[object, ...]]]] = [
    # a night header's label, any verb (and a count and its noun) before the colon
    ("昨夜下架：黄瓜。", [(E, "黄瓜", "night")]),
    (
        "昨晚退学三位同学：冬瓜、番茄、芒果",
        [(E, "冬瓜", "night"), (E, "番茄", "night"), (E, "芒果", "night")],
    ),
    # ... not a label of another kind (a guard's target, the piping)
    ("昨夜守护：黄瓜。", []),
    ("昨夜被吹笛：冬瓜。", [(PI, "冬瓜", None)]),
    # the ballot's label: its own day
    ("昨日投票下架：苦瓜。", [(E, "苦瓜", "vote")]),
    ("投票对象：苦瓜、杜鹃。", []),
    # a header, the name, then the director's own verb to the clause's end
    ("昨晚 画眉 上岸了。", [(E, "画眉", "night")]),
    ("昨晚冬瓜被狼叼进了树林。", [(E, "冬瓜", "night")]),
    ("昨夜：乘客 饺子 提前下车。", [(E, "饺子", "night")]),
    ("昨晚 油条 和 菜刀 两位同学退学了。", [(E, "油条", "night"), (E, "菜刀", "night")]),
    # ... undone: a near miss, still here, a guard's save, a question, the rest of the sentence
    ("昨晚 画眉 差点上岸。", []),
    ("昨晚 画眉 还在船上。", []),
    ("昨晚 画眉 被守住了。", []),
    ("昨晚 画眉 上岸了吗？", []),
    ("昨日投票：画眉 被票最多，是白痴，翻牌后留在场上。", [(ID, "画眉", None)]),
    # the director's gloss after the clause
    ("昨晚 黄瓜 没有回宿舍（出局）。", [(E, "黄瓜", "night")]),
    ("昨晚 黄瓜 差点没回宿舍（出局）。", []),
    # the verb before 的是 under a report's header
    ("昨日投票，请离场的是 冬瓜。", [(E, "冬瓜", "vote")]),
    ("昨日公示的是 冬瓜。", []),
    ("昨晚下车的是 冬瓜 的邻座。", []),
    # a count at the top of the tally, then the director's own verb
    ("冬瓜 7 票，劝返。", [(E, "冬瓜", "vote")]),
    # ... not the rank (最高票), nor the badge's count (当选)
    ("冬瓜 3 票，最高票。", []),
    ("冬瓜 7 票，晋级。\n冬瓜当选警长。", [(S, "冬瓜", "elected")]),
    ("番茄 得票最多（6 票），明天起不再同行。", [(E, "番茄", "vote")]),
    ("冬瓜 5 票，番茄 5 票，平票。", []),
    ("冬瓜 7 票，下架。\n番茄 2 票，小幅波动。", [(E, "冬瓜", "vote")]),
    ("番茄 8 票，存活 16 人，恰好一半，不算过半。", []),
    # a near miss undoes the death its sentence tells
    ("差一点，刀落在 芒果 身上。", []),
    # a player said to be still in the game, whatever the first clause said
    ("昨夜：苦瓜 被刀，但他是村长，第一次被刀不会出局。", []),
    ("有人说 苦瓜 昨晚被杀——没有的事，苦瓜 在线。", []),
    # the office in the director's words, glossed once
    ("昨天选出的队长（警长）是 杜鹃。", [(S, "杜鹃", "elected")]),
    ("警徽：画眉（首日）。", [(S, "画眉", "elected")]),
    ("芒果（警长）出局。", [(E, "芒果", None)]),
    # a holder who hands a token on hands the badge — only when the word was glossed as
    # the office, or the token is the badge (round 3)
    (
        "队长（警长）是饺子。昨夜 饺子 下船，她是队长，小旗交给了 油条。",
        [(S, "饺子", "elected"), (E, "饺子", "night"), (S, "油条", "handed_over")],
    ),
    ("昨夜 饺子 下船，她是队长，小旗交给了 油条。", [(E, "饺子", "night")]),
    ("饺子 是领队，她把警徽交给了 油条。", [(S, "油条", "handed_over")]),
    ("饺子 是守卫，他把药交给了 油条。", []),
    ("饺子 是新郎，戒指交给了 油条。", []),
    ("饺子 是替补，把账号交给了 油条。", []),
    # a hunter's shot inside the bracket of one who left: the target is the hunter's
    (
        "昨夜下架两件：黄瓜（已售）、冬瓜（已售，猎人，开了一枪，带走 番茄）。",
        [(E, "黄瓜", "night"), (E, "冬瓜", "night"), (E, "番茄", "hunter")],
    ),
    # symbols and a theme's unit for the day
    ("🏆 狼人阵营", [(OVER, "", None)]),
    ("⏩ 加速 6/9 ✅", [(FAST, "", None)]),
    ("上一局是加速局。", [(FAST, "", None)]),
    ("加速局规则：需过半数申请。", []),
    # a substitute by structure: one away, a second name taking the place in any words
    ("黄瓜 同学请假了，今天起由 冬瓜 同学代替他来上课。", [(SU, "黄瓜", None)]),
    ("菜刀 请了假，油条 暂时顶他。", [(SU, "菜刀", None)]),
    ("杜鹃 转学了，插班生 小白 坐她的位子。", [(SU, "杜鹃", None)]),
    ("[账号迁移] 番茄 → 小黑（正式替补）", [(SU, "番茄", None)]),
    ("番茄 销假归队，小黑 下场。", [(SU, "小黑", None)]),
    # ... not asked for, refused, planned, doubted; nor a leave that ended, an own account
    ("黄瓜 请假了，冬瓜 想代替他。", []),
    ("菜刀 请假，油条 不会顶他。", []),
    ("杜鹃 请假，小白 打算坐她的位子。", []),
    ("菜刀 请假，油条 顶他的位置吗？", []),
    ("[换号] 番茄 → 番茄二号（小号，非替补）", []),
    # a role right before a name is the player's, not the how; a count says the ballot
    ("最后一个杀手 番茄 9 票出局。", [(E, "番茄", "vote")]),
    ("昨夜杀手 番茄 出局。", [(E, "番茄", "night")]),
    # a death after the hunter's shot in its sentence is the shot's; not after no shot
    ("芒果是猎人，开枪，苦瓜倒下了。", [(E, "苦瓜", "hunter")]),
    ("芒果是猎人，没开枪。昨晚苦瓜倒下了。", [(E, "苦瓜", "night")]),
    # every name under a header: a second name sharing the exit (也是) is the same exit ...
    ("昨夜 黄瓜 下车了，冬瓜 也是。", [(E, "黄瓜", "night"), (E, "冬瓜", "night")]),
    # ... not who a player is (是狼), nor a supposition
    ("昨夜 黄瓜 是狼，冬瓜 也是。", []),
    ("要是 黄瓜 下车，冬瓜 也一样。", []),
]


@pytest.mark.parametrize(
    "text",
    [
        # a near miss or a save in the name's own clause
        "昨夜 黄瓜 差点下车——保安拦住了！所以昨夜无人下车。",
        # a tie said in words, the names joined
        "昨天投票，冬瓜 和 番茄 一样多票，没有人下车。",
        # a hunter who does not shoot, told after his exit
        "芒果 7 票，出局。\n芒果 乃猎人，收枪不发。",
    ],
)
def test_an_undone_name_is_not_listed(text: str) -> None:
    assert P.read(text)[1] == []


@pytest.mark.parametrize(
    ("text", "dead"),
    [
        # a name whose own bracket keeps them in the game: no death, and the post is listed
        ("昨夜下车：黄瓜、冬瓜（保留）。", ["黄瓜"]),
        ("昨夜出局：番茄、芒果（被救回）。", ["番茄"]),
        # a predicate that would, not did: no death, listed
        ("昨夜 黄瓜 想下车。", []),
    ],
)
def test_a_name_under_a_header_is_read_or_listed(text: str, dead: list[str]) -> None:
    found, listed = THEME.read(text)
    assert [a.player for a in found if a.type is E] == dead
    assert listed


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_structure(text: str, expected: list[tuple[object, ...]]) -> None:
    assert sorted(map(str, (shown(a) for a in THEME.find(text)))) == sorted(map(str, expected))


def test_the_round_before_is_yesterday() -> None:
    found = P.find("上一局（加速局）结果：黄瓜出局。")
    assert [(a.type, a.offset) for a in found if a.type is FAST] == [(FAST, -1)]
    # any fact of the round before in the theme's unit (上期, 上一场); 上场 is no round
    found = P.find("上期投票：画眉 得票最高，翻牌白痴，留在场上。")
    assert [(a.type, a.offset) for a in found] == [(ID, -1)]
    found = P.find("替补 小白 上场，替换 画眉。")
    assert [(a.type, a.offset) for a in found] == [(EventType.SUBSTITUTE, 0)]


@pytest.mark.parametrize(
    "text",
    [
        # a close told for yesterday in a post about today: which day it is, is listed
        "第七天！昨天加速，晚上七点就结束啦。",
        # the opening moved, read as a delay of the close
        "第三日开门推迟至 10:30。",
        # two clocks joined as a range no range was read from
        "Day 2 open，09:00 to 21:00。",
        # a delay by an amount, its new close not read as one
        "环节二关帖延后两小时，到 12月18日 02:00。",
    ],
)
def test_a_time_not_read_as_said_is_listed(text: str) -> None:
    assert P.read(text)[1]


@pytest.mark.parametrize(
    "text",
    [
        "第七天。昨天加速，今天恢复正常，21:30 关门。",
        "第六日。加速票没过半，照常21:00关。",
    ],
)
def test_today_s_close_is_not_listed(text: str) -> None:
    assert P.read(text)[1] == []


# Round 3 (review): a verb after a report's header that is not the grammar's own word for
# leaving, nor glossed in the post, nor declared by the game file, is no death — the post
# is listed (a question to the director), never passed in silence.
@pytest.mark.parametrize(
    "text",
    [
        "昨夜保护：番茄",
        "昨夜上线：番茄",
        "昨晚番茄睡得很香。",
        "昨晚番茄玩得很开心。",
        "昨晚番茄跳了预言家。",
        "昨日投票：番茄领先",
        "昨天表现最好的是番茄。",
        "昨天跳预言家的是番茄。",
        "番茄得票最多（5 票），恭喜。",
        "今日之星 🏆 番茄",
        "番茄（猎人，放弃开枪，没带走土豆）",
        "番茄是守卫，他把药交给了土豆",
        "番茄是新郎，戒指交给了土豆",
    ],
)
def test_a_verb_not_of_leaving_is_listed_not_a_death(text: str) -> None:
    found, listed = Patterns(["番茄", "土豆"]).read(text)
    assert [a for a in found if a.type in (E, S, OVER)] == []
    assert listed


@pytest.mark.parametrize(
    "text",
    ["番茄 5 票，进入决赛。", "第二轮：番茄 4 票，上台PK", "🏆MVP：番茄"],
)
def test_a_count_or_a_prize_is_no_death(text: str) -> None:
    found, _ = Patterns(["番茄", "土豆"]).read(text)
    assert [a for a in found if a.type in (E, S, OVER)] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the twins: the verb glossed in the post, or declared by the game file
        ("昨夜离场（出局）：番茄", [(E, "番茄", "night")]),
        ("昨晚番茄离场（出局）了。", [(E, "番茄", "night")]),
        ("番茄 5 票，离场（出局）。", [(E, "番茄", "vote")]),
        ("昨夜出局：番茄", [(E, "番茄", "night")]),
        ("昨夜出局：番茄（猎人，开枪带走土豆）", [(E, "番茄", "night"), (E, "土豆", "hunter")]),
        ("昨夜出局：番茄（猎人，放弃开枪，没带走土豆）", [(E, "番茄", "night")]),
        ("🏆 狼人阵营胜利", [(OVER, "", None)]),
        ("番茄是警长，他把警徽交给了土豆", [(S, "土豆", "handed_over")]),
    ],
)
def test_a_leaving_word_glossed_or_said_still_reads(
    text: str, expected: list[tuple[object, ...]]
) -> None:
    found = Patterns(["番茄", "土豆"]).find(text)
    assert sorted(map(str, (shown(a) for a in found))) == sorted(map(str, expected))


def test_a_declared_leaving_word_reads() -> None:
    p = Patterns(["番茄", "土豆"], leaving_words=("上岸",))
    assert [shown(a) for a in p.find("昨晚番茄上岸了。")] == [(E, "番茄", "night")]
    # undeclared, the night report's slot reads its open class (session 48): told done (上岸了)
    # and none of the closed class of states, it is the night's death
    assert [shown(a) for a in Patterns(["番茄", "土豆"]).find("昨晚番茄上岸了。")] == [
        (E, "番茄", "night")
    ]
    assert [a for a in Patterns(["番茄", "土豆"]).find("昨晚番茄睡着了。") if a.type is E] == []


def test_a_glossed_office_is_not_replaced_inside_a_name() -> None:
    p = Patterns(["红花姐", "番茄", "班长大人"])
    found = p.find("小红花（警徽）交给了番茄。昨夜出局：红花姐。")
    assert sorted(map(str, map(shown, found))) == sorted(
        map(str, [(S, "番茄", "handed_over"), (E, "红花姐", "night")])
    )
    found = p.find("班长（警长）：番茄。昨夜出局：班长大人。")
    assert sorted(map(str, map(shown, found))) == sorted(
        map(str, [(S, "番茄", "elected"), (E, "班长大人", "night")])
    )


def test_the_round_before_is_not_a_killbar_round() -> None:
    found = Patterns(["番茄"]).find("上一轮（加速轮）结果：番茄出局。")
    assert [a.offset for a in found if a.type is FAST] == [0]


# Session 42: a verb that says leaving by its own make (a removal compound: an action with a
# complement of going away, a head of leaving, a lost standing) under a report's header — the
# night's, the ballot's, or a day's own label (昨天, 第N日, its 环节), whose result is the vote.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("昨夜抬走：黄瓜、冬瓜。", [(E, "黄瓜", "night"), (E, "冬瓜", "night")]),
        ("昨日投票刷掉：苦瓜。", [(E, "苦瓜", "vote")]),
        ("昨天除名：番茄。", [(E, "番茄", "vote")]),
        ("第3日踢出：杜鹃。", [(E, "杜鹃", "vote")]),
        ("昨晚退群：画眉。", [(E, "画眉", "night")]),
        ("昨天晚上退群：画眉。", [(E, "画眉", "night")]),
        ("昨日表决：饺子 取消参赛资格。", [(E, "饺子", "vote")]),
        # the twins: a complement of arriving, a head that is no leaving, a right lost while
        # staying, another kind's label, a substitute's words, a question, a supposition, a
        # rule, a claim taken back, someone's quoted words
        ("昨天过去：番茄。", []),
        ("昨天退回：番茄。", []),
        ("昨天退票：油条。", []),
        ("昨夜离线：油条。", []),
        ("昨日表决：饺子 失去投票资格。", []),
        ("昨日提名：番茄、黄瓜。", []),
        ("昨天 油条 退出了，菜刀 接替。", [(SU, "油条", None)]),
        ("昨夜抬走：黄瓜？", []),
        ("如果昨天除名：番茄，狼就赢了。", []),
        ("规则：投票最高者除名。", []),
        ("昨天除名：番茄——这是谣言，番茄 还在。", []),
        ("昨天 番茄 说：“昨夜抬走：黄瓜。”", []),
    ],
)
def test_a_removal_compound_under_a_header_is_leaving(
    text: str, expected: list[tuple[object, ...]]
) -> None:
    assert sorted(map(str, (shown(a) for a in P.find(text)))) == sorted(map(str, expected))


# Session 42: the office in the director's words without a gloss — the holder's own role
# passed on by its name (the one office a player hands on is the badge), and a label over one
# player chosen by the first day's vote (the seeds elect the sheriff on day 1).
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("饺子 是领班的，她把领班的位置交给了 油条。", [(S, "油条", "handed_over")]),
        ("菜刀 是掌柜，掌柜传给 画眉。", [(S, "画眉", "handed_over")]),
        ("船长：杜鹃（首日表决）。", [(S, "杜鹃", "elected")]),
        ("班旗：首日选出的 芒果。", [(S, "芒果", "elected")]),
        # the twins: a game role or a thing that is not the role, a supposition, a question,
        # a label whose bracket says an exit, a label of another kind
        ("菜刀 是猎人，猎人传给 画眉。", []),
        ("菜刀 是守卫，把药交给了 画眉。", []),
        ("如果 菜刀 是掌柜，掌柜传给 画眉？", []),
        ("船长：杜鹃（首日表决出局）。", [(E, "杜鹃", None)]),
        ("发言之星：杜鹃（首日表决）。", []),
    ],
)
def test_an_office_in_the_director_s_words_without_a_gloss(
    text: str, expected: list[tuple[object, ...]]
) -> None:
    assert sorted(map(str, (shown(a) for a in P.find(text)))) == sorted(map(str, expected))
