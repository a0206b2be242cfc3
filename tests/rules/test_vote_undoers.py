"""The words that undo a vote, in one public place (freevote.toml ``[undoers]``, read through
:func:`auditor.rules.freevote.undoer_words` / :func:`undoer_pattern`): the free reader uses them
itself, and every other reader of what a post commits its poster to can read the same words."""

from __future__ import annotations

import pytest

from auditor.rules.freevote import UNDOER_KINDS, undoer_pattern, undoer_words
from tests.rules.test_vote_sets import read_post


def test_every_kind_has_words() -> None:
    assert set(UNDOER_KINDS) == {
        "question",
        "supposition",
        "negation",
        "other_time",
        "addressee",
        "address",
        "slip",
    }
    for kind in UNDOER_KINDS:
        assert undoer_words(kind), kind


def test_an_unknown_kind_is_named() -> None:
    with pytest.raises(KeyError, match="question"):
        undoer_words("questions")


@pytest.mark.parametrize(
    ("kind", "text", "found"),
    [
        ("question", "今天投南瓜吗", True),
        ("question", "今天投南瓜", False),
        ("supposition", "倘若南瓜是好人", True),
        ("negation", "唔好投佢", True),
        ("other_time", "上一轮我投过南瓜", True),
        ("addressee", "谢谢法官", True),
        ("address", "辛苦了", True),
        ("slip", "投南瓜……啊不，收回", True),
    ],
)
def test_the_pattern_finds_its_words(kind: str, text: str, found: bool) -> None:
    assert (undoer_pattern(kind).search(text) is not None) is found


@pytest.mark.parametrize(
    ("text", "attempt"),
    [
        ("我投南瓜", True),
        ("我不投南瓜，再看看", False),  # negation
        ("唔好投南瓜啦", False),  # negation (Cantonese)
        ("我没有投南瓜", False),
        ("南瓜吧", True),
        ("倘若南瓜跳预言家，那就南瓜吧", False),  # supposition before the decision
    ],
)
def test_the_free_reader_is_undone_by_the_shared_words(text: str, attempt: bool) -> None:
    assert read_post("killbar7", "包子", text).attempt is attempt, text
