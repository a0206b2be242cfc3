"""What the said-or-mentioned checks share: the stretch of text around a match (its
clause, its sentence), the text in plain characters, the quotation marks, the categories
whose phrases are acts the rules name, and the words that name a rule or report a post."""

from __future__ import annotations

import re
from functools import lru_cache

from auditor.hanzi import t2s_table


def is_cjk(c: str) -> bool:
    # (CJK_RANGES by comparison: a regex over these ranges takes milliseconds to compile)
    return "\u3400" <= c <= "\u4dbf" or "\u4e00" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff"


OPENING = "“「『\"'"

CLOSING = {"“": "”", "「": "」", "『": "』", '"': '"', "'": "'"}

ANY_OPENING = re.compile(f"[{OPENING}]")

# A sentence that talks about the rules: a rule, a ban, a penalty.
RULE_WORD = re.compile(
    r"规则|规定|违规|犯规|判罚|被罚|罚牌|吃牌|[黄红蓝]牌|禁止|严禁|不允许|不让|不准|不许|不能|不可以|条款|八荣八耻"
    r"|算不算|会不会罚|别提|不要提|千万别|都别说|别再说|不要说|别说了"
)

# The categories whose phrases are acts the rules name (an oath, a guarantee, talk of a
# substitute or of the director ...): named in a reminder, they are not said.  An insult
# stays an insult whatever rule is named next to it (规则说不能骂人，你个傻逼).
NAMED_ACTS = frozenset(
    [
        "OATH",
        "CURSE",
        "GUARANTEE",
        "SUBSTITUTE",
        "ASSISTANT",
        "DIRECTOR",
        "SOCKPUPPET",
        "PASTGAME",
        "FACE",
        "BLAME",
        "AWARD",
        "DROWN",
        "EMOTION",
    ]
)

SENTENCE_PUNCT = "。！？!?\n；;"

CLAUSE_MARKS = "，,。！？!?\n；;：:"


def around(text: str, start: int, end: int, marks: str) -> tuple[int, int]:
    """Where the stretch of ``text`` holding [start, end) begins and ends, cut at ``marks``."""
    lo = max((text.rfind(c, 0, start) for c in marks), default=-1) + 1
    hi = min((k for c in marks if (k := text.find(c, end)) >= 0), default=len(text))
    return lo, hi


@lru_cache(maxsize=1)
def plain_table() -> dict[int, str]:
    """Traditional → simplified and full-width letters and digits → ASCII, one character for
    one: the text the context rules read (規則裡「貼臉」是指什麼 is 规则里「贴脸」是指什么,
    ＴＭ标志 is TM标志), offsets kept.  (Full-width punctuation stays: the rules read it.)"""
    table = dict(t2s_table())
    for lo, hi in ((0xFF10, 0xFF1A), (0xFF21, 0xFF3B), (0xFF41, 0xFF5B)):
        table.update((cp, chr(cp - 0xFEE0)) for cp in range(lo, hi))
    return table


TOPICS = frozenset(("AWARD", "SOCKPUPPET", "PASTGAME", "SUBSTITUTE", "ASSISTANT", "BLAME", "FACE"))

RULE_NAMED = re.compile(r"规则|规定|违规|犯规|判罚|条款|八荣八耻|禁止|严禁")

TURN = re.compile(r"但|可是|不过|还是要|偏要|偏偏|我就要|我非要")


def in_title(text: str, start: int, end: int) -> bool:
    """Does [start, end) lie inside a title in 《…》 (a book, a film, a show)?"""
    opened = text.rfind("《", 0, start)
    return (
        opened >= 0
        and text.rfind("》", opened, start) < 0
        and 0 <= text.find("》", end) <= end + 20
    )


# What a report says about the words: handed to the director or already penalised.
REPORT_CUE = re.compile(
    r"举报|私信导演|私聊导演|告诉导演|交给导演|报给导演|报俾导演|报畀导演|话俾导演|请导演(?:处理|看看|看一下|定夺|判|裁定|注意)"
    r"|导演(?:自会|会|来|已经)处理|(?:已经|已)?(?:吃了|领了|拿了|被罚了?)(?:一张)?[黄红蓝]?牌"
    r"|已经被?罚|截图|存证|原话"
    # penalised by an authority of its own (被学院通报了, 受了处分): someone else's words, punished
    r"|通报|处分"
)
