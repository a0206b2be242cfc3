"""A game file renamed beside its store: the store it names does not exist yet, and
another store in the same folder holds this game.

A game file's store is, unless ``[game] store`` names one, the file's own name with
``.sqlite``: auditing ``renamed.toml`` (a copy of ``m108.toml``) once made an empty
``renamed.sqlite`` next to ``m108.sqlite`` and started the game afresh, every decision,
manual card and dismissal left behind without a word.  :func:`refuse_other_store` stops
first, names the other store and says how to go on.

The other stores are only read, through SQLite's read-only, immutable opening (no lock,
no journal, nothing written beside them): they are never changed, moved or deleted.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing, suppress
from dataclasses import dataclass
from pathlib import Path

from auditor.errors import StoreError
from auditor.game.gamefile import Game
from auditor.game.titles import match_tag

#: The names a store is given (``[game] store``'s example is m107.sqlite).
SUFFIXES = (".sqlite", ".sqlite3", ".db")
#: How an SQLite file begins.
MAGIC = b"SQLite format 3\x00"
#: How many other files of a folder are looked at, at most (a folder of saved pages is no
#: place for stores: the scan stays cheap).
MAX_FILES = 200


@dataclass(frozen=True, slots=True)
class OtherStore:
    path: Path
    why: str  # what of this game it holds, in Chinese


def other_stores(game: Game) -> list[OtherStore]:
    """The stores beside the game's (not yet made) store that hold this game: a thread
    whose title carries the game's tag, or every thread the game file lists."""
    out: list[OtherStore] = []
    for path in _candidates(game):
        why = _holds(path, game)
        if why:
            out.append(OtherStore(path, why))
    return out


def refuse_other_store(game: Game, *, new_store: bool = False) -> None:
    """Refuse to start this game afresh in a new store when the store is the game file's
    default (no ``[game] store``), does not exist yet, and another store in the same folder
    holds this game (:func:`other_stores`).  ``new_store`` (``--new-store``): the director
    asks for a new store; a ``[game] store`` that names one is the same wish."""
    if new_store or game.store_named or game.store.exists():
        return
    found = other_stores(game)
    if not found:
        return
    first = found[0]
    names = "、".join(o.path.name for o in found)
    raise StoreError(
        game.store,
        f"还不存在，但同一文件夹里的数据库 {names} 存有这一局（{first.why}）：游戏文件可能"
        f"改过名，或是另一份游戏文件的副本；这一局原来的决定、手动牌和“不是公告”的标记都在 "
        f"{first.path.name} 里，用新的数据库就会从头开始",
        f'要接着用原来的数据库，请在游戏文件的 [game] 里写上 store = "{first.path.name}"；'
        "确实要用新的数据库从头开始，请加上 --new-store（或在 [game] 里写上 "
        f'store = "{game.store.name}"）。auditor 没有改动 {names}',
    )


def _candidates(game: Game) -> Iterator[Path]:
    folder = game.store.parent
    mine = {game.store.name}
    try:
        entries = sorted(folder.iterdir())[:MAX_FILES]
    except OSError:
        return
    for path in entries:
        if path.name in mine or path.suffix.lower() not in SUFFIXES:
            continue
        if _is_sqlite(path):
            yield path


def _is_sqlite(path: Path) -> bool:
    """A regular file (a pipe is never opened: it would wait) that begins as SQLite's do."""
    with suppress(OSError):
        if path.is_file():
            with path.open("rb") as f:
                return f.read(len(MAGIC)) == MAGIC
    return False


def _holds(path: Path, game: Game) -> str:
    """What of ``game`` the store at ``path`` holds ("" when nothing, or when it cannot be
    read as a store of this tool: then it is no store to send the director to)."""
    try:
        with closing(_read_only(path)) as db:
            rows = db.execute("SELECT tid, subject FROM threads").fetchall()
    except (sqlite3.Error, OSError):
        return ""
    if game.tag:
        tagged = sorted(
            tid for tid, subject in rows if subject and match_tag(subject, game.tag).exact
        )
        if tagged:
            return f"{len(tagged)} 个帖子（{_tids(tagged)}）的标题带游戏标签「{game.tag}」"
    listed = {t.tid for t in game.threads}
    if listed and listed <= {tid for tid, _ in rows}:
        return f"游戏文件列出的 {len(listed)} 个帖子（{_tids(sorted(listed))}）它都抓取过"
    return ""


def _read_only(path: Path) -> sqlite3.Connection:
    """``path`` opened read-only: immutable (no lock, no -shm made) unless a WAL beside it
    holds commits not yet in the file, which only a plain read-only opening reads."""
    wal = path.with_name(path.name + "-wal")
    mode = "mode=ro" if wal.exists() and wal.stat().st_size else "mode=ro&immutable=1"
    return sqlite3.connect(f"{path.resolve().as_uri()}?{mode}", uri=True, timeout=1)


def _tids(tids: list[int]) -> str:
    return "、".join(map(str, tids[:5])) + ("……" if len(tids) > 5 else "")
