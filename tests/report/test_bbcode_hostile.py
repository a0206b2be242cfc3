"""Nothing from a page flows into announcement.bbcode unchecked (issue 13, item 8): links
come from the game file's ``[forum] url`` only (a saved page's ``<base href>`` never), and
page text cannot open, close or inject a tag.  The announcement holds exactly the tags the
tool writes."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from auditor.pipeline import audit
from tests import paths

REPO = paths.ROOT
SAMPLE = REPO / "examples" / "sample"
HOSTILE = (
    "[url=http://phish.example/]点我领奖[/url][img]http://phish.example/x.png[/img][/b][/color]"
)
_TAG = re.compile(r"\[(/?)([a-zA-Z*]+)(=[^\]]*)?\]")


def _hostile_sample(tmp_path: Path, forum_url: str | None) -> Path:
    game = tmp_path / "game"
    shutil.copytree(SAMPLE, game, ignore=shutil.ignore_patterns("*.sqlite*", "*.lock", "api-*"))
    for page in (game / "pages").glob("thread-*.html"):
        html = page.read_text("utf-8")
        # SYNTHETIC: a saved page whose <base href> points elsewhere, and hostile post text
        html = html.replace(
            '<base href="http://bbs.example.com/" />', '<base href="http://phish.example/" />'
        )
        html = html.replace("投票对象：油条<br />", f"投票对象：{HOSTILE}<br />")
        html = html.replace("投票理由：发言前后矛盾", f"投票理由：{HOSTILE}")
        page.write_text(html, "utf-8")
    if forum_url:
        toml = game / "game.toml"
        text = toml.read_text("utf-8")
        toml.write_text(
            text.replace('pages = "pages/"', f'pages = "pages/"\nurl = "{forum_url}"'), "utf-8"
        )
    return game / "game.toml"


def _tags(text: str) -> list[tuple[str, str, str]]:
    return [(m.group(1), m.group(2).lower(), m.group(3) or "") for m in _TAG.finditer(text)]


@pytest.mark.parametrize("forum_url", [None, "http://bbs.example.com/"])
def test_the_announcement_has_exactly_the_tags_the_tool_wrote(
    tmp_path: Path, forum_url: str | None
) -> None:
    game_path = _hostile_sample(tmp_path, forum_url)
    result = audit(game_path, reports=tmp_path / "reports")
    assert result.report is not None
    text = (result.report / "announcement.bbcode").read_text("utf-8")
    assert "phish" not in text
    tags = _tags(text)
    assert {name for _, name, _ in tags} <= {"b", "color", "url"}
    opened = [name for close, name, _ in tags if not close]
    closed = [name for close, name, _ in tags if close]
    assert sorted(opened) == sorted(closed)  # every tag the tool opened, it closed
    urls = [arg[1:] for close, name, arg in tags if name == "url" and not close]
    if forum_url is None:
        assert urls == []  # a saved-pages game without [forum] url has no links
        assert "#" in text  # the 电梯 still lists the floors
    else:
        assert urls and all(
            re.fullmatch(
                re.escape(forum_url) + r"forum\.php\?mod=redirect&goto=findpost&ptid=\d+&pid=\d+",
                u,
            )
            for u in urls
        ), urls
    for _, name, arg in tags:
        if name == "color":
            assert arg in ("=Blue", "=DarkOrange", "=Red")


def test_a_bidi_override_in_a_name_cannot_reverse_the_announcement_line() -> None:
    # SYNTHETIC: a player whose forum name holds a right-to-left override (U+202E); pasted
    # raw, the forum would show the rest of the line reversed
    from auditor.report.bbcode import _card_line

    line = _card_line({"card": "blue", "day": 3, "player": "油\u202e条", "title": "潜水\u200b"})
    assert "\u202e" not in line and "\u200b" not in line
    assert line.startswith("油<U+202E>条：[color=Blue]蓝牌[/color] 第3天 潜水<U+200B>")
