"""CSV files for spreadsheets: UTF-8 with a BOM (Excel/WPS then open Chinese correctly) and
formula injection neutralised.

A cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is a formula
to Excel, WPS and LibreOffice (``=HYPERLINK("http://evil", "点我")`` in a post would become a
live link in the director's spreadsheet).  Such text cells get a leading apostrophe, which
spreadsheets show as text; :func:`unneutralise` takes it off again when a CSV comes back
(``auditor decisions import``).  Numbers are written as numbers (a negative count is not
an attack).  The CLI's ``--format csv`` on stdout stays plain: it is for pipes, not Excel.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from auditor.files import write_atomic

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
BOM = "\ufeff"


def neutralise(value: Any) -> Any:
    """Text that a spreadsheet would run as a formula, made inert."""
    if isinstance(value, bool):
        return int(value)
    if value is None:
        return ""
    if isinstance(value, int | float):
        return value
    text = str(value)
    if text.startswith(FORMULA_STARTS):
        return "'" + text
    return text


def unneutralise(text: str) -> str:
    """Undo :func:`neutralise` on a cell read back from a spreadsheet."""
    if len(text) >= 2 and text[0] == "'" and text[1] in "".join(FORMULA_STARTS):
        return text[1:]
    return text


def csv_text(
    columns: Sequence[str],
    rows: Iterable[Mapping[str, Any]],
    headers: Sequence[str] | None = None,
) -> str:
    """The rows' ``columns``, under ``headers`` (the columns' own names when None)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(headers or columns)
    for r in rows:
        w.writerow([neutralise(r.get(c)) for c in columns])
    return buf.getvalue()


def csv_file(
    columns: Sequence[str],
    rows: Iterable[Mapping[str, Any]],
    headers: Sequence[str] | None = None,
) -> str:
    """The text of one CSV for spreadsheets: BOM, CRLF rows, neutralised cells."""
    return BOM + csv_text(columns, rows, headers)


def write_csv(
    path: Path,
    columns: Sequence[str],
    rows: Iterable[Mapping[str, Any]],
    headers: Sequence[str] | None = None,
) -> None:
    """One CSV for spreadsheets (:func:`csv_file`), written whole or not at all
    (:func:`~auditor.files.write_atomic`)."""
    write_atomic(path, csv_file(columns, rows, headers))


def decode_csv(data: bytes) -> str:
    """Text of a CSV a director saved: UTF-8 (with or without BOM) or GB18030 (what Excel and
    WPS write on Chinese Windows).  Raises UnicodeDecodeError when it is neither."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("gb18030")
