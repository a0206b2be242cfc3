"""The learned reading of the directors' announcements (auditor.game.learned, issue 34): the
text prepared alike for training and reading, the shipped models load and read, the
combination rule on cases written here (toy models: the rule, not the weights, is tested),
discovery's call site, and the shipped files equal a re-fit (scripts/train_announce_models.py)."""

from __future__ import annotations

import subprocess
import sys
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from auditor.game import learned
from auditor.game.announce import Announced
from auditor.game.discover import Discovery, discover_events
from auditor.game.gamefile import DaySpec, EventType, ThreadKind, ThreadSpec, parse_game
from auditor.learned import LinearModel, load_model
from auditor.models import Post
from tests import paths

PLAYERS = ["冬瓜", "番茄", "芒果", "苦瓜"]
TZ = ZoneInfo("Asia/Shanghai")


def test_names_times_and_digits_are_marks_never_features() -> None:
    text = "[b]第3天[/b] 冬瓜出局，番茄當選警長。12月3日 21:30 关帖，九点半前投票"
    prepared = learned.prepare(text, PLAYERS, "discussion")
    assert prepared == "Ⓓ 第9天 Ⓝ出局,Ⓝ当选警长。Ⓣ Ⓣ 关帖,Ⓣ前投票"
    assert "冬瓜" not in prepared and "番茄" not in prepared
    assert learned.named(text, PLAYERS) == ["冬瓜", "番茄"]
    # the candidate: its sentences only, it as Ⓧ and the others as Ⓝ
    cand = learned.candidate_text("冬瓜出局。番茄和冬瓜同票。芒果发言。", PLAYERS, "vote", "冬瓜")
    assert cand == "Ⓥ Ⓧ出局。 ¦ Ⓝ和Ⓧ同票。"


def test_the_shipped_models_load_read_and_name_their_sets() -> None:
    kinds = load_model(learned.KIND_MODEL)
    roles = load_model(learned.CANDIDATE_MODEL)
    doubt = load_model(learned.DOUBT_MODEL)
    assert kinds.labels == learned.KINDS and roles.labels == learned.ROLES
    assert doubt.labels == (learned.DOUBT_LABEL,)
    root = Path(__file__).resolve().parents[2]
    scored = {
        f"tests/discovery/{f.name}"
        for f in (root / "tests" / "discovery").iterdir()
        if (f / "README.md").is_file()
        and "NOT YET SCORED" not in (f / "README.md").read_text("utf-8").splitlines()[0]
        and any(f.glob("announcements_*.jsonl"))
    }
    for model in (kinds, roles, doubt):
        # every scored set and no set the lead has not scored yet (its README's first line)
        assert "tests/discovery/blind20" in model.trained_on
        assert set(model.trained_on) <= scored | {"tests/discovery"}, model.trained_on
    probs = learned.kind_probabilities("今天大家好，吃了吗？", PLAYERS, "discussion")
    assert set(probs) == set(learned.KINDS) and all(0 <= p <= 1 for p in probs.values())
    assert 0 <= learned.doubted("冬瓜出局。", PLAYERS, "discussion", {"eliminated"}) <= 1


def _toy_kinds() -> LinearModel:
    row = {k: 0.0 for k in learned.KINDS}
    weights = {"火车": tuple(6.0 if k == "eliminated" else 0.0 for k in row)}
    return LinearModel("toy_kinds", (1, 3), learned.KINDS, tuple(-3.0 for _ in row), weights)


def _toy_roles() -> LinearModel:
    # (the features are lower-cased: Ⓧ reads as ⓧ, auditor.learned.ngrams)
    weights = {"ⓧ坐": tuple(6.0 if r == "vote" else 0.0 for r in learned.ROLES)}
    return LinearModel(
        "toy_roles", (1, 3), learned.ROLES, tuple(-3.0 for _ in learned.ROLES), weights
    )


def _toy_doubt() -> LinearModel:
    # doubts a post read as a death (①) that speaks of a 渡轮 — the rule, not the weights
    weights = {"①": (2.0,), "渡轮": (2.0,)}
    return LinearModel("toy_doubt", (1, 3), (learned.DOUBT_LABEL,), (-3.0,), weights)


@pytest.fixture
def toys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(learned, "_kind_model", _toy_kinds)
    monkeypatch.setattr(learned, "_candidate_model", _toy_roles)
    monkeypatch.setattr(learned, "_doubt_model", _toy_doubt)
    # the rule, not the shipped calibration: the toy model's own probabilities, 0.5 each
    monkeypatch.setattr(learned, "STACK", {})
    monkeypatch.setattr(learned, "LIST_AT", dict.fromkeys(learned.EVENT_KINDS, 0.5))
    monkeypatch.setattr(learned, "NOTICE_AT", dict.fromkeys(learned.NOTICE_KINDS, 0.5))


@pytest.mark.usefixtures("toys")
def test_a_kind_the_grammar_read_nothing_of_is_asked_and_its_player_proposed() -> None:
    text = "冬瓜坐上了南下的绿皮火车，番茄去送站。"
    assert learned.unread_kinds(text, PLAYERS, "discussion", set()) == ["eliminated"]
    props = learned.proposals(text, PLAYERS, "discussion", set())
    assert [(p.kind, p.player, p.how) for p in props] == [("eliminated", "冬瓜", "vote")]
    assert props[0].says() == "机读：冬瓜 投票出局？"
    assert learned.why_kind(["eliminated"]) == "机读：像是「出局」公告，语法没读出"


@pytest.mark.usefixtures("toys")
def test_a_kind_the_grammar_read_is_not_asked_again() -> None:
    text = "冬瓜坐上了南下的绿皮火车。"
    assert learned.unread_kinds(text, PLAYERS, "discussion", {"eliminated"}) == []
    assert learned.proposals(text, PLAYERS, "discussion", {"eliminated"}) == []


@pytest.mark.usefixtures("toys")
def test_no_confident_kind_no_question_and_no_confident_player_no_proposal() -> None:
    assert learned.unread_kinds("今天天气不错。", PLAYERS, "discussion", set()) == []
    # the kind without a player the candidate model is sure of: asked, nothing proposed
    text = "绿皮火车开走了，车上有谁，冬瓜说他不知道。"
    assert learned.unread_kinds(text, PLAYERS, "discussion", set()) == ["eliminated"]
    assert learned.proposals(text, PLAYERS, "discussion", set()) == []


@pytest.mark.usefixtures("toys")
def test_discovery_lists_the_post_and_proposes_its_item_marked_machine_read(
    tmp_path: Path,
) -> None:
    (tmp_path / "pages").mkdir()
    game = parse_game(
        {
            "game": {"name": "绿皮车", "ruleset": "m107", "tag": "M107", "directors": ["列车长"]},
            "forum": {"pages": "pages/", "board": 1},
            "players": {"names": PLAYERS},
        },
        tmp_path / "game.toml",
    )
    day = DaySpec(2, datetime(2031, 5, 6, 9, tzinfo=TZ), datetime(2031, 5, 6, 21, 30, tzinfo=TZ))
    thread = ThreadSpec(700, ThreadKind.DISCUSSION, 2)
    when = datetime(2031, 5, 6, 9, 1, tzinfo=TZ)
    post = Post(700, 7001, 1, "列车长", None, when, "", "冬瓜坐上了南下的绿皮火车，番茄去送站。")
    disc = Discovery()
    discover_events(game, [thread], [day], [post], disc)
    assert 7001 in disc.unplaced  # listed as 未读懂的公告, never silent
    assert "机读：冬瓜 投票出局？（pid 7001）" in disc.proposals


def test_the_shipped_models_are_a_refit_of_the_scored_sets() -> None:
    script = paths.ROOT / "scripts" / "train_announce_models.py"
    done = subprocess.run(
        [sys.executable, str(script), "--check"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_what_the_grammar_read_reweighs_the_models_reading() -> None:
    # (stacking) a 平安夜 the model half believes in a post whose death the grammar read is
    # no news; the same reading beside nothing the grammar read is asked about
    stack = {"no_death": {"model": 1.0, "read:eliminated": -3.0}}
    probs = dict.fromkeys(learned.KINDS, 0.05) | {"no_death": 0.7}
    alone = learned.stacked(probs, set(), stack)
    beside = learned.stacked(probs, {"eliminated", "day"}, stack)
    assert alone["no_death"] == pytest.approx(0.7)
    assert beside["no_death"] < 0.2 and "eliminated" not in beside
    assert learned.confident_kinds(probs, set(), at=0.5, stack=stack) == ["no_death"]
    assert learned.confident_kinds(probs, {"eliminated"}, at=0.5, stack=stack) == []
    # a threshold per kind: a kind with none is never asked about
    assert learned.confident_kinds(probs, set(), at={"eliminated": 0.5}, stack=stack) == []


def test_a_kind_no_player_fills_is_proposed_on_the_posts_day() -> None:
    posted = datetime(2031, 5, 7, 8, 30, tzinfo=TZ)
    sure = {"no_death": 0.9, "accelerated": 0.6, "delayed": 0.9, "game_over": 0.3}
    at = dict.fromkeys(learned.NOTICE_KINDS, 0.8)
    # said in the morning of day 3's thread: day 3's night; below its threshold: not proposed
    props = learned.notice_proposals(
        ["no_death", "accelerated"], sure, "昨夜风平浪静。", posted, TZ, 3, False, at=at
    )
    assert [(p.kind, p.day) for p in props] == [("no_death", 3)]
    assert props[0].says() == "机读：第3天 平安夜？"
    # a process post after day 2's close: the night is day 3's
    assert learned.place(posted, None, [_day(1), _day(2)]) == (2, True)
    props = learned.notice_proposals(["no_death"], sure, "无事发生。", posted, TZ, 2, True, at=at)
    assert [(p.kind, p.day) for p in props] == [("no_death", 3)]
    # a 延时 with the close the post states; none stated: nothing proposed (only asked)
    text = "大家投票太慢，今天关门挪到 23:30。"
    props = learned.notice_proposals(["delayed"], sure, text, posted, TZ, 3, False, at=at)
    assert [(p.kind, p.at) for p in props] == [("delayed", datetime(2031, 5, 7, 23, 30, tzinfo=TZ))]
    assert props[0].says() == "机读：第3天 延时至 05-07 23:30？"
    assert (
        learned.notice_proposals(["delayed"], sure, "晚点关。", posted, TZ, 3, False, at=at) == []
    )


def _day(n: int) -> DaySpec:
    return DaySpec(
        n, datetime(2031, 5, 4 + n, 9, tzinfo=TZ), datetime(2031, 5, 4 + n, 21, 30, tzinfo=TZ)
    )


def test_the_doubt_model_reads_the_post_beside_what_the_grammar_read() -> None:
    # the kinds read are marks before the prepared post (names and times marks too)
    text = "冬瓜昨夜上了渡轮，21:30 靠岸。"
    marked = learned.doubt_text(text, PLAYERS, "discussion", {"eliminated", "day", "sheriff"})
    assert marked == "①②⑩Ⓓ Ⓝ昨夜上了渡轮,Ⓣ 靠岸。"
    assert learned.doubt_text(text, PLAYERS, "vote", set()).startswith("⑩Ⓥ ")


@pytest.mark.usefixtures("toys")
def test_a_post_the_grammar_likely_misread_is_listed_never_silent() -> None:
    posted = datetime(2031, 5, 7, 8, 30, tzinfo=TZ)
    said = [Announced(EventType.ELIMINATED, "冬瓜", how="night")]
    # read as a death, the doubt model doubts it: listed, with its reason, nothing proposed
    kinds, machine = learned.second_reading(
        PLAYERS, "冬瓜昨夜上了渡轮。", "discussion", said, posted, TZ, day=3
    )
    assert kinds == ["doubt"] and machine == []
    assert learned.why_kind(kinds) == learned.DOUBT_WORD
    assert learned.why_kind(["eliminated", "doubt"]) == "机读：像是「出局」公告，语法没读出"
    # the same post with nothing doubted: not listed
    kinds, _ = learned.second_reading(
        PLAYERS, "冬瓜昨夜出局。", "discussion", said, posted, TZ, day=3
    )
    assert kinds == []


def test_a_post_read_as_a_days_times_the_time_reader_read_none_of_is_listed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    posted = datetime(2031, 5, 7, 8, 30, tzinfo=TZ)
    day = dict.fromkeys(learned.KINDS, 0.01) | {"day": 0.95}
    monkeypatch.setattr(learned, "kind_probabilities", lambda *a, **k: day)
    monkeypatch.setattr(learned, "doubted", lambda *a, **k: 0.0)
    kinds, _ = learned.second_reading(
        PLAYERS, "渡轮照老规矩启航、靠岸。", "discussion", [], posted, TZ
    )
    assert kinds == ["day"]
    assert learned.why_kind(kinds) == "机读：像是「开关帖时间」公告，语法没读出"
    # the time reader reads the close: the post is the time reader's (no question of the model)
    assert learned.times_read("今晚 21:30 关帖。", posted, TZ)
    kinds, _ = learned.second_reading(PLAYERS, "今晚 21:30 关帖。", "discussion", [], posted, TZ)
    assert kinds == []


def test_propose_events_ranks_the_chips_for_the_desk() -> None:
    # toy models: a name before 坐 is voted out (0.95), a 火车 post an elimination
    text = "冬瓜坐上了火车。番茄在旁边。"
    chips = learned.propose_events(
        text, PLAYERS, "process", kind_model=_toy_kinds(), candidate_model=_toy_roles()
    )
    assert chips and chips[0].kind == "eliminated" and chips[0].player == "冬瓜"
    assert chips[0].how == "vote" and chips[0].probability > 0.9
    assert chips[0].says() == "机读：冬瓜 投票出局？"
    assert [c.probability for c in chips] == sorted((c.probability for c in chips), reverse=True)
    assert len(chips) <= learned.CHIP_LIMIT
    assert all(c.probability >= learned.CHIP_FLOOR for c in chips)
    # an item already recorded is not offered again
    again = learned.propose_events(
        text,
        PLAYERS,
        "process",
        known={("eliminated", "冬瓜")},
        kind_model=_toy_kinds(),
        candidate_model=_toy_roles(),
    )
    assert all(not (c.kind == "eliminated" and c.player == "冬瓜") for c in again)
    # the shipped models: a chip's player is a roster name the post names, or none
    for chip in learned.propose_events("昨夜苦瓜没能熬过去，芒果拿到警徽。", PLAYERS, "process"):
        assert chip.player in ("", "苦瓜", "芒果") and 0 <= chip.probability <= 1


def test_the_candidate_model_disputes_a_role_the_grammar_gave() -> None:
    assert learned.item_role("eliminated", "vote") == "vote"
    assert learned.item_role("eliminated", "red_card") == "out_other"
    assert learned.item_role("sheriff", "elected") == "sheriff"
    assert learned.item_role("no_death", None) is None
    sure = dict.fromkeys(learned.ROLES, 0.05)
    scored = [("冬瓜", {**sure, "night": 0.92}), ("番茄", {**sure, "vote": 0.6})]
    # the grammar read 冬瓜 voted out: the model's night death (0.92) disputes it
    assert learned.disputed({"冬瓜": {"vote"}}, scored, at=0.9) == ["冬瓜"]
    assert learned.disputed({"冬瓜": {"night"}}, scored, at=0.9) == []
    # a role the grammar gave that the model finds unlikely (番茄 sheriff at 0.05)
    assert learned.disputed({"冬瓜": {"night"}, "番茄": {"sheriff"}}, scored, low=0.1) == ["番茄"]
    # by default nothing is disputed
    assert learned.disputed({}, scored) == []


@pytest.mark.usefixtures("toys")
def test_a_role_the_candidate_model_disputes_is_listed_never_silent() -> None:
    posted = datetime(2031, 5, 7, 8, 30, tzinfo=TZ)
    # the grammar read 冬瓜 dead at night; the toy candidate model reads 冬瓜坐 as a vote-out
    said = [Announced(EventType.ELIMINATED, "冬瓜", how="night")]
    kinds, machine = learned.second_reading(
        PLAYERS, "冬瓜坐上了火车。", "discussion", said, posted, TZ, day=3
    )
    assert kinds == ["doubt"] and machine == []
    # read as the model reads it (voted out): nothing disputed, not listed
    said = [Announced(EventType.ELIMINATED, "冬瓜", how="vote")]
    kinds, _ = learned.second_reading(
        PLAYERS, "冬瓜坐上了火车。", "discussion", said, posted, TZ, day=3
    )
    assert kinds == []


def test_a_days_times_that_disagree_with_the_post_are_doubted_by_consistency() -> None:
    evening = datetime(2031, 5, 7, 22, 10, tzinfo=TZ)
    morning = datetime(2031, 5, 7, 8, 30, tzinfo=TZ)
    # a close before the post (the reader put 晚上六点 on the post's own, past, evening)
    assert "stale" in learned.time_doubts("本日 18:00 收摊，请抓紧。", evening, TZ, 2)
    # the same words in the morning: a close later that day, nothing to doubt
    assert learned.time_doubts("本日 18:00 收摊，请抓紧。", morning, TZ, 2) == []
    # tomorrow's opening and close, said the evening before: consistent
    assert learned.time_doubts("明天 9:00 开门，21:30 打烊。", evening, TZ, 2) == []
    # a 第N天 neither the thread's day nor the next
    assert "day_off" in learned.time_doubts("第五天 9:00-21:30", morning, TZ, 2)
    # no day's time read: nothing to check (DAY_AT's concern)
    assert learned.time_doubts("大家早上好。", morning, TZ, 2) == []


def test_a_time_read_wrong_is_listed_as_a_time_doubt_never_silent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    evening = datetime(2031, 5, 7, 22, 10, tzinfo=TZ)
    quiet = dict.fromkeys(learned.KINDS, 0.01)
    monkeypatch.setattr(learned, "kind_probabilities", lambda *a, **k: quiet)
    monkeypatch.setattr(learned, "doubted", lambda *a, **k: 0.0)
    text = "本日 18:00 收摊，请抓紧。"
    kinds, machine = learned.second_reading(PLAYERS, text, "discussion", [], evening, TZ, day=2)
    assert kinds == ["time:stale"] and machine == []
    assert learned.why_kind(kinds) == "时间可能读错：关帖时间早于发帖"
    morning = datetime(2031, 5, 7, 8, 30, tzinfo=TZ)
    assert learned.second_reading(PLAYERS, text, "discussion", [], morning, TZ, day=2)[0] == []
