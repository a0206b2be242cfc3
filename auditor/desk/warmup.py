"""The desk's warm worker, warmed: imported by the stdlib forkserver the desk starts
(:mod:`auditor.desk.recheck`), never by the desk itself.

Importing this module, in the forkserver, runs each game the desk serves once over a copy
of its store (``VACUUM INTO`` a private folder: the game's store is only read) with
``pipeline.audit(crawl=False, full=True, workbook=True)`` into a private report folder,
then deletes the copy.  The regular expressions the checks compile (module-level and lazy,
2.6 of a re-check's 4 s in a fresh process on the sample game), the rule sets, lexicons and
report templates, pandas and openpyxl are then in the forkserver's memory, and every
re-check forked from it starts with them.  The store's copy is the game itself, so the
lazy patterns the game's own posts reach are the ones compiled.

Nothing here may stop the forkserver: the forkserver skips a preload module that fails to
import only for an ImportError, so every error of the warm-up is swallowed (a re-check
then compiles what it needs, as a fresh process would).  Nothing is left open: the copy's
connections are closed and the folder deleted before the forkserver forks its first
child, and no thread is left running (``gc.freeze`` last: the warm objects are never
scanned again by a child's collector, nor copied by it).
"""

from __future__ import annotations

import gc
import json
import os
import shutil
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from auditor import pipeline
from auditor.desk.recheck import WARM_GAMES


def warm(paths: list[str]) -> None:
    """One audit over a copy of each game's store (the games whose store exists)."""
    for path in paths:
        folder = tempfile.mkdtemp(prefix="auditor-warm-")
        try:
            game = pipeline.open_game(Path(path))
            if not game.store.is_file():
                continue
            copy = Path(folder) / "warm.sqlite"
            with pipeline.open_store(game) as store:
                store.db.execute("VACUUM INTO ?", (str(copy),))
            twin = replace(game, store=copy, store_named=True)
            pipeline.audit(
                twin, reports=Path(folder) / "reports", crawl=False, full=True, workbook=True
            )
        except Exception as exc:  # a warm-up only: never the forkserver's end
            print(f"审计台：预热没有完成（{type(exc).__name__}：{exc}）", file=sys.stderr)
        finally:
            shutil.rmtree(folder, ignore_errors=True)


def _main() -> None:
    try:
        paths = json.loads(os.environ.pop(WARM_GAMES, "[]"))
    except ValueError:
        paths = []
    warm([str(p) for p in paths] if isinstance(paths, list) else [])
    gc.collect()
    gc.freeze()


_main()
