"""`auditor game --confirm ID --type KIND` retires the proposal as it was read (session 50;
session 49's note: the desk retired it, the command line did not): 小鹿's night 2 (fh49, her
M39 game in 繁體), the death the reader proposed for 小葵 confirmed as 吹笛 — the game file
holds the piping, and 「出局：小葵」 is asked no more (nor written by a later --write)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from tests.desk_helpers import auditor, fh47_game


def _proposal(listing: str, starts: str) -> str | None:
    """The id of the pending proposal whose text starts with ``starts`` (``auditor game``'s
    table: │ P1DB33B7C │ 出局：小葵，12-16 09:00 夜晚 │ …)."""
    m = re.search(r"│ (P[0-9A-F]{8}) │ " + re.escape(starts), listing)
    return m.group(1) if m else None


def test_a_proposal_confirmed_as_another_kind_is_retired(tmp_path: Path) -> None:
    game = fh47_game(tmp_path / "g", night=2, game="discovery_fh49/xiaolu")
    assert auditor("audit", game.name, cwd=game.parent).returncode in (0, 7)
    listing = auditor("game", game.name, cwd=game.parent).stdout
    ident = _proposal(listing, "出局：小葵")
    assert ident is not None, listing[-3000:]
    got = auditor(
        "game", game.name, "--confirm", ident, "--type", "piped", "--by", "小鹿", cwd=game.parent
    )
    said = got.stdout.replace("\n", "")
    assert got.returncode == 0, got.stdout + got.stderr
    assert "已去掉" in said and "不再询问" in said, said
    after = auditor("game", game.name, cwd=game.parent).stdout
    assert _proposal(after, "出局：小葵") is None, after[-3000:]
    assert auditor("game", game.name, "--write", "--by", "小鹿", cwd=game.parent).returncode == 0
    raw = tomllib.loads(game.read_text("utf-8"))
    kinds = {(e["type"], e["player"]) for e in raw.get("event", [])}
    assert ("piped", "小葵") in kinds and ("eliminated", "小葵") not in kinds, kinds
