"""Field bugs in the vote book found by a crawl of a live Discuz! X3.5 game."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from auditor.models import Post, PostVersion
from auditor.rules.engine import build_context, ruleset_for, run_rules
from auditor.rules.votebook import votes_for
from tests.rules.test_rule_cases import build_case
from tests.rules.test_votes import at, vote


def _versions(*posts_seen: tuple[Post, datetime]) -> dict[int, list[PostVersion]]:
    """The context's versions of one post: the given (post, seen_at) versions, oldest first."""
    rows = [
        PostVersion(i, seen.astimezone(ZoneInfo("UTC")).isoformat(), p)
        for i, (p, seen) in enumerate(posts_seen, 1)
    ]
    (pid,) = {p.pid for p, _ in posts_seen}
    assert pid is not None
    return {pid: rows}


def test_target_edited_after_the_close_with_every_version_fetched_after_it(
    tmp_path: Path,
) -> None:
    """饺子 votes 包子 at 10:00 and edits the post to 馄饨 at 22:30, after the 22:00 close.
    The first crawl ran at 22:10 (after the close: the original, no edit notice), the
    next at 22:40 (馄饨, "本帖最后由 饺子 于 …22:30 编辑").  The original counts, and
    VOTE-EDIT must tell the director the target was edited (the version the tally uses
    is the first stored one: comparing it with itself found nothing)."""
    posts = [vote("饺子", 1, at(1, 10), "馄饨", pid=1201, edited_at=at(1, 22, 30))]
    built = build_case(tmp_path, "m107", "", posts)
    try:
        rs = ruleset_for(built.game)
        ctx = build_context(built.game, built.store, now=built.now, ruleset=rs)
        current = next(gp.post for gp in ctx.posts if gp.post.pid == 1201)
        assert current.edited and "22:30" in current.edited
        original = replace(
            current,
            text="投票对象：包子 投票理由：包子好吃",
            lines=("投票对象：包子", "投票理由：包子好吃"),
            edited=None,  # no notice yet when first fetched
        )
        ctx.versions = _versions((original, at(1, 22, 10)), (current, at(1, 22, 40)))
        book = votes_for(ctx)
        findings = run_rules(ctx, rs, codes=["VOTE-EDIT"])
    finally:
        built.store.close()
    (b,) = book.days[1].ballots
    assert b.target == "包子" and b.valid  # the vote as first stored counts
    assert "包子" in b.edited_target and "馄饨" in b.edited_target
    assert [(f.code, f.player, f.key) for f in findings] == [("VOTE-EDIT", "饺子", "edited_target")]
    assert book.days[1].rounds[0].counts == {"包子": 1.0}
