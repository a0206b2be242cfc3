#!/usr/bin/env python3
"""Do the writer games audit the same from their minimal game file as from their full one?

    python3 scripts/discovery_games.py [tests/games/discovery/NAME ...] [--diff]

Each game under tests/games/discovery/ (written by a helper who had not read the discovery
code: tests/games/discovery/README.md), and a director's own game under
tests/games/discovery_fh42/ (his nights, his truth), holds a writer script, its FULL game
file (the truth: threads, days, events as the director announced them), its MINIMAL game
file (tag, board, players) and the cut-off time of each of its nights (three; his two).  For every night the script is
rendered as the forum stood then (the posts made by the cut-off, tools.writer.at_snapshot),
the full file is cut to what the director had stated by then (threads with a post, days and
killbar7 环节 (``[[day.phase]]``) already open, events happened; a day or 环节 that opens after the
cut-off is dropped, and a thread of a dropped day -- 版杀7's night thread, posted before the day
it counts for -- stays in the file without its day), and both files are audited; the report's activity, votes, tally, findings and
ledger CSVs must be equal.  Prints one line per game and night (same / the files that
differ); ``--diff`` shows the first differing lines.

One clause is compared as a placeholder: the 公示 time a GHOST-POST explanation gives (030
counts 诈尸 from the 公示).  The full files carry no ``announced`` (the writers' convention,
tests/games/discovery/README.md), so the full run can only say 没有晚于出局时间的公示 where
discovery reads the 公示 from the director's post; whether a post is flagged, and its card,
are still compared.

A second one (session 43, since an audit of saved pages judges "now" by their own time, the
night's cut-off, not the machine's clock): who records a vote-out the tally disagrees with —
the full file's 游戏文件记录的 against discovery's 论坛公示（第 N 楼）记录的, the same event
from the post the full file took it from; the tally and the note itself are compared.

A third (session 51): the name of a 环节 the full file leaves unnamed (环节N, the writers
named a 环节 only when they chose to; discovery names it by its vote thread's title, 环节一 ·
试探性投票 → 试探性投票) — a 环节 the full file names is compared by its name.
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
import tempfile
import tomllib
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import tomlkit  # noqa: E402

from auditor.pipeline import audit as run_audit  # noqa: E402
from tools.writer import Snapshot, at_snapshot, load_script, write_site  # noqa: E402

GAMES = ROOT / "tests" / "games" / "discovery"
# a director's own game, its truth his (session 42's first hour): run with the writer games
OWN_GAMES = ROOT / "tests" / "games" / "discovery_fh42"
COMPARED = ("activity.csv", "votes.csv", "tally.csv", "findings.csv", "ledger.csv")


def _cut_full(text: str, cutoff: datetime, tids: set[int]) -> str:
    """The full game file as the director had stated it at ``cutoff``."""
    doc = tomlkit.parse(text)
    for key, keep in (
        ("thread", lambda t: int(t["tid"]) in tids),
        ("day", lambda d: d["opens"] <= cutoff),
        ("event", lambda e: (e.get("at") or e.get("from")) <= cutoff),
    ):
        if key in doc:
            kept = [x for x in doc[key] if keep(x)]
            arr = tomlkit.aot()
            for x in kept:
                arr.append(x)
            doc[key] = arr
    days = {int(d["number"]) for d in doc.get("day", [])}
    for thread in doc.get("thread", []):
        if "day" in thread and int(thread["day"]) not in days:
            del thread["day"]
    for day in doc.get("day", []):
        # A 环节 (killbar7's phase) that opens after the cut-off is not stated yet either.
        if "phase" in day:
            phases = tomlkit.aot()
            for phase in day["phase"]:
                if phase["opens"] <= cutoff:
                    phases.append(phase)
            if phases:
                day["phase"] = phases
            else:
                del day["phase"]
    return tomlkit.dumps(doc)


# the 公示 time of a GHOST-POST explanation (rules/ghost.py), which only discovery knows: the
# full game file names no 公示 post (没有晚于出局时间的公示), the minimal one's discovery may
# find it — the same finding.  Where the full side names a time, the minimal side must name it.
_NO_NOTICE = "（没有晚于出局时间的公示，按出局时间算）"
_ANNOUNCED = re.compile(r"，\d{2}-\d{2} \d{2}:\d{2}:\d{2} 公示|" + re.escape(_NO_NOTICE))


# who records a result the tally disagrees with (rules/votebook/tally.py _recorded): the full
# game file, or the forum post discovery read it from — the same event.
_RECORDED = re.compile(r"论坛公示（[^）]*）记录的")


def same_recorder(full: str, minimal: str) -> str:
    """``minimal``'s tally with 论坛公示（…）记录的 written the full side's way (游戏文件记录的)
    on each line that is then the same as one of the full side's."""
    said = set(full.splitlines())
    lines = minimal.splitlines(keepends=True)
    for i, line in enumerate(lines):
        plain = _RECORDED.sub("游戏文件记录的", line)
        if plain != line and plain.rstrip("\r\n") in said:
            lines[i] = plain
    return "".join(lines)


def unnamed_phases(full: Path) -> set[tuple[str, str]]:
    """The (day, 环节) the full game file leaves unnamed: the writers' convention names a 环节
    only when they chose to (tests/games/discovery/README.md), so the full side can only say
    环节N where discovery reads the name its vote thread's title gives it."""
    doc = tomllib.loads(full.read_text(encoding="utf-8"))
    return {
        (str(d["number"]), str(ph["number"]))
        for d in doc.get("day", [])
        for ph in d.get("phase", [])
        if not ph.get("name")
    }


def same_phase_names(unnamed: set[tuple[str, str]], minimal: str) -> str:
    """``minimal``'s activity with each 环节 the full file leaves unnamed written the full
    side's way (环节N); a 环节 the full file names is compared by its name."""
    lines = minimal.splitlines(keepends=True)
    for i, line in enumerate(lines[1:], 1):
        cells = line.rstrip("\r\n").split(",")
        if len(cells) > 3 and (cells[1], cells[2]) in unnamed:
            end = line[len(line.rstrip("\r\n")) :]
            lines[i] = ",".join([*cells[:-1], f"环节{cells[2]}"]) + end
    return "".join(lines)


def _outputs(game: Path, reports: Path) -> dict[str, str]:
    result = run_audit(game, reports=reports)
    if result.report is None:
        return {name: f"<no report: {result.problems}>" for name in COMPARED}
    return {name: (result.report / name).read_text(encoding="utf-8") for name in COMPARED}


def blank_notice_times(full: str, minimal: str) -> str:
    """``minimal``'s findings with the 公示 time of each line the full side explains as
    没有晚于出局时间的公示 written the full side's way; every other time is compared."""
    unnamed = {_ANNOUNCED.sub("", line) for line in full.splitlines() if _NO_NOTICE in line}
    lines = minimal.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if _ANNOUNCED.search(line) and _ANNOUNCED.sub("", line.rstrip("\r\n")) in unnamed:
            lines[i] = _ANNOUNCED.sub(_NO_NOTICE, line)
    return "".join(lines)


def night_files(folder: Path, cutoff: datetime, work: Path) -> tuple[Path, Path]:
    """The night's pages (under ``work``) and its two game files: (full cut to what the
    director had stated by ``cutoff``, minimal), both reading those pages."""
    script = at_snapshot(
        load_script(folder / "script.toml"), Snapshot(cutoff, "", [], [], False, {})
    )
    pages = work / "pages"
    write_site(script, pages)
    tids = set(script.threads)
    full = work / "full.toml"
    full.write_text(
        _cut_full((folder / "game.toml").read_text(encoding="utf-8"), cutoff, tids), "utf-8"
    )
    # In a folder of its own: its default store beside full.sqlite would be refused as a
    # renamed copy of the same game (auditor/store/siblings.py).
    minimal = work / "minimal" / "minimal.toml"
    minimal.parent.mkdir(exist_ok=True)
    text = (folder / "minimal.toml").read_text(encoding="utf-8")
    minimal.write_text(re.sub(r'(?m)^pages = "[^"]*"', 'pages = "../pages/"', text), "utf-8")
    return full, minimal


def compare_night(folder: Path, cutoff: datetime, work: Path) -> dict[str, tuple[str, str]]:
    """{csv name: (full, minimal)} for every CSV that differs on this night."""
    full, minimal = night_files(folder, cutoff, work)
    want = _outputs(full, work / "r-full")
    got = _outputs(minimal, work / "r-min")
    got["findings.csv"] = blank_notice_times(want["findings.csv"], got["findings.csv"])
    got["tally.csv"] = same_recorder(want["tally.csv"], got["tally.csv"])
    got["activity.csv"] = same_phase_names(unnamed_phases(full), got["activity.csv"])
    return {n: (want[n], got[n]) for n in COMPARED if want[n] != got[n]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("games", nargs="*", type=Path)
    ap.add_argument("--diff", action="store_true")
    ap.add_argument("--lines", type=int, default=12, help="differing lines shown per CSV")
    ap.add_argument("--night", type=int, action="append", help="only these nights (1-based)")
    args = ap.parse_args(argv)
    games = args.games or [
        p
        for folder in (GAMES, OWN_GAMES)
        for p in sorted(folder.iterdir())
        if (p / "nights.toml").exists()
    ]
    same = total = 0
    for folder in games:
        nights = tomllib.loads((folder / "nights.toml").read_text(encoding="utf-8"))["nights"]
        for i, cutoff in enumerate(nights, 1):
            if args.night and i not in args.night:
                continue
            with tempfile.TemporaryDirectory() as tmp:
                diffs = compare_night(folder, cutoff, Path(tmp))
            total += 1
            same += not diffs
            print(f"{folder.name} night {i}: " + ("same" if not diffs else ", ".join(diffs)))
            if args.diff:
                for name, (want, got) in diffs.items():
                    lines = difflib.unified_diff(
                        want.splitlines(),
                        got.splitlines(),
                        f"full {name}",
                        "minimal",
                        lineterm="",
                        n=0,
                    )
                    for line in list(lines)[: args.lines]:
                        print("    " + line)
    print(f"nights the same: {same}/{total}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
