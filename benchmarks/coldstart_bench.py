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

``--status`` times ``auditor status GAME`` instead (issue 36): on a 10k-post and a 100k-post
game generated with their last day open now (``benchmarks/generate.py``; ``--keep DIR``
keeps and reuses them) and audited once, beside the same two baselines, in alternating
rounds.  The goals: the 100k game within 1.2x of the 10k game, and at most 2x ``python -c
"import typer"``.  With ``--baseline DIR`` the other checkout runs ``status`` on its own
audited copies of the games in the same rounds.

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
from datetime import date, datetime, timedelta
from datetime import time as dtime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
GOAL = 0.3  # wall seconds for the whole process, median, idle machine (issue 16)
STATUS_SIZES = (10_000, 100_000)  # posts of the two games ``--status`` times (issue 36)
STATUS_GOALS = (1.2, 2.0)  # 100k / 10k, and status / python -c "import typer"


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


def open_now_start(days: int = 7) -> date:
    """The generated game's start date that has its last day open now (forum time): day
    ``d`` opens at 09:00 on ``start + 2(d - 1)`` and closes 37 hours later
    (``benchmarks/generate.py``)."""
    from generate import TZ

    now = datetime.now(TZ)
    opens = now.date() if now.time() >= dtime(9) else now.date() - timedelta(days=1)
    return opens - timedelta(days=2 * (days - 1))


def status_games(keep: Path | None, work: Path, checkouts: dict[str, Path]) -> dict[str, Path]:
    """Each (checkout, size) game file, generated with its last day open now and audited
    once by that checkout (its own copy: the store is the checkout's)."""
    from generate import GameConfig, generate_game, write_game

    start = open_now_start()
    root = keep if keep is not None else work
    games: dict[str, Path] = {}
    for posts in STATUS_SIZES:
        src = root / f"status-{posts}-{start:%Y%m%d}"
        if not (src / "game.toml").is_file():
            shutil.rmtree(src, ignore_errors=True)
            print(f"generating the {posts:,}-post game (its last day open now) …", flush=True)
            write_game(generate_game(GameConfig(posts=posts, seed=1, start=start)), src)
        for i, (name, checkout) in enumerate(checkouts.items()):
            where = src if i == 0 else root / f"{src.name}-baseline"
            if i and not (where / "game.toml").is_file():
                shutil.copytree(src, where, ignore=shutil.ignore_patterns("*.sqlite*", "reports"))
            game = where / "game.toml"
            if not (where / "game.sqlite").exists():
                print(f"first audit of the {posts:,}-post game by {name} …", flush=True)
            # (every time: a nothing-new night when audited before; a day may have closed)
            run_cpu(
                [sys.executable, "-m", "auditor", "audit", str(game), "-q", "--reports",
                 str(where / "reports")],
                where,
                child_env(checkout),
            )  # fmt: skip
            games[f"{name} status, {posts // 1000}k posts"] = game
    return games


def loaded_modules(argv: list[str], cwd: Path, env: dict[str, str]) -> set[str]:
    """The modules one run imports (``-X importtime``)."""
    res = subprocess.run(
        [sys.executable, "-X", "importtime", *argv[1:]], cwd=cwd, env=env, capture_output=True,
        text=True, check=True,
    )  # fmt: skip
    return {
        line.rsplit("|", 1)[1].strip()
        for line in res.stderr.splitlines()
        if line.startswith("import time:") and "cumulative" not in line
    }


def status_main(args: argparse.Namespace) -> None:
    """``--status``: ``auditor status`` on the two games against the baselines."""
    env = child_env()
    py = sys.executable
    checkouts = {"this checkout": ROOT}
    if args.baseline is not None:
        checkouts["baseline"] = args.baseline.resolve()
    for checkout in checkouts.values():
        compileall.compile_dir(checkout / "auditor", quiet=1)
    with tempfile.TemporaryDirectory(prefix="coldstart-status-") as tmp:
        work = Path(tmp)
        games = status_games(args.keep, work, checkouts)
        runs: dict[str, tuple[list[str], dict[str, str]]] = {
            "python -c pass": ([py, "-c", "pass"], env),
            'python -c "import typer"': ([py, "-c", "import typer"], env),
        }
        for name, game in games.items():
            checkout = checkouts[name.split(" status")[0]]
            runs[name] = ([py, "-m", "auditor", "status", str(game)], child_env(checkout))
        for name, (argv, run_env) in runs.items():
            if "status" in name:
                mods = loaded_modules(argv, work, run_env)
                how = "judged afresh" if "auditor.rules.engine" in mods else "read the stored day"
                out = subprocess.run(argv, cwd=work, env=run_env, capture_output=True, text=True)
                first = (out.stdout.strip().splitlines() or [""])[0]
                print(f"  {name}: {how}, {len(mods)} modules; prints: {first[:60]}")
            run_cpu(argv, work, run_env)  # warm the file cache
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
    small, big = (f"this checkout status, {n // 1000}k posts" for n in STATUS_SIZES)
    for unit, times in (("wall", walls), ("CPU (user+sys)", cpus)):
        med = {name: statistics.median(t) for name, t in times.items()}
        typer_base = med['python -c "import typer"']
        print(f"  {unit} seconds:")
        for name, t in times.items():
            print(
                f"    {name:34} {med[name]:.3f} s  (min {min(t):.3f}, max {max(t):.3f})"
                f"  {med[name] / typer_base:5.2f}x import typer"
            )
        size_ratio = med[big] / med[small]
        worst = max(med[small], med[big]) / typer_base
        print(
            f"    100k / 10k: {size_ratio:.2f}x (goal <= {STATUS_GOALS[0]}); slower game / import"
            f" typer: {worst:.2f}x (goal <= {STATUS_GOALS[1]})"
        )
        if args.baseline is not None:
            for n in STATUS_SIZES:
                ours = med[f"this checkout status, {n // 1000}k posts"]
                old = med[f"baseline status, {n // 1000}k posts"]
                print(f"    {n // 1000}k: this checkout / the baseline: {ours / old:.2f}x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", "--rounds", type=int, default=10, help="measured rounds (default 10)")
    ap.add_argument("--imports", action="store_true", help="also show -X importtime's tree")
    ap.add_argument(
        "--instructions", action="store_true", help="also count instructions (valgrind)"
    )
    ap.add_argument("--baseline", type=Path, help="another checkout, timed in the same rounds")
    ap.add_argument(
        "--status", action="store_true", help="time `auditor status` on a 10k and a 100k game"
    )
    ap.add_argument("--keep", type=Path, help="--status: keep (and reuse) the games here")
    args = ap.parse_args()
    if args.status:
        status_main(args)
        return
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
