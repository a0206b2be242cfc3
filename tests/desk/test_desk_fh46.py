"""The session-46 first-hour director's findings (阿May's 030 「茶餐厅」, tests/desk/fh46)
through the real CLI and a real SQLite store (/work/briefs/fh46_report.md):

- desk item 1: an answer that changes a day (her 延时 confirmed with its new close) locks the
  drafts judged on the day as it was — no 仍然批准 — until the checks run again from the
  stored posts (``auditor audit --no-crawl``), which withdraw the false ones;
- desk item 2: 计票待核对 answered 公示为准 from the CLI: recorded, that day's held cards
  released;
- desk item 3: the announcement names the sheriff the game states (her announced 奶茶妹, not
  the count's 虾饺) and holds no 「待确认」: an approved card whose day has a question is left
  out, said to her beside the text;
- item 5: her 代发 post the vote table counted is not listed again as 未读懂.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from auditor import pipeline
from auditor.errors import AuditorError
from auditor.report.records import build_records
from tests.desk_helpers import auditor, fh46_game


def _ids(game: Path, kind: str) -> dict[str, str]:
    """``auditor game --format csv``'s rows of ``kind``: key -> proposal id."""
    res = auditor("game", game.name, "--format", "csv", cwd=game.parent)
    return {r["key"]: r["id"] for r in csv.DictReader(io.StringIO(res.stdout)) if r["kind"] == kind}


def _drafts(game: Path) -> list[dict[str, object]]:
    g = pipeline.open_game(game)
    with pipeline.open_store(g) as store:
        return build_records(pipeline.current(g, store), store).drafts


def _asked(game: Path) -> dict[int, list[str]]:
    g = pipeline.open_game(game)
    with pipeline.open_store(g) as store:
        return {d: [q.kind for q in qs] for d, qs in pipeline.open_questions(g, store).items()}


def _lurk(drafts: list[dict[str, object]], player: str, day: int) -> dict[str, object] | None:
    return next(
        (d for d in drafts if (d["code"], d["player"], d["day"]) == ("LURK-DAY", player, day)),
        None,
    )


def test_a_confirmed_delay_locks_its_days_drafts_until_they_are_checked_again(
    tmp_path: Path,
) -> None:
    game = fh46_game(tmp_path / "g")
    assert auditor("audit", game.name, cwd=game.parent).returncode == 7
    # judged on the old close (12-03 21:30): 奶茶妹's day 2 counted short (4 posts)
    false = _lurk(_drafts(game), "奶茶妹", 2)
    assert false is not None and false["held"] == 2
    delay = _ids(game, "delay")["day 2"]
    res = auditor(
        "game", game.name, "--confirm", delay, "--closes", "2026-12-04 21:30", "--by", "阿May",
        cwd=game.parent,
    )  # fmt: skip
    said = res.stdout + res.stderr
    assert res.returncode == 0, said
    assert "第2天改了" in said and "--no-crawl" in said, said
    # every question of day 2 answered but this one: the day changed since the check
    assert "changed" in _asked(game)[2]
    g = pipeline.open_game(game)
    with pipeline.open_store(g) as store, pytest.raises(AuditorError, match="检查完再批"):
        pipeline.decide(g, store, str(false["id"]), "approve", card=None, by="阿May", anyway=True)
    # the checks again from the stored posts: the lock is spent, the false draft withdrawn
    again = auditor("audit", game.name, "--no-crawl", cwd=game.parent)
    assert again.returncode in (0, 7), again.stdout + again.stderr
    assert "changed" not in _asked(game).get(2, [])
    assert _lurk(_drafts(game), "奶茶妹", 2) is None


def test_the_tally_question_is_answered_from_the_cli(tmp_path: Path) -> None:
    game = fh46_game(tmp_path / "g", night=1)
    assert auditor("audit", game.name, cwd=game.parent).returncode in (0, 7)
    # her reminder (1070, 「菠萝油请唔好再用红色字」) marked 读对了: the tally's question is left
    handled = auditor("game", game.name, "--handled", "1070", "--by", "阿May", cwd=game.parent)
    assert handled.returncode == 0, handled.stderr
    assert _asked(game)[1] == ["conflict"]
    held = [d for d in _drafts(game) if d["held"] == 1]
    assert held  # (丝袜's 潜水 among them)
    res = auditor(
        "game", game.name, "--tally-answer", "公示为准", "--day", "1", "--by", "阿May",
        cwd=game.parent,
    )  # fmt: skip
    said = res.stdout + res.stderr
    assert res.returncode == 0, said
    assert "已记下：第1天公示为准（阿May）" in said, said
    assert "conflict" not in _asked(game).get(1, [])
    assert [d for d in _drafts(game) if d["held"] == 1] == []
    # asked again: no question left to answer, said in words
    again = auditor(
        "game", game.name, "--tally-answer", "公示为准", "--day", "1", "--by", "阿May",
        cwd=game.parent,
    )  # fmt: skip
    assert again.returncode != 0 and "没有待核对的计票" in again.stdout + again.stderr


def test_the_announcement_names_the_stated_sheriff_and_leaves_unsure_cards_out(
    tmp_path: Path,
) -> None:
    game = fh46_game(tmp_path / "g", night=1)
    assert auditor("audit", game.name, cwd=game.parent).returncode in (0, 7)
    lurk = _lurk(_drafts(game), "丝袜", 1)
    assert lurk is not None and lurk["held"] == 1
    ok = auditor(
        "decide", game.name, str(lurk["id"]), "approve", "--anyway", "--by", "阿May",
        cwd=game.parent,
    )  # fmt: skip
    assert ok.returncode == 0, ok.stdout + ok.stderr
    text = (game.parent / "reports" / "teahouse" / "latest" / "announcement.bbcode").read_text(
        "utf-8"
    )
    tally = text.split("[b]第1天计票[/b]\n", 1)[1].split("\n\n", 1)[0]
    assert "当选警长：奶茶妹（按导演公示）" in tally, tally
    assert "→ 当选警长" not in tally, tally  # (the count's 虾饺 4 票 stands as counted)
    assert "虾饺：4 票" in tally, tally
    assert "待确认" not in text and "丝袜" not in text.split("[b]第1天计票[/b]")[0], text
    dry = auditor("post", game.name, "announcement", "--dry-run", cwd=game.parent)
    assert "没有写进公告：丝袜 黄牌 第1天" in dry.stdout, dry.stdout[-800:]


def test_a_proxy_ballot_counted_is_not_listed_as_unread(tmp_path: Path) -> None:
    game = fh46_game(tmp_path / "g", night=1)
    line = auditor("audit", game.name, cwd=game.parent)
    assert "帖子 205 的 8 楼" not in line.stdout, line.stdout
    unread = _ids(game, "unread")
    assert "pid 1060" not in unread and "pid 1070" in unread, unread


def test_count_is_right_names_the_sheriff_she_confirmed(tmp_path: Path) -> None:
    """「计票是对的」 on day 1, whose sheriff 奶茶妹 the game file states (she confirmed the
    announcement; the tally elects 虾饺): the answer names that event and says to change it
    where it stands (改或撤销已确认的事件 / auditor events --edit) — 补上 would be a second
    sheriff."""
    game = fh46_game(tmp_path / "g", night=1)
    assert auditor("audit", game.name, cwd=game.parent).returncode in (0, 7)
    said = auditor(
        "game",
        game.name,
        "--tally-answer",
        "计票是对的",
        "--day",
        "1",
        "--by",
        "阿May",
        cwd=game.parent,
    )
    assert said.returncode == 0, said.stderr
    assert "游戏文件里已经写了：警长：奶茶妹" in said.stdout, said.stdout
    assert "改或撤销已确认的事件" in said.stdout and "auditor events" in said.stdout
    assert "补上漏读的一天或一个事件" not in said.stdout


def test_count_is_right_settles_the_sheriff_proposal_it_contradicts(tmp_path: Path) -> None:
    """desk48 item 3 (思思, fh48b: 「计票是对的」 left the announcement's sheriff proposed, 「请更正
    那个事件」, and she re-picked the count's by hand): the same day with 奶茶妹 only proposed
    from the announcement (pid 1075), the count electing 虾饺 — the answer confirms the
    proposal with the count's player, signed, the announcement's reading kept as 原为."""
    from auditor.desk import actions

    game = fh46_game(tmp_path / "g", night=1)
    text = game.read_text("utf-8")
    start = text.index("[[event]] # 来源：pid 1075")
    game.write_text(text[:start] + text[text.index("[[day]]", start) :], "utf-8")
    assert auditor("audit", game.name, cwd=game.parent).returncode in (0, 7)
    assert any("奶茶妹" in p["text"] for p in actions.proposals(pipeline.open_game(game)))
    done = actions.answer_tally(
        pipeline.open_game(game), 1, "count", by="阿May", reports=tmp_path / "r"
    )
    assert "虾饺" in done.message, done.message
    events = pipeline.open_game(game).events
    assert [(e.type.value, e.player) for e in events if e.type.value == "sheriff"] == [
        ("sheriff", "虾饺")
    ]
    assert "阿May 于" in game.read_text("utf-8")
