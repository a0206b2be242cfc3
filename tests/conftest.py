"""Shared fixtures (the forum server, the hostile game, a crawled copy of the sample).  Keep
this file to fixtures; helpers live in their own modules."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path

import pytest

from auditor.forum.crawl import crawl
from auditor.game.gamefile import Game, load_game
from auditor.store import Store
from tests.forum_server import DISCUZ_DIR, ForumServer
from tests.ledger_helpers import hostile_game

SAMPLE = Path(__file__).resolve().parents[1] / "examples" / "sample"

# The matcher's disk cache goes to a folder of this test run (subprocesses inherit it),
# never the user's own cache folder.
_CACHE = tempfile.mkdtemp(prefix="auditor-test-cache-")
os.environ["AUDITOR_CACHE_DIR"] = _CACHE
atexit.register(shutil.rmtree, _CACHE, True)


@pytest.fixture
def make_forum_server() -> Iterator[Callable[..., ForumServer]]:
    """Factory: ``make_forum_server("x35-gbk", viewer="member")`` starts a server that is
    stopped after the test.  ``edition=None`` serves registered routes only."""
    servers: list[ForumServer] = []

    def make(edition: str | None = "x35-utf8", **kwargs: object) -> ForumServer:
        if edition is not None and not (DISCUZ_DIR / edition / "captures.json").is_file():
            msg = f"Discuz! captures not found at {DISCUZ_DIR / edition}; set AUDITOR_DISCUZ_DIR"
            if os.environ.get("AUDITOR_ALLOW_NO_DISCUZ") == "1":
                pytest.skip(msg)
            pytest.fail(msg)
        server = ForumServer(edition, **kwargs)  # type: ignore[arg-type]
        servers.append(server)
        return server.start()

    yield make
    for server in servers:
        server.stop()


@pytest.fixture
def forum_server(
    request: pytest.FixtureRequest, make_forum_server: Callable[..., ForumServer]
) -> ForumServer:
    """A loopback forum serving the real captures (default edition ``x35-utf8``).

    Choose another edition with indirect parametrisation:
    ``@pytest.mark.parametrize("forum_server", ["x35-gbk"], indirect=True)``.
    """
    return make_forum_server(getattr(request, "param", "x35-utf8"))


@pytest.fixture
def hostile(tmp_path: Path) -> Iterator[tuple[Game, Store, datetime]]:
    """The hostile game (tests/ledger_helpers.py): game, open store, the time it is judged."""
    game, store, now = hostile_game(tmp_path / "game")
    assert isinstance(store, Store)
    yield game, store, now
    store.close()


@pytest.fixture
def sample_game(tmp_path: Path) -> Path:
    """A copy of the sample game with its own store, crawled from the saved pages."""
    dest = tmp_path / "sample"
    shutil.copytree(SAMPLE / "pages", dest / "pages")
    shutil.copy(SAMPLE / "game.toml", dest / "game.toml")
    game = load_game(dest / "game.toml")
    with Store(game.store) as store:
        report = crawl(game, store)
        assert report.ok, report.problems
    return dest / "game.toml"
