"""A word of the game's own vocabulary (加速日, 讨论日, 投票日, 第二日, 警长:
``lexicons/_game.txt``): a match inside one is that word, not the phrase."""

from __future__ import annotations

import re
from functools import lru_cache

from auditor.rules.phrasematch import PhraseMatch


@lru_cache(maxsize=4)
def game_word_re(words: tuple[str, ...]) -> re.Pattern[str] | None:
    if not words:
        return None
    return re.compile("|".join(map(re.escape, sorted(words, key=len, reverse=True))))


def inside_game_word(text: str, m: PhraseMatch, words: tuple[str, ...]) -> bool:
    """Does the match lie inside a longer word of the game's own (加速日, 讨论日, 投票日,
    第二日, 警长: ``_game.txt``)?  It is that word, not the phrase."""
    rx = game_word_re(words)
    if rx is None:
        return False
    lo, hi = max(0, m.start - 8), min(len(text), m.end + 8)
    return any(
        w.start() <= m.start and m.end <= w.end() and w.end() - w.start() > m.end - m.start
        for w in rx.finditer(text, lo, hi)
    )
