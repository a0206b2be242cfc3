#!/usr/bin/env python3
"""The phrase stage of two checkouts, in turns, in one run (a speed change against its
baseline, on a machine whose load moves).

    python benchmarks/phrase_ab.py BASELINE_DIR NEW_DIR [--rounds 2] [--posts 10000]

Each round runs each checkout in a fresh interpreter of its own (its ``auditor``
imported from DIR; this script's ``phrase_bench`` and ``generate`` for both, so both see
the same texts) and prints, as CPU time of that process (best of five passes each):

* the whole phrase stage on the generated game (``phrase_bench.rules_rate``: the PHRASE
  rules of its rule set through ``engine.run_rules``), M chars/CPU s;
* ``Matcher.find_all`` over the game's posts and over the benchmark corpus, M chars/CPU s;
* the cached load: a fresh process that imports the matcher, loads it from its disk cache
  and checks a clean post (CPU s from the start of its code: ``phrase_bench.cold_start``'s
  first two figures), and a post with pinyin candidates.

The load average is printed at the start and the end.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from checkout import PREAMBLE  # noqa: E402

CHILD = (
    PREAMBLE
    + r"""
import json
from auditor.rules.matcher import default_matcher
n = int(sys.argv[3])
m = default_matcher()
game, posts = pb.game_posts(n), pb.corpus(5.0, 7)
m.find_all(posts[:1000])
ctx, rs = pb.game_context(n)
whole = pb.rules_rate(ctx, rs)[0]
print(json.dumps({
    "whole": whole,
    "game": pb.batch_rate(game, m.find_all)[0],
    "corpus": pb.batch_rate(posts, m.find_all)[0],
}))
"""
)
COLD = (
    "import sys, time; t0 = time.process_time(); "
    "from pathlib import Path; import auditor; "
    "assert Path(auditor.__file__).resolve().is_relative_to(Path.cwd().resolve()); "
    "from auditor.rules.matcher import default_matcher; "
    "m = default_matcher(); t1 = time.process_time(); "
    "m.find('你好，今天我验了饺子'); t2 = time.process_time(); "
    "m.find('卧槽，你这个沙比，我发四我是好人'); t3 = time.process_time(); "
    "print(f'{t1 - t0:.4f} {t2 - t0:.4f} {t3 - t0:.4f}')"
)


def rates(root: Path, posts: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "AUDITOR_CACHE_DIR": cache}
        env.pop("PYTHONPATH", None)
        out = subprocess.run(
            [sys.executable, "-c", CHILD, str(root), str(HERE), str(posts)],
            env=env,
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        )
    got: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return got


def cold(root: Path, runs: int = 5) -> list[float]:
    """[matcher ready, a clean post checked, the post with candidates checked]: CPU s from
    the start of the child's code, the best of ``runs`` with a warm cache and bytecode."""
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as pyc:
        env = {**os.environ, "AUDITOR_CACHE_DIR": cache, "PYTHONPYCACHEPREFIX": pyc}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env.pop("PYTHONPATH", None)

        def run() -> list[float]:
            out = subprocess.run(
                [sys.executable, "-c", COLD], env=env, cwd=root, capture_output=True, text=True
            )
            if out.returncode:
                raise SystemExit(out.stderr)
            return [float(x) for x in out.stdout.split()]

        run()  # (builds the cache, writes the bytecode)
        return min((run() for _ in range(runs)), key=lambda r: r[0])


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("baseline", type=Path)
    ap.add_argument("new", type=Path)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--posts", type=int, default=10_000)
    args = ap.parse_args()
    print(f"load average at the start: {os.getloadavg()}")
    for r in range(1, args.rounds + 1):
        for name, root in (("baseline", args.baseline), ("new", args.new)):
            got = rates(root.resolve(), args.posts)
            c = cold(root.resolve())
            print(
                f"round {r} {name} ({root}): whole phrase stage {got['whole'] / 1e6:.2f}, "
                f"find_all on the game's posts {got['game'] / 1e6:.2f}, on the corpus "
                f"{got['corpus'] / 1e6:.2f} M chars/CPU s; cached load {c[0]:.3f} CPU s "
                f"(a clean post checked {c[1]:.3f}, a post with candidates {c[2]:.3f})",
                flush=True,
            )
    print(f"load average at the end: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
