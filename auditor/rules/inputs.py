"""What a check's configuration hash is made of, read without loading a rule: the game
file, the shipped presets, this version, what the forum said for a game that discovers its
state, and the rules' data files.  Equal inputs: the rule set resolves as it did and the
engine's ``config_hash`` is the one the last check stored.  A night with nothing new
(:mod:`auditor.pipeline`) and ``auditor status`` read from the last check
(:mod:`auditor.cli.today`) compare these instead of resolving the rule set."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from auditor import __version__
from auditor.rules.lexfiles import lexicon_digest
from auditor.rulesets import preset_files

if TYPE_CHECKING:
    from auditor.game.gamefile import Game

__all__ = ["QUIET_DATA", "config_inputs", "inputs", "rules_inputs"]


def rules_inputs(game: Game) -> str:
    """What resolving the game's rule set reads: the game file, the shipped presets and
    this version (equal: the rule set resolves as it did, without loading a rule)."""
    h = hashlib.sha256()
    h.update(__version__.encode())
    h.update(game.path.read_bytes())
    for f in preset_files():
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()


def inputs(game: Game, rules: str) -> str:
    """Everything the engine's configuration hash is made of (the rules' inputs
    ``rules``, what the forum said for a game that discovers its state, the rules' data
    files), read without loading a rule.  A test checks every registered data dependency
    is in here."""
    h = hashlib.sha256(rules.encode())
    if game.discovery is not None:
        h.update(repr((game.threads, game.days, game.events)).encode())
    for dependency in QUIET_DATA:
        h.update(dependency(game))
    return h.hexdigest()


def config_inputs(game: Game) -> str:
    """:func:`inputs` of the game's own :func:`rules_inputs`."""
    return inputs(game, rules_inputs(game))


#: The data files a finding depends on (the engine's ``DATA_DEPENDENCIES``), as a night
#: with nothing new reads them.
QUIET_DATA: tuple[Callable[[Game], bytes], ...] = (lexicon_digest,)
