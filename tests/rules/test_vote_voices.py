"""Kinds of wording the vote reader missed on blind15 (session 38), each as a principle with
its own illustrations and the words that undo it (issue 37 item 1: one reader, both forms).

- Pinyin typed without an input method: the vote words (tou / gai tou / qi quan), the labels
  (tou piao dui xiang / li you) and a name's syllables, apart or not (dong gua), as the
  roster's pinyin has them.
- 投 as voice input or a slip writes it (头 / 偷), and a name heard the same that fits one
  player only, in the clause that votes.
- Game and gamer words for picking one off (点杀 / 点掉 / 带走 / 点你：X); not 集火, a call
  to the others.
- English: my vote is still X / still X (a vote said to stand is one), X and Y (two targets).
- A hedge before the name (投票对象暂定为X, 如无意外) and an announced vote (投票如下：X).
- A letter: its signature (a name alone after 此致⏎敬礼, or the writer's own name closing a
  letter that opens 诸位：) is the writer, not a vote; its postscript is read (附：…前票作废
  makes it a change).
- A couplet: the 横批 is what the writer concludes, the pair of lines plays on words.
- Advice to whoever votes (要投就投X), a request to everyone (vote X pls 大家), a
  classical supposition (倘若), the others as a group (诸君纷纷改投X), those who vote (投X者).

And kinds seen on blind14: forum jargon (踩X / 冲X) and the app's 出局：X, a choice's heading
(单选题：X / 我的选择没有变化：X / 选：X、Y, two), 重选：X→Y (a change), a vote declined by
a pronoun after it (…就是X了，不过我先不踩他), an example given to teach the form (比如改投X),
a vote with reading the thread put off (投X，晚点再看帖: the vote stands), a target pointed at
(投那个瓜 where two names hold 瓜): an attempt whose target is asked, never a name guessed.
"""

from __future__ import annotations

import pytest

from tests.rules.test_vote_sets import read_post


@pytest.mark.parametrize(
    ("preset", "text", "want"),
    [
        # pinyin
        ("killbar7", "zhe lun wo tou you tiao", ("油条", False, True)),
        ("killbar7", "shou ji mei zi, gai tou hun tun", ("馄饨", True, True)),
        ("killbar7", "tou piao: chun juan", ("春卷", False, True)),
        ("killbar7", "wo tou tudou ba", ("土豆", False, True)),
        ("m107", "tou piao dui xiang: you tiao\ntou piao li you: hua shui", ("油条", False, False)),
        (
            "m39",
            "gai piao dui xiang: chun juan\ngai piao li you: xiang cuo le",
            ("春卷", True, False),
        ),
        # 投 misheard or slipped, a name heard alike
        ("killbar7", "语音输入的，凑合看，头春卷", ("春卷", False, True)),
        (
            "killbar7",
            "这段话是念出来的，字可能不对，但意思到了：油条太可疑了。我偷油条一票",
            ("油条", False, True),
        ),
        (
            "killbar7",
            "我用的语音，错字别笑我。春卷那段话太绕了，我偷春绢一票",
            ("春卷", False, True),
        ),
        # game words
        ("killbar7", "春卷这把操作太秀，我点杀春卷", ("春卷", False, True)),
        ("killbar7", "不多说，直接带走油条", ("油条", False, True)),
        ("killbar7", "你点我？行，我也点你：馄饨", ("馄饨", False, True)),
        ("killbar7", "我直接点掉：土豆", ("土豆", False, True)),
        # English
        ("killbar7", "read everything again. my vote is still 油条", ("油条", False, True)),
        ("killbar7", "nothing new today. still 馄饨.", ("馄饨", False, True)),
        # hedged, announced
        ("killbar7", "不出意外的话，本轮投票对象暂定为春卷。", ("春卷", False, True)),
        ("killbar7", "想了一晚上，我的投票如下：土豆", ("土豆", False, True)),
        ("killbar7", "我上一轮改过票了，这一轮投票如下：土豆", ("土豆", False, True)),
        # a letter's postscript, a vote said to replace the one before
        (
            "killbar7",
            "列位：\n闲话少叙。\n此致\n敬礼\n包子\n又：这轮投春卷，前票作废。",
            ("春卷", True, True),
        ),
        ("killbar7", "投油条，之前的票不算", ("油条", True, True)),
        # a couplet's 横批
        (
            "killbar7",
            "上联：有人改票有人跑\n下联：有人发言有人逃\n横批：弃权算了",
            ("弃权", False, True),
        ),
        (
            "m107",
            "上联：投票对象：油条\n下联：投票理由：他话太多\n横批：交了",
            ("油条", False, True),
        ),
        # jargon, headings, choices
        ("killbar7", "踩春卷，他前后矛盾。", ("春卷", False, True)),
        ("killbar7", "那我冲馄饨", ("馄饨", False, True)),
        ("killbar7", "出局：油条", ("油条", False, True)),
        ("killbar7", "单选题：土豆", ("土豆", False, True)),
        ("killbar7", "我的选择没有变化：馄饨", ("馄饨", False, True)),
        ("killbar7", "选：油条、馄饨（都像）", ("?", False, False)),
        ("killbar7", "重选：春卷→油条", ("油条", True, True)),
        ("rabbit030", "选择：春卷\n理由：没发言", ("春卷", False, False)),
        ("killbar7", "在外面，先说一句我投馄饨，晚点再看帖", ("馄饨", False, True)),
    ],
)
def test_voice_reads_as_the_vote(
    preset: str, text: str, want: tuple[str, bool, bool] | None
) -> None:
    got = read_post(preset, "包子", text)
    assert got.attempt, text
    assert (got.target, bool(got.change), got.format_valid) == want, text


@pytest.mark.parametrize(
    ("preset", "text", "not_target"),
    [
        # pinyin, undone
        ("killbar7", "bie tou you tiao", "油条"),
        ("killbar7", "ru guo hun tun bu jie shi, wo jiu tou ta", "馄饨"),
        ("killbar7", "wo tou chun juan ma?", "春卷"),
        # 头 / 偷 undone, or not a vote
        ("killbar7", "别偷春卷一票", "春卷"),
        ("killbar7", "别投春卷一票", "春卷"),
        ("killbar7", "大家投油条一票", "油条"),
        ("killbar7", "头春卷？", "春卷"),
        ("killbar7", "偷春卷的是谁", "春卷"),
        (
            "killbar7",
            "我用的语音，错字别笑我。春卷那段话太绕了，如果他再绕，我就偷春绢一票",
            "春卷",
        ),
        # game words, undone or someone else's
        ("killbar7", "集火油条！一起上！", "油条"),
        ("killbar7", "别点杀油条，他是好人", "油条"),
        ("killbar7", "你们带走馄饨吧", "馄饨"),
        ("killbar7", "谁点杀了春卷？", "春卷"),
        ("killbar7", "如果春卷不解释，就带走春卷", "春卷"),
        ("killbar7", "杀手昨晚带走了土豆", "土豆"),
        ("killbar7", "中午点外卖：土豆丝", "土豆"),
        # English, someone else's or asked
        ("killbar7", "you said your vote is still 油条", "油条"),
        ("killbar7", "is your vote still 馄饨?", "馄饨"),
        ("killbar7", "vote 油条 pls 大家，跟上", "油条"),
        # a label in a sentence, someone else's or asked
        ("killbar7", "馄饨的投票对象是油条", "油条"),
        ("killbar7", "你的投票对象是春卷吗", "春卷"),
        ("killbar7", "如果春卷不说话，我的投票对象就是春卷", "春卷"),
        # a letter's signature
        ("killbar7", "列位：\n今日无事，看帖而已。\n此致\n敬礼\n包子", "包子"),
        ("killbar7", "诸君：\n再观察一天。\n包子", "包子"),
        # a couplet's pair of lines
        ("killbar7", "上联：投油条者皆好汉\n下联：投馄饨者亦英雄\n横批：我再想想", "油条"),
        ("killbar7", "上联：一票投春卷\n下联：两眼盯土豆\n横批：随缘吧", "春卷"),
        # advice, suppositions, the others
        ("killbar7", "我是好人。要投就投馄饨，他一句话没说。", "馄饨"),
        ("killbar7", "要改就改油条，别犹豫", "油条"),
        ("killbar7", "倘若我改投春卷，需要引用前帖吗？", "春卷"),
        ("killbar7", "诸君纷纷改投土豆，我看着就好。", "土豆"),
        ("killbar7", "众人齐投油条，好热闹", "油条"),
        # jargon undone, a vote declined, an example, a decision put off
        ("killbar7", "别踩春卷，他是好人", "春卷"),
        ("killbar7", "你们冲馄饨吧", "馄饨"),
        ("killbar7", "谁冲土豆？", "土豆"),
        ("killbar7", "最好推的就是馄饨了，不过我先不投他", "馄饨"),
        ("killbar7", "教一下新人：改票就写改投谁，比如改投油条。", "油条"),
        ("killbar7", "投土豆，晚点再决定", "土豆"),
    ],
)
def test_voice_that_undoes_it(preset: str, text: str, not_target: str) -> None:
    got = read_post(preset, "包子", text)
    assert not (got.attempt and got.target == not_target and got.format_valid), text


@pytest.mark.parametrize(
    "text",
    [
        "行，我投那个卷，就是发言最绕的那个",  # 那个卷: pointed at, not named
        "这轮投个圆吧",  # 个: a measure word, no name heard alike
    ],
)
def test_a_pointed_target_is_asked_never_guessed(text: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert got.target not in ("春卷", "汤圆") or not got.format_valid, text


def test_two_names_joined_in_english_name_no_one_target() -> None:
    got = read_post("killbar7", "包子", "vote 油条 and 馄饨, half each")
    assert got.attempt and got.target == "?" and not got.format_valid
