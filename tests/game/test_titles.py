"""Thread titles in each register (auditor/game/titles.py): traditional characters, English
kind words, formal numerals; and the titles that stay what they were."""

from __future__ import annotations

import pytest

from auditor.game.gamefile import ThreadKind
from auditor.game.titles import classify, cn_number, match_tag, set_aside_vote


@pytest.mark.parametrize(
    ("title", "ruleset", "kind", "day", "phase"),
    [
        ("[M107] 第三日 討論串", "default", ThreadKind.DISCUSSION, 3, None),
        ("[M107] 第肆日 投票帖", "default", ThreadKind.VOTE, 4, None),
        ("[030] Day 3 Discussion", "default", ThreadKind.DISCUSSION, 3, None),
        ("[030] Day 2 Vote", "default", ThreadKind.VOTE, 2, None),
        ("[M39] Rules", "default", ThreadKind.RULES, None, None),
        ("[030] Announcements", "default", ThreadKind.PROCESS, None, None),
        ("[M107] 第廿日讨论帖", "default", ThreadKind.DISCUSSION, 20, None),
        ("[版杀7] 第一天 環節二", "killbar7", ThreadKind.VOTE, 1, 2),
        # as before
        ("[M107] 第二天讨论帖", "default", ThreadKind.DISCUSSION, 2, None),
        ("[M107] 第一天投票帖（警长竞选）", "default", ThreadKind.VOTE, 1, None),
    ],
)
def test_kinds_days_and_phases(
    title: str, ruleset: str, kind: ThreadKind, day: int | None, phase: int | None
) -> None:
    info = classify(title, ruleset)
    assert (info.kind, info.day, info.phase) == (kind, day, phase)


@pytest.mark.parametrize(
    "title",
    ["[M107] 灌水帖", "[M107] 讨论帖", "[030] Day 3 chat"],
)
def test_not_a_day_thread(title: str) -> None:
    info = classify(title)
    assert info.kind is None or info.day is None


@pytest.mark.parametrize(
    ("said", "n"),
    [("肆", 4), ("拾贰", 12), ("廿一", 21), ("十二", 12), ("3", 3), ("叁拾", 30)],
)
def test_numerals(said: str, n: int) -> None:
    assert cn_number(said) == n


def test_cn_number_refuses_words() -> None:
    assert cn_number("三天") is None


def test_a_traditional_tag_matches_its_simplified_title() -> None:
    assert match_tag("[版殺7] 第一天", "版杀7").exact
    assert match_tag("[版杀70] 第一天", "版杀7").near


@pytest.mark.parametrize(
    ("title", "kind", "day"),
    [
        # a terse D-label glued to its kind word (a CJK letter after it is no boundary)
        ("[030]秋游 D2讨论", ThreadKind.DISCUSSION, 2),
        ("[030]秋游 D3投票(放逐)", ThreadKind.VOTE, 3),
        # a story's parts are its days when the title says no 天 / 日
        ("【M107】灯塔纪事 · 第二章 讨论帖", ThreadKind.DISCUSSION, 2),
        ("[M39] 山庄疑云 第三幕 投票帖", ThreadKind.VOTE, 3),
        ("[030] 第四回 讨论", ThreadKind.DISCUSSION, 4),
        # a series' game number beside the day: the day is the 天 / 日
        ("[M107] 第二局 第一天讨论帖", ThreadKind.DISCUSSION, 1),
        # the rules thread that takes the sign-ups is the rules
        ("[030]秋游 规则+报名", ThreadKind.RULES, None),
        ("[M39] 规则与报名帖", ThreadKind.RULES, None),
    ],
)
def test_story_parts_and_glued_labels(title: str, kind: ThreadKind, day: int | None) -> None:
    info = classify(title)
    assert (info.kind, info.day) == (kind, day)


@pytest.mark.parametrize(
    "title",
    [
        "[030]秋游 报名帖",  # sign-ups alone are no game thread
        "[030]秋游 DD2讨论",  # D2 glued to another letter is no label
        "[M107] 第二章 灌水",  # a chapter of the chat thread
    ],
)
def test_no_day_from_a_near_label(title: str) -> None:
    info = classify(title)
    assert info.kind is None or info.day is None


@pytest.mark.parametrize(
    ("title", "ruleset", "kind", "day", "phase"),
    [
        # a day counted in another counter word: a show's episodes, a court's hearings
        ("[030] 夜猫广播·第2期 讨论帖", "default", ThreadKind.DISCUSSION, 2, None),
        ("[030] 夜猫广播·第3期 点播投票", "default", ThreadKind.VOTE, 3, None),
        ("[M39] 巡回赛 第四站 投票", "default", ThreadKind.VOTE, 4, None),
        # 版杀7: the day's 天 / 日 and another ordinal is the 环节, each a vote round
        ("[版杀7] 孤岛 第二日·第三审", "killbar7", ThreadKind.VOTE, 2, 3),
        ("[版杀7] 孤岛 第一天 第二轮", "killbar7", ThreadKind.VOTE, 1, 2),
        # ... in any running number's word: a game's 回合, a match's 局, a stage's 阶段
        ("[版杀7] 围城·第二日 第一回合", "killbar7", ThreadKind.VOTE, 2, 1),
        ("[版杀7] 围城·第一日 第三回合（对决）", "killbar7", ThreadKind.VOTE, 1, 3),
        ("[版杀7] 牌局 第三天 第二局", "killbar7", ThreadKind.VOTE, 3, 2),
        ("[版杀7] 登山 第一日·第二阶段", "killbar7", ThreadKind.VOTE, 1, 2),
        # twins: without its day the 回合 is no 环节 of a day; outside 版杀7 no 环节 at all
        ("[M107] 第二天 第一回合 讨论", "default", ThreadKind.DISCUSSION, 2, None),
        ("[版杀7] 围城·第一夜 封盘室（杀人贴/遗言）", "killbar7", ThreadKind.DISCUSSION, 2, None),
        # 版杀7's night thread holds the 杀人贴 and the words of the dead: the next day's
        ("[版杀7] 孤岛 第二夜·杀人贴与遗言", "killbar7", ThreadKind.DISCUSSION, 3, None),
        ("[版杀7] 孤岛 第一夜", "killbar7", ThreadKind.DISCUSSION, 2, None),
        # ... but a title whose own kind is the 遗言帖, no night's action beside it, is one
        # (版杀7 4.2's night thread is where the kill is posted; 老贺's 第一夜 遗言帖 is not)
        ("[火锅局] 第一夜 遗言帖", "killbar7", ThreadKind.LASTWORDS, None, None),
        ("[版杀7] 孤岛 第二夜 遗言楼", "killbar7", ThreadKind.LASTWORDS, None, None),
        # a title naming its day and nothing else is the day's thread
        ("[M107] 第三天", "default", ThreadKind.DISCUSSION, 3, None),
    ],
)
def test_a_day_by_any_counter_word(
    title: str, ruleset: str, kind: ThreadKind, day: int | None, phase: int | None
) -> None:
    info = classify(title, ruleset)
    assert (info.kind, info.day, info.phase) == (kind, day, phase)


@pytest.mark.parametrize(
    ("title", "ruleset", "kind", "phase"),
    [
        # a vote's second round, a runoff: a vote inside a day, never the day itself
        ("[M107] 第二轮投票（PK）", "default", ThreadKind.VOTE, None),
        ("[M107] 第2轮投票", "default", ThreadKind.VOTE, None),
        ("[M39] 第3场 讨论", "default", ThreadKind.DISCUSSION, None),
        # a runoff titled in a counter word that elsewhere names a day
        ("[030] 夜猫广播·第2期 PK投票", "default", ThreadKind.VOTE, None),
        ("[M39] 巡回赛 第四站 平票加赛投票", "default", ThreadKind.VOTE, None),
        # 版杀7 without its day: the 场 is a 环节 of a day the title does not say
        ("[版杀7] 孤岛 第二场 投票", "killbar7", ThreadKind.VOTE, None),
        ("[版杀7] 围城 第二回合 投票", "killbar7", ThreadKind.VOTE, None),
    ],
)
def test_a_round_or_a_runoff_is_no_day(
    title: str, ruleset: str, kind: ThreadKind, phase: int | None
) -> None:
    info = classify(title, ruleset)
    assert (info.kind, info.day, info.undated) == (None, None, kind)


@pytest.mark.parametrize(
    ("title", "ruleset", "day", "phase"),
    [
        # the twins: the day named in 天 / 日 stays the day, the round its 环节 (版杀7) or nothing
        ("[M107] 第二天 第二轮投票（PK）", "default", 2, None),
        ("[M39] 第3天 第2场 讨论", "default", 3, None),
        ("[版杀7] 孤岛 第一日 第三场（对决）", "killbar7", 1, 3),
        # a show's episode or a tour's stage with no runoff word is still its day
        ("[030] 夜猫广播·第2期 投票", "default", 2, None),
        ("[M39] 巡回赛 第四站 讨论", "default", 4, None),
    ],
)
def test_a_named_day_beside_a_round_stays_the_day(
    title: str, ruleset: str, day: int, phase: int | None
) -> None:
    info = classify(title, ruleset)
    assert (info.day, info.phase) == (day, phase)


@pytest.mark.parametrize(
    "title",
    [
        "[030] 夜猫广播·第2期 灌水",  # an episode's chat thread
        "[版杀7] 旁听席 第二日",  # the spectators' seats
        "[030] Day 3 chat",
    ],
)
def test_a_counted_day_of_no_game_thread(title: str) -> None:
    assert classify(title).kind is None


def test_the_audience_beside_a_days_vote_is_the_players() -> None:
    # a show's director calls his players the audience: the day's vote line is a vote thread
    info = classify("[M107] 《12月3日 晚间新闻》观众投票热线", "m107", "M107")
    assert (info.undated, info.date) == (ThreadKind.VOTE, (12, 3))
    assert classify("[M107] 第二天 观众投票", "m107", "M107").kind is ThreadKind.VOTE
    # the spectators' own threads stay out: no vote, or no day
    assert classify("[M107] 观众席 第二天", "m107", "M107").kind is None
    assert classify("[M107] 观众投票（猜身份）", "m107", "M107").kind is None
    assert classify("[M107] 观众投票（猜身份）", "m107", "M107").undated is None


def test_a_title_by_its_date_only_waits_for_its_day() -> None:
    info = classify("[M39] 十二月三日 投票", "m39", "M39")
    assert (info.kind, info.undated, info.date) == (None, ThreadKind.VOTE, (12, 3))
    info = classify("[M39] 12月4日", "m39", "M39")
    assert (info.undated, info.date) == (ThreadKind.DISCUSSION, (12, 4))
    # two dates (a range) or none: no date
    assert classify("[M39] 12月3日—12月4日 讨论", "m39", "M39").date is None
    assert classify("[M39] 规则帖（12月2日开报名）", "m39", "M39").kind is ThreadKind.RULES


def test_a_killbar_day_with_a_word_that_names_no_round_is_its_discussion() -> None:
    """版杀7: a day title with a word of the director's beside it (第一日·早市) is a vote round,
    but not a word of chat, spectators, a death notice, notes, nightfall or a month, nor a bare
    次日 alone (review 42 item 2)."""
    assert classify("[版杀7] 码头 第二日·早班", "killbar7", "[版杀7]").kind is ThreadKind.VOTE
    for title in (
        "[版杀7] 第一日 随便聊聊",
        "[版杀7] 第二日·场外观战区",
        "[版杀7] 第三日·死讯",
        "[版杀7] 第二日 补充几句",
        "[版杀7] 第二日 天黑了请闭眼",
        "[版杀7] 2027年1月 第二日",
        "[版杀7] 次日",
    ):
        info = classify(title, "killbar7", "[版杀7]")
        assert info.kind is ThreadKind.DISCUSSION and info.day is not None, title


@pytest.mark.parametrize(
    "title",
    [
        # review 43 item 2: the spectators' own poll on a day (a guess, an award, their gallery)
        "【M107】第3天 观众投票：最佳演绎评选",
        "【M107】第二天 观众竞猜投票（猜猜谁是狼）",
        "【M107】观众投票 第2天 谁会出局？",
        "【M107】第2天 旁听席投票",
        "[M39] 第四天 观众投票·人气选手",
        "[030] 第2天 观众投票 本日MVP",
        "[M107] 第三天 观众预测投票",
    ],
)
def test_a_spectators_poll_naming_a_day_stays_aside(title: str) -> None:
    info = classify(title, "m107")
    assert (info.kind, info.undated) == (None, None), info.why


def test_the_players_vote_that_keeps_the_audience_out_is_the_days_vote() -> None:
    assert classify("【M107】第2天 投票帖（观众勿入）", "m107").kind is ThreadKind.VOTE


@pytest.mark.parametrize(
    ("title", "kind"),
    [
        # a train's, a flight's number with its service word: the series' name, not the round
        ("【版杀7】K7次·第1天·青石站", ThreadKind.VOTE),
        ("[版杀7] CA1234班 第二日 塔台", ThreadKind.VOTE),
        ("[版杀7] Z19次 第三日", ThreadKind.DISCUSSION),
        # review 43 item 12: a dotted date, a bare code or digits name no round
        ("【版杀7】第1天 12.3", ThreadKind.DISCUSSION),
        ("【版杀7】G2 第二日", ThreadKind.DISCUSSION),
        ("[版杀7] 第三日 3.14", ThreadKind.DISCUSSION),
        ("[版杀7] 第二日 B7", ThreadKind.DISCUSSION),
        ("[版杀7] 第二日 1204", ThreadKind.DISCUSSION),
    ],
)
def test_a_series_name_is_a_code_with_its_service_word(title: str, kind: ThreadKind) -> None:
    info = classify(title, "killbar7", "[版杀7]")
    assert (info.kind, info.day is not None) == (kind, True), info.why


@pytest.mark.parametrize(
    ("title", "want"),
    [
        # set aside for the spectators' word alone, though it reads as a day's vote: flagged
        ("【M107】第3天 观众投票：最佳演绎评选", ("观众", "第3天")),
        ("【M107】第2天 旁听席投票", ("旁听", "第2天")),
        ("【M107】12月3日 观众投票：本场MVP", ("观众", "12月3日")),
        # a chat or recap word (also), no vote, no day, or no audience word: no flag
        ("【M107】第2天 观众投票 吐槽", None),
        ("【M107】第2天 投票复盘", None),
        ("【M107】第4天 投票树洞", None),
        ("【M107】观众投票（猜身份）", None),
        ("【M107】第2天 观众闲聊", None),
        ("【M107】第2天 投票", None),
    ],
)
def test_a_vote_set_aside_for_its_spectators_word_is_flagged(
    title: str, want: tuple[str, str] | None
) -> None:
    assert set_aside_vote(title, "m107", "M107") == want
