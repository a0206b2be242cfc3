"""Colours as Discuz! renders them, and whether a director would call one "red".

Discuz! turns ``[color=X]`` into ``<font color="X">`` when X is made of ``[#\\w]``
characters (a name, ``#rgb``, ``#rrggbb``, or bare hex digits) and into
``<font style="color:X">`` when X is ``rgb(…)`` / ``rgba(…)``.  Users can type any of
these, in any case, and hand-written HTML in other views may use ``hsl()`` too.
:func:`parse_color` reads all of them the way a browser would (CSS names, the legacy
HTML rule that ``ff0000`` without ``#`` is still a colour).

Whether a colour is "red, or close to #FF0000" (030 违规判定 6(1)) is decided in
CIE LCh(ab) (D65): a hue band around red's hue (40°), enough chroma to look red
rather than brown or grey, and a lightness range that keeps pinks out.  A single
CIEDE2000 radius around #FF0000 does not work: DarkRed is 23.8 away, Sienna (brown)
only 17.8, DarkOrange 25.1 and plain grey #999999 32.5.  The bounds are FONT-RED's
options, each with its one default there (``auditor/rules/markup.py``); this module takes
them as a :class:`RedBounds` and has none of its own.

:data:`DISCUZ_PALETTE` is the 40-colour picker of the Discuz! X editors
(``showColorBox`` in ``static/js/common.js`` and the fast-post ``seditor``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple


class RGB(NamedTuple):
    r: int
    g: int
    b: int

    @property
    def hex(self) -> str:
        return f"#{self.r:02X}{self.g:02X}{self.b:02X}"


class LCh(NamedTuple):
    lightness: float  # L*, 0..100
    chroma: float  # C*ab (0 = grey; #FF0000 is 104.6)
    hue: float  # h_ab in degrees 0..360 (#FF0000 is 40.0)


# The Discuz! X editor's colour picker, in its order (8 columns x 5 rows).
DISCUZ_PALETTE: tuple[str, ...] = (
    "Black", "Sienna", "DarkOliveGreen", "DarkGreen", "DarkSlateBlue", "Navy", "Indigo", "DarkSlateGray",
    "DarkRed", "DarkOrange", "Olive", "Green", "Teal", "Blue", "SlateGray", "DimGray",
    "Red", "SandyBrown", "YellowGreen", "SeaGreen", "MediumTurquoise", "RoyalBlue", "Purple", "Gray",
    "Magenta", "Orange", "Yellow", "Lime", "Cyan", "DeepSkyBlue", "DarkOrchid", "Silver",
    "Pink", "Wheat", "LemonChiffon", "PaleGreen", "PaleTurquoise", "LightBlue", "Plum", "White",
)  # fmt: skip

# CSS Color Module Level 4 named colours (browsers accept every one in <font color>).
_NAMED_HEX = """
aliceblue f0f8ff antiquewhite faebd7 aqua 00ffff aquamarine 7fffd4 azure f0ffff beige f5f5dc
bisque ffe4c4 black 000000 blanchedalmond ffebcd blue 0000ff blueviolet 8a2be2 brown a52a2a
burlywood deb887 cadetblue 5f9ea0 chartreuse 7fff00 chocolate d2691e coral ff7f50
cornflowerblue 6495ed cornsilk fff8dc crimson dc143c cyan 00ffff darkblue 00008b darkcyan 008b8b
darkgoldenrod b8860b darkgray a9a9a9 darkgreen 006400 darkgrey a9a9a9 darkkhaki bdb76b
darkmagenta 8b008b darkolivegreen 556b2f darkorange ff8c00 darkorchid 9932cc darkred 8b0000
darksalmon e9967a darkseagreen 8fbc8f darkslateblue 483d8b darkslategray 2f4f4f
darkslategrey 2f4f4f darkturquoise 00ced1 darkviolet 9400d3 deeppink ff1493 deepskyblue 00bfff
dimgray 696969 dimgrey 696969 dodgerblue 1e90ff firebrick b22222 floralwhite fffaf0
forestgreen 228b22 fuchsia ff00ff gainsboro dcdcdc ghostwhite f8f8ff gold ffd700
goldenrod daa520 gray 808080 green 008000 greenyellow adff2f grey 808080 honeydew f0fff0
hotpink ff69b4 indianred cd5c5c indigo 4b0082 ivory fffff0 khaki f0e68c lavender e6e6fa
lavenderblush fff0f5 lawngreen 7cfc00 lemonchiffon fffacd lightblue add8e6 lightcoral f08080
lightcyan e0ffff lightgoldenrodyellow fafad2 lightgray d3d3d3 lightgreen 90ee90 lightgrey d3d3d3
lightpink ffb6c1 lightsalmon ffa07a lightseagreen 20b2aa lightskyblue 87cefa
lightslategray 778899 lightslategrey 778899 lightsteelblue b0c4de lightyellow ffffe0 lime 00ff00
limegreen 32cd32 linen faf0e6 magenta ff00ff maroon 800000 mediumaquamarine 66cdaa
mediumblue 0000cd mediumorchid ba55d3 mediumpurple 9370db mediumseagreen 3cb371
mediumslateblue 7b68ee mediumspringgreen 00fa9a mediumturquoise 48d1cc mediumvioletred c71585
midnightblue 191970 mintcream f5fffa mistyrose ffe4e1 moccasin ffe4b5 navajowhite ffdead
navy 000080 oldlace fdf5e6 olive 808000 olivedrab 6b8e23 orange ffa500 orangered ff4500
orchid da70d6 palegoldenrod eee8aa palegreen 98fb98 paleturquoise afeeee palevioletred db7093
papayawhip ffefd5 peachpuff ffdab9 peru cd853f pink ffc0cb plum dda0dd powderblue b0e0e6
purple 800080 rebeccapurple 663399 red ff0000 rosybrown bc8f8f royalblue 4169e1
saddlebrown 8b4513 salmon fa8072 sandybrown f4a460 seagreen 2e8b57 seashell fff5ee
sienna a0522d silver c0c0c0 skyblue 87ceeb slateblue 6a5acd slategray 708090 slategrey 708090
snow fffafa springgreen 00ff7f steelblue 4682b4 tan d2b48c teal 008080 thistle d8bfd8
tomato ff6347 turquoise 40e0d0 violet ee82ee wheat f5deb3 white ffffff whitesmoke f5f5f5
yellow ffff00 yellowgreen 9acd32
"""
_words = _NAMED_HEX.split()
NAMED_COLORS: Mapping[str, RGB] = {
    name: RGB(int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))
    for name, h in zip(_words[::2], _words[1::2], strict=True)
}
del _words

_HEX = re.compile(r"^#?([0-9a-f]{3,8})$", re.I)
_FUNC = re.compile(r"^(rgba?|hsla?)\s*\((.*)\)$", re.I | re.S)
_STYLE_DECL = re.compile(r"(?:^|;)\s*([-\w]+)\s*:\s*([^;]*)")


def _clamp(v: float) -> int:
    return max(0, min(255, round(v)))


def _channel(token: str) -> float:
    token = token.strip()
    if token.endswith("%"):
        return float(token[:-1]) * 255 / 100
    return float(token)


def _hsl_to_rgb(h: float, s: float, l: float) -> RGB:  # noqa: E741  (CSS names)
    h = (h % 360) / 360
    s = max(0.0, min(1.0, s))
    l = max(0.0, min(1.0, l))  # noqa: E741

    def hue(t: float) -> float:
        t %= 1
        if t < 1 / 6:
            return p + (q - p) * 6 * t
        if t < 1 / 2:
            return q
        if t < 2 / 3:
            return p + (q - p) * (2 / 3 - t) * 6
        return p

    q = l * (1 + s) if l < 0.5 else l + s - l * s
    p = 2 * l - q
    return RGB(_clamp(hue(h + 1 / 3) * 255), _clamp(hue(h) * 255), _clamp(hue(h - 1 / 3) * 255))


def parse_color(value: str | None) -> RGB | None:
    """A colour as a user can write it, or None when it is not one.

    >>> parse_color("Red"), parse_color("#f00"), parse_color("rgb(255, 0, 0)")
    (RGB(r=255, g=0, b=0), RGB(r=255, g=0, b=0), RGB(r=255, g=0, b=0))
    >>> parse_color("ff3333"), parse_color("DARKRED"), parse_color("blurple")
    (RGB(r=255, g=51, b=51), RGB(r=139, g=0, b=0), None)
    """
    if value is None:
        return None
    v = value.strip().strip("'\"").strip()
    v = re.sub(r"\s*!important\s*$", "", v, flags=re.I)
    if not v:
        return None
    low = v.lower().replace(" ", "")
    if low in NAMED_COLORS:
        return NAMED_COLORS[low]
    m = _HEX.match(v)
    if m:
        digits = m.group(1)
        if len(digits) in (3, 4):  # #rgb / #rgba
            return RGB(*(int(c * 2, 16) for c in digits[:3]))
        if len(digits) in (6, 8):  # #rrggbb / #rrggbbaa
            return RGB(int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16))
        return None
    m = _FUNC.match(v)
    if m:
        kind = m.group(1).lower()
        parts = [p for p in re.split(r"[\s,/]+", m.group(2).strip()) if p]
        if len(parts) < 3:
            return None
        try:
            if kind.startswith("rgb"):
                return RGB(*(_clamp(_channel(p)) for p in parts[:3]))
            h = float(parts[0].lower().removesuffix("deg"))
            s = float(parts[1].rstrip("%")) / 100
            light = float(parts[2].rstrip("%")) / 100
            return _hsl_to_rgb(h, s, light)
        except ValueError:
            return None
    return None


def style_color(style: str | None, prop: str = "color") -> str | None:
    """The value of ``color`` (not ``background-color``) in an inline style, as written."""
    if not style:
        return None
    found = None
    for m in _STYLE_DECL.finditer(style):
        if m.group(1).lower() == prop:
            found = m.group(2).strip()
    return found


# ---------------------------------------------------------------- perceptual space


def _linear(c: int) -> float:
    x = c / 255
    return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4


_WHITE = (0.95047, 1.0, 1.08883)  # D65


def to_lab(rgb: RGB) -> tuple[float, float, float]:
    """sRGB → CIE L*a*b* (D65)."""
    r, g, b = (_linear(c) for c in rgb)
    x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x / _WHITE[0]), f(y / _WHITE[1]), f(z / _WHITE[2])
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def to_lch(rgb: RGB) -> LCh:
    L, a, b = to_lab(rgb)
    return LCh(L, math.hypot(a, b), math.degrees(math.atan2(b, a)) % 360)


def delta_e2000(c1: RGB, c2: RGB) -> float:
    """CIEDE2000 colour difference (kL = kC = kH = 1)."""
    L1, a1, b1 = to_lab(c1)
    L2, a2, b2 = to_lab(c2)
    cbar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cbar**7 / (cbar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl = L2 - L1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lbar = (L1 + L2) / 2
    cbarp = (c1p + c2p) / 2
    if c1p * c2p == 0:
        hbar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hbar = (h1p + h2p + 360) / 2
    else:
        hbar = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hbar - 30))
        + 0.24 * math.cos(math.radians(2 * hbar))
        + 0.32 * math.cos(math.radians(3 * hbar + 6))
        - 0.20 * math.cos(math.radians(4 * hbar - 63))
    )
    d_theta = 30 * math.exp(-(((hbar - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cbarp**7 / (cbarp**7 + 25**7))
    sl = 1 + 0.015 * (lbar - 50) ** 2 / math.sqrt(20 + (lbar - 50) ** 2)
    sc = 1 + 0.045 * cbarp
    sh = 1 + 0.015 * cbarp * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dH / sh) ** 2 + rt * (dc / sc) * (dH / sh))


# ---------------------------------------------------------------- "red" classification

RED = RGB(255, 0, 0)


@dataclass(frozen=True, slots=True)
class RedBounds:
    """A colour is red when its LCh hue is in [hue_min, hue_max], its chroma is at least
    ``chroma_min`` and its lightness is in [lightness_min, lightness_max]."""

    hue_min: float
    hue_max: float
    chroma_min: float
    lightness_min: float
    lightness_max: float

    @classmethod
    def from_options(cls, opts: Mapping[str, object]) -> RedBounds:
        """FONT-RED's resolved options (each one must be there)."""
        return cls(**{k: float(opts[k]) for k in cls.__slots__})  # type: ignore[arg-type]

    def contains(self, lch: LCh) -> bool:
        if self.hue_min <= self.hue_max:
            in_band = self.hue_min <= lch.hue <= self.hue_max
        else:  # a band across 0°
            in_band = lch.hue >= self.hue_min or lch.hue <= self.hue_max
        return (
            in_band
            and lch.chroma >= self.chroma_min
            and self.lightness_min <= lch.lightness <= self.lightness_max
        )


@dataclass(frozen=True, slots=True)
class ColorVerdict:
    value: str  # as written
    rgb: RGB | None
    lch: LCh | None
    red: bool

    def describe(self) -> str:
        if self.rgb is None or self.lch is None:
            return f"{self.value}（无法识别的颜色）"
        return (
            f"{self.value} = {self.rgb.hex}，L={self.lch.lightness:.0f} C={self.lch.chroma:.0f} "
            f"h={self.lch.hue:.0f}°，与 #FF0000 的 ΔE2000={delta_e2000(self.rgb, RED):.1f}"
        )


def classify(value: str | None, bounds: RedBounds) -> ColorVerdict:
    """Parse ``value`` and say whether it counts as red under ``bounds``."""
    rgb = parse_color(value)
    if rgb is None:
        return ColorVerdict(value or "", None, None, False)
    lch = to_lch(rgb)
    return ColorVerdict(value or "", rgb, lch, bounds.contains(lch))


def is_red(value: str | None, bounds: RedBounds) -> bool:
    return classify(value, bounds).red
