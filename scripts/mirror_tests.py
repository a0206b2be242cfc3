"""Where each test file lives: ``tests/`` mirrors ``auditor/`` (issue 33, item 4).

    python scripts/mirror_tests.py tests/test_new_thing.py   # the folder it belongs in
    python scripts/mirror_tests.py --check                   # test files left at tests/ (exit 1)
    python scripts/mirror_tests.py --apply                   # move them there (git mv) and fix
                                                             # what names their old place

A test file goes by :data:`TABLE` (every file placed so far), else by :func:`folder_for`:
real-page tests (module-level ``pytestmark`` on the Discuz! captures, or a ``test_parse_``
file) to ``real_pages/``, whole-game tests (``test_*_games.py``) to ``whole_games/``, else
by the name's first word (:data:`PREFIXES`), else by the ``auditor`` package it imports
most.  ``--apply`` then rewrites the imports ``from tests.test_x import`` and the paths
``tests/test_x.py`` of every placed file in the tests' code, the docs, READMEs,
benchmarks, scripts and settings (:func:`_places`: nothing under ``auditor/``, no data
set), and in the moved files the paths computed from ``__file__`` (to :mod:`tests.paths`).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"

#: The folders and what they hold (tests/README.md shows the same).
FOLDERS = {
    "store": "auditor/store: the SQLite file, migrations, check state, faults",
    "rules": "auditor/rules: engine, rules and their cases, matcher, lexicons, vote book",
    "forum": "auditor/forum: crawlers over loopback HTTP and saved folders, fetch",
    "real_pages": "parsers and page readers on the real Discuz! captures (../shared/discuz)",
    "game": "auditor/game: game file, discovery, announcements, confirmations",
    "report": "auditor/report: records, HTML, tables, workbook, report folders",
    "desk": "auditor/desk: the director's web desk (HTTP and browser)",
    "cli": "auditor/cli: commands through typer's runner and subprocesses",
    "ledger": "auditor/ledger: decisions, signing, policy, the ledger",
    "pipeline": "auditor/pipeline.py: a night's audit, its cost",
    "posting": "auditor/posting.py and report/parts: drafts, sending, post size",
    "core": "auditor's top-level modules: files, visible characters, classcode",
    "whole_games": "whole games and the sample, start to end (tests/games data)",
    "project": "the repository: imports, layers, ratchet, benchmarks' generator",
}

#: Every test file placed so far: name -> folder.
TABLE = {
    **dict.fromkeys(
        [
            "test_store",
            "test_store_damage",
            "test_store_disk_full",
            "test_store_faults",
            "test_store_identity",
            "test_store_interrupt",
            "test_unchecked_posts",
            "test_check_state",
            "test_run_lock",
            "test_crash_consistency",
        ],
        "store",
    ),
    **dict.fromkeys(
        [
            "test_engine",
            "test_engine_notices",
            "test_engine_versions",
            "test_rule_cases",
            "test_rule_docs",
            "test_rules_records",
            "test_ruleset",
            "test_citations",
            "test_own_citation",
            "test_matcher",
            "test_matcher_cache",
            "test_matcher_generalise",
            "test_matcher_phrasings",
            "test_lexicon",
            "test_masked_cache",
            "test_masked_prepare",
            "test_automaton_wide",
            "test_censor_evasion",
            "test_substitutes",
            "test_fillertext",
            "test_phrases",
            "test_colors",
            "test_hanzi",
            "test_votes",
            "test_votebook_live",
            "test_vote_reader",
            "test_vote_timing",
            "test_vote_sets",
            "test_free_votes",
            "test_incremental",
            "test_pending_records",
            "test_activity",
            "test_check_memory",
            "test_post_outside",
        ],
        "rules",
    ),
    **dict.fromkeys(
        [
            "test_crawl",
            "test_crawl_api_floors",
            "test_crawl_integrity",
            "test_crawl_parallel",
            "test_crawl_saved_folder",
            "test_fetch",
            "test_avatars",
            "test_hostile_forum",
            "test_nightly_requests",
            "test_interrupt_and_404",
            "test_deep_pages",
            "test_flat_rerun",
            "test_cookie_secrets",
            "test_incomplete_crawl",
            "test_profiles",
        ],
        "forum",
    ),
    **dict.fromkeys(
        [
            "test_parse_api_and_helper",
            "test_parse_edge",
            "test_parse_errors",
            "test_parse_manifest",
            "test_parse_times",
            "test_markup_discuz",
            "test_redact",
            "test_board",
        ],
        "real_pages",
    ),
    **dict.fromkeys(
        [
            "test_gamefile",
            "test_gamefile_hostile",
            "test_announce",
            "test_confirm_delay",
            "test_confirm_proposals",
            "test_discover_autonomy",
            "test_discover_game",
            "test_discover_grammar",
            "test_discover_patterns",
            "test_discover_rulesets",
        ],
        "game",
    ),
    **dict.fromkeys(
        [
            "test_report",
            "test_report_browser",
            "test_report_elevator",
            "test_report_folder",
            "test_report_race",
            "test_report_records",
            "test_report_tables",
            "test_workbook",
            "test_bbcode_hostile",
            "test_template_cache",
            "test_control_chars",
            "test_report_chart_browser",
            "test_report_drafts",
        ],
        "report",
    ),
    **dict.fromkeys(
        [
            "test_desk",
            "test_desk_audit",
            "test_desk_autonomy",
            "test_desk_browser",
            "test_desk_delay",
            "test_desk_post",
            "test_desk_proposals",
            "test_desk_queue",
            "test_desk_queue_browser",
            "test_desk_revocation",
            "test_desk_session",
            "test_desk_correct_browser",
        ],
        "desk",
    ),
    **dict.fromkeys(
        [
            "test_cli",
            "test_cli_errors",
            "test_stored_views",
            "test_coldstart",
            "test_fast_exit",
            "test_report_commands",
        ],
        "cli",
    ),
    **dict.fromkeys(
        [
            "test_ledger",
            "test_ledger_cli",
            "test_ledger_merge",
            "test_decisions",
            "test_decision_signing",
            "test_policy",
        ],
        "ledger",
    ),
    **dict.fromkeys(["test_pipeline", "test_nightly_cost", "test_incremental_10k"], "pipeline"),
    **dict.fromkeys(["test_post_drafts", "test_post_send", "test_post_size"], "posting"),
    **dict.fromkeys(
        ["test_atomic_writes", "test_visible_chars", "test_classcode", "test_learned"], "core"
    ),
    **dict.fromkeys(
        ["test_vote_games", "test_discovery_games", "test_sample_checks"], "whole_games"
    ),
    **dict.fromkeys(
        ["test_imports", "test_layering", "test_ratchet", "test_generate", "test_writer"], "project"
    ),
}

#: A new file's folder by the first word of its name (``test_crawl_x`` -> forum).
PREFIXES = {
    "store": "store",
    "engine": "rules",
    "rule": "rules",
    "rules": "rules",
    "matcher": "rules",
    "masked": "rules",
    "lexicon": "rules",
    "phrase": "rules",
    "phrases": "rules",
    "vote": "rules",
    "votes": "rules",
    "votebook": "rules",
    "crawl": "forum",
    "fetch": "forum",
    "parse": "real_pages",
    "gamefile": "game",
    "discover": "game",
    "confirm": "game",
    "announce": "game",
    "report": "report",
    "workbook": "report",
    "desk": "desk",
    "cli": "cli",
    "ledger": "ledger",
    "decision": "ledger",
    "decisions": "ledger",
    "post": "posting",
    "pipeline": "pipeline",
    "nightly": "pipeline",
}

_REAL_PAGES = re.compile(r"^pytestmark\b.*discuz", re.M)
_IMPORTED = re.compile(r"^\s*(?:from|import) auditor\.(\w+)", re.M)


def folder_for(path: Path) -> str:
    """The folder of a test file (``path``: where it is now)."""
    name = path.stem
    if name in TABLE:
        return TABLE[name]
    text = path.read_text("utf-8") if path.is_file() else ""
    if name.endswith("_games"):
        return "whole_games"
    if _REAL_PAGES.search(text) or name.startswith("test_parse_"):
        return "real_pages"
    first = name.removeprefix("test_").split("_")[0]
    if first in PREFIXES:
        return PREFIXES[first]
    packages = Counter(m for m in _IMPORTED.findall(text) if m in FOLDERS)
    if packages:
        return packages.most_common(1)[0][0]
    return "core"


def unplaced() -> list[Path]:
    """The test files still at ``tests/`` itself."""
    return sorted(TESTS.glob("test_*.py"))


# Paths computed from __file__ in a file one folder deeper than before.
_FILE_PATHS = [
    (r"Path\(__file__\)\.resolve\(\)\.parents\[1\]\.parent", "paths.ROOT.parent"),
    (r"Path\(__file__\)\.resolve\(\)\.parents\[2\]", "paths.ROOT.parent"),
    (r"Path\(__file__\)\.resolve\(\)\.parents\[1\]", "paths.ROOT"),
    (r"Path\(__file__\)\.resolve\(\)\.parent\.parent", "paths.ROOT"),
    (r"Path\(__file__\)\.resolve\(\)\.parent", "paths.TESTS"),
    (r"Path\(__file__\)\.parent", "paths.TESTS"),
]


def _fix_file_paths(path: Path) -> None:
    text = path.read_text("utf-8")
    new = text
    for pattern, repl in _FILE_PATHS:
        new = re.sub(pattern, repl, new)
    if new == text:
        return
    if "from tests import paths" not in new:
        # after the module's docstring and ``from __future__``; ruff sorts it in place
        at = new.find("from __future__ import annotations\n")
        if at < 0:
            raise SystemExit(
                f"{path}: no 'from __future__ import annotations' to add the import after"
            )
        at += len("from __future__ import annotations\n")
        new = new[:at] + "\nfrom tests import paths\n" + new[at:]
    path.write_text(new, "utf-8")


def _placed() -> dict[str, str]:
    """Every test file in a folder: name -> folder."""
    return {p.stem: p.parent.name for p in TESTS.glob("*/test_*.py")}


def _places() -> list[Path]:
    """Where a test file is named: the tests' code and README, the repository's docs,
    benchmarks, scripts and settings.  Not auditor/ (its comments are their owners'), not
    CHANGELOG.md (history), not the data sets (votes, phrases, discovery, devset*, games:
    records of how they were made, and the blind sets are not to be read)."""
    return [
        *TESTS.glob("*.py"),
        *(p for folder in FOLDERS for p in (TESTS / folder).glob("*.py")),
        *(TESTS / "rules").glob("*.toml"),
        TESTS / "README.md",
        *(ROOT / "docs").glob("*.md"),
        ROOT / "README.md",
        ROOT / "auditor" / "lexicons" / "README.md",
        ROOT / "examples" / "README.md",
        *(ROOT / "benchmarks").glob("*.py"),
        *(ROOT / "scripts").glob("*.py"),
        ROOT / "pyproject.toml",
        ROOT / ".ci" / "run",
    ]


def _rewrite_references() -> None:
    """``tests.test_x`` and ``tests/test_x.py`` of each test file in a folder."""
    placed = _placed()
    names = "|".join(sorted(placed, key=len, reverse=True))
    module = re.compile(rf"\btests\.({names})\b")
    path = re.compile(rf"\btests/({names})\.py\b")
    for place in _places():
        if not place.is_file() or place == Path(__file__).resolve():
            continue
        text = place.read_text("utf-8")
        new = module.sub(lambda m: f"tests.{placed[m[1]]}.{m[1]}", text)
        new = path.sub(lambda m: f"tests/{placed[m[1]]}/{m[1]}.py", new)
        if new != text:
            place.write_text(new, "utf-8")


def apply() -> int:
    moved = 0
    for path in unplaced():
        folder = folder_for(path)
        (TESTS / folder).mkdir(exist_ok=True)
        target = TESTS / folder / path.name
        subprocess.run(["git", "mv", str(path), str(target)], check=True, cwd=ROOT)
        _fix_file_paths(target)
        moved += 1
        print(f"{path.relative_to(ROOT)} -> {target.relative_to(ROOT)}")
    _rewrite_references()
    if moved:
        print("now: ruff check --fix tests && ruff format tests, and count the collected tests")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="test files to place")
    parser.add_argument("--check", action="store_true", help="fail if a test file is unplaced")
    parser.add_argument("--apply", action="store_true", help="move the unplaced test files")
    args = parser.parse_args(argv)
    if args.apply:
        return apply()
    if args.check:
        left = unplaced()
        for path in left:
            print(f"{path.relative_to(ROOT)}: belongs in tests/{folder_for(path)}/")
        return 1 if left else 0
    for path in args.files:
        print(f"{path}: tests/{folder_for(path)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
