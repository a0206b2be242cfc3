"""The report's templates are compiled once into the cache folder and read back (a nightly
run no longer spends ~0.3 CPU s compiling report.html.j2); a damaged or unwritable cache
only means compiling again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from jinja2 import Environment

from auditor.report.html import environment


def _compiles(env: Environment, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []

    def compile_(source: str, name: str | None = None, *args: Any, **kwargs: Any) -> Any:
        seen.append(str(name))
        return Environment.compile(env, source, name, *args, **kwargs)

    monkeypatch.setattr(env, "compile", compile_)
    return seen


def test_templates_are_compiled_once_into_the_cache(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("AUDITOR_CACHE_DIR", str(tmp_path / "cache"))
    first = environment()
    compiled = _compiles(first, monkeypatch)
    source = first.get_template("report.html.j2")
    assert "report.html.j2" in compiled
    kept = sorted((tmp_path / "cache" / "templates").iterdir())
    assert kept

    again = environment()  # the next night's process
    compiled = _compiles(again, monkeypatch)
    read = again.get_template("report.html.j2")
    assert "report.html.j2" not in compiled
    assert read.blocks.keys() == source.blocks.keys()  # the report tests render through it

    for path in kept:  # a damaged file: compiled again, never an error
        path.write_bytes(b"not bytecode")
    damaged = environment()
    compiled = _compiles(damaged, monkeypatch)
    damaged.get_template("report.html.j2")
    assert "report.html.j2" in compiled


def test_an_unusable_cache_folder_still_renders(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "file").write_text("x", "utf-8")
    monkeypatch.setenv("AUDITOR_CACHE_DIR", str(tmp_path / "file"))  # a file, not a folder
    env = environment()
    assert env.bytecode_cache is None
    assert env.from_string("{{ 1 + 1 }}").render() == "2"
