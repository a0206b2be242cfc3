"""Find banned phrases in a post's own text, through the evasions the seeds name.

M107 判罚依据: "包括一切普通话、方言、密码、外国语言、音近、形近、以及明显的通配符".

Pipeline (everything before step 4 runs at C speed on every post; the rest only on posts
the prefilter flags):

1. **Normalise** with one ``str.translate`` table built once: NFKC (full/half width,
   circled and full-width digits), lower case, traditional → simplified (the OpenCC
   package's own t2s conversion applied to every character of its TSCharacters table),
   the 形近 look-alike table (``lexicons/_lookalike.txt``), emoji read as words (Unicode
   CLDR Chinese names from the ``emoji`` package and ``lexicons/_emoji.txt``: 🐶 → 狗,
   🍚 → 饭), financial digits (壹贰叁 → 一二三) and zero-width characters removed; then
   regular expressions drop noise between CJK characters (卧~槽, 卧.槽, 卧 槽) and collapse
   repeated characters (卧卧卧槽槽); for ``find_all``'s long batches the same two passes
   run on a numpy array of code points (the masks of :func:`_noise_kept`, :func:`_repeat_kept`).
2. **Prefilter** with aho-corasick (``ahocorasick_rs``) over the normalised text (terms,
   variants, pinyin initials of terms for ASCII abbreviations such as wc / tmd / nmsl, and
   for sentence patterns the words each pattern requires, derived from the pattern itself).
3. **Pinyin prefilter**: the normalised text rendered to one syllable code per character
   by a second ``str.translate`` table built once from pypinyin's per-character data,
   scanned by a second automaton keyed by the terms' pinyin (音近: 卧草, 草泥马) and, where
   the lexicon allows it, by their near-homophones one confusion step away
   (``lexicons/_confusion.txt``, 近音: 呢色 = 乐色); typed or mixed pinyin (wocao, dao演)
   by a third, only on text with ASCII letters.
4. **Confirm** each candidate: map it back to the original span, drop it when an exception
   word overlaps it (草原, 操作 …), check pinyin with pypinyin itself (phrase-aware, on the
   candidate's clause only), drop sound-alikes that are common words (出生 is not 畜生),
   check jieba word boundaries (a ``jieba.Tokenizer`` of our own with the lexicon as user
   dictionary, started on first need) so 逼近 / 操作 / 干杯 are not insults, and for
   one-character terms that they stand alone (草，… but not 吃草了).
5. Sentence patterns (``re:`` entries) run only where one of their lexicon keywords
   occurred and, for one of their top-level branches, a word of each of the (up to three,
   rarest first) sets of words that branch requires: the rarest set is in the automaton,
   the others are one C-level search each on the posts it hit (:func:`branch_requirements`).

A built matcher is kept on disk (:func:`cached_matcher`, the user's cache folder).

Every :class:`PhraseMatch` carries the category, the entry, the original span in the text
and how it was found (``how``: 原文, 全半角/大小写, 繁简, 形近, 表情, 去噪, 叠字, 音近, 近音,
首字母, 句式).
"""

from __future__ import annotations

import hashlib
import os
import pickle
import re
import threading
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from itertools import accumulate, chain, pairwise
from pathlib import Path
from typing import Any, NamedTuple

from auditor import __version__
from auditor.files import cache_dir
from auditor.hanzi import t2s_table
from auditor.rules import lexicon as lexicon_module
from auditor.rules.lexicon import (
    DEFAULT_DIR,
    Category,
    Entry,
    Lexicon,
    context_senses,
    context_word_sets,
    load,
    tables,
)
from auditor.rules.phrasematch import PhraseMatch
from auditor.rules.said import inside_game_word, mentioned
from auditor.rules.said.game import game_word_re
from auditor.rules.said.senses import other_sense
from auditor.rules.said.text import CLAUSE_MARKS
from auditor.rules.said.text import is_cjk as _is_cjk
from auditor.rules.sounds import (
    SOUND_BASE,
    SOUND_SPAN,
    glides_of,
    heard,
    medial,
    sound_pattern,
    sound_table,
    trigger_spellings,
    unglide,
)
from auditor.store.wordfreq import WordFreqFile

CJK_RANGES = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"


class _LazyPattern:
    """A regular expression compiled on first use: a class over the CJK ranges takes
    milliseconds to compile (a few of them, a fifth of loading a cached matcher), and a
    process may need only some (a clean post collapses no repeat, reads no ASCII noise)."""

    __slots__ = ("_rx", "pattern")

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self._rx: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        rx = self._rx
        if rx is None:
            rx = self._rx = re.compile(self.pattern)
        return rx

    def sub(self, repl: Any, text: str) -> str:
        return self.compiled.sub(repl, text)

    def search(self, text: str) -> re.Match[str] | None:
        return self.compiled.search(text)

    def fullmatch(self, text: str) -> re.Match[str] | None:
        return self.compiled.fullmatch(text)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(text)


ZERO_WIDTH = (
    "\u00ad\u034f\u180e\u200b\u200c\u200d\u200e\u200f\u2060\u2061\u2062\u2063\u2064\ufeff"
    "\ufe0e\ufe0f"  # emoji / text presentation selectors
    "\u20e3"  # the keycap around a digit: 1️⃣0️⃣5️⃣ reads 105
)
SKIN_TONES = "".join(map(chr, range(0x1F3FB, 0x1F400)))


class _Deferred:
    """Pickling (the on-disk cache) that keeps some attributes aside, in groups
    (``_DEFER``), each group one pickled blob unpickled on the first use of one of its
    attributes: what a clean post does not need (readings, exceptions, the lexicon's
    entries, the tables of the steps' names) costs a process that meets no candidate
    nothing, and a pattern's trigger loads only its other required words."""

    _DEFER: tuple[tuple[str, ...], ...] = ()

    def _stash(self, state: dict[str, Any]) -> dict[str, Any]:
        later = [
            pickle.dumps(got, protocol=pickle.HIGHEST_PROTOCOL)
            if (got := {k: state.pop(k) for k in group if k in state})
            else None
            for group in self._DEFER
        ]
        if any(later):
            state["_later"] = later
        return state

    def __getattr__(self, name: str) -> Any:
        # (only for an attribute not found as usual: a deferred one not yet unpickled)
        d = self.__dict__
        later = d.get("_later")
        if later is not None:
            for k, group in enumerate(self._DEFER):
                if name in group:
                    blob = later[k]
                    if blob is not None:
                        d.update(pickle.loads(blob))
                        later[k] = None
                    if name in d:  # (or another thread unpickled it meanwhile)
                        return d[name]
        raise AttributeError(name)


# Face emoji (smileys) carry feelings, not words: their CLDR names are not read.
_FACE_RANGES = (
    (0x1F600, 0x1F64F),
    (0x1F910, 0x1F92F),
    (0x1F970, 0x1F97F),
    (0x1FAE0, 0x1FAEF),
    (0x2639, 0x263A),
)
# Noise between two CJK characters: spaces and the symbols used as "通配符" (after NFKC).
# Sentence ends (。！？!?) and line breaks are kept: they separate clauses.
# The strokes and bars typed inside a word (马丨甲, 马丶甲, 马│甲: 丨 丿 丶 are CJK radicals,
# never a word of their own in a post) are noise too.
_NOISE_CHARS = r" \t\u3000~`@#$%^&*_\-+=|\\:;\"'<>,./·•…—、“”‘’「」『』～°丨丿丶│┃¦‖∣❘"
# (A run of 1–3 noise characters with CJK on both sides; written to start with the noise
# class, so that the regex engine skips to noise characters in C instead of trying a
# lookbehind at every position.)
_NOISE_SET = frozenset(
    " \t\u3000~`@#$%^&*_-+=|\\:;\"'<>,./·•…—、“”‘’「」『』～°丨丿丶│┃¦‖∣❘"
)  # (its members)
# (every noise character marked \x01 for str.find; a \x01 of the text's own is no mark)
_NOISE_MARKS = {**dict.fromkeys(map(ord, _NOISE_SET), "\x01"), 1: "\x02"}


class _Span:
    """What :func:`_splice` and ``sub`` read of a match, for :class:`_LazyPass`'s spans:
    the span, the text (group 0) and its first character (group 1: REPEAT_RE's group)."""

    __slots__ = ("_a", "_b", "_t")

    def __init__(self, text: str, a: int, b: int) -> None:
        self._t, self._a, self._b = text, a, b

    def span(self) -> tuple[int, int]:
        return self._a, self._b

    def group(self, k: int = 0) -> str:
        return self._t[self._a : self._b] if k == 0 else self._t[self._a]


class _LazyPass(_LazyPattern):
    """A normalisation pass's regex (a class over the CJK ranges: 10 to 30 ms to compile)
    with the same pass written in Python (``spans``: the matches' spans, left to right),
    which serves until the process has passed :attr:`PY_CHARS` characters through it: a
    nightly check's few new posts then compile no such class; a longer run compiles it
    once, where C speed pays.  Only the replacements the matcher uses: ``""`` and
    :func:`_first` (a test compares both ways on every edge)."""

    __slots__ = ("_budget", "_spans")
    PY_CHARS = 300_000

    def __init__(self, pattern: str, spans: Callable[[str], Iterator[tuple[int, int]]]) -> None:
        super().__init__(pattern)
        self._spans = spans
        self._budget = self.PY_CHARS

    def _python(self, text: str) -> bool:
        if self._rx is not None:
            return False
        self._budget -= len(text)
        return self._budget >= 0

    def sub(self, repl: Any, text: str) -> str:
        if (repl != "" and repl is not _first) or not self._python(text):
            return super().sub(repl, text)
        parts: list[str] = []
        last = 0
        for a, b in self._spans(text):
            parts.append(text[last:a])
            if repl is _first:
                parts.append(text[a])
            last = b
        if not parts:
            return text
        parts.append(text[last:])
        return "".join(parts)

    def finditer(self, text: str) -> Iterator[Any]:
        if not self._python(text):
            return super().finditer(text)
        return (_Span(text, a, b) for a, b in self._spans(text))


def _noise_spans(s: str) -> Iterator[tuple[int, int]]:
    """NOISE_RE's matches: each run of one to three noise characters with a CJK character
    right before and right after it (a longer run is no match, nor any part of it)."""
    marked = s.translate(_NOISE_MARKS)
    n = len(s)
    i = marked.find("\x01")
    while i != -1:
        j = i + 1
        while j < n and marked[j] == "\x01":
            j += 1
        if j - i <= 3 and i > 0 and j < n and _is_cjk(s[i - 1]) and _is_cjk(s[j]):
            yield i, j
        i = marked.find("\x01", j)


NOISE_RE = _LazyPass(
    f"[{_NOISE_CHARS}](?<=[{CJK_RANGES}][{_NOISE_CHARS}])[{_NOISE_CHARS}]{{0,2}}(?=[{CJK_RANGES}])",
    _noise_spans,
)
# Characters that double in ordinary words (妈妈, 刚刚, 看看 …) are not collapsed; nor is
# 顶 and 水, whose runs are themselves the flood DROWN looks for (顶顶顶, 水水水: 030 6(5)).
REDUPLICATING = (
    "妈爸爷奶哥姐弟妹宝粑麻刚常天看谢想试说走人个家处时年星点滴渐慢快好大小多少高长"
    "红白黑轻静悄偷乖狗猫哈呵嘻嘿呜啊嗯哦噢喵汪草花叔婶舅姑姨伯公婆爹娘太明往"
    "默纷匆偏渐冷热满满团每样种条件顶水"
)
# Noise between single ASCII letters: S.B, M.V.P, m-j (not between words; spaced letters,
# S B, are PHRASE-MASKED's).
# (Written to start with the noise class, for the same reason as NOISE_RE: a letter with no
# letter or digit before it, then one or two of these, then a letter ending a word.)
_AN = r".\-_*~·•"
ASCII_NOISE_RE = _LazyPattern(
    f"[{_AN}](?<=[a-z][{_AN}])(?<![a-z0-9][a-z][{_AN}])[{_AN}]?(?=[a-z](?![a-z0-9]))"
)
QUOTE_RE = re.compile(r"\[quote\].*?\[/quote\]", re.S | re.I)
_QUOTE_OPEN = re.compile(r"\[quote\]", re.I)


def _unquoted(texts: list[str]) -> tuple[list[str], str]:
    """The texts with their [quote] blocks blanked (quoted text is not charged), and the
    texts joined by :data:`BATCH_SEP`: one C-level search first, most batches quote
    nothing."""
    joined = BATCH_SEP.join(texts)
    if not _QUOTE_OPEN.search(joined):
        return texts, joined
    plain = [
        QUOTE_RE.sub(lambda m: "\n" * len(m.group()), t)
        if "[" in t and "[quote]" in t.lower()
        else t
        for t in texts
    ]
    return plain, BATCH_SEP.join(plain)


DIGIT_PINYIN = dict(
    zip(
        "0123456789", ("ling", "yi", "er", "san", "si", "wu", "liu", "qi", "ba", "jiu"), strict=True
    )
)
_NUMERIC_AFTER = set("吧啊了呀呢吗嘛哦")
_MEASURE = set("帖贴楼层个次票人天分点号张条轮场局位名遍岁页块元秒")
_REDUPLICATING = frozenset(REDUPLICATING)


def _repeat_spans(s: str) -> Iterator[tuple[int, int]]:
    """REPEAT_RE's matches: each run of one CJK character, not a reduplicating one, twice
    or more."""
    n = len(s)
    m = _DOUBLED.search(s)
    while m is not None:
        i = m.start()
        c = s[i]
        j = i + 2
        while j < n and s[j] == c:
            j += 1
        if c not in _REDUPLICATING and _is_cjk(c):
            yield i, j
        m = _DOUBLED.search(s, j)


REPEAT_RE = _LazyPass(f"((?![{REDUPLICATING}])[{CJK_RANGES}])\\1+", _repeat_spans)


def _first(m: re.Match[str]) -> str:
    return m.group(1)  # (a function: no template expansion per call of REPEAT_RE.sub)


# REPEAT_RE can match only where this does (any character doubled: a class over the CJK
# ranges would take milliseconds to compile)
_DOUBLED = re.compile(r"(.)\1")
FINANCIAL_DIGITS = dict(zip("壹贰叁肆伍陆柒捌玖拾", "一二三四五六七八九十", strict=True))
_ASCII_WORD = re.compile(r"[a-z0-9]")
_ASCII_ALNUM = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")  # (_ASCII_WORD, as a set)
_ASCII_LETTER = re.compile(r"[a-z]")
_SENTENCE_END = set("。！？!?\n")
# Between the texts of one batch (find_all): no key, pattern or normalisation step can
# reach across it (it is neither CJK, a letter, a digit nor noise).
BATCH_SEP = "\x00"
# str.translate with a list (index = code point) is several times faster than with a dict
# (no hashing, no KeyError for the characters a table leaves alone); the lists cover the
# code points below this, texts with higher ones use the dict.
_LIST_SPAN = 0x20000
_HIGH = re.compile("[\U00020000-\U0010ffff]")


def _as_list(table: Mapping[int, str]) -> list[str]:
    out = list(map(chr, range(_LIST_SPAN)))
    for cp, v in table.items():
        if cp < _LIST_SPAN:
            out[cp] = v
    return out


# A batch this long (find_all over a check's posts) drops noise, collapses repeats and
# renders pinyin codes with numpy (array passes, a few milliseconds for half a million
# characters, where each regex pass takes 15 to 25); shorter texts keep the regexes, which
# do the same (a test compares both), without numpy's import.  (A table is looked up with
# ``table.take(codes)``: a third faster than ``table[codes]``, the same values.)
NUMPY_BATCH = 100_000


@lru_cache(maxsize=1)
def _char_flags() -> tuple[Any, Any, Any]:
    """numpy lookup tables over the list tables' span (the arrays these passes get hold
    nothing above it): noise (NOISE_RE's class), CJK (CJK_RANGES), and CJK that collapses
    when doubled (REPEAT_RE: CJK, not REDUPLICATING)."""
    import numpy as np

    every = "".join(map(chr, range(_LIST_SPAN)))

    def flags(cls: str) -> Any:  # (from the regexes' own classes: the same characters)
        out = np.zeros(_LIST_SPAN, dtype=bool)
        out[[ord(c) for c in re.findall(cls, every)]] = True
        return out

    return (
        flags(f"[{_NOISE_CHARS}]"),
        flags(f"[{CJK_RANGES}]"),
        flags(f"(?![{REDUPLICATING}])[{CJK_RANGES}]"),
    )


# Bits of :func:`_flag_table`: what each character is to the array passes of
# :meth:`Normaliser.normalise_codes` (one lookup per character for all of them).
_F_NOISE, _F_CJK, _F_COLLAPSE, _F_ANOISE, _F_LETTER, _F_ALNUM, _F_JOIN = 1, 2, 4, 8, 16, 32, 64


@lru_cache(maxsize=1)
def _flag_table() -> Any:
    """:func:`_char_flags` and :func:`_ascii_flags` as bits of one table (``_F_*``;
    :data:`_F_JOIN` is a normaliser's own, :meth:`Normaliser._bit_table`)."""
    import numpy as np

    noise, cjk, collapse = _char_flags()
    anoise, letter, alnum = _ascii_flags()
    out = np.zeros(_LIST_SPAN, dtype=np.uint8)
    for bit, table in (
        (_F_NOISE, noise),
        (_F_CJK, cjk),
        (_F_COLLAPSE, collapse),
        (_F_ANOISE, anoise),
        (_F_LETTER, letter),
        (_F_ALNUM, alnum),
    ):
        out[table] |= bit
    return out


def _codes(text: str) -> Any:
    import numpy as np

    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)


def _text(codes: Any) -> str:
    return bytes(codes.tobytes()).decode("utf-32-le", "surrogatepass")


def text_starts(texts: Sequence[str]) -> Any:
    """Where each of ``texts`` begins once they are joined by a one-character separator,
    and where a next one would (an int64 array, one longer than ``texts``)."""
    import numpy as np

    at = np.zeros(len(texts) + 1, dtype=np.int64)
    np.cumsum(np.fromiter(map(len, texts), np.int64, len(texts)) + 1, out=at[1:])
    return at


def _noise_kept(codes: Any, bits: Any = None) -> Any:
    """``NOISE_RE.sub("", …)``'s mask of the characters kept (None: all), on an array of
    code points (below the list tables' span): a run of one to three noise characters with
    CJK on both sides goes (a longer run stays whole, as with the regex).  ``bits``: the
    codes' :func:`_flag_table` bits, if at hand."""
    import numpy as np

    if bits is None:
        bits = _flag_table().take(codes)
    n = len(codes)
    at = np.flatnonzero((bits & _F_NOISE) != 0)  # the noise characters (a few in a hundred;
    # a bool array: nonzero is several times faster on one than on bytes)
    if not len(at):
        return None
    # their runs [start, end)
    new_run = np.empty(len(at), dtype=bool)
    new_run[0] = True
    np.not_equal(at[1:], at[:-1] + 1, out=new_run[1:])
    first = np.flatnonzero(new_run)
    starts = at[first]
    ends = at[np.append(first[1:], len(at)) - 1] + 1
    ok = (ends - starts <= 3) & (starts > 0) & (ends < n)
    ok[ok] = (bits[starts[ok] - 1] & bits[ends[ok]] & _F_CJK) != 0
    if not ok.any():
        return None
    keep = np.ones(n, dtype=bool)
    keep[at[ok[np.cumsum(new_run) - 1]]] = False
    return keep


@lru_cache(maxsize=1)
def _ascii_flags() -> tuple[Any, Any, Any]:
    """numpy lookup tables over the list tables' span for ASCII_NOISE_RE: its noise
    characters, a-z, and a-z0-9."""
    import numpy as np

    def flags(chars: str) -> Any:
        out = np.zeros(_LIST_SPAN, dtype=bool)
        out[[ord(c) for c in chars]] = True
        return out

    letters = "abcdefghijklmnopqrstuvwxyz"
    noise = re.findall(f"[{_AN}]", "".join(map(chr, range(0x3000))))
    return flags("".join(noise)), flags(letters), flags(letters + "0123456789")


def _ascii_noise_kept(codes: Any, bits: Any = None) -> Any:
    """``ASCII_NOISE_RE.sub("", …)``'s mask of the characters kept (None: all), on an
    array (below the list tables' span).  The regex removes a noise character with a
    letter before it that no letter or digit precedes, and either a letter after it that
    no letter or digit follows, or a second noise character and then such a letter (two
    removals never overlap: each is between two letters).  ``bits``: as for
    :func:`_noise_kept`."""
    import numpy as np

    if bits is None:
        bits = _flag_table().take(codes)
    n = len(codes)
    p = np.flatnonzero((bits & _F_ANOISE) != 0)
    if not len(p):
        return None

    def at(q: Any, bit: int) -> Any:  # is codes[q] one, False outside the text
        inside = (q >= 0) & (q < n)
        out = np.zeros(len(q), dtype=bool)
        out[inside] = (bits[q[inside]] & bit) != 0
        return out

    letter, alnum, noise = _F_LETTER, _F_ALNUM, _F_ANOISE
    base = at(p - 1, letter) & ~at(p - 2, alnum)
    two = base & at(p + 1, noise) & at(p + 2, letter) & ~at(p + 3, alnum)
    one = base & at(p + 1, letter) & ~at(p + 2, alnum)
    if not (two.any() or one.any()):
        return None
    keep = np.ones(n, dtype=bool)
    keep[p[two | one]] = False
    keep[p[two] + 1] = False
    return keep


def _repeat_kept(codes: Any, bits: Any = None) -> Any:
    """``REPEAT_RE.sub(_first, …)``'s mask of the characters kept (None: all), on an array
    (below the list tables' span): of a run of one CJK character (not one that doubles in
    ordinary words) only the first stays.  ``bits``: as for :func:`_noise_kept`."""
    import numpy as np

    if len(codes) < 2:
        return None
    if bits is None:
        bits = _flag_table().take(codes)
    again = (codes[1:] == codes[:-1]) & ((bits[1:] & _F_COLLAPSE) != 0)
    if not again.any():
        return None
    return np.concatenate(([True], ~again))


# --------------------------------------------------------------------------- tables

_tables_lock = threading.Lock()


@lru_cache(maxsize=1)
def _width_table() -> dict[int, str]:
    """NFKC + lower case, per BMP character, only where it changes something."""
    from unicodedata import normalize

    table: dict[int, str] = {}
    for cp in range(0x20, 0x10000):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        c = chr(cp)
        n = normalize("NFKC", c).lower()
        if n != c:
            table[cp] = n
    for c in ZERO_WIDTH:
        table[ord(c)] = ""
    return table


@lru_cache(maxsize=1)
def _pinyin_table() -> dict[int, str]:
    """CJK character → toneless pinyin (first reading), from pypinyin's per-character data."""
    from pypinyin.pinyin_dict import pinyin_dict

    strip = str.maketrans(
        {
            **dict.fromkeys("āáǎà", "a"),
            **dict.fromkeys("ōóǒò", "o"),
            **dict.fromkeys("ēéěè", "e"),
            **dict.fromkeys("īíǐì", "i"),
            **dict.fromkeys("ūúǔù", "u"),
            **dict.fromkeys("ǖǘǚǜü", "v"),
            "ń": "n",
            "ň": "n",
            "ǹ": "n",
            "ḿ": "m",
            "\u0304": "",
            "\u030c": "",
            "\u0300": "",
            "\u0301": "",
        }
    )
    table: dict[int, str] = {}
    syllables: dict[str, str] = {}
    for cp, readings in pinyin_dict.items():
        if cp > 0xFFFF and not 0x20000 <= cp <= 0x2FFFF:
            continue
        first = readings.split(",", 1)[0].translate(strip)
        if first.isascii() and first.isalpha():
            table[cp] = syllables.setdefault(first, first)  # (one object per syllable)
    # Digit homophones (748 = 去死吧, 发4 = 发誓): digits read as their syllables.
    table.update({ord(d): py for d, py in DIGIT_PINYIN.items()})
    return table


# Syllable codes: each toneless syllable is one character of U+0100–U+07FF in the
# rendering the pinyin automaton scans (two bytes each in the UTF-8 the automaton reads:
# a CJK character is three, a code of the Private Use Areas four; the scan takes time by
# the byte).  The rendering is made of codes only (its own alphabet): a character of the
# text in this range is blanked like any other that is no syllable.
SYLLABLE_BASE = 0x100
_SYLLABLE_SPAN = 0x700
_BLANK = "\x01"  # (any character that is no code; one byte)


@lru_cache(maxsize=1)
def _syllable_codes() -> dict[str, str]:
    """Toneless syllable (and its 平翘舌-blurred form) → its one-character code."""
    names = set(_pinyin_table().values())
    names |= {fuzz(x) for x in names}
    if len(names) > _SYLLABLE_SPAN:
        raise ValueError(f"{len(names)} syllables: more than the codes")
    return {n: chr(SYLLABLE_BASE + i) for i, n in enumerate(sorted(names))}


@lru_cache(maxsize=1)
def _pinyin_render() -> dict[int, str]:
    """CJK character (or digit) → its syllable's code: the rendering the pinyin automaton
    scans is as long as the text, one code per character, so a key (a run of codes) always
    matches whole syllables (饿毒 is never the end of 的 + 都) and its offsets are the
    text's.  Characters that are codes themselves are blanked (the others, which no key
    holds, are left as they are here; :meth:`Matcher._render_batch` blanks them too)."""
    codes = _syllable_codes()
    table = dict.fromkeys(range(SYLLABLE_BASE, SYLLABLE_BASE + _SYLLABLE_SPAN), _BLANK)
    table.update({cp: codes[py] for cp, py in _pinyin_table().items()})
    return table


def render_key(syllables: Sequence[str]) -> str | None:
    """The codes of a syllable sequence; None if some syllable is no syllable of any
    character (no text can render to it)."""
    codes = _syllable_codes()
    try:
        return "".join(codes[x] for x in syllables)
    except KeyError:
        return None


_INITIALS = sorted(("zh", "ch", "sh", *"bpmfdtnlgkhjqxrzcsyw"), key=len, reverse=True)


def split_syllable(syl: str) -> tuple[str, str]:
    """``zhuang`` → (``zh``, ``uang``)."""
    for ini in _INITIALS:
        if syl.startswith(ini) and len(syl) > len(ini):
            return ini, syl[len(ini) :]
    return "", syl


@lru_cache(maxsize=8)
def _glides(pairs: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """The medial pairs of the confusion table (``{"h": "f"}`` for ``f hu``)."""
    return glides_of(pairs)


def _glided(written: str, meant: str, glides: Mapping[str, str]) -> bool:
    """Is reading ``written`` the reading ``meant`` by a medial pair's step only (hui for
    fei, hua for fa) — the one the other pairs do not make?"""
    plain = unglide(written, glides)
    return plain != written and meant.startswith(plain[0])


@lru_cache(maxsize=8)
def _near_table(
    pairs: tuple[tuple[str, str], ...], glides: bool = False
) -> dict[str, tuple[str, ...]]:
    """Toneless syllable → the real syllables one confusion step away (l/n, an/ang …);
    with ``glides`` also a medial pair's (``f hu``: fa ↔ hua, fei ↔ hui), else none of it."""
    inventory = set(_pinyin_table().values())
    initials = set(_INITIALS)
    glide = glides_of(pairs) if glides else {}
    out: dict[str, tuple[str, ...]] = {}
    for syl in inventory:
        ini, fin = split_syllable(syl)
        near: set[str] = set()
        if glide:
            near.add(unglide(syl, glide))
            near.update(g + "u" + fin for g, f in glide.items() if ini == f)
            near.update(
                g + "u" + fin[1:] for g, f in glide.items() if ini == f and fin in ("ei", "en")
            )
        for a, b in pairs:
            if medial(a, b) is not None:
                continue
            for x, y in ((a, b), (b, a)):
                if x in initials:
                    if ini == x:
                        near.add(y + fin)
                elif fin.endswith(x):
                    near.add(ini + fin[: len(fin) - len(x)] + y)
        near = {n for n in near if n in inventory and n != syl}
        if near:
            out[syl] = tuple(sorted(near))
    return out


_FUZZ_RE = re.compile(r"(?<![a-z])([zcs])h")


@lru_cache(maxsize=4096)
def fuzz(py: str) -> str:
    """平翘舌不分 (zh/ch/sh = z/c/s), the commonest 音近 in typed evasions (发四 = 发誓)."""
    return _FUZZ_RE.sub(r"\1", py)


def _compose(*tables: dict[int, str]) -> dict[int, str]:
    out: dict[int, str] = {}
    keys: set[int] = set()
    for t in tables:
        keys.update(t)
    for cp in keys:
        s = chr(cp)
        for t in tables:
            s = "".join(t.get(ord(ch), ch) for ch in s)
        if s != chr(cp):
            out[cp] = s
    return out


# A spelling as common as this in jieba's dictionary is everyday talk (为什么, 知道, 不能):
# a pattern's trigger heard in it would make every other post a candidate.
COMMON_SOUND_FREQ = 500


@lru_cache(maxsize=1)
def _common_sounds() -> frozenset[str]:
    """The readings (toneless; 军事 junshi, not 军四 junsi) of jieba's dictionary words of two to four
    characters counted :data:`COMMON_SOUND_FREQ` times or more (read from its own file:
    a few tenths of a second, at build time only)."""
    import os

    jieba = _import_jieba()
    table = _pinyin_table()
    out: set[str] = set()
    with open(os.path.join(os.path.dirname(jieba.__file__), jieba.DEFAULT_DICT_NAME), "rb") as fh:
        for raw in fh:
            word, count, *_ = raw.decode("utf-8").split(" ")
            known = all(ord(c) in table for c in word)
            if known and 2 <= len(word) <= 4 and int(count) >= COMMON_SOUND_FREQ:
                out.add("".join(table[ord(c)] for c in word))
    return frozenset(out)


def _free_build_tables() -> None:
    """Drop the tables only a build reads (:func:`_sound_tables`, :func:`_common_sounds`):
    large containers the garbage collector would walk at every full collection."""
    _sound_tables.cache_clear()
    _common_sounds.cache_clear()


@lru_cache(maxsize=8)
def _sound_tables(
    pairs: tuple[tuple[str, str], ...],
) -> tuple[dict[int, str], dict[str, frozenset[str]]]:
    """:func:`auditor.rules.sounds.sound_table` over the pinyin table and the confusion
    pairs (the loose sound copy a sentence pattern is also tried on)."""
    return sound_table(_pinyin_table(), pairs)


@lru_cache(maxsize=8)
def _emoji_table(puns: tuple[tuple[str, str], ...]) -> dict[int, str]:
    """Emoji → what it reads as: the lexicons' ``_emoji.txt`` first, then the Unicode CLDR
    Chinese short name the ``emoji`` package carries (🐍 蛇, 🐸 青蛙; 狗脸 → 狗, 猪头 →
    猪), for one-character emoji whose name is one or two characters once 脸/头 is dropped.
    Faces (😀 😠 …) are not read."""
    import emoji

    emoji.config.load_language("zh")
    table: dict[int, str] = {}
    for emo, data in emoji.EMOJI_DATA.items():
        e = emo.replace("\ufe0f", "")
        if len(e) != 1 or any(lo <= ord(e) <= hi for lo, hi in _FACE_RANGES):
            continue
        name = str(data.get("zh") or "").strip(":")
        reading = re.sub("(的脸|脸|头)$", "", name) if len(name) > 1 else name
        if 1 <= len(reading) <= 2 and all(_is_cjk(c) for c in reading):
            table[ord(e)] = reading
    table.update({ord(e): r for e, r in puns})
    return table


# --------------------------------------------------------------------------- normalisation


class Normaliser(_Deferred):
    """The character pipeline, fast (``normalise``) and with an offset map (``mapped``)."""

    _DEFER = (("width", "t2s", "look", "emoji"),)  # (only :meth:`how` reads them)

    def __init__(self, lookalike: dict[str, str], emoji: dict[str, str] | None = None) -> None:
        self.width = {**_width_table(), **dict.fromkeys(map(ord, SKIN_TONES), "")}
        self.t2s = t2s_table()
        self.look = {ord(k): v for k, v in lookalike.items() if len(k) == 1}
        self.look.update({ord(k): v for k, v in FINANCIAL_DIGITS.items()})
        self.emoji = _emoji_table(tuple(sorted((emoji or {}).items())))
        self.table = _compose(self.width, self.t2s, self.look, self.emoji)
        # Characters that do not map to exactly one character (zero-width, ㈠ → (一) …).
        # (A regex class for those in the BMP; a set for the others, emoji mostly: a class
        # with astral characters is searched member by member, milliseconds per post.)
        odd = sorted(k for k, v in self.table.items() if len(v) != 1)
        self.odd_bmp = "".join(chr(k) for k in odd if k < 0x10000)
        self.odd_astral = frozenset(chr(k) for k in odd if k >= 0x10000)
        self._odd_set: frozenset[str] | None = None
        self._length_table: Any = None
        self._join_flags: Any = None
        self._bits: Any = None
        # Split characters (女马 → 妈, 犭者 → 猪, 春虫虫 → 蠢): two or three read as one.
        self.joins = {k.translate(self.table): v for k, v in lookalike.items() if len(k) in (2, 3)}
        self.join_re = (
            re.compile("|".join(map(re.escape, sorted(self.joins, key=len, reverse=True))))
            if self.joins
            else None
        )
        # (the original characters a split character can start with: 女 of 女马, 妈 of 媽马)
        self.join_firsts = frozenset(
            c for k in lookalike if len(k) in (2, 3) for c in (k[0], k[0].translate(self.table))
        )

    def normalise(self, text: str, table: Any = None) -> str:
        """The normalised text; ``table``: :attr:`table` as a list (see :func:`_as_list`)."""
        s = text.translate(self.table if table is None else table)
        if self.join_re is not None:
            s = self.join_re.sub(lambda m: self.joins[m.group()], s)
        s = NOISE_RE.sub("", s)
        if _ASCII_LETTER.search(s):  # cheap checks first: most posts need neither pass
            s = ASCII_NOISE_RE.sub("", s)
        if _DOUBLED.search(s):
            s = REPEAT_RE.sub(_first, s)
        return s

    def normalise_codes(self, text: str, source: Any = None) -> tuple[str, Any, Any]:
        """:meth:`normalise` for a long text (code points below the list tables' span),
        the noise and repeat passes on a numpy array: the result, its code points and,
        for each, its index in ``text`` (what :meth:`mapped` gives; None where a split
        character was joined: then :meth:`mapped` is asked text by text).  ``source``:
        ``text``'s code points, if at hand."""

        codes, idx = self._translate_codes(text, source)
        table = self._bit_table()
        bits = table.take(codes)  # (every pass's lookup, at once)
        if self.join_re is not None and self._may_join(codes, bits):
            s = _text(codes)
            if self.join_re.search(s) is not None:
                s, idx = self.join_re.sub(lambda m: self.joins[m.group()], s), None
                codes = _codes(s)
                bits = table.take(codes)
        for step in (_noise_kept, _ascii_noise_kept, _repeat_kept):
            keep = step(codes, bits)
            if keep is not None:
                codes, bits = codes[keep], bits[keep]
                idx = None if idx is None else idx[keep]
        return _text(codes), codes, idx

    def _bit_table(self) -> Any:
        """:func:`_flag_table` with :data:`_F_JOIN` on the first halves of this
        normaliser's split characters (女 of 女马)."""
        got = self._bits
        if got is None:
            import numpy as np

            got = _flag_table()
            halves = self._join_halves()
            if halves:
                got = got | (halves[0].astype(np.uint8) * np.uint8(_F_JOIN))
            self._bits = got
        return got

    def _may_join(self, codes: Any, bits: Any) -> bool:
        """Could the code points hold a split character (女马, 犭者): a first half of one
        right before a second half of one?  (Array lookups; the regex only then.)
        ``bits``: the codes' :meth:`_bit_table` bits."""
        import numpy as np

        halves = self._join_halves()
        if not halves:
            return True
        at = np.flatnonzero((bits[:-1] & _F_JOIN) != 0)
        at = at[halves[1][codes[at + 1]]]
        if not len(at):
            return False
        # (the exact pairs: 口 before 巾 is common enough in a long batch as two halves of
        # different splits; a real split's first two characters are rare)
        pairs = codes[at].astype(np.int64) * _LIST_SPAN + codes[at + 1]
        return bool(np.isin(pairs, halves[2]).any())

    def _join_halves(self) -> tuple[Any, ...]:
        """Over the list tables' span: the first halves of the split characters, and
        the second halves (empty: a split character beyond the span); a split in three
        parts is flagged by its first two (春虫 of 春虫虫)."""
        import numpy as np

        flags = self._join_flags
        if flags is None:
            first = np.zeros(_LIST_SPAN, dtype=bool)
            second = np.zeros(_LIST_SPAN, dtype=bool)
            pairs: list[int] = []
            usable = True
            for k in self.joins:
                if len(k) not in (2, 3) or max(map(ord, k)) >= _LIST_SPAN:
                    usable = False
                    break
                first[ord(k[0])] = second[ord(k[1])] = True
                pairs.append(ord(k[0]) * _LIST_SPAN + ord(k[1]))
            flags = self._join_flags = (
                (first, second, np.asarray(sorted(set(pairs)), dtype=np.int64)) if usable else ()
            )
        return flags

    def _translate_codes(self, text: str, source: Any = None) -> tuple[Any, Any]:
        """``text.translate(self.table)`` (``text`` below the list tables' span) as code
        points, and for each its index in ``text``: one array lookup for the characters
        that map to one character, the few that expand or vanish (㈠, …, zero-width) set
        one by one."""
        import numpy as np

        single, lengths = self._code_tables()
        if source is None:
            source = _codes(text)
        out = single.take(source)
        lens = lengths.take(source)
        odd = np.flatnonzero(lens != 1)
        positions = np.arange(len(source))
        if not len(odd):
            return out, positions
        if len(odd) > 300:  # (many, ……… in Chinese posts: each character repeated as often
            # as it expands, then the expansions written in, one pass per character kind)
            idx = np.repeat(positions, lens)
            out = out.take(idx)
            grows = lens[odd].astype(np.int64)
            # (where each odd character's output starts: its index, plus what the odd ones
            # before it added)
            firsts = odd + np.concatenate(([0], np.cumsum(grows - 1)[:-1]))
            more = grows > 1
            kinds, firsts = source[odd[more]], firsts[more]
            for cp in np.unique(kinds).tolist():
                at = firsts[kinds == cp]
                for j, c in enumerate(self.table[cp]):
                    out[at + j] = ord(c)
            return out, idx
        # (few: the stretches between them, and what each becomes)
        cuts = [0, *odd.tolist(), len(source)]
        pieces, where = [], []
        for k, p in enumerate(cuts[1:-1]):
            pieces.append(out[cuts[k] + (k > 0) : p])
            where.append(positions[cuts[k] + (k > 0) : p])
            v = self.table[int(source[p])]
            pieces.append(np.fromiter(map(ord, v), dtype=out.dtype, count=len(v)))
            where.append(np.full(len(v), p, dtype=positions.dtype))
        pieces.append(out[cuts[-2] + 1 :])
        where.append(positions[cuts[-2] + 1 :])
        return np.concatenate(pieces), np.concatenate(where)

    def _code_tables(self) -> tuple[Any, Any]:
        """Over the list tables' span: the code point each character becomes (where it
        becomes one), and how many characters it becomes."""
        got = self._length_table
        if got is None:
            import numpy as np

            single = np.arange(_LIST_SPAN, dtype=np.uint32)
            lengths = np.ones(_LIST_SPAN, dtype=np.uint8)
            for cp, v in self.table.items():
                if cp < _LIST_SPAN:
                    lengths[cp] = len(v)
                    if len(v) == 1:
                        single[cp] = ord(v)
            got = self._length_table = (single, lengths)
        return got

    def __getstate__(self) -> dict[str, Any]:
        # (compiled or built on first use, not at load)
        state = {
            **self.__dict__,
            "_odd_set": None,
            "_length_table": None,
            "_join_flags": None,
            "_bits": None,
        }
        return self._stash(state)

    def has_odd(self, text: str) -> bool:
        """Does ``text`` hold a character that does not map to exactly one character?
        (A set: the class of a regex over them took 10 ms to compile, for a post or two.)"""
        odd = self._odd_set
        if odd is None:
            odd = self._odd_set = frozenset(self.odd_bmp) | self.odd_astral
        return not odd.isdisjoint(text)

    def one_to_one(self, text: str, fast: str) -> bool:
        """Is ``fast`` (the normalised ``text``) the text changed character by character,
        nothing removed, joined or expanded?  Then offsets are the same in both."""
        return (
            len(text) == len(fast) and not self.has_odd(text) and text.translate(self.table) == fast
        )

    def mapped(self, text: str) -> tuple[str, list[int]]:
        """The normalised text and, for each of its characters, the original index.

        The same steps as :meth:`normalise`; kept stretches are copied as slices (C
        speed), only characters that expand or vanish are walked one by one."""
        if not self.has_odd(text):
            s = text.translate(self.table)
            idx = list(range(len(text)))
        else:
            chars: list[str] = []
            idx = []
            table = self.table
            for i, c in enumerate(text):
                r = table.get(ord(c), c)
                for ch in r:
                    chars.append(ch)
                    idx.append(i)
            s = "".join(chars)
        if self.join_re is not None:
            s, idx = _splice(s, idx, self.join_re, lambda m: self.joins[m.group()])
        s, idx = _splice(s, idx, NOISE_RE, lambda m: "")
        s, idx = _splice(s, idx, ASCII_NOISE_RE, lambda m: "")
        return _splice(s, idx, REPEAT_RE, lambda m: m.group(1))

    def key(self, form: str) -> str:
        """A lexicon spelling in the same shape as normalised text (no noise removal)."""
        s = form.translate(self.table)
        return REPEAT_RE.sub(_first, s)

    def how(self, original: str) -> list[str]:
        """Which steps changed this piece of original text."""
        tags: list[str] = []
        w = original.translate(self.width)
        if w != original:
            tags.append("全半角/大小写")
        t = w.translate(self.t2s)
        if t != w:
            tags.append("繁简")
        lk = t.translate(self.look)
        if lk != t:
            tags.append("形近")
        em = lk.translate(self.emoji)
        if em != lk:
            tags.append("表情")
            lk = em
        if self.join_re is not None:
            j = self.join_re.sub(lambda m: self.joins[m.group()], lk)
            if j != lk:
                tags.append("形近")
            lk = j
        n = ASCII_NOISE_RE.sub("", NOISE_RE.sub("", lk))
        if n != lk:
            tags.append("去噪")
        if REPEAT_RE.sub(_first, n) != n:
            tags.append("叠字")
        return tags


# --------------------------------------------------------------------------- pattern anchors

_MAX_STRINGS = 256  # larger expansions are not worth an anchor set


def _expand(items: Any) -> set[str] | None:
    """Every string a (small, finite) piece of a parsed pattern can match, or None."""
    out = {""}
    for op, av in items:
        name = str(op)
        if name == "LITERAL":
            got: set[str] | None = {chr(av)}
        elif name == "IN":
            chars = [chr(v) for o, v in av if str(o) == "LITERAL"]
            got = set(chars) if len(chars) == len(av) else None
        elif name == "SUBPATTERN":
            got = _expand(av[-1])
        elif name == "BRANCH":
            got = set()
            for b in av[1]:
                e = _expand(b)
                if e is None:
                    return None
                got |= e
        elif name in ("MAX_REPEAT", "MIN_REPEAT") and av[1] <= 1:
            e = _expand(av[2])
            got = None if e is None else (e | {""} if av[0] == 0 else e)
        elif name in ("AT", "ASSERT", "ASSERT_NOT"):
            got = {""}  # zero-width
        else:
            return None
        if got is None:
            return None
        out = {a + b for a in out for b in got}
        if len(out) > _MAX_STRINGS:
            return None
    return out


def _commonness(s: str, freq: Mapping[str, int]) -> float:
    """How often ``s`` is expected in ordinary text: its dictionary frequency (a single
    character's times ten: it is also part of other words), or for a string that is no
    dictionary word, its rarest character's, the rarer the longer."""
    if len(s) == 1:
        return 10.0 * float(freq.get(s) or 1)
    f = freq.get(s)
    if f:
        return float(f)
    return max(1.0, min(_commonness(c, freq) for c in s) / 10 ** (len(s) - 1))


class _Frequencies(Mapping[str, int]):
    """jieba's word frequencies with some words overridden (no copy of the dictionary)."""

    def __init__(self, words: Mapping[str, int], override: dict[str, int]) -> None:
        self.words, self.override = words, override

    def __getitem__(self, key: str) -> int:
        f = self.override.get(key)
        return self.words[key] if f is None else f

    def get(self, key: str, default: Any = None) -> Any:
        f = self.override.get(key)
        return self.words.get(key, default) if f is None else f

    def __iter__(self) -> Iterator[str]:
        return iter({**self.override, **dict.fromkeys(self.words)})

    def __len__(self) -> int:
        return len(self.words)


def _best(sets: Iterable[set[str]], freq: Mapping[str, int]) -> set[str] | None:
    """The most selective of several required string sets: the least common in total."""
    best: set[str] | None = None
    best_key = (0.0, 0)
    for s in sets:
        if not s or "" in s:
            continue
        key = (sum(_commonness(x, freq) for x in s), len(s))
        if best is None or key < best_key:
            best, best_key = s, key
    return best


def _required(items: Any, freq: Mapping[str, int]) -> list[set[str]]:
    """String sets one of whose strings every match of ``items`` contains."""
    found: list[set[str]] = []
    run: list[Any] = []

    def flush() -> None:
        # Every window of consecutive expandable pieces whose expansion stays small.
        for i in range(len(run)):
            for j in range(i + 1, len(run) + 1):
                e = _expand(run[i:j])
                if e is None:
                    break
                found.append(e)
        run.clear()

    for item in items:
        op, av = item
        name = str(op)
        if _expand([item]) is not None:
            run.append(item)
            continue
        flush()
        if name == "SUBPATTERN":
            found.extend(_required(av[-1], freq))
        elif name == "BRANCH":
            per = [_best(_required(b, freq), freq) for b in av[1]]
            if all(per):
                found.append(set().union(*per))  # type: ignore[arg-type]
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT") and av[0] >= 1:
            found.extend(_required(av[2], freq))
    flush()
    return found


def _implied(by: set[str], s: set[str]) -> bool:
    """Does an occurrence of one of ``by`` always contain one of ``s``?  (Then ``s`` adds
    nothing to a prefilter that already asks for ``by``.)"""
    return all(any(x in b for x in s) for b in by)


def branch_requirements(
    pattern: str, freq: Mapping[str, int], most: int = 3
) -> list[list[set[str]]] | None:
    """For each top-level branch of ``pattern``: up to ``most`` string sets, each of which
    every match of that branch contains one string of, the least common first (by the
    word frequencies ``freq``); None when some branch has none.

    The first set of a branch is its trigger (in the automaton); the others are checked
    where the trigger occurred: 有问题 alone is common in game talk, 有问题 with one of
    导演/法官 in the same post is rare.  Sound: a post lacking one of them cannot match."""
    try:
        from re import _parser as sre_parse  # type: ignore[attr-defined]

        parsed = list(sre_parse.parse(pattern))
    except Exception:
        return None
    if len(parsed) == 1 and str(parsed[0][0]) == "BRANCH":
        branches = [list(b) for b in parsed[0][1][1]]
    else:
        branches = [parsed]
    out: list[list[set[str]]] = []
    for b in branches:
        sets = [s for s in _required(b, freq) if s and "" not in s]
        if not sets:
            return None
        ranked = sorted(sets, key=lambda s: (sum(_commonness(x, freq) for x in s), len(s)))
        chosen: list[set[str]] = []
        for s in ranked:
            if any(_implied(c, s) for c in chosen):
                continue
            chosen.append(s)
            if len(chosen) == most:
                break
        out.append(chosen)
    return out


def _splice(
    s: str,
    idx: list[int],
    rx: re.Pattern[str] | _LazyPattern,
    repl: Callable[[re.Match[str]], str],
) -> tuple[str, list[int]]:
    """``rx.sub(repl, s)`` and the offsets carried along: a replacement's characters take
    the original index of the match's first character."""
    parts: list[str] = []
    out: list[int] = []
    last = 0
    for m in rx.finditer(s):
        a, b = m.span()
        parts.append(s[last:a])
        out.extend(idx[last:a])
        r = repl(m)
        parts.append(r)
        out.extend([idx[a]] * len(r))
        last = b
    if not parts:
        return s, idx
    parts.append(s[last:])
    out.extend(idx[last:])
    return "".join(parts), out


# --------------------------------------------------------------------------- matcher


class _Key(NamedTuple):  # a tuple: the cached matcher's ~10,000 keys unpickle at C speed
    entry: int  # index into Matcher.entries
    form: str  # the lexicon spelling ("" for a pattern's trigger: one key for all its words)
    kind: str  # text | initials | shape | anchor | required | pinyin | near
    ascii_word: bool = False  # an ASCII key: must be a whole ASCII word
    py: str = ""  # pinyin keys: the rendering that matched
    branch: int = -1  # required keys: the pattern's top-level branch they trigger


class _Automaton(_Deferred):
    """Keys and their value lists, searched for every (overlapping) occurrence by
    ``ahocorasick_rs`` (the Rust aho-corasick crate).  pyahocorasick, used before, looks a
    node's children up one by one: with the ~500 first characters of the lexicon's keys at
    its root it scanned game posts at 7 M chars/s; this one, at 30 to 40.

    The automaton itself cannot be pickled: a cached matcher keeps the keys and builds it
    on the first search (milliseconds).

    ``wide``: keys and texts are searched as UTF-16 (the crate searches bytes: a CJK
    character is two of them there, three in UTF-8, and the encoding is cheaper), the
    offsets turned back into characters; for CJK text the scan is a sixth faster."""

    def __init__(self, wide: bool = False) -> None:
        self.keys: list[str] = []
        self.values: list[list[_Key]] = []
        self.wide = wide
        self._index: dict[str, int] = {}
        self._ac: Any = None

    def add(self, key: str, value: _Key) -> None:
        if not key:
            return
        i = self._index.get(key)
        if i is None:
            i = self._index[key] = len(self.keys)
            self.keys.append(key)
            self.values.append([])
        self.values[i].append(value)

    def __len__(self) -> int:
        return len(self.keys)

    _DEFER = (("values",),)  # (a text without a hit needs only the keys)

    def __getstate__(self) -> dict[str, Any]:
        return self._stash({"keys": self.keys, "values": self.values, "wide": self.wide})

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._index, self._ac = {}, None

    def _compile(self) -> Any:
        import ahocorasick_rs

        how = ahocorasick_rs.Implementation.ContiguousNFA
        if self.wide:
            keys = [_utf16(k) for k in self.keys]
            self._ac = ahocorasick_rs.BytesAhoCorasick(keys, implementation=how)
        else:
            self._ac = ahocorasick_rs.AhoCorasick(self.keys, implementation=how)
        return self._ac

    def iter(self, text: str) -> list[tuple[int, list[_Key]]]:
        """(index of the last character, values) of every occurrence of a key, by end and
        at one end the longest first (pyahocorasick's ``iter``)."""
        found = self.find(text)
        if not found:
            return []
        values = self.values
        return [(e - 1, values[i]) for i, _s, e in found]

    def indexed(self, text: str) -> list[tuple[int, int]]:
        """(index of the last character, key's index) of every occurrence, as ``iter``."""
        return [(e - 1, i) for i, _s, e in self.find(text)]

    def find(self, text: str) -> list[tuple[int, int, int]]:
        """(key's index, start, end) of every occurrence, by end, the longest first."""
        if not self.keys:
            return []
        ac = self._ac or self._compile()
        if not self.wide:
            return ac.find_matches_as_indexes(text, True)
        data = _utf16(text)
        found = ac.find_matches_as_indexes(data, True)
        if len(data) == 2 * len(text):  # (the BMP: a character is two bytes)
            return [(k, s >> 1, e >> 1) for k, s, e in found if not s & 1]
        return _from_units(found, text)

    def find_array(self, text: str) -> Any:
        """What :meth:`find` gives, as an int64 array (one row per occurrence): for a long
        text with many occurrences, turned from bytes to characters in array passes."""
        import numpy as np

        if not self.wide or not self.keys:
            found = self.find(text)
        else:
            ac = self._ac or self._compile()
            data = _utf16(text)
            found = ac.find_matches_as_indexes(data, True)
            if len(data) == 2 * len(text):
                hits = np.fromiter(chain.from_iterable(found), np.int64, 3 * len(found))
                hits = hits.reshape(-1, 3)
                hits = hits[(hits[:, 1] & 1) == 0]
                hits[:, 1:] >>= 1
                return hits
            found = _from_units(found, text)
        return np.fromiter(chain.from_iterable(found), np.int64, 3 * len(found)).reshape(-1, 3)


_ASTRAL = re.compile("[\U00010000-\U0010ffff]")
_LONE = re.compile("[\ud800-\udfff]")


def _utf16(text: str) -> bytes:
    """``text`` in UTF-16 (little-endian), a lone surrogate read as U+FFFD (in keys and
    texts alike: two of them must not pair up into another character there)."""
    try:
        return text.encode("utf-16-le")
    except UnicodeEncodeError:
        return _LONE.sub("\ufffd", text).encode("utf-16-le")


def _from_units(found: list[tuple[int, int, int]], text: str) -> list[tuple[int, int, int]]:
    """The occurrences (key, start, end) a search of ``text`` in UTF-16 found, in bytes,
    turned into characters of ``text``, which holds characters beyond the BMP (two code
    units each there).  One at an odd byte offset is none (it straddles two units).  None
    starts or ends inside a pair: a key's surrogates come in pairs too (:func:`_utf16`)."""
    pairs = [m.start() + k for k, m in enumerate(_ASTRAL.finditer(text))]  # (their units)
    return [
        (
            key,
            (s >> 1) - bisect_right(pairs, (s >> 1) - 2),
            (e >> 1) - bisect_right(pairs, (e >> 1) - 2),
        )
        for key, s, e in found
        if not s & 1
    ]


class Matcher(_Deferred):
    """Compiled lexicon. Build once (``default_matcher()`` caches), call :meth:`find`."""

    # (kept aside in the disk cache: what a pattern's trigger reads; what only a
    # candidate's confirmation reads)
    _DEFER = (
        ("word_forms",),  # (PHRASE-MASKED's terms: read for a post with a mask character)
        ("keywords", "conjuncts"),
        (
            "lexicon",
            "lookalike",
            "confusion",
            "entries",
            "cats",
            "py_table",
            "reading_traps",
            "near",
            "patterns",
            "sound_patterns",
            "sound_codes",
            "exceptions",
            "_longest_exception",
            "entry_pinyin",
            "entry_near",
            "form_keys",
            "_jieba_words",
        ),
    )

    def __init__(self, lexicon: Lexicon) -> None:
        # the context tables (lexicons/context/): a missing or broken one is a LexiconError
        # naming it here, with the lexicon, not halfway through an audit
        context_word_sets(), context_senses()
        self.lexicon = lexicon
        bundled = tables()
        self.lookalike = lexicon.lookalike or bundled.lookalike
        self.shapes = lexicon.shapes or bundled.shapes
        # the game's own words (_game.txt): a match inside one is no match
        self.game_words = tuple(sorted(lexicon.game or bundled.game))
        self.confusion = tuple(lexicon.confusion or bundled.confusion)
        self.norm = Normaliser(self.lookalike, lexicon.emoji or bundled.emoji)
        self.entries: list[Entry] = lexicon.entries
        self.cats = lexicon.categories
        # (read by every check: kept out of the deferred entries and lexicon)
        self.category_files = {code: cat.path for code, cat in lexicon.categories.items()}
        # every word entry's (category, spellings), in lexicon order
        self.word_forms = tuple((e.category, e.forms) for e in self.entries if e.regex is None)
        self.py_table = _pinyin_table()
        self.py_render = _pinyin_render()
        self.reading_traps = _reading_traps()
        self.near = _near_table(self.confusion, glides=True)
        self.glides = _glides(self.confusion)  # (the medial pairs, for every near match)
        self.text_ac: Any = _Automaton(wide=True)
        self.py_ac: Any = _Automaton()  # syllable codes, one per character
        self.typed_ac: Any = _Automaton()  # plain pinyin: typed and mixed (dao演)
        self.patterns: dict[int, str] = {}  # compiled on first use (a cached matcher loads fast)
        # a pattern's loose sound copy (auditor.rules.sounds), tried where the pinyin
        # automaton heard one of its trigger words and the pattern itself found nothing
        self.sound_patterns: dict[int, str] = {}
        self.sound_codes: dict[str, str] = {}  # a syllable's code → its loose syllable's
        self.sound_words: set[str] = set()  # the trigger words, as written
        self._pattern_chars: dict[int, frozenset[str]] = {}
        self._sound_verdicts: dict[tuple[str, str], bool] = {}  # (trigger, piece) → dismissed?
        self._regexes: dict[int, re.Pattern[str]] = {}
        self.always: list[int] = []  # patterns without anchors
        self.keywords: dict[int, tuple[str, ...]] = {}  # pattern → its lexicon keywords
        # (pattern, branch) → the other string sets that branch needs (one string of each)
        self.conjuncts: dict[tuple[int, int], tuple[tuple[str, ...], ...]] = {}
        self._conjunct_res: dict[_Key, tuple[re.Pattern[str], ...]] = {}  # a trigger's searches
        self._freq: Mapping[str, int] | None = None
        self._keyword_res: dict[int, re.Pattern[str]] = {}
        self.exceptions: dict[int, tuple[str, ...]] = {}
        self._longest_exception: dict[int, int] = {}
        self.entry_pinyin: dict[int, set[str]] = {}
        self.entry_near: dict[int, set[str]] = {}
        self.form_keys: dict[int, frozenset[str]] = {}  # an entry's spellings, normalised
        self._cuts: dict[str, tuple[int, ...]] = {}  # jieba cut offsets by clause window
        self._commons: dict[str, bool] = {}  # a pinyin candidate's piece: a common word?
        # jieba's verdicts on small windows: a short near candidate off the words? the
        # word before a one-character term (:meth:`_short_near_off_word`, :meth:`word_before`)
        self._small_cuts: dict[tuple[str, int], str | bool] = {}
        # a pinyin candidate's verdict by its stretch of text (:meth:`_pinyin`), and how
        # far from it an entry's verdict reads
        self._verdicts: dict[tuple[Any, ...], int] = {}
        self._reach: dict[int, int] = {}
        self._jieba: Any = None
        self._jieba_lock = threading.Lock()
        self._lists: dict[str, Any] = {}  # list (and numpy) forms of the translate tables
        # jieba's user words (and the lexicon's digest, which names its stored state)
        self._jieba_words = (lexicon.digest(), tuple(self._user_words()))
        self._build()
        _free_build_tables()
        # Per text key: is one of its values a pattern's trigger (``required``)?
        self.triggers = bytes(any(k.kind == "required" for k in v) for v in self.text_ac.values)

    # ---- build
    def _add(self, ac: _Automaton, key: str, value: _Key) -> None:
        ac.add(key, value)

    def _build(self) -> None:
        from pypinyin import lazy_pinyin

        for i, e in enumerate(self.entries):
            cat = self.cats[e.category]
            # Exceptions are looked up in the normalised text, noise (punctuation between
            # characters) removed: normalise them the same way, or "理由：发誓" never matches.
            # An exception that normalises to the term itself (滚滚 → 滚: repeats collapse)
            # would cancel every match of the term: it is left out.
            own = {self.norm.normalise(f) for f in e.forms} | {self.norm.key(f) for f in e.forms}
            self.exceptions[i] = tuple(
                v
                for v in dict.fromkeys(
                    v for x in e.exceptions for v in (self.norm.normalise(x), self.norm.key(x))
                )
                if v not in own
            )
            if e.regex is not None:
                re.compile(e.regex)  # a bad pattern fails the build, not a later post
                rx = self.patterns[i] = e.regex.translate(self._pattern_fold())
                # Tried only where a lexicon keyword (``anchor``) and a word the pattern
                # itself requires (``required``) both occur: each alone may be common
                # (没, 为什么), together they are rare, and no match is lost.
                # The keywords are checked with ``in`` once a required word occurred (often
                # common words).  Per top-level branch, the rarest required set triggers
                # (``required``), the others must occur too (``conjuncts``).
                branches = branch_requirements(rx, self._frequencies())
                self._add_sound(i, e, rx, branches)
                if branches is None:
                    for a in e.anchors:
                        self._add(self.text_ac, self.norm.key(a), _Key(i, a, "anchor"))
                    if not e.anchors:
                        self.always.append(i)
                else:
                    for b, sets in enumerate(branches):
                        trigger = _Key(i, "", "required", branch=b)  # one for all its words
                        for a in sorted(sets[0]):
                            self._add(self.text_ac, a, trigger)
                        self.conjuncts[i, b] = tuple(tuple(sorted(x)) for x in sets[1:])
                    self.keywords[i] = tuple({self.norm.key(a) for a in e.anchors})
                continue
            readings: set[str] = set()
            self.form_keys[i] = frozenset(self.norm.key(f) for f in e.forms)
            for form in e.forms:
                k = self.norm.key(form)
                ascii_word = k.isascii()
                self._add(self.text_ac, k, _Key(i, form, "text", ascii_word))
                cjk = [c for c in k if _is_cjk(c)]
                if not self._sounded(e) or len(cjk) < 2 or len(cjk) != len(k):
                    continue
                table_syl = [self.py_table.get(ord(c), c) for c in k]
                phrase_syl = lazy_pinyin(k)
                spellings = {tuple(table_syl), tuple(phrase_syl)}
                spellings |= {tuple(fuzz(x) for x in syl) for syl in spellings}
                readings.update("".join(fuzz(x) for x in syl) for syl in spellings)
                for syl in spellings:
                    if not all(x.isascii() and x.isalpha() for x in syl):
                        continue
                    # The CJK rendering (syllables between delimiters); typed or mixed pinyin
                    # (wocao, dao演) in a second automaton, run only on text with ASCII letters.
                    code = render_key(syl)
                    if code is not None:
                        self._add(self.py_ac, code, _Key(i, form, "pinyin", py=code))
                    py = "".join(syl)
                    self._add(self.typed_ac, py, _Key(i, form, "pinyin", py=py))
                if cat.near:
                    self._add_near(i, form, cat, (tuple(table_syl), tuple(phrase_syl)))
                    self._add_shapes(i, k)
                if cat.initials:
                    self._add_initials(i, k, 4 if cat.initials_long else 3)
            if readings:
                self.entry_pinyin[i] = readings
        if not len(self.py_ac):
            self.py_ac = self.typed_ac = None

    def _add_shapes(self, i: int, spelling: str) -> None:
        """形近 (M107 判罚依据): the spelling with one character swapped for one that looks
        like it (马由 for 马甲, 崩渍 for 崩溃: ``_shape.txt``), as a key of its own; the
        swap is confirmed only where the written characters are no ordinary word
        (:meth:`_rejected`).  The characters left as written must carry the word: one of
        them no character of plain talk (:data:`_PLAIN`: 淹一个 is no base for 渣一个, nor
        歹毒 for 太毒, 上一场 for 上一扬); and in a spelling shorter than
        :data:`NEAR_LONG_CHARS` the look-alike must be no such character either: two
        characters with an everyday one swapped in are ordinary text (好的 is no 妈的)."""
        freq = self._frequencies()

        def plain(c: str) -> bool:
            return int(freq.get(c) or 0) >= _PLAIN

        for p, c in enumerate(spelling):
            if all(plain(o) for o in spelling[:p] + spelling[p + 1 :]):
                continue
            for v in self.shapes.get(c, ()):
                if len(spelling) < NEAR_LONG_CHARS and plain(v):
                    continue
                swapped = self.norm.key(spelling[:p] + v + spelling[p + 1 :])
                if swapped != spelling and swapped not in self.form_keys[i]:
                    self._add(self.text_ac, swapped, _Key(i, swapped, "shape"))

    def _add_initials(self, i: int, spelling: str, shortest: int) -> None:
        """Entry ``i``'s spelling by its pinyin initials (tmd; ``@initials long``: four
        letters or more, bdhs), if it has ``shortest`` letters."""
        initials = "".join(self.py_table.get(ord(c), "?")[0] for c in spelling)
        if initials.isascii() and initials.isalpha() and len(initials) >= shortest:
            self._add(self.text_ac, initials, _Key(i, initials, "initials", True))

    def _sounded(self, e: Entry) -> bool:
        """Is entry ``e`` heard (音近, 近音, initials): its category's ``@pinyin`` on and no
        ``@sound off`` above it?"""
        return self.cats[e.category].pinyin and e.heard

    def _pattern_fold(self) -> dict[int, str]:
        """The look-alike and dialect table's CJK characters (申 甲, 佢 他), for patterns:
        a pattern's characters read as the text is read (a look-alike of a common
        character, 申 for 甲, leaves no 申请 in the normalised text to match)."""
        return {
            k: v
            for k, v in self.norm.look.items()
            if _is_cjk(chr(k)) and len(v) == 1 and _is_cjk(v)
        }

    def _add_sound(
        self, i: int, e: Entry, regex: str, branches: list[list[set[str]]] | None
    ) -> None:
        """The loose sound copy of pattern ``i`` (``regex``, folded) and its triggers in the
        pinyin automaton: each word of a branch's trigger set (its anchors, without sets),
        as heard."""
        if not self._sounded(e):
            return
        table, members = _sound_tables(self.confusion)
        pattern = sound_pattern(regex, table)
        if pattern is None:
            return
        self.sound_patterns[i] = pattern
        if not self.sound_codes:
            codes = _syllable_codes()
            self.sound_codes = {
                codes[py]: table[cp] for cp, py in self.py_table.items() if cp in table
            }
        # (the lexicon keywords, what a writer would cloak: a branch's rarest set is often
        # plain talk, 有问题, heard in every other post)
        words = [(-1, e.anchors)] if e.anchors or not branches else [(0, branches[0][0])]
        freq = self.tokenizer().FREQ
        for b, group in words:
            for word in sorted({self.norm.key(w) for w in group}):
                self.sound_words.add(word)
                # (a word with an everyday character, 是谁, 看身份: its own reading is heard
                # in talk, never as a cloak)
                plain = any(c in _NEAR_SHORT_STOP or freq.get(c, 0) >= _PLAIN for c in word)
                own = "".join(fuzz(self.py_table.get(ord(c), "")) for c in word)
                for syl in trigger_spellings(word, table, members):
                    code = render_key(syl)
                    heard = "".join(map(fuzz, syl))
                    common = "".join(syl) in _common_sounds()
                    if code is None or common or (plain and heard == own):
                        continue
                    self.py_ac.add(code, _Key(i, word, "sound", py=code, branch=b))

    def _add_near(
        self, i: int, form: str, cat: Category, spellings: tuple[tuple[str, ...], ...]
    ) -> None:
        """Entry ``i``'s near sounds of ``form`` (its readings ``spellings``).  Under ``@near
        long`` (the built-in lexicons) a two-character form gets none that changes a
        syllable into a stop word's (立誓 → 你是, 烂人 → 狼人) or reads as a game word
        (弱鸡 → 逻辑): those would be words of their own, every time."""
        near = self.entry_near.setdefault(i, set())
        short = cat.near_long and len(spellings[0]) < NEAR_LONG_CHARS
        for syl in set(spellings):
            for alt in self._near_spellings(syl):
                if short and (
                    any(
                        a != b and a in self._stop_syllables()
                        for a, b in zip(alt, syl, strict=True)
                    )
                    or "".join(map(fuzz, alt)) in self._common_readings()
                ):
                    continue
                near.add("".join(alt))
                code = render_key(alt)
                if code is not None:
                    self._add(self.py_ac, code, _Key(i, form, "near", py=code))

    def _stop_syllables(self) -> frozenset[str]:
        """The readings of :data:`_NEAR_SHORT_STOP` (ni, shi, lang, cha …): under ``@near
        long`` a two-character spelling gets no near sound that changes one of its
        syllables into one of these (立誓 → 你是, 烂人 → 狼人 would be words of their own;
        :meth:`_short_near_stopped` rejects the rest at match time)."""
        got = getattr(self, "_stop_syl", None)
        if got is None:
            got = self._stop_syl = frozenset(
                fuzz(self.py_table[ord(c)]) for c in _NEAR_SHORT_STOP if ord(c) in self.py_table
            ) | frozenset(
                self.py_table[ord(c)] for c in _NEAR_SHORT_STOP if ord(c) in self.py_table
            )
        return got

    def _common_readings(self) -> frozenset[str]:
        """The readings of the two-character words of ``_common.txt`` (逻辑, 金水, 查杀 …):
        under ``@near long`` no two-character near sound is one of them (弱鸡 said 逻辑 would
        be the game's word, every time)."""
        got = getattr(self, "_common_py", None)
        if got is None:
            table = self.py_table
            words = self.lexicon.common or tables().common
            got = self._common_py = frozenset(
                "".join(fuzz(table[ord(c)]) for c in w)
                for w in words
                if len(w) == 2 and all(ord(c) in table for c in w)
            )
        return got

    def _frequencies(self) -> Mapping[str, int]:
        """Word frequencies for choosing a pattern's required words: jieba's dictionary,
        with the game-talk words of ``_common.txt`` counted as very common."""
        if self._freq is None:
            common = self.lexicon.common or tables().common
            self._freq = _Frequencies(self.tokenizer().FREQ, dict.fromkeys(common, 10**6))
        return self._freq

    def _near_spellings(self, syl: Sequence[str]) -> Iterable[tuple[str, ...]]:
        """Every spelling of ``syl`` with some syllables one confusion step away: at most
        one near syllable per two characters of the term (and at least one)."""
        from itertools import combinations, product

        if not all(x.isascii() and x.isalpha() for x in syl):
            return
        steps = max(1, len(syl) // 2)
        for n in range(1, steps + 1):
            for where in combinations(range(len(syl)), n):
                choices = [self.near.get(syl[k], ()) for k in where]
                if not all(choices):
                    continue
                for alt in product(*choices):
                    out = list(syl)
                    for k, a in zip(where, alt, strict=True):
                        out[k] = a
                    yield tuple(out)

    # ---- pickling (the on-disk cache): no lock, no jieba, no compiled patterns
    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state.update(
            _jieba=None,
            _jieba_lock=None,
            _regexes={},
            _cuts={},
            _commons={},
            _small_cuts={},
            _verdicts={},
            _reach={},
            _freq=None,
            _keyword_res={},
            _conjunct_res={},
            _lists={},
        )
        return self._stash(state)

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._jieba_lock = threading.Lock()

    # ---- jieba
    def tokenizer(self) -> Any:
        """Our own jieba tokenizer with the lexicon as user dictionary (built on first use)."""
        if self._jieba is None:
            with self._jieba_lock:
                if self._jieba is None:
                    self._jieba = _jieba_for(*self._jieba_words)
        return self._jieba

    def _user_words(self) -> Iterable[str]:
        seen: set[str] = set()
        for e in self.entries:
            for form in e.forms:
                k = self.norm.key(form)
                if len(k) >= 2 and all(_is_cjk(c) for c in k) and k not in seen:
                    seen.add(k)
                    yield k

    def boundaries(self, norm: str, start: int, end: int) -> bool:
        """Does [start, end) of the normalised text fall on jieba word boundaries?"""
        lo, cuts = self._cut(norm, start, end)
        return start - lo in cuts and end - lo in cuts

    def word_before(self, norm: str, start: int) -> str:
        """The jieba word of the normalised text that ends at ``start``, as jieba cuts the
        four characters before it and the one at it (a small window, remembered: posts
        repeat it); empty when no cut falls there."""
        lo = max(0, start - 4)
        window = norm[lo : start + 1]
        got = self._small_cuts.get((window, -1))
        if got is None:
            _, cuts = self._cut(window, start - lo, start - lo + 1)
            at = start - lo
            k = cuts.index(at) if at in cuts else 0
            if len(self._small_cuts) >= 65536:
                self._small_cuts.clear()
            got = self._small_cuts[window, -1] = window[cuts[k - 1] : at] if k else ""
        return str(got)

    def _cut(self, norm: str, start: int, end: int) -> tuple[int, tuple[int, ...]]:
        """jieba's cut offsets of the clause window around [start, end): where the window
        starts in ``norm``, and the offsets (from there) of every word's end."""
        lo = max(0, start - 8)
        hi = min(len(norm), end + 8)
        # Clip the window at sentence ends so the cut sees a whole clause.
        for k in range(start - 1, lo - 1, -1):
            if norm[k] in _SENTENCE_END:
                lo = k + 1
                break
        for k in range(end, hi):
            if norm[k] in _SENTENCE_END:
                hi = k
                break
        window = norm[lo:hi]
        cuts = self._cuts.get(window)
        if cuts is None:  # posts repeat clauses: each window is cut once per process
            pos, found = 0, [0]
            tokenizer = self.tokenizer()
            if isinstance(tokenizer.FREQ, WordFreqFile):
                tokenizer.FREQ.prefetch(window)
            for tok in tokenizer.cut(window, HMM=True):
                pos += len(tok)
                found.append(pos)
            if len(self._cuts) >= 65536:
                self._cuts.clear()
            cuts = self._cuts[window] = tuple(found)
        return lo, cuts

    # ---- matching
    def prefilter(self, text: str) -> bool:
        """The fast stage alone: could this text hold a banned phrase?"""
        norm = self.norm.normalise(text)
        if self._live(self.text_ac.indexed(norm), norm):
            return True
        if self._py_scan(norm):
            return True
        return bool(self.always)

    def find(self, text: str, categories: Collection[str] | None = None) -> list[PhraseMatch]:
        """Every banned phrase in ``text`` (spans refer to ``text``)."""
        if not text:
            return []
        if "[quote]" in text.lower():  # raw BBCode (CLI, dev set): quoted text is not charged
            text = QUOTE_RE.sub(lambda m: "\n" * len(m.group()), text)
        fast = self.norm.normalise(text)
        text_hits = self._live(self.text_ac.indexed(fast), fast)
        return self._finish(text, fast, text_hits, self._py_scan(fast), categories)

    def _finish(
        self,
        text: str,
        fast: str,
        text_hits: list[Any],
        py_hits: list[tuple[dict[int, str], list[Any]]],
        categories: Collection[str] | None,
        mapping: Callable[[], list[int]] | None = None,
    ) -> list[PhraseMatch]:
        """Confirm the hits of one text (``fast``: its normalised form; ``mapping``: gives
        its characters' original indices, if known)."""
        if not text_hits and not py_hits and not self.always:
            return []
        lazy = _LazyIndex(self.norm, text, fast, mapping)
        found = self._collect(text, fast, lazy, text_hits, py_hits, categories)
        if lazy.mismatch:  # the two paths disagree (combining marks …): trust the mapped one
            norm, idx = lazy.norm, lazy.idx
            text_hits = self._live(self.text_ac.indexed(norm), norm)
            py_hits = self._py_scan(norm)
            found = self._collect(text, norm, idx, text_hits, py_hits, categories)
        return [
            m
            for m in _resolve(found)
            if not mentioned(text, m) and not inside_game_word(text, m, self.game_words)
        ]

    def find_all(
        self, texts: Iterable[str], categories: Collection[str] | None = None
    ) -> list[list[PhraseMatch]]:
        """``[find(t) for t in texts]``, faster: the texts are normalised and scanned by each
        automaton together, as one string (C-level passes, no per-text Python work), and
        only the texts with a candidate go through :meth:`find`.  Same results: every
        normalisation step and key stays inside a text (:data:`BATCH_SEP` between them)."""
        texts = list(texts)
        out: list[list[PhraseMatch]] = [[] for _ in texts]
        if not texts:
            return out
        plain, joined = _unquoted(texts)
        if self.always or joined.count(BATCH_SEP) != len(texts) - 1:
            return [self.find(t, categories) for t in texts]  # texts holding the separator
        codes = index = None
        if len(joined) >= NUMPY_BATCH:
            codes = _codes(joined)
        # (a shorter batch, a nightly check's new posts, takes the dict tables: building
        # the list tables of :func:`_as_list` costs 30 ms each, more than they save on it)
        if codes is not None and int(codes.max()) < _LIST_SPAN:
            fast, codes, index = self.norm.normalise_codes(joined, codes)
        else:
            codes = None
            fast = self.norm.normalise(joined)
        parts: Sequence[str]
        if codes is not None:  # (the separators from the array; each text sliced on need)
            import numpy as np

            seps = np.flatnonzero(codes == ord(BATCH_SEP))
            if len(seps) != len(texts) - 1:
                return [self.find(t, categories) for t in texts]
            starts = [0, *(seps + 1).tolist(), len(fast) + 1]
            parts = _Slices(fast, starts)
        else:
            parts = fast.split(BATCH_SEP)
            if len(parts) != len(texts):
                return [self.find(t, categories) for t in texts]
            starts = list(accumulate((len(x) + 1 for x in parts), initial=0))
        # (where each text begins in the batch's original)
        at: list[int] = text_starts(plain).tolist() if index is not None else []
        # Each automaton's hits, in the offsets of the text they fall in.
        hits = self.text_ac.find_array(fast) if codes is not None else None
        if hits is not None and len(hits) >= 1000:
            live = self._live_batch(hits, fast, starts, parts)
        else:
            found = hits.tolist() if hits is not None else self.text_ac.find(fast)
            raw: dict[int, list[tuple[int, int]]] = {}
            i, nxt, base, got = -1, 0, 0, []  # the text the last hit fell in, where the next starts
            for key, _s, end in found:
                if end > nxt:  # (hits come by end: a new text only when one is passed)
                    i = bisect_right(starts, end - 1) - 1
                    nxt, base = starts[i + 1], starts[i]
                    got = raw.setdefault(i, [])
                got.append((end - 1 - base, key))
            live = {i: got for i, hits in raw.items() if (got := self._live(hits, parts[i]))}
        py: dict[int, list[tuple[dict[int, str], list[Any]]]] = {}
        if self.py_ac is not None:
            coded: dict[int, list[Any]] = {}
            if codes is not None:
                rendered = self._render_batch(codes)
            else:
                rendered = fast.translate(self.py_render)
            mapped: dict[int, Sequence[int]] = {}  # (each candidate text's original indices)
            for end, keys in self.py_ac.iter(rendered):
                # (a key whose piece alone rejects it never makes its text a candidate)
                kept = [k for k in keys if not self._dismissed(k, fast, end)]
                if not kept:
                    continue
                i = bisect_right(starts, end) - 1
                e = end - starts[i]
                if index is not None:  # (nor one its verdict in its text rejects: 关于春卷
                    # is no 愚蠢, whatever the post; decided as :meth:`_pinyin` does)
                    idx = mapped.get(i)
                    if idx is None:
                        idx = mapped[i] = self._batch_index(plain[i], parts, index, starts, at, i)
                    part = parts[i]
                    kept = [
                        k
                        for k in kept
                        if self._pinyin_holds(k, plain[i], part, idx, e + 1 - len(k.py), e + 1)
                    ]
                    if not kept:
                        continue
                coded.setdefault(i, []).append((e, kept))
            py = {i: [(self.py_render, hits)] for i, hits in coded.items()}
            for i, typed in self._typed_batch(fast, parts, starts, codes).items():
                py.setdefault(i, []).append((self.py_table, typed))
        for i in sorted(live.keys() | py.keys()):
            mapping = None
            if index is not None:  # (the text's slice of the batch's original indices)
                mapping = _slice_index(index, starts[i], starts[i + 1] - 1, at[i])
            out[i] = self._finish(
                plain[i], parts[i], live.get(i, []), py.get(i, []), categories, mapping
            )
        return out

    def _typed_batch(
        self, fast: str, parts: Sequence[str], starts: list[int], codes: Any = None
    ) -> dict[int, list[tuple[int, list[_Key]]]]:
        """Typed-pinyin hits of the texts of a batch that hold ASCII letters (by text:
        what ``typed_ac.iter`` gives on each one's plain rendering), those texts rendered
        and scanned together (no key holds :data:`BATCH_SEP`, which renders as itself).
        ``codes``: ``fast``'s code points, if at hand (the letters found by an array
        comparison, not a regex search through the batch)."""
        lettered: list[int] = []
        if codes is not None:
            import numpy as np

            letters = np.flatnonzero((codes >= ord("a")) & (codes <= ord("z")))
            if len(letters):
                found = np.searchsorted(np.asarray(starts, dtype=np.int64), letters, "right")
                lettered = np.unique(found - 1).tolist()
        else:
            m = _ASCII_LETTER.search(fast)
            while m is not None:
                i = bisect_right(starts, m.start()) - 1
                lettered.append(i)
                m = _ASCII_LETTER.search(fast, starts[i + 1])
        out: dict[int, list[tuple[int, list[_Key]]]] = {}
        if not lettered:
            return out
        source = BATCH_SEP.join([parts[i] for i in lettered])
        rendered = source.translate(self.py_table)
        at = list(accumulate((len(x) + 1 for x in rendered.split(BATCH_SEP)), initial=0))
        values = self.typed_ac.values
        hits = self.typed_ac.find(rendered)
        if codes is not None and hits:
            hits = self._typed_worth(hits, source, len(rendered))
        j, nxt, base, got = -1, 0, 0, []
        for key, _s, end in hits:
            if end > nxt:
                j = bisect_right(at, end - 1) - 1
                nxt, base = at[j + 1], at[j]
                got = out.setdefault(lettered[j], [])
            got.append((end - 1 - base, values[key]))
        return out

    def _typed_worth(
        self, found: list[tuple[int, int, int]], source: str, size: int
    ) -> list[tuple[int, int, int]]:
        """The typed-pinyin hits (key, start, end in ``source`` rendered, ``size`` long)
        :meth:`_pinyin` could confirm as far as the rendering decides: both ends on a
        character's edge (zhemeduo holds edu, which is no syllable of it), and the
        characters between not :meth:`_settled` for each of the key's values (chusheng
        written 出生)."""
        import numpy as np

        lengths = self._lists.get("typed_lengths")
        if lengths is None:  # (each character's length in the rendering)
            lengths = np.ones(_LIST_SPAN, dtype=np.int64)
            for cp, v in self.py_table.items():
                if cp < _LIST_SPAN:
                    lengths[cp] = len(v)
            self._lists["typed_lengths"] = lengths
        edges = np.zeros(size + 1, dtype=np.int64)  # a character's number at its edge, + 1
        cum = np.concatenate(([0], np.cumsum(lengths.take(_codes(source)))))
        edges[cum] = np.arange(1, len(cum) + 1)
        values = self.typed_ac.values
        out = []
        for key, s, e in found:
            a, b = int(edges[s]), int(edges[e])
            if a and b and not all(self._settled(v, source[a - 1 : b - 1]) for v in values[key]):
                out.append((key, s, e))
        return out

    def _dismissed(self, key: _Key, fast: str, end: int) -> bool:
        """:meth:`find_all`'s first look at a pinyin-automaton hit ending at ``end`` of the
        batch: rejected by its piece alone (:meth:`_settled`) or, a short near sound, by
        the few characters around it (:meth:`_short_near_off_word`)?"""
        s = end + 1 - len(key.py)
        if key.kind == "sound":
            return self._sound_dismissed(key, fast[s : end + 1]) or not self._near_conjuncts(
                key, fast, s, end + 1
            )
        return self._settled(key, fast[s : end + 1]) or self._short_near_off_word(
            key, fast, s, end + 1
        )

    def _batch_index(
        self, text: str, parts: Sequence[str], index: Any, starts: list[int], at: list[int], i: int
    ) -> Sequence[int]:
        """The original indices of text ``i`` of a batch, computed when a verdict first
        needs them (most candidates' verdicts are remembered and need none)."""
        span = _slice_index(index, starts[i], starts[i + 1] - 1, at[i])
        return _LazyIndex(self.norm, text, parts[i], span)

    def _settled(self, key: _Key, piece: str) -> bool:
        """Does :meth:`_pinyin` reject the pinyin candidate ``key`` over the characters
        ``piece`` whatever stands around them: a spelling of its entry (found as text
        already), or a common word of its own (出生 is not 畜生)?  Its checks all reject,
        so these two, decided early, leave the same matches."""
        return (
            piece in self.form_keys[key.entry]
            or self._short_near_stopped(key, piece)
            or self._common_piece(piece)
        )

    def _glide_written_plain(self, key: _Key, piece: str) -> bool:
        """A near sound by a medial pair (``f hu`` of ``_confusion.txt``: 灰物 for 废物),
        the accent's wider step, whose written characters are ordinary talk there: the
        glide character a common one (回 of 回屋, 话), or making a word of the dictionary
        with a character left as written beside it (我花式 is 我|花式, no 我发誓)."""
        if key.kind != "near":
            return False
        form = self.norm.key(key.form)
        if len(form) != len(piece) or not all(map(_is_cjk, piece)):
            return False
        glides = self.glides
        changed = [
            p
            for p, (c, f) in enumerate(zip(piece, form, strict=True))
            if c != f
            and _glided(self.py_table.get(ord(c), ""), self.py_table.get(ord(f), ""), glides)
        ]
        if not changed:
            return False
        freq = self.tokenizer().FREQ
        return any(
            freq.get(piece[p], 0) >= _GLIDE_WRITTEN
            or any(
                freq.get(w) and not set(w) <= set(form)
                for w in (piece[max(0, p - 1) : p + 1], piece[p : p + 2])
                if len(w) == 2
            )
            for p in changed
        )

    def _short_near(self, key: _Key, length: int) -> bool:
        """Is ``key`` a near sound of under :data:`NEAR_LONG_CHARS` characters of a
        category with ``@near long``?"""
        return (
            key.kind == "near"
            and length < NEAR_LONG_CHARS
            and self.cats[self.entries[key.entry].category].near_long
        )

    def _short_near_off_word(self, key: _Key, norm: str, s: int, t: int) -> bool:
        """A short near sound must be a word as written: jieba's cut of the few characters
        around it decides (a small window, which posts share and whose cut is remembered:
        好日子羊在 is 日子|羊, no 子羊 for 自淹).  The batch path asks it before a
        candidate's text is mapped back to its original (:meth:`find_all`)."""
        if not self._short_near(key, t - s):
            return False
        if self._grammar_dismissed(key, norm, s, t):
            return True  # 帖子里骂 is no 你妈, 追着 no 追责
        lo, hi = max(0, s - 3), min(len(norm), t + 3)
        window = norm[lo:hi]
        got = self._small_cuts.get((window, (s - lo) * 8 + t - lo))
        if got is None:
            if len(self._small_cuts) >= 65536:
                self._small_cuts.clear()
            got = not self.boundaries(window, s - lo, t - lo)
            self._small_cuts[window, (s - lo) * 8 + t - lo] = got
        return bool(got)

    def _short_near_stopped(self, key: _Key, piece: str) -> bool:
        """A near sound of under :data:`NEAR_LONG_CHARS` characters under ``@near long``
        holding a pronoun, a particle or a game word (你是 is not 立誓, 狼人 not 烂人); or a
        homophone of two characters, both changed, one of them such a word (里是 is no
        立誓: 发是 still is 发誓); or a near sound by the medial pair written as ordinary
        talk (:meth:`_glide_written_plain`); or a number written out (七十了 is no 气死了).
        """
        if self._counted(key, piece):
            return True
        if key.kind == "pinyin":
            if len(piece) != 2 or _NEAR_SHORT_STOP.isdisjoint(piece):
                return False  # (the common case: no key() of the form)
            form = self.norm.key(key.form)
            return len(form) == 2 and piece[0] != form[0] and piece[1] != form[1]
        if key.kind != "near" or self._glide_written_plain(key, piece):
            return key.kind == "near"
        if len(piece) >= NEAR_LONG_CHARS:
            return False
        return not _NEAR_SHORT_STOP.isdisjoint(piece) and bool(
            self.cats[self.entries[key.entry].category].near_long
        )

    def _counted(self, key: _Key, piece: str) -> bool:
        """A sound-alike whose changed character is a digit beside another numeral: a number
        as written (七十了, 四十个), not a cloak; a digit alone still cloaks (摔四, 你去四吧),
        and so does a place (万八蛋)."""
        if key.kind not in ("near", "pinyin") or sum(c in _COUNT_CHARS for c in piece) < 2:
            return False
        form = self.norm.key(key.form)
        if len(form) != len(piece):
            return False
        return any(
            c != f
            and c in _COUNT_DIGITS
            and (
                (p > 0 and piece[p - 1] in _COUNT_CHARS)
                or (p + 1 < len(piece) and piece[p + 1] in _COUNT_CHARS)
            )
            for p, (c, f) in enumerate(zip(piece, form, strict=True))
        )

    def _grammar_dismissed(self, key: _Key, norm: str, s: int, t: int) -> bool:
        """A near sound of two characters one of whose changed characters is a suffix bound
        to the word before it (the place word 里 of 帖子里, the aspect word 着 of 追着): the
        grammar of the sentence, not a cloak.  At the head of a clause the same 里 is one
        (里妈没教你)."""
        if t - s != 2 or key.kind != "near" or _BOUND_SUFFIXES.isdisjoint(norm[s:t]):
            return False
        form = self.norm.key(key.form)
        return len(form) == t - s and any(
            c != f and c in _BOUND_SUFFIXES and p > 0 and _is_cjk(norm[p - 1])
            for p, c, f in zip(range(s, t), norm[s:t], form, strict=True)
        )

    def _common_piece(self, piece: str) -> bool:
        """Is ``piece``, holding a CJK character, a common word (memoised: posts repeat
        their words)?"""
        common = self._commons.get(piece)
        if common is None:
            common = any(map(_is_cjk, piece)) and self._common_word(piece)
            if len(self._commons) >= 65536:
                self._commons.clear()
            self._commons[piece] = common
        return common

    def _render_batch(self, codes: Any) -> str:
        """The pinyin rendering of a normalised batch (its code points, below the list
        tables' span): :attr:`py_render`'s syllable codes, every other character blanked
        (one byte each for the automaton, where a CJK character without a reading or a
        CJK punctuation mark is three)."""
        got = self._lists.get("render_codes")
        if got is None:
            import numpy as np

            got = np.full(_LIST_SPAN, ord(_BLANK), dtype=np.uint16)
            for cp, v in self.py_render.items():
                if cp < _LIST_SPAN:
                    got[cp] = ord(v)
            self._lists["render_codes"] = got
        return bytes(got.take(codes).tobytes()).decode("utf-16-le")

    def _list(self, name: str) -> list[str]:
        got = self._lists.get(name)
        if got is None:
            got = self._lists[name] = _as_list(
                self.norm.table if name == "norm" else self.py_render
            )
        return got

    def _live(self, hits: list[tuple[int, int]], norm: str) -> list[Any]:
        """The text hits (end, key index) worth confirming, as (end, values): a pattern's
        trigger counts only where the rest of its branch's required words and one of its
        lexicon keywords occur too (each decided by one C-level search, once per post)."""
        out: list[Any] = []
        if not hits:
            return out
        values, triggers = self.text_ac.values, self.triggers
        verdict: dict[_Key, bool] = {}  # (a branch's trigger words share one key)
        for end, key in hits:
            if not triggers[key]:
                out.append((end, values[key]))
                continue
            kept = []
            for k in values[key]:
                if k.kind == "required":
                    ok = verdict.get(k)
                    if ok is None:
                        ok = verdict[k] = self._branch_holds(k, norm)
                    if not ok:
                        continue
                kept.append(k)
            if kept:
                out.append((end, kept))
        return out

    def _live_batch(
        self,
        hits: Any,
        fast: str,
        starts: list[int],
        parts: Sequence[str],
    ) -> dict[int, list[Any]]:
        """What :meth:`_live` gives for each text of a batch, from the text automaton's
        hits over the whole batch (``hits``: :meth:`_Automaton.find_array`), decided by
        branch rather than by hit: the texts each pattern branch's trigger hit, then its
        other required words and its keywords, each set first looked for in those texts
        joined (a set none of them holds ends the branch for all at once: 有问题 is common
        in game talk, 有问题 with 导演 in the same post is not), then text by text with
        :meth:`_live`'s own searches."""
        import numpy as np

        key_of, bid_ptr, bid_list, branch_keys, pure = self._branch_plan()
        keys, ends = hits[:, 0], hits[:, 2] - 1
        at = np.asarray(starts, dtype=np.int64)
        post = np.searchsorted(at, ends, "right") - 1
        # (hit, branch) pairs of the hits of keys that are only triggers
        tp = np.flatnonzero(pure[keys])
        counts = bid_ptr[keys[tp] + 1] - bid_ptr[keys[tp]]
        rep = np.repeat(tp, counts)
        offs = np.arange(len(rep)) - np.repeat(np.cumsum(counts) - counts, counts)
        bids = bid_list[bid_ptr[keys[rep]] + offs]
        n_b = max(1, len(branch_keys))
        pairs = post[rep] * n_b + bids
        alive: set[int] = set()
        if len(pairs):
            uniq = np.unique(pairs)
            branch_of = uniq % n_b
            for b in np.unique(branch_of).tolist():
                texts = (uniq[branch_of == b] // n_b).tolist()
                k = branch_keys[b]
                res = self._conjunct_res.get(k) or self._branch_checks(k)
                words = (*self.conjuncts.get((k.entry, k.branch), ()), self.keywords[k.entry])
                held: tuple[str, list[int]] | None = None  # (the texts joined, while the same)
                for rx, any_of in zip(res, words, strict=True):
                    if not any_of:
                        continue  # (no keywords: the empty search, found everywhere)
                    if len(texts) > 8:  # (one search through them joined)
                        if held is None:
                            held = _joined(fast, at, texts)
                        kept = _holding(any_of, *held, texts)
                        if len(kept) < len(texts):
                            held = None
                        texts = kept
                    else:  # (a literal alternation: searched between the text's ends in
                        # the batch, no slice)
                        texts = [
                            i
                            for i in texts
                            if rx.search(fast, starts[i], starts[i + 1] - 1) is not None
                        ]
                    if not texts:
                        break
                alive.update(i * n_b + b for i in texts)
        # the hits that stay: any of a key not only a trigger, a trigger's of a live branch
        keep = np.ones(len(keys), dtype=bool)
        keep[tp] = False
        if alive:
            ok = np.isin(pairs, np.fromiter(alive, dtype=np.int64, count=len(alive)))
            keep[rep[ok]] = True
        values, triggers = self.text_ac.values, self.triggers
        out: dict[int, list[Any]] = {}
        verdict: dict[tuple[int, _Key], bool] = {}
        rows = np.flatnonzero(keep)
        for i, end, key in zip(
            post[rows].tolist(),
            (ends[rows] - at[post[rows]]).tolist(),
            keys[rows].tolist(),
            strict=True,
        ):
            if not triggers[key]:
                out.setdefault(i, []).append((end, values[key]))
                continue
            kept = []
            for v in values[key]:
                if v.kind == "required":
                    b = key_of[v]
                    if pure[key]:
                        ok_ = i * n_b + b in alive
                    else:  # (a key that is also a word: decided here, as _live does)
                        ok_ = verdict.get((i, v))  # type: ignore[assignment]
                        if ok_ is None:
                            ok_ = verdict[i, v] = self._branch_holds(v, parts[i])
                    if not ok_:
                        continue
                kept.append(v)
            if kept:
                out.setdefault(i, []).append((end, kept))
        return out

    def _branch_plan(self) -> tuple[dict[_Key, int], Any, Any, list[_Key], Any]:
        """For :meth:`_live_batch`: each pattern branch's trigger (a ``required`` key) by
        number; for each text key, the branches it triggers (``bid_list[bid_ptr[k] :
        bid_ptr[k + 1]]``); and whether all its values are triggers."""
        got = self._lists.get("branch_plan")
        if got is None:
            import numpy as np

            key_of: dict[_Key, int] = {}
            ptr, flat, pure = [0], [], []
            for vals in self.text_ac.values:
                mine = [key_of.setdefault(v, len(key_of)) for v in vals if v.kind == "required"]
                flat.extend(mine)
                ptr.append(len(flat))
                pure.append(bool(mine) and len(mine) == len(vals))
            branch_keys = list(key_of)
            got = self._lists["branch_plan"] = (
                key_of,
                np.asarray(ptr, dtype=np.int64),
                np.asarray(flat, dtype=np.int64),
                branch_keys,
                np.asarray(pure, dtype=bool),
            )
        return got

    def _branch_holds(self, key: _Key, norm: str) -> bool:
        """Does ``norm`` hold a word of each other required set of the trigger's branch and
        one of its pattern's lexicon keywords (none: no condition)?  What
        :meth:`_branch_checks`' searches decide, by ``in`` (one post's text: no regex to
        compile, which cost a nightly check's few posts more than the searches)."""
        for words in (*self.conjuncts.get((key.entry, key.branch), ()), self.keywords[key.entry]):
            if words and not any(w in norm for w in words):
                return False
        return True

    def _branch_checks(self, key: _Key) -> tuple[re.Pattern[str], ...]:
        """The searches a trigger's post must pass: one for each other required set of its
        branch, then one for the pattern's lexicon keywords."""
        words = self.conjuncts.get((key.entry, key.branch), ())
        res = self._conjunct_res[key] = (
            *(
                re.compile("|".join(map(re.escape, sorted(w, key=len, reverse=True))))
                for w in words
            ),
            self._keyword_re(key.entry),
        )
        return res

    def _keyword_re(self, entry: int) -> re.Pattern[str]:
        rx = self._keyword_res.get(entry)
        if rx is None:
            words = sorted(self.keywords[entry], key=len, reverse=True)
            rx = re.compile("|".join(map(re.escape, words)) if words else "")
            self._keyword_res[entry] = rx
        return rx

    def _py_scan(self, norm: str) -> list[tuple[dict[int, str], list[Any]]]:
        """Pinyin-automaton hits, each list with the rendering table it was found in."""
        if self.py_ac is None:
            return []
        out: list[tuple[dict[int, str], list[Any]]] = []
        hits = list(self.py_ac.iter(norm.translate(self.py_render)))
        if hits:
            out.append((self.py_render, hits))
        if _ASCII_LETTER.search(norm):
            hits = list(self.typed_ac.iter(norm.translate(self.py_table)))
            if hits:
                out.append((self.py_table, hits))
        return out

    def _collect(
        self,
        text: str,
        norm: str,
        idx: Sequence[int],
        text_hits: list[Any],
        py_hits: list[tuple[dict[int, str], list[Any]]],
        categories: Collection[str] | None,
    ) -> list[tuple[PhraseMatch, bool]]:
        found: list[tuple[PhraseMatch, bool]] = []  # (match, from a pattern)
        anchored: set[int] = set()
        required: set[int] = set()
        for end_i, keys in text_hits:
            for key in keys:
                e = self.entries[key.entry]
                if categories is not None and e.category not in categories:
                    continue
                if key.kind == "anchor":
                    anchored.add(key.entry)
                    continue
                if key.kind == "required":
                    required.add(key.entry)
                    continue
                k = self.norm.key(key.form) if key.kind == "text" else key.form
                s, t = end_i + 1 - len(k), end_i + 1
                m = self._confirm(key, text, norm, idx, s, t)
                if m is not None:
                    found.append((m, False))
        for i in sorted(anchored):
            found.extend((m, True) for m in self._regex(i, text, norm, idx))
        for i in sorted(required):  # triggers whose branch's other words occurred (_live)
            found.extend((m, True) for m in self._regex(i, text, norm, idx))
        for i in self.always:
            if categories is None or self.entries[i].category in categories:
                found.extend((m, True) for m in self._regex(i, text, norm, idx))
        if py_hits:  # (most candidates have none: no call)
            found.extend(self._heard(py_hits, found, text, norm, idx, categories))
        for table, hits in py_hits:
            found.extend((m, False) for m in self._pinyin(hits, table, text, norm, idx, categories))
        return found

    def _span(self, text: str, idx: Sequence[int], s: int, t: int) -> tuple[int, int]:
        start, end = idx[s], idx[t - 1] + 1
        joins = self.norm.joins
        last = end - 1
        # a split character ends the span with all its parts (装辶畐, not 装辶)
        if joins and text[last] in self.norm.join_firsts:
            for n in (3, 2):
                if text[last : last + n].translate(self.norm.table) in joins:
                    end = last + n
                    break
        # Repeats collapsed into the last character belong to the span (卧卧卧槽槽).
        while end < len(text) and text[end] == text[end - 1] and (t >= len(idx) or idx[t] > end):
            end += 1
        return start, end

    def _bounded(self, text: str, norm: str, idx: Sequence[int], s: int, t: int) -> bool:
        """Word boundaries at both ends, where punctuation in the original text is a
        boundary too: noise removal joins 卧，槽 into 卧槽 (an evasion), but it must not
        turn "你这头猪，票都不会投" into a word 猪票."""
        return self.boundaries(norm, s, t) or self._clause_bounded(text, norm, idx, s, t)

    def _clause_bounded(self, text: str, norm: str, idx: Sequence[int], s: int, t: int) -> bool:
        """:meth:`_bounded` where jieba cuts through [s, t): clause punctuation in the
        original text right before or after it ends the text there for another cut."""
        start, end = self._span(text, idx, s, t)
        lo = s if _clause_break(text, start - 1, -1) else 0
        hi = t if _clause_break(text, end, 1) else len(norm)
        if lo == 0 and hi == len(norm):
            return False
        return self.boundaries(norm[lo:hi], s - lo, t - lo)

    def _excepted(self, entry: int, norm: str, s: int, t: int) -> bool:
        return self._exception_at(entry, norm, s, t) is not None

    def _excepted_here(
        self, entry: int, text: str, norm: str, idx: Sequence[int], span: tuple[int, int]
    ) -> bool:
        """An exception of ``entry`` over ``span``, not a word torn by a clause end: the
        normalised text drops the punctuation between characters, and 牛逼，票型 holds no
        逼票 (an exception of 逼); 发誓，违规 is still 发誓违规 (a phrase, not a word)."""
        at = self._exception_at(entry, norm, *span)
        if at is None:
            return False
        if norm[at[0] : at[1]] in text:
            return True  # (written as it stands, the common case: no offsets needed)
        a, b = self._span(text, idx, *at)
        os_, oe = self._span(text, idx, *span)
        return not (_torn(text[oe:b]) or _torn(text[a:os_][::-1]))

    def _exception_at(self, entry: int, norm: str, s: int, t: int) -> tuple[int, int] | None:
        """Where an exception of ``entry`` overlapping ``norm[s:t]`` stands (None: none)."""
        exceptions = self.exceptions[entry]
        if not exceptions:
            return None
        longest = self._longest_exception.get(entry)
        if longest is None:
            longest = self._longest_exception[entry] = max(map(len, exceptions))
        window = norm[max(0, s - longest + 1) : t + longest - 1]
        for x in exceptions:
            if not x or x not in window:
                continue  # the common case, decided in C
            lo = max(0, s - len(x) + 1)
            pos = norm.find(x, lo, t + len(x) - 1)
            while pos != -1 and pos < t:
                if pos + len(x) > s and (
                    pos < s or pos + len(x) > t or (pos == s and pos + len(x) == t)
                ):
                    return pos, pos + len(x)
                pos = norm.find(x, pos + 1, t + len(x) - 1)
        return None

    def _confirm(
        self, key: _Key, text: str, norm: str, idx: Sequence[int], s: int, t: int
    ) -> PhraseMatch | None:
        if self._rejected(key, text, norm, idx, s, t):
            return None
        e = self.entries[key.entry]
        os_, oe = self._span(text, idx, s, t)
        original = text[os_:oe]
        if key.kind == "initials":
            how: list[str] = ["首字母"]
        elif key.kind == "shape":
            how = ["形近", *(h for h in self.norm.how(original) if h != "形近")]
        else:
            how = self.norm.how(original) or ["原文"]
        return PhraseMatch(
            e.category, e.label, key.form, os_, oe, original, tuple(how), e.note, e.source
        )

    def _single_stands(self, text: str, norm: str, os_: int, oe: int, s: int) -> bool:
        """Is a one-character term (日, 操, 草, 靠, 滚, 猪) said on its own?  Not with CJK
        characters on both sides nor after a number (:func:`_standalone`), and not as the
        last character of a word: right after a CJK character it is the tail of what comes
        before when jieba cuts a word of two characters or more there (加速|日, 讨论|日,
        第二|日, 游戏|日: a game day, not 日了狗) unless that word is a lead-in of an
        exclamation or a call (赶紧滚, 你们滚, 真是猪) or ends in a classifier (这头猪), or
        (日 alone) when a numeral or date word stands right before it (三日, 那日, 周日)."""
        if norm[s] in _INSULT_ADJECTIVES and self._degree_insult(text, norm, os_, oe, s):
            return True
        if not _standalone(text, os_, oe):
            return self._exclaimed(text, norm, os_, oe, s)
        if os_ == 0 or not _is_cjk(text[os_ - 1]) or s == 0:
            return True  # the start of a clause: 草，这都能死
        before = self.word_before(norm, s)
        if len(before) == 1:  # 三日, 那日: a day (你这猪: a call)
            return norm[s] != "日" or before not in _DATE_BEFORE
        return (
            not before
            or before in context_word_sets()["LEAD_INS"]
            or before[-1] in _CLASSIFIERS  # 这头猪, 那只驴: a call
            or not all(map(_is_cjk, before))
        )

    def _degree_insult(self, text: str, norm: str, os_: int, oe: int, s: int) -> bool:
        """这么贱, 真够贱的, 太蠢了: an insulting adjective right after a degree adverb that
        ends its clause (alone or with 的, 了, 啊 …) — not 这么贱卖 (a word goes on), not
        我真够傻的 (said of oneself: 我 in the clause and nobody else)."""
        if self.word_before(norm, s) not in context_word_sets()["DEGREE_WORDS"]:
            return False
        end = oe + 1 if text[oe : oe + 1] in _ADJECTIVE_TAIL else oe
        if end < len(text) and _is_cjk(text[end]):
            return False
        lo = os_
        while lo > 0 and text[lo - 1] not in _CLAUSE_PUNCT:
            lo -= 1
        clause = text[lo:os_]
        return "我" not in clause or any(c in clause for c in "你他她")

    def _exclaimed(self, text: str, norm: str, os_: int, oe: int, s: int) -> bool:
        """草了, 真是操了: a one-character exclamation closed by a particle that ends its
        clause, opening the clause or after a lead-in (真是, 简直) — not 吃草了, 割草了."""
        if norm[s] not in _EXCLAIMS or text[oe : oe + 1] not in _EXCLAIM_TAIL:
            return False
        if oe + 1 < len(text) and not _clause_break(text, oe + 1, 1):
            return False
        if os_ == 0 or not _is_cjk(text[os_ - 1]) or s == 0:
            return True
        return self.word_before(norm, s) in context_word_sets()["LEAD_INS"]

    def _rejected(self, key: _Key, text: str, norm: str, idx: Sequence[int], s: int, t: int) -> str:
        """Why the text candidate ``key`` over ``norm[s:t]`` is no match (empty: it is one);
        what ``auditor lexicon test --explain`` shows."""
        if key.ascii_word and not _ascii_bounded(norm, s, t):
            return "字母在更长的英文或数字里"
        if (
            norm[s:t].isdigit()
            and t < len(norm)
            and norm[t] not in _NUMERIC_AFTER
            and (_is_cjk(norm[t]) or norm[t].isalnum())
        ):
            return "数字后面接单位：是数量"  # 250分钟, 748楼: not 二百五 / 去死吧
        if self._excepted_here(key.entry, text, norm, idx, (s, t)):
            return "例外"
        if self._shape_refused(key, text, norm, idx, s, t):
            return "形近的写法是常用词或不在分词边界上"
        cat = self.cats[self.entries[key.entry].category]
        piece = norm[s:t]
        repeated = norm.startswith(piece, t) or (
            s >= len(piece) and norm.startswith(piece, s - len(piece))
        )
        if (
            cat.boundary
            and not key.ascii_word
            and not repeated
            and not self._bounded(text, norm, idx, s, t)
        ):
            return "不在分词边界上"
        if t - s == 1 and cat.boundary:
            os_, oe = self._span(text, idx, s, t)
            if not self._single_stands(text, norm, os_, oe, s):
                return "单字不独立"
        return ""

    def _shape_refused(
        self, key: _Key, text: str, norm: str, idx: Sequence[int], s: int, t: int
    ) -> bool:
        """A look-alike swapped in (:meth:`_add_shapes`) where the written characters are an
        ordinary word, or no word of their own in jieba's cut."""
        return key.kind == "shape" and (
            self._common_piece(norm[s:t]) or not self._bounded(text, norm, idx, s, t)
        )

    def explain(self, text: str) -> list[tuple[PhraseMatch, str]]:
        """The literal occurrences of a lexicon spelling in ``text`` that :meth:`find` does
        not report, each as the match it would have been and why it is not: its checks
        (:meth:`_rejected`, with jieba's cut or the exception that rejected it), a rule
        named (:func:`mentioned`), a word of the game's own (``_game.txt``).  An occurrence
        inside a reported match (日 of 日了狗) is left out: it is found."""
        if "[quote]" in text.lower():
            text = QUOTE_RE.sub(lambda m: "\n" * len(m.group()), text)
        found = self.find(text)
        norm, idx = self.norm.mapped(text)
        out: list[tuple[PhraseMatch, str]] = []
        seen: set[tuple[int, int, int]] = set()
        for end_i, keys in self._live(self.text_ac.indexed(norm), norm):
            for key in keys:
                if key.kind not in ("text", "initials"):
                    continue
                e = self.entries[key.entry]
                k = self.norm.key(key.form) if key.kind == "text" else key.form
                s, t = end_i + 1 - len(k), end_i + 1
                os_, oe = self._span(text, idx, s, t)
                if (key.entry, os_, oe) in seen or any(
                    m.start <= os_ and oe <= m.end for m in found
                ):
                    continue
                seen.add((key.entry, os_, oe))
                m = PhraseMatch(
                    e.category,
                    e.label,
                    key.form,
                    os_,
                    oe,
                    text[os_:oe],
                    ("原文",),
                    e.note,
                    e.source,
                )
                why = self._rejected(key, text, norm, idx, s, t)
                out.append((m, self._why_text(why, key, text, norm, m, s, t)))
        return out

    def _why_text(
        self, why: str, key: _Key, text: str, norm: str, m: PhraseMatch, s: int, t: int
    ) -> str:
        """:meth:`explain`'s reason in full: the exception, jieba's cut, the word before."""
        if why == "例外":
            for x in self.exceptions[key.entry]:
                lo = max(0, s - len(x) + 1)
                pos = norm.find(x, lo, t + len(x) - 1)
                if pos != -1 and pos < t:
                    return f"例外“{x}”"
            return why
        if why == "不在分词边界上":
            lo, cuts = self._cut(norm, s, t)
            words = "|".join(norm[lo + a : lo + b] for a, b in pairwise(cuts))
            return f"不在分词边界上（jieba：{words}）"
        if why == "单字不独立":
            before = self.word_before(norm, s) if s else ""
            if before:
                return f"单字不独立：紧跟在“{before}”后面"
            return "单字不独立：两边都是汉字或前面是数字"
        if why:
            return why
        if other_sense(text, m):
            return "日常的意思（看紧挨着的字或同一句话：大号奶茶、那场会、替补门将）"
        if mentioned(text, m):
            return "提到规则或转述别人的话，不是自己说的"
        rx = game_word_re(self.game_words)
        for w in rx.finditer(text) if rx is not None else ():
            if w.start() <= m.start and m.end <= w.end():
                return f"在版杀自己的词“{w.group()}”里面"
        return "在另一个类别的更长命中里"

    def _readings(self, clause: str, s: int, t: int) -> list[str]:
        """Toneless pinyin of a CJK clause as pypinyin reads it (phrase-aware), where
        ``clause[s:t]`` is all that is compared: from the tables when no character of the
        clause lacks a reading and no phrase that reads one of ``clause[s:t]`` otherwise
        occurs in the clause (:func:`_reading_traps`), else from pypinyin itself (whose
        phrase dictionary takes 0.3 to 0.8 CPU s to load).  Outside ``[s, t)`` the
        table's readings stand in: only the length of the list is read there."""
        table, traps = self.py_table, self.reading_traps
        out: list[str] = []
        for k, c in enumerate(clause):
            r = table.get(ord(c))
            if r is None:
                return _clause_pinyin(clause)
            if s <= k < t:
                phrases = traps.get(c)
                if phrases is not None and any(x in clause for x in phrases):
                    return _clause_pinyin(clause)
            out.append(r)
        return out

    # A sound-alike that is itself a common word (jieba dictionary frequency at least this)
    # is that word: 出生 (1979) is not 畜生.  Evasions are rare coinages (卧草, 沙比: < 10);
    # sound-alikes that are both, like 麻痹, are listed in the lexicons as variants.
    COMMON_WORD_FREQ = 100

    def _common_word(self, piece: str) -> bool:
        return int(self.tokenizer().FREQ.get(piece) or 0) >= self.COMMON_WORD_FREQ

    def _regex(self, entry: int, text: str, norm: str, idx: Sequence[int]) -> Iterable[PhraseMatch]:
        e = self.entries[entry]
        rx = self._regexes.get(entry)
        if rx is None:
            rx = self._regexes[entry] = re.compile(self.patterns[entry])
        for m in rx.finditer(norm):
            if m.end() <= m.start() or self._excepted(entry, norm, m.start(), m.end()):
                continue
            os_, oe = self._span(text, idx, m.start(), m.end())
            original = text[os_:oe]
            how = ["句式", *self.norm.how(original)]
            yield PhraseMatch(
                e.category, e.label, e.term, os_, oe, original, tuple(how), e.note, e.source
            )

    def _heard(
        self,
        py_hits: Iterable[tuple[dict[int, str], Iterable[tuple[int, list[_Key]]]]],
        found: list[tuple[PhraseMatch, bool]],
        text: str,
        norm: str,
        idx: Sequence[int],
        categories: Collection[str] | None,
    ) -> list[tuple[PhraseMatch, bool]]:
        """The patterns whose trigger word the pinyin automaton heard, tried on the text's
        loose sound copy (:mod:`auditor.rules.sounds`) where the pattern itself found
        nothing: 拿命当保 (担保), 我场组 (场助), 以我的扔格担保 (人格)."""
        heard = {
            k.entry
            for table, hits in py_hits
            if table is self.py_render
            for end, keys in hits
            for k in keys
            if k.kind == "sound"
            and not self._sound_dismissed(k, norm[end + 1 - len(k.py) : end + 1])
            and self._near_conjuncts(k, norm, end + 1 - len(k.py), end + 1)
        }
        if not heard:
            return []
        seen = {m.source for m, pattern in found if pattern}
        copy = ""
        out: list[tuple[PhraseMatch, bool]] = []
        for i in sorted(heard):
            e = self.entries[i]
            if (categories is not None and e.category not in categories) or e.source in seen:
                continue
            rx = self._regexes.get(-1 - i)
            if rx is None:
                rx = self._regexes[-1 - i] = re.compile(self.sound_patterns[i])
            copy = copy or norm.translate(self._sound_copy_table())
            for m in rx.finditer(copy):
                if not self._heard_holds(i, norm, m.start(), m.end()):
                    continue
                os_, oe = self._span(text, idx, m.start(), m.end())
                original = text[os_:oe]
                how = ("句式", "音近", *self.norm.how(original))
                match = PhraseMatch(
                    e.category, e.label, e.term, os_, oe, original, how, e.note, e.source
                )
                out.append((match, True))
        return out

    def _sound_copy_table(self) -> str:
        """The table of :func:`auditor.rules.sounds.sound_table` (what the patterns were
        translated with) as one string over the BMP, for ``str.translate``: made from the
        pickled syllable rendering (a cached matcher does not import pypinyin for it), and
        no container for the garbage collector to walk through at every full collection
        (a dict of 40,000 entries kept alive slowed the whole phrase stage by a tenth)."""
        got: str | None = self._lists.get("sound")
        if got is None:
            codes = self.sound_codes
            chars = [chr(cp) for cp in range(0x10000)]
            for cp in range(SOUND_BASE, SOUND_BASE + SOUND_SPAN):
                chars[cp] = "\x01"
            for cp, code in self.py_render.items():
                if cp < 0x10000 and code in codes and heard(cp):
                    chars[cp] = codes[code]
            got = self._lists["sound"] = "".join(chars)
        return got

    def _near_conjuncts(self, key: _Key, text: str, s: int, t: int) -> bool:
        """Do the other words the trigger's branch requires (:attr:`conjuncts`, as
        written: a cloak rarely hides two of them) occur within a sentence's reach of the
        heard trigger ``text[s:t]``, and does no sound-alike at its ends make a word of
        the dictionary with the character beside it (家里奶茶 is no 历来)?"""
        freq = self.tokenizer().FREQ
        before, after = text[s - 1 : s + 1] if s else "", text[t - 1 : t + 1]
        if (key.form[0] != text[s] and freq.get(before)) or (
            key.form[-1] != text[t - 1] and len(after) == 2 and freq.get(after)
        ):
            return False
        sets = self.conjuncts.get((key.entry, key.branch), ())
        window = text[max(0, s - _REACH) : t + _REACH]
        return all(any(w in window for w in words) for words in sets)

    def _sound_dismissed(self, key: _Key, piece: str) -> bool:
        """A pattern's trigger word heard as ``piece``: no cloak by the piece alone?  The
        word as written (some pattern's own trigger has it), a piece that is not all CJK
        (3号 heard as 三号) or a word of the dictionary (不能, 还是), or a sound-alike
        that is a pronoun, a particle, a numeral or an everyday character.  Decided
        before the text becomes a candidate: most posts hold some word that sounds like
        a trigger."""
        if piece in self.sound_words:
            return True  # (the commonest case, first)
        got = self._sound_verdicts.get((key.form, piece))
        if got is None:
            freq = self.tokenizer().FREQ
            got = (
                not all(map(_is_cjk, piece))
                or bool(freq.get(piece))
                or any(
                    c != w
                    and (c in _NEAR_SHORT_STOP or c in _NUMERALS or freq.get(c, 0) >= _EVERYDAY)
                    for c, w in zip(piece, key.form, strict=False)
                )
            )
            if len(self._sound_verdicts) >= 65536:
                self._sound_verdicts.clear()
            self._sound_verdicts[key.form, piece] = got
        return got

    def _heard_holds(self, i: int, norm: str, s: int, t: int) -> bool:
        """Is the sound-copy match ``norm[s:t]`` of pattern ``i`` a cloaked one?  At least
        three characters, of which one in three at most (and at least one) is a
        sound-alike — no character of the pattern, but the sound of one (what the
        pattern's wildcards took is neither) —, each a real cloak (:meth:`_cloaks`).
        Not an exception of the entry."""
        if t - s < 3 or self._excepted(i, norm, s, t):
            return False
        own = self._pattern_chars.get(i)
        if own is None:  # (its characters, and the sounds of its CJK characters)
            own = frozenset(self.patterns[i]) | frozenset(self.sound_patterns[i])
            self._pattern_chars[i] = own
        table = self._sound_copy_table()
        subs = [
            p
            for p in range(s, t)
            if norm[p] not in own and _is_cjk(norm[p]) and norm[p].translate(table) in own
        ]
        return (
            bool(subs) and len(subs) <= max(1, (t - s) // 3) and self._cloaks(norm, s, t, subs, own)
        )

    def _cloaks(self, norm: str, s: int, t: int, subs: list[int], own: frozenset[str]) -> bool:
        """Are the sound-alikes ``subs`` of a sound-copy match over ``norm[s:t]`` cloaks,
        not words of their own: no pronoun, particle or everyday character (还在刷帖 is no
        再刷帖, 就来玩 no 就赖), none inside a game word (判蓝牌 is no 判烂), none making a
        word of the dictionary with a neighbour (存活 is no 蠢货, 烦死了 no 憨死了)?"""
        freq = self.tokenizer().FREQ
        if any(norm[p] in _NEAR_SHORT_STOP or freq.get(norm[p], 0) >= _EVERYDAY for p in subs):
            return False
        game = self._game_re()
        spans = [m.span() for m in game.finditer(norm, max(0, s - 6), t + 6)] if game else []
        if any(a <= p < b for a, b in spans for p in subs):
            return False
        return not any(
            freq.get(w)  # (however rare: 烦死)
            for p in subs
            for w in (norm[max(0, p - 1) : p + 1], norm[p : p + 2])
            if len(w) == 2 and not set(w) <= own
        )

    def _game_re(self) -> re.Pattern[str] | None:
        """:func:`game_word_re` of the game's own words, compiled once."""
        if "game_re" not in self._lists:
            self._lists["game_re"] = game_word_re(self.game_words)
        got: re.Pattern[str] | None = self._lists["game_re"]
        return got

    def _pinyin(
        self,
        hits: Sequence[tuple[int, list[_Key]]],
        table: dict[int, str],
        text: str,
        norm: str,
        idx: Sequence[int],
        categories: Collection[str] | None,
    ) -> Iterable[PhraseMatch]:

        # The syllable-code rendering has the text's offsets.  In the plain rendering (typed
        # pinyin) a hit maps back to characters only when both its ends fall on character
        # boundaries (bisect on each character's rendering offset).
        coded = table is self.py_render
        offsets: list[int] = []
        if not coded:
            offsets = list(accumulate(map(len, map(table.get, map(ord, norm), norm)), initial=0))
        for end_r, keys in hits:
            for key in keys:
                e = self.entries[key.entry]
                if key.kind == "sound" or (categories is not None and e.category not in categories):
                    continue  # (a pattern's sound trigger: :meth:`_collect` tries the pattern)
                rs, rt = end_r + 1 - len(key.py), end_r + 1
                if coded:
                    s, t = rs, rt
                else:
                    s = bisect_left(offsets, rs)
                    t = bisect_left(offsets, rt)
                    if (
                        s >= len(offsets)
                        or offsets[s] != rs
                        or t >= len(offsets)
                        or offsets[t] != rt
                    ):
                        continue  # not on syllable boundaries
                if t <= s or not self._pinyin_holds(key, text, norm, idx, s, t):
                    continue
                os_, oe = self._span(text, idx, s, t)
                original = text[os_:oe]
                if self._stop_across_clauses(key, norm[s:t], original):
                    continue
                how = ("音近" if key.kind == "pinyin" else "近音", *self.norm.how(original))
                yield PhraseMatch(
                    e.category, e.label, key.form, os_, oe, original, how, e.note, e.source
                )

    def _stop_across_clauses(self, key: _Key, piece: str, original: str) -> bool:
        """A sound heard across clause punctuation whose changed character is a pronoun,
        a particle or a game word (输了我背的，行了吧 is no 德行): a split cloak breaks a
        word's own characters apart, never the end of one clause and the start of the next."""
        if not any(c in CLAUSE_MARKS for c in original):
            return False
        form = self.norm.key(key.form)
        return len(form) == len(piece) and any(
            c != f and c in _NEAR_SHORT_STOP for c, f in zip(piece, form, strict=True)
        )

    def _pinyin_holds(
        self, key: _Key, text: str, norm: str, idx: Sequence[int], s: int, t: int
    ) -> bool:
        """Is the pinyin candidate ``key`` over ``norm[s:t]`` a match (``text``: the
        original, ``idx``: its index of each character of ``norm``)?"""
        if key.kind == "sound":
            return True  # (a pattern's sound trigger: the pattern decides, in _collect)
        # (posts repeat their sentences: the verdict of the candidate in the same stretch
        # of normalised text is remembered)
        reach = self._reach.get(key.entry)
        if reach is None:  # (an exception is looked for around the candidate)
            longest = max(map(len, self.exceptions[key.entry]), default=0)
            reach = self._reach[key.entry] = max(_CONTEXT, longest)
        lo, hi = max(0, s - reach), min(len(norm), t + reach)
        seen = (key, norm[lo:hi], s - lo, t - lo, lo == 0, hi == len(norm))
        verdict = self._verdicts.get(seen)
        if verdict is None:
            if len(self._verdicts) >= 65536:
                self._verdicts.clear()
            verdict = self._verdicts[seen] = self._pinyin_verdict(key, norm, s, t)
        if verdict == _REJECTED:
            return False
        return verdict != _IF_CLAUSE or self._clause_bounded(text, norm, idx, s, t)

    def _pinyin_verdict(self, key: _Key, norm: str, s: int, t: int) -> int:
        """Is the pinyin candidate ``key`` over ``norm[s:t]`` a match: :data:`_REJECTED`,
        :data:`_CONFIRMED`, or :data:`_IF_CLAUSE` (it must stand on word boundaries and
        jieba cuts through it: only clause punctuation in the original text around it can
        bound it, :meth:`_clause_bounded`)?  Reads ``norm`` no further than
        :data:`_CONTEXT` characters (or an exception's length) from the candidate."""
        piece = norm[s:t]
        if piece in self.form_keys[key.entry]:
            return _REJECTED  # found as text already
        if _inside_ascii_or_a_count(norm, s, t):
            return _REJECTED
        if self._short_near_stopped(key, piece) or self._short_near_off_word(key, norm, s, t):
            return _REJECTED  # 你是 is not 立誓, 狼人 not 烂人 (@near long)
        all_cjk = all(map(_is_cjk, piece))  # (no regex over the CJK ranges)
        cjk = all_cjk or any(map(_is_cjk, piece))
        if cjk and self._common_piece(piece):
            return _REJECTED  # 出生 is a word of its own, not 畜生 said another way
        if all_cjk:
            # pypinyin itself, phrase-aware, on this candidate's CJK clause only.
            lo = s
            while lo > max(0, s - 4) and _is_cjk(norm[lo - 1]):
                lo -= 1
            hi = t
            while hi < min(len(norm), t + 4) and _is_cjk(norm[hi]):
                hi += 1
            syl = self._readings(norm[lo:hi], s - lo, t - lo)
            if len(syl) == hi - lo:
                said = syl[s - lo : t - lo]
                if "".join(fuzz(x) for x in said) not in self.entry_pinyin[key.entry] and (
                    key.kind != "near" or "".join(said) not in self.entry_near[key.entry]
                ):
                    return _REJECTED
        if self._excepted_or_in_word(key, norm, s, t):
            return _REJECTED
        cat = self.cats[self.entries[key.entry].category]
        # A near-homophone always needs the word boundary (:meth:`_on_cuts`).
        if cjk and (cat.boundary or key.kind == "near") and not self._on_cuts(key, norm, s, t):
            return _IF_CLAUSE
        return _CONFIRMED

    def _excepted_or_in_word(self, key: _Key, norm: str, s: int, t: int) -> bool:
        """An exception of the entry over the candidate, or a sound-alike at its end that
        belongs to a word beyond it (一晚上结果 is no 上届: its 结 is 结果's)."""
        return self._excepted(key.entry, norm, s, t) or self._end_in_word(key, norm, s, t)

    def _end_in_word(self, key: _Key, norm: str, s: int, t: int) -> bool:
        """Does a sound-alike at an end of ``norm[s:t]`` make a word of the dictionary with
        the character beyond it (上结|果, 里|死 of 夜里)?  Then it is that word's, not a
        cloak: the check the word boundary makes, for a category without ``@boundary``."""
        form = self.norm.key(key.form)
        if len(form) != t - s or self.cats[self.entries[key.entry].category].boundary:
            return False
        if not all(map(_is_cjk, norm[s:t])):
            return False
        freq = self.tokenizer().FREQ
        return bool(
            (norm[t - 1] != form[-1] and t < len(norm) and freq.get(norm[t - 1 : t + 1]))
            or (norm[s] != form[0] and s > 0 and freq.get(norm[s - 1 : s + 1]))
        )

    def _on_cuts(self, key: _Key, norm: str, s: int, t: int, /) -> bool:
        """Does the pinyin candidate ``key`` over ``norm[s:t]`` stand on jieba's word
        boundaries, as written or — where only words jieba guessed (HMM, no word of its
        dictionary) cross its ends — with the lexicon spelling it sounds like in its
        place?  (里是 inside 耻里 is no 立誓: 耻里 … are cut from the dictionary.)"""
        lo, cuts = self._cut(norm, s, t)
        if s - lo in cuts and t - lo in cuts:
            return True
        form = self.norm.key(key.form)
        if len(form) != t - s or any(
            c != f and c in _NEAR_SHORT_STOP for c, f in zip(norm[s:t], form, strict=True)
        ):
            return False  # (毒是 is no 赌誓: 是 is a word of its own, every time)
        freq = self.tokenizer().FREQ
        for a, b in pairwise(cuts):
            # (a dictionary word across an end rejects the candidate if it takes one of the
            # cloak's own characters: 耻里 takes the 里 of 里是; 补上来 takes no 提 of 提补)
            if (
                (a < s - lo < b or a < t - lo < b)
                and freq.get(norm[lo + a : lo + b])
                and any(norm[p] != form[p - s] for p in range(max(s, lo + a), min(t, lo + b)))
            ):
                return False
        return self.boundaries(norm[:s] + form + norm[t:], s, t)


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


class _LazyIndex(Sequence[int]):
    """Original indices of the normalised text, computed (slowly) only when a match needs them."""

    def __init__(
        self,
        normaliser: Normaliser,
        text: str,
        fast: str,
        mapping: Callable[[], list[int]] | None = None,
    ) -> None:
        self._n, self._text, self._fast = normaliser, text, fast
        self._idx: list[int] | None = None
        self._mapping = mapping
        self.norm = fast
        self.mismatch = False

    @property
    def idx(self) -> list[int]:
        if self._idx is None:
            if self._mapping is not None:  # from the batch: the same steps, done at once
                self._idx = self._mapping()
            elif self._n.one_to_one(self._text, self._fast):
                self._idx = list(range(len(self._text)))  # the common case, decided in C
            else:
                self.norm, self._idx = self._n.mapped(self._text)
                self.mismatch = self.norm != self._fast
        return self._idx

    def __len__(self) -> int:
        return len(self.idx)

    def __getitem__(self, i):
        return self.idx[i]


class _Slices(Sequence[str]):
    """The texts of a normalised batch (``text.split(BATCH_SEP)``), each sliced when asked
    for: only the few with a candidate are."""

    def __init__(self, text: str, starts: list[int]) -> None:
        self._text, self._starts = text, starts

    def __len__(self) -> int:
        return len(self._starts) - 1

    def __getitem__(self, i):
        return self._text[self._starts[i] : self._starts[i + 1] - 1]


def _joined(fast: str, at: Any, texts: list[int]) -> tuple[str, list[int]]:
    """The ``texts`` (by number) of the batch ``fast`` joined by :data:`BATCH_SEP`, and
    where each begins in that (``at``: where each text begins in the batch, an array)."""
    import numpy as np

    picked = np.asarray(texts)
    begin, end = at[picked], at[picked + 1]
    where = np.zeros(len(texts) + 1, dtype=np.int64)
    np.cumsum(end - begin, out=where[1:])  # (each text with its separator)
    parts = [fast[a:b] for a, b in zip(begin.tolist(), (end - 1).tolist(), strict=True)]
    return BATCH_SEP.join(parts), where.tolist()


def _holding(words: Sequence[str], joined: str, starts: list[int], names: list[int]) -> list[int]:
    """The ``names`` of the texts joined in ``joined`` (``starts``: where each begins) that
    hold one of ``words`` (what the literal alternation of ``words`` finds in each): each
    word looked for through them joined (a C-level find; a set none of them holds, the
    common case, costs one find per word), from the next text after each occurrence (no
    word holds :data:`BATCH_SEP`)."""
    held: set[int] = set()
    for w in words:
        pos = joined.find(w)
        while pos != -1:
            k = bisect_right(starts, pos) - 1
            held.add(k)
            pos = joined.find(w, starts[k + 1])
    return [names[k] for k in sorted(held)]


def _slice_index(index: Any, a: int, b: int, origin: int) -> Callable[[], list[int]]:
    return lambda: (index[a:b] - origin).tolist()


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


def _import_jieba() -> Any:
    """``import jieba``, without the ``pkg_resources`` import jieba makes only to open its
    own data files (it costs more than the rest of jieba; without it jieba opens them by
    path, the same files)."""
    import sys

    if "jieba" in sys.modules or "pkg_resources" in sys.modules:
        import jieba

        return jieba
    sys.modules["pkg_resources"] = None  # type: ignore[assignment]  # import -> ImportError
    try:
        import jieba
    finally:
        del sys.modules["pkg_resources"]
    return jieba


def _installed(module: str) -> str:
    """Which copy of a package is installed: its main file's path, size and modification
    time (found without importing it, and without importlib.metadata, whose import alone
    costs more than loading a cached matcher); an upgrade rewrites the file."""
    import importlib.util

    try:
        spec = importlib.util.find_spec(module)
        origin = spec.origin if spec is not None else None
        st = os.stat(origin) if origin else None
    except (ImportError, ValueError, OSError):
        return "?"
    return f"{origin}:{st.st_size}:{st.st_mtime_ns}" if st else "?"


# --------------------------------------------------------------------------- disk cache

CACHE_FORMAT = 2


def _cache_key(paths: Sequence[str], default: bool) -> str:
    """The lexicon files' bytes (every file ``load`` would read, tables included), the
    tool's version, the matcher's own code and the versions of the packages the tables are
    built from."""
    h = hashlib.sha256(f"{CACHE_FORMAT}|{__version__}|{default}\n".encode())
    # The code that builds the matcher (a development checkout changes without a new version).
    for module in (__file__, lexicon_module.__file__):
        h.update(Path(module).read_bytes())
    for module in ("ahocorasick_rs", "pypinyin", "opencc", "emoji", "jieba"):
        h.update(f"{module}={_installed(module)}\n".encode())
    roots = [DEFAULT_DIR] if default else sorted(DEFAULT_DIR.glob("_*.txt"))
    for root in [*roots, *map(Path, paths)]:
        h.update(f"@{root}\n".encode())
        files = sorted(f for f in root.rglob("*") if f.is_file()) if root.is_dir() else [root]
        for f in files:
            h.update(f"{f.relative_to(root) if f != root else f.name}\n".encode())
            try:
                h.update(f.read_bytes())
            except OSError:
                h.update(b"<missing>")
    return h.hexdigest()[:32]


def cached_matcher(paths: Sequence[str] = (), default: bool = True) -> Matcher:
    """The matcher for the built-in lexicons (unless ``default`` is false) plus ``paths``,
    loaded from the disk cache when the same files were built before with this version,
    else built and written there (atomically: a temporary file renamed into place).  A
    cache that cannot be read or written is ignored: the matcher is built as usual."""
    folder = cache_dir()
    path = folder / f"matcher-{_cache_key(paths, default)}.pickle"
    try:
        with path.open("rb") as fh:
            m = pickle.load(fh)
        if isinstance(m, Matcher):
            return m
    except FileNotFoundError:
        pass
    except Exception:  # a damaged or foreign file: rebuild and overwrite it
        pass
    m = Matcher(load(paths, default=default))
    import tempfile  # (only where a cache file is written)

    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".matcher-", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "wb") as fh:
                pickle.dump(m, fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, path)
            _prune(folder, keep=path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        pass  # read-only or full: run without the cache
    return m


def _prune(folder: Path, keep: Path, most: int = 8, pattern: str = "matcher-*.pickle") -> None:
    """Keep the newest few cached files (older lexicon versions are not coming back)."""
    old = sorted(
        (p for p in folder.glob(pattern) if p != keep),
        key=lambda p: p.stat().st_mtime,
        reverse=True,
    )
    for p in old[most - 1 :]:
        p.unlink(missing_ok=True)


@lru_cache(maxsize=8)
def matcher_for(paths: tuple[str, ...] = (), default: bool = True) -> Matcher:
    """A cached matcher for the built-in lexicons plus ``paths`` (memory, then disk)."""
    return cached_matcher(paths, default)


def default_matcher() -> Matcher:
    return matcher_for((), True)


def find(text: str, categories: Collection[str] | None = None) -> list[PhraseMatch]:
    return default_matcher().find(text, categories)
