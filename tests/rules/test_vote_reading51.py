"""Session 51 (issue 37; tuned on tests/votes/blind31's even half, the older sets and the
regression games votes_blind14/killbar7_free14, m107_votes14, votes_blind13/killbar7_free13):
general distinctions the reader lacked, each with illustrations in other words (the roster of
tests/votes) and the words that undo it.

- The poster's ballot as the topic after any own word of him (主播这一票——X / 本官这一票，判给X),
  not another's (他 / 别人这一票); the ballot sent by an arrow (支：辩论票一张→X), not a count's
  change (冬瓜4票→南瓜).
- A follow (跟楼上 / 同上) as the post's last clause after its own preface.
- An abstention after an adverb of habit (X吧，天天弃票) describes the one named; one after an
  adverb of the moment (想不通。先弃) is cast.
- The poster's act of choosing one as a heading (先试探一个：X。); a round's heading with a word of
  his before its colon (辩论轮用药：X。).
- After a slip caught (等等不对，收回), the name meant opening a later sentence as a decision.
- A thing of the poster's given to a name that ends the sentence (小红花今天给X。).
- A post pointed at as the target (就楼上那个吧 / 我投二楼): an attempt whose target the post does
  not name.  (The vote's own label opening a line whatever follows it, 投票：あの人, was read so in
  s51-votes and reverted by the lead: a game's own abstention word, 投票：交白卷 where the rules
  post says 交白卷（弃权）, became a void ballot the tally then counted for a player —
  tests/games/discovery/killbar7_exam; see test_a_declared_abstention_is_no_ballot_for_a_player.)
- A ballot relayed as another player's words (帮X讲一声：) is not the poster's; a labelled block
  called a sample or practice after it (——格式我先抄一遍练习) is shown, not cast.
- The director's 代投 recorded as 弃权 by the rule (…按规则视为弃权) asks no 投票理由 (000 9).
- The measure (scripts/vote_eval.py): a re-post quoting the poster's own vote that was void as
  the quote shows it — a target that is no player, a missing reason — is a fresh vote, not a
  change, as the judge has it (001 004 投票格式或投票对象有误的票无效。无效票须通过重新发帖来更正).
"""

from __future__ import annotations

import pytest

from tests.rules.test_vote_sets import read_post

QUOTE = (
    "[quote][size=2][url=forum.php?mod=redirect&goto=findpost&pid=7001&ptid=70]"
    "[color=#999999]{who} 发表于 2026-12-07 20:10[/color][/url][/size]\n{body}[/quote]\n{text}"
)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("好了，播完了，主播这一票——油条！", "油条"),
        ("（拍案）本官这一票，判给烧卖！", "烧卖"),
        ("收工。——这一票留给馄饨。", "馄饨"),
        ("【流水】⏎支：试探票一张→春卷⏎余：0", "春卷"),
        ("开会开到一半，先看一眼，跟楼上。", "?"),
        ("会散了。同上。", "?"),
        ("如果包子是杀手，他昨天为什么要跳？算了。先弃", "弃权"),
        ("油条吧，天天弃票的人最可疑", "油条"),
        ("第一轮先摸一个：烧卖。他话最少", "烧卖"),
        ("对决轮出手：馄饨。", "馄饨"),
        ("投春卷……等等不对，收回，春卷那句是玩笑。汤圆吧，他躲得最好", "汤圆"),
        ("奖状今天发给豆浆。", "豆浆"),
        ("就楼上那个吧，懒得想了", "?"),
        ("我投三楼", "?"),
    ],
)
def test_a_vote_is_read(text: str, want: str) -> None:
    got = read_post("killbar7", "包子", text.replace("⏎", "\n"))
    assert got.attempt and got.target == want, (text, got)


@pytest.mark.parametrize(
    "text",
    [
        "他这一票给油条",
        "别人这一票——油条",
        "票数：冬瓜4票→南瓜",
        "你别乱说，不跟楼上",
        "楼上说得对吗？跟楼上？",
        "天天弃票",
        "如果先试探一个：烧卖。",
        "问一个：烧卖，你昨晚在干嘛",
        "昨天奖状发给豆浆。",
        "如果奖状给豆浆。",
        "别投楼上那个",
        "投票：待定",
        "投票：还没想好",
        "辩论轮他投：番茄",
    ],
)
def test_its_undoing_words_cast_none(text: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert not got.attempt, (text, got)


@pytest.mark.parametrize("preset", ["m39", "m107", "rabbit030"])
@pytest.mark.parametrize(
    "text",
    [
        "我帮汤圆说一声：⏎投票对象：冬瓜⏎投票理由：汤圆让我转的",
        "投票对象：饺子⏎投票理由：无⏎——照着导演的范例抄的，等下再正式投",
        "投票对象：某某⏎投票理由：××（模板，给新人看）",
    ],
)
def test_a_ballot_relayed_or_shown_is_not_cast(preset: str, text: str) -> None:
    got = read_post(preset, "包子", text.replace("⏎", "\n"))
    assert not got.attempt, (text, got)


@pytest.mark.parametrize("preset", ["m39", "m107", "rabbit030"])
def test_a_sample_word_in_the_ballots_own_reason_keeps_it(preset: str) -> None:
    got = read_post(preset, "包子", "投票对象：冬瓜\n投票理由：他一直在示范错误的逻辑")
    assert got.attempt and got.target == "冬瓜" and got.format_valid, got


def test_the_directors_proxy_abstention_by_the_rule_asks_no_reason() -> None:
    text = (
        "【代投】春卷委托导演代投\n春卷原话：“如果番茄票多就跟番茄，不然就冬瓜”。"
        "代投不能带条件，按规则视为弃权。\n投票对象：弃权"
    )
    got = read_post("m107", "导演", text)
    assert got.attempt and got.proxy_for == "春卷" and got.target == "弃权" and got.format_valid
    got = read_post("m107", "导演", "代投：春卷\n投票对象：弃权")
    # a 代投 of the player's own abstention keeps its reason
    assert got.attempt and not got.format_valid, got


@pytest.mark.parametrize("preset", ["m39", "m107", "rabbit030"])
@pytest.mark.parametrize(
    "body",
    [
        "投票对象：他\n投票理由：他自己心里清楚。",  # a target that is no player
        "投票对象：冬爪\n投票理由：昨天说漏嘴了",  # a name no player's (the reader may suggest one)
        "投票对象：冬瓜",  # the reason missing
    ],
)
def test_a_repost_quoting_ones_own_void_vote_is_a_fresh_vote(preset: str, body: str) -> None:
    text = QUOTE.format(
        who="包子", body=body, text="投票对象：冬瓜\n投票理由：重新发一遍，格式写全"
    )
    got = read_post(preset, "包子", text)
    assert got.attempt and got.target == "冬瓜" and not got.change and got.format_valid, got


@pytest.mark.parametrize("preset", ["m39", "m107", "rabbit030"])
def test_a_repost_quoting_ones_own_standing_vote_is_a_change(preset: str) -> None:
    body = "投票对象：南瓜\n投票理由：他带节奏"
    text = QUOTE.format(who="包子", body=body, text="投票对象：冬瓜\n投票理由：想了想还是冬瓜")
    got = read_post(preset, "包子", text)
    assert got.attempt and got.change and not got.format_valid, got  # a change needs 改票 labels


def test_a_declared_abstention_is_no_ballot_for_a_player() -> None:
    # killbar7_exam's rules post: 交白卷（弃权）也算交卷 — the post is no vote for anyone
    got = read_post("killbar7", "蜗牛", "投票：交白卷\n两个都不像")
    assert got.target in (None, "弃权"), got
