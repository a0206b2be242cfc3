"""Helpers for the ledger, decisions and report tests: a small game file and findings."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from auditor.gamefile import Game, load_game
from auditor.rules.base import Finding, Match

PLAYERS = ["饺子", "包子", "馄饨", "豆浆", "油条", "烧卖", "春卷", "汤圆"]

GAME = """\
[game]
name = "账本测试"
ruleset = "{ruleset}"
timezone = "Asia/Shanghai"
directors = ["导演"]
spectators = ["观众"]
decided_by = "导演"

[forum]
{forum}

[players]
names = {players}

[[thread]]
tid = 11
kind = "discussion"
day = 1

[[thread]]
tid = 12
kind = "vote"
day = 1

[[thread]]
tid = 21
kind = "discussion"
day = 2

[[day]]
number = 1
opens = 2026-11-20T09:00:00+08:00
closes = 2026-11-20T22:00:00+08:00

[[day]]
number = 2
opens = 2026-11-21T09:00:00+08:00
closes = 2026-11-21T22:00:00+08:00
"""


def make_game(tmp_path: Path, ruleset: str = "m107", extra: str = "",
              forum: str = 'url = "http://bbs.example.com/"') -> Game:
    players = "[" + ", ".join(f'"{p}"' for p in PLAYERS) + "]"
    path = tmp_path / "game.toml"
    path.write_text(GAME.format(ruleset=ruleset, players=players, forum=forum) + extra,
                    encoding="utf-8")
    return load_game(path)


def finding(code: str, player: str, day: int, pid: int | None = None, *, card: str = "blue",
            text: str = "违规的话", key: str = "", at: str | None = None) -> Finding:
    posted = datetime.fromisoformat(at) if at else (
        datetime.fromisoformat(f"2026-11-2{day - 1}T10:00:00+08:00") if pid else None)
    return Finding(code=code, player=player, day=day, phase=None, tid=11 if pid else None, pid=pid,
                   floor=(pid - 1000) if pid else None,
                   matches=(Match(text, 0, len(text), "测试"),) if pid else (),
                   excerpt=text, card=card, key=key, note="", posted_at=posted)
