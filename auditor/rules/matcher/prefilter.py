"""Steps 2 and 3 of the matcher, the **prefilter** and the **pinyin prefilter**:
the aho-corasick automata (:class:`_Automaton`, over ``ahocorasick_rs``) that find every
candidate of the lexicon in a normalised text, or in its pinyin rendering, at C speed;
each key (:class:`_Key`) says which entry it stands for and how it was derived (the
text, its initials, a shape, a pattern's anchor or required word, pinyin, a near sound).
And the helpers of a batch (``find_all``): texts joined by :data:`BATCH_SEP`, sliced
and indexed only where a candidate needs it.

M107 判罚依据: "密码、外国语言、音近、形近": the keys hold the lexicon's own spellings and
the cloaked forms (initials such as wc / tmd / nmsl, pinyin, near sounds); nothing is
charged here: a candidate only goes on to :mod:`auditor.rules.matcher.confirm`.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Sequence
from itertools import chain
from typing import Any, NamedTuple

from auditor.rules.matcher.lazy import _Deferred
from auditor.rules.matcher.normalise import BATCH_SEP, Normaliser

# --------------------------------------------------------------------------- matcher


class _Key(NamedTuple):  # a tuple: the cached matcher's ~10,000 keys unpickle at C speed
    entry: int  # index into Matcher.entries
    form: str  # the lexicon spelling ("" for a pattern's trigger: one key for all its words)
    kind: str  # text | initials | shape | split | anchor | required | pinyin | near
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
