#!/usr/bin/env python3
"""Instructions of one pass of the phrase stage, for two checkouts (a figure the machine's
load does not move, where CPU seconds on the shared cores do).

    python benchmarks/phrase_instructions.py BASELINE_DIR NEW_DIR [--posts 10000]

For each checkout, a child (its ``auditor`` imported from DIR) builds the generated game's
context as ``phrase_bench.rules_rate`` does and pickles it; then a second child, under
``valgrind --tool=callgrind``, loads it, runs the game's PHRASE rules through
``engine.run_rules`` once (the warm-up: jieba, pypinyin, the array tables) and once more
inside ``sys.call_tracing``, the only stretch callgrind counts
(``--collect-atstart=no --toggle-collect=sys_call_tracing*``).  The two checkouts run side
by side (one each per core); each takes a few minutes.  Needs valgrind.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from checkout import PREAMBLE  # noqa: E402

BUILD = (
    PREAMBLE
    + r"""
import pickle
ctx, rs = pb.game_context(int(sys.argv[4]))
ctx.matcher = None
with open(sys.argv[3], "wb") as f:
    pickle.dump((ctx, rs), f)
"""
)
PASS = r"""
import pickle, sys
from pathlib import Path
root = Path(sys.argv[1]).resolve()
sys.path.insert(0, str(root))
import auditor
assert Path(auditor.__file__).resolve().is_relative_to(root), auditor.__file__
from auditor.rules.engine import run_rules
with open(sys.argv[2], "rb") as f:
    ctx, rs = pickle.load(f)
codes = [c for c in rs.rules if c.startswith("PHRASE-")]
def one():
    ctx.phrase_matches = {}
    return run_rules(ctx, rs, codes)
one()
print(len(sys.call_tracing(one, ())))
"""


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("baseline", type=Path)
    ap.add_argument("new", type=Path)
    ap.add_argument("--posts", type=int, default=10_000)
    args = ap.parse_args()
    print(f"load average at the start: {os.getloadavg()}")
    with tempfile.TemporaryDirectory() as tmp:
        runs = []
        for name, root in (("baseline", args.baseline), ("new", args.new)):
            root = root.resolve()
            env = {**os.environ, "AUDITOR_CACHE_DIR": str(Path(tmp) / f"cache-{name}")}
            env.pop("PYTHONPATH", None)
            env.update(OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")  # (no spinning threads)
            ctx = str(Path(tmp) / f"{name}.pickle")
            subprocess.run(
                [sys.executable, "-c", BUILD, str(root), str(HERE), ctx, str(args.posts)],
                env=env,
                cwd=root,
                check=True,
            )
            cmd = [
                "valgrind",
                "--tool=callgrind",
                "--callgrind-out-file=/dev/null",
                "--collect-atstart=no",
                "--toggle-collect=sys_call_tracing*",
                sys.executable,
                "-c",
                PASS,
                str(root),
                ctx,
            ]
            proc = subprocess.Popen(
                cmd, env=env, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
            )
            runs.append((name, root, proc))
        for name, root, proc in runs:
            out, err = proc.communicate()
            if proc.returncode:
                raise SystemExit(err)
            got = re.search(r"Collected : (\d+)", err)
            count = int(got.group(1)) if got else 0
            print(
                f"{name} ({root}): {count / 1e6:,.0f} M instructions for one pass of the "
                f"PHRASE rules, {out.strip()} findings",
                flush=True,
            )
    print(f"load average at the end: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
