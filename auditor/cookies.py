"""Where the forum's login cookies come from, without ever showing their values."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True, slots=True)
class CookieLine:
    """A raw ``Cookie:`` line written in the game file itself (``cookies = "a=1; b=2"``).

    Its text is a secret: ``repr``/``str`` never show it, so it cannot leak through an
    error message, a log line or a traceback's locals."""

    text: str = field(repr=False)

    def __str__(self) -> str:
        return "（游戏文件中的 Cookie 行）"

    def __repr__(self) -> str:
        return "CookieLine(<hidden>)"


CookieSource = Path | CookieLine


def looks_like_cookie_line(value: str) -> bool:
    """``name=value`` pairs rather than a file name (a file name has no ``=``)."""
    return "=" in value
