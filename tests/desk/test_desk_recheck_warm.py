"""The desk's audits forked from its warm worker (auditor.desk.recheck, session 51 desk
item 1) are the command a new interpreter runs: the same summary line, progress stages,
exit codes and messages; each its own process, stopped with the desk."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from auditor import pipeline
from auditor.desk import actions, recheck
from auditor.errors import AuditorError
from tests.desk_helpers import desk_server, proposal_game


@pytest.fixture(scope="module")
def warm(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The sample game's minimal file, audited, and the warm worker started on it."""
    game = proposal_game(tmp_path_factory.mktemp("warm") / "game")
    recheck.start([game])
    try:
        yield game
    finally:
        recheck.stop()
        recheck.WARM = True


def _run(game: Path, reports: Path, *, warm: bool) -> tuple[str, list[str]]:
    recheck.WARM = warm
    stages: list[str] = []
    try:
        line = actions.run_audit(
            pipeline.open_game(game), reports, lambda d: stages.append(str(d["stage"])), crawl=False
        )
    finally:
        recheck.WARM = True
    return line, stages


def _answer(game: Path, n: int) -> None:
    with game.open("a", encoding="utf-8") as fh:
        fh.write(f"# answer {n}\n")  # (the game file rewritten: a full check follows)


def test_a_warm_recheck_says_what_a_new_process_says(warm: Path) -> None:
    reports = warm.parent / "reports"
    said = []
    for n, how in enumerate((False, True)):
        _answer(warm, n)
        line, stages = _run(warm, reports, warm=how)
        said.append((re.sub(r"报告：\S+", "报告：…", line), stages))
    assert said[0] == said[1], said
    assert "审计完成：" in said[1][0] and "报告：…" in said[1][0], said
    assert said[1][1][:2] == ["check", "report"], said  # (the progress lines came through)


def test_a_failing_audit_fails_alike(warm: Path, tmp_path: Path) -> None:
    blocked = tmp_path / "reports"
    blocked.write_text("not a folder", encoding="utf-8")
    errors = []
    for how in (False, True):
        with pytest.raises(AuditorError) as caught:
            _run(warm, blocked, warm=how)
        errors.append(str(caught.value))
    assert errors[0] == errors[1], errors
    assert errors[0].startswith("审计失败（退出码 "), errors


def test_a_forked_audit_is_a_process_the_desk_stops(warm: Path) -> None:
    _answer(warm, 9)
    proc: Any = recheck.audit(
        ["audit", str(warm), "--quiet", "--no-crawl", "--reports", str(warm.parent / "r2")],
        {},
    )
    assert isinstance(proc, recheck._Forked)
    with actions._RUNNING_LOCK:
        actions._RUNNING.add(proc)
    try:
        t = time.monotonic()
        actions.stop_audits(patience=5)
        assert proc.wait(timeout=0) == -15  # (SIGTERM, as a Popen's)
        assert time.monotonic() - t < 5
    finally:
        with actions._RUNNING_LOCK:
            actions._RUNNING.discard(proc)
    # the store is not left locked: the next re-check runs
    line, _ = _run(warm, warm.parent / "reports", warm=True)
    assert "审计完成：" in line


def test_one_game_a_rule_set_warms_the_worker(tmp_path: Path) -> None:
    def game(name: str, ruleset: str, size: int) -> Any:
        store = tmp_path / f"{name}.sqlite"
        if size:
            store.write_bytes(b"x" * size)
        return SimpleNamespace(path=tmp_path / f"{name}.toml", ruleset=ruleset, store=store)

    games = [game("big", "m107", 30), game("small", "m107", 10), game("new", "m107", 0)]
    games.append(game("rabbit", "030", 20))
    assert recheck.warm_games(games) == [tmp_path / "small.toml", tmp_path / "rabbit.toml"]


def _children(pid: int) -> dict[int, str]:
    """The processes whose parent is ``pid``: their command lines."""
    out = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            out[int(entry.name)] = cmd
    return out


def test_the_served_desk_starts_its_warm_worker_and_ends_it(tmp_path: Path) -> None:
    game = proposal_game(tmp_path / "g")
    with desk_server(game) as srv:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            worker = [p for p, cmd in _children(srv.process.pid).items() if "forkserver" in cmd]
            if worker:
                break
            time.sleep(0.2)
        assert worker, _children(srv.process.pid)
    assert not Path(f"/proc/{worker[0]}").exists() or "forkserver" not in (
        Path(f"/proc/{worker[0]}/cmdline").read_bytes().decode(errors="replace")
    ), "the warm worker outlived the desk"


def test_a_warm_recheck_sees_a_decision_made_after_its_warm_up(warm: Path) -> None:
    """The worker warmed up on the store as it was; a decision since (the store changed,
    the game file not) is in the next re-check, as in a new process's."""
    import csv
    import io

    from tests.desk_helpers import auditor

    reports = warm.parent / "reports"
    _answer(warm, 20)
    before, _ = _run(warm, reports, warm=True)
    found = auditor("findings", str(warm), "-f", "csv", cwd=warm.parent)
    card = next(r for r in csv.DictReader(io.StringIO(found.stdout)) if r["card"] == "blue")
    done = auditor(
        "decide", str(warm), card["id"], "approve", "--anyway", "--by", "导演", cwd=warm.parent
    )
    assert done.returncode == 0, done.stderr
    after, _ = _run(warm, reports, warm=True)
    _answer(warm, 21)  # (a new process on the same store, by the same full path)
    again, _ = _run(warm, reports, warm=False)

    def counts(line: str) -> str:
        return re.split(r"报告：|没有变化", line)[0]

    assert counts(after) == counts(again), (after, again)
    assert counts(after) != counts(before), (before, after)
