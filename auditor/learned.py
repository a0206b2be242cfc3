"""A learned reading beside the grammars: a linear model over a text's character n-grams.

The readers of human text (the vote reader, discovery, the phrase matcher) are grammars: they
read the shapes their authors met, and a new writer brings new shapes.  A model trained on the
labels of every scored set reads the words around those shapes instead.  A reader asks its
model a yes/no question per label ("is this a vote post?") and decides, in its own module, how
far to trust the answer — typically only where its grammar and the model disagree with
confidence, and never to post a card on the model's word alone.

Models are trained offline by ``scripts/train_learned.py`` (scikit-learn, the ``train``
extra) from the scored sets, and shipped as JSON in ``auditor/lexicons/models/<name>.json``::

    {"name": "vote_attempt", "version": 1, "n": [1, 3],
     "trained_on": ["tests/votes/blind/…", …], "labels": ["attempt"],
     "bias": [-0.41], "weights": {"投": [1.92], "投给": [0.57], …}}

Reading one needs the standard library only.  The features are binary: each distinct n-gram
of the prepared text counts once — :func:`ngrams` is also the training script's analyzer, so
training and reading see the same features by construction.  Preparing the text (a roster
name replaced by a placeholder, a role mark before it) is the reader's job and must be the
same in its training script.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

MODELS = Path(__file__).resolve().parent / "lexicons" / "models"
VERSION = 1


def ngrams(text: str, lo: int = 1, hi: int = 3) -> list[str]:
    """Every character n-gram of ``text`` with ``lo <= n <= hi``, each once, in order of
    first appearance (whitespace runs folded to one space, Latin letters lower-cased)."""
    folded = " ".join(text.lower().split())
    seen: dict[str, None] = {}
    for n in range(lo, hi + 1):
        for i in range(len(folded) - n + 1):
            seen.setdefault(folded[i : i + n], None)
    return list(seen)


@dataclass(frozen=True)
class LinearModel:
    """One logistic model per label over binary n-gram features (one-vs-rest)."""

    name: str
    n: tuple[int, int]
    labels: tuple[str, ...]
    bias: tuple[float, ...]
    weights: Mapping[str, Sequence[float]]
    trained_on: tuple[str, ...] = ()

    def scores(self, text: str) -> dict[str, float]:
        """The linear score (log-odds) of each label for ``text``."""
        total = list(self.bias)
        for gram in ngrams(text, *self.n):
            row = self.weights.get(gram)
            if row is not None:
                for k, w in enumerate(row):
                    total[k] += w
        return dict(zip(self.labels, total, strict=True))

    def probabilities(self, text: str) -> dict[str, float]:
        """The probability of each label for ``text`` (the logistic of its score)."""
        return {label: _logistic(s) for label, s in self.scores(text).items()}

    def probability(self, text: str, label: str | None = None) -> float:
        """The probability of one label (the only one when ``label`` is None)."""
        probs = self.probabilities(text)
        return probs[label if label is not None else self.labels[0]]

    def as_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "version": VERSION,
            "n": list(self.n),
            "trained_on": list(self.trained_on),
            "labels": list(self.labels),
            "bias": [round(b, 6) for b in self.bias],
            "weights": {g: [round(w, 6) for w in row] for g, row in sorted(self.weights.items())},
        }


def _logistic(score: float) -> float:
    if score >= 0:
        return 1.0 / (1.0 + math.exp(-score))
    e = math.exp(score)
    return e / (1.0 + e)


class ModelError(ValueError):
    """A model file that is missing or not a model of this version."""


def read_model(path: Path) -> LinearModel:
    """The model stored at ``path``; :class:`ModelError` (in Chinese) when it cannot be read."""
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError) as exc:
        raise ModelError(f"读不了模型文件 {path.name}：{exc}") from exc
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise ModelError(f"模型文件 {path.name} 不是这个版本（{VERSION}）的模型")
    labels = tuple(data["labels"])
    weights = {str(g): tuple(float(w) for w in row) for g, row in data["weights"].items()}
    if any(len(row) != len(labels) for row in weights.values()) or len(data["bias"]) != len(labels):
        raise ModelError(f"模型文件 {path.name} 的权重与标签数不符")
    lo, hi = data["n"]
    return LinearModel(
        name=str(data["name"]),
        n=(int(lo), int(hi)),
        labels=labels,
        bias=tuple(float(b) for b in data["bias"]),
        weights=weights,
        trained_on=tuple(data.get("trained_on", ())),
    )


def write_model(model: LinearModel, path: Path) -> None:
    """Store ``model`` at ``path`` (sorted keys, one n-gram a line: diffs stay readable)."""
    data = model.as_json()
    weights = data.pop("weights")
    assert isinstance(weights, dict)
    head = json.dumps(data, ensure_ascii=False)[:-1]
    rows = ",\n".join(
        f"  {json.dumps(g, ensure_ascii=False)}: {json.dumps(w)}" for g, w in weights.items()
    )
    path.write_text(f'{head}, "weights": {{\n{rows}\n}}}}\n', "utf-8")


@cache
def load_model(name: str) -> LinearModel:
    """The shipped model ``name`` (``auditor/lexicons/models/<name>.json``), read once."""
    return read_model(MODELS / f"{name}.json")
