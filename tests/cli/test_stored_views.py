"""Issue 36: ``status``, ``findings``, ``votes`` and ``activity`` show what the last check
stored, and say so first when a crawl has stored posts since that check (they used to
show a day crawled after the check as all zeros, with exit 0 and no word); ``status``
without ``--now`` reads the check's one entry for the open day, loading no rule."""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from typer.testing import CliRunner

from auditor import pipeline
from auditor.cli import app
from auditor.cli.today import STALE, stored_status
from auditor.game.gamefile import load_game
from auditor.store import Store
from auditor.store.state import STATUS_KEY
from tests import paths

ROOT = paths.ROOT
SAMPLE = ROOT / "examples" / "sample"
TZ = ZoneInfo("Asia/Shanghai")
DAY3 = ("105", "106")  # the sample's day-3 threads


def _day3_later(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the sample whose day-3 threads are kept aside (the forum had not shown
    them yet): (the game file, the folder holding the day-3 pages)."""
    dest = tmp_path / "sample"
    shutil.copytree(SAMPLE / "pages", dest / "pages")
    shutil.copy(SAMPLE / "game.toml", dest / "game.toml")
    later = tmp_path / "later"
    later.mkdir()
    for f in (dest / "pages").iterdir():
        if f.is_file() and any(f"-{tid}-" in f.name for tid in DAY3):
            shutil.move(str(f), later / f.name)
    return dest / "game.toml", later


def _crawl(path: Path) -> None:
    game = load_game(path)
    with pipeline.open_store(game, lock=True) as store:
        pipeline.crawl(game, store)


def _check(path: Path) -> None:
    game = load_game(path)
    with pipeline.open_store(game, lock=True) as store:
        pipeline.check(game, store)


def _day_posts(stdout: str, day: int) -> int:
    rows = list(csv.DictReader(io.StringIO(stdout)))
    return sum(int(r["posts"]) for r in rows if int(r["day"]) == day)


def test_a_crawl_after_the_check_is_said_first(tmp_path: Path) -> None:
    game, later = _day3_later(tmp_path)
    _crawl(game)
    _check(game)
    runner = CliRunner()
    before = runner.invoke(app, ["activity", str(game), "-f", "csv"])
    assert before.exit_code == 0, before.output
    assert STALE not in before.stderr
    assert _day_posts(before.stdout, 3) == 0
    for f in later.iterdir():  # today's crawl: day 3 is on the forum now
        shutil.move(str(f), game.parent / "pages" / f.name)
    _crawl(game)
    for args in (
        ["activity", str(game), "-f", "csv"],
        ["votes", str(game), "--tally", "-f", "csv"],
        ["findings", str(game), "-f", "csv"],
        ["status", str(game), "-f", "csv"],
    ):
        res = runner.invoke(app, args)
        assert res.exit_code == 0, (args, res.output)
        assert res.stderr.splitlines()[0].endswith(STALE), (args, res.stderr)
    stale = runner.invoke(app, ["activity", str(game), "-f", "csv"])
    assert _day_posts(stale.stdout, 3) == 0  # the last check's records, as they are
    _check(game)
    after = runner.invoke(app, ["activity", str(game), "-f", "csv"])
    assert after.exit_code == 0 and STALE not in after.stderr
    assert _day_posts(after.stdout, 3) > 0
    tally = runner.invoke(app, ["votes", str(game), "--tally", "-f", "csv"])
    assert STALE not in tally.stderr
    assert any(r["day"] == "3" for r in csv.DictReader(io.StringIO(tally.stdout)))


def test_an_edit_of_the_game_file_is_judged_afresh_with_no_note(tmp_path: Path) -> None:
    game, later = _day3_later(tmp_path)
    for f in later.iterdir():
        shutil.move(str(f), game.parent / "pages" / f.name)
    _crawl(game)
    _check(game)
    game.write_text(game.read_text("utf-8") + "\n# edited\n", "utf-8")
    g = load_game(game)
    with Store(g.store) as store:
        assert stored_status(g, store, datetime.now(TZ)) is None  # other inputs
    res = CliRunner().invoke(app, ["activity", str(game), "-f", "csv"])
    assert res.exit_code == 0 and STALE not in res.stderr
    assert _day_posts(res.stdout, 3) > 0


@pytest.fixture
def open_day(tmp_path: Path) -> Path:
    """The sample game checked while its day 2 is open (a check at that time)."""
    game, _later = _day3_later(tmp_path)
    _crawl(game)
    return game


def test_status_reads_the_stored_day_as_judged_afresh(open_day: Path) -> None:
    g = load_game(open_day)
    at = datetime(2026, 11, 23, 20, tzinfo=TZ)
    with pipeline.open_store(g, lock=True) as store:
        pipeline.check(g, store, now=at)
    with Store(g.store) as store:
        st = stored_status(g, store, at + timedelta(minutes=5))
        assert st is not None and st.day == 2
        assert stored_status(g, store, at + timedelta(days=1)) is None  # day 2 closed since
        entry = json.loads(store.state_value(STATUS_KEY) or "{}")
    res = CliRunner().invoke(
        app, ["status", str(open_day), "--now", "2026-11-23T20:05:00", "-f", "json"]
    )
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout) == st.rows == entry["rows"]
    assert any(r["voted"] for r in st.rows) and any(not r["voted"] for r in st.rows)


def test_the_status_fast_path_loads_no_rule(tmp_path: Path) -> None:
    # A game whose day is open now: the fast path answers from the stored entry without
    # typer or the rule engine, and says what typer's command says.
    game, _later = _day3_later(tmp_path)
    _crawl(game)
    g = load_game(game)
    # (the game's clock: its newest saved page, as audit, report and status judge — fh46b)
    with pipeline.open_store(g) as store:
        newest = store.newest_page_time()
    now = (newest or datetime.now(TZ)).astimezone(TZ).replace(microsecond=0)
    text = game.read_text("utf-8")
    opens, closes = (now - timedelta(hours=1)).isoformat(), (now + timedelta(hours=5)).isoformat()
    text += f"\n[[day]]\nnumber = 4\nopens = {opens}\ncloses = {closes}\n"
    game.write_text(text, "utf-8")
    g = load_game(game)
    with pipeline.open_store(g, lock=True) as store:
        pipeline.check(g, store, now=now)
    probe = (
        "import sys\n"
        "from auditor.cli import quick_status\n"
        "code = quick_status(sys.argv[1:])\n"
        "assert code == 0, code\n"
        "assert 'typer' not in sys.modules and 'auditor.rules.engine' not in sys.modules\n"
    )
    fast = subprocess.run(
        [sys.executable, "-c", probe, "status", str(game), "-f", "csv"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert fast.returncode == 0, fast.stderr
    typer_res = CliRunner().invoke(app, ["status", str(game), "-f", "csv"])
    assert typer_res.exit_code == 0, typer_res.output
    assert fast.stdout == typer_res.stdout
    rows = list(csv.DictReader(io.StringIO(fast.stdout)))
    assert rows and all(r["posts"] == "0" for r in rows)  # day 4 has no post yet


def test_the_status_fast_path_checks_the_store_is_this_games(tmp_path: Path) -> None:
    """The fast path opens the stored status only after ``refuse_wrong_store``: a store
    that holds another game (its threads' titles carry another tag, none this file's) is
    left to typer's command, which refuses it, instead of printing that game's status."""
    import sqlite3
    from contextlib import closing

    from auditor.cli.today import fast_path

    game, _later = _day3_later(tmp_path)
    game.write_text(
        game.read_text("utf-8").replace("[game]\n", '[game]\ntag = "M107"\n', 1), "utf-8"
    )
    _crawl(game)
    _check(game)
    assert fast_path(["status", str(game), "-f", "csv"]) == 0  # (its own store: fast)
    with closing(sqlite3.connect(load_game(game).store)) as db, db:
        db.execute("UPDATE threads SET subject = replace(subject, 'M107', 'M106')")
    assert fast_path(["status", str(game), "-f", "csv"]) is None
    res = CliRunner().invoke(app, ["status", str(game), "-f", "csv"])
    assert res.exit_code != 0 and "存的是另一局" in res.output
