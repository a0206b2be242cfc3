"""Issue 16: the nightly run costs what is new.  The crawl streams (each page stored as
soon as it is parsed), the store writes a page's posts in batches, and an incremental
night ends exactly where a full run ends."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from generate import GameConfig, generate_game, write_game

import auditor.forum.crawl as crawl_mod
from auditor.forum.crawl import crawl
from auditor.game.gamefile import load_game
from auditor.store import Store


@pytest.fixture(scope="module")
def small_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A generated game of 600 players' posts (75 desktop pages) written as a saved-pages folder."""
    out = tmp_path_factory.mktemp("game600")
    return write_game(generate_game(GameConfig(posts=600, seed=3)), out)


def test_saved_pages_are_stored_as_soon_as_parsed(
    small_game: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = load_game(small_game)
    parsed = 0
    real_parse = crawl_mod.parse_page

    def counting_parse(*args: object, **kwargs: object) -> object:
        nonlocal parsed
        parsed += 1
        return real_parse(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(crawl_mod, "parse_page", counting_parse)
    seen: list[tuple[int, int]] = []  # (files parsed, pages in the store) at each stored page
    files = len(list((small_game.parent / "pages").glob("*.html")))
    with Store(tmp_path / "g.sqlite") as store:

        def progress(tid: int, page: int, total: int | None) -> None:
            seen.append((parsed, store.page_count()))

        report = crawl(game, store, progress=progress)
        assert report.ok and report.pages == files
        assert report.new_posts == store.post_count() >= 600
    assert files > 50
    # Page k is in the store when the k-th file has been parsed: nothing is held back.
    assert seen == [(k, k) for k in range(1, files + 1)]


_PROBE = """
import sys
from auditor.cli import main
sys.argv = ["auditor", *sys.argv[1:]]
try:
    main()
except SystemExit as exc:
    code = exc.code
heavy = ("requests", "urllib3", "rich.markdown", "typer.rich_utils", "pandas", "openpyxl")
print("LOADED", *[m for m in heavy if m in sys.modules])
"""


def _loaded(args: list[str], cwd: Path) -> list[str]:
    import subprocess

    out = subprocess.run(
        [sys.executable, "-c", _PROBE, *args], cwd=cwd, capture_output=True, text=True, check=True
    ).stdout
    line = next(x for x in out.splitlines() if x.startswith("LOADED"))
    return line.split()[1:]


def test_a_saved_pages_audit_loads_no_http_stack_and_no_markdown(
    small_game: Path, tmp_path: Path
) -> None:
    args = ["audit", str(small_game), "-q", "--reports", str(tmp_path / "r")]
    assert _loaded(args, tmp_path) == []
    # A usage error still goes through typer's rich panel, in Chinese.
    assert "typer.rich_utils" in _loaded(["audit", str(small_game), "--nope"], tmp_path)
