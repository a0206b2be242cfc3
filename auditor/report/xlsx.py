"""``report.xlsx``: the CSV tables as one workbook for Excel/WPS — one sheet per table,
frozen header row, column widths to fit (capped), written through pandas with openpyxl.

Both are imported only here, when a report is written, so the CLI starts fast.  Cells are
neutralised exactly as in the CSVs (:func:`auditor.tables.neutralise`): text a
spreadsheet would run as a formula (``=HYPERLINK(…)`` in a post) gets a leading apostrophe,
so openpyxl stores it as text, never as a formula.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from auditor.files import write_atomic
from auditor.tables import neutralise

MAX_WIDTH = 60


def _width(value: Any) -> int:
    text = "" if value is None else str(value)
    longest = max((len(line) + _wide(line) for line in text.split("\n")), default=0)
    return longest


def _wide(text: str) -> int:
    return sum(1 for c in text if unicodedata.east_asian_width(c) in "WF")


def write_workbook(
    path: Path,
    sheets: Sequence[tuple[str, Sequence[str], Sequence[str], Iterable[Mapping[str, Any]]]],
) -> None:
    """One sheet per ``(name, columns, headers, rows)`` (the rows' ``columns``, under
    ``headers``), built in memory and written whole or not at all
    (:func:`~auditor.files.write_atomic`)."""
    import pandas as pd
    from openpyxl.utils import get_column_letter

    buffer = io.BytesIO()
    with pd.ExcelWriter(buffer, engine="openpyxl") as writer:
        for name, columns, heads, rows in sheets:
            data = [[neutralise(r.get(c)) for c in columns] for r in rows]
            frame = pd.DataFrame(data, columns=list(heads))
            frame.to_excel(writer, sheet_name=name, index=False)
            sheet = writer.sheets[name]
            sheet.freeze_panes = "A2"
            for i, column in enumerate(heads, start=1):
                width = max([_width(column), *(_width(row[i - 1]) for row in data)])
                sheet.column_dimensions[get_column_letter(i)].width = min(width + 2, MAX_WIDTH)
    write_atomic(path, buffer.getvalue())
