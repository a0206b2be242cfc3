"""The desk stops the audits it started when it stops (CI at 78643c85: a re-check begun
after the director's first answer outlived `auditor serve` and wrote its older view of the
votes after the test's own later audit — the director's last correction seemed lost)."""

from __future__ import annotations

import asyncio
import subprocess
import sys

from auditor.desk import actions, app


def _sleeper() -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"], text=True)


def test_the_desk_stops_its_running_audits_when_it_stops() -> None:
    proc = _sleeper()
    try:
        with actions._RUNNING_LOCK:
            actions._RUNNING.add(proc)

        async def life() -> None:
            async with app._lifespan(None):  # type: ignore[arg-type]
                assert proc.poll() is None  # serving: the audit runs on

        asyncio.run(life())
        assert proc.poll() is not None, "the audit outlived the desk"
    finally:
        with actions._RUNNING_LOCK:
            actions._RUNNING.discard(proc)
        if proc.poll() is None:
            proc.kill()
        proc.wait()


def test_an_audit_that_ignores_the_request_is_killed() -> None:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN);"
            " print('ready', flush=True); time.sleep(120)",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        with actions._RUNNING_LOCK:
            actions._RUNNING.add(proc)
        actions.stop_audits(patience=0.5)
        assert proc.poll() is not None
    finally:
        with actions._RUNNING_LOCK:
            actions._RUNNING.discard(proc)
        if proc.poll() is None:
            proc.kill()
        proc.wait()
