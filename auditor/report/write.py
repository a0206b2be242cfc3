"""Write a report directory atomically: ``reports/<game>/<run time>/`` with a ``latest``
pointer.

Everything is written into a hidden temporary directory next to the final one and then
renamed into place (one ``rename`` on one file system), so a reader never sees half a
report and a killed run leaves no half report behind; leftovers of a killed run are
removed by the next one (which holds the game's run lock).  ``latest`` is a symlink
replaced atomically; where symlinks fail (some Windows shares), ``latest.txt`` names the
newest directory instead.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import threading
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from pathlib import Path
from typing import TYPE_CHECKING

from auditor.errors import ReportFolderError
from auditor.files import WriteError, sync_folder, write_atomic, write_new
from auditor.tables import csv_file

if TYPE_CHECKING:
    from auditor.report.records import Records

# The views (jinja2's templates, the ledger's columns, pandas for the workbook) are
# imported by write_files: a night that only marks the last report as checked
# (mark_checked, latest_dir) loads none of them.

FILES = (
    "report.html",
    "activity.csv",
    "votes.csv",
    "tally.csv",
    "findings.csv",
    "ledger.csv",
    "announcement.bbcode",
)
# What a director's decision changes (its card, the findings' status, the standings, the
# announcement and its parts, the workbook): the files :func:`refresh_latest` replaces.
DECIDED_FILES = ("report.html", "findings.csv", "ledger.csv", "announcement.bbcode")
WORKBOOK = "report.xlsx"  # with ``workbook=True`` (``auditor report``, the desk)
SHEETS = ("activity", "votes", "tallies", "findings", "ledger")


@dataclass(frozen=True, slots=True)
class Written:
    directory: Path
    latest: Path


def run_dir_name(when: datetime) -> str:
    return when.strftime("%Y%m%d-%H%M%S")


def write_files(
    records: Records, directory: Path, *, workbook: bool = False, decided_only: bool = False
) -> None:
    """The report's files in ``directory``, a new folder no one reads yet (the hidden
    folder :func:`write_report` renames into place): each file written once and flushed
    to disk, the folder synced after the last (:func:`~auditor.files.write_new`; a file
    of its own replaced atomically and the folder synced after each cost a nightly run
    two syncs a file).  ``decided_only``: only the files a director's decision changes
    (:data:`DECIDED_FILES`, for :func:`refresh_latest`)."""
    from auditor.ledger.ledger import LEDGER_COLUMNS
    from auditor.report.bbcode import render_bbcode
    from auditor.report.drafts import posts_of
    from auditor.report.html import render_html
    from auditor.report.labels import SHEET_NAMES, headers, in_words
    from auditor.report.parts import DEFAULT_LIMIT, split_announcement
    from auditor.report.records import (
        ACTIVITY_CSV,
        FINDINGS_CSV,
        LEDGER_CSV,
        TALLY_CSV,
        VOTES_CSV,
        findings_in_words,
    )
    from auditor.rules.votebook import PROBLEM_TEXT

    directory.mkdir(parents=True, exist_ok=True)
    announcement = render_bbcode(records)
    write_new(directory / "report.html", render_html(records, posts_of(records, announcement)))
    assert LEDGER_CSV[: len(LEDGER_COLUMNS)] == LEDGER_COLUMNS
    # (for Excel and WPS: Chinese headers, cards and statuses in words)
    tables = [
        (name, columns, in_words(rows, PROBLEM_TEXT))
        for name, columns, rows in (
            ("activity", ACTIVITY_CSV, records.activity),
            ("votes", VOTES_CSV, records.votes),
            ("tally", TALLY_CSV, records.tally),
            ("findings", FINDINGS_CSV, findings_in_words(records.findings)),
            ("ledger", LEDGER_CSV, records.standings),
        )
    ]
    for name, columns, rows in tables:
        if not decided_only or f"{name}.csv" in DECIDED_FILES:
            write_new(directory / f"{name}.csv", csv_file(columns, rows, headers(columns)))
    write_new(directory / "announcement.bbcode", announcement)
    parts = split_announcement(announcement, int(records.game.get("maxpostsize", DEFAULT_LIMIT)))
    if len(parts) > 1:  # longer than Discuz!'s maxpostsize: one file per post, in order
        for i, part in enumerate(parts, start=1):
            write_new(directory / f"announcement-{i}.bbcode", part)
    if workbook:  # pandas + openpyxl take seconds to import: not for every nightly run
        from auditor.report.xlsx import write_workbook

        write_workbook(
            directory / WORKBOOK,
            [
                (SHEET_NAMES[sheet], columns, headers(columns), rows)
                for sheet, (_name, columns, rows) in zip(SHEETS, tables, strict=True)
            ],
            records.game.get("timezone"),
        )
    sync_folder(directory)


def write_report(
    records: Records, reports_dir: Path, *, when: datetime | None = None, workbook: bool = False
) -> Written:
    """Write ``records`` to ``reports_dir/<game>/<run time>/`` atomically; point ``latest`` at it.

    ``when`` names the directory, on the forum's clock whatever clock it is given in (the
    desk named its folders in the machine's UTC, the CLI in forum time: fh41 item 8).  A
    file-system error is a :class:`~auditor.files.WriteError` naming the path, in Chinese
    (exit code 2).
    """
    game_dir = Path(reports_dir) / records.game["slug"]
    tz = records.game.get("timezone")
    at = when or datetime.now(UTC)
    if at.tzinfo is not None:  # (a naive time is taken as the caller wrote it)
        at = at.astimezone(tz if isinstance(tz, tzinfo) else None)
    try:
        return _write_report(records, game_dir, at, workbook)
    except OSError as exc:
        raise WriteError(game_dir, exc) from None


def refresh_latest(records: Records, reports_dir: Path, *, workbook: bool = False) -> Written:
    """A director's decision in the newest report folder, not a new one (a nightly run makes
    its folder, DESIGN 10): the files the decision changes (:data:`DECIDED_FILES`, the
    announcement's parts, the workbook) are written into a hidden folder beside it, then
    each renamed over its old self (one ``rename`` each: a reader sees the old file or
    the new one, never half of one); the CSVs of activity, votes and tallies are left as
    they are.  With no report folder yet, a new one (:func:`write_report`)."""
    game_dir = Path(reports_dir) / records.game["slug"]
    last = latest_dir(reports_dir, records.game["slug"])
    if last is None or not (last / "report.html").is_file():
        return write_report(records, reports_dir, workbook=workbook)
    tmp = game_dir / f".tmp-refresh-{os.getpid()}-{threading.get_ident()}"
    try:
        write_files(records, tmp, workbook=workbook, decided_only=True)
        fresh = {f.name for f in tmp.iterdir()}
        for old in last.glob("announcement-*.bbcode"):  # parts the announcement no longer has
            if old.name not in fresh:
                old.unlink()
        for name in sorted(fresh, key=lambda n: n == "report.html"):  # the page last
            os.replace(tmp / name, last / name)
        sync_folder(last)
    except OSError as exc:
        raise WriteError(last, exc) from None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return Written(last, game_dir / "latest")


OWNER = ".store"  # in reports/<name>/: the store whose reports these are
FOLDER = ".folder"  # beside it: where that folder was when it was last written, and the
STORE_LINE = "store_id = "  # id of the store that wrote it (a line of its own)


def _folder_lines(game_dir: Path) -> tuple[str, str]:
    """What ``.folder`` records: the folder's path when last written and the store's id
    ("" for what it does not record: a folder written by an older version)."""
    try:
        lines = (game_dir / FOLDER).read_text(encoding="utf-8").splitlines()
    except (FileNotFoundError, NotADirectoryError):
        return "", ""
    ids = [line.removeprefix(STORE_LINE).strip() for line in lines if line.startswith(STORE_LINE)]
    return (lines[0].strip() if lines else ""), (ids[0] if ids else "")


def recorded_store_id(reports_dir: Path, slug: str, store: Path | None = None) -> str:
    """The id of the store whose reports ``reports_dir/<slug>`` holds ("" when none is
    recorded).  With ``store``: only when the folder is that path's by :data:`OWNER` (the
    store there then, or moved together with it): another game's folder is refused as such
    when a report is written."""
    game_dir = Path(reports_dir) / slug
    if store is not None:
        try:
            owner = (game_dir / OWNER).read_text(encoding="utf-8").strip()
        except (FileNotFoundError, NotADirectoryError):
            return ""
        mine = str(Path(store).resolve())
        if owner != mine and not _moved_together(game_dir, owner, mine):
            return ""
    return _folder_lines(game_dir)[1]


def _claim(game_dir: Path, store: str, store_id: str = "") -> None:
    """Record which store owns ``game_dir``, or refuse when another store does (two games
    whose files share a name would otherwise mix their reports and ``latest``).

    A game folder copied or moved whole (the store and its reports together) is no other
    game: the store stands where the recorded owner stood relative to the report folder
    (:func:`_moved_together`), so the folder is claimed for it."""
    owner_file = game_dir / OWNER
    try:
        owner = owner_file.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        owner = ""
    if owner and owner != store:
        if not _moved_together(game_dir, owner, store):
            raise ReportFolderError(str(game_dir), owner, store)
        write_atomic(owner_file, store + "\n")
    if not owner:
        tmp = game_dir / f".tmp-store-{os.getpid()}"
        write_atomic(tmp, store + "\n")
        try:  # link, not replace: of two first writers at once, one wins and the other checks
            os.link(tmp, owner_file)
        except FileExistsError:
            tmp.unlink()
            _claim(game_dir, store, store_id)
            return
        tmp.unlink()
    folder = f"{game_dir.resolve()}\n" + (f"{STORE_LINE}{store_id}\n" if store_id else "")
    try:
        recorded = (game_dir / FOLDER).read_text(encoding="utf-8")
    except FileNotFoundError:
        recorded = ""
    if recorded != folder:
        write_atomic(game_dir / FOLDER, folder)


def _moved_together(game_dir: Path, owner: str, store: str) -> bool:
    """Whether ``store`` is the recorded ``owner`` moved or copied along with its report
    folder: it stands where the owner stood relative to the folder.  The folder's own path
    as last written (:data:`FOLDER`) says where that was; a folder written before it was
    recorded is compared by the path below their common ancestor (the owner's path must end
    as the store's does from the folder's parent that holds both)."""
    here = game_dir.resolve()
    recorded = _folder_lines(game_dir)[0]
    relative = Path(os.path.relpath(store, here))
    if recorded:
        if recorded == str(here):
            return False  # the folder never moved: another game's store writes here
        return Path(os.path.relpath(owner, recorded)) == relative
    ups = sum(1 for part in relative.parts if part == "..")
    below = relative.parts[ups:]
    if ups == 0 or not below:
        return False
    return Path(owner).parts[-len(below) :] == below and len(Path(owner).parts) > len(below)


def _write_report(records: Records, game_dir: Path, when: datetime, workbook: bool) -> Written:
    game_dir.mkdir(parents=True, exist_ok=True)
    if records.game.get("store"):
        _claim(game_dir, str(records.game["store"]), str(records.game.get("store_id") or ""))
    sweep_leftovers(game_dir)
    name = run_dir_name(when)
    final = game_dir / name
    n = 1
    while final.exists():
        n += 1
        final = game_dir / f"{name}-{n}"
    tmp = game_dir / f".tmp-{final.name}-{os.getpid()}"
    try:
        write_files(records, tmp, workbook=workbook)
        os.rename(tmp, final)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    sync_folder(game_dir)  # the rename itself, on disk
    return Written(final, _point_latest(game_dir, final))


def _point_latest(game_dir: Path, final: Path) -> Path:
    link = game_dir / "latest"
    tmp_link = game_dir / f".tmp-latest-{os.getpid()}"
    try:
        if tmp_link.is_symlink() or tmp_link.exists():
            tmp_link.unlink()
        os.symlink(final.name, tmp_link, target_is_directory=True)
        os.replace(tmp_link, link)
        return link
    except OSError:
        if tmp_link.is_symlink():
            tmp_link.unlink()
        txt = game_dir / "latest.txt"
        write_atomic(txt, final.name + "\n")
        return txt


_CHECKED_AT = re.compile(r'(<span id="checked-at">)[^<]*(</span>)')
_CHECKED_AT_BYTES = re.compile(rb'(<span id="checked-at">)([^<]*)</span>')
_CHECKED_AT_WITHIN = 64 * 1024  # the line is in the page's header, after the styles


def sweep_leftovers(game_dir: Path) -> None:
    """Remove a killed run's leftovers in the report folder: half-written report folders,
    the store-claim file and the ``latest`` link's temporary (``.tmp-…-PID``), unless the
    process named by the PID is still running (another process writing now).  Files and
    links are unlinked: ``rmtree`` ignored them, and a run killed while claiming the folder
    left ``.tmp-store-PID`` for good."""
    for stale in game_dir.glob(".tmp-*"):
        pid = stale.name.rsplit("-", 1)[-1]
        if pid.isdigit() and int(pid) != os.getpid() and _running(int(pid)):
            continue
        if stale.is_dir() and not stale.is_symlink():
            shutil.rmtree(stale, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                stale.unlink()


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):  # (a number no process id can be)
        return False
    except OSError:
        return True  # someone else's process: running
    return True


def mark_checked(directory: Path, when: datetime) -> bool:
    """Say in an unchanged report when it was last checked (a night with nothing new does
    not write a new report): the one line of report.html.  The time has a fixed width, so
    it is overwritten where it stands, near the top of the file (one write of 16 bytes:
    a report of any size is neither read nor written again whole); a report whose line
    has another width is replaced atomically.  False when the report has no such line
    (written by an older version)."""
    sweep_leftovers(directory.parent)
    html = directory / "report.html"
    stamp = when.strftime("%Y-%m-%d %H:%M")
    try:
        with html.open("r+b") as fh:
            m = _CHECKED_AT_BYTES.search(fh.read(_CHECKED_AT_WITHIN))
            if m is not None and len(m.group(2)) == len(stamp.encode()):
                if m.group(2) != stamp.encode():
                    fh.seek(m.start(2))
                    fh.write(stamp.encode())
                return True
        text = html.read_text(encoding="utf-8")
        new, n = _CHECKED_AT.subn(lambda m: m.group(1) + stamp + m.group(2), text, count=1)
        if n == 0:
            return False
        write_atomic(html, new)
    except OSError as exc:
        raise WriteError(directory, exc) from None
    return True


def latest_dir(reports_dir: Path, slug: str) -> Path | None:
    """The newest report directory of a game (via ``latest`` or ``latest.txt``)."""
    game_dir = Path(reports_dir) / slug
    link = game_dir / "latest"
    if link.is_dir():
        return link.resolve()
    txt = game_dir / "latest.txt"
    if txt.is_file():
        d = game_dir / txt.read_text("utf-8").strip()
        return d if d.is_dir() else None
    return None
