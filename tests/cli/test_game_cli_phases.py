"""`auditor game` adds, corrects and drops a day's 环节 as the desk's day forms do (killbar7,
seed 002 4.1.2: 白天 1-3 个环节, each with its own vote thread; issue 34 Build 4): --phase N
with --phase-name / --phase-opens / --phase-closes / --vote-thread, or --drop-phase, on
--add day and on a day's --confirm.  老K's BT号船 (tests/games/discovery_fh44k/btship) after
night 2, the 环节 he wrote by hand left out."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from typer.testing import CliRunner

from auditor.cli import app
from auditor.game.gamefile import load_game
from tests.game.test_confirm_phases import (
    DAY1,
    HEAD,
    NIGHT1_EVENTS,
    NIGHT2_THREADS,
    TZ,
    _one,
    fh44k_game,
)

DAY1_TIMES = ("--day", "1", "--opens", "2026-12-02T00:00", "--closes", "2026-12-04T02:00")


def _game(path: Path, *args: str) -> str:
    res = CliRunner().invoke(app, ["game", str(path), *args, "--by", "老K"])
    said = " ".join(res.output.split())
    assert res.exit_code == 0, said
    return said


def test_a_phase_added_corrected_and_dropped_from_the_command_line(tmp_path: Path) -> None:
    path = fh44k_game(tmp_path / "n2", 2, HEAD + NIGHT2_THREADS + DAY1 + NIGHT1_EVENTS)
    # the missed D1-2: its number alone, the rest worked out (after 环节1, to the day's close,
    # the day's vote thread no 环节 had and its title's name)
    said = _game(path, "--add", "day", *DAY1_TIMES, "--phase", "2")
    assert "环节2 可疑者辩论投票 12-03 00:00:00 至 12-04 02:00:00，投票帖 712" in said, said
    phases = load_game(path).days[0].phases
    assert [(ph.number, ph.vote_thread) for ph in phases] == [(1, 711), (2, 712)]
    # corrected: its name and its start
    fix = ("--phase", "2", "--phase-name", "辩论", "--phase-opens", "2026-12-03T08:00")
    _game(path, "--add", "day", *DAY1_TIMES, *fix)
    two = load_game(path).days[0].phases[1]
    assert (two.name, two.opens, two.vote_thread) == (
        "辩论",
        datetime(2026, 12, 3, 8, tzinfo=TZ),
        712,
    )
    # dropped
    _game(path, "--add", "day", *DAY1_TIMES, "--phase", "2", "--drop-phase")
    assert [ph.number for ph in load_game(path).days[0].phases] == [1]
    # a 环节 field without its number is asked for in words, nothing written
    before = path.read_text("utf-8")
    res = CliRunner().invoke(
        app, ["game", str(path), "--add", "day", *DAY1_TIMES, "--phase-name", "辩论"]
    )
    assert res.exit_code != 0
    assert "改环节要先选是第几个环节" in " ".join(res.output.split())
    assert path.read_text("utf-8") == before


def test_a_days_confirm_corrects_its_phase(tmp_path: Path) -> None:
    """加速 of day 2, proposed by discovery (D2-1 今晚20点截, 20:00), confirmed with the 环节's name and vote
    thread corrected in the same step."""
    path = fh44k_game(tmp_path / "n2", 2, HEAD + NIGHT2_THREADS + DAY1 + NIGHT1_EVENTS)
    day2 = _one(path, "第2天：12-05 00:00:00 至 12-05 20:00:00")
    fast = ("--closes", "2026-12-05T20:00", "--accelerated")
    _game(
        path,
        "--confirm",
        day2.id,
        *fast,
        "--phase",
        "1",
        "--phase-name",
        "投票",
        "--vote-thread",
        "721",
    )
    day = load_game(path).days[1]
    assert day.accelerated
    assert [(ph.number, ph.name, ph.closes, ph.vote_thread) for ph in day.phases] == [
        (1, "投票", datetime(2026, 12, 5, 20, tzinfo=TZ), 721)
    ]
