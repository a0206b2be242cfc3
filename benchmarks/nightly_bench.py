"""What a nightly `auditor audit` costs, through the real CLI, at two game sizes.

    python benchmarks/nightly_bench.py                        # 10k and 100k posts
    python benchmarks/nightly_bench.py --posts 10000 --baseline ../old-checkout

For each size: a generated game written as a saved-pages folder, then ``auditor audit``
(a subprocess, its own peak RSS) on a fresh store, again with nothing new, and again
after 100 new posts (the generator's ``append_posts``; only the pages whose posts changed
are saved again).  Each figure is the median wall and CPU time (the child's user + system)
of ``--repeat`` runs, the checkouts taking turns.  A CPU yardstick (a fixed pure-Python
loop) is timed in the same run, so a loaded machine shows as a slow yardstick.  ``--baseline DIR`` runs the same commands
with another checkout of auditor (e.g. before a change) for same-run ratios.
"""

from __future__ import annotations

import argparse
import compileall
import re
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench import run_module  # noqa: E402
from generate import (  # noqa: E402
    GameConfig,
    GeneratedGame,
    append_posts,
    generate_game,
    render_desktop_pages,
    write_game,
)

_PID = re.compile(rb'id="pid(\d+)"')


def save_changed_pages(gen: GeneratedGame, gdir: Path) -> int:
    """Write only the pages whose posts changed (new pages, and pages whose list of posts
    grew), as a director saving tonight's pages from the browser would: every page's
    author panels show post counts that move each night, but an old page is not saved
    again for that (``write_game`` rewrites every file).  Returns the files written."""
    written = 0
    for tid, url, body, _ctype in render_desktop_pages(gen):
        path = gdir / "pages" / f"thread-{tid}-p{url.rsplit('page=', 1)[-1]}.html"
        if not path.is_file() or _PID.findall(path.read_bytes()) != _PID.findall(body):
            path.write_bytes(body)
            written += 1
    return written


def yardstick() -> float:
    """Seconds for a fixed pure-Python loop: the machine's speed right now."""
    t0 = time.perf_counter()
    total = 0
    for i in range(3_000_000):
        total += i % 7
    return time.perf_counter() - t0


def audit(checkout: Path, game: Path, reports: Path) -> tuple[float, float, float, str]:
    """(wall s, CPU s, peak RSS MB, summary line) of one ``auditor audit`` subprocess."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    secs, rss, code, text = run_module(
        "auditor", ["audit", str(game), "--reports", str(reports), "-q"], cwd=checkout
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if code != 0:
        raise SystemExit(f"audit failed ({code}): {text[-2000:]}")
    return secs, cpu, rss, text.strip().splitlines()[-1]


RUNS = ("fresh", "unchanged", "plus100")


def one_night(
    gen: GeneratedGame, checkout: Path, gdir: Path, out: dict[str, list[tuple[float, ...]]]
) -> None:
    """A fresh store, the same again, then 100 new posts: each run's (wall, CPU, RSS)."""
    shutil.rmtree(gdir, ignore_errors=True)
    game = write_game(gen, gdir)
    reports = gdir / "reports"
    out["fresh"].append(audit(checkout, game, reports)[:3])
    out["unchanged"].append(audit(checkout, game, reports)[:3])
    changed = save_changed_pages(append_posts(gen, 100), gdir)  # the night's 100 posts
    *figures, line = audit(checkout, game, reports)
    assert "新帖 100" in line, line
    out["plus100"].append(tuple(figures))  # type: ignore[arg-type]
    out["pages"].append((float(changed), 0.0, 0.0))
    shutil.rmtree(gdir, ignore_errors=True)


def one_size(
    posts: int, checkouts: list[Path], work: Path, repeat: int
) -> list[dict[str, tuple[float, float, float]]]:
    """Median wall and CPU, peak RSS of each run for each checkout; the checkouts take
    turns, so a change in the machine's load falls on all of them."""
    gen = generate_game(GameConfig(posts=posts, seed=1))
    outs: list[dict[str, list[tuple[float, ...]]]] = [
        {k: [] for k in (*RUNS, "pages")} for _ in checkouts
    ]
    for r in range(repeat):
        for i, checkout in enumerate(checkouts):
            one_night(gen, checkout, work / f"g{posts}-{r}-{i}", outs[i])
    return [
        {
            k: (
                statistics.median(x[0] for x in v),
                statistics.median(x[1] for x in v),
                max(x[2] for x in v),
            )
            for k, v in out.items()
        }
        for out in outs
    ]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--posts", default="10000,100000")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--baseline", type=Path, help="another checkout, run the same way")
    ap.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "auditor-nightly")
    args = ap.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    sizes = [int(x) for x in args.posts.split(",")]
    checkouts = [ROOT, *([args.baseline] if args.baseline else [])]
    for checkout in checkouts:  # an installed package has its bytecode compiled
        compileall.compile_dir(checkout / "auditor", quiet=1)
    y0 = yardstick()
    rows = []
    for posts in sizes:
        both = one_size(posts, checkouts, args.work, args.repeat)
        ours, base = both[0], (both[1] if args.baseline else None)
        for k, label in (
            ("fresh", "audit, fresh store, saved pages"),
            ("unchanged", "audit again, nothing new"),
            ("plus100", f"audit after 100 new posts ({ours['pages'][0]:.0f} pages saved again)"),
        ):
            s, c, m = ours[k]
            b = f"{base[k][0]:.2f} s ({base[k][1]:.2f} CPU s), {base[k][2]:.0f} MB" if base else "—"
            ratio = f"{base[k][0] / s:.1f}× wall, {base[k][1] / c:.1f}× CPU" if base else ""
            rows.append(
                f"| {posts:,} | {label} | {s:.2f} s ({c:.2f} CPU s), {m:.0f} MB | {b} | {ratio} |"
            )
            print(rows[-1], flush=True)
    y1 = yardstick()
    print()
    print(f"CPU yardstick (3M-step loop): {y0:.2f} s before, {y1:.2f} s after")
    print("| posts | run | auditor (median wall and CPU, peak RSS) | baseline | ratio |")
    print("| --- | --- | --- | --- | --- |")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
