"""The text keys' automaton searches UTF-16 (``_Automaton(wide=True)``): what it finds,
in characters, is every occurrence of every key (the plain loop's), for texts of the BMP
and texts with characters beyond it (emoji, CJK extension B: two code units each), keys
holding such characters, and lone surrogates (read as U+FFFD, in keys and texts alike;
the UTF-8 search cannot encode them)."""

from __future__ import annotations

import random

from auditor.rules.matcher import default_matcher
from auditor.rules.matcher.prefilter import _Automaton, _Key


def _pair(keys: list[str]) -> tuple[_Automaton, _Automaton]:
    wide, narrow = _Automaton(wide=True), _Automaton()
    for k, key in enumerate(keys):
        for ac in (wide, narrow):
            ac.add(key, _Key(k, key, "text"))
    return wide, narrow


def _every(keys: list[str], text: str) -> list[tuple[int, int, int]]:
    """Every occurrence of every key (index in the automaton, start, end), by end and at
    one end the longest first: the plain loop."""
    found = []
    text = text.replace("\ud800", "\ufffd").replace("\udc00", "\ufffd")
    keys = [k.replace("\ud800", "\ufffd").replace("\udc00", "\ufffd") for k in keys]
    for k, key in enumerate(dict.fromkeys(keys)):
        pos = text.find(key)
        while pos != -1:
            found.append((k, pos, pos + len(key)))
            pos = text.find(key, pos + 1)
    return sorted(found, key=lambda x: (x[2], x[1]))


def test_wide_search_finds_what_the_text_search_finds() -> None:
    rng = random.Random(16)
    # (鿿 and 丏: their UTF-16 bytes hold 0x9f 0xff / 0x4e 0x0f; a key's bytes can then
    # occur across two characters, at an odd offset; 𠮷 and 🖕 are two code units each)
    # (𐀀 is the pair d800 dc00: the lone surrogates' units, a key of them inside it)
    alphabet = [
        *"傻逼卧槽丏鿿你好a m\x00",
        "\U00020bb7",
        "\U0001f595",
        "\U00010000",
        "\ud800",
        "\udc00",
    ]
    keys = [
        "傻逼",
        "卧槽",
        "m",
        "a m",
        "\U0001f595",
        "好\U00020bb7",
        "\U00020bb7傻",
        "鿿丏",
        "\x0f鿿",
    ]
    keys += ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 3))) for _ in range(30)]
    wide, _narrow = _pair(keys)
    seen = astral = 0
    for _ in range(2000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
        want = _every(keys, text)
        assert wide.find(text) == want, text
        assert wide.find_array(text).tolist() == [list(x) for x in want], text
        seen += len(want)
        astral += any(text[s:e] > "\uffff" for _k, s, e in want)
    assert seen > 1000 and astral > 100


def test_a_key_across_two_characters_bytes_is_not_found() -> None:
    # 丏 is 0f 4e in UTF-16-LE and 鿿 is ff 9f: "丏鿿" holds the bytes 4e ff, which are
    # those of ", an odd offset: not an occurrence.
    wide, narrow = _pair(["\uff4e"])
    assert "\uff4e".encode("utf-16-le") in "丏\uff4e".encode("utf-16-le")
    assert "丏鿿".encode("utf-16-le")[1:3] == "\uff4e".encode("utf-16-le")
    assert wide.find("丏鿿") == narrow.find("丏鿿") == []


def test_half_of_a_pair_is_not_a_character() -> None:
    # 𐀀 is d800 dc00 in UTF-16: the keys "\udc00傻" and "好\ud800" occur in its units,
    # not in its characters.
    wide, _narrow = _pair(["\udc00傻", "好\ud800", "傻", "\U00010000"])
    assert wide.find("\U00010000傻好\U00010000") == [(3, 0, 1), (2, 1, 2), (3, 3, 4)]
    assert wide.find("\udc00傻好\ud800") == [(0, 0, 2), (2, 1, 2), (1, 2, 4)]
    assert wide.find("\ud800\udc00") == []  # (two lone halves: two characters, not 𐀀)


def test_the_matcher_finds_phrases_beside_characters_beyond_the_bmp() -> None:
    m = default_matcher()
    for text in ("\U0001f600你这个傻逼\U00020bb7", "\U00020bb7\U00020bb7卧槽，\U0001f595草"):
        got = [(x.start, x.end, x.text) for x in m.find(text)]
        assert got and all(text[s:e] == t for s, e, t in got), (text, got)
        assert m.find_all([text, "好", text]) == [m.find(text), [], m.find(text)]
