#!/usr/bin/env python3
"""Do two checkouts find the same banned phrases?  (A speed change must not change a match.)

    python benchmarks/phrase_same.py DIR_A DIR_B [--posts 10000] [--mb 5]

Each checkout, in a fresh interpreter of its own (its ``auditor`` imported from DIR, its
cache folder a temporary one), writes every match (category, entry, form, span, text, how)
of:

* every line of every labelled set in ``tests/`` (``tests/devset*/*.tsv``): ``find`` one
  line at a time and ``find_all`` over the set;
* every line of the scored phrase sets named by ``--sets`` (``tests/phrases/<set>/``),
  the same two ways;
* the censor texts of ``tests/rules/test_censor_evasion.py`` through its small censor list
  (found cases and near misses);
* the generated game's posts (``phrase_bench.game_posts``) and the benchmark corpus
  (``phrase_bench.corpus``), by ``find_all``;
* the findings of every enabled rule of the generated game's rule set over its context
  (``phrase_bench.game_context``, through ``engine.run_rules``), and of the PHRASE rules alone;

then the two are compared set by set.  Exit status 1 when any differs.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import pickle
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
CHILD = r"""
import pickle, sys
from pathlib import Path
root = Path(sys.argv[1]).resolve()
sys.path.insert(0, sys.argv[5])  # this script's phrase_bench and generate, for both
import phrase_bench as pb
sys.path[:0] = [str(root), str(root / "tests" / "rules")]
import auditor
assert Path(auditor.__file__).resolve().is_relative_to(root), auditor.__file__
from auditor.rules.matcher import Matcher, default_matcher
from auditor.rules.lexicon import load

def key(ms):
    return [(m.category, m.entry, m.form, m.start, m.end, m.text, m.how) for m in ms]

m = default_matcher()
out = {}
for tsv in sorted((root / "tests").glob("devset*/*.tsv")):
    lines = tsv.read_text("utf-8").splitlines()[1:]
    texts = [ln.split("\t")[3] for ln in lines if ln.strip()]
    out[f"{tsv.parent.name}/{tsv.name} find"] = [key(m.find(t)) for t in texts]
    out[f"{tsv.parent.name}/{tsv.name} find_all"] = [key(x) for x in m.find_all(texts)]
# the scored phrase sets, each named (a set not yet scored is never read)
for name in sys.argv[6].split(","):
    for tsv in sorted((root / "tests" / "phrases" / name).glob("phrases_*.tsv")):
        rows = [ln.split("\t") for ln in tsv.read_text("utf-8").splitlines()[1:] if ln.strip()]
        texts = [r[4] for r in rows]
        out[f"phrases/{name}/{tsv.name} find"] = [key(m.find(t)) for t in texts]
        out[f"phrases/{name}/{tsv.name} find_all"] = [key(x) for x in m.find_all(texts)]
import tempfile
import test_censor_evasion as ce
with tempfile.TemporaryDirectory() as tmp:
    cm = ce.censor_matcher(Path(tmp))
    texts = [c[0] for c in ce.FOUND] + [c if isinstance(c, str) else c[0] for c in ce.NEAR_MISSES]
    out["censor texts find"] = [key(cm.find(t)) for t in texts]
    out["censor texts find_all"] = [key(x) for x in cm.find_all(texts)]
n, mb = int(sys.argv[3]), float(sys.argv[4])
out["game posts find_all"] = [key(x) for x in m.find_all(pb.game_posts(n))]
out["benchmark corpus find_all"] = [key(x) for x in m.find_all(pb.corpus(mb, 7))]
from auditor.rules.engine import run_rules
ctx, rs = pb.game_context(n)
out["game findings, every rule"] = sorted(repr(tuple(f)) for f in run_rules(ctx, rs))
ctx.phrase_matches = {}
codes = [c for c in rs.rules if c.startswith("PHRASE-")]
out["game findings, PHRASE rules"] = sorted(repr(tuple(f)) for f in run_rules(ctx, rs, codes))
pickle.dump(out, open(sys.argv[2], "wb"))
"""


# The scored phrase sets (each has its SCORE.md): named one by one, never globbed.
SCORED = ",".join(["blind", *(f"blind{k}" for k in range(2, 16))])


def dump(root: Path, posts: int, mb: float, sets: str) -> dict[str, list[object]]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "out.pickle"
        env = {**os.environ, "AUDITOR_CACHE_DIR": str(Path(tmp) / "cache")}
        env.pop("PYTHONPATH", None)
        subprocess.run(
            [sys.executable, "-c", CHILD, str(root), str(path), str(posts), str(mb), HERE, sets],
            env=env,
            cwd=root,
            check=True,
        )
        with path.open("rb") as f:
            got: dict[str, list[object]] = pickle.load(f)
        return got


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("a", type=Path)
    ap.add_argument("b", type=Path)
    ap.add_argument("--posts", type=int, default=10_000)
    ap.add_argument("--mb", type=float, default=5.0)
    ap.add_argument(
        "--sets",
        default=SCORED,
        help="the scored sets of tests/phrases to snapshot, by name (never one not yet scored)",
    )
    args = ap.parse_args()
    a, b = (dump(r, args.posts, args.mb, args.sets) for r in (args.a, args.b))
    differ = 0
    for name in sorted(a.keys() | b.keys()):
        x, y = a.get(name), b.get(name)
        if x is None or y is None:
            print(f"{name}: only in {'B' if x is None else 'A'}")
            differ += 1
            continue
        hits = sum(map(bool, x))
        digest = hashlib.sha256(pickle.dumps(x)).hexdigest()[:12]
        if x == y:
            print(f"{name}: same ({len(x)} items, {hits} with a match, {digest})")
        else:
            differ += 1
            bad = [i for i, (p, q) in enumerate(zip(x, y, strict=False)) if p != q]
            print(f"{name}: DIFFERENT ({len(x)} vs {len(y)} items; first differing: {bad[:5]})")
            for i in bad[:3]:
                print(f"  A: {x[i]}\n  B: {y[i]}")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
