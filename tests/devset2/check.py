"""Validate tests/devset2/phrases_holdout2.tsv (stdlib only).

Checks the format, unique ids and texts, allowed labels and evasions, and the
minimum counts. Prints counts only (never the lines). Exit status 1 on any
problem.

    python tests/devset2/check.py [path]
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

HEADER = ["id", "label", "evasion", "text", "note"]
CATEGORIES = [
    "BODY",
    "VULGAR",
    "ANIMAL",
    "KIN",
    "IQ",
    "CHARACTER",
    "OATH",
    "CURSE",
    "GUARANTEE",
    "FACE",
    "EMOTION",
    "SOCKPUPPET",
    "PASTGAME",
    "SUBSTITUTE",
    "ASSISTANT",
    "DIRECTOR",
    "BLAME",
    "AWARD",
    "DROWN",
]
EVASIONS = {
    "none",
    "fullwidth",
    "traditional",
    "noise",
    "repeat",
    "pinyin",
    "initials",
    "homophone",
    "lookalike",
    "pattern",
    "mixed",
}
MIN_LINES = 300
MIN_PER_CATEGORY = 7


def check(path: Path) -> int:
    problems: list[str] = []
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        print(f"problem: not UTF-8 ({exc})")
        return 1
    if text.startswith("\ufeff"):
        problems.append("file starts with a BOM")
    if "\r" in text:
        problems.append("CR line endings")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines or lines[0].split("\t") != HEADER:
        problems.append("bad header")
    ids: set[str] = set()
    texts: set[str] = set()
    per_cat: Counter[str] = Counter()
    per_ev: Counter[str] = Counter()
    n_pos = n_neg = n_multi = 0
    for no, line in enumerate(lines[1:], start=2):
        cols = line.split("\t")
        if len(cols) != 5:
            problems.append(f"line {no}: {len(cols)} columns")
            continue
        rid, label, evasion, body, _note = cols
        want = f"X{no - 1:04d}"
        if rid != want:
            problems.append(f"line {no}: id {rid!r}, expected {want}")
        if rid in ids:
            problems.append(f"line {no}: duplicate id")
        ids.add(rid)
        if not body.strip() or body != body.strip():
            problems.append(f"line {no}: empty or padded text")
        if body in texts:
            problems.append(f"line {no}: duplicate text")
        texts.add(body)
        if label == "NONE":
            n_neg += 1
            if evasion != "-":
                problems.append(f"line {no}: NONE needs evasion '-'")
            continue
        parts = label.split("|")
        if len(parts) != len(set(parts)) or any(p not in CATEGORIES for p in parts):
            problems.append(f"line {no}: bad label")
            continue
        n_pos += 1
        n_multi += len(parts) > 1
        for p in parts:
            per_cat[p] += 1
        if evasion not in EVASIONS:
            problems.append(f"line {no}: bad evasion")
        per_ev[evasion] += 1

    total = n_pos + n_neg
    if total < MIN_LINES:
        problems.append(f"only {total} lines (< {MIN_LINES})")
    if n_neg < n_pos:
        problems.append(f"fewer negatives ({n_neg}) than positives ({n_pos})")
    for cat in CATEGORIES:
        if per_cat[cat] < MIN_PER_CATEGORY:
            problems.append(f"{cat}: {per_cat[cat]} positives (< {MIN_PER_CATEGORY})")

    print(f"lines {total}  positives {n_pos} (multi-label {n_multi})  NONE {n_neg}")
    print("per category: " + "  ".join(f"{c} {per_cat[c]}" for c in CATEGORIES))
    print("per evasion: " + "  ".join(f"{e} {per_ev[e]}" for e in sorted(per_ev)))
    print(f"problems {len(problems)}")
    for p in problems:
        # Problems name line numbers only, never the text.
        print("  " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    default = Path(__file__).with_name("phrases_holdout2.tsv")
    sys.exit(check(Path(sys.argv[1]) if len(sys.argv) > 1 else default))
