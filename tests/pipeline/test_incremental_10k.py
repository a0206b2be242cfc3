"""Issue 16 item 3: an incremental night gives exactly what a full check of the same state
gives, on the 10k-post benchmark game — findings (active and retired), the check's
records, the ledger's drafts and standings, and every report file — over nights with new
posts, edits and deletions on open and closed days, a day closing and a new one opening,
vote changes (a late vote, an edited vote, a deleted vote), and a night of 100 new posts
that loads only those posts and the days they touch."""

from __future__ import annotations

import re
import shutil
import sys
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from tests import paths

sys.path.insert(0, str(paths.ROOT / "benchmarks"))

from generate import GameConfig, append_posts, generate_game, write_game

from auditor.forum.crawl import crawl
from auditor.game.gamefile import Game, load_game
from auditor.ledger.ledger import load_ledger
from auditor.models import Post
from auditor.report import html
from auditor.report.records import build_records
from auditor.report.write import write_files
from auditor.rules import engine
from auditor.store import Store
from auditor.store.state import COUNTED_KEY, RECORDS_KEY


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Post]]:
    """The generated 10k-post game (plus 100 posts of the generator's own night) crawled
    once from its saved pages: (its game file, every post in forum order)."""
    out = tmp_path_factory.mktemp("g10k") / "game"
    gen = append_posts(generate_game(GameConfig(posts=10_000, seed=7)), 100)
    path = write_game(gen, out, script=False)
    game = load_game(path)
    with Store(game.store) as store:
        assert crawl(game, store).ok
        posts = [sp.post for sp in store.posts(tz=game.timezone)]
    assert len(posts) >= 10_000
    return path, posts


def _game(source: Path, folder: Path) -> Game:
    (folder / "pages").mkdir(parents=True)  # the posts are stored by the test itself
    (folder / "game.toml").write_text(source.read_text("utf-8"), "utf-8")
    return load_game(folder / "game.toml")


def _state(game: Game, store: Store, now: datetime, out: Path) -> dict[str, object]:
    """Everything a night leaves behind, timestamps aside."""
    findings = [
        tuple(r)[:-2]  # all but first_run, last_run
        for r in store.db.execute("SELECT * FROM findings ORDER BY fingerprint")
    ]
    records = re.sub(r'"checked_at":"[^"]*"', "", store.state_value(RECORDS_KEY) or "")
    # each day's counted posts, an entry of its own (an incremental night writes only
    # the days it derived again)
    counted = store.state_values(COUNTED_KEY)
    led = load_ledger(game, store)
    drafts = list(led.drafts)
    write_files(build_records(game, store, now=now), out)
    files = {
        p.name: re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", "UTC", p.read_text("utf-8"))
        for p in sorted(out.iterdir())
    }
    return {
        "findings": findings,
        "records": records,
        "counted": counted,
        "drafts": drafts,
        "files": files,
    }


def _full(game: Game, folder: Path, now: datetime, *, scratch: bool) -> dict[str, object]:
    """A full check of the same store: on a copy with its history (retired findings stay
    comparable), or from scratch (no finding, no check state); its report renders every
    day of the 电梯 afresh (the nights read the days they did not change from the cache)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(html, "_RENDER_DIGEST", f"full-{folder.parent.name}")
        return _full_check(game, folder, now, scratch=scratch)


def _full_check(game: Game, folder: Path, now: datetime, *, scratch: bool) -> dict[str, object]:
    with Store(game.store) as s:
        s.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    other = _game(game.path, folder)
    shutil.copy(game.store, other.store)
    with Store(other.store) as s:
        if scratch:
            with s.transaction():
                for table in ("findings", "check_state", "checked_posts"):
                    s.db.execute(f"DELETE FROM {table}")
        result = engine.check(other, s, now=now)
        assert not result.incremental
        return _state(other, s, now, folder / "report")


def _same(ours: dict[str, object], theirs: dict[str, object]) -> None:
    for key in ("findings", "records", "counted", "drafts"):
        assert ours[key] == theirs[key], key
    a, b = ours["files"], theirs["files"]
    assert isinstance(a, dict) and isinstance(b, dict) and set(a) == set(b)
    for name in a:
        assert a[name] == b[name], name


def test_incremental_nights_equal_full_checks_on_the_10k_game(
    source: tuple[Path, list[Post]], tmp_path: Path
) -> None:
    path, posts = source
    game = _game(path, tmp_path / "night" / "game")  # one folder name: one report slug
    day = {d.number: d for d in game.days}
    by_pid = {p.pid: p for p in posts}
    t0 = day[4].opens + timedelta(hours=6)  # the middle of day 4
    nights = iter(range(100))

    def night(now: datetime, *, compare: bool = True) -> engine.CheckResult:
        """An incremental check at ``now``, compared with a full check of the same state."""
        n = next(nights)
        with Store(game.store) as store:
            result = engine.check(game, store, now=now, incremental=True)
            assert result.incremental
            if compare:
                ours = _state(game, store, now, tmp_path / f"r{n}")
        if compare:
            _same(ours, _full(game, tmp_path / f"full{n}" / "game", now, scratch=False))
        return result

    def upto(lo: datetime | None, hi: datetime) -> list[Post]:
        return [p for p in posts if (lo is None or p.posted_at > lo) and p.posted_at <= hi]

    def edit(p: Post, text: str) -> Post:
        return replace(p, text=text, lines=tuple(text.splitlines()))

    process = next(p for p in posts if p.tid == _tid(game, "process", None))

    def outsider(n: int, at: datetime) -> Post:
        """A passer-by's post in the process thread (NOT-A-PLAYER lists all of them)."""
        return replace(
            process,
            pid=800_000 + n,
            floor=800 + n,
            author="路人甲",
            author_uid=99_999,
            posted_at=at,
            text=f"路过看看 {n}",
            lines=(f"路过看看 {n}",),
            first=False,
        )

    with Store(game.store) as store:
        store.upsert_posts(upto(None, t0), run_id=None)
        first = engine.check(game, store, now=t0, incremental=True)
        assert not first.incremental and len(first.findings) > 50

    # Night 1: two hours of day 4, an edit on day 2 (a banned phrase) and on day 4, a
    # deleted post with a finding on day 3, a deleted vote on day 2 (the tally changes).
    t1 = t0 + timedelta(hours=2)
    with Store(game.store) as store:
        old = next(p for p in posts if p.tid == _tid(game, "discussion", 2) and p.floor == 30)
        today = next(p for p in upto(None, t0)[::-1] if p.tid == _tid(game, "discussion", 4))
        store.upsert_posts(
            [
                *upto(t0, t1),
                edit(old, old.text + "\n卧槽你脑子有病吧"),
                edit(today, "改过了"),
                outsider(1, t1 - timedelta(minutes=3)),
            ],
            run_id=None,
        )
        found = store.db.execute(
            "SELECT pid FROM findings WHERE active=1 AND pid IS NOT NULL AND day=3"
        ).fetchone()[0]
        vote2 = next(
            p for p in posts if p.tid == _tid(game, "vote", 2) and p.author in game.players
        )
        store.db.execute("UPDATE posts SET deleted=1 WHERE pid IN (?, ?)", (found, vote2.pid))
    r1 = night(t1)
    assert {2, 3, 4} <= set(r1.rechecked_days)

    # Night 2: day 4 closes and day 5 opens (a new day): every post up to day 5's second
    # afternoon, votes begun.
    t2 = day[5].opens + timedelta(hours=30)
    with Store(game.store) as store:
        store.upsert_posts(upto(t1, t2), run_id=None)
    night(t2)

    # Night 3: votes change: a late vote in day 4's vote thread after its close, an edited
    # day-5 vote (another target), and a player who had voted on day 5 votes again.
    t3 = t2 + timedelta(hours=4)
    with Store(game.store) as store:
        store.upsert_posts(upto(t2, t3), run_id=None)
        votes5 = [p for p in upto(None, t3) if p.tid == _tid(game, "vote", 5)]
        voter = next(p for p in votes5 if p.author in game.players)
        target = next(x for x in game.players if x != voter.author and x not in voter.text)
        late = replace(
            voter,
            tid=_tid(game, "vote", 4),
            pid=900_001,
            floor=9_001,
            posted_at=day[4].closes + timedelta(minutes=20),
            text=f"投票对象：{target} 投票理由：晚了",
            lines=(f"投票对象：{target} 投票理由：晚了",),
        )
        again = replace(
            voter,
            pid=900_002,
            floor=9_002,
            posted_at=t3 - timedelta(minutes=5),
            text=f"改票对象：{target} 改票理由：想通了",
            lines=(f"改票对象：{target} 改票理由：想通了",),
        )
        other = next(p for p in votes5 if p.author in game.players and p.pid != voter.pid)
        store.upsert_posts(
            [
                late,
                again,
                edit(other, f"投票对象：{target} 投票理由：再想想"),
                outsider(2, t3 - timedelta(minutes=1)),  # the same passer-by, days later
            ],
            run_id=None,
        )
    r3 = night(t3)
    assert {4, 5} <= set(r3.rechecked_days)

    # Night 4: the generator's own night of 100 new posts on the last day, with the game
    # at its end: the check loads those posts and the days they touch, not the game.
    with Store(game.store) as store:
        rest = [p for p in posts if p.posted_at > t3]
        store.upsert_posts(rest[:-100], run_id=None)
    end = max(d.closes for d in game.days) + timedelta(days=1)
    night(end, compare=False)  # compared below, with the last 100
    with Store(game.store) as store:
        store.upsert_posts(rest[-100:], run_id=None)
        total = store.post_count()
    last = night(end)
    assert last.rechecked_posts == 100
    assert set(last.rechecked_days) == {max(day)}
    with Store(game.store) as store:
        touched = store.db.execute(
            "SELECT COUNT(*) FROM checked_posts WHERE day=?", (max(day),)
        ).fetchone()[0]
    assert last.loaded_posts <= touched + 100 + 200  # plus every day's vote thread, last words
    assert last.loaded_posts < total / 4

    # The final state from scratch (no finding, no check state) ends where the nights end.
    with Store(game.store) as store:
        ours = _state(game, store, end, tmp_path / "final")
    theirs = _full(game, tmp_path / "scratch" / "game", end, scratch=True)
    active = [f for f in ours["findings"] if f[15] == 1]  # type: ignore[index,union-attr]
    assert active == theirs["findings"]
    assert ours["records"] == theirs["records"] and ours["files"] == theirs["files"]
    assert ours["counted"] == theirs["counted"]
    assert by_pid  # the source posts stay untouched


def _tid(game: Game, kind: str, day: int | None) -> int:
    return next(t.tid for t in game.threads if t.kind.value == kind and t.day == day)
