"""What the matcher's steps share: a regular expression compiled on first use
(:class:`_LazyPattern`) and pickling that keeps groups of attributes aside until first
use (:class:`_Deferred`, for the on-disk cache of :mod:`auditor.rules.matcher.cache`).

No step of its own: machinery that lets a process meeting a clean post pay for none of
the evasions M107 判罚依据 names ("普通话、方言、密码、外国语言、音近、形近、以及明显的通配符").
"""

from __future__ import annotations

import pickle
import re
from collections.abc import Callable, Iterator
from typing import Any

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

    def sub(self, repl: str | Callable[[re.Match[str]], str], text: str) -> str:
        return self.compiled.sub(repl, text)

    def search(self, text: str) -> re.Match[str] | None:
        return self.compiled.search(text)

    def fullmatch(self, text: str) -> re.Match[str] | None:
        return self.compiled.fullmatch(text)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(text)


class _Deferred:
    """Pickling (the on-disk cache) that keeps some attributes aside, in groups
    (``_DEFER``), each group one pickled blob unpickled on the first use of one of its
    attributes: what a clean post does not need (readings, exceptions, the lexicon's
    entries, the tables of the steps' names) costs a process that meets no candidate
    nothing, and a pattern's trigger loads only its other required words."""

    _DEFER: tuple[tuple[str, ...], ...] = ()

    def _stash(self, state: dict[str, object]) -> dict[str, object]:
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
