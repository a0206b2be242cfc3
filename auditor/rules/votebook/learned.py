"""Learned: a second reading of a player's vote-thread post, by models trained on the labels.

The vote grammar (:mod:`auditor.rules.votebook.parse`, :mod:`auditor.rules.freevote`) reads
the shapes its authors met; a writer it never saw brings new ones (issue 37: nine sessions of
rules tuned on one writer's text left the next writer's figure where it was).  Two linear
models over character n-grams (:mod:`auditor.learned`), trained on every scored labelled set
of single vote posts (``tests/votes/blind…``, by ``scripts/train_vote_reading.py``), read the
words around the shapes instead:

- ``vote_reading`` — per post: ``attempt`` (is it a vote post, void ones included: 000
  投票格式有误的投票将算作废票), ``abstain`` (an attempt at 弃权) and ``change`` (an attempt
  presented as a change: 改票);
- ``vote_target`` — per roster name in a post: is this post a vote for this name?  Each name in
  turn is the candidate (Ⓣ), the others are Ⓝ (:func:`candidate_texts`).

The text is prepared the same way in training and reading (:func:`prepare`, imported by the
training script): every roster name becomes a placeholder (the author's own name Ⓜ, any other
Ⓝ — names are never features), digits fold to 0, lines are kept as ¶, and marks before the text
say what generalises across writers: the preset's format (Ⓕ free, Ⓛ labelled) and whether the
post quotes another (Ⓠ).  Only a player's own post is read (a director's post is a vote only
as a 代投, which :func:`auditor.rules.votebook.parse.proxy_player` decides).

How far the models are trusted (the combination rule, chosen by the leave-one-set-out mean of
``scripts/vote_learned_eval.py``, never by one set's errors; docs/learned-votes.md has the table):

- A valid reading of the grammar stands, always: the model never removes a vote that counts
  and never changes a target the grammar resolved.
- Under a labelled preset (000 M107, 001 030, 004 M39), a post the grammar reads as a VOID
  vote post (a broken format, a target naming no player) is no vote post at all when the
  model is at least 90% sure it is none (``attempt`` at most :data:`NO_ATTEMPT_AT`): chatter
  about the vote (a plan, a report, a question) that the grammar took for a vote in the wrong
  format.  A void ballot counts for no one, so no round's outcome rests on the model.  Nor
  does a card: under M107's LURK-NOVOTE (``requires = "vote_post"``: 投票格式有误的投票将算作废票,
  a void vote post is a vote post) the dropped post still counts as its author's vote post
  (the model may take a void-vote notice away, never give a card), and the drop is never
  silent: the round's reason lists the post, its text and link, under 「机读：判为不是投票」
  (:func:`auditor.rules.votebook.doubt.show_dropped`).  (Session 46, 26 sets held out in
  turn: 90% and 80% gave the same 234 attempt disagreements, means 0.9790 and 0.9791 — a
  plateau, of which 90% is the conservative end.)
- Under the free format (版杀7 4.1.2) a void reading stays: the vote book's doubts already
  weigh it (a target naming no player is asked when it could change a round).
- The model adds no vote: a post the grammar leaves unread stays unread (:data:`ATTEMPT_AT`
  None).  Measured in session 46 (every set held out in turn): of the free-format posts the
  grammar leaves unread, those the model is 90% sure are votes are votes with the target the
  target model ranks first 56% of the time (39 of 70; 81% at 99%, 13 of 16), with or
  without a margin over the second name or a vote word asked of it.  Counting them raised
  the mean (a vote found fixes up to four fields, a phantom vote costs one), but a count
  wrong two times in five is no count.  As a doubt for the director (「机读：可能是投票 → X？」)
  it was tried too and left out: in the directors' whole games every such doubt was chatter
  (docs/learned-votes.md).  Session 49: the target model is fitted on every player's post,
  chatter's names included (all no), so its probability is "this post is a vote for X"; a
  vote is added only for a name it gives at least :data:`TARGET_AT` (95%) — never a vote for
  no one it can tell.  Held out, free-format posts the grammar left unread that it gives 95%
  are votes for that name 24 times in 32 (75%; the attempt model's 95% and the old ranking:
  28 in 61); counting them (``ATTEMPT_AT`` 0.5) raises the leave-one-set-out mean 0.9793 →
  0.9803 and blind29 0.955 → 0.956, but one in four is still chatter, and a chatter post
  counted changes who dies: ``ATTEMPT_AT`` stays None (docs/learned-votes.md, session 49).
  With :data:`ATTEMPT_AT` set, a vote so read carries its note (「机读：…」,
  :attr:`Second.note`) as the ballot's note (free format) or its format problem (labelled):
  never silent.
- What the grammar read is not a feature (stacking, session 46): marks for its reading (none /
  void / valid, its format problem, a change, a 跟X, a target read by sound) and its target as
  a placeholder of its own did not raise the leave-one-set-out mean (0.9788 against 0.9791 at
  their best thresholds; one model per grammar reading, 0.9791): the grammar was tuned on
  these very sets, so in training it is almost always right and the model learns to defer to
  it; on a new writer it is not.

The models are loaded once, lazily, only when a post the grammar leaves unread needs them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from auditor.learned import LinearModel, load_model

READING = "vote_reading"
TARGET = "vote_target"
ABSTAIN = "弃权"

#: The ``attempt`` probability from which a post the grammar left unread is a vote attempt;
#: None: the model adds no vote (see the module docstring: measured, and left off).
ATTEMPT_AT: float | None = None
#: The ``attempt`` probability up to which a post the grammar read as a void vote is no vote.
NO_ATTEMPT_AT = 0.1
#: The probability from which the target model's first name is the target of a vote the model
#: adds ("this post is a vote for X", session 49: 24 of 32 held out at 95%); below it none.
TARGET_AT = 0.95

_DIGITS = re.compile(r"\d+")
_SPACES = re.compile(r"[ \t\u3000]+")


def prepare(text: str, players: Sequence[str], voter: str = "", *, free: bool, quoted: bool) -> str:
    """The text as the models see it (training and reading alike): marks for the format and a
    quote, every roster name a placeholder (the author's own Ⓜ, another's Ⓝ), digits 0,
    line breaks ¶."""
    body = _names_out(text, players, voter, "")
    return _marks(free=free, quoted=quoted) + body


def candidate_texts(
    text: str, players: Sequence[str], voter: str = "", *, free: bool, quoted: bool
) -> list[tuple[str, str]]:
    """(name, text) for each roster name the post names, in order of first appearance: the
    text prepared with that name as the candidate Ⓣ, and marks for where the candidate
    stands among the post's names (the only one ①, the first ⓐ, the last ⓩ)."""
    named = [p for p, _ in _name_spans(text, players)]
    order = list(dict.fromkeys(named))
    out = []
    for name in order:
        where = (
            "①"
            if len(order) == 1
            else ("ⓐ" if name == named[0] else "") + ("ⓩ" if name == named[-1] else "")
        )
        body = _names_out(text, players, voter, name)
        out.append((name, _marks(free=free, quoted=quoted) + where + " " + body))
    return out


def _marks(*, free: bool, quoted: bool) -> str:
    return ("Ⓕ" if free else "Ⓛ") + ("Ⓠ" if quoted else "") + " "


def _name_spans(text: str, players: Sequence[str]) -> Iterator[tuple[str, int]]:
    """Each roster name's occurrences, longest names first where they overlap."""
    taken = [False] * len(text)
    found: list[tuple[int, str]] = []
    for name in sorted({p for p in players if p}, key=len, reverse=True):
        start = text.find(name)
        while start >= 0:
            end = start + len(name)
            if not any(taken[start:end]):
                taken[start:end] = [True] * len(name)
                found.append((start, name))
            start = text.find(name, end)
    for start, name in sorted(found):
        yield name, start


def _names_out(text: str, players: Sequence[str], voter: str, candidate: str) -> str:
    spans = sorted((start, name) for name, start in _name_spans(text, players))
    parts: list[str] = []
    at = 0
    for start, name in spans:
        parts.append(text[at:start])
        parts.append("Ⓣ" if name == candidate else "Ⓜ" if name == voter else "Ⓝ")
        at = start + len(name)
    parts.append(text[at:])
    joined = "".join(parts)
    joined = _DIGITS.sub("0", joined)
    lines = [_SPACES.sub(" ", line).strip() for line in joined.splitlines()]
    return "¶".join(line for line in lines if line)


@dataclass(frozen=True, slots=True)
class Second:
    """The model's reading where it overrules the grammar: a vote attempt (``vote``) at
    ``target`` (a player, 弃权, or "" when it names none it can tell) or no vote at all, the
    model's probability that the post is a vote attempt, and the note the director sees."""

    vote: bool
    target: str
    change: bool
    attempt: float
    note: str


_override: list[tuple[LinearModel, LinearModel] | None] = [None]
_off: list[bool] = [False]


@contextmanager
def using(reading: LinearModel | None, target: LinearModel | None = None) -> Iterator[None]:
    """Read with these models instead of the shipped ones (the leave-one-set-out measure);
    ``using(None)``: the grammar alone."""
    saved = _override[0], _off[0]
    _override[0] = None if reading is None or target is None else (reading, target)
    _off[0] = reading is None
    try:
        yield
    finally:
        _override[0], _off[0] = saved


def _model(which: int) -> LinearModel:
    """The reading (0) or the target (1) model: the override, else the shipped one, loaded once."""
    if _override[0] is not None:
        return _override[0][which]
    return load_model((READING, TARGET)[which])


def second_reading(
    text: str,
    players: Sequence[str],
    voter: str = "",
    *,
    free: bool,
    quoted: bool,
    grammar: str,
) -> Second | None:
    """The model's reading of a player's post where it overrules the grammar's, else None.
    ``grammar``: what the grammar read — "none" (no vote), "void" (a vote post that does not
    count: its format, or a target naming no player) or "valid".  A post read as no vote is a
    vote attempt when the model is sure (:data:`ATTEMPT_AT`); a void reading is no vote when the
    model is as sure it is none (:data:`NO_ATTEMPT_AT`); a valid reading stands."""
    if _off[0] or grammar == "valid" or not text.strip():
        return None
    probs = _model(0).probabilities(prepare(text, players, voter, free=free, quoted=quoted))
    p = probs["attempt"]
    if grammar == "void":
        if free or p > NO_ATTEMPT_AT:
            return None
        note = f"机读：语法读作废票，模型读作不是投票（把握 {1 - p:.0%}）"
        return Second(False, "", False, p, note)
    if ATTEMPT_AT is None or p < ATTEMPT_AT:
        return None
    target = _target(text, players, voter, free=free, quoted=quoted, abstain=probs["abstain"])
    if not target:
        return None  # a vote for no one it can tell: the model adds none (it stays unread)
    change = probs["change"] >= 0.5
    what = ("改票" if change else "") + f"投{target}"
    note = f"机读：语法没读出这是投票，模型读作{what}（把握 {p:.0%}），请导演核对"
    return Second(True, target, change, p, note)


def _target(
    text: str, players: Sequence[str], voter: str, *, free: bool, quoted: bool, abstain: float
) -> str:
    """The target model's first name (or 弃权, or "" when it can tell none)."""
    ranked = sorted(
        (
            (_model(1).probability(t), name)
            for name, t in candidate_texts(text, players, voter, free=free, quoted=quoted)
        ),
        key=lambda x: -x[0],
    )
    best_p, best = ranked[0] if ranked else (0.0, "")
    if abstain >= TARGET_AT and abstain > best_p:
        return ABSTAIN
    return best if best_p >= TARGET_AT else ""
