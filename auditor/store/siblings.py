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

import re
import sqlite3
from collections import Counter
from collections.abc import Iterator
from contextlib import closing, suppress
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from auditor.errors import StoreError
from auditor.game.gamefile import Game
from auditor.game.titles import bare_tag, match_tag, normalise

#: The names a store is given (``[game] store``'s example is m107.sqlite).
SUFFIXES = (".sqlite", ".sqlite3", ".db")
#: How an SQLite file begins.
MAGIC = b"SQLite format 3\x00"
#: How many other stores of a folder are opened, at most (counted after the files are
#: filtered by suffix and SQLite's header: saved pages never hide a store).
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


def refuse_other_store(game: Game, *, new_store: bool | None = None) -> None:
    """Refuse to start this game afresh in a new store when the store is the game file's
    default (no ``[game] store``), does not exist yet, and another store in the same folder
    holds this game (:func:`other_stores`).  Every command comes here before its store is
    made (``pipeline.open_game`` and ``pipeline.open_store``), so each refuses alike.
    ``new_store``: the command's ``--new-store`` (True: the director asks for a new store;
    a ``[game] store`` that names one is the same wish); None: the command has no such
    flag, and the message tells the ``[game] store`` line only."""
    if new_store or game.store_named or game.store.exists():
        return
    found = other_stores(game)
    if not found:
        return
    first = found[0]
    names = "、".join(o.path.name for o in found)
    anew = f'在 [game] 里写上 store = "{game.store.name}"'
    if new_store is not None:
        anew = f"加上 --new-store（或{anew}）"
    raise StoreError(
        game.store,
        f"还不存在，但同一文件夹里的数据库 {names} 存有这一局（{first.why}）：游戏文件可能"
        f"改过名，或是另一份游戏文件的副本；这一局原来的决定、手动牌和“不是公告”的标记都在 "
        f"{first.path.name} 里，用新的数据库就会从头开始",
        f'要接着用原来的数据库，请在游戏文件的 [game] 里写上 store = "{first.path.name}"；'
        f"确实要用新的数据库从头开始，请{anew}。auditor 没有改动 {names}",
    )


def refuse_wrong_store(game: Game, *, new_store: bool | None = None) -> None:
    """Every command's check of the game's store before anything is made or written in it
    (``pipeline.open_game`` and ``pipeline.open_store``): a renamed game file
    (:func:`refuse_other_store`) and a store of another game (:func:`refuse_other_game`)."""
    refuse_other_store(game, new_store=new_store)
    refuse_other_game(game)


def refuse_other_game(game: Game) -> None:
    """Refuse a store that exists and holds another game: threads whose titles carry
    another tag, and none carrying this game's.  A game file copied to start the next
    game keeps ``[game] store`` of the old one (or a file is given the next game's tag in
    place): the new game's crawl, cards and decisions would go into the old game's store.
    The store is only read (read-only, before it is opened as the game's store)."""
    if not game.tag or not game.store.is_file():
        return
    other = _other_game(game.store, game.tag, _stamp(game.store))
    if other is None:
        return
    tag, tids = other
    new = _new_name(game)
    if game.store_named:
        why = "游戏文件可能是上一局的副本，[game] store 还写着上一局的数据库"
        fix = f'开新的一局，请把 [game] store 换成新的文件名，例如 store = "{new}"'
    else:
        why = "游戏文件可能是上一局的那一份，只改了标签"
        fix = f'开新的一局，请在 [game] 里写上新的数据库，例如 store = "{new}"'
    raise StoreError(
        game.store,
        f"存的是另一局：{len(tids)} 个帖子（{_tids(tids)}）的标题带标签「{tag}」，没有一个带"
        f"这份游戏文件的标签「{game.tag}」；{why}，这一局的抓取、牌和决定会混进上一局的数据库",
        f"{fix}；如果是 [game] tag 写错了，请改正它。auditor 没有改动 {game.store.name}",
    )


#: A title's own tag: what its opening brackets hold (``[M108] …``, ``【春日杀】…``), else
#: the code it opens with (``M108『…』``, ``030 D3 讨论帖``).
_TITLE_TAG = re.compile(
    r"\s*(?:[\[【(「『<《〔]\s*([^\]】)」』>》〕]{1,20}?)\s*[\]】)」』>》〕]"
    r"|([A-Za-z]{0,8}\d{1,6})(?![A-Za-z0-9]))"
)


def _title_tag(subject: str) -> str:
    m = _TITLE_TAG.match(normalise(subject))
    return (m[1] or m[2] or "").strip() if m else ""


def _stamp(path: Path) -> tuple[int, ...]:
    """What changes when the store's threads may have: the file's and its WAL's size and
    modification time (a cached answer stands while they do not)."""
    out: list[int] = []
    for p in (path, path.with_name(path.name + "-wal")):
        try:
            st = p.stat()
        except OSError:
            out += [0, 0]
        else:
            out += [st.st_size, st.st_mtime_ns]
    return tuple(out)


@lru_cache(maxsize=64)
def _other_game(path: Path, tag: str, stamp: tuple[int, ...]) -> tuple[str, list[int]] | None:
    """(the other tag, its threads) when the store at ``path`` holds threads titled with
    another tag and none with ``tag``; None otherwise (also when it cannot be read: the
    store's own opening says why).  ``stamp``: :func:`_stamp` (the cache's key)."""
    del stamp
    try:
        with closing(_read_only(path)) as db:
            rows = db.execute("SELECT tid, subject FROM threads").fetchall()
    except (sqlite3.Error, OSError):
        return None
    subjects = [(tid, s) for tid, s in rows if isinstance(s, str) and s.strip()]
    if any(match_tag(s, tag).exact for _, s in subjects):
        return None
    counted = Counter(t for _, s in subjects if (t := _title_tag(s)))
    for other, _n in counted.most_common():
        if bare_tag(other).casefold() == bare_tag(tag).casefold():
            continue
        tids = sorted(tid for tid, s in subjects if match_tag(s, other).exact)
        if tids:
            return other, tids
    return None


def _new_name(game: Game) -> str:
    """A store name for the next game: the game file's own, else its tag's."""
    for name in (game.path.with_suffix(".sqlite").name, f"{bare_tag(game.tag or '')}.sqlite"):
        if name != game.store.name and not (game.store.parent / name).exists() and _plain(name):
            return name
    return f"{game.path.stem}-new.sqlite"


def _plain(name: str) -> bool:
    """A file name a TOML string holds as typed (no quote, backslash or control)."""
    return not any(c in name for c in '"\\/') and all(ord(c) >= 32 and ord(c) != 127 for c in name)


def _candidates(game: Game) -> Iterator[Path]:
    folder = game.store.parent
    mine = {game.store.name}
    try:
        named = sorted(
            p for p in folder.iterdir() if p.name not in mine and p.suffix.lower() in SUFFIXES
        )
    except OSError:
        return
    # filtered first (a store's suffix, SQLite's header), then capped: saved pages and
    # files that are no store never take the place of a store
    yield from [p for p in named if _is_sqlite(p)][:MAX_FILES]


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
