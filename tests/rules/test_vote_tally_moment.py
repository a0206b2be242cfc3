"""A 票型 at a moment counts the ballots standing at that moment (session 38, director's
report): ``auditor post tally --dry-run --now T`` titled 截至 T listed votes posted after T.
Later votes are not in it, and a change posted after T leaves the earlier vote standing
(as ``auditor votes --now`` and ``auditor status --now`` judge it: the posts by then)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from auditor.cli import app

runner = CliRunner()


def _draft(game: Path, when: str) -> str:
    res = runner.invoke(app, ["post", str(game), "tally", "--dry-run", "--now", when])
    assert res.exit_code == 0, res.output
    return res.output.split("----- 草稿 -----")[1]


def test_later_votes_are_not_in_a_tally_at_a_moment(sample_game: Path) -> None:
    # the sample's day 1: 汤圆 votes at 20:15, 包子 at 22:00 (the close)
    text = _draft(sample_game, "2026-11-21 20:00")
    assert "截至 20:00" in text
    assert "20:15" not in text and "22:00" not in text
    assert "油条：2 票（饺子 #2 13:05、馄饨 #3 14:20）" in text
    later = _draft(sample_game, "2026-11-21 21:59")
    assert "汤圆 #7 20:15" in later


def test_a_change_after_the_moment_leaves_the_earlier_vote_standing(sample_game: Path) -> None:
    # the sample's day 2: 饺子 votes 烧卖 (#2), then changes at 17:20 (#7)
    before = _draft(sample_game, "2026-11-23 17:00")
    assert "饺子 #2" in before and "#7" not in before and "改票" not in before
    after = _draft(sample_game, "2026-11-23 20:30")
    assert "饺子 #7 17:20 改票" in after and "烧卖 #2" not in after
