"""``report.xlsx``: the CSV tables as one workbook for Excel/WPS — one sheet per table,
frozen header row, column widths to fit (capped), written through pandas with openpyxl.

Both are imported only here, when a report is written, so the CLI starts fast.  Cells are
neutralised exactly as in the CSVs (:func:`auditor.tables.neutralise`): text a
spreadsheet would run as a formula (``=HYPERLINK(…)`` in a post) gets a leading apostrophe,
so openpyxl stores it as text, never as a formula.  The control characters a workbook
cannot hold (XML 1.0 has no C0 control but tab, line feed and carriage return: openpyxl
raised IllegalCharacterError on a post holding ``ESC[31m``) are written as their code
points, ``<U+001B>``, as the HTML report writes them; the CSVs keep the forum's text.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, tzinfo
from pathlib import Path
from typing import TYPE_CHECKING

from auditor.files import write_atomic
from auditor.tables import neutralise

if TYPE_CHECKING:
    from openpyxl.worksheet.worksheet import Worksheet

MAX_WIDTH = 60
#: What a worksheet cannot hold (openpyxl's ILLEGAL_CHARACTERS_RE), written as code points.
_ILLEGAL = {c: f"<U+{c:04X}>" for c in (*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20))}


def _cell(value: object) -> object:
    """A cell as the CSVs write it, with what a worksheet cannot hold written out."""
    value = neutralise(value)
    return value.translate(_ILLEGAL) if isinstance(value, str) else value


def _width(value: object) -> int:
    text = "" if value is None else str(value)
    longest = max((len(line) + _wide(line) for line in text.split("\n")), default=0)
    return longest


def _wide(text: str) -> int:
    return sum(1 for c in text if unicodedata.east_asian_width(c) in "WF")


# Unlike the CSVs, the workbook's cells are typed: a post's time is a date-time on the
# forum's clock (Excel has no time zones), yes/no reads 是/否 (not 0/1).
TIME_COLUMNS = frozenset({"posted_at"})
YES_NO_COLUMNS = frozenset({"accelerated", "alive", "below", "closed", "valid", "sent_off"})
TIME_FORMAT = "yyyy-mm-dd hh:mm:ss"


def _typed(column: str, value: object, timezone: tzinfo | None) -> object:
    """A cell of ``column`` as the workbook holds it: a time a datetime in ``timezone``, a
    yes/no 是/否, anything else ``value`` as it stands."""
    if column in TIME_COLUMNS and isinstance(value, str) and value:
        try:
            at = datetime.fromisoformat(value)
        except ValueError:
            return value
        if at.tzinfo is not None and timezone is not None:
            at = at.astimezone(timezone)
        return at.replace(tzinfo=None)
    if column in YES_NO_COLUMNS and value in (0, 1) and not isinstance(value, str):
        return "是" if value else "否"
    return value


def _type_cells(sheet: Worksheet, columns: Sequence[str], timezone: tzinfo | None) -> None:
    """The time and yes/no cells of a written sheet typed (:func:`_typed`)."""
    for i, column in enumerate(columns, start=1):
        if column not in TIME_COLUMNS | YES_NO_COLUMNS:
            continue
        for (cell,) in sheet.iter_rows(min_row=2, min_col=i, max_col=i):
            cell.value = _typed(column, cell.value, timezone)
            if isinstance(cell.value, datetime):
                cell.number_format = TIME_FORMAT


def write_workbook(
    path: Path,
    sheets: Sequence[tuple[str, Sequence[str], Sequence[str], Iterable[Mapping[str, object]]]],
    timezone: tzinfo | None = None,
) -> None:
    """One sheet per ``(name, columns, headers, rows)`` (the rows' ``columns``, under
    ``headers``; times on the clock of ``timezone``, the forum's), each with an autofilter
    over its table, built in memory and written whole or not at all
    (:func:`~auditor.files.write_atomic`)."""
    import pandas as pd
    from openpyxl.utils import get_column_letter

    buffer = io.BytesIO()
    with pd.ExcelWriter(buffer, engine="openpyxl") as writer:
        for name, columns, heads, rows in sheets:
            data = [[_cell(r.get(c)) for c in columns] for r in rows]
            frame = pd.DataFrame(data, columns=list(heads))
            frame.to_excel(writer, sheet_name=name, index=False)
            sheet = writer.sheets[name]
            sheet.freeze_panes = "A2"
            for i, column in enumerate(heads, start=1):
                width = max([_width(column), *(_width(row[i - 1]) for row in data)])
                sheet.column_dimensions[get_column_letter(i)].width = min(width + 2, MAX_WIDTH)
            _type_cells(sheet, columns, timezone)
            sheet.auto_filter.ref = sheet.dimensions
    write_atomic(path, buffer.getvalue())
