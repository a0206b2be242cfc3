"""Drafts held while their day has an open question (fh42 item 1).

A day the tool is unsure of — a director's post on it not read (未读懂的公告), or a
proposal for it still waiting (its close, a 延时 / 加速, a death or a sheriff, a tally
outcome nobody announced) — may have its counts wrong: a 延时 missed makes every vote
after the old close 截止后投票 and every post after it uncounted; a death missed makes
the dead a lurker.  The drafts judged from that day's close, result or living players
are HELD: shown under the question they wait on (等第N天的问题答完再批), in no batch,
and approved one by one only when the director says 仍然批准 (recorded as such).

:func:`open_questions` says once which days have questions and :func:`held_by` whether a
draft waits on one; the report's records, the desk, ``auditor decide`` and the CSV import
all ask these two (DESIGN: never silent; a wrong card is worse than a question).
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from auditor.errors import AuditorError
from auditor.game.confirm import Proposal, day_of
from auditor.game.gamefile import Event, EventType
from auditor.rules.registry import REGISTRY
from auditor.urls import findpost_link

if TYPE_CHECKING:
    from auditor.game.gamefile import DaySpec, Game
    from auditor.rules.records import CheckRecords

#: The rules judged from a day's close, its result or who was alive on it, besides the
#: per-day aggregate rules (lurking, no vote, the vote rules, 水帖): the three days'
#: lurking run, the last words' right and the posts after an elimination.
_ALSO_HELD = frozenset({"LURK-3DAYS", "LASTWORDS-RIGHT", "GHOST-POST"})

#: The proposals that say a day's times or result (a thread's kind read from its title
#: does not: its posts are the same whatever the director answers).
_DAY_KINDS = frozenset({"day", "event", "delay", "accelerate", "schedule"})

#: The words a director chooses to approve a held draft anyway (recorded in its note).
ANYWAY = "仍然批准"

#: How to approve a held draft anyway, in each place a draft is decided (the decision's
#: ``source``): the desk's button, ``auditor decide --anyway``, the CSV row's note and the
#: answer ``auditor review`` asks for.
ANYWAY_WAYS = {
    "desk": f"点这张牌的「{ANYWAY}」",
    "decide": f"加 --anyway（{ANYWAY}）",
    "import": f"在这一行的备注里写「{ANYWAY}」",
    "review": f"在接着问的「{ANYWAY}？」回答 y",
}


class HeldError(AuditorError):
    """A held draft approved without 仍然批准."""

    exit_code = 2


class HeldDraft(Protocol):
    """What :func:`count_held` reads of a draft (a ledger's :class:`Draft`)."""

    @property
    def code(self) -> str: ...
    @property
    def day(self) -> int | None: ...
    @property
    def tid(self) -> int | None: ...
    @property
    def posted_at(self) -> str | None: ...


@dataclass(frozen=True, slots=True)
class Question:
    """One open question of a day: what it is in words, and where to answer it."""

    day: int
    kind: str  # "unread" | "proposal" | "conflict"
    text: str
    ident: str  # the post's pid (unread), the proposal's id, or "" (a tally's conflict)
    link: str | None = None
    also: tuple[str, ...] = ()  # the links of its further posts (a tally's conflict)

    @property
    def links(self) -> tuple[str, ...]:
        """The links of every post it asks about, the first first."""
        return ((self.link,) if self.link else ()) + self.also

    def said(self) -> str:
        """The question in a message, its links after it (a post is named by its floor and
        link, never by its pid: review42 item 10)."""
        return f"{self.text}（{'、'.join(self.links)}）" if self.links else self.text


def depends_on_day(code: str) -> bool:
    """Whether a rule's verdict on day N is judged from day N's close, result or players."""
    if code in _ALSO_HELD:
        return True
    rule = REGISTRY.get(code)
    return rule is not None and rule.kind == "aggregate" and rule.scope == "day"


def day_at(at: datetime, days: Sequence[DaySpec]) -> int | None:
    """The day a moment belongs to: the one it falls in, else the last one closed before
    it (an announcement between two days is the closed day's result)."""
    inside = next((d for d in days if d.opens <= at <= d.closes), None)
    before = [d for d in days if d.closes < at]
    found = inside or (before[-1] if before else None)
    return found.number if found else None


def open_questions(
    game: Game,
    checked: CheckRecords | None = None,
    base: str | None = None,
    answered: Container[str] = (),
) -> dict[int, list[Question]]:
    """Each day's open questions, by day.  ``game``: the game as discovered now (its
    ``discovery`` read); ``checked``: the last check's records (the tally outcomes and the
    forum's 延时 / 加速 requests waiting for a director, and each day's vote conflicts —
    计票结果未定 in every game, the result read from the forum against the tally where the
    game discovers it: the ballots the day's no-vote and late-vote drafts are judged from
    are what is unsure, review42 item 8).

    ``answered``: the ids of the proposals a director answered 「不对，不要」 / 无人出局 /
    还没关门 (the store's).  A question is one the desk shows (fh45: six cards held on
    「待确认：出局：杀猪菜」 while 待确认 listed none): a proposal answered is none, nor is a
    tally outcome the check recorded that the game states since (a sheriff confirmed
    after the last audit: its cards are offered at once, not after the next one)."""
    out: dict[int, list[Question]] = {}
    disc = game.discovery
    days = list(game.days)
    for u in getattr(disc, "unread", []) if disc is not None else []:
        day = day_at(u.posted_at, days)
        if day is not None:
            where = f"第 {u.floor} 楼" if u.floor is not None else _clock(game, u.posted_at)
            text = f"未读懂的公告（{where}）：{u.excerpt()}"
            out.setdefault(day, []).append(Question(day, "unread", text, str(u.pid), u.link(base)))
    pending = disc.pending() if disc is not None and hasattr(disc, "pending") else []
    subjects = getattr(disc, "subjects", {})
    for p in pending:
        if p.kind not in _DAY_KINDS or p.id in answered:
            continue
        day = day_of(p, days)
        if day is not None:
            text = f"待确认：{p.describe(subjects)}"
            # (linked to the director's post it was read from: the question points at it)
            link = findpost_link(base, None, p.pid)
            out.setdefault(day, []).append(Question(day, "proposal", text, p.id, link))
    if checked is not None:
        if disc is not None:
            _tally_questions(out, game, checked, answered)
        _conflicts(out, checked, base, discovers=disc is not None)
    return {d: out[d] for d in sorted(out)}


def _tally_questions(
    out: dict[int, list[Question]], game: Game, checked: CheckRecords, answered: Container[str]
) -> None:
    """The tally outcomes the last check proposed into ``out``, but those answered since
    (:func:`_settled`)."""
    events = getattr(checked, "proposal_events", None) or [None] * len(checked.proposals)
    for day, text, ev in zip(checked.proposal_days, checked.proposals, events, strict=False):
        said = f"待确认：{text}"
        if ev is not None and _settled(game, ev, text, answered):
            continue
        if day is not None and not any(q.text == said for q in out.get(day, [])):
            out.setdefault(day, []).append(Question(day, "proposal", said, ""))


def _settled(game: Game, ev: Sequence[object], text: str, answered: Container[str]) -> bool:
    """Whether a tally outcome the last check proposed (``ev``: type, player, at, how) is
    answered since: the game states that event now (confirmed, or read from a post), or
    the director answered the proposal (its id in ``answered``)."""
    kind, player, at, how = (str(x) if x else None for x in ev)
    etype = EventType(kind or "")
    if any(e.type is etype and e.player == player for e in game.events):
        return True
    when = datetime.fromisoformat(at) if at else None
    event = Event(etype, str(player), when, how)
    return Proposal("event", event, "计票", text=text).id in answered


def _conflicts(
    out: dict[int, list[Question]], checked: CheckRecords, base: str | None, *, discovers: bool
) -> None:
    """Each day's vote conflicts into ``out`` as its questions (计票待核对), each with the
    links of the posts it asks about (``conflict_pids``: the tally's; none from records
    that did not keep them)."""
    pids = [*checked.conflict_pids, *([[]] * len(checked.conflicts))]
    for day, text, asked in zip(checked.conflict_days, checked.conflicts, pids, strict=False):
        if not discovers and UNSETTLED not in text:
            continue  # (the director's own file states the result: only unsure ballots)
        said = f"计票待核对：{_ASKS.sub('', text)}"
        if any(q.text == said for q in out.get(day, [])):
            continue
        links = [x for pid in dict.fromkeys(asked) if (x := findpost_link(base, None, pid))]
        first = links[0] if links else None
        out.setdefault(day, []).append(Question(day, "conflict", said, "", first, tuple(links[1:])))


#: The words of a tally a ballot that may or may not count would change (votebook's
#: doubt): a question in every game; a conflict between the result the forum said and the
#: tally only where the result was read from the forum (a discovering game).
UNSETTLED = "计票结果未定"

#: What a conflict asks the director to do (请核对游戏文件的 [[event]] …): the desk, the
#: report and the CLI each say how to answer in their own words; the question keeps the facts.
_ASKS = re.compile(r"。请[^；]*")


def _clock(game: Game, at: datetime) -> str:
    return at.astimezone(game.timezone).strftime("%m-%d %H:%M")


def draft_day(game: Game, day: int | None, tid: int | None, posted_at: str | None) -> int | None:
    """The day a draft is judged on: its own, else its thread's, else the day its post
    belongs to (:func:`day_at`; last words and posts after an elimination)."""
    if day is not None:
        return day
    spec = game.thread(tid) if tid is not None else None
    if spec is not None and spec.day is not None:
        return spec.day
    if not posted_at:
        return None
    at = datetime.fromisoformat(posted_at)
    if at.tzinfo is None:
        at = at.replace(tzinfo=game.timezone)
    return day_at(at, list(game.days))


def holding_day(
    code: str, day: int | None, questions: Mapping[int, Sequence[Question]]
) -> int | None:
    """The day whose open questions a draft of rule ``code`` on ``day`` waits on (None:
    offered).  A draft of a rule judged from who went out when (last words, posts after an
    elimination) that no day places waits on the last day with a question: which deaths
    are known is exactly what is unsure."""
    if not depends_on_day(code) or not questions:
        return None
    if day is None:
        return max(questions) if code in _ALSO_HELD else None
    return day if questions.get(day) else None


def count_held(
    game: Game, drafts: Iterable[HeldDraft], questions: Mapping[int, Sequence[Question]]
) -> int:
    """How many of ``drafts`` wait on a day's open questions (the audit line's 其中 M 条等问题
    答完; each draft's day as ``auditor decide`` takes it: :func:`draft_day`)."""
    if not questions:
        return 0
    return sum(
        1
        for d in drafts
        if holding_day(d.code, draft_day(game, d.day, d.tid, d.posted_at), questions) is not None
    )


def held_by(
    code: str, day: int | None, questions: Mapping[int, Sequence[Question]]
) -> tuple[Question, ...]:
    """The open questions a draft of rule ``code`` on ``day`` waits on (none: offered)."""
    waits = holding_day(code, day, questions)
    return tuple(questions[waits]) if waits is not None else ()


def held_words(day: int) -> str:
    """What a held draft's group says."""
    return f"等第{day}天的问题答完再批"


def refuse_held(
    code: str,
    day: int | None,
    questions: Mapping[int, Sequence[Question]],
    decision: str,
    *,
    anyway: bool,
    source: str = "desk",
) -> str:
    """Refuse approving a held draft unless ``anyway`` (the director's 仍然批准), the
    refusal naming the way to approve anyway where the draft is decided (``source``:
    :data:`ANYWAY_WAYS`); returns the words recorded in the decision's note when approved
    anyway ("" otherwise)."""
    held = holding_day(code, day, questions)
    if held is None or decision != "approve":
        return ""
    waits = questions[held]
    if not anyway:
        first = waits[0].said()
        more = f" 等 {len(waits)} 个问题" if len(waits) > 1 else ""
        way = ANYWAY_WAYS.get(source, ANYWAY_WAYS["desk"])
        raise HeldError(
            f"这张牌{held_words(held)}：第{held}天还有没答的问题（{first}{more}），"
            f"潜水、投票和遗言可能判不准。先回答这些问题；确实要批准，{way}。"
        )
    return f"{ANYWAY}（第{held}天还有 {len(waits)} 个问题没答）"
