"""The labelled phrase sets as regression sets (issue 35): tests/phrases/blind … blind6 and
tests/devset.

Each blind set was scored once (its SCORE.md) and has been a regression set since.  Each must
keep at least the precision and recall it had when the matcher was last changed, and flag no
more clean lines, so a change that buys one kind of hit with another's loss fails here.
"""

from __future__ import annotations

import sys

import pytest

from tests import paths

ROOT = paths.ROOT
sys.path.insert(0, str(ROOT / "scripts"))

from devset_eval import matcher_predict, read_rows, score  # noqa: E402

# (file, precision floor, recall floor, clean lines flagged at most): the figures after
# phrases round 7 (blind6 read and tuned on), less half a point for the next change's rounding.
SETS = [
    ("phrases/blind/phrases_dev.tsv", 0.962, 0.941, 0),
    ("phrases/blind/phrases_blind.tsv", 0.939, 0.863, 0),
    # round 29 (session 46): blind2 P 0.992 -> 1.000, blind14 0.915/0.865 -> 0.916/0.870, blind22 R
    # 0.870 -> 0.872, blind23 R 0.782 -> 0.784, blind24 0.895/0.707/9 -> 0.990/0.744/0; round 29
    # part 2 (identity read from demeanour, FACE): blind24 R 0.744 -> 0.759
    ("phrases/blind2/phrases_blind2.tsv", 0.995, 0.937, 0),  # round 15: R 0.938 -> 0.942 (f/hu)
    ("phrases/blind3/phrases_blind3.tsv", 0.972, 0.959, 0),
    ("phrases/blind4/phrases_blind4.tsv", 0.986, 0.963, 0),  # scored once: P 0.920, R 0.782
    ("phrases/blind5/phrases_blind5.tsv", 0.995, 0.955, 0),  # scored once: P 0.895, R 0.810
    ("phrases/blind6/phrases_blind6.tsv", 0.990, 0.970, 0),  # scored once: P 0.876, R 0.780
    # phrases round 8 (blind7 read and tuned on: P 0.984 R 0.895, 1 clean flagged, 王八蛋糕店)
    ("phrases/blind7/phrases_blind7.tsv", 0.979, 0.900, 1),  # scored once: P 0.921, R 0.760
    # phrases round 9 (blind8 read and tuned on: P 0.989 R 0.875, 0 clean flagged)
    ("phrases/blind8/phrases_blind8.tsv", 0.984, 0.880, 0),  # scored once: P 0.951, R 0.770
    # phrases round 10 (blind9 and blind10 read and tuned on, clean lines first: blind9 P 0.994
    # R 0.885, blind10 P 0.978 R 0.900, 0 clean flagged each; blind7 R 0.895 -> 0.900)
    # round 11 (look-alikes, strokes in a word): blind8 R 0.880, blind9 R 0.895, blind10 P 0.979 R 0.920
    ("phrases/blind9/phrases_blind9.tsv", 0.990, 0.900, 0),  # scored once: P 0.921, R 0.825
    ("phrases/blind10/phrases_blind10.tsv", 0.974, 0.925, 0),  # scored once: P 0.872, R 0.820
    # round 12 (session 38; blind11, blind12 and blind13 read and tuned on, clean lines first;
    # blind10 R 0.920 -> 0.925)
    ("phrases/blind11/phrases_blind11.tsv", 0.967, 0.875, 2),  # scored once: P 0.910, R 0.805
    ("phrases/blind12/phrases_blind12.tsv", 0.958, 0.895, 3),  # scored once: P 0.869, R 0.865
    ("phrases/blind13/phrases_blind13.tsv", 0.973, 0.905, 2),  # scored once: P 0.801, R 0.825
    # round 14 (session 39; blind15's even half read and tuned on, the odd half checked by its
    # figures: even P 0.856 -> 0.895, 11 -> 8 clean flagged; odd P 0.861 -> 0.916, 11 -> 7)
    # blind14 before round 14: P 0.889, R 0.840, 17 clean flagged
    # (and blind14 read: the game's own 淹死 by the director or the rule, 14 -> 12)
    # round 33 (session 49): 0.916/0.875/12 -> 0.921/0.880/11
    ("phrases/blind14/phrases_blind14.tsv", 0.916, 0.875, 11),
    # round 15 (said/ package, look-alikes one character at a time): blind15 P 0.907 R 0.830 15,
    # blind7 R 0.900 -> 0.905
    # round 16 (session 40; blind17's even half read and tuned on, clean lines first: even
    # 10 -> 0 clean flagged, odd 3 -> 3; blind15 15 -> 14, blind16 14 -> 13 clean flagged; then
    # recall by kind, each seen on two or more scored sets: 退群 and one's own penalty as
    # stakes, the director's explanation contested, filling the day's count; blind13 R 0.900
    # -> 0.905, blind14 0.840 -> 0.850, blind15 0.830 -> 0.835, blind16 0.830 -> 0.850,
    # blind17 0.830 -> 0.860 (even 0.778 -> 0.828, odd 0.881 -> 0.891)); foreign words in a
    # Chinese sentence (我的 advisor 说, 他的alt, padding my post count): blind13 R 0.910,
    # blind14 0.860, blind15 0.840, blind17 unchanged)
    # round 33 (session 49): R 0.850 -> 0.855
    ("phrases/blind15/phrases_blind15.tsv", 0.919, 0.850, 12),  # scored once: P 0.859, R 0.820, 22
    # round 31 (session 48): blind16 12 -> 11 clean flagged (a contest of real life, 辩论赛)
    ("phrases/blind16/phrases_blind16.tsv", 0.914, 0.845, 11),  # scored once (no tuning yet)
    ("phrases/blind17/phrases_blind17.tsv", 0.972, 0.860, 2),  # scored once: P 0.917, R 0.830, 13
    # round 33 (session 49): 0.897/0.825/15 -> 0.912/0.825/12 (马甲 knitted and donated, 去充)
    ("phrases/blind18/phrases_blind18.tsv", 0.907, 0.820, 12),  # scored once after session 40
    # round 17 (session 41; blind19's even half read and tuned on, clean lines first: even
    # 4 -> 0 clean flagged, odd 5 -> 5; blind15 14 -> 13, blind17 3 -> 2, blind18 18 -> 16)
    # round 18 (pinyin typed with spaces read joined: tie lian, ｗｏ　ｃａｏ): R blind8 0.880 ->
    # 0.885, blind9 0.895 -> 0.905, blind10 0.925 -> 0.930, blind15 0.840 -> 0.850, blind17
    # 0.860 -> 0.865, blind19 0.760 -> 0.765 (even 0.750 -> 0.759, odd 0.772 -> 0.772)
    ("phrases/blind19/phrases_blind19.tsv", 0.957, 0.760, 4),  # scored once: P 0.933, R 0.760, 9
    ("phrases/blind20/phrases_blind20.tsv", 0.939, 0.835, 10),  # scored once after session 41
    # round 20 (session 42; blind20's even half read, clean lines first): an award dated by the
    # calendar (年底评奖, 去年的最佳新人奖) is no card: blind15 13 -> 12, blind18 16 -> 15,
    # blind19 5 -> 4, blind20 12 -> 10 clean flagged (even 6 -> 4, odd 6 -> 6)
    # round 33 (session 49): 1.000/0.890/0 -> 1.000/0.895/0
    ("phrases/blind21/phrases_blind21.tsv", 0.995, 0.890, 0),  # scored once after session 42
    # scored once after session 43 (P 0.967 R 0.810, 6/201; start of session 43 0.966 / 0.782 / 6)
    ("phrases/blind22/phrases_blind22.tsv", 0.962, 0.867, 6),
    # scored once after session 44 (P 0.954 R 0.782, 5/201; start of session 44 0.950 / 0.769 / 6)
    # round 32 (session 48; 这结算方式我不认, 摩天大楼那次): R 0.794 -> 0.802
    # round 33 (session 49): R 0.802 -> 0.810
    ("phrases/blind23/phrases_blind23.tsv", 0.953, 0.805, 4),
    # scored once after session 45 (matcher alone P 0.895 R 0.707, 9/201 — unmoved from the start;
    # with the learned reading's questions 0.904 / 0.777, 9/201)
    # round 31 part 2 (session 48, a one-character trigger heard: 郭 for 锅): R 0.774 -> 0.777
    # round 33 (session 49): R 0.777 -> 0.782
    ("phrases/blind24/phrases_blind24.tsv", 0.985, 0.777, 0),
    # scored once after session 46 (matcher alone P 0.963 R 0.784, 7/201; start 0.954 / 0.784 / 7;
    # with the learned reading's questions and cards 0.966 / 0.855, 7/201)
    # round 30 (session 47; blind25's even half read, clean lines first): blind25 0.963/0.784/7 ->
    # 0.979/0.835/2 (even 0.959/0.810/5 -> 0.989/0.875/0, odd 0.968/0.759/2 -> 0.969/0.794/2),
    # blind24 R 0.759 -> 0.774, blind23 0.954/0.784/5 -> 0.958/0.792/4
    # round 31 part 2: R 0.835 -> 0.837
    # round 33 (session 49): 0.979/0.837 -> 0.980/0.847 (even R 0.880 -> 0.890, odd 0.794 -> 0.804)
    ("phrases/blind25/phrases_blind25.tsv", 0.975, 0.842, 2),
    # scored once after session 47 (matcher alone P 0.964 R 0.817, 8/201; start 0.961 / 0.812 / 9;
    # with the learned reading's questions and cards 0.966 / 0.867, 8/201)
    # round 31 (session 48; blind26's even half read, clean lines first): blind26 0.964/0.817/8 ->
    # 0.994/0.820/1 (even 0.947/0.810/7 -> 1.000/0.815/0, odd 0.982/0.824/1 -> 0.988/0.824/1)
    # round 31 part 2: R 0.820 -> 0.822 (even 0.815 -> 0.820)
    # round 32 (这结算方式我不认, 摩天大楼那次): R 0.822 -> 0.840 (even 0.820 -> 0.840, odd 0.824 -> 0.839)
    # round 32 part 3 (这卵预言家): R 0.840 -> 0.847 (even 0.840 -> 0.855; odd unchanged)
    # round 33 (session 49): R 0.847 -> 0.857 (even 0.855 -> 0.860, odd 0.839 -> 0.854)
    ("phrases/blind26/phrases_blind26.tsv", 0.989, 0.852, 1),
    # scored once after session 48 (matcher alone P 0.920 R 0.802, 20/201; start 0.919 / 0.799 / 20;
    # with the learned reading's questions and cards 0.923 / 0.842, 20/201)
    # round 33 (session 49; blind27's even half read, clean lines first): 0.920/0.802/20 ->
    # 0.961/0.855/11 (even 0.929/0.780/8 -> 0.989/0.865/0, odd 0.911/0.824/12 -> 0.933/0.844/11)
    ("phrases/blind27/phrases_blind27.tsv", 0.956, 0.850, 11),
    # scored once after session 49 (matcher alone P 0.928 R 0.779, 3/201; start 0.928 / 0.774 / 3;
    # with the learned reading's questions and cards 0.935 / 0.860, 3/201, unmoved)
    # round 34 (session 50; blind28's even half read): 0.928/0.779/3 -> 0.952/0.845/3 (even
    # 0.975/0.785 -> 0.994/0.870; odd, figures only, 0.885/0.774 -> 0.911/0.819)
    ("phrases/blind28/phrases_blind28.tsv", 0.947, 0.840, 3),
    # scored once after session 50 (matcher alone P 0.962 R 0.825, 7/201; start 0.961 / 0.802 /
    # 7; with the learned reading's questions and cards 0.964 / 0.867, 7/201)
    ("phrases/blind29/phrases_blind29.tsv", 0.957, 0.820, 7),
    # scored once after session 51 (matcher alone P 0.980 R 0.860, 7/201; start 0.977 / 0.840 /
    # 8; with the learned reading's questions and cards 0.981 / 0.930, 7/201; start 0.979 / 0.920)
    ("phrases/blind30/phrases_blind30.tsv", 0.975, 0.855, 7),
    ("devset/phrases_dev.tsv", 0.995, 0.988, 0),
    ("devset/phrases_holdout.tsv", 0.957, 0.877, 1),
]


@pytest.fixture(scope="module")
def predict():  # type: ignore[no-untyped-def]
    return matcher_predict()


@pytest.mark.parametrize(("name", "precision", "recall", "clean"), SETS)
def test_phrase_set_holds(predict, name: str, precision: float, recall: float, clean: int) -> None:  # type: ignore[no-untyped-def]
    rows = read_rows(ROOT / "tests" / name)
    assert len(rows) > 150
    s = score(rows, predict)
    flagged = [r.id for r, got in s.misses if not r.labels and got]
    assert s.precision() >= precision, f"{name}: precision {s.precision():.3f}"
    assert s.recall() >= recall, f"{name}: recall {s.recall():.3f}"
    assert len(flagged) <= clean, f"{name}: clean lines flagged {flagged}"
