"""Reports: records → report.html / CSV / BBCode, written atomically with a latest pointer."""

from __future__ import annotations

import os
import shutil
from datetime import datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.files import WriteError
from auditor.game.gamefile import load_game
from auditor.ledger.decisions import decide
from auditor.ledger.ledger import load_ledger
from auditor.report import write as report_write
from auditor.report.bbcode import render_bbcode
from auditor.report.html import COPY_SCRIPT
from auditor.report.records import build_records, highlight, post_link
from auditor.report.write import FILES, latest_dir, write_report
from auditor.store import Store
from auditor.tables import neutralise, unneutralise
from tests import paths
from tests.ledger_helpers import HOSTILE_SCRIPT, HYPERLINK
from tests.report_csv import report_rows

REPO = paths.ROOT


def read_csv(path: Path) -> tuple[bytes, list[dict[str, str]]]:
    """The file's first bytes (its BOM) and its rows by column name (the header is Chinese)."""
    raw = path.read_bytes()
    return raw[:3], report_rows(raw.decode("utf-8-sig"))


def test_csvs_have_bom_and_neutralised_formulas(hostile, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    game, store, now = hostile
    records = build_records(game, store, now=now)
    written = write_report(records, tmp_path / "reports")
    for name in FILES:
        assert (written.directory / name).is_file(), name
    for name in ("activity.csv", "votes.csv", "tally.csv", "findings.csv", "ledger.csv"):
        bom, _ = read_csv(written.directory / name)
        assert bom == b"\xef\xbb\xbf", name
    _, findings = read_csv(written.directory / "findings.csv")
    excerpts = [r["excerpt"] for r in findings]
    assert "'" + HYPERLINK in excerpts  # neutralised, and only by the apostrophe
    for row in findings:
        for value in row.values():
            assert not value.startswith(("=", "+", "-", "@", "\t", "\r")), value
    _, ledger = read_csv(written.directory / "ledger.csv")
    assert list(ledger[0])[:6] == ["player", "blue", "yellow", "red", "sent_off", "pending"]
    header = (written.directory / "ledger.csv").read_text("utf-8-sig").splitlines()[0]
    assert header.startswith("玩家,蓝牌,黄牌,红牌,罚下,待处理")  # (for Excel and WPS)
    # cards and statuses in words
    assert {r["status"] for r in findings} <= {"待处理", "已批准", "已驳回"}
    assert {r["suggested_card"] for r in findings} <= {
        "蓝牌",
        "黄牌",
        "红牌",
        "提醒导演",
        "不处罚",
        "替补",
        "",
    }
    assert {r["player"]: int(r["pending"]) for r in ledger}["油条"] >= 5
    _, activity = read_csv(written.directory / "activity.csv")
    spring = [r for r in activity if r["player"] == "春卷"]
    assert [(r["day"], r["posts"], r["below"]) for r in spring] == [
        ("1", "3", "1"),
        ("2", "3", "1"),
    ]
    _, votes = read_csv(written.directory / "votes.csv")
    assert [(v["voter"], v["target"]) for v in votes] == [("饺子", "包子")]


def test_report_html_escapes_post_text_and_is_self_contained(hostile, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    game, store, now = hostile
    written = write_report(build_records(game, store, now=now), tmp_path / "reports")
    html = (written.directory / "report.html").read_text("utf-8")
    # the one script is the drafts' copy script, allowed by its hash (html.COPY_SCRIPT)
    assert html.lower().count("<script") == 1 and f"<script>{COPY_SCRIPT}</script>" in html
    assert "&lt;script&gt;alert(&#39;xss-1&#39;)&lt;/script&gt;" in html
    assert "onerror=" not in html.replace("onerror=&#34;", "")  # only escaped
    assert 'href="javascript' not in html
    assert 'src="http' not in html and "<link" not in html  # no network assets
    for section in ("summary", "activity", "votes", "drafts", "standings", "chart", "elevator"):
        assert f'id="{section}"' in html
    # the draft links to the post on the forum
    ghost = next(f for f in store.findings() if f["code"] == "GHOST-POST")
    link = (
        f"http://bbs.example.com/forum.php?mod=redirect&amp;goto=findpost&amp;ptid={ghost['tid']}"
        f"&amp;pid={ghost['pid']}"
    )
    assert link in html


def test_atomic_write_leaves_no_half_report(
    hostile, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    game, store, now = hostile
    records = build_records(game, store, now=now)
    reports = tmp_path / "reports"
    first = write_report(records, reports, when=datetime(2026, 11, 22, 6, 0, 0))
    assert latest_dir(reports, game.slug) == first.directory.resolve()

    real = report_write.write_new

    def broken(path: Path, *args: object, **kwargs: object) -> None:
        if path.name == "findings.csv":
            raise OSError("disk full")
        real(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(report_write, "write_new", broken)
    with pytest.raises(WriteError, match=r"无法写入 .*disk full"):  # exit 2, not a traceback
        write_report(records, reports, when=datetime(2026, 11, 23, 6, 0, 0))
    game_dir = reports / game.slug
    assert sorted(p.name for p in game_dir.iterdir()) == [
        ".folder",
        ".store",
        "20261122-060000",
        "latest",
    ]
    assert latest_dir(reports, game.slug) == first.directory.resolve()

    # A killed run's temporary directory is cleaned up by the next run.
    (game_dir / ".tmp-20261124-060000-999").mkdir()
    monkeypatch.setattr(report_write, "write_new", real)
    second = write_report(records, reports, when=datetime(2026, 11, 24, 6, 0, 0))
    assert sorted(p.name for p in game_dir.iterdir()) == [
        ".folder",  # where the folder was (a game folder moved whole keeps its reports)
        ".store",  # which store owns the folder
        "20261122-060000",
        "20261124-060000",
        "latest",
    ]
    assert os.readlink(game_dir / "latest") == "20261124-060000"
    assert latest_dir(reports, game.slug) == second.directory.resolve()


def test_latest_txt_where_symlinks_fail(
    hostile, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    game, store, now = hostile

    def no_symlinks(*args: object, **kwargs: object) -> None:
        raise OSError("symlinks not supported")

    monkeypatch.setattr(report_write.os, "symlink", no_symlinks)
    written = write_report(build_records(game, store, now=now), tmp_path / "reports")
    assert written.latest.name == "latest.txt"
    assert written.latest.read_text("utf-8").strip() == written.directory.name
    assert latest_dir(tmp_path / "reports", game.slug) == written.directory


def test_announcement_lists_approved_cards_tally_and_elevator(hostile, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    game, store, now = hostile
    ghost = next(d for d in load_ledger(game, store).drafts if d.code == "GHOST-POST")
    decide(game, store, ghost.id, "approve", note="诈尸")
    written = write_report(build_records(game, store, now=now), tmp_path / "reports")
    text = (written.directory / "announcement.bbcode").read_text("utf-8")
    # the rule's Chinese title, not its code; the director's note stays private
    assert "油条：[color=Blue]蓝牌[/color] 第2天 诈尸（出局后发言）" in text
    assert "GHOST-POST" not in text and "（诈尸）" not in text
    assert "[b]第2天电梯[/b]" in text
    assert (
        "饺子（5帖）：[url=http://bbs.example.com/forum.php?mod=redirect&goto=findpost&ptid=21&pid="
        in text
    )
    assert HOSTILE_SCRIPT not in text  # post text never goes into the announcement


def test_highlight_and_links() -> None:
    assert highlight("我发誓我是好人，我发誓", ["我发誓"]) == [
        ("我发誓", True),
        ("我是好人，", False),
        ("我发誓", True),
    ]
    assert highlight("没有命中", ["卧槽"]) == [("没有命中", False)]
    assert post_link("http://bbs.example.com/", 5, 6) == (
        "http://bbs.example.com/forum.php?mod=redirect&goto=findpost&ptid=5&pid=6"
    )
    assert post_link("javascript:alert(1)//", 5, 6) is None
    assert post_link(None, 5, 6) is None


@pytest.mark.parametrize("text", ["=1+1", "+86", "-1", "@SUM(A1)", "\tx", "\rx", HYPERLINK])
def test_neutralise_round_trip(text: str) -> None:
    n = neutralise(text)
    assert n == "'" + text
    assert unneutralise(n) == text
    assert neutralise(-1) == -1  # numbers stay numbers
    assert unneutralise("'普通文本") == "'普通文本"


def test_audit_on_the_sample_game_writes_the_report(tmp_path: Path) -> None:
    sample = tmp_path / "sample"
    shutil.copytree(
        REPO / "examples" / "sample", sample, ignore=shutil.ignore_patterns("*.sqlite*", "*.lock")
    )
    reports = tmp_path / "reports"
    runner = CliRunner()
    result = runner.invoke(
        app, ["audit", str(sample / "game.toml"), "--reports", str(reports), "-q"]
    )
    assert result.exit_code == 0, result.output
    assert "审计完成：新帖 207，新草稿" in result.output
    report = latest_dir(reports, load_game(sample / "game.toml").slug)
    assert report is not None and (report / "report.html").is_file()
    html = (report / "report.html").read_text("utf-8")
    assert "春卷" in html and 'class="num below"' in html
    again = runner.invoke(
        app, ["audit", str(sample / "game.toml"), "--reports", str(reports), "-q"]
    )
    assert again.exit_code == 0, again.output
    assert "新帖 0，新草稿 0" in again.output
    # Nothing changed (issue 16): the last report stands, marked as checked again.
    assert "没有变化，沿用上次的报告" in again.output
    with Store(sample / "game.sqlite") as store:
        assert [r["command"] for r in store.runs()].count("audit") == 2
        assert store.runs()[-1]["status"] == "ok"
    report_only = runner.invoke(
        app, ["report", str(sample / "game.toml"), "--reports", str(reports)]
    )
    assert report_only.exit_code == 0, report_only.output
    assert (
        len(
            [
                p
                for p in (reports / load_game(sample / "game.toml").slug).iterdir()
                if not p.name.startswith(("latest", "."))
            ]
        )
        == 2  # the audit, then `report`: the second audit wrote none
    )


def test_audit_exit_code_for_a_bad_game_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[game]\nname = "坏"\nruleset = "nope"\n', encoding="utf-8")
    result = CliRunner().invoke(app, ["audit", str(bad), "--reports", str(tmp_path / "r")])
    assert result.exit_code == 3
    assert not (tmp_path / "r").exists()


def test_incomplete_crawl_exits_1_and_the_report_lists_the_problem_first(tmp_path: Path) -> None:
    sample = tmp_path / "sample"
    shutil.copytree(
        REPO / "examples" / "sample",
        sample,
        ignore=shutil.ignore_patterns("*.sqlite*", "*.lock", "*-107-*"),
    )
    reports = tmp_path / "reports"
    result = CliRunner().invoke(
        app, ["audit", str(sample / "game.toml"), "--reports", str(reports), "-q"]
    )
    assert result.exit_code == 1, result.output
    assert "问题 1。" in result.output
    html = (latest_dir(reports, load_game(sample / "game.toml").slug) / "report.html").read_text(
        "utf-8"
    )  # type: ignore[operator]
    problems = html.index('class="problems"')
    assert "107" in html[problems : html.index("</div>", problems)]
    assert problems < html.index('id="activity"')
    with Store(sample / "game.sqlite") as store:
        assert store.runs()[-1]["status"] == "incomplete"


def test_report_writes_a_whole_sheriff_weight_without_decimals(hostile) -> None:  # type: ignore[no-untyped-def]
    """Issue 30: ``番茄（警长）的票计 2.0 票`` reads ``2 票``; a 1.5 stays 1.5."""
    from dataclasses import replace

    from auditor.report.drafts import posts_of
    from auditor.report.html import render_html

    game, store, now = hostile
    records = build_records(game, store, now=now)
    rounds = [
        {**x, "sheriff": "番茄", "weights": {"番茄": 2.0, "包子": 1.5}}
        for x in records.rounds
        if x["day"] == 1
    ]
    assert rounds
    changed = replace(records, rounds=rounds)
    html = render_html(changed, posts_of(changed, None))
    assert "番茄（警长）的票计 2 票" in html
    assert "包子的票计 1.5 票" in html
    assert "2.0 票" not in html
    from auditor.desk.app import environment as desk_environment

    desk_environment().get_template("report.html.j2")  # the desk renders the report too


def test_the_elevator_without_links_names_the_thread_of_every_floor(sample_game: Path) -> None:
    """Issue 30: without ``[forum] url`` the announcement's 电梯 wrote ``汤圆（6帖）：#16 #17 …``
    (all in the discussion thread, 汤圆 did not vote) beside lines with both threads named:
    bare floors do not say where they are.  Every line now names its thread."""
    game = load_game(sample_game)
    assert game.forum.url is None
    assert CliRunner().invoke(app, ["check", str(sample_game)]).exit_code == 0
    with Store(game.store) as store:
        day2 = datetime.fromisoformat("2026-11-24T08:00:00+08:00")
        text = render_bbcode(build_records(game, store, now=day2))
    lines = text[text.index("[b]第2天电梯[/b]") :].split("\n\n", 1)[0].splitlines()[1:]
    lonely = next(ln for ln in lines if ln.startswith("汤圆"))
    # (named as players know it: no tid, session 40)
    assert lonely.startswith("汤圆（6帖）：第2天讨论帖 #16 "), lonely
    for line in filter(None, lines):
        assert line.split("：", 1)[1].startswith("第2天"), line


def test_a_directors_text_says_no_developer_detail() -> None:
    """Session 38 round 2: a colour's hex and L/C/h, an avatar's saved-file path, the game
    file's [[tables]], the CLI's --add / --dismiss and 问题 N (the crawl's) as a director
    reads them."""
    from auditor.report.labels import plain_note
    from auditor.report.words import audit_line, director_words

    note = plain_note("颜色接近红色，Red = #FF0000，L=53 C=105 h=40°，ΔE2000=0.0")
    assert note == "颜色接近红色", note
    # (a finding's own words with the colour after a colon: its name and hex said plainly)
    # (session 41: no English colour name either — 红色字体（#FF0000）, not Red（#FF0000）)
    assert plain_note("红色字体：Red = #FF0000") == "红色字体（#FF0000）"
    assert "种子规则" not in director_words("不是牌（种子规则没有直接条文：只提醒导演）")
    said = plain_note("头像与饺子相同，thread-102-p1_files/03_avatar_middle.png")
    assert "_files/" not in said and "头像图片" in said, said
    state = (
        "未读懂的公告 1 条（pid 30308）：auditor game 查看，读错的用 --add 补上，"
        "不是公告的用 --dismiss 编号；请核对游戏文件的 [[event]] 或投票（可用 [[correction]] 更正）"
    )
    on_desk = director_words(state, desk=True)
    for dev in ("--add", "--dismiss", "[[", "auditor game"):
        assert dev not in on_desk, on_desk
    assert "不是公告" in on_desk and "事件记录" in on_desk and "更正记录" in on_desk
    elsewhere = director_words(state)
    assert "auditor game 游戏文件 --dismiss pid（pid 见「未读懂的公告」）" in elsewhere, elsewhere
    assert "[[" not in elsewhere and "--dismiss 编号" not in elsewhere, elsewhere
    assert "抓取问题 0" in audit_line("审计完成：新帖 3，新草稿 0，待处理 0，问题 0。")
