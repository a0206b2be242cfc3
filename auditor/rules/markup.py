"""Markup rules: red font (FONT-RED), enlarged font (FONT-SIZE), Discuz! code in last words
(CODE-LASTWORDS).

All three read the post's own rendered content (``Post.message_html``) with quote blocks,
jammer fragments, the edit notice and attachment tooltips left out, so nothing a player
quotes is charged to them.  A hidden (屏蔽) post is checked on whatever HTML is visible
(usually none).  Matches point at the styled text in ``Post.text``.

The walker here (:func:`own_segments`, :func:`own_elements`) is shared with
``paste.py``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from lxml.etree import _Element

from auditor.forum.parse.message import IMAGE_PLACEHOLDER, collapse, fragment, is_jammer
from auditor.forum.parse.smilies import smiley_code
from auditor.game.gamefile import ThreadKind
from auditor.models import Post
from auditor.rules.base import Context, Finding, GamePost, Match, Option, post_finding, rule
from auditor.rules.colors import RedBounds, classify, style_color

GAME_KINDS = (ThreadKind.DISCUSSION, ThreadKind.VOTE, ThreadKind.PROCESS, ThreadKind.RULES)

_SKIP_TAGS = frozenset({"script", "style", "noscript", "textarea"})
_BLOCK_TAGS = frozenset(
    {
        "div",
        "p",
        "li",
        "ul",
        "ol",
        "table",
        "tr",
        "td",
        "th",
        "blockquote",
        "dl",
        "dt",
        "dd",
        "center",
        "hr",
        "pre",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
    }
)


def _classes(el: _Element) -> set[str]:
    return set((el.get("class") or "").split())


def is_quote(el: _Element) -> bool:
    """A quote block: never the poster's own content."""
    if el.tag == "blockquote":
        return True
    return el.tag == "div" and bool({"quote", "reply_wrap"} & _classes(el))


def _not_content(el: _Element) -> bool:
    """Elements whose text the parser does not count as the post's own text."""
    tag = el.tag
    if not isinstance(tag, str) or tag in _SKIP_TAGS:
        return True
    if is_jammer(el) or is_quote(el):
        return True
    cls = _classes(el)
    if tag == "i" and "pstatus" in cls:  # 本帖最后由 … 编辑
        return True
    return tag == "div" and ("tip" in cls or (el.get("id") or "").endswith("_menu"))


def own_root(post: Post) -> _Element | None:
    if not post.message_html.strip():
        return None
    return fragment(post.message_html)


# ------------------------------------------------------------------ styled text segments


@dataclass(frozen=True, slots=True)
class Segment:
    """A piece of the post's own text with the colour and size in force on it."""

    text: str
    color: str | None  # the innermost colour as written ("Red", "#ff3333", "rgb(255,0,0)")
    size: str | None  # the innermost size: "5" (<font size>) or "20px" (font-size style)
    newline: bool = False  # a line break (text is "")


def _own_color(el: _Element) -> str | None:
    c = style_color(el.get("style"))
    if c is not None:
        return c
    if el.tag == "font" and el.get("color") is not None:
        return el.get("color")
    return None


def _own_size(el: _Element) -> str | None:
    s = style_color(el.get("style"), "font-size")
    if s is not None:
        return s
    if el.tag == "font" and el.get("size") is not None:
        return el.get("size")
    return None


def own_segments(post: Post) -> list[Segment]:
    """The post's own text, in order, as styled segments (quotes etc. left out)."""
    root = own_root(post)
    out: list[Segment] = []
    if root is None:
        return out

    def walk(el: _Element, color: str | None, size: str | None) -> None:
        if el.text:
            out.append(Segment(el.text, color, size))
        for child in el:
            if not _not_content(child):
                tag = child.tag
                if tag == "br":
                    out.append(Segment("", color, size, True))
                elif tag == "img":
                    code = smiley_code(child.get("src") or "", child.get("smilieid"))
                    out.append(
                        Segment(code if code is not None else IMAGE_PLACEHOLDER, color, size)
                    )
                elif tag == "ignore_js_op":
                    if any(i.get("aid") for i in child.iter("img")):
                        out.append(Segment(IMAGE_PLACEHOLDER, color, size))
                elif tag == "div" and "locked" in _classes(child):
                    out.append(Segment("", color, size, True))
                else:
                    block = tag in _BLOCK_TAGS
                    if block:
                        out.append(Segment("", color, size, True))
                    walk(child, _own_color(child) or color, _own_size(child) or size)
                    if block:
                        out.append(Segment("", color, size, True))
            elif is_quote(child):
                out.append(Segment("", color, size, True))
            if child.tail:
                out.append(Segment(child.tail, color, size))

    walk(root, None, None)
    return out


class Locator:
    """Finds pieces of own text in ``Post.text``, left to right."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def find(self, piece: str, detail: str = "") -> Match:
        piece = collapse(piece)
        at = self.text.find(piece, self.pos) if piece else -1
        if at < 0 and piece:
            at = self.text.find(piece)
        if at < 0:
            return Match(piece, 0, 0, detail)
        self.pos = at + len(piece)
        return Match(piece, at, at + len(piece), detail)


def flagged_runs(post: Post, judge: Any) -> list[Match]:
    """Runs of consecutive own-text segments for which ``judge(segment)`` returns a detail
    string (truthy); each run becomes one match (a line break ends a run)."""
    loc = Locator(post.text)
    matches: list[Match] = []
    run: list[str] = []
    details: list[str] = []

    def close() -> None:
        text = collapse("".join(run))
        if text:
            uniq = list(dict.fromkeys(details))
            matches.append(loc.find(text, "；".join(uniq)))
        run.clear()
        details.clear()

    for seg in own_segments(post):
        if seg.newline:
            close()
            continue
        detail = judge(seg)
        if detail:
            if details and detail != details[-1]:
                close()  # another colour / size: another match
            run.append(seg.text)
            details.append(detail)
        else:
            if seg.text.strip():
                close()
            elif run:
                run.append(seg.text)
    close()
    return matches


# ------------------------------------------------------------------ FONT-RED

# FONT-RED's bounds: the one place their defaults live (auditor.rules.colors has none).
RED_OPTIONS: dict[str, Option] = {
    "hue_min": Option(float, 20.0, "红色色相带下限（CIE LCh 色相角，度；#FF0000 为 40°）"),
    "hue_max": Option(float, 48.0, "红色色相带上限（度）"),
    "chroma_min": Option(float, 45.0, "最低彩度（低于此值看起来是褐色、灰色；#FF0000 为 105）"),
    "lightness_min": Option(float, 20.0, "最低明度（更暗的近乎黑色）"),
    "lightness_max": Option(float, 65.0, "最高明度（更亮的是粉色、浅珊瑚色）"),
}


@rule(
    code="FONT-RED",
    title="使用红色字体",
    seed="M107 违规判定 9(1)“禁止使用红色字体”；030 违规判定 6(1)“红色字体（或导演认为与 #FF0000 相近颜色的字体）”",
    thread_kinds=GAME_KINDS,
    options=RED_OPTIONS,
)
def font_red(gp: GamePost, ctx: Context, opts: Mapping[str, Any]) -> Iterator[Finding]:
    """玩家的帖子里有红色字体，或与 #FF0000 相近的颜色（导演专用）。

    颜色来自 ``[color=…]`` 的所有写法：``<font color>``、``style="color:…"``；颜色名（含
    Discuz! 编辑器调色板的 40 种颜色，不分大小写）、``#rgb``、``#rrggbb``、``rgb()``。
    引用的内容不算引用者的。

    判定在 CIE LCh（D65）中进行：色相角在 [hue_min, hue_max]（默认 20°–48°，#FF0000 是
    40°）、彩度 ≥ chroma_min（默认 45）、明度在 [lightness_min, lightness_max]（默认
    20–65）之间，即为“红色”。不用单一的 ΔE2000 半径：从 #FF0000 量，DarkRed 是 23.8，
    褐色 Sienna 只有 17.8，DarkOrange 25.1，灰色 #999999 32.5，半径分不开它们。

    FAIL（判红）：Red、#FF0000、#f00、#ff3333、rgb(255,0,0)、DarkRed、Crimson、FireBrick、
    Maroon、Brown、Tomato、OrangeRed、IndianRed、#cc0000、#ff6666。

    PASS（不判）：Sienna、DarkOrange、SandyBrown、Orange、Magenta、Pink、Purple、
    DeepPink、Coral（明度 67）、Salmon、LightCoral、#ff8080、#ff3366（偏玫红，色相 16°）、
    #999999、blue，以及编辑器调色板里除 Red、DarkRed 以外的全部颜色。
    """
    post = gp.post
    if not any(name in ("color", "style") for name, _ in post.markup):
        return  # no colour in the own content (the parser's markup leaves quotes out)
    bounds = RedBounds.from_options(opts)
    cache: dict[str, str] = {}

    def judge(seg: Segment) -> str:
        if seg.color is None:
            return ""
        if seg.color not in cache:
            v = classify(seg.color, bounds)
            cache[seg.color] = v.describe() if v.red else ""
        return cache[seg.color]

    matches = flagged_runs(post, judge)
    if matches:
        yield post_finding(
            "FONT-RED",
            gp,
            opts,
            matches,
            note="红色字体：" + "；".join(dict.fromkeys(m.detail for m in matches)),
        )


# FONT-RED's bounds at their defaults (tests and tools that classify without a rule set).
DEFAULT_RED_BOUNDS = RedBounds.from_options(font_red.defaults())


# ------------------------------------------------------------------ FONT-SIZE

# <font size=N> as browsers draw it (CSS "font-size" keywords for HTML sizes 1..7), in px.
HTML_SIZE_PX = {1: 10.0, 2: 13.0, 3: 16.0, 4: 18.0, 5: 24.0, 6: 32.0, 7: 48.0}
_KEYWORD_PX = {
    "xx-small": 9.0,
    "x-small": 10.0,
    "small": 13.0,
    "medium": 16.0,
    "large": 18.0,
    "x-large": 24.0,
    "xx-large": 32.0,
    "xxx-large": 48.0,
    "smaller": 13.0,
    "larger": 19.2,
}
_LENGTH = re.compile(r"^([+-]?\d+(?:\.\d+)?)\s*(px|pt|em|rem|%|)$", re.I)


def size_px(value: str, *, html_attr: bool) -> float | None:
    """A size as written (``5``, ``+2``, ``20px``, ``15pt``, ``1.5em``, ``x-large``) in px,
    with 16px as the normal text size; None when it cannot be read."""
    v = value.strip().lower().removesuffix("!important").strip()
    if html_attr:
        m = re.match(r"^([+-]?)(\d+)$", v)
        if not m:
            return None
        n = int(m.group(2))
        if m.group(1) == "+":
            n = 3 + n
        elif m.group(1) == "-":
            n = 3 - n
        return HTML_SIZE_PX[max(1, min(7, n))]
    if v in _KEYWORD_PX:
        return _KEYWORD_PX[v]
    m = _LENGTH.match(v)
    if not m:
        return None
    num, unit = float(m.group(1)), m.group(2)
    if unit == "pt":
        return num * 4 / 3
    if unit in ("em", "rem"):
        return num * 16
    if unit == "%":
        return num * 16 / 100
    return num  # px, or a bare number (browsers ignore it; treat as px)


@rule(
    code="FONT-SIZE",
    title="使用放大字体",
    seed="M107 违规判定 9(2)“禁止使用放大字体”；030 违规判定 6(1)“导演专用的放大字体”",
    thread_kinds=GAME_KINDS,
    options={
        "normal_size": Option(
            int, 3, "正常字号（HTML 字号 1–7；3 即 16px），大于它即为放大", (1, 2, 3, 4, 5, 6, 7)
        ),
    },
)
def font_size(gp: GamePost, ctx: Context, opts: Mapping[str, Any]) -> Iterator[Finding]:
    """玩家的帖子里有放大的字体（导演专用）。

    ``[size=N]`` 渲染成 ``<font size="N">``，``[size=20px]`` / ``[size=15pt]`` 渲染成
    ``style="font-size:…"``；也认 em、rem、%、+N 和 CSS 关键字。换算成 px（字号 3 =
    16px，4 = 18px，5 = 24px，6 = 32px，7 = 48px；1pt = 4/3px；1em = 16px），大于规则集
    的正常字号（默认 3，即 16px）即为放大。缩小的字（``[size=2]``）和引用里的字号不算。

    FAIL：``[size=4]``、``[size=5]``、``[size=7]``、``[size=17px]``、``[size=13pt]``（17.3px）。

    PASS：``[size=3]``、``[size=2]``、``[size=16px]``、``[size=12pt]``（16px）、引用里的 ``[size=2]``。
    """
    post = gp.post
    if not any(name in ("size", "style") for name, _ in post.markup):
        return  # no size in the own content
    normal = HTML_SIZE_PX[int(opts["normal_size"])]
    cache: dict[str, str] = {}

    def judge(seg: Segment) -> str:
        if seg.size is None:
            return ""
        if seg.size not in cache:
            html_attr = bool(re.fullmatch(r"\s*[+-]?\d+\s*", seg.size))
            px = size_px(seg.size, html_attr=html_attr)
            label = f"[size={seg.size}]" + (f" ≈ {px:.4g}px" if px is not None else "")
            cache[seg.size] = label if px is not None and px > normal + 0.01 else ""
        return cache[seg.size]

    matches = flagged_runs(post, judge)
    if matches:
        yield post_finding(
            "FONT-SIZE",
            gp,
            opts,
            matches,
            note=f"放大字体（正常 {normal:g}px）："
            + "；".join(dict.fromkeys(m.detail for m in matches)),
        )


# ------------------------------------------------------------------ CODE-LASTWORDS

_MENTION_HREF = re.compile(r"(?:^|/)home\.php\?mod=space&(?:amp;)?(?:uid|username)=", re.I)


def is_mention(el: _Element) -> bool:
    """A Discuz! @mention: post_newreply.php turns ``@name`` into
    ``[url=home.php?mod=space&uid=N]@name[/url]``; it is not a pasted link or the poster's
    markup."""
    if el.tag != "a":
        return False
    href = el.get("href") or ""
    text = "".join(el.itertext()).strip()
    return bool(_MENTION_HREF.search(href)) and text.startswith("@")


CODE_KINDS = (
    "format",
    "color",
    "size",
    "font",
    "align",
    "link",
    "image",
    "attach",
    "quote",
    "list",
    "table",
    "code",
    "hide",
    "smiley",
    "other",
)


_FORMAT_TAGS = {
    "strong": "[b]",
    "b": "[b]",
    "i": "[i]",
    "em": "[i]",
    "u": "[u]",
    "strike": "[s]",
    "s": "[s]",
    "del": "[s]",
    "sup": "[sup]",
    "sub": "[sub]",
}
_CONTAINER_TAGS = {
    **{t: ("list", "[list]") for t in ("ul", "ol", "li")},
    **{t: ("table", "[table]") for t in ("table", "tr", "td", "th", "tbody")},
}


def code_kind(el: _Element) -> tuple[str, str] | None:
    """(kind, BBCode-like label) for one rendered Discuz! code element, or None for plain
    line breaks and elements that are not the poster's markup."""
    tag = el.tag
    if tag == "br":
        return None
    if tag == "img":
        return _image_kind(el)
    if tag == "ignore_js_op":
        return "attach", "[attach]"
    if is_quote(el):
        return "quote", "[quote]"
    if tag == "a":
        if is_mention(el):
            return None
        href = el.get("href") or ""
        return "link", ("[email]" if href.startswith("mailto:") else f"[url={href}]")
    if tag == "font":
        return _font_kind(el)
    if tag in _FORMAT_TAGS:
        return "format", _FORMAT_TAGS[tag]
    if tag in _CONTAINER_TAGS:
        return _CONTAINER_TAGS[tag]
    return _layout_kind(el, tag)


def _image_kind(el: _Element) -> tuple[str, str]:
    if smiley_code(el.get("src") or "", el.get("smilieid")) is not None:
        return "smiley", "表情"
    if el.get("aid"):
        return "attach", "[attach]"
    return "image", "[img]"


def _font_kind(el: _Element) -> tuple[str, str]:
    if el.get("color") is not None:
        return "color", f"[color={el.get('color')}]"
    if el.get("size") is not None:
        return "size", f"[size={el.get('size')}]"
    if el.get("face") is not None:
        return "font", f"[font={el.get('face')}]"
    style = el.get("style") or ""
    if (c := style_color(style)) is not None:
        return "color", f"[color={c}]"
    if (s := style_color(style, "font-size")) is not None:
        return "size", f"[size={s}]"
    if (b := style_color(style, "background-color")) is not None:
        return "color", f"[backcolor={b}]"
    return "other", "[font]"


def _layout_kind(el: _Element, tag: str) -> tuple[str, str]:
    cls = _classes(el)
    if tag == "div" and ("blockcode" in cls or el.find(".//code") is not None):
        return "code", "[code]"
    if tag == "div" and ("showhide" in cls or "locked" in cls):
        return "hide", "[hide]"
    if el.get("align") is not None or tag in ("p", "center"):
        return "align", f"[align={el.get('align') or 'center'}]"
    if tag == "hr":
        return "other", "[hr]"
    if tag in ("span", "div") and el.get("style"):
        return "other", "[style]"
    return "other", f"<{tag}>"


def own_elements(post: Post, want: Callable[[_Element], bool]) -> Iterator[tuple[_Element, str]]:
    """The outermost wanted Discuz! code elements of a post's own content, with their own
    text (quotes, jammer, edit notice and tooltips skipped; unwanted elements are entered)."""
    root = own_root(post)
    if root is None:
        return

    def walk(el: _Element) -> Iterator[tuple[_Element, str]]:
        for child in el:
            if not isinstance(child.tag, str):
                continue
            if is_quote(child):
                if want(child):
                    yield child, ""
                continue
            if _not_content(child):
                continue
            if want(child):
                yield child, _element_text(child)
            else:
                yield from walk(child)

    yield from walk(root)


def _element_text(el: _Element) -> str:
    parts: list[str] = []

    def walk(e: _Element) -> None:
        if e.text:
            parts.append(e.text)
        for c in e:
            if not _not_content(c):
                if c.tag == "br":
                    parts.append(" ")
                elif c.tag == "img":
                    code = smiley_code(c.get("src") or "", c.get("smilieid"))
                    parts.append(code if code is not None else IMAGE_PLACEHOLDER)
                else:
                    walk(c)
            if c.tail:
                parts.append(c.tail)

    if el.tag == "img":
        code = smiley_code(el.get("src") or "", el.get("smilieid"))
        return code if code is not None else IMAGE_PLACEHOLDER
    if el.tag == "ignore_js_op":
        return IMAGE_PLACEHOLDER if any(i.get("aid") for i in el.iter("img")) else ""
    walk(el)
    return collapse("".join(parts))


@rule(
    code="CODE-LASTWORDS",
    title="遗言中使用 Discuz! 代码",
    seed="M107 用语定义 遗言“遗言中禁止使用Discuz!代码”；030 用语定义 遗言（同）",
    options={
        "kinds": Option(
            list,
            [k for k in CODE_KINDS if k != "smiley"],
            "算作 Discuz! 代码的种类（默认不含表情 smiley）",
            CODE_KINDS,
        ),
    },
)
def code_lastwords(gp: GamePost, ctx: Context, opts: Mapping[str, Any]) -> Iterator[Finding]:
    """遗言里用了 Discuz! 代码（渲染成了标记），算在遗言的主人头上（遗言通常由导演代发）。

    检查遗言帖（lastwords）里的帖子，以及规则集允许死者自己发遗言时（版杀7）被判为遗言的帖子。
    算作代码的：``[b] [i] [u] [s]``、``[color]``、``[size]``、``[font]``、``[align]``、
    ``[url]`` / ``[email]``、``[img]``、``[attach]``、``[quote]``、``[list]``、``[table]``、
    ``[code]``、``[hide]`` 等；表情默认不算（选项 ``kinds`` 可加上 ``smiley``）。

    FAIL：导演代发的“饺子的遗言：[b]我是预言家[/b]”——判给饺子。

    PASS：纯文字的遗言；带表情 ``:lol`` 的遗言（默认）；``@包子``（Discuz! 的 @ 提到，不是代码）。
    """
    if not gp.lastwords or gp.player is None:
        return
    post = gp.post
    kinds = set(opts["kinds"])
    loc = Locator(post.text)
    matches: list[Match] = []

    def want(el: _Element) -> bool:
        kc = code_kind(el)
        return kc is not None and kc[0] in kinds

    for el, text in own_elements(post, want):
        label = code_kind(el)[1]  # type: ignore[index]
        if text:
            matches.append(loc.find(text, label))
        else:
            matches.append(Match(label, 0, 0, label))
    if matches:
        labels = "、".join(dict.fromkeys(m.detail for m in matches))
        yield post_finding(
            "CODE-LASTWORDS",
            gp,
            opts,
            matches,
            note=f"{gp.player} 的遗言里有 Discuz! 代码：{labels}",
        )
