"""The dataclasses' generated methods compiled once and read back (:mod:`auditor.classcode`,
issue 16): the classes behave the same from the table as compiled afresh, a second process
compiles nothing, and a damaged or unwritable cache only means compiling again."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests import paths

ROOT = paths.ROOT

# Made in a child process (installing the table first, as the entry point does), then
# described: what the generated methods do, and how many sources came from the table.
_CHILD = r"""
import dataclasses, inspect, json, pickle, sys
from auditor import classcode
classcode.install()
from auditor.game.gamefile import Game
from auditor.models import Post

@dataclasses.dataclass(frozen=True, slots=True)
class Card:
    player: str
    floor: int = 0
    tags: tuple[str, ...] = ()
    notes: list[str] = dataclasses.field(default_factory=list, compare=False)

a, b = Card("饺子", 3, ("红",)), Card("饺子", 3, ("红",), ["不比较"])
try:
    a.floor = 4
    frozen = False
except dataclasses.FrozenInstanceError:
    frozen = True
print(json.dumps({
    "repr": repr(a),
    "eq": a == b, "hash": hash(a) == hash(b), "ne": a != Card("饺子", 4),
    "frozen": frozen,
    "default": Card("x").notes == [] and Card("x").notes is not Card("x").notes,
    "pickle": pickle.loads(pickle.dumps(a)) == a,
    "signatures": [str(inspect.signature(c)) for c in (Card, Post, Game)],
    "fields": [f.name for f in dataclasses.fields(Post)],
    "hits": classcode.hits,
}, ensure_ascii=False))
classcode.save()
"""


def _child(cache: Path) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", _CHILD],
        cwd=ROOT,
        env={**os.environ, "AUDITOR_CACHE_DIR": str(cache)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def test_classes_from_the_table_behave_as_compiled_afresh(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cold = _child(cache)
    assert cold["hits"] == 0  # nothing on disk yet: every method compiled
    (folder,) = (cache / "classcode").iterdir()  # this interpreter's
    files = {f.name: f.stat().st_size for f in folder.iterdir()}
    # A table per module that makes dataclasses (a night reads those it imports).
    assert {"__main__", "auditor.models", "auditor.game.gamefile"} <= set(files)
    assert sum(files.values()) > 10_000
    warm = _child(cache)
    assert int(warm["hits"]) > 60  # Game, Post and the classes they import, and Card
    assert {**warm, "hits": 0} == {**cold, "hits": 0}
    assert cold["repr"] == "Card(player='饺子', floor=3, tags=('红',), notes=[])"
    assert cold["eq"] and cold["hash"] and cold["ne"] and cold["frozen"]
    assert cold["default"] and cold["pickle"]


def test_a_damaged_table_is_compiled_again_and_rewritten(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cold = _child(cache)
    (folder,) = (cache / "classcode").iterdir()
    tables = sorted(folder.iterdir())
    whole = {t: t.read_bytes() for t in tables}
    for damage in (b"", b"\x00garbage", "half"):
        for t in tables:
            t.write_bytes(whole[t][: len(whole[t]) // 2] if damage == "half" else damage)
        again = _child(cache)
        assert again["hits"] == 0 and {**again, "hits": 0} == {**cold, "hits": 0}
        assert _child(cache)["hits"] == _child(cache)["hits"] > 60  # rewritten whole


def test_an_unwritable_cache_folder_only_means_compiling(tmp_path: Path) -> None:
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("x")  # the cache folder's path is a file: nothing can be made there
    cold = _child(blocked)
    assert cold["hits"] == 0 and _child(blocked)["hits"] == 0
    assert blocked.read_text() == "x"


def test_the_cache_folder_is_platformdirs_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """On Linux the folder is worked out without importing platformdirs (which loads
    tempfile and random on a night with nothing new): the same answer."""
    import platformdirs

    from auditor.cachedir import CACHE_ENV, cache_dir

    monkeypatch.delenv(CACHE_ENV, raising=False)
    for xdg in (None, "", "  ", "/srv/缓存"):
        if xdg is None:
            monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
        else:
            monkeypatch.setenv("XDG_CACHE_HOME", xdg)
        assert cache_dir() == Path(platformdirs.user_cache_dir("auditor", appauthor=False))
    monkeypatch.setenv(CACHE_ENV, "/tmp/elsewhere")
    assert cache_dir() == Path("/tmp/elsewhere")
