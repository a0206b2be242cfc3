"""A 版杀7 day of two 环节, each with its own vote thread (fh41 item 5): the 电梯 names each
thread by its 环节, the tally names each round by its 环节, and the grid shows ✗ (no vote)
for a player who voted in 环节一 and never replied in 环节二, not ⚠ (a void vote)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from auditor.report.bbcode import render_bbcode
from auditor.report.records import build_records
from auditor.rules.engine import check
from tests.rules.test_rule_cases import build_case

NOW = datetime.fromisoformat("2026-11-21T08:00:00+08:00")
DAY = """
[forum]
url = "https://bbs.example.com/"
[players]
names = ["饺子", "包子", "馄饨", "豆浆", "油条"]
[[thread]]
tid = 11
kind = "discussion"
day = 1
[[thread]]
tid = 12
kind = "vote"
day = 1
[[thread]]
tid = 13
kind = "vote"
day = 1
[[day]]
number = 1
opens = 2026-11-20T00:00:00+08:00
closes = 2026-11-20T23:59:59+08:00
  [[day.phase]]
  number = 1
  name = "试探性投票"
  opens = 2026-11-20T00:00:00+08:00
  closes = 2026-11-20T11:59:59+08:00
  vote_thread = 12
  [[day.phase]]
  number = 2
  name = "可疑者辩论投票"
  opens = 2026-11-20T12:00:00+08:00
  closes = 2026-11-20T23:59:59+08:00
  vote_thread = 13
"""


def _post(author: str, tid: int, hhmm: str, message: str, repeat: int = 1) -> dict[str, object]:
    return {
        "author": author,
        "tid": tid,
        "at": datetime.fromisoformat(f"2026-11-20T{hhmm}:00+08:00"),
        "message": message,
        "repeat": repeat,
    }


def _records(tmp: Path):  # type: ignore[no-untyped-def]
    names = ["饺子", "包子", "馄饨", "豆浆", "油条"]
    posts = [_post(n, 11, f"0{i + 1}:00", f"{n}的发言", 6) for i, n in enumerate(names)]
    posts += [_post(n, 11, f"1{i + 2}:30", f"{n}下午的发言", 6) for i, n in enumerate(names)]
    posts += [_post(n, 12, f"0{i + 1}:40", "投票对象：油条") for i, n in enumerate(names[:4])]
    posts += [_post("油条", 12, "06:40", "投票对象：饺子")]
    # 环节二: 包子 never replies in its thread
    posts += [
        _post(n, 13, f"1{i + 3}:50", "投票对象：油条")
        for i, n in enumerate(["饺子", "馄饨", "豆浆"])
    ]
    built = build_case(tmp, "killbar7", DAY, posts, now=NOW)
    try:
        check(built.game, built.store, now=NOW)
        return build_records(built.game, built.store, now=NOW)
    finally:
        built.store.close()


def test_phase_threads_rounds_and_grid_say_the_phase(tmp_path: Path) -> None:
    records = _records(tmp_path / "g")
    text = render_bbcode(records)
    lift = next(line for line in text.splitlines() if line.startswith("饺子（"))
    assert "环节一" in lift and "环节二" in lift, lift
    assert lift.count("第1天投票帖") == 0, lift
    tally = text.split("[b]第1天计票[/b]", 1)[1].split("[b]", 1)[0]
    assert "第1轮" not in tally and "第2轮" not in tally, tally
    assert "环节一" in tally, tally
    cell = next(r for r in records.matrix if r["player"] == "包子")["cells"][0]
    assert not cell["uncounted"] and cell["novote"], cell
