"""What the two directors of session 49 met in the rules (issue 34, never silent): 小鹿
(M39 in 繁體 台灣用語, /work/briefs/fh49_report.md) and 大刘 (版杀7, labelled votes, fh49b).
Each game test writes real pages with the project's page writer (tools/writer.py) and
audits them into a real store; the regression games are tests/games/discovery_fh49*/.

* A rules post's own bans are said when the rule set leaves them unchecked (fh49b: 版杀7
  turns the red font, the phrases and pasted chat logs off; 大刘's rules post forbids all).
* A rules post's post minimum in traditional script (小鹿: 「每個討論日至少發言5帖…不足者藍牌」).
* A piped player's allowed words in traditional script (啊嗚 is 啊呜, 噓 is 嘘).
* A pasted chat log with a bracketed clock to the minute (「[12:03] 小葵：…」).
* Last words before the window are early, not late (版杀7 4.2.2, 环节五 20:00–24:00).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from auditor.pipeline import audit
from auditor.rules.lurk import stated_minimum
from auditor.rules.stated import stated_bans
from tests import paths
from tests.game.test_discover_rulesets import at, killbar7
from tests.report_csv import report_rows
from tests.rules.test_rules_fh48 import _findings, _thread

XIAOLU = paths.TESTS / "games" / "discovery_fh49" / "xiaolu"
BTSHIP = paths.TESTS / "games" / "discovery_fh49b" / "btship_tianjin"


def _copy(src: Path, where: Path) -> Path:
    shutil.copytree(src, where)
    return where


# ------------------------------------------------------------------ 1. a rules post's bans


def test_a_rules_posts_bans_are_read_in_either_script() -> None:
    bans = stated_bans(
        "二、不许用红字，用了吃红牌直接走人；三、不许贴聊天记录（贴证），不许发誓，不许骂街；"
    )
    assert [(b.codes[0], b.card) for b in bans] == [
        ("FONT-RED", "red"),
        ("PASTE-CHATLOG", None),
        ("PHRASE-OATH", None),
        ("PHRASE-IQ", None),
    ]
    (red,) = stated_bans("2. 禁止使用紅色字體，違者藍牌。")
    assert red.codes == ("FONT-RED",) and red.card == "blue"
    assert red.sentence == "2. 禁止使用紅色字體，違者藍牌。"  # quoted as written
    # what allows, or only talks about the thing, forbids nothing
    for text in ("可以用红字标重点。", "红字可以用，但别刷屏", "上一局有人贴了聊天记录，挺好玩"):
        assert not stated_bans(text), text


def test_a_killbar7_directors_bans_are_said_with_the_lines_that_check_them(
    tmp_path: Path,
) -> None:
    """大刘's game from its minimal file: his rules post's four bans, each checked by a rule
    版杀7 leaves off, are quoted in the report's 游戏文件需要核对 with the lines to add."""
    game = _copy(BTSHIP, tmp_path / "g")
    result = audit(game / "minimal.toml", reports=tmp_path / "r")
    assert result.report is not None, result.problems
    html = (result.report / "report.html").read_text("utf-8")
    for code in ("FONT-RED", "PASTE-CHATLOG", "PHRASE-OATH", "PHRASE-IQ"):
        assert f"[rules.{code}]" in html, code
    assert "不许用红字，用了吃红牌直接走人" in html and "没有牌：命中只提醒导演" in html


# ------------------------------------------------------------------ 2. a minimum in 繁體


def test_a_post_minimum_in_traditional_script_is_read_with_its_card() -> None:
    said = stated_minimum("1. 發言：每個討論日至少發言5帖（討論帖＋投票帖都算），不足者藍牌。")
    assert said is not None and (said.min_posts, said.card) == (5, "blue")
    assert said.sentence.startswith("1. 發言：每個討論日")


# ------------------------------------------------------- 3. and 4. 小鹿's game, fully told


def test_xiaolus_piped_words_and_her_pasted_log_in_traditional_script(tmp_path: Path) -> None:
    """小鹿's full game file: 珍奶 (piped) wrote 「啊嗚 啊嗚」「咪 咪 噓」「哈嗚」 — the allowed
    啊呜、嘘、哈呜 in traditional script, no card (3 false blues before); 芋圓's real piped
    speech still carded; 蚵仔煎's 「[12:03] 小葵：我是預言家…」 after a [quote] is a paste."""
    game = _copy(XIAOLU, tmp_path / "g")
    result = audit(game / "game.toml", reports=tmp_path / "r")
    assert result.report is not None, result.problems
    rows = report_rows(result.report / "findings.csv")
    piped = sorted(r["player"] for r in rows if r["code"] == "PIPED-SPEECH")
    assert piped == ["芋圓"], piped
    pasted = [(r["player"], r["pid"]) for r in rows if r["code"] == "PASTE-CHATLOG"]
    assert pasted == [("蚵仔煎", "39084")], pasted


# ------------------------------------------------------------------ 5. early last words


def test_last_words_before_their_window_are_early_not_late(tmp_path: Path) -> None:
    """版杀7 环节五 20:00–24:00: 番茄, sent off at 11-23 12:00, heads a post 遗言 at 13:00 —
    早于遗言时段 (not 遗言超时); 芒果 (voted out 11-22 23:59:59) at 11-23 00:30 stays late."""
    g = killbar7()
    g.event("eliminated", "番茄", at(11, 23, 12), "sent_off")
    d1 = _thread(g, "[版杀7] 第一天讨论贴")
    d1.append({"author": "番茄", "at": at(11, 23, 13), "pid": 8821, "message": "遗言：我是好人。"})
    d1.append({"author": "芒果", "at": at(11, 23, 0, 30), "pid": 8822, "message": "遗言：小心苦瓜"})
    rows = {r["pid"]: r for r in _findings(g, tmp_path) if r["code"] == "LASTWORDS-LATE"}
    assert set(rows) == {"8821", "8822"}, rows
    assert "早于遗言时段" in rows["8821"]["note"] and "遗言超时" not in rows["8821"]["note"]
    assert "遗言超时" in rows["8822"]["note"]


# ------------------------------------------------------------------ 6. the game's clock


def test_a_pages_games_drafts_and_report_folders_keep_the_pages_clock(tmp_path: Path) -> None:
    """小鹿's pages were saved at 12-16 10:00 (forum time): the 票型 and 投票提醒 drafts say
    「截至 …10:00」 and `auditor report` names its folder 20261216-…, as the audit does —
    not the machine's day (导演指南 §6 公告按游戏的时钟起草)."""
    from typer.testing import CliRunner

    from auditor.cli import app

    game = _copy(XIAOLU, tmp_path / "g")
    result = audit(game / "game.toml", reports=tmp_path / "r")
    assert result.report is not None, result.problems
    got = CliRunner().invoke(
        app, ["report", str(game / "game.toml"), "--reports", str(tmp_path / "r")]
    )
    assert got.exit_code == 0, got.output
    folders = sorted(p.name for p in (tmp_path / "r").glob("*/2*"))
    assert len(folders) == 2 and all(f.startswith("20261216-1000") for f in folders), folders
    (latest,) = (tmp_path / "r").glob("*/latest")
    html = (latest / "report.html").read_text("utf-8")
    assert "截至 12-16 10:00" in html and "最近一次抓取 2026-12-16 10:00" in html
