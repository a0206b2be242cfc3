"""Piped speech (吹笛状态): a piped player may only make the allowed sounds.

030 吹笛："被吹笛的角色在游戏日白天只能发出动物叫声，或使用小镇的表情 … 执行上述效果直到
吹笛者出局 … 动物叫声限制为以下2种：喵喵，汪汪"。
M39 吹笛 (3)–(6)：次日白天的讨论中只能使用指定词语（啊呜、哈牛、咪、咪啪、nanodesu、kana、
哈呜、嘘）或小镇的表情；(4) 遗言、投票理由等不受影响；(5) 再下一日恢复；(6) 吹笛者出局后自愈。

Who is piped and when comes from the game file's ``piped`` events (``at``, ``until``,
``by`` = the piper).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import datetime
from itertools import pairwise
from typing import Any

from auditor.game.gamefile import DEFAULT_PIPED_WORDS, EventType, ThreadKind
from auditor.game.schedule import Schedule
from auditor.hanzi import to_simplified
from auditor.rules.base import Context, Finding, GamePost, Match, Option, post_finding, rule
from auditor.rules.paste import line_spans

PIPED_KINDS = (ThreadKind.DISCUSSION, ThreadKind.VOTE, ThreadKind.PROCESS, ThreadKind.RULES)
_KIND_NAMES = tuple(str(k) for k in PIPED_KINDS)


def _threads_option(same: str = "") -> Option:
    """Which threads the spell restricts: 030 every game thread in the day (在游戏日白天只能
    发出动物叫声); M39 the day's discussion (次日白天的讨论中), not a request to the director
    in the process thread (fh47: a piped player's 申请延时 drew a card)."""
    return Option(
        list,
        list(_KIND_NAMES),
        "受限的帖子类型：discussion 讨论帖、vote 投票帖、process 进程帖、rules 规则帖" + same,
        _KIND_NAMES,
    )


def in_restricted_thread(gp: GamePost, threads: Sequence[str]) -> bool:
    """Whether the post is in a thread the spell restricts (``threads`` option)."""
    return gp.kind is None or str(gp.kind) in threads


# "投票对象：X" / "改票对象：X" (the vote itself) and "投票理由：…" / "改票理由：…".
VOTE_LABEL = re.compile(r"(?P<label>(?:投票|改票)(?P<part>对象|理由))\s*[:：]")

_EXTRA_ALLOWED = frozenset("~～")


def _allowed_char(ch: str) -> bool:
    """Punctuation and spaces carry no words."""
    if ch.isspace() or ch in _EXTRA_ALLOWED:
        return True
    return unicodedata.category(ch).startswith("P")


def word_pattern(words: Sequence[str]) -> re.Pattern[str]:
    """One allowed word; a word of one repeated character (喵喵) also matches longer runs of
    it, so 喵喵喵 is still the same sound."""
    alts: list[str] = []
    for w in sorted({w for w in words if w}, key=len, reverse=True):
        if len(set(w)) == 1:
            alts.append(f"(?:{re.escape(w[0])}{{{len(w)},}})")
        else:
            alts.append(re.escape(w))
    if not alts:
        return re.compile(r"(?!)")
    return re.compile("|".join(alts), re.I)


def disallowed_spans(
    text: str, start: int, end: int, words: re.Pattern[str], smilies: Sequence[str]
) -> list[tuple[int, int]]:
    """Spans of ``text[start:end]`` that are neither allowed words, smiley codes nor
    punctuation/space."""
    codes = sorted({s for s in smilies if s}, key=len, reverse=True)
    spans: list[tuple[int, int]] = []
    i = start
    bad_from: int | None = None
    while i < end:
        step = 0
        m = words.match(text, i, end)
        if m and m.end() > i:
            step = m.end() - i
        else:
            for c in codes:
                if text.startswith(c, i) and i + len(c) <= end:
                    step = len(c)
                    break
        if step == 0 and _allowed_char(text[i]):
            step = 1
        if step:
            if bad_from is not None:
                spans.append((bad_from, i))
                bad_from = None
            i += step
        else:
            if bad_from is None:
                bad_from = i
            i += 1
    if bad_from is not None:
        spans.append((bad_from, end))
    return spans


def _fold(text: str) -> str:
    """Width- and case-folded and read in simplified characters, same length (so offsets
    stay valid): 「投票對象：檸檬茶」 is 「投票对象：柠檬茶」."""
    out = []
    for c in text:
        n = unicodedata.normalize("NFKC", c).lower()
        out.append(n if len(n) == 1 else c)
    return to_simplified("".join(out))


def target_end(text: str, start: int, end: int, names: Sequence[str]) -> int:
    """Where the vote target written at ``text[start:end]`` ends: the longest of ``names``
    (players, 弃权) at its start, else the first word (a misspelt name); leading spaces
    are part of it.  What follows on the line is ordinary speech."""
    i = start
    while i < end and text[i].isspace():
        i += 1
    folded = _fold(text[i:end])
    for n in sorted((_fold(x) for x in names if x), key=len, reverse=True):
        if folded.startswith(n):
            return i + len(n)
    j = i
    while j < end and not text[j].isspace() and not _allowed_char(text[j]):
        j += 1
    return j


def _piped_window(ctx: Context, player: str, t: datetime, scope: str) -> bool:
    """Whether ``player`` is under the spell at ``t``."""
    return piped_at(ctx.schedule, player, t, scope)


def piped_sounds(schedule: Schedule, scope: str = "until_piper_out") -> Callable[[GamePost], bool]:
    """Whether a post is a piped player's (in the spell, by day): her 喵喵 is what the
    rules make her post (030 吹笛“只能发出动物叫声”), never 水帖 (030 违规判定 6(5))."""

    def spared(gp: GamePost) -> bool:
        if gp.player is None or gp.day is None or gp.night:
            return False
        if not schedule.events(EventType.PIPED, gp.player):
            return False
        return piped_at(schedule, gp.player, gp.post.posted_at, scope)

    return spared


def piped_at(sched: Schedule, player: str, t: datetime, scope: str) -> bool:
    """Whether ``player`` is under the spell at ``t`` (the game file's ``piped`` events)."""
    for e in sched.events(EventType.PIPED, player):
        if e.at is None or t < e.at:
            continue
        if e.until is not None and t > e.until:
            continue
        if e.by is not None and not sched.alive(e.by, t):
            continue  # the piper is out: everyone is cured (030; M39 (6))
        if scope == "next_day":
            nxt = next((d for d in sched.days if d.opens >= e.at), None)
            if nxt is None or not nxt.contains(t):
                continue
        return True
    return False


@rule(
    code="PIPED-SPEECH",
    title="吹笛状态下说了规定以外的话",
    seed="030 吹笛“被吹笛的角色在游戏日白天只能发出动物叫声，或使用小镇的表情…动物叫声限制为以下2种："
    "喵喵，汪汪”；投票“请严格依照投票格式或改票格式进行投票”（投票格式本身不是说话，繁體的"
    "“投票對象：”也是这个格式）；M39 吹笛 (3)(4)",
    thread_kinds=PIPED_KINDS,
    options={
        "words": Option(
            list,
            list(DEFAULT_PIPED_WORDS),
            "被吹笛的角色允许说的词（同一个字重复的词，如“喵喵”，可以更长）",
        ),
        "scope": Option(
            str,
            "until_piper_out",
            "受限多久：until_piper_out 直到吹笛者出局（或事件的 until）；"
            "next_day 只在被吹笛后的第一个讨论日",
            ("until_piper_out", "next_day"),
        ),
        "exempt_vote_reason": Option(
            bool, False, "投票理由不受限制（M39 (4)“遗言、投票理由等不受影响”）"
        ),
        "threads": _threads_option(),
    },
)
def piped_speech(gp: GamePost, ctx: Context, opts: Mapping[str, Any]) -> Iterator[Finding]:
    """被吹笛的角色在白天说了规定词语、小镇表情、标点以外的内容。

    受限时间来自游戏文件的 ``piped`` 事件：从 ``at`` 开始，到 ``until`` 或吹笛者（``by``）
    出局为止；``scope = "next_day"``（M39）时只限被吹笛后的第一个讨论日。只看讨论日白天
    的帖子，遗言不查；只看 ``threads`` 里的帖子类型（M39 只限讨论帖、投票帖：“次日白天的
    讨论中”，进程帖里向导演申请延时、请假不算讨论；030 所有游戏帖：“在游戏日白天只能发出动物
    叫声”）。投票帖里“投票对象：X”“改票对象：X”的投票对象 X 本身总是允许的（同一行
    X 后面的话照查：“投票对象：包子 我是预言家”要判）；投票理由
    在 ``exempt_vote_reason``（M39）时不查，030 要查。

    030 默认允许的叫声是“喵”“汪”（规则原文“喵喵，汪汪”，同一种叫声的长短不计：喵、喵喵、
    喵喵喵都行）。

    FAIL（030）：被吹笛的饺子发“喵喵，我是预言家”；投票理由写“他是狼”。

    PASS（030）：“喵喵喵！汪汪～ :lol”；“投票对象：包子 投票理由：喵喵”。
    PASS（M39）：“咪啪 nanodesu 嘘……”；“投票对象：包子 投票理由：他是狼”。
    """
    post = gp.post
    if gp.player is None or gp.lastwords or gp.day is None or gp.night:
        return
    if not in_restricted_thread(gp, opts["threads"]):
        return
    if not _piped_window(ctx, gp.player, post.posted_at, opts["scope"]):
        return
    words = word_pattern(opts["words"])
    names = [*ctx.game.players, "弃权"]
    text = post.text
    # the labels read in simplified characters (same length): 「投票對象：」 is the format too
    folded = _fold(text)
    # and the words too (小鹿's 珍奶, piped under M39, wrote 「啊嗚 啊嗚」「咪 咪 噓」: 啊呜 and 嘘
    # in traditional script, three false cards, fh49)
    smilies = [_fold(s) for s in post.smilies]
    bad: list[tuple[int, int]] = []
    for line, offset in line_spans(post):
        end = offset + len(line)
        labels = (
            list(VOTE_LABEL.finditer(folded, offset, end)) if gp.kind is ThreadKind.VOTE else []
        )
        if not labels:
            bad.extend(disallowed_spans(folded, offset, end, words, smilies))
            continue
        bad.extend(disallowed_spans(folded, offset, labels[0].start(), words, smilies))
        for i, lab in enumerate(labels):
            seg_end = labels[i + 1].start() if i + 1 < len(labels) else end
            if lab.group("part") == "对象":
                # only the target itself is the vote: "投票对象：包子 我是预言家" is speech
                t_end = target_end(text, lab.end(), seg_end, names)
                bad.extend(disallowed_spans(folded, t_end, seg_end, words, smilies))
                continue
            if opts["exempt_vote_reason"]:
                continue  # an exempt reason (M39 (4))
            bad.extend(disallowed_spans(folded, lab.end(), seg_end, words, smilies))
    if bad:
        matches = [Match(text[s:e], s, e, "不是允许的词") for s, e in bad]
        allowed = "、".join(opts["words"])
        yield post_finding(
            "PIPED-SPEECH",
            gp,
            opts,
            matches,
            note=f"{gp.player} 处于吹笛状态，只能说：{allowed}（或表情）",
        )


# ------------------------------------------------------------------ PIPED-CODE


def sound_groups(
    text: str, start: int, end: int, words: Sequence[str], smilies: Sequence[str]
) -> list[list[tuple[str, int, int]]]:
    """The allowed sounds of ``text[start:end]`` as groups: runs of sounds with no space,
    punctuation or smiley between them.  Each sound is (the word, start, end); one
    repeated-character word (喵喵喵) is one sound."""
    alts = sorted({w for w in words if w}, key=len, reverse=True)
    codes = sorted({s for s in smilies if s}, key=len, reverse=True)
    folded = _fold(text)
    groups: list[list[tuple[str, int, int]]] = []
    current: list[tuple[str, int, int]] = []
    i = start
    while i < end:
        word = next((w for w in alts if folded.startswith(_fold(w), i) and i + len(w) <= end), None)
        if word is not None:
            j = i + len(word)
            if len(set(word)) == 1:
                while j < end and folded[j] == _fold(word[0]):
                    j += 1
            key = word[0] if len(set(word)) == 1 else _fold(word)
            if current and current[-1][0] == key:
                current[-1] = (key, current[-1][1], j)
            else:
                current.append((key, i, j))
            i = j
            continue
        if current:
            groups.append(current)
            current = []
        code = next((c for c in codes if text.startswith(c, i)), None)
        i += len(code) if code else 1
    if current:
        groups.append(current)
    return groups


@rule(
    code="PIPED-CODE",
    title="吹笛状态下用叫声编码（电码、暗号）",
    seed="030 吹笛者“不得使用密码、电码或暗号。不得使用编码提问”；M39 吹笛 (3)“不得使用电码或暗号”",
    thread_kinds=PIPED_KINDS,
    options={
        "words": Option(
            list, list(DEFAULT_PIPED_WORDS), "被吹笛的角色允许说的词（与 PIPED-SPEECH 相同）"
        ),
        "scope": Option(
            str,
            "until_piper_out",
            "受限多久（与 PIPED-SPEECH 相同）",
            ("until_piper_out", "next_day"),
        ),
        "min_groups": Option(
            int, 4, "至少这么多组由不同叫声组合成的“字”（像摩尔斯电码那样分组）", minimum=2
        ),
        "min_switches": Option(int, 8, "或者叫声之间来回切换至少这么多次", minimum=2),
        "threads": _threads_option("（与 PIPED-SPEECH 相同）"),
    },
)
def piped_code(gp: GamePost, ctx: Context, opts: Mapping[str, Any]) -> Iterator[Finding]:
    """被吹笛的角色只用允许的叫声，但排成了有结构的编码：像摩尔斯电码那样分组（“喵汪喵 汪汪喵
    喵汪 汪喵喵”），或者很长的交替序列（“喵汪喵汪喵汪喵汪喵”）。

    这是提醒（warning）：叫声本身合规，是不是暗号由导演判断。分组 = 中间没有空格、标点、
    表情的一串叫声；同一个叫声连着算一个（“喵喵喵”是一个“喵”）。一帖里至少 ``min_groups``
    组由两种以上叫声组成，或者全帖叫声切换至少 ``min_switches`` 次，就提醒。

    FAIL（030）：“喵汪喵 汪汪喵 喵汪 汪喵喵”；“喵汪喵汪喵汪喵汪喵”；“喵！汪！喵！汪！喵！汪！喵！汪！喵！”。

    PASS（030）：“喵喵喵！汪汪～ :lol”；“喵喵汪汪”；“喵汪 喵汪”（两组）；没有被吹笛的玩家。
    PASS（M39）：“咪啪 nanodesu 嘘……”。
    """
    post = gp.post
    if gp.player is None or gp.lastwords or gp.day is None or gp.night:
        return
    if not in_restricted_thread(gp, opts["threads"]):
        return
    if not _piped_window(ctx, gp.player, post.posted_at, opts["scope"]):
        return
    groups: list[list[tuple[str, int, int]]] = []
    folded, smilies = _fold(post.text), [_fold(s) for s in post.smilies]  # (啊嗚 is 啊呜)
    for line, offset in line_spans(post):
        groups.extend(sound_groups(folded, offset, offset + len(line), opts["words"], smilies))
    mixed = [g for g in groups if len(g) >= 2]
    sounds = [s for g in groups for s in g]
    switches = sum(1 for a, b in pairwise(sounds) if a[0] != b[0])
    if len(mixed) < int(opts["min_groups"]) and switches < int(opts["min_switches"]):
        return
    first, last = sounds[0], sounds[-1]
    match = Match(post.text[first[1] : last[2]], first[1], last[2], "叫声编码")
    yield post_finding(
        "PIPED-CODE",
        gp,
        opts,
        [match],
        note=f"{gp.player} 处于吹笛状态：{len(mixed)} 组混合叫声、切换 {switches} 次，像电码或暗号",
    )
