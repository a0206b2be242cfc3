"""Session 49 (issue 37; tuned on tests/votes/blind29's even half and the regression game
tests/games/votes_blind12/killbar7_free12): each class of sentence with its own illustrations in
other words (the roster of tests/votes), and the words that undo it.

- Spoken votes with no format (seed 002 4.1.2 说明2–4): 押 after the speaker's day or round
  (我今天押X); English's choice as the name and "for me" (still X for me), undone by English's
  condition (If …, X for me); after a count, the poster's own last clause and a short remark that
  names no one (…，我这轮还是X，没变); a name said alone with a particle and the poster's mind made
  up or changed (X吧，我改主意了 — in pinyin too: a post that types a name in pinyin types its
  particles so); a change of mind and then the name (我改主意，X) — in the same post after a vote
  for another, one ballot for the later name (说明4: a slip mended before it is sent is no change).
- A sentence said word by word, a stop after each word (我。跟。X。): one sentence.
- An arrow between two names (X→Y), its clause opening and closing on them: a change to Y — the
  body of a director's 代发改票 too; not listed under another player's name (豆浆：X→Y).
- A labelled vote taken back on a line that opens with a dash (——开玩笑。不算。): no vote.
- A ballot the poster types for someone of his (我想帮我室友投一票：…) or for another player: not his
  vote in any format (only the director's 代投 is another's vote: 000 9, 001, 004).
- Another's words reported in a storyteller's register (方才有人言道我投X…): not the poster's vote.
- A player's post naming the director as who posts his vote (导演代发投X): a request for 代投.
- After a vote, the poster saying he votes not for him (我不投他 / Wu 阿拉勿投伊), no other player named
  between: none.  (vote_eval) A change quoting the director's 代投 for the poster quotes his vote.
"""

from __future__ import annotations

import pytest

from tests.rules.test_vote_sets import read_post


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("我今天押汤圆。", "汤圆"),
        ("俺这回就押冬瓜", "冬瓜"),
        ("别投番茄，她昨晚一直在线。我这轮押土豆。", "土豆"),
        ("Still 南瓜 for me.", "南瓜"),
        ("冬瓜 for me again, sorry guys", "冬瓜"),
        ("第一轮番茄三票土豆两票，我这轮还是土豆，不改了", "土豆"),
        ("烧卖吧，我改主意了", "烧卖"),
        ("shaomai ba，我改主意了", "烧卖"),
        ("春卷，想好了。", "春卷"),
        ("投番茄。……不对，番茄那段话其实挺真诚，我改主意，馄饨。", "馄饨"),
        ("改主意了：土豆。", "土豆"),
    ],
)
def test_a_spoken_vote_is_read(text: str, want: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert got.attempt and got.target == want, (text, got)


def test_a_change_of_mind_in_the_same_post_is_no_change() -> None:
    got = read_post("killbar7", "包子", "投番茄。……不对，番茄那段话其实挺真诚，我改主意，馄饨。")
    assert got.target == "馄饨" and not got.change, got


@pytest.mark.parametrize(
    "text",
    [
        "我昨天押南瓜了",
        "今天别押南瓜",
        "你今天押南瓜吗",
        "他今天押南瓜",
        "If 冬瓜 flips, 南瓜 for me.",
        "If 冬瓜 flips, I'll go 南瓜.",
        "Is 南瓜 for me?",
        "南瓜 voted for me",
        "第一轮番茄三票土豆两票，我这轮还是土豆，番茄不像",
        "南瓜，你改主意了吗",
        "南瓜。他。不像。",
        "我。不。投。南瓜。",
    ],
)
def test_its_undoing_words_cast_none(text: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert not got.attempt or got.target not in ("南瓜", "土豆"), (text, got)


def test_a_sentence_said_word_by_word_is_one_sentence() -> None:
    got = read_post("killbar7", "包子", "我。跟。烧卖。")
    assert got.attempt and got.target == "?" and not got.format_valid, got  # 跟X: his vote followed
    got = read_post("killbar7", "包子", "好。我。投。春卷！")
    assert got.attempt and got.target == "春卷", got


def test_an_arrow_between_two_names_is_a_change() -> None:
    got = read_post("killbar7", "包子", "番茄→土豆")
    assert got.attempt and got.target == "土豆" and got.change, got
    got = read_post("rabbit030", "导演", "代发改票（春卷私信）：番茄→土豆。")
    assert got.attempt and got.proxy_for == "春卷" and got.target == "土豆" and got.change, got
    for text in ("馄饨：番茄→土豆", "馄饨 番茄→土豆", "昨天番茄→土豆，今天呢", "番茄→土豆？"):
        got = read_post("killbar7", "包子", text)
        assert not got.attempt, (text, got)


@pytest.mark.parametrize("preset", ["m39", "m107", "rabbit030"])
def test_a_labelled_vote_taken_back_after_a_dash_is_none(preset: str) -> None:
    got = read_post(preset, "包子", "改票对象：土豆\n改票理由：太安静\n——开玩笑的。不算。")
    assert not got.attempt, got
    got = read_post(preset, "包子", "投票对象：土豆\n投票理由：太安静\n……算了，不投了")
    assert not got.attempt, got
    # a joke then confirmed: the vote stands
    got = read_post(
        preset, "包子", "投票对象：土豆\n投票理由：爱说笑\n——开玩笑的，主要是他发言太飘"
    )
    assert got.attempt and got.target == "土豆", got


@pytest.mark.parametrize(
    ("preset", "text"),
    [
        ("m39", "我想帮我表妹投一票：投票对象：番茄\n投票理由：表妹说的"),
        ("m107", "替我同事投一票：投票对象：春卷\n投票理由：他让的"),
        ("m107", "帮馄饨登记个投票：投票对象：春卷\n投票理由：他电话里说的"),
        ("killbar7", "我替我老婆投一票：南瓜"),
    ],
)
def test_a_ballot_typed_for_someone_else_is_not_the_posters(preset: str, text: str) -> None:
    got = read_post(preset, "包子", text)
    assert not got.attempt, (preset, text, got)


def test_the_holders_typist_types_the_holders_vote() -> None:
    got = read_post("m39", "土豆", "我是土豆的外孙，帮我外婆打：投票对象：番茄\n投票理由：外婆说的")
    assert got.attempt and got.target == "番茄", got


@pytest.mark.parametrize(
    "text",
    [
        "方才有人言道俺投冬瓜乃是随大流——非也非也！",
        "有人称我投冬瓜是跟风，笑话",
        "别人讲我投冬瓜是抱团，随便你们",
    ],
)
def test_anothers_words_reported_are_no_vote(text: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert not got.attempt, (text, got)


@pytest.mark.parametrize(
    "text", ["那就这样吧：导演代发投冬瓜。", "法官帮我代投土豆，我手机要没电了"]
)
def test_a_player_naming_the_director_as_who_posts_asks(text: str) -> None:
    got = read_post("rabbit030", "包子", text)  # the director's 代投 post is the vote (M107 9)
    assert not got.attempt, (text, got)


@pytest.mark.parametrize(
    "text",
    [
        "投票对象：馄饨\n投票理由：打错了，我不投他。",
        "投票对象：馄饨？\n投票理由：勿是，写错了，阿拉勿投伊",
    ],
)
def test_a_vote_whose_one_named_he_says_he_votes_not_is_none(text: str) -> None:
    got = read_post("m39", "包子", text)
    assert not got.attempt, (text, got)


def test_he_votes_not_for_another_named_in_between() -> None:
    got = read_post("m39", "包子", "投票对象：馄饨\n投票理由：春卷太吵，我不投他，馄饨更怪")
    assert got.attempt and got.target == "馄饨", got


_QUOTED_PROXY = (
    "[quote][size=2][url=forum.php?mod=redirect&goto=findpost&pid=5501&ptid=55]"
    "[color=#999999]导演 发表于 2026-12-06 20:00[/color][/url][/size]\n代投 包子\n"
    "投票对象：春卷\n投票理由：他私信说的[/quote]\n改票对象：土豆\n改票理由：回来了，自己改"
)


def test_a_change_quoting_the_directors_proxy_for_him_quotes_his_vote() -> None:
    got = read_post("m107", "包子", _QUOTED_PROXY)  # the judge: his ballot, posted by the director
    assert got.attempt and got.change and got.format_valid, got
    got = read_post("m107", "馄饨", _QUOTED_PROXY)  # another's 代投 quoted: no vote of his
    assert got.attempt and got.change and not got.format_valid, got
