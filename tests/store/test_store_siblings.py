"""A renamed game file beside its store (auditor.store.siblings): auditing ``renamed.toml``,
a copy of ``m108.toml``, once made an empty ``renamed.sqlite`` beside ``m108.sqlite`` and
started the game afresh without a word.  Now it stops, names the other store and says how
to go on; the other store is never changed."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from auditor import pipeline
from auditor.errors import StoreError
from auditor.game.gamefile import load_game
from auditor.store import Store
from auditor.store.siblings import other_stores, refuse_other_store
from tests import paths

SAMPLE = paths.ROOT / "examples" / "sample"


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "game"
    shutil.copytree(SAMPLE, folder, ignore=shutil.ignore_patterns("*.sqlite*", "*.lock", "reports"))
    return folder


def _state(folder: Path) -> dict[str, tuple[str, int]]:
    """Every file of the folder (not its subfolders): its bytes' hash and modification time."""
    return {
        p.name: (hashlib.sha256(p.read_bytes()).hexdigest(), p.stat().st_mtime_ns)
        for p in folder.iterdir()
        if p.is_file()
    }


def _store_with(path: Path, threads: dict[int, str | None]) -> None:
    """A real store holding these threads (tid -> title) as a crawl leaves them."""
    with Store(path) as store:
        for tid, subject in threads.items():
            store.save_thread_state(tid, subject=subject, source="html", last_page=1, total_pages=1)


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_auditing_a_renamed_game_file_names_the_store_and_starts_nothing(
    tmp_path: Path,
) -> None:
    folder = _folder(tmp_path)
    reports = tmp_path / "reports"
    m108 = folder / "m108.toml"
    shutil.copy(folder / "minimal.toml", m108)
    pipeline.audit(m108, reports=reports)
    old = folder / "m108.sqlite"
    with Store(old) as store:
        first = store.own_id()
    renamed = folder / "renamed.toml"
    shutil.copy(m108, renamed)
    before = _state(folder)

    with pytest.raises(StoreError) as refused:
        pipeline.audit(renamed, reports=reports)
    message = str(refused.value)
    assert refused.value.exit_code == 6
    assert "renamed.sqlite" in message and "m108.sqlite" in message, message
    assert "「M107」" in message, message  # (what of this game it holds)
    assert 'store = "m108.sqlite"' in message and "--new-store" in message, message
    assert not (folder / "renamed.sqlite").exists()
    assert _state(folder) == before  # the other store untouched, nothing made beside it
    assert not (reports / "renamed").exists()

    # going on as told: the old store, with its id (its decisions), under the new name
    text = renamed.read_text("utf-8")
    renamed.write_text(
        text.replace("[game]\n", '[game]\nstore = "m108.sqlite"\n', 1), encoding="utf-8"
    )
    assert load_game(renamed).store == old
    pipeline.audit(renamed, reports=reports)
    with Store(old) as store:
        assert store.own_id() == first
    assert not (folder / "renamed.sqlite").exists()


def test_the_new_store_flag_starts_anew_and_leaves_the_other_store(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    m108 = folder / "m108.toml"
    shutil.copy(folder / "minimal.toml", m108)
    pipeline.audit(m108, reports=tmp_path / "reports")
    old_bytes = (folder / "m108.sqlite").read_bytes()
    renamed = folder / "renamed.toml"
    shutil.copy(m108, renamed)
    pipeline.audit(renamed, reports=tmp_path / "reports", new_store=True)
    assert (folder / "renamed.sqlite").exists()
    assert (folder / "m108.sqlite").read_bytes() == old_bytes
    # made: the next night goes on in it without the flag
    pipeline.audit(renamed, reports=tmp_path / "reports")


def test_a_game_file_listing_threads_another_store_holds_is_refused(tmp_path: Path) -> None:
    """No tag: the threads the file lists, every one of them in the other store."""
    folder = _folder(tmp_path)
    game = load_game(folder / "game.toml")
    tids = [t.tid for t in game.threads]
    _store_with(folder / "old.sqlite", dict.fromkeys(tids))
    with pytest.raises(StoreError) as refused:
        refuse_other_store(game)
    assert "old.sqlite" in str(refused.value) and f"{len(tids)} 个帖子" in str(refused.value)
    # the twin: a store holding only some of them is another game's (or a test's)
    partial = tmp_path / "partial"
    partial.mkdir()
    shutil.copy(folder / "game.toml", partial / "game.toml")
    (partial / "pages").symlink_to(folder / "pages")
    _store_with(partial / "old.sqlite", dict.fromkeys(tids[:2]))
    refuse_other_store(load_game(partial / "game.toml"))


def test_stores_of_other_games_and_other_files_are_passed_over(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    _store_with(folder / "m1070.sqlite", {7: "[M1070] 第一天讨论帖", 8: "[AM107] 进程帖"})
    _store_with(folder / "other.db", {9: "[M106] 第一天讨论帖"})
    _write(folder, "notes.sqlite", "not a database")
    (folder / "folder.sqlite").mkdir()
    game = load_game(folder / "minimal.toml")
    assert other_stores(game) == []
    refuse_other_store(game)
    # a store of this game (the tag standing alone in a title) is found
    _store_with(folder / "m107-old.sqlite", {101: "［Ｍ１０７］第一天讨论帖"})
    assert [o.path.name for o in other_stores(game)] == ["m107-old.sqlite"]


def test_a_store_named_in_the_game_file_or_already_made_is_not_questioned(
    tmp_path: Path,
) -> None:
    folder = _folder(tmp_path)
    _store_with(folder / "m108.sqlite", {101: "[M107] 第一天讨论帖"})
    text = (folder / "minimal.toml").read_text("utf-8")
    named = _write(
        folder, "named.toml", text.replace("[game]\n", '[game]\nstore = "named.sqlite"\n', 1)
    )
    refuse_other_store(load_game(named))  # the director's choice: a store of its own
    made = load_game(folder / "minimal.toml")
    with pytest.raises(StoreError):
        refuse_other_store(made)
    refuse_other_store(made, new_store=True)
    _store_with(made.store, {})  # once made, it is the game's store
    refuse_other_store(made)
