"""The first-hour director's own game, 雾港来信 (session 42, fh42 items 2–4; his posts as he
wrote them, from /work/fh42/fh42-game): once his game file holds every day and event he
answered, none of his posts stays 未读懂 — an answer closes the question it answers; a vote
thread's opener that states the vote's rules (警长竞选帖, 放逐投票 …警长一票算两票) is no
question at all; and what the tool shows or writes as his words is his post's own text.
Each beside its twin: a fact of no one (平安夜), a close the file does not hold, a death the
file does not hold, a player's name the file says nothing of."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from auditor.game.announce import Patterns, own_words
from auditor.game.gamefile import DaySpec, Event, EventType
from auditor.game.state import answered_by, why_listed

TZ = timezone(timedelta(hours=8))
PLAYERS = ["阿杰", "小鹿", "老猫", "青柠", "石头", "木木", "豆豆", "北风", "七月"]


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 12, day, hour, minute, tzinfo=TZ)


# his answered game file: three days (day 2 delayed to 12-05 22:00), five events
DAYS = [
    DaySpec(1, at(1, 10), at(2, 22)),
    DaySpec(2, at(3, 10), at(5, 22), delayed=True),
    DaySpec(3, at(6, 10), at(7, 22)),
]
EVENTS = [
    Event(EventType.SHERIFF, "小鹿", at(2, 22), "elected"),
    Event(EventType.ELIMINATED, "阿杰", at(3, 10), "night"),
    Event(EventType.ELIMINATED, "北风", at(5, 22), "vote"),
    Event(EventType.ELIMINATED, "青柠", at(6, 10), "night"),
    Event(EventType.ELIMINATED, "七月", at(6, 10), "night"),
]

DAY1 = (
    "[size=4][b]◆ 雾港来信 · 第一日 ◆[/b][/size]\n\n钟楼敲了十下，雾从海面漫上来。\n"
    "九位旅人在码头醒来——今天没有人离开。\n\n本日讨论：12月1日 10:00 开门，12月2日 22:00 收帖。\n"
    "今天只竞选警长，不放逐。竞选请到【第一日 · 警长竞选】按格式回帖。"
)
SHERIFF_OPENER = (
    "警长竞选帖\n回帖格式：\n投票对象：某某\n投票理由：随意\n"
    "第一日收帖（12月2日 22:00）时，最先得到最多票的旅人戴上警徽。"
)
DAY2 = (
    "[size=4][b]◆ 雾港来信 · 第二日 ◆[/b][/size]\n\n"
    "雾散了一些。码头的长椅上，阿杰 再也没有站起来——他昨夜被雾吞没了。\n警长：小鹿\n\n"
    "本日讨论：12月3日 10:00 开门，12月4日 22:00 收帖。放逐投票在【第二日 · 放逐投票】。"
)
VOTE2_OPENER = (
    "第二日放逐投票\n格式同竞选帖；改票请引用你原来的那一楼，只能改一次，收帖前一小时不能改。\n"
    "收帖：12月4日 22:00（有延时以进程帖公示为准）。警长一票算两票。"
)
DELAY = "【延时】申请 4/8，到了存活人数的一半，延时成立。\n第二日收帖顺延一天：改为 12月5日（周六）22:00。"
CLOSE2 = (
    "【收帖 · 第二日】\n北风 5 票（小鹿×2 警长、青柠、石头（改票）、木木）\n青柠 3 票（老猫、北风、七月）\n"
    "老猫 0 票（石头已改票）\n没有投票：豆豆\n北风 被潮水带走了。请到遗言墙留下你想说的话。\n天黑，请闭眼。"
)
DAY3 = (
    "[size=4][b]◆ 雾港来信 · 第三日 ◆[/b][/size]\n\n昨夜雾很浓。天亮时，青柠、七月 都没有再醒来。\n"
    "警长：小鹿\n\n本日讨论：12月6日 10:00 开门，12月7日 22:00 收帖。放逐投票在【第三日 · 放逐投票】。"
)
VOTE3_OPENER = "第三日放逐投票。格式照旧，收帖 12月7日 22:00。"

POSTS = [
    (DAY1, at(1, 10)),
    (SHERIFF_OPENER, at(1, 10)),
    (DAY2, at(3, 10)),
    (VOTE2_OPENER, at(3, 10)),
    (DELAY, at(4, 15, 20)),
    (CLOSE2, at(5, 22, 4)),
    (DAY3, at(6, 10)),
    (VOTE3_OPENER, at(6, 10)),
]


@pytest.mark.parametrize(("text", "posted"), POSTS)
def test_his_answered_file_closes_every_question(text: str, posted: datetime) -> None:
    assert answered_by(PLAYERS, text, posted, EVENTS, DAYS) != ""


def test_what_his_file_does_not_hold_stays_a_question() -> None:
    # the delay not confirmed: the 延时 post and the moved close are not the file's
    undelayed = [DAYS[0], DaySpec(2, at(3, 10), at(4, 22)), DAYS[2]]
    assert answered_by(PLAYERS, DELAY, at(4, 15, 20), EVENTS, undelayed) == ""
    # the night's two deaths not in the file
    assert answered_by(PLAYERS, DAY3, at(6, 10), EVENTS[:3], DAYS) == ""
    # a fact of no one beside the plan: 平安夜 is still asked
    quiet = "昨夜平安。放逐投票在【第三日 · 放逐投票】。"
    assert answered_by(PLAYERS, quiet, at(6, 10), EVENTS, DAYS) == ""
    # a time the file's days do not have
    assert answered_by(PLAYERS, "本日讨论：12月6日 09:00 开门。", at(6, 10), EVENTS, DAYS) == ""


@pytest.mark.parametrize("text", [SHERIFF_OPENER, VOTE2_OPENER, VOTE3_OPENER])
def test_an_opener_stating_the_votes_rules_is_listed_for_no_word(text: str) -> None:
    """Its times are still checked (写了时间 …, then agreed with the days), never its 警长 / 放逐."""
    why = why_listed(PLAYERS, text)
    assert why is None or why.startswith("写了时间")


@pytest.mark.parametrize(
    "text", ["今天不放逐。昨夜平安。", "放逐投票：无人出局。", "第二日放逐投票，北风 出局。"]
)
def test_a_fact_beside_the_plan_is_still_listed(text: str) -> None:
    why = why_listed(PLAYERS, text)
    assert why is not None and not why.startswith("写了时间")


def test_his_words_are_shown_as_he_wrote_them() -> None:
    """The reader writes 没了 as 出局 for itself; what the director sees is his sentence."""
    found = Patterns(PLAYERS).read(DAY2)[0]
    death = next(a for a in found if a.player == "阿杰")
    assert "被雾吞没了" in death.clause and "出局" not in death.clause
    assert death.clause == "码头的长椅上，阿杰 再也没有站起来——他昨夜被雾吞没了。"
    # a shorthand in English and a traditional form: the post's own, not the reader's
    assert own_words("Result: 北風 out.", "北风 出局。") == "Result: 北風 out."


def test_his_two_nights_deaths_are_read() -> None:
    """Item 2: 北风 被潮水带走了 under the count is the vote-out; 青柠、七月 都没有再醒来 the
    night's two deaths; neither post keeps an unread clause."""
    found, unplaced = Patterns(PLAYERS).read(CLOSE2)
    assert [(a.type, a.player, a.how) for a in found] == [(EventType.ELIMINATED, "北风", "vote")]
    assert unplaced == []
    found, unplaced = Patterns(PLAYERS).read(DAY3)
    deaths = [(a.player, a.how) for a in found if a.type is EventType.ELIMINATED]
    assert deaths == [("青柠", "night"), ("七月", "night")]
    assert unplaced == []


def test_an_unread_post_naming_the_tallys_player_is_asked_about() -> None:
    """Item 2: while 北风 被潮水带走了 is unread, the tally's 北风 出局 names that post (its 楼)
    — the tool never says the director did not announce it; a post before the close, or
    one naming someone else, is not that question."""
    from types import SimpleNamespace

    from auditor.game.state import Unread, asked_posts, unread_naming

    close = Unread(5092, 405, 10, at(5, 22, 4), CLOSE2, "提到玩家 北风", "x")
    early = Unread(5047, 405, 1, at(3, 10), VOTE2_OPENER, "写了时间", "y")
    game = SimpleNamespace(discovery=SimpleNamespace(unread=[close, early]), forum=None)
    found = unread_naming(game, ["北风"], at(4, 21), at(6, 10))  # type: ignore[arg-type]
    assert found == [close]
    assert asked_posts(game, found) == "帖子 405 的 10 楼"  # type: ignore[arg-type]
    assert unread_naming(game, ["豆腐"], at(4, 21), None) == []  # type: ignore[arg-type]
