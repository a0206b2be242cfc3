"""The tool's own drafts posted by a director are the tool's result published: told by
their structure (the draft's headings, most lines in its shapes), never by a phrase; the
lines a director added stay to be read.  Twins: a director's own free-written 公告 (no
draft structure) and a post of a few draft-like lines with no heading are no draft."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from auditor.game.drafted import draft_rest
from auditor.game.gamefile import load_game
from auditor.posting import make_draft
from auditor.rules.engine import ruleset_for
from auditor.store import Store

PLAYERS = ["春风", "夏雨", "秋月", "冬雪", "晨星", "暮云"]

# an announcement as the report writes it (BBCode, as copied from the desk)
ANNOUNCEMENT = """[b]雪夜 测试局 · 第1天公告[/b]

[b]判罚[/b]
[b]本次新增[/b]
秋月：[color=Blue]蓝牌[/color] 第1天 潜水
[b]累计[/b]（三蓝合一黄，三黄合一红）
秋月：蓝 1 黄 0 红 0

[b]第1天计票[/b]
夏雨：4 票（春风、秋月、冬雪、暮云） → 当选警长
晨星：1 票（夏雨）
未投票（含无效票）：晨星

[b]第1天潜水[/b]
秋月：发言不足（2 帖）

[b]第1天电梯[/b]
春风（5帖）：[url=http://bbs.example.com/x?pid=1]#2[/url] #5 #9
夏雨（4帖）：#3 #6
"""


def _lines(text: str) -> list[str]:
    return text.splitlines()


def test_the_tools_announcement_is_a_draft_with_nothing_left() -> None:
    assert draft_rest(_lines(ANNOUNCEMENT), PLAYERS) == ()


def test_as_the_forum_shows_it_tags_gone_and_punctuation_full_width_or_not() -> None:
    shown = [
        line.replace("[b]", "").replace("[/b]", "").replace("：", ":")
        for line in _lines(ANNOUNCEMENT)
    ]
    assert draft_rest(shown, PLAYERS) == ()


def test_a_line_the_director_added_is_left_to_read() -> None:
    edited = _lines(ANNOUNCEMENT)
    edited.insert(1, "大家辛苦了，今晚夏雨的警徽请收好。")
    edited.append("另：昨夜冬雪被刀，出局。")
    assert draft_rest(edited, PLAYERS) == (
        "大家辛苦了，今晚夏雨的警徽请收好。",
        "另：昨夜冬雪被刀，出局。",
    )


def test_retyped_a_little_it_is_still_the_draft() -> None:
    """第1天 retyped 第一天, a space dropped, the title left out: the same draft."""
    retyped = [
        line.replace("第1天", "第一天").replace(" 票", "票").replace("蓝 1 黄 0 红 0", "蓝1黄0红0")
        for line in _lines(ANNOUNCEMENT)[1:]
    ]
    assert draft_rest(retyped, PLAYERS) == ()


def test_a_part_of_a_long_announcement_and_an_addendum() -> None:
    part2 = ["[b]（第2/2部分）[/b]", "[b]第1天电梯[/b]", "春风（5帖）：#2 #5 #9"]
    assert draft_rest(part2, PLAYERS) == ()
    addendum = [
        "[b]雪夜 测试局 · 第1天公告（补充一）[/b]",
        "接已发出的第1天公告（12-01 22:30 发到主题 301（pid 9））：以下是之后的变动。",
        "",
        "[b]第1天计票（更新，以此为准）[/b]",
        "夏雨：5 票（春风、秋月、冬雪、暮云、晨星） → 当选警长",
    ]
    assert draft_rest(addendum, PLAYERS) == ()


def test_the_tally_and_the_reminder_drafts() -> None:
    tally = [
        "[b]第2天票型（截至 20:30，尚未关门，不是结果）[/b]",
        "春风：2 票（秋月 #4 12:01、冬雪 #7 13:40 改票）",
        "弃权：晨星 #9 15:00",
    ]
    assert draft_rest(tally, PLAYERS) == ()
    reminder = [
        "【投票提醒】第2天投票 12-02 22:00 截止，还有 2 小时。",
        "还没有投票：春风、暮云",
        "发言还不到 5 帖：春风（2 帖）",
        "（截至 20:00 的统计，以导演关门时的计票为准）",
    ]
    assert draft_rest(reminder, PLAYERS) == ()


@pytest.mark.parametrize(
    "text",
    [
        # a director's own 公告, written freely: his words, read as they are
        "第一天公告\n计票：夏雨 4 票，当选警长。\n昨夜平安夜。\n今天 22:00 关门。",
        "【第1天结果】\n夏雨：4 票\n晨星：1 票\n夏雨当选警长，明早十点开第二天。",
        # one section's heading and a sentence: not the tool's
        "第1天计票\n夏雨当选警长，恭喜。",
        # the draft's lines but no heading of it (a director's tally in his own post)
        "夏雨：4 票（春风、秋月、冬雪、暮云）\n晨星：1 票（夏雨）\n夏雨当选警长。",
        # a heading and most lines his own
        "雪夜 · 第1天公告\n昨夜冬雪出局。\n夏雨当选警长。\n今天十点开门。",
    ],
)
def test_a_directors_own_announcement_is_no_draft(text: str) -> None:
    assert draft_rest(text.splitlines(), PLAYERS) is None


@pytest.mark.parametrize("kind", ["announcement", "tally", "reminder"])
def test_every_draft_the_tool_writes_is_told_as_one(sample_game: Path, kind: str) -> None:
    """The report's own drafts (auditor.report is a layer above: its headings are written
    again in auditor.game.drafted), rendered for the sample game's day 2, as the director
    would copy them: nothing of them is left to read."""
    game = load_game(sample_game)
    rs = ruleset_for(game)
    when = datetime(2026, 11, 23, 20, 30, tzinfo=game.timezone)
    with Store(game.store) as store:
        draft = make_draft(game, store, rs, kind, when, None)
    assert draft_rest(draft.text.splitlines(), game.players) == (), draft.text
