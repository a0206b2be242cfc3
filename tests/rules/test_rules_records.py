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


def test_the_open_day_counts_only_valid_ballots_and_shows_void_ones(sample: Path) -> None:
    """``auditor status`` (the check's stored entry, read without ``--now``): 油条's only
    day-1 ballot names 馄钝, not a player — void, not a vote, shown with its problem; 豆浆's
    ballot comes after the close, so at 20:00 he has not voted."""
    import json
    from zoneinfo import ZoneInfo

    from auditor.cli.today import status_bbcode, stored_status
    from auditor.store.state import STATUS_KEY

    game = load_game(sample)
    at = datetime(2026, 11, 21, 20, tzinfo=ZoneInfo("Asia/Shanghai"))
    with Store(game.store) as store:
        pipeline.check(game, store, now=at)
        entry = json.loads(store.state_value(STATUS_KEY) or "{}")
        st = stored_status(game, store, at)
    rows = {r["player"]: r for r in entry["rows"]}
    assert (rows["油条"]["voted"], rows["油条"]["void"]) == (0, 1)
    assert rows["油条"]["problem"] == "投票对象不是玩家"
    assert (rows["饺子"]["voted"], rows["饺子"]["void"], rows["饺子"]["problem"]) == (1, 0, "")
    assert (rows["豆浆"]["voted"], rows["豆浆"]["void"]) == (0, 0)
    assert st is not None and st.rows == entry["rows"] and st.closes is not None
    reminder = status_bbcode(1, st.rows, st.closes)
    assert "投票无效：油条（投票对象不是玩家）" in reminder
    assert "油条" not in next(line for line in reminder.splitlines() if line.startswith("尚未投票"))
