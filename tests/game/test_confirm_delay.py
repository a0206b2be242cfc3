"""延时 (030 and M39 讨论日时长: 申请……延时的人数大于等于存活人数的一半，即判定……延时成功；
延迟成功时，不再视为“执行加速”状态): only the director says the new close, so a 延时 proposal
is confirmed with the new close time.  It is validated in Chinese (not before the day's
close, not after the next day opens, the game's time zone for a time without an offset),
written into the game file's ``[[day]]`` (tomlkit: comments kept, ``delayed = true``), no
longer proposed, and every rule reads the day's close from it: a post after the old close
and before the new one counts for that day."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.game.confirm import Proposal, ProposalError, delayed_to
from auditor.pipeline import audit, confirm, open_game, open_store, pending
from auditor.rules.engine import stored_records
from tests.game.test_discover_rulesets import ask_in_process, at, rabbit030
from tools.writer import parse_script, write_site

LATE = at(11, 23, 22, 30)  # after day 2's close (22:00), before the new one


def delay_game(tmp_path: Path) -> Path:
    """030 with four living players asking for 延时 on day 2 (before 19:00, the deadline
    three hours before the close) and 黄瓜 posting in the D2 discussion at 22:30; audited."""
    g = rabbit030()
    ask_in_process(g, ["黄瓜", "番茄", "杜鹃", "画眉"], at(11, 23, 12), "申请延时")
    d2 = next(t for t in g.threads if t["subject"] == "[030] D2 讨论帖")
    talk = d2["post"]
    assert isinstance(talk, list)
    talk.append({"author": "黄瓜", "at": LATE, "message": "关门后还想再说一句。", "pid": 9100})
    pages = tmp_path / "pages"
    write_site(parse_script(g.script()), pages)
    _, minimal = g.files(tmp_path, f'pages = "{pages.as_posix()}"')
    audit(minimal, reports=tmp_path / "r")
    return Path(minimal)


def _find(game: Path, text: str, kind: str | None = None) -> str:
    g = open_game(game)
    with open_store(g) as store:
        found = [
            p
            for p in pending(g, store)
            if text in p.describe(g.discovery.subjects) and kind in (None, p.kind)
        ]
    assert len(found) == 1, found
    return found[0].id


def _posts(game: Path, player: str, day: int) -> int:
    g = open_game(game)
    with open_store(g) as store:
        records = stored_records(store)
    assert records is not None
    return next(c.posts for c in records.day_cells() if c.player == player and c.day == day)


def test_a_delay_is_confirmed_with_the_new_close_and_the_rules_read_it(tmp_path: Path) -> None:
    minimal = delay_game(tmp_path)
    ident = _find(minimal, "申请延时")
    before = _posts(minimal, "黄瓜", 2)
    game = open_game(minimal)
    with open_store(game) as store:
        confirm(game, store, _find(minimal, "第1天：", "day"), by=game.directors[0])
    original = minimal.read_text("utf-8")
    game = open_game(minimal)
    with open_store(game) as store:
        with pytest.raises(ProposalError, match="请填写导演公示的新关门时间"):
            confirm(game, store, ident, by=game.directors[0])
        with pytest.raises(ProposalError, match="不晚于第2天现在的关门时间 2026-11-23 22:00"):
            confirm(game, store, ident, by=game.directors[0], closes=datetime(2026, 11, 23, 21))
        with pytest.raises(ProposalError, match="不晚于"):
            confirm(game, store, ident, by=game.directors[0], closes=at(11, 23, 22))
        assert minimal.read_text("utf-8") == original  # nothing written
        # a naive time is the game's (Asia/Shanghai): 23:00 there
        done = confirm(game, store, ident, by=game.directors[0], closes=datetime(2026, 11, 23, 23))
    assert "11-23 23:00:00，延时" in done.message

    text = minimal.read_text("utf-8")
    assert text.startswith(original.rstrip("\n"))  # the file as it was, comments kept
    added = text[len(original.rstrip("\n")) :]
    assert "closes = 2026-11-23T23:00:00+08:00" in added and "delayed = true" in added
    assert "accelerated = false" in added
    day2 = next(d for d in open_game(minimal).days if d.number == 2)
    assert day2.closes == at(11, 23, 23) and day2.delayed and not day2.accelerated

    # no longer proposed; the rules read the new close: 22:30 is day 2 now
    g = open_game(minimal)
    with open_store(g) as store:
        assert ident not in {p.id for p in pending(g, store)}
    audit(minimal, reports=tmp_path / "r")
    assert _posts(minimal, "黄瓜", 2) == before + 1


def test_a_delay_of_a_day_the_file_states_is_written_into_that_day(tmp_path: Path) -> None:
    minimal = delay_game(tmp_path)
    ident = _find(minimal, "申请延时")
    game = open_game(minimal)
    with open_store(game) as store:
        confirm(game, store, _find(minimal, "第1天：", "day"), by=game.directors[0])
        game = open_game(minimal)
        confirm(game, store, _find(minimal, "第2天：", "day"), by=game.directors[0])
    path = Path(minimal)
    path.write_text(
        path.read_text("utf-8").replace(
            "closes = 2026-11-23T22:00:00+08:00", "closes = 2026-11-23T22:00:00+08:00 # 导演的注释"
        ),
        "utf-8",
    )
    original = path.read_text("utf-8")
    runner = CliRunner()
    res = runner.invoke(app, ["game", str(path), "--confirm", ident, "--closes", "明天"])
    assert res.exit_code == 2 and "新的关门时间看不懂：明天" in res.output, res.output
    assert path.read_text("utf-8") == original
    res = runner.invoke(
        app,
        ["game", str(path), "--confirm", ident, "--closes", "2026-11-23 23:30", "--by", "扫把无限"],
    )
    assert res.exit_code == 0, res.output
    text = path.read_text("utf-8")
    assert text.count("[[day]]") == original.count("[[day]]")  # the same table, delayed
    assert "closes = 2026-11-23T23:30:00+08:00 # 导演的注释；延时：进程帖；扫把无限 于" in text
    assert "（原为 2026-11-23T22:00:00+08:00）" in text and "delayed = true" in text
    assert original.split("[[day]]")[0] == text.split("[[day]]")[0]
    assert next(d for d in open_game(path).days if d.number == 2).closes == at(11, 23, 23, 30)

    # a delay of day 1 past day 2's opening is refused
    g = open_game(path)
    day1 = next(d for d in g.days if d.number == 1)
    with pytest.raises(ProposalError, match="晚于第2天现在的开门时间 2026-11-22 08:00"):
        delayed_to(Proposal("delay", day1, "进程帖"), g, at(11, 22, 9))
    with pytest.raises(ProposalError, match="只有延时的提议需要填写新的关门时间"):
        delayed_to(Proposal("accelerate", day1, "进程帖"), g, at(11, 21, 23))
