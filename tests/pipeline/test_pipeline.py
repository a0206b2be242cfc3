"""auditor.pipeline: the stages as plain functions (what the CLI and the desk call), on the
sample game read from its saved pages into a real SQLite file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from auditor import pipeline
from auditor.errors import GameFileError, NotCrawledError
from tests import paths

REPO = paths.ROOT


@pytest.fixture
def game_path(tmp_path: Path) -> Path:
    sample = tmp_path / "sample"
    shutil.copytree(
        REPO / "examples" / "sample", sample, ignore=shutil.ignore_patterns("*.sqlite*", "*.lock")
    )
    return sample / "game.toml"


def test_the_stages_one_by_one_record_their_runs(game_path: Path, tmp_path: Path) -> None:
    game = pipeline.open_game(game_path)
    pages: list[tuple[int, int]] = []
    with pipeline.open_store(game, lock=True) as store:
        with pytest.raises(NotCrawledError):
            pipeline.check(game, store)
        crawled = pipeline.crawl(
            game, store, progress=lambda tid, page, _n: pages.append((tid, page))
        )
        assert crawled.ok and crawled.new_posts == store.post_count() > 0
        assert len(pages) == crawled.pages > 0
        checked = pipeline.check(game, store)
        assert checked.findings and not checked.incremental
        assert {f.fingerprint for f in checked.findings} == {
            r["fingerprint"] for r in store.findings()
        }
        led = pipeline.ledger(game, store)
        assert {d.fingerprint for d in led.drafts} <= {f.fingerprint for f in checked.findings}
        written = pipeline.report(game, store, tmp_path / "reports")
        assert (written.directory / "report.html").is_file()
        assert (written.directory / "announcement.bbcode").is_file()
        runs = [(r["command"], r["status"]) for r in store.runs()]
    assert runs == [("crawl", "ok"), ("check", "ok"), ("report", "ok")]


def test_audit_in_one_call_equals_the_stages(game_path: Path, tmp_path: Path) -> None:
    seen: list[int] = []
    result = pipeline.audit(
        game_path, reports=tmp_path / "reports", on_crawled=lambda r: seen.append(r.new_posts)
    )
    assert result.ok and result.report is not None
    assert seen == [result.new_posts] and result.new_posts > 0
    game = pipeline.open_game(game_path)
    with pipeline.open_store(game) as store:
        assert result.findings == len(store.findings())
        led = pipeline.ledger(game, store)
        assert (result.pending, result.other_pending) == (led.pending, led.other_pending)
        assert result.new_drafts == len(led.drafts) > 0
        assert [r["command"] for r in store.runs()][-2:] == ["crawl", "audit"]
    # a second run without a crawl: nothing new
    again = pipeline.audit(game_path, reports=tmp_path / "reports", crawl=False)
    assert again.new_drafts == 0 and again.findings == result.findings


def test_a_bad_game_file_fails_before_anything_runs(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[game]\nname = "x"\n', encoding="utf-8")
    with pytest.raises(GameFileError):
        pipeline.audit(bad, reports=tmp_path / "reports")
    assert not (tmp_path / "reports").exists()
