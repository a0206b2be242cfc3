"""A 计票待核对 answered stays answered while its facts are the same (阿德, fh48c: his
「计票是对的」 came back every audit once the result's event was confirmed — the question's
words said 游戏文件记录的 where they had said 论坛公示（第 7 楼）记录的)."""

from __future__ import annotations

from auditor.ledger.held import answered_conflict

_THEN = (
    "计票待核对：第2天：论坛公示（第 7 楼）记录的投票出局为 三大炮、冰粉，计票结果为 三大炮"
    "（三大炮 4 票）；公示原文：「2. 三大炮 投出去了」（https://bbs.example/p7）"
)


def test_an_answered_conflict_whoever_records_the_result_now() -> None:
    now = (
        "计票待核对：第2天：游戏文件记录的投票出局为 三大炮、冰粉，计票结果为 三大炮（三大炮 4 票）"
    )
    assert answered_conflict(now, _THEN)
    assert answered_conflict(_THEN, _THEN)


def test_a_conflict_of_other_players_asks_again() -> None:
    other = "计票待核对：第2天：游戏文件记录的投票出局为 冰粉，计票结果为 三大炮（三大炮 4 票）"
    assert not answered_conflict(other, _THEN)
    assert not answered_conflict(_THEN, None)
