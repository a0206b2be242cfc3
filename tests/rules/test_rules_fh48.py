"""What the three directors of session 48 met in the rules (issue 34, never silent): 老金
(版杀7, /work/briefs/fh48_report.md), 思思 (M107, fh48b), 阿德 (030, fh48c).  Each test writes
real pages with the project's page writer (tools/writer.py) and audits them into a real store.

* A pasted chat log inside a typed ``[quote]`` (no quote-reply header) is the poster's own
  paste: PASTE-CHATLOG (M107 违规判定 7(1), 030 违规判定 1(3) “贴出（或伪造）…带有格式的相关
  记录”); a real quote-reply of the same lines stays the quoted author's.
"""

from __future__ import annotations

from pathlib import Path

from auditor.pipeline import audit
from tests.game.test_discover_rulesets import Game, at, rabbit030
from tests.report_csv import report_rows
from tools.writer import parse_script, write_site


def _thread(g: Game, subject: str) -> list[dict[str, object]]:
    posts = next(t for t in g.threads if t["subject"] == subject)["post"]
    assert isinstance(posts, list)
    return posts


def _findings(g: Game, where: Path) -> list[dict[str, str]]:
    """The full game file's audit: its findings' rows."""
    pages = where / "pages"
    write_site(parse_script(g.script()), pages)
    full, _minimal = g.files(where, f'pages = "{pages.as_posix()}"')
    result = audit(full, reports=where / "r")
    assert result.report is not None, result.problems
    return report_rows(result.report / "findings.csv")


# ------------------------------------------------------------------ 1. typed [quote]

CHAT_LOG = "钟水饺 2026-11-21 21:15:03\n查验反馈：村民阵营"


def test_a_chat_log_inside_a_typed_quote_is_the_posters_paste(tmp_path: Path) -> None:
    g = rabbit030()
    d1 = _thread(g, "[030] D1 讨论帖")
    d1.append(
        {
            "author": "番茄",
            "at": at(11, 21, 20),
            "pid": 8801,
            "message": f"[quote]{CHAT_LOG}[/quote]\n大家看，我是真的。",
        }
    )
    rows = [r for r in _findings(g, tmp_path) if r["code"] == "PASTE-CHATLOG"]
    assert [(r["player"], r["pid"]) for r in rows] == [("番茄", "8801")], rows


def test_a_quote_reply_of_the_lines_is_not_the_quoters(tmp_path: Path) -> None:
    """Twin: 番茄 pastes the log in his own words; 黄瓜 quote-replies it (the 发表于 header and
    the findpost link) — only 番茄's post is a paste."""
    g = rabbit030()
    d1 = _thread(g, "[030] D1 讨论帖")
    d1.append({"author": "番茄", "at": at(11, 21, 20), "pid": 8801, "message": CHAT_LOG})
    d1.append(
        {
            "author": "黄瓜",
            "at": at(11, 21, 20, 5),
            "pid": 8802,
            "quote": 8801,
            "message": "你这是贴证了吧？",
        }
    )
    rows = [r for r in _findings(g, tmp_path) if r["code"] == "PASTE-CHATLOG"]
    assert [(r["player"], r["pid"]) for r in rows] == [("番茄", "8801")], rows
