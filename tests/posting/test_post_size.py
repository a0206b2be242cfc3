"""The size model against the live forum (issue 31, item 1): for each captured reply in
``shared/discuz/x35-post`` (15–23, 48–51), the message bytes as they were POSTed (read from
the request file) and the forum's answer (read from the response file); the model's
verdict must be the forum's.  Then the splitter: every part within the limit with CRLF,
over generated announcements (×, ·, emoji, long lists)."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote_to_bytes

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auditor.report.parts import (
    DEFAULT_LIMIT,
    MIN_POST_BYTES,
    PASTED,
    POSTED,
    Verdict,
    balanced,
    discuz_length,
    post_size,
    posted_bytes,
    server_verdict,
    size_verdict,
    split_announcement,
)
from tests.discuz_data import require_discuz_dir

pytestmark = pytest.mark.discuz

SIZE_CAPTURES = (15, 16, 17, 18, 19, 20, 21, 22, 23, 48, 49, 50, 51)


@cache
def _folder() -> Path:
    return require_discuz_dir() / "x35-post"


@cache
def _manifest() -> dict[str, Any]:
    return json.loads((_folder() / "manifest.json").read_text("utf-8"))


def _capture(n: int) -> dict[str, Any]:
    return next(c for c in _manifest()["captures"] if c["n"] == n)


def sent_message(n: int) -> bytes:
    """The ``message`` field exactly as capture ``n`` sent it (urlencoded body, decoded)."""
    raw = (_folder() / _capture(n)["request_file"]).read_bytes()
    body = raw.split(b"\r\n\r\n", 1)[1]
    fields = dict(pair.split(b"=", 1) for pair in body.split(b"&"))
    return unquote_to_bytes(fields[b"message"].replace(b"+", b" "))


_ANSWER = re.compile(r"(succeedhandle|errorhandle)_fastpost\('([^']*)'")


def forum_verdict(n: int) -> tuple[Verdict, int, int]:
    """What the forum answered capture ``n``: the verdict and the limits it named."""
    text = (_folder() / _capture(n)["file"]).read_text("utf-8")
    m = _ANSWER.search(text)
    assert m, text
    settings_ = _manifest()["settings_at_capture"]
    low, high = int(settings_["minpostsize"]), int(settings_["maxpostsize"])
    if m.group(1) == "succeedhandle":
        return Verdict.OK, low, high
    said = m.group(2)
    for verdict in (Verdict.TOO_SHORT, Verdict.TOO_LONG):
        if said == verdict.said(low, high):
            return verdict, low, high
    raise AssertionError(f"capture {n}: not a size answer: {said}")


@pytest.mark.parametrize("n", SIZE_CAPTURES)
def test_the_model_gives_the_forums_verdict(n: int) -> None:
    verdict, low, high = forum_verdict(n)
    message = sent_message(n)
    # the request file holds what the manifest says was sent (its size, in bytes)
    assert f"{len(message)} bytes" in _capture(n)["request"]["body_fields"][0][1] or n in (
        15,
        16,
        17,
    )
    assert server_verdict(message, maxpostsize=high, minpostsize=low) is verdict
    # and the forum created a post exactly when it accepted one
    assert bool(_capture(n)["pid_created"]) == (verdict is Verdict.OK)


def test_the_limit_is_bytes_and_cr_counts() -> None:
    assert sent_message(16).decode() == "收到收到"  # 4 characters, 12 bytes: accepted
    assert sent_message(19) == "长".encode() * 3334  # 3,334 characters, 10,002 bytes: refused
    assert b"\r\n" in sent_message(22) and len(sent_message(22).replace(b"\r", b"")) <= 10000
    assert sent_message(48).decode() == "×" * 5001  # the editor's count: 5,001
    assert discuz_length(sent_message(48).decode()) <= DEFAULT_LIMIT
    assert post_size(sent_message(48).decode()) > DEFAULT_LIMIT


def test_a_part_pasted_is_measured_with_crlf() -> None:
    """50 and 51 are one part of the old splitter: with LF (a tool) accepted, with CRLF (a
    browser) refused; the model measures the text as each would send it."""
    lf = sent_message(51).decode()
    assert "\r" not in lf
    assert posted_bytes(lf, newline=PASTED) == sent_message(50)
    assert posted_bytes(lf, newline=POSTED) == sent_message(51)
    assert size_verdict(lf, newline=POSTED) is Verdict.OK
    assert size_verdict(lf, newline=PASTED) is Verdict.TOO_LONG
    # the old measure said it fit
    assert discuz_length(lf) <= DEFAULT_LIMIT
    # cut by the server's rule, every piece passes pasted
    for part in split_announcement(lf):
        assert size_verdict(part, newline=PASTED) is Verdict.OK


def test_the_minimum_leaves_quotes_out() -> None:
    assert server_verdict(b"[quote]" + b"x" * 100 + b"[/quote]ok") is Verdict.TOO_SHORT
    assert server_verdict(b"ok 1234567") is Verdict.OK  # 10 bytes
    assert server_verdict(b"ok 123456") is Verdict.TOO_SHORT
    assert MIN_POST_BYTES == 10


def test_a_gbk_board_counts_gbk_bytes_an_assumption() -> None:
    assert post_size("蓝牌", charset="gbk") == 4
    assert post_size("×", charset="gbk") == 2
    # an emoji GBK cannot hold is sent by the browser as a character reference
    assert posted_bytes("😀", charset="gbk") == b"&#128512;"


def test_no_limit_is_one_part() -> None:
    text = "第1行\n" * 5000
    assert split_announcement(text, 0) == [text]


# -- the splitter, over generated announcements ------------------------------------------

_NAMES = st.text(
    alphabet=st.sampled_from(list("饺子包子馄饨油条豆浆×·abcXYZ0123 ")) | st.just("😀"),
    min_size=1,
    max_size=12,
)
_CARD = st.sampled_from(["[color=Blue]蓝牌[/color]", "[color=DarkOrange]黄牌[/color]", "红牌"])


@st.composite
def announcements(draw: st.DrawFn) -> str:
    """An announcement as render_bbcode makes them, long: cards, a tally, a 电梯 of links,
    with ×, ·, emoji, a long line without spaces and one with many."""
    lines = [f"[b]{draw(_NAMES)} · 第{draw(st.integers(1, 9))}天公告[/b]", "", "[b]判罚[/b]"]
    for _ in range(draw(st.integers(0, 60))):
        lines.append(f"{draw(_NAMES)}：{draw(_CARD)} 第1天 发言不足×{draw(st.integers(1, 9))}")
    lines += ["", "[b]票型[/b]"]
    for _ in range(draw(st.integers(0, 40))):
        lines.append(
            f"{draw(_NAMES)} ← {draw(_NAMES)}·{draw(_NAMES)}（{draw(st.integers(1, 5))}票）"
        )
    lines += ["", "[b]第1天电梯[/b]"]
    for i in range(draw(st.integers(50, 500))):
        links = " ".join(
            f"[url=http://bbs.example.com/forum.php?mod=redirect&goto=findpost&ptid=1&pid={i * 100 + k}]#{k}[/url]"
            for k in range(draw(st.integers(1, 30)))
        )
        lines.append(f"{draw(_NAMES)}：{links}")
    if draw(st.booleans()):  # one line longer than a part, no spaces in it
        lines.append("[quote]" + "长😀×·" * draw(st.integers(1000, 4000)) + "[/quote]")
    if draw(st.booleans()):  # a tag open across many lines
        lines.insert(3, "[quote]")
        lines.append("[/quote]")
    return "\n".join(lines) + "\n"


@settings(max_examples=40, deadline=None)
@given(announcements(), st.sampled_from([DEFAULT_LIMIT, 20000, 3000]))
def test_every_part_is_within_the_limit_with_crlf(text: str, limit: int) -> None:
    parts = split_announcement(text, limit)
    for i, part in enumerate(parts, start=1):
        assert size_verdict(part, limit, newline=PASTED) is Verdict.OK, post_size(part)
        assert balanced(part)
        if len(parts) > 1:
            assert part.startswith(f"[b]（第{i}/{len(parts)}部分）[/b]\n")
    if len(parts) == 1:
        assert post_size(text) <= limit
    # nothing lost, nothing twice: the text between the tags in order, and every link
    bodies = [re.sub(r"^\[b\]（第\d+/\d+部分）\[/b\]\n", "", p) for p in parts]
    assert _text(text) == _text("".join(bodies))
    assert sorted(_URL.findall(text)) == sorted(u for b in bodies for u in _URL.findall(b))


_URL = re.compile(r"\[url=[^\]]+\]#\d+\[/url\]")


def _text(bbcode: str) -> str:
    return re.sub(r"\s+", "", re.sub(r"\[/?[a-z]+(=[^\]\[]*)?\]", "", bbcode, flags=re.I))


def test_a_line_without_spaces_longer_than_a_part_is_cut_between_characters() -> None:
    text = "[b]公告[/b]\n" + "长" * 10000 + "\n结束\n"
    parts = split_announcement(text)
    assert len(parts) == 4
    assert all(post_size(p) <= DEFAULT_LIMIT for p in parts)
    assert "".join(p.split("\n", 1)[1] for p in parts).count("长") == 10000
