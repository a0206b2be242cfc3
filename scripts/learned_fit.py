"""Fit an :class:`auditor.learned.LinearModel` with scikit-learn (the ``train`` extra).

A reader's training script (``scripts/train_<reader>.py``) loads its scored sets, prepares
each text the way the reader will at run time, and calls :func:`fit`; the result is written
with :func:`auditor.learned.write_model` into ``auditor/lexicons/models/``.  The analyzer is
:func:`auditor.learned.ngrams` itself, so the features the model was fitted on are the
features it reads.  Deterministic: the same texts and labels give the same file.
"""

from __future__ import annotations

from collections.abc import Sequence

from auditor.learned import LinearModel, ngrams


def fit(
    name: str,
    texts: Sequence[str],
    labels: Sequence[Sequence[bool]],
    label_names: Sequence[str],
    *,
    n: tuple[int, int] = (1, 3),
    c: float = 1.0,
    min_df: int = 2,
    trained_on: Sequence[str] = (),
    dual: bool = False,
) -> LinearModel:
    """One L2-regularised logistic regression per label over binary n-gram features;
    n-grams seen in fewer than ``min_df`` texts are dropped, and so are weights that
    round to zero (the file keeps only what moves a score).  ``dual``: liblinear's dual
    solver, the same model to its tolerance and several times faster when the n-grams
    outnumber the texts (a leave-one-set-out run fits one per set and label)."""
    from sklearn.feature_extraction.text import CountVectorizer
    from sklearn.linear_model import LogisticRegression

    lo, hi = n
    vec = CountVectorizer(analyzer=lambda t: ngrams(t, lo, hi), binary=True, min_df=min_df)
    x = vec.fit_transform(texts)
    vocab = vec.get_feature_names_out()
    columns: list[list[float]] = []
    bias: list[float] = []
    for k, _ in enumerate(label_names):
        y = [bool(row[k]) for row in labels]
        if len(set(y)) < 2:
            raise ValueError(f"label {label_names[k]!r} has one class only in the training texts")
        model = LogisticRegression(
            C=c, max_iter=5000, solver="liblinear", random_state=0, dual=dual
        ).fit(x, y)
        columns.append([float(w) for w in model.coef_[0]])
        bias.append(float(model.intercept_[0]))
    weights = {
        str(gram): tuple(round(col[j], 6) for col in columns)
        for j, gram in enumerate(vocab)
        if any(round(col[j], 6) for col in columns)
    }
    return LinearModel(
        name=name,
        n=(lo, hi),
        labels=tuple(label_names),
        bias=tuple(bias),
        weights=weights,
        trained_on=tuple(trained_on),
    )
