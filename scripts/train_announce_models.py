"""Fit the learned reading of the directors' announcements (:mod:`auditor.game.learned`).

Usage::

    python3 scripts/train_announce_models.py          # re-fit and write both models
    python3 scripts/train_announce_models.py --check  # re-fit and compare with the shipped files

``--check`` also tells whether :data:`auditor.game.learned.STACK` (fitted by
``scripts/discovery_learned_eval.py --grid`` beside the grammar's reading of the sets) is
stale: the grammar now reads a director's post of a scored set otherwise than it was fitted
beside (:data:`auditor.game.learned.STACK_READ`).

Trained on every scored set of labelled announcements (``tests/discovery/<set>/
announcements_{dev,blind}.jsonl``); a set whose README's first line says NOT YET SCORED is
skipped without reading its data (the lead scores it once).  Only the directors' posts are
texts (a player's post states nothing).  Two models (scikit-learn, ``scripts/learned_fit.py``):

* ``announce_kinds``: the prepared post → the kinds of item it states;
* ``announce_candidates``: a roster name the post names, in the sentences that hold it →
  the role its items give that player (voted out, night death, out otherwise, piped, sheriff);
* ``announce_doubt``: the post with the kinds of event the grammar read from it marked
  (:func:`auditor.game.learned.doubt_text`) → whether the grammar's reading of it misses an
  item (``scripts/discovery_eval.py``'s scoring).  It is fitted beside the grammar's reading,
  so a grammar change makes ``--check`` fail until it is re-fitted (this script).

Deterministic: the same sets give the same files.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from learned_fit import fit  # noqa: E402

from auditor.game.fold import fold  # noqa: E402
from auditor.game.learned import (  # noqa: E402
    CANDIDATE_MODEL,
    DOUBT_LABEL,
    DOUBT_MODEL,
    KIND_MODEL,
    KINDS,
    ROLES,
    candidate_text,
    named,
    prepare,
)
from auditor.learned import MODELS, LinearModel, read_model, write_model  # noqa: E402

SETS = ROOT / "tests" / "discovery"
NOT_SCORED = "NOT YET SCORED"
# the first set's cast (its README; the sets after it give theirs in set.json)
DEFAULT_PLAYERS = "饺子 包子 馄饨 豆浆 油条 烧卖 春卷 汤圆 番茄 冬瓜 南瓜 土豆 芝麻 花生".split()  # noqa: SIM905
DEFAULT_DIRECTORS = ("导演", "法官")

# the settings chosen on the leave-one-set-out mean (scripts/discovery_learned_eval.py)
KIND_C = 1.0
CANDIDATE_C = 1.0
DOUBT_C = 1.0
N = (1, 3)
MIN_DF = 2
# weights whose magnitude is below this are dropped and the rest rounded to 3 places: the
# files stay small (the leave-one-set-out figures are measured on the pruned models)
PRUNE_BELOW = 0.15
# liblinear's dual solver (learned_fit.fit): the same model to its tolerance, and fast enough
# for the leave-one-set-out runs (twenty-one fits of each model) on a shared machine
DUAL = True


@dataclass(frozen=True)
class LabelledSet:
    name: str  # tests/discovery/blind7
    folder: Path
    players: tuple[str, ...]
    directors: tuple[str, ...]
    records: tuple[dict[str, Any], ...]


def scored_folders() -> list[Path]:
    """The sets' folders whose README does not say NOT YET SCORED on its first line, in
    the order written (blind, blind2, …)."""
    out: list[Path] = []
    for folder in SETS.iterdir():
        readme = folder / "README.md"
        if not folder.is_dir() or not readme.is_file():
            continue
        with readme.open(encoding="utf-8") as fh:
            if NOT_SCORED in fh.readline():
                continue
        out.append(folder)
    return sorted(out, key=lambda f: (len(f.name), f.name))


def load_set(folder: Path) -> LabelledSet:
    meta_file = folder / "set.json"
    players: tuple[str, ...] = tuple(DEFAULT_PLAYERS)
    directors: tuple[str, ...] = DEFAULT_DIRECTORS
    if meta_file.is_file():
        meta = json.loads(meta_file.read_text("utf-8"))
        players = tuple(meta["players"]) + tuple(
            s for s in meta.get("substitutes", ()) if s not in meta["players"]
        )
        directors = tuple(meta["directors"])
    records: list[dict[str, Any]] = []
    for half in ("dev", "blind"):
        path = folder / f"announcements_{half}.jsonl"
        for line in path.read_text("utf-8").splitlines():
            if line.strip():
                records.append(json.loads(line))
    return LabelledSet(f"tests/discovery/{folder.name}", folder, players, directors, tuple(records))


def scored_sets() -> list[LabelledSet]:
    return [load_set(f) for f in scored_folders()]


def kind_labels(rec: dict[str, Any]) -> list[bool]:
    kinds = {i["kind"] for i in rec["items"]}
    return [k in kinds for k in KINDS]


def role_of(item: dict[str, Any]) -> str | None:
    kind = item["kind"]
    if kind == "eliminated":
        how = item.get("how")
        return how if how in ("vote", "night") else "out_other"
    if kind in ("piped", "sheriff"):
        return kind
    return None


def candidate_labels(rec: dict[str, Any], name: str) -> list[bool]:
    roles = {
        role_of(i)
        for i in rec["items"]
        if role_of(i) is not None and fold(str(i.get("player", ""))) == name
    }
    return [r in roles for r in ROLES]


def examples(
    sets: list[LabelledSet],
) -> tuple[list[str], list[list[bool]], list[str], list[list[bool]]]:
    """The kind model's texts and labels, and the candidate model's, from the directors'
    posts of ``sets``."""
    kt: list[str] = []
    kl: list[list[bool]] = []
    ct: list[str] = []
    cl: list[list[bool]] = []
    for s in sets:
        for rec in s.records:
            if rec["author"] not in s.directors:
                continue
            kt.append(prepare(rec["text"], s.players, rec["thread_kind"]))
            kl.append(kind_labels(rec))
            for name in named(rec["text"], s.players):
                ct.append(candidate_text(rec["text"], s.players, rec["thread_kind"], name))
                cl.append(candidate_labels(rec, name))
    return kt, kl, ct, cl


def prune(model: LinearModel, below: float = PRUNE_BELOW) -> LinearModel:
    """``model`` without its weights of magnitude under ``below`` (an n-gram all of whose
    weights go is dropped), the rest rounded to 3 places."""
    weights: dict[str, tuple[float, ...]] = {}
    for gram, row in model.weights.items():
        kept = tuple(round(w, 3) if abs(w) >= below else 0.0 for w in row)
        if any(kept):
            weights[gram] = kept
    return replace(model, bias=tuple(round(b, 3) for b in model.bias), weights=weights)


def grammar_reading(sets: list[LabelledSet]) -> dict[str, list[Any]]:
    """Each set's posts as the grammar reads them (``discovery_learned_eval.grammar_posts``)."""
    import discovery_learned_eval as dle

    return {s.folder.name: dle.grammar_posts(s, [], []) for s in sets}


def doubt_examples(
    sets: list[LabelledSet], reading: dict[str, list[Any]]
) -> tuple[list[str], list[list[bool]]]:
    """The doubt model's texts (a director's post, the kinds of event the grammar read from it
    marked) and labels (the grammar's reading of it misses an item), over ``sets``."""
    import discovery_learned_eval as dle

    texts: list[str] = []
    labels: list[list[bool]] = []
    for s in sets:
        dle.use(s)
        for post in reading[s.folder.name]:
            if post.kind_row is None:
                continue
            texts.append(dle.doubt_text(post, s))
            labels.append([dle.missed(post)])
    return texts, labels


def fit_models(
    sets: list[LabelledSet],
    reading: dict[str, list[Any]],
    kind_c: float = KIND_C,
    candidate_c: float = CANDIDATE_C,
) -> tuple[LinearModel, ...]:
    dt, dl = doubt_examples(sets, reading)
    kt, kl, ct, cl = examples(sets)
    trained_on = [s.name for s in sets]
    kinds = fit(
        KIND_MODEL, kt, kl, KINDS, n=N, c=kind_c, min_df=MIN_DF, trained_on=trained_on, dual=DUAL
    )
    candidates = fit(
        CANDIDATE_MODEL,
        ct,
        cl,
        ROLES,
        n=N,
        c=candidate_c,
        min_df=MIN_DF,
        trained_on=trained_on,
        dual=DUAL,
    )
    doubt = fit(
        DOUBT_MODEL,
        dt,
        dl,
        (DOUBT_LABEL,),
        n=N,
        c=DOUBT_C,
        min_df=MIN_DF,
        trained_on=trained_on,
        dual=DUAL,
    )
    return prune(kinds), prune(candidates), prune(doubt)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the shipped files")
    args = ap.parse_args(argv)
    sets = scored_sets()
    reading = grammar_reading(sets)
    models = fit_models(sets, reading)
    bad = 0
    for model in models:
        path = MODELS / f"{model.name}.json"
        if args.check:
            if not path.is_file() or read_model(path).as_json() != model.as_json():
                print(f"{path.name}: differs from a re-fit on {len(sets)} sets")
                bad += 1
            else:
                print(f"{path.name}: same as a re-fit on {len(sets)} sets")
        else:
            write_model(model, path)
            print(f"{path.name}: {len(model.weights)} n-grams, {path.stat().st_size} bytes")
    stale = stack_staleness(reading)
    if stale:
        print(stale)
        bad += args.check
    elif args.check:
        print(f"learned.STACK: fitted beside the grammar's reading of the {len(sets)} sets")
    return 1 if bad else 0


def stack_staleness(by_name: dict[str, list[Any]]) -> str | None:
    """Why :data:`auditor.game.learned.STACK` is stale, or None: it was fitted beside the
    grammar's reading of the scored sets (:data:`auditor.game.learned.STACK_READ`, that
    reading's digest); a grammar change that reads a director's post otherwise, or another set,
    changes the digest, and the stack must be re-fitted (``discovery_learned_eval.py --grid``
    prints both)."""
    import discovery_learned_eval as dle

    from auditor.game import learned

    digest = dle.grammar_digest(by_name)
    if digest == learned.STACK_READ:
        return None
    return (
        f"learned.STACK: fitted beside another reading of the grammar (STACK_READ "
        f"{learned.STACK_READ!r}, now {digest!r}): re-fit it with "
        "python3 scripts/discovery_learned_eval.py --grid"
    )


if __name__ == "__main__":
    raise SystemExit(main())
