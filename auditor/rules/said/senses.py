"""A word of a category in another sense, told by the text around it: the data table
``lexicons/context/senses.txt`` (替补门将, 往届毕业生, 我靠这个票型判断), a kinship word of
one's own family (我孙子今年上初中), the director's public ruling restated, letters of an
English sentence, the poster belittling himself, the game's story told, an emoji set above
a sentence as a picture, 白痴 the role."""

from __future__ import annotations

import re
from functools import cache

from auditor.rules.lexicon import context_senses
from auditor.rules.phrasematch import PhraseMatch
from auditor.rules.said.text import CLAUSE_MARKS, SENTENCE_PUNCT, around, is_cjk

# 白痴 is a role of the game: said with the role's own words it names the role.
IDIOT_ROLE = re.compile(r"翻牌|免死|投票权|装傻|身份|神职|白痴牌|跳白痴|真白痴|假白痴|技能|被投出")

# The game's story, told (剧情里镇长说上届…, 故事里的掌柜被气死了): what its characters say and
# suffer is the director's writing, not a player's oath, curse or outburst.
STORY = re.compile(r"(?:剧情|故事|背景故事|剧本|小说|设定|开场白|背景)(?:里|中|上|里面|当中)")

# ... or a post marked as story or role-play from its head (【剧情】…, 【扮演】…): the setting's
# words (那场大火, 淹死 on the ship, 马甲 in a wardrobe, 起誓 in a diary), not the poster's.
STORY_TAG = re.compile(
    r"^\s*[【\[［]\s*(?:剧情|扮演|角色扮演|故事|小说|旁白|背景|设定|独白|日记|rp|RP)\s*[】\]］]"
)

# The poster of himself, right before a taunt on wits (我太笨了, 我自己真是蠢到家): no one
# else is called stupid.
_SELF_BEFORE = re.compile(
    r"(?:^|[，,。！？!?；;\s])(?:我|我自己|本人|我这人|我这个?)(?:真|真是|也|是|就是|实在|确实|果然)?\s*$"
)

_OTHERS = frozenset("你他她您")


def self_belittled(text: str, m: PhraseMatch) -> bool:
    return bool(_SELF_BEFORE.search(text, max(0, m.start - 8), m.start)) and _OTHERS.isdisjoint(
        m.text
    )


# The noun categories an emoji can stand for (🐷 猪, 🌿 草, 🐴 马 → 妈).
_PICTURED = frozenset(("ANIMAL", "VULGAR", "BODY", "KIN"))

# What ends a word rather than opens a sentence: after one of these the emoji was read.
_PICTURE_TAILS = frozenset("的地得了啊呀吧么嘛呢，,。！!？?、")


def heading_picture(text: str, m: PhraseMatch) -> bool:
    """One emoji heading the post, a space after it (🐷 小猪存钱罐今天被我砸了, 🌿 窗台的薄荷):
    a picture set above the sentence, not a word of it.  Run together (🌿🌿🌿 预言家又被刀了)
    or written into the sentence (🐷队友, 🌿，又是平安夜) it is read."""
    rest = text[m.end :].lstrip()
    return (
        m.category in _PICTURED
        and not text[: m.start].strip()
        and m.end < len(text)
        and text[m.end].isspace()
        and not any(map(is_cjk, m.text))
        and rest[:1] not in _PICTURE_TAILS  # (🐴 的，又刀我: 妈的, a word after all)
    )


# A word of a category used in another sense, told by the sentence around it: 替补 and 届
# in sport (替补门将, 这届杯赛), 往届 of a school (往届毕业生), 老二 a child (我家老二发烧),
# 靠 as rely on (我靠这个票型判断).  The table is data: lexicons/context/senses.txt (category,
# where its context is searched: "sentence" in its sentence, "after" in the clause after it,
# "next" right after it, "prev" at the end of its clause before it, "post" anywhere in the
# post; what the match holds; the other sense's context), read and compiled on first use.
@cache
def _other_sense() -> tuple[tuple[str, re.Pattern[str], re.Pattern[str], str], ...]:
    return tuple(
        (row.category, re.compile(row.held), re.compile(row.context), row.where)
        for row in context_senses()
    )


def _literal_kin(text: str, m: PhraseMatch) -> bool:
    """A kinship word in its literal sense (我孙子今年上初中, 孙子说土, 去广州看孙子): one's own
    family, not a name for a player.  A bare 孙子 is the insult of M107 违规判定 1(4) only when
    it names or calls someone: 你个孙子, 3号就是个孙子, 装什么孙子, 乖孙子, or a clause of its
    own (孙子，有本事别跑).  Anything else is the grandchild."""
    if m.category != "KIN" or m.form not in _BARE_KIN:
        return False
    lo, hi = around(text, m.start, m.end, CLAUSE_MARKS)
    before, after = text[lo : m.start].strip(), text[m.end : hi].strip()
    if not before and (not after or after in _CALL_TAILS):
        return False  # 孙子，有本事明天别跑: called
    return not (_KIN_NAMED_BEFORE.search(before) or _KIN_CALLED_AFTER.match(after))


_BARE_KIN = frozenset(("孙子",))

_CALL_TAILS = frozenset(("啊", "呀", "哎", "欸", "诶"))

# Who is named or called by it: 你(个/这个/就是个), (就/真/才)是个, 装(什么), 乖, N号, 一群.
_KIN_NAMED_BEFORE = re.compile(
    r"(?:你(?:个|这个?|那个?|就是个?|真是个?|才是个?|也是个?)?|[就真才也]?是个|像个|"
    r"装(?:什么|啥|个|成|得像)?|乖|一群|一帮|这帮|那帮|[0-9０-９一二三四五六七八九十]+\s*号|"
    r"狗|龟|贼)\s*$"
)

_KIN_CALLED_AFTER = re.compile(r"(?:你|们)?(?:过来|听好|别|给我|有本事|敢不敢|你敢)")

# The director's public ruling restated (导演说过上一个讨论日不算加速, 导演说不能发附件), or the
# poster telling the director something (已经跟导演说了, 只能跟导演说一声): no dialogue with the
# director published (030 违规判定 3(1) 例：导演给我的反馈就是这样的 / 我刚刚问过导演了).  A
# private channel or reply in the sentence (私聊, 问过, 告诉我, 他说可以) keeps it.
_DIRECTOR_SAID = re.compile(
    r"^(?:导演|法官|主持人|裁判)(?:说|讲)(?:过|了)?(?:不能|不可以|可以|能|不算|算)?$"
)

_TOLD_DIRECTOR = re.compile(r"^(?:和|跟|同|给)(?:导演|法官|主持人|裁判)(?:说|讲)$")

_TOLD_TAIL = re.compile(r"(?:了|过|一声|一下|清楚了?)(?:[，,。！!；;]|$)")

_PRIVATE = re.compile(
    r"私聊|私信|私下|问过|问了|问下|问一下|告诉我|跟我|和我|对我|给我|回复|答复|回我|反馈|他说|她说|"
    r"导演说|同意|批准|答应"
)


def _director_public(text: str, m: PhraseMatch) -> bool:
    if m.category != "DIRECTOR":
        return False
    s_lo, s_hi = around(text, m.start, m.end, SENTENCE_PUNCT)
    _lo, hi = around(text, m.start, m.end, CLAUSE_MARKS)
    if _DIRECTOR_SAID.match(m.text):
        return (
            "我" not in text[m.end : hi]
            and not _PRIVATE.search(text, s_lo, m.start)
            and not _PRIVATE.search(text, m.end, s_hi)
        )
    if _TOLD_DIRECTOR.match(m.text) and _TOLD_TAIL.match(text, m.end):
        return not _PRIVATE.search(text, m.end, s_hi)
    return False


_ENGLISH_BEFORE = re.compile(r"[A-Za-z]{2,}[,]?\s+$")

_ENGLISH_AFTER = re.compile(r"\.?\s+[A-Za-z]{2,}")

# English swearing abbreviated (what the wtf is this): English, and meant.
_ENGLISH_SWEARS = frozenset(("wtf", "fml", "ffs", "stfu", "fk", "fu"))


def _in_english(text: str, m: PhraseMatch) -> bool:
    """Letters between English words (规则英文版写 if sb. cannot continue): an English
    abbreviation (sb. = somebody), not Chinese initials.  Only two or three letters are
    such an abbreviation: an English word of the lexicon (what the fuck is, take the blame
    if) is the English it is."""
    return (
        m.text.isascii()
        and len(m.text) <= 3
        and m.text.lower() not in _ENGLISH_SWEARS
        and bool(_ENGLISH_BEFORE.search(text, max(0, m.start - 20), m.start))
        and bool(_ENGLISH_AFTER.match(text, m.end))
    )


# A past game named by a classifier (上一场, 那局, 上届, 上一盘) counts what is written right
# after it: a noun of everyday life (上一场戏, 那局棋, 上届春晚, 上一场雨) is that event, not a
# game; the game's own nouns (上一场游戏, 上届版杀, 上一场预言家, a role, a game's title: 那局摩天大楼) and anything else (上一场你也是
# 这样跳的, 上一场里) leave it a past game (M107 4(2), 030 4(3)).
_CLASSIFIERS = frozenset("场局届盘期把铺回次")
_NOUN_TAGS = frozenset(("n", "vn", "ng", "nz", "an", "s"))
_GAME_NOUN = re.compile(
    r"游戏|比赛|赛|版|杀|狼|局|场|身份|角色|板子|剧本|村|镇|神|民|预言|女巫|猎人|守卫|白痴|丘比特|警|情侣|导演|主持|票|帖|贴|牌"
    # a role is a person (吹笛者, 猎手, 魔法师); the seeds' games by their titles
    r"|[者家手人师员长王官]$|摩天大楼|衣柜|寒蝉|号船"
)


# A player given a role or an act of the game in that event (上一期节目你也是狼, 那局你也悍跳, 上一场
# 他也这么说): the event is a past game whatever it is called.  上一场雨你也淋了 gives no such thing.
_PLAYER_PLAYS = re.compile(
    r"(?:你|他|她|[0-9０-９]+\s*号)们?[^，,。！？!?；;]{0,4}?"
    r"(?:狼|悍跳|跳|预言家|女巫|猎人|守卫|身份|票|投|查杀|金水|这么说|这样说|这么发言|这样发言)"
)


# 比赛 of a ball game, told by the sport's own words in the sentence (上一场比赛我们输了，晚上还得去
# 球场练罚球): that match, not a past game (as 届 and 替补 in sport: lexicons/context/senses.txt).
_MATCH = re.compile(r"比?赛")
_BALL_GAME = re.compile(r"球|篮板|三分|扣篮|上篮|射门|盖帽|跑道|田径|泳")


def _counted_event(text: str, m: PhraseMatch) -> bool:
    if m.category != "PASTGAME" or not m.text or m.text[-1] not in _CLASSIFIERS:
        return False
    lo, hi = around(text, m.start, m.end, SENTENCE_PUNCT)
    if _PLAYER_PLAYS.search(text, m.end, hi):
        return False
    if _MATCH.match(text, m.end):
        return bool(_BALL_GAME.search(text, lo, hi))
    rest = text[m.end : m.end + 8]
    if not rest or not is_cjk(rest[0]):
        return False
    from jieba import posseg  # (loaded on the first classifier with a word after it)

    words = list(posseg.cut(rest))
    if not words:
        return False
    word, flag = words[0].word, words[0].flag
    if len(words) > 1 and words[1].flag == "k":  # 吹笛 + 者: a person, the role
        word += words[1].word
    return flag in _NOUN_TAGS and not _GAME_NOUN.search(word)


# An award dated by the calendar (年底评奖, 去年的最佳新人奖, 这季度的最佳销售, 每年评一次): a year's,
# a season's or a month's award of some body of real life.  This game's awards are given when
# it ends (030 违规判定 1(2)): a sentence that names this game or a player (这局, 一局, 这轮, 3号)
# or hands the award to someone (给你, 给他, 给预言家) keeps them.
_AWARD_WORD = re.compile(r"(?i)评奖|评选|评优|最佳|mvp|奖")
_CALENDAR = re.compile(
    r"年底|年初|年中|年终|年度|去年|今年|明年|前年|每年|往年|赛季|季度|[上下这本]一?季(?!节)"
    r"|[上下这本每]个?月(?![亮饼光])|月底|月初"
)
_THIS_GAME = re.compile(
    r"这局|本局|这一局|那局|上局|一局|这轮|本轮|这场|本场|这把|这盘|游戏|版杀"
    r"|[0-9０-９]+\s*号|[一二三四五六七八九十]+号"
)
# A recipient named in the sentence (MVP给你, 必须给他, 奖杯是预言家的): an award handed to a
# person or a role is this game's award, never a calendar's (review42 item 6).
_RECIPIENT = re.compile(
    r"你|您|他|她|它|[0-9０-９]+\s*号|[一二三四五六七八九十]+号"
    r"|预言家|女巫|猎人|守卫|白痴|村民|平民|狼|骑士|丘比特|盗贼|长老|警长|神职|好人"
)


def _calendar_award(text: str, m: PhraseMatch) -> bool:
    if m.category != "AWARD" or not _AWARD_WORD.search(m.text):
        return False
    lo, hi = around(text, m.start, m.end, SENTENCE_PUNCT)
    if not _CALENDAR.search(text, lo, hi) or _THIS_GAME.search(text, lo, hi):
        return False
    if _RECIPIENT.search(m.text):  # (MVP给你: the match itself hands it to someone)
        return False
    return _award_of_a_thing(text, m.end) or not _RECIPIENT.search(text, lo, hi)


def _award_of_a_thing(text: str, end: int) -> bool:
    """Is the award word before ``end`` the head of a named award of real life, a noun of
    work or life right after it (最佳销售, 最佳摊位: whoever wins it, it is no game's)?"""
    rest = text[end : end + 6]
    if not rest or not is_cjk(rest[0]):
        return False
    from jieba import posseg  # (loaded on the first dated award with a word after it)

    words = list(posseg.cut(rest))
    return bool(words) and words[0].flag in _NOUN_TAGS and not _GAME_NOUN.search(words[0].word)


def other_sense(text: str, m: PhraseMatch) -> bool:
    """Is the match a word of its category used in another sense (:func:`_other_sense`)?"""
    if _in_english(text, m) or _literal_kin(text, m) or _director_public(text, m):
        return True
    if _counted_event(text, m) or _calendar_award(text, m):
        return True
    for category, held, context, where in _other_sense():
        if m.category != category or not held.search(m.text):
            continue
        if where == "next":
            if context.match(text, m.end):
                return True
            continue
        if where == "prev":
            lo, _hi = around(text, m.start, m.end, CLAUSE_MARKS)
            if context.search(text[lo : m.start]):
                return True
            continue
        if where == "post":
            if context.search(text):
                return True
            continue
        if where == "after":
            _lo, hi = around(text, m.start, m.end, CLAUSE_MARKS)
            lo = m.end
        else:
            lo, hi = around(text, m.start, m.end, SENTENCE_PUNCT)
        if context.search(text, lo, hi):
            return True
    return False
