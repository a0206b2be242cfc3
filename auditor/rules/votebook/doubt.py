"""Ballots the reader could not read either way, and whether they could change a round.

Never silent (DESIGN: what the tool cannot read is asked, never passed over): under a
preset with no vote format (版杀7 4.1.2 names none, so no seed voids an unreadable vote) a
post in the round's vote thread may be a vote the reader neither accepts nor undoes — an
attempt whose target names no player (投小笼包, 跟饺子投: ``target_not_player``), or a post
the reader took as no vote that has a player's name after a vote word with nothing undoing
it (:func:`auditor.rules.freevote.unread_attempt`).  When counting that post as a vote for
one of the players it could mean (the one it names, the closest player, else any candidate
of the round) changes the round's outcome — a tie, a 过半, the top place, the suspects — the
outcome is not stated as certain: the round's reason says 结果未定 and the audit's notices
(the top of the report and the audit line) ask the director, with the post's text and link.
Under a labelled preset such a post is void by its seed (030/M39 投票对象有误的票无效, M107
投票格式有误的投票将算作废票) and cannot change a count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from auditor.rules.base import GamePost
from auditor.rules.freevote import unread_attempt
from auditor.rules.votebook.model import ABSTAIN, Ballot, RoundTally, VoteKind, Window
from auditor.rules.votebook.procedure import Decision, VoteProcedure
from auditor.rules.votebook.tally import count
from auditor.urls import findpost_link


@dataclass(frozen=True, slots=True)
class Doubt:
    """One post read neither way: whose, and the players it could be a vote for."""

    gp: GamePost
    voter: str
    targets: tuple[str, ...]
    what: str  # what the reader could not read, for the director


def ask_when_unsure(
    d: Decision, w: Window, posts: Sequence[GamePost], procedure: VoteProcedure
) -> None:
    """Mark the decided round ``d.rt`` unsure when a post read neither way could change its
    outcome: 结果未定 in its reason, and a question for the director in its ``conflict`` (the
    audit's notices) with the post's text and link."""
    base = d.ctx.game.forum.url
    asked = []
    for doubt in doubts(d, posts):
        target = could_change(d, w, doubt, procedure)
        if target is None:
            continue
        post = doubt.gp.post
        text = " ".join(post.text.split())
        text = text if len(text) <= 60 else text[:60] + "…"
        d.rt.reason += (
            f"；结果未定：{doubt.voter} 的帖子（{where(base, doubt.gp)}）{doubt.what}，"
            f"若计为投 {target}，结果不同"
        )
        asked.append(
            f"{doubt.voter} 的帖子「{text}」（{where(base, doubt.gp)}）{doubt.what}；"
            f"若计为投 {target}，本轮结果不同"
        )
    if asked:
        label = f"第{d.dv.day}天" + (d.rt.name if d.rt.round is not None and d.rt.name else "")
        question = (
            f"{label}：计票结果未定 — "
            + "；".join(asked)
            + "。请导演核对（可用 [[correction]] 更正）"
        )
        d.rt.conflict = "；".join(x for x in (d.rt.conflict, question) if x)


def doubts(d: Decision, posts: Sequence[GamePost]) -> list[Doubt]:
    """The window's posts read neither way (see the module docstring)."""
    if d.st.format != "free":
        return []
    pool = tuple(d.state.candidates) if d.state.candidates is not None else tuple(d.eligible)
    eligible = set(d.eligible)
    out: list[Doubt] = []
    for b in d.ballots:
        if (
            b.problem == "target_not_player"
            and b.voter in eligible
            and b.correction is None
            and _after_standing(d, b.voter, b.gp)
        ):
            targets = (b.suggestion,) if b.suggestion in pool else pool
            out.append(Doubt(b.gp, b.voter, targets, f"投票对象“{b.target_text}”不是玩家"))
    read = {b.pid for b in d.ballots}
    for gp in posts:
        if gp.player is not None and _unread(d, gp, read):
            name = unread_attempt(gp.post.text, d.ctx.game.players, gp.player)
            if name is not None and name in pool:
                out.append(Doubt(gp, gp.player, (name,), f"读不出是否投给 {name}"))
    return out


def _unread(d: Decision, gp: GamePost, read: set[int | None]) -> bool:
    """A post of an eligible player in the window, not read as a ballot, not the director's,
    not hidden, exempt or last words, and after the voter's standing ballot if he has one."""
    post = gp.post
    return not (
        post.pid in read
        or gp.player is None
        or gp.player not in d.eligible
        or gp.exempt
        or gp.lastwords
        or post.hidden is not None
        or post.author in d.ctx.game.directors
        or post.posted_at > d.rt.closes
        or not _after_standing(d, gp.player, gp)
    )


def _after_standing(d: Decision, voter: str, gp: GamePost) -> bool:
    """The post could be the voter's standing ballot: he has none, or it comes after it (a
    doubt before his later valid vote was replaced by that vote, as any earlier vote is)."""
    standing = d.final.get(voter)
    if standing is None or standing.gp is gp:
        return True
    mine, theirs = gp.post, standing.gp.post
    if mine.posted_at != theirs.posted_at:
        return mine.posted_at > theirs.posted_at
    return (mine.pid or 0) > (theirs.pid or 0)


def could_change(d: Decision, w: Window, doubt: Doubt, procedure: VoteProcedure) -> str | None:
    """The first of the doubt's targets that, counted as the voter's standing vote, gives the
    round another outcome; None when none does."""
    before = _result(d.rt)
    weight = procedure.sheriff_weight(d.st) if doubt.voter == d.rt.sheriff else 1.0
    for target in doubt.targets:
        if target == ABSTAIN:
            continue
        ballot = Ballot(
            gp=doubt.gp,
            day=d.dv.day,
            round=d.rt.round,
            voter=doubt.voter,
            kind=VoteKind.VOTE,
            target=target,
            target_text=target,
            weight=weight,
        )
        standing = {**d.final, doubt.voter: ballot}
        rt, final = count(d.ctx, d.st, list(standing.values()), d.dv, w, d.eligible)
        ballots = [*(b for b in d.ballots if b.voter != doubt.voter or not b.weight), ballot]
        procedure.decide(replace(d, rt=rt, ballots=ballots, final=final))
        if _result(rt) != before:
            return target
    return None


def _result(rt: RoundTally) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    return tuple(sorted(rt.outcome.items())), tuple(sorted(rt.candidates))


def where(base: str | None, gp: GamePost) -> str:
    """Where the post is, for a director: its link, else its 楼 (never a pid)."""
    post = gp.post
    link = findpost_link(base, post.tid, post.pid)
    if link is not None:
        return link
    return f"第 {post.floor} 楼" if post.floor is not None else "链接不可用"
