"""The two halves of a labelled set: one read and tuned on, the other checked by its figures.

Shared by ``scripts/vote_eval.py`` and ``scripts/devset_eval.py`` (``--half even|odd``): a row
falls in the even or the odd half by the number in its id (``E0042`` is even).  Discovery sets
are split into files instead (``announcements_dev.jsonl`` / ``announcements_blind.jsonl``).
"""

from __future__ import annotations

import argparse


def in_half(ident: str, half: str) -> bool:
    """Whether a row id (``E0042``) falls in the even or the odd half of a set."""
    digits = "".join(c for c in ident if c.isdigit())
    return (int(digits) % 2 == 0) == (half == "even")


def add_half_option(ap: argparse.ArgumentParser) -> None:
    """The ``--half`` option both evaluators take."""
    ap.add_argument(
        "--half",
        choices=("even", "odd"),
        help="score only the lines whose id number is even (the half to read and tune on) or odd "
        "(the half to check a change against, read only as figures)",
    )
