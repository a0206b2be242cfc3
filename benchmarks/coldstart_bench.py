"""What a nightly ``auditor audit`` with nothing new costs a fresh process: wall seconds,
CPU seconds and (with valgrind) instructions.

    python benchmarks/coldstart_bench.py              # 10 rounds
    python benchmarks/coldstart_bench.py -n 20 --imports
    python benchmarks/coldstart_bench.py --baseline ../old-checkout --instructions

The sample game (``examples/sample``, saved pages) is copied to a temporary folder and
audited once (the first night reads every page), then ``auditor audit GAME`` runs again
``-n`` times with nothing new: the figure cron pays every night.  Each round also runs two
baselines in the same way, alternating with the audit so load on the machine hits all three
alike: ``python -c pass`` (the interpreter alone) and ``python -c "import typer"`` (the CLI
library we build on).  Wall time is from starting the child to reaping it; CPU time is
user + sys of the child process (``os.wait4``); both with the package's bytecode compiled
first, as an installed package has it (``compileall``; the children run with
``PYTHONDONTWRITEBYTECODE`` unset).  The goal (issue 16) is on the median wall time, on an
idle machine; on a loaded one wall time is mostly waiting for a core, and the ratios to the
baselines are what to compare.

``--instructions`` also counts the instructions each command executes once under
valgrind (``cachegrind`` without its cache model; Debian's ``valgrind`` package): the same
count however loaded the machine is.  ``--imports`` adds ``python -X importtime`` of one
more nothing-new audit, as a tree of every import of 5 ms or more.  ``--baseline DIR``
also runs the same nothing-new audit with another checkout of auditor (e.g. ``git archive
main``, before a change: its own copy of the sample and its own bytecode), in the same
alternating rounds.
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOAL = 0.3  # wall seconds for the whole process, median, idle machine (issue 16)


def child_env(checkout: Path = ROOT) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(checkout)  # this checkout, whatever is installed
    env.pop("PYTHONSTARTUP", None)
    return env


def run_cpu(argv: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one run: ``wait4`` on the child, which ``Popen`` leaves
    unreaped while its pipes are read by threads of our own."""
    import threading

    started = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    chunks: dict[str, bytes] = {}

    def drain(name: str, stream: object) -> None:
        chunks[name] = stream.read()  # type: ignore[attr-defined]

    readers = [
        threading.Thread(target=drain, args=("out", proc.stdout)),
        threading.Thread(target=drain, args=("err", proc.stderr)),
    ]
    for t in readers:
        t.start()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    for t in readers:
        t.join()
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        tail = chunks.get("err", b"").decode("utf-8", "replace")[-2000:]
        raise SystemExit(f"{' '.join(argv)} failed ({proc.returncode}): {tail}")
    return wall, usage.ru_utime + usage.ru_stime


def instructions(argv: list[str], cwd: Path, env: dict[str, str]) -> int:
    """Instructions one run executes, counted by valgrind (no cache simulation)."""
    res = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
            *argv,
        ],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
    )
    if res.returncode != 0:
        raise SystemExit(f"valgrind {' '.join(argv)} failed: {res.stderr[-2000:]}")
    m = re.search(r"I\s+refs:\s+([\d,]+)", res.stderr)
    if m is None:
        raise SystemExit(f"valgrind said no instruction count: {res.stderr[-2000:]}")
    return int(m[1].replace(",", ""))


def import_tree(argv: list[str], cwd: Path, env: dict[str, str], floor_ms: float) -> list[str]:
    """``-X importtime`` of one run as a tree, parents first: every import whose cumulative
    time is at least ``floor_ms`` (each with what it pulled in)."""
    res = subprocess.run(
        [sys.executable, "-X", "importtime", *argv[1:]],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    rows: list[str] = []
    for line in res.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        _, cumulative, name = line[len("import time:") :].split("|")
        depth = (len(name) - len(name.lstrip(" ")) - 1) // 2
        if int(cumulative) >= floor_ms * 1000:
            rows.append(f"{int(cumulative) / 1e6:7.3f} s  {'  ' * depth}{name.strip()}")
    return rows[::-1]  # importtime lists a module after everything it imported


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", "--rounds", type=int, default=10, help="measured rounds (default 10)")
    ap.add_argument("--imports", action="store_true", help="also show -X importtime's tree")
    ap.add_argument(
        "--instructions", action="store_true", help="also count instructions (valgrind)"
    )
    ap.add_argument("--baseline", type=Path, help="another checkout, timed in the same rounds")
    args = ap.parse_args()
    if args.instructions and shutil.which("valgrind") is None:
        ap.error("--instructions needs valgrind (Debian: apt-get install valgrind)")

    env = child_env()
    py = sys.executable
    checkouts = {"auditor audit, nothing new": ROOT}
    if args.baseline is not None:
        checkouts["baseline checkout, nothing new"] = args.baseline.resolve()
    for checkout in checkouts.values():
        compileall.compile_dir(checkout / "auditor", quiet=1)  # an installed package's .pyc
    with tempfile.TemporaryDirectory(prefix="coldstart-") as tmp:
        work = Path(tmp)
        runs: dict[str, tuple[list[str], dict[str, str]]] = {
            "python -c pass": ([py, "-c", "pass"], env),
            'python -c "import typer"': ([py, "-c", "import typer"], env),
        }
        first = 0.0
        for i, (name, checkout) in enumerate(checkouts.items()):
            shutil.copytree(ROOT / "examples" / "sample", work / f"sample{i}")
            game = work / f"sample{i}" / "game.toml"
            reports = work / f"reports{i}"
            argv = [py, "-m", "auditor", "audit", str(game), "--reports", str(reports)]
            runs[name] = (argv, child_env(checkout))
            _, cpu = run_cpu(argv, work, runs[name][1])  # the first night: every page read
            first = first or cpu
            run_cpu(argv, work, runs[name][1])  # warm the file cache; nothing new from here
        audit = runs["auditor audit, nothing new"][0]
        load = os.getloadavg()[0]
        walls: dict[str, list[float]] = {name: [] for name in runs}
        cpus: dict[str, list[float]] = {name: [] for name in runs}
        for _ in range(args.rounds):
            for name, (argv, run_env) in runs.items():
                wall, cpu = run_cpu(argv, work, run_env)
                walls[name].append(wall)
                cpus[name].append(cpu)
        load = max(load, os.getloadavg()[0])
        print(
            f"median of {args.rounds} alternating rounds; {py}; load average (1 min) up to"
            f" {load:.1f} on {os.cpu_count()} cores"
        )
        print(f"  first audit (reads and checks every page): {first:.3f} CPU s")
        for unit, times in (("wall", walls), ("CPU (user+sys)", cpus)):
            med = {name: statistics.median(t) for name, t in times.items()}
            base, typer_base = med["python -c pass"], med['python -c "import typer"']
            print(f"  {unit} seconds:")
            for name, t in times.items():
                print(
                    f"    {name:31} {med[name]:.3f} s  (min {min(t):.3f}, max {max(t):.3f})"
                    f"  {med[name] / base:5.1f}x pass  {med[name] / typer_base:5.2f}x import typer"
                )
            ours = med["auditor audit, nothing new"]
            print(f"    nothing-new audit beyond the bare interpreter: {ours - base:.3f} s")
            if args.baseline is not None:
                old = med["baseline checkout, nothing new"]
                print(f"    this checkout / the baseline checkout: {ours / old:.2f}x")
        ours = statistics.median(walls["auditor audit, nothing new"])
        print(
            f"  goal < {GOAL} s wall (median, idle machine): {'met' if ours < GOAL else 'NOT met'}"
            f" at this load ({ours:.3f} s)"
        )
        if args.instructions:
            counts = {
                name: instructions(argv, work, run_env) for name, (argv, run_env) in runs.items()
            }
            base = counts["python -c pass"]
            print("  instructions (valgrind, one run each):")
            for name, n in counts.items():
                print(f"    {name:31} {n / 1e6:7.1f} M  {n / base:5.2f}x pass")
            if args.baseline is not None:
                ours_n, old_n = (
                    counts["auditor audit, nothing new"],
                    counts["baseline checkout, nothing new"],
                )
                print(f"    this checkout / the baseline checkout: {ours_n / old_n:.2f}x")
        if args.imports:
            print("  -X importtime of one more nothing-new audit (cumulative, >= 5 ms):")
            for line in import_tree(audit, work, env, 5.0):
                print("   ", line)


if __name__ == "__main__":
    main()
