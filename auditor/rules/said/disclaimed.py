"""The act's word talked of rather than done by the poster: asked what it means
(什么叫贴脸？), named as a word (发誓这两个字), refused or denied (我不赌咒也不打包票, 破防？
不存在的), advised against (不用拿人格担保), or a topic put off until the game is over
(关于评奖，揭秘以后再说)."""

from __future__ import annotations

import re

from auditor.rules.phrasematch import PhraseMatch
from auditor.rules.said.rule import SENT_ELSEWHERE
from auditor.rules.said.text import TOPICS

# The word talked about, not said (issue 35): asked what it means (什么叫贴脸？), disowned
# (发誓这种事我从来不干), put off until the game is over (关于评奖，揭秘以后再说).
_ASKED_BEFORE = re.compile(r"(?:什么|啥)(?:叫做?|是|算)\s*$")

_ASKED_AFTER = re.compile(
    r"^[”」』\"']?(?:(?:是|指|算)?(?:什么|啥)(?:意思)?|是什么意思|什么意思|啥意思|指的是|怎么算)"
    # 发誓算哪一条: where the rules put it, asked
    r"|^[”」』\"']?(?:算|属于|归)(?:哪一条|哪条|第几条|哪一款|哪一类|什么违规|违规吗|犯规吗)"
    # 军师这个说法我不太懂: the word itself, not understood
    r"|^[”」』\"']?(?:这个|这种|这一|这)(?:说法|词|叫法|称呼|角色|设定)[^，,。！？!?]{0,6}"
    r"(?:不太?懂|没懂|没看懂|看不懂|不明白|没听过|没听说过|是什么|是啥|什么意思|啥意思)"
)

# 我不会说任何赌咒的话: the poster disowns saying such words at all
_DISOWNED_BEFORE = re.compile(
    r"(?:不会|从不|从来不|绝不|决不|不想|不愿|不敢|没)(?:说|讲|发|用|写|骂)(?:过)?"
    r"(?:任何|什么|一句|半句|一个)?\s*$"
)

# 我没有说要对天发誓, 我可没说我要发誓: the poster denies having said he would do it (session 51):
# the act talked of, not done
_NOT_SAID_BEFORE = re.compile(
    r"(?:我|本人)[^，,。！？!?]{0,4}?(?:没有?|从来没|并没有?)(?:说|讲)(?:过)?"
    r"(?:我|本人)?(?:要|会|想|打算)\s*$"
)

# The poster's words likened to the act (这话听着像在发誓, 我这么说像是贴脸): a disclaimer
_LIKENED = re.compile(
    r"(?:这话|这句话?|这么说|这样说|这样讲|这么讲)[^，,。！？!?]{0,4}像(?:是|在)?\s*$"
)

# ... the words, or the kind of talk (我不会讲发誓那些: that sort of thing, disowned)
_DISOWNED_WORDS = re.compile(
    r"^(?:的|之类的?|这种|这类|一类的?)?(?:话|字眼|字|词)|^(?:那些|这些|那一?套|这一?套)(?:东西|玩意)?(?:[，,。！!]|$)"
)

_DISOWNED = re.compile(
    r"^(?:[、和与跟或]?[^，,。！？!?这那]{1,4})?"
    r"(?:这种|这类|这样的|之类的?|那一?套|这一?套)(?:事情?|话|行为)?[^，,。！？!?]{0,6}"
    r"(?:从来不|从不|不会|不干|不做|不说|没干过|没做过|没说过|不来|不玩|不搞|不用)"
)

# The word itself named as a word (发誓这两个字我从来不说, 替补这个词): talked of, not said.
_WORD_AS_WORD = re.compile(
    r"^[”」』\"']?(?:这|那)(?:[一两二三四五六七八九几]个字|个字|个词|个说法|种说法)|^[”」』\"']?二字"
)

# The poster refusing the act for himself, right before it (我不赌咒也不打包票, 我从来不发誓):
# an oath, a curse or a guarantee not made.
_REFUSED_BEFORE = re.compile(
    r"(?:我|本人)[^，,。！？!?]{0,8}?(?:也|就|才|从来|从|绝|决|可)?"
    r"(?:不|没|不会|不想|不愿|不爱|不用|懒得)(?:去|再)?[“\"「『]?\s*$"
)

_OTHERS = frozenset("你您恁他她佢")

_NOT_DOING = re.compile(r"(?:不是|并不是|并非|可不是|没有?)(?:在|要)?\s*$")

# Drowning denied by the poster (我不是在灌水哈，…): a pattern's match may start inside the act's
# own word (水哈 of 灌水哈), whose first character then stands before it.
_NOT_DROWNING = re.compile(
    r"(?:我|本人)(?:可|真|真的)?(?:不是|并不是|并非|没有?)(?:在|要)?(?:灌|刷)?\s*$"
)

# The poster denies a substitute or a helper of his own (我不是替补, 我没找替补, 本人没有场外助理):
# 030 违规判定 4(5)/4(6) are about having one, and a denial tells of none.
_NOT_MINE = re.compile(
    r"(?:我|本人)(?:可|真|真的|也|又|从来|根本|绝对)?(?:不是|并不是|并非|没有?|从没有?|从来没有?)"
    r"(?:找|请|叫|用|让)?(?:过)?(?:什么|啥|任何)?\s*$"
)

# The poster refuses or denies the talk of accounts for himself, naming no one (我不认识谁是谁的
# 马甲，也不想知道; 我不喜欢猜马甲; 我没开马甲): M107 违规判定 4(1) and 030 4 forbid hinting at an
# account or unmasking one, and a refusal that points at no player does neither.  Another
# player named in the clause (我不信12号不是马甲, 我不告诉你我的马甲) keeps it.
_NO_UNMASKING = re.compile(
    r"(?:我|本人|俺)(?:也|从来|从|根本|才|可|真|真的|压根|一向)?"
    r"(?:不|没|没有|懒得|从不|从没)[^，,。！？!?你您恁他她佢\d号]{0,6}$"
)

_PROMISED_NOT = re.compile(r"(?:尽量|争取|努力|保证|一定|绝)(?:不|别)(?:再|去)?\s*$")

# Grounds disclaimed (我不是因为贴脸才信): not the grounds of 030 违规判定 2(8).
_NOT_GROUNDS = re.compile(r"(?:不是|并不是|并非|不)(?:因为|靠|凭|看)\s*$")

# A topic disclaimed (跟本场马甲没关系): 030 违规判定 4 is about hinting it, not denying it.
_UNRELATED_BEFORE = re.compile(r"(?:跟|和|与)(?:本场|这局|这场|这个游戏|游戏里?)?(?:的)?\s*$")

_UNRELATED_AFTER = re.compile(r"^(?:的事)?(?:没关系|没有关系|无关|不相干|扯不上)")

_PUT_OFF = re.compile(
    r"(?:以后|之后|后|完|结束|揭秘|赛后)再(?:说|聊|谈|讨论)|留到(?:赛后|揭秘|结束)|(?:赛后|揭秘后|结束后)(?:再|去)?(?:聊|说|谈)"
    # 评奖是结束以后的事: it belongs to after the game
    r"|^是?(?:游戏|比赛)?(?:结束|揭秘|赛后|复盘)(?:以后|之后|后)?的事"
)

_TOPIC_TAIL = re.compile(r"^(?:的事情?|的话题|的问题|这事|这件事|方面|的)?\s*$")

# ... answered no right after it was asked (破防？不存在的), or said not to exist (本场规则没有
# 淹死这一说)
DENIED = re.compile(
    r"[”」』\"']?\s*(?:[？?]+\s*(?:不存在的?|没有的事|不可能|怎么可能|想多了|才没有|哪有)"
    r"|(?:这一说|这个说法|这种说法|这回事|这码事|一说)(?:吧|啊|的)?(?:[，,。！!]|$))"
)

# Nobody does the act (今天没人说脏话, 这局谁都没发誓): its absence stated, not the act done.  Only
# for the categories of an act a player does by his words (_NOBODY_ACTS): a taunt still lands after
# one (没人比你蠢 is IQ: 比你 comes between), and a topic is named whoever is said to have done it
# (没人在上一局跳预言家，就你跳了 talks of the past game; 没人知道他的马甲 names the account).
_NOBODY_BEFORE = re.compile(
    r"(?:没人|没有人|没谁|无人|谁(?:都|也)没有?|一个人都没有?|一个都没有?)(?:再|又|在|敢|会|去|乱)?\s*$"
)

# The categories of an act a player does by his words: swearing, cursing, vouching, blaming,
# staking his face, an outburst, drowning on purpose, a dialogue with the director published.
_NOBODY_ACTS = frozenset(
    ("OATH", "CURSE", "GUARANTEE", "FACE", "BLAME", "EMOTION", "DROWN", "DIRECTOR")
)

# 贴脸 weighed as a way of reading people (如果说贴脸能判断，那游戏就不用玩了; 贴脸不靠谱): the
# method judged, in a sentence that reads nobody by it; 030 违规判定 2(8) is using it as grounds
# on a player (贴脸读人，3号好人 names one).
_METHOD_WEIGHED = re.compile(
    r"(?:真的|根本|从来|并|就|也|都)?(?:能|可以|不能|不可以|没法|无法|就能|才能|不|没)?"
    r"(?:判断|分辨|说明|证明|当真|作数|算数|靠谱|可信|准|有用|没用|管用|靠得住|靠不住|当依据|当证据)"
)
_ANYONE_READ = re.compile(
    r"\d+\s*号|[一二三四五六七八九十]+号|他|她|你|狼|好人|身份|预言家|女巫|猎人|守卫|平民|神职|村民"
)


def method_weighed(text: str, m: PhraseMatch, sentence: tuple[int, int]) -> bool:
    """Is 贴脸 the subject of a judgement of its worth, in a sentence naming no player or
    side it would read?"""
    if m.category != "FACE" or m.text != "贴脸":
        return False
    if not _METHOD_WEIGHED.match(text, m.end):
        return False
    return not _ANYONE_READ.search(text, *sentence)


ADVISED_AGAINST = re.compile(r"(?:不用|不必|无需|没必要|用不着|犯不着|不需要)(?:再|去)?\s*$")


def _disclaimed(m: PhraseMatch, before: str, after: str) -> bool:
    """Is the act's word named as a word, refused or denied by the poster, or disclaimed,
    in its clause (``before``, ``after``)?"""
    if _WORD_AS_WORD.match(after):
        return True  # 发誓这两个字我从来不说: the word named
    if m.category in ("OATH", "GUARANTEE", "CURSE", "FACE") and (
        _REFUSED_BEFORE.search(before) or _NOT_DOING.search(before)
    ):
        return True  # 我不赌咒也不打包票, 我不贴脸: refused; 不是咒他啊: denied
    if m.category in ("SUBSTITUTE", "ASSISTANT") and _NOT_MINE.search(before):
        return True  # 我不是替补，我从第一天就在: denied
    if m.category == "SOCKPUPPET" and _NO_UNMASKING.search(before) and _OTHERS.isdisjoint(m.text):
        return True  # 我不认识谁是谁的马甲: refused, no one named
    if m.category == "DROWN" and _NOT_DROWNING.search(before):
        return True  # 我不是在灌水哈: denied
    if m.category == "BLAME" and m.text in ("拖后腿", "坑队友") and _PROMISED_NOT.search(before):
        return True  # 这局我尽量不拖后腿: a promise, not blame
    if m.category in _NOBODY_ACTS and _NOBODY_BEFORE.search(before):
        return True  # 今天没人说脏话: nobody did it
    if m.category == "FACE" and _NOT_GROUNDS.search(before):
        return True  # 我不是因为贴脸才信: disclaimed
    return bool(_UNRELATED_BEFORE.search(before) and _UNRELATED_AFTER.match(after))


def spoken_of(m: PhraseMatch, before: str, after: str, rest: str) -> bool:
    """Is a named act's word asked about, disowned, or (a topic's) put off until later, in
    the clause around it (``before``, ``after``) or the rest of its sentence (``rest``)?"""
    if _ASKED_BEFORE.search(before) or _ASKED_AFTER.match(after) or _DISOWNED.match(after):
        return True
    if _DISOWNED_BEFORE.search(before) and _DISOWNED_WORDS.match(after):
        return True
    if _NOT_SAID_BEFORE.search(before):
        return True
    if _disclaimed(m, before, after):
        return True
    if _LIKENED.search(before):
        return True  # 我知道这话听着像在贴脸: the poster's own words, likened and disclaimed
    if m.category not in TOPICS:
        return False
    if after.startswith("的") and re.match(SENT_ELSEWHERE, after):
        return True  # 想拆马甲的去树洞拆: whoever wants it, sent there
    # the topic alone in its clause (关于评奖，…) is put off by the next clause; said with
    # more (MVP给9号，其他的赛后再说: a sentence pattern, or words after it), only by its own
    said = "句式" in m.how or not _TOPIC_TAIL.match(after)
    if said:
        return bool(_PUT_OFF.search(after))
    reach = rest.find("，", len(after) + 1)
    return bool(_PUT_OFF.search(rest, 0, reach if reach >= 0 else len(rest)))
