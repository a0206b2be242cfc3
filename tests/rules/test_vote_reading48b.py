"""Session 48 round 2 (issue 37, the directors' games tests/games/discovery_fh48 and
discovery_fh48c): a director's tally is no ballot, and a late vote asked as a question is a vote
attempt — each with its own illustrations (the roster of tests/votes) and the shapes that undo it.

- A director's post with the shape of a tally — two rows or more of a name (弃权 among them) and
  its number of votes, as a table or 「X 3票」 lines — reports the result (seed 002 4.1.2 the
  director announces; 000 9): a 代发 / 代投 written in one of its rows tells how a counted ballot
  came, no 代投; a 代投 on a line of its own above the running count is still the player's vote.
- A vote said with a question about its own timeliness (投X 还来得及吗 / 改投X，现在还算数吗？ /
  票给X还有效不): the vote is cast — late and void after the close, and seen (seed 002 4.1.2
  说明2).  A question of the vote itself (投X吗？ / 要是投X呢？), a supposition before it, a bare
  name (X过了吗: asked of the player) or a question of the player (投X 还算靠谱吗) casts none.
"""

from __future__ import annotations

import pytest

from tests.rules.test_vote_sets import read_post

PRESETS = ("m107", "rabbit030", "killbar7", "m39")


@pytest.mark.parametrize(
    "text",
    [
        "第一天结果\n| 玩家 | 票数 | 投票人 |\n| 南瓜 | 3 | 番茄 冬瓜 汤圆(代发) |\n"
        "| 冬瓜 | 2 | 南瓜 土豆 |\n| 弃权 | 1 | 油条 |\n无人过半。",
        "本轮统计：\n南瓜 3票（番茄、冬瓜、汤圆代投）\n冬瓜 2票\n弃权 1票",
        "环节一结果：冬瓜4票，南瓜2票，汤圆的代投算在冬瓜\n冬瓜出局",
        "计票 ⬇\n番茄：2\n土豆：2（含馄饨代发）\n平票，进入PK",
    ],
)
def test_a_directors_tally_is_no_ballot(text: str) -> None:
    for preset in PRESETS:
        got = read_post(preset, "导演", text)
        assert not got.attempt and got.proxy_for is None, (preset, text, got)


def test_a_proxy_above_the_running_count_is_the_players_vote() -> None:
    got = read_post("killbar7", "导演", "代投：汤圆投南瓜\n目前票数：南瓜 3，冬瓜 2")
    assert got.attempt and got.proxy_for == "汤圆" and got.target == "南瓜", got


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("投南瓜 还来得及吗", "南瓜"),
        ("投冬瓜还来得及吗？刚下班", "冬瓜"),
        ("改投冬瓜，现在还算数吗？", "冬瓜"),
        ("票给番茄还有效不", "番茄"),
        ("我投土豆 这会儿还赶得上吗", "土豆"),
        ("投南瓜 还算不算", "南瓜"),
    ],
)
def test_a_vote_asked_of_its_timeliness_is_cast(text: str, want: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert got.attempt and got.target == want, (text, got)


@pytest.mark.parametrize(
    "text",
    [
        "要是投南瓜呢？",
        "投南瓜吗？",
        "要是投南瓜 还来得及吗",
        "南瓜过了吗",
        "投南瓜 还算靠谱吗",
        "投南瓜还是冬瓜？",
    ],
)
def test_a_question_of_the_vote_itself_casts_none(text: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert not got.attempt, (text, got)
