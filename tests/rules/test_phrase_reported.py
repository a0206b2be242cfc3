"""Another player's words, reported, are not the reporter's phrase (DESIGN §8: quoted text is
never charged to the quoter); the poster's own words in quotes stay his (issue 35, round 4).
Written from DESIGN §8 and the seeds (M107 3(1) 发誓, 030 违规判定 2(3) 称呼), not from a set."""

from __future__ import annotations

import pytest

from auditor.rules.matcher import default_matcher


def _cats(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize(
    "text",
    [
        "3楼有人写了“我拿人格担保”，麻烦请导演处理一下",  # author and report around the quote
        "楼上那句『你妈死了』我截图了，等导演定夺",  # 那句 + 截图
        "“你这个傻逼”这句是老李说的，不是我",  # author named after the quote
        "他原话是「我发誓我是预言家」，大家自己判断",  # 原话是
        "小明昨晚那句发誓已经领了黄牌，翻篇吧",  # the act pointed at, already penalised
        "老张用人格担保的那条导演会处理的，咱们继续",  # 担保 pointed at, handed to the director
    ],
)
def test_reported_words_are_not_the_reporters(text: str) -> None:
    assert _cats(text) == set()


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("我就说一句「你是傻逼」，爱咋咋地", "IQ"),  # his own, introduced as his
        ("我送你一句“你个傻逼”", "IQ"),
        ("有本事举报我啊，「你个傻逼」", "IQ"),  # a report word, but no one else's words
        ("老王说了“你个傻逼”，我也要说：你个傻逼", "IQ"),  # the unquoted copy is his
        ("我那句发誓是认真的，导演处理我也认", "OATH"),  # his own act, pointed at
        ("你个傻逼，我已经私信导演了", "IQ"),  # no quotation at all
    ],
)
def test_the_posters_own_words_stay(text: str, category: str) -> None:
    assert category in _cats(text)


@pytest.mark.parametrize(
    "text",
    [
        "规则不允许把对跳当成发誓来判，别紧张",  # 不允许把…: the ban paraphrased
        "MVP的事规则不许在场上提，等赛后吧",  # the topic, then the rule that bars it
        "要拆马甲的话请发到赛后复盘帖，规则说场上不能讲",  # sent where the rules allow it
        "第一次玩的可以申请场外助理，规则里有写",  # a permission the rules give
        "这条我没看懂，晚点私聊导演问问",  # asking the director, no dialogue published
        "大家都不说脏话，这局氛围挺好",  # 脏话 named, not said
    ],
)
def test_rule_talk_in_a_players_words_is_no_phrase(text: str) -> None:
    assert _cats(text) == set()


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("他就是我马甲，讨论帖不许提又怎样", "SOCKPUPPET"),  # a ban named, the act still done
        ("我发誓我是好人，规则不让我也要说", "OATH"),
        ("我可以找场外助理吗", "ASSISTANT"),  # no rule in the sentence
        ("我私聊导演了，他说可以", "DIRECTOR"),  # the dialogue published
        ("我能说脏话吗", "EMOTION"),  # 030 2(1) example
    ],
)
def test_the_acts_beside_rule_talk_stay(text: str, category: str) -> None:
    assert category in _cats(text)


@pytest.mark.parametrize(
    "text",
    [
        "昨晚熬夜看总决赛，MVP实至名归",  # a sport's award
        "考试涂卡记得带2B铅笔",  # a pencil's hardness
        "老板的助理刚给我打电话，晚点再来看票",  # an assistant at work
        "新同事名叫尼玛，藏语里是太阳的意思",  # a given name
    ],
)
def test_everyday_senses_are_no_phrase(text: str) -> None:
    assert _cats(text) == set()


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("这局MVP必须给我，不给就是导演偏心", "AWARD"),  # the game's award
        ("你个2b，拿铅笔去画票型吧", "IQ"),  # the pencil in another clause
        ("你是不是找了助理帮你盘逻辑", "ASSISTANT"),  # no work in the sentence
        ("尼玛的又平票了", "KIN"),
    ],
)
def test_the_games_senses_stay(text: str, category: str) -> None:
    assert category in _cats(text)


@pytest.mark.parametrize(
    "text",
    [
        "顶顶顶顶",  # a bump run (030 6(5) 无意义水帖; 八荣八耻 灌水刷帖)
        "upupupup",
        "丁页丁页丁页",  # split 顶: joined, the run kept
        "顶顶顶，别沉了",  # a run, then words
        "灌一帖，还差三帖",  # the act, with the quota it fills
        "水个帖，大家无视就好",  # the act, with the reader told to ignore it
        "我先刷个屏，不用管我",  # the act named by the flooder
    ],
)
def test_floods_described_or_written_out(text: str) -> None:
    assert "DROWN" in _cats(text)


@pytest.mark.parametrize(
    "text",
    ["顶", "顶顶", "顶，同意楼上", "顶级分析，我跟", "这帖我顶你", "大家别刷屏", "他在刷屏"],
)
def test_a_single_bump_or_a_word_with_its_characters_is_no_flood(text: str) -> None:
    assert "DROWN" not in _cats(text)


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("你知道个锤子，别乱带票", "BODY"),  # Sichuan 锤子 (判罚范围 方言)
        ("这个瓜娃儿又投错了", "IQ"),  # Sichuan 瓜娃儿: a fool
        ("草了，又是平票", "VULGAR"),  # a one-character exclamation closed by 了
        ("这票型简直操了", "VULGAR"),  # after a lead-in
    ],
)
def test_dialect_insults_and_one_character_exclamations(text: str, category: str) -> None:
    assert category in _cats(text)


@pytest.mark.parametrize(
    "text",
    [
        "家里买了把锤子",
        "锤子剪刀布定顺序吧",
        "周末去割草了",
        "羊在吃草了",
        "他靠了过来",
        "西瓜娃娃很可爱",
    ],
)
def test_their_ordinary_neighbours_are_not(text: str) -> None:
    assert _cats(text) == set()


@pytest.mark.parametrize(
    ("text", "category"),
    [("你这个小丑，跳完预言家又跳女巫", "CHARACTER"), ("死肥猪别再投我了", "CHARACTER")],
)
def test_mocking_names(text: str, category: str) -> None:
    assert category in _cats(text)


@pytest.mark.parametrize("text", ["这个板子有小丑身份", "热死胖子了，空调坏了", "小丑牌今天没人拿"])
def test_the_jester_role_and_a_heat_complaint_are_not(text: str) -> None:
    assert "CHARACTER" not in _cats(text)
