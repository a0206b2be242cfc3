"""A rerun with nothing new at two game sizes, through the real CLI: flat in game size?

    python benchmarks/rerun_bench.py                          # 10k and 100k posts, 7 rounds
    python benchmarks/rerun_bench.py --baseline ../old-checkout
    python benchmarks/rerun_bench.py --keep /tmp/rerun-games  # keep (and reuse) the games
    python benchmarks/rerun_bench.py --instructions           # also count instructions

Each game is generated (``benchmarks/generate.py``) as a saved-pages folder and audited once
(the first night reads every page), then ``auditor audit GAME`` runs again with nothing new
in alternating rounds, every game and checkout in turn, so a change in the machine's load
falls on all of them.  Figures are medians of the child's CPU seconds (user + sys, from
``wait4``) and wall seconds, with the package's bytecode compiled first (as an installed
package has it).  The goal (issue 16): the big game's rerun within 20% of the small one's.

Same-run baselines: the bare interpreter (``python -c pass``) and what a check of every
file would cost, one ``os.scandir`` pass with one ``stat`` per file of each game's folder in
a fresh interpreter (the file count grows with the game, so a rerun that lists the folder
cannot be flat; one with nothing new lists no folder that did not change); ``--baseline
DIR`` runs another checkout of auditor (e.g. ``git worktree add ../old main``) on its own
copies of the games.  ``--instructions`` also counts, once each after the rounds, the
instructions every run executes under valgrind (load-independent; user space only, so not
the kernel's side of a ``stat``).
"""

from __future__ import annotations

import argparse
import compileall
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from coldstart_bench import child_env, instructions  # noqa: E402
from generate import GameConfig, generate_game, write_game  # noqa: E402

GOAL = 1.2  # the big game's rerun / the small game's

_STAT_ALL = (
    "import os, sys\n"
    "def walk(p):\n"
    "    for e in os.scandir(p):\n"
    "        if e.is_dir(follow_symlinks=False): walk(e.path)\n"
    "        else: e.stat()\n"
    "walk(sys.argv[1])\n"
)


def run(argv: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """(wall s, CPU s) of one child; its output is discarded, a failure stops the bench."""
    t0 = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        if os.waitstatus_to_exitcode(status) != 0:
            out.seek(0)
            tail = out.read().decode("utf-8", "replace")[-2000:]
            raise SystemExit(f"{' '.join(argv)} failed: {tail}")
    return wall, usage.ru_utime + usage.ru_stime


def prepare(posts: int, where: Path, checkout: Path, seed: int) -> tuple[Path, float, float]:
    """The game at ``where`` (generated unless there), audited once by ``checkout``:
    (game file, first audit's wall s and CPU s; 0 when the store was there already)."""
    game = where / "game.toml"
    if not game.exists():
        shutil.rmtree(where, ignore_errors=True)
        write_game(generate_game(GameConfig(posts=posts, seed=seed)), where)
    if (where / "game.sqlite").exists():
        return game, 0.0, 0.0
    argv = [sys.executable, "-m", "auditor", "audit", str(game), "-q"]
    wall, cpu = run(argv, where, child_env(checkout))
    run(argv, where, child_env(checkout))  # the file cache warm; nothing new from here
    return game, wall, cpu


def yardstick() -> float:
    """Seconds for a fixed pure-Python loop: the machine's speed right now."""
    t0 = time.perf_counter()
    total = 0
    for i in range(3_000_000):
        total += i % 7
    return time.perf_counter() - t0


def measure(
    sizes: tuple[int, int],
    rounds: int,
    work: Path,
    *,
    seed: int = 1,
    baseline: Path | None = None,
    count: dict[str, int] | None = None,
) -> dict[str, tuple[float, float]]:
    """Median (wall s, CPU s) of each run over ``rounds`` alternating rounds: ``python -c
    pass``, the scan floor and each checkout's nothing-new audit at both sizes, keyed
    ``"<what>, <N> posts"``; the games are made in ``work`` (reused when there).  With
    ``count``, each run's instructions (valgrind, one run each) are put there."""
    checkouts = {"this checkout": ROOT}
    if baseline is not None:
        checkouts["baseline checkout"] = baseline.resolve()
    for checkout in checkouts.values():
        compileall.compile_dir(checkout / "auditor", quiet=1)
    work.mkdir(parents=True, exist_ok=True)
    py = sys.executable
    env = child_env()
    runs: dict[str, tuple[list[str], Path, dict[str, str]]] = {
        "python -c pass": ([py, "-c", "pass"], work, env)
    }
    for i, (name, checkout) in enumerate(checkouts.items()):
        for posts in sizes:
            where = work / f"g{posts}-{i}"
            game, wall, cpu = prepare(posts, where, checkout, seed)
            if wall:
                print(f"{name}, {posts:,} posts: first audit {wall:.0f} s ({cpu:.0f} CPU s)")
            argv = [py, "-m", "auditor", "audit", str(game), "-q"]
            runs[f"{name}, {posts:,} posts"] = (argv, where, child_env(checkout))
            if i == 0:
                stat_all = [py, "-c", _STAT_ALL, str(where / "pages")]
                runs[f"scandir + stat, {posts:,} posts"] = (stat_all, work, env)
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, (argv, cwd, run_env) in runs.items():
            times[name].append(run(argv, cwd, run_env))
    if count is not None:
        for name, (argv, cwd, run_env) in runs.items():
            count[name] = instructions(argv, cwd, run_env)
    return {
        name: (statistics.median(t[0] for t in v), statistics.median(t[1] for t in v))
        for name, v in times.items()
    }


def rows(
    med: dict[str, tuple[float, float]], sizes: tuple[int, int], count: dict[str, int] | None = None
) -> list[str]:
    """The Markdown table of :func:`measure`'s figures, with the ratio of the sizes (and the
    instructions, when counted)."""
    small, big = sizes
    out = [
        f"| run | {small:,} posts | {big:,} posts | {big:,} / {small:,} |",
        "| --- | --- | --- | --- |",
    ]
    count = count or {}

    def ins(name: str) -> str:
        return f", {count[name] / 1e6:.1f} M instructions" if name in count else ""

    wall, cpu = med["python -c pass"]
    out.append(f"| python -c pass | {cpu:.3f} CPU s, {wall:.3f} s{ins('python -c pass')} | | |")
    for name in ("scandir + stat", "this checkout", "baseline checkout"):
        if f"{name}, {small:,} posts" not in med:
            continue
        s_key, b_key = f"{name}, {small:,} posts", f"{name}, {big:,} posts"
        (sw, sc), (bw, bc) = med[s_key], med[b_key]
        ratio = f" {bc / sc:.2f}× CPU, {bw / sw:.2f}× wall"
        if s_key in count:
            ratio += f", {count[b_key] / count[s_key]:.3f}× instructions"
        goal = ""
        if name != "scandir + stat":
            goal = f" (goal ≤ {GOAL:.1f}×: {'met' if bc / sc <= GOAL else 'NOT met'})"
        out.append(
            f"| {name} | {sc:.3f} CPU s, {sw:.3f} s{ins(s_key)} |"
            f" {bc:.3f} CPU s, {bw:.3f} s{ins(b_key)} |{ratio}{goal} |"
        )
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--posts", default="10000,100000", help="the two game sizes")
    ap.add_argument("-n", "--rounds", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--baseline", type=Path, help="another checkout, run in the same rounds")
    ap.add_argument("--keep", type=Path, help="keep the games here (and reuse them next time)")
    ap.add_argument(
        "--instructions", action="store_true", help="also count instructions (valgrind)"
    )
    args = ap.parse_args()
    if args.instructions and shutil.which("valgrind") is None:
        ap.error("--instructions needs valgrind (Debian: apt-get install valgrind)")
    count: dict[str, int] | None = {} if args.instructions else None
    small, big = (int(x) for x in args.posts.split(","))
    work = args.keep or Path(tempfile.mkdtemp(prefix="rerun-bench-"))
    y0 = yardstick()
    try:
        med = measure(
            (small, big), args.rounds, work, seed=args.seed, baseline=args.baseline, count=count
        )
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    y1 = yardstick()
    load = os.getloadavg()
    print(
        f"\nNothing-new `auditor audit` reruns, median of {args.rounds} alternating rounds"
        f" (CPU = user + sys of the child); load average {load[0]:.2f} {load[1]:.2f}"
        f" {load[2]:.2f}; CPU yardstick (3M-step loop) {y0:.2f} s before, {y1:.2f} s after"
    )
    print("\n".join(rows(med, (small, big), count)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
