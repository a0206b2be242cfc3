"""Shared fixtures.  Keep this file to fixtures; helpers live in their own modules."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator

import pytest

from tests.forum_server import DISCUZ_DIR, ForumServer

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
