"""A renamed game file beside its store (auditor.store.siblings): auditing ``renamed.toml``,
a copy of ``m108.toml``, once made an empty ``renamed.sqlite`` beside ``m108.sqlite`` and
started the game afresh without a word.  Now it stops, names the other store and says how
to go on; the other store is never changed."""

from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path

import pytest

from auditor import pipeline
from auditor.errors import StoreError
from auditor.game.gamefile import load_game
from auditor.store import Store
from auditor.store.siblings import (
    MAX_FILES,
    other_stores,
    refuse_other_game,
    refuse_other_store,
)
from tests import paths

SAMPLE = paths.ROOT / "examples" / "sample"


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "game"
    shutil.copytree(SAMPLE, folder, ignore=shutil.ignore_patterns("*.sqlite*", "*.lock", "reports"))
    # the sample's two game files name their own stores (they are the same game in one
    # folder); here each is a game file on its default store, as a director's m108.toml is
    for name, store in (("minimal.toml", "minimal.sqlite"), ("game.toml", "game.sqlite")):
        text = (folder / name).read_text("utf-8")
        assert f'store = "{store}"' in text, name
        (folder / name).write_text(strip_store(text), "utf-8")
    return folder


def strip_store(text: str) -> str:
    """A game file's text without its ``[game] store`` line (its store: the default)."""
    return re.sub(r"(?m)^store = .*\n", "", text)


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


def test_a_folder_full_of_saved_pages_does_not_hide_the_store(tmp_path: Path) -> None:
    """The folder's files are filtered (a store's suffix, SQLite's header) before any cap:
    a folder of saved pages named before the store once hid it."""
    folder = _folder(tmp_path)
    for i in range(MAX_FILES + 50):
        _write(folder, f"a-page-{i:03d}.html", "<html></html>")
    for i in range(MAX_FILES + 50):
        _write(folder, f"b-not-a-store-{i:03d}.sqlite", "saved by hand")
    _store_with(folder / "m107-old.sqlite", {101: "[M107] 第一天讨论帖"})
    game = load_game(folder / "minimal.toml")
    assert [o.path.name for o in other_stores(game)] == ["m107-old.sqlite"]
    with pytest.raises(StoreError) as refused:
        refuse_other_store(game)
    assert "m107-old.sqlite" in str(refused.value)


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


# --------------------------------------------------------------------------- every command


@pytest.fixture(scope="module")
def audited(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding m108.toml (the sample's minimal game) audited once: m108.sqlite."""
    folder = _folder(tmp_path_factory.mktemp("audited"))
    shutil.copy(folder / "minimal.toml", folder / "m108.toml")
    pipeline.audit(folder / "m108.toml", reports=folder.parent / "reports")
    return folder


@pytest.fixture
def renamed(audited: Path, tmp_path: Path) -> Path:
    """A private copy of the audited folder with renamed.toml, a copy of m108.toml."""
    folder = tmp_path / "game"
    shutil.copytree(audited, folder, symlinks=True)
    shutil.copy(folder / "m108.toml", folder / "renamed.toml")
    return folder / "renamed.toml"


def _tree(root: Path) -> dict[str, tuple[str, int]]:
    """Every file under ``root``: its bytes' hash and modification time."""
    return {
        str(p.relative_to(root)): (hashlib.sha256(p.read_bytes()).hexdigest(), p.stat().st_mtime_ns)
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


_COMMANDS = {
    "crawl": ["crawl", "{game}"],
    "check": ["check", "{game}"],
    "game": ["game", "{game}"],
    "card": ["card", "{game}", "饺子", "--card", "yellow", "--reason", "超时未交夜间行动"],
    "report": ["report", "{game}", "--reports", "{reports}"],
    "posts": ["posts", "{game}"],
    "ledger": ["ledger", "{game}"],
    "status": ["status", "{game}"],
    "votes": ["votes", "{game}"],
    "serve": ["serve", "{game}"],
    "audit": ["audit", "{game}", "--reports", "{reports}"],
}


@pytest.mark.parametrize("command", list(_COMMANDS))
def test_every_command_refuses_a_renamed_game_file_alike_and_writes_nothing(
    renamed: Path, command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    from auditor.cli import app
    from auditor.cli import serve as serve_cli

    def never_served(*args: object, **kwargs: object) -> None:
        raise AssertionError("the desk was served for a renamed game file")

    monkeypatch.setattr(serve_cli, "_serve", never_served)
    root = renamed.parent.parent
    reports = root / "reports"
    before = _tree(root)
    args = [a.format(game=renamed, reports=reports) for a in _COMMANDS[command]]
    res = CliRunner().invoke(app, args, terminal_width=400)
    text = "".join(res.output.split())
    assert res.exit_code == 6, res.output
    assert "数据库" in text and "renamed.sqlite：还不存在" in text, res.output
    assert "m108.sqlite存有这一局" in text and "「M107」" in text, res.output
    assert '[game]里写上store="m108.sqlite"' in text, res.output
    assert 'store="renamed.sqlite"' in text, res.output
    assert ("--new-store" in text) == (command == "audit"), res.output  # (its own flag)
    assert "Traceback" not in res.output
    assert not (renamed.parent / "renamed.sqlite").exists()
    assert _tree(root) == before  # nothing written: not the other store, no report


def test_the_desk_refuses_a_renamed_game_file(renamed: Path) -> None:
    """The desk loads each game at start (``auditor serve``) and opens its store through
    ``pipeline.open_store`` on every page: both refuse."""
    from auditor.desk import actions

    before = _tree(renamed.parent)
    with pytest.raises(StoreError, match=r"m108\.sqlite"):
        actions.load(renamed)
    game = load_game(renamed)
    with pytest.raises(StoreError, match=r"m108\.sqlite"), actions.game_store(game):
        pass
    assert _tree(renamed.parent) == before


# --------------------------------------------------------------------------- the next game


def _next_game(folder: Path, name: str, *, tag: str, store: str | None) -> Path:
    """m108.toml copied as ``name`` for the next game: its tag changed, and its ``[game]
    store`` (when given) kept from the old game."""
    text = (folder / "m108.toml").read_text("utf-8").replace('tag = "M107"', f'tag = "{tag}"', 1)
    if store is not None:
        text = text.replace("[game]\n", f'[game]\nstore = "{store}"\n', 1)
    return _write(folder, name, text)


_NEXT_COMMANDS = {k: v for k, v in _COMMANDS.items() if k != "audit"} | {
    "audit": ["audit", "{game}", "--reports", "{reports}", "--new-store"],
}


@pytest.mark.parametrize("command", list(_NEXT_COMMANDS))
def test_a_copy_for_the_next_game_naming_the_old_store_is_refused_with_both_tags(
    renamed: Path, command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    from auditor.cli import app
    from auditor.cli import serve as serve_cli

    def never_served(*args: object, **kwargs: object) -> None:
        raise AssertionError("the desk was served for a store of another game")

    monkeypatch.setattr(serve_cli, "_serve", never_served)
    folder = renamed.parent
    m109 = _next_game(folder, "m109.toml", tag="M109", store="m108.sqlite")
    root = folder.parent
    before = _tree(root)
    args = [a.format(game=m109, reports=root / "reports") for a in _NEXT_COMMANDS[command]]
    res = CliRunner().invoke(app, args, terminal_width=400)
    text = "".join(res.output.split())
    assert res.exit_code == 6, res.output
    assert "m108.sqlite：存的是另一局" in text, res.output
    assert "标签「M107」" in text and "标签「M109」" in text, res.output
    assert 'store="m109.sqlite"' in text and "[game]tag" in text, res.output
    assert "Traceback" not in res.output
    assert _tree(root) == before  # nothing written: the old store as it was, no report


def test_the_next_game_is_refused_by_the_pipeline_and_the_desk_before_anything_is_written(
    renamed: Path,
) -> None:
    from auditor.desk import actions

    folder = renamed.parent
    m109 = _next_game(folder, "m109.toml", tag="M109", store="m108.sqlite")
    reports = folder.parent / "reports"
    before = _tree(folder.parent)
    with pytest.raises(StoreError, match=r"「M107」.*「M109」"):
        pipeline.audit(m109, reports=reports)
    with pytest.raises(StoreError, match=r"「M107」.*「M109」"):
        actions.load(m109)
    game = load_game(m109)
    with pytest.raises(StoreError, match="「M107」"), pipeline.open_store(game):
        pass
    assert _tree(folder.parent) == before
    # going on as told: a new store for the new game
    text = m109.read_text("utf-8").replace('store = "m108.sqlite"', 'store = "m109.sqlite"')
    m109.write_text(text, encoding="utf-8")
    with pipeline.open_store(load_game(m109)) as store:
        assert store.path.name == "m109.sqlite"


def test_the_old_file_given_the_next_tag_in_place_is_refused_too(renamed: Path) -> None:
    """No ``[game] store``: m108.toml itself given the tag M109 still names m108.sqlite."""
    folder = renamed.parent
    text = (folder / "m108.toml").read_text("utf-8").replace('tag = "M107"', 'tag = "M109"')
    (folder / "m108.toml").write_text(text, encoding="utf-8")
    with pytest.raises(StoreError) as refused:
        pipeline.open_game(folder / "m108.toml")
    message = str(refused.value)
    assert "「M107」" in message and "「M109」" in message, message
    assert "m108.sqlite" in message and 'store = "m109.sqlite"' not in message, message
    assert "store = " in message, message


def test_a_store_holding_this_game_or_no_tag_at_all_is_not_questioned(tmp_path: Path) -> None:
    """The twins: the store holds a thread of this game among others' (a thread of another
    game the director listed), holds nothing yet, or holds titles that name no tag; and a
    game file without a tag is never questioned by tags."""
    folder = _folder(tmp_path)
    game = load_game(folder / "minimal.toml")  # M107, its store minimal.sqlite
    _store_with(game.store, {1: "[M106] 第一天讨论帖", 2: "［Ｍ１０７］第二天讨论帖"})
    refuse_other_game(game)
    game.store.unlink()
    _store_with(game.store, {})
    refuse_other_game(game)
    game.store.unlink()
    _store_with(game.store, {1: "第一天讨论帖", 2: "进程帖", 3: None})
    refuse_other_game(game)
    game.store.unlink()
    _store_with(game.store, {1: "[M106] 第一天讨论帖", 2: "M106『春日』规则帖"})
    with pytest.raises(StoreError, match="2 个帖子（1、2）的标题带标签「M106」"):
        refuse_other_game(game)
    # the tag near but not standing alone (M1070) is another game's
    game.store.unlink()
    _store_with(game.store, {1: "[M1070] 第一天讨论帖"})
    with pytest.raises(StoreError, match="「M1070」"):
        refuse_other_game(game)
    untagged = load_game(folder / "game.toml")
    _store_with(untagged.store, {1: "[M106] 第一天讨论帖"})
    refuse_other_game(untagged)


@pytest.mark.parametrize("order", [("game.toml", "minimal.toml"), ("minimal.toml", "game.toml")])
def test_the_sample_folder_audits_both_of_its_game_files(
    tmp_path: Path, order: tuple[str, str]
) -> None:
    """The README's first command (game.toml) and the minimal file directors are pointed at
    (minimal.toml, the same game in the same folder), in either order: each its own store,
    both exit 0 (minimal.toml first once refused game.toml, exit 6)."""
    from typer.testing import CliRunner

    from auditor.cli import app

    folder = tmp_path / "sample"
    shutil.copytree(SAMPLE, folder, ignore=shutil.ignore_patterns("*.sqlite*", "*.lock", "reports"))
    for name in order:
        args = ["audit", str(folder / name), "--reports", str(tmp_path / "reports")]
        res = CliRunner().invoke(app, args, terminal_width=400)
        assert res.exit_code == 0, (name, res.output)
    assert (folder / "game.sqlite").is_file() and (folder / "minimal.sqlite").is_file()
