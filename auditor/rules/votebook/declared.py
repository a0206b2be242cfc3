"""The candidates the director declares for a killbar7 round's next round.

版杀7 4.1.2: 可疑者辩论投票's 投票对象是试探性投票中选出的可疑者, 高票对决投票's 投票对象是可疑者
辩论投票中最高得票数相同的可疑者.  The players vote in the next round under what the director
announced (环节一结果…可疑者：X、Y / 只能投可疑者：X、Y / 高票对决：X vs Y), so the vote book reads
that announcement and sets it beside its own tally: when they differ, or when the tally makes
everyone a suspect and the director's posts declare nobody, the director is asked (never
silent), and the next round is judged under what the director declared.

KIND read here: a director's sentence (after the round's close, before the next round's close)
with a word of candidates (可疑者 / 嫌疑 / 候选 / 对决 / PK / vs / 只能投) and two or more
players named in it — after the word (可疑者：X、Y / 可疑者应为X、Y), or before it in the same
clause (X、Y成为可疑者), or a pair either side of vs standing alone in its clause
(高票对决：X vs Y; not X vs Y 的比赛真好看) — or everyone as the subject of 是可疑者
(所有玩家都是可疑者 / 全员可疑; not 所有玩家请注意…可疑者…).  A list is read before everyone
(所有人请投票，可疑者：X、Y declares X、Y).  A sentence that asks (…吗 / ？), supposes or states
a condition or a rule (如果 / 要是 / 假如 / 若 / 只要 / …的话 / …时 / 规则), denies (不是 /
并非), or reports what someone else says or thinks (X说 / 认为 / 觉得 / 问) declares nothing;
quotes are not the post's own text.  The window's last declaration rules, or the last one
marked as a correction (更正 / 应为 / 改为 / 订正 / 纠正 / 修正) where there is one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from auditor.rules.base import Context, GamePost
from auditor.rules.votebook.model import Declared, post_where, short

_WORD = re.compile(
    r"可疑|嫌疑|候选|对决|(?<![A-Za-z])(?:PK|pk|vs\.?|VS\.?)(?![A-Za-z])|只能投|只可投"
)
# everyone as the subject of 是可疑者 (所有玩家都是可疑者 / 全员可疑), never everyone named anywhere
_EVERYONE = re.compile(
    r"(?:所有(?:存活)?(?:玩家|人)|全员|全体(?:玩家)?|每个人|人人)"
    r"(?:均|都|全|皆)?(?:是|为|成为|列为|算作?)?(?:本轮的?)?(?:可疑|嫌疑)"
)
_UNDO = re.compile(
    r"吗|[？?]|如果|假如|要是|若|倘|只要|的话|(?<![小同及暂按准临届当])时(?![间刻段限长])"
    r"|规则|不是|并非|并不是"
    r"|说(?!明(?![天日早晚]))|认为|觉得|以为|问|猜|听说|据说"
)
# a declaration marked as correcting an earlier one
_CORRECTS = re.compile(r"更正|应为|应该是|改为|订正|纠正|修正")
_SENTENCE = re.compile(r"[^。！!？?；;\n]+[。！!？?；;]?")
_CLAUSE_END = re.compile(r"[，,（(]")
_JOINERS = re.compile(r"[\s、和与及跟或/：:]|(?<![A-Za-z])(?:vs\.?|VS\.?|PK|pk)(?![A-Za-z])")
# what may stand beside a declared list besides names and joiners
_LIST_AFTER = re.compile(
    r"(?:者|人)?(?:应为|应该是|改为|更正为|为|是|有|分别是|分别为|就是)?"
    r"(?:[两二三四五六]|\d)?(?:人|位|名)?"
)
# what may stand before a vs pair in its clause: nothing, or a label (高票对决：/ 对决是)
_VS_BEFORE = re.compile(r"(?:.*(?:[：:]|对决|PK|pk|是|为|即))?\s*")
_LIST_BEFORE = re.compile(r"(?:成为|为|是|都是|均为|当选|列为|进入)?(?:本轮|新的)?")


def declared_candidates(
    ctx: Context,
    posts: Sequence[GamePost],
    after: datetime,
    until: datetime,
    players: Sequence[str],
    opening: GamePost | None,
) -> Declared:
    """The declaration of candidates in the director's posts posted in (after, until]: the
    last one marked as a correction, else the last one.  ``players``: who may be named (the
    next round's eligible voters).  Not found: the ``opening`` post (the next round's first)
    is what the director is shown."""
    directors = set(ctx.game.directors)
    base = ctx.game.forum.url
    found: list[tuple[bool, Declared]] = []
    for gp in sorted(posts, key=lambda g: (g.post.posted_at, g.post.pid or 0)):
        post = gp.post
        if (
            post.author not in directors
            or gp.deleted
            or post.hidden is not None
            or not after < post.posted_at <= until
        ):
            continue
        said = ""  # the post's text up to the sentence: 更正：\n可疑者：… marks the next line
        for line in post.lines or (post.text,):
            for m in _SENTENCE.finditer(line):
                sentence = m.group(0).strip()
                said += sentence
                read = _declares(sentence, players)
                if read is not None:
                    names, everyone = read
                    marked = _CORRECTS.search(said) is not None
                    where = post_where(base, post.tid, post.pid, post.floor)
                    found.append((marked, Declared(True, names, everyone, sentence, where)))
    if found:
        marked_ones = [dec for marked, dec in found if marked]
        return (marked_ones or [dec for _, dec in found])[-1]
    if opening is None:
        return Declared(False)
    op = opening.post
    return Declared(False, text=short(op.text), where=post_where(base, op.tid, op.pid, op.floor))


def _declares(sentence: str, players: Sequence[str]) -> tuple[tuple[str, ...], bool] | None:
    """(the players declared, everyone) when the sentence declares candidates, else None."""
    sentence = sentence.rstrip("。！!；;.… ")
    if _WORD.search(sentence) is None or _UNDO.search(_CORRECTS.sub("", sentence)):
        return None
    named = _names(sentence, players)
    for word in _WORD.finditer(sentence):
        found = _listed(sentence, word, named)
        if found is not None:
            return found, False
    if _EVERYONE.search(sentence):
        return (), True
    return None


def _listed(
    sentence: str, word: re.Match[str], named: Sequence[tuple[int, str]]
) -> tuple[str, ...] | None:
    """The players listed beside one word of candidates."""
    if word.group(0).lower().startswith("vs"):
        return _vs_pair(sentence, word, named)
    # the list after the word, up to the clause's end (可疑者：X、Y / 只能投X或Y / 对决：X vs Y)
    end = next((m.start() for m in _CLAUSE_END.finditer(sentence, word.end())), len(sentence))
    after = [n for s, n in named if word.end() <= s < end]
    if len(after) >= 2 and _LIST_AFTER.fullmatch(_rest(sentence[word.end() : end], after)):
        return tuple(dict.fromkeys(after))
    # the list before it in the same clause (X、Y成为可疑者; not 松风投落霞无效（非可疑者）)
    start = max((m.end() for m in _CLAUSE_END.finditer(sentence, 0, word.start())), default=0)
    before = [n for s, n in named if start <= s < word.start()]
    if len(before) >= 2 and _LIST_BEFORE.fullmatch(_rest(sentence[start : word.start()], before)):
        return tuple(dict.fromkeys(before))
    return None


def _vs_pair(
    sentence: str, word: re.Match[str], named: Sequence[tuple[int, str]]
) -> tuple[str, ...] | None:
    """The two players either side of vs, when the pair stands alone in its clause
    (高票对决：X vs Y; not X vs Y 的比赛真好看)."""
    left = [(s, n) for s, n in named if s < word.start()][-1:]
    right = [(s, n) for s, n in named if s >= word.end()][:1]
    if not left or not right:
        return None
    (s1, n1), (s2, n2) = left[0], right[0]
    start = max((m.end() for m in _CLAUSE_END.finditer(sentence, 0, s1)), default=0)
    end = next((m.start() for m in _CLAUSE_END.finditer(sentence, s2)), len(sentence))
    if sentence[word.end() : s2].strip() or sentence[s1 + len(n1) : word.start()].strip():
        return None
    if sentence[s2 + len(n2) : end].strip() or not _VS_BEFORE.fullmatch(sentence[start:s1]):
        return None
    return (n1, n2)


def _rest(segment: str, names: Sequence[str]) -> str:
    """The segment without the names and the marks that join a list."""
    for name in sorted(set(names), key=len, reverse=True):
        segment = segment.replace(name, "")
    return _JOINERS.sub("", segment)


def _names(sentence: str, players: Sequence[str]) -> list[tuple[int, str]]:
    """The players named in the sentence, by position (the longest name first where names
    overlap)."""
    taken: list[tuple[int, int, str]] = []
    for name in sorted(players, key=len, reverse=True):
        for m in re.finditer(re.escape(name), sentence):
            if all(m.end() <= s or m.start() >= e for s, e, _ in taken):
                taken.append((m.start(), m.end(), name))
    return sorted((s, n) for s, _e, n in taken)
