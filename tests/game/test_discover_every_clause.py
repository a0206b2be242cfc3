"""Never silent, clause by clause (issue 34; session 44): what a director's post states and
the reader did not take lists the post (未读懂的公告), even when something else was read.

- A request's clause undoes its own clause, not the sentence: 申请加速的有七位，过半了，加速了
  — the last clause states the acceleration, and is read (a clause of its own: 加速了).
- A close the time reader took as a delay in a post with no word of moving one (an arrow
  between a day's two times) is a guess, listed.
- A count whose line says the majority was reached (X 9/15 过半) is the ballot's outcome, not
  the tally's row: its player is accounted for by an item, or the post is listed.
- A game's end read with no exit beside it, naming a player no item is about (X 是最后一只狼，
  村民胜利): the exit that ended it is unread, listed.
- A time whose 环节 differs from the one the post names last above it is a guess, listed.
- Following another in leaving (跟着 X 走了) is the lover's way out (殉情), and a clause naming
  a player and telling nothing of them is the topic of the next (X 被刀，Y 与之情深，随之而去).

Every case is written for these tests (no set's sentence), each beside a negative twin.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from auditor.game.announce import Notice, Patterns, _delay_unworded
from auditor.game.discover import Listed
from auditor.game.gamefile import EventType, parse_game
from auditor.game.state import thread_problems, unread_posts
from auditor.models import Post

PLAYERS = ["铁锅", "砂锅", "蒸笼", "竹筷", "瓷碗", "木勺"]
P = Patterns(PLAYERS)


def test_a_bare_acceleration_clause_after_a_request_count_is_read() -> None:
    found, unplaced = P.read("各位，今天申请加速的有七位，过半了，加速了，下午五点关门。")
    assert [a.type for a in found] == [Notice.ACCELERATED]
    assert not unplaced


@pytest.mark.parametrize(
    "text",
    [
        "今天申请加速的有三位，还差两位，没加速。",
        "申请加速的请在本帖回复，过半就加速。",
    ],
)
def test_a_request_short_or_a_rule_is_no_acceleration(text: str) -> None:
    found, _ = P.read(text)
    assert not any(a.type is Notice.ACCELERATED for a in found)


def test_the_day_said_to_be_an_accelerated_one_is_read() -> None:
    found, _ = P.read("砂锅 投出去了，今天是加速的，大家早点休息。")
    assert Notice.ACCELERATED in [a.type for a in found]


def test_a_close_read_as_a_delay_with_no_word_of_moving_is_listed() -> None:
    text = "🍳 第四天\n🕘 9:00 起锅 → 周三 21:00 收摊\n昨晚 蒸笼 被刀"
    _, unplaced = P.read(text)
    assert any("21:00" in u for u in unplaced)


def test_a_delay_in_words_is_no_unworded_delay() -> None:
    assert not _delay_unworded("延时成功：关门 21:30 → 23:00")
    assert _delay_unworded("🕘 9:00 起锅 → 周三 21:00 收摊")


def test_a_count_that_reached_the_majority_is_not_a_tally_row() -> None:
    _, unplaced = P.read("📊 环节二结算\n瓷碗 9/15 ✔ 过半\n今天到此为止")
    assert any("瓷碗" in u for u in unplaced)
    _, unplaced = P.read("📊 环节二结算\n瓷碗 6/15 未过半\n明天进入环节三")
    assert not any("瓷碗" in u for u in unplaced)


def test_an_end_with_no_exit_read_lists_the_player_it_names() -> None:
    found, unplaced = P.read("结束啦！竹筷 是最后一只狼！村民胜利！")
    assert Notice.GAME_OVER in [a.type for a in found]
    assert any("竹筷" in u for u in unplaced)
    found, unplaced = P.read("竹筷 出局，他是最后一只狼，村民胜利！")
    assert EventType.ELIMINATED in [a.type for a in found]
    assert not any("竹筷" in u for u in unplaced)


def test_a_time_under_another_named_phase_is_listed() -> None:
    text = "【环节二结算】\n没人过半，铁锅 四票最多。\n那就环节三吧。\n今晚十二点截止。"
    _, unplaced = P.read(text)
    assert any("十二点" in u or "12点" in u for u in unplaced)
    _, unplaced = P.read("【环节二】\n今晚十二点截止。")
    assert not any("十二点" in u or "12点" in u for u in unplaced)


def test_following_another_in_leaving_is_the_lovers_way_out() -> None:
    found, _ = P.read("昨夜倒下两位：木勺、砂锅（她是跟着木勺走的）。")
    how = {a.player: a.cause for a in found if a.type is EventType.ELIMINATED}
    assert how == {"木勺": "night", "砂锅": "suicide"}


def test_a_discussion_thread_with_no_day_is_said_as_a_vote_thread_is() -> None:
    unclassified = [
        Listed(501, "[M107] 🍜二号灶台·讨论", "讨论帖，但没有第几天"),
        Listed(502, "[M107] 🍜二号灶台·投票", "投票帖，但没有第几天"),
        Listed(503, "[M107] 灶台闲聊", "“闲聊”不是游戏帖"),
    ]
    said = thread_problems(None, [], [], {}, unclassified)  # type: ignore[arg-type]
    assert [s.split("「")[0] for s in said] == ["讨论帖 501", "投票帖 502"]
    assert all("不知道是第几天的" in s for s in said)


def test_the_directors_posts_of_a_thread_with_no_day_are_listed(tmp_path: Path) -> None:
    (tmp_path / "pages").mkdir()
    game = parse_game(
        {
            "game": {"name": "灶台", "ruleset": "m107", "tag": "M107", "directors": ["掌勺"]},
            "forum": {"pages": "pages/", "board": 1},
            "players": {"names": PLAYERS},
        },
        tmp_path / "game.toml",
    )
    when = datetime(2031, 5, 6, 22, 5, tzinfo=ZoneInfo("Asia/Shanghai"))
    post = Post(601, 6011, 3, "掌勺", None, when, "", "今天出锅的是 蒸笼。")
    assert not unread_posts(game, [], [], [post], set(), {})
    listed = unread_posts(game, [], [], [post], set(), {}, undated=[601])
    assert [u.pid for u in listed] == [6011]
