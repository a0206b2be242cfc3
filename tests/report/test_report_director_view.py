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
