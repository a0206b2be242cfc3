"""desk50 item 2 without a browser: the answers to the quiet-player question (auditor.game.
evidence) kept and read — 潜水 / 在场 in the store under the silence (its player and first
silent day: a new silence is asked again), through a reopened store (a restarted desk);
:func:`auditor.pipeline.answer_quiet` on 老金's night 2 (tests/games/discovery_fh48/yanbian:
朴大叔 silent since day 2), as the desk and ``auditor game --quiet`` call it."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor import pipeline
from auditor.errors import AuditorError
from auditor.game import evidence
from auditor.store import Store
from tests.desk_helpers import auditor, fh47_game
from tests.game.test_evidence import DAYS, DIRECTOR, PLAYERS, at, posts

ASKED = "朴大叔 自第2天起没有发言"


def test_an_answer_is_kept_in_the_store_and_read_back_after_a_restart(tmp_path: Path) -> None:
    (q,) = evidence.quiet_players(
        PLAYERS, (DIRECTOR,), DAYS, (), posts({"豆浆": at(4, 9)}), at(4, 23)
    )
    with Store(tmp_path / "s.sqlite") as store:
        assert evidence.quiet_answers(store) == {}
        evidence.keep_answer(store, q, {"answer": "lurk", "by": "老K", "at": "2026-11-04 23:00"})
    with Store(tmp_path / "s.sqlite") as store:  # (reopened: the desk restarted)
        told = evidence.quiet_answers(store)
    assert told == {
        "豆浆:2": {
            "player": "豆浆",
            "day": "2",
            "answer": "lurk",
            "by": "老K",
            "at": "2026-11-04 23:00",
        }
    }
    assert evidence.unanswered([q], told) == []


def test_a_new_silence_is_asked_again() -> None:
    told = {evidence.quiet_key("豆浆", 2)}
    # silent from day 2 on: answered, not asked on day 3 either
    (q,) = evidence.quiet_players(
        PLAYERS, (DIRECTOR,), DAYS, (), posts({"豆浆": at(4, 9)}), at(5, 23)
    )
    assert q.day == 2 and evidence.unanswered([q], told) == []
    # he spoke on day 2 and fell silent from day 3: another silence, asked
    again = [p for p in posts({"豆浆": at(4, 9)}) if p.author != "豆浆" or p.posted_at < at(4, 9)]
    again.append(posts({})[0].__class__("豆浆", at(4, 12), pid=9999))
    (q2,) = evidence.quiet_players(PLAYERS, (DIRECTOR,), DAYS, (), again, at(5, 23))
    assert q2.day == 3 and evidence.unanswered([q2], told) == [q2]
    assert "出局了？请假？潜水？" in q2.says()


def test_the_desk_reads_the_question_back() -> None:
    said = "朴大叔 自第2天起没有发言：出局了？请假？潜水？（当天早上导演的帖子：pid 1089 ）"
    assert evidence.quiet_asked(said) == ("朴大叔", 2)
    assert evidence.quiet_asked("第1天没有找到环节（版杀7 每天分环节投票）") is None
    assert evidence.answer_of("出局了") == "out" and evidence.answer_of("潜水") == "lurk"
    assert evidence.answer_of("睡觉") is None


@pytest.fixture(scope="module")
def yanbian(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = fh47_game(tmp_path_factory.mktemp("y") / "g", night=2, game="discovery_fh48/yanbian")
    assert auditor("audit", game.name, cwd=game.parent).returncode in (0, 7)
    return game


def _asked(game: Path) -> list[str]:
    g = pipeline.open_game(game)
    with Store(g.store) as store:
        return [p for p in pipeline.state_problems(g, store) if evidence.quiet_asked(p)]


def test_lurk_is_kept_and_the_question_goes(yanbian: Path, tmp_path: Path) -> None:
    import shutil

    folder = tmp_path / "g"
    shutil.copytree(yanbian.parent, folder)
    game = folder / yanbian.name
    assert any(ASKED in p for p in _asked(game))
    g = pipeline.open_game(game)
    with Store(g.store) as store:
        with pytest.raises(AuditorError, match="回答看不懂"):
            pipeline.answer_quiet(g, store, "朴大叔", 2, "睡觉", by="老金")
        with pytest.raises(AuditorError, match="没有在问"):
            pipeline.answer_quiet(g, store, "朴大叔", 3, "潜水", by="老金")
        said = pipeline.answer_quiet(g, store, "朴大叔", 2, "潜水", by="老金")
        assert "不再问" in said, said
        assert evidence.quiet_answers(store)["朴大叔:2"]["by"] == "老金"
        with pytest.raises(AuditorError, match="没有在问"):
            pipeline.answer_quiet(g, store, "朴大叔", 2, "在场", by="老金")
    assert not any(ASKED in p for p in _asked(game))
    # the CLI: the same question no longer listed
    done = auditor("game", game.name, cwd=folder)
    assert ASKED not in done.stdout, done.stdout[:2000]


def test_the_cli_gives_the_same_answers(yanbian: Path, tmp_path: Path) -> None:
    import shutil
    import tomllib

    folder = tmp_path / "g"
    shutil.copytree(yanbian.parent, folder)
    game = folder / yanbian.name
    done = auditor(
        "game",
        game.name,
        "--quiet",
        "朴大叔",
        "--day",
        "2",
        "--answer",
        "请假",
        "--by",
        "老金",
        cwd=folder,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "请假：朴大叔" in done.stdout, done.stdout
    raw = tomllib.loads(game.read_text("utf-8"))
    (leave,) = [e for e in raw["event"] if e["player"] == "朴大叔"]
    assert leave["type"] == "leave", leave
    assert not any(ASKED in p for p in _asked(game))
    refused = auditor("game", game.name, "--quiet", "朴大叔", "--day", "2", cwd=folder)
    assert refused.returncode != 0 and "--answer" in refused.stdout + refused.stderr
