"""Validate phrases_holdout3.tsv (stdlib only). Prints counts only; exit 1 on problems."""
import collections
import os
import re
import sys

CATEGORIES = {
    "BODY", "VULGAR", "ANIMAL", "KIN", "IQ", "CHARACTER", "OATH", "CURSE",
    "GUARANTEE", "FACE", "EMOTION", "SOCKPUPPET", "PASTGAME", "SUBSTITUTE",
    "ASSISTANT", "DIRECTOR", "BLAME", "AWARD", "DROWN",
}
EVASIONS = {
    "none", "fullwidth", "traditional", "noise", "repeat", "pinyin",
    "initials", "homophone", "lookalike", "pattern", "mixed",
}
HEADER = ["id", "label", "evasion", "text", "note"]


def main(path):
    problems = collections.Counter()
    per_cat = collections.Counter()
    per_ev = collections.Counter()
    ids, texts = set(), set()
    pos = neg = multi = rows = 0
    with open(path, encoding="utf-8", newline="") as fh:
        lines = fh.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines or lines[0].split("\t") != HEADER:
        problems["header"] += 1
    for n, line in enumerate(lines[1:], 1):
        rows += 1
        cols = line.split("\t")
        if len(cols) != 5:
            problems["columns"] += 1
            continue
        rid, label, ev, text, _note = cols
        if not re.fullmatch(r"Y\d{4}", rid) or rid != f"Y{n:04d}":
            problems["id_format_or_order"] += 1
        if rid in ids:
            problems["duplicate_id"] += 1
        ids.add(rid)
        if not text.strip() or text != text.strip():
            problems["text_blank_or_padded"] += 1
        if text in texts:
            problems["duplicate_text"] += 1
        texts.add(text)
        if label == "NONE":
            neg += 1
            if ev != "-":
                problems["negative_evasion"] += 1
            continue
        parts = label.split("|")
        if len(parts) != len(set(parts)) or not all(p in CATEGORIES for p in parts):
            problems["bad_label"] += 1
            continue
        pos += 1
        multi += len(parts) > 1
        for p in parts:
            per_cat[p] += 1
        if ev not in EVASIONS:
            problems["bad_evasion"] += 1
        per_ev[ev] += 1
    if rows < 300:
        problems["fewer_than_300_rows"] += 1
    if neg < pos:
        problems["fewer_negatives_than_positives"] += 1
    for c in CATEGORIES:
        if per_cat[c] < 7:
            problems["category_below_7"] += 1
    print(f"rows {rows}")
    print(f"positives {pos} (multi-label {multi})")
    print(f"negatives {neg}")
    for c in sorted(CATEGORIES):
        print(f"  {c} {per_cat[c]}")
    for e in sorted(per_ev):
        print(f"  evasion {e} {per_ev[e]}")
    for k in sorted(problems):
        print(f"problem {k} {problems[k]}")
    print(f"problems {sum(problems.values())}")
    return 1 if problems else 0


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "phrases_holdout3.tsv")))
