"""The SQLite store: migrations, versions, deletions, transactions and the run lock."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from auditor.errors import StoreLockedError
from auditor.models import HiddenReason, Post, Quote
from auditor.store import MIGRATIONS, Store

TZ = ZoneInfo("Asia/Shanghai")


def make_post(pid: int, floor: int, text: str, **kw: object) -> Post:
    return Post(
        tid=2,
        pid=pid,
        floor=floor,
        author="饺子",
        author_uid=2,
        posted_at=datetime(2026, 11, 20, 10, floor, tzinfo=TZ),
        message_html=text,
        text=text,
        lines=(text,),
        **kw,
    )  # type: ignore[arg-type]


@pytest.fixture
def store(tmp_path: Path) -> Store:
    s = Store(tmp_path / "game.sqlite")
    yield s
    s.close()


def test_migrations_recorded(store: Store) -> None:
    assert store.schema_version == len(MIGRATIONS)
    again = Store(store.path)  # reopening does not migrate twice
    assert again.schema_version == len(MIGRATIONS)
    again.close()


def test_versions_kept_on_change(store: Store) -> None:
    p = make_post(10, 2, "投票对象：包子")
    assert store.upsert_posts([p], run_id=None) == (1, 0)
    assert store.upsert_posts([p], run_id=None) == (0, 0)  # same content: no new version
    # Markup that differs between renders (random [img] ids) is not an edit.
    assert store.upsert_posts([replace(p, message_html="<b>x</b>")], None) == (0, 0)
    edited = replace(
        p,
        text="投票对象：馄饨",
        lines=("投票对象：馄饨",),
        edited="本帖最后由 饺子 于 2026-11-20 10:05 编辑",
    )
    assert store.upsert_posts([edited], None) == (0, 1)
    versions = store.versions(10, TZ)
    assert [v for v, _, _ in versions] == [1, 2]
    assert versions[0][2].text == "投票对象：包子"
    assert versions[1][2].edited is not None
    (current,) = store.posts(tz=TZ)
    assert current.post.text == "投票对象：馄饨" and current.version == 2


def test_round_trip_fields(store: Store) -> None:
    p = make_post(
        11,
        3,
        "来了",
        quotes=(Quote("原文", "包子", 9, 2, "2026-11-20 09:00"),),
        hidden=HiddenReason.MODERATOR,
        markup=(("color", "Red"),),
        smilies=(":lol",),
    )
    store.upsert_posts([p], None)
    (sp,) = store.posts(tz=TZ)
    assert sp.post == p


def test_content_hash_and_data_as_with_asdict() -> None:
    """The hashes and stored data of a post with quotes and attachments are the ones the
    JSON of ``dataclasses.asdict`` gives: a store written before stays unchanged."""
    import hashlib
    import json
    from dataclasses import asdict

    from auditor.models import Attachment
    from auditor.store import _post_data, content_hash

    p = make_post(
        12,
        4,
        "看图",
        quotes=(Quote("原文", "包子", 9, 2, "2026-11-20 09:00"), Quote("无名")),
        attachments=(Attachment(7, "a.png", True, False, "http://x/a.png"),),
        images=("http://x/a.png",),
        markup=(("size", "5"),),
    )
    payload = [
        p.text,
        p.lines,
        [asdict(q) for q in p.quotes],
        p.edited,
        p.hidden,
        p.images,
        p.links,
        p.smilies,
        p.markup,
        [a.aid for a in p.attachments],
        p.hidden_content,
    ]
    text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"), default=str)
    assert content_hash(p) == hashlib.sha256(text.encode()).hexdigest()[:32]
    data = json.loads(_post_data(p))
    assert data["quotes"] == [asdict(q) for q in p.quotes]
    assert data["attachments"] == [asdict(a) for a in p.attachments]
    assert list(data["quotes"][0]) == ["text", "author", "pid", "tid", "quoted_time"]


def test_deleted_marked_not_dropped(store: Store) -> None:
    store.upsert_posts([make_post(1, 1, "a"), make_post(2, 2, "b"), make_post(3, 3, "c")], None)
    gone = store.mark_deleted(2, [(1, float("inf"))], seen={1, 3})
    assert gone == [2]
    assert [sp.post.pid for sp in store.posts()] == [1, 3]
    assert [sp.deleted for sp in store.posts(include_deleted=True)] == [False, True, False]
    # Floors outside the covered range are not judged.
    assert store.mark_deleted(2, [(5, 9)], seen=set()) == []


def test_failed_transaction_keeps_previous_state(store: Store) -> None:
    store.upsert_posts([make_post(1, 1, "a")], None)
    with pytest.raises(RuntimeError), store.transaction():
        store.db.execute("UPDATE posts SET author='坏人'")
        raise RuntimeError("crash mid-write")
    assert store.posts()[0].post.author == "饺子"


def test_batch_commits_whole_blocks_and_fewer_times(tmp_path: Path) -> None:
    """store.batch(): the blocks inside share commits; a failed block leaves nothing, the
    ones before it are kept when the failure ends the batch, and another connection sees
    the first blocks once a commit followed them."""
    store = Store(tmp_path / "game.sqlite")
    commits: list[str] = []
    store.db.set_trace_callback(lambda sql: commits.append(sql) if sql == "COMMIT" else None)
    try:
        with pytest.raises(RuntimeError), store.batch(seconds=3600):
            for i in range(1, 6):
                store.upsert_posts([make_post(i, i, f"帖{i}")], None)
            with store.transaction():  # a block that fails half-way: nothing of it stays
                store.upsert_posts([make_post(6, 6, "帖6")], None)
                store.db.execute("UPDATE posts SET author='坏人' WHERE pid=1")
                raise RuntimeError("crash mid-block")
        assert not store.db.in_transaction
        assert commits == ["COMMIT"]  # five blocks, one commit (at the end)
        assert [(sp.post.pid, sp.post.author) for sp in store.posts()] == [
            (i, "饺子") for i in range(1, 6)
        ]
        commits.clear()
        with store.batch(seconds=0):  # each block old enough: a commit after each
            store.upsert_posts([make_post(7, 7, "帖7")], None)
            other = Store(tmp_path / "game.sqlite")
            try:
                assert 7 in {sp.post.pid for sp in other.posts()}  # committed already
            finally:
                other.close()
            assert not store.db.in_transaction  # the write lock is free between blocks
            store.upsert_posts([make_post(8, 8, "帖8")], None)
        assert commits == ["COMMIT", "COMMIT"]
        assert [sp.post.pid for sp in store.posts()] == [1, 2, 3, 4, 5, 7, 8]
    finally:
        store.close()


def test_second_process_is_refused(tmp_path: Path) -> None:
    s = Store(tmp_path / "g.sqlite")
    s.lock()
    code = (
        "import sys\n"
        "from auditor.store import Store\n"
        "from auditor.errors import StoreLockedError\n"
        f"s = Store({str(tmp_path / 'g.sqlite')!r})\n"
        "try:\n    s.lock()\nexcept StoreLockedError as e:\n    print(e); sys.exit(4)\n"
    )
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert res.returncode == 4, res.stderr
    assert "另一个 auditor 进程" in res.stdout
    s.close()
    # Released: a new process may take it.
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stdout + res.stderr


def test_lock_in_same_process_other_store(tmp_path: Path) -> None:
    a = Store(tmp_path / "g.sqlite")
    a.lock()
    b = Store(tmp_path / "g.sqlite")
    with pytest.raises(StoreLockedError):
        b.lock()
    a.close()
    b.close()


def test_pages_compressed_and_change_detected(store: Store) -> None:
    when = datetime(2026, 11, 20, tzinfo=TZ)
    body = "<html>页</html>".encode()
    assert store.save_page(
        tid=2,
        page=1,
        source="html",
        url="u",
        body=body,
        status=200,
        fetched_at=when,
        total_pages=1,
        run_id=None,
    )
    assert not store.save_page(
        tid=2,
        page=1,
        source="html",
        url="u",
        body=body,
        status=200,
        fetched_at=when,
        total_pages=1,
        run_id=None,
    )
    assert store.page_body(2, 1, "html") == body


def _tables(s: Store) -> list[list[tuple[object, ...]]]:
    return [
        [tuple(r) for r in s.db.execute("SELECT * FROM posts ORDER BY pid")],
        [
            tuple(r)[:3] + tuple(r)[4:]  # all but seen_at
            for r in s.db.execute("SELECT * FROM post_versions ORDER BY pid, version")
        ],
    ]


def test_batched_upsert_equals_one_post_at_a_time(tmp_path: Path) -> None:
    """A page's posts go in with a few statements; the tables end exactly as when each
    post is written on its own, with a pid twice on a page, edits, views and re-reads."""
    a = [make_post(i, i, f"帖子{i}") for i in range(1, 8)]
    batches: list[tuple[list[Post], str]] = [
        (a, "desktop"),
        ([a[0], replace(a[1], text="改了", lines=("改了",)), a[1], a[2]], "desktop"),
        ([replace(p, edited="本帖最后由 饺子 于 2026-11-20 10:09 编辑") for p in a[:3]], "api"),
        ([a[1], a[1], replace(a[1], text="又改", lines=("又改",)), make_post(9, 9, "新")], "api"),
        (a[:3], "desktop"),
    ]
    one, many = Store(tmp_path / "one.sqlite"), Store(tmp_path / "many.sqlite")
    try:
        for posts, view in batches:
            counts = [one.upsert_posts([p], None, view=view) for p in posts]
            batched = many.upsert_posts(posts, None, view=view)
            assert batched == (sum(c[0] for c in counts), sum(c[1] for c in counts))
            assert _tables(one) == _tables(many)
        assert many.db.execute("SELECT COUNT(*) FROM post_versions").fetchone()[0] > len(a) + 2
    finally:
        one.close()
        many.close()


def test_mark_deleted_matches_the_per_range_rule(tmp_path: Path) -> None:
    """Deletions are the stored posts not seen whose floor lies in any covered range
    (ranges merged and bisected, so a long thread is not posts x pages)."""
    import random

    rng = random.Random(7)
    for trial in range(30):
        with Store(tmp_path / f"d{trial}.sqlite") as s:
            posts = [make_post(i, i, f"t{i}") for i in range(1, 60)]
            s.upsert_posts(posts, None)
            covered: list[tuple[int, float]] = []
            for _ in range(rng.randint(0, 6)):
                lo = rng.randint(1, 60)
                covered.append((lo, rng.choice([float(lo + rng.randint(0, 12)), float("inf")])))
            seen = {p.pid for p in posts if rng.random() < 0.5 and p.pid is not None}
            expected = sorted(
                p.pid
                for p in posts
                if p.pid not in seen and any(lo <= p.floor <= hi for lo, hi in covered)  # type: ignore[operator]
            )
            assert sorted(s.mark_deleted(2, covered, seen)) == expected
