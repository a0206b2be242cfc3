"""The dataclasses' generated methods, compiled once and kept like ``.pyc`` files.

:mod:`dataclasses` writes each class's ``__init__``, ``__repr__``, ``__eq__``,
``__hash__``, ``__setattr__`` and ``__delattr__`` as Python source and compiles it when the
class statement runs, in every process: for the package's 78 value classes that is most of
what importing the rules, the ledger and the report costs, and a sixth of a nightly
``auditor audit`` after 100 new posts (issue 16; ``py-spy`` samples).  Python keeps no
``.pyc`` for that code, so this module does: :func:`install` (run by ``auditor/__init__``
before any class of the package is made) gives :mod:`dataclasses` an ``exec`` that looks
the source text up in a table of code objects compiled from it before, read with
:mod:`marshal` (the ``.pyc`` format) from the cache folder, and compiles what it has not
seen.  :func:`save` writes the table back when it grew (the CLI calls it before it exits;
other processes at exit).

The code is the same either way: the table is keyed by the exact source, compiled as
``exec`` compiles it (no ``__future__`` flags inherited), and the file is named by the
interpreter's bytecode version and optimisation level, so another Python never reads it.
A missing, damaged or unwritable file only means compiling as :mod:`dataclasses` does;
nothing here ever stops the tool.
"""

from __future__ import annotations

import atexit
import builtins
import contextlib
import dataclasses
import importlib.util
import marshal
import os
import sys
from pathlib import Path
from types import CodeType
from typing import Any

from auditor.cachedir import cache_dir

#: More entries than this on disk (old versions of the classes pile up): start afresh.
MAX_ENTRIES = 4000

_table: dict[str, CodeType] | None = None  # read on the first class
_added = 0  # compiled by this process, not yet saved
_used: set[str] = set()  # the sources this process asked for
hits = 0  # code found in the table (for tests and benchmarks)


def cache_file() -> Path:
    tag = importlib.util.MAGIC_NUMBER.hex()
    return cache_dir() / "classcode" / f"{sys.implementation.cache_tag}-{tag}-O{sys.flags.optimize}"


def _load() -> dict[str, CodeType]:
    try:
        with cache_file().open("rb") as fh:
            table = marshal.load(fh)
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if not isinstance(table, dict) or not all(
        type(k) is str and type(v) is CodeType for k, v in table.items()
    ):
        return {}
    return table


def _exec(source: Any, globals: Any = None, locals: Any = None, /) -> None:
    """``exec`` for :mod:`dataclasses`: a source string's code from the table."""
    global _table, _added, hits
    if type(source) is not str:
        return builtins.exec(source, globals, locals)
    if _table is None:
        _table = _load()
    _used.add(source)
    code = _table.get(source)
    if code is None:
        code = _table[source] = compile(source, "<string>", "exec", dont_inherit=True)
        _added += 1
    else:
        hits += 1
    return builtins.exec(code, globals, locals)


def install() -> None:
    """Let :mod:`dataclasses` compile through the table (once per process)."""
    if getattr(dataclasses, "exec", None) is not _exec:
        dataclasses.exec = _exec  # type: ignore[attr-defined]
        atexit.register(save)


def save() -> None:
    """Write the table when this process compiled something new (atomically: a reader
    sees the old file or the new one; two writers at once, one of the two)."""
    global _added
    if not _added or _table is None:
        return
    _added = 0
    table = _table
    if len(table) > MAX_ENTRIES:  # what this process used; the rest come back when asked
        table = {k: v for k, v in table.items() if k in _used}
    path = cache_file()
    tmp = path.with_name(f".{path.name}.{os.getpid()}")
    with contextlib.suppress(OSError, ValueError):
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            with tmp.open("wb") as fh:
                marshal.dump(table, fh)
            os.replace(tmp, path)
        finally:
            with contextlib.suppress(OSError):
                tmp.unlink()
