"""What a desk game page (``auditor serve``: the report view, the last audit, the
待确认 list) costs, reading the pending proposals from the check's stored records against
building the rules' context over every post again (how the page worked before).

    python benchmarks/desk_bench.py          # 10 rounds

The sample game's minimal file (``examples/sample/minimal.toml``: threads, days and events
discovered from the saved pages) is copied to a temporary folder and audited once; then
each round calls what ``game_page`` calls (``auditor.desk.actions``: ``records``,
``last_audit``, ``proposals``) once each way, alternating, in this process.  CPU seconds
(``time.process_time``), medians; the ratio is of the same run.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=10)
    args = ap.parse_args()

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
