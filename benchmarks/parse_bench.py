"""Parse every desktop capture in shared/discuz N times and print pages/s.

    python benchmarks/parse_bench.py [-n 20] [--all-views]
    python benchmarks/parse_bench.py --baseline DIR [--rounds 7]   # another checkout

Compared in the same run with the simplest honest baselines: lxml parsing the
document alone (the floor) and BeautifulSoup building its tree (what we avoid).

``--baseline DIR`` (another checkout of auditor, e.g. ``git worktree add --detach DIR
a885aad``): this checkout's parser and that one's, each in a fresh process of its own
(``--worker``), take turns over the same captures for ``--rounds`` rounds of ``-n`` passes;
the medians of their pages/s and the ratio.  Every capture's parse result must be the
same in both (each post's fields the two versions share, the page's kind, numbers and
thread): the first difference stops the run.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

if "--worker" not in sys.argv:  # a worker parses with the checkout its PYTHONPATH names
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import contextlib

from auditor.models import FetchedPage

EDITIONS = ("x35-utf8", "x35-gbk", "x35-edge", "x35-edge/gbk")
CST = timezone(timedelta(hours=8))


def discuz_dir() -> Path:
    env = os.environ.get("AUDITOR_DISCUZ_DIR")
    return Path(env) if env else Path(__file__).resolve().parents[2] / "shared" / "discuz"


def load_pages(all_views: bool) -> list[FetchedPage]:
    pages = []
    root = discuz_dir()
    for edition in EDITIONS:
        records = []
        for name in ("captures.json", "rewrite/captures.json"):
            p = root / edition / name
            if p.is_file():
                records += json.loads(p.read_text(encoding="utf-8"))
        for r in records:
            f = r["file"]
            desktop = f.endswith(".html") and ("/thread-" in f or f.startswith("rewrite/thread-"))
            desktop = desktop and "printable" not in f and not f.startswith("touch/")
            if r["http_status"] != 200 or not (desktop or all_views):
                continue
            if not (f.endswith(".html") or f.endswith(".json")):
                continue
            at = datetime.fromisoformat(r["captured_at"])
            pages.append(
                FetchedPage(
                    url=r["url"],
                    status=200,
                    body=(root / edition / f).read_bytes(),
                    content_type=r["content_type"],
                    date_header=at,
                    fetched_at=at,
                )
            )
    return pages


def rate(label: str, n_pages: int, seconds: float) -> None:
    print(f"{label:<28} {n_pages / seconds:8.0f} pages/s  ({n_pages} pages in {seconds:.2f} s)")


def redact_rates(pages: list[FetchedPage], n: int) -> None:
    """``crawl.redact`` (literal-gated substitutions) vs the one combined pattern it
    replaced, on the same pages; the outputs must be identical."""
    from auditor.forum.crawl import _SECRETS, _blank, redact

    bodies = [p.body for p in pages]
    assert all(redact(b) == _SECRETS.sub(_blank, b) for b in bodies)
    t0 = time.perf_counter()
    for _ in range(n):
        for b in bodies:
            redact(b)
    ours = time.perf_counter() - t0
    t0 = time.perf_counter()
    for _ in range(n):
        for b in bodies:
            _SECRETS.sub(_blank, b)
    base = time.perf_counter() - t0
    rate("auditor.forum.crawl.redact", len(bodies) * n, ours)
    rate("combined pattern (baseline)", len(bodies) * n, base)
    print(f"{'':<28} ({base / ours:.1f}x faster, identical output)")


def _plain(value: object) -> object:
    """A parse result as JSON-able data (dataclasses by field, enums by value)."""
    import dataclasses
    import enum

    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, datetime):
        return value.isoformat()
    return value


def worker(n: int, all_views: bool, out: Path) -> None:
    """``--worker``: this process's ``auditor`` (whichever checkout PYTHONPATH names)
    parses every capture ``n`` times; writes the seconds and each capture's result."""
    try:
        from auditor.forum.parse import parse_page as parse
    except ImportError:  # an older checkout: auditor.parse
        from auditor.parse import parse_page as parse  # type: ignore[no-redef]
    from auditor.errors import PageError
    from auditor.models import FetchedPage as Page

    pages = [
        Page(p.url, p.status, p.body, p.content_type, p.date_header, p.fetched_at)
        for p in load_pages(all_views)
    ]
    results: list[object] = []
    for page in pages:
        try:
            results.append(_plain(parse(page, CST)))
        except PageError as exc:
            results.append({"error": type(exc).__name__})
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(n):
        for page in pages:
            with contextlib.suppress(PageError):
                parse(page, CST)
    secs, cpu = time.perf_counter() - t0, time.process_time() - c0
    out.write_text(
        json.dumps({"seconds": secs, "cpu": cpu, "pages": len(pages), "results": results})
    )


def _first_difference(a: object, b: object, where: str = "") -> str | None:
    """Where two results differ (dicts compared on the keys both have), or None."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) & set(b)):
            d = _first_difference(a[k], b[k], f"{where}.{k}")
            if d:
                return d
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{where}: {len(a)} items against {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            d = _first_difference(x, y, f"{where}[{i}]")
            if d:
                return d
        return None
    return None if a == b else f"{where}: {a!r} against {b!r}"


def versus(baseline: Path, n: int, rounds: int, all_views: bool) -> None:
    """This checkout's parser against ``baseline``'s, in turns (see the docstring)."""
    import os
    import statistics
    import subprocess
    import tempfile

    root = Path(__file__).resolve().parents[1]
    checkouts = {"this checkout": root, "baseline": baseline.resolve()}
    rates: dict[str, list[float]] = {name: [] for name in checkouts}
    cpu_rates: dict[str, list[float]] = {name: [] for name in checkouts}  # pages per CPU s
    results: dict[str, list[object]] = {}
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="parse-bench-") as tmp:
        for r in range(rounds):
            order = list(checkouts.items())[:: 1 if r % 2 == 0 else -1]
            for name, checkout in order:
                out = Path(tmp) / f"{name}.json"
                env = {**os.environ, "PYTHONPATH": str(checkout)}
                argv = [sys.executable, __file__, "--worker", str(out), "-n", str(n)]
                argv += ["--all-views"] if all_views else []
                subprocess.run(argv, env=env, check=True, cwd=checkout)
                got = json.loads(out.read_text())
                rates[name].append(got["pages"] * n / got["seconds"])
                cpu_rates[name].append(got["pages"] * n / got["cpu"])
                results.setdefault(name, got["results"])
    load = max(load, os.getloadavg()[0])
    ours, base = results["this checkout"], results["baseline"]
    if len(ours) != len(base):
        raise SystemExit(f"{len(ours)} captures parsed against {len(base)}")
    for i, (a, b) in enumerate(zip(ours, base, strict=True)):
        diff = _first_difference(a, b)
        if diff:
            raise SystemExit(f"capture {i}: the parse results differ at {diff}")
    med = {name: statistics.median(v) for name, v in rates.items()}
    print(
        f"median of {rounds} rounds of {n} passes, the two taking turns; load average (1 min)"
        f" up to {load:.1f} on {os.cpu_count()} cores"
    )
    for name, v in rates.items():
        print(f"  {name:14} {med[name]:7.0f} pages/s  (min {min(v):.0f}, max {max(v):.0f})")
    cpu = {name: statistics.median(v) for name, v in cpu_rates.items()}
    for name, v in cpu_rates.items():
        print(f"  {name:14} {cpu[name]:7.0f} pages per CPU s  (min {min(v):.0f}, max {max(v):.0f})")
    print(
        f"  this checkout / the baseline: {med['this checkout'] / med['baseline']:.2f}x wall,"
        f" {cpu['this checkout'] / cpu['baseline']:.2f}x CPU (the steadier figure on a loaded"
        f" machine); identical results on all {len(ours)} captures"
    )
    # each round's own ratio: the two ran a few seconds apart, under much the same load
    for label, got in (("wall", rates), ("CPU", cpu_rates)):
        paired = sorted(a / b for a, b in zip(got["this checkout"], got["baseline"], strict=True))
        print(
            f"  paired, round by round, {label}: median {statistics.median(paired):.2f}x"
            f" (min {paired[0]:.2f}, max {paired[-1]:.2f})"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=20, help="passes over the pages")
    ap.add_argument("--all-views", action="store_true", help="also API, printable, touch")
    ap.add_argument("--baselines", action="store_true", help="also time lxml alone and bs4")
    ap.add_argument("--baseline", type=Path, help="another checkout, timed in turns with this")
    ap.add_argument("--rounds", type=int, default=7, help="--baseline: rounds (default 7)")
    ap.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker is not None:
        worker(args.n, args.all_views, args.worker)
        return
    if args.baseline is not None:
        versus(args.baseline, args.n, args.rounds, args.all_views)
        return
    pages = load_pages(args.all_views)
    from auditor.errors import PageError
    from auditor.forum.parse import decode_body, parse_page

    t0 = time.perf_counter()
    posts = 0
    for _ in range(args.n):
        for page in pages:
            with contextlib.suppress(PageError):
                posts += len(parse_page(page, CST).posts)
    rate("auditor.forum.parse.parse_page", len(pages) * args.n, time.perf_counter() - t0)
    print(f"{'':<28} ({posts // args.n} posts per pass)")
    redact_rates(pages, args.n)
    if args.baselines:
        import lxml.html

        texts = [decode_body(p.body, p.content_type, p.url)[0] for p in pages]
        t0 = time.perf_counter()
        for _ in range(args.n):
            for text in texts:
                lxml.html.document_fromstring(text)
        rate("lxml document_fromstring", len(texts) * args.n, time.perf_counter() - t0)
        from bs4 import BeautifulSoup

        reps = max(1, args.n // 10)
        t0 = time.perf_counter()
        for _ in range(reps):
            for text in texts:
                BeautifulSoup(text, "lxml")
        rate("BeautifulSoup(lxml)", len(texts) * reps, time.perf_counter() - t0)


if __name__ == "__main__":
    main()
