"""Reading the report folder's CSVs in tests: their header is in Chinese (for Excel and
WPS, :data:`auditor.report.labels.HEADERS`); rows come back keyed by the column names the
report's records use."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from auditor.report.labels import HEADERS

KEY_OF = {label: key for key, label in HEADERS.items()}


def report_rows(source: Path | str) -> list[dict[str, str]]:
    """The rows of a report CSV (a file, or its text), by column name."""
    text = source.read_text("utf-8-sig") if isinstance(source, Path) else source
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff"), newline=""))
    rows = list(reader)
    assert reader.fieldnames and all(h in KEY_OF for h in reader.fieldnames), reader.fieldnames
    return [{KEY_OF[k]: v for k, v in r.items()} for r in rows]
