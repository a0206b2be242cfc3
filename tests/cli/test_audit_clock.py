"""`auditor audit` of a saved folder (fh43 item 9): "now" is the newest saved page's own
time (its Discuz footer), not the machine's, unless ``--now`` is given; the report's header
names the clock.  His M39 game saved at 2026-11-28 12:00 and audited on 12-06 proposed
「竹影 最高票出局」 for a day 3 that closed at 21:30 that evening (the real clock)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.desk_helpers import auditor, fh43_game


def _report(folder: Path) -> str:
    return (folder / "reports" / "hinamizawa" / "latest" / "report.html").read_text("utf-8")


def _clock(folder: Path) -> str:
    page = _report(folder)
    found = re.search(r'<span id="clock">([^<]*)</span>', page)
    assert found, page[:2000]
    return found.group(1)


def test_a_saved_folder_is_judged_by_its_own_time_unless_now_is_given(tmp_path: Path) -> None:
    game = fh43_game(tmp_path / "h")
    got = auditor("audit", game.name, "-q", cwd=game.parent)
    assert got.returncode == 7, got.stdout + got.stderr
    assert _clock(game.parent) == "按 2026-11-28 12:00 判断（保存的页面里最新一页的时间）"
    assert "竹影 最高票出局" not in _report(game.parent)  # day 3 is still open at 12:00
    listed = auditor("game", game.name, "--format", "json", cwd=game.parent).stdout
    assert "竹影 最高票出局" not in listed  # (auditor game: the same clock)
    got = auditor("audit", game.name, "-q", "--now", "2026-11-29 10:00", cwd=game.parent)
    assert got.returncode == 7, got.stdout + got.stderr
    assert _clock(game.parent) == "按 2026-11-29 10:00 判断（命令行 --now）"
    assert "竹影 最高票出局" in _report(game.parent)  # day 3 closed at 11-28 21:30


def test_status_heads_its_table_with_the_judged_clock(tmp_path: Path) -> None:
    """fh46b item 6: `auditor status` of a saved folder judges and heads its table by the
    newest saved page's time, as audit and report do — not the machine's clock (「第3天进度
    （12-07 10:55）」 for pages saved at 04:30; here day 3 is open at 11-28 12:00)."""
    game = fh43_game(tmp_path / "h")
    got = auditor("audit", game.name, "-q", cwd=game.parent)
    assert got.returncode == 7, got.stdout + got.stderr
    got = auditor("status", game.name, cwd=game.parent)
    said = got.stdout + got.stderr
    assert "第3天进度（11-28 12:00）" in said, said
