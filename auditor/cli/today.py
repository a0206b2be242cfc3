"""``auditor status`` from what the last check stored, and the note the views of the last
check's records print first when a crawl has stored posts since it.

A ``status`` without ``--now`` reads the one check-state entry the check wrote for the day
open at its time (:attr:`~auditor.store.state.StateEntries.status`): no post, no record and no rule
is loaded, so what it costs does not grow with the game (issue 36).  The entry is trusted
when the game file, rule set, version and data are the ones it was checked with (the same
:func:`~auditor.rules.inputs.config_inputs`, the configuration hash the check state holds)
and no day or phase opened or closed since the last check; else the command judges afresh.
When a crawl stored a post since that check, the records are older than the store: the
command says so first (:data:`STALE`) and shows them as they are.

:func:`fast_path` runs ``auditor status GAME [--format F]`` without typer, as
:mod:`auditor.cli.nightly` runs the nightly audit: only a command line it fully understands,
only when the stored entry can be trusted, and nothing done otherwise (typer then runs the
command, with its own messages for anything wrong).
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from auditor.cli.console import Format, emit, err, escape, print_line, tick, write_utf8
from auditor.errors import AuditorError
from auditor.game.gamefile import Game, hidden_name_warnings, load_game
from auditor.rules.inputs import config_inputs
from auditor.store import DatabaseError, Store, refuse_wrong_store

if TYPE_CHECKING:
    from auditor.rules.records import CheckRecords
    from auditor.rules.ruleset import RuleSet

#: What a view of the last check's records says first when a crawl has stored posts since.
STALE = "记录早于最近一次抓取：先运行 auditor check"

#: ``auditor status``'s output formats and machine columns.
STATUS_FORMATS = ("table", "bbcode", "csv", "json")
# voted: a valid vote; void: posted ballots, none of them valid (voted 0: 投票无效), with
# the problem of the last one
STATUS_COLUMNS = ["player", "posts", "min_posts", "below", "voted", "void", "problem"]


def note_stale(store: Store) -> None:
    """Say :data:`STALE` (on stderr) when a crawl stored posts since the last check."""
    say_stale(store.stored_since_check())


def say_stale(stale: bool) -> None:
    if stale:
        err.print(f"[yellow]注意：[/]{STALE}", highlight=False)


def recorded(game: Game, store: Store, ruleset: RuleSet) -> CheckRecords:
    """The records the last check stored (``auditor activity`` and ``votes``), after
    :data:`STALE` when a crawl stored posts since; derived afresh (no note: they are the
    store's) when none stored holds for this game file and rule set."""
    from auditor.report.records import checked_records
    from auditor.rules.engine import stored_records

    stored = stored_records(store, game, ruleset)
    if stored is None:
        return checked_records(game, store, ruleset, datetime.now(UTC))
    note_stale(store)
    return stored


@dataclass(frozen=True, slots=True)
class DayStatus:
    """The day open at ``now`` as ``auditor status`` shows it (day None: none is open)."""

    now: datetime
    day: int | None
    closes: datetime | None
    accelerated: bool
    rows: list[dict[str, object]]
    warning: str | None = None  # the game file's mobile-API warning, as the check said it


def stored_status(game: Game, store: Store, now: datetime) -> DayStatus | None:
    """The status the last check stored, when it is what judging afresh at ``now`` would
    say of the stored posts (see the module's docstring); None: judge afresh."""
    data = store.state.status
    if data is None:
        return None
    state = store.check_state()
    if data.get("config") != state.config or state.checked_at is None:
        return None
    if game.clock_changes(state.checked_at, now):
        return None
    if data.get("inputs") != config_inputs(game):
        return None
    rows = list(data.get("rows") or [])
    if any("void" not in r for r in rows):
        return None  # an entry of an older shape: it counted void ballots as votes
    closes = data.get("closes")
    return DayStatus(
        now,
        data.get("day"),
        datetime.fromisoformat(closes) if closes else None,
        bool(data.get("accelerated")),
        rows,
        data.get("warning"),
    )


def status_bbcode(day: int, rows: Sequence[Mapping[str, object]], closes: datetime) -> str:
    below = [f"{r['player']}（{r['posts']}帖）" for r in rows if r["below"]]
    novote = [str(r["player"]) for r in rows if not r["voted"] and not r.get("void")]
    void = [_with_problem(r) for r in rows if r.get("void")]
    lines = [f"[b]第{day}天提醒[/b]（{closes:%m-%d %H:%M} 关门）"]
    lines.append("发言不足：" + ("、".join(below) if below else "无"))
    lines.append("尚未投票：" + ("、".join(novote) if novote else "无"))
    if void:
        lines.append("投票无效：" + "、".join(void))
    lines.append("请尚未投票的玩家在关门前投票，发言不足的玩家抓紧发言。")
    return "\n".join(lines)


def _with_problem(row: Mapping[str, object]) -> str:
    """饺子（投票对象不是玩家）: a void voter with the problem of his ballot."""
    problem = row.get("problem")
    return f"{row['player']}（{problem}）" if problem else str(row["player"])


def print_status(st: DayStatus, fmt: str) -> None:
    """The status in ``fmt`` (one of :data:`STATUS_FORMATS`)."""
    if st.day is None or st.closes is None:
        # not an error: the game is between days, over or not started (exit 1 is
        # reserved for an incomplete crawl)
        print_line(f"现在（{st.now:%Y-%m-%d %H:%M}）没有正在进行的讨论日。")
        return
    if fmt == "bbcode":
        write_utf8(status_bbcode(st.day, st.rows, st.closes) + "\n")
        return
    if st.accelerated:
        err.print(f"第{st.day}天是加速日：发言不足或未投票不判罚。")
    if fmt == "table":  # 投票无效 in the 已投票 column (a ✓ there read as a valid vote)
        rows = [{**r, "voted": _void_text(r) if r.get("void") else r["voted"]} for r in st.rows]
        emit(
            rows,
            STATUS_COLUMNS[:-2],
            Format(fmt),
            title=f"第{st.day}天进度（{st.now:%m-%d %H:%M}）",
            headers=["玩家", "已发帖", "下限", "发言不足", "已投票"],
            # (a word, not a tick: a ✓ under 不足 read as "enough")
            shown={"below": lambda v: "不足" if v else "", "voted": _voted},
        )
        return
    emit([{"void": 0, "problem": "", **r} for r in st.rows], STATUS_COLUMNS, Format(fmt))


def _void_text(row: Mapping[str, object]) -> str:
    problem = row.get("problem")
    return f"投票无效（{problem}）" if problem else "投票无效"


def _voted(value: object) -> str:
    return value if isinstance(value, str) else tick(value)


# --------------------------------------------------------------------------- without typer


def parse(args: Sequence[str]) -> tuple[str, str] | None:
    """(GAME, format) of a ``status`` command line this module fully understands: GAME
    and at most one ``--format``/``-f`` with a valid value, nothing else (``--now``,
    ``--help``, a repeated or unknown option: typer's)."""
    if not args or args[0] != "status":
        return None
    game: str | None = None
    fmt: str | None = None
    rest = list(args[1:])
    while rest:
        token = rest.pop(0)
        if token.startswith("--format="):
            value: str | None = token.removeprefix("--format=")
        elif token in ("--format", "-f"):
            value = rest.pop(0) if rest else None
        elif token.startswith("-") or game is not None or not token:
            return None
        else:
            game = token
            continue
        if fmt is not None or value not in STATUS_FORMATS:
            return None
        fmt = value
    if game is None or not os.path.isfile(game) or not os.access(game, os.R_OK):
        return None
    return game, fmt or "table"


def judged_now(game: Game, store: Store) -> datetime:
    """The clock ``status`` judges by, as audit and report do (``pipeline.audit_clock``,
    without loading it here): a ``pages`` game's newest saved page, else the machine's."""
    newest = store.newest_page_time() if game.forum.pages is not None else None
    return (newest or datetime.now(UTC)).astimezone(game.timezone)


def _quick(path: str, fmt: str) -> bool:
    """The command from the stored status; False (nothing printed) when it cannot be."""
    try:
        game = load_game(path)
    except AuditorError:
        return False
    if game.discovers or not game.store.is_file():
        return False  # the forum's threads and days are read from the store: typer's path
    try:
        refuse_wrong_store(game)  # (another game's store: typer's command says so)
        with Store(game.store) as store:
            if not (store.post_count(include_deleted=True) or store.page_count()):
                return False
            st = stored_status(game, store, judged_now(game, store))
            if st is None:
                return False
            stale = store.stored_since_check()
    except (AuditorError, DatabaseError):
        return False
    for w in ([st.warning] if st.warning else []) + hidden_name_warnings(game):
        err.print(f"[yellow]注意：[/]{escape(w)}", highlight=False)
    say_stale(stale)
    print_status(st, fmt)
    return True


def fast_path(args: Sequence[str]) -> int | None:
    """Run ``auditor status`` without typer when :func:`parse` understands ``args`` and the
    last check's entry can be trusted: its exit code; None (nothing done) for typer."""
    if os.name == "nt" or any(k.endswith("_COMPLETE") for k in os.environ):
        return None  # typer expands Windows wildcards; shell completion is typer's
    parsed = parse(args)
    if parsed is None:
        return None
    try:
        return 0 if _quick(*parsed) else None
    except OSError as e:  # as typer's main: a closed pipe ends the run with 1
        if e.errno != errno.EPIPE:
            raise
        from auditor.cli.nightly import _Pacified

        sys.stdout = _Pacified(sys.stdout)
        sys.stderr = _Pacified(sys.stderr)
        return 1
