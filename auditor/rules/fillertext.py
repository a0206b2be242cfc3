"""What a filler post (水帖) is: the text test behind POST-FILLER and effective post counts.

A post is filler when its own text (quotes never count), with punctuation, spaces and
smiley codes taken out, is made only of filler words or of one character repeated, or is
empty while the post shows a smiley or only punctuation.  A post with an image, an
attachment or a link is not filler.  Pure functions: no rule, no context.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Sequence

from auditor.models import Post

# Words that carry no content on their own (a post made only of these is filler).  From
# the forum's own vocabulary of 灌水: bumping (顶, up, 沙发, 板凳), agreeing without a
# reason (+1, 同意, 附议), laughing (哈哈, 呵呵, 233, 2333), passing by (路过, 飘过, 看看,
# 围观, 冒泡, 打卡, 签到, 来了), bare interjections (嗯, 哦, 啊, 额, 呃, 噢, 唉).
DEFAULT_WORDS = [
    "顶",
    "up",
    "沙发",
    "板凳",
    "地板",
    "+1",
    "＋1",
    "同意",
    "附议",
    "哈",
    "呵",
    "嘿",
    "嘻",
    "233",
    "666",
    "路过",
    "飘过",
    "看看",
    "看戏",
    "围观",
    "冒泡",
    "打卡",
    "签到",
    "来了",
    "水",
    "灌水",
    "嗯",
    "哦",
    "噢",
    "啊",
    "额",
    "呃",
    "唉",
    "嗷",
    "hhh",
    "lol",
    "ok",
]

_REPEAT = re.compile(r"(.)\1+", re.S)


@functools.cache
def _drop(ch: str) -> bool:
    """Punctuation, symbols other than + and spaces carry no words."""
    if ch.isspace() or ch in "~～":
        return True
    cat = unicodedata.category(ch)
    return cat.startswith("P") or (cat.startswith("S") and ch not in "+＋")


class _Dropped(dict[int, int | None]):
    """``str.translate`` table: each character looked up once (:func:`_drop`), then a dict
    hit in C: the same text as testing every character of every post in Python."""

    def __missing__(self, code: int) -> int | None:
        kept = None if _drop(chr(code)) else code
        self[code] = kept
        return kept


_DROPPED = _Dropped()


def filler_pattern(words: Sequence[str]) -> re.Pattern[str]:
    alts = sorted({re.escape(w.lower()) for w in words if w}, key=len, reverse=True)
    return re.compile("(?:" + "|".join(alts) + ")+" if alts else r"(?!)", re.I)


def bare_text(post: Post) -> str:
    """The post's own text without smiley codes, punctuation and spaces, lower-cased."""
    text = post.text.replace("[图片]", "")
    for code in sorted(set(post.smilies), key=len, reverse=True):
        text = text.replace(code, "")
    return text.translate(_DROPPED).lower()


def is_filler(post: Post, words: re.Pattern[str]) -> bool:
    """Whether a post's own text is filler (see the module docstring)."""
    if post.images or post.attachments or post.links:
        return False
    own = post.text.strip()
    if not own:
        return False  # nothing of its own (a bare quote, or a hidden post): not judged
    bare = bare_text(post)
    if not bare:
        return True  # a lone smiley, or only punctuation (。。。 ？？？)
    if words.fullmatch(bare):
        return True
    return len(bare) >= 2 and _REPEAT.fullmatch(bare) is not None  # 啊啊啊, 111
