"""Work that several requests ask for at once, done once for all of them.

The desk's report rewrites after decisions and its page renders: while one runs, whoever
asks meanwhile waits for the next run, which starts after they asked and so covers them
all (as a database's group commit).  Eight directors at once cost two or three runs, not
eight in a row, and no one gets a result older than their own request.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Coalesced(Generic[T]):
    """One kind of work (a game's rewrite, a page), run one at a time and shared."""

    def __init__(self, initial: T) -> None:
        self._cond = threading.Condition()
        self._asked = 0  # requests so far
        self._covered = 0  # of those, how many the newest finished run covers
        self._running = False
        self._result = initial
        self._timer: threading.Timer | None = None

    def run(self, work: Callable[[], T]) -> T:
        """The result of a run of ``work`` that started after this call: this thread's
        own, or the one that another thread started after it asked.  A run that raises
        raises in the thread that ran it; those waiting for it start the next run."""
        with self._cond:
            self._asked += 1
            mine = self._asked
            while self._covered < mine:
                if self._running:
                    self._cond.wait()
                    continue
                self._running, upto = True, self._asked
                self._cond.release()
                try:
                    result = work()
                except BaseException:
                    self._cond.acquire()
                    self._running = False
                    self._cond.notify_all()
                    raise
                self._cond.acquire()
                self._running = False
                self._covered, self._result = upto, result
                self._cond.notify_all()
            return self._result

    def later(self, work: Callable[[], T], delay: float) -> None:
        """Run ``work`` (through :meth:`run`) once no one has asked for ``delay`` seconds:
        what can trail behind (the workbook) is done once a burst is over, not each time."""
        with self._cond:
            if self._timer is not None:
                self._timer.cancel()
            self._timer = threading.Timer(delay, lambda: self.run(work))
            self._timer.daemon = True
            self._timer.start()

    @property
    def last(self) -> T:
        """The newest finished run's result."""
        return self._result
