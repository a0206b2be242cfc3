"""Where things are, for tests in any folder of ``tests/`` (instead of paths computed from
each file's own ``__file__``, which change when a file moves)."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent  # tests/: the data folders and the helpers
ROOT = TESTS.parent  # the repository
