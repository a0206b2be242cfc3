"""The counts a director's result post publishes are set beside the tally's (session 46, fh46b
item 1: 老贺's first 第一盘 table said 毛肚 3 where the count is 4, the outcome the same, and the
audit said nothing).  A count that differs is told with both numbers and the post's link, as an
outcome that differs is told."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from auditor.rules.votebook.published import _rows
from tests.rules.test_votes import KILLBAR_DAY, PLAYERS, at, book_of, kb

P = list(PLAYERS)


def test_count_rows_are_read_from_a_table_or_a_line_of_counts() -> None:
    table = "第一盘结果：\n| 玩家 | 票数 |\n| 油条 | 3 |\n| 烧卖 | 1 |\n春卷莫投。"
    assert _rows(table, P) == {"油条": 3.0, "烧卖": 1.0}
    line = "警长竞选结果：春卷 4票，汤圆 两票，馄饨 1票，弃权 1票。"
    assert _rows(line, P) == {"春卷": 4.0, "汤圆": 2.0, "馄饨": 1.0}
    # the voters (or the sheriff's weight) in brackets are an aside
    assert _rows("结果：油条 6票（警长春卷计两票），烧卖 2票", P) == {"油条": 6.0, "烧卖": 2.0}


def test_prose_a_question_or_a_single_count_is_no_table() -> None:
    for text in [
        "油条五票，过半，油条遭投出局。",  # prose: more than a name and a number in the clause
        "更正：第一盘油条是4票不是3票",  # two numbers, one clause
        "油条 3票，烧卖 1票？",  # asked
        "如果油条 3票，烧卖 1票就平了",  # supposed
        "油条 3票",  # one row: no table
    ]:
        assert _rows(text, P) == {}, text


def _director(tid: int, when: Any, text: str) -> dict[str, Any]:
    return {"author": "导演", "tid": tid, "at": when, "message": text}


def _round1() -> list[dict[str, Any]]:
    votes = [("饺子", "油条"), ("包子", "油条"), ("馄饨", "油条"), ("豆浆", "油条")]
    votes += [("油条", "烧卖"), ("烧卖", "春卷")]
    return [kb(a, 12, at(1, 10, i), t) for i, (a, t) in enumerate(votes)]


def test_a_published_count_that_differs_is_told_with_both_numbers(tmp_path: Path) -> None:
    posts = _round1()
    posts.append(
        _director(12, at(2, 0, 5), "环节一结果：\n| 油条 | 3 |\n| 烧卖 | 1 |\n| 春卷 | 1 |")
    )
    book = book_of(tmp_path, "killbar7", KILLBAR_DAY, posts, now=at(5, 12))
    first = book.days[1].rounds[0]
    assert first.counts["油条"] == 4
    assert "油条 3 票" in first.conflict and "油条 4 票" in first.conflict
    told = next(q for q in first.conflict.split("；") if "论坛公示" in q)
    assert "烧卖" not in told and "春卷" not in told  # only the count that differs
    assert first.asked  # the post is linked


def test_a_published_count_that_agrees_or_labels_another_round_asks_nothing(
    tmp_path: Path,
) -> None:
    posts = _round1()
    posts.append(
        _director(12, at(2, 0, 5), "环节一结果：\n| 油条 | 4 |\n| 烧卖 | 1 |\n| 春卷 | 1 |")
    )
    posts.append(_director(12, at(2, 0, 6), "第二盘结果：\n| 油条 | 2 |\n| 烧卖 | 2 |"))
    book = book_of(tmp_path / "a", "killbar7", KILLBAR_DAY, posts, now=at(5, 12))
    assert "论坛公示" not in book.days[1].rounds[0].conflict
