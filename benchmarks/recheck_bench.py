"""The desk's re-check after an answer: a new interpreter (before) against a child of the
warm worker (``auditor.desk.recheck``), paired round by round in one run.

    python benchmarks/recheck_bench.py               # the sample game, 7 rounds
    python benchmarks/recheck_bench.py -n 11 --game path/to/game.toml

The game (default: a copy of ``examples/sample/game.toml`` with its saved pages, audited
once first) is copied to a temporary folder.  Each round is an answer that rewrites the
game file (a confirmation does: a comment line is added, so the check is a full one, as
after a confirmed day or event) followed by the desk's re-check,
``actions.run_audit(game, reports, crawl=False)`` — the same call the desk makes, its
progress lines read, its summary line returned — once as a new ``python -m auditor``
process and once forked from the warm worker, in alternating order, each after its own
answer.  Printed: each round's wall seconds and ratio (before / warm), the medians, the
first warm re-check (started as the desk starts: it waits for the warm-up), and the warm
worker's memory (RSS and PSS of the forkserver after its warm-up, from /proc).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from auditor import pipeline  # noqa: E402
from auditor.desk import actions, recheck  # noqa: E402


def _memory(pid: int) -> str:
    """A process's RSS and PSS (MiB), from /proc."""
    try:
        rss = next(
            int(line.split()[1])
            for line in Path(f"/proc/{pid}/status").read_text().splitlines()
            if line.startswith("VmRSS:")
        )
        pss = next(
            int(line.split()[1])
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()
            if line.startswith("Pss:")
        )
    except (OSError, StopIteration):
        return "?"
    return f"RSS {rss / 1024:.0f} MiB, PSS {pss / 1024:.0f} MiB"


def _answer(game: Path, n: int) -> None:
    """An answer that rewrote the game file (a full re-check follows)."""
    with game.open("a", encoding="utf-8") as fh:
        fh.write(f"# bench {n}\n")


def _recheck(game: Path, reports: Path, *, warm: bool) -> tuple[float, str]:
    recheck.WARM = warm
    g = pipeline.open_game(game)
    t = time.perf_counter()
    line = actions.run_audit(g, reports, crawl=False)
    return time.perf_counter() - t, line


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", "--rounds", type=int, default=7)
    ap.add_argument("--game", type=Path, default=ROOT / "examples" / "sample" / "game.toml")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="recheck-bench-") as tmp:
        folder = Path(tmp) / "game"
        shutil.copytree(args.game.parent, folder, ignore=shutil.ignore_patterns("*.sqlite*"))
        game = folder / args.game.name
        reports = Path(tmp) / "reports"
        result = pipeline.audit(game, reports=reports)
        assert result.ok, result.problems
        started = time.perf_counter()
        recheck.start([game])
        _answer(game, 0)
        first, line = _recheck(game, reports, warm=True)
        print(f"first warm re-check, started with the worker: {first:.2f} s ({line[:40]}…)")
        print(f"warm worker {recheck.worker_pid()}: {_memory(recheck.worker_pid() or 0)}")
        cold_s, warm_s, ratios = [], [], []
        for n in range(1, args.rounds + 1):
            order = (False, True) if n % 2 else (True, False)
            took = {}
            for warm in order:
                _answer(game, n * 2 + warm)
                took[warm], _ = _recheck(game, reports, warm=warm)
            cold_s.append(took[False])
            warm_s.append(took[True])
            ratios.append(took[False] / took[True])
            print(
                f"round {n}: new interpreter {took[False]:.2f} s, warm {took[True]:.2f} s,"
                f" {ratios[-1]:.1f}x  (load {os.getloadavg()[0]:.1f})"
            )
        print(
            f"median: new interpreter {statistics.median(cold_s):.2f} s,"
            f" warm {statistics.median(warm_s):.2f} s;"
            f" round by round {statistics.median(ratios):.1f}x"
            f" (min {min(ratios):.1f}x, max {max(ratios):.1f}x);"
            f" {time.perf_counter() - started:.0f} s in all"
        )
        print(f"warm worker after the rounds: {_memory(recheck.worker_pid() or 0)}")
        recheck.stop()


if __name__ == "__main__":
    main()
