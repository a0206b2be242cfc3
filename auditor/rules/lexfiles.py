"""Where the banned-phrase lexicons are and what they hash to: the files a PHRASE finding
depends on (:mod:`auditor.rules.lexicon` reads their format).  Apart from the format, so a
night with nothing new compares them without compiling the format's patterns."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from auditor.game.gamefile import Game

# Package data (pyproject.toml): an installed copy has them beside the code; the repository's
# top-level lexicons/ is a link to this folder, where the directors' docs name it.
DEFAULT_DIR = Path(__file__).resolve().parents[1] / "lexicons"
# The matcher's context tables (lexicons/README.md 上下文表): not categories, not read by the
# lexicon loader (a folder of the lexicon folder), but hashed with it like every lexicon file.
CONTEXT_DIR = DEFAULT_DIR / "context"


def game_lexicons(game: Game, default: bool = True) -> list[Path]:
    """The lexicon files and folders the phrase rules load for this game: the built-in
    folder (unless ``default`` is false) and the game file's ``[rules] lexicons``, relative
    to the game file."""
    extra = game.rules.get("lexicons") or []
    base = game.path.parent if getattr(game, "path", None) else Path(".")
    own = [p if p.is_absolute() else base / p for p in map(Path, extra)]
    return [DEFAULT_DIR, *own] if default else own


def lexicon_digest(game: Game) -> bytes:
    """Every lexicon file the phrase rules would load for this game (the built-in ones and
    the game file's ``[rules] lexicons``): an edit forces a full re-check.  (Here, beside
    the lexicon format and not in the phrase rules: a night with nothing new compares it
    without loading the matcher.)"""
    h = hashlib.sha256()
    for path in game_lexicons(game):
        files = sorted(f for f in path.rglob("*") if f.is_file()) if path.is_dir() else [path]
        for f in files:
            h.update(str(f).encode())
            h.update(f.read_bytes() if f.is_file() else b"<missing>")
    return h.digest()


def lexicon_stamp(paths: Iterable[Path | str]) -> tuple[tuple[str, int, int], ...]:
    """Each lexicon file under ``paths`` (a folder's files, or the file itself) with its
    modification time and size, a missing one as ``-1``: what a process's caches of things
    read from the lexicons (the matcher, a rule set that turns PHRASE-CENSOR on for a
    director's own words) key on, so a running desk sees a director's edited words without
    a restart.  Only ``stat`` calls: cheap enough to ask on every use."""
    out: list[tuple[str, int, int]] = []
    for root in map(Path, paths):
        try:
            files = sorted(f for f in root.rglob("*") if f.is_file()) if root.is_dir() else [root]
        except OSError:
            files = [root]
        for f in files:
            try:
                st = f.stat()
            except OSError:
                out.append((str(f), -1, -1))
            else:
                out.append((str(f), st.st_mtime_ns, st.st_size))
    return tuple(out)
