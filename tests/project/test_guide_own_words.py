"""docs/导演指南.md §7 (fh41 item 9): the steps a director follows to add his own banned
words, run as written — the file from the guide's first block, the game-file lines from
its second (added to a copy of the sample game: the rule is on), the command from its
third (the word is found)."""

from __future__ import annotations

import re
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
    return text.split("## 7. 加自己的违禁词", 1)[1].split("\n## ", 1)[0]


def _blocks(lang: str) -> list[str]:
    found = re.findall(rf"```{lang}\n(.*?)```", _section(), re.S)
    return [re.sub(r"(?m)^ {3}", "", b) for b in found]


def test_the_guide_says_how_to_add_own_words_and_the_steps_work(tmp_path: Path) -> None:
    folder = tmp_path / "sample"
    shutil.copytree(paths.ROOT / "examples" / "sample", folder)
    (lexicon,) = _blocks("text")
    (lines,) = _blocks("toml")
    (command,) = _blocks("sh")
    name = tomllib.loads(lines)["rules"]["lexicons"][0]
    (folder / name).write_text(lexicon, "utf-8")
    game_text = (folder / "game.toml").read_text("utf-8")
    # (the sample has [rules.…] tables but no [rules] of its own: the guide's lines go first
    # among the rules, as a director adds them)
    at = game_text.index("[rules.")
    (folder / "game.toml").write_text(game_text[:at] + lines + "\n" + game_text[at:], "utf-8")
    game = load_game(folder / "game.toml")
    assert ruleset_for(game).enabled("PHRASE-CENSOR")
    args = command.strip().split()
    assert args[:3] == ["auditor", "lexicon", "test"], args
    res = subprocess.run(
        [sys.executable, "-m", "auditor", *args[1:], "--format", "csv"],
        cwd=folder,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert res.returncode == 0, res.stderr
    assert "CENSOR" in res.stdout and "代练" in res.stdout, res.stdout
