"""The pipeline as plain functions: crawl → check → ledger → report, and ``audit`` (all four).

This is the Python API the CLI, the tests and the web desk call.  Nothing here prints:
each stage takes a :class:`~auditor.game.gamefile.Game` and an open
:class:`~auditor.store.Store`, records its run in the store's runs table, and returns a
typed result.  Errors are :class:`~auditor.errors.AuditorError` subclasses carrying the
documented exit code; a caller maps them to a message (the CLI) or a page (the desk).

Typical use::

    game = open_game(Path("examples/sample/game.toml"))
    with open_store(game, lock=True) as store:
        crawl(game, store)
        checked = check(game, store)
        written = report(game, store, Path("reports"))

or ``audit(Path("examples/sample/game.toml"))`` for the nightly run in one call.
"""

from __future__ import annotations

import hashlib
import json
import re
import stat
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from auditor import __version__
from auditor.errors import AuditorError, NotCrawledError, PageError, StoreError
from auditor.files import write_atomic
from auditor.game import evidence
from auditor.game.evidence import asked as evidence_asked
from auditor.game.gamefile import (
    EVENT_LABEL,
    DaySpec,
    Event,
    EventType,
    Game,
    ThreadKind,
    load_game,
)
from auditor.game.listed_out import asked as listed_asked
from auditor.game.roster import names_written, spell_out
from auditor.report.words import withdrawn_words
from auditor.rules.inputs import QUIET_DATA as QUIET_DATA
from auditor.rules.inputs import inputs as _inputs
from auditor.rules.inputs import rules_inputs as _rules_inputs
from auditor.rulesets import preset_files
from auditor.store import CheckState, DatabaseError, Store, refuse_other_store, refuse_wrong_store
from auditor.store.state import Night
from auditor.urls import findpost_link

if TYPE_CHECKING:
    from auditor.forum.crawl import CrawlReport, ProgressFn
    from auditor.game.confirm import Proposal
    from auditor.game.discover import Discovery
    from auditor.ledger.decisions import Recorded
    from auditor.ledger.held import Question
    from auditor.ledger.ledger import Ledger
    from auditor.models import Post
    from auditor.report.records import Records
    from auditor.report.write import Written
    from auditor.rules.base import Context
    from auditor.rules.engine import CheckResult
    from auditor.rules.records import CheckRecords
    from auditor.rules.ruleset import RuleSet

# Each stage imports its layer when it runs: a night with nothing new (see
# ``_quiet_night``) loads the game file, the store and the saved-pages change check, not
# the rule engine, the matcher, the ledger or the report writers.
_LAZY = {
    "CheckResult": "auditor.rules.engine",
    "CrawlReport": "auditor.forum.crawl",
    "Ledger": "auditor.ledger.ledger",
    "Proposal": "auditor.game.confirm",
    "Records": "auditor.report.records",
    "Written": "auditor.report.write",
}


def __getattr__(name: str) -> Any:
    """The types and functions this module names in ``__all__`` from the layers below,
    imported on first use."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "AuditResult",
    "CheckResult",
    "Confirmed",
    "CrawlReport",
    "Ledger",
    "Proposal",
    "Records",
    "Written",
    "add",
    "answer_quiet",
    "audit",
    "check",
    "confirm",
    "crawl",
    "dismiss",
    "ledger",
    "open_game",
    "open_store",
    "pending",
    "proposals",
    "records",
    "report",
    "require_crawled",
    "same_store",
    "state_problems",
]


def proposals(ctx: Context) -> list[str]:
    """:func:`auditor.rules.proposals.proposals`: the lines the report and ``auditor audit``
    show for the tally outcomes no announcement confirms."""
    from auditor.rules.proposals import proposals as lines

    return lines(ctx)


def open_game(path: Path, *, rules: bool = True) -> Game:
    """Load the game file and resolve its rule set, so every mistake in either is
    reported before any network traffic.  ``rules=False`` leaves the rule set to
    :func:`audit`, which resolves it before the crawl unless the last night resolved the
    same game file with the same version (a night with nothing new loads no rule)."""
    game = load_game(path)
    if rules:
        from auditor.rules.engine import ruleset_for

        ruleset_for(game)
        refuse_wrong_store(game)  # (a renamed file, another game's store; audit: itself)
    if game.discovers and game.store.exists():
        with open_store(game) as store:
            return current(game, store)
    return game


def current(game: Game, store: Store, *, keep: bool = False, fresh: bool = False) -> Game:
    """The game with what the store says the forum holds now (threads, days and events
    discovered on the last crawl), when the game file names a board; else as it is.

    Discovery runs only when something it reads changed (:func:`discovery_key`): the
    result is held for the rest of the process and, with ``keep`` (the nightly run, under
    the run lock), stored for the next night.  A held or stored result is the one a fresh
    run would give: its key covers every input, and one that does not load runs it.
    ``fresh`` (``auditor audit --full``): discovery runs whatever is held or stored."""
    if not game.discovers:
        return game
    key = discovery_key(game, store)
    data = None if fresh else _DISCOVERED.get(key)
    found = _discovered(data) if data is not None else None
    stored = store.state_value(DISCOVERY_KEY) if found is None or keep else None
    kept = not fresh and stored is not None and stored.startswith(f"{key}\n")
    if found is None and kept:
        data = _stored_discovery(stored or "")
        found = _discovered(data) if data is not None else None
        kept = found is not None  # a damaged entry is written again
    if found is None or data is None:
        import pickle

        from auditor.game.discover import discover

        found = discover(game, store)
        data = pickle.dumps(found, protocol=pickle.HIGHEST_PROTOCOL)
    if keep and not kept:
        import base64

        store.set_state(DISCOVERY_KEY, f"{key}\n{base64.b64encode(data).decode()}")
    _DISCOVERED.clear()  # one game at a time: the last result only
    _DISCOVERED[key] = data
    game = without_counted_ballots(without_rejected(found, store), store)
    game = without_answered_warnings(without_agreeing_counts(game, store), store)
    game = without_rewrites(game, store)
    # the game's own evidence, not the words (auditor.game.evidence): a player gone quiet;
    # a director's list of the dead or the living, last words (auditor.game.listed_out)
    now = game_now(game, store) or _forum_now(game)
    return listed_asked(evidence_asked(game, store, key, now), store, key, now)


def without_rewrites(game: Game, store: Store) -> Game:
    """The discovered game less the deaths proposed inside a day the director has confirmed
    (a ``[[day]]`` of his file) or at or before the game's first day's opening (M107 流程 4,
    030, M39, 版杀7 4: the game opens with its first day): an unconfirmed reading must
    not rewrite a day he has settled (fh48b 思思: deaths read from her roster post, edited
    each morning, timed at its first posting and at day 1's opening — day 1, confirmed and
    closed, was recounted: votes 「投票者已出局」, ~30 false 诈尸 drafts).  Each stays a
    proposal to confirm (the desk, ``auditor game --confirm``) and is said among the
    discovery's warnings with the post's words and link; confirmed, it is the file's and
    counts.  A death at a confirmed day's close (its vote-out) is not held: the tally
    checks it."""
    from auditor.game.discover import Discovery

    disc = game.discovery
    if not isinstance(disc, Discovery) or not game.days:
        return game
    held = _rewriting(disc, min(d.opens for d in game.days))
    if not held:
        return game
    posts = {sp.post.pid: sp.post for sp in store.posts_by_pid([p for _, p, _ in held if p])}
    for e, pid, why in held:
        post = posts.get(pid) if pid is not None else None
        disc.warnings.append(_rewrite_said(game, e, why, post))
    gone = [e for e, _, _ in held]
    return replace(game, events=tuple(e for e in game.events if e not in gone))


def _rewriting(disc: Discovery, first: datetime) -> list[tuple[Event, int | None, str]]:
    """The discovered deaths timed at or before ``first`` (the game's first day's opening:
    every seed's game opens with a day, so no night has passed) or inside a day the file
    states: each with its post's pid and why it is held."""
    # (the days the file states: written or confirmed by the director)
    filed = [s.item for s in disc.days if s.source == "游戏文件" and isinstance(s.item, DaySpec)]
    held: list[tuple[Event, int | None, str]] = []
    for s in disc.discovered("events"):
        e = s.item
        if not isinstance(e, Event) or e.type is not EventType.ELIMINATED or e.at is None:
            continue
        inside = next((d for d in filed if d.opens <= e.at < d.closes), None)
        if e.at <= first:
            # (every seed's game opens with its first day: no night has passed yet)
            held.append((e, s.pid, "时间在游戏第一天开始之前（或正好在开始那一刻：还没有过夜）"))
        elif inside is not None:
            held.append((e, s.pid, f"时间落在已经确认的第{inside.number}天里"))
    return held


def _rewrite_said(game: Game, e: Event, why: str, post: Post | None) -> str:
    """A held death among the discovery's warnings: what it says, why it is held, the
    post's words and where to find it (its link, else its 楼)."""
    from auditor.game.confirm import Proposal

    said = ""
    if post is not None:
        text = post.text if len(post.text) <= 60 else post.text[:59] + "…"
        floor = f"第 {post.floor} 楼" if post.floor is not None else ""
        where = findpost_link(game.forum.url, post.tid, post.pid) or floor
        said = f"：「{text}」" + (f"（{where}）" if where else "")
    return (
        f"待确认的{Proposal('event', e, '').describe()}{why}，确认之前不计入"
        f"（这一天的计数不因它改动）{said}——对就确认，不对就「不对，不要」或更正"
    )


def without_answered_warnings(game: Game, store: Store) -> Game:
    """The discovered game less the 「论坛上写的是…（以游戏文件为准）」 warnings the director has
    answered: an item he confirmed, corrected or added on the desk or with ``auditor game
    --confirm`` / ``--add`` (a ``confirm`` run) is his word on it — the file's item stands
    and saying every night that the forum differs repeats a question he has answered
    (fh46b: seven such warnings after every correction, 「鸭肠 的出局：公示的是 12-03 02:00」)."""
    from auditor.game.discover import Discovery

    disc = game.discovery
    if not isinstance(disc, Discovery) or not disc.warnings:
        return game
    said = [
        str(json.loads(r["summary"] or "{}").get("wrote", ""))
        for r in store.runs()
        if r["command"] == "confirm" and r["status"] == "ok"
    ]
    keys = {k for w in said for item in w.split("；") if (k := answered_key(item))}
    if keys:
        disc.warnings = [w for w in disc.warnings if not w.startswith(tuple(keys))]
    return game


_EVENT_SAID = re.compile(r"^(?P<label>[^：，]+)：(?P<who>[^，（]+)")
_DAY_SAID = re.compile(r"^第(?P<n>\d+)天：")
_THREAD_SAID = re.compile(r"^帖子 (?P<tid>\d+)「")


def answered_key(item: str) -> str | None:
    """The start of the warnings an item written by a confirmation answers (the item as
    :meth:`auditor.game.confirm.Proposal.describe` says it): 「第1天：」 a day's, 「帖子 208「」 a
    thread's, 「鸭肠 的出局：」 an event's."""
    if m := _DAY_SAID.match(item):
        return f"第{m['n']}天："
    if m := _THREAD_SAID.match(item):
        return f"帖子 {m['tid']}「"
    m = _EVENT_SAID.match(item)
    if m and m["label"] in EVENT_LABEL.values():
        return f"{m['who'].strip()} 的{m['label']}："
    return None


def without_counted_ballots(game: Game, store: Store) -> Game:
    """The discovered game less the 未读懂的公告 the last check counted as a proxy ballot (a
    director's 代发 post in a vote thread: the vote table reads it, fh46 item 5): it is
    read, not listed again."""
    from auditor.game.discover import Discovery

    disc = game.discovery
    if not isinstance(disc, Discovery) or not disc.unread:
        return game
    proxies = _proxy_ballots(store)
    if proxies:
        disc.unread = [u for u in disc.unread if u.pid not in proxies]
    return game


def without_agreeing_counts(game: Game, store: Store) -> Game:
    """The discovered game less the 未读懂的公告 whose only unread clauses are a result line
    the last check's tally agrees with (叻沙 4票，肉骨茶 3票，豆汁 弃权，煎饺 没投票。: the count
    the tally made, fh47b item 1): read, not asked.  A line that differs stays listed."""
    from auditor.game.discover import Discovery
    from auditor.game.state import agrees_with_tally

    disc = game.discovery
    if not isinstance(disc, Discovery) or not disc.unread:
        return game
    tallies = _round_counts(store)
    if tallies:  # (seats and other names as the players' names, as discovery reads them)
        disc.unread = [
            u
            for u in disc.unread
            if not agrees_with_tally(game.players, spell_out(game, u.text), tallies)
        ]
    return game


def _round_counts(store: Store) -> list[dict[str, float]]:
    """Each round's votes by target in the last check's tally (none stored: none)."""
    import auditor.rules.engine as engine

    records = engine.stored_records(store)
    rounds: dict[tuple[object, object], dict[str, float]] = {}
    for row in records.tally if records is not None else []:
        if float(row.get("votes") or 0) > 0:
            key = (row.get("day"), row.get("round"))
            rounds.setdefault(key, {})[str(row["target"])] = float(row["votes"])
    return list(rounds.values())


_PROXIES: dict[str, tuple[object, frozenset[int]]] = {}


def _proxy_ballots(store: Store) -> frozenset[int]:
    """The pids of the ballots the last check counted as posted for another (代发), read
    once per check."""
    import auditor.rules.engine as engine

    mark = (store.state.serial, store.state.config)
    key = str(store.path)
    seen = _PROXIES.get(key)
    if seen is not None and seen[0] == mark:
        return seen[1]
    records = engine.stored_records(store)
    pids = frozenset(
        int(b["pid"])
        for b in (records.ballots if records is not None else [])
        if b.get("proxy") and b.get("pid") is not None
    )
    _PROXIES[key] = (mark, pids)
    return pids


def without_rejected(game: Game, store: Store) -> Game:
    """The discovered game less the events a director answered 「不对，不要」 (:func:`reject`):
    a death read from a post he says is wrong is no death — not in the state, the tally,
    the cards or the announcement — on this run and every later one (fh45: 杀猪菜 stayed
    dead after his answer; five 诈尸 drafts followed).  An event read from a post is the
    same question while its post says it (its id: type, player, post), whatever its time
    became since; one without a post, while it says the same."""
    from auditor.game.confirm import Proposal
    from auditor.game.discover import Discovery

    disc = game.discovery
    answers = store.state.rejected
    if not isinstance(disc, Discovery) or not answers:
        return game
    gone: list[Event] = []
    kept = []
    for s in disc.events:
        if s.source != "游戏文件" and isinstance(s.item, Event):
            p = Proposal(
                "event", s.item, s.source, s.note, pid=s.pid, inferred=s.status == "inferred"
            )
            got = answers.get(p.id)
            if (
                got is not None
                and got.get("answer") == "wrong"
                and (s.pid is not None or got.get("digest") == _digest(p))
            ):
                gone.append(s.item)
                continue
        kept.append(s)
    if not gone:
        return game
    disc.events = kept
    return replace(game, events=tuple(e for e in game.events if e not in gone))


#: check_state entry: the last stored discovery, "<key>\n<base64 pickle of the game>"
#: (a bulky entry: no cache keyed on the small entries changes with it).
DISCOVERY_KEY = "blob:discovery"

#: The discovery of the last key this process ran (or loaded), pickled: a nightly run asks
#: for it three times (the game file opened, after the crawl, the check), and each caller
#: gets its own copy to keep.
_DISCOVERED: dict[str, bytes] = {}


def discovery_key(game: Game, store: Store) -> str:
    """Everything discovery (:func:`auditor.game.discover.discover`) reads, hashed: this
    version and the code and presets it runs, the game as its file states it, the board
    list and the stored titles, every live post of the directors, every live post of the
    process threads (the players' 加速 / 延时 requests), and the posts dismissed as
    不是公告.  A player's post outside a process thread is none of these."""
    from auditor.game.discover import board_threads, with_threads

    base = getattr(game.discovery, "base", None) or game  # discovery starts from the file
    tz = base.timezone
    titled = board_threads(store)
    process = [t.tid for t in with_threads(base, titled).threads if t.kind is ThreadKind.PROCESS]
    h = hashlib.sha256()
    parts: list[object] = [
        __version__,
        _discovery_code(),
        repr(base),
        repr(titled),
        sorted(store.state.dismissed.items()),
    ]
    for part in parts:
        h.update(repr(part).encode())
        h.update(b"\0")
    for d in base.directors:
        for sp in store.posts(author=d, tz=tz):
            h.update(repr(sp.post).encode())
    h.update(b"\1")
    for tid in sorted(set(process)):
        for sp in store.posts(tid=tid, tz=tz):
            h.update(repr(sp.post).encode())
    return h.hexdigest()


@cache
def _discovery_code() -> str:
    """The code and data discovery runs (the game package, the models it reads, the
    character table's module, the shipped presets): a checkout changed under the same
    version discovers afresh."""
    h = hashlib.sha256()
    root = Path(__file__).parent  # the auditor package
    for f in sorted([*(root / "game").glob("*.py"), root / "hanzi.py", root / "models.py"]):
        if not f.is_file():
            continue  # (a zipped install: its version says it)
        h.update(f.name.encode())
        h.update(f.read_bytes())
    for p in preset_files():
        h.update(p.name.encode())
        h.update(p.read_bytes())
    return h.hexdigest()


def _stored_discovery(raw: str) -> bytes | None:
    """The pickle of a stored discovery entry (None: not base64)."""
    import base64

    try:
        return base64.b64decode(raw.partition("\n")[2], validate=True)
    except ValueError:
        return None


#: What a stored discovery may be made of: the game's own types, times, paths and the
#: built-in containers; a pickle naming anything else is not loaded (discovery runs).
_SAFE_MODULES = ("auditor.game.", "auditor.models")
_SAFE_GLOBALS = {
    ("builtins", "set"),
    ("builtins", "frozenset"),
    ("copyreg", "_reconstructor"),
    ("builtins", "object"),
    ("datetime", "datetime"),
    ("datetime", "date"),
    ("datetime", "time"),
    ("datetime", "timedelta"),
    ("datetime", "timezone"),
    ("zoneinfo", "ZoneInfo"),
    ("zoneinfo._zoneinfo", "ZoneInfo"),
    ("pathlib", "PosixPath"),
    ("pathlib", "WindowsPath"),
    ("pathlib", "Path"),
    ("pathlib._local", "PosixPath"),
    ("pathlib._local", "WindowsPath"),
    ("pathlib._local", "Path"),
}


def _member(cls: object, name: str) -> object:
    """``getattr`` as a pickle uses it: an enum member of the game's own enums
    (``EventType.ELIMINATED``) and a time zone's constructor, nothing else."""
    from enum import Enum
    from zoneinfo import ZoneInfo

    if cls is ZoneInfo and name == "_unpickle":
        return ZoneInfo._unpickle  # type: ignore[attr-defined]
    member = getattr(cls, name, None) if isinstance(cls, type) and issubclass(cls, Enum) else None
    if not isinstance(member, Enum) or not type(member).__module__.startswith(_SAFE_MODULES):
        raise ValueError(f"{cls!r}.{name}")
    return member


def _find_class(find: Callable[[str, str], object], module: str, name: str) -> object:
    """The globals a stored discovery may name (:data:`_SAFE_GLOBALS`), found by ``find``."""
    if (module, name) == ("builtins", "getattr"):
        return _member
    if (module, name) in _SAFE_GLOBALS:
        return find(module, name)
    found = find(module, name) if module.startswith(_SAFE_MODULES) else None
    if isinstance(found, type):  # the game's own classes (no function: none writes a file)
        return found
    raise ValueError(f"{module}.{name}")


def _discovered(data: bytes) -> Game | None:
    """A pickled discovered game, or None when it does not load as one (or names anything
    but :func:`_find_class` allows).  pickle is imported here: a game that does not
    discover never loads it."""
    import io
    import pickle

    class GameUnpickler(pickle.Unpickler):
        def find_class(self, module: str, name: str) -> object:
            return _find_class(super().find_class, module, name)

    try:
        found = GameUnpickler(io.BytesIO(data)).load()
    except Exception:  # a damaged or foreign entry: discovery runs again
        return None
    return found if isinstance(found, Game) else None


@dataclass(frozen=True, slots=True)
class LastRun:
    """The newest run (of one command, or of any): when it started, its status and the
    problems its summary lists."""

    started: datetime | None
    status: str
    problems: list[str]
    withdrawn: list[str] = field(default_factory=list)  # drafts its check withdrew (why)


def last_run(store: Store, command: str | None = None) -> LastRun | None:
    """The newest run of ``command`` (any command when None) in the store, or None."""
    runs = [r for r in store.runs() if command is None or r.command == command]
    if not runs:
        return None
    r = runs[-1]
    try:
        summary = json.loads(r.summary) if r.summary else {}
        problems = [str(p) for p in summary.get("problems") or []]
        withdrawn = [str(p) for p in summary.get("withdrawn") or []]
    except (ValueError, AttributeError):  # a damaged summary lists nothing
        problems, withdrawn = [], []
    try:
        started: datetime | None = datetime.fromisoformat(r.started_at)
    except (TypeError, ValueError):
        started = None
    return LastRun(started, str(r.status), problems, withdrawn)


@contextmanager
def open_store(
    game: Game, *, lock: bool = False, existing: str | None = None, new_store: bool | None = None
) -> Iterator[Store]:
    """The game's store; ``lock=True`` takes the run lock first (refused at once when another
    run holds it).  Decisions never take it: each is its own short transaction.
    ``existing`` (what the read-only command does, e.g. "查看发现"): a missing store is
    not created but refused with :class:`NotCrawledError`.  A renamed game file is refused
    (``new_store``: the command's ``--new-store``; see :func:`refuse_other_store`)."""
    check_store_path(Path(game.store))
    refuse_wrong_store(game, new_store=new_store)
    if existing is not None and not Path(game.store).exists():
        raise NotCrawledError(str(game.path), action=existing)
    store = Store(game.store, lock=lock)
    try:
        yield store
    except DatabaseError as exc:  # a cursor's read mid-way (execute() names its own)
        raise store.fault(exc) from exc
    finally:
        store.close()


#: What a path that is no regular file is, for the message (a folder is the store's own).
_FILE_KINDS = (
    (stat.S_ISCHR, "字符设备"),
    (stat.S_ISBLK, "块设备"),
    (stat.S_ISFIFO, "管道（FIFO）"),
    (stat.S_ISSOCK, "套接字"),
)


def check_store_path(path: Path) -> None:
    """Refuse, before anything is opened or created, a store whose folder does not exist
    (a typo in ``[game] store``: no folder is made for it) or a path that is no regular
    file (``/dev/full``, a pipe), each named as what it is (exit 6)."""
    if not path.parent.is_dir():
        raise StoreError(
            path,
            f"所在的文件夹 {path.parent} 不存在（或不是文件夹）",
            "auditor 不会替你建这个文件夹：请检查游戏文件 [game] store 的写法，或先建好这个文件夹",
        )
    try:
        mode = path.stat().st_mode
    except OSError:
        return  # missing (a new store) or unreadable: the store says which
    for is_kind, kind in _FILE_KINDS:
        if is_kind(mode):
            raise StoreError(
                path,
                f"不是普通文件（是一个{kind}），不能当作数据库",
                "请在游戏文件的 [game] store 写一个普通的文件名，例如 m107.sqlite",
            )


def same_store(game: Game, store: Store | None, reports: Path, *, new_store: bool) -> None:
    """Refuse a store that is not the one the game's report folder was written from (its id,
    recorded in ``reports/<name>/.folder``): a new store made where a deleted or moved one
    stood would start the game afresh, without its decisions and manual cards.  ``store``
    None: the store does not exist yet (nothing is made).  ``new_store``: the director asks
    for it; the folder is the new store's from its next report on.  A store that has no id
    yet (made by an older version) is given one here."""
    from auditor.report.write import recorded_store_id

    recorded = recorded_store_id(reports, game.slug, game.store)
    mine = store.own_id() if store is not None else ""
    if new_store or not recorded or mine == recorded:
        return
    folder = Path(reports) / game.slug
    again = "确实要用一个新的数据库从头开始（之前的决定和手动牌都不在里面），请加上 --new-store"
    if store is None:
        raise StoreError(
            game.store,
            f"不存在，但报告目录 {folder} 是数据库 {recorded[:8]} 的报告",
            "数据库可能被删除或移走了：请从备份恢复它，或在游戏文件的 [game] store 写它现在"
            f"的位置；{again}",
        )
    raise StoreError(
        store.path,
        f"是数据库 {mine[:8]}，报告目录 {folder} 却是数据库 {recorded[:8]} 的报告",
        f"原来的数据库可能被删除或换掉了：请从备份恢复它；{again}",
    )


def crawled(store: Store) -> bool:
    """The store holds a post or a page: the game was crawled at least once."""
    return bool(store.post_count(include_deleted=True) or store.page_count())


def require_crawled(game: Game, store: Store, *, action: str = "检查") -> None:
    """Refuse to judge a game whose store holds no post and no page (never crawled)."""
    if not crawled(store):
        raise NotCrawledError(str(game.path), action=action)


def crawl(
    game: Game, store: Store, *, full: bool = False, progress: ProgressFn | None = None
) -> CrawlReport:
    """Crawl the game's threads (or saved-page folders) into ``store``, recorded as a
    ``crawl`` run.  ``store`` should hold the run lock.  ``progress(tid, page, total)`` is
    called per page read.  The mobile API is read first when the game file says so, or in
    "auto" mode when no enabled rule needs the desktop pages."""
    from auditor.forum.crawl import crawl as crawl_threads

    over_http = game.forum.pages is None  # saved pages: neither choice applies
    if over_http:
        from auditor.rules.engine import api_first, reads_avatars, reads_spaces
    run_id = store.start_run("crawl")
    try:
        result = crawl_threads(
            game,
            store,
            full=full,
            progress=progress,
            run_id=run_id,
            use_api=api_first(game) if over_http else None,
            spaces=reads_spaces(game) if over_http else False,
            avatars=reads_avatars(game) if over_http else False,
        )
    except KeyboardInterrupt:
        store.finish_run(run_id, "interrupted", {})
        raise
    except BaseException:
        store.finish_run(run_id, "failed", {})
        raise
    said = result.as_dict()
    if not over_http:
        # the saved pages' own time is the forum's moment this crawl read (小鹿, fh49: her
        # 票型 said 「截至 12-07 21:15」, the machine's day, for pages saved at 12-16 10:00)
        newest = store.newest_page_time()
        if newest is not None:
            said["forum_time"] = newest.astimezone(UTC).isoformat(timespec="seconds")
    store.finish_run(run_id, "ok" if result.ok else "failed", said)
    return result


def check(
    game: Game,
    store: Store,
    *,
    now: datetime | None = None,
    full: bool = True,
    run_id: int | None = None,
) -> CheckResult:
    """Run the rule set over the stored posts and store the findings (drafts).

    ``full=False`` re-checks only what changed since the last check (the nightly run).
    Without ``run_id`` the check is recorded as its own ``check`` run with its findings
    per rule code; with one it is part of that run (``audit``)."""
    import auditor.rules.engine as engine

    game = current(game, store)
    if run_id is not None:
        return engine.check(game, store, now=now, run_id=run_id, incremental=not full)
    require_crawled(game, store)
    own = store.start_run("check")
    try:
        result = engine.check(game, store, now=now, run_id=own, incremental=not full)
    except BaseException:
        store.finish_run(own, "failed", {})
        raise
    by_code: dict[str, int] = {}
    for f in result.findings:
        by_code[f.code] = by_code.get(f.code, 0) + 1
    store.finish_run(own, "ok", {"findings": len(result.findings), "by_code": by_code})
    return result


def ledger(game: Game, store: Store, ruleset: RuleSet | None = None) -> Ledger:
    """The card ledger: drafts from the stored findings with the director's decisions."""
    from auditor.ledger.ledger import load_ledger

    return load_ledger(current(game, store), store, ruleset)


def records(
    game: Game, store: Store, *, now: datetime | None = None, checked: CheckRecords | None = None
) -> Records:
    """Everything a report view shows, read from the store (no crawl, no new check);
    ``checked``: the last check's stored records when the caller holds them already
    (:func:`stored_check_records`)."""
    from auditor.report.records import build_records

    run = _clock_run(game, store) if now is None else {"clock": CLOCK_SAID["now"]}
    now = now or game_now(game, store)
    return build_records(current(game, store), store, now=now, records=checked, run=run)


def stored_check_records(game: Game, store: Store) -> CheckRecords | None:
    """The records the last check stored, when they stand for the game file, rule set and
    data as they are now (None: a view derives them afresh)."""
    from auditor.rules.engine import stored_records

    return stored_records(store, current(game, store))


def report(
    game: Game,
    store: Store,
    reports: Path = Path("reports"),
    *,
    when: datetime | None = None,
    workbook: bool = False,
    new_store: bool = False,
) -> Written:
    """Write report.html, the CSVs and announcement.bbcode from the store into
    ``reports/<game>/<run time>/`` (``latest`` points at it), recorded as a ``report`` run
    (the report's 论坛上的变动 lists what the crawls after the previous report found).
    ``when`` names the folder; default now, in the forum's time zone.  ``workbook`` adds
    report.xlsx (the nightly ``audit`` leaves it out: pandas and openpyxl are slow to load).
    ``new_store``: write it although the report folder is another store's (:func:`same_store`)."""
    from auditor.report.records import build_records
    from auditor.report.write import write_report

    same_store(game, store, reports, new_store=new_store)
    game = current(game, store)
    run_id = store.start_run("report")
    # judged and named on the game's clock, as the audit is (a pages game: its newest saved
    # page's time — 小鹿's `auditor report` wrote 20261207-… beside the audit's 20261216-…, fh49)
    now = when or game_now(game, store)
    try:
        records = build_records(game, store, now=now, run=_clock_run(game, store))
        written = write_report(records, reports, when=now or _forum_now(game), workbook=workbook)
    except BaseException:
        store.finish_run(run_id, "failed", {})
        raise
    store.finish_run(run_id, "ok", {"report": str(written.directory)})
    return written


def refresh(
    game: Game,
    store: Store,
    reports: Path,
    *,
    workbook: bool = False,
    records: Records | None = None,
) -> Written:
    """A director's decision in the newest report (:func:`~auditor.report.write.refresh_latest`:
    the files it changes, replaced in place; no new folder), recorded as a ``report`` run;
    ``records``: as :func:`records` read them from ``store`` (else read here)."""
    from auditor.report.records import build_records
    from auditor.report.write import refresh_latest

    game = current(game, store)
    run_id = store.start_run("report")
    try:
        recs = records
        if recs is None:
            now, run = game_now(game, store), _clock_run(game, store)
            recs = build_records(game, store, now=now, run=run)
        written = refresh_latest(recs, reports, workbook=workbook)
    except BaseException:
        store.finish_run(run_id, "failed", {})
        raise
    store.finish_run(run_id, "ok", {"report": str(written.directory), "refreshed": True})
    return written


def pending(
    game: Game, store: Store, *, stored: bool = True, rejected: bool = False
) -> list[Proposal]:
    """What waits for a director to confirm, for a game that discovers its state: the
    threads, days and events read from the forum that the game file does not state, the
    加速 / 延时 requests, and the tally outcomes no announcement confirms (``auditor game``
    lists them; the desk shows them with a confirm button).  None for a game without a
    board.

    The tally outcomes are read from the last check's records while they are current
    (:func:`auditor.rules.engine.current_records`); only stale records (or ``stored``
    False) make the rules' context be built again over every post.

    A proposal a director rejected (:func:`reject`) is left out while his answer holds;
    ``rejected``: only those, instead."""
    import auditor.rules.engine as engine
    from auditor.game.discover import Discovery
    from auditor.rules.proposals import proposed
    from auditor.rules.records import recorded_proposals

    game = current(game, store)
    if not isinstance(game.discovery, Discovery):
        return []
    found = [
        p for p in game.discovery.pending() if p.kind in ("thread", "day", "event", "schedule")
    ]
    now = game_now(game, store)
    records = engine.current_records(game, store, now=now) if stored else None
    kept = recorded_proposals(records, game) if records is not None else None
    if kept is None:
        kept = proposed(engine.build_context(game, store, now=now))
    every = _one_per_event(found + kept, game)
    answers = store.state.rejected
    return [p for p in every if (_rejection(p, store, answers) is not None) == rejected]


def _one_per_event(proposals: list[Proposal], game: Game) -> list[Proposal]:
    """One proposal per event: the same type, player and how on the same game day read from
    two posts (秋刀鱼 piped in 进程帖5 and again in its 更正) is one proposal, the earliest,
    citing both posts; one the game file states already (confirmed from the other post)
    is left out."""
    from auditor.game.confirm import day_of

    base = getattr(game.discovery, "base", None) or game

    def key(e: Event, day: int | None) -> tuple[object, ...]:
        return (e.type, e.player, e.how, day)

    stated = {key(e, _day_at(e.at, base.days)) for e in base.events}
    first: dict[tuple[object, ...], int] = {}
    kept: dict[int, Proposal] = {}  # by its place in ``proposals``
    for i, p in sorted(enumerate(proposals), key=lambda x: _event_time(x[1])):
        item = p.item
        if p.kind != "event" or not isinstance(item, Event):
            kept[i] = p
            continue
        k = key(item, day_of(p, game.days))
        if k in stated:
            continue
        if k not in first:
            first[k] = i
            kept[i] = p
        elif p.source not in kept[first[k]].source:
            was = kept[first[k]]
            kept[first[k]] = replace(was, source=f"{was.source}、{p.source}")
    return [kept[i] for i in sorted(kept)]


def _event_time(p: Proposal) -> tuple[int, str]:
    item = p.item
    at = item.at if isinstance(item, Event) else None
    return (0, at.isoformat()) if at is not None else (1, "")


def _day_at(at: datetime | None, days: Sequence[DaySpec]) -> int | None:
    """The day an event's time falls in, else the last one closed before it (as
    :func:`auditor.game.confirm.day_of` reads a proposal's)."""
    if at is None:
        return None
    inside = next((d for d in days if d.opens <= at <= d.closes), None)
    before = [d for d in days if d.closes < at]
    found = inside or (before[-1] if before else None)
    return found.number if found else None


#: A director's answers to a proposal he does not want (the desk's buttons under it):
#: 不对，不要 (the tool read it wrong), and for a tally's vote-out 无人出局 (the day had no
#: one out) and 还没关门 (the day is still open: asked again once new posts come in).
REJECT_ANSWERS = {"wrong": "不对，不要", "no_one_out": "无人出局", "not_closed": "还没关门"}


def _digest(p: Proposal) -> str:
    return hashlib.sha256(p.describe().encode()).hexdigest()[:16]


def _rejection(
    p: Proposal, store: Store, answers: Mapping[str, Mapping[str, str]]
) -> Mapping[str, str] | None:
    """The director's rejection of ``p`` while it holds: the proposal says the same, and
    for 还没关门 no post came in since."""
    got = answers.get(p.id)
    if got is None or got.get("digest") != _digest(p):
        return None
    if got.get("answer") == "not_closed" and got.get("posts") != str(store.report_marks()[0]):
        return None
    return got


def reject(game: Game, store: Store, ident: str, *, by: str | None, answer: str = "wrong") -> str:
    """Reject a pending proposal (``answer``: one of :data:`REJECT_ANSWERS`), signed ``by`` a
    director of the game: kept in the store (``rejected:<id>``) while the proposal says the
    same (for 还没关门: until new posts come in), recorded as a ``reject`` run; its question
    goes away.  无人出局 and 还没关门 answer a tally's vote-out only, and stand as that day's
    result (no 缺结果 asked for it)."""
    from auditor.game.confirm import ProposalError, find
    from auditor.ledger.decisions import default_signer

    signer = default_signer(game, by)
    game = current(game, store)
    waiting = pending(game, store)
    key = ident.strip().upper()
    before = store.state.rejected.get(key)
    if before is not None and all(p.id != key for p in waiting):
        # asked again (fh45: 「不在待确认的列表里」 for his own answer): it stands
        was = REJECT_ANSWERS.get(before.get("answer", ""), before.get("answer", ""))
        return (
            f"提议 {key} 已经答过「{was}」（{before.get('by', '')} 于 {before.get('at', '')}）："
            "它不在游戏状态里，也不再询问"
        )
    found = find(waiting, ident)
    if answer not in REJECT_ANSWERS:
        raise ProposalError(f"回答看不懂：{answer}（可以是 {'、'.join(REJECT_ANSWERS)}）")
    if answer != "wrong" and not _tally_vote_out(found):
        raise ProposalError(
            f"「{REJECT_ANSWERS[answer]}」只用来回答计票得出的出局：{found.describe()}"
        )
    at = _signed_at(game, store).strftime("%Y-%m-%d %H:%M")
    value = {"by": signer, "at": at, "answer": answer, "digest": _digest(found)}
    value["posts"] = str(store.report_marks()[0])
    run_id = store.start_run("reject")
    store.state.reject(found.id, value)
    store.finish_run(run_id, "ok", {"proposal": found.id, "by": signer, "answer": answer})
    gone = (
        "，已从游戏状态里去掉（下次审计按去掉后的状态重判计票和牌）"
        if answer == "wrong" and found.kind == "event" and found.source != "计票"
        else ""
    )
    return (
        f"{found.describe()}：已答「{REJECT_ANSWERS[answer]}」（{signer} 于 {at}），不再询问{gone}"
    )


def _tally_vote_out(p: Proposal) -> bool:
    item = p.item
    return (
        p.source == "计票"
        and isinstance(item, Event)
        and item.type is EventType.ELIMINATED
        and item.how == "vote"
    )


def open_questions(game: Game, store: Store) -> dict[int, list[Question]]:
    """Each day's open questions now (:func:`auditor.ledger.held.open_questions` over the
    game as discovered and the last check's records): what ``decide``, the CSV import and
    the desk refuse a held draft's approval by, as the report's records mark it."""
    import auditor.rules.engine as engine
    from auditor.ledger.held import day_answers, leave_posts
    from auditor.ledger.held import open_questions as asked
    from auditor.report.labels import forum_base

    # (a game whose file states everything has questions too: its days' vote conflicts)
    cur = current(game, store) if game.discovers else game
    return asked(
        cur,
        engine.stored_records(store),
        forum_base(cur, store),
        set(store.state.rejected),
        day_answers(store),
        night_posts=engine.ruleset_for(cur).settings["night_posts"],
        shown=leave_posts(cur, store),
    )


def held_pending(game: Game, store: Store, led: Ledger) -> int:
    """How many of the ledger's pending cards wait on their day's open questions (the audit
    line's 待处理 N（其中 M 条等问题答完）; :func:`auditor.ledger.held.count_held`)."""
    from auditor.ledger.held import count_held
    from auditor.ledger.ledger import is_card_draft

    asked = open_questions(game, store)
    return count_held(game, (d for d in led.drafts if is_card_draft(d)), asked)


def decide(
    game: Game,
    store: Store,
    ident: str,
    decision: str,
    *,
    card: str | None,
    note: str = "",
    by: str | None,
    source: str = "decide",
    expected: str | None = None,
    anyway: bool = False,
    questions: Mapping[int, Sequence[Question]] | None = None,
) -> Recorded:
    """One decision on a draft (:func:`auditor.ledger.decisions.decide`), with the days'
    open questions asked now unless given (``auditor review`` asks them once per draft): a
    held draft's approval is refused (HeldError) unless ``anyway`` (仍然批准).  ``auditor
    decide``, ``auditor review`` and the desk all decide through here.

    The decision is stamped with the time the game is judged at (:func:`game_now`: an
    audit's ``--now``, a ``pages`` game's newest saved page), as the report judges: a card
    approved while replaying saved pages is given before the next night's posts, so their
    再犯 escalates (the machine's clock, days later, put every card after every post)."""
    from auditor.ledger.decisions import decide as record

    asked = open_questions(game, store) if questions is None else questions
    return record(
        game,
        store,
        ident,
        decision,
        card=card,
        note=note,
        by=by,
        source=source,
        expected=expected,
        questions=asked,
        anyway=anyway,
        at=game_now(game, store),
    )


@dataclass(frozen=True, slots=True)
class Confirmed:
    proposal: Proposal  # as written (corrected when the director corrected it)
    by: str
    message: str


def confirm(
    game: Game,
    store: Store,
    ident: str,
    *,
    by: str | None,
    player: str | None = None,
    day: int | None = None,
    closes: datetime | None = None,
    fix: Mapping[str, object] | None = None,
    hour: str | None = None,
) -> Confirmed:
    """Confirm one pending proposal (``ident`` as :func:`pending` names it), as it stands or
    corrected (an event's player, day, type, how and time; a day's opens, closes,
    accelerated and delayed; a thread's kind and day: ``fix`` holds all but player and
    day), signed ``by`` a director of the game: it is written into the game file (comments
    kept) and recorded as a ``confirm`` run in the store.  A 延时 takes the new close time
    the director gives (``closes``; a naive time is in the game's time zone): the day's
    ``closes`` from then on; a day's own ``closes`` is a correction.  The question the
    seed's missing hour asks takes ``hour`` (``"22:00"``).  Refused when it is no longer
    pending (already confirmed by another director, or corrected on the forum meanwhile).
    Read the game file again afterwards (:func:`open_game`): it is the record from then on."""
    from auditor.game.confirm import (
        ProposalError,
        Signature,
        corrected,
        delayed_to,
        find,
        next_day_moved,
        write_close_hour,
    )
    from auditor.game.discover import Discovery
    from auditor.ledger.decisions import default_signer

    game = open_game(game.path)  # the file as it is now: another director may have confirmed
    signer = default_signer(game, by)
    game = current(game, store)
    waiting = pending(game, store)
    found = find(waiting, ident)
    subjects = game.discovery.subjects if isinstance(game.discovery, Discovery) else {}
    if found.kind == "schedule":
        if not hour:
            raise ProposalError(f"{found.describe()}：请用 --hour 填写关门钟点（如 22:00）")
        run_id = store.start_run("confirm")
        try:
            write_close_hour(
                game.path, hour, Signature(signer, _signed_at(game, store)), found.source
            )
        except BaseException:
            store.finish_run(run_id, "failed", {"proposal": found.id})
            raise
        store.finish_run(run_id, "ok", {"proposal": found.id, "by": signer, "hour": hour})
        return Confirmed(found, signer, f"已确认 {found.id}：每天 {hour} 关门，已写进游戏文件")
    fix = dict(fix or {})
    next_opens = fix.pop("next_opens", None)  # a 延时's next day, moved with it
    if next_opens is not None and found.kind != "delay":
        raise ProposalError("只有延时的提议可以同时顺延下一天的开门时间")
    if found.kind != "delay" and closes is not None:
        fix["closes"] = closes  # a day's close corrected, not a 延时
        closes = None
    newcomer = _newcomer(found, fix)
    if player is not None:  # typed as a seat or a nickname (7号, 老鹅): the player
        player = names_written(game, [player])[0]
    fixed = corrected(found, game, player=player, day=day, others=waiting, fix=fix)
    if newcomer is not None:
        fixed = _substituted(fixed, *newcomer)
    # what it said before, without the question it asked (「方式是推断的」: answered now, fh45)
    was = replace(found, inferred=False).describe(subjects) if fixed is not found else ""
    # a 延时's new close: what it asks, not a correction; the next day moved with it
    moved_to = next_opens if isinstance(next_opens, datetime) else None
    fixed = delayed_to(fixed, game, closes, moved_to)
    moved = next_day_moved(fixed, game, moved_to) if found.kind == "delay" else None
    before = _days_before(game, fixed, waiting)
    items = [fixed] if moved is None else [fixed, moved]
    done = _write_signed(game, store, items, signer, was, subjects, found.id, before=before)
    done = _silent_newcomer(done, store)
    if found.kind == "event" and fix.get("type"):
        done = replace(done, message=done.message + _retired(game, store, found.id, signer))
    return done


def _retired(game: Game, store: Store, ident: str, signer: str) -> str:
    """An event proposal confirmed as another kind (出局 → 吹笛) is answered: the proposal
    as it was read is retired (「不对，不要」, signed) so that neither ``auditor game`` nor
    the desk's 「全部确认」 writes it again (fh49 小鹿's 芋圓, confirmed 吹笛, stayed 「出局」 —
    the desk retired it since session 49, ``auditor game --confirm`` now too).  Returns what
    is said of it (nothing when it is gone: confirmed as its own kind)."""
    key = ident.split("「", 1)[0].strip().upper()
    if key in store.state.rejected:
        return ""
    try:
        said = reject(open_game(game.path), store, key, by=signer)
    except AuditorError:
        return ""  # (no longer pending: the confirmation's own event is it)
    return f"；原来读成的「{said.split('：已答', 1)[0]}」已去掉，不再询问"


def accept_suggestion(game: Game, store: Store, pid: int, *, by: str | None) -> str:
    """Count a void vote as the player its notice suggested (「“7号 夏天”不是玩家，是否想投：
    夏天？」, fh47c): :func:`correct_vote` with that target, signed ``by`` a director.
    Refused when the last check has no such ballot or no suggestion for it, or the ballot
    has a problem no target mends (:data:`STANDING`)."""
    from auditor.game.confirm import ProposalError

    rows = [b for b in last_ballots(store) if b.get("pid") == pid]
    suggested = next((str(b["suggestion"]) for b in rows if b.get("suggestion")), "")
    if not suggested:
        raise ProposalError(
            f"帖子 pid {pid} 没有“是否想投”的提示：请先审计，或直接写 [[correction]]"
        )
    return correct_vote(game, store, pid, target=suggested, by=by)


# A ballot's problems no target mends (M107 投票规则: after the close, a change in the last
# hour, a second change, a change on an accelerated day; a voter out or not playing): a
# director's 「算这一票」 is refused for them (fh47c item 4: a target erased KK's late change).
STANDING = frozenset(
    {
        "after_close",
        "proxy_late",
        "late_change",
        "second_change",
        "accelerated_change",
        "unquoted_change",
        "voter_eliminated",
        "voter_not_player",
        "voter_idiot",
    }
)


def correct_vote(
    game: Game,
    store: Store,
    pid: int,
    *,
    target: str | None,
    by: str | None,
    not_vote: bool = False,
) -> str:
    """Count a ballot of the last check as ``target`` (a player as the director writes him:
    a seat, a nickname, a name, or 弃权), or with ``target`` None void it (作废): a signed
    ``[[correction]]`` appended to the game file (fh47c: 阿宁 wrote 17 by hand).  The
    desk's 「算这一票：投 X」 / 「作废」 and ``auditor correct-vote`` run it.
    ``not_vote``: the post is no ballot at all (老金, fh48: the director's own result table
    read as ballots) — not counted and no invalid vote either (``invalid`` with the
    problem 导演判定, never a finding), written 「不是票」, not 「作废」 against his post.
    A target keeps the ballot's other problems (a last-hour change, a vote after the
    close): the vote book's to keep (M107 投票规则)."""
    from auditor.game.confirm import ProposalError
    from auditor.ledger.decisions import default_signer
    from auditor.rules.votebook.model import PROBLEM_TEXT

    game = open_game(game.path)
    signer = default_signer(game, by)
    if any(c.pid == pid for c in game.corrections):
        raise ProposalError(f"游戏文件里已经有 pid {pid} 的更正记录：请直接改那一条")
    rows = [b for b in last_ballots(store) if b.get("pid") == pid]
    if not rows:
        raise ProposalError(f"上次审计没有 pid {pid} 的投票：请先审计")
    kept = next((str(b["problem"]) for b in rows if b.get("problem") in STANDING), "")
    if target is not None and kept:
        raise ProposalError(
            f"pid {pid} 的票“{PROBLEM_TEXT[kept]}”，改投票对象也不算：要记下就点「作废」"
        )
    said = f"{signer} 于 {_signed_at(game, store).strftime('%Y-%m-%d %H:%M')} 确认"
    if target is None and not_vote:
        block = (
            f"\n[[correction]] # 不是票；{said}\npid = {pid}\ninvalid = true\n"
            'note = "导演在审计台确认：这个帖子不是票"\n'
        )
        done = f"已记下：pid {pid} 不是票（不计票，也不算无效票）"
    elif target is None:
        block = (
            f"\n[[correction]] # 作废；{said}\npid = {pid}\ninvalid = true\n"
            'note = "导演在审计台作废了这一票"\n'
        )
        done = f"已记下：pid {pid} 的票作废"
    else:
        name = "弃权" if target.strip() == "弃权" else names_written(game, [target])[0]
        if name != "弃权" and name not in game.players:
            raise ProposalError(
                f"{target} 不是这局的玩家（游戏文件 [players]：{'、'.join(game.players)}）"
            )
        quoted = json.dumps(name, ensure_ascii=False)
        block = (
            f"\n[[correction]] # 按 {name} 计；{said}\npid = {pid}\ntarget = {quoted}\n"
            f'note = "导演确认：这一票投的是 {name}"\n'
        )
        done = f"已记下：pid {pid} 的票按 {name} 计"
    text = game.path.read_text("utf-8")
    write_atomic(game.path, text.rstrip("\n") + "\n" + block, check=_loads)
    return f"{done}，已写进游戏文件（下次审计用上）"


def last_ballots(store: Store) -> list[Mapping[str, object]]:
    """The ballots of the last check, although a correction written since made its records
    stale (a director corrects several votes of one night before the next audit)."""
    from auditor.rules.engine import stored_records

    records = stored_records(store)
    return list(records.ballots) if records else []


def _loads(path: Path) -> None:
    """The file written loads as a game file (else nothing is replaced)."""
    load_game(path)


def _silent_newcomer(done: Confirmed, store: Store) -> Confirmed:
    """A confirmed 替补 whose own account has no post in the game: said with the result
    (:func:`~auditor.ledger.ledger.silent_substitute`: 蛋挞 typed for the forum's 蛋撻)."""
    from auditor.ledger.ledger import silent_substitute

    item = done.proposal.item
    if not isinstance(item, Event) or item.type is not EventType.SUBSTITUTE or not item.value:
        return done
    said = silent_substitute(item.player, item.value, set(store.author_names()))
    return replace(done, message=f"{done.message}。注意：{said}") if said else done


def _newcomer(found: Proposal, fix: dict[str, object]) -> tuple[str, bool] | None:
    """A 替补's newcomer as the director names him (``fix``'s ``newcomer``, taken out of it)
    and whether he plays on his own account (``account`` = ``own``): None when not named."""
    from auditor.game.confirm import ProposalError

    name = str(fix.pop("newcomer", "") or "").strip()
    own = str(fix.pop("account", "") or "").strip() == "own"
    item = found.item
    if not name:
        if own:
            raise ProposalError("用他自己的帐号替补：请写上替补的人的帐号名")
        return None
    if not isinstance(item, Event) or item.type is not EventType.SUBSTITUTE:
        raise ProposalError("只有替补的提议可以写替补的人")
    return name, own


def _substituted(p: Proposal, name: str, own: bool) -> Proposal:
    """The 替补 with its newcomer: on his own account, the event's ``value`` (the account that
    plays the seat from then on); on the seat's account (M39: 替补获得该帐号), ``value`` stays
    empty and his name is written beside the event (its comment in the game file)."""
    item = p.item
    assert isinstance(item, Event)
    account = f"用自己的帐号 {name}" if own else f"用 {item.player} 的帐号"
    said = f"替补的人：{name}，{account}"
    base = replace(p, text="").describe()
    if own:
        return replace(p, item=replace(item, value=name), text=f"{base}（{said}）")
    new = replace(item, value=None)
    return replace(p, item=new, source=f"{p.source}；{said}", text=f"{base}（{said}）")


def add(
    game: Game, store: Store, kind: str, values: Mapping[str, object], *, by: str | None
) -> Confirmed:
    """Add a day or an event the forum did not give (``auditor game --add``), signed ``by``
    a director, written into the game file at once.  A day comes with the discovered days
    before it that the file does not state yet (the file's days run from 1)."""
    from auditor.game.confirm import added
    from auditor.game.discover import Discovery
    from auditor.ledger.decisions import default_signer

    game = open_game(game.path)
    signer = default_signer(game, by)
    game = current(game, store)
    said = dict(values)  # (a 替补's newcomer and his account: taken out, written as confirm does)
    if isinstance(said.get("player"), str):  # typed as a seat or a nickname: the player
        said["player"] = names_written(game, [str(said["player"])])[0]
    new = added(kind, game, said)
    newcomer = _newcomer(new, said)
    if newcomer is not None:
        new = _substituted(new, *newcomer)
    items = [new]
    if isinstance(new.item, DaySpec) and isinstance(game.discovery, Discovery):
        base = game.discovery.base or game
        stated = {d.number for d in base.days}
        earlier = [
            p
            for p in pending(game, store)
            if p.kind == "day"
            and isinstance(p.item, DaySpec)
            and p.item.number < new.item.number
            and p.item.number not in stated
        ]
        items = sorted(earlier, key=lambda p: p.item.number) + items  # type: ignore[union-attr]
    subjects = game.discovery.subjects if isinstance(game.discovery, Discovery) else {}
    return _silent_newcomer(_write_signed(game, store, items, signer, "", subjects, new.id), store)


def _write_signed(
    game: Game,
    store: Store,
    items: list[Proposal],
    signer: str,
    was: str,
    subjects: dict[int, str],
    ident: str,
    *,
    before: Sequence[Proposal] = (),
) -> Confirmed:
    """Write ``before`` (confirmed as they stand) and ``items`` (the last: the one the
    director confirmed or added) into the game file in one write, signed, recorded as a
    ``confirm`` run."""
    from auditor.game.confirm import Signature, write_proposals

    fixed = items[-1]
    now = _signed_at(game, store)
    signed = [Signature(signer, now)] * len(before) + [Signature(signer, now, was)] * len(items)
    run_id = store.start_run("confirm")
    try:  # (one write: the days before and the item, or nothing)
        write_proposals(game.path, [*before, *items], subjects=subjects, signatures=signed)
    except BaseException:
        store.finish_run(run_id, "failed", {"proposal": ident})
        raise
    # what was written, in the file's words: a tally's proposal's own line asks a question
    # (「还没有和导演的公示帖对上…请先处理这些帖子」) the confirmation has answered (fh45)
    what = "；".join(
        (replace(p, text="") if p.source == "计票" else p).describe(subjects) for p in items
    )
    first = "；".join(f"{p.describe(subjects)}（{p.id}）" for p in before)
    store.finish_run(
        run_id,
        "ok",
        {"proposal": ident, "by": signer, "kind": fixed.kind, "wrote": what, "was": was}
        | ({"before": first} if first else {}),
    )
    verb = (
        "已补上" if fixed.source.split("；")[0] == "导演补充" else "已确认"
    )  # (替补的人 after ；)
    message = f"{verb} {ident}：{what}" + (f"（原为：{was}）" if was else "")
    if first:
        message = f"游戏文件里的天要从第1天起连续，所以先照原样确认了：{first}。{message}"
    return Confirmed(fixed, signer, message + "，已写进游戏文件")


def _days_before(game: Game, p: Proposal, waiting: list[Proposal]) -> list[Proposal]:
    """A game file states its days from day 1 on: a discovered day is confirmed with the
    discovered days before it the file does not state yet, as they stand, in the same
    write (a crash between two days would leave half a confirmation)."""
    from auditor.game.discover import Discovery

    if not isinstance(p.item, DaySpec) or not isinstance(game.discovery, Discovery):
        return []
    base = game.discovery.base or game
    stated = {d.number for d in base.days}
    if p.item.number in stated:
        return []
    earlier = [
        q
        for q in waiting
        if q.kind == "day"
        and isinstance(q.item, DaySpec)
        and q.item.number < p.item.number
        and q.item.number not in stated
    ]
    return sorted(earlier, key=lambda q: q.item.number)  # type: ignore[union-attr]


def state_problems(game: Game, store: Store, waiting: list[Proposal] | None = None) -> list[str]:
    """What the game's state lacks now (:func:`auditor.game.state.state_problems`), with the
    tally outcomes (``waiting``: :func:`pending`, read when not given) as the fallback
    result of a closed day."""
    from auditor.game.confirm import day_of
    from auditor.game.state import state_problems as problems
    from auditor.report.labels import set_aside_votes

    game = current(game, store)
    if game.discovery is None:
        return []
    waiting = pending(game, store) if waiting is None else waiting
    tallied = [day_of(p, game.days) for p in waiting if p.source == "计票"]
    answers = store.state.rejected  # 无人出局 / 还没关门: the day's result, as he says it
    tallied += [
        day_of(p, game.days)
        for p in pending(game, store, rejected=True)
        if answers.get(p.id, {}).get("answer") in ("no_one_out", "not_closed")
    ]
    now = game_now(game, store) or _forum_now(game)
    return problems(game, now, tallied) + set_aside_votes(game)


#: A director's answers to a listed 未读懂的公告, each clearing it from the list for as long
#: as the post says the same: 不是公告 (no announcement at all), or 读对了 / 已处理 (his own
#: result post the tool partly read: what it holds is in the game already).
DISMISS_ANSWERS = {"not_announcement": "不是公告", "handled": "读对了 / 已处理"}


def dismiss(
    game: Game,
    store: Store,
    pid: int,
    *,
    by: str | None,
    note: str = "",
    answer: str = "not_announcement",
) -> str:
    """Answer a listed 未读懂的公告, signed ``by`` a director of the game (as a decision is):
    ``answer`` is ``not_announcement`` (不是公告) or ``handled`` (读对了 / 已处理: a result
    post the tool partly read, whose content the game already holds).  Either is kept in
    the store (the check state's ``dismissed:<pid>``, with its ``answer``) for as long as
    the post says the same, recorded as a ``dismiss`` run.  Refused for a post that is not
    listed."""
    from auditor.game.confirm import ProposalError
    from auditor.ledger.decisions import default_signer

    signer = default_signer(game, by)
    game = current(game, store)
    listed = {u.pid: u for u in getattr(game.discovery, "unread", [])}
    if pid not in listed:
        raise ProposalError(
            f"pid {pid} 不在未读懂的公告里（auditor game 列出的才能标为不是公告；已标过的不再列出）"
        )
    if answer not in DISMISS_ANSWERS:
        raise ProposalError(f"回答看不懂：{answer}（可以是 {'、'.join(DISMISS_ANSWERS)}）")
    at = _signed_at(game, store).strftime("%Y-%m-%d %H:%M")
    value = {"by": signer, "at": at, "note": note, "digest": listed[pid].digest}
    value["answer"] = answer
    run_id = store.start_run("dismiss")
    store.state.dismiss(pid, value)
    store.finish_run(run_id, "ok", {"pid": pid, "by": signer, "note": note, "answer": answer})
    return f"pid {pid} 已标为{DISMISS_ANSWERS[answer]}（{signer} 于 {at}），以后不再列出"


def answer_quiet(
    game: Game,
    store: Store,
    player: str,
    day: int,
    answer: str,
    *,
    by: str | None,
    note: str = "",
    at: datetime | None = None,
    how: str | None = None,
) -> str:
    """Answer the quiet-player question (:mod:`auditor.game.evidence`: 「X 自第N天起没有发言：
    出局了？请假？潜水？」), signed ``by`` a director of the game — the desk's buttons and
    ``auditor game --quiet X --day N --answer …``.  ``answer``: ``out`` (出局了: his death
    written into the game file as :func:`add` does, at ``at`` — default day N's opening, a
    death found that morning — and ``how``, default 夜晚), ``leave`` (请假: a leave covering
    day N written into the game file), ``lurk`` / ``here`` (潜水 / 在场: 不再问, kept in the
    store under the silence, recorded as a ``quiet`` run; a new silence is asked again).
    Refused for a question not asked now."""
    from auditor.game.confirm import ProposalError, Signature, write_leave
    from auditor.ledger.decisions import default_signer

    signer = default_signer(game, by)
    kind = evidence.answer_of(answer)
    if kind is None:
        words = "、".join(evidence.QUIET_ANSWERS.values())
        raise ProposalError(f"回答看不懂：{answer}（可以是 {words}）")
    cur = current(game, store)
    now = game_now(game, store) or _forum_now(game)
    named = names_written(cur, [player])[0] if player else player
    asked = {(q.player, q.day): q for q in evidence.asked_quiet(cur, store, now)}
    quiet = asked.get((named, day))
    if quiet is None:
        said = "、".join(f"{p}（第{d}天起）" for p, d in asked) or "没有"
        raise ProposalError(
            f"没有在问 {named} 自第{day}天起没有发言（现在问的：{said}）：已经答过，或他又发言了"
        )
    spec = next(d for d in cur.days if d.number == day)
    if kind == "out":
        values: dict[str, object] = {"type": "eliminated", "player": named}
        values |= {"at": at or spec.opens, "how": how or "night"}
        return add(game, store, "event", values, by=signer).message
    signed_at = _signed_at(game, store)
    if kind == "leave":
        write_leave(game.path, named, spec.opens, spec.closes, Signature(signer, signed_at))
        f = "%m-%d %H:%M"
        return (
            f"已写进游戏文件：请假：{named}（{spec.opens:{f}} 至 {spec.closes:{f}}，第{day}天），"
            f"{signer} 于 {signed_at:%Y-%m-%d %H:%M} 签名"
        )
    stamp = signed_at.strftime("%Y-%m-%d %H:%M")
    word = evidence.QUIET_ANSWERS[kind]
    run_id = store.start_run("quiet")
    evidence.keep_answer(store, quiet, {"answer": kind, "by": signer, "at": stamp, "note": note})
    store.finish_run(run_id, "ok", {"player": named, "day": day, "answer": kind, "by": signer})
    return (
        f"{named} 自第{day}天起没有发言：已答「{word}」（{signer} 于 {stamp}），这次沉默不再问；"
        "他再发言后又不说话，会再问"
    )


@dataclass(slots=True)
class AuditResult:
    new_posts: int = 0
    changed_posts: int = 0
    deleted_posts: int = 0
    incomplete_days: tuple[int, ...] = ()  # lurking/votes not judged: threads not fully read
    new_drafts: int = 0
    pending: int = 0  # drafts that would be a card
    other_pending: int = 0  # drafts suggesting 不处罚 / 提醒导演: counted apart
    held: int = 0  # of ``pending``, those waiting on their day's open questions (ledger.held)
    findings: int = 0
    problems: list[str] = field(default_factory=list)
    # the game file disagrees with the tally or forces a source a rule cannot read
    notices: list[str] = field(default_factory=list)
    report: Path | None = None
    report_unchanged: bool = False  # nothing changed: the last report stands (marked checked)
    crawl: dict[str, Any] = field(default_factory=dict)
    proposals: list[str] = field(default_factory=list)  # tally outcomes no one announced
    # what the game's state lacks (auditor.game.state): said first; exit STATE_EXIT
    state: list[str] = field(default_factory=list)
    # pending drafts this run's check withdrew (no longer found, not decided): each as
    # "title（player，第N天）：why" — 待处理 7 → 4 said nothing of the three
    withdrawn: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """The crawl read everything (the game's state may still be incomplete: ``state``)."""
        return not self.problems

    def summary(self) -> dict[str, object]:
        """What the runs table keeps of an audit."""
        return {
            "new_posts": self.new_posts,
            "changed_posts": self.changed_posts,
            "findings": self.findings,
            "new_drafts": self.new_drafts,
            "pending": self.pending,
            "other_pending": self.other_pending,
            "problems": self.problems,
            "notices": self.notices + self.state,
            "report": str(self.report),
            "crawl": self.crawl,
            "withdrawn": self.withdrawn,
        }

    def line(self) -> str:
        where = f"报告：{self.report / 'report.html'}" if self.report else "没有写出报告"
        if self.report and self.report_unchanged:
            where = f"没有变化，沿用上次的报告：{self.report / 'report.html'}"
        other = f"，不处罚/提醒导演 {self.other_pending}" if self.other_pending else ""
        if self.held:
            other = f"（其中 {self.held} 条等问题答完）{other}"
        changes = ""
        if self.changed_posts or self.deleted_posts:
            changes = f"，被修改 {self.changed_posts}，被删除 {self.deleted_posts}"
        held = ""
        if self.incomplete_days:
            days = "、".join(f"第{d}天" for d in self.incomplete_days)
            held = f"；{days}的帖子没有抓全，潜水和投票暂不判定"
        notices = ""
        if self.notices:
            notices = f"；注意（{len(self.notices)}）：" + "；".join(self.notices)
        proposed = ""
        if self.proposals:
            proposed = f"；待导演确认的提议 {len(self.proposals)} 项（auditor game 查看）"
        first = state_line(self.state)
        withdrawn = ""
        if self.withdrawn:
            withdrawn = f"，撤回 {len(self.withdrawn)} 条（{withdrawn_words(self.withdrawn)}）"
        return (
            f"{first}审计完成：新帖 {self.new_posts}{changes}，新草稿 {self.new_drafts}，"
            f"待处理 {self.pending}{other}{withdrawn}，问题 {len(self.problems)}{held}{notices}"
            f"{proposed}。{where}"
        )


def state_line(state: Sequence[str]) -> str:
    """What the game's state lacks, as the audit line says it first (and the views of the
    last check's records, ``votes``, ``findings``, ``status``, before their output); ""
    when nothing."""
    if not state:
        return ""
    return f"游戏状态不完整（{len(state)}）：" + "；".join(state) + "。"


def audit(
    game: Game | Path,
    *,
    full: bool = False,
    reports: Path = Path("reports"),
    crawl: bool = True,
    progress: ProgressFn | None = None,
    on_crawled: Callable[[CrawlReport], None] | None = None,
    stage: Callable[[str], None] | None = None,
    workbook: bool = False,
    new_store: bool = False,
    now: datetime | None = None,
) -> AuditResult:
    """The whole nightly run: crawl → check → ledger → report under one run lock.

    "Now" is ``now`` (``--now``), else for a ``pages`` game its newest saved page's time
    (:func:`audit_clock`), else the machine's clock; the report's header names it.

    A bad game file fails before any network traffic.  ``crawl=False`` checks and reports
    what the store holds (refused on a game never crawled).  ``on_crawled`` sees the crawl's
    report as soon as the crawl ends (the CLI prints its problems then).  The run is recorded
    as an ``audit`` run; a page error the crawl did not collect becomes a problem and the
    report is still written.  ``stage`` hears each stage as it starts (``crawl``, ``check``,
    ``report``), ``progress`` each page the crawl reads (the desk shows both).
    ``workbook`` adds report.xlsx beside the CSVs (off by default: pandas and openpyxl are
    imported only then, and take seconds to load).  Raises
    AuditorError subclasses for the caller to map to exit codes.

    A night with nothing new (see :func:`_quiet_night`) neither runs a rule nor builds the
    ledger: it says what the last night said and marks the last report as checked."""
    if isinstance(game, Path):
        game = open_game(game, rules=False)
    if not game.store.exists():  # a first night: no store is made for a bad rule set
        from auditor.rules.engine import ruleset_for

        ruleset_for(game)
        same_store(game, None, reports, new_store=new_store)
        refuse_other_store(game, new_store=new_store)  # (a renamed game file)
    result = AuditResult()
    say = stage or _silent
    # One run lock from the start to the end: no other run slips in between crawl and check.
    # Decisions do not take it; they are re-read just before the ledger and report.
    with open_store(game, lock=True, new_store=new_store) as store:
        same_store(game, store, reports, new_store=new_store)
        night = store.state.night
        if night.get("rules") != _rules_inputs(game):  # (resolved once per process)
            from auditor.rules.engine import ruleset_for

            ruleset_for(game)  # every mistake in the rule set before the crawl
        if crawl:
            say("crawl")
            _crawl_into(game, store, result, full=full, progress=progress, on_crawled=on_crawled)
        else:
            require_crawled(game, store)
        clock, said = audit_clock(game, store, now)
        token = _CLOCK.set(clock)
        try:
            _audit_checked(
                game,
                store,
                result,
                crawl=crawl,
                full=full,
                night=night,
                reports=reports,
                say=say,
                workbook=workbook,
                clock=said,
            )
        finally:
            _CLOCK.reset(token)
        # The whole file read once a night (a damage is recorded: the next command refuses).
        store.verify()
    return result


def _crawl_into(
    game: Game,
    store: Store,
    result: AuditResult,
    *,
    full: bool,
    progress: ProgressFn | None,
    on_crawled: Callable[[CrawlReport], None] | None,
) -> None:
    """The night's crawl, its counts and problems into ``result``; a page error the crawl
    did not collect becomes a problem (the report is still written)."""
    from auditor.forum.crawl import CrawlProblem, CrawlReport

    try:
        crawled = _crawl_stage(game, store, full=full, progress=progress)
    except PageError as exc:
        crawled = CrawlReport()
        crawled.problems.append(CrawlProblem(exc.kind, exc.url, str(exc)))
    result.new_posts, result.changed_posts = crawled.new_posts, crawled.changed_posts
    result.deleted_posts = len(crawled.deleted)
    result.problems = [p.message for p in crawled.problems]
    result.crawl = crawled.as_dict()
    if on_crawled is not None:
        on_crawled(crawled)


def _audit_checked(
    game: Game,
    store: Store,
    result: AuditResult,
    *,
    crawl: bool,
    full: bool,
    night: Night,
    reports: Path,
    say: Callable[[str], None],
    workbook: bool,
    clock: str,
) -> None:
    """:func:`audit` after the crawl: check, ledger and report, as one ``audit`` run."""
    game = current(game, store, keep=True, fresh=full)  # tonight's threads, days, events
    run_id = store.start_run("audit")
    try:
        say("check")
        run_info: dict[str, object] = {"problems": result.problems} if crawl else {}
        run_info["clock"] = CLOCK_SAID[clock]
        if full or not _quiet_night(game, store, result, night, run_info, reports, workbook):
            _judge_and_report(
                game,
                store,
                result,
                run_id=run_id,
                full=full,
                reports=reports,
                run_info=run_info,
                say=say,
                workbook=workbook,
            )
    except BaseException as exc:
        status = "interrupted" if isinstance(exc, KeyboardInterrupt) else "failed"
        store.finish_run(run_id, status, {"problems": result.problems})
        raise
    store.finish_run(run_id, "ok" if result.ok else "incomplete", result.summary())


_crawl_stage = crawl  # ``audit``'s parameter named crawl shadows the stage


def _silent(stage: str) -> None:
    return None


def _quiet_night(
    game: Game,
    store: Store,
    result: AuditResult,
    night: Night,
    run_info: dict[str, Any],
    reports: Path,
    workbook: bool,
) -> bool:
    """A night with nothing new: fill ``result`` from what the last night that ran the
    check said, mark its report as checked, and return True, when the check, the ledger and
    the report would all come out as they did then: the same game file, rule set, data and
    version; no post new, edited or deleted since that check, no thread left incomplete, no
    day or phase opened or closed since; the same decisions and manual cards, the same crawl
    problems and the same report folder (the conditions under which the engine skips every
    rule and the report is not rewritten, tested without loading either).  Else False:
    the full path runs."""
    from auditor.report.write import latest_dir, mark_checked

    if not night or "report_key" not in night:
        return False
    state = store.check_state()
    rules = _rules_inputs(game)
    if night.get("rules") != rules or night.get("inputs") != _inputs(game, rules):
        return False
    if night.get("config") != state.config or state.checked_at is None:
        return False
    if state.incomplete_tids or state.pending_days:
        return False
    if state.side_changed:
        return False  # a new signature, avatar picture or posts-list item to judge
    now = _forum_now(game)
    if game.clock_changes(state.checked_at, now):
        return False
    key = _report_key(game, store, (), run_info, workbook)
    if key != night["report_key"] or key != state.report_key:
        return False
    last = latest_dir(reports, game.slug)
    if last is None or str(last) != state.report_dir:
        return False
    if not store.posts_as_checked():
        return False
    if not mark_checked(last, now):
        return False
    if _report_key(game, store, (), run_info, workbook) != key:
        return False  # a decision came in meanwhile: the full path writes a report with it
    result.findings = int(night["findings"])
    result.pending, result.other_pending = int(night["pending"]), int(night["other_pending"])
    result.proposals = list(night["proposals"])
    result.report, result.report_unchanged = last, True
    result.notices = list(state.report_notices)
    result.state = list(state.report_state)
    if result.state or result.proposals:  # (a complete state holds nothing: no ledger read)
        from auditor.ledger.ledger import load_ledger

        result.held = held_pending(game, store, load_ledger(game, store))
    return True


def withdrawn_drafts(
    game: Game, store: Store, before: set[str], led: Ledger, ruleset: RuleSet
) -> list[str]:
    """The drafts pending before this run's check (``before``) that are neither pending
    nor decided after it: withdrawn by the check, each said with its rule's title, player,
    day and why (the post deleted, the post edited, else judged again and no longer
    found)."""
    import auditor.rules.engine as engine  # (the check's layer: loaded by then)

    gone = before - {d.fingerprint for d in led.drafts} - {x.fingerprint for x in led.decided}
    if not gone:
        return []
    deleted = store.deleted_posts()
    out: list[str] = []
    for fp in sorted(gone):
        row = store.finding(fp)
        if row is None:
            continue
        rule = engine.REGISTRY.get(row.code)
        title = rule.title if rule else row.code
        day = f" 第{row.day}天" if row.day is not None else ""
        floor = f" #{row.floor}" if row.floor is not None else ""
        if row.code not in ruleset.rules:
            why = "这条规则已在游戏文件或规则集里关闭"
        elif row.pid is not None and row.pid in deleted:
            why = f"帖子{floor}已删除"
        elif row.pid is not None and len(store.versions(row.pid, game.timezone)) > 1:
            why = f"帖子{floor}改过了，改后不再违规"
        else:
            why = "重新检查后不再成立（新的帖子、确认的天或事件、或规则设置改变了判断）"
        out.append(f"{row.player} {title}{day}：{why}")
    return out


def _write_report_settled(
    game: Game,
    store: Store,
    result: AuditResult,
    *,
    ruleset: RuleSet,
    records: CheckRecords | None,
    before: set[str],
    previous: CheckState,
    keyed: tuple[tuple[int, ...], dict[str, object], bool],
    reports: Path,
    unchanged_ok: bool,
) -> str:
    """Read the ledger and write the report (or mark the last one checked) until no
    decision came in while it was written; returns the report key it stands for."""
    from auditor.ledger.ledger import load_ledger
    from auditor.report.records import build_records
    from auditor.report.write import latest_dir, mark_checked, write_report

    incomplete_days, run_info, workbook = keyed
    key = ""
    for _attempt in range(REPORT_ATTEMPTS):
        key = _report_key(game, store, incomplete_days, run_info, workbook)
        led = load_ledger(game, store, ruleset)
        result.new_drafts = sum(1 for d in led.drafts if d.fingerprint not in before)
        result.withdrawn = withdrawn_drafts(game, store, before, led, ruleset)
        result.pending, result.other_pending = led.pending, led.other_pending
        result.held = held_pending(game, store, led)
        last = latest_dir(reports, game.slug)
        if (
            unchanged_ok
            and previous.report_key == key
            and last is not None
            and str(last) == previous.report_dir
            and mark_checked(last, _forum_now(game))
        ):
            # Nothing the report shows has changed: the last report stands, marked as
            # checked now.
            result.report, result.report_unchanged = last, True
            result.notices = list(previous.report_notices)
            result.state = list(previous.report_state)
        else:
            recs = build_records(
                game,
                store,
                ruleset=ruleset,
                run=run_info,
                ledger=led,
                records=records,
                now=_CLOCK.get(),
            )
            written = write_report(
                recs, reports, when=_forum_now(game), workbook=workbook
            ).directory
            result.report, result.report_unchanged = written, False
            result.notices = list(recs.notices)
            store.state.report_key = key
            store.state.report_dir = str(written.resolve())
            store.state.report_notices = result.notices
            result.state = list(recs.game_state.get("problems", []))
            store.state.report_state = result.state
        if _report_key(game, store, incomplete_days, run_info, workbook) == key:
            break
        unchanged_ok = False  # a decision came in meanwhile: write the report again
    return key


def _judge_and_report(
    game: Game,
    store: Store,
    result: AuditResult,
    *,
    run_id: int,
    full: bool,
    reports: Path,
    run_info: dict[str, Any],
    say: Callable[[str], None] = _silent,
    workbook: bool = False,
) -> None:
    import auditor.rules.engine as engine
    from auditor.ledger.ledger import load_ledger
    from auditor.rules.records import derive as derive_records

    rules = _rules_inputs(game)  # read before the check: what it is checked with
    inputs = _inputs(game, rules)
    before = {d.fingerprint for d in load_ledger(game, store).drafts}
    # Nightly: re-check only what changed since the last check (full: everything).
    # The crawl recorded which threads it could not read; the check reads that.
    checked = check(game, store, run_id=run_id, full=full, now=_CLOCK.get())
    # The check's records (stored ones when nothing changed since the last check): a game
    # that discovers its state shows its waiting proposals every night, no post loaded.
    checked_records = checked.records
    ruleset, incomplete_days, findings = checked.ruleset, checked.incomplete_days, checked.findings
    del checked  # its context (a full check's every post) is no part of the ledger or report
    game = without_counted_ballots(game, store)  # (tonight's 代发 ballots: read, not unread)
    game = without_agreeing_counts(game, store)  # (a result line the tally agrees with)
    proposed = checked_records.proposals if checked_records else engine.stored_proposals(store)
    if proposed is None:  # a store last checked by an older version
        checked_records = derive_records(engine.build_context(game, store))
        proposed = checked_records.proposals
    result.proposals = list(proposed)
    result.incomplete_days = incomplete_days
    result.findings = len(findings)
    previous = store.check_state()
    say("report")
    # Read now, after the long part: a decision made during the run is in the report.  The
    # key is taken before the ledger is read and again after the report is written: a
    # decision committed meanwhile (the desk, ``auditor decide``: no run lock) changes it,
    # and the ledger is read and the report written again, so the report this run leaves
    # holds every decision committed before its last read (the stored key never counts a
    # decision the report lacks: the next night rewrites it if one slips in after).
    key = _write_report_settled(
        game,
        store,
        result,
        ruleset=ruleset,
        records=checked_records,
        before=before,
        previous=previous,
        keyed=(incomplete_days, run_info, workbook),
        reports=reports,
        unchanged_ok=not full,
    )
    # What the next night needs to see that nothing is new (_quiet_night).
    night: Night = {
        "rules": rules,
        "inputs": inputs,
        "config": store.state.config,
        "report_key": key,
        "findings": result.findings,
        "pending": result.pending,
        "other_pending": result.other_pending,
        "proposals": result.proposals,
    }
    store.state.night = night


#: How many times a run reads the decisions and writes its report when decisions keep
#: arriving while it writes (each write takes a fraction of a second; after the last, the
#: stored key sends the next night to rewrite it).
REPORT_ATTEMPTS = 3


def _report_key(
    game: Game,
    store: Store,
    incomplete_days: tuple[int, ...],
    run_info: dict[str, Any],
    workbook: bool,
) -> str:
    """What a report shows depends on: the posts as last checked (the check's serial and the
    newest stored version), the findings' configuration, the decisions and manual cards,
    this run's problems, which days and phases have opened or closed, and the version."""
    state = store.check_state()
    newest_version, newest_decision, manual_cards = store.report_marks()
    now = _forum_now(game)
    passed = [
        t <= now
        for d in game.days
        for t in (d.opens, d.closes, *[x for ph in d.phases for x in (ph.opens, ph.closes)])
    ]
    parts = [
        __version__,
        state.config,
        None if state.serial is None else str(state.serial),  # (as the entry's text)
        newest_version,
        newest_decision,
        manual_cards,
        sorted(store.state.dismissed.items()),  # a post dismissed as 不是公告
        sorted(store.state.rejected.items()),  # a proposal rejected
        sorted(run_info.get("problems") or []),
        list(incomplete_days),
        passed,
        workbook,
    ]
    return hashlib.sha256(json.dumps(parts, default=str).encode()).hexdigest()


#: The clock an audit judges by (:func:`audit`): ``--now``, else a saved folder's newest
#: page; unset, the machine's.
_CLOCK: ContextVar[datetime | None] = ContextVar("auditor_clock", default=None)

#: What the report's header names each clock by.
CLOCK_SAID = {"now": "命令行 --now", "pages": "保存的页面里最新一页的时间", "": "当前时间"}


def audit_clock(game: Game, store: Store, now: datetime | None) -> tuple[datetime | None, str]:
    """The time an audit judges "now" by and where it comes from: ``now`` (``--now``); for a
    ``pages`` game the newest saved page's own time (its Discuz footer, else its file's
    time: a folder saved days ago is judged as it stood then); else None, the real clock."""
    if now is not None:
        return now.astimezone(game.timezone), "now"
    if game.forum.pages is not None:
        newest = store.newest_page_time()
        if newest is not None:
            return newest.astimezone(game.timezone), "pages"
    return None, ""


def game_now(game: Game, store: Store) -> datetime | None:
    """The time the game is judged at outside an audit too (the desk, ``auditor game``):
    an audit's own clock while it runs, else a ``pages`` game's newest saved page's time
    (:func:`audit_clock`), else None (the machine's clock)."""
    clock = _CLOCK.get()
    if clock is not None:
        return clock
    return audit_clock(game, store, None)[0]


def _clock_run(game: Game, store: Store) -> dict[str, str]:
    """The report's run info naming the clock a view outside an audit judges by."""
    if _CLOCK.get() is not None:
        return {"clock": CLOCK_SAID["now"]}
    return {"clock": CLOCK_SAID[audit_clock(game, store, None)[1]]}


def _signed_at(game: Game, store: Store) -> datetime:
    """When a director's answer is signed: on the clock the desk's top line names
    (「页面时间，签名也按它」: :func:`game_now`, a ``pages`` game's newest page), else the
    forum's time now — 阿德 (fh48c) found 「于 2026-12-07 17:46 确认」, the machine's."""
    return (game_now(game, store) or datetime.now(UTC)).astimezone(game.timezone)


def _forum_now(game: Game) -> datetime:
    # named in forum time (the cron machine may run in UTC); an audit's own clock while set
    clock = _CLOCK.get()
    return (clock or datetime.now(UTC)).astimezone(game.timezone)
