"""Issue 16 "memory": a check holds a bounded slice of the game's text at a time, and says
exactly what it says when everything is judged at once.  Compared on a generated game
(its planted violations include banned phrases, red and large fonts, pasted chat logs)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests import paths

sys.path.insert(0, str(paths.ROOT / "benchmarks"))

from generate import GameConfig, generate_game, write_game

from auditor.forum.crawl import crawl
from auditor.game.gamefile import Game, load_game
from auditor.rules import engine, phrases
from auditor.rules.matcher import Matcher
from auditor.store import Store


@pytest.fixture(scope="module")
def crawled(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """A generated 3,000-post game crawled once from its saved pages."""
    out = tmp_path_factory.mktemp("g3k") / "game"
    game = load_game(write_game(generate_game(GameConfig(posts=3_000, seed=5)), out))
    with Store(game.store) as store:
        assert crawl(game, store).ok
    return game


def test_phrase_batches_in_slices_find_what_one_batch_finds(
    crawled: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    rs = engine.ruleset_for(crawled)
    with Store(crawled.store) as store:
        whole = engine.run_rules(engine.build_context(crawled, store, ruleset=rs), rs)
        batches: list[int] = []
        real = Matcher.find_all

        def counted(self: Matcher, texts: object, *a: object, **k: object) -> object:
            texts = list(texts)  # type: ignore[call-overload]
            batches.append(sum(len(t) for t in texts))
            return real(self, texts, *a, **k)  # type: ignore[arg-type]

        monkeypatch.setattr(Matcher, "find_all", counted)
        monkeypatch.setattr(phrases, "BATCH_CHARS", 20_000)
        sliced = engine.run_rules(engine.build_context(crawled, store, ruleset=rs), rs)
    assert len(batches) > 5  # the game's text went to the matcher in slices
    assert max(batches) < 20_000 + 2_000  # none much over the budget (one post past it)
    assert any(f.code.startswith("PHRASE-") for f in whole)
    assert sliced == whole


def test_a_full_check_in_slices_says_what_the_whole_context_says(
    crawled: Game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """engine.check places and judges the posts a slice at a time and keeps them without
    their message HTML: its findings (in order), records and check-state rows are those
    of the whole game judged at once by build_context + run_rules."""
    import shutil
    from dataclasses import asdict

    from auditor.rules.records import derive

    shutil.copy(crawled.store, tmp_path / "game.sqlite")
    game = load_game(crawled.path)
    rs = engine.ruleset_for(game)
    with Store(crawled.store) as store:
        ctx = engine.build_context(game, store, ruleset=rs)
        now = ctx.now
        whole = engine.run_rules(ctx, rs)
        records = derive(ctx).to_json()
        rows = {
            r[0]: r[1]
            for r in store.db.execute(
                "SELECT p.pid, v.content_hash FROM posts p JOIN post_versions v"
                " ON v.pid = p.pid AND v.version = p.version WHERE p.deleted = 0"
            )
        }
        placed = {gp.pid: gp.day for gp in ctx.posts}
    monkeypatch.setattr(engine, "CHECK_SLICE", 700)  # the 3,000 posts in five slices
    with Store(tmp_path / "game.sqlite") as store:
        seen: list[int] = []
        real = store.iter_posts

        def sliced(**kw: object) -> object:
            for part in real(**kw):  # type: ignore[arg-type]
                seen.append(len(part))
                yield part

        monkeypatch.setattr(store, "iter_posts", sliced)
        result = engine.check(game, store, now=now)
        stored = {
            r[0]: (r[1], r[2], r[3])
            for r in store.db.execute("SELECT pid, content_hash, day, keep FROM checked_posts")
        }
    assert len(seen) >= 5 and max(seen) == 700
    assert not result.incremental and result.findings == whole
    assert {f.code.split("-")[0] for f in whole} >= {"PHRASE", "FONT", "LURK", "VOTE"}
    assert result.records is not None and result.records.to_json() == records
    assert result.context is not None
    assert all(gp.post.message_html == "" for gp in result.context.posts)
    assert {pid: (h, placed[pid]) for pid, h in rows.items()} == {
        pid: (h, d) for pid, (h, d, _) in stored.items()
    }
    # the records' JSON is what asdict gives, field for field
    data = json.loads(records)
    assert data["cells"] == [asdict(c) for c in result.records.cells]
