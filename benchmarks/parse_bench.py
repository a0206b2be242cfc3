"""Parse every desktop capture in shared/discuz N times and print pages/s.

    python benchmarks/parse_bench.py [-n 20] [--all-views]

Compared in the same run with the simplest honest baselines: lxml parsing the
document alone (the floor) and BeautifulSoup building its tree (what we avoid).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import contextlib

from auditor.forum.parse import decode_body, parse_page
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=20, help="passes over the pages")
    ap.add_argument("--all-views", action="store_true", help="also API, printable, touch")
    ap.add_argument("--baselines", action="store_true", help="also time lxml alone and bs4")
    args = ap.parse_args()
    pages = load_pages(args.all_views)
    from auditor.errors import PageError

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
