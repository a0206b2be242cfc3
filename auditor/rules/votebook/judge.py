"""Judge: the ballots of one voting window, voter by voter in time order, into judged
copies — role (vote / change / abstain), validity, the problem and the weight each carries.

The weight is decided here and only here: the voter's standing vote (the last valid one)
carries the procedure's weight for him (the sheriff's ``sheriff_weight`` in a plurality
vote, 1 otherwise); every other ballot carries 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timedelta

from auditor.rules.base import Context
from auditor.rules.votebook.model import (
    ABSTAIN,
    Ballot,
    DayVotes,
    VoteKind,
    VoteSettings,
    Window,
    post_where,
)
from auditor.rules.votebook.parse import reply_header

# --------------------------------------------------------------------------- who may vote


def eligible(
    ctx: Context, st: VoteSettings, player: str, opens: datetime, closes: datetime
) -> bool:
    """Must (and may) vote in the window: not out before its close (one voted out at the
    close still voted), no idiot who revealed before it opened."""
    if _out_for_round(ctx, st, player, closes):
        return False
    return not ctx.schedule.idiot_revealed(player, opens)


def _out_for_round(ctx: Context, st: VoteSettings, player: str, closes: datetime) -> bool:
    """Out for a round closing at ``closes``: eliminated (voted out, killed, sent off, …)
    before the close.  Liveness is judged at the close, not at the vote's post time: a
    vote for a player sent off later that day is void (M107 用语定义 出局 "已经公示的出局
    角色…不允许被选为…投票的目标"), and so is that player's own vote ("出局…后，不能继续
    参与…投票"); the player voted out *at* the close still voted and was voted for."""
    out = _out_at(ctx, player, closes)
    return out is not None and (out < closes or _sent_off_first(ctx, st, player, closes))


def _out_at(ctx: Context, player: str, closes: datetime) -> datetime | None:
    """When the player is out, for a round closing at ``closes``.  A vote-out recorded
    inside the day this round closes (the director's result posted before a close the
    director later moved, 延时) is that day's outcome, at its close (M107 投票规则 白天结束时
    统计投票结果): it never voids that day's ballots for or by the player voted out."""
    e = ctx.schedule.elimination(player)
    if e is None or e.at is None:
        return None
    if e.how == "vote":
        day = next((d for d in ctx.game.days if d.closes == closes), None)
        if day is not None and day.opens < e.at < day.closes:
            return day.closes
    return e.at


def _sent_off_first(ctx: Context, st: VoteSettings, player: str, closes: datetime) -> bool:
    """Sent off with a red card at the close itself, in a rule set where that comes first
    (M107 用语定义 出局“白天红牌罚下在被投票出局之前”; 030 settles it after the vote)."""
    if st.red_card_at_close != "before_vote":
        return False
    e = ctx.schedule.elimination(player)
    return e is not None and e.at == closes and e.how == "sent_off"


def _idiot_for_round(ctx: Context, player: str, closes: datetime) -> bool:
    """An idiot who revealed (装傻) before the close can neither vote nor be voted for."""
    return ctx.schedule.idiot_revealed(player, closes - timedelta(microseconds=1))


# --------------------------------------------------------------------------- problems


def _static_problem(ctx: Context, st: VoteSettings, b: Ballot, w: Window) -> str | None:
    if b.posted_at > w.closes:
        return "after_close"
    if b.voter not in ctx.game.players:
        return "voter_not_player"
    if _out_for_round(ctx, st, b.voter, w.closes):
        return "voter_eliminated"
    if _idiot_for_round(ctx, b.voter, w.closes):
        return "voter_idiot"
    return None


def _target_problem(
    ctx: Context, st: VoteSettings, b: Ballot, w: Window, candidates: Sequence[str] | None
) -> str | None:
    if b.target is None:
        return "target_not_player"
    if b.target == ABSTAIN:
        return None
    if _out_for_round(ctx, st, b.target, w.closes):
        return "target_eliminated"
    if _idiot_for_round(ctx, b.target, w.closes):
        return "target_idiot"
    if candidates is not None and b.target not in candidates:
        return "target_not_candidate"
    return None


def _timing_problem(
    st: VoteSettings,
    b: Ballot,
    dv: DayVotes,
    w: Window,
    *,
    is_change: bool,
    changes: int,
    earlier_pids: set[int],
    notices: list[tuple[str, str]],
) -> str | None:
    """A change's problem (accelerated day, over the limit, too late, not quoting the
    vote), or a proxy vote's (too late); a notice for the director on a proxy change the
    tool cannot judge (M107 玩家须知 9)."""
    change_from = w.closes - timedelta(minutes=st.change_deadline)
    proxy_from = w.closes - timedelta(minutes=st.proxy_deadline)
    if not is_change:
        return _first_problem(st, b, dv, w, earlier_pids, proxy_from)
    if dv.accelerated:
        return "accelerated_change"
    if changes >= st.change_limit:
        return "second_change"
    if b.posted_at > change_from:
        if b.proxy is None or st.proxy_change != "notice":
            return "late_change"
        # M107 玩家须知 9: a proxy change needs the player's request an hour before the
        # close, which the tool cannot see; only the director's own 30-minute limit voids it
        if b.posted_at > proxy_from:
            return "proxy_late"
        notices.append(
            (
                "proxy_change",
                f"导演代投改票发于关门前 {_minutes_before(b.posted_at, w.closes)} 分钟："
                f"须在截止前 {st.change_deadline} 分钟收到玩家的请求，"
                "工具看不到请求时间，请导演核对（不作废）",
            )
        )
        return None
    post = b.gp.post
    quoted = {q.pid for q in post.quotes if q.pid is not None}
    reply = reply_header(post.text, post.links)
    if reply is not None and reply[0] is not None:
        quoted.add(reply[0])  # 回复 14#: the floor answered (030/M39 改票需回复原投票楼层)
    if st.change_quote and b.proxy is None and not (quoted & earlier_pids):
        return "unquoted_change"
    if st.format != "free" and st.change_label and not b.written_change and b.proxy is None:
        # quoting the vote but written with the vote's labels: M107 改票时…明确说明改票对象和
        # 改票理由, 030/M39 请严格依照投票格式或改票格式进行投票 (the earlier vote stands)
        return "format"
    return None


def _first_problem(
    st: VoteSettings,
    b: Ballot,
    dv: DayVotes,
    w: Window,
    earlier_pids: set[int],
    proxy_from: datetime,
) -> str | None:
    """A ballot with no standing vote before it: a worded change at a banned time
    (:func:`_banned_change`), or a proxy vote too late."""
    if _worded_change(st, b, earlier_pids):
        return _banned_change(st, b, dv, w)
    return "proxy_late" if b.proxy is not None and b.posted_at > proxy_from else None


def _worded_change(st: VoteSettings, b: Ballot, earlier_pids: set[int]) -> bool:
    """A post that is a change by its own words — written with the change labels (改票对象),
    or quoting the voter's own earlier ballot where a change quotes it — made after the
    voter's earlier ballot in the round was void: no vote to change, yet a 改票 all the same."""
    if not earlier_pids or b.proxy is not None:
        return False
    if b.written_change:
        return True
    quoted = {q.pid for q in b.gp.post.quotes if q.pid is not None}
    return st.change_quote and bool(quoted & earlier_pids)


def _banned_change(st: VoteSettings, b: Ballot, dv: DayVotes, w: Window) -> str | None:
    """A worded change (:func:`_worded_change`) at a time when no change is allowed: on an
    accelerated day (000 进程加速后不允许改票，所有改票作废; 001/004 执行加速时不允许改票) or
    in the last hour (000 白天结束前一个小时不得改票; 001/004 关门前一小时不允许改票) — void
    even though the vote it would change was itself void (M107, 大刘's 大列巴 18:30)."""
    if dv.accelerated:
        return "accelerated_change"
    if b.posted_at > w.closes - timedelta(minutes=st.change_deadline):
        return "late_change"
    return None


def _detail(problem: str | None, b: Ballot, *, is_change: bool) -> str:
    """The ballot's detail for the director, given its problem."""
    if b.detail and problem != "target_eliminated":
        return b.detail
    if problem == "target_not_player":
        return f"“{b.target_text}”不是玩家"
    if problem == "format" and is_change:
        return "改票应写“改票对象：”“改票理由：”"
    if problem == "target_eliminated":
        return f"{b.target} 已出局"
    return b.detail


_AFTERWARDS = "投票对象在这帖之后才出局：这票作废，但仍是这位玩家的投票，之后的票按改票判定"


def _void_afterwards(ctx: Context, b: Ballot, forced: bool) -> bool:
    """A vote void only because its target went out after it was posted (its own problem the
    target's, the target still in the game when the post was made; not a director's
    correction)."""
    if forced or b.problem != "target_eliminated" or b.target is None:
        return False
    if b.kind is VoteKind.CHANGE:
        return False
    e = ctx.schedule.elimination(b.target)
    return e is not None and e.at is not None and e.at > b.posted_at


def _minutes_before(t: datetime, close: datetime) -> int:
    return int((close - t).total_seconds() // 60)


def _uncertain_time(
    b: Ballot, closes: datetime, change_from: datetime | None, proxy_from: datetime | None = None
) -> list[tuple[str, str]]:
    """A time the page shows without seconds (HH:MM) in the same minute as a deadline
    (the close, the change deadline, a proxy vote's: M107 玩家须知 9 导演至少在投票截至的30分钟前
    发出代投信息): the post may be on either side of it (M107 投票规则“时间以论坛发帖时间为准”),
    so the director is told rather than the time being taken as :00."""
    if b.gp.post.time_precision != "minute":
        return []
    shown = b.posted_at.replace(second=0, microsecond=0)
    deadlines = ((closes, "投票截止"), (change_from, "改票截止"), (proxy_from, "代投截止"))
    for deadline, what in deadlines:
        if deadline is None:
            continue
        if shown == deadline.replace(second=0, microsecond=0):
            return [
                (
                    "time_uncertain",
                    f"页面上的发帖时间只到分钟（{shown:%H:%M}），与{what}时间 {deadline:%H:%M:%S} "
                    "在同一分钟：无法确定是否按时，请导演核对",
                )
            ]
    return []


#: How far (minutes) a post's own 还剩N分钟 may be from its timestamp before it is asked: a
#: player rounds (还剩半小时 at 34 minutes), a director is asked beyond it.
SAID_SLACK = 10


def _time_notices(
    b: Ballot, closes: datetime, change_from: datetime | None, proxy_from: datetime | None
) -> list[tuple[str, str]]:
    return _uncertain_time(b, closes, change_from, proxy_from) + _said_time(
        b, closes, change_from, proxy_from
    )


def _said_time(
    b: Ballot, closes: datetime, change_from: datetime | None, proxy_from: datetime | None
) -> list[tuple[str, str]]:
    """A post that says how long is left (还剩40分钟) where its forum time says otherwise
    (M107 投票规则 时间以论坛发帖时间为准; 000 白天结束前一个小时不得改票): the forum's time
    decides, and the director is asked — more than :data:`SAID_SLACK` minutes apart, or the
    two on different sides of a deadline that applies to the post."""
    said = b.said_left
    if said is None:
        return []
    actual = _minutes_before(b.posted_at, closes)
    said_at = closes - timedelta(minutes=said)
    sides = [d for d in (closes, change_from, proxy_from) if d is not None]
    split = any((b.posted_at > d) != (said_at > d) for d in sides)
    if not split and abs(actual - said) <= SAID_SLACK:
        return []
    when = "截止之后" if actual < 0 else f"离截止还有 {actual} 分钟"
    return [
        (
            "time_said",
            f"帖子里写离截止还剩 {said} 分钟，但论坛发帖时间 {b.posted_at:%H:%M:%S} {when}："
            "按论坛发帖时间判定（时间以论坛发帖时间为准），请导演核对",
        )
    ]


# --------------------------------------------------------------------------- judging


def judge(
    ctx: Context,
    st: VoteSettings,
    ballots: Sequence[Ballot],
    dv: DayVotes,
    w: Window,
    candidates: Sequence[str] | None,
    sheriff_weight: float,
) -> list[Ballot]:
    """The window's ballots judged, in their order.  ``sheriff_weight`` is what the
    procedure gives the sheriff's standing vote (1 where it does not weigh it)."""
    sheriff = ctx.schedule.sheriff(w.closes - timedelta(seconds=1))
    by_voter: dict[str, list[int]] = {}
    for i, b in enumerate(ballots):
        by_voter.setdefault(b.voter, []).append(i)
    out = list(ballots)
    # a voter whose 跟X ballots follow a voter not yet judged waits for him (跟X 跟Y: Y first)
    waiting = dict(by_voter)
    while waiting:
        ready = [v for v, idx in waiting.items() if not _follows_waiting(out, idx, waiting, v)]
        for voter in ready or list(waiting):  # a circle (甲跟乙, 乙跟甲): none resolves
            idx = waiting.pop(voter)
            mine = [_follow(ctx, out, i, waiting) for i in idx]
            judged, standing = _judge_voter(ctx, st, mine, dv, w, candidates)
            if standing is not None:
                weight = sheriff_weight if voter == sheriff else 1.0
                judged[standing] = replace(judged[standing], weight=weight)
            for i, b in zip(idx, judged, strict=True):
                out[i] = b
    return out


# 跟X (issue 37): a ballot that follows X's vote (跟饺子 / 跟着饺子投) counts for X's standing
# valid vote in the same round at the moment the post is made (M107 投票规则 时间以论坛发帖时间为准);
# the director sees the reading with X's post.  X with no standing vote then: void, and asked.


def _follows_waiting(
    out: Sequence[Ballot], idx: Sequence[int], waiting: dict[str, list[int]], voter: str
) -> bool:
    return any(out[i].follows in waiting and out[i].follows != voter for i in idx)


def _follow(ctx: Context, out: Sequence[Ballot], i: int, waiting: dict[str, list[int]]) -> Ballot:
    """Ballot ``i`` with its 跟X resolved against X's judged ballots before it."""
    b = out[i]
    if not b.follows:
        return b
    x = b.follows
    standing: Ballot | None = None
    if x not in waiting and x != b.voter:
        for j, o in enumerate(out):
            if o.voter == x and o.valid and o.target is not None and _before(o, j, b, i):
                standing = o
    if standing is None:
        detail = f"“跟{x}”：{x} 在这帖发出时没有有效投票，读不出投给谁，这帖作废；请导演核对"
        return replace(b, target=None, problem="format", detail=detail)
    where = post_where(
        ctx.game.forum.url, standing.gp.post.tid, standing.pid, standing.gp.post.floor
    )
    note = f"“跟{x}”读作 {x} 此时的有效票：{standing.target}（{x} 的投票帖：{where}）"
    return replace(b, target=standing.target, note="；".join(n for n in (b.note, note) if n))


def _before(o: Ballot, j: int, b: Ballot, i: int) -> bool:
    if o.posted_at != b.posted_at:
        return o.posted_at < b.posted_at
    if o.pid is not None and b.pid is not None:
        return o.pid < b.pid
    return j < i


def _repeats(st: VoteSettings, b: Ballot, current: Ballot) -> bool:
    """版杀7: a later post naming the same player repeats the vote; only "a later post with
    another target" is the change (4.1.2 说明 2)."""
    return st.format == "free" and b.target is not None and b.target == current.target


def _kind_of(st: VoteSettings, b: Ballot, earlier_pids: set[int], *, is_change: bool) -> VoteKind:
    """A change after a standing vote, or one by its own words after a void one
    (:func:`_worded_change`); else a first vote or an abstention."""
    if is_change or _worded_change(st, b, earlier_pids):
        return VoteKind.CHANGE
    return _first_kind(b)


def _first_kind(b: Ballot) -> VoteKind:
    return VoteKind.ABSTAIN if b.target == ABSTAIN else VoteKind.VOTE


def _judge_voter(
    ctx: Context,
    st: VoteSettings,
    ballots: Sequence[Ballot],
    dv: DayVotes,
    w: Window,
    candidates: Sequence[str] | None,
) -> tuple[list[Ballot], int | None]:
    """One voter's ballots in time order, judged; and which of them stands (his last
    valid one), if any.  A re-post after one's own void vote is a fresh vote, not a change
    (004/001 无效票须通过重新发帖来更正; 版杀7 4.1.2 说明 2 counts only changes of a vote): a
    void ballot leaves no vote to change — but for a vote void only because its target went out
    after it (:func:`_void_afterwards`, issue 37 Build 3)."""
    judged: list[Ballot] = []
    current: Ballot | None = None
    standing: int | None = None
    earlier_pids: set[int] = set()
    changes = 0
    change_from = w.closes - timedelta(minutes=st.change_deadline)
    for b in ballots:
        forced = b.correction is not None
        problem = b.problem if forced else (_static_problem(ctx, st, b, w) or b.problem)
        # a post after the close is late before it is anything else (seed 002 4.1.2: votes
        # after the close are void; 朴大叔's 投米肠 还来得及吗 after his 代发 for 米肠 is late)
        late = problem == "after_close"
        if current is not None and not forced and not late and _repeats(st, b, current):
            judged.append(replace(b, kind=current.kind, valid=False, problem="repeat", weight=0.0))
            if b.pid is not None:
                earlier_pids.add(b.pid)
            continue
        is_change = current is not None
        kind = _kind_of(st, b, earlier_pids, is_change=is_change)
        notices = list(b.notices)
        # a [[correction]] says who the post named (target) or that it is void, never when it
        # was posted: a target corrected on a last-hour 改票 keeps the change's problem
        # (000 白天结束前一个小时不得改票; fh47c item 4)
        if problem is None:
            problem = _timing_problem(
                st,
                b,
                dv,
                w,
                is_change=is_change,
                changes=changes,
                earlier_pids=earlier_pids,
                notices=notices,
            )
        if problem is None and not forced:
            problem = _target_problem(ctx, st, b, w, candidates)
        detail = _detail(problem, b, is_change=is_change)
        proxy_from = (
            w.closes - timedelta(minutes=st.proxy_deadline) if b.proxy is not None else None
        )
        notices += _time_notices(b, w.closes, change_from if is_change else None, proxy_from)
        b = replace(
            b,
            kind=kind,
            problem=problem,
            valid=problem is None,
            detail=detail,
            notices=tuple(notices),
            weight=0.0,
        )
        if b.valid:
            if is_change:
                changes += 1
            current, standing = b, len(judged)
        elif _void_afterwards(ctx, b, forced):
            # a vote valid when made whose target went out after it (sent off at the close,
            # M107 白天红牌罚下在被投票出局之前): void, yet the voter's vote — the next post
            # is still a change, judged as one (issue 37 Build 3: one change only, quote, not in
            # the last hour); it carries nothing
            b = replace(b, note="；".join(x for x in (b.note, _AFTERWARDS) if x))
            current = b
        judged.append(b)
        if b.pid is not None:
            earlier_pids.add(b.pid)
    return judged, standing
