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

A declaration is FOLLOWED (the round's tally set aside for it) only through a strict gate
(:func:`_not_now`, issue 37 review of session 42): the sentence must be a present,
unconditional statement about THIS round's next step.  It is not one when it negates the
declaration (不会有高票对决：X vs Y / 没有对决), supposes or asks (假设 / 比如 / 万一 / 怎么 /
如何), recaps or tells of the past (回顾 / 复盘 / 总结 / 上一… / 之前 / 已结束 / 昨天), speaks
of another game (上一局 / 另一局 / 隔壁), labels another day (第二日 on day 1) or another
环节 than the round decided or the next one (环节一 when round 2 is decided), or quotes a
player (汤圆：高票对决：X vs Y).  Such a sentence is still read — the director is shown it and
asked — but the tally stands; a firm declaration is preferred over one that is not.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from auditor.game.titles import cn_number
from auditor.rules.base import Context, GamePost
from auditor.rules.votebook.model import Declared, post_where, short, undo_words

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


@dataclass(frozen=True, slots=True)
class Now:
    """The day and the round decided: a declaration may speak of that round or the next."""

    day: int
    round: int


def declared_candidates(
    ctx: Context,
    posts: Sequence[GamePost],
    after: datetime,
    until: datetime,
    players: Sequence[str],
    opening: GamePost | None,
    now: Now | None = None,
) -> Declared:
    """The declaration of candidates in the director's posts posted in (after, until]: of the
    firm ones (:func:`_not_now`), else of all, the last one marked as a correction, else the
    last one.  ``players``: who may be named (the next round's eligible voters); ``now``: the
    day and round decided (None: no label is checked).  Not found: the ``opening`` post (the
    next round's first) is what the director is shown."""
    directors = set(ctx.game.directors)
    speakers = [p for p in ctx.game.players if p]
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
        where = post_where(base, post.tid, post.pid, post.floor)
        found += [
            (marked, replace(dec, pid=post.pid))
            for marked, dec in _in_post(post.lines or (post.text,), where, players, speakers, now)
        ]
    if found:
        firm = [(marked, dec) for marked, dec in found if not dec.unfirm] or found
        marked_ones = [dec for marked, dec in firm if marked]
        return (marked_ones or [dec for _, dec in firm])[-1]
    if opening is None:
        return Declared(False)
    op = opening.post
    where = post_where(base, op.tid, op.pid, op.floor)
    return Declared(False, text=short(op.text), where=where, pid=op.pid)


def _in_post(
    lines: Sequence[str],
    where: str,
    players: Sequence[str],
    speakers: Sequence[str],
    now: Now | None,
) -> list[tuple[bool, Declared]]:
    """The declarations of one director post's lines, each marked when a correction word
    stands before it in the post (更正：\n可疑者：… marks the next line)."""
    found: list[tuple[bool, Declared]] = []
    said = ""  # the post's text up to the sentence
    for line in lines:
        for m in _SENTENCE.finditer(line):
            sentence = m.group(0).strip()
            said += sentence
            read = _read(sentence, players)
            if read is not None:
                names, everyone, scope = read
                why = _not_now(sentence, scope, speakers, now)
                dec = Declared(True, names, everyone, sentence, where, why)
                found.append((_CORRECTS.search(said) is not None, dec))
    return found


def _declares(sentence: str, players: Sequence[str]) -> tuple[tuple[str, ...], bool] | None:
    """(the players declared, everyone) when the sentence declares candidates, else None."""
    read = _read(sentence, players)
    return None if read is None else read[:2]


# (the players declared, everyone, where the declaration starts: its clause's start)
_Read = tuple[tuple[str, ...], bool, int]


def _read(sentence: str, players: Sequence[str]) -> _Read | None:
    """:func:`_declares`, with the start of the declaration's clause (the gate's scope)."""
    sentence = sentence.rstrip("。！!；;.… ")
    if _WORD.search(sentence) is None or _UNDO.search(_CORRECTS.sub("", sentence)):
        return None
    named = _names(sentence, players)
    for word in _WORD.finditer(sentence):
        found = _listed(sentence, word, named)
        if found is not None:
            return found
    if (everyone := _EVERYONE.search(sentence)) is not None:
        return (), True, _clause_start(sentence, everyone.start())
    return None


def _clause_start(sentence: str, at: int) -> int:
    return max((m.end() for m in _CLAUSE_END.finditer(sentence, 0, at)), default=0)


def _listed(sentence: str, word: re.Match[str], named: Sequence[tuple[int, str]]) -> _Read | None:
    """The players listed beside one word of candidates."""
    if word.group(0).lower().startswith("vs"):
        return _vs_pair(sentence, word, named)
    # the list after the word, up to the clause's end (可疑者：X、Y / 只能投X或Y / 对决：X vs Y)
    end = next((m.start() for m in _CLAUSE_END.finditer(sentence, word.end())), len(sentence))
    after = [n for s, n in named if word.end() <= s < end]
    if len(after) >= 2 and _LIST_AFTER.fullmatch(_rest(sentence[word.end() : end], after)):
        return tuple(dict.fromkeys(after)), False, _clause_start(sentence, word.start())
    # the list before it in the same clause (X、Y成为可疑者; not 松风投落霞无效（非可疑者）)
    start = _clause_start(sentence, word.start())
    before = [n for s, n in named if start <= s < word.start()]
    if len(before) >= 2 and _LIST_BEFORE.fullmatch(_rest(sentence[start : word.start()], before)):
        return tuple(dict.fromkeys(before)), False, start
    return None


def _vs_pair(sentence: str, word: re.Match[str], named: Sequence[tuple[int, str]]) -> _Read | None:
    """The two players either side of vs, when the pair stands alone in its clause
    (高票对决：X vs Y; not X vs Y 的比赛真好看)."""
    left = [(s, n) for s, n in named if s < word.start()][-1:]
    right = [(s, n) for s, n in named if s >= word.end()][:1]
    if not left or not right:
        return None
    (s1, n1), (s2, n2) = left[0], right[0]
    start = _clause_start(sentence, s1)
    end = next((m.start() for m in _CLAUSE_END.finditer(sentence, s2)), len(sentence))
    if sentence[word.end() : s2].strip() or sentence[s1 + len(n1) : word.start()].strip():
        return None
    if sentence[s2 + len(n2) : end].strip() or not _VS_BEFORE.fullmatch(sentence[start:s1]):
        return None
    return (n1, n2), False, start


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


# ------------------------------------------------------------------------- the strict gate


# A player's words quoted at the sentence's head (汤圆：高票对决：X vs Y / @汤圆 说：…).
_QUOTED = r"\s*[@＠]?(?:{names})\s*(?:说|曰|道|写道|表示|原话)?\s*[：:]"
# Words that keep a declaration though they hold a negation (可疑者不变 / 平票不死人，…).
_NOT_NEGATING = re.compile(
    r"不变|没变|无误|不死人|不出局|(?:无|没有?)人(?:死亡|出局|过半)|均?未过半|不过半|不到半数"
)
# The negations, questions and suppositions are the one home's (freevote.toml ``[undoers]``,
# through :func:`~auditor.rules.votebook.model.undo_words`), with the few a director's post
# adds: the written negations (沒 / 無 / 无 / 非 / 免 / 取消), the examples (比如 / 例如 …).
_EXAMPLES = ("假定", "设想", "比如", "比方", "例如", "譬如", "举例", "一旦")
_ASKING = ("怎样", "如何", "哪", "会不会")
_NEGATED = re.compile(undo_words("negation", more=("沒", "无", "無", "非", "免", "取消")))
_SUPPOSED = re.compile(undo_words("question", "supposition", more=_EXAMPLES + _ASKING))
_RECAP = re.compile(r"回顾|复盘|总结|回看|盘点|回放")
_PAST = re.compile(
    r"上一|上轮|上个|上次|前一|之前|此前|先前|早先|当时|曾经|昨天|昨日|前天|已结束|已经结束|结束了"
)
_OTHER_GAME = re.compile(r"(?:上|前|另|别|其他|其它|隔壁|往|下)[一个的]?(?:局|届|期|盘)")
_DAY_LABEL = re.compile(
    r"第\s*([〇零一二两三四五六七八九十\d]+)\s*(?:天|日)|(首日)|(?<![A-Za-z])(?:D|Day\s*)(\d+)"
)
_ROUND_LABEL = re.compile(
    r"环节\s*([一二三123])|第\s*([一二三123])\s*(?:轮|个?环节)|(试探性|可疑者辩论|高票对决)投票"
)
_ROUND_BY_NAME = {"试探性": 1, "可疑者辩论": 2, "高票对决": 3}


def _not_now(sentence: str, scope: int, players: Sequence[str], now: Now | None) -> str:
    """Why the declaring sentence is no present, unconditional statement about the decided
    round's next step — empty when it is one (the module docstring: the strict gate).
    ``scope``: where the declaration's clause starts (what comes before it is context)."""
    names = sorted(set(players), key=len, reverse=True)
    if names and re.match(_QUOTED.format(names="|".join(map(re.escape, names))), sentence):
        return "是引用玩家的话"
    # the players' names are no words of the gate (a player called 不二 / 小上)
    plain = sentence
    if names:
        plain = re.sub("|".join(map(re.escape, names)), lambda m: "＿" * len(m[0]), sentence)
    mine = plain[scope:]
    clause = re.split(r"[，,（(]", mine, maxsplit=1)[0]
    if _NEGATED.search(_NOT_NEGATING.sub("", clause)):
        return "含否定"
    if _SUPPOSED.search(plain):
        return "是假设或提问"
    if _RECAP.search(plain):
        return "是回顾"
    if _OTHER_GAME.search(plain):
        return "说的是另一局"
    if _PAST.search(mine):
        return "说的是之前的事"
    if now is None:
        return ""
    for m in _DAY_LABEL.finditer(plain):
        day = 1 if m.group(2) else cn_number(m.group(1) or m.group(3))
        if day is not None and day != now.day:
            return f"标明的是第{day}天（本轮是第{now.day}天）"
    for m in _ROUND_LABEL.finditer(mine):
        label = m.group(1) or m.group(2)
        rnd = _ROUND_BY_NAME[m.group(3)] if m.group(3) else cn_number(label)
        if rnd is not None and rnd not in (now.round, now.round + 1):
            return f"标明的是环节{rnd}（本轮是环节{now.round}，下一轮是环节{now.round + 1}）"
    return ""


# --------------------------------------------------------------------------- rulings on a ballot
# The director rules on one player's vote in the vote thread (issue 37, votes_blind7): a vote he
# reads for the player (薄荷这票按半夏记 — a riddle resolved, 名字里带“夏”字的那位), or one he
# voids (松鼠：投票对象不能设条件，此票无效 — 004 投票对象有误的票无效; a condition is judged by
# him on the thread).  He decides the game (DESIGN: the director's word rules): his ruling acts
# as a correction of the player's latest post in the window before it — weaker than the game
# file's own [[correction]], which always wins.  A sentence that asks or supposes rules nothing.
_RULE_UNDO = re.compile(r"吗|[？?]|如果|假如|要是|若|倘|的话|假设|万一")
_COUNTED_AS = r"(?:就|则|先|暂)?(?:按照?|算作?|算成|记为|记作|计为|计作|当作|视为)(?:投给?)?"
_VOIDED = r"(?<!不是)(?<!并非)(?<!不)(?:无效|作废)"


@dataclass(frozen=True, slots=True)
class Ruling:
    """The director's ruling on ``voter``'s vote: counted for ``target`` (a player or 弃权), or
    void (``target`` None); ``text`` and ``where`` show his sentence."""

    voter: str
    target: str | None
    text: str
    where: str
    pid: int | None
    at: datetime


def rulings(
    posts: Sequence[GamePost], players: Sequence[str], directors: Sequence[str], base: str | None
) -> list[Ruling]:
    """The director's rulings on single votes in ``posts`` (a round's vote-thread posts), in
    posting order: ``X(的)这票按Y记`` / ``X这票算Y`` — X's vote read as one for Y (or 弃权);
    ``X：…此票无效`` / ``X这票作废`` — X's vote void.  One player named as the voter, at the
    sentence's start or before 这票; a question or a supposition rules nothing."""
    names = sorted((p for p in players if p), key=len, reverse=True)
    if not names:
        return []
    alt = "|".join(map(re.escape, names))
    counted = re.compile(rf"^\s*(?P<v>{alt})(?:的|这|那|此|该)*一?票{_COUNTED_AS}(?P<t>{alt}|弃权)")
    voided = re.compile(
        rf"^\s*(?P<v>{alt})\s*(?:[：:，,]|(?=(?:的|这|此|该|那)*一?票))"
        rf"(?:[^：:]*?[，,])?\s*(?:的|这|此|该|那)*一?票(?:也|就|则)?{_VOIDED}"
    )
    out: list[Ruling] = []
    for gp in sorted(posts, key=lambda g: (g.post.posted_at, g.post.pid or 0)):
        post = gp.post
        if post.author not in directors or gp.deleted or post.hidden is not None:
            continue
        where = post_where(base, post.tid, post.pid, post.floor)
        for line in post.lines or (post.text,):
            for m in _SENTENCE.finditer(line):
                sentence = m.group(0)
                if _RULE_UNDO.search(sentence):
                    continue
                c = counted.search(sentence)
                v = None if c is not None else voided.search(sentence)
                if c is not None:
                    out.append(
                        Ruling(c["v"], c["t"], sentence.strip(), where, post.pid, post.posted_at)
                    )
                elif v is not None:
                    out.append(
                        Ruling(v["v"], None, sentence.strip(), where, post.pid, post.posted_at)
                    )
    return out
