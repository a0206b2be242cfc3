"""030 and M39 替补“每名角色仅限更换一次替补”: a role substituted twice is a notice for the
director in the report (``substitutes_per_role = 1``); M107 (10 替补) sets no limit."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.game.gamefile import load_game
from auditor.report.records import game_notices
from auditor.rules.engine import ruleset_for, substitute_warnings
from tests.rules.test_rule_cases import dump_toml, game_data

TWICE = """
[[event]]
type = "substitute"
player = "饺子"
at = 2026-11-20T12:00:00+08:00
value = "小明"
[[event]]
type = "substitute"
player = "饺子"
at = 2026-11-21T12:00:00+08:00
value = "小红"
"""
ONCE = "\n".join(TWICE.strip().splitlines()[:5]) + "\n"


def _game(tmp_path: Path, ruleset: str, fragment: str) -> object:
    (tmp_path / "pages").mkdir(exist_ok=True)
    path = tmp_path / "game.toml"
    path.write_text(dump_toml(game_data(ruleset, fragment)) + "\n", "utf-8")
    return load_game(path)


@pytest.mark.parametrize("ruleset", ["rabbit030", "m39"])
def test_a_second_substitute_for_one_role_is_a_notice(tmp_path: Path, ruleset: str) -> None:
    game = _game(tmp_path, ruleset, TWICE)
    notes = substitute_warnings(game)  # type: ignore[arg-type]
    assert len(notes) == 1
    assert "饺子 的角色更换了 2 次替补（小明、小红）" in notes[0]
    assert "每名角色仅限更换一次替补" in notes[0]
    assert notes[0] in game_notices(game, ruleset_for(game), None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("ruleset", "fragment"), [("rabbit030", ONCE), ("m107", TWICE), ("killbar7", TWICE)]
)
def test_one_substitute_or_no_limit_is_no_notice(
    tmp_path: Path, ruleset: str, fragment: str
) -> None:
    game = _game(tmp_path, ruleset, fragment)
    assert substitute_warnings(game) == []  # type: ignore[arg-type]
