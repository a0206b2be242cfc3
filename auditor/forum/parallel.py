"""Call a function on many items with a second core: a worker process takes a share,
this process the rest, and the results come back in the items' order.

A first audit of a big game from saved pages spends most of its time parsing pages, which
needs nothing from the store: a worker process parses while this one stores
(:func:`auditor.forum.crawl._crawl_saved`).  The items go in small chunks; a few chunks
are in flight at a time, so neither process holds more than a few pages ahead.  While
the worker has not answered the next chunk due, this process takes the next chunk not yet
sent and runs it itself, so the work balances between the two however fast each is (and
the worker's start-up costs no waiting).

The worker is a plain ``python -c`` child (``subprocess``): it inherits no file of this
process (the game's run lock, the store's SQLite file) and runs in a session of its own, so
a Ctrl-C in the terminal reaches only this process, which stops it.  When this process
ends in any way, even killed outright, the worker reads the end of its task pipe and
exits.  Should the worker fail (killed, out of memory, a result that does not pickle), its
chunks are run here: the results are the same either way, and an item whose call raises
in the worker is called again here, where the error is raised as it would be without a
worker.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from collections import deque
from collections.abc import Callable, Generator, Sequence
from contextlib import suppress
from multiprocessing.connection import Connection
from typing import Any

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

CHUNK = 8  # items per message: a chunk of pages is tens of milliseconds of parsing
AHEAD = 3  # chunks sent to the worker and not yet read back

# The worker's bootstrap: the parent's import path first (a checkout run in place resolves
# ``auditor`` as the parent does), then the loop.
_BOOT = (
    "import sys\n"
    "from multiprocessing.connection import Connection\n"
    "tasks = Connection(int(sys.argv[1]), writable=False)\n"
    "sys.path[:] = tasks.recv()\n"
    "from auditor import classcode\n"
    "classcode.install()\n"
    "from auditor.forum.parallel import serve\n"
    "serve(tasks, Connection(int(sys.argv[2]), readable=False))\n"
)

_RETRY = ("parallel:retry",)  # what the worker sends for an item whose call raised


def _resolve(name: str) -> Callable[..., Any]:
    module, _, attr = name.partition(":")
    fn: Callable[..., Any] = getattr(importlib.import_module(module), attr)
    return fn


def _run(fn: Callable[..., Any], chunk: Sequence[Any], shared: object) -> list[Any]:
    """A chunk's results; an item whose call raises is marked to be called again when its
    turn comes, so that the error is raised there (after the items before it)."""
    out: list[Any] = []
    for item in chunk:
        try:
            out.append(fn(item, shared))
        except Exception:
            out.append(_RETRY)
    return out


def serve(tasks: Connection, results: Connection) -> None:
    """The worker's loop: the function's name and its fixed argument, then chunks of
    items until the pipe closes; each chunk answered with one list of results."""
    try:
        name, shared = tasks.recv()
        fn = _resolve(name)
        while True:
            chunk = tasks.recv()
            out = _run(fn, chunk, shared)  # an error: called again in the parent, raised there
            try:
                results.send(out)
            except Exception:  # a result that does not pickle: all of them run there
                results.send([_RETRY] * len(chunk))
    except (EOFError, OSError, KeyboardInterrupt):
        # The parent is done, or gone: nothing to flush, and the parent waits for this exit
        # (an interpreter's orderly shutdown would add tens of milliseconds to every crawl).
        os._exit(0)


# The results pipe holds this much (Linux; elsewhere the system's default): a worker that
# has parsed its chunks can hand them over and go on while this process is still storing
# earlier ones, instead of waiting in ``send`` on a full 64 KB pipe.
PIPE_BYTES = 1 << 20


def _widen(fd: int) -> None:
    set_size = getattr(fcntl, "F_SETPIPE_SZ", None) if fcntl is not None else None
    if set_size is not None:
        with suppress(OSError):  # above the system's pipe-max-size: the default stays
            fcntl.fcntl(fd, set_size, PIPE_BYTES)


class _Worker:
    """The child process and its two pipes."""

    def __init__(self, name: str, shared: object) -> None:
        task_r, task_w = os.pipe()
        result_r, result_w = os.pipe()
        try:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", _BOOT, str(task_r), str(result_w)],
                pass_fds=(task_r, result_w),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,  # Ctrl-C in the terminal is this process's to handle
            )
        except BaseException:
            for fd in (task_r, task_w, result_r, result_w):
                os.close(fd)
            raise
        os.close(task_r)
        os.close(result_w)
        _widen(result_r)
        self.tasks = Connection(task_w, readable=False)
        self.results = Connection(result_r, writable=False)
        try:
            self.tasks.send(list(sys.path))
            self.tasks.send((name, shared))
        except OSError:  # it did not start
            self.close()
            raise

    def close(self) -> None:
        """Close the pipes (the worker exits on reading their end) and reap it."""
        for conn in (self.tasks, self.results):
            with suppress(OSError):
                conn.close()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def cores() -> int:
    """The CPUs this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def ordered_map(name: str, items: Sequence[Any], shared: object) -> Generator[Any, None, None]:
    """``fn(item, shared)`` for each item, in order, ``fn`` being the module-level function
    ``"package.module:function"``: a worker process runs a share of the calls (``items``
    and ``shared`` pickle; so must the results, or those calls run here).  Lazy: a chunk is
    read, or run here, when the one before it has been consumed."""
    fn = _resolve(name)
    chunks = [items[i : i + CHUNK] for i in range(0, len(items), CHUNK)]
    local: dict[int, list[Any]] = {}  # chunks run here, or read back, ahead of their turn
    sent: deque[int] = deque()  # chunks with the worker, in order
    dispatched = 0  # chunks before this one are with the worker, in ``local`` or consumed
    try:
        worker: _Worker | None = _Worker(name, shared)
    except OSError:
        worker = None  # no process to be had: everything runs here
    try:
        for i, chunk in enumerate(chunks):
            if worker is not None:
                try:
                    # Keep the worker busy: it always has AHEAD chunks in hand, even while
                    # this process consumes chunks it ran itself.
                    while len(sent) < AHEAD and dispatched < len(chunks):
                        worker.tasks.send(chunks[dispatched])
                        sent.append(dispatched)
                        dispatched += 1
                    if i not in local:
                        # Run later chunks here while the worker has not answered this one.
                        while (
                            not worker.results.poll()
                            and len(local) < AHEAD
                            and dispatched < len(chunks)
                        ):
                            local[dispatched] = _run(fn, chunks[dispatched], shared)
                            dispatched += 1
                        local[sent.popleft()] = worker.results.recv()  # sent first
                except (EOFError, OSError):
                    worker.close()
                    worker = None  # gone: what it held runs here
            results = local.pop(i, None)
            if results is None:
                results = _run(fn, chunk, shared)
            for item, result in zip(chunk, results, strict=True):
                yield fn(item, shared) if result == _RETRY else result
    finally:
        if worker is not None:
            worker.close()
