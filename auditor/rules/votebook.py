"""Votes: parse the vote posts of each day, judge each one, and tally the day (计票).

Everything here reads the placed posts of a :class:`~auditor.rules.base.Context` and the
rule set's settings; the VOTE-* rules and ``auditor votes`` read the same
:class:`VoteBook` (built once per context, kept in ``ctx.cache["votes"]``).

Vote format (M107 投票规则, 030/M39 投票规则; full- and half-width punctuation are the
same, 030 "标点符号不区分全半角"; a line break between target and reason is optional)::

    投票对象：饺子
    投票理由：饺子好吃

    投票对象：弃权            ← abstain; it is a vote (M107 "弃权也需要发投票帖，并计为一次投票")
    投票理由：搞不清楚

    改票对象：包子            ← a change: must be a quote-reply of the player's vote post
    改票理由：包子也好吃

Only the post's own text counts: quoted text never is the quoter's vote.  A post is a
vote attempt when it has a 投票对象/改票对象 label with a colon (or a bare label starting a
line: the colon is missing), or 投 + a player's name (我投包子, 投给包子, 投票：包子); talk
about voting ("我晚点再投票，先看看") is ordinary speech, not a vote (it neither counts for
LURK-NOVOTE nor is a void vote).  An attempt not in the format is a void vote (``format``;
M107 "投票格式有误的投票将算作废票", 030 "无效票须通过重新发帖来更正").  Only labels before
the first 投票理由/改票理由 are targets: "投票理由：他昨天的投票对象很奇怪" is a reason.
Without any reason label (killbar7, ``vote_reason_required = false``) the target is the
longest player name (or 弃权) at the start of the segment: "投票对象：包子，他很可疑" and
"投票对象：包子 理由：他很可疑" vote 包子.

Roles, not spelling, decide ``kind``: a player's first valid vote is ``vote`` (``abstain``
for 弃权); a later vote post of either spelling replaces it and is a ``change`` (so a second
投票对象 post that does not quote the first is an ``unquoted_change``); a 改票 post with no
valid vote before it is simply the player's vote (the correction-by-new-post the seeds ask
for).  Invalid changes do not use up the one change.

Proxy votes (代投, M107 玩家须知 9, 030/M39 投票规则) are the director's posts in the vote
thread naming the player before the vote, in any of these forms::

    代饺子投票：投票对象：包子 投票理由：…        代饺子改票：改票对象：…
    饺子委托：投票对象：包子 …                    饺子 代投：投票对象：…
    代投（饺子）投票对象：包子 …                  【代投】饺子 投票对象：…

A proxy vote counts as the player's vote and as their reply (LURK-NOVOTE).  It must be
posted ``vote_proxy_deadline`` minutes before the close (M107: 30; 030/M39: 60, "关门前一
小时不允许改票或代投"), else ``proxy_late``; a proxy change also obeys the change deadline.
A proxy change need not quote the original (the director posts it, not the player).

Edits: "修改错别字不算做改票" — an edit is not a change.  An edit that changes the
(normalised) target — any stored version's against the first stored one — is not a change
either: a change is a new post quoting the original (M107 "改票时必须引用原投票帖", 030
"改票需回复原投票楼层"), and an invalid vote is corrected by a new post (030 "无效票须通过
重新发帖来更正").  The tally uses the first stored version's vote and a VOTE-EDIT finding
(``edited_target``) tells the director, who can override it with a correction.  An edit
that keeps the target (a typo in the reason, spaces, width) changes nothing.  An edit after the close must not
change the vote: the tally uses the latest stored version from before the close (by the
time it was seen, or by its edit notice); when none was stored (the notice is to the
minute, and absent for admins and edits within 60 s) it uses the current text and flags
the post (VOTE-EDIT) for the director.

A target may be written under a player's current forum name: posts by a player's uid
(``[players] uids``) under another name make that name an alias (a renamed member).  A
hidden (屏蔽) vote post is still a vote post: its author has voted (LURK-NOVOTE), but the
tally can't read it and says so for the director (a correction can give its target).
killbar7's last words, posted by the dead in the vote thread, are not votes.

Director corrections (``[[correction]]`` in the game file: pid → target or invalid, with a
note) override the judgement of that post and are shown in every view.

Tally: the last valid vote of each voter counts, the sheriff's with ``sheriff_weight``.
The first day elects the sheriff: "最先获得投票数最多" — among the top, the one who has held
the final top count since the earliest moment.  Later days: a single top is out (or, when
the game file records the idiot's 装傻 at that close, ``idiot_revealed``); ties follow
``tie_break``: ``none`` (nobody), ``sheriff_target`` (the sheriff's valid vote target is
out, whoever it is; no valid sheriff vote or 弃权 → nobody; M107 流程 4, 030),
``sheriff_target_if_tied`` (only when that target is among the tied).

killbar7 (``vote_procedure = "killbar3"``, 版杀7 4.1.2) votes in up to three rounds, one
per phase of the day (the phase's ``vote_thread`` and window): 试探性投票 (all living
players; more than ``vote_suspect_share`` of ``vote_suspect_base`` makes a suspect; fewer
than two suspects → everyone is), 可疑者辩论投票 (among the suspects: the single top dies,
a tie goes to 对决; when everyone is a suspect, only more than half dies), 高票对决投票
(among the tied: the single top dies, a tie → nobody).  More than half of
``vote_majority_base`` in any round dies at once and ends the day.  The seed gives no
denominator: both default to ``alive`` (the living voters of the round); ``cast`` uses the
valid ballots cast (弃权 included: "弃权票也视为一次投票").
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from pypinyin import lazy_pinyin

from auditor.game.gamefile import Event, EventType, Game, ThreadKind, VoteCorrection
from auditor.models import Post
from auditor.rules.base import Context, GamePost, Match
from auditor.rules.freevote import parse_free_vote

ABSTAIN = "弃权"


class VoteKind(StrEnum):
    VOTE = "vote"
    CHANGE = "change"
    ABSTAIN = "abstain"


# problem -> the rule that reports it
PROBLEM_RULE: dict[str, str] = {
    "format": "VOTE-FORMAT",
    "target_not_player": "VOTE-TARGET",
    "target_eliminated": "VOTE-TARGET",
    "target_idiot": "VOTE-TARGET",
    "target_not_candidate": "VOTE-TARGET",  # killbar7 rounds 2-3 only
    "voter_eliminated": "VOTE-TARGET",
    "voter_idiot": "VOTE-TARGET",
    "second_change": "VOTE-CHANGE",
    "late_change": "VOTE-CHANGE",
    "accelerated_change": "VOTE-CHANGE",
    "unquoted_change": "VOTE-CHANGE",
    "after_close": "VOTE-LATE",
    "proxy_late": "VOTE-LATE",
    "corrected": "",  # the director declared the post invalid
    "repeat": "",  # killbar7 free votes: the same target again is no change
}

PROBLEM_TEXT: dict[str, str] = {
    "format": "投票格式有误（废票）",
    "target_not_player": "投票对象不是玩家",
    "target_eliminated": "投票对象已出局",
    "target_idiot": "投票对象是已翻牌的白痴",
    "target_not_candidate": "投票对象不在本轮候选人中",
    "voter_eliminated": "投票者已出局",
    "voter_idiot": "已翻牌的白痴不能投票",
    "second_change": "改票超过次数",
    "late_change": "关门前一小时内改票",
    "accelerated_change": "加速日不允许改票",
    "unquoted_change": "改票没有引用原投票帖",
    "after_close": "投票截止后发帖",
    "proxy_late": "代投晚于截止时限",
    "corrected": "导演判定无效",
    "repeat": "重复投同一人（不算改票）",
}

ROUND_NAMES = {1: "试探性投票", 2: "可疑者辩论投票", 3: "高票对决投票"}


# --------------------------------------------------------------------------- text


def _fold_char(c: str) -> str:
    n = unicodedata.normalize("NFKC", c)
    if len(n) != 1:
        return c
    low = n.lower()
    return low if len(low) == 1 else n


def fold(text: str) -> str:
    """Width- and case-folded text with the same length (offsets stay valid):
    ``：`` → ``:``, ``Ａ`` → ``a``; characters NFKC would expand stay as they are."""
    return "".join(_fold_char(c) for c in text)


_SPACES = re.compile(r"[\s\u200b\u3000]+")
_EDGE_PUNCT = " \t,.;!?、…~\"'“”‘’「」『』【】[]()<>《》@#:-—=+*/\\|"


def normalise_name(name: str) -> str:
    """A name as compared: width, case and spaces folded, edge punctuation dropped."""
    return _SPACES.sub("", fold(name)).strip(_EDGE_PUNCT)


_LABEL = re.compile(r"(?P<which>投票|改票)\s*对象")
_REASON = re.compile(r"(?:投票|改票)\s*理由\s*(?P<colon>:)?")
_EDIT_TIME = re.compile(r"于\s*(\d{4})-(\d{1,2})-(\d{1,2})\s+(\d{1,2}):(\d{2})")


@dataclass(frozen=True, slots=True)
class ParsedVote:
    """What the text of one post says about voting."""

    change: bool  # written as 改票
    target_text: str  # the target as written ("" when the format is broken before it)
    target: str  # normalised
    start: int  # span of the target (or of the whole attempt) in Post.text
    end: int
    reason: str
    format_error: str | None  # why the format is wrong, else None


def _line_ends(text: str, lines: Sequence[str]) -> list[int]:
    """Offsets in ``text`` where each of ``lines`` ends (text is the lines joined)."""
    ends: list[int] = []
    cursor = 0
    for line in lines:
        line = line.strip()
        if not line:
            continue
        i = text.find(line, cursor)
        if i < 0:
            continue
        cursor = i + len(line)
        ends.append(cursor)
    return ends


def _line_starts(text: str, lines: Sequence[str]) -> set[int]:
    """Offsets in ``text`` where each of ``lines`` starts (0 always counts)."""
    starts = {0}
    cursor = 0
    for line in lines:
        line = line.strip()
        if not line:
            continue
        i = text.find(line, cursor)
        if i < 0:
            continue
        starts.add(i)
        cursor = i + len(line)
    return starts


def _loose_vote(players: Sequence[str]) -> re.Pattern[str]:
    """投 + a player's name (or 弃权): 我投包子, 投给包子, 投票：包子, 改投包子."""
    names = _name_pattern(players)
    alt = f"{names}|{ABSTAIN}" if names else ABSTAIN
    return re.compile(rf"投\s*(?:票\s*)?(?:给\s*)?:?\s*(?:{alt})")


def _leading_name(seg: str, names: Sequence[str]) -> str | None:
    """The longest of ``names`` (folded) at the start of the folded segment, when what
    follows is nothing, a space, punctuation or 理由 (killbar7: no reason label)."""
    for n in sorted(names, key=len, reverse=True):
        if not n or not seg.startswith(n):
            continue
        rest = seg[len(n) :]
        if (
            not rest
            or rest[0].isspace()
            or unicodedata.category(rest[0]).startswith("P")
            or rest.startswith("理由")
        ):
            tail = rest.lstrip(_EDGE_PUNCT + "，。；！？、\u3000")
            if any(m and tail.startswith(m) for m in names):
                return None  # two names ("包子 馄饨"): not one target
            return n
    return None


def parse_vote_text(
    text: str,
    lines: Sequence[str] = (),
    *,
    reason_required: bool = True,
    start_at: int = 0,
    players: Sequence[str] = (),
) -> ParsedVote | None:
    """Parse a post's own text; None when it is not a vote attempt.

    A vote attempt has a 投票对象/改票对象 label followed by a colon, a bare label at the
    start of a line (then the colon is missing), or 投 + a player's name (我投包子, 投票：
    包子).  Talk about voting ("我晚点再投票") is not one.  Only the labels before the first
    投票理由/改票理由 count: a reason that mentions "他的投票对象" is still the reason."""
    ft = fold(text)
    all_labels = [m for m in _LABEL.finditer(ft) if m.start() >= start_at]
    colon_labels = [m for m in all_labels if re.match(r"[ \t]*:", ft[m.end() :])]
    first_reason = _REASON.search(ft, start_at)
    labels = colon_labels
    if first_reason is not None:
        before = [m for m in colon_labels if m.start() < first_reason.start()]
        labels = before or colon_labels
    if not labels:
        starts = _line_starts(text, lines) | {start_at}
        bare = [
            m
            for m in all_labels
            if (first_reason is None or m.start() < first_reason.start())
            and any(not ft[s : m.start()].strip() for s in starts if s <= m.start())
        ]
        if bare:
            m = bare[0]
            is_change = m.group("which") == "改票"
            return ParsedVote(is_change, "", "", m.start(), m.end(), "", "“投票对象”后缺少冒号")
        loose = _loose_vote(players).search(ft, start_at)
        if loose is None:
            return None
        return ParsedVote(False, "", "", loose.start(), loose.end(), "", "没有“投票对象：”")
    changes = [m for m in labels if m.group("which") == "改票"]
    chosen = changes or labels
    label = chosen[0]
    is_change = label.group("which") == "改票"
    if len(chosen) > 1:
        return ParsedVote(is_change, "", "", label.start(), label.end(), "", "一帖中有多个投票对象")
    i = label.end()
    while i < len(ft) and ft[i] in " \t":
        i += 1
    seg_start = i + 1
    ends = [e for e in _line_ends(text, lines) if e > seg_start]
    line_end = ends[0] if ends else len(ft)
    reason_m = _REASON.search(ft, seg_start)
    seg_end = line_end
    if reason_m is not None and reason_m.start() < seg_end:
        seg_end = reason_m.start()
    raw = text[seg_start:seg_end]
    lead = len(raw) - len(raw.lstrip())
    raw_s = raw.strip()
    if reason_m is None:
        # no reason label: the target is the name at the segment's start
        # (killbar7 "投票对象：包子，他很可疑" / "投票对象：包子 理由：他很可疑")
        found = _leading_name(fold(raw_s), [fold(p) for p in (*players, ABSTAIN)])
        if found is not None:
            raw_s = raw_s[: len(found)]
    target = normalise_name(raw_s)
    t0 = seg_start + lead
    t1 = t0 + len(raw_s)
    reason = ""
    if reason_m is not None:
        r_end = len(ft)
        nxt = next((m for m in colon_labels if m.start() >= reason_m.end()), None)
        if nxt is not None:
            r_end = nxt.start()
        reason = text[reason_m.end() : r_end].strip().lstrip(":：").strip()
    if not target:
        return ParsedVote(
            is_change, raw_s, "", label.start(), max(t1, label.end()), reason, "投票对象为空"
        )
    if reason_required:
        if reason_m is None:
            return ParsedVote(is_change, raw_s, target, t0, t1, "", "缺少“投票理由：”")
        if reason_m.group("colon") is None:
            return ParsedVote(is_change, raw_s, target, t0, t1, reason, "“投票理由”后缺少冒号")
        if not normalise_name(reason):
            return ParsedVote(is_change, raw_s, target, t0, t1, "", "投票理由为空")
    return ParsedVote(is_change, raw_s, target, t0, t1, reason, None)


def free_vote(text: str, players: Sequence[str]) -> ParsedVote | None:
    """A free-form vote (版杀7: no format, see :mod:`auditor.rules.freevote`) as a
    :class:`ParsedVote`; None when the post holds no clear vote."""
    ft = fold(text)
    by_fold = {fold(p): p for p in players}
    fv = parse_free_vote(ft, list(by_fold))
    if fv is None:
        return None
    name = by_fold.get(fv.target, fv.target)
    at = ft.find(fv.target, fv.start, fv.end)
    t0, t1 = (at, at + len(fv.target)) if at >= 0 else (fv.start, fv.end)
    error = "一帖中有多个投票对象" if fv.ambiguous else None
    return ParsedVote(fv.change, text[t0:t1], normalise_name(name), t0, t1, "", error)


def _name_pattern(players: Iterable[str]) -> str:
    names = sorted({fold(p) for p in players}, key=len, reverse=True)
    return "|".join(re.escape(n) for n in names)


def proxy_player(text: str, players: Sequence[str]) -> tuple[str, int] | None:
    """For a director's post: the player a proxy vote is for, and where the vote starts."""
    ft = fold(text)
    label = _LABEL.search(ft)
    if label is None or not players:
        return None
    head = ft[: label.start()]
    names = _name_pattern(players)
    patterns = (
        rf"代\s*(?P<p>{names})\s*(?:投票|改票|投|改)",
        rf"(?P<p>{names})\s*(?:的)?\s*(?:委托|代投|代改)",
        rf"代(?:投|改)(?:票)?\s*[:(\[【（]?\s*[)\]】）]?\s*(?P<p>{names})",
    )
    by_fold = {fold(p): p for p in players}
    for pat in patterns:
        m = re.search(pat, head)
        if m:
            return by_fold[m.group("p")], label.start()
    return None


def closest_player(name: str, players: Sequence[str], threshold: float = 0.5) -> str | None:
    """The player a misspelt target most likely means: same pinyin (音近) first, then the
    most similar characters (形近) at ``threshold`` or above."""
    norm = normalise_name(name)
    if not norm:
        return None
    py = "".join(lazy_pinyin(norm))
    same = [p for p in players if "".join(lazy_pinyin(normalise_name(p))) == py]
    if len(same) == 1:
        return same[0]
    best, score = None, 0.0
    for p in players:
        s = difflib.SequenceMatcher(None, norm, normalise_name(p)).ratio()
        if s > score:
            best, score = p, s
    return best if score >= threshold else None


def edit_time(post: Post, tz: Any) -> datetime | None:
    """The minute of the post's edit notice ("本帖最后由 饺子 于 2026-11-30 06:17 编辑")."""
    if not post.edited:
        return None
    m = _EDIT_TIME.search(post.edited)
    if not m:
        return None
    y, mo, d, h, mi = (int(g) for g in m.groups())
    return datetime(y, mo, d, h, mi, tzinfo=tz)


# --------------------------------------------------------------------------- records


@dataclass(slots=True)
class Ballot:
    """One vote post, judged.  ``valid`` says whether it was a valid vote action when made
    (a vote later replaced by a valid change stays valid); ``weight`` is what it carries
    in the final tally (0 when replaced or invalid)."""

    gp: GamePost
    day: int
    round: int | None
    voter: str
    kind: VoteKind
    target: str | None  # a player, "弃权", or None (format error)
    target_text: str
    valid: bool = True
    problem: str | None = None
    detail: str = ""
    weight: float = 0.0
    proxy: str | None = None  # the director who posted it
    suggestion: str | None = None
    note: str = ""
    correction: VoteCorrection | None = None
    edit_check: bool = False  # edited after the close with no earlier version stored
    edited_target: str = ""  # the target was edited (not a change): what the director sees
    written_change: bool = False
    match: Match | None = None
    # notices for the director on a ballot that stands (key, text): VOTE-LATE reports them
    notices: list[tuple[str, str]] = field(default_factory=list)

    @property
    def pid(self) -> int | None:
        return self.gp.post.pid

    @property
    def posted_at(self) -> datetime:
        return self.gp.post.posted_at

    def record(self) -> dict[str, Any]:
        """The csv/json row: ``day,voter,target,kind,valid,problem,weight,pid,posted_at``
        first, then ``proxy`` and the rest."""
        return {
            "day": self.day,
            "voter": self.voter,
            "target": self.target if self.target is not None else self.target_text,
            "kind": self.kind.value,
            "valid": self.valid,
            "problem": self.problem or "",
            "weight": _num(self.weight),
            "pid": self.pid,
            "posted_at": self.posted_at.isoformat(),
            "proxy": self.proxy or "",
            "round": self.round if self.round is not None else "",
            "floor": self.gp.post.floor,
            "tid": self.gp.post.tid,
            "suggestion": self.suggestion or "",
            "note": "；".join(
                x
                for x in (
                    self.detail,
                    self.note,
                    SUPERSEDED_NOTE if self.valid and not self.weight else "",
                    f"导演更正：{self.correction.note}" if self.correction else "",
                )
                if x
            ),
        }


SUPERSEDED_NOTE = "已改票：被之后的有效改票取代，不计票"


def _num(x: float) -> float | int:
    return int(x) if float(x).is_integer() else round(x, 2)


@dataclass(slots=True)
class RoundTally:
    day: int
    round: int | None  # None except killbar7
    name: str
    closes: datetime
    closed: bool
    counts: dict[str, float] = field(default_factory=dict)  # target -> weighted votes
    voters: dict[str, list[str]] = field(default_factory=dict)  # target -> voters
    abstained: list[str] = field(default_factory=list)
    non_voters: list[str] = field(default_factory=list)  # eligible, no valid vote
    outcome: dict[str, str] = field(default_factory=dict)  # target -> outcome
    reason: str = ""
    sheriff: str | None = None
    sheriff_weight: float = 1.0
    candidates: tuple[str, ...] = ()
    hidden: list[str] = field(default_factory=list)  # voted, but the post is hidden (屏蔽)
    # the game file's events at this close disagree with the tally (a warning for the top
    # of the report and the audit line, never only a note in the reason)
    conflict: str = ""

    def records(self) -> list[dict[str, Any]]:
        """``day,round,target,votes,outcome`` rows, most votes first."""
        rows = []
        for target, votes in sorted(self.counts.items(), key=lambda kv: (-kv[1], kv[0])):
            rows.append(
                {
                    "day": self.day,
                    "round": self.round if self.round is not None else "",
                    "target": target,
                    "votes": _num(votes),
                    "outcome": self.outcome.get(target, ""),
                    "voters": "、".join(self.voters.get(target, [])),
                    "reason": self.reason,
                }
            )
        for target, outcome in self.outcome.items():
            if target not in self.counts:  # everyone a suspect: shown once each
                rows.append(
                    {
                        "day": self.day,
                        "round": self.round if self.round is not None else "",
                        "target": target,
                        "votes": 0,
                        "outcome": outcome,
                        "voters": "",
                        "reason": self.reason,
                    }
                )
        return rows


@dataclass(slots=True)
class DayVotes:
    day: int
    accelerated: bool
    closes: datetime
    closed: bool
    vote_tids: tuple[int, ...]
    ballots: list[Ballot] = field(default_factory=list)
    rounds: list[RoundTally] = field(default_factory=list)
    voted: set[str] = field(default_factory=set)  # posted a vote (valid or not) before the close
    replied: set[str] = field(default_factory=set)  # replied in the vote thread before the close
    eligible: list[str] = field(default_factory=list)


@dataclass(slots=True)
class VoteBook:
    days: dict[int, DayVotes]

    @property
    def ballots(self) -> list[Ballot]:
        return [b for d in self.days.values() for b in d.ballots]

    def tally_records(self) -> list[dict[str, Any]]:
        return [r for d in self.days.values() for t in d.rounds for r in t.records()]

    @property
    def conflicts(self) -> list[str]:
        """Every closed round where the game file's events disagree with the tally."""
        return [t.conflict for d in self.days.values() for t in d.rounds if t.conflict]


VersionsFn = Callable[[int], Sequence[tuple[Any, str, Post]]]


# --------------------------------------------------------------------------- building


@dataclass(frozen=True, slots=True)
class _Window:
    round: int | None
    tids: frozenset[int]
    opens: datetime
    closes: datetime
    name: str


def _settings(ctx: Context) -> dict[str, Any]:
    s = ctx.ruleset
    return {
        "sheriff_weight": float(s.get("sheriff_weight", 1.0)),
        "tie_break": s.get("tie_break", "none"),
        "reason_required": bool(s.get("vote_reason_required", True)),
        "change_limit": int(s.get("vote_change_limit", 1)),
        "change_deadline": int(s.get("vote_change_deadline", 60)),
        "change_quote": bool(s.get("vote_change_quote", True)),
        "proxy_deadline": int(s.get("vote_proxy_deadline", 30)),
        "procedure": s.get("vote_procedure", "plurality"),
        "suspect_share": float(s.get("vote_suspect_share", 0.2)),
        "suspect_base": s.get("vote_suspect_base", "alive"),
        "majority_base": s.get("vote_majority_base", "alive"),
        "format": s.get("vote_format", "labelled"),
        "proxy_change": s.get("vote_proxy_change", "void"),
    }


def votes_for(ctx: Context) -> VoteBook:
    """The context's vote book, built once and cached."""
    book = ctx.cache.get("votes")
    if book is None:
        book = build_votes(ctx, ctx.cache.get("post_versions"))
        ctx.cache["votes"] = book
    return book


def build_votes(ctx: Context, versions: VersionsFn | None = None) -> VoteBook:
    game = ctx.game
    st = _settings(ctx)
    vote_threads = {t.tid: t for t in game.threads if t.kind is ThreadKind.VOTE}
    corrections = {c.pid: c for c in game.corrections}
    names = target_names(ctx)
    posts_by_tid: dict[int, list[GamePost]] = {}
    for gp in ctx.posts:
        if gp.post.tid in vote_threads and not gp.deleted:
            posts_by_tid.setdefault(gp.post.tid, []).append(gp)
    days: dict[int, DayVotes] = {}
    first_day = game.days[0].number if game.days else None
    for day in game.days:
        tids = tuple(t for t, spec in vote_threads.items() if spec.day == day.number)
        phase_tids = tuple(p.vote_thread for p in day.phases if p.vote_thread is not None)
        all_tids = tuple(dict.fromkeys(tids + phase_tids))
        dv = DayVotes(day.number, day.accelerated, day.closes, ctx.now > day.closes, all_tids)
        days[day.number] = dv
        dv.eligible = [p for p in game.players if _eligible(ctx, p, day.opens, day.closes)]
        if st["procedure"] == "killbar3" and day.phases:
            windows = [
                _Window(
                    p.number,
                    frozenset([p.vote_thread] if p.vote_thread else all_tids),
                    p.opens,
                    p.closes,
                    f"第{p.number}轮 {ROUND_NAMES.get(p.number, p.name)}",
                )
                for p in day.phases
            ]
        else:
            windows = [
                _Window(
                    1 if st["procedure"] == "killbar3" else None,
                    frozenset(all_tids),
                    day.opens,
                    day.closes,
                    "计票",
                )
            ]
        candidates: tuple[str, ...] | None = None
        everyone = False
        for w in windows:
            posts = [
                gp
                for tid in w.tids
                for gp in posts_by_tid.get(tid, [])
                if w.round is None or len(windows) == 1 or _in_round(gp, w, windows)
            ]
            posts.sort(key=lambda gp: (gp.post.posted_at, gp.post.pid or 0))
            for gp in posts:
                if gp.player is not None and not gp.exempt and gp.post.posted_at <= w.closes:
                    dv.replied.add(gp.player)
            ballots = [
                b
                for gp in posts
                if (b := _ballot(ctx, st, gp, dv, w, corrections, versions, names)) is not None
            ]
            # A hidden (屏蔽) post is still a post: its author voted, though the tally can't
            # read the vote (the director is told in the tally).
            hidden = [
                gp.player
                for gp in posts
                if gp.post.hidden is not None
                and gp.player is not None
                and not gp.exempt
                and not gp.lastwords
                and gp.post.posted_at <= w.closes
                and (gp.post.pid is None or gp.post.pid not in corrections)
            ]
            elig = [p for p in game.players if _eligible(ctx, p, w.opens, w.closes)]
            _judge(ctx, st, ballots, dv, w, candidates, elig)
            for b in ballots:
                if b.posted_at <= w.closes:  # a vote post, valid or not (M107 5(2))
                    dv.voted.add(b.voter)
                    dv.replied.add(b.voter)  # a proxy vote is the player's reply
            dv.ballots.extend(ballots)
            tally = _tally(
                ctx, st, ballots, dv, w, elig, candidates, everyone, first=(day.number == first_day)
            )
            if hidden:
                shown = list(dict.fromkeys(p for p in hidden if p is not None))
                tally.hidden = shown
                tally.non_voters = [p for p in tally.non_voters if p not in shown]
                dv.voted.update(shown)
                tally.reason += f"；{'、'.join(shown)} 的投票帖被屏蔽，无法计票，请导演核对"
            dv.rounds.append(tally)
            if st["procedure"] != "killbar3":
                break
            nxt = tally.candidates
            if not nxt:  # someone died or nobody: the day is over
                break
            everyone = w.round == 1 and set(nxt) >= set(elig)
            candidates = nxt
    return VoteBook(days)


def target_names(ctx: Context) -> dict[str, str]:
    """Every name a player can be voted under: the player names, and the forum names seen
    on posts by a player's uid (a renamed member, ``[players] uids``) → the player."""
    game = ctx.game
    names = {p: p for p in game.players}
    for gp in ctx.posts:
        player, author = gp.player, gp.post.author
        if (
            player in game.players
            and author
            and author not in names
            and author not in game.directors
            and author not in game.spectators
            and gp.post.author_uid is not None
            and game.uids.get(player) == gp.post.author_uid
        ):
            names[author] = player
    return names


def _in_round(gp: GamePost, w: _Window, windows: Sequence[_Window]) -> bool:
    """A post belongs to the round whose thread it is in; when rounds share a thread, to
    the round whose window holds it (a late post to the round that just closed)."""
    sharing = [x for x in windows if gp.post.tid in x.tids]
    if len(sharing) <= 1:
        return True
    t = gp.post.posted_at
    for x in sharing:
        if t <= x.closes:
            return x == w
    return sharing[-1] == w


def _eligible(ctx: Context, player: str, opens: datetime, closes: datetime) -> bool:
    """Must (and may) vote in the window: not out before its close (one voted out at the
    close still voted), no idiot who revealed before it opened."""
    out = ctx.schedule.eliminated_at(player)
    if out is not None and (out < closes or _sent_off_first(ctx, player, closes)):
        return False
    return not ctx.schedule.idiot_revealed(player, opens)


def _effective_post(
    post: Post, close: datetime, versions: VersionsFn | None, tz: Any
) -> tuple[Post, bool, str]:
    """The version of a vote post the tally uses: (post, needs_director_check, note)."""
    history: list[tuple[datetime | None, Post]] = []
    if versions is not None and post.pid is not None:
        for _v, seen, p in versions(post.pid):
            try:
                seen_at: datetime | None = datetime.fromisoformat(seen)
            except (TypeError, ValueError):
                seen_at = None
            history.append((seen_at, p))
    if not history:
        history = [(None, post)]
    for i in range(len(history) - 1, -1, -1):
        seen_at, p = history[i]
        et = edit_time(p, tz)
        plausible = seen_at is not None and seen_at >= p.posted_at and (et is None or seen_at >= et)
        if plausible and seen_at is not None and seen_at <= close:
            return p, False, "" if i == len(history) - 1 else "关门后有编辑：按关门前抓取的版本计"
        if et is not None:
            if et + timedelta(seconds=59) <= close:
                return p, False, "" if i == len(history) - 1 else "关门后有编辑：按关门前的版本计"
            continue
        if i == 0:  # the text as first stored, with no edit notice: the original
            return p, False, "" if len(history) == 1 else "关门后有编辑：按最初的版本计"
    et = edit_time(post, tz)
    when = f"（{et:%m-%d %H:%M}）" if et else ""
    return post, True, f"关门后编辑过{when}且没有关门前的版本：请导演核对投票是否被改动"


def _ballot(
    ctx: Context,
    st: Mapping[str, Any],
    gp: GamePost,
    dv: DayVotes,
    w: _Window,
    corrections: Mapping[int, VoteCorrection],
    versions: VersionsFn | None,
    names: Mapping[str, str] | None = None,
) -> Ballot | None:
    game = ctx.game
    post = gp.post
    if gp.lastwords:  # killbar7: the dead post last words in the vote thread
        return None
    correction = corrections.get(post.pid) if post.pid is not None else None
    if post.hidden is not None and correction is None:
        return None
    voter, proxy, start_at = _voter(game, gp)
    if voter is None:
        return None
    note = ""
    edit_check = False
    used = post
    if post.posted_at <= w.closes:
        used, edit_check, note = _effective_post(post, w.closes, versions, game.timezone)
    cands = list(names) if names else list(game.players)

    def parse(p: Post, start: int = 0) -> ParsedVote | None:
        if st["format"] == "free" and proxy is None:
            return free_vote(p.text, cands)
        return parse_vote_text(
            p.text,
            p.lines,
            reason_required=st["reason_required"],
            start_at=start_at if p is post else start,
            players=cands,
        )

    pv = parse(used)
    edited_target = ""
    if versions is not None and post.pid is not None:
        used, pv, note, edited_target = _target_edits(
            game,
            post,
            used,
            pv,
            note,
            versions(post.pid),
            parse,
            proxied=proxy is not None,
            names=names,
        )
    if pv is None and correction is None:
        return None
    b = Ballot(
        gp=gp,
        day=dv.day,
        round=w.round,
        voter=voter,
        kind=VoteKind.VOTE,
        target=None,
        target_text=pv.target_text if pv else "",
        proxy=proxy,
        note=note,
        edit_check=edit_check,
        edited_target=edited_target,
        written_change=bool(pv and pv.change),
    )
    if pv is not None:
        if used is post:
            b.match = Match(post.text[pv.start : pv.end], pv.start, pv.end, pv.format_error or "")
        else:  # spans of an earlier version do not point into the current text
            b.match = Match(used.text[pv.start : pv.end], 0, 0, "关门前的版本")
    if correction is not None:
        b.correction = correction
        if correction.invalid:
            b.valid, b.problem = False, "corrected"
        else:
            b.target = correction.target
            b.problem = None
        return b
    assert pv is not None
    if pv.format_error:
        b.valid, b.problem, b.detail = False, "format", pv.format_error
        return b
    _resolve_target(b, pv, game, names)
    return b


def _voter(game: Game, gp: GamePost) -> tuple[str | None, str | None, int]:
    """(voter, proxying director, where the vote starts in the text): a director's post
    proxies the player it names first; a player's own post is his vote."""
    post = gp.post
    if post.author in game.directors:
        found = proxy_player(post.text, game.players)
        if found is not None:
            return found[0], post.author, found[1]
        return None, None, 0
    if gp.player is not None and not gp.exempt:
        return gp.player, None, 0
    return None, None, 0


def _target_edits(
    game: Game,
    post: Post,
    used: Post,
    pv: ParsedVote | None,
    note: str,
    stored: Sequence[tuple[Any, str, Post]],
    parse: Callable[[Post, int], ParsedVote | None],
    *,
    proxied: bool,
    names: Mapping[str, str] | None,
) -> tuple[Post, ParsedVote | None, str, str]:
    """Editing the target is not a change (a change is a new post quoting the original;
    "修改错别字不算做改票" covers edits that keep the target): the first stored version's
    target counts and the director is told.  Every later version is compared with the
    first, not only the one the tally uses: after an edit past the close the tally already
    uses the first, and comparing it with itself hid the edit.  Returns (the post version
    used, its parsed vote, the note, the edit message or "")."""
    history = [v for _n, _seen, v in stored]

    def parse_version(p: Post) -> ParsedVote | None:
        if p is post:
            return pv if used is post else parse(post, 0)
        if not proxied:
            return parse(p, 0)
        found = proxy_player(p.text, game.players)
        if found is None:
            return None
        return parse(p, found[1])

    by_norm0 = {normalise_name(a): p for a, p in (names or {}).items()}
    first = history[0] if history else None
    fpv = None
    if first is not None and (len(history) > 1 or first.text != post.text):
        fpv = parse_version(first)
    if first is None or fpv is None or not fpv.target:
        return used, pv, note, ""
    later = [post, *reversed(history[1:])]  # newest first: the latest edit is named
    for version in later:
        if version.text == first.text:
            continue
        vpv = parse_version(version)
        if (
            vpv is not None
            and vpv.target
            and by_norm0.get(fpv.target, fpv.target) != by_norm0.get(vpv.target, vpv.target)
        ):
            edited = (
                f"投票对象被编辑修改：原为“{fpv.target_text}”，现为“{vpv.target_text}”；"
                "编辑不算改票（改票须另发帖引用原投票帖），按原投票计，请导演核对"
            )
            if used.text != first.text:
                note = "；".join(x for x in (note, "按最初的版本计") if x)
            return first, fpv, note, edited
    return used, pv, note, ""


def _resolve_target(b: Ballot, pv: ParsedVote, game: Game, names: Mapping[str, str] | None) -> None:
    """The ballot's target: 弃权, a player (by name or a known alias), or a problem naming
    the closest player."""
    by_norm = {normalise_name(p): p for p in game.players}
    if names:
        by_norm = {**{normalise_name(a): p for a, p in names.items()}, **by_norm}
    if pv.target == normalise_name(ABSTAIN):
        b.target = ABSTAIN
    elif pv.target in by_norm:
        b.target = by_norm[pv.target]
    else:
        b.suggestion = closest_player(pv.target_text, game.players)
        b.detail = f"“{pv.target_text}”不是玩家" + (
            f"，是否想投：{b.suggestion}？" if b.suggestion else ""
        )


def _out_for_round(ctx: Context, player: str, closes: datetime) -> bool:
    """Out for a round closing at ``closes``: eliminated (voted out, killed, sent off, …)
    before the close.  Liveness is judged at the close, not at the vote's post time: a
    vote for a player sent off later that day is void (M107 用语定义 出局 "已经公示的出局
    角色…不允许被选为…投票的目标"), and so is that player's own vote ("出局…后，不能继续
    参与…投票"); the player voted out *at* the close still voted and was voted for."""
    out = ctx.schedule.eliminated_at(player)
    return out is not None and (out < closes or _sent_off_first(ctx, player, closes))


def _sent_off_first(ctx: Context, player: str, closes: datetime) -> bool:
    """Sent off with a red card at the close itself, in a rule set where that comes first
    (M107 用语定义 出局“白天红牌罚下在被投票出局之前”; 030 settles it after the vote)."""
    if ctx.ruleset["red_card_at_close"] != "before_vote":
        return False
    e = ctx.schedule.elimination(player)
    return e is not None and e.at == closes and e.how == "sent_off"


def _idiot_for_round(ctx: Context, player: str, closes: datetime) -> bool:
    """An idiot who revealed (装傻) before the close can neither vote nor be voted for."""
    return ctx.schedule.idiot_revealed(player, closes - timedelta(microseconds=1))


def _static_problem(ctx: Context, st: Mapping[str, Any], b: Ballot, w: _Window) -> str | None:
    t = b.posted_at
    if t > w.closes:
        return "after_close"
    if b.voter not in ctx.game.players or _out_for_round(ctx, b.voter, w.closes):
        return "voter_eliminated"
    if _idiot_for_round(ctx, b.voter, w.closes):
        return "voter_idiot"
    return None


def _target_problem(
    ctx: Context, b: Ballot, w: _Window, candidates: Sequence[str] | None
) -> str | None:
    if b.target is None:
        return "target_not_player"
    if b.target == ABSTAIN:
        return None
    if _out_for_round(ctx, b.target, w.closes):
        return "target_eliminated"
    if _idiot_for_round(ctx, b.target, w.closes):
        return "target_idiot"
    if candidates is not None and b.target not in candidates:
        return "target_not_candidate"
    return None


def _judge(
    ctx: Context,
    st: Mapping[str, Any],
    ballots: list[Ballot],
    dv: DayVotes,
    w: _Window,
    candidates: Sequence[str] | None,
    eligible: Sequence[str],
) -> None:
    """Decide valid / problem / role for each ballot, voter by voter in time order."""
    by_voter: dict[str, list[Ballot]] = {}
    for b in ballots:
        by_voter.setdefault(b.voter, []).append(b)
    change_from = w.closes - timedelta(minutes=st["change_deadline"])
    proxy_from = w.closes - timedelta(minutes=st["proxy_deadline"])
    for voter_ballots in by_voter.values():
        current: Ballot | None = None
        earlier_pids: set[int] = set()
        changes = 0
        for b in voter_ballots:
            pid = b.pid
            forced = b.correction is not None
            if not forced:
                b.problem = _static_problem(ctx, st, b, w) or b.problem
            if (
                st["format"] == "free"
                and current is not None
                and not forced
                and b.target is not None
                and b.target == current.target
            ):
                # 版杀7: a later post naming the same player repeats the vote; only "a later
                # post with another target" is the change (4.1.2 说明 2)
                b.kind, b.valid, b.problem, b.weight = current.kind, False, "repeat", 0.0
                if pid is not None:
                    earlier_pids.add(pid)
                continue
            is_change = current is not None
            b.kind = (
                VoteKind.CHANGE
                if is_change
                else (VoteKind.ABSTAIN if b.target == ABSTAIN else VoteKind.VOTE)
            )
            if b.problem is None and not forced:
                if is_change:
                    quoted = {q.pid for q in b.gp.post.quotes if q.pid is not None}
                    if dv.accelerated:
                        b.problem = "accelerated_change"
                    elif changes >= st["change_limit"]:
                        b.problem = "second_change"
                    elif b.posted_at > change_from:
                        if b.proxy is not None and st["proxy_change"] == "notice":
                            # M107 玩家须知 9: a proxy change needs the player's request an hour
                            # before the close, which the tool cannot see; only the director's
                            # own 30-minute limit voids it
                            if b.posted_at > proxy_from:
                                b.problem = "proxy_late"
                            else:
                                b.notices.append(
                                    (
                                        "proxy_change",
                                        f"导演代投改票发于关门前 {_minutes_before(b.posted_at, w.closes)} 分钟："
                                        f"须在截止前 {st['change_deadline']} 分钟收到玩家的请求，"
                                        "工具看不到请求时间，请导演核对（不作废）",
                                    )
                                )
                        else:
                            b.problem = "late_change"
                    elif st["change_quote"] and b.proxy is None and not (quoted & earlier_pids):
                        b.problem = "unquoted_change"
                elif b.proxy is not None and b.posted_at > proxy_from:
                    b.problem = "proxy_late"
            if b.problem is None and not forced:
                b.problem = _target_problem(ctx, b, w, candidates)
            if b.problem == "target_not_player" and not b.detail:
                b.detail = f"“{b.target_text}”不是玩家"
            elif b.problem == "target_eliminated":
                b.detail = f"{b.target} 已出局"
            b.valid = b.problem is None
            _uncertain_time(b, w.closes, change_from if is_change else None)
            if b.valid:
                if is_change:
                    changes += 1
                    assert current is not None
                    current.weight = 0.0
                current = b
                b.weight = 1.0
            if pid is not None:
                earlier_pids.add(pid)


def _minutes_before(t: datetime, close: datetime) -> int:
    return int((close - t).total_seconds() // 60)


def _uncertain_time(b: Ballot, closes: datetime, change_from: datetime | None) -> None:
    """A time the page shows without seconds (HH:MM) in the same minute as a deadline:
    the post may be on either side of it (M107 投票规则“时间以论坛发帖时间为准”), so the
    director is told rather than the time being taken as :00."""
    if b.gp.post.time_precision != "minute":
        return
    shown = b.posted_at.replace(second=0, microsecond=0)
    for deadline, what in ((closes, "投票截止"), (change_from, "改票截止")):
        if deadline is None:
            continue
        if shown == deadline.replace(second=0, microsecond=0):
            b.notices.append(
                (
                    "time_uncertain",
                    f"页面上的发帖时间只到分钟（{shown:%H:%M}），与{what}时间 {deadline:%H:%M:%S} "
                    "在同一分钟：无法确定是否按时，请导演核对",
                )
            )
            return


# --------------------------------------------------------------------------- tally


def _tally(
    ctx: Context,
    st: Mapping[str, Any],
    ballots: list[Ballot],
    dv: DayVotes,
    w: _Window,
    eligible: Sequence[str],
    candidates: Sequence[str] | None,
    everyone: bool,
    *,
    first: bool,
) -> RoundTally:
    sched = ctx.schedule
    sheriff = sched.sheriff(w.closes - timedelta(seconds=1))
    sw = st["sheriff_weight"]
    rt = RoundTally(
        dv.day, w.round, w.name, w.closes, ctx.now > w.closes, sheriff=sheriff, sheriff_weight=sw
    )
    final: dict[str, Ballot] = {}
    for b in ballots:
        if b.weight > 0:
            if b.voter == sheriff and st["procedure"] != "killbar3":
                b.weight = sw
            final[b.voter] = b
    for voter, b in final.items():
        if b.target == ABSTAIN:
            rt.abstained.append(voter)
        elif b.target is not None:
            rt.counts[b.target] = rt.counts.get(b.target, 0.0) + b.weight
            rt.voters.setdefault(b.target, []).append(voter)
    rt.non_voters = [p for p in eligible if p not in final]
    pending = "" if rt.closed else "（尚未关门，暂计）"
    if st["procedure"] == "killbar3":
        _killbar_round(st, rt, final, eligible, candidates, everyone)
        rt.reason += pending
        return rt
    if not rt.counts:
        rt.reason = "没有有效票" + pending
        return rt
    top = max(rt.counts.values())
    tops = sorted(t for t, v in rt.counts.items() if v == top)
    shown = "、".join(f"{t} {_num(top)} 票" for t in tops)
    if first:
        winner, why = _first_to_reach(ballots, tops, top, lambda v: sw if v == sheriff else 1.0)
        if winner is not None:
            rt.outcome[winner] = "sheriff_elected"
        rt.reason = (
            f"{winner} 以 {_num(top)} 票当选警长" if len(tops) == 1 else f"平票（{shown}）：{why}"
        )
        rt.reason += _check_sheriff(ctx, dv, rt, winner) + pending
        return rt
    if len(tops) == 1:
        out = tops[0]
        rt.outcome[out] = _out_kind(ctx, out, dv)
        rt.reason = f"{out} 最高票（{_num(top)} 票）" + (
            "，白痴翻牌免于出局" if rt.outcome[out] == "idiot_revealed" else "出局"
        )
        rt.reason += _check_events(ctx, dv, rt) + pending
        return rt
    tb = st["tie_break"]
    sb = final.get(sheriff) if sheriff else None
    if tb == "none":
        rt.reason = f"平票（{shown}），本规则集平票无人出局"
    elif sheriff is None:
        rt.reason = f"平票（{shown}），当前没有警长，无人出局"
    elif sb is None:
        rt.reason = f"平票（{shown}），警长 {sheriff} 没有有效投票，无人出局"
    elif sb.target == ABSTAIN or sb.target is None:
        rt.reason = f"平票（{shown}），警长 {sheriff} 弃权，无人出局"
    elif tb == "sheriff_target_if_tied" and sb.target not in tops:
        rt.reason = f"平票（{shown}），警长 {sheriff} 投给的 {sb.target} 不在平票者中，无人出局"
    else:
        out = sb.target
        rt.outcome[out] = _out_kind(ctx, out, dv)
        rt.reason = f"平票（{shown}），警长 {sheriff} 投给 {out}，{out} 出局"
        if rt.outcome[out] == "idiot_revealed":
            rt.reason = f"平票（{shown}），警长 {sheriff} 投给 {out}，白痴翻牌免于出局"
    rt.reason += _check_events(ctx, dv, rt) + pending
    return rt


def _first_to_reach(
    ballots: Sequence[Ballot], tops: Sequence[str], top: float, weight: Callable[[str], float]
) -> tuple[str | None, str]:
    """Among ``tops``, who has held the final top count since the earliest moment
    (replaying the valid votes and changes in posting order)."""
    if len(tops) == 1:
        return tops[0], ""
    counts: dict[str, float] = {}
    since: dict[str, datetime | None] = {t: None for t in tops}
    holding: dict[str, Ballot] = {}
    for b in sorted((b for b in ballots if b.valid), key=lambda b: (b.posted_at, b.pid or 0)):
        prev = holding.get(b.voter)
        w = weight(b.voter)
        if prev is not None and prev.target is not None and prev.target != ABSTAIN:
            counts[prev.target] = counts.get(prev.target, 0.0) - w
        holding[b.voter] = b
        if b.target is not None and b.target != ABSTAIN:
            counts[b.target] = counts.get(b.target, 0.0) + w
        for t in tops:
            if counts.get(t, 0.0) >= top - 1e-9:
                if since[t] is None:
                    since[t] = b.posted_at
            else:
                since[t] = None
    reached = sorted((s, t) for t, s in since.items() if s is not None)
    if not reached:
        return None, "无法判定谁最先获得最高票，请导演决定"
    if len(reached) > 1 and reached[0][0] == reached[1][0]:
        return None, f"{reached[0][1]} 与 {reached[1][1]} 同时达到最高票，请导演决定"
    s, t = reached[0]
    return t, f"{t} 最先（{s:%m-%d %H:%M:%S}）获得最高票，当选警长"


def _out_kind(ctx: Context, player: str, dv: DayVotes) -> str:
    """eliminated, or idiot_revealed when the game file records 装傻 at this close."""
    nxt = next((d for d in ctx.game.days if d.opens > dv.closes), None)
    for e in ctx.schedule.events(EventType.IDIOT_REVEALED, player):
        if (
            e.at is not None
            and e.at >= dv.closes - timedelta(minutes=1)
            and (nxt is None or e.at < nxt.opens)
        ):
            return "idiot_revealed"
    return "eliminated"


def _events_at_close(ctx: Context, dv: DayVotes, etype: EventType, how: str | None) -> list[Event]:
    """The game file's events of ``etype`` recorded at this day's close (from a minute
    before it to the next day's opening)."""
    nxt = next((d for d in ctx.game.days if d.opens > dv.closes), None)
    return [
        e
        for e in ctx.schedule.events(etype)
        if (how is None or e.how == how)
        and e.at is not None
        and e.at >= dv.closes - timedelta(minutes=1)
        and (nxt is None or e.at < nxt.opens)
    ]


def _round_label(dv: DayVotes, rt: RoundTally) -> str:
    return f"第{dv.day}天" + (f"{rt.name}" if rt.round is not None and rt.name else "")


def _check_events(ctx: Context, dv: DayVotes, rt: RoundTally) -> str:
    """A note when the game file's vote eliminations for this close disagree with the tally."""
    if not rt.closed:
        return ""
    recorded = sorted(e.player for e in _events_at_close(ctx, dv, EventType.ELIMINATED, "vote"))
    computed = sorted(t for t, o in rt.outcome.items() if o == "eliminated")
    if recorded != computed:
        rt.conflict = (
            f"{_round_label(dv, rt)}：游戏文件记录的投票出局为 {'、'.join(recorded) or '无'}，"
            f"计票结果为 {'、'.join(computed) or '无人出局'}（{rt.reason}）。"
            "请核对游戏文件的 [[event]] 或投票（可用 [[correction]] 更正）"
        )
        return f"；注意：游戏文件记录的投票出局为 {('、'.join(recorded) or '无')}，与计票结果不同"
    return ""


def _check_sheriff(ctx: Context, dv: DayVotes, rt: RoundTally, winner: str | None) -> str:
    """A note when the game file's events at this close (the sheriff day) disagree with the
    tally: another sheriff recorded, or a player recorded as voted out or out at all at
    the close this vote elects a sheriff at."""
    if not rt.closed:
        return ""
    recorded = [e.player for e in _events_at_close(ctx, dv, EventType.SHERIFF, "elected")]
    if recorded and winner not in recorded:
        rt.conflict = (
            f"{_round_label(dv, rt)}：游戏文件记录的当选警长为 {'、'.join(recorded)}，"
            f"计票结果为 {winner or '无人当选'}。请核对游戏文件的 [[event]] 或投票"
        )
        return f"；注意：游戏文件记录的当选警长为 {'、'.join(recorded)}，与计票结果不同"
    voted_out = sorted(e.player for e in _events_at_close(ctx, dv, EventType.ELIMINATED, "vote"))
    out_winner = winner is not None and any(
        e.player == winner for e in _events_at_close(ctx, dv, EventType.ELIMINATED, None)
    )
    if voted_out or out_winner:
        who = "、".join(voted_out) if voted_out else str(winner)
        rt.conflict = (
            f"{_round_label(dv, rt)}：游戏文件记录 {who} 在这一天关门时出局，"
            f"但这一天的投票按规则集选举警长（{winner or '无人'}当选，无人被投票出局）。"
            "请核对游戏文件的 [[event]]，或这一天是否应当是放逐投票"
        )
        return f"；注意：游戏文件记录 {who} 在这一天关门时出局，与计票结果（选警长）不同"
    return ""


def _killbar_round(
    st: Mapping[str, Any],
    rt: RoundTally,
    final: Mapping[str, Ballot],
    eligible: Sequence[str],
    candidates: Sequence[str] | None,
    everyone: bool,
) -> None:
    """One round of killbar 3.0 (版杀7 4.1.2); sets outcome, reason and next candidates."""
    alive_n = len(eligible)
    cast_n = len(final)
    majority_base = alive_n if st["majority_base"] == "alive" else cast_n
    suspect_base = alive_n if st["suspect_base"] == "alive" else cast_n
    counts = rt.counts
    top = max(counts.values()) if counts else 0.0
    tops = sorted(t for t, v in counts.items() if v == top) if counts else []
    rnd = rt.round or 1
    if tops and len(tops) == 1 and top > majority_base / 2:
        rt.outcome[tops[0]] = "eliminated"
        rt.reason = f"{tops[0]} 得票 {_num(top)} 过半（基数 {majority_base}），死亡，直接进入夜晚"
        rt.candidates = ()
        return
    if rnd == 1:
        line = st["suspect_share"] * suspect_base
        suspects = sorted(t for t, v in counts.items() if v > line)
        if len(suspects) < 2:
            rt.candidates = tuple(eligible)
            for p in eligible:
                rt.outcome[p] = "suspect"
            rt.reason = (
                f"超过 {_num(line)} 票（{int(st['suspect_share'] * 100)}% × {suspect_base}）的只有 "
                f"{len(suspects)} 人，不到 2 位，所有玩家都为可疑者"
            )
        else:
            rt.candidates = tuple(suspects)
            for p in suspects:
                rt.outcome[p] = "suspect"
            rt.reason = f"超过 {_num(line)} 票（{int(st['suspect_share'] * 100)}% × {suspect_base}）的成为可疑者：{'、'.join(suspects)}"
        return
    if rnd == 2 and everyone:
        rt.candidates = ()
        rt.reason = f"可疑者是所有玩家，没有人过半（基数 {majority_base}），不死人，进入夜晚"
        return
    if not tops:
        rt.candidates = ()
        rt.reason = "没有有效票，不死人"
        return
    if len(tops) == 1:
        rt.outcome[tops[0]] = "eliminated"
        rt.reason = f"{tops[0]} 最高票（{_num(top)} 票），死亡"
        rt.candidates = ()
        return
    shown = "、".join(tops)
    if rnd == 2:
        rt.candidates = tuple(tops)
        rt.reason = f"最高票平票（{shown}，各 {_num(top)} 票），进行高票对决投票"
        return
    rt.candidates = ()
    rt.reason = f"对决仍平票（{shown}），不死人"
