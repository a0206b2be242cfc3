"""The tool's own drafts, posted by a director: read as the tool's result, never listed.

The director's drafts (``auditor post`` and the desk's 公告 / 票型 / 投票提醒, written by
:mod:`auditor.report.bbcode` and :mod:`auditor.report.drafts`) hold the facts the tool
already has: the tally, the 电梯, the cards.  A director who copies one and posts it by
hand (or has the tool post it) publishes the tool's result; its lines name every player
and are no announcement to read, nor a question to ask him (issue 34, the director's hour
of session 40: his own 公告 listed as 未读懂的公告 left the game "incomplete").

A post is one of those drafts by its structure, never by a phrase: its headings are the
draft's (its own title — ``NAME · 第N天公告``, the 票型's and the 投票提醒's first lines —
or two of its sections: 判罚, 第N天计票, 第N天电梯 …), and most of its lines have the
draft's shapes (a player's tally line ``X：3 票（…）``, his 电梯 line ``X（5帖）：#3 #7``,
his cards ``X：蓝 1 黄 0 红 0`` …).  The lines a director added or changed (a greeting, a
sentence of his own) are what is left of the post: they are read as any of his posts is,
and listed when not understood.  A director's own free-written 公告 has neither the
headings nor the shapes, and stays read as it is.  Only the game's directors' posts are
read at all: a player quoting a draft is no publication.

The headings are the report's; :mod:`auditor.report` is a layer above this one, so they
are written here again, and ``tests/game/test_drafted.py`` renders a real draft to keep
the two in step.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from auditor.game.fold import fold
from auditor.game.lazy import lazy

# (lines folded: full-width punctuation as ASCII, so （ is ( and ： is :)
_N = r"[\d一二三四五六七八九十两]+"  # 第1天, or 第一天 as a director may retype it
_TAGS = lazy(r"\[/?[a-z]+(?:=[^\]\[]*)?\]", re.I)
#: The title of an announcement (or of its 补充) and a part's header: the draft's own.
_TITLES = lazy(
    rf"^(?:.{{0,80}}·\s*(?:第{_N}天)?公告(?:\(补充[^)]{{1,6}}\))?"
    r"|第\d+天票型\(截至 [^)]{1,20},尚未关门,不是结果\)"
    r"|【投票提醒】第\d+天(?:第\d+环节)?投票 .{1,20}截止,还有 .{1,20}。"
    r"|\(第\d+/\d+部分\)"
    r"|\(截至 [^)]{1,16} 的统计,以导演关门时的计票为准\)"
    r"|接已发出的.{1,200}:以下是之后的变动。)$"
)
#: The sections' headings (an addendum marks one 更新，以此为准 or 撤回).
_SECTIONS = lazy(
    r"^(?:判罚|本次新增|此前已公布|撤回的卡|阵营判负|无效的投票帖"
    r"|累计\(三蓝合一黄,三黄合一红\)"
    rf"|第{_N}天(?:计票|潜水|电梯|遗言(?:\(按出局顺序\))?))"
    r"(?:\(更新,以此为准\)|\(撤回\))?$"
)
#: The lines with no player: none yet, nobody voted, a section taken back.
_FIXED = lazy(
    r"^(?:暂无|无|没有计票结果|没有有效票|还没有投票帖|存活玩家都已投票。"
    r"|之前发出的这一节已撤回,不再适用)$"
)
_ROUND = r"(?:第\S{1,4}轮 )?"
#: What follows a player's name on each kind of draft line.
_AFTER_NAME = lazy(
    r"^(?:"
    r":\d+(?:\.\d+)? ?票(?:\(.*\))?(?: ?→ ?.+)?"  # 计票 / 票型
    r"|(?:\(出局\))?\(\d+ ?帖\):.*"  # 电梯
    r"|:蓝 ?\d+ ?黄 ?\d+ ?红 ?\d+(?:,红牌罚下)?"  # 累计
    r"|:(?:蓝牌|黄牌|红牌|替补) .+"  # 判罚
    r"|:.*(?:#\d+|pid \d+).*"  # 遗言 (its floors)
    r"|\(\d+ 帖\)"  # 投票提醒: under the post minimum (a list of them)
    r")$"
)
#: Lines of players: 弃权 / 未投票 of a round, the reminder's lists, a void ballot.
_LISTS = lazy(
    rf"^(?:{_ROUND}(?:弃权|未投票\(含无效票\)):.+"
    r"|还没有投票:.+|发言还不到 \d+ 帖:.+"
    r"|(?:#\d+|pid \d+) .{1,40}:.+"
    r"|.{1,80}累计 \d+ 张红牌,该阵营判负.*)$"
)
_ROUND_PREFIX = lazy(r"^第\S{1,4}轮 ")
_LURKING = "潜水"
_MIN_HEADINGS = 2
_MIN_SHARE = 0.6  # of the post's lines in the draft's shapes


def _clean(line: str) -> str:
    return " ".join(_TAGS.sub("", fold(line)).split())


def _a_players_line(line: str, names: Sequence[str]) -> bool:
    rest = _ROUND_PREFIX.sub("", line, count=1)
    return any(rest.startswith(n) and _AFTER_NAME.match(rest[len(n) :]) for n in names)


def draft_rest(lines: Sequence[str], players: Sequence[str]) -> tuple[str, ...] | None:
    """The lines of a post that the tool's draft does not hold, when the post is one of
    the tool's drafts (``()``: all of it is); None when it is not one.  ``lines``: the
    post's lines as the page shows them (a BBCode tag left in them is no matter)."""
    names = sorted({_clean(p) for p in players if p.strip()}, key=len, reverse=True)
    headings: set[str] = set()
    titled = False
    rest: list[str] = []
    shaped = total = 0
    section = ""
    for raw in lines:
        line = _clean(raw)
        if not line:
            continue
        total += 1
        if _TITLES.match(line) or _SECTIONS.match(line):
            titled = titled or bool(_TITLES.match(line))
            headings.add(line)
            section = line
            shaped += 1
        elif _FIXED.match(line) or _LISTS.match(line) or _a_players_line(line, names):
            shaped += 1
        elif _LURKING in section and any(line.startswith(f"{n}:") for n in names):
            shaped += 1  # 潜水: the player and the finding's title
        else:
            rest.append(raw.strip())
    if not (titled or len(headings) >= _MIN_HEADINGS) or shaped < _MIN_SHARE * total:
        return None
    return tuple(rest)
