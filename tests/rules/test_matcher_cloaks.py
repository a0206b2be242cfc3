"""Cloaks the seeds name (M107 判罚范围: 方言、密码、音近、形近、明显的通配符) beyond the
plain word, and the everyday words that sound like them (issue 35, phrases round 5).
Sentences written for the kinds (Cantonese, Sichuan and Northeastern words; pinyin
initials; emoji read by meaning; a sentence pattern), not taken from a test set."""

from __future__ import annotations

import pytest

from auditor.rules.lexicon import parse_lexicon
from auditor.rules.matcher import default_matcher


def _categories(text: str) -> set[str]:
    return {m.category for m in default_matcher().find(text)}


@pytest.mark.parametrize(
    ("text", "category"),
    [
        # 方言: Cantonese written in traditional or simplified characters (_dialect.txt
        # folds 唔 咗 嘅 佢 … so the Mandarin patterns read them)
        ("導演，你呢個判罰唔啱，我唔服", "DIRECTOR"),  # M107 8(2)
        ("佢個號一早換咗人", "SUBSTITUTE"),  # M107 4(3)
        ("屌你啊，又投我", "VULGAR"),  # M107 1(2)
        ("丢雷老母，平安夜又嚟", "KIN"),  # M107 1(4)
        ("你正一戇居，驗咗都唔識睇", "IQ"),  # M107 2(1)
        ("佢好賤格，成日屈人", "CHARACTER"),  # M107 2(2)
        ("冚家鏟啦你", "CURSE"),  # M107 3(2)
        ("我拎條命嚟賭，佢係狼", "GUARANTEE"),  # M107 3(3)
        ("我個細號都喺度", "SOCKPUPPET"),  # M107 4(1)
        ("佢都咁貼晒面，點會係狼", "FACE"),  # 030 2(8)
        ("呢個鑊我唔孭", "BLAME"),  # 030 1(1)
        ("真係激死我，又平票", "EMOTION"),  # M107 12(1)
        # Sichuan and Northeastern
        ("你个哈批，票都投反了", "IQ"),
        ("他真系蠢到死", "IQ"),
        ("你这个二愣子", "IQ"),
        ("我攞个头出嚟赌", "GUARANTEE"),
        ("滚犊子，别在这带节奏", "ANIMAL"),  # M107 1(3)
        ("水一下，还差三帖", "DROWN"),  # 030 6(5)
        # 密码: pinyin initials and whole pinyin, where the sentence says what they stand for
        ("你赶紧qs吧", "CURSE"),
        ("这号换了个tb上来", "SUBSTITUTE"),
        ("我的cz觉得你是狼", "ASSISTANT"),
        ("他这么tl了你还不信", "FACE"),
        ("syj你就这么悍跳的", "PASTGAME"),
        ("xtbl，不玩了", "EMOTION"),
        ("这个判罚我bufu", "DIRECTOR"),
        # 明显的通配符: letters and digits spaced out
        ("这局的M V P给3号", "AWARD"),
        ("M 8 8 里你也这么说", "PASTGAME"),
        ("M8️⃣8️⃣里你也这么说", "PASTGAME"),  # keycap digits read as digits
        # emoji read by meaning (_emoji.txt, CLDR)
        ("💧💧 凑数中", "DROWN"),
        ("那几个🤡别演了", "CHARACTER"),
        ("🏆必须是5号的", "AWARD"),
        ("🤬 又是我", "EMOTION"),
        ("🐮🍺，这刀法", "BODY"),  # 🍺 read as 啤: 牛啤 = 牛逼 (M107 1(1))
        ("🔄补一上来就踩我", "SUBSTITUTE"),  # 🔄 read as 替
        # 音近 and 形近 of well-known cloaks; digits and whole pinyin
        ("劳资不跟你们玩了", "KIN"),  # 老子 → 劳资 (M107 1(4))
        ("你真是白吃，这都看不出", "IQ"),  # 白痴 → 白吃 (M107 2(1))
        ("像个250一样乱投", "IQ"),  # 二百五 → 250
        ("丢，平安夜又冇咗", "VULGAR"),  # Cantonese 丢 alone as the exclamation
        ("这口guo你背", "BLAME"),  # 030 1(1)
        ("不信等jiemi", "GUARANTEE"),  # M107 3(7)
        ("唰个帖，凑数", "DROWN"),  # 唰 looks like 刷
        ("罐水一下", "DROWN"),  # 罐 looks like 灌
        ("火页死了，又是平票", "EMOTION"),  # 烦 split into 火页
        ("快被你们气哭了", "EMOTION"),  # M107 12(1)
        ("丢雷，又系我", "VULGAR"),  # Cantonese 丢雷 (雷 = 你)
        ("身份都糊我脸上了", "FACE"),
        # sentence patterns of a category with no keyword
        ("先问候一下你全家", "KIN"),  # M107 1(4) 亲属问候句式
        ("出门左转买点脑白金吧你", "IQ"),
        ("身份都写在他脸上了", "FACE"),
        ("这张牌给得莫名其妙", "DIRECTOR"),
        ("他的人品跟他的票一样是负数", "CHARACTER"),
        ("上回咱们俩一起当狼，你就这样", "PASTGAME"),
        ("我们在寒蝉里见过的", "PASTGAME"),  # a seed game named as where they met
        ("血压又上来了", "EMOTION"),
        ("既然要出我，那我一帖都不发了", "DROWN"),  # 030 7(4)
        ("祝投我的人天天倒霉", "CURSE"),
    ],
)
def test_cloaked_and_paraphrased_phrases_are_found(text: str, category: str) -> None:
    assert category in _categories(text)


@pytest.mark.parametrize(
    "text",
    [
        # dialect words are read as written, never by their sound (@sound off)
        "刚遛完狗回来，聊到哪了",  # 聊到 sounds like 嬲到
        "先吃，先投票",  # 吃先 sounds like 痴线
        "吃完饭饱了，开始盘票",  # 饭饱 sounds like 憨包
        # the initials in other senses
        "去tb买了个键盘",
        "我cz了一百块",
        "tl;dr 太长不看",
        # everyday words next to the new patterns
        "你上一句说的什么，我没看懂",
        "关门时间是二十三点",
        "问候一下大家，今天下雨",
        "我不给他奖励",
        "完犊子了，今晚平安夜没了",  # 完犊子: done for
        "我考砸了，晚点来",
        "他怒跳预言家",
        "他怒了",  # another's anger reported
        "黑少了一票",  # 黑少 sounds like 黑哨
        "今天狼队赌命冲票",  # no one's life staked
        "这也太牛皮了吧",  # 牛皮 (ordinary slang) sounds like 牛啤
        "我哋睇下佢点讲先",  # Cantonese 讲先 (speak first) is no 奖项
        # game and everyday words that sound like a lexicon word
        "你说的啥子哦，我没看懂",  # Sichuan 啥子 (what) is no 傻子
        "晚饭吃番茄炒蛋",  # 炒蛋 is no 操蛋
        "他想把票引到女巫身上",  # 引到 is no 阴道
        "我是被警徽流逼跳的",  # 逼跳: a game word
        "这票给你嘛，慢慢解释",  # 你嘛: a particle
        "狼人阵营判负了？",  # 判负 is no 服了
        "导演不公示夜里的技能",  # 不公示 is no 不公
        "导演公告：替补芝麻明天上场",  # a substitution announced: coming on, no past game
        "吹笛者出局🎺",  # 🎺 (CLDR 小号) is a trumpet, no alt account
        "我早上七点就来看帖了",  # 上七 is no 上期
        "阿姨的衣柜里就数他最可疑",  # the game's own story, no past game
        "劳资关系是他的专业",  # 劳资 (labour and capital)
        "今天白吃了一顿饭",
        "他拿了250票",  # a count
        "丢了一张牌，别把票丢给他",  # 丢 (lose, throw)
        "一罐水喝完了",
        "细号的衣服穿不下",  # Cantonese 细号: a size
        "问了导演请假，明天来不了",  # asking leave: procedure, no dialogue
    ],
)
def test_their_everyday_neighbours_stay_clean(text: str) -> None:
    assert _categories(text) == set()


def test_sound_off_reads_the_entries_after_it_as_written() -> None:
    lex = parse_lexicon(
        "@category IQ\n痴线 | | |\n@sound off\n戆居 | | |\n@sound on\n蠢货 | | |\n", "t.txt"
    )
    assert [e.heard for e in lex.categories["IQ"].entries] == [True, False, True]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("我要是狼我就天打雷劈", {"OATH"}),  # M107 3(1): harm sworn on oneself
        ("我如果骗人就不得好死", {"OATH"}),
        ("苍天在上，我是好人", {"OATH"}),
        ("我要是狼我就退群", {"GUARANTEE"}),  # M107 3(3): a stake, not an oath
        ("上帝作证，我是预言家", {"GUARANTEE"}),  # M107 3(5): faith
        ("刀我的人天打雷劈", {"CURSE"}),  # M107 3(2): harm wished on another
    ],
)
def test_an_oath_on_oneself_is_one_oath(text: str, want: set[str]) -> None:
    assert _categories(text) == want


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("这分析真牛逼，票型全对", "BODY"),  # 逼，票 is no 逼票 (an exception torn apart)
        ("他的发言特别贴脸，我信", "FACE"),  # 特别贴脸 is no 别贴脸
        ("我拿命担宝他是好人", "GUARANTEE"),  # 担保 spelt by its sound in a stake
        ("我拿人头担饱", "GUARANTEE"),
        ("锅是谁的，心里有数", "BLAME"),  # 030 1(1)
        ("导演的解释偏向好人", "DIRECTOR"),  # 030 3(2)
    ],
)
def test_plain_phrases_next_to_an_exception_or_a_sound(text: str, category: str) -> None:
    assert category in _categories(text)


def test_an_exception_written_across_a_comma_still_holds() -> None:
    assert "OATH" not in _categories("你一上来就发誓，违规了吧？规则写了禁止发誓")


def test_explain_names_the_everyday_sense() -> None:
    got = {(pm.text, why) for pm, why in default_matcher().explain("点了杯大号奶茶，那场会很长")}
    reason = "日常的意思（看紧挨着的字或同一句话：大号奶茶、那场会、替补门将）"
    assert got == {("大号", reason), ("那场", reason)}


# 外国语言 (M107 判罚范围): English words of each category, whole words only (round 6).
@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("I swear 我是真预言家", "OATH"),  # M107 3(1)
        ("I bet my life 2号是狼", "GUARANTEE"),  # M107 3(3)
        ("骗我两天，burn in hell", "CURSE"),  # M107 3(2)
        ("you dog，又跟狼走", "ANIMAL"),  # M107 1(3)
        ("yo mama 都比你会玩", "KIN"),  # M107 1(4)
        ("what a moron，金水都投", "IQ"),  # M107 2(1)
        ("这种 scumbag 也配当警长", "CHARACTER"),  # M107 2(2)
        ("fucking 平票又来", "VULGAR"),  # M107 1(2)
        ("我的 alt account 也在场", "SOCKPUPPET"),  # M107 4(1)
        ("last game 你也这么跳", "PASTGAME"),  # M107 4(2)
        ("I quit，你们自己玩吧", "EMOTION"),  # M107 12(1)
    ],
)
def test_english_words_are_caught(text: str, category: str) -> None:
    assert category in _categories(text)


@pytest.mark.parametrize(
    "text",
    [
        "this is an idiotic rule? 不，规则没问题",  # idiot inside a longer word
        "hotdog 好吃，今天先不投",  # dog inside a word
        "this game 我们慢慢来",  # this game, not a past one
        "I promise 今晚十点前投票",  # a promise of time, no swearing
    ],
)
def test_english_inside_other_words_is_no_hit(text: str) -> None:
    assert _categories(text) == set()


# 形近 (M107 判罚范围): variant characters of the key words and Latin letters written in
# Cyrillic or Greek (round 6); the common characters among them (朴, 肋) only count inside a
# lexicon word.
@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("这人真是厚颜无聇", "CHARACTER"),  # 聇 = 耻, M107 2(2)
        ("我找了替朴，明天他来", "SUBSTITUTE"),  # 朴 = 补, M107 4(3)
        ("我的场肋说9号像狼", "ASSISTANT"),  # 肋 = 助, 030 4(5)
        ("你个ЅΒ，金水都投", "IQ"),  # Cyrillic S, Greek B
        ("МVР必须给我", "AWARD"),  # Cyrillic M and P
    ],
)
def test_look_alike_characters_are_read(text: str, category: str) -> None:
    assert category in _categories(text)


@pytest.mark.parametrize("text", ["鸡肋的发言，再等等", "他的发言很朴实", "Спасибо，大家晚安"])
def test_look_alikes_alone_are_no_hit(text: str) -> None:
    assert _categories(text) == set()


# 密码 (M107 判罚范围): two-letter initials only in the sentence that says what they stand
# for (round 6): fs 发誓, bg 背锅, tl 贴脸; qrs 求认识 on its own.
@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("我对天fs，我是女巫", "OATH"),  # M107 3(1)
        ("这把输了我来bg", "BLAME"),  # 030 1(1)
        ("他tl到这个地步了", "FACE"),  # 030 2(8)
        ("游戏完了qrs 7号", "AWARD"),  # 030 1(2)
    ],
)
def test_initials_in_their_sentence(text: str, category: str) -> None:
    assert category in _categories(text)


@pytest.mark.parametrize("text", ["剧情的bg音乐挺好听", "我把fs格式化了", "tl是什么意思？"])
def test_initials_in_another_sense_are_no_hit(text: str) -> None:
    assert _categories(text) == set()


# Round 6, plain and dialect forms the lexicons lacked (written for the kinds).
@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("他这小丑，又在带节奏", "CHARACTER"),  # M107 2(2)
        ("导演一直在护着狼那边", "DIRECTOR"),  # 030 3(2)
        ("再刷点帖数，今天就够了", "DROWN"),  # M107 八荣八耻 灌水刷帖
        ("水水水水帖", "DROWN"),  # 030 6(5), a post of 水帖 alone
        ("嗰場你都係狼", "PASTGAME"),  # 030 4(3), Cantonese 嗰 (OpenCC writes 𠮶)
        ("佢個號換咗另一個人來玩", "SUBSTITUTE"),  # M107 4(3)
    ],
)
def test_round6_forms(text: str, category: str) -> None:
    assert category in _categories(text)


@pytest.mark.parametrize(
    "text", ["导演不会偏向任何一方", "你这小丑牌留到最后", "我换了另一个角度来看票型", "下雨天水多"]
)
def test_round6_forms_spare_ordinary_talk(text: str) -> None:
    assert _categories(text) == set()


# Said in other words (round 6): no keyword, the sentence's shape tells the category.
@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("血压飙升，键盘都要被我砸烂了", "EMOTION"),  # M107 12(1)
        ("他的脑袋生下来就忘了装", "IQ"),  # M107 2(1)
        ("问候一下生你的那位", "KIN"),  # M107 1(4)
        ("以前在别的村子里我们一起当过狼", "PASTGAME"),  # M107 4(2)
        ("现实里有人陪我一起复盘", "ASSISTANT"),  # M107 4(4)
        ("老面孔们早就认出我了吧", "SOCKPUPPET"),  # 030 4(1)
        ("这楼没有营养，纯粹为了不被判潜水", "DROWN"),  # 030 6(5)
        ("🏆先预定给预言家", "AWARD"),  # 030 1(2)
    ],
)
def test_said_in_other_words(text: str, category: str) -> None:
    assert category in _categories(text)


@pytest.mark.parametrize(
    "text",
    ["冻得手都在抖，今天先投票", "问候一下各位，晚上好", "剧情里的奖杯被偷了", "他的发言很有内容"],
)
def test_other_words_spare_ordinary_talk(text: str) -> None:
    assert _categories(text) == set()
