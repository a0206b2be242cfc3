"""Game talk that names a rule, or an everyday word beside a lexicon word, is no phrase
(issue 35, step 5); the violations next to them still are.  Written from the seeds' own
rules (版杀7 淹死, 替补; M107 八荣八耻; 030 违规判定 1(2) 评奖 and 3(1) 与导演的对话), not
from a test set."""

from __future__ import annotations

import pytest

from auditor.rules.matcher import default_matcher
from tests import paths

CLEAN = [
    "按规则替补只能换一次，所以大家都准时来",  # 替补 as the rules use it
    "发誓和诅咒在八荣八耻里都是耻，别犯",  # the acts named as rules
    "MVP是赛后的事，规则说场上不讨论",  # an award named, the rule forbidding its talk
    "淹死也是出局，潜水比吃黄牌还亏",  # 淹死, 版杀7's rule
    "天冷了记得穿个马甲再出门",  # 马甲, the clothing
    "草稿我打好了，晚点贴出来",  # 打好 sounds like 大号, a word of its own
    "我请假两天，已经跟导演报备过了，按规则安排替补",  # 报备: procedure, no dialogue
    "这个票型比吃黄牌还难受",  # 比吃 sounds like 碧池
    # round 6 (issue 35): the story's words, rule talk that declines a topic, another's words
    # reported, everyday abbreviations, mild words
    "故事里老管家发誓要替小姐报仇，这条线索指向谁？",  # a character's oath
    "剧情里的船长被活活气死了，导演写得真狠",  # a character's death
    "背景里说上届村长是被赶走的，所以才换了新人",  # 上届 inside the story
    "🍄 剧情里那片蘑菇林我觉得是关键地点",  # an emoji illustrating the story
    "规则贴写了马甲的处理办法，那是导演的事，我们不聊",  # the rules post names a topic
    "MVP是游戏结束以后的事，先找狼",  # an award put off
    "想聊过去场次的去闲聊帖聊，这里只说今天",  # sent where the rules allow it
    "规则里有例子，大家少说背不背锅这种话",  # the words named as a kind of talk
    "7号昨天用“不信等揭秘”来担保，请导演留意",  # another's words, reported
    "NB：今晚十点前投票，过时不候",  # nota bene
    "the rules say if sb. leaves early, a substitute takes the seat",  # somebody
    "昨晚陪爸妈打mj到很晚，分析晚点补",  # 麻将
    "剧情里那家店的wc在二楼，凶器就藏在wc门口",  # the toilet
    "这个票型真的服了，怎么投成这样",  # mild
    "上一帖我打错了号码，我的锅，更正一下：是6号",  # one's own typo
    "这段设定挺应景的，正好赶上冬至",  # 应景, an everyday word
    # round 8 (issue 35): the word asked about or disowned, rules that name it, a report
    "场外助理这个说法我没听过，是啥？",  # the word asked about
    "“马甲”这个词是啥意思？",  # quoted, asked about
    "我从来不说任何发誓的话，有事讲逻辑",  # disowned as words
    "提到马甲会被罚，新人注意",  # a rule reminder: 提到 X 会被罚
    "替补和马甲都会吃牌，别提",  # a list, then the penalty
    "规则说了，贴脸不能作为依据，我只看票型",  # 贴脸 refused as grounds
    "12号那帖里有「傻逼」两个字，举报",  # another's words, reported
    "请问导演，我能申请替补吗？",  # a question to the director, nothing relayed
    "怎么办，咋整，狼又刀空了",  # 咋整 is no 杂种
    "输了我背单词去，明天再来",  # 背单词
    "看完4号的发言，行，我改票",  # 的，行 across a comma is no 德行
    "路过看了一眼，4号发言有问题",  # 路过 with something said
    "围观",  # a reader's reaction, like a single 顶
    "路过",
    "昨晚吃了🥘，今天继续分析",  # 🥘 read 锅, nothing carried
    "🔝 这条置顶请大家先看",  # a single 顶 is no flood
    "祝3号早日康复，病好了再来",  # a good wish
    "中指受伤了，打字慢",  # 中指, the finger
    "我最近蜗居在家，发言少",  # 蜗 → 锅 spells no blame
    "储蓄罐里有钱，我先说逻辑",  # 储蓄
    "小马田园风格的头像挺好看",  # 田 is no look-alike of 甲
    "我脑瓜子疼，今天少说点",  # 脑瓜子 staked on nothing
    "我出街买菜，晚点来",  # 出街 without the car
    "我懒得叫他了，随便吧",  # 懒得叫 is no 懒叫
    "咱们一起玩的时候要守规矩",  # this game, no past one
    "导演的解释和规则帖不矛盾，我服",  # no contradiction claimed
    "导演已经把判罚撤了，大家继续",  # reported, not demanded
    "谁能接一下我这个话题，我说不清",  # a topic, no account
]


@pytest.mark.parametrize("text", CLEAN)
def test_game_talk_is_no_phrase(text: str) -> None:
    assert default_matcher().find(text) == []


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("我淹死算了，别投我", "DROWN"),  # 030 7(4)
        ("我刚刚问过导演了，规则是这样结算的", "DIRECTOR"),  # 030 3(1) example
        ("我发誓我是好人", "OATH"),  # M107 3(1)
        ("他就是我马甲，怎么了", "SOCKPUPPET"),  # M107 4(1)
        ("我马甲在树洞里说过了", "SOCKPUPPET"),  # M107 4(1): his own, not sent there
        ("我用“不信等揭秘”来担保", "GUARANTEE"),  # 030 1(3): the poster's own stake
        ("剧情里有人被车撞了，你出门也被车撞吧", "CURSE"),  # M107 3(2): turned on a player
        ("你是sb吧", "IQ"),  # M107 2(1)
        ("wc，又是平安夜", "VULGAR"),  # 030 2(2)
        ("我的锅，昨天投错了票害死了好人", "BLAME"),  # 030 1(1)
        ("翻车了我来背，你们放心投", "BLAME"),  # 030 1(1), no 锅
        ("今天的票是他带偏的，大家看清楚", "BLAME"),  # 030 1(1): whose fault
        ("签到，路过。", "DROWN"),  # 030 6(5): a whole post of filler
        ("板凳", "DROWN"),  # 030 6(5)
        ("我要是骗人，马上遭雷劈", "OATH"),  # M107 3(1): harm sworn on oneself
        ("你是不是少根筋，药都交了", "IQ"),  # M107 2(1)
        ("傻，逼4号", "IQ"),  # a split cloak still counts
        ("这口🥘我不背", "BLAME"),  # 🥘 (CLDR 浅底锅) read 锅
        ("顶🔝🔝", "DROWN"),  # 🔝 (CLDR 置顶) read 顶
        ("祝7号早日🪦", "CURSE"),  # 🪦 read 死, wished on a player
        ("冲你竖个🖕", "VULGAR"),  # 🖕 read 中指
        ("这波🐮🅱️", "BODY"),  # 🅱️ read b
        ("12号就是个二贷", "IQ"),  # 贷 → 货
        ("你这蓄牲", "ANIMAL"),  # 蓄 → 畜
        ("拿我脑壳给你打包票，5号铁好人", "GUARANTEE"),  # dialect 脑壳 staked
        ("顶摆你当狼的时候就这样", "PASTGAME"),  # Hokkien 顶摆 = last time
        ("仆街啦你，又骗我", "CURSE"),  # Cantonese
        ("气得我肝儿颤", "EMOTION"),  # Northeastern
        ("那个小赤佬又骗人", "CHARACTER"),  # Shanghainese
        ("懒叫咧，又悍跳", "BODY"),  # Hokkien
        ("上次我俩一起打那局你也是这么悍跳的", "PASTGAME"),  # M107 4(2)
        ("导演你这规则解释前后矛盾", "DIRECTOR"),  # 030 3(2)
        ("希望主持人把这张黄牌撤销", "DIRECTOR"),  # M107 8(2)
        ("有人接手我的位置吗，我要出差", "SUBSTITUTE"),  # 030 4(6)
        ("服了你们，一个个都在划水", "EMOTION"),  # M107 12(1)
    ],
)
def test_the_violations_beside_them_stay(text: str, category: str) -> None:
    assert category in {m.category for m in default_matcher().find(text)}


def _devset_eval():  # type: ignore[no-untyped-def]
    import importlib.util
    import sys

    path = paths.ROOT / "scripts" / "devset_eval.py"
    spec = importlib.util.spec_from_file_location("devset_eval", path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules["devset_eval"] = mod
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("t m d 又平票了", {"KIN"}),  # spaced letters: PHRASE-MASKED, filed under tmd's KIN
        ("n m s l", {"KIN"}),
        ("s b 吧你", {"IQ"}),
        ("你就是个傻*", {"IQ"}),  # a masked character
        ("S.B 吧你", {"IQ"}),  # what PHRASE-* reads itself: once
        ("a b c 三个选项", set()),  # spaced letters that spell no lexicon word
    ],
)
def test_the_scorer_files_a_masked_word_under_its_category(text: str, want: set[str]) -> None:
    """lexicons/README.md "标注分歧的裁定": a spaced or masked word is PHRASE-MASKED's
    finding, scored under the category of the word it spells."""
    assert _devset_eval().matcher_predict()(text) == want


# issue 35 step 3: the categories blind2 found weakest, written from the seeds' clauses
@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("这局要输了锅都是女巫的", "BLAME"),  # 030 1(1)
        ("猎人开枪打错，这个责任谁来负", "BLAME"),
        ("今天还差两帖，灌水勿怪", "DROWN"),  # 030 6(5); 八荣八耻 灌水刷帖
        ("刷帖中，别理我", "DROWN"),
        ("凑个帖数先", "DROWN"),
        ("3号你的场外是谁，说话这么老练", "ASSISTANT"),  # M107 4(4)
        ("我用我信的佛担保他是好人", "GUARANTEE"),  # M107 3(5)
        ("说谎就给我🟥", "GUARANTEE"),  # M107 3(6); 🟥 read as 红牌
        ("我诅咒投我的人今晚睡不着", "CURSE"),  # M107 3(2)
        ("你们几个走路摔死", "CURSE"),
        ("和他共场过两次，他拿狼就爱悍跳", "PASTGAME"),  # M107 4(2)
        ("又平票，直接破防了", "EMOTION"),  # M107 12(1)
        ("破🛡️了", "EMOTION"),  # 🛡 read as 防
        ("7号就是个小丑", "CHARACTER"),  # M107 2(2)
        ("他真贱，天天踩我", "CHARACTER"),
        ("我☀️，又是平票", "VULGAR"),  # ☀ read as 日 (M107 1(2))
    ],
)
def test_weak_categories_written_from_the_seeds(text: str, category: str) -> None:
    assert category in {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize(
    "text",
    [
        "周末在家做饭，锅是铁的",
        "他很负责任地说了一遍规则",
        "灌水贴里可以随便聊",  # 版杀7's 灌水贴, a thread
        "半夜还在刷帖看新闻",  # 刷帖: reading the forum
        "雏见泽的诅咒是剧本设定",  # M39's story
        "今天超市贱卖白菜",
        "这招破防御了",
        "和他共场的时候我还是新人",  # (PASTGAME, not AWARD's 不共场)
    ],
)
def test_their_everyday_neighbours_are_not(text: str) -> None:
    got = {m.category for m in default_matcher().find(text)}
    assert got <= {"PASTGAME"} if "共场" in text else got == set()


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("这口钅呙我不背", "BLAME"),  # 锅 split (钅 + 呙)
        ("他都这么贝占脸了，我信", "FACE"),  # 贴 split (贝 + 占)
        ("来氵雚水氵雚水", "DROWN"),  # 灌 split
        ("真是个白痴，票都投歪了", "IQ"),  # M107 2(1): 白痴 said of a player
    ],
)
def test_split_characters_and_the_idiot_insult(text: str, category: str) -> None:
    assert category in {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize("text", ["他是白痴，翻牌免死了", "宝贝占了个好位置", "王里长今天值班"])
def test_the_role_and_the_parts_in_ordinary_words(text: str) -> None:
    assert default_matcher().find(text) == []


# issue 35, phrases round 5: rule talk that names a banned topic, and everyday senses of
# a lexicon word told by the words right next to it (lexicons/README.md 提到规则不是违规)
@pytest.mark.parametrize(
    "text",
    [
        "规则里有替补相关的条款，没看过的去规则帖看",  # a rule's topic (相关的)
        "禁止提及场外助理，这是违规判定第4条",  # 禁止提及 + the act
        "规则说了不要讨论评奖，最佳演绎什么的等揭秘再聊",  # the banned topic, listed after the ban
        "想拆马甲的去树洞里写，那里规则允许",  # sent where the rules allow it
        "别问了，导演不会说的",  # a refusal, no dialogue with the director
        "游戏结束之前不讨论MVP，这是规则",  # before the end: not after-game business
        "我要一杯大号拿铁，不对，大号的咖啡",  # 大号: a size
        "买了件小号的外套，穿不下",
        "小号吹得真好听",  # the trumpet
        "昨晚那场雨下得好大，网断了",  # 那场 + weather
        "那场考试我考砸了，今天补帖",
        "故事里你大爷的病好了吗",  # a relative in the story, his illness
        "好人阵营里也得有个军师出来归票",  # 军师: a player of a side
    ],
)
def test_rule_topics_and_everyday_sizes_are_no_phrase(text: str) -> None:
    assert default_matcher().find(text) == []


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("规则说不能讨论评奖，但我还是要说MVP给9号", "AWARD"),  # the poster turns against it
        ("我军师说今天出5号", "ASSISTANT"),  # M107 4(4): one's own outside helper
        ("军师说了，今晚狼队不会刀我", "ASSISTANT"),
        ("你忘了那场女巫毒死猎人了？", "PASTGAME"),  # 030 4(3) example's pattern
        ("问了导演，他说可以", "DIRECTOR"),  # 030 3(1)
        ("你大爷的，又投我", "KIN"),  # M107 1(4)
        ("你个王八犊子", "ANIMAL"),  # 王八 is the animal (M107 1(3))
    ],
)
def test_the_said_phrases_beside_them_stay(text: str, category: str) -> None:
    assert category in {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize("text", ["他骂我是狼，我不认", "你呀，别急着投票"])
def test_scolding_and_a_particle_are_no_kin(text: str) -> None:
    assert "KIN" not in {m.category for m in default_matcher().find(text)}


# the word talked about, not said: a reminder with a list, a rule's penalty after a noun,
# another's oath, a question about the word, a disavowal, a topic put off until the end
@pytest.mark.parametrize(
    "text",
    [
        "提醒：替补、马甲、过去场次一律不能聊",
        "按规则，提到往届场次要吃牌",
        "有人发誓也不代表是好人，规则本来就不让发誓",
        "请问什么叫贴脸？",
        "场外助理是什么意思，新人不懂",
        "发誓这种事我不会干的",
        "至于评奖的事，赛后再聊",
        "我是个菜鸡，多担待",
    ],
)
def test_words_talked_about_are_no_phrase(text: str) -> None:
    assert default_matcher().find(text) == []


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("我以人格担保他没违规", "GUARANTEE"),  # M107 3(4): a stake, next to a rule word
        ("你个菜鸡，票都不会投", "ANIMAL"),  # M107 1(3): said of another
        ("评奖我先说了，MVP给9号", "AWARD"),  # 030 1(2): not put off
        ("MVP给9号，其他的赛后再说", "AWARD"),  # said first, the rest put off
    ],
)
def test_said_next_to_the_same_words(text: str, category: str) -> None:
    assert category in {m.category for m in default_matcher().find(text)}
