#!/usr/bin/env python3
"""Precision and recall of the banned-phrase matcher on the dev set, per category.

    python scripts/devset_eval.py [tests/devset/phrases_dev.tsv] [--errors] [--lexicon PATH]... [--model | --cards]

Line-level scoring (tests/devset/README.md "Scoring"): a line is a true positive for
category C when C is in its label and the matcher reports C; a line that does not carry C
but gets C reported is a false positive for C.  Only the dev file is meant for this
script while tuning; the holdout is scored once by the lead.
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from halves import add_half_option, in_half  # noqa: E402

DEV = ROOT / "tests" / "devset" / "phrases_dev.tsv"


@dataclass
class Row:
    id: str
    labels: frozenset[str]
    evasion: str
    text: str
    note: str


@dataclass
class Score:
    tp: Counter[str] = field(default_factory=Counter)
    fp: Counter[str] = field(default_factory=Counter)
    fn: Counter[str] = field(default_factory=Counter)
    misses: list[tuple[Row, set[str]]] = field(default_factory=list)

    def precision(self, cat: str | None = None) -> float:
        tp = self.tp[cat] if cat else sum(self.tp.values())
        fp = self.fp[cat] if cat else sum(self.fp.values())
        return tp / (tp + fp) if tp + fp else 1.0

    def recall(self, cat: str | None = None) -> float:
        tp = self.tp[cat] if cat else sum(self.tp.values())
        fn = self.fn[cat] if cat else sum(self.fn.values())
        return tp / (tp + fn) if tp + fn else 1.0

    @property
    def categories(self) -> list[str]:
        return sorted(set(self.tp) | set(self.fn) | set(self.fp))


def read_rows(path: Path) -> list[Row]:
    with path.open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE)
        rows = []
        for r in reader:
            # NONE (tests/devset*) and CLEAN (tests/devset4) both mean "must not be flagged".
            clean = r["label"] in ("NONE", "CLEAN")
            labels = frozenset() if clean else frozenset(r["label"].split("|"))
            rows.append(Row(r["id"], labels, r["evasion"], r["text"], r.get("note") or ""))
    return rows


def score(rows: Iterable[Row], predict: Callable[[str], set[str]]) -> Score:
    s = Score()
    for row in rows:
        got = predict(row.text)
        for c in row.labels:
            if c in got:
                s.tp[c] += 1
            else:
                s.fn[c] += 1
        for c in got - row.labels:
            s.fp[c] += 1
        if got != set(row.labels):
            s.misses.append((row, got))
    return s


def matcher_predict(
    lexicons: Iterable[str] = (), default: bool = True
) -> Callable[[str], set[str]]:
    from auditor.rules.masked import masked_words, matcher_pattern
    from auditor.rules.matcher import matcher_for

    m = matcher_for(tuple(lexicons), default)
    terms, pattern = matcher_pattern(m)

    def predict(text: str) -> set[str]:
        # PHRASE-* and PHRASE-MASKED (a masked or spaced word, filed under the category of
        # the word it spells: docs/rules.md "Labels the sets disagreed on")
        found = m.find(text)
        taken = [(x.start, x.end) for x in found]
        masked = masked_words(text, terms, pattern, taken)
        return {x.category for x in found} | {cat for cat, *_ in masked}

    return predict


def model_predict(grammar: Callable[[str], set[str]]) -> Callable[[str], set[str]]:
    """The matcher's reading plus the learned reading's questions and cards
    (auditor.rules.phrasemodel) counted as detections: a line the matcher finds nothing in gets
    the category the model would ask the director about or card (the sets have no roster: no
    names to replace)."""
    from auditor.rules.matcher import matcher_for
    from auditor.rules.phrasemodel import question

    m = matcher_for((), True)

    def predict(text: str) -> set[str]:
        got = grammar(text)
        if got:
            return got
        asked = question(text, (), m)
        return {asked[0]} if asked else set()

    return predict


def cards_predict(grammar: Callable[[str], set[str]]) -> Callable[[str], set[str]]:
    """What the director gets as cards, questions aside: the matcher's hits unless the
    learned reading vetoes them (auditor.rules.phrasemodel.cleared: a question), and the
    model's own cards on a line the matcher finds nothing in."""
    from auditor.rules.matcher import matcher_for
    from auditor.rules.phrasemodel import cleared, question

    m = matcher_for((), True)

    def predict(text: str) -> set[str]:
        got = grammar(text)
        if got:
            return set() if cleared(text, (), m) is not None else got
        asked = question(text, (), m)
        return {asked[0]} if asked and asked.card else set()

    return predict


def report(s: Score, out=sys.stdout) -> None:  # type: ignore[no-untyped-def]
    print(
        f"{'category':<12} {'tp':>4} {'fp':>4} {'fn':>4} {'precision':>9} {'recall':>7}", file=out
    )
    for c in s.categories:
        print(
            f"{c:<12} {s.tp[c]:>4} {s.fp[c]:>4} {s.fn[c]:>4} {s.precision(c):>9.3f} {s.recall(c):>7.3f}",
            file=out,
        )
    print(
        f"{'overall':<12} {sum(s.tp.values()):>4} {sum(s.fp.values()):>4} {sum(s.fn.values()):>4} "
        f"{s.precision():>9.3f} {s.recall():>7.3f}",
        file=out,
    )


def by_evasion(rows: list[Row], predict: Callable[[str], set[str]], out=sys.stdout) -> None:  # type: ignore[no-untyped-def]
    """Recall of the violations per evasion kind, each beside its ratio to the plain
    (``none``) violations' recall, and the clean lines flagged (issue 35's figures)."""
    hit: Counter[str] = Counter()
    total: Counter[str] = Counter()
    clean_flagged = clean = 0
    for row in rows:
        got = predict(row.text)
        if not row.labels:
            clean += 1
            clean_flagged += bool(got)
            continue
        kind = row.evasion if row.evasion not in ("-", "") else "none"
        total[kind] += 1
        hit[kind] += bool(got & row.labels)
    plain = hit["none"] / total["none"] if total["none"] else 0.0
    print(f"{'evasion':<16} {'lines':>5} {'recall':>7} {'of plain':>9}", file=out)
    for kind in sorted(total, key=lambda k: (k != "none", k)):
        r = hit[kind] / total[kind]
        print(f"{kind:<16} {total[kind]:>5} {r:>7.3f} {r / plain if plain else 0:>9.3f}", file=out)
    print(f"clean lines flagged: {clean_flagged}/{clean}", file=out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("path", nargs="?", default=str(DEV))
    ap.add_argument("--errors", action="store_true", help="list the lines scored wrong")
    ap.add_argument("--lexicon", action="append", default=[])
    ap.add_argument("--no-default", action="store_true")
    ap.add_argument(
        "--by-evasion", action="store_true", help="recall per evasion kind and clean lines hit"
    )
    ap.add_argument(
        "--model",
        action="store_true",
        help="count the learned reading's questions and cards (机读) as detections, beside the matcher",
    )
    ap.add_argument(
        "--cards",
        action="store_true",
        help="count only what is carded: the matcher's hits the learned reading does not veto, "
        "and its own cards (questions aside)",
    )
    add_half_option(ap)
    args = ap.parse_args(argv)
    name = Path(args.path).name
    if ("holdout" in name or "blind" in name) and "--i-am-the-lead" not in sys.argv:
        print(
            "the holdout is scored once by the lead; pass --i-am-the-lead to confirm",
            file=sys.stderr,
        )
        return 2
    predict = matcher_predict(args.lexicon, not args.no_default)
    if args.cards:
        predict = cards_predict(predict)
    elif args.model:
        predict = model_predict(predict)
    rows = read_rows(Path(args.path))
    if args.half:
        rows = [r for r in rows if in_half(r.id, args.half)]
    s = score(rows, predict)
    report(s)
    if args.by_evasion:
        by_evasion(rows, predict)
    if args.errors and ("holdout" not in name or "--i-am-the-lead" in sys.argv):
        for row, got in s.misses:
            print(
                f"{row.id}\t{'|'.join(sorted(row.labels)) or 'NONE'}\tgot={'|'.join(sorted(got)) or 'NONE'}"
                f"\t{row.evasion}\t{row.text}\t{row.note}"
            )
    return 0


if __name__ == "__main__":
    if "--i-am-the-lead" in sys.argv:
        sys.argv.remove("--i-am-the-lead")
        sys.argv.append("--i-am-the-lead")
    raise SystemExit(main([a for a in sys.argv[1:] if a != "--i-am-the-lead"]))
