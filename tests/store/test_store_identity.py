"""A store deleted mid-run, and a new store where the old one stood (issue 32, item 6).

The run notices its store vanished (exit 6, not a report from the unlinked file); a store
carries an id of its own, ``reports/<name>/.folder`` records it, and a new store beside a
report folder that names another id is refused (nothing is made) unless ``--new-store``
is given, while a game folder moved or copied whole keeps working."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from auditor import pipeline
from auditor.errors import StoreError
from auditor.game.gamefile import load_game
from auditor.report.write import FOLDER, recorded_store_id
from auditor.store import Store
from tests import paths

REPO = paths.ROOT


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "200"}
    return subprocess.run(
        [sys.executable, "-m", "auditor", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _game(tmp_path: Path) -> Path:
    folder = tmp_path / "game"
    shutil.copytree(
        REPO / "examples" / "sample",
        folder,
        ignore=shutil.ignore_patterns("*.sqlite*", "*.lock", "reports"),
    )
    return folder / "game.toml"


def _store_id(store: Path) -> str:
    with Store(store) as s:
        return s.store_id()


def _remove_store(store: Path) -> None:
    for leftover in store.parent.glob(store.name + "*"):
        leftover.unlink()


def test_a_store_deleted_mid_run_is_noticed(tmp_path: Path) -> None:
    game_path = _game(tmp_path)
    game = load_game(game_path)
    reports = tmp_path / "reports"

    def delete_at_check(stage: str) -> None:
        if stage == "check":
            game.store.unlink()

    with pytest.raises(StoreError) as caught:
        pipeline.audit(game, reports=reports, stage=delete_at_check)
    assert caught.value.exit_code == 6
    assert "被删除、移走或换成了另一个文件" in str(caught.value)
    assert str(game.store) in str(caught.value)
    assert not reports.exists()  # no report from the unlinked file


def test_a_new_store_beside_another_stores_reports_is_refused(tmp_path: Path) -> None:
    game = _game(tmp_path)
    store = load_game(game).store
    reports = tmp_path / "reports"
    audit = ["audit", str(game), "--reports", str(reports), "-q"]
    assert _run(audit, tmp_path).returncode == 0
    first = _store_id(store)
    assert len(first) == 32
    assert recorded_store_id(reports, "game") == first
    # The store deleted between two nights: the next audit makes no new store.
    _remove_store(store)
    res = _run(audit, tmp_path)
    message = " ".join(res.stderr.split())
    assert res.returncode == 6, res.stdout + res.stderr
    assert "不存在" in message and first[:8] in message and "--new-store" in message, message
    assert not store.exists()
    # A new store made meanwhile by a command that knows no report folder (crawl): refused by
    # the audit and by report, before anything is written to the report folder.
    assert _run(["crawl", str(game)], tmp_path).returncode == 0
    latest = os.readlink(reports / "game" / "latest")
    for args in (audit, ["report", str(game), "--reports", str(reports)]):
        res = _run(args, tmp_path)
        message = " ".join(res.stderr.split())
        assert res.returncode == 6, res.stdout + res.stderr
        assert "报告目录" in message and first[:8] in message and "--new-store" in message
        assert os.readlink(reports / "game" / "latest") == latest
    # Asked for: the new store goes on, and the folder is its own from then on.
    assert _run([*audit, "--new-store"], tmp_path).returncode == 0
    second = _store_id(store)
    assert second != first
    assert recorded_store_id(reports, "game") == second
    assert _run(audit, tmp_path).returncode == 0


def test_a_game_folder_moved_or_copied_whole_keeps_working(tmp_path: Path) -> None:
    game = _game(tmp_path)
    res = _run(["audit", "game/game.toml", "--reports", "game/reports", "-q"], tmp_path)
    assert res.returncode == 0, res.stderr
    ident = _store_id(load_game(game).store)
    moved = tmp_path / "moved"
    moved.mkdir()
    shutil.move(tmp_path / "game", moved / "game")
    copied = tmp_path / "copied"
    shutil.copytree(moved, copied, symlinks=True)
    for where in (moved, copied):
        res = _run(["audit", "game/game.toml", "--reports", "game/reports", "-q"], where)
        assert res.returncode == 0, res.stdout + res.stderr
        res = _run(["report", "game/game.toml", "--reports", "game/reports"], where)
        assert res.returncode == 0, res.stdout + res.stderr
        folder = (where / "game" / "reports" / "game" / FOLDER).read_text(encoding="utf-8")
        assert folder.splitlines() == [
            str((where / "game" / "reports" / "game").resolve()),
            f"store_id = {ident}",
        ]


def test_a_store_made_before_ids_gets_one_and_its_reports_record_it(tmp_path: Path) -> None:
    game = _game(tmp_path)
    store = load_game(game).store
    reports = tmp_path / "reports"
    assert _run(["audit", str(game), "--reports", str(reports), "-q"], tmp_path).returncode == 0
    with Store(store) as s, s.transaction():
        s.db.execute("DELETE FROM check_state WHERE key='store_id'")
    (reports / "game" / FOLDER).write_text(str((reports / "game").resolve()) + "\n")
    res = _run(["report", str(game), "--reports", str(reports)], tmp_path)
    assert res.returncode == 0, res.stderr
    ident = _store_id(store)
    assert len(ident) == 32 and recorded_store_id(reports, "game") == ident


def test_sqlite_noticing_a_moved_file_is_said_as_such(tmp_path: Path) -> None:
    """SQLite itself notices an unlinked file in rollback-journal mode (not a store's WAL):
    SQLITE_READONLY_DBMOVED is the store deleted or moved, not a read-only folder."""
    import sqlite3

    from auditor.store import store_error

    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("CREATE TABLE t (x)")
    path.unlink()
    with pytest.raises(sqlite3.Error) as caught:
        db.execute("INSERT INTO t VALUES (1)")
    db.close()
    message = str(store_error(path, caught.value))
    assert "被删除、移走" in message and "只读" not in message
