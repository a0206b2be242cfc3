#!/usr/bin/env python3
"""Validate the frozen banned-phrase dev set (stdlib only).

Usage:  python3 tests/devset/check_devset.py [DIR]

Checks the format of phrases_dev.tsv and phrases_holdout.tsv, id and text
uniqueness (within and across the two files), allowed labels and evasions,
sizes, the positive/negative balance, per-category minimums and the presence of
every seed example phrase in the dev file. Prints per-category counts only;
it never prints holdout text, so running it does not leak the holdout.
Exit status 0 = pass, 1 = fail.
"""
import collections
import os
import re
import sys

CATEGORIES = [
    "BODY", "VULGAR", "ANIMAL", "KIN", "IQ", "CHARACTER", "OATH", "CURSE",
    "GUARANTEE", "FACE", "EMOTION", "SOCKPUPPET", "PASTGAME", "SUBSTITUTE",
    "ASSISTANT", "DIRECTOR", "BLAME", "AWARD", "DROWN",
]
EVASIONS = [
    "none", "fullwidth", "traditional", "noise", "repeat", "pinyin",
    "initials", "homophone", "lookalike", "pattern", "mixed",
]
TAB = "\t"
HEADER = ["id", "label", "evasion", "text", "note"]

# Every example quoted in the seeds' 违规判定 sections (only 030 gives examples;
# M107 lists clauses without examples; 版杀7 and M39 seeds have no such section).
SEED_EXAMPLES = [
    "我准备好背锅了",                          # 030 1(1)
    "一定要选他当MVP",                         # 030 1(2)
    "最佳演绎收好",                            # 030 1(2)
    "结束后求认识",                            # 030 1(2)
    "已拉黑，一律不共场",                      # 030 1(2)
    "取酒 21:15:03 反馈：村民阵营",            # 030 1(3) (PASTE-CHATLOG, NONE here)
    "我能说脏话吗",                            # 030 2(1)
    "卧槽真吊",                                # 030 2(2)
    "你杀品真差",                              # 030 2(4)
    "不信我你等着结束后看演员表吧",            # 030 2(7)
    "他都这么贴脸了，我没法不信他",            # 030 2(8)
    "导演给我的反馈就是这样的",                # 030 3(1)
    "我刚刚问过导演了，规则是这样结算的",      # 030 3(1)
    "你知道我刀法很差的",                      # 030 4(1)
    "媳妇GET(2/3)",                            # 030 4(2)
    "你忘了那场女巫黑情侣了？",                # 030 4(3)
    "他这么换替补我怎么认他狼",                # 030 4(4)
    "我信A，但是我场助比较信B",                # 030 4(5)
    "你们要出我不如我淹死好了",                # 030 7(4)
]

MIN_LINES = {"dev": 420, "holdout": 140}
MIN_PER_CAT = {"dev": 12, "holdout": 4}
PREFIX = {"dev": "D", "holdout": "H"}


def load(path, kind, errors):
    rows = []
    try:
        raw = open(path, "rb").read()
    except OSError as e:
        errors.append(f"{kind}: cannot read {path}: {e}")
        return rows
    try:
        data = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        errors.append(f"{kind}: not UTF-8: {e}")
        return rows
    if data.startswith("\ufeff"):
        errors.append(f"{kind}: has a BOM")
    if "\r" in data:
        errors.append(f"{kind}: contains CR characters")
    if not data.endswith("\n"):
        errors.append(f"{kind}: no final newline")
    lines = data.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines or lines[0].split("\t") != HEADER:
        errors.append(f"{kind}: header must be {TAB.join(HEADER)!r}")
        return rows
    for n, line in enumerate(lines[1:], start=2):
        cols = line.split("\t")
        if len(cols) != 5:
            errors.append(f"{kind} line {n}: {len(cols)} columns, want 5")
            continue
        rows.append((n, *cols))
    return rows


def check_file(kind, rows, errors):
    stats = collections.Counter()
    per_cat = collections.Counter()
    evasion_by_cat = collections.defaultdict(collections.Counter)
    id_re = re.compile(rf"^{PREFIX[kind]}\d{{4}}$")
    expected = 1
    for n, rid, label, evasion, text, note in rows:
        where = f"{kind} line {n} ({rid})"
        if not id_re.match(rid):
            errors.append(f"{where}: bad id format")
        elif int(rid[1:]) != expected:
            errors.append(f"{where}: ids not sequential (want {PREFIX[kind]}{expected:04d})")
        expected += 1
        if not (1 <= len(text) <= 80):
            errors.append(f"{where}: text length {len(text)} not in 1..80")
        if text != text.strip():
            errors.append(f"{where}: text has leading/trailing whitespace")
        if label == "NONE":
            stats["neg"] += 1
            if evasion != "-":
                errors.append(f"{where}: NONE line must have evasion '-'")
            continue
        stats["pos"] += 1
        cats = label.split("|")
        if len(cats) != len(set(cats)) or len(cats) > 2:
            errors.append(f"{where}: bad multi-label {label!r}")
        for c in cats:
            if c not in CATEGORIES:
                errors.append(f"{where}: unknown label {c!r}")
                continue
            per_cat[c] += 1
            evasion_by_cat[c][evasion] += 1
        if evasion not in EVASIONS:
            errors.append(f"{where}: unknown evasion {evasion!r}")
        if note.startswith("seed") and kind != "dev":
            errors.append(f"{where}: seed lines belong in dev")
    total = len(rows)
    if total < MIN_LINES[kind]:
        errors.append(f"{kind}: {total} lines < {MIN_LINES[kind]}")
    if stats["neg"] < stats["pos"]:
        errors.append(f"{kind}: {stats['neg']} negatives < {stats['pos']} positives")
    for c in CATEGORIES:
        if per_cat[c] < MIN_PER_CAT[kind]:
            errors.append(f"{kind}: {c} has {per_cat[c]} positives < {MIN_PER_CAT[kind]}")
    return stats, per_cat, evasion_by_cat


def main():
    base = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    errors = []
    files = {k: load(os.path.join(base, f"phrases_{k}.tsv"), k, errors)
             for k in ("dev", "holdout")}
    results = {k: check_file(k, rows, errors) for k, rows in files.items()}

    seen_id, seen_text = {}, {}
    for kind, rows in files.items():
        for n, rid, _label, _ev, text, _note in rows:
            if rid in seen_id:
                errors.append(f"{kind} line {n}: duplicate id {rid} (first in {seen_id[rid]})")
            seen_id.setdefault(rid, kind)
            if text in seen_text:
                errors.append(f"{kind} line {n} ({rid}): duplicate text (first {seen_text[text]})")
            seen_text.setdefault(text, f"{kind} {rid}")

    dev_seed = {text for _n, _id, _l, _e, text, note in files["dev"] if note.startswith("seed")}
    for ex in SEED_EXAMPLES:
        if ex not in dev_seed:
            errors.append(f"dev: seed example {ex!r} missing (or not noted 'seed')")

    print(f"{'category':<12}{'dev':>6}{'holdout':>9}")
    for c in CATEGORIES:
        print(f"{c:<12}{results['dev'][1][c]:>6}{results['holdout'][1][c]:>9}")
    for kind in ("dev", "holdout"):
        st = results[kind][0]
        print(f"{kind}: {len(files[kind])} lines, {st['pos']} positive, {st['neg']} NONE")
    ev = collections.Counter()
    for c in CATEGORIES:
        ev.update(results["dev"][2][c])
    print("dev evasions:", ", ".join(f"{e}={ev[e]}" for e in EVASIONS))
    print("dev categories per evasion:",
          ", ".join(f"{e}={sum(1 for c in CATEGORIES if results['dev'][2][c][e])}" for e in EVASIONS))

    if errors:
        print(f"\nFAIL: {len(errors)} problem(s)")
        for e in errors:
            print("  " + e)
        return 1
    print("\nOK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
