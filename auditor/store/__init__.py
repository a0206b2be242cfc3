"""One SQLite file per game: pages, posts with versions, runs, findings and decisions.

Schema changes are ordered, recorded migrations (``PRAGMA user_version``,
:mod:`auditor.store.migrations`).  Every write happens inside :meth:`Store.transaction`,
so a run that dies leaves the previous state intact.  :meth:`Store.lock` refuses a
second process on the same game.

:class:`Store` is composed of one part per concern, each a module of this package:
:mod:`~auditor.store.db` (opening, the lock, transactions, runs),
:mod:`~auditor.store.posts` (pages, threads, posts, versions),
:mod:`~auditor.store.sightings` (profiles, avatar pictures, posts lists),
:mod:`~auditor.store.saved` (saved files read), :mod:`~auditor.store.sent` (the
director's posts the tool sent), :mod:`~auditor.store.siblings` (a renamed game file's
store beside it), :mod:`~auditor.store.state` (what the
last check saw: the ``check_state`` table typed, :class:`CheckState` and ``store.state``) and :mod:`~auditor.store.verdicts` (findings, decisions, manual cards,
passwords).  What it reads back are typed rows, never ``sqlite3.Row``; only this package
imports :mod:`sqlite3` (an import-linter contract).
"""

from __future__ import annotations

from auditor.store.connection import DatabaseError, Row, store_error
from auditor.store.db import Database, RunRow
from auditor.store.migrations import MIGRATIONS
from auditor.store.posts import (
    Posts,
    StoredPost,
    ThreadRow,
    VersionChange,
    _post_data,
    content_hash,
    neutral_hash,
)
from auditor.store.saved import Saved, SavedFileRow, saved_mark
from auditor.store.sent import Sent, SentRow
from auditor.store.siblings import refuse_other_store, refuse_wrong_store
from auditor.store.sightings import AvatarFetch, Sightings
from auditor.store.state import (
    CHECKED_ROWID,
    SIDE_CHECKED,
    SIDE_SERIAL,
    Checked,
    CheckMark,
    Checks,
    CheckState,
    StateEntries,
)
from auditor.store.verdicts import (
    CurrentDecision,
    DecisionRecord,
    FindingRow,
    ManualCardRow,
    Verdicts,
    finding_from_row,
    stored_matches,
)


class Store(Posts, Sightings, Saved, Checks, Verdicts, Sent, Database):
    """The game's SQLite file.  Use as a context manager; call :meth:`lock` for writers."""


__all__ = [
    "CHECKED_ROWID",
    "MIGRATIONS",
    "SIDE_CHECKED",
    "SIDE_SERIAL",
    "AvatarFetch",
    "CheckMark",
    "CheckState",
    "Checked",
    "CurrentDecision",
    "DatabaseError",
    "DecisionRecord",
    "FindingRow",
    "ManualCardRow",
    "Row",
    "RunRow",
    "SavedFileRow",
    "SentRow",
    "StateEntries",
    "Store",
    "StoredPost",
    "ThreadRow",
    "VersionChange",
    "_post_data",
    "content_hash",
    "finding_from_row",
    "neutral_hash",
    "refuse_other_store",
    "refuse_wrong_store",
    "saved_mark",
    "store_error",
    "stored_matches",
]
