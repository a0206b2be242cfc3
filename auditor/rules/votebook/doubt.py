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
in its sentence; an abstention said alone (弃。/ 改弃) likewise.  跟X so said may be a vote
for X or for X's vote (session 43: 跟翠鸟，他那三条我都认 after 翠鸟 voted 画眉): it is weighed
both ways, following X meaning X's standing vote in the round when the post was made.  A name inside a statement
about the player (青金昨天想改没改成 / 朱砂最后那段说服我了), in a question (黑曜你到底为什么
不说话？ / 朱砂是不是已经五票了？), after a negation (不投琥珀) or in a supposition (要是大家都投
朱砂呢) is chatter, clearly no vote: no doubt.

A choice said so of a player the round does not allow (a dead player, a non-suspect in
可疑者辩论 / 高票对决) is no doubt: void whether or not it is a vote, it is listed as a void ballot
with its problem (:func:`void_attempts`; issue 37 Build 2, every vote attempt is a vote post).

The doubts are weighed at the round level, together (:func:`changing`): when some of them,
counted as their voters' votes for the players they could mean, give the round another
outcome, the round is asked with those posts' texts and links (and the outcome they would
give); doubts that cannot change it are listed in the round's reason, not asked.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, fields, replace
from datetime import timedelta

from auditor.rules.base import GamePost
from auditor.rules.freevote import unread_attempt
from auditor.rules.votebook.judge import judge
from auditor.rules.votebook.model import (
    ABSTAIN,
    CORRECT_HINT,
    Ballot,
    RoundTally,
    VoteKind,
    Window,
    post_where,
    short,
    undo_words,
)
from auditor.rules.votebook.procedure import Decision, VoteProcedure
from auditor.rules.votebook.tally import count, recorded_vote_outs


@dataclass(frozen=True, slots=True)
class Doubt:
    """One post read neither way: whose, and the players it could be a vote for."""

    gp: GamePost
    voter: str
    targets: tuple[str, ...]
    what: str  # what the reader could not read, for the director
    ballot: Ballot | None = None  # the read ballot it reads again (an attempt at no player)
    # 跟X said alone (:func:`spoken_follows`): X, and X's standing vote when the post was made —
    # the target the post has when it follows X (counted so, the judge resolves it again)
    follows: str = ""
    followed: str = ""


def ask_when_unsure(
    d: Decision,
    w: Window,
    posts: Sequence[GamePost],
    read: Sequence[Ballot],
    procedure: VoteProcedure,
    last: bool = True,
) -> list[Ballot]:
    """Mark the decided round ``d.rt`` unsure when the posts read neither way could change its
    outcome: 结果未定 in its reason, and a question for the director in its ``conflict`` (the
    audit's notices) with the posts' texts and links.  Doubts that cannot change it are listed
    in the reason.  When the round's tally disagrees with what the director declares of it and
    some of its doubts, counted, give the declared outcome, the round follows the declaration
    and is asked (:func:`follow_declared`).  ``last``: no later round of the day is held.
    Returns the round's judged ballots (the doubts counted when the declaration is followed),
    with the round's void attempts among them (:func:`void_attempts`)."""
    found = doubts(d, posts)
    void = void_attempts(d, w, posts, procedure, {x.gp.post.pid for x in found})
    return _with(ask_doubts(d, w, found, read, procedure, last), void)


def _with(ballots: Sequence[Ballot], void: Sequence[Ballot]) -> list[Ballot]:
    """The round's ballots with its void attempts among them, in posting order."""
    if not void:
        return list(ballots)
    return sorted([*ballots, *void], key=lambda b: (b.posted_at, b.pid or 0))


def ask_doubts(
    d: Decision,
    w: Window,
    found: Sequence[Doubt],
    read: Sequence[Ballot],
    procedure: VoteProcedure,
    last: bool,
) -> list[Ballot]:
    """:func:`ask_when_unsure` for the doubts that could be votes for the round's candidates."""
    if not found:
        return list(d.ballots)
    followed = follow_declared(d, w, found, read, procedure, last)
    if followed is not None:
        return followed
    base = d.ctx.game.forum.url
    change = changing(d, w, found, read, procedure)
    if change is None:
        shown = "；".join(f"{x.voter}「{_short(x.gp)}」（{where(base, x.gp)}）" for x in found)
        d.rt.reason += f"；未读出的发言（计入也不改变结果，未询问）：{shown}"
        return list(d.ballots)
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
    label, more = _label(d), _others(found, [x for x, _ in counted], base)
    question = (
        f"{label}：计票结果未定 — "
        + "；".join(asked)
        + f"；若计为{as_votes}，本轮结果不同（{other}）{more}"
        + "。请导演核对"
        + CORRECT_HINT
    )
    d.rt.ask(question, [x.gp.post.pid for x in found])
    return list(d.ballots)


def show_dropped(
    base: str | None, rt: RoundTally, dropped: Sequence[tuple[GamePost, str, str]]
) -> None:
    """The posts whose void vote reading the learned reading dropped as no vote (session 45,
    :mod:`auditor.rules.votebook.learned`), listed in the round's reason with their texts and
    links (never silent).  Such a post is still a vote post for LURK-NOVOTE (the book counts
    it): the model may take a void-vote notice away, never give a card."""
    if dropped:
        shown = "；".join(
            f"{v}「{_short(gp)}」（{where(base, gp)}；{note}）" for gp, v, note in dropped
        )
        rt.reason += f"；机读：判为不是投票（未计为废票，仍算发过投票帖）：{shown}"


def ask_unread_proxies(
    base: str | None, rt: RoundTally, proxies: Sequence[tuple[GamePost, str, str]]
) -> None:
    """A director's post that says 代投/代发 whose vote was not read (fh47c: 「代投 6→2」 was
    dropped unseen, and drew a false 未投票): asked in the round's ``conflict`` with its text
    and link, never silent.  The post is the player's vote post all the same (000 玩家须知 9)."""
    for gp, voter, _note in proxies:
        whose = f"（{voter} 的票）" if voter != gp.post.author else ""
        rt.ask(
            f"导演的代投帖没读懂{whose}：「{_short(gp)}」（{where(base, gp)}），"
            "请核对是谁的票、投给谁（可在游戏文件写 [[correction]]）",
            [gp.post.pid],
        )


def _label(d: Decision) -> str:
    """The round as the director is shown it (第1天第2轮 可疑者辩论投票)."""
    return f"第{d.dv.day}天" + (d.rt.name if d.rt.round is not None and d.rt.name else "")


def _others(found: Sequence[Doubt], counted: Sequence[Doubt], base: str | None) -> str:
    """The round's unread posts besides those ``counted``, listed for the director (text and
    link) — empty when there are none."""
    rest = [x for x in found if all(x is not y for y in counted)]
    if not rest:
        return ""
    shown = "；".join(f"{x.voter}「{_short(x.gp)}」（{where(base, x.gp)}）" for x in rest)
    return f"；本轮另有未读出的发言：{shown}"


def _as_vote(target: str) -> str:
    return ABSTAIN if target == ABSTAIN else f"投 {target}"


def _short(gp: GamePost) -> str:
    return short(gp.post.text)


def doubts(d: Decision, posts: Sequence[GamePost]) -> list[Doubt]:
    """The window's posts read neither way (see the module docstring)."""
    pool = tuple(d.state.candidates) if d.state.candidates is not None else tuple(d.eligible)
    eligible = set(d.eligible)
    out = _held(d, pool, eligible)
    if d.st.format != "free":
        return out
    for b in d.ballots:
        unread_follow = bool(b.follows) and b.target is None  # 跟X with X's vote unread
        if (
            (b.problem == "target_not_player" or unread_follow)
            and b.voter in eligible
            and b.correction is None
        ):
            targets = (b.suggestion,) if b.suggestion in pool else pool
            what = (
                f"跟 {b.follows} 的票，读不出 {b.follows} 投给谁"
                if unread_follow
                else f"投票对象“{b.target_text}”不是玩家"
            )
            out.append(Doubt(b.gp, b.voter, targets, what, b))
    read = {b.pid for b in d.ballots}
    for gp in posts:
        if gp.player is None or not _unread(d, gp, read):
            continue
        name = unread_attempt(gp.post.text, d.ctx.game.players, gp.player)
        if name is not None and name in pool:
            said: tuple[str, ...] = (name,)
        else:
            said = spoken_choices(_lines(gp), pool, d.ctx.game.players)
        x, standing = _followed(d, gp, pool)
        if standing and standing not in said:
            out.append(
                Doubt(gp, gp.player, (*said, standing), _what(said, x, standing), None, x, standing)
            )
        elif said:
            out.append(Doubt(gp, gp.player, said, _what(said)))
    return out


def _held(d: Decision, pool: tuple[str, ...], eligible: Collection[str]) -> list[Doubt]:
    """The round's held ballots (edited after the close, no version from before it stored:
    :func:`~auditor.rules.votebook.parse.read_ballot`), each a doubt under any format — what
    stood at the close may have been a vote for any candidate of the round, so the round
    follows the director's declaration where one of them gives it, and is asked where they
    could change it (the text shown was written after the close: 002 4.1.2, 000 修改错别字不算做改票)."""
    return [
        Doubt(b.gp, b.voter, pool, f"关门后编辑过（现为“{b.target_text}”），没有关门前的版本", b)
        for b in d.ballots
        if b.edit_check and b.correction is None and b.voter in eligible
    ]


# Issue 37 Build 2 (every vote attempt is a vote post): a post that says a choice in its own
# words as :func:`spoken_choices` reads one — or an unread attempt after a vote word — naming only
# players the round does not allow (a dead player: 版杀7 2 死亡的玩家失去…投票权, a vote for him
# counts nothing; a non-suspect in 可疑者辩论 / 高票对决: 4.1.2 投票对象是…可疑者) is a void ballot
# listed with its problem, not left out: void whether or not it is a vote, it cannot change a
# count, so it is not asked — the ballot says it was read from a bare name.  A name in chatter (a
# statement about the player, a question, a negation, a supposition, a name spoken to) is no
# choice and no ballot.
VOID_NOTE = (
    "读不出是否投票，按投票列出：若是投票，是废票（不计票，不影响结果）；若只是发言，请导演核对"
)


def _chosen_firmly(gp: GamePost, players: Sequence[str]) -> list[str]:
    """The names a post chooses (:func:`spoken_choices`, any player) with a word of choice
    beside them (七七吧 / 还是七七 / 跟七七), or alone as the whole post (七七。) — a bare name
    that opens more talk may be said to him (阿梁，我又不是可疑者，投我不算的): no choice then
    (the name with a remark about him in the third person is the one-post reader's
    :func:`~auditor.rules.freevote.unread_attempt`)."""
    text = _lines(gp)
    only = len(list(_clauses(text))) == 1
    return [
        n
        for n, clause in _chosen(text, players)
        if n != ABSTAIN
        and (only or clause.strip(" \t!！") != n)
        and not _ACTS.search(clause[clause.find(n) + len(n) :])
    ]


# A vote verb after the name makes him its subject (围棋改票了 / 围棋投了): he acts, he is not chosen.
_ACTS = re.compile(r"投|改|换|选|跟|站|给")


def _tells(text: str, name: str, players: Sequence[str]) -> bool:
    """The clause ``name`` stands in tells of him rather than choosing him: it names another
    player too, or a vote verb follows him (我被投两票纯属锚链海鸥互投: he votes)."""
    others = [p for p in players if p and p != name]
    for lo, hi in _clauses(text):
        clause = text[lo:hi]
        at = clause.find(name)
        if at >= 0:
            after = clause[at + len(name) :]
            return any(o in clause for o in others) or _ACTS.search(after) is not None
    return False


def void_attempts(
    d: Decision,
    w: Window,
    posts: Sequence[GamePost],
    procedure: VoteProcedure,
    doubted: Collection[int | None] = (),
) -> list[Ballot]:
    """The window's unread posts that choose only players outside the round's pool, judged
    (each alone: it is void, so it moves no other ballot) — those the judge finds void.  Not
    the ``doubted`` posts (a doubt may count for a candidate: 跟X, for X's standing vote)."""
    if d.st.format != "free":
        return []
    players = d.ctx.game.players
    pool = set(d.state.candidates if d.state.candidates is not None else d.eligible)
    read = {b.pid for b in d.ballots}
    weight = procedure.sheriff_weight(d.st)
    out: list[Ballot] = []
    for gp in posts:
        if gp.player is None or gp.post.pid in doubted or not _unread(d, gp, read):
            continue
        attempt = unread_attempt(gp.post.text, players, gp.player)
        if attempt is not None and _tells(_lines(gp), attempt, players):
            attempt = None
        said = tuple(
            dict.fromkeys(([attempt] if attempt is not None else []) + _chosen_firmly(gp, players))
        )
        if not said or ABSTAIN in said or any(n in pool for n in said):
            continue  # no choice, or one the round allows (a doubt: :func:`doubts`)
        ballot = Ballot(
            gp=gp,
            day=d.dv.day,
            round=d.rt.round,
            voter=gp.player,
            kind=VoteKind.VOTE,
            target=said[0],
            target_text=said[0],
            note=VOID_NOTE,
        )
        judged = judge(d.ctx, d.st, [ballot], d.dv, w, d.state.candidates, weight)[0]
        if not judged.valid:
            out.append(judged)
    return out


def _what(said: Sequence[str], x: str = "", standing: str = "") -> str:
    """What the reader could not read of a post, for the director: whether it votes for the
    players it names (or abstains), or follows X's vote (跟X: for X's standing vote)."""
    parts = []
    if said == (ABSTAIN,):
        parts.append("为弃权")
    elif said:
        parts.append(f"投给 {'、'.join(said)}")
    if x:
        parts.append(f"跟 {x} 的票{_as_vote(standing)}")
    return "读不出是否" + "，或是否".join(parts)


def _followed(d: Decision, gp: GamePost, pool: Sequence[str]) -> tuple[str, str]:
    """A post that may follow another's vote in its own words (跟X, :func:`spoken_follows`): X
    and X's standing valid vote in the round when the post was made (M107 投票规则
    时间以论坛发帖时间为准; the judge resolves a read 跟X the same way), when that vote is one
    of the round's — ("", "") when the post follows no one or X has no such vote."""
    assert gp.player is not None
    for x in spoken_follows(_lines(gp), d.ctx.game.players):
        if x == gp.player:
            continue
        standing = ""
        for b in d.ballots:
            if (
                b.voter == x
                and b.valid
                and b.target is not None
                and b.posted_at < gp.post.posted_at
            ):
                standing = b.target
        if standing == ABSTAIN or standing in pool:
            return x, standing
    return "", ""


def _lines(gp: GamePost) -> str:
    """The post's own text with its line breaks (a line ends a sentence)."""
    post = gp.post
    return "\n".join(post.lines) if post.lines else post.text


# A clause ends at these; a sentence at the first group.
_SENTENCE_END = "。！？!?；;\n"
_CLAUSE_END = _SENTENCE_END + "，,、…~～：:"
# The undoing words are read from their one home (freevote.toml ``[undoers]``, through
# :func:`~auditor.rules.votebook.model.undo_words`); only what no kind there holds is here.
# The sentence asks (a question names a player without choosing him; 几票 / 多少票 ask a count).
_QUESTION = re.compile(undo_words("question", more=("几票", "多少票")))
# The clause supposes or tells of another time (a condition, yesterday, a moment ago).
_UNDOING = re.compile(undo_words("supposition", "other_time"))
# A negation undoes a choice only before the name (不投黑曜 / 不是黑曜 / 非黑曜) or on the vote
# verb (黑曜不投了 / 没选黑曜): 黑曜不变 / 黑曜没变 keep it (see :data:`_CHOICE_WORDS`).
_NEGATION = re.compile(undo_words("negation", more=("非",)))
_NEGATED_VERB = re.compile(rf"(?:{undo_words('negation')})(?:再|会|要|想|打算)?(?:投|选|跟|站)")
# Someone else's words (他说黑曜 / 饺子说黑曜): a report, not the speaker's choice.
_REPORTER = r"他|她|他们|她们|有人|别人|人家|大家|都"
# The words a choice is said with around the name (黑曜吧 / 还是黑曜 / 那就黑曜了 / 跟朱砂 /
# 跟着朱砂 / 站朱砂 / 朱砂一票 / 这轮黑曜 / 黑曜 +1 / 黑曜不变 / 还是投黑曜不变 / 坚持黑曜不动摇): with
# nothing else in its clause the name is chosen.  Not 好: 黑曜好 / 好黑曜 greet him.
_CHOICE_WORDS = re.compile(
    r"不变|没变|不改了?|不动摇|那就|那|就|还是|还|继续|坚持|仍然|依然|也|都|我说|我的?|这一?轮|本轮"
    r"|这一?票|一票|票|投给?|改投|改成?|换成?|选|跟(?:着|随)?|站|给|定了?|先|吧|了|啦|呀|啊|嘛|呗|哈|哦"
    r"|嗯|喔|\+\s*1|[\s!！]"
)
# A clause spoken to the player named beside it (黑曜，你说得对 / 黑曜：我觉得你很可疑).
_ADDRESSED = re.compile(r"你|您")
# A greeting, thanks or praise beside a bare name (早上好，黑曜 / 黑曜，辛苦了 / 收到，黑曜 /
# 黑曜，说得对): the one-post reader's words (freevote.toml ``address_words``, kind ``address``).
_GREETING = re.compile(rf"(?:{undo_words('address')})[了啊呀哈啦哦！!~～\s]*", re.IGNORECASE)
# An abstention said alone (弃 / 改弃 / 我弃权吧 / 那就弃票了).
_ABSTAIN_SAID = re.compile(r"(?:我|那就?|还是)?(?:改|换)?投?弃(?:权|票)?(?:吧|了|啦|好了)?")


def spoken_choices(text: str, pool: Sequence[str], players: Sequence[str]) -> tuple[str, ...]:
    """The candidates (``pool``) a post may choose in its own words, in order — a name alone
    in its clause but for :data:`_CHOICE_WORDS`, in a sentence that asks nothing
    (:data:`_QUESTION`), a clause that neither supposes (:data:`_UNDOING`), negates the name or
    the vote (:data:`_NEGATION`), nor reports another's words, and a bare name not spoken to
    (beside a clause to 你/您 or a greeting) — and 弃权 for an abstention said alone in its
    clause.  Empty when every name is chatter."""
    found = [n for n, _ in _chosen(text, players) if n == ABSTAIN or n in pool]
    return tuple(dict.fromkeys(found))


# 跟X: the name followed (跟朱砂 / 跟着朱砂 / 我跟随朱砂), the clause's words of choice around it.
_FOLLOW = "跟(?:着|随)?"


def spoken_follows(text: str, players: Sequence[str]) -> tuple[str, ...]:
    """The players a post may follow in its own words: 跟X chosen as :func:`spoken_choices`
    reads a choice (alone in its clause but for the words of choice, nothing undoing it).  跟X
    may be a vote for X or for X's vote (版杀7 4.1.2 lets a player vote in his own words; after
    a quote 跟X follows X): the tally weighs both."""
    out = []
    for name, clause in _chosen(text, players):
        if name != ABSTAIN and re.search(rf"{_FOLLOW}\s*{re.escape(name)}", clause):
            out.append(name)
    return tuple(dict.fromkeys(out))


def _chosen(text: str, players: Sequence[str]) -> Iterator[tuple[str, str]]:
    """Each name (or 弃权) a clause of ``text`` chooses, with the clause (see
    :func:`spoken_choices`; any player, the round's pool not yet applied)."""
    names = sorted((p for p in players if p), key=len, reverse=True)
    if not names:
        return
    alt = re.compile("|".join(map(re.escape, names)))
    reported = re.compile(rf"(?:{_REPORTER}|{alt.pattern})说")
    spans = list(_clauses(text))
    for i, (lo, hi) in enumerate(spans):
        clause = text[lo:hi]
        if _QUESTION.search(_asked_of(text, lo, hi)):
            continue
        if _UNDOING.search(clause) or reported.search(clause) or _NEGATED_VERB.search(clause):
            continue
        named = alt.findall(clause)
        rest = _CHOICE_WORDS.sub("", alt.sub("", clause))
        if len(set(named)) == 1 and not rest:
            first = alt.search(clause)
            if first is not None and _NEGATION.search(clause[: first.start()]):
                continue
            if clause.strip(" \t!！") == named[0] and _addressed(text, spans, i):
                continue
            yield named[0], clause
        elif not named and _ABSTAIN_SAID.fullmatch(clause.strip()):
            yield ABSTAIN, clause


def _addressed(text: str, spans: Sequence[tuple[int, int]], i: int) -> bool:
    """The bare name of clause ``i`` is spoken to: a clause next to it (before or after, the
    next line too) is said to 你/您 or is a greeting, thanks or praise."""
    for j in (i - 1, i + 1):
        if 0 <= j < len(spans):
            near = text[spans[j][0] : spans[j][1]].strip()
            if _ADDRESSED.search(near) or _GREETING.fullmatch(near):
                return True
    return False


def _clauses(text: str) -> Iterator[tuple[int, int]]:
    lo = 0
    for i, ch in enumerate(text + "\n"):
        if ch in _CLAUSE_END:
            if text[lo:i].strip():
                yield lo, i
            lo = i + 1


# A tag that asks the listener's assent to what its sentence proposes, as a clause of its own
# at the sentence's end (包子，好不好 / 就包子吧，行吗？ / 包子，怎么样): it asks of the proposal,
# not of the name, and leaves the name a possible choice (review43 A16: a doubt, asked when it
# could change the round, never counted as sure).  A polar question of the A-not-A shape alone
# (好不好 / 行不行 / 对不对 / 可不可以), or a word of assent asked (好吗 / 行么 / 可以吧 / 怎么样);
# with anything more in its clause (好不好玩 / 是不是狼 / 你觉得好不好) it is a plain question.
_ASSENT_TAG = re.compile(
    r"[，,、…~～:：\s]\s*"
    r"(?:(?P<a>\w)[不没](?P=a)|可不可以|(?:好|行|可以|成|对|ok|OK)(?:吗|么|吧|嘛|不)|怎么样|咋样|如何)"
    r"[呢啊呀嘛哈哦吧]*[?？!！。；;\s]*$"
)


def _asked_of(text: str, lo: int, hi: int) -> str:
    """The sentence holding the clause ``text[lo:hi]`` as a question is read in it: without an
    assent tag after the clause (:data:`_ASSENT_TAG`)."""
    start, end = _sentence_bounds(text, lo, hi)
    sentence = text[start:end]
    tag = _ASSENT_TAG.search(sentence)
    if tag is not None and start + tag.start() >= hi:
        return sentence[: tag.start()]
    return sentence


def _sentence_bounds(text: str, lo: int, hi: int) -> tuple[int, int]:
    """Where the sentence holding the clause ``text[lo:hi]`` starts and ends (its mark in)."""
    while lo > 0 and text[lo - 1] not in _SENTENCE_END:
        lo -= 1
    while hi < len(text) and text[hi] not in _SENTENCE_END:
        hi += 1
    return lo, hi + 1


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
        rt, _ = _recount(d, w, scenario, read, procedure)
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
) -> tuple[RoundTally, list[Ballot]]:
    """The round judged and decided again with the scenario's doubts read as votes: a post
    unread becomes a ballot, an attempt at no player one for the player meant — so a later
    post of the voter becomes a change, judged as one (too late, a second change …).
    Returns the round's tally and its judged ballots."""
    again = {x.ballot.gp.post.pid for x, _ in scenario if x.ballot is not None}
    ballots = [b for b in read if b.pid not in again or b.pid is None]
    for doubt, target in scenario:
        follows = doubt.follows if doubt.follows and target == doubt.followed else ""
        ballots.append(
            Ballot(
                gp=doubt.gp,
                day=d.dv.day,
                round=d.rt.round,
                voter=doubt.voter,
                kind=VoteKind.ABSTAIN if target == ABSTAIN else VoteKind.VOTE,
                target=target,
                target_text=f"跟{follows}" if follows else target,
                proxy=doubt.ballot.proxy if doubt.ballot is not None else None,
                follows=follows,
                edit_check=doubt.ballot is not None and doubt.ballot.edit_check,
                note=doubt.ballot.note
                if doubt.ballot is not None and doubt.ballot.edit_check
                else "",
            )
        )
    ballots.sort(key=lambda b: (b.posted_at, b.pid or 0))
    weight = procedure.sheriff_weight(d.st)
    judged = judge(d.ctx, d.st, ballots, d.dv, w, d.state.candidates, weight)
    rt, final = count(d.ctx, d.st, judged, d.dv, w, d.eligible)
    procedure.decide(replace(d, rt=rt, ballots=judged, final=final))
    return rt, judged


def _result(rt: RoundTally) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    return tuple(sorted(rt.outcome.items())), tuple(sorted(rt.candidates))


def where(base: str | None, gp: GamePost) -> str:
    """Where the post is, for a director (:func:`~auditor.rules.votebook.model.post_where`)."""
    return post_where(base, gp.post.tid, gp.post.pid, gp.post.floor)


# --------------------------------------------------------------------------- declared outcome
# Issue 37 (session 42): a round that is itself uncertain follows the director where its doubts
# allow.  A certain round's tally stands and a declaration that differs is asked
# (procedure.py ``_ask_declared``); a round whose doubts — unread spoken votes, attempts at no
# player — could give the outcome the director declares (the next round's candidates, 可疑者 /
# 高票对决, or the day's vote-out the game file or the director's result post records) follows
# the declaration and is asked with the tally, the doubts and the declaration.  What is not
# read as a declaration (a stray sentence, a condition, a report of others, a rule stated in
# general: declared.py) is not one here either.


# A vote-out recorded up to this long after a round's close is that round's.
_SLACK = timedelta(minutes=1)


@dataclass(frozen=True, slots=True)
class _Said:
    """What the director declares of one round: the next round's candidates (None: none
    declared) and the day's recorded vote-outs (None: none recorded), with their words."""

    candidates: frozenset[str] | None
    outs: frozenset[str] | None
    earlier: frozenset[str]  # who died in the day's earlier rounds
    words: str  # the declaration as the director is shown it
    by: str  # whose word the round follows (导演的公示 / 游戏文件的记录)
    last: bool  # no later round of the day is held, or a vote-out is recorded by its close


def _said(d: Decision, last: bool) -> _Said | None:
    """What the director declares of the round ``d.rt``, or None when nothing is declared."""
    parts: list[str] = []
    candidates = _declared(d)
    if candidates is not None and d.declared is not None:
        dec = d.declared
        what = "可疑者" if (d.rt.round or 1) == 1 else "高票对决的对象"
        shown = "所有玩家" if dec.everyone else "、".join(dec.names)
        parts.append(f"导演公示的{what}为 {shown}（「{dec.text}」，{dec.where}）")
    outs: frozenset[str] | None = None
    src = ""
    if not (d.first_day and d.st.procedure == "plurality"):  # a sheriff day puts nobody out
        events, src = recorded_vote_outs(d.ctx, d.dv)
        if events:  # a file with no vote-out recorded declares nothing
            outs = frozenset(e.player for e in events)
            parts.append(f"{src}投票出局为 {'、'.join(sorted(outs))}")
            # a vote-out recorded by this round's close ends the day's voting by this round
            ends = any(e.at is not None and e.at <= d.rt.closes + _SLACK for e in events)
            last = last or ends
    if not parts:
        return None
    earlier = frozenset(t for r in d.dv.rounds for t, o in r.outcome.items() if o == "eliminated")
    by = "游戏文件的记录" if candidates is None and src.startswith("游戏文件") else "导演的公示"
    return _Said(candidates, outs, earlier, "，".join(parts), by, last)


def _declared(d: Decision) -> frozenset[str] | None:
    """The next round's candidates the director firmly declares (declared.py's strict gate:
    a negation, a supposition, a recap, another day or round, a quote is never followed)."""
    dec = d.declared
    if dec is None or not dec.found or dec.unfirm:
        return None
    return frozenset(d.eligible) if dec.everyone else frozenset(dec.names)


def _agrees(said: _Said, rt: RoundTally) -> bool:
    """The round's outcome is the one the director declares: no death and the declared
    candidates; the day's deaths the recorded ones when the day's voting ends here (none but
    recorded ones when it goes on)."""
    died = {t for t, o in rt.outcome.items() if o == "eliminated"}
    if said.candidates is not None and (died or set(rt.candidates) != said.candidates):
        return False
    if said.outs is not None:
        deaths = said.earlier | died
        goes_on = bool(rt.candidates) and not said.last
        if not (deaths <= said.outs if goes_on else deaths == said.outs):
            return False
    return True


def follow_declared(
    d: Decision,
    w: Window,
    found: Sequence[Doubt],
    read: Sequence[Ballot],
    procedure: VoteProcedure,
    last: bool,
) -> list[Ballot] | None:
    """When the round's own tally disagrees with what the director declares of it and the
    fewest of its doubts that, counted, give the declared outcome exist: the round becomes that
    count (its doubts counted as the votes they could be), and the director is asked with the
    tally, the doubts and the declaration.  Returns the round's judged ballots then, else None
    (nothing followed: the tally stands)."""
    said = _said(d, last)
    if said is None:
        return None
    bare = replace(d, declared=None)  # the tally alone, before any declaration is weighed
    tally, _ = _recount(bare, w, [], read, procedure)
    if _agrees(said, tally):
        return None
    scenario = next(
        (x for x in _scenarios(found) if _agrees(said, _recount(bare, w, x, read, procedure)[0])),
        None,
    )
    if scenario is None:
        return None
    rt, judged = _recount(d, w, scenario, read, procedure)
    _ask_followed(d, rt, said, tally, scenario, found)
    for f in fields(RoundTally):
        setattr(d.rt, f.name, getattr(rt, f.name))
    counted = {x.gp.post.pid for x, _ in scenario}
    return [
        replace(b, note="；".join(x for x in (b.note, _followed_note(b, said.by)) if x))
        if b.pid in counted
        else b
        for b in judged
    ]


def _followed_note(b: Ballot, by: str) -> str:
    """A doubt's note once counted as the director's declaration gives it."""
    if b.edit_check:  # held: edited after the close, no version from before it (_held)
        return f"关门后编辑过、没有关门前的版本，按{by}计入，请导演核对"
    return f"读不出的发言，按{by}计入，请导演核对"


def _ask_followed(
    d: Decision,
    rt: RoundTally,
    said: _Said,
    tally: RoundTally,
    scenario: Sequence[tuple[Doubt, str]],
    found: Sequence[Doubt],
) -> None:
    """The followed round ``rt`` asked: the tally of what was read, the doubts counted (text
    and link), the declaration, and any other unread post of the round."""
    base = d.ctx.game.forum.url
    as_votes = "、".join(f"{x.voter} {_as_vote(t)}" for x, t in scenario)
    shown = "；".join(
        f"{x.voter} 的帖子「{_short(x.gp)}」（{where(base, x.gp)}）{x.what}" for x, _ in scenario
    )
    label, more = _label(d), _others(found, [x for x, _ in scenario], base)
    mine = tally.reason.split("；")[0]
    theirs = rt.reason.split("；")[0]
    question = (
        f"{label}：计票结果未定 — 已读出的票计票为 {mine}；{shown}；"
        f"若计为{as_votes}，结果为 {theirs}，与{said.words}一致；"
        f"本轮按{said.by}判定{more}。请导演核对本轮投票与这些帖子{CORRECT_HINT}"
    )
    brief = "；".join(f"{x.voter} 的帖子（{where(base, x.gp)}）{x.what}" for x, _ in scenario)
    rt.reason += (
        f"；结果未定：已读出的票计票为 {mine}；{brief}，若计为{as_votes}，"
        f"与{said.by}一致，按{said.by}判定，请导演核对"
    )
    # the posts asked about: the doubts counted, the round's other unread ones, the declaration
    declared = d.declared.pid if d.declared is not None and said.candidates is not None else None
    pids = [x.gp.post.pid for x, _ in scenario] + [x.gp.post.pid for x in found]
    rt.ask(question, [*pids, declared])
