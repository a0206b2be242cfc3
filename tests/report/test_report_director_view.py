"""What a director reads in the sample's report (fh41 items 8 and 11): a notice he has seen
(知道了) is never under 已批准 nor 已批准的牌; the summary's 发言不足 tile counts every
lurking card (a day's and three days'); the header after an audit says what it found."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from auditor.game.gamefile import load_game
from auditor.ledger.decisions import decide
from auditor.ledger.ledger import load_ledger
from auditor.report.records import build_records
from auditor.report.write import write_report
from auditor.rules.engine import check
from auditor.store import Store

NOW = datetime.fromisoformat("2026-12-01T09:00:00+08:00")


def test_seen_notices_are_no_approved_cards_and_the_tile_counts_lurking(
    sample_game: Path, tmp_path: Path
) -> None:
    game = load_game(sample_game)
    with Store(game.store) as store:
        check(game, store, now=NOW)
        led = load_ledger(game, store)
        notice = next(d for d in led.drafts if d.suggested in ("warning", "none"))
        decide(game, store, notice.id, "approve")
        records = build_records(game, store, now=NOW)
    lurking = [f for f in records.findings if f["code"] in ("LURK-DAY", "LURK-3DAYS")]
    assert len({f["player"] for f in lurking}) >= 2, lurking  # 春卷 and 烧卖
    assert records.summary["below"] == len(lurking)
    html = (write_report(records, tmp_path / "r").directory / "report.html").read_text("utf-8")
    approved = html.split('<details id="approved"', 1)[1].split("</details>", 1)[0]
    assert f'id="decided-{notice.id}"' not in approved
    given = html.split('<section id="standings">', 1)[1].split("</section>", 1)[0]
    assert notice.id not in given


def _article(html: str, code: str) -> str:
    start = html.index(f'data-code="{code}"')
    return html[start : html.index("</article>", start)]


def test_no_saved_page_path_nor_raw_address_and_each_card_says_why_it_has_no_link(
    sample_game: Path, tmp_path: Path
) -> None:
    """fh41 item 10/11: the avatar card says the picture changed (no digest, no saved file,
    no saved page's path), the off-game post card names the thread without its raw
    ``forum.php?…`` address, a card with no 在论坛查看这一帖 says why (saved pages, no forum
    address), a 屏蔽 post whose text was never saved says 原文未保存."""
    game = load_game(sample_game)
    with Store(game.store) as store:
        check(game, store, now=NOW)
        records = build_records(game, store, now=NOW)
    records.changes.append(  # (a 屏蔽 post first seen hidden: its text never saved)
        {
            "change": "hidden",
            "change_name": "屏蔽",
            "author": "油条",
            "thread": "第1天讨论帖",
            "link": None,
            "floor": 51,
            "pid": 1051,
            "time": "11-21 14:00:00",
            "found_at": "2026-12-01 08:00",
            "old_text": "",
            "new_text": "",
            "format_change": "",
            "edited": "",
        }
    )
    html = (write_report(records, tmp_path / "r").directory / "report.html").read_text("utf-8")
    for leak in ("_files/", "saved-1123", "forum.php?", "fe1ce54ca126"):
        assert leak not in html, leak
    avatar = _article(html, "PROFILE-AVATAR")
    assert "之前「一张图片」，之后「另一张图片」" in avatar, avatar
    assert "无论坛链接（保存的网页，没有论坛地址）" in avatar
    outside = _article(html, "POST-OUTSIDE")
    assert "《今天吃什么》（灌水区）；" in outside, outside
    hidden = html.split('<tr class="change-hidden">', 1)[1].split("</tr>", 1)[0]
    assert "原文未保存" in hidden, hidden


def test_an_off_game_post_is_a_link_titled_in_chinese_with_a_forum_address(
    sample_game: Path, tmp_path: Path
) -> None:
    """With ``[forum] url`` the off-game post is a link 在论坛查看那一帖《…》 built from it."""
    from auditor.report.labels import addressed_links, plain_note

    note = "包子 在游戏帖以外回复：《今天吃什么》（灌水区） forum.php?mod=redirect&goto=findpost&ptid=201&pid=1210；时间在"
    assert addressed_links(note, "https://bbs.example.cn/") == [
        (
            "在论坛查看那一帖《今天吃什么》",
            "https://bbs.example.cn/forum.php?mod=redirect&goto=findpost&ptid=201&pid=1210",
        )
    ]
    assert addressed_links(note, None) == []
    assert "forum.php" not in plain_note(note)
    assert addressed_links("https://evil.example/forum.php?mod=viewthread&tid=5", None) == []


def test_the_report_folder_is_named_on_the_forum_clock(sample_game: Path, tmp_path: Path) -> None:
    """fh41 item 8: a run at 10:46 UTC (the desk's clock) and the same instant in forum
    time (the CLI's) name one folder: 18:46, the forum's."""
    from datetime import UTC

    game = load_game(sample_game)
    with Store(game.store) as store:
        check(game, store, now=NOW)
        records = build_records(game, store, now=NOW)
    at = datetime(2026, 12, 6, 10, 46, tzinfo=UTC)
    written = write_report(records, tmp_path / "r", when=at)
    assert written.directory.name == "20261206-184600"
    assert write_report(records, tmp_path / "s").directory.name.startswith("20")
