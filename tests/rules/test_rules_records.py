"""The check's records (auditor.rules.records): stored by the check, read by every view."""

from __future__ import annotations

import shutil
from datetime import datetime
from pathlib import Path

import pytest

from auditor import pipeline
from auditor.forum.crawl import crawl
from auditor.game.gamefile import load_game
from auditor.report import records as report_records
from auditor.rules import engine
from auditor.rules.records import CheckRecords
from auditor.rules.records import derive as derive_records
from auditor.store import Store
from tests import paths

SAMPLE = paths.ROOT / "examples" / "sample"


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    dest = tmp_path / "sample"
    shutil.copytree(SAMPLE / "pages", dest / "pages")
    shutil.copy(SAMPLE / "game.toml", dest / "game.toml")
    game = load_game(dest / "game.toml")
    with Store(game.store) as store:
        assert crawl(game, store).ok
    return dest / "game.toml"


def _no_context(*args: object, **kwargs: object) -> None:
    raise AssertionError("a view rebuilt the context (it must read the check's records)")


def test_the_check_stores_its_records_and_the_views_read_them(
    sample: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = load_game(sample)
    with Store(game.store) as store:
        pipeline.check(game, store)
        stored = engine.stored_records(store)
        assert stored is not None
        # what the check stored is what its context says, through the one derive
        at = datetime.fromisoformat(stored.checked_at)
        fresh = derive_records(engine.build_context(game, store, now=at))
        assert fresh.to_json() == stored.to_json()
        assert list(fresh.counted) == list(stored.counted)  # stored apart, day by day
    assert stored.ballots and stored.tally and stored.cells and stored.counted
    lurking = {(c.player, c.day) for c in stored.day_cells() if c.lurking}
    with Store(game.store) as store:
        lurk_findings = {
            (r["player"], r["day"]) for r in store.findings() if r["code"] == "LURK-DAY"
        }
    assert lurk_findings and lurking == lurk_findings  # the cells carry LURK-DAY's verdict

    # The report, the findings and the votes never rebuild the context once checked.
    monkeypatch.setattr(report_records, "build_context", _no_context)
    monkeypatch.setattr(engine, "build_context", _no_context)
    with Store(game.store) as store:
        recs = pipeline.records(game, store)
    assert [v["pid"] for v in recs.votes] == [b["pid"] for b in stored.ballots]
    cells = {(c["player"], c["day"]): c for row in recs.matrix for c in row["cells"]}
    for c in stored.day_cells():
        assert cells[(c.player, c.day)]["posts"] == c.posts
    with Store(game.store) as store:
        written = pipeline.report(game, store, tmp_path / "reports")
    assert (written.directory / "report.html").is_file()


def test_a_night_with_nothing_new_reads_neither_posts_nor_records(
    sample: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 16: a rerun with nothing new is flat in game size — it shows the stored
    proposals and keeps the last report without loading a post or the records."""
    first = pipeline.audit(sample, reports=tmp_path / "r", crawl=False)
    assert first.ok and first.report is not None

    def refuse(text: str) -> CheckRecords | None:
        raise AssertionError("the records were read on a night with nothing new")

    monkeypatch.setattr(CheckRecords, "from_json", staticmethod(refuse))
    monkeypatch.setattr(engine, "build_context", _no_context)
    quiet = pipeline.audit(sample, reports=tmp_path / "r", crawl=False)
    assert quiet.report_unchanged and quiet.report == first.report
    assert quiet.proposals == first.proposals
