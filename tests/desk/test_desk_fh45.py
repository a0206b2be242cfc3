"""The session-45 first-hour director's findings (fh45, 大刘's M107, tests/desk/fh45) through
the real CLI and a real SQLite store: a discovered death he answers 「不对，不要」 leaves the
game's state and stays out on every later audit (also with its post marked 读对了 / 已处理);
asked again, the answer stands; adding a second death for a player says what conflicts in
his words, never a game file's key."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from tests.desk_helpers import auditor, fh45_game


def _events(game: Path) -> dict[str, str]:
    """``auditor game --format csv``'s events: "type player" -> proposal id ("" stated in
    the file)."""
    res = auditor("game", game.name, "--format", "csv", cwd=game.parent)
    rows = csv.DictReader(io.StringIO(res.stdout))
    return {r["key"]: r["id"] for r in rows if r["kind"] == "event"}


def wrong_death(game: Path) -> str:
    """The id of the night death read from his mistaken opening (pid 65: 「昨晚杀猪菜挂了」)."""
    return _events(game)["eliminated 杀猪菜"]


def test_a_rejected_discovered_death_leaves_the_state_and_stays_out(tmp_path: Path) -> None:
    game = fh45_game(tmp_path / "g", uncorrected=True)
    assert auditor("audit", game.name, cwd=game.parent).returncode in (0, 7)
    ident = wrong_death(game)
    assert ident.startswith("P"), ident
    # his order: the post marked 读对了 / 已处理 for its day line, then the death rejected
    handled = auditor("game", game.name, "--handled", "65", "--by", "大刘", cwd=game.parent)
    assert handled.returncode == 0, handled.stderr
    said = auditor("game", game.name, "--reject", ident, "--by", "大刘", cwd=game.parent)
    assert said.returncode == 0, said.stderr
    assert "eliminated 杀猪菜" not in _events(game)
    # asked again: his answer stands, in words (not 「不在待确认的列表里」)
    again = auditor("game", game.name, "--reject", ident, "--by", "大刘", cwd=game.parent)
    assert again.returncode == 0, again.stderr
    assert "已经答过「不对，不要」" in again.stdout + again.stderr
    # the next audit: still no death, and no 诈尸 draft for a living player
    assert auditor("audit", game.name, cwd=game.parent).returncode in (0, 7)
    assert "eliminated 杀猪菜" not in _events(game)
    found = auditor("findings", game.name, "--player", "杀猪菜", "-f", "csv", cwd=game.parent)
    zombie = [line for line in found.stdout.splitlines() if "诈尸" in line]
    assert zombie == [], zombie
    # the announcement: 大列巴 and 红肠 voted (for a living 杀猪菜): they are not listed;
    # the 电梯 has every living player, each with his thread named (the day has two)
    text = (game.parent / "reports" / "m107" / "latest" / "announcement.bbcode").read_text("utf-8")
    # (his 更正 left unread here, 冻梨 is living too and did not vote)
    assert "未投票（含无效票）：酸菜缸、冻梨\n" in text, text
    lift = text.split("[b]第2天电梯[/b]\n", 1)[1].split("\n\n", 1)[0].splitlines()
    names = [line.split("（", 1)[0] for line in lift]
    assert names == [
        "铁锅炖",
        "锅包肉",
        "杀猪菜",
        "酸菜缸",
        "冻梨",
        "马迭尔",
        "大列巴",
        "红肠",
        "秋林",
    ]
    for line in lift:
        if "（出局）" not in line:
            assert "：第2天讨论帖 " in line or "：第2天投票帖 " in line, line


def test_a_second_death_is_refused_in_plain_words(tmp_path: Path) -> None:
    game = fh45_game(tmp_path / "g")
    assert auditor("audit", game.name, cwd=game.parent).returncode in (0, 7)
    # as he did: 冻梨's death confirmed from his 诈尸 warning (pid 78), then added from his 更正
    ident = _events(game)["eliminated 冻梨"]
    ok = auditor(
        "game", game.name, "--confirm", ident, "--how", "night", "--at", "2026-12-04 09:00",
        "--by", "大刘", cwd=game.parent,
    )  # fmt: skip
    assert ok.returncode == 0, ok.stderr
    # he set the how himself: not 「方式是推断的」 any more
    said = ok.stdout + ok.stderr
    assert "已确认" in said and "方式是推断的" not in said, said
    res = auditor(
        "game", game.name, "--add", "event", "--type", "eliminated", "--player", "冻梨",
        "--at", "2026-12-04 09:00", "--how", "night", "--pid", "68", "--by", "大刘",
        cwd=game.parent,
    )  # fmt: skip
    said = res.stdout + res.stderr
    assert res.returncode != 0
    assert "event[" not in said, said
    assert "冻梨 已经出局了" in said and "只能出局一次" in said, said
    assert "游戏文件里已经写了这一项" in said, said


def test_a_card_added_in_night_1_is_not_new_in_night_2(tmp_path: Path) -> None:
    """One clock: his own blue for 杀猪菜, added while replaying night 1's pages (newest
    page 12-04 04:30), is stamped with that time, as decisions are — so night 2's
    announcement (day 2 opens 12-04 09:00) lists it under 此前已公布, not 本次新增."""
    import shutil

    from tools.writer import write_site

    game = fh45_game(tmp_path / "g", night=1)
    assert auditor("audit", game.name, cwd=game.parent).returncode in (0, 7)
    res = auditor(
        "card", game.name, "杀猪菜", "--card", "blue", "--reason", "字号过大", "--day", "1",
        "--by", "大刘", cwd=game.parent,
    )  # fmt: skip
    assert res.returncode == 0, res.stderr
    shutil.rmtree(game.parent / "saved")
    write_site(Path(__file__).parent / "fh45" / "script-night2.toml", game.parent / "saved")
    assert auditor("audit", game.name, cwd=game.parent).returncode in (0, 7)
    text = (game.parent / "reports" / "m107" / "latest" / "announcement.bbcode").read_text("utf-8")
    new = text.split("[b]本次新增[/b]", 1)[1].split("[b]此前已公布[/b]", 1)[0]
    assert "字号过大" not in new, new
    assert "字号过大" in text.split("[b]此前已公布[/b]", 1)[1], text
