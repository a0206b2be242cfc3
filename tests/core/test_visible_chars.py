"""Hardening (issue 13, item 9): bidi controls and zero-width characters in names and post
text are shown visibly (``<U+202E>``) in the HTML report and in the CLI, so a name cannot
be disguised; the stored data and the machine formats (CSV, JSON) keep the forum's text.

The pages are a labelled synthetic variant of the sample game (rendered by the project's
page writer): one player's name carries a right-to-left override, and a post carries an
override, a pop-directional, a zero-width space, a BOM and a terminal's control codes (ESC[8m
conceals what follows it on the director's terminal; ESC]0;…BEL retitles the window)."""

from __future__ import annotations

import csv
import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from auditor.pipeline import audit
from auditor.visible import HIDDEN, visible
from tests import paths

REPO = paths.ROOT
SAMPLE = REPO / "examples" / "sample"
NAME = "油\u202e条"  # shown as 油‮条: the override flips what follows it
SHOWN = "油<U+202E>条"
POST = "馄饨是狼！"
HOSTILE_POST = "\u202e馄饨\u200b是狼\u202c！\ufeff\x1b[8m藏\x1b]0;PWNED\x07"


@pytest.fixture(scope="module")
def hostile_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = tmp_path_factory.mktemp("visible") / "game"
    shutil.copytree(SAMPLE, game, ignore=shutil.ignore_patterns("*.sqlite*", "*.lock", "api-*"))
    for page in (game / "pages").glob("thread-*.html"):
        html = page.read_text("utf-8")
        # SYNTHETIC: a player's name with an RTL override, and hidden characters in a post
        html = html.replace("油条", NAME).replace(POST, HOSTILE_POST)
        page.write_text(html, "utf-8")
    toml = game / "game.toml"
    toml.write_text(toml.read_text("utf-8").replace("油条", NAME), "utf-8")
    return game / "game.toml"


def _cli(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "400"}
    return subprocess.run(
        [sys.executable, "-m", "auditor", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _raw_hidden(text: str) -> set[str]:
    return {f"U+{ord(c):04X}" for c in text if c in HIDDEN}


def test_visible_writes_out_every_hidden_character() -> None:
    for c in HIDDEN:
        assert visible(f"a{c}b") == f"a<U+{ord(c):04X}>b"
    assert visible("饺子 normal text 🐶") == "饺子 normal text 🐶"
    assert "\u202e" in HIDDEN and "\u2066" in HIDDEN and "\u3164" in HIDDEN
    assert "\x1b" in HIDDEN and "\x07" in HIDDEN and "\x9b" in HIDDEN  # (CSI, C1)
    assert visible("行\t一\n二\r") == "行\t一\n二\r"  # (a line's own: the terminal's library's)


def test_the_report_shows_hidden_characters(hostile_game: Path, tmp_path: Path) -> None:
    result = audit(hostile_game, reports=tmp_path / "reports")
    assert result.report is not None
    html = (result.report / "report.html").read_text("utf-8")
    assert _raw_hidden(html) == set()  # not one of them reaches the page as it is
    assert "油&lt;U+202E&gt;条" in html  # the name, in the queue, the grid and the tallies
    assert html.count("油&lt;U+202E&gt;条") >= 5
    assert (
        "&lt;U+202E&gt;馄饨&lt;U+200B&gt;是狼&lt;U+202C&gt;！&lt;U+FEFF&gt;&lt;U+001B&gt;[8m藏"
        "&lt;U+001B&gt;]0;PWNED&lt;U+0007&gt;" in html
    )
    assert "<U+" not in html  # written as text, never as something that looks like a tag
    # the data itself is the forum's: the tally counted votes for the player by that name
    findings = (result.report / "findings.csv").read_text("utf-8-sig")
    assert NAME in findings and HOSTILE_POST in findings


def test_cli_tables_and_messages_show_hidden_characters(hostile_game: Path) -> None:
    folder = hostile_game.parent
    res = _cli(["audit", str(hostile_game), "--no-crawl", "-q"], folder)
    if res.returncode != 0:  # the module's report test may not have crawled yet
        res = _cli(["audit", str(hostile_game), "-q"], folder)
    assert res.returncode == 0, res.stderr
    for args in (
        ["activity", str(hostile_game)],
        ["findings", str(hostile_game), "--player", NAME],
        ["ledger", str(hostile_game)],
        ["posts", str(hostile_game), "--player", NAME],
    ):
        res = _cli(args, folder)
        assert res.returncode == 0, (args, res.stderr)
        assert SHOWN in res.stdout, args
        assert _raw_hidden(res.stdout + res.stderr) == set(), args
    res = _cli(["posts", str(hostile_game), "--player", NAME], folder)
    shown = res.stdout.replace("\n", "")
    assert (
        "<U+202E>馄饨<U+200B>是狼<U+202C>！<U+FEFF><U+001B>[8m藏<U+001B>]0;PWNED<U+0007>" in shown
    )
    # a usage error names the value as given, visibly
    res = _cli(["findings", str(hostile_game), "--player", "饺\u202e子"], folder)
    assert res.returncode == 2
    assert "饺<U+202E>子" in res.stdout + res.stderr
    assert _raw_hidden(res.stdout + res.stderr) == set()
    # machine formats keep the text exactly
    res = _cli(["findings", str(hostile_game), "--player", NAME, "--format", "csv"], folder)
    rows = list(csv.DictReader(io.StringIO(res.stdout)))
    assert rows and {r["player"] for r in rows} == {NAME}
