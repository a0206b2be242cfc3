"""Leave one set out: the grammar alone vs the grammar with the learned reading.

Usage::

    python3 scripts/discovery_learned_eval.py                 # every scored set, one table
    python3 scripts/discovery_learned_eval.py --grid          # the thresholds' grid (mean)
    python3 scripts/discovery_learned_eval.py --kind-c 1 --candidate-c 1 --list-at 0.5 --propose-at 0.5

For each scored set k (a set whose README's first line says NOT YET SCORED is never read),
both models of :mod:`auditor.game.learned` are fitted on every other set — exactly as
``scripts/train_announce_models.py`` fits the shipped ones (``scripts/learned_fit.py``'s
features: n-grams seen in two training texts or more) — and set k is read: each post by the
grammar as ``scripts/discovery_eval.py`` reads it (the same items, days and 未读懂 listing),
then by the combined reader: the grammar's items, plus the items the model proposes (机读)
where it is confident of a kind the grammar read nothing of, and the post listed as 未读懂的公告
where the model is confident of such a kind.  Printed per set and as the mean over sets:
precision, recall, the posts with a miss that would pass in silence, and the posts read right
yet listed (a needless question).  The unit of generalisation is a writer: set k's writer is
never seen by the models that read it.
"""

from __future__ import annotations

import argparse
import pickle
import sys
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import discovery_eval as de  # noqa: E402
import train_announce_models as tm  # noqa: E402

from auditor.game import learned  # noqa: E402
from auditor.game.announce import Announced, Notice  # noqa: E402
from auditor.game.gamefile import EventType  # noqa: E402
from auditor.game.state import why_listed  # noqa: E402
from auditor.learned import LinearModel, ngrams  # noqa: E402

_EVENT = {
    "eliminated": EventType.ELIMINATED,
    "piped": EventType.PIPED,
    "sheriff": EventType.SHERIFF,
}


@dataclass
class Post:
    """One labelled post of a set, as both readers need it."""

    rec: dict[str, Any]
    director: bool
    got: list[dict[str, Any]]  # the grammar's items
    listed: bool  # the grammar lists it (未读懂的公告)
    kind_row: int | None  # its row among the kind texts
    candidate_rows: list[tuple[str, int]]  # (name, row among the candidate texts)


def use(s: tm.LabelledSet) -> None:
    """discovery_eval's globals for set ``s`` (its cast and calendar, or the first set's)."""
    de.PLAYERS = list(tm.DEFAULT_PLAYERS)
    de.DIRECTORS = tm.DEFAULT_DIRECTORS
    de.SET_DAYS.clear()
    de._PATTERNS.clear()
    de.use_set(s.folder)


def grammar_posts(
    s: tm.LabelledSet, kind_texts: list[str], candidate_texts: list[str]
) -> list[Post]:
    use(s)
    out: list[Post] = []
    for rec in s.records:
        patterns = de._patterns(rec["preset"])
        got = de.read(rec, patterns)
        text = unicodedata.normalize("NFKC", rec["text"])
        director = rec["author"] in de.DIRECTORS
        unplaced = director and bool(patterns.read(text)[1])
        listed = director and (not got or unplaced) and why_listed(de.PLAYERS, text) is not None
        kind_row = None
        rows: list[tuple[str, int]] = []
        if rec["author"] in s.directors:
            kind_row = len(kind_texts)
            kind_texts.append(learned.prepare(rec["text"], s.players, rec["thread_kind"]))
            for name in learned.named(rec["text"], s.players):
                rows.append((name, len(candidate_texts)))
                candidate_texts.append(
                    learned.candidate_text(rec["text"], s.players, rec["thread_kind"], name)
                )
        out.append(Post(rec, director, got, listed, kind_row, rows))
    return out


def _context(rec: dict[str, Any]) -> tuple[int, bool, bool]:
    """(the post's day, after its close, unplaced) as discovery_eval.read puts it."""
    posted = datetime.fromisoformat(rec["posted_at"])
    day, after, unplaced = rec["thread_day"], False, False
    if day is None:
        day, after = de.calendar(rec["preset"], posted)
        unplaced = rec["preset"] == "killbar7"
    text = unicodedata.normalize("NFKC", rec["text"])
    head = text.strip().splitlines()[0] if text.strip() else ""
    if rec["preset"] == "killbar7" and rec["thread_kind"] == "discussion" and "杀人" in head:
        after = True
    return day, after, unplaced


def proposed_items(rec: dict[str, Any], props: Sequence[learned.Proposed]) -> list[dict[str, Any]]:
    """The model's proposals as items, their day as the grammar's own items take theirs."""
    day, after, unplaced = _context(rec)
    posted = datetime.fromisoformat(rec["posted_at"])
    text = unicodedata.normalize("NFKC", rec["text"])
    out: list[dict[str, Any]] = []
    for p in props:
        if p.kind in _EVENT:
            how = p.how if p.how in ("vote", "night") else None
            a = Announced(
                _EVENT[p.kind],
                p.player,
                how=("elected" if p.kind == "sheriff" else how),
                cause=how,
            )
        else:
            a = Announced(Notice(p.kind), "")
        item = de._event_item(a, rec["thread_kind"], day, after, posted, text, rec["preset"])
        if item is None:
            continue
        if unplaced and "day" in item:
            item["day"] = de.UNPLACED
        out.append(item)
    return out


@dataclass
class Figures:
    tp: Counter[str]
    fp: Counter[str]
    fn: Counter[str]
    silent: int = 0
    flagged_clean: int = 0

    @property
    def precision(self) -> float:
        t, f = sum(self.tp.values()), sum(self.fp.values())
        return t / max(1, t + f)

    @property
    def recall(self) -> float:
        t, f = sum(self.tp.values()), sum(self.fn.values())
        return t / max(1, t + f)


def score(
    posts: list[Post], reading: Callable[[Post], tuple[list[dict[str, Any]], bool]]
) -> Figures:
    """discovery_eval.score's figures for ``reading`` (a post → its items, listed)."""
    fig = Figures(Counter(), Counter(), Counter())
    for post in posts:
        rec = post.rec
        got, listed = reading(post)
        want = [w for w in rec["items"] if w["kind"] != "retract"]
        free = list(got)
        missed = []
        for w in want:
            if de._structural(w, rec):
                fig.tp["day"] += 1
                continue
            hit = next((g for g in free if de.matches(g, w)), None)
            if hit is None:
                fig.fn[w["kind"]] += 1
                missed.append(w)
            else:
                fig.tp[w["kind"]] += 1
                free.remove(hit)
        for g in free:
            fig.fp[g["kind"]] += 1
        if listed and not missed and not free:
            fig.flagged_clean += 1
        shown = all(any(de._a_guess(g, w) for g in free) for w in missed)
        if missed and not listed and not shown:
            fig.silent += 1
    return fig


def _model(
    name: str, vocab: Sequence[str], labels: Sequence[str], coefs: list[Any], bias: list[float]
) -> LinearModel:
    weights = {
        vocab[j]: tuple(round(float(c[j]), 6) for c in coefs)
        for j in range(len(vocab))
        if any(round(float(c[j]), 6) for c in coefs)
    }
    return LinearModel(name, tm.N, tuple(labels), tuple(bias), weights)


class Folds:
    """The texts vectorised once; per fold, the features of the training rows (n-grams in
    ``min_df`` of them or more) and one liblinear fit per label, as learned_fit.fit does."""

    def __init__(self, texts: list[str], labels: list[list[bool]], names: Sequence[str]):
        from sklearn.feature_extraction.text import CountVectorizer

        lo, hi = tm.N
        self.vec = CountVectorizer(analyzer=lambda t: ngrams(t, lo, hi), binary=True)
        self.x = self.vec.fit_transform(texts).tocsc()
        self.vocab = list(self.vec.get_feature_names_out())
        self.labels = labels
        self.names = names
        self.prune_below = tm.PRUNE_BELOW

    def fit(self, train: list[int], c: float, name: str) -> LinearModel:
        import numpy as np
        from sklearn.linear_model import LogisticRegression

        xt = self.x[train]
        df = np.asarray(xt.sum(axis=0)).ravel()
        keep = np.flatnonzero(df >= tm.MIN_DF)
        xk = xt[:, keep].tocsr()
        coefs, bias = [], []
        for k, _ in enumerate(self.names):
            y = [bool(self.labels[i][k]) for i in train]
            m = LogisticRegression(C=c, max_iter=5000, solver="liblinear", random_state=0)
            m.fit(xk, y)
            coefs.append(m.coef_[0])
            bias.append(float(m.intercept_[0]))
        return tm.prune(
            _model(name, [self.vocab[j] for j in keep], self.names, coefs, bias), self.prune_below
        )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kind-c", type=float, default=tm.KIND_C)
    ap.add_argument("--candidate-c", type=float, default=tm.CANDIDATE_C)
    ap.add_argument("--list-at", type=float, default=learned.LIST_AT)
    ap.add_argument("--propose-at", type=float, default=learned.PROPOSE_AT)
    ap.add_argument("--grid", action="store_true", help="the thresholds' grid, means only")
    ap.add_argument("--cache", type=Path, help="the grammar's reading, kept between runs")
    ap.add_argument("--prune-below", type=float, default=tm.PRUNE_BELOW)
    ap.add_argument("--only", help="read only this set (its folder name), fitted on the others")
    args = ap.parse_args(argv)

    sets = tm.scored_sets()
    kind_texts: list[str] = []
    cand_texts: list[str] = []
    if args.cache and args.cache.is_file():
        kind_texts, cand_texts, by_set = pickle.loads(args.cache.read_bytes())
    else:
        by_set = [grammar_posts(s, kind_texts, cand_texts) for s in sets]
        if args.cache:
            args.cache.write_bytes(pickle.dumps((kind_texts, cand_texts, by_set)))
    kind_labels: list[list[bool]] = []
    cand_labels: list[list[bool]] = []
    for posts in by_set:
        for post in posts:
            if post.kind_row is not None:
                kind_labels.append(tm.kind_labels(post.rec))
                for name, _ in post.candidate_rows:
                    cand_labels.append(tm.candidate_labels(post.rec, name))
    kf = Folds(kind_texts, kind_labels, learned.KINDS)
    cf = Folds(cand_texts, cand_labels, learned.ROLES)
    kf.prune_below = cf.prune_below = args.prune_below

    grid = (
        [(la, pa) for la in (0.4, 0.5, 0.6, 0.7, 0.8) for pa in (0.5, 0.6, 0.7, 0.8, 0.9, 1.01)]
        if args.grid
        else [(args.list_at, args.propose_at)]
    )
    rows: dict[tuple[float, float], list[tuple[str, Figures, Figures]]] = {g: [] for g in grid}
    for k, (s, posts) in enumerate(zip(sets, by_set, strict=True)):
        short = s.folder.name
        if args.only and short != args.only:
            continue
        train_k = [
            p.kind_row
            for j, ps in enumerate(by_set)
            if j != k
            for p in ps
            if p.kind_row is not None
        ]
        train_c = [
            r for j, ps in enumerate(by_set) if j != k for p in ps for _, r in p.candidate_rows
        ]
        km = kf.fit(train_k, args.kind_c, learned.KIND_MODEL)
        cm = cf.fit(train_c, args.candidate_c, learned.CANDIDATE_MODEL)
        grammar = score(posts, lambda p: (p.got, p.listed))
        # each post read by both models once; the thresholds applied to what they read
        kind_probs = {
            id(p): km.probabilities(kind_texts[p.kind_row]) for p in posts if p.kind_row is not None
        }
        cand_probs = {
            id(p): [(name, cm.probabilities(cand_texts[r])) for name, r in p.candidate_rows]
            for p in posts
        }
        for la, pa in grid:

            def combined(
                p: Post,
                la: float = la,
                pa: float = pa,
                kind_probs: dict[int, dict[str, float]] = kind_probs,
                cand_probs: dict[int, list[tuple[str, dict[str, float]]]] = cand_probs,
            ) -> tuple[list[Any], bool]:
                if p.kind_row is None:
                    return p.got, p.listed
                read = {g["kind"] for g in p.got}
                kinds = learned.confident_kinds(kind_probs[id(p)], read, at=la)
                props = learned.proposed(kinds, cand_probs[id(p)], at=pa)
                return p.got + proposed_items(p.rec, props), p.listed or bool(kinds)

            rows[(la, pa)].append((short, grammar, score(posts, combined)))
        for g_ in grid:
            _, g, c = rows[g_][-1]
            print(
                _row(short, g, c) + (f"  (la={g_[0]} pa={g_[1]})" if args.grid else ""), flush=True
            )
    for g in grid:
        print(_mean(f"mean la={g[0]} pa={g[1]}", rows[g]), flush=True)
    return 0


def _row(name: str, g: Figures, c: Figures) -> str:
    return (
        f"{name:<10} grammar P {g.precision:.3f} R {g.recall:.3f} silent {g.silent:>3} "
        f"asked {g.flagged_clean:>3} | combined P {c.precision:.3f} R {c.recall:.3f} "
        f"silent {c.silent:>3} asked {c.flagged_clean:>3}"
    )


def _mean(name: str, rows: list[tuple[str, Figures, Figures]]) -> str:
    n = max(1, len(rows))

    def avg(f: Callable[[Figures], float], i: int) -> float:
        return sum(f(r[i]) for r in rows) / n  # type: ignore[arg-type]

    return (
        f"{name:<22} grammar P {avg(lambda f: f.precision, 1):.3f} R {avg(lambda f: f.recall, 1):.3f}"
        f" silent {avg(lambda f: f.silent, 1):.1f} asked {avg(lambda f: f.flagged_clean, 1):.1f}"
        f" | combined P {avg(lambda f: f.precision, 2):.3f} R {avg(lambda f: f.recall, 2):.3f}"
        f" silent {avg(lambda f: f.silent, 2):.1f} asked {avg(lambda f: f.flagged_clean, 2):.1f}"
    )


if __name__ == "__main__":
    raise SystemExit(main())
