"""Traditional characters read as simplified, one character for one (offsets stay valid).

Players write 投票對象：湯圓 or 這票投給湯圓 on the same boards as 投票对象：汤圆 (a traditional
input method, a Hong Kong or Taiwan player): the words and the names are the same in another
script.  The table is OpenCC's (the ``opencc`` package, a declared dependency): its
``TSCharacters`` dictionary, each traditional character mapped to the first simplified one it
lists, only where both are one character — phrase conversions that change a text's length
are left out, so a span found in the folded text is the same span in the text as posted.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=1)
def t2s_table() -> dict[int, str]:
    """Traditional → simplified per character (``str.translate`` table), from OpenCC's
    ``TSCharacters.txt``: the same table as ``opencc.OpenCC("t2s")`` gives per character."""
    import opencc  # deferred: only when a text is folded

    path = Path(opencc.__file__).parent / "dictionary" / "TSCharacters.txt"
    table: dict[int, str] = {}
    for line in path.read_text("utf-8").splitlines():
        trad, _, simps = line.partition("\t")
        trad = trad.strip()
        first = simps.split()[0] if simps.split() else ""
        if len(trad) == 1 and len(first) == 1 and first != trad:
            table[ord(trad)] = first
    table.update((ord(variant), simple) for variant, simple in _VARIANTS.items())
    table.update(_japanese_forms(path.parent / "JPVariants.txt", table))
    return table


def _japanese_forms(path: Path, table: dict[int, str]) -> dict[int, str]:
    """Japanese forms of a character (対 for 對, 発 for 發: OpenCC's ``JPVariants``, read
    backwards) → the simplified character, the same character in a third script: a player
    with a Japanese input method types 投票対象 for 投票对象.  Only forms that are no simplified
    Chinese character (outside GB 2312), so no Chinese text changes (予, 欠, 糸 stay)."""
    forms: dict[int, str] = {}
    for line in path.read_text("utf-8").splitlines():
        trad, _, japanese = line.partition("\t")
        for form in japanese.split():
            if len(trad) != 1 or len(form) != 1 or form == trad or _is_gb2312(form):
                continue
            forms[ord(form)] = table.get(ord(trad), trad)
    return forms


def _is_gb2312(c: str) -> bool:
    try:
        c.encode("gb2312")
    except UnicodeEncodeError:
        return False
    return True


# Variant characters a traditional input method types that OpenCC's per-character table
# keeps as they are (琺瑯 is written for 珐琅; 衹 and 祇 for 只): folded to the one spelling.
_VARIANTS = {"瑯": "琅", "衹": "只", "祇": "只", "囘": "回", "擡": "抬"}


def to_simplified(text: str) -> str:
    """``text`` with every traditional character replaced by its simplified one (same
    length): ``這票投給湯圓`` → ``这票投给汤圆``."""
    return text.translate(t2s_table())
