"""The vote book of a context: each day's windows (the procedure's), the posts of each
window parsed, judged and tallied — built once by :func:`votes_for`."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from auditor.game.gamefile import DaySpec, ThreadKind, VoteCorrection
from auditor.rules.base import Context, GamePost
from auditor.rules.votebook.declared import Now, declared_candidates, rulings
from auditor.rules.votebook.doubt import ask_unread_proxies, ask_when_unsure, show_dropped, where
from auditor.rules.votebook.judge import eligible, judge
from auditor.rules.votebook.model import (
    Ballot,
    DayVotes,
    Declared,
    RoundTally,
    VersionsFn,
    VoteBook,
    VoteKind,
    VoteSettings,
    Window,
    short,
)
from auditor.rules.votebook.parse import PROXY_UNREAD, read_ballot, target_names
from auditor.rules.votebook.procedure import (
    Decision,
    RoundState,
    VoteProcedure,
    procedure_for,
)
from auditor.rules.votebook.published import check_published
from auditor.rules.votebook.tally import count, voter_name


def vote_settings(
    options: Callable[[str], Mapping[str, Any]], settings: Mapping[str, Any]
) -> VoteSettings:
    """What the vote book obeys, read in this one place: the vote rules' own thresholds
    (``options(code)``: a rule's resolved options, on or off — turning a rule off silences
    its findings, not the vote procedure) and the rule set's tally settings."""
    fmt, change, late = options("VOTE-FORMAT"), options("VOTE-CHANGE"), options("VOTE-LATE")
    return VoteSettings(
        format=fmt["format"],
        reason_required=fmt["reason_required"],
        one_line=fmt["one_line"],
        change_label=fmt["change_label"],
        change_limit=change["limit"],
        change_deadline=change["deadline"],
        change_quote=change["quote"],
        proxy_deadline=late["proxy_deadline"],
        proxy_change=late["proxy_change"],
        procedure=settings["vote_procedure"],
        sheriff_weight=float(settings["sheriff_weight"]),
        tie_break=settings["tie_break"],
        suspect_share=float(settings["vote_suspect_share"]),
        suspect_base=settings["vote_suspect_base"],
        majority_base=settings["vote_majority_base"],
        red_card_at_close=settings["red_card_at_close"],
    )


def votes_for(ctx: Context) -> VoteBook:
    """The context's vote book, built once and kept on the context (``ctx.votes``; the one
    entry point the vote rules, the report and the CLI read)."""
    if ctx.votes is None:
        ctx.votes = build_votes(ctx, ctx.vote_settings, _versions_fn(ctx))
    return ctx.votes


def _versions_fn(ctx: Context) -> VersionsFn | None:
    """The context's stored versions as the vote reader reads them (None without a store)."""
    if not ctx.versions:
        return None
    versions = ctx.versions
    return lambda pid: [(v.number, v.seen_at, v.post) for v in versions.get(pid, ())]


@dataclass(frozen=True, slots=True)
class _Inputs:
    """What every window of the game reads."""

    ctx: Context
    st: VoteSettings
    procedure: VoteProcedure
    posts_by_tid: Mapping[int, Sequence[GamePost]]
    corrections: Mapping[int, VoteCorrection]
    versions: VersionsFn | None
    names: Mapping[str, str]
    first_day: int | None


def build_votes(ctx: Context, st: VoteSettings, versions: VersionsFn | None = None) -> VoteBook:
    game = ctx.game
    vote_threads = {t.tid: t for t in game.threads if t.kind is ThreadKind.VOTE}
    posts_by_tid: dict[int, list[GamePost]] = {}
    for gp in ctx.posts:
        if gp.post.tid in vote_threads and not gp.deleted:
            posts_by_tid.setdefault(gp.post.tid, []).append(gp)
    inputs = _Inputs(
        ctx=ctx,
        st=st,
        procedure=procedure_for(st),
        posts_by_tid=posts_by_tid,
        corrections={c.pid: c for c in game.corrections},
        versions=versions,
        names=target_names(ctx),
        first_day=game.days[0].number if game.days else None,
    )
    days: dict[int, DayVotes] = {}
    for day in game.days:
        tids = tuple(t for t, spec in vote_threads.items() if spec.day == day.number)
        days[day.number] = _day_votes(inputs, day, tids)
    return VoteBook(days)


def _day_votes(inputs: _Inputs, day: DaySpec, tids: tuple[int, ...]) -> DayVotes:
    ctx, st = inputs.ctx, inputs.st
    phase_tids = tuple(p.vote_thread for p in day.phases if p.vote_thread is not None)
    all_tids = tuple(dict.fromkeys(tids + phase_tids))
    dv = DayVotes(day.number, day.accelerated, day.closes, ctx.now > day.closes, all_tids)
    dv.eligible = [p for p in ctx.game.players if eligible(ctx, st, p, day.opens, day.closes)]
    windows = inputs.procedure.windows(day, all_tids)
    state: RoundState | None = RoundState()
    for w in windows:
        assert state is not None
        tally, elig = _window(inputs, dv, w, windows, state)
        dv.rounds.append(tally)
        if not any(inputs.posts_by_tid.get(t) for t in w.tids):
            # the round's vote thread is not there (yet): nothing was cast, so nothing is
            # counted — no 0-vote rows (killbar7's 可疑者是所有玩家 is a round's result, 002
            # 4.1.2 第一轮, not a thread's absence), and no later round; a vote-out the game file
            # records at its close is still asked (``conflict``)
            tally.outcome.clear()
            tally.reason = "没有投票帖" if tally.closed else "还没有投票帖"
            state = None
            break
        state = inputs.procedure.next_round(tally, w, elig)
        if state is None:
            break
    if state is not None and dv.rounds:
        inputs.procedure.unfinished(ctx, dv)
    return dv


def _window(
    inputs: _Inputs, dv: DayVotes, w: Window, windows: Sequence[Window], state: RoundState
) -> tuple[RoundTally, list[str]]:
    """One window: its posts read, judged and tallied; who replied and voted noted on
    the day.  Returns the tally and the window's eligible voters."""
    ctx, st = inputs.ctx, inputs.st
    posts = _window_posts(inputs, w, windows)
    for gp in posts:
        if gp.player is not None and not gp.exempt and gp.post.posted_at <= w.closes:
            dv.replied.add(gp.player)
    elig = [p for p in ctx.game.players if eligible(ctx, st, p, w.opens, w.closes)]
    weight = inputs.procedure.sheriff_weight(st)
    dropped: list[tuple[GamePost, str, str]] = []  # void readings the learned reading dropped
    read = _read(inputs, posts, dv, w, inputs.corrections, dropped)
    read = _upstairs(inputs, read, posts, dv, w)
    ballots = judge(ctx, st, read, dv, w, state.candidates, weight)
    ruled = _ruled(inputs, posts, ballots)
    if ruled:  # the director's rulings in the thread, as corrections of the posts they rule
        read = _read(inputs, posts, dv, w, {**ruled, **inputs.corrections})
        read = _upstairs(inputs, read, posts, dv, w)
        ballots = judge(ctx, st, read, dv, w, state.candidates, weight)
    tally, final = count(ctx, st, ballots, dv, w, elig)
    first, declared = dv.day == inputs.first_day, _declared(inputs, w, windows, elig, dv.day)
    decision = Decision(ctx, st, dv, tally, ballots, final, elig, state, first, declared)
    inputs.procedure.decide(decision)
    last = w == windows[-1]
    later = [x.closes for x in windows if x.closes > w.closes]
    tally.reason += check_published(ctx, dv, tally, later)
    # the round's ballots: its doubts counted when it follows the director's declaration
    ballots = ask_when_unsure(decision, w, posts, read, inputs.procedure, last)
    for b in ballots:
        if b.posted_at <= w.closes:  # a vote post, valid or not (M107 5(2))
            dv.voted.add(b.voter)
            dv.replied.add(b.voter)  # a proxy vote is the player's reply
    dv.ballots.extend(ballots)
    _dropped(ctx, dv, tally, w, ballots, dropped)
    if not tally.closed:
        tally.reason += "（尚未关门，暂计）"
    # A hidden (屏蔽) post is still a post: its author voted, though the tally can't read
    # the vote (the director is told in the tally).
    hidden = [
        gp.player
        for gp in posts
        if gp.post.hidden is not None
        and gp.player is not None
        and not gp.exempt
        and not gp.lastwords
        and gp.post.posted_at <= w.closes
        and (gp.post.pid is None or gp.post.pid not in inputs.corrections)
    ]
    if hidden:
        shown = list(dict.fromkeys(p for p in hidden if p is not None))
        tally.hidden = shown
        named = {voter_name(ctx, p, w.closes) for p in shown}  # (as count names them)
        tally.non_voters = [p for p in tally.non_voters if p not in named]
        dv.voted.update(shown)
        tally.reason += f"；{'、'.join(shown)} 的投票帖被屏蔽，无法计票，请导演核对"
    return tally, elig


def _ask_held(ctx: Context, tally: RoundTally, w: Window, ballots: Sequence[Ballot]) -> None:
    """A vote post edited after the close with no version from before it stored (the only
    text the forum shows was written after the close: 002 4.1.2 votes after the close are void;
    000 修改错别字不算做改票) is held, not counted (:func:`read_ballot`), and asked in the
    round's 计票待核对 with its text and link, until a ``[[correction]]`` says what it was."""
    for b in ballots:
        asked = b.pid in tally.asked  # already asked as one of the round's doubts
        if (
            b.edit_check
            and not b.valid
            and not asked
            and b.correction is None
            and b.posted_at <= w.closes
        ):
            gp = b.gp
            said = f"，现为“{b.target_text}”" if b.target_text else ""
            tally.ask(
                f"{b.voter} 的投票帖关门后编辑过{said}，没有关门前的版本，暂不计票："
                f"「{short(gp.post.text)}」（{where(ctx.game.forum.url, gp)}），"
                "请核对关门时投的是谁（可在游戏文件写 [[correction]]）",
                [gp.post.pid],
            )


def _dropped(
    ctx: Context,
    dv: DayVotes,
    tally: RoundTally,
    w: Window,
    ballots: Sequence[Ballot],
    dropped: Sequence[tuple[GamePost, str, str]],
) -> None:
    """A post whose void reading the learned reading dropped (and no ruling read as a ballot)
    is still its author's vote post before the close (M107 5(2)), and is shown to the director
    in the round's reason, never silent (:func:`show_dropped`); and the round's held ballots
    are asked (:func:`_ask_held`)."""
    _ask_held(ctx, tally, w, ballots)
    kept = {b.pid for b in ballots}
    shown = [x for x in dropped if x[0].post.pid not in kept and x[0].post.posted_at <= w.closes]
    # a director's 代投 is a vote post of the player (000 玩家须知 9), read or not
    dv.voted.update(voter for _, voter, _ in shown if voter not in ctx.game.directors)
    proxies = [x for x in shown if x[2] == PROXY_UNREAD]
    ask_unread_proxies(ctx.game.forum.url, tally, proxies)
    show_dropped(ctx.game.forum.url, tally, [x for x in shown if x[2] != PROXY_UNREAD])


def _read(
    inputs: _Inputs,
    posts: Sequence[GamePost],
    dv: DayVotes,
    w: Window,
    corrections: Mapping[int, VoteCorrection],
    dropped: list[tuple[GamePost, str, str]] | None = None,
) -> list[Ballot]:
    """The window's posts read as unjudged ballots (the vote posts among them); ``dropped``
    gets the posts whose void reading the learned reading dropped (:func:`read_ballot`)."""
    ctx, st = inputs.ctx, inputs.st
    return [
        b
        for gp in posts
        if (
            b := read_ballot(
                ctx, st, gp, dv.day, w, corrections, inputs.versions, inputs.names, dropped
            )
        )
        is not None
    ]


# 跟楼上 / 同楼上 / 跟12楼 / 和当归一样 / 跟当归的票 as the whole post (版杀7 4.1.2 lets a player
# vote in his own words): it follows the vote of the player it points at — the writer of the post
# just above it in the thread, of that floor, or the player named; the judge reads it as that
# player's standing vote at the post's time (:func:`~auditor.rules.votebook.judge.judge`), and a
# player pointed at with no vote behind him leaves it void (a doubt the round weighs).
_UPSTAIRS = re.compile(
    r"\s*(?:我|票|我的票)?\s*(?:就|也)?(?:跟|和|同)(?:着|随)?\s*"
    r"(?:楼上|(?P<floor>\d+)\s*楼|(?P<name>\S{1,12}?))\s*(?:的票|投的)?\s*(?:一样|相同)?"
    r"[\s!！。.~～]*"
)


def _upstairs(
    inputs: _Inputs, read: Sequence[Ballot], posts: Sequence[GamePost], dv: DayVotes, w: Window
) -> list[Ballot]:
    """The window's ballots with those that follow another's vote as the whole post
    (:data:`_UPSTAIRS`) given the player followed — a post the reader left unread among them
    (free format only: under labels such a post names no target)."""
    game = inputs.ctx.game
    if inputs.st.format != "free":
        return list(read)  # under labels 跟X names no target: a void vote post
    by_pid = {b.pid: b for b in read}
    out = list(read)
    for gp in posts:
        b = by_pid.get(gp.post.pid)
        x = _followed(gp, posts, game.players, game.directors)
        if x is None or gp.player is None:
            continue
        note = f"“{gp.post.text.strip()}”读作跟 {x} 的票"
        if b is None and gp.post.pid not in inputs.corrections:
            new = Ballot(
                gp=gp,
                day=dv.day,
                round=w.round,
                voter=gp.player,
                kind=VoteKind.VOTE,
                target=x,
                target_text=gp.post.text.strip(),
                follows=x,
                note=note,
            )
            out.append(new)
        elif b is not None and b.target is None and not b.proxy and b.correction is None:
            joined = "；".join(n for n in (b.note, note) if n)
            out[out.index(b)] = replace(b, target=x, follows=x, note=joined)
    out.sort(key=lambda b: (b.posted_at, b.pid or 0))
    return out


def _followed(
    gp: GamePost, posts: Sequence[GamePost], players: Sequence[str], directors: Sequence[str]
) -> str | None:
    """The player a player's post follows as its whole text (:data:`_UPSTAIRS`), else None."""
    m = _UPSTAIRS.fullmatch(gp.post.text)
    if m is None or gp.player is None or gp.post.author in directors or gp.lastwords:
        return None
    if m["name"] is not None:
        x = m["name"] if m["name"] in players else None
    else:
        x = _pointed_at(gp, posts, m["floor"])
    return None if x == gp.player else x


def _pointed_at(gp: GamePost, posts: Sequence[GamePost], floor: str | None) -> str | None:
    """The player who wrote the post ``gp`` points at: the one just above it in its thread, or
    the given floor — None when that post is no player's."""
    same = [x for x in posts if x.post.tid == gp.post.tid]
    if floor is not None:
        at = next((x for x in same if x.post.floor == int(floor)), None)
    else:
        above = [x for x in same if (x.post.posted_at, x.post.pid or 0) < _key(gp)]
        at = above[-1] if above else None
    return at.player if at is not None and at.post.author == at.player else None


def _key(gp: GamePost) -> tuple[object, int]:
    return gp.post.posted_at, gp.post.pid or 0


def _ruled(
    inputs: _Inputs, posts: Sequence[GamePost], judged: Sequence[Ballot]
) -> dict[int, VoteCorrection]:
    """The director's rulings in the window's thread (:func:`rulings`) as corrections of the
    posts they rule — the voter's latest post in the window before the ruling — where the
    ruling says otherwise than the judged ballot: a vote read for Y that is no valid vote for Y
    (or no ballot at all: 薄荷这票按半夏记, a riddle resolved), a vote voided that stands valid
    (松鼠：…此票无效).  The game file's own corrections are never overridden."""
    game = inputs.ctx.game
    by_pid = {b.pid: b for b in judged if b.pid is not None}
    out: dict[int, VoteCorrection] = {}
    for r in rulings(posts, game.players, game.directors, game.forum.url):
        mine = [
            gp
            for gp in posts
            if gp.player == r.voter
            and gp.post.author not in game.directors
            and gp.post.posted_at <= r.at
            and gp.post.pid is not None
        ]
        if not mine:
            continue
        pid = mine[-1].post.pid
        assert pid is not None
        b = by_pid.get(pid)
        note = f"导演在投票帖中判定：「{r.text}」（{r.where}）"
        if r.target is not None and (b is None or not b.valid or b.target != r.target):
            out[pid] = VoteCorrection(pid, r.target, False, note)
        elif r.target is None and b is not None and b.valid:
            out[pid] = VoteCorrection(pid, None, True, note)
    return {pid: c for pid, c in out.items() if pid not in inputs.corrections}


def _window_posts(inputs: _Inputs, w: Window, windows: Sequence[Window]) -> list[GamePost]:
    """The window's posts in posting order."""
    posts = [
        gp
        for tid in w.tids
        for gp in inputs.posts_by_tid.get(tid, [])
        if w.round is None or len(windows) == 1 or _in_round(gp, w, windows)
    ]
    posts.sort(key=lambda gp: (gp.post.posted_at, gp.post.pid or 0))
    return posts


def _declared(
    inputs: _Inputs, w: Window, windows: Sequence[Window], elig: Sequence[str], day: int
) -> Declared | None:
    """What the director declares the next round's candidates to be (killbar7, a next round
    held in the game file), read from the director's posts after this round's close (of day
    ``day``; a sentence labelled with another day or round is not followed)."""
    if w.round is None or inputs.st.procedure != "killbar3":
        return None
    later = [x for x in windows if x.round is not None and x.round > w.round]
    if not later:
        return None
    nxt = later[0]
    opening = next(iter(_window_posts(inputs, nxt, windows)), None)
    now = Now(day, w.round)
    ctx = inputs.ctx
    return declared_candidates(ctx, ctx.posts, w.closes, nxt.closes, elig, opening, now)


def _in_round(gp: GamePost, w: Window, windows: Sequence[Window]) -> bool:
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
