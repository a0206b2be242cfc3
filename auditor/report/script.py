"""The directors' own script for the drafts they post (session 50; fh49: 小鹿 writes 繁體 in
台灣用語, her players too, and the announcement the tool drafted for her to post was in
simplified characters — every line of it hers to retype).

:func:`directors_script` reads it off the directors' own posts in the store: ``traditional``
when most of the characters that differ between the scripts are traditional ones.
:func:`in_script` writes a draft's own words in that script (OpenCC's ``s2tw``: characters and
Taiwan's variants, no phrase swaps such as 软件→軟體), and nothing else: the players' and the
directors' names are forum accounts, typed as they are; BBCode tags, links and quoted posts
stay exactly as they were.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path

from auditor.hanzi import t2s_table

TRADITIONAL = "traditional"
SIMPLIFIED = "simplified"
#: the least share of the script-telling characters that are traditional …
SHARE = 0.6
#: … among at least this many of them (a director who wrote a few words: simplified)
AT_LEAST = 20

# what is never converted: quoted posts, BBCode tags, links
_KEPT = re.compile(r"\[quote\].*?\[/quote\]|\[[^\[\]\n]{0,300}\]|https?://[^\s\[\]]+", re.S | re.I)
# the private-use characters a kept span stands in as while the rest is converted
_PLACE = 0xF0000


@lru_cache(maxsize=1)
def _simplified_only() -> frozenset[str]:
    """Characters OpenCC writes otherwise in traditional (``STCharacters``): 说, 发, 罚 …"""
    import opencc  # deferred: only when a game's drafts are written

    path = Path(opencc.__file__).parent / "dictionary" / "STCharacters.txt"
    out: set[str] = set()
    for line in path.read_text("utf-8").splitlines():
        simp, _, trads = line.partition("\t")
        if len(simp) == 1 and trads.split() and simp not in trads.split():
            out.add(simp)
    return frozenset(out)


def directors_script(texts: Iterable[str]) -> str:
    """:data:`TRADITIONAL` when at least :data:`SHARE` of the characters of ``texts`` that
    only one script has (and at least :data:`AT_LEAST` of them) are traditional; else
    :data:`SIMPLIFIED`."""
    trad_only, simp_only = t2s_table(), _simplified_only()
    trad = simp = 0
    for text in texts:
        for c in text:
            if ord(c) in trad_only:
                trad += 1
            elif c in simp_only:
                simp += 1
    told = trad + simp
    return TRADITIONAL if told >= AT_LEAST and trad >= SHARE * told else SIMPLIFIED


@lru_cache(maxsize=1)
def _converter() -> object:
    import opencc  # deferred: only for a director who writes traditional

    return opencc.OpenCC("s2tw")


def in_script(text: str, script: str, keep: Sequence[str] = ()) -> str:
    """``text`` in ``script``: unchanged for simplified; for traditional, its own words
    converted and ``keep`` (names), quoted posts, BBCode tags and links as they were."""
    if script != TRADITIONAL or not text:
        return text
    kept: list[str] = []

    def stand_in(m: re.Match[str]) -> str:
        kept.append(m.group(0))
        return chr(_PLACE + len(kept) - 1)

    names = sorted({k for k in keep if k}, key=len, reverse=True)
    pattern = _KEPT.pattern + "".join(f"|{re.escape(n)}" for n in names)
    masked = re.sub(pattern, stand_in, text, flags=_KEPT.flags)
    converted: str = _converter().convert(masked)  # type: ignore[attr-defined]
    return re.sub(
        f"[{chr(_PLACE)}-{chr(_PLACE + max(len(kept), 1) - 1)}]",
        lambda m: kept[ord(m.group(0)) - _PLACE],
        converted,
    )
