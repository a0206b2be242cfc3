"""A ratchet on complexity, not a rewrite (issue 33): fail when code under auditor/ gets
harder to read than it is today.

* A function (or method) with a cyclomatic complexity over 20 or more than 80 lines fails,
  unless scripts/ratchet_baseline.json lists it, and then it may not get worse than its
  listed figures.
* The count of the word ``Any`` in auditor/**/*.py (as ``grep -rwo Any auditor
  --include='*.py' | wc -l`` counts it) may not rise above the baseline's.

Lower the baseline as code improves: ``python scripts/ratchet.py --write`` records
today's figures (run it after a change that made things better, never to let one pass
that made them worse; the diff of the JSON file shows which).

    python scripts/ratchet.py            # CI (.ci/run), before the tests
    python scripts/ratchet.py --write    # record today's figures as the baseline
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from radon.complexity import cc_visit
from radon.visitors import Class, Function

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "auditor"
BASELINE = Path(__file__).with_name("ratchet_baseline.json")
MAX_CC = 20
MAX_LINES = 80
# grep -w: a word is a run of letters, digits and underscores (ASCII here: the package's
# identifiers are).
ANY_WORD = re.compile(r"(?<![A-Za-z0-9_])Any(?![A-Za-z0-9_])")


def _functions(blocks: list[Function | Class], prefix: str = "") -> Iterator[tuple[str, Function]]:
    """Every function, method and nested function radon sees, by its dotted name."""
    for block in blocks:
        name = f"{prefix}{block.name}"
        if isinstance(block, Class):
            yield from _functions(list(block.methods) + list(block.inner_classes), f"{name}.")
        else:
            yield name, block
            yield from _functions(list(block.closures), f"{name}.")


def measure(package: Path = PACKAGE) -> tuple[dict[str, dict[str, int]], int]:
    """(every function over a limit: its complexity and lines, the count of ``Any``)."""
    over: dict[str, dict[str, int]] = {}
    anys = 0
    for path in sorted(package.rglob("*.py")):
        text = path.read_text("utf-8")
        anys += len(ANY_WORD.findall(text))
        where = path.relative_to(package.parent).as_posix()
        for name, fn in _functions(cc_visit(text)):
            lines = fn.endline - fn.lineno + 1
            if fn.complexity > MAX_CC or lines > MAX_LINES:
                over[f"{where}::{name}"] = {"cc": fn.complexity, "lines": lines}
    return over, anys


def problems(
    over: dict[str, dict[str, int]], anys: int, baseline: dict[str, object]
) -> tuple[list[str], list[str]]:
    """(what fails the ratchet, what could be lowered in the baseline)."""
    listed: dict[str, dict[str, int]] = baseline.get("functions", {})  # type: ignore[assignment]
    most_any = int(baseline.get("any", 0))  # type: ignore[call-overload]
    failed: list[str] = []
    lower: list[str] = []
    for key, now in sorted(over.items()):
        was = listed.get(key)
        if was is None:
            failed.append(
                f"{key}: complexity {now['cc']}, {now['lines']} lines"
                f" (the limits: complexity {MAX_CC}, {MAX_LINES} lines)"
            )
        elif now["cc"] > was["cc"] or now["lines"] > was["lines"]:
            failed.append(
                f"{key}: complexity {was['cc']} -> {now['cc']}, lines {was['lines']} -> "
                f"{now['lines']} (a listed function may not get worse)"
            )
        elif now != was:
            lower.append(f"{key}: now complexity {now['cc']}, {now['lines']} lines")
    lower += [f"{key}: within the limits now (drop it)" for key in sorted(set(listed) - set(over))]
    if anys > most_any:
        failed.append(f"the word Any: {anys} in auditor/ (the baseline allows {most_any})")
    elif anys < most_any:
        lower.append(f"the word Any: {anys} now (the baseline says {most_any})")
    return failed, lower


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="record today's figures")
    args = parser.parse_args(argv)
    over, anys = measure()
    if args.write:
        data = {"limits": {"cc": MAX_CC, "lines": MAX_LINES}, "any": anys, "functions": over}
        BASELINE.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", "utf-8")
        print(f"ratchet: wrote {BASELINE.name}: {len(over)} functions over a limit, Any {anys}")
        return 0
    failed, lower = problems(over, anys, json.loads(BASELINE.read_text("utf-8")))
    for line in lower:
        print(f"ratchet: can be lowered: {line}")
    for line in failed:
        print(f"ratchet: FAILED: {line}", file=sys.stderr)
    if failed:
        print(
            f"ratchet: {len(failed)} problem(s): split the function, or type what is Any"
            " (scripts/ratchet.py).",
            file=sys.stderr,
        )
        return 1
    print(f"ratchet: ok ({len(over)} listed functions over a limit, Any {anys})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
