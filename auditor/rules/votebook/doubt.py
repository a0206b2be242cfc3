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

A spoken vote is a doubt too (issue 37 round 2: 版杀7 4.1.2 lets a player vote in his own
words, so a post the one-post reader leaves unread may be one): a living voter's post in the
round that names a candidate of the round (a suspect, or any player in an open round) where
the name stands as a choice — alone in its clause but for the words a choice is said with
(黑曜吧 / 还是黑曜 / 那黑曜 / 跟朱砂 / 朱砂一票) — and is neither asked, denied nor supposed
in its sentence; an abstention said alone (弃。/ 改弃) likewise.  A name inside a statement
about the player (青金昨天想改没改成 / 朱砂最后那段说服我了), in a question (黑曜你到底为什么
不说话？ / 朱砂是不是已经五票了？), after a negation (不投琥珀) or in a supposition (要是大家都投
朱砂呢) is chatter, clearly no vote: no doubt.

The doubts are weighed at the round level, together (:func:`changing`): when some of them,
counted as their voters' votes for the players they could mean, give the round another
outcome, the round is asked with those posts' texts and links (and the outcome they would
give); doubts that cannot change it are listed in the round's reason, not asked.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from auditor.rules.base import GamePost
from auditor.rules.freevote import unread_attempt
from auditor.rules.votebook.judge import judge
from auditor.rules.votebook.model import (
    ABSTAIN,
    Ballot,
    RoundTally,
    VoteKind,
    Window,
    post_where,
    short,
)
from auditor.rules.votebook.procedure import Decision, VoteProcedure
from auditor.rules.votebook.tally import count


@dataclass(frozen=True, slots=True)
class Doubt:
    """One post read neither way: whose, and the players it could be a vote for."""

    gp: GamePost
    voter: str
    targets: tuple[str, ...]
    what: str  # what the reader could not read, for the director
    ballot: Ballot | None = None  # the read ballot it reads again (an attempt at no player)


def ask_when_unsure(
    d: Decision,
    w: Window,
    posts: Sequence[GamePost],
    read: Sequence[Ballot],
    procedure: VoteProcedure,
) -> None:
    """Mark the decided round ``d.rt`` unsure when the posts read neither way could change its
    outcome: 结果未定 in its reason, and a question for the director in its ``conflict`` (the
    audit's notices) with the posts' texts and links.  Doubts that cannot change it are listed
    in the reason."""
    found = doubts(d, posts)
    if not found:
        return
    base = d.ctx.game.forum.url
    change = changing(d, w, found, read, procedure)
    if change is None:
        shown = "；".join(f"{x.voter}「{_short(x.gp)}」（{where(base, x.gp)}）" for x in found)
        d.rt.reason += f"；未读出的发言（计入也不改变结果，未询问）：{shown}"
        return
    counted, other = change
    asked = [
        f"{x.voter} 的帖子「{_short(x.gp)}」（{where(base, x.gp)}）{x.what}" for x, _ in counted
    ]
    as_votes = "、".join(f"{x.voter} {_as_vote(t)}" for x, t in counted)
    d.rt.reason += (
        "；结果未定："
        + "；".join(f"{x.voter} 的帖子（{where(base, x.gp)}）{x.what}" for x, _ in counted)
        + f"，若计为{as_votes}，结果不同"
    )
    rest = [x for x in found if all(x is not y for y, _ in counted)]
    more = (
        "；本轮另有未读出的发言："
        + "；".join(f"{x.voter}「{_short(x.gp)}」（{where(base, x.gp)}）" for x in rest)
        if rest
        else ""
    )
    label = f"第{d.dv.day}天" + (d.rt.name if d.rt.round is not None and d.rt.name else "")
    question = (
        f"{label}：计票结果未定 — "
        + "；".join(asked)
        + f"；若计为{as_votes}，本轮结果不同（{other}）{more}"
        + "。请导演核对（可用 [[correction]] 更正）"
    )
    d.rt.conflict = "；".join(x for x in (d.rt.conflict, question) if x)


def _as_vote(target: str) -> str:
    return ABSTAIN if target == ABSTAIN else f"投 {target}"


def _short(gp: GamePost) -> str:
    return short(gp.post.text)


def doubts(d: Decision, posts: Sequence[GamePost]) -> list[Doubt]:
    """The window's posts read neither way (see the module docstring)."""
    if d.st.format != "free":
        return []
    pool = tuple(d.state.candidates) if d.state.candidates is not None else tuple(d.eligible)
    eligible = set(d.eligible)
    out: list[Doubt] = []
    for b in d.ballots:
        if b.problem == "target_not_player" and b.voter in eligible and b.correction is None:
            targets = (b.suggestion,) if b.suggestion in pool else pool
            what = f"投票对象“{b.target_text}”不是玩家"
            out.append(Doubt(b.gp, b.voter, targets, what, b))
    read = {b.pid for b in d.ballots}
    for gp in posts:
        if gp.player is None or not _unread(d, gp, read):
            continue
        name = unread_attempt(gp.post.text, d.ctx.game.players, gp.player)
        if name is not None and name in pool:
            out.append(Doubt(gp, gp.player, (name,), f"读不出是否投给 {name}"))
            continue
        said = spoken_choices(_lines(gp), pool, d.ctx.game.players)
        if said:
            what = "读不出是否为弃权" if said == (ABSTAIN,) else f"读不出是否投给 {'、'.join(said)}"
            out.append(Doubt(gp, gp.player, said, what))
    return out


def _lines(gp: GamePost) -> str:
    """The post's own text with its line breaks (a line ends a sentence)."""
    post = gp.post
    return "\n".join(post.lines) if post.lines else post.text


# A clause ends at these; a sentence at the first group.
_SENTENCE_END = "。！？!?；;\n"
_CLAUSE_END = _SENTENCE_END + "，,、…~～：:"
# The sentence asks (a question names a player without choosing him).
_QUESTION = re.compile(
    r"[?？]|吗|呢|谁|为什么|为何|怎么|是不是|是否|要不要|有没有|几票|多少票|对不对"
)
# The clause denies, supposes or tells (a negation, a condition, another time, someone's words).
_UNDOING = re.compile(
    r"不|别|没|非|莫|勿|如果|要是|假如|万一|假设|的话|除非|昨天|前天|上轮|上一轮|之前|刚才|说"
)
# The words a choice is said with around the name (黑曜吧 / 还是黑曜 / 那就黑曜了 / 跟朱砂 /
# 站朱砂 / 朱砂一票 / 这轮黑曜 / 黑曜 +1): with nothing else in its clause the name is chosen.
_CHOICE_WORDS = re.compile(
    r"那就|那|就|还是|还|继续|坚持|仍然|依然|也|都|我的?|这一?轮|本轮|这一?票|一票|票|投给?|改投"
    r"|改成?|换成?|选|跟|站|给|定了?|先|吧|了|啦|呀|啊|嘛|呗|哈|哦|嗯|喔|好|\+\s*1|[\s!！]"
)
# An abstention said alone (弃 / 改弃 / 我弃权吧 / 那就弃票了).
_ABSTAIN_SAID = re.compile(r"(?:我|那就?|还是)?(?:改|换)?投?弃(?:权|票)?(?:吧|了|啦|好了)?")


def spoken_choices(text: str, pool: Sequence[str], players: Sequence[str]) -> tuple[str, ...]:
    """The candidates (``pool``) a post may choose in its own words, in order — a name alone
    in its clause but for :data:`_CHOICE_WORDS`, in a sentence that asks nothing
    (:data:`_QUESTION`) and a clause that neither denies nor supposes (:data:`_UNDOING`) — and
    弃权 for an abstention said alone in its clause.  Empty when every name is chatter."""
    names = sorted((p for p in players if p), key=len, reverse=True)
    if not names:
        return ()
    alt = re.compile("|".join(map(re.escape, names)))
    found: list[str] = []
    for lo, hi in _clauses(text):
        clause = text[lo:hi]
        if _QUESTION.search(_sentence(text, lo, hi)):
            continue
        if _UNDOING.search(clause):
            continue
        named = alt.findall(clause)
        rest = _CHOICE_WORDS.sub("", alt.sub("", clause))
        if len(set(named)) == 1 and not rest and named[0] in pool:
            found.append(named[0])
        elif not named and _ABSTAIN_SAID.fullmatch(clause.strip()):
            found.append(ABSTAIN)
    return tuple(dict.fromkeys(found))


def _clauses(text: str) -> Iterator[tuple[int, int]]:
    lo = 0
    for i, ch in enumerate(text + "\n"):
        if ch in _CLAUSE_END:
            if text[lo:i].strip():
                yield lo, i
            lo = i + 1


def _sentence(text: str, lo: int, hi: int) -> str:
    """The sentence holding the clause ``text[lo:hi]``, with the mark that ends it."""
    while lo > 0 and text[lo - 1] not in _SENTENCE_END:
        lo -= 1
    while hi < len(text) and text[hi] not in _SENTENCE_END:
        hi += 1
    return text[lo : hi + 1]


def _unread(d: Decision, gp: GamePost, read: set[int | None]) -> bool:
    """A post of an eligible player in the window, not read as a ballot, not the director's,
    not hidden, exempt or last words (before the voter's later vote too: counted as a vote, it
    makes that one a change, which may be void — the recount judges the window again)."""
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
    )


# At most this many scenarios are tried one by one; past it, the likeliest (each doubt
# alone, all counted, all that could go to one player counted for him).
_SCENARIOS = 4096


def changing(
    d: Decision,
    w: Window,
    found: Sequence[Doubt],
    read: Sequence[Ballot],
    procedure: VoteProcedure,
) -> tuple[list[tuple[Doubt, str]], str] | None:
    """The fewest doubts that, counted as their voters' standing votes (each for one of the
    players it could mean), give the round another outcome — with that outcome's reason; None
    when no choice of them does."""
    before = _result(d.rt)
    for scenario in _scenarios(found):
        rt = _recount(d, w, scenario, read, procedure)
        if _result(rt) != before:
            return scenario, rt.reason.split("；")[0]
    return None


def _scenarios(found: Sequence[Doubt]) -> Iterator[list[tuple[Doubt, str]]]:
    """Ways to count the doubts, fewest counted first."""
    options = [x.targets for x in found]
    total = 1
    for o in options:
        total *= len(o) + 1
    if total <= _SCENARIOS:
        for size in range(1, len(found) + 1):
            for chosen in itertools.combinations(range(len(found)), size):
                for targets in itertools.product(*(options[i] for i in chosen)):
                    yield [(found[i], t) for i, t in zip(chosen, targets, strict=True)]
        return
    for x in found:
        for t in x.targets:
            yield [(x, t)]
    yield [(x, x.targets[0]) for x in found if x.targets]
    for t in dict.fromkeys(t for x in found for t in x.targets):
        yield [(x, t) for x in found if t in x.targets]


def _recount(
    d: Decision,
    w: Window,
    scenario: Sequence[tuple[Doubt, str]],
    read: Sequence[Ballot],
    procedure: VoteProcedure,
) -> RoundTally:
    """The round judged and decided again with the scenario's doubts read as votes: a post
    unread becomes a ballot, an attempt at no player one for the player meant — so a later
    post of the voter becomes a change, judged as one (too late, a second change …)."""
    again = {x.ballot.gp.post.pid for x, _ in scenario if x.ballot is not None}
    ballots = [b for b in read if b.pid not in again or b.pid is None]
    for doubt, target in scenario:
        ballots.append(
            Ballot(
                gp=doubt.gp,
                day=d.dv.day,
                round=d.rt.round,
                voter=doubt.voter,
                kind=VoteKind.ABSTAIN if target == ABSTAIN else VoteKind.VOTE,
                target=target,
                target_text=target,
                proxy=doubt.ballot.proxy if doubt.ballot is not None else None,
            )
        )
    ballots.sort(key=lambda b: (b.posted_at, b.pid or 0))
    weight = procedure.sheriff_weight(d.st)
    judged = judge(d.ctx, d.st, ballots, d.dv, w, d.state.candidates, weight)
    rt, final = count(d.ctx, d.st, judged, d.dv, w, d.eligible)
    procedure.decide(replace(d, rt=rt, ballots=judged, final=final))
    return rt


def _result(rt: RoundTally) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    return tuple(sorted(rt.outcome.items())), tuple(sorted(rt.candidates))


def where(base: str | None, gp: GamePost) -> str:
    """Where the post is, for a director (:func:`~auditor.rules.votebook.model.post_where`)."""
    return post_where(base, gp.post.tid, gp.post.pid, gp.post.floor)
