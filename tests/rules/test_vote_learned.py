"""The vote reader's learned second reading (auditor/rules/votebook/learned.py): the shipped
models load and read, the combination rule on cases written here (toy models make the model's
answer certain, so each case shows the rule and not the model), and the shipped files equal a
re-fit on the scored sets (scripts/train_vote_reading.py --check)."""

from __future__ import annotations

import sys
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from auditor.learned import LinearModel, load_model
from auditor.rules.votebook import learned
from auditor.rules.votebook.learned import candidate_texts, prepare
from tests import paths

ROOT = paths.ROOT
sys.path.insert(0, str(ROOT / "scripts"))

from vote_eval import read_post, settings_for  # noqa: E402

from auditor.rules.votebook.parse import read_vote_text  # noqa: E402

PLAYERS = ("饺子", "包子", "馄饨", "豆浆")


def _reading(attempt: float) -> LinearModel:
    """A toy reading model whose answer is the same for every text (log-odds ``attempt``)."""
    return LinearModel("toy", (1, 1), ("attempt", "abstain", "change"), (attempt, -9.0, -9.0), {})


# the target model: the candidate that is the post's only name (①) is the target
_TARGET = LinearModel("toy_target", (1, 1), ("target",), (-3.0,), {"①": (9.0,)})


def test_names_are_never_features() -> None:
    text = "饺子：我投包子\n理由：12点说的"
    assert prepare(text, PLAYERS, "饺子", free=True, quoted=False) == "Ⓕ Ⓜ：我投Ⓝ¶理由：0点说的"
    assert prepare(text, PLAYERS, "", free=False, quoted=True).startswith("ⓁⓆ Ⓝ：我投Ⓝ")
    cands = candidate_texts("投包子，不投馄饨", PLAYERS, "饺子", free=True, quoted=False)
    assert [n for n, _ in cands] == ["包子", "馄饨"]
    assert "投Ⓣ，不投Ⓝ" in cands[0][1] and "投Ⓝ，不投Ⓣ" in cands[1][1]


def test_a_post_the_grammar_leaves_unread_is_a_vote_when_adding_is_on_and_the_model_is_sure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with learned.using(_reading(9.0), _TARGET):  # shipped off: the model adds no vote
        assert read_post("killbar7", "饺子", "馄饨这个人今天必须走").attempt is False
    monkeypatch.setattr(learned, "ATTEMPT_AT", 0.95)
    st = settings_for("killbar7")
    text = "馄饨这个人今天必须走"
    with learned.using(None):
        assert read_vote_text(text, [text], st, PLAYERS, voter="饺子") is None
    with learned.using(_reading(6.0), _TARGET):
        pv = read_vote_text(text, [text], st, PLAYERS, voter="饺子")
        assert pv is not None and pv.target == "馄饨" and pv.format_error is None
        assert pv.read_as.startswith("机读：") and "请导演核对" in pv.read_as
        got = read_post("killbar7", "饺子", text)
        assert (got.attempt, got.target, got.format_valid) == (True, "馄饨", True)
    with learned.using(_reading(1.0), _TARGET):  # 73% sure: below the threshold, unread
        assert read_vote_text(text, [text], st, PLAYERS, voter="饺子") is None


def test_a_vote_read_by_the_model_under_a_labelled_format_is_void_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(learned, "ATTEMPT_AT", 0.95)
    text, st = "馄饨这个人今天必须走", settings_for("m107")
    with learned.using(None):
        assert read_vote_text(text, [text], st, PLAYERS, voter="饺子") is None
    with learned.using(_reading(6.0), _TARGET):
        pv = read_vote_text(text, [text], st, PLAYERS, voter="饺子")
    assert pv is not None and pv.target == "馄饨"
    assert pv.format_error is not None and "机读" in pv.format_error


def test_a_vote_for_no_name_the_model_can_tell_stays_unread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Session 49: the model adds a vote only for a name it is TARGET_AT sure the post chooses."""
    monkeypatch.setattr(learned, "ATTEMPT_AT", 0.95)
    with learned.using(_reading(6.0), _TARGET):
        assert read_post("killbar7", "饺子", "就那位吧，不多说了").attempt is False
        # two names, neither the only one (①): the toy target model is sure of neither
        assert read_post("killbar7", "饺子", "馄饨还是豆浆，今天必须走一个").attempt is False


def test_the_model_drops_only_a_void_reading_and_keeps_a_valid_one() -> None:
    void = "我投饺子"  # words under a labelled format: a void vote post by the grammar
    valid = "投票对象：饺子\n投票理由：昨天发言很怪"
    with learned.using(None):
        assert read_post("m107", "包子", void).attempt
    with learned.using(_reading(-6.0), _TARGET):
        assert not read_post("m107", "包子", void).attempt
        got = read_post("m107", "包子", valid)
        assert (got.attempt, got.target, got.format_valid) == (True, "饺子", True)
    with learned.using(_reading(-1.0), _TARGET):  # 27%: not sure enough to drop it
        assert read_post("m107", "包子", void).attempt


def test_under_the_free_format_a_void_reading_stays_for_the_doubts() -> None:
    text = "投小笼包"  # a target naming no player: void, and a doubt the round may ask
    with learned.using(_reading(-9.0), _TARGET):
        got = read_post("killbar7", "包子", text)
    assert got.attempt and got.format_valid is False


def test_the_shipped_models_load_and_read() -> None:
    reading, target = load_model(learned.READING), load_model(learned.TARGET)
    assert reading.labels == ("attempt", "abstain", "change") and target.labels == ("target",)
    assert reading.trained_on and all("votes/blind" in s for s in reading.trained_on)
    assert not any(n in g for g in reading.weights for n in PLAYERS)  # no name is a feature
    for free in (True, False):
        vote = prepare("我投包子，理由见上", PLAYERS, "饺子", free=free, quoted=False)
        asked = prepare("有人知道几点关门吗？", PLAYERS, "饺子", free=free, quoted=False)
        denied = prepare("不投包子，再看看", PLAYERS, "饺子", free=free, quoted=False)
        assert reading.probability(vote, "attempt") > 0.95
        assert reading.probability(asked, "attempt") < 0.5
        assert reading.probability(denied, "attempt") < 0.5


def test_the_shipped_target_model_tells_a_name_chosen_from_a_name_talked_about() -> None:
    """Session 49: the target model is fitted on chatter's names too (all no), so its
    probability is "this post is a vote for this name", not only a ranking of a vote's names."""
    target = load_model(learned.TARGET)

    def p(text: str) -> float:
        ((_name, t),) = candidate_texts(text, PLAYERS, "饺子", free=True, quoted=False)
        return target.probability(t)

    # a name talked about never reaches the bar a model-added vote needs (TARGET_AT), and
    # stays below the name chosen (refitted with blind30 in: 包子昨天说的… at 0.59)
    chosen = p("想了一晚上，这票给包子")
    assert chosen > 0.9
    for talk in ("包子昨天说的那段我不太认同", "有人知道包子去哪了吗？"):
        assert p(talk) < learned.TARGET_AT and p(talk) < chosen - 0.2, talk


def test_the_shipped_models_equal_a_refit() -> None:
    pytest.importorskip("sklearn", reason="the train extra (scikit-learn) is not installed")
    from train_vote_reading import main

    assert main(["--check"]) == 0


def test_a_dropped_void_vote_post_still_counts_for_lurk_novote_and_is_shown(
    tmp_path: Path,
) -> None:
    """M107 5(2) 没有投票（或弃票）的玩家将记作一张黄牌; 投票格式有误的投票将算作废票: a void
    vote post is a vote post.  The model may take its void-vote notice away, never give a card
    (LURK-NOVOTE), and the drop is shown in the round's reason with the post and its link."""
    from auditor.rules.engine import build_context, ruleset_for, run_rules
    from auditor.rules.votebook import votes_for
    from tests.rules.test_rule_cases import build_case

    tz = ZoneInfo("Asia/Shanghai")
    posts = [
        {
            "author": "饺子",
            "tid": 12,
            "at": datetime(2026, 11, 20, 10, tzinfo=tz),
            "message": "投票对象：包子\n投票理由：包子好吃",
        },
        {  # words under a labelled format: a void vote post by the grammar
            "author": "包子",
            "tid": 12,
            "at": datetime(2026, 11, 20, 12, tzinfo=tz),
            "message": "我投饺子",
        },
    ]
    fragment = '[players]\nnames = ["饺子", "包子"]\n'
    built = build_case(tmp_path, "m107", fragment, posts, datetime(2026, 11, 20, 23, tzinfo=tz))
    try:
        ctx = build_context(built.game, built.store, now=built.now)
        rs = ruleset_for(built.game)
        with learned.using(_reading(-6.0), _TARGET):  # sure it is no vote: dropped
            book = votes_for(ctx)
            got = [
                (f.code, f.player) for f in run_rules(ctx, rs, codes=["LURK-NOVOTE", "VOTE-FORMAT"])
            ]
    finally:
        built.store.close()
    assert got == []  # no void-vote notice (the model took it), and no card (it gives none)
    assert "包子" in book.days[1].voted
    reason = book.days[1].rounds[0].reason
    assert (
        "机读：判为不是投票" in reason and "包子「我投饺子」" in reason and "（第 3 楼；" in reason
    )
