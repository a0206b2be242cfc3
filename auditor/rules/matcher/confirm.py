"""Step 4 of the matcher, **confirm**: the checks a candidate of the prefilter must
pass before it is charged, those that need no :class:`~auditor.rules.matcher.core.Matcher`
state: the readings of a clause (pypinyin, phrase-aware: :func:`_clause_pinyin`, and the
phrases that read a character otherwise: :func:`_reading_traps`), clause and ASCII word
bounds, a one-character term standing alone (:func:`_standalone`: 草，… but not 吃草了),
counts and dates (发4帖 is a count, not 发誓), jieba with the lexicon as user words
(:func:`_jieba_for`, its state stored on disk) for word boundaries (操作, 逼近 are not
insults), and which of overlapping matches is kept (:func:`_resolve`).

M107 判罚依据 names what may be charged ("音近、形近 …"); DESIGN.md §8 what may not
(草原 is not 草, 出生 is not 畜生): precision first, an ordinary word never draws a card.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import Any

from auditor import __version__
from auditor.files import cache_dir
from auditor.rules.matcher.disk import _import_jieba, _installed, _prune
from auditor.rules.matcher.normalise import _ASCII_ALNUM, _ASCII_WORD, _MEASURE
from auditor.rules.matcher.pinyin import _pinyin_table
from auditor.rules.phrasematch import PhraseMatch
from auditor.rules.said.text import is_cjk as _is_cjk
from auditor.store.wordfreq import WordFreqFile


def _inside_ascii_or_a_count(norm: str, s: int, t: int) -> bool:
    """Is the pinyin candidate ``norm[s:t]`` part of a longer ASCII word (pinyin must be
    whole ASCII words) or a number with a unit (发4帖 is a count, not 发誓)?"""
    piece = norm[s:t]
    if piece[0] in _ASCII_ALNUM and s > 0 and norm[s - 1] in _ASCII_ALNUM:
        return True
    if piece[-1] in _ASCII_ALNUM and t < len(norm) and norm[t] in _ASCII_ALNUM:
        return True
    return not piece.isalpha() and any(
        c.isdigit() and k + 1 < len(norm) and norm[k + 1] in _MEASURE
        for k, c in enumerate(piece, s)
    )


# Under ``@near long`` a near sound of a spelling shorter than this is no match when it
# holds a pronoun, a particle or a word of the game (:data:`_NEAR_SHORT_STOP`): a
# two-character word with one sound changed is then usually a word of its own (你是 is not
# 立誓, 狼人 not 烂人, 延时 not 淹死, 祝你 not 助理, 我查 not 我擦, 玩吧 not 王八).
NEAR_LONG_CHARS = 3
# (咋 怎: question words, 咋整 is no 杂种)
_NEAR_SHORT_STOP = frozenset("你我他她它们是的了吧吗呢啊呀在有和就都也还时人狼查验票刀投玩咋怎")

# How far from a heard trigger word the words its pattern also requires are looked for.
_REACH = 40
# Numerals read as numbers (上八 is no 上把); 四 is left out: 发四, 去四 are the classic cloaks.
_NUMERALS = frozenset("零一二三五六七八九十两百千万")
# Suffixes bound to the word before them (:meth:`Matcher._grammar_dismissed`).
_BOUND_SUFFIXES = frozenset("里着")

# A number written out in characters (七十, 二十四, 三百): its digits, which a sound-alike
# may change (see _counted), and its places beside them (万八 of 王八 is no number).
_COUNT_DIGITS = frozenset("零一二两三四五六七八九十")
_COUNT_CHARS = _COUNT_DIGITS | frozenset("百千万")
# A trigger word with a character this frequent (看, 就, 是) is plain talk as written.
_PLAIN = 40_000
# A character this frequent (jieba's count: 来, 会, 说) is a word of its own, never the
# sound-alike that cloaks a sentence pattern's character.
_EVERYDAY = 90_000
# A near sound by the medial pair (f heard as hu) only from a character rarer than this
# (灰 2,873, 花 12,710 in jieba's counts): 回 23,572, 话 34,240 are words of their own.
_GLIDE_WRITTEN = 20_000

# What :meth:`Matcher._pinyin_verdict` says of a candidate.
_REJECTED, _CONFIRMED, _IF_CLAUSE = 0, 1, 2
# How far from a candidate the verdict reads the normalised text: jieba's window
# (:meth:`Matcher.boundaries`: 8), the readings' clause (4), an exception's length.
_CONTEXT = 8


@lru_cache(maxsize=1)
def _reading_traps() -> dict[str, tuple[str, ...]]:
    """Character → the phrases of pypinyin's phrase dictionary that read it otherwise than
    its first reading (:func:`_pinyin_table`), as pypinyin's own toneless style renders
    them: 畜 → 畜产, 畜养 … (chù, not xù).  Outside those phrases pypinyin reads a character
    by its first reading, whatever its neighbours (a segment that is no dictionary phrase is
    read character by character).  A character whose first reading the table does not
    render as pypinyin does maps to ``("",)``: it is in every clause."""
    from pypinyin import Style
    from pypinyin.constants import PHRASES_DICT as phrases_dict
    from pypinyin.constants import PINYIN_DICT as pinyin_dict
    from pypinyin.style import convert

    table = _pinyin_table()
    toneless: dict[tuple[str, str], str] = {}

    def read(reading: str, han: str) -> str:
        got = toneless.get((reading, han))
        if got is None:
            got = toneless[reading, han] = convert(reading, Style.NORMAL, True, han=han)
        return got

    traps: dict[str, set[str]] = {}
    for cp, readings in pinyin_dict.items():
        if cp in table and read(readings.split(",", 1)[0], chr(cp)) != table[cp]:
            traps[chr(cp)] = {""}
    for phrase, said in phrases_dict.items():
        if len(said) != len(phrase):  # (read some other way: never from the table)
            for c in phrase:
                traps.setdefault(c, set()).add(phrase)
            continue
        for c, r in zip(phrase, said, strict=True):
            mine = table.get(ord(c))
            if mine is not None and read(r[0], c) != mine:
                traps.setdefault(c, set()).add(phrase)
    return {c: tuple(sorted(v, key=len)) for c, v in traps.items()}


@lru_cache(maxsize=65536)
def _clause_pinyin(clause: str) -> list[str]:
    """pypinyin on a short clause (phrase-aware), memoised: posts repeat phrases."""
    from pypinyin import lazy_pinyin

    return lazy_pinyin(clause)


_CLAUSE_PUNCT = set("，,。.！!？?；;：:、…—～~）)」』”’\"'（(「『“‘")
_CLAUSE_ENDS = frozenset("，,。！!？?；;")  # (what ends a clause, not a cloak's noise: 卧.槽)


def _torn(beyond: str) -> bool:
    """Does an exception's part ``beyond`` the match (read away from it) cross a clause end
    to take one character only: a two-character word torn apart (逼，票)?"""
    cut = next((k for k, c in enumerate(beyond) if c in _CLAUSE_ENDS), -1)
    return cut >= 0 and sum(map(_is_cjk, beyond[cut + 1 :])) == 1


def _clause_break(text: str, i: int, step: int) -> bool:
    """Is there clause punctuation at text[i] (skipping spaces in the direction ``step``)?"""
    while 0 <= i < len(text) and text[i].isspace():
        i += step
    return 0 <= i < len(text) and text[i] in _CLAUSE_PUNCT


def _ascii_bounded(norm: str, s: int, t: int) -> bool:
    """An ASCII key must not sit inside a longer ASCII word (wc, not awcx), unless that word
    is the key said again and again (mvpmvpmvp, sbsbsb: the 叠字 of letters)."""
    if not (
        (s > 0 and _ASCII_WORD.match(norm[s - 1])) or (t < len(norm) and _ASCII_WORD.match(norm[t]))
    ):
        return True
    a, b = s, t
    while a > 0 and norm[a - 1] in _ASCII_ALNUM:
        a -= 1
    while b < len(norm) and norm[b] in _ASCII_ALNUM:
        b += 1
    key, run = norm[s:t], norm[a:b]
    return len(key) >= 2 and (s - a) % len(key) == 0 and run == key * (len(run) // len(key))


# A numeral or date word right before 日 makes it a day (三日, 那日, 周日, 次日), never
# an exclamation.
_DATE_BEFORE = frozenset("一二三四五六七八九十百千两几某每次当前后本这那该半整昨今明周礼星隔翌首")
_CLASSIFIERS = frozenset("头个只条匹坨货")
# Words after which a one-character term is still said on its own (赶紧滚, 你们滚, 真是猪):
# the adverbs, pronouns and interjections that lead into an exclamation or a call
# (lexicons/context/words.txt @set LEAD_INS, read on first use).


# One-character insulting adjectives (贱, 蠢) and the degree adverbs that make them a taunt
# when they close a clause (这么贱, 真够贱的, 太蠢了), and the particles allowed after them.
_INSULT_ADJECTIVES = frozenset("贱蠢傻笨骚渣")
# (the degree adverbs: lexicons/context/words.txt @set DEGREE_WORDS)
_ADJECTIVE_TAIL = frozenset("的了啊呀吧")
# One-character exclamations (操, and 草 for it) and the particles that close them (草了).
_EXCLAIMS = frozenset("操草艹肏淦靠")
_EXCLAIM_TAIL = frozenset("了啊呀")


def _standalone(text: str, start: int, end: int) -> bool:
    """A one-character term stands alone unless CJK characters sit on both sides, or a number
    comes right before it (第2日, 3日: a date or a count, not an exclamation)."""
    before = text[start - 1] if start > 0 else ""
    after = text[end] if end < len(text) else ""
    if before.isdigit():
        return False
    return not (before and _is_cjk(before) and after and _is_cjk(after))


def _rank(m: PhraseMatch) -> int:
    """Prefer the plainest explanation of one span: text, then 音近, then 近音, then a
    look-alike swapped in (:meth:`Matcher._add_shapes`: its form is the text as written)."""
    if "形近" in m.how and m.form == m.text:
        return 3
    return 2 if "近音" in m.how else 1 if "音近" in m.how else 0


def _resolve(found: list[tuple[PhraseMatch, bool]]) -> list[PhraseMatch]:
    """Drop duplicates and matches inside a longer one (same category, or inside a word
    entry of another category: 操你妈 is kin, not also 操)."""
    uniq: dict[tuple[str, int, int], tuple[PhraseMatch, bool]] = {}
    for m, pat in found:
        k = (m.category, m.start, m.end)
        if k not in uniq or _rank(m) < _rank(uniq[k][0]):
            uniq[k] = (m, pat)
    items = sorted(uniq.values(), key=lambda x: (x[0].start, -(x[0].end - x[0].start)))
    out: list[PhraseMatch] = []
    for m, _pat in items:
        inside = False
        for o, _opat in items:
            if o is m or (o.start, o.end) == (m.start, m.end):
                continue
            if o.start <= m.start and m.end <= o.end:
                inside = True
                break
        if not inside:
            out.append(m)
    return out


@lru_cache(maxsize=8)
def _jieba_for(digest: str, words: tuple[str, ...]) -> Any:
    """jieba with ``words`` added as user words: its state (word frequencies and their
    total) read from the disk cache where an earlier process stored it (a SQLite file in
    :func:`cache_dir`, looked up word by word: nothing is loaded up front), else built
    from jieba's own dictionary (seconds) and stored there for the next process."""
    import logging

    jieba = _import_jieba()
    jieba.setLogLevel(logging.WARNING)
    key = hashlib.sha256(
        f"{JIEBA_FORMAT}|{__version__}|{_installed('jieba')}\n".encode() + "\n".join(words).encode()
    ).hexdigest()[:32]
    path = cache_dir() / f"jieba-{key}.sqlite"
    stored = WordFreqFile.open(path)
    if stored is not None:
        tok = jieba.Tokenizer()
        tok.FREQ, tok.total, tok.initialized = stored, stored.total, True
        return tok
    tok = jieba.Tokenizer()
    tok.initialize()
    for w in words:
        tok.add_word(w)
    if WordFreqFile.write(path, tok.FREQ, tok.total):
        _prune(path.parent, keep=path, pattern="jieba-*.sqlite")
    return tok


JIEBA_FORMAT = 1
