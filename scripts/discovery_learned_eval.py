"""Leave one set out: the grammar alone vs the grammar with the learned reading.

Usage::

    python3 scripts/discovery_learned_eval.py                 # every scored set, per set
    python3 scripts/discovery_learned_eval.py --grid          # the settings' grid (means)
    python3 scripts/discovery_learned_eval.py --cache G.pkl --oof M.pkl   # keep both readings

For each scored set k (a set whose README's first line says NOT YET SCORED is never read),
both models of :mod:`auditor.game.learned` are fitted on every other set — exactly as
``scripts/train_announce_models.py`` fits the shipped ones (``scripts/learned_fit.py``'s
features: n-grams seen in two training texts or more) — and set k is read: each post by the
grammar as ``scripts/discovery_eval.py`` reads it (the same items, days and 未读懂 listing),
then by the combined reader: the grammar's items, plus the items the model proposes (机读)
where it is confident of a kind the grammar read nothing of, and the post listed as 未读懂的公告
where the model is confident of such a kind.  Printed per set and as the mean over sets:
precision, recall, the posts with a miss that would pass in silence, and the posts read right
yet listed (``asked``: a 机读 item the director confirms makes a post right, and it is still
asked about) and, of those, the posts the grammar alone read right (``needless``: a question
that adds nothing).  The unit of generalisation is a writer: set k's writer is never seen by
the models that read it.

The stacked reading (:data:`auditor.game.learned.STACK`) is fitted here, on the kind model's
out-of-fold readings and the grammar's (``--grid`` prints the one fitted on every set); for
set k's figures, on the other sets only.  (Its inputs, the out-of-fold readings of the other
sets, come from models that saw set k: a small leak, twelve weights a kind.)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import pickle
import sys
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
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
from auditor.game.fold import fold  # noqa: E402
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


_SETS: dict[str, tm.LabelledSet] = {}


def use_name(name: str) -> None:
    """:func:`use` for the set named ``name`` (one :func:`main` has loaded)."""
    use(_SETS[name])


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


def doubt_text(post: Post, s: tm.LabelledSet) -> str:
    """The post as the doubt model reads it, beside the kinds of event the grammar read."""
    rec = post.rec
    read = {g["kind"] for g in post.got}
    return learned.doubt_text(rec["text"], s.players, rec["thread_kind"], read)


def missed(post: Post) -> bool:
    """The grammar's reading of the post misses an item (the doubt model's label; the set's
    globals in use: :func:`use`)."""
    return bool(sum(score([post], lambda q: (q.got, q.listed)).fn.values()))


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
        elif p.kind == "delayed":
            if p.at is None:
                continue
            delayed = {"kind": "delayed", "day": day, "closes": de._minute(p.at)}
            out.append({**delayed, "day": de.UNPLACED} if unplaced else delayed)
            continue
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
    flagged_clean: int = 0  # listed, yet read right (by this reading: a 机读 item included)
    needless: int = 0  # listed, yet the grammar alone read it right (no 机读 needed either)

    @property
    def precision(self) -> float:
        t, f = sum(self.tp.values()), sum(self.fp.values())
        return t / max(1, t + f)

    @property
    def recall(self) -> float:
        t, f = sum(self.tp.values()), sum(self.fn.values())
        return t / max(1, t + f)


def score(
    posts: list[Post],
    reading: Callable[[Post], tuple[list[dict[str, Any]], bool]],
    grammar_right: set[int] | None = None,
) -> Figures:
    """discovery_eval.score's figures for ``reading`` (a post → its items, listed);
    ``grammar_right``: the posts (their ids) the grammar alone reads right."""
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
        if listed and grammar_right is not None and id(post) in grammar_right:
            fig.needless += 1
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
    ``min_df`` of them or more) and one liblinear fit per label, as learned_fit.fit does
    (its dual solver, as train_announce_models fits the shipped models)."""

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
            m = LogisticRegression(
                C=c, max_iter=5000, solver="liblinear", random_state=0, dual=tm.DUAL
            )
            m.fit(xk, y)
            coefs.append(m.coef_[0])
            bias.append(float(m.intercept_[0]))
        return tm.prune(
            _model(name, [self.vocab[j] for j in keep], self.names, coefs, bias), self.prune_below
        )


KindProbs = dict[str, float]
Cands = list[tuple[str, dict[str, float]]]
# per set: each post's kind probabilities (None: not a director's), its names' roles, and the
# doubt model's probability that the grammar's reading of it misses an item
OutOfFold = dict[str, tuple[list[KindProbs | None], list[Cands], list[float | None]]]
Stack = dict[str, dict[str, float]]


def out_of_fold(
    sets: list[tm.LabelledSet],
    by_set: list[list[Post]],
    kind_texts: list[str],
    cand_texts: list[str],
    args: argparse.Namespace,
) -> OutOfFold:
    """Each set read by both models fitted on the other sets (leave one set out)."""
    kind_labels: list[list[bool]] = []
    cand_labels: list[list[bool]] = []
    for posts in by_set:
        for post in posts:
            if post.kind_row is not None:
                kind_labels.append(tm.kind_labels(post.rec))
                for name, _ in post.candidate_rows:
                    cand_labels.append(tm.candidate_labels(post.rec, name))
    doubt_texts: list[str] = []
    doubt_labels: list[list[bool]] = []
    for s, posts in zip(sets, by_set, strict=True):
        use(s)
        for post in posts:
            if post.kind_row is not None:
                doubt_texts.append(doubt_text(post, s))
                doubt_labels.append([missed(post)])
    kf = Folds(kind_texts, kind_labels, learned.KINDS)
    cf = Folds(cand_texts, cand_labels, learned.ROLES)
    df = Folds(doubt_texts, doubt_labels, (learned.DOUBT_LABEL,))
    kf.prune_below = cf.prune_below = df.prune_below = args.prune_below
    out: OutOfFold = {}
    for k, (s, posts) in enumerate(zip(sets, by_set, strict=True)):
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
        dm = df.fit(train_k, args.doubt_c, learned.DOUBT_MODEL)  # (the kind rows, in order)
        out[s.folder.name] = (
            [
                km.probabilities(kind_texts[p.kind_row]) if p.kind_row is not None else None
                for p in posts
            ],
            [
                [(name, cm.probabilities(cand_texts[r])) for name, r in p.candidate_rows]
                for p in posts
            ],
            [
                dm.probabilities(doubt_texts[p.kind_row])[learned.DOUBT_LABEL]
                if p.kind_row is not None
                else None
                for p in posts
            ],
        )
        print(
            f"{s.folder.name}: fitted on the other {len(sets) - 1} sets",
            file=sys.stderr,
            flush=True,
        )
    return out


@dataclass(frozen=True)
class Rule:
    """How the combined reader trusts the models (auditor.game.learned's constants)."""

    list_at: dict[str, float]
    propose_at: float
    notice_at: dict[str, float]
    stack: Stack
    doubt_at: float = 1.01  # (learned.DOUBT_AT; above 1: no doubt listed)
    day_at: float = 1.01  # (learned.DAY_AT)
    role_at: float = 1.01  # (learned.disputed: a likeliest role the grammar gave no name)
    role_low: float = -1.0  # (learned.disputed: a role the grammar gave, this unlikely)
    time_checks: tuple[str, ...] = ()  # (learned.TIME_CHECKS: the day's times checked)


def combined(
    p: Post, kprobs: KindProbs | None, cands: Cands, rule: Rule, doubt: float | None = None
) -> tuple[list[Any], bool]:
    """The grammar's items, the model's proposals (机读), and whether the post is listed."""
    if kprobs is None:
        return p.got, p.listed
    got, listed = _combined(p, kprobs, cands, rule)
    if listed:
        return got, listed
    if doubt is not None and doubt >= rule.doubt_at:
        return got, True
    if rule.role_at <= 1 or rule.role_low >= 0:
        roles: dict[str, set[str]] = {}
        for g in p.got:
            role = learned.item_role(g["kind"], g.get("how"))
            if role is not None:
                roles.setdefault(fold(str(g.get("player", ""))), set()).add(role)
        if learned.disputed(roles, cands, rule.role_at, rule.role_low):
            return got, True
    if rule.time_checks and set(post_time_doubts(p)) & set(rule.time_checks):
        return got, True
    if kprobs["day"] >= rule.day_at:
        posted = datetime.fromisoformat(p.rec["posted_at"])
        text = unicodedata.normalize("NFKC", p.rec["text"])
        return got, not learned.times_read(text, posted, de.TZ)
    return got, False


_CLOCK = learned._CLOCK


def catch_features(
    p: Post, kprobs: KindProbs, cands: Cands, doubt: float | None
) -> dict[str, float] | None:
    """What the catch weighs (``--catch``; measured, not shipped) of a director's post in a
    game thread (else None): the kind model's log-odds of each kind, the doubt model's, the
    kinds of event the grammar read, the thread's kind, whether the time reader read a day's
    time, how many clocks the post states, how many roster names it names, its length."""
    rec = p.rec
    if not p.director or rec["thread_kind"] not in GAME_THREADS:
        return None
    text = unicodedata.normalize("NFKC", rec["text"])
    posted = datetime.fromisoformat(rec["posted_at"])
    logit = learned._logit
    out = {"bias": 1.0, "doubt": logit(doubt if doubt is not None else 0.0)}
    out["timed"] = float(learned.times_read(text, posted, de.TZ))
    out.update({f"kind:{k}": logit(kprobs[k]) for k in learned.KINDS})
    read = {g["kind"] for g in p.got} & set(learned.EVENT_KINDS)
    out.update({f"read:{k}": 1.0 for k in sorted(read)})
    out[f"thread:{rec['thread_kind']}"] = 1.0
    out["clocks"] = min(5, len(_CLOCK.findall(text))) / 5
    out["names"] = min(5, len(cands)) / 5
    out["length"] = math.log1p(len(text)) / 8
    return out


def caught(features: dict[str, float], weights: dict[str, float]) -> float:
    """The catch's probability that the post's reading misses an item."""
    return learned._logistic(sum(weights.get(f, 0.0) * x for f, x in features.items()))


def _combined(p: Post, kprobs: KindProbs, cands: Cands, rule: Rule) -> tuple[list[Any], bool]:
    read = {g["kind"] for g in p.got}
    kinds = learned.confident_kinds(kprobs, read, at=rule.list_at, stack=rule.stack)
    props = learned.proposed(kinds, cands, at=rule.propose_at)
    if kinds:
        day, after, _ = _context(p.rec)
        posted = datetime.fromisoformat(p.rec["posted_at"])
        text = unicodedata.normalize("NFKC", p.rec["text"])
        sure = learned.stacked(kprobs, read, rule.stack)
        props += learned.notice_proposals(
            kinds, sure, text, posted, de.TZ, day, after, at=rule.notice_at
        )
    return p.got + proposed_items(p.rec, props), p.listed or bool(kinds)


def _read_right(p: Post) -> bool:
    """The grammar alone reads the post right: no miss, no false item."""
    fig = score([p], lambda q: (q.got, q.listed))
    return not (sum(fig.fn.values()) or sum(fig.fp.values()))


def _labelled(p: Post) -> set[str]:
    return {w["kind"] for w in p.rec["items"] if w["kind"] != "retract"}


def grammar_digest(by_name: dict[str, list[Post]]) -> str:
    """What :func:`fit_stack` weighs of the grammar, as a short digest (the shipped
    :data:`auditor.game.learned.STACK_READ`): per scored set, per director's post, the kinds of
    event the grammar read.  A grammar change that reads any of them otherwise changes it, and
    ``scripts/train_announce_models.py --check`` then asks for the stack to be re-fitted."""
    reading = [
        [
            name,
            [
                sorted({g["kind"] for g in p.got} & set(learned.EVENT_KINDS))
                for p in posts
                if p.kind_row is not None
            ],
        ]
        for name, posts in by_name.items()
    ]
    blob = json.dumps(reading, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16]


def fit_stack(
    by_name: dict[str, list[Post]], oof: OutOfFold, leave_out: str | None = None, c: float = 1.0
) -> Stack:
    """Per kind of event, a logistic reading over :func:`learned.stack_features` (the kind
    model's out-of-fold log-odds, what the grammar read), fitted on the director's posts of
    every set but ``leave_out`` where the grammar read none of that kind."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    stack: Stack = {}
    for k in learned.EVENT_KINDS:
        rows: list[dict[str, float]] = []
        ys: list[bool] = []
        for name, posts in by_name.items():
            if name == leave_out:
                continue
            for p, kp in zip(posts, oof[name][0], strict=True):
                read = {g["kind"] for g in p.got}
                if kp is None or k in read:
                    continue
                rows.append(learned.stack_features(kp, read, k))
                ys.append(k in _labelled(p))
        if len(set(ys)) < 2:
            continue
        names = sorted({f for r in rows for f in r} - {"bias"})
        x = np.array([[r.get(f, 0.0) for f in names] for r in rows])
        m = LogisticRegression(C=c, solver="liblinear", random_state=0).fit(x, ys)
        w = {"bias": round(float(m.intercept_[0]), 3)}
        w.update({f: round(float(v), 3) for f, v in zip(names, m.coef_[0], strict=True)})
        stack[k] = {f: v for f, v in w.items() if v}
    return stack


GRID = tuple(round(0.05 * i, 2) for i in range(4, 20))


def thresholds(
    by_name: dict[str, list[Post]], oof: OutOfFold, stacks: dict[str, Stack], precision: float
) -> dict[str, float]:
    """Per kind of event, the lowest threshold of :data:`GRID` at which, pooled over the
    sets read out of fold (each by the stack fitted without it), that share of the posts
    listed for the kind state it (1.01: no threshold does; the kind is never asked)."""
    scored: dict[str, list[tuple[float, bool]]] = {k: [] for k in learned.EVENT_KINDS}
    for name, posts in by_name.items():
        for p, kp in zip(posts, oof[name][0], strict=True):
            if kp is None:
                continue
            read = {g["kind"] for g in p.got}
            for k, q in learned.stacked(kp, read, stacks[name]).items():
                scored[k].append((q, k in _labelled(p)))
    out: dict[str, float] = {}
    for k, pairs in scored.items():
        out[k] = 1.01
        for t in GRID:
            hits = [y for q, y in pairs if q >= t]
            if hits and sum(hits) / len(hits) >= precision:
                out[k] = t
                break
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kind-c", type=float, default=tm.KIND_C)
    ap.add_argument("--candidate-c", type=float, default=tm.CANDIDATE_C)
    ap.add_argument("--doubt-c", type=float, default=tm.DOUBT_C)
    ap.add_argument("--propose-at", type=float, default=learned.PROPOSE_AT)
    ap.add_argument("--grid", action="store_true", help="the settings' grid, means only")
    ap.add_argument("--cache", type=Path, help="the grammar's reading, kept between runs")
    ap.add_argument("--oof", type=Path, help="the models' out-of-fold readings, kept")
    ap.add_argument("--prune-below", type=float, default=tm.PRUNE_BELOW)
    ap.add_argument("--chips", action="store_true", help="the desk's chips: top-1 / top-3")
    ap.add_argument("--silent", action="store_true", help="what the silent posts share")
    ap.add_argument("--knee", action="store_true", help="silent vs needless, the listings' grid")
    ap.add_argument(
        "--times", action="store_true", help="the day's times checked: silent vs needless"
    )
    ap.add_argument(
        "--catch", action="store_true", help="the catch (never silent): silent vs needless"
    )
    ap.add_argument(
        "--shipped",
        metavar="SET",
        help="one set read by the shipped models and rule (a set they were not fitted on: "
        "the tool as a new writer meets it), no leave-one-out",
    )
    args = ap.parse_args(argv)
    if args.shipped:
        return shipped_row(args.shipped)

    sets = tm.scored_sets()
    kind_texts: list[str] = []
    cand_texts: list[str] = []
    if args.cache and args.cache.is_file():
        kind_texts, cand_texts, by_set = pickle.loads(args.cache.read_bytes())
    else:
        by_set = [grammar_posts(s, kind_texts, cand_texts) for s in sets]
        if args.cache:
            args.cache.write_bytes(pickle.dumps((kind_texts, cand_texts, by_set)))
    if args.oof and args.oof.is_file():
        oof: OutOfFold = pickle.loads(args.oof.read_bytes())
    else:
        oof = out_of_fold(sets, by_set, kind_texts, cand_texts, args)
        if args.oof:
            args.oof.write_bytes(pickle.dumps(oof))
    by_name = {s.folder.name: posts for s, posts in zip(sets, by_set, strict=True)}
    _SETS.update({s.folder.name: s for s in sets})

    kinds = learned.EVENT_KINDS
    shipped = shipped_rule(args.propose_at)
    before = Rule(dict.fromkeys(kinds, 0.5), 0.5, {}, {})  # session 45
    rules: dict[str, tuple[Rule, dict[str, Rule]]] = {
        "session 45 (0.5 / 0.5, no stack)": (before, {}),
    }
    # the stack fitted as the shipped one is, each set left out (its own reading unseen)
    stacks = {n: fit_stack(by_name, oof, leave_out=n) for n in by_name}
    s46 = replace(shipped, doubt_at=1.01, day_at=1.01, role_at=1.01, time_checks=())
    r1 = replace(shipped, time_checks=(), doubt_at=0.6)
    s47 = replace(shipped, role_at=1.01, time_checks=(), doubt_at=0.6)
    rules["session 47 (doubt 0.6, day 0.7, no dispute)"] = (
        s47,
        {n: replace(s47, stack=stacks[n]) for n in by_name},
    )
    rules["session 46 (stacked, no doubt, no day)"] = (
        s46,
        {n: replace(s46, stack=stacks[n]) for n in by_name},
    )
    rules["round 1 (s48: dispute, no time check)"] = (
        r1,
        {n: replace(r1, stack=stacks[n]) for n in by_name},
    )
    r5 = replace(shipped, doubt_at=0.6)
    rules["round 5 (s48: doubt at 0.6)"] = (r5, {n: replace(r5, stack=stacks[n]) for n in by_name})
    rules["shipped"] = (shipped, {n: replace(shipped, stack=stacks[n]) for n in by_name})
    if args.chips:
        chip_accuracy(by_name, oof, stacks)
        return 0
    if args.silent:
        silent_shares(by_name, oof, rules["shipped"][1])
        return 0
    if args.times:
        time_checks(by_name, oof, rules["round 1 (s48: dispute, no time check)"][1])
        return 0
    if args.catch:  # beside round 5's rule (the doubt at 0.6)
        catch_trade(by_name, oof, rules["round 5 (s48: doubt at 0.6)"][1])
        return 0
    if args.knee:  # silent vs needless: the doubt's threshold, the candidates' dispute
        rules = {}
        for da in (0.4, 0.5, 0.6):
            for ra, rl in ((1.01, -1.0), (0.9, -1.0), (0.8, -1.0), (0.7, -1.0), (1.01, 0.1),
                           (1.01, 0.2), (0.8, 0.2)):  # fmt: skip
                folds = {
                    n: replace(shipped, stack=stacks[n], doubt_at=da, role_at=ra, role_low=rl)
                    for n in by_name
                }
                rules[f"doubt {da} role at {ra} low {rl}"] = (shipped, folds)
    if args.grid:
        for da in (0.5, 0.55, 0.6, 0.65, 0.7, 1.01):  # (docs/discovery.md, round 3)
            for ya in (0.7, 1.01):
                folds = {
                    n: replace(shipped, stack=stacks[n], doubt_at=da, day_at=ya, role_at=1.01)
                    for n in by_name
                }
                rules[f"doubt at {da}, day at {ya}"] = (shipped, folds)
        none: dict[str, float] = {}
        for t in (0.4, 0.45, 0.5, 0.55, 0.6):  # the kind model alone, one threshold
            rules[f"model alone at {t}"] = (Rule(dict.fromkeys(kinds, t), 0.5, none, {}), {})
        listings = {f"stacked at {t}": dict.fromkeys(kinds, t) for t in (0.3, 0.35, 0.4, 0.5)}
        listings |= {
            f"stacked, per kind for precision {prec}": thresholds(by_name, oof, stacks, prec)
            for prec in (0.5, 0.7, 0.8)
        }
        for what, la in listings.items():
            rules[what] = (shipped, {n: Rule(la, 0.5, none, stacks[n]) for n in by_name})
        la = dict(learned.LIST_AT)
        for notice in (0.7, 0.8, 0.9):
            na = {k: max(la[k], notice) for k in learned.NOTICE_KINDS}
            for pa in (0.5, 0.7):
                folds = {n: Rule(la, pa, na, stacks[n]) for n in by_name}
                rules[f"shipped LIST_AT, notices at {notice}, propose at {pa}"] = (shipped, folds)
    for label, (rule, folds) in rules.items():
        rows: list[tuple[str, Figures, Figures]] = []
        for s in sets:
            use(s)  # the set's calendar: a proposal's day is placed on it
            short = s.folder.name
            posts = by_name[short]
            kp, cp, dp = oof[short]
            r = folds.get(short, rule)
            at = {id(p): i for i, p in enumerate(posts)}
            right = {id(p) for p in posts if _read_right(p)}
            grammar = score(posts, lambda p: (p.got, p.listed), right)
            both = score(
                posts,
                lambda p, r=r, kp=kp, cp=cp, dp=dp, at=at: combined(
                    p, kp[at[id(p)]], cp[at[id(p)]], r, dp[at[id(p)]]
                ),
                right,
            )
            rows.append((short, grammar, both))
            if not (args.grid or args.knee):
                print(_row(short, grammar, both), flush=True)
        print(_mean(f"mean: {label}", rows), "|", _row("newest", *rows[-1][1:]), flush=True)
    if args.grid:
        print("STACK =", fit_stack(by_name, oof))  # the shipped one: fitted on every set
        print(f"STACK_READ = {grammar_digest(by_name)!r}")
        print("listing precision at the shipped LIST_AT:", listing_precision(by_name, oof, stacks))
    return 0


def shipped_rule(propose_at: float) -> Rule:
    """The combined reader's rule as shipped (``learned``'s constants and STACK)."""
    return Rule(
        dict(learned.LIST_AT),
        propose_at,
        dict(learned.NOTICE_AT),
        learned.STACK,
        doubt_at=learned.DOUBT_AT,
        day_at=learned.DAY_AT,
        role_at=learned.ROLE_AT,
        time_checks=learned.TIME_CHECKS,
    )


def shipped_row(name: str) -> int:
    """``--shipped SET``: the set read by the grammar and the shipped models with the shipped
    rule (``learned``'s constants and STACK) — the figure of the tool as it is on a writer the
    models never saw (the lead's one score of a new set: its README line 1 flipped first, as
    :func:`tm.scored_sets` reads only scored sets)."""
    (s,) = [x for x in tm.scored_sets() if x.folder.name == name]
    kind_texts: list[str] = []
    cand_texts: list[str] = []
    posts = grammar_posts(s, kind_texts, cand_texts)
    use(s)
    km, cm, dm = learned._kind_model(), learned._candidate_model(), learned._doubt_model()
    kp = [
        km.probabilities(kind_texts[p.kind_row]) if p.kind_row is not None else None for p in posts
    ]
    cp = [[(n, cm.probabilities(cand_texts[r])) for n, r in p.candidate_rows] for p in posts]
    dp = [
        dm.probabilities(doubt_text(p, s))[learned.DOUBT_LABEL] if p.kind_row is not None else None
        for p in posts
    ]
    rule = shipped_rule(learned.PROPOSE_AT)
    at = {id(p): i for i, p in enumerate(posts)}
    right = {id(p) for p in posts if _read_right(p)}
    grammar = score(posts, lambda p: (p.got, p.listed), right)
    both = score(
        posts, lambda p: combined(p, kp[at[id(p)]], cp[at[id(p)]], rule, dp[at[id(p)]]), right
    )
    print(_row(name, grammar, both), flush=True)
    return 0


def grammar_misses(post: Post) -> list[dict[str, Any]]:
    """The labelled items of the post the grammar's reading misses (as :func:`score` counts)."""
    rec = post.rec
    free = list(post.got)
    out: list[dict[str, Any]] = []
    for w in rec["items"]:
        if w["kind"] == "retract" or de._structural(w, rec):
            continue
        hit = next((g for g in free if de.matches(g, w)), None)
        if hit is None:
            out.append(w)
        else:
            free.remove(hit)
    return out


def _chip_hits(chip: learned.Proposed, w: dict[str, Any], strict: bool) -> bool:
    if chip.kind != w["kind"]:
        return False
    if chip.kind in learned.NOTICE_KINDS:
        return True
    if chip.kind not in learned.CHIP_PLAYER_KINDS:
        return False
    if chip.player != fold(str(w.get("player", ""))):
        return False
    if strict and chip.kind == "eliminated":
        how = w.get("how") if w.get("how") in ("vote", "night") else None
        return chip.how == how
    return True


def chip_accuracy(by_name: dict[str, list[Post]], oof: OutOfFold, stacks: dict[str, Stack]) -> None:
    """The desk's chips (:func:`learned.chips`, as :func:`learned.propose_events` ranks them)
    on each set's posts the grammar misses an item of a kind a chip offers, read out of fold:
    top-1 / top-3 (a chip among the first k is a missed item; strict: an elimination's how
    too), per set and the mean over sets."""
    chip_kinds = set(learned.CHIP_PLAYER_KINDS) | set(learned.NOTICE_KINDS)
    rows = []
    for name, posts in by_name.items():
        kp, cp, _ = oof[name]
        n = h1 = h3 = s1 = s3 = other = 0
        for i, p in enumerate(posts):
            if kp[i] is None:
                continue
            misses = grammar_misses(p)
            if not misses:
                continue
            if not any(w["kind"] in chip_kinds for w in misses):
                other += 1
                continue
            read = {g["kind"] for g in p.got}
            known = {(g["kind"], str(g.get("player", ""))) for g in p.got}
            sure = learned.stacked(kp[i], read, stacks[name])
            ranked = learned.chips(cp[i], sure, known, limit=3, floor=0.0)
            n += 1
            mine = [w for w in misses if w["kind"] in chip_kinds]
            h1 += any(_chip_hits(c, w, False) for c in ranked[:1] for w in mine)
            h3 += any(_chip_hits(c, w, False) for c in ranked[:3] for w in mine)
            s1 += any(_chip_hits(c, w, True) for c in ranked[:1] for w in mine)
            s3 += any(_chip_hits(c, w, True) for c in ranked[:3] for w in mine)
        rows.append((name, n, h1, h3, s1, s3, other))
        print(
            f"chips {name:<8} posts {n:>3} top-1 {h1 / max(1, n):.2f} top-3 {h3 / max(1, n):.2f}"
            f" | strict top-1 {s1 / max(1, n):.2f} top-3 {s3 / max(1, n):.2f}"
            f" | missed posts of other kinds {other}",
            flush=True,
        )
    m = len(rows)
    avg = [sum(r[k] / max(1, r[1]) for r in rows) / m for k in (2, 3, 4, 5)]
    pooled = [sum(r[k] for r in rows) / max(1, sum(r[1] for r in rows)) for k in (2, 3, 4, 5)]
    print(
        f"chips mean of {m}: top-1 {avg[0]:.3f} top-3 {avg[1]:.3f} strict {avg[2]:.3f} / "
        f"{avg[3]:.3f}; pooled {pooled[0]:.3f} / {pooled[1]:.3f} strict {pooled[2]:.3f} / "
        f"{pooled[3]:.3f} over {sum(r[1] for r in rows)} posts",
        flush=True,
    )


def silent_shares(by_name: dict[str, list[Post]], oof: OutOfFold, folds: dict[str, Rule]) -> None:
    """What the posts passing in silence at ``folds`` share (counts only, no text): the
    thread, the kind missed and whether the grammar read an item of that kind, the field
    that differs from the nearest item read, and the models' readings of them."""
    shares: Counter[str] = Counter()
    total = 0
    for name, posts in by_name.items():
        use_name(name)
        kp, cp, dp = oof[name]
        for i, p in enumerate(posts):
            got, listed = combined(p, kp[i], cp[i], folds[name], dp[i])
            fig = score([p], lambda q, got=got, listed=listed: (got, listed))
            if not fig.silent:
                continue
            total += 1
            shares[f"thread {p.rec['thread_kind']}"] += 1
            shares["a director's" if p.director else "a player's"] += 1
            read = {g["kind"] for g in p.got}
            for w in grammar_misses(p):
                shares[
                    f"missed {w['kind']} ({'kind read' if w['kind'] in read else 'unread'})"
                ] += 1
                near = [g for g in p.got if g["kind"] == w["kind"]]
                for g in near[:1]:
                    differ = sorted(k for k, v in w.items() if g.get(k) != v and k != "winner")
                    shares[f"  differs in {','.join(differ) or '-'}"] += 1
            if dp[i] is not None:
                shares[f"doubt {min(9, int(dp[i] * 10)) / 10:.1f}+"] += 1
            if kp[i] is not None:
                shares[f"kind day {min(9, int(kp[i]['day'] * 10)) / 10:.1f}+"] += 1
            names = {n for n, _ in cp[i]}
            shares["names a roster name" if names else "names no roster name"] += 1
            shares[f"items read {min(3, len(p.got))}"] += 1
    print(f"silent posts: {total}")
    for k, v in sorted(shares.items()):
        print(f"  {k}: {v}")


def post_time_doubts(p: Post) -> list[str]:
    """:func:`learned.time_doubts` of a director's post in a game thread, as discovery reads it."""
    rec = p.rec
    if not p.director or rec["thread_kind"] not in ("process", "discussion", "vote"):
        return []
    posted = datetime.fromisoformat(rec["posted_at"])
    text = unicodedata.normalize("NFKC", rec["text"])
    return learned.time_doubts(text, posted, de.TZ, rec["thread_day"])


def time_checks(by_name: dict[str, list[Post]], oof: OutOfFold, folds: dict[str, Rule]) -> None:
    """Silent vs needless a set when the posts :func:`learned.time_doubts` doubts (for each
    set of its reasons) are listed beside the shipped rule: per reason, what it catches and
    costs (mean over sets), then the sets of reasons in the order of their trade, per set."""
    codes = list(learned.TIME_WORD)
    # per set: the shipped silent / needless, and per post its reasons, silent, needless-if-listed
    rows: dict[str, tuple[int, int, list[tuple[set[str], bool, bool]]]] = {}
    for name, posts in by_name.items():
        use_name(name)
        kp, cp, dp = oof[name]
        silent = needless = 0
        per: list[tuple[set[str], bool, bool]] = []
        for i, p in enumerate(posts):
            got, listed = combined(p, kp[i], cp[i], folds[name], dp[i])
            right = _read_right(p)
            fig = score([p], lambda q, got=got, listed=listed: (got, listed))
            silent += fig.silent
            needless += listed and right
            if listed:
                continue
            why = set(post_time_doubts(p))
            if why:
                per.append((why, bool(fig.silent), right))
        rows[name] = (silent, needless, per)
    n = len(rows)

    def trade(chosen: set[str]) -> tuple[float, float, list[str]]:
        s_all = n_all = 0.0
        cells = []
        for name, (silent, needless, per) in rows.items():
            caught = sum(1 for why, sil, _ in per if sil and why & chosen)
            cost = sum(1 for why, _, right in per if right and why & chosen)
            s_all += silent - caught
            n_all += needless + cost
            cells.append(f"{name} {silent - caught}/{needless + cost}")
        return s_all / n, n_all / n, cells

    base = trade(set())
    print(f"shipped: silent {base[0]:.2f} needless {base[1]:.2f} a set (mean of {n})")
    for c in codes:
        s1, n1, _ = trade({c})
        caught, cost = base[0] - s1, n1 - base[1]
        ratio = cost / caught if caught else float("inf")
        print(f"  {c:<10} caught {caught:.2f} needless +{cost:.2f} a set ({ratio:.1f} a silent)")
    chosen: set[str] = set()
    left = set(codes)
    while left:
        best = min(
            left,
            key=lambda c: (
                (trade(chosen | {c})[1] - trade(chosen)[1])
                / max(1e-9, trade(chosen)[0] - trade(chosen | {c})[0])
            ),
        )
        chosen.add(best)
        left.discard(best)
        s1, n1, cells = trade(chosen)
        print(f"+{best:<10} silent {s1:.2f} needless {n1:.2f} | " + "  ".join(cells), flush=True)


GAME_THREADS = ("process", "discussion", "vote")


def catch_rows(
    by_name: dict[str, list[Post]], oof: OutOfFold, folds: dict[str, Rule]
) -> dict[str, tuple[int, int, list[tuple[dict[str, float], bool, bool, bool]]]]:
    """Per set: the shipped rule's silent and needless posts, and per director's post in a
    game thread it leaves unlisted: the catch's features (:func:`catch_features`),
    whether it passes in silence, whether the grammar reads it right, whether it states an
    item at all (an announcement)."""
    out = {}
    for name, posts in by_name.items():
        use_name(name)
        kp, cp, dp = oof[name]
        silent = needless = 0
        rows = []
        for i, p in enumerate(posts):
            got, listed = combined(p, kp[i], cp[i], folds[name], dp[i])
            right = _read_right(p)
            fig = score([p], lambda q, got=got, listed=listed: (got, listed))
            silent += fig.silent
            needless += listed and right
            feats = None if listed or kp[i] is None else catch_features(p, kp[i], cp[i], dp[i])
            if feats is None:
                continue
            stated = any(w["kind"] != "retract" for w in p.rec["items"])
            rows.append((feats, bool(fig.silent), right, stated))
        out[name] = (silent, needless, rows)
    return out


def fit_catch(
    rows: list[tuple[dict[str, float], bool, bool, bool]], label: int = 1, c: float = 1.0
) -> dict[str, float]:
    """The catch's weights on ``rows`` (:func:`catch_rows`): a
    logistic reading of ``label`` (1: the post passes in silence; 3: it states an item)."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    names = sorted({f for r in rows for f in r[0]} - {"bias"})
    x = np.array([[r[0].get(f, 0.0) for f in names] for r in rows])
    y = [bool(r[label]) for r in rows]
    m = LogisticRegression(C=c, solver="liblinear", random_state=0, max_iter=5000).fit(x, y)
    w = {"bias": round(float(m.intercept_[0]), 3)}
    w.update({f: round(float(v), 3) for f, v in zip(names, m.coef_[0], strict=True)})
    return {f: v for f, v in w.items() if v}


def catch_trade(by_name: dict[str, list[Post]], oof: OutOfFold, folds: dict[str, Rule]) -> None:
    """Silent vs needless a set when the posts the shipped rule leaves unlisted are listed
    where the catch (fitted without the set) reaches t: per t the mean over sets, the newest
    set, and the needless questions a silent post caught costs; the catch of a post's miss
    (label silent) beside an announcement model (label: it states an item) and the doubt
    model alone at a lower threshold."""
    data = catch_rows(by_name, oof, folds)
    names = list(data)
    newest = names[-1]
    n = len(names)
    base_s = sum(v[0] for v in data.values()) / n
    base_n = sum(v[1] for v in data.values()) / n
    print(
        f"shipped: silent {base_s:.2f} needless {base_n:.2f} a set (mean of {n}); "
        f"{newest} {data[newest][0]}/{data[newest][1]}; unlisted posts "
        f"{sum(len(v[2]) for v in data.values())}, silent among them "
        f"{sum(r[1] for v in data.values() for r in v[2])}",
        flush=True,
    )
    scores: dict[str, dict[str, list[float]]] = {}
    for label, what in ((1, "catch (silent)"), (3, "announcement")):
        for c in (0.1, 1.0):
            per: dict[str, list[float]] = {}
            for k in names:
                train = [r for j in names if j != k for r in data[j][2]]
                w = fit_catch(train, label, c)
                per[k] = [caught(r[0], w) for r in data[k][2]]
            scores[f"{what} C={c}"] = per
    scores["doubt alone"] = {
        k: [learned._logistic(r[0]["doubt"]) for r in data[k][2]] for k in names
    }
    # (issue 34, item 2c) a post naming a roster name with no event read from it, listed
    scores["a name, no event read"] = {
        k: [
            float(r[0]["names"] > 0 and not any(f.startswith("read:") for f in r[0]))
            for r in data[k][2]
        ]
        for k in names
    }
    scores["one name, no event read"] = {
        k: [
            float(r[0]["names"] == 0.2 and not any(f.startswith("read:") for f in r[0]))
            for r in data[k][2]
        ]
        for k in names
    }
    for what, per in scores.items():
        print(what, flush=True)
        grid = (0.02, 0.05, 0.08, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)
        for t in grid if "name" not in what else (0.5,):
            s_all = n_all = 0.0
            cells = []
            for k in names:
                silent, needless, rows = data[k]
                hit = [q >= t for q in per[k]]
                caught = sum(1 for h, r in zip(hit, rows, strict=True) if h and r[1])
                cost = sum(1 for h, r in zip(hit, rows, strict=True) if h and r[2])
                s_all += silent - caught
                n_all += needless + cost
                cells.append((k, silent - caught, needless + cost))
            s_m, n_m = s_all / n, n_all / n
            ratio = f"{(n_m - base_n) / (base_s - s_m):.1f}" if base_s > s_m else "—"
            last = cells[-1]
            print(
                f"  at {t:<5} silent {s_m:.2f} needless {n_m:.2f} ({ratio} a silent caught)"
                f" | {last[0]} {last[1]}/{last[2]}",
                flush=True,
            )
    print("catch fitted on every set:", fit_catch([r for k in names for r in data[k][2]], 1, 0.1))
    per_set = "  ".join(f"{k} {s}/{m}" for k, s, m in [(k, *data[k][:2]) for k in names])
    print("shipped per set (silent/needless):", per_set)


def listing_precision(
    by_name: dict[str, list[Post]], oof: OutOfFold, stacks: dict[str, Stack]
) -> dict[str, float]:
    """Per kind, pooled out of fold: the share of the posts listed for it that state it."""
    listed: Counter[str] = Counter()
    right: Counter[str] = Counter()
    for name, posts in by_name.items():
        for p, kp in zip(posts, oof[name][0], strict=True):
            if kp is None:
                continue
            read = {g["kind"] for g in p.got}
            for k in learned.confident_kinds(kp, read, stack=stacks[name]):
                listed[k] += 1
                right[k] += k in _labelled(p)
    return {k: round(right[k] / listed[k], 3) for k in listed}


def _row(name: str, g: Figures, c: Figures) -> str:
    return (
        f"{name:<10} grammar P {g.precision:.3f} R {g.recall:.3f} silent {g.silent:>3} "
        f"asked {g.flagged_clean:>3} | combined P {c.precision:.3f} R {c.recall:.3f} "
        f"silent {c.silent:>3} asked {c.flagged_clean:>3} needless {c.needless:>3}"
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
        f" needless {avg(lambda f: f.needless, 2):.1f}"
    )


if __name__ == "__main__":
    raise SystemExit(main())
