"""What the three directors of session 48 met in the rules (issue 34, never silent): 老金
(版杀7, /work/briefs/fh48_report.md), 思思 (M107, fh48b), 阿德 (030, fh48c).  Each test writes
real pages with the project's page writer (tools/writer.py) and audits them into a real store.

* A pasted chat log inside a typed ``[quote]`` (no quote-reply header) is the poster's own
  paste: PASTE-CHATLOG (M107 违规判定 7(1), 030 违规判定 1(3) “贴出（或伪造）…带有格式的相关
  记录”); a real quote-reply of the same lines stays the quoted author's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.pipeline import audit
from tests.game.test_discover_rulesets import Game, at, killbar7, rabbit030
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


# ------------------------------------------------------------------ 5. 遗言 is not 诈尸


def test_last_words_out_of_their_window_are_late_not_a_ghost_post(tmp_path: Path) -> None:
    """版杀7 4.2.2 / 环节五 (20:00–24:00): 芒果, voted out at day 1's close (11-22 23:59:59),
    posts 「遗言：…」 at 00:30 — 遗言超时, not 诈尸; his 「我还没说完」 at 00:40 is 诈尸."""
    g = killbar7()
    d1 = _thread(g, "[版杀7] 第一天讨论贴")
    d1.append(
        {
            "author": "芒果",
            "at": at(11, 23, 0, 30),
            "pid": 8811,
            "message": "遗言：我是医生，昨晚扎了冬瓜。",
        }
    )
    d1.append(
        {
            "author": "芒果",
            "at": at(11, 23, 0, 40),
            "pid": 8812,
            "message": "我还没说完，大家小心苦瓜",
        }
    )
    rows = _findings(g, tmp_path)
    said = {(r["code"], r["pid"]) for r in rows if r["player"] == "芒果"}
    assert ("LASTWORDS-LATE", "8811") in said, said
    assert ("GHOST-POST", "8811") not in said, said
    assert ("GHOST-POST", "8812") in said and ("LASTWORDS-LATE", "8812") not in said, said


def test_a_headed_post_is_last_words_in_any_wording() -> None:
    from auditor.rules.lastwords import headed_lastwords

    for text in (
        "遗言：我是好人",
        "【遗言】好人",
        "米肠的遗言：……",
        "「遺言」警徽给我",
        "  遗言 就这些",
    ):
        assert headed_lastwords(text), text
    for text in ("他的遗言说得不对", "我还没说完", "看了米肠的遗言，我觉得", "没有遗言"):
        assert not headed_lastwords(text), text


# ------------------------------------------------------------------ 4. 殉情 is a death of its own

SUICIDE_RESULT = "D2 投票结果：芒果 5 票，芒果被投票出局，番茄殉情。"


def _with_suicide() -> Game:
    g = rabbit030()
    for p in _thread(g, "[030] 进程帖"):
        if "D2 投票结果" in str(p["message"]):
            p["message"] = SUICIDE_RESULT
    return g


def test_a_suicide_beside_the_vote_out_is_no_tally_question(tmp_path: Path) -> None:
    """阿德 (030): 番茄 殉情 with 芒果's vote-out; the game file says so (``how = "suicide"``)
    and the tally (芒果 out) agrees with the file's vote-outs: nothing asked."""
    g = _with_suicide()
    g.event("eliminated", "番茄", at(11, 23, 22), "suicide", announced=at(11, 23, 22, 5))
    pages = tmp_path / "pages"
    write_site(parse_script(g.script()), pages)
    full, _minimal = g.files(tmp_path, f'pages = "{pages.as_posix()}"')
    result = audit(full, reports=tmp_path / "r")
    assert result.report is not None, result.problems
    assert not [n for n in result.notices if "计票" in n], result.notices
    # the same file with 番茄 as a second vote-out is asked
    text = full.read_text("utf-8").replace('how = "suicide"', 'how = "vote"')
    full.write_text(text, "utf-8")
    again = audit(full, reports=tmp_path / "r2")
    assert [n for n in again.notices if "投票出局为 番茄、芒果" in n], again.notices


def test_an_answered_tally_question_does_not_come_back(tmp_path: Path) -> None:
    """阿德: the result post read as two vote-outs (番茄、芒果) against the tally (芒果) is
    asked; once he answers 「计票是对的」 the next audit's notices no longer carry it."""
    from typer.testing import CliRunner

    from auditor.cli import app
    from tests.game.test_discover_autonomy import setup

    minimal = setup(tmp_path, _with_suicide())
    first = audit(minimal, reports=tmp_path / "r")
    assert [n for n in first.notices if "计票结果为 芒果" in n], first.notices
    got = CliRunner().invoke(
        app, ["game", str(minimal), "--tally-answer", "计票是对的", "--day", "2"]
    )
    assert got.exit_code == 0, got.output
    again = audit(minimal, reports=tmp_path / "r2")
    assert not [n for n in again.notices if "计票结果为 芒果" in n], again.notices


# ------------------------------------------------------------------ 2. a granted 请假

LEAVE_POST = "苦瓜请假到明天晚上，准了，这两天他的帖数不够先不罚。"


def _leave_game(tmp_path: Path, leave: bool) -> Path:
    """030 with 苦瓜 lurking on D1 (2 posts, no vote) and 番茄 not voting on D1; the
    director grants 苦瓜 a 请假 in the process thread (pid 9100) — written in the file or not."""
    g = rabbit030()
    _thread(g, "[030] 进程帖").append(
        {"author": "扫把无限", "at": at(11, 20, 7), "pid": 9100, "message": LEAVE_POST}
    )
    if leave:
        g.full_events.append(
            '[[event]]\ntype = "leave"\nplayer = "苦瓜"\nfrom = 2026-11-20T07:00:00+08:00\n'
            "until = 2026-11-21T23:00:00+08:00\npid = 9100\n"
        )
    pages = tmp_path / "pages"
    write_site(parse_script(g.script()), pages)
    full, _minimal = g.files(tmp_path, f'pages = "{pages.as_posix()}"')
    result = audit(full, reports=tmp_path / "r")
    assert result.report is not None, result.problems
    return full


def _drafts(full: Path) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    from auditor import pipeline
    from auditor.report.records import build_records

    g = pipeline.open_game(full)
    with pipeline.open_store(g) as store:
        recs = build_records(pipeline.current(g, store), store)
    return recs.drafts, recs.questions


def test_a_granted_leave_holds_that_players_lurk_drafts_with_the_post(tmp_path: Path) -> None:
    from auditor import pipeline
    from auditor.ledger.held import HeldError

    full = _leave_game(tmp_path, leave=True)
    drafts, questions = _drafts(full)
    mine = {(d["code"], d["day"]): d for d in drafts if d["player"] == "苦瓜" and d["day"] == 1}
    assert {"LURK-DAY", "LURK-NOVOTE"} <= {c for c, _ in mine}, drafts
    assert all(d["held"] == 1 for d in mine.values()), mine
    # another player's no-vote draft of the same day is offered as before
    other = [d for d in drafts if d["player"] == "番茄" and d["code"] == "LURK-NOVOTE"]
    assert other and all(d["held"] is None for d in other), other
    (day1,) = [q for q in questions if q["day"] == 1]
    (asked,) = [it for it in day1["items"] if it["kind"] == "leave"]
    # the 请假 post is shown in the question (its link too where the game has a forum address)
    assert "苦瓜 请了假" in asked["text"] and f"「{LEAVE_POST}」" in asked["text"], asked
    assert set(day1["held"]) == {d["id"] for d in mine.values()}
    # never a card without his tap: approving asks for 仍然批准
    g = pipeline.open_game(full)
    lurk = mine[("LURK-DAY", 1)]
    with pipeline.open_store(g) as store:
        with pytest.raises(HeldError, match="请假"):
            pipeline.decide(g, store, str(lurk["id"]), "approve", card=None, note="", by=None)
        pipeline.decide(
            g, store, str(lurk["id"]), "approve", card=None, note="", by=None, anyway=True
        )


def test_without_the_leave_the_lurk_drafts_are_offered(tmp_path: Path) -> None:
    drafts, questions = _drafts(_leave_game(tmp_path, leave=False))
    mine = [d for d in drafts if d["player"] == "苦瓜" and d["day"] == 1]
    assert mine and all(d["held"] is None for d in mine), mine
    assert not any(it["kind"] == "leave" for q in questions for it in q["items"])


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ("from = 2026-11-20T07:00:00+08:00\n", "要写 until"),
        ("until = 2026-11-21T23:00:00+08:00\n", "要写 from"),
        (
            "from = 2026-11-21T07:00:00+08:00\nuntil = 2026-11-20T23:00:00+08:00\n",
            "不晚于开始时间",
        ),
        (
            'from = 2026-11-20T07:00:00+08:00\nuntil = 2026-11-21T23:00:00+08:00\nhow = "vote"\n',
            "请假（leave）事件没有 how",
        ),
    ],
)
def test_a_leave_in_the_game_file_is_checked_in_chinese(
    tmp_path: Path, body: str, said: str
) -> None:
    from auditor.errors import AuditorError
    from auditor.game.gamefile import load_game

    path = tmp_path / "g.toml"
    path.write_text(
        '[game]\nname = "t"\nruleset = "rabbit030"\ndirectors = ["导演"]\n[forum]\n'
        f'pages = "{tmp_path.as_posix()}"\n[players]\nnames = ["苦瓜", "番茄"]\n'
        '[[thread]]\ntid = 1\nkind = "discussion"\n'
        '[[event]]\ntype = "leave"\nplayer = "苦瓜"\n' + body,
        "utf-8",
    )
    with pytest.raises(AuditorError, match=said):
        load_game(path)


def test_write_leave_adds_a_signed_leave_the_file_loads(tmp_path: Path) -> None:
    from datetime import datetime

    from auditor.game.confirm import Signature, write_leave
    from auditor.game.gamefile import EventType, load_game

    path = tmp_path / "g.toml"
    path.write_text(
        '[game]\nname = "t"\nruleset = "rabbit030"\ndirectors = ["导演"]\n[forum]\n'
        f'pages = "{tmp_path.as_posix()}"\n[players]\nnames = ["苦瓜", "番茄"]\n'
        '[[thread]]\ntid = 1\nkind = "discussion"\n',
        "utf-8",
    )
    signed = Signature("导演", datetime(2026, 11, 20, 7, 5))
    write_leave(path, "苦瓜", at(11, 20, 7), at(11, 21, 23), signed, pid=9100)
    (leave,) = [e for e in load_game(path).events if e.type is EventType.LEAVE]
    assert (leave.player, leave.at, leave.until, leave.pid) == (
        "苦瓜",
        at(11, 20, 7),
        at(11, 21, 23),
        9100,
    )
    assert "from = 2026-11-20T07:00:00+08:00" in path.read_text("utf-8")


# ------------------------------------------------------------------ 3. a confirmed day stands

DAY1 = (
    "\n[[day]]\nnumber = 1\nopens = 2026-11-20T08:00:00+08:00\ncloses = 2026-11-20T22:00:00+08:00\n"
)


def _mid_day_death(tmp_path: Path, confirmed: bool) -> tuple[list[str], list[dict[str, str]]]:
    """M39, a minimal file; the director's post at 12:00 on day 1 reads as 茄子's death at
    12:00 (a roster-like line, unconfirmed).  ``confirmed``: day 1 stands in the file (the
    director confirmed it).  The discovery's warnings and the findings."""
    from auditor import pipeline
    from tests.game.test_discover_autonomy import setup
    from tests.game.test_discover_rulesets import m39

    g = m39()
    d1 = _thread(g, "[M39] 第一天讨论帖")
    d1.append(
        {"author": "导演", "at": at(11, 20, 12), "pid": 77001, "message": "公告：茄子 出局。"}
    )
    d1.sort(key=lambda p: p["at"])  # type: ignore[arg-type,return-value]
    minimal = setup(tmp_path, g)
    if confirmed:
        minimal.write_text(minimal.read_text("utf-8") + DAY1, "utf-8")
    result = audit(minimal, reports=tmp_path / "r")
    assert result.report is not None, result.problems
    game = pipeline.open_game(minimal)
    disc = game.discovery
    assert disc is not None
    return list(disc.warnings), report_rows(result.report / "findings.csv")


def test_an_unconfirmed_death_inside_a_confirmed_day_is_asked_not_counted(
    tmp_path: Path,
) -> None:
    warnings, rows = _mid_day_death(tmp_path, confirmed=True)
    (said,) = [w for w in warnings if "茄子" in w]
    assert "已经确认的第1天" in said and "「公告：茄子 出局。」" in said, said
    assert "确认之前不计入" in said
    assert not [r for r in rows if r["player"] == "茄子" and r["code"] == "GHOST-POST"], rows


def test_the_same_death_on_a_day_not_confirmed_is_counted_as_before(tmp_path: Path) -> None:
    warnings, rows = _mid_day_death(tmp_path, confirmed=False)
    assert not [w for w in warnings if "确认之前不计入" in w], warnings
    assert [r for r in rows if r["player"] == "茄子" and r["code"] == "GHOST-POST"], rows


def test_a_death_read_at_the_first_days_opening_is_asked_not_counted(tmp_path: Path) -> None:
    """Round 1 item 3, end to end: every seed's game opens with its first day (M107 流程 4,
    030, M39, 版杀7 4), so a death the discovery reads at day 1's opening (or before) has no
    night behind it — it is asked with the post's words, not applied (茄子's day 1 posts are
    no 诈尸, his ballot stands)."""
    from auditor import pipeline
    from tests.game.test_discover_autonomy import setup
    from tests.game.test_discover_rulesets import m39

    g = m39()
    # the roster-like line in a post timed at day 1's opening (fh48b)
    posts = _thread(g, "[M39] 第一天讨论帖")
    posts.append(
        {"author": "导演", "at": at(11, 20, 8), "pid": 77002, "message": "公告：茄子 出局。"}
    )
    posts.sort(key=lambda p: (p["at"], p.get("pid", 0)))  # type: ignore[arg-type,return-value]
    minimal = setup(tmp_path, g)
    result = audit(minimal, reports=tmp_path / "r")
    assert result.report is not None, result.problems
    disc = pipeline.open_game(minimal).discovery
    assert disc is not None
    (said,) = [w for w in disc.warnings if "茄子" in w and "确认之前不计入" in w]
    assert "游戏第一天开始之前" in said and "「公告：茄子 出局。」" in said, said
    rows = report_rows(result.report / "findings.csv")
    assert not [r for r in rows if r["player"] == "茄子" and r["code"] == "GHOST-POST"], rows


# ------------------------------------------------------------------ 6. what LURK-DAY counts


def test_lurking_counts_only_the_discussion_and_vote_threads(tmp_path: Path) -> None:
    """版杀7 6.2(4) 只计算讨论贴、投票贴中的发贴数量。灌水贴等等都不计算在内: 苦瓜's twelve posts
    in the 灌水贴 (on the board, left out by its title) add nothing to his 环节 counts, whether
    the file lists the game's threads (full) or discovers them (minimal)."""
    from auditor.pipeline import audit as run_audit

    def counts(chat: bool, where: Path) -> dict[str, list[tuple[str, str, str]]]:
        g = killbar7()
        if chat:
            g.thread(
                "[版杀7] 灌水贴",
                "discussion",
                None,
                [g.post("苦瓜", at(11, 20, 10, i), f"灌水第{i}帖") for i in range(12)],
            )
            g.full_threads.pop()  # (a full file lists no 灌水贴: it is no game thread)
        pages = where / "pages"
        write_site(parse_script(g.script()), pages)
        out = {}
        for name, path in zip(
            ("full", "min"), g.files(where, f'pages = "{pages.as_posix()}"'), strict=True
        ):
            result = run_audit(path, reports=where / name)
            assert result.report is not None, result.problems
            rows = report_rows(result.report / "activity.csv")
            out[name] = [(r["day"], r["phase"], r["posts"]) for r in rows if r["player"] == "苦瓜"]
        return out

    plain, chatty = counts(False, tmp_path / "a"), counts(True, tmp_path / "b")
    assert plain["full"] and chatty == plain, (plain, chatty)
    assert chatty["min"] == chatty["full"]


# ------------------------------------------------------------------ round 2: a 代投 lurker


def test_a_lurk_whose_vote_was_the_directors_proxy_says_so(tmp_path: Path) -> None:
    """fh48c: 冒菜's 单日潜水 is right by the letter (030 违规判定 5(1)), but his day's vote
    was the director's 代投: the card says 本日投票为导演代投, so the director decides knowing
    it; a lurker who voted himself gets no such words."""
    g = rabbit030()
    _thread(g, "[030] D1 投票帖").append(
        {
            "author": "扫把无限",
            "at": at(11, 21, 12),
            "pid": 8811,
            "message": "代投：苦瓜\n投票对象：番茄\n投票理由：苦瓜私信我的",
        }
    )
    rows = [r for r in _findings(g, tmp_path) if r["code"] == "LURK-DAY"]
    mine = [r for r in rows if (r["player"], r["day"]) == ("苦瓜", "1")]
    assert mine and all("本日投票为导演代投" in r["note"] for r in mine), rows
    others = [r for r in rows if r["player"] != "苦瓜"]
    assert not any("代投" in r["note"] for r in others), others
