"""The vote book's records: judged ballots, round tallies, days, and the settings they obey.

A :class:`Ballot` is an immutable value: :mod:`~auditor.rules.votebook.parse` reads one
from a post, :mod:`~auditor.rules.votebook.judge` returns a judged copy (role, validity,
problem and the weight it carries, decided there and nowhere else) and the tally only
reads it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from auditor.game.gamefile import VoteCorrection
from auditor.models import Post
from auditor.rules.base import GamePost, Match
from auditor.rules.votewords import undoer_words
from auditor.urls import findpost_link

ABSTAIN = "弃权"

#: How much of a post's text a question to the director quotes.
SHORT = 60


def post_where(base: str | None, tid: int | None, pid: int | None, floor: int | None) -> str:
    """Where a post is, for a director: its findpost link (http(s) only,
    :func:`auditor.urls.findpost_link`), else its 楼 — never its tid or pid (a director does not
    see ids on the page).  The one helper every vote-book question shows a post with."""
    link = findpost_link(base, tid, pid)
    if link is not None:
        return link
    return f"第 {floor} 楼" if floor is not None else "链接不可用"


def short(text: str) -> str:
    """A post's text for a question: on one line, cut at :data:`SHORT` characters (…)."""
    text = " ".join(text.split())
    return text if len(text) <= SHORT else text[:SHORT] + "…"


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
    "voter_not_player": "VOTE-TARGET",
    "voter_idiot": "VOTE-TARGET",
    "second_change": "VOTE-CHANGE",
    "late_change": "VOTE-CHANGE",
    "accelerated_change": "VOTE-CHANGE",
    "unquoted_change": "VOTE-CHANGE",
    "after_close": "VOTE-LATE",
    "proxy_late": "VOTE-LATE",
    "corrected": "",  # the director declared the post invalid
    "edited_after_close": "",  # held: VOTE-EDIT reports it (edit_check)
    "repeat": "",  # killbar7 free votes: the same target again is no change
}

PROBLEM_TEXT: dict[str, str] = {
    "format": "投票格式有误（废票）",
    "target_not_player": "投票对象不是玩家",
    "target_eliminated": "投票对象已出局",
    "target_idiot": "投票对象是已翻牌的白痴",
    "target_not_candidate": "投票对象不在本轮候选人中",
    "voter_eliminated": "投票者已出局",
    "voter_not_player": "投票者不是本局玩家",
    "voter_idiot": "已翻牌的白痴不能投票",
    "second_change": "改票超过次数",
    "late_change": "关门前一小时内改票",
    "accelerated_change": "加速日不允许改票",
    "unquoted_change": "改票没有引用原投票帖",
    "after_close": "投票截止后发帖",
    "proxy_late": "代投晚于截止时限",
    "corrected": "导演判定无效",
    "edited_after_close": "关门后编辑过、没有关门前的版本：暂不计票，请导演核对",
    "repeat": "重复投同一人（不算改票）",
}

ROUND_NAMES = {1: "试探性投票", 2: "可疑者辩论投票", 3: "高票对决投票"}

SUPERSEDED_NOTE = "已改票：被之后的有效改票取代，不计票"
# How a director answers a question about the votes, in his words (the game file's table names
# are a developer's: never 「[[correction]]」 / 「[[event]]」 in a message).
CORRECT_HINT = "（读错的票可在游戏文件里更正）"
CHECK_OUTS = "请核对游戏文件里记的出局"

# 么 asks only as a particle (来么 / 投他么), never inside 什么 / 那么 / 这么 / 怎么 / 多么 / 要么.
_PARTICLE_ME = r"(?<![什那这怎多要])么"


def undo_words(*kinds: str, more: Iterable[str] = ()) -> str:
    """The words that undo a sentence, of ``kinds`` — read from their one home
    (:func:`auditor.rules.votewords.undoer_words`: ``question``, ``supposition``, ``negation``,
    ``other_time`` …) — and ``more`` (this reader's own, not a kind of the home), as one
    regular-expression alternation, the longest first."""
    words = {w for k in kinds for w in undoer_words(k)} | set(more)
    ordered = sorted(words, key=lambda w: (-len(w), w))
    return "|".join(_PARTICLE_ME if w == "么" else re.escape(w) for w in ordered)


VersionsFn = Callable[[int], Sequence[tuple[Any, str, Post]]]


def num(x: float) -> float | int:
    """A vote count as shown: 3, 1.5."""
    return int(x) if float(x).is_integer() else round(x, 2)


@dataclass(frozen=True, slots=True)
class VoteSettings:
    """Everything the vote book obeys, read once from the rule set (see
    :func:`auditor.rules.votebook.book.vote_settings`)."""

    format: str  # labelled | free
    reason_required: bool
    change_limit: int
    change_deadline: int  # minutes before the close
    change_quote: bool
    proxy_deadline: int  # minutes before the close
    proxy_change: str  # void | notice
    procedure: str  # plurality | killbar3
    sheriff_weight: float
    tie_break: str
    suspect_share: float
    suspect_base: str  # alive | cast
    majority_base: str  # alive | cast
    red_card_at_close: str  # before_vote | after_vote
    one_line: bool = True  # the target and the reason labels may share a line
    change_label: bool = True  # a labelled change must say 改票对象： (M107/030/M39 改票格式)


@dataclass(frozen=True, slots=True)
class Window:
    """One voting round's window: a plurality day, or one of killbar7's three rounds."""

    round: int | None
    tids: frozenset[int]
    opens: datetime
    closes: datetime
    name: str


@dataclass(frozen=True, slots=True)
class Declared:
    """What the director's posts declare a killbar7 round's candidates to be (the round after
    the one decided): the players named, or everyone; ``found`` False when the director's posts
    after the round's close declare none.  ``text`` and ``where`` (its link or 楼) show the
    sentence — or, when none is found, the next round's opening post — to the director.
    ``unfirm``: why the sentence is no present, unconditional statement about this round's next
    step (含否定 / 是假设或提问 / …; declared.py's gate) — the tally stands and the director is
    asked; empty when it is one (it may be followed)."""

    found: bool
    names: tuple[str, ...] = ()
    everyone: bool = False
    text: str = ""
    where: str = ""
    unfirm: str = ""
    pid: int | None = None  # the post ``text`` is from (its link is ``where``)


@dataclass(frozen=True, slots=True)
class Ballot:
    """One vote post, judged.  ``valid`` says whether it was a valid vote action when made
    (a vote later replaced by a valid change stays valid); ``weight`` is what it carries
    in the final tally (0 when replaced or invalid; the sheriff's weight on his standing
    vote where the procedure weighs it)."""

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
    judged: str = ""  # the text of the version judged, when it is not the post's current text
    # notices for the director on a ballot that stands (key, text): VOTE-LATE reports them
    notices: tuple[tuple[str, str], ...] = ()
    # 跟X: the player whose standing vote this ballot follows, resolved by the judge
    # (:func:`auditor.rules.votebook.judge.judge`) to that vote at the post's time
    follows: str = ""
    # the minutes the post itself says are left before the close (还剩40分钟), else None
    said_left: int | None = None

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
            "weight": num(self.weight),
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
    # the posts the round's questions are about, in the order asked (their pids: the report and
    # the desk link them — a director is shown a post's link or 楼, never its pid)
    asked: list[int] = field(default_factory=list)
    # seat -> the name the round shows for it, where the two differ (a substitute on her own
    # account: 浪花（替 老周）, :func:`auditor.rules.votebook.tally.voter_name`), so that the
    # views keyed by seat (the grid, the reminder's void ballots) find the shown name's seat
    names: dict[str, str] = field(default_factory=dict)

    def ask(self, question: str, pids: Iterable[int | None] = ()) -> None:
        """Add a question for the director to the round's ``conflict``, with the posts it is
        about (``asked``)."""
        self.conflict = "；".join(x for x in (self.conflict, question) if x)
        for pid in pids:
            if pid is not None and pid not in self.asked:
                self.asked.append(pid)

    def records(self) -> list[dict[str, Any]]:
        """``day,round,target,votes,outcome`` rows, most votes first."""
        rows = []
        for target, votes in sorted(self.counts.items(), key=lambda kv: (-kv[1], kv[0])):
            rows.append(
                {
                    "day": self.day,
                    "round": self.round if self.round is not None else "",
                    "target": target,
                    "votes": num(votes),
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
