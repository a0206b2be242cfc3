"""One spelling for a director's text and the roster: NFKC (full-width forms, ｜ → |)
and traditional characters folded to simplified ones, character by character (關門 →
关门, 當選警長 → 当选警长, 開心果 → 开心果), so a post keeps its length and a name found in
the folded text stands where it stands in the post.  The table is OpenCC's t2s, read
per character from the package's own dictionary (``opencc-python-reimplemented``)."""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=1)
def _t2s() -> dict[int, str]:
    import opencc

    path = Path(opencc.__file__).parent / "dictionary" / "TSCharacters.txt"
    cc = opencc.OpenCC("t2s")
    table: dict[int, str] = {}
    for line in path.read_text("utf-8").splitlines():
        trad = line.split("\t", 1)[0].strip()
        if len(trad) != 1:
            continue
        simp = cc.convert(trad)
        if len(simp) == 1 and simp != trad:
            table[ord(trad)] = simp
    return table


def fold(text: str) -> str:
    """``text`` in NFKC with traditional characters as simplified ones."""
    return unicodedata.normalize("NFKC", text).translate(_t2s())
