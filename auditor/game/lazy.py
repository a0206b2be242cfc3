"""Regular expressions compiled when first used, not at import.

Discovery's modules hold hundreds of patterns; a nightly run that finds nothing new loads
its stored discovery (a pickle naming these modules) and imports them without reading a
post.  ``lazy(p, flags)`` stands for ``re.compile(p, flags)``: the pattern is compiled the
first time one of its methods or attributes is used, then every use goes to it.
"""

from __future__ import annotations

import re
from typing import cast


class _Lazy:
    __slots__ = ("_args", "_compiled")

    def __init__(self, pattern: str, flags: int) -> None:
        self._args = (pattern, flags)
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> object:
        compiled = self._compiled
        if compiled is None:
            compiled = self._compiled = re.compile(*self._args)
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy({self._args[0]!r}, {self._args[1]})"


def lazy(pattern: str, flags: int | re.RegexFlag = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, compiled on first use."""
    return cast("re.Pattern[str]", _Lazy(pattern, int(flags)))
