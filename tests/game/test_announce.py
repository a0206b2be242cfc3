"""The announcement under Discuz!'s maxpostsize: numbered parts, each within the limit and
balanced BBCode on its own; the day's lurking list."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

from auditor.ledger.decisions import decide
from auditor.report.bbcode import render_bbcode
from auditor.report.parts import balanced, discuz_length, post_size, split_announcement
from auditor.report.records import build_records
from auditor.report.write import write_report
from auditor.rules.engine import check
from tests.ledger_helpers import PLAYERS
from tests.rules.test_rule_cases import build_case

URL = re.compile(r"\[url=[^\]]+\]#\d+\[/url\]")


def test_discuz_length_counts_like_the_post_editor() -> None:
    # static/js/common.js mb_strlen: above U+00FF 3 on UTF-8, 2 on GBK (not the server's
    # rule: tests/posting/test_post_size.py)
    assert discuz_length("ab") == 2
    assert discuz_length("蓝牌") == 6
    assert discuz_length("蓝牌", "gbk") == 4
    assert discuz_length("é") == 1


def test_a_short_announcement_is_one_part() -> None:
    text = "[b]公告[/b]\n饺子：[color=Blue]蓝牌[/color]\n"
    assert split_announcement(text) == [text]


def test_a_cut_inside_an_open_tag_closes_and_reopens_it() -> None:
    lines = ["[quote][b]判罚[/b]"] + [f"玩家{i}：[color=Blue]蓝牌[/color] 违规" for i in range(200)]
    text = "\n".join([*lines, "[/quote]"])
    parts = split_announcement(text, limit=1000)
    assert len(parts) > 3
    for i, part in enumerate(parts, start=1):
        assert post_size(part) <= 1000  # bytes as the forum receives them, CRLF
        assert balanced(part), part
        assert part.startswith(f"[b]（第{i}/{len(parts)}部分）[/b]\n")
    assert all("[quote]" in p and p.rstrip().endswith("[/quote]") for p in parts)
    joined = "\n".join(parts)
    for i in range(200):
        assert f"玩家{i}：" in joined


def test_balanced_detects_unclosed_and_crossed_tags() -> None:
    assert balanced("[b]x[/b][url=http://a/]y[/url]")
    assert not balanced("[b]x")
    assert not balanced("[b][i]x[/b][/i]")
    assert not balanced("x[/b]")


def test_a_generated_game_announcement_comes_out_in_parts(tmp_path: Path) -> None:
    """Eight players posting 60 times on day 1: the 电梯 alone is far over 10000."""
    posts = [
        {
            "author": name,
            "tid": 11,
            "at": datetime.fromisoformat(
                f"2026-11-20T{10 + i}:00:00+08:00"
            ),  # 60 posts a minute apart
            "message": f"{name}的第一天发言",
            "repeat": 60,
        }
        for i, name in enumerate(PLAYERS)
    ]
    posts.append(
        {
            "author": "饺子",
            "tid": 12,
            "at": datetime.fromisoformat("2026-11-20T20:00:00+08:00"),
            "message": "投票对象：包子\n投票理由：发言太少",
        }
    )
    now = datetime.fromisoformat("2026-11-20T23:00:00+08:00")  # day 1 closed: announced
    built = build_case(
        tmp_path, "m107", '[forum]\nurl = "http://bbs.example.com/"\n', posts, now=now
    )
    try:
        check(built.game, built.store, now=now)
        records = build_records(built.game, built.store, now=now)
        draft = next(
            d for d in records.drafts if d["code"] == "LURK-NOVOTE" and d["player"] == "包子"
        )
        decide(built.game, built.store, draft["id"], "approve", by="导演")
        approved = render_bbcode(build_records(built.game, built.store, now=now))
    finally:
        built.store.close()
    text = render_bbcode(records)
    assert post_size(text) > 10000
    parts = split_announcement(text)
    assert len(parts) >= 2
    for part in parts:
        assert post_size(part) <= 10000
        assert balanced(part)
    # the report directory holds the whole announcement and one file per part
    written = write_report(records, tmp_path / "reports")
    assert (written.directory / "announcement.bbcode").read_text("utf-8") == text
    files = sorted(written.directory.glob("announcement-*.bbcode"))
    assert [f.read_text("utf-8") for f in files] == parts
    # nothing lost: every link of the 电梯 is in exactly one part
    assert sorted(m for p in parts for m in URL.findall(p)) == sorted(URL.findall(text))
    # the lurking list names only what the director approved (LURK-NOVOTE: only 饺子
    # voted on day 1): nothing before a decision, 包子 once his draft is approved
    assert "[b]第1天潜水[/b]" not in text
    assert "[b]第1天潜水[/b]" in approved
    lurk = approved[approved.index("[b]第1天潜水[/b]") : approved.index("[b]第1天电梯[/b]")]
    assert "包子：" in lurk and "饺子：" not in lurk


def test_the_report_cuts_by_the_game_files_maxpostsize(tmp_path: Path) -> None:
    """[forum] maxpostsize = 3000: every announcement file of the report within 3000 bytes
    as the forum receives them pasted (CRLF)."""
    posts = [
        {
            "author": name,
            "tid": 11,
            "at": datetime.fromisoformat(f"2026-11-20T{10 + i}:00:00+08:00"),
            "message": f"{name}的第一天发言",
            "repeat": 15,
        }
        for i, name in enumerate(PLAYERS)
    ]
    now = datetime.fromisoformat("2026-11-20T23:00:00+08:00")
    fragment = '[forum]\nurl = "http://bbs.example.com/"\nmaxpostsize = 3000\n'
    built = build_case(tmp_path, "m107", fragment, posts, now=now)
    try:
        check(built.game, built.store, now=now)
        records = build_records(built.game, built.store, now=now)
    finally:
        built.store.close()
    assert records.game["maxpostsize"] == 3000
    written = write_report(records, tmp_path / "reports")
    files = sorted(written.directory.glob("announcement-*.bbcode"))
    assert len(files) >= 2
    for f in files:
        assert post_size(f.read_text("utf-8")) <= 3000
