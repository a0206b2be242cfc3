"""auditor.rules.phrasemodel: the learned reading of banned phrases beside the matcher (issue 35,
session 45) — the shipped model loads and reads, the text is prepared alike in training and
reading, and the combined reader asks the director (card none, 机读) only where the matcher
found nothing (tests/rules/cases/phrases_model.toml); ``scripts/train_phrase_model.py --check`` re-fits the shipped file.

The cases below are written here, not taken from any set."""

from __future__ import annotations

import subprocess
import sys
import tomllib

import pytest

from auditor.rules.matcher import matcher_for
from auditor.rules.phrasemodel import (
    CARD_BOUND,
    CARD_PRECISION,
    CARDS,
    CLEAN,
    NAME,
    SHORT,
    THRESHOLDS,
    VETO,
    VETO_WRONG,
    cleared,
    content,
    model,
    prepare,
    question,
)
from auditor.rules.phrases import CATEGORIES
from tests import paths

ROOT = paths.ROOT
UNSCORED = "NOT YET SCORED"


@pytest.fixture(scope="module")
def matcher():  # type: ignore[no-untyped-def]
    return matcher_for((), True)


def test_the_shipped_model_loads_and_reads_every_category_it_was_fitted_on() -> None:
    m = model()
    assert set(m.labels) <= {*CATEGORIES, CLEAN} and CLEAN in m.labels and len(m.labels) >= 19
    probs = m.probabilities("今天也好好找狼")
    assert set(probs) == set(m.labels) and all(0 <= p <= 1 for p in probs.values())


def test_it_was_trained_on_scored_sets_only() -> None:
    trained = model().trained_on
    assert "tests/phrases/blind24" in trained and "tests/devset" in trained
    for folder in trained:
        with (ROOT / folder / "README.md").open(encoding="utf-8") as fh:
            assert UNSCORED not in fh.readline(), folder


def test_names_become_a_placeholder_longest_first_and_digits_zero(matcher) -> None:  # type: ignore[no-untyped-def]
    assert prepare("小狗蛋说狗蛋是3号", ("狗蛋", "小狗蛋")) == f"{NAME}说{NAME}是0号"
    assert prepare("小狗蛋说狗蛋是3号", ("狗蛋",)) == f"小{NAME}说{NAME}是0号"
    # the matcher's own normalisation: 繁→简, full width
    norm = matcher.built.norm.normalise
    assert prepare("導演ＡＢ", (), norm) == prepare("导演ab", (), norm)


def test_a_line_the_matcher_finds_nothing_in_is_asked_only_when_the_model_is_sure(matcher) -> None:  # type: ignore[no-untyped-def]
    assert question("今天加速日，大家早点来投票", (), matcher) is None
    assert question("", (), matcher) is None
    # filling the day's count (030 6(5) 灌水), said without 灌水/刷帖/水
    assert not matcher.find("大家多发几帖凑够数")
    asked = question("大家多发几帖凑够数", (), matcher)
    assert asked is not None and asked.category == "DROWN"
    assert asked.probability >= THRESHOLDS["DROWN"]
    # a player's name is Ⓝ to the model: the same question whoever is named
    named = question("包子今天也多发几帖凑够数", ("包子",), matcher)
    assert named is not None
    assert named == question("馄饨今天也多发几帖凑够数", ("馄饨",), matcher)


# Short lines of ordinary talk a director met carded by the model alone (session 48, fh48c:
# 冒个泡 is 四川话 for saying hi; 哈哈哈), and their kin: a greeting, a laugh, a sign-up.
SHORT_CLEAN = [
    "冒个泡",
    "哈哈哈",
    "哈哈哈哈哈",
    "早上好，先来冒个泡",
    "路过",
    "报名+1",
    "+1 支持",
    "666",
    "要得，算我一个",
    "嗯嗯",
]


@pytest.mark.parametrize("text", SHORT_CLEAN)
def test_a_short_line_is_never_read_by_the_model_alone(matcher, text: str) -> None:  # type: ignore[no-untyped-def]
    assert not matcher.find(text)
    assert content(prepare(text, (), matcher.built.norm.normalise)) < SHORT
    assert question(text, (), matcher) is None


# The directors' own games (regression games, each written and run by a new director): their
# players' posts hold no violation the matcher misses (their truth), so the model alone has
# nothing to ask about in them — before session 48 it carded 14 of their short posts as 灌水
# (报名+1, 路过, 冒个泡, 哈哈哈, 海鸥走好。。。).
DIRECTORS_GAMES = [
    "discovery_fh42",
    "discovery_fh43",
    "discovery_fh44",
    "discovery_fh44k",
    "discovery_fh45",
    "discovery_fh45b",
    "discovery_fh46",
    "discovery_fh46b",
    "discovery_fh46c",
    "discovery_fh47",
    "discovery_fh47b",
    "discovery_fh47c",
    "discovery_fh48",
    "discovery_fh48b",
    "discovery_fh48c",
]


def test_the_directors_own_games_hold_nothing_for_the_model_alone(matcher) -> None:  # type: ignore[no-untyped-def]
    asked = []
    posts = 0
    for name in DIRECTORS_GAMES:
        for script in sorted((ROOT / "tests" / "games" / name).glob("*/script.toml")):
            game = tomllib.loads(script.read_text(encoding="utf-8"))
            members = list(game.get("members", {}))
            setup = tomllib.loads((script.parent / "game.toml").read_text(encoding="utf-8"))
            directors = set(setup["game"]["directors"])
            for thread in game.get("thread", []):
                for post in thread.get("post", []):
                    if post.get("author") in directors:
                        continue  # (a director's post is no player's phrase)
                    text = post.get("message", "")
                    posts += 1
                    got = question(text, members, matcher)
                    if got is not None and not matcher.find(text):  # (the matcher's, else)
                        asked.append((name, post.get("pid"), got.category, text[:20]))
    assert posts > 1000
    assert asked == []


def test_a_spelling_the_matcher_set_aside_on_purpose_is_no_question(matcher) -> None:  # type: ignore[no-untyped-def]
    # a rule named (规则说不能发誓): the matcher's reasoned no stands over the model
    text = "提醒一下，规则里写了不能发誓，大家注意"
    assert any(m.category == "OATH" for m, _ in matcher.explain(text))
    assert question(text, (), matcher) is None


def test_a_hit_the_model_reads_as_ordinary_talk_is_a_question(matcher) -> None:  # type: ignore[no-untyped-def]
    # (session 49, the veto) a rule reminded in a player's own words: the matcher sees 蠢货,
    # the model the whole sentence
    text = "楼上别这样讲话，骂人蠢货是要吃牌的，规则写着呢"
    assert matcher.find(text)
    p = cleared(text, (), matcher)
    assert p is not None and p >= VETO
    # an insult said to a player is no ordinary talk: the card stands
    assert matcher.find("你个猪队友，又把票投歪了")
    assert cleared("你个猪队友，又把票投歪了", (), matcher) is None
    # a short line is never vetoed (the model does not read it alone either)
    assert cleared("蠢货", (), matcher) is None
    # the rule stated in the module: a card demoted only where, held out, such cards were
    # wrong at least half the time
    assert 0.5 <= VETO <= 1 and VETO_WRONG >= 0.5


def test_the_shipped_model_is_what_the_scored_sets_fit() -> None:
    pytest.importorskip("sklearn", reason="the train extra (scikit-learn) is not installed")
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "train_phrase_model.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_the_shapes_of_a_curse_or_an_oath_are_marked_whatever_the_words() -> None:
    # (the experiment of scripts/train_phrase_model.py --loso --marked: measured, not shipped)
    sys.path.insert(0, str(ROOT / "scripts"))
    from train_phrase_model import shapes

    # an oath with no 发誓: a condition, the speaker, a misfortune
    assert "Ⓞ" in shapes("我要真是狼人明天上班路上就摔进沟里")
    # a curse with no lexicon word: a target, a misfortune, how long it lasts
    assert "Ⓚ" in shapes("踩我的人以后打牌把把输钱住院")
    # staking one's head on one's own truth
    assert "Ⓞ" in shapes("我如果骗你们我把脑袋给你们当凳子坐")
    # a witness above the speaker
    assert "Ⓦ" in shapes("苍天在上，我今天说的句句属实")
    # ordinary game talk: none of the three
    for line in (
        "昨晚平安夜，女巫应该救了人",
        "我是预言家，验了五号是好人",
        "他死了好可惜，明天投狼",
    ):
        assert not {"Ⓞ", "Ⓚ", "Ⓦ"} & set(shapes(line)), line


def test_the_sound_of_a_line_is_the_same_whoever_spells_it() -> None:
    # (the experiment of scripts/train_phrase_model.py --loso --view: measured, not shipped)
    sys.path.insert(0, str(ROOT / "scripts"))
    from train_phrase_model import class_view, fold, sound_view

    # a homophone, a near sound (平翘舌, l/n, f/h, the nasal finals) and pinyin typed in
    # Latin letters all sound as the word they stand for
    assert sound_view("这个蠢货") == sound_view("这个纯祸")
    assert sound_view("发誓") == sound_view("发四")
    assert sound_view("你们") == sound_view("里门")
    assert sound_view("发货") == sound_view("哈货")
    assert sound_view("上班") == sound_view("散班")
    assert sound_view("吃饭") == sound_view("chifan")
    assert sound_view("吃饭", folded=False) != sound_view("次饭", folded=False)
    assert fold("zhang") == "zan" and fold("neng") == "len"
    # what is no syllable breaks the sound: letters that read as no pinyin, a name, a mark
    assert sound_view("ok") == sound_view("Ⓝ") == sound_view("！") == ""
    assert len(sound_view("吃，饭").split()) == 2
    # the classes: a word of mixed scripts is one shape, runs folded
    assert class_view("傻b你") == class_view("蠢X货") != class_view("傻瓜你")
    assert class_view("傻瓜你") == class_view("好")


def test_the_one_a_line_judges_is_paired_with_the_words_after_him() -> None:
    # (the experiment of scripts/train_phrase_model.py --loso --view target: measured, not shipped)
    sys.path.insert(0, str(ROOT / "scripts"))
    from train_phrase_model import target_view

    # the one spoken to (Ⓨ) and one spoken of (Ⓣ: a seat, a name, 他) with each Han character
    # after him in his sentence, however far (up to 16)
    assert "Ⓨ脑" in target_view("你这个人的脑子怕是没带出门").split()
    assert "Ⓣ脑" in target_view("0号今天的脑子怕是没带").split()
    assert "Ⓣ好" in target_view(f"{NAME}发言挺好").split()
    # the sentence ends the reach; a line that names no one has no pairs
    assert "Ⓨ狼" not in target_view("你好。今天投狼").split()
    assert target_view("今天投狼，明天再说") == ""


def test_a_card_only_where_a_category_s_evidence_holds() -> None:
    # the rule of the module: the card threshold at or above the question's, the bound stated
    assert CARD_PRECISION >= 0.95 and CARD_BOUND >= 0.9
    for cat, t in CARDS.items():
        assert cat in THRESHOLDS and t >= THRESHOLDS[cat], cat
    assert set(THRESHOLDS) <= set(model().labels) - {CLEAN}


# The combined reading (matcher + the model's questions and cards) on the four newest scored
# sets.  The shipped model was fitted on them, so these figures are in-sample (the held-out
# ones: blind26 0.966 / 0.867 at its score, and the leave-one-set-out table in
# lexicons/README.md "机读": blind25 0.966 / 0.855, blind24 0.991 / 0.832, blind23 0.958 /
# 0.857): a guard against breaking the combined reader, not a measure of it.
COMBINED = [
    # in-sample 0.964 / 0.935 / 4 since the re-fit with blind26 (session 47; 0.962 / 0.945 / 5 before)
    ("phrases/blind23/phrases_blind23.tsv", 0.959, 0.930, 4),
    # in-sample 0.992 / 0.937 / 0; 0.992 / 0.930 / 0 since short lines are not read alone (session 48)
    # 0.925 (in-sample, 0.9248) since the re-fit with blind28 (session 49)
    ("phrases/blind24/phrases_blind24.tsv", 0.987, 0.920, 0),
    # in-sample 0.982 / 0.935 / 2 since round 30 and the re-fit with blind26 (0.969 / 0.950 / 7 before)
    # 0.981 / 0.927 / 2 since short lines are not read alone (session 48: its short water posts)
    ("phrases/blind25/phrases_blind25.tsv", 0.977, 0.922, 2),
    # scored once after session 47 (held out: 0.966 / 0.867, 8/201); in-sample 0.969 / 0.952 / 8
    ("phrases/blind26/phrases_blind26.tsv", 0.964, 0.947, 8),
    # scored once before session 49 (held out: 0.923 / 0.842, 20/201); in-sample 0.930 / 0.932 / 20
    ("phrases/blind27/phrases_blind27.tsv", 0.925, 0.925, 20),
]


@pytest.mark.parametrize(("name", "precision", "recall", "clean"), COMBINED)
def test_the_combined_reading_holds_on_the_newest_sets(
    name: str, precision: float, recall: float, clean: int
) -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    from devset_eval import matcher_predict, model_predict, read_rows, score

    s = score(read_rows(ROOT / "tests" / name), model_predict(matcher_predict()))
    flagged = [r.id for r, got in s.misses if not r.labels and got]
    assert s.precision() >= precision, f"{name}: precision {s.precision():.3f}"
    assert s.recall() >= recall, f"{name}: recall {s.recall():.3f}"
    assert len(flagged) <= clean, f"{name}: clean lines flagged {flagged}"


# What the director gets as cards (session 49: the matcher's hits the model does not veto, and
# the model's own cards; questions aside): in-sample, a guard against breaking the veto (the
# held-out figures: lexicons/README.md "机读否决" — blind27 nested 0.934 / 0.810 / 15 of 201
# clean lines carded, 20 without the veto).
CARDED = [
    # in-sample 0.997 / 0.860 / 0 (matcher alone 0/201; 0.875 while PASTGAME carded)
    ("phrases/blind26/phrases_blind26.tsv", 0.99, 0.855, 0),
    # in-sample 0.954 / 0.827 / 8 (matcher alone 0.920 / 0.802 / 20; 0.842 while PASTGAME carded)
    ("phrases/blind27/phrases_blind27.tsv", 0.95, 0.82, 8),
]


@pytest.mark.parametrize(("name", "precision", "recall", "clean"), CARDED)
def test_the_cards_hold_on_the_newest_sets(
    name: str, precision: float, recall: float, clean: int
) -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    from devset_eval import cards_predict, matcher_predict, read_rows, score

    s = score(read_rows(ROOT / "tests" / name), cards_predict(matcher_predict()))
    carded = [r.id for r, got in s.misses if not r.labels and got]
    assert s.precision() >= precision, f"{name}: precision {s.precision():.3f}"
    assert s.recall() >= recall, f"{name}: recall {s.recall():.3f}"
    assert len(carded) <= clean, f"{name}: clean lines carded {carded}"
