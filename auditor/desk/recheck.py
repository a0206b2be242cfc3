"""The desk's audits started warm: ``auditor audit`` as a fresh child of a worker that
imported the pipeline and compiled its patterns once, when the desk started.

Every answer the director taps is followed by a re-check, ``auditor audit --no-crawl`` in a
process of its own (:func:`auditor.desk.actions.run_audit`).  A new interpreter spent most
of that re-check importing the pipeline and compiling its regular expressions (616
compiles, 2.6 s of 4.1 s on the sample game; the same run again in the same process took
0.2 s).  Here each audit is still a new process — a crash, a kill or a leak ends with it,
it takes the game's run lock and writes the store as the command does, and it is the very
command (``auditor.__main__.run``, what ``python -m auditor`` runs, with the same arguments: the same exit
codes, progress lines and summary line) — but it is forked from a warm parent.

The mechanism is the standard library's: :mod:`multiprocessing`'s ``forkserver``.  At the
desk's start (:func:`start`) a single-threaded server process is started that imports
``auditor.__main__`` (the CLI's entry: its collector settings and the dataclasses' cached
code), the nightly command and :mod:`auditor.desk.warmup` (one audit over a copy of each
game's store: the lazy patterns compiled, pandas and openpyxl loaded); each audit is then
a ``Process`` the server forks, its standard output and error sent back through two pipes
(``Pipe(duplex=False)``, which multiprocessing hands to the child).  Why not the others:
forking the desk itself is unsafe (its server threads hold locks at any moment); a
hand-written fork loop would need its own protocol for pids, exit codes and the pipes,
which the forkserver already has (and its children are the desk's to stop: terminate,
kill, exit code).  The fork server is the desk's own (``get_context("forkserver")``): it
ends when the desk does (:func:`stop`), and a server that died is started again by the
next audit.

Should the warm worker not start (a platform without ``fork``), the desk runs the command
as a new interpreter (:func:`cold`), as before.
"""

from __future__ import annotations

import importlib
import json
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Sequence
from contextlib import suppress
from multiprocessing import forkserver
from multiprocessing.connection import Connection
from pathlib import Path
from typing import IO, Protocol

from auditor.game.gamefile import Game

#: What the forkserver imports before it forks any audit, in this order: the CLI's entry
#: first (the dataclasses' cached code is installed before the modules that make them).
PRELOAD = ["auditor.__main__", "auditor.cli.nightly", "auditor.desk.warmup"]

#: The games the worker warms up on (a JSON list of game files), in the forkserver's
#: environment only (:mod:`auditor.desk.warmup` reads it).
WARM_GAMES = "AUDITOR_DESK_WARM_GAMES"

#: Set (to anything) in `auditor serve`'s environment: no warm worker, every audit a new
#: interpreter (a machine short of memory; a test of what a slow re-check shows the director).
COLD = "AUDITOR_DESK_COLD"

#: False: every audit a new interpreter (the benchmark's baseline; a platform without fork;
#: ``AUDITOR_DESK_COLD`` set).
WARM = hasattr(os, "fork") and not os.environ.get(COLD)

_LOCK = threading.Lock()
_started = False


class Running(Protocol):
    """A running ``auditor audit``, as the desk reads and stops it (``subprocess.Popen``'s
    part the desk uses)."""

    stdout: IO[str] | None
    stderr: IO[str] | None

    def wait(self, timeout: float | None = None) -> int: ...
    def terminate(self) -> None: ...
    def kill(self) -> None: ...


def _context() -> multiprocessing.context.ForkServerContext:
    return multiprocessing.get_context("forkserver")


def warm_games(games: Sequence[Game]) -> list[Path]:
    """The games the worker warms up on: one a rule set (its patterns are the rule set's),
    the one with the smallest store (the warm-up is a full audit of it: the first re-check
    asked meanwhile waits for it)."""
    chosen: dict[str, tuple[int, Path]] = {}
    for game in games:
        try:
            size = game.store.stat().st_size
        except OSError:
            continue  # (no store yet: nothing to audit)
        if game.ruleset not in chosen or size < chosen[game.ruleset][0]:
            chosen[game.ruleset] = (size, game.path)
    return [path for _, path in chosen.values()]


def start(games: Sequence[Path]) -> None:
    """Start the warm worker in the background (the desk's start): the forkserver imports
    :data:`PRELOAD` and warms up on ``games`` (:func:`warm_games`) while the desk serves;
    the first audit asked meanwhile waits for it (it would have compiled the same itself)."""
    global _started
    if not WARM:
        return
    with _LOCK:
        if _started:
            return
        _context().set_forkserver_preload(PRELOAD)
        # the games, for the forkserver's start only (its environment is this one's now)
        os.environ[WARM_GAMES] = json.dumps([str(p) for p in games], ensure_ascii=False)
        try:
            forkserver.ensure_running()
        except OSError as exc:  # no worker: each audit a new interpreter
            print(f"审计台：没能启动预热的审计进程（{exc}），每次审计另起进程", file=sys.stderr)
        else:
            _started = True
        finally:
            os.environ.pop(WARM_GAMES, None)


def stop() -> None:
    """End the warm worker (the desk's end; the audits it forked are stopped first, by
    :func:`auditor.desk.actions.stop_audits`).  It is asked to end at once, also while it
    is still warming up."""
    global _started
    with _LOCK:
        if not _started:
            return
        _started = False
        pid = worker_pid()
        if pid is not None:
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)
        # (the module's one server, this process's: closes its pipe, reaps it, removes
        # its socket; the private name multiprocessing's own tests stop it by)
        getattr(forkserver._forkserver, "_stop")()  # noqa: B009


def worker_pid() -> int | None:
    """The warm worker's process id (None: none running from this process)."""
    pid = getattr(forkserver._forkserver, "_forkserver_pid", None)
    return pid if isinstance(pid, int) else None


def audit(args: Sequence[str], env: dict[str, str]) -> Running:
    """``auditor audit`` with ``args`` (after ``auditor``), its output read as a
    ``Popen(text=True)``'s: forked from the warm worker when it runs, else :func:`cold`."""
    if WARM and _started:
        try:
            return _Forked(list(args), env)
        except OSError as exc:  # the worker cannot fork now: this one as before
            print(f"审计台：预热的审计进程没能分出子进程（{exc}），另起进程", file=sys.stderr)
    return cold(args, env)


def cold(args: Sequence[str], env: dict[str, str]) -> subprocess.Popen[str]:
    """``python -m auditor`` with ``args``, a new interpreter."""
    return subprocess.Popen(
        [sys.executable, "-m", "auditor", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        errors="replace",
        env=env,
    )


class _Forked:
    """A ``Process`` the forkserver forked, read and stopped as a ``Popen``."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        ctx = _context()
        out_r, out_w = ctx.Pipe(duplex=False)
        err_r, err_w = ctx.Pipe(duplex=False)
        self._proc = ctx.Process(
            target=child, args=(args, env, out_w, err_w), name="auditor-audit", daemon=False
        )
        self.args = args
        try:
            self._proc.start()
        finally:
            out_w.close()  # (the child's now: the reads end when it does)
            err_w.close()
        self.stdout: IO[str] | None = _reader(out_r)
        self.stderr: IO[str] | None = _reader(err_r)

        self._code: int | None = None

    def wait(self, timeout: float | None = None) -> int:
        if self._code is None:
            self._proc.join(timeout)
            code = self._proc.exitcode
            if code is None:
                raise subprocess.TimeoutExpired(["auditor", *self.args], timeout or 0.0)
            self._code = code
            self._proc.close()  # (its sentinel's descriptor)
            for stream in (self.stdout, self.stderr):
                if stream is not None:
                    stream.close()
        return self._code

    def terminate(self) -> None:
        self._signal(signal.SIGTERM)

    def kill(self) -> None:
        self._signal(signal.SIGKILL)

    def _signal(self, sig: int) -> None:
        """Signal the child unless it has ended (the forkserver reaps it: its pid may be
        another process's by then)."""
        if self._code is None and self._proc.exitcode is None and self._proc.pid is not None:
            with suppress(ProcessLookupError):
                os.kill(self._proc.pid, sig)


def _reader(conn: Connection) -> IO[str]:
    """The read end of a pipe as ``Popen(text=True, encoding="utf-8", errors="replace")``
    reads it."""
    fd = os.dup(conn.fileno())
    conn.close()
    return open(fd, encoding="utf-8", errors="replace")


def child(args: list[str], env: dict[str, str], out: Connection, err: Connection) -> None:
    """The forked audit: the desk's environment, its two pipes as the standard output
    and error (as a new interpreter with ``PYTHONIOENCODING=utf-8`` has them: the output
    buffered, the error line by line), then ``python -m auditor ARGS`` — which ends the
    process with the command's exit code."""
    os.environ.clear()
    os.environ.update(env)
    os.dup2(out.fileno(), 1)
    os.dup2(err.fileno(), 2)
    out.close()
    err.close()
    sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    sys.stderr = open(  # noqa: SIM115
        2, "w", encoding="utf-8", errors="backslashreplace", buffering=1, closefd=False
    )
    # the command's own entry, as ``python -m auditor`` runs it (preloaded: its module's
    # settings are this process's already); it ends the process with the exit code
    entry = importlib.import_module("auditor.__main__")
    sys.argv = [str(entry.__file__), *args]
    entry.run()
