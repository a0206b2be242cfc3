"""Colour parsing and the "red or close to #FF0000" classification (auditor.rules.colors)."""

from __future__ import annotations

import pytest

from auditor.rules import colors
from auditor.rules.colors import (
    DISCUZ_PALETTE,
    NAMED_COLORS,
    RED,
    RGB,
    ColorVerdict,
    RedBounds,
    delta_e2000,
    parse_color,
    style_color,
    to_lch,
)
from auditor.rules.markup import DEFAULT_RED_BOUNDS, font_red


def classify(value: str | None, bounds: RedBounds = DEFAULT_RED_BOUNDS) -> ColorVerdict:
    """Under FONT-RED's own defaults unless told otherwise."""
    return colors.classify(value, bounds)


def is_red(value: str | None, bounds: RedBounds = DEFAULT_RED_BOUNDS) -> bool:
    return colors.is_red(value, bounds)


@pytest.mark.parametrize(
    ("value", "rgb"),
    [
        ("Red", (255, 0, 0)),
        ("red", (255, 0, 0)),
        ("RED", (255, 0, 0)),
        ("DarkRed", (139, 0, 0)),
        ("darkred", (139, 0, 0)),
        ("#FF0000", (255, 0, 0)),
        ("#ff0000", (255, 0, 0)),
        ("#f00", (255, 0, 0)),
        ("#F00", (255, 0, 0)),
        ("#ff3333", (255, 51, 51)),
        ("ff3333", (255, 51, 51)),  # [color=ff3333]: browsers' legacy colour rule
        ("#999999", (153, 153, 153)),
        ("#ff000080", (255, 0, 0)),
        ("rgb(255, 0, 0)", (255, 0, 0)),
        ("RGB(255,0,0)", (255, 0, 0)),
        ("rgba(255, 0, 0, 0.5)", (255, 0, 0)),
        ("rgb(100%, 0%, 0%)", (255, 0, 0)),
        ("rgb(255 0 0)", (255, 0, 0)),
        ("hsl(0, 100%, 50%)", (255, 0, 0)),
        ("hsl(120, 100%, 25%)", (0, 128, 0)),
        ("  blue ", (0, 0, 255)),
        ("'Red'", (255, 0, 0)),
        ("red !important", (255, 0, 0)),
    ],
)
def test_parse_color_forms(value: str, rgb: tuple[int, int, int]) -> None:
    assert parse_color(value) == RGB(*rgb)


@pytest.mark.parametrize("value", ["", "blurple", "#12", "#12345", "rgb(1,2)", "rgb(a,b,c)", None])
def test_parse_color_rejects(value: str | None) -> None:
    assert parse_color(value) is None


def test_every_palette_name_is_a_css_colour() -> None:
    assert len(DISCUZ_PALETTE) == 40 and len(set(DISCUZ_PALETTE)) == 40
    for name in DISCUZ_PALETTE:
        assert name.lower() in NAMED_COLORS, name
    assert len(NAMED_COLORS) >= 147


def test_lab_of_red_matches_reference() -> None:
    lch = to_lch(RED)
    assert lch.lightness == pytest.approx(53.24, abs=0.05)
    assert lch.chroma == pytest.approx(104.55, abs=0.1)
    assert lch.hue == pytest.approx(40.0, abs=0.1)


@pytest.mark.parametrize(
    ("name", "expected"),
    # the distances the issue measured from #FF0000
    [("DarkRed", 23.8), ("Sienna", 17.8), ("DarkOrange", 25.1), ("#999999", 32.5)],
)
def test_ciede2000_matches_measured_distances(name: str, expected: float) -> None:
    rgb = parse_color(name)
    assert rgb is not None
    assert delta_e2000(rgb, RED) == pytest.approx(expected, abs=0.05)


def test_ciede2000_sharma_reference_pair() -> None:
    # Sharma, Wu, Dalal (2005) test data pair 1 needs Lab input; use symmetry and zero instead.
    a, b = RGB(10, 200, 30), RGB(200, 10, 30)
    assert delta_e2000(a, a) == 0
    assert delta_e2000(a, b) == pytest.approx(delta_e2000(b, a), rel=1e-9)


def test_a_single_radius_cannot_separate_red_from_brown() -> None:
    """Why FONT-RED uses hue/chroma/lightness: Sienna is closer to #FF0000 than DarkRed."""
    sienna, darkred = parse_color("Sienna"), parse_color("DarkRed")
    assert sienna is not None and darkred is not None
    assert delta_e2000(sienna, RED) < delta_e2000(darkred, RED)
    assert is_red("DarkRed") and not is_red("Sienna")


# Every colour of the Discuz! X editor palette, classified explicitly.
PALETTE_RED = {"Red", "DarkRed"}
PALETTE_VERDICTS = {name: name in PALETTE_RED for name in DISCUZ_PALETTE}


@pytest.mark.parametrize(("name", "red"), sorted(PALETTE_VERDICTS.items()))
def test_discuz_palette_classified(name: str, red: bool) -> None:
    assert classify(name).red is red, classify(name).describe()
    # case never matters
    assert is_red(name.upper()) is red and is_red(name.lower()) is red


@pytest.mark.parametrize(
    "value",
    [
        "Red",
        "#FF0000",
        "#f00",
        "#ff3333",
        "rgb(255,0,0)",
        "DarkRed",
        "Crimson",
        "FireBrick",
        "Maroon",
        "Brown",
        "Tomato",
        "OrangeRed",
        "IndianRed",
        "#cc0000",
        "#ff6666",
        "#e60000",
        "#d9534f",
        "#800",
    ],
)
def test_documented_fail_examples_are_red(value: str) -> None:
    assert is_red(value), classify(value).describe()


@pytest.mark.parametrize(
    "value",
    [
        "Sienna",
        "DarkOrange",
        "SandyBrown",
        "Orange",
        "Magenta",
        "Pink",
        "Purple",
        "DeepPink",
        "Coral",
        "Salmon",
        "LightCoral",
        "#ff8080",
        "#ff3366",
        "#999999",
        "blue",
        "Chocolate",
        "#660000",
        "HotPink",
        "MediumVioletRed",
        "#ff6600",
    ],
)
def test_documented_pass_examples_are_not_red(value: str) -> None:
    assert not is_red(value), classify(value).describe()


def test_bounds_are_options() -> None:
    strict = RedBounds(hue_min=35, hue_max=45, chroma_min=80, lightness_min=40, lightness_max=60)
    assert is_red("Red", strict)
    assert not is_red("DarkRed", strict)  # lightness 28
    assert not is_red("Crimson", strict)  # hue 25
    loose = RedBounds.from_options(
        {**font_red.defaults(), "hue_min": 350.0, "hue_max": 48.0, "chroma_min": 40.0}
    )
    assert loose.hue_min == 350 and is_red("DeepPink", loose)  # a band across 0°


def test_font_red_bounds_have_one_default_each() -> None:
    """FONT-RED's five bounds are its options; the colour module has no defaults of its own
    (a bound left out is an error, not a silent second default)."""
    import dataclasses

    defaults = font_red.defaults()
    names = [f.name for f in dataclasses.fields(RedBounds)]
    assert set(names) <= set(font_red.options)
    assert all(f.default is dataclasses.MISSING for f in dataclasses.fields(RedBounds))
    assert RedBounds(**{n: defaults[n] for n in names}) == DEFAULT_RED_BOUNDS
    with pytest.raises(KeyError):
        RedBounds.from_options({"hue_min": 20.0})


def test_style_color_reads_color_not_background() -> None:
    assert style_color("color:#FF0000") == "#FF0000"
    assert style_color("background-color: red; color : rgb(255, 0, 0)") == "rgb(255, 0, 0)"
    assert style_color("background-color: red") is None
    assert style_color("font-size:20px", "font-size") == "20px"
    assert style_color(None) is None


def test_describe_mentions_values() -> None:
    text = classify("#ff3333").describe()
    assert "#FF3333" in text and "ΔE2000" in text
    assert "无法识别" in classify("blurple").describe()
