"""版杀7 free-form votes through the real pipeline (issue 18 correction 1).

版杀7 4.1.2 and its 说明 prescribe no vote format: killbar7 reads `我投包子`, `包子一票`,
`弃权` … as votes (`[rules.VOTE-FORMAT] format = "free"`), and chatter that names a player without
voting is no vote.  The phrasings are in ``tests/rules/free_votes.toml``; every one is
rendered by the page writer into a vote thread, parsed back, stored and tallied.
"""

from __future__ import annotations

import tomllib
from datetime import datetime
from pathlib import Path
from typing import Any

from auditor.rules.engine import build_context, ruleset_for
from auditor.rules.votebook import votes_for
from tests import paths
from tests.rules.test_rule_cases import build_case

TABLE = paths.TESTS / "rules" / "free_votes.toml"
TARGETS = ["包子", "饺子", "馄饨", "豆浆"]


def _phrasings() -> list[dict[str, Any]]:
    return list(tomllib.loads(TABLE.read_text("utf-8"))["vote"])


def _game(n: int) -> str:
    voters = [f"玩家{i:02d}" for i in range(n)]
    names = ", ".join(f'"{p}"' for p in [*TARGETS, *voters])
    return f"[players]\nnames = [{names}]\nuids = {{}}\n"


def _at(i: int) -> datetime:
    return datetime.fromisoformat("2026-11-20T10:00:00+08:00").replace(
        minute=i % 60, hour=10 + i // 60
    )


def test_the_table_has_forty_phrasings_both_ways() -> None:
    rows = _phrasings()
    assert len(rows) >= 40
    assert sum(1 for r in rows if r["target"]) >= 20
    assert sum(1 for r in rows if not r["target"]) >= 20
    assert len({r["text"] for r in rows}) == len(rows)


def test_free_votes_are_read_and_chatter_is_not(tmp_path: Path) -> None:
    rows = _phrasings()
    posts = [
        {"author": f"玩家{i:02d}", "tid": 12, "at": _at(i), "message": r["text"]}
        for i, r in enumerate(rows)
    ]
    built = build_case(tmp_path, "killbar7", _game(len(rows)), posts)
    try:
        ctx = build_context(built.game, built.store, now=built.now, ruleset=ruleset_for(built.game))
        book = votes_for(ctx)
    finally:
        built.store.close()
    ballots = {b.voter: b for b in book.days[1].ballots}
    wrong = []
    for i, r in enumerate(rows):
        b = ballots.get(f"玩家{i:02d}")
        got = (b.target if b.valid else f"无效：{b.problem}") if b is not None else ""
        if got != r["target"]:
            wrong.append(f"{r['text']!r}: expected {r['target']!r}, got {got!r}")
    assert not wrong, "\n".join(wrong)


def test_a_round_where_most_write_wo_tou_baozi_kills_baozi(tmp_path: Path) -> None:
    """The bug: killbar7 voided 我投包子, so nobody died."""
    texts = [
        "我投包子",
        "投包子",
        "包子一票",
        "票投包子",
        "投给包子",
        "我投饺子",
        "弃权",
        "这轮投包子吧",
    ]
    texts.append("改投包子")  # 13 players: 7 votes are more than half
    posts = [
        {"author": f"玩家{i:02d}", "tid": 12, "at": _at(i), "message": t}
        for i, t in enumerate(texts)
    ]
    built = build_case(tmp_path, "killbar7", _game(len(texts)), posts)
    try:
        ctx = build_context(built.game, built.store, now=built.now, ruleset=ruleset_for(built.game))
        rt = votes_for(ctx).days[1].rounds[0]
    finally:
        built.store.close()
    assert rt.counts.get("包子") == 7 and rt.counts.get("饺子") == 1
    assert rt.abstained == ["玩家06"]
    assert rt.outcome.get("包子") == "eliminated", rt.reason


def test_a_roster_in_traditional_characters_is_voted_in_either_script(tmp_path: Path) -> None:
    """Round 5: the roster writes 湯圓 and 餛飩; posts in simplified or traditional characters
    vote for the listed spelling (the judge resolves to the roster's name), under the free
    format and under M107's labels, and a name that is no player stays none."""
    roster = ["湯圓", "餛飩", "饺子"]
    voters = [f"玩家{i:02d}" for i in range(5)]
    game = "[players]\nnames = [{}]\nuids = {{}}\n".format(
        ", ".join(f'"{p}"' for p in [*roster, *voters])
    )
    # (text, the target read: a roster name, None for no vote, "?" for a void attempt)
    cases = {
        "killbar7": [
            ("投汤圆", "湯圓"),
            ("这票投給湯圓", "湯圓"),
            ("投馄饨，理由同上", "餛飩"),
            ("別投餛飩", None),
            ("投汤包", "?"),  # no player
        ],
        "m107": [
            ("投票对象：汤圆\n投票理由：怪", "湯圓"),
            ("投票對象：湯圓\n投票理由：怪", "湯圓"),
            ("投票对象：餛飩\n投票理由：怪", "餛飩"),
            ("投票对象：馄饨\n投票理由：怪", "餛飩"),
            ("投票对象：汤包\n投票理由：怪", "?"),
        ],
    }
    for preset, rows in cases.items():
        posts = [
            {"author": voters[i], "tid": 12, "at": _at(i), "message": t}
            for i, (t, _target) in enumerate(rows)
        ]
        built = build_case(tmp_path / preset, preset, game, posts)
        try:
            ctx = build_context(
                built.game, built.store, now=built.now, ruleset=ruleset_for(built.game)
            )
            ballots = {b.voter: b for b in votes_for(ctx).days[1].ballots}
        finally:
            built.store.close()
        for voter, (text, target) in zip(voters, rows, strict=False):
            b = ballots.get(voter)
            if target is None:
                assert b is None, text
            elif target == "?":
                assert b is not None and not b.valid, text  # 汤包 is no player
            else:
                assert b is not None and (b.target, b.valid) == (target, True), text
