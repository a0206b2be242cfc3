"""What a nightly `auditor audit` costs for games that discover their state, through the CLI.

    python benchmarks/discovery_bench.py --baseline ../old-checkout --repeat 3

The writer games of ``tests/games/discovery/`` (each a minimal game file: tag, board,
players; threads, days and events read from the directors' posts), rendered as saved pages
at their last night's cut-off.  For each game and checkout: ``auditor audit`` on a fresh
store, again with nothing new, then again after 20 players' posts in a discussion thread
(not the process thread: nothing discovery reads), and after one director's post there (an
announcement discovery must read again).  Only the pages whose bytes changed are written
again, as a director saving tonight's pages would.  Each figure is the child's CPU seconds
(user + system), the median of ``--repeat`` rounds summed over the games; the checkouts take
turns, so a change in the machine's load falls on both.  A CPU yardstick (a fixed loop) is
timed at the start.
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
import tomllib
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT))

from bench import run_module  # noqa: E402
from nightly_bench import yardstick  # noqa: E402

from tools.writer import Script, ScriptPost, Snapshot, at_snapshot, load_script, write_site  # noqa: E402

GAMES = ROOT / "tests" / "games" / "discovery"
RUNS = ("fresh", "unchanged", "players", "director")
OK_CODES = (0, 7)  # 7: the game's state is incomplete (a question for the director)


def _night(folder: Path) -> tuple[Script, str, int]:
    """The script at the last night's cut-off, the minimal file's text, and the tid of the
    last discussion thread (from the full file)."""
    cut = tomllib.loads((folder / "nights.toml").read_text("utf-8"))["nights"][-1]
    script = at_snapshot(load_script(folder / "script.toml"), Snapshot(cut, "", [], [], False, {}))
    text = (folder / "minimal.toml").read_text("utf-8")
    text = re.sub(r'(?m)^pages = "[^"]*"', 'pages = "pages/"', text)
    full = tomllib.loads((folder / "game.toml").read_text("utf-8"))
    talk = [t["tid"] for t in full.get("thread", []) if t["kind"] == "discussion"]
    tid = max((t for t in talk if t in script.threads), default=min(script.threads))
    return script, text, tid


def _with_posts(script: Script, tid: int, authors: list[str], text: str) -> Script:
    """The script with one post per author at the end of thread ``tid``."""
    thread = script.threads[tid]
    last = thread.posts[-1]
    pid = max(p.pid for t in script.threads.values() for p in t.posts)
    added = [
        ScriptPost(
            pid=pid + 1 + i,
            tid=tid,
            position=last.position + 1 + i,
            author=a,
            uid=script.members[a].uid,
            at=last.at + timedelta(seconds=1 + i),
            message=f"{text} {i}",
        )
        for i, a in enumerate(authors)
    ]
    threads = dict(script.threads)
    threads[tid] = replace(thread, posts=[*thread.posts, *added])
    # (the render time kept: a page shows times relative to it, and every page would change)
    return Script(script.forum, script.members, threads)


_PID = re.compile(rb'id="pid(\d+)"|"pid":"(\d+)"')


def _save_changed(script: Script, pages: Path, scratch: Path) -> int:
    """Write the site to ``scratch`` and copy into ``pages`` the files a director saving
    tonight's pages would save again (as ``nightly_bench.save_changed_pages``): a thread
    page whose posts changed, a board list whose bytes changed, a new file; an old page
    whose author panels' post counts moved is not saved again for that."""
    shutil.rmtree(scratch, ignore_errors=True)
    write_site(script, scratch)
    written = 0
    for f in scratch.iterdir():
        dest = pages / f.name
        new = f.read_bytes()
        if dest.is_file():
            old = dest.read_bytes()
            pids = _PID.findall(new)
            if old == new or (pids and pids == _PID.findall(old)):
                continue
        shutil.copyfile(f, dest)
        written += 1
    return written


def audit(checkout: Path, game: Path) -> float:
    """CPU seconds of one ``auditor audit`` subprocess."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    _secs, _rss, code, text = run_module(
        "auditor", ["audit", str(game), "--reports", str(game.parent / "r"), "-q"], cwd=checkout
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if code not in OK_CODES:
        raise SystemExit(f"audit failed ({code}): {text[-2000:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def one_game(folder: Path, checkout: Path, work: Path) -> dict[str, float]:
    """CPU seconds of each run of one game (and the files each night saved again)."""
    script, text, tid = _night(folder)
    shutil.rmtree(work, ignore_errors=True)
    (work / "pages").mkdir(parents=True)
    write_site(script, work / "pages")
    game = work / "minimal.toml"
    game.write_text(text, "utf-8")
    out = {"fresh": audit(checkout, game), "unchanged": audit(checkout, game)}
    directors = tomllib.loads(text)["game"]["directors"]
    players = [a for a in tomllib.loads(text)["players"]["names"] if a in script.members]
    chat = _with_posts(script, tid, (players * 20)[:20], "我觉得今天先听听大家的想法")
    out["players pages"] = _save_changed(chat, work / "pages", work / "scratch")
    out["players"] = audit(checkout, game)
    said = _with_posts(chat, tid, directors[:1], "提醒：请大家按时发言")
    out["director pages"] = _save_changed(said, work / "pages", work / "scratch")
    out["director"] = audit(checkout, game)
    shutil.rmtree(work, ignore_errors=True)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--baseline", type=Path, help="another checkout, run the same way")
    ap.add_argument("--games", default="", help="comma-separated names (default: all)")
    ap.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "auditor-disc")
    args = ap.parse_args()
    names = [n for n in args.games.split(",") if n]
    folders = sorted(
        p
        for p in GAMES.iterdir()
        if (p / "nights.toml").exists() and (not names or p.name in names)
    )
    checkouts = [ROOT, *([args.baseline] if args.baseline else [])]
    for checkout in checkouts:  # an installed package has its bytecode compiled
        compileall.compile_dir(checkout / "auditor", quiet=1)
    y0 = yardstick()
    # figures[checkout][run] = per round, the sum over the games
    figures = [{k: [0.0] * args.repeat for k in RUNS} for _ in checkouts]
    pages = {"players": 0.0, "director": 0.0}  # files saved again (the first round's)
    for r in range(args.repeat):
        for folder in folders:
            for i, checkout in enumerate(checkouts):
                got = one_game(folder, checkout, args.work / f"{folder.name}-{i}")
                for k in RUNS:
                    figures[i][k][r] += got[k]
                if r == 0 and i == 0:
                    for k in pages:
                        pages[k] += got[f"{k} pages"]
    print(f"CPU yardstick (3M-step loop): {y0:.2f} s; games: {', '.join(f.name for f in folders)}")
    print("| run | auditor (CPU s, median of rounds, summed over the games) | baseline | ratio |")
    print("| --- | --- | --- | --- |")
    for k, label in (
        ("fresh", "audit, fresh store"),
        ("unchanged", "audit again, nothing new"),
        (
            "players",
            f"after 20 players' posts in a discussion thread ({pages['players']:.0f} files saved again)",
        ),
        (
            "director",
            f"after one director's post there ({pages['director']:.0f} files saved again)",
        ),
    ):
        ours = statistics.median(figures[0][k])
        if args.baseline:
            base = statistics.median(figures[1][k])
            print(f"| {label} | {ours:.2f} | {base:.2f} | {base / ours:.2f}× CPU |")
        else:
            print(f"| {label} | {ours:.2f} | — | |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
