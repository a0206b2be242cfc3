"""Votes: parse the vote posts of each day, judge each one, and tally the day (计票).

The pipeline, one module a step (each imports only the ones after it)::

    book       votes_for(ctx) / build_votes: each day's windows, read, judged, tallied
    procedure  Plurality (M107, 030, M39) | KillbarRounds (版杀7's three rounds)
    tally      judged ballots -> RoundTally counts; outcomes checked against the events
    judge      one window's ballots -> role, validity, problem, weight (decided only here)
    parse      post text -> ParsedVote; a placed post (versions, proxy, correction) -> Ballot
    model      Ballot (immutable), RoundTally, DayVotes, VoteBook, VoteSettings

Everything reads the placed posts of a :class:`~auditor.rules.base.Context` and the rule
set; the VOTE-* rules, the report and ``auditor votes`` read the same :class:`VoteBook`
(built once per context by :func:`votes_for`).

Vote format (M107 投票规则, 030/M39 投票规则; full- and half-width punctuation are the
same, 030 "标点符号不区分全半角"; a line break between target and reason is optional).
Under M107 too: its rule voids a vote whose 格式 is wrong and asks it to 明确说明投票对象和
投票理由; the format it shows is the two labels, each with a colon and a value.  A colon's
width is the input method's state, not a different format, and 030/M39's sentence
(特别地，…不区分全半角。…可以不换行) spells out that reading rather than granting an
exception, so M107 reads width and the line break the same way (issue 37 round 7; blind and
blind2 label so, blind3 … blind7 the other way: the sets disagree, the seeds decide).  A game
whose director reads M107's two-line example as the format sets ``[rules.VOTE-FORMAT]
one_line = false``: a vote with both labels on one line is then void (round 8)::

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
Without any reason label (killbar7: VOTE-FORMAT ``reason_required = false``) the target is the
longest player name (or 弃权) at the start of the segment: "投票对象：包子，他很可疑" and
"投票对象：包子 理由：他很可疑" vote 包子.

Roles, not spelling, decide ``kind``: a player's first valid vote is ``vote`` (``abstain``
for 弃权); a later vote post of either spelling replaces it and is a ``change``; a 改票 post
with no valid vote before it is simply the player's vote (the correction-by-new-post the
seeds ask for).  Under a labelled format the spelling decides a change's validity: a second
投票对象 post is a change written with the vote's labels, void for its ``format`` (M107
改票时…明确说明改票对象和改票理由; 030/M39 请严格依照投票格式或改票格式进行投票), the
earlier vote standing; a director's 代投 is exempt.  Invalid changes do not use up the one
change.

Proxy votes (代投, M107 玩家须知 9, 030/M39 投票规则) are the director's posts in the vote
thread naming the player before the vote, in any of these forms::

    代饺子投票：投票对象：包子 投票理由：…        代饺子改票：改票对象：…
    饺子委托：投票对象：包子 …                    饺子 代投：投票对象：…
    代投（饺子）投票对象：包子 …                  【代投】饺子 投票对象：…

A proxy vote counts as the player's vote and as their reply (LURK-NOVOTE).  It must be
posted VOTE-LATE's ``proxy_deadline`` minutes before the close (M107: 30; 030/M39: 60, "关门前一
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

Tally: the last valid vote of each voter counts (the sheriff's with ``sheriff_weight``
where the procedure weighs it); who is out is the procedure's call, see
:mod:`auditor.rules.votebook.procedure`.
"""

from auditor.rules.votebook.book import build_votes, vote_settings, votes_for
from auditor.rules.votebook.model import (
    ABSTAIN,
    PROBLEM_RULE,
    PROBLEM_TEXT,
    ROUND_NAMES,
    SUPERSEDED_NOTE,
    Ballot,
    DayVotes,
    RoundTally,
    VersionsFn,
    VoteBook,
    VoteKind,
    VoteSettings,
)
from auditor.rules.votebook.parse import (
    ParsedVote,
    closest_player,
    edit_time,
    fold,
    free_vote,
    normalise_name,
    parse_vote_text,
    proxy_player,
    target_names,
)
from auditor.rules.votebook.procedure import PROCEDURES, KillbarRounds, Plurality, VoteProcedure
from auditor.rules.votebook.tally import voter_name

__all__ = [
    "ABSTAIN",
    "PROBLEM_RULE",
    "PROBLEM_TEXT",
    "PROCEDURES",
    "ROUND_NAMES",
    "SUPERSEDED_NOTE",
    "Ballot",
    "DayVotes",
    "KillbarRounds",
    "ParsedVote",
    "Plurality",
    "RoundTally",
    "VersionsFn",
    "VoteBook",
    "VoteKind",
    "VoteProcedure",
    "VoteSettings",
    "build_votes",
    "closest_player",
    "edit_time",
    "fold",
    "free_vote",
    "normalise_name",
    "parse_vote_text",
    "proxy_player",
    "target_names",
    "vote_settings",
    "voter_name",
    "votes_for",
]
