"""Tally: the judged ballots of a window counted into a :class:`RoundTally` (weighted
counts, abstentions, who did not vote), and the checks of an outcome against the game
file's events.  Who is out is the vote procedure's call
(:mod:`auditor.rules.votebook.procedure`); this module never changes a ballot.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime, timedelta

from auditor.game.gamefile import Event, EventType
from auditor.game.state import Unread, asked_posts, unread_naming
from auditor.rules.base import Context
from auditor.rules.votebook.model import (
    ABSTAIN,
    CHECK_OUTS,
    CORRECT_HINT,
    Ballot,
    DayVotes,
    RoundTally,
    VoteSettings,
    Window,
    post_where,
    short,
)


def count(
    ctx: Context,
    st: VoteSettings,
    ballots: Sequence[Ballot],
    dv: DayVotes,
    w: Window,
    eligible: Sequence[str],
) -> tuple[RoundTally, dict[str, Ballot]]:
    """The window's counts, and each voter's standing ballot (the one with a weight)."""
    sheriff = ctx.schedule.sheriff(w.closes - timedelta(seconds=1))
    rt = RoundTally(
        dv.day,
        w.round,
        w.name,
        w.closes,
        ctx.now > w.closes,
        sheriff=sheriff,
        sheriff_weight=st.sheriff_weight,
    )
    final: dict[str, Ballot] = {b.voter: b for b in ballots if b.weight > 0}

    def shown(seat: str, author: str | None = None) -> str:
        name = voter_name(ctx, seat, w.closes, author)
        if name != seat:
            rt.names[seat] = name
        return name

    for voter, b in final.items():
        if b.target == ABSTAIN:
            rt.abstained.append(shown(voter, b.gp.post.author))
        elif b.target is not None:
            rt.counts[b.target] = rt.counts.get(b.target, 0.0) + b.weight
            rt.voters.setdefault(b.target, []).append(shown(voter, b.gp.post.author))
    rt.non_voters = [shown(p) for p in eligible if p not in final]
    return rt, final


def voter_name(ctx: Context, seat: str, at: datetime, author: str | None = None) -> str:
    """The name a tally shows for ``seat``'s vote: who posted it.  A substitute on her own
    account (替补 on 浪花's account for 老周: the game file's substitute event, its ``value`` no
    player's name; M107 10 替补玩家…代替该玩家继续游戏, 002 6.2 2 替补玩家替换) is shown as
    ``浪花（替 老周）`` — the seat keeps its count, the name is hers.  ``author``: the ballot's
    poster (the seat's own account, a proxy's or the substitute's); without one (who has not
    voted), the seat's holder at ``at``."""
    subs = [
        e.value
        for e in ctx.schedule.events(EventType.SUBSTITUTE, seat)
        if e.value and e.value not in ctx.game.players and (e.at is None or e.at <= at)
    ]
    if author is None:
        author = subs[-1] if subs else seat
    return f"{author}（替 {seat}）" if author in subs else seat


def tops_of(counts: Mapping[str, float]) -> tuple[float, list[str]]:
    """The top count and who has it (sorted); (0, []) without votes."""
    if not counts:
        return 0.0, []
    top = max(counts.values())
    return top, sorted(t for t, v in counts.items() if v == top)


def first_to_reach(
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


def out_kind(ctx: Context, player: str, dv: DayVotes) -> str:
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
    before it to the next day's opening); a vote-out recorded inside the day is the day's
    outcome too (its result posted before a close the director later moved, 延时)."""
    nxt = next((d for d in ctx.game.days if d.opens > dv.closes), None)
    day = next((d for d in ctx.game.days if d.number == dv.day), None)
    # from a minute before the close; a vote-out from just after the day opened
    inside = day.opens if day is not None else dv.closes
    return [
        e
        for e in ctx.schedule.events(etype)
        if (how is None or e.how == how)
        and e.at is not None
        and (e.at >= dv.closes - timedelta(minutes=1) or (e.how == "vote" and e.at > inside))
        and (nxt is None or e.at < nxt.opens)
    ]


def _recorded(ctx: Context, events: list[Event]) -> str:
    """Who records these events: the game file, or the director's posts they were
    discovered from, by their 楼 (游戏文件记录的 would name an event the file does not have;
    a director never sees a pid)."""
    pids = _result_pids(ctx, events)
    if pids:
        return f"论坛公示（{'、'.join(_where_said(ctx, pid) for pid in pids)}）记录的"
    if not events and getattr(ctx.game, "discovery", None) is not None:
        return "论坛公示中读到的"  # a game that discovers its events: nothing was read
    return "游戏文件记录的"


def unread_before_result(ctx: Context, dv: DayVotes, players: Sequence[str]) -> tuple[str, str]:
    """What a result no one is recorded for at the day's close waits on, never 「导演没有公示」
    (fh42 item 2: 北风 被潮水带走了 was his announcement, unread): the director's posts of the
    day listed 未读懂 (to be answered first), and those from the close on that name one of
    ``players`` — each where the director finds them, "" when none.  The one check of the
    tally's notices and of the proposals (auditor.rules.proposals) alike."""
    base = ctx.game.forum.url
    that_day = "、".join(post_where(base, u.tid, u.pid, u.floor) for u in _unread_that_day(ctx, dv))
    return that_day, asked_posts(ctx.game, _unread_about(ctx, dv, players))


def _unread_about(ctx: Context, dv: DayVotes, players: Sequence[str]) -> list[Unread]:
    """The director's unread posts (未读懂) from the day's close to the next day's opening
    that name one of ``players``."""
    if not players:
        return []
    nxt = next((d for d in ctx.game.days if d.opens > dv.closes), None)
    hi = max(nxt.opens, dv.closes + timedelta(hours=12)) if nxt is not None else None
    return unread_naming(ctx.game, players, dv.closes - timedelta(hours=1), hi)


def _where_said(ctx: Context, pid: int) -> str:
    """A result post as a director finds it: its 楼 (the notice shows its text and link after),
    else its link — never its pid."""
    post = next((gp.post for gp in ctx.posts if gp.post.pid == pid), None)
    if post is None:
        return post_where(ctx.game.forum.url, None, pid, None)
    if post.floor is not None:
        return f"第 {post.floor} 楼"
    return post_where(ctx.game.forum.url, post.tid, pid, post.floor)


def _result_pids(ctx: Context, events: list[Event]) -> list[int]:
    """The director's posts these events were discovered from (none for the game file's)."""
    disc = getattr(ctx.game, "discovery", None)
    return sorted(
        {
            s.pid
            for s in (disc.discovered("events") if disc is not None else [])
            if s.pid is not None and s.item in events
        }
    )


def _result_posts(ctx: Context, events: list[Event]) -> str:
    """What the result posts say (the line that names the player voted out) and their links,
    so the director sees both sides of a disagreement in the notice."""
    by_pid = {gp.post.pid: gp.post for gp in ctx.posts if gp.post.pid is not None}
    names = [e.player for e in events]
    shown = []
    for pid in _result_pids(ctx, events):
        post = by_pid.get(pid)
        if post is None:
            shown.append(post_where(ctx.game.forum.url, None, pid, None))
            continue
        lines = [x for x in post.text.splitlines() if x.strip()]
        line = short(
            next((x for x in lines if any(n in x for n in names)), lines[0] if lines else "")
        )
        shown.append(f"「{line}」（{post_where(ctx.game.forum.url, post.tid, pid, post.floor)}）")
    return f"；公示原文：{'；'.join(shown)}" if shown else ""


def _round_label(dv: DayVotes, rt: RoundTally) -> str:
    return f"第{dv.day}天" + (f"{rt.name}" if rt.round is not None and rt.name else "")


def recorded_vote_outs(ctx: Context, dv: DayVotes) -> tuple[list[Event], str]:
    """The day's vote-outs as the game file (or the director's result posts it was
    discovered from) records them, and who records them (游戏文件记录的 / 论坛公示…)."""
    events = _events_at_close(ctx, dv, EventType.ELIMINATED, "vote")
    return events, _recorded(ctx, events)


def check_events(
    ctx: Context, dv: DayVotes, rt: RoundTally, rounds: Sequence[RoundTally] = ()
) -> str:
    """A note when the day's vote eliminations (the game file's, or those discovered from the
    director's result post) disagree with the tally — another player on top, a tie the result
    does not settle, no valid ballot at all — and a question for the director in the round's
    ``conflict`` (the audit's notices) with both sides: what the tally says, what the result
    post says and its link.  Never silent: a result the tally cannot back is asked, not taken.
    ``rounds``: the day's earlier rounds (killbar7), whose eliminations count too."""
    if not rt.closed:
        return ""
    events = _events_at_close(ctx, dv, EventType.ELIMINATED, "vote")
    recorded = sorted(e.player for e in events)
    computed = sorted({t for r in (*rounds, rt) for t, o in r.outcome.items() if o == "eliminated"})
    shown = [] if recorded else computed
    that_day, about = _unread_that_day(ctx, dv), _unread_about(ctx, dv, shown)
    if recorded != computed and not events and that_day:
        return _not_yet_matched(ctx, dv, rt, computed, that_day)
    if recorded != computed:
        src = _recorded(ctx, events)
        if about:
            # (fh42 item 2: the post naming the player was not read — ask about it, never
            # say the director announced no one)
            asked = asked_posts(ctx.game, about)
            rt.ask(
                f"{_round_label(dv, rt)}：计票结果为 {'、'.join(computed)} 出局；导演的帖子"
                f"（{asked}）提到了 {'、'.join(computed)}，工具没有读懂——请看这一楼是否公示了出局",
                [u.pid for u in about],
            )
            return f"；注意：导演的帖子（{asked}）没有读懂，出局待确认"
        question = (
            f"{_round_label(dv, rt)}：{src}投票出局为 {'、'.join(recorded) or '无'}，"
            f"计票结果为 {'、'.join(computed) or '无人出局'}（{rt.reason}）"
            f"{_result_posts(ctx, events)}。"
            f"{CHECK_OUTS}或投票{CORRECT_HINT}"
        )
        rt.ask(question, _result_pids(ctx, events))
        return f"；注意：{src}投票出局为 {('、'.join(recorded) or '无')}，与计票结果不同"
    return ""


def _not_yet_matched(
    ctx: Context, dv: DayVotes, rt: RoundTally, computed: list[str], that_day: list[Unread]
) -> str:
    """fh42 item 2: the director's post naming the player may be among the unread — never
    claim he did not announce it; point at the posts to read first."""
    base = ctx.game.forum.url
    shown = "、".join(post_where(base, u.tid, u.pid, u.floor) for u in that_day)
    question = (
        f"{_round_label(dv, rt)}：计票结果为 {'、'.join(computed) or '无人出局'}"
        f"（{rt.reason}），还没有和导演的公示帖对上：这一天有未读懂的导演帖子 "
        f"{shown}，请先处理这些帖子"
    )
    rt.ask(question, [u.pid for u in that_day])
    return "；注意：计票结果还没有和导演的公示帖对上（这一天有未读懂的导演帖子）"


def _unread_that_day(ctx: Context, dv: DayVotes) -> list[Unread]:
    """The director's posts of this day (its opening to the next day's) listed 未读懂."""
    disc = getattr(ctx.game, "discovery", None)
    day = next((d for d in ctx.game.days if d.number == dv.day), None)
    if disc is None or day is None:
        return []
    nxt = next((d for d in ctx.game.days if d.opens > dv.closes), None)
    return [
        u
        for u in getattr(disc, "unread", [])
        if u.posted_at >= day.opens and (nxt is None or u.posted_at < nxt.opens)
    ]


def check_sheriff(ctx: Context, dv: DayVotes, rt: RoundTally, winner: str | None) -> str:
    """A note when the game file's events at this close (the sheriff day) disagree with the
    tally: another sheriff recorded, or a player recorded as voted out or out at all at
    the close this vote elects a sheriff at."""
    if not rt.closed:
        return ""
    elected = _events_at_close(ctx, dv, EventType.SHERIFF, "elected")
    recorded = [e.player for e in elected]
    if recorded and winner not in recorded:
        src = _recorded(ctx, elected)
        question = (
            f"{_round_label(dv, rt)}：{src}当选警长为 {'、'.join(recorded)}，"
            f"计票结果为 {winner or '无人当选'}（{rt.reason}）{_result_posts(ctx, elected)}。"
            "请核对游戏文件里记的警长或投票"
        )
        rt.ask(question, _result_pids(ctx, elected))
        return f"；注意：{src}当选警长为 {'、'.join(recorded)}，与计票结果不同"
    voted_out = sorted(e.player for e in _events_at_close(ctx, dv, EventType.ELIMINATED, "vote"))
    out_winner = winner is not None and any(
        e.player == winner for e in _events_at_close(ctx, dv, EventType.ELIMINATED, None)
    )
    if voted_out or out_winner:
        who = "、".join(voted_out) if voted_out else str(winner)
        out_events = _events_at_close(ctx, dv, EventType.ELIMINATED, None)
        src = _recorded(ctx, out_events).removesuffix("的")
        question = (
            f"{_round_label(dv, rt)}：{src} {who} 在这一天关门时出局，"
            f"但这一天的投票按规则集选举警长（{winner or '无人'}当选，无人被投票出局）"
            f"{_result_posts(ctx, out_events)}。"
            f"{CHECK_OUTS}，或这一天是否应当是放逐投票"
        )
        rt.ask(question, _result_pids(ctx, out_events))
        return f"；注意：{src} {who} 在这一天关门时出局，与计票结果（选警长）不同"
    return ""
