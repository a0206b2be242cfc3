"""The free-format vote reader's word lists (``freevote.toml``), loaded once.

They hold the one home of the words that undo a vote said near them (``[undoers]`` and
``address_words``: a question, a supposition, a negation, another time, an addressee, an
address), read by every reader of what a post commits its poster to — the one-post reader
(:mod:`auditor.rules.freevote`), the vote book's doubts and declarations (through
:func:`auditor.rules.votebook.model.undo_words`).  A small words module, so that the vote
book's data module imports no reader (review43 B2); the reader's regular expressions stay in
the reader.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType

WORDS_FILE = Path(__file__).with_name("freevote.toml")
_TABLES = tomllib.loads(WORDS_FILE.read_text(encoding="utf-8"))
#: The file's word lists, as read (the reader takes its own lists from here too).
WORDS: Mapping[str, list[str]] = MappingProxyType(
    {key: words for key, words in _TABLES.items() if isinstance(words, list)}
)
_UNDOERS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        **{kind: tuple(words) for kind, words in _TABLES["undoers"].items()},
        "address": tuple(WORDS["address_words"]),
    }
)
#: The kinds of :func:`undoer_words` (freevote.toml ``[undoers]`` and ``address_words``).
UNDOER_KINDS = tuple(_UNDOERS)


def undoer_words(kind: str) -> tuple[str, ...]:
    """The words of one kind that undo a vote said near them — ``question``, ``supposition``,
    ``negation``, ``other_time``, ``addressee`` or ``address`` (freevote.toml): the one
    public source for every reader of what a post commits its poster to.  An unknown kind
    raises KeyError naming the known ones."""
    if kind not in _UNDOERS:
        raise KeyError(f"{kind!r}: not one of {', '.join(UNDOER_KINDS)}")
    return _UNDOERS[kind]


def address_words() -> tuple[str, ...]:
    """The words said TO a player (freevote.toml ``address_words``: a greeting, thanks, an
    apology, an acknowledgement, agreement, a cheer or praise — 早上好，油条 / 油条，说得对): a
    name in their sentence is whom the post speaks to, not a vote.  The public loader for every
    reader of a post's address (the same as ``undoer_words("address")``), so none reads the
    toml itself."""
    return undoer_words("address")


def alternation(words: Iterable[str]) -> str:
    """``words`` as one regular-expression alternation, the longest first."""
    return "|".join(re.escape(w) for w in sorted(set(words), key=lambda w: (-len(w), w)))


@cache
def undoer_pattern(kind: str) -> re.Pattern[str]:
    """:func:`undoer_words` of ``kind`` as one pattern (any of them, case folded)."""
    return re.compile(alternation(undoer_words(kind)), re.IGNORECASE)
