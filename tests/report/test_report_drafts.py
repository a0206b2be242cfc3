"""The director's drafts in report.html (issue 31 item 2): each draft the rule set has —
the announcement, the 票型 where a mid-day count is allowed, the 投票提醒 — escaped, parts
numbered, the same text ``auditor post KIND --dry-run`` shows at the same time."""

from __future__ import annotations

import html
import re
from datetime import datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.game.gamefile import load_game
from auditor.report.bbcode import render_bbcode
from auditor.report.drafts import counted, posts_of
from auditor.report.html import COPY_SCRIPT, COPY_SCRIPT_HASH, render_html
from auditor.report.records import Records, build_records
from auditor.rules.engine import build_context, ruleset_for
from auditor.store import Store

runner = CliRunner()
DAY2 = "2026-11-23"  # the sample's day 2: 11-22 09:00 to 11-23 22:00


def _with(game: Path, rules: str = "", forum: str = "") -> Path:
    text = game.read_text("utf-8")
    if forum:
        text = text.replace("[forum]", f"[forum]\n{forum}", 1)
    if rules:
        text += f"\n[rules]\n{rules}\n"
    game.write_text(text, "utf-8")
    return game


def _report(game_file: Path, at: str) -> tuple[str, Records]:
    """report.html as the report writes it from the store, at ``at`` (forum time)."""
    game = load_game(game_file)
    rs = ruleset_for(game)
    when = datetime.fromisoformat(at).replace(tzinfo=game.timezone)
    with Store(game.store) as store:
        ctx = build_context(game, store, now=when, ruleset=rs, so_far=True)  # posted by then
        records = build_records(game, store, ruleset=rs, ctx=ctx)
    return _page(records), records


def _page(records: Records) -> str:
    """report.html as write_files writes it."""
    return render_html(records, posts_of(records, render_bbcode(records)))


def _areas(page: str, kind: str) -> list[str]:
    """The texts of a draft's parts as the page holds them, unescaped."""
    found = re.findall(rf'<textarea [^>]*id="post-{kind}-\d+">(.*?)</textarea>', page, re.S)
    return [html.unescape(t) for t in found]


def _cli(game: Path, kind: str, at: str) -> str:
    res = runner.invoke(app, ["post", str(game), kind, "--dry-run", "--now", at])
    assert res.exit_code == 0, res.output
    return res.output


@pytest.mark.parametrize("at", ["13:00", "20:30"])
def test_the_reports_tally_is_the_commands_and_the_tallys(sample_game: Path, at: str) -> None:
    page, records = _report(sample_game, f"{DAY2} {at}")
    (tally,) = _areas(page, "tally")
    assert tally.startswith(f"[b]第2天票型（截至 {at}，尚未关门，不是结果）[/b]\n")
    # the command's draft at the same time, to the byte
    out = _cli(sample_game, "tally", f"{DAY2} {at}")
    shown = out.split("----- 草稿 -----\n", 1)[1]
    assert tally.strip() in shown
    # the tally's votes per target, and each counted ballot by its floor
    targets = {
        m.group(1): float(m.group(2)) for m in re.finditer(r"^(\S+)：([\d.]+) 票（", tally, re.M)
    }
    expected = {t["target"]: float(t["votes"]) for t in records.tally if t["day"] == 2}
    assert targets == {k: v for k, v in expected.items() if v}
    ballots = [b for b in records.votes if b["day"] == 2 and counted(b)]
    assert ballots and all(
        f"]#{b['floor']}[/url]" in tally or f"#{b['floor']} " in tally for b in ballots
    )


def test_m107_has_all_three_the_reminder_to_copy(sample_game: Path) -> None:
    """M107: 用语定义 公示 (a mid-day 票型), 玩家须知 11 (the reminder through the 联谊群)."""
    page, _ = _report(sample_game, f"{DAY2} 20:15")
    kinds = re.findall(r'<article class="post-draft" id="post-draft-(\w+)">', page)
    assert kinds == ["announcement", "tally", "reminder"]
    reminder = page.split('id="post-draft-reminder"')[1].split("</article>")[0]
    assert "不发帖：导演自己发（QQ 群等），复制这段文字" in reminder
    assert "依据：玩家须知 11 联谊群说明" in reminder
    assert '<button type="button" class="copy" data-target="post-reminder-1" hidden>' in reminder
    (text,) = _areas(page, "reminder")
    assert "还没有投票：汤圆" in text and "潜水" not in text
    assert text.strip() in _cli(sample_game, "reminder", f"{DAY2} 20:15")


def test_killbar7_has_no_midday_tally_and_says_why(sample_game: Path) -> None:
    """版杀7 4.1.2 说明1: 讨论和投票过程中不计票."""
    page, _ = _report(_with(sample_game, "midday_tally = false"), f"{DAY2} 20:15")
    kinds = re.findall(r'<article class="post-draft" id="post-draft-(\w+)">', page)
    assert kinds == ["announcement", "reminder"]
    assert "post-tally-" not in page and "没有票型：这个规则集讨论日进行中不计票" in page


def test_a_forum_reminder_is_to_post(sample_game: Path) -> None:
    page, _ = _report(_with(sample_game, 'reminder = "forum"'), f"{DAY2} 20:15")
    reminder = page.split('id="post-draft-reminder"')[1].split("</article>")[0]
    assert "发到：进程帖" in reminder and "不发帖" not in reminder


def test_no_open_day_no_tally_or_reminder(sample_game: Path) -> None:
    page, _ = _report(sample_game, "2026-11-24 05:00")
    kinds = re.findall(r'<article class="post-draft" id="post-draft-(\w+)">', page)
    assert kinds == ["announcement"]
    assert 'id="post-none-tally"' in page and 'id="post-none-reminder"' in page
    assert "没有进行中的讨论日" in page


def test_the_announcement_parts_are_numbered_and_within_the_limit(sample_game: Path) -> None:
    from auditor.report.parts import post_size

    page, _ = _report(_with(sample_game, forum="maxpostsize = 600"), f"{DAY2} 09:30")
    parts = _areas(page, "announcement")
    assert len(parts) > 1
    for i, part in enumerate(parts, start=1):
        assert part.startswith(f"[b]（第{i}/{len(parts)}部分）[/b]")
        assert post_size(part) <= 600
        assert f"第 {i} / {len(parts)} 部分" in page
    out = _cli(sample_game, "announcement", f"{DAY2} 09:30")
    assert all(p.strip() in out for p in parts)


def test_the_draft_text_is_escaped_and_the_one_script_is_the_copy_script(
    sample_game: Path,
) -> None:
    """A hostile name in the draft is text in the textarea; the page's only script is the
    copy script, allowed by its hash."""
    game = load_game(sample_game)
    with Store(game.store) as store:
        rs = ruleset_for(game)
        when = datetime.fromisoformat(f"{DAY2} 20:30").replace(tzinfo=game.timezone)
        records = build_records(
            game, store, ruleset=rs, ctx=build_context(game, store, now=when, ruleset=rs)
        )
    for b in records.votes:
        b["voter"] = "</textarea><script>alert(1)</script>"
    page = _page(records)
    assert page.count("<script") == 1
    assert f"<script>{COPY_SCRIPT}</script>" in page
    assert f"script-src '{COPY_SCRIPT_HASH}'" in page
    assert "&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in page
