"""Where the banned-phrase lexicons are and what they hash to: the files a PHRASE finding
depends on (:mod:`auditor.rules.lexicon` reads their format).  Apart from the format, so a
night with nothing new compares them without compiling the format's patterns."""

from __future__ import annotations

import hashlib
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


def lexicon_digest(game: Game) -> bytes:
    """Every lexicon file the phrase rules would load for this game (the built-in ones and
    the game file's ``[rules] lexicons``): an edit forces a full re-check.  (Here, beside
    the lexicon format and not in the phrase rules: a night with nothing new compares it
    without loading the matcher.)"""
    extra = game.rules.get("lexicons") or []
    paths = [DEFAULT_DIR] + [
        p if p.is_absolute() else game.path.parent / p for p in map(Path, extra)
    ]
    h = hashlib.sha256()
    for path in paths:
        files = sorted(f for f in path.rglob("*") if f.is_file()) if path.is_dir() else [path]
        for f in files:
            h.update(str(f).encode())
            h.update(f.read_bytes() if f.is_file() else b"<missing>")
    return h.digest()
