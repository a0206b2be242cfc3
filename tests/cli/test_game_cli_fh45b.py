"""`auditor game --add event --type substitute` names the newcomer as --confirm does (session
45, Yuki's bug 1): ``--newcomer 糯米 --own-account`` writes ``value = "糯米"`` (000/001's
substitutes on their own account); ``--newcomer`` alone (seed 004 替补: 替补玩家将收到该玩家的
……账号、密码) writes him beside the event, on the seat's account; a newcomer for another
type is refused.  Before: exit 0 and the newcomer dropped.  Her own M39 game, night 2."""

from __future__ import annotations

from pathlib import Path

from tests.desk.test_desk_fh45b_browser import fh45b_game
from tests.desk_helpers import auditor

ADD = ("game", "m39.toml", "--add", "event", "--type", "substitute", "--by", "Yuki")


def test_add_a_substitute_with_his_account_from_the_command_line(tmp_path: Path) -> None:
    game = fh45b_game(tmp_path / "m39")
    assert auditor("crawl", game.name, cwd=game.parent).returncode == 0
    own = ("--player", "鱼丸", "--at", "2026-12-09 12:00", "--newcomer", "糯米", "--own-account")
    got = auditor(*ADD, *own, cwd=game.parent)
    said = got.stdout.replace("\n", "")
    assert got.returncode == 0, got.stdout + got.stderr
    assert "已补上" in said and "替补的人：糯米，用自己的帐号 糯米" in said, said
    text = game.read_text("utf-8")
    assert 'player = "鱼丸"' in text and 'value = "糯米"' in text, text[-600:]
    same = ("--player", "栗子", "--at", "2026-12-10 12:00", "--newcomer", "饭团")
    got = auditor(*ADD, *same, cwd=game.parent)
    assert got.returncode == 0, got.stdout + got.stderr
    text = game.read_text("utf-8")
    assert "替补的人：饭团，用 栗子 的帐号" in text, text[-600:]
    assert 'value = "饭团"' not in text
    wrong = ("--add", "event", "--type", "sheriff", "--player", "栗子", "--at", "2026-12-10 12:00")
    got = auditor("game", "m39.toml", *wrong, "--newcomer", "饭团", "--by", "Yuki", cwd=game.parent)
    assert got.returncode != 0 and "替补的人" in got.stdout + got.stderr
