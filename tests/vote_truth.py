"""Compare a writer game's vote truth (tests/games/votes/*/truth.json) with what the audit reads.

Used by tests/whole_games/test_vote_games.py and runnable alone to see every difference:

    python3 tests/vote_truth.py tests/games/votes/killbar7_free

A truth may give ``now`` (ISO time): the game is checked at that moment, as its director
audited it on a night (tests/games/discovery_fh43/hinamizawa: his night-2 pages, day 3 open).
Each truth round's outcome and its weighted counts (弃权 apart) are compared.  With
``problems`` (``--problems``), a void ballot's problem too, where the truth's tag names one
the vote book has (:data:`PROBLEMS`): a last-hour change is 「关门前一小时内改票」, never
「投票截止后发帖」, where the 环节's close is known (fh46b item 3).
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def read_game(
    folder: Path, now: datetime | None = None
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(ballots, tally rows) as `auditor votes --format json` and `--tally` give them, from a
    copy of the game folder (crawl and check through the API, a real SQLite store), checked at
    ``now`` (default: the clock)."""
    from auditor.forum.crawl import crawl
    from auditor.game.gamefile import load_game
    from auditor.rules.engine import check
    from auditor.rules.votebook.book import votes_for
    from auditor.store import Store

    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp) / folder.name
        shutil.copytree(folder, work)
        game = load_game(work / "game.toml")
        with Store(game.store) as store:
            assert crawl(game, store).ok
            result = check(game, store, now=now)
        assert result.context is not None
        book = votes_for(result.context)
        ballots = [
            {
                "pid": b.gp.post.pid,
                "day": b.day,
                "round": b.round or 1,
                "voter": b.voter,
                "target": b.target,
                "valid": b.valid,
                "problem": b.problem,
            }
            for b in book.ballots
        ]
        return ballots, book.tally_records()


def outcome_of(rows: list[dict[str, Any]], day: int, rnd: int) -> str:
    """The truth's outcome words for one round, from the tally rows."""
    mine = [r for r in rows if r["day"] == day and (r.get("round") or 1) == rnd]
    out = sorted(r["target"] for r in mine if r.get("outcome") == "eliminated")
    if out:
        return "eliminated " + ",".join(out)
    sheriff = sorted(r["target"] for r in mine if r.get("outcome") == "sheriff_elected")
    if sheriff:
        return "sheriff " + ",".join(sheriff)
    sus = sorted(r["target"] for r in mine if r.get("outcome") == "suspect")
    if sus:
        return "suspects " + ",".join(sus)
    return "other"


def truth_outcome(text: str) -> str:
    """The truth's outcome in the same words (names sorted; a tie's arrow dropped)."""
    head, _, names = text.partition(" ")
    if head in ("eliminated", "sheriff", "suspects"):
        return head + " " + ",".join(sorted(names.split(",")))
    return "other"


# The truth's problem tags (tests/games/votes/README.md) and the vote book's problem codes
# (auditor.rules.votebook.model.PROBLEM_TEXT) where one tag means one code.
PROBLEMS = {
    "last_hour_change": "late_change",
    "second_change": "second_change",
    "late": "after_close",
    "accelerated_change": "accelerated_change",
    "change_without_quote": "unquoted_change",
    "proxy_late": "proxy_late",
    "format": "format",
}


def differences(folder: Path, problems: bool = False) -> list[str]:
    truth = json.loads((folder / "truth.json").read_text(encoding="utf-8"))
    # a game read as its director audited it on a night (its pages rendered then): truth's now
    now = datetime.fromisoformat(truth["now"]) if truth.get("now") else None
    ballots, rows = read_game(folder, now)
    by_pid = {b["pid"]: b for b in ballots}
    out = []
    for t in truth["ballots"]:
        got = by_pid.pop(t["pid"], None)
        if got is None:
            out.append(f"pid {t['pid']} {t['voter']}→{t['target']}: not read as a vote post")
            continue
        target = t["target"]
        if got["voter"] != t["voter"]:
            out.append(f"pid {t['pid']}: voter {got['voter']} (truth {t['voter']})")
        if t["valid"] and got["target"] != target:  # a void vote's target is not read
            out.append(f"pid {t['pid']} {t['voter']}: target {got['target']} (truth {target})")
        if bool(got["valid"]) != bool(t["valid"]):
            out.append(
                f"pid {t['pid']} {t['voter']}→{target}: valid {got['valid']} {got['problem']!r}"
                f" (truth {t['valid']} {t['problem']!r})"
            )
        elif (
            problems
            and not t["valid"]
            and PROBLEMS.get(t["problem"], got["problem"]) != got["problem"]
        ):
            out.append(
                f"pid {t['pid']} {t['voter']}: problem {got['problem']!r}"
                f" (truth {t['problem']!r}: {PROBLEMS[t['problem']]!r})"
            )
    for pid, b in sorted(by_pid.items()):
        out.append(f"pid {pid} {b['voter']}→{b['target']}: read as a vote post, truth has none")
    for r in truth["rounds"]:
        want = truth_outcome(r["outcome"])
        got = outcome_of(rows, r["day"], r["round"])
        if want != got:
            out.append(f"day {r['day']} round {r['round']}: {got} (truth {r['outcome']})")
        tally, counted = counts_of(rows, r["day"], r["round"]), _counts(r["counts"])
        if tally != counted:
            out.append(f"day {r['day']} round {r['round']}: counts {tally} (truth {counted})")
    return out


def counts_of(rows: list[dict[str, Any]], day: int, rnd: int) -> dict[str, float]:
    """One round's weighted counts from the tally rows (弃权 apart, as the truth gives it)."""
    return _counts(
        {
            r["target"]: r["votes"]
            for r in rows
            if r["day"] == day and (r.get("round") or 1) == rnd and r["target"] != "弃权"
        }
    )


def _counts(counts: dict[str, Any]) -> dict[str, float]:
    return {k: float(v) for k, v in sorted(counts.items()) if float(v)}


if __name__ == "__main__":
    check_problems = "--problems" in sys.argv[1:]
    for arg in (a for a in sys.argv[1:] if a != "--problems"):
        diffs = differences(Path(arg), check_problems)
        print(f"{arg}: {len(diffs)} differences")
        for d in diffs:
            print("  " + d)
