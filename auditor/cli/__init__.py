"""The `auditor` command line: :data:`app` with every command module registered on it.

Shared pieces (the GAME argument, output formats, error handling) are in
:mod:`auditor.cli.common`; each area's commands are a module here that registers itself.

``from auditor.cli import app`` loads every command module.  :func:`main` (the ``auditor``
script) runs the nightly ``auditor audit GAME …`` without typer when it understands the
whole command line (:func:`auditor.cli.nightly.fast_path`), ``auditor status GAME`` from the
last check's entry likewise (:func:`auditor.cli.today.fast_path`), and otherwise loads only the
module of the command it is asked for: an ``auditor audit`` neither imports nor builds the
other commands (``auditor --help``, an unknown command and anything else load them all,
so help, errors and suggestions are the same).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import typer

__all__ = ["COMMANDS", "MODULES", "app", "fast_path", "load", "main", "quick_status"]

#: The command modules, in the order ``auditor --help`` lists their commands (a test
#: compares the list with the commands' registration).
MODULES = (
    "foundation",
    "audit",
    "game_cmd",
    "ledger_cmd",
    "lexicon_cmd",
    "rules_cmds",
    "serve",
    "votes_cmd",
    "post_cmd",
)

#: Each top-level command (or command group) and the module that registers it (a test
#: checks this against what the modules register).
COMMANDS = {
    "audit": "audit",
    "init": "foundation",
    "crawl": "foundation",
    "posts": "foundation",
    "game": "game_cmd",
    "events": "game_cmd",
    "decide": "ledger_cmd",
    "card": "ledger_cmd",
    "ledger": "ledger_cmd",
    "review": "ledger_cmd",
    "report": "ledger_cmd",
    "decisions": "ledger_cmd",
    "lexicon": "lexicon_cmd",
    "activity": "rules_cmds",
    "status": "rules_cmds",
    "check": "rules_cmds",
    "findings": "rules_cmds",
    "rules": "rules_cmds",
    "serve": "serve",
    "votes": "votes_cmd",
    "correct-vote": "votes_cmd",
    "post": "post_cmd",
}


def fast_path(args: Sequence[str]) -> int | None:
    """The nightly ``auditor audit`` without typer (:func:`auditor.cli.nightly.fast_path`);
    None (nothing done) for any other command line."""
    if not args or args[0] != "audit":
        return None
    from auditor.cli.nightly import fast_path as nightly

    return nightly(args)


def quick_status(args: Sequence[str]) -> int | None:
    """``auditor status`` from the last check's entry without typer
    (:func:`auditor.cli.today.fast_path`); None (nothing done) for any other command line."""
    if not args or args[0] != "status":
        return None
    from auditor.cli.today import fast_path as today

    return today(args)


def load(modules: Sequence[str] = MODULES) -> typer.Typer:
    """The app with these command modules registered on it (each registers on import)."""
    from auditor.cli import common  # typer: not for the nightly fast path

    for name in modules:
        importlib.import_module(f"auditor.cli.{name}")
    return common.app


def __getattr__(name: str) -> Any:
    if name == "app":
        return load()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def command_module(args: Sequence[str]) -> str | None:
    """The module the command line names (after any eager ``--version``), or None: load
    them all (no command, ``--help`` first, an unknown command or option)."""
    rest = list(args)
    while rest and rest[0] == "--version":
        rest.pop(0)
    return COMMANDS.get(rest[0]) if rest else None


def main() -> None:
    code = fast_path(sys.argv[1:])
    if code is None:
        code = quick_status(sys.argv[1:])
    if code is not None:
        raise SystemExit(code)  # as typer's main ends, 0 included
    module = command_module(sys.argv[1:])
    load((module,) if module else MODULES)()
