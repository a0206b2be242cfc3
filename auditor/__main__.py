"""``python -m auditor`` and the ``auditor`` script: the CLI, with Ctrl-C caught from the
first instant.  Loading the command modules and typer's parsing take a moment; an
interrupt then (before a command's own error handling is in place, which restores
Python's usual handler and keeps what was stored) ends at once with exit 130 and the
usual message, never a traceback or typer's "Aborted!"."""

import os
import signal
import sys

_INTERRUPTED = "已中断。已保存的数据不会丢失。\n"


def _interrupted_while_loading(signum: int, frame: object) -> None:
    os.write(2, _INTERRUPTED.encode("utf-8"))
    os._exit(130)


signal.signal(signal.SIGINT, _interrupted_while_loading)

from auditor.cli import main as _main  # noqa: E402  (after the handler, on purpose)


def run() -> None:
    try:
        _main()
    except KeyboardInterrupt:
        sys.stderr.write(_INTERRUPTED)
        raise SystemExit(130) from None


if __name__ == "__main__":
    run()
