"""A damaged store is never written to (issue 32, item 1): every command refuses it with
exit 6 and the file's digest is the same before and after.  Three layers: cheap checks of
the raw file on every command (header, page count against the size, freelist), the whole
file checked before the first write when it changed since auditor last left it (4 KB of
garbage over a page in the middle), and an integrity check after each audit whose failure
is recorded so the next command refuses (an index quick checks cannot see is wrong)."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from auditor import pipeline
from auditor.game.gamefile import load_game
from auditor.store import health
from tests import paths

REPO = paths.ROOT
PAGE = 4096


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


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def audited(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The sample game audited once (its report stands: the next audit is a night with
    nothing new), and a draft's id for ``decide``."""
    tmp = tmp_path_factory.mktemp("audited")
    shutil.copytree(
        REPO / "examples" / "sample",
        tmp / "game",
        ignore=shutil.ignore_patterns("*.sqlite*", "*.lock", "reports"),
    )
    game = tmp / "game" / "game.toml"
    res = _run(["audit", str(game), "--reports", str(tmp / "game" / "reports"), "-q"], tmp)
    assert res.returncode == 0, res.stderr
    g = load_game(game)
    with pipeline.open_store(g) as store:
        draft = pipeline.ledger(g, store).drafts[0].id
    return tmp / "game", draft


def _copy(audited: tuple[Path, str], tmp_path: Path) -> tuple[Path, Path]:
    folder = tmp_path / "game"
    shutil.copytree(audited[0], folder, symlinks=True)
    game = folder / "game.toml"
    return game, load_game(game).store


def _commands(game: Path, draft: str) -> list[list[str]]:
    g, reports = str(game), str(game.parent / "reports")
    return [
        ["audit", g, "--reports", reports, "-q"],  # the night with nothing new
        ["audit", g, "--reports", reports, "-q", "--full"],
        ["crawl", g],
        ["check", g],
        ["report", g, "--reports", reports],
        ["ledger", g],
        ["findings", g],
        ["votes", g],
        ["posts", g],
        ["status", g],
        ["decide", g, draft, "approve"],
        ["card", g, "饺子", "--card", "yellow", "--reason", "超时"],
        ["decisions", "export", g, str(game.parent / "d.csv")],
    ]


def _every_command_refuses(
    game: Path, store: Path, draft: str, words: str, *, some: bool = False
) -> None:
    before = _digest(store)
    commands = _commands(game, draft)
    for args in (
        commands[:1] + commands[3:4] + commands[6:7] + commands[10:11] if some else commands
    ):
        res = _run(args, game.parent)
        message = " ".join(res.stderr.split())
        assert res.returncode == 6, (args, res.stdout, res.stderr)
        assert "Traceback" not in res.stderr, args
        assert store.name in message and words in message, (args, message)
        assert _digest(store) == before, args
    assert not (game.parent / "d.csv").exists()


def _root_page(store: Path, table: str) -> int:
    with sqlite3.connect(f"file:{store}?mode=ro", uri=True) as db:
        page = db.execute("SELECT rootpage FROM sqlite_master WHERE name=?", (table,)).fetchone()
    db.close()
    return int(page[0])


def test_garbage_over_a_page_in_the_middle_is_refused_by_every_command(
    audited: tuple[Path, str], tmp_path: Path
) -> None:
    game, store = _copy(audited, tmp_path)
    size = store.stat().st_size
    middle = (size // 2) // PAGE * PAGE
    with open(store, "r+b") as fh:  # the campaign's fault: 4 KB of garbage mid-file
        fh.seek(middle)
        fh.write(os.urandom(PAGE))
    _every_command_refuses(game, store, audited[1], "已经损坏")
    # The damage is recorded beside the store: refused at once from then on, said so.
    assert "damaged" in health.read_health(store)
    res = _run(["ledger", str(game)], game.parent)
    assert "发现：" in res.stderr


def test_the_posts_table_damaged_is_refused_by_every_command(
    audited: tuple[Path, str], tmp_path: Path
) -> None:
    """The same with a page certain to be in use: the posts table's root page."""
    game, store = _copy(audited, tmp_path)
    with open(store, "r+b") as fh:
        fh.seek((_root_page(store, "posts") - 1) * PAGE)
        fh.write(os.urandom(PAGE))
    _every_command_refuses(game, store, audited[1], "已经损坏")


def _as_if_unchanged(store: Path) -> None:
    """Record the damaged file as auditor's own last state: only the cheap checks (or the
    audit's integrity check) can find what is wrong now."""
    health.write_health(store, {"file": health.fingerprint(store)})


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        ("truncated", "文件被截断了"),
        ("appended", "文件末尾多出了内容"),
        ("page_size", "页大小"),
        ("freelist", "空闲页链表损坏"),
        ("header_count", "文件头说有"),
    ],
)
def test_the_cheap_checks_refuse_before_any_write(
    audited: tuple[Path, str], tmp_path: Path, damage: str, words: str
) -> None:
    game, store = _copy(audited, tmp_path)
    size = store.stat().st_size
    with open(store, "r+b") as fh:
        if damage == "truncated":
            fh.truncate(size // 2 // PAGE * PAGE)
        elif damage == "appended":
            fh.seek(size)
            fh.write(os.urandom(PAGE))
        elif damage == "page_size":
            fh.seek(16)
            fh.write((3000).to_bytes(2, "big"))
        elif damage == "freelist":
            fh.seek(32)
            fh.write((size // PAGE + 7).to_bytes(4, "big") + (1).to_bytes(4, "big"))
        else:
            fh.seek(28)
            fh.write((size // PAGE - 3).to_bytes(4, "big"))
    _as_if_unchanged(store)
    _every_command_refuses(
        game, store, audited[1], words, some=True
    )  # audit, check, findings, decide


def _break_an_index(store: Path) -> None:
    """An index that no longer matches its table: PRAGMA quick_check passes, only the full
    integrity check sees it."""
    db = sqlite3.connect(store)
    version = db.execute("PRAGMA schema_version").fetchone()[0]
    db.execute("PRAGMA writable_schema=ON")
    db.execute(
        "UPDATE sqlite_master SET sql=replace(sql, '(player', '(code') WHERE name='findings_player'"
    )
    db.execute(f"PRAGMA schema_version={version + 1}")
    db.commit()
    db.close()
    with sqlite3.connect(store) as check:
        assert check.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        assert check.execute("PRAGMA integrity_check").fetchone()[0] != "ok"
    check.close()


def test_the_integrity_check_after_an_audit_is_recorded_and_the_next_command_refuses(
    audited: tuple[Path, str], tmp_path: Path
) -> None:
    game, store = _copy(audited, tmp_path)
    _break_an_index(store)
    _as_if_unchanged(store)
    reports = str(game.parent / "reports")
    res = _run(["audit", str(game), "--reports", reports, "-q"], game.parent)
    assert res.returncode == 6, res.stdout + res.stderr
    assert "审计" not in res.stdout or "完整性检查" in res.stderr
    assert "已经损坏（完整性检查：row" in " ".join(res.stderr.split())
    _every_command_refuses(game, store, audited[1], "审计后的完整性检查")


def test_a_restored_store_is_checked_again_and_used(
    audited: tuple[Path, str], tmp_path: Path
) -> None:
    """The recorded damage binds the damaged file only: a store restored from a backup is
    checked whole and used, the record cleared."""
    game, store = _copy(audited, tmp_path)
    backup = tmp_path / "backup.sqlite"
    shutil.copy(store, backup)
    with open(store, "r+b") as fh:
        fh.seek((_root_page(store, "posts") - 1) * PAGE)
        fh.write(os.urandom(PAGE))
    assert _run(["findings", str(game)], game.parent).returncode == 6
    shutil.copy(backup, store)
    res = _run(["audit", str(game), "--reports", str(game.parent / "reports"), "-q"], game.parent)
    assert res.returncode == 0, res.stderr
    assert "damaged" not in health.read_health(store)


def test_a_sound_store_is_not_checked_whole_on_every_command(
    audited: tuple[Path, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The whole file is read before the first write only when it changed since auditor
    last left it (the audit's own check aside)."""
    game, store = _copy(audited, tmp_path)
    g = load_game(game)
    with pipeline.open_store(g):
        pass  # a copy: checked once, and recorded
    checked: list[str] = []
    real = health.integrity_problems
    monkeypatch.setattr(
        health, "integrity_problems", lambda rows: checked.append("x") or real(rows)
    )
    with pipeline.open_store(g, lock=True) as s:
        s.start_run("test")
    assert checked == []
    with pipeline.open_store(g):
        pass
    assert checked == []
    os.utime(store)  # another program touched it
    with pipeline.open_store(g):
        pass
    assert checked == ["x"]


def test_a_file_left_by_another_connection_meanwhile_is_not_checked_whole(
    audited: tuple[Path, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The desk's directors at once: another connection of auditor's leaves the file (a
    checkpoint changes it) and records it after this one read the record: the record is
    read again before the whole file is (it cost a 10k game's page 0.1 s under load)."""
    game, store = _copy(audited, tmp_path)
    g = load_game(game)
    with pipeline.open_store(g):
        pass  # a copy: checked once, and recorded
    stale = health.read_health(store)
    os.utime(store, ns=(1, 1))  # changed by the other connection…
    health.record_seen(store, stale)  # …which recorded it
    reads = iter([stale])
    real_read = health.read_health
    monkeypatch.setattr(health, "read_health", lambda p: next(reads, None) or real_read(p))
    checked: list[str] = []
    real = health.integrity_problems
    monkeypatch.setattr(
        health, "integrity_problems", lambda rows: checked.append("x") or real(rows)
    )
    with pipeline.open_store(g):
        pass
    assert checked == []
    os.utime(store, ns=(2, 2))  # another program, not recorded: checked whole
    with pipeline.open_store(g):
        pass
    assert checked == ["x"]
