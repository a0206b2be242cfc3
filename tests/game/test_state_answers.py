"""An answer closes the question it answers (issue 34, never silent; session 41 round 2,
the first-hour report's items 1 and 2), on a small 版杀7 writer game:

- a 未读懂的公告 that tells a death in the theme's own words (昨夜风浪很大，X 被鲨鱼拖进了海里)
  is answered once the director adds that event for that player on the post's day — the
  words have no kind the grammar knows, the director read them; a question, a supposition,
  a denial or a near miss is answered by nothing;
- a 环节 result that declares the next round's candidates (环节一无人过半，可疑者：X、Y 进入
  环节二) is a kind the tool knows (the vote book reads the candidates): not 未读懂;
- the post that tells the tally's vote-out a few minutes after the 环节 closed is the same
  event once the director confirms the tally's proposal: no 「与游戏文件不一致」 warning, and a
  warning, when there is one, is in the director's words (出局 / 投票, never eliminated / vote
  / pid None).

Every case is written for these tests (no set's sentence), each beside its negative twins.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from auditor.cli import app
from auditor.game.gamefile import DaySpec, Event, EventType
from auditor.game.state import answered_by, declares_candidates
from tests.game.test_discover_autonomy import audit, game_json, runner, setup
from tests.game.test_discover_rulesets import PLAYERS, at, killbar7


def _game(tmp_path: Path) -> Path:
    g = killbar7()
    process = next(t for t in g.threads if t["subject"] == "[版杀7] 进程提示")
    posts = process["post"]  # type: ignore[index]
    posts.append(g.post("法官", at(11, 23, 9), "昨夜海上风浪很大，杜鹃 被鲨鱼拖进了海里。"))
    # the seed's own schedule form: a date, then the 环节's hours after 时间为
    posts.insert(
        1,
        g.post("法官", at(11, 19, 21), "【环节二】可疑者辩论投票，11月21日，时间为0：00-24：00"),
    )
    vote1 = next(t for t in g.threads if "环节一" in str(t["subject"]))
    vote1["post"].append(  # type: ignore[union-attr]
        g.post("法官", at(11, 21, 0, 2), "环节一无人过半，可疑者：芒果、番茄 进入环节二。")
    )
    vote3 = next(t for t in g.threads if "环节三" in str(t["subject"]))
    vote3["post"].append(  # type: ignore[union-attr]
        g.post("法官", at(11, 23, 0, 5), "环节三结果：芒果 7 票，投票出局。")
    )
    vote3["post"][-1]["pid"] = 9200  # type: ignore[index]
    for i, p in enumerate(posts):  # type: ignore[arg-type]
        p["pid"] = 9000 + i
    vote1_posts = vote1["post"]  # type: ignore[index]
    vote1_posts[-1]["pid"] = 9100
    return setup(tmp_path, g)


def test_an_added_event_answers_a_story_s_death_and_a_round_s_result_is_no_question(
    tmp_path: Path,
) -> None:
    minimal = _game(tmp_path)
    audit(minimal, tmp_path / "r")
    data = game_json(minimal)
    texts = [u["text"] for u in data["unread"]]
    assert any("鲨鱼" in t for t in texts), texts
    assert not any("可疑者" in t for t in texts), texts  # the vote book's kind
    got = runner.invoke(
        app,
        ["game", str(minimal), "--add", "event", "--type", "eliminated", "--player", "杜鹃",
         "--at", "2026-11-23T08:00", "--how", "night"],
    )  # fmt: skip
    assert got.exit_code == 0, got.output
    _code, output = audit(minimal, tmp_path / "r2")
    assert "未读懂的公告" not in output, output
    data = game_json(minimal)
    assert not any("鲨鱼" in u["text"] for u in data["unread"]), data["unread"]
    assert any("杜鹃" in a["answered_by"] for a in data["answered"]), data["answered"]


def test_confirming_the_tally_s_vote_out_raises_no_mismatch_in_english(tmp_path: Path) -> None:
    minimal = _game(tmp_path)
    audit(minimal, tmp_path / "r")
    data = game_json(minimal)
    for item in data["items"]:
        if item["kind"] == "event" and item["status"] != "confirmed":
            done = runner.invoke(app, ["game", str(minimal), "--confirm", item["id"]])
            assert done.exit_code == 0, done.output
    for item in game_json(minimal)["items"]:
        if item["kind"] == "day" and item["status"] != "confirmed":
            done = runner.invoke(app, ["game", str(minimal), "--confirm", item["id"]])
            assert done.exit_code == 0, done.output
    # the days its schedule states confirmed: the schedule post is read
    assert not any("时间为" in u["text"] for u in game_json(minimal)["unread"])
    shown = runner.invoke(app, ["game", str(minimal)], env={"COLUMNS": "250"}).output
    assert "不一致" not in shown or "芒果" not in shown, shown
    for english in ("eliminated", " vote", "pid None"):
        assert english not in shown, shown


@pytest.mark.parametrize(
    ("text", "answered"),
    [
        ("昨夜海上风浪很大，杜鹃 被鲨鱼拖进了海里。", True),
        ("杜鹃 今早没有出现在甲板上。", False),  # a denial: no fact told
        ("杜鹃 被鲨鱼拖进海里了吗？", False),  # a question
        ("如果 杜鹃 被鲨鱼拖走，明天就少一人。", False),  # a supposition
        ("杜鹃 差点被鲨鱼拖进海里。", False),  # a near miss
        ("杜鹃 被鲨鱼拖进了海里，画眉 也落水了。", False),  # a second player unanswered
    ],
)
def test_a_director_s_event_answers_a_sentence_in_words_of_no_known_kind(
    text: str, answered: bool
) -> None:
    d = DaySpec(2, at(11, 23, 0), at(11, 23, 23, 59, 59))
    events = [Event(EventType.ELIMINATED, "杜鹃", at(11, 23, 8), "night")]
    got = answered_by(PLAYERS, text, at(11, 23, 9), events, [d])
    assert bool(got) is answered, got
    # a week later, the same words are no answer to this post
    late = [Event(EventType.ELIMINATED, "杜鹃", at(11, 23, 8) + timedelta(days=7), "night")]
    later = DaySpec(3, at(11, 30, 0), at(11, 30, 23, 59, 59))
    assert answered_by(PLAYERS, text, at(11, 23, 9), late, [d, later]) == ""


def test_an_event_read_from_the_post_answers_it_whatever_its_words() -> None:
    d = DaySpec(2, at(11, 23, 0), at(11, 23, 23, 59, 59))
    tied = [Event(EventType.ELIMINATED, "杜鹃", at(11, 30, 8), "night", pid=42)]
    got = answered_by(PLAYERS, "杜鹃 被鲨鱼拖进了海里。", at(11, 23, 9), tied, [d], pid=42)
    assert "杜鹃" in got


@pytest.mark.parametrize(
    ("text", "declares"),
    [
        ("环节一无人过半，可疑者：芒果、番茄 进入环节二。", True),
        ("环节二结果：芒果 与 番茄 同票。\n高票对决：芒果 vs 番茄。", False),  # a count: a tie told
        ("环节一结果：无人过半。\n可疑者：芒果、番茄、黄瓜。", True),
        ("芒果 出局，番茄、黄瓜 进入对决。", False),  # a death beside the list
        ("可疑者是 芒果 和 番茄 吗？", False),  # asked
        ("芒果 是可疑者。", False),  # one name: no list
        ("高票对决：芒果 vs 番茄，明天 0:00-24:00。", False),  # a time beside it
    ],
)
def test_a_round_s_result_declaring_candidates_is_a_kind_the_tool_knows(
    text: str, declares: bool
) -> None:
    assert declares_candidates(PLAYERS, text) is declares


def test_a_vote_out_told_after_the_close_is_the_file_s_and_a_real_mismatch_is_in_chinese() -> None:
    from auditor.game.discover import Discovery, _against_the_file

    closes = frozenset({at(11, 22, 23, 59, 59)})  # the day's close (second review item 6)

    closed = Event(EventType.ELIMINATED, "芒果", at(11, 22, 23, 59, 59), "vote")
    told = Event(EventType.ELIMINATED, "芒果", at(11, 23, 0, 5), "vote")
    disc = Discovery()
    _against_the_file([closed], closed, told, "pid 9200", disc, closes)
    assert disc.warnings == []
    # another how, or told a day before the file's: a mismatch, said in the director's words
    for other in (
        Event(EventType.ELIMINATED, "芒果", at(11, 23, 0, 5), "night"),
        Event(EventType.ELIMINATED, "芒果", at(11, 21, 22), "vote"),
    ):
        disc = Discovery()
        _against_the_file([closed], closed, other, "pid 9200", disc, closes)
        (said,) = disc.warnings
        assert "芒果 的出局" in said and "帖子 pid 9200" in said, said
        for english in ("eliminated", "vote", "night", "None"):
            assert english not in said, said


def test_a_mismatch_names_the_post_by_its_floor_and_link_never_its_pid() -> None:
    from auditor.game.discover import _post_named
    from auditor.models import Post

    post = Post(9, 9200, 12, "导演", None, at(11, 23, 0, 5), "", "芒果 被投出。")
    notice = "芒果 的出局：帖子 pid 9200 公示的是 11-23 00:05，游戏文件写的是 …（以游戏文件为准）"
    said = _post_named(notice, [post], "https://bbs.example.com/")
    assert "第12楼" in said and "goto=findpost&ptid=9&pid=9200" in said, said
    assert "帖子 pid" not in said
    # no forum url: the floor alone; a post not among the directors' posts: no number at all
    assert _post_named(notice, [post], None).startswith("芒果 的出局：第12楼 公示的是")
    assert "9200" not in _post_named(notice, [], None)


# the second review's item 4: an event of another kind answers no listed sentence — the
# fallback (words of no known kind) is for a death only, answered by that player's 出局 that
# day (or an event read from this very post)
_D1 = DaySpec(1, at(11, 20, 0), at(11, 20, 23, 59, 59))
_FILE = [
    Event(EventType.SHERIFF, "芒果", at(11, 20, 23, 59, 59)),
    Event(EventType.ELIMINATED, "番茄", at(11, 20, 23, 59, 59), "vote"),
]


@pytest.mark.parametrize(
    "text",
    [
        "芒果 拿到了一张黄牌。",  # a card is no badge
        "芒果 已经退出了这局游戏。",  # a leaving told, but the file holds only his badge
        "芒果 今晚被守护了。",  # a guard
        "番茄 复活了。",  # a revival is no death
        "番茄 是预言家。",  # a role said
        "番茄 的身份是平民。",
        "番茄 被女巫毒死了。",  # a poisoning is no vote-out
    ],
)
def test_an_event_of_another_kind_answers_no_listed_sentence(text: str) -> None:
    assert answered_by(PLAYERS, text, at(11, 21, 0, 10), _FILE, [_D1]) == ""


def test_a_death_in_words_of_no_kind_is_answered_by_that_player_s_death_only() -> None:
    got = answered_by(PLAYERS, "番茄 被押上了去远方的列车。", at(11, 21, 0, 10), _FILE, [_D1])
    assert got == "出局 番茄（游戏文件）"
    assert (
        answered_by(PLAYERS, "芒果 被押上了去远方的列车。", at(11, 21, 0, 10), _FILE, [_D1]) == ""
    )
    # an event read from this very post answers it whatever its words
    tied = [Event(EventType.SHERIFF, "芒果", at(11, 20, 23, 59, 59), pid=77)]
    assert "芒果" in answered_by(
        PLAYERS, "芒果 拿到了一张黄牌。", at(11, 21, 0, 10), tied, [_D1], 77
    )


@pytest.mark.parametrize(
    "text",
    [
        "芒果、番茄 可疑，黄瓜 被禁言。",  # a fact beside the list
        "芒果 跟 番茄 对决，芒果 是狼。",  # a role beside the list
        "芒果 和 番茄 不可疑，黄瓜 可疑。",  # denied
    ],
)
def test_a_round_s_result_keeps_its_other_facts_listed(text: str) -> None:
    assert declares_candidates(PLAYERS, text) is False
