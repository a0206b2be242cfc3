"""docs/导演指南.md §8 (fh41 item 9): the steps a director follows to add his own banned
words, run as written — the file from the guide's first block, the game-file lines from
its second (added to a copy of the sample game: the rule is on by itself) and the way to
turn it off (its third), the command from its
third (the word is found)."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from auditor.game.gamefile import load_game
from auditor.rules.engine import ruleset_for
from tests import paths

GUIDE = paths.ROOT / "docs" / "导演指南.md"


def _section() -> str:
    text = GUIDE.read_text("utf-8")
    return text.split("## 8. 加自己的违禁词", 1)[1].split("\n## ", 1)[0]


def _blocks(lang: str) -> list[str]:
    found = re.findall(rf"```{lang}\n(.*?)```", _section(), re.S)
    return [re.sub(r"(?m)^ {3}", "", b) for b in found]


def _run(args: list[str], folder: Path) -> subprocess.CompletedProcess[str]:
    assert args[:2] == ["auditor", "lexicon"], args
    return subprocess.run(
        [sys.executable, "-m", "auditor", *args[1:]],
        cwd=folder,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )


def test_the_guide_says_how_to_add_own_words_and_the_steps_work(tmp_path: Path) -> None:
    """The simplest form first: a plain word list (one word a line, no @category) is the
    director's own words; the game-file lines turn it on; lint says how it is read and
    test --explain finds the word."""
    folder = tmp_path / "sample"
    shutil.copytree(paths.ROOT / "examples" / "sample", folder)
    (lexicon,) = _blocks("text")
    assert "@" not in lexicon and len(lexicon.split()) >= 2, lexicon  # a plain list
    lines, off = _blocks("toml")
    assert "PHRASE-CENSOR" not in lines, lines  # the rule is on by itself (no table to add)
    (commands,) = _blocks("sh")
    name = tomllib.loads(lines)["rules"]["lexicons"][0]
    (folder / name).write_text(lexicon, "utf-8")
    game_text = (folder / "game.toml").read_text("utf-8")
    # (the sample has [rules.…] tables but no [rules] of its own: the guide's lines go first
    # among the rules, as a director adds them)
    at = game_text.index("[rules.")
    (folder / "game.toml").write_text(game_text[:at] + lines + "\n" + game_text[at:], "utf-8")
    game = load_game(folder / "game.toml")
    assert ruleset_for(game).enabled("PHRASE-CENSOR")
    # the guide's way to turn it off, added below: the rule is off, the file stays
    (folder / "off.toml").write_text(
        game_text[:at] + lines + "\n" + off + "\n" + game_text[at:], "utf-8"
    )
    assert not ruleset_for(load_game(folder / "off.toml")).enabled("PHRASE-CENSOR")
    lint, test = (shlex.split(c) for c in commands.strip().splitlines())
    assert lint[:3] == ["auditor", "lexicon", "lint"] and name in lint, lint
    res = _run(lint, folder)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "导演自己的违禁词" in res.stdout + res.stderr and "0 个错误" in res.stdout + res.stderr
    assert test[:3] == ["auditor", "lexicon", "test"] and "--explain" in test, test
    assert test[test.index("--lexicon") + 1] == name
    res = _run([*test, "--format", "csv"], folder)
    assert res.returncode == 0, res.stderr
    assert "代练" in res.stdout and "命中" in res.stdout, res.stdout


def test_a_category_of_his_own_name_is_accepted(tmp_path: Path) -> None:
    """The guide's ``@category 名字`` (a name of his own) is read, not refused."""
    named = re.search(r"`@category ([^`]+)`", _section())
    assert named is not None
    own = tmp_path / "我的类.txt"
    own.write_text(f"@category {named.group(1)}\n代练\n", "utf-8")
    res = _run(["auditor", "lexicon", "lint", str(own)], tmp_path)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "导演自己的类别" in res.stdout + res.stderr
