"""A learned reading of banned phrases beside the matcher (issue 35): what no list holds.

The matcher (:mod:`auditor.rules.matcher`) is strong on words and their disguises and weak on
what no lexicon holds — a curse in its own words (下辈子送外卖天天超时), an oath without
发誓, a read of a player's face by his manner.  :data:`MODEL` is a linear model over the
character n-grams of the line (:mod:`auditor.learned`), one yes/no question per category,
trained on every scored phrase set (``scripts/train_phrase_model.py``; the sets it read are
in the model file's ``trained_on``).

How far it is trusted (the decision of this module, measured set by set — each set a writer
the model never saw while it was read: lexicons/README.md "机读（学出来的读法）"):

- Where the matcher finds something, the matcher's reading stands; the model adds nothing.
- Where the matcher finds nothing and the model gives a category a probability of at least
  :data:`THRESHOLD` while the line's :data:`CLEAN` probability is at most :data:`CLEAN_MAX`,
  the post is a **question to the director** — a notice (card ``none``) that quotes the line
  and says 「机读：疑似 <类别>」 — never a card.  Leave-one-set-out, all 127 such questions
  over 24 sets were right, but no category had more than 18: too few to show a precision as
  good as the matcher's (about 0.97; 18 of 18 bounds it only above 0.85 at 95%), and a
  wrong card costs the director more than a question.
- No question where the matcher set aside a spelling of that very category on purpose
  (:meth:`Matcher.explain`: a rule named, a word of the game's own, a word boundary).
- The line is prepared the same way in training and reading (:func:`prepare`): the game's
  player names become Ⓝ (names are never features), a quote is left out, then the matcher's
  own normalisation (full/half width, 繁→简, look-alikes, emoji read as words, split
  characters, noise between characters, repeats), then digits become 0.

The model file is read once, lazily, on the first post the matcher leaves without a finding.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache, lru_cache

from auditor.learned import LinearModel, load_model
from auditor.rules.matcher import Matcher
from auditor.rules.matcher.normalise import QUOTE_RE

#: The model's name (``auditor/lexicons/models/<MODEL>.json``).
MODEL = "phrase_lines"

#: The probability of a category at or above which a line the matcher left alone becomes a
#: question to the director (chosen by the leave-one-set-out mean: the docs' table).
THRESHOLD = 0.75

#: The model's label for a line with no violation: a question is asked only while its
#: probability is at most :data:`CLEAN_MAX` (the model's own "this is ordinary talk").
CLEAN = "CLEAN"
CLEAN_MAX = 0.5

#: What a player's name becomes in the prepared text.
NAME = "Ⓝ"

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


@cache
def model() -> LinearModel:
    """The shipped model, read once (on first use)."""
    return load_model(MODEL)


def suspected(prepared: str, threshold: float = THRESHOLD) -> tuple[str, float] | None:
    """The category the model reads in a prepared line, with its probability, when that
    probability is at least ``threshold`` and the line's :data:`CLEAN` probability at most
    :data:`CLEAN_MAX`; else None."""
    probs = model().probabilities(prepared)
    if probs.get(CLEAN, 0.0) > CLEAN_MAX:
        return None
    label, p = max(((c, v) for c, v in probs.items() if c != CLEAN), key=lambda kv: (kv[1], kv[0]))
    return (label, p) if p >= threshold else None


@lru_cache(maxsize=8192)
def _read(prepared: str, threshold: float) -> tuple[str, float] | None:
    return suspected(prepared, threshold)


def question(
    text: str, names: Sequence[str], matcher: Matcher, threshold: float = THRESHOLD
) -> tuple[str, float] | None:
    """The category (and its probability) the director is asked about for a line in which
    ``matcher`` found nothing, or None: :func:`prepare` (with the matcher's normaliser)
    then :func:`suspected`; each prepared line is read once per process.  No question
    where the matcher set aside a spelling of that very category on purpose
    (:meth:`Matcher.explain`: a rule named, a word of the game's own, a word boundary):
    the matcher's reasoned no stands over the model's guess."""
    if not text.strip():
        return None
    asked = _read(prepare(text, names, matcher.built.norm.normalise), threshold)
    if asked is None or any(m.category == asked[0] for m, _ in matcher.explain(text)):
        return None
    return asked
