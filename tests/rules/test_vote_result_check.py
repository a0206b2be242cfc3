"""The tally and the director's result are always compared (session 40, a director's report:
on day 2 every ballot was void — 缺少“投票理由：” — the tool showed 没有有效票 and still took
「出局：X，投票」 from his 「X 3.5 票」 post without a word).  When a day's vote-out, in the game
file or discovered from the result post, disagrees with the tally — another player on top, a
tie the result does not settle as the seed says, no valid ballot at all — the audit asks the
director with both sides: what the tally says, what the result post says, its link.  An
agreeing result, and a tie the sheriff's vote settles as the seed says (M107 流程 4, 030), ask
nothing."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.rules.test_votes import KILLBAR_DAY, SHERIFF_饺子, at, book_of, kb, vote


def _out(player: str, when: str = "2026-11-21T22:00:00+08:00") -> str:
    return f"""
[[event]]
type = "eliminated"
player = "{player}"
at = {when}
how = "vote"
"""


def _day2(*ballots: tuple[str, str]) -> list[dict[str, Any]]:
    return [vote(a, 2, at(2, 10, i), t) for i, (a, t) in enumerate(ballots)]


def test_another_player_on_top_is_asked(tmp_path: Path) -> None:
    posts = _day2(("饺子", "包子"), ("馄饨", "包子"), ("豆浆", "油条"))
    book = book_of(tmp_path, "m39", _out("油条"), posts)
    (question,) = book.conflicts
    assert "第2天" in question and "投票出局为 油条" in question
    assert "计票结果为 包子" in question and "包子 最高票（2 票）出局" in question


def test_an_agreeing_result_asks_nothing(tmp_path: Path) -> None:
    posts = _day2(("饺子", "包子"), ("馄饨", "包子"), ("豆浆", "油条"))
    assert not book_of(tmp_path, "m39", _out("包子"), posts).conflicts


def test_a_tie_the_result_does_not_settle_is_asked(tmp_path: Path) -> None:
    # M39: a tie sends nobody out; the result names one of the tied
    posts = _day2(("饺子", "包子"), ("馄饨", "包子"), ("豆浆", "油条"), ("烧卖", "油条"))
    book = book_of(tmp_path, "m39", _out("包子"), posts)
    (question,) = book.conflicts
    assert "平票" in question and "计票结果为 无人出局" in question


def test_a_tie_settled_by_the_sheriffs_vote_as_the_seed_says_asks_nothing(tmp_path: Path) -> None:
    # 030: the sheriff's vote counts two; 包子 2 (the sheriff's) vs 油条 2 → 包子 is out
    posts = _day2(("饺子", "包子"), ("馄饨", "油条"), ("豆浆", "油条"))
    book = book_of(tmp_path, "rabbit030", SHERIFF_饺子 + _out("包子"), posts)
    assert not book.conflicts
    other = book_of(tmp_path / "b", "rabbit030", SHERIFF_饺子 + _out("油条"), posts)
    (question,) = other.conflicts
    assert "投票出局为 油条" in question and "计票结果为 包子" in question


def test_no_valid_ballot_and_a_vote_out_is_asked(tmp_path: Path) -> None:
    """Every ballot void (no 投票理由 under M107): the result cannot come from the tally."""
    posts = [
        {"author": a, "tid": 22, "at": at(2, 10, i), "message": f"投票对象：{t}"}
        for i, (a, t) in enumerate([("饺子", "包子"), ("馄饨", "包子"), ("豆浆", "包子")])
    ]
    book = book_of(tmp_path, "m107", _out("包子"), posts)
    assert book.days[2].rounds[0].counts == {}
    (question,) = book.conflicts
    assert "没有有效票" in question and "计票结果为 无人出局" in question
    # twin: the same void ballots and no vote-out recorded — nothing to ask
    assert not book_of(tmp_path / "b", "m107", "", posts).conflicts


def test_no_ballot_at_all_no_tally_to_compare(tmp_path: Path) -> None:
    """A day with no ballot read at all (no vote thread listed, or nothing posted in it) has
    no tally to compare: nothing disagrees."""
    frag = '[[thread]]\ntid = 22\nkind = "discussion"\nday = 2\n' + _out("包子")
    assert not book_of(tmp_path, "m39", frag, []).conflicts
    assert not book_of(tmp_path / "b", "m39", _out("包子"), []).conflicts


def test_killbar_a_result_against_the_rounds_is_asked(tmp_path: Path) -> None:
    """版杀7: the day's last round decides; a vote-out recorded against it is asked, and the
    day's other rounds (suspects) are never compared on their own."""
    r1 = [
        kb(a, 12, at(1, 10, i), "油条")
        for i, a in enumerate(["饺子", "包子", "馄饨", "豆浆", "烧卖"])
    ]
    agree = book_of(
        tmp_path / "a", "killbar7", KILLBAR_DAY + _out("油条", "2026-11-20T23:59:59+08:00"), r1
    )
    assert [r.outcome for r in agree.days[1].rounds] == [{"油条": "eliminated"}]
    assert not agree.conflicts
    other = book_of(
        tmp_path / "b", "killbar7", KILLBAR_DAY + _out("烧卖", "2026-11-20T23:59:59+08:00"), r1
    )
    (question,) = other.conflicts
    assert "投票出局为 烧卖" in question and "计票结果为 油条" in question


def test_a_discovered_result_against_void_ballots_shows_the_post_and_its_link(
    tmp_path: Path,
) -> None:
    """The director's case: a game that discovers its events; day 2's ballots all lack
    投票理由 (M39: void), the result post says 黄瓜 7 票，黄瓜出局 — the notice has both sides
    and the post's link.  Twin: the ballots as written agree with the post, nothing asked."""
    from auditor.pipeline import audit as run_audit
    from tests.game.test_discover_rulesets import m39
    from tools.writer import parse_script, write_site

    def notices(void: bool, where: Path) -> list[str]:
        g = m39()
        vote2 = next(t for t in g.threads if t["subject"] == "[M39] 第二天投票帖")
        if void:
            for p in vote2["post"]:  # type: ignore[union-attr]
                p["message"] = str(p["message"]).replace("\n投票理由：感觉不对", "")
        pages = where / "pages"
        write_site(parse_script(g.script()), pages)
        _full, minimal = g.files(where, f'pages = "{pages.as_posix()}"')
        return run_audit(minimal, reports=where / "r").notices

    said = [n for n in notices(True, tmp_path / "void") if n.startswith("第2天")]
    assert len(said) == 1, said
    assert "论坛公示（第 " in said[0] and "投票出局为 黄瓜" in said[0]
    assert not re.search(r"pid ?\d", said[0]), said[0]
    assert "没有有效票" in said[0] and "「黄瓜 7 票，黄瓜出局。」" in said[0]
    # the link, or its 楼 when the game has no forum address (a director never sees an id)
    assert re.search(r"黄瓜出局。」（(?:第 \d+ 楼|http\S+goto=findpost\S+)）", said[0])
    assert not [n for n in notices(False, tmp_path / "ok") if n.startswith("第2天")]


def test_a_post_is_shown_by_its_link_or_its_floor_never_an_id() -> None:
    from auditor.rules.votebook.model import post_where

    def post_link(base: str | None, tid: int, pid: int, floor: int | None = None) -> str:
        return post_where(base, tid, pid, floor)

    base = "https://bbs.example.com/"
    assert post_link(base, 12, 345, 7).startswith(base + "forum.php?mod=redirect")
    for off in ("file:///tmp/pages/", None):
        shown = post_link(off, 12, 345, 7)
        assert shown == "第 7 楼" and "345" not in shown and "12" not in shown
        assert "345" not in post_link(off, 12, 345)  # not crawled: said so, still no id


def test_a_question_quotes_a_post_on_one_line_cut_at_sixty() -> None:
    from auditor.rules.votebook.model import SHORT, short

    assert short("投票：\n  春卷") == "投票： 春卷"
    cut = short("票" * (SHORT + 5))
    assert cut == "票" * SHORT + "…"


def test_a_tally_outcome_beside_an_unread_result_post_points_at_it(tmp_path: Path) -> None:
    """fh42 item 2: the director's result post naming the player voted out is unread (listed
    未读懂) — the notice never says he announced no one (投票出局为 无); it says the tally's
    outcome is not yet matched to a post and points at the unread posts."""
    from auditor.pipeline import audit as run_audit
    from tests.game.test_discover_rulesets import m39
    from tools.writer import parse_script, write_site

    g = m39()
    for t in g.threads:
        for p in t["post"]:  # type: ignore[union-attr]
            p["message"] = str(p["message"]).replace(
                "黄瓜 7 票，黄瓜出局。", "黄瓜，这次轮到你了，保重。"
            )
    pages = tmp_path / "pages"
    write_site(parse_script(g.script()), pages)
    _full, minimal = g.files(tmp_path, f'pages = "{pages.as_posix()}"')
    said = [n for n in run_audit(minimal, reports=tmp_path / "r").notices if n.startswith("第2天")]
    assert said, said
    assert not [n for n in said if "投票出局为 无" in n or "没有公示" in n], said
    assert [n for n in said if "未读懂" in n and "还没有和导演的公示帖对上" in n], said


def test_a_proposal_waits_on_the_days_unread_posts_as_the_tally_does(tmp_path: Path) -> None:
    """Session 43: the proposal of a tally outcome no announcement confirms asks what the
    tally's notice asks (one check, tally.unread_before_result) — the day's unread director
    post comes first, even one that does not name the player — never 「导演没有公示这个出局」."""
    from auditor.pipeline import audit as run_audit
    from tests.game.test_discover_rulesets import m39
    from tools.writer import parse_script, write_site

    g = m39()
    for t in g.threads:
        for p in t["post"]:  # type: ignore[union-attr]
            p["message"] = str(p["message"]).replace(
                "黄瓜 7 票，黄瓜出局。", "今天的结果：这位朋友出局了，保重。"
            )
    pages = tmp_path / "pages"
    write_site(parse_script(g.script()), pages)
    _full, minimal = g.files(tmp_path, f'pages = "{pages.as_posix()}"')
    result = run_audit(minimal, reports=tmp_path / "r")
    (proposal,) = [p for p in result.proposals if p.startswith("第2天")]
    assert "没有公示" not in proposal, proposal
    assert "还没有和导演的公示帖对上" in proposal and "请先处理这些帖子" in proposal, proposal
    assert "在游戏文件里补上出局" in proposal and "[[" not in proposal, proposal
    said = [n for n in result.notices if n.startswith("第2天")]
    assert [n for n in said if "还没有和导演的公示帖对上" in n], said
