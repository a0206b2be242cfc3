"""Session 46 (issue 34): a first said without 第 (头一场 beside 第二场) is the count's first,
in a title and in a director's post; and a day thread whose day stays unknown has its
directors' posts listed as 未读懂的公告 — a vote's result posted there is never silent.
Games and sentences written for this test with their own cast."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.game.announce import Patterns
from auditor.game.discover import as_days
from auditor.game.titles import classify, title_count
from tests.game.test_discover_autonomy import audit, game_json, setup
from tests.game.test_discover_rulesets import EVERYONE, Game, at


@pytest.mark.parametrize(
    ("title", "count"),
    [
        ("[M107] 书场·头一场·讨论", ("场", 1)),
        ("[M107] 书场·首轮 投票", ("轮", 1)),
        ("[M107] 书场·第二场·讨论", ("场", 2)),
        ("[M107] 头一回 讨论", None),  # the first time, no count
    ],
)
def test_a_first_said_without_di_is_the_counts_first(
    title: str, count: tuple[str, int] | None
) -> None:
    assert title_count(title, "M107") == count


def test_a_first_day_said_without_di_is_day_one() -> None:
    assert classify("[M39] 头一天·讨论帖", "m39", "M39").day == 1
    assert classify("[M39] 首日讨论帖", "m39", "M39").day == 1


def test_a_posts_first_sitting_is_its_first_day() -> None:
    assert as_days("头一场开演！第二场见。", "场") == "第一天开演！第二天见。"
    assert as_days("头一回来说书。", "场") == "头一回来说书。"


def _storyteller(first: str, process: str, second: int = 22) -> Game:
    """Two days counted by 场, the first titled ``first`` (头一场 / 第一场), the second
    opening on 11月``second``日."""
    g = Game("m107", "M107", "说书人")
    g.thread(
        "[M107] 书场·后台（进程帖）", "process", None, [g.post("说书人", at(11, 19, 20), process)]
    )
    for n, word in ((1, first), (2, "第二场")):
        d = 20 if n == 1 else second
        g.thread(
            f"[M107] 书场·{word}·讨论",
            "discussion",
            n,
            [
                g.post("说书人", at(11, d, 10), f"{word}开讲。"),
                *g.chatter(at(11, d, 10, 5), at(11, d, 20), EVERYONE),
            ],
        )
        g.thread(
            f"[M107] 书场·{word}·投票",
            "vote",
            n,
            [g.post("说书人", at(11, d, 10, 1), "投票开始。")],
        )
    return g


def _thread_days(tmp_path: Path, g: Game) -> list[int | None]:
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    return sorted(
        (it["value"]["day"] for it in game_json(minimal)["items"] if it["kind"] == "thread"),
        key=lambda d: d or 0,
    )


def test_a_game_whose_first_sitting_is_headed_toutyi_counts_its_days(tmp_path: Path) -> None:
    g = _storyteller("头一场", "一天一场，每天 10:00 开场，22:00 散场。")
    assert _thread_days(tmp_path, g) == [None, 1, 1, 2, 2]


def test_a_result_in_an_undated_thread_is_listed_not_silent(tmp_path: Path) -> None:
    # nothing makes 场 the day (no post says so, and the two 场 open the same date, as a
    # day's sittings would — session 51: 场 on dates of their own are the days): the threads
    # stay undated, and the result posted in one is listed for the director (it would be
    # read once the thread's day is said)
    g = _storyteller("头一场", "欢迎来听书。", second=20)
    vote = next(t for t in g.threads if "第二场·投票" in str(t["subject"]))
    posts = vote["post"]
    assert isinstance(posts, list)
    posts.append(g.post("说书人", at(11, 22, 22, 1), "结算：冬瓜 5 票，被赶下台。"))
    minimal = setup(tmp_path, g)
    audit(minimal, tmp_path / "r")
    data = game_json(minimal)
    assert any("冬瓜" in u["text"] for u in data["unread"]), data["unread"]


# --------------------------------------------------------------------------- the grammar's shapes
# (sentences written for this test with their own cast, in shapes blind21's dev half missed)
CAST = ["黄瓜", "冬瓜", "番茄", "芒果", "苦瓜", "杜鹃"]


def _read(text: str, words: tuple[str, ...] = ()) -> list[tuple[str, str, str | None]]:
    found, _unplaced = Patterns(CAST, piped_words=words).read(text)
    return [(str(a.type), a.player, a.cause) for a in found]


@pytest.mark.parametrize(
    ("text", "who"),
    [
        ("番茄、芒果 今天都是喵喵。", ["番茄", "芒果"]),  # all + copula + the words
        ("番茄 还是只会喵喵叫。", ["番茄"]),
        ("芒果 中了笛，只会喵。", ["芒果"]),  # struck by the pipe
        ("【禁言】番茄、芒果", ["番茄", "芒果"]),  # a header of muting over the names
        ("【Lv.3（只能说喵）】杜鹃", ["杜鹃"]),
        ("杜鹃 被禁言了。", ["杜鹃"]),
    ],
)
def test_the_piped_in_any_copula_or_muting_word(text: str, who: list[str]) -> None:
    assert [p for k, p, _c in _read(text, ("喵",)) if k == "piped"] == who


@pytest.mark.parametrize(
    "text",
    [
        "杜鹃 没被禁言。",
        "如果番茄 只会喵喵叫，那就是被吹了。",
    ],
)
def test_no_piping_denied_or_supposed(text: str) -> None:
    assert not [p for k, p, _c in _read(text, ("喵",)) if k == "piped"]


def test_muting_is_no_piping_where_the_rules_have_none() -> None:
    assert _read("杜鹃 被禁言了。") == []


@pytest.mark.parametrize(
    ("text", "who", "how"),
    [
        ("结算：番茄 6 票。番茄 离席。", "番茄", "vote"),  # a verb of leaving its seat
        ("昨夜 芒果 退租了。", "芒果", "night"),
        ("冬瓜 旅客被请下飞机。", "冬瓜", "vote"),  # the crowd's act, an apposition between
        ("苦瓜 这件展品昨夜撤展。", "苦瓜", "night"),
        ("冬瓜 被移出车队。", "冬瓜", "vote"),
    ],
)
def test_a_verb_of_leaving_the_venue_is_an_exit(text: str, who: str, how: str) -> None:
    assert ("eliminated", who, how) in _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "番茄 今天没有离席，明天再说。",
        "如果番茄 离席，就算弃权。",
        "番茄 离席发言的规则是什么？",
    ],
)
def test_no_exit_denied_supposed_or_asked(text: str) -> None:
    assert not [p for k, p, _c in _read(text) if k == "eliminated"]


def test_a_shot_in_its_own_sentence_is_the_hunters() -> None:
    # the fall told in the next line, the shot in the line before naming no one
    assert ("eliminated", "冬瓜", "hunter") in _read("临死前，他扣动扳机。\n冬瓜应声而倒。")
    assert ("eliminated", "冬瓜", "hunter") in _read("番茄 是猎人，走前把 冬瓜 也请出了楼。")
    # a night said in the sentence is the night's
    assert ("eliminated", "冬瓜", "night") in _read("猎人开枪了。\n昨夜 冬瓜 倒下了。")


@pytest.mark.parametrize(
    ("text", "who"),
    [
        ("队长袖标交给芒果！", "芒果"),  # the badge as the theme's armband
        ("机长职务由 芒果 接任。", "芒果"),  # the office in the theme's word
        ("• 👮 警徽 ➡️ 芒果", "芒果"),
        ("• 👮 ➡️ 芒果", "芒果"),
    ],
)
def test_the_badge_in_a_themes_words(text: str, who: str) -> None:
    assert [p for k, p, _c in _read(text) if k == "sheriff"] == [who]


def test_the_swap_sign_is_a_substitute() -> None:
    found, _u = Patterns(CAST).read("• 🔄 小新 ⬅️ 杜鹃")
    assert [(a.player, a.value) for a in found if str(a.type) == "substitute"] == [("杜鹃", "小新")]


def test_a_long_office_word_is_no_badge() -> None:
    assert _read("延长：到23:00。") == []


def test_a_side_named_beside_a_read_exit_keeps_the_post_listed() -> None:
    found, unplaced = Patterns(CAST).read("冬瓜 被移出车队，村民阵营抵达终点。")
    assert ("eliminated", "冬瓜", "vote") in [(str(a.type), a.player, a.cause) for a in found]
    assert unplaced
