"""Session 46's director 老贺 (his 版杀7 「火锅局」, tests/desk/fh46b) from the command line:
a confirmed event edited (``auditor events --edit``: his substitute's 第几天 is day 2's opening, not
its close — fh46b report item 6) and withdrawn (``--withdraw … --yes``), each signed
in the game file; a stale id and a 撤销 without ``--yes`` refused with what to do."""

from __future__ import annotations

import re
from pathlib import Path

from tests.desk_helpers import auditor, fh46b_game


def _ids(game: Path) -> dict[str, str]:
    listed = auditor("events", game.name, cwd=game.parent)
    assert listed.returncode == 0, listed.stderr
    return {
        m.group(2): m.group(1)
        for m in re.finditer(r"^(E[0-9A-F]{8})  ([^，]+)", listed.stdout, re.M)
    }


def test_his_substitute_edited_and_a_death_withdrawn_from_the_cli(tmp_path: Path) -> None:
    game = fh46b_game(tmp_path / "g", night=2, file="before-subfix")
    ids = _ids(game)
    assert set(ids) >= {"替补：藕片（由 冰粉 接替）", "出局：郡肝", "出局：鸭肠"}, ids
    sub = ids["替补：藕片（由 冰粉 接替）"]
    done = auditor("events", game.name, "--edit", sub, "--day", "2", cwd=game.parent)
    assert done.returncode == 0, done.stderr
    assert (
        "已改：替补：藕片（由 冰粉 接替），12-05 00:00（原为 替补：藕片（由 冰粉 接替），12-05 23:59；老贺 于"
        in done.stdout
    )
    text = game.read_text(encoding="utf-8")
    assert "at = 2026-12-05T00:00:00+08:00" in text and "；更正：老贺 于 " in text
    # the old id is gone: refused with what to do
    stale = auditor("events", game.name, "--edit", sub, "--day", "2", cwd=game.parent)
    assert stale.returncode == 2 and "游戏文件里没有编号" in stale.stderr + stale.stdout
    # a vote-out's time and how
    duck = ids["出局：鸭肠"]
    moved = auditor(
        "events",
        game.name,
        "--edit",
        duck,
        "--at",
        "2026-12-04T00:00",
        "--how",
        "投票",
        cwd=game.parent,
    )
    assert moved.returncode == 2 and "没有改动" in moved.stderr + moved.stdout
    # 撤销 needs --yes
    dead = ids["出局：郡肝"]
    asked = auditor("events", game.name, "--withdraw", dead, cwd=game.parent)
    assert asked.returncode != 0 and "--yes" in asked.stderr + asked.stdout
    assert 'player = "郡肝"' in game.read_text(encoding="utf-8")
    gone = auditor("events", game.name, "--withdraw", dead, "--yes", cwd=game.parent)
    assert gone.returncode == 0, gone.stderr
    assert "已撤销：出局：郡肝，12-07 00:00 夜晚（老贺 于" in gone.stdout
    text = game.read_text(encoding="utf-8")
    assert 'player = "郡肝"' not in text and "# 已撤销的事件：出局：郡肝" in text
    assert "出局：郡肝" not in _ids(game)


def test_his_substitute_posted_at_night_is_asked_under_day_two(tmp_path: Path) -> None:
    """His 替补 (pid 1088, 12-04 22:00: after day 1 closed, 「第二天开始」) is a question about
    day 2 — held placed it there (b048e051) — and the desk lists it under 第2天, not 第1天."""
    from auditor.desk import actions
    from auditor.desk.app import asked_by_day

    game = fh46b_game(tmp_path / "g", night=2, file="after-night1")
    assert auditor("audit", game.name, cwd=game.parent).returncode in (0, 7)
    g = actions.load(game)
    asked = asked_by_day(actions.records(g), actions.proposals(g))
    where = {str(p["text"]).split("，", 1)[0]: a.day for a in asked for p in a.proposals}
    assert where["替补：藕片（由 冰粉 接替）"] == 2, where
    assert where["出局：黄喉"] == 2 and where["出局：郡肝"] == 3, where
