"""Issue 16, a rerun with nothing new is flat in game size: a saved-pages folder whose files
are the ones the last crawl left is settled from what that crawl recorded (one directory
scan, no entry per file read back, no deletion check), and comes to what reading it file by
file gives; the quiet night asks SQLite one serial, not every post, whether a post changed
since the last check; the unchanged report's "last checked" time is written in place."""

from __future__ import annotations

import os
import re
import shutil
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from tests import paths

sys.path.insert(0, str(paths.ROOT / "benchmarks"))

from generate import GameConfig, generate_game, write_game

import auditor.forum.crawl as crawl_mod
from auditor.forum.crawl import CrawlReport, crawl
from auditor.game.gamefile import load_game
from auditor.report.write import mark_checked
from auditor.rules import engine
from auditor.store import Store


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A generated game of 600 posts as a saved-pages folder, one page of it removed (the
    crawl reports the thread's missing page every night)."""
    out = tmp_path_factory.mktemp("flat600")
    game = write_game(generate_game(GameConfig(posts=600, seed=5)), out)
    pages = sorted((out / "pages").glob("thread-*-p2.html"))
    pages[0].unlink()
    return game


@pytest.fixture
def folder(generated: Path, tmp_path: Path) -> Path:
    target = tmp_path / "g"
    shutil.copytree(generated.parent, target, ignore=shutil.ignore_patterns("*.sqlite*", "r"))
    return target / "game.toml"


class Paths:
    """Which way each crawl read the folder: settled from the record, or file by file."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.by_file = 0
        self.deletion_checks = 0
        real_files = crawl_mod._saved_files
        real_mark = Store.mark_deleted

        def files(*args: Any, **kwargs: Any) -> Any:
            self.by_file += 1
            return real_files(*args, **kwargs)

        def mark(store: Store, *args: Any, **kwargs: Any) -> Any:
            self.deletion_checks += 1
            return real_mark(store, *args, **kwargs)

        monkeypatch.setattr(crawl_mod, "_saved_files", files)
        monkeypatch.setattr(Store, "mark_deleted", mark)

    def take(self) -> tuple[int, int]:
        out = (self.by_file, self.deletion_checks)
        self.by_file = self.deletion_checks = 0
        return out


def _outcome(report: CrawlReport, store: Store) -> tuple[object, ...]:
    threads = store.db.execute(
        "SELECT tid, subject, source, last_page, total_pages, saved_mark FROM threads ORDER BY tid"
    ).fetchall()
    return (
        report.as_dict(),
        [(p.kind, p.url, p.message, p.tid) for p in report.problems],
        report.sources,
        report.deleted,
        [tuple(r) for r in threads],
        store.post_count(include_deleted=True),
    )


def test_a_settled_folder_comes_to_what_reading_it_file_by_file_gives(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = load_game(folder)
    paths = Paths(monkeypatch)
    with Store(game.store) as store:
        first = crawl(game, store)
        assert first.new_posts >= 500 and paths.take() == (1, len(game.threads))
        assert any("缺少第" in p.message for p in first.problems)  # the removed page

        settled = crawl(game, store)
        assert paths.take() == (0, 0)  # no entry per file read back, no deletion check
        ours = _outcome(settled, store)

        monkeypatch.setattr(crawl_mod, "_unchanged_folder", lambda *a: None)
        monkeypatch.setattr(crawl_mod, "_settled_folder", lambda *a: None)
        by_file = crawl(game, store)
        assert paths.take()[0] == 1
        assert _outcome(by_file, store) == ours
        assert settled.pages == settled.new_posts == 0 and settled.problems


def test_anything_new_in_the_folder_is_read_file_by_file(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = load_game(folder)
    pages = sorted((folder.parent / "pages").glob("*.html"))
    paths = Paths(monkeypatch)
    with Store(game.store) as store:
        crawl(game, store)
        crawl(game, store)
        paths.take()

        # A file touched: its time differs, it is read again (a thread's last page: it is
        # looked at even while no folder changed, see test_what_an_unchanged_folder_...).
        last = _last_page(folder, 101)
        st = last.stat()
        os.utime(last, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
        crawl(game, store)
        assert paths.take() == (1, 1)
        crawl(game, store)
        assert paths.take() == (0, 0)

        # A file gone: its thread is checked for deletions, and its entry forgotten.
        gone = str(pages[7].resolve())
        pages[7].unlink()
        crawl(game, store)
        assert paths.take() == (1, 1)
        assert gone not in store.saved_paths()
        crawl(game, store)
        assert paths.take() == (0, 0)

        # A new file (a second save of a page): read.
        shutil.copy2(pages[9], pages[9].with_name("again.html"))
        crawl(game, store)
        assert paths.take()[0] == 1

        # An entry written by anything else since the last crawl: not trusted.
        crawl(game, store)
        paths.take()
        store.db.execute("UPDATE saved_files SET floor_hi = floor_hi WHERE rowid = 1")
        store.db.commit()
        crawl(game, store)
        assert paths.take()[0] == 1

        # Another version, time zone or page size reads every file again.
        crawl(game, store)
        paths.take()
        monkeypatch.setattr(crawl_mod, "__version__", "0.0.0-other")
        again = crawl(game, store)
        assert paths.take()[0] == 1 and again.pages == len(pages)  # one gone, one added


def test_a_night_with_nothing_new_compares_no_post(folder: Path) -> None:
    """After a check, a crawl that stores nothing new leaves no version past the check's
    mark and no change recorded: whether the posts are as checked is read from two index
    entries, no post compared.  Any change the check compares is seen."""
    game = load_game(folder)
    with Store(game.store) as store:
        crawl(game, store)
        engine.check(game, store, incremental=False)

        def refuse() -> None:
            raise AssertionError("every post compared again")

        real = store.unchecked_posts
        store.unchecked_posts = refuse  # type: ignore[method-assign]
        assert store.posts_as_checked()
        crawl(game, store)  # nothing new: no post written differently
        assert store.posts_as_checked()
        store.unchecked_posts = real  # type: ignore[method-assign]

        pid = store.db.execute("SELECT pid FROM posts LIMIT 1").fetchone()[0]
        store.db.execute("UPDATE posts SET deleted = 1 WHERE pid = ?", (pid,))
        store.db.commit()
        assert not store.posts_as_checked()
        store.db.execute("UPDATE posts SET deleted = 0 WHERE pid = ?", (pid,))
        store.db.commit()
        assert store.posts_as_checked()  # deleted and back: as checked
        store.db.execute(
            "UPDATE post_versions SET content_hash = 'x' WHERE pid = ?"
            " AND version = (SELECT version FROM posts WHERE pid = ?)",
            (pid, pid),
        )
        store.db.commit()
        assert not store.posts_as_checked()


def test_the_last_checked_time_is_written_where_it_stands(tmp_path: Path) -> None:
    from datetime import datetime

    html = tmp_path / "report.html"
    head = '<p>最后检查 <span id="checked-at">2026-11-01 20:00</span>（此后没有新的变化）</p>'
    body = "<table>" + "<tr><td>帖子</td></tr>" * 20_000 + "</table>"
    html.write_text(head + body, encoding="utf-8")
    ino = html.stat().st_ino
    assert mark_checked(tmp_path, datetime(2026, 11, 3, 21, 5))
    text = html.read_text(encoding="utf-8")
    assert text == head.replace("2026-11-01 20:00", "2026-11-03 21:05") + body
    assert html.stat().st_ino == ino  # in place

    # Another width (a report written otherwise): replaced whole, atomically.
    html.write_text(head.replace("2026-11-01 20:00", "2026-11-01") + body, encoding="utf-8")
    assert mark_checked(tmp_path, datetime(2026, 11, 3, 21, 5))
    assert html.read_text(encoding="utf-8") == text
    html.write_text(body, encoding="utf-8")
    assert not mark_checked(tmp_path, datetime(2026, 11, 3, 21, 5))


def _last_page(game: Path, tid: int) -> Path:
    pages = (game.parent / "pages").glob(f"thread-{tid}-p*.html")
    return max(pages, key=lambda p: int(p.stem.rsplit("p", 1)[1]))


def _aged(game: Path) -> None:
    """Wait until the pages folder changed longer ago than the crawl's margin for coarse
    file-system clocks: a folder changed just before a scan does not vouch for its files."""
    pages = game.parent / "pages"
    while True:
        st = pages.stat()
        age = time.time_ns() - max(st.st_mtime_ns, st.st_ctime_ns)
        if age > crawl_mod._RACY_NS:
            return
        time.sleep((crawl_mod._RACY_NS - age) / 1e9 + 0.05)


def _edited(page: Path) -> str:
    """The page's text with a sentence added to its first post."""
    text = page.read_text("utf-8")
    anchor = re.search(r'id="postmessage_\d+">', text)
    assert anchor is not None
    return text.replace(anchor[0], anchor[0] + "补一句。", 1)


class Scans:
    """How many times a crawl listed the folder."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.n = 0
        real = crawl_mod._scan

        def scan(*args: Any) -> Any:
            self.n += 1
            return real(*args)

        monkeypatch.setattr(crawl_mod, "_scan", scan)

    def take(self) -> int:
        out, self.n = self.n, 0
        return out


def _now(game: Path) -> Any:
    """An hour after day 7 closed: its threads and the dayless ones are in the refetch window
    (48 h), day 1's are not."""
    day7 = load_game(game).day(7)
    assert day7 is not None
    return day7.closes + timedelta(hours=1)


def test_an_unchanged_folder_is_not_even_listed(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _aged(folder)
    game = load_game(folder)
    scans = Scans(monkeypatch)
    with Store(game.store) as store:
        crawl(game, store, now=_now(folder))
        assert scans.take() == 1
        quiet = crawl(game, store, now=_now(folder))
        assert scans.take() == 0  # no folder listed, no file of an idle thread stat-ed
        ours = _outcome(quiet, store)
        monkeypatch.setattr(crawl_mod, "_unchanged_folder", lambda *a: None)
        scanned = crawl(game, store, now=_now(folder))
        assert scans.take() == 1 and _outcome(scanned, store) == ours


def _new_file(game: Path) -> None:  # a second save of a page, edited since
    page = game.parent / "pages" / "thread-101-p3.html"
    (game.parent / "pages" / "第3页 (1).html").write_text(_edited(page), "utf-8")


def _renamed_over(game: Path) -> None:  # as browsers save: a new file renamed over the old
    page = game.parent / "pages" / "thread-101-p3.html"
    part = page.with_name(page.name + ".part")
    part.write_text(_edited(page), "utf-8")
    os.replace(part, page)


def _in_place_in_window(game: Path) -> None:  # day 7's discussion, not its last page
    page = game.parent / "pages" / "thread-113-p2.html"
    assert page != _last_page(game, 113)
    page.write_text(_edited(page), "utf-8")


def _in_place_last_page(game: Path) -> None:  # day 1's discussion, outside the window
    page = _last_page(game, 101)
    page.write_text(_edited(page), "utf-8")


@contextmanager
def _settled(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """The aged game's store after two crawls, the second of which listed no folder:
    (game, store, now, scans)."""
    _aged(folder)
    game = load_game(folder)
    now = _now(folder)
    scans = Scans(monkeypatch)
    with Store(game.store) as store:
        crawl(game, store, now=now)
        crawl(game, store, now=now)
        assert scans.take() == 1  # the second crawl listed nothing
        yield game, store, now, scans


@pytest.mark.parametrize(
    "change", [_new_file, _renamed_over, _in_place_in_window, _in_place_last_page]
)
def test_what_an_unchanged_folder_still_shows(
    folder: Path, monkeypatch: pytest.MonkeyPatch, change: Any
) -> None:
    with _settled(folder, monkeypatch) as (game, store, now, scans):
        change(folder)
        found = crawl(game, store, now=now)
        assert scans.take() == 1 and found.pages == 1 and found.changed_posts == 1


def test_a_file_gone_from_an_unchanged_folder_is_seen(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with _settled(folder, monkeypatch) as (game, store, now, scans):
        page = game.forum.pages / "thread-101-p3.html"  # type: ignore[operator]
        page.unlink()
        found = crawl(game, store, now=now)
        assert scans.take() == 1
        assert str(page.resolve()) not in store.saved_paths()
        missing = [re.search(r"缺少第 ([\d、]+) 页", p.message) for p in found.problems]
        assert any(m is not None and "3" in m[1].split("、") for m in missing)


def test_a_page_rewritten_in_place_outside_the_window_waits_for_the_folder_or_full(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The documented miss (README, crawling): a file rewritten in place (same inode, no
    rename), in a folder that did not change otherwise, that is neither its thread's last
    page nor a page of a thread in the refetch window, is not seen until a folder changes
    or ``--full``."""
    _aged(folder)
    game = load_game(folder)
    now = _now(folder)
    scans = Scans(monkeypatch)
    with Store(game.store) as store:
        crawl(game, store, now=now)
        page = game.forum.pages / "thread-101-p3.html"  # type: ignore[operator]
        assert page != _last_page(folder, 101)
        page.write_text(_edited(page), "utf-8")
        missed = crawl(game, store, now=now)
        assert scans.take() == 1  # the first crawl's only
        assert missed.pages == 0 and missed.changed_posts == 0
        found = crawl(game, store, now=now, full=True)
        assert scans.take() == 1 and found.changed_posts == 1

        page.write_text(_edited(page).replace("补一句。", "再补一句。", 1), "utf-8")
        assert crawl(game, store, now=now).changed_posts == 0  # --full vouched for it again
        (game.forum.pages / "备注.html").write_text("<html></html>", "utf-8")  # type: ignore[operator]
        seen = crawl(game, store, now=now)  # a folder changed: every file is looked at
        assert scans.take() == 1 and seen.changed_posts == 1


def test_page_runs_say_what_the_pages_say() -> None:
    """The record keeps each thread's pages as runs (a few numbers, not one per page): the
    last page and the missing ones come out as from the pages themselves."""
    import random

    from auditor.forum.crawl import _gaps, _page_runs

    rng = random.Random(16)
    for _ in range(500):
        total = rng.randint(0, 30)
        pages = set(rng.sample(range(1, 35), rng.randint(0, 20)))
        runs = _page_runs([p, p] for p in pages)
        assert all(hi + 1 < lo for (_, hi), (lo, _) in pairwise(runs))
        halves = [runs[: len(runs) // 2], runs[len(runs) // 2 :], runs[::-1]]
        assert _page_runs(r for rs in halves for r in rs) == runs  # two views' pages merged
        assert _gaps(runs, total) == sorted(set(range(1, total + 1)) - pages)
        assert (runs[-1][1] if runs else 1) == max(pages, default=1)
