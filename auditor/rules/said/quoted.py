"""A phrase inside a quotation that is not the poster's own saying: quoted in a rule
reminder (禁止说“我发誓”), another player's words reported (举报：30楼有人写了「…」, like a
[quote] block, DESIGN §8), or a quoted word weighed as a word (我不吃“贴脸”这一套).  The
poster's own words in quotes (我就说一句「你是sb」) stay his."""

from __future__ import annotations

import re

from auditor.rules.said.text import (
    ANY_OPENING,
    CLOSING,
    OPENING,
    REPORT_CUE,
    RULE_WORD,
    SENTENCE_PUNCT,
    around,
)

# What a rule reminder says right before a quoted phrase: 禁止说“…”, 规则里写了“…”.
_RULE_LEAD = re.compile(
    r"(?:(?:禁止|不许|不准|不得|不能|不要|别)(?:说|讲|用|发|写|出现)?"
    r"|(?:规则|规定|违规判定)(?:里|中|上)?(?:写了|写着|说了|说|规定)?"
    r"|所谓|叫做|比如|例如)\s*[：:]?\s*$"
)

# ... and right after it: “不信等揭秘”这种话别说, “我发誓”也算违规.
_RULE_TAIL = re.compile(
    r"^\s*(?:这种|这类|这样的|之类的?|这些)?(?:话|说法|字眼|词|句式)?\s*"
    r"(?:也|都|就|是)?(?:别说|不能说|不要说|不许说|不准说|禁止|不允许|算违规|是违规|违规|犯规|要吃牌|会被罚|被罚)"
)

# Whose words a quotation holds: 你那句“…”, 他刚才说的那个“…”, 规则的例子是“…”.
_QUOTED_FROM = re.compile(
    r"(?:(?:你|恁|您|他|她|佢|\d+\s*号|楼上)[^，,。！？!?]{0,6}(?:那句|这句|那个|说的|说过)|例子是|例句)"
    r"(?:那个|这个|的)?[：:]?\s*$"
)

# ... or a quoted word, weighed as a word (我不吃“贴脸”这一套, 说“上一场”不行那说“上一个讨论日”
# 可以吧): what may be said, not said
_QUOTE_WEIGHED_AFTER = re.compile(
    r"^\s*(?:这一套|那一套|这套|那套|这种说法|这个说法|这一说|这个词|这种话|这几个字|[一二两三四五六七八九十\d]+个字)"
    r"|^\s*(?:不行|可以吗|可以吧|行吗|行不行|算不算|算吗|能说吗|能不能说|违规吗|犯规吗)"
    # “淹死”是一种出局方式, “贴脸”是指什么: the word defined, or asked what it means
    r"|^\s*(?:是一种|是一个|是指|指的是|就是指|的意思是|意思是|是什么意思|啥意思|是啥意思)"
)

_QUOTE_WEIGHED_BEFORE = re.compile(r"(?:不吃|不信|不认|不买|不接受|不赞成|反对)\s*$")


# ... or named as a character or a word of writing (老师说我的“逼”字结构不对, “日”这个字): the
# written sign, for any category, insults too; handed to someone (“傻逼”二字送给你) it is said.
_QUOTE_AS_WRITING = re.compile(
    r"^\s*(?:这个|这一个|那个)?(?:字|词)(?!送|给|奉)"
    r"|^\s*(?:这|那)?(?:[一二两三四五六七八九十\d]+个字|二字)(?!送|给|奉)"
)

# A character named by a word it is written in (草莓的草, “逼近”的逼): which character, not the word.
_NAMED_BY_WORD = re.compile(r"([\u4e00-\u9fff]{2,4})[”」』\"']?\s*的\s*$")


# ... or called a bad word itself (“信球”是骂人话, 「仆街」係粗口): a word weighed as one, told as
# what not to say, for any category; handed to someone (“傻逼”这词送你) it is said.
_QUOTE_AS_BAD_WORD = re.compile(
    r"^\s*(?:这个?词|这种话|这句话?|这几个字|两个字|二字)?(?:本身)?(?:就|也|都)?(?:是|算|属于|係|系)"
    r"(?:一句|一个|个|句)?(?:骂人|脏话|粗话|粗口|骂人话|侮辱|不文明|不礼貌|难听)"
)


def named_as_bad_word(text: str, start: int, end: int) -> bool:
    """Is the match the whole of a quotation called a bad word (“信球”是骂人话)?"""
    if start == 0 or text[start - 1] not in CLOSING or end >= len(text):
        return False
    if text[end] != CLOSING[text[start - 1]]:
        return False
    return bool(_QUOTE_AS_BAD_WORD.match(text[end + 1 : end + 16]))


def named_as_writing(text: str, start: int, end: int) -> bool:
    """Is the match the whole of a quotation named as a character or word (“逼”字), or a
    character named by a word it is written in (“逼近”的逼, 日子的日)?"""
    word = text[start:end]
    got = _NAMED_BY_WORD.search(text, max(0, start - 8), start) if len(word) == 1 else None
    if got and word in got.group(1):
        return True
    if start == 0 or text[start - 1] not in CLOSING or end >= len(text):
        return False
    if text[end] != CLOSING[text[start - 1]]:
        return False
    return bool(_QUOTE_AS_WRITING.match(text[end + 1 : end + 8]))


def talked_of_in_quotes(text: str, start: int, end: int) -> bool:
    """Is the match the whole of a quotation that the words around weigh as a word?"""
    if start == 0 or text[start - 1] not in CLOSING or end >= len(text):
        return False
    if text[end] != CLOSING[text[start - 1]]:
        return False
    before, after = text[max(0, start - 9) : start - 1], text[end + 1 : end + 12]
    return bool(_QUOTE_WEIGHED_AFTER.match(after) or _QUOTE_WEIGHED_BEFORE.search(before))


def quoted_as_rule(text: str, start: int, end: int) -> bool:
    """Is [start, end) a phrase quoted in a rule reminder (禁止说“我发誓”)?  The rule word
    must stand right before the opening quote or right after the closing one, and the quote
    must hold little more than the phrase: a real oath wrapped in quotes after other words
    is still an oath."""
    if ANY_OPENING.search(text, 0, start) is None:
        return False  # (most posts: no quotation mark before the phrase)
    pos, mark = max((text.rfind(q, 0, start), q) for q in OPENING)
    close = text.find(CLOSING[mark], pos + 1)
    if close < end or (mark in "\"'" and text.count(mark, 0, pos) % 2):
        return False  # not inside a closed quotation (or that mark closes an earlier one)
    extra = (close - pos - 1) - (end - start)
    if extra > 12:
        return False  # the quote says much more than the phrase
    s_lo, s_hi = around(text, pos, close + 1, SENTENCE_PUNCT)
    if _QUOTED_FROM.search(text, max(s_lo, pos - 12), pos):
        return True  # 你那句“…”, 他说的那个“…”, 规则的例子是“…”: someone else's words
    if extra > 2:
        return False  # the quote says more than the phrase, with no one named as its author
    if _RULE_LEAD.search(text[max(0, pos - 10) : pos]) or _RULE_TAIL.match(
        text[close + 1 : close + 16]
    ):
        return True
    # “…”会被判蓝牌的: a short quotation in a sentence about rules and penalties.
    return bool(RULE_WORD.search(text, s_lo, pos) or RULE_WORD.search(text, close + 1, s_hi))


# Who said it, right before the quotation: a third party and a verb of saying, or a
# pointer at words already posted (22楼那句, 他原话是).
_QUOTE_AUTHOR = re.compile(
    r"(?:有人|别人|某人|他|她|他们|她们|楼上|楼下|对面|\d+\s*[楼号]|[一二三四五六七八九十]+号|"
    r"[^\s，,。！？!?：:、「『“\"'我你]{1,4}?)"
    r"(?:刚才|刚刚|昨天|今天|之前|刚|还|又|居然|竟然|在|也|都)*"
    # where he said it (有人在帖子里骂「…」, 5号在12楼说「…」)
    r"(?:在[^\s，,。！？!?：:「『“\"'我]{1,5}?(?:里|上|中|楼))?"
    r"(?:(?:说了|说过|说的是|说的|说|写了|写的是|写的|写|发了|发的|讲了|讲的|骂了|骂的|骂|喊了|喊|"
    r"原话是|原话|那句话?|这句话?|那条|那帖|那一句|一句"
    # (Cantonese 咗 for 了: 7号讲咗句「…」, 佢话咗「…」)
    r"|(?:说|讲|话|写|发|骂|喊)咗(?:一?句)?"
    r"|(?:那帖|那条|那楼|的帖子?|的发言)(?:里|中)(?:面)?(?:有|写着|写了|写的是|说))(?:是)?"
    # ... and whom he said it of (7号说我「…」, 8号骂6号「…」)
    r"|(?:说|骂|喊|叫)(?:了|过)?(?:我|你|他|她|\d+\s*号|[一二三四五六七八九十]+号)(?:是)?)\s*[：:]?\s*$"
)

# ... or a third party named, who said it to someone (7号跟我说“…”, 他冲我喊了句「…」): the
# words said to the poster or another, handed on (我就跟你说「…」 stays the poster's own).
_QUOTE_SAID_TO = re.compile(
    r"(?<![我咱])(?:有人|别人|某人|他|她|他们|她们|佢|楼上|楼下|对面|\d+\s*[楼号]|[一二三四五六七八九十]+号)"
    r"(?:刚才|刚刚|昨天|昨晚|前天|今天|今早|之前|刚|还|又|居然|竟然|也|都|私下|私信里|私聊里|偷偷)*"
    r"(?:跟|对|冲|朝|和|向|同)(?:我|你|他|她|\d+\s*号|[一二三四五六七八九十]+号)"
    r"(?:说|讲|骂|喊|吼)(?:了|过|咗)?(?:一?句)?(?:话)?\s*[：:]?\s*$"
)

# The poster's own saying, right before it: 我就说一句「…」, 我送你一句「…」 (not 跟我说:
# said to him).
_QUOTE_OWN = re.compile(
    r"(?<![跟对冲朝和向同给])我(?:就|只|也|再|还|今天|偏|偏要|要|想|必须|得)*(?:说|讲|送你|送|回你|回|问你|问|骂你|骂)"
    r"(?:了)?(?:一句|两句|句|一下)?(?:话)?\s*[：:]?\s*$"
)

# ... right after it: 「…」这句是22楼说的, 「…」是他的原话.
_QUOTE_AUTHOR_AFTER = re.compile(
    r"^\s*(?:这句话?|这话|这几个字)?(?:是|就是)?[^，,。！？!?我]{0,6}?"
    r"(?:说的|写的|发的|讲的|骂的|的原话|原话)"
)

# Another player's words named as what he staked (5号用“不信等揭秘”来担保自己身份): the
# author named, then 用/拿 before the quotation and what it was used for after it.
_QUOTE_USED_BY = re.compile(
    r"(?:他|她|有人|别人|某人|楼上|楼下|对面|\d+\s*[楼号]|[一二三四五六七八九十]+号)"
    r"(?:刚才|刚刚|昨天|今天|之前|刚|还|又|居然|竟然|也|都)*(?:用了?|拿了?)\s*$"
)

_QUOTE_USED_FOR = re.compile(r"^\s*(?:来|去)?(?:担保|发誓|保证|证明|赌咒|起誓|诅咒|作保)")

# The verb that hands words on: 说了 / 写了 / 那句 ... (without naming who).
_QUOTE_LEAD = re.compile(
    r"(?:说了|说过|说的|写了|写的|发了|发的|讲了|那句话?|这句话?|那帖|那条|原话是?)(?:是)?\s*[：:]?\s*$"
)


def reported_quote(text: str, start: int, end: int) -> bool:
    """Is [start, end) inside a quotation of someone else's words that the poster reports
    (有人说了「…」，请导演看看)?  Decided from the verbs around the quotation: its author
    named before it, or a verb of saying before it and a report in its sentence; never when
    the poster introduces it as his own (我就说一句「…」)."""
    if ANY_OPENING.search(text, 0, start) is None:
        return False
    pos, mark = max((text.rfind(q, 0, start), q) for q in OPENING)
    close = text.find(CLOSING[mark], pos + 1)
    if close < end or (mark in "\"'" and text.count(mark, 0, pos) % 2):
        return False
    s_lo, s_hi = around(text, pos, close + 1, SENTENCE_PUNCT)
    before = text[max(s_lo, pos - 14) : pos]
    if _QUOTE_OWN.search(before):
        return False  # 我就说一句「你是sb」: his own
    after = text[close + 1 : s_hi]
    if _QUOTE_AUTHOR.search(before) or _QUOTE_AUTHOR_AFTER.match(after):
        return True
    if _QUOTE_SAID_TO.search(before):
        return True
    if _QUOTE_USED_BY.search(before) and _QUOTE_USED_FOR.match(after):
        return True  # 5号刚才用“不信等揭秘”来担保: his words, reported
    reported = REPORT_CUE.search(text, s_lo, s_hi)
    return bool(reported and _QUOTE_LEAD.search(before))
