#!/usr/bin/env python3
"""Fit the vote reader's models (auditor/rules/votebook/learned.py) on every scored vote set.

    python3 scripts/train_vote_reading.py            # write auditor/lexicons/models/vote_*.json
    python3 scripts/train_vote_reading.py --check    # re-fit and compare with the shipped files

The sets are ``tests/votes/<set>/posts_*.jsonl``; a set whose README's first line says NOT YET
SCORED is never opened (the lead scores it once).  Only a player's own posts are used (a
director's post is a vote only as a 代投, which the grammar decides).  Each post is rendered as
Discuz! shows it and read back by the page parser (its own text; quotes apart), exactly as
``scripts/vote_eval.py`` reads it, then prepared by :func:`auditor.rules.votebook.learned.prepare`
— the one function the reader uses too.  Deterministic (scikit-learn's liblinear with a fixed
seed): the same sets give the same files.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from learned_fit import fit  # noqa: E402
from vote_eval import PLAYERS  # noqa: E402  (the sets' one roster, tests/votes/blind3/README.md)

from auditor.forum.parse.message import extract_message, fragment  # noqa: E402
from auditor.learned import MODELS, LinearModel, read_model, write_model  # noqa: E402
from auditor.rules.votebook.learned import (  # noqa: E402
    ABSTAIN,
    READING,
    TARGET,
    candidate_texts,
    prepare,
)
from tools.writer import bbcode_to_html  # noqa: E402

SETS = ROOT / "tests" / "votes"
DIRECTORS = ("导演",)
FREE_PRESETS = ("killbar7",)  # the presets whose vote format is free (版杀7 4.1.2)
#: The chosen settings (scripts/vote_learned_eval.py, by the leave-one-set-out mean).
N = (1, 3)
C = 1.0
C_TARGET = 1.0
MIN_DF = 2
#: A weight below this (in absolute value, every label) is dropped from the shipped file.
PRUNE = 0.1


@dataclass(frozen=True)
class Row:
    """One labelled post of a set, as the reader sees it."""

    set: str
    id: str
    preset: str
    author: str
    bbcode: str
    text: str  # the post's own text (quotes apart), as the page parser reads it
    quoted: bool
    label: dict[str, Any]

    @property
    def free(self) -> bool:
        return self.preset in FREE_PRESETS


def scored_sets(root: Path = SETS) -> list[Path]:
    """The set folders whose README does not begin NOT YET SCORED, by name."""
    out = []
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        readme = folder / "README.md"
        if not readme.is_file():
            continue
        with readme.open(encoding="utf-8") as f:
            first = f.readline()
        if "NOT YET SCORED" in first.upper():
            continue
        out.append(folder)
    return out


def load_set(folder: Path) -> list[Row]:
    """A scored set's players' posts (a director's are left to the grammar)."""
    rows = []
    for path in sorted(folder.glob("posts_*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            r = json.loads(line)
            if r["author"] in DIRECTORS:
                continue
            msg = extract_message(fragment(bbcode_to_html(r["text"])))
            rows.append(
                Row(
                    folder.name,
                    r["id"],
                    r["preset"],
                    r["author"],
                    r["text"],
                    msg.text,
                    bool(msg.quotes),
                    r,
                )
            )
    return rows


def reading_examples(rows: Sequence[Row]) -> tuple[list[str], list[list[bool]]]:
    texts, ys = [], []
    for r in rows:
        texts.append(prepare(r.text, PLAYERS, r.author, free=r.free, quoted=r.quoted))
        att = bool(r.label["attempt"])
        ys.append(
            [att, att and r.label.get("target") == ABSTAIN, att and bool(r.label.get("change"))]
        )
    return texts, ys


def target_examples(rows: Sequence[Row]) -> tuple[list[str], list[list[bool]]]:
    """Per roster name in every player's post: is this post a vote for this name?  Chatter's
    names are examples too (all no; session 49): the model then tells a name chosen from a
    name talked about, not only which of a vote's names is its target — its probability is the
    post's "vote for X" (held out, a free-format post the grammar left unread that it gives
    >= 95% is a vote for X 24 times in 32, against 28 in 61 for the attempt model's 95% and
    the old target model's first name).  An attempt whose target the label leaves open (?) is
    left out."""
    texts, ys = [], []
    for r in rows:
        if r.label["attempt"] and r.label.get("target") is None:
            continue
        vote = r.label["target"] if r.label["attempt"] else None
        for name, t in candidate_texts(r.text, PLAYERS, r.author, free=r.free, quoted=r.quoted):
            texts.append(t)
            ys.append([vote == name])
    return texts, ys


def fit_models(
    rows: Sequence[Row],
    trained_on: Sequence[str],
    *,
    n: tuple[int, int] = N,
    c: float = C,
    c_target: float = C_TARGET,
    min_df: int = MIN_DF,
    prune: float = PRUNE,
    dual: bool = False,
) -> tuple[LinearModel, LinearModel]:
    """The reading and the target models fitted on ``rows`` (``dual``: liblinear's dual solver,
    the same models to its tolerance and faster — the leave-one-set-out measure uses it)."""
    texts, ys = reading_examples(rows)
    reading = fit(
        READING,
        texts,
        ys,
        ["attempt", "abstain", "change"],
        n=n,
        c=c,
        min_df=min_df,
        trained_on=trained_on,
        dual=dual,
    )
    texts, ys = target_examples(rows)
    target = fit(
        TARGET,
        texts,
        ys,
        ["target"],
        n=n,
        c=c_target,
        min_df=min_df,
        trained_on=trained_on,
        dual=dual,
    )
    return pruned(reading, prune), pruned(target, prune)


def pruned(model: LinearModel, below: float) -> LinearModel:
    """``model`` without the n-grams whose every weight is smaller than ``below``."""
    keep = {g: row for g, row in model.weights.items() if max(abs(w) for w in row) >= below}
    return replace(model, weights=keep)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument(
        "--check", action="store_true", help="re-fit and compare with the shipped files"
    )
    args = ap.parse_args(argv)
    folders = scored_sets()
    rows = [r for f in folders for r in load_set(f)]
    trained_on = [str(f.relative_to(ROOT)) for f in folders]
    models = fit_models(rows, trained_on)
    if args.check:
        bad = []
        for m in models:
            shipped = read_model(MODELS / f"{m.name}.json")
            if shipped.as_json() != m.as_json():
                bad.append(m.name)
        if bad:
            print(f"the shipped models differ from a re-fit: {', '.join(bad)}")
            return 1
        print(f"the shipped models equal a re-fit on {len(folders)} sets, {len(rows)} posts")
        return 0
    MODELS.mkdir(parents=True, exist_ok=True)
    for m in models:
        write_model(m, MODELS / f"{m.name}.json")
        size = (MODELS / f"{m.name}.json").stat().st_size
        print(f"{m.name}: {len(m.weights)} n-grams, {size / 1024:.0f} KiB")
    print(f"trained on {len(folders)} sets, {len(rows)} posts")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
