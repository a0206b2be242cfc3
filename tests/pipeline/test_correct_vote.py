"""A vote corrected by the director (fh47c: 阿宁 hand-wrote 17 ``[[correction]]`` blocks):
counted as a player she names as she writes him (a seat, a nickname) or voided, written
into the game file signed; a corrected target keeps the ballot's other problems (M107
投票规则: a vote after the close does not count, whoever it names)."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.game.confirm import ProposalError
from auditor.pipeline import check, correct_vote, open_game
from auditor.rules.engine import build_context
from auditor.rules.votebook import votes_for
from tests.rules.test_rule_cases import build_case
from tests.rules.test_votes import at

SEATS = """
[players]
seats = ["饺子", "包子", "馄饨", "豆浆", "油条", "烧卖", "春卷", "汤圆"]
aliases = { "烧卖" = ["老烧"] }
"""


def _votes(author: str, when: object, target: str) -> dict[str, object]:
    return {
        "author": author,
        "tid": 12,
        "at": when,
        "message": f"投票对象：{target}\n投票理由：像狼",
    }


def test_a_vote_is_counted_as_a_seat_or_voided_and_a_late_one_is_not_counted(
    tmp_path: Path,
) -> None:
    posts = [
        _votes("包子", at(1, 12), "小饺"),
        _votes("馄饨", at(1, 13), "老烧"),
        _votes("豆浆", at(1, 14), "包子"),
        _votes("油条", at(1, 22, 5), "小饺"),  # after the close
    ]
    built = build_case(tmp_path, "m107", SEATS, posts)
    try:
        check(built.game, built.store, now=built.now)
        pid = {sp.post.author: sp.post.pid for sp in built.store.posts(tid=12)}
        assert all(isinstance(p, int) for p in pid.values())
        with pytest.raises(ProposalError, match="不是这局的玩家"):
            correct_vote(built.game, built.store, int(pid["包子"]), target="小饺", by="导演")
        said = correct_vote(built.game, built.store, int(pid["包子"]), target="1号", by="导演")
        assert said.startswith(f"已记下：pid {pid['包子']} 的票按 饺子 计"), said
        said = correct_vote(built.game, built.store, int(pid["豆浆"]), target=None, by="导演")
        assert "作废" in said
        with pytest.raises(ProposalError, match=r"投票截止后发帖.*作废"):
            correct_vote(built.game, built.store, int(pid["油条"]), target="饺子", by="导演")
        with pytest.raises(ProposalError, match="已经有"):
            correct_vote(built.game, built.store, int(pid["包子"]), target="饺子", by="导演")
        with pytest.raises(ProposalError, match="没有 pid"):
            correct_vote(built.game, built.store, 999999, target="饺子", by="导演")
        game = open_game(built.game.path)
        got = {(c.pid, c.target, c.invalid) for c in game.corrections}
        assert got == {
            (pid["包子"], "饺子", False),
            (pid["豆浆"], None, True),
        }
        assert game.path.read_text("utf-8").count("导演 于") == 2
        book = votes_for(build_context(game, built.store, now=built.now))
        # 包子 for 饺子 (seat 1), 馄饨 for 烧卖 (alias), 豆浆 void, 油条 after the close
        assert book.days[1].rounds[0].counts == {"饺子": 1.0, "烧卖": 1.0}
    finally:
        built.store.close()


def test_an_event_is_edited_to_a_seat_or_a_nickname(tmp_path: Path) -> None:
    # `auditor events --edit … --player` and the desk's 改 take a player as the director
    # writes him (阿宁: 「3」「5号」; a nickname): the roster gives the player
    from datetime import datetime

    from auditor.game.confirm import Signature, change_event, file_events
    from auditor.pipeline import add

    built = build_case(tmp_path, "m107", SEATS, [])
    try:
        add(
            built.game,
            built.store,
            "event",
            {"type": "eliminated", "player": "饺子", "at": at(2, 9), "how": "night"},
            by="导演",
        )
    finally:
        built.store.close()
    signed = Signature("导演", datetime(2026, 11, 21, 23, 0, tzinfo=at(1, 0).tzinfo))
    for written, player in (("3号", "馄饨"), ("老烧", "烧卖"), ("五", "油条")):
        game = open_game(built.game.path)
        (found,) = file_events(game)
        said = change_event(game, found.id, {"player": written}, signed)
        assert said.startswith("已改"), said
        assert [e.player for e in open_game(built.game.path).events] == [player]
    with pytest.raises(ProposalError, match="不是这局的玩家"):
        game = open_game(built.game.path)
        change_event(game, file_events(game)[0].id, {"player": "小饺"}, signed)
