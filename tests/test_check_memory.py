"""Issue 16 "memory": a check holds a bounded slice of the game's text at a time, and says
exactly what it says when everything is judged at once.  Compared on a generated game
(its planted violations include banned phrases, red and large fonts, pasted chat logs)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

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
