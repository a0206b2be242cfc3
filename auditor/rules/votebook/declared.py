"""The candidates the director declares for a killbar7 round's next round.

版杀7 4.1.2: 可疑者辩论投票's 投票对象是试探性投票中选出的可疑者, 高票对决投票's 投票对象是可疑者
辩论投票中最高得票数相同的可疑者.  The players vote in the next round under what the director
announced (环节一结果…可疑者：X、Y / 只能投可疑者：X、Y / 高票对决：X vs Y), so the vote book reads
that announcement and sets it beside its own tally: when they differ, or when the tally makes
everyone a suspect and the director's posts declare nobody, the director is asked (never
silent), and the next round is judged under what the director declared.

KIND read here: a director's sentence (after the round's close, before the next round's close)
with a word of candidates (可疑者 / 嫌疑 / 候选 / 对决 / PK / vs / 只能投) and two or more
players named in it — after the word (可疑者：X、Y), or before it in the same clause (X、Y成为
可疑者), or either side of vs — or everyone (所有玩家都是可疑者 / 全员可疑).  A sentence that asks
(…吗 / ？), supposes (如果 / 要是 / 假如 / 若), or denies (不是 / 并非) declares nothing; quotes
are not the post's own text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from auditor.rules.base import Context, GamePost
from auditor.rules.votebook.model import Declared
from auditor.urls import findpost_link

_WORD = re.compile(
    r"可疑|嫌疑|候选|对决|(?<![A-Za-z])(?:PK|pk|vs\.?|VS\.?)(?![A-Za-z])|只能投|只可投"
)
_EVERYONE = re.compile(r"所有(?:存活)?(?:玩家|人)|全员|全体(?:玩家)?|每个人|人人")
_UNDO = re.compile(r"吗|[？?]|如果|假如|要是|若是|倘若|不是|并非|并不是")
_SENTENCE = re.compile(r"[^。！!？?；;\n]+[。！!？?；;]?")
_CLAUSE_END = re.compile(r"[，,（(]")
_JOINERS = re.compile(r"[\s、和与及跟或/：:]|(?<![A-Za-z])(?:vs\.?|VS\.?|PK|pk)(?![A-Za-z])")
# what may stand beside a declared list besides names and joiners
_LIST_AFTER = re.compile(
    r"(?:者|人)?(?:为|是|有|分别是|分别为|就是)?(?:[两二三四五六]|\d)?(?:人|位|名)?"
)
_LIST_BEFORE = re.compile(r"(?:成为|为|是|都是|均为|当选|列为|进入)?(?:本轮|新的)?")


def declared_candidates(
    ctx: Context,
    posts: Sequence[GamePost],
    after: datetime,
    until: datetime,
    players: Sequence[str],
    opening: GamePost | None,
) -> Declared:
    """The first declaration of candidates in a director's post posted in (after, until];
    ``players``: who may be named (the next round's eligible voters).  Not found: the
    ``opening`` post (the next round's first) is what the director is shown."""
    directors = set(ctx.game.directors)
    base = ctx.game.forum.url
    for gp in sorted(posts, key=lambda g: (g.post.posted_at, g.post.pid or 0)):
        post = gp.post
        if (
            post.author not in directors
            or gp.deleted
            or post.hidden is not None
            or not after < post.posted_at <= until
        ):
            continue
        for line in post.lines or (post.text,):
            for m in _SENTENCE.finditer(line):
                found = _declares(m.group(0).strip(), players)
                if found is not None:
                    names, everyone = found
                    return Declared(True, names, everyone, m.group(0).strip(), _where(base, gp))
    if opening is None:
        return Declared(False)
    return Declared(False, text=_short(opening.post.text), where=_where(base, opening))


def _declares(sentence: str, players: Sequence[str]) -> tuple[tuple[str, ...], bool] | None:
    """(the players declared, everyone) when the sentence declares candidates, else None."""
    sentence = sentence.rstrip("。！!；;.… ")
    if _WORD.search(sentence) is None or _UNDO.search(sentence):
        return None
    if _EVERYONE.search(sentence):
        return (), True
    named = _names(sentence, players)
    for word in _WORD.finditer(sentence):
        found = _listed(sentence, word, named)
        if found is not None:
            return found, False
    return None


def _listed(
    sentence: str, word: re.Match[str], named: Sequence[tuple[int, str]]
) -> tuple[str, ...] | None:
    """The players listed beside one word of candidates."""
    if word.group(0).lower().startswith("vs"):
        near = [n for s, n in named if s < word.start()][-1:] + [
            n for s, n in named if s >= word.end()
        ][:1]
        return tuple(near) if len(near) == 2 else None
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


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:60] + "…"


def _where(base: str | None, gp: GamePost) -> str:
    """Its link, else its 楼 (never an id)."""
    post = gp.post
    link = findpost_link(base, post.tid, post.pid)
    if link is not None:
        return link
    return f"第 {post.floor} 楼" if post.floor is not None else "链接不可用"
