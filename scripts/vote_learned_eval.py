#!/usr/bin/env python3
"""The vote reader with and without its learned second reading, leave one set out.

    python3 scripts/vote_learned_eval.py                 # every scored set held out in turn
    python3 scripts/vote_learned_eval.py --sets blind26  # only these held out
    python3 scripts/vote_learned_eval.py --sets blind26 --half even   # one half of each

For each scored set k (a set whose README's first line says NOT YET SCORED is never opened):
fit the models (scripts/train_vote_reading.py, the chosen settings) on every other scored set,
then read set k exactly as ``scripts/vote_eval.py`` does — once with the grammar alone
(``learned.using(None)``), once with the grammar and the held-out models — and print
vote_eval's "all fields" agreement of each, per set, with the mean over sets.  The unit of
generalisation is a writer (one set, one writer): the settings, the thresholds and the
combination rule are chosen by this mean, never by one set's errors.  ``--fields`` adds, per
set, each field's disagreements (attempt / target / change / format; grammar → combined): which
field the grammar gets wrong most on a writer it was not tuned on, and what the model moves.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from halves import add_half_option, in_half  # noqa: E402
from train_vote_reading import fit_models, load_set, scored_sets  # noqa: E402
from vote_eval import FIELDS, compare, read_post  # noqa: E402

from auditor.rules.votebook import learned  # noqa: E402


def _rows(folder: Path) -> list[dict[str, Any]]:
    rows = []
    for path in sorted(folder.glob("posts_*.jsonl")):
        rows += [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
    return rows


def _score(results: Sequence[dict[str, bool]]) -> tuple[int, int, Counter[str], Counter[str]]:
    ok: Counter[str] = Counter()
    n: Counter[str] = Counter()
    for res in results:
        for f, good in res.items():
            n[f] += 1
            ok[f] += good
    return sum(ok.values()), sum(n.values()), ok, n


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument(
        "--sets", nargs="*", help="hold out only these sets (default: every scored one)"
    )
    ap.add_argument("--c", type=float, default=None, help="C of the reading model")
    ap.add_argument("--c-target", type=float, default=None, help="C of the target model")
    ap.add_argument("--attempt-at", type=float, default=None, help="learned.ATTEMPT_AT")
    ap.add_argument("--target-at", type=float, default=None, help="learned.TARGET_AT")
    ap.add_argument(
        "--no-attempt-at",
        type=float,
        nargs="*",
        default=None,
        help="learned.NO_ATTEMPT_AT (several: each read with the same fits)",
    )
    ap.add_argument(
        "--fields", action="store_true", help="each field's disagreements, grammar -> combined"
    )
    add_half_option(ap)
    args = ap.parse_args(argv)
    if args.attempt_at is not None:
        learned.ATTEMPT_AT = args.attempt_at
    if args.target_at is not None:
        learned.TARGET_AT = args.target_at
    drops = args.no_attempt_at or [learned.NO_ATTEMPT_AT]
    kw: dict[str, Any] = {}
    if args.c is not None:
        kw["c"] = args.c
    if args.c_target is not None:
        kw["c_target"] = args.c_target
    folders = scored_sets()
    train = {f.name: load_set(f) for f in folders}
    held = [f for f in folders if not args.sets or f.name in args.sets]
    combos = "".join(f"{'drop≤' + str(x):>10}" for x in drops)
    print(f"{'set':<10}{'posts':>6}{'grammar':>10}{combos}{'attempt g/c':>16}")
    sums = [0.0] * (1 + len(drops))
    errs: list[Counter[str]] = [Counter() for _ in range(1 + len(drops))]
    for f in held:
        others = [r for name, rs in train.items() if name != f.name for r in rs]
        models = fit_models(others, [n for n in train if n != f.name], dual=True, **kw)
        rows = [r for r in _rows(f) if not args.half or in_half(r["id"], args.half)]
        read: list[list[dict[str, bool]]] = [[] for _ in range(1 + len(drops))]
        for r in rows:
            with learned.using(None):
                g = read_post(r["preset"], r["author"], r["text"])
            read[0].append(compare(r, g))
            for i, at in enumerate(drops, 1):
                if g.attempt and g.format_valid:  # a valid reading stands (second_reading)
                    read[i].append(read[0][-1])
                    continue
                learned.NO_ATTEMPT_AT = at
                with learned.using(*models):
                    c = read_post(r["preset"], r["author"], r["text"])
                read[i].append(compare(r, c))
        scored = [_score(x) for x in read]
        cells = ""
        for i, (a, n, ok, tot) in enumerate(scored):
            sums[i] += a / n
            cells += f"{a / n:>10.3f}"
            for x in FIELDS:
                errs[i][x] += tot[x] - ok[x]
        (_, _, oka, na), (_, _, okb, nb) = scored[0], scored[-1]
        att = f"{oka['attempt'] / na['attempt']:.3f}/{okb['attempt'] / nb['attempt']:.3f}"
        wrong = "".join(
            f"  {x[0]} {na[x] - oka[x]}->{nb[x] - okb[x]}" for x in FIELDS if args.fields
        )
        print(f"{f.name:<10}{len(rows):>6}{cells}{att:>16}{wrong}", flush=True)
    k = len(held)
    print(f"{'mean':<10}{'':>6}" + "".join(f"{x / k:>10.4f}" for x in sums))
    if args.fields:
        for i, e in enumerate(errs):
            what = "grammar" if i == 0 else f"drop≤{drops[i - 1]}"
            print(f"disagreements ({what}): " + ", ".join(f"{x} {e[x]}" for x in FIELDS))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
