"""A learned reading of banned phrases beside the matcher (issue 35): what no list holds.

The matcher (:mod:`auditor.rules.matcher`) is strong on words and their disguises and weak on
what no lexicon holds — a curse in its own words (下辈子送外卖天天超时), an oath without
发誓, a read of a player's face by his manner.  :data:`MODEL` is a linear model over the
character n-grams of the line (:mod:`auditor.learned`), one yes/no question per category,
trained on every scored phrase set (``scripts/train_phrase_model.py``; the sets it read are
in the model file's ``trained_on``).

How far it is trusted (the decision of this module, measured set by set — each set a writer
the model never saw while it was read, docs/rules.md "The learned reading of phrases"):

- Where the matcher finds something, the matcher's reading stands; the model adds nothing.
- Where the matcher finds nothing and the model gives a category a probability of at least
  :data:`THRESHOLD`, the post is a **question to the director** — a notice (card ``none``)
  that quotes the line and says 「机读：疑似 <类别>」 — never a card: leave-one-set-out, the
  model's precision at that threshold is below the matcher's, so no category earns a card
  draft on the model's word alone.
- The line is prepared the same way in training and reading (:func:`prepare`): the game's
  player names become Ⓝ (names are never features), then the matcher's own normalisation
  (full/half width, 繁→简, look-alikes, emoji read as words, split characters, noise between
  characters, repeats), then digits become 0.

The model file is read once, lazily, on the first post the matcher leaves without a finding.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache

from auditor.learned import LinearModel, load_model

#: The model's name (``auditor/lexicons/models/<MODEL>.json``).
MODEL = "phrase_lines"

#: The probability of a category at or above which a line the matcher left alone becomes a
#: question to the director (chosen by the leave-one-set-out mean: the docs' table).
THRESHOLD = 0.75

#: What a player's name becomes in the prepared text.
NAME = "Ⓝ"

_DIGITS = re.compile(r"\d")


def prepare(
    text: str, names: Sequence[str] = (), normalise: Callable[[str], str] | None = None
) -> str:
    """The line as the model reads it, in training and at run time alike: each of ``names``
    (longest first) replaced by :data:`NAME`, then ``normalise`` (the matcher's step 1:
    ``Matcher.built.norm.normalise``), then every digit 0."""
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
    probability is at least ``threshold``; else None."""
    probs = model().probabilities(prepared)
    label, p = max(probs.items(), key=lambda kv: (kv[1], kv[0]))
    return (label, p) if p >= threshold else None
