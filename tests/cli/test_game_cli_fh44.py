"""`auditor game` answers what the desk answers (left from session 43, fh44): --reject a
proposal (不对，不要; --answer 无人出局 / 还没关门 for a tally's vote-out only) and --confirm a
替补 naming his newcomer (--newcomer, --own-account), with the warning when that account
never posted in the game.  The session-43 director's own M39 game on saved pages."""

from __future__ import annotations

import json
from pathlib import Path

from tests.desk_helpers import auditor, fh43_game


def _events(game: Path) -> dict[tuple[str, str], str]:
    listed = json.loads(auditor("game", game.name, "--format", "json", cwd=game.parent).stdout)
    return {
        (i["value"]["type"], i["value"]["player"]): i["id"]
        for i in listed["items"]
        if i["kind"] == "event"
    }


def test_reject_and_name_a_newcomer_from_the_command_line(tmp_path: Path) -> None:
    game = fh43_game(tmp_path / "h")
    assert auditor("audit", game.name, "-q", cwd=game.parent).returncode == 7
    events = _events(game)
    sub = events[("substitute", "竹影")]
    confirm = ("--confirm", sub, "--newcomer", "路人乙", "--own-account", "--by", "老钟")
    got = auditor("game", game.name, *confirm, cwd=game.parent)
    said = got.stdout.replace("\n", "")
    assert got.returncode == 0, got.stdout + got.stderr
    assert "替补的人：路人乙，用自己的帐号 路人乙" in said, said
    assert "注意：竹影 的替补 路人乙：本局帖子里没有 路人乙 发的帖" in said, said
    assert 'value = "路人乙"' in game.read_text("utf-8")
    piped = events[("piped", "青柠")]
    wrong = ("--reject", piped, "--answer", "无人出局", "--by", "老钟")
    refused = auditor("game", game.name, *wrong, cwd=game.parent)
    assert refused.returncode != 0
    assert "只用来回答计票得出的出局" in refused.stdout + refused.stderr
    got = auditor("game", game.name, "--reject", piped, "--by", "老钟", cwd=game.parent)
    assert got.returncode == 0, got.stdout + got.stderr
    assert "已答「不对，不要」" in got.stdout.replace("\n", ""), got.stdout
    # (fh45: an event answered 「不对，不要」 leaves the game's state, not only the questions)
    assert ("piped", "青柠") not in _events(game)
