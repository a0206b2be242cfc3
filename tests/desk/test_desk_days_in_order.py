"""Correcting a discovered day while the days before it wait (the game file states its days
from day 1 on) and adding a day the file already states: the director's values are
written, never refused in developer words or lost."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

import pytest
import requests
from typer.testing import CliRunner

from auditor.cli import app
from auditor.desk import actions
from auditor.game.gamefile import DaySpec, load_game
from auditor.pipeline import open_game, pending
from tests.desk_helpers import csrf, desk_server, flashes, proposal_game


def _day(path: Path, number: int) -> str:
    game = open_game(path)
    with actions.game_store(game) as store:
        return next(
            p.id for p in pending(game, store) if p.describe().startswith(f"第{number}天：")
        )


def test_a_later_days_corrected_close_confirms_the_days_before_it(tmp_path: Path) -> None:
    path = proposal_game(tmp_path / "game")
    ident = _day(path, 2)
    done, _ = actions.confirm_proposal(
        open_game(path),
        ident,
        player=None,
        day=None,
        by="导演",
        reports=tmp_path / "r",
        fix={"closes": datetime(2026, 11, 23, 22, 30)},
    )
    assert "先照原样确认了：第1天" in done.message and f"已确认 {ident}" in done.message
    assert "[[day]]" not in done.message and "天的条目" not in done.message
    days = {d.number: d for d in load_game(path).days}
    assert sorted(days) == [1, 2]
    assert days[2].closes.strftime("%H:%M") == "22:30"  # what he typed, kept
    assert days[1].closes.strftime("%H:%M") == "22:00"  # day 1 as discovered


def test_the_cli_confirms_a_later_day_the_same_way(tmp_path: Path) -> None:
    path = proposal_game(tmp_path / "game")
    res = CliRunner().invoke(
        app,
        [
            "game",
            str(path),
            "--confirm",
            _day(path, 3),
            "--by",
            "导演",
            "--closes",
            "2026-11-25T23:00",
        ],
    )
    assert res.exit_code == 0, res.output
    assert "先照原样确认了：第1天" in res.output and "第2天" in res.output
    assert [d.closes.strftime("%H:%M") for d in load_game(path).days] == ["22:00", "22:00", "23:00"]


def test_adding_a_day_the_file_states_corrects_it_in_place(tmp_path: Path) -> None:
    path = proposal_game(tmp_path / "game")
    runner = CliRunner()
    res = runner.invoke(app, ["game", str(path), "--confirm", _day(path, 2), "--by", "导演"])
    assert res.exit_code == 0, res.output
    res = runner.invoke(
        app,
        [
            "game",
            str(path),
            "--add",
            "day",
            "--day",
            "2",
            "--by",
            "导演",
            "--opens",
            "2026-11-22T09:00",
            "--closes",
            "2026-11-23T22:30",
        ],
    )
    assert res.exit_code == 0, res.output
    said = " ".join(res.output.split())
    assert ".tmp-" not in said and "重复" not in said
    assert "更正游戏文件里的第2天" in said and "原为" in said, said
    days = load_game(path).days
    assert [d.number for d in days] == [1, 2]
    assert days[1].closes.strftime("%H:%M") == "22:30"
    assert "更正：" in path.read_text("utf-8")


def test_one_button_confirms_the_days_and_events_read_from_director_posts(
    tmp_path: Path,
) -> None:
    path = proposal_game(tmp_path / "game")
    with desk_server(path) as srv:
        s = requests.Session()
        page = s.get(srv.links["导演"], timeout=60).text
        form = re.search(r'<form[^>]*id="confirm-posted-form".*?</form>', page, re.S)
        assert form is not None, "no 全部确认 for days and events"
        assert "天和事件 7 项" in form.group(0)
        ids = re.search(r'name="ids" value="([^"]*)"', form.group(0))
        assert ids is not None
        r = s.post(
            f"{srv.base}/g/{srv.slug}/confirm-all",
            data={"csrf": csrf(page), "ids": ids.group(1)},
            timeout=300,
        )
        assert "已确认 7 项" in " ".join(flashes(r.text)), flashes(r.text)
    game = load_game(path)
    assert [d.number for d in game.days] == [1, 2, 3] and len(game.events) == 4


def test_the_audit_line_names_what_waits_for_confirmation(tmp_path: Path) -> None:
    """A game with 15 items 待确认 got an audit line (exit 0) that never named them."""
    path = proposal_game(tmp_path / "game")
    res = CliRunner().invoke(app, ["audit", str(path), "--no-crawl", "--reports", str(tmp_path)])
    assert res.exit_code == 0, res.output
    assert "待确认 15 项" in res.output and "审计台「待确认」" in res.output, res.output


def test_correcting_a_stated_day_keeps_its_source_and_its_accelerated(tmp_path: Path) -> None:
    """A correction keeps the close's comment (an earlier correction, a delay) and says what
    it was; a confirmed 加速 stays unless the director says otherwise."""
    path = proposal_game(tmp_path / "game")
    runner = CliRunner()
    res = runner.invoke(app, ["game", str(path), "--confirm", _day(path, 2), "--by", "导演"])
    assert res.exit_code == 0, res.output
    text = path.read_text("utf-8")  # a confirmed 加速 on day 2
    head = text.index("closes = 2026-11-23T")
    path.write_text(
        text[:head] + text[head:].replace("accelerated = false", "accelerated = true", 1)
    )
    assert load_game(path).days[1].accelerated

    def correct(close: str) -> str:
        res = runner.invoke(
            app,
            [
                "game",
                str(path),
                "--add",
                "day",
                "--day",
                "2",
                "--by",
                "导演",
                "--opens",
                "2026-11-22T09:00",
                "--closes",
                close,
            ],
        )
        assert res.exit_code == 0, res.output
        return re.findall(r"^closes = 2026-11-23T.*$", path.read_text("utf-8"), re.M)[-1]

    first = correct("2026-11-23T22:30")
    assert "原为" in first and "22:00" in first.split("原为", 1)[1], first
    second = correct("2026-11-23T22:40")
    assert first.split("#", 1)[1].strip() in second and second.count("原为") == 2, second
    assert load_game(path).days[1].accelerated


def test_confirming_a_later_day_writes_the_days_before_it_in_one_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Day 3 confirmed while days 1 and 2 wait: one write of the game file.  A failure while
    day 2 is being written (a crash, a full disk) leaves the file as it was — not day 1
    confirmed and days 2 and 3 not — and the run is recorded as failed."""
    from auditor.game import confirm as confirm_mod

    path = proposal_game(tmp_path / "game")
    before = path.read_bytes()
    ident = _day(path, 3)
    real = confirm_mod._day_table

    def dies_on_day_2(d: DaySpec) -> object:
        if d.number == 2:
            raise OSError("磁盘已满")
        return real(d)

    monkeypatch.setattr(confirm_mod, "_day_table", dies_on_day_2)
    with pytest.raises(OSError, match="磁盘已满"):
        actions.confirm_proposal(
            open_game(path), ident, player=None, day=None, by="导演", reports=tmp_path / "r"
        )
    assert path.read_bytes() == before
    assert not load_game(path).days
    game = open_game(path)
    with actions.game_store(game) as store:
        waiting = {p.describe()[:4] for p in pending(game, store) if p.kind == "day"}
        assert {"第1天：", "第2天：", "第3天："} <= waiting
        assert [r.status for r in store.runs() if r.command == "confirm"] == ["failed"]
    monkeypatch.setattr(confirm_mod, "_day_table", real)
    done, _ = actions.confirm_proposal(
        open_game(path), ident, player=None, day=None, by="导演", reports=tmp_path / "r"
    )
    assert "先照原样确认了：第1天" in done.message and "第2天" in done.message
    assert [d.number for d in load_game(path).days] == [1, 2, 3]
    assert path.read_text("utf-8").count("导演 于") == 3
