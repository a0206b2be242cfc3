"""The lexicon files a process's caches key on (issue 35, session 42): a running desk sees a
director's new own words without a restart, because the rule set and the matcher it keeps in
memory are keyed by the files' modification times and sizes, not by their paths alone."""

from __future__ import annotations

import os
from pathlib import Path

from auditor.game.gamefile import load_game
from auditor.rules.engine import ruleset_for
from auditor.rules.lexfiles import game_lexicons, lexicon_stamp
from auditor.rules.matcher import matcher_for
from tests.game.test_gamefile import BASE


def _game(tmp_path: Path) -> Path:
    path = tmp_path / "game.toml"
    path.write_text(BASE.replace("[forum]", '[rules]\nlexicons = ["mine.txt"]\n\n[forum]'), "utf-8")
    return path


def _touch_later(path: Path, text: str) -> None:
    # (a second later: the same second's edit on a coarse file system still changes the key)
    before = path.stat().st_mtime_ns if path.exists() else 0
    path.write_text(text, "utf-8")
    os.utime(path, ns=(before + 1_000_000_000, before + 1_000_000_000))


def test_the_stamp_follows_an_edit_and_a_missing_file(tmp_path: Path) -> None:
    mine = tmp_path / "mine.txt"
    assert lexicon_stamp([mine]) == ((str(mine), -1, -1),)
    _touch_later(mine, "代练\n")
    first = lexicon_stamp([mine])
    assert first == lexicon_stamp([mine])  # unchanged: the same key
    _touch_later(mine, "代练\n陪玩\n")
    assert lexicon_stamp([mine]) != first


def test_a_running_process_sees_new_own_words_in_the_rule_set(tmp_path: Path) -> None:
    game = load_game(_game(tmp_path))
    mine = tmp_path / "mine.txt"
    assert game_lexicons(game, default=False) == [mine]
    _touch_later(mine, "# 还没有词\n")
    assert not ruleset_for(game).enabled("PHRASE-CENSOR")
    _touch_later(mine, "代练\n")  # the director adds his words while the desk runs
    assert ruleset_for(game).enabled("PHRASE-CENSOR")
    assert ruleset_for(game) is ruleset_for(game)  # and it is kept while unchanged


def test_a_running_process_sees_new_own_words_in_the_matcher(tmp_path: Path) -> None:
    mine = tmp_path / "mine.txt"
    _touch_later(mine, "代练\n")
    paths = (str(mine),)
    assert [m.text for m in matcher_for(paths, False).find("找人陪玩")] == []
    assert matcher_for(paths, False) is matcher_for(paths, False)
    _touch_later(mine, "代练\n陪玩\n")
    assert [m.text for m in matcher_for(paths, False).find("找人陪玩")] == ["陪玩"]
