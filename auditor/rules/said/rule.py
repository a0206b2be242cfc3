"""A rule named in the poster's own words: the act or topic is what the rules forbid
(规则说不能发誓, 私下找替补也算违规, 马甲、替补、场外助理都不能聊), a rule asked about (问一下
规则，担保和发誓算一种吗？), a topic sent where the rules allow it (想拆马甲的去树洞拆), or the
director's announcement restated (导演说替补明天上)."""

from __future__ import annotations

import re

from auditor.rules.phrasematch import PhraseMatch
from auditor.rules.said.text import (
    CLAUSE_MARKS,
    RULE_NAMED,
    RULE_WORD,
    SENTENCE_PUNCT,
    TURN,
    around,
)

# A rule named in the poster's own words, right before the phrase: 规则说不能发誓,
# 你这算发誓吧小心被罚, 严禁私下找替补 ...
_NAMING_LEAD = re.compile(
    r"(?:(?:规则|规定|违规判定)(?:里|中|上)?(?:写了|写着|说了|说|讲|规定)?(?:了|的)?"
    r"|(?:不能|不许|不准|不得|不要|不可以|禁止|严禁|别|不让|不允许)"
    r"|(?:也|就|都)?(?:算|算是|属于|叫|叫做|当成|当作|按)"
    r"|才(?:可以|能)"
    # 场上不讨论MVP: the rule's own negation
    r"|不(?=讨论|聊|谈|提)"
    # a permission the rules give: 新手可以申请场外助理（规则帖写了）
    r"|(?:可以|允许)(?:申请|找|请|使用))"
    r"(?:再|随便|乱|去|私下|公开|在帖子里)?(?:说|讲|用|提及|提|写|讨论|聊|谈|提到|提起|拆|把|拿)?\s*$"
)

# A rule pointed at as the topic, right before a match that opens with the one who rules on it
# (这条规则导演解释得不对, 那个规定法官判错了): the director's reading of it contested (030 违规
# 判定 3(2), M107 8(2)), not the rule stated.
_RULE_AS_TOPIC = re.compile(r"(?:这|那)(?:条|个|项|一条)?(?:规则|规定)\s*$")
_JUDGES = ("导演", "法官", "主持人", "裁判")

# ... or a list of them after one ban: 禁止提马甲、往届场次和场外助理.
_NAMING_LIST = re.compile(
    r"(?:不能|不许|不准|不得|不要|禁止|严禁|别|不让)(?:说|讲|用|提|写|讨论|聊|谈|提到|提起)?"
    r"[^，,。！？!?：:]{1,16}(?:、|和|或|及|以及|与|跟)\s*$"
)

# A topic sent where the rules allow it (想拆马甲的去树洞拆, 030 违规判定 4 and the 树洞 of its
# rules post): a reminder whether or not the sentence names a rule.
SENT_ELSEWHERE = (
    r"^(?:的话|的人|的)?[，,]?(?:请|就|要|得|只能|可以)?(?:(?:写|发|留|放|去|挪|移)(?:在|到)|去|到|在)"
    r"(?:树洞|场外|赛后|复盘帖|规则帖|闲聊帖|水楼|揭秘帖)"
)

# ... or right after it: 私下找替补也算违规, 发誓是犯规的.
_NAMING_TAIL = re.compile(
    r"^(?:[、和与及跟或][^，,。！？!?]{1,8}){0,4}"
    r"(?:了|的话|这种话|这类话|场次|的事|的人|之类的?|什么的|相关的?|这些)?(?:也|都|就)?(?:是|会|要){0,2}"
    r"(?:不?算|是)?(?:违规|犯规|被罚|吃牌|不允许|禁止)"
    # 场外助理的事别在帖子里说: the topic, then where not to talk of it
    r"|^(?:的事情?|的话题|这事|的话)?(?:千万|可)?(?:别|不要|不能|不许|不准)(?:在[^，,。！？!?]{1,5})?"
    r"(?:说|提|聊|讨论|谈)"
    # 用贴脸作为讨论依据是要判的: the act, then the penalty it draws
    r"|^[^，,。！？!?]{0,10}?(?:是要|会被|要被|是会被)(?:判|罚)"
    # 贴脸不能作为讨论依据: what the rules refuse as grounds
    r"|^(?:也|都|就)?(?:不能|不可以|不得|不准|不许)(?:作为|当作|当成|算作|算|当|拿来当)[^，,。！？!?]{0,4}(?:依据|理由|证据|根据)"
    # 马甲、替补、场外助理都不能聊: a list of them, then the ban
    r"|^(?:[、和与及跟或][^，,。！？!?]{1,8}){0,4}(?:这些|这类|这种|之类的?|什么的)?"
    r"(?:也|都|一律|全都)?(?:不能|不许|不准|不要|别|禁止|不可以|不得)(?:再)?(?:聊|提|说|讨论|谈|碰)"
    # 发誓和诅咒在八荣八耻里是“耻”: acts listed, then where the rules name them
    r"|^(?:(?:和|与|、|或|跟)[^，,。！？!?]{1,6})?(?:在|是|属于)(?:规则|八荣八耻|违规判定|判罚依据)"
    # 评奖的事规则不让现在聊: the topic, then the rule that bars it; the topic may be named as a
    # kind of talk first, after a list of them (MVP这个话题规则里是禁止的, 背锅、甩锅这种词规则不让说)
    r"|^(?:[、和与及跟或][^，,。！？!?]{1,8}){0,4}"
    r"(?:的事情?|的话题|这事|这件事|的内容|(?:这|那)(?:个|种|类|些|样的)?(?:话题|词|字眼|说法|话|事))?"
    r"(?:规则|规定)(?:里|上|中)?(?:也|都|就)?(?:是)?"
    r"(?:不让|不许|不准|不能|禁止|不允许|严禁)"
    # 想拆马甲的话请写在树洞里: sent where the rules allow it
    r"|"
    + SENT_ELSEWHERE
    # 大家少说背不背锅这种话: the words named as a kind of talk
    + r"|^(?:这种|这类|这样的|之类的?)(?:话|说法|字眼|词)"
    # 规则第4条是马甲相关的: the topic a rule is about
    r"|^(?:相关|有关|方面)(?:的)?(?:规则|规定|条款|内容|事|话题)?"
    # 表明、暗示、拆马甲都算: the last of a list of what the rule covers, closing its clause
    r"|^(?:也|都|全都|一律)(?:算|算在内|包括在内)\s*$"
    # 导演说过的话我们不能转述: the words, then a ban on passing them on
    r"|^(?:的话|的内容|的事情?)?[^，,。！？!?]{0,6}?(?:不能|不许|不准|不可以|不得|禁止|严禁|不要|别)"
    r"(?:转述|转发|复述|透露|公开|引用|外传)"
)

# ... or anywhere in its sentence, a rule that forbids talking of it: MVP评选是赛后的事，规则说
# 场上不讨论 (030 违规判定 1(2)).
_RULE_FORBIDS = re.compile(
    r"(?:规则|规定|违规判定|八荣八耻)(?:里|上|中)?(?:说|写|讲|规定|写了|写着|说了)?[^，,。！？!?]{0,8}"
    r"(?:不讨论|不能讨论|不许讨论|不准讨论|禁止讨论|不能提|不许提|不准提|禁止提|别提|不要提|不能聊)"
)

# A sentence that opens by quoting the rules: its first clause is the rule (规则说反对导演
# 的判罚也算违规).
RULE_SAYS = re.compile(
    r"\s*(?:按|根据|照)?(?:规则|规定|违规判定|判罚制度)(?:贴|帖)?(?:里|上|中)?"
    r"(?:说|写|讲|规定|写了|写着|说了|说过)(?:了|过)?[：:]?"
)

# A topic only where the rules allow it (树洞里才可以拆马甲, 马甲只允许在树洞里拆): a reminder.
ALLOWED_ONLY = re.compile(
    r"(?:树洞|赛后|揭秘后|复盘帖|揭秘帖|结束后|游戏结束后)(?:里|中|上)?(?:才|只)(?:可以|能|允许|准|许)"
    r"|只(?:允许|能|可以|准|许)(?:在|到|去)(?:树洞|赛后|复盘帖|揭秘帖|揭秘后|结束后)"
)


def named_as_rule(
    text: str, sentence: tuple[int, int], start: int, before: str, after: str
) -> bool:
    """In a sentence about the rules (``text[s_lo:s_hi]``), is the match at ``start``,
    between ``before`` and ``after`` (its clause), named as what the rules forbid?"""
    s_lo, s_hi = sentence
    if not RULE_WORD.search(text, s_lo, s_hi):
        return False
    cited = _CLAUSE_CITED.search(text, s_lo, start)
    if cited and not TURN.search(text, cited.end(), start):
        return True  # 规则第三条是关于导演的，发表和导演的对话也不行
    if _RULE_AS_TOPIC.search(before) and text.startswith(_JUDGES, start):
        before = ""  # 这条规则导演解释得不对: the rule the topic, the director's reading contested
    return bool(
        _NAMING_LEAD.search(before)
        or _NAMING_TAIL.match(after)
        or _NAMING_LIST.search(before)
        or _forbidden_unturned(text, sentence, start)
        or _banned_earlier(text, sentence, start)
        or _listed_then_banned(text, sentence, start, before, after)
    )


# A list of topics, then a clause that bans them all (马甲、替补、场外助理，这几样提一个字都要
# 吃牌): the reminder of a rule (the sentence names the penalty: :func:`named_as_rule`).
_THESE = re.compile(
    r"[，,：:]\s*(?:这|那|以上)(?:[几两三四五六七八九十]样|些|几种|几个|[两三四五六七八九十]个|几条|几项)"
)


def _listed_then_banned(
    text: str, sentence: tuple[int, int], start: int, before: str, after: str
) -> bool:
    if not (before.rstrip().endswith("、") or after.startswith("、")):
        return False
    _lo, hi = around(text, start, start + 1, CLAUSE_MARKS)
    return bool(_THESE.match(text, hi, sentence[1]))


# Talk of a topic refused plainly (提马甲、讨论替补和场外助理都不行): the topic after a verb of
# talk or inside a list, its clause closed by 都不行.  (替补都不行 alone is about the players.)
_TALK_VERB_BEFORE = re.compile(r"(?:提|讨论|说|聊|谈|拆|问|提及|提到)\s*$")

_ALL_REFUSED = re.compile(
    r"^[^，,。！？!?]{0,24}?(?:也|都|一律|全都)(?:不行|不可以|不允许|不能提|不能聊|不能说)"
)


def talk_refused(before: str, after: str) -> bool:
    listed = before.rstrip().endswith(("、", "和")) or after.startswith(("、", "和"))
    return (listed or bool(_TALK_VERB_BEFORE.search(before))) and bool(_ALL_REFUSED.match(after))


# A question about the rules, the act its topic (我想问下规则，发誓和担保是一回事吗？ 场外助理只有
# 新人才能申请吧？我看规则是这么写的): asked, not done.  Only the clause the question mark
# closes: 我发誓我是好人，这不算违规吧？ is still an oath.
_RULE_ASKED = re.compile(
    r"规则|规定|违规|犯规|判罚|怎么判|算不算|吃牌|罚牌|申请|请问"
    # a permission asked (我能问一下吗：结束以后能不能加微信？)
    r"|(?:问一下|问下|想问|问问)[^？?]*(?:能不能|可不可以|可以吗|行吗|允许|能吗)"
)


def asked_of_rules(text: str, m: PhraseMatch) -> bool:
    s_lo, s_hi = around(text, m.start, m.end, SENTENCE_PUNCT)
    if s_hi >= len(text) or text[s_hi] not in "？?":
        return False
    _lo, hi = around(text, m.start, m.end, CLAUSE_MARKS)
    if hi != s_hi:
        return False
    follow = text[s_hi + 1 : s_hi + 12]
    return bool(_RULE_ASKED.search(text, s_lo, s_hi) or _RULE_AFTER.match(follow))


# The next sentence says it was a question of the rules (我看规则是这么写的, 我只是问规则).
_RULE_AFTER = re.compile(r"[^。！？!?]{0,6}规则")

# A ban on talking of a topic, earlier in the sentence: 请不要讨论评奖，MVP什么的揭秘帖开了再说.
# What follows it in the same sentence is the topic the ban names, unless the poster turns
# against it (但我还是要说).
# A numbered clause of the rules cited (判罚依据第三条是关于导演的, 规则第4条): the sentence is
# a reminder of that clause.
_CLAUSE_CITED = re.compile(
    r"(?:规则|规定|判罚依据|违规判定|条款|规则帖)[^，,。！？!?]{0,3}第\s*[一二三四五六七八九十\d]+\s*条"
)

_TOPIC_BAN = re.compile(
    r"(?:不要|不能|不许|不准|禁止|严禁|别|不让|不允许|不可以)(?:再|在[^，,。！？!?]{1,6})?"
    r"(?:讨论|提及|提到|提起|聊|谈论)"
)


def _forbidden_unturned(text: str, sentence: tuple[int, int], start: int) -> bool:
    """A rule forbidding the topic in the sentence (:data:`_RULE_FORBIDS`), and the poster not
    turning against it before the match (规则说不能讨论评奖，但我还是要说MVP给9号)."""
    rule = _RULE_FORBIDS.search(text, *sentence)
    return rule is not None and not (rule.end() <= start and TURN.search(text, rule.end(), start))


def _banned_earlier(text: str, sentence: tuple[int, int], start: int) -> bool:
    """Does a ban on talking of a topic stand earlier in the sentence, before ``start``,
    with no turn against it in between?"""
    s_lo, s_hi = sentence
    if not RULE_NAMED.search(text, s_lo, s_hi):
        return False  # (不能 alone is no rule: 你不能说我是狼，我发誓……)
    bans = [b.end() for b in _TOPIC_BAN.finditer(text, s_lo, max(s_lo, start))]
    return bool(bans) and not TURN.search(text, bans[-1], max(bans[-1], start))


# 替补 as the rules and the director use it: the noun alone (not 换替补, 找替补), in a
# sentence that names the director or the rules and uses it as no evidence.
_SUBSTITUTE_NOUNS = frozenset(("替补", "替补玩家", "替补上", "替补进来"))

# (the director by his other names when he states it: 法官说, 主持人公告; 法官能不能… asks him)
_ANNOUNCED_BY = re.compile(
    r"导演|规则|规定|公告|通知|进程帖"
    r"|(?:法官|主持人)(?:已经|早就|之前|昨天|今天)?(?:说|讲|公告|通知|宣布|规定|安排|写|发)"
)

_AS_EVIDENCE = re.compile(r"狼|好人|认|像|风格|变了|难怪|怪不得|肯定|一看就|怎么")


def substitute_as_announced(text: str, m: PhraseMatch, lo: int, hi: int) -> bool:
    """导演说替补明天上: the fact, stated (no finding); 他这么换替补我怎么认他狼 stays, and so
    does the poster's own arrangement told to the director (导演，我走了就让我老伴做我的替补):
    the director called by name (导演，…) announces nothing."""
    called = _CALLED_DIRECTOR.match(text, lo)
    start = called.end() if called else lo
    return (
        m.text in _SUBSTITUTE_NOUNS
        and bool(_ANNOUNCED_BY.search(text, start, hi))
        and not _AS_EVIDENCE.search(text, lo, hi)
        and not _ASKED_OF_DIRECTOR.search(text, start, m.start)
    )


# The director asked, in the thread, to find or change a substitute (导演能不能给3号找个替补,
# 请导演帮他换个替补): the poster's own talk of substitutes (M107 违规判定 4(3)), not an
# announcement of the director's.
_ASKED_OF_DIRECTOR = re.compile(
    r"(?:导演|法官|主持人)[，,]?\s*(?:能不能|能否|可不可以|可以|请|麻烦|快|赶紧|要不)(?:你)?(?:给|帮|替|为)"
    r"|(?:请|麻烦|求)(?:导演|法官|主持人)(?:给|帮|替|为)"
)


_CALLED_DIRECTOR = re.compile(r"\s*(?:导演|法官|主持人)(?:大人)?[，,：:]")
