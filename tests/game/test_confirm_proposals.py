"""One proposal at a time: `auditor game GAME --confirm ID` (and the desk's button, which
calls the same :func:`auditor.pipeline.confirm`) writes one discovered event, a tally
outcome or an 加速 request into the game file as it stands or corrected, signed with the
director's name; the file keeps its comments; the store records who confirmed it; a
proposal confirmed once is no longer pending."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.game.confirm import Proposal, ProposalError, corrected
from auditor.game.gamefile import Event, EventType
from auditor.pipeline import audit, confirm, open_game, open_store, pending
from auditor.store import Store
from tests.game.test_discover_game import SAMPLE, game_copy
from tests.game.test_discover_rulesets import ask_in_process, at, m39, rabbit030
from tools.writer import parse_script, write_site


def _sample(tmp_path: Path) -> Path:
    minimal = game_copy(SAMPLE / "minimal.toml", tmp_path / "minimal.toml", pages=SAMPLE / "pages")
    audit(minimal, reports=tmp_path / "r")
    return minimal


def _find(game: Path, text: str) -> str:
    g = open_game(game)
    with open_store(g) as store:
        waiting = pending(g, store)
    found = [p for p in waiting if text in p.describe(g.discovery.subjects)]
    assert len(found) == 1, [p.describe() for p in waiting]
    return found[0].id


def _confirm_runs(game: Path) -> list[dict[str, object]]:
    with Store(open_game(game).store) as store:
        return [json.loads(r["summary"]) for r in store.runs() if r["command"] == "confirm"]


def test_the_cli_confirms_one_discovered_event_signed_and_keeps_the_file(
    tmp_path: Path,
) -> None:
    minimal = _sample(tmp_path)
    original = minimal.read_text(encoding="utf-8")
    ident = _find(minimal, "出局：馄饨")
    listed = CliRunner().invoke(app, ["game", str(minimal)], env={"COLUMNS": "200"})
    assert ident in listed.output and "--confirm" in listed.output
    before = open_game(minimal)

    runner = CliRunner()
    done = runner.invoke(app, ["game", str(minimal), "--confirm", ident, "--by", "导演"])
    assert done.exit_code == 0, done.output
    assert f"已确认 {ident}：出局：馄饨" in done.output
    text = minimal.read_text(encoding="utf-8")
    assert text.startswith(original.rstrip("\n"))  # comments and keys as they were
    added = text[len(original.rstrip("\n")) :]
    assert re.search(
        # (the post's own sentence, as the director wrote it — fh42 item 4)
        r"\[\[event\]\] # 来源：pid 1198「第三天投票结果：馄饨 5 票，馄饨出局。」；导演 于 [\d-]+ [\d:]+ 确认",
        added,
    )
    assert 'player = "馄饨"' in added and 'how = "vote"' in added
    assert added.count("[[") == 1  # this one item, nothing else

    after = open_game(minimal)
    assert after.events == before.events  # the same game: now stated by the file
    assert ("eliminated", "馄饨") not in {
        (s.item.type.value, s.item.player) for s in after.discovery.discovered("events")
    }
    assert _confirm_runs(minimal) == [
        {
            "proposal": ident,
            "by": "导演",
            "kind": "event",
            "wrote": "出局：馄饨，11-25 22:00 投票",
            "was": "",
        }
    ]
    again = runner.invoke(app, ["game", str(minimal), "--confirm", ident, "--by", "导演"])
    assert again.exit_code == 2 and "不在待确认的列表里" in again.output


def test_correcting_the_player_replaces_what_the_post_announced(tmp_path: Path) -> None:
    """The director corrects 馄饨 to 春卷: 春卷 is out on day 3, 馄饨 is not; the post is not
    read for another elimination; the audit notes the file now disagrees with the tally."""
    minimal = _sample(tmp_path)
    ident = _find(minimal, "出局：馄饨")
    game = open_game(minimal)
    with open_store(game) as store:
        done = confirm(game, store, ident, by="导演", player="春卷")
    assert done.by == "导演" and "原为：出局：馄饨" in done.message
    text = minimal.read_text(encoding="utf-8")
    assert "pid = 1198" in text and "（更正，原为：出局：馄饨，11-25 22:00 投票）" in text
    after = open_game(minimal)
    out = {e.player for e in after.events if e.type is EventType.ELIMINATED}
    assert out == {"油条", "春卷"}
    with open_store(after) as store:
        assert ident not in {p.id for p in pending(after, store)}
    result = audit(minimal, reports=tmp_path / "r")
    assert any("春卷" in n and "馄饨" in n for n in result.notices), result.notices


def test_correcting_the_day_moves_the_event_to_that_days_close(tmp_path: Path) -> None:
    minimal = _sample(tmp_path)
    ident = _find(minimal, "出局：馄饨")
    game = open_game(minimal)
    with open_store(game) as store:
        confirm(game, store, ident, by="导演", day=2)
    out = next(e for e in open_game(minimal).events if e.player == "馄饨")
    assert out.at == next(d for d in game.days if d.number == 2).closes and out.how == "vote"


def test_a_correction_that_does_not_fit_is_refused_and_nothing_written(tmp_path: Path) -> None:
    minimal = _sample(tmp_path)
    ident = _find(minimal, "出局：馄饨")
    game = open_game(minimal)
    text = minimal.read_text(encoding="utf-8")
    with open_store(game) as store:
        with pytest.raises(ProposalError, match="路人甲 不是这局的玩家"):
            confirm(game, store, ident, by="导演", player="路人甲")
        with pytest.raises(ProposalError, match="没有第9天"):
            confirm(game, store, ident, by="导演", day=9)
        with pytest.raises(Exception, match="不是本局的导演"):
            confirm(game, store, ident, by="路人甲")
    assert minimal.read_text(encoding="utf-8") == text
    assert _confirm_runs(minimal) == []


def _m39_unannounced(tmp_path: Path) -> Path:
    g = m39(announce=False)
    pages = tmp_path / "pages"
    write_site(parse_script(g.script()), pages)
    _, minimal = g.files(tmp_path, f'pages = "{pages.as_posix()}"')
    audit(minimal, reports=tmp_path / "r")
    return minimal


def test_a_tally_outcome_confirmed_is_an_elimination_at_the_close(tmp_path: Path) -> None:
    minimal = _m39_unannounced(tmp_path)
    ident = _find(minimal, "黄瓜 最高票出局")
    game = open_game(minimal)
    with open_store(game) as store:
        confirm(game, store, ident, by=game.directors[0])
    after = open_game(minimal)
    out = [e for e in after.events if e.type is EventType.ELIMINATED]
    day2 = next(d for d in after.days if d.number == 2)
    assert [(e.player, e.at, e.how) for e in out] == [("黄瓜", day2.closes, "vote")]
    assert audit(minimal, reports=tmp_path / "r").proposals == []


def test_a_tally_outcome_corrected_to_another_player_is_settled(tmp_path: Path) -> None:
    minimal = _m39_unannounced(tmp_path)
    ident = _find(minimal, "黄瓜 最高票出局")
    game = open_game(minimal)
    with open_store(game) as store:
        confirm(game, store, ident, by=game.directors[0], player="画眉")
    out = [e.player for e in open_game(minimal).events if e.type is EventType.ELIMINATED]
    assert out == ["画眉"]
    assert audit(minimal, reports=tmp_path / "r").proposals == []  # the day's vote is settled


def test_an_acceleration_confirmed_marks_the_day(tmp_path: Path) -> None:
    g = rabbit030()
    ask_in_process(g, ["黄瓜", "番茄", "杜鹃", "画眉"], at(11, 23, 12), "申请加速")
    pages = tmp_path / "pages"
    write_site(parse_script(g.script()), pages)
    _, minimal = g.files(tmp_path, f'pages = "{pages.as_posix()}"')
    audit(minimal, reports=tmp_path / "r")
    ident = _find(minimal, "申请加速")
    game = open_game(minimal)
    with open_store(game) as store:
        # day 1 not yet in the file: confirmed as it stands in the same write (session 40)
        done = confirm(game, store, ident, by=game.directors[0])
    assert "先照原样确认了：第1天" in done.message
    after = open_game(minimal)
    assert [d.number for d in after.days] == [1, 2]
    assert [d.number for d in after.days if d.accelerated] == [2]
    assert not any("申请加速" in p for p in audit(minimal, reports=tmp_path / "r").proposals)


def test_confirming_before_any_crawl_is_a_clear_error(tmp_path: Path) -> None:
    minimal = game_copy(SAMPLE / "minimal.toml", tmp_path / "minimal.toml", pages=SAMPLE / "pages")
    text = minimal.read_text(encoding="utf-8")
    res = CliRunner().invoke(app, ["game", str(minimal), "--confirm", "P12345678", "--by", "导演"])
    assert res.exit_code == 2 and "还没有抓取过" in res.output
    assert minimal.read_text(encoding="utf-8") == text


def test_write_proposals_takes_one_signature_for_each_proposal_or_none(tmp_path: Path) -> None:
    """``signatures`` is the one way to sign (no second ``signed=`` that it silently
    overrode); a count that does not match the proposals is a clear error before anything is
    written, not a bare IndexError half-way."""
    import inspect
    from datetime import datetime

    from auditor.game.confirm import Signature, write_proposals

    assert "signed" not in inspect.signature(write_proposals).parameters
    minimal = _sample(tmp_path)
    g = open_game(minimal)
    with open_store(g) as store:
        waiting = pending(g, store)
    assert len(waiting) >= 2
    original = minimal.read_text(encoding="utf-8")
    one = [Signature("导演", datetime(2026, 11, 21, 20, 0))]
    with pytest.raises(ValueError, match=r"1 signatures for \d+ proposals"):
        write_proposals(minimal, waiting, signatures=one)
    assert minimal.read_text(encoding="utf-8") == original


def test_a_how_less_elimination_is_asked_never_written(tmp_path: Path) -> None:
    """Session 42 item 2(a): an elimination whose how the post does not state (a death told
    mid-day) is proposed how-less; confirming or adding it without --how is refused in
    Chinese, and nothing is written (the file requires a how)."""
    from datetime import datetime

    from auditor.game.confirm import Proposal, added, write_proposals
    from auditor.game.gamefile import Event

    minimal = _sample(tmp_path)
    g = open_game(minimal)
    original = minimal.read_text(encoding="utf-8")
    at_ = datetime.fromisoformat("2026-11-22T15:00+08:00")
    with pytest.raises(ProposalError, match="--how"):
        added("event", g, {"type": "eliminated", "player": "春卷", "at": at_})
    how_less = Proposal("event", Event(EventType.ELIMINATED, "春卷", at_), "pid 7", pid=7)
    assert "--how" in how_less.describe()
    with pytest.raises(ProposalError, match="出局方式"):
        write_proposals(minimal, [how_less])
    assert minimal.read_text(encoding="utf-8") == original
    # the twin: with its how it is written
    fine = added("event", g, {"type": "eliminated", "player": "春卷", "at": at_, "how": "night"})
    assert write_proposals(minimal, [fine])["event"] == 1


def test_an_added_event_names_the_post_it_comes_from(tmp_path: Path) -> None:
    """Session 42 item 2(b): ``auditor game --add event --pid N`` keeps the post (as the
    desk's 补上这个事件 does); a pid that is no post number is refused."""
    from datetime import datetime

    from auditor.game.confirm import added
    from auditor.game.gamefile import load_game

    minimal = _sample(tmp_path)
    g = open_game(minimal)
    at_ = datetime.fromisoformat("2026-11-22T15:00+08:00")
    p = added(
        "event", g, {"type": "eliminated", "player": "春卷", "at": at_, "how": "vote", "pid": 42}
    )
    assert p.pid == 42 and p.item.pid == 42 and "pid 42" in p.source
    with pytest.raises(ProposalError, match="--pid"):
        added(
            "event",
            g,
            {"type": "eliminated", "player": "春卷", "at": at_, "how": "vote", "pid": "x"},
        )
    got = CliRunner().invoke(
        app,
        [
            "game",
            str(minimal),
            "--add",
            "event",
            "--type",
            "eliminated",
            "--player",
            "春卷",
            "--at",
            "2026-11-26T09:00",
            "--how",
            "night",
            "--pid",
            "4321",
        ],
    )
    assert got.exit_code == 0, got.output
    added_ev = [e for e in load_game(minimal).events if e.player == "春卷"]
    assert [e.pid for e in added_ev] == [4321]


def test_a_substitute_moved_to_a_day_takes_effect_from_its_opening(tmp_path: Path) -> None:
    """fh46b: 「第二天开始冰粉替补藕片」 — the director sets 第几天 to 2; the substitution
    takes effect from day 2's opening (a substitute plays that day), not 23:59 of day 2."""
    minimal = _sample(tmp_path)
    game = open_game(minimal)
    seat = game.players[0]
    sub = Event(EventType.SUBSTITUTE, seat, game.days[0].opens, value="新来的")
    p = Proposal("event", sub, "pid 1", pid=1)
    day2 = next(d for d in game.days if d.number == 2)
    done = corrected(p, game, day=2)
    assert isinstance(done.item, Event)
    assert done.item.at == day2.opens and done.item.value == "新来的"
