"""report.xlsx: one sheet per table, frozen headers, widths, formulas neutralised."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from auditor.report.labels import SHEET_NAMES
from auditor.report.records import build_records
from auditor.report.write import SHEETS, write_report
from auditor.store import Store
from tests.ledger_helpers import HYPERLINK, hostile_game


def test_workbook_sheets_headers_widths_and_no_formulas(tmp_path: Path) -> None:
    from openpyxl import load_workbook

    game, store, now = hostile_game(tmp_path / "game")
    assert isinstance(store, Store)
    try:
        records = build_records(game, store, now=now)
        written = write_report(records, tmp_path / "reports", workbook=True)
        assert not (write_report(records, tmp_path / "r2").directory / "report.xlsx").exists()
    finally:
        store.close()
    book = load_workbook(written.directory / "report.xlsx")
    # (sheets and headers in Chinese, for Excel and WPS)
    assert tuple(book.sheetnames) == tuple(SHEET_NAMES[s] for s in SHEETS)
    assert tuple(book.sheetnames) == ("发言统计", "投票", "计票", "发现", "牌面")
    findings = book["发现"]
    assert findings.freeze_panes == "A2"
    # (the rule by its title for a director, its code in a column of its own for tools)
    assert [c.value for c in findings[1]][:4] == ["编号", "规则", "规则代码", "玩家"]
    assert findings.max_row == len(records.findings) + 1
    assert book["发言统计"].max_row == len(records.activity) + 1
    # the excerpt column is widened (capped), the id column fits its ids
    headers = [c.value for c in findings[1]]
    letter = findings.cell(row=1, column=headers.index("摘录") + 1).column_letter
    assert 10 < findings.column_dimensions[letter].width <= 60
    cells = [c for ws in book.worksheets for row in ws.iter_rows() for c in row]
    assert not [c.coordinate for c in cells if c.data_type == "f"], "no formula cells"
    texts = [c.value for c in cells if isinstance(c.value, str)]
    assert "'" + HYPERLINK in texts  # neutralised exactly as in the CSVs
    assert not any(t.startswith(("=", "+", "@")) for t in texts)
    # numbers stay numbers
    posts = headers_of(book["发言统计"]).index("发帖数") + 1
    assert all(
        isinstance(book["发言统计"].cell(row=r, column=posts).value, int) for r in range(2, 5)
    )


def headers_of(ws) -> list[str]:  # type: ignore[no-untyped-def]
    return [c.value for c in ws[1]]


def test_pandas_and_openpyxl_are_imported_lazily() -> None:
    code = (
        "import sys, auditor.cli, auditor.report.write;"
        "print('pandas' in sys.modules, 'openpyxl' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_the_nightly_audit_writes_the_workbook_only_when_asked(tmp_path: Path) -> None:
    """`auditor audit --workbook` puts report.xlsx beside the CSVs (pandas and openpyxl
    loaded then); the plain nightly run writes none and loads neither."""
    from openpyxl import load_workbook

    from tests.game.test_discover_game import SAMPLE, game_copy
    from tests.pipeline.test_nightly_cost import _loaded

    game = game_copy(SAMPLE / "game.toml", tmp_path / "game.toml", pages=SAMPLE / "pages")
    loaded = _loaded(["audit", str(game), "-q", "--reports", str(tmp_path / "r")], tmp_path)
    assert not {"pandas", "openpyxl"} & set(loaded), loaded
    plain = sorted((tmp_path / "r").glob("*/2*/"))
    assert len(plain) == 1 and not (plain[0] / "report.xlsx").exists()
    assert (plain[0] / "findings.csv").exists()
    args = ["audit", str(game), "-q", "--workbook", "--reports", str(tmp_path / "w")]
    assert {"pandas", "openpyxl"} <= set(_loaded(args, tmp_path))
    (written,) = sorted((tmp_path / "w").glob("*/2*/"))
    book = load_workbook(written / "report.xlsx")
    assert tuple(book.sheetnames) == tuple(SHEET_NAMES[s] for s in SHEETS)
    import csv

    with (written / "findings.csv").open(encoding="utf-8-sig", newline="") as fh:
        rows = list(csv.reader(fh))
    assert len(rows) > 10 and book["发现"].max_row == len(rows)  # the same table
    assert rows[0] == headers_of(book["发现"])


def test_workbook_times_are_datetimes_yes_no_in_words_and_every_sheet_filters(
    tmp_path: Path,
) -> None:
    """Issue 30: 发帖时间 a real date-time in the forum's time (not the ISO text), 是/否 for
    yes/no (not 0/1), and an autofilter over every sheet's table beside its frozen header."""
    from datetime import datetime

    from openpyxl import load_workbook

    game, store, now = hostile_game(tmp_path / "game")
    assert isinstance(store, Store)
    try:
        records = build_records(game, store, now=now)
        written = write_report(records, tmp_path / "reports", workbook=True)
    finally:
        store.close()
    book = load_workbook(written.directory / "report.xlsx")
    votes = book["投票"]
    heads = headers_of(votes)
    at = votes.cell(row=2, column=heads.index("发帖时间") + 1)
    posted = datetime.fromisoformat(records.votes[0]["posted_at"])
    assert isinstance(at.value, datetime), at.value
    assert at.value == posted.astimezone(game.timezone).replace(tzinfo=None)
    assert at.is_date and "h" in at.number_format.lower()  # shown with its time of day
    assert votes.cell(row=2, column=heads.index("有效") + 1).value == "是"
    activity = book["发言统计"]
    heads = headers_of(activity)
    for column in ("加速日", "在场", "发言不足", "已关门"):
        values = {
            activity.cell(row=r, column=heads.index(column) + 1).value
            for r in range(2, activity.max_row + 1)
        }
        assert values and values <= {"是", "否"}, (column, values)
    ledger = book["牌面"]
    column = headers_of(ledger).index("罚下") + 1
    assert {ledger.cell(row=r, column=column).value for r in range(2, ledger.max_row + 1)} <= {
        "是",
        "否",
    }
    for ws in book.worksheets:
        assert ws.freeze_panes == "A2", ws.title
        assert ws.auto_filter.ref == ws.dimensions, (ws.title, ws.auto_filter.ref)
        assert ws.auto_filter.ref.startswith("A1:"), ws.title
