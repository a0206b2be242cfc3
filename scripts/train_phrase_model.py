#!/usr/bin/env python3
"""Fit the learned reading of banned phrases (auditor.rules.phrasemodel) on the scored sets.

    python scripts/train_phrase_model.py            # fit on every scored set, write the model
    python scripts/train_phrase_model.py --check    # re-fit and compare with the shipped file
    python scripts/train_phrase_model.py --loso     # leave one set out: grammar vs combined

The sets are ``tests/phrases/<set>/phrases_*.tsv`` and ``tests/devset/phrases_*.tsv``, one
writer each; a set whose README's first line says NOT YET SCORED is skipped unopened (the
lead scores it once).  Each line is prepared by :func:`auditor.rules.phrasemodel.prepare`
with the matcher's own normaliser (the sets have no roster: no name to replace).

``--loso`` fits on all sets but one and reads that one, for each set: the matcher alone
against the matcher plus the model's questions (a line the matcher leaves without a finding
and the model reads as a category with probability ≥ the threshold), at each threshold of
``--thresholds``; it prints the per-set table and the mean, the figures the threshold in
phrasemodel.THRESHOLD was chosen by.  Deterministic (scikit-learn's liblinear, fixed seed).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from devset_eval import Row, matcher_predict, read_rows  # noqa: E402
from learned_fit import fit  # noqa: E402

from auditor.learned import MODELS, LinearModel, read_model, write_model  # noqa: E402
from auditor.rules.phrasemodel import CLEAN, MODEL, THRESHOLD, prepare  # noqa: E402

UNSCORED = "NOT YET SCORED"
N = (1, 3)
C = 0.5
MIN_DF = 2
#: Weights below this (in absolute value, in every label) are dropped from the file, and the
#: rest rounded to 3 decimals: the file stays small (the docs say what it cost).
PRUNE = 0.1


@dataclass
class Set:
    name: str  # tests/phrases/blind23 …
    rows: list[Row]


def scored_sets() -> list[Set]:
    """Every scored phrase set (a writer each), oldest first; NOT YET SCORED ones unopened."""
    folders = [ROOT / "tests" / "devset"]
    phrases = ROOT / "tests" / "phrases"
    names = sorted(
        (p.name for p in phrases.iterdir() if p.is_dir()),
        key=lambda s: (len(s), s),
    )
    folders += [phrases / n for n in names]
    sets = []
    for folder in folders:
        readme = folder / "README.md"
        with readme.open(encoding="utf-8") as fh:
            if UNSCORED in fh.readline():
                continue
        files = sorted(folder.glob("phrases_*.tsv"))
        rows = [r for f in files for r in read_rows(f)]
        sets.append(Set(str(folder.relative_to(ROOT)), rows))
    return sets


def _normaliser():  # type: ignore[no-untyped-def]
    from auditor.rules.matcher import matcher_for

    return matcher_for((), True).built.norm.normalise


def categories(sets: list[Set]) -> list[str]:
    from auditor.rules.phrases import CATEGORIES

    seen = {c for s in sets for r in s.rows for c in r.labels}
    return [c for c in CATEGORIES if c in seen] + [CLEAN]


def pruned(m: LinearModel, prune: float = PRUNE) -> LinearModel:
    weights = {
        g: tuple(round(w, 3) if abs(w) >= prune else 0 for w in row)
        for g, row in m.weights.items()
        if max(abs(w) for w in row) >= prune
    }
    return LinearModel(
        name=m.name,
        n=m.n,
        labels=m.labels,
        bias=tuple(round(b, 3) for b in m.bias),
        weights=weights,
        trained_on=m.trained_on,
    )


def train(
    sets: list[Set],
    cats: list[str],
    norm,
    *,
    c: float = C,
    min_df: int = MIN_DF,
    prune: float = PRUNE,
) -> LinearModel:  # type: ignore[no-untyped-def]
    texts = [prepare(r.text, (), norm) for s in sets for r in s.rows]
    ys = [
        [c_ in r.labels or (c_ == CLEAN and not r.labels) for c_ in cats]
        for s in sets
        for r in s.rows
    ]
    m = fit(
        MODEL,
        texts,
        ys,
        cats,
        n=N,
        c=c,
        min_df=min_df,
        trained_on=[s.name for s in sets],
        dual=True,
    )
    return pruned(m, prune)


# --- leave one set out ---------------------------------------------------------------


@dataclass
class Tally:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    clean: int = 0
    clean_flagged: int = 0
    asked: int = 0  # model questions
    asked_right: int = 0  # … on a line carrying the category asked

    def p(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    def r(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0


def tally(rows: list[Row], preds: list[set[str]]) -> Tally:
    t = Tally()
    for row, got in zip(rows, preds, strict=True):
        t.tp += len(row.labels & got)
        t.fn += len(row.labels - got)
        t.fp += len(got - row.labels)
        if not row.labels:
            t.clean += 1
            t.clean_flagged += bool(got)
    return t


def loso(args: argparse.Namespace) -> int:
    sets = scored_sets()
    cats = categories(sets)
    norm = None if args.raw else _normaliser()
    cache = Path("/tmp/phrase_model_matcher.json")
    grammar: dict[str, list[list[str]]] = json.loads(cache.read_text()) if cache.exists() else {}
    if set(grammar) != {s.name for s in sets}:
        predict = matcher_predict()
        grammar = {s.name: [sorted(predict(r.text)) for r in s.rows] for s in sets}
        cache.write_text(json.dumps(grammar))
    prunes = [float(x) for x in args.prunes.split(",")]
    cleans = [float(x) for x in args.clean_max.split(",")]
    thresholds = [
        (q, float(x), cm) for q in prunes for x in args.thresholds.split(",") for cm in cleans
    ]
    from auditor.rules.matcher import matcher_for

    matcher = matcher_for((), True)
    vetoes: dict[str, set[str]] = {}

    def vetoed(text: str, label: str) -> bool:
        if args.veto == "none":
            return False
        if text not in vetoes:
            vetoes[text] = {m.category for m, _ in matcher.explain(text)}
        return bool(vetoes[text]) if args.veto == "any" else label in vetoes[text]

    rows_out: dict[tuple[float, float, float], list[tuple[str, Tally, Tally]]] = {
        t: [] for t in thresholds
    }
    by_cat: dict[tuple[float, float, float], Counter[str]] = {t: Counter() for t in thresholds}
    by_cat_right: dict[tuple[float, float, float], Counter[str]] = {
        t: Counter() for t in thresholds
    }
    evasion: dict[tuple[float, float, float], Counter[tuple[str, str]]] = {
        t: Counter() for t in thresholds
    }
    g_cat: Counter[str] = Counter()  # the matcher's findings by category, and the right ones
    g_cat_right: Counter[str] = Counter()
    cat_n: Counter[str] = Counter()  # labelled lines by category, found by the matcher, combined
    cat_g: Counter[str] = Counter()
    cat_c: dict[tuple[float, float, float], Counter[str]] = {t: Counter() for t in thresholds}
    for k, held in enumerate(sets):
        if args.only and held.name not in args.only:
            continue
        model = train(
            sets[:k] + sets[k + 1 :], cats, norm, c=args.c, min_df=args.min_df, prune=min(prunes)
        )
        gram = [set(g) for g in grammar[held.name]]
        prepared = [prepare(r.text, (), norm) for r in held.rows]
        probs_by = {q: list(map(pruned(model, q).probabilities, prepared)) for q in prunes}
        g_t = tally(held.rows, gram)
        for row, g in zip(held.rows, gram, strict=True):
            for cat in g:
                g_cat[cat] += 1
                g_cat_right[cat] += cat in row.labels
            for cat in row.labels:
                cat_n[cat] += 1
                cat_g[cat] += cat in g
        for t in thresholds:
            comb: list[set[str]] = []
            for row, g, pr in zip(held.rows, gram, probs_by[t[0]], strict=True):
                label, p = max(
                    ((c_, v) for c_, v in pr.items() if c_ != CLEAN), key=lambda kv: (kv[1], kv[0])
                )
                kind = row.evasion if row.evasion not in ("-", "") else "none"
                if (
                    not g
                    and p >= t[1]
                    and pr.get(CLEAN, 0.0) <= t[2]
                    and not vetoed(row.text, label)
                ):
                    comb.append({label})
                    by_cat[t][label] += 1
                    by_cat_right[t][label] += label in row.labels
                else:
                    comb.append(g)
                if row.labels:
                    evasion[t][(kind, "n")] += 1
                    evasion[t][(kind, "g")] += bool(g & row.labels)
                    evasion[t][(kind, "c")] += bool(comb[-1] & row.labels)
            for row, x in zip(held.rows, comb, strict=True):
                for cat in row.labels:
                    cat_c[t][cat] += cat in x
            c_t = tally(held.rows, comb)
            c_t.asked = sum(1 for g, x in zip(gram, comb, strict=True) if not g and x)
            rows_out[t].append((held.name, g_t, c_t))
        print(f"… {held.name} ({len(model.weights)} grams)", file=sys.stderr)
    for t in thresholds:
        print(f"\n## prune {t[0]} threshold {t[1]} clean at most {t[2]}\n")
        print(
            "| set | lines | grammar P | grammar R | clean flagged | combined P | combined R | clean flagged | questions |"
        )
        print("|---|---|---|---|---|---|---|---|---|")
        means = Counter[str]()
        for name, g, c_ in rows_out[t]:
            print(
                f"| {name.removeprefix('tests/')} | {g.tp + g.fn} | {g.p():.3f} | {g.r():.3f} | "
                f"{g.clean_flagged}/{g.clean} | {c_.p():.3f} | {c_.r():.3f} | "
                f"{c_.clean_flagged}/{c_.clean} | {c_.asked} |"
            )
            means["gp"] += g.p()
            means["gr"] += g.r()
            means["gc"] += g.clean_flagged / max(1, g.clean)
            means["cp"] += c_.p()
            means["cr"] += c_.r()
            means["cc"] += c_.clean_flagged / max(1, c_.clean)
            means["q"] += c_.asked
        n = len(rows_out[t])
        print(
            f"| **mean of {n}** | | {means['gp'] / n:.3f} | {means['gr'] / n:.3f} | "
            f"{means['gc'] / n:.3%} | {means['cp'] / n:.3f} | {means['cr'] / n:.3f} | "
            f"{means['cc'] / n:.3%} | {means['q'] / n:.1f} |"
        )
        print("\nquestions by category: how many, their precision; the matcher's findings, theirs:")
        for cat in sorted(by_cat[t], key=lambda c: -by_cat[t][c]):
            print(
                f"  {cat:<11} {by_cat[t][cat]:>4}  {by_cat_right[t][cat] / by_cat[t][cat]:.3f}"
                f"   {g_cat[cat]:>5}  {g_cat_right[cat] / max(1, g_cat[cat]):.3f}"
            )
        print("recall by category (all held-out sets): grammar -> combined")
        for cat in sorted(cat_n):
            print(
                f"  {cat:<11} {cat_n[cat]:>5} {cat_g[cat] / cat_n[cat]:.3f} -> {cat_c[t][cat] / cat_n[cat]:.3f}"
            )
        print("recall by evasion (all held-out sets): grammar -> combined")
        kinds = sorted({k for k, _ in evasion[t]}, key=lambda x: (x != "none", x))
        for kind in kinds:
            n_ = evasion[t][(kind, "n")]
            print(
                f"  {kind:<16} {n_:>5} {evasion[t][(kind, 'g')] / n_:.3f} -> "
                f"{evasion[t][(kind, 'c')] / n_:.3f}"
            )
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--check", action="store_true", help="re-fit and compare with the shipped file")
    ap.add_argument("--loso", action="store_true", help="leave one set out: grammar vs combined")
    ap.add_argument("--thresholds", default=str(THRESHOLD))
    ap.add_argument("--only", nargs="*", help="(--loso) read only these sets")
    ap.add_argument("--c", type=float, default=C)
    ap.add_argument("--min-df", type=int, default=MIN_DF)
    ap.add_argument("--prunes", default=str(PRUNE), help="(--loso) weights dropped below each")
    ap.add_argument("--clean-max", default="1.0", help="(--loso) ask only below this P(CLEAN)")
    ap.add_argument("--veto", choices=("none", "same", "any"), default="none")
    ap.add_argument(
        "--raw", action="store_true", help="(--loso) without the matcher's normalisation"
    )
    args = ap.parse_args(argv)
    if args.loso:
        return loso(args)
    sets = scored_sets()
    model = train(sets, categories(sets), _normaliser())
    path = MODELS / f"{MODEL}.json"
    if args.check:
        shipped = read_model(path)
        if shipped.as_json() != model.as_json():
            print(f"{path.name}: the shipped model differs from a re-fit", file=sys.stderr)
            return 1
        print(f"{path.name}: the shipped model is what the scored sets fit")
        return 0
    path.parent.mkdir(parents=True, exist_ok=True)
    write_model(model, path)
    print(
        f"{path}: {len(model.weights)} grams, {path.stat().st_size // 1024} KiB, trained on "
        f"{len(sets)} sets, {sum(len(s.rows) for s in sets)} lines"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
