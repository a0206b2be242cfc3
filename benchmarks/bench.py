"""Benchmark auditor on generated games, per stage and end to end, on this machine.

    python benchmarks/bench.py                       # 10k-post game: a few minutes
    python benchmarks/bench.py --archive             # + the 1,000,000-post archive
    python benchmarks/bench.py --archive --archive-posts 100000
    python benchmarks/bench.py --only archive-cli --archive-games 20   # first 20 games only

Stages, each next to the simplest honest baseline in the same run:

- generation (benchmarks/generate.py + the page writer), timed apart from everything else;
- parse: ``auditor.forum.parse.parse_page`` on every desktop page of the 10k game vs
  BeautifulSoup building the full tree and reading each post's text;
- rules: ``build_context`` + ``run_rules`` over the crawled store (posts/s), every enabled
  rule alone, and the phrase matcher vs the segment-everything baseline
  (``benchmarks/phrase_bench.py``'s ``Naive``: jieba + pypinyin on every post);
- ``auditor audit`` as a subprocess (the real CLI) from saved pages into a fresh store,
  again over the already-crawled store, and with ``--no-crawl``; peak RSS per subprocess
  (``os.wait4``);
- the nightly rerun: the game as it stood 100 posts before the last day's final hour, then
  those 100 posts arrive: re-crawl of the saved pages, ``auditor.rules.engine.check`` re-checking
  everything vs ``incremental=True`` (only new posts and their player-days);
- the nightly ``auditor audit`` through the CLI after 100 new posts saved as only the changed
  pages, and again with nothing new (cold start included), against the first audit;
- the nightly crawl over loopback HTTP with the board list: requests against the pages that
  hold the new posts plus the board-list pages, and against refetching every page, with a
  2 h and the default 48 h refetch window;
- memory: the first ``auditor audit`` from saved pages (fresh store) of the 10k and the
  100k game (``--scale-posts``), peak RSS of each beside ``auditor crawl`` alone;
- a CPU yardstick (a fixed Python loop) at the start and the end: a loaded machine shows;
- ``--archive``: a streaming run over many generated games (one in memory at a time; pages
  rendered by the writer's generator and handed straight to the parser, never written):
  parse → store → rules per game, in a subprocess for its own peak RSS; then the same
  archive through the real ``auditor audit`` once per game (``--archive-games N``: only the
  first N games, with the whole archive's figure extrapolated from them per post).

Every ``auditor`` subprocess runs as an installed package does: its bytecode compiled
first (``compileall``; ``PYTHONDONTWRITEBYTECODE`` unset for the children, or every process
would compile every module again) and its caches (phrase matcher, jieba, templates) in a
folder of the run's own (``--work``/cache), built once before the first timing: another
checkout sharing the user's cache folder cannot make a timed run rebuild the matcher.

Writes the Markdown table to ``benchmarks/results.md`` (with the exact command).
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from generate import (  # noqa: E402
    GameConfig,
    GeneratedGame,
    generate_game,
    iter_archive,
    render_desktop_pages,
    score_truth,
    write_game,
)

Row = tuple[str, str, str, str]  # stage, auditor, baseline, note


def vm_hwm_mb() -> float:
    """Peak RSS of this process (VmHWM), in MB."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# Runs a module as __main__ and prints its own VmHWM at exit: ru_maxrss from wait4 would
# also count the forked copy of this (bigger) process before exec.
# The CLI ends a finished command with os._exit (no atexit): the peak is written there too.
_HWM_WRAPPER = (
    "import atexit, os, runpy, sys\n"
    "def _hwm():\n"
    "    for l in open('/proc/self/status'):\n"
    "        if l.startswith('VmHWM:'): sys.stderr.write('\\nVMHWM_KB %s\\n' % l.split()[1])\n"
    "    sys.stderr.flush()\n"
    "atexit.register(_hwm)\n"
    "_exit = os._exit\n"
    "def _hwm_exit(code):\n"
    "    _hwm()\n"
    "    _exit(code)\n"
    "os._exit = _hwm_exit\n"
    "sys.argv = sys.argv[1:]\n"
    "runpy.run_module(sys.argv[0], run_name='__main__', alter_sys=True)\n"
)


# The environment of every subprocess (set by main): bytecode written, caches of the run's own.
CHILD_ENV: dict[str, str] | None = None


def child_env(work: Path) -> dict[str, str]:
    """The children's environment: ``.pyc`` files used and written as an installed package
    has them, and the caches in ``work``/cache unless ``AUDITOR_CACHE_DIR`` names one."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.setdefault("AUDITOR_CACHE_DIR", str(work / "cache"))
    return env


def warm_caches(work: Path) -> float:
    """One audit of the sample game (a fresh copy), so the phrase matcher, jieba's state and
    the report templates are cached before anything is timed; its seconds."""
    d = work / "warm"
    shutil.rmtree(d, ignore_errors=True)
    shutil.copytree(ROOT / "examples" / "sample", d)
    secs, _, _, _ = run_module(
        "auditor", ["audit", str(d / "game.toml"), "--reports", str(d / "r"), "-q"]
    )
    shutil.rmtree(d, ignore_errors=True)
    return secs


def run_module(
    module: str, args: list[str], cwd: Path | None = None
) -> tuple[float, float, int, str]:
    """``python -m module args`` as a subprocess, with the child's own peak RSS."""
    secs, rss, code, text = run_child([sys.executable, "-c", _HWM_WRAPPER, module, *args], cwd)
    lines = text.rstrip().splitlines()
    if lines and lines[-1].startswith("VMHWM_KB "):
        rss = int(lines[-1].split()[1]) / 1024
        text = "\n".join(lines[:-1])
    return secs, rss, code, text


_LAST_CPU = [0.0]  # CPU seconds (user + system) of the last child run_child waited for


def last_cpu() -> float:
    """CPU seconds of the last subprocess (wait4's rusage): steadier than wall time on a
    shared machine, where a waiting process's wall time grows with the load."""
    return _LAST_CPU[0]


def run_child(cmd: list[str], cwd: Path | None = None) -> tuple[float, float, int, str]:
    """Run a subprocess: (seconds, peak RSS in MB from wait4, exit code, stdout+stderr)."""
    t0 = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, env=CHILD_ENV)
        _, status, usage = os.wait4(proc.pid, 0)
        _LAST_CPU[0] = usage.ru_utime + usage.ru_stime
        proc.returncode = os.waitstatus_to_exitcode(status)
        secs = time.perf_counter() - t0
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    return secs, usage.ru_maxrss / 1024, proc.returncode, text


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    t0 = time.perf_counter()
    value = fn()
    return time.perf_counter() - t0, value


def fmt_rate(n: float, secs: float, unit: str) -> str:
    return f"{n / secs:,.0f} {unit}/s" if secs > 0 else "—"


# --------------------------------------------------------------------------- stages


def stage_parse(pages_dir: Path, tz: Any, bs_sample: int) -> list[Row]:
    from auditor.forum.parse import decode_body, parse_page
    from auditor.models import FetchedPage

    files = sorted(pages_dir.glob("*.html"))
    bodies = [f.read_bytes() for f in files]
    now = datetime.now(UTC)
    pages = [
        FetchedPage(
            url=f.resolve().as_uri(),
            status=200,
            body=b,
            content_type="text/html; charset=utf-8",
            fetched_at=now,
        )
        for f, b in zip(files, bodies, strict=True)
    ]
    posts = 0

    def ours() -> None:
        nonlocal posts
        for p in pages:
            posts += len(parse_page(p, tz, now=now).posts)

    secs, _ = timed(ours)
    from bs4 import BeautifulSoup

    sample = pages[:: max(1, len(pages) // bs_sample)][:bs_sample]
    texts = [decode_body(p.body, p.content_type, p.url)[0] for p in sample]
    bs_posts = 0

    def baseline() -> None:
        nonlocal bs_posts
        for t in texts:
            soup = BeautifulSoup(t, "lxml")
            for td in soup.select("td.t_f"):
                td.get_text()
                bs_posts += 1

    bs_secs, _ = timed(baseline)
    mb = sum(len(b) for b in bodies) / 1e6
    return [
        (
            "parse (desktop pages)",
            f"{fmt_rate(len(pages), secs, 'pages')} ({len(pages)} pages, {posts:,} posts, "
            f"{mb:.0f} MB in {secs:.2f} s)",
            f"BeautifulSoup(lxml) + post text: {fmt_rate(len(texts), bs_secs, 'pages')} "
            f"({len(texts)} pages)",
            f"{(len(pages) / secs) / (len(texts) / bs_secs):.1f}× faster",
        )
    ]


def stage_rules(game_path: Path) -> tuple[list[Row], dict[str, Any]]:
    from auditor.game.gamefile import load_game
    from auditor.rules.engine import build_context, ruleset_for, run_rules
    from auditor.store import Store

    game = load_game(game_path)
    rs = ruleset_for(game)
    store = Store(game.store)
    try:
        ctx_secs, ctx = timed(lambda: build_context(game, store, ruleset=rs))
        rule_secs, findings = timed(lambda: run_rules(ctx, rs))
        n = len(ctx.posts)
        per_rule: list[tuple[float, str, int]] = []
        for code in rs.rules:
            c = build_context(game, store, ruleset=rs)
            s, fs = timed(lambda c=c, code=code: run_rules(c, rs, [code]))  # type: ignore[misc]
            per_rule.append((s, code, len(fs)))
        truth = json.loads((game_path.parent / "truth.json").read_text(encoding="utf-8"))
        score = score_truth(truth, findings, set(rs.rules))
        texts = [gp.post.text for gp in ctx.posts if not gp.exempt]
    finally:
        store.close()
    rows: list[Row] = [
        (
            "rules (all enabled, in process)",
            f"{fmt_rate(n, rule_secs, 'posts')} ({n:,} posts, {len(rs.rules)} rules, "
            f"{len(findings)} findings in {rule_secs:.2f} s; context {ctx_secs:.2f} s)",
            "—",
            "slowest: " + ", ".join(f"{c} {s:.2f} s" for s, c, _ in sorted(per_rule)[::-1][:4]),
        )
    ]
    rows += stage_phrases(texts)
    info = {"per_rule": sorted(per_rule)[::-1], "score": score, "findings": len(findings)}
    return rows, info


def stage_phrases(texts: list[str]) -> list[Row]:
    try:
        from auditor.rules.matcher import default_matcher
    except ImportError:
        return [("phrases", "matcher not available", "—", "")]
    m = default_matcher()
    m.find("卧槽")  # build the automata and jieba outside the timing
    secs, hits = timed(lambda: sum(1 for t in texts if m.find(t)))
    try:
        from phrase_bench import Naive
    except ImportError:
        return [("phrases (matcher.find)", fmt_rate(len(texts), secs, "posts"), "—", "")]
    naive = Naive()
    naive.find("卧槽")
    n_secs, n_hits = timed(lambda: sum(1 for t in texts if naive.find(t)))
    return [
        (
            "phrases (matcher.find on every post)",
            f"{fmt_rate(len(texts), secs, 'posts')} ({len(texts):,} posts in {secs:.2f} s, "
            f"{hits} posts flagged)",
            f"segment everything (jieba + pypinyin every post): {fmt_rate(len(texts), n_secs, 'posts')}"
            f" ({n_secs:.2f} s, {n_hits} flagged)",
            f"{n_secs / secs:.1f}× faster",
        )
    ]


def stage_audit(game_path: Path, reports: Path) -> tuple[list[Row], list[str]]:
    store = game_path.with_suffix(".sqlite")
    for f in store.parent.glob(store.name + "*"):
        f.unlink()
    cli = ["audit", str(game_path), "--reports", str(reports), "-q"]
    rows: list[Row] = []
    lines: list[str] = []
    for label, cmd in (
        ("`auditor audit` from saved pages (fresh store)", cli),
        ("`auditor audit` again (store already crawled; re-reads the saved pages)", cli),
        ("`auditor audit --no-crawl` (already-crawled store)", [*cli, "--no-crawl"]),
        (
            "`auditor audit --no-crawl --full` (already-crawled store, re-check everything)",
            [*cli, "--no-crawl", "--full"],
        ),
    ):
        secs, rss, code, text = run_module("auditor", cmd, cwd=ROOT)
        last = text.strip().splitlines()[-1] if text.strip() else ""
        lines.append(f"{label}: exit {code}: {last}")
        rows.append((label, f"{secs:.2f} s, peak RSS {rss:.0f} MB", "—", f"exit {code}"))
    return rows, lines


def snapshot(gen: GeneratedGame, until: datetime) -> GeneratedGame:
    """The game as the forum showed it at ``until``: later posts and edits are not there yet."""
    import copy

    script = copy.deepcopy(gen.script)
    kept: set[int] = set()
    for t in script["thread"]:
        t["post"] = [p for p in t["post"] if p["at"] <= until]
        for p in t["post"]:
            kept.add(p["pid"])
            if p.get("edited_at") and p["edited_at"] > until:
                del p["edited_at"]
    script["thread"] = [t for t in script["thread"] if t["post"]]
    truth = [t for t in gen.truth if t.get("pid") in kept or t.get("pid") is None]
    return GeneratedGame(gen.config, script, gen.game, truth, len(kept))


def stage_nightly(gen: GeneratedGame, work: Path, new_posts: int) -> list[Row]:
    from auditor.forum.crawl import crawl
    from auditor.game.gamefile import load_game
    from auditor.rules.engine import check
    from auditor.store import Store

    last_close = gen.game["day"][-1]["closes"]
    t_end = last_close - timedelta(hours=1)
    times = sorted(p["at"] for t in gen.script["thread"] for p in t["post"] if p["at"] <= t_end)
    t_cut = times[-new_posts - 1]
    before, after = snapshot(gen, t_cut), snapshot(gen, t_end)
    d = work / "nightly"
    shutil.rmtree(d, ignore_errors=True)
    write_game(before, d)
    game = load_game(d / "game.toml")
    with Store(game.store) as store:
        crawl(game, store)
        s0, _ = timed(lambda: check(game, store, now=t_cut + timedelta(seconds=1)))
    gen_secs, _ = timed(lambda: write_game(after, d))
    game = load_game(d / "game.toml")
    with Store(game.store) as store:
        crawl_secs, report = timed(lambda: crawl(game, store))
    copy_path = d / "full.sqlite"
    shutil.copy(game.store, copy_path)
    now = t_end + timedelta(seconds=1)
    with Store(copy_path) as store:
        full_secs, full = timed(lambda: check(game, store, now=now))
    with Store(game.store) as store:
        inc_secs, inc = timed(lambda: check(game, store, now=now, incremental=True))
    same = sorted(f.fingerprint for f in full.findings) == sorted(
        f.fingerprint for f in inc.findings
    )
    return [
        (
            "nightly: re-crawl saved pages after +100 posts",
            f"{crawl_secs:.2f} s ({report.pages} pages read, {report.new_posts} new posts)",
            "—",
            f"{before.posts:,} → {after.posts:,} posts; pages rewritten in {gen_secs:.1f} s "
            "(generation, not timed)",
        ),
        (
            "nightly: `engine.check(incremental=True)`",
            f"{inc_secs:.2f} s (re-checked {inc.rechecked_posts} posts, days "
            f"{list(inc.rechecked_days)}, incremental={inc.incremental})",
            f"re-check everything: {full_secs:.2f} s ({full.rechecked_posts:,} posts)",
            f"{full_secs / inc_secs:.1f}× less; same findings: {'yes' if same else 'NO'}; "
            f"first full check {s0:.2f} s",
        ),
    ]


def stage_http_nightly(gen: GeneratedGame, work: Path, new_posts: int) -> list[Row]:
    """The nightly crawl over real HTTP on loopback, with the board list: requests the
    rerun costs after ``new_posts`` posts, against the pages that hold them plus the
    board-list pages (the goal) and refetching every page (the simplest honest baseline).
    Nights: the last day open and no day closed within the refetch window (2 h); the
    default 48 h window (the day before closed within it), with ``api = false`` (its
    threads read again in full on the desktop: the behaviour before issue 36, the same-run
    baseline) and with the default ``api = "auto"`` (the window's threads compared through
    the mobile API, 50 posts a request, and read again on the desktop only from a change);
    and the latter with one post edited and one deleted after the close on the day
    before's longest thread, with what a full re-read finds besides (issue 36's goal: a
    night after a day closed at most a third of the requests of the full re-read)."""
    import copy
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from generate import toml_text

    from auditor.forum.crawl import crawl
    from auditor.forum.fetch import Fetcher
    from auditor.game.gamefile import load_game
    from auditor.store import Store
    from tools.writer import parse_script, render_board_pages, render_thread_pages

    site: dict[str, tuple[bytes, str]] = {}
    log: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            log.append(self.path)
            body, ctype = site.get(self.path.lstrip("/"), (b"not found", "text/plain"))
            self.send_response(200 if self.path.lstrip("/") in site else 404)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    days = gen.game["day"]
    last_close = days[-1]["closes"]
    t_end = last_close - timedelta(hours=1)
    times = sorted(p["at"] for t in gen.script["thread"] for p in t["post"] if p["at"] <= t_end)
    before, after = snapshot(gen, times[-new_posts - 1]), snapshot(gen, t_end)
    ppp = int(gen.script["forum"]["ppp"])
    old = {int(t["tid"]): len(t["post"]) for t in before.script["thread"]}
    changed = sum(
        (len(t["post"]) - 1) // ppp - old.get(int(t["tid"]), 0) // ppp + 1
        for t in after.script["thread"]
        if len(t["post"]) > old.get(int(t["tid"]), 0)
    )
    # The same night with one post edited and one deleted after the day before closed, on
    # that day's longest thread, a third and two thirds of the way through it.
    edited = copy.deepcopy(after)
    closed = {
        int(t["tid"]) for t in gen.game.get("thread", []) if t.get("day") == days[-2]["number"]
    }
    longest = max(
        (t for t in edited.script["thread"] if int(t["tid"]) in closed),
        key=lambda t: len(t["post"]),
    )
    n = len(longest["post"])
    e, x = longest["post"][n // 3], longest["post"][2 * n // 3]
    e["message"] = str(e["message"]) + " 补充一句"
    e["edited_at"] = days[-2]["closes"] + timedelta(hours=2)
    x["deleted"] = True

    def serve(g: GeneratedGame) -> tuple[int, int]:
        """(thread pages, board-list pages) now on the forum (the API's pages of 50 posts
        served too, not counted)."""
        site.clear()
        script = parse_script({**g.script, "forum": {**g.script["forum"], "api_ppp": 50}})
        pages = 0
        for tid in script.threads:
            for u, body, ctype in render_thread_pages(script, tid):
                site[u] = (body, ctype)
                pages += u.startswith("forum.php")
        boards = 0
        for u, body, ctype in render_board_pages(script):
            if u.startswith("forum.php"):
                site[u] = (body, ctype)
                boards += 1
        return pages, boards

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    rows: list[Row] = []
    figures: dict[str, int] = {}
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        for label, hours, api, night_game in (
            ("no day closed within it", 2.0, None, after),
            ("the day before closed within it; api = false: its threads read in full", 48.0, False, after),
            ("the day before closed within it; api = auto: looked at through the API", 48.0, None, after),
            ("the same, one post edited and one deleted after the close", 48.0, None, edited),
        ):  # fmt: skip
            d = work / f"http-{hours:g}-{api}-{night_game is edited}"
            shutil.rmtree(d, ignore_errors=True)
            write_game(before, d, pages=False)
            data = dict(gen.game)
            data["game"] = {**data["game"], "tag": data["game"]["name"]}
            data["forum"] = {"url": url, "delay": 0.0, "board": 2, "refetch_hours": hours}
            if api is not None:
                data["forum"]["api"] = api
            (d / "game.toml").write_text(toml_text(data), encoding="utf-8")
            game = load_game(d / "game.toml")
            serve(before)
            with Store(game.store) as store, Fetcher(url, delay=0) as f:
                crawl(game, store, fetcher=f, now=t_end)
                log.clear()
                crawl(game, store, fetcher=f, now=t_end + timedelta(minutes=5))
                quiet = len(log)
                pages_after, boards = serve(night_game)
                log.clear()
                t0 = time.perf_counter()
                report = crawl(game, store, fetcher=f, now=t_end + timedelta(minutes=10))
                secs = time.perf_counter() - t0
                nightly_requests = len(log)
                api_requests = sum("api/mobile" in p for p in log)
                log.clear()
                t0 = time.perf_counter()
                full = crawl(game, store, fetcher=f, now=t_end + timedelta(minutes=15), full=True)
                full_secs = time.perf_counter() - t0
            figures[label] = nightly_requests
            caught = (
                f"caught {report.changed_posts} edited, {len(report.deleted)} deleted; a full "
                f"re-read after it found {full.changed_posts} edited, {len(full.deleted)} "
                f"deleted, {full.new_posts} new besides"
            )
            ratio = ""
            if hours > 24 and api is None:
                base = figures[
                    "the day before closed within it; api = false: its threads read in full"
                ]
                ratio = f"; {nightly_requests / base:.2f}× the api = false night ({base})"
            rows.append(
                (
                    f"nightly crawl over HTTP after +{new_posts} posts, refetch window "
                    f"{hours:g} h ({label})",
                    f"{nightly_requests} requests ({api_requests} to the API), {secs:.2f} s "
                    f"({report.new_posts} new posts; nothing new: {quiet} requests)",
                    f"refetch every page: {len(log)} requests, {full_secs:.2f} s",
                    f"goal ≤ {changed} changed pages + {boards} board-list page(s) = "
                    f"{changed + boards}; {pages_after:,} thread pages on the forum; "
                    f"{caught}{ratio}",
                )
            )
    finally:
        server.shutdown()
    return rows


def stage_cli_nightly(gen: GeneratedGame, work: Path, new_posts: int) -> list[Row]:
    """`auditor audit` through the CLI after ``new_posts`` new posts saved as only the
    changed pages, against the first audit of the same game in the same run."""
    from generate import append_posts
    from nightly_bench import save_changed_pages

    d = work / "cli-nightly"
    shutil.rmtree(d, ignore_errors=True)
    game = write_game(gen, d)
    cli = ["audit", str(game), "--reports", str(d / "reports"), "-q"]
    first, first_rss, _, _ = run_module("auditor", cli, cwd=ROOT)
    quiet, quiet_rss, _, _ = run_module("auditor", cli, cwd=ROOT)
    pages = save_changed_pages(append_posts(gen, new_posts), d)
    secs, rss, code, text = run_module("auditor", cli, cwd=ROOT)
    last = text.strip().splitlines()[-1] if text.strip() else ""
    return [
        (
            f"nightly `auditor audit` after +{new_posts} posts ({pages} pages saved again)",
            f"{secs:.2f} s, {rss:.0f} MB (exit {code}: {last[:40]}…)",
            f"first audit of the same game: {first:.2f} s, {first_rss:.0f} MB",
            f"{first / secs:.1f}× less; goal < 1 s",
        ),
        (
            "`auditor audit` again, nothing new (cold start included)",
            f"{quiet:.2f} s, {quiet_rss:.0f} MB",
            f"first audit: {first:.2f} s",
            f"{first / quiet:.1f}× less; goal < 0.3 s",
        ),
    ]


def stage_scale(work: Path, sizes: tuple[int, int], seed: int, reruns: int = 3) -> list[Row]:
    """A rerun with nothing new at two game sizes (the goal: flat in game size), and the
    peak RSS of a saved-pages audit of the bigger game on a fresh store (goal < 300 MB),
    each through the real CLI in a subprocess.  The rerun figures are medians of
    ``reruns`` runs, in CPU seconds (wait4) as well as wall seconds."""
    import statistics

    got: dict[int, dict[str, float]] = {}
    for posts in sizes:
        d = work / f"scale-{posts}"
        shutil.rmtree(d, ignore_errors=True)
        game = write_game(generate_game(GameConfig(posts=posts, seed=seed)), d)
        cli = ["audit", str(game), "--reports", str(d / "reports"), "-q"]
        secs, rss, code, _ = run_module("auditor", cli, cwd=ROOT)
        fresh = {"secs": secs, "rss": rss, "cpu": last_cpu(), "code": code}
        quiet = []
        for _ in range(reruns):
            q_secs, q_rss, q_code, _ = run_module("auditor", cli, cwd=ROOT)
            quiet.append((q_secs, last_cpu(), q_rss, q_code))
        got[posts] = {
            **{f"fresh_{k}": v for k, v in fresh.items()},
            "quiet_secs": statistics.median(q[0] for q in quiet),
            "quiet_cpu": statistics.median(q[1] for q in quiet),
            "quiet_rss": max(q[2] for q in quiet),
            "quiet_code": max(q[3] for q in quiet),
        }
        print(posts, got[posts], flush=True)
        shutil.rmtree(d, ignore_errors=True)
    small, big = (got[n] for n in sizes)
    return [
        (
            f"`auditor audit` again, nothing new, {sizes[1]:,}-post game (median of {reruns})",
            f"{big['quiet_cpu']:.2f} CPU s ({big['quiet_secs']:.2f} s wall), "
            f"{big['quiet_rss']:.0f} MB (exit {big['quiet_code']:.0f})",
            f"{sizes[0]:,}-post game: {small['quiet_cpu']:.2f} CPU s "
            f"({small['quiet_secs']:.2f} s wall), {small['quiet_rss']:.0f} MB",
            f"{big['quiet_cpu'] / small['quiet_cpu']:.2f}× the CPU, "
            f"{big['quiet_secs'] / small['quiet_secs']:.2f}× the wall time; goal ≤ 1.2×",
        ),
        (
            f"`auditor audit` of the {sizes[1]:,}-post game from saved pages, fresh store",
            f"peak RSS {big['fresh_rss']:.0f} MB ({big['fresh_secs']:.0f} s, "
            f"{big['fresh_cpu']:.0f} CPU s, exit {big['fresh_code']:.0f})",
            f"{sizes[0]:,}-post game: {small['fresh_rss']:.0f} MB "
            f"({small['fresh_secs']:.0f} s, {small['fresh_cpu']:.0f} CPU s)",
            f"{big['fresh_rss'] / small['fresh_rss']:.2f}× the memory for "
            f"{sizes[1] // sizes[0]}× the posts; goal < 300 MB",
        ),
    ]


def stage_rerun(work: Path, sizes: tuple[int, int], seed: int, rounds: int = 5) -> list[Row]:
    """The nothing-new rerun at two game sizes in alternating rounds
    (``benchmarks/rerun_bench.py``): the goal is the big game within 20% of the small one,
    beside the bare interpreter and one ``scandir`` + ``stat`` pass over each folder."""
    from rerun_bench import GOAL, measure

    med = measure(sizes, rounds, work / "rerun", seed=seed)
    small, big = sizes
    sw, sc = med[f"this checkout, {small:,} posts"]
    bw, bc = med[f"this checkout, {big:,} posts"]
    fc, gc = med[f"scandir + stat, {small:,} posts"][1], med[f"scandir + stat, {big:,} posts"][1]
    return [
        (
            f"`auditor audit` again, nothing new, {big:,} vs {small:,} posts (median of "
            f"{rounds} alternating rounds)",
            f"{bc:.3f} CPU s ({bw:.2f} s wall)",
            f"{small:,}-post game: {sc:.3f} CPU s ({sw:.2f} s wall); `scandir` + `stat` of "
            f"each folder: {fc:.3f} and {gc:.3f} CPU s; `python -c pass` "
            f"{med['python -c pass'][1]:.3f}",
            f"{bc / sc:.2f}× the CPU, {bw / sw:.2f}× the wall; goal ≤ {GOAL:.1f}×",
        )
    ]


def stage_memory(work: Path, sizes: tuple[int, int], seed: int) -> list[Row]:
    """Peak RSS of the first ``auditor audit`` of a game from its saved pages (a fresh
    store: the audit that reads every page and checks every post; goal < 300 MB at 100k
    posts) at two game sizes, each beside ``auditor crawl`` alone into a fresh store from
    the same pages (the crawl streams page by page: the floor the check, ledger and report
    add to), each the child's own VmHWM through the real CLI."""
    # The matcher's disk cache first: a child that builds it (a new version or lexicon)
    # peaks higher than any audit that loads it, whatever the game's size.
    run_child(
        [sys.executable, "-c", "from auditor.rules.matcher import cached_matcher as m; m()"],
        cwd=ROOT,
    )
    got: dict[int, dict[str, float]] = {}
    for posts in sizes:
        d = work / f"memory-{posts}"
        shutil.rmtree(d, ignore_errors=True)
        game = write_game(generate_game(GameConfig(posts=posts, seed=seed)), d)
        secs, rss, code, _ = run_module(
            "auditor", ["audit", str(game), "--reports", str(d / "reports"), "-q"], cwd=ROOT
        )
        audit = {"secs": secs, "rss": rss, "cpu": last_cpu(), "code": code}
        for f in d.glob("game.sqlite*"):
            f.unlink()
        c_secs, c_rss, c_code, _ = run_module("auditor", ["crawl", str(game)], cwd=ROOT)
        got[posts] = {
            **{f"audit_{k}": v for k, v in audit.items()},
            "crawl_rss": c_rss,
            "crawl_secs": c_secs,
            "crawl_code": c_code,
        }
        print(posts, got[posts], flush=True)
        shutil.rmtree(d, ignore_errors=True)
    rows: list[Row] = []
    small = got[sizes[0]]
    for posts in sizes:
        g = got[posts]
        growth = (
            f"{g['audit_rss'] / small['audit_rss']:.2f}× the {sizes[0]:,}-post game's peak "
            f"for {posts // sizes[0]}× the posts; "
            if posts != sizes[0]
            else ""
        )
        rows.append(
            (
                f"memory: first `auditor audit` of the {posts:,}-post game from saved pages "
                "(fresh store)",
                f"peak RSS {g['audit_rss']:.0f} MB ({g['audit_secs']:.0f} s, "
                f"{g['audit_cpu']:.0f} CPU s, exit {g['audit_code']:.0f})",
                f"`auditor crawl` alone into a fresh store: {g['crawl_rss']:.0f} MB "
                f"({g['crawl_secs']:.0f} s, exit {g['crawl_code']:.0f})",
                f"{growth}the check, ledger and report add "
                f"{g['audit_rss'] - g['crawl_rss']:.0f} MB to the crawl; goal < 300 MB at 100k",
            )
        )
    return rows


def yardstick() -> float:
    """Seconds for a fixed pure-Python loop: the machine's speed right now (a loaded
    machine shows as a slow yardstick; read the rows as ratios to their baselines)."""
    t0 = time.perf_counter()
    total = 0
    for i in range(3_000_000):
        total += i % 7
    return time.perf_counter() - t0


# --------------------------------------------------------------------------- archive


def archive_worker(total: int, work: Path, seed: int) -> dict[str, Any]:
    """Stream the archive: one game at a time, pages rendered → parsed → stored → checked."""
    from auditor.forum.crawl import CrawlReport, ThreadRecorder
    from auditor.forum.parse import parse_page
    from auditor.game.gamefile import load_game
    from auditor.models import FetchedPage
    from auditor.rules.engine import check
    from auditor.store import Store

    # crawl.ThreadRecorder is the crawl's own page → store step.
    tm = {"generate": 0.0, "render": 0.0, "parse": 0.0, "store": 0.0, "rules": 0.0}
    games = pages = posts = findings = 0
    db_bytes = 0
    t_all = time.perf_counter()
    gen_iter = iter_archive(total, seed)
    while True:
        t0 = time.perf_counter()
        gen = next(gen_iter, None)
        tm["generate"] += time.perf_counter() - t0
        if gen is None:
            break
        gdir = work / f"game-{gen.config.seed}"
        shutil.rmtree(gdir, ignore_errors=True)
        write_game(gen, gdir, pages=False, script=False)
        game = load_game(gdir / "game.toml")
        now = datetime.now(UTC)
        with Store(game.store) as store:
            report = CrawlReport()
            rec: ThreadRecorder | None = None
            last = 0
            it = render_desktop_pages(gen)
            while True:
                t0 = time.perf_counter()
                item = next(it, None)
                tm["render"] += time.perf_counter() - t0
                if item is None:
                    break
                tid, url, body, ctype = item
                if rec is None or rec.tid != tid:
                    if rec is not None:
                        rec.finish(last)
                    rec = ThreadRecorder(store, report, tid, "saved-desktop", None)
                t0 = time.perf_counter()
                fetched = FetchedPage(
                    url=gen.config.base_url + url,
                    status=200,
                    body=body,
                    content_type=ctype,
                    fetched_at=now,
                )
                parsed = parse_page(fetched, game.timezone, now=now)
                t1 = time.perf_counter()
                last = parsed.page or 1
                rec.record(fetched, parsed, last, gen.config.ppp)
                tm["parse"] += t1 - t0
                tm["store"] += time.perf_counter() - t1
                pages += 1
            if rec is not None:
                rec.finish(last)
            t0 = time.perf_counter()
            result = check(game, store)
            tm["rules"] += time.perf_counter() - t0
            findings += len(result.findings)
            posts += report.new_posts
        db_bytes += sum(f.stat().st_size for f in gdir.glob("*.sqlite*"))
        shutil.rmtree(gdir, ignore_errors=True)
        games += 1
    return {
        "games": games,
        "pages": pages,
        "posts": posts,
        "findings": findings,
        "seconds": time.perf_counter() - t_all,
        "times": tm,
        "db_mb": db_bytes / 1e6,
        "vmhwm_mb": vm_hwm_mb(),
    }


def stage_archive_cli(
    total: int,
    work: Path,
    seed: int,
    max_games: int | None = None,
    baseline: Path | None = None,
) -> list[Row]:
    """The archive through the real ``auditor audit`` once per game: each game written as a
    saved-pages folder (timed apart), audited by a subprocess on a fresh store, then
    deleted.  The baseline is the streamed in-process run of the same archive
    (``stage_archive``, whose figures it reads from ``archive.json``) when it ran; with
    ``baseline`` (another checkout), that checkout's ``auditor audit`` of each game on a
    fresh store of its own, the two taking turns at going first.
    ``max_games``: stop after that many games and extrapolate the whole archive's audit
    time from them, per post (said so in the row)."""
    d = work / "archive-cli"
    games = posts = pages = failed = 0
    audit_secs = audit_cpu = write_secs = peak = slowest = 0.0
    base_secs = base_cpu = 0.0
    t_all = time.perf_counter()
    for gen in iter_archive(total, seed):
        if max_games is not None and games >= max_games:
            break
        shutil.rmtree(d, ignore_errors=True)
        w_secs, game = timed(lambda g=gen: write_game(g, d, script=False))
        write_secs += w_secs
        pages += sum(1 for _ in (d / "pages").iterdir())
        posts += gen.posts
        cli = ["audit", str(game), "--reports", str(d / "reports"), "-q"]

        def base_audit(game: Path = game, cli: list[str] = cli) -> None:
            nonlocal base_secs, base_cpu
            for leftover in game.parent.glob("*.sqlite*"):
                leftover.unlink()
            b_secs, _, b_code, _ = run_module("auditor", cli, cwd=baseline)
            base_secs += b_secs
            base_cpu += last_cpu()
            print(f"  baseline: {b_secs:.1f} s, {last_cpu():.1f} CPU s, exit {b_code}", flush=True)
            for leftover in game.parent.glob("*.sqlite*"):
                leftover.unlink()

        if baseline is not None and games % 2 == 0:
            base_audit()
        secs, rss, code, text = run_module("auditor", cli, cwd=ROOT)
        this_cpu = last_cpu()
        if baseline is not None and games % 2 == 1:
            base_audit()
        audit_secs += secs
        audit_cpu += this_cpu
        peak, slowest = max(peak, rss), max(slowest, secs)
        games += 1
        print(
            f"archive game {games}: {gen.posts:,} posts, {secs:.1f} s, {this_cpu:.1f} CPU s, "
            f"{rss:.0f} MB; so far {posts:,} posts in {audit_secs:.0f} s of audits",
            flush=True,
        )
        if code != 0:
            failed += 1
            print(f"archive game {games}: exit {code}: {text.strip()[-300:]}", flush=True)
    shutil.rmtree(d, ignore_errors=True)
    end_to_end = time.perf_counter() - t_all
    streamed = work / "archive.json"
    base, ratio = "—", ""
    if baseline is not None and base_secs:
        base = f"{baseline}: {base_secs:.0f} s in the audits ({base_cpu:.0f} CPU s)"
        ratio = f"{audit_secs / base_secs:.2f}× the baseline's wall, {audit_cpu / base_cpu:.2f}× its CPU; "
    elif streamed.is_file():
        r = json.loads(streamed.read_text())
        if r["posts"] == posts:
            base = f"streamed in process (parse → store → rules): {r['seconds']:.0f} s"
            ratio = f"{audit_secs / r['seconds']:.2f}× the streamed run; "
    partial = ""
    if posts < total and posts:
        partial = (
            f"first {games} games only (--archive-games); the whole {total:,} posts at this "
            f"rate: ≈ {audit_secs * total / posts:.0f} s, {audit_cpu * total / posts:.0f} CPU s; "
        )
    return [
        (
            f"archive {posts:,} posts through `auditor audit` once per game "
            f"({games} games, {pages:,} saved pages)",
            f"{audit_secs:.0f} s in the audits ({audit_cpu:.0f} CPU s; slowest game "
            f"{slowest:.0f} s), peak RSS {peak:.0f} MB",
            base,
            f"{partial}{ratio}goal < 10 min; {failed} games exited non-zero; generating and "
            f"writing the pages {end_to_end - audit_secs:.0f} s (writing {write_secs:.0f} s) "
            "timed apart",
        )
    ]


def stage_archive(total: int, work: Path, seed: int) -> list[Row]:
    out = work / "archive.json"
    cmd = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--archive-worker",
        "--archive-posts",
        str(total),
        "--work",
        str(work),
        "--seed",
        str(seed),
    ]
    secs, rss, code, text = run_child(cmd, cwd=ROOT)
    if code != 0 or not out.is_file():
        return [
            (
                "archive",
                f"failed (exit {code})",
                "—",
                text.strip().splitlines()[-1:][0] if text.strip() else "",
            )
        ]
    r = json.loads(out.read_text())
    rss = r["vmhwm_mb"]  # the worker's own VmHWM (wait4's figure includes the fork of this process)
    tm = r["times"]
    work_secs = tm["parse"] + tm["store"] + tm["rules"]
    return [
        (
            f"archive {r['posts']:,} posts ({r['games']} games, {r['pages']:,} pages)",
            f"{secs:.0f} s end to end, peak RSS {rss:.0f} MB",
            "—",
            f"parse {tm['parse']:.0f} s, store {tm['store']:.0f} s, rules {tm['rules']:.0f} s "
            f"(= {work_secs:.0f} s auditor work); generation {tm['generate']:.0f} s + "
            f"rendering {tm['render']:.0f} s (timed apart); {r['findings']:,} findings; "
            f"SQLite {r['db_mb'] / r['games']:.0f} MB per game, deleted after each",
        ),
        (
            "archive throughput (auditor work only)",
            f"{fmt_rate(r['posts'], work_secs, 'posts')}; {fmt_rate(r['pages'], tm['parse'], 'pages')}"
            " parsed",
            "—",
            "",
        ),
    ]


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="auditor 压测：每个阶段与最简单的基线对比")
    ap.add_argument("--posts", type=int, default=10_000, help="the big game's posts")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "auditor-bench")
    ap.add_argument(
        "--archive",
        action="store_true",
        help="also the archive: streamed in process, and through `auditor audit` per game",
    )
    ap.add_argument(
        "--scale-posts", type=int, default=100_000, help="the nothing-new rerun's big game"
    )
    ap.add_argument(
        "--only",
        help="comma-separated stages to run: parse, audit, rules, nightly, cli, http, scale,"
        " memory, archive (streamed in process, then through the CLI), archive-cli (only the"
        " latter), rerun (the nothing-new rerun at two sizes in alternating rounds; only when"
        " named)",
    )
    ap.add_argument("--archive-posts", type=int, default=1_000_000)
    ap.add_argument(
        "--archive-games",
        type=int,
        help="archive-cli: only the first N games (the whole archive extrapolated per post)",
    )
    ap.add_argument(
        "--archive-baseline",
        type=Path,
        help="archive-cli: also audit each game with this checkout (e.g. `git archive` of main),"
        " the two in turns",
    )
    ap.add_argument("--new-posts", type=int, default=100, help="posts of the nightly rerun")
    ap.add_argument("--bs-pages", type=int, default=100, help="pages for the bs4 baseline")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results.md")
    ap.add_argument("--archive-worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    args.work.mkdir(parents=True, exist_ok=True)
    if args.archive_worker:
        r = archive_worker(args.archive_posts, args.work / "archive", args.seed)
        (args.work / "archive.json").write_text(json.dumps(r))
        return 0

    command = "python benchmarks/bench.py" + " ".join(
        [""] + [a for a in (argv if argv is not None else sys.argv[1:])]
    )
    global CHILD_ENV
    CHILD_ENV = child_env(args.work)
    compileall.compile_dir(ROOT / "auditor", quiet=1)  # an installed package's .pyc
    if args.archive_baseline is not None:
        compileall.compile_dir(args.archive_baseline / "auditor", quiet=1)
    warm_secs = warm_caches(args.work)
    print(f"caches warmed in {warm_secs:.1f} s: {CHILD_ENV['AUDITOR_CACHE_DIR']}", flush=True)
    rows: list[Row] = []
    t_total = time.perf_counter()
    y0 = yardstick()
    gdir = args.work / "game10k"
    shutil.rmtree(gdir, ignore_errors=True)
    cfg = GameConfig(posts=args.posts, seed=args.seed)
    gsecs, gen = timed(lambda: generate_game(cfg))
    wsecs, game_path = timed(lambda: write_game(gen, gdir))
    n_pages = len(list((gdir / "pages").glob("*.html")))
    rows.append(
        (
            "generate (not part of any timing below)",
            f"{gen.posts:,} posts in {gsecs:.2f} s; {n_pages:,} desktop pages rendered and "
            f"written in {wsecs:.2f} s",
            "—",
            f"{cfg.players} players, {cfg.days} days, {len(gen.truth)} planted violations",
        )
    )
    print(rows[-1])
    from zoneinfo import ZoneInfo

    only = set(args.only.split(",")) if args.only else None

    def wanted(stage: str) -> bool:
        return (only is None and (stage != "archive" or args.archive)) or (
            only is not None and stage in only
        )

    def add(stage: str, new: list[Row]) -> None:
        rows.extend(new)
        for row in new:
            print(f"[{stage} {time.perf_counter() - t_total:.0f} s]", row, flush=True)

    audit_lines: list[str] = []
    info: dict[str, Any] = {"score": {}, "per_rule": []}
    if wanted("parse"):
        add("parse", stage_parse(gdir / "pages", ZoneInfo("Asia/Shanghai"), args.bs_pages))
    if wanted("audit"):
        audit_rows, audit_lines = stage_audit(game_path, args.work / "reports")
        add("audit", audit_rows)
    if wanted("rules"):
        rule_rows, info = stage_rules(game_path)
        add("rules", rule_rows)
    if wanted("nightly"):
        add("nightly", stage_nightly(gen, args.work, args.new_posts))
    if wanted("cli"):
        add("cli", stage_cli_nightly(gen, args.work, args.new_posts))
    if wanted("http"):
        add("http", stage_http_nightly(gen, args.work, args.new_posts))
    if wanted("scale"):
        add("scale", stage_scale(args.work, (args.posts, args.scale_posts), args.seed))
    if only is not None and "rerun" in only:
        add("rerun", stage_rerun(args.work, (args.posts, args.scale_posts), args.seed))
    if wanted("memory"):
        add("memory", stage_memory(args.work, (args.posts, args.scale_posts), args.seed))
    if wanted("archive"):
        add("archive", stage_archive(args.archive_posts, args.work, args.seed))
    if wanted("archive") or wanted("archive-cli"):
        add(
            "archive-cli",
            stage_archive_cli(
                args.archive_posts,
                args.work,
                args.seed,
                args.archive_games,
                args.archive_baseline,
            ),
        )
    total = time.perf_counter() - t_total
    y1 = yardstick()

    score = info["score"]
    recall = ", ".join(f"{c} {f}/{p}" for c, (f, p) in sorted(score.items()))
    md = [
        "# Benchmark results",
        "",
        f"Command: `{command.strip()}` (total {total:.0f} s)",
        "",
        f"Machine: {platform.platform()}, {os.cpu_count()} CPUs, Python "
        f"{platform.python_version()}; run {datetime.now().astimezone():%Y-%m-%d %H:%M %z}.",
        "",
        f"CPU yardstick (a fixed 3M-step Python loop): {y0:.2f} s at the start, {y1:.2f} s "
        "at the end (an idle core of this machine: about 0.25 s).",
        "",
        "| stage | auditor | baseline (same run) | note |",
        "| --- | --- | --- | --- |",
        *[f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows],
        "",
        f"Planted violations found by the enabled rules (found/planted): {recall}.",
        "",
        "Slowest rules alone (s, code, findings): "
        + ", ".join(f"{c} {s:.2f} ({n})" for s, c, n in info["per_rule"][:8])
        + ".",
        "",
        "CLI output:",
        "",
        *[f"- {line}" for line in audit_lines],
        "",
        f"Benchmark process peak RSS (VmHWM): {vm_hwm_mb():.0f} MB.",
        "",
    ]
    text = "\n".join(md)
    args.out.write_text(text, encoding="utf-8")
    print()
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
