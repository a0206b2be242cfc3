"""What a desk game page (``auditor serve``: the report view, the last audit, the
待确认 list) costs, reading the pending proposals from the check's stored records against
building the rules' context over every post again (how the page worked before).

    python benchmarks/desk_bench.py          # 10 rounds

The sample game's minimal file (``examples/sample/minimal.toml``: threads, days and events
discovered from the saved pages) is copied to a temporary folder and audited once; then
each round calls what ``game_page`` calls (``auditor.desk.actions``: ``records``,
``last_audit``, ``proposals``) once each way, alternating, in this process.  CPU seconds
(``time.process_time``), medians; the ratio is of the same run.

    python benchmarks/desk_bench.py --clients 8            # the desk under several directors

A generated game (benchmarks/generate.py, 10,000 posts by default) audited once, served by
a real ``auditor serve`` on loopback; each client signs in with its own session and, round
after round, loads the game page and rejects one pending draft of its own (the page's
script's request: ``X-Desk-Fetch``, answered in JSON).  First one client alone (the
sequential figures), then ``--clients`` at once, started together.  Wall-clock
milliseconds per request: p50, p95 and max; the report folder count before and after (a
decision rewrites the newest folder in place).
"""

from __future__ import annotations

import argparse
import math
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _percentiles(xs: list[float]) -> str:
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, math.ceil(0.95 * len(xs)) - 1)]
    return f"p50 {statistics.median(xs) * 1000:6.0f}  p95 {p95 * 1000:6.0f}  max {xs[-1] * 1000:6.0f} ms (n={len(xs)})"


def _client(base: str, slug: str, password: str) -> Any:
    import requests

    s = requests.Session()
    page = s.get(f"{base}/g/{slug}/login", timeout=60).text
    token = re.search(r'name="csrf" value="([^"]+)"', page)
    assert token
    r = s.post(
        f"{base}/g/{slug}/login",
        data={"csrf": token.group(1), "director": "导演", "password": password},
        timeout=60,
    )
    assert r.status_code == 200 and 'id="signed-in"' in r.text, r.status_code
    return s


def _work(
    s: Any, base: str, slug: str, ids: list[str], pages: list[float], decisions: list[float]
) -> None:
    for ident in ids:
        t = time.perf_counter()
        r = s.get(f"{base}/g/{slug}", timeout=120)
        pages.append(time.perf_counter() - t)
        assert r.status_code == 200
        token = re.search(r'name="csrf" value="([^"]+)"', r.text)
        assert token
        t = time.perf_counter()
        r = s.post(
            f"{base}/g/{slug}/decide",
            data={"csrf": token.group(1), "id": ident, "rev": "", "action": "reject"},
            headers={"X-Desk-Fetch": "1"},
            timeout=120,
        )
        decisions.append(time.perf_counter() - t)
        assert r.status_code == 200 and r.json()["ok"], r.text[:300]


def concurrent(clients: int, rounds: int, posts: int) -> None:
    """The desk under ``clients`` directors at once, beside one alone (see the docstring)."""
    import subprocess
    import threading

    from auditor import pipeline
    from auditor.desk import actions
    from auditor.desk.auth import hash_password
    from tests.desk_helpers import desk_server, draft_ids

    sys.path.insert(0, str(ROOT / "benchmarks"))
    password = "压测-密码-123"
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "game"
        subprocess.run(
            [
                sys.executable,
                str(ROOT / "benchmarks" / "generate.py"),
                str(out),
                "--posts",
                str(posts),
            ],
            check=True,
            capture_output=True,
        )
        path = out / "game.toml"
        pipeline.audit(path, reports=out / "reports", workbook=True)
        actions.set_password(actions.load(path), "导演", hash_password(password))
        with desk_server(path) as srv:
            folders = len(list((srv.reports / srv.slug).glob("2*")))
            one = _client(srv.base, srv.slug, password)
            ids = [i for _c, i in draft_ids(srv.page(one))]
            need = rounds * (clients + 1)
            assert len(ids) >= need, f"{len(ids)} drafts, {need} needed"
            seq_pages: list[float] = []
            seq_decisions: list[float] = []
            _work(one, srv.base, srv.slug, ids[:rounds], seq_pages, seq_decisions)
            sessions = [_client(srv.base, srv.slug, password) for _ in range(clients)]
            pages: list[float] = []
            decisions: list[float] = []
            start = threading.Barrier(clients)

            def run(k: int) -> None:
                mine = ids[rounds * (k + 1) : rounds * (k + 2)]
                start.wait()
                _work(sessions[k], srv.base, srv.slug, mine, pages, decisions)

            threads = [threading.Thread(target=run, args=(k,)) for k in range(clients)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            after = len(list((srv.reports / srv.slug).glob("2*")))
    print(f"desk, {posts} posts, {rounds} rounds a client (page load + one decision), wall ms:")
    print(f"  1 client   page      {_percentiles(seq_pages)}")
    print(f"  1 client   decision  {_percentiles(seq_decisions)}")
    print(f"  {clients} clients  page      {_percentiles(pages)}")
    print(f"  {clients} clients  decision  {_percentiles(decisions)}")
    print(
        f"  report folders: {folders} before, {after} after {len(decisions) + len(seq_decisions)} decisions"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=10)
    ap.add_argument("--clients", type=int, default=0, help="several directors at once")
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--posts", type=int, default=10_000)
    args = ap.parse_args()
    if args.clients:
        concurrent(args.clients, args.rounds, args.posts)
        return

    import auditor.rules.engine as engine
    from auditor import pipeline
    from auditor.desk import actions

    sample = ROOT / "examples" / "sample"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "minimal.toml"
        text = (sample / "minimal.toml").read_text("utf-8")
        path.write_text(text.replace('pages = "pages/"', f'pages = "{sample / "pages"}"'), "utf-8")
        shutil.copytree(sample / "pages", Path(tmp) / "pages")
        pipeline.audit(path, reports=Path(tmp) / "reports")
        game = actions.load(path)
        stored = engine.current_records

        def page() -> tuple[int, float]:
            t = time.process_time()
            actions.records(game)
            actions.last_audit(game)
            n = len(actions.proposals(game))
            return n, time.process_time() - t

        def rebuilt() -> tuple[int, float]:
            engine.current_records = lambda *a, **k: None  # stale records: the old path
            try:
                return page()
            finally:
                engine.current_records = stored

        page(), rebuilt()  # warm: imports, caches
        new: list[float] = []
        old: list[float] = []
        for _ in range(args.n):
            n_new, t_new = page()
            n_old, t_old = rebuilt()
            assert n_new == n_old, (n_new, n_old)
            new.append(t_new)
            old.append(t_old)
    a, b = statistics.median(new), statistics.median(old)
    print(f"desk page, sample game ({n_new} proposals), median of {args.n} rounds (CPU s):")
    print(f"  proposals from the stored records: {a:.4f}")
    print(f"  context rebuilt over every post:   {b:.4f}")
    print(f"  ratio: {a / b:.2f}x ({b / a:.1f}x faster)")


if __name__ == "__main__":
    main()
