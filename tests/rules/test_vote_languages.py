"""Kinds of wording the vote reader missed on blind19's even half (session 40), each a
principle with its own illustrations and the words that undo it.

- A vote verb of another language mixed into a Chinese post (Malaysian and Singaporean
  players write the Malay 'undi', to vote): read as 投 — 改 undi X is a change, undi对象：X
  the label misspelt (void where the format is prescribed) — with that language's undoers
  (jangan = 别, tak / tidak = 不, siapa = 谁, kalau = 如果) and the Chinese ones.
"""

from __future__ import annotations

import pytest

from tests.rules.test_vote_sets import read_post


@pytest.mark.parametrize(
    ("preset", "text", "want"),
    [
        ("killbar7", "ok 我 undi 油条 lah, 他整天划水 one", ("油条", False, True)),
        ("killbar7", "今天 undi 春卷，昨天他太安静了", ("春卷", False, True)),
        ("killbar7", "好啦好啦 改 undi 汤圆 lah", ("汤圆", True, True)),
        # at a sentence's start, capitalised (round 3's review)
        ("killbar7", "Undi 春卷. 他昨天太安静了", ("春卷", False, True)),
        # with 改 before its label: the label kept (改undi对象 → 改投票对象), read as the
        # Chinese form is (no longer 改投：豆浆)
        (
            "killbar7",
            "改undi对象：豆浆⏎undi理由：他 claim 得太快".replace("⏎", "\n"),
            ("豆浆", False, True),
        ),
        (
            "killbar7",
            "undi对象：豆浆⏎undi理由：他 claim 得太快".replace("⏎", "\n"),
            ("豆浆", False, True),
        ),
        # labelled presets: the label misspelt, an attempt, void
        (
            "m107",
            "undi对象：豆浆⏎undi理由：他 claim 得太快".replace("⏎", "\n"),
            ("豆浆", False, False),
        ),
    ],
)
def test_a_vote_verb_of_another_language_is_read(
    preset: str, text: str, want: tuple[str, bool, bool]
) -> None:
    got = read_post(preset, "包子", text)
    assert got.attempt, text
    assert (got.target, got.change, got.format_valid) == want, text


@pytest.mark.parametrize(
    "text",
    [
        "jangan undi 油条 lah, 他是好人",
        "我 tak undi 春卷",
        "大家都 undi 汤圆 ah?",
        "undi siapa ah? 我还在想",
        "kalau 豆浆 不解释，我就 undi 他",
        "昨天我 undi 了烧卖",
        "undi 油条 吗？",
    ],
)
def test_its_undoers_undo_it(text: str) -> None:
    got = read_post("killbar7", "包子", text)
    assert not (got.attempt and got.format_valid), text
