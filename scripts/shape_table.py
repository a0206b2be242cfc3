#!/usr/bin/env python3
"""Write ``auditor/lexicons/_shape.txt``: for each character of the built-in lexicons' words, the
characters that look like it (形近, M107 判罚依据), from a maintained source: the character
data of the ``char-similar`` package (MIT, yongzhuo/char-similar: each character's stroke
order, structure, components and four-corner code).  Offline: the project reads the file it
writes, never the package.

    pip install char-similar      # (a tool's own venv: only its data files are read)
    python scripts/shape_table.py [--out auditor/lexicons/_shape.txt]

Two characters look alike when they have the same structure (left-right, top-bottom …) and

* their stroke orders differ by one stroke (one added, dropped, changed, or two neighbours
  swapped: 甩/用, 劈/壁, 甲/由), both at least four strokes long; or
* they share the first component and the four-corner code (溃/渍: 氵 and 3518).

A look-alike is kept only when it is a character of ordinary text (the package's frequency
score at least :data:`MIN_FREQUENCY`): an evader types what his input method offers.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

MIN_FREQUENCY = 10.0
MOST = 6  # look-alikes kept per character, the most frequent first
_HAN = re.compile(r"[\u4e00-\u9fff]")


def _data() -> dict[str, dict[str, object]]:
    import importlib.util

    spec = importlib.util.find_spec("char_similar")
    if spec is None or spec.submodule_search_locations is None:
        raise SystemExit("pip install char-similar first")
    folder = Path(next(iter(spec.submodule_search_locations))) / "data"
    names = ("component", "fourangle", "struct", "order", "frequency")
    return {n: json.loads((folder / f"char_{n}.dict").read_text("utf-8")) for n in names}


def one_stroke_apart(a: str, b: str) -> bool:
    """Damerau distance of two stroke orders at most one."""
    if a == b:
        return True
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [k for k, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        if len(diff) == 1:
            return True
        i, j = diff[0], diff[-1]
        return len(diff) == 2 and j == i + 1 and a[i] == b[j] and a[j] == b[i]
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:k] + long_[k + 1 :] == short for k in range(len(long_)))


def look_alike(x: str, y: str, d: dict[str, dict[str, object]]) -> bool:
    if d["struct"].get(x) != d["struct"].get(y):
        return False
    ox, oy = str(d["order"].get(x) or ""), str(d["order"].get(y) or "")
    if min(len(ox), len(oy)) >= 4 and one_stroke_apart(ox, oy):
        return True
    fx, fy = str(d["fourangle"].get(x) or ""), str(d["fourangle"].get(y) or "")
    return bool(fx) and fx[:4] == fy[:4] and d["component"].get(x) == d["component"].get(y)


def lexicon_chars() -> list[str]:
    from auditor.rules.lexicon import load

    chars: set[str] = set()
    for e in load().entries:
        if e.regex is not None:
            continue
        for form in (e.term, *e.variants):
            if len(form) >= 2 and all(_HAN.match(c) for c in form):
                chars.update(form)
    return sorted(chars)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "auditor" / "lexicons" / "_shape.txt")
    args = ap.parse_args()
    d = _data()
    freq = {c: float(v) for c, v in d["frequency"].items()}  # type: ignore[arg-type]
    pool = [c for c, f in freq.items() if f >= MIN_FREQUENCY and _HAN.match(c)]
    lines = []
    for c in lexicon_chars():
        alike = [y for y in pool if y != c and look_alike(c, y, d)]
        alike.sort(key=lambda y: -freq[y])
        if alike:
            lines.append(f"{c} {' '.join(alike[:MOST])}")
    head = (
        "# 形近字（生成的，不要手改：python scripts/shape_table.py）：每行第一个字是词库词里的字，\n"
        "# 后面是看起来像它的常用字（笔顺只差一笔，或同部件同四角号码），数据来自 char-similar 包。\n"
        "# 只用来认出“把词里的一个字换成形近字”的写法（马由 = 马甲）；换出来的写法本身是常用词时不算。\n"
    )
    args.out.write_text(head + "\n".join(lines) + "\n", "utf-8")
    print(
        f"{len(lines)} characters, {sum(len(x.split()) - 1 for x in lines)} look-alikes -> {args.out}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
