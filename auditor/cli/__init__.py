"""The `auditor` command line: :data:`app` with every command module registered on it.

Shared pieces (the GAME argument, output formats, error handling) are in
:mod:`auditor.cli.common`; each area's commands are a module here that registers itself.
"""

from __future__ import annotations

from auditor.cli import (  # noqa: F401  (each module registers its commands on app)
    audit,
    foundation,
    game_cmd,
    ledger_cmd,
    lexicon_cmd,
    rules_cmds,
    serve,
    votes_cmd,
)
from auditor.cli.common import app

__all__ = ["app", "main"]


def main() -> None:
    app()
