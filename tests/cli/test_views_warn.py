"""fh42 item 6: the CLI views of the last check say first when the game's state is
incomplete.

On his night 2 (tests/desk/fh42: the 延时, 北风's vote-out and the night deaths not read)
``votes --tally`` printed 「第2天：平票……无人出局」 and ``findings`` the false drafts, neither
saying the state was incomplete while ``audit`` exited 7 with it first on its line.  Now
``votes`` (every format), ``findings`` and ``status`` print the audit line's own words first
(on stderr: a csv or json on stdout stays a file), and nothing once he has answered.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests import paths
from tests.desk_helpers import auditor, fh42_game, fh42_unread

FH42 = paths.TESTS / "desk" / "fh42"
VIEWS = (
    ("votes", "wugang.toml", "--tally"),
    ("votes", "wugang.toml", "--tally", "--format", "csv"),
    ("findings", "wugang.toml"),
    ("status", "wugang.toml"),
)


@pytest.fixture(scope="module")
def night2(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """His game folder at night 2, audited (exit 7), and the state's words on its line."""
    folder = tmp_path_factory.mktemp("fh42-views") / "wugang"
    fh42_unread(folder)  # (his 延时 and night deaths left unread)
    res = auditor("audit", "wugang.toml", cwd=folder)
    assert res.returncode == 7, res.stdout + res.stderr
    line = (res.stdout + res.stderr).strip().splitlines()[0]
    assert line.startswith("游戏状态不完整（"), line
    return folder, line[: line.index("。审计完成") + 1]


@pytest.mark.parametrize("args", VIEWS, ids=lambda a: " ".join(a[:1] + a[2:]))
def test_each_view_says_the_incomplete_state_first(
    night2: tuple[Path, str], args: tuple[str, ...]
) -> None:
    folder, state = night2
    res = auditor(*args, cwd=folder)
    assert res.returncode == 0, res.stderr
    first = res.stderr.strip().splitlines()[0]
    assert first == state, (first, state)  # the audit line's words, first
    assert "可能不准" in res.stderr
    assert "游戏状态不完整" not in res.stdout  # (a csv stays a csv)
    if "csv" in args:
        assert res.stdout.startswith("day,"), res.stdout[:80]


def test_nothing_is_said_once_he_has_answered(tmp_path: Path) -> None:
    folder = tmp_path / "wugang"
    fh42_game(folder)
    shutil.copy(FH42 / "answered.toml", folder / "wugang.toml")
    # (his answers close the questions they answer — fh42 item 3: nothing to dismiss)
    res = auditor("audit", "wugang.toml", cwd=folder)
    assert res.returncode == 0, res.stdout + res.stderr
    for args in VIEWS:
        res = auditor(*args, cwd=folder)
        assert res.returncode == 0, res.stderr
        assert "游戏状态不完整" not in res.stdout + res.stderr, (args, res.stderr)
