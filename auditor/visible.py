"""Invisible characters made visible, so a name or a post cannot be disguised.

A player name with a right-to-left override (U+202E) is shown reversed: ``饺子\u202e1`` can
pass for another player; zero-width characters make two different names look alike, or
hide a banned phrase in plain sight; a terminal's control codes in a post (``ESC[8m``
conceals what follows, ``ESC[2J`` clears the screen) would act on the director's terminal.
Wherever the tool shows forum text to a director (the HTML report, the desk, CLI tables and
messages, the announcement) each such character is written as its code point,
``<U+202E>``.  Stored data, CSVs and JSON keep the text exactly as the forum had it.
"""

from __future__ import annotations

#: Bidirectional controls: marks, embeddings, overrides and isolates.
BIDI_CONTROLS = (
    "\u061c"  # ARABIC LETTER MARK
    "\u200e\u200f"  # LEFT-TO-RIGHT / RIGHT-TO-LEFT MARK
    "\u202a\u202b\u202c\u202d\u202e"  # LRE RLE PDF LRO RLO
    "\u2066\u2067\u2068\u2069"  # LRI RLI FSI PDI
)
#: Characters that take no width (or look like nothing): zero-width space, non-joiner and
#: joiner, word joiner, the invisible operators, the BOM / zero-width no-break space, the
#: Mongolian vowel separator and the Hangul fillers (a well-known "blank name").
INVISIBLE = (
    "\u200b\u200c\u200d"  # ZERO WIDTH SPACE / NON-JOINER / JOINER
    "\u2060\u2061\u2062\u2063\u2064"  # WORD JOINER, the invisible operators
    "\ufeff"  # ZERO WIDTH NO-BREAK SPACE (BOM)
    "\u180e"  # MONGOLIAN VOWEL SEPARATOR
    "\u115f\u1160\u3164\uffa0"  # the Hangul fillers
)
#: Control characters but the line's own (tab, line feed, carriage return, which the
#: terminal's library handles): C0, DEL and C1.
CONTROLS = "".join(chr(c) for c in (*range(0x20), *range(0x7F, 0xA0)) if chr(c) not in "\t\n\r")
#: What a rendered terminal line may show of these: its own styling is ESC sequences.
MARKS = BIDI_CONTROLS + INVISIBLE
HIDDEN = MARKS + CONTROLS

_TABLE = {ord(c): f"<U+{ord(c):04X}>" for c in HIDDEN}
_HTML_TABLE = {ord(c): f"&lt;U+{ord(c):04X}&gt;" for c in HIDDEN}
_MARKS_TABLE = {ord(c): f"<U+{ord(c):04X}>" for c in MARKS}


def visible(text: str) -> str:
    """``text`` with every bidi control and invisible character written as ``<U+XXXX>``."""
    return text.translate(_TABLE)


def visible_marks(text: str) -> str:
    """``text`` with its bidi controls and invisible characters written out, its control
    characters kept: a terminal line the tool rendered (its styling is ESC sequences; the
    forum text in it was made :func:`visible` before)."""
    return text.translate(_MARKS_TABLE)


def visible_html(html: str) -> str:
    """The same for text that is already HTML: ``&lt;U+XXXX&gt;``, so no tag is formed."""
    return html.translate(_HTML_TABLE)


def has_hidden(text: str) -> bool:
    return any(c in text for c in HIDDEN)
