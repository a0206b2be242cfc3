"""``python -m auditor`` and the ``auditor`` script: the CLI, with Ctrl-C caught from the
first instant.  Loading the command modules and typer's parsing take a moment; an
interrupt then (before a command's own error handling is in place, which restores
Python's usual handler and keeps what was stored) ends at once with exit 130 and the
usual message, never a traceback or typer's "Aborted!".

A command is one short process (cron's nightly audit above all), so two costs of the
interpreter are not paid (as mypy does for its runs): the cyclic garbage collector runs
less often (most of what a run allocates lives until it ends, and each collection walks
it all again), and a finished command ends with ``os._exit`` once its output is flushed,
instead of freeing every object one by one.  Everything a command writes is closed by
then: the store (its ``with``), reports and game files (written atomically), the desk's
server (stopped).  A command that raises an unexpected error ends the usual way, with
its traceback."""

import gc
import os
import signal
import sys
from typing import NoReturn

# Collections of the youngest generation every 100,000 net allocations, not 700 (and the
# older ones less often too): a nightly audit spends about 5% of its instructions in the
# collector otherwise.  Reference counting still frees all that is not in a cycle.
gc.set_threshold(100_000, 20, 20)

_INTERRUPTED = "已中断。已保存的数据不会丢失。\n"


def _interrupted_while_loading(signum: int, frame: object) -> None:
    os.write(2, _INTERRUPTED.encode("utf-8"))
    os._exit(130)


signal.signal(signal.SIGINT, _interrupted_while_loading)

from auditor import classcode  # noqa: E402

# The dataclasses' generated code from the compiled tables: switched on here, by the
# entry point, before the commands' modules make their classes (importing the package
# changes nothing for another program).
classcode.install()

from auditor.cli import main as _main  # noqa: E402  (after the handler, on purpose)


def run() -> None:
    try:
        _main()
    except KeyboardInterrupt:
        sys.stderr.write(_INTERRUPTED)
        _exit_now(130)
    except SystemExit as done:
        _exit_now(done.code)
    _exit_now(0)


def _exit_now(code: object) -> NoReturn:
    """End the process as ``raise SystemExit(code)`` would (the same status, a message
    for a non-integer code), without the interpreter's teardown: flush the two streams
    and leave.  A stream that cannot be flushed (a closed pipe) ends with 120, as
    Python's own exit does."""
    if code is None:
        status = 0
    elif isinstance(code, int):
        status = code
    else:
        sys.stderr.write(f"{code}\n")
        status = 1
    classcode.save()  # (at exit otherwise)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            status = status or 120
    os._exit(status)


if __name__ == "__main__":
    run()
