"""The audit line's 待确认 hint (auditor.cli.nightly._confirming) is a hint only: a store
that cannot be read never changes the audit's outcome, and the command it names is
pasteable for a game path with spaces."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

from auditor.cli import nightly


def _game(tmp_path: Path) -> Any:
    store = tmp_path / "g.sqlite"
    store.write_bytes(b"")
    return SimpleNamespace(discovers=True, store=store)


def test_a_failing_store_never_changes_the_audit(tmp_path: Path, monkeypatch: Any) -> None:
    def broken(*_a: object, **_k: object) -> None:
        raise RuntimeError("数据库坏了")

    monkeypatch.setattr(nightly.pipeline, "open_store", broken)
    assert nightly._confirming(cast(Any, _game(tmp_path)), tmp_path / "g.toml", "没有问题") == ""


def test_the_named_command_quotes_a_path_with_spaces(tmp_path: Path, monkeypatch: Any) -> None:
    class Opened:
        def __enter__(self) -> object:
            return object()

        def __exit__(self, *_a: object) -> None:
            return None

    monkeypatch.setattr(nightly.pipeline, "open_store", lambda *_a, **_k: Opened())
    monkeypatch.setattr(nightly.pipeline, "current", lambda *_a, **_k: None)
    monkeypatch.setattr(nightly.pipeline, "pending", lambda *_a, **_k: [1, 2])
    said = nightly._confirming(_game(tmp_path), Path("/tmp/我的 游戏/g.toml"), "没有问题")
    assert "待确认 2 项" in said and "auditor game '/tmp/我的 游戏/g.toml'" in said
