"""A vote notice that suggests a player (「“饺纸”不是玩家，是否想投：饺子？」, fh47c: 阿宁
found no way to accept the tool's own guess) is accepted in one step: the ballot counts for
the suggested player, written into the game file as a signed ``[[correction]]``."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.game.confirm import ProposalError
from auditor.pipeline import accept_suggestion, add, check, open_game
from auditor.rules.engine import build_context
from auditor.rules.votebook import votes_for
from tests.rules.test_rule_cases import build_case
from tests.rules.test_votes import at


def test_a_suggested_target_is_accepted_into_the_game_file(tmp_path: Path) -> None:
    posts = [
        {"author": "包子", "tid": 12, "at": at(1, 12), "message": "投票对象：饺纸\n投票理由：像狼"},
        {"author": "馄饨", "tid": 12, "at": at(1, 13), "message": "投票对象：豆浆\n投票理由：像狼"},
    ]
    built = build_case(tmp_path, "m107", "", posts)
    try:
        check(built.game, built.store, now=built.now)
        (typo,) = [sp.post for sp in built.store.posts(tid=12) if sp.post.author == "包子"]
        assert typo.pid is not None
        with pytest.raises(ProposalError, match="没有“是否想投”的提示"):
            accept_suggestion(built.game, built.store, typo.pid + 1000, by="导演")
        said = accept_suggestion(built.game, built.store, typo.pid, by="导演")
        assert said.startswith(f"已记下：pid {typo.pid} 的票按 饺子 计")
        game = open_game(built.game.path)
        (c,) = game.corrections
        assert (c.pid, c.target, c.invalid) == (typo.pid, "饺子", False)
        assert "导演 于" in game.path.read_text("utf-8")
        book = votes_for(build_context(game, built.store, now=built.now))
        assert book.days[1].rounds[0].counts == {"饺子": 1.0, "豆浆": 1.0}
        with pytest.raises(ProposalError, match="已经有"):
            accept_suggestion(game, built.store, typo.pid, by="导演")
    finally:
        built.store.close()


def test_an_event_added_by_seat_or_nickname_names_the_player(tmp_path: Path) -> None:
    # the desk's 补上 form and `auditor game --add` take a player as the director writes him
    # (阿宁: 「3」; 老周: 「老烤」): the roster gives the player
    fragment = """
[players]
seats = ["饺子", "包子", "馄饨", "豆浆", "油条", "烧卖", "春卷", "汤圆"]
aliases = { "烧卖" = ["老烧"] }
"""
    built = build_case(tmp_path, "m107", fragment, [])
    try:
        add(
            built.game,
            built.store,
            "event",
            {"type": "eliminated", "player": "3号", "at": at(2, 9), "how": "night"},
            by="导演",
        )
        add(
            built.game,
            built.store,
            "event",
            {"type": "eliminated", "player": "老烧", "at": at(2, 22), "how": "vote"},
            by="导演",
        )
    finally:
        built.store.close()
    out = [(e.player, e.how) for e in open_game(built.game.path).events]
    assert out == [("馄饨", "night"), ("烧卖", "vote")], out
