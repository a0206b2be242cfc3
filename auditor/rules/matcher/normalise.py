"""Step 1 of the matcher, **normalise**: the text as a banned phrase would read
once its cloaks are taken off.

M107 判罚依据: "包括一切普通话、方言、密码、外国语言、音近、形近、以及明显的通配符".
This step undoes 形近 (the look-alike table ``lexicons/_lookalike.txt``), the
通配符 between characters (卧~槽, 卧.槽: :data:`NOISE_RE`), full/half width and case
(NFKC), traditional characters, emoji read as words (🐶 → 狗), financial digits
(壹 → 一), zero-width characters and repeated characters (卧卧卧槽槽: :data:`REPEAT_RE`);
quoted text is blanked (:func:`_unquoted`: DESIGN.md §8, a quote is not charged to the
quoter).  :class:`Normaliser` does it fast (one ``str.translate`` table) and with an
offset map back to the original text (:meth:`Normaliser.mapped`); the numpy passes
(:func:`_noise_kept`, :func:`_repeat_kept`) do it for ``find_all``'s long batches.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Any

from auditor.hanzi import t2s_table
from auditor.rules.matcher.lazy import CJK_RANGES, _Deferred, _LazyPattern
from auditor.rules.said.text import is_cjk as _is_cjk

ZERO_WIDTH = (
    "\u00ad\u034f\u180e\u200b\u200c\u200d\u200e\u200f\u2060\u2061\u2062\u2063\u2064\ufeff"
    "\ufe0e\ufe0f"  # emoji / text presentation selectors
    "\u20e3"  # the keycap around a digit: 1️⃣0️⃣5️⃣ reads 105
)
SKIN_TONES = "".join(map(chr, range(0x1F3FB, 0x1F400)))


# Face emoji (smileys) carry feelings, not words: their CLDR names are not read.
_FACE_RANGES = (
    (0x1F600, 0x1F64F),
    (0x1F910, 0x1F92F),
    (0x1F970, 0x1F97F),
    (0x1FAE0, 0x1FAE5),  # (🫦 lips and 🫧 bubbles are no faces: session 50)
    (0x1FAE8, 0x1FAEB),
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

    def sub(self, repl: str | Callable[[re.Match[str]], str], text: str) -> str:
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
# Pinyin typed with spaces (M107 判罚依据 “音近”: the word spelled out, its syllables or words
# apart): tie lian, wo cao, ｂｕ　ｃｈｅｎｇ　ｒｅｎ (NFKC makes the full-width letters and space
# ASCII) read joined, tielian.  Only a run of two or more ASCII words, one to three spaces
# apart, EVERY word of it made of pinyin syllables and no other ASCII word beside it: an
# English sentence holds words that are no syllables (let me tie it up), and stays as written.
# (The toneless syllables of the pinyin table, pinyin.py's, which tests/rules/matcher compare;
# m, n and hm, interjections, left out: a lone letter of an English run is no syllable here.)
_SYLLABLE_TEXT = (
    "a ai an ang ao ba bai ban bang bao bei ben beng bi bian biao bie bin bing bo bu ca cai "
    "can cang cao ce cei cen ceng cha chai chan chang chao che chen cheng chi chong chou chu "
    "chua chuai chuan chuang chui chun chuo ci cong cou cu cuan cui cun cuo da dai dan dang "
    "dao de den deng di dian diao die din ding diu dong dou du duan dui dun duo e ei en eng "
    "er fa fan fang fei fen feng fiao fo fou fu ga gai gan gang gao ge gei gen geng gong gou "
    "gu gua guai guan guang gui gun guo ha hai han hang hao he hei hen heng hm hong hou hu "
    "hua huai huan huang hui hun huo ji jia jian jiang jiao jie jin jing jiong jiu ju juan "
    "jue jun ka kai kan kang kao ke ken keng kong kou ku kua kuai kuan kuang kui kun kuo la "
    "lai lan lang lao le lei leng li lia lian liang liao lie lin ling liu lo long lou lu luan "
    "lun luo lv lve m ma mai man mang mao me mei men meng mi mian miao mie min ming miu mo "
    "mou mu n na nai nan nang nao ne nei nen neng ni nian niang niao nie nin ning niu nong "
    "nou nu nuan nun nuo nv nve o ou pa pai pan pang pao pei pen peng pi pian piao pie pin "
    "ping po pou pu qi qia qian qiang qiao qie qin qing qiong qiu qu quan que qun ran rang "
    "rao re ren reng ri rong rou ru rua ruan rui run ruo sa sai san sang sao se sen seng sha "
    "shai shan shang shao she shen sheng shi shou shu shua shuai shuan shuang shui shun shuo "
    "si song sou su suan sui sun suo ta tai tan tang tao te teng ti tian tiao tie ting tong "
    "tou tu tuan tui tun tuo wa wai wan wang wei wen weng wo wong wu xi xia xian xiang xiao "
    "xie xin xing xiong xiu xu xuan xue xun ya yan yang yao ye yi yin ying yo yong you yu "
    "yuan yue yun za zai zan zang zao ze zei zen zeng zha zhai zhan zhang zhao zhe zhen zheng "
    "zhi zhong zhou zhu zhua zhuai zhuan zhuang zhui zhun zhuo zi zong zou zu zuan zui zun "
    "zuo "
)
_SYLLABLES = frozenset(_SYLLABLE_TEXT.split()) - {"m", "n", "hm"}
_WORD_RUN = re.compile(r"(?<![a-z0-9])(?<![a-z] )[a-z]+(?: {1,3}[a-z]+)+(?![a-z0-9])(?! [a-z])")
_SPACED_LETTERS = re.compile(r"[a-z] {1,3}[a-z]")  # (where a run can be at all: a quick test)
_WORD_GAP = re.compile(r" +")


@lru_cache(maxsize=4096)
def pinyin_word(word: str) -> bool:
    """Is the ASCII word one or more toneless pinyin syllables (tie, lian, chengren)?"""
    n = len(word)
    ends = {0}
    for i in range(n):
        if i in ends:
            ends.update(j for j in range(i + 1, min(n, i + 6) + 1) if word[i:j] in _SYLLABLES)
    return n in ends


def _spaced_pinyin_spans(s: str, names: tuple[str, ...] = ()) -> Iterator[tuple[int, int]]:
    """The spaces inside each run of spaced pinyin words (:data:`_SYLLABLES`), one span a
    gap; a run inside ``names`` (runs of capitalised words, see :func:`capitalised_runs`)
    is a romanised name (Na Yang, Sha Bi), not joined."""
    if _SPACED_LETTERS.search(s) is None:
        return
    for run in _WORD_RUN.finditer(s):
        words = run.group().split()
        if all(map(pinyin_word, words)) and not _named(" ".join(words), names):
            base = run.start()
            for gap in _WORD_GAP.finditer(run.group()):
                yield base + gap.start(), base + gap.end()


def _named(run: str, names: tuple[str, ...]) -> bool:
    padded = f" {run} "
    return any(padded in f" {n} " for n in names)


# Words each written with a capital first letter, one after another (Na Yang, Ta Ma):
# in English, names; full-width letters as well.
_CAPITALISED_RUN = re.compile(
    r"(?<![A-Za-z0-9Ａ-Ｚａ-ｚ０-９])[A-ZＡ-Ｚ][a-zａ-ｚ]*"
    r"(?:[ \u3000]{1,3}[A-ZＡ-Ｚ][a-zａ-ｚ]*)+(?![A-Za-z0-9Ａ-Ｚａ-ｚ０-９])"
)


def capitalised_runs(text: str) -> tuple[str, ...]:
    """The runs of two or more capitalised words in the original ``text``, lower case and
    single-spaced: romanised names, which the spaced-pinyin pass leaves apart."""
    from unicodedata import normalize

    return tuple(
        " ".join(normalize("NFKC", m.group()).lower().split())
        for m in _CAPITALISED_RUN.finditer(text)
    )


class _SpacedPinyin:
    """The spaced-pinyin pass in the shape :func:`_splice` and ``normalise`` use;
    ``names``: :func:`capitalised_runs` of the original text."""

    def __init__(self, names: tuple[str, ...] = ()) -> None:
        self.names = names

    def finditer(self, text: str) -> Iterator[_Span]:
        return (_Span(text, a, b) for a, b in _spaced_pinyin_spans(text, self.names))

    def sub(self, repl: str, text: str) -> str:
        parts, last = [], 0
        for a, b in _spaced_pinyin_spans(text, self.names):
            parts.append(text[last:a])
            last = b
        return "".join(parts) + text[last:] if parts else text


SPACED_PINYIN = _SpacedPinyin()


def spaced_pinyin(original: str) -> _SpacedPinyin:
    """The spaced-pinyin pass for a text whose original is ``original``."""
    names = capitalised_runs(original)
    return _SpacedPinyin(names) if names else SPACED_PINYIN


def _spaced_pinyin_kept(s: str, names: tuple[str, ...] = ()) -> object:
    """``SPACED_PINYIN.sub("", s)``'s mask of the characters kept (None: all), for the
    array passes."""
    import numpy as np

    spans = list(_spaced_pinyin_spans(s, names))
    if not spans:
        return None
    keep = np.ones(len(s), dtype=bool)
    for a, b in spans:
        keep[a:b] = False
    return keep


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


def code_points(text: str) -> Any:
    """``text`` as a uint32 array of its code points (lone surrogates kept): the form the
    batch passes of step 1 and :mod:`auditor.rules.masked` work on."""
    import numpy as np

    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)


def text_of_code_points(codes: Any) -> str:
    """The text of a :func:`code_points` array (its inverse)."""
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


@lru_cache(maxsize=8)
def _cldr_names() -> tuple[tuple[str, str], ...]:
    """Each one-character emoji's Unicode CLDR Chinese short name of one to four CJK
    characters (the ``emoji`` package: 🪨 岩石, 👵 老奶奶, 🤡 小丑脸); a face whose name does
    not say 脸 (😀 嘿嘿, 😊 羞涩微笑) is named 脸: a face stands for 脸 by what it is (贴😳, 贴😊
    and 不要😀 are 贴脸 and 不要脸; session 50, blind28 B0094), only where a spelling needs
    that sound (:meth:`Matcher._emoji_readings`, :func:`_face_as_word` for 贴)."""
    import emoji

    emoji.config.load_language("zh")
    out: list[tuple[str, str]] = []
    for emo, data in emoji.EMOJI_DATA.items():
        e = emo.replace("\ufe0f", "")
        if len(e) != 1:
            continue
        name = str(data.get("zh") or "").strip(":")
        if any(lo <= ord(e) <= hi for lo, hi in _FACE_RANGES) and "脸" not in name:
            name = "脸"  # (a face is a face: 不要😀, 贴😊 — whatever CLDR calls it)
        if 1 <= len(name) <= 4 and all(_is_cjk(c) for c in name):
            out.append((e, name))
    return tuple(out)


def emoji_names(table: Mapping[int, str]) -> dict[str, set[str]]:
    """Each emoji's names: its CLDR Chinese short name (:func:`_cldr_names`) and what
    ``table`` (a :class:`Normaliser`'s emoji table) reads it as, CJK only."""
    out: dict[str, set[str]] = {}
    for e, name in _cldr_names():
        if name == "脸" and ord(e) in table:
            continue  # (a face the table reads, 😭 哭, 😡 气: that is what it says, not 脸)
        out.setdefault(e, set()).add(name)
    for cp, reading in table.items():
        if reading and all(_is_cjk(c) for c in reading):
            out.setdefault(chr(cp), set()).add(reading)
    return out


def _join_regex(joins: Mapping[str, str]) -> re.Pattern[str]:
    """One regex for the split characters, grouped by their first character (女(?:马|表|良)|…):
    a thousand literal branches side by side are tried one by one at every position."""
    by_first: dict[str, list[str]] = {}
    for k in sorted(joins, key=len, reverse=True):
        by_first.setdefault(k[0], []).append(re.escape(k[1:]))
    return re.compile(
        "|".join(f"{re.escape(c)}(?:{'|'.join(rest)})" for c, rest in sorted(by_first.items()))
    )


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
        self.join_re = _join_regex(self.joins) if self.joins else None
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
            s = spaced_pinyin(text).sub("", ASCII_NOISE_RE.sub("", s))
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
            s = text_of_code_points(codes)
            if self.join_re.search(s) is not None:
                s, idx = self.join_re.sub(lambda m: self.joins[m.group()], s), None
                codes = code_points(s)
                bits = table.take(codes)
        for step in (_noise_kept, _ascii_noise_kept, _repeat_kept):
            keep = step(codes, bits)
            if keep is not None:
                codes, bits = codes[keep], bits[keep]
                idx = None if idx is None else idx[keep]
        s = text_of_code_points(codes)
        # (after the repeats: they never touch a letter)
        keep = _spaced_pinyin_kept(s, capitalised_runs(text))
        if keep is not None:
            codes, idx = codes[keep], None if idx is None else idx[keep]
            s = text_of_code_points(codes)
        return s, codes, idx

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
            source = code_points(text)
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
        s, idx = _splice(s, idx, spaced_pinyin(text), lambda m: "")
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
        if spaced_pinyin(original).sub("", n) != n:
            tags.append("拼音分开写")
        if REPEAT_RE.sub(_first, n) != n:
            tags.append("叠字")
        return tags


def _splice(
    s: str,
    idx: list[int],
    rx: re.Pattern[str] | _LazyPattern | _SpacedPinyin,
    repl: Callable[[re.Match[str] | _Span], str],
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
