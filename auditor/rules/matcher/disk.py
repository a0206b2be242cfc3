"""What the matcher's cached files depend on, and their upkeep: which copy of a
package is installed (part of every cache key), jieba imported without its
``pkg_resources`` import, and pruning old cache files.

No step of its own: it serves :mod:`auditor.rules.matcher.cache` (the built matcher)
and step 4's word boundaries (jieba's stored state, :mod:`auditor.rules.matcher.confirm`).
"""

from __future__ import annotations

import os
from pathlib import Path
from types import ModuleType


def _import_jieba() -> ModuleType:
    """``import jieba``, without the ``pkg_resources`` import jieba makes only to open its
    own data files (it costs more than the rest of jieba; without it jieba opens them by
    path, the same files)."""
    import sys

    if "jieba" in sys.modules or "pkg_resources" in sys.modules:
        import jieba

        return jieba
    sys.modules["pkg_resources"] = None  # type: ignore[assignment]  # import -> ImportError
    try:
        import jieba
    finally:
        del sys.modules["pkg_resources"]
    return jieba


def _installed(module: str) -> str:
    """Which copy of a package is installed: its main file's path, size and modification
    time (found without importing it, and without importlib.metadata, whose import alone
    costs more than loading a cached matcher); an upgrade rewrites the file."""
    import importlib.util

    try:
        spec = importlib.util.find_spec(module)
        origin = spec.origin if spec is not None else None
        st = os.stat(origin) if origin else None
    except (ImportError, ValueError, OSError):
        return "?"
    return f"{origin}:{st.st_size}:{st.st_mtime_ns}" if st else "?"


def _prune(folder: Path, keep: Path, most: int = 8, pattern: str = "matcher-*.pickle") -> None:
    """Keep the newest few cached files (older lexicon versions are not coming back)."""
    old = sorted(
        (p for p in folder.glob(pattern) if p != keep),
        key=lambda p: p.stat().st_mtime,
        reverse=True,
    )
    for p in old[most - 1 :]:
        p.unlink(missing_ok=True)
