"""fillertext.bare_text: the post's own text without smiley codes, punctuation and spaces."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from auditor.models import Post
from auditor.rules.fillertext import _drop, bare_text


def _post(text: str, smilies: tuple[str, ...] = ()) -> Post:
    at = datetime(2026, 11, 20, 10, 0, tzinfo=ZoneInfo("Asia/Shanghai"))
    return Post(2, 1, 2, "饺子", 2, at, text, text, (text,), smilies=smilies)


def test_bare_text_drops_what_each_character_test_drops() -> None:
    """The translate table gives what testing every character with ``_drop`` gives, over
    every code point (punctuation, symbols, spaces of all kinds; + and ～ kept/dropped as
    the rule says), and smiley codes and [图片] go first."""
    every = "".join(chr(i) for i in range(0x110000) if not 0xD800 <= i < 0xE000)
    assert bare_text(_post(every)) == "".join(c for c in every if not _drop(c)).lower()
    assert bare_text(_post("顶[图片]！！ :lol 好～ABC+1", (":lol",))) == "顶好abc+1"
    assert bare_text(_post("。。。 ？？？")) == ""
