"""Sentence patterns heard, not read: the loose sound copy of a text.

A word entry survives 音近 through the pinyin automaton (its spellings rendered as
syllables).  A sentence pattern (``re:`` entry: 拿命担保, 我场助比较信) is written in
characters, so 拿命当保 or 我场组 slipped past it.  Here each CJK character becomes the code
of its *loose* syllable — the toneless reading with every confusion pair of
``lexicons/_confusion.txt`` merged (l/n/r → l, zh → z, ch → c, sh → s, f → h, ang → an,
eng → en, ing → in, ü → u; and a medial pair, ``f hu``: f heard as h with the glide u,
发 fa → 花 hua, 飞 fei → 灰 hui) — and the pattern's CJK characters become the same codes.  The
copy has the text's length and offsets (one code per character), so a match maps back to
the original span as a match on the normalised text does.

Seed: M107 违规判定 判罚范围 "普通话、方言、密码、外国语言、音近、形近、以及明显的通配符"
(音近 covers the homophone and the near sound alike).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from itertools import product

# The loose syllables' codes: a Private Use Area block (one UTF-16 unit each).  A text's
# own characters in that block are blanked in the copy.
SOUND_BASE = 0xE000
SOUND_SPAN = 0x800
_BLANK = "\x01"
_CJK = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
# (a class range with a CJK end cannot be translated character by character)
_CJK_RANGE = re.compile("[\u3400-\u9fff]-[\u3400-\u9fff]")
# spellings of one trigger word, at most: past that only the zh/z-type merges are tried
MOST_SPELLINGS = 64

INITIALS = ("zh", "ch", "sh", *"bpmfdtnlgkhjqxrzcsyw")


def heard(cp: int) -> bool:
    """Is the character ``cp`` one the sound copy renders (a CJK ideograph of the BMP)?"""
    return bool(_CJK.match(chr(cp)))


def _split(syl: str) -> tuple[str, str]:
    for ini in sorted(INITIALS, key=len, reverse=True):
        if syl.startswith(ini) and len(syl) > len(ini):
            return ini, syl[len(ini) :]
    return "", syl


# A glide's final written without it: hu + i is h + uei, hu + n is h + uen.
_UNGLIDE = {"i": "ei", "n": "en"}


def medial(a: str, b: str) -> tuple[str, str] | None:
    """A pair ``f hu`` (an initial; another initial with the glide u): (the glide's
    initial, the plain initial) — ``("h", "f")`` — else None."""
    for x, y in ((a, b), (b, a)):
        if x in INITIALS and y.endswith("u") and y[:-1] in INITIALS:
            return y[:-1], x
    return None


def unglide(syl: str, glides: Mapping[str, str]) -> str:
    """``hua`` → ``fa``, ``hui`` → ``fei``, ``huang`` → ``fang`` under ``{"h": "f"}`` (a
    syllable of the glide's initial with u and more); every other syllable as it is."""
    ini, fin = _split(syl)
    to = glides.get(ini)
    if to is None or len(fin) < 2 or fin[0] != "u":
        return syl
    rest = fin[1:]
    return to + _UNGLIDE.get(rest, rest)


def glides_of(pairs: Iterable[tuple[str, str]]) -> dict[str, str]:
    """The medial pairs of a confusion table as :func:`unglide` reads them."""
    out: dict[str, str] = {}
    for a, b in pairs:
        got = medial(a, b)
        if got is not None:
            out[got[0]] = got[1]
    return out


def _classes(pairs: Iterable[tuple[str, str]]) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """The initials' merge (each initial → its class's representative) and the finals'
    suffix rewrites (longer → shorter, or the later → the earlier in sort order); a medial
    pair (:func:`medial`) is neither."""
    parent: dict[str, str] = {}

    def root(x: str) -> str:
        while parent.get(x, x) != x:
            x = parent[x]
        return x

    finals: list[tuple[str, str]] = []
    for a, b in pairs:
        if medial(a, b) is not None:
            continue
        if a in INITIALS and b in INITIALS:
            ra, rb = root(a), root(b)
            if ra != rb:
                lo, hi = sorted((ra, rb), key=lambda s: (len(s), s))
                parent[hi] = lo
        else:
            lo, hi = sorted((a, b), key=lambda s: (len(s), s))
            finals.append((hi, lo))
    return {x: root(x) for x in INITIALS}, finals


def loose(syl: str, initials: Mapping[str, str], finals: Sequence[tuple[str, str]]) -> str:
    """``shang`` → ``san``; ``nv`` → ``lu``; ``feng`` → ``hen``."""
    ini, fin = _split(syl)
    for hi, lo in finals:
        if fin.endswith(hi):
            fin = fin[: len(fin) - len(hi)] + lo
            break
    return initials.get(ini, ini) + fin


def sound_table(
    readings: Mapping[int, str], pairs: Iterable[tuple[str, str]]
) -> tuple[dict[int, str], dict[str, frozenset[str]]]:
    """CJK character → its loose syllable's code (every other character as it is, the
    codes' own block blanked); and each loose syllable → the real syllables it stands for."""
    pairs = tuple(pairs)
    initials, finals = _classes(pairs)
    glides = glides_of(pairs)
    codes: dict[str, str] = {}
    members: dict[str, set[str]] = {}
    table: dict[int, str] = dict.fromkeys(range(SOUND_BASE, SOUND_BASE + SOUND_SPAN), _BLANK)
    for cp, py in readings.items():
        if not heard(cp):
            continue  # (digits stay digits: a pattern's \d and {1,3} read them)
        key = loose(unglide(py, glides), initials, finals)
        code = codes.get(key)
        if code is None:
            if len(codes) >= SOUND_SPAN:
                raise ValueError(f"more than {SOUND_SPAN} loose syllables")
            code = codes[key] = chr(SOUND_BASE + len(codes))
        table[cp] = code
        members.setdefault(code, set()).add(py)
    return table, {c: frozenset(v) for c, v in members.items()}


def sound_pattern(pattern: str, table: Mapping[int, str]) -> str | None:
    """The pattern with its CJK characters as loose codes (None: a pattern without one, or
    with a CJK class range, which no character-by-character copy keeps)."""
    if not _CJK.search(pattern) or _CJK_RANGE.search(pattern):
        return None
    return pattern.translate(table)


def trigger_spellings(
    word: str, table: Mapping[int, str], members: Mapping[str, frozenset[str]]
) -> list[tuple[str, ...]]:
    """The real-syllable spellings a trigger word of two or more CJK characters is heard
    as (each character: every syllable of its loose class), at most :data:`MOST_SPELLINGS`;
    none for a word with other characters or a single character (too common a sound to be
    worth a candidate)."""
    if len(word) < 2 or not all(_CJK.match(c) for c in word):
        return []
    classes = [sorted(members.get(table.get(ord(c), ""), ())) for c in word]
    if not all(classes):
        return []
    size = 1
    for c in classes:
        size *= len(c)
    if size > MOST_SPELLINGS:
        return []
    return list(product(*classes))
