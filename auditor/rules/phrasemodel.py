"""A learned reading of banned phrases beside the matcher (issue 35): what no list holds.

The matcher (:mod:`auditor.rules.matcher`) is strong on words and their disguises and weak on
what no lexicon holds — a curse in its own words (下辈子送外卖天天超时), an oath without
发誓, a read of a player's face by his manner.  :data:`MODEL` is a linear model over the
character n-grams of the line (:mod:`auditor.learned`), one yes/no question per category,
trained on every scored phrase set (``scripts/train_phrase_model.py``; the sets it read are
in the model file's ``trained_on``).

How far it is trusted (the decision of this module, measured set by set — each set a writer
the model never saw while it was read: lexicons/README.md "机读（学出来的读法）"):

- Where the matcher finds something, the matcher's reading stands — as a card, unless the
  model reads the whole line as ordinary talk (:data:`CLEAN`) with a probability of at least
  :data:`VETO` (0.9) and the line is not short: then the hit is a **question** to the
  director (card none, 「机读：整句像是正常说话」), the matcher's words still quoted (the
  veto; the call site in phrases.py).  A category word in talk ABOUT the thing (a rule
  reminded in one's own words, what another said, a sport's substitute, a prize at work).
  Chosen leave-one-set-out (28 sets, session 49): the lowest P(CLEAN) of 0.5 … 0.99 at which
  the held-out hits it would demote are wrong at least :data:`VETO_WRONG` of the time (at
  0.9: 51 right, 53 wrong) — where a card is more often wrong than right, a question serves
  the director better.  Nested (each set's veto chosen without it), clean lines carded fall
  from 1.668% to 0.936% of the mean, the cards' recall from 0.898 to 0.890 (the demoted hits
  are still shown, as questions); blind27 20/201 -> 15/201.  By category the hits demoted
  held out (right / wrong): 奖项 3/10, 智商 6/9, 动物 0/6, 场助 10/3, 导演 4/4, 身体 4/3 …
- Where the matcher finds nothing, the model's most probable category ``c`` with probability
  ``p``, and the line's :data:`CLEAN` probability is at most :data:`CLEAN_MAX`:

  - ``p`` at least ``THRESHOLDS[c]``: a **question to the director** — a notice (card
    ``none``) that quotes the line and says 「机读：疑似 <类别>」.  Each category's threshold
    was chosen leave-one-set-out for a precision of :data:`PRECISION` with no clean line
    asked about; below :data:`SURE` only where the questions were many enough (a one-sided
    95% lower bound of their precision of at least :data:`CARD_BOUND`).
  - ``p`` at least ``CARDS[c]``: a **card**, its note saying 「机读：<类别>」 and that it
    rests on the model alone.  The rule for a card: leave-one-set-out, the lines the model
    read as ``c`` at that probability were right at least :data:`CARD_PRECISION` of the time
    (the matcher's own precision, about 0.97 over the sets) AND they were enough that the
    one-sided 95% (Clopper-Pearson) lower bound of that precision is at least
    :data:`CARD_BOUND` — 29 held-out lines with none wrong, 46 with one.  Fewer cannot tell a
    0.95 category from a 0.85 one, and a wrong card costs the director more than a question.
    Every other category stays a question whatever the probability.  Over 28 sets (session
    49) three categories meet it on the lines it may card (:data:`SHORT` or longer): 马甲
    (SOCKPUPPET, at 0.3: 40 of 40 held-out lines right), 灌水 (DROWN, at 0.55: 31 of 31)
    and 场助 (ASSISTANT, 33 of 33 at 0.35); 过去场次 (PASTGAME), carded over 27 sets (30 of
    30), fell short again with blind27 in (its questions at 0.3 too few for the bound: 14 of
    14 at 0.75) and is a question again; the next had 25 questions (情绪).
- Nothing on a short line (fewer than :data:`SHORT` characters prepared: 冒个泡, 哈哈哈,
  报名+1): the writers' sets hold few such lines and most are water posts, a real game thread
  many and most are a greeting or a laugh; on the directors' own games every card the model
  drew alone was on one and was wrong (:data:`SHORT`).
- Nothing where the matcher set aside a spelling of that very category on purpose
  (:meth:`Matcher.explain`: a rule named, a word of the game's own, a word boundary).
- Last words the preset does not card stay a notice (the call site in phrases.py).
- The line is prepared the same way in training and reading (:func:`prepare`): the game's
  player names become Ⓝ (names are never features), a quote is left out, then the matcher's
  own normalisation (full/half width, 繁→简, look-alikes, emoji read as words, split
  characters, noise between characters, repeats), then digits become 0.

The model file is read once, lazily, on the first post the matcher leaves without a finding.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache, lru_cache
from types import MappingProxyType
from typing import NamedTuple

from auditor.learned import LinearModel, load_model
from auditor.rules.matcher import Matcher
from auditor.rules.matcher.normalise import QUOTE_RE

#: The model's name (``auditor/lexicons/models/<MODEL>.json``).
MODEL = "phrase_lines"

#: Per category, the probability at or above which a line the matcher left alone becomes a
#: question to the director: the lowest (of 0.30, 0.35 … 0.95) at which, leave-one-set-out,
#: the questions of that category were right at least :data:`PRECISION` of the time and asked
#: about no clean line (``scripts/train_phrase_model.py --loso``; the docs' table); a
#: category the model was never that sure of held out keeps :data:`SURE`.  A category not
#: listed is never asked about.  Re-chosen on 28 sets (session 49, blind27 in): 过去场次
#: (PASTGAME) back to 0.75 — at 0.3 its held-out questions were all right but no longer
#: enough for the bound; 情绪 (EMOTION) came out at 0.3 (25 of 25 held out) but stays 0.75: on
#: the directors' own games (tests/games/discovery_fh42 … fh48c) it asked about two players'
#: fright (嚇死我，以為自己死咗 😂), no violation — the sets' evidence for a lower threshold is
#: the writers' sampling, the games' the real posts (as for :data:`SHORT`).
THRESHOLDS: Mapping[str, float] = MappingProxyType(
    {
        **dict.fromkeys(
            (
                "ANIMAL",
                "AWARD",
                "BLAME",
                "BODY",
                "CHARACTER",
                "CURSE",
                "DIRECTOR",
                "EMOTION",
                "FACE",
                "GUARANTEE",
                "IQ",
                "KIN",
                "OATH",
                "PASTGAME",
                "SUBSTITUTE",
                "VULGAR",
            ),
            0.75,
        ),
        "ASSISTANT": 0.3,
        "DROWN": 0.55,
        "SOCKPUPPET": 0.3,
    }
)

#: The precision the question thresholds were chosen for.
PRECISION = 0.9

#: Session 45's one threshold: at or above it a category is asked about on its precision
#: alone; below it only where its questions were many enough that the one-sided 95% lower
#: bound of their precision is at least :data:`CARD_BOUND` (a writer not yet seen brings clean
#: lines a thin pool never showed).
SURE = 0.75

#: Per category, the probability at or above which the model's reading is a card
#: (「机读：…」), not a question: where, leave-one-set-out, the lines read at that
#: probability were right at least :data:`CARD_PRECISION` of the time (the matcher's own
#: precision) AND there were enough of them that the one-sided 95% lower bound of that
#: precision is at least :data:`CARD_BOUND` (with none wrong, 29 lines; with one, 46).  A
#: category not listed stays a question whatever the probability.
CARDS: Mapping[str, float] = MappingProxyType({"ASSISTANT": 0.3, "DROWN": 0.55, "SOCKPUPPET": 0.3})
CARD_PRECISION = 0.95
CARD_BOUND = 0.9

#: The model's label for a line with no violation: a question is asked only while its
#: probability is at most :data:`CLEAN_MAX` (the model's own "this is ordinary talk").
CLEAN = "CLEAN"
CLEAN_MAX = 0.5

#: What a player's name becomes in the prepared text.
NAME = "Ⓝ"

#: A line the model alone never reads (no question, no card): fewer characters than this
#: once prepared, spaces aside (:func:`content`) — 冒个泡, 哈哈哈, 报名+1, 路过.  The sets and
#: the games disagree on such a line: the writers' sets hold few short lines and most of them
#: are water posts (of their lines under 9 characters that are 灌水 or clean, 149 against 73;
#: 35 lines of at most 3 characters in 12,413), where in the directors' own games one player's
#: post in six is at most 3 characters long and ordinary talk (a greeting, a laugh, a
#: sign-up).  Leave-one-set-out the model's readings of lines under 9 characters were right
#: (15 灌水 cards, 2 questions), too few for the card rule's bound on lines of that shape (29),
#: while on the 1,462 players' posts of the fifteen directors' own games
#: (tests/games/discovery_fh42 … fh48c) all 14 cards it drew alone were on lines of at most
#: 8 characters and none was a violation (fh48c: 叶儿粑's 冒个泡, 冒菜's 哈哈哈).  A short
#: water post is the matcher's (顶顶顶, a line of dots, 水一帖).  Leave-one-set-out (27 sets,
#: nested) it costs 0.921 -> 0.918 of recall, no clean line.
SHORT = 9

#: The veto: a line the matcher hit, not shorter than :data:`SHORT`, that the model reads as
#: :data:`CLEAN` with at least this probability is shown to the director as a question (card
#: none), not carded — the whole sentence talks ABOUT the thing, tells what another said, or
#: quotes a rule, and the matcher only saw the word.  Chosen leave-one-set-out
#: (``scripts/train_phrase_model.py --loso``, "the veto"): the lowest P(CLEAN) of
#: ``VETO_GRID`` at which the held-out hits it demotes are wrong at least half the time
#: (:data:`VETO_WRONG`) — where a card is more often wrong than right, a question serves the
#: director better.  Over 28 sets: 0.9 (104 hits demoted, 53 of them wrong; at 0.85, 130
#: and 62; at 0.93, 85 and 45).
VETO = 0.9
VETO_WRONG = 0.5

_DIGITS = re.compile(r"\d")


def prepare(
    text: str, names: Sequence[str] = (), normalise: Callable[[str], str] | None = None
) -> str:
    """The line as the model reads it, in training and at run time alike: each of ``names``
    (longest first) replaced by :data:`NAME` and a ``[quote]`` block left out (a quote is not
    the quoter's words, DESIGN.md §8: a post's text at run time has none), then ``normalise`` (the matcher's step 1:
    ``Matcher.built.norm.normalise``), then every digit 0."""
    if "[quote]" in text.lower():
        text = QUOTE_RE.sub(" ", text)
    for name in sorted(filter(None, names), key=len, reverse=True):
        text = text.replace(name, NAME)
    if normalise is not None:
        text = normalise(text)
    return _DIGITS.sub("0", text)


def content(prepared: str) -> int:
    """How many characters a prepared line has, spaces aside (compared with :data:`SHORT`)."""
    return sum(not ch.isspace() for ch in prepared)


@cache
def model() -> LinearModel:
    """The shipped model, read once (on first use)."""
    return load_model(MODEL)


class Asked(NamedTuple):
    """What the model reads in a line the matcher found nothing in."""

    category: str
    probability: float
    card: bool  # at or above the category's card threshold (CARDS): a card, not a question


def suspected(
    prepared: str, thresholds: Mapping[str, float] | None = None
) -> tuple[str, float] | None:
    """The category the model reads in a prepared line (its most probable), with its
    probability, when that probability is at least the category's threshold (``thresholds``,
    by default :data:`THRESHOLDS`) and the line's :data:`CLEAN` probability at most
    :data:`CLEAN_MAX`; else None."""
    probs = model().probabilities(prepared)
    if probs.get(CLEAN, 0.0) > CLEAN_MAX:
        return None
    label, p = max(((c, v) for c, v in probs.items() if c != CLEAN), key=lambda kv: (kv[1], kv[0]))
    limit = (THRESHOLDS if thresholds is None else thresholds).get(label)
    return (label, p) if limit is not None and p >= limit else None


@lru_cache(maxsize=8192)
def _read(prepared: str) -> tuple[str, float] | None:
    return suspected(prepared)


def question(text: str, names: Sequence[str], matcher: Matcher) -> Asked | None:
    """What the director is told about a line in which ``matcher`` found nothing, or None:
    :func:`prepare` (with the matcher's normaliser) then :func:`suspected`, a card where
    the category's :data:`CARDS` threshold is reached; each prepared line is read once per
    process.  Nothing on a line shorter than :data:`SHORT` (a greeting, a laugh).  Nothing
    where the matcher set aside a spelling of that very category on purpose
    (:meth:`Matcher.explain`: a rule named, a word of the game's own, a word boundary): the
    matcher's reasoned no stands over the model's guess."""
    if not text.strip():
        return None
    line = prepare(text, names, matcher.built.norm.normalise)
    if content(line) < SHORT:
        return None
    asked = _read(line)
    if asked is None or any(m.category == asked[0] for m, _ in matcher.explain(text)):
        return None
    label, p = asked
    return Asked(label, p, p >= CARDS.get(label, 2.0))


@lru_cache(maxsize=8192)
def _clean(prepared: str) -> float:
    return model().probabilities(prepared).get(CLEAN, 0.0)


def cleared(text: str, names: Sequence[str], matcher: Matcher) -> float | None:
    """The model's :data:`CLEAN` probability of a line the matcher hit, when it is at least
    :data:`VETO` and the line not shorter than :data:`SHORT` (the veto: the hit is shown as a
    question, not carded); else None.  Each prepared line is read once per process."""
    if VETO > 1 or not text.strip():
        return None
    line = prepare(text, names, matcher.built.norm.normalise)
    if content(line) < SHORT:
        return None
    p = _clean(line)
    return p if p >= VETO else None
