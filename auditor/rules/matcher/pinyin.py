"""Step 3's tables, the **pinyin prefilter**: every character to one syllable code
(:func:`_pinyin_table`, :func:`_pinyin_render`), a term's pinyin as the key the pinyin
automaton scans for (:func:`render_key`), and the near sounds one confusion step away
(:func:`_near_table`, :func:`fuzz`: 平翘舌不分; ``lexicons/_confusion.txt``).

M107 判罚依据: "方言 … 音近": 卧草 and wocao read as 卧槽, 呢色 as 乐色.  The rules of sound
themselves (initials, finals, medials) are :mod:`auditor.rules.sounds`; the automata
that scan these renderings are :mod:`auditor.rules.matcher.prefilter`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from functools import lru_cache

from auditor.rules.matcher.disk import _import_jieba
from auditor.rules.sounds import (
    glides_of,
    medial,
    sound_table,
    unglide,
)

DIGIT_PINYIN = dict(
    zip(
        "0123456789", ("ling", "yi", "er", "san", "si", "wu", "liu", "qi", "ba", "jiu"), strict=True
    )
)


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


COMMON_SOUND_FREQ = 500
# A pattern's trigger word counted this often is everyday talk (天天 1855, 导演 2105): its own
# sound is no sign of a cloak even when no other common word reads it (担保 796 is heard: 胆保).
OWN_SOUND_FREQ = 1000


@lru_cache(maxsize=1)
def _common_sounds() -> dict[str, str]:
    """The readings (toneless; 军事 junshi, not 军四 junsi) of jieba's dictionary words of two to four
    characters counted :data:`COMMON_SOUND_FREQ` times or more, each with its word ("" where two
    or more such words share it: 担保 alone reads danbao, so its own sound is heard as a trigger
    of 担保's patterns; 军事 and 军士 share junshi) (read from its own file: a few tenths of a
    second, at build time only)."""

    jieba = _import_jieba()
    table = _pinyin_table()
    out: dict[str, str] = {}
    with open(
        os.path.join(os.path.dirname(str(jieba.__file__)), jieba.DEFAULT_DICT_NAME), "rb"
    ) as fh:
        for raw in fh:
            word, count, *_ = raw.decode("utf-8").split(" ")
            known = all(ord(c) in table for c in word)
            if known and 2 <= len(word) <= 4 and int(count) >= COMMON_SOUND_FREQ:
                sound = "".join(table[ord(c)] for c in word)
                out[sound] = "" if out.get(sound, word) != word else word
    return out


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


# Under ``@near long`` a near sound of a spelling shorter than this is no match when it
# holds a pronoun, a particle or a word of the game (:data:`_NEAR_SHORT_STOP`): a
# two-character word with one sound changed is then usually a word of its own (你是 is not
# 立誓, 狼人 not 烂人, 延时 not 淹死, 祝你 not 助理, 我查 not 我擦, 玩吧 not 王八).
NEAR_LONG_CHARS = 3
# (咋 怎: question words, 咋整 is no 杂种; 去 the commonest verb of going, 谁去充 is no 蛆虫)
_NEAR_SHORT_STOP = frozenset("你我他她它们是的了吧吗呢啊呀在有和就都也还时人狼查验票刀投玩咋怎去")
# A trigger word with a character this frequent (看, 就, 是) is plain talk as written.
_PLAIN = 40_000


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
