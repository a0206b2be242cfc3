"""auditor.learned: the n-gram features, a model's round trip through its file, and a fitted
model reading what scikit-learn's own model reads (scripts/learned_fit.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from auditor.learned import LinearModel, ModelError, ngrams, read_model, write_model

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))


def test_ngrams_are_each_distinct_gram_once_with_whitespace_folded() -> None:
    assert ngrams("投 投", 1, 2) == ["投", " ", "投 ", " 投"]
    assert ngrams("AbA", 1, 1) == ["a", "b"]
    assert ngrams("", 1, 3) == []


def _toy() -> LinearModel:
    return LinearModel(
        name="toy",
        n=(1, 2),
        labels=("vote", "abstain"),
        bias=(-1.0, -2.0),
        weights={"投": (2.0, 0.0), "弃权": (0.5, 4.0)},
    )


def test_scores_add_each_present_gram_once() -> None:
    model = _toy()
    assert model.scores("投投投") == {"vote": 1.0, "abstain": -2.0}
    assert model.scores("我弃权") == {"vote": -0.5, "abstain": 2.0}
    assert model.probability("投", "vote") == pytest.approx(1 / (1 + 2.718281828459045**-1.0))


def test_a_model_survives_its_file(tmp_path: Path) -> None:
    path = tmp_path / "toy.json"
    write_model(_toy(), path)
    json.loads(path.read_text("utf-8"))  # the file is JSON
    again = read_model(path)
    assert again.scores("我投弃权") == _toy().scores("我投弃权")
    assert again.labels == ("vote", "abstain")


def test_a_damaged_or_foreign_file_is_a_chinese_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", "utf-8")
    with pytest.raises(ModelError, match="读不了模型文件"):
        read_model(bad)
    bad.write_text(json.dumps({"version": 99}), "utf-8")
    with pytest.raises(ModelError, match="不是这个版本"):
        read_model(bad)


def test_a_fitted_model_reads_as_scikit_learn_does() -> None:
    pytest.importorskip("sklearn", reason="the train extra (scikit-learn) is not installed")
    from learned_fit import fit
    from sklearn.feature_extraction.text import CountVectorizer
    from sklearn.linear_model import LogisticRegression

    texts = [
        "投汤圆",
        "我投饺子",
        "投票：包子",
        "今天天气好",
        "饺子好吃",
        "谁是狼",
        "投给豆浆",
        "吃饭了吗",
    ]
    ys = [[True], [True], [True], [False], [False], [False], [True], [False]]
    model = fit("toy", texts, ys, ["vote"], n=(1, 2), min_df=1)
    vec = CountVectorizer(analyzer=lambda t: ngrams(t, 1, 2), binary=True)
    ref = LogisticRegression(C=1.0, max_iter=5000, solver="liblinear", random_state=0).fit(
        vec.fit_transform(texts), [y[0] for y in ys]
    )
    for text in ["投包子", "天气", "饺子投"]:
        want = ref.predict_proba(vec.transform([text]))[0][1]
        assert model.probability(text) == pytest.approx(want, abs=1e-4)
