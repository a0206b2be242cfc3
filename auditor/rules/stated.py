"""What a director's own rules post forbids, read so the report can say when the rule set
leaves it unchecked (fh49b: 大刘's 版杀7 rules post says 「不许用红字，用了吃红牌直接走人；不许
贴聊天记录（贴证），不许发誓，不许骂街」, the preset turns those checks off — its seed says
nothing of them — and his red font, oath and pasted QQ log passed in silence).

A sentence is a ban when it names a thing the tool can check (红字, 聊天记录, 发誓, 骂人 …)
and a word that forbids it (不许, 禁止, 违者 …).  Traditional script is read as simplified
(:func:`auditor.hanzi.to_simplified`, one character for one, so the sentence is quoted as
written: 小鹿's 「禁止使用紅色字體，違者藍牌」)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from auditor.hanzi import to_simplified

#: What a rules post may forbid, by the checks that find it: a pattern over the simplified
#: sentence, and the codes it stands for (骂人 is every insult the phrase checks know).
BANNED_THINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (r"红(?:色的?)?字|红色字体|字体?(?:颜色)?(?:用|是)?红色?", ("FONT-RED",)),
    (r"(?:放)?大字|字号|加大字体", ("FONT-SIZE",)),
    (
        r"聊天记录|聊天截图|私聊记录|贴证|站内信|短消息记录|导演反馈",
        ("PASTE-CHATLOG",),
    ),
    (r"发誓|起誓|赌咒", ("PHRASE-OATH",)),
    (r"担保|拿.{0,4}(?:保证|打包票)", ("PHRASE-GUARANTEE",)),
    (r"诅咒|咒人", ("PHRASE-CURSE",)),
    (
        r"骂人|骂街|脏话|粗口|爆粗|辱骂|人身攻击|骂娘|说脏",
        (
            "PHRASE-IQ",
            "PHRASE-CHARACTER",
            "PHRASE-ANIMAL",
            "PHRASE-KIN",
            "PHRASE-VULGAR",
            "PHRASE-BODY",
        ),
    ),
)
_FORBID = re.compile(r"不许|不准|不得|不能|不可以?|禁止|严禁|勿|别|违者|违反|一律|否则")
_CARD = re.compile(r"蓝牌|黄牌|红牌")
_CARDS = {"蓝牌": "blue", "黄牌": "yellow", "红牌": "red"}
_SENTENCES = re.compile(r"[^。！？!?\n；;]+[。！？!?；;]?")
# a clause that allows rather than forbids (可以用红字标重点): not a ban
_ALLOWS = re.compile(r"(?<!不)可以|允许|欢迎")


@dataclass(frozen=True, slots=True)
class StatedBan:
    """A thing a rules post forbids: the checks that find it, the card its sentence names
    (None: none), and the sentence as written."""

    codes: tuple[str, ...]
    card: str | None
    sentence: str


def stated_bans(text: str) -> list[StatedBan]:
    """The bans ``text`` states, one per thing, in the order they come (a sentence that
    forbids several things gives each: 「不许贴聊天记录，不许发誓，不许骂街」).  The card is the
    first the sentence names after the thing (用了吃红牌 → red), else the clause's."""
    folded = to_simplified(text)
    out: list[StatedBan] = []
    seen: set[tuple[str, ...]] = set()
    for s in _SENTENCES.finditer(folded):
        sentence = s.group()
        if not _FORBID.search(sentence):
            continue
        for pattern, codes in BANNED_THINGS:
            m = re.search(pattern, sentence)
            if m is None or codes in seen:
                continue
            clause = _clause(sentence, m.start())
            if not _FORBID.search(clause) and not _FORBID.search(sentence[: m.start()]):
                continue
            if _ALLOWS.search(clause) and not _FORBID.search(clause):
                continue
            card = _CARD.search(sentence, m.end()) or _CARD.search(sentence)
            seen.add(codes)
            out.append(
                StatedBan(
                    codes,
                    _CARDS[card.group()] if card else None,
                    text[s.start() : s.end()].strip(),  # one character for one: as written
                )
            )
    return out


def _clause(sentence: str, at: int) -> str:
    """The comma clause of ``sentence`` around position ``at``."""
    start = max((m.end() for m in re.finditer(r"[，,、]", sentence[:at])), default=0)
    end = re.search(r"[，,]", sentence[at:])
    return sentence[start : at + end.start() if end else len(sentence)]
