"""A story's deaths in a director's own words (issue 34; fh42 item 2): a force of the story
that takes the player away (被…带走 / 卷走 / 吞没), and "no longer" with an act of living
(没有再醒来, 再没出现, 没再回来) — each a death whose how the post's layout or time tells.
With their twins: a sleeper who did not wake in a tale (no 再), a near miss, a supposition,
a question, a negation, a rule stated in general.  A count told one player a line is the
day's count; the voters in its bracket are no events; a sentence that sets the night's
scene is read with the deaths the next sentence tells.  Sentences written for these tests
with this file's own cast."""

from __future__ import annotations

import pytest

from auditor.game.announce import Patterns
from tests.announced import E, S, shown

PLAYERS = ["海鸥", "灯塔", "渔网", "船长", "贝壳", "礁石", "浪花", "帆布"]


def _read(text: str) -> tuple[list[tuple[object, ...]], list[str]]:
    found, unplaced = Patterns(PLAYERS).read(text)
    return [shown(a) for a in found], unplaced


READ = [
    # a force takes the player away
    ("昨夜风很急，海鸥 被浪头卷走了。", [(E, "海鸥", "night")]),
    ("天亮了，渔网 被大雾吞没了。", [(E, "渔网", None)]),
    # "no longer" with an act of living: 再 says never again
    ("昨夜，灯塔 再也没有回来。", [(E, "灯塔", "night")]),
    ("昨夜过后，船长、贝壳 都没有再醒来。", [(E, "船长", "night"), (E, "贝壳", "night")]),
    ("今天早上 礁石 没再出现。", [(E, "礁石", None)]),
]


@pytest.mark.parametrize(("text", "want"), READ)
def test_a_story_death_in_the_directors_words(text: str, want: list[tuple[object, ...]]) -> None:
    found, unplaced = _read(text)
    assert found == want
    assert unplaced == []


TWINS = [
    "昨夜 海鸥 差点被浪头卷走，幸好抓住了桅杆。",  # a near miss
    "如果 灯塔 没有再醒来，大家就知道女巫没救。",  # a supposition
    "船长 没有再醒来吗？",  # a question
    "昨夜 贝壳 没有被大雾吞没。",  # a negation
    "规则：被潮水带走的人不能留遗言。",  # a rule stated in general
]


@pytest.mark.parametrize("text", TWINS)
def test_its_twins_tell_no_death(text: str) -> None:
    assert _read(text)[0] == []


def test_a_sleeper_in_a_tale_is_no_death_yet_never_silent() -> None:
    """没有醒来 without 再 is a sleeper's: no death read, and the line naming a player is
    listed for the director (never silent)."""
    found, unplaced = _read("故事里，浪花 睡得很沉，没有醒来。")
    assert found == []
    assert unplaced


def test_the_count_a_line_each_then_the_force_is_the_vote() -> None:
    """北风 5 票（…）/ 青柠 3 票（…） a line each is the day's count; the top taken away
    by the story's force is voted out; the voters in the bracket are no events."""
    text = (
        "【收帖 · 第三日】\n"
        "帆布 4 票（船长×2 警长、海鸥、灯塔）\n"
        "礁石 2 票（帆布、浪花）\n"
        "帆布 被潮水带走了。请到遗言墙留言。"
    )
    assert _read(text) == ([(E, "帆布", "vote")], [])


def test_a_nights_scene_is_read_with_the_deaths_after_it() -> None:
    found, unplaced = _read("昨夜雾很浓。天亮时，船长、贝壳 都没有再醒来。\n警长：海鸥")
    assert found[:2] == [(E, "船长", "night"), (E, "贝壳", "night")]
    assert (S, "海鸥", "elected") in found
    assert unplaced == []
    # the scene alone, with no death after it, stays listed (never silent)
    assert _read("昨夜雾很浓。今天 灯塔 说了很多话。")[1]


# the kinds that blocked the scored 版杀 games (discovery_blind7), in this file's own words
JOURNEY = [
    # failed to go on with the journey: the venue's leaving (the count before it decides how)
    ("计票：海鸥 3 票，灯塔 1 票。\n海鸥 没能登船。", [(E, "海鸥", "vote")]),
    ("昨夜风暴，渔网 没赶上末班船。", [(E, "渔网", "night")]),
]


@pytest.mark.parametrize(("text", "want"), JOURNEY)
def test_failing_to_go_on_with_the_journey_is_leaving(
    text: str, want: list[tuple[object, ...]]
) -> None:
    assert _read(text)[0] == want


@pytest.mark.parametrize(
    "text",
    [
        "昨夜 船长 差点没能登船。",  # a near miss
        "如果 贝壳 没能登船，船就开走了。",  # a supposition
        "礁石 没能登船吗？",  # a question
        "没能登船的人不能再发言。",  # a rule stated in general
    ],
)
def test_failing_to_board_twins_tell_no_death(text: str) -> None:
    assert _read(text)[0] == []


@pytest.mark.parametrize(
    "text",
    [
        "对决：海鸥、灯塔，票多的出局，再平都不出局。",
        "明日对决：船长、贝壳，得票最高的淘汰。",
    ],
)
def test_a_rule_whose_subject_is_a_description_is_no_death(text: str) -> None:
    """票多的出局: whoever it will be — the names are the round's candidates, no one is out."""
    assert _read(text)[0] == []


def test_a_description_with_a_name_is_still_read() -> None:
    assert _read("票多的 海鸥 出局。")[0] == [(E, "海鸥", "vote")]


def test_a_reading_said_wrong_in_classical_words_is_taken_back() -> None:
    """前帖书 X 被逐，误矣: the earlier reading is wrong — never X voted out; what replaces it
    is read or listed, never silent."""
    found, unplaced = _read("更正：前帖书 帆布 被逐，误矣，当作 礁石——礁石 得票最多，帆布 无恙。")
    assert (E, "帆布", "vote") not in found
    assert found or unplaced
