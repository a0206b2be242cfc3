"""A store the desk cannot read is busy, never 「没有登录」 (s50: a 403 on /audit/status once,
under whole-folder load, in fh46b's night two; session 51 desk item 2).

Every request asks the store who is signed in (:meth:`DeskApp.signed_in`: the director's
password may have been changed meanwhile by ``auditor serve --set-password``).  Any error of
that read — SQLite's busy timeout passed while another process held the database's lock, or
a moment's error while a re-check writes the store — was taken as 「没有登录」: the status
poll got a 403 (the page then reloaded into its end-of-audit branch), a page the login
screen.  Forced here with a real server and a real store: a second process holds the run
lock and SQLite's exclusive lock on the store (what the last connection of a re-check holds
while it checkpoints the WAL into the file at its end, and a run's recovery after a killed
one) past SQLite's busy timeout (30 s)."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import requests

from tests.desk_helpers import desk_server, proposal_game

HOLD = """
import sys, time
from pathlib import Path
from auditor import pipeline
game = pipeline.open_game(Path(sys.argv[1]))
with pipeline.open_store(game, lock=True) as store:  # the run lock, as a re-check's
    store.db.execute("PRAGMA locking_mode=EXCLUSIVE")
    with store.transaction():
        store.db.execute("UPDATE check_state SET value = value")
    print("holding", flush=True)  # (SQLite's exclusive lock on the file, till the end)
    time.sleep(float(sys.argv[2]))
"""

BUSY_TIMEOUT = 30  # seconds: the store's connections' (auditor.store.connection._connect)


def test_a_held_store_is_answered_as_busy_and_the_director_stays_signed_in(
    tmp_path: Path,
) -> None:
    game = proposal_game(tmp_path / "g")
    with desk_server(game) as srv:
        s = requests.Session()
        assert s.get(srv.links["导演"], timeout=60).status_code == 200
        status = f"{srv.base}/g/{srv.slug}/audit/status"
        page = f"{srv.base}/g/{srv.slug}"
        assert s.get(status, timeout=60).status_code == 200
        holder = subprocess.Popen(
            [sys.executable, "-c", HOLD, str(game), str(BUSY_TIMEOUT + 6)],
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
            got: dict[str, requests.Response] = {}

            def ask(name: str, url: str) -> None:
                got[name] = s.get(url, timeout=120, allow_redirects=False)

            t = time.monotonic()
            asked = [
                threading.Thread(target=ask, args=(name, url))
                for name, url in (("status", status), ("page", page))
            ]
            for a in asked:
                a.start()
            for a in asked:
                a.join()
            waited = time.monotonic() - t
        finally:
            holder.wait(timeout=120)
        assert waited > BUSY_TIMEOUT - 5, waited  # (it waited for the store first)
        assert got["status"].status_code == 200, (got["status"].status_code, got["status"].text)
        busy = got["status"].json()
        assert busy["state"] == "running" and "数据库暂时读不出" in busy["busy"], busy
        assert got["page"].status_code == 503, got["page"].status_code
        assert "你的登录还在" in got["page"].text
        # the store free again: the same session is still signed in
        assert s.get(status, timeout=60).json()["state"] == "idle"
        again = s.get(page, timeout=60, allow_redirects=False)
        assert again.status_code == 200, again.status_code
