"""Kinds of wording the vote reader missed on blind21's even half (session 41), each as a
principle with its own illustrations and the words that undo it (issue 37 item 1).

- Internet spellings of 投 (火星文): letters of other scripts written for Latin ones by their
  look (τõμ, τομ) and pinyin with tone marks (tóu) are folded to the Latin letters once, before
  anything is read; the pinyin then reads as 投, joined to the characters it was written against
  (τõμ票对象 is the label, 改τõμ a change).  A name typed in pinyin after a 投 typed in characters
  (投 nan gua) is the name.  A label misspelt by sound (投票队象) is a label written nearly right.
- The poster's own turn said in the words of a trade or a game (这锅先炖X / 我这手落在X /
  这一票定格在X身上): 这 and a turn's measure word, said by the poster, a verb, one name closing
  the clause.  Not another's turn, a told one, a description, a question, a condition.
- Agreement refused (不赞成投X / 反对投X) negates the vote.
- A count in Chinese numerals (X五票，Y一票) is a count; after a count, the poster's own vote
  in the first person, in a last sentence of its own (…Z1。算了，我投Z), is his vote.
- A labelled vote shown as an example (示范 / 演示 / 例如 before it) or cited in quotation marks
  is no vote, unless the poster then says it is meant (正式投).
- 改投票对象：X — the change word joined to the vote's label — is a change (void where the
  format asks for 改票对象).
- The poster's own question of whom to vote answered at once (a verse's last line 投谁？X！).
- The vote handed to a name as a thing (给X端一份“投票”), and a decision pointing back to the
  name just put (X 就他).
"""

from __future__ import annotations

import pytest

from tests.rules.test_vote_sets import read_post


@pytest.mark.parametrize(
    ("preset", "text", "want"),
    [
        # look-alike letters and tone marks for 投
        ("killbar7", "虽然有点对不起 但我τõμ油条 orz", ("油条", False, True)),
        ("killbar7", "想了一晚上 τομ春卷", ("春卷", False, True)),
        ("killbar7", "tóu 馄饨", ("馄饨", False, True)),
        ("killbar7", "上一个不作数 我改τõμ油条", ("油条", True, True)),
        ("m39", "τõμ票对象：油条\nτõμ票理由：他好吵", ("油条", False, False)),
        ("rabbit030", "投票队象：油条\n投票理由：好吵", ("油条", False, False)),
        ("killbar7", "堵车中 投 you tiao", ("油条", False, True)),
        # a turn in a trade's or a game's words
        ("killbar7", "分析完了。⏎这一刀先砍油条。".replace("⏎", "\n"), ("油条", False, True)),
        ("killbar7", "我这一步走在馄饨", ("馄饨", False, True)),
        ("killbar7", "快门按下，这一票定在春卷身上。", ("春卷", False, True)),
        # the vote handed as a thing; the decision pointing back to the name just put
        ("killbar7", "来了来了，给油条端一份“投票”！", ("油条", False, True)),
        ("killbar7", "堵车 油条 就他", ("油条", False, True)),
        ("killbar7", "馄饨，就是她了！", ("馄饨", False, True)),
        # the poster's question of whom, answered at once
        ("killbar7", "长夜漫漫，\n刀光一闪。\n投谁？油条！", ("油条", False, True)),
        ("killbar7", "这票投谁呢？馄饨。", ("馄饨", False, True)),
        # a count, then the poster's own vote
        ("killbar7", "账本：油条四票，馄饨两票。想来想去，我投馄饨。", ("馄饨", False, True)),
        # a change with the vote's label
        ("killbar7", "改投票对象：馄饨\n改投票理由：更吵", ("馄饨", True, True)),
        (
            "m107",
            "[quote]包子 发表于 2026-12-1 10:00\n投票对象：油条\n投票理由：吵[/quote]\n"
            "改投票对象：馄饨\n改投票理由：更吵",
            ("馄饨", True, False),
        ),
        # an example shown, then the vote meant
        ("m107", "刚才是演示，下面正式投：\n投票对象：馄饨\n投票理由：划水", ("馄饨", False, True)),
    ],
)
def test_wording_reads_as_the_vote(preset: str, text: str, want: tuple[str, bool, bool]) -> None:
    got = read_post(preset, "包子", text)
    assert got.attempt, text
    assert (got.target, bool(got.change), got.format_valid) == want, text


@pytest.mark.parametrize(
    ("preset", "text"),
    [
        # the negative twins of a turn: another's, told, described, asked, supposed, negated
        ("killbar7", "他这一刀砍油条"),
        ("killbar7", "这一刀砍了油条"),
        ("killbar7", "这锅是油条的"),
        ("killbar7", "这一刀砍油条吗？"),
        ("killbar7", "要是这一刀砍油条，明天就没人了"),
        ("killbar7", "这一刀不砍油条"),
        ("killbar7", "这一票还在油条身上"),
        ("killbar7", "这票本来给油条"),
        ("killbar7", "别给油条上投票"),
        ("killbar7", "春卷给油条上了一道投票"),
        ("killbar7", "油条 就他话最多"),
        # agreement refused
        ("killbar7", "我不赞成投油条"),
        ("killbar7", "反对投油条，太早了"),
        # a count in Chinese numerals, and a first-person guess after a count
        ("killbar7", "账本：油条四票，馄饨一票，春卷一票。"),
        ("killbar7", "油条3，馄饨2。我猜春卷会投油条。"),
        # a label shown as an example, or cited in quotation marks
        ("m107", "新人看这里，示范一下：\n投票对象：馄饨\n投票理由：划水"),
        ("rabbit030", "给大家演示：投票对象:油条 投票理由:吵 就这么写"),
        ("rabbit030", "“投票对象:油条投票理由:吵”这样写一行也可以，规则允许。"),
        # a question of whom asked of others, or of the past
        ("killbar7", "你投谁？油条！"),
        ("killbar7", "昨天投谁？油条。"),
        ("killbar7", "投谁？油条还是馄饨？"),
    ],
)
def test_wording_is_no_vote(preset: str, text: str) -> None:
    assert not read_post(preset, "包子", text).attempt, text
