"""Session 45, round 2 (the two directors' games, fh45 and fh45b): a correction whose right
player is the spoken death's 的是 (昨晚挂的是 X，不是 Y); the rule for the dead said to one of
them (出局了不许发言) tells no death; the spoken 当 of a sheriff with its result said (当上警长,
当警长了); a substitute's arrow from the seat to the newcomer; a piped list under a label
an emoji opens.  Sentences written for these tests (none from a test set)."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from auditor.game.announce import Patterns
from auditor.game.discover import Discovery, _Day, _take_day, acceleration_proposals
from auditor.game.gamefile import (
    DaySpec,
    Event,
    EventType,
    Game,
    ThreadKind,
    ThreadSpec,
    parse_game,
)
from auditor.game.state import unread_posts, why_listed
from auditor.models import Post

PLAYERS = ["黄瓜", "冬瓜", "番茄", "芒果", "苦瓜", "杜鹃"]


def _read(text: str, **kw: object) -> list[tuple[str, str | None, str | None]]:
    found, _ = Patterns(PLAYERS, **kw).read(text)  # type: ignore[arg-type]
    return [(a.type.value, a.player, a.value) for a in found]


def test_a_spoken_death_heading_de_shi_names_who_died() -> None:
    """seed 000 公示 (白天开始时…公示…夜晚出局角色名单): 昨晚挂的是 X is X 挂了 before its object."""
    assert _read("说一下，昨晚寄的是芒果。") == [("eliminated", "芒果", None)]
    found, _ = Patterns(PLAYERS).read("更正：昨天夜里挂的是冬瓜，不是番茄，番茄还活着。")
    (a,) = found
    assert (a.player, a.correction, a.replaces) == ("冬瓜", True, ("番茄",))
    # (not a hanging: 悬挂的是 X 的头像)
    assert _read("昨晚悬挂的是芒果的头像。") == []


def test_the_rule_for_the_dead_said_to_one_tells_no_death() -> None:
    """seed 000 6、发帖与诈尸 (1): 禁止已出局角色…发言 — a warning presupposes the death."""
    assert _read("苦瓜，出局了就不许发言哦，再说算诈尸。") == []
    assert _read("杜鹃出局后不得发帖。") == []
    assert _read("杜鹃昨晚出局了。") == [("eliminated", "杜鹃", None)]


def test_the_spoken_dang_of_a_sheriff_with_its_result() -> None:
    """seed 000 警长 竞岗 (…当选警长): the result said (当上警长, 当警长了); a wish is none."""
    assert _read("票数出来了，番茄当上警长。") == [("sheriff", "番茄", None)]
    assert _read("所以冬瓜当警长了，恭喜。") == [("sheriff", "冬瓜", None)]
    assert _read("芒果想当警长了。") == []


def test_a_substitute_s_arrow_from_the_seat_to_the_newcomer() -> None:
    """seed 004 替补: 替补玩家…代替该玩家继续游戏 — X 请假 → Y 替补."""
    assert _read("替补通知\n- 黄瓜 出差 → 橘子 替补（今晚起）") == [("substitute", "黄瓜", "橘子")]
    # (an arrow with no substitute's word is no substitute: 黄瓜 → 冬瓜 a vote's line)
    assert _read("黄瓜 → 冬瓜") == []


def test_a_piped_list_under_a_label_an_emoji_opens() -> None:
    """seed 004 吹笛 4: 被吹笛的角色…次日公示 — the label's list one a line, an emoji first."""
    text = "🌄 第二天开始\n\n🎐 被吹笛：\n- 番茄\n- 杜鹃\n今天只能说 喵"
    got = [(t, p) for t, p, _ in _read(text, piped_words=["喵"]) if t == EventType.PIPED.value]
    assert got == [("piped", "番茄"), ("piped", "杜鹃")]


def _game(tmp_path: Path) -> Game:
    (tmp_path / "pages").mkdir()
    return parse_game(
        {
            "game": {"name": "灶台", "ruleset": "m107", "tag": "M107", "directors": ["掌勺"]},
            "forum": {"pages": "pages/", "board": 1},
            "players": {"names": PLAYERS},
        },
        tmp_path / "game.toml",
    )


def _at(d: int, h: int) -> datetime:
    return datetime(2031, 5, d, h, tzinfo=ZoneInfo("Asia/Shanghai"))


def test_a_rule_s_word_before_the_game_began_is_no_notice(tmp_path: Path) -> None:
    """seed 000 公示 (每个游戏日白天开始时…公示): events are told from day 1's opening — a post
    before it that names no one (规则补充：警长一票算一票半 / 进程帖：替补往这儿发) tells none; after, listed."""
    game = _game(tmp_path)
    threads = [ThreadSpec(701, ThreadKind.RULES, None), ThreadSpec(702, ThreadKind.PROCESS, None)]
    day = DaySpec(1, _at(6, 9), _at(6, 22))
    rule = Post(701, 7011, 2, "掌勺", None, _at(5, 19), "", "补充：警长投票算一票半，替补找我。")
    opening = Post(702, 7021, 1, "掌勺", None, _at(5, 20), "", "请假、申请替补都发这里。")
    later = Post(702, 7022, 5, "掌勺", None, _at(6, 12), "", "请假、申请替补都发这里。")
    listed = unread_posts(game, threads, [day], [rule, opening, later], set(), {})
    assert [u.pid for u in listed] == [7022]


def test_a_reply_to_a_player_names_no_subject(tmp_path: Path) -> None:
    """@X / 回X： — the player who asked is no subject of the answer; a fact in it still is."""
    game = _game(tmp_path)
    threads = [ThreadSpec(703, ThreadKind.DISCUSSION, 1)]
    day = DaySpec(1, _at(6, 9), _at(6, 22))
    said = ["回黄瓜：弃权也要发投票帖，不发算没投。", "@冬瓜 可以，吹笛的人遗言不受影响～"]
    told = "@冬瓜 番茄昨晚出局了，别再问了"
    posts = [
        Post(703, 7030 + i, 2 + i, "掌勺", None, _at(6, 10 + i), "", t)
        for i, t in enumerate([*said, told])
    ]
    listed = unread_posts(game, threads, [day], posts, set(), {})
    assert [u.pid for u in listed] == [7032]


def test_the_moon_before_tonight_s_own_word_is_no_last_night() -> None:
    """🌙 X is last night's X; 🌙 入夜，行动请私信 / 🌙 Night 2 开始 begin tonight."""
    assert _read("🌙 入夜，行动请在 22:00 前私信我") == []
    assert _read("🌙 Night 2 开始，行动 00:10 前私信") == []
    assert _read("🌙 芒果") == [("eliminated", "芒果", None)]


def test_an_elevator_and_a_vote_reminder_name_no_subject() -> None:
    """电梯：A B C — the floors' index; - X 还没投 — the tally's reminder: neither tells an
    event of the players it names (a time beside it is still checked)."""
    assert why_listed(PLAYERS, "电梯：黄瓜 冬瓜 番茄 芒果 苦瓜") is None
    assert why_listed(PLAYERS, "电梯：黄瓜 冬瓜，芒果出局") is not None
    assert why_listed(PLAYERS, "快投票～\n- 黄瓜 还没投\n- 冬瓜、番茄 尚未投票") is None
    assert why_listed(PLAYERS, "黄瓜 还没投，冬瓜出局了") is not None


def test_a_delayed_day_is_proposed_citing_the_post_that_gave_its_close() -> None:
    """seed 004 加速或延时 (…判定加速或延迟成功): the close is the 延时 post's, so the day's
    proposal cites that post, the opening staying in the source; a day as planned, its own."""
    days: dict[int, DaySpec] = {}
    disc = Discovery()
    moved = _Day(_at(6, 9), _at(7, 23), False, 801, "开帖", {}, delayed=True)
    moved.fields = {"opens": ("pid 801", "stated"), "closes": ("pid 805（延时）", "stated")}
    _take_day(2, moved, [], days, disc)
    planned = _Day(_at(8, 9), _at(8, 21), False, 811, "开帖", {"closes": ("pid 811", "stated")})
    _take_day(3, planned, [], days, disc)
    assert [(s.pid, s.source) for s in disc.days] == [
        (805, "pid 801；关门 pid 805"),
        (811, "pid 811"),
    ]


def test_a_substitute_s_own_account_asks_for_the_seat(tmp_path: Path) -> None:
    """seed 004 替补 (替补玩家…代替该玩家继续游戏) and 加速或延时 (申请人数…大于等于存活人数的
    一半): the newcomer's 申请延时 on his own account counts for the seat he plays."""
    names = ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛"]
    (tmp_path / "pages").mkdir()
    game = parse_game(
        {
            "game": {"name": "t", "ruleset": "m39", "directors": ["导演"], "tag": "M39"},
            "forum": {"pages": "pages/", "board": 2},
            "players": {"names": names},
        },
        tmp_path / "game.toml",
    )
    askers = ["甲", "乙", "丙", "新人"]
    posts = [
        Post(1, i, i, n, None, _at(4, 12) + timedelta(minutes=i), "", "申请延时")
        for i, n in enumerate(askers, 1)
    ]
    day = DaySpec(2, _at(3, 9), _at(4, 21))
    threads = [ThreadSpec(1, ThreadKind.PROCESS, None)]
    sub = Event(EventType.SUBSTITUTE, "丁", _at(4, 10), value="新人")
    assert not acceleration_proposals(game, threads, [day], [], posts)
    (found,) = acceleration_proposals(game, threads, [day], [sub], posts)
    assert found.kind == "delay" and "4/8" in found.text


def test_the_director_s_proxy_ballot_is_the_tally_s() -> None:
    """seed 004 投票 (演员可以委托导演代投): 代投 with its 投票对象, or @X 已代投 Y, is a ballot."""
    assert why_listed(PLAYERS, "【代投】黄瓜\n投票对象：冬瓜\n投票理由：代投") is None
    assert why_listed(PLAYERS, "@黄瓜 已代投 冬瓜 ✅") is None
    assert why_listed(PLAYERS, "代投：黄瓜托我投的。投票对象：冬瓜。冬瓜出局。") is not None


def test_the_skull_before_a_night_s_label_is_the_label_s() -> None:
    """☠️ 昨晚： over its list is the night's label (seed 000 公示: 夜晚出局角色名单); a skull
    before a name is that name's death, as before; a name the label's line keeps alive none."""
    assert _read("☠️ 昨晚：\n- 芒果\n") == [("eliminated", "芒果", None)]
    assert _read("☠️ 芒果") == [("eliminated", "芒果", None)]
    assert _read("☠️ 昨晚：芒果没死") == []


def test_a_substitute_s_proposal_names_the_newcomer() -> None:
    """fh45: 「替补：格瓦斯，12-04 10:30」 named no 秋林 — the summary names both."""
    from auditor.game.confirm import Proposal

    sub = Event(EventType.SUBSTITUTE, "黄瓜", _at(4, 10), value="橘子")
    assert Proposal("event", sub, "pid 1").describe().startswith("替补：黄瓜（由 橘子 接替），")
