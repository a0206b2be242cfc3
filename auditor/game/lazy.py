"""Regular expressions compiled when first used, not at import.

Discovery's modules hold hundreds of patterns; a nightly run that finds nothing new loads
its stored discovery (a pickle naming these modules) and imports them without reading a
post.  ``lazy(p, flags)`` stands for ``re.compile(p, flags)``: the pattern is compiled the
first time one of its methods or attributes is used, and that method or attribute is then
kept on the object itself, so every later ``p.search`` is an ordinary attribute read (the
compiled pattern's bound method), not a call through ``__getattr__``.

It is not a ``re.Pattern``: ``isinstance(p, re.Pattern)`` is false and ``re.search(p, s)``
refuses it — call its methods (``p.search(s)``), or ``p.compiled()`` for the real pattern.
Copied or pickled, it is rebuilt from its text and flags.
"""

from __future__ import annotations

import re
from typing import cast


class _Lazy:
    def __init__(self, pattern: str, flags: int) -> None:
        self.__dict__["_args"] = (pattern, flags)

    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern (compiled once; ``re``'s cache keeps it)."""
        return re.compile(*self.__dict__["_args"])

    def __getattr__(self, name: str) -> object:
        # only called for a name not yet on the object: a private or special name is not
        # the pattern's (copy and pickle probe __setstate__ etc. on an empty object)
        if name.startswith("_"):
            raise AttributeError(name)
        value = getattr(self.compiled(), name)
        self.__dict__[name] = value
        return value

    def __reduce__(self) -> tuple[object, tuple[str, int]]:
        return lazy, self.__dict__["_args"]

    def __repr__(self) -> str:
        pattern, flags = self.__dict__["_args"]
        return f"lazy({pattern!r}, {flags})"


def lazy(pattern: str, flags: int | re.RegexFlag = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, compiled on first use."""
    return cast("re.Pattern[str]", _Lazy(pattern, int(flags)))
