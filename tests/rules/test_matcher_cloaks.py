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
    reason = "这里是日常的意思（看紧挨着的字或同一句话：大号奶茶、那场会、替补门将），不算"
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


# Phrases round 7 (issue 35): the families of blind6's misses and false cards, in sentences
# written for the families (other words, other look-alikes, pinyin, emoji, other languages
# and dialects, other paraphrases), not taken from a set.
@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("wocao，这票型也太离谱了", "VULGAR"),
        ("woc 女巫居然没救", "VULGAR"),
        ("3号你是不是shabi啊", "IQ"),
        ("5号纯纯的sb，票都投反了", "IQ"),
        ("zhizhang才会这么站边", "IQ"),
        ("nima，又是平安夜", "KIN"),
        ("tamade 谁刀的我", "KIN"),
        ("nmsl 悍跳狼", "KIN"),
        ("qusi吧你", "CURSE"),
        ("我fashi我是预言家", "OATH"),
        ("我拿ming担保", "GUARANTEE"),
        ("我以renge担保他是好人", "GUARANTEE"),
        ("我知道你的majia是谁", "SOCKPUPPET"),
        ("你的mj我猜到了，老玩家了吧", "SOCKPUPPET"),
        ("shangyichang 你也是这么悍跳的", "PASTGAME"),
        ("8号是不是换tibu了", "SUBSTITUTE"),
        ("我的changzhu说3号是狼", "ASSISTANT"),
        ("daoyan这判罚我不服", "DIRECTOR"),
        ("这个guo我不背", "BLAME"),
        ("你这就是tielian", "FACE"),
        ("zuijia yanyi 给7号", "AWARD"),
        ("我真的要bengkui了", "EMOTION"),
        ("3号真wuchi", "CHARACTER"),
        ("你个zhutou", "ANIMAL"),
        ("niubi 这个操作", "BODY"),
        ("guanshui中勿理", "DROWN"),
        ("3号真无耻，脸都不要了", "CHARACTER"),
        ("5号就是个人渣", "CHARACTER"),
        ("你是智鄣吗", "IQ"),
        ("弱知才会投他", "IQ"),
        ("你这个笨旦", "IQ"),
        ("你玛的", "KIN"),
        ("他玛的又刀我", "KIN"),
        ("臥糟", "VULGAR"),
        ("我橾", "VULGAR"),
        ("你去屍吧", "CURSE"),
        ("不得奵死", "CURSE"),
        ("我发誓→我拔誓", "OATH"),
        ("我对夭发誓", "OATH"),
        ("我拿人挌担保", "GUARANTEE"),
        ("我知道你的马曱", "SOCKPUPPET"),
        ("上一埸你也这样", "PASTGAME"),
        ("往屇的规矩是这样", "PASTGAME"),
        ("他是替朴吧", "SUBSTITUTE"),
        ("我的场肋说9号是狼", "ASSISTANT"),
        ("导縯的判罚不公平", "DIRECTOR"),
        ("最佳演译给3号", "AWARD"),
        ("湊帖數中", "DROWN"),
        ("holy shit 女巫自刀", "VULGAR"),
        ("damn it，又平安夜", "VULGAR"),
        ("are you stupid？银水都不信", "IQ"),
        ("3号 brain dead 吧", "IQ"),
        ("what an idiot，票投给了预言家", "IQ"),
        ("your mother 的，又刀我", "KIN"),
        ("I hope you die 悍跳狼", "CURSE"),
        ("go to hell 3号", "CURSE"),
        ("I swear 我是预言家", "OATH"),
        ("swear to god 9号是狼", "OATH"),
        ("I bet my account 他是狼", "GUARANTEE"),
        ("on my life 我是好人", "GUARANTEE"),
        ("I know your alt，老玩家了", "SOCKPUPPET"),
        ("you are the same guy from another account", "SOCKPUPPET"),
        ("like last game, 你又悍跳", "PASTGAME"),
        ("remember the previous game? 你也这样", "PASTGAME"),
        ("8号 is a replacement player now", "SUBSTITUTE"),
        ("my friend beside me says 3号 is wolf", "ASSISTANT"),
        ("my adviser thinks 5号 is lying", "ASSISTANT"),
        ("the host is unfair，凭什么罚我", "DIRECTOR"),
        ("I disagree with the GM's ruling", "DIRECTOR"),
        ("it's your fault we lost", "BLAME"),
        ("blame it on 7号", "BLAME"),
        ("that's just face reading，贴脸", "FACE"),
        ("MVP goes to 3号", "AWARD"),
        ("let's be friends after the game，加个好友", "AWARD"),
        ("I'm so done with this game", "EMOTION"),
        ("this is driving me crazy", "EMOTION"),
        ("you are a scumbag 3号", "CHARACTER"),
        ("shame on you 5号", "CHARACTER"),
        ("you pig 3号", "ANIMAL"),
        ("3号 is a dog", "ANIMAL"),
        ("3号 is a dick", "BODY"),
        ("5号アホちゃう？", "IQ"),
        ("くそ、また平安夜", "VULGAR"),
        ("3号くたばれ", "CURSE"),
        ("你个瓜皮", "IQ"),
        ("你个憨批", "IQ"),
        ("这个哈批又踩我", "IQ"),
        ("3号脑壳有包", "IQ"),
        ("你是不是脑壳坏了", "IQ"),
        ("侬脑子瓦特了", "IQ"),
        ("3号真系痴线", "IQ"),
        ("你是个二愣子吧", "IQ"),
        ("恁娘嘞，又刀我", "KIN"),
        ("你个龟儿子", "KIN"),
        ("丢你老母", "KIN"),
        ("叼你老母", "KIN"),
        ("我丢，又平安夜", "VULGAR"),
        ("日你哥", "VULGAR"),
        ("你个龟孙", "ANIMAL"),
        ("扑街啦你", "CURSE"),
        ("你个短命鬼", "CURSE"),
        ("砍脑壳的悍跳狼", "CURSE"),
        ("你咋不去死呢", "CURSE"),
        ("我发誓嘞，我是好人", "OATH"),
        ("我同你讲，我发毒誓", "OATH"),
        ("我用我条命担保", "GUARANTEE"),
        ("你个小号系边个", "SOCKPUPPET"),
        ("上铺你都系咁", "PASTGAME"),
        ("佢换咗人玩", "SUBSTITUTE"),
        ("导演你咁判唔公平", "DIRECTOR"),
        ("呢个镬我唔孭", "BLAME"),
        ("佢贴晒面啦", "FACE"),
        ("激死我啦", "EMOTION"),
        ("气死个人", "EMOTION"),
        ("我真系顶唔顺", "EMOTION"),
        ("你个衰人", "CHARACTER"),
        ("3号好贱格", "CHARACTER"),
        ("3号又在装13", "BODY"),
        ("这操作真牛叉", "BODY"),
        ("问候你户口本", "KIN"),
        ("脑子是个好东西，希望3号也有一个", "IQ"),
        ("建议3号去挂个脑科", "IQ"),
        ("3号的良心被狗吃了", "CHARACTER"),
        ("3号真不要脸", "CHARACTER"),
        ("你换了个号我也认得你", "SOCKPUPPET"),
        ("上把你也是这么悍跳的", "PASTGAME"),
        ("上回你拿狼也这样", "PASTGAME"),
        ("我老婆在旁边看了说3号是狼", "ASSISTANT"),
        ("我室友说9号像预言家", "ASSISTANT"),
        ("上帝判错了，我不服", "DIRECTOR"),
        ("这锅你来背", "BLAME"),
        ("都怪3号，输了全是他的锅", "BLAME"),
        ("赛后加个微信吧6号", "AWARD"),
        ("无语死了，这票型", "EMOTION"),
        ("我要是狼我名字倒过来写", "GUARANTEE"),
        ("我对着月亮发誓", "OATH"),
        ("祝你喝凉水都塞牙", "CURSE"),
        ("水一下，凑个数", "DROWN"),
        ("3号真是个shabi", "IQ"),
        ("naocan才这么投", "IQ"),
        ("zhizhang吧你", "IQ"),
        ("3号就是个laji", "CHARACTER"),
        ("3号是renzha", "CHARACTER"),
        ("jianren就是矫情", "CHARACTER"),
        ("qusi吧", "CURSE"),
        ("我fashi我是好人", "OATH"),
        ("我知道你majia", "SOCKPUPPET"),
        ("3号换tibu了吧", "SUBSTITUTE"),
        ("我changzhu说", "ASSISTANT"),
        ("这个guo我不bei", "BLAME"),
        ("别shuaiguo", "BLAME"),
        ("你这是tielian", "FACE"),
        ("zuijia给3号", "AWARD"),
        ("我yansi算了", "DROWN"),
        ("我pofang了", "EMOTION"),
        ("我bengkui了", "EMOTION"),
        ("qisiwole", "EMOTION"),
        ("wangbadan 3号", "ANIMAL"),
        ("chusheng 3号", "ANIMAL"),
        ("tamade", "KIN"),
        ("nimabi", "KIN"),
        ("rilegou", "VULGAR"),
        ("zhuangbi 3号", "BODY"),
        ("wbd 3号", "ANIMAL"),
        ("3号真byl", "CHARACTER"),
        ("qsb 3号", "CURSE"),
        ("我pf了", "EMOTION"),
        ("3号纯纯lj", "CHARACTER"),
        ("3号nt吧", "IQ"),
        ("3号就是个瓜怂", "IQ"),
        ("你个傻帽儿，票都投错", "IQ"),
        ("你个傻狍子", "IQ"),
        ("你个彪子", "IQ"),
        ("你个戆居仔", "IQ"),
        ("3号真系on9", "IQ"),
        ("这个笨蛋鸡", "IQ"),
        ("3号就是个坏种", "CHARACTER"),
        ("3号真下作", "CHARACTER"),
        ("你真系贱格", "CHARACTER"),
        ("3号好衰格", "CHARACTER"),
        ("个死八婆", "CHARACTER"),
        ("你个哈巴狗", "ANIMAL"),
        ("你个狗日的", "ANIMAL"),
        ("你个鳖孙", "ANIMAL"),
        ("你个龟孙子", "ANIMAL"),
        ("3号这个犊子", "ANIMAL"),
        ("你娘个腿", "KIN"),
        ("你娘嘞", "KIN"),
        ("恁娘的", "KIN"),
        ("丢你个老母", "KIN"),
        ("干你老师", "KIN"),
        ("你个仙人板板", "KIN"),
        ("日你先人", "KIN"),
        ("我丢", "VULGAR"),
        ("丢雷", "VULGAR"),
        ("我日哦", "VULGAR"),
        ("日哦，又平安夜", "VULGAR"),
        ("卧槽尼玛", "VULGAR"),
        ("你个砍脑壳的", "CURSE"),
        ("扑街", "CURSE"),
        ("你个死扑街", "CURSE"),
        ("天收你", "CURSE"),
        ("你遭雷劈", "CURSE"),
        ("我对天发誓", "OATH"),
        ("我同你讲真嘅，发誓", "OATH"),
        ("我赌咒", "OATH"),
        ("我发毒誓", "OATH"),
        ("我拎条命出嚟赌", "GUARANTEE"),
        ("我把脑壳摘下来给你", "GUARANTEE"),
        ("我鬼火冒", "EMOTION"),
        ("气死老子了", "EMOTION"),
        ("我好嬲", "EMOTION"),
        ("气煞脱", "EMOTION"),
        ("我火大了", "EMOTION"),
        ("我真是气炸了", "EMOTION"),
        ("我受不鸟了", "EMOTION"),
        ("孭镬", "BLAME"),
        ("这个锅我不背", "BLAME"),
        ("你系咪开咗小号", "SOCKPUPPET"),
        ("上次嗰场你都系咁", "PASTGAME"),
        ("佢换咗人", "SUBSTITUTE"),
        ("导演你咁判唔啱", "DIRECTOR"),
        ("佢贴晒面", "FACE"),
        ("水一哈，凑帖数", "DROWN"),
        ("3号你个🐶东西", "ANIMAL"),
        ("3号就是个🐷队友", "ANIMAL"),
        ("你这头🐷", "ANIMAL"),
        ("3号真是个🐢🥚", "ANIMAL"),
        ("你🐴的，又刀我", "KIN"),
        ("tm🐴的", "KIN"),
        ("🌿，又平安夜", "VULGAR"),
        ("卧🌿，女巫自刀", "VULGAR"),
        ("我🌿了", "VULGAR"),
        ("3号这操作真🐂🍺", "BODY"),
        ("这波🐮🍺", "BODY"),
        ("3号是不是🧠残", "IQ"),
        ("3号🧠子进水了", "IQ"),
        ("3号就是个🍵婊", "CHARACTER"),
        ("你这个🤡", "CHARACTER"),
        ("3号去💀吧", "CURSE"),
        ("你出门被🚗撞", "CURSE"),
        ("天打⚡劈的悍跳狼", "CURSE"),
        ("我发🦁我是预言家", "OATH"),
        ("我对天发誓🙏我是好人", "OATH"),
        ("我要是狼我就吃🟥", "GUARANTEE"),
        ("我知道你的🦺", "SOCKPUPPET"),
        ("这口🍳我不背", "BLAME"),
        ("🎬这判罚我不服", "DIRECTOR"),
        ("💧一帖，凑数", "DROWN"),
        ("气💀我了", "EMOTION"),
        ("🤬🤬🤬 又平安夜", "EMOTION"),
        ("我要💥了", "EMOTION"),
        ("你都这么贴🙂了", "FACE"),
        ("🏆给3号", "AWARD"),
        ("⬆️一场你也这样", "PASTGAME"),
        ("3号🔄补了吧", "SUBSTITUTE"),
        ("我搡，又平安夜", "VULGAR"),
        ("3号是朁补吧", "SUBSTITUTE"),
        ("徃届的规矩", "PASTGAME"),
        ("上一塲你也是", "PASTGAME"),
        ("导縯这判罚不公平", "DIRECTOR"),
        ("这个判罸我不服", "DIRECTOR"),
        ("你这就是贴捡", "FACE"),
        ("溱帖数中", "DROWN"),
        ("我真的萠溃了", "EMOTION"),
        ("3号的智力大概还停留在幼儿园", "IQ"),
        ("3号出门是不是把脑子落家里了", "IQ"),
        ("建议3号先去补补小学数学再来玩", "IQ"),
        ("3号的脑袋里装的是浆糊吧", "IQ"),
        ("3号这个逻辑能力，我家狗都比他强", "IQ"),
        ("3号这人品，真是没救了", "CHARACTER"),
        ("3号的脸皮比城墙还厚", "CHARACTER"),
        ("3号这种人，坏到骨子里了", "CHARACTER"),
        ("3号满嘴跑火车，没一句真话，人品低劣", "CHARACTER"),
        ("3号跟头猪一样只会吃", "ANIMAL"),
        ("3号就是条只会乱咬的疯狗", "ANIMAL"),
        ("我替你爹妈教育教育你", "KIN"),
        ("回家问问你妈你是怎么来的", "KIN"),
        ("希望3号今晚做噩梦", "CURSE"),
        ("3号迟早遭报应", "CURSE"),
        ("愿3号打牌永远摸不到好牌", "CURSE"),
        ("我以我的名字起誓", "OATH"),
        ("天地为证，我是预言家", "OATH"),
        ("我敢对着祖宗牌位说，我是好人", "OATH"),
        ("我是狼的话我直播吃键盘", "GUARANTEE"),
        ("揭秘那天你们就知道我是对的", "GUARANTEE"),
        ("我要是骗人，我这个号就不要了", "GUARANTEE"),
        ("我们是不是以前在别的版杀见过？你这说话方式太熟悉了", "SOCKPUPPET"),
        ("我猜到3号是谁了，老熟人", "SOCKPUPPET"),
        ("上个月那局你也是这么悍跳的", "PASTGAME"),
        ("我记得你之前拿狼也这样", "PASTGAME"),
        ("3号今天好像换了个人在打", "SUBSTITUTE"),
        ("有没有人能帮我代打两天", "SUBSTITUTE"),
        ("我场外有个朋友帮我分析了一下", "ASSISTANT"),
        ("我问了一下旁边的大神，他说3号是狼", "ASSISTANT"),
        ("导演这次的处理我真的不能接受", "DIRECTOR"),
        ("导演刚才私信我说可以这样", "DIRECTOR"),
        ("输了别怪我，都是3号的问题", "BLAME"),
        ("这局要是输了，责任全在3号", "BLAME"),
        ("这局结束后我要投3号最佳", "AWARD"),
        ("打完这局我们加个好友吧", "AWARD"),
        ("我反正要被投出去了，干脆不发言了", "DROWN"),
        ("我真的受够了，这什么破游戏", "EMOTION"),
        ("我要气炸了，谁再投我试试", "EMOTION"),
        ("我敢拿梦来赌，他是狼", "GUARANTEE"),  # 近音 ing/eng (_confusion.txt)
        ("🐴 的，又刀我", "KIN"),  # an emoji then a space, but it ends a word: read
        ("🌿 ！又是平安夜", "VULGAR"),
    ],
)
def test_round_seven_families_are_found(text: str, category: str) -> None:
    assert category in _categories(text)


@pytest.mark.parametrize(
    "text",
    [
        "路上捡到一个钱包，交给警察了。",
        "捡漏了，今天白捡一个金水。",
        "我室友说今晚吃火锅，我先把票投了再去。",
        "我老婆说明天要早起，我今晚早点睡，票投3号。",
        "我朋友说这个游戏很好玩，所以我来报名了。",
        "I subscribed to the channel, 票我等下投。",
        "my alt-tab key is broken, 打字慢请见谅。",
        "I have an account on that site too, 不过和游戏无关。",
        "the host of the party was nice, 今天来晚了。",
        "that was a good call by 3号，验人很准。",
        "my best guess is 7号 is the wolf.",
        "this match between the two claims is interesting，我信对跳的那个。",
        "shame the seer died first night，预言家太惨了。",
        "bump in the road，明天接着盘。",
        "we need a replacement for the broken chair, 说远了。",
        "上帝保佑明天别下雨，我要出门。",
        "他去医院脑科复查了，祝他早日康复。",
        "这手机电池真短命，一天充三次。",
        "换了个号码，朋友们加我新微信吧。",
        "恁好，俺是河南的，第一次玩版杀。",
        "二五仔是港片里的说法，我小时候常看。",
        "西瓜皮别乱扔，踩到会滑倒。",
        "他拼命解释，我觉得还是狼。",
        "人格分裂的角色在剧本里挺常见。",
        "今天投票人头数不够，大家快投。",
        "箱子里装13个苹果。",
        "他的人格魅力很强，带队能力不错。",
        "我emo了一整天因为考试，不过游戏还是要认真玩。",
        "脑壳疼，昨晚没睡好，盘不动了。",
        "祝那位新来的朋友玩得开心。",
        "规则说不能发誓，我就不发了。",
        "这盘菜看起来好香，我妈做的。",
        "分身乏术，明天再来。",
        "我的cz记录被清空了，充值失败。",
        "dy上看到一个版杀视频，挺有意思。",
        "昨天在tb买了个键盘。",
        "我先项一下3号的逻辑，说得对。",
        "委屈3号了，被投出局。",
        "他坦白了自己的身份，我信。",
        "涮羊肉真好吃。",
        "寻找第三个狼坑。",
        "今天是个好日子，大家加油。",
        "伙伴们，今天集中票出3号。",
        "我去申请一下请假。",
        "手帕掉了。",
        "哲学上说，怀疑一切。",
        "桂花开了。",
        "进入加速日，大家注意发言数。",
        "加入我们村民阵营吧，狼人别装了。",
        "这个项目我负责。",
        "奖项的事揭秘后再说。",
        "他是专门负责拱白菜的农民。",
        "这是猪转世的传说，剧情里讲的。",
        "my coach in football told me to rest.",
        "he is a dog person, 他家养了三条狗。",
        "I can't stand the heat today, 空调坏了。",
        "blame game 没意思，大家专注找狼。",
        "so done with work today，终于能玩版杀了。",
        "我对象在旁边看电视，我在盘票。",
        "宝子们，上帝视角看这局太有意思了。",
        "说上帝视角的都是开玩笑。",
        "三号发言很真，我暂时站边他。",
        "凭什么3号就没事？因为他昨天没发言，规则只罚发言的人。",
        "为什么他就没事，我也想知道，求导演解释一下规则。",
        "我朋友说今天天气好，我先把票投了。",
        "我同学也在玩狼人杀，但不是这个版。",
        "我妈说晚饭好了，我先去吃，回来投3号。",
        "不用拿人格担保，说说逻辑就行。",
        "人格担保这种话规则不让说，大家注意。",
        "小丑是我自己，昨天站错了边。",
        "这张小丑牌是狼人杀扩展里的身份。",
        "坏种子要挑出来，不然发芽率低。",
        "这个俾路支省的新闻挺有意思。",
        "揾工好难，今天面试完才上线。",
        "他是一个很有分身感的演员。",
        "拿命去拼的工作不值得，我今天请假了。",
        "今天换了个手机号，大家别打旧号了。",
        "用同样的话说别人就没事吗？我觉得不一定，继续盘逻辑。",
        "一样的发言，3号说没事，规则里写得很清楚，是因为他没有用违禁词。",
        "我的教练说我今天要多休息，所以晚点上线。",
        "是我个人的看法，小丑鱼很好看。",
        "散场那天我们一起去吃火锅吧。",
        "结束以后翻名单看看大家都是谁，挺有意思的。",
        "最大的问题就是你，11号，你没有给出逻辑。",
        "气煞风景的雨又来了。",
        "底线是不能违规，大家守住底线。",
        "祝那位新来的朋友玩得愉快。",
        "祝悍跳的那位好运，今天我投他。",
        "你娘家在哪？随口问问，跟游戏无关。",
        "我老婆找到了钥匙，刚才一直在找。",
        "媳妇找到了工作，今天请客。",
        "屏幕后面的你们辛苦了，今天盘得很认真。",
        "他专门研究白菜种植，拱白菜的猪是他家养的。",
        "顶层的会议室在哪？剧情里说的。",
        "111号房间是剧情里的线索。",
        "我对着月亮说晚安，然后去睡了。",
        "他对着镜子说了半天台词，剧情里的。",
        "之前拿狼的那个玩家已经出局了，现在场上还有两狼。",
        "他在补小学的课，家长说成绩不好，跟游戏无关。",
        "3号人品没得说，我很信任他。",
        "他的发言风格我很熟悉了，毕竟同一局玩了三天。",
        "希望3号今晚别被刀，我信他是预言家。",
        "帮你爸妈做家务是好事。",
        "我问了一下旁边的人几点了，七点半，今晚九点截票。",
        "要是骗人这个号就不要了这种话规则不让说。",
        "如果3号是狼，他的号就危险了。",
        "智商税交了不少，今天买的东西不好用。",
        "我加入这个版杀三年了，收入一般，出入平安。",
        "这个项目下周上线，事项很多，我先项目后盘票。",
        "我的同伴昨晚也被刀了，伙伴们加油。",
        "寻找狼队的突破口，寻人启事贴在楼下。",
        "坦白说我昨晚没开枪，平坦的票型看不出东西。",
        "委屈你了3号，屈指一算还有三天。",
        "手帕落在家里了，帕金森的老人很辛苦。",
        "哲学系的同学说这个逻辑有问题，张哲你怎么看。",
        "山楂片很好吃，查查昨晚的票。",
        "涮火锅去了，晚点回来。",
        "桂林山水甲天下，我放假去了桂林。",
        "我入狼坑的可能性为零，入门玩家别乱踩。",
        "今天我先把票投给7号，理由在楼上。",
        "the host said we have three days left, okay.",
        "I read the last chapter of the book yesterday.",
        "my coach at the gym says I need more sleep, 不说了去睡了。",
        "best regards，导演辛苦了。",
        "本周的subway优惠券快过期了。",
        "我订阅了这个up主，他做的subtitle很好。",
        "这个号码是我新办的卡。",
        "this is my second attempt at the puzzle, 我还是没解开。",
        "真是绝了，这个第十三点我同意。",
        "他今天的发言很有底线，我信他。",
        "忙得分身乏术，明天再来盘。",
        "今天上海下雨，气温十三度。",
        "dddd 懂的都懂，今天先不说了。",
        "我的助理在公司帮我整理文件，晚上才有空看帖。",
        "小丑鱼游来游去，我家鱼缸里有三条。",
        "收到，顶一下3号的分析，说得很好。",
        "这个发言好顶，我跟票。",
        "1号2号3号，今天先投1号。",
        "哈哈哈哈哈哈哈哈，这个发言太好笑了。",
        "这局节奏太快了，up主都来不及剪。",
        "拿名字担保？不至于，我只是觉得他像狼。",
        "规则说不能拿命担保，大家注意。",
        "我想把这个逻辑链捋清楚再投票。",
        "他们把这个号的发言都翻出来看了一遍。",
        "我推荐大家看看这本推理小说，叫《最佳演绎》。",
        "做个梦都梦到平安夜",
        "梦想是拿个金水",
    ],
)
def test_round_seven_neighbours_stay_clean(text: str) -> None:
    assert not _categories(text)
