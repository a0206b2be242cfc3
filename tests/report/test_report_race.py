"""A decision made while an audit writes its report is in that run's report (issue 32,
item 8); a game folder copied or moved whole (store and reports together) keeps writing
its reports."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from auditor.game.gamefile import load_game
from auditor.ledger.decisions import decide
from auditor.ledger.ledger import load_ledger
from auditor.pipeline import audit
from auditor.store import Store
from tests import paths

SAMPLE = paths.ROOT / "examples" / "sample"
NOTE = "审计写报告时做的决定"


def _sample(tmp: Path) -> Path:
    root = tmp / "game"
    shutil.copytree(SAMPLE, root, ignore=shutil.ignore_patterns("*.sqlite*", "*.lock"))
    return root / "game.toml"


def _decide_meanwhile(path: Path, calls: list[str]) -> Callable[..., Any]:
    """write_report that first lets a director decide a draft (in a connection of its own,
    as ``auditor decide`` or the desk would): the records it was given are already built."""
    import auditor.report.write as write

    original = write.write_report

    def racing(records: Any, *args: Any, **kwargs: Any) -> Any:
        if not calls:
            game = load_game(path)
            with Store(game.store) as store:
                draft = load_ledger(game, store).drafts[0]
                decide(game, store, draft.fingerprint, "reject", note=NOTE, by="导演")
            calls.append(draft.fingerprint)
        return original(records, *args, **kwargs)

    return racing


def test_a_decision_while_the_report_is_written_is_in_that_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import auditor.report.write as write

    path = _sample(tmp_path)
    calls: list[str] = []
    monkeypatch.setattr(write, "write_report", _decide_meanwhile(path, calls))
    result = audit(path, reports=tmp_path / "reports")
    assert calls, "the report was never written"
    assert result.report is not None
    html = (result.report / "report.html").read_text("utf-8")
    assert NOTE in html


def test_a_decision_on_a_night_with_nothing_new_is_in_that_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second night reuses the first night's report (nothing new) unless a decision
    arrives while it marks it as checked."""
    import auditor.report.write as write

    path = _sample(tmp_path)
    assert audit(path, reports=tmp_path / "reports").report is not None
    calls: list[str] = []
    original = write.mark_checked

    def racing(directory: Path, when: Any) -> bool:
        if not calls:
            game = load_game(path)
            with Store(game.store) as store:
                draft = load_ledger(game, store).drafts[0]
                decide(game, store, draft.fingerprint, "reject", note=NOTE, by="导演")
            calls.append(draft.fingerprint)
        return original(directory, when)

    monkeypatch.setattr(write, "mark_checked", racing)
    result = audit(path, reports=tmp_path / "reports")
    assert calls
    assert result.report is not None and not result.report_unchanged
    assert NOTE in (result.report / "report.html").read_text("utf-8")


@pytest.mark.parametrize("how", ["copy", "move"])
def test_a_game_folder_copied_or_moved_whole_writes_its_reports(tmp_path: Path, how: str) -> None:
    """The folder holds the game file, the store and reports/ (the README's layout)."""
    path = _sample(tmp_path / "a")
    first = audit(path, reports=path.parent / "reports")
    assert first.report is not None
    target = tmp_path / "b" / "game"  # (the same name: the report folder is reports/game)
    target.parent.mkdir()
    if how == "copy":
        shutil.copytree(path.parent, target, symlinks=True)
    else:
        shutil.move(path.parent, target)
    result = audit(target / "game.toml", reports=target / "reports", full=True)
    assert result.report is not None
    assert result.report.parent == (target / "reports" / "game").resolve()
    if how == "copy":  # the original folder still writes its own
        assert audit(path, reports=path.parent / "reports", full=True).report is not None


def test_two_games_sharing_a_report_folder_are_still_refused(tmp_path: Path) -> None:
    from auditor.errors import ReportFolderError

    one = _sample(tmp_path / "s1")
    two = _sample(tmp_path / "s2")
    shared = tmp_path / "reports"
    assert audit(one, reports=shared).report is not None
    with pytest.raises(ReportFolderError):
        audit(two, reports=shared)


def test_a_folder_copied_from_an_older_version_writes_its_reports(tmp_path: Path) -> None:
    """A report folder whose .store names only the store (written before the folder's own
    path was recorded beside it): copied whole with its store, it still writes."""
    path = _sample(tmp_path / "a")
    assert audit(path, reports=path.parent / "reports").report is not None
    game_dir = path.parent / "reports" / "game"
    for extra in game_dir.glob(".folder"):
        extra.unlink()
    target = tmp_path / "b" / "game"
    shutil.copytree(path.parent, target, symlinks=True)
    assert audit(target / "game.toml", reports=target / "reports", full=True).report is not None
