#!/usr/bin/env python3
"""The batch normaliser of two checkouts on posts full of ……, in turns.

    python benchmarks/normalise_bench.py BASELINE_DIR NEW_DIR [--rounds 2] [--every 3]

Chinese posts trail off with …… (each … expands to three characters) and paste zero-width
characters; the 10k game's posts (``phrase_bench.game_posts``) carry few of them, so here
every ``--every``-th post gets a ……. Each round runs each checkout in a fresh interpreter
(its ``auditor`` imported from DIR) that times ``Normaliser.normalise_codes`` over the
posts joined as ``find_all`` joins them: CPU ms, best of 20.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from checkout import PREAMBLE  # noqa: E402

CHILD = (
    PREAMBLE
    + r"""
import time
from auditor.rules.matcher import BATCH_SEP, code_points, default_matcher
every = int(sys.argv[3])
texts = [t + ("……" if i % every == 0 else "") for i, t in enumerate(pb.game_posts(10000))]
m = default_matcher()
joined = BATCH_SEP.join(texts)
source = code_points(joined)
m.built.norm.normalise_codes(joined, source)
best = min(
    (lambda t0: (m.built.norm.normalise_codes(joined, source), time.process_time() - t0)[1])(
        time.process_time()
    )
    for _ in range(20)
)
print(f"{best * 1000:.1f} {joined.count('…')}")
"""
)


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("baseline", type=Path)
    ap.add_argument("new", type=Path)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--every", type=int, default=3)
    args = ap.parse_args()
    print(f"load average at the start: {os.getloadavg()}")
    for r in range(1, args.rounds + 1):
        for name, root in (("baseline", args.baseline), ("new", args.new)):
            root = root.resolve()
            env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
            out = subprocess.run(
                [sys.executable, "-c", CHILD, str(root), str(HERE), str(args.every)],
                env=env,
                cwd=root,
                check=True,
                capture_output=True,
                text=True,
            ).stdout.split()
            print(
                f"round {r} {name} ({root}): normalise_codes {out[0]} CPU ms "
                f"(best of 20; {out[1]} … in the posts)",
                flush=True,
            )
    print(f"load average at the end: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
