"""The dataclasses' generated methods, compiled once and kept like ``.pyc`` files.

:mod:`dataclasses` writes each class's ``__init__``, ``__repr__``, ``__eq__``,
``__hash__``, ``__setattr__`` and ``__delattr__`` as Python source and compiles it when the
class statement runs, in every process: for the package's 78 value classes that is most of
what importing the rules, the ledger and the report costs, and a sixth of a nightly
``auditor audit`` after 100 new posts (issue 16; ``py-spy`` samples).  Python keeps no
``.pyc`` for that code, so this module does: :func:`install` (run by the entry points,
``auditor/__main__`` and the crawl's worker process, before they import the modules that
make the classes; ``import auditor`` alone changes nothing) gives :mod:`dataclasses` an
``exec`` that looks the source text up in a table of code objects compiled from it before,
read with :mod:`marshal` (the ``.pyc`` format) from the cache folder, and compiles what it
has not seen.  A table per module (a night loads those of the modules it imports);
:func:`save` writes a module's table back when this process compiled code for it (the CLI
calls it before it exits; other processes at exit).

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

_tables: dict[str, dict[str, CodeType]] = {}  # module -> source -> code, read when first asked
_used: dict[str, dict[str, CodeType]] = {}  # what this process asked for, by module
_grown: set[str] = set()  # modules whose code this process compiled: saved by save()
hits = 0  # code found in a table (for tests and benchmarks)


def cache_folder() -> Path:
    """One folder per interpreter bytecode version and optimisation level, one file per
    module in it (a night loads the tables of the modules it imports, nothing more)."""
    tag = importlib.util.MAGIC_NUMBER.hex()
    name = f"{sys.implementation.cache_tag}-{tag}-O{sys.flags.optimize}"
    return cache_dir() / "classcode" / name


def _load(module: str) -> dict[str, CodeType]:
    try:
        with (cache_folder() / module).open("rb") as fh:
            table = marshal.load(fh)
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if not isinstance(table, dict) or not all(
        type(k) is str and type(v) is CodeType for k, v in table.items()
    ):
        return {}
    return table


def _exec(source: Any, globals: Any = None, locals: Any = None, /) -> None:
    """``exec`` for :mod:`dataclasses`: a source string's code from its module's table."""
    global hits
    if type(source) is not str:
        return builtins.exec(source, globals, locals)
    name = globals.get("__name__") if isinstance(globals, dict) else None
    module = "_"
    if isinstance(name, str) and all(part.isidentifier() for part in name.split(".")):
        module = name  # a module's name is a safe file name
    table = _tables.get(module)
    if table is None:
        table = _tables[module] = _load(module)
    code = table.get(source)
    if code is None:
        code = table[source] = compile(source, "<string>", "exec", dont_inherit=True)
        _grown.add(module)
    else:
        hits += 1
    _used.setdefault(module, {})[source] = code
    return builtins.exec(code, globals, locals)


def install() -> None:
    """Let :mod:`dataclasses` compile through the tables (once per process)."""
    if getattr(dataclasses, "exec", None) is not _exec:
        dataclasses.exec = _exec  # type: ignore[attr-defined]
        atexit.register(save)


def save() -> None:
    """Write the table of each module whose code this process compiled: the code this
    process used from that module (a class that changed leaves its old code behind),
    atomically (a reader sees the old file or the new one; of two writers at once, one)."""
    folder = cache_folder() if _grown else None
    for module in sorted(_grown):
        path = folder / module  # type: ignore[operator]
        tmp = path.with_name(f".{module}.{os.getpid()}")
        with contextlib.suppress(OSError, ValueError):
            path.parent.mkdir(parents=True, exist_ok=True)
            try:
                with tmp.open("wb") as fh:
                    marshal.dump(_used[module], fh)
                os.replace(tmp, path)
            finally:
                with contextlib.suppress(OSError):
                    tmp.unlink()
    _grown.clear()
