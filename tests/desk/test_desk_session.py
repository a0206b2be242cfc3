"""Desk sessions expire: an in-process uvicorn server on 127.0.0.1 with a 2-second session."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import requests

from auditor.desk.app import Desk, create_app
from auditor.game.gamefile import load_game
from tests.desk_helpers import desk_game, free_port


def test_a_session_expires(tmp_path: Path) -> None:
    import uvicorn

    game = load_game(desk_game(tmp_path))
    desk = Desk(games={game.slug: game}, reports=tmp_path / "reports", session_seconds=2)
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(create_app(desk), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.05)
        s = requests.Session()
        r = s.get(f"{base}/login/{desk.links.issue(game.slug, '导演')}", timeout=60)
        assert r.status_code == 200 and "导演：导演" in r.text
        time.sleep(2.5)
        r = s.get(f"{base}/g/{game.slug}", timeout=60, allow_redirects=False)
        assert r.status_code == 303 and r.headers["location"].endswith("/login")
    finally:
        server.should_exit = True
        thread.join(timeout=10)
