"""Where the tool keeps what it builds once and reads back (no import of the package's own
modules: the compiled dataclass code, :mod:`auditor.classcode`, is looked up here before
any of them is loaded)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

CACHE_ENV = "AUDITOR_CACHE_DIR"


def cache_dir() -> Path:
    """Where the tool keeps what it builds once and reads back (the phrase matcher, jieba's
    state, the report's compiled templates, the dataclasses' compiled methods):
    ``AUDITOR_CACHE_DIR``, else the user's cache folder (``platformdirs``:
    ``$XDG_CACHE_HOME/auditor`` or ``~/.cache/auditor`` on Linux).  Never the package
    folder, which may be read-only."""
    env = os.environ.get(CACHE_ENV)
    if env:
        return Path(env)
    if sys.platform.startswith("linux") and "ANDROID_DATA" not in os.environ:
        # platformdirs' rule for Linux (XDG), without importing it: it loads tempfile and
        # random, a tenth of a night with nothing new.  A test holds the two equal.
        xdg = os.environ.get("XDG_CACHE_HOME", "")
        return Path(xdg if xdg.strip() else os.path.expanduser("~/.cache")) / "auditor"
    import platformdirs

    return Path(platformdirs.user_cache_dir("auditor", appauthor=False))
