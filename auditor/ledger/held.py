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

import json
import re
from collections.abc import Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Protocol

from auditor.errors import AuditorError
from auditor.game.confirm import Proposal, day_of
from auditor.game.gamefile import Event, EventType, load_game
from auditor.rules.registry import REGISTRY
from auditor.urls import findpost_link

if TYPE_CHECKING:
    from auditor.game.gamefile import DaySpec, Game
    from auditor.rules.records import CheckRecords
    from auditor.store import Store

#: The rules judged from a day's close, its result or who was alive on it, besides the
#: per-day aggregate rules (lurking, no vote, the vote rules, 水帖): the three days'
#: lurking run, the last words' right and the posts after an elimination.
_ALSO_HELD = frozenset({"LURK-3DAYS", "LASTWORDS-RIGHT", "GHOST-POST"})

#: The proposals that say a day's times or result (a thread's kind read from its title
#: does not: its posts are the same whatever the director answers).
_DAY_KINDS = frozenset({"day", "event", "delay", "accelerate", "schedule"})

#: The rules a granted 请假 holds on the days it covers: lurking and not voting (版杀7 6.2(3)
#: 玩家提前向法官请假的，法官根据情况处理; 030 替补“可以向导演申请更换替补”; M107 / M39 leave
#: it to the director as well) — the director decides, never a card without his tap.
LEAVE_HELD = frozenset({"LURK-DAY", "LURK-NOVOTE", "LURK-3DAYS"})

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
    kind: str  # "unread" | "proposal" | "conflict" | "changed" | "leave"
    text: str
    ident: str  # the post's pid (unread), the proposal's id, or "" (a tally's conflict)
    link: str | None = None
    also: tuple[str, ...] = ()  # the links of its further posts (a tally's conflict)
    # a question about one player (a granted 请假): it holds only that player's drafts of
    # the rules it is about (:data:`LEAVE_HELD`), never the day's others
    player: str | None = None

    @property
    def links(self) -> tuple[str, ...]:
        """The links of every post it asks about, the first first."""
        return ((self.link,) if self.link else ()) + self.also

    def said(self) -> str:
        """The question in a message, its links after it (a post is named by its floor and
        link, never by its pid: review42 item 10)."""
        return f"{self.text}（{'、'.join(self.links)}）" if self.links else self.text


#: check_state entries of the answers a day waits on: ``changed_day:<day>`` — an answer
#: that changed the day (its close, a 延时, an event) after the last check, with that
#: check's mark (:func:`check_mark`); ``tally_answer:<day>`` — the director's answer to the
#: day's 计票待核对 (公示为准 / 计票是对的), with the question's words it answered.
CHANGED = "changed_day:"
TALLY_ANSWER = "tally_answer:"

#: The answers to a 计票待核对 (the desk's buttons, ``auditor game --tally-answer``).
TALLY_ANSWERS = {"announced": "公示为准", "count": "计票是对的"}


@dataclass(frozen=True, slots=True)
class DayAnswers:
    """What the director answered about days since the last check (:func:`day_answers`)."""

    changed: Mapping[int, str] = field(default_factory=dict)  # day -> what changed it
    tallies: Mapping[int, Mapping[str, str]] = field(default_factory=dict)  # day -> answer


def check_mark(store: Store) -> str:
    """What identifies the last check: its configuration (the game file it read) and its
    serial (a check that re-ran the rules)."""
    return json.dumps([store.state.config, store.state.serial])


def mark_changed(store: Store, days: Iterable[int], what: str, by: str | None) -> list[int]:
    """Record that an answer (``what``: 「延时：第2天改为 12-04 21:30 关门」) changed ``days``
    after the last check: their drafts were judged on the days as they were, and wait for
    the next check (the desk starts one at once; :func:`changed_words`).  Returns the days."""
    mark = check_mark(store)
    marked = sorted(set(days))
    # (when: a check spends the mark only if its run began after the answer — an audit
    # already running read the game file before it, and judged the day as it was)
    at = datetime.now(UTC).isoformat(timespec="seconds")
    for day in marked:
        value = {"mark": mark, "what": what, "by": by or "", "at": at}
        store.set_state(f"{CHANGED}{day}", json.dumps(value, ensure_ascii=False))
    return marked


def answer_tally(store: Store, day: int, answer: str, text: str, by: str, at: str) -> None:
    """Record the director's answer (:data:`TALLY_ANSWERS`) to day ``day``'s 计票待核对
    (``text``: the question's words), signed."""
    value = {"answer": answer, "text": text, "by": by, "at": at}
    store.set_state(f"{TALLY_ANSWER}{day}", json.dumps(value, ensure_ascii=False))


def answer_conflict(
    store: Store,
    questions: Mapping[int, Sequence[Question]],
    day: int,
    answer: str,
    *,
    by: str,
    at: str,
    stated: Sequence[str] = (),
) -> str:
    """Answer day ``day``'s 计票待核对 (``answer``: a key of :data:`TALLY_ANSWERS`) among
    the days' open ``questions``, signed ``by``; returns what is said.  The answer stands
    while the tally says the same (a new conflict asks again)."""
    if answer not in TALLY_ANSWERS:
        raise AuditorError(f"回答应当是 {' 或 '.join(TALLY_ANSWERS)}：{answer}")
    asked = [q for q in questions.get(day, []) if q.kind == "conflict"]
    if not asked:
        raise AuditorError(f"第{day}天没有待核对的计票（可能已经答过，或重新检查后不再冲突）")
    for q in asked:
        answer_tally(store, day, answer, q.text, by, at)
    left = [q for q in questions.get(day, []) if q.kind not in ("conflict", "leave")]
    said = f"已记下：第{day}天{TALLY_ANSWERS[answer]}（{by}）"
    if answer == "count" and stated:
        # (a result the file states already — a confirmed sheriff, a vote-out — is changed
        # where it stands, never added twice: 补上 refuses a second one)
        said += (
            f"。游戏文件里已经写了：{'；'.join(stated)}。和计票不同的，请在审计台「改或撤销已确认的事件」里"
            "改它（或 auditor events 游戏文件 --edit 编号 --player 玩家），公告按游戏文件写"
        )
    elif answer == "count":
        said += (
            "。游戏文件里记的结果和计票不同时，请更正那个事件（审计台「补上漏读的一天或一个事件」，"
            "或 auditor game 游戏文件 --add event …），公告按游戏文件写"
        )
    else:
        said += "。游戏继续按公示的结果走（游戏文件不改），公告也按它写"
    if left:
        said += f"；第{day}天还有 {len(left)} 个问题没答，那天的牌仍等着"
    else:
        said += f"；第{day}天的问题都答完了，那天等着的牌放回待处理"
    return said


def stated_results(game: Game, day: int) -> list[str]:
    """The day's results the game file states (a sheriff, a vote-out), in words: what a
    「计票是对的」 answer must change where it stands (:func:`answer_conflict`)."""

    results = [
        Proposal("event", e, "")
        for e in load_game(game.path).events
        if e.type is EventType.SHERIFF or (e.type is EventType.ELIMINATED and e.how == "vote")
    ]
    return [p.describe() for p in results if day_of(p, game.days) == day]


def day_answers(store: Store) -> DayAnswers:
    """The days changed since the last check (a mark of an older check is spent: that check
    judged the day as answered) and the answered 计票待核对."""
    mark = check_mark(store)
    began = _last_check_began(store)
    changed: dict[int, str] = {}
    for key, raw in store.state_values(CHANGED).items():
        value = _loaded(raw)
        if value is None:
            continue
        # (an older check's mark is spent only by a check begun at or after the answer:
        # one that was running already read the game file before it)
        spent = value.get("mark") != mark and (began or "") >= value.get("at", "")
        if not spent:
            changed[int(key.removeprefix(CHANGED))] = value.get("what", "")
    tallies: dict[int, dict[str, str]] = {}
    for key, raw in store.state_values(TALLY_ANSWER).items():
        value = _loaded(raw)
        if value is not None:
            tallies[int(key.removeprefix(TALLY_ANSWER))] = value
    return DayAnswers(changed, tallies)


def _last_check_began(store: Store) -> str | None:
    """When the run of the last finished check began (UTC, the runs table's clock): an
    ``audit`` or a ``check`` that ended ok or with the crawl incomplete."""
    runs = [
        r
        for r in store.runs()
        if r.command in ("audit", "check")
        and r.finished_at is not None
        and r.status in ("ok", "incomplete")
    ]
    return runs[-1].started_at if runs else None


def _loaded(raw: str) -> dict[str, str] | None:
    try:
        value = json.loads(raw)
    except ValueError:
        return None
    return {str(k): str(v) for k, v in value.items()} if isinstance(value, dict) else None


def _day_state(game: Game) -> dict[int, tuple[object, ...]]:
    """Each day as the check judges it: its times, 加速 / 延时 and 环节, its threads (their
    kinds), and the events that fall in it (:func:`day_at`)."""
    days = list(game.days)
    out: dict[int, list[object]] = {d.number: [d] for d in days}
    for t in game.threads:
        if t.day is not None:
            out.setdefault(t.day, []).append(("thread", t.tid, t.kind))
    for e in game.events:
        n = day_at(e.at, days) if e.at is not None else None
        if n is not None and e.type is EventType.SUBSTITUTE and e.at is not None:
            n = _starting_day(e.at, days, n)
        if n is not None:
            out.setdefault(n, []).append((e.type, e.player, e.at, e.how, e.value))
    return {n: tuple(v) for n, v in out.items()}


def _starting_day(at: datetime, days: Sequence[DaySpec], found: int) -> int:
    """The day a substitute changes: a substitute counts from a day's opening (the desk's
    「替补从这天开门起算」, confirm's opening), so one told between two days — during the
    night — is the next day's, told or not yet (老金, fh48: a substitute added at 12-03 22:15,
    night 1, said 「第1天改了」)."""
    if any(d.opens <= at <= d.closes for d in days):
        return found
    return found + 1


def changed_days(before: Game, after: Game) -> tuple[int, ...]:
    """The days whose times or events differ between ``before`` and ``after`` (the game as
    the desk saw it before an answer, and after it)."""
    old, new = _day_state(before), _day_state(after)
    return tuple(sorted(n for n in {*old, *new} if old.get(n) != new.get(n)))


def changed_words(what: str) -> str:
    """The question a day changed since the last check asks (its drafts locked)."""
    said = f"（{what}）" if what else ""
    return (
        f"答案改了这天{said}：这些牌是按改之前判的，正在重新检查；"
        "检查完才能批（没有自动检查时请重新审计）"
    )


def locked(waits: Sequence[Question]) -> bool:
    """Whether a held draft is locked (its day changed since the check: no 仍然批准)."""
    return any(q.kind == "changed" for q in waits)


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


def question_day(
    at: datetime, days: Sequence[DaySpec], *, night_posts: str = "none", starts: bool = False
) -> int | None:
    """The day a question raised at ``at`` is about: the day it falls in; at night (after a
    day's close, before the next opening) the next day where the rule set credits the night
    to it (``night_posts = "next_day"``: 版杀7 6.2 夜晚的帖子算第二天) or where the item
    takes effect from its time (``starts``: a substitute, a night death — it cannot change
    the closed day's counts), else the closed day (its result announced after the close).
    fh46b / fh46c: a night post about day 2 and a substitute proposed after day 1 closed
    made approved day-1 cards 「第1天现在有没答的问题」."""
    inside = next((d for d in days if d.opens <= at <= d.closes), None)
    if inside is not None:
        return inside.number
    if night_posts == "next_day" or starts:
        after = next((d for d in days if d.opens > at), None)
        if after is not None:
            return after.number
    return day_at(at, days)


def _starts(p: Proposal) -> bool:
    """An event that takes effect from its time on (a substitute, a night death)."""
    item = p.item
    return isinstance(item, Event) and (item.type is EventType.SUBSTITUTE or (item.how == "night"))


def open_questions(
    game: Game,
    checked: CheckRecords | None = None,
    base: str | None = None,
    answered: Container[str] = (),
    answers: DayAnswers | None = None,
    *,
    night_posts: str = "none",
    shown: Mapping[int, str] | None = None,
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
    after the last audit: its cards are offered at once, not after the next one).

    ``answers`` (:func:`day_answers`): the days an answer changed since the last check
    (each a question of its own, kind ``changed``, until the next check: its drafts were
    judged on the day as it was, fh46 desk item 1) and the 计票待核对 the director
    answered (公示为准 / 计票是对的: no question while the tally says the same).

    ``night_posts``: the rule set's (:func:`question_day`: a question belongs to the day it
    is about).  ``shown``: the 请假 posts of the game's granted leaves as the director
    finds them (:func:`leave_posts`), shown in their questions."""
    out: dict[int, list[Question]] = {}
    answers = answers or DayAnswers()
    for number, what in sorted(answers.changed.items()):
        out.setdefault(number, []).append(Question(number, "changed", changed_words(what), ""))
    disc = game.discovery
    days = list(game.days)
    for u in getattr(disc, "unread", []) if disc is not None else []:
        # (a morning post that reports the night is the next day's: Unread.reports_the_night)
        starts = bool(getattr(u, "reports_the_night", lambda _d: False)(days))
        day = question_day(u.posted_at, days, night_posts=night_posts, starts=starts)
        if day is not None:
            where = f"第 {u.floor} 楼" if u.floor is not None else _clock(game, u.posted_at)
            text = f"未读懂的公告（{where}）：{u.excerpt()}"
            out.setdefault(day, []).append(Question(day, "unread", text, str(u.pid), u.link(base)))
    pending = disc.pending() if disc is not None and hasattr(disc, "pending") else []
    subjects = getattr(disc, "subjects", {})
    for p in pending:
        if p.kind not in _DAY_KINDS or p.id in answered:
            continue
        item = p.item
        if isinstance(item, Event) and item.at is not None:
            # (an event's own time says its day: a vote-out announced at night is the
            # closed day's, whatever the rule set does with night posts)
            day = question_day(item.at, days, starts=_starts(p))
        else:
            day = day_of(p, days)
        if day is not None:
            text = f"待确认：{p.describe(subjects)}"
            # (linked to the director's post it was read from: the question points at it)
            link = findpost_link(base, None, p.pid)
            out.setdefault(day, []).append(Question(day, "proposal", text, p.id, link))
    _leave_questions(out, game, base, shown or {})
    if checked is not None:
        if disc is not None:
            _tally_questions(out, game, checked, answered)
        _conflicts(out, checked, base, discovers=disc is not None, settled=answers.tallies)
    return {d: out[d] for d in sorted(out)}


def leave_posts(game: Game, store: Store) -> dict[int, str]:
    """The 请假 posts of the game's granted leaves (their ``pid``), each as the director
    finds it: 「its text」（第 N 楼）."""
    pids = [
        e.pid
        for e in getattr(game, "events", ())
        if e.type is EventType.LEAVE and e.pid is not None
    ]
    if not pids:
        return {}
    out: dict[int, str] = {}
    for sp in store.posts_by_pid(pids, game.timezone):
        post = sp.post
        if post.pid is None:
            continue
        text = post.text if len(post.text) <= 60 else post.text[:59] + "…"
        where = f"（第 {post.floor} 楼）" if post.floor is not None else ""
        out[post.pid] = f"「{text}」{where}"
    return out


def _leave_questions(
    out: dict[int, list[Question]], game: Game, base: str | None, shown: Mapping[int, str]
) -> None:
    """Each granted 请假 (``[[event]] type = "leave"``) on each day it covers: a question of
    that player's (:attr:`Question.player`) showing the 请假 post — his lurking and no-vote
    drafts of the day wait on it, the day's others do not."""
    for e in getattr(game, "events", ()):
        if e.type is not EventType.LEAVE or e.at is None or e.until is None:
            continue
        start, until = e.at, e.until
        span = f"{_clock(game, start)} 至 {_clock(game, until)}"
        for d in game.days:
            if not (d.opens < until and start < d.closes):
                continue
            post = f"，请假帖：{shown[e.pid]}" if e.pid is not None and e.pid in shown else ""
            text = (
                f"请假：{e.player} 请了假（{span}{post}），第{d.number}天 {e.player} 的潜水、"
                "未投票不自动给牌——玩家提前请假的由导演根据情况处理：要罚就「仍然批准」，不罚就驳回"
            )
            link = findpost_link(base, None, e.pid)
            ident = f"leave:{e.player}:{d.number}"
            out.setdefault(d.number, []).append(
                Question(d.number, "leave", text, ident, link, player=e.player)
            )


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
    out: dict[int, list[Question]],
    checked: CheckRecords,
    base: str | None,
    *,
    discovers: bool,
    settled: Mapping[int, Mapping[str, str]] | None = None,
) -> None:
    """Each day's vote conflicts into ``out`` as its questions (计票待核对), each with the
    links of the posts it asks about (``conflict_pids``: the tally's; none from records
    that did not keep them); one the director answered (``settled``: its day's answer,
    given to the same words) is none."""
    pids = [*checked.conflict_pids, *([[]] * len(checked.conflicts))]
    for day, text, asked in zip(checked.conflict_days, checked.conflicts, pids, strict=False):
        if not discovers and UNSETTLED not in text:
            continue  # (the director's own file states the result: only unsure ballots)
        said = conflict_question(text)
        if any(q.text == said for q in out.get(day, [])):
            continue
        if answered_conflict(said, (settled or {}).get(day, {}).get("text")):
            continue  # (answered: 公示为准 / 计票是对的)
        links = [x for pid in dict.fromkeys(asked) if (x := findpost_link(base, None, pid))]
        first = links[0] if links else None
        out.setdefault(day, []).append(Question(day, "conflict", said, "", first, tuple(links[1:])))


def answered_conflict(said: str, answered: str | None) -> bool:
    """Whether a day's 计票待核对 ``said`` is the one the director answered (``answered``:
    its words then): the same facts — who the result names, who the count names, and why —
    whoever records the result now (论坛公示（第 7 楼）记录的 becomes 游戏文件记录的 once its
    event is confirmed: 阿德's 「计票是对的」 came back every audit, fh48c) and whichever posts
    it quotes (公示原文).  A conflict of other players asks again."""
    return answered is not None and _conflict_facts(said) == _conflict_facts(answered)


def _conflict_facts(text: str) -> str:
    return _QUOTED.sub("", _SOURCE.sub("", _ASKS.sub("", text)))


def unanswered_conflicts(checked: CheckRecords, answers: DayAnswers) -> list[str]:
    """The last check's tally conflicts (the report's 游戏文件需要核对) but those the
    director answered 公示为准 / 计票是对的 (:func:`answered_conflict`): never listed again
    on every audit (阿德, fh48c)."""
    return [
        text
        for day, text in zip(checked.conflict_days, checked.conflicts, strict=False)
        if day is None
        or not answered_conflict(conflict_question(text), answers.tallies.get(day, {}).get("text"))
    ]


#: Who a conflict says records the result (the vote book's ``_recorded``): not its facts.
_SOURCE = re.compile(r"论坛公示（[^）]*）记录的|论坛公示中读到的|游戏文件记录的")
#: The posts a conflict quotes (its 公示原文), to its end: not its facts either.
_QUOTED = re.compile(r"；公示原文：.*$", re.S)

#: The words of a tally a ballot that may or may not count would change (votebook's
#: doubt): a question in every game; a conflict between the result the forum said and the
#: tally only where the result was read from the forum (a discovering game).
UNSETTLED = "计票结果未定"

#: What a conflict asks the director to do (请核对游戏文件的 [[event]] …): the desk, the
#: report and the CLI each say how to answer in their own words; the question keeps the facts.
_ASKS = re.compile(r"。请[^；]*")


def conflict_question(text: str) -> str:
    """The question a tally's conflict asks (计票待核对), as it is answered and kept."""
    return f"计票待核对：{_ASKS.sub('', text)}"


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


def _waits_on(q: Question, code: str, player: str | None) -> bool:
    """Whether a draft of rule ``code`` on ``player`` waits on question ``q``: every
    question of the day, but one about a player (a 请假) only for his drafts of the rules
    it is about."""
    return q.player is None or (q.player == player and code in LEAVE_HELD)


def _relevant(
    code: str, questions: Mapping[int, Sequence[Question]], player: str | None
) -> dict[int, list[Question]]:
    found = {d: [q for q in qs if _waits_on(q, code, player)] for d, qs in questions.items()}
    return {d: qs for d, qs in found.items() if qs}


def holding_day(
    code: str,
    day: int | None,
    questions: Mapping[int, Sequence[Question]],
    player: str | None = None,
) -> int | None:
    """The day whose open questions a draft of rule ``code`` on ``day`` (of ``player``)
    waits on (None: offered).  A draft of a rule judged from who went out when (last words,
    posts after an elimination) that no day places waits on the last day with a question:
    which deaths are known is exactly what is unsure.  A question about one player (a
    granted 请假) holds only his lurking and no-vote drafts."""
    if not depends_on_day(code) or not questions:
        return None
    relevant = _relevant(code, questions, player)
    if day is None:
        return max(relevant) if code in _ALSO_HELD and relevant else None
    return day if relevant.get(day) else None


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
        if holding_day(
            d.code,
            draft_day(game, d.day, d.tid, d.posted_at),
            questions,
            getattr(d, "player", None),
        )
        is not None
    )


def held_by(
    code: str,
    day: int | None,
    questions: Mapping[int, Sequence[Question]],
    player: str | None = None,
) -> tuple[Question, ...]:
    """The open questions a draft of rule ``code`` on ``day`` (of ``player``) waits on
    (none: offered)."""
    waits = holding_day(code, day, questions, player)
    if waits is None:
        return ()
    return tuple(q for q in questions[waits] if _waits_on(q, code, player))


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
    player: str | None = None,
) -> str:
    """Refuse approving a held draft unless ``anyway`` (the director's 仍然批准), the
    refusal naming the way to approve anyway where the draft is decided (``source``:
    :data:`ANYWAY_WAYS`); returns the words recorded in the decision's note when approved
    anyway ("" otherwise)."""
    held = holding_day(code, day, questions, player)
    if held is None or decision != "approve":
        return ""
    waits = held_by(code, day, questions, player)
    if locked(waits):
        raise HeldError(
            f"这张牌是按改之前的第{held}天判的：答案改了这天，正在重新检查，检查完再批"
            "（没有自动检查时请重新审计：auditor audit 游戏文件 --no-crawl）。"
        )
    if not anyway:
        first = waits[0].said()
        more = f" 等 {len(waits)} 个问题" if len(waits) > 1 else ""
        way = ANYWAY_WAYS.get(source, ANYWAY_WAYS["desk"])
        raise HeldError(
            f"这张牌{held_words(held)}：第{held}天还有没答的问题（{first}{more}），"
            f"潜水、投票和遗言可能判不准。先回答这些问题；确实要批准，{way}。"
        )
    return f"{ANYWAY}（第{held}天还有 {len(waits)} 个问题没答）"
