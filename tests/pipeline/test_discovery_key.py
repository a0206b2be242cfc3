"""Discovery runs again only when something it reads changed (``pipeline.current``).

The nightly run stores the discovered game keyed on everything discovery reads
(:func:`auditor.pipeline.discovery_key`): the game file, the board list and stored titles,
the directors' posts, the process threads' posts and the dismissals.  Each of those changed
runs discovery again; a player's post in another thread does not, and the stored result is
the one a fresh run gives.  The unread announcements are listed from it every night."""

from __future__ import annotations

import pickle
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

import auditor.game.discover as discover_module
import auditor.pipeline as pipeline
from auditor.game.gamefile import Game
from auditor.models import Post
from auditor.store import Store
from tests import paths

SAMPLE = paths.ROOT / "examples" / "sample"


@pytest.fixture
def minimal(tmp_path: Path) -> Path:
    """The sample's minimal file on its saved pages, audited once (the store holds the
    night's discovery)."""
    text = (SAMPLE / "minimal.toml").read_text("utf-8")
    pages = str(SAMPLE / "pages").replace("\\", "/")
    dest = tmp_path / "minimal.toml"
    dest.write_text(re.sub(r'(?m)^pages = "[^"]*"', f'pages = "{pages}"', text), "utf-8")
    pipeline.audit(dest, reports=tmp_path / "r")
    pipeline._DISCOVERED.clear()
    return dest


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Each discovery run, counted."""
    calls: list[int] = []
    real = discover_module.discover

    def counted(game: Game, store: object) -> Game:
        calls.append(1)
        return real(game, store)

    monkeypatch.setattr(discover_module, "discover", counted)
    return calls


def _same(a: Game, b: Game) -> None:
    """Two discovered games say the same: threads, days, events and what waits for a
    director (proposals, unread announcements, problems, warnings)."""
    assert (a.threads, a.days, a.events, a.ended) == (b.threads, b.days, b.events, b.ended)
    da, db = a.discovery, b.discovery
    for name in ("unread", "problems", "warnings", "proposals", "candidates", "unclassified"):
        assert getattr(da, name) == getattr(db, name), name
    assert [p.id for p in da.pending()] == [p.id for p in db.pending()]


def _post(store: Store, game: Game, tid: int, author: str, text: str, n: int = 0) -> Post:
    """A new post at the end of thread ``tid`` (a copy of its last post's frame)."""
    last = [sp.post for sp in store.posts(tid=tid, tz=game.timezone)][-1]
    return replace(
        last,
        pid=990_000 + n,
        floor=(last.floor or 0) + 1 + n,
        author=author,
        text=text,
        lines=(text,),
        message_html=text,
        first=False,
    )


def test_a_night_with_nothing_new_reads_the_stored_discovery(
    minimal: Path, runs: list[int]
) -> None:
    game = pipeline.open_game(minimal)  # a fresh process's first read: from the store
    assert runs == []
    result = pipeline.audit(game, reports=minimal.parent / "r")
    assert runs == [] and result.report_unchanged
    with Store(game.store) as store:
        _same(pipeline.current(game, store), discover_module.discover(game, store))


def test_a_players_post_elsewhere_does_not_run_discovery_again(
    minimal: Path, runs: list[int]
) -> None:
    game = pipeline.open_game(minimal)
    with Store(game.store) as store:
        before = pipeline.discovery_key(game, store)
        store.upsert_posts([_post(store, game, 105, "汤圆", "我觉得馄饨是狼，今晚票他。")], None)
        assert pipeline.discovery_key(game, store) == before
        pipeline._DISCOVERED.clear()
        got = pipeline.current(game, store)
        assert runs == []  # read from the store
        _same(got, discover_module.discover(game, store))  # what a fresh run says


def _director_edit(store: Store, game: Game) -> None:
    p = next(sp.post for sp in store.posts(author="导演", tz=game.timezone) if sp.post.tid == 105)
    text = p.text + " 更正：第三天改为 22:30 关门。"
    store.upsert_posts([replace(p, text=text, lines=(*p.lines, text))], None)


def _director_post(store: Store, game: Game) -> None:
    store.upsert_posts([_post(store, game, 105, "导演", "汤圆 请注意发言格式，别刷屏。")], None)


def _director_deleted(store: Store, game: Game) -> None:
    p = [sp.post for sp in store.posts(author="导演", tz=game.timezone)][-1]
    assert p.floor is not None
    assert store.mark_deleted(p.tid, [(p.floor, p.floor)], set()) == [p.pid]


def _process_post(store: Store, game: Game) -> None:
    tid = next(t.tid for t in game.threads if t.kind.value == "process")
    store.upsert_posts([_post(store, game, tid, "汤圆", "申请加速")], None)


def _board_title(store: Store, game: Game) -> None:
    board = store.state.board_threads
    board[0] = {**board[0], "subject": board[0]["subject"] + "（更正）"}
    store.state.board_threads = board


def _dismissed(store: Store, game: Game) -> None:
    store.state.dismiss(1001, {"by": "导演", "at": "11-22 10:00", "note": "", "digest": "x"})


CHANGES: dict[str, Callable[[Store, Game], None]] = {
    "a director's post edited": _director_edit,
    "a director's new post": _director_post,
    "a director's post deleted": _director_deleted,
    "a player's post in the process thread": _process_post,
    "a title on the board list": _board_title,
    "a post dismissed as 不是公告": _dismissed,
}


@pytest.mark.parametrize("what", CHANGES)
def test_each_input_discovery_reads_runs_it_again(
    minimal: Path, runs: list[int], what: str
) -> None:
    game = pipeline.open_game(minimal)
    with Store(game.store) as store:
        before = pipeline.discovery_key(game, store)
        CHANGES[what](store, game)
        assert pipeline.discovery_key(game, store) != before
        got = pipeline.current(game, store)
        assert runs == [1]
        _same(got, discover_module.discover(game, store))


def test_the_game_file_changed_runs_discovery_again(minimal: Path, runs: list[int]) -> None:
    game = pipeline.open_game(minimal)
    with Store(game.store) as store:
        before = pipeline.discovery_key(game, store)
    text = minimal.read_text("utf-8").replace('"汤圆"]', '"汤圆", "麻团"]')
    minimal.write_text(text, "utf-8")
    again = pipeline.open_game(minimal)
    assert runs == [1] and "麻团" in again.players
    with Store(game.store) as store:
        assert pipeline.discovery_key(again, store) != before


def test_a_new_unread_announcement_is_listed_every_night(minimal: Path, runs: list[int]) -> None:
    """Never silent: the unread post is listed the night it comes and each night after,
    from the stored discovery."""
    game = pipeline.open_game(minimal)
    with Store(game.store) as store:
        _director_post(store, game)
    first = pipeline.audit(game, reports=minimal.parent / "r", crawl=False)
    pipeline._DISCOVERED.clear()
    again = pipeline.audit(pipeline.open_game(minimal), reports=minimal.parent / "r", crawl=False)
    assert runs == [1]  # the first night only
    for result in (first, again):
        # (where a director finds it: its 楼 in its thread — session 42 item 2(c))
        assert any(re.search(r"未读懂的公告 1 条（帖子 105 的 \d+ 楼", s) for s in result.state), (
            result.state
        )


def test_a_damaged_stored_discovery_runs_it_again_and_is_rewritten(
    minimal: Path, runs: list[int]
) -> None:
    game = pipeline.open_game(minimal)
    with Store(game.store) as store:
        key = pipeline.discovery_key(game, store)
        store.set_state(pipeline.DISCOVERY_KEY, f"{key}\nnot base64!")
        pipeline._DISCOVERED.clear()  # (a new process)
        got = pipeline.current(game, store, keep=True)
        assert runs == [1]
        _same(got, discover_module.discover(game, store))
        pipeline._DISCOVERED.clear()
        pipeline.current(game, store)
        assert runs == [1, 1]  # (the second: the test's own fresh run): then the store's


def test_a_stored_pickle_naming_anything_else_is_not_loaded() -> None:
    """Only the game's own types load: a store's entry cannot run code."""

    class Evil:
        def __reduce__(self) -> tuple[object, tuple[str]]:
            import os

            return (os.system, ("echo unsafe",))

    class Writes:
        def __reduce__(self) -> tuple[object, tuple[str, list[object]]]:
            from auditor.game.confirm import write_proposals

            return (write_proposals, ("game.toml", []))

    assert pipeline._discovered(pickle.dumps(Evil())) is None
    assert pipeline._discovered(pickle.dumps(Writes())) is None  # a function of the game's
    assert pipeline._discovered(b"\x80\x05garbage") is None


def test_a_full_audit_runs_discovery_again(minimal: Path, runs: list[int]) -> None:
    """``auditor audit --full`` does everything again: discovery too."""
    game = pipeline.open_game(minimal)
    assert runs == []
    pipeline.audit(game, reports=minimal.parent / "r", crawl=False, full=True)
    assert runs == [1]
