"""Another player's act or words told by the poster: his oath reported (他刚才发誓了),
his post pointed at and handed on (阿飞昨天那句发誓已经吃了蓝牌), his stated intent reported as a
violation (有人说要私下找替补，这是违规的), or the words disowned (那句卧槽不是我说的, 不是我刷屏)."""

from __future__ import annotations

import re

from auditor.rules.phrasematch import PhraseMatch
from auditor.rules.said.text import CLAUSE_MARKS, REPORT_CUE, RULE_NAMED, RULE_WORD, TOPICS, around

# Another player's oath or guarantee, reported: 他刚才发誓了, 3号以人格担保过; or named
# to him: 你刚才那是发誓吧, 他这算担保了.
_REPORTED_BY = re.compile(
    r"(?:他|她|他们|她们|别人|有人|某人|楼上|楼下|对面|\d+\s*号|[一二三四五六七八九十]+号)"
    r"(?:刚才|刚刚|昨天|今天|之前|刚|都|也|还|又|居然|竟然|一直|在|还在|已经)*\s*$"
    r"|(?:你|他|她|\d+\s*号)(?:刚才|刚刚|昨天|今天|之前|刚)*(?:那|这)(?:句|个|样)?(?:就|也)?"
    r"(?:是|算|算是|叫|属于)(?:在)?\s*$"
)

# An oath is the poster swearing: 我发誓, or 发誓 with no subject before it (对天发誓我是好人).  A
# post that comments on, reports or quotes someone else's oath is not his (M107 违规判定 3(1)
# “明显的发誓句式”; fh42 item 8): the oath's subject is the one he talks to (你发誓也没用, 你敢
# 发誓吗; not 我跟你发誓), someone else who has sworn (北风都发誓了, 老王也发过誓), or the oath
# is the subject of the poster's comment (发誓都来了, 连毒誓都搬出来了, 发誓也没用).
_ADDRESSEE = re.compile(
    r"(?<![跟向对给和同冲与])你们?"
    r"(?:就算|即使|哪怕|就是|再|都|也|还|又|刚才|刚刚|昨天|今天|之前|刚|现在|要是|敢|能|要|想|光|只|只会|老是|总是|一直)*\s*$"
)

# 北风都发誓了: a subject that is not the poster, an adverb of "already, even", and the act done
_SOMEONE_HAS = re.compile(
    r"[^我\s，,。！？!?都也已经居然竟然还又连]\s*(?:都|也|已经|已|居然|竟然|还|又|早就|早)+\s*$"
)

_DONE = re.compile(r"^(?:了|过)")

_DONE_IN = re.compile(r"[了过]")  # 发过誓, 发了个毒誓

# 发誓都来了, 连发誓都搬出来了, 发誓也没用: the oath the subject of a comment on it
_COMMENTED = re.compile(
    r"^(?:都|也|这招|这一招|这种话|这套)?"
    r"(?:来了|出来了|上了|用上了|搬出来了|拿出来了|使出来了|整出来了|掏出来了|喊出来了|上场了|安排上了"
    r"|没用|没有用|不管用|有什么用|有啥用|顶什么用|顶啥用|算什么|算啥|没意义|没意思"
    # (Cantonese, fh46: 肠粉发誓都冇用㗎, 发誓有咩用, 发誓唔管用)
    r"|冇用|冇咩用|冇乜用|冇乜鬼用|有咩用|有乜用|唔管用|冇意思)"
)


def oath_not_his(m: PhraseMatch, before: str, after: str) -> bool:
    """你发誓也没用, 北风都发誓了, 发誓都来了: another's oath, talked of (the kind above)."""
    # (whose oath: the words after the clause's last space, 我是好人 布丁你发誓也没用)
    near = (before.rstrip().split() or [""])[-1] + (" " if before[-1:].isspace() else "")
    if "我" in m.text or "我" in near or "本人" in near:
        return False
    before = near
    if _ADDRESSEE.search(before):
        return True
    if _SOMEONE_HAS.search(before) and (_DONE.match(after) or _DONE_IN.search(m.text)):
        return True
    return bool(_COMMENTED.match(after)) or (before.endswith("连") and after.startswith("都"))


# Someone else's act reported (听说有人私下找替补，这不对，规则写了不能; 10号刚才骂人了): the
# poster tells of it, in a sentence that names the rule or is a report of swearing.
_SOMEONE_BEFORE = re.compile(
    r"(?:听说|据说|有人|别人|他|她|他们|\d+\s*号|[一二三四五六七八九十]+号)"
    r"[^，,。！？!?我]{0,8}$"
)


def other_reported(text: str, m: PhraseMatch, sentence: tuple[int, int], before: str) -> bool:
    if "我" in m.text or not _SOMEONE_BEFORE.search(before):
        return False
    if m.category == "EMOTION":
        return m.text.startswith("骂")  # 有人在帖子里骂人了: a report, not an outburst
    return m.category in TOPICS and bool(RULE_NAMED.search(text, *sentence))


def denied_as_own(m: PhraseMatch, before: str) -> bool:
    """不是我刷屏，是论坛重复发了: the act denied as the poster's (not 不是我的锅, the very
    talk of blame of 030 违规判定 1(1))."""
    return (
        m.category != "BLAME"
        and bool(_NOT_ME.search(before))
        and (m.text.startswith("我") or before.endswith("我"))
    )


# A clause whose subject is 自己 with no 我 (自己有问题就发誓), after a clause of the sentence
# that speaks to or of someone else (肠粉你杀品真差，…): his 自己, the habit of the one taunted
# (fh46: a taunt about swearing, no oath; 030 违规判定 2(5), M107 3(1)).  我自己, or a sentence
# with no one else in it, keeps it the poster's.
_SELF_CLAUSE = re.compile(r"^\s*自己")
_OTHER_IN_SENTENCE = re.compile(r"你|他|她")


def self_of_other(text: str, m: PhraseMatch, s_lo: int, before: str) -> bool:
    """自己有问题就发誓 said to 肠粉你…: the oath is the one taunted, not the poster's."""
    if "我" in m.text or "我" in before or not _SELF_CLAUSE.match(before):
        return False
    head = text[s_lo : m.start - len(before)]
    return "我" not in head and bool(_OTHER_IN_SENTENCE.search(head))


def reported_of_other(
    text: str, m: PhraseMatch, sentence: tuple[int, int], before: str, after: str = ""
) -> bool:
    """Another's oath or guarantee (他刚才发誓了), act pointed at and handed on, or stated
    intent reported as a violation."""
    s_lo, s_hi = sentence
    if m.category in ("OATH", "GUARANTEE") and (
        _REPORTED_BY.search(before)
        or oath_not_his(m, before, after)
        or self_of_other(text, m, s_lo, before)
    ):
        return True
    return _reported_act(text, m, s_lo, s_hi) or _reported_intent(text, m, s_lo, s_hi, before)


# ... or advised against, right before it (不用拿人格担保, 没必要发誓)
# ... or denied as the poster's own, right before it (不是我刷屏, 并不是我发誓)
_NOT_ME = re.compile(r"(?:不是|并不是|并非|可不是|绝不是|才不是)我?\s*$")

# A phrase of a named act pointed at as words already posted (他那句发誓, 用人格担保的那帖)
# in a sentence that reports them (已经吃了蓝牌, 导演自会处理).
_POINTED_BEFORE = re.compile(r"(?:那句|这句|那个|那条|那次)\s*$")

_POINTED_AFTER = re.compile(r"^(?:的|过的|了的)?(?:那句|那帖|那条|那楼|那段|这句|那次|的话)")


def _reported_act(text: str, m: PhraseMatch, s_lo: int, s_hi: int) -> bool:
    """阿飞昨天那句发誓已经吃了蓝牌: an act named as another's post, handed on."""
    if not REPORT_CUE.search(text, s_lo, s_hi):
        return False
    before = text[max(s_lo, m.start - 4) : m.start]
    after = text[m.end : min(s_hi, m.end + 5)]
    if "我" in text[max(s_lo, m.start - 6) : m.start]:
        return False  # 我那句发誓: the poster's own
    return bool(_POINTED_BEFORE.search(before) or _POINTED_AFTER.match(after))


# Another's stated intent, told in the poster's clause (有人在帖里说要私下找替补, 5号说想去
# 拆马甲), in a sentence that hands it on as a violation (这是违规的, 请导演看一下).
_SAID_BY_OTHER = re.compile(
    r"(?:有人|别人|某人|他|她|他们|她们|楼上|楼下|对面|\d+\s*[楼号]|[一二三四五六七八九十]+号)"
    r"[^，,。！？!?我]{0,6}?(?:说|讲|提议|提出|表示|喊着?|嚷嚷着?)(?:了|过)?(?:要|想|去|会)?"
)

_CALLED_VIOLATION = re.compile(r"(?:这|那|这样|那样|这个)(?:是|算|属于)?(?:违规|犯规)")


def _reported_intent(text: str, m: PhraseMatch, s_lo: int, s_hi: int, before: str) -> bool:
    """有人说要私下找替补，这是违规的: another's words, reported as a violation."""
    if not _SAID_BY_OTHER.search(before):
        return False
    return bool(REPORT_CUE.search(text, s_lo, s_hi) or _CALLED_VIOLATION.search(text, m.end, s_hi))


# Words already posted, pointed at and disowned (那句卧槽不是我说的): the poster denies them,
# whatever their category.
_DISOWNED_POINTER = re.compile(r"(?:那句|这句|那个|这个|那条)\s*$")

_NOT_MINE = re.compile(
    r"\s*(?:这个?词|这话|这几个字)?(?:不是|并不是|并非|可不是)(?:我|本人)(?:说|写|发|讲|骂|打)的"
)


def disowned_words(text: str, m: PhraseMatch) -> bool:
    return bool(
        _DISOWNED_POINTER.search(text, max(0, m.start - 4), m.start)
        and _NOT_MINE.match(text, m.end)
    )


# Another player's insult told to the director without quotation marks (8号骂5号狗东西，这算
# 违规吗; 有人骂我白痴，请导演处理; 有人骂对方“废物”，被通报了): the words right after
# "<someone else> 骂 <whom>" (a short noun phrase, the words perhaps in quotes), in a
# sentence that hands them on (a report, or a question of the rules).  The poster's own 骂
# (我骂他狗东西怎么了) and an insult said again in a clause of his own stay.
_INSULT_BY_OTHER = re.compile(
    r"(?:他|她|有人|有个|有位|有一个|别人|某人|楼上|楼下|对面|\d+\s*[楼号]|[一二三四五六七八九十]+号)"
    r"[^，,。！？!?我]{0,8}?骂(?:了|过)?(?:一句|句)?"
    r"(?:我|你|他|她|人|\d+\s*号|[一二三四五六七八九十]+号|(?:对方|对面|那个|这个)?[^，,。！？!?我“”「」『』\"']{1,4}?)?"
    r"(?:是|作|成)?\s*[“「『\"']?\s*$"
)


def insult_reported(text: str, m: PhraseMatch, sentence: tuple[int, int]) -> bool:
    lo, _ = around(text, m.start, m.end, CLAUSE_MARKS)
    if not _INSULT_BY_OTHER.search(text, lo, m.start):
        return False
    return bool(REPORT_CUE.search(text, *sentence) or RULE_WORD.search(text, *sentence))


# Someone's words told by the poster: a speaker (他, 有人, N号; a player of the game, named by
# :func:`named_reported`), his saying (说, 讲, 话 in Cantonese, 骂), at most the one the words were
# about (别人, 你, 3号), then the words (芋圆说别人智商有问题 急了: fh46c, a 改票理由; 有人说你脑子
# 有问题): the speaker's taunt, told, not the poster's (M107 违规判定 1(4), 030 2(4) are his).
# 他说的都是屁话, 他说话太难听 (说 followed by 的/话) are the poster's judgement of them.
_SAYS_THEN = (
    r"(?:刚才|刚刚|昨天|今天|之前|都|也|还|又|一直|老是|总是|居然|竟然|在|就)*"
    r"(?:说|讲|话|骂|讲过|说过|骂过)(?:了|过)?"
    r"(?:别人|人家|大家|你们?|他们?|她们?|我们?|佢|\d+\s*号|[一二三四五六七八九十]+号)?"
    r"(?:是|就是|真是|太|好|很|嘅|的)?\s*$"
)
_SPEAKER = (
    r"(?:他|她|他们|她们|佢|有人|别人|某人|楼上|楼下|对面|\d+\s*[楼号]|[一二三四五六七八九十]+号)"
)
_REPORTED_WORDS = re.compile(f"(?<![我咱])(?<![跟向对给和同与替帮]){_SPEAKER}{_SAYS_THEN}")
_SAID_AFTER_NAME = re.compile(_SAYS_THEN)

# The one who swears, right after his name: nothing, the one he is told to (你), or an adverb
# of "already, even, again" (肠粉发誓都冇用, 布丁你发誓也没用, 北风刚才发誓了).
_SWORE_AFTER_NAME = re.compile(
    r"\s*(?:你们?)?(?:就算|即使|哪怕|再|都|也|还|又|刚才|刚刚|昨天|今天|之前|刚|已经|居然|竟然|一直"
    r"|老是|总是|只会|光|在|就)*\s*$"
)

# A name right after one of these is its object (我跟肠粉发誓, 替布丁担保), not its subject.
_PREPOSITIONS = frozenset("跟向对给和同与替帮冲")


def words_reported(text: str, m: PhraseMatch) -> bool:
    """有人说你脑子有问题: another's words, told (:data:`_REPORTED_WORDS`)."""
    lo, _ = around(text, m.start, m.end, CLAUSE_MARKS)
    return "我" not in m.text and bool(_REPORTED_WORDS.search(text, lo, m.start))


def named_reported(text: str, m: PhraseMatch, names: list[tuple[int, int]]) -> bool:
    """A player of the game, named by the poster, whose oath or guarantee this is (肠粉发誓都
    冇用㗎, 布丁你发誓也没用: fh46, fh46c) or whose words these are (芋圆说别人智商有问题).
    ``names``: where the game's players other than the poster are named in ``text``."""
    if "我" in m.text:
        return False
    lo, _ = around(text, m.start, m.end, CLAUSE_MARKS)
    for a, b in names:
        if not (lo <= a and b <= m.start) or (a > 0 and text[a - 1] in _PREPOSITIONS):
            continue
        between = text[b : m.start]
        for c, d in names:  # (another player the words were about: 芋圆说布丁…)
            if b <= c and d <= m.start:
                between = between.replace(text[c:d], "他")
        if "我" in between:
            continue
        if m.category in ("OATH", "GUARANTEE") and _SWORE_AFTER_NAME.match(between):
            return True
        if _SAID_AFTER_NAME.match(between):
            return True
    return False
