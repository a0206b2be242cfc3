"""An incremental check re-checks only what changed and ends where a full check ends."""

from __future__ import annotations

import shutil
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from auditor.forum.crawl import crawl
from auditor.game.gamefile import Game, load_game
from auditor.rules.engine import check
from auditor.store import Store
from tests import paths

SAMPLE = paths.ROOT / "examples" / "sample"
TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 11, 28, 12, tzinfo=TZ)


@pytest.fixture
def game(tmp_path: Path) -> Game:
    text = (SAMPLE / "game.toml").read_text("utf-8")
    text = text.replace('pages = "pages/"', f'pages = "{(SAMPLE / "pages").as_posix()}"')
    # The sample turns POST-OUTSIDE on (to show it); a rule that places items by every
    # post's id makes each incremental check read the whole game, which these tests are
    # not about: off here, as in the m107 preset.
    assert "[rules.POST-OUTSIDE]\n" in text
    text = text.replace("[rules.POST-OUTSIDE]\n", "[rules.POST-OUTSIDE]\nenabled = false\n")
    (tmp_path / "game.toml").write_text(text, "utf-8")
    return load_game(tmp_path / "game.toml")


def active(store: Store) -> dict[str, tuple[object, ...]]:
    return {
        r["fingerprint"]: (r["code"], r["player"], r["day"], r["pid"], r["matches"], r["note"])
        for r in store.findings()
    }


def full_result(game: Game, store_path: Path, tmp_path: Path) -> dict[str, tuple[object, ...]]:
    """What a full check finds on a copy of the same store."""
    copy = tmp_path / "copy.sqlite"
    with Store(store_path) as s:
        s.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    shutil.copy(store_path, copy)
    with Store(copy) as s:
        check(game, s, now=NOW)
        return active(s)


def test_incremental_matches_full(game: Game, tmp_path: Path) -> None:
    with Store(game.store) as store:
        assert crawl(game, store).ok
        first = check(game, store, now=NOW, incremental=True)
        assert not first.incremental  # nothing checked before: a full check
        baseline = active(store)
        assert baseline, "the sample game has findings"

        # Nothing changed: nothing re-checked, same findings.
        again = check(game, store, now=NOW, incremental=True)
        assert again.incremental and again.rechecked_posts == 0
        assert active(store) == baseline

        # New posts, an edit and a deletion.
        posts = {sp.post.pid: sp.post for sp in store.posts(tz=TZ)}
        template = next(p for p in posts.values() if p.author == "饺子" and p.tid == 103)
        new = [
            replace(
                template,
                pid=9001,
                floor=90,
                text="卧槽，油条你脑子有病吧",
                lines=("卧槽，油条你脑子有病吧",),
                posted_at=template.posted_at + timedelta(minutes=1),
            ),
            replace(
                template,
                pid=9002,
                floor=91,
                text="看这个 http://evil.example.com/x",
                lines=("看这个 http://evil.example.com/x",),
                links=("http://evil.example.com/x",),
                posted_at=template.posted_at + timedelta(minutes=2),
            ),
        ]
        edited = replace(template, text="我发誓我是好人", lines=("我发誓我是好人",))
        store.upsert_posts([*new, edited], run_id=None)
        deleted_pid, deleted_day = next(
            (r["pid"], r["day"])
            for r in store.findings()
            if r["pid"] is not None and r["code"] == "FONT-RED"
        )
        store.db.execute("UPDATE posts SET deleted=1 WHERE pid=?", (deleted_pid,))

        result = check(game, store, now=NOW, incremental=True)
        assert result.incremental
        assert result.rechecked_posts == 3  # two new, one edited
        # The days of the new, edited and deleted posts, and nothing else.
        assert set(result.rechecked_days) == {template_day(result, template.pid), deleted_day}
        after = active(store)
        assert after == full_result(game, game.store, tmp_path)
        assert after != baseline
        assert any(v[3] == 9001 for v in after.values())
        assert not any(v[3] == deleted_pid and v[0] == "FONT-RED" for v in after.values())


def template_day(result: object, pid: int | None) -> int:
    ctx = result.context  # type: ignore[attr-defined]
    return next(gp.day for gp in ctx.posts if gp.pid == pid)


def test_config_change_forces_full_check(game: Game, tmp_path: Path) -> None:
    with Store(game.store) as store:
        crawl(game, store)
        check(game, store, now=NOW, incremental=True)
        game.path.write_text(
            game.path.read_text("utf-8") + "\n[rules.LURK-DAY]\nmin_posts = 8\n", "utf-8"
        )
        changed = load_game(game.path)
        result = check(changed, store, now=NOW, incremental=True)
        assert not result.incremental
        assert result.rechecked_posts == len(result.context.posts)


def test_day_closing_since_last_check_is_judged(game: Game) -> None:
    # With 8 posts a day required, 烧卖 (5 posts on day 3) lurks on the last day.
    game.path.write_text(
        game.path.read_text("utf-8") + "\n[rules.LURK-DAY]\nmin_posts = 8\n", "utf-8"
    )
    game = load_game(game.path)
    with Store(game.store) as store:
        crawl(game, store)
        last_day = game.days[-1]
        before_close = last_day.closes - timedelta(hours=1)
        check(game, store, now=before_close, incremental=True)
        assert not any(
            r["code"] == "LURK-DAY" and r["day"] == last_day.number for r in store.findings()
        )
        result = check(game, store, now=last_day.closes + timedelta(hours=1), incremental=True)
        assert result.incremental and result.rechecked_posts == 0
        assert last_day.number in result.rechecked_days
        assert any(
            r["code"] == "LURK-DAY" and r["day"] == last_day.number for r in store.findings()
        )


def test_late_vote_is_judged_with_its_vote_threads_day(game: Game, tmp_path: Path) -> None:
    """A vote after the close is a night post by the clock, but VOTE-LATE belongs to the
    vote thread's day: the incremental check must re-judge that day."""
    with Store(game.store) as store:
        crawl(game, store)
        check(game, store, now=NOW, incremental=True)
        posts = [sp.post for sp in store.posts(tz=TZ) if sp.post.tid == 104]
        day2 = game.day(2)
        assert day2 is not None
        late = replace(
            posts[1],
            pid=9100,
            floor=99,
            text="投票对象：春卷 投票理由：晚了",
            lines=("投票对象：春卷", "投票理由：晚了"),
            posted_at=day2.closes + timedelta(minutes=30),
        )
        store.upsert_posts([late], run_id=None)
        result = check(game, store, now=NOW, incremental=True)
        assert result.incremental and 2 in result.rechecked_days
        assert any(r["code"] == "VOTE-LATE" and r["pid"] == 9100 for r in store.findings())
        assert active(store) == full_result(game, game.store, tmp_path)


def test_lexicon_edit_forces_a_full_check(game: Game, tmp_path: Path) -> None:
    lex = tmp_path / "mylex"
    lex.mkdir()
    (lex / "extra.txt").write_text("@category VULGAR\n@title 导演自加\n\n占位词条甲乙丙\n", "utf-8")
    game.path.write_text(
        game.path.read_text("utf-8").replace(
            "[players]", '[rules]\nlexicons = ["mylex/"]\n\n[players]', 1
        ),
        "utf-8",
    )
    game = load_game(game.path)
    with Store(game.store) as store:
        crawl(game, store)
        check(game, store, now=NOW, incremental=True)
        assert check(game, store, now=NOW, incremental=True).incremental
        # The director adds a word that a sample post uses: the next check is a full one.
        (lex / "extra.txt").write_text(
            "@category VULGAR\n@title 导演自加\n\n占位词条甲乙丙\n划水\n", "utf-8"
        )
        result = check(game, store, now=NOW, incremental=True)
        assert not result.incremental
        assert any("划水" in r["matches"] for r in store.findings())


def test_a_night_reads_only_the_days_it_touches(game: Game, tmp_path: Path) -> None:
    """A new post on day 3 reads day 3's posts, the threads of day 3 and the posts the
    game-scoped rules keep (last words), never the game; the same store checked by a
    version without the day and keep marks reads the game once and marks every post."""
    with Store(game.store) as store:
        assert crawl(game, store).ok
        check(game, store, now=NOW, incremental=True)
        total = store.post_count()
        kept = {r[0] for r in store.db.execute("SELECT pid FROM checked_posts WHERE keep=1")}
        lastwords = {sp.post.pid for sp in store.posts(tid=107)}
        assert kept and kept >= lastwords  # the last-words thread, whatever the day
        day3 = [sp.post for sp in store.posts(tz=TZ) if sp.post.tid == 105]
        store.upsert_posts(
            [replace(day3[-1], pid=9300, floor=300, text="我再说一句", lines=("我再说一句",))],
            run_id=None,
        )
        on_day3 = store.db.execute(
            "SELECT COUNT(*) FROM checked_posts c JOIN posts p USING (pid)"
            " WHERE c.day = 3 OR p.tid IN (105, 106) OR c.keep = 1"
        ).fetchone()[0]
        result = check(game, store, now=NOW, incremental=True)
        assert result.incremental and result.rechecked_days == (3,)
        assert result.loaded_posts == on_day3 + 1 < total
        assert active(store) == full_result(game, game.store, tmp_path)

        # An older version's check state: no keep marks, records of another shape.
        store.db.execute("UPDATE checked_posts SET keep = 0")
        store.db.execute("UPDATE check_state SET value = '{}' WHERE key = 'blob:records'")
        store.upsert_posts(
            [replace(day3[-1], pid=9301, floor=301, text="还有一句", lines=("还有一句",))],
            run_id=None,
        )
        again = check(game, store, now=NOW, incremental=True)
        assert again.incremental and again.loaded_posts == total + 2
        marked = {r[0] for r in store.db.execute("SELECT pid FROM checked_posts WHERE keep=1")}
        assert marked == kept
